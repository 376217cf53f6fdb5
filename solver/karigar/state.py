"""Karigar-e-Taj's game state and actions as the rules protocol (``protocol.py``) holds them:
immutable values, so a session keeps every state of a game. The phases of a turn name what the
state waits for: ``TURN`` the free actions and the main action's moves, ``ACT`` what is done on
each space stood on, ``AFTER`` the free actions after it, ``REVEAL`` the screens shown at the end,
``OVER`` the game ended."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Union

from tajkit.solver.karigar.rules import Act, Card, Offer

MOST_POINTS = 99  # the scorer's bound on a card's Taj points (files.Points)
TURN, ACT, AFTER, REVEAL, OVER = "turn", "act", "after", "reveal", "over"


@dataclass(frozen=True)
class Seat:
    """One player: what the table sees, and what is behind the screen as far as it is known."""

    name: str
    workers: tuple[int, ...]  # each worker's space index (SUPPLY when not in the Bazaar), sorted
    elephant: Optional[int]
    holding: tuple[int, ...]
    sections: tuple[int, ...] = ()
    tokens: tuple[int, ...] = ()
    alliances: tuple[Offer, ...] = ()
    bakshish: tuple[Optional[int], ...] = ()  # the cards held: their points, None where hidden
    blueprint: Optional[tuple[int, ...]] = None  # the Blueprint's sections (full information)
    bonus: Optional[int] = None  # the Blueprint's bonus (full information)
    shown: tuple[int, ...] = ()  # at the end: blueprint points, bonus, then each Bakshish card's points


@dataclass(frozen=True)
class Main:
    """The main action under way: the units still to move and what they did."""

    left: tuple[int, ...]  # origins of the workers still to move (sorted)
    moved: tuple[tuple[int, int], ...] = ()  # (origin, destination) of each worker moved
    elephant_from: Optional[int] = None  # the Elephant's space while it has still to move
    elephant_to: Optional[int] = None
    hire: Optional[int] = None  # the price paid, when hired this turn
    acts: tuple[Act, ...] = ()
    discards: tuple[Offer, ...] = ()  # Alliance cards given up for the ones bought


@dataclass(frozen=True)
class KarigarState:
    seats: tuple[Seat, ...]
    cards: tuple[Card, ...]  # the Bazaar card lying on each grid place, in spec.cards order
    pile: tuple[Card, ...]  # the Bazaar draw pile (order unknown)
    offers: tuple[Optional[Offer], ...]  # the Alliance card on each Alliance slot
    alliance_pile: tuple[Offer, ...]
    tiles: tuple[tuple[int, ...], ...]  # each level's Level tile: one section's cost
    stacks: tuple[tuple[int, ...], ...]  # each level's Taj point tokens left, top first
    bakshish_pile: tuple[Optional[int], ...]  # the Bakshish deck, top first (None: not known)
    token_stacks: tuple[tuple[int, ...], ...]  # the Taj point tokens as stacked at the setup
    built: tuple[int, ...] = ()
    seat: int = 0  # whose turn it is (or who shows at the end)
    phase: str = TURN
    main: Optional[Main] = None
    built_now: bool = False
    draws: tuple[tuple[str, int], ...] = ()  # chance to come: ("bazaar", card) / ("alliance", space)


# --- actions -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Build:
    section: int


@dataclass(frozen=True)
class Hire:
    price: int  # index into spec.hire
    space: int


@dataclass(frozen=True)
class Go:
    origins: tuple[int, ...]  # sorted; SUPPLY for a worker entering
    space: int


@dataclass(frozen=True)
class Ride:
    space: int


@dataclass(frozen=True)
class Pass:
    pass


@dataclass(frozen=True)
class Do:
    act: Act
    discard: Optional[Offer] = None


@dataclass(frozen=True)
class End:
    pass


@dataclass(frozen=True)
class Draw:
    card: Union[Card, Offer]


@dataclass(frozen=True)
class Show:
    what: str  # blueprint / bonus / bakshish
    points: int


Action = Union[Build, Hire, Go, Ride, Pass, Do, End, Draw, Show]
