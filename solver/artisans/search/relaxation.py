"""Toward an upper bound on honest play: the clairvoyant's problem with a penalty for knowing the
dice (information relaxation, Brown, Smith & Sun, "Information Relaxations and Duality in
Stochastic Dynamic Programs", Operations Research 58(4), 2010). Experimental: the bound it proves
today is looser than the clairvoyant's (docs/artisans.md), so no command reports it yet.

The clairvoyant (``oracle.py``) sees every roll to come. Here it still sees them, but after each
turn ``t`` it pays ``h(y_t, r_{t+1}) - E_r h(y_t, r)``: how much better the next roll suits the
sheet its choice left than a roll does on average. ``y_t`` depends only on the turns played so far
and ``r_{t+1}`` is independent of them, so under any honest play every such charge has mean zero,
and the clairvoyant's best score minus its charges, averaged over the dice, is still an upper bound
on the best honest expected score (weak duality), whatever ``h``.

``h(y, r)`` is the best use of the roll: the largest over features of
``D_f(s, r) = max(0, max_x stars_f * (v_f(s + x) - v_f(s)) - lam * cost(r, x))``, where ``s`` is the
multiset of values written in the feature since the position (the clairvoyant may arrange them in
the empty boxes as it likes, so ``s`` takes the arrangement that leaves the most ways to score),
``v_f`` the chance that the feature still scores (the measured value table, or the share of the
fillings of its empty boxes that score) and ``cost`` the raindrops that turn the roll into the
feature's group and value ``x``: the value after the roll, over next moves, of a value function
that adds up the features' chances and a raindrop's worth. The charges are exact integers (``D`` in
thousandths of a point, a charge in 36ths of them: a double has chance 1/36, any other roll 2/36),
so their mean is exactly zero, not zero up to rounding.

Measured on seed 2's first games (``scripts/honest_bound.py``): a CP-SAT model of the penalised
problem (a multiset indicator per feature and turn) still had a proven bound above 150 points after
20 deterministic seconds. The bound here is a Lagrangian relaxation solved by exact dynamic
programming per feature (below): without charges it proves 39.0, the clairvoyant's own score, but
with them it is loose: 85-100 with the charges above, 46 with a tenth of them; a penalty that adds
the features' D instead of taking the largest (which splits exactly by feature) gave 65, and 44
with a fifth of it. Every one of these is a valid bound; none is below the clairvoyant's.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, combinations_with_replacement, permutations

import numpy as np
from tajkit.solver.artisans.search.engine import Engine

UNIT = 1000  # D in thousandths of a point
LAMBDA = 1.0  # points a raindrop is worth in D (chosen on seed 2's games: scripts/honest_bound.py --fit)
SCALE = 1.0  # the charges' weight (any weight keeps the bound; 0 is the clairvoyant)
VALUES = "table"  # v_f: "table" (the measured chances) or "fillings" (the share of fillings that score)


def distinct_rolls(faces: int) -> list[tuple[tuple[int, int], int]]:
    """The distinct rolls and their weight in 36ths (a double 1, any other pair 2)."""
    return [((a, b), 1 if a == b else 2) for a in range(1, faces + 1) for b in range(a, faces + 1)]


@dataclass(frozen=True)
class Penalty:
    """How the charges are built: the raindrop's worth in D, their weight, the value function."""

    lam: float = LAMBDA
    scale: float = SCALE
    values: str = VALUES


def _value_function(engine: Engine, fi: int, values: str):
    """v_f: the chance that feature ``fi`` (a packed state) still scores."""
    table = engine.tables[fi]
    if values == "table":
        from tajkit.solver.artisans.search.values import shipped_table, structure_key

        shipped = shipped_table(structure_key(engine))
        if shipped is not None:
            measured = shipped.chance_by_state[fi]

            def chance(state: int) -> float:
                if not table.empties[state]:
                    return 1.0 if table.scores[state] else 0.0
                if not table.live[state]:
                    return 0.0
                return measured.get(table.canon[state], _share(table, state))

            return chance
    return lambda state: _share(table, state)


def _share(table, state: int) -> float:
    """The share of the fillings of the empty boxes that score."""
    return table.completions[state] / (table.base - 1) ** len(table.empties[state])


def _arranged(engine: Engine, fi: int, start: int, values: tuple[int, ...]) -> int:
    """``values`` written into the empty boxes of ``start`` the way that leaves the most ways to
    score (then the first such way, for a fixed answer)."""
    table = engine.tables[fi]
    best, best_count = start, -1
    for boxes in combinations(table.empties[start], len(values)):
        for order in sorted(set(permutations(values))):
            state = start
            for box, x in zip(boxes, order):
                state = table.place(state, box, x)
            if table.completions[state] > best_count:
                best, best_count = state, table.completions[state]
    return best


@dataclass(frozen=True)
class FeatureStates:
    """One feature from a given starting state: every multiset of values that may be written in
    its empty boxes (counts per value 1..faces), where writing ``x`` leads (``next[s][x - 1]``, -1
    once full), the points a full one scores, and ``d[s]``: D in units for each ordered roll
    (index ``(a - 1) * faces + b - 1``; zero once full)."""

    feature: int
    empties: int
    multisets: tuple[tuple[int, ...], ...]
    next: tuple[tuple[int, ...], ...]
    points: tuple[int, ...]
    d: tuple[tuple[int, ...], ...]


@cache
def feature_states(engine: Engine, fi: int, start: int, penalty: Penalty) -> FeatureStates | None:
    """Feature ``fi``'s states and D table from packed state ``start`` (None when it is full)."""
    table = engine.tables[fi]
    empties = len(table.empties[start])
    if not empties:
        return None
    faces = engine.faces
    v = _value_function(engine, fi, penalty.values)
    stars, group = engine.stars[fi], engine.groups[fi]
    written = [w for size in range(empties + 1) for w in combinations_with_replacement(range(1, faces + 1), size)]
    index = {w: i for i, w in enumerate(written)}
    arranged = [_arranged(engine, fi, start, w) for w in written]
    nxt, points, rows = [], [], []
    for w, state in zip(written, arranged):
        full = len(w) == empties
        nxt.append(tuple(-1 if full else index[tuple(sorted((*w, x)))] for x in range(1, faces + 1)))
        points.append(stars if full and table.scores[state] else 0)
        if full or not table.live[start]:
            rows.append((0,) * faces**2)
            continue
        here = v(state)
        gain = [stars * (v(arranged[index[tuple(sorted((*w, x)))]]) - here) for x in range(1, faces + 1)]
        row = []
        for a in range(1, faces + 1):
            for b in range(1, faces + 1):
                cost = engine.cost[a][b][group]
                best = max(g - penalty.lam * cost[x] for x, g in enumerate(gain, start=1))
                row.append(round(penalty.scale * max(0.0, best) * UNIT))
        rows.append(tuple(row))
    multisets = tuple(tuple(w.count(x) for x in range(1, faces + 1)) for w in written)
    return FeatureStates(fi, empties, multisets, tuple(nxt), tuple(points), tuple(rows))


def charge(engine: Engine, held: Sequence[tuple[FeatureStates, Sequence[int]]], roll: tuple[int, int]) -> int:
    """The charge (in 36ths of a unit) after a turn when ``roll`` comes next, for a sheet whose
    features hold these multisets (``(states, counts)`` per feature with an empty box at the
    start): 36 h(roll) minus the weighted sum of h(r) over the distinct rolls, where
    h(r) = max over features of D(s, r), the best use of the roll."""
    faces = engine.faces
    rows = [fs.d[fs.multisets.index(tuple(counts))] for fs, counts in held]

    def h(a: int, b: int) -> int:
        return max((row[(a - 1) * faces + b - 1] for row in rows), default=0)

    mean = sum(w * h(a, b) for (a, b), w in distinct_rolls(faces))
    return 36 * h(*roll) - mean


def play_charges(
    engine: Engine, rolls: Sequence[tuple[int, int]], moves: Sequence, states: Sequence[int] | None = None, penalty: Penalty = Penalty()
) -> float:
    """The charges (in points) a play pays on ``rolls`` (one ``EMove`` per turn played), computed
    plainly turn by turn: after each turn t, the charge of the sheet it left for roll t + 1 (the
    turns after the game's end included, with the sheet as it ended)."""
    states = list(states) if states is not None else [0] * len(engine.tables)
    features = {fi: fs for fi, s in enumerate(states) if (fs := feature_states(engine, fi, s, penalty)) is not None}
    counts = {fi: [0] * engine.faces for fi in features}
    total = 0
    for t in range(len(rolls) - 1):
        if t < len(moves) and moves[t].feature >= 0:
            counts[moves[t].feature][moves[t].value - 1] += 1
        total += charge(engine, [(fs, counts[fi]) for fi, fs in features.items()], rolls[t + 1])
    return total / (36 * UNIT)


# --- the penalised clairvoyant, bounded by Lagrangian relaxation and exact dynamic programming ---
#
# The penalised problem couples the features through the turns (each writes one box or marks a
# raindrop), the raindrops, the trees, and the charge itself (h is a max over features). Pricing
# the first three (mu per turn, lam per raindrop, nu per tree) and bounding the charge feature by
# feature splits it into one small exact DP per feature over its multisets and the turns:
#   - h(roll of turn t + 1) >= sum_f theta[t, f] D_f for any weights theta[t] summing to 1;
#   - the expected h is a best choice of a feature per roll (weighted), priced pi[t, r] >= 0:
#     sum_r w_r/36 max_f D_f <= sum_f sum_r max(0, w_r/36 D_f - pi[t, r]) + sum_r pi[t, r].
# For any such prices and weights the sum of the feature DPs is an upper bound on the penalised
# problem (weak duality), so the smallest value met while they are improved (projected
# subgradient steps, a fixed number: the same answer on any machine) is a proven bound for these
# dice. The game's end is relaxed: the play may stop after any turn (a real game stops at its last
# box or raindrop, one of those choices), so every real play is a feasible choice of the relaxation.

ITERATIONS = 300  # subgradient steps per roll sequence


@dataclass(frozen=True)
class BoundResult:
    bound: float  # a proven upper bound on the best score minus charges for these dice
    iterations: int
    gap: float | None = None  # bound minus a real play's score minus charges, when one is given


@dataclass
class _Feature:
    states: FeatureStates
    next: np.ndarray  # [S, faces] -> state (full states point to themselves, masked)
    open: np.ndarray  # [S] bool: has an empty box
    points: np.ndarray  # [S]
    d_next: np.ndarray  # [T, S] D (points) of the state after turn t for the roll of turn t + 1 (last row 0)
    d_all: np.ndarray  # [S, R] D (points) for each distinct roll, times its chance
    cost: np.ndarray  # [T, faces] raindrops that turn the roll of turn t into this group and value x
    garden: bool


def _features(engine: Engine, rolls: Sequence[tuple[int, int]], states: Sequence[int], penalty: Penalty) -> list[_Feature]:
    faces = engine.faces
    turns = len(rolls)
    distinct = distinct_rolls(faces)
    columns = [(a - 1) * faces + b - 1 for (a, b), _ in distinct]
    chance = np.array([w / 36 for _, w in distinct])
    index = np.array([(a - 1) * faces + b - 1 for a, b in rolls])
    out = []
    for fi, start in enumerate(states):
        fs = feature_states(engine, fi, start, penalty)
        if fs is None:
            continue
        d = np.array(fs.d, dtype=float) / UNIT  # [S, 36]
        d_next = np.zeros((turns, len(fs.multisets)))
        d_next[: turns - 1] = d[:, index[1:]].T
        nxt = np.array(fs.next, dtype=np.int64)
        open_ = nxt[:, 0] >= 0
        nxt = np.where(open_[:, None], nxt, np.arange(len(nxt))[:, None])
        g = engine.groups[fi]
        cost = np.array([[engine.cost[a][b][g][x] for x in range(1, faces + 1)] for a, b in rolls], dtype=float)
        out.append(_Feature(fs, nxt, open_, np.array(fs.points, dtype=float), d_next, d[:, columns] * chance, cost,
                            g == engine.garden))
    return out


def _solve_feature(f: _Feature, reward: np.ndarray, mu: np.ndarray, lam: float, water_gain: float):
    """The feature's best plan at these prices (``reward[t, s]``: for holding s after turn t): its
    value, and the state it holds after each turn."""
    turns = len(mu)
    value = f.points.copy()
    choice = np.zeros((turns, len(value)), dtype=np.int64)  # 0: no write, x: write x
    for t in range(turns - 1, -1, -1):
        after = value + reward[t]
        gains = after[f.next] - lam * f.cost[t][None, :] - mu[t] + (water_gain if f.garden else 0.0)
        best = gains.argmax(axis=1)
        top = gains[np.arange(len(value)), best]
        write = f.open & (top > after)
        choice[t] = np.where(write, best + 1, 0)
        value = np.where(write, top, after)
    held = np.zeros(turns, dtype=np.int64)
    spent = 0.0
    writes = np.zeros(turns)
    state = 0
    for t in range(turns):
        x = choice[t, state]
        if x:
            writes[t] = 1
            spent += f.cost[t, x - 1]
            state = f.next[state, x - 1]
        held[t] = state
    return float(value[0]), held, writes, spent


def _project_simplex(v: np.ndarray) -> np.ndarray:
    """Each row of ``v`` projected onto the simplex (non-negative, summing to 1)."""
    n = v.shape[1]
    u = -np.sort(-v, axis=1)
    css = np.cumsum(u, axis=1) - 1
    k = np.arange(1, n + 1)
    rho = (u - css / k > 0).sum(axis=1)
    tau = css[np.arange(len(v)), rho - 1] / rho
    return np.maximum(v - tau[:, None], 0)


def penalised_bound(
    engine: Engine,
    rolls: Sequence[tuple[int, int]],
    states: Sequence[int] | None = None,
    used: int = 0,
    trees: int = 0,
    penalty: Penalty = Penalty(),
    iterations: int = ITERATIONS,
    real: float | None = None,
) -> BoundResult:
    """A proven upper bound on the clairvoyant's best score minus its charges on ``rolls`` from
    the given position; its average over roll sequences bounds the best honest expected score.
    ``real``: a real play's score minus charges on these dice (a lower bound on the same problem),
    which aims the steps and gives the gap."""
    states = list(states) if states is not None else [0] * len(engine.tables)
    turns = len(rolls)
    features = _features(engine, rolls, states, penalty)
    n = len(features)
    rain = engine.raindrops - used
    trees_left = engine.trees - trees
    fixed = sum(st for st, t, s in zip(engine.stars, engine.tables, states) if not t.empties[s] and t.scores[s])
    fixed -= engine.spec.tree_penalty * trees_left
    mu = np.zeros(turns)
    lam, nu = 1.0, 0.0
    theta = np.full((turns, max(n, 1)), 1.0 / max(n, 1))
    # each roll's price starts at the most any feature would pay for it from its first state
    pi = np.tile(np.max([f.d_all[0] for f in features], axis=0, initial=0.0), (turns, 1))
    best, step, since = math.inf, 1.0, 0
    for k in range(iterations):
        water_gain = max(0.0, engine.spec.tree_penalty - lam - nu) if trees_left else 0.0
        total = fixed + lam * rain + nu * trees_left + pi[: turns - 1].sum()
        writes = np.zeros(turns)
        spent = watered = 0.0
        g_theta = np.zeros_like(theta)
        claims = np.zeros_like(pi)
        for i, f in enumerate(features):
            claim = f.d_all[None, :, :] - pi[:, None, :]  # [T, S, R]
            reward = -theta[:, i, None] * f.d_next + np.maximum(claim, 0).sum(axis=2)
            reward[turns - 1] = 0.0
            v, held, w, s = _solve_feature(f, reward, mu, lam, water_gain)
            total += v
            writes += w
            spent += s
            watered += w.sum() if f.garden and water_gain > 0 else 0.0
            g_theta[:, i] = -f.d_next[np.arange(turns), held]
            claims += claim[np.arange(turns), held] > 0
        # the turns: played up to a stop of the play's choosing, each a write or a raindrop
        per_turn = mu + np.maximum(0.0, -mu - lam)
        prefix = np.concatenate([[0.0], np.cumsum(per_turn)])
        stop = int(prefix.argmax())
        total += prefix[stop]
        played = (np.arange(turns) < stop).astype(float)
        skips = played * (-mu - lam > 0)
        spent += skips.sum()
        if total < best - 1e-9:
            best, since = total, 0
        else:
            since += 1
            if since >= 10:
                step, since = step / 2, 0
        g_mu = played - writes - skips
        g_lam = rain - spent
        g_nu = trees_left - watered
        g_pi = 1.0 - claims
        g_pi[turns - 1] = 0.0
        norm = float(g_mu @ g_mu + g_lam**2 + g_nu**2 + (g_theta**2).sum() + (g_pi**2).sum())
        if norm == 0:
            break
        target = real if real is not None else best - 1.0
        size = step * max(total - target, 0.05) / norm
        mu = mu - size * g_mu
        lam = max(0.0, lam - size * g_lam)
        nu = max(0.0, nu - size * g_nu)
        if n:
            theta = _project_simplex(theta - size * g_theta)
        pi = np.maximum(0.0, pi - size * g_pi)
    return BoundResult(best, k + 1, None if real is None else best - real)
