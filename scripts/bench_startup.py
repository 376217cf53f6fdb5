"""Benchmark: what a whole tajkit process costs to start, beside Python's own start in the same run.

    python scripts/bench_startup.py [--runs 20]

Times whole processes, the three in turn each round (so a busy moment weighs on all of them):
- ``python -c pass``: the interpreter alone, the floor;
- ``tajkit --help``;
- ``tajkit play artisans RECORD --do EVENT``: the event a script types at the table, on a copy of
  ``tests/data/artisans-record.toml`` as it stood three events before its end (69 events to replay,
  then one checked, applied and written).
Each is run once first and not counted (the spec cache and the file system warm up). tajkit is the
console script beside this Python (else ``python -m tajkit.cli``). Figures, not assertions: the
load average is printed before and after, and the machine may be shared.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

RECORD = Path(__file__).resolve().parent.parent / "tests" / "data" / "artisans-record.toml"
BEFORE_END = 3  # events of the record left out: the run plays the first of them


def tajkit() -> list[str]:
    script = Path(sys.executable).parent / "tajkit"
    return [str(script)] if script.exists() else [sys.executable, "-m", "tajkit.cli"]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms"


def spread(times: list[float], cpu: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (f"median {ms(statistics.median(ordered))}, 95th percentile {ms(p95)}, "
            f"processor time median {ms(statistics.median(cpu))} ({len(ordered)} runs)")


def timed(args: list[str], env: dict[str, str]) -> tuple[float, float]:
    """The wall time of a whole process, and the processor time it used (user and system: what
    other work on the machine stretches least)."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    done = subprocess.run(args, capture_output=True, text=True, env=env)
    took = time.perf_counter() - began
    now = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(args)} failed: {done.stderr}")
    return took, now.ru_utime + now.ru_stime - used.ru_utime - used.ru_stime


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg()) + f" (1, 5, 15 minutes; {os.cpu_count()} cores)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=20, help="timed runs of each process (default 20)")
    runs = parser.parse_args().runs
    if runs < 1:
        parser.error("--runs: at least 1")
    data = tomllib.loads(RECORD.read_text())
    event = data["events"][-BEFORE_END]
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder) / "base.json"
        base.write_text(json.dumps({**data, "events": data["events"][:-BEFORE_END]}))
        record = Path(folder) / "record.json"
        env = {**os.environ, "TAJKIT_HISTORY": str(Path(folder) / "history.db")}  # the user's play log untouched
        play = [*tajkit(), "play", "artisans", str(record), "--do", event]
        kinds = {
            "python -c pass": [sys.executable, "-c", "pass"],
            "tajkit --help": [*tajkit(), "--help"],
            f"tajkit play artisans RECORD --do {event!r}": play,
        }
        times: dict[str, list[float]] = {name: [] for name in kinds}
        cpu: dict[str, list[float]] = {name: [] for name in kinds}
        print(f"load average before: {load()}")
        for round_ in range(runs + 1):
            for name, args in kinds.items():
                if args is play:
                    shutil.copyfile(base, record)
                took, used = timed(args, env)
                if round_:  # the first round warms up
                    times[name].append(took)
                    cpu[name].append(used)
        for name, taken in times.items():
            print(f"{name}: {spread(taken, cpu[name])}")
        floor = statistics.median(times["python -c pass"])
        for name in list(kinds)[1:]:
            print(f"{name} over python -c pass: {ms(statistics.median(times[name]) - floor)} (medians)")
        print(f"load average after: {load()}")
        print(f"tajkit: {' '.join(tajkit())}")


if __name__ == "__main__":
    main()
