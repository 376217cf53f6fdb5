"""A proven bound on perfect honest play from any position, the empty sheet included: the exact
value of a relaxed sheet.

Relax the sheet: keep some features as the rulebook has them (``exact``) and let every other one
score its stars whenever its boxes are full, whatever values they hold. Every move of the real game
is a move of the relaxed game (at the same raindrop cost, to the same position but for the values
the relaxed features forget), and a finished real sheet scores at most what it scores relaxed. So,
by induction over the turns left, perfect honest play expects at least as much on the relaxed sheet
as on the real one, from every position: its exact expectimax value is an upper bound on the real
game's. It is one number, an exact expectation over the rolls, not an average over sampled dice.

The relaxed game is small enough to solve exactly: a relaxed feature's values no longer matter, only
how many boxes of its group are empty (which of a group's relaxed features end up full is settled at
the end as favourably as the count allows, a further relaxation). A position is the exact features'
compact states (``honest.compact_features``), the empty boxes of each group of relaxed features, the
raindrops left and the trees watered. Keeping both facades exact (``FACADES``; four identical values
each, the features a careful player most often loses) gives 38.54 from the empty sheet, against the
clairvoyant's 38.97 (docs/artisans.md); keeping any single feature exact gives 38.98 or more.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from tajkit.solver.artisans.search.engine import Engine
from tajkit.solver.artisans.search.honest import compact_features, compact_state, distinct_rolls

FACADES = "identical"  # the condition of the features kept exact by default (the two facades)


def default_exact(engine: Engine) -> tuple[int, ...]:
    """The features kept exact unless told otherwise: those whose four values must be identical."""
    return tuple(fi for fi, t in enumerate(engine.tables) if t.feature.condition == FACADES)


def _group_stars(sizes_stars: Sequence[tuple[int, int]], capacity: int) -> list[int]:
    """Per number of boxes filled (0..capacity): the most stars of features (empty boxes, stars)
    that many boxes can complete (the features that end up full are the best the count allows)."""
    return [
        max(sum(stars for _, stars in chosen)
            for n in range(len(sizes_stars) + 1) for chosen in itertools.combinations(sizes_stars, n)
            if sum(size for size, _ in chosen) <= filled)
        for filled in range(capacity + 1)
    ]


@dataclass(frozen=True)
class RelaxedSheet:
    """The relaxed game solved: ``values[config, raindrops left, trees watered]``, where a config
    numbers the exact features' compact states and the relaxed groups' empty boxes (mixed radix,
    ``radix``, the last digit fastest)."""

    engine: Engine
    exact: tuple[int, ...]  # the features kept as the rulebook has them
    groups: tuple[int, ...]  # the groups of the relaxed features, ascending
    radix: tuple[int, ...]  # per exact feature its compact states, per relaxed group its boxes + 1
    values: np.ndarray

    def config(self, states: Sequence[int]) -> int:
        """The config of a real position (packed feature states, ``engine.py``)."""
        engine = self.engine
        digits = [compact_state(engine, fi, states[fi]) for fi in self.exact]
        for g in self.groups:
            digits.append(sum(len(t.empties[states[fi]]) for fi, t in enumerate(engine.tables)
                              if engine.groups[fi] == g and fi not in self.exact))
        return int(np.ravel_multi_index(digits, self.radix))

    def bound(self, states: Sequence[int], used: int, trees: int) -> float:
        """At least what perfect honest play expects from this real position (one that follows
        the position the sheet was solved from)."""
        return float(self.values[self.config(states), self.engine.raindrops - used, trees])


def solve(engine: Engine, exact: Sequence[int] | None = None, start: Sequence[int] | None = None,
          progress: Callable[[int, int], None] | None = None) -> RelaxedSheet:
    """Exact expectimax over every position of the relaxed sheet (``progress(done, total)`` after
    each number of raindrops left). With ``start`` (packed feature states), the relaxed features
    that are already full keep the stars they score and those that can no longer score score
    nothing: a tighter bound, valid from the positions that follow ``start`` (without it, from any
    position)."""
    exact = tuple(sorted(default_exact(engine) if exact is None else exact))
    features = compact_features(engine)
    start = start if start is not None else engine.empty_sheet()
    relaxed = [fi for fi in range(len(features)) if fi not in exact]
    groups = tuple(sorted({engine.groups[fi] for fi in relaxed}))
    capacity, stars = {}, {}
    for g in groups:
        capacity[g], stars[g] = _group(engine, [fi for fi in relaxed if engine.groups[fi] == g], start)
    radix = tuple(features[fi].size for fi in exact) + tuple(capacity[g] + 1 for g in groups)
    configs = int(np.prod(radix))
    digits = np.array(np.unravel_index(np.arange(configs), radix))  # [digit, config]
    stride = [int(np.prod(radix[d + 1:])) for d in range(len(radix))]
    boxes = sum(features[fi].empties[digits[d]] for d, fi in enumerate(exact)) + digits[len(exact):].sum(axis=0)
    final = sum(features[fi].points[digits[d]] for d, fi in enumerate(exact))
    final = final + sum(np.array(stars[g])[capacity[g] - digits[len(exact) + j]] for j, g in enumerate(groups))
    rain, trees = engine.raindrops, engine.trees
    dry = engine.spec.tree_penalty * (trees - np.arange(trees + 1))
    values = np.empty((configs, rain + 1, trees + 1))
    moves = _moves(engine, exact, groups, features, digits, stride)
    rolls, chance = distinct_rolls(engine.faces)
    levels = [np.flatnonzero(boxes == n) for n in range(int(boxes.max()) + 1)]
    for left in range(rain + 1):
        for n, at in enumerate(levels):
            if left == 0 or n == 0:
                values[at, left] = final[at, None] - dry[None, :]
                continue
            values[at, left] = _expected(values, at, left, moves, rolls, chance, engine)
        if progress:
            progress(left + 1, rain + 1)
    return RelaxedSheet(engine, exact, groups, radix, values)


def _group(engine: Engine, members: Sequence[int], start: Sequence[int]) -> tuple[int, list[int]]:
    """A group of relaxed features from ``start``: its empty boxes, and per number of them filled
    the most stars the group can then score (a full feature its own, one that can no longer
    score none, one still open its stars if the count covers its empty boxes)."""
    fixed, open_, empty = 0, [], 0
    for fi in members:
        table, state = engine.tables[fi], start[fi]
        boxes = len(table.empties[state])
        empty += boxes
        if not boxes:
            fixed += engine.stars[fi] if table.scores[state] else 0
        elif table.live[state]:
            open_.append((boxes, engine.stars[fi]))
    return empty, [fixed + s for s in _group_stars(open_, empty)]


@dataclass(frozen=True)
class _Move:
    """Writing in one exact feature (with a given value) or one relaxed group (any value):
    ``step[config]`` is the config it leads to (where ``open[config]``: a box to write in)."""

    group: int
    value: int  # 0: any value (a relaxed group)
    open: np.ndarray
    step: np.ndarray


def _moves(engine, exact, groups, features, digits, stride) -> list[_Move]:  # noqa: ANN001
    configs = np.arange(digits.shape[1])
    out = []
    for d, fi in enumerate(exact):
        f = features[fi]
        after = np.tile(np.arange(f.size)[:, None], (1, engine.faces + 1))  # [state, value]
        for s, row in enumerate(f.moves):
            for value, nxt in row:
                after[s, value] = nxt
        open_ = f.empties[digits[d]] > 0
        for value in range(1, engine.faces + 1):
            out.append(_Move(f.group, value, open_, configs + (after[digits[d], value] - digits[d]) * stride[d]))
    for j, g in enumerate(groups):
        d = len(exact) + j
        out.append(_Move(g, 0, digits[d] > 0, configs - stride[d]))
    return out


def _expected(values, at, left, moves, rolls, chance, engine) -> np.ndarray:  # noqa: ANN001
    """[position of ``at``, trees watered]: the expected value of the best move after the roll."""
    trees = values.shape[2] - 1
    cache: dict[tuple[int, int, bool], np.ndarray] = {}

    def after(k: int, paid: int, water: bool) -> np.ndarray:
        key = (k, paid, water)
        if key not in cache:
            m = moves[k]
            rest = values[m.step[at], left - paid]  # [position, trees watered]
            if water:
                rest = np.concatenate([rest[:, 1:], np.full((len(at), 1), -np.inf)], axis=1)
            cache[key] = np.where(m.open[at, None], rest, -np.inf)
        return cache[key]

    skip = values[at, left - 1]
    total = np.zeros((len(at), trees + 1))
    for (a, b), p in zip(rolls, chance):
        best = skip.copy()
        for k, m in enumerate(moves):
            cost = engine.cost[a][b][m.group]
            paid = cost[m.value] if m.value else min(cost[1:])
            if paid <= left:
                np.maximum(best, after(k, paid, False), out=best)
            if m.group == engine.garden and trees and paid + 1 <= left:
                np.maximum(best, after(k, paid + 1, True), out=best)
        total += p * best
    return total
