"""Benchmark: the information-relaxation bound on honest play against the clairvoyant bound.

    python scripts/honest_bound.py --games 10 --seed 1                 # whole games from the start
    python scripts/honest_bound.py --boxes 9 --positions 5 --dice 4    # where the exact ending knows the truth

For each seeded roll sequence: the clairvoyant's proven best score (CP-SAT, ``oracle.py``), the
penalised bound (``relaxation.py``: a proven upper bound on its best score minus the charges for
knowing the dice; its mean over the dice bounds perfect honest play), and the clairvoyant's own
plan scored minus its charges (a real play: the bound can never be below it). With ``--boxes``,
the positions are the first with that many empty boxes in careful games, and the exact ending
gives perfect honest play there. Figures, not assertions.
"""

from __future__ import annotations

import argparse
import statistics

import numpy as np
from bench_artisans_hint import (
    positions_with,  # a sibling script: the careful games it times
)
from tajkit.solver.artisans.search.endgame import endgame_for
from tajkit.solver.artisans.search.engine import engine_for
from tajkit.solver.artisans.search.oracle import clairvoyant
from tajkit.solver.artisans.search.relaxation import (
    ITERATIONS,
    LAMBDA,
    SCALE,
    Penalty,
    penalised_bound,
    play_charges,
)
from tajkit.solver.artisans.search.simulation import roll_sequence
from tajkit.solver.artisans.spec import load_spec


def one(engine, rolls, states, used, trees, penalty, iterations, work, seed):
    plan = clairvoyant(engine, rolls, states, used, trees, work=work, seed=seed)
    real = plan.score - play_charges(engine, rolls, plan.moves, states, penalty)
    bound = penalised_bound(engine, rolls, states, used, trees, penalty, iterations, real=real).bound
    return plan.score, plan.proven, real, bound


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--boxes", type=int, help="start from careful games' positions with this many empty boxes")
    parser.add_argument("--positions", type=int, default=5)
    parser.add_argument("--dice", type=int, default=4, help="roll sequences per position (with --boxes)")
    parser.add_argument("--lam", type=float, default=LAMBDA, help="a raindrop's worth in the charges")
    parser.add_argument("--scale", type=float, default=SCALE, help="the charges' weight (0: the clairvoyant)")
    parser.add_argument("--values", choices=("table", "fillings"), default="table")
    parser.add_argument("--iterations", type=int, default=ITERATIONS)
    parser.add_argument("--oracle-work", type=float, default=20.0)
    args = parser.parse_args()

    engine = engine_for(load_spec())
    penalty = Penalty(args.lam, args.scale, args.values)
    rows, honest = [], []
    if args.boxes is None:
        start = ([0] * len(engine.tables), 0, 0)
        for g in range(args.games):
            rows.append(one(engine, roll_sequence(engine, args.seed, g), *start, penalty, args.iterations,
                            args.oracle_work, args.seed))
            print(f"game {g}: clairvoyant {rows[-1][0]}, its plan minus charges {rows[-1][2]:.2f}, bound {rows[-1][3]:.2f}",
                  flush=True)
    else:
        ending = endgame_for(engine)
        rng = np.random.default_rng(args.seed)
        for states, used, trees, _ in positions_with(engine, args.boxes, args.positions, args.seed):
            honest.append(ending.outcome(states, used, trees).score)
            for _ in range(args.dice):
                turns = args.boxes + engine.raindrops - used
                rolls = [(int(a), int(b)) for a, b in rng.integers(1, engine.faces + 1, size=(turns, 2))]
                rows.append(one(engine, rolls, states, used, trees, penalty, args.iterations, args.oracle_work, args.seed))
    clair, proven, real, bound = zip(*rows)
    print(f"{len(rows)} roll sequences, seed {args.seed}, charges lam {args.lam:g} scale {args.scale:g} ({args.values})")
    print(f"clairvoyant: {statistics.mean(clair):.2f} ({sum(proven)} of {len(rows)} proven optimal)")
    print(f"penalised bound (proven, Lagrangian): {statistics.mean(bound):.2f}")
    print(f"the clairvoyant's plan minus its charges (a real play): {statistics.mean(real):.2f}")
    if honest:
        print(f"perfect honest play (exact, {len(honest)} positions): {statistics.mean(honest):.2f}; "
              f"bound minus it: {statistics.mean(bound) - statistics.mean(honest):.2f}")


if __name__ == "__main__":
    main()
