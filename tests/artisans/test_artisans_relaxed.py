"""The relaxed sheet's bound (``search/relaxed.py``): the exact value of a sheet whose relaxed
features score whenever they are full is never below perfect honest play (``endgame.py``, exact
expectimax on the real sheet), from every position; with every feature kept exact it is perfect
honest play. Rulebook: Scoring Conditions (a feature scores only when full and meeting its
condition), Altering dice results and Watering fruit trees (the moves and their raindrops), End of
the Game (the last box or the last raindrop)."""

from __future__ import annotations

import dataclasses
import itertools
import random
from functools import cache

import numpy as np
import pytest
from tajkit.solver.artisans.search.endgame import endgame_for
from tajkit.solver.artisans.search.engine import Engine, engine_for
from tajkit.solver.artisans.search.relaxed import _unrank, default_exact, solve
from tajkit.solver.artisans.spec import load_spec

FEATURES = ("left_orchard", "waterway", "left_facade", "right_facade")


def small_engine(keep: tuple[str, ...], raindrops: int, trees: int) -> Engine:
    """The rulebook's sheet cut down to some of its features, raindrops and trees: small enough
    for the exact ending to solve from the empty sheet."""
    spec = load_spec()
    features = tuple(f for f in spec.features if f.id in keep)
    return engine_for(dataclasses.replace(spec, features=features, raindrops=raindrops, clouds=(raindrops,), trees=trees))


@cache
def small() -> Engine:
    return small_engine(FEATURES, raindrops=5, trees=1)


def positions(engine: Engine, count: int, seed: int):  # noqa: ANN201
    """Random positions still in play (any values in any boxes, raindrops used, trees watered
    that the garden's filled boxes allow)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        values = [tuple(rng.choice((0, 0, *range(1, engine.faces + 1))) for _ in range(t.feature.size)) for t in engine.tables]
        states = [t.pack(v) for t, v in zip(engine.tables, values)]
        garden = sum(v > 0 for t, vs in zip(engine.tables, values) if t.feature.group == engine.garden for v in vs)
        used, trees = rng.randrange(engine.raindrops), rng.randrange(engine.trees + 1)
        if trees <= min(garden, used) and not engine.ends(states, used):
            out.append((states, used, trees))
    return out


def index(engine: Engine, name: str) -> int:
    return next(i for i, t in enumerate(engine.tables) if t.feature.id == name)


@cache
def minarets() -> Engine:
    """Features whose boxes are not interchangeable: a value written may lead to a different
    position in each box (a minaret's 4 may go at the bottom or the top)."""
    return small_engine(("left_orchard", "left_minaret", "right_minaret"), raindrops=6, trees=1)


@pytest.mark.slow  # the exact ending of the whole small sheet, and every feature's states kept: 20 s, 90 s under load
@pytest.mark.parametrize("sheet_of", [small, minarets])
def test_every_feature_exact_is_perfect_honest_play(sheet_of) -> None:  # noqa: ANN001
    """Up to the fixed point's rounding, which only ever rounds up (``RelaxedSheet.rounding``)."""
    engine = sheet_of()
    sheet = solve(engine, exact=range(len(engine.tables)))
    ending = endgame_for(engine)
    assert 0 < sheet.rounding < 0.005
    for states, used, trees in [(engine.empty_sheet(), 0, 0), *positions(engine, 150, seed=1)]:
        truth = ending.outcome(states, used, trees).score
        assert truth - 1e-9 <= sheet.bound(states, used, trees) <= truth + sheet.rounding


def test_the_layers_are_numbered_one_to_one() -> None:
    """Within a layer (configs with the same empty boxes) the ranks are 0..size-1, each once, and
    unranking gives the config back."""
    engine = small()
    sheet = solve(engine, exact=[index(engine, "waterway"), index(engine, "left_facade")])
    configs = sheet.configs
    seen: dict[int, set[int]] = {}
    for digits in itertools.product(*(range(r) for r in configs.radix)):
        total, rank = configs.rank(digits)
        assert rank not in seen.setdefault(total, set())
        seen[total].add(rank)
        back = np.zeros(len(digits), dtype=np.int64)
        _unrank(rank, total, configs.radix, configs.boxes, configs.count, configs.before, back)
        assert tuple(back) == digits
    assert all(ranks == set(range(configs.layer_size(total))) for total, ranks in seen.items())


def test_keeping_only_the_start_layer_gives_the_same_bound_there() -> None:
    engine = small()
    kept = solve(engine, keep_all=False)
    start = engine.empty_sheet()
    assert kept.bound(start, 0, 0) == solve(engine).bound(start, 0, 0)
    later = list(start)
    later[index(engine, "left_facade")] = engine.tables[index(engine, "left_facade")].pack((5, 0, 0, 0))
    with pytest.raises(ValueError, match="kept no values"):
        kept.bound(later, 0, 0)


@pytest.mark.parametrize("exact", [("left_facade", "right_facade"), ("waterway",), ()])
def test_relaxed_features_never_bring_the_bound_below_perfect_honest_play(exact: tuple[str, ...]) -> None:
    engine = small()
    sheet = solve(engine, exact=[index(engine, name) for name in exact])
    ending = endgame_for(engine)
    truth = ending.outcome(engine.empty_sheet(), 0, 0).score
    assert truth - 1e-9 <= sheet.bound(engine.empty_sheet(), 0, 0)
    for states, used, trees in positions(engine, 150, seed=2):
        assert sheet.bound(states, used, trees) >= ending.outcome(states, used, trees).score - 1e-9


def test_the_facades_and_minarets_are_kept_exact_by_default_and_the_bound_tightens_as_features_are_kept() -> None:
    engine = small()
    assert [engine.tables[i].feature.id for i in default_exact(engine)] == ["left_facade", "right_facade"]
    sheet = engine_for(load_spec())
    assert [sheet.tables[i].feature.id for i in default_exact(sheet)] == [
        "left_minaret", "left_facade", "right_facade", "right_minaret"]
    start = engine.empty_sheet()
    bounds = [solve(engine, exact=[index(engine, n) for n in kept]).bound(start, 0, 0)
              for kept in ((), ("left_facade",), ("left_facade", "right_facade"), FEATURES)]
    assert all(a >= b - 0.005 for a, b in itertools.pairwise(bounds))  # up to the rounding
    assert bounds[0] > bounds[-1] + 0.5  # relaxing the conditions gives away something real


def test_from_a_position_features_already_lost_score_nothing() -> None:
    """Solved from a position whose orchard can no longer score (3 + 4 is not 6), the bound is
    tighter than the empty sheet's table there and still holds after it."""
    engine = small()
    orchard = engine.tables[index(engine, "left_orchard")]
    states = engine.empty_sheet()
    states[index(engine, "left_orchard")] = orchard.pack((3, 4))
    from_start = solve(engine, start=states)
    anywhere = solve(engine)
    ending = endgame_for(engine)
    exact = ending.outcome(states, 1, 0).score
    assert exact - 1e-9 <= from_start.bound(states, 1, 0) <= anywhere.bound(states, 1, 0) - 1.0
    facade = index(engine, "left_facade")
    later = list(states)
    later[facade] = engine.tables[facade].pack((5, 5, 0, 0))
    assert from_start.bound(later, 2, 1) >= ending.outcome(later, 2, 1).score - 1e-9
    begun = solve(engine, start=later)  # the left facade can only ever hold fives from here
    other = list(later)
    other[facade] = engine.tables[facade].pack((4, 4, 0, 0))
    with pytest.raises(ValueError, match="left_facade cannot reach this position"):
        begun.bound(other, 2, 1)
