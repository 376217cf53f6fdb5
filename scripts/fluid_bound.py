"""Experiment: the Artisans sheet's features as weakly coupled dynamic programs, an upper bound on
perfect honest play that came out no tighter than the clairvoyant's (issue 28). Kept, with its
figures, for whoever tries next.

    python scripts/fluid_bound.py --boxes 9 --positions 3 --dice 4 [--turn-price 1 --drop-price 0.5]
    python scripts/fluid_bound.py --games 3 --turn-price 1 --drop-price 0.5

**The fluid bound.** What couples the features is little: each turn is used by one feature or
marks a raindrop (rulebook: Playing the Game), the raindrops are shared (Altering dice results),
so are the trees (Watering fruit trees), and the game ends for all (End of the Game). Pricing those
links (Lagrangian relaxation of a weakly coupled dynamic program: Hawkins, MIT 2003; Adelman &
Mersereau, Operations Research 56(3), 2008) splits the game into one exact honest program per
feature and a small one for the turns, with a price per turn and roll, one per raindrop and one
per tree. Any prices give a proven bound (weak duality); column generation (GLOP over mixtures of
the features' plans) finds the best. It is an exact expectation over the 21 rolls, no dice sampled.
Measured: **39.00 from the empty sheet** (74 rounds, 108 s), the most the sheet can score, and
39.00 again from positions with 9 empty boxes whose perfect honest play is worth 29-32. Coupled
in expectation only, every feature can wait for the rolls it wants.

**The same programs on known dice, charged for knowing them** (information relaxation with the
fluid values as the penalty: Brown, Smith & Sun, Operations Research 58(4), 2010). On each roll
sequence, each feature pays after every turn how much better the next roll suits it than an
average roll (by its fluid values), the links are priced afresh for that sequence (column
generation again), and the mean over sequences bounds honest play. At the fluid prices the charges
make every sequence's bound exactly the fluid bound; re-pricing brought it to **36.22 on 12 roll
sequences from 3 positions with 9 empty boxes, where the clairvoyant scores 34.33 and perfect
honest play 30.52**. Those charges are nil: the best fluid prices are all zero (in expectation the
turns and raindrops never run short), so each feature's values hardly depend on the roll, and the
36.22 is the known-dice problem's linear relaxation, 1.9 points above its integer optimum (the
clairvoyant). Values from prices that do bind (1 point a turn, 0.5 a raindrop) charge in earnest:
35.44 on the same 12 sequences, but 40.8 on whole games (seed 1's first three), above the 39 the
sheet can score: the relaxation exploits the charges wherever they are negative.

**Exact endings with a clairvoyant opening** (an information relaxation too: the dice of the
opening told in advance, honest play from the first position with 10 empty boxes, which the exact
ending solves) is bounded, whatever the dice, by the best such position; but the best is high:
with only the waterway, the dome, the archway and one orchard box left, all trees watered and 11
raindrops, perfect honest play still scores 38.77.

What would be needed: a value function that is not additive over features (the best use of a
roll is one feature's), and an exact solver for the charged problem on known dice.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from tajkit.solver.artisans.search.engine import Engine, engine_for

ROUNDS = 60  # column-generation rounds (the bound is valid after any number)
CLOSE = 1e-4  # stop early once the bound is this close to the mixtures' value (points)


def distinct_rolls(faces: int) -> tuple[list[tuple[int, int]], np.ndarray]:
    """The unordered rolls and their chances (a double 1/36, any other pair 2/36)."""
    rolls = [(a, b) for a in range(1, faces + 1) for b in range(a, faces + 1)]
    chance = np.array([(1 if a == b else 2) / faces**2 for a, b in rolls])
    return rolls, chance


@dataclass(frozen=True)
class _Feature:
    """One feature's program on its compact states (canonical values while it can still score;
    one state per number of empty boxes once it cannot): where writing value ``x`` in each empty
    box leads, what each full state scores, the raindrops each roll costs to write ``x``."""

    succ: np.ndarray  # [S, boxes, faces] next state, or S (a sink worth -inf) for no such box
    open: np.ndarray  # [S] bool: an empty box remains
    points: np.ndarray  # [S]
    cost: np.ndarray  # [R, faces]
    garden: bool


def _feature(engine: Engine, fi: int, start: int, rolls: list[tuple[int, int]]) -> _Feature:
    table = engine.tables[fi]
    faces = engine.faces

    def name(state: int) -> tuple[str, int]:
        if table.live[state] or not table.empties[state]:
            return ("live", table.canon[state]) if table.scores[state] or table.empties[state] else ("dead", 0)
        return ("dead", len(table.empties[state]))

    index: dict[tuple[str, int], int] = {name(start): 0}
    packed = [start]
    edges: list[list[list[int]]] = []
    for state in packed:  # grows as new states are met: every state reachable from the start
        row = []
        for box in table.empties[state]:
            targets = []
            for x in range(1, faces + 1):
                new = table.place(state, box, x)
                key = name(new)
                if key not in index:
                    index[key] = len(packed)
                    packed.append(new)
                targets.append(index[key])
            row.append(targets)
        edges.append(row)
    states = len(packed)
    size = table.feature.size
    succ = np.full((states, size, faces), states, dtype=np.int64)
    for s, row in enumerate(edges):
        for k, targets in enumerate(row):
            succ[s, k] = targets
    g = engine.groups[fi]
    cost = np.array([[engine.cost[a][b][g][x] for x in range(1, faces + 1)] for a, b in rolls], dtype=float)
    points = np.array([engine.stars[fi] if table.scores[p] and not table.empties[p] else 0 for p in packed], dtype=float)
    opened = np.array([bool(table.empties[p]) for p in packed])
    return _Feature(succ, opened, points, cost, g == engine.garden)


@dataclass(frozen=True)
class _Plan:
    """A feature's plan: its value at the prices it was made for, and what it does on average."""

    value: float  # the plan's value at its prices (points minus what it pays, plus trees saved)
    points: float  # the expected stars it scores
    writes: np.ndarray  # [T, R] the chance that it writes at turn t on roll r
    drops: float  # expected raindrops it marks (alterations and watering)
    watered: float  # expected trees it waters
    after_roll: np.ndarray  # [T, R, S] its value once turn t's roll is seen, before the move


def _solve(f: _Feature, price: np.ndarray, drop: float, water_gain: float, chance: np.ndarray) -> _Plan:
    """The feature's best honest plan at these prices: backward induction over the turns, then
    the chances of its choices by a forward pass from the start (compact state 0)."""
    turns, rolls = price.shape
    states, faces = len(f.points), f.cost.shape[1]
    water = water_gain if f.garden else 0.0
    value = np.append(f.points, -math.inf)
    rows = np.arange(states)[None, :]
    choice = np.full((turns, rolls, states), -1, dtype=np.int64)  # box * faces + value - 1, or -1
    after_roll = np.zeros((turns, rolls, states))
    for t in range(turns - 1, -1, -1):
        after = value[f.succ]  # [S, boxes, faces]
        box = after.argmax(axis=1)  # [S, faces]
        written = after.max(axis=1)
        gain = written[None, :, :] - drop * f.cost[:, None, :] - price[t][:, None, None] + water  # [R, S, faces]
        x = gain.argmax(axis=2)  # [R, S]
        top = gain.max(axis=2)
        stay = value[:states]
        write = f.open[None, :] & (top > stay[None, :])
        choice[t] = np.where(write, box[rows, x] * faces + x, -1)
        after_roll[t] = np.where(write, top, stay[None, :])
        value = np.append(chance @ after_roll[t], -math.inf)
    dist = np.zeros(states)
    dist[0] = 1.0
    writes = np.zeros((turns, rolls))
    drops = watered = 0.0
    for t in range(turns):
        c = choice[t]
        acts = c >= 0
        mass = chance[:, None] * dist[None, :]
        writes[t] = (mass * acts).sum(axis=1)
        r, s = np.nonzero(acts)
        k, x = c[r, s] // faces, c[r, s] % faces
        drops += float((mass[r, s] * f.cost[r, x]).sum())
        dist = np.bincount(f.succ[s, k, x], weights=mass[r, s], minlength=states + 1)[:states] + (mass * ~acts).sum(axis=0)
    if water:
        watered = float(writes.sum())
        drops += watered
    points = float(dist @ f.points)
    return _Plan(float(value[0]), points, writes, drops, watered, after_roll)


def _turns(price: np.ndarray, drop: float, chance: np.ndarray) -> float:
    """The turns' best value at these prices: while the game runs, each turn earns its roll's
    price or marks a raindrop (paying the raindrop's); it may stop before any turn."""
    value = 0.0
    for earned in (np.maximum(price, -drop) @ chance)[::-1]:
        value = max(0.0, earned + value)
    return value


class _Master:
    """The linear program over mixtures of the features' plans (and the turns' own choices:
    ``run[t]`` the chance the game runs at turn t, ``skip[t, r]`` that it marks a raindrop)."""

    def __init__(self, features: int, turns: int, chance: np.ndarray, rain: int, dry: int, penalty: float) -> None:
        from ortools.linear_solver import pywraplp

        self.solver = pywraplp.Solver.CreateSolver("GLOP")
        self.penalty = penalty
        rolls = len(chance)
        inf = self.solver.infinity()
        run = [self.solver.NumVar(0.0, 1.0, f"run{t}") for t in range(turns)]
        for t in range(turns - 1):
            self.solver.Add(run[t + 1] <= run[t])
        self.turn = []
        skips = []
        for t in range(turns):
            row = []
            for r in range(rolls):
                skip = self.solver.NumVar(0.0, inf, f"skip{t}.{r}")
                row.append(self.solver.Add(skip - chance[r] * run[t] == 0.0))
                skips.append(skip)
            self.turn.append(row)
        self.drops = self.solver.Add(sum(skips) <= rain)
        self.trees = self.solver.Add(self.solver.Sum([]) <= dry)
        self.convex = [self.solver.Add(self.solver.Sum([]) == 1.0) for _ in range(features)]
        self.objective = self.solver.Objective()
        self.objective.SetMaximization()
        self.columns = 0

    def add(self, fi: int, plan: _Plan) -> None:
        column = self.solver.NumVar(0.0, self.solver.infinity(), f"plan{self.columns}")
        self.columns += 1
        self.objective.SetCoefficient(column, plan.points + self.penalty * plan.watered)
        self.convex[fi].SetCoefficient(column, 1.0)
        self.drops.SetCoefficient(column, plan.drops)
        self.trees.SetCoefficient(column, plan.watered)
        for t, r in zip(*np.nonzero(plan.writes > 1e-12)):
            self.turn[t][r].SetCoefficient(column, float(plan.writes[t, r]))

    def prices(self) -> tuple[float, np.ndarray, float, float]:
        """The mixtures' best value and the prices it implies (turns, raindrop, tree)."""
        status = self.solver.Solve()
        if status != self.solver.OPTIMAL:
            raise RuntimeError(f"GLOP status {status}")
        price = np.array([[c.dual_value() for c in row] for row in self.turn])
        return self.objective.Value(), price, max(0.0, self.drops.dual_value()), max(0.0, self.trees.dual_value())


@dataclass
class Fluid:
    """The relaxation coupled in expectation from a position, at the best prices found."""

    bound: float
    mixture: float
    rounds: int
    price: np.ndarray  # [T, R]
    drop: float
    tree: float
    plans: list[_Plan]  # per open feature, at those prices
    features: list[_Feature]
    base: float
    rain: int
    dry: int
    penalty: float
    chance: np.ndarray


def at_prices(engine: Engine, states: Sequence[int], used: int, trees: int, turn: float, drop: float) -> Fluid:
    """The features' programs at fixed prices (``turn`` for every turn and roll, ``drop`` for a
    raindrop): a valid bound too, and values that charge in earnest once the prices bind."""
    rolls, chance = distinct_rolls(engine.faces)
    open_features = [fi for fi, s in enumerate(states) if engine.tables[fi].empties[s]]
    features = [_feature(engine, fi, states[fi], rolls) for fi in open_features]
    fixed = sum(st for st, t, s in zip(engine.stars, engine.tables, states) if not t.empties[s] and t.scores[s])
    rain, dry, penalty = engine.raindrops - used, engine.trees - trees, float(engine.spec.tree_penalty)
    turns = sum(len(engine.tables[fi].empties[states[fi]]) for fi in open_features) + rain
    price = np.full((turns, len(rolls)), turn)
    water_gain = max(0.0, penalty - drop) if dry else 0.0
    plans = [_solve(f, price, drop, water_gain, chance) for f in features]
    base = fixed - penalty * dry
    bound = base + drop * rain + _turns(price, drop, chance) + sum(p.value for p in plans)
    return Fluid(bound, -math.inf, 0, price, drop, 0.0, plans, features, base, rain, dry, penalty, chance)


def fluid(engine: Engine, states: Sequence[int] | None = None, used: int = 0, trees: int = 0,
          rounds: int = ROUNDS) -> Fluid:
    """The features' programs coupled in expectation: a proven upper bound on the best honest
    expected score from this position (the features' packed states, raindrops used, trees
    watered), and the prices and values that achieve it."""
    states = list(states) if states is not None else [0] * len(engine.tables)
    rolls, chance = distinct_rolls(engine.faces)
    open_features = [fi for fi, s in enumerate(states) if engine.tables[fi].empties[s]]
    features = [_feature(engine, fi, states[fi], rolls) for fi in open_features]
    fixed = sum(st for st, t, s in zip(engine.stars, engine.tables, states) if not t.empties[s] and t.scores[s])
    rain = engine.raindrops - used
    dry = engine.trees - trees
    turns = sum(len(engine.tables[fi].empties[states[fi]]) for fi in open_features) + rain
    penalty = float(engine.spec.tree_penalty)
    base = fixed - penalty * dry
    master = _Master(len(features), turns, chance, rain, dry, penalty)
    price, drop, tree = np.zeros((turns, len(rolls))), 0.0, 0.0
    for i, f in enumerate(features):  # a plan that never writes keeps the first mixtures feasible
        master.add(i, _solve(f, np.full_like(price, 1e9), drop, 0.0, chance))
    best: Fluid | None = None
    mixture = -math.inf
    for k in range(rounds):
        water_gain = max(0.0, penalty - tree - drop) if dry else 0.0
        plans = [_solve(f, price, drop, water_gain, chance) for f in features]
        bound = base + tree * dry + drop * rain + _turns(price, drop, chance) + sum(p.value for p in plans)
        if best is None or bound <= best.bound + 1e-9:  # the later of equal bounds: its prices are the nearer the optimum
            best = Fluid(bound, mixture, k + 1, price, drop, tree, plans, features, base, rain, dry, penalty, chance)
        if best.bound - mixture < CLOSE:
            break
        for i, plan in enumerate(plans):
            master.add(i, plan)
        value, price, drop, tree = master.prices()
        mixture = max(mixture, base + value)
    best.mixture, best.rounds = mixture, k + 1
    return best


# --- the same programs on one roll sequence, charged for knowing it --------------------------


@dataclass(frozen=True)
class _Path:
    """A feature's plan on known rolls: its value at the prices, and what it does."""

    value: float
    gain: float  # stars, plus the trees it saves, minus its charges
    writes: np.ndarray  # [T] 0/1
    drops: float
    watered: float


def _charges(plan: _Plan, chance: np.ndarray, rolled: np.ndarray) -> tuple[np.ndarray, float]:
    """The feature's charges on these rolls: after turn t, in state s, how much better roll
    t + 1 is than an average roll (``charge[t, s]``; none after the last turn), and the charge of
    the first roll."""
    turns = len(rolled)
    value = np.einsum("r,trs->ts", chance, plan.after_roll)  # before each turn's roll
    charge = np.zeros((turns, value.shape[1]))
    charge[:-1] = plan.after_roll[np.arange(1, turns), rolled[1:]] - value[1:]
    return charge, float(plan.after_roll[0, rolled[0], 0] - value[0, 0])


def _solve_path(f: _Feature, charge: np.ndarray, first: float, rolled: np.ndarray, mu: np.ndarray, drop: float,
                water_gain: float) -> _Path:
    turns = len(rolled)
    states, faces = len(f.points), f.cost.shape[1]
    water = water_gain if f.garden else 0.0
    value = f.points.copy()
    rows = np.arange(states)
    choice = np.full((turns, states), -1, dtype=np.int64)
    for t in range(turns - 1, -1, -1):
        after = np.append(value - charge[t], -math.inf)
        reach = after[f.succ]  # [S, boxes, faces]
        box = reach.argmax(axis=1)
        gain = reach.max(axis=1) - drop * f.cost[rolled[t]][None, :] - mu[t] + water  # [S, faces]
        x = gain.argmax(axis=1)
        top = gain[rows, x]
        stay = after[:states]
        write = f.open & (top > stay)
        choice[t] = np.where(write, box[rows, x] * faces + x, -1)
        value = np.where(write, top, stay)
    s, writes, drops, watered, charged = 0, np.zeros(turns), 0.0, 0.0, first
    for t in range(turns):
        c = choice[t, s]
        if c >= 0:
            k, x = divmod(int(c), faces)
            writes[t] = 1.0
            drops += f.cost[rolled[t], x]
            if water:
                watered += 1.0
                drops += 1.0
            s = int(f.succ[s, k, x])
        charged += charge[t, s]
    return _Path(float(value[0]) - first, float(f.points[s]) - charged, writes, drops, watered)


def pathwise_bound(found: Fluid, rolled: Sequence[int], rounds: int = 40) -> float:
    """An upper bound on the best score minus charges on these rolls (distinct-roll indices, one a
    turn): its mean over roll sequences bounds the best honest expected score."""
    from ortools.linear_solver import pywraplp

    rolled = np.asarray(rolled)
    turns = len(rolled)
    charges = [_charges(p, found.chance, rolled) for p in found.plans]
    earned = np.maximum(found.price, -found.drop)
    turn_charge = earned[np.arange(turns), rolled] - earned @ found.chance
    solver = pywraplp.Solver.CreateSolver("GLOP")
    inf = solver.infinity()
    run = [solver.NumVar(0.0, 1.0, "") for _ in range(turns)]
    skip = [solver.NumVar(0.0, 1.0, "") for _ in range(turns)]
    for t in range(turns - 1):
        solver.Add(run[t + 1] <= run[t])
    rows = [solver.Add(skip[t] - run[t] == 0.0) for t in range(turns)]
    drops = solver.Add(sum(skip) <= found.rain)
    trees = solver.Add(solver.Sum([]) <= found.dry)
    convex = [solver.Add(solver.Sum([]) == 1.0) for _ in found.features]
    objective = solver.Objective()
    objective.SetMaximization()
    for t in range(turns):
        objective.SetCoefficient(run[t], -float(turn_charge[t]))

    def add(i: int, path: _Path) -> None:
        column = solver.NumVar(0.0, inf, "")
        objective.SetCoefficient(column, path.gain + found.penalty * path.watered)
        convex[i].SetCoefficient(column, 1.0)
        drops.SetCoefficient(column, path.drops)
        trees.SetCoefficient(column, path.watered)
        for t in np.nonzero(path.writes)[0]:
            rows[t].SetCoefficient(column, 1.0)

    for i, (f, (c, first)) in enumerate(zip(found.features, charges)):  # never writing: always feasible
        add(i, _solve_path(f, c, first, rolled, np.full(turns, 1e9), 0.0, 0.0))
    mu = found.price[np.arange(turns), rolled]
    drop, tree = found.drop, found.tree
    best, mixture = math.inf, -math.inf
    for _ in range(rounds):
        water_gain = max(0.0, found.penalty - tree - drop) if found.dry else 0.0
        paths = [_solve_path(f, c, first, rolled, mu, drop, water_gain) for f, (c, first) in zip(found.features, charges)]
        go, value = np.maximum(mu, -drop) - turn_charge, 0.0
        for g in go[::-1]:
            value = max(0.0, g + value)
        bound = found.base + tree * found.dry + drop * found.rain + value + sum(p.value for p in paths)
        best = min(best, bound)
        if best - mixture < CLOSE:
            break
        for i, path in enumerate(paths):
            add(i, path)
        if solver.Solve() != solver.OPTIMAL:
            raise RuntimeError("GLOP")
        mixture = max(mixture, found.base + objective.Value())
        mu = np.array([r.dual_value() for r in rows])
        drop, tree = max(0.0, drops.dual_value()), max(0.0, trees.dual_value())
    return best


def main() -> None:
    import argparse
    import statistics

    from bench_artisans_hint import positions_with  # a sibling script: the careful games it times
    from tajkit.solver.artisans.search.endgame import endgame_for
    from tajkit.solver.artisans.search.oracle import clairvoyant
    from tajkit.solver.artisans.search.simulation import roll_sequence
    from tajkit.solver.artisans.spec import load_spec

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boxes", type=int, default=9, help="careful games' positions with this many empty boxes")
    parser.add_argument("--positions", type=int, default=3)
    parser.add_argument("--dice", type=int, default=4, help="roll sequences per position")
    parser.add_argument("--games", type=int, help="instead: whole games from the empty sheet, on seed's dice")
    parser.add_argument("--turn-price", type=float, help="charge by the values at this price a turn (not the fluid's)")
    parser.add_argument("--drop-price", type=float, default=0.5, help="with --turn-price: a raindrop's price")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    engine = engine_for(load_spec())
    rolls, _ = distinct_rolls(engine.faces)
    index = {r: i for i, r in enumerate(rolls)}

    def programs(states, used, trees):  # noqa: ANN001, ANN202
        if args.turn_price is not None:
            return at_prices(engine, states, used, trees, args.turn_price, args.drop_price)
        return fluid(engine, states, used, trees)

    if args.games:
        found = programs([0] * len(engine.tables), 0, 0)
        paths = [pathwise_bound(found, [index[tuple(sorted(r))] for r in roll_sequence(engine, args.seed, g)]
                                [: len(found.price)], rounds=300) for g in range(args.games)]
        print(f"{args.games} whole games (seed {args.seed}): fluid bound {found.bound:.2f}, "
              f"on known dice {statistics.mean(paths):.2f}")
        return
    ending = endgame_for(engine)
    rng = np.random.default_rng(args.seed)
    rows = []
    for states, used, trees, _ in positions_with(engine, args.boxes, args.positions, args.seed):
        honest = ending.outcome(states, used, trees).score
        found = programs(states, used, trees)
        paths, seen = [], []
        for _ in range(args.dice):
            dice = [tuple(sorted((int(a), int(b)))) for a, b in rng.integers(1, engine.faces + 1, size=(len(found.price), 2))]
            paths.append(pathwise_bound(found, [index[d] for d in dice], rounds=60))
            seen.append(clairvoyant(engine, dice, states, used, trees, seed=args.seed).score)
        rows.append((honest, found.bound, statistics.mean(paths), statistics.mean(seen)))
        print(f"position: perfect honest play {honest:.2f}, fluid bound {found.bound:.2f}, "
              f"on known dice {rows[-1][2]:.2f}, clairvoyant {rows[-1][3]:.2f}", flush=True)
    honest, bound, path, seen = (statistics.mean(c) for c in zip(*rows))
    print(f"{len(rows)} positions with {args.boxes} empty boxes, {args.dice} roll sequences each: perfect honest play "
          f"{honest:.2f}, fluid bound {bound:.2f}, on known dice {path:.2f}, clairvoyant {seen:.2f}")


if __name__ == "__main__":
    main()
