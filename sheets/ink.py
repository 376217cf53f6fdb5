"""The two inks every printout comes in. ``low`` ink: white paper, outlines only, nothing told by
colour alone. (A game's own colours, e.g. the Artisans sheet's sky and garden, live with its sheet.)"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import Color, HexColor, white


@dataclass(frozen=True)
class Ink:
    name: str
    paper: Color
    text: Color
    soft_text: Color
    line: Color
    box: Color
    star: Color
    star_line: Color
    fills: bool = True


COLOUR = Ink(
    name="colour",
    paper=HexColor("#FFFDF8"),
    text=HexColor("#2E2A26"),
    soft_text=HexColor("#6B6257"),
    line=HexColor("#8C7A62"),
    box=white,
    star=HexColor("#F2C230"),
    star_line=HexColor("#A67C00"),
)

LOW = Ink(
    name="low",
    paper=white,
    text=HexColor("#000000"),
    soft_text=HexColor("#444444"),
    line=HexColor("#555555"),
    box=white,
    star=white,
    star_line=HexColor("#333333"),
    fills=False,
)

INKS = {"colour": COLOUR, "low": LOW}
