"""Benchmark: `tajkit play` at a terminal, as a table waits for it (issue 43).

    python scripts/bench_play_terminal.py [--runs 20] [--game artisans] [--against OTHER/bin/python]

At a pseudo-terminal of 120 × 40, on a record with one roll played, the script times, over
``--runs`` runs taken in turn (each kind once a round, so a change of load weighs on all alike):
- shown: from starting `tajkit play GAME RECORD` to the situation said (its "next:" line);
- start: from starting it to its prompt standing, ready for a line;
- quit: from typing `quit` and Enter to the process having ended (what the shell waits for);
- --json: a whole non-interactive `tajkit play GAME RECORD --json` process, for comparison.
It prints the median and the quartiles of each, and what else ran (`uptime`). `--against` times
another installed tajkit (the Python of its environment) run by run with this one, each run of
one followed by a run of the other, so both see the same load: a before and an after. Figures, not
assertions. Python writes no bytecode cache when PYTHONDONTWRITEBYTECODE is set (tajkit's own
modules are then compiled at every start): the script says so.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

PROMPT_WAIT = 120.0  # seconds: a bound on a start, never a measure
FIRST_EVENT = {"artisans": "roll 4 6", "taj": "pink green blue", "maharani": "Yc"}


def at_a_terminal(args: list[str], cwd: Path) -> tuple[subprocess.Popen[bytes], int]:
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    env = {**os.environ, "TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1"}
    proc = subprocess.Popen(args, stdin=slave, stdout=slave, stderr=slave, cwd=cwd, env=env, start_new_session=True)
    os.close(slave)
    return proc, master


def read_until(master: int, done: object, until: float) -> bytes:
    shown = b""
    while not done(shown):  # type: ignore[operator]
        ready, _, _ = select.select([master], [], [], max(0.0, until - time.monotonic()))
        if not ready:
            raise SystemExit(f"no prompt within {PROMPT_WAIT:.0f} s; the terminal showed: {shown[-500:]!r}")
        shown += os.read(master, 65536)
    return shown


def start_and_quit(python: str, game: str, folder: Path) -> tuple[float, float, float]:
    began = time.perf_counter()
    proc, master = at_a_terminal([python, "-m", "tajkit.cli", "play", game, "night.toml"], folder)
    try:
        shown = read_until(master, lambda shown: b"next: " in shown and b"\n" in shown.split(b"next: ")[-1],
                           time.monotonic() + PROMPT_WAIT)
        said = time.perf_counter() - began
        # the prompt stands once, after the "next:" line, the line editor has drawn it and shown the cursor
        read_until(master, lambda more: b"\x1b[?2004h" in (shown + more).split(b"next: ")[-1]
                   and (shown + more).endswith(b"\x1b[?25h"), time.monotonic() + PROMPT_WAIT)
        started = time.perf_counter() - began
        time.sleep(0.2)  # the prompt is idle, as at a table
        typed = time.perf_counter()
        os.write(master, b"quit\r")
        while proc.poll() is None:
            ready, _, _ = select.select([master], [], [], 0.005)
            if ready:
                try:
                    os.read(master, 65536)
                except OSError:
                    pass
        return said, started, time.perf_counter() - typed
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        os.close(master)


def non_interactive(python: str, game: str, folder: Path) -> float:
    began = time.perf_counter()
    subprocess.run([python, "-m", "tajkit.cli", "play", game, "night.toml", "--json"], cwd=folder, check=True,
                   stdout=subprocess.DEVNULL)
    return time.perf_counter() - began


def spread(times: list[float]) -> str:
    q1, median, q3 = statistics.quantiles(times, n=4) if len(times) > 1 else (times[0],) * 3
    return f"median {median * 1000:.0f} ms (quartiles {q1 * 1000:.0f}-{q3 * 1000:.0f} ms)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--game", default="artisans", choices=sorted(FIRST_EVENT))
    parser.add_argument("--against", metavar="PYTHON", help="another tajkit's Python, timed run by run with this one")
    options = parser.parse_args()
    pythons = [sys.executable, *([options.against] if options.against else [])]
    times: dict[str, list[list[float]]] = {python: [[], [], [], []] for python in pythons}
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        setup = {"taj": [], "maharani": ["--setup", str(folder / "rondel.toml")]}.get(options.game, [])
        (folder / "rondel.toml").write_text('rondel = ["Yew", "Gc", "Yc", "Bew"]\nplayers = [{ name = "Anna" }, '
                                            '{ name = "Bence" }]\n')
        players = [] if setup else ["--player", "Asha", "--player", "Babur"]
        subprocess.run([sys.executable, "-m", "tajkit.cli", "play", options.game, "night.toml", *players, *setup,
                        "--do", FIRST_EVENT[options.game]], cwd=folder, check=True, capture_output=True)
        for _ in range(options.runs):
            for python in pythons:
                shown, started, quitted = start_and_quit(python, options.game, folder)
                plain = non_interactive(python, options.game, folder)
                for kept, value in zip(times[python], (shown, started, quitted, plain)):
                    kept.append(value)
    load = subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    print(f"tajkit play {options.game} at a 120 × 40 terminal, {options.runs} runs each, in turn ({load})")
    if os.environ.get("PYTHONDONTWRITEBYTECODE"):
        print("  PYTHONDONTWRITEBYTECODE is set: tajkit's modules are compiled at every start")
    for python, (said, starts, quits, plain) in times.items():
        if len(pythons) > 1:
            print(f"  {'this tajkit' if python == sys.executable else python}:")
        print(f"  shown, to the next: line:    {spread(said)}")
        print(f"  start, to the prompt:        {spread(starts)}")
        print(f"  quit, Enter to the shell:    {spread(quits)}")
        print(f"  --json, a whole process:     {spread(plain)}")


if __name__ == "__main__":
    main()
