"""Small pictures of a copy's Karigar-e-Taj components for the phones' "Your copy" page: a Bazaar
card (its colour named by a letter and a word, its earn side, its exchange options), an Alliance
card, a Level tile, a Starting Resource card. Drawn in the board's resource letters and colours
(``sheets/karigar.py``), so a card entered looks as it will lie on the board."""

from __future__ import annotations

import re
from html import escape
from typing import Any

from tajkit.sheets.karigar import LOOKS, bag_chars, bag_svg, code, colour
from tajkit.solver.karigar.spec import Spec, counts

WIDTH = 150.0  # two a row on a 360 px phone
LINE = 15.0


def styles(spec: Spec) -> str:
    """The CSS the pictures share (one ``<style>`` a page)."""
    letters = "".join(f".kr{k}{{fill:{colour(spec, k)};font-weight:700}}" for k in range(len(spec.ids)))
    return letters + LOOKS


def code_of(spec: Spec, resource: str) -> str:
    """A resource's letters on the board (``Sc`` scaffolding)."""
    return code(spec, spec.index(resource))


def card_svg(spec: Spec, card: dict[str, Any], title: str) -> str:
    """A Bazaar card read by ``play.read_card``: ``B blue`` / ``Y yellow`` on top, then what it
    earns, then each exchange option (what it takes › what it gives)."""
    yellow = card["colour"] == "yellow"
    lines = [(f"{'Y yellow' if yellow else 'B blue'} · {escape(title)}", len(title) + 9, True),
             ("earn " + bag_svg(spec, counts(spec, card["earn"])), 5 + bag_chars(spec, counts(spec, card["earn"])), False)]
    for option in card["exchange"]:
        give, get = counts(spec, option["give"]), counts(spec, option["get"])
        lines.append((f"{bag_svg(spec, give)} › {bag_svg(spec, get)}", bag_chars(spec, give) + bag_chars(spec, get) + 2, False))
    return _picture("ky" if yellow else "kb", lines)


def offer_svg(spec: Spec, offer: dict[str, Any], title: str) -> str:
    cost = counts(spec, offer["cost"])
    return _picture("kt", [(f"A · {escape(title)}", len(title) + 4, True), (f"{offer['points']} Taj points", 12, False),
                           ("for " + bag_svg(spec, cost), 4 + bag_chars(spec, cost), False)])


def bag_picture(spec: Spec, bag: dict[str, int], title: str) -> str:
    """A Level tile or a Starting Resource card: its name, then its resources."""
    amounts = counts(spec, bag)
    return _picture("ko", [(escape(title), len(title), True), (bag_svg(spec, amounts), bag_chars(spec, amounts), False)])


def _picture(look: str, lines: list[tuple[str, int, bool]]) -> str:
    height = 8 + LINE * len(lines)
    out = [f'<svg class="component" viewBox="0 0 {WIDTH:.0f} {height:.0f}" width="{WIDTH:.0f}" height="{height:.0f}" '
           f'aria-hidden="true" font-family="DejaVu Sans, sans-serif" font-size="11">',
           f'<rect x="1" y="1" width="{WIDTH - 2:.0f}" height="{height - 2:.0f}" rx="5" class="{look}"/>']
    for k, (body, chars, bold) in enumerate(lines):
        fit = ""
        if chars * 11 * (0.66 if bold else 0.6) > WIDTH - 12:
            fit = f' textLength="{WIDTH - 12:.0f}" lengthAdjust="spacingAndGlyphs"'
        weight = ' font-weight="700"' if bold else ""
        out.append(f'<text x="6" y="{15 + k * LINE:.0f}"{weight}{fit}>{body}</text>')
    out.append("</svg>")
    return "".join(out)


# --- the new-game page's pickers (issue 44: "pickers (the components by name and picture)") ---------

PICK_TITLES = {"bazaar": "Bazaar card", "bazaar_deck": "Bazaar card", "alliances": "Alliance card",
               "alliance_deck": "Alliance card", "level_tiles": "Level {n} tile", "players": "Starting Resource card"}


def pick_picture(spec: Spec, key: str, text: str) -> str | None:
    """The picture of a component a setup question offers to pick (``KarigarPlay.setup_questions``:
    ``bazaar.3``, ``level_tiles.1``, ``players.0.resources`` ...), drawn as the "Your copy" page
    draws it; styled inline, so each picture stands alone wherever the page copies it. ``None``: the
    question picks no component, or the line does not read (its words still say it)."""
    from tajkit.solver.errors import BadInput
    from tajkit.solver.karigar.play import read_bag, read_card, read_offer

    kind, _, rest = key.partition(".")
    title = PICK_TITLES.get(kind)
    if title is None or (kind == "players" and not key.endswith(".resources")):
        return None
    title = title.format(n=int(rest) + 1 if rest.isdigit() else "")
    try:
        if kind.startswith("bazaar"):
            svg = card_svg(spec, read_card(spec, title, text, None), title)
        elif kind.startswith("alliance"):
            svg = offer_svg(spec, read_offer(spec, title, text, None), title)
        else:
            svg = bag_picture(spec, read_bag(spec, title, text), title)
    except BadInput:
        return None
    return inline_styles(svg, styles(spec))


def inline_styles(svg: str, css: str) -> str:
    """``svg`` with each ``class="name"`` that ``css`` (``.name{...}`` rules) styles written as its
    ``style`` attribute: a picture that needs no ``<style>`` on its page."""
    rules = dict(re.findall(r"\.([\w-]+)\{([^}]*)\}", css))
    return re.sub(r'class="([\w-]+)"', lambda m: f'style="{rules[m.group(1)]}"' if m.group(1) in rules else m.group(0), svg)
