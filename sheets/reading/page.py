"""Finding a printed sheet in a photo by its four markers, and straightening it.

The markers' sixteen corners, detected with OpenCV's ArUco detector, give a homography from the
photo to the sheet's design frame (``sheets/artisans.py``: points, y up); the sheet is then
resampled at :data:`K` pixels per point, so every box is where the drawing put it. A photo that
cannot be read well is refused with what to do about it.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from tajkit.sheets import artisans
from tajkit.sheets.markers import CORNERS, LAYOUTS, SheetCode, decode
from tajkit.solver.errors import BadInput

K = 3.0  # pixels per point of the straightened sheet
# the part of the design frame the straightened sheet shows: x from, y from, x to, y to (points)
VIEW = (-10.0, artisans.EXTENT[0] - 8, artisans.W + 10, artisans.EXTENT[1] + 8)
DETECT_SIDE = 2000  # markers are looked for in a copy at most this many pixels wide or high
DARKEST_PAPER = 90  # the paper's grey (0-255) under which a photo is too dark to read
WIDEST_EDGE = 2.5  # points: a marker's edge spread wider than this is too blurred to read digits
TOO_BLURRED = "the photo is too blurred: hold the phone still and let it focus on the sheet, then take it again"
NO_PICTURE = "not a picture tajkit can open: give a JPEG or PNG photo of the sheet"
TOO_DARK = "the photo is too dark: take it again in better light (no shadow across the sheet)"


class BadPhoto(BadInput):
    """A photo that cannot be read, with what to do."""


@dataclass(frozen=True)
class Page:
    """A sheet found in a photo: the straightened picture (BGR, :data:`K` pixels per point of the
    design frame from :data:`VIEW`'s corner), the homography from the photo to it, the photo's
    size, the code under the sheet (None when it could not be read) and the edge spread (points)."""

    image: np.ndarray
    homography: np.ndarray
    photo_size: tuple[int, int]
    code: SheetCode | None
    edge: float

    def pixel(self, x: float, y: float) -> tuple[float, float]:
        """A design-frame point's place in the straightened picture."""
        return to_pixel(x, y)

    def in_photo(self, x: float, y: float) -> tuple[float, float]:
        """A design-frame point's place in the photo (pixels)."""
        u, v = to_pixel(x, y)
        back = np.linalg.inv(self.homography) @ np.array([u, v, 1.0])
        return float(back[0] / back[2]), float(back[1] / back[2])


def to_pixel(x: float, y: float) -> tuple[float, float]:
    return (x - VIEW[0]) * K, (VIEW[3] - y) * K


def view_size() -> tuple[int, int]:
    return round((VIEW[2] - VIEW[0]) * K), round((VIEW[3] - VIEW[1]) * K)


def load(path: str) -> np.ndarray:
    """A photo file as a BGR picture (turned as the phone says in its EXIF data)."""
    data = np.fromfile(path, dtype=np.uint8)
    image = cv2.imdecode(data, cv2.IMREAD_COLOR) if data.size else None
    if image is None:
        raise BadPhoto(NO_PICTURE)
    return image


def decode_photo(data: bytes) -> np.ndarray:
    """A photo's bytes (an upload) as a BGR picture."""
    image = cv2.imdecode(np.frombuffer(data, dtype=np.uint8), cv2.IMREAD_COLOR) if data else None
    if image is None:
        raise BadPhoto(NO_PICTURE)
    return image


def marker_corners(corner: str) -> np.ndarray:
    """The design-frame points of a marker's four corners in OpenCV's order (its top-left,
    top-right, bottom-right, bottom-left as printed)."""
    x, y = artisans.marker_spots()[CORNERS.index(corner)]
    s = artisans.MARKER
    return np.array([(x, y + s), (x + s, y + s), (x + s, y), (x, y)], dtype=np.float64)


def detect(image: np.ndarray) -> dict[int, np.ndarray]:
    """The ArUco markers of DICT_4X4_50 in the photo: id -> its 4 corners (photo pixels)."""
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    scale = min(1.0, DETECT_SIDE / max(gray.shape))
    small = cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA) if scale < 1 else gray
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    # a blurred photo smears a cell's edges into its neighbours: read each cell's middle only, and
    # accept a marker with one bit misread (the dictionary's markers differ in at least 4)
    params.perspectiveRemoveIgnoredMarginPerCell = 0.3
    params.errorCorrectionRate = 1.0
    detector = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50), params)
    corners, ids, _ = detector.detectMarkers(small)
    found: dict[int, np.ndarray] = {}
    for quad, marker_id in zip(corners, [] if ids is None else ids.ravel()):
        quad = quad.reshape(4, 2).astype(np.float64) / scale
        if int(marker_id) not in found or cv2.contourArea(quad.astype(np.float32)) > cv2.contourArea(
                found[int(marker_id)].astype(np.float32)):
            found[int(marker_id)] = quad  # of two, the larger: a printed marker, not a look-alike
    return found


def find(image: np.ndarray, game: str = "artisans", layout: int = artisans.LAYOUT) -> Page:
    """The sheet in ``image``, straightened; a photo without the four markers, of another sheet,
    too dark or too blurred is refused (:class:`BadPhoto`) with what to do."""
    found = detect(image)
    ids = LAYOUTS[(game, layout)]
    missing = [corner for corner, marker_id in zip(CORNERS, ids) if marker_id not in found]
    if missing:
        raise BadPhoto(_missing(image, found, ids, missing))
    source = np.concatenate([found[m] for m in ids])
    target = np.concatenate([np.array([to_pixel(x, y) for x, y in marker_corners(c)]) for c in CORNERS])
    homography, _ = cv2.findHomography(source, target, 0)
    if homography is None:
        raise BadPhoto("the four markers do not lie on one flat sheet: lay the sheet flat and take it again")
    straight = cv2.warpPerspective(image, homography, view_size(), flags=cv2.INTER_LINEAR, borderValue=(0, 0, 0))
    gray = cv2.cvtColor(straight, cv2.COLOR_BGR2GRAY)
    if _paper_grey(gray) < DARKEST_PAPER:
        raise BadPhoto(TOO_DARK)
    edge = edge_spread(gray)
    if edge > WIDEST_EDGE:
        raise BadPhoto(TOO_BLURRED)
    return Page(straight, homography, (image.shape[1], image.shape[0]), read_code(gray), edge)


def _missing(image: np.ndarray, found: dict[int, np.ndarray], ids: tuple[int, ...], missing: list[str]) -> str:
    """Why the markers were not all found, in words that say what to do."""
    if len(missing) < len(CORNERS):
        which = " and ".join(missing)
        verb = "is" if len(missing) == 1 else "are"
        noun = "marker" if len(missing) == 1 else "markers"
        return (f"the {which} {noun} {verb} not in the photo: take it again with the whole sheet in view, "
                "all four corner squares")
    others = [lay for lay, lay_ids in LAYOUTS.items() if lay_ids != ids and set(lay_ids) & set(found)]
    if others or found:
        return ("the photo shows another sheet's markers, not an Artisans sheet's: photograph a sheet printed by "
                "tajkit print artisans")
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    if np.percentile(gray, 95) < DARKEST_PAPER:
        return TOO_DARK
    if _sharpness(gray) < 12.0:
        return TOO_BLURRED
    return ("no tajkit markers in the photo: photograph a sheet printed by tajkit print artisans, all four corner "
            "squares in view (a sheet printed without them is typed in with tajkit score)")


def _sharpness(gray: np.ndarray) -> float:
    """The spread of the Laplacian of a copy about 1000 pixels wide (a blurred photo has little)."""
    scale = min(1.0, 1000 / max(gray.shape))
    small = cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    return float(cv2.Laplacian(small, cv2.CV_64F).std())


def _paper_grey(gray: np.ndarray) -> float:
    """How light the paper is: the bright end of the straightened sheet's greys."""
    return float(np.percentile(gray, 90))


def edge_spread(gray: np.ndarray) -> float:
    """How blurred the sheet is, in points: the black-to-white step across the markers' outer edges
    divided by its steepest slope (a sharp edge is about a pixel of the photo wide)."""
    spreads = []
    for corner in CORNERS:
        quad = marker_corners(corner)
        x0, y1 = quad[0]
        x1, y0 = quad[2]
        u0, v0 = to_pixel(x0, y1)
        u1, v1 = to_pixel(x1, y0)
        middle = round((v0 + v1) / 2)
        row = gray[middle, max(0, round(u0 - 4 * K)):round(u0 + 2 * K)].astype(np.float64)
        if row.size < 4:
            continue
        step = np.percentile(row, 95) - np.percentile(row, 5)
        slope = np.abs(np.diff(row)).max()
        if step > 0 and slope > 0:
            spreads.append(step / slope / K)
    return float(np.median(spreads)) if spreads else float("inf")


def read_code(gray: np.ndarray) -> SheetCode | None:
    """The code under the sheet: a dot (dark centre) is 1, a ring (light centre) 0."""
    values = []
    for x, y, w, h in artisans.code_spots():
        u, v = to_pixel(x + w / 2, y + h / 2)
        values.append(float(gray[round(v) - 1:round(v) + 2, round(u) - 1:round(u) + 2].mean()))
    light, dark = max(values), min(values)
    if light - dark < 30:
        return None
    middle = (light + dark) / 2
    return decode([1 if value < middle else 0 for value in values])

