"""Players for simulated games: random, greedy, and a careful rule-based player.

A policy is called with the engine, the packed sheet, the raindrops used, the trees watered, the
roll and a random generator, and returns one of ``engine.moves(...)``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from tajkit.solver.artisans.engine import SKIP, EMove, Engine

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


def heuristic_policy(engine: Engine, states: Sequence[int], used: int, trees: int, roll: tuple[int, int], rng: random.Random) -> EMove:
    """A careful person: never writes a value that makes a feature impossible to satisfy, prefers
    moves that spend no raindrops, keeps the values that leave the most options, waters a tree
    while raindrops are plentiful, and when nothing fits marks a raindrop or gives up the cheapest
    feature."""
    del rng
    left = engine.raindrops - used
    boxes_left = sum(len(t.empties[s]) for t, s in zip(engine.tables, states))
    safe: list[tuple[tuple[float, ...], EMove]] = []
    sacrifices: list[tuple[tuple[float, ...], EMove]] = []
    for m in engine.moves(states, used, trees, roll):
        if m.feature < 0:
            continue
        table = engine.tables[m.feature]
        before = states[m.feature]
        alteration = m.raindrops - m.water
        if m.water and left - m.raindrops < max(3, boxes_left // 5):
            continue  # keep raindrops for the dice while they are scarce
        if not table.live[before]:
            safe.append(((alteration, 0, -m.water), m))  # a free spot in a feature already lost
            continue
        if table.live[m.state]:
            kept = table.completions[m.state] / table.completions[before]
            completes = table.scores[m.state]
            safe.append(((alteration, -completes, -kept, -m.water), m))
        else:
            sacrifices.append(((alteration, engine.stars[m.feature], -m.water), m))
    if safe:
        key, move = min(safe, key=lambda item: item[0])
        if key[0] == 0 or key[0] <= 1 and left > boxes_left // 3 or left <= 1:
            return move
        if left > 2:
            return SKIP
        return move
    if left > 2 and boxes_left > 1:
        return SKIP
    return min(sacrifices, key=lambda item: item[0])[1] if sacrifices else SKIP
