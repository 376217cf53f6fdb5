"""The Taj Mahal state files: their models (and JSON Schema), validation, and the table they
describe.

``tajkit score`` reads one model (:func:`state_model`, read by :func:`read_state`) in two forms,
told apart by ``rounds``:

* an old game record: ``players = ["Asha", ...]`` in seating order and one ``[[rounds]]`` per
  province played, in order, each with its ``plays`` (every turn: cards or a withdrawal) and/or
  its ``prizes`` (who took which). It is converted into the protocol's record (:func:`to_record`,
  ``tajkit play``'s one record format) and replayed through the rules protocol, which resolves
  the prizes; every typed claim is checked against them;
* a final position (:func:`final_position_model`, what interactive entry asks for): one
  ``[[players]]`` table each, with what they hold (palaces per province, bonus tiles, Princess
  cards, Taj Mahal rewards, connection markers) and their cards left.

``tajkit hint`` reads a hint position (:func:`hint_position_model`, read by
:func:`read_hint_position` into a :class:`HintPosition`): a round in progress.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from typing import Annotated, Any, Literal, Union

from pydantic import BeforeValidator, ConfigDict, Field, create_model

from tajkit.solver import statefile
from tajkit.solver import wording
from tajkit.solver.errors import BadInput, BadState, Problem
from tajkit.solver.protocol import Record
from tajkit.solver.ranking import join_names
from tajkit.solver.statefields import MAX_PLAYERS_IN_A_FILE, PlayerName
from tajkit.solver.tajmahal.rules import (
    ONCE_RULE,
    PRIZE_RULE,
    TAKEN,
    BonusTile,
    Card,
    Decision,
    Holdings,
    Round,
    Withdrawal,
    total,
)
from tajkit.solver.tajmahal.spec import GAME_ID, OPENER_RULE, START_PLAYER, SYMBOLS, Category, Points, Spec

Symbol = Literal[SYMBOLS]  # type: ignore[valid-type]
STRICT = ConfigDict(extra="forbid", strict=True)
MAX_TURNS = 200  # a round of 4 players with 30 cards each has at most 4 x 31 turns
HOLDINGS = ("palaces", "bonus_tiles", "princess_cards", "rewards", "connection_markers")


# --- what a file describes -------------------------------------------------------------------


@dataclass(frozen=True)
class RoundRecord:
    """One province as the record gives it, resolved."""

    province: int
    prizes: tuple[int | None, ...]  # per category, the player who took it
    withdrawals: tuple[tuple[int, Withdrawal], ...]  # (turn, withdrawal), in order; () without plays
    bonus: BonusTile  # the tile the Tiger gave (its points and when it scores)
    bonus_typed: bool  # the record gives the tile's points (else the game data's default)
    reward: int  # the points of the province's Taj Mahal reward
    played: tuple[int, ...] | None  # cards each player played; None without plays
    holdings: tuple[Holdings, ...]  # every player's holdings after this round


@dataclass(frozen=True)
class Table:
    """What ``tajkit score`` scores: the players, their final holdings, and the rounds when the
    file is a record (``rounds`` is None for a final position)."""

    names: tuple[str, ...]
    holdings: tuple[Holdings, ...]
    cards_left: tuple[int | None, ...]
    rounds: tuple[RoundRecord, ...] | None = None
    record: dict[str, Any] | None = field(default=None, compare=False)  # a record's file, as read


# --- the model (its JSON Schema is published) --------------------------------------------------


def province_type(spec: Spec) -> Any:
    return Annotated[int, Field(ge=1, le=spec.provinces, description=f"a province, 1-{spec.provinces}")]


def card_type(spec: Spec) -> Any:
    return Annotated[
        list[Symbol],  # type: ignore[valid-type]
        Field(
            min_length=1,
            max_length=spec.max_symbols,
            description=f"a card: the symbols it shows, 1-{spec.max_symbols} of {', '.join(SYMBOLS)}",
        ),
    ]


@cache
def player_model(spec: Spec) -> Any:
    """One player's table: the name, and for a final position what they hold and their cards left
    (in the order interactive entry asks for them)."""
    province = province_type(spec)
    return create_model(
        "TajMahalPlayer",
        __config__=STRICT,
        name=(PlayerName, ...),
        palaces=(list[province] | None, Field(  # type: ignore[valid-type]
            default=None, max_length=spec.provinces,
            description=f"the provinces (1-{spec.provinces}) where the player has a palace")),
        bonus_tiles=(list[Points] | None, Field(  # type: ignore[valid-type]
            default=None, max_length=spec.provinces, description="the points of each bonus tile the player took")),
        princess_cards=(int | None, Field(
            default=None, ge=0, le=spec.provinces, description="how many Princess cards the player took")),
        rewards=(list[province] | None, Field(  # type: ignore[valid-type]
            default=None, max_length=spec.provinces,
            description=f"the provinces (1-{spec.provinces}) whose Taj Mahal reward the player took")),
        connection_markers=(int | None, Field(
            default=None, ge=0, le=2 * spec.provinces, description="how many connection markers the player placed")),
        cards_left=(int | None, Field(
            default=None, ge=0, le=spec.deck,
            description=f"bidding cards the player has left, hand and deck, 0-{spec.deck} (the tie-break)")),
    )


@cache
def final_position_model(spec: Spec) -> Any:
    """A final position: one table per player (what interactive entry asks for)."""
    return create_model(
        "TajMahalFinalPosition",
        __config__=ConfigDict(extra="forbid", strict=True, title="tajkit state: Taj Mahal (final position)"),
        game=(Literal["tajmahal"], Field(description='always "tajmahal"')),
        players=(list[player_model(spec)], Field(  # type: ignore[misc]
            min_length=1, max_length=MAX_PLAYERS_IN_A_FILE,
            description=f"the players in seating order, clockwise ({spec.min_players}-{spec.max_players}), "
            "name first")),
    )


@cache
def state_model(spec: Spec) -> Any:
    """The state file ``tajkit score`` reads: a game record (``players`` as names, ``[[rounds]]``)
    or a final position (``[[players]]`` tables with their holdings)."""
    card = card_type(spec)
    play = create_model(
        "TajMahalTurn",
        __config__=STRICT,
        player=(PlayerName, ...),
        cards=(list[card] | None, Field(  # type: ignore[valid-type]
            default=None, min_length=1, max_length=spec.per_turn,
            description=f"the 1-{spec.per_turn} cards played this turn, each a list of its symbols "
            "(rulebook: Bidding Phase)")),
        withdraw=(bool | None, Field(default=None, description="true: the player withdraws this turn")),
    )
    round_ = create_model(
        "TajMahalRound",
        __config__=STRICT,
        province=(int, Field(ge=1, le=spec.provinces,
                             description=f"the province of this round, 1-{spec.provinces}: rounds go 1 to "
                             f"{spec.provinces} in order (rulebook: Special Rules, Province Order)")),
        plays=(list[play] | None, Field(  # type: ignore[valid-type]
            default=None, max_length=MAX_TURNS,
            description="every turn of the round in order: {player, cards = [[symbols], ...]} or "
            "{player, withdraw = true}")),
        prizes=(dict[Symbol, PlayerName] | None, Field(  # type: ignore[valid-type]
            default=None,
            description="who took which prize, by category (checked against the plays when they are given)")),
        bonus_tile=(Points | None, Field(
            default=None, description=f"points on the bonus tile the Tiger gave (default {spec.bonus_tile})")),
        bonus_tile_when=(Literal["now", "end"] | None, Field(
            default=None, description='when that bonus tile scores: "now" or "end" (rulebook: Scoring)')),
    )
    player = player_model(spec)
    entry = Annotated[player, BeforeValidator(_name_to_table, json_schema_input_type=Union[str, player])]  # type: ignore[valid-type]
    return create_model(
        "TajMahalState",
        __config__=ConfigDict(extra="forbid", strict=True, title="tajkit state: Taj Mahal"),
        game=(Literal["tajmahal"], Field(description='always "tajmahal"')),
        players=(list[entry], Field(  # type: ignore[valid-type]
            min_length=1, max_length=MAX_PLAYERS_IN_A_FILE,
            description=f"the players in seating order, clockwise ({spec.min_players}-{spec.max_players}): "
            "names, or tables with name first")),
        rounds=(list[round_] | None, Field(  # type: ignore[valid-type]
            default=None, max_length=spec.provinces,
            description=f"the game record: one table per province played, in order 1..{spec.provinces}")),
    )

def _name_to_table(value: Any) -> Any:
    return {"name": value} if isinstance(value, str) else value


# --- reading ---------------------------------------------------------------------------------


def read_state(spec: Spec, data: dict[str, Any]) -> Table:
    """Validate a parsed state file against the model and the rules; every problem at once."""
    statefile.check_game(data, GAME_ID)
    try:
        parsed = statefile.validate(state_model(spec), data)
    except BadState as exc:
        raise BadState(*(readable_place(p) for p in exc.problems)) from None
    problems = player_problems(spec, parsed)
    if problems:
        raise BadState(*problems)
    if parsed.rounds is not None:
        return record_table(spec, parsed)
    return final_position_table(spec, parsed)


def readable_place(problem: str) -> str:
    """``rounds[4].plays[3].cards`` (places count from 1) as a person says it: ``round 4, turn 3: cards``."""
    match = re.match(r"^rounds\[(\d+)\](?:\.plays\[(\d+)\])?", problem)
    if match is None:
        return problem
    place = f"round {match[1]}" + (f", turn {match[2]}" if match[2] is not None else "")
    rest = problem[match.end():]
    return f"{place}: {rest[1:]}" if rest.startswith(".") else place + rest


def table_problems(spec: Spec, names: list[str]) -> list[str]:
    """How many players sit at the table, and that each has their own name."""
    problems = []
    if not spec.min_players <= len(names) <= spec.max_players:
        problems.append(
            f"players: {len(names)} given, but Taj Mahal takes {spec.min_players}-{spec.max_players}: the 120 "
            f"bidding cards come in 4 player colours (rulebook: Components; at least {spec.min_players}: inferred)"
        )
    for k, name in enumerate(names):
        if name in names[:k]:
            problems.append(f"players: the name {wording.shown(name, 30)!r} appears twice: each player needs their own name")
    return problems


def player_problems(spec: Spec, parsed: Any) -> list[str]:
    problems = table_problems(spec, [p.name for p in parsed.players])
    if parsed.rounds is not None:
        for p in parsed.players:
            given = [h for h in HOLDINGS if getattr(p, h) is not None]
            if given:
                problems.append(
                    f"{wording.shown(p.name, 30)}: {', '.join(given)} given with rounds: a record's holdings come "
                    "from its rounds; give either the rounds or each player's holdings (a final position)"
                )
    return problems


# --- a record --------------------------------------------------------------------------------


def record_table(spec: Spec, parsed: Any) -> Table:
    """An old ``[[rounds]]`` record: its own fields checked (the provinces in order, each turn a
    player's cards or withdrawal, the start player opening each province, who took what named
    among the players), converted to the protocol's record (:func:`to_record`) and replayed
    through the one rules protocol, then its claims, bonus tiles and cards left checked against
    what the rules resolved; every problem of a kind at once, a turn's with its round and turn."""
    from tajkit.solver.tajmahal.protocol import rules_for

    names = tuple(p.name for p in parsed.players)
    problems: list[str] = []
    opened = None  # the first round given with its plays, and who opened it (the start player)
    for k, entry in enumerate(parsed.rounds):
        problems += round_problems(spec, names, k, entry) + opener_problems(spec, k, entry, opened)
        if opened is None and entry.plays:
            opened = (k, entry.plays[0].player)
    if problems:
        raise BadState(*problems)
    rules = rules_for(spec)
    state = rules.start(to_record(spec, parsed).setup)
    for k, entry in enumerate(parsed.rounds):
        for text, where in round_events(spec, parsed, k):
            try:
                state = rules.apply(state, rules.parse(state, text))
            except BadInput as refused:  # the rule, without the legal events a terminal lists
                raise BadState(*(f"{where}: {p.split('; legal now: ')[0]}" for p in refused.problems)) from None
        if len(state.rounds) <= k:
            out = state.round.withdrawn if state.round is not None else (False,) * len(names)  # plays = []: nobody started
            still = [names[i] for i, gone in enumerate(out) if not gone]
            verb = "never withdraws" if len(still) == 1 else "never withdraw"
            raise BadState(f"round {k + 1}: {join_names([wording.shown(s, 30) for s in still])} {verb}: play continues "
                           "until all have withdrawn (rulebook: Bidding Phase)")
    for k, (entry, done) in enumerate(zip(parsed.rounds, state.rounds)):
        if entry.plays is not None:
            problems += check_claims(spec, names, f"round {k + 1}", entry.prizes or {}, done.prizes, done.withdrawals)
        for value, field_ in ((entry.bonus_tile, "bonus_tile"), (entry.bonus_tile_when, "bonus_tile_when")):
            if value is not None and done.prizes[SYMBOLS.index("tiger")] is None:
                problems.append(f"round {k + 1}: {field_} = {wording.show(value)}, but nobody took the Tiger prize "
                                "this round")
    cards_left = []
    all_plays = all(r.plays is not None for r in parsed.rounds)
    for p, played in zip(parsed.players, state.played):
        spent = len(played)
        left = spec.deck - spent if all_plays else p.cards_left
        if p.cards_left is not None and all_plays and p.cards_left != left:
            problems.append(
                f"{wording.shown(p.name, 30)}: cards_left = {p.cards_left}, but the rounds show {spent} of their "
                f"{spec.deck} cards played, so {left} are left (rulebook: Components)"
            )
        elif p.cards_left is not None and p.cards_left > spec.deck - spent:
            problems.append(
                f"{wording.shown(p.name, 30)}: cards_left = {p.cards_left}, but the rounds show {spent} of their "
                f"{spec.deck} cards played, so at most {spec.deck - spent} are left (rulebook: Components)"
            )
        cards_left.append(left)
    if problems:
        raise BadState(*problems)
    record = parsed.model_dump(mode="json", exclude_none=True)
    return Table(names, state.holdings, tuple(cards_left), state.rounds, record)


def to_record(spec: Spec, parsed: Any) -> Record:
    """The old ``[[rounds]]`` form as the protocol's record (``tajkit play``'s): the players; the
    bonus tiles the rounds give (a tile's points left out where a round gives only when it
    scores); no deck (the old form never had one: each card is taken as shown); a round given by
    its prizes alone, told so (``told``); and every turn of the others as an event naming its
    player (``Ben: play E EM``, ``Chen: withdraw``), after ``start NAME`` for the start player,
    the first player of the first round with its plays (and for who opens each later province,
    where a group's data lets any player open one)."""
    setup: dict[str, Any] = {"players": [p.name for p in parsed.players]}
    rounds = parsed.rounds
    if any(r.bonus_tile is not None or r.bonus_tile_when is not None for r in rounds):
        tiles: list[dict[str, Any]] = [{} for _ in range(spec.provinces)]
        for k, r in enumerate(rounds):
            tiles[k] = {key: value for key, value in (("points", r.bonus_tile), ("when", r.bonus_tile_when))
                        if value is not None}
        setup["bonus_tiles"] = tiles
    told = [{"province": k + 1, "prizes": dict(r.prizes or {})} for k, r in enumerate(rounds) if r.plays is None]
    if told:
        setup["told"] = told
    events = tuple(text for k in range(len(rounds)) for text, _ in round_events(spec, parsed, k))
    return Record(GAME_ID, setup, events)


def round_events(spec: Spec, parsed: Any, k: int) -> list[tuple[str, str]]:
    """Round ``k``'s turns as protocol events, each with where the record gives it."""
    from tajkit.solver.tajmahal.notation import canonical, card_text

    plays = parsed.rounds[k].plays
    if not plays:
        return []
    first = next(r for r in parsed.rounds if r.plays)
    opens = first is parsed.rounds[k] or spec.opener != START_PLAYER  # the start player; or who opens it
    events = [(f"start {plays[0].player}", f"round {k + 1}, turn 1")] if opens else []
    for t, play in enumerate(plays, start=1):
        move = "withdraw" if play.withdraw else "play " + " ".join(card_text(canonical(c)) for c in play.cards)
        events.append((f"{play.player}: {move}", f"round {k + 1}, turn {t}"))
    return events


def opener_problems(spec: Spec, k: int, entry: Any, opened: tuple[int, str] | None) -> list[str]:
    """A round whose plays open with another player than the first round given with its plays
    (``opened``: that round and its first player, the start player), where the start player opens
    every province (``[rounds] opener``, inferred: :data:`OPENER_RULE`)."""
    if spec.opener != START_PLAYER or opened is None or not entry.plays or entry.plays[0].player == opened[1]:
        return []
    first, starter = opened
    return [f"round {k + 1}, turn 1: {wording.shown(entry.plays[0].player, 30)} opens the province, but "
            f"{wording.shown(starter, 30)}, who opened round {first + 1}, is the start player and opens every one "
            f"({OPENER_RULE})"]


def round_problems(spec: Spec, names: tuple[str, ...], k: int, entry: Any) -> list[str]:
    """What round ``k`` of a record breaks on its own: its province out of order, neither plays
    nor prizes, a prize claimed by someone not playing, a turn by someone not playing or not
    saying whether they play cards or withdraw."""
    where = f"round {k + 1}"
    problems = []
    if entry.province != k + 1:
        problems.append(
            f"{where}: province = {entry.province}, but provinces are resolved in order from 1 to {spec.provinces}, "
            f"so round {k + 1} is province {k + 1} (rulebook: Special Rules, Province Order)"
        )
    if entry.plays is None and entry.prizes is None:
        problems.append(f"{where}: give its plays (every turn, in order) or its prizes (who took which), or both")
    listed = ", ".join(wording.shown(n, 30) for n in names)
    problems += [f"{where}: prizes.{cid} = {wording.show(who)}: not one of the players ({listed})"
                 for cid, who in (entry.prizes or {}).items() if who not in names]
    for t, play in enumerate(entry.plays or (), start=1):
        if play.player not in names:
            return problems + [f"{where}, turn {t}: player = {wording.show(play.player)}: not one of the players ({listed})"]
        if (play.cards is None) == (play.withdraw is None) or play.withdraw is False:
            return problems + [f"{where}, turn {t}: {wording.shown(play.player, 30)} either plays cards (cards = "
                               "[[symbols], ...]) or withdraws (withdraw = true), one of the two (rulebook: Bidding Phase)"]
    return problems


def check_claims(spec: Spec, names: tuple[str, ...], where: str, claims: dict[str, str],
                 winners: tuple[int | None, ...], withdrawals: tuple[tuple[int, Withdrawal], ...]) -> list[str]:
    """Every typed claim against the prizes the plays resolve to, with the reason when they differ."""
    problems = []
    turns = {w.player: t for t, w in withdrawals}
    for cid, who in claims.items():
        if who not in names:
            continue
        k = SYMBOLS.index(cid)
        claimant = names.index(who)
        if winners[k] == claimant:
            continue
        decision = next(w for _, w in withdrawals if w.player == claimant).decisions[k]
        name = wording.shown(who, 30)
        went = "nobody took it" if winners[k] is None else (
            f"{wording.shown(names[winners[k]], 30)} took it at turn {turns[winners[k]]}")
        cat = spec.categories[k]
        problems.append(f"{where}: {name} claims the {cat.name} prize ({cat.prize}), but "
                        f"{claim_reason(cat, decision, name, turns[claimant], went)}")
    return problems


def claim_reason(cat: Category, d: Decision, name: str, turn: int, went: str) -> str:
    """Why a withdrawal did not take a prize, as the end of a sentence."""
    symbol = cat.id.replace("_", " ")
    shows = f"{d.mine} {symbol} symbol{'s' if d.mine != 1 else ''}"
    rivals = join_names([wording.shown(r, 30) for r in d.rivals]) if d.rivals else ""
    return {
        "taken": f"{went}, before {name} withdrew at turn {turn} ({ONCE_RULE})",
        "empty": f"nobody showed a {symbol} symbol, so it is not awarded (rulebook: Special Rules, Empty Categories)",
        "none": f"{name} withdrew at turn {turn} showing no {symbol} symbol; {went} ({PRIZE_RULE})",
        "short": f"{name} withdrew at turn {turn} showing {shows} and the prize needs {cat.min_symbols} "
                 f"({cat.min_source}: the category is '{cat.name}'); {went}",
        "beaten": f"when {name} withdrew at turn {turn} with {shows}, {rivals} showed more ({d.best}); {went} "
                  f"({PRIZE_RULE})",
        "tied_in": f"when {name} withdrew at turn {turn} with {shows}, {rivals} showed more ({d.best} each); "
                   f"{went} ({PRIZE_RULE})",
    }[d.kind]


# --- a final position ------------------------------------------------------------------------


def final_position_table(spec: Spec, parsed: Any) -> Table:
    problems = final_position_problems(spec, parsed)
    if problems:
        raise BadState(*problems)
    holdings = []
    for p in parsed.players:
        holdings.append(Holdings(
            palaces=frozenset(p.palaces or ()),
            bonus_tiles=tuple(BonusTile(None, v, True) for v in (p.bonus_tiles or ())),
            princess_cards=p.princess_cards or 0,
            markers=p.connection_markers or 0,
            rewards=tuple((q, spec.reward(q)) for q in sorted(p.rewards or ())),
        ))
    return Table(tuple(p.name for p in parsed.players), tuple(holdings), tuple(p.cards_left for p in parsed.players))


def final_position_problems(spec: Spec, parsed: Any) -> list[Problem]:
    """What a final position cannot hold: each province has one Elephant prize and one Taj Mahal
    prize, so one palace and one reward at most; one Tiger and one Princess prize per province, two
    Advisors (rulebook: Prize Categories, Turn Structure: one round per province)."""
    problems = []
    what = {"palaces": "the palace", "rewards": "the Taj Mahal reward"}
    for field_, prize in (("palaces", "Elephant"), ("rewards", "Taj Mahal")):
        owner: dict[int, str] = {}
        for p in parsed.players:
            name = wording.shown(p.name, 30)
            listed = getattr(p, field_) or []
            for q in sorted(set(listed)):
                if listed.count(q) > 1:
                    problems.append(Problem(f"{name}: {field_} lists province {q} twice: one {prize} prize per province",
                                            (field_,)))
                if q in owner:
                    problems.append(Problem(
                        f"{name}: {field_} lists province {q}, but {owner[q]} has {what[field_]} there: each province "
                        f"has one {prize} prize (rulebook: Prize Categories; one round per province)", (field_,)
                    ))
                owner.setdefault(q, name)
    for field_, each, what in (("bonus_tiles", 1, "Tiger prize (a bonus tile)"),
                               ("princess_cards", 1, "Princess card"),
                               ("connection_markers", 2, "connection markers (Yellow and White Advisor)")):
        held = sum(_amount(getattr(p, field_)) for p in parsed.players)
        most = each * spec.provinces
        if held > most:
            problems.append(Problem(
                f"{field_}: the players hold {held} together, but each of the {spec.provinces} provinces gives one "
                f"round's {what}{'' if each == 1 else f', {each} per round'}, so at most {most} (rulebook: Prize Categories)",
                (field_,),
            ))
    return problems


def _amount(value: Any) -> int:
    if value is None:
        return 0
    return len(value) if isinstance(value, list) else int(value)


def to_data(spec: Spec, table: Table) -> dict[str, Any]:
    """The state-file dict of a table: a record as it was read, else its final position (what
    interactive entry saves and ``score`` reads back)."""
    return dict(table.record) if table.record is not None else final_position(table)


def final_position(table: Table) -> dict[str, Any]:
    """What each player holds at the end (or now), as a final-position file."""
    players = []
    for name, h, left in zip(table.names, table.holdings, table.cards_left):
        entry: dict[str, Any] = {
            "name": name,
            "palaces": sorted(h.palaces),
            "bonus_tiles": [t.points for t in h.bonus_tiles],
            "princess_cards": h.princess_cards,
            "rewards": [q for q, _ in h.rewards],
            "connection_markers": h.markers,
        }
        if left is not None:
            entry["cards_left"] = left
        players.append(entry)
    return {"game": GAME_ID, "players": players}


# --- a hint position (a round in progress, what tajkit hint reads) -----------------------------


@dataclass(frozen=True)
class Seat:
    """One player in a hint position: this round's display, whether they are out, and what the
    file gives of their hand and palaces."""

    name: str
    display: tuple[Card, ...]
    withdrawn: bool
    hand: tuple[Card, ...] | None
    palaces: frozenset[int]


@dataclass(frozen=True)
class HintPosition:
    """What ``tajkit hint`` reads, typed: a round in progress (its province, whose turn, every
    player's display, the prizes still unclaimed), the hand of the player the hint is for."""

    province: int
    turn: int
    seats: tuple[Seat, ...]
    unclaimed: tuple[str, ...]
    bonus_tile: int  # points of this province's bonus tile (the position's, else the data's default)
    bonus_typed: bool
    reward: int  # points of this province's Taj Mahal reward

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats)

    def round(self) -> Round:
        """The live round in the rules model (the player to move next: ``turn``)."""
        return Round(
            province=self.province,
            names=self.names,
            displays=tuple(total(s.display) for s in self.seats),
            played=tuple(len(s.display) for s in self.seats),
            withdrawn=tuple(s.withdrawn for s in self.seats),
            claimed=tuple(None if c in self.unclaimed else TAKEN for c in SYMBOLS),
            to_move=self.turn,
        )


@cache
def hint_position_model(spec: Spec) -> Any:
    """The file ``tajkit hint`` reads: a round in progress (its JSON Schema is published)."""
    card = card_type(spec)
    province = province_type(spec)
    seat = create_model(
        "TajMahalSeat",
        __config__=STRICT,
        name=(PlayerName, ...),
        display=(list[card], Field(  # type: ignore[valid-type]
            default=[], max_length=spec.deck, description="the cards in front of the player this round")),
        withdrawn=(bool, Field(default=False, description="true once the player has withdrawn this round")),
        hand=(list[card] | None, Field(  # type: ignore[valid-type]
            default=None, max_length=spec.deck,
            description="the player's hand, each card a list of its symbols (needed for the player the hint is for)")),
        palaces=(list[province] | None, Field(  # type: ignore[valid-type]
            default=None, max_length=spec.provinces,
            description="the provinces where the player has a palace (for what a palace here adds to the chain)")),
    )
    return create_model(
        "TajMahalPosition",
        __config__=ConfigDict(extra="forbid", strict=True, title="tajkit position: Taj Mahal"),
        game=(Literal["tajmahal"], Field(description='always "tajmahal"')),
        province=(province, Field(description=f"the province being played, 1-{spec.provinces}")),
        turn=(PlayerName, Field(description="whose turn it is")),
        unclaimed=(list[Symbol] | None, Field(  # type: ignore[valid-type]
            default=None, max_length=len(SYMBOLS),
            description=f"the prizes still unclaimed this round (default: all six: {', '.join(SYMBOLS)})")),
        bonus_tile=(Points | None, Field(default=None, description="points on this province's bonus tile")),
        reward=(Points | None, Field(default=None, description="points of this province's Taj Mahal reward")),
        players=(list[seat], Field(  # type: ignore[valid-type]
            min_length=1, max_length=MAX_PLAYERS_IN_A_FILE, description="the players in seating order, clockwise, name first")),
    )


def read_hint_position(spec: Spec, data: dict[str, Any]) -> HintPosition:
    """Validate a parsed hint file against the model and the rules; every problem at once."""
    statefile.check_game(data, GAME_ID)
    parsed = statefile.validate(hint_position_model(spec), data)
    problems = hint_position_problems(spec, parsed)
    if problems:
        raise BadState(*problems)
    seats = tuple(
        Seat(p.name, tuple(Card(tuple(c)) for c in p.display), p.withdrawn,
             tuple(Card(tuple(c)) for c in p.hand) if p.hand is not None else None, frozenset(p.palaces or ()))
        for p in parsed.players
    )
    unclaimed = tuple(c for c in SYMBOLS if parsed.unclaimed is None or c in parsed.unclaimed)
    position = HintPosition(
        province=parsed.province,
        turn=[s.name for s in seats].index(parsed.turn),
        seats=seats,
        unclaimed=unclaimed,
        bonus_tile=parsed.bonus_tile if parsed.bonus_tile is not None else spec.bonus_tile,
        bonus_typed=parsed.bonus_tile is not None,
        reward=parsed.reward if parsed.reward is not None else spec.reward(parsed.province),
    )
    contradictions = open_but_won(spec, position) + taken_by_nobody(spec, position)
    if contradictions:
        raise BadState(*contradictions)
    return position


def hint_position_problems(spec: Spec, parsed: Any) -> list[str]:
    names = [p.name for p in parsed.players]
    problems = table_problems(spec, names)
    if parsed.turn not in names:
        problems.append(f"turn = {wording.show(parsed.turn)}: not one of the players "
                        f"({', '.join(wording.shown(x, 30) for x in names)})")
    else:
        seat = parsed.players[names.index(parsed.turn)]
        if seat.withdrawn:
            problems.append(f"turn = {wording.show(parsed.turn)}, but {wording.shown(seat.name, 30)} has withdrawn: "
                            "once withdrawn, a player takes no more actions this round (rulebook: Bidding Phase)")
    if parsed.unclaimed is not None and len(set(parsed.unclaimed)) != len(parsed.unclaimed):
        problems.append("unclaimed names a prize twice: list each unclaimed prize once")
    owner: dict[int, str] = {}
    for p in parsed.players:
        name = wording.shown(p.name, 30)
        for q in p.palaces or ():
            if q >= parsed.province:
                problems.append(
                    f"{name}: palaces lists province {q}, but the round is at province {parsed.province} and provinces "
                    f"are resolved in order from 1 (rulebook: Special Rules, Province Order)"
                )
            elif q in owner:
                problems.append(f"{name}: palaces lists province {q}, but {owner[q]} has the palace there: each "
                                "province has one Elephant prize (rulebook: Prize Categories)")
            owner.setdefault(q, name)
        if len(p.hand or ()) + len(p.display) > spec.deck:
            problems.append(f"{name}: {len(p.hand or ())} cards in hand and {len(p.display)} in the display, but each "
                            f"player has {spec.deck} bidding cards (rulebook: Components)")
    return problems


def open_but_won(spec: Spec, position: HintPosition) -> list[str]:
    """A prize listed as unclaimed that a player already out must have taken: their display shows
    at least as many symbols as every display now, and displays only grow, so it led when they
    withdrew (rulebook: Prize Collection)."""
    state = position.round()
    problems = []
    for k, cid in enumerate(SYMBOLS):
        if cid not in position.unclaimed:
            continue
        for i, seat in enumerate(position.seats):
            if seat.withdrawn and state.decide(spec, i)[k].won:
                problems.append(
                    f"unclaimed lists {cid}, but {wording.shown(seat.name, 30)} withdrew showing "
                    f"{state.displays[i][k]} {cid} symbols, at least as many as anyone shows now, so took it then "
                    "(rulebook: Prize Collection): leave it out of unclaimed"
                )
                break
    return problems


def taken_by_nobody(spec: Spec, position: HintPosition) -> list[str]:
    """Prizes left out of unclaimed that no player who has withdrawn could have taken: a prize is
    taken only by withdrawing, showing at least the category's fewest symbols, and a withdrawn
    player's display no longer changes (rulebook: Prize Collection, Bidding Phase)."""
    state = position.round()
    out = [i for i, seat in enumerate(position.seats) if seat.withdrawn]
    gone = [cid for k, cid in enumerate(SYMBOLS) if cid not in position.unclaimed
            and not any(state.displays[i][k] >= spec.categories[k].min_symbols for i in out)]
    if not gone:
        return []
    if out:
        names = join_names([wording.shown(position.seats[i].name, 30) for i in out])
        who = f"{names}, who {'has' if len(out) == 1 else 'have'} withdrawn, {'shows' if len(out) == 1 else 'show'}"
        why = f"{who} too few of {'its symbol' if len(gone) == 1 else 'their symbols'} to have taken {'it' if len(gone) == 1 else 'them'}"
    else:
        why = "nobody has withdrawn this round"
    return [f"unclaimed leaves out {join_names(gone)}, but {why}, and a prize is taken only by withdrawing "
            f"(rulebook: Prize Collection): list {'it' if len(gone) == 1 else 'them'} in unclaimed"]
