"""The Artisans player-sheet pad: page count and size, the numbers it is scored by, embedded fonts,
and no text wider than the space it was given."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from tajkit.sheets import artisans, primitives
from tajkit.solver.artisans.rules import load_spec

SPEC = load_spec()
PAGE_POINTS = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}


def render(paper: str, ink: str, count: int = 3) -> PdfReader:
    return PdfReader(io.BytesIO(artisans.render_pad(SPEC, paper=paper, ink=ink, count=count)))


@pytest.fixture(scope="module", params=[(p, i) for p in ("a4", "letter") for i in ("colour", "low")], ids=str)
def pad(request):
    primitives.PLACED.clear()
    reader = render(*request.param)
    return request.param, reader, list(primitives.PLACED)


def test_page_count_and_size(pad):
    (paper, _), reader, _ = pad
    assert len(reader.pages) == 3
    for page in reader.pages:
        width, height = float(page.mediabox.width), float(page.mediabox.height)
        assert (round(width, 2), round(height, 2)) == PAGE_POINTS[paper]


def test_every_feature_shows_its_craftsperson_stars_and_condition(pad):
    _, reader, _ = pad
    text = reader.pages[0].extract_text()
    for f in SPEC.features:
        assert re.search(rf"{re.escape(f.craftsperson)}\s+{f.stars}\b", text), f.id
        assert f.short_rule in text
        assert re.search(rf"{re.escape(f.short)}\s+{f.stars}\b", text), f"score strip: {f.id}"
    assert "Total" in text and "Architect" in text and "Raindrops" in text
    assert SPEC.group_name(1) in text


def test_every_page_is_the_same_sheet(pad):
    _, reader, _ = pad
    first = reader.pages[0].extract_text()
    assert all(page.extract_text() == first for page in reader.pages[1:])


def _fonts(resources) -> list:
    found = []
    for font in (resources.get("/Font") or {}).values():
        found.append(font.get_object())
    for xobject in (resources.get("/XObject") or {}).values():
        xobject = xobject.get_object()
        if "/Resources" in xobject:
            found += _fonts(xobject["/Resources"].get_object())
    return found


def test_fonts_are_embedded(pad):
    _, reader, _ = pad
    fonts = _fonts(reader.pages[0]["/Resources"].get_object())
    assert fonts
    for font in fonts:
        descendants = font.get("/DescendantFonts")
        descriptor = (descendants[0].get_object() if descendants else font)["/FontDescriptor"].get_object()
        assert "/FontFile2" in descriptor, font["/BaseFont"]


def test_no_text_overflows_its_box(pad):
    _, _, placed = pad
    assert placed
    for p in placed:
        assert p.width <= p.max_width + 0.01, p
        assert p.height <= p.max_height + 0.01, p
        assert p.size >= 5.5, f"too small to read: {p}"


def test_the_sheet_is_drawn_once_and_reused():
    """A form XObject holds the sheet; each page only places it, so 100 pages stay small."""
    small = artisans.render_pad(SPEC, count=1)
    big = artisans.render_pad(SPEC, count=100)
    assert len(big) < len(small) + 100 * 600


def test_output_is_reproducible():
    assert artisans.render_pad(SPEC, count=2) == artisans.render_pad(SPEC, count=2)
