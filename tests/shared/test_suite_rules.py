"""The test suite's own rules: no test asserts on the wall clock (it would fail under load); speed is
measured by the benchmark scripts, which print figures."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

TESTS = Path(__file__).parent.parent
ROOT = TESTS.parent
CLOCKS = {"perf_counter", "perf_counter_ns", "monotonic", "monotonic_ns", "time", "time_ns", "process_time"}
TIMINGS = {"seconds", "wall_time", "elapsed"}  # what the solvers report of their own time


def _clock_names(tree: ast.AST) -> tuple[set[str], set[str]]:
    """The names the module gives the ``time`` module and its clock functions (``import time as
    t``, ``from time import perf_counter as now``)."""
    modules, functions = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules |= {a.asname or a.name for a in node.names if a.name == "time"}
        elif isinstance(node, ast.ImportFrom) and node.module == "time":
            functions |= {a.asname or a.name for a in node.names if a.name in CLOCKS}
    return modules, functions


def _reads_a_clock(node: ast.AST, modules: set[str], functions: set[str], timed: set[str]) -> bool:
    for n in ast.walk(node):
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in CLOCKS \
                and isinstance(n.func.value, ast.Name) and n.func.value.id in modules:
            return True
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in functions:
            return True
        if isinstance(n, ast.Name) and n.id in timed:
            return True
    return False


def _targets(node: ast.AST) -> set[str]:
    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
    return {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}


def clock_assertions(source: str) -> list[int]:
    """Lines of ``assert`` statements that compare a clock reading: directly, through a name
    assigned from one in the same function (and names computed from those), or a solver's own
    timing (``answer.seconds``)."""
    tree = ast.parse(source)
    modules, functions = _clock_names(tree)
    found = []
    for function in ast.walk(tree):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        assignments = [n for n in ast.walk(function) if isinstance(n, (ast.Assign, ast.AugAssign, ast.AnnAssign)) and n.value]
        timed: set[str] = set()
        while True:  # names computed from clock readings, transitively
            more = {name for n in assignments if _reads_a_clock(n.value, modules, functions, timed) for name in _targets(n)}
            if more <= timed:
                break
            timed |= more
        for n in ast.walk(function):
            if not isinstance(n, ast.Assert):
                continue
            solver_timing = any(isinstance(m, ast.Attribute) and m.attr in TIMINGS for m in ast.walk(n.test))
            if solver_timing or _reads_a_clock(n.test, modules, functions, timed):
                found.append(n.lineno)
    return sorted(set(found))


def test_the_check_finds_a_timed_assertion():
    timed = "import time\ndef test_x():\n    started = time.perf_counter()\n    work()\n    assert time.perf_counter() - started < 5\n"
    via_name = "import time\ndef test_y():\n    t = time.monotonic()\n    assert t > 0\n"
    derived = "from time import perf_counter as now\ndef test_z():\n    a = now()\n    b = now()\n    elapsed = b - a\n    assert elapsed < 1\n"
    aliased = "import time as clock\ndef test_w():\n    assert clock.time() > 0\n"
    reported = "def test_v():\n    answer = hint()\n    assert answer.seconds < 1\n"
    assert clock_assertions(timed) == [5] and clock_assertions(via_name) == [4] and clock_assertions(derived) == [6]
    assert clock_assertions(aliased) == [3] and clock_assertions(reported) == [3]
    assert clock_assertions("def test_u():\n    assert 1 + 1 == 2\n") == []


def test_no_test_asserts_on_the_wall_clock():
    """Issue 23: five tests asserted that work finished within a few seconds and failed under load."""
    offenders = {
        path.name: lines for path in sorted(TESTS.rglob("*.py")) if (lines := clock_assertions(path.read_text()))
    }
    assert offenders == {}



def test_ci_runs_the_readmes_test_command_with_the_pinned_versions():
    """The README's second set-up command is what .ci/run runs (in its own environment), and it
    installs the tested versions."""
    readme = next(line for line in (ROOT / "README.md").read_text().splitlines()
                  if line.startswith("python3.11 -m venv .venv") and "pytest" in line)
    ci = (ROOT / ".ci" / "run").read_text().strip().splitlines()[-1]
    assert ci.replace('"$venv/bin/', ".venv/bin/").replace('"$venv"', ".venv").replace('" ', " ") == readme
    assert "-c constraints.txt" in readme


def test_the_constraints_pin_every_dependency_and_test_extra():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = project["dependencies"] + project["optional-dependencies"]["test"]
    names = {re.split(r"[<>=!~\[ ;]", w, maxsplit=1)[0].lower().replace("_", "-") for w in wanted}
    pinned = {
        line.split("==")[0].lower().replace("_", "-")
        for line in (ROOT / "constraints.txt").read_text().splitlines() if "==" in line and not line.startswith("#")
    }
    assert names - pinned == set()
