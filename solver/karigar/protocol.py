"""Karigar-e-Taj's rules protocol (``solver/protocol.py``): the whole game, from the setup to the
scoring, on the rules model of ``rules.py`` (a turn in the Bazaar, the Taj levels), the state
files of ``files.py`` and the tally of ``scoring.py`` (the end). Rulebook sections are named by their headings in ``karigar-e-taj.txt``.

**A turn** (How to Play) is typed in steps, each a short event:

* free actions before the main action: ``build 5`` (a section of the level being built, when the
  Level tile's resources are held; one build a turn), ``hire 9R for 6 silver`` (after level 1: the
  Elephant is placed on a free space and acts there this turn);
* the main action, Acquire Resources: every worker (and the hired Elephant) moves (1.2 Movement of
  Workers), one step per destination: ``5L>7R``, ``5L+5L>7R`` (two workers together),
  ``supply+supply>3L`` (workers entering from the supply), ``elephant 7R>9L``; a step is offered
  only when the rest of the units can still complete a legal turn; ``pass`` only when no legal
  main action exists (a tajkit default: the rulebook does not say);
* then what is done on each space the player stands on, in the grid's order (a space with one
  possible act resolves by itself): ``5L take 1 gems+1 mortar``, ``5R 2 scaffolding>2 silver``,
  ``5R nothing``, ``T1 sell 1 wood``, ``T2 3 silver>1 gold``, ``A1 buy`` (``A1 buy, discard
  3pt for 2 marble`` when two Alliance cards are held already: 2. Using an Alliance Card);
* free actions after: ``build 5`` or ``end`` (the turn ends by itself when no build is possible).

The acts resolve as ``rules.apply`` says (payments from what was held when the turn began), so
the hint's planner and a played game are the same rules. After a build (Building the Taj Mahal):
the resources are paid, the top Taj point token is taken, one Bakshish card drawn (two and the
First Player Marker for a level's last section); *chance* then draws the Bazaar card that replaces
the built section's pair (Bazaar Change); a completed level recalls every worker and Elephant,
discards the Alliance cards on offer and *chance* draws new ones (Replenish Phase), unlocks the
Elephants after level 1 and a third worker after level 2, and the builder starts the new round.
The game ends the moment the last section is built (Game End); then each player, in seat order,
shows what was behind the screen: ``Asha blueprint 4``, ``Asha bonus 3``, ``Asha bakshish 2`` (one
per Bakshish card held), and :meth:`KarigarRules.standings` is ``scoring.score`` of that table.

**Chance** draws a Bazaar card from the draw pile and an Alliance card from the Alliance deck: the
rulebook does not list the cards, so the setup lists what the table's deck holds (``bazaar_deck``,
``alliance_deck``) and each card left is equally likely (the draw pile is shuffled).

**Hidden information**: the Blueprint card and the Bakshish cards are behind the screen. The state
counts the Bakshish cards each player holds; at the end a shown value is accepted from 0 to
:data:`MOST_POINTS` (the scorer's bound). A setup may carry them (``bakshish_deck``, the deck's
points top card first, and each player's ``blueprint_sections`` and ``blueprint_bonus``: full
information, as :meth:`random_setup` gives): then what is shown must be what was dealt.

**Not supported yet**, refused with ``IllegalMove`` naming them rather than mis-played: using an
Alliance card's ability (2. Using an Alliance Card) and playing a Bakshish card's favour during the
game (Free Actions c): the rulebook does not say what the cards do, and the record has no notation
for an effect; and AI players (Game Play with Ustad Cards), refused at the setup.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from itertools import combinations
from typing import Annotated, Any, Literal, Optional, Union

from pydantic import ConfigDict, Field, create_model

from tajkit.solver import statefile
from tajkit.solver import wording
from tajkit.solver.errors import BadInput, BadState, IllegalMove
from tajkit.solver.game import ScoreResult
from tajkit.solver.karigar import files, rules, samples, scoring
from tajkit.solver.karigar.spec import GAME_ID
from tajkit.solver.karigar.files import bag_model, card_model, card_of, card_shape_problems, offer_model
from tajkit.solver.karigar.rules import SUPPLY, Act, Board, Card, Offer, Position, Space, Turn, affords, current_level, lay_out
from tajkit.solver.karigar.spec import Spec, counts, describe, repeated
from tajkit.solver.protocol import CHANCE
from tajkit.solver.statefields import PlayerName

MOST_POINTS = 99  # the scorer's bound on a card's Taj points (files.Points)
TURN, ACT, AFTER, REVEAL, OVER = "turn", "act", "after", "reveal", "over"
BUILD_RULE = "rulebook: Building the Taj Mahal"
UNSUPPORTED = {
    "ability": "using an Alliance card's ability (rulebook: 2. Using an Alliance Card) is not supported yet: the rulebook "
    "does not say what the cards do",
    "favour": "playing a Bakshish card's favour during the game (rulebook: Free Actions c) is not supported yet: the rulebook "
    "does not say what the cards do; keep the card and show its Taj points at the end",
}
UNSUPPORTED_WORDS = {"ally": "ability", "ability": "ability", "alliance": "ability", "use": "ability",
                     "favour": "favour", "favor": "favour", "play": "favour"}


# --- states ------------------------------------------------------------------------------------------


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


# --- the setup ---------------------------------------------------------------------------------------


@cache
def setup_model(spec: Spec) -> Any:
    strict = ConfigDict(extra="forbid", strict=True)
    held = bag_model(spec, 99, "held")
    needed = bag_model(spec, 20, "needed")
    section = Annotated[int, Field(ge=1, le=spec.sections)]
    points = Annotated[int, Field(ge=0, le=MOST_POINTS)]
    player = create_model(
        "KarigarSeat",
        __config__=strict,
        name=(PlayerName, Field(description="the player's name, in seat order (clockwise from the first player)")),
        resources=(held, Field(default_factory=held, description="the Starting Resource card's resources")),
        ai=(bool, Field(default=False, description="an Ustad AI player (not supported yet)")),
        blueprint_sections=(Optional[list[section]], Field(default=None, max_length=spec.sections,
                                                           description="optional (full information): the Blueprint's sections")),
        blueprint_bonus=(Optional[points], Field(default=None, description="optional (full information): the Blueprint's bonus")),
    )
    return create_model(
        "KarigarSetup",
        __config__=strict,
        game=(Literal["karigar"], Field(description='always "karigar"')),
        players=(list[player], Field(min_length=spec.fewest_players, max_length=spec.most_players)),  # type: ignore[valid-type]
        level_tiles=(list[needed], Field(min_length=spec.level_count, max_length=spec.level_count,  # type: ignore[valid-type]
                                         description="each level's Level tile, level 1 first: what one section costs")),
        token_stacks=(list[list[points]], Field(min_length=spec.level_count, max_length=spec.level_count,
                                                description="each level's Taj point tokens, top first")),
        bazaar=(list[card_model(spec, True)], Field(description="the Bazaar cards as they lie")),  # type: ignore[misc]
        bazaar_deck=(list[card_model(spec, False)], Field(default=[], max_length=40,  # type: ignore[misc]
                                                          description="the Bazaar draw pile's cards")),
        alliances=(list[offer_model(spec, True)], Field(default=[], description="the Alliance cards on offer")),  # type: ignore[misc]
        alliance_deck=(list[offer_model(spec, False)], Field(default=[], max_length=20,  # type: ignore[misc]
                                                             description="the Alliance deck's cards")),
        bakshish_deck=(Optional[list[points]], Field(default=None, max_length=60,
                                                     description="optional (full information): the Bakshish deck's Taj points, top first")),
        bakshish_cards=(Annotated[int, Field(ge=0, le=60)], Field(default=34, description="how many Bakshish cards (Components: 34)")),
    )


def _setup_problems(spec: Spec, p: Any) -> list[str]:
    problems = []
    for name, times in repeated([s.name for s in p.players]):
        problems.append(f"players: the name {wording.show(name)} appears {times} times: each player needs their own name")
    for s in p.players:
        if s.ai:
            problems.append(f"players: {wording.shown(s.name, 30)} is an AI player: games with Ustad cards "
                            "(rulebook: Game Play with Ustad Cards) are not supported yet")
    numbers = [c.card for c in p.bazaar]
    if sorted(numbers) != sorted(spec.cards):
        problems.append(f"bazaar: give the {len(spec.cards)} Bazaar cards 1-{len(spec.cards)} as they lie, each once")
    for c in p.bazaar:
        problems += card_shape_problems(spec, f"bazaar card {c.card}", c)
    for k, c in enumerate(p.bazaar_deck):
        problems += card_shape_problems(spec, f"bazaar_deck[{k + 1}]", c)
    slots = [s.name for s in spec.slots if s.kind == "alliance"]
    for space, times in repeated([a.space for a in p.alliances]):
        problems.append(f"alliances: {times} cards on {space}: one card lies on each Alliance slot")
    for a in p.alliances:
        if a.space not in slots:
            problems.append(f"alliances: {a.space} is not an Alliance slot of the Bazaar grid ({', '.join(slots)})")
    for k, stack in enumerate(p.token_stacks):
        if len(stack) != spec.tokens_per_level or list(stack) != sorted(stack, reverse=True):
            problems.append(f"token_stacks level {k + 1} = {list(stack)}: {spec.tokens_per_level} tokens stacked in "
                            "descending order, highest on top (rulebook: Setting Up 4-5)")
    for k, tile in enumerate(p.level_tiles):
        if not any(counts(spec, tile.model_dump())):
            problems.append(f"level_tiles[{k + 1}]: give what one section of level {k + 1} costs (rulebook: Level Tiles)")
    return problems


def _start(spec: Spec, setup: Mapping[str, Any]) -> KarigarState:
    statefile.check_game(dict(setup), GAME_ID)
    p: Any = statefile.validate(setup_model(spec), dict(setup))
    problems = _setup_problems(spec, p)
    if problems:
        raise BadState(*problems)
    by_number = {c.card: card_of(spec, c) for c in p.bazaar}
    on_offer = {a.space: Offer(counts(spec, a.cost.model_dump()), a.points) for a in p.alliances}
    bakshish = tuple(p.bakshish_deck) if p.bakshish_deck is not None else (None,) * p.bakshish_cards
    seats = tuple(
        Seat(
            name=s.name,
            workers=(SUPPLY,) * spec.workers_start,
            elephant=None,
            holding=counts(spec, s.resources.model_dump()),
            blueprint=tuple(s.blueprint_sections) if s.blueprint_sections is not None else None,
            bonus=s.blueprint_bonus,
        )
        for s in p.players
    )
    return KarigarState(
        seats=seats,
        cards=tuple(by_number[n] for n in spec.cards),
        pile=tuple(card_of(spec, c) for c in p.bazaar_deck),
        offers=tuple(on_offer.get(n) for n in _alliance_names(spec)),
        alliance_pile=tuple(Offer(counts(spec, a.cost.model_dump()), a.points) for a in p.alliance_deck),
        tiles=tuple(counts(spec, t.model_dump()) for t in p.level_tiles),
        stacks=tuple(tuple(s) for s in p.token_stacks),
        token_stacks=tuple(tuple(s) for s in p.token_stacks),
        bakshish_pile=bakshish,
    )


# --- the Bazaar as the rules model sees it ---------------------------------------------------------


def _spaces(spec: Spec, cards: tuple[Card, ...], offers: tuple[Optional[Offer], ...]) -> tuple[Space, ...]:
    return lay_out(spec, dict(zip(spec.cards, cards)), {n: o for n, o in zip(_alliance_names(spec), offers) if o is not None})


@cache
def _alliance_slots(spec: Spec) -> tuple[int, ...]:
    """The space index of each Alliance slot, in grid order (``lay_out``: two spaces per Bazaar card)."""
    out, i = [], 0
    for slot in spec.slots:
        if slot.kind == "alliance":
            out.append(i)
        i += 2 if slot.kind == "card" else 1
    return tuple(out)


def _alliance_names(spec: Spec) -> tuple[str, ...]:
    return tuple(slot.name for slot in spec.slots if slot.kind == "alliance")


def _reach(spaces: tuple[Space, ...]) -> tuple[tuple[int, ...], ...]:
    """Where a unit on each space may go: along its row or its column (rulebook: 1.2 Movement of Workers)."""
    return tuple(tuple(j for j, b in enumerate(spaces) if j != i and (b.row == a.row or b.col == a.col)) for i, a in enumerate(spaces))


@dataclass(frozen=True)
class Ground:
    """The acting player's Board, with where each space reaches and the spaces free to enter, as sets."""

    board: Board
    reach: tuple[frozenset[int], ...]
    free: frozenset[int]  # standable: not another player's, not an empty Alliance slot


def _ground(spec: Spec, state: KarigarState, spaces: tuple[Space, ...], moves: tuple[tuple[int, ...], ...],
            reach: tuple[frozenset[int], ...]) -> Ground:
    board = _board(spec, state, spaces, moves)
    free = frozenset(d for d in range(len(board.spaces)) if board.standable(d))
    return Ground(board, reach, free)


def _board(spec: Spec, state: KarigarState, spaces: tuple[Space, ...], moves: tuple[tuple[int, ...], ...]) -> Board:
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


# --- the rules -----------------------------------------------------------------------------------------


class KarigarRules:
    game = GAME_ID

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self._memo: dict[tuple[str, int], tuple[KarigarState, Any]] = {}
        self._layouts: dict[tuple[int, int], tuple[Any, Any, Any]] = {}

    def _remember(self, kind: str, state: KarigarState, make: Any) -> Any:
        """What ``make(state)`` gives, kept for the same state object (a session asks the legal
        actions, parses and applies on one state: each is worked out once)."""
        key = (kind, id(state))
        hit = self._memo.get(key)
        if hit is not None and hit[0] is state:
            return hit[1]
        if len(self._memo) > 64:
            self._memo.clear()
        value = make(state)
        self._memo[key] = (state, value)
        return value

    def _ground(self, state: KarigarState) -> Ground:
        return self._remember("ground", state, lambda s: _ground(self.spec, s, *self._layout(s)))

    def _layout(self, state: KarigarState) -> tuple[tuple[Space, ...], tuple[tuple[int, ...], ...], tuple[frozenset[int], ...]]:
        """The Bazaar's spaces and where each reaches, kept while the cards and offers are the same objects."""
        key = (id(state.cards), id(state.offers))
        hit = self._layouts.get(key)
        if hit is not None and hit[0] is state.cards and hit[1] is state.offers:
            return hit[2]
        if len(self._layouts) > 64:
            self._layouts.clear()
        spaces = _spaces(self.spec, state.cards, state.offers)
        moves = _reach(spaces)
        value = (spaces, moves, tuple(frozenset(m) for m in moves))
        self._layouts[key] = (state.cards, state.offers, value)
        return value

    def _spaces_of(self, state: KarigarState) -> tuple[Space, ...]:
        return self._ground(state).board.spaces

    # --- setup ---
    def random_setup(self, rng: random.Random, players: int) -> dict[str, Any]:
        """Random components of the rulebook's shape (tajkit does not know the real cards: see
        ``samples``), with full information: the Bakshish deck in order and each Blueprint."""
        spec = self.spec
        basic = list(spec.basic)
        precious = [k for k, r in enumerate(spec.resources) if r.group == "precious"]

        def bag(amounts: Sequence[int]) -> dict[str, int]:
            return {spec.ids[k]: n for k, n in enumerate(amounts) if n}

        def card(c: Card) -> dict[str, Any]:
            return {"colour": "yellow" if c.yellow else "blue", "earn": bag(c.earn),
                    "exchange": [{"give": bag(o.give), "get": bag(o.get)} for o in c.options]}

        def offer() -> dict[str, Any]:
            cost = Counter(rng.choice(basic + precious) for _ in range(rng.randint(1, 3)))
            return {"cost": {spec.ids[k]: n for k, n in cost.items()}, "points": rng.randint(1, 5)}

        def tile(level: int) -> dict[str, int]:
            pool = basic + (precious if level > 1 else [])
            return {spec.ids[k]: n for k, n in Counter(rng.choice(pool) for _ in range(1 + level)).items()}

        names = ["Asha", "Bela", "Chand", "Dev", "Esha", "Farid", "Gita", "Hari"][:players]
        slots = [s.name for s in spec.slots if s.kind == "alliance"]
        return {
            "game": GAME_ID,
            "players": [
                {"name": n, "resources": {spec.ids[k]: c for k, c in Counter(rng.choice(basic) for _ in range(3)).items()},
                 "blueprint_sections": sorted(rng.sample(range(1, spec.sections + 1), 3)), "blueprint_bonus": rng.randint(2, 5)}
                for n in names
            ],
            "level_tiles": [tile(k + 1) for k in range(spec.level_count)],
            "token_stacks": [sorted(rng.sample(range(k + 1, k + 7), spec.tokens_per_level), reverse=True)
                             for k in range(spec.level_count)],
            "bazaar": [{"card": n, **card(samples.random_card(spec, rng))} for n in spec.cards],
            "bazaar_deck": [card(samples.random_card(spec, rng)) for _ in spec.cards],
            "alliances": [{"space": s, **offer()} for s in slots],
            "alliance_deck": [offer() for _ in range(9 - len(slots))],
            "bakshish_deck": [rng.choice([0, 0, 1, 1, 2, 3]) for _ in range(34)],
        }

    def start(self, setup: Mapping[str, Any]) -> KarigarState:
        return _start(self.spec, setup)

    # --- who acts, what is legal ---
    def to_act(self, state: KarigarState) -> Optional[str]:
        if state.phase == OVER:
            return None
        if state.draws:
            return CHANCE
        return state.seats[state.seat].name

    def legal_actions(self, state: KarigarState) -> list[Action]:
        return list(self._remember("legal", state, self._legal))

    def _legal(self, state: KarigarState) -> tuple[Action, ...]:
        return tuple(self._legal_list(state))

    def _legal_list(self, state: KarigarState) -> list[Action]:
        if state.phase == OVER:
            return []
        if state.draws:
            return [a for a, _ in self.chance_outcomes(state)]
        if state.phase == REVEAL:
            return list(self._shows(state))
        if state.phase == ACT:
            return self._act_menu(state)
        actions: list[Action] = []
        if state.main is None and not state.built_now:
            actions += self._builds(state)
        if state.phase == AFTER:
            return actions + [End()]
        moves = self._moves(state)
        if state.main is None and not moves:
            return actions + [Pass()]  # no legal main action (tajkit default: the rulebook does not say)
        return actions + moves

    def chance_outcomes(self, state: KarigarState) -> list[tuple[Action, float]]:
        if not state.draws:
            return []
        kind, _ = state.draws[0]
        pile: Sequence[Union[Card, Offer]] = state.pile if kind == "bazaar" else state.alliance_pile
        tally = Counter(pile)
        return [(Draw(c), n / len(pile)) for c, n in tally.items()]

    # --- applying ---
    def apply(self, state: KarigarState, action: Action) -> KarigarState:
        legal = self.legal_actions(state)
        if action not in legal:
            raise IllegalMove(self._refusal(state, self.format(state, action) if _formattable(action) else repr(action), legal))
        if isinstance(action, Draw):
            return self._draw(state, action)
        if isinstance(action, Show):
            return self._show(state, action)
        if isinstance(action, Build):
            return self._build(state, action.section)
        if isinstance(action, End):
            return self._end_turn(state)
        if isinstance(action, Pass):
            return self._settle(replace(state, phase=AFTER, main=None))
        if isinstance(action, Do):
            return self._do(state, action)
        return self._move(state, action)

    # --- notation ---
    def format(self, state: KarigarState, action: Action) -> str:
        spec = self.spec
        spaces = self._spaces_of(state)
        if isinstance(action, Build):
            return f"build {action.section}"
        if isinstance(action, Hire):
            return f"hire {spaces[action.space].id} for {_bag(spec, spec.hire[action.price])}"
        if isinstance(action, Go):
            return "+".join("supply" if o == SUPPLY else spaces[o].id for o in action.origins) + f">{spaces[action.space].id}"
        if isinstance(action, Ride):
            main = state.main
            origin = main.elephant_from if main is not None and main.elephant_from is not None else state.seats[state.seat].elephant
            return f"elephant {spaces[origin].id if origin is not None else '?'}>{spaces[action.space].id}"
        if isinstance(action, Pass):
            return "pass"
        if isinstance(action, End):
            return "end"
        if isinstance(action, Do):
            return _act_text(spec, spaces, action)
        if isinstance(action, Draw):
            if isinstance(action.card, Card):
                return f"card {state.draws[0][1]} = {_card_text(spec, action.card)}"
            return f"{spaces[state.draws[0][1]].id} = {_offer_text(spec, action.card)}"
        if isinstance(action, Show):
            return f"{state.seats[state.seat].name} {action.what} {action.points}"
        raise TypeError(action)

    def parse(self, state: KarigarState, text: str) -> Action:
        wanted = _normal(text)
        if state.phase == OVER:
            raise IllegalMove(f"{text.strip()[:40]!r}: the game is over (rulebook: Game End)")
        found = self._remember("texts", state, lambda s: {_normal(self.format(s, a)): a for a in self._legal(s)}).get(wanted)
        if found is not None:
            return found
        legal = self.legal_actions(state)
        words = wanted.replace(">", " ").split()
        if words and words[0] in UNSUPPORTED_WORDS:
            raise IllegalMove(f"{text.strip()[:40]!r}: {UNSUPPORTED[UNSUPPORTED_WORDS[words[0]]]}")
        raise IllegalMove(self._refusal(state, text.strip()[:40] or "nothing", legal))

    # --- the score ---
    def standings(self, state: KarigarState) -> ScoreResult:
        """``scoring.score`` of the table as it stands: what has been shown counts, nothing else."""
        return scoring.score(self.spec, self.table(state))

    def table(self, state: KarigarState) -> files.Table:
        """The state as the scorer's table (what a finished table's state file holds)."""
        entries = []
        for s in state.seats:
            shown = s.shown
            entries.append(files.Entry(
                name=s.name,
                sections=s.sections,
                tokens=s.tokens,
                bakshish=tuple(v for v in shown[2:] if v),
                blueprint=shown[0] if shown else 0,
                bonus=shown[1] if len(shown) > 1 else 0,
                blueprint_sections=s.blueprint,
                alliances=tuple(o.points for o in s.alliances),
                resources=sum(s.holding),
                ai=False,
            ))
        return files.Table(tuple(entries), state.token_stacks)

    # --- the parts of a turn ---------------------------------------------------------------------------

    def _builds(self, state: KarigarState) -> list[Action]:
        spec = self.spec
        level = current_level(spec, state.built)
        if level > spec.level_count or not affords(self._ground(state).board, state.seats[state.seat].holding):
            return []
        return [Build(s) for s in spec.levels[level - 1] if s not in state.built]

    def _build(self, state: KarigarState, section: int) -> KarigarState:
        spec = self.spec
        level = spec.level_of(section)
        me = state.seats[state.seat]
        stacks = list(state.stacks)
        token, stacks[level - 1] = stacks[level - 1][0], stacks[level - 1][1:]
        built = state.built + (section,)
        completes = set(spec.levels[level - 1]) <= set(built)
        cards = 2 if completes else 1  # rulebook: Earn the Emperor's Favour
        drawn, pile = state.bakshish_pile[:cards], state.bakshish_pile[cards:]
        me = replace(me, holding=tuple(h - n for h, n in zip(me.holding, state.tiles[level - 1])),
                     sections=me.sections + (section,), tokens=me.tokens + (token,), bakshish=me.bakshish + drawn)
        seats = _put(state.seats, state.seat, me)
        state = replace(state, seats=seats, stacks=tuple(stacks), built=built, bakshish_pile=pile, built_now=True)
        if len(built) == spec.sections:  # rulebook: Game End: the game ends immediately
            return self._settle(replace(state, phase=REVEAL, seat=0, main=None))
        draws = [("bazaar", section)] if state.pile else []  # rulebook: Bazaar Change
        if completes:
            state = self._replenish(state)
            draws += [("alliance", i) for i in _alliance_slots(spec)][: len(state.alliance_pile)]
        state = replace(state, draws=tuple(draws))
        if state.phase == AFTER:
            return self._end_turn(state, first=state.seat if completes else None)
        return self._settle(state)

    def _replenish(self, state: KarigarState) -> KarigarState:
        """Rulebook: Replenish Phase: workers and Elephants recalled, the Alliance cards on offer
        discarded, a third worker when level 2 is complete; the builder starts the new round."""
        spec = self.spec
        done = current_level(spec, state.built) - 1
        workers = spec.workers_start + (1 if done >= spec.extra_worker_after else 0)
        seats = tuple(replace(s, workers=(SUPPLY,) * workers, elephant=None) for s in state.seats)
        return replace(state, seats=seats, offers=(None,) * len(state.offers))

    def _end_turn(self, state: KarigarState, first: Optional[int] = None) -> KarigarState:
        """The next player clockwise (rulebook: Starting a New Round), or the builder of a level's last section."""
        seat = first if first is not None else (state.seat + 1) % len(state.seats)
        return self._settle(replace(state, seat=seat, phase=TURN, main=None, built_now=False))

    def _draw(self, state: KarigarState, action: Draw) -> KarigarState:
        kind, where = state.draws[0]
        if kind == "bazaar":
            pile = list(state.pile)
            pile.remove(action.card)  # type: ignore[arg-type]
            cards = list(state.cards)
            cards[self.spec.cards.index(where)] = action.card  # type: ignore[call-overload]
            state = replace(state, cards=tuple(cards), pile=tuple(pile))
        else:
            deck = list(state.alliance_pile)
            deck.remove(action.card)  # type: ignore[arg-type]
            offers = list(state.offers)
            offers[_alliance_slots(self.spec).index(where)] = action.card  # type: ignore[call-overload]
            state = replace(state, offers=tuple(offers), alliance_pile=tuple(deck))
        return self._settle(replace(state, draws=state.draws[1:]))

    # --- moving ---
    def _main(self, state: KarigarState) -> Main:
        if state.main is not None:
            return state.main
        me = state.seats[state.seat]
        return Main(left=me.workers, elephant_from=me.elephant)

    def _budget(self, state: KarigarState, main: Main) -> tuple[int, ...]:
        """What the turn may still pay: what was held when it began, less the price of a hire and
        of the Alliance cards stood on (bought: rulebook 1.4; paid from what was held: the
        seed's assumption ``resolve``)."""
        spec = self.spec
        spaces = self._spaces_of(state)
        budget = list(state.seats[state.seat].holding)
        if main.hire is not None:
            budget = [b - c for b, c in zip(budget, spec.hire[main.hire])]
        for d in {d for _, d in main.moved} | ({main.elephant_to} if main.elephant_to is not None else set()):
            if spaces[d].kind == "alliance":
                budget = [b - c for b, c in zip(budget, spaces[d].cost)]
        for act in main.acts:
            budget = [b - c for b, c in zip(budget, _act_pay(spec, spaces[act.space], act))]
        return tuple(budget)

    def _moves(self, state: KarigarState) -> list[Action]:
        spec = self.spec
        ground = self._ground(state)
        board = ground.board
        main = self._main(state)
        used = _used(main)
        budget = self._budget(state, main)
        out: list[Action] = []
        groups = sorted({g for k in range(1, len(main.left) + 1) for g in combinations(main.left, k)})
        for group in groups:
            rest = _minus(main.left, group)
            for d in _targets(ground, group, used):
                left_budget = _group_fits(board, d, len(group), False, budget)
                if left_budget is not None and _completable(ground, rest, main.elephant_from, used | {d}, left_budget):
                    out.append(Go(group, d))
        if main.elephant_from is not None:
            for d in sorted((ground.reach[main.elephant_from] & ground.free) - used):
                left_budget = _group_fits(board, d, 0, True, budget)
                if left_budget is not None and _completable(ground, main.left, None, used | {d}, left_budget):
                        out.append(Ride(d))
        me = state.seats[state.seat]
        if main.hire is None and main.elephant_from is None and main.elephant_to is None and board.can_hire(Position(me.workers, me.elephant, me.holding)):
            for k, price in enumerate(spec.hire):
                if all(p <= b for p, b in zip(price, budget)):
                    paid = tuple(b - p for b, p in zip(budget, price))
                    for d in sorted(ground.free - used):
                        left_budget = _group_fits(board, d, 0, True, paid)
                        if left_budget is not None and _completable(ground, main.left, None, used | {d}, left_budget):
                            out.append(Hire(k, d))
        return out

    def _move(self, state: KarigarState, action: Action) -> KarigarState:
        main = self._main(state)
        if isinstance(action, Go):
            main = replace(main, left=_minus(main.left, action.origins),
                           moved=main.moved + tuple((o, action.space) for o in action.origins))
        elif isinstance(action, Ride):
            main = replace(main, elephant_from=None, elephant_to=action.space)
        elif isinstance(action, Hire):
            main = replace(main, hire=action.price, elephant_to=action.space)
        state = replace(state, main=main)
        if not main.left and main.elephant_from is None:
            state = replace(state, phase=ACT)
        return self._settle(state)

    # --- acting on the spaces stood on ---
    def _pending(self, state: KarigarState) -> Optional[int]:
        """The next space stood on (grid order) whose act is still to say."""
        main = state.main
        assert main is not None
        done = {a.space for a in main.acts}
        here = sorted({d for _, d in main.moved} | ({main.elephant_to} if main.elephant_to is not None else set()))
        return next((i for i in here if i not in done), None)

    def _act_menu(self, state: KarigarState) -> list[Action]:
        spec = self.spec
        main = state.main
        assert main is not None
        i = self._pending(state)
        assert i is not None
        board = self._ground(state).board
        space = board.spaces[i]
        workers = sum(1 for _, d in main.moved if d == i)
        elephant = main.elephant_to == i
        budget = self._budget(state, main)
        if space.kind == "alliance":  # its price is in the budget already (the move bought it)
            held = list(state.seats[state.seat].alliances) + _bought(board, main)
            if len(held) < spec.most_alliances:
                return [Do(Act(i, buy=True))]
            return [Do(Act(i, buy=True), discard=o) for o in dict.fromkeys(held)]  # rulebook: 2. Using an Alliance Card: at most 2
        menu = rules._acts(board, i, workers, elephant, budget)
        return [Do(a) for a in menu if all(p <= b for p, b in zip(_act_pay(spec, space, a), budget))]

    def _do(self, state: KarigarState, action: Do) -> KarigarState:
        main = state.main
        assert main is not None
        main = replace(main, acts=main.acts + (action.act,),
                       discards=main.discards + ((action.discard,) if action.discard is not None else ()))
        state = replace(state, main=main)
        if self._pending(state) is None:
            return self._resolve(state)
        return self._settle(state)

    def _resolve(self, state: KarigarState) -> KarigarState:
        """The main action done: ``rules.apply`` checks the whole turn and gives what is held after it."""
        spec = self.spec
        main = state.main
        assert main is not None
        board = self._ground(state).board
        me = state.seats[state.seat]
        pos = Position(me.workers, me.elephant, me.holding)
        dests = _destinations(me.workers, main.moved)
        turn = Turn(dests, main.elephant_to, main.hire, tuple(a for a in main.acts if a.take or a.use or a.sell or a.buy))
        after = rules.apply(board, pos, turn)
        alliances = list(me.alliances)
        offers = list(state.offers)
        slots = _alliance_slots(spec)
        for act in main.acts:
            if act.buy:
                bought = state.offers[slots.index(act.space)]
                assert bought is not None
                alliances.append(bought)
                offers[slots.index(act.space)] = None
        for gone in main.discards:
            alliances.remove(gone)
        me = replace(me, workers=tuple(sorted(after.workers)), elephant=after.elephant, holding=after.holding,
                     alliances=tuple(alliances))
        state = replace(state, seats=_put(state.seats, state.seat, me), offers=tuple(offers), phase=AFTER, main=None)
        return self._settle(state)

    # --- the end ---
    def _shows(self, state: KarigarState) -> list[Action]:
        me = state.seats[state.seat]
        k = len(me.shown)
        if k == 0:
            return [Show("blueprint", v) for v in range(MOST_POINTS + 1)]
        if k == 1:
            if me.blueprint is not None and not set(me.blueprint) <= set(me.sections):
                return [Show("bonus", 0)]  # rulebook: Blueprint Cards: the bonus needs every section shown
            if me.blueprint is not None and me.bonus is not None:
                return [Show("bonus", me.bonus)]
            return [Show("bonus", v) for v in range(MOST_POINTS + 1)]
        card = me.bakshish[k - 2]
        return [Show("bakshish", card)] if card is not None else [Show("bakshish", v) for v in range(MOST_POINTS + 1)]

    def _show(self, state: KarigarState, action: Show) -> KarigarState:
        me = state.seats[state.seat]
        me = replace(me, shown=me.shown + (action.points,))
        return self._settle(replace(state, seats=_put(state.seats, state.seat, me)))

    def _settle(self, state: KarigarState) -> KarigarState:
        """Steps that leave no choice happen by themselves: a space with one possible act, the end of
        a turn with no build possible, the last player shown at the end."""
        while not state.draws:
            if state.phase == ACT:
                menu = self._act_menu(state)
                if len(menu) != 1:
                    return state
                act = menu[0]
                assert isinstance(act, Do)
                state = self._do(state, act)
                continue
            if state.phase == AFTER and (state.built_now or not self._builds(state)):
                return self._end_turn(state)
            if state.phase == REVEAL:
                me = state.seats[state.seat]
                if len(me.shown) == 2 + len(me.bakshish):
                    if state.seat + 1 == len(state.seats):
                        return replace(state, phase=OVER)
                    state = replace(state, seat=state.seat + 1)
                    continue
            return state
        return state

    # --- refusals ---
    def _refusal(self, state: KarigarState, shown: str, legal: Sequence[Action]) -> str:
        texts = [self.format(state, a) for a in legal]
        some = ", ".join(texts[:8]) + (f" … ({len(texts)} in all)" if len(texts) > 8 else "")
        return f"{shown!r} is not legal now: {self._expected(state)} ({self._rule(state)}); legal: {some}"

    def _expected(self, state: KarigarState) -> str:
        if state.draws:
            kind, where = state.draws[0]
            return f"chance draws the Bazaar card for place {where}" if kind == "bazaar" else "chance draws an Alliance card"
        who = state.seats[state.seat].name
        if state.phase == REVEAL:
            return f"{who} shows what is behind the screen"
        if state.phase == ACT:
            return f"{who} says what is done on {self._spaces_of(state)[self._pending(state) or 0].id}"
        if state.phase == AFTER:
            return f"{who} may build, or end the turn"
        if state.main is not None:
            return f"{who} moves the rest of their workers and Elephant, each along a row or a column to a free space"
        return f"{who} builds, hires, or moves every worker along a row or a column to a free space"

    def _rule(self, state: KarigarState) -> str:
        if state.draws:
            return "rulebook: Bazaar Change" if state.draws[0][0] == "bazaar" else "rulebook: Replenish Phase"
        return {REVEAL: "rulebook: Game End", ACT: "rulebook: 1.1 Acquiring Resources", AFTER: "rulebook: Free Actions"}.get(
            state.phase, "rulebook: 1.2 Movement of Workers"
        )




# --- helpers -----------------------------------------------------------------------------------------


def _put(seats: tuple[Seat, ...], k: int, seat: Seat) -> tuple[Seat, ...]:
    return seats[:k] + (seat,) + seats[k + 1:]


def _minus(items: tuple[int, ...], taken: tuple[int, ...]) -> tuple[int, ...]:
    rest = list(items)
    for t in taken:
        rest.remove(t)
    return tuple(rest)


def _used(main: Main) -> frozenset[int]:
    """The spaces this turn's units went to: another group of the player's may not join them."""
    return frozenset({d for _, d in main.moved} | ({main.elephant_to} if main.elephant_to is not None else set()))


def _targets(ground: Ground, group: tuple[int, ...], used: frozenset[int]) -> list[int]:
    """The free spaces every worker of ``group`` can go to (rulebook: 1.2 Movement of Workers)."""
    allowed = ground.free - used
    for o in set(group):
        if o != SUPPLY:
            allowed = allowed & ground.reach[o]
    return sorted(allowed)


def _group_fits(board: Board, d: int, workers: int, elephant: bool, budget: tuple[int, ...]) -> Optional[tuple[int, ...]]:
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


def _completable(ground: Ground, left: tuple[int, ...], elephant: Optional[int], used: frozenset[int], budget: tuple[int, ...]) -> bool:
    """Can the units still to move all reach spaces where they may stand? (So a move offered never
    leads to a turn that cannot be finished.)"""
    board = ground.board
    if not left:
        if elephant is None:
            return True
        return any(_group_fits(board, d, 0, True, budget) is not None for d in (ground.reach[elephant] & ground.free) - used)
    first, rest = left[0], left[1:]
    for k in range(len(rest) + 1):
        for others in set(combinations(rest, k)):
            group = (first,) + others
            for d in _targets(ground, group, used):
                after = _group_fits(board, d, len(group), False, budget)
                if after is not None and _completable(ground, _minus(rest, others), elephant, used | {d}, after):
                    return True
    return False


def _destinations(workers: tuple[int, ...], moved: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    """Each worker's destination, in the order of ``workers``."""
    todo = list(moved)
    out = []
    for w in workers:
        k = next(j for j, (o, _) in enumerate(todo) if o == w)
        out.append(todo.pop(k)[1])
    return tuple(out)


def _bought(board: Board, main: Main) -> list[Offer]:
    slots = [a.space for a in main.acts if a.buy]
    return [Offer(board.spaces[i].cost, board.spaces[i].points) for i in slots]


def _act_pay(spec: Spec, space: Space, act: Act) -> tuple[int, ...]:
    pay = [0] * len(spec.ids)
    for o in act.use:
        for k, n in enumerate(space.options[o].give):
            pay[k] += n
    for k, n in enumerate(act.sell):
        pay[k] += n
    return tuple(pay)


def _bag(spec: Spec, amounts: Sequence[int]) -> str:
    return describe(spec, amounts, joiner="+")


def _act_text(spec: Spec, spaces: tuple[Space, ...], action: Do) -> str:
    act = action.act
    space = spaces[act.space]
    if act.buy:
        return f"{space.id} buy" + (f", discard {_offer_text(spec, action.discard)}" if action.discard is not None else "")
    if act.take:
        return f"{space.id} take {_bag(spec, act.take)}" if any(act.take) else f"{space.id} nothing"
    if act.use:
        return f"{space.id} " + " & ".join(f"{_bag(spec, space.options[o].give)}>{_bag(spec, space.options[o].get)}" for o in act.use)
    if act.sell:
        return f"{space.id} sell {_bag(spec, act.sell)}"
    return f"{space.id} nothing"


def _card_text(spec: Spec, card: Card) -> str:
    options = " or ".join(f"{_bag(spec, o.give)}>{_bag(spec, o.get)}" for o in card.options)
    return f"{'yellow' if card.yellow else 'blue'} earn {_bag(spec, card.earn)}; {options}"


def _offer_text(spec: Spec, offer: Offer) -> str:
    return f"{offer.points}pt for {_bag(spec, offer.cost)}"


def _normal(text: str) -> str:
    """Case, spaces around signs and runs of spaces do not matter."""
    text = re.sub(r"\s+", " ", text.strip().lower())
    return re.sub(r"\s*([>+&,;:=])\s*", r"\1", text)


def _formattable(action: Any) -> bool:
    return isinstance(action, (Build, Hire, Go, Ride, Pass, Do, End, Draw, Show))


def rules_for(spec: Spec) -> KarigarRules:
    return KarigarRules(spec)


__all__ = ["KarigarRules", "KarigarState", "rules_for", "BadInput"]
