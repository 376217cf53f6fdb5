"""The hint's race (ties go to the move that keeps raindrops, answers independent of what the process
solved before) and the simulation's bookkeeping (processes, the oracle's bound)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from tajkit.cli import main as cli
from tajkit.solver.artisans import report
from tajkit.solver.artisans.search import simulation
from tajkit.solver.artisans.search.endgame import Endgame
from tajkit.solver.artisans.search.engine import EMove, engine_for
from tajkit.solver.artisans.search.hinter import BUDGET_BOXES, ENDINGS, EXACT_BOXES, FIELD, HANDOVER, Hint, Hinter, RankedMove, _equal
from tajkit.solver.artisans.search.rollout import Batch
from tajkit.solver.artisans.rules import EMPTY, Move, Sheet, apply, score
from tajkit.solver.artisans.spec import load_spec

SPEC = load_spec()
DATA = Path(__file__).parent.parent / "data"
ENGINE = engine_for(SPEC)
MID_GAME = Sheet(
    ((2, 4), (0, 0), (2, 0, 6), (6, 5, 0, 0), (2, 2, 0, 0), (2, 3, 0), (5, 0, 0), (6, 6, 6, 0), (4, 3, 2, 1)),
    raindrops_used=6,
    trees_watered=2,
)


def test_moves_worth_the_same_within_the_error_keep_raindrops_first():
    """Scoring: "In a tie, the player with the most unused raindrops wins": of two moves whose
    difference on the same futures is within its error, the cheaper comes first; a move clearly
    better stays first whatever it costs."""
    rng = np.random.default_rng(1)
    common = rng.normal(30, 4, 400)
    noise = rng.normal(0, 1, 400)
    costly = EMove(4, 3, 2, 2, False, 0)
    cheap = EMove(6, 1, 1, 0, False, 0)
    field = [costly, cheap]
    close = {0: [common + 0.02 + noise], 1: [common]}
    assert _equal(close[0], close[1])
    assert Hinter._keep_raindrops_first([0, 1], field, close) == [1, 0]
    apart = {0: [common + 1.0], 1: [common + noise]}
    assert not _equal(apart[0], apart[1])
    assert Hinter._keep_raindrops_first([0, 1], field, apart) == [0, 1]


def test_a_mid_game_hint_does_not_depend_on_what_the_process_solved_before():
    """The exact solver's memo only saves work: the same seed and budget give the same ranking in a
    fresh process (a cold memo) as in one that has played other positions (a warm memo)."""
    assert SPEC.box_count - MID_GAME.filled_boxes() in HANDOVER  # raced, handing over
    warm = Hinter(SPEC)
    warm.rank(Sheet.empty(SPEC), (2, 5), seed=1, futures=3000)
    first = warm.rank(MID_GAME, (3, 5), seed=4, futures=3000)
    warm.endgame.forget()
    cold = Hinter(SPEC).rank(MID_GAME, (3, 5), seed=4, futures=3000)
    again = warm.rank(MID_GAME, (3, 5), seed=4, futures=3000)
    key = [(r.move, r.expected, r.stderr, r.equal_to_best) for r in first.moves]
    assert key == [(r.move, r.expected, r.stderr, r.equal_to_best) for r in cold.moves]
    assert key == [(r.move, r.expected, r.stderr, r.equal_to_best) for r in again.moves]
    assert not first.exact and first.futures > 0


def test_with_as_many_empty_boxes_as_its_reach_the_hint_is_exact():
    """The exact ending's reach: with EXACT_BOXES empty boxes every move's value is the true
    expectation, the first move the best (a fresh solver agrees)."""
    sheet = Sheet(((2, 4), (3, 0)) + MID_GAME.values[2:], MID_GAME.raindrops_used, MID_GAME.trees_watered)
    assert SPEC.box_count - sheet.filled_boxes() == EXACT_BOXES
    hint = Hinter(SPEC).rank(sheet, (3, 5))
    assert hint.exact and hint.futures == 0
    states = ENGINE.pack(sheet)
    moves = ENGINE.moves(states, sheet.raindrops_used, sheet.trees_watered, (3, 5))
    truth = Endgame(ENGINE).moves(states, sheet.raindrops_used, sheet.trees_watered, moves)
    assert hint.moves[0].expected == pytest.approx(max(o.score for o in truth), abs=1e-9)
    assert sorted(r.expected for r in hint.moves) == pytest.approx(sorted(o.score for o in truth), abs=1e-9)


# two positions of a careful game with 12 empty boxes: the rest of the game reaches 10,583 and
# 52,847 endings
SMALL_REST = Sheet(
    ((3, 3), (3, 3), (0, 0, 0), (0, 5, 2, 1), (5, 0, 0, 0), (3, 3, 6), (6, 5, 6), (2, 0, 0, 0), (0, 4, 3, 0)),
    raindrops_used=5,
    trees_watered=4,
)
LARGE_REST = Sheet(
    ((3, 0), (0, 0), (0, 0, 0), (6, 5, 3, 0), (6, 0, 0, 0), (4, 1, 5), (6, 2, 3), (2, 2, 0, 0), (6, 5, 4, 2)),
    raindrops_used=3,
    trees_watered=1,
)


def _moves(sheet: Sheet, roll: tuple[int, int]) -> tuple[list[int], list[EMove]]:
    states = ENGINE.pack(sheet)
    return states, ENGINE.moves(states, sheet.raindrops_used, sheet.trees_watered, roll)


def test_the_endings_count_is_the_work_of_a_cold_solve_and_does_not_depend_on_the_memo():
    states, moves = _moves(SMALL_REST, (6, 4))
    solver = Endgame(ENGINE)
    count = solver.reachable(states, SMALL_REST.trees_watered, moves, ENDINGS)
    solver.moves(states, SMALL_REST.raindrops_used, SMALL_REST.trees_watered, moves)
    with_boxes = [k for k in solver.memo if solver._boxes(np.frombuffer(k, dtype=solver.key_type)[None, :])[0] > 0]
    assert count == len(with_boxes) == 10_583
    assert solver.reachable(states, SMALL_REST.trees_watered, moves, ENDINGS) == count  # warm: the same
    assert solver.reachable(states, SMALL_REST.trees_watered, moves, count - 1) is None
    large_states, large_moves = _moves(LARGE_REST, (4, 5))
    assert solver.reachable(large_states, LARGE_REST.trees_watered, large_moves, ENDINGS) is None


def test_beyond_its_reach_the_hint_is_exact_when_the_rest_of_the_game_is_small():
    """Past EXACT_BOXES, up to BUDGET_BOXES empty boxes, a position whose rest of the game reaches at
    most ENDINGS endings is solved exactly: its first move is the best (a fresh solver agrees),
    whatever the process solved before; a larger one is raced."""
    assert EXACT_BOXES < SPEC.box_count - SMALL_REST.filled_boxes() <= BUDGET_BOXES
    hinter = Hinter(SPEC)
    hinter.rank(LARGE_REST, (4, 5), futures=2000)  # a warm memo
    hint = hinter.rank(SMALL_REST, (6, 4))
    assert hint.exact and hint.futures == 0
    states, moves = _moves(SMALL_REST, (6, 4))
    truth = Endgame(ENGINE).moves(states, SMALL_REST.raindrops_used, SMALL_REST.trees_watered, moves)
    assert hint.moves[0].expected == pytest.approx(max(o.score for o in truth), abs=1e-9)
    assert not Hinter(SPEC).rank(LARGE_REST, (4, 5), futures=2000).exact
    assert not Hinter(SPEC, endings=0).rank(SMALL_REST, (6, 4), futures=2000).exact


def _careful_positions(rng: np.random.Generator, games: int = 40, turns: int = 12):
    """Positions met in play: the careful player's sheets after each of its first ``turns`` turns."""
    batch = Batch(ENGINE)
    states = np.zeros((games, len(ENGINE.tables)), dtype=np.int64)
    used = np.zeros(games, dtype=np.int64)
    trees = np.zeros(games, dtype=np.int64)
    for _ in range(turns):
        feature, _, new_state, paid, water = batch.choose(states, used, trees, rng.integers(1, 7, size=(games, 2)))
        placed = np.flatnonzero(feature >= 0)
        states[placed, feature[placed]] = new_state[placed]
        used += paid
        trees += water
        for g in range(games):
            roll = (int(rng.integers(1, 7)), int(rng.integers(1, 7)))
            yield [int(x) for x in states[g]], int(used[g]), int(trees[g]), roll


def test_a_sheet_whose_open_features_are_all_lost_is_solved_exactly_however_many_boxes_are_empty():
    """16 empty boxes, but every open feature is lost, so only the last dry tree and the raindrops
    matter (Scoring: -1 a dry tree; the tie-break, the most unused raindrops). Raced, the careful
    player's futures sometimes forgot the tree, and the hint paid 6 raindrops to water it now; any
    free move keeps the same certain 0 and more raindrops (found by an adversarial review)."""
    values = ((6, 0), (0, 6), (1, 2, 0), (0, 0, 0, 6), (0, 0, 3, 4), (0, 0, 1), (0, 6, 0), (1, 2, 0, 0), (2, 3, 0, 0))
    sheet = Sheet(values, raindrops_used=7, trees_watered=3)
    assert sum(v.count(EMPTY) for v in values) == 16
    hint = Hinter(SPEC).rank(sheet, (6, 6))
    assert hint.exact
    best = hint.moves[0]
    assert abs(best.expected) < 1e-12 and best.move.raindrops == 0
    water = next(r for r in hint.moves if r.move.water_tree)
    assert water.rain < best.rain


def test_every_feature_the_roll_can_reach_has_a_candidate_in_the_race():
    """Selecting a feature: any feature of the rolled (or altered) group may take the value, so the
    race tries every one of them, not only those the measured value table rates highest; the
    table's own favourites and the skip are always there."""
    hinter = Hinter(SPEC)
    rng = np.random.default_rng(7)
    checked = 0
    for states, used, trees, roll in _careful_positions(rng):
        if ENGINE.ends(states, used):
            continue
        moves = ENGINE.moves(states, used, trees, roll)
        if len(moves) <= FIELD:
            continue
        field = hinter._field(states, used, trees, moves)
        assert {m.feature for m in moves} == {m.feature for m in field}
        values = hinter.estimator.values_after(states, used, trees, moves)
        favourites = sorted(range(len(moves)), key=lambda i: -values[i])[:FIELD]
        assert all(moves[i] in field for i in favourites)
        assert len(set(field)) == len(field)
        checked += 1
    assert checked > 300


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_double_of_the_facades_own_value_goes_into_the_facade(seed):
    """Facade Sculptor: every value identical. The right facade (group 5) holds a 5 and a double 5
    is rolled: writing it there costs nothing and is about 2.4 points better than any other use
    (1,500 paired futures of every move); the measured value table alone rated it 32nd and left it
    out of the race."""
    sheet = Sheet(
        ((1, 0), (4, 0), (0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0), (0, 1, 0), (5, 0, 0, 0), (0, 0, 0, 0)),
        raindrops_used=1,
        trees_watered=1,
    )
    best = Hinter(SPEC).rank(sheet, (5, 5), seed=seed).moves[0].move
    assert (best.feature, best.value, best.raindrops) == ("right_facade", 5, 0)


def test_hint_text_says_when_moves_are_equal():
    values = [list(v) for v in ((2, 4), (3, 3), (2, 4, 6), (6, 5, 4, 3), (2, 2, 2, 2), (2, 3, 0), (5, 0, 6),
                                (6, 6, 6, 6), (4, 3, 2, 1))]
    sheet = Sheet(tuple(tuple(v) for v in values), raindrops_used=5, trees_watered=4)
    hint = Hinter(SPEC).rank(sheet, (4, 1))
    text = report.hint_text(SPEC, "Asha", sheet, (4, 1), hint, 5)
    assert "(the same score as the first, with" in text and "fewer raindrops left for the tie-break)" in text
    assert "the one that keeps more raindrops comes first (the rulebook's tie-break)" in text
    assert "Exact: the rest of the game solved over every roll to come" in text
    data = report.hint_json(SPEC, "Asha", (4, 1), hint, 0, 5)
    assert data["exact"] is True
    assert all(m["equal_to_best"] for m in data["moves"])
    assert data["moves"][0]["raindrops_left_at_end"] > data["moves"][1]["raindrops_left_at_end"]


def test_a_move_just_behind_the_first_is_never_shown_as_minus_zero():
    """A difference that rounds to zero gets more decimals, so "(-0.0)" never appears."""
    assert report._behind(-0.03, 1) == "-0.03"
    assert report._behind(-0.0004, 2) == "less than 0.001 behind"
    assert report._behind(-1.26, 1) == "-1.3"


def test_a_sampled_estimate_is_never_shown_with_a_zero_error():
    """"± 0.0" would read as exact: a small standard error gets more decimals, the score with it."""
    move = Move("dome", 1, 3, 0)
    for stderr, shown in ((0.04, "31.34 ± 0.04"), (0.12, "31.3 ± 0.1"), (0.004, "31.338 ± 0.004")):
        hint = Hint((RankedMove(move, 31.3384, stderr, 800),), 800, 0.1)
        assert report._value_text(hint, hint.moves[0], True, False) == f"expected final score {shown}"


def test_a_move_that_ends_the_game_shows_its_final_score_not_an_estimate():
    """A move that uses the last raindrop ends the game (End of the Game): its futures all score
    the same, so the race shows the score it leaves, not "10.000 ± 0.000"."""
    sheet = Sheet(MID_GAME.values, raindrops_used=14, trees_watered=2)
    hint = Hinter(SPEC).rank(sheet, (1, 1))
    text = report.hint_text(SPEC, "Ben", sheet, (1, 1), hint, 10)
    ending = [r for r in hint.moves if r.move.raindrops == 1]
    assert ending
    for r in ending:
        final = score(SPEC, apply(SPEC, sheet, r.move)).total
        assert r.expected == final and r.stderr == 0
        assert f"final score {final} (the game ends with this move)" in text
    assert "± 0.000" not in text


def test_simulation_does_not_depend_on_the_number_of_processes():
    one = simulation.compare(SPEC, ["heuristic", "greedy"], games=6, seed=9, processes=1)
    two = simulation.compare(SPEC, ["heuristic", "greedy"], games=6, seed=9, processes=2)
    for name in one:
        assert one[name].scores == two[name].scores


def test_every_policy_shares_the_processes_the_oracle_included(monkeypatch):
    """The oracle's CP-SAT runs one worker per game (its answers must not depend on racing threads),
    so its games are shared out among the processes like everyone's."""
    sizes = {}

    def fake(spec, name, games, seed, oracle, pool_size, progress):  # noqa: ANN001, ANN202
        sizes[name] = pool_size
        return [simulation.GameResult(30)] * games

    monkeypatch.setattr(simulation, "_play_all", fake)
    simulation.compare(SPEC, ["oracle", "hint", "heuristic"], games=10, seed=1, processes=2)
    assert sizes == {"oracle": 2, "hint": 2, "heuristic": 2}


def test_unproven_oracle_games_are_no_bound():
    oracle = simulation.PolicyRun(
        "oracle", (simulation.GameResult(39), simulation.GameResult(38, proven=False), simulation.GameResult(None, proven=False),
                   simulation.GameResult(37))
    )
    hint = simulation.PolicyRun("hint", tuple(simulation.GameResult(s) for s in (35, 20, 30, 37)))
    runs = {"oracle": oracle, "hint": hint}
    games, bound = simulation.oracle_bound(runs)
    assert games == [0, 3] and bound == pytest.approx(38)
    assert simulation.ratio_to_oracle(runs, "hint") == pytest.approx(36 / 38)
    assert "the 2 of 4 games it proved optimal" in report.simulation_text(runs, 4, 1)


def test_a_hint_says_which_features_the_position_left_out_and_took_as_empty(tmp_path):
    """Issue 23: a position may leave a feature out (its boxes are empty), but the hint says so, so
    a forgotten line is not taken silently: Asha's sheet without its left orchard (3 empty boxes,
    solved exactly)."""
    text = (DATA / "artisans-asha.toml").read_text(encoding="utf-8")
    path = tmp_path / "sheet.toml"
    path.write_text("".join(line for line in text.splitlines(keepends=True) if not line.startswith("left_orchard")))
    result = CliRunner().invoke(cli.app, ["hint", "artisans", str(path), "--roll", "4", "6", "--top", "1", "--json"])
    assert result.exit_code == 0, result.output
    note = "Asha: left_orchard is not in the position, so its boxes are taken as empty"
    assert json.loads(result.stdout)["notes"][0] == note
    whole = CliRunner().invoke(cli.app, ["hint", "artisans", str(DATA / "artisans-asha.toml"), "--roll", "4", "6",
                                         "--json"])
    assert not any("not in the position" in n for n in json.loads(whole.stdout)["notes"])
