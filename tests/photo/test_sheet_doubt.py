"""Issue 45: "a sure value is never wrong" on whole sheets. The digits of one sheet are one writer's,
so a sheet whose hand is unusual (many of its digits doubtful) has its other digits asked more; and a
reading that breaks a rule of the game is asked, never taken."""

from __future__ import annotations

import numpy as np
import photos
import pytest

from tajkit.sheets.reading import artisans, digits, marks, page, synthetic

SPEC = photos.SPEC
CROP = np.zeros((4, 4, 3), np.uint8)
PICTURE = np.zeros((28, 28), np.float32)


def digit(index: int, confidence: float, sure: bool, margin: float = 0.3, feature: str = "left_facade") -> artisans.Value:
    return artisans.Value("box", feature, index, 4, confidence, sure, CROP, picture=PICTURE, margin=margin)


def mark(kind: str, index: int, marked: bool) -> artisans.Value:
    return artisans.Value(kind, kind, index, int(marked), 1.0, True, CROP)


def sheet(doubtful: int, sure: list[tuple[float, float]]) -> list[artisans.Value]:
    """``doubtful`` digits the model asked about, then sure ones of these (confidence, margin)."""
    values = [digit(k, 0.6, False) for k in range(doubtful)]
    return values + [digit(doubtful + k, c, True, m) for k, (c, m) in enumerate(sure)]


def test_an_unusual_hand_has_its_less_than_clearly_sure_digits_asked():
    """A third of the sheet doubtful (at or above UNUSUAL_SHARE): a digit the model took at 0.99,
    or at 0.9999 with a shape barely like the learned ones, is asked; one sure and typical stays."""
    values, unusual = artisans._hand(sheet(3, [(0.99, 0.3), (0.9999, 0.01), (0.9999, 0.3)] + [(0.9999, 0.3)] * 3))
    assert unusual
    assert [v.sure for v in values] == [False] * 5 + [True] * 4


def test_a_usual_hand_keeps_every_sure_digit():
    """One doubtful digit in ten, under UNUSUAL_SHARE: the same readings stay sure."""
    before = sheet(1, [(0.99, 0.3), (0.9999, 0.01)] + [(0.9999, 0.3)] * 7)
    values, unusual = artisans._hand(before)
    assert not unusual
    assert [v.sure for v in values] == [v.sure for v in before]


def test_the_share_counts_only_the_boxes_read_as_digits():
    """Empty boxes, raindrops and trees say nothing about the hand: a sheet of three doubtful digits
    among ten, with twenty empty boxes beside, is unusual all the same."""
    empty = [artisans.Value("box", "dome", k, 0, 1.0, True, CROP) for k in range(20)]
    values = sheet(3, [(0.99, 0.3)] * 7) + empty + [mark("raindrop", 0, True)]
    assert artisans.unusual_hand(values)
    assert not artisans.unusual_hand(sheet(1, [(0.99, 0.3)] * 9) + empty)


def test_a_confident_digit_barely_like_the_learned_shapes_is_asked(monkeypatch):
    """A reading is taken only when its shape lies at least digits.MARGIN inside the learned ones:
    the same pictures, read with the margin just over one picture's, leave that one asked."""
    rng = np.random.default_rng(3)
    writer = photos.held_out_writer(1003)
    pictures = np.asarray([marks.digit_picture(synthetic.glyph(writer, d, 60, rng)) for d in (1, 2, 3, 4, 5, 6)])
    monkeypatch.setattr(digits, "MARGIN", -1.0)
    loose = digits.read(pictures)
    k = max(range(len(loose)), key=lambda i: loose[i].confidence)
    assert loose[k].sure
    monkeypatch.setattr(digits, "MARGIN", loose[k].margin + 1e-4)
    strict = digits.read(pictures)
    assert not strict[k].sure and strict[k].digit == loose[k].digit
    assert all(not s.sure or s.margin >= digits.MARGIN for s in strict)


def test_watering_more_trees_than_raindrops_marked_is_asked():
    """Rulebook, Watering fruit trees: each watered tree marks off a raindrop, so a reading of two
    trees ticked and one raindrop marked breaks the rules: the trees are asked, not taken."""
    garden = [artisans.Value("box", "left_orchard", k, 3, 1.0, True, CROP) for k in range(2)]
    legal = garden + [mark("raindrop", 0, True), mark("raindrop", 1, True), mark("tree", 0, True), mark("tree", 1, True)]
    assert all(v.sure for v in artisans._rules(SPEC, legal))
    illegal = garden + [mark("raindrop", 0, True), mark("raindrop", 1, False), mark("tree", 0, True),
                        mark("tree", 1, True)]
    assert [v.sure for v in artisans._rules(SPEC, illegal) if v.kind == "tree"] == [False, False]


def test_watering_more_trees_than_values_in_the_garden_is_asked():
    """Rulebook, Watering fruit trees: a tree is watered when a value is added to the Gardens and
    Canals group, so two ticked trees need two values there."""
    values = [artisans.Value("box", "left_orchard", 0, 3, 1.0, True, CROP),
              artisans.Value("box", "left_orchard", 1, 0, 1.0, True, CROP),
              mark("raindrop", 0, True), mark("raindrop", 1, True), mark("tree", 0, True), mark("tree", 1, True)]
    assert [v.sure for v in artisans._rules(SPEC, values) if v.kind == "tree"] == [False, False]


def test_digits_that_miss_a_scoring_condition_are_not_doubted():
    """Rulebook, Scoring Conditions: a feature whose values miss its condition scores nothing, it is
    not illegal (any die value may be written in any box of the chosen group), so a Facade of 4, 4,
    4, 5 read surely stays sure."""
    facade = [artisans.Value("box", "left_facade", k, d, 0.9999, True, CROP, picture=PICTURE, margin=0.3)
              for k, d in enumerate((4, 4, 4, 5))]
    assert all(v.sure for v in artisans._rules(SPEC, facade))
    assert all(v.sure for v in artisans._hand(facade)[0])


@pytest.mark.slow
def test_a_photographed_sheet_in_an_unusual_hand_is_asked_more(monkeypatch):
    """Breip, a held-out font whose digits are unlike every learned hand: its sheet is judged
    unusual and more of its digits are asked than the model alone would ask."""
    writer = next((w for w in synthetic.writers(held_out=True, kinds=("font",)) if w.name == "font-breip-0"), None)
    if writer is None:
        pytest.skip("the Breip font is not installed (Debian: fonts-breip)")
    rng = np.random.default_rng([45, 2])
    filled = synthetic.fill(SPEC, writer, rng, values=synthetic.random_values(SPEC, rng, empty=0.0))
    found = page.find(page.decode_photo(synthetic.photograph(filled.image, photos.FAIR, rng)))
    reading = artisans.read(found, SPEC, "breip")
    monkeypatch.setattr(artisans, "UNUSUAL_SHARE", 2.0)
    alone = artisans.read(found, SPEC, "breip")
    assert reading.unusual and not alone.unusual
    assert len(reading.doubtful) > len(alone.doubtful)
    assert all(v.confidence >= artisans.UNUSUAL_CONFIDENCE and v.margin >= artisans.UNUSUAL_MARGIN
               for v in artisans.digit_boxes(reading.values) if v.sure)
