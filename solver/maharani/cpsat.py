"""The best turn as a CP-SAT model: a second way to the hint's answer, built from the position's
data (candidate placements, static tile areas and worker groups) rather than by playing every turn.

Variables: ``x[i]`` = the first tile is candidate placement ``i``; ``y[j]`` = the second tile is
candidate ``j`` (each with its worker outcome). The rules that tie the second tile to the first
(one slot, one space, one use of each action marker; a worker moved or placed by the first tile
changes what the second may do) are linear constraints. The second tile's area counts the static
areas it touches, and through the first tile when the two touch in one colour; its worker group
is the set of workers reachable from it, found by levels (a node is reached only along a chain of
strictly increasing levels from the new worker, so reaching is exactly connectivity while the
objective pushes it up). Quarters the turn completes are scored by the table.

Not modelled: the end of the game when the bag is empty and no tile left fits (the last turns);
:func:`solve` refuses positions whose bag holds no tile without a centre column (the turn could
empty it for good) and the enumeration answers them.
"""

from __future__ import annotations

import time
from collections import defaultdict
from dataclasses import dataclass, replace
from typing import Any

from tajkit.solver.errors import SolverFailure
from tajkit.solver.maharani.hint import Answer, Scored, value_of
from tajkit.solver.maharani.rules import (
    NO_WORKER,
    Placement,
    Position,
    Turn,
    Worker,
    crew,
    crews_of,
    live_bag,
    outcome,
    placements,
    supply,
)
from tajkit.solver.maharani.spec import Spec

TIME_CAP = 60.0  # seconds: a safety cap only (these models solve in milliseconds); the work is bounded by DETERMINISTIC_CAP
DETERMINISTIC_CAP = 5.0


class NotModelled(Exception):
    """A position the model does not cover (the game may end by an empty bag this turn)."""


@dataclass(frozen=True)
class Candidate:
    slot: int
    space: int
    arrow: int
    colour: int
    quarter: int
    marker: int  # -1: none needed
    towards: bool
    worker: str  # none | new | move | move_a (the second tile moves the first tile's worker)
    crew: int = -1  # crew code of the worker, -1 none
    source: int = -1  # static space a moved worker leaves


def _components(spec: Spec, values: tuple[int, ...] | list[int], skip: int = -1) -> tuple[list[int], dict[int, int]]:
    """Union-find labels of orthogonally connected equal values (>= 0), and each label's size."""
    parent = list(range(len(values)))

    def root(a: int) -> int:
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    for s, v in enumerate(values):
        if v < 0 or s == skip:
            continue
        for t in spec.neighbours[s]:
            if t != skip and values[t] == v:
                parent[root(s)] = root(t)
    labels = [root(s) if v >= 0 and s != skip else -1 for s, v in enumerate(values)]
    sizes: dict[int, int] = defaultdict(int)
    for label in labels:
        if label >= 0:
            sizes[label] += 1
    return labels, sizes


def _touching(spec: Spec, labels: list[int], sizes: dict[int, int], space: int, values: Any, value: int) -> int:
    """1 + the sizes of the distinct components of ``value`` next to ``space``."""
    seen = {labels[t] for t in spec.neighbours[space] if values[t] == value and labels[t] >= 0}
    return 1 + sum(sizes[k] for k in seen)


def _first_candidates(spec: Spec, pos: Position) -> list[Candidate]:
    side = pos.sides[pos.to_move]
    out = []
    for p in placements(spec, pos, distinct=True):
        tile = pos.rondel[p.slot]
        assert tile is not None
        quarter = spec.spaces[p.space].quarter
        marker = -1 if quarter == spec.facing_quarter(p.slot, side) else spec.coins[p.slot]
        w = p.worker or NO_WORKER
        code = crew(pos.to_move, w.colour) if w.kind != "none" else -1
        out.append(Candidate(p.slot, p.space, p.arrow, tile[0], quarter, marker, p.arrow == side, w.kind, code, w.source))
    return out


def _second_candidates(spec: Spec, pos: Position, firsts: list[Candidate]) -> list[Candidate]:
    """Every placement a second tile might make after some first tile, with every worker outcome
    the rules could allow after it; constraints keep only those the first tile allows."""
    player = pos.to_move
    side = pos.sides[player]
    down = pos.down[player]
    crews = crews_of(spec, pos.players, player)
    first_workers = {(c.colour, c.quarter, c.crew) for c in firsts if c.worker != "none"}
    out = []
    for slot, tile in enumerate(pos.rondel):
        if tile is None:
            continue
        colour, kind = tile
        facing = spec.facing_quarter(slot, side)
        seen = set()
        for space, arrow in spec.fits[kind]:
            quarter = spec.spaces[space].quarter
            towards = arrow == side
            marker = -1 if quarter == facing else spec.coins[slot]
            if pos.colour[space] >= 0 or (marker >= 0 and down >> marker & 1) or (space, towards) in seen:
                continue
            seen.add((space, towards))
            base = Candidate(slot, space, arrow, colour, quarter, marker, towards, "none")
            if not towards:
                out.append(base)
                continue
            spots = {code: _spot(spec, pos, code, colour, quarter) for code in crews}
            for code in crews:
                if spots[code] >= 0:
                    out.append(replace(base, worker="move", crew=code, source=spots[code]))
                elif supply(spec, pos, code) > 0:
                    out.append(replace(base, worker="new", crew=code))
                if (colour, quarter, code) in first_workers:
                    out.append(replace(base, worker="move_a", crew=code))
            if all(spots[c] < 0 and supply(spec, pos, c) <= 1 for c in crews):
                out.append(base)  # towards the player, but possibly no worker left to place
    return out


def _spot(spec: Spec, pos: Position, code: int, colour: int, quarter: int) -> int:
    return next((s for s in spec.quarter_spaces[quarter] if pos.worker[s] == code and pos.colour[s] == colour), -1)


class _Model:
    """The CP-SAT model of one position's turn (built in one go, read back by :meth:`decode`)."""

    def __init__(self, spec: Spec, pos: Position, objective: str, max_tiles: int) -> None:
        from ortools.sat.python import cp_model

        self.cp = cp_model
        self.spec, self.pos, self.objective = spec, pos, objective
        self.m = cp_model.CpModel()
        self.first = _first_candidates(spec, pos)
        self.second = _second_candidates(spec, pos, self.first) if max_tiles == 2 else []
        self.x = [self.m.NewBoolVar(f"x{i}") for i in range(len(self.first))]
        self.y = [self.m.NewBoolVar(f"y{j}") for j in range(len(self.second))]
        self.x_at = _index(self.x, self.first, lambda c: c.space)  # the first tile on a space
        self.y_at = _index(self.y, self.second, lambda c: c.space)
        self.x_at_colour = _index(self.x, self.first, lambda c: (c.space, c.colour))
        self.y_at_colour = _index(self.y, self.second, lambda c: (c.space, c.colour))
        self._side_by_side: Any = None
        self._exclusions()
        self._worker_rules()
        mine = self._turn_gold()
        self._objective(mine)

    # -- which turns are legal ---------------------------------------------------------------

    def _add(self, constraint: Any) -> None:
        """A linear constraint; one between constants is checked here (CP-SAT wants variables)."""
        if isinstance(constraint, bool):
            assert constraint, "a constant constraint that fails"
            return
        self.m.Add(constraint)

    def _exclusions(self) -> None:
        x, y = self.x, self.y
        self._add(sum(x) <= 1)
        self._add(sum(y) <= sum(x))
        for attr in ("slot", "space"):
            keys = {getattr(c, attr) for c in self.first + self.second}
            for k in keys:
                self._add(self._sum_x(lambda c: getattr(c, attr) == k) + self._sum_y(lambda c: getattr(c, attr) == k) <= 1)
        for q in range(4):  # each action marker turns down once
            self._add(self._sum_x(lambda c: c.marker == q) + self._sum_y(lambda c: c.marker == q) <= 1)

    def _worker_rules(self) -> None:
        """The second tile's worker outcome must be the one the rules give after the first tile."""
        spec, pos = self.spec, self.pos
        crews = crews_of(spec, pos.players, pos.to_move)
        for j, c in enumerate(self.second):
            if not c.towards:
                continue
            y = self.y[j]

            def first_put(code: int, c: Candidate = c) -> Any:  # the first tile's worker of crew code on (colour, quarter)
                return self._sum_x(lambda a: a.crew == code and a.colour == c.colour and a.quarter == c.quarter)

            def first_new(code: int) -> Any:
                return self._sum_x(lambda a: a.worker == "new" and a.crew == code)

            add = self._add
            if c.worker == "move":
                add(y + first_put(c.crew) <= 1)  # the first tile has not moved it away
            elif c.worker == "move_a":
                add(y <= first_put(c.crew))
            elif c.worker == "new":
                add(y + first_put(c.crew) <= 1)  # else it would have to move that worker
                if supply(spec, pos, c.crew) == 1:
                    add(y + first_new(c.crew) <= 1)
            else:  # no worker although the arrow points at the player: nobody can go
                for code in crews:
                    add(y + first_put(code) <= 1)
                    if supply(spec, pos, code) == 1:
                        add(y <= first_new(code))

    # -- gold ------------------------------------------------------------------------------------

    def _turn_gold(self) -> Any:
        spec, pos = self.spec, self.pos
        labels, sizes = _components(spec, pos.colour)
        tile_a = sum(x * _touching(spec, labels, sizes, c.space, pos.colour, c.colour) for x, c in zip(self.x, self.first))
        worker_a = sum(x * self._first_group(c) for x, c in zip(self.x, self.first) if c.worker != "none")
        gold = tile_a + worker_a
        if self.second:
            gold += self._second_area(labels, sizes) + sum(self._group_b(code) for code in crews_of(spec, pos.players, pos.to_move))
            gold -= 2 * sum(self.y)
        self.quarter_gold = self._quarters()
        return gold + self.quarter_gold[pos.to_move]

    def _first_group(self, c: Candidate) -> int:
        workers = list(self.pos.worker)
        if c.worker == "move":
            workers[c.source] = -1
        labels, sizes = _components(self.spec, workers)
        return _touching(self.spec, labels, sizes, c.space, workers, c.crew)

    def _second_area(self, labels: list[int], sizes: dict[int, int]) -> Any:
        """1 for the tile; 1 for the first tile when the two are joined in one colour (side by
        side, or both beside one static area: static areas of a colour never touch); and every
        static area of its colour it touches, directly or through the first tile."""
        spec, m = self.spec, self.m
        joins: list[Any] = []
        for s, col in self.x_at_colour:
            for t in spec.neighbours[s]:
                if (t, col) in self.y_at_colour:
                    z = m.NewBoolVar(f"join{s}_{t}_{col}")
                    m.Add(z <= sum(self.x_at_colour[(s, col)]))
                    m.Add(z <= sum(self.y_at_colour[(t, col)]))
                    joins.append(z)
        areas = []
        for label, size in sizes.items():
            members = {s for s, lab in enumerate(labels) if lab == label}
            col = self.pos.colour[next(iter(members))]
            around = {t for s in members for t in spec.neighbours[s]} - members
            by_b = sum(y for t in around for y in self.y_at_colour.get((t, col), ()))
            by_a = sum(x for t in around for x in self.x_at_colour.get((t, col), ()))
            if isinstance(by_b, int) and isinstance(by_a, int):
                continue
            areas.append((size, by_a, by_b))
            if not isinstance(by_b, int) and not isinstance(by_a, int):
                both = m.NewBoolVar(f"both{label}")
                m.Add(both <= by_a)
                m.Add(both <= by_b)
                joins.append(both)
        first_in = m.NewBoolVar("first_in")
        m.Add(first_in <= sum(joins))
        area = sum(self.y) + first_in
        for k, (size, by_a, by_b) in enumerate(areas):
            included = m.NewBoolVar(f"area{k}")
            if isinstance(by_a, int):
                m.Add(included <= by_b)
            else:
                through = m.NewBoolVar(f"through{k}")
                m.Add(through <= first_in)
                m.Add(through <= by_a)
                m.Add(included <= by_b + through)
            area += size * included
        return area

    def _group_b(self, code: int) -> Any:
        """The second tile's worker group (crew ``code``): nodes reached from it by levels."""
        spec, pos, m = self.spec, self.pos, self.m
        root = self._sum_y(lambda b: b.crew == code and b.worker != "none")
        if isinstance(root, int):
            return 0
        spots = [s for s in range(len(spec.spaces)) if pos.worker[s] == code]
        present: dict[Any, Any] = {}
        for u in spots:
            present[u] = (1 - self._sum_x(lambda a, u=u: a.worker == "move" and a.source == u)
                          - self._sum_y(lambda b, u=u: b.worker == "move" and b.source == u))
        present["A"] = self._sum_x(lambda a: a.crew == code) - self._sum_y(lambda b: b.worker == "move_a" and b.crew == code)
        arcs: list[tuple[Any, Any, Any]] = []
        for u in spots:
            for v in spec.neighbours[u]:
                if v in present:
                    arcs.append((u, v, 1))
            adj_a = sum(x for t in spec.neighbours[u] for x in self.x_at.get(t, ()))
            adj_b = sum(y for t in spec.neighbours[u] for y in self.y_at.get(t, ()))
            arcs += [("A", u, adj_a), (u, "A", adj_a), ("B", u, adj_b)]
        arcs.append(("B", "A", self._adjacent_ab()))
        reached: dict[Any, Any] = {"B": root}
        level: dict[Any, Any] = {"B": 0}
        nodes = len(spots) + 2
        for v in list(present):
            reached[v] = m.NewBoolVar(f"r{code}_{v}")
            level[v] = m.NewIntVar(1, nodes, f"l{code}_{v}")
            m.Add(reached[v] <= present[v])
        into: dict[Any, list[Any]] = defaultdict(list)
        for u, v, active in arcs:
            if isinstance(active, int) and active == 0:
                continue
            e = m.NewBoolVar(f"e{code}_{u}_{v}")
            m.Add(e <= reached[u])
            if not isinstance(active, int):
                m.Add(e <= active)
            m.Add(level[u] + 1 <= level[v]).OnlyEnforceIf(e)
            into[v].append(e)
        for v in present:
            m.Add(reached[v] <= sum(into[v]))
        return root + sum(reached[v] for v in present)

    def _adjacent_ab(self) -> Any:
        """1 when the two tiles lie side by side (made once, shared by the colours' groups)."""
        if self._side_by_side is not None:
            return self._side_by_side
        m, spec = self.m, self.spec
        total = 0
        for s, xs in self.x_at.items():
            for t in spec.neighbours[s]:
                if t not in self.y_at:
                    continue
                w = m.NewBoolVar(f"adj{s}_{t}")
                m.Add(w <= sum(xs))
                m.Add(w <= sum(self.y_at[t]))
                total += w
        self._side_by_side = total
        return total

    def _quarters(self) -> list[Any]:
        """Each player's gold from the quarters this turn completes."""
        spec, pos, m = self.spec, self.pos, self.m
        gold: list[Any] = [0] * pos.players
        mine = set(crews_of(spec, pos.players, pos.to_move))
        for q in range(4):
            free = sum(1 for s in spec.quarter_spaces[q] if pos.colour[s] < 0)
            placed_a = self._sum_x(lambda a: a.quarter == q)
            placed_b = self._sum_y(lambda b: b.quarter == q)
            if free not in (1, 2) or (isinstance(placed_a, int) and isinstance(placed_b, int)):
                continue
            done = m.NewBoolVar(f"done{q}")
            if free == 1:
                m.Add(done == placed_a + placed_b)
            else:
                m.Add(done <= placed_a)
                m.Add(done <= placed_b)
                m.Add(done >= placed_a + placed_b - 1)
            counts = defaultdict(int)
            for s in spec.quarter_spaces[q]:
                if pos.worker[s] >= 0:
                    counts[pos.worker[s]] += 1
            for code in sorted(set(counts) | mine):
                static = counts[code]
                if code not in mine:
                    gold[code // 2] += spec.quarter_gold_for(static) * done
                    continue
                count = static + self._sum_x(lambda a, code=code: a.worker == "new" and a.crew == code and a.quarter == q) \
                    + self._sum_y(lambda b, code=code: b.worker == "new" and b.crew == code and b.quarter == q)
                table = [spec.quarter_gold_for(k) for k in range(static + 3)]
                n = m.NewIntVar(0, static + 2, f"n{q}_{code}")
                m.Add(n == count)
                g = m.NewIntVar(0, max(table), f"g{q}_{code}")
                m.AddElement(n, table, g)
                scored = m.NewIntVar(0, max(table), f"s{q}_{code}")
                m.Add(scored <= g)
                m.Add(scored <= max(table) * done)
                gold[pos.to_move] += scored
        return gold

    def _objective(self, turn_gold: Any) -> None:
        pos = self.pos
        if self.objective == "gold":
            self.m.Maximize(turn_gold)
            return
        others = [k for k in range(pos.players) if k != pos.to_move]
        best = self.m.NewIntVar(0, 100_000, "best_opponent")
        for k in others:
            self.m.Add(best >= pos.gold[k] + self.quarter_gold[k])
        self.m.Maximize(pos.gold[pos.to_move] + turn_gold - best)

    # -- helpers -----------------------------------------------------------------------------------

    def _sum_x(self, pick: Any) -> Any:
        return sum(x for x, c in zip(self.x, self.first) if pick(c))

    def _sum_y(self, pick: Any) -> Any:
        return sum(y for y, c in zip(self.y, self.second) if pick(c))

    def decode(self, solver: Any) -> Turn:
        chosen = [c for x, c in zip(self.x, self.first) if solver.value(x)]
        second = [c for y, c in zip(self.y, self.second) if solver.value(y)]
        if not chosen:
            return Turn()
        a = chosen[0]
        out = [Placement(a.slot, a.space, a.arrow, _worker(a, a.space))]
        if second:
            out.append(Placement(second[0].slot, second[0].space, second[0].arrow, _worker(second[0], a.space)))
        return Turn(tuple(out))


def _index(variables: list[Any], candidates: list[Candidate], key: Any) -> dict[Any, list[Any]]:
    out: dict[Any, list[Any]] = defaultdict(list)
    for v, c in zip(variables, candidates):
        out[key(c)].append(v)
    return dict(out)


def _worker(c: Candidate, first_space: int) -> Worker:
    if c.worker == "none":
        return NO_WORKER
    colour = c.crew % 2
    if c.worker == "new":
        return Worker("new", colour)
    return Worker("move", colour, first_space if c.worker == "move_a" else c.source)


def solve(spec: Spec, pos: Position, objective: str = "gold", top: int = 1, max_tiles: int = 2) -> Answer:
    """The best turn by CP-SAT, replayed by the rules engine (which must agree on its value)."""
    from tajkit.solver.cpsat import solve as solve_model

    if not any(not spec.kinds[kind].centre for _, kind in live_bag(spec, pos)):
        # with no plain tile left in the bag, this turn may empty it for good and end the game
        raise NotModelled("the bag is (nearly) empty: the turn may end the game, which the model leaves to the enumeration")
    started = time.perf_counter()
    model = _Model(spec, pos, objective, max_tiles)
    # a few hundred booleans: presolve costs more than it saves
    run = solve_model(model.m, work=DETERMINISTIC_CAP, time_cap=TIME_CAP, cp_model_presolve=False)
    if not run.found:
        raise SolverFailure(f"CP-SAT found no turn ({run.status_name})")
    turn = model.decode(run.solver)
    result = outcome(spec, pos, turn, check=True)
    value = value_of(result, pos.to_move, objective)
    if value != round(run.solver.objective_value):
        raise SolverFailure(
            f"the CP-SAT model values its turn at {run.solver.objective_value:g}, the rules at {value}: a bug, please report it"
        )
    considered = len(model.first) + len(model.second)
    return Answer(objective, (Scored(turn, result, value),), considered, run.optimal, "CP-SAT",
                  time.perf_counter() - started)
