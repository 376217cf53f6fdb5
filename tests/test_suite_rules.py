"""The test suite's own rules: no test asserts on the wall clock (it would fail under load); speed is
measured by the benchmark scripts, which print figures."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

TESTS = Path(__file__).parent
ROOT = TESTS.parent
CLOCKS = {"perf_counter", "perf_counter_ns", "monotonic", "monotonic_ns", "time", "time_ns", "process_time"}


def _reads_a_clock(node: ast.AST) -> bool:
    return any(
        isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in CLOCKS
        and isinstance(n.func.value, ast.Name) and n.func.value.id == "time"
        for n in ast.walk(node)
    )


def clock_assertions(source: str) -> list[int]:
    """Lines of ``assert`` statements that compare a clock reading, directly or through a name
    assigned from one in the same function."""
    found = []
    for function in ast.walk(ast.parse(source)):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        timed = {
            target.id
            for n in ast.walk(function) if isinstance(n, ast.Assign) and _reads_a_clock(n.value)
            for target in n.targets if isinstance(target, ast.Name)
        }
        for n in ast.walk(function):
            if isinstance(n, ast.Assert) and (
                _reads_a_clock(n.test) or any(isinstance(m, ast.Name) and m.id in timed for m in ast.walk(n.test))
            ):
                found.append(n.lineno)
    return sorted(set(found))


def test_the_check_finds_a_timed_assertion():
    timed = "import time\ndef test_x():\n    started = time.perf_counter()\n    work()\n    assert time.perf_counter() - started < 5\n"
    via_name = "import time\ndef test_y():\n    t = time.monotonic()\n    assert t > 0\n"
    assert clock_assertions(timed) == [5] and clock_assertions(via_name) == [4]
    assert clock_assertions("def test_z():\n    assert 1 + 1 == 2\n") == []


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
