"""Score pads: one column per player, one row per scoring category of the rulebook (with the
cells a player writes in that row: a running total where the game scores as it goes), the
tie-break rows and the total."""

from __future__ import annotations

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfgen.canvas import Canvas

from tajkit.sheets.documents import Pad, PadRow
from tajkit.sheets.primitives import (
    BOLD,
    INKS,
    ITALIC,
    SANS,
    Ink,
    cut_line,
    pad as pad_pdf,
    paragraph,
    saved,
    star_value,
    text,
    value_table,
)

MARGIN = 30.0
LABEL_W = 150.0
NAME_H = 30.0


ROW_H = 28.0  # a comfortable row; pads short enough for two per page get two, with a cut line
HEADER_H = 46.0


def render(pad: Pad, paper: str = "a4", ink: str = "colour", count: int = 10) -> bytes:
    palette = INKS[ink]
    colour = HexColor(pad.accent) if palette.fills else palette.text

    def draw(c: Canvas, width: float, height: float) -> None:
        natural = HEADER_H + NAME_H + ROW_H * len(pad.rows) + (_table_height(pad) + 14 if pad.table else 0) + 24
        usable = height - 2 * MARGIN
        if 2 * natural + 30 <= usable:
            half = (height - 30) / 2
            _draw_pad(c, pad, width, height, half + 30 - MARGIN, palette, colour)
            _draw_pad(c, pad, width, half, 0, palette, colour)
            cut_line(c, MARGIN - 8, width - MARGIN + 8, half + 15, palette.soft_text)
        else:
            _draw_pad(c, pad, width, height, 0, palette, colour)

    return pad_pdf(draw, paper, count, f"{pad.title} - score pad", f"tajkit score pad ({ink} ink)")


def _draw_pad(c: Canvas, pad: Pad, width: float, top_y: float, floor: float, ink: Ink, accent: Color) -> None:
    """One score table between ``floor`` and ``top_y`` (page coordinates)."""
    top = top_y - MARGIN
    text(c, pad.title, MARGIN, top - 18, width * 0.55, BOLD, 20, color=accent)
    text(c, "Score pad", MARGIN, top - 32, 120, ITALIC, 9, color=ink.soft_text)
    for k, label in enumerate(("Date", "Place")):
        x = width * 0.6 + k * (width * 0.4 - MARGIN) / 2
        text(c, label, x, top - 32, 30, SANS, 8, color=ink.soft_text)
        with saved(c):
            c.setStrokeColor(ink.line)
            c.setLineWidth(0.6)
            c.line(x + 28, top - 33, x + (width * 0.4 - MARGIN) / 2 - 8, top - 33)
    table_top = top - HEADER_H
    bottom = floor + MARGIN + (_table_height(pad) if pad.table else 0) + 14
    rows = pad.rows
    row_h = min(ROW_H, (table_top - NAME_H - bottom) / len(rows))
    columns = _player_columns(width, pad.players)
    _names_row(c, columns, table_top, ink, accent)
    y = table_top - NAME_H
    for k, row in enumerate(rows):
        y -= row_h
        _row(c, row, k, y, row_h, columns, width, ink, accent)
    if pad.table:
        _quarter_table(c, pad, MARGIN, y - 12, width - 2 * MARGIN, ink, accent)
    text(c, f"tajkit · {pad.title} score pad · categories from the rulebook", width - MARGIN, floor + MARGIN - 14,
         width - 2 * MARGIN, ITALIC, 6, "right", ink.soft_text)


def _player_columns(width: float, players: int) -> list[tuple[float, float]]:
    x0 = MARGIN + LABEL_W
    w = (width - MARGIN - x0) / players
    return [(x0 + k * w, w) for k in range(players)]


def _names_row(c: Canvas, columns: list[tuple[float, float]], top: float, ink: Ink, accent: Color) -> None:
    text(c, "Player", MARGIN + 4, top - NAME_H + 10, LABEL_W - 8, BOLD, 10, color=accent)
    for k, (x, w) in enumerate(columns):
        _cell(c, x + 2, top - NAME_H + 2, w - 4, NAME_H - 4, ink, accent, 1.4)
        text(c, str(k + 1), x + 6, top - 11, 12, SANS, 6, color=ink.soft_text)


def _cell(c: Canvas, x: float, y: float, w: float, h: float, ink: Ink, stroke: Color, width: float = 0.8, fill: Color = white) -> None:
    with saved(c):
        c.setStrokeColor(stroke)
        c.setLineWidth(width)
        c.setFillColor(fill)
        c.roundRect(x, y, w, h, min(3.0, h / 5), stroke=1, fill=1)


def _row(c: Canvas, row: PadRow, k: int, y: float, h: float, columns: list[tuple[float, float]], width: float, ink: Ink, accent: Color) -> None:
    if ink.fills and k % 2 == 0:
        with saved(c):
            c.setFillColor(HexColor("#F6F1E6"))
            c.rect(MARGIN, y, width - 2 * MARGIN, h, stroke=0, fill=1)
    total, tie = row.kind == "total", row.kind == "tiebreak"
    font = BOLD if total else (ITALIC if tie else SANS)
    label_w = LABEL_W - 8 - (24 if row.stars is not None else 0)
    if row.note:
        text(c, row.label, MARGIN + 4, y + h * 0.55, label_w, font, min(9.5, h * 0.42), color=ink.text)
        paragraph(c, row.note, MARGIN + 4, y + h * 0.47, LABEL_W - 8, h * 0.42, ITALIC, min(6.5, h * 0.27), 1.1, color=ink.soft_text)
    else:
        text(c, row.label, MARGIN + 4, y + h * 0.35, label_w, font, min(9.5, h * 0.42), color=ink.text)
    if row.stars is not None:
        star_value(c, MARGIN + LABEL_W - 16, y + h / 2, row.stars, ink, r=min(5.0, h * 0.2))
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


def _shared(c: Canvas, row: PadRow, y: float, h: float, columns: list[tuple[float, float]], ink: Ink, accent: Color) -> None:
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
    text(c, pad.table_title, x, top - 9, w, BOLD, 9, color=accent)
    label_w = 60.0
    cell_w = min(34.0, (w - label_w) / len(pad.table))
    row_h = 14.0
    value_table(c, pad.table, pad.table_labels, x, top - 14, label_w, cell_w, row_h, 8, ink, accent)
    note_x = x + label_w + len(pad.table) * cell_w + 12
    paragraph(c, f"* {pad.table_note}", note_x, top - 14, x + w - note_x, 2 * row_h + 4, ITALIC, 6.5, color=ink.soft_text)
