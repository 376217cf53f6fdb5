"""The Maharani state file: a start position and the turns played from it.

The start is either ``position = "..."`` (the notation of :mod:`notation`) or the same data spelled
out: ``rondel`` (four tiles), an optional ``[board]`` table (space = tile), ``to_move`` and, per
player, ``side``, ``gold``, ``markers_down``, ``workers`` (``workers_b`` and ``aside_b`` for a
two-player game's second colour) and ``aside``. With no board and no gold that is the setup, so a
whole game's record is ``rondel`` (the first four tiles drawn) plus ``turns``. Every turn is
replayed and checked; the first illegal one stops the replay with its number and the rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Annotated, Any, Literal, Optional

from tajkit.solver import statefile
from tajkit.solver import wording
from tajkit.solver.errors import BadState, IllegalMove
from tajkit.solver.maharani import notation
from tajkit.solver.maharani.rules import (
    Position,
    QuarterScore,
    Tile,
    Turn,
    TurnResult,
    close_game,
    crew,
    game_over,
    play,
)
from tajkit.solver.maharani.spec import DIRS, GAME_ID, Spec

MAX_TURNS = 1000


@dataclass(frozen=True)
class Replay:
    names: tuple[str, ...]
    start: Position
    from_setup: bool  # the start is the setup: empty board, no gold
    texts: tuple[str, ...]  # the turns as typed
    turns: tuple[Turn, ...]
    results: tuple[TurnResult, ...]
    end: Position  # after the last turn (and the closing scorings)
    over: str | None  # why the game is over, if it is
    closing: tuple[QuarterScore, ...] = ()  # a typed finished table whose unfinished quarters still hold workers


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
    statefile.check_game(data, GAME_ID)
    parsed: Any = statefile.validate(state_model(spec), data)
    names, start = _start(spec, parsed)
    turns, results = _replay(spec, start, names, parsed.turns)
    from_setup = all(c < 0 for c in start.colour) and not any(start.gold) and parsed.position is None
    end = results[-1].after if results else start
    over = game_over(spec, end)
    closing: tuple[QuarterScore, ...] = ()
    if over is not None and not results:
        closing, end = close_game(spec, end)
    return Replay(tuple(names), start, from_setup, tuple(parsed.turns), turns, results, end, over, closing)


def _start(spec: Spec, parsed: Any) -> tuple[list[str], Position]:
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


def _replay(spec: Spec, start: Position, names: list[str], texts: list[str]) -> tuple[tuple[Turn, ...], tuple[TurnResult, ...]]:
    pos = start
    turns: list[Turn] = []
    results: list[TurnResult] = []
    for k, text in enumerate(texts):
        label = f"turn {k + 1} ({wording.shown(names[pos.to_move], 30)}, {wording.shown(text, 40)!r})"
        if game_over(spec, pos) is not None:
            raise IllegalMove(f"{label}: the game ended after turn {k}: {game_over(spec, pos)}")
        try:
            turn = notation.parse_turn(spec, text)
            result = play(spec, pos, turn)
        except IllegalMove as exc:
            raise IllegalMove(*(f"{label}: {problem}" for problem in exc.problems)) from None
        turns.append(turn)
        results.append(result)
        pos = result.after
    return tuple(turns), tuple(results)


def to_data(spec: Spec, replay: Replay) -> dict[str, Any]:
    return {
        "game": GAME_ID,
        "position": notation.format_position(spec, replay.start),
        "turns": list(replay.texts),
        "players": [{"name": n} for n in replay.names],
    }
