"""The ``tajkit simulate artisans`` command: policies compared on the same seeded solitaire games
(played by ``search/simulation.py``), the runs put into words (``report.py``)."""

from __future__ import annotations

from types import ModuleType
from typing import Any

from tajkit.solver.artisans import POLICY_NAMES, report
from tajkit.solver.artisans.spec import Spec
from tajkit.solver.artisans.search.engine import Engine, engine_for
from tajkit.solver.artisans.search.simulation import OracleBudget, compare
from tajkit.solver.errors import BadInput, SolverFailure
from tajkit.solver.game import Report

INSTALL = "--honest-bound needs numba: pip install 'tajkit[bound]'"


def run(spec: Spec, data: None, policy: list[str], games: int, seed: int, oracle_work: float, oracle_time: float,
        processes: int | None, honest_bound: bool = False, honest_exact: list[str] | None = None,
        progress: Any = None) -> Report:
    """The named policies (default: all five, in the interface's order) on ``games`` seeded games
    each; with ``honest_bound`` (or ``honest_exact``, the features it keeps exact), the relaxed
    sheet's proven bound on perfect honest play beside them."""
    names = sorted(dict.fromkeys(policy or POLICY_NAMES), key=POLICY_NAMES.index)
    exact = _features(spec, honest_exact) if honest_exact else None
    engine = engine_for(spec)
    relaxed = _relaxed() if honest_bound or honest_exact else None
    if relaxed:
        _check_memory(relaxed.memory_needed(engine, exact))
    budget = OracleBudget(oracle_work, oracle_time)
    runs = compare(spec, names, games, seed, oracle=budget, processes=processes, progress=progress)
    honest = _honest_bound(relaxed, engine, exact, progress) if relaxed else None
    return Report(report.simulation_text(runs, games, seed, honest), report.simulation_json(runs, honest))


def _relaxed() -> ModuleType:
    """The relaxed sheet's solver, which needs numba (an optional extra, refused in one line before
    any game is played when it is not installed)."""
    try:
        from tajkit.solver.artisans.search import relaxed
    except ImportError as exc:
        if exc.name and exc.name.partition(".")[0] in ("numba", "llvmlite"):
            raise SolverFailure(INSTALL) from None
        raise
    return relaxed


def _features(spec: Spec, ids: list[str]) -> list[int]:
    known = [f.id for f in spec.features]
    unknown = [i for i in ids if i not in known]
    if unknown:
        raise BadInput(*(f"--honest-exact: {i!r} is not a feature of the sheet (the features: {', '.join(known)})"
                         for i in unknown))
    return [known.index(i) for i in ids]


def _check_memory(needed: int) -> None:
    """Refuse, before the games are played, a bound the machine cannot hold (Linux says what is
    available; elsewhere the solve just starts)."""
    try:
        with open("/proc/meminfo", encoding="ascii") as info:
            available = next(int(line.split()[1]) * 1024 for line in info if line.startswith("MemAvailable:"))
    except (OSError, StopIteration, ValueError):
        return
    if needed > available:
        raise SolverFailure(f"--honest-bound needs {needed / 1e9:.1f} GB of memory and {available / 1e9:.1f} GB "
                            "are available: keep fewer features exact (--honest-exact left_facade "
                            "--honest-exact right_facade needs under 0.1 GB, for a looser bound)")


def _honest_bound(relaxed: ModuleType, engine: Engine, exact: list[int] | None, progress: Any) -> report.HonestBound:
    tick = (lambda done, total: progress("honest bound", done, total)) if progress else None
    sheet = relaxed.solve(engine, exact, progress=tick, keep_all=False)
    kept = tuple(engine.spec.features[fi].title for fi in sheet.exact)
    return report.HonestBound(sheet.bound(engine.empty_sheet(), 0, 0), kept)
