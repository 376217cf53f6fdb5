"""What lets a photo of a printed sheet be read back (``tajkit read``): four registration markers
and a small code with the game, the layout's version and the sheet's number.

The markers are ArUco markers of OpenCV's ``DICT_4X4_50`` dictionary, drawn here as vector squares
from the dictionary's bit patterns, so printing never needs OpenCV. Each corner of a layout has
its own marker id, so a photo taken upside down is read the right way up and a sheet of another
game or layout is recognised as such. The code is a row of small beads under the sheet (a dot: 1, a
ring: 0) with a check sum, read at the place the markers say it is.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import Color, black, white
from reportlab.pdfgen.canvas import Canvas

from tajkit.sheets.shapes import saved

# Bits of DICT_4X4_50 markers, row by row from the top-left, 1 = white (OpenCV's
# ``Dictionary.getBitsFromByteList``); tests/photo/test_markers.py checks them against OpenCV.
ARUCO_4X4_50 = {
    0: "1011010100110010",
    1: "0000111110011010",
    2: "0011001100101101",
    3: "1001100101000110",
    4: "0101010010011110",
    5: "0111100111001101",
    6: "1001111000101110",
    7: "1100010011110010",
}
CELLS = 6  # a 4x4 marker is 6 cells wide: a black border round the 4x4 bits
CORNERS = ("top-left", "top-right", "bottom-right", "bottom-left")

# Each printed layout's marker ids, in CORNERS order, and the game's number in the code.
LAYOUTS: dict[tuple[str, int], tuple[int, int, int, int]] = {("artisans", 1): (0, 1, 2, 3)}
GAME_NUMBERS = {"artisans": 1}

GAME_BITS, LAYOUT_BITS, SHEET_BITS, CHECK_BITS = 4, 4, 10, 6
CODE_BITS = GAME_BITS + LAYOUT_BITS + SHEET_BITS + CHECK_BITS
MAX_SHEET = 2**SHEET_BITS - 1


@dataclass(frozen=True)
class SheetCode:
    game: str
    layout: int
    sheet: int


def marker(c: Canvas, marker_id: int, x: float, y: float, size: float) -> None:
    """ArUco marker ``marker_id`` as a black square with its white cells, (x, y) its bottom-left."""
    bits = ARUCO_4X4_50[marker_id]
    cell = size / CELLS
    with saved(c):
        c.setFillColor(black)
        c.rect(x, y, size, size, stroke=0, fill=1)
        c.setFillColor(white)
        for k, bit in enumerate(bits):
            if bit == "1":
                row, col = divmod(k, 4)
                c.rect(x + (col + 1) * cell, y + size - (row + 2) * cell, cell, cell, stroke=0, fill=1)


def check_sum(bits: list[int]) -> list[int]:
    """CRC-6 (x^6 + x + 1) of ``bits``, most significant first."""
    register = 0
    for bit in bits:
        top = ((register >> 5) & 1) ^ bit
        register = ((register << 1) & 0x3F) ^ (0x03 if top else 0)
    return [(register >> k) & 1 for k in range(CHECK_BITS - 1, -1, -1)]


def _number(value: int, width: int) -> list[int]:
    return [(value >> k) & 1 for k in range(width - 1, -1, -1)]


def encode(code: SheetCode) -> list[int]:
    """The code's cells, left to right: game, layout, sheet, check sum."""
    if not 0 <= code.sheet <= MAX_SHEET:
        raise ValueError(f"sheet {code.sheet}: the code holds sheet numbers 0-{MAX_SHEET}")
    bits = _number(GAME_NUMBERS[code.game], GAME_BITS) + _number(code.layout, LAYOUT_BITS) + _number(code.sheet, SHEET_BITS)
    return bits + check_sum(bits)


def decode(bits: list[int]) -> SheetCode | None:
    """The code the cells hold, or None when the check sum says they were misread."""
    if len(bits) != CODE_BITS:
        return None
    data, check = bits[:-CHECK_BITS], bits[-CHECK_BITS:]
    if check_sum(data) != check:
        return None

    def value(start: int, width: int) -> int:
        return int("".join(map(str, data[start:start + width])), 2)

    games = {n: g for g, n in GAME_NUMBERS.items()}
    game = games.get(value(0, GAME_BITS))
    if game is None:
        return None
    return SheetCode(game, value(GAME_BITS, LAYOUT_BITS), value(GAME_BITS + LAYOUT_BITS, SHEET_BITS))


def code_cells(x: float, y: float, cell: float, gap: float) -> list[tuple[float, float, float, float]]:
    """Each code cell's rectangle (x, y, w, h), left to right, the row starting at (x, y)."""
    return [(x + k * (cell + gap), y, cell, cell) for k in range(CODE_BITS)]


def _beads(c: Canvas, cells: list[tuple[float, float, float, float]], width: float, paint: Color) -> None:
    """A round dot ``width`` wide at each cell's centre (zero-length strokes with round caps: a
    few bytes each)."""
    with saved(c):
        path = c.beginPath()
        for x, y, w, h in cells:
            path.moveTo(x + w / 2, y + h / 2)
            path.lineTo(x + w / 2, y + h / 2)
        c.setLineCap(1)
        c.setStrokeColor(paint)
        c.setLineWidth(width)
        c.drawPath(path, stroke=1, fill=0)


def draw_code_rings(c: Canvas, cells: list[tuple[float, float, float, float]], color: Color) -> None:
    """The code's cells as a string of rings, the same on every sheet: a 0 stays a ring."""
    _beads(c, cells, cells[0][2], color)
    _beads(c, cells, cells[0][2] - 1.0, white)


def draw_code_dots(c: Canvas, cells: list[tuple[float, float, float, float]], code: SheetCode, color: Color) -> None:
    """A sheet's own code: its rings filled into dots where a bit is 1."""
    _beads(c, [cell for cell, bit in zip(cells, encode(code)) if bit], cells[0][2], color)
