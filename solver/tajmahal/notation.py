"""Taj Mahal's actions and their notation, case-insensitive.

A card is its symbols by letter, ``E`` elephant, ``T`` tiger, ``P`` princess, ``Y`` yellow
advisor, ``W`` white advisor, ``M`` the Taj Mahal (``ET`` shows an elephant and a tiger; full names
joined by ``+`` also read: ``elephant+tiger``). A turn is ``play ET P`` (1 or 2 cards; ``play`` may
be left out) or ``withdraw`` (or ``out``); the chance event that opens the game is ``start Asha``.
``Asha: play E`` names the player too, and is refused when it is not her turn. Whether the rules
allow the action named is ``protocol.py``'s.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tajkit.solver.errors import BadInput, BadState
from tajkit.solver.protocol import CHANCE
from tajkit.solver.tajmahal.rules import TURN_RULE, Card, Play, Withdraw
from tajkit.solver.tajmahal.spec import SYMBOLS, Spec

if TYPE_CHECKING:
    from tajkit.solver.tajmahal.protocol import TajMahalRules, TajMahalState

LETTERS = dict(zip("etpywm", SYMBOLS))
LETTER_OF = {symbol: letter.upper() for letter, symbol in LETTERS.items()}
SYMBOL_NAMES = {**{s: s for s in SYMBOLS}, "yellow": "yellow_advisor", "white": "white_advisor",
                "mahal": "taj", "princesses": "princess"}
CARD_HELP = ("a card is its symbols: E elephant, T tiger, P princess, Y yellow advisor, W white advisor, M Taj "
             "Mahal (ET shows an elephant and a tiger)")


@dataclass(frozen=True)
class Start:
    """Chance: the starting player, determined randomly (rulebook: Setup 7)."""

    player: str


Action = Start | Play | Withdraw


# --- a card ----------------------------------------------------------------------------------------


def card_text(card: Card) -> str:
    return "".join(LETTER_OF[s] for s in card.symbols)


def canonical(symbols: Sequence[str]) -> Card:
    return Card(tuple(sorted(symbols, key=SYMBOLS.index)))


def read_card(spec: Spec, text: str) -> Card:
    """A card from ``ET``, ``e+t`` or ``elephant+tiger``; ``BadInput`` naming the notation."""
    symbols: list[str] = []
    for part in text.lower().split("+"):
        if part in SYMBOL_NAMES:
            symbols.append(SYMBOL_NAMES[part])
        elif part and all(c in LETTERS for c in part):
            symbols += [LETTERS[c] for c in part]
        else:
            raise BadInput(f"{text!r} is not a card: {CARD_HELP}")
    if len(symbols) > spec.max_symbols:
        raise BadInput(f"{text!r} shows {len(symbols)} symbols: a card shows at most {spec.max_symbols} "
                       f"(tajkit's bound for input)")
    return canonical(symbols)


def setup_card(spec: Spec, value: Any, where: str) -> Card:
    """A card of the setup: its notation (``"ET"``) or the list of its symbols, as a record writes it."""
    if isinstance(value, list) and value and all(isinstance(s, str) and s in SYMBOLS for s in value):
        if len(value) <= spec.max_symbols:
            return canonical(value)
    if isinstance(value, str):
        try:
            return read_card(spec, value)
        except BadInput as bad:
            raise BadState(f"{where}: {bad.problems[0]}") from None
    raise BadState(f"{where} = {value!r}: {CARD_HELP}, or a list of {', '.join(SYMBOLS)}")


# --- an action -------------------------------------------------------------------------------------


def format_action(action: Action) -> str:
    if isinstance(action, Start):
        return f"start {action.player}"
    if isinstance(action, Withdraw):
        return "withdraw"
    return "play " + " ".join(card_text(c) for c in action.cards)


def parse_action(rules: TajMahalRules, state: TajMahalState, text: str) -> Action:
    """The action ``text`` names, before the rules check it (``rules.check``); a player named who
    is not to act is refused here, with the rule."""
    words = text.strip()
    who = rules.to_act(state)
    named = re.match(r"^([^:]+):\s*(.*)$", words)
    if named and who not in (None, CHANCE):
        name, words = named[1].strip(), named[2]
        seat = next((k for k, n in enumerate(state.names) if n.lower() == name.lower()), None)
        if seat is not None and state.round.withdrawn[seat]:
            raise rules.refusal(state, f"{state.names[seat]} has already withdrawn: once withdrawn, a player takes "
                                f"no more actions this round ({TURN_RULE})")
        if name.lower() != who.lower():
            raise rules.refusal(state, f"{name} acts but it is {who}'s turn: turns go clockwise among players "
                                f"still in ({TURN_RULE})")
    low = words.lower()
    if low.startswith("start ") or low == "start":
        name = words[5:].strip()
        match = next((n for n in state.names if n.lower() == name.lower()), None)
        if match is None:
            raise BadInput(f"start {name!r}: not one of the players ({', '.join(state.names)})")
        return Start(match)
    if low in ("withdraw", "out"):
        return Withdraw()
    tokens = [t for t in re.split(r"[\s,]+", words) if t and t.lower() != "and"]
    if tokens[:1] and tokens[0].lower() == "play":
        tokens = tokens[1:]
    if not tokens:
        raise BadInput(f"{text!r}: a turn is 'play' and 1 or {rules.spec.per_turn} cards ({CARD_HELP}), or "
                       "'withdraw'")
    return Play(tuple(sorted(read_card(rules.spec, t) for t in tokens)))
