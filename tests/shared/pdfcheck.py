"""Reading generated PDFs back: page sizes, embedded fonts, and what the drawing layer placed."""

from __future__ import annotations

import io
import math

from pypdf import PdfReader

PAGE_POINTS = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}


def read(pdf: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(pdf))


def page_sizes(reader: PdfReader) -> set[tuple[float, float]]:
    return {(round(float(p.mediabox.width), 2), round(float(p.mediabox.height), 2)) for p in reader.pages}


def fonts(resources) -> list:  # noqa: ANN001
    """Every font used by a page, also inside its form XObjects."""
    found = [font.get_object() for font in (resources.get("/Font") or {}).values()]
    for xobject in (resources.get("/XObject") or {}).values():
        xobject = xobject.get_object()
        if "/Resources" in xobject:
            found += fonts(xobject["/Resources"].get_object())
    return found


def all_fonts_embedded(reader: PdfReader) -> bool:
    used = fonts(reader.pages[0]["/Resources"].get_object())
    for font in used:
        descendants = font.get("/DescendantFonts")
        holder = descendants[0].get_object() if descendants else font
        if "/FontDescriptor" not in holder or "/FontFile2" not in holder["/FontDescriptor"].get_object():
            return False
    return bool(used)


def overflows(placed) -> list:  # noqa: ANN001
    """Strings drawn wider or taller than the space they were given."""
    return [p for p in placed if p.width > p.max_width + 0.01 or p.height > p.max_height + 0.01]


def text_runs(reader: PdfReader) -> list[tuple[float, str]]:
    """Every non-blank text run of every page with the size it is printed at: the font size
    scaled by the text and page matrices (a form XObject drawn once keeps its own size)."""
    runs: list[tuple[float, str]] = []

    def visit(text, cm, tm, font, size):  # noqa: ANN001
        if text.strip():
            scale = math.hypot(tm[2] * cm[0] + tm[3] * cm[2], tm[2] * cm[1] + tm[3] * cm[3])
            runs.append((size * scale, text.strip()))

    for page in reader.pages:
        page.extract_text(visitor_text=visit)
    return runs
