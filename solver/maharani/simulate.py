"""``tajkit simulate maharani``: whole games from the setup, policies by seat, the bag's order seeded
per game, each game played once per seating so that every policy plays every seat on the same
draws (Előkészületek: all 60 tiles in the bag, four drawn onto the rondel; every refill is taken
from that order by :func:`.rules.play`).

Statistics are per game (a deal of the bag): a policy's gold, margin (its gold minus the best other
player's) and win share (1 for the most gold, 1/k when k players share it: the rulebook names no
tie-break) averaged over its seats in every seating of that deal; the means over the deals with
a 95 % interval (1.96 standard errors: the deals are independent, the seatings of one are not).
"""

from __future__ import annotations

import math
import os
import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tajkit.solver.errors import BadInput
from tajkit.solver.game import Report
from tajkit.solver.maharani import ahead, hint, samples
from tajkit.solver.maharani.rules import Position, Turn, game_over, new_game, play
from tajkit.solver.maharani.spec import Spec

POLICIES = ("ahead", "greedy", "margin", "random")
POLICY_HELP = ("ahead: the hint that looks ahead; greedy: the turn worth the most gold now (the exact hint, "
               "--objective gold); margin: the best margin right after the turn (--objective margin); random: "
               "any legal turn")
MAX_TURNS = 400  # a game that has not ended by then is a bug in the rules


def seatings(policies: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """The policies by seat (the last one fills the seats left), and every rotation of them: each
    policy sits in every seat once."""
    if not policies:
        policies = ("ahead", "greedy")
    if len(policies) > players:
        raise BadInput(f"--policy given {len(policies)} times: a {players}-player game has {players} seats "
                       "(one --policy per seat; the last one fills the seats left)")
    seats = (*policies, *[policies[-1]] * (players - len(policies)))
    return [seats[k:] + seats[:k] for k in range(players)]


def deal(spec: Spec, seed: int, game: int) -> list:
    """Game ``game``'s bag, shuffled (the same for every seating and every policy)."""
    return samples.shuffled_bag(spec, random.Random(f"maharani deal {seed} {game}"))


def choose(spec: Spec, name: str, pos: Position, rng: random.Random, playouts: int) -> Turn:
    if name == "ahead":
        return ahead.look_ahead(spec, pos, playouts=playouts, seed=rng.randrange(2**31), top=1).best[0].turn
    if name in ("greedy", "margin"):
        return hint.enumerate_best(spec, pos, "gold" if name == "greedy" else name, top=1).best[0].turn
    return samples.random_turn(spec, pos, rng)


@dataclass(frozen=True)
class Played:
    seats: tuple[str, ...]
    gold: tuple[int, ...]
    turns: int


def play_game(spec: Spec, seats: tuple[str, ...], seed: int, game: int, playouts: int) -> Played:
    """One game from the setup: the first four tiles of the deal on the rondel, then each player's
    policy in turn, every refill from the deal. Seeded by (seed, game, seating) alone."""
    order = deal(spec, seed, game)
    pos = new_game(spec, len(seats), tuple(order[:4]))
    left = tuple(order[4:])
    rng = random.Random(f"maharani policies {seed} {game} {' '.join(seats)}")
    turns = 0
    while game_over(spec, pos) is None:
        if turns >= MAX_TURNS:
            raise AssertionError(f"maharani: no end after {MAX_TURNS} turns (seed {seed}, game {game})")
        turn = choose(spec, seats[pos.to_move], pos, rng, playouts)
        result = play(spec, pos, Turn(turn.placements, left), exact_draws=False)
        left = left[len(result.took):]
        pos = result.after
        turns += 1
    return Played(seats, pos.gold, turns)


def play_deal(spec: Spec, policies: tuple[str, ...], players: int, seed: int, game: int, playouts: int) -> tuple[Played, ...]:
    return tuple(play_game(spec, seats, seed, game, playouts) for seats in seatings(policies, players))


# --- statistics ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Mean:
    mean: float
    low: float
    high: float

    def as_json(self, digits: int = 3) -> dict[str, Any]:
        return {"mean": round(self.mean, digits), "ci95": [round(self.low, digits), round(self.high, digits)]}


def mean_interval(values: Sequence[float]) -> Mean:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return Mean(mean, mean - half, mean + half)


def shares(gold: tuple[int, ...]) -> list[float]:
    top = max(gold)
    winners = gold.count(top)
    return [1 / winners if g == top else 0.0 for g in gold]


def per_deal(games: tuple[Played, ...], name: str) -> tuple[float, float, float]:
    """The policy's mean gold, margin and win share over its seats in one deal's games."""
    gold, margin, won = [], [], []
    for g in games:
        win = shares(g.gold)
        for seat, who in enumerate(g.seats):
            if who == name:
                gold.append(g.gold[seat])
                margin.append(g.gold[seat] - max(x for k, x in enumerate(g.gold) if k != seat))
                won.append(win[seat])
    return statistics.fmean(gold), statistics.fmean(margin), statistics.fmean(won)


@dataclass(frozen=True)
class PolicyFigures:
    name: str
    seats: int  # seats it holds in each seating
    gold: Mean
    margin: Mean
    wins: Mean


def figures(deals: list[tuple[Played, ...]], names: Sequence[str]) -> list[PolicyFigures]:
    out = []
    seats = deals[0][0].seats
    for name in dict.fromkeys(names):
        rows = [per_deal(games, name) for games in deals]
        out.append(PolicyFigures(name, seats.count(name), *(mean_interval([r[k] for r in rows]) for k in range(3))))
    return out


# --- the run -------------------------------------------------------------------------------------------


def simulate(spec: Spec, policies: tuple[str, ...], players: int, games: int, seed: int, playouts: int,
             processes: int | None = None, progress: Callable[[str, int, int], None] | None = None) -> list[tuple[Played, ...]]:
    """Every deal played in every seating, deals spread over ``processes`` worker processes (default:
    every core); ``progress("games", done, total)`` after each deal."""
    workers = min(processes or os.cpu_count() or 1, games)
    if progress:
        progress("games", 0, games)
    if workers <= 1:
        out = []
        for g in range(games):
            out.append(play_deal(spec, policies, players, seed, g, playouts))
            if progress:
                progress("games", g + 1, games)
        return out
    from concurrent.futures import ProcessPoolExecutor, as_completed

    done: dict[int, tuple[Played, ...]] = {}
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = {pool.submit(play_deal, spec, policies, players, seed, g, playouts): g for g in range(games)}
        for future in as_completed(futures):
            done[futures[future]] = future.result()
            if progress:
                progress("games", len(done), games)
    return [done[g] for g in range(games)]


def run(spec: Spec, data: None, policy: list[str], players: int, games: int, seed: int, playouts: int,
        processes: int | None, progress: Any = None) -> Report:
    if not spec.min_players <= players <= spec.max_players:
        raise BadInput(f"--players {players}: Maharani is for {spec.min_players}-{spec.max_players} players")
    order = seatings(tuple(policy or ()), players)
    deals = simulate(spec, order[0], players, games, seed, playouts, processes, progress)
    table = figures(deals, order[0])
    return Report(_text(table, order, games, seed, playouts), _json(table, order, deals, games, seed, playouts, players))


def _text(table: list[PolicyFigures], order: list[tuple[str, ...]], games: int, seed: int, playouts: int) -> str:
    players = len(order[0])
    plays = games * len(order)
    lines = [
        f"Maharani, {players} players: {games} deal{'s' if games != 1 else ''} of the bag (seed {seed}), each played "
        f"in {len(order)} seatings ({plays} games): every policy in every seat on the same draws",
        f"seats: {', '.join(order[0])}" + (f"; ahead looks at {playouts} futures a turn" if "ahead" in order[0] else ""),
        f"{'policy':<8} {'wins':>6}  {'95% CI':<16} {'gold':>6}  {'95% CI':<16} {'margin':>7}  95% CI",
    ]
    for f in table:
        lines.append(
            f"{f.name:<8} {f.wins.mean:>6.3f}  {_ci(f.wins, 3):<16} {f.gold.mean:>6.1f}  {_ci(f.gold, 1):<16} "
            f"{f.margin.mean:>+7.1f}  {_ci(f.margin, 1, sign=True)}"
        )
    lines.append(f"wins: the share of games won a seat (ties shared); an even share is {1 / players:.3f}")
    return "\n".join(lines)


def _ci(m: Mean, digits: int, sign: bool = False) -> str:
    form = f"{'+' if sign else ''}.{digits}f"
    return f"[{m.low:{form}}, {m.high:{form}}]"


def _json(table: list[PolicyFigures], order: list[tuple[str, ...]], deals: list[tuple[Played, ...]], games: int,
          seed: int, playouts: int, players: int) -> dict[str, Any]:
    return {
        "game": "maharani",
        "players": players,
        "deals": games,
        "games": games * len(order),
        "seed": seed,
        "playouts": playouts,
        "seats": list(order[0]),
        "policies": {
            f.name: {"seats": f.seats, "wins": f.wins.as_json(), "gold": f.gold.as_json(2), "margin": f.margin.as_json(2)}
            for f in table
        },
        "mean_turns": round(statistics.fmean(g.turns for games in deals for g in games), 2),
    }
