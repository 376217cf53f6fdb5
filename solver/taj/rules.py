"""TAJ's rules model: the truth every other module is tested against. The scorer, the hints and
the rules protocol call it rather than hold a rule of their own.

Rulebook sections are quoted by their headings in ``taj-rug-card-game.txt``. Rug positions are
0-based here and 1-based wherever a person reads them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import Enum
from functools import cached_property
from itertools import permutations, product

from tajkit.solver.taj.spec import Spec


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
    rug = display.rugs[display.plus_rug]
    for colour in (rug if spec.plus_per_portion else set(rug)):
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


class Vote(str, Enum):
    """The Voting Cards: Yea/Nay (used again and again) and All/Nix (once a game)."""

    yea = "yea"
    nay = "nay"
    all = "all"
    nix = "nix"

    @property
    def all_nix(self) -> bool:
        return self in (Vote.all, Vote.nix)


def votes_allowed(proposing: bool, all_nix_spent: bool) -> list[Vote]:
    """Voting, All/Nix Cards: Yea or Nay always; All or Nix once a game, never on one's own
    proposal."""
    if proposing or all_nix_spent:
        return [Vote.yea, Vote.nay]
    return list(Vote)


def vote_outcome(votes: Sequence[Vote]) -> tuple[Outcome, int]:
    """Vote Outcome and All/Nix Cards: the outcome of ``votes`` cast in turn order from the
    proposer (``votes[0]``), and who chooses the rug to remove and the Taj's move (an index into
    ``votes``): the first All/Nix card in turn order forces its unanimous outcome and its voter
    chooses; without one the proposer chooses."""
    for k, vote in enumerate(votes):
        if vote.all_nix:
            return (Outcome.unanimous_yea if vote is Vote.all else Outcome.unanimous_nay), k
    return outcome_of(sum(v is Vote.yea for v in votes), len(votes)), 0


def after_vote(display: Display, i: int, j: int, outcome: Outcome) -> Display:
    """What the outcome of proposal (i, j) does before anyone chooses: both proposed rugs turn eye
    up (Curator's Eye), and they swap if the proposal passes."""
    after = display.eyes_up(i, j)
    return after.swap(i, j) if outcome.swaps else after


def results(display: Display, i: int, j: int, outcome: Outcome) -> list[tuple[str, Display]]:
    """Every display the outcome of proposal (i, j) can leave, with the choices that lead there
    (which of two equally far rugs leaves; how the Taj is flipped or shifted)."""
    after = after_vote(display, i, j, outcome)
    if outcome.swaps:
        options = [("the rugs swap", after)]
    elif outcome.removes:
        options = [(f"rug {k + 1} leaves", after.remove(k)) for k in after.furthest()]
    else:
        options = [("nothing changes", after)]
    if outcome.adjusts:
        options = [(f"{what}, then {how}", adjusted) for what, d in options for how, adjusted in d.adjustments()]
    return options


# --- the components (rulebook: Components, Setup) ---------------------------------------------


def possible_rugs(spec: Spec) -> list[Rug]:
    """What a rug card can be: a colour for each of its three portions (the rulebook does not list
    the ten cards; ``repeat_colours`` says whether one rug may show a colour twice)."""
    rugs = product(spec.colours, repeat=len(spec.points))
    return [r for r in rugs if spec.repeat_colours or len(set(r)) == len(r)]  # type: ignore[misc]


def possible_goals(spec: Spec) -> list[tuple[str, ...]]:
    """What a secret goal card can be: a different colour for each modifier (Scoring; the
    rulebook does not list the ten cards)."""
    return list(permutations(spec.colours, len(spec.modifiers)))


def start_display(spec: Spec, rugs: Sequence[Rug]) -> Display:
    """Setup: the rugs in a row, ``start_left`` of them left of the Taj, the Taj over the next
    ``width`` with its "+1" on ``start_side``, every Curator's Eye away from the Taj."""
    return Display(tuple(rugs), spec.start_left, spec.start_side == "right", (False,) * len(rugs), spec.width)


@dataclass(frozen=True)
class Player:
    name: str
    goal: tuple[str, str, str] | None  # None: still secret (a game in progress, rulebook: Setup)
    all_nix_used: bool = False


@dataclass(frozen=True)
class Table:
    display: Display
    players: tuple[Player, ...]
    proposer: str | None = None
    eyes_known: bool = False  # the state file said which rugs show the Curator's Eye
    proposal: tuple[int, int] | None = None  # the two rugs (0-based) a proposal being voted on would switch

    @cached_property
    def names(self) -> list[str]:
        return [p.name for p in self.players]

    def player(self, name: str) -> Player:
        return next(p for p in self.players if p.name == name)
