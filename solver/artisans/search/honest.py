"""The honest bound: a proven upper bound on the best expected score of a player who does not see
the dice to come (perfect honest play), from a position, the empty sheet included.

A *supersolution* ``W`` is a value for every position such that (a) on a finished sheet it is at
least the score, and (b) on a sheet in play, the expected value of the best position the next
roll leads to is at most ``W`` now. Then ``W`` is at least the exact expectimax value everywhere
(by induction over the turns that remain: each fills a box or marks a raindrop), so ``W`` of the
empty sheet bounds perfect honest play (the approximate linear program of de Farias & Van Roy,
"The Linear Programming Approach to Approximate Dynamic Programming", Operations Research 51(6),
2003; for games of loosely coupled parts, Adelman & Mersereau, Operations Research 56(3), 2008).
Unlike the clairvoyant's bound it never looks at dice: it is one number, an exact expectation.

Here ``W`` adds one table per feature, indexed by the feature's compact state and the raindrops
left, one for the trees (watered, raindrops left), one for the clock (empty boxes, raindrops left:
it couples the features, which share the turns and the raindrops) and ``slack * (boxes + left)``:

    W(sheet) = sum_f W_f(state_f, left) + W_trees(watered, left) + W_clock(boxes, left) + slack * (boxes + left)

Every move fills a box or marks a raindrop, so the last term falls by at least ``slack`` each
turn: where (b) holds only up to ``slack``, it holds exactly for ``W``. The tables come from a
linear program that makes ``W`` of the starting position as small as it can (``honest_lp.py``);
:func:`verify` proves (a) and (b) over every position reachable from there (for (b), the best
position after each roll couples the features, so the largest excess is found by branch and bound
over the features' states, not by sampling). ``scripts/artisans_honest_bound.py`` measures it.

A feature's compact state keeps what its future depends on: its canonical values while it can
still score (``engine.py``), one state per number of empty boxes once it cannot, and whether a
full feature scores.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import cache, partial

import numpy as np

from tajkit.solver.artisans.search import relaxation
from tajkit.solver.artisans.search.engine import Engine

NEG = -1e9  # "no such move" in the tables (finite, so that sums stay finite)


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
    """The unordered rolls and their chances (``relaxation.distinct_rolls``, as arrays)."""
    rolls, weights = zip(*relaxation.distinct_rolls(faces))
    return list(rolls), np.array(weights) / faces**2


@dataclass(frozen=True)
class Supersolution:
    """The tables of ``W`` (see the module's docstring) and its slack."""

    features: tuple[np.ndarray, ...]  # per feature: [compact state, raindrops left 0..R]
    trees: np.ndarray  # [trees watered 0..T, raindrops left 0..R]
    clock: np.ndarray  # [empty boxes 0..N, raindrops left 0..R]
    slack: float

    def at(self, position: Sequence[int], left: int, watered: int, boxes: int) -> float:
        """``W`` of a position of compact states, the slack aside."""
        total = sum(float(table[s, left]) for table, s in zip(self.features, position))
        return total + float(self.trees[watered, left]) + float(self.clock[boxes, left])

    def bound(self, engine: Engine, start: Start) -> float:
        """``W`` of ``start``, slack included: at least what perfect honest play expects from there
        when the slack is ``verify``'s."""
        boxes = start.boxes(engine)
        return self.at(start.position, start.left, start.watered, boxes) + self.slack * (boxes + start.left)


# --- the Bellman excess -------------------------------------------------------------------------


@dataclass(frozen=True)
class Tables:
    """For one (raindrops left ``left``, trees watered ``watered``): what a position's excess
    (expected best W after the roll, minus W now, before the slack) is made of. ``c`` is a
    move's raindrop cost, ``k`` 1 if it also waters a tree."""

    loss: tuple[np.ndarray, ...]  # per feature [state, c]: W_f(s, left - c) - W_f(s, left)
    gain: tuple[np.ndarray, ...]  # per feature [state, roll, c, k]: best W_f(s', left-c) - W_f(s, left-c), or NEG
    choice: tuple[np.ndarray, ...]  # per feature [state, roll, c, k]: the s' of that best (-1: none)
    trees: np.ndarray  # [c, k]: W_trees(watered + k, left - c) - W_trees(watered, left), or NEG
    skip: float  # W_trees(watered, left - 1) - W_trees(watered, left)
    chance: np.ndarray  # per roll
    fill: np.ndarray  # [boxes, c]: W_clock(boxes - 1, left - c) - W_clock(boxes, left), a box filled
    wait: np.ndarray  # [boxes]: W_clock(boxes, left - 1) - W_clock(boxes, left), a raindrop marked

    def at(self, boxes: int) -> Tables:
        """These tables for positions with ``boxes`` empty boxes: the clock's part is a constant."""
        return replace(self, trees=self.trees + self.fill[boxes][:, None], skip=self.skip + float(self.wait[boxes]),
                       fill=np.zeros_like(self.fill), wait=np.zeros_like(self.wait))


@cache
def _move_arrays(engine: Engine) -> tuple[np.ndarray, ...]:
    """Per feature, every (state, roll, raindrop cost, next state) of a write."""
    rolls, _ = distinct_rolls(engine.faces)
    out = []
    for fi, feature in enumerate(compact_features(engine)):
        rows = [
            (s, k, engine.cost[a][b][feature.group][v], nxt)
            for s, moves in enumerate(feature.moves)
            for k, (a, b) in enumerate(rolls)
            for v, nxt in moves
        ]
        out.append(np.array(rows, dtype=np.int64).reshape(-1, 4))
    return tuple(out)


def tables(engine: Engine, solution: Supersolution, left: int, watered: int) -> Tables:
    costs = left + 1  # a move may cost 0..left raindrops
    rolls, chance = distinct_rolls(engine.faces)
    loss, gain, choice = [], [], []
    for fi, (feature, arrays) in enumerate(zip(compact_features(engine), _move_arrays(engine))):
        w = solution.features[fi]
        loss.append(w[:, left - np.arange(costs)] - w[:, [left]])
        best = np.full((feature.size, len(rolls), costs, 2), NEG)
        chosen = np.full(best.shape, -1)
        s, k, c, nxt = arrays.T
        for water in (0, 1):
            if water and (feature.group != engine.garden or watered >= engine.trees):
                continue
            paid = c + water
            ok = paid <= left
            rest = left - paid[ok]
            value = w[nxt[ok], rest] - w[s[ok], rest]
            at = (s[ok], k[ok], paid[ok], np.full(int(ok.sum()), water))
            np.maximum.at(best, at, value)
            hit = value >= best[at]  # the moves that reach the best (any of equals will do)
            chosen[tuple(i[hit] for i in at)] = nxt[ok][hit]
        gain.append(best)
        choice.append(chosen)
    t = solution.trees
    tree = np.full((costs, 2), NEG)
    tree[:, 0] = t[watered, left - np.arange(costs)] - t[watered, left]
    if watered < engine.trees:
        tree[:, 1] = t[watered + 1, left - np.arange(costs)] - t[watered, left]
    g = solution.clock
    fill = np.full((g.shape[0], costs), NEG)
    fill[1:] = g[:-1][:, left - np.arange(costs)] - g[1:, [left]]
    wait = g[:, left - 1] - g[:, left]
    return Tables(tuple(loss), tuple(gain), tuple(choice), tree, float(t[watered, left - 1] - t[watered, left]), chance,
                  fill, wait)


def excess(engine: Engine, tab: Tables, positions: np.ndarray) -> np.ndarray:
    """For each position (a row of compact states), the expected best W after the roll minus W
    now (the slack aside): at most 0 everywhere for a supersolution."""
    n = len(positions)
    costs = tab.trees.shape[0]
    boxes = empty_boxes(engine, positions)
    lost = np.zeros((n, costs))  # the features' part
    best = np.full((n, len(tab.chance), costs, 2), NEG)
    for fi, (loss, gain) in enumerate(zip(tab.loss, tab.gain)):
        lost += loss[positions[:, fi]]
        best = np.maximum(best, gain[positions[:, fi]])
    filled = lost + tab.fill[boxes]
    options = (filled[:, None, :, None] + tab.trees[None, None] + best).reshape(n, len(tab.chance), -1).max(axis=2)
    if costs > 1:
        options = np.maximum(options, (lost[:, 1] + tab.wait[boxes] + tab.skip)[:, None])
    return options @ tab.chance


def empty_boxes(engine: Engine, positions: np.ndarray | Sequence[int]) -> np.ndarray:
    """The empty boxes of a position (a row of compact states), or of each row of several."""
    positions = np.asarray(positions)
    return sum(f.empties[positions[..., fi]] for fi, f in enumerate(compact_features(engine)))


def playable(engine: Engine, positions: np.ndarray, watered: int) -> np.ndarray:
    """The positions a game can reach: some box still empty, and a garden box written for each
    tree watered (a tree is watered only with a garden value: rulebook, Watering fruit trees)."""
    features = compact_features(engine)
    open_box = np.zeros(len(positions), dtype=bool)
    garden = np.zeros(len(positions), dtype=np.int64)
    for fi, f in enumerate(features):
        open_box |= ~f.full[positions[:, fi]]
        if f.group == engine.garden:
            garden += engine.tables[fi].feature.size - f.empties[positions[:, fi]]
    return open_box & (garden >= watered)


@dataclass(frozen=True)
class Excess:
    """The largest excess over the positions of one level (raindrops left, trees watered):
    ``found`` with a position that has it (None: no position above the threshold asked for) and
    ``bound``, proven: no position's excess is above it (equal to ``found`` when the search
    finished, larger when it ran out of nodes)."""

    found: float
    position: tuple[int, ...] | None
    bound: float


def largest_excess(engine: Engine, solution: Supersolution, level: tuple[int, int, int], above: float,
                   nodes: int = 2_000_000, domain: Sequence[np.ndarray] | None = None,
                   level_tables: Tables | None = None) -> Excess:
    """The largest excess over every playable position of ``level`` (raindrops left, trees
    watered, empty boxes) whose features' states are in ``domain`` (default: any), searched above
    ``above`` (``level_tables``: the ``tables`` of its raindrops left and trees watered, if made
    already).

    Branch and bound over the features' states, one feature at a time. For the features not yet
    fixed, two bounds, the smaller taken: each roll's best use by any of their states (as if each
    roll could find them in the state it likes best), and their excess over the fixed part added
    up feature by feature (as if every one of them could use every roll). When ``nodes`` run out,
    the largest bound of the branches left unexplored is what is proven."""
    left, watered, boxes = level
    tab = (level_tables or tables(engine, solution, left, watered)).at(boxes)
    features = compact_features(engine)
    count = len(features)
    domain = domain or [np.ones(f.size, dtype=bool) for f in features]
    loss_max = [loss[d].max(axis=0) for loss, d in zip(tab.loss, domain)]
    with_loss = [loss[d][:, None, :, None] + gain[d] for loss, gain, d in zip(tab.loss, tab.gain, domain)]
    largest = max(range(count), key=lambda f: features[f].size)
    order = [f for f in sorted(range(count), key=lambda f: -features[f].size) if f != largest] + [largest]
    fewest = [sum(int(features[g].empties[domain[g]].min()) for g in order[d:]) for d in range(count + 1)]
    most = [sum(int(features[g].empties[domain[g]].max()) for g in order[d:]) for d in range(count + 1)]
    best: list = [above, None]
    unexplored = [-math.inf]
    budget = [nodes]
    costs = tab.trees.shape[0]

    def options(lost: np.ndarray, gains: np.ndarray) -> np.ndarray:
        """[n, roll] the best use of each roll, from the losses [n, c] and gains [n, roll, c, k]."""
        out = (lost[:, None, :, None] + tab.trees[None, None] + gains).reshape(len(lost), len(tab.chance), -1).max(axis=2)
        return np.maximum(out, (lost[:, 1] + tab.skip)[:, None]) if costs > 1 else out

    def search(depth: int, fixed: list[tuple[int, int]], filled: int, lost: np.ndarray, gains: np.ndarray) -> None:
        budget[0] -= 1
        f = order[depth]
        rest = order[depth + 1:]
        lost_f = lost[None, :] + tab.loss[f]  # [state, c]
        gains_f = np.maximum(gains[None], tab.gain[f])  # [state, roll, c, k]
        if not rest:
            positions = np.zeros((features[f].size, count), dtype=np.int64)
            for g, s in fixed:
                positions[:, g] = s
            positions[:, f] = np.arange(features[f].size)
            fits = playable(engine, positions, watered) & (filled + features[f].empties == boxes) & domain[f]
            value = np.where(fits, options(lost_f, gains_f) @ tab.chance, -math.inf)
            j = int(value.argmax())
            if value[j] > best[0]:
                best[0], best[1] = float(value[j]), tuple(int(v) for v in positions[j])
            return
        free = sum(loss_max[g] for g in rest)
        base = options(lost_f + free[None], gains_f)  # [state, roll]
        widest = np.full(base.shape, -math.inf)
        added = np.zeros(len(base))
        for g in rest:
            others = lost_f + (free - loss_max[g])[None]  # [state, c]
            by_state = (others[:, None, None, :, None] + tab.trees[None, None, None] + with_loss[g][None])
            by_state = by_state.reshape(len(base), with_loss[g].shape[0], len(tab.chance), -1).max(axis=3)
            widest = np.maximum(widest, by_state.max(axis=1))
            added += ((by_state - base[:, None, :]).clip(min=0) @ tab.chance).max(axis=1)
        bound = np.minimum(np.maximum(base, widest) @ tab.chance, base @ tab.chance + added)
        empties = filled + features[f].empties
        bound[(empties + fewest[depth + 1] > boxes) | (empties + most[depth + 1] < boxes) | ~domain[f]] = -math.inf
        for s in np.argsort(-bound):
            if bound[s] <= best[0]:
                break
            if budget[0] <= 0:
                unexplored[0] = max(unexplored[0], float(bound[s]))
                break
            search(depth + 1, fixed + [(f, int(s))], int(empties[s]), lost_f[s], gains_f[s])

    search(0, [], 0, np.zeros(costs), np.full((len(tab.chance), costs, 2), NEG))
    return Excess(best[0], best[1], max(best[0], unexplored[0]))


@dataclass(frozen=True)
class Start:
    """Where the game is bounded from: each feature's compact state, raindrops left, trees watered."""

    position: tuple[int, ...]
    left: int
    watered: int

    @classmethod
    def of(cls, engine: Engine, states: Sequence[int], used: int, trees: int) -> Start:
        """The start of a position in engine form (packed feature states)."""
        return cls(tuple(compact_state(engine, fi, s) for fi, s in enumerate(states)), engine.raindrops - used, trees)

    @classmethod
    def empty_sheet(cls, engine: Engine) -> Start:
        return cls((0,) * len(engine.tables), engine.raindrops, 0)

    def boxes(self, engine: Engine) -> int:
        return int(empty_boxes(engine, self.position))

    def domain(self, engine: Engine) -> list[np.ndarray]:
        """Per feature, the compact states it can reach from here."""
        out = []
        for f, s in zip(compact_features(engine), self.position):
            seen = np.zeros(f.size, dtype=bool)
            seen[s] = True
            todo = [s]
            while todo:
                for _, nxt in f.moves[todo.pop()]:
                    if not seen[nxt]:
                        seen[nxt] = True
                        todo.append(nxt)
            out.append(seen)
        return out

    def levels(self, engine: Engine) -> list[tuple[int, int, int]]:
        """Every (raindrops left, trees watered, empty boxes) a position in play reached from here
        can have (a tree costs a raindrop)."""
        return [(left, watered, empty) for left in range(1, self.left + 1)
                for watered in range(self.watered, min(engine.trees, self.watered + self.left - left) + 1)
                for empty in range(1, self.boxes(engine) + 1)]


def terminal_shortfall(engine: Engine, solution: Supersolution) -> float:
    """How far ``W`` falls below the score on a finished sheet, at most (0 when it never does).
    A sheet is finished with no raindrop left or every box full, and its score is each feature's
    stars less the unwatered trees' penalty, so it is enough that every table covers its part."""
    short = 0.0
    for feature, table in zip(compact_features(engine), solution.features):
        finished = table.copy()
        finished[~feature.full, 1:] = np.inf  # a feature in play counts only when no raindrop is left
        short = max(short, float((feature.points[:, None] - finished).max()))
    unwatered = engine.spec.tree_penalty * (engine.trees - np.arange(engine.trees + 1))
    short = max(short, float((-unwatered[:, None] - solution.trees).max()))
    return max(short, -float(solution.clock[:, 0].min()), -float(solution.clock[0].min()))


def verify(engine: Engine, solution: Supersolution, start: Start | None = None, nodes: int = 2_000_000,
           progress: Callable[[str], None] | None = None) -> float:
    """The smallest slack that makes ``solution`` a proven supersolution from ``start`` (default:
    the empty sheet): the largest excess over every position reachable from it, level by level,
    by branch and bound. Raises ValueError when ``W`` falls below a finished sheet's score (no
    slack mends that)."""
    start = start or Start.empty_sheet(engine)
    domain = start.domain(engine)
    short = terminal_shortfall(engine, solution)
    if short > 1e-9:
        raise ValueError(f"W is {short:.6f} below the score of a finished sheet")
    slack = 0.0
    tables_at = cache(partial(tables, engine, solution))
    for level in start.levels(engine):
        found = largest_excess(engine, solution, level, slack, nodes, domain, tables_at(*level[:2]))
        slack = max(slack, found.bound)
        if progress:
            progress("{} raindrops left, {} trees watered, {} empty boxes: excess at most {:.6f}".format(*level, found.bound))
    return slack


# --- computing a supersolution (scripts/artisans_honest_bound.py) --------------------------------


@dataclass(frozen=True)
class Use:
    """A roll's move that leads to the largest W: the feature written (-1: nothing), its next
    compact state, the raindrops paid (trees included), the trees it waters, and how much W grows
    (the slack aside)."""

    feature: int
    state: int
    paid: int
    water: int
    value: float


def best_uses(engine: Engine, tab: Tables, position: Sequence[int]) -> list[Use]:
    """Per roll (``distinct_rolls`` order), the move that leads to the largest W, from the tables
    of the position's raindrops left and trees watered."""
    boxes = int(empty_boxes(engine, position))
    lost = sum(loss[s] for loss, s in zip(tab.loss, position))  # [c], the features' part
    filled = lost + tab.fill[boxes]
    options = np.stack([filled[None, :, None] + tab.trees[None] + gain[s] for gain, s in zip(tab.gain, position)], axis=1)
    flat = options.reshape(len(tab.chance), -1)  # [roll, (feature, c, k)]
    pick = flat.argmax(axis=1)
    wait = lost[1] + tab.wait[boxes] + tab.skip if len(lost) > 1 else -math.inf
    out = []
    for roll, j in enumerate(pick):
        feature, paid, water = np.unravel_index(j, options.shape[1:])
        value = float(flat[roll, j])
        if wait >= value:
            out.append(Use(-1, 0, 1, 0, float(wait)))
        else:
            state = int(tab.choice[feature][position[feature], roll, paid, water])
            out.append(Use(int(feature), state, int(paid), int(water), value))
    return out
