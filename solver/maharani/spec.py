"""Maharani's data: the seed file (with a group's ``--data`` override) typed and turned into the
geometry the rules need: the spaces of the palace floor on one grid, which tile kinds fit which
space turned which way, the rondel's slots and coins, the workers and the quarter table.

Directions are 0-3 for n, e, s, w (clockwise). Column marks are a bitmask: bit d for half a column
on edge d, :data:`CENTRE` for a column in the middle. A tile kind's marks are read with its arrow
pointing n; turned so its arrow points ``d``, every edge mark moves ``d`` steps clockwise.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from functools import cache
from typing import Annotated, Any, Literal, NamedTuple

from tajkit.solver.errors import BadData

DIRS = "nesw"
CENTRE = 16
STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))  # (dx, dy) of n e s w on the grid (rows grow downwards)
GAME_ID = "maharani"


def marks_code(marks: int) -> str:
    """``c``, ``n``, ``ew`` ...: the centre first, then the edges in the order n e s w."""
    return ("c" if marks & CENTRE else "") + "".join(d for k, d in enumerate(DIRS) if marks & (1 << k))


def parse_marks(code: str) -> int | None:
    """The bitmask of a marks code (letters c n e s w, each at most once, any order), or None."""
    if not code or len(set(code)) != len(code) or any(ch not in "cnesw" for ch in code):
        return None
    return sum(CENTRE if ch == "c" else 1 << DIRS.index(ch) for ch in code)


def turned(marks: int, arrow: int) -> int:
    """A kind's marks (read arrow up) as they lie on the board with the arrow pointing ``arrow``."""
    edges = marks & 15
    edges = ((edges << arrow) | (edges >> (4 - arrow))) & 15
    return edges | (marks & CENTRE)


# --- the typed seed file ----------------------------------------------------------------------------


@cache
def _models() -> dict[str, Any]:
    """The pydantic models of the seed file (built on first use: pydantic is imported lazily)."""
    from pydantic import Field

    from tajkit.solver.seedmodels import Name, SeedFile, Source, Strict, Text, renamed

    Side = Literal["n", "e", "s", "w"]
    Count = Literal["2", "3", "4"]
    Hex = Annotated[str, Field(pattern=r"^#[0-9A-Fa-f]{6}$", description="a colour as #RRGGBB")]
    Row = Annotated[str, Field(min_length=1, max_length=200)]

    class Players(Strict):
        fewest: int = renamed("fewest", "min", ge=2, le=4, description="the fewest players (rulebook: 2)")
        fewest_source: Source = renamed("fewest_source", "source")
        most: int = renamed("most", "max", ge=2, le=4, description="the most players (rulebook: 4)")
        most_source: Source = renamed("most_source", "source")
        seats: dict[Count, list[Side]] = Field(description="the sides (n e s w) of the players' position markers, in turn order, by player count")
        seats_source: Source

    class WorkerColour(Strict):
        name: Name
        hex: Hex

    class Workers(Strict):
        per_colour: dict[Count, int] = Field(description="workers of one colour, by player count (rulebook: 4: 8, 3: 10, 2: 2 x 7)")
        per_colour_source: Source = renamed("per_colour_source", "source")
        colours_per_player: dict[Count, Literal[1, 2]] = Field(description="worker colours each player uses (2 players: two)")
        colours_per_player_source: Source = renamed("colours_per_player_source", "source")
        colours: list[WorkerColour] = Field(min_length=4, max_length=4, description="the players' colours")
        colours_source: Source  # new: the old table-level source spoke of the counts, not the shades (tajkit's)

    class QuarterScoring(Strict):
        gold: list[Annotated[int, Field(ge=0, le=1000)]] = Field(min_length=2, max_length=20, description="gold for 0, 1, 2 ... workers in a scored quarter")
        gold_source: list[Source] = renamed("gold_source", "source", min_length=2, max_length=20, description="the provenance of each gold value")
        note: Text = ""

    class Quarters(Strict):
        names: list[Name] = Field(min_length=4, max_length=4)
        names_source: Source = renamed("names_source", "source")
        note: Text = ""

    class Board(Strict):
        marks: list[Row] = Field(min_length=1, max_length=16, description="one string per row, top first: '.' or a space's column marks")
        quarters: list[Row] = Field(min_length=1, max_length=16, description="one string per row, top first: '.' or the space's quarter 1-4")
        marks_source: Source = renamed("marks_source", "source")
        quarters_source: Source = renamed("quarters_source", "source")
        note: Text = ""

    class TileColour(Strict):
        code: Annotated[str, Field(pattern=r"^[A-Z]$", description="one capital letter")]
        name: Name
        hex: Hex
        name_source: Source = renamed("name_source", "source")

    class Kind(Strict):
        marks: Annotated[str, Field(min_length=1, max_length=5, description="column marks with the arrow up: c and/or n e s w")]
        per_colour: int = Field(ge=0, le=20, description="tiles of this kind in each colour")

    class Tiles(Strict):
        colours_source: Source = renamed("colours_source", "source", description="of the number of colours")
        colours: list[TileColour] = Field(min_length=1, max_length=12)
        kinds_source: Source
        kinds_note: Text = ""
        kinds: list[Kind] = Field(min_length=1, max_length=40)

    class Rondel(Strict):
        facing: list[Annotated[int, Field(ge=1, le=4)]] = Field(min_length=4, max_length=4, description="the quarter slot 1-4 faces with the rondel's arrow up")
        facing_source: Source = renamed("facing_source", "source")
        coins: list[Annotated[int, Field(ge=1, le=4)]] = Field(min_length=4, max_length=4, description="the quarter whose picture the coin beside slot 1-4 shows")
        coins_source: Source = renamed("coins_source", "source")

    class PadRow(Strict):
        id: Literal["turn", "quarter", "total"]
        label: Name
        kind: Literal["rounds", "total"]
        count: int = Field(default=1, ge=1, le=40)
        count_source: Source | None = None
        sub: list[Name] = Field(default=[""], max_length=3)
        note: Text = ""

    class ScorePad(Strict):
        title: Name
        table_title: Name
        table_labels: list[Name] = Field(min_length=2, max_length=2)
        # an old key: the pad prints one column per player, as many as players.most
        max_players: int | None = Field(default=None, ge=2, le=4, description="leave it out: the pad prints players.most columns")
        max_players_source: Source | None = None
        rows: list[PadRow] = Field(min_length=3, max_length=3)

    class Seed(SeedFile):
        players: Players
        workers: Workers
        quarter_scoring: QuarterScoring
        quarters: Quarters
        board: Board
        tiles: Tiles
        rondel: Rondel
        scorepad: ScorePad

    return {"Seed": Seed}


# --- the spec the rules read ----------------------------------------------------------------------


@dataclass(frozen=True)
class TileColour:
    code: str
    name: str
    hex: str
    official: bool


@dataclass(frozen=True)
class Kind:
    code: str  # its marks code, read with the arrow up
    marks: int
    per_colour: int

    @property
    def centre(self) -> bool:
        return bool(self.marks & CENTRE)


@dataclass(frozen=True)
class Space:
    name: str  # "c4": column letter, row number counted from the bottom
    quarter: int  # 0-3
    col: int
    row: int  # 0 = top row
    marks: int

    @property
    def centre(self) -> bool:
        return bool(self.marks & CENTRE)


class PadRowInfo(NamedTuple):
    id: str
    label: str
    note: str
    kind: str
    sub: tuple[str, ...]
    count: int


@dataclass(frozen=True)
class PadInfo:
    title: str
    table_title: str
    table_labels: tuple[str, str]
    rows: tuple[PadRowInfo, ...]


@dataclass(frozen=True, eq=False)  # compared and hashed by identity: cheap as a cache key
class Spec:
    colours: tuple[TileColour, ...]
    kinds: tuple[Kind, ...]
    spaces: tuple[Space, ...]
    width: int
    height: int
    rows: tuple[tuple[int, ...], ...]  # the spaces of each grid row that has any, top first
    neighbours: tuple[tuple[int, ...], ...]
    quarter_spaces: tuple[tuple[int, ...], ...]
    centre_spaces: tuple[int, ...]
    kind_at: tuple[tuple[int, ...], ...]  # [space][arrow] -> the kind lying there that way, or -1
    fits: tuple[tuple[tuple[int, int], ...], ...]  # [kind] -> every (space, arrow) it fits
    fit_spaces: tuple[tuple[int, ...], ...]  # [kind] -> every space it fits (some way)
    quarter_names: tuple[str, ...]
    facing: tuple[int, ...]  # [slot] -> quarter faced with the rondel's arrow pointing n
    coins: tuple[int, ...]  # [slot] -> the quarter (action marker) of the coin beside it
    min_players: int
    max_players: int
    seats: tuple[tuple[int, ...], ...]  # [player count] -> sides in turn order
    workers_per_colour: tuple[int, ...]  # [player count]
    crews_per_player: tuple[int, ...]  # [player count]
    worker_colours: tuple[tuple[str, str], ...]  # (name, hex)
    quarter_gold: tuple[int, ...]
    quarter_official: tuple[bool, ...]
    quarter_note: str
    defaults: tuple[str, ...]  # what the outputs rest on that the rulebook does not state
    pad: PadInfo

    @property
    def tile_count(self) -> int:
        return len(self.colours) * sum(k.per_colour for k in self.kinds)

    def space_index(self, name: str) -> int | None:
        return _space_lookup(self).get(name)

    def kind_index(self, code: str) -> int | None:
        marks = parse_marks(code)
        return next((k for k, kind in enumerate(self.kinds) if kind.marks == marks), None)

    def colour_index(self, code: str) -> int | None:
        return next((k for k, c in enumerate(self.colours) if c.code == code), None)

    def facing_quarter(self, slot: int, side: int) -> int:
        """The quarter slot ``slot`` faces when the rondel's arrow points at ``side``: quarters are
        numbered clockwise, so turning the rondel a quarter clockwise moves every slot one on."""
        return (self.facing[slot] + side) % 4

    def quarter_gold_for(self, workers: int) -> int:
        return self.quarter_gold[min(workers, len(self.quarter_gold) - 1)]

    def tile_name(self, colour: int, kind: int) -> str:
        return f"{self.colours[colour].code}{self.kinds[kind].code}"


@cache
def _space_lookup(spec: Spec) -> dict[str, int]:
    return {s.name: k for k, s in enumerate(spec.spaces)}


def load_spec(data: Path | None = None) -> Spec:
    """The seed file with the user's override file in ``data`` (if any), typed, checked and turned into a :class:`Spec`."""
    from tajkit.solver import seeddata

    seed = seeddata.typed(GAME_ID, _models()["Seed"], data)
    merged = seeddata.load(GAME_ID, data)
    return build_spec(seed, _defaults_in_use(merged, seeddata.packaged(GAME_ID), seed))


def spec_from_data(data: dict[str, Any]) -> Spec:
    """A spec from a whole seed-shaped dict (tests, and tools that vary the data)."""
    from tajkit.solver import statefile

    seed = statefile.validate(_models()["Seed"], data, BadData, where_prefix="maharani data: ")
    return build_spec(seed)


def build_spec(seed: Any, defaults: tuple[str, ...] = ()) -> Spec:
    problems: list[str] = []
    spaces = _spaces(seed.board, problems)
    colours = tuple(TileColour(c.code, c.name, c.hex, c.name_source == "rulebook") for c in seed.tiles.colours)
    kinds = _kinds(seed.tiles.kinds, problems)
    _check_tiles(colours, problems)
    _check_players(seed, problems)
    _check_rondel(seed.rondel, problems)
    _check_table(seed.quarter_scoring, len(colours), problems)
    if problems:
        raise BadData(*(f"maharani data: {p}" for p in problems))
    return _assemble(seed, spaces, colours, kinds, defaults)


def _assemble(seed: Any, spaces: list[Space], colours: tuple[TileColour, ...], kinds: tuple[Kind, ...], defaults: tuple[str, ...]) -> Spec:
    at = {(s.col, s.row): k for k, s in enumerate(spaces)}
    neighbours = tuple(
        tuple(at[(s.col + dx, s.row + dy)] for dx, dy in STEP if (s.col + dx, s.row + dy) in at) for s in spaces
    )
    height = max(s.row for s in spaces) + 1
    rows = tuple(tuple(k for k, s in enumerate(spaces) if s.row == r) for r in range(height))
    kind_at = tuple(
        tuple(next((i for i, kind in enumerate(kinds) if turned(kind.marks, a) == s.marks), -1) for a in range(4))
        for s in spaces
    )
    fits = tuple(
        tuple((k, a) for k in range(len(spaces)) for a in range(4) if kind_at[k][a] == i) for i in range(len(kinds))
    )
    players, workers = seed.players, seed.workers
    counts = range(5)
    pad = seed.scorepad
    return Spec(
        colours=colours,
        kinds=kinds,
        spaces=tuple(spaces),
        width=max(s.col for s in spaces) + 1,
        height=height,
        rows=tuple(r for r in rows if r),
        neighbours=neighbours,
        quarter_spaces=tuple(tuple(k for k, s in enumerate(spaces) if s.quarter == q) for q in range(4)),
        centre_spaces=tuple(k for k, s in enumerate(spaces) if s.centre),
        kind_at=kind_at,
        fits=fits,
        fit_spaces=tuple(tuple(dict.fromkeys(space for space, _ in f)) for f in fits),
        quarter_names=tuple(seed.quarters.names),
        facing=tuple(q - 1 for q in seed.rondel.facing),
        coins=tuple(q - 1 for q in seed.rondel.coins),
        min_players=players.fewest,
        max_players=players.most,
        seats=tuple(tuple(DIRS.index(d) for d in players.seats.get(str(n), ())) for n in counts),
        workers_per_colour=tuple(workers.per_colour.get(str(n), 0) for n in counts),
        crews_per_player=tuple(workers.colours_per_player.get(str(n), 1) for n in counts),
        worker_colours=tuple((c.name, c.hex) for c in workers.colours),
        quarter_gold=tuple(seed.quarter_scoring.gold),
        quarter_official=tuple(s == "rulebook" for s in seed.quarter_scoring.gold_source),
        quarter_note=seed.quarter_scoring.note,
        defaults=defaults,
        pad=PadInfo(
            pad.title,
            pad.table_title,
            (pad.table_labels[0], pad.table_labels[1]),
            tuple(PadRowInfo(r.id, r.label, r.note, r.kind, tuple(r.sub), r.count) for r in pad.rows),
        ),
    )


# --- checks of a group's own data ------------------------------------------------------------------


def _cells(rows: list[str], field: str, problems: list[str]) -> list[list[str]]:
    grid = [row.split() if field == "marks" else list(row.replace(" ", "")) for row in rows]
    widths = {len(r) for r in grid}
    if len(widths) > 1:
        problems.append(f"board.{field}: every row needs the same number of cells (found {sorted(widths)})")
    if max(widths) > 16:
        problems.append(f"board.{field}: at most 16 cells a row")
    return grid


def _spaces(board: Any, problems: list[str]) -> list[Space]:
    marks, quarters = _cells(board.marks, "marks", problems), _cells(board.quarters, "quarters", problems)
    if problems:
        return []
    if len(marks) != len(quarters) or len(marks[0]) != len(quarters[0]):
        problems.append("board.marks and board.quarters must have the same rows and columns")
        return []
    height = len(marks)
    spaces: list[Space] = []
    for r, (mrow, qrow) in enumerate(zip(marks, quarters)):
        for c, (m, q) in enumerate(zip(mrow, qrow)):
            name = f"{chr(97 + c)}{height - r}"
            if m == "." and q == ".":
                continue
            code = parse_marks(m)
            if m == "." or q == ".":
                problems.append(f"board {name}: '.' in one of marks and quarters but not the other")
            elif code is None:
                problems.append(f"board {name}: column marks {m!r}: use c (centre) and n e s w (half a column on that edge), each once")
            elif q not in "1234":
                problems.append(f"board {name}: quarter {q!r}: quarters are 1-4")
            else:
                spaces.append(Space(name, int(q) - 1, c, r, code))
    found = {s.quarter for s in spaces}
    if not problems and found != {0, 1, 2, 3}:
        problems.append("board.quarters: the palace has four quarters, 1-4, each with at least one space")
    _check_half_columns(spaces, problems)
    return spaces


def _check_half_columns(spaces: list[Space], problems: list[str]) -> None:
    """A half column on an edge shared with another space is completed by that space's half."""
    at = {(s.col, s.row): s for s in spaces}
    for s in spaces:
        for d, (dx, dy) in enumerate(STEP):
            other = at.get((s.col + dx, s.row + dy))
            if other is None:
                continue
            mine, theirs = bool(s.marks & (1 << d)), bool(other.marks & (1 << ((d + 2) % 4)))
            if mine and not theirs:
                problems.append(
                    f"board {s.name}: half a column on its {DIRS[d]} edge, but {other.name} shows none on its "
                    f"{DIRS[(d + 2) % 4]} edge (a column is completed by the tiles on both sides)"
                )


def _kinds(raw: list[Any], problems: list[str]) -> tuple[Kind, ...]:
    kinds: list[Kind] = []
    for k, entry in enumerate(raw):
        marks = parse_marks(entry.marks)
        if marks is None:
            problems.append(f"tiles.kinds[{k + 1}].marks = {entry.marks!r}: use c and n e s w, each once")
            continue
        code = marks_code(marks)
        if any(other.marks == marks for other in kinds):
            problems.append(f"tiles.kinds[{k + 1}]: a second kind with marks {code}: give one kind with a larger per_colour")
            continue
        kinds.append(Kind(code, marks, entry.per_colour))
    if not problems and not any(k.per_colour for k in kinds):
        problems.append("tiles.kinds: the set has no tiles")
    return tuple(kinds)


def _check_tiles(colours: tuple[TileColour, ...], problems: list[str]) -> None:
    for what in ("code", "name"):
        values = [getattr(c, what) for c in colours]
        for v in sorted({v for v in values if values.count(v) > 1}):
            problems.append(f"tiles.colours: the {what} {v!r} is used twice")


def _check_players(seed: Any, problems: list[str]) -> None:
    players, workers = seed.players, seed.workers
    if players.fewest > players.most:
        problems.append(f"players: fewest {players.fewest} is more than most {players.most}")
    for n in range(players.fewest, players.most + 1):
        sides = players.seats.get(str(n))
        if sides is None or len(sides) != n or len(set(sides)) != n:
            problems.append(f"players.seats.{n}: {n} different sides (n e s w) for {n} players")
        if str(n) not in workers.per_colour or not 1 <= workers.per_colour[str(n)] <= 30:
            problems.append(f"workers.per_colour.{n}: 1-30 workers of each colour for {n} players")
        crews = workers.colours_per_player.get(str(n), 1)
        if n * crews > len(workers.colours):
            problems.append(f"workers.colours: {n} players with {crews} colours each need {n * crews} colours")
    if seed.scorepad.max_players not in (None, players.most):
        problems.append(
            f"scorepad.max_players: {seed.scorepad.max_players}, but players.most is {players.most} (the pad prints one "
            "column per player: leave max_players out)"
        )
    if {r.id for r in seed.scorepad.rows} != {"turn", "quarter", "total"}:
        problems.append("scorepad.rows: one row each with id turn, quarter and total (the scorer's categories)")


def _check_rondel(rondel: Any, problems: list[str]) -> None:
    for what in ("facing", "coins"):
        if sorted(getattr(rondel, what)) != [1, 2, 3, 4]:
            problems.append(f"rondel.{what}: each quarter 1-4 once, one per slot")


def _check_table(table: Any, colours: int, problems: list[str]) -> None:
    if len(table.gold_source) != len(table.gold):
        problems.append("quarter_scoring.gold_source: one provenance per gold value")
    if len(table.gold) < colours + 1:
        problems.append(
            f"quarter_scoring.gold: {len(table.gold)} values, but a player can have {colours} workers in a quarter "
            f"(one per tile colour): give gold for 0-{colours}"
        )


# --- what rests on a default ------------------------------------------------------------------------


def _defaults_in_use(merged: dict[str, Any], packaged: dict[str, Any], seed: Any) -> tuple[str, ...]:
    """One sentence for each part of the data that is tajkit's default and not the group's own."""
    notes = []

    def untouched(*keys: str) -> bool:
        a, b = merged, packaged
        for key in keys:
            a, b = a.get(key, {}), b.get(key, {})
        return a == b

    if untouched("board") and seed.board.marks_source == "tajkit default":
        notes.append(
            "board and its column marks: tajkit default (the rulebook prints no grid; 14 spaces a quarter, "
            "8 with a centre column); describe your own board in maharani.toml with --data"
        )
    if untouched("tiles") and seed.tiles.kinds_source == "tajkit default":
        notes.append(
            "tile kinds: tajkit default (10 kinds in 6 colours, 12 with a centre column, as the rulebook says, "
            "but their column marks are not in it); describe your tiles in maharani.toml with --data"
        )
    if untouched("rondel") and "tajkit default" in (seed.rondel.facing_source, seed.rondel.coins_source):
        notes.append("rondel: which quarter each slot faces and the coin beside it are a tajkit default")
    return tuple(notes)


def inferred_table_note(spec: Spec, counts: set[int]) -> str | None:
    """A note when a quarter scoring used a value the rulebook does not state."""
    used = sorted(n for n in counts if not spec.quarter_official[min(n, len(spec.quarter_official) - 1)])
    if not used:
        return None
    shown = ", ".join(f"{n} → {spec.quarter_gold_for(n)}" for n in used)
    return f"quarter table: {shown} gold is {spec.quarter_note}"
