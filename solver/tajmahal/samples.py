"""Random hint positions (rounds in progress, as ``tajkit hint`` reads them), reached by legal moves
through the rules model: the hint's cross-checks and its benchmark draw from the same source."""

from __future__ import annotations

import random
from typing import Any

from tajkit.solver.tajmahal.rules import Card, Play, Round, Withdraw
from tajkit.solver.tajmahal.spec import GAME_ID, SYMBOLS, Spec

NAMES = ("Asha", "Ben", "Chen", "Devi")
WEIGHTS = (4, 2, 2, 1, 1, 2)  # elephants most often, advisors least: a guess, for variety only


def random_hint_position(spec: Spec, rng: random.Random, max_hand: int = 7, max_turns: int = 9) -> tuple[dict[str, Any], str]:
    """A position file (as ``tajkit hint`` reads it) of a round reached by random legal moves, and
    the name of the player to move, who holds a random hand of up to ``max_hand`` cards."""
    names = NAMES[: rng.randint(spec.min_players, spec.max_players)]
    state = Round.start(rng.randint(1, spec.provinces), names)
    displays: list[list[list[str]]] = [[] for _ in names]
    turn = rng.randrange(len(names))
    for _ in range(rng.randint(0, max_turns)):
        if rng.random() < 0.2 and sum(not w for w in state.withdrawn) > 1:
            state, _ = state.apply(spec, turn, Withdraw())
        else:
            cards = [rng.choices(SYMBOLS, k=rng.randint(1, 2)) for _ in range(rng.randint(1, spec.per_turn))]
            displays[turn] += cards
            state, _ = state.apply(spec, turn, Play(tuple(Card(tuple(c)) for c in cards)))
        turn = state.to_move if state.to_move is not None else turn  # never None: one player always stays in
    size = rng.randint(0, min(max_hand, spec.deck - len(displays[turn])))
    hand = [rng.choices(SYMBOLS, weights=WEIGHTS, k=rng.randint(1, 2)) for _ in range(size)]
    palaces = sorted(rng.sample(range(1, state.province), k=min(state.province - 1, rng.randint(0, 4))))
    players = [
        {"name": n, "display": displays[i], "withdrawn": state.withdrawn[i],
         **({"hand": hand, "palaces": palaces} if i == turn else {})}
        for i, n in enumerate(names)
    ]
    unclaimed = [c for c, who in zip(SYMBOLS, state.claimed) if who is None]
    data = {"game": GAME_ID, "province": state.province, "turn": names[turn], "unclaimed": unclaimed,
            "bonus_tile": rng.randint(0, 5), "players": players}
    return data, names[turn]
