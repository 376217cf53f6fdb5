"""Benchmark: what the raced Artisans hint gives away, measured where the truth is known.

    python scripts/artisans_hint_loss.py --boxes 11 --positions 100 --seed 7

With more than `EXACT_BOXES` empty boxes the hint races its candidates on sampled futures. Just
beyond that reach the exact solver (`endgame.py`) can still value every legal move, so the hint's
first move can be scored against the true best: the expected final points it gives away per
decision, and how often its first move is not optimal. This is an exact yardstick for the hint's
play, free of the noise of whole simulated games (300 of them tell apart only differences of about
0.4 points a game). The positions are the first with `--boxes` empty boxes in careful games, with
their roll. `--handover` and `--first-round` try the race with other settings (the hint's futures
hand over to the exact solver at that many empty boxes instead of the hint's own choice, `HANDOVER`;
futures per candidate in the first round); `--endings` sets how large a rest of the game the hint
still solves exactly (0: race every position beyond `EXACT_BOXES`). Figures, not assertions; the
exact values take about a second per position at 12 boxes.
"""

from __future__ import annotations

import argparse
import statistics
import time

from bench_artisans_hint import positions_with  # a sibling script: the careful games it times

import tajkit.solver.artisans.search.hinter as hint
from tajkit.solver.artisans.search.endgame import Endgame
from tajkit.solver.artisans.search.engine import engine_for
from tajkit.solver.artisans.spec import load_spec


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--boxes", type=int, default=hint.EXACT_BOXES + 1, help="empty boxes left (default: one more than the exact reach)")
    parser.add_argument("--positions", type=int, default=150)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--handover", type=int, help="futures finish exactly from this many boxes (default: the hint's own choice)")
    parser.add_argument("--first-round", type=int, default=hint.FIRST_ROUND, help="futures per candidate in the first round")
    parser.add_argument("--endings", type=int, default=hint.ENDINGS,
                        help="solve a position exactly when the rest of its game reaches at most this many endings (0: race every one)")
    args = parser.parse_args()

    spec = load_spec()
    engine = engine_for(spec)
    truth = Endgame(engine)  # its own memo: the hint's solver is timed as it would run
    handover = hint.HANDOVER if args.handover is None else {args.boxes: args.handover}
    hinter = hint.Hinter(spec, exact_boxes=min(hint.EXACT_BOXES, args.boxes - 1), handover=handover, endings=args.endings)
    budget = hint.FUTURES * args.first_round // hint.FIRST_ROUND  # the same race, scaled
    hint.FIRST_ROUND = args.first_round
    losses, seconds, exact = [], [], 0
    for game, (states, used, trees, roll) in enumerate(positions_with(engine, args.boxes, args.positions, args.seed)):
        moves = engine.moves(states, used, trees, roll)
        values = [o.score for o in truth.moves(states, used, trees, moves)]
        start = time.perf_counter()
        ranked = hinter.rank(engine.sheet(states, used, trees), roll, seed=game, futures=budget)
        seconds.append(time.perf_counter() - start)
        first, exact = ranked.moves[0].move, exact + ranked.exact
        chosen = next(v for v, m in zip(values, moves) if engine.move(m, roll) == first)
        losses.append(max(values) - chosen)
    n = len(losses)
    spread = statistics.stdev(losses) / n**0.5 if n > 1 else 0.0
    print(f"{n} positions with {args.boxes} empty boxes (careful games, seed {args.seed}), every move valued exactly")
    print(f"hint (futures hand over at {handover.get(args.boxes, 0)} boxes, {args.first_round} per candidate in the first round): "
          f"gives away {statistics.mean(losses):.4f} ± {spread:.4f} points a decision; "
          f"first move optimal in {sum(loss <= 1e-9 for loss in losses)} of {n}; "
          f"{exact} solved exactly (at most {args.endings:,} endings)")
    print(f"hint solver time: median {statistics.median(seconds) * 1000:.0f} ms, max {max(seconds) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
