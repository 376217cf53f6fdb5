"""The Maharani state file: a start position and the turns played from it.

The start is either ``position = "..."`` (the notation of :mod:`notation`) or the same data spelled
out: ``rondel`` (four tiles), an optional ``[board]`` table (space = tile), ``to_move`` and, per
player, ``side``, ``gold``, ``markers_down``, ``workers`` (``workers_b`` and ``aside_b`` for a
two-player game's second colour) and ``aside``. With no board and no gold that is the setup, so a
whole game's record is ``rondel`` (the first four tiles drawn) plus ``turns``.

The file is the protocol's record in the turns' notation: the start is the record's setup, and
:func:`to_record` converts the turns into its events (each placement, ``end`` after a single tile,
each tile drawn), each applied by the rules protocol (:mod:`.protocol`) in the state it reaches,
so a state file and a game in play are replayed and checked by the same code; the scorer reads
the protocol's states. The first illegal turn stops the replay with its number, its player and
the rule.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from typing import TYPE_CHECKING, Annotated, Any, Literal, Optional

from tajkit.solver import statefile
from tajkit.solver import wording
from tajkit.solver.errors import BadState, IllegalMove
from tajkit.solver.maharani import notation
from tajkit.solver.maharani.rules import (
    CENTRE_RULE,
    PLACING,
    SECOND,
    Position,
    QuarterScore,
    Tile,
    TurnResult,
    bag,
    centre_full,
    close_game,
    crew,
    game_over,
    live_bag,
)
from tajkit.solver.maharani.spec import DIRS, GAME_ID, Spec
from tajkit.solver.protocol import Record
from tajkit.solver.protocol import Replay as Replayed

if TYPE_CHECKING:
    from tajkit.solver.maharani.protocol import MaharaniRules, MaharaniState

MAX_TURNS = 1000


@dataclass(frozen=True)
class Start:
    """A state file's start as read: the players, the position as typed (``from_setup``: it is
    the setup, an empty board and no gold), and for a finished table typed as a position, its
    unfinished quarters scored (``closing``) into the position play starts from (``after``)."""

    names: tuple[str, ...]
    position: Position
    from_setup: bool
    over: str | None  # why the game is over at the start, if it is
    closing: tuple[QuarterScore, ...]
    after: Position


@dataclass(frozen=True)
class Replay:
    """A state file read: its protocol record (the start as setup, the turns as events) with every
    state the rules protocol replayed it into, and the state the turns lead to (``last``: a last
    turn written without the tiles drawn ends there, the slots left empty). ``results``: what each
    turn did, as the states hold it, with the centre-column tiles the file says were drawn and set
    aside (the record leaves them out: they change nothing on the table)."""

    opening: Start
    texts: tuple[str, ...]  # the turns as typed
    replayed: Replayed
    last: MaharaniState
    results: tuple[TurnResult, ...]

    @property
    def names(self) -> tuple[str, ...]:
        return self.opening.names

    @property
    def start(self) -> Position:
        """The start position as typed."""
        return self.opening.position

    @property
    def from_setup(self) -> bool:
        return self.opening.from_setup

    @property
    def closing(self) -> tuple[QuarterScore, ...]:
        return self.opening.closing

    @property
    def end(self) -> Position:
        """The position after the last turn (and the closing scorings)."""
        return self.last.position

    @property
    def over(self) -> str | None:
        return self.last.over


@cache
def state_model(spec: Spec) -> Any:
    from pydantic import ConfigDict, Field, create_model

    from tajkit.solver.statefields import PlayerName

    strict = ConfigDict(extra="forbid", strict=True)
    space = Annotated[str, Field(pattern=r"^[a-p][0-9]{1,2}$", description="a space: column letter and row number, e.g. c4")]
    quarter = Annotated[int, Field(ge=1, le=4)]
    colours = ", ".join(f"{c.code} {c.name}" for c in spec.colours)
    player = create_model(
        "MaharaniPlayer",
        __config__=strict,
        name=(PlayerName, ...),  # PlayerName's own description says the rule
        side=(Optional[Literal["n", "e", "s", "w"]], Field(default=None, description="the side of the board (n e s w) of the player's position marker (default by seat order: s, w, n, e)")),
        gold=(int, Field(default=0, ge=0, le=notation.MAX_GOLD, description=f"gold on the score track, 0-{notation.MAX_GOLD}")),
        markers_down=(list[quarter], Field(default=[], max_length=4, description="the quarters (1-4) whose action markers are face down")),
        workers=(list[space], Field(default=[], max_length=30, description="spaces of the player's workers (two players: the first colour, a)")),
        workers_b=(list[space], Field(default=[], max_length=30, description="two players: spaces of the second colour's workers (b)")),
        aside=(list[quarter], Field(default=[], max_length=12, description="quarters beside which one of the player's workers was set (rulebook: Fontos)")),
        aside_b=(list[quarter], Field(default=[], max_length=12, description="two players: the same for the second colour")),
    )
    tile = Annotated[str, Field(pattern=r"^([A-Z][cnesw]{1,5}|-)$", description=f"a tile: colour ({colours}) and column marks read with the arrow up, e.g. Bne; - for an empty slot")]
    placed = Annotated[str, Field(pattern=r"^[A-Z][nesw]$", description=f"a tile on the board: colour ({colours}) and where its arrow points, e.g. Bn")]
    turn = Annotated[str, Field(min_length=1, max_length=200, description="a turn: r (refresh) or one or two placements like 2c4s+, then | and the tiles drawn")]
    return create_model(
        "MaharaniState",
        __config__=ConfigDict(extra="forbid", strict=True, title="tajkit state: Maharani"),
        game=(Literal["maharani"], Field(description='always "maharani"')),
        position=(Optional[str], Field(default=None, min_length=1, max_length=2000, description="the start position in tajkit's notation (board workers rondel players to-move); or spell it out with rondel, board, to_move and the players' fields")),
        rondel=(Optional[list[tile]], Field(default=None, min_length=4, max_length=4, description="the tiles on rondel slots 1-4, each a colour letter and its column marks read with the arrow up (e.g. Bne), - for an empty slot (at the setup: the first four drawn)")),
        board=(Optional[dict[space, placed]], Field(default=None, description="the tiles on the board: space = colour letter and the arrow's direction, e.g. c4 = \"Bn\" (none at the setup)")),
        to_move=(Optional[str], Field(default=None, min_length=1, max_length=60, description="the name of the player whose turn it is (default: the first)")),
        turns=(list[turn], Field(default=[], max_length=MAX_TURNS, json_schema_extra={"entry": "lines"},
                                 description="the turns played from the start, in order: each r (refresh) or placements like 2c4s+ 3f6n, then | and the tiles drawn")),
        players=(Optional[list[player]], Field(default=None, min_length=spec.min_players, max_length=spec.max_players, description=f"{spec.min_players}-{spec.max_players} players in turn order, name first")),
    )


def read_state(spec: Spec, data: dict[str, Any]) -> Replay:
    """The state file checked and replayed (BadState for the file, IllegalMove for a turn)."""
    from tajkit.solver.maharani.protocol import rules_for

    statefile.check_game(data, GAME_ID)
    parsed: Any = statefile.validate(state_model(spec), data)
    start = _start(spec, parsed)
    rules = rules_for(spec)
    setup = {k: v for k, v in data.items() if k not in ("game", "turns")}
    replayed, last, aside = to_record(rules, rules.start_at(setup, start), setup, parsed.turns)
    results = tuple(replace(r, took=took, set_aside=r.set_aside + dead) if dead else r
                    for r, (dead, took) in zip(last.results, aside))
    return Replay(start, tuple(parsed.turns), replayed, last, results)


def read_start(spec: Spec, data: dict[str, Any]) -> Start:
    """A state file's start (the protocol's setup) checked and read."""
    statefile.check_game(data, GAME_ID)
    return _start(spec, statefile.validate(state_model(spec), data))


def _start(spec: Spec, parsed: Any) -> Start:
    names, pos = _names_and_position(spec, parsed)
    from_setup = all(c < 0 for c in pos.colour) and not any(pos.gold) and parsed.position is None
    over = game_over(spec, pos)
    closing, after = close_game(spec, pos) if over is not None and not parsed.turns else ((), pos)
    return Start(tuple(names), pos, from_setup, over, closing, after)


def _names_and_position(spec: Spec, parsed: Any) -> tuple[list[str], Position]:
    spelled = [f for f in ("rondel", "board", "to_move") if getattr(parsed, f) is not None]
    if parsed.position is not None:
        detail = [f for p in parsed.players or () for f in _player_fields(p)]
        if spelled or detail:
            raise BadState(
                f"position is given, so {', '.join(dict.fromkeys(spelled + detail))} must not be: write the start once, "
                "either as position or spelled out"
            )
        names = [p.name for p in parsed.players] if parsed.players else None
        pos = notation.parse_position(spec, parsed.position, names)
        names = names or [f"player {k + 1}" for k in range(pos.players)]
        _check_names(names)
        return names, pos
    if parsed.players is None or parsed.rondel is None:
        missing = " and ".join(f for f in ("rondel", "players") if getattr(parsed, f) is None)
        raise BadState(f"{missing} missing: give the start as position = \"...\", or spell it out with rondel and [[players]]")
    names = [p.name for p in parsed.players]
    _check_names(names)
    return names, _spelled_out(spec, parsed, names)


def _player_fields(player: Any) -> list[str]:
    fields = ("side", "gold", "markers_down", "workers", "workers_b", "aside", "aside_b")
    return [f"players.{f}" for f in fields if getattr(player, f) not in (None, 0, [])]


def _check_names(names: list[str]) -> None:
    seen = [n for k, n in enumerate(names) if n in names[:k]]
    if seen:
        raise BadState(f"players: the name {wording.shown(seen[0], 30)!r} appears twice: each player needs their own name")


def _spelled_out(spec: Spec, parsed: Any, names: list[str]) -> Position:
    n = len(names)
    problems: list[str] = []
    size = len(spec.spaces)
    colour, arrow, worker = [-1] * size, [-1] * size, [-1] * size
    for name, token in (parsed.board or {}).items():
        space = spec.space_index(name)
        if space is None:
            problems.append(f"board.{name}: not a space of the board")
            continue
        problem = notation._board_tile(spec, token, space, colour, arrow)
        if problem:
            problems.append(f"board.{name}: {problem}")
    rondel: list[Tile | None] = []
    for k, token in enumerate(parsed.rondel):
        tile, problem = (None, None) if token == "-" else notation.parse_tile(spec, token)
        if problem:
            problems.append(f"rondel slot {k + 1}: {problem}")
        rondel.append(tile)
    seats = spec.seats[n]
    sides = [DIRS.index(p.side) if p.side else seats[k] for k, p in enumerate(parsed.players)]
    for k, side in enumerate(sides):
        if side in sides[:k]:
            problems.append(f"{wording.shown(names[k], 30)}: side {DIRS[side]} is taken: each player has a side of their own")
    aside: list[tuple[int, int]] = []
    two = spec.crews_per_player[n] == 2
    for k, p in enumerate(parsed.players):
        if not two and (p.workers_b or p.aside_b):
            problems.append(f"{wording.shown(p.name, 30)}: workers_b and aside_b are for a two-player game's second colour")
        for c, (spaces, beside) in enumerate(((p.workers, p.aside), (p.workers_b, p.aside_b))):
            for name in spaces:
                problem = notation.put_worker(spec, worker, name, crew(k, c))
                if problem:
                    problems.append(f"{wording.shown(p.name, 30)}: workers: {problem}")
            aside += [(crew(k, c), q - 1) for q in beside]
    to_move = 0
    if parsed.to_move is not None:
        if parsed.to_move not in names:
            problems.append(f"to_move = {wording.show(parsed.to_move)}: not one of the players ({', '.join(names)})")
        else:
            to_move = names.index(parsed.to_move)
    if problems:
        raise BadState(*problems)
    pos = Position(
        tuple(colour), tuple(arrow), tuple(worker), tuple(rondel),
        tuple(p.gold for p in parsed.players),
        tuple(sum(1 << (q - 1) for q in set(p.markers_down)) for p in parsed.players),
        tuple(sides), to_move, tuple(sorted(aside)),
    )
    problems = notation.position_problems(spec, pos, names)
    if problems:
        raise BadState(*problems)
    return pos


def to_record(rules: MaharaniRules, state: MaharaniState, setup: dict[str, Any],
              texts: list[str]) -> tuple[Replayed, MaharaniState, list[tuple[tuple[Tile, ...], tuple[Tile, ...]]]]:
    """The turns converted into the protocol's record: each turn's events (each placement, ``end``
    after a single tile, each tile drawn, as ``rules.format`` writes them), each applied by the
    rules protocol in the state the ones before it reach (the record and its states are what
    ``protocol.replay`` makes of it), the state the turns lead to and, for each turn, the tiles its
    text says were drawn and set aside, with all the tiles it drew.

    The turns' notation leaves to the position what the record says: whether a single tile's
    turn ends by itself (no second tile fits), and which tiles drawn were set aside (a centre-column
    tile once the centre spaces are taken, Különleges eset 1); so each turn's events are found in
    the state it starts in. A last turn written without the tiles drawn ends where it stops, its
    emptied slots left empty (:meth:`MaharaniRules.end_as_recorded`); an earlier one is refused,
    as the rondel is refilled before the next turn."""
    from tajkit.solver.maharani.protocol import DRAW, MORE, Draw, EndTurn, Place, Refresh

    spec = rules.spec
    states, actions, events = [state], [], []
    set_aside: list[tuple[tuple[Tile, ...], tuple[Tile, ...]]] = []

    def act(action: Any, label: str, which: str = "") -> None:
        nonlocal state
        before = state
        try:
            state = rules.apply(before, action)
        except IllegalMove as refused:
            raise IllegalMove(*(f"{label}: {which}{problem}" for problem in refused.problems)) from None
        if isinstance(action, Place):  # the arrow and the worker as the rules resolved them
            k = len(before.placed)
            action = Place(state.placed[k] if state.placed else state.results[-1].placed[k].placement)
        events.append(rules.format(before, action))
        actions.append(action)
        states.append(state)

    for k, text in enumerate(texts):
        label = f"turn {k + 1} ({wording.shown(state.table.names[state.position.to_move], 30)}, {wording.shown(text, 40)!r})"
        if state.over is not None:
            raise IllegalMove(f"{label}: the game ended after turn {k}: {state.over}")
        try:
            turn = notation.parse_turn(spec, text)
        except IllegalMove as refused:
            raise IllegalMove(*(f"{label}: {problem}" for problem in refused.problems)) from None
        draws = list(turn.draws or ())
        aside: list[Tile] = []

        def drawn() -> None:  # the tiles written after |, while the rondel waits for them
            while draws and state.phase == DRAW:
                tile = draws.pop(0)
                if spec.kinds[tile[1]].centre and centre_full(spec, state.position):
                    _set_aside(spec, state.position, tile, aside, label)
                else:
                    act(Draw(tile), label)

        if turn.refresh:
            act(Refresh(), label)
        for n, placement in enumerate(turn.placements):
            which = ("first tile: ", "second tile: ")[n]
            if n:
                drawn()
                if state.phase != MORE:
                    raise IllegalMove(f"{label}: {which}{_no_second(spec, state)}")
            act(Place(placement), label, which)
        if len(turn.placements) == 1:
            drawn()
            if state.phase == MORE:
                act(EndTurn(), label)
        drawn()
        if state.phase == DRAW:  # the rondel still waits for tiles
            if turn.draws is not None or k < len(texts) - 1:
                raise IllegalMove(f"{label}: {_undrawn(spec, state, turn.draws is not None)}")
            state = rules.end_as_recorded(state)
        left = [t for t in draws if not (spec.kinds[t[1]].centre and centre_full(spec, state.position))]
        if left or (draws and live_bag(spec, state.position)):
            raise IllegalMove(f"{label}: {len(draws)} more tile(s) drawn than the rondel's empty slots take ({PLACING})")
        for tile in draws:  # the last tiles in the bag, drawn and set aside
            _set_aside(spec, state.position, tile, aside, label)
        set_aside.append((tuple(aside), turn.draws or ()))
    return Replayed(Record(GAME_ID, setup, tuple(events)), tuple(states), tuple(actions)), state, set_aside


def _set_aside(spec: Spec, pos: Position, tile: Tile, aside: list[Tile], label: str) -> None:
    """A centre-column tile drawn once the centre spaces are taken leaves the game (it is in the
    turn's draws, not in the record: nothing changes on the table)."""
    if bag(spec, pos)[tile] - aside.count(tile) <= 0:
        raise IllegalMove(f"{label}: {spec.tile_name(*tile)} drawn, but no such tile is left in the bag")
    aside.append(tile)


def _no_second(spec: Spec, state: MaharaniState) -> str:
    from tajkit.solver.maharani.protocol import DRAW, MORE

    if state.phase == DRAW and state.then == MORE:
        return (f"slot {state.pending[0] + 1} of the rondel is refilled from the bag at once, before a second tile "
                f"({CENTRE_RULE}): write every tile drawn after |")
    return f"no tile on the rondel fits a free space after the first, so the turn ends with it ({SECOND})"


def _undrawn(spec: Spec, state: MaharaniState, written: bool) -> str:
    slot = state.pending[0] + 1
    live = sum(live_bag(spec, state.position).values())
    if written:
        return f"slot {slot} of the rondel is empty and the bag still holds {live} tile(s): write every tile drawn after | ({PLACING})"
    return (f"no tiles drawn are written, but slot {slot} of the rondel is refilled from the bag ({live} tile(s) "
            f"left) before the next turn ({PLACING}): write every tile drawn after |; only the last turn may leave them out")


def to_data(spec: Spec, replay: Replay) -> dict[str, Any]:
    return {
        "game": GAME_ID,
        "position": notation.format_position(spec, replay.start),
        "turns": list(replay.texts),
        "players": [{"name": n} for n in replay.names],
    }
