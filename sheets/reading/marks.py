"""What a pen left on a straightened sheet (``page.Page``): the ink in a write-in box, ready for the
digit model, and the ink in a raindrop or a tree's circle.

Each printed outline is first found near where the markers put it (a little paper curl moves it),
then only what lies inside it counts: the printed line is never taken for ink. Ink is what is
darker than the paper around it, in any colour (the darkest channel is used, so blue, red and
pencil all count), and crumbs smaller than :data:`CRUMB` are left out.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from tajkit.sheets import artisans
from tajkit.sheets.reading.page import K, Page

MARGIN = 5.0  # points of the sheet kept around a box or circle in its crop
SEARCH = 3.0  # points: how far from where the markers put it an outline is looked for
INSET = 2.2  # points between a box's outline and the part of it that is read
LINE = 1.3  # points: the printed outline's width
INK = 0.2  # darker than the paper by this share: ink
FAINT = 0.1  # ... or by this share, in a box whose darkest ink is faint (a light pencil)
CRUMB = 0.5  # square points: ink smaller than this is a crumb, not writing
DIGIT = 28  # pixels: the side of a digit's picture for the model (MNIST's size)
DIGIT_INNER = 20  # pixels: the digit's longer side in it


@dataclass(frozen=True)
class Spot:
    """What was found in one box or circle: the ink (square points), the crop of the sheet around it
    (BGR), where the crop lies on the straightened sheet (x, y, w, h pixels) and, for a box with
    ink, the digit's picture for the model."""

    ink: float
    crop: np.ndarray
    place: tuple[int, int, int, int]
    digit: np.ndarray | None = None
    whole: float = 1.0  # the share of the ink in its two largest pieces (a digit is one or two strokes)
    largest: float = 0.0  # square points: the largest piece of ink


def darkness(bgr: np.ndarray) -> np.ndarray:
    """How much darker than the paper around it each pixel is (0-1), from the darkest channel."""
    low = bgr.min(axis=2).astype(np.float32)
    size = int(6 * K) | 1
    paper = cv2.dilate(low, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size)))
    paper = cv2.GaussianBlur(paper, (0, 0), 2 * K)
    return np.clip((paper - low) / np.maximum(paper, 60.0), 0.0, 1.0)


def lines(bgr: np.ndarray) -> np.ndarray:
    """Thin dark lines (a printed outline, a pen's stroke), not broad dark areas (the canal's
    water round its boxes): what an outline is looked for on."""
    low = bgr.min(axis=2).astype(np.float32)
    size = int(3 * K) | 1
    return cv2.morphologyEx(low, cv2.MORPH_BLACKHAT, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size)))


def _crop(page: Page, x0: float, y0: float, x1: float, y1: float) -> tuple[np.ndarray, tuple[int, int, int, int]]:
    """The straightened sheet between design points (x0, y0) and (x1, y1), with MARGIN around."""
    u0, v0 = page.pixel(x0 - MARGIN, y1 + MARGIN)
    u1, v1 = page.pixel(x1 + MARGIN, y0 - MARGIN)
    u0, v0, u1, v1 = round(u0), round(v0), round(u1), round(v1)
    return page.image[v0:v1, u0:u1], (u0, v0, u1 - u0, v1 - v0)


def _found(crop: np.ndarray, outline: np.ndarray) -> tuple[int, int]:
    """Where ``outline`` (a picture of the printed line, the crop's size) best lies on the crop's
    thin lines, as a shift in pixels within SEARCH."""
    dark = lines(crop)
    reach = round(SEARCH * K)
    h, w = outline.shape
    padded = cv2.copyMakeBorder(dark, reach, reach, reach, reach, cv2.BORDER_CONSTANT, value=0)
    score = cv2.matchTemplate(padded, outline, cv2.TM_CCORR)
    _, _, _, (dx, dy) = cv2.minMaxLoc(score[: 2 * reach + 1, : 2 * reach + 1])
    return dx - reach, dy - reach


def _shifted(mask: np.ndarray, dx: int, dy: int) -> np.ndarray:
    m = np.float32([[1, 0, dx], [0, 1, dy]])
    return cv2.warpAffine(mask, m, (mask.shape[1], mask.shape[0]), flags=cv2.INTER_NEAREST)


def _box_masks(shape: tuple[int, int]) -> tuple[np.ndarray, np.ndarray]:
    """A box's printed outline and the part inside it that is read, in a crop with MARGIN round it."""
    outline = np.zeros(shape, np.float32)
    inside = np.zeros(shape, np.uint8)
    m, b = MARGIN * K, artisans.BOX * K
    r = round(artisans.BOX * 0.14 * K)
    _rounded(outline, m, m, b, r, max(1, round(LINE * K)), 1.0)
    inset = INSET * K
    _rounded(inside, m + inset, m + inset, b - 2 * inset, max(1, r - round(inset)), -1, 1)
    return outline, inside


def _rounded(canvas: np.ndarray, x: float, y: float, size: float, r: int, thickness: int, value: float) -> None:
    x0, y0, x1, y1 = round(x), round(y), round(x + size), round(y + size)
    if thickness < 0:
        cv2.rectangle(canvas, (x0 + r, y0), (x1 - r, y1), value, -1)
        cv2.rectangle(canvas, (x0, y0 + r), (x1, y1 - r), value, -1)
        for cx, cy in ((x0 + r, y0 + r), (x1 - r, y0 + r), (x0 + r, y1 - r), (x1 - r, y1 - r)):
            cv2.circle(canvas, (cx, cy), r, value, -1)
        return
    cv2.line(canvas, (x0 + r, y0), (x1 - r, y0), value, thickness)
    cv2.line(canvas, (x0 + r, y1), (x1 - r, y1), value, thickness)
    cv2.line(canvas, (x0, y0 + r), (x0, y1 - r), value, thickness)
    cv2.line(canvas, (x1, y0 + r), (x1, y1 - r), value, thickness)
    for (cx, cy), start in (((x0 + r, y0 + r), 180), ((x1 - r, y0 + r), 270), ((x1 - r, y1 - r), 0), ((x0 + r, y1 - r), 90)):
        cv2.ellipse(canvas, (cx, cy), (r, r), 0, start, start + 90, value, thickness)


def _kept(ink: np.ndarray) -> tuple[np.ndarray, float, float]:
    """The ink's pieces that are not crumbs, as a mask; the share of it in the two largest; the
    largest's area (square points)."""
    count, labels, stats, _ = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
    areas = stats[1:, cv2.CC_STAT_AREA]
    keep = np.zeros(count, bool)
    keep[1:] = areas >= CRUMB * K * K
    kept = np.sort(areas[keep[1:]])[::-1]
    if not kept.size:
        return keep[labels], 1.0, 0.0
    return keep[labels], float(kept[:2].sum() / kept.sum()), float(kept[0]) / (K * K)


def _threshold(dark: np.ndarray, inside: np.ndarray) -> float:
    """The darkness from which a box's pixel is ink: INK, or less where the box's darkest strokes
    are faint (a light pencil), but never within four spreads of the photo's noise in the box
    (its median absolute deviation) nor under FAINT."""
    values = dark[inside]
    if not values.size:
        return INK
    strongest = float(np.percentile(values, 99.5))
    noise = 1.4826 * float(np.median(np.abs(values - np.median(values))))
    return float(np.clip(max(0.45 * strongest, 4 * noise), FAINT, INK))


def read_box(page: Page, x: float, y: float) -> Spot:
    """The box whose bottom-left corner is the design point (x, y)."""
    crop, place = _crop(page, x, y, x + artisans.BOX, y + artisans.BOX)
    dark = darkness(crop)
    outline, inside = _box_masks(dark.shape)
    dx, dy = _found(crop, outline)
    inside = _shifted(inside, dx, dy).astype(bool)
    smooth = cv2.GaussianBlur(dark, (0, 0), 0.8)
    kept, whole, largest = _kept((smooth > _threshold(smooth, inside)) & inside)
    area = float(kept.sum()) / (K * K)
    digit = digit_picture(np.where(kept, dark, 0.0)) if kept.any() else None
    return Spot(area, crop, place, digit, whole, largest)


def digit_picture(dark: np.ndarray) -> np.ndarray:
    """The ink cut to its extent, its longer side DIGIT_INNER pixels, centred by its mass in a
    DIGIT-pixel square (as MNIST's digits are), 0-1."""
    ys, xs = np.nonzero(dark > 0)
    cut = dark[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
    scale = DIGIT_INNER / max(cut.shape)
    h, w = max(1, round(cut.shape[0] * scale)), max(1, round(cut.shape[1] * scale))
    small = cv2.resize(cut, (w, h), interpolation=cv2.INTER_AREA)
    small = small / max(float(small.max()), 1e-6)
    out = np.zeros((DIGIT, DIGIT), np.float32)
    total = float(small.sum())
    cy = float((small.sum(axis=1) * np.arange(h)).sum()) / total if total else h / 2
    cx = float((small.sum(axis=0) * np.arange(w)).sum()) / total if total else w / 2
    top = int(np.clip(round(DIGIT / 2 - cy), 0, DIGIT - h))
    left = int(np.clip(round(DIGIT / 2 - cx), 0, DIGIT - w))
    out[top:top + h, left:left + w] = small
    return out


def read_circle(page: Page, cx: float, cy: float, r: float) -> Spot:
    """A printed circle (a raindrop's round part, a tree's tick circle) of radius ``r`` centred on
    the design point (cx, cy): the ink inside it, and a crop with room for a mark across it."""
    crop, place = _crop(page, cx - r, cy - r, cx + r, cy + r)
    dark = darkness(crop)
    centre = (round((MARGIN + r) * K), round((MARGIN + r) * K))
    outline = np.zeros(dark.shape, np.float32)
    cv2.circle(outline, centre, round(r * K), 1.0, max(1, round(K)))
    inside = np.zeros(dark.shape, np.uint8)
    cv2.circle(inside, centre, round((r - INSET) * K), 1, -1)
    dx, dy = _found(crop, outline)
    inside = _shifted(inside, dx, dy).astype(bool)
    kept, whole, largest = _kept((dark > INK) & inside)
    return Spot(float(kept.sum()) / (K * K), crop, place, whole=whole, largest=largest)
