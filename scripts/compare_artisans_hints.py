"""Paired comparison of two versions of the Artisans hint on the same seeded games.

Play the hint on games FIRST..FIRST+GAMES-1 of a seeded run and append one JSON line per game to a
file (run it once from each version's checkout: the dice of game g depend only on the seed and g):

    python scripts/compare_artisans_hints.py play --seed 1 --games 300 --out new.jsonl
    (cd ../base && .venv/bin/python ../artisans13/scripts/compare_artisans_hints.py play --seed 1 --games 300 --out old.jsonl)

then pair them by game index (mean difference, its 95 % interval, wins and losses):

    python scripts/compare_artisans_hints.py pair old.jsonl new.jsonl

A file that already holds some games is resumed: those games are not played again.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path


def play_game(args: tuple[str, int, int]) -> dict:
    from tajkit.solver.artisans.spec import load_spec
    from tajkit.solver.artisans.search.simulation import play_one

    policy, seed, game = args
    start = time.perf_counter()
    result = play_one(load_spec(), policy, seed, game)
    return {"game": game, "seed": seed, "policy": policy, "score": result.score,
            "decisions": len(result.seconds), "solver_seconds": round(sum(result.seconds), 3),
            "wall": round(time.perf_counter() - start, 3)}


def read(path: Path) -> dict[int, dict]:
    if not path.exists():
        return {}
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return {row["game"]: row for row in rows}


def play(args: argparse.Namespace) -> None:
    done = read(args.out)
    todo = [g for g in range(args.first, args.first + args.games) if g not in done]
    jobs = [(args.policy, args.seed, g) for g in todo]
    with args.out.open("a") as out, ProcessPoolExecutor(args.processes) as pool:
        for row in pool.map(play_game, jobs):
            out.write(json.dumps(row) + "\n")
            out.flush()
    print(f"{args.out}: {len(read(args.out))} games")


def pair(args: argparse.Namespace) -> None:
    old, new = read(args.old), read(args.new)
    games = sorted(set(old) & set(new))
    if len(games) < 2:
        raise SystemExit("fewer than two games in common")
    seeds = {old[g]["seed"] for g in games} | {new[g]["seed"] for g in games}
    if len(seeds) != 1:
        raise SystemExit(f"the files mix seeds {sorted(seeds)}: pair games of one seeded run")
    diff = [new[g]["score"] - old[g]["score"] for g in games]
    mean = statistics.fmean(diff)
    half = 1.96 * statistics.stdev(diff) / math.sqrt(len(diff))
    a = statistics.fmean(old[g]["score"] for g in games)
    b = statistics.fmean(new[g]["score"] for g in games)
    wins = sum(d > 0 for d in diff)
    losses = sum(d < 0 for d in diff)
    print(f"{len(games)} games paired (seed {seeds.pop()}): {args.old.name} {a:.2f}, {args.new.name} {b:.2f}")
    print(f"difference {mean:+.2f}, 95% interval [{mean - half:+.2f}, {mean + half:+.2f}]; "
          f"better in {wins}, worse in {losses}, equal in {len(games) - wins - losses}")
    for label, rows in ((args.old.name, old), (args.new.name, new)):
        solver = sum(rows[g]["solver_seconds"] for g in games) / sum(rows[g]["decisions"] for g in games)
        print(f"{label}: mean solver time per decision {solver * 1000:.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="play games and append them to a file")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--first", type=int, default=0)
    p.add_argument("--games", type=int, default=300)
    p.add_argument("--policy", default="hint")
    p.add_argument("--processes", type=int, default=2)
    p.add_argument("--out", type=Path, required=True)
    q = sub.add_parser("pair", help="pair two files by game index")
    q.add_argument("old", type=Path)
    q.add_argument("new", type=Path)
    args = parser.parse_args()
    (play if args.command == "play" else pair)(args)


if __name__ == "__main__":
    main()
