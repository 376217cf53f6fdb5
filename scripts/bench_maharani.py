"""Maharani hint latency on mid-game positions with two tiles allowed: the exhaustive enumeration
(``--objective gold``) and the CP-SAT model, median / p95 / max solver time; the look-ahead (what
``tajkit hint maharani`` runs by default, its default budget) in the process, and whole ``tajkit
hint maharani`` processes on the same positions (start-up, reading the file, the look-ahead, the
output: what a player waits for).

Positions come from games played by the engine (players who mostly take the turn worth the most
gold now), stopped when 16-40 of the 56 spaces are covered; 2-4 players. Each is measured as
played and again with every action marker face up (every tile may go anywhere: the most turns to
choose from). Deterministic for a seed.

    python scripts/bench_maharani.py [--positions 200] [--seed 1] [--whole 200]
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
from dataclasses import replace
from pathlib import Path

from tajkit.solver.maharani import ahead, cpsat, hint, notation, rules, samples
from tajkit.solver.maharani.spec import load_spec


def mid_game_positions(spec, count: int, seed: int) -> list[rules.Position]:  # noqa: ANN001
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        game = samples.random_game(spec, rng.choice((2, 3, 4)), rng.randrange(10**9), greed=0.8, stop_after=rng.randrange(10, 32))
        pos = game.end
        covered = sum(c >= 0 for c in pos.colour)
        plain = any(not spec.kinds[kind].centre for _, kind in rules.live_bag(spec, pos))  # what CP-SAT models
        if 16 <= covered <= 40 and rules.game_over(spec, pos) is None and plain:
            out.append(pos)
    return out


def figures(times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"median {statistics.median(ordered) * 1000:7.1f} ms   p95 {p95 * 1000:7.1f} ms   max {ordered[-1] * 1000:7.1f} ms"


def whole_processes(spec, positions: list[rules.Position]) -> list[float]:  # noqa: ANN001
    """Wall time of one ``tajkit hint maharani FILE`` process per position (the default hint)."""
    times = []
    with tempfile.TemporaryDirectory() as folder:
        for k, pos in enumerate(positions):
            path = Path(folder) / f"position-{k}.json"
            path.write_text(json.dumps({"game": "maharani", "position": notation.format_position(spec, pos)}))
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
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--whole", type=int, default=None, help="whole tajkit hint processes to time (default: every position)")
    args = parser.parse_args()
    spec = load_spec()
    positions = mid_game_positions(spec, args.positions, args.seed)
    cpsat.solve(spec, positions[0])  # import OR-Tools before timing
    print(f"Maharani hint, {len(positions)} mid-game positions (16-40 tiles on the board, two tiles allowed, seed {args.seed})")
    for label, batch in (("as played", positions), ("every marker face up", [replace(p, down=(0,) * p.players) for p in positions])):
        enum_times, cpsat_times, turns = [], [], []
        for pos in batch:
            started = time.perf_counter()
            answer = hint.enumerate_best(spec, pos, "gold", top=5)
            enum_times.append(time.perf_counter() - started)
            turns.append(answer.considered)
            started = time.perf_counter()
            modelled = cpsat.solve(spec, pos, "gold")
            cpsat_times.append(time.perf_counter() - started)
            assert modelled.best[0].value == answer.best[0].value
        print(f"{label}: legal turns a position: median {statistics.median(turns):.0f}, max {max(turns)}")
        print(f"  enumeration (--objective gold): {figures(enum_times)}")
        print(f"  CP-SAT model:                   {figures(cpsat_times)}")
    looked = []
    for pos in positions:
        looked.append(ahead.look_ahead(spec, pos, top=5))
    cut = sum(a.cut for a in looked)
    print(f"look-ahead (the default hint, {ahead.PLAYOUTS} playouts) in the process: "
          f"{figures([a.seconds for a in looked])}, {cut} cut by the time cap")
    whole = positions[: args.whole if args.whole is not None else len(positions)]
    if whole:
        print(f"whole `tajkit hint maharani` process, {len(whole)} positions: {seconds(whole_processes(spec, whole))}")
    print("the two agree on the best value in every position")


if __name__ == "__main__":
    main()
