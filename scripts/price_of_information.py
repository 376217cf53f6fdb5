"""Benchmark: how far below the clairvoyant bound perfect honest play stays, where it can be solved.

    python scripts/price_of_information.py --boxes 9 --positions 40 --dice 8 --seed 1

`tajkit simulate artisans` compares the hint with a clairvoyant oracle that knows every roll to come.
How much of that gap could any honest player close? Near the end of a game the question has an exact
answer: from a position with few empty boxes, the exact ending (`endgame.py`, the hint's own solver
there) gives the best expected final score of a player who does not know the dice, and CP-SAT
(`oracle.py`) gives the best score with the dice known, averaged over sampled roll sequences. The
positions are the first with `--boxes` empty boxes in games played by the careful player. Figures,
not assertions.
"""

from __future__ import annotations

import argparse
import statistics

import numpy as np
from bench_artisans_hint import positions_with  # a sibling script: the careful games it times

from tajkit.solver.artisans.search.endgame import endgame_for
from tajkit.solver.artisans.search.engine import engine_for
from tajkit.solver.artisans.search.oracle import clairvoyant
from tajkit.solver.artisans.spec import load_spec


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--boxes", type=int, default=9, help="empty boxes left (the exact solver's reach: up to 9)")
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--dice", type=int, default=8, help="sampled roll sequences per position for the clairvoyant")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--oracle-work", type=float, default=20.0, help="CP-SAT deterministic seconds per solve")
    args = parser.parse_args()

    engine = engine_for(load_spec())
    ending = endgame_for(engine)
    rng = np.random.default_rng(args.seed)
    honest, known, unproven = [], [], 0
    for states, used, trees, _ in positions_with(engine, args.boxes, args.positions, args.seed):
        honest.append(ending.outcome(states, used, trees).score)
        scores = []
        for _ in range(args.dice):
            rolls = [(int(a), int(b)) for a, b in rng.integers(1, engine.faces + 1, size=(engine.spec.max_turns, 2))]
            result = clairvoyant(engine, rolls, states, used, trees, work=args.oracle_work, seed=args.seed)
            unproven += not result.proven
            scores.append(result.score)
        known.append(statistics.mean(scores))
    gaps = [k - h for k, h in zip(known, honest)]
    spread = statistics.stdev(gaps) / len(gaps) ** 0.5 if len(gaps) > 1 else 0.0
    print(f"{len(honest)} positions with {args.boxes} empty boxes (careful games, seed {args.seed}), "
          f"{args.dice} roll sequences each")
    print(f"perfect honest play (exact): {statistics.mean(honest):.2f}")
    print(f"clairvoyant (CP-SAT, dice known): {statistics.mean(known):.2f}"
          + (f" ({unproven} solves not proven optimal: a lower bound there)" if unproven else " (every solve proven optimal)"))
    print(f"price of not knowing the dice: {statistics.mean(gaps):.2f} ± {spread:.2f} points "
          f"(honest = {statistics.mean(honest) / statistics.mean(known):.3f} of clairvoyant)")


if __name__ == "__main__":
    main()
