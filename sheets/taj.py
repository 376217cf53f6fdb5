"""A picture of a TAJ display: the rugs left to right (outer, middle and centre portions in their
colours, each with its points and its Curator's Eye), the Taj card over its rugs with the "+1" end
marked, and each rug's number, so a player can check a typed state against the table."""

from __future__ import annotations

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfgen.canvas import Canvas

from tajkit.sheets.pdf import BOLD, ITALIC, SANS, document
from tajkit.sheets.shapes import saved
from tajkit.sheets.text import text
from tajkit.solver.taj.rules import Spec, Table, colour_values

COLOURS = {
    "green": "#3F9A4A",
    "orange": "#E8862A",
    "pink": "#E0669B",
    "blue": "#3B74C4",
    "yellow": "#F2C530",
}
FALLBACK = ["#8E6CC2", "#7A8A8C", "#B5533C"]  # colours a --data file adds
RUG_W, RUG_H, GAP = 74.0, 100.0, 8.0


def _fill(spec: Spec, name: str) -> Color:
    if name in COLOURS:
        return HexColor(COLOURS[name])
    extra = [c for c in spec.colours if c not in COLOURS]
    return HexColor(FALLBACK[extra.index(name) % len(FALLBACK)])


def _on(fill: Color) -> Color:
    """Dark text on a light colour, white on a dark one."""
    light = 0.299 * fill.red + 0.587 * fill.green + 0.114 * fill.blue > 0.62
    return HexColor("#2E2A26") if light else white


def render_display(spec: Spec, table: Table) -> bytes:
    """One landscape-sized page showing the display (as PDF bytes, for ``png_from_pdf``)."""
    d = table.display
    n = len(d.rugs)
    width = 40 + n * (RUG_W + GAP)
    height = 250.0

    def draw(c: Canvas, w: float, h: float) -> None:
        with saved(c):
            c.setFillColor(HexColor("#FBF7EE"))
            c.rect(0, 0, w, h, stroke=0, fill=1)
        text(c, "TAJ: the display", 20, h - 26, w - 40, BOLD, 15, color=HexColor("#2E2A26"))
        x0 = 20 + GAP / 2
        base = 56.0
        for i, rug in enumerate(d.rugs):
            _rug(c, spec, x0 + i * (RUG_W + GAP), base, rug, i, d.eyes[i] if table.eyes_known else None)
        _taj(c, x0 + d.taj * (RUG_W + GAP) - GAP / 2, base + RUG_H + 8, spec.width * (RUG_W + GAP), d.plus_right)
        values = colour_values(spec, d)
        shown = "   ".join(f"{colour} {values[colour]}" for colour in spec.colours)
        text(c, f"Colour values under the Taj: {shown}", 20, 16, w - 40, SANS, 9, color=HexColor("#2E2A26"))
        if not table.eyes_known:
            text(c, "(Curator's Eyes not given)", w - 20, h - 26, 200, ITALIC, 8, "right", HexColor("#6B6257"))

    return document([draw], (width, height), 1, "TAJ display", "tajkit show taj")


def _rug(c: Canvas, spec: Spec, x: float, y: float, rug: tuple[str, ...], i: int, eye: bool | None) -> None:
    ink = HexColor("#2E2A26")
    for k, (colour, points) in enumerate(zip(rug, spec.points)):
        inset = k * 10.0
        with saved(c):
            c.setFillColor(_fill(spec, colour))
            c.setStrokeColor(white)
            c.setLineWidth(1.2)
            c.roundRect(x + inset, y + inset, RUG_W - 2 * inset, RUG_H - 2 * inset, 4, stroke=1, fill=1)
        label_y = y + RUG_H - inset - 9 if k < 2 else y + RUG_H / 2 - 3
        text(c, f"{colour} {points}", x + RUG_W / 2, label_y, RUG_W - 2 * inset - 4, BOLD, 7, "centre", _on(_fill(spec, colour)))
    text(c, str(i + 1), x + RUG_W / 2, y - 14, RUG_W, BOLD, 10, "centre", ink)
    if eye is not None:
        text(c, "eye up" if eye else "eye down", x + RUG_W / 2, y - 26, RUG_W, ITALIC, 7, "centre", HexColor("#6B6257"))


def _taj(c: Canvas, x: float, y: float, w: float, plus_right: bool) -> None:
    gold = HexColor("#B7860B")
    with saved(c):
        c.setFillColor(HexColor("#FFF6DC"))
        c.setStrokeColor(gold)
        c.setLineWidth(1.6)
        c.roundRect(x, y, w, 34, 6, stroke=1, fill=1)
    text(c, "Taj", x + w / 2, y + 12, w - 60, BOLD, 13, "centre", gold)
    px = x + w - 24 if plus_right else x + 24
    with saved(c):
        c.setFillColor(gold)
        c.circle(px, y + 17, 12, stroke=0, fill=1)
    text(c, "+1", px, y + 13, 22, BOLD, 11, "centre", white)
