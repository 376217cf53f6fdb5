"""Karigar-e-Taj's board for the phones (issue 44): the Bazaar grid and the Taj grid as SVG of
their own (the game has no printed picture), with a target on every Bazaar space and every Taj
section. ``board(spec, state, player)`` draws the protocol state (``KarigarPlay.board_data``):
what each card earns and exchanges, in resource letters beside their colours, who stands where,
the Taj levels with the sections built and the tokens left, and the acting player's resources.
Which targets are lit and what follows a tap is ``KarigarPlay.taps``'s."""

from __future__ import annotations

import re
from collections import Counter
from html import escape
from typing import Optional

from tajkit.solver.karigar import bazaar
from tajkit.solver.karigar.rules import SUPPLY, Space, current_level
from tajkit.solver.karigar.spec import Spec
from tajkit.solver.karigar.state import ACT, AFTER, REVEAL, KarigarState
from tajkit.solver.protocol import Board, Target

WIDTH = 330.0  # the board's units are about a pixel on a 360 px phone (the page's margins aside)
MARGIN = 4.0
SPACE_HEIGHT = 48.0  # a card's earn and exchange spaces, stacked: each a finger's size
ROW_GAP = 6.0
SECTION_HEIGHT = 48.0
LEVEL_LABEL = 52.0
UNIT = 26.0  # the tag of who stands on a space

# Each resource's letters and colour (the letters carry the meaning; the colour helps the eye).
CODES = {"wood": ("Wd", "#7b4a1e"), "sandstone": ("Sa", "#b03a22"), "mortar": ("Mo", "#5f6368"),
         "scaffolding": ("Sc", "#765510"), "marble": ("Ma", "#2f6d8f"), "gems": ("Ge", "#7b1fa2"),
         "silver": ("Si", "#455a64"), "gold": ("Go", "#7a5500")}
INK = "#1b1b1b"
EDGE = "stroke:#8a7a60;stroke-width:1"
# The fill of each kind of space the resources are written on (blue card, yellow card, Trade card,
# an empty Alliance slot) and of the Taj sections (built, open now, a level above).
SPACE_FILLS = {"kb": "#e6f0fb", "ky": "#fff4c2", "kt": "#f3ece0", "ke": "#eeeeee"}
SECTION_FILLS = {"kd": "#d9c7a3", "ko": "#fffdf8", "kl": "#f2f2f2"}
DASHED = {"ky": "1.5 2.5", "kl": "3 3"}  # a yellow card dotted: the lit targets are dashed
LOOKS = "".join(f".{k}{{fill:{fill};{EDGE}" + (f";stroke-dasharray:{DASHED[k]}" if k in DASHED else "") + "}"
                for k, fill in {**SPACE_FILLS, **SECTION_FILLS}.items())
SEATS = ("#1f5fa8", "#b3261e", "#2e7d32", "#6a1b9a", "#8d4e00", "#00695c", "#ad1457", "#37474f")


def pick_picture(spec: Spec, key: str, text: str) -> str | None:
    """The picture of a component a setup picker offers (``karigar_cards.pick_picture``)."""
    from tajkit.sheets import karigar_cards

    return karigar_cards.pick_picture(spec, key, text)


def swatch(spec: Spec, words: str) -> str | None:
    """The colour of a Bazaar card the table draws (``yellow card (Y) for place 5``), as the board
    fills its spaces: a swatch the phones show beside the words, never instead of them."""
    found = re.match(r"(yellow|blue) card \([YB]\) ", words)
    return SPACE_FILLS["ky" if found.group(1) == "yellow" else "kb"] if found else None


def code(spec: Spec, k: int) -> str:
    return CODES.get(spec.ids[k], (spec.ids[k][:2].title(), ""))[0]


def colour(spec: Spec, k: int) -> str:
    return CODES.get(spec.ids[k], ("", "#222"))[1] or "#222"


def bag_svg(spec: Spec, amounts: tuple[int, ...], empty: str = "nothing") -> str:
    """``2Sc 1Si`` as tspans, each resource in its colour."""
    parts = [f'<tspan class="kr{k}">{n}{code(spec, k)}</tspan>' for k, n in enumerate(amounts) if n]
    return " ".join(parts) if parts else empty


def bag_chars(spec: Spec, amounts: tuple[int, ...]) -> int:
    return sum(len(f"{n}{code(spec, k)}") + 1 for k, n in enumerate(amounts) if n)


def bag_words(spec: Spec, amounts: tuple[int, ...], empty: str = "nothing") -> str:
    words = [f"{n} {spec.ids[k]}" for k, n in enumerate(amounts) if n]
    return ", ".join(words) if words else empty


def tags(names: list[str]) -> list[str]:
    """Each player's short tag on the board: the first letter, more where two would agree."""
    out = []
    for name in names:
        size = 1
        while size < len(name) and sum(n[:size].upper() == name[:size].upper() for n in names) > 1:
            size += 1
        out.append(name[:size].upper() if size == 1 else name[:size].title())
    return out


# --- where the units stand ---------------------------------------------------------------------------


def standing(state: KarigarState) -> dict[int, tuple[int, int, bool]]:
    """Each occupied space: (seat, workers there, whether it is that seat's Elephant); the acting
    player's units already moved this turn stand where they went."""
    out: dict[int, tuple[int, int, bool]] = {}
    for k, seat in enumerate(state.seats):
        workers, elephant = list(seat.workers), seat.elephant
        main = state.main if k == state.seat else None
        if main is not None:
            workers = [w for w in main.left] + [d for _, d in main.moved]
            elephant = main.elephant_to if main.elephant_to is not None else main.elephant_from
        for space, n in Counter(w for w in workers if w != SUPPLY).items():
            out[space] = (k, n, False)
        if elephant is not None:
            out[elephant] = (k, 0, True)
    return out


def in_supply(state: KarigarState, k: int) -> int:
    seat = state.seats[k]
    if state.main is not None and k == state.seat:
        return sum(1 for w in state.main.left if w == SUPPLY)
    return sum(1 for w in seat.workers if w == SUPPLY)


# --- the board --------------------------------------------------------------------------------------


def board(spec: Spec, state: KarigarState, player: Optional[str] = None) -> Board:
    """The board the phone of ``player`` (the one to act) plays on: the SVG and its targets."""
    names = [s.name for s in state.seats]
    me = names.index(player) if player in names else state.seat
    marks = [escape(tag) for tag in tags(names)]  # a name is the players' own text: never markup
    spaces = bazaar.spaces_of(spec, state.cards, state.offers)
    parts: list[str] = []
    targets: list[Target] = []
    y = _holdings(spec, state, me, marks, parts)
    if state.phase != REVEAL:  # at the end only the Taj matters (the Blueprint's sections): the buttons stay near
        y = _bazaar(spec, state, spaces, marks, y, parts, targets)
    y = _taj(spec, state, marks, y, parts, targets)
    y = _legend(spec, state, marks, y, parts)
    styles = "".join(f".kr{k}{{fill:{colour(spec, k)};font-weight:700}}" for k in range(len(spec.ids))) + LOOKS
    svg = (f'<style>{styles}</style><g font-family="system-ui, sans-serif" font-size="11" fill="{INK}">'
           + "".join(parts) + "</g>")
    return Board((WIDTH, y), (0, 0, WIDTH, y), tuple(targets), title=_title(spec, state, spaces), svg=svg)


def _title(spec: Spec, state: KarigarState, spaces: tuple[Space, ...]) -> str:
    if state.phase == REVEAL:
        return "show what is behind your screen"
    if state.phase == ACT and state.main is not None:
        done = {a.space for a in state.main.acts}
        here = sorted({d for _, d in state.main.moved} | ({state.main.elephant_to} if state.main.elephant_to is not None else set()))
        pending = next((i for i in here if i not in done), None)
        if pending is not None:
            return f"tap {spaces[pending].id}: what your workers do there"
    if state.phase == AFTER:
        return "tap a Taj section to build, or end the turn"
    if state.main is not None:
        return "tap where your other workers go"
    return "tap a Bazaar space to send workers there, or a Taj section to build"


def _text(x: float, y: float, body: str, size: float = 11, weight: str = "400", fill: str = "#1b1b1b",
          fit: Optional[float] = None, chars: int = 0, anchor: str = "start") -> str:
    """A line of text; squeezed to ``fit`` units when its ``chars`` would run wider."""
    extra = ""  # only what differs from the board's defaults (11 units, regular, dark ink, start): a page stays light
    if fit is not None and chars * size * (0.66 if weight == "700" else 0.6) > fit:
        extra += f' textLength="{fit:.0f}" lengthAdjust="spacingAndGlyphs"'
    extra += f' font-size="{size:g}"' if size != 11 else ""
    extra += ' font-weight="700"' if weight == "700" else ""
    extra += f' fill="{fill}"' if fill != INK else ""
    extra += f' text-anchor="{anchor}"' if anchor != "start" else ""
    return f'<text x="{x:.0f}" y="{y:.0f}"{extra}>{body}</text>'


def _holdings(spec: Spec, state: KarigarState, me: int, marks: list[str], parts: list[str]) -> float:
    """The acting player's resources: every kind with its count, its letters and colour."""
    seat = state.seats[me]
    waiting = in_supply(state, me)
    line = f"{escape(seat.name)} ({marks[me]}) holds"
    extra = []
    if waiting:
        extra.append(f"{waiting} worker{'s' if waiting > 1 else ''} to place")
    if seat.alliances:
        extra.append("Alliance " + ", ".join(f"{o.points} pts" for o in seat.alliances))
    if seat.bakshish:
        extra.append(f"{len(seat.bakshish)} Bakshish")
    if state.main is not None and state.main.acts and me == state.seat:  # rules.apply: a turn pays and gains at its end
        extra.append("takes count at the turn's end")
    parts.append(_text(MARGIN, 14, line + (" · " + " · ".join(extra) if extra else ""), size=12, weight="700",
                       fit=WIDTH - 2 * MARGIN, chars=len(line) + sum(len(e) + 3 for e in extra)))
    kinds = len(spec.ids)
    width = (WIDTH - 2 * MARGIN) / kinds
    for k in range(kinds):
        x = MARGIN + k * width
        n = seat.holding[k]
        parts.append(f'<rect x="{x + 1:.1f}" y="20" width="{width - 2:.1f}" height="24" rx="5" fill="{"#fff" if n else "#f2f2f2"}" '
                     f'stroke="{colour(spec, k)}" stroke-width="{2 if n else 1}"/>')
        parts.append(_text(x + width / 2, 37, f'{n}<tspan class="kr{k}">{code(spec, k)}</tspan>',
                           size=12, fill="#1b1b1b" if n else "#666", anchor="middle"))
    return 52


def _columns(spec: Spec) -> tuple[list[float], list[float]]:
    """Each grid column's left edge and width: card columns wide, a column without cards narrower."""
    cols = max(s.col for s in spec.slots) + 1
    carded = [any(s.col == c and s.kind == "card" for s in spec.slots) for c in range(cols)]
    narrow = 70.0
    wide = (WIDTH - 2 * MARGIN - narrow * carded.count(False)) / max(carded.count(True), 1)
    widths = [wide if c else narrow for c in carded]
    lefts = [MARGIN + sum(widths[:c]) for c in range(cols)]
    return lefts, widths


def _bazaar(spec: Spec, state: KarigarState, spaces: tuple[Space, ...], marks: list[str], top: float,
            parts: list[str], targets: list[Target]) -> float:
    parts.append(_text(MARGIN, top + 12, "Bazaar", size=13, weight="700"))
    top += 18
    lefts, widths = _columns(spec)
    rows = max(s.row for s in spec.slots) + 1
    stand = standing(state)
    pitch = 2 * SPACE_HEIGHT + ROW_GAP
    for i, space in enumerate(spaces):
        x, w = lefts[space.col] + 1, widths[space.col] - 2
        y = top + space.row * pitch
        h = 2 * SPACE_HEIGHT
        if space.card is not None:
            h = SPACE_HEIGHT
            y += 0 if space.kind == "earn" else SPACE_HEIGHT
        who = stand.get(i)
        parts.append(_space_svg(spec, state, space, x, y, w, h, who, marks))
        targets.append(Target(space.id, _space_label(spec, state, space, who), x, y, w, h))
    return top + rows * pitch + 4


def _space_svg(spec: Spec, state: KarigarState, space: Space, x: float, y: float, w: float, h: float,
               who: Optional[tuple[int, int, bool]], marks: list[str]) -> str:
    look = "ky" if space.yellow else "kb" if space.card is not None else "kt"  # yellow, blue, a Trade or Alliance slot
    if space.kind == "alliance" and not space.offered:
        look = "ke"
    out = [f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="4" class="{look}"/>']
    room = w - 8
    lines: list[tuple[str, int, str]] = []  # (svg, characters, weight)
    if space.card is not None:
        card = f'{space.id} {"yellow" if space.yellow else "blue"}' if space.kind == "earn" else f"{space.id} exchange"
        lines.append((card, len(card), "700"))
        if space.kind == "earn":
            lines.append((bag_svg(spec, space.earn), bag_chars(spec, space.earn), "400"))  # the legend: nL earns
        else:
            for o in space.options:
                body = f"{bag_svg(spec, o.give)} › {bag_svg(spec, o.get)}"
                lines.append((body, bag_chars(spec, o.give) + bag_chars(spec, o.get) + 2, "400"))
    elif space.kind == "sell":
        lines += [(f"{space.id} sell", len(space.id) + 5, "700"), ("1 basic", 7, "400"),
                  ("› " + bag_svg(spec, _one(spec, spec.silver, spec.sell_silver)) + " each", 10, "400")]
    elif space.kind == "exchange":
        o = space.options[0]
        lines += [(f"{space.id} gold", len(space.id) + 5, "700"), (f"{bag_svg(spec, o.give)} › {bag_svg(spec, o.get)}", 9, "400")]
    else:
        lines.append((f"{space.id} Alliance", len(space.id) + 9, "700"))
        if space.offered:
            lines += [(f"{space.points} Taj pts", 9, "400"), ("for " + bag_svg(spec, space.cost), 4 + bag_chars(spec, space.cost), "400")]
        else:
            lines.append(("no card", 7, "400"))
    step = min(13.0, (h - 6) / max(len(lines), 1))
    for k, (body, chars, weight) in enumerate(lines):
        fit = room - (UNIT + 2 if who is not None and k == 0 else 0)  # the first line leaves room for who stands here
        out.append(_text(x + 4, y + 12 + k * step, body, size=11 if k else 11.5, weight=weight, fit=fit, chars=chars))
    if who is not None:
        out.append(_unit_svg(who, x + w - 2, y + 2, marks))
    return "".join(out)


def _unit_svg(who: tuple[int, int, bool], right: float, top: float, marks: list[str]) -> str:
    """Who stands on a space, as a tag in the player's colour at its top right: a round tag for
    workers ("A", "A×2"), a square one for an Elephant ("E A")."""
    seat, n, elephant = who
    ink = SEATS[seat % len(SEATS)]
    label = f"E {marks[seat]}" if elephant else marks[seat] + (f"×{n}" if n > 1 else "")
    return (f'<rect x="{right - UNIT:.1f}" y="{top:.1f}" width="{UNIT:g}" height="15" rx="{2 if elephant else 7.5}" fill="{ink}"/>'
            + _text(right - UNIT / 2, top + 11.5, label, size=10 if len(label) < 3 else 9, weight="700", fill="#fff",
                    anchor="middle", fit=UNIT - 3, chars=len(label)))


def _space_label(spec: Spec, state: KarigarState, space: Space, who: Optional[tuple[int, int, bool]]) -> str:
    """The space in words (the target's aria-label; the part before the colon names it)."""
    if space.card is not None:
        side = "earn side" if space.kind == "earn" else "exchange side"
        name = f"Card {space.card} {side} ({space.id}), {'yellow' if space.yellow else 'blue'}"
        if space.kind == "earn":
            what = f"earns up to {bag_words(spec, space.earn)}" + ("; needs 2 workers or an Elephant" if space.yellow else "")
        else:
            what = "exchanges " + " or ".join(f"{bag_words(spec, o.give)} for {bag_words(spec, o.get)}" for o in space.options)
    elif space.kind == "sell":
        name, what = f"Trade card {space.id}", f"sells a basic resource for {spec.sell_silver} silver, one per worker"
    elif space.kind == "exchange":
        o = space.options[0]
        name, what = f"Trade card {space.id}", f"exchanges {bag_words(spec, o.give)} for {bag_words(spec, o.get)}"
    else:
        name = f"Alliance card {space.id}"
        what = f"{space.points} Taj points for {bag_words(spec, space.cost)}" if space.offered else "no card here"
    if who is not None:
        seat, n, elephant = who
        owner = state.seats[seat].name
        what += f"; {owner}'s Elephant here" if elephant else f"; {owner}'s {n} worker{'s' if n > 1 else ''} here"
    return f"{name}: {what}"


def _taj(spec: Spec, state: KarigarState, marks: list[str], top: float, parts: list[str], targets: list[Target]) -> float:
    level = current_level(spec, state.built)
    if level <= spec.level_count:
        cost = state.tiles[level - 1]
        head = f"Taj Mahal · level {level}: a section costs "
        parts.append(_text(MARGIN, top + 13, head + bag_svg(spec, cost), size=12, weight="700",
                           fit=WIDTH - 2 * MARGIN, chars=len(head) + bag_chars(spec, cost)))
    else:
        parts.append(_text(MARGIN, top + 13, "Taj Mahal · complete", size=12, weight="700"))
    top += 20
    builder = {s: k for k, seat in enumerate(state.seats) for s in seat.sections}
    token = {s: t for seat in state.seats for s, t in zip(seat.sections, seat.tokens)}
    width = (WIDTH - 2 * MARGIN - LEVEL_LABEL) / max(len(lv) for lv in spec.levels)
    for row, lv in enumerate(reversed(spec.levels)):
        number = spec.level_count - row
        y = top + row * (SECTION_HEIGHT + 4)
        stack = state.stacks[number - 1]
        parts.append(_text(MARGIN, y + 18, f"Level {number}", size=11, weight="700" if number == level else "400"))
        parts.append(_text(MARGIN, y + 34, "tokens " + (" ".join(map(str, stack)) if stack else "–"), size=9.5, fill="#444",
                           fit=LEVEL_LABEL - 4, chars=7 + 2 * len(stack)))
        for c, section in enumerate(lv):
            x = MARGIN + LEVEL_LABEL + c * width + 1
            parts.append(_section_svg(spec, state, section, number, level, x, y, width - 2, builder, token, marks))
            targets.append(Target(f"section {section}", _section_label(spec, state, section, number, level, builder, token),
                                  x, y, width - 2, SECTION_HEIGHT))
    return top + spec.level_count * (SECTION_HEIGHT + 4) + 4


def _section_svg(spec: Spec, state: KarigarState, section: int, number: int, level: int, x: float, y: float, w: float,
                 builder: dict[int, int], token: dict[int, int], marks: list[str]) -> str:
    built = section in builder
    look = "kd" if built else "ko" if number == level else "kl"  # built, open now, a level above
    out = [f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{SECTION_HEIGHT:g}" rx="4" class="{look}"/>',
           _text(x + 5, y + 16, f"Section {section}", size=11.5, weight="700")]
    if built:
        k = builder[section]
        out.append(f'<circle cx="{x + w - 14:.1f}" cy="{y + 30:.1f}" r="10" fill="{SEATS[k % len(SEATS)]}"/>')
        out.append(_text(x + w - 14, y + 34, marks[k], size=10 if len(marks[k]) < 2 else 8, weight="700", fill="#fff", anchor="middle"))
        out.append(_text(x + 5, y + 36, f"{token[section]} pts", size=11))
    elif number == level:
        out.append(_text(x + 5, y + 36, "open", size=11, fill="#444"))
    return "".join(out)


def _section_label(spec: Spec, state: KarigarState, section: int, number: int, level: int,
                   builder: dict[int, int], token: dict[int, int]) -> str:
    if section in builder:
        return f"Taj section {section}, level {number}: built by {state.seats[builder[section]].name} ({token[section]} points)"
    if number == level:
        stack = state.stacks[number - 1]
        return (f"Taj section {section}, level {number}: build for {bag_words(spec, state.tiles[number - 1])}"
                + (f", taking the top token ({stack[0]} points)" if stack else ""))
    return f"Taj section {section}, level {number}: not yet buildable"


def _legend(spec: Spec, state: KarigarState, marks: list[str], top: float, parts: list[str]) -> float:
    """Who is who (each player's tag and colour), and what each resource's letters say."""
    x, y = MARGIN, top + 14
    for k, seat in enumerate(state.seats):
        label = f"{seat.name}"
        need = 26 + len(label) * 6.5
        if x + need > WIDTH - MARGIN:
            x, y = MARGIN, y + 22
        ink = SEATS[k % len(SEATS)]
        parts.append(f'<circle cx="{x + 10:.1f}" cy="{y - 4:.1f}" r="9" fill="{ink}"/>')
        parts.append(_text(x + 10, y, marks[k], size=9.5 if len(marks[k]) < 2 else 7.5, weight="700", fill="#fff", anchor="middle"))
        parts.append(_text(x + 23, y, escape(label) + (" (to play)" if k == state.seat else ""), size=11,
                           weight="700" if k == state.seat else "400", fit=WIDTH - MARGIN - x - 23, chars=len(label) + 10 * (k == state.seat)))
        x += need + (60 if k == state.seat else 0)
    y += 20
    words = [f'<tspan class="kr{k}">{code(spec, k)}</tspan> {spec.ids[k]}' for k in range(len(spec.ids))]
    half = (len(words) + 1) // 2
    for line in (words[:half], words[half:]):
        chars = sum(len(spec.ids[k]) + 4 for k in range(len(spec.ids))) // 2
        parts.append(_text(MARGIN, y, " · ".join(line), size=10.5, fill="#333", fit=WIDTH - 2 * MARGIN, chars=chars))
        y += 15
    for line in ("5L: what card 5 earns · 5R: what it exchanges (›)", "square tag: an Elephant · dotted edge: yellow, 2+ workers"):
        parts.append(_text(MARGIN, y, line, size=10, fill="#555", fit=WIDTH - 2 * MARGIN, chars=len(line)))
        y += 14
    return y - 6


def _one(spec: Spec, k: int, n: int) -> tuple[int, ...]:
    return tuple(n if j == k else 0 for j in range(len(spec.ids)))
