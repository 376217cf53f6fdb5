"""Karigar-e-Taj's state files, in the two forms its commands read, each checked against the
rules (``BadState``, one sentence per problem):

* the finished table ``tajkit score karigar`` reads (rulebook: Game End): each player's cards and
  tokens at the end (:func:`state_model`, :func:`read_state`, :func:`to_data`);
* the position ``tajkit hint karigar`` reads: the Bazaar as it lies, who stands where, what the
  player holds and what the Level tile needs (:func:`hint_position_model`, :func:`read_hint_position`),
  turned into the rules model's :class:`~rules.Board` and :class:`~rules.Position`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Any, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, create_model

from tajkit.solver import statefile
from tajkit.solver import wording
from tajkit.solver.errors import BadState, Problem
from tajkit.solver.karigar.rules import SUPPLY, Board, Card, Offer, Option, Position, Space, current_level, lay_out, level_order_problems
from tajkit.solver.karigar.spec import GAME_ID, Spec, counts, repeated
from tajkit.solver.ranking import join_names, plural
from tajkit.solver.statefields import PlayerName

Points = Annotated[int, Field(ge=0, le=99)]
SPACE = r"^([1-9][0-9]?[LR]|T[1-9]|A[1-9])$"
SpaceName = Annotated[str, Field(pattern=SPACE)]


# --- the finished table ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Entry:
    """One player's cards and tokens at the end, as entered."""

    name: str
    sections: tuple[int, ...]
    tokens: tuple[int, ...]  # tokens[i] was taken for sections[i]
    bakshish: tuple[int, ...]
    blueprint: int
    bonus: int
    blueprint_sections: tuple[int, ...] | None
    alliances: tuple[int, ...]
    resources: int | None  # None: not given (counts as 0)
    ai: bool


@dataclass(frozen=True)
class Table:
    players: tuple[Entry, ...]
    token_stacks: tuple[tuple[int, ...], ...] | None


@cache
def state_model(spec: Spec) -> type[BaseModel]:
    """The finished table's state file (its field descriptions are interactive entry's prompts)."""
    n = spec.sections
    section = Annotated[int, Field(ge=1, le=n)]
    strict = ConfigDict(extra="forbid", strict=True)
    player = create_model(
        "KarigarPlayer",
        __config__=strict,
        name=(PlayerName, ...),  # PlayerName's own description says the rule
        sections=(
            list[section],
            Field(max_length=n, description=f"the Taj sections this player built, numbered 1-{n} as on the board (one Taj marker each)"),
        ),
        taj_tokens=(
            list[Points],
            Field(max_length=n, description="the values of the Taj point tokens this player took, one per section, in the order of sections"),
        ),
        bakshish=(
            list[Points],
            Field(default=[], max_length=34, description="the Taj points of each Bakshish card that gives Taj points at the end"),
        ),
        blueprint=(Points, Field(description="Taj points from the Blueprint card, bonus not included")),
        blueprint_bonus=(
            Points,
            Field(default=0, description="the Blueprint card's bonus: 0 unless every section it shows is this player's"),
        ),
        blueprint_sections=(
            Optional[list[section]],
            Field(default=None, max_length=n, description="optional: the sections the Blueprint card shows, so tajkit checks the bonus"),
        ),
        alliances=(
            list[Points],
            Field(default=[], max_length=9, description=f"the Taj points of each Alliance card held (at most {spec.most_alliances} for a human player)"),
        ),
        resources=(
            Optional[Annotated[int, Field(ge=0, le=999)]],
            Field(default=None, description="resources left behind the screen, Mohurs included (tie-break: fewest wins)"),
        ),
        ai=(bool, Field(default=False, description="true for an Ustad AI player: no resources, no Alliance limit")),
    )
    return create_model(
        "KarigarState",
        __config__=ConfigDict(extra="forbid", strict=True, title="tajkit state: Karigar-e-Taj"),
        game=(Literal["karigar"], Field(description='always "karigar"')),
        token_stacks=(
            Optional[list[list[Points]]],
            Field(
                default=None,
                max_length=spec.level_count,
                description="optional: each level's Taj point token values as stacked at setup, top first, level 1 first "
                "(tajkit then checks each level's tokens were taken from the top)",
            ),
        ),
        players=(
            list[player],  # type: ignore[valid-type]
            Field(min_length=spec.fewest_players, max_length=spec.most_players,
                  description=f"{spec.fewest_players}-{spec.most_players} players (AI players too), name first"),
        ),
    )


def read_state(spec: Spec, data: dict[str, Any]) -> Table:
    """The finished table in ``data``, checked against the model and the rules (``BadState``)."""
    statefile.check_game(data, GAME_ID)
    parsed: Any = statefile.validate(state_model(spec), data)
    table = Table(
        players=tuple(
            Entry(
                name=p.name,
                sections=tuple(p.sections),
                tokens=tuple(p.taj_tokens),
                bakshish=tuple(p.bakshish),
                blueprint=p.blueprint,
                bonus=p.blueprint_bonus,
                blueprint_sections=tuple(p.blueprint_sections) if p.blueprint_sections is not None else None,
                alliances=tuple(p.alliances),
                resources=p.resources,
                ai=p.ai,
            )
            for p in parsed.players
        ),
        token_stacks=tuple(tuple(s) for s in parsed.token_stacks) if parsed.token_stacks else None,  # [] = not given
    )
    problems = table_problems(spec, table)
    if problems:
        raise BadState(*problems)
    return table


def to_data(spec: Spec, table: Table) -> dict[str, Any]:
    data: dict[str, Any] = {"game": GAME_ID}
    if table.token_stacks is not None:
        data["token_stacks"] = [list(s) for s in table.token_stacks]
    data["players"] = [
        {
            "name": p.name,
            "sections": list(p.sections),
            "taj_tokens": list(p.tokens),
            "bakshish": list(p.bakshish),
            "blueprint": p.blueprint,
            "blueprint_bonus": p.bonus,
            **({"blueprint_sections": list(p.blueprint_sections)} if p.blueprint_sections is not None else {}),
            "alliances": list(p.alliances),
            **({"resources": p.resources} if p.resources is not None else {}),
            "ai": p.ai,
        }
        for p in table.players
    ]
    return data


# --- the rules a finished table must keep ---------------------------------------------------------


def table_problems(spec: Spec, table: Table) -> list[str]:
    problems = _player_problems(spec, table)
    problems += _section_problems(spec, table)
    if not problems:  # the token checks pair tokens with sections, so they need sound sections
        problems += _token_problems(spec, table)
    return problems


def _player_problems(spec: Spec, table: Table) -> list[str]:
    problems = []
    names = [p.name for p in table.players]
    for name, times in repeated(names):
        problems.append(f"players: the name {wording.show(name)} appears {times} times: each player needs their own name")
    ais = sum(p.ai for p in table.players)
    if ais > spec.most_ai:
        problems.append(f"players: {ais} AI players, at most {spec.most_ai} (rulebook: Game Play with Ustad Cards)")
    if ais == len(table.players):
        problems.append("players: every player is an AI: at least one human plays (rulebook: Game Play with Ustad Cards)")
    for p in table.players:
        who = wording.shown(p.name, 30)
        if len(p.tokens) != len(p.sections):
            problems.append(Problem(
                f"{who}: {plural(len(p.tokens), 'Taj point token')} for {plural(len(p.sections), 'section')} built: "
                "each section built takes one token (rulebook: Earn Taj Points)", ("sections", "taj_tokens")
            ))
        if not p.ai and len(p.alliances) > spec.most_alliances:
            problems.append(Problem(
                f"{who}: alliances has {len(p.alliances)} cards: a player controls at most {spec.most_alliances} "
                "(rulebook: Using an Alliance Card; only AI players have no limit)", ("alliances", "ai")
            ))
        if p.ai and p.resources:
            problems.append(Problem(
                f"{who}: resources = {p.resources}, but an AI player collects no resources "
                "(rulebook: AI Player's Turn)", ("resources", "ai")
            ))
        for section, times in repeated(p.sections):
            problems.append(Problem(f"{who}: section {section} is listed {times} times: a section is built once "
                                    "(rulebook: Taj Markers)", ("sections",)))
        if p.blueprint_sections is not None and len(set(p.blueprint_sections)) != len(p.blueprint_sections):
            problems.append(Problem(f"{who}: blueprint_sections lists a section twice", ("blueprint_sections",)))
    return problems


def _section_problems(spec: Spec, table: Table) -> list[str]:
    problems = []
    builders: dict[int, list[str]] = {}
    for p in table.players:
        for s in dict.fromkeys(p.sections):
            builders.setdefault(s, []).append(p.name)
    for s, who in sorted(builders.items()):
        if len(who) > 1:
            problems.append(
                f"section {s} is claimed by {join_names([wording.shown(w, 30) for w in who])}: each section of the Taj "
                "is built once, by one player (rulebook: Building the Taj Mahal)"
            )
    problems += level_order_problems(spec, {s: wording.shown(w[0], 30) for s, w in builders.items()})
    for p in table.players:
        problems += _bonus_problems(p, builders)
    return problems


def _bonus_problems(p: Entry, builders: dict[int, list[str]]) -> list[str]:
    if p.blueprint_sections is None or p.bonus == 0:
        return []
    missing = [s for s in dict.fromkeys(p.blueprint_sections) if s not in p.sections]
    if not missing:
        return []
    whose = "; ".join(
        f"section {s} {'was built by ' + wording.shown(builders[s][0], 30) if s in builders else 'is not built'}" for s in missing
    )
    return [Problem(
        f"{wording.shown(p.name, 30)}: blueprint_bonus = {p.bonus}, but not every section of the Blueprint is theirs ({whose}): "
        "the bonus needs all the sections the card shows (rulebook: Blueprint Cards)", ("blueprint_bonus", "blueprint_sections")
    )]


def _token_problems(spec: Spec, table: Table) -> list[str]:
    if table.token_stacks is None:
        return []
    problems = []
    stacks = table.token_stacks
    if len(stacks) != spec.level_count or any(len(s) != spec.tokens_per_level for s in stacks):
        return [
            f"token_stacks: give {spec.level_count} levels of {spec.tokens_per_level} token values "
            "(rulebook: Setting Up 4: 3 Taj point tokens per level)"
        ]
    for k, stack in enumerate(stacks):
        if list(stack) != sorted(stack, reverse=True):
            problems.append(
                f"token_stacks level {k + 1} = {list(stack)}: the tokens are stacked in descending order, highest on top "
                "(rulebook: Setting Up 5)"
            )
    if problems:
        return problems
    taken: dict[int, list[int]] = {}
    for p in table.players:
        for s, value in zip(p.sections, p.tokens):
            taken.setdefault(spec.level_of(s), []).append(value)
    for level, values in sorted(taken.items()):
        top = list(stacks[level - 1][: len(values)])
        if sorted(values, reverse=True) != top:
            problems.append(
                f"level {level}: the tokens taken ({', '.join(map(str, sorted(values, reverse=True)))}) are not the top "
                f"{len(values)} of its stack {list(stacks[level - 1])}: each section built takes the topmost token "
                "(rulebook: Earn Taj Points)"
            )
    return problems


# --- the position ---------------------------------------------------------------------------------


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
def hint_position_model(spec: Spec) -> type[BaseModel]:
    strict = ConfigDict(extra="forbid", strict=True)
    held = bag_model(spec, 99, "held")
    needed = bag_model(spec, 20, "needed")
    section = Annotated[int, Field(ge=1, le=spec.sections)]
    where = Annotated[str, Field(pattern=SPACE + r"|^supply$")]
    card = card_model(spec, numbered=True)
    offer = offer_model(spec, placed=True)
    other = create_model(
        "KarigarOtherPlayer",
        __config__=strict,
        name=(PlayerName, ...),  # PlayerName's own description says the rule
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


def read_hint_position(spec: Spec, data: dict[str, Any]) -> Situation:
    """The position in ``data``, checked (``BadState``, one sentence per problem)."""
    statefile.check_game(data, GAME_ID)
    parsed: Any = statefile.validate(hint_position_model(spec), data)
    problems = _table_size_problems(spec, parsed) + _card_problems(spec, parsed) + _taj_problems(spec, parsed)
    if problems:
        raise BadState(*problems)
    spaces = lay_out(spec, _cards(spec, parsed), _offers(spec, parsed))
    problems = _place_problems(spec, parsed, spaces)
    if problems:
        raise BadState(*problems)
    return _situation(spec, parsed, spaces)


# --- the position's checks ------------------------------------------------------------------------


def _table_size_problems(spec: Spec, p: Any) -> list[str]:
    """A position that lists the other players seats a table of them and you, which the game's
    fewest must allow (the most is the model's bound on ``others``); one that lists none plans
    your turns alone."""
    seated = 1 + len(p.others)
    if p.others and seated < spec.fewest_players:
        return [f"others has {len(p.others)} values, needs at least {spec.fewest_players - 1}: the other players in the "
                f"Bazaar, AI players too (with you, at least {spec.fewest_players} players)"]
    return []


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
            problems.append(f"others: {wording.shown(o.name, 30)} reserves whole cards, which only an AI player does (rulebook: AI Player's Turn)")
        if o.ai and o.elephant is not None:
            problems.append(f"others: {wording.shown(o.name, 30)} is an AI player, and AI players have no Elephants (rulebook: Game Play with Ustad Cards)")
    return problems


def _place_problems(spec: Spec, p: Any, spaces: tuple[Space, ...]) -> list[str]:
    ids = {s.id: s for s in spaces}
    problems = []
    who: dict[str, list[str]] = {}  # space -> units on it, as "name: worker" / "name: Elephant"

    def put(space: str, owner: str, unit: str, field: str) -> None:
        if space not in ids:
            problems.append(f"{field} = {wording.show(space)}: no such space in the Bazaar ({_known(spaces)})")
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
            put(w, o.name, "worker", f"others {wording.shown(o.name, 30)}: workers[{k + 1}]")
        if o.elephant is not None:
            put(o.elephant, o.name, "Elephant", f"others {wording.shown(o.name, 30)}: elephant")
        for c in o.cards:
            for side in "LR":
                put(f"{c}{side}", o.name, "AI worker", f"others {wording.shown(o.name, 30)}: cards")
    for a in p.alliances:
        if a.space not in ids or ids[a.space].kind != "alliance":
            problems.append(f"alliances: {a.space} is not an Alliance slot of the Bazaar grid ({_known(spaces, 'alliance')})")
    for space, units in who.items():
        problems += _crowd_problems(spec, ids[space], [u.split("\x00") for u in units], p.built)
    names = [me] + [o.name for o in p.others]
    for name, times in repeated(names):
        problems.append(f"others: the name {wording.show(name)} appears {times} times: each player needs their own name")
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


def _crowd_problems(spec: Spec, space: Space, units: list[list[str]], built: list[int]) -> list[str]:
    owners = list(dict.fromkeys(owner for owner, _ in units))
    kinds = Counter(unit for _, unit in units)
    problems = []
    if len(owners) > 1:
        problems.append(
            f"{space.id}: {' and '.join(wording.shown(o, 30) for o in owners)} both stand there: once a space is occupied, "
            "no other player's worker or Elephant enters it (rulebook: Bazaar Cards)"
        )
    elif kinds["Elephant"] and kinds["worker"]:
        problems.append(f"{space.id}: workers and Elephants cannot share a space (rulebook: Hiring Elephants)")
    elif space.yellow and 0 < kinds["worker"] < spec.yellow_min_workers and space.card not in built:
        # Too few workers stand on a yellow card only when a Bazaar Change put the card under them (they
        # stood on the blue card it replaced: the seed's assumption "stay"), which needs its section built.
        problems.append(
            f"{space.id}: {plural(kinds['worker'], 'worker')} on a yellow Bazaar card: a player cannot place just one "
            f"worker on a yellow card, it needs at least {spec.yellow_min_workers} (rulebook: Earning Precious "
            f"Resources); fewer stand there only when a Bazaar Change replaced the card under them, and section "
            f"{space.card} is not built"
        )
    return problems


def _known(spaces: tuple[Space, ...], kind: str | None = None) -> str:
    names = [s.id for s in spaces if kind is None or s.kind == kind]
    return f"{', '.join(names[:3])} … {names[-1]}" if len(names) > 6 else ", ".join(names) or "none"


# --- the position as the rules model --------------------------------------------------------------


def _amounts(spec: Spec, bag: Any) -> tuple[int, ...]:
    return counts(spec, bag.model_dump())


def _cards(spec: Spec, p: Any) -> dict[int, Card]:
    return {c.card: card_of(spec, c) for c in p.bazaar}


def card_of(spec: Spec, c: Any) -> Card:
    """A typed Bazaar card (colour, earn, exchange) as the rules model's :class:`~bazaar.Card`."""
    return Card(c.colour == "yellow", _amounts(spec, c.earn), tuple(Option(_amounts(spec, o.give), _amounts(spec, o.get)) for o in c.exchange))


def bag_data(spec: Spec, amounts: tuple[int, ...]) -> dict[str, int]:
    """Counts in the spec's resource order as a file writes them (``{ sandstone = 2 }``, zeros left out)."""
    return {spec.ids[k]: n for k, n in enumerate(amounts) if n}


def card_data(spec: Spec, card: Card) -> dict[str, Any]:
    """The rules model's :class:`~rules.Card` as a file writes it (the inverse of :func:`card_of`)."""
    return {"colour": "yellow" if card.yellow else "blue", "earn": bag_data(spec, card.earn),
            "exchange": [{"give": bag_data(spec, o.give), "get": bag_data(spec, o.get)} for o in card.options]}


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
