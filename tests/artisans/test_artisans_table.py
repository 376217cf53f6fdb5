"""The Artisans hint at a table of several players (issue 41, ``search/table.py``): the end any
player can bring (rulebook: End of the Game), the chance to win with the rulebook's tie-breaks
(Scoring), exact on the last turn and an honest estimate before it."""

from __future__ import annotations

import re

import json
import random
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from tajkit.cli import main as cli
from tajkit.solver.artisans import hint as artisans_hint
from tajkit.solver.artisans import report
from tajkit.solver.artisans.files import Player, read_state
from tajkit.solver.artisans.rules import Sheet, apply, score
from tajkit.solver.artisans.search.engine import engine_for
from tajkit.solver.artisans.search.hinter import Hinter
from tajkit.solver.artisans.search.positions import (
    TablePosition, best_last_use, last_turn_positions, last_turn_truth, positions_at, share_by_the_scorer, table_turns,
)
from tajkit.solver.artisans.search.policies import heuristic_policy
from tajkit.solver.artisans.search.table import SCORE, WIN, Seat, table_hinter_for, win_share
from tajkit.solver.artisans.spec import load_spec
from tajkit.solver import statefile

SPEC = load_spec()
ENGINE = engine_for(SPEC)
TABLE = table_hinter_for(SPEC)
DATA = Path(__file__).parent.parent / "data"
FAST = {"futures": 2000}

# A constructed position (issue 41: "ending the game early on purpose is a legal plan when it
# wins"). Asha has 28 points and 1 raindrop left; Ben has 18, but three features one box from
# their stars and 10 raindrops to alter the dice with. With the roll 5 3 Ben can complete one of
# them (24 at most); Asha can end the game now (her last raindrop) or write the 3 for free in her
# right facade and play on.
ASHA = Sheet(((2, 4), (1, 5), (1, 3, 5), (6, 4, 3, 1), (4, 4, 4, 4), (2, 3, 5), (5, 2, 6), (2, 2, 0, 0), (5, 4, 2, 0)),
             raindrops_used=14, trees_watered=4)
BEN = Sheet(((1, 5), (2, 4), (2, 4, 6), (6, 5, 3, 2), (3, 3, 3, 0), (1, 4, 0), (4, 1, 3), (5, 5, 5, 0), (6, 4, 0, 0)),
            raindrops_used=5, trees_watered=4)


# --- the rulebook's ranking ----------------------------------------------------------------------


def test_the_chance_to_win_counts_the_rulebooks_tie_breaks_as_the_scorer_does():
    """Scoring: "The player with the highest score is declared Master Architect! In a tie, the
    player with the most unused raindrops wins. If the tie persists, the youngest player wins."
    The win share of the first player equals the plain scorer's ranking on random finished tables
    with many ties, ages given, equal or left out (a tie with a player of unknown age is shared,
    as ``tajkit score`` shares the rank)."""
    rng = random.Random(5)
    sheets = [Sheet(BEN.values, used, 4) for used in (13, 14, 15)] + [Sheet(ASHA.values, used, 4) for used in (14, 15)]
    checked = 0
    for _ in range(300):
        players = [Player(f"P{i}", rng.choice(sheets), rng.choice((None, 20, 20, 30, 40)))
                   for i in range(rng.randint(2, 4))]
        key = [TABLE.key(score(SPEC, p.sheet).total, p.sheet.raindrops_left(SPEC)) for p in players]
        share = win_share(np.array(key[0]), np.array(key[1:]), players[0].age, [p.age for p in players[1:]])
        assert float(share) == pytest.approx(share_by_the_scorer(SPEC, players))
        checked += key.count(key[0]) > 1
    assert checked > 50  # many tables reach the tie-breaks


# --- the last turn: exact ----------------------------------------------------------------------------


def check_last_turn(position: TablePosition, objective: str) -> None:
    """The hint is exact on a last turn, each move's value is the plain scorer's, and its best move
    is the best found by scoring every legal use of the roll against the others' final sheets (as
    they stand once they have used the roll, else their best use of it)."""
    me, others, roll = position.me, list(position.others), position.roll
    ranking = TABLE.rank(me, others, roll, objective)
    assert ranking.exact and ranking.last_turn and ranking.futures == 0
    finals = [o.sheet if o.moved else best_last_use(SPEC, o.sheet, roll) for o in others]
    assert [(f.score, f.rain) for f in ranking.finals] == [(score(SPEC, s).total, s.raindrops_left(SPEC)) for s in finals]
    truth = {sheet: (value, mine, rain) for value, mine, rain, sheet in last_turn_truth(SPEC, position, objective)}
    for valued in ranking.moves:
        assert valued.exact and valued.error == 0
        value, mine, rain = truth[apply(SPEC, me.sheet, valued.move)]
        assert (valued.value, valued.score, valued.rain) == (pytest.approx(value), mine, rain)
    best = ranking.moves[0]
    assert (best.value, best.score, best.rain) == pytest.approx(max(truth.values()))


@pytest.mark.parametrize("objective", [WIN, SCORE])
def test_the_last_turn_is_solved_exactly_as_scoring_every_legal_use_of_the_roll(objective):
    """End of the Game: "The game ends when any player ... uses the last of their raindrops. All
    other players finish their turn and then scoring takes place." On 25 seeded last turns (a
    player has ended the game earlier in the turn), cross-checked with the rules model and the
    plain scorer (``scripts/bench_artisans_table.py last-turns`` does 200)."""
    for position in last_turn_positions(SPEC, 25, seed=3):
        check_last_turn(position, objective)


def test_the_readme_table_is_asha_s_last_turn():
    """End of the Game: Ben's 15th raindrop ends the game once the others finish their turn (the
    README's finished table): each of Asha's moves is worth the score it leaves (the plain
    scorer's) and she wins with any of them; completing the right facade makes 34, the most."""
    players = read_state(SPEC, statefile.read_source(str(DATA / "artisans-example.toml")))
    asha, ben = players
    for objective in (WIN, SCORE):
        ranking = artisans_hint.rank(SPEC, Seat("Asha", asha.sheet), [Seat("Ben", ben.sheet, moved=True)], (4, 6),
                                     objective)
        assert ranking.exact and ranking.ended == ("Ben",)
        for valued in ranking.moves:
            after = apply(SPEC, asha.sheet, valued.move)
            assert valued.score == score(SPEC, after).total and valued.rain == after.raindrops_left(SPEC)
            assert objective == SCORE or valued.value == 1.0  # Ben's 24 is beaten by any move
        best = ranking.moves[0]
        assert (best.move.feature, best.move.value, best.score) == ("right_facade", 2, 34)


def test_a_player_who_must_end_the_game_with_this_roll_makes_it_the_last_turn():
    """End of the Game: Ben has one raindrop left and no free use of the roll 6 6 (his open boxes
    are in groups 1-2, and writing nothing marks a raindrop too), so he must end the game with it:
    Asha's turn is the last, solved exactly, with Ben's best use of the roll."""
    ben = Sheet(((1, 0), (2, 0)) + BEN.values[2:4] + ((3, 3, 3, 3), (1, 4, 5), (4, 1, 3), (5, 5, 5, 5), (6, 4, 2, 1)),
                raindrops_used=14, trees_watered=2)
    assert TABLE.must_end(ben, (6, 6))
    ranking = TABLE.rank(Seat("Asha", ASHA), [Seat("Ben", ben)], (6, 6), WIN)
    assert ranking.exact and ranking.forced == ("Ben",) and not ranking.ended
    text = report.table_text(SPEC, Seat("Asha", ASHA), [Seat("Ben", ben)], (6, 6), ranking, 3)
    assert "Last turn: Ben must end it with this roll" in text and "(their best use of the roll)" in text


# --- before the last turn: an estimate, and ending the game when it wins -------------------------------


def test_ending_the_game_on_purpose_is_found_when_it_wins():
    """End of the Game: Asha's last raindrop ends the game, and with 28 points against Ben's 24 at
    most she wins for certain (exact); writing the 3 for free plays on while Ben completes his
    features (an estimate, well below 1). By the chance to win the hint ends the game now; by the
    expected score it plays on (her right minaret can still earn 5)."""
    me, others = Seat("Asha", ASHA, 30), [Seat("Ben", BEN, 40)]
    win = TABLE.rank(me, others, (5, 3), WIN, seed=1, **FAST)
    best = win.moves[0]
    assert best.ends_game and best.exact and best.value == 1.0 and best.score == 28
    assert not win.exact  # the move that plays on is an estimate
    playing_on = next(v for v in win.moves if not v.ends_game)
    assert not playing_on.exact and playing_on.error > 0 and playing_on.value < 0.5
    by_score = TABLE.rank(me, others, (5, 3), SCORE, seed=1, **FAST)
    assert not by_score.moves[0].ends_game and by_score.moves[0].score > 28


def test_before_the_last_turn_the_hint_is_an_estimate_never_exact():
    """Issue 41's table: Babur has 2 raindrops left and Chitra 1, so either may end the game this
    turn or a later one (with the roll 6 3 each has a free use): the value of a move that plays on
    depends on when, so it is an estimate with its error, never "exact" (the solitaire hint called
    it exact)."""
    chitra = Sheet(BEN.values, raindrops_used=14, trees_watered=4)
    babur = Sheet(BEN.values, raindrops_used=13, trees_watered=4)
    sheet = Sheet(ASHA.values, raindrops_used=10, trees_watered=4)
    me, others = Seat("Asha", sheet), [Seat("Babur", babur), Seat("Chitra", chitra)]
    assert Hinter(SPEC).rank(sheet, (6, 3)).exact  # alone, her few boxes are solved exactly
    ranking = TABLE.rank(me, others, (6, 3), WIN, **FAST)
    assert not ranking.exact and not ranking.last_turn
    assert all(v.exact == v.ends_game for v in ranking.moves)
    assert any(not v.exact and v.error > 0 for v in ranking.moves)
    text = report.table_text(SPEC, me, others, (6, 3), ranking, 5)
    assert "Estimate: " in text and "chance to win" in text
    assert all("(exact)" not in line for line in text.splitlines() if "± " in line)


def test_the_same_seed_and_budget_give_the_same_answer():
    """Deterministic: the futures are drawn from the seed and the position only, and the work is a
    budget of futures, so a second call (after other positions) gives the same ranking."""
    position = positions_at(SPEC, 1, seed=11)[0]
    first = TABLE.rank(position.me, position.others, position.roll, WIN, seed=4, **FAST)
    TABLE.rank(position.me, position.others, (1, 1), WIN, seed=9, **FAST)
    again = TABLE.rank(position.me, position.others, position.roll, WIN, seed=4, **FAST)
    assert first.moves == again.moves and first.futures == again.futures


# --- the pieces the futures are played with ------------------------------------------------------------


def test_the_best_last_use_of_a_roll_is_the_rules_models_best():
    """Playing the Game, Altering dice results, Watering fruit trees, Scoring: the futures' best last
    use of a roll (arrays) scores and keeps raindrops as the best of every legal use, scored by the
    rules model, on the sheets of seeded games at every stage."""
    checked = 0
    for game in range(6):
        for before, roll, _ in table_turns(SPEC, 3, seed=game):
            live = [s for s in before if not s.ends_game(SPEC)]
            if not live:
                continue
            rolls = np.array([roll] * len(live))
            got = TABLE.last_best(np.array([ENGINE.pack(s) for s in live]), np.array([s.raindrops_used for s in live]),
                                  np.array([s.trees_watered for s in live]), rolls)
            for sheet, points, rain in zip(live, *got):
                best = best_last_use(SPEC, sheet, roll)
                assert (points, rain) == (score(SPEC, best).total, best.raindrops_left(SPEC))
                checked += 1
    assert checked > 300


def test_alone_in_the_futures_the_asker_plays_the_careful_players_game():
    """With no one to end the game first, the asker's futures are the careful player's own games
    on the same dice (``tajkit simulate --policy heuristic``), to the last raindrop or box."""
    sheet = Sheet.empty(SPEC)
    moves = ENGINE.moves(ENGINE.pack(sheet), 0, 0, (2, 5))
    rng = np.random.default_rng(3)
    rolls = rng.integers(1, 7, size=(20, SPEC.max_turns + 1, 2))
    rolls[:, 0] = (2, 5)
    never = np.full(20, SPEC.max_turns + 1)
    scores, rains, turns = TABLE.mine(moves[:3], ENGINE.pack(sheet), 0, 0, rolls, never)
    for row, m in enumerate(moves[:3]):
        for f in range(20):
            states, used, trees = ENGINE.pack(sheet), m.raindrops, int(m.water)
            if m.feature >= 0:
                states[m.feature] = m.state
            t = 0
            while not ENGINE.ends(states, used):
                t += 1
                move = heuristic_policy(ENGINE, states, used, trees, tuple(rolls[f, t]), random.Random(0))
                if move.feature >= 0:
                    states[move.feature] = move.state
                used, trees = used + move.raindrops, trees + move.water
            assert (scores[row, f], rains[row, f], turns[row, f]) == (ENGINE.score(states, trees), SPEC.raindrops - used, t)


# --- the command ---------------------------------------------------------------------------------------


def run_hint(*args: str):  # noqa: ANN201
    return CliRunner().invoke(cli.app, ["hint", "artisans", *args])


def test_the_command_ranks_by_the_chance_to_win_at_a_table_and_by_the_score_alone(tmp_path):
    """--objective: a table of several ranks by the chance to win by default and says so; alone,
    a game has no one to beat, so --objective win ranks by the expected score and says why."""
    path = tmp_path / "table.toml"
    path.write_text((DATA / "artisans-example.toml").read_text(encoding="utf-8"), encoding="utf-8")
    result = run_hint(str(path), "--roll", "4", "6", "--player", "Asha", "--json")
    data = json.loads(result.stdout)
    assert result.exit_code == 0 and data["objective"] == "win" and data["meaning"] == "chance to win"
    assert data["exact"] and data["last_turn"] and data["moves"][0]["chance_to_win"] == 1.0
    alone = run_hint(str(DATA / "artisans-asha.toml"), "--roll", "4", "6", "--objective", "win", "--json")
    data = json.loads(alone.stdout)
    assert alone.exit_code == 0 and data["objective"] == "score"
    assert artisans_hint.ALONE in data["notes"]


@pytest.mark.parametrize(("moved", "message"), [
    ("Chitra", "--moved Chitra: not a player in the position (the players are Asha and Ben)"),
    ("Asha", "--moved Asha: the hint is for Asha, who has not used the roll yet"),
])
def test_a_wrong_moved_player_is_refused_in_words(moved, message):
    result = run_hint(str(DATA / "artisans-example.toml"), "--roll", "4", "6", "--player", "Asha", "--moved", moved)
    assert result.exit_code == 2 and message in result.stderr and "Traceback" not in result.output


def test_a_session_hint_knows_who_has_used_the_roll(tmp_path):
    """Playing the Game: in a game record the players before in seat order have used the roll, so
    the hint takes their sheets as they are for this turn; its moves play as events (take 1)."""
    from tajkit.solver.artisans import GAME
    from tajkit.solver.session import Session

    session = Session.start(GAME, SPEC, tmp_path / "three.toml",
                            {"players": [{"name": "Asha", "age": 30}, {"name": "Babur"}, {"name": "Chitra"}]})
    session.apply("roll 4 6")
    session.apply("dome middle 5")
    found = session.hint(futures=2000)
    assert re.search(r"Asha [^;]*\(has used the roll\)", found.report.text)
    assert found.report.json["objective"] == "win" and found.player == "Babur"
    session.take(found, 1)
    assert session.to_act == "Chitra"


def test_the_others_who_have_used_the_roll_play_on_from_the_next_turn():
    """Playing the Game (one roll a turn, each player uses it once): in the futures a player who has
    used this turn's roll keeps their sheet through it, and one still to use it uses it; then every
    other player plays every later turn until a sheet ends the game (End of the Game)."""
    empty = Sheet.empty(SPEC)
    rolls = np.random.default_rng(2).integers(1, 7, size=(50, 46, 2))
    for moved in ((True, True), (True, False), (False, False)):
        seats = [Seat(name, empty, moved=m) for name, m in zip(("Babur", "Chitra"), moved)]
        play = TABLE.others(seats, rolls, np.random.default_rng(1))
        start = TABLE.key(0 - SPEC.trees * SPEC.tree_penalty, SPEC.raindrops)
        for row, m in enumerate(moved):
            # their best last use of turn 0's roll: watering a tree (+1) for one still to use it
            assert (play.best[row, :, 0] == start).all() == m
            assert ((play.ender[row] == play.end) | (play.ender[row] == 46)).all()  # they stop at the first end
        assert (play.end == play.ender.min(axis=0)).all()
        assert (play.end > 20).all() and (play.end < 46).all()  # a whole game: some sheet ends it
    position = last_turn_positions(SPEC, 1, seed=8)[0]
    both_moved = [Seat(o.name, Sheet(o.sheet.values, 3, 0), moved=True) for o in position.others]
    ranking = TABLE.rank(Seat("Asha", empty), both_moved, (3, 4), WIN, **FAST)
    assert not ranking.exact and ranking.futures > 0


@pytest.mark.slow
def test_the_table_benchmark_script_runs_each_measure(tmp_path):
    """scripts/bench_artisans_table.py (issue 41's measures) runs from a checkout, each measure on a
    small scale (its figures are measurements, not asserted); a run resumes from its --out file."""
    import subprocess
    import sys

    script = Path(__file__).resolve().parent.parent.parent / "scripts" / "bench_artisans_table.py"

    def run(*args: str) -> list[str]:
        result = subprocess.run([sys.executable, str(script), *args], capture_output=True, text=True, timeout=900)
        assert result.returncode == 0, result.stderr
        return result.stdout.splitlines()

    out = tmp_path / "games.jsonl"
    small = ("--games", "2", "--table-futures", "300", "--solitaire-futures", "300", "--processes", "1", "--seed", "6")
    games = run("games", *small, "--out", str(out))
    assert games[1].startswith("table hint (--objective win): wins ") and "95 % Wilson interval [" in games[1]
    assert games[2].startswith("mean score: table hint ") and len(out.read_text().splitlines()) == 2
    assert run("games", *small, "--out", str(out))[1:4] == games[1:4] and len(out.read_text().splitlines()) == 2
    lengths = run("lengths", *small)
    assert [line.split(",")[0] for line in lengths] == ["all three on the table hint", "all three on the solitaire hint"]
    assert all("mean winning score" in line for line in lengths)
    assert run("last-turns", "--positions", "3", "--seed", "6") == [
        f"last turns, --objective {o}: the hint's best move is the best found by scoring every legal use of the roll "
        "in 3 of 3 positions (seed 6), every one exact" for o in ("win", "score")]
    timed = run("time", "--positions", "2", "--whole", "1", "--seed", "6")
    assert timed[0].startswith("table hint in a session (3 players, 2 positions") and "95th percentile" in timed[0]
    assert timed[1].startswith("whole `tajkit hint artisans FILE` processes (1 of those positions): median ")
