"""Maharani hint latency on mid-game positions with two tiles allowed: the exhaustive enumeration
(what ``tajkit hint maharani`` runs) and the CP-SAT model, median / p95 / max solver time.

Positions come from games played by the engine (players who mostly take the turn worth the most
gold now), stopped when 16-40 of the 56 spaces are covered; 2-4 players. Each is measured as
played and again with every action marker face up (every tile may go anywhere: the most turns to
choose from). Deterministic for a seed.

    python scripts/bench_maharani.py [--positions 200] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import replace

from tajkit.solver.maharani import cpsat, hint, rules, samples
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
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
        print(f"  enumeration (the hint): {figures(enum_times)}")
        print(f"  CP-SAT model:           {figures(cpsat_times)}")
    print("the two agree on the best value in every position")


if __name__ == "__main__":
    main()
