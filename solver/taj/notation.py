"""TAJ's actions and their notation, case-insensitive, colours by any unambiguous start of their
name ("p g b") or their initials run together ("pgb"):

* a rug laid out: ``pink green blue`` (outer, middle, centre)
* a proposal: ``propose 2 5`` (rugs by their place from the left, 1-based; ``2 5`` is enough)
* a vote: ``yea``, ``nay``, ``all``, ``nix`` (``yes`` and ``no`` too)
* the chooser's rug: ``remove 10``; the Taj: ``flip``, ``shift left``, ``shift right``
* a goal card shown at the end: ``goal orange blue green`` (the x2, x1, x-1 colours)

What each phase expects and which actions the rules allow is ``protocol.py``'s.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Optional

from tajkit.solver import numbers
from tajkit.solver.errors import BadInput
from tajkit.solver.taj.rules import Rug, Vote
from tajkit.solver.taj.spec import Spec

Goal = tuple[str, ...]
TAJ_MOVES = {  # the notation's word for each of the model's Taj adjustments (Display.adjustments)
    "flip": "flip the Taj",
    "shift left": "shift the Taj one rug left",
    "shift right": "shift the Taj one rug right",
}


@dataclass(frozen=True)
class LayRug:
    """Chance: the next rug card laid out, its colours outer, middle, centre."""

    rug: Rug


@dataclass(frozen=True)
class Propose:
    """Two rugs (0-based places, ``first < second``) proposed to switch places."""

    first: int
    second: int


@dataclass(frozen=True)
class Cast:
    vote: Vote


@dataclass(frozen=True)
class Remove:
    """The rug (0-based place) that leaves the display when two are equally far."""

    rug: int


@dataclass(frozen=True)
class MoveTaj:
    how: str  # a key of TAJ_MOVES


@dataclass(frozen=True)
class ShowGoal:
    goal: Goal


Action = LayRug | Propose | Cast | Remove | MoveTaj | ShowGoal


def format_action(action: Action) -> str:
    if isinstance(action, LayRug):
        return " ".join(action.rug)
    if isinstance(action, Propose):
        return f"propose {action.first + 1} {action.second + 1}"
    if isinstance(action, Cast):
        return action.vote.value
    if isinstance(action, Remove):
        return f"remove {action.rug + 1}"
    if isinstance(action, MoveTaj):
        return action.how
    return "goal " + " ".join(action.goal)


def parse_action(spec: Spec, kind: type, text: str) -> Optional[Action]:
    """The action of type ``kind`` (the one the phase expects) that ``text`` names, or None when it
    names none; a colour that is no colour, or could be several, is ``BadInput`` naming them."""
    words = text.lower().replace(",", " ").replace("-", " ").split()
    return _PARSERS[kind](spec, words)


def _parse_rug(spec: Spec, words: list[str]) -> Optional[Action]:
    if words[:1] == ["rug"]:
        words = words[1:]
    colours = _colours(spec.colours, words, len(spec.points))
    return LayRug(colours) if colours else None  # type: ignore[arg-type]


def parse_goal(spec: Spec, words: list[str]) -> Optional[Action]:
    if words[:1] == ["goal"]:
        words = words[1:]
    colours = _colours(spec.colours, words, len(spec.modifiers))
    return ShowGoal(colours) if colours else None


def _parse_proposal(spec: Spec, words: list[str]) -> Optional[Action]:
    if words[:1] in (["propose"], ["p"]):
        words = words[1:]
    if len(words) != 2 or not all(numbers.looks_numeric(w) for w in words):
        return None
    a, b = sorted(numbers.whole_number(w, f"propose {' '.join(words)}") - 1 for w in words)
    return Propose(a, b)


def _parse_vote(spec: Spec, words: list[str]) -> Optional[Action]:
    if len(words) != 1:
        return None
    word = {"yes": "yea", "no": "nay"}.get(words[0], words[0])
    found = [v for v in Vote if v.value.startswith(word)]
    return Cast(found[0]) if len(found) == 1 else None


def _parse_removal(spec: Spec, words: list[str]) -> Optional[Action]:
    if words[:1] in (["remove"], ["r"]):
        words = words[1:]
    if len(words) != 1 or not numbers.looks_numeric(words[0]):
        return None
    return Remove(numbers.whole_number(words[0], f"remove {words[0]}") - 1)


def _parse_move(spec: Spec, words: list[str]) -> Optional[Action]:
    if words[:1] == ["shift"]:
        words = words[1:]
    if len(words) != 1:
        return None
    found = [how for how in TAJ_MOVES if how.split()[-1].startswith(words[0])]
    return MoveTaj(found[0]) if len(found) == 1 else None


def _colours(names: Sequence[str], words: list[str], count: int) -> Optional[tuple[str, ...]]:
    """``count`` colours, each by any unambiguous start of its name ("p g b"), or their initials
    run together ("pgb")."""
    if len(words) == 1 and len(words[0]) == count:
        words = list(words[0])
    if len(words) != count:
        return None
    return tuple(_colour(names, w) for w in words)


def _colour(names: Sequence[str], word: str) -> str:
    if word in names:
        return word
    found = [c for c in names if c.startswith(word)]
    if len(found) == 1:
        return found[0]
    which = f"{' or '.join(found)}?" if found else f"not a colour; the colours are {', '.join(names)}"
    raise BadInput(f"{word[:40]!r}: {which} (rulebook: Playing the Game)")


_PARSERS: dict[type, Callable[[Spec, list[str]], Optional[Action]]] = {
    LayRug: _parse_rug,
    Propose: _parse_proposal,
    Cast: _parse_vote,
    Remove: _parse_removal,
    MoveTaj: _parse_move,
    ShowGoal: parse_goal,
}
