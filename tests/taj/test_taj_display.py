"""`tajkit show taj`: the picture of the display. Each rug is drawn as nested panels (outer, middle,
centre; Playing the Game: "Each Rug is made up of 3 portions") with a white outline, and each
portion carries its label ("green 2"); a label must not be crossed by any outline."""

from __future__ import annotations

import dataclasses
import math
import tomllib
from pathlib import Path

import pytest

from tajkit.sheets.taj import MIN_LABEL_SIZE, OUTLINE, RADIUS, Box, portions
from tajkit.solver.taj.spec import load_spec

SPEC = load_spec()
EXAMPLE = tomllib.loads((Path(__file__).parent.parent / "data" / "taj-example.toml").read_text())  # the README's display
LONG = "a_colour_name_of_forty_letters_the_limit"  # colours.names allows 40 characters
LONG_RUGS = [
    ("turquoise", "chartreuse_green", LONG),
    ("chartreuse_green", LONG, "turquoise"),
    (LONG, "turquoise", "chartreuse_green"),
]


def inside_outline(box: Box, panel: Box) -> bool:
    """``box`` lies within the inner edge of ``panel``'s outline, rounded corners included."""
    edge, r = OUTLINE / 2, RADIUS - OUTLINE / 2  # the inner edge: inset by half the line, corner arcs shrink
    if not (box.x0 > panel.x0 + edge and box.x1 < panel.x1 - edge and box.y0 > panel.y0 + edge and box.y1 < panel.y1 - edge):
        return False
    for x, cx in ((box.x0, panel.x0 + RADIUS), (box.x1, panel.x1 - RADIUS)):
        for y, cy in ((box.y0, panel.y0 + RADIUS), (box.y1, panel.y1 - RADIUS)):
            in_corner = (x < cx if cx < (panel.x0 + panel.x1) / 2 else x > cx) and (
                y < cy if cy < (panel.y0 + panel.y1) / 2 else y > cy)
            if in_corner and math.hypot(x - cx, y - cy) >= r:
                return False
    return True


def apart(box: Box, panel: Box) -> bool:
    """``box`` does not touch ``panel`` nor the outer half of its outline."""
    edge = OUTLINE / 2
    return box.x1 < panel.x0 - edge or box.x0 > panel.x1 + edge or box.y1 < panel.y0 - edge or box.y0 > panel.y1 + edge


@pytest.mark.parametrize("rug", [tuple(r) for r in EXAMPLE["display"]] + LONG_RUGS, ids=lambda r: "-".join(c[:6] for c in r))
def test_no_outline_crosses_a_portion_label(rug):
    """Each label sits inside its own panel, clear of that panel's outline and rounded corners, and
    clear of the panels nested inside it (the middle label "green 2" used to be cut by the centre
    panel's outline). A colour name too long for its band even at the smallest size is shortened
    with "…"; the points always show (outer 1, middle 2, centre 3: Playing the Game)."""
    drawn = portions(SPEC, rug)
    for k, (p, colour, points) in enumerate(zip(drawn, rug, SPEC.points)):
        assert inside_outline(p.box, p.panel), (p.label, p.box, p.panel)
        for inner in drawn[k + 1:]:
            assert apart(p.box, inner.panel), (p.label, p.box, inner.panel)
        assert p.size >= MIN_LABEL_SIZE
        name = p.label.removesuffix(f" {points}")
        assert name == colour or (name.endswith("…") and colour.startswith(name[:-1]))


def test_long_colour_names_fit_the_picture():
    """A --data file may add colours (up to 8, names up to 40 characters): on the smallest display
    (5 rugs, Game End b) every string of the picture, the colour values line included, fits the
    width it is given."""
    from tajkit.sheets import text
    from tajkit.sheets.taj import render_display
    from tajkit.solver.taj.files import read_state

    names = [f"{letter}_colour_name_of_forty_letters_the_limi" for letter in "abc"]
    spec = dataclasses.replace(SPEC, colours=SPEC.colours + tuple(names))
    data = dict(EXAMPLE, display=[names, *EXAMPLE["display"][1:5]], eyes_up=[False] * 5, taj=1)
    with text.placing() as placed:
        render_display(spec, read_state(spec, data))
    assert any(p.text.startswith("Colour values under the Taj") for p in placed)
    assert [p for p in placed if p.width > p.max_width + 1e-6] == []
