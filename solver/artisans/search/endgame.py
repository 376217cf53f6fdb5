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
memoised before, so the answers do not either: each value is computed in one fixed order of
elementary operations (see ``Endgame._expected``), so it is the same to the last bit whatever was
solved before and on any CPU.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np

from tajkit.solver.artisans.search.engine import EMove, Engine

EPS = 1e-12  # expected scores closer than this are equal (floating-point noise only)
MEMO_LIMIT = 200_000  # endings kept per process (about 500 bytes each)
# An ending as a row of KEY_TYPE: per feature its canonical state or -1, per group its dead boxes,
# then the trees still to water. The row's bytes (a Key) name it in the memo. A sheet whose
# features have more packed states than KEY_TYPE holds (a --data file's larger dice or features)
# uses WIDE_KEY_TYPE instead.
KEY_TYPE = np.int16
WIDE_KEY_TYPE = np.int32
Key = bytes


def _as_keys(rows: np.ndarray, key_type: type) -> np.ndarray:
    """Each row of endings as one opaque value (its bytes), to sort, compare and name them."""
    rows = np.ascontiguousarray(rows, dtype=key_type)
    return rows.view(np.dtype((np.void, rows.dtype.itemsize * rows.shape[1]))).reshape(-1)


@dataclass(frozen=True)
class Placements:
    """The placements from a level of endings, grouped by the ending they start from (``parent``,
    ascending): the ending each leads to (``children[child]``), its points and its cost's kind."""

    parent: np.ndarray
    child: np.ndarray
    children: np.ndarray
    points: np.ndarray
    kind: np.ndarray


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
        self.features = len(engine.tables)
        largest = max(len(table.empties) for table in engine.tables)
        self.key_type = KEY_TYPE if largest <= np.iinfo(KEY_TYPE).max else WIDE_KEY_TYPE
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
        self.rows = 1  # rows in use; row 0 is all -inf: no placement (see _best_moves)
        self.caps = np.zeros(0, dtype=np.int64)  # per row: solved for up to this many raindrops left
        self._arrays()
        self._transition_tables()
        # a row of self.gain / self.rain: ``OFF`` columns of -inf (a move the raindrops left cannot
        # pay for), then r = 0..rain_max; ``reach[kind, roll, r]`` is the column after paying
        self.off = int(self.cost.max())
        self.width = self.off + self.rain_max + 1
        self.gain = self.rain = np.full((1, self.width), -np.inf)
        self.reach = self.off + np.arange(self.rain_max + 1)[None, None, :] - self.cost[:, :, None]

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
        out = np.zeros((n, features + len(self.slot_group) + 1), dtype=self.key_type)
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
        return self.keys(np.asarray([states], dtype=np.int64), np.asarray([trees])).tobytes()

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
        unique, inverse = np.unique(_as_keys(self.keys(states, trees), self.key_type), return_inverse=True)
        rows = unique.view(self.key_type).reshape(len(unique), -1)
        self.solve(rows, int(rain.max(initial=0)))
        rows = np.array([self.memo[k] for k in unique.tolist()])[inverse.reshape(-1)]
        return self.gain[rows, self.off + np.maximum(rain, 0)] * (rain > 0)

    def moves(self, states: Sequence[int], used: int, trees: int, moves: Sequence[EMove]) -> list[Outcome]:
        """The exact value of each move (this turn's roll is known: ``moves`` are its moves)."""
        afters, keys = self._afters(states, trees, moves)
        self.solve(keys, self.engine.raindrops - used)
        return [self.outcome(after, used + m.raindrops, trees + m.water) for after, m in zip(afters, moves)]

    def reachable(self, states: Sequence[int], trees: int, moves: Sequence[EMove], limit: int) -> int | None:
        """How many endings with boxes left the rest of the game can reach after ``moves``: the
        work of solving them from a cold start. Counted whether this process has solved them or not,
        so the count (and what depends on it) never depends on the memo; None once above ``limit``."""
        _, keys = self._afters(states, trees, moves)
        boxes = self._boxes(keys)
        total, below = 0, keys[:0]
        for b in range(int(boxes.max(initial=-1)), 0, -1):
            level = np.unique(_as_keys(np.concatenate([keys[boxes == b], below]), self.key_type))
            total += len(level)
            if total > limit:
                return None
            below = self._placements(level.view(self.key_type).reshape(len(level), keys.shape[1])).children
        return total

    def _afters(self, states: Sequence[int], trees: int, moves: Sequence[EMove]) -> tuple[list[list[int]], np.ndarray]:
        """The sheet after each move, and its ending."""
        afters = []
        for m in moves:
            after = list(states)
            if m.feature >= 0:
                after[m.feature] = m.state
            afters.append(after)
        return afters, self.keys(np.asarray(afters, dtype=np.int64), np.asarray([trees + m.water for m in moves]))

    # --- the expectimax ----------------------------------------------------------------------------

    def value(self, key: Key, rain: int) -> tuple[float, float]:
        """(points still to come, raindrops left at the end) from ``key`` with ``rain`` raindrops left."""
        self.solve(np.frombuffer(key, dtype=self.key_type)[None, :], rain)
        row = self.memo[key]
        return float(self.gain[row, self.off + rain]), float(self.rain[row, self.off + rain])

    def _unknown(self, keys: np.ndarray, rain: int) -> tuple[np.ndarray, list[Key]]:
        """The distinct rows of ``keys`` not yet solved for ``rain`` raindrops left, and their keys."""
        unique = np.unique(_as_keys(keys, self.key_type))
        found = [(k, self.memo.get(k)) for k in unique.tolist()]
        keep = [i for i, (_, row) in enumerate(found) if row is None or self.caps[row] < rain]
        return unique[keep].view(self.key_type).reshape(len(keep), keys.shape[1]), [found[i][0] for i in keep]

    def solve(self, keys: np.ndarray, rain: int) -> None:
        """Solve every ending reachable from ``keys`` (rows) for up to ``rain`` raindrops left (a
        move never adds any), unless memoised. A move fills one box, so the endings are found level
        by level, most empty boxes first, and solved level by level, fewest boxes first."""
        if self.rows > MEMO_LIMIT:
            self.forget()
        keys = np.asarray(keys, dtype=self.key_type)
        boxes = self._boxes(keys)
        levels: list[tuple[list[Key], Placements | None]] = []
        below = keys[:0]
        for b in range(int(boxes.max(initial=-1)), -1, -1):
            level, names = self._unknown(np.concatenate([keys[boxes == b], below]), rain)
            placements = self._placements(level) if b > 0 and names else None
            levels.append((names, placements))
            below = placements.children if placements is not None else keys[:0]
        for names, placements in reversed(levels):
            if names:
                self._solve_level(names, placements, rain)

    def forget(self) -> None:
        """Forget every ending solved so far, as a fresh process (values never depend on the memo)."""
        self.memo.clear()
        self.rows = 1

    def _boxes(self, keys: np.ndarray, group: int | None = None) -> np.ndarray:
        """Empty boxes of each ending (of one group only, if given): those of its live features
        plus its dead boxes."""
        n = self.features
        slots = [self.group_index[group]] if group is not None else list(range(len(self.slot_group)))
        total = keys[:, [n + slot for slot in slots]].sum(axis=1, dtype=np.int64)
        for fi in range(n):
            if group is None or self.groups[fi] == group:
                total += self.empty_count[fi][keys[:, fi]] * (keys[:, fi] >= 0)
        return total

    CHUNK = 300  # placement cells (padding included) per numpy pass: its arrays stay in the processor's cache

    def _solve_level(self, names: list[Key], placements: Placements | None, rain: int) -> None:
        if placements is None:  # every box is filled: the game is over
            rain_range = np.arange(rain + 1, dtype=float)
            self._store(names, np.zeros((len(names), rain + 1)), np.tile(rain_range, (len(names), 1)))
            return
        rows = np.array([self.memo[k] for k in _as_keys(placements.children, self.key_type).tolist()])[placements.child]
        # the placements as a table, one line per ending (row 0 pads the short lines), endings with
        # as many placements solved together so that little is padded
        count = np.bincount(placements.parent, minlength=len(names))
        first = np.cumsum(count) - count
        child = np.append(rows, 0)
        points = np.append(placements.points, 0.0)
        kind = np.append(placements.kind, 0)
        best_s = np.empty((len(names), len(self.probability), rain + 1))
        best_r = np.empty_like(best_s)
        order = np.argsort(count, kind="stable")
        start = 0
        while start < len(order):
            window = count[order[start : start + self.CHUNK]]
            stop = start + max(1, int(np.sum(np.arange(1, len(window) + 1) * window <= self.CHUNK)))  # a prefix
            part = order[start:stop]
            width = int(count[part].max())
            line = np.arange(width)
            table = np.where(line < count[part, None], first[part, None] + line, len(rows))
            best_s[part], best_r[part] = self._best_moves(child[table], points[table], kind[table], rain)
            start = stop
        self._store(names, *self._with_skips(best_s, best_r))

    def _best_moves(self, child: np.ndarray, reward: np.ndarray, kind: np.ndarray, rain: int):  # noqa: ANN202
        """Per ending (a line of placements each), roll and raindrops left: the best placement's
        expected points, and at that score the most raindrops left at the end."""
        at = self.reach[kind, :, : rain + 1] + (child * self.width)[:, :, None, None]  # (C, P, rolls, R+1)
        s = self.gain.take(at)
        s += reward[:, :, None, None]
        best_s = s.max(axis=1)  # (C, rolls, R+1)
        left = self.rain.take(at)
        np.copyto(left, -np.inf, where=s < best_s[:, None] - EPS)
        return best_s, left.max(axis=1)

    def _with_skips(self, best_s: np.ndarray, best_r: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The endings' values before the roll: writing nothing costs one raindrop and leaves the
        ending as it is, so fill in r = 0, 1, ... choosing per roll between the best move and that."""
        count, _, width = best_s.shape
        value_s = np.zeros((count, width))
        value_r = np.zeros((count, width))
        for r in range(1, width):
            skip_s, skip_r = value_s[:, r - 1 : r], value_r[:, r - 1 : r]
            move_s, move_r = best_s[:, :, r], best_r[:, :, r]
            take = (move_s > skip_s + EPS) | ((move_s > skip_s - EPS) & (move_r > skip_r))
            value_s[:, r] = self._expected(np.where(take, move_s, skip_s))
            value_r[:, r] = self._expected(np.where(take, move_r, skip_r))
        return value_s, value_r

    def _expected(self, per_roll: np.ndarray) -> np.ndarray:
        """Each line's expectation over the rolls (columns): each line summed on its own, in the
        one order numpy's pairwise sum takes for its 21 values. A matrix product would be faster,
        but BLAS groups its sums by the CPU's vector width and by the number of lines solved
        together (which the memo decides), so an ending's value would change in its last bits with
        the CPU and with what was solved before."""
        return np.ascontiguousarray(per_roll * self.probability).sum(axis=1)

    def _store(self, keys: list[Key], gain: np.ndarray, rain: np.ndarray) -> None:
        """Rows for newly solved endings (valid up to ``gain.shape[1] - 1`` raindrops left)."""
        first, cap = self.rows, gain.shape[1] - 1
        if first + len(keys) > len(self.gain):
            size = max(2 * len(self.gain), first + len(keys), 1024)
            self.gain, self.rain = (np.vstack([a[:first], np.full((size - first, self.width), -np.inf)]) for a in (self.gain, self.rain))
            self.caps = np.resize(self.caps, size)
        self.gain[first : first + len(keys), self.off : self.off + cap + 1] = gain
        self.rain[first : first + len(keys), self.off : self.off + cap + 1] = rain
        self.caps[first : first + len(keys)] = cap
        self.rows += len(keys)
        for i, key in enumerate(keys):
            self.memo[key] = first + i

    # --- placements ----------------------------------------------------------------------------------

    def _transition_tables(self) -> None:
        """Every feature's placements from every canonical live state, laid end to end: feature
        ``fi`` in state ``s`` has rows ``start[fi][s]`` to ``start[fi][s] + count[fi][s]`` of what it
        becomes (``to``: its canonical state, or -1 once complete or lost), the boxes it leaves dead,
        the points it earns, and the kind of its raindrop cost, dry and with a tree watered. Values
        that lead to the same ending are one placement at the cheapest of their costs."""
        e = self.engine
        base = e.faces + 1
        self.start, self.count = [], []
        rows: list[tuple[int, int, float, int, int]] = []
        for fi, table in enumerate(e.tables):
            start = np.zeros(len(table.empties), dtype=np.int64)
            count = np.zeros(len(table.empties), dtype=np.int64)
            g = self.groups[fi]
            for s in sorted({table.canon[s] for s in range(len(table.empties)) if table.live[s] and table.empties[s]}):
                merged: dict[tuple[int, int, float], set[int]] = {}
                for x, to, dead, points in self._transitions(fi, s):
                    merged.setdefault((to, dead, points), set()).add(g * base + x)
                start[s], count[s] = len(rows), len(merged)
                for (to, dead, points), kinds in merged.items():
                    rows.append((to, dead, points, self._cheapest(kinds), self._cheapest({k + self.water_kind for k in kinds})))
            self.start.append(start)
            self.count.append(count)
        to, dead, points, dry, wet = zip(*rows)
        self.t_to = np.array(to, dtype=self.key_type)
        self.t_dead = np.array(dead, dtype=self.key_type)
        self.t_points = np.array(points)
        self.t_dry = np.array(dry, dtype=np.int64)
        self.t_wet = np.array(wet, dtype=np.int64)

    def _placements(self, keys: np.ndarray) -> Placements:
        """Every way to write a value in each ending of ``keys`` (rows): each placement's ending,
        the points it earns and the kind of its raindrop cost, grouped by the ending it starts from."""
        n = self.features
        parts = []  # (parent, child, points, dry kind, wet kind, group) per feature and per group's dead boxes
        for fi in range(n):
            parent = np.flatnonzero(keys[:, fi] >= 0)
            state = keys[parent, fi]
            count = self.count[fi][state]
            row = np.repeat(self.start[fi][state] - (np.cumsum(count) - count), count) + np.arange(count.sum())
            parent = np.repeat(parent, count)
            child = keys[parent]
            child[:, fi] = self.t_to[row]
            child[:, n + self.group_index[self.groups[fi]]] += self.t_dead[row]
            parts.append((parent, child, self.t_points[row], self.t_dry[row], self.t_wet[row], self.groups[fi]))
        for slot, g in enumerate(self.slot_group):
            parent = np.flatnonzero(keys[:, n + slot] > 0)
            child = keys[parent]
            child[:, n + slot] -= 1
            kind = np.full(len(parent), self.dead_kind + g)
            parts.append((parent, child, np.zeros(len(parent)), kind, kind + self.water_kind, g))
        garden = self._boxes(keys, self.engine.garden)
        out = []
        for parent, child, points, dry, wet, g in parts:
            if g != self.engine.garden:
                out.append((parent, child, points, dry))
                continue
            # a box in the garden: at most one tree per garden box left can still be watered
            water, left = keys[parent, -1], garden[parent] - 1
            child[:, -1] = np.minimum(water, left)
            out.append((parent, child, points, dry))
            can = water > 0
            wet_child = child[can]
            wet_child[:, -1] = np.minimum(water[can] - 1, left[can])
            out.append((parent[can], wet_child, points[can] + self.engine.spec.tree_penalty, wet[can]))
        parent, child, points, kind = (np.concatenate(column) for column in zip(*out))
        order = np.argsort(parent, kind="stable")
        children, inverse = np.unique(_as_keys(child[order], self.key_type), return_inverse=True)
        return Placements(
            parent[order],
            inverse.reshape(-1),
            children.view(self.key_type).reshape(len(children), keys.shape[1]),
            points[order],
            kind[order],
        )

    def _transitions(self, fi: int, state: int) -> Iterator[tuple[int, int, int, float]]:
        """Feature ``fi``'s placements from canonical ``state``: (the value written, what the
        feature becomes: its canonical state or -1 once complete or lost, the empty boxes a lost
        feature leaves, the points a completed one earns)."""
        table = self.engine.tables[fi]
        for x in range(1, self.engine.faces + 1):
            for box in table.empties[state]:
                new = table.place(state, box, x)
                if not table.empties[new]:
                    yield x, -1, 0, float(self.engine.stars[fi]) * table.scores[new]
                elif not table.live[new]:
                    yield x, -1, len(table.empties[new]), 0.0
                else:
                    yield x, table.canon[new], 0, 0.0

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
