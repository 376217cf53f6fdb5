"""The ``tajkit simulate artisans`` command: policies compared on the same seeded solitaire games
(played by ``search/simulation.py``), the runs put into words (``report.py``)."""

from __future__ import annotations

from typing import Any

from tajkit.solver.artisans import POLICY_NAMES, report
from tajkit.solver.artisans.spec import Spec
from tajkit.solver.artisans.search.simulation import OracleBudget, compare
from tajkit.solver.game import Report


def run(spec: Spec, data: None, policy: list[str], games: int, seed: int, oracle_work: float, oracle_time: float,
        processes: int | None, progress: Any = None) -> Report:
    """The named policies (default: all five, in the interface's order) on ``games`` seeded games each."""
    names = sorted(dict.fromkeys(policy or POLICY_NAMES), key=POLICY_NAMES.index)
    budget = OracleBudget(oracle_work, oracle_time)
    runs = compare(spec, names, games, seed, oracle=budget, processes=processes, progress=progress)
    return Report(report.simulation_text(runs, games, seed), report.simulation_json(runs))
