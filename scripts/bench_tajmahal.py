"""Benchmark: Taj Mahal hint latency on random live rounds, and the scorer on a whole game.

    python scripts/bench_tajmahal.py --positions 300 --hand 10 --seed 1

Prints the in-process time of one whole hint (reading the position, every CP-SAT solve, the
report) per position: median, 95th percentile and max, with how many CP-SAT solves it took and
whether all were proven optimal; then the wall time of whole `tajkit hint` and `tajkit score`
processes (start-up and the OR-Tools import included). Figures, not assertions: run it on the
machine you care about.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import tomli_w

from tajkit.solver.tajmahal import GAME, planner
from tajkit.solver.tajmahal.samples import random_hint_position

RECORD = Path(__file__).resolve().parent.parent / "tests" / "data" / "tajmahal-game.toml"
ANY_OPENER = RECORD.parent / "any-opener"  # the record's provinces open in turn: a group's reading


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def count_solves() -> list[int]:
    """Wrap the planner's solve to count CP-SAT calls."""
    calls = [0]
    solve = planner._solve

    def counted(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        calls[0] += 1
        return solve(*args, **kwargs)

    planner._solve = counted  # type: ignore[assignment]
    return calls


def process_times(args: list[str], runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "tajkit.cli", *args], check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--hand", type=int, default=10, help="the most cards in the hinted hand")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--top", type=int, default=5)
    parser.add_argument("--processes", type=int, default=5, help="whole `tajkit` runs to time")
    args = parser.parse_args()

    spec = GAME.load_spec()
    rng = random.Random(args.seed)
    cases = [random_hint_position(spec, rng, max_hand=args.hand, max_turns=12) for _ in range(args.positions)]
    start = time.perf_counter()
    GAME.hint.run(spec, cases[0][0], player=None, card_cost=None, top=args.top)
    print(f"first hint in this process (OR-Tools import, model set-up): {time.perf_counter() - start:.3f} s")

    calls = count_solves()
    times, solves, proven, hands = [], [], 0, []
    for data, name in cases:
        before = calls[0]
        start = time.perf_counter()
        report = GAME.hint.run(spec, data, player=name, card_cost=None, top=args.top)
        times.append(time.perf_counter() - start)
        solves.append(calls[0] - before)
        proven += bool(report.json["proven_optimal"])
        hands.append(len(next(p for p in data["players"] if p["name"] == name)["hand"]))
    print(f"hint on {len(cases)} random rounds (hands of 0-{args.hand} cards, mean {statistics.mean(hands):.1f}; "
          f"--top {args.top}; seed {args.seed}):")
    print(f"  median {1000 * statistics.median(times):.1f} ms, p95 {1000 * percentile(times, 0.95):.1f} ms, "
          f"max {1000 * max(times):.1f} ms")
    print(f"  CP-SAT solves per hint: median {statistics.median(solves):.0f}, max {max(solves)}; "
          f"proven optimal: {proven} of {len(cases)}")

    with tempfile.TemporaryDirectory() as folder:
        position = Path(folder) / "position.toml"
        position.write_text(tomli_w.dumps(cases[0][0]))
        hint_wall = process_times(["hint", "tajmahal", str(position)], args.processes)
        score_wall = process_times(["--data", str(ANY_OPENER), "score", "tajmahal", str(RECORD)], args.processes)
    print(f"whole `tajkit hint tajmahal` process: median {statistics.median(hint_wall):.2f} s "
          f"(of {args.processes})")
    print(f"whole `tajkit score tajmahal` process on the 12-round record: median {statistics.median(score_wall):.2f} s")


if __name__ == "__main__":
    main()
