"""Maharani positions and turns as text a person types at the table (python-chess's FEN is the model).

A position is five fields separated by spaces::

    6/8/2Bn5/Os5/6/8/8/6 1:c6 Bne,Rc,-,Gs s:12;n:7:24 2

1. **board**: the rows of the palace floor, top row first, separated by ``/``; in each row its
   spaces left to right: a tile is its colour letter and the way its arrow points (``Bn`` =
   blue, arrow up), a digit counts free spaces. The tile's kind follows from the space's column
   marks and the arrow.
2. **workers**: ``-``, or for each worker colour ``<player>:<space>,<space>...`` separated by
   ``;``. With two players each has two colours, written ``1a`` ``1b`` ``2a`` ``2b``. ``q3`` in
   the list is a worker set beside quarter 3 (rulebook: Fontos).
3. **rondel**: slots 1-4 separated by ``,``: a tile's colour letter and its column marks read
   with its arrow along the rondel's (``Bne``), or ``-`` for an empty slot.
4. **players**: ``<side>:<gold>[:<face-down markers>]`` for each player in turn order, separated
   by ``;``: the side (n e s w) of their position marker, their gold, and the quarters whose
   action markers are face down (``24``: markers 2 and 4).
5. **to move**: the number of the player whose turn it is.

A turn is ``r`` (refresh), or one or two placements and the tiles drawn after ``|``::

    2c4s+ 3f6n | Bne Yc

A placement is the rondel slot (1-4), the space, the arrow (n e s w; may be left out when it
does not matter) and the worker: ``+`` a new one, ``m`` move one, ``-`` none; with two players
``+a`` ``mb``... (may be left out when the rules leave one choice).
"""

from __future__ import annotations

import re

from tajkit.solver import numbers
from tajkit.solver.errors import BadState, IllegalMove
from tajkit.solver.maharani.rules import (
    ASIDE_RULE,
    CENTRE_RULE,
    COLUMNS,
    QUARTER_RULE,
    WORKERS,
    Placement,
    Position,
    Tile,
    Turn,
    Worker,
    centre_full,
    crew,
    crew_player,
    quarter_full,
    tiles_out,
)
from tajkit.solver.maharani.spec import DIRS, Spec, marks_code, parse_marks
from tajkit.solver.wording import shown

MAX_GOLD = 10_000
PLACEMENT = re.compile(r"^([1-4])([a-p])([0-9]{1,2})([nesw])?(\+[ab]?|m[ab]?|-)?$")
PLACEMENT_HELP = "slot 1-4, space, arrow n/e/s/w, then + (new worker), m (move one) or - (none), e.g. 2c4s+"


# --- tiles ------------------------------------------------------------------------------------------


def tile_text(spec: Spec, tile: Tile | None) -> str:
    return "-" if tile is None else spec.tile_name(*tile)


def parse_tile(spec: Spec, text: str) -> tuple[Tile | None, str | None]:
    """A tile token (``Bne``) as (colour, kind), or an error sentence."""
    if not text or not text[0].isupper():
        return None, f"{shown(text, 20)!r} is not a tile: its colour letter ({_colour_letters(spec)}) then its column marks, e.g. Bne"
    colour = spec.colour_index(text[0])
    if colour is None:
        return None, f"{shown(text, 20)!r}: {text[0]!r} is not a tile colour ({_colour_letters(spec)})"
    marks = parse_marks(text[1:])
    kind = spec.kind_index(text[1:]) if marks is not None else None
    if kind is None:
        kinds = " ".join(k.code for k in spec.kinds)
        return None, f"{shown(text, 20)!r}: no tile kind has the column marks {shown(text[1:], 12)!r} (the kinds, read with the arrow up: {kinds})"
    return (colour, kind), None


def _colour_letters(spec: Spec) -> str:
    return " ".join(f"{c.code} {c.name}" for c in spec.colours)


# --- positions --------------------------------------------------------------------------------------


def crew_text(spec: Spec, players: int, code: int) -> str:
    two = spec.crews_per_player[players] == 2
    return f"{crew_player(code) + 1}{'ab'[code % 2] if two else ''}"


def format_position(spec: Spec, pos: Position) -> str:
    return " ".join(
        (_format_board(spec, pos), _format_workers(spec, pos), ",".join(tile_text(spec, t) for t in pos.rondel),
         _format_players(pos), str(pos.to_move + 1))
    )


def _format_board(spec: Spec, pos: Position) -> str:
    rows = []
    for row in spec.rows:
        out, run = "", 0
        for s in row:
            if pos.colour[s] < 0:
                run += 1
                continue
            if run:
                out += str(run)
                run = 0
            out += spec.colours[pos.colour[s]].code + DIRS[pos.arrow[s]]
        rows.append(out + (str(run) if run else ""))
    return "/".join(rows)


def _format_workers(spec: Spec, pos: Position) -> str:
    crews = sorted({c for c in pos.worker if c >= 0} | {c for c, _ in pos.aside})
    parts = []
    for code in crews:
        items = [spec.spaces[s].name for s in range(len(spec.spaces)) if pos.worker[s] == code]
        items += [f"q{q + 1}" for c, q in sorted(pos.aside) if c == code]
        parts.append(f"{crew_text(spec, pos.players, code)}:{','.join(items)}")
    return ";".join(parts) or "-"


def _format_players(pos: Position) -> str:
    parts = []
    for side, gold, down in zip(pos.sides, pos.gold, pos.down):
        markers = "".join(str(q + 1) for q in range(4) if down >> q & 1)
        parts.append(f"{DIRS[side]}:{gold}" + (f":{markers}" if markers else ""))
    return ";".join(parts)


def parse_position(spec: Spec, text: str, names: list[str] | None = None) -> Position:
    """A position from its text; every mistake is one sentence naming the field or the space
    and the rule (BadState)."""
    foreign = numbers.foreign_digit(text)
    if foreign is not None:
        raise BadState(f"position: {foreign} is not a digit 0-9")
    fields = text.split()
    if len(fields) != 5:
        raise BadState(
            f"position: {len(fields)} fields, a position has 5 separated by spaces: board, workers, rondel, players, "
            "player to move (e.g. '6/8/8/6/6/8/8/6 - Bne,Rc,Gs,Yew s:0;n:0 1')"
        )
    board_text, workers_text, rondel_text, players_text, move_text = fields
    problems: list[str] = []
    sides, gold, down = _parse_players(spec, players_text, problems)
    players = len(sides)
    colour, arrow = _parse_board(spec, board_text, problems)
    worker, aside = _parse_workers(spec, workers_text, players, problems)
    rondel = _parse_rondel(spec, rondel_text, problems)
    to_move = 0
    if not numbers.is_number(move_text) or not 1 <= int(move_text) <= max(players, 1):
        problems.append(f"position, player to move: {shown(move_text, 12)!r}: the number of a player, 1-{players}")
    else:
        to_move = int(move_text) - 1
    if problems:
        raise BadState(*problems)
    pos = Position(colour, arrow, worker, rondel, gold, down, sides, to_move, aside)
    problems = position_problems(spec, pos, names)
    if problems:
        raise BadState(*problems)
    return pos


def _parse_board(spec: Spec, text: str, problems: list[str]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    n = len(spec.spaces)
    colour, arrow = [-1] * n, [-1] * n
    rows = text.split("/")
    if len(rows) != len(spec.rows):
        problems.append(
            f"position, board: {len(rows)} rows separated by /, the palace floor has {len(spec.rows)} (top row first)"
        )
        return tuple(colour), tuple(arrow)
    for row_text, row in zip(rows, spec.rows):
        label = f"row {spec.spaces[row[0]].name[1:]} ({spec.spaces[row[0]].name}-{spec.spaces[row[-1]].name})"
        spaces = list(row)
        k = 0
        for token in re.findall(r"[0-9]+|[A-Z][a-z]?|.", row_text):
            if k >= len(spaces):
                problems.append(f"position, board {label}: more than its {len(spaces)} spaces")
                break
            if token[0] in numbers.DIGITS:
                if not numbers.is_number(token):  # too many digits
                    problems.append(f"position, board {label}: {numbers.number_problem(token)}")
                    break
                k += int(token) if int(token) > 0 else len(spaces) + 1
                if k > len(spaces):
                    problems.append(f"position, board {label}: more than its {len(spaces)} spaces")
                    break
                continue
            space = spaces[k]
            k += 1
            problem = _board_tile(spec, token, space, colour, arrow)
            if problem:
                problems.append(f"position, board {spec.spaces[space].name}: {problem}")
        else:
            if k < len(spaces):
                problems.append(
                    f"position, board {label}: {k} spaces, it has {len(spaces)} (a digit counts free spaces)"
                )
    return tuple(colour), tuple(arrow)


def _board_tile(spec: Spec, token: str, space: int, colour: list[int], arrow: list[int]) -> str | None:
    if len(token) != 2 or not token[0].isupper():
        return f"{shown(token, 12)!r} is not a tile: a colour letter and the arrow's direction, e.g. Bn"
    c = spec.colour_index(token[0])
    if c is None:
        return f"{token[0]!r} is not a tile colour ({_colour_letters(spec)})"
    if token[1] not in DIRS:
        return f"{token!r}: the arrow points n, e, s or w"
    a = DIRS.index(token[1])
    if spec.kind_at[space][a] < 0:
        fit = "/".join(DIRS[x] for x in range(4) if spec.kind_at[space][x] >= 0) or "no way"
        return (
            f"no tile lies there with its arrow pointing {token[1]}: the space's column marks "
            f"({marks_code(spec.spaces[space].marks)}) take a tile with its arrow pointing {fit} ({COLUMNS})"
        )
    colour[space], arrow[space] = c, a
    return None


def _parse_workers(spec: Spec, text: str, players: int, problems: list[str]) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...]]:
    worker = [-1] * len(spec.spaces)
    aside: list[tuple[int, int]] = []
    if text == "-":
        return tuple(worker), ()
    two = spec.min_players <= players <= spec.max_players and spec.crews_per_player[players] == 2
    for part in text.split(";"):
        who, sep, items = part.partition(":")
        code = _parse_crew(who, players, two)
        if not sep or code is None:
            form = "1a:c4,d6;2b:f3" if two else "1:c4,d6;2:f3"
            problems.append(
                f"position, workers: {shown(part, 20)!r}: write each worker colour as <player>{'a/b' if two else ''}:<spaces>, e.g. {form}"
            )
            continue
        for item in items.split(","):
            if re.fullmatch(r"q[1-4]", item):
                aside.append((code, int(item[1]) - 1))
                continue
            problem = put_worker(spec, worker, item, code)
            if problem:
                problems.append(f"position, workers {shown(who, 4)}: {problem}")
    return tuple(worker), tuple(sorted(aside))


def put_worker(spec: Spec, worker: list[int], name: str, code: int) -> str | None:
    """Crew ``code``'s worker onto space ``name``, or the sentence saying why it cannot stand there."""
    space = spec.space_index(name)
    if space is None:
        return f"{shown(name, 12)!r} is not a space of the board"
    if worker[space] >= 0:
        return f"{name} has two workers: one worker stands on a tile ({WORKERS})"
    worker[space] = code
    return None


def _parse_crew(text: str, players: int, two: bool) -> int | None:
    match = re.fullmatch(r"([1-4])([ab]?)", text)
    if match is None or int(match.group(1)) > players or bool(match.group(2)) != two:
        return None
    return crew(int(match.group(1)) - 1, "ab".index(match.group(2)) if two else 0)


def _parse_rondel(spec: Spec, text: str, problems: list[str]) -> tuple[Tile | None, ...]:
    slots = text.split(",")
    if len(slots) != 4:
        problems.append(f"position, rondel: {len(slots)} slots, the rondel has 4 separated by , (- for an empty one)")
        return (None,) * 4
    rondel: list[Tile | None] = []
    for k, token in enumerate(slots):
        if token == "-":
            rondel.append(None)
            continue
        tile, problem = parse_tile(spec, token)
        if problem:
            problems.append(f"position, rondel slot {k + 1}: {problem}")
        rondel.append(tile)
    return tuple(rondel)


def _parse_players(spec: Spec, text: str, problems: list[str]) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    sides, gold, down = [], [], []
    parts = text.split(";")
    if not spec.min_players <= len(parts) <= spec.max_players:
        problems.append(f"position, players: {len(parts)} players, the game is for {spec.min_players}-{spec.max_players}")
    for k, part in enumerate(parts):
        match = re.fullmatch(r"([nesw]):([0-9]+)(?::([1-4]{1,4}))?", part)
        too_long = match is not None and not numbers.is_number(match.group(2))
        if match is None or too_long:
            problems.append(
                f"position, player {k + 1}: gold {numbers.number_problem(match.group(2))}" if too_long else
                f"position, player {k + 1}: {shown(part, 20)!r}: write side:gold or side:gold:face-down markers, e.g. s:12 or n:7:24"
            )
            sides.append(k % 4)
            gold.append(0)
            down.append(0)
            continue
        side, g, markers = match.group(1), int(match.group(2)), match.group(3) or ""
        if DIRS.index(side) in sides:
            problems.append(f"position, player {k + 1}: side {side} is taken: each player has a side of their own")
        if g > MAX_GOLD:
            problems.append(f"position, player {k + 1}: {g} gold is more than a game can bring (at most {MAX_GOLD})")
        if len(set(markers)) != len(markers):
            problems.append(f"position, player {k + 1}: marker list {markers!r} names a marker twice")
        sides.append(DIRS.index(side))
        gold.append(min(g, MAX_GOLD))
        down.append(sum(1 << (int(m) - 1) for m in set(markers)))
    return tuple(sides), tuple(gold), tuple(down)


# --- what a position may not hold -------------------------------------------------------------------


def player_label(k: int, names: list[str] | None) -> str:
    if names and k < len(names):
        return f"player {k + 1} ({shown(names[k], 30)})"
    return f"player {k + 1}"


def position_problems(spec: Spec, pos: Position, names: list[str] | None = None) -> list[str]:
    """Everything in a position the rules cannot produce, one sentence each."""
    problems: list[str] = []
    if names is not None and len(names) != pos.players:
        problems.append(f"position: {pos.players} players in the position, {len(names)} in [[players]]")
    _tile_counts(spec, pos, problems)
    _worker_problems(spec, pos, names, problems)
    if centre_full(spec, pos):
        for k, t in enumerate(pos.rondel):
            if t is not None and spec.kinds[t[1]].centre:
                problems.append(
                    f"position, rondel slot {k + 1}: a centre-column tile, but all {len(spec.centre_spaces)} centre spaces "
                    f"are taken, so it has left the game ({CENTRE_RULE})"
                )
    return problems


def _tile_counts(spec: Spec, pos: Position, problems: list[str]) -> None:
    out = tiles_out(spec, pos)
    for (c, k), n in sorted(out.items()):
        have = spec.kinds[k].per_colour
        if n > have:
            problems.append(
                f"position: {n} {spec.colours[c].name} {spec.kinds[k].code} tiles on the board and the rondel, the set "
                f"has {have} (read each tile's marks with its arrow; your own set can be described with --data)"
            )


def _worker_problems(spec: Spec, pos: Position, names: list[str] | None, problems: list[str]) -> None:
    n = pos.players
    crews = spec.crews_per_player[n] if 2 <= n <= 4 else 1
    seen: dict[tuple[int, int, int], str] = {}
    for s, code in enumerate(pos.worker):
        if code < 0:
            continue
        name = spec.spaces[s].name
        player = crew_player(code)
        who = player_label(player, names)
        if pos.colour[s] < 0:
            problems.append(f"position, workers: {name} is a free space; a worker stands on a tile ({WORKERS})")
            continue
        if pos.arrow[s] != pos.sides[player]:
            problems.append(
                f"position, workers: {name}'s arrow points {DIRS[pos.arrow[s]]}, not at {who} (side "
                f"{DIRS[pos.sides[player]]}): a worker only goes onto a tile whose arrow points at its player ({WORKERS})"
            )
        quarter = spec.spaces[s].quarter
        if quarter_full(spec, pos, quarter):
            problems.append(
                f"position, workers: {name}: quarter {quarter + 1} is complete, so it was scored and its workers went "
                f"home ({QUARTER_RULE})"
            )
        key = (code, quarter, pos.colour[s])
        if key in seen:
            problems.append(
                f"position, workers: {who} has workers on {seen[key]} and {name}, both {spec.colours[pos.colour[s]].name} "
                f"tiles in quarter {quarter + 1}: one of them is set beside the quarter; write it as q{quarter + 1} ({ASIDE_RULE})"
            )
        seen[key] = name
    for code, quarter in pos.aside:
        if quarter_full(spec, pos, quarter):
            problems.append(
                f"position, workers: q{quarter + 1}: quarter {quarter + 1} is complete, so its workers set aside went home ({QUARTER_RULE})"
            )
    if 2 <= n <= 4:
        for player in range(n):
            for c in range(crews):
                code = crew(player, c)
                used = pos.worker.count(code) + sum(1 for a, _ in pos.aside if a == code)
                have = spec.workers_per_colour[n]
                if used > have:
                    colour = f" of colour {'ab'[c]}" if crews == 2 else ""
                    problems.append(
                        f"position, workers: {player_label(player, names)} has {used} workers{colour} out, "
                        f"but {n} players have {have} each (rulebook: Előkészületek)"
                    )


# --- turns ------------------------------------------------------------------------------------------


def parse_turn(spec: Spec, text: str) -> Turn:
    """A turn from its text (IllegalMove: the caller names the turn)."""
    body, bar, draws_text = text.partition("|")
    tokens = body.split()
    if not tokens:
        raise IllegalMove(f"{shown(text, 40)!r}: a turn is r (refresh) or one or two placements ({PLACEMENT_HELP})")
    if tokens in (["r"], ["refresh"]):
        if bar:
            raise IllegalMove("a refresh empties no slot of the rondel, so nothing is drawn")
        return Turn()
    problems: list[str] = []
    placements = []
    for token in tokens:
        placement = _parse_placement(spec, token)
        if isinstance(placement, str):
            problems.append(placement)
        else:
            placements.append(placement)
    if len(tokens) > 2:
        problems.append(f"{len(tokens)} placements: a turn places one tile or two (rulebook: A játékos lerakhat egy második mozaikot)")
    draws: list[Tile] = []
    for token in draws_text.split():
        tile, problem = parse_tile(spec, token)
        if problem:
            problems.append(f"drawn {problem}")
        else:
            assert tile is not None
            draws.append(tile)
    if problems:
        raise IllegalMove(*problems)
    return Turn(tuple(placements), tuple(draws) if bar else None)


def _parse_placement(spec: Spec, token: str) -> Placement | str:
    match = PLACEMENT.match(token)
    if match is None:
        return f"{shown(token, 20)!r} is not a placement ({PLACEMENT_HELP})"
    slot, file, rank, arrow, worker = match.groups()
    space = spec.space_index(file + rank)
    if space is None:
        return f"{shown(token, 20)!r}: {file}{rank} is not a space of the board"
    return Placement(int(slot) - 1, space, DIRS.index(arrow) if arrow else -1, _parse_worker(worker))


def _parse_worker(text: str | None) -> Worker | None:
    if text is None:
        return None
    if text == "-":
        return Worker("none")
    colour = "ab".index(text[1]) if len(text) == 2 else -1
    return Worker("new" if text[0] == "+" else "move", colour)


def format_turn(spec: Spec, turn: Turn, players: int) -> str:
    if turn.refresh:
        return "r"
    text = " ".join(format_placement(spec, p, players) for p in turn.placements)
    if turn.draws is not None:
        text += " |" + "".join(f" {tile_text(spec, t)}" for t in turn.draws)
    return text


def format_placement(spec: Spec, p: Placement, players: int) -> str:
    arrow = DIRS[p.arrow] if p.arrow >= 0 else ""
    w = p.worker
    letter = "ab"[w.colour] if w is not None and w.colour >= 0 and spec.crews_per_player[players] == 2 else ""
    mark = "" if w is None else {"none": "", "new": "+", "move": "m"}[w.kind] + (letter if w.kind != "none" else "")
    return f"{p.slot + 1}{spec.spaces[p.space].name}{arrow}{mark}"

