"""The Artisans player-sheet pad: page count and size, the numbers it is scored by, embedded fonts,
and no text wider than the space it was given."""

from __future__ import annotations

import dataclasses
import re
import tomllib
from pathlib import Path

import pdfcheck
import pytest
from pypdf import PdfReader

from tajkit.sheets import artisans
from tajkit.sheets.pdf import ITALIC
from tajkit.sheets.text import SMALLEST, placing, width_of
from tajkit.solver.artisans.rules import can_still_score
from tajkit.solver.artisans.search.engine import engine_for
from tajkit.solver.artisans.spec import load_spec
from tajkit.solver.artisans.files import read_state

SPEC = load_spec()
DATA = Path(__file__).parent.parent / "data"


def render(paper: str, ink: str, count: int = 3) -> PdfReader:
    return pdfcheck.read(artisans.render_pad(SPEC, paper=paper, ink=ink, count=count))


@pytest.fixture(scope="module", params=[(p, i) for p in ("a4", "letter") for i in ("colour", "low")], ids=str)
def pad(request):
    with placing() as placed:
        reader = render(*request.param)
    return request.param, reader, placed


def test_page_count_and_size(pad):
    (paper, _), reader, _ = pad
    assert len(reader.pages) == 3
    assert pdfcheck.page_sizes(reader) == {pdfcheck.PAGE_POINTS[paper]}


def test_every_feature_shows_its_craftsperson_stars_and_condition(pad):
    _, reader, _ = pad
    text = reader.pages[0].extract_text()
    for f in SPEC.features:
        mark = "" if f.stars_official else r"\*"
        assert re.search(rf"{re.escape(f.craftsperson)}\s+{f.stars}{mark}", text), f.id
        assert f.short_rule in text
        title = r"\s+".join(map(re.escape, f.title.split()))
        assert re.search(rf"{title}\s+{f.stars}{mark}", text), f"score strip: {f.id}"
    assert "star values: tajkit defaults" in text
    assert "Total" in text and "Architect" in text and "Raindrops" in text
    assert SPEC.group_name(1) in text


def test_every_page_is_the_same_sheet_with_its_own_number(pad):
    """Issue 45: each sheet of a pad carries its number (in words and in its code) for tajkit read."""
    _, reader, _ = pad
    texts = [page.extract_text() for page in reader.pages]
    assert [t.rstrip().rsplit("\n", 1)[1] for t in texts] == ["1", "2", "3"]
    assert len({t.rstrip().rsplit("\n", 1)[0] for t in texts}) == 1


def test_fonts_are_embedded(pad):
    _, reader, _ = pad
    assert pdfcheck.all_fonts_embedded(reader)


def test_no_text_overflows_its_box(pad):
    _, _, placed = pad
    assert placed
    assert pdfcheck.overflows(placed) == []
    assert all(p.size >= SMALLEST for p in placed), "too small to read"


def test_the_sheet_is_drawn_once_and_reused():
    """A form XObject holds the sheet; each page only places it and adds its number (issue 45), so
    100 pages stay small."""
    small = artisans.render_pad(SPEC, count=1)
    big = artisans.render_pad(SPEC, count=100)
    assert len(big) < len(small) + 100 * 900


def test_output_is_reproducible():
    assert artisans.render_pad(SPEC, count=2) == artisans.render_pad(SPEC, count=2)


@pytest.mark.parametrize("trees", range(1, 9))
def test_the_water_label_keeps_clear_of_every_tree_circle(trees):
    """Any number of fruit trees a --data file sets (1-8): each orchard's "water" label sits in a
    gap between the tick circles, never on one."""
    spec = dataclasses.replace(SPEC, trees=trees)
    half = width_of(artisans.WATER, ITALIC, artisans.WATER_SIZE) / 2
    spots = artisans.tree_spots(spec)
    for side, count in enumerate(artisans.trees_per_side(spec)):
        if count:
            centre = artisans.water_label_x(artisans.ORCHARD_X[side], count)
            assert all(abs(x - centre) >= half + artisans.TICK_R + 1 for x, _ in spots), (side, count)



# --- the filled-in sheet (tajkit show, tajkit score --png) ----------------------------------------


def drawn_badges(monkeypatch, data: dict) -> dict[str, dict[str, bool]]:
    """The badges the picture of ``data`` draws: per player, feature id -> tick (True) or cross (False)."""
    badges: dict[str, dict[str, bool]] = {}
    at = {(x - 7, y + artisans.BOX + 1): fid for fid, ((x, y), *_) in artisans.box_positions(SPEC).items()}
    fill, page = artisans._fill, []

    def each_player(c, spec, player, *rest):
        page[:] = [badges.setdefault(player.name, {})]
        fill(c, spec, player, *rest)

    monkeypatch.setattr(artisans, "_fill", each_player)
    monkeypatch.setattr(artisans, "_verdict", lambda c, x, y, good, ink: page[0].__setitem__(at[(x, y)], good))
    artisans.render_filled(SPEC, read_state(SPEC, data, finished=False))
    return badges


def test_in_a_game_still_in_play_a_feature_is_lost_only_when_it_can_no_longer_score(monkeypatch):
    """Issue 23: tajkit show put a red cross on the README sheet's Right facade 2 2 _ 2, which one
    more 2 completes. While the game is in play (no sheet full, no one out of raindrops: End of the
    Game) an open feature that can still meet its condition (Scoring Conditions) gets no badge; one
    that cannot (2 3 _ 2 is never all identical) is crossed; once the game is over, every feature
    that does not score is."""
    sheet = tomllib.loads((DATA / "artisans-asha.toml").read_text(encoding="utf-8"))
    (asha,) = drawn_badges(monkeypatch, sheet).values()
    assert "right_facade" not in asha and asha["right_orchard"] is False  # 3 + 4, complete, is not 6
    assert all(asha[f.id] for f in SPEC.features if f.id not in ("right_facade", "right_orchard"))
    sheet["players"][0]["right_facade"] = [2, 3, 0, 2]
    assert drawn_badges(monkeypatch, sheet)["Asha"]["right_facade"] is False
    sheet["players"][0]["right_facade"] = [0, 0, 0, 0]  # not begun: open
    assert "right_facade" not in drawn_badges(monkeypatch, sheet)["Asha"]
    table = tomllib.loads((DATA / "artisans-example.toml").read_text(encoding="utf-8"))  # Ben's 15th raindrop
    badges = drawn_badges(monkeypatch, table)
    assert badges["Asha"]["right_facade"] is False and badges["Ben"]["right_minaret"] is False


def test_the_rules_know_which_features_can_still_score():
    """rules.can_still_score (the rules model, read by the picture) agrees with the solver's
    engine, which counts the scoring fillings of every packed state of every feature."""
    for table in engine_for(SPEC).tables:
        for state, live in enumerate(table.live):
            assert can_still_score(table.feature, table.unpack(state), SPEC.faces) == live, (table.feature.id, state)
