"""Filled sheets and phone photos made here, for the tests, the benchmark and the digit model's
training (issue 45): tajkit's own printed page, digits written in it by a "writer", then
photographed (perspective, rotation, scale, blur, shading, noise, JPEG).

A writer is one hand: a stroke model of how a person draws each digit (its own variant of each
digit, slant, width, pen and wobble, drawn from a seed), a handwriting-like font, a Hershey stroke
font, or scikit-learn's scanned digits. Writers are split once, by name, into those the model is
trained on and those held out for measuring it (:func:`writers`), so a figure is never measured on
a hand the model has seen.
"""

from __future__ import annotations

import glob
import io
import math
import os
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

import cv2
import numpy as np

from tajkit.sheets import artisans
from tajkit.solver.artisans.spec import Spec

DPI = 250.0  # the printed page's resolution before it is photographed (an A4 page is 2924 pixels high)

# --- the stroke model: each digit's shapes, in a unit box (x right, y down) -----------------------
# A digit is a list of strokes, a stroke a list of pieces; a piece is a smooth curve through its
# points, and pieces meet at corners.
Piece = list[tuple[float, float]]
SHAPES: dict[int, list[list[list[Piece]]]] = {
    1: [
        [[[(0.5, 0.0), (0.5, 1.0)]]],
        [[[(0.2, 0.28), (0.55, 0.0)], [(0.55, 0.0), (0.55, 1.0)]]],
        [[[(0.2, 0.28), (0.55, 0.0)], [(0.55, 0.0), (0.55, 1.0)]], [[(0.22, 1.0), (0.88, 1.0)]]],
        [[[(0.05, 0.4), (0.6, 0.0)], [(0.6, 0.0), (0.58, 1.0)]]],
        [[[(0.3, 0.12), (0.5, 0.0)], [(0.5, 0.0), (0.5, 1.0)]]],
    ],
    2: [
        [[[(0.1, 0.25), (0.3, 0.03), (0.62, 0.0), (0.88, 0.2), (0.82, 0.45), (0.1, 1.0)], [(0.1, 1.0), (0.95, 1.0)]]],
        [[[(0.12, 0.22), (0.45, 0.0), (0.85, 0.18), (0.78, 0.5), (0.3, 0.85), (0.08, 0.95), (0.18, 0.78), (0.35, 0.98),
           (0.6, 1.0), (0.95, 0.96)]]],
        [[[(0.08, 0.15), (0.5, 0.0), (0.9, 0.25)], [(0.9, 0.25), (0.08, 1.0)], [(0.08, 1.0), (0.92, 1.0)]]],
        [[[(0.15, 0.3), (0.25, 0.05), (0.55, 0.0), (0.8, 0.12), (0.8, 0.4), (0.5, 0.7), (0.12, 1.0)],
          [(0.12, 1.0), (0.9, 0.98)]]],
    ],
    3: [
        [[[(0.12, 0.15), (0.45, 0.0), (0.8, 0.12), (0.75, 0.38), (0.4, 0.48)],
          [(0.4, 0.48), (0.85, 0.62), (0.85, 0.88), (0.5, 1.0), (0.08, 0.88)]]],
        [[[(0.1, 0.02), (0.85, 0.02)], [(0.85, 0.02), (0.4, 0.42)], [(0.4, 0.42), (0.8, 0.55), (0.88, 0.8), (0.55, 1.0),
                                                                       (0.1, 0.9)]]],
        [[[(0.15, 0.1), (0.55, 0.0), (0.85, 0.22), (0.5, 0.48), (0.85, 0.7), (0.6, 1.0), (0.1, 0.92)]]],
    ],
    4: [
        [[[(0.6, 0.0), (0.08, 0.68)], [(0.08, 0.68), (0.95, 0.68)]], [[(0.7, 0.28), (0.7, 1.0)]]],
        [[[(0.15, 0.0), (0.12, 0.58)], [(0.12, 0.58), (0.92, 0.58)]], [[(0.72, 0.0), (0.72, 1.0)]]],
        [[[(0.72, 1.0), (0.72, 0.0)], [(0.72, 0.0), (0.08, 0.66)], [(0.08, 0.66), (0.95, 0.66)]]],
        [[[(0.35, 0.0), (0.08, 0.62)], [(0.08, 0.62), (0.9, 0.62)]], [[(0.68, 0.12), (0.64, 1.0)]]],
    ],
    5: [
        [[[(0.22, 0.0), (0.16, 0.45)], [(0.16, 0.45), (0.5, 0.36), (0.84, 0.55), (0.84, 0.84), (0.5, 1.0), (0.1, 0.9)]],
         [[(0.22, 0.0), (0.85, 0.0)]]],
        [[[(0.88, 0.0), (0.22, 0.0)], [(0.22, 0.0), (0.16, 0.45)],
          [(0.16, 0.45), (0.55, 0.38), (0.86, 0.62), (0.75, 0.92), (0.4, 1.0), (0.08, 0.86)]]],
        [[[(0.2, 0.02), (0.14, 0.48)], [(0.14, 0.48), (0.8, 0.5)], [(0.8, 0.5), (0.82, 0.95)], [(0.82, 0.95), (0.1, 0.95)]],
         [[(0.2, 0.02), (0.82, 0.02)]]],
    ],
    6: [
        [[[(0.78, 0.06), (0.45, 0.0), (0.18, 0.3), (0.12, 0.7), (0.3, 0.98), (0.66, 0.97), (0.86, 0.72), (0.7, 0.5),
           (0.4, 0.48), (0.16, 0.66)]]],
        [[[(0.62, 0.0), (0.2, 0.58)], [(0.2, 0.58), (0.2, 0.86), (0.5, 1.0), (0.8, 0.86), (0.8, 0.62), (0.5, 0.5),
                                        (0.22, 0.62)]]],
        [[[(0.7, 0.0), (0.35, 0.25), (0.18, 0.65), (0.3, 0.95), (0.58, 0.98), (0.72, 0.8), (0.58, 0.62), (0.32, 0.66),
           (0.22, 0.8)]]],
    ],
}


def _catmull_rom(points: Piece, steps: int = 10) -> np.ndarray:
    """A smooth curve through ``points``."""
    p = np.asarray(points, dtype=np.float64)
    if len(p) == 2:
        return np.linspace(p[0], p[1], steps)
    padded = np.vstack([2 * p[0] - p[1], p, 2 * p[-1] - p[-2]])
    t = np.linspace(0, 1, steps, endpoint=False)[:, None]
    out = []
    for i in range(1, len(padded) - 2):
        p0, p1, p2, p3 = padded[i - 1], padded[i], padded[i + 1], padded[i + 2]
        out.append(0.5 * ((2 * p1) + (-p0 + p2) * t + (2 * p0 - 5 * p1 + 4 * p2 - p3) * t**2
                          + (-p0 + 3 * p1 - 3 * p2 + p3) * t**3))
    out.append(p[-1:])
    return np.vstack(out)


@dataclass(frozen=True)
class Pen:
    """What a writer writes with: its colour (BGR), how opaque, how wide (a share of the digit's
    height) and whether it is a pencil (a grainy, lighter line)."""

    colour: tuple[int, int, int]
    opacity: float
    width: float
    pencil: bool = False


PENS = {
    "black": ((35, 30, 30), 0.95),
    "blue": ((150, 60, 30), 0.92),
    "pencil": ((90, 90, 90), 0.7),
    "felt": ((40, 35, 30), 1.0),
    "red": ((40, 40, 170), 0.9),
    "green": ((60, 120, 40), 0.9),
}


@dataclass(frozen=True)
class Writer:
    """One hand. ``kind``: "strokes" (the stroke model, its style from ``seed``), "font" (``source``
    a font file), "hershey" (``source`` a Hershey font's name) or "scanned" (scikit-learn's digits,
    ``source`` the range of rows "start:stop")."""

    name: str
    kind: str
    source: str = ""
    seed: int = 0
    held_out: bool = False
    pen: Pen = field(default_factory=lambda: Pen(PENS["blue"][0], PENS["blue"][1], 0.1))
    slant: float = 0.0
    size: float = 0.7  # the digit's height, a share of the box
    wobble: float = 0.02
    variants: tuple[int, ...] = (0, 0, 0, 0, 0, 0)  # the stroke model's shape of each digit 1-6
    aspect: float = 0.62


def styled(writer: Writer) -> Writer:
    """A writer's own style drawn from its seed: pen, slant, size, wobble and each digit's shape."""
    rng = np.random.default_rng(writer.seed)
    pen_name = str(rng.choice(list(PENS), p=[0.3, 0.3, 0.2, 0.1, 0.05, 0.05]))
    colour, opacity = PENS[pen_name]
    width = float(rng.uniform(0.09, 0.16)) if pen_name == "felt" else float(rng.uniform(0.045, 0.11))
    pen = Pen(colour, opacity * float(rng.uniform(0.85, 1.0)), width, pen_name == "pencil")
    variants = tuple(int(rng.integers(len(SHAPES[d]))) for d in range(1, 7))
    return replace(writer, pen=pen, slant=float(rng.normal(0.12, 0.12)), size=float(rng.uniform(0.5, 0.85)),
                   wobble=float(rng.uniform(0.008, 0.035)), variants=variants, aspect=float(rng.uniform(0.45, 0.8)))


# --- drawing one digit ----------------------------------------------------------------------------


def glyph(writer: Writer, digit: int, height: int, rng: np.random.Generator) -> np.ndarray:
    """The ink of ``digit`` as ``writer`` writes it: a float picture (0 paper, 1 ink) about
    ``height`` pixels high (with room around it)."""
    if writer.kind == "strokes":
        ink = _stroke_glyph(writer, digit, height, rng)
    elif writer.kind == "font":
        ink = _font_glyph(writer, digit, height, rng)
    elif writer.kind == "hershey":
        ink = _hershey_glyph(writer, digit, height, rng)
    else:
        ink = _scanned_glyph(writer, digit, height, rng)
    return _distorted(ink, writer, rng)


def _canvas(height: int) -> tuple[np.ndarray, int]:
    size = int(height * 2)
    return np.zeros((size, size), np.float32), size


def _draw_polylines(lines: list[np.ndarray], height: int, pen_width: float) -> np.ndarray:
    """Polylines in unit coordinates (the digit's box 1 high) drawn at 4x and shrunk (smooth edges)."""
    up = 4
    canvas, size = _canvas(height * up)
    offset = size / 2 - height * up / 2
    thickness = max(1, round(pen_width * height * up))
    for line in lines:
        pts = np.round(line * height * up + offset).astype(np.int32)
        cv2.polylines(canvas, [pts], False, 1.0, thickness, cv2.LINE_AA)
    return cv2.resize(canvas, (size // up, size // up), interpolation=cv2.INTER_AREA)


def _stroke_glyph(writer: Writer, digit: int, height: int, rng: np.random.Generator) -> np.ndarray:
    shape = SHAPES[digit][writer.variants[digit - 1] % len(SHAPES[digit])]
    lines = []
    for stroke in shape:
        curve = []
        for piece in stroke:
            jittered = [(x + rng.normal(0, writer.wobble), y + rng.normal(0, writer.wobble)) for x, y in piece]
            if curve:
                jittered[0] = tuple(curve[-1][-1])
            curve.append(_catmull_rom(jittered))
        line = np.vstack(curve)
        line[:, 0] = 0.5 + (line[:, 0] - 0.5) * writer.aspect
        lines.append(line)
    width = writer.pen.width * float(rng.uniform(0.85, 1.15))
    return _draw_polylines(lines, height, width)


@cache
def _font(path: str, size: int) -> Any:
    from PIL import ImageFont

    return ImageFont.truetype(path, size)


def _font_glyph(writer: Writer, digit: int, height: int, rng: np.random.Generator) -> np.ndarray:
    from PIL import Image, ImageDraw

    font = _font(writer.source, height * 2)
    picture = Image.new("L", (height * 4, height * 4), 0)
    pen = round(rng.uniform(0.0, writer.pen.width * 0.6) * height)  # a pen wider than the font's own line
    ImageDraw.Draw(picture).text((height, height // 2), str(digit), font=font, fill=255, stroke_width=pen, stroke_fill=255)
    ink = np.asarray(picture, np.float32) / 255.0
    ys, xs = np.nonzero(ink > 0.2)
    if len(ys) == 0:
        return _canvas(height)[0]
    ink = ink[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
    return _boxed(ink, height)


def _boxed(ink: np.ndarray, height: int) -> np.ndarray:
    """``ink`` scaled to ``height`` pixels high, centred on a canvas with room around it."""
    scale = height / max(ink.shape[0], 1)
    w = max(1, round(ink.shape[1] * scale))
    small = cv2.resize(ink, (w, height), interpolation=cv2.INTER_AREA)
    canvas, size = _canvas(height)
    w = min(w, size)
    top, left = (size - height) // 2, (size - w) // 2
    canvas[top:top + height, left:left + w] = small[:, :w]
    return canvas


@cache
def _hershey_strokes(name: str, digit: int) -> list[np.ndarray]:
    from HersheyFonts import HersheyFonts

    font = HersheyFonts()
    font.load_default_font(name)
    strokes = [np.asarray(s, np.float64) for s in font.strokes_for_text(str(digit))]
    allpts = np.vstack(strokes)
    low, high = allpts.min(axis=0), allpts.max(axis=0)
    scale = 1.0 / max(high[1] - low[1], 1e-6)
    return [np.column_stack([(s[:, 0] - low[0]) * scale, (s[:, 1] - low[1]) * scale]) for s in strokes]  # y down


def _hershey_glyph(writer: Writer, digit: int, height: int, rng: np.random.Generator) -> np.ndarray:
    lines = [s + rng.normal(0, writer.wobble * 0.5, s.shape) for s in _hershey_strokes(writer.source, digit)]
    return _draw_polylines(lines, height, writer.pen.width)


@cache
def scanned_digits() -> tuple[np.ndarray, np.ndarray]:
    """scikit-learn's 1,797 scanned 8x8 digits (43 writers' forms, UCI optdigits), read from the
    file scikit-learn ships (so scikit-learn itself need not be imported)."""
    import gzip
    from importlib.util import find_spec

    spec = find_spec("sklearn")
    if spec is None or spec.origin is None:
        raise RuntimeError("scikit-learn's digits need scikit-learn installed (pip install scikit-learn)")
    path = os.path.join(os.path.dirname(spec.origin), "datasets", "data", "digits.csv.gz")
    with gzip.open(path, "rt") as handle:
        table = np.loadtxt(handle, delimiter=",")
    return table[:, :64].reshape(-1, 8, 8) / 16.0, table[:, 64].astype(int)


def _scanned_glyph(writer: Writer, digit: int, height: int, rng: np.random.Generator) -> np.ndarray:
    images, labels = scanned_digits()
    start, stop = (int(v) for v in writer.source.split(":"))
    rows = [k for k in range(start, min(stop, len(labels))) if labels[k] == digit]
    image = images[int(rng.choice(rows))].astype(np.float32)
    big = cv2.resize(image, (height, height), interpolation=cv2.INTER_CUBIC)
    big = np.clip((big - 0.25) * 1.6, 0, 1)
    ys, xs = np.nonzero(big > 0.2)
    return _boxed(big[ys.min():ys.max() + 1, xs.min():xs.max() + 1], height)


def _distorted(ink: np.ndarray, writer: Writer, rng: np.random.Generator) -> np.ndarray:
    """One writing of a glyph: the writer's slant, and this time's small turn and stretch."""
    size = ink.shape[0]
    slant = writer.slant + rng.normal(0, 0.04)
    angle = math.radians(rng.normal(0, 4))
    stretch = rng.uniform(0.9, 1.1)
    c, s = math.cos(angle), math.sin(angle)
    m = np.array([[c * stretch, -s - slant, 0], [s * stretch, c, 0]], np.float64)
    centre = np.array([size / 2, size / 2])
    m[:, 2] = centre - m[:, :2] @ centre
    return cv2.warpAffine(ink, m, (size, size), flags=cv2.INTER_LINEAR)


# --- the writers ------------------------------------------------------------------------------------

FONT_FAMILIES = {  # name -> (file patterns, held out)
    "bwht-build": (["*/BecauseWeBuild-*"], True),
    "bwht-connect": (["*/BecauseWeConnect-*"], False),
    "bwht-create": (["*/BecauseWeCreate-*"], False),
    "bwht-learn": (["*/BecauseWeLearn-*"], False),
    "bwht-mentor": (["*/BecauseWeMentor-*"], True),
    "bwht-organize": (["*/BecauseWeOrganize-*"], False),
    "comic-neue": (["*/ComicNeue-*"], False),
    "dancing-script": (["*/DancingScript-*"], False),
    "kaushan": (["*/KaushanScript-*"], False),
    "breip": (["*/breip/*"], True),
    "dkg": (["*/fifthhorseman/dkg*"], True),
    "humor-sans": (["*/Humor-Sans*"], False),
    "klee": (["*/KleeOne-*"], True),
    "kristi": (["*/Kristi*"], False),
    "leckerli": (["*/LeckerliOne-*"], False),
    "ecolier": (["*/Ecolier-*"], False),
    "liberation-sans": (["*/LiberationSans-*", "*/LiberationSansNarrow-*"], False),
    "liberation-mono": (["*/LiberationMono-*"], True),
    "dejavu": (["*/DejaVuSans.ttf", "*/DejaVuSans-Bold.ttf", "*/DejaVuSans-Oblique.ttf"], True),
    "caveat": (["*/Caveat*"], False),
    "delius": (["*/Delius-*"], False),
    "indie-flower": (["*/IndieFlower-*"], True),
    "kalam": (["*/Kalam-*"], False),
    "permanent-marker": (["*/PermanentMarker-*"], False),
    "satisfy": (["*/Satisfy-*"], False),
    "shadows-into-light": (["*/ShadowsIntoLight*"], True),
    "yellowtail": (["*/Yellowtail-*"], False),
    "zeyada": (["*/Zeyada*"], False),
}
HERSHEY = {"hershey-simplex": ("futural", False), "hershey-italic": ("scripts", True),
           "hershey-duplex": ("rowmand", False), "hershey-roman": ("timesr", False)}
STROKE_WRITERS = 96  # the stroke model's hands: seeds 0-95 train, 1000-1023 are held out
HELD_OUT_STROKES = 24
SCANNED_BLOCKS = 6  # scikit-learn's digits in blocks of rows (the writers' forms in order); the last is held out


def font_folders() -> list[str]:
    """Where fonts are looked for: the system's, those of pip font packages, tajkit's own."""
    import site

    here = os.path.dirname(artisans.__file__)
    packages = [os.path.join(p, "fontpkg_*", "files") for p in site.getsitepackages()]
    return ["/usr/share/fonts", os.path.expanduser("~/.fonts"), os.path.join(here, "fonts"), *packages]


@cache
def installed_fonts() -> tuple[str, ...]:
    found: dict[str, str] = {}  # by file name: tajkit's own DejaVu and the system's are one font
    for folder in font_folders():
        for ext in ("ttf", "otf"):
            for path in sorted(glob.glob(os.path.join(folder, "**", f"*.{ext}"), recursive=True)):
                found.setdefault(os.path.basename(path), path)
    return tuple(sorted(found.values()))


def _matches(path: str, pattern: str) -> bool:
    import fnmatch

    return fnmatch.fnmatch(path, pattern) or fnmatch.fnmatch(path, "*" + pattern.lstrip("*"))


def writers(held_out: bool, kinds: tuple[str, ...] = ("strokes", "font", "hershey", "scanned")) -> list[Writer]:
    """The writers of one side of the split (training, or ``held_out`` for measuring), of the kinds
    asked for that this machine has (fonts and Hershey's strokes are found only if installed)."""
    found: list[Writer] = []
    if "strokes" in kinds:
        seeds = range(1000, 1000 + HELD_OUT_STROKES) if held_out else range(STROKE_WRITERS)
        found += [styled(Writer(f"strokes-{s}", "strokes", seed=s, held_out=held_out)) for s in seeds]
    if "font" in kinds:
        fonts = installed_fonts()
        for name, (patterns, out) in FONT_FAMILIES.items():
            if out != held_out:
                continue
            files = [f for f in fonts if any(_matches(f, p) for p in patterns)]
            for k, path in enumerate(files):
                seed = zlib.crc32(name.encode()) % 1000 + k
                base = styled(Writer(f"font-{name}-{k}", "font", source=path, seed=seed, held_out=out))
                found.append(replace(base, slant=base.slant * 0.5))
    if "hershey" in kinds and _has("HersheyFonts"):
        for name, (font, out) in HERSHEY.items():
            if out == held_out:
                found.append(styled(Writer(name, "hershey", source=font, seed=len(name) * 7, held_out=out)))
    if "scanned" in kinds and _has("sklearn"):
        rows = len(scanned_digits()[1])
        block = rows // SCANNED_BLOCKS + 1
        chosen = [SCANNED_BLOCKS - 1] if held_out else range(SCANNED_BLOCKS - 1)
        for b in chosen:
            base = styled(Writer(f"scanned-{b}", "scanned", source=f"{b * block}:{(b + 1) * block}", seed=500 + b,
                                 held_out=held_out))
            found.append(replace(base, slant=0.0))
    return found


def _has(module: str) -> bool:
    from importlib.util import find_spec

    return find_spec(module) is not None


# --- a filled sheet ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Filled:
    """A printed page filled in: the picture (BGR at :data:`DPI`), the values written (feature id ->
    values, 0 empty), the raindrops and trees marked, and the writer."""

    image: np.ndarray
    values: dict[str, list[int]]
    drops: list[bool]
    trees: list[bool]
    writer: str

    def table(self, name: str) -> dict[str, Any]:
        """What was written, as the player's part of a state file."""
        return {"name": name, **self.values, "raindrops_used": sum(self.drops), "trees_watered": sum(self.trees)}


@cache
def printed_page(paper: str = "a4", ink: str = "colour", sheet: int = 1, dpi: float = DPI) -> np.ndarray:
    """Page ``sheet`` of a pad ``tajkit print artisans`` makes, as a BGR picture."""
    from tajkit.sheets.raster import png_from_pdf
    from tajkit.solver.artisans.spec import load_spec

    pdf = artisans.render_pad(load_spec(), paper=paper, ink=ink, count=sheet)
    png = png_from_pdf(pdf, page=sheet - 1, dpi=dpi)
    image = cv2.imdecode(np.frombuffer(png, np.uint8), cv2.IMREAD_COLOR)
    image.setflags(write=False)
    return image


def random_values(spec: Spec, rng: np.random.Generator, empty: float = 0.2) -> dict[str, list[int]]:
    """A sheet's values: each box a die value, or empty with probability ``empty``."""
    return {f.id: [0 if rng.random() < empty else int(rng.integers(1, spec.faces + 1)) for _ in f.boxes]
            for f in spec.features}


def fill(spec: Spec, writer: Writer, rng: np.random.Generator, paper: str = "a4", ink: str = "colour",
         values: dict[str, list[int]] | None = None, drops: int | None = None, trees: int | None = None,
         sheet: int = 1) -> Filled:
    """The printed page with ``values`` (random ones if None) written in by ``writer``, ``drops``
    raindrops and ``trees`` tree circles marked (any of them, at random)."""
    values = values if values is not None else random_values(spec, rng)
    page = printed_page(paper, ink, sheet).astype(np.float32)
    where = artisans.page_regions(spec, paper)
    px = DPI / 72.0
    height = page.shape[0]
    for feature in spec.features:
        for (x, y, w, h), value in zip(where["boxes"][feature.id], values[feature.id]):
            if value:
                _write(page, glyph(writer, value, round(h * px * writer.size * rng.uniform(0.9, 1.1)), rng),
                       (x + w / 2) * px + rng.normal(0, w * px * 0.05), height - (y + h / 2) * px
                       + rng.normal(0, h * px * 0.05), writer.pen, rng)
            elif rng.random() < 0.1:
                _speck(page, (x + w * rng.uniform(0.2, 0.8)) * px, height - (y + h * rng.uniform(0.2, 0.8)) * px, rng)
    n_drops = len(where["drops"])
    drops = int(rng.integers(0, n_drops + 1)) if drops is None else drops
    marked_drops = sorted(rng.choice(n_drops, size=drops, replace=False).tolist())
    n_trees = len(where["trees"])
    garden = sum(1 for f in spec.features_in(spec.garden_group) for v in values[f.id] if v)
    trees = int(rng.integers(0, min(n_trees, drops, garden) + 1)) if trees is None else trees  # as the rules allow
    marked_trees = sorted(rng.choice(n_trees, size=trees, replace=False).tolist())
    mark_style = int(rng.integers(4))
    for k in marked_drops:
        x, y = where["drops"][k]
        _mark(page, x * px, height - y * px, artisans.DROP_H * 0.5 * px, writer.pen, mark_style, rng)
    for k in marked_trees:
        x, y = where["trees"][k]
        _mark(page, x * px, height - y * px, artisans.TICK_R * px * 1.3, writer.pen, (mark_style + 1) % 4, rng)
    image = np.clip(page, 0, 255).astype(np.uint8)
    return Filled(image, values, [k in marked_drops for k in range(n_drops)],
                  [k in marked_trees for k in range(n_trees)], writer.name)


def _write(page: np.ndarray, ink: np.ndarray, cx: float, cy: float, pen: Pen, rng: np.random.Generator) -> None:
    """Lay ``ink`` (0-1) on the page centred at (cx, cy) in the pen's colour."""
    alpha = ink * pen.opacity
    if pen.pencil:
        alpha = alpha * rng.uniform(0.6, 1.0, alpha.shape).astype(np.float32)
    h, w = alpha.shape
    top, left = round(cy - h / 2), round(cx - w / 2)
    y0, x0 = max(top, 0), max(left, 0)
    y1, x1 = min(top + h, page.shape[0]), min(left + w, page.shape[1])
    a = alpha[y0 - top:y1 - top, x0 - left:x1 - left, None]
    region = page[y0:y1, x0:x1]
    region[:] = region * (1 - a) + np.asarray(pen.colour, np.float32) * a


def _speck(page: np.ndarray, cx: float, cy: float, rng: np.random.Generator) -> None:
    """A crumb or a dot of dust in an empty box."""
    canvas, size = _canvas(12)
    cv2.circle(canvas, (size // 2, size // 2), int(rng.integers(1, 3)), 1.0, -1, cv2.LINE_AA)
    _write(page, canvas, cx, cy, Pen((90, 90, 90), float(rng.uniform(0.2, 0.6)), 0.1), rng)


def _mark(page: np.ndarray, cx: float, cy: float, r: float, pen: Pen, style: int, rng: np.random.Generator) -> None:
    """A raindrop or tree crossed off: a cross, a stroke, a tick or a blot."""
    size = int(r * 4)
    canvas = np.zeros((size, size), np.float32)
    c = size / 2
    j = lambda: rng.normal(0, r * 0.12)  # noqa: E731
    width = max(2, round(r * rng.uniform(0.15, 0.3)))
    if style == 0:
        for sx in (-1, 1):
            cv2.line(canvas, (round(c - r * sx + j()), round(c - r + j())), (round(c + r * sx + j()), round(c + r + j())),
                     1.0, width, cv2.LINE_AA)
    elif style == 1:
        cv2.line(canvas, (round(c + r + j()), round(c - r + j())), (round(c - r + j()), round(c + r + j())), 1.0, width,
                 cv2.LINE_AA)
    elif style == 2:
        pts = np.array([(c - r * 0.8, c), (c - r * 0.2, c + r * 0.7), (c + r * 0.9, c - r * 0.9)]) + rng.normal(0, r * 0.1, (3, 2))
        cv2.polylines(canvas, [np.round(pts).astype(np.int32)], False, 1.0, width, cv2.LINE_AA)
    else:
        cv2.circle(canvas, (round(c + j()), round(c + j())), round(r * 0.6), 1.0, -1, cv2.LINE_AA)
    _write(page, canvas, cx, cy, pen, rng)


# --- the photo --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Shot:
    """How a photo was taken: the perspective (each corner moved by up to this share of the page),
    the turn (degrees), the scale (of a photo in which the page is about 2900 pixels high), the
    blur (pixels of the photo), the shading (the darkest corner's light, 1 = even), the noise and
    the JPEG quality."""

    perspective: float = 0.05
    rotation: float = 0.0
    scale: float = 0.8
    blur: float = 0.8
    shading: float = 0.8
    noise: float = 3.0
    quality: int = 80


def random_shot(rng: np.random.Generator) -> Shot:
    """A phone photo within the issue's limits: perspective up to 10 %, any turn, scale 0.5-1,
    blur, shading, noise, JPEG 50-85."""
    return Shot(perspective=float(rng.uniform(0, 0.10)), rotation=float(rng.choice([0, 90, 180, 270]) + rng.normal(0, 6)),
                scale=float(rng.uniform(0.5, 1.0)), blur=float(rng.uniform(0, 2.0)), shading=float(rng.uniform(0.55, 1.0)),
                noise=float(rng.uniform(1, 8)), quality=int(rng.integers(50, 86)))


def photograph(page: np.ndarray, shot: Shot, rng: np.random.Generator) -> bytes:
    """A JPEG of ``page`` lying on a table, taken as ``shot`` says."""
    h, w = page.shape[:2]
    scale = shot.scale
    out_w, out_h = round(w * scale * 1.25), round(h * scale * 1.18)
    corners = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float64)
    moved = corners * scale + rng.uniform(-1, 1, (4, 2)) * shot.perspective * np.array([w, h]) * scale * 0.5
    centre = moved.mean(axis=0)
    angle = math.radians(shot.rotation)
    turn = np.array([[math.cos(angle), -math.sin(angle)], [math.sin(angle), math.cos(angle)]])
    moved = (moved - centre) @ turn.T
    size = np.array([out_w, out_h], np.float64)
    if abs(math.sin(angle)) > 0.7:
        size = size[::-1]
    moved += size / 2
    span = moved.max(axis=0) - moved.min(axis=0)
    moved *= min(1.0, float(np.min(size * 0.98 / span)))
    moved += size / 2 - (moved.max(axis=0) + moved.min(axis=0)) / 2
    matrix = cv2.getPerspectiveTransform(corners.astype(np.float32), moved.astype(np.float32))
    table = _table(int(size[1]), int(size[0]), rng)
    photo = cv2.warpPerspective(page, matrix, (int(size[0]), int(size[1])), dst=table, borderMode=cv2.BORDER_TRANSPARENT)
    if shot.blur > 0.3:
        photo = cv2.GaussianBlur(photo, (0, 0), shot.blur)
    lit = photo.astype(np.float32)
    lit *= _shading(photo.shape[:2], shot.shading, rng)[..., None]
    h, w = photo.shape[:2]  # the sensor's noise, in grains of 2 x 2 pixels (as a phone's demosaicing leaves it)
    grains = rng.standard_normal(((h + 1) // 2, (w + 1) // 2, 3), dtype=np.float32)
    lit += cv2.resize(grains, (w, h), interpolation=cv2.INTER_NEAREST) * np.float32(shot.noise)
    ok, jpeg = cv2.imencode(".jpg", np.clip(lit, 0, 255, out=lit).astype(np.uint8), [cv2.IMWRITE_JPEG_QUALITY, shot.quality])
    assert ok
    return jpeg.tobytes()


def _table(h: int, w: int, rng: np.random.Generator) -> np.ndarray:
    """A wooden table: a brown with a grain."""
    base = rng.uniform([40, 70, 100], [90, 120, 160]).astype(np.float32)
    grain = cv2.resize(rng.normal(0, 12, (max(2, h // 40), 8)).astype(np.float32), (w, h), interpolation=cv2.INTER_CUBIC)
    return cv2.merge([np.clip(grain + b, 0, 255).astype(np.uint8) for b in base])


def _shading(shape: tuple[int, int], darkest: float, rng: np.random.Generator) -> np.ndarray:
    """Light falling off across the photo, from 1 down to ``darkest`` (made small, then enlarged)."""
    h, w = shape
    angle = rng.uniform(0, 2 * math.pi)
    ys, xs = np.mgrid[0:64, 0:64].astype(np.float32) / 63.0
    ramp = (xs - 0.5) * math.cos(angle) + (ys - 0.5) * math.sin(angle)
    ramp = (ramp - ramp.min()) / max(float(ramp.max() - ramp.min()), 1e-6)
    return cv2.resize((1.0 - (1.0 - darkest) * ramp).astype(np.float32), (w, h), interpolation=cv2.INTER_LINEAR)


def photos(spec: Spec, writer: Writer, count: int, seed: int, paper: str = "a4",
           ink: str = "colour") -> Iterator[tuple[Filled, Shot, bytes]]:
    """``count`` filled sheets of ``writer`` photographed at random, deterministic for ``seed``."""
    rng = np.random.default_rng(seed)
    for _ in range(count):
        filled = fill(spec, writer, rng, paper, ink)
        shot = random_shot(rng)
        yield filled, shot, photograph(filled.image, shot, rng)


def png(image: np.ndarray) -> bytes:
    ok, data = cv2.imencode(".png", image)
    assert ok
    return io.BytesIO(data.tobytes()).getvalue()
