"""The clairvoyant bound: given a game's whole roll sequence in advance, the best final score any
play could reach (OR-Tools CP-SAT). No real player can beat it.

The model follows the rulebook turn by turn: every turn of the game either writes one value
(the roll altered by raindrops, possibly watering a tree) or marks one raindrop; the game ends
after the turn that fills the last box or marks the last raindrop. Box values (``z``) and turns
(``a``: which group and value a turn writes) are separate variables joined by counts, which
removes the symmetry between boxes and turns; boxes a condition treats alike are ordered.

Most games can reach a perfect sheet, so the solver first looks for one (a feasibility problem it
settles quickly); only when that is ruled out or not found in time does it maximise the score.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from tajkit.solver.artisans.search.engine import SKIP, EMove, Engine
from tajkit.solver.errors import SolverFailure


WORK = 20.0  # CP-SAT deterministic seconds per game: seed 1's 300 games took 0.8 on average, 7.8 at most
TIME_CAP = 300.0  # wall-clock seconds per game, a safety cap only (the result says when it cut)


class NoPlayFound(SolverFailure):
    """CP-SAT found no play at all within the oracle's limits (``cut``: the time cap stopped it)."""

    def __init__(self, work: float, time_cap: float, cut: bool) -> None:
        limit = f"the {time_cap:g} s safety cap (--oracle-time)" if cut else f"{work:g} units of work (--oracle-work)"
        super().__init__(f"the oracle's CP-SAT found no play within {limit}: give it more")
        self.cut = cut


@dataclass(frozen=True)
class OracleResult:
    score: int
    proven: bool  # CP-SAT proved that no play reaches more
    bound: int  # the best score CP-SAT could not rule out
    moves: tuple[EMove, ...]  # one per turn played
    cut: bool = False  # the wall-clock cap, not the work budget, stopped an unproven search


@dataclass
class _Model:
    model: Any
    z: dict[tuple[int, int, int], Any] = field(default_factory=dict)
    a: dict[tuple[int, int, int], Any] = field(default_factory=dict)
    skip: list[Any] = field(default_factory=list)
    water: list[Any] = field(default_factory=list)
    turn: list[Any] = field(default_factory=list)
    objective: Any = 0


def best_possible(engine: Engine, states: Sequence[int], trees: int) -> int:
    """The score of a perfect finish from here: every feature that can still score does, and
    every tree is watered if garden boxes remain to carry the waterings."""
    garden_boxes = sum(len(t.empties[s]) for t, s in zip(engine.tables, states) if t.feature.group == engine.garden)
    dry = max(0, engine.trees - trees - garden_boxes)
    stars = sum(st for st, t, s in zip(engine.stars, engine.tables, states) if t.live[s])
    return stars - dry * engine.spec.tree_penalty


def clairvoyant(
    engine: Engine,
    rolls: Sequence[tuple[int, int]],
    states: Sequence[int] | None = None,
    used: int = 0,
    trees: int = 0,
    work: float = WORK,
    seed: int = 0,
    time_cap: float = TIME_CAP,
) -> OracleResult:
    """The best final score reachable with ``rolls`` known in advance, from the given position,
    within ``work`` deterministic seconds of CP-SAT (the same answer on any machine).

    One worker with the linear relaxation at its strongest (``linearization_level=2``): on seed 1's
    games it proves a perfect sheet in about one deterministic second, where the default 8-worker
    portfolio needed about two and raced its threads, so its answers changed with the load."""
    from tajkit.solver import cpsat

    states = list(states) if states is not None else [0] * len(engine.tables)
    perfect = best_possible(engine, states, trees)

    def solve(m: _Model, budget: float, cap: float) -> cpsat.Solved:
        return cpsat.solve(m.model, work=budget, time_cap=cap, seed=seed, linearization_level=2)

    first = _build(engine, rolls, states, used, trees)
    first.model.add(first.objective == perfect)
    run = solve(first, work / 2, time_cap)
    if run.found:
        return OracleResult(perfect, True, perfect, _read_plan(engine, run.solver, rolls, states, first))
    ruled_out = run.infeasible
    second = _build(engine, rolls, states, used, trees)
    second.model.maximize(second.objective)
    if ruled_out:
        second.model.add(second.objective <= perfect - 1)
    cut = run.cut
    run = solve(second, work - run.work, time_cap - run.seconds)
    cut = (cut or run.cut) and not run.optimal
    if not run.found:
        raise NoPlayFound(work, time_cap, cut)
    return OracleResult(
        score=round(run.solver.objective_value),
        proven=run.optimal,
        bound=min(round(run.solver.best_objective_bound), perfect - ruled_out),
        moves=_read_plan(engine, run.solver, rolls, states, second),
        cut=cut,
    )


def _build(engine: Engine, rolls: Sequence[tuple[int, int]], states: list[int], used: int, trees: int) -> _Model:
    from ortools.sat.python import cp_model

    left = engine.raindrops - used
    faces = range(1, engine.faces + 1)
    m = _Model(cp_model.CpModel())
    model = m.model
    empty = [(fi, b) for fi, t in enumerate(engine.tables) for b in t.empties[states[fi]]]
    groups = sorted({engine.groups[fi] for fi, _ in empty})

    # z[fi, b, x]: box b of feature fi ends up holding x
    m.z = {(fi, b, x): model.new_bool_var(f"z_{fi}_{b}_{x}") for fi, b in empty for x in faces}
    filled = [sum(m.z[fi, b, x] for x in faces) for fi, b in empty]
    for f in filled:
        model.add(f <= 1)

    # a[t, g, x]: turn t writes x into group g (the roll altered by raindrops as needed)
    turn_cost = []
    for t, roll in enumerate(rolls):
        cost = engine.cost[roll[0]][roll[1]]
        here = {}
        for g in groups:
            for x in faces:
                if cost[g][x] <= left:
                    here[g, x] = m.a[t, g, x] = model.new_bool_var(f"a_{t}_{g}_{x}")
        m.skip.append(model.new_bool_var(f"skip_{t}"))
        m.water.append(model.new_bool_var(f"water_{t}"))
        m.turn.append(model.new_bool_var(f"turn_{t}"))
        model.add(sum(here.values()) + m.skip[t] == m.turn[t])
        model.add(m.water[t] <= sum(v for (g, _), v in here.items() if g == engine.garden))
        turn_cost.append(sum(cost[g][x] * v for (g, x), v in here.items()) + m.water[t] + m.skip[t])
        if t:
            model.add_implication(m.turn[t], m.turn[t - 1])  # turns are played in order
    for g in groups:  # each box written was written on a turn, and each turn wrote a box
        for x in faces:
            turns = [v for (_, tg, tx), v in m.a.items() if (tg, tx) == (g, x)]
            boxes = [m.z[fi, b, x] for fi, b in empty if engine.groups[fi] == g]
            model.add(sum(turns) == sum(boxes))
    spent = sum(turn_cost)
    model.add(spent <= left)
    model.add(sum(m.water) <= engine.trees - trees)

    # the end (rulebook: End of the Game): after the turn that fills the last box, or marks the
    # last raindrop, and not before
    full = model.new_bool_var("full")
    rain_out = model.new_bool_var("rain_out")
    model.add(sum(filled) == len(empty)).only_enforce_if(full)
    model.add(sum(filled) <= len(empty) - 1).only_enforce_if(~full)
    model.add(spent == left).only_enforce_if(rain_out)
    model.add(spent <= left - 1).only_enforce_if(~rain_out)
    model.add_bool_or([full, rain_out])
    for t in range(len(rolls)):
        last = model.new_bool_var(f"last_{t}")
        model.add(m.turn[t] - (m.turn[t + 1] if t + 1 < len(rolls) else 0) == last)
        model.add(m.skip[t] == 0).only_enforce_if([last, full])
        model.add(turn_cost[t] >= 1).only_enforce_if([last, rain_out])

    scored = _conditions(model, engine, states, m.z)
    m.objective = sum(engine.stars[fi] * s for fi, s in scored.items()) - engine.spec.tree_penalty * (
        engine.trees - trees - sum(m.water)
    )
    return m


def _conditions(model: Any, engine: Engine, states: list[int], z: dict) -> dict[int, Any]:
    """``scored[fi]`` may be true only if feature fi ends complete and meets its condition
    (rulebook: Scoring Conditions)."""
    scored = {}
    for fi, table in enumerate(engine.tables):
        if not table.live[states[fi]]:
            continue
        fixed = table.unpack(states[fi])
        faces = range(1, table.base)
        value = [fixed[b] or sum(x * z[fi, b, x] for x in faces) for b in range(len(fixed))]
        odd = [fixed[b] % 2 if fixed[b] else sum(z[fi, b, x] for x in faces if x % 2) for b in range(len(fixed))]
        sat = scored[fi] = model.new_bool_var(f"scores_{fi}")
        for b in table.empties[states[fi]]:
            model.add(sum(z[fi, b, x] for x in faces) == 1).only_enforce_if(sat)
        feature = table.feature
        rules = {
            "sum_is": lambda: [sum(value) == feature.target],
            "same_parity": lambda: [o == odd[0] for o in odd[1:]],
            "identical": lambda: [v == value[0] for v in value[1:]],
            "descending": lambda: [below >= above + 1 for below, above in zip(value, value[1:])],
            "bottom_sum": lambda: [value[2] == value[0] + value[1]],
            "middle_low": lambda: [value[1] + 1 <= value[0], value[1] + 1 <= value[2]],
        }
        for constraint in rules[feature.condition]():
            model.add(constraint).only_enforce_if(sat)
        _order_alike_boxes(model, table, states[fi], value)
    return scored


def _order_alike_boxes(model: Any, table: Any, state: int, value: list) -> None:
    """Boxes the condition treats alike (any two facade boxes, the archway's top two, the dome's
    sides) take their values in descending order: it removes mirror-image solutions."""
    alike = {
        "sum_is": lambda b: True,
        "same_parity": lambda b: True,
        "identical": lambda b: True,
        "bottom_sum": lambda b: b < 2,
        "middle_low": lambda b: b != 1,
        "descending": lambda b: False,
    }[table.feature.condition]
    chain = [b for b in table.empties[state] if alike(b)]
    for first, second in zip(chain, chain[1:]):
        model.add(value[first] >= value[second])


def _read_plan(engine: Engine, solver: Any, rolls: Sequence[tuple[int, int]], states: list[int], m: _Model) -> tuple[EMove, ...]:
    """The solution as moves: each turn's (group, value) goes into a box meant for it."""
    current = list(states)
    waiting = [(fi, b, x) for (fi, b, x), v in m.z.items() if solver.boolean_value(v)]
    moves = []
    for t, roll in enumerate(rolls):
        if not solver.boolean_value(m.turn[t]):
            break
        if solver.boolean_value(m.skip[t]):
            moves.append(SKIP)
            continue
        g, x = next((g, x) for (tt, g, x), v in m.a.items() if tt == t and solver.boolean_value(v))
        fi, b, _ = next(w for w in waiting if engine.groups[w[0]] == g and w[2] == x)
        waiting.remove((fi, b, x))
        watered = solver.boolean_value(m.water[t])
        current[fi] = engine.tables[fi].place(current[fi], b, x)
        moves.append(EMove(fi, b, x, engine.cost[roll[0]][roll[1]][g][x] + watered, watered, current[fi]))
    return tuple(moves)
