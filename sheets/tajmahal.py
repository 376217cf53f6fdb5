"""Taj Mahal's board on the phones (issue 44): the province being bid for, drawn as SVG for the
browser (Taj Mahal has no printed sheet or picture to lie under the targets).

From top to bottom: the twelve provinces with their palaces, this province's six prizes with who
took each or who shows the most, each player's display this round, and the cards the player to
act may play as cards to tap (each kind of card they have left of their 30, with how many). A
card is its letters, its symbols' chips and their names: colour is never the only signal. What
the board draws is ``TajMahalPlay.board_data`` (the rules' words on the round); which taps play
which action is ``TajMahalPlay.taps`` (a card, then a second card or "alone"; "Withdraw" is a
button beside the board). Units are CSS pixels of a 360-wide board.
"""

from __future__ import annotations

from html import escape
from typing import Any

from tajkit.solver.tajmahal.notation import read_card
from tajkit.solver.tajmahal.play import SYMBOL_WORDS, card_key
from tajkit.solver.tajmahal.spec import SYMBOLS

WIDTH = 360.0
MARGIN = 6.0
COLUMNS = 4  # cards in a row of the hand
CARD_W, CARD_H, GAP = 84.0, 104.0, 4.0  # a card: 84 units = 75 px on a 320 px board, a finger's size
INK, MUTED, LINE, ACCENT = "#222222", "#5f5f5f", "#b9b0a4", "#2F7F5C"  # ACCENT: the seed's [game] accent
# Each symbol's chip: its fill and the ink of its letter (the letter is always drawn beside the colour).
CHIPS = {"elephant": ("#8a8f98", "#ffffff"), "tiger": ("#d9822b", "#ffffff"), "princess": ("#c8558f", "#ffffff"),
         "yellow_advisor": ("#f2c94c", "#222222"), "white_advisor": ("#ffffff", "#222222"), "taj": (ACCENT, "#ffffff")}
LETTER = dict(zip(SYMBOLS, "ETPYWM"))
# What the cards offered are (``board_data``'s "offered"): the hand when the rules deal it (full
# information); else, hands being hidden, each kind left of the player's 30 (the deck less what
# they have played); with no deck typed (an old record), the kinds seen played so far.
OFFERED = {"hand": "your hand", "left": "kinds left of your 30", "seen": "kinds seen so far"}


def board(spec: Any, data: dict[str, Any], player: str | None = None) -> Any:
    """The board of ``player`` (the one to act; None: the player whose turn it is) over
    ``data`` (``TajMahalPlay.board_data``): a :class:`~tajkit.solver.protocol.Board` with its own
    SVG, each card of their hand a target keyed as ``taps`` names it."""
    from tajkit.solver.protocol import Board

    who = player or data["turn"]
    me = next(p for p in data["players"] if p["name"] == who)
    parts: list[str] = []
    y = provinces(parts, data, MARGIN)
    y = prizes(parts, data, me, y + 8)
    y = displays(parts, data, y + 8)
    y, targets = hand(parts, spec, me, OFFERED[data.get("offered", "left")], y + 8)
    height = y + MARGIN
    svg = (f'<g font-family="system-ui, -apple-system, \'Segoe UI\', Roboto, sans-serif" fill="{INK}">'
           f'<rect x="0" y="0" width="{WIDTH:g}" height="{height:g}" fill="#fbf7f0"/>{"".join(parts)}</g>')
    playable = me["limit"] > 0 and me["hand"]
    title = ("tap a card to play, then a second card or “alone”" if playable else
             "no card to play this round: withdraw")
    return Board((WIDTH, height), (0.0, 0.0, WIDTH, height), tuple(targets), title=title, svg=svg)


# --- the parts, each drawn from ``y`` down, returning where it ends ------------------------------------


def provinces(parts: list[str], data: dict[str, Any], y: float) -> float:
    """A strip of the provinces, this one marked, each palace as its holder's short name."""
    count, here = data["provinces"], data["province"]
    tags = short_names([p["name"] for p in data["players"]])
    holder = {q: tags[p["name"]] for p in data["players"] for q in p["palaces"]}
    parts.append(text(MARGIN, y + 12, f"Province {here} of {count}", 13, weight="bold"))
    parts.append(text(WIDTH - MARGIN, y + 12, f"bonus tile {data['bonus_tile']} · Taj Mahal reward {data['reward']}",
                      11, anchor="end", fill=MUTED))
    y += 18
    step = (WIDTH - 2 * MARGIN) / count
    for q in range(1, count + 1):
        x = MARGIN + (q - 1) * step
        now = q == here
        parts.append(f'<rect x="{x + 1:g}" y="{y:g}" width="{step - 2:g}" height="32" rx="4" '
                     f'fill="{"#fff3c4" if now else "#ffffff"}" stroke="{INK if now else LINE}" '
                     f'stroke-width="{2 if now else 1}"/>')
        parts.append(text(x + step / 2, y + 11, str(q), 9, anchor="middle", fill=MUTED))
        if q in holder:
            parts.append(text(x + step / 2, y + 26, holder[q], 10, anchor="middle", weight="bold"))
    return y + 32


def prizes(parts: list[str], data: dict[str, Any], me: dict[str, Any], y: float) -> float:
    """This province's six prizes, two a row: taken by whom, or who shows the most; those the
    player would take by withdrawing now are ticked."""
    w, h = (WIDTH - 2 * MARGIN - GAP) / 2, 52.0
    takes = set(data["takes"])
    who = fitted(me["name"], 12)
    mine = {cid: sum(card.count(LETTER[cid]) for card in me["display"]) for cid in SYMBOLS}
    for k, prize in enumerate(data["prizes"]):
        x, top = MARGIN + (k % 2) * (w + GAP), y + (k // 2) * (h + GAP)
        taken, won = prize["taken_by"] is not None, prize["id"] in takes
        parts.append(f'<rect x="{x:g}" y="{top:g}" width="{w:g}" height="{h:g}" rx="6" '
                     f'fill="{"#ece8e1" if taken else "#ffffff"}" stroke="{ACCENT if won else LINE}" '
                     f'stroke-width="{2.5 if won else 1}"/>')
        parts.append(chip(prize["id"], x + 13, top + 13, 9))
        parts.append(text(x + 27, top + 17, prize["name"], 12, weight="bold"))
        parts.append(text(x + 6, top + 32, fitted(standing(prize), 30), 10.5))
        last = "✓ withdrawing now takes it" if won else "" if taken else f"{who} shows {mine[prize['id']]}"
        parts.append(text(x + 6, top + 46, last, 10, fill=ACCENT if won else MUTED, weight="bold" if won else "normal"))
    return y + 3 * h + 2 * GAP


def standing(prize: dict[str, Any]) -> str:
    """Who holds the prize now: its taker, else who shows the most symbols for it."""
    if prize["taken_by"] is not None:
        return f"taken by {prize['taken_by']}"
    leaders, most = prize["leaders"], prize["most"]
    if not leaders:
        return "nobody shows one"
    if len(leaders) > 1:
        return f"tie {most}: {', '.join(leaders)}"
    return f"most: {leaders[0]} {most}"


def displays(parts: list[str], data: dict[str, Any], y: float) -> float:
    """Each player's cards shown this province, in the order played; who is out; cards left."""
    parts.append(text(MARGIN, y + 12, "Shown this province", 12, weight="bold"))
    y += 18
    for p in data["players"]:
        row = 26.0
        now = p["name"] == data["turn"]
        if now:
            parts.append(f'<rect x="{MARGIN - 2:g}" y="{y:g}" width="{WIDTH - 2 * MARGIN + 4:g}" height="{row:g}" '
                         'rx="4" fill="#fff3c4"/>')
        name = fitted(p["name"], 14)
        parts.append(text(MARGIN + 2, y + 17, name, 11.5, weight="bold" if now else "normal"))
        x = 118.0
        shown = p["display"]
        for card in shown:
            if x > WIDTH - MARGIN - 60:
                parts.append(text(x, y + 17, "…", 12))
                break
            width = 10 + 9 * len(card)
            parts.append(f'<rect x="{x:g}" y="{y + 3:g}" width="{width:g}" height="20" rx="3" fill="#ffffff" '
                         f'stroke="{LINE}"/>')
            parts.append(text(x + width / 2, y + 17.5, card, 11, anchor="middle", weight="bold"))
            x += width + 3
        if not shown:
            parts.append(text(x, y + 17, "no card yet", 10.5, fill=MUTED))
        status = "out" if p["withdrawn"] else f"{p['cards_left']} left"
        parts.append(text(WIDTH - MARGIN - 2, y + 17, status, 10.5, anchor="end",
                          fill=INK if p["withdrawn"] else MUTED, weight="bold" if p["withdrawn"] else "normal"))
        y += row
    return y


def hand(parts: list[str], spec: Any, me: dict[str, Any], offered: str, y: float) -> tuple[float, list[Any]]:
    """The cards ``me`` may play, one card a kind with its count: the targets to tap; ``offered``
    says what they are (:data:`OFFERED`): the player taps one in their hand."""
    from tajkit.solver.protocol import Target

    open_ = me["limit"] > 0
    limit = "" if not open_ else f" · play {'1 or 2' if me['limit'] > 1 else '1'}"
    parts.append(text(MARGIN, y + 12, f"Your cards{limit}", 12, weight="bold"))
    parts.append(text(WIDTH - MARGIN, y + 12, offered, 10.5, anchor="end", fill=MUTED))
    y += 18
    targets = []
    for k, (letters, count) in enumerate(me["hand"].items()):
        x, top = MARGIN + (k % COLUMNS) * (CARD_W + GAP), y + (k // COLUMNS) * (CARD_H + GAP)
        parts.append(card(letters, count, x, top, open_))
        if open_:
            shown = read_card(spec, letters)
            words = " and ".join(SYMBOL_WORDS[s] for s in shown.symbols)
            targets.append(Target(card_key(shown), f"Card {letters}: {words}, {count} left", x, top, CARD_W, CARD_H))
    rows = -(-len(me["hand"]) // COLUMNS)
    if not rows:
        parts.append(text(MARGIN, y + 14, "none left", 11, fill=MUTED))
        return y + 22, targets
    return y + rows * (CARD_H + GAP) - GAP, targets


def card(letters: str, count: int, x: float, y: float, open_: bool) -> str:
    """A card: its letters, a chip for each symbol, the symbols' names, how many are left."""
    symbols = [s for letter in letters for s in SYMBOLS if LETTER[s] == letter]
    out = [f'<rect x="{x:g}" y="{y:g}" width="{CARD_W:g}" height="{CARD_H:g}" rx="8" '
           f'fill="{"#ffffff" if open_ else "#ece8e1"}" stroke="{INK if open_ else LINE}" stroke-width="1.5"/>',
           text(x + CARD_W / 2, y + 24, letters, 20 if len(letters) <= 3 else 14, anchor="middle", weight="bold")]
    step = min(22.0, (CARD_W - 12) / max(len(symbols), 1))
    start = x + CARD_W / 2 - step * (len(symbols) - 1) / 2
    for k, s in enumerate(symbols):
        out.append(chip(s, start + k * step, y + 44, min(9.5, step / 2 - 0.5)))
    names = [SYMBOL_WORDS[s] for s in symbols] if len(symbols) <= 2 else ["+".join(letters)]
    for k, name in enumerate(names):
        out.append(text(x + CARD_W / 2, y + 68 + 12 * k, name, 10.5, anchor="middle"))
    out.append(text(x + CARD_W / 2, y + CARD_H - 7, f"×{count} left", 10, anchor="middle", fill=MUTED))
    return "".join(out)


def pick_picture(spec: Any, key: str, text: str) -> str | None:
    """A kind of card the setup counts (``deck``: ``ET``) as its symbols' chips, as the board's cards
    show them, each chip with its letter; ``None`` for any other question or a text of no card."""
    if key != "deck" or not text or not all(letter in LETTER.values() for letter in text):
        return None
    symbols = [s for letter in text for s in SYMBOLS if LETTER[s] == letter]
    r, step = 10.0, 22.0
    width = step * len(symbols) + 2
    chips = "".join(chip(s, 1 + step / 2 + k * step, r + 2, r) for k, s in enumerate(symbols))
    return (f'<svg class="component" viewBox="0 0 {width:g} {2 * r + 4:g}" width="{width:g}" height="{2 * r + 4:g}" '
            f'aria-hidden="true" font-family="DejaVu Sans, sans-serif">{chips}</svg>')


# --- small drawing helpers --------------------------------------------------------------------------


def chip(symbol: str, cx: float, cy: float, r: float) -> str:
    fill, ink = CHIPS[symbol]
    return (f'<circle cx="{cx:g}" cy="{cy:g}" r="{r:g}" fill="{fill}" stroke="{INK}" stroke-width="1"/>'
            + text(cx, cy + r * 0.42, LETTER[symbol], r * 1.15, anchor="middle", weight="bold", fill=ink))


def text(x: float, y: float, words: str, size: float, anchor: str = "start", weight: str = "normal",
         fill: str = INK) -> str:
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" text-anchor="{anchor}" font-weight="{weight}" '
            f'fill="{fill}">{escape(words)}</text>')


def fitted(words: str, most: int) -> str:
    """``words`` cut to ``most`` characters with an ellipsis (a long name must not run off the board)."""
    return words if len(words) <= most else words[:most - 1] + "…"


def short_names(names: list[str]) -> dict[str, str]:
    """Each name's shortest opening (1-3 letters) that no other name shares, for the palaces."""
    tags = {}
    for name in names:
        for n in (1, 2, 3):
            tag = name[:n]
            if sum(other[:n] == tag for other in names) == 1 or n == 3:
                break
        tags[name] = tag
    return tags
