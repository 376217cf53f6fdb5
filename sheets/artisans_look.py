"""The Artisans sheet's own palette and drawn shapes: dice, write-in boxes, raindrops, clouds,
fruit trees and tick circles."""

from __future__ import annotations

from dataclasses import dataclass, field

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfgen.canvas import Canvas

from tajkit.sheets.ink import COLOUR, LOW, Ink
from tajkit.sheets.shapes import saved


@dataclass(frozen=True)
class ArtisansInk(Ink):
    """The shared ink with the sheet's marble, sky, water, garden and group colours."""

    marble: Color = white
    marble_line: Color = white
    sky_top: Color = white
    sky_bottom: Color = white
    water: Color = white
    water_line: Color = white
    leaf: Color = white
    leaf_line: Color = white
    trunk: Color = white
    fruit: Color = white
    groups: dict[int, Color] = field(default_factory=dict)

    def group(self, die: int) -> Color:
        return self.groups.get(die, self.line)


def _with(base: Ink, **colours: object) -> ArtisansInk:
    return ArtisansInk(**{k: getattr(base, k) for k in Ink.__dataclass_fields__}, **colours)  # type: ignore[arg-type]


INKS = {
    "colour": _with(
        COLOUR,
        marble=HexColor("#FBF7EE"),
        marble_line=HexColor("#A8957A"),
        sky_top=HexColor("#DCEBF7"),
        sky_bottom=HexColor("#FDF3E3"),
        water=HexColor("#9CC9E8"),
        water_line=HexColor("#3F7FB0"),
        leaf=HexColor("#8CC084"),
        leaf_line=HexColor("#3F7A3A"),
        trunk=HexColor("#8A5A3B"),
        fruit=HexColor("#E9823A"),
        groups={
            1: HexColor("#3F8A4A"),
            2: HexColor("#B4533C"),
            3: HexColor("#2F7F8C"),
            4: HexColor("#B7860B"),
            5: HexColor("#6E4FA0"),
            6: HexColor("#C0612B"),
        },
    ),
    "low": _with(
        LOW,
        marble=white,
        marble_line=HexColor("#666666"),
        sky_top=white,
        sky_bottom=white,
        water=white,
        water_line=HexColor("#555555"),
        leaf=white,
        leaf_line=HexColor("#555555"),
        trunk=HexColor("#777777"),
        fruit=white,
    ),
}


def die_face(c: Canvas, x: float, y: float, size: float, n: int, ink: ArtisansInk, color: Color | None = None) -> None:
    """A die showing ``n`` pips (so the group reads without colour)."""
    color = color or ink.line
    with saved(c):
        c.setLineWidth(1)
        c.setStrokeColor(color)
        c.setFillColor(color if ink.fills else white)
        c.roundRect(x, y, size, size, size * 0.2, stroke=1, fill=1)
        c.setFillColor(white if ink.fills else ink.text)
        r = size * 0.09
        lo, mid, hi = size * 0.27, size * 0.5, size * 0.73
        spots = {
            1: [(mid, mid)],
            2: [(lo, hi), (hi, lo)],
            3: [(lo, hi), (mid, mid), (hi, lo)],
            4: [(lo, lo), (lo, hi), (hi, lo), (hi, hi)],
            5: [(lo, lo), (lo, hi), (mid, mid), (hi, lo), (hi, hi)],
            6: [(lo, lo), (lo, mid), (lo, hi), (hi, lo), (hi, mid), (hi, hi)],
        }[n]
        for sx, sy in spots:
            c.circle(x + sx, y + sy, r, stroke=0, fill=1)


def write_box(c: Canvas, x: float, y: float, size: float, ink: ArtisansInk, color: Color | None = None) -> None:
    """An empty box to write one digit in."""
    with saved(c):
        c.setLineWidth(1.3)
        c.setStrokeColor(color or ink.line)
        c.setFillColor(ink.box)
        c.roundRect(x, y, size, size, size * 0.14, stroke=1, fill=1)


def raindrop(c: Canvas, cx: float, cy: float, h: float, ink: ArtisansInk) -> None:
    """A teardrop to tick off; ``cy`` is the centre of its round part."""
    r = h * 0.36
    path = c.beginPath()
    path.moveTo(cx, cy + h * 0.62)
    path.curveTo(cx + r * 0.35, cy + h * 0.3, cx + r, cy + r * 0.45, cx + r, cy)
    path.curveTo(cx + r, cy - r * 1.35, cx - r, cy - r * 1.35, cx - r, cy)
    path.curveTo(cx - r, cy + r * 0.45, cx - r * 0.35, cy + h * 0.3, cx, cy + h * 0.62)
    path.close()
    with saved(c):
        c.setLineWidth(1)
        c.setStrokeColor(ink.water_line)
        c.setFillColor(white)
        c.drawPath(path, fill=1, stroke=1)


def cloud(c: Canvas, x: float, y: float, w: float, h: float, ink: ArtisansInk) -> None:
    """A soft cloud in the box (x, y, w, h): a body and three bumps with one clean outline (every
    shape is stroked at twice the width, then filled without a stroke, so only the outer half of
    the outline stays)."""
    fill = HexColor("#EEF5FB") if ink.fills else white
    bumps = ((0.25, 0.55, 0.28), (0.5, 0.68, 0.34), (0.75, 0.55, 0.26))

    def shapes(stroke: int, fill_it: int) -> None:
        body = c.beginPath()
        body.roundRect(x, y, w, h * 0.62, h * 0.3)
        c.drawPath(body, stroke=stroke, fill=fill_it)
        for fx, fy, fr in bumps:
            c.circle(x + w * fx, y + h * fy, h * fr, stroke=stroke, fill=fill_it)

    with saved(c):
        c.setLineWidth(2)
        c.setStrokeColor(ink.water_line)
        c.setFillColor(ink.water_line)
        shapes(stroke=1, fill_it=0)
        c.setFillColor(fill)
        shapes(stroke=0, fill_it=1)


def tree(c: Canvas, cx: float, base: float, h: float, ink: ArtisansInk) -> None:
    """A fruit tree: trunk, round canopy and fruit."""
    with saved(c):
        c.setStrokeColor(ink.trunk)
        c.setFillColor(ink.trunk if ink.fills else white)
        c.setLineWidth(1)
        c.rect(cx - h * 0.06, base, h * 0.12, h * 0.45, stroke=1, fill=1)
        c.setStrokeColor(ink.leaf_line)
        c.setFillColor(ink.leaf)
        for dx, dy, r in ((-0.18, 0.6, 0.22), (0.18, 0.6, 0.22), (0, 0.75, 0.26)):
            c.circle(cx + dx * h, base + dy * h, r * h, stroke=1, fill=1)
        c.setFillColor(ink.fruit)
        c.setStrokeColor(ink.trunk if ink.fills else ink.leaf_line)
        c.setLineWidth(0.5)
        for dx, dy in ((-0.2, 0.62), (0.12, 0.8), (0.22, 0.55), (-0.04, 0.52)):
            c.circle(cx + dx * h, base + dy * h, h * 0.045, stroke=1, fill=1)


def tick_circle(c: Canvas, cx: float, cy: float, r: float, ink: ArtisansInk) -> None:
    with saved(c):
        c.setLineWidth(1.1)
        c.setStrokeColor(ink.line)
        c.setFillColor(white)
        c.circle(cx, cy, r, stroke=1, fill=1)
