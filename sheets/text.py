"""Text that always fits: every string drawn through :func:`text` or :func:`paragraph` is measured
against the space it gets and shrunk (or wrapped) to fit; inside ``with placing() as placed:``
each placement is recorded, so tests can check that nothing overflows its box (nothing is kept
otherwise: a long-running process renders without growing)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from reportlab.lib.colors import Color
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from tajkit.sheets.pdf import SANS, register_fonts
from tajkit.sheets.recorder import Recorder


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


PLACED: Recorder[Placed] = Recorder("text_placed")
placing = PLACED.recording  # ``with placing() as placed``: every string drawn inside it (for the tests)
_record = PLACED.add

SMALLEST = 6.5  # points: nothing a player must read on a printout (sheet, pad, card) is smaller


def width_of(text: str, font: str, size: float) -> float:
    register_fonts()  # measured before anything is drawn (a board laid out for the phones, a test)
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
    _record(Placed(s, font, size, width, max_width, size, size))
    c.setFont(font, size)
    if color is not None:
        c.setFillColor(color)
    draw = {"left": c.drawString, "centre": c.drawCentredString, "right": c.drawRightString}[align]
    draw(x, y, s)
    return size


def wrap(s: str, font: str, size: float, max_width: float) -> list[str]:
    """``s`` broken into lines no wider than ``max_width``: reportlab's own splitter breaks at
    spaces; a word wider than the line (a position string) is cut, after a ``/`` where one fits."""
    lines: list[str] = []
    for line in simpleSplit(s, font, size, max_width):
        while width_of(line, font, size) > max_width and len(line) > 1:
            fits = 1
            while fits < len(line) and width_of(line[: fits + 1], font, size) <= max_width:
                fits += 1
            cut = line.rfind("/", 0, fits) + 1 or fits
            lines.append(line[:cut])
            line = line[cut:]
        lines.append(line)
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
    _record(Placed(s, font, size, widest, width, used, height))
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
