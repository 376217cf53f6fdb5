"""Benchmark: the Artisans hint at a table of several players (issue 41), against today's solitaire hint.

    python scripts/bench_artisans_table.py games --games 300 --seed 4101 --processes 2
    python scripts/bench_artisans_table.py lengths --games 60 --seed 4101 --processes 2
    python scripts/bench_artisans_table.py last-turns --positions 200 --seed 4101
    python scripts/bench_artisans_table.py time --positions 40 --whole 12 --seed 4101

``games`` plays seeded 3-player games (one roll for the whole table, rulebook: Playing the Game),
the players using it in seat order, each seeing the sheets as they stand: one player with the table
hint (``--objective win``) against two with the solitaire hint of before issue 41, the table
hint's seat rotated from game to game (seat g mod 3; the seats' ages are 30, 40 and 50, so each is
the youngest in turn). It prints the table hint's share of the wins (a tie the rulebook's
tie-breaks cannot break is shared), its 95 % Wilson interval, and each policy's mean score. The
solitaire hint plays as before the issue: its own sheet as a game of one, and its last move by the
score it leaves once another sheet has ended the game.

``lengths`` plays the same dice with all three players on the table hint and with all three on the
solitaire hint: the games' mean length (turns) and mean winning score.

``last-turns`` checks the table hint on last turns (a player has used their last raindrop or filled
their sheet earlier in the turn): its best move against the best found by scoring every legal use of
the roll with the rules model and the plain scorer.

``time`` measures the table hint for a 3-player position: the solver call as a session makes it
(one process, its tables built) and whole ``tajkit hint artisans FILE`` processes: median and 95th
percentile.

Figures, not assertions: run it on the machine you care about, and say what else ran (``uptime``).
Every game and decision is seeded, so the figures do not depend on the number of processes.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path

import tomli_w

from tajkit.solver.artisans import files as artisans_files
from tajkit.solver.artisans.files import Player
from tajkit.solver.artisans.rules import Sheet, apply, score
from tajkit.solver.artisans.scoring import score as score_table
from tajkit.solver.artisans.search.hinter import hinter_for
from tajkit.solver.artisans.search.positions import last_turn_positions, last_turn_truth, positions_at
from tajkit.solver.artisans.search.table import SCORE, WIN, Seat, table_hinter_for
from tajkit.solver.artisans.spec import load_spec

NAMES = ("Asha", "Babur", "Chitra")
AGES = (30, 40, 50)
TABLE, SOLITAIRE = "table", "solitaire"
NO_CAP = 3600.0  # seconds: the hints' safety cap, out of reach


@dataclass(frozen=True)
class Budget:
    table: int  # futures of the table hint
    solitaire: int  # futures of the solitaire hint


@dataclass(frozen=True)
class GameResult:
    policies: tuple[str, ...]  # by seat
    scores: tuple[int, ...]
    shares: tuple[float, ...]  # each seat's share of the win
    turns: int
    seconds: dict[str, list[float]]


def rolls_of(seed: int, game: int, turns: int) -> list[tuple[int, int]]:
    rng = random.Random(f"artisans table {seed} {game}")
    return [(rng.randint(1, 6), rng.randint(1, 6)) for _ in range(turns)]


def play_game(seed: int, game: int, policies: tuple[str, ...], budget: Budget) -> GameResult:
    """One seeded game: each turn one roll, then each seat in order uses it (seeing the sheets as
    they stand: the seats before it have used the roll), until a sheet ends the game."""
    spec = load_spec()
    sheets = [Sheet.empty(spec) for _ in policies]
    seconds: dict[str, list[float]] = {TABLE: [], SOLITAIRE: []}
    turns = 0
    for roll in rolls_of(seed, game, spec.max_turns):
        turns += 1
        for seat, policy in enumerate(policies):
            me = Seat(NAMES[seat], sheets[seat], AGES[seat])
            others = [Seat(NAMES[i], sheets[i], AGES[i], i < seat) for i in range(len(policies)) if i != seat]
            decision_seed = hash_seed(seed, game, turns, seat)
            start = time.perf_counter()
            move = decide(spec, policy, me, others, roll, decision_seed, budget)
            seconds[policy].append(time.perf_counter() - start)
            sheets[seat] = apply(spec, sheets[seat], move)
        if any(s.ends_game(spec) for s in sheets):
            break
    players = [Player(NAMES[i], sheets[i], AGES[i]) for i in range(len(policies))]
    ranked = score_table(spec, tuple(players))
    first = [p.name for p in ranked.players if p.rank == 1]
    shares = tuple(1 / len(first) if p.name in first else 0.0 for p in players)
    return GameResult(policies, tuple(score(spec, s).total for s in sheets), shares, turns, seconds)


def decide(spec, policy: str, me: Seat, others: list[Seat], roll, seed: int, budget: Budget):  # noqa: ANN001, ANN201
    """A player's move: by the table hint, or by the solitaire hint as before issue 41. The budgets
    set the work; the wall-clock cap is set out of reach, so the games do not depend on the load."""
    if policy == TABLE:
        ranking = table_hinter_for(spec).rank(me, others, roll, WIN, seed=seed, futures=budget.table,
                                              time_limit=NO_CAP, top=1)
        return ranking.moves[0].move
    if any(o.sheet.ends_game(spec) for o in others):  # before issue 41: the last move by the score it leaves
        return table_hinter_for(spec).rank(me, others, roll, SCORE).moves[0].move
    return hinter_for(spec).rank(me.sheet, roll, seed=seed, futures=budget.solitaire, time_limit=NO_CAP,
                                 top=1).moves[0].move


def hash_seed(*parts: int) -> int:
    return random.Random(" ".join(map(str, parts))).randrange(2**31)


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (shared wins count as fractions)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def run_games(seed: int, games: int, lineups: list[tuple[str, ...]], budget: Budget, processes: int,
              out: Path | None) -> list[GameResult]:
    """Every game, played in ``processes`` worker processes; each finished game is appended to
    ``out`` (JSON lines) at once, and a game already there is not played again (a long run
    resumes where it stopped)."""
    jobs = {g: (seed, g, lineups[g % len(lineups)], budget) for g in range(games)}
    done: dict[int, GameResult] = {}
    if out is not None and out.exists():
        for line in out.read_text(encoding="utf-8").splitlines():
            data = json.loads(line)
            key = (data["seed"], data["game"], tuple(data["policies"]), tuple(data["budget"]))
            if data["game"] in jobs and key == (*jobs[data["game"]][:3], (budget.table, budget.solitaire)):
                done[data["game"]] = GameResult(tuple(data["policies"]), tuple(data["scores"]), tuple(data["shares"]),
                                                data["turns"], data["seconds"])
    todo = [job for g, job in jobs.items() if g not in done]
    with ProcessPoolExecutor(max_workers=max(1, processes)) as pool:
        futures = {pool.submit(play_game, *job): job[1] for job in todo}
        for future in as_completed(futures):
            game, result = futures[future], future.result()
            done[game] = result
            if out is not None:
                with out.open("a", encoding="utf-8") as f:
                    f.write(json.dumps({"seed": seed, "game": game, "policies": result.policies, "budget":
                                        [budget.table, budget.solitaire], "scores": result.scores, "shares":
                                        result.shares, "turns": result.turns, "seconds": result.seconds}) + "\n")
            print(f"  {len(done)} of {games} games", file=sys.stderr, flush=True)
    return [done[g] for g in range(games)]


def percentiles(values: list[float]) -> str:
    ordered = sorted(values)
    if not ordered:
        return "-"
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return f"median {statistics.median(ordered) * 1000:.0f} ms, 95th percentile {p95 * 1000:.0f} ms"


def games_command(args: argparse.Namespace) -> None:
    budget = Budget(args.table_futures, args.solitaire_futures)
    lineups = [tuple(TABLE if s == k else SOLITAIRE for s in range(3)) for k in range(3)]
    start = time.time()
    results = run_games(args.seed, args.games, lineups, budget, args.processes, args.out)
    wins = sum(r.shares[r.policies.index(TABLE)] for r in results)
    low, high = wilson(wins, len(results))
    table_scores = [r.scores[r.policies.index(TABLE)] for r in results]
    other_scores = [s for r in results for s, p in zip(r.scores, r.policies) if p == SOLITAIRE]
    print(f"{len(results)} three-player games, seed {args.seed}, the table hint's seat rotated; "
          f"budgets: table {budget.table:,} futures, solitaire {budget.solitaire:,}; {time.time() - start:.0f} s")
    print(f"table hint (--objective win): wins {wins:.1f} of {len(results)} = {wins / len(results):.3f}, "
          f"95 % Wilson interval [{low:.3f}, {high:.3f}] (an even share: 0.333)")
    print(f"mean score: table hint {statistics.fmean(table_scores):.2f}, "
          f"solitaire hints {statistics.fmean(other_scores):.2f}")
    print(f"mean game length {statistics.fmean(r.turns for r in results):.2f} turns")
    for policy in (TABLE, SOLITAIRE):
        print(f"{policy} hint time per decision: {percentiles([t for r in results for t in r.seconds[policy]])}")


def lengths_command(args: argparse.Namespace) -> None:
    budget = Budget(args.table_futures, args.solitaire_futures)
    for policy in (TABLE, SOLITAIRE):
        start = time.time()
        out = args.out.with_name(f"{args.out.stem}-{policy}{args.out.suffix}") if args.out else None
        results = run_games(args.seed, args.games, [(policy,) * 3], budget, args.processes, out)
        winning = [max(r.scores) for r in results]
        print(f"all three on the {policy} hint, {len(results)} games (seed {args.seed}): mean length "
              f"{statistics.fmean(r.turns for r in results):.2f} turns, mean winning score "
              f"{statistics.fmean(winning):.2f}, mean score {statistics.fmean(s for r in results for s in r.scores):.2f} "
              f"({time.time() - start:.0f} s)")


def last_turns_command(args: argparse.Namespace) -> None:
    """The best move by the table hint against the best by scoring every legal use of the roll."""
    spec = load_spec()
    hinter = table_hinter_for(spec)
    same = {WIN: 0, SCORE: 0}
    positions = last_turn_positions(spec, args.positions, args.seed)
    for position in positions:
        for objective in (WIN, SCORE):
            ranking = hinter.rank(position.me, list(position.others), position.roll, objective)
            truth = {sheet: (value, mine, rain) for value, mine, rain, sheet in last_turn_truth(spec, position, objective)}
            found = truth[apply(spec, position.me.sheet, ranking.moves[0].move)]
            same[objective] += ranking.exact and found == max(truth.values())
    for objective, count in same.items():
        print(f"last turns, --objective {objective}: the hint's best move is the best found by scoring every legal use "
              f"of the roll in {count} of {len(positions)} positions (seed {args.seed}), every one exact")


def time_command(args: argparse.Namespace) -> None:
    spec = load_spec()
    positions = positions_at(spec, args.positions, args.seed)
    hinter = table_hinter_for(spec)
    hinter.rank(positions[0].me, list(positions[0].others), positions[0].roll, WIN, futures=200)  # tables built
    session = []
    for p in positions:
        start = time.perf_counter()
        hinter.rank(p.me, list(p.others), p.roll, WIN, top=5)
        session.append(time.perf_counter() - start)
    print(f"table hint in a session (3 players, {len(positions)} positions, seed {args.seed}, --top 5): "
          f"{percentiles(session)}, max {max(session) * 1000:.0f} ms")
    whole = []
    tajkit = Path(sys.executable).parent / "tajkit"
    with tempfile.TemporaryDirectory() as folder:
        for k, p in enumerate(positions[: args.whole]):
            path = Path(folder) / f"table{k}.toml"
            players = tuple(Player(s.name, s.sheet, s.age) for s in (p.me, *p.others))
            path.write_bytes(tomli_w.dumps(artisans_files.to_data(spec, players)).encode())
            start = time.perf_counter()
            subprocess.run([str(tajkit), "hint", "artisans", str(path), "--player", p.me.name, "--roll",
                            str(p.roll[0]), str(p.roll[1])], check=True, capture_output=True)
            whole.append(time.perf_counter() - start)
    print(f"whole `tajkit hint artisans FILE` processes ({len(whole)} of those positions): {percentiles(whole)}, "
          f"max {max(whole) * 1000:.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    for name in ("games", "lengths"):
        p = sub.add_parser(name)
        p.add_argument("--games", type=int, default=60)
        p.add_argument("--table-futures", type=int, default=20_000, help="the table hint's budget (its default)")
        p.add_argument("--solitaire-futures", type=int, default=20_000, help="the solitaire hint's budget (its default)")
        p.add_argument("--processes", type=int, default=2)
        p.add_argument("--out", type=Path, help="append each game here (JSON lines); a run resumes from it")
    p = sub.add_parser("last-turns")
    p.add_argument("--positions", type=int, default=200)
    p = sub.add_parser("time")
    p.add_argument("--positions", type=int, default=40)
    p.add_argument("--whole", type=int, default=12)
    for p in sub.choices.values():
        p.add_argument("--seed", type=int, default=4101)
    args = parser.parse_args()
    {"games": games_command, "lengths": lengths_command, "last-turns": last_turns_command, "time": time_command}[
        args.command](args)


if __name__ == "__main__":
    main()
