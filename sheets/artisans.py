"""The Artisans of the Taj Mahal player sheet ("tajkit edition").

The sheet reads like the Taj Mahal's front: minarets at the sides, facades, the archway with the
dome above in the middle, the gardens and canal in front. It is drawn in a 540 x 730 pt design
frame, scaled to the paper. Every number comes from the rules model (``seeds/artisans.toml``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from typing import Any

from reportlab.lib.colors import Color, HexColor, linearlyInterpolatedColor, white
from reportlab.pdfgen.canvas import Canvas

from tajkit.sheets.artisans_look import INKS, ArtisansInk as Ink, cloud, die_face, raindrop, tick_circle, tree, write_box
from tajkit.sheets.markers import CODE_BITS, CORNERS, LAYOUTS, SheetCode, code_cells, draw_code_dots, draw_code_rings, marker
from tajkit.sheets.pdf import BOLD, ITALIC, SANS, document, pad
from tajkit.sheets.shapes import saved, star_value
from tajkit.sheets.text import SMALLEST, fitted_size, paragraph, text, width_of
from tajkit.solver.artisans.rules import FeatureScore, can_still_score
from tajkit.solver.artisans.spec import Feature, Spec
from tajkit.solver.errors import BadData
from tajkit.solver.game import Category

W, H = 540.0, 730.0
MARGIN = 26.0
BOX = 28.0

# design-frame columns of the building: left minaret, left facade, centre, right facade, right minaret
MINARET_W, FACADE_W, GAP = 64.0, 124.0, 8.0
COLUMNS = {
    "left_minaret": 0.0,
    "left_facade": MINARET_W + GAP,
    "centre": MINARET_W + FACADE_W + 2 * GAP,
    "right_facade": W - MINARET_W - FACADE_W - GAP,
    "right_minaret": W - MINARET_W,
}
CENTRE_W = W - 2 * (MINARET_W + FACADE_W + 2 * GAP)

PLINTH, GROUND = 345.0, 367.0  # the plinth's bottom and top
SKY_TOP = 672.0

# What a photo is read by (tajkit read): a marker in each corner (the upper two beside the title and
# the Architect's line, the lower two under the score strip) and the sheet's code between the lower
# two (sheets/markers.py)
LAYOUT = 1  # the version of this sheet's layout: a change of any box's place needs a new one
MARKER = 20.0
MARKER_ROWS = (-32.0, H - MARKER)  # the bottom of the lower and of the upper markers
EXTENT = (MARKER_ROWS[0], H)  # what the page must hold, bottom to top
EDGE = 14.0  # the least paper below and above (a printer's margin is about 12 points)
CODE_CELL, CODE_GAP, CODE_Y = 3.2, 1.2, -25.0
CODE_RIGHT = W - MARKER - 46  # where the code ends: "sheet N" follows it
HEADER_X = MARKER + 8  # the title, clear of the upper-left marker
SHEET_WORD = "sheet "


def render_pad(spec: Spec, paper: str = "a4", ink: str = "colour", count: int = 10) -> bytes:
    """A pad of ``count`` player sheets as PDF bytes, the same sheet with its number in its code."""
    where = regions(spec)  # refuse a sheet this layout cannot draw before drawing anything
    palette = INKS[ink]

    def draw_page(c: Canvas, width: float, height: float) -> None:
        with _design_frame(c, width, height):
            draw_sheet(c, spec, palette)
            _markers(c, where, palette)

    def number(c: Canvas, width: float, height: float, page: int) -> None:
        with _design_frame(c, width, height):
            _sheet_code(c, where, page + 1, palette)

    return pad(draw_page, paper, count, f"{spec.title} - player sheet", f"{spec.edition}, {ink} ink", overlay=number)


def frame(width: float, height: float) -> tuple[float, float, float]:
    """The design frame on a page: its scale and where its origin falls (points); the sheet is as
    wide as the side margins allow and everything from the lower to the upper markers fits."""
    low, high = EXTENT
    scale = min((width - 2 * MARGIN) / W, (height - 2 * EDGE) / (high - low))
    return scale, (width - W * scale) / 2, height / 2 - scale * (low + high) / 2


@contextmanager
def _design_frame(c: Canvas, width: float, height: float) -> Iterator[None]:
    """Draw in the W x H design frame, scaled to the page and centred on it."""
    scale, x0, y0 = frame(width, height)
    with saved(c):
        c.translate(x0, y0)
        c.scale(scale, scale)
        yield


def draw_sheet(c: Canvas, spec: Spec, ink: Ink) -> None:
    f, where = spec.by_id, regions(spec)
    _header(c, spec, ink)
    _sky_and_garden(c, ink)
    _plinth(c, spec, ink)
    for side in ("left_minaret", "right_minaret"):
        _minaret(c, COLUMNS[side], f[side], where.boxes[side], ink)
    for side in ("left_facade", "right_facade"):
        _facade(c, COLUMNS[side], f[side], where.boxes[side], ink)
    _archway(c, COLUMNS["centre"], f["archway"], where.boxes["archway"], ink)
    _dome(c, COLUMNS["centre"], f["dome"], where.boxes["dome"], ink)
    _garden(c, spec, where, ink)
    _raindrops(c, spec, where, ink)
    _score_strip(c, spec, ink)


def _markers(c: Canvas, where: Regions, ink: Ink) -> None:
    """The four registration markers and the words beside the code (the same on every sheet)."""
    for marker_id, (x, y) in zip(LAYOUTS[("artisans", LAYOUT)], where.markers):
        marker(c, marker_id, x, y, MARKER)
    draw_code_rings(c, list(where.code), ink.soft_text)
    last_x, _, cell, _ = where.code[-1]
    text(c, SHEET_WORD, last_x + cell + 6, CODE_Y, 40, ITALIC, SMALLEST, color=ink.soft_text)
    first_x = where.code[0][0]
    text(c, f"To score it with tajkit read, photograph the whole sheet, all four corner squares in view · layout {LAYOUT}",
         MARKER + 8, CODE_Y, first_x - MARKER - 14, ITALIC, SMALLEST, color=ink.soft_text)


def _sheet_code(c: Canvas, where: Regions, sheet: int, ink: Ink) -> None:
    """The code (game, layout, sheet number) and the sheet's number after the word "sheet"."""
    draw_code_dots(c, list(where.code), SheetCode("artisans", LAYOUT, sheet), ink.soft_text)
    last_x, _, cell, _ = where.code[-1]
    after = last_x + cell + 6 + width_of(SHEET_WORD, ITALIC, SMALLEST)
    text(c, str(sheet), after, CODE_Y, W - MARKER - 4 - after, ITALIC, SMALLEST, color=ink.soft_text)


# --- frame ---------------------------------------------------------------------------------------


def _header(c: Canvas, spec: Spec, ink: Ink) -> None:
    text(c, spec.title, HEADER_X, 708, 318 - HEADER_X - 6, BOLD, 19, color=ink.text)
    text(c, f"Player sheet · {spec.edition}", HEADER_X, 695, 300, ITALIC, 7.5, color=ink.soft_text)
    text(c, "Architect", 318, 706, 60, SANS, 8, color=ink.soft_text)
    with saved(c):
        c.setStrokeColor(ink.line)
        c.setLineWidth(0.8)
        c.line(362, 704, W - MARKER - 8, 704)
    # two lines between the subtitle and the sky, clear of both
    paragraph(c, spec.text("reminder"), 0, 691, W, 17, SANS, 7, leading=1.15, align="centre", color=ink.text)


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
        spec.by_id["left_minaret"].group: COLUMNS["left_minaret"] + MINARET_W / 2,
        spec.by_id["left_facade"].group: COLUMNS["left_facade"] + FACADE_W / 2,
        spec.by_id["archway"].group: COLUMNS["centre"] + CENTRE_W / 2,
        spec.by_id["right_facade"].group: COLUMNS["right_facade"] + FACADE_W / 2,
        spec.by_id["right_minaret"].group: COLUMNS["right_minaret"] + MINARET_W / 2,
    }
    for die, cx in bases.items():
        die_face(c, cx - 8, PLINTH + 3, 16, die, ink, ink.group(die))


def _mark(feature: Feature) -> str:
    return "" if feature.stars_official else "*"


def _plate(c: Canvas, x: float, top: float, w: float, feature: Feature, ink: Ink, lines: int = 3) -> None:
    """The feature's label: craftsperson, stars and its condition in a few words."""
    color = ink.group(feature.group)
    if lines == 3:
        text(c, feature.craftsperson, x + w / 2, top - 8, w - 2, BOLD, 7.5, "centre", color)
        star_value(c, x + w / 2, top - 16, feature.stars, ink, r=5, mark=_mark(feature))
        paragraph(c, feature.short_rule, x + 1, top - 23, w - 2, 9, SANS, 6.5, align="centre", color=ink.text)
        return
    # two lines: craftsperson and stars, then the rule
    size = fitted_size(feature.craftsperson, BOLD, 8, w - 26)
    left = x + (w - width_of(feature.craftsperson, BOLD, size) - 22) / 2
    text(c, feature.craftsperson, left, top - 8.5, w - 26, BOLD, size, color=color)
    star_value(c, left + width_of(feature.craftsperson, BOLD, size) + 11, top - 6, feature.stars, ink, r=5, mark=_mark(feature))
    paragraph(c, feature.short_rule, x, top - 12, w, 10, SANS, 7, align="centre", color=ink.text)


# --- the building --------------------------------------------------------------------------------


def _marble(c: Canvas, ink: Ink) -> None:
    c.setFillColor(ink.marble)
    c.setStrokeColor(ink.marble_line)
    c.setLineWidth(1)


def _minaret(c: Canvas, x0: float, feature: Feature, boxes: Sequence[tuple[float, float]], ink: Ink) -> None:
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
    # the boxes, bottom to top, with an arrow: values get smaller going up
    for x, y in boxes:
        write_box(c, x, y, BOX, ink, color)
    _up_arrow(c, cx + 17.5, boxes[0][1] + 4, boxes[-1][1] + BOX - 4, ink)
    _plate(c, x0, SKY_TOP - 1, MINARET_W, feature, ink)


def minaret_boxes(x0: float, feature: Feature) -> list[tuple[float, float]]:
    step = 200.0 / feature.size
    return [(x0 + MINARET_W / 2 - BOX / 2, 377 + i * step) for i in range(feature.size)]


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


def _facade(c: Canvas, x0: float, feature: Feature, boxes: Sequence[tuple[float, float]], ink: Ink) -> None:
    color = ink.group(feature.group)
    top = 578.0
    with saved(c):
        _marble(c, ink)
        c.rect(x0, GROUND, FACADE_W, top - GROUND, stroke=1, fill=1)
        c.rect(x0 + 5, GROUND + 5, FACADE_W - 10, top - GROUND - 10, stroke=1, fill=0)
    niche = ink.sky_top if ink.fills else white
    for x, y in boxes:
        _pointed_arch(c, x - 9, y - 18, 46, 88, niche, ink.marble_line)
        write_box(c, x, y, BOX, ink, color)
    _plate(c, x0, top + 42, FACADE_W, feature, ink, lines=2)


def facade_boxes(x0: float) -> list[tuple[float, float]]:
    """In state-file order: top-left, top-right, bottom-left, bottom-right (a niche each)."""
    cols = [x0 + 12, x0 + FACADE_W - 12 - 46]
    rows = [GROUND + 112, GROUND + 14]
    return [(nx + 9, ny + 18) for ny in rows for nx in cols]


def _archway(c: Canvas, x0: float, feature: Feature, boxes: Sequence[tuple[float, float]], ink: Ink) -> None:
    color = ink.group(feature.group)
    cx = x0 + CENTRE_W / 2
    left, right, top = x0 + 6, x0 + CENTRE_W - 6, 522.0
    with saved(c):
        _marble(c, ink)
        c.rect(left, GROUND, right - left, top - GROUND, stroke=1, fill=1)
        c.rect(left + 4, GROUND + 4, right - left - 8, top - GROUND - 8, stroke=1, fill=0)
    _pointed_arch(c, cx - 50, GROUND + 4, 100, 112, ink.sky_top if ink.fills else white, ink.marble_line)
    # top-left + top-right = bottom
    for x, y in boxes:
        write_box(c, x, y, BOX, ink, color)
    (tl, by), (tr, _) = boxes[0], boxes[1]
    text(c, "+", cx, by + 9, 14, BOLD, 13, "centre", ink.text)
    with saved(c):
        c.setStrokeColor(ink.soft_text)
        c.setLineWidth(0.8)
        c.line(tl + BOX / 2, by - 2, cx - 6, GROUND + BOX + 18)
        c.line(tr + BOX / 2, by - 2, cx + 6, GROUND + BOX + 18)
    _plate(c, left + 6, top - 5, right - left - 12, feature, ink, lines=2)


def archway_boxes(x0: float) -> list[tuple[float, float]]:
    cx = x0 + CENTRE_W / 2
    return [(cx - 40, 442.0), (cx + 12, 442.0), (cx - BOX / 2, GROUND + 14)]


def _dome(c: Canvas, x0: float, feature: Feature, boxes: Sequence[tuple[float, float]], ink: Ink) -> None:
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
    for x, y in boxes:  # left, middle, right
        write_box(c, x, y, BOX, ink, color)
    _plate(c, x0 - 6, SKY_TOP + 1, CENTRE_W + 12, feature, ink, lines=2)


def dome_boxes(x0: float) -> list[tuple[float, float]]:
    cx = x0 + CENTRE_W / 2
    return [(cx - 47, 558.0), (cx - BOX / 2, 558.0), (cx + 19, 558.0)]


# --- the garden ----------------------------------------------------------------------------------


def _garden(c: Canvas, spec: Spec, where: Regions, ink: Ink) -> None:
    garden = spec.garden_group
    color = ink.group(garden)
    features = spec.features_in(garden)
    canal = spec.by_id["waterway"]
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
    for x, y in where.boxes[canal.id]:
        write_box(c, x, y, BOX, ink, color)
    _plate(c, cx - 62, 196, 124, canal, ink, lines=2)
    # an orchard either side: the Arborist's two boxes and fruit trees to water
    trees = iter(where.trees)
    for side, feature in enumerate(orchards[:2]):
        spots = [next(trees) for _ in range(trees_per_side(spec)[side])]
        _orchard(c, ORCHARD_X[side], feature, where.boxes[feature.id], spots, ink)
    die_face(c, cx - 60, 141, 16, garden, ink, color)
    text(c, spec.group_name(garden), cx - 40, 145, 110, BOLD, 9, color=color)
    paragraph(c, spec.text("trees"), 12, 158, 170, 18, SANS, 6.8, color=ink.text)


ORCHARD_W = W / 2 - 46 - 12
ORCHARD_X = (12.0, W / 2 + 46)
WATER, WATER_SIZE, TICK_R = "water", 6.5, 6.5  # the trees' tick circles and their label


def trees_per_side(spec: Spec) -> tuple[int, int]:
    return spec.trees // 2 + spec.trees % 2, spec.trees // 2


def canal_boxes(canal: Feature) -> list[tuple[float, float]]:
    step = 126.0 / max(canal.size, 1)
    return [(W / 2 - BOX / 2, 300 - i * step) for i in range(canal.size)]


def orchard_boxes(x0: float, feature: Feature) -> list[tuple[float, float]]:
    left = x0 + ORCHARD_W / 2 - 60
    return [(left + i * (BOX + 16), 282.0) for i in range(feature.size)]


def tree_spots(spec: Spec) -> list[tuple[float, float]]:
    """Where each fruit tree's tick circle is (left orchard's trees first)."""
    spots = []
    for side, trees in enumerate(trees_per_side(spec)):
        spacing = ORCHARD_W / max(trees, 1)
        spots += [(ORCHARD_X[side] + spacing * (i + 0.5), 174.0) for i in range(trees)]
    return spots


def _orchard(c: Canvas, x0: float, feature: Feature, boxes: Sequence[tuple[float, float]],
             trees: Sequence[tuple[float, float]], ink: Ink) -> None:
    color = ink.group(feature.group)
    _plate(c, x0, 334, ORCHARD_W, feature, ink, lines=2)
    for x, y in boxes:
        write_box(c, x, y, BOX, ink, color)
    for (x, y), _ in zip(boxes, boxes[1:]):
        text(c, "+", x + BOX + 8, y + 9, 12, BOLD, 12, "centre", ink.text)
    last_x, last_y = boxes[-1]
    text(c, f"= {feature.target}", last_x + BOX + 4, last_y + 9, 40, BOLD, 12, color=ink.text)
    for tx, ty in trees:
        tree(c, tx, ty + 14, 62, ink)
        tick_circle(c, tx, ty, TICK_R, ink)
    if trees:
        text(c, WATER, water_label_x(x0, len(trees)), 171.5, 40, ITALIC, WATER_SIZE, "centre", ink.soft_text)


def water_label_x(x0: float, trees: int) -> float:
    """The centre of an orchard's "water" label: in the middle gap between its trees' circles, or
    beside the circle of a lone tree."""
    spacing = ORCHARD_W / trees
    if trees == 1:
        return x0 + spacing / 2 + TICK_R + 4 + width_of(WATER, ITALIC, WATER_SIZE) / 2
    return x0 + spacing * (trees // 2)


# --- raindrops and scores ------------------------------------------------------------------------


def _raindrops(c: Canvas, spec: Spec, where: Regions, ink: Ink) -> None:
    text(c, "Raindrops", 0, 117, 150, BOLD, 10, color=ink.water_line)
    paragraph(c, spec.text("raindrops"), 0, 111, 150, 48, SANS, 7, color=ink.text)
    width = (W - 160) / len(spec.clouds)
    for i in range(len(spec.clouds)):
        cloud(c, 160 + i * width + 8, 92, width - 16, 36, ink)
    for x, y in where.drops:
        raindrop(c, x, y, DROP_H, ink)


DROP_H = 17.0  # a raindrop's height


def drop_spots(spec: Spec) -> list[tuple[float, float]]:
    """The centre of each raindrop, cloud by cloud, left to right."""
    width = (W - 160) / len(spec.clouds)
    spots = []
    for i, drops in enumerate(spec.clouds):
        step = (width - 24) / drops
        spots += [(160 + i * width + 12 + step * (d + 0.5), 74.0) for d in range(drops)]
    return spots


def _strip_cells(spec: Spec) -> list[Category]:
    """The score strip: the scorer's categories (so the sheet and ``tajkit score`` agree), the
    total last."""
    from tajkit.solver.artisans.scoring import categories

    cats = [c for c in categories(spec) if c.kind != "total"]
    return cats + [c for c in categories(spec) if c.kind == "total"]


def _strip_x(spec: Spec) -> tuple[float, list[Category]]:
    cells = _strip_cells(spec)
    return W / len(cells), cells


def _score_strip(c: Canvas, spec: Spec, ink: Ink) -> None:
    w, cells = _strip_x(spec)
    with saved(c):
        c.setStrokeColor(ink.line)
        c.setLineWidth(0.6)
        c.line(0, 60, W, 60)
    for i, cat in enumerate(cells):
        x = i * w
        feature = spec.by_id.get(cat.id)
        color = ink.group(feature.group) if feature else (ink.text if cat.kind == "total" else ink.line)
        paragraph(c, cat.label, x + 2, 58, w - 4, 16, BOLD, 6.6, leading=1.08, align="centre", color=color)
        if cat.stars is not None:
            star_value(c, x + w / 2, 37, cat.stars, ink, r=4.1, mark="" if cat.official else "*")
        elif cat.note:  # e.g. "tie-break: most" on two lines between the label and the box
            paragraph(c, cat.note, x + 1, 42, w - 2, 14, SANS, SMALLEST, 1.05, align="centre", color=ink.soft_text,
                      min_size=SMALLEST)
        with saved(c):
            c.setStrokeColor(color)
            c.setFillColor(white)
            c.setLineWidth(2 if cat.kind == "total" else 1.1)
            c.roundRect(x + 4, 2, w - 8, 25, 4, stroke=1, fill=1)
    if any(not cat.official for cat in cells):
        text(c, "* star values: tajkit defaults", W - MARKER - 8, -9, 200, ITALIC, SMALLEST, "right", ink.soft_text)


# --- where each box is (the drawing, the filled-in picture and a photo's reader share it) -----------


@dataclass(frozen=True)
class Regions:
    """Where each thing a player marks is, in the design frame (points, y up): what the sheet draws
    and what ``tajkit read`` reads. Boxes are BOX wide, given by their bottom-left corners in
    state-file order; raindrops (DROP_H high) and tree circles (TICK_R) by their centres; the
    markers (MARKER wide) by their bottom-left corners in ``markers.CORNERS`` order; the code's
    cells as rectangles."""

    boxes: dict[str, tuple[tuple[float, float], ...]]
    drops: tuple[tuple[float, float], ...]
    trees: tuple[tuple[float, float], ...]
    markers: tuple[tuple[float, float], ...]
    code: tuple[tuple[float, float, float, float], ...]


@cache
def regions(spec: Spec) -> Regions:
    """The sheet's regions (see :class:`Regions`); a layout it cannot draw is refused (BadData)."""
    return Regions(
        boxes={k: tuple(v) for k, v in box_positions(spec).items()},
        drops=tuple(drop_spots(spec)),
        trees=tuple(tree_spots(spec)),
        markers=marker_spots(),
        code=code_spots(),
    )


def marker_spots() -> tuple[tuple[float, float], ...]:
    """Each marker's bottom-left corner, in ``markers.CORNERS`` order."""
    low, high = MARKER_ROWS
    corners = {"top-left": (0.0, high), "top-right": (W - MARKER, high), "bottom-right": (W - MARKER, low),
               "bottom-left": (0.0, low)}
    return tuple(corners[c] for c in CORNERS)


def code_spots() -> tuple[tuple[float, float, float, float], ...]:
    """The code's cells, left to right, ending at CODE_RIGHT."""
    width = CODE_CELL * CODE_BITS + CODE_GAP * (CODE_BITS - 1)
    return tuple(code_cells(CODE_RIGHT - width, CODE_Y - 0.5, CODE_CELL, CODE_GAP))


def page_regions(spec: Spec, paper: str) -> dict[str, Any]:
    """Each box's rectangle (x, y, w, h) in the points of the printed page, per feature, and each
    raindrop's and tree circle's centre: the design frame placed on ``paper`` as it is printed."""
    from tajkit.sheets.pdf import PAPERS

    scale, x0, y0 = frame(*PAPERS[paper])
    where = regions(spec)

    def at(x: float, y: float) -> tuple[float, float]:
        return x0 + scale * x, y0 + scale * y

    return {
        "boxes": {k: [(*at(x, y), BOX * scale, BOX * scale) for x, y in v] for k, v in where.boxes.items()},
        "drops": [at(x, y) for x, y in where.drops],
        "trees": [at(x, y) for x, y in where.trees],
    }


def box_positions(spec: Spec) -> dict[str, list[tuple[float, float]]]:
    """Each feature's boxes (bottom-left corners, state-file order) on the tajkit edition sheet.
    A data override that gives a feature a box count this sheet cannot draw is refused."""
    f = spec.by_id
    garden = [g for g in spec.features_in(spec.garden_group) if g.id != "waterway"]
    positions = {
        "left_minaret": minaret_boxes(COLUMNS["left_minaret"], f["left_minaret"]),
        "right_minaret": minaret_boxes(COLUMNS["right_minaret"], f["right_minaret"]),
        "left_facade": facade_boxes(COLUMNS["left_facade"]),
        "right_facade": facade_boxes(COLUMNS["right_facade"]),
        "archway": archway_boxes(COLUMNS["centre"]),
        "dome": dome_boxes(COLUMNS["centre"]),
        "waterway": canal_boxes(f["waterway"]),
        **{g.id: orchard_boxes(ORCHARD_X[k], g) for k, g in enumerate(garden[:2])},
    }
    problems = [
        f"the tajkit edition sheet draws {feature.title} with {len(positions.get(feature.id, []))} boxes, "
        f"your data gives it {feature.size}"
        for feature in spec.features
        if len(positions.get(feature.id, [])) != feature.size
    ]
    if problems:
        raise BadData(*problems)
    return positions


# --- a filled-in sheet: what a player entered, drawn on the sheet -------------------------------


def render_filled(spec: Spec, players: Sequence[Any]) -> bytes:
    """One page per player: the sheet with the entered values in their boxes, each feature's
    verdict (see :func:`verdict`), the watered trees ticked, the used raindrops crossed, and each
    feature's points in the score strip."""
    from tajkit.solver.artisans.rules import score
    from tajkit.solver.artisans.files import game_over

    palette = INKS["colour"]
    positions = box_positions(spec)
    over = game_over(spec, tuple(players))

    def page(player: Any) -> Callable[[Canvas, float, float], None]:
        def draw(c: Canvas, width: float, height: float) -> None:
            with _design_frame(c, width, height):
                draw_sheet(c, spec, palette)
                _fill(c, spec, player, score(spec, player.sheet), positions, palette, over)

        return draw

    return document([page(p) for p in players], "a4", 1, f"{spec.title} - filled sheets", "tajkit score --png")


def verdict(spec: Spec, row: FeatureScore, over: bool) -> bool | None:
    """A feature's badge: True (a tick) when it scores, False (a cross) when it is lost, None (no
    badge) while it is still open. In a game still in play a feature is lost only when no filling of
    its empty boxes meets its condition (rulebook: Scoring Conditions); once the game is over (End of
    the Game) every feature that does not score is lost."""
    if row.reason is None:
        return True
    if over or not can_still_score(row.feature, row.values, spec.faces):
        return False
    return None


def _fill(c: Canvas, spec: Spec, player: Any, result: Any, positions: dict, ink: Ink, over: bool) -> None:
    pen = HexColor("#1F3A93")
    text(c, player.name, 366, 707, W - 366, BOLD, 12, color=pen)
    for row in result.features:
        for (x, y), value in zip(positions[row.feature.id], row.values):
            if value:
                text(c, str(value), x + BOX / 2, y + 7.5, BOX - 4, BOLD, 17, "centre", pen)
        good = verdict(spec, row, over)
        if good is not None:
            first_x, first_y = positions[row.feature.id][0]
            _verdict(c, first_x - 7, first_y + BOX + 1, good, ink)
    for k, (x, y) in enumerate(tree_spots(spec)):
        if k < player.sheet.trees_watered:
            _tick(c, x, y, pen)
    for k, (x, y) in enumerate(drop_spots(spec)):
        if k < player.sheet.raindrops_used:
            _cross(c, x, y - 1, 6, pen)
    w, cells = _strip_x(spec)
    points = {r.feature.id: r.points for r in result.features}
    points.update({"dry_trees": -result.tree_penalty, "total": result.total, "unused_raindrops": result.unused_raindrops})
    for i, cat in enumerate(cells):
        text(c, str(points[cat.id]), i * w + w / 2, 9, w - 10, BOLD, 14, "centre", pen)


def _verdict(c: Canvas, x: float, y: float, good: bool, ink: Ink) -> None:
    """A small round badge: a tick when the feature scores, a cross when it does not."""
    colour = HexColor("#2E7D32") if good else HexColor("#C62828")
    with saved(c):
        c.setFillColor(colour)
        c.setStrokeColor(white)
        c.setLineWidth(1)
        c.circle(x, y, 6, stroke=1, fill=1)
    if good:
        _tick(c, x, y, white, size=3.6)
    else:
        _cross(c, x, y, 3, white)


def _tick(c: Canvas, x: float, y: float, colour: Color, size: float = 5.5) -> None:
    with saved(c):
        c.setStrokeColor(colour)
        c.setLineWidth(max(1.2, size / 3))
        c.setLineCap(1)
        c.line(x - size * 0.8, y, x - size * 0.2, y - size * 0.6)
        c.line(x - size * 0.2, y - size * 0.6, x + size * 0.9, y + size * 0.8)


def _cross(c: Canvas, x: float, y: float, size: float, colour: Color) -> None:
    with saved(c):
        c.setStrokeColor(colour)
        c.setLineWidth(1.6)
        c.setLineCap(1)
        c.line(x - size, y - size, x + size, y + size)
        c.line(x - size, y + size, x + size, y - size)


def picture(spec: Any, data: dict[str, Any], player: str | None = None) -> bytes:
    """The PNG of a state file's sheets, filled in as typed (a sheet in play draws too); with
    ``player``, that player's sheet alone."""
    from tajkit.sheets.raster import png_from_pdf
    from tajkit.solver.artisans.files import read_state

    players = read_state(spec, data, finished=False)
    chosen = tuple(p for p in players if p.name == player) or players if player is not None else players
    return png_from_pdf(render_filled(spec, chosen), dpi=110)


FINGER = 76.0  # points: 44 px or more wherever the sheet's 543 points are shown 320 px wide or more (a 360 px phone: about 332 px)


def board(spec: Any, data: dict[str, Any], player: str | None = None) -> Any:
    """The board a phone plays on (``solver.protocol.Board``): the filled sheet's picture (one
    player's, as :func:`picture` draws it) cropped to the sheet, with a target per feature
    (``Target.key`` the feature's id): its boxes' area, grown to a finger's size where the
    features leave room. The values and their costs are the rules' to offer once a feature is
    tapped (``ArtisansPlay.taps``)."""
    from tajkit.sheets.pdf import PAPERS
    from tajkit.solver.protocol import Board, Target

    width, height = PAPERS["a4"]
    scale, x0, y0 = frame(width, height)
    low, high = EXTENT
    view = (x0, height - (y0 + scale * high), W * scale, scale * (high - low))
    boxes = page_regions(spec, "a4")["boxes"]
    targets = []
    for feature in spec.features:
        rects = boxes[feature.id]
        left, right = min(r[0] for r in rects), max(r[0] + r[2] for r in rects)
        bottom, top = min(r[1] for r in rects), max(r[1] + r[3] for r in rects)
        x, w = _grown(left, right - left, view[0], view[2])
        y, h = _grown(height - top, top - bottom, view[1], view[3])
        targets.append(Target(feature.id, f"{feature.title}: {len(rects)} boxes", x, y, w, h))
    return Board((width, height), view, tuple(_apart(targets)), title="tap where to write on the sheet")


def _grown(start: float, size: float, low: float, extent: float) -> tuple[float, float]:
    """A span grown about its middle to a finger's size, kept inside the view."""
    grown = max(size, FINGER)
    begin = min(max(start - (grown - size) / 2, low), low + extent - grown)
    return begin, grown


def _apart(targets: list[Any]) -> list[Any]:
    """Targets grown into each other shrink back to meet halfway (features stand apart on the
    sheet, so this only trims the margins a finger's size added)."""
    from dataclasses import replace

    placed = list(targets)
    for i, a in enumerate(placed):
        for j in range(i + 1, len(placed)):
            b = placed[j]
            if a.x < b.x + b.width and b.x < a.x + a.width and a.y < b.y + b.height and b.y < a.y + a.height:
                overlap_x = min(a.x + a.width, b.x + b.width) - max(a.x, b.x)
                overlap_y = min(a.y + a.height, b.y + b.height) - max(a.y, b.y)
                if overlap_x <= overlap_y:
                    cut = (a.x + a.width + b.x) / 2 if a.x < b.x else (b.x + b.width + a.x) / 2
                    a, b = ((replace(a, width=cut - a.x), replace(b, width=b.x + b.width - cut, x=cut)) if a.x < b.x
                            else (replace(a, width=a.x + a.width - cut, x=cut), replace(b, width=cut - b.x)))
                else:
                    cut = (a.y + a.height + b.y) / 2 if a.y < b.y else (b.y + b.height + a.y) / 2
                    a, b = ((replace(a, height=cut - a.y), replace(b, height=b.y + b.height - cut, y=cut)) if a.y < b.y
                            else (replace(a, height=a.y + a.height - cut, y=cut), replace(b, height=cut - b.y)))
                placed[i], placed[j] = a, b
    return placed
