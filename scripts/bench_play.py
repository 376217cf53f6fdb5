"""Benchmark: `tajkit play` at the table, for every game that plays.

    python scripts/bench_play.py --seed 1 [--games artisans taj] [--processes 20]

For each game, a whole seeded game (random legal events from a random setup, 2 players) is
played into a fresh record, and the script prints:
- start: the wall time of `tajkit play GAME RECORD --json` on the new record, a whole process
  (what the table waits for when a session starts);
- accept: per event, the time `Session.apply` takes in a running session (checking the event,
  applying it and writing the record atomically), median / 95th percentile / max;
- --do: the wall time of whole `tajkit play GAME RECORD --do EVENT` processes, each replaying the
  record so far, for `--processes` events spread over the game (median / max), and the last one
  (the longest record);
- hint: for Maharani, Taj Mahal and Artisans positions the session hints from its own state
  (median / max over a few positions), beside the same hint by `tajkit hint` on the same position.
Figures, not assertions: say what else ran (`uptime`).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tajkit.solver import games
from tajkit.solver.errors import BadInput
from tajkit.solver.protocol import random_game
from tajkit.solver.session import Session

TAJKIT = [sys.executable, "-m", "tajkit.cli"]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms"


def spread(times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return f"median {ms(statistics.median(ordered))}, 95th percentile {ms(p95)}, max {ms(ordered[-1])}"


def timed(args: list[str]) -> float:
    began = time.perf_counter()
    done = subprocess.run(args, capture_output=True, text=True)
    took = time.perf_counter() - began
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(args)} failed: {done.stderr}")
    return took


def bench(game: str, seed: int, processes: int, folder: Path) -> None:
    info = games.get(game)
    spec = info.load_spec()
    record = random_game(info.rules(spec), random.Random(seed), 2)
    setup = folder / f"{game}-setup.json"
    setup.write_text(json.dumps(record.setup))
    path = folder / f"{game}.json"
    start = timed([*TAJKIT, "play", game, str(path), "--setup", str(setup), "--json"])
    session = Session.open(info, spec, path)
    accept = []
    for event in record.events:
        began = time.perf_counter()
        session.apply(event)
        accept.append(time.perf_counter() - began)
    print(f"{game}: {len(record.events)} events (seed {seed})")
    print(f"  start (a new record, a whole process): {ms(start)}")
    print(f"  accept an event in a session: {spread(accept)}")
    do_path = folder / f"{game}-do.json"
    between = Session.start(info, spec, do_path, record.setup)  # plays the events no process is timed on
    every = max(1, len(record.events) // processes)
    walls = []
    for k, event in enumerate(record.events):
        if k % every == 0 or k == len(record.events) - 1:
            walls.append(timed([*TAJKIT, "play", game, str(do_path), "--do", event]))
        else:
            between.apply(event)  # catches up with what the process wrote, then applies
    print(f"  --do, a whole process replaying the record ({len(walls)} events): {spread(walls)}; "
          f"the last event: {ms(walls[-1])}")
    bench_hints(info, spec, record, folder)


def bench_hints(info, spec, record, folder: Path) -> None:  # noqa: ANN001
    """A hint asked in a session at a few positions spread over the game, and ``tajkit hint`` on
    the record as it stood then (a whole process); positions whose hint needs what only a player
    has seen (a TAJ goal, a Taj Mahal hand) are passed over."""
    if info.hint is None:
        return
    session = Session.start(info, spec, folder / f"{info.id}-hint.json", record.setup)
    in_session, processes = [], []
    for k, event in enumerate(record.events):
        if len(in_session) >= 3:
            break
        if (k % 7 == 0 or not in_session) and session.to_act is not None and session.may_hint(session.to_act):
            began = time.perf_counter()
            try:
                hint = session.hint()
            except BadInput:
                hint = None
            if hint is not None:
                in_session.append(time.perf_counter() - began)
                processes.append(timed([*TAJKIT, "hint", info.id, str(session.path)]))  # for whoever acts
        session.apply(event)
    if in_session:
        print(f"  hint in a session ({len(in_session)} positions): {spread(in_session)}; "
              f"tajkit hint, a whole process, same positions: {spread(processes)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", nargs="*", default=[g for g in games.GAMES if games.get(g).plays])
    parser.add_argument("--processes", type=int, default=20, help="whole --do processes timed per game")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        for game in args.games:
            bench(game, args.seed, args.processes, Path(folder))


if __name__ == "__main__":
    main()
