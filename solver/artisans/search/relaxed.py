"""A proven bound on perfect honest play from any position, the empty sheet included: the exact
value of a relaxed sheet.

Relax the sheet: keep some features as the rulebook has them (``exact``) and let every other one
score its stars whenever its boxes are full, whatever values they hold. Every move of the real game
is a move of the relaxed game (at the same raindrop cost, to the same position but for the values
the relaxed features forget), and a finished real sheet scores at most what it scores relaxed. So,
by induction over the turns left, perfect honest play expects at least as much on the relaxed sheet
as on the real one, from every position: its exact expectimax value is an upper bound on the real
game's. It is one number, an exact expectation over the rolls, not an average over sampled dice.

A relaxed feature's values no longer matter, only how many boxes of its group are empty (which of a
group's relaxed features end up full is settled at the end as favourably as the count allows, a
further relaxation). A position is a *config* — the exact features' compact states
(``compact_features``) and the empty boxes of each group of relaxed features — with the
raindrops left and the trees watered (from a position, an exact feature keeps only the states it
can still reach). Every write fills one box, so the configs are solved layer by layer (by empty
boxes, fewest first) and only the layer below is kept: keeping the facades and the minarets exact
(``DEFAULT_EXACT``) is 262 million configs, 21 billion positions, solved in two layers of at most
9 GB by a loop numba compiles (``_solve_layer``, a config at a time on every core). Values are
stored as fixed point rounded *up* (``_STORED``), so every stored value stays an upper bound
(within ``RelaxedSheet.rounding``, 0.02, of the exact one).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np
from numba import njit, prange

from tajkit.solver.artisans.search.engine import Engine

# the conditions of the features kept exact by default: the facades (four identical values) and the
# minarets (descending), the features whose values compete most for the rolls
DEFAULT_EXACT = ("identical", "descending")
_STORED = 65000  # fixed point: values from the lowest score to the highest as uint16 0.._STORED


def default_exact(engine: Engine) -> tuple[int, ...]:
    """The features kept exact unless told otherwise (``DEFAULT_EXACT``)."""
    return tuple(fi for fi, t in enumerate(engine.tables) if t.feature.condition in DEFAULT_EXACT)


def _group_stars(sizes_stars: Sequence[tuple[int, int]], capacity: int) -> list[int]:
    """Per number of boxes filled (0..capacity): the most stars of features (empty boxes, stars)
    that many boxes can complete (the features that end up full are the best the count allows)."""
    return [
        max(sum(stars for _, stars in chosen)
            for n in range(len(sizes_stars) + 1) for chosen in itertools.combinations(sizes_stars, n)
            if sum(size for size, _ in chosen) <= filled)
        for filled in range(capacity + 1)
    ]


# --- a feature's compact states ------------------------------------------------------------------
# What a feature's future depends on: its canonical values while it can still score (``engine.py``),
# one state per number of empty boxes once it cannot, and whether a full feature scores.


@dataclass(frozen=True)
class CompactFeature:
    """One feature's compact states, numbered from the empty feature (0)."""

    moves: tuple[tuple[tuple[int, int], ...], ...]  # per state: (value, next state), each distinct
    full: np.ndarray  # bool per state: no empty box left
    points: np.ndarray  # stars scored per state (full and meeting the condition)
    empties: np.ndarray  # empty boxes per state
    index: dict[tuple[str, int], int]  # the name of a packed state's compact state -> its number
    group: int

    @property
    def size(self) -> int:
        return len(self.full)

    def reachable(self, state: int) -> np.ndarray:
        """Bool per compact state: reachable from ``state`` (itself included)."""
        seen = np.zeros(self.size, dtype=bool)
        seen[state] = True
        todo = [state]
        while todo:
            for _, nxt in self.moves[todo.pop()]:
                if not seen[nxt]:
                    seen[nxt] = True
                    todo.append(nxt)
        return seen


def _name(table, packed: int) -> tuple[str, int]:  # noqa: ANN001
    if not table.empties[packed]:
        return ("full", int(table.scores[packed]))
    if table.live[packed]:
        return ("live", table.canon[packed])
    return ("dead", len(table.empties[packed]))


def _compact(engine: Engine, fi: int) -> CompactFeature:
    table = engine.tables[fi]
    start = table.pack((0,) * table.feature.size)
    index = {_name(table, start): 0}
    packed = [start]
    moves = []
    for state in packed:  # grows as new states are met: every state reachable from the empty feature
        row = set()
        for box in table.empties[state]:
            for value in range(1, engine.faces + 1):
                new = table.place(state, box, value)
                key = _name(table, new)
                if key not in index:
                    index[key] = len(packed)
                    packed.append(new)
                row.add((value, index[key]))
        moves.append(tuple(sorted(row)))
    full = np.array([not table.empties[p] for p in packed])
    points = np.array([engine.stars[fi] if not table.empties[p] and table.scores[p] else 0 for p in packed], dtype=float)
    empties = np.array([len(table.empties[p]) for p in packed])
    return CompactFeature(tuple(moves), full, points, empties, index, engine.groups[fi])


@cache
def compact_features(engine: Engine) -> tuple[CompactFeature, ...]:
    return tuple(_compact(engine, fi) for fi in range(len(engine.tables)))


def compact_state(engine: Engine, fi: int, packed: int) -> int:
    return compact_features(engine)[fi].index[_name(engine.tables[fi], packed)]


def distinct_rolls(faces: int) -> tuple[list[tuple[int, int]], np.ndarray]:
    """The unordered rolls and their chances (a double 1/36, any other pair 2/36 with six faces)."""
    rolls = [(a, b) for a in range(1, faces + 1) for b in range(a, faces + 1)]
    return rolls, np.array([1 if a == b else 2 for a, b in rolls]) / faces**2


@dataclass(frozen=True)
class _Configs:
    """The configs numbered layer by layer: a config's digits are the exact features' compact
    states, then each relaxed group's empty boxes; within a layer (a number of empty boxes) configs
    are ranked in the digits' lexicographic order."""

    radix: np.ndarray  # [digit]
    boxes: np.ndarray  # [digit, value]: the empty boxes that digit value stands for
    count: np.ndarray  # [digit, boxes]: how many ways digits digit.. hold that many empty boxes
    before: np.ndarray  # [digit, value, boxes]: configs of the layer ranked before this value here

    @staticmethod
    def of(boxes_per_digit: Sequence[np.ndarray]) -> _Configs:
        digits = len(boxes_per_digit)
        radix = np.array([len(b) for b in boxes_per_digit])
        top = int(sum(int(b.max()) for b in boxes_per_digit))
        boxes = np.full((digits, int(radix.max())), top + 1, dtype=np.int64)
        for k, b in enumerate(boxes_per_digit):
            boxes[k, :len(b)] = b
        count = np.zeros((digits + 1, top + 1), dtype=np.int64)
        count[digits, 0] = 1
        for k in range(digits - 1, -1, -1):
            for b in boxes_per_digit[k]:
                count[k, b:] += count[k + 1, :top + 1 - b]
        before = np.zeros((digits, int(radix.max()), top + 1), dtype=np.int64)
        for k, b in enumerate(boxes_per_digit):
            for d in range(1, len(b)):
                shifted = np.zeros(top + 1, dtype=np.int64)
                shifted[b[d - 1]:] = count[k + 1, :top + 1 - b[d - 1]]
                before[k, d] = before[k, d - 1] + shifted
        return _Configs(radix, boxes, count, before)

    def layer_size(self, total: int) -> int:
        return int(self.count[0, total])

    def rank(self, digits: Sequence[int]) -> tuple[int, int]:
        """(layer, rank in the layer) of a config."""
        total = int(sum(self.boxes[k, d] for k, d in enumerate(digits)))
        return total, int(_rank(np.asarray(digits, dtype=np.int64), total, self.boxes, self.before))


@dataclass(frozen=True)
class _Relaxation:
    """The relaxed sheet from a start: the features kept exact, each with the compact states it
    can still reach (``kept``, the digit's values), the groups of the others with their empty boxes
    (``capacity``) and their stars per number of them filled."""

    exact: tuple[int, ...]
    kept: tuple[np.ndarray, ...]  # per exact feature: its reachable compact states, ascending
    groups: tuple[int, ...]
    capacity: tuple[int, ...]
    stars: tuple[tuple[int, ...], ...]

    @staticmethod
    def of(engine: Engine, exact: Sequence[int] | None, start: Sequence[int]) -> _Relaxation:
        exact = tuple(sorted(set(default_exact(engine) if exact is None else exact)))
        features = compact_features(engine)
        relaxed = [fi for fi in range(len(engine.tables)) if fi not in exact]
        groups = tuple(sorted({engine.groups[fi] for fi in relaxed}))
        sinks = [_group(engine, [fi for fi in relaxed if engine.groups[fi] == g], start) for g in groups]
        kept = tuple(np.flatnonzero(features[fi].reachable(compact_state(engine, fi, start[fi]))) for fi in exact)
        return _Relaxation(exact, kept, groups,
                           tuple(c for c, _ in sinks), tuple(tuple(s) for _, s in sinks))

    def configs(self, engine: Engine) -> _Configs:
        features = compact_features(engine)
        return _Configs.of([features[fi].empties[kept].astype(np.int64) for fi, kept in zip(self.exact, self.kept)]
                           + [np.arange(c + 1) for c in self.capacity])

    def digits(self, engine: Engine, states: Sequence[int]) -> list[int]:
        """The config of a real position (packed feature states, ``engine.py``)."""
        digits = []
        for fi, kept in zip(self.exact, self.kept):
            state = compact_state(engine, fi, states[fi])
            at = int(np.searchsorted(kept, state))
            if at == len(kept) or kept[at] != state:
                raise ValueError(f"{engine.tables[fi].feature.id} cannot reach this position from the start")
            digits.append(at)
        for g in self.groups:
            digits.append(sum(len(t.empties[states[fi]]) for fi, t in enumerate(engine.tables)
                              if engine.groups[fi] == g and fi not in self.exact))
        return digits


@dataclass(frozen=True)
class RelaxedSheet:
    """The relaxed game solved: per layer (configs with that many empty boxes) the fixed-point
    values ``[rank, raindrops left * (trees + 1) + trees watered]``, or None where not kept."""

    engine: Engine
    relaxation: _Relaxation
    configs: _Configs
    layers: tuple[np.ndarray | None, ...]
    offset: float  # stored = ceil((value + offset) * scale)
    scale: float

    @property
    def exact(self) -> tuple[int, ...]:
        """The features kept as the rulebook has them."""
        return self.relaxation.exact

    @property
    def rounding(self) -> float:
        """The most the fixed point adds to a value: one step rounded up per layer below it."""
        return len(self.layers) / self.scale

    def bound(self, states: Sequence[int], used: int, trees: int) -> float:
        """At least what perfect honest play expects from this real position (one that follows
        the position the sheet was solved from)."""
        total, rank = self.configs.rank(self.relaxation.digits(self.engine, states))
        layer = self.layers[total] if total < len(self.layers) else None
        if layer is None:
            raise ValueError(f"the relaxed sheet kept no values for positions with {total} empty boxes")
        stored = layer[rank, (self.engine.raindrops - used) * (self.engine.trees + 1) + trees]
        return float(stored) / self.scale - self.offset


def memory_needed(engine: Engine, exact: Sequence[int] | None = None) -> int:
    """Bytes ``solve`` holds from the empty sheet keeping only its layer: two layers at a time."""
    configs = _Relaxation.of(engine, exact, engine.empty_sheet()).configs(engine)
    sizes = [configs.layer_size(t) for t in range(configs.count.shape[1])]
    width = (engine.raindrops + 1) * (engine.trees + 1)
    return max(a + b for a, b in itertools.pairwise([0, *sizes])) * width * 2


def solve(engine: Engine, exact: Sequence[int] | None = None, start: Sequence[int] | None = None,
          progress: Callable[[int, int], None] | None = None, keep_all: bool = True) -> RelaxedSheet:
    """Exact expectimax over every position of the relaxed sheet that can follow ``start`` (packed
    feature states; default the empty sheet), ``progress(configs done, configs)`` after each layer.
    From ``start``, the exact features keep only the states they can still reach, the relaxed
    features that are already full keep the stars they score and those that can no longer score
    score nothing: a tighter bound, valid from the positions that follow ``start``.
    ``keep_all=False`` keeps only ``start``'s layer (memory: two layers at a time)."""
    start = list(start) if start is not None else engine.empty_sheet()
    relaxation = _Relaxation.of(engine, exact, start)
    configs = relaxation.configs(engine)
    kernel = _kernel_arrays(engine, relaxation)
    features = compact_features(engine)
    most = sum(float(features[fi].points.max()) for fi in relaxation.exact) + sum(max(s) for s in relaxation.stars)
    offset = float(engine.spec.tree_penalty * engine.trees) + 1.0  # the lowest score, and a margin
    scale = _STORED / (most + offset)
    top = configs.rank(relaxation.digits(engine, start))[0]
    width = (engine.raindrops + 1) * (engine.trees + 1)
    layers: list[np.ndarray | None] = []
    below = np.zeros((0, width), dtype=np.uint16)
    done, total = 0, sum(configs.layer_size(t) for t in range(top + 1))
    for t in range(top + 1):
        values = np.empty((configs.layer_size(t), width), dtype=np.uint16)
        _solve_layer(t, below, values, configs.radix, configs.boxes, configs.count, configs.before,
                     *kernel, engine.raindrops, engine.trees, float(engine.spec.tree_penalty), offset, scale)
        layers.append(values if keep_all or t == top else None)
        below = values
        done += len(values)
        if progress:
            progress(done, total)
    return RelaxedSheet(engine, relaxation, configs, tuple(layers), offset, scale)


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


def _kernel_arrays(engine: Engine, relaxation: _Relaxation) -> tuple[np.ndarray, ...]:
    """What the compiled layer needs, per digit and digit value: its moves, each a value written
    (0: a relaxed group's write, any value) and the digit value it leads to (a value may lead to
    several, one per box it can go in), how many there are, and the points it scores; per digit
    its group and whether a write there may water a tree; the rolls with their chances."""
    features = compact_features(engine)
    exact, kept = relaxation.exact, relaxation.kept
    digits = len(exact) + len(relaxation.groups)
    width = max([len(k) for k in kept] + [c + 1 for c in relaxation.capacity])
    most = max([len(features[fi].moves[s]) for fi, k in zip(exact, kept) for s in k] + [1])
    written = np.zeros((digits, width, most), dtype=np.int64)
    leads = np.zeros((digits, width, most), dtype=np.int64)
    moves = np.zeros((digits, width), dtype=np.int64)
    points = np.zeros((digits, width))
    for d, (fi, states) in enumerate(zip(exact, kept)):
        f = features[fi]
        points[d, :len(states)] = f.points[states]
        for at, state in enumerate(states):
            moves[d, at] = len(f.moves[state])
            for m, (value, nxt) in enumerate(f.moves[state]):  # nxt is reachable too: it is kept
                written[d, at, m], leads[d, at, m] = value, np.searchsorted(states, nxt)
    for j, (capacity, stars) in enumerate(zip(relaxation.capacity, relaxation.stars)):
        d = len(exact) + j
        moves[d, 1:capacity + 1] = 1
        leads[d, 1:capacity + 1, 0] = np.arange(capacity)
        points[d, :capacity + 1] = np.array(stars)[capacity - np.arange(capacity + 1)]
    group = np.array([features[fi].group for fi in exact] + list(relaxation.groups), dtype=np.int64)
    garden = (group == engine.garden) & (engine.trees > 0)
    rolls, chance = distinct_rolls(engine.faces)
    return (written, leads, moves, points, group, garden, np.array(rolls, dtype=np.int64),
            np.asarray(chance, dtype=np.float64))


@njit(cache=True)
def _rank(digits, total, boxes, before):  # noqa: ANN001, ANN202
    rank, left = 0, total
    for k in range(len(digits)):
        rank += before[k, digits[k], left]
        left -= boxes[k, digits[k]]
    return rank


@njit(cache=True)
def _unrank(rank, total, radix, boxes, count, before, digits):  # noqa: ANN001, ANN202
    left = total
    for k in range(len(radix)):
        d = radix[k] - 1
        while d > 0 and not (before[k, d, left] <= rank and boxes[k, d] <= left
                             and count[k + 1, left - boxes[k, d]] > rank - before[k, d, left]):
            d -= 1
        rank -= before[k, d, left]
        left -= boxes[k, d]
        digits[k] = d


@njit(parallel=True, cache=True)
def _solve_layer(total, below, values, radix, boxes, count, before, written_value, leads, moves, points, group, garden,  # noqa: ANN001, ANN202, PLR0913
                 rolls, chance, rain, trees, penalty, offset, scale):
    """Every config with ``total`` empty boxes, from ``below`` (the layer with one fewer):
    ``values[rank, left * (trees + 1) + watered]``, fixed point rounded up."""
    digits_n = len(radix)
    faces = int(rolls.max())
    unit = 1.0 / scale
    width = (rain + 1) * (trees + 1)
    tw = trees + 1
    size = values.shape[0]
    blocks = (size + 1023) // 1024
    for block in prange(blocks):
        digits = np.empty(digits_n, dtype=np.int64)
        after = np.empty(digits_n, dtype=np.int64)
        best = np.empty((len(rolls), width), dtype=np.float32)
        row = np.empty(width, dtype=np.float32)
        written = np.empty((faces + 1, faces + 1, width), dtype=np.float32)  # [group, value]
        reach = np.empty((faces + 1, faces + 1, width), dtype=np.float32)
        value = np.empty(width, dtype=np.float64)
        for rank in range(block * 1024, min(size, block * 1024 + 1024)):
            _unrank(rank, total, radix, boxes, count, before, digits)
            final = 0.0
            for k in range(digits_n):
                final += points[k, digits[k]]
            for w in range(tw):
                value[w] = final - penalty * (trees - w)
            if total > 0:
                written[:, :, :] = -np.inf
                for k in range(digits_n):
                    for m in range(moves[k, digits[k]]):
                        v = written_value[k, digits[k], m]
                        after[:] = digits
                        after[k] = leads[k, digits[k], m]
                        src = below[_rank(after, total - 1, boxes, before)]
                        for i in range(width):
                            row[i] = src[i] * unit - offset
                        if garden[k]:  # the same write, watering a tree: one raindrop more, one tree wetter
                            for left in range(rain, 0, -1):
                                for w in range(trees):
                                    i = left * tw + w
                                    x = row[i - tw + 1]
                                    row[i] = x if x > row[i] else row[i]
                        for x in range(1 if v == 0 else v, faces + 1 if v == 0 else v + 1):
                            _raise(written[group[k], x], row, 0)
                _best_after_rolls(written, reach, best, rolls, tw)
                for left in range(1, rain + 1):
                    for w in range(tw):
                        i = left * tw + w
                        skip = value[i - tw]
                        expected = 0.0
                        for q in range(len(chance)):
                            b = best[q, i]
                            expected += chance[q] * (b if b > skip else skip)
                        value[i] = expected
            else:
                for i in range(tw, width):
                    value[i] = value[i % tw]
            for i in range(width):
                values[rank, i] = math.ceil((value[i] + offset) * scale + 0.01)  # + 0.01: the float32 rows' rounding


@njit(cache=True)
def _raise(target, source, shift):  # noqa: ANN001, ANN202
    """target[i] = max(target[i], source[i - shift]): a write ``shift`` elements (raindrops x
    trees) dearer."""
    n = len(target) - shift
    to, of = target[shift:], source[:n]
    for i in range(n):
        x, y = of[i], to[i]
        to[i] = x if x > y else y


@njit(cache=True)
def _copy(target, source):  # noqa: ANN001, ANN202
    for i in range(len(target)):  # a loop: numba's array assignment is much slower at this size
        target[i] = source[i]


@njit(cache=True)
def _spread(rows, into, tw):  # noqa: ANN001, ANN202
    """into[x] = max over y of rows[y] one raindrop dearer per step from y to x (x, y = 1..faces):
    what a die turned to show x reaches, each +1 or -1 a raindrop (a distance transform)."""
    faces = rows.shape[0] - 1
    for x in range(1, faces + 1):
        _copy(into[x], rows[x])
    for x in range(2, faces + 1):
        _raise(into[x], into[x - 1], tw)
    for x in range(faces - 1, 0, -1):
        _raise(into[x], into[x + 1], tw)


@njit(cache=True)
def _best_after_rolls(written, reach, best, rolls, tw):  # noqa: ANN001, ANN202
    """best[roll] = the best write after it (engine.cost's rule: one die picks the group, the other
    the value, each +1 or -1 on a die one raindrop): ``written[group, value]`` spread over the
    value die, then over the group die."""
    faces = written.shape[0] - 1
    for g in range(1, faces + 1):
        _spread(written[g], reach[g], tw)  # reach[group, value die]
    for g in range(1, faces + 1):
        for x in range(1, faces + 1):
            _copy(written[x, g], reach[g, x])  # written[value die, group], rows contiguous for the spread
    for x in range(1, faces + 1):
        _spread(written[x], reach[x], tw)  # reach[value die, group die]
    for q in range(len(rolls)):
        a, b = rolls[q, 0], rolls[q, 1]
        _copy(best[q], reach[b, a])
        _raise(best[q], reach[a, b], 0)
