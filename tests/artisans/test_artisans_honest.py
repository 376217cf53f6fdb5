"""The honest bound (``search/honest.py``, ``search/honest_lp.py``): a supersolution of the game's
expectimax, proven by branch and bound, is never below the exact value of perfect honest play
(``endgame.py``), from any position it was computed for and from every position after it.

The branch and bound is checked against brute force over every position of a small sheet, and a
table that falls below a finished sheet's score is refused."""

from __future__ import annotations

import dataclasses
import itertools
import random
from functools import cache

import numpy as np
import pytest
from tajkit.solver.artisans.search.endgame import endgame_for
from tajkit.solver.artisans.search.engine import Engine, engine_for
from tajkit.solver.artisans.search.honest import (
    Start,
    Supersolution,
    compact_features,
    excess,
    largest_excess,
    playable,
    tables,
    verify,
)
from tajkit.solver.artisans.search.honest_lp import compute
from tajkit.solver.artisans.spec import load_spec
from test_artisans_relaxation import ENGINE, late_position


def small_engine(keep: tuple[str, ...], raindrops: int, trees: int) -> Engine:
    """The rulebook's sheet cut down to some of its features, raindrops and trees: small enough
    for the exact ending to solve from the empty sheet."""
    spec = load_spec()
    features = tuple(f for f in spec.features if f.id in keep)
    return engine_for(dataclasses.replace(spec, features=features, raindrops=raindrops, clouds=(raindrops,), trees=trees))


def random_supersolution(engine: Engine, seed: int) -> Supersolution:
    """Tables of W with random entries: not a supersolution, a test of the excess's maximum."""
    rng = np.random.default_rng(seed)
    drops = engine.raindrops + 1
    features = tuple(rng.uniform(0, 3, (f.size, drops)) for f in compact_features(engine))
    boxes = sum(t.feature.size for t in engine.tables)
    return Supersolution(features, rng.uniform(-1, 0, (engine.trees + 1, drops)), rng.uniform(-1, 1, (boxes + 1, drops)), 0.0)


def every_position(engine: Engine) -> np.ndarray:
    return np.array(list(itertools.product(*(range(f.size) for f in compact_features(engine)))), dtype=np.int64)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_branch_and_bound_finds_the_largest_excess_over_every_position(seed: int) -> None:
    engine = small_engine(("left_orchard", "waterway", "left_facade"), raindrops=5, trees=1)
    solution = random_supersolution(engine, seed)
    positions = every_position(engine)
    boxes = sum(f.empties[positions[:, fi]] for fi, f in enumerate(compact_features(engine)))
    start = Start.empty_sheet(engine)
    for level in start.levels(engine)[:: 7]:
        left, watered, empty = level
        at = positions[playable(engine, positions, watered) & (boxes == empty)]
        brute = float(excess(engine, tables(engine, solution, left, watered), at).max()) if len(at) else -np.inf
        found = largest_excess(engine, solution, level, -np.inf)
        assert found.found == pytest.approx(brute, abs=1e-9)
        assert found.bound == pytest.approx(brute, abs=1e-9)
        cut_short = largest_excess(engine, solution, level, -np.inf, nodes=2)
        assert cut_short.bound >= brute - 1e-9  # out of nodes, what it proves still holds


@cache
def tiny() -> tuple[Engine, Supersolution]:
    engine = small_engine(("left_orchard", "waterway"), raindrops=4, trees=1)
    return engine, compute(engine, games=30, tolerance=1e-2)


def test_a_proven_supersolution_is_never_below_perfect_honest_play() -> None:
    engine, solution = tiny()
    assert verify(engine, solution) <= solution.slack
    ending = endgame_for(engine)
    empty = [t.pack((0,) * t.feature.size) for t in engine.tables]
    exact = ending.outcome(empty, 0, 0).score
    assert exact <= solution.bound(engine, Start.empty_sheet(engine)) < exact + 0.5
    # every position after the empty sheet, too (W is a supersolution everywhere it can go)
    rng = random.Random(7)
    values = [range(engine.faces + 1)] * 5
    checked = 0
    for digits in rng.sample(list(itertools.product(*values)), 400):
        states = [engine.tables[0].pack(digits[:2]), engine.tables[1].pack(digits[2:])]
        used, trees = rng.randrange(engine.raindrops), rng.randrange(engine.trees + 1)
        garden = sum(d > 0 for d in digits)
        if trees > garden or trees > used:
            continue
        checked += 1
        assert solution.bound(engine, Start.of(engine, states, used, trees)) >= ending.outcome(states, used, trees).score - 1e-9
    assert checked > 100


def test_a_table_below_a_finished_sheets_score_is_refused() -> None:
    engine, solution = tiny()
    lowered = [t.copy() for t in solution.features]
    lowered[0][:, 0] -= 1.0  # a finished orchard now worth a point less than it scores
    with pytest.raises(ValueError, match="below the score of a finished sheet"):
        verify(engine, dataclasses.replace(solution, features=tuple(lowered)))


def test_a_table_that_promises_too_little_needs_a_larger_slack() -> None:
    engine, solution = tiny()
    lowered = [t.copy() for t in solution.features]
    lowered[1][0, engine.raindrops] -= 0.5  # the empty waterway, with every raindrop left
    assert verify(engine, dataclasses.replace(solution, features=tuple(lowered))) > solution.slack + 0.01


@pytest.mark.slow
def test_on_the_rulebooks_sheet_the_bound_from_a_late_position_holds_and_is_close() -> None:
    """The whole sheet, from a careful game's position with 4 empty boxes: the exact ending knows
    the truth there."""
    engine = ENGINE  # the rulebook's sheet
    states, used, trees, _ = late_position(game=0, boxes=4)
    assert not engine.ends(states, used)  # a position still in play, 6 raindrops left
    start = Start.of(engine, states, used, trees)
    solution = compute(engine, start, games=30, tolerance=1e-2)
    assert verify(engine, solution, start) <= solution.slack
    exact = endgame_for(engine).outcome(states, used, trees).score
    assert exact - 1e-9 <= solution.bound(engine, start) < exact + 1.5
