"""Score pads: one column per player, one row per scoring category of the rulebook (with the
cells a player writes in that row: a running total where the game scores as it goes), the
tie-break rows and the total."""

from __future__ import annotations

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfgen.canvas import Canvas

from tajkit.sheets.documents import Pad
from tajkit.solver.game import Category
from tajkit.sheets.ink import INKS, Ink
from tajkit.sheets.pdf import BOLD, ITALIC, SANS, pad as pad_pdf
from tajkit.sheets.shapes import cut_line, saved, star_value, value_table
from tajkit.sheets.text import paragraph, text

MARGIN = 30.0
LABEL_W = 150.0
NAME_H = 30.0


ROW_H = 28.0  # a comfortable row
TWO_UP_ROW_H = 21.0  # the smallest row that still takes handwriting, two pads to a page
HEADER_H = 46.0
FOOTER_H = 14.0
CUT = 30.0  # the band around the cut line between two pads


def rows_of(pad: Pad) -> list[tuple[Category, str]]:
    """Each printed row: its category and its label (a ``rounds`` category gives ``count`` rows:
    "Province 1", "Province 2" ...)."""
    out: list[tuple[Category, str]] = []
    for row in pad.rows:
        if row.kind == "rounds":
            out += [(row, f"{row.label} {k}") for k in range(1, row.count + 1)]
        else:
            out.append((row, row.label))
    return out


def _fixed_height(pad: Pad) -> float:
    return HEADER_H + NAME_H + (_table_height(pad) + 14 if pad.table else 0) + FOOTER_H


def render(pad: Pad, paper: str = "a4", ink: str = "colour", count: int = 10) -> bytes:
    palette = INKS[ink]
    colour = HexColor(pad.accent) if palette.fills else palette.text
    rows = rows_of(pad)

    def draw(c: Canvas, width: float, height: float) -> None:
        middle = height / 2
        if _fixed_height(pad) + TWO_UP_ROW_H * len(rows) <= middle - CUT / 2 - MARGIN:
            _draw_pad(c, pad, rows, width, height - MARGIN, middle + CUT / 2, palette, colour)
            _draw_pad(c, pad, rows, width, middle - CUT / 2, MARGIN, palette, colour)
            cut_line(c, MARGIN - 8, width - MARGIN + 8, middle, palette.soft_text)
        else:
            _draw_pad(c, pad, rows, width, height - MARGIN, MARGIN, palette, colour)

    return pad_pdf(draw, paper, count, f"{pad.title} - score pad", f"tajkit score pad ({ink} ink)")


def _draw_pad(
    c: Canvas, pad: Pad, rows: list[tuple[Category, str]], width: float, top: float, base: float, ink: Ink, accent: Color
) -> None:
    """One score table between ``base`` and ``top`` (page coordinates), footer included."""
    text(c, pad.title, MARGIN, top - 18, width * 0.55, BOLD, 20, color=accent)
    words = pad.words
    text(c, words.score_pad, MARGIN, top - 32, 120, ITALIC, 9, color=ink.soft_text)
    for k, label in enumerate((words.date, words.place)):
        x = width * 0.6 + k * (width * 0.4 - MARGIN) / 2
        text(c, label, x, top - 32, 30, SANS, 8, color=ink.soft_text)
        with saved(c):
            c.setStrokeColor(ink.line)
            c.setLineWidth(0.6)
            c.line(x + 28, top - 33, x + (width * 0.4 - MARGIN) / 2 - 8, top - 33)
    table_top = top - HEADER_H
    bottom = base + FOOTER_H + ((_table_height(pad) + 14) if pad.table else 0)
    row_h = min(ROW_H, (table_top - NAME_H - bottom) / len(rows))
    columns = _player_columns(width, pad.players)
    _names_row(c, columns, table_top, words.player, ink, accent)
    y = table_top - NAME_H
    for k, (row, label) in enumerate(rows):
        y -= row_h
        _row(c, row, label, k, y, row_h, columns, width, ink, accent)
    if pad.table:
        _quarter_table(c, pad, MARGIN, y - 12, width - 2 * MARGIN, ink, accent)
        y -= 12 + _table_height(pad)
    defaults = f"  ·  {words.default_mark}" if any(not r.official for r in pad.rows) else ""
    text(c, words.footer.format(title=pad.title) + defaults, width - MARGIN, y - 10,
         width - 2 * MARGIN, ITALIC, 6, "right", ink.soft_text)


def _player_columns(width: float, players: int) -> list[tuple[float, float]]:
    x0 = MARGIN + LABEL_W
    w = (width - MARGIN - x0) / players
    return [(x0 + k * w, w) for k in range(players)]


def _names_row(c: Canvas, columns: list[tuple[float, float]], top: float, player: str, ink: Ink, accent: Color) -> None:
    text(c, player, MARGIN + 4, top - NAME_H + 10, LABEL_W - 8, BOLD, 10, color=accent)
    for k, (x, w) in enumerate(columns):
        _cell(c, x + 2, top - NAME_H + 2, w - 4, NAME_H - 4, ink, accent, 1.4)
        text(c, str(k + 1), x + 6, top - 11, 12, SANS, 6, color=ink.soft_text)


def _cell(c: Canvas, x: float, y: float, w: float, h: float, ink: Ink, stroke: Color, width: float = 0.8, fill: Color = white) -> None:
    with saved(c):
        c.setStrokeColor(stroke)
        c.setLineWidth(width)
        c.setFillColor(fill)
        c.roundRect(x, y, w, h, min(3.0, h / 5), stroke=1, fill=1)


def _row(
    c: Canvas, row: Category, label: str, k: int, y: float, h: float, columns: list[tuple[float, float]], width: float,
    ink: Ink, accent: Color,
) -> None:
    if ink.fills and k % 2 == 0:
        with saved(c):
            c.setFillColor(HexColor("#F6F1E6"))
            c.rect(MARGIN, y, width - 2 * MARGIN, h, stroke=0, fill=1)
    total, tie = row.kind == "total", row.kind == "tiebreak"
    font = BOLD if total else (ITALIC if tie else SANS)
    label_w = LABEL_W - 8 - (24 if row.stars is not None else 0)
    note = row.note if (row.kind != "rounds" or label.endswith(" 1")) else ""
    if note:
        text(c, label, MARGIN + 4, y + h * 0.55, label_w, font, min(9.5, h * 0.42), color=ink.text)
        paragraph(c, note, MARGIN + 4, y + h * 0.47, LABEL_W - 8, h * 0.42, ITALIC, min(6.5, h * 0.27), 1.1, color=ink.soft_text)
    else:
        text(c, label, MARGIN + 4, y + h * 0.35, label_w, font, min(9.5, h * 0.42), color=ink.text)
    if row.stars is not None:
        star_value(c, MARGIN + LABEL_W - 18, y + h / 2, row.stars, ink, r=min(5.0, h * 0.2), mark="" if row.official else "*")
    stroke = accent if total else ink.line
    if row.kind == "shared":
        _shared(c, row, y, h, columns, ink, accent)
        return
    for x, w in columns:
        sub_w = w / len(row.sub)
        for s, caption in enumerate(row.sub):
            cx = x + s * sub_w
            _cell(c, cx + 2, y + 2, sub_w - 4, h - 4, ink, stroke, 1.6 if total else 0.8)
            if caption:
                text(c, caption, cx + 4.5, y + h - 4 - min(5.5, h * 0.22), sub_w - 9, SANS, min(5.5, h * 0.22), color=ink.soft_text)


def _shared(c: Canvas, row: Category, y: float, h: float, columns: list[tuple[float, float]], ink: Ink, accent: Color) -> None:
    """A row all players share (the final display's colour values): one cell per caption."""
    x0 = columns[0][0]
    span = columns[-1][0] + columns[-1][1] - x0
    w = span / len(row.cells)
    for k, caption in enumerate(row.cells):
        cx = x0 + k * w
        _cell(c, cx + 2, y + 2, w - 4, h - 4, ink, accent, 1.0)
        text(c, caption, cx + 5, y + h - 4 - min(6.5, h * 0.25), w - 10, BOLD, min(6.5, h * 0.25), color=ink.text)


def _table_height(pad: Pad) -> float:
    return 58.0


def _quarter_table(c: Canvas, pad: Pad, x: float, top: float, w: float, ink: Ink, accent: Color) -> None:
    table = pad.table
    assert table is not None
    text(c, table.title, x, top - 9, w, BOLD, 9, color=accent)
    label_w = 60.0
    cell_w = min(34.0, (w - label_w) / len(table.cells))
    row_h = 14.0
    value_table(c, table.cells, table.labels, x, top - 14, label_w, cell_w, row_h, 8, ink, accent)
    note_x = x + label_w + len(table.cells) * cell_w + 12
    if table.note:
        paragraph(c, f"* {table.note}", note_x, top - 14, x + w - note_x, 2 * row_h + 4, ITALIC, 6.5, color=ink.soft_text)
