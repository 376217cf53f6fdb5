"""A picture of a TAJ display: the rugs left to right (outer, middle and centre portions in their
colours, each with its points and its Curator's Eye), the Taj card over its rugs with the "+1" end
marked, and each rug's number, so a player can check a typed state against the table."""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfbase.pdfmetrics import getAscentDescent
from reportlab.pdfgen.canvas import Canvas

from tajkit.sheets.pdf import BOLD, ITALIC, SANS, document, register_fonts
from tajkit.sheets.shapes import saved
from tajkit.sheets.text import fitted_size, text, width_of
from tajkit.solver.taj.rules import Display, Table, colour_values
from tajkit.solver.taj.spec import Spec

COLOURS = {
    "green": "#3F9A4A",
    "orange": "#E8862A",
    "pink": "#E0669B",
    "blue": "#3B74C4",
    "yellow": "#F2C530",
}
FALLBACK = ["#8E6CC2", "#7A8A8C", "#B5533C"]  # colours a --data file adds
RUG_W, RUG_H, GAP = 74.0, 100.0, 8.0
# each portion's panel: how far inside the last at the sides and bottom (INSET) and at the top, where its label
# is (TOP_INSET: a band a label is legible in on a phone), its corners, its white outline
INSET, TOP_INSET, RADIUS, OUTLINE = 6.0, 18.0, 4.0, 1.2
PAD, SIDE = 0.4, 1.5  # clear space between a label's glyphs and an outline: above and below, at the sides
LABEL_SIZE, MIN_LABEL_SIZE = 12.0, 5.5


PUSHED = 12.0  # how far a proposed rug is pushed down (points)
TAJ_H = 34.0  # the Taj card's height
TAJ_BAND = 8 + TAJ_H  # the Taj card over its rugs, and the gap between
ROW_HEIGHT = RUG_H + 30 + 14  # a row of rugs below another: the rug, its number and eye below it, and room
# rugs in a row: 6 rugs' 82 points of the 532 a row takes are 44 px or more on a 360 px phone
# (about 320 px of picture); 10 in a row would be 29 px
MOST_IN_ROW = 6


def _fill(spec: Spec, name: str) -> Color:
    return HexColor(_hex(spec, name))


def _hex(spec: Spec, name: str) -> str:
    if name in COLOURS:
        return COLOURS[name]
    extra = [c for c in spec.colours if c not in COLOURS]
    return FALLBACK[extra.index(name) % len(FALLBACK)]


def swatch(spec: Spec, words: str) -> str | None:
    """The colour a tap's words name (``outer green (G)``: a rug's portion), as the rugs are drawn:
    a swatch the phones show beside the words, never instead of them."""
    found = re.fullmatch(r"\w+ (\w+) \([A-Z]\)", words)
    return _hex(spec, found.group(1)) if found and found.group(1) in spec.colours else None


def _on(fill: Color) -> Color:
    """Dark text on a light colour, white on a dark one."""
    light = 0.299 * fill.red + 0.587 * fill.green + 0.114 * fill.blue > 0.62
    return HexColor("#2E2A26") if light else white


@dataclass(frozen=True)
class Layout:
    """Where everything of a display is drawn, in points from the page's lower-left corner: the
    page's size, each rug's lower-left corner (a proposed rug pushed down), the Taj card's
    lower-left corner and width, and the rows the rugs are laid in (rug indices, left to right)."""

    size: tuple[float, float]
    rugs: tuple[tuple[float, float], ...]
    taj: tuple[float, float, float]
    rows: tuple[range, ...]


def rows(spec: Spec, d: Display) -> tuple[range, ...]:
    """The rugs in as few rows of at most ``MOST_IN_ROW`` as will do, as even as they come (the
    longer first), the rugs under the Taj never split between two rows (the Taj card lies over
    them)."""
    n = len(d.rugs)
    inside = range(d.taj + 1, d.taj + spec.width)  # a row may not end before one of these rugs
    for count in range(-(-n // MOST_IN_ROW), n + 1):
        layouts = []
        for breaks in combinations([b for b in range(1, n) if b not in inside], count - 1):
            edges = (0, *breaks, n)
            lines = tuple(range(a, b) for a, b in zip(edges, edges[1:]))
            if all(len(line) <= MOST_IN_ROW for line in lines):
                layouts.append(lines)
        if layouts:
            return min(layouts, key=lambda lines: (max(map(len, lines)), [-len(line) for line in lines]))
    return (range(n),)  # a Taj wider than a row: one row


def layout(spec: Spec, table: Table) -> Layout:
    d = table.display
    lines = rows(spec, d)
    proposed = table.proposal or ()
    pushed = PUSHED if proposed else 0.0
    # each row below the first: the rug, its number and eye, room, and the Taj card where it lies over it
    heights = [ROW_HEIGHT + pushed + (TAJ_BAND if d.taj in line else 0.0) for line in lines[1:]]
    width = 40 + max(len(line) for line in lines) * (RUG_W + GAP)
    room = PUSHED + 14 if proposed else 0.0  # for the rugs pushed down and the line saying so
    top_band = 0.0 if d.taj in lines[0] else -TAJ_BAND  # no Taj card over the first row: no room for one
    height = 250.0 + room + sum(heights) + top_band
    x0, y = 20 + GAP / 2, 56.0 + pushed + sum(heights)
    rugs: list[tuple[float, float]] = []
    taj = (0.0, 0.0, spec.width * (RUG_W + GAP))
    for k, line in enumerate(lines):
        # rulebook, Game Turn: the proposer "slightly pushes them downward, away from the Taj"
        rugs += [(x0 + col * (RUG_W + GAP), y - PUSHED if i in proposed else y) for col, i in enumerate(line)]
        if d.taj in line:
            taj = (x0 + (d.taj - line.start) * (RUG_W + GAP) - GAP / 2, y + RUG_H + 8, taj[2])
        y -= heights[k] if k < len(heights) else 0.0
    return Layout((width, height), tuple(rugs), taj, lines)


def render_display(spec: Spec, table: Table) -> bytes:
    """One page showing the display (as PDF bytes, for ``png_from_pdf``): the rugs in one row, or
    in two where one row would be too small to tap on a phone (:func:`rows`)."""
    d = table.display
    placed = layout(spec, table)
    proposed = table.proposal or ()

    def draw(c: Canvas, w: float, h: float) -> None:
        with saved(c):
            c.setFillColor(HexColor("#FBF7EE"))
            c.rect(0, 0, w, h, stroke=0, fill=1)
        text(c, "TAJ: the display", 20, h - 26, w - 40, BOLD, 15, color=HexColor("#2E2A26"))
        for i, rug in enumerate(d.rugs):
            x, y = placed.rugs[i]
            _rug(c, spec, x, y, rug, i, d.eyes[i] if table.eyes_known else None)
        if proposed:
            who = f"{table.proposer} proposes" if table.proposer else "Proposed"
            a, b = sorted(proposed)
            text(c, f"{who}: switch rugs {a + 1} and {b + 1} (pushed down). The table votes.", 20, h - 50, w - 40,
                 BOLD, 15, color=HexColor("#7A2E12"))
        x, y, width = placed.taj
        _taj(c, x, y, width, d.plus_right)
        values = colour_values(spec, d)
        shown = [f"{colour} {values[colour]}" for colour in spec.colours]
        _values(c, [f"Colour values under the Taj: {shown[0]}"] + shown[1:], 20, 25, w - 40, 21)
        if not table.eyes_known:
            text(c, "(Curator's Eyes not given)", w - 20, h - 26, 200, ITALIC, 8, "right", HexColor("#6B6257"))

    return document([draw], placed.size, 1, "TAJ display", "tajkit show taj")


def _rug(c: Canvas, spec: Spec, x: float, y: float, rug: tuple[str, ...], i: int, eye: bool | None) -> None:
    ink = HexColor("#2E2A26")
    drawn = portions(spec, rug)
    for p in drawn:
        with saved(c):
            c.setFillColor(_fill(spec, p.colour))
            c.setStrokeColor(white)
            c.setLineWidth(OUTLINE)
            c.roundRect(x + p.panel.x0, y + p.panel.y0, p.panel.x1 - p.panel.x0, p.panel.y1 - p.panel.y0, RADIUS,
                        stroke=1, fill=1)
    for p in drawn:  # labels last, so no later outline is drawn over one
        text(c, p.label, x + RUG_W / 2, y + p.baseline, p.max_width, BOLD, p.size, "centre", _on(_fill(spec, p.colour)))
    text(c, str(i + 1), x + RUG_W / 2, y - 15, RUG_W, BOLD, 13, "centre", ink)
    if eye is not None:
        text(c, "eye up" if eye else "eye down", x + RUG_W / 2, y - 27, RUG_W, ITALIC, 9, "centre", HexColor("#6B6257"))


@dataclass(frozen=True)
class Box:
    x0: float
    y0: float
    x1: float
    y1: float


@dataclass(frozen=True)
class Portion:
    """One portion of a rug as drawn, in points from the rug's lower-left corner: its rounded
    panel, and its label ("green 2") with the box its glyphs may fill (string width, font ascent
    and descent)."""

    colour: str
    panel: Box
    label: str
    size: float
    baseline: float
    max_width: float
    box: Box


def portions(spec: Spec, rug: tuple[str, ...]) -> list[Portion]:
    """Each portion's panel (outer to centre, nested ``INSET`` apart, ``TOP_INSET`` at the top) and its label, placed in the
    part of the panel the next panel leaves visible (the top band; the whole centre panel), clear of
    every outline and of the rounded corners, shrunk and if need be shortened with "…" to fit."""
    register_fonts()
    ascent, descent = (v / 1000 for v in getAscentDescent(BOLD, 1000))
    panels = [Box(k * INSET, k * INSET, RUG_W - k * INSET, RUG_H - k * TOP_INSET) for k in range(len(rug))]
    out = []
    for k, (colour, points, panel) in enumerate(zip(rug, spec.points, panels)):
        top = panel.y1 - OUTLINE / 2 - PAD
        if k + 1 < len(panels):  # a band: above the next panel, between the corners' arcs
            bottom = panels[k + 1].y1 + OUTLINE / 2 + PAD
            max_width = panel.x1 - panel.x0 - 2 * (RADIUS + OUTLINE / 2 + SIDE)
        else:  # the centre panel: its middle, away from the corners
            bottom = panel.y0 + OUTLINE / 2 + PAD
            max_width = panel.x1 - panel.x0 - OUTLINE - 2 * SIDE
        size = min(LABEL_SIZE, (top - bottom) / (ascent - descent))
        label = _fitted_label(colour, points, size, max_width)
        size = fitted_size(label, BOLD, size, max_width, MIN_LABEL_SIZE)
        baseline = (top + bottom) / 2 - (ascent + descent) * size / 2
        half = width_of(label, BOLD, size) / 2
        box = Box(RUG_W / 2 - half, baseline + descent * size, RUG_W / 2 + half, baseline + ascent * size)
        out.append(Portion(colour, panel, label, size, baseline, max_width, box))
    return out


def _fitted_label(colour: str, points: int, size: float, max_width: float) -> str:
    """"colour points", the colour shortened with "…" if it is too wide even at the smallest size
    (the footer's colour values give every name in full)."""
    name, label = colour, f"{colour} {points}"
    while width_of(label, BOLD, min(size, MIN_LABEL_SIZE)) > max_width and len(name) > 1:
        name = name[:-1]
        label = f"{name}… {points}"
    return label


def _values(c: Canvas, items: list[str], x: float, top: float, width: float, height: float) -> None:
    """``items`` in lines three spaces apart, an item never split (a long colour name stays with its
    value), at 9 points or smaller until the lines fit ``height``."""
    size = 9.0
    while True:
        lines = [items[0]]
        for item in items[1:]:
            if width_of(f"{lines[-1]}   {item}", SANS, size) <= width:
                lines[-1] = f"{lines[-1]}   {item}"
            else:
                lines.append(item)
        if len(lines) * size * 1.2 <= height or size <= MIN_LABEL_SIZE:
            break
        size -= 0.25
    for k, line in enumerate(lines):
        text(c, line, x, top - size - k * size * 1.2, width, SANS, size, color=HexColor("#2E2A26"))


def _taj(c: Canvas, x: float, y: float, w: float, plus_right: bool) -> None:
    gold = HexColor("#B7860B")
    with saved(c):
        c.setFillColor(HexColor("#FFF6DC"))
        c.setStrokeColor(gold)
        c.setLineWidth(1.6)
        c.roundRect(x, y, w, TAJ_H, 6, stroke=1, fill=1)
    text(c, "Taj", x + w / 2, y + 12, w - 60, BOLD, 13, "centre", gold)
    px = x + w - 24 if plus_right else x + 24
    with saved(c):
        c.setFillColor(gold)
        c.circle(px, y + 17, 12, stroke=0, fill=1)
    text(c, "+1", px, y + 13, 22, BOLD, 11, "centre", white)


def picture(spec: Any, data: dict[str, Any]) -> bytes:
    """The PNG of a state file's display: the rugs, the Taj card and the eyes."""
    from tajkit.sheets.raster import png_from_pdf
    from tajkit.solver.taj.files import read_state

    # the display alone: the goal cards may still be secret (a game in progress)
    return png_from_pdf(render_display(spec, read_state(spec, _position(data), hidden_goals=True)), dpi=110)


def board(spec: Any, data: dict[str, Any], player: str | None = None) -> Any:
    """The display as a board a phone plays on (``solver.protocol.Board``): the picture of
    :func:`picture`, each rug a target (``rug 3``: to propose it, or to remove it after a vote)
    and the Taj a target over its rugs (``taj``: to flip or shift it after a unanimous vote). The
    Taj's target covers the rugs under it: the two are never to be tapped at the same moment."""
    from tajkit.solver.protocol import Board, Target
    from tajkit.solver.taj.files import read_state

    from tajkit.solver.taj.play import AFTER_VOTE
    from tajkit.solver.taj.protocol import REMOVE

    table = read_state(spec, _position(data), hidden_goals=True)
    d, placed = table.display, layout(spec, table)
    width, height = placed.size
    targets = []
    for i, (x, y) in enumerate(placed.rugs):
        top = height - (y + RUG_H) - 4
        targets.append(Target(f"rug {i + 1}", _rug_words(spec, d, i), x - GAP / 2, top, RUG_W + GAP, RUG_H + 4 + 20))
    x, y, taj_width = placed.taj
    under = [placed.rugs[i][1] for i in d.under]
    top = height - (y + TAJ_H) - 6
    targets.append(Target("taj", f"The Taj: over rugs {d.taj + 1} to {d.taj + spec.width}, its +1 on rug {d.plus_rug + 1}",
                          x, top, taj_width, height - (min(under) - 20) - top))
    if table.proposal is not None:
        title = "vote: tap one of your cards below the display"
    elif table.proposer is None:
        title = "show your secret goal card: tap its colours below"
    elif data.get(AFTER_VOTE) == REMOVE:
        title = "the vote said Nay: tap the rug that leaves (lit: furthest from the Taj)"
    elif data.get(AFTER_VOTE):
        title = "the vote was unanimous: tap the Taj to flip it over or shift it one rug"
    else:
        title = "tap two rugs to propose a swap"
    margin = 12.0  # of the page's 20 left and right: the picture stays clear of the phone's edges
    return Board((width, height), (margin, 0.0, width - 2 * margin, height), tuple(targets), title=title)


def _position(data: dict[str, Any]) -> dict[str, Any]:
    """The state file a board file holds (without what the vote left to do: ``play.board_data``)."""
    from tajkit.solver.taj.play import AFTER_VOTE

    return {k: v for k, v in data.items() if k != AFTER_VOTE}


def _rug_words(spec: Spec, d: Display, i: int) -> str:
    """A rug in words, as a screen reader says it: "Rug 3: orange 1, yellow 2, pink 3; eye down;
    under the Taj, +1"."""
    colours = ", ".join(f"{colour} {points}" for colour, points in zip(d.rugs[i], spec.points))
    where = (", under the Taj with its +1" if i == d.plus_rug else ", under the Taj") if i in d.under else ""
    return f"Rug {i + 1}: {colours}; eye {'up' if d.eyes[i] else 'down'}{where}"
