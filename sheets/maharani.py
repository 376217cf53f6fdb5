"""A picture of a Maharani position, to check what was typed against the table: the palace floor
with every space's name and column marks, the tiles (colour, marks, arrow), the workers, the
rondel (its tiles turned as they lie, the arrow at the player to move), and a panel with the
players' gold, action markers and workers, the bag and the defaults the picture rests on.

Drawn with reportlab (one drawing for PDF and PNG) and rasterised by :mod:`tajkit.sheets.raster`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any
from urllib.parse import quote

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfgen.canvas import Canvas

from tajkit.sheets.pdf import BOLD, ITALIC, SANS, document
from tajkit.sheets.shapes import saved
from tajkit.sheets.text import paragraph, text

FLOOR = HexColor("#F3EBDD")
SPACE = HexColor("#FBF7EF")
PRINT = HexColor("#B9AE9A")  # the printed column marks of a free space
INK = HexColor("#2B2B2B")
SOFT = HexColor("#6F6A60")
WALL = HexColor("#5A4632")
RONDEL = HexColor("#D8C7A6")
MARGIN = 18.0
SIDE = 34.0  # room for the players' names along the board's sides
PANEL_W = 300.0
DIRS = "nesw"


@dataclass(frozen=True)
class Frame:
    """Where the board lies on the page: cell size and the top-left corner of the grid."""

    cell: float
    left: float
    top: float

    def corner(self, col: float, row: float) -> tuple[float, float]:
        """The page point of the grid's (col, row) corner (rows grow downwards)."""
        return self.left + col * self.cell, self.top - row * self.cell


def picture(spec: Any, data: dict[str, Any], dpi: float = 110.0) -> bytes:
    """The PNG of the position a state file ends in (a record is replayed first)."""
    from tajkit.sheets.raster import png_from_pdf

    return png_from_pdf(pdf(spec, data), dpi=dpi)


def layout(spec: Any) -> tuple[float, float, Frame]:
    """The page's width and height and where the board lies on it (what the picture draws and
    the phones' targets are placed by)."""
    cell = min(52.0, 416.0 / max(spec.width, spec.height))
    board_w, board_h = spec.width * cell, spec.height * cell
    width = MARGIN * 2 + SIDE * 2 + board_w + 18 + PANEL_W
    height = max(MARGIN * 2 + SIDE * 2 + board_h + 30, 560.0)
    return width, height, Frame(cell, MARGIN + SIDE, height - MARGIN - 30 - SIDE)


def table(spec: Any, data: dict[str, Any]) -> tuple[Any, Any]:
    """The state file read, and the table it shows: after its finished turns, or within the turn
    under way where the phones' board file adds its events (a tile placed, the second to come)."""
    from tajkit.solver.errors import BadState
    from tajkit.solver.maharani.files import read_state
    from tajkit.solver.maharani.play import UNDER_WAY
    from tajkit.solver.maharani.protocol import rules_for

    data = dict(data)
    under_way = data.pop(UNDER_WAY, [])
    if not isinstance(under_way, list) or not all(isinstance(e, str) for e in under_way):
        raise BadState(f"{UNDER_WAY}: the events of the turn under way, a list of texts such as [\"2c4s+\"]")
    replay = read_state(spec, data)
    state = replay.last
    if under_way:
        rules = rules_for(spec)
        for event in under_way:
            state = rules.apply(state, rules.parse(state, event))
    return replay, state.position


def pdf(spec: Any, data: dict[str, Any]) -> bytes:
    replay, pos = table(spec, data)
    width, height, frame = layout(spec)

    def draw(c: Canvas, w: float, h: float) -> None:
        _page(c, spec, replay, pos, frame, w, h)

    return document([draw], (width, height), 1, "Maharani position", "tajkit picture")


def _page(c: Canvas, spec: Any, replay: Any, pos: Any, frame: Frame, width: float, height: float) -> None:
    c.setFillColor(white)
    c.rect(0, 0, width, height, stroke=0, fill=1)
    count = len(replay.results)
    when = f"after turn {count}" if count else ("at the setup" if replay.from_setup else "as given")
    if pos is not replay.end:
        when = f"in turn {count + 1}, a tile placed"
    text(c, f"Maharani · position {when}", MARGIN, height - MARGIN - 14, width - 2 * MARGIN, BOLD, 15, color=INK)
    _floor(c, spec, pos, frame)
    _sides(c, spec, replay, pos, frame)
    panel_x = frame.left + spec.width * frame.cell + SIDE + 18
    _panel(c, spec, replay, pos, panel_x, height - MARGIN - 36, width - panel_x - MARGIN)


# --- the board ------------------------------------------------------------------------------------


def _floor(c: Canvas, spec: Any, pos: Any, f: Frame) -> None:
    x0, y0 = f.corner(0, spec.height)
    with saved(c):
        c.setFillColor(FLOOR)
        c.roundRect(x0 - 6, y0 - 6, spec.width * f.cell + 12, spec.height * f.cell + 12, 8, stroke=0, fill=1)
    for k, space in enumerate(spec.spaces):
        _space(c, spec, pos, f, k, space)
    _quarter_walls(c, spec, f)
    _quarter_labels(c, spec, pos, f)
    _rondel(c, spec, pos, f)


def _space(c: Canvas, spec: Any, pos: Any, f: Frame, k: int, space: Any) -> None:
    x, top = f.corner(space.col, space.row)
    y = top - f.cell
    s = f.cell
    colour = pos.colour[k]
    fill = HexColor(spec.colours[colour].hex) if colour >= 0 else SPACE
    with saved(c):
        c.setFillColor(fill)
        c.setStrokeColor(HexColor("#CDBFA6"))
        c.setLineWidth(0.6)
        c.rect(x, y, s, s, stroke=1, fill=1)
    if colour >= 0:
        _marks(c, x, y, s, space.marks, INK)
        _arrow(c, x + s / 2, y + s / 2, s, pos.arrow[k], centre=space.centre)
        _letter(c, spec, colour, x + s - 7, top - 11, 9)
    else:
        _marks(c, x, y, s, space.marks, PRINT)
    label = INK if colour < 0 else (white if _dark(spec.colours[colour].hex) else INK)
    text(c, space.name, x + 2.5, top - 8.5, s * 0.45, BOLD, 7, color=label)
    if pos.worker[k] >= 0:
        _worker(c, spec, pos, x + s * 0.8, y + s * 0.2, s * 0.155, pos.worker[k])


def _letter(c: Canvas, spec: Any, colour: int, cx: float, y: float, size: float) -> None:
    """The tile colour's letter beside its colour (colour is never the only signal)."""
    hex_colour = spec.colours[colour].hex
    text(c, spec.colours[colour].code, cx, y, size * 1.2, BOLD, size, "centre", white if _dark(hex_colour) else INK)


def _dark(hex_colour: str) -> bool:
    colour = HexColor(hex_colour)
    return 0.299 * colour.red + 0.587 * colour.green + 0.114 * colour.blue < 0.55


def _marks(c: Canvas, x: float, y: float, s: float, marks: int, colour: Color) -> None:
    """Column marks: a disc in the middle, half discs on the edges (their other half lies on the
    neighbouring space)."""
    r = s * 0.15
    cx, cy = x + s / 2, y + s / 2
    with saved(c):
        c.setFillColor(colour)
        c.setStrokeColor(colour)
        if marks & 16:
            c.circle(cx, cy, r, stroke=0, fill=1)
        mid = {0: (cx, y + s, 180), 1: (x + s, cy, 90), 2: (cx, y, 0), 3: (x, cy, 270)}
        for d, (mx, my, start) in mid.items():
            if marks & (1 << d):
                c.wedge(mx - r, my - r, mx + r, my + r, start, 180, stroke=0, fill=1)


def _arrow(c: Canvas, cx: float, cy: float, s: float, direction: int, colour: Color = white, centre: bool = False) -> None:
    """The tile's arrow: from near the middle towards the edge it points at (beside the middle
    column of a centre-column tile, whose edges are free)."""
    dx, dy = ((0, 1), (1, 0), (0, -1), (-1, 0))[direction]
    px, py = -dy, dx
    tail, tip, half = (s * 0.19, s * 0.45, s * 0.09) if centre else (s * 0.04, s * 0.33, s * 0.09)
    shaft = s * 0.035
    points = [
        (cx + dx * tail + px * shaft, cy + dy * tail + py * shaft),
        (cx + dx * (tip - half) + px * shaft, cy + dy * (tip - half) + py * shaft),
        (cx + dx * (tip - half) + px * half, cy + dy * (tip - half) + py * half),
        (cx + dx * tip, cy + dy * tip),
        (cx + dx * (tip - half) - px * half, cy + dy * (tip - half) - py * half),
        (cx + dx * (tip - half) - px * shaft, cy + dy * (tip - half) - py * shaft),
        (cx + dx * tail - px * shaft, cy + dy * tail - py * shaft),
    ]
    with saved(c):
        path = c.beginPath()
        path.moveTo(*points[0])
        for point in points[1:]:
            path.lineTo(*point)
        path.close()
        c.setFillColor(colour)
        c.setStrokeColor(INK)
        c.setLineWidth(0.8)
        c.drawPath(path, stroke=1, fill=1)


def crew_colour(spec: Any, players: int, code: int) -> tuple[str, str]:
    """The (name, hex) of a crew's worker colour: with two colours a player, 1a 1b 2a 2b take the
    four; otherwise player k takes colour k."""
    index = code if spec.crews_per_player[players] == 2 else code // 2
    return spec.worker_colours[index]


def crew_label(spec: Any, players: int, code: int) -> str:
    return f"{code // 2 + 1}{'ab'[code % 2] if spec.crews_per_player[players] == 2 else ''}"


def _worker(c: Canvas, spec: Any, pos: Any, cx: float, cy: float, r: float, code: int) -> None:
    _, hex_colour = crew_colour(spec, pos.players, code)
    with saved(c):
        c.setFillColor(white)
        c.setStrokeColor(INK)
        c.setLineWidth(1.1)
        c.circle(cx, cy, r + 2.2, stroke=1, fill=1)
        c.setFillColor(HexColor(hex_colour))
        c.circle(cx, cy, r, stroke=0, fill=1)
    label = crew_label(spec, pos.players, code)
    text(c, label, cx, cy - r * 0.42, r * 1.9, BOLD, r * 1.15, "centre", white if _dark(hex_colour) else INK)


def _quarter_walls(c: Canvas, spec: Any, f: Frame) -> None:
    """Thick lines where a space meets another quarter or the palace's edge."""
    at = {(s.col, s.row): s for s in spec.spaces}
    with saved(c):
        c.setStrokeColor(WALL)
        c.setLineWidth(2.6)
        c.setLineCap(2)
        for s in spec.spaces:
            x, top = f.corner(s.col, s.row)
            edges = {0: ((x, top), (x + f.cell, top)), 1: ((x + f.cell, top), (x + f.cell, top - f.cell)),
                     2: ((x, top - f.cell), (x + f.cell, top - f.cell)), 3: ((x, top), (x, top - f.cell))}
            for d, ((ax, ay), (bx, by)) in edges.items():
                dx, dy = ((0, -1), (1, 0), (0, 1), (-1, 0))[d]
                other = at.get((s.col + dx, s.row + dy))
                if other is None or other.quarter != s.quarter:
                    c.line(ax, ay, bx, by)


def _quarter_labels(c: Canvas, spec: Any, pos: Any, f: Frame) -> None:
    """Each quarter's number and picture, at the corner of the board nearest to it."""
    for q, spaces in enumerate(spec.quarter_spaces):
        cols = [spec.spaces[s].col for s in spaces]
        rows = [spec.spaces[s].row for s in spaces]
        left = min(cols) < spec.width / 2
        upper = min(rows) < spec.height / 2
        x = f.left + 2 if left else f.left + spec.width * f.cell - 2  # inside the part the phones show
        y = f.top + 9 if upper else f.top - spec.height * f.cell - 16
        free = sum(1 for s in spaces if pos.colour[s] < 0)
        state = "scored" if free == 0 else f"{free} free"
        label = f"quarter {q + 1} · {spec.quarter_names[q]} · {state}"
        text(c, label, x, y, spec.width * f.cell / 2 - 10, BOLD, 8, "left" if left else "right", WALL)


def _rondel(c: Canvas, spec: Any, pos: Any, f: Frame) -> None:
    """The rondel in the middle of the board (when the grid leaves it a 2×2 hole): each slot in
    the quarter it faces, its tile turned with its arrow along the rondel's, which points at the
    player to move."""
    hole = _centre_hole(spec)
    if hole is None:
        return
    col, row = hole
    x, top = f.corner(col, row)
    size = 2 * f.cell
    cx, cy = x + f.cell, top - f.cell
    side = pos.sides[pos.to_move]
    with saved(c):
        c.setFillColor(RONDEL)
        c.setStrokeColor(WALL)
        c.setLineWidth(1.4)
        c.circle(cx, cy, size * 0.5 - 1, stroke=1, fill=1)
    tile_s = f.cell * 0.6
    for slot, (tx, ty, sx, sy) in enumerate(slot_centres(spec, pos, f)):
        _slot(c, spec, pos.rondel[slot], tx - tile_s / 2, ty - tile_s / 2, tile_s, side)
        _badge(c, tx + sx * tile_s * 0.5, ty + sy * tile_s * 0.5, str(slot + 1), white)
        _badge(c, tx - sx * tile_s * 0.5, ty + sy * tile_s * 0.5, str(spec.coins[slot] + 1), HexColor("#E5B93A"), 4.6)
    _arrow(c, cx, cy, f.cell * 1.1, side, HexColor("#8B2F1C"))


def slot_centres(spec: Any, pos: Any, f: Frame) -> list[tuple[float, float, int, int]]:
    """Each rondel slot's tile centre on the page and the corner of the rondel it lies in (x, y
    signs): the slot sits in the quarter it faces for the player to move."""
    col, row = _centre_hole(spec) or (0, 0)
    x, top = f.corner(col, row)
    cx, cy = x + f.cell, top - f.cell
    side = pos.sides[pos.to_move]
    corner_of = {0: (-1, 1), 1: (1, 1), 2: (1, -1), 3: (-1, -1)}  # quarter -> (x, y) sign around the centre
    centres = []
    for slot in range(len(pos.rondel)):
        sx, sy = corner_of[spec.facing_quarter(slot, side)]
        centres.append((cx + sx * f.cell * 0.45, cy + sy * f.cell * 0.45, sx, sy))
    return centres


def _badge(c: Canvas, cx: float, cy: float, label: str, fill: Color, r: float = 5.6) -> None:
    with saved(c):
        c.setFillColor(fill)
        c.setStrokeColor(WALL)
        c.setLineWidth(0.7)
        c.circle(cx, cy, r, stroke=1, fill=1)
    text(c, label, cx, cy - r * 0.45, r * 1.8, BOLD, r * 1.3, "centre", INK)


def _slot(c: Canvas, spec: Any, tile: Any, x: float, y: float, s: float, side: int) -> None:
    with saved(c):
        c.setStrokeColor(WALL)
        c.setLineWidth(0.8)
        if tile is None:
            c.setFillColor(FLOOR)
            c.setDash(2, 2)
            c.rect(x, y, s, s, stroke=1, fill=1)
            return
        c.setFillColor(HexColor(spec.colours[tile[0]].hex))
        c.rect(x, y, s, s, stroke=1, fill=1)
    from tajkit.solver.maharani.spec import turned

    _marks(c, x, y, s, turned(spec.kinds[tile[1]].marks, side), INK)
    _arrow(c, x + s / 2, y + s / 2, s, side, centre=spec.kinds[tile[1]].centre)
    _letter(c, spec, tile[0], x + s * 0.22, y + 2.5, 8)


def _centre_hole(spec: Any) -> tuple[int, int] | None:
    if spec.width % 2 or spec.height % 2:
        return None
    col, row = spec.width // 2 - 1, spec.height // 2 - 1
    taken = {(s.col, s.row) for s in spec.spaces}
    cells = {(col, row), (col + 1, row), (col, row + 1), (col + 1, row + 1)}
    return (col, row) if not cells & taken else None


def _sides(c: Canvas, spec: Any, replay: Any, pos: Any, f: Frame) -> None:
    """Each player's name by their position marker, on their side of the board."""
    w, h = spec.width * f.cell, spec.height * f.cell
    for player, side in enumerate(pos.sides):
        name = replay.names[player]
        moving = player == pos.to_move
        label = f"{name} ▶ to move" if moving else name
        font = BOLD if moving else SANS
        colours = [crew_colour(spec, pos.players, code)[1] for code in _crews(spec, pos, player)]
        with saved(c):
            # north and south: a line clear of the quarter labels at the board's corners
            if side == 0:
                _name(c, label, f.left + w / 2, f.top + 22, w * 0.45, font, colours, 0)
            elif side == 2:
                _name(c, label, f.left + w / 2, f.top - h - 32, w * 0.45, font, colours, 0)
            elif side == 1:
                c.translate(f.left + w + 22, f.top - h / 2)
                c.rotate(-90)
                _name(c, label, 0, -4, h * 0.45, font, colours, 0)
            else:
                c.translate(f.left - 22, f.top - h / 2)
                c.rotate(90)
                _name(c, label, 0, -4, h * 0.45, font, colours, 0)


def _name(c: Canvas, label: str, cx: float, y: float, width: float, font: str, colours: list[str], _: int) -> None:
    chip = 7.0
    x = cx - width / 2
    for k, hex_colour in enumerate(colours):
        with saved(c):
            c.setFillColor(HexColor(hex_colour))
            c.setStrokeColor(INK)
            c.setLineWidth(0.7)
            c.circle(x + chip / 2 + k * (chip + 3), y + 3.5, chip / 2, stroke=1, fill=1)
    offset = len(colours) * (chip + 3) + 4
    text(c, label, x + offset, y, width - offset, font, 10, color=INK)


def _crews(spec: Any, pos: Any, player: int) -> list[int]:
    return [player * 2 + k for k in range(spec.crews_per_player[pos.players])]


# --- the panel --------------------------------------------------------------------------------------


def _panel(c: Canvas, spec: Any, replay: Any, pos: Any, x: float, top: float, width: float) -> None:
    from tajkit.solver.maharani import notation
    from tajkit.solver.maharani.rules import live_bag, supply

    y = top
    text(c, "Players", x, y, width, BOLD, 11, color=INK)
    y -= 16
    for player in range(pos.players):
        moving = player == pos.to_move
        name = replay.names[player] + (" (to move)" if moving else "")
        text(c, name, x, y, width * 0.55, BOLD if moving else SANS, 9.5, color=INK)
        text(c, f"{pos.gold[player]} gold", x + width, y, width * 0.3, BOLD, 9.5, "right", INK)
        y -= 13
        _markers(c, spec, x, y, pos.down[player])
        workers = ", ".join(
            f"{crew_label(spec, pos.players, code)}: {supply(spec, pos, code)}" for code in _crews(spec, pos, player)
        )
        text(c, f"side {DIRS[pos.sides[player]]} · workers in supply {workers}", x + 92, y + 1, width - 92, SANS, 7.5, color=SOFT)
        y -= 17
    y -= 4
    text(c, "Rondel (its arrow points at the player to move)", x, y, width, BOLD, 11, color=INK)
    y -= 14
    side = pos.sides[pos.to_move]
    for slot, tile in enumerate(pos.rondel):
        facing = spec.facing_quarter(slot, side)
        coin = spec.coins[slot]
        shown = notation.tile_text(spec, tile)
        colour = spec.colours[tile[0]].name if tile is not None else "empty"
        line = (f"slot {slot + 1}: {shown} ({colour}) · faces quarter {facing + 1}; "
                f"elsewhere turns down marker {coin + 1} ({spec.quarter_names[coin]})")
        text(c, line, x, y, width, SANS, 7.6, color=INK)
        y -= 11
    y -= 4
    left = sum(live_bag(spec, pos).values())
    text(c, f"Bag: {left} tile{'s' if left != 1 else ''} left to draw", x, y, width, SANS, 8.5, color=INK)
    y -= 12
    if replay.over:
        text(c, f"Game over: {replay.over}", x, y, width, BOLD, 8.5, color=HexColor("#8B2F1C"))
        y -= 12
    y -= 4
    text(c, "Position", x, y, width, BOLD, 9, color=INK)
    y -= 4
    used = paragraph(c, notation.format_position(spec, pos), x, y, width, 40, SANS, 7, color=INK)
    y -= used + 8
    key = ("Key: dark discs and half discs are a tile's column marks, grey ones those printed on a free "
           "space; the white arrow is the tile's; a ringed disc is a worker (its player, and colour a/b with two "
           "players). On the rondel: a white disc is the slot's number, a gold one the coin beside it.")
    y -= paragraph(c, key, x, y, width, 44, SANS, 7, color=SOFT) + 6
    notes = "Defaults: " + " · ".join(spec.defaults) if spec.defaults else ""
    if notes:
        paragraph(c, notes, x, y, width, max(y - MARGIN, 20), ITALIC, 6.2, color=SOFT)


def _markers(c: Canvas, spec: Any, x: float, y: float, down: int) -> None:
    """The four action markers: filled when face up, hollow and crossed when face down."""
    for q in range(4):
        cx, cy = x + 7 + q * 21, y + 4
        up = not down >> q & 1
        with saved(c):
            c.setStrokeColor(INK)
            c.setLineWidth(0.8)
            c.setFillColor(HexColor("#E5B93A") if up else white)
            c.circle(cx, cy, 7, stroke=1, fill=1)
            if not up:
                c.setStrokeColor(SOFT)
                c.line(cx - 5, cy - 5, cx + 5, cy + 5)
        text(c, str(q + 1), cx, cy - 2.8, 10, BOLD, 7.5, "centre", INK if up else SOFT)


# --- the board the phones play on ---------------------------------------------------------------------


def board(spec: Any, data: dict[str, Any], player: str | None = None) -> Any:
    """The board a phone plays on (``solver.protocol.Board``): the picture cropped to the palace
    floor (the grid's width exactly, so a space is a finger's size on a phone: 45 px of a 360 px
    screen), the rondel turned to the player to move. Its targets: each tile on the rondel (key
    ``tile 2``) where its slot lies, and each free space (key ``c3 (column c, row 3)``), placed by
    the same layout as the drawing. What may follow a tap is the rules' to offer
    (``MaharaniPlay.taps``); ``player`` is the one to act, whose turn the rondel shows."""
    from tajkit.solver.maharani.play import UNDER_WAY, space_key
    from tajkit.solver.protocol import Board, Target

    _, pos = table(spec, data)
    width, height, f = layout(spec)
    top = height - (f.top + 36)  # the north player's name above the floor
    bottom = height - (f.top - spec.height * f.cell - 38)  # the south player's name below it
    view = (f.left, top, spec.width * f.cell, bottom - top)
    targets = [_tile_target(spec, pos, f, height, slot, tx, ty, sx, sy)
               for slot, (tx, ty, sx, sy) in enumerate(slot_centres(spec, pos, f)) if pos.rondel[slot] is not None]
    for k, space in enumerate(spec.spaces):
        if pos.colour[k] < 0:
            x, y_page = f.corner(space.col, space.row)
            label = f"{space_key(space)}: quarter {space.quarter + 1}, {spec.quarter_names[space.quarter]}, free"
            targets.append(Target(space_key(space), label, x, height - y_page, f.cell, f.cell))
    whose = f"{player}'s turn: " if player else ""
    what = ("a second tile (it costs 2 gold): tap it, then where it goes; or end the turn" if data.get(UNDER_WAY) else
            "tap a tile on the rondel, then where it goes")
    return Board((width, height), view, tuple(targets), title=f"{whose}{what}")


def swatch(spec: Any, words: str) -> str | None:
    """What a tap's words name, as the tiles are drawn, for the phones to show beside the words
    (never instead of them): the colour of ``blue tile (B)`` (a tile drawn from the bag), and a
    small tile with the column marks of "half columns on its top and right edges (arrow up)"."""
    found = re.fullmatch(r"(\w+) tile \(([A-Z])\)", words)
    colour = spec.colour_index(found.group(2)) if found else None
    if colour is not None and spec.colours[colour].name == found.group(1):
        return spec.colours[colour].hex
    return _marks_icons(spec).get(words)


@cache
def _marks_icons(spec: Any) -> dict[str, str]:
    """Each tile kind's column marks in words, and their icon."""
    from tajkit.solver.maharani.play import MaharaniPlay

    said = MaharaniPlay(spec).marks_words
    return {said(k): _marks_icon(kind.marks | (16 if kind.centre else 0)) for k, kind in enumerate(spec.kinds)}


def _marks_icon(marks: int) -> str:
    """A tile's column marks as a CSS background: ``_svg_marks`` on a pale square, arrow up."""
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20"><rect width="20" height="20" fill="#f4efe6"/>'
           f'{_svg_marks(marks, 20, "#222")}</svg>')
    return f'url("data:image/svg+xml,{quote(svg, safe="")}") center / 100% no-repeat'


def tile_words(spec: Any, tile: Any) -> str:
    """A rondel tile in words: ``green G, 2 half columns``."""
    kind = spec.kinds[tile[1]]
    halves = bin(kind.marks & 15).count("1")
    marks = "a centre column" if kind.centre else "1 half column" if halves == 1 else f"{halves} half columns"
    return f"{spec.colours[tile[0]].name} {spec.colours[tile[0]].code}, {marks}"


def _tile_target(spec: Any, pos: Any, f: Frame, height: float, slot: int, tx: float, ty: float, sx: int, sy: int) -> Any:
    """A rondel tile's target: the quarter of the rondel's square its slot lies in (a whole cell)."""
    from tajkit.solver.maharani.play import tile_key
    from tajkit.solver.protocol import Target

    side = pos.sides[pos.to_move]
    facing = spec.facing_quarter(slot, side)
    coin = spec.coins[slot]
    up = not pos.down[pos.to_move] >> coin & 1
    elsewhere = (f"elsewhere it turns down action marker {coin + 1} ({spec.quarter_names[coin]})" if up else
                 f"action marker {coin + 1} ({spec.quarter_names[coin]}) is face down, so only there")
    label = f"{tile_key(slot)} ({tile_words(spec, pos.rondel[slot])}): free into quarter {facing + 1}; {elsewhere}"
    left = tx - f.cell * 0.45 if sx > 0 else tx - f.cell * 0.55
    top_page = ty + f.cell * 0.55 if sy > 0 else ty + f.cell * 0.45
    return Target(tile_key(slot), label, left, height - top_page, f.cell, f.cell)


# --- the new-game page's pickers (issue 44: "pickers (the components by name and picture)") ---------

TILE = 44.0  # a tile's picture beside its words on the setup page, in px


def pick_picture(spec: Any, key: str, text: str) -> str | None:
    """A rondel tile the setup picks (``rondel``: ``Bne``) drawn as the board draws it (``_slot``):
    its colour with its letter, its column marks and its arrow, read arrow up; ``None`` for any other
    question or a text of no tile."""
    from tajkit.solver.maharani.notation import parse_tile

    tile, problem = parse_tile(spec, text) if key == "rondel" else (None, "")
    if tile is None or problem:
        return None
    colour, kind = spec.colours[tile[0]].hex, spec.kinds[tile[1]]
    s, ink = TILE, _svg_colour(INK)
    letter = "#ffffff" if _dark(colour) else ink
    return (f'<svg class="component" viewBox="-1 -1 {s + 2:g} {s + 2:g}" width="{s + 2:g}" height="{s + 2:g}" '
            f'aria-hidden="true" font-family="DejaVu Sans, sans-serif">'
            f'<rect width="{s:g}" height="{s:g}" fill="{colour}" stroke="{_svg_colour(WALL)}" stroke-width="1"/>'
            f'{_svg_marks(kind.marks, s, ink)}{_svg_arrow(s, kind.centre, ink)}'
            f'<text x="{s * 0.2:g}" y="{s - 3:g}" font-size="11" font-weight="bold" text-anchor="middle" fill="{letter}">'
            f'{spec.colours[tile[0]].code}</text></svg>')


def _svg_colour(colour: Color) -> str:
    return "#" + colour.hexval()[2:]


def _svg_marks(marks: int, s: float, ink: str) -> str:
    """``_marks`` in SVG (y down): a disc in the middle, half discs on the edges n, e, s, w."""
    r, c = s * 0.15, s / 2
    out = [f'<circle cx="{c:g}" cy="{c:g}" r="{r:g}" fill="{ink}"/>'] if marks & 16 else []
    halves = {0: (c - r, 0, c + r, 0), 1: (s, c - r, s, c + r), 2: (c + r, s, c - r, s), 3: (0, c + r, 0, c - r)}
    for d, (x1, y1, x2, y2) in halves.items():
        if marks & (1 << d):  # the arc that bulges into the tile (sweep 0, y down)
            out.append(f'<path d="M{x1:g},{y1:g} A{r:g},{r:g} 0 0 0 {x2:g},{y2:g} Z" fill="{ink}"/>')
    return "".join(out)


def _svg_arrow(s: float, centre: bool, ink: str) -> str:
    """``_arrow`` in SVG, pointing up (a tile's marks are read with its arrow up)."""
    c = s / 2
    tail, tip, half = (s * 0.19, s * 0.45, s * 0.09) if centre else (s * 0.04, s * 0.33, s * 0.09)
    shaft = s * 0.035
    points = [(shaft, tail), (shaft, tip - half), (half, tip - half), (0, tip), (-half, tip - half), (-shaft, tip - half),
              (-shaft, tail)]
    path = " ".join(f"{c + dx:.2f},{c - dy:.2f}" for dx, dy in points)
    return f'<polygon points="{path}" fill="#ffffff" stroke="{ink}" stroke-width="0.8"/>'
