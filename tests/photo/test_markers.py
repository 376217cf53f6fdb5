"""Issue 45: every printed Artisans sheet carries four registration markers and a code (game,
layout, sheet number), and the reader finds the boxes where the drawing put them."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from tajkit.sheets import artisans, markers
from tajkit.solver.artisans.spec import load_spec

cv2 = pytest.importorskip("cv2")
from tajkit.sheets.reading import page, synthetic  # noqa: E402

SPEC = load_spec()


def test_the_printed_bits_are_opencvs_dictionary():
    """The markers are drawn from bit patterns copied from OpenCV's DICT_4X4_50, so printing needs
    no OpenCV: each copy is the dictionary's."""
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    for marker_id, bits in markers.ARUCO_4X4_50.items():
        expected = cv2.aruco.Dictionary.getBitsFromByteList(dictionary.bytesList[marker_id:marker_id + 1], 4)
        assert "".join(str(b) for b in expected.ravel()) == bits, marker_id


@pytest.mark.parametrize("sheet", [0, 1, 7, 512, markers.MAX_SHEET])
def test_the_code_round_trips(sheet):
    code = markers.SheetCode("artisans", 1, sheet)
    assert markers.decode(markers.encode(code)) == code


def test_a_misread_cell_of_the_code_is_caught():
    """Every single flipped cell breaks the check sum (CRC-6), so a misread code is no code, never
    another sheet's."""
    bits = markers.encode(markers.SheetCode("artisans", 1, 37))
    for k in range(len(bits)):
        flipped = bits.copy()
        flipped[k] ^= 1
        assert markers.decode(flipped) is None, k


@pytest.mark.parametrize(("paper", "ink"), list(itertools.product(("a4", "letter"), ("colour", "low"))))
def test_the_reader_finds_each_printed_sheet_and_its_number(paper, ink):
    """The pad as printed (page 3 of a pad), rendered as a scan: the four markers are found and the
    code says artisans, layout 1, sheet 3."""
    scan = synthetic.printed_page(paper, ink, sheet=3, dpi=150)
    found = page.find(scan)
    assert found.code == markers.SheetCode("artisans", artisans.LAYOUT, 3)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_box_the_reader_reads_is_a_box_the_sheet_draws(paper):
    """One source of truth: on the printed page, straightened by its markers, a printed outline
    lies under each box the reader reads (the outline's ink peaks at the box's edges, within a
    point) and the box's inside is blank paper."""
    found = page.find(synthetic.printed_page(paper, "low", dpi=200))
    grey = cv2.cvtColor(found.image, cv2.COLOR_BGR2GRAY).astype(float)
    for feature, boxes in artisans.regions(SPEC).boxes.items():
        for x, y in boxes:
            u0, v1 = found.pixel(x, y)
            u1, v0 = found.pixel(x + artisans.BOX, y + artisans.BOX)
            middle = round((v0 + v1) / 2)
            row = grey[middle, round(u0 - 2 * page.K):round(u1 + 2 * page.K)]
            left = int(np.argmin(row[:round(4 * page.K)]))
            right = len(row) - round(4 * page.K) + int(np.argmin(row[-round(4 * page.K):]))
            assert abs(left - 2 * page.K) <= page.K and abs(right - (len(row) - 1 - 2 * page.K)) <= page.K, (feature, x, y)
            inside = grey[round(v0 + 4 * page.K):round(v1 - 4 * page.K), round(u0 + 4 * page.K):round(u1 - 4 * page.K)]
            assert inside.min() > 200, (feature, x, y)


def test_the_page_regions_place_the_design_on_the_paper():
    """page_regions (points of the printed page) is the design frame placed as the PDF places it."""
    from tajkit.sheets.pdf import PAPERS

    scale, x0, y0 = artisans.frame(*PAPERS["a4"])
    (x, y), *_ = artisans.regions(SPEC).boxes["dome"]
    px, py, w, h = artisans.page_regions(SPEC, "a4")["boxes"]["dome"][0]
    assert (px, py) == pytest.approx((x0 + scale * x, y0 + scale * y)) and w == pytest.approx(artisans.BOX * scale)
