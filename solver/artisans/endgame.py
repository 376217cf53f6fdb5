"""The exact ending: once few boxes remain, the rest of the game solved by expectimax.

A position's *ending* keeps only what the rest of the game depends on: per feature that can still
score, its canonical values (``engine.py``); per group, how many empty boxes belong to features
that can no longer score (any value goes there, so only the count matters); and how many trees can
still be watered (at most one per garden box left). Its value is a pair of arrays over the
raindrops left ``r`` = 0..15: the expected points still to come under perfect play (stars of the
features it completes, plus the penalty saved per tree it waters), and the expected raindrops left
unused at the end, the rulebook's tie-break (Scoring: "In a tie, the player with the most unused
raindrops wins"), which perfect play maximises second. The next roll is one of the 21 unordered
pairs (a double with chance 1/36, the others 2/36); every move is at its lowest raindrop cost
(rulebook: Altering dice results); writing nothing marks one raindrop; the game ends when the last
box is filled or the last raindrop marked (rulebook: End of the Game).

Values are memoised per ending for the life of the process (endings recur across the hint's
sampled futures and from turn to turn), and an ending's value does not depend on what was
memoised before, so the answers do not either.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np

from tajkit.solver.artisans.engine import EMove, Engine

EPS = 1e-9  # expected scores closer than this are equal (floating-point noise only)
MEMO_LIMIT = 200_000  # endings kept per process (about 500 bytes each)
Key = tuple[int, ...]  # per feature: canonical state or -1; per group: dead boxes; trees to water


@dataclass(frozen=True)
class Outcome:
    """The exact value of a move: expected final score, and expected raindrops left at the end."""

    score: float
    rain: float

    def better_than(self, other: Outcome) -> bool:
        """Higher expected score; at an equal score, more unused raindrops (the tie-break)."""
        if self.score > other.score + EPS:
            return True
        return self.score > other.score - EPS and self.rain > other.rain + EPS


class Endgame:
    """Expectimax over the rest of the game for positions with few boxes left."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.rain_max = engine.raindrops
        faces = engine.faces
        pairs = [(a, b) for a in range(1, faces + 1) for b in range(a, faces + 1)]
        self.probability = np.array([(1 if a == b else 2) / faces**2 for a, b in pairs])
        self.groups = engine.groups
        self.slot_group = sorted(set(engine.groups))
        self.group_index = {g: i for i, g in enumerate(self.slot_group)}
        self.garden_slot = self.group_index[engine.garden]
        self.features = len(engine.tables)
        # the raindrop cost of each kind of placement for each roll; kinds: write x in group g
        # (g * (faces + 1) + x), any value in a dead box of group g (DEAD + g), and each of these
        # watering a tree too (+ WATER)
        self.dead_kind = (faces + 1) ** 2
        self.water_kind = self.dead_kind + faces + 1
        live = [[[engine.cost[a][b][g][x] for a, b in pairs] for x in range(faces + 1)] for g in range(faces + 1)]
        live_rows = np.array(live, dtype=np.int64).reshape(-1, len(pairs))
        dead_rows = np.array(live, dtype=np.int64)[:, 1:, :].min(axis=1)
        dry = np.concatenate([live_rows, dead_rows])
        self.cost = np.concatenate([dry, dry + 1])
        self._merged: dict[tuple[int, ...], int] = {}  # several kinds -> the kind of their cheapest
        self.memo: dict[Key, int] = {}  # ending -> row of self.gain / self.rain
        self.rows = 0  # rows in use
        self.gain = np.zeros((0, self.rain_max + 1))
        self.rain = np.zeros((0, self.rain_max + 1))
        self.caps = np.zeros(0, dtype=np.int64)  # per row: solved for up to this many raindrops left
        self._moves: dict[tuple[int, int], list[tuple[int, int, int]]] = {}
        self._arrays()

    def _arrays(self) -> None:
        """Per feature and packed state: its canonical state if it can still score and has empty
        boxes (else -1), and its empty boxes if it can no longer score (else 0)."""
        self.live_canon, self.dead_boxes = [], []
        for t in self.engine.tables:
            n = len(t.empties)
            self.live_canon.append(
                np.array([t.canon[s] if t.live[s] and t.empties[s] else -1 for s in range(n)], dtype=np.int64)
            )
            self.dead_boxes.append(np.array([0 if t.live[s] else len(t.empties[s]) for s in range(n)], dtype=np.int64))
        self.empty_count = [np.array([len(e) for e in t.empties], dtype=np.int64) for t in self.engine.tables]

    # --- positions -------------------------------------------------------------------------------

    def keys(self, states: np.ndarray, trees: np.ndarray) -> np.ndarray:
        """The endings of many positions at once: one row per position (see ``Key``)."""
        n, features = states.shape
        out = np.zeros((n, features + len(self.slot_group) + 1), dtype=np.int64)
        garden = np.zeros(n, dtype=np.int64)
        for fi in range(features):
            column = states[:, fi]
            out[:, fi] = self.live_canon[fi][column]
            out[:, features + self.group_index[self.groups[fi]]] += self.dead_boxes[fi][column]
            if self.groups[fi] == self.engine.garden:
                garden += self.empty_count[fi][column]
        out[:, -1] = np.minimum(self.engine.trees - trees, garden)
        return out

    def key(self, states: Sequence[int], trees: int) -> Key:
        row = self.keys(np.asarray([states], dtype=np.int64), np.asarray([trees]))[0]
        return tuple(int(v) for v in row)

    def outcome(self, states: Sequence[int], used: int, trees: int) -> Outcome:
        """The exact expected final score (and unused raindrops) from a position, before its roll."""
        rain = self.engine.raindrops - used
        now = self.engine.score(states, trees)
        if self.engine.ends(states, used):
            return Outcome(float(now), float(max(rain, 0)))
        gain, left = self.value(self.key(states, trees), rain)
        return Outcome(now + gain, left)

    def gains(self, states: np.ndarray, used: np.ndarray, trees: np.ndarray) -> np.ndarray:
        """The expected points still to come from many positions at once (each ending solved once);
        add the sheet's score now for ``outcome(...).score``."""
        rain = self.engine.raindrops - used
        unique, inverse = np.unique(self.keys(states, trees), axis=0, return_inverse=True)
        keys = [tuple(int(v) for v in row) for row in unique]
        self.solve(keys, int(rain.max(initial=0)))
        rows = np.array([self.memo[k] for k in keys])[inverse.reshape(-1)]
        return self.gain[rows, np.maximum(rain, 0)] * (rain > 0)

    def moves(self, states: Sequence[int], used: int, trees: int, moves: Sequence[EMove]) -> list[Outcome]:
        """The exact value of each move (this turn's roll is known: ``moves`` are its moves)."""
        afters = []
        for m in moves:
            after = list(states)
            if m.feature >= 0:
                after[m.feature] = m.state
            afters.append(after)
        keys = self.keys(np.asarray(afters, dtype=np.int64), np.asarray([trees + m.water for m in moves]))
        self.solve([tuple(int(v) for v in row) for row in keys], self.engine.raindrops - used)
        return [self.outcome(after, used + m.raindrops, trees + m.water) for after, m in zip(afters, moves)]

    # --- the expectimax ----------------------------------------------------------------------------

    def value(self, key: Key, rain: int) -> tuple[float, float]:
        """(points still to come, raindrops left at the end) from ``key`` with ``rain`` raindrops left."""
        self.solve([key], rain)
        row = self.memo[key]
        return float(self.gain[row, rain]), float(self.rain[row, rain])

    def _known(self, key: Key, rain: int) -> bool:
        row = self.memo.get(key)
        return row is not None and self.caps[row] >= rain

    def solve(self, keys: Sequence[Key], rain: int) -> None:
        """Solve every ending reachable from ``keys`` for up to ``rain`` raindrops left (a move
        never adds any), unless memoised: all endings with the same number of empty boxes at
        once, fewest boxes first (a move fills one box)."""
        if self.rows > MEMO_LIMIT:  # forget everything (values never depend on the memo)
            self.memo.clear()
            self.rows = 0
        pending: dict[Key, list[tuple[Key, float, int]]] = {}
        stack = [k for k in keys if not self._known(k, rain)]
        while stack:
            key = stack.pop()
            if key in pending or self._known(key, rain):
                continue
            pending[key] = placements = self._placements(key)
            stack.extend(child for child, _, _ in placements if child not in pending and not self._known(child, rain))
        levels: dict[int, list[Key]] = {}
        for key in pending:
            levels.setdefault(self._boxes(key), []).append(key)
        for boxes in sorted(levels):
            self._solve_level(levels[boxes], pending, rain)

    def _boxes(self, key: Key) -> int:
        e = self.engine
        live = sum(len(e.tables[fi].empties[s]) for fi, s in enumerate(key[: self.features]) if s >= 0)
        return live + sum(key[self.features : -1])

    CHUNK = 3000  # placements solved in one numpy pass (bounds the memory)

    def _solve_level(self, keys: list[Key], pending: dict[Key, list[tuple[Key, float, int]]], rain: int) -> None:
        start = 0
        while start < len(keys):
            stop, size = start, 0
            while stop < len(keys) and (size == 0 or size + len(pending[keys[stop]]) <= self.CHUNK):
                size += len(pending[keys[stop]])
                stop += 1
            self._solve_chunk(keys[start:stop], pending, rain)
            start = stop

    def _solve_chunk(self, keys: list[Key], pending: dict[Key, list[tuple[Key, float, int]]], rain: int) -> None:
        rain_range = np.arange(rain + 1)
        counts = [len(pending[k]) for k in keys]
        if not any(counts):  # every box is filled: the game is over
            self._store(keys, np.zeros((len(keys), rain + 1)), np.tile(rain_range.astype(float), (len(keys), 1)))
            return
        flat = [p for k in keys for p in pending[k]]
        child = np.array([self.memo[c] for c, _, _ in flat])
        reward = np.array([p for _, p, _ in flat])
        cost = self.cost[np.array([kind for _, _, kind in flat])]  # (P, rolls)
        starts = np.concatenate([[0], np.cumsum(counts)[:-1]])
        owner = np.repeat(np.arange(len(keys)), counts)
        after = rain_range[None, None, :] - cost[:, :, None]  # (P, rolls, R+1): raindrops left after
        rows = child[:, None, None]
        index = np.maximum(after, 0)
        s = np.where(after >= 0, reward[:, None, None] + self.gain[rows, index], -np.inf)
        best_s = np.maximum.reduceat(s, starts, axis=0)  # (C, rolls, R+1)
        tied = s >= best_s[owner] - EPS
        best_r = np.maximum.reduceat(np.where(tied, self.rain[rows, index], -np.inf), starts, axis=0)
        # writing nothing costs one raindrop and leaves the ending as it is: fill in r = 0, 1, ...
        value_s = np.zeros((len(keys), rain + 1))
        value_r = np.zeros((len(keys), rain + 1))
        for r in range(1, rain + 1):
            skip_s, skip_r = value_s[:, r - 1 : r], value_r[:, r - 1 : r]
            move_s, move_r = best_s[:, :, r], best_r[:, :, r]
            take = (move_s > skip_s + EPS) | ((move_s > skip_s - EPS) & (move_r > skip_r))
            value_s[:, r] = np.where(take, move_s, skip_s) @ self.probability
            value_r[:, r] = np.where(take, move_r, skip_r) @ self.probability
        self._store(keys, value_s, value_r)

    def _store(self, keys: list[Key], gain: np.ndarray, rain: np.ndarray) -> None:
        """Rows for newly solved endings (valid up to ``gain.shape[1] - 1`` raindrops left)."""
        first, cap = self.rows, gain.shape[1] - 1
        if first + len(keys) > len(self.gain):
            size = max(2 * len(self.gain), first + len(keys), 1024)
            self.gain = np.resize(self.gain, (size, self.rain_max + 1))
            self.rain = np.resize(self.rain, (size, self.rain_max + 1))
            self.caps = np.resize(self.caps, size)
        self.gain[first : first + len(keys), : cap + 1] = gain
        self.rain[first : first + len(keys), : cap + 1] = rain
        self.caps[first : first + len(keys)] = cap
        self.rows += len(keys)
        for i, key in enumerate(keys):
            self.memo[key] = first + i

    def _transitions(self, fi: int, state: int) -> list[tuple[int, int, int]]:
        """Feature ``fi``'s placements from canonical ``state``: (value, what follows, n), where
        what follows is 0 (still live: n is its canonical state), 1 (complete: n is 1 if it
        scores) or 2 (can no longer score: n empty boxes left)."""
        got = self._moves.get((fi, state))
        if got is None:
            table = self.engine.tables[fi]
            got, seen = [], set()
            for x in range(1, self.engine.faces + 1):
                for box in table.empties[state]:
                    new = table.place(state, box, x)
                    if (x, table.canon[new]) in seen:
                        continue
                    seen.add((x, table.canon[new]))
                    if not table.empties[new]:
                        got.append((x, 1, int(table.scores[new])))
                    elif not table.live[new]:
                        got.append((x, 2, len(table.empties[new])))
                    else:
                        got.append((x, 0, table.canon[new]))
            self._moves[fi, state] = got
        return got

    def _placements(self, key: Key) -> list[tuple[Key, float, int]]:
        """Every way to write a value from ``key``: (the ending after it, the points it earns, the
        kind of its raindrop cost)."""
        e = self.engine
        n = self.features
        water = key[-1]
        garden = key[n + self.garden_slot] + sum(
            len(e.tables[fi].empties[s]) for fi, s in enumerate(key[:n]) if s >= 0 and self.groups[fi] == e.garden
        )
        base = e.faces + 1
        out: dict[tuple[Key, float], set[int]] = {}

        def add(child: list[int], points: float, group: int, kind: int) -> None:
            if group == e.garden:
                child[-1] = min(water, garden - 1)
                out.setdefault((tuple(child), points), set()).add(kind)
                if water > 0:
                    child[-1] = min(water - 1, garden - 1)
                    out.setdefault((tuple(child), points + e.spec.tree_penalty), set()).add(kind + self.water_kind)
            else:
                out.setdefault((tuple(child), points), set()).add(kind)

        for fi, s in enumerate(key[:n]):
            if s < 0:
                continue
            g = self.groups[fi]
            for x, follows, value in self._transitions(fi, s):
                child = list(key)
                points = 0.0
                if follows == 0:
                    child[fi] = value
                else:
                    child[fi] = -1
                    if follows == 1:
                        points = float(e.stars[fi]) * value
                    else:
                        child[n + self.group_index[g]] += value
                add(child, points, g, g * base + x)
        for slot in range(len(self.slot_group)):
            if key[n + slot]:
                child = list(key)
                child[n + slot] -= 1
                g = self.slot_group[slot]
                add(child, 0.0, g, self.dead_kind + g)
        return [(child, points, self._cheapest(kinds)) for (child, points), kinds in out.items()]

    def _cheapest(self, kinds: set[int]) -> int:
        """The kind of cost of several placements that lead to the same ending (e.g. every value
        that spoils a feature): for each roll, the cheapest of them."""
        if len(kinds) == 1:
            return next(iter(kinds))
        key = tuple(sorted(kinds))
        kind = self._merged.get(key)
        if kind is None:
            kind = self._merged[key] = len(self.cost)
            self.cost = np.vstack([self.cost, self.cost[list(key)].min(axis=0)])
        return kind


@cache
def endgame_for(engine: Engine) -> Endgame:
    """One solver (and one memo) per engine and process."""
    return Endgame(engine)
