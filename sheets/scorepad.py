"""Score pads: one column per player, one row per scoring category of the rulebook (with the
cells a player writes in that row: a running total where the game scores as it goes), the
tie-break rows and the total.

A numbered run of rows (``rounds``: turns, provinces) gets a band over it with the cells' captions
once, so its rows stay empty for writing; a run too long for the page is laid out in two banks side
by side. A row whose cells would be narrower than :data:`MIN_CELL` puts them on two lines. Nothing
is printed below :data:`SMALLEST` points. Inside ``with recording() as drawn`` every row, box and
writing line the pads draw is listed in ``drawn`` (for the tests); outside it nothing is kept.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfgen.canvas import Canvas

from tajkit.sheets.documents import Pad, pages_per_design
from tajkit.sheets.ink import INKS, Ink
from tajkit.sheets.pdf import BOLD, ITALIC, SANS, document
from tajkit.sheets.recorder import Recorder
from tajkit.sheets.shapes import cut_line, saved, star_value, value_table
from tajkit.sheets.text import SMALLEST, fitted_size, paragraph, text, width_of, wrap
from tajkit.solver.game import Category

MARGIN = 24.0  # left and right
MARGIN_Y = 30.0  # top and bottom
LABEL_W = 150.0
NAME_H = 30.0
ROW_H = 28.0  # a comfortable row
MIN_ROW_H = 20.0  # the smallest row that still takes handwriting
TWO_UP_ROW_H = 21.0  # the smallest row when two pads share a page
HEADER_H = 46.0
FOOTER_H = 16.0
CUT = 30.0  # the band around the cut line between two pads
LABEL_SIZE = 9.5
MIN_CELL = 40.0  # the narrowest box a player writes in (1.4 cm); narrower ones go on two lines
INSET = 1.5  # between a box and the edge of its slot
NUMBER_W = 26.0  # a bank's column of round numbers
BANK_GAP = 14.0
LEADING = 1.15
STRIPE = HexColor("#F6F1E6")


@dataclass(frozen=True)
class Drawn:
    """What the pad drew: ``pad`` (one copy of the pad begins: ``y`` is its top), ``row`` (a row
    of ``category``, ``caption`` its label as printed), ``heading`` (the heading over a run in
    banks), ``cell`` (a box a player writes in, in a row of ``category``), ``name`` (a player's
    name box), ``shared`` (a box all players share), ``label`` (the label column), ``blank`` (the
    line after "Date"; ``label_right`` is where its label ends, ``baseline`` its baseline)."""

    kind: str
    x: float
    y: float
    w: float
    h: float
    caption: str = ""
    label_right: float = 0.0
    baseline: float = 0.0
    category: str = ""


DRAWN: Recorder[Drawn] = Recorder("scorepad_drawn")
recording = DRAWN.recording  # ``with recording() as drawn``: what the pads rendered inside it draw (for the tests)


def _record(kind: str, x: float, y: float, w: float, h: float, caption: str = "", label_right: float = 0.0,
            baseline: float = 0.0, category: str = "") -> None:
    DRAWN.add(Drawn(kind, x, y, w, h, caption, label_right, baseline, category))


# --- the plan: columns, blocks of rows and the row height -------------------------------------------


@dataclass(frozen=True)
class Grid:
    """The table's columns: the label column, then one per player."""

    left: float
    label_w: float
    columns: tuple[tuple[float, float], ...]
    aligned: bool  # a shared row's boxes sit on the label column and the players' columns

    @property
    def right(self) -> float:
        x, w = self.columns[-1]
        return x + w


@dataclass(frozen=True)
class Block:
    """One category's rows: a single row, or a ``rounds`` run (in ``banks`` side by side)."""

    row: Category
    labels: tuple[str, ...]
    banks: int = 1


@dataclass(frozen=True)
class Plan:
    grid: Grid
    blocks: tuple[Block, ...]
    row_h: float


def _grid(pad: Pad, width: float) -> Grid:
    """The label column and the players' columns; with a shared row of one box more than there
    are players (TAJ's five colours, four players) all five columns are equal, so its boxes stand
    on the columns below them."""
    span = width - 2 * MARGIN
    shared = next((r for r in pad.rows if r.kind == "shared"), None)
    aligned = shared is not None and len(shared.cells) == pad.players + 1
    label_w = span / (pad.players + 1) if aligned else LABEL_W
    w = (span - label_w) / pad.players
    return Grid(MARGIN, label_w, tuple((MARGIN + label_w + k * w, w) for k in range(pad.players)), aligned)


def _blocks(pad: Pad) -> tuple[Block, ...]:
    return tuple(
        Block(row, tuple(f"{row.label} {k}" for k in range(1, row.count + 1)) if row.kind == "rounds" else (row.label,))
        for row in pad.rows
    )


def cell_lines(cells: int, width: float) -> list[int]:
    """How many of a row's ``cells`` go on each line of a column ``width`` wide: as many a line as
    keep each at least :data:`MIN_CELL` wide, the first line taking what is left (TAJ: the colour
    alone, then its value and points)."""
    per_line = max(1, min(cells, int(width // MIN_CELL)))
    lines = -(-cells // per_line)
    return [cells - per_line * (lines - 1)] + [per_line] * (lines - 1)


def _note_lines(note: str, width: float) -> int:
    return len(wrap(note, ITALIC, SMALLEST, width)) if note else 0


def _label_height(row: Category, grid: Grid) -> float:
    """A row's label and its note, with room above and below."""
    return LABEL_SIZE + 2 + _note_lines(row.note, grid.label_w - 8) * SMALLEST * LEADING + 4


def _band_height(block: Block, grid: Grid) -> float:
    """The band over a run of rows: the note (label column) and the cells' captions."""
    row = block.row
    if block.banks > 1:
        return 12 + 10 + (9 if any(row.sub) else 0)
    captions = 11 if any(row.sub) else 0
    note = _note_lines(row.note, grid.label_w - 8) * SMALLEST * LEADING + 5 if row.note else 0
    return max(captions, note)


def _note_x(row: Category, grid: Grid) -> float:
    """Where an aligned shared row's note starts beside its heading."""
    return grid.left + 10 + width_of(row.label, BOLD, LABEL_SIZE)


def _shared_note_under(row: Category, grid: Grid) -> list[str]:
    """An aligned shared row's note on lines under its heading when it does not fit beside it
    (a note is wrapped, never shrunk below :data:`SMALLEST`); none when it fits beside."""
    if not row.note or width_of(row.note, ITALIC, SMALLEST) <= grid.right - _note_x(row, grid):
        return []
    return wrap(row.note, ITALIC, SMALLEST, grid.right - grid.left - 8)


def _shared_band(row: Category, grid: Grid) -> float:
    """The band over an aligned shared row: its heading, and the note's lines under it if any."""
    under = _shared_note_under(row, grid)
    return LABEL_SIZE + 6 + (len(under) * SMALLEST * LEADING + 2 if under else 0)


def _block_height(block: Block, grid: Grid, h: float) -> float:
    row = block.row
    if row.kind == "rounds":
        return _band_height(block, grid) + math.ceil(len(block.labels) / block.banks) * h
    if row.kind == "shared" and grid.aligned:
        return _shared_band(row, grid) + h
    lines = len(cell_lines(len(row.sub), grid.columns[0][1])) if row.kind != "shared" else 1
    return max(lines * h, _label_height(row, grid))


def _table_height(pad: Pad, width: float) -> float:
    if pad.table is None:
        return 0.0
    return 14 + max(2 * 14.0, _table_note_height(pad, width)) + 14


def _table_note_x(pad: Pad, width: float) -> tuple[float, float]:
    """Where the table's note starts and how wide it is."""
    assert pad.table is not None
    x = MARGIN + 60 + len(pad.table.cells) * _table_cell_w(pad, width) + 12
    return x, width - MARGIN - x


def _table_cell_w(pad: Pad, width: float) -> float:
    assert pad.table is not None
    return min(34.0, (width - 2 * MARGIN - 60) / len(pad.table.cells))


def _table_note_height(pad: Pad, width: float) -> float:
    assert pad.table is not None
    if not pad.table.note:
        return 0.0
    _, w = _table_note_x(pad, width)
    return len(wrap(f"* {pad.table.note}", ITALIC, SMALLEST, w)) * SMALLEST * 1.2


def _fixed_height(pad: Pad, width: float) -> float:
    return HEADER_H + NAME_H + _table_height(pad, width) + FOOTER_H


def _bankable(block: Block, grid: Grid, players: int) -> bool:
    if block.row.kind != "rounds" or len(block.labels) < 2:
        return False
    bank_w = (grid.right - grid.left - BANK_GAP) / 2
    return (bank_w - NUMBER_W) / players / len(block.row.sub) >= MIN_CELL


def _in_banks(block: Block, banks: int) -> Block:
    """The run in ``banks`` banks of equal length: rows added to fill the last bank (more room)."""
    rows = -(-len(block.labels) // banks) * banks
    return Block(block.row, tuple(f"{block.row.label} {k}" for k in range(1, rows + 1)), banks)


def plan(pad: Pad, width: float, height: float, min_h: float = MIN_ROW_H, banks: bool = True) -> Plan | None:
    """The tallest rows (at most :data:`ROW_H`, at least ``min_h``) at which the pad fits
    ``height``; if it does not, the longest run of rows in two banks (when ``banks`` and its cells
    stay wide enough); ``None`` if it still does not fit."""
    grid = _grid(pad, width)
    blocks = _blocks(pad)
    room = height - _fixed_height(pad, width)
    attempts = [blocks]
    longest = max((b for b in blocks if _bankable(b, grid, pad.players)), key=lambda b: len(b.labels), default=None)
    if banks and longest is not None:
        attempts.append(tuple(_in_banks(b, 2) if b is longest else b for b in blocks))
    for candidate in attempts:
        h = ROW_H
        while h >= min_h - 1e-9:
            if sum(_block_height(b, grid, h) for b in candidate) <= room:
                return Plan(grid, candidate, h)
            h -= 0.5
    return None


def _squeezed(pad: Pad, width: float, height: float) -> Plan:
    """A pad whose data asks for more rows than a page holds at :data:`MIN_ROW_H`: the rows shrink
    (the words do not)."""
    for h in (x / 2 for x in range(int(MIN_ROW_H * 2) - 1, 15, -1)):
        found = plan(pad, width, height, min_h=h)
        if found is not None:
            return found
    grid = _grid(pad, width)
    return Plan(grid, _blocks(pad), 8.0)


# --- the document -----------------------------------------------------------------------------------


def render(pads: Pad | Sequence[Pad], paper: str = "a4", ink: str = "colour", count: int = 10) -> bytes:
    """``count`` pages in all, shared out between the pad's designs (Maharani: 2 players, then
    3-4 players; :func:`~tajkit.sheets.documents.pages_per_design`), each design's pages together
    so a range of them can be printed."""
    designs = (pads,) if isinstance(pads, Pad) else tuple(pads)
    palette = INKS[ink]
    pages = [_page(pad, palette) for pad in designs]
    return document(pages, paper, pages_per_design(count, len(designs)), f"{designs[0].title} - score pad",
                    f"tajkit score pad ({ink} ink)", grouped=True)


def _page(pad: Pad, palette: Ink):  # noqa: ANN202
    colour = HexColor(pad.accent) if palette.fills else palette.text

    def draw(c: Canvas, width: float, height: float) -> None:
        middle = height / 2
        half = middle - CUT / 2 - MARGIN_Y
        two_up = plan(pad, width, half, TWO_UP_ROW_H, banks=False)
        if two_up is not None:
            _draw_pad(c, pad, two_up, width, height - MARGIN_Y, palette, colour)
            _draw_pad(c, pad, two_up, width, middle - CUT / 2, palette, colour)
            cut_line(c, MARGIN - 8, width - MARGIN + 8, middle, palette.soft_text)
        else:
            whole = height - 2 * MARGIN_Y
            found = plan(pad, width, whole) or _squeezed(pad, width, whole)
            _draw_pad(c, pad, found, width, height - MARGIN_Y, palette, colour)

    return draw


def _draw_pad(c: Canvas, pad: Pad, p: Plan, width: float, top: float, ink: Ink, accent: Color) -> None:
    """One score table from ``top`` down (page coordinates), footer included."""
    words = pad.words
    _record("pad", MARGIN, top, width - 2 * MARGIN, 0)
    text(c, pad.title, MARGIN, top - 18, width * 0.5, BOLD, 20, color=accent)
    subtitle = words.score_pad + (f" · {pad.for_players}" if pad.for_players else "")
    text(c, subtitle, MARGIN, top - 32, width * 0.45, ITALIC, 9, color=ink.soft_text)
    _blanks(c, (words.date, words.place), width * 0.56, width - MARGIN, top - 32, ink)
    y = top - HEADER_H
    _names_row(c, p.grid, y, words.player, ink, accent)
    y -= NAME_H
    stripe = 0
    for block in p.blocks:
        used = _block_height(block, p.grid, p.row_h)
        _draw_block(c, pad, block, p, y, stripe, words.player, width, ink, accent)
        stripe += 1 if block.row.kind != "rounds" else len(block.labels)
        y -= used
    if pad.table:
        _quarter_table(c, pad, MARGIN, y - 12, width, ink, accent)
        y -= _table_height(pad, width)
    defaults = f"  ·  {words.default_mark}" if any(not r.official for r in pad.rows) else ""
    text(c, words.footer.format(title=pad.title) + defaults, width - MARGIN, y - 11,
         width - 2 * MARGIN, ITALIC, SMALLEST, "right", ink.soft_text)


def _blanks(c: Canvas, labels: tuple[str, ...], x0: float, x1: float, baseline: float, ink: Ink) -> None:
    """"Date ____  Place ____": the labels at one size, each line starting after its label and
    running below the baseline, clear of the letters' descenders."""
    each = (x1 - x0) / len(labels)
    size = min(fitted_size(label, SANS, 8, each * 0.45) for label in labels)
    for k, label in enumerate(labels):
        x = x0 + k * each
        text(c, label, x, baseline, each * 0.45, SANS, size, color=ink.soft_text)
        start, end, line_y = x + width_of(label, SANS, size) + 4, x + each - 10, baseline - 0.25 * size - 2
        with saved(c):
            c.setStrokeColor(ink.line)
            c.setLineWidth(0.6)
            c.line(start, line_y, end, line_y)
        _record("blank", start, line_y, end - start, 0, label, label_right=x + width_of(label, SANS, size), baseline=baseline)


def _names_row(c: Canvas, grid: Grid, top: float, player: str, ink: Ink, accent: Color) -> None:
    _record("label", grid.left + INSET, top - NAME_H, grid.label_w - 2 * INSET, NAME_H)
    text(c, player, grid.left + 4, top - NAME_H + 10, grid.label_w - 8, BOLD, 10, color=accent)
    for k, (x, w) in enumerate(grid.columns):
        _box(c, "name", x + INSET, top - NAME_H + 2, w - 2 * INSET, NAME_H - 4, ink, accent, 1.4)
        text(c, str(k + 1), x + 5, top - 11, 12, SANS, SMALLEST, color=ink.soft_text)


def _box(c: Canvas, kind: str, x: float, y: float, w: float, h: float, ink: Ink, stroke: Color, line: float = 0.8,
         caption: str = "", category: str = "") -> None:
    with saved(c):
        c.setStrokeColor(stroke)
        c.setLineWidth(line)
        c.setFillColor(white)
        c.roundRect(x, y, w, h, min(3.0, h / 5), stroke=1, fill=1)
    _record(kind, x, y, w, h, caption, category=category)


def _stripe(c: Canvas, x: float, y: float, w: float, h: float, k: int, ink: Ink) -> None:
    if ink.fills and k % 2 == 0:
        with saved(c):
            c.setFillColor(STRIPE)
            c.rect(x, y, w, h, stroke=0, fill=1)


# --- the blocks ---------------------------------------------------------------------------------------


def _draw_block(c: Canvas, pad: Pad, block: Block, p: Plan, top: float, stripe: int, player: str, width: float,
                ink: Ink, accent: Color) -> None:
    row = block.row
    if row.kind == "rounds" and block.banks > 1:
        _banked(c, pad, block, p, top, stripe, player, ink, accent)
    elif row.kind == "rounds":
        _rounds(c, block, p, top, stripe, ink, accent)
    elif row.kind == "shared":
        _shared(c, row, p, top, stripe, ink, accent)
    else:
        h = _block_height(block, p.grid, p.row_h)
        _stripe(c, p.grid.left, top - h, p.grid.right - p.grid.left, h, stripe, ink)
        _row_label(c, row, row.label, p.grid, top, h, ink, with_note=True)
        _row_cells(c, row, p.grid.columns, top - h, h, ink, accent, captions=True)
        _record("row", p.grid.left, top - h, p.grid.right - p.grid.left, h, row.label, category=row.id)


def _font(row: Category) -> str:
    return BOLD if row.kind == "total" else (ITALIC if row.kind == "tiebreak" else SANS)


def _row_label(c: Canvas, row: Category, label: str, grid: Grid, top: float, h: float, ink: Ink, with_note: bool) -> None:
    """The label (and its note) centred in the row's height; a row with stars shows them at the right."""
    size = min(LABEL_SIZE, max(SMALLEST, h * 0.42))
    width = grid.label_w - 8 - (26 if row.stars is not None else 0)
    note = row.note if with_note else ""
    note_h = _note_lines(note, grid.label_w - 8) * SMALLEST * LEADING
    content = size + (2 + note_h if note else 0)
    baseline = top - (h - content) / 2 - size * 0.8
    text(c, label, grid.left + 4, baseline, width, _font(row), size, color=ink.text)
    if note:
        paragraph(c, note, grid.left + 4, baseline - size * 0.25 - 2, grid.label_w - 8, note_h + 0.01, ITALIC, SMALLEST,
                  LEADING, color=ink.soft_text, min_size=SMALLEST)
    if row.stars is not None:
        r = max(4.1, min(5.0, h * 0.2))
        star_value(c, grid.left + grid.label_w - 20, top - h / 2, row.stars, ink, r=r, mark="" if row.official else "*")


def _row_cells(c: Canvas, row: Category, columns: Sequence[tuple[float, float]], y: float, h: float, ink: Ink,
               accent: Color, captions: bool) -> None:
    """Each player's boxes in the row, on as many lines as keep them wide enough; with
    ``captions`` each box says what goes in it."""
    total = row.kind == "total"
    stroke = accent if total else ink.line
    for x, w in columns:
        lines = cell_lines(len(row.sub), w)
        line_h = h / len(lines)
        done = 0
        for k, n in enumerate(lines):
            line_y = y + h - (k + 1) * line_h
            for s in range(n):
                caption = row.sub[done + s]
                cx = x + s * w / n
                _box(c, "cell", cx + INSET, line_y + INSET, w / n - 2 * INSET, line_h - 2 * INSET, ink, stroke,
                     1.6 if total else 0.8, caption, row.id)
                if captions and caption:
                    text(c, caption, cx + 4.5, line_y + line_h - INSET - 2 - SMALLEST, w / n - 9, SANS, SMALLEST,
                         color=ink.soft_text)
            done += n


def _captions(c: Canvas, row: Category, columns: Sequence[tuple[float, float]], baseline: float, ink: Ink) -> None:
    for x, w in columns:
        sub_w = w / len(row.sub)
        for s, caption in enumerate(row.sub):
            if caption:
                text(c, caption, x + s * sub_w + sub_w / 2, baseline, sub_w - 4, SANS, SMALLEST, "centre", ink.soft_text)


def _rounds(c: Canvas, block: Block, p: Plan, top: float, stripe: int, ink: Ink, accent: Color) -> None:
    """A run of numbered rows under one band: the note at the left, each box's caption over it."""
    row, grid = block.row, p.grid
    band = _band_height(block, grid)
    if row.note:
        paragraph(c, row.note, grid.left + 4, top - 2, grid.label_w - 8, band - 2, ITALIC, SMALLEST, LEADING,
                  color=ink.soft_text, min_size=SMALLEST)
    _captions(c, row, grid.columns, top - band + 3, ink)
    y = top - band
    for k, label in enumerate(block.labels):
        _stripe(c, grid.left, y - p.row_h, grid.right - grid.left, p.row_h, stripe + k, ink)
        _row_label(c, row, label, grid, y, p.row_h, ink, with_note=False)
        _row_cells(c, row, grid.columns, y - p.row_h, p.row_h, ink, accent, captions=False)
        _record("row", grid.left, y - p.row_h, grid.right - grid.left, p.row_h, label, category=row.id)
        y -= p.row_h


def _banked(c: Canvas, pad: Pad, block: Block, p: Plan, top: float, stripe: int, player: str, ink: Ink,
            accent: Color) -> None:
    """A long run of rows in two banks side by side (Maharani's 33 turns with 2 players): the
    label and note over both, then in each bank a column of numbers and each player's boxes."""
    row, grid = block.row, p.grid
    heading = f"{row.label} 1–{len(block.labels)}"
    text(c, heading, grid.left + 4, top - 10, grid.label_w, BOLD, LABEL_SIZE, color=ink.text)
    _record("heading", grid.left + 4, top - 10, grid.label_w, LABEL_SIZE, heading, category=row.id)
    if row.note:
        x = grid.left + 8 + width_of(heading, BOLD, LABEL_SIZE)
        text(c, row.note, x, top - 10, grid.right - x, ITALIC, SMALLEST, color=ink.soft_text)
    bank_w = (grid.right - grid.left - BANK_GAP) / block.banks
    per_bank = len(block.labels) // block.banks
    for b in range(block.banks):
        x0 = grid.left + b * (bank_w + BANK_GAP)
        player_w = (bank_w - NUMBER_W) / pad.players
        columns = [(x0 + NUMBER_W + k * player_w, player_w) for k in range(pad.players)]
        for k, (x, w) in enumerate(columns):
            text(c, f"{player} {k + 1}", x + w / 2, top - 20, w - 4, BOLD, 7.5, "centre", accent)
        if any(row.sub):
            _captions(c, row, columns, top - 29, ink)
        y = top - _band_height(block, grid)
        for k in range(b * per_bank, (b + 1) * per_bank):
            _stripe(c, x0, y - p.row_h, bank_w, p.row_h, stripe + k - b * per_bank, ink)
            text(c, str(k + 1), x0 + NUMBER_W - 6, y - p.row_h / 2 - 3, NUMBER_W - 6, SANS, 9, "right", ink.text)
            _row_cells(c, row, columns, y - p.row_h, p.row_h, ink, accent, captions=False)
            _record("row", x0, y - p.row_h, bank_w, p.row_h, str(k + 1), category=row.id)
            y -= p.row_h


def _shared(c: Canvas, row: Category, p: Plan, top: float, stripe: int, ink: Ink, accent: Color) -> None:
    """A row all players share (the final display's colour values): one box per caption. On an
    aligned grid its label is a band above and the boxes stand on the table's columns."""
    grid = p.grid
    if grid.aligned:
        band = _shared_band(row, grid)
        baseline = top - LABEL_SIZE - 1
        text(c, row.label, grid.left + 4, baseline, grid.right - grid.left - 8, BOLD, LABEL_SIZE, color=ink.text)
        under = _shared_note_under(row, grid)
        if under:
            paragraph(c, row.note, grid.left + 4, baseline - 3, grid.right - grid.left - 8,
                      len(under) * SMALLEST * LEADING + 0.01, ITALIC, SMALLEST, LEADING, color=ink.soft_text,
                      min_size=SMALLEST)
        elif row.note:
            x = _note_x(row, grid)
            text(c, row.note, x, baseline, grid.right - x, ITALIC, SMALLEST, color=ink.soft_text)
        slots = [(grid.left, grid.label_w), *grid.columns]
        y, h = top - band - p.row_h, p.row_h
    else:
        h = _block_height(Block(row, (row.label,)), grid, p.row_h)
        _stripe(c, grid.left, top - h, grid.right - grid.left, h, stripe, ink)
        _row_label(c, row, row.label, grid, top, h, ink, with_note=True)
        x0 = grid.columns[0][0]
        w = (grid.right - x0) / len(row.cells)
        slots = [(x0 + k * w, w) for k in range(len(row.cells))]
        y = top - h
    _record("row", grid.left, y, grid.right - grid.left, top - y, row.label, category=row.id)
    for (x, w), caption in zip(slots, row.cells):
        _box(c, "shared", x + INSET, y + INSET, w - 2 * INSET, h - 2 * INSET, ink, accent, 1.0, caption, row.id)
        text(c, caption, x + 5, y + h - INSET - 3 - 7, w - 10, BOLD, 7, color=ink.text)


def _quarter_table(c: Canvas, pad: Pad, x: float, top: float, width: float, ink: Ink, accent: Color) -> None:
    table = pad.table
    assert table is not None
    text(c, table.title, x, top - 9, width - 2 * MARGIN, BOLD, 9, color=accent)
    row_h = 14.0
    value_table(c, table.cells, table.labels, x, top - 14, 60.0, _table_cell_w(pad, width), row_h, 8, ink, accent)
    if table.note:
        note_x, note_w = _table_note_x(pad, width)
        paragraph(c, f"* {table.note}", note_x, top - 14, note_w, _table_note_height(pad, width) + 0.01, ITALIC,
                  SMALLEST, 1.2, color=ink.soft_text, min_size=SMALLEST)
