"""Random Maharani games played by the rules engine, with their records: for tests (a record
replayed must give the same game), the protocol's random setup and the benchmark's mid-game
positions. Deterministic for a seed. (``tajkit simulate maharani`` is :mod:`.simulate`.)"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tajkit.solver.maharani.rules import (
    Position,
    Tile,
    Turn,
    TurnResult,
    game_over,
    new_game,
    place,
    placements,
    play,
)
from tajkit.solver.maharani.spec import Spec


@dataclass(frozen=True)
class Game:
    start: Position
    turns: tuple[Turn, ...]  # as a record holds them: placements resolved, draws as taken
    results: tuple[TurnResult, ...]

    @property
    def end(self) -> Position:
        return self.results[-1].after if self.results else self.start


def shuffled_bag(spec: Spec, rng: random.Random) -> list[Tile]:
    tiles = [(c, k) for c in range(len(spec.colours)) for k, kind in enumerate(spec.kinds) for _ in range(kind.per_colour)]
    rng.shuffle(tiles)
    return tiles


def random_turn(spec: Spec, pos: Position, rng: random.Random, two_tiles: float = 0.35) -> Turn:
    """A random legal turn: a random placement, sometimes a random second one after it, and a
    refresh when nothing can be placed or now and then when markers are down."""
    firsts = list(placements(spec, pos))
    if not firsts or (pos.down[pos.to_move] and rng.random() < 0.15):
        return Turn()
    first = rng.choice(firsts)
    if rng.random() < two_tiles:
        after, _ = place(spec, pos, first, check=False)
        seconds = list(placements(spec, after))
        if seconds:
            return Turn((first, rng.choice(seconds)))
    return Turn((first,))


def greedy_turn(spec: Spec, pos: Position, rng: random.Random, greed: float) -> Turn:
    """The turn worth the most gold now (the hint's answer), or with chance ``1 - greed`` a random one."""
    from tajkit.solver.maharani.hint import enumerate_best

    if rng.random() >= greed:
        return random_turn(spec, pos, rng)
    return enumerate_best(spec, pos, "gold", top=1).best[0].turn


def random_game(
    spec: Spec, players: int, seed: int, max_turns: int = 400, stop_after: int | None = None, greed: float = 0.0
) -> Game:
    """A whole game (or its first ``stop_after`` turns): random legal turns, or with ``greed`` > 0
    players who mostly take the turn worth the most gold now."""
    rng = random.Random(seed)
    order = shuffled_bag(spec, rng)
    pos = new_game(spec, players, tuple(order[:4]))
    order = order[4:]
    start = pos
    turns: list[Turn] = []
    results: list[TurnResult] = []
    while game_over(spec, pos) is None and len(turns) < min(max_turns, stop_after if stop_after is not None else max_turns):
        turn = greedy_turn(spec, pos, rng, greed) if greed else random_turn(spec, pos, rng)
        result = play(spec, pos, Turn(turn.placements, tuple(order)), exact_draws=False)
        order = order[len(result.took):]
        turns.append(Turn(tuple(p.placement for p in result.placed), result.took if result.took else None))
        results.append(result)
        pos = result.after
    return Game(start, tuple(turns), tuple(results))
