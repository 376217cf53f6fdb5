"""Karigar-e-Taj's notation: every action as typed at the table, one short event each.

**A turn** (How to Play) is typed in steps, each a short event:

* free actions before the main action: ``build 5`` (a section of the level being built, when the
  Level tile's resources are held; one build a turn), ``hire 9R for 6 silver`` (after level 1: the
  Elephant is placed on a free space and acts there this turn);
* the main action, Acquire Resources: every worker (and the hired Elephant) moves (1.2 Movement of
  Workers), one step per destination: ``5L>7R``, ``5L+5L>7R`` (two workers together),
  ``supply+supply>3L`` (workers entering from the supply), ``elephant 7R>9L``; a step is offered
  only when the rest of the units can still complete a legal turn; ``pass`` only when no legal
  main action exists (a tajkit default: the rulebook does not say);
* then what is done on each space the player stands on, in the grid's order (a space with one
  possible act resolves by itself): ``5L take 1 gems+1 mortar``, ``5R 2 scaffolding>2 silver``,
  ``5R nothing``, ``T1 sell 1 wood``, ``T2 3 silver>1 gold``, ``A1 buy`` (``A1 buy, discard
  3pt for 2 marble`` when two Alliance cards are held already: 2. Using an Alliance Card);
* free actions after: ``build 5`` or ``end`` (the turn ends by itself when no build is possible).

Chance's draws are ``card 5 = yellow earn 1 gems; 2 wood>1 marble`` (the Bazaar card for place 5)
and ``A1 = 3pt for 2 marble`` (the Alliance card on slot A1); at the end each player shows what was
behind the screen: ``Asha blueprint 4``, ``Asha bonus 3``, ``Asha bakshish 2``. Case, runs of
spaces and spaces around signs do not matter. A text is read as the legal action it names, so the
refusal of any other says what is legal now (``protocol.py``'s words for the phase and its rule).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tajkit.solver.errors import IllegalMove
from tajkit.solver.karigar.rules import SUPPLY, Card, Offer, Space
from tajkit.solver.karigar.spec import Spec, describe
from tajkit.solver.karigar.state import OVER, Action, Build, Do, Draw, End, Go, Hire, KarigarState, Pass, Ride, Show

if TYPE_CHECKING:
    from tajkit.solver.karigar.protocol import KarigarRules

UNSUPPORTED = {
    "ability": "using an Alliance card's ability (rulebook: 2. Using an Alliance Card) is not supported yet: the rulebook "
    "does not say what the cards do",
    "favour": "playing a Bakshish card's favour during the game (rulebook: Free Actions c) is not supported yet: the rulebook "
    "does not say what the cards do; keep the card and show its Taj points at the end",
}
UNSUPPORTED_WORDS = {"ally": "ability", "ability": "ability", "alliance": "ability", "use": "ability",
                     "favour": "favour", "favor": "favour", "play": "favour"}


def format_action(spec: Spec, spaces: tuple[Space, ...], state: KarigarState, action: Action) -> str:
    """``action`` as typed at the table, on the Bazaar's ``spaces`` as they lie in ``state``."""
    if isinstance(action, Build):
        return f"build {action.section}"
    if isinstance(action, Hire):
        return f"hire {spaces[action.space].id} for {bag_text(spec, spec.hire[action.price])}"
    if isinstance(action, Go):
        return "+".join("supply" if o == SUPPLY else spaces[o].id for o in action.origins) + f">{spaces[action.space].id}"
    if isinstance(action, Ride):
        main = state.main
        origin = main.elephant_from if main is not None and main.elephant_from is not None else state.seats[state.seat].elephant
        return f"elephant {spaces[origin].id if origin is not None else '?'}>{spaces[action.space].id}"
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, End):
        return "end"
    if isinstance(action, Do):
        return act_text(spec, spaces, action)
    if isinstance(action, Draw):
        if isinstance(action.card, Card):
            return f"card {state.draws[0][1]} = {card_text(spec, action.card)}"
        return f"{spaces[state.draws[0][1]].id} = {offer_text(spec, action.card)}"
    if isinstance(action, Show):
        return f"{state.seats[state.seat].name} {action.what} {action.points}"
    raise TypeError(action)


def parse_action(rules: KarigarRules, state: KarigarState, text: str) -> Action:
    """The legal action whose text ``text`` is, case and spaces around signs aside; a word of an
    effect the rules do not support yet is refused naming it, any other text naming what is legal."""
    if state.phase == OVER:
        raise IllegalMove(f"{text.strip()[:40]!r}: the game is over (rulebook: Game End)")
    wanted = normal(text)
    found = rules.by_text(state).get(wanted)
    if found is not None:
        return found
    words = wanted.replace(">", " ").split()
    if words and words[0] in UNSUPPORTED_WORDS:
        raise IllegalMove(f"{text.strip()[:40]!r}: {UNSUPPORTED[UNSUPPORTED_WORDS[words[0]]]}")
    raise IllegalMove(rules.refusal(state, text.strip()[:40] or "nothing"))


def bag_text(spec: Spec, amounts: Sequence[int]) -> str:
    return describe(spec, amounts, joiner="+")


def act_text(spec: Spec, spaces: tuple[Space, ...], action: Do) -> str:
    act = action.act
    space = spaces[act.space]
    if act.buy:
        return f"{space.id} buy" + (f", discard {offer_text(spec, action.discard)}" if action.discard is not None else "")
    if act.take:
        return f"{space.id} take {bag_text(spec, act.take)}" if any(act.take) else f"{space.id} nothing"
    if act.use:
        return f"{space.id} " + " & ".join(f"{bag_text(spec, space.options[o].give)}>{bag_text(spec, space.options[o].get)}" for o in act.use)
    if act.sell:
        return f"{space.id} sell {bag_text(spec, act.sell)}"
    return f"{space.id} nothing"


def card_text(spec: Spec, card: Card) -> str:
    options = " or ".join(f"{bag_text(spec, o.give)}>{bag_text(spec, o.get)}" for o in card.options)
    return f"{'yellow' if card.yellow else 'blue'} earn {bag_text(spec, card.earn)}; {options}"


def offer_text(spec: Spec, offer: Offer) -> str:
    return f"{offer.points}pt for {bag_text(spec, offer.cost)}"


def normal(text: str) -> str:
    """Case, spaces around signs and runs of spaces do not matter."""
    text = re.sub(r"\s+", " ", text.strip().lower())
    return re.sub(r"\s*([>+&,;:=])\s*", r"\1", text)


def is_action(action: Any) -> bool:
    return isinstance(action, (Build, Hire, Go, Ride, Pass, Do, End, Draw, Show))
