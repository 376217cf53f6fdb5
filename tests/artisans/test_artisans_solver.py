"""The Artisans solver: the engine against a plain reading of the rulebook, the clairvoyant CP-SAT
oracle against the plain scorer, the hint on positions with a clear answer, and determinism."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tajkit.solver.artisans.search import policies, simulation
from tajkit.solver.artisans.search.engine import SKIP, engine_for
from tajkit.solver.artisans.search.hinter import Hinter
from tajkit.solver.artisans.search.oracle import best_possible, clairvoyant
from tajkit.solver.artisans.rules import Sheet, apply, legal_moves, score
from tajkit.solver.artisans.spec import load_spec

SPEC = load_spec()
ENGINE = engine_for(SPEC)
F = SPEC.by_id


def reference_moves(sheet: Sheet, roll: tuple[int, int]) -> set[tuple]:
    """The rulebook read plainly: either die picks the group, the other is the value; each raindrop
    moves one die by one within 1..6; any empty box of the group; a garden value may water a tree for
    one more raindrop; or write nothing for one raindrop. The cheapest way to each result."""
    left = sheet.raindrops_left(SPEC)
    best: dict[tuple, int] = {}
    for selector, value_die in ((roll[0], roll[1]), (roll[1], roll[0])):
        for group in range(1, 7):
            for value in range(1, 7):
                for water in (False, True):
                    cost = abs(group - selector) + abs(value - value_die) + water
                    if cost > left or (water and (group != 1 or sheet.trees_watered >= SPEC.trees)):
                        continue
                    for f, values in zip(SPEC.features, sheet.values):
                        for box, v in enumerate(values):
                            if f.group == group and v == 0:
                                key = (f.id, box, value, water)
                                best[key] = min(cost, best.get(key, cost))
    moves = {(*k, c) for k, c in best.items()}
    return moves | ({("skip", None, None, False, 1)} if left >= 1 else set())


sheets = st.builds(
    lambda fills, used, trees: Sheet(
        tuple(tuple(fills.get((f.id, b), 0) for b in range(f.size)) for f in SPEC.features),
        used,
        min(trees, used),
    ),
    st.dictionaries(
        st.sampled_from([(f.id, b) for f in SPEC.features for b in range(f.size)]), st.integers(1, 6), max_size=27
    ),
    st.integers(0, 14),
    st.integers(0, 4),
)
rolls = st.tuples(st.integers(1, 6), st.integers(1, 6))


@settings(max_examples=150, deadline=None)
@given(sheets, rolls)
def test_legal_moves_match_a_plain_reading_of_the_rulebook(sheet, roll):
    """Playing the Game, Altering dice results, Watering fruit trees: the engine's moves are
    exactly the rulebook's."""
    got = {
        ("skip", None, None, False, 1) if m.skip else (m.feature, m.box, m.value, m.water_tree, m.raindrops)
        for m in legal_moves(SPEC, sheet, roll)
    }
    assert got == reference_moves(sheet, roll)


@settings(max_examples=100, deadline=None)
@given(sheets, rolls)
def test_engine_score_is_the_plain_scorer(sheet, roll):
    states = ENGINE.pack(sheet)
    assert ENGINE.score(states, sheet.trees_watered) == score(SPEC, sheet).total
    for m in ENGINE.moves(states, sheet.raindrops_used, sheet.trees_watered, roll)[:20]:
        move = ENGINE.move(m, roll)
        after = apply(SPEC, sheet, move)
        assert ENGINE.pack(after)[m.feature] == m.state if m.feature >= 0 else after.values == sheet.values
        assert after.raindrops_used == sheet.raindrops_used + m.raindrops


@pytest.mark.parametrize("policy", [policies.random_policy, policies.greedy_policy, policies.heuristic_policy])
def test_policies_play_legal_moves_until_the_game_ends(policy):
    """End of the Game: a game runs until the sheet is full or the 15th raindrop is used."""
    for game in range(5):
        rolls = simulation.roll_sequence(ENGINE, 3, game)
        rng = random.Random(game)
        states, used, trees = [0] * 9, 0, 0
        for roll in rolls:
            if ENGINE.ends(states, used):
                break
            move = policy(ENGINE, states, used, trees, roll, rng)
            legal = ENGINE.moves(states, used, trees, roll, distinct=False)
            assert move in legal or move == SKIP
            if move.feature >= 0:
                states[move.feature] = move.state
            used, trees = used + move.raindrops, trees + move.water
        assert ENGINE.ends(states, used)
        assert used <= SPEC.raindrops


def test_the_same_dice_for_every_policy():
    assert simulation.roll_sequence(ENGINE, 5, 2) == simulation.roll_sequence(ENGINE, 5, 2)
    assert simulation.roll_sequence(ENGINE, 5, 2) != simulation.roll_sequence(ENGINE, 5, 3)
    assert len(simulation.roll_sequence(ENGINE, 5, 2)) == SPEC.box_count + SPEC.raindrops == 44  # the longest game


def test_summary_statistics():
    s = simulation.summarize([30, 32, 34])
    assert s.mean == 32 and s.sd == 2
    assert s.ci95 == pytest.approx((32 - 1.96 * 2 / 3**0.5, 32 + 1.96 * 2 / 3**0.5))


# --- the clairvoyant oracle (CP-SAT) ------------------------------------------------------------


def replay(rolls, moves, states=None, used=0, trees=0):
    """Play the oracle's plan through the rules: every move must be legal for its roll."""
    states = list(states or [0] * 9)
    for roll, m in zip(rolls, moves):
        assert not ENGINE.ends(states, used)
        assert m in ENGINE.moves(states, used, trees, roll, distinct=False), (m, roll)
        if m.feature >= 0:
            states[m.feature] = m.state
        used, trees = used + m.raindrops, trees + m.water
    assert ENGINE.ends(states, used)  # the plan plays the game to its end
    return ENGINE.score(states, trees)


@pytest.mark.slow
@pytest.mark.parametrize("game", range(4))
def test_oracle_objective_equals_the_plain_scorer(game):
    rolls = simulation.roll_sequence(ENGINE, 11, game)
    result = clairvoyant(ENGINE, rolls, seed=1)
    assert replay(rolls, result.moves) == result.score
    assert result.score <= result.bound <= SPEC.max_score


@pytest.mark.slow
@pytest.mark.parametrize("game", range(3))
def test_oracle_from_a_tight_position_where_a_perfect_sheet_is_out_of_reach(game):
    """Mid-game with only 3 raindrops left and three features still open: the CP-SAT optimum is
    proven, is not the perfect score, and its plan scores exactly that through the plain scorer."""
    rolls = simulation.roll_sequence(ENGINE, 21, game)
    sheet = Sheet(
        (
            (1, 5), (3, 3), (2, 4, 6), (6, 5, 0, 0), (2, 2, 0, 0), (2, 3, 5), (4, 1, 6), (0, 0, 0, 0), (4, 3, 2, 1),
        ),
        raindrops_used=12,
        trees_watered=2,
    )
    states = ENGINE.pack(sheet)
    result = clairvoyant(ENGINE, rolls, states, sheet.raindrops_used, sheet.trees_watered, seed=1)
    assert result.proven
    assert replay(rolls, result.moves, states, 12, 2) == result.score
    assert result.score <= best_possible(ENGINE, states, 2)


@pytest.mark.slow
def test_oracle_beats_every_policy_on_the_same_dice():
    rolls = simulation.roll_sequence(ENGINE, 1, 0)
    bound = clairvoyant(ENGINE, rolls).score
    for policy in (policies.heuristic_policy, policies.greedy_policy):
        assert simulation.play(ENGINE, policy, rolls, random.Random(0)).score <= bound


@pytest.mark.slow
def test_the_oracle_gives_the_same_answer_whatever_else_the_machine_does():
    """Its budget is CP-SAT's deterministic work with one worker, not the clock and not racing
    threads: the same dice give the same score, proof and plan, however loaded the machine (issue
    23: with 8 workers and a wall-clock limit its mean fell from 31.5 to 28.5 under load). The
    second solve runs while two other processes keep both cores of a 2-core machine busy, on a
    hard game whose budget runs out before a proof (with the pinned OR-Tools), so where the search
    stops decides the answer."""
    rolls = simulation.roll_sequence(ENGINE, 5, 1)
    quiet = clairvoyant(ENGINE, rolls, work=2.0)
    busy = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(2)]
    try:
        loaded = clairvoyant(ENGINE, rolls, work=2.0)
    finally:
        for process in busy:
            process.kill()
            process.wait()
    assert (loaded.score, loaded.proven, loaded.bound, loaded.moves) == (quiet.score, quiet.proven, quiet.bound, quiet.moves)
    assert not quiet.cut and not loaded.cut


def _careful_move(sheet: Sheet, roll: tuple[int, int]):  # noqa: ANN202
    return policies.heuristic_policy(ENGINE, ENGINE.pack(sheet), sheet.raindrops_used, sheet.trees_watered, roll, random.Random(0))


def test_careful_player_keeps_raindrops_for_later_rather_than_water_early():
    """Watering fruit trees costs a raindrop, which the game's last turns need more: with the whole
    sheet open, a 1 written in the garden leaves its tree dry (the garden has boxes to spare)."""
    empty = Sheet(tuple((0,) * f.size for f in SPEC.features), raindrops_used=0, trees_watered=0)
    move = _careful_move(empty, (1, 1))
    assert ENGINE.groups[move.feature] == ENGINE.garden and move.raindrops == 0 and not move.water


def test_careful_player_waters_when_the_garden_is_about_to_fill():
    """Watering fruit trees: only a garden value can water a tree, so with one garden box left and
    two dry trees, completing the left orchard (2 + 4 = 6) waters a tree even with 3 raindrops left."""
    sheet = Sheet(
        ((2, 0), (3, 3), (2, 4, 6), (6, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0), (0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0)),
        raindrops_used=12,
        trees_watered=2,
    )
    move = _careful_move(sheet, (1, 4))
    assert (move.feature, move.raindrops, move.water) == (0, 1, True)  # the left orchard; 1 raindrop: the water


# --- hints --------------------------------------------------------------------------------------

HINTER = Hinter(SPEC)


def test_hint_completes_a_facade_with_its_fourth_identical_value():
    """Facade Sculptor: three 4s in the left facade (die 3), two raindrops left and a roll of 3
    and 4: writing the fourth 4 scores 6 stars at no cost; waiting would likely lose them."""
    sheet = Sheet(
        ((2, 4), (3, 0), (1, 3, 5), (6, 4, 0, 0), (4, 4, 4, 0), (2, 3, 5), (5, 2, 0), (6, 6, 0, 0), (5, 3, 2, 1)),
        raindrops_used=13,
        trees_watered=3,
    )
    hint = HINTER.rank(sheet, (3, 4), seed=1)
    best = hint.moves[0].move
    assert (best.feature, best.box, best.value, best.raindrops) == ("left_facade", 3, 4, 0)
    assert (best.group_die, best.value_die) == (3, 4)


def test_hint_on_the_last_box_knows_the_final_score_exactly():
    """With one empty box left, the move ends the game: its expected score is the sheet's score."""
    full = ((1, 5), (3, 3), (2, 4, 6), (6, 5, 4, 3), (2, 2, 2, 2), (2, 3, 5), (4, 1, 0), (6, 6, 6, 6), (4, 3, 2, 1))
    sheet = Sheet(full, raindrops_used=8, trees_watered=4)
    hint = HINTER.rank(sheet, (4, 6), seed=3)
    best = hint.moves[0]
    assert (best.move.feature, best.move.box, best.move.value) == ("dome", 2, 6)
    assert best.expected == 39 and best.stderr == 0


def test_same_seed_same_hints():
    sheet = Sheet.empty(SPEC)
    first = HINTER.rank(sheet, (2, 5), seed=7, time_limit=30)
    again = HINTER.rank(sheet, (2, 5), seed=7, time_limit=30)
    assert [(r.move, r.expected) for r in first.moves] == [(r.move, r.expected) for r in again.moves]


def test_hint_lists_the_skip_and_only_legal_moves():
    sheet = Sheet.empty(SPEC)
    hint = HINTER.rank(sheet, (6, 6), seed=2)
    legal = set(legal_moves(SPEC, sheet, (6, 6)))
    assert all(r.move in legal for r in hint.moves)
    assert any(r.move.skip for r in hint.moves)


def test_simulate_offers_the_oracles_own_budget_by_default():
    from tajkit.solver.artisans import GAME
    from tajkit.solver.artisans.search import oracle

    defaults = {o.name: o.default for o in GAME.simulate.options}
    assert (defaults["oracle_work"], defaults["oracle_time"]) == (oracle.WORK, oracle.TIME_CAP)
