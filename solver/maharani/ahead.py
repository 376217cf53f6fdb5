"""The hint that looks ahead: which turn leaves the player best placed once the opponents have
replied, not which pays most now.

A turn is valued by flat Monte Carlo over what nobody knows yet, the tiles drawn from the bag:

1. every legal turn (the exact enumeration's, :func:`.hint.turns_played`) is ranked by what it
   banks: its gold plus what its new workers add to the quarter payout (each quarter is scored once,
   when it fills or at the end: Egy negyed kiértékelése, A játék vége, so every worker on the board
   is paid by the quarter table for the workers of its colour there);
2. the best few (``CANDIDATES``, or ``top`` if more) are each played on the same sampled futures:
   the bag shuffled by the seed, the turn played by :func:`.rules.play` taking its refill from that
   order, then every opponent in turn order playing the exact hint's best-gold turn (today's hint),
   the draws again from the order;
3. a future ends when the turn comes back to the player (or the game ends) and is worth the
   player's *banked* gold minus the best opponent's: gold plus the quarter table for the workers on
   the board. The turn's value is that margin's mean over the futures.

Every rule comes from :mod:`.rules` (the turns are played by it); the look-ahead only chooses. The
answer depends on the seed and the budget (``playouts``, the futures in all) alone; the time limit
is a safety cap, checked between rounds of futures, and the report says when it cut.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass

from tajkit.solver.maharani import hint, notation
from tajkit.solver.maharani.rules import (
    SECOND_TILE_COST,
    Placed,
    Position,
    Tile,
    Turn,
    TurnResult,
    bag,
    crew,
    crews_of,
    game_over,
    outcome,
    placements,
    play,
)
from tajkit.solver.maharani.spec import Spec

PLAYOUTS = 20  # the default budget: futures sampled in all, shared among the candidate turns
CANDIDATES = 5  # turns looked ahead at (more when more are listed)
REPLY_FIRSTS = 30  # the most first tiles an opponent's reply in a future weighs second tiles after
TIME_CAP = 10.0  # seconds: the safety cap


# --- what a position is worth --------------------------------------------------------------------


def workers_in(spec: Spec, pos: Position, code: int, quarter: int) -> int:
    return sum(1 for s in spec.quarter_spaces[quarter] if pos.worker[s] == code)


def banked(spec: Spec, pos: Position, player: int) -> int:
    """The player's gold plus what the quarter table pays their workers on the board now."""
    paid = 0
    for code in crews_of(spec, pos.players, player):
        counts = Counter(spec.spaces[s].quarter for s, c in enumerate(pos.worker) if c == code)
        paid += sum(spec.quarter_gold_for(n) for n in counts.values())
    return pos.gold[player] + paid


def banked_margin(spec: Spec, pos: Position, player: int) -> int:
    mine = banked(spec, pos, player)
    return mine - max(banked(spec, pos, k) for k in range(pos.players) if k != player)


def worker_gain(spec: Spec, before: Position, done: Placed) -> int:
    """What a placement's new worker adds to the quarter payout of its colour (a moved worker stays
    in its quarter: it adds nothing)."""
    w = done.placement.worker
    if w is None or w.kind != "new":
        return 0
    n = workers_in(spec, before, crew(before.to_move, w.colour), done.quarter)
    return spec.quarter_gold_for(n + 1) - spec.quarter_gold_for(n)


# --- the candidates --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Candidate:
    turn: Turn
    banks: int  # gold this turn (before quarter scorings) plus the workers' quarter-payout gain
    text: str


def candidates(spec: Spec, pos: Position, count: int, max_tiles: int = 2) -> list[Candidate]:
    """The ``count`` legal choices that bank the most (two tiles in either order once); ties by
    fewer tiles, then by notation."""
    side = pos.sides[pos.to_move]
    best: dict[tuple, tuple[int, Turn]] = {(): (0, Turn())}
    for turn, _, steps in hint.turns_played(spec, pos, max_tiles):
        value = sum(done.area + done.group + worker_gain(spec, before, done) for before, done in steps)
        value -= SECOND_TILE_COST * (len(steps) - 1)
        key = hint.choice_key(turn, side)
        if key not in best or value > best[key][0]:
            best[key] = (value, turn)
    ranked = sorted(
        (Candidate(turn, value, notation.format_turn(spec, turn, pos.players)) for value, turn in best.values()),
        key=lambda c: (-c.banks, len(c.turn.placements), c.text),
    )
    return ranked[:count]


# --- the futures ---------------------------------------------------------------------------------------


def sampled_order(spec: Spec, pos: Position, seed: int, future: int) -> tuple[Tile, ...]:
    """Future ``future``'s bag, shuffled: the same for every candidate (a turn moves tiles from the
    rondel to the board, never out of the bag), so they are compared on the same draws."""
    tiles = [t for t, n in sorted(bag(spec, pos).items()) for _ in range(n)]
    random.Random(f"maharani ahead {seed} {future}").shuffle(tiles)
    return tuple(tiles)


def greedy_turn(spec: Spec, pos: Position) -> Turn:
    """Today's hint: the turn worth the most gold now; among one-tile turns and the refresh alone
    when the player has more than ``REPLY_FIRSTS`` first tiles to choose from (the pairs grow as
    their square: an open board's reply would cost the look-ahead most of its time)."""
    firsts = sum(1 for _ in placements(spec, pos, distinct=True))
    tiles = 2 if firsts <= REPLY_FIRSTS else 1
    return hint.enumerate_best(spec, pos, "gold", top=1, max_tiles=tiles).best[0].turn


@dataclass(frozen=True)
class Future:
    margin: int  # the player's banked gold minus the best opponent's when the turn comes back
    reply: int  # the gold the opponents earned meanwhile


def play_future(spec: Spec, pos: Position, turn: Turn, order: tuple[Tile, ...]) -> Future:
    """The turn, then the opponents' greedy turns, the draws from ``order``."""
    player = pos.to_move
    result = play(spec, pos, Turn(turn.placements, order), exact_draws=False)
    left = order[len(result.took):]
    now, reply = result.after, 0
    while now.to_move != player and game_over(spec, now) is None:
        answer = play(spec, now, Turn(greedy_turn(spec, now).placements, left), exact_draws=False)
        left = left[len(answer.took):]
        reply += answer.gold[answer.player]
        now = answer.after
    return Future(banked_margin(spec, now, player), reply)


# --- the answer ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Valued:
    turn: Turn
    result: TurnResult  # the turn with nothing drawn: its exact gold this turn (today's hint's)
    banks: int
    margins: tuple[int, ...]  # one per future
    replies: tuple[int, ...]

    @property
    def value(self) -> float:
        return sum(self.margins) / len(self.margins)

    @property
    def reply(self) -> float:
        return sum(self.replies) / len(self.replies)


@dataclass(frozen=True)
class Lookahead:
    best: tuple[Valued, ...]  # ranked, best first
    legal: int  # the legal choices (two tiles in either order once)
    looked_at: int  # the candidates played out
    futures: int  # futures each candidate was played in
    budget: int
    seed: int
    cut: bool  # the time cap stopped it before the budget
    seconds: float


def look_ahead(spec: Spec, pos: Position, playouts: int = PLAYOUTS, seed: int = 0, top: int = 5,
               time_cap: float = TIME_CAP, max_tiles: int = 2) -> Lookahead:
    """The ``top`` best turns for the player to move, by their mean margin over the futures."""
    started = time.perf_counter()
    pool = candidates(spec, pos, 10**9, max_tiles)
    legal = len(pool)
    chosen = pool[: max(top, CANDIDATES)]
    rounds = max(1, playouts // len(chosen))
    margins: list[list[int]] = [[] for _ in chosen]
    replies: list[list[int]] = [[] for _ in chosen]
    cut = False
    for future in range(rounds):
        if future and time.perf_counter() - started > time_cap:
            cut = True
            break
        order = sampled_order(spec, pos, seed, future)
        for k, c in enumerate(chosen):
            played = play_future(spec, pos, c.turn, order)
            margins[k].append(played.margin)
            replies[k].append(played.reply)
    valued = [
        Valued(c.turn, outcome(spec, pos, c.turn, check=False), c.banks, tuple(m), tuple(r))
        for c, m, r in zip(chosen, margins, replies)
    ]
    valued.sort(key=lambda v: -v.value)  # stable: equal values keep the candidates' order
    return Lookahead(tuple(valued[:top]), legal, len(chosen), len(margins[0]), playouts, seed, cut,
                     time.perf_counter() - started)
