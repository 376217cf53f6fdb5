"""The shared drawing layer: papers, inks, embedded fonts, fitted text and small drawn icons.

Every string drawn through :func:`text` or :func:`paragraph` is measured against the space it
gets and shrunk (or wrapped) to fit; each placement is recorded in :data:`PLACED` so tests can
check that nothing overflows its box.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from importlib import resources

from reportlab.lib.colors import Color, HexColor, white
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

PAPERS: dict[str, tuple[float, float]] = {"a4": A4, "letter": LETTER}

SANS, BOLD, ITALIC = "TajkitSans", "TajkitSans-Bold", "TajkitSans-Italic"


def register_fonts() -> None:
    """DejaVu Sans (shipped in sheets/fonts, free licence) as embedded TrueType subsets: it has
    the glyphs Hungarian needs (ő, ű) and the star, which reportlab's own Vera lacks."""
    if SANS in pdfmetrics.getRegisteredFontNames():
        return
    folder = resources.files(__package__) / "fonts"
    files = ((SANS, "DejaVuSans.ttf"), (BOLD, "DejaVuSans-Bold.ttf"), (ITALIC, "DejaVuSans-Oblique.ttf"))
    for name, file in files:
        pdfmetrics.registerFont(TTFont(name, str(folder / file)))
    pdfmetrics.registerFontFamily(SANS, normal=SANS, bold=BOLD, italic=ITALIC, boldItalic=BOLD)


@dataclass(frozen=True)
class Ink:
    """A palette. ``low`` ink: white paper, outlines only, nothing told by colour alone."""

    name: str
    paper: Color
    text: Color
    soft_text: Color
    line: Color
    marble: Color
    marble_line: Color
    sky_top: Color
    sky_bottom: Color
    water: Color
    water_line: Color
    leaf: Color
    leaf_line: Color
    trunk: Color
    fruit: Color
    box: Color
    star: Color
    star_line: Color
    groups: dict[int, Color] = field(default_factory=dict)
    fills: bool = True

    def group(self, die: int) -> Color:
        return self.groups.get(die, self.line)


COLOUR = Ink(
    name="colour",
    paper=HexColor("#FFFDF8"),
    text=HexColor("#2E2A26"),
    soft_text=HexColor("#6B6257"),
    line=HexColor("#8C7A62"),
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
    box=white,
    star=HexColor("#F2C230"),
    star_line=HexColor("#A67C00"),
    groups={
        1: HexColor("#3F8A4A"),
        2: HexColor("#B4533C"),
        3: HexColor("#2F7F8C"),
        4: HexColor("#B7860B"),
        5: HexColor("#6E4FA0"),
        6: HexColor("#C0612B"),
    },
)

LOW = Ink(
    name="low",
    paper=white,
    text=HexColor("#000000"),
    soft_text=HexColor("#444444"),
    line=HexColor("#555555"),
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
    box=white,
    star=white,
    star_line=HexColor("#333333"),
    fills=False,
)

INKS = {"colour": COLOUR, "low": LOW}


# --- text that always fits ---------------------------------------------------------------------


@dataclass(frozen=True)
class Placed:
    """One drawn string and the space it was given (for overflow tests)."""

    text: str
    font: str
    size: float
    width: float
    max_width: float
    height: float
    max_height: float


PLACED: list[Placed] = []


def width_of(text: str, font: str, size: float) -> float:
    return pdfmetrics.stringWidth(text, font, size)


def fitted_size(text: str, font: str, size: float, max_width: float, min_size: float = 4.5) -> float:
    """``size`` or smaller so that ``text`` fits ``max_width`` (never below ``min_size``)."""
    width = width_of(text, font, size)
    if width <= max_width:
        return size
    return max(min_size, math.floor(size * max_width / width * 10) / 10)


def text(
    c: Canvas, s: str, x: float, y: float, max_width: float, font: str = SANS, size: float = 8,
    align: str = "left", color: Color | None = None,
) -> float:
    """Draw one line, shrunk to fit ``max_width``; ``x`` is the left, centre or right edge."""
    size = fitted_size(s, font, size, max_width)
    width = width_of(s, font, size)
    PLACED.append(Placed(s, font, size, width, max_width, size, size))
    c.setFont(font, size)
    if color is not None:
        c.setFillColor(color)
    draw = {"left": c.drawString, "centre": c.drawCentredString, "right": c.drawRightString}[align]
    draw(x, y, s)
    return size


def wrap(s: str, font: str, size: float, max_width: float) -> list[str]:
    lines: list[str] = []
    for word in s.split():
        if lines and width_of(f"{lines[-1]} {word}", font, size) <= max_width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def paragraph(
    c: Canvas, s: str, x: float, top: float, width: float, height: float, font: str = SANS,
    size: float = 7, leading: float = 1.2, align: str = "left", color: Color | None = None,
    min_size: float = 4.5,
) -> float:
    """Wrap ``s`` into the box (``x``, ``top`` downwards), shrinking until it fits; returns the
    height used."""
    while True:
        lines = wrap(s, font, size, width)
        used = size * leading * len(lines)
        widest = max((width_of(line, font, size) for line in lines), default=0)
        if (used <= height and widest <= width) or size <= min_size:
            break
        size = round(size - 0.25, 2)
    PLACED.append(Placed(s, font, size, widest, width, used, height))
    c.setFont(font, size)
    if color is not None:
        c.setFillColor(color)
    y = top - size
    for line in lines:
        if align == "centre":
            c.drawCentredString(x + width / 2, y, line)
        elif align == "right":
            c.drawRightString(x + width, y, line)
        else:
            c.drawString(x, y, line)
        y -= size * leading
    return used


# --- small drawn shapes ------------------------------------------------------------------------


@contextmanager
def saved(c: Canvas) -> Iterator[None]:
    c.saveState()
    try:
        yield
    finally:
        c.restoreState()


def star_path(c: Canvas, cx: float, cy: float, r: float, inner: float = 0.45):  # noqa: ANN201
    """The outline of a five-pointed star of radius ``r`` (drawn, so it matches every font)."""
    path = c.beginPath()
    for i in range(10):
        radius = r if i % 2 == 0 else r * inner
        angle = math.pi / 2 + i * math.pi / 5
        point = (cx + radius * math.cos(angle), cy + radius * math.sin(angle))
        path.moveTo(*point) if i == 0 else path.lineTo(*point)
    path.close()
    return path


def star(c: Canvas, cx: float, cy: float, r: float, ink: Ink) -> None:
    """A five-pointed star, filled (colour ink) or outlined (low ink)."""
    path = star_path(c, cx, cy, r)
    with saved(c):
        c.setFillColor(ink.star)
        c.setStrokeColor(ink.star_line)
        c.setLineWidth(0.6)
        c.setLineJoin(1)
        c.drawPath(path, fill=1, stroke=1)


def star_value(c: Canvas, cx: float, cy: float, stars: int, ink: Ink, r: float = 6.5, mark: str = "") -> None:
    """A star with the feature's star value beside it, e.g. (*) 5; ``mark`` ("*") flags a value
    that is a tajkit default."""
    star(c, cx - r * 0.7, cy, r, ink)
    text(c, f"{stars}{mark}", cx + r * 0.55, cy - r * 0.55, 3 * r + (r if mark else 0), BOLD, r * 1.6, color=ink.text)


def die_face(c: Canvas, x: float, y: float, size: float, n: int, ink: Ink, color: Color | None = None) -> None:
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


def write_box(c: Canvas, x: float, y: float, size: float, ink: Ink, color: Color | None = None) -> None:
    """An empty box to write one digit in."""
    with saved(c):
        c.setLineWidth(1.3)
        c.setStrokeColor(color or ink.line)
        c.setFillColor(ink.box)
        c.roundRect(x, y, size, size, size * 0.14, stroke=1, fill=1)


def raindrop(c: Canvas, cx: float, cy: float, h: float, ink: Ink) -> None:
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


def cloud(c: Canvas, x: float, y: float, w: float, h: float, ink: Ink) -> None:
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


def tree(c: Canvas, cx: float, base: float, h: float, ink: Ink) -> None:
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


def tick_circle(c: Canvas, cx: float, cy: float, r: float, ink: Ink) -> None:
    with saved(c):
        c.setLineWidth(1.1)
        c.setStrokeColor(ink.line)
        c.setFillColor(white)
        c.circle(cx, cy, r, stroke=1, fill=1)


# --- documents ---------------------------------------------------------------------------------


def pad(
    draw_page: Callable[[Canvas, float, float], None], paper: str, count: int, title: str, subject: str,
) -> bytes:
    """A PDF of ``count`` identical pages. The page is drawn once as a form XObject and reused on
    every page, so a 100-page pad costs little more than one page."""
    return document([draw_page], paper, count, title, subject)


def icon(c: Canvas, name: str, x: float, y: float, size: float, color: Color) -> None:
    """A small drawn icon for a reference-card section, in the box (x, y, size, size)."""
    s = size
    with saved(c):
        c.setStrokeColor(color)
        c.setFillColor(color)
        c.setLineWidth(max(0.6, s / 14))
        c.setLineJoin(1)
        c.setLineCap(1)
        if name == "setup":  # a box with its lid
            c.rect(x + s * 0.12, y + s * 0.1, s * 0.76, s * 0.52, stroke=1, fill=0)
            c.rect(x + s * 0.06, y + s * 0.62, s * 0.88, s * 0.18, stroke=1, fill=1)
        elif name == "turn":  # a circular arrow
            c.arc(x + s * 0.15, y + s * 0.15, x + s * 0.85, y + s * 0.85, 40, 280)
            tip = c.beginPath()
            tip.moveTo(x + s * 0.78, y + s * 0.86)
            tip.lineTo(x + s * 0.98, y + s * 0.74)
            tip.lineTo(x + s * 0.72, y + s * 0.62)
            tip.close()
            c.drawPath(tip, stroke=0, fill=1)
        elif name == "scoring":  # a star
            c.drawPath(star_path(c, x + s / 2, y + s / 2, s * 0.46, inner=0.43), stroke=1, fill=1)
        elif name == "end":  # a flag
            c.line(x + s * 0.2, y + s * 0.05, x + s * 0.2, y + s * 0.95)
            flag = c.beginPath()
            flag.moveTo(x + s * 0.2, y + s * 0.92)
            flag.lineTo(x + s * 0.9, y + s * 0.74)
            flag.lineTo(x + s * 0.2, y + s * 0.52)
            flag.close()
            c.drawPath(flag, stroke=1, fill=1)
        elif name == "tie":  # a balance
            c.line(x + s * 0.5, y + s * 0.1, x + s * 0.5, y + s * 0.85)
            c.line(x + s * 0.1, y + s * 0.75, x + s * 0.9, y + s * 0.75)
            c.line(x + s * 0.3, y + s * 0.1, x + s * 0.7, y + s * 0.1)
            for cx in (0.2, 0.8):
                c.arc(x + s * (cx - 0.16), y + s * 0.28, x + s * (cx + 0.16), y + s * 0.6, 180, 180)
        elif name == "cards":  # two cards
            c.roundRect(x + s * 0.08, y + s * 0.18, s * 0.5, s * 0.7, s * 0.06, stroke=1, fill=0)
            c.roundRect(x + s * 0.4, y + s * 0.08, s * 0.5, s * 0.7, s * 0.06, stroke=1, fill=1)
        elif name == "build":  # a small dome on a wall
            c.rect(x + s * 0.15, y + s * 0.08, s * 0.7, s * 0.4, stroke=1, fill=0)
            c.arc(x + s * 0.22, y + s * 0.2, x + s * 0.78, y + s * 0.85, 0, 180)
        elif name == "two":  # two figures
            for cx in (0.3, 0.7):
                c.circle(x + s * cx, y + s * 0.72, s * 0.14, stroke=1, fill=1)
                c.arc(x + s * (cx - 0.2), y + s * 0.05, x + s * (cx + 0.2), y + s * 0.6, 0, 180)
        else:
            c.circle(x + s / 2, y + s / 2, s * 0.3, stroke=1, fill=1)


def cut_line(c: Canvas, x0: float, x1: float, y: float, color: Color) -> None:
    """A dashed cut line with a small pair of scissors at its start."""
    with saved(c):
        c.setStrokeColor(color)
        c.setLineWidth(0.6)
        c.setDash(4, 3)
        c.line(x0 + 18, y, x1, y)
        c.setDash()
        c.circle(x0 + 4, y + 3, 2.4, stroke=1, fill=0)
        c.circle(x0 + 4, y - 3, 2.4, stroke=1, fill=0)
        c.line(x0 + 6, y + 2, x0 + 15, y - 2.5)
        c.line(x0 + 6, y - 2, x0 + 15, y + 2.5)


def document(
    pages: list[Callable[[Canvas, float, float], None]], paper: str | tuple[float, float], copies: int, title: str,
    subject: str,
) -> bytes:
    """A PDF whose distinct pages are each drawn once (form XObjects) and repeated ``copies``
    times in order (for a double-sided card: front, back, front, back ...). ``paper`` is a paper
    name or a page size in points (a picture)."""
    register_fonts()
    width, height = PAPERS[paper] if isinstance(paper, str) else paper
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=(width, height), invariant=1, pageCompression=1, initialFontName=SANS)
    c.setTitle(title)
    c.setAuthor("tajkit")
    c.setSubject(subject)
    c.setCreator("tajkit")
    for k, draw in enumerate(pages):
        c.beginForm(f"page{k}", lowerx=0, lowery=0, upperx=width, uppery=height)
        draw(c, width, height)
        c.endForm()
    for _ in range(copies):
        for k in range(len(pages)):
            c.doForm(f"page{k}")
            c.showPage()
    c.save()
    return buffer.getvalue()


def value_table(
    c: Canvas, cells: Sequence, labels: Sequence[str], x: float, top: float, label_w: float, cell_w: float,
    row_h: float, size: float, ink: Ink, accent: Color,
) -> None:
    """A two-row table (e.g. workers -> gold) of cells with ``key``, ``value`` and ``official``:
    values the rulebook states are bold, the others italic and starred."""
    for r, (label, attr) in enumerate(zip(labels, ("key", "value"))):
        y = top - (r + 1) * row_h
        text(c, label, x, y + row_h * 0.3, label_w - 3, BOLD if r else SANS, size, color=ink.text)
        for k, cell in enumerate(cells):
            cx = x + label_w + k * cell_w
            with saved(c):
                c.setStrokeColor(ink.line)
                c.setLineWidth(0.6)
                c.rect(cx, y, cell_w, row_h, stroke=1, fill=0)
            shown = getattr(cell, attr) + ("*" if r and not cell.official else "")
            font = BOLD if r and cell.official else (ITALIC if r else SANS)
            text(c, shown, cx + cell_w / 2, y + row_h * 0.3, cell_w - 2, font, size, "centre", accent if r else ink.text)
