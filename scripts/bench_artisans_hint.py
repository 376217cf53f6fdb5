"""Benchmark: Artisans hint latency on positions taken from simulated games.

    python scripts/bench_artisans_hint.py --games 20 --seed 1

Prints the solver time of `Hinter.rank` per position (median, 95th percentile, max), for the
positions solved exactly and those raced on sampled futures, and the wall time of whole
`tajkit hint` processes. One hinter serves every position in turn, as in a game played with tajkit
(the exact solver's memo carries over from move to move); `--cold` forgets it before each
position, as a fresh `tajkit hint` process does. `--boxes N` times instead the first position
with N empty boxes of each game (`--cold --boxes 14 --games 40`: what a fresh process needs at that
size, the measure behind the hint's `HANDOVER`). `--whole N` times whole `tajkit hint` processes
(what a player waits for) on N positions of each kind, spread over the games: solved exactly,
raced with exact endings (at most 16 empty boxes) and raced early in the game. Figures, not
assertions: run it on the machine you care about, and say what else ran (`uptime`).
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import tomli_w

from tajkit.solver.artisans import files as artisans_files
from tajkit.solver.artisans.search.engine import Engine, engine_for
from tajkit.solver.artisans.search.hinter import EXACT_BOXES, HANDOVER, Hinter
from tajkit.solver.artisans.search.policies import heuristic_policy
from tajkit.solver.artisans.spec import load_spec
from tajkit.solver.artisans.search.simulation import roll_sequence


def game_positions(engine: Engine, seed: int, game: int):  # noqa: ANN201
    """(states, raindrops used, trees watered, roll) before every move of a game played by the
    careful player on the seeded rolls of ``game``."""
    rng = random.Random(game)
    states, used, trees = [0] * len(engine.tables), 0, 0
    for roll in roll_sequence(engine, seed, game):
        if engine.ends(states, used):
            break
        yield list(states), used, trees, roll
        move = heuristic_policy(engine, states, used, trees, roll, rng)
        if move.feature >= 0:
            states[move.feature] = move.state
        used, trees = used + move.raindrops, trees + move.water


def positions_with(engine: Engine, boxes: int, count: int, seed: int):  # noqa: ANN201
    """(states, used, trees, roll): the first position with ``boxes`` empty boxes in each careful
    game that reaches one before it ends, until ``count`` are found."""
    found = 0
    for game in itertools.count():
        if found == count:
            return
        for states, used, trees, roll in game_positions(engine, seed, game):
            if sum(len(t.empties[s]) for t, s in zip(engine.tables, states)) == boxes:
                yield states, used, trees, roll
                found += 1
                break


def positions(games: int, seed: int):  # noqa: ANN201
    """(sheet, roll) before every move of games played by the careful player."""
    engine = engine_for(load_spec())
    for g in range(games):
        for states, used, trees, roll in game_positions(engine, seed, g):
            yield engine.sheet(states, used, trees), roll


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--processes", type=int, default=5, help="whole `tajkit hint` runs to time")
    parser.add_argument("--cold", action="store_true", help="forget the exact solver's memo before each position")
    parser.add_argument("--boxes", type=int, help="time the first position with this many empty boxes of each game")
    parser.add_argument("--whole", type=int, default=0, metavar="N",
                        help="time whole `tajkit hint` processes on N positions of each kind")
    args = parser.parse_args()

    spec = load_spec()
    start = time.perf_counter()
    hinter = Hinter(spec)
    setup = time.perf_counter() - start
    seconds: dict[str, list[float]] = {"all": [], "exact": [], "raced": []}
    if args.boxes is None:
        samples = list(positions(args.games, args.seed))
    else:
        engine = hinter.engine
        found = positions_with(engine, args.boxes, args.games, args.seed)
        samples = [(engine.sheet(states, used, trees), roll) for states, used, trees, roll in found]
    kinds: list[str] = []
    for k, (sheet, roll) in enumerate(samples):
        if args.cold:
            hinter.endgame.forget()
        hint = hinter.rank(sheet, roll, seed=k, top=5)
        for kind in ("all", "exact" if hint.exact else "raced"):
            seconds[kind].append(hint.seconds)
        kinds.append(position_kind(hint.exact, spec.box_count - sheet.filled_boxes()))
    which = "" if args.boxes is None else f" with {args.boxes} empty boxes"
    print(f"positions{which}: {len(samples)} from {args.games} games (seed {args.seed}); solver set-up {setup * 1000:.0f} ms"
          f"{'; memo forgotten before each' if args.cold else ''}")
    for kind, values in seconds.items():
        if values:
            print(
                f"hint solver time, {kind} ({len(values)}): median {statistics.median(values) * 1000:.0f} ms, "
                f"95th percentile {percentile(values, 0.95) * 1000:.0f} ms, max {max(values) * 1000:.0f} ms"
            )

    if args.whole:
        time_whole_processes_by_kind(spec, samples, kinds, args.whole)
    if args.boxes is not None or args.whole:
        return
    # a position raced on sampled futures, and one solved exactly (a fresh process each time)
    empty = [spec.box_count - sheet.filled_boxes() for sheet, _ in samples]
    raced = next(k for k in range(len(samples) // 2, len(samples)) if empty[k] > EXACT_BOXES)
    exact = next(k for k in range(raced, len(samples)) if EXACT_BOXES - 2 <= empty[k] <= EXACT_BOXES)
    for label, (sheet, roll) in (("raced", samples[raced]), ("exact", samples[exact])):
        walls = whole_runs(spec, sheet, roll, args.processes)
        print(f"whole `tajkit hint` process, {label} position: median {statistics.median(walls):.2f} s, "
              f"max {max(walls):.2f} s ({args.processes} runs)")


KINDS = ("exact", "raced, exact endings", "raced, early")


def position_kind(exact: bool, empty_boxes: int) -> str:
    if exact:
        return KINDS[0]
    return KINDS[1] if empty_boxes <= max(HANDOVER) else KINDS[2]


def time_whole_processes_by_kind(spec, samples, kinds: list[str], per_kind: int) -> None:  # noqa: ANN001
    """One fresh `tajkit hint` process per position, ``per_kind`` positions of each kind taken
    evenly through the games (the figure a player at the table waits for)."""
    for kind in KINDS:
        found = [k for k, seen in enumerate(kinds) if seen == kind]
        if not found:
            continue
        step = max(1, len(found) // per_kind)
        walls = [whole_runs(spec, *samples[k], 1)[0] for k in found[::step][:per_kind]]
        print(f"whole `tajkit hint` process, {kind} ({len(walls)} positions): median {statistics.median(walls):.2f} s, "
              f"95th percentile {percentile(walls, 0.95):.2f} s, max {max(walls):.2f} s")


def whole_runs(spec, sheet, roll, runs: int) -> list[float]:  # noqa: ANN001
    data = artisans_files.to_data(spec, (artisans_files.Player("Bench", sheet),))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "position.toml"
        path.write_text(tomli_w.dumps(data))
        walls = []
        for _ in range(runs):
            begin = time.perf_counter()
            subprocess.run(
                [sys.executable, "-m", "tajkit.cli", "hint", "artisans", str(path), "--roll", str(roll[0]), str(roll[1])],
                check=True,
                capture_output=True,
            )
            walls.append(time.perf_counter() - begin)
    return walls


if __name__ == "__main__":
    main()
