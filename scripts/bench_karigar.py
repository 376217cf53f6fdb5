"""Benchmark of the Karigar-e-Taj build planner on full Bazaars (12 cards, the seed's layout).

Prints the CP-SAT solver time (all solves of one hint) and the whole plan's time (model building
and plan tidying included) over random positions: median, p95 and the slowest, and how often the
answer was proven. Usage: .venv/bin/python scripts/bench_karigar.py [--count 200] [--seed 1] [--turns 4]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter

from tajkit.solver.karigar.planner import plan
from tajkit.solver.karigar.samples import full_position
from tajkit.solver.karigar.spec import load_spec


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=200, help="positions to plan (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="random seed of the positions (default 1)")
    parser.add_argument("--turns", type=int, default=4, help="the planning horizon (default 4)")
    args = parser.parse_args()
    spec = load_spec()
    plan(*full_position(spec, random.Random(0)), args.turns)  # import OR-Tools before timing
    rng = random.Random(args.seed)
    solver, whole, answers, proven = [], [], Counter(), 0
    for _ in range(args.count):
        board, pos = full_position(spec, rng)
        start = time.perf_counter()
        result = plan(board, pos, args.turns)
        whole.append(time.perf_counter() - start)
        solver.append(result.seconds)
        answers[result.turns if result.turns is not None else "none"] += 1
        proven += result.proven and (result.turns is not None or result.best_proven)
    print(f"Karigar-e-Taj build planner: {args.count} full Bazaars, horizon {args.turns}, seed {args.seed}")
    for label, times in (("CP-SAT solver time", solver), ("whole plan (model + solve + tidy)", whole)):
        print(
            f"  {label:34s} median {1000 * statistics.median(times):6.0f} ms   p95 {1000 * percentile(times, 0.95):6.0f} ms"
            f"   max {1000 * max(times):6.0f} ms"
        )
    shown = ", ".join(f"{k}: {answers[k]}" for k in sorted(answers, key=str))
    print(f"  fewest turns found (turns: positions): {shown}")
    print(f"  proven (shortest, or no build and the most progress): {proven} of {args.count}")


if __name__ == "__main__":
    main()
