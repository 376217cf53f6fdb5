"""One way to run OR-Tools CP-SAT in tajkit: a seed, a number of workers and a budget of
*deterministic* time (CP-SAT's own count of work, the same on any machine and under any load), so
the same model gives the same answer everywhere; the wall-clock limit is only a safety cap, and the
result says when it was the cap that stopped the search.

OR-Tools is imported here, when a model is solved, never at start-up.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Solved:
    """A finished CP-SAT run: the solver (to read values from), its status and what it cost."""

    solver: Any
    status: int
    work: float  # deterministic seconds spent
    seconds: float  # wall-clock seconds spent
    cut: bool  # the wall-clock cap stopped the search before its work budget: another machine may differ

    @property
    def found(self) -> bool:
        from ortools.sat.python import cp_model

        return self.status in (cp_model.OPTIMAL, cp_model.FEASIBLE)

    @property
    def optimal(self) -> bool:
        from ortools.sat.python import cp_model

        return self.status == cp_model.OPTIMAL

    @property
    def infeasible(self) -> bool:
        from ortools.sat.python import cp_model

        return self.status == cp_model.INFEASIBLE

    @property
    def status_name(self) -> str:
        return self.solver.status_name(self.status)


def solve(model: Any, *, work: float, time_cap: float, seed: int = 0, workers: int = 1, **parameters: Any) -> Solved:
    """Solve ``model`` within ``work`` deterministic seconds. One worker by default: with more,
    CP-SAT's threads race and the answer can change with the load. ``parameters`` are further
    CP-SAT parameters (e.g. ``linearization_level=2``)."""
    from ortools.sat.python import cp_model

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = workers
    solver.parameters.random_seed = seed
    solver.parameters.max_deterministic_time = max(work, 0.001)
    solver.parameters.max_time_in_seconds = max(time_cap, 0.001)
    for name, value in parameters.items():
        setattr(solver.parameters, name, value)
    status = solver.solve(model)
    settled = status in (cp_model.OPTIMAL, cp_model.INFEASIBLE)
    cut = not settled and solver.deterministic_time < work and solver.wall_time >= time_cap * 0.99
    return Solved(solver, status, solver.deterministic_time, solver.wall_time, cut)
