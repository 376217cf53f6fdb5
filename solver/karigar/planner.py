"""The build planner: the fewest turns until the player holds the Level tile's resources, as a
time-indexed OR-Tools CP-SAT model over the rules of :mod:`rules`.

For each horizon ``T = 1, 2, ...`` below the limit a model asks whether ``T`` turns can end with
the resources held; the first horizon that can is the answer, *proven* shortest when CP-SAT proved
every shorter horizon infeasible. At the limit a model maximises how much of the Level tile the
turns gather: all of it is a build at the limit; less is the best use of the horizon (its first
turn is the best use of this turn), and when CP-SAT proves it optimal, also the proof that no
build is in reach.

The model, per turn ``t`` and space ``d`` the player may use:

* ``f[t,s,d]``: workers moving from ``s`` to ``d`` (``s`` and ``d`` share a row or a column, or
  ``s`` is the supply); ``n[t,d]`` the workers on ``d`` after the move; every worker moves.
* ``e[t,d]``: the Elephant on ``d`` (it came from a space in ``d``'s row or column, or was
  hired this turn: ``h[t]``, paid with one of the rulebook's prices ``p[t,k]``).
* ``take[t,d,r]`` (earn), ``use[t,d,o]`` (exchange options), ``sell[t,d,r]`` (Trade: sell) and
  the holdings ``H[t,r]``; a turn's payments never exceed ``H[t-1,r]``.

CP-SAT runs on one worker with a fixed seed and a deterministic-time budget shared by a hint's
solves, so the same position gives the same plan on any machine; the wall-clock cap is only a
safety net. One worker because a portfolio of two is not reproducible run to run, and these models
are small enough that the portfolio buys little (measured: scripts/bench_karigar.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from tajkit.solver.errors import IllegalMove, SolverFailure
from tajkit.solver.karigar.rules import SUPPLY, Act, Board, Position, Turn, affords, apply, covered


@dataclass(frozen=True)
class Plan:
    turns: int | None  # fewest turns to afford the Level tile (0: build now); None when not within the horizon
    steps: tuple[Turn, ...]  # the plan, one Turn per turn (the best-progress plan when ``turns`` is None)
    proven: bool  # shortest proven; with no build: proven that no plan within the horizon builds
    progress: int  # Level-tile resources held after the last step
    horizon: int
    seconds: float  # CP-SAT's wall time, all solves
    solves: tuple[tuple[int, str], ...]  # (horizon, status) of each solve
    stuck: bool = False  # no sequence of legal turns lasts the whole horizon
    best_proven: bool = False  # with no build: the progress is proven the most possible


@dataclass
class _Vars:
    model: Any
    horizon: int
    f: dict[tuple[int, int, int], Any] = field(default_factory=dict)
    n: dict[tuple[int, int], Any] = field(default_factory=dict)
    e: dict[tuple[int, int], Any] = field(default_factory=dict)
    hire: dict[int, Any] = field(default_factory=dict)
    price: dict[tuple[int, int], Any] = field(default_factory=dict)
    take: dict[tuple[int, int, int], Any] = field(default_factory=dict)
    use: dict[tuple[int, int, int], Any] = field(default_factory=dict)
    sell: dict[tuple[int, int, int], Any] = field(default_factory=dict)
    held: dict[tuple[int, int], Any] = field(default_factory=dict)


def plan(board: Board, pos: Position, horizon: int, seed: int = 0) -> Plan:
    """The shortest plan within ``horizon`` turns, or the best use of the horizon when none exists.

    Horizons ``1 .. horizon-1`` are tried in turn, each a yes/no model; the last one maximises the
    Level-tile resources held at its end instead: all of them is a build in ``horizon`` turns, fewer
    is the best use of the horizon (and, when proven, the proof that no build is in reach). All
    solves share one deterministic budget; an answer the budget cut short is flagged."""
    if affords(board, pos.holding):
        return Plan(0, (), True, covered(board, pos.holding), horizon, 0.0, ())
    budget = _Budget(board.spec.budget)
    solves: list[tuple[int, str]] = []
    proven = True
    for t in range(1, horizon):
        found, status = _solve(board, pos, t, "reach", seed, budget)
        solves.append((t, status))
        if found is not None:
            steps = tidy(board, pos, fill(board, pos, found))
            return Plan(t, steps, proven, covered(board, _final(board, pos, steps)), horizon, budget.seconds, tuple(solves))
        proven = proven and status == "INFEASIBLE"
    best, status = _solve(board, pos, horizon, "progress", seed, budget)
    solves.append((horizon, status))
    if best is None:
        if status != "INFEASIBLE":
            raise SolverFailure(f"CP-SAT found no plan of {horizon} turns within its budget ({status})")
        return Plan(None, (), proven, covered(board, pos.holding), horizon, budget.seconds, tuple(solves), True, True)
    steps = fill(board, pos, best)
    if affords(board, _final(board, pos, steps)):
        steps = tidy(board, pos, steps)
        return Plan(horizon, steps, proven, covered(board, _final(board, pos, steps)), horizon, budget.seconds, tuple(solves))
    optimal = status == "OPTIMAL"
    return Plan(None, steps, proven and optimal, covered(board, _final(board, pos, steps)), horizon, budget.seconds,
                tuple(solves), False, optimal)


@dataclass
class _Budget:
    """CP-SAT's deterministic time left for one plan, and the wall time its solves took."""

    left: float
    seconds: float = 0.0


def _final(board: Board, pos: Position, steps: tuple[Turn, ...]) -> tuple[int, ...]:
    for turn in steps:
        pos = apply(board, pos, turn)
    return pos.holding


# --- tidying a plan ---------------------------------------------------------------------------------


def tidy(board: Board, pos: Position, steps: tuple[Turn, ...]) -> tuple[Turn, ...]:
    """The plan without what it does not need: CP-SAT answers whether ``T`` turns suffice and may
    add an idle exchange, sale or Elephant on the way. Each is dropped, one at a time until none
    can be, when the plan, replayed by the rules, still ends holding the Level tile's resources."""
    steps = _drop_hire(board, pos, steps)
    while True:
        lighter = next((trial for trial in _lighter_plans(steps) if _reaches(board, pos, trial)), None)
        if lighter is None:
            return steps
        steps = lighter


def _lighter_plans(steps: tuple[Turn, ...]) -> Iterator[tuple[Turn, ...]]:
    """The plan with one exchange option or one sale fewer, every way."""
    for t, turn in enumerate(steps):
        for a, act in enumerate(turn.acts):
            for lighter in _lighter(act):
                acts = turn.acts[:a] + ((lighter,) if lighter.take or lighter.use or lighter.sell else ()) + turn.acts[a + 1 :]
                yield steps[:t] + (replace(turn, acts=acts),) + steps[t + 1 :]


def fill(board: Board, pos: Position, steps: tuple[Turn, ...]) -> tuple[Turn, ...]:
    """The plan with every earn space giving all it can: CP-SAT may leave a resource on the card
    that a worker standing there could carry. Earning more never makes a later turn illegal."""
    out = []
    for turn in steps:
        held = list(pos.holding)
        acts = {a.space: a for a in turn.acts}
        crowd = Counter(turn.workers)
        for i in sorted(set(crowd) | ({turn.elephant} if turn.elephant is not None else set())):
            space = board.spaces[i]
            if space.kind == "earn":
                room = sum(space.earn) if turn.elephant == i else min(crowd[i], sum(space.earn))
                acts[i] = Act(i, take=_fuller(board, space.earn, acts[i].take if i in acts else (), room, held))
        turn = replace(turn, acts=tuple(acts[i] for i in sorted(acts)))
        out.append(turn)
        pos = apply(board, pos, turn)
    return tuple(out)


def _fuller(board: Board, shown: tuple[int, ...], take: tuple[int, ...], room: int, held: list[int]) -> tuple[int, ...]:
    """``take`` topped up to ``room`` resources from ``shown``, what the Level tile still lacks first."""
    taken = list(take) if take else [0] * len(shown)
    lacking = sorted(range(len(shown)), key=lambda r: (held[r] + taken[r] >= board.needs[r], r))
    for r in lacking:
        while sum(taken) < room and taken[r] < shown[r]:
            taken[r] += 1
    return tuple(taken)


def _lighter(act: Act) -> list[Act]:
    """The act with one exchange option fewer, or one sale fewer."""
    out = [replace(act, use=tuple(o for o in act.use if o != drop)) for drop in act.use]
    for k, n in enumerate(act.sell):
        if n:
            out.append(replace(act, sell=tuple(m - (j == k) for j, m in enumerate(act.sell))))
    return out


def _drop_hire(board: Board, pos: Position, steps: tuple[Turn, ...]) -> tuple[Turn, ...]:
    if pos.elephant is not None or not any(turn.hire is not None for turn in steps):
        return steps
    trial = tuple(
        replace(turn, elephant=None, hire=None, acts=tuple(a for a in turn.acts if a.space in turn.workers)) for turn in steps
    )
    return trial if _reaches(board, pos, trial) else steps


def _reaches(board: Board, pos: Position, steps: tuple[Turn, ...]) -> bool:
    try:
        return affords(board, _final(board, pos, steps))
    except IllegalMove:
        return False


def _solve(
    board: Board, pos: Position, horizon: int, mode: str, seed: int, budget: _Budget
) -> tuple[tuple[Turn, ...] | None, str]:
    from tajkit.solver import cpsat

    v = _build(board, pos, horizon, mode)
    run = cpsat.solve(v.model, work=max(budget.left, 0.01), time_cap=board.spec.time_cap, seed=seed)
    budget.left -= run.work
    budget.seconds += run.seconds
    return (_read(board, pos, v, run.solver) if run.found else None), run.status_name


# --- the model -------------------------------------------------------------------------------------


def _build(board: Board, pos: Position, horizon: int, mode: str) -> _Vars:
    from ortools.sat.python import cp_model

    v = _Vars(cp_model.CpModel(), horizon)
    usable = [i for i in range(len(board.spaces)) if board.useful(i)]
    _workers(board, pos, v, usable)
    _elephant(board, pos, v, usable)
    for t in range(1, horizon + 1):
        gain, pay = _space_actions(board, v, usable, t)
        _holdings(board, pos, v, t, gain, pay)
    needs = board.needs
    m = v.model
    if mode == "reach":
        for r, need in enumerate(needs):
            if need:
                m.add(v.held[horizon, r] >= need)
    else:
        m.maximize(sum(_capped(m, v.held[horizon, r], need) for r, need in enumerate(needs) if need))
    return v


def _capped(m: Any, held: Any, need: int) -> Any:
    c = m.new_int_var(0, need, "")
    m.add(c <= held)
    return c


def _workers(board: Board, pos: Position, v: _Vars, usable: list[int]) -> None:
    """Every worker moves along its row or column (or enters from the supply) each turn."""
    m, w = v.model, board.workers
    start = Counter(pos.workers)
    for t in range(1, v.horizon + 1):
        origins = list(start) if t == 1 else usable
        inflow: dict[int, list[Any]] = {d: [] for d in usable}
        for s in origins:
            dests = usable if s == SUPPLY else [d for d in board.moves[s] if board.useful(d)]
            out = []
            for d in dests:
                x = m.new_int_var(0, w, f"f{t}_{s}_{d}")
                v.f[t, s, d] = x
                out.append(x)
                inflow[d].append(x)
            here = start[s] if t == 1 else v.n[t - 1, s]
            m.add(sum(out) == here)
        for d in usable:
            n = m.new_int_var(0, w, f"n{t}_{d}")
            m.add(n == sum(inflow[d]))
            v.n[t, d] = n
            if board.spaces[d].yellow:  # never a lone worker on a yellow card
                y = m.new_bool_var("")
                m.add(n >= board.spec.yellow_min_workers * y)
                m.add(n <= w * y)


def _elephant(board: Board, pos: Position, v: _Vars, usable: list[int]) -> None:
    m, w = v.model, board.workers
    if pos.elephant is None and not board.can_hire(pos):
        return
    hired_before: Any = 1 if pos.elephant is not None else 0
    for t in range(1, v.horizon + 1):
        if pos.elephant is None:
            h = m.new_bool_var(f"h{t}")
            v.hire[t] = h
            prices = [m.new_bool_var(f"p{t}_{k}") for k in range(len(board.spec.hire))]
            for k, p in enumerate(prices):
                v.price[t, k] = p
            m.add(sum(prices) == h)
        else:
            h = 0
        here = []
        for d in usable:
            e = m.new_bool_var(f"e{t}_{d}")
            v.e[t, d] = e
            here.append(e)
            if t == 1:
                came = [1] if pos.elephant is not None and d in board.moves[pos.elephant] else []
            else:
                came = [v.e[t - 1, s] for s in board.moves[d] if (t - 1, s) in v.e]
            m.add(e <= sum(came) + h)
            m.add(v.n[t, d] + w * e <= w)  # workers and Elephants never share a space
        m.add(sum(here) == hired_before + h)
        hired_before = hired_before + h
    if v.hire:
        m.add(sum(v.hire.values()) <= 1)


def _space_actions(board: Board, v: _Vars, usable: list[int], t: int) -> tuple[list[Any], list[Any]]:
    """What each space can give and take this turn; returns the turn's gain and pay per resource."""
    m, spec = v.model, board.spec
    size = len(spec.resources)
    gain: list[Any] = [0] * size
    pay: list[Any] = [0] * size
    for d in usable:
        space = board.spaces[d]
        n = v.n[t, d]
        e = v.e.get((t, d), 0)
        if space.kind == "earn":
            takes = []
            for r, shown in enumerate(space.earn):
                if shown:
                    x = m.new_int_var(0, shown, f"take{t}_{d}_{r}")
                    v.take[t, d, r] = x
                    takes.append(x)
                    gain[r] += x
            shown = sum(space.earn)
            m.add(sum(takes) <= n + shown * e)  # a worker carries one; an Elephant all
            most = m.new_int_var(0, shown, "")  # and they take all they can: earning more never hurts
            m.add_min_equality(most, [n + shown * e, shown])
            m.add(sum(takes) == most)
        elif space.kind == "exchange":
            uses = []
            for o, option in enumerate(space.options):
                u = m.new_bool_var(f"use{t}_{d}_{o}")
                v.use[t, d, o] = u
                uses.append((u, option))
                for r in range(size):
                    pay[r] += option.give[r] * u
                    gain[r] += option.get[r] * u
            k = len(uses)
            m.add(sum(o.workers * u for u, o in uses) <= n + sum(o.workers for _, o in uses) * e)
            m.add(sum(u for u, _ in uses) <= k - (k - 1) * e)  # an Elephant does one exchange
        elif space.kind == "sell":
            sold = []
            for r in spec.basic:
                x = m.new_int_var(0, board.workers, f"sell{t}_{d}_{r}")
                v.sell[t, d, r] = x
                sold.append(x)
                pay[r] += x
            m.add(sum(sold) <= n + e)  # one per worker, one for an Elephant
            gain[spec.silver] += spec.sell_silver * sum(sold)
    if t in v.hire:
        for k, price in enumerate(spec.hire):
            for r, c in enumerate(price):
                pay[r] += c * v.price[t, k]
    return gain, pay


def _holdings(board: Board, pos: Position, v: _Vars, t: int, gain: list[Any], pay: list[Any]) -> None:
    m = v.model
    for r, start in enumerate(pos.holding):
        before = start if t == 1 else v.held[t - 1, r]
        bound = start + v.horizon * _most_gain(board, r)
        x = m.new_int_var(0, bound, f"H{t}_{r}")
        m.add(pay[r] <= before)  # a turn pays from what was held when it began
        m.add(x == before + gain[r] - pay[r])
        v.held[t, r] = x


def _most_gain(board: Board, r: int) -> int:
    """An upper bound on what one turn can bring of resource ``r``."""
    spec = board.spec
    total = 0
    for space in board.spaces:
        if space.kind == "earn":
            total += space.earn[r]
        elif space.kind == "exchange":
            total += sum(o.get[r] for o in space.options)
        elif space.kind == "sell" and r == spec.silver:
            total += spec.sell_silver * (board.workers + 1)
    return total


# --- reading the plan back -------------------------------------------------------------------------


def _read(board: Board, pos: Position, v: _Vars, solver: Any) -> tuple[Turn, ...]:
    steps = []
    workers = list(pos.workers)
    for t in range(1, v.horizon + 1):
        flows = Counter({(s, d): solver.value(x) for (tt, s, d), x in v.f.items() if tt == t and solver.value(x)})
        moved = []
        for w in workers:
            d = next(d for (s, d), k in sorted(flows.items()) if s == w and k > 0)
            flows[w, d] -= 1
            moved.append(d)
        workers = moved
        elephant = next((d for (tt, d), e in v.e.items() if tt == t and solver.value(e)), None)
        hire = next((k for (tt, k), p in v.price.items() if tt == t and solver.value(p)), None)
        steps.append(Turn(tuple(moved), elephant, hire, _read_acts(board, v, solver, t, Counter(moved), elephant)))
    return tuple(steps)


def _read_acts(board: Board, v: _Vars, solver: Any, t: int, crowd: Counter[int], elephant: int | None) -> tuple[Act, ...]:
    size = len(board.spec.resources)
    acts = []
    for d in sorted(set(crowd) | ({elephant} if elephant is not None else set())):
        take = tuple(solver.value(v.take[t, d, r]) if (t, d, r) in v.take else 0 for r in range(size))
        use = tuple(o for o in range(len(board.spaces[d].options)) if solver.value(v.use[t, d, o]))
        sell = tuple(solver.value(v.sell[t, d, r]) if (t, d, r) in v.sell else 0 for r in range(size))
        act = Act(d, take if any(take) else (), use, sell if any(sell) else ())
        if act.take or act.use or act.sell:
            acts.append(act)
    return tuple(acts)
