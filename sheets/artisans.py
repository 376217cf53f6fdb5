"""The Artisans of the Taj Mahal player sheet ("tajkit edition").

The sheet reads like the Taj Mahal's front: minarets at the sides, facades, the archway with the
dome above in the middle, the gardens and canal in front. It is drawn in a 540 x 730 pt design
frame, scaled to the paper. Every number comes from the rules model (``seeds/artisans.toml``).
"""

from __future__ import annotations

from reportlab.lib.colors import Color, linearlyInterpolatedColor, white
from reportlab.pdfgen.canvas import Canvas

from tajkit.sheets.primitives import (
    BOLD,
    INKS,
    ITALIC,
    SANS,
    Ink,
    cloud,
    die_face,
    fitted_size,
    pad,
    paragraph,
    raindrop,
    saved,
    star_value,
    text,
    tick_circle,
    tree,
    width_of,
    write_box,
)
from tajkit.solver.artisans.rules import Feature, Spec

W, H = 540.0, 730.0
MARGIN = 26.0
BOX = 28.0

# design-frame columns of the building: left minaret, left facade, centre, right facade, right minaret
MINARET_W, FACADE_W, GAP = 64.0, 124.0, 8.0
COLUMNS = {
    "minaret_left": 0.0,
    "facade_left": MINARET_W + GAP,
    "centre": MINARET_W + FACADE_W + 2 * GAP,
    "facade_right": W - MINARET_W - FACADE_W - GAP,
    "minaret_right": W - MINARET_W,
}
CENTRE_W = W - 2 * (MINARET_W + FACADE_W + 2 * GAP)

PLINTH, GROUND = 345.0, 367.0  # the plinth's bottom and top
SKY_TOP = 672.0


def render_pad(spec: Spec, paper: str = "a4", ink: str = "colour", count: int = 10) -> bytes:
    """A pad of ``count`` identical player sheets as PDF bytes."""
    palette = INKS[ink]

    def draw_page(c: Canvas, width: float, height: float) -> None:
        scale = min((width - 2 * MARGIN) / W, (height - 2 * MARGIN) / H)
        with saved(c):
            c.translate((width - W * scale) / 2, (height - H * scale) / 2)
            c.scale(scale, scale)
            draw_sheet(c, spec, palette)

    return pad(draw_page, paper, count, f"{spec.title} - player sheet", f"{spec.edition}, {ink} ink")


def draw_sheet(c: Canvas, spec: Spec, ink: Ink) -> None:
    f = spec.by_id
    _header(c, spec, ink)
    _sky_and_garden(c, ink)
    _plinth(c, spec, ink)
    _minaret(c, COLUMNS["minaret_left"], f["minaret_left"], ink)
    _minaret(c, COLUMNS["minaret_right"], f["minaret_right"], ink)
    _facade(c, COLUMNS["facade_left"], f["facade_left"], ink)
    _facade(c, COLUMNS["facade_right"], f["facade_right"], ink)
    _archway(c, COLUMNS["centre"], f["archway"], ink)
    _dome(c, COLUMNS["centre"], f["dome"], ink)
    _garden(c, spec, ink)
    _raindrops(c, spec, ink)
    _score_strip(c, spec, ink)


# --- frame ---------------------------------------------------------------------------------------


def _header(c: Canvas, spec: Spec, ink: Ink) -> None:
    text(c, spec.title, 0, 708, 300, BOLD, 19, color=ink.text)
    text(c, f"Player sheet · {spec.edition}", 0, 695, 300, ITALIC, 7.5, color=ink.soft_text)
    text(c, "Architect", 318, 706, 60, SANS, 8, color=ink.soft_text)
    with saved(c):
        c.setStrokeColor(ink.line)
        c.setLineWidth(0.8)
        c.line(362, 704, W, 704)
    paragraph(c, spec.text("reminder"), 0, 689, W, 16, SANS, 7, align="centre", color=ink.text)


def _sky_and_garden(c: Canvas, ink: Ink) -> None:
    if not ink.fills:
        return
    with saved(c):
        path = c.beginPath()
        path.roundRect(0, PLINTH, W, SKY_TOP - PLINTH, 10)
        c.clipPath(path, stroke=0, fill=0)
        bands = 24  # a banded gradient: shadings are not carried into a form XObject
        step = (SKY_TOP - PLINTH) / bands
        for i in range(bands):
            c.setFillColor(linearlyInterpolatedColor(ink.sky_bottom, ink.sky_top, 0, bands - 1, i))
            c.rect(0, PLINTH + i * step, W, step + 0.5, stroke=0, fill=1)
    with saved(c):
        c.setFillColor(Color(0.86, 0.93, 0.82))
        c.roundRect(0, 136, W, PLINTH - 136 + 6, 10, stroke=0, fill=1)


def _plinth(c: Canvas, spec: Spec, ink: Ink) -> None:
    with saved(c):
        c.setFillColor(ink.marble)
        c.setStrokeColor(ink.marble_line)
        c.setLineWidth(1)
        c.rect(0, PLINTH, W, GROUND - PLINTH, stroke=1, fill=1)
    bases = {
        spec.by_id["minaret_left"].group: COLUMNS["minaret_left"] + MINARET_W / 2,
        spec.by_id["facade_left"].group: COLUMNS["facade_left"] + FACADE_W / 2,
        spec.by_id["archway"].group: COLUMNS["centre"] + CENTRE_W / 2,
        spec.by_id["facade_right"].group: COLUMNS["facade_right"] + FACADE_W / 2,
        spec.by_id["minaret_right"].group: COLUMNS["minaret_right"] + MINARET_W / 2,
    }
    for die, cx in bases.items():
        die_face(c, cx - 8, PLINTH + 3, 16, die, ink, ink.group(die))


def _plate(c: Canvas, x: float, top: float, w: float, feature: Feature, ink: Ink, lines: int = 3) -> None:
    """The feature's label: craftsperson, stars and its condition in a few words."""
    color = ink.group(feature.group)
    if lines == 3:
        text(c, feature.craftsperson, x + w / 2, top - 8, w - 2, BOLD, 7.5, "centre", color)
        star_value(c, x + w / 2, top - 16, feature.stars, ink, r=5)
        paragraph(c, feature.short_rule, x + 1, top - 23, w - 2, 9, SANS, 6.5, align="centre", color=ink.text)
        return
    # two lines: craftsperson and stars, then the rule
    size = fitted_size(feature.craftsperson, BOLD, 8, w - 26)
    left = x + (w - width_of(feature.craftsperson, BOLD, size) - 22) / 2
    text(c, feature.craftsperson, left, top - 8.5, w - 26, BOLD, size, color=color)
    star_value(c, left + width_of(feature.craftsperson, BOLD, size) + 11, top - 6, feature.stars, ink, r=5)
    paragraph(c, feature.short_rule, x, top - 12, w, 10, SANS, 7, align="centre", color=ink.text)


def _boxes_row(c: Canvas, xs: list[float], y: float, ink: Ink, color: Color) -> None:
    for x in xs:
        write_box(c, x, y, BOX, ink, color)


# --- the building --------------------------------------------------------------------------------


def _marble(c: Canvas, ink: Ink) -> None:
    c.setFillColor(ink.marble)
    c.setStrokeColor(ink.marble_line)
    c.setLineWidth(1)


def _minaret(c: Canvas, x0: float, feature: Feature, ink: Ink) -> None:
    cx = x0 + MINARET_W / 2
    color = ink.group(feature.group)
    with saved(c):
        _marble(c, ink)
        shaft = c.beginPath()
        shaft.moveTo(cx - 21, GROUND)
        shaft.lineTo(cx - 16, 590)
        shaft.lineTo(cx + 16, 590)
        shaft.lineTo(cx + 21, GROUND)
        shaft.close()
        c.drawPath(shaft, stroke=1, fill=1)
        for y in (470, 520, 570):
            c.rect(cx - 23, y, 46, 5, stroke=1, fill=1)
        # the chhatri on top: pillars, a small dome, a finial
        c.rect(cx - 19, 590, 38, 4, stroke=1, fill=1)
        for dx in (-15, -1.5, 12):
            c.rect(cx + dx, 594, 3, 12, stroke=1, fill=1)
        c.rect(cx - 19, 606, 38, 3, stroke=1, fill=1)
        dome = c.beginPath()
        dome.moveTo(cx - 16, 609)
        dome.curveTo(cx - 18, 622, cx - 4, 626, cx, 632)
        dome.curveTo(cx + 4, 626, cx + 18, 622, cx + 16, 609)
        dome.close()
        c.drawPath(dome, stroke=1, fill=1)
        c.line(cx, 632, cx, 638)
    # four boxes, bottom to top, with an arrow: values get smaller going up
    ys = [377 + i * 50 for i in range(feature.size)]
    for y in ys:
        write_box(c, cx - BOX / 2, y, BOX, ink, color)
    _up_arrow(c, cx + 17.5, ys[0] + 4, ys[-1] + BOX - 4, ink)
    _plate(c, x0, SKY_TOP - 1, MINARET_W, feature, ink)


def _up_arrow(c: Canvas, x: float, y0: float, y1: float, ink: Ink) -> None:
    with saved(c):
        c.setStrokeColor(ink.soft_text)
        c.setFillColor(ink.soft_text)
        c.setLineWidth(0.8)
        c.setDash(2, 2)
        c.line(x, y0, x, y1 - 4)
        c.setDash()
        head = c.beginPath()
        head.moveTo(x - 2.5, y1 - 5)
        head.lineTo(x, y1)
        head.lineTo(x + 2.5, y1 - 5)
        head.close()
        c.drawPath(head, stroke=0, fill=1)


def _pointed_arch(c: Canvas, x: float, y: float, w: float, h: float, fill: Color, stroke: Color) -> None:
    """A Mughal pointed arch opening (x, y bottom-left; h to the apex)."""
    spring = y + h - w * 0.75
    path = c.beginPath()
    path.moveTo(x, y)
    path.lineTo(x, spring)
    path.curveTo(x, spring + w * 0.45, x + w * 0.38, y + h - w * 0.12, x + w / 2, y + h)
    path.curveTo(x + w * 0.62, y + h - w * 0.12, x + w, spring + w * 0.45, x + w, spring)
    path.lineTo(x + w, y)
    path.close()
    with saved(c):
        c.setFillColor(fill)
        c.setStrokeColor(stroke)
        c.setLineWidth(0.9)
        c.drawPath(path, stroke=1, fill=1)


def _facade(c: Canvas, x0: float, feature: Feature, ink: Ink) -> None:
    color = ink.group(feature.group)
    top = 578.0
    with saved(c):
        _marble(c, ink)
        c.rect(x0, GROUND, FACADE_W, top - GROUND, stroke=1, fill=1)
        c.rect(x0 + 5, GROUND + 5, FACADE_W - 10, top - GROUND - 10, stroke=1, fill=0)
    niche = ink.sky_top if ink.fills else white
    cols = [x0 + 12, x0 + FACADE_W - 12 - 46]
    rows = [GROUND + 14, GROUND + 112]  # bottom row, top row
    for ny in rows:
        for nx in cols:
            _pointed_arch(c, nx, ny, 46, 88, niche, ink.marble_line)
    # state-file order: top-left, top-right, bottom-left, bottom-right
    for ny in reversed(rows):
        for nx in cols:
            write_box(c, nx + 9, ny + 18, BOX, ink, color)
    _plate(c, x0, top + 42, FACADE_W, feature, ink, lines=2)


def _archway(c: Canvas, x0: float, feature: Feature, ink: Ink) -> None:
    color = ink.group(feature.group)
    cx = x0 + CENTRE_W / 2
    left, right, top = x0 + 6, x0 + CENTRE_W - 6, 522.0
    with saved(c):
        _marble(c, ink)
        c.rect(left, GROUND, right - left, top - GROUND, stroke=1, fill=1)
        c.rect(left + 4, GROUND + 4, right - left - 8, top - GROUND - 8, stroke=1, fill=0)
    _pointed_arch(c, cx - 50, GROUND + 4, 100, 112, ink.sky_top if ink.fills else white, ink.marble_line)
    # top-left + top-right = bottom
    tl, tr, by = cx - 40, cx + 12, 442.0
    write_box(c, tl, by, BOX, ink, color)
    write_box(c, tr, by, BOX, ink, color)
    write_box(c, cx - BOX / 2, GROUND + 14, BOX, ink, color)
    text(c, "+", cx, by + 9, 14, BOLD, 13, "centre", ink.text)
    with saved(c):
        c.setStrokeColor(ink.soft_text)
        c.setLineWidth(0.8)
        c.line(tl + BOX / 2, by - 2, cx - 6, GROUND + BOX + 18)
        c.line(tr + BOX / 2, by - 2, cx + 6, GROUND + BOX + 18)
    _plate(c, left + 6, top - 5, right - left - 12, feature, ink, lines=2)


def _dome(c: Canvas, x0: float, feature: Feature, ink: Ink) -> None:
    color = ink.group(feature.group)
    cx = x0 + CENTRE_W / 2
    with saved(c):
        _marble(c, ink)
        c.rect(cx - 52, 522, 104, 12, stroke=1, fill=1)
        bulb = c.beginPath()
        bulb.moveTo(cx - 48, 534)
        bulb.curveTo(cx - 72, 566, cx - 56, 610, cx - 8, 628)
        bulb.curveTo(cx - 3, 630, cx - 1, 634, cx, 640)
        bulb.curveTo(cx + 1, 634, cx + 3, 630, cx + 8, 628)
        bulb.curveTo(cx + 56, 610, cx + 72, 566, cx + 48, 534)
        bulb.close()
        c.drawPath(bulb, stroke=1, fill=1)
        c.setLineWidth(1.2)
        c.line(cx, 640, cx, 649)
        c.circle(cx, 645, 1.8, stroke=1, fill=1)
    for x in (cx - 47, cx - BOX / 2, cx + 19):  # left, middle, right
        write_box(c, x, 558, BOX, ink, color)
    _plate(c, x0 - 6, SKY_TOP + 1, CENTRE_W + 12, feature, ink, lines=2)


# --- the garden ----------------------------------------------------------------------------------


def _garden(c: Canvas, spec: Spec, ink: Ink) -> None:
    garden = spec.garden_group
    color = ink.group(garden)
    features = spec.features_in(garden)
    canal = next(f for f in features if f.condition == "same_parity")
    orchards = [f for f in features if f is not canal]
    cx = W / 2
    # the canal runs from the plinth toward the viewer
    with saved(c):
        c.setFillColor(ink.water)
        c.setStrokeColor(ink.water_line)
        c.setLineWidth(1)
        c.rect(cx - 30, 200, 60, PLINTH - 200, stroke=1, fill=1)
        c.setLineWidth(0.6)
        for wy in range(208, int(PLINTH) - 4, 14):
            c.bezier(cx - 24, wy, cx - 16, wy + 3, cx - 8, wy - 3, cx, wy)
            c.bezier(cx, wy, cx + 8, wy + 3, cx + 16, wy - 3, cx + 24, wy)
    for i in range(canal.size):
        write_box(c, cx - BOX / 2, 300 - i * 42, BOX, ink, color)
    _plate(c, cx - 62, 196, 124, canal, ink, lines=2)
    # an orchard either side: the Arborist's two boxes and fruit trees to water
    per_side = [spec.trees // 2 + spec.trees % 2, spec.trees // 2]
    for side, (feature, trees) in enumerate(zip(orchards, per_side)):
        x0 = 12 if side == 0 else cx + 46
        _orchard(c, x0, feature, trees, ink)
    die_face(c, cx - 60, 141, 16, garden, ink, color)
    text(c, spec.group_name(garden), cx - 40, 145, 110, BOLD, 9, color=color)
    paragraph(c, spec.text("trees"), 12, 158, 170, 18, SANS, 6.8, color=ink.text)


def _orchard(c: Canvas, x0: float, feature: Feature, trees: int, ink: Ink) -> None:
    w = W / 2 - 46 - 12
    color = ink.group(feature.group)
    _plate(c, x0, 334, w, feature, ink, lines=2)
    left = x0 + w / 2 - 60
    write_box(c, left, 282, BOX, ink, color)
    text(c, "+", left + BOX + 8, 291, 12, BOLD, 12, "centre", ink.text)
    write_box(c, left + BOX + 16, 282, BOX, ink, color)
    text(c, f"= {feature.target}", left + 2 * BOX + 20, 291, 40, BOLD, 12, color=ink.text)
    spacing = w / max(trees, 1)
    for i in range(trees):
        tx = x0 + spacing * (i + 0.5)
        tree(c, tx, 188, 62, ink)
        tick_circle(c, tx, 174, 6.5, ink)
    if trees:
        text(c, "water", x0 + w / 2, 171.5, 40, ITALIC, 6.5, "centre", ink.soft_text)


# --- raindrops and scores ------------------------------------------------------------------------


def _raindrops(c: Canvas, spec: Spec, ink: Ink) -> None:
    text(c, "Raindrops", 0, 117, 150, BOLD, 10, color=ink.water_line)
    paragraph(c, spec.text("raindrops"), 0, 111, 150, 48, SANS, 7, color=ink.text)
    width = (W - 160) / len(spec.clouds)
    for i, drops in enumerate(spec.clouds):
        x = 160 + i * width
        cloud(c, x + 8, 92, width - 16, 36, ink)
        step = (width - 24) / drops
        for d in range(drops):
            raindrop(c, x + 12 + step * (d + 0.5), 74, 17, ink)


def _score_strip(c: Canvas, spec: Spec, ink: Ink) -> None:
    cells: list[tuple[str, str, Color, int | None]] = [
        (f.short, "", ink.group(f.group), f.stars) for f in spec.features
    ]
    cells += [("Dry trees", f"−{spec.tree_penalty} each", ink.line, None)]
    cells += [("Drops left", "tie-break", ink.line, None), ("Total", "", ink.text, None)]
    w = W / len(cells)
    with saved(c):
        c.setStrokeColor(ink.line)
        c.setLineWidth(0.6)
        c.line(0, 56, W, 56)
    for i, (label, note, color, stars) in enumerate(cells):
        x = i * w
        text(c, label, x + w / 2, 46, w - 4, BOLD, 7, "centre", color)
        if note:
            text(c, note, x + w / 2, 38, w - 4, SANS, 6, "centre", ink.soft_text)
        elif stars is not None:
            star_value(c, x + w / 2, 40, stars, ink, r=4)
        with saved(c):
            c.setStrokeColor(color)
            c.setFillColor(white)
            c.setLineWidth(2 if label == "Total" else 1.1)
            c.roundRect(x + 4, 2, w - 8, 30, 4, stroke=1, fill=1)
