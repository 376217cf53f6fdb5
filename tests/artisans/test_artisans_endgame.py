"""The exact ending (endgame.py) against a plain expectimax over the rules model, and the hint's
first move in the positions it solves exactly: always optimal, the tie-break included."""

from __future__ import annotations

import random
from functools import cache

import numpy as np
import pytest

from tajkit.solver.artisans.search.endgame import EPS, Endgame, Outcome
from tajkit.solver.artisans.search.engine import engine_for
from tajkit.solver.artisans.search.hinter import Hinter
from tajkit.solver.artisans.search.rollout import Batch, Ending
from tajkit.solver.artisans.rules import EMPTY, Sheet, apply, legal_moves, score
from tajkit.solver.artisans.spec import load_spec

SPEC = load_spec()
ENGINE = engine_for(SPEC)
# every feature scores: 3 + 3 + 4 + 5 + 6 + 4 + 3 + 6 + 5 = 39 stars
PERFECT = ((2, 4), (3, 3), (2, 4, 6), (6, 5, 4, 3), (2, 2, 2, 2), (2, 3, 5), (5, 1, 6), (6, 6, 6, 6), (4, 3, 2, 1))
ROLLS = [((a, b), (1 if a == b else 2) / 36) for a in range(1, 7) for b in range(a, 7)]


@cache
def reference(sheet: Sheet) -> tuple[float, float]:
    """The rulebook read plainly, by brute force over ``rules.py``: (expected final score,
    expected unused raindrops) under play that maximises the score first and the unused raindrops
    second (Scoring: "In a tie, the player with the most unused raindrops wins")."""
    if sheet.ends_game(SPEC):  # End of the Game: last box filled or last raindrop marked
        return float(score(SPEC, sheet).total), float(sheet.raindrops_left(SPEC))
    total_score = total_rain = 0.0
    for roll, chance in ROLLS:
        s, r = best_after(sheet, roll)
        total_score += chance * s
        total_rain += chance * r
    return total_score, total_rain


def best_after(sheet: Sheet, roll: tuple[int, int]) -> tuple[float, float]:
    best = (-1e9, -1e9)
    for move in legal_moves(SPEC, sheet, roll):
        value = reference(apply(SPEC, sheet, move))
        if Outcome(*value).better_than(Outcome(*best)):
            best = value
    return best


def endgame_position(rng: random.Random, empty: int) -> Sheet:
    """A perfect sheet with ``empty`` boxes cleared, one written value sometimes changed (so some
    features can no longer score), and a few raindrops and trees left."""
    values = [list(v) for v in PERFECT]
    boxes = [(f, b) for f, v in enumerate(values) for b in range(len(v))]
    for f, b in rng.sample(boxes, empty):
        values[f][b] = EMPTY
    if rng.random() < 0.4:
        f, b = rng.choice([(f, b) for f, b in boxes if values[f][b] != EMPTY])
        values[f][b] = rng.randint(1, 6)
    used = SPEC.raindrops - rng.randint(1, 6)
    return Sheet(tuple(tuple(v) for v in values), used, rng.randint(2, 4))


def positions(count: int, empty: int, seed: int) -> list[tuple[Sheet, tuple[int, int]]]:
    rng = random.Random(seed)
    return [(endgame_position(rng, empty), (rng.randint(1, 6), rng.randint(1, 6))) for _ in range(count)]


@pytest.mark.parametrize(("sheet", "roll"), positions(40, 2, 1) + positions(8, 3, 2))
def test_the_exact_value_is_the_plain_expectimax(sheet, roll):
    """Playing the Game, Altering dice results, Watering fruit trees, End of the Game, Scoring:
    the solver's value of a position (both the score and the unused raindrops) is the brute force's."""
    solver = Endgame(ENGINE)
    got = solver.outcome(ENGINE.pack(sheet), sheet.raindrops_used, sheet.trees_watered)
    want = reference(sheet)
    assert got.score == pytest.approx(want[0], abs=1e-9)
    assert got.rain == pytest.approx(want[1], abs=1e-9)


HINTER = Hinter(SPEC)


@pytest.mark.parametrize(("sheet", "roll"), positions(60, 2, 3) + positions(12, 3, 4))
def test_the_hints_first_move_is_optimal_tie_break_included(sheet, roll):
    """In positions the hint solves exactly, its first move reaches the best expected score and,
    among the moves that do, the most unused raindrops (Scoring: the tie-break)."""
    hint = HINTER.rank(sheet, roll, seed=0)
    assert hint.exact
    first = hint.moves[0]
    value = reference(apply(SPEC, sheet, first.move))
    best = best_after(sheet, roll)
    assert value[0] == pytest.approx(best[0], abs=1e-9)
    assert value[1] == pytest.approx(best[1], abs=1e-9)
    assert (first.expected, first.rain) == pytest.approx(value, abs=1e-9)
    for other in hint.moves[1:]:
        assert other.expected <= first.expected + EPS
        assert other.equal_to_best == (abs(other.expected - first.expected) <= EPS)


def test_the_issues_archway_and_dome_example():
    """Scoring Conditions and the tie-break: with the archway's bottom (2 + 3 above it: it needs a
    5) and the dome's middle (5 and 6 beside it) open, 10 raindrops left and a roll of 4 and 1,
    writing the 1 in the dome and spending 4 raindrops to write a 5 in the archway both reach 39
    for sure (any later roll becomes a 4 and a 5, or a 4 and a value below 5, for at most 7
    raindrops); the dome move keeps more raindrops, so it comes first, and the two are equal."""
    values = [list(v) for v in PERFECT]
    values[5][2] = EMPTY  # archway bottom
    values[6][1] = EMPTY  # dome middle
    sheet = Sheet(tuple(tuple(v) for v in values), raindrops_used=5, trees_watered=4)
    hint = HINTER.rank(sheet, (4, 1), seed=0)
    assert hint.exact
    first = hint.moves[0]
    assert (first.move.feature, first.move.box, first.move.value, first.move.raindrops) == ("dome", 1, 1, 0)
    assert first.expected == pytest.approx(39)
    archway = next(r for r in hint.moves if r.move.feature == "archway")
    assert (archway.move.value, archway.move.raindrops) == (5, 4)
    assert archway.expected == pytest.approx(39) and archway.equal_to_best
    assert archway.rain < first.rain
    assert reference(sheet)[0] == pytest.approx(39)


def test_many_positions_at_once_agree_with_one_at_a_time():
    solver = Endgame(ENGINE)
    sheets = [sheet for sheet, _ in positions(30, 3, 5)]
    states = np.array([ENGINE.pack(s) for s in sheets])
    used = np.array([s.raindrops_used for s in sheets])
    trees = np.array([s.trees_watered for s in sheets])
    together = solver.gains(states, used, trees) + np.array([ENGINE.score(ENGINE.pack(s), s.trees_watered) for s in sheets])
    fresh = Endgame(ENGINE)
    alone = [fresh.outcome(ENGINE.pack(s), s.raindrops_used, s.trees_watered).score for s in sheets]
    assert together == pytest.approx(alone, abs=1e-12)


def test_futures_that_reach_the_ending_score_its_exact_value():
    """A played-out future with few boxes left is not sampled further: it scores the exact value."""
    solver = Endgame(ENGINE)
    sheet = positions(1, 3, 6)[0][0]
    n = 50
    states = np.tile(ENGINE.pack(sheet), (n, 1))
    rolls = np.random.default_rng(0).integers(1, 7, size=(n, SPEC.max_turns, 2))
    scores = Batch(ENGINE).play_out(
        states, np.full(n, sheet.raindrops_used), np.full(n, sheet.trees_watered), rolls, Ending(solver, 3)
    )
    exact = solver.outcome(ENGINE.pack(sheet), sheet.raindrops_used, sheet.trees_watered).score
    assert scores == pytest.approx(np.full(n, exact), abs=1e-12)


def test_values_do_not_depend_on_what_was_solved_before():
    """The memo only saves work: a solver that has seen other endings first answers the same, to
    the last bit. Exact equality is the property, not an accident of this CPU: each ending's value
    is built by one fixed sequence of IEEE-754 additions and multiplications (``Endgame._expected``),
    which round the same everywhere; with a BLAS matrix product the last bit followed the CPU's
    vector width and the batch the memo made (``OPENBLAS_CORETYPE=Prescott`` showed it on any x86-64)."""
    sheets = [sheet for sheet, _ in positions(10, 3, 7)]
    warm = Endgame(ENGINE)
    for s in sheets[5:]:
        warm.outcome(ENGINE.pack(s), s.raindrops_used, s.trees_watered)
    for s in sheets:
        cold = Endgame(ENGINE).outcome(ENGINE.pack(s), s.raindrops_used, s.trees_watered)
        assert warm.outcome(ENGINE.pack(s), s.raindrops_used, s.trees_watered) == cold
