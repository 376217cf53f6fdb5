"""Start-up (issue 42): ``tajkit play GAME RECORD --do EVENT``, run by a script once per event at
the table, imports only what playing the event needs; ``scripts/bench_startup.py`` measures it
(figures in docs/benchmarks.md; no test here is timed)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tajkit.cli.start import scripted_play

ROOT = Path(__file__).resolve().parent.parent.parent
RECORD = ROOT / "tests" / "data" / "artisans-record.toml"
HEAVY = ("ortools", "reportlab", "numba", "numpy", "prompt_toolkit", "starlette")


def test_play_do_imports_no_solver_drawing_or_web_library(tmp_path):
    """The event is checked, applied and written without OR-Tools, reportlab, numba, numpy, the
    line editor or the web layer (what the process loaded is read at its exit, not timed)."""
    data = tomllib.loads(RECORD.read_text())
    record = tmp_path / "record.json"
    record.write_text(json.dumps({**data, "events": data["events"][:-3]}))
    loaded = tmp_path / "loaded.json"
    code = ("import atexit, json, sys\n"
            f"atexit.register(lambda: open({str(loaded)!r}, 'w').write(json.dumps(sorted(sys.modules))))\n"
            "from tajkit.cli.start import run\n"
            "run()\n")
    done = subprocess.run([sys.executable, "-c", code, "play", "artisans", str(record), "--do", data["events"][-3]],
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ, "TAJKIT_HISTORY": str(tmp_path / "h.db")})
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"{len(data['events']) - 2}. {data['events'][-3]}")
    assert json.loads(record.read_text())["events"][-1] == data["events"][-3]  # the event was played
    modules = {name.split(".")[0] for name in json.loads(loaded.read_text())}
    assert "tajkit" in modules
    assert not modules & set(HEAVY), sorted(modules & set(HEAVY))


@pytest.mark.parametrize("args, read", [
    (["play", "artisans", "r.toml", "--do", "roll 4 6"], ("artisans", "r.toml", ["roll 4 6"], False)),
    (["play", "taj", "r.json", "--do", "a", "--json", "--do", "b"], ("taj", "r.json", ["a", "b"], True)),
    (["play", "artisans", "r.toml", "--json"], None),  # no event: the app reads it
    (["play", "artisans", "r.toml", "--do=roll 4 6"], None),
    (["play", "artisans", "r.toml", "--do", "-x"], None),  # an event that looks like an option
    (["play", "artisans", "r.toml", "--do", "a", "--player", "Asha"], None),
    (["play", "artisans", "r.toml", "--do", "a", "--json", "--json"], None),
    (["play", "--help", "r.toml", "--do", "a"], None),
    (["--data", "d", "play", "artisans", "r.toml", "--do", "a"], None),
    (["hint", "artisans", "r.toml", "--do", "a"], None),
])
def test_only_the_plain_scripted_play_skips_the_app(args, read):
    assert scripted_play(args) == read


def test_bench_startup_prints_its_figures_beside_pythons_own_start():
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "bench_startup.py"), "--runs", "2"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("load average before: ")
    assert lines[1].startswith("python -c pass: median ") and lines[1].endswith("(2 runs)")
    assert "processor time median " in lines[1]
    assert lines[2].startswith("tajkit --help: median ") and "95th percentile" in lines[2]
    assert lines[3].startswith("tajkit play artisans RECORD --do 'right minaret top 1': median ")
    assert [line.split(" over ")[0] for line in lines[4:6]] == ["tajkit --help", lines[3].split(":")[0]]
    assert lines[6].startswith("load average after: ")
