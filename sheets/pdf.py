"""PDF assembly shared by every printout: papers, the embedded fonts, and documents whose pages
are drawn once (form XObjects) and repeated."""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from importlib import resources

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


def document(
    pages: list[Callable[[Canvas, float, float], None]], paper: str | tuple[float, float], copies: int | Sequence[int],
    title: str, subject: str, grouped: bool = False, overlay: Callable[[Canvas, float, float, int], None] | None = None,
) -> bytes:
    """A PDF whose distinct pages are each drawn once (form XObjects) and repeated ``copies``
    times in order (for a double-sided card: front, back, front, back ...), or with ``grouped``
    each page's copies together (a pad's designs: all the 2-player sheets, then the others), where
    ``copies`` may give each page its own number. ``overlay`` draws what differs from page to page
    (a sheet's number) over the k-th page printed.
    ``paper`` is a paper name or a page size in points (a picture)."""
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
    if grouped:
        each = [copies] * len(pages) if isinstance(copies, int) else list(copies)
        order = [k for k in range(len(pages)) for _ in range(each[k])]
    else:
        assert isinstance(copies, int)
        order = list(range(len(pages))) * copies
    for printed, k in enumerate(order):
        c.doForm(f"page{k}")
        if overlay is not None:
            overlay(c, width, height, printed)
        c.showPage()
    c.save()
    return buffer.getvalue()


def pad(
    draw_page: Callable[[Canvas, float, float], None], paper: str, count: int, title: str, subject: str,
    overlay: Callable[[Canvas, float, float, int], None] | None = None,
) -> bytes:
    """A PDF of ``count`` identical pages (but for an ``overlay``: see :func:`document`). The page
    is drawn once as a form XObject and reused on every page, so a 100-page pad costs little more
    than one page."""
    return document([draw_page], paper, count, title, subject, overlay=overlay)
