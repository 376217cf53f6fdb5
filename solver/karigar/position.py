"""The position file ``tajkit hint karigar`` reads: the Bazaar as it lies, who stands where, what
the player holds and what the Level tile needs; checked against the rules and turned into the
rules model's :class:`~rules.Board` and :class:`~rules.Position`."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Any, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, create_model

from tajkit.solver import statefile
from tajkit.solver.errors import BadState
from tajkit.solver.karigar.rules import SUPPLY, Board, Card, Offer, Option, Position, Space, current_level, lay_out, level_order_problems
from tajkit.solver.karigar.spec import Spec, counts, repeated
from tajkit.solver.seedmodels import PlayerName

GAME = "karigar"
SPACE = r"^([1-9][0-9]?[LR]|T[1-9]|A[1-9])$"
SpaceName = Annotated[str, Field(pattern=SPACE)]


@dataclass(frozen=True)
class Situation:
    """A position read from a file: whose it is, the level being built, the rules model's parts."""

    name: str
    level: int
    built: tuple[int, ...]
    board: Board
    pos: Position


@cache
def bag_model(spec: Spec, most: int, what: str) -> type[BaseModel]:
    """Resources as counts by name (``{ sandstone = 2, silver = 3 }``); unknown names are refused."""
    fields: Any = {
        r.id: (int, Field(default=0, ge=0, le=most, description=f"{r.name}: how many {what}")) for r in spec.resources
    }
    return create_model(f"Karigar{what.title().replace(' ', '')}", __config__=ConfigDict(extra="forbid", strict=True), **fields)


@cache
def card_model(spec: Spec, numbered: bool) -> type[BaseModel]:
    """A Bazaar card as typed: its colour, earn side and exchange options (``numbered``: with its
    place in the grid, as it lies; without: a card of the draw pile)."""
    strict = ConfigDict(extra="forbid", strict=True)
    face = bag_model(spec, 6, "shown")
    option = create_model(
        "KarigarExchange",
        __config__=strict,
        give=(face, Field(description="what the exchange takes, e.g. { sandstone = 2 }")),
        get=(face, Field(description="what it gives, e.g. { silver = 2 }")),
    )
    place: Any = {}
    if numbered:
        section = Annotated[int, Field(ge=1, le=spec.sections)]
        place = {"card": (section, Field(description=f"the card's place in the Bazaar grid, 1-{spec.sections}"))}
    return create_model(
        "KarigarBazaarCard" if numbered else "KarigarDeckCard",
        __config__=strict,
        **place,
        colour=(Literal["blue", "yellow"], Field(description="blue or yellow")),
        earn=(face, Field(description="what its earn (left) side shows, e.g. { scaffolding = 2 }")),
        exchange=(
            list[option],  # type: ignore[valid-type]
            Field(min_length=1, max_length=3, description=f"its exchange (right) options: {spec.blue_options} on a blue card, "
                  f"{spec.yellow_options} on a yellow one"),
        ),
    )


@cache
def offer_model(spec: Spec, placed: bool) -> type[BaseModel]:
    """An Alliance card as typed: its price and Taj points (``placed``: with the slot it lies on)."""
    face = bag_model(spec, 6, "shown")
    place: Any = {}
    if placed:
        place = {"space": (Annotated[str, Field(pattern=r"^A[1-9]$")], Field(description="the Alliance slot it lies on, A1, A2..."))}
    return create_model(
        "KarigarAllianceOffer" if placed else "KarigarAllianceCard",
        __config__=ConfigDict(extra="forbid", strict=True),
        **place,
        cost=(face, Field(description="its price (top left of the card)")),
        points=(Annotated[int, Field(ge=0, le=20)], Field(description="its Taj points (top right of the card)")),
    )


@cache
def position_model(spec: Spec) -> type[BaseModel]:
    strict = ConfigDict(extra="forbid", strict=True)
    face = bag_model(spec, 6, "shown")
    held = bag_model(spec, 99, "held")
    needed = bag_model(spec, 20, "needed")
    section = Annotated[int, Field(ge=1, le=spec.sections)]
    where = Annotated[str, Field(pattern=SPACE + r"|^supply$")]
    card = card_model(spec, numbered=True)
    offer = offer_model(spec, placed=True)
    other = create_model(
        "KarigarOtherPlayer",
        __config__=strict,
        name=(PlayerName, Field(description="the player's name")),
        workers=(list[SpaceName], Field(default=[], max_length=3, description="the spaces their workers stand on")),
        elephant=(Optional[SpaceName], Field(default=None, description="the space their hired Elephant stands on")),
        ai=(bool, Field(default=False, description="true for an Ustad AI player")),
        cards=(
            list[section],
            Field(default=[], max_length=spec.sections, description="Bazaar cards an AI player's worker reserves (the whole card)"),
        ),
    )
    most_workers = spec.workers_start + 1
    return create_model(
        "KarigarPosition",
        __config__=ConfigDict(extra="forbid", strict=True, title="tajkit position: Karigar-e-Taj"),
        game=(Literal["karigar"], Field(description='always "karigar"')),
        name=(PlayerName, Field(default="you", description="your name")),
        built=(list[section], Field(default=[], max_length=spec.sections, description="the Taj sections built so far, by anyone")),
        needs=(needed, Field(description="the current level's Level tile: what one section needs, e.g. { sandstone = 2, marble = 1 }")),
        holding=(held, Field(default_factory=held, description="your resources and Mohurs, e.g. { wood = 1, silver = 4 }")),
        workers=(
            list[where],  # type: ignore[valid-type]
            Field(min_length=1, max_length=most_workers, description='where each of your workers stands, e.g. "5L"; "supply" if not in the Bazaar'),
        ),
        elephant=(Optional[SpaceName], Field(default=None, description="where your hired Elephant stands (leave out if not hired)")),
        bazaar=(
            list[card],  # type: ignore[valid-type]
            Field(min_length=1, max_length=spec.sections, description=f"the {spec.sections} Bazaar cards as they lie"),
        ),
        alliances=(list[offer], Field(default=[], max_length=9, description="the Alliance cards on offer")),  # type: ignore[valid-type]
        others=(
            list[other],  # type: ignore[valid-type]
            Field(default=[], max_length=spec.most_players - 1,  # you are one of the players
                  description=f"the other players in the Bazaar, AI players too (with you, at most {spec.most_players} players)"),
        ),
    )


def read_position(spec: Spec, data: dict[str, Any]) -> Situation:
    """The position in ``data``, checked (``BadState``, one sentence per problem)."""
    statefile.check_game(data, GAME)
    parsed: Any = statefile.validate(position_model(spec), data)
    problems = _card_problems(spec, parsed) + _taj_problems(spec, parsed)
    if problems:
        raise BadState(*problems)
    spaces = lay_out(spec, _cards(spec, parsed), _offers(spec, parsed))
    problems = _place_problems(spec, parsed, spaces)
    if problems:
        raise BadState(*problems)
    return _situation(spec, parsed, spaces)


# --- checks ------------------------------------------------------------------------------------------


def _card_problems(spec: Spec, p: Any) -> list[str]:
    problems = []
    numbers = [c.card for c in p.bazaar]
    for n, times in repeated(numbers):
        problems.append(f"bazaar: card {n} is given {times} times: one card lies on each place of the grid")
    missing = [n for n in spec.cards if n not in numbers]
    if missing:
        problems.append(
            f"bazaar: no card given for {', '.join(map(str, missing))}: enter all {len(spec.cards)} Bazaar cards as they lie"
        )
    for c in p.bazaar:
        problems += card_shape_problems(spec, f"bazaar card {c.card}", c)
    return problems


def card_shape_problems(spec: Spec, where: str, c: Any) -> list[str]:
    """A Bazaar card as typed (colour, earn, exchange): the options its colour has, something on each side."""
    problems = []
    wanted = spec.yellow_options if c.colour == "yellow" else spec.blue_options
    rule = "Exchanging Precious resources" if c.colour == "yellow" else "Exchanging Basic Resources"
    if len(c.exchange) != wanted:
        problems.append(f"{where}: {len(c.exchange)} exchange options on a {c.colour} card, which has {wanted} (rulebook: {rule})")
    if not any(_amounts(spec, c.earn)):
        problems.append(f"{where}: earn shows nothing: give what its left side shows")
    for k, o in enumerate(c.exchange):
        if not any(_amounts(spec, o.give)) or not any(_amounts(spec, o.get)):
            problems.append(f"{where}: exchange option {k + 1} needs both what it takes (give) and gives (get)")
    return problems


def _taj_problems(spec: Spec, p: Any) -> list[str]:
    problems = []
    for s, times in repeated(p.built):
        problems.append(f"built: section {s} is listed {times} times: a section is built once (rulebook: Taj Markers)")
    problems += level_order_problems(spec, {s: "" for s in p.built})
    level = current_level(spec, p.built)
    if level > spec.level_count:
        problems.append("built: every section of the Taj is built, so the game is over (rulebook: Game End): nothing to plan")
    if not any(_amounts(spec, p.needs)):
        problems.append("needs: give what the current Level tile asks for one section (rulebook: Level Tiles)")
    complete = level - 1
    expected = spec.workers_start + (1 if complete >= spec.extra_worker_after else 0)
    if level <= spec.level_count and len(p.workers) != expected:
        problems.append(
            f"workers: {len(p.workers)} given, but with {complete} level{'s' if complete != 1 else ''} complete every player has "
            f"{expected} (rulebook: Worker Meeples: a third worker when level {spec.extra_worker_after} is complete); "
            'write "supply" for one not in the Bazaar'
        )
    ais = sum(o.ai for o in p.others)
    if ais > spec.most_ai:
        problems.append(f"others: {ais} AI player{'s' if ais != 1 else ''}, at most {spec.most_ai} "
                        "(rulebook: Game Play with Ustad Cards)")
    for o in p.others:
        if o.cards and not o.ai:
            problems.append(f"others: {statefile.shown(o.name, 30)} reserves whole cards, which only an AI player does (rulebook: AI Player's Turn)")
        if o.ai and o.elephant is not None:
            problems.append(f"others: {statefile.shown(o.name, 30)} is an AI player, and AI players have no Elephants (rulebook: Game Play with Ustad Cards)")
    return problems


def _place_problems(spec: Spec, p: Any, spaces: tuple[Space, ...]) -> list[str]:
    ids = {s.id: s for s in spaces}
    problems = []
    who: dict[str, list[str]] = {}  # space -> units on it, as "name: worker" / "name: Elephant"

    def put(space: str, owner: str, unit: str, field: str) -> None:
        if space not in ids:
            problems.append(f"{field} = {statefile.show(space)}: no such space in the Bazaar ({_known(spaces)})")
            return
        who.setdefault(space, []).append(f"{owner}\x00{unit}")

    me = p.name
    for k, w in enumerate(p.workers):
        if w != "supply":
            put(w, me, "worker", f"workers[{k + 1}]")
    if p.elephant is not None:
        put(p.elephant, me, "Elephant", "elephant")
    for o in p.others:
        for k, w in enumerate(o.workers):
            put(w, o.name, "worker", f"others {statefile.shown(o.name, 30)}: workers[{k + 1}]")
        if o.elephant is not None:
            put(o.elephant, o.name, "Elephant", f"others {statefile.shown(o.name, 30)}: elephant")
        for c in o.cards:
            for side in "LR":
                put(f"{c}{side}", o.name, "AI worker", f"others {statefile.shown(o.name, 30)}: cards")
    for a in p.alliances:
        if a.space not in ids or ids[a.space].kind != "alliance":
            problems.append(f"alliances: {a.space} is not an Alliance slot of the Bazaar grid ({_known(spaces, 'alliance')})")
    for space, units in who.items():
        problems += _crowd_problems(spec, ids[space], [u.split("\x00") for u in units])
    names = [me] + [o.name for o in p.others]
    for name, times in repeated(names):
        problems.append(f"others: the name {statefile.show(name)} appears {times} times: each player needs their own name")
    elephants = (p.elephant is not None) + sum(o.elephant is not None for o in p.others)
    complete = current_level(spec, p.built) - 1
    if elephants and complete < spec.elephants_after:
        problems.append(
            f"elephants: {elephants} in the Bazaar, but Elephants are unlocked only when level {spec.elephants_after} is complete "
            "(rulebook: Elephant Meeples)"
        )
    if elephants > spec.elephants_in_bazaar:
        problems.append(f"elephants: {elephants} in the Bazaar, which holds at most {spec.elephants_in_bazaar} (rulebook: Hiring Elephants)")
    return problems


def _crowd_problems(spec: Spec, space: Space, units: list[list[str]]) -> list[str]:
    owners = list(dict.fromkeys(owner for owner, _ in units))
    kinds = Counter(unit for _, unit in units)
    problems = []
    if len(owners) > 1:
        problems.append(
            f"{space.id}: {' and '.join(statefile.shown(o, 30) for o in owners)} both stand there: once a space is occupied, "
            "no other player's worker or Elephant enters it (rulebook: Bazaar Cards)"
        )
    elif kinds["Elephant"] and kinds["worker"]:
        problems.append(f"{space.id}: workers and Elephants cannot share a space (rulebook: Hiring Elephants)")
    elif space.yellow and kinds["worker"] and kinds["worker"] < spec.yellow_min_workers:
        problems.append(
            f"{space.id}: {statefile.shown(owners[0], 30)} has 1 worker on a yellow card, which needs at least "
            f"{spec.yellow_min_workers} (rulebook: Earning Precious Resources)"
        )
    return problems


def _known(spaces: tuple[Space, ...], kind: str | None = None) -> str:
    names = [s.id for s in spaces if kind is None or s.kind == kind]
    return f"{', '.join(names[:3])} … {names[-1]}" if len(names) > 6 else ", ".join(names) or "none"


# --- building the model ------------------------------------------------------------------------------


def _amounts(spec: Spec, bag: Any) -> tuple[int, ...]:
    return counts(spec, bag.model_dump())


def _cards(spec: Spec, p: Any) -> dict[int, Card]:
    return {c.card: card_of(spec, c) for c in p.bazaar}


def card_of(spec: Spec, c: Any) -> Card:
    """A typed Bazaar card (colour, earn, exchange) as the rules model's :class:`~bazaar.Card`."""
    return Card(c.colour == "yellow", _amounts(spec, c.earn), tuple(Option(_amounts(spec, o.give), _amounts(spec, o.get)) for o in c.exchange))


def _offers(spec: Spec, p: Any) -> dict[str, Offer]:
    return {a.space: Offer(_amounts(spec, a.cost), a.points) for a in p.alliances}


def _situation(spec: Spec, p: Any, spaces: tuple[Space, ...]) -> Situation:
    index = {s.id: i for i, s in enumerate(spaces)}
    blocked = set()
    for o in p.others:
        blocked |= {index[w] for w in o.workers}
        if o.elephant is not None:
            blocked.add(index[o.elephant])
        blocked |= {index[f"{c}{side}"] for c in o.cards for side in "LR"}
    level = current_level(spec, p.built)
    board = Board(
        spec=spec,
        spaces=spaces,
        blocked=frozenset(blocked),
        workers=len(p.workers),
        elephants_unlocked=level - 1 >= spec.elephants_after,
        other_elephants=sum(o.elephant is not None for o in p.others),
        needs=_amounts(spec, p.needs),
    )
    pos = Position(
        workers=tuple(SUPPLY if w == "supply" else index[w] for w in p.workers),
        elephant=index[p.elephant] if p.elephant is not None else None,
        holding=_amounts(spec, p.holding),
    )
    return Situation(p.name, level, tuple(sorted(p.built)), board, pos)
