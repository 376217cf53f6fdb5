"""TAJ: the one rules model used by the scorer and the hints.

Rulebook sections are quoted by their headings in ``taj-rug-card-game.txt``. Rug positions are
0-based here and 1-based wherever a person reads them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import Enum
from functools import cached_property
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from tajkit import seeds
from tajkit.solver.errors import BadInput


@dataclass(frozen=True)
class Spec:
    colours: tuple[str, ...]
    portions: tuple[str, ...]  # outer, middle, centre
    points: tuple[int, ...]  # 1, 2, 3
    at_start: int
    ends_at: int
    width: int  # rugs under the Taj
    plus_one: int
    start_side: str
    modifiers: tuple[int, ...]  # 2, 1, -1
    max_players: int
    repeat_colours: bool


Rug = tuple[str, str, str]  # outer, middle, centre colour


@dataclass(frozen=True)
class Display:
    """The row of rugs, the Taj over ``width`` of them from ``taj`` (0-based), the side of its +1,
    and which rugs show the Curator's Eye."""

    rugs: tuple[Rug, ...]
    taj: int
    plus_right: bool
    eyes: tuple[bool, ...]
    width: int = 3

    @property
    def under(self) -> range:
        return range(self.taj, self.taj + self.width)

    @property
    def plus_rug(self) -> int:
        return self.taj + self.width - 1 if self.plus_right else self.taj

    def distance(self, i: int) -> int:
        """How far rug ``i`` lies from the Taj (0 under it)."""
        if i < self.taj:
            return self.taj - i
        return max(0, i - (self.taj + self.width - 1))

    def furthest(self) -> list[int]:
        """Vote Outcome: the rug(s) furthest from the Taj; with two at the same distance the
        Proposer chooses."""
        far = max(self.distance(i) for i in range(len(self.rugs)))
        return [i for i in range(len(self.rugs)) if self.distance(i) == far]

    def swap(self, i: int, j: int) -> Display:
        rugs, eyes = list(self.rugs), list(self.eyes)
        rugs[i], rugs[j] = rugs[j], rugs[i]
        eyes[i], eyes[j] = eyes[j], eyes[i]
        return replace(self, rugs=tuple(rugs), eyes=tuple(eyes))

    def eyes_up(self, *positions: int) -> Display:
        """Curator's Eye: after every proposal both proposed rugs are turned eye up."""
        eyes = list(self.eyes)
        for i in positions:
            eyes[i] = True
        return replace(self, eyes=tuple(eyes))

    def remove(self, i: int) -> Display:
        rugs = self.rugs[:i] + self.rugs[i + 1 :]
        eyes = self.eyes[:i] + self.eyes[i + 1 :]
        return replace(self, rugs=rugs, eyes=eyes, taj=self.taj - (i < self.taj))

    def adjustments(self) -> list[tuple[str, Display]]:
        """Unanimous Outcomes: flip the Taj, or shift it one rug left or right, only toward a side
        with at least one rug."""
        out = [("flip the Taj", replace(self, plus_right=not self.plus_right))]
        if self.taj > 0:
            out.append(("shift the Taj one rug left", replace(self, taj=self.taj - 1)))
        if self.taj + self.width < len(self.rugs):
            out.append(("shift the Taj one rug right", replace(self, taj=self.taj + 1)))
        return out

    def ended(self, spec: Spec) -> bool:
        """Game End: after a turn that leaves every rug eye up, or exactly 5 rugs."""
        return all(self.eyes) or len(self.rugs) == spec.ends_at


def symbols(spec: Spec, display: Display) -> dict[str, int]:
    """Playing the Game: each portion of the rugs under the Taj adds its points (outer 1, middle 2,
    centre 3) to its colour."""
    values = dict.fromkeys(spec.colours, 0)
    for i in display.under:
        for colour, points in zip(display.rugs[i], spec.points):
            values[colour] += points
    return values


def colour_values(spec: Spec, display: Display) -> dict[str, int]:
    """The symbols, and one more point for each colour within the rug under the "+1" (End Game
    Display: "Add 1 point to the value of each color within the Rug under the +1")."""
    values = symbols(spec, display)
    for colour in set(display.rugs[display.plus_rug]):
        values[colour] += spec.plus_one
    return values


def goal_score(spec: Spec, goal: Sequence[str], values: dict[str, int]) -> int:
    """Scoring: each goal colour's value times its modifier (2, 1, -1), summed."""
    return sum(m * values[c] for m, c in zip(spec.modifiers, goal))


# --- voting (rulebook: Vote Outcome, Unanimous Outcomes, All/Nix Cards) -------------------------


class Outcome(str, Enum):
    passes = "passes"  # majority Yea: swap
    unanimous_yea = "unanimous_yea"  # all Yea (or an All card): swap, then flip or shift the Taj
    tied = "tied"  # no action
    fails = "fails"  # majority Nay: the furthest rug leaves
    unanimous_nay = "unanimous_nay"  # all Nay (or a Nix card): the furthest rug leaves, then flip or shift

    @property
    def swaps(self) -> bool:
        return self in (Outcome.passes, Outcome.unanimous_yea)

    @property
    def removes(self) -> bool:
        return self in (Outcome.fails, Outcome.unanimous_nay)

    @property
    def adjusts(self) -> bool:
        return self in (Outcome.unanimous_yea, Outcome.unanimous_nay)


def outcome_of(yeas: int, players: int) -> Outcome:
    """Vote Outcome from the number of Yea votes among ``players`` voters."""
    nays = players - yeas
    if yeas == players:
        return Outcome.unanimous_yea
    if nays == players:
        return Outcome.unanimous_nay
    if yeas > nays:
        return Outcome.passes
    return Outcome.fails if nays > yeas else Outcome.tied


def possible_outcomes(players: int) -> list[Outcome]:
    """The outcomes a vote of ``players`` can have (with two players, no plain majority)."""
    found = {outcome_of(y, players) for y in range(players + 1)}
    return [o for o in Outcome if o in found]


def results(display: Display, i: int, j: int, outcome: Outcome) -> list[tuple[str, Display]]:
    """Every display the outcome of proposal (i, j) can leave, with the choices that lead there
    (which of two equally far rugs leaves; how the Taj is flipped or shifted)."""
    after = display.eyes_up(i, j)
    if outcome.swaps:
        options = [("the rugs swap", after.swap(i, j))]
    elif outcome.removes:
        options = [(f"rug {k + 1} leaves", after.remove(k)) for k in after.furthest()]
    else:
        options = [("nothing changes", after)]
    if outcome.adjusts:
        options = [(f"{what}, then {how}", adjusted) for what, d in options for how, adjusted in d.adjustments()]
    return options


# --- the spec, read from the seed file ----------------------------------------------------------


class _SpecData(BaseModel):
    model_config = ConfigDict(extra="ignore")
    colours: dict[str, Any]
    rugs: dict[str, Any]
    taj: dict[str, Any]
    goals: dict[str, Any]
    players: dict[str, Any]


def spec_from_data(data: dict[str, Any]) -> Spec:
    try:
        d = _SpecData.model_validate(data)
        spec = Spec(
            colours=tuple(d.colours["names"]),
            portions=tuple(d.rugs["portions"]),
            points=tuple(int(p) for p in d.rugs["points"]),
            at_start=int(d.rugs["at_start"]),
            ends_at=int(d.rugs["game_ends_at"]),
            width=int(d.taj["width"]),
            plus_one=int(d.taj["plus_one"]),
            start_side=str(d.taj["start_side"]),
            modifiers=tuple(int(m) for m in d.goals["modifiers"]),
            max_players=int(d.players["max"]),
            repeat_colours=bool(d.rugs["repeat_colours"]),
        )
    except (ValidationError, KeyError, TypeError, ValueError) as exc:
        raise BadInput(f"taj game data: {exc}") from None
    if len(spec.points) != len(spec.portions):
        raise BadInput("taj game data: rugs.points needs one value per portion")
    return spec


def load_spec() -> Spec:
    return spec_from_data(seeds.load("taj"))


@dataclass(frozen=True)
class Player:
    name: str
    goal: tuple[str, str, str]
    all_nix_used: bool = False


@dataclass(frozen=True)
class Table:
    display: Display
    players: tuple[Player, ...]
    proposer: str | None = None
    eyes_known: bool = False  # the state file said which rugs show the Curator's Eye

    @cached_property
    def names(self) -> list[str]:
        return [p.name for p in self.players]

    def player(self, name: str) -> Player:
        return next(p for p in self.players if p.name == name)
