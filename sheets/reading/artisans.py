"""Reading a photo of an Artisans sheet: every box (a digit 1-6 or empty), every raindrop and every
tree circle (marked or not), each with its confidence, and the player's part of the table file
``tajkit score artisans`` reads.

A box with no ink at all is empty; one with clear ink holds a digit, read by the model; one with a
little ink (a crumb? a faint digit?) is doubtful. A raindrop or tree circle with nothing inside is
not marked, one with a clear mark is; anything between is doubtful. The rules read along: watering
a tree marks off a raindrop and needs a value in the garden (rulebook: Watering fruit trees), so a
reading that breaks either makes the trees doubtful. A doubtful value is never taken without the
player's answer; a sure one is never asked.

The digits of one sheet are one writer's, so a sheet is also judged whole: when an unusual share of
its digits is doubtful (a hand unlike the ones the model learned from), its other digits are less
to be trusted too, and only those as sure and as typical as most of the calibration writers' taken
digits stay sure (``_hand``). The rules do not constrain the digits themselves: any die value may
be written in any box of the group its die picked, and a feature whose values miss its condition
only scores nothing (rulebook: Adding a value to a feature, Scoring Conditions); the watering rule
is the one a reading can break.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from tajkit.sheets import artisans as sheet
from tajkit.sheets.markers import SheetCode
from tajkit.sheets.reading import digits, marks
from tajkit.sheets.reading.page import Page
from tajkit.solver.artisans.spec import Spec

EMPTY_INK = 0.0  # square points: a box with no more ink than this is empty (crumbs are not counted)
DIGIT_INK = 6.0  # square points: a box whose largest piece of ink is at least this holds a digit
MARK_INK = 4.0  # square points: a raindrop or tree circle with at least this much ink is marked
WHOLE = 0.85  # a digit's ink lies in one or two strokes: scattered ink (a smudge, a faint pencil) is asked
DROP_R = sheet.DROP_H * 0.36  # the raindrop's round part (sheets/artisans_look.py: raindrop)
# A sheet's hand is unusual when at least this share of its written boxes is doubtful: only 10 % of
# the calibration writers' sheets reach it. On such a sheet a digit stays sure only with a confidence
# and a margin of likeness (digits.Model.margins) at least those of 90 % of the calibration writers'
# taken digits. Measured by `python scripts/bench_read.py --calibration --photos 4 --seed 7` (108
# sheets: 0.225, 0.99838, 0.178).
UNUSUAL_SHARE = 0.22
UNUSUAL_CONFIDENCE = 0.9984
UNUSUAL_MARGIN = 0.18


@dataclass(frozen=True)
class Value:
    """One reading. ``kind``: "box" (``value`` 0 for empty, else the digit), "raindrop" or "tree"
    (``value`` 1 marked, 0 not); ``feature`` and ``index`` say which (a box's feature id, or the
    raindrop's or tree's number); ``confidence`` 0-1; ``sure``: taken without asking; ``crop``
    the picture of it (BGR); ``place`` where the crop lies on the straightened sheet (x, y, w, h
    pixels); ``corners`` the crop's corners in the photo (pixels)."""

    kind: str
    feature: str
    index: int
    value: int
    confidence: float
    sure: bool
    crop: np.ndarray = field(repr=False, compare=False)
    place: tuple[int, int, int, int] = (0, 0, 0, 0)
    corners: tuple[tuple[float, float], ...] = ()
    picture: np.ndarray | None = field(default=None, repr=False, compare=False)  # a box's digit, for learning
    margin: float = 0.0  # a digit's typicality (digits.Reading.margin), 0 for anything else

    @property
    def key(self) -> str:
        return f"{self.feature}.{self.index + 1}"

    def as_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "feature": self.feature, "index": self.index + 1, "value": self.value,
                "confidence": round(self.confidence, 4), "sure": self.sure,
                "crop": {"straightened": list(self.place), "photo": [[round(x, 1), round(y, 1)] for x, y in self.corners]}}


@dataclass(frozen=True)
class Reading:
    """A whole sheet read from one photo."""

    photo: str
    code: SheetCode | None
    values: tuple[Value, ...]
    page: Page = field(repr=False, compare=False)
    unusual: bool = False  # the hand is unlike the learned ones: its digits were asked more (``_hand``)

    @property
    def doubtful(self) -> list[Value]:
        return [v for v in self.values if not v.sure]

    def answered(self, answers: dict[str, int]) -> Reading:
        """This reading with the player's answers (value key -> value), each then sure."""
        return replace(self, values=tuple(replace(v, value=answers[v.key], confidence=1.0, sure=True)
                                          if v.key in answers else v for v in self.values))

    def table(self, spec: Spec, name: str) -> dict[str, Any]:
        """The player's part of the state file (``tajkit schema artisans``)."""
        player: dict[str, Any] = {"name": name}
        for feature in spec.features:
            player[feature.id] = [v.value for v in self.values if v.kind == "box" and v.feature == feature.id]
        player["raindrops_used"] = sum(v.value for v in self.values if v.kind == "raindrop")
        player["trees_watered"] = sum(v.value for v in self.values if v.kind == "tree")
        return player

    def as_json(self) -> dict[str, Any]:
        code = None if self.code is None else {"game": self.code.game, "layout": self.code.layout,
                                               "sheet": self.code.sheet}
        return {"photo": self.photo, "code": code, "unusual_hand": self.unusual,
                "readings": [v.as_json() for v in self.values]}


def read(page: Page, spec: Spec, photo: str, model: digits.Model | None = None, adapt: Any = None) -> Reading:
    """Every box, raindrop and tree circle of the sheet on ``page``; ``adapt`` (see ``adapt.py``)
    lets a group's corrected digits move a reading."""
    where = sheet.regions(spec)
    boxes = [(f.id, k, marks.read_box(page, x, y)) for f in spec.features for k, (x, y) in enumerate(where.boxes[f.id])]
    written = [spot.digit for _, _, spot in boxes if spot.digit is not None]
    read_digits = iter(digits.read(np.asarray(written), model) if written else [])
    if adapt is not None and written:
        read_digits = iter(adapt.adjust(np.asarray(written), list(read_digits)))
    values = []
    for feature, k, spot in boxes:
        reading = next(read_digits) if spot.digit is not None else None
        values.append(_box(page, feature, k, spot, reading))
    values += [_mark(page, "raindrop", "raindrop", k, marks.read_circle(page, x, y, DROP_R))
               for k, (x, y) in enumerate(where.drops)]
    values += [_mark(page, "tree", "tree", k, marks.read_circle(page, x, y, sheet.TICK_R))
               for k, (x, y) in enumerate(where.trees)]
    values, unusual = _hand(values)
    return Reading(photo, page.code, tuple(_rules(spec, values)), page, unusual)


def digit_boxes(values: list[Value] | tuple[Value, ...]) -> list[Value]:
    """The boxes read as holding a digit (the ones the model read)."""
    return [v for v in values if v.kind == "box" and v.value and v.picture is not None]


def unusual_hand(values: list[Value] | tuple[Value, ...]) -> bool:
    """Whether at least UNUSUAL_SHARE of the sheet's digits are doubtful."""
    digits_read = digit_boxes(values)
    return bool(digits_read) and sum(not v.sure for v in digits_read) >= UNUSUAL_SHARE * len(digits_read)


def _hand(values: list[Value]) -> tuple[list[Value], bool]:
    """The values, with the sure digits of an unusual hand that are not clearly sure made doubtful;
    and whether the hand is unusual."""
    if not unusual_hand(values):
        return values, False
    doubt = {id(v) for v in digit_boxes(values)
             if v.sure and (v.confidence < UNUSUAL_CONFIDENCE or v.margin < UNUSUAL_MARGIN)}
    return [replace(v, sure=False) if id(v) in doubt else v for v in values], True


def _corners(page: Page, place: tuple[int, int, int, int]) -> tuple[tuple[float, float], ...]:
    import cv2

    x, y, w, h = place
    quad = np.array([[[x, y]], [[x + w, y]], [[x + w, y + h]], [[x, y + h]]], np.float64)
    back = cv2.perspectiveTransform(quad, np.linalg.inv(page.homography))
    return tuple((float(p[0][0]), float(p[0][1])) for p in back)


def _box(page: Page, feature: str, k: int, spot: marks.Spot, reading: digits.Reading | None) -> Value:
    where = {"crop": spot.crop, "place": spot.place, "corners": _corners(page, spot.place), "picture": spot.digit}
    if reading is None or spot.ink <= EMPTY_INK:
        return Value("box", feature, k, 0, 1.0, True, **where)
    if spot.largest < DIGIT_INK:  # crumbs or specks, no stroke: ask, offering "empty"
        return Value("box", feature, k, 0, 1 - min(spot.largest / DIGIT_INK, 1) / 2, False, **where)
    if spot.whole < WHOLE:  # ink in many pieces: the model was not made for it
        return Value("box", feature, k, reading.digit, min(reading.confidence, spot.whole), False, **where)
    return Value("box", feature, k, reading.digit, reading.confidence, reading.sure, margin=reading.margin, **where)


def _mark(page: Page, kind: str, feature: str, k: int, spot: marks.Spot) -> Value:
    where = {"crop": spot.crop, "place": spot.place, "corners": _corners(page, spot.place)}
    if spot.ink <= EMPTY_INK:
        return Value(kind, feature, k, 0, 1.0, True, **where)
    if spot.ink >= MARK_INK:
        return Value(kind, feature, k, 1, 1.0, True, **where)
    return Value(kind, feature, k, 1, 0.5 + 0.5 * spot.ink / MARK_INK, False, **where)


def _rules(spec: Spec, values: list[Value]) -> list[Value]:
    """The trees made doubtful when the reading breaks a rule of watering (rulebook: Watering
    fruit trees): more trees watered than raindrops marked, or than values in the garden."""
    garden = {f.id for f in spec.features_in(spec.garden_group)}
    trees = sum(v.value for v in values if v.kind == "tree")
    drops = sum(v.value for v in values if v.kind == "raindrop")
    filled = sum(1 for v in values if v.kind == "box" and v.feature in garden and v.value)
    if trees <= min(drops, filled):
        return values
    return [replace(v, sure=False, confidence=min(v.confidence, 0.5)) if v.kind == "tree" else v for v in values]
