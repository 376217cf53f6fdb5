"""Computing the honest bound's supersolution (``honest.py``): the linear program that makes ``W``
of the starting position as small as it can while every position's Bellman inequality holds.

There is one inequality per position and choice of a move for each roll, far too many to write
down, so they are added as they are found violated (cutting planes): first along games played by
the current ``W`` from the start (where the program's value is decided), then at each level's worst
position, found by the exact branch and bound of ``honest.py``, until it proves that no position
exceeds the tolerance. HiGHS solves each program.
"""

from __future__ import annotations

import math
import os
import random
import sys
from collections.abc import Callable
from dataclasses import replace
from functools import cache, partial

import numpy as np

from tajkit.solver.artisans.search.engine import Engine
from tajkit.solver.artisans.search.honest import (
    Supersolution,
    Use,
    best_uses,
    compact_features,
    distinct_rolls,
    Start,
    empty_boxes,
    largest_excess,
    tables,
)

TOLERANCE = 1e-3  # points: a position's excess above it is cut off; the slack is what is proven after


def _quiet(make: Callable):  # noqa: ANN202
    """``make()`` with the standard output closed: HiGHS prints its banner as it is created, before
    any option can silence it."""
    sys.stdout.flush()
    saved = os.dup(1)
    with open(os.devnull, "w") as null:
        os.dup2(null.fileno(), 1)
        try:
            return make()
        finally:
            os.dup2(saved, 1)
            os.close(saved)


class Program:
    """The linear program over W_f(state, left) and W_trees(watered, left), minimising W of the
    empty sheet, with the finished sheets' inequalities from the start and the cuts added later.
    HiGHS (through highspy, which keeps the last basis) re-solves it from where it was after each
    batch of cuts; cuts slack for several rounds are dropped to keep it small."""

    def __init__(self, engine: Engine, start: Start) -> None:
        import highspy

        self.engine = engine
        self.features = compact_features(engine)
        self.drops = engine.raindrops
        self.highs = _quiet(highspy.Highs)
        for option, value in (("output_flag", False), ("presolve", "off"), ("simplex_strategy", 1), ("threads", 1),
                              ("random_seed", 0)):
            self.highs.setOptionValue(option, value)
        self.infinity = highspy.kHighsInf
        self.offsets = list(np.cumsum([0] + [f.size * (self.drops + 1) for f in self.features]))
        self.boxes = sum(f.size for f in (t.feature for t in engine.tables))
        self.clock_at = self.offsets[-1] + (engine.trees + 1) * (self.drops + 1)
        columns = self.clock_at + (self.boxes + 1) * (self.drops + 1)
        penalty = engine.spec.tree_penalty
        # Boxes on the tables (a feature between -1 and its stars + 2, the trees between their
        # penalty - 1 and 2, the clock within the stars) and, for the features and the trees, more
        # raindrops never worth less: restrictions a supersolution may have without losing much,
        # and that keep the first programs' answers near the truth.
        low, high = np.full(columns, -1.0), np.full(columns, 2.0)
        for fi, f in enumerate(self.features):
            high[self.offsets[fi]:self.offsets[fi + 1]] = engine.stars[fi] + 2.0
        for watered in range(engine.trees + 1):
            low[[self.tree(watered, left) for left in range(self.drops + 1)]] = -penalty * (engine.trees - watered) - 1.0
        stars = float(sum(engine.stars))
        low[self.clock_at:], high[self.clock_at:] = -stars, stars
        self.highs.addVars(columns, low, high)
        cost = np.zeros(columns)
        cost[[self.cell(fi, s, start.left) for fi, s in enumerate(start.position)]
             + [self.tree(start.watered, start.left), self.clock(start.boxes(engine), start.left)]] = 1.0
        self.highs.changeColsCost(columns, np.arange(columns, dtype=np.int32), cost)
        for fi, f in enumerate(self.features):
            for s in range(f.size):
                for left in range(self.drops + 1):
                    if left == 0 or f.full[s]:  # a finished sheet: out of raindrops, or every box full
                        self._row(float(f.points[s]), self.infinity, {self.cell(fi, s, left): 1.0})
                    if left < self.drops:
                        self._row(0.0, self.infinity, {self.cell(fi, s, left + 1): 1.0, self.cell(fi, s, left): -1.0})
        for watered in range(engine.trees + 1):
            for left in range(self.drops + 1):
                self._row(-float(penalty * (engine.trees - watered)), self.infinity, {self.tree(watered, left): 1.0})
                if left < self.drops:
                    self._row(0.0, self.infinity, {self.tree(watered, left + 1): 1.0, self.tree(watered, left): -1.0})
        for boxes in range(self.boxes + 1):  # the clock of a finished sheet
            for left in range(self.drops + 1):
                if left == 0 or boxes == 0:
                    self._row(0.0, self.infinity, {self.clock(boxes, left): 1.0})
        self.fixed_rows = self.highs.getNumRow()
        self.cuts: list[tuple] = []  # the cut rows, in order after the fixed ones
        self.idle: list[int] = []
        self.known: set[tuple] = set()
        self.value = -math.inf

    def cell(self, fi: int, state: int, left: int) -> int:
        return int(self.offsets[fi]) + state * (self.drops + 1) + left

    def tree(self, watered: int, left: int) -> int:
        return int(self.offsets[-1]) + watered * (self.drops + 1) + left

    def clock(self, boxes: int, left: int) -> int:
        return int(self.clock_at) + boxes * (self.drops + 1) + left

    def _row(self, low: float, high: float, coef: dict[int, float]) -> None:
        self.highs.addRow(low, high, len(coef), np.array(list(coef), dtype=np.int32), np.array(list(coef.values())))

    def add_cut(self, position: tuple[int, ...], left: int, watered: int, uses: list[Use]) -> bool:
        """The inequality of ``position``: the chance-weighted W after each roll's chosen move is
        at most W now. False if it is there already."""
        _, chance = distinct_rolls(self.engine.faces)
        boxes = int(empty_boxes(self.engine, position))
        coef: dict[int, float] = {self.clock(boxes, left): -1.0}
        for p, use in zip(chance, uses):
            rest = left - use.paid
            cell = self.clock(boxes - 1 if use.feature >= 0 else boxes, rest)
            coef[cell] = coef.get(cell, 0.0) + p
            for fi, s in enumerate(position):
                cell = self.cell(fi, use.state if fi == use.feature else s, rest)
                coef[cell] = coef.get(cell, 0.0) + p
            cell = self.tree(watered + use.water, rest)
            coef[cell] = coef.get(cell, 0.0) + p
        for fi, s in enumerate(position):
            coef[self.cell(fi, s, left)] = coef.get(self.cell(fi, s, left), 0.0) - 1.0
        coef[self.tree(watered, left)] = coef.get(self.tree(watered, left), 0.0) - 1.0
        key = tuple(sorted((c, round(v, 12)) for c, v in coef.items()))
        if key in self.known:
            return False
        self.known.add(key)
        self.cuts.append(key)
        self.idle.append(0)
        self._row(-self.infinity, 0.0, coef)
        return True

    def solve(self) -> Supersolution:
        import highspy

        self.highs.run()
        if self.highs.getModelStatus() != highspy.HighsModelStatus.kOptimal:
            raise RuntimeError(f"the linear program ended with {self.highs.modelStatusToString(self.highs.getModelStatus())}")
        self.value = float(self.highs.getInfo().objective_function_value)
        x = np.array(self.highs.getSolution().col_value)
        drops = self.drops + 1
        features = tuple(x[self.offsets[fi]:self.offsets[fi + 1]].reshape(f.size, drops) for fi, f in enumerate(self.features))
        trees = x[self.offsets[-1]:self.clock_at].reshape(self.engine.trees + 1, drops)
        return Supersolution(features, trees, x[self.clock_at:].reshape(self.boxes + 1, drops), 0.0)

    def prune(self, solution: Supersolution, patience: int = 4, margin: float = 1e-3) -> int:
        """Drop the cuts that have been slack by more than ``margin`` for ``patience`` rounds."""
        x = np.concatenate([t.ravel() for t in solution.features] + [solution.trees.ravel(), solution.clock.ravel()])
        drop = []
        for j, key in enumerate(self.cuts):
            slack = sum(v * x[c] for c, v in key) < -margin
            self.idle[j] = self.idle[j] + 1 if slack else 0
            if self.idle[j] >= patience:
                drop.append(j)
        if drop:
            self.highs.deleteRows(len(drop), np.array([self.fixed_rows + j for j in drop], dtype=np.int32))
            gone = set(drop)
            for j in drop:
                self.known.discard(self.cuts[j])
            self.cuts = [k for j, k in enumerate(self.cuts) if j not in gone]
            self.idle = [n for j, n in enumerate(self.idle) if j not in gone]
        return len(drop)


def _game_cuts(engine: Engine, solution: Supersolution, program: Program, start: Start, games: int,
               rng: random.Random, tolerance: float) -> int:
    """Play ``games`` games from ``start``, each roll's move the one leading to the largest W, and
    add the inequality of every position met that ``solution`` violates."""
    features = compact_features(engine)
    _, chance = distinct_rolls(engine.faces)
    tables_at = cache(partial(tables, engine, solution))
    added = 0
    for _ in range(games):
        position, left, watered = list(start.position), start.left, start.watered
        while left > 0 and not all(f.full[s] for f, s in zip(features, position)):
            uses = best_uses(engine, tables_at(left, watered), position)
            if sum(p * u.value for p, u in zip(chance, uses)) > tolerance:
                added += program.add_cut(tuple(position), left, watered, uses)
            use = rng.choices(uses, weights=chance)[0]
            if use.feature >= 0:
                position[use.feature] = use.state
            left -= use.paid
            watered += use.water
    return added


def _exact_cuts(engine: Engine, solution: Supersolution, program: Program, start: Start, tolerance: float,
                nodes: int) -> tuple[int, float]:
    """The cut of each level's most violated position, and the largest excess proven."""
    added, proven = 0, 0.0
    domain = start.domain(engine)
    tables_at = cache(partial(tables, engine, solution))
    for left, watered, boxes in start.levels(engine):
        tab = tables_at(left, watered)
        found = largest_excess(engine, solution, (left, watered, boxes), tolerance, nodes, domain, tab)
        proven = max(proven, found.bound)
        if found.position is not None:
            added += program.add_cut(found.position, left, watered, best_uses(engine, tab, found.position))
    return added, proven


def compute(engine: Engine, start: Start | None = None, games: int = 100, seed: int = 0, tolerance: float = TOLERANCE,
            nodes: int = 2_000_000, rounds: int = 10_000, every: int = 25,
            progress: Callable[[str], None] | None = None) -> Supersolution:
    """The best proven supersolution found within ``rounds`` linear programs (the same answer for
    the same seed: the solver and the searches are deterministic).

    Each round adds the inequalities the current ``W`` violates along games; when they find none
    (and every ``every`` rounds), the exact branch and bound adds each level's worst and proves the
    largest excess, which becomes the slack of a candidate. The cutting planes creep up on the
    program's optimum slowly at the end, so the best candidate so far is kept and returned."""
    start = start or Start.empty_sheet(engine)
    program = Program(engine, start)
    pick = random.Random(seed)
    best: Supersolution | None = None
    for round_ in range(rounds):
        solution = program.solve()
        stage, added = "games", _game_cuts(engine, solution, program, start, games, pick, tolerance)
        if not added or round_ % every == every - 1:
            exact, proven = _exact_cuts(engine, solution, program, start, tolerance, nodes)
            added += exact
            candidate = replace(solution, slack=max(proven, 0.0))
            if best is None or candidate.bound(engine, start) < best.bound(engine, start):
                best = candidate
            stage = f"branch and bound, proven {candidate.bound(engine, start):.4f} (slack {candidate.slack:.6f})"
        dropped = program.prune(solution)
        if progress:
            progress(f"round {round_}: W(start) {program.value:.4f}, {added} cuts from {stage}, "
                     f"{dropped} dropped, {len(program.cuts)} in all")
        if not added:
            break
    if best is None:
        raise RuntimeError(f"no supersolution proven within {rounds} rounds")
    return best
