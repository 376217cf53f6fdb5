"""Small drawn shapes every printout shares: stars, section icons, a cut line, a value table."""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from tajkit.sheets.ink import Ink
from tajkit.sheets.pdf import BOLD, ITALIC, SANS
from tajkit.sheets.text import text


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
