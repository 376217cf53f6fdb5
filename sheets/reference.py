"""Reference cards: two cards per page with a cut line; what does not fit the front goes on a
back page laid out for double-sided printing (flip on the long edge)."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfgen.canvas import Canvas

from tajkit.sheets.documents import Card, Section
from tajkit.sheets.ink import INKS, Ink
from tajkit.sheets.pdf import BOLD, ITALIC, PAPERS, SANS, document, register_fonts
from tajkit.sheets.shapes import cut_line, icon, saved, value_table
from tajkit.sheets.text import SMALLEST, paragraph, text, wrap

MARGIN, GAP = 22.0, 26.0
HEADER, PAD, GUTTER = 38.0, 12.0, 16.0
SIZES = [9.5 - 0.25 * k for k in range(13)]  # try the largest type first, down to 6.5
LEADING = 1.22


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    w: float
    h: float


def render(card: Card, paper: str = "a4", ink: str = "colour", copies: int = 1) -> bytes:
    """The card as PDF bytes: a front page (and a back page when needed), ``copies`` times."""
    register_fonts()
    palette = INKS[ink]
    width, height = PAPERS[paper]
    box = _card_boxes(width, height)[0]
    body_w = box.w - 2 * PAD
    body_h = box.h - HEADER - 2 * PAD - 10
    sides = _split(card.sections, (body_w - GUTTER) / 2, body_h)

    def page(sections: tuple[Section, ...], size: float, side: str):  # noqa: ANN202
        def draw(c: Canvas, w: float, h: float) -> None:
            boxes = _card_boxes(w, h)
            for b in boxes:
                _draw_card(c, card, sections, size, side, b, palette)
            cut_line(c, MARGIN - 6, w - MARGIN + 6, (boxes[0].y + boxes[1].y + boxes[1].h) / 2, palette.soft_text)

        return draw

    n = len(sides)
    labels = {1: [""], 2: ["front", "back"]}.get(n) or [f"part {k} of {n}" for k in range(1, n + 1)]
    pages = [page(sections, size, label) for (sections, size), label in zip(sides, labels, strict=True)]
    return document(pages, paper, copies, f"{card.title} - reference card", f"tajkit reference card ({card.lang}, {ink} ink)")


def _card_boxes(width: float, height: float) -> list[Box]:
    h = (height - 2 * MARGIN - GAP) / 2
    top = Box(MARGIN, height - MARGIN - h, width - 2 * MARGIN, h)
    return [top, Box(MARGIN, MARGIN, width - 2 * MARGIN, h)]


# --- fitting: the largest type at which the sections fill two columns ------------------------------


def _section_height(s: Section, width: float, size: float) -> float:
    height = size * 1.9  # heading
    for item in s.items:
        height += len(wrap(item, SANS, size, width - size * 1.1)) * size * LEADING + size * 0.3
    if s.table:
        height += size * 4.6 + _note_height(s, width, size)
    return height + size * 0.8


def _note_size(size: float) -> float:
    return max(SMALLEST, size * 0.8)


def _note_height(s: Section, width: float, size: float) -> float:
    note = _note_size(size)
    return len(wrap(f"* {s.table_note}", ITALIC, note, width)) * note * LEADING if s.table_note else 0


def _columns(sections: tuple[Section, ...], col_w: float, col_h: float, size: float) -> int:
    """How many sections (in order) fit two columns at this size."""
    placed, column, used = 0, 0, 0.0
    for s in sections:
        h = _section_height(s, col_w, size)
        if used + h > col_h:
            column, used = column + 1, 0.0
            if column == 2 or h > col_h:
                return placed
        used += h
        placed += 1
    return placed


def _split(sections: tuple[Section, ...], col_w: float, col_h: float) -> list[tuple[tuple[Section, ...], float]]:
    """The sections of each side and their type size: one side if everything fits at 6.5 pt or more,
    otherwise the front is filled and the rest goes on the back."""
    for size in SIZES:
        if _columns(sections, col_w, col_h, size) == len(sections):
            return [(sections, size)]
    smallest = SIZES[-1]
    front = _columns(sections, col_w, col_h, smallest)
    return [(sections[:front], smallest)] + _split(sections[front:], col_w, col_h)


# --- drawing --------------------------------------------------------------------------------------


def _draw_card(c: Canvas, card: Card, sections: tuple[Section, ...], size: float, side: str, b: Box, ink: Ink) -> None:
    accent = HexColor(card.accent) if ink.fills else ink.text
    with saved(c):
        c.setStrokeColor(accent)
        c.setLineWidth(1.2)
        c.setFillColor(ink.paper)
        c.roundRect(b.x, b.y, b.w, b.h, 10, stroke=1, fill=1)
        header = c.beginPath()
        header.roundRect(b.x, b.y + b.h - HEADER, b.w, HEADER, 10)
        if ink.fills:
            c.setFillColor(accent)
            c.drawPath(header, stroke=0, fill=1)
            c.rect(b.x, b.y + b.h - HEADER, b.w, 10, stroke=0, fill=1)
        else:
            c.line(b.x + 8, b.y + b.h - HEADER, b.x + b.w - 8, b.y + b.h - HEADER)
    title_color = white if ink.fills else ink.text
    title_w = b.w * 0.55
    text(c, card.title, b.x + PAD, b.y + b.h - HEADER + 13, title_w, BOLD, 17, color=title_color)
    sub = card.subtitle + (f" · {side}" if side else "")
    sub_w = b.w - title_w - 3 * PAD
    lines = len(wrap(sub, SANS, 8, sub_w))  # a long subtitle takes two lines, right-aligned
    paragraph(c, sub, b.x + b.w - PAD - sub_w, b.y + b.h - HEADER / 2 + lines * 8 * 1.15 / 2 + 1, sub_w,
              2 * 8 * 1.15 + 0.01, SANS, 8, 1.15, "right", title_color, min_size=SMALLEST)
    col_w = (b.w - 2 * PAD - GUTTER) / 2
    col_h = b.h - HEADER - 2 * PAD - 10
    x, top = b.x + PAD, b.y + b.h - HEADER - PAD
    used = 0.0
    for s in sections:
        h = _section_height(s, col_w, size)
        if used + h > col_h:
            x, used = x + col_w + GUTTER, 0.0
        _draw_section(c, s, x, top - used, col_w, size, ink, accent)
        used += h
    footer = "In tajkit's own words; the rulebook decides." if card.lang == "en" else "A tajkit saját szavaival; a szabálykönyv dönt."
    text(c, footer, b.x + b.w - PAD, b.y + 6, b.w - 2 * PAD, ITALIC, SMALLEST, "right", ink.soft_text)


def _draw_section(c: Canvas, s: Section, x: float, top: float, w: float, size: float, ink: Ink, accent: Color) -> None:
    head = size * 1.25
    icon(c, s.icon, x, top - head, head, accent)
    text(c, s.heading, x + head + 4, top - head + 1.5, w - head - 4, BOLD, size + 1, color=accent)
    y = top - size * 1.9
    bullet_w = size * 1.1
    for item in s.items:
        with saved(c):
            c.setFillColor(ink.text)
            c.circle(x + size * 0.35, y - size * 0.62, size * 0.16, stroke=0, fill=1)
        lines = len(wrap(item, SANS, size, w - bullet_w))
        paragraph(c, item, x + bullet_w, y, w - bullet_w, lines * size * LEADING + 0.01, SANS, size, LEADING, color=ink.text, min_size=size)
        y -= lines * size * LEADING + size * 0.3
    if s.table:
        _draw_table(c, s, x, y, w, size, ink, accent)


def _draw_table(c: Canvas, s: Section, x: float, top: float, w: float, size: float, ink: Ink, accent: Color) -> None:
    """A two-row table (e.g. workers -> gold); values the rulebook does not state are italic
    and starred, with the note below saying where they come from."""
    label_w = w * 0.24
    row_h = size * 1.8
    value_table(c, s.table, s.table_labels, x, top, label_w, (w - label_w) / len(s.table), row_h, size, ink, accent)
    if s.table_note:
        note = f"* {s.table_note}"
        note_size = _note_size(size)
        paragraph(c, note, x, top - 2 * row_h - size * 0.4, w, _note_height(s, w, size) + 0.01, ITALIC, note_size, LEADING,
                  color=ink.soft_text, min_size=note_size)
