"""The Bazaar of Karigar-e-Taj as the rules model sees it for the player to act: its spaces as the
cards and Alliance offers lie, where each space reaches (rulebook: 1.2 Movement of Workers), the
spaces free to enter, and what a group of units may do there within what the turn may still pay.
``protocol.py`` asks these for the legal moves and acts."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Optional

from tajkit.solver.karigar.rules import SUPPLY, Act, Board, Card, Offer, Space, current_level, lay_out
from tajkit.solver.karigar.spec import Spec
from tajkit.solver.karigar.state import KarigarState, Main


def spaces_of(spec: Spec, cards: tuple[Card, ...], offers: tuple[Optional[Offer], ...]) -> tuple[Space, ...]:
    return lay_out(spec, dict(zip(spec.cards, cards)), {n: o for n, o in zip(alliance_names(spec), offers) if o is not None})


@cache
def alliance_slots(spec: Spec) -> tuple[int, ...]:
    """The space index of each Alliance slot, in grid order (``lay_out``: two spaces per Bazaar card)."""
    out, i = [], 0
    for slot in spec.slots:
        if slot.kind == "alliance":
            out.append(i)
        i += 2 if slot.kind == "card" else 1
    return tuple(out)


def alliance_names(spec: Spec) -> tuple[str, ...]:
    return tuple(slot.name for slot in spec.slots if slot.kind == "alliance")


def reach_of(spaces: tuple[Space, ...]) -> tuple[tuple[int, ...], ...]:
    """Where a unit on each space may go: along its row or its column (rulebook: 1.2 Movement of Workers)."""
    return tuple(tuple(j for j, b in enumerate(spaces) if j != i and (b.row == a.row or b.col == a.col)) for i, a in enumerate(spaces))


@dataclass(frozen=True)
class Ground:
    """The acting player's Board, with where each space reaches and the spaces free to enter, as sets."""

    board: Board
    reach: tuple[frozenset[int], ...]
    free: frozenset[int]  # standable: not another player's, not an empty Alliance slot


def ground_of(spec: Spec, state: KarigarState, spaces: tuple[Space, ...], moves: tuple[tuple[int, ...], ...],
            reach: tuple[frozenset[int], ...]) -> Ground:
    board = board_of(spec, state, spaces, moves)
    free = frozenset(d for d in range(len(board.spaces)) if board.standable(d))
    return Ground(board, reach, free)


def board_of(spec: Spec, state: KarigarState, spaces: tuple[Space, ...], moves: tuple[tuple[int, ...], ...]) -> Board:
    me = state.seat
    blocked = set()
    for k, s in enumerate(state.seats):
        if k != me:
            blocked |= {w for w in s.workers if w != SUPPLY}
            if s.elephant is not None:
                blocked.add(s.elephant)
    level = current_level(spec, state.built)
    return Board(
        spec=spec,
        spaces=spaces,
        blocked=frozenset(blocked),
        workers=len(state.seats[me].workers),
        elephants_unlocked=level - 1 >= spec.elephants_after,
        other_elephants=sum(s.elephant is not None for k, s in enumerate(state.seats) if k != me),
        needs=state.tiles[min(level, spec.level_count) - 1],
        moves=moves,
    )


# --- moving the units of a main action --------------------------------------------------------------


def minus(items: tuple[int, ...], taken: tuple[int, ...]) -> tuple[int, ...]:
    rest = list(items)
    for t in taken:
        rest.remove(t)
    return tuple(rest)


def used_by(main: Main) -> frozenset[int]:
    """The spaces this turn's units went to: another group of the player's may not join them."""
    return frozenset({d for _, d in main.moved} | ({main.elephant_to} if main.elephant_to is not None else set()))


def targets(ground: Ground, group: tuple[int, ...], used: frozenset[int]) -> list[int]:
    """The free spaces every worker of ``group`` can go to (rulebook: 1.2 Movement of Workers)."""
    allowed = ground.free - used
    for o in set(group):
        if o != SUPPLY:
            allowed = allowed & ground.reach[o]
    return sorted(allowed)


def group_fits(board: Board, d: int, workers: int, elephant: bool, budget: tuple[int, ...]) -> Optional[tuple[int, ...]]:
    """What is left to pay with once ``workers`` (or the Elephant) stand on ``d``; None when they may not."""
    spec = board.spec
    space = board.spaces[d]
    if space.yellow and not elephant and workers < spec.yellow_min_workers:
        return None  # rulebook: Earning Precious Resources: at least 2 workers
    if space.kind == "alliance":
        if not elephant and workers < sum(space.cost):
            return None  # rulebook: 1.4 Acquire an Alliance Card: one worker per resource paid
        if any(c > b for c, b in zip(space.cost, budget)):
            return None
        return tuple(b - c for b, c in zip(budget, space.cost))
    return budget


def completable(ground: Ground, left: tuple[int, ...], elephant: Optional[int], used: frozenset[int], budget: tuple[int, ...]) -> bool:
    """Can the units still to move all reach spaces where they may stand? (So a move offered never
    leads to a turn that cannot be finished.)"""
    board = ground.board
    if not left:
        if elephant is None:
            return True
        return any(group_fits(board, d, 0, True, budget) is not None for d in (ground.reach[elephant] & ground.free) - used)
    first, rest = left[0], left[1:]
    for k in range(len(rest) + 1):
        for others in set(combinations(rest, k)):
            group = (first,) + others
            for d in targets(ground, group, used):
                after = group_fits(board, d, len(group), False, budget)
                if after is not None and completable(ground, minus(rest, others), elephant, used | {d}, after):
                    return True
    return False


def destinations(workers: tuple[int, ...], moved: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    """Each worker's destination, in the order of ``workers``."""
    todo = list(moved)
    out = []
    for w in workers:
        k = next(j for j, (o, _) in enumerate(todo) if o == w)
        out.append(todo.pop(k)[1])
    return tuple(out)


def bought(board: Board, main: Main) -> list[Offer]:
    slots = [a.space for a in main.acts if a.buy]
    return [Offer(board.spaces[i].cost, board.spaces[i].points) for i in slots]


def act_pay(spec: Spec, space: Space, act: Act) -> tuple[int, ...]:
    pay = [0] * len(spec.ids)
    for o in act.use:
        for k, n in enumerate(space.options[o].give):
            pay[k] += n
    for k, n in enumerate(act.sell):
        pay[k] += n
    return tuple(pay)
