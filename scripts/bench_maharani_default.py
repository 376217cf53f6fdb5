"""Maharani's default hint as a player meets it (issue 41): whole ``tajkit hint maharani RECORD``
processes at the start of turns across seeded games (the first turn on an open board included:
the slowest), median / p95 / max; then the look-ahead's win rate against the greedy hint (the
exact best-gold turn) in 2-player games, every deal played with the seats swapped, with its 95 %
interval. Prints the load (``/proc/loadavg``) before and after: the machine may be shared.

    python scripts/bench_maharani_default.py [--games 6] [--every 4] [--deals 200] [--seed 1] [--processes 2]
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
from tajkit.solver.maharani import simulate
from tajkit.solver.maharani.protocol import CHOOSE
from tajkit.solver.protocol import CHANCE, Record, random_game, replay


def load() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


def turn_starts(rules, seed: int, count: int, every: int) -> list[Record]:  # noqa: ANN001
    """Records of ``count`` seeded random games (2-4 players) cut at every ``every``-th turn start,
    the first turn always among them."""
    records = []
    for k in range(count):
        record = random_game(rules, random.Random(f"bench maharani default {seed} {k}"), 2 + k % 3)
        states = replay(rules, record).states
        starts = [n for n, s in enumerate(states) if rules.to_act(s) not in (None, CHANCE) and s.phase == CHOOSE]
        records += [Record(record.game, record.setup, record.events[:n]) for n in starts[::every]]
    return records


def whole_processes(records: list[Record]) -> list[float]:
    times = []
    with tempfile.TemporaryDirectory() as folder:
        for k, record in enumerate(records):
            path = Path(folder) / f"record-{k}.json"
            path.write_text(json.dumps(record.as_data()))
            started = time.perf_counter()
            subprocess.run([sys.executable, "-m", "tajkit.cli", "hint", "maharani", str(path)], check=True,
                           capture_output=True)
            times.append(time.perf_counter() - started)
    return times


def seconds(times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"median {statistics.median(ordered):.2f} s   p95 {p95:.2f} s   max {ordered[-1]:.2f} s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="seeded games the positions come from (0: none)")
    parser.add_argument("--every", type=int, default=4, help="every N-th turn start of each game")
    parser.add_argument("--deals", type=int, default=200, help="2-player deals for the win rate (0: none)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args()
    game = games.get("maharani")
    spec = game.load_spec()
    print(f"load before: {load()}")
    if args.games:
        records = turn_starts(game.rules(spec), args.seed, args.games, args.every)
        times = whole_processes(records)
        print(f"whole `tajkit hint maharani RECORD` processes, default hint, {len(records)} turn starts of "
              f"{args.games} games (seed {args.seed}): {seconds(times)}")
        print(f"load after: {load()}")
    if args.deals:
        started = time.perf_counter()
        report = simulate.run(spec, None, ["ahead", "greedy"], 2, args.deals, args.seed, simulate_playouts(),
                              args.processes)
        wins = report.json["policies"]["ahead"]["wins"]
        print(report.text)
        print(f"ahead's win rate against greedy: {wins['mean']:.3f} (95 % interval {wins['ci95'][0]:.3f}-"
              f"{wins['ci95'][1]:.3f}), {2 * args.deals} games in {time.perf_counter() - started:.0f} s; "
              f"load after: {load()}")


def simulate_playouts() -> int:
    from tajkit.solver.maharani import ahead

    return ahead.PLAYOUTS


if __name__ == "__main__":
    main()
