"""The ``tajkit simulate artisans`` command: policies compared on the same seeded solitaire games
(played by ``search/simulation.py``), the runs put into words (``report.py``)."""

from __future__ import annotations

from typing import Any

from tajkit.solver.artisans import POLICY_NAMES, report
from tajkit.solver.artisans.spec import Spec
from tajkit.solver.artisans.search import relaxed
from tajkit.solver.artisans.search.engine import engine_for
from tajkit.solver.artisans.search.simulation import OracleBudget, compare
from tajkit.solver.game import Report


def run(spec: Spec, data: None, policy: list[str], games: int, seed: int, oracle_work: float, oracle_time: float,
        processes: int | None, honest_bound: bool = False, progress: Any = None) -> Report:
    """The named policies (default: all five, in the interface's order) on ``games`` seeded games
    each; with ``honest_bound``, the relaxed sheet's proven bound on perfect honest play beside them."""
    names = sorted(dict.fromkeys(policy or POLICY_NAMES), key=POLICY_NAMES.index)
    budget = OracleBudget(oracle_work, oracle_time)
    runs = compare(spec, names, games, seed, oracle=budget, processes=processes, progress=progress)
    honest = _honest_bound(spec, progress) if honest_bound else None
    return Report(report.simulation_text(runs, games, seed, honest), report.simulation_json(runs, honest))


def _honest_bound(spec: Spec, progress: Any) -> report.HonestBound:
    engine = engine_for(spec)
    tick = (lambda done, total: progress("honest bound", done, total)) if progress else None
    sheet = relaxed.solve(engine, progress=tick)
    kept = tuple(engine.spec.features[fi].title for fi in sheet.exact)
    return report.HonestBound(sheet.bound(engine.empty_sheet(), 0, 0), kept)
