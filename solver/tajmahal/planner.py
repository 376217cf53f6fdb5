"""Choosing cards from a hand to cover symbol majorities, with OR-Tools CP-SAT.

The card choice (:class:`CardChoice`): a hand (distinct cards, each with a number of copies), the
player's display, and per prize category the symbols the display must reach to hold it when
withdrawing (at least the category's fewest symbols and at least every other display: the
withdrawer wins ties). A plan chooses how many copies of each card to play (``x_t``); a category
is held when ``mine_c + sum_t symbols_tc * x_t >= need_c``. CP-SAT answers three questions on it:
the most points for at most k cards (minus a cost per card), and the fewest cards that hold a
required set.

Every solve runs on one worker with a fixed seed (the models have a few dozen variables: one worker
proves them in milliseconds, and a single worker is deterministic), a deterministic-time cap, and
a wall-clock cap as a safety net only; the status is checked every time and each answer says
whether it is proven optimal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tajkit.solver import cpsat
from tajkit.solver.errors import SolverFailure
from tajkit.solver.tajmahal.rules import Card, Counts
from tajkit.solver.tajmahal.spec import SYMBOLS

SCALE = 100  # points are compared in hundredths, so a card cost of 0.25 is exact
DETERMINISTIC_CAP = 5.0  # CP-SAT's deterministic time units; these models need a tiny fraction
WALL_CAP = 5.0  # seconds, a safety net only


@dataclass(frozen=True)
class CardChoice:
    """What the player chooses cards from, and what each category needs (see the module's text)."""

    kinds: tuple[Card, ...]  # the distinct cards in the hand
    copies: tuple[int, ...]  # how many of each
    mine: Counts  # the player's display
    need: tuple[int | None, ...]  # per category: symbols to hold it, or None when it cannot be held (taken)
    values: tuple[int, ...]  # per category: points it is worth to the player

    @property
    def hand_size(self) -> int:
        return sum(self.copies)

    def held(self, counts: Counts) -> tuple[bool, ...]:
        return tuple(n is not None and c >= n for c, n in zip(counts, self.need))

    def counts(self, plan: tuple[int, ...]) -> Counts:
        out = list(self.mine)
        for card, x in zip(self.kinds, plan):
            for k, s in enumerate(card.counts):
                out[k] += s * x
        return tuple(out)

    def value(self, plan: tuple[int, ...]) -> int:
        return sum(v for v, h in zip(self.values, self.held(self.counts(plan))) if h)


@dataclass(frozen=True)
class Plan:
    copies: tuple[int, ...]  # per kind of card, how many to play
    cards: tuple[Card, ...]
    value: int  # points of the categories held
    optimal: bool  # proven optimal by CP-SAT (else the best found within the cap)

    @property
    def size(self) -> int:
        return len(self.cards)


def best(choice: CardChoice, max_cards: int, card_cost: float = 0.0, exclude: tuple[tuple[int, ...], ...] = (),
         ) -> Plan | None:
    """The plan of at most ``max_cards`` cards with the most points minus ``card_cost`` a card
    (fewest cards among equals); None when every plan is excluded."""
    return _solve(choice, max_cards, required=(), card_cost=card_cost, fewest=False, exclude=exclude)


def fewest(choice: CardChoice, required: tuple[int, ...], max_cards: int | None = None) -> Plan | None:
    """The fewest cards holding every category in ``required`` (most points among equals), or None
    when the hand cannot."""
    if any(choice.need[k] is None for k in required):
        return None
    limit = choice.hand_size if max_cards is None else max_cards
    return _solve(choice, limit, required=required, card_cost=0.0, fewest=True, exclude=())


def _solve(choice: CardChoice, max_cards: int, required: tuple[int, ...], card_cost: float, fewest: bool,
           exclude: tuple[tuple[int, ...], ...]) -> Plan | None:
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    x = [model.new_int_var(0, n, f"x{t}") for t, n in enumerate(choice.copies)]
    played = sum(x)
    model.add(played <= max_cards)
    held: dict[int, Any] = {}  # category -> "the display holds it" (a literal)
    for k, need in enumerate(choice.need):
        if need is None:
            continue
        w = model.new_bool_var(f"hold_{SYMBOLS[k]}")
        short = need - choice.mine[k]
        gained = sum(card.counts[k] * x[t] for t, card in enumerate(choice.kinds) if card.counts[k])
        if short > 0:
            model.add(gained >= short).only_enforce_if(w)
        held[k] = w
    for k in required:
        model.add(held[k] == 1)
    for n, plan in enumerate(exclude):
        _forbid(model, x, plan, n)
    value = sum(SCALE * choice.values[k] * w for k, w in held.items())
    cost = round(card_cost * SCALE)
    most = SCALE * sum(choice.values) + cost * choice.hand_size + 1  # larger than any value difference
    if fewest:
        model.minimize(played * most - value)
    else:
        model.maximize((value - cost * played) * (choice.hand_size + 1) - played)
    run = cpsat.solve(model, work=DETERMINISTIC_CAP, time_cap=WALL_CAP)
    if run.infeasible:
        return None
    if not run.found:
        raise SolverFailure(f"CP-SAT found no plan within its limits (status {run.status_name})")
    copies = tuple(int(run.solver.value(v)) for v in x)
    cards = tuple(card for card, n in zip(choice.kinds, copies) for _ in range(n))
    return Plan(copies, cards, choice.value(copies), run.optimal)


def _forbid(model: Any, x: list[Any], plan: tuple[int, ...], k: int) -> None:
    """Exclude one assignment (the ``k``-th) of the integer vector ``x``: some entry differs."""
    differs = []
    for t, (var, n) in enumerate(zip(x, plan)):
        below = model.new_bool_var(f"below{t}_{k}")
        above = model.new_bool_var(f"above{t}_{k}")
        model.add(var <= n - 1).only_enforce_if(below)
        model.add(var >= n + 1).only_enforce_if(above)
        differs += [below, above]
    model.add_bool_or(differs)
