"""Measure the Artisans value table that the hint solver starts from (approximate policy iteration).

Round 0 plays with the careful rule-based player; each later round plays with the previous
round's estimate (one move ahead, with a little exploration). For every situation met after a
move, it counts how often each feature scored by the end of the game and how many trees were
watered. The result is written to solver/artisans/search/artisans-values.json.

    python scripts/fit_artisans_values.py --rounds 4 --games 20000 --seed 1

Deterministic for a given seed, rounds, games and worker count.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from tajkit.solver.artisans.search.engine import Engine, engine_for
from tajkit.solver.artisans.search.policies import heuristic_policy
from tajkit.solver.artisans.spec import load_spec
from tajkit.solver.artisans.search.simulation import roll_sequence
from tajkit.solver.artisans.search.values import TABLE_FILE, Estimator, ValueTable, structure_key

OUT = Path(__file__).resolve().parent.parent / "solver" / "artisans" / "search" / TABLE_FILE
EXPLORE = 0.1  # chance of playing one of the next-best moves instead of the best


def play_and_count(args: tuple[int, int, int, dict | None]) -> dict:
    first, count, seed, table_json = args
    engine = engine_for(load_spec())
    estimator = Estimator(engine, ValueTable.from_json(table_json)) if table_json else None
    sums: dict = defaultdict(lambda: [0.0, 0])
    for game in range(first, first + count):
        rng = random.Random(f"fit {seed} {game}")
        _one_game(engine, estimator, roll_sequence(engine, seed + 7919, game), rng, sums)
    return dict(sums)


def _one_game(engine: Engine, estimator: Estimator | None, rolls, rng: random.Random, sums) -> None:  # noqa: ANN001
    states = [0] * len(engine.tables)
    used = trees = 0
    seen: list[tuple] = []
    garden = [fi for fi, g in enumerate(engine.groups) if g == engine.garden]
    for roll in rolls:
        if engine.ends(states, used):
            break
        moves = engine.moves(states, used, trees, roll)
        if estimator is None:
            move = heuristic_policy(engine, states, used, trees, roll, rng)
        else:
            values = estimator.values_after(states, used, trees, moves)
            ranked = sorted(range(len(moves)), key=lambda i: -values[i])
            pick = ranked[rng.randrange(min(5, len(ranked)))] if rng.random() < EXPLORE else ranked[0]
            move = moves[pick]
        if move.feature >= 0:
            states[move.feature] = move.state
        used += move.raindrops
        trees += move.water
        rain = engine.raindrops - used
        if engine.ends(states, used):
            break
        for fi, s in enumerate(states):
            table = engine.tables[fi]
            if table.empties[s] and table.live[s]:
                seen.append(("c", fi, table.canon[s], rain))
        garden_left = sum(len(engine.tables[fi].empties[states[fi]]) for fi in garden)
        if garden_left and trees < engine.trees:
            seen.append(("t", trees, garden_left, rain))
    for key in seen:
        if key[0] == "c":
            outcome = float(engine.tables[key[1]].scores[states[key[1]]])
        else:
            outcome = float(trees)
        cell = sums[key]
        cell[0] += outcome
        cell[1] += 1


SHRINK = 20  # a rare situation's average is pulled toward the state's, as if seen 20 more times


def table_from(sums: dict, features: int) -> ValueTable:
    """Averages per situation, each shrunk toward the feature state's average over all raindrop
    counts, so that a situation seen a few times cannot look better than it is."""
    fine: list[dict] = [{} for _ in range(features)]
    by_state: list[dict] = [defaultdict(lambda: [0.0, 0]) for _ in range(features)]
    trees: dict = {}
    for key, cell in sums.items():
        if key[0] == "t":
            trees[key[1:]] = cell
            continue
        _, fi, canon, rain = key
        fine[fi][(canon, rain)] = cell
        by_state[fi][canon][0] += cell[0]
        by_state[fi][canon][1] += cell[1]
    state_avg = [{k: t / n for k, (t, n) in d.items()} for d in by_state]
    chance = [{k: (t + SHRINK * state_avg[fi][k[0]]) / (n + SHRINK) for k, (t, n) in d.items()} for fi, d in enumerate(fine)]
    return ValueTable(
        chance=chance,
        chance_by_state=state_avg,
        trees={k: (t + SHRINK * k[0]) / (n + SHRINK) for k, (t, n) in trees.items()},
    )


def merge(parts: list[dict]) -> dict:
    total: dict = defaultdict(lambda: [0.0, 0])
    for part in parts:
        for key, (s, n) in part.items():
            total[key][0] += s
            total[key][1] += n
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--games", type=int, default=20000, help="games per round")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("-o", "--output", type=Path, default=OUT)
    args = parser.parse_args()

    engine = engine_for(load_spec())
    key = structure_key(engine)
    table_json = None
    for round_ in range(args.rounds):
        start = time.perf_counter()
        share = args.games // args.workers
        jobs = [(round_ * args.games + w * share, share, args.seed + round_, table_json) for w in range(args.workers)]
        with ProcessPoolExecutor(args.workers) as pool:
            sums = merge(list(pool.map(play_and_count, jobs)))
        table = table_from(sums, len(engine.tables))
        table_json = table.as_json(key)
        cells = sum(len(d) for d in table.chance)
        print(f"round {round_}: {args.games} games, {cells} cells, {time.perf_counter() - start:.0f}s", file=sys.stderr)
    args.output.write_text(json.dumps(table_json, separators=(",", ":")) + "\n", encoding="utf-8")
    print(args.output)


if __name__ == "__main__":
    main()
