"""Benchmark: a proven bound on perfect honest play (the relaxed sheet of ``search/relaxed.py``
with ``--relaxed``, else the supersolution of ``search/honest.py``), against the exact value where
the exact ending knows it and against the clairvoyant.

    python scripts/artisans_honest_bound.py --relaxed --empty-sheet
    python scripts/artisans_honest_bound.py --relaxed --empty-sheet --exact left_facade right_facade
    python scripts/artisans_honest_bound.py --relaxed --boxes 9 --positions 12 --dice 8 --seed 1
    python scripts/artisans_honest_bound.py --boxes 9 --positions 12 --dice 8 --seed 1
    python scripts/artisans_honest_bound.py --empty-sheet --rounds 200

The positions are the first with ``--boxes`` empty boxes in games played by the careful player
(as in ``price_of_information.py``). For each: the bound (computed by the linear program of
``honest_lp.py``, then proven by branch and bound over every position reachable from it), perfect
honest play (the exact ending, when it can solve the position: up to 9-10 empty boxes) and the
clairvoyant (CP-SAT with the dice known, averaged over ``--dice`` sampled roll sequences). The
share of the clairvoyant's head start the bound takes away is (clairvoyant - bound) / (clairvoyant
- honest). ``--empty-sheet`` bounds a whole game: with ``--relaxed`` in about 20 minutes on 2 cores
and 9 GB (the facades and the minarets exact; seconds with ``--exact left_facade right_facade``;
each feature kept exact multiplies the time by its states), with the supersolution not yet: each proof round's branch and bound takes hours from the empty sheet
(docs/artisans.md says where it stands). Figures, not assertions.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np
from bench_artisans_hint import positions_with  # a sibling script: the careful games it times

from tajkit.solver.artisans.search.endgame import endgame_for
from tajkit.solver.artisans.search.engine import Engine, engine_for
from tajkit.solver.artisans.search.honest import Start, verify
from tajkit.solver.artisans.search.honest_lp import compute
from tajkit.solver.artisans.search import relaxed
from tajkit.solver.artisans.search.oracle import clairvoyant
from tajkit.solver.artisans.spec import load_spec


def proven_bound(engine: Engine, states: list[int], used: int, trees: int, args: argparse.Namespace) -> tuple[float, float]:
    """The bound from a position, proven again from scratch, and the seconds it took."""
    began = time.perf_counter()
    if args.relaxed:
        sheet = relaxed.solve(engine, args.exact, start=states, keep_all=False)
        return sheet.bound(states, used, trees), time.perf_counter() - began
    start = Start.of(engine, states, used, trees)
    solution = compute(engine, start, games=args.games, seed=0, tolerance=args.tolerance, rounds=args.rounds)
    slack = verify(engine, solution, start)
    if slack > solution.slack + 1e-12:  # never: compute proves the same slack; a check, not a bound
        raise SystemExit(f"the proof disagrees: slack {slack} above {solution.slack}")
    return solution.bound(engine, start), time.perf_counter() - began


def clairvoyant_mean(engine: Engine, states: list[int], used: int, trees: int, rng: np.random.Generator,
                     args: argparse.Namespace) -> tuple[float, int]:
    scores, unproven = [], 0
    for _ in range(args.dice):
        rolls = [(int(a), int(b)) for a, b in rng.integers(1, engine.faces + 1, size=(engine.spec.max_turns, 2))]
        result = clairvoyant(engine, rolls, states, used, trees, work=args.oracle_work, seed=args.seed)
        unproven += not result.proven
        scores.append(result.score)
    return statistics.mean(scores), unproven


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--boxes", type=int, default=9, help="empty boxes left (the exact ending's reach: up to 9-10)")
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--dice", type=int, default=8, help="sampled roll sequences per position for the clairvoyant (0: none)")
    parser.add_argument("--seed", type=int, default=1, help="the careful games and the sampled dice (the cuts' games: seed 0)")
    parser.add_argument("--games", type=int, default=50, help="games played by W per round of cuts")
    parser.add_argument("--tolerance", type=float, default=3e-3, help="the excess the cuts aim below (points)")
    parser.add_argument("--rounds", type=int, default=400, help="linear programs solved at most")
    parser.add_argument("--oracle-work", type=float, default=20.0, help="CP-SAT deterministic seconds per solve")
    parser.add_argument("--empty-sheet", action="store_true", help="bound a whole game instead (the supersolution has not finished yet: hours a proof round)")
    parser.add_argument("--relaxed", action="store_true", help="the relaxed sheet's bound instead of the supersolution's")
    parser.add_argument("--exact", nargs="+", metavar="FEATURE", help="with --relaxed: the features kept exact (default: the facades and the minarets; from the empty sheet 20 minutes and 9 GB)")
    args = parser.parse_args()

    engine = engine_for(load_spec())
    if args.exact:
        ids = [t.feature.id for t in engine.tables]
        unknown = [name for name in args.exact if name not in ids]
        if unknown or not args.relaxed:
            parser.error(f"--exact: no feature {', '.join(unknown)} (the features: {', '.join(ids)})" if unknown
                         else "--exact goes with --relaxed")
        args.exact = [ids.index(name) for name in args.exact]
    if args.empty_sheet:
        bound, seconds = proven_bound(engine, engine.empty_sheet(), 0, 0, args)
        print(f"the empty sheet: perfect honest play scores at most {bound:.4f} ({seconds:.0f} s)")
        return
    ending = endgame_for(engine)
    rng = np.random.default_rng(args.seed)
    rows, unproven = [], 0
    for states, used, trees, _ in positions_with(engine, args.boxes, args.positions, args.seed):
        bound, seconds = proven_bound(engine, states, used, trees, args)
        honest = ending.outcome(states, used, trees).score
        known, missed = clairvoyant_mean(engine, states, used, trees, rng, args) if args.dice else (float("nan"), 0)
        unproven += missed
        rows.append((honest, bound, known))
        seen = f", clairvoyant {known:.3f}" if args.dice else ""
        print(f"position: perfect honest play {honest:.3f}, proven bound {bound:.3f}{seen} "
              f"({engine.raindrops - used} raindrops left, {trees} trees watered; {seconds:.0f} s)", flush=True)
    honest, bound, known = (statistics.mean(column) for column in zip(*rows))
    print(f"{len(rows)} positions with {args.boxes} empty boxes (careful games, seed {args.seed}): "
          f"perfect honest play {honest:.2f}, proven bound {bound:.2f} (never below: "
          f"{all(b >= h - 1e-9 for h, b, _ in rows)}), above it by {bound - honest:.2f}")
    if args.dice:
        print(f"clairvoyant {known:.2f} ({args.dice} roll sequences each"
              + (f"; {unproven} solves not proven optimal" if unproven else "; every solve proven optimal")
              + f"): the bound takes {(known - bound) / (known - honest):.0%} of its head start away")


if __name__ == "__main__":
    main()
