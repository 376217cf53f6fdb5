"""Players for simulated games: random, greedy, and the careful rule-based player.

A policy is called with the engine, the packed sheet, the raindrops used, the trees watered, the
roll and a random generator, and returns one of ``engine.moves(...)``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache

import numpy as np

from tajkit.solver.artisans.search.engine import SKIP, EMove, Engine
from tajkit.solver.artisans.search.rollout import Batch

Policy = Callable[[Engine, Sequence[int], int, int, tuple[int, int], random.Random], EMove]


def random_policy(engine: Engine, states: Sequence[int], used: int, trees: int, roll: tuple[int, int], rng: random.Random) -> EMove:
    """A uniformly random legal move (every box, value, watering choice and the skip alike)."""
    return rng.choice(engine.moves(states, used, trees, roll, distinct=False))


def greedy_policy(engine: Engine, states: Sequence[int], used: int, trees: int, roll: tuple[int, int], rng: random.Random) -> EMove:
    """The move that maximises the sheet's score right now, spending the fewest raindrops on the
    dice (remaining ties broken at random): a floor, not a rival."""
    best: list[EMove] = []
    top = None
    for m in engine.moves(states, used, trees, roll, distinct=False):
        value = (_score_after(engine, states, trees, m), -(m.raindrops - m.water))
        if top is None or value > top:
            top, best = value, [m]
        elif value == top:
            best.append(m)
    return rng.choice(best)


def _score_after(engine: Engine, states: Sequence[int], trees: int, m: EMove) -> int:
    if m.feature < 0:
        return engine.score(states, trees)
    after = list(states)
    after[m.feature] = m.state
    return engine.score(after, trees + m.water)


@cache
def _careful(engine: Engine) -> Batch:
    return Batch(engine)


def heuristic_policy(engine: Engine, states: Sequence[int], used: int, trees: int, roll: tuple[int, int], rng: random.Random) -> EMove:
    """A careful person (the rules are in :class:`~tajkit.solver.artisans.search.rollout.CarefulRules`):
    never writes a value that makes a feature impossible to satisfy, prefers moves that spend no
    raindrops, keeps the values that leave the most ways to score, waters a tree while raindrops
    are plentiful or when the garden is about to run out of boxes, and when nothing fits marks a
    raindrop or gives up the cheapest feature."""
    del rng
    one = np.asarray([states], dtype=np.int64)
    feature, value, new_state, paid, water = _careful(engine).choose(
        one, np.asarray([used]), np.asarray([trees]), np.asarray([roll])
    )
    fi = int(feature[0])
    if fi < 0:
        return SKIP
    table = engine.tables[fi]
    box = next(b for b in table.empties[states[fi]] if table.place(states[fi], b, int(value[0])) == new_state[0])
    return EMove(fi, box, int(value[0]), int(paid[0]), bool(water[0]), int(new_state[0]))
