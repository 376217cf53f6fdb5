"""Artisans of the Taj Mahal: the rules model, the one truth every other module is tested against.

The drawn sheet (``tajkit.sheets.artisans``), the scorer (``scoring.py``), the state-file checks (``files.py``), the
rules protocol (``protocol.py``) and the search (``search/``: its fast engine, exact ending,
rollouts and oracle) all rest on these functions or are held equal to them by the tests
(``Engine.moves`` == ``legal_moves``, the search's scores == ``score``). The game data they read
is ``spec.py``'s.

Rulebook sections are quoted by their headings in ``artisans-of-the-taj-mahal.txt``.
A feature's values are a tuple in the state-file order; 0 is an empty box.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Callable

from tajkit.solver.artisans.spec import Feature, Spec

EMPTY = 0


# --- conditions (rulebook: Scoring Conditions) -------------------------------------------------


@dataclass(frozen=True)
class Condition:
    failure: Callable[[tuple[int, ...], int | None], str | None]
    sizes: Callable[[int], bool]  # which box counts the condition makes sense for
    needs_target: bool = False
    # the same values in a canonical order: boxes the condition treats alike are sorted
    canonical: Callable[[tuple[int, ...]], tuple[int, ...]] = lambda values: values


def _sum_is(values: tuple[int, ...], target: int | None) -> str | None:
    shown = " + ".join(map(str, values))
    return None if sum(values) == target else f"{shown} ≠ {target}"


def _same_parity(values: tuple[int, ...], _: int | None) -> str | None:
    parities = {v % 2 for v in values}
    return None if len(parities) == 1 else f"mixes even and odd ({', '.join(map(str, values))})"


def _descending(values: tuple[int, ...], _: int | None) -> str | None:
    for below, above in zip(values, values[1:]):
        if above >= below:
            return f"{above} is not lower than the {below} beneath it"
    return None


def _identical(values: tuple[int, ...], _: int | None) -> str | None:
    return None if len(set(values)) == 1 else f"not all identical ({', '.join(map(str, values))})"


def _bottom_sum(values: tuple[int, ...], _: int | None) -> str | None:
    left, right, bottom = values
    return None if left + right == bottom else f"{left} + {right} ≠ {bottom}"


def _middle_low(values: tuple[int, ...], _: int | None) -> str | None:
    left, middle, right = values
    if middle >= left:
        return f"middle {middle} is not lower than the left {left}"
    if middle >= right:
        return f"middle {middle} is not lower than the right {right}"
    return None


def _sorted(values: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted(values))


def _first_two_sorted(values: tuple[int, ...]) -> tuple[int, ...]:
    return (*sorted(values[:2]), *values[2:])


def _ends_sorted(values: tuple[int, ...]) -> tuple[int, ...]:
    left, middle, right = values
    return (min(left, right), middle, max(left, right))


CONDITIONS: dict[str, Condition] = {
    "sum_is": Condition(_sum_is, lambda n: n >= 1, needs_target=True, canonical=_sorted),
    "same_parity": Condition(_same_parity, lambda n: n >= 1, canonical=_sorted),
    "descending": Condition(_descending, lambda n: n >= 1),
    "identical": Condition(_identical, lambda n: n >= 1, canonical=_sorted),
    "bottom_sum": Condition(_bottom_sum, lambda n: n == 3, canonical=_first_two_sorted),
    "middle_low": Condition(_middle_low, lambda n: n == 3, canonical=_ends_sorted),
}


def failure(feature: Feature, values: tuple[int, ...]) -> str | None:
    """Why these values score nothing, or None when they score (rulebook: Scoring Conditions)."""
    empty = values.count(EMPTY)
    if empty:
        return "incomplete" if empty == 1 else f"incomplete ({empty} empty boxes)"
    return CONDITIONS[feature.condition].failure(values, feature.target)


def can_still_score(feature: Feature, values: tuple[int, ...], faces: int) -> bool:
    """Whether some filling of the empty boxes with die values 1-``faces`` meets the condition
    (rulebook: Scoring Conditions); a feature that cannot is lost, whatever is rolled."""
    empty = [i for i, v in enumerate(values) if v == EMPTY]
    for filling in product(range(1, faces + 1), repeat=len(empty)):
        full = list(values)
        for box, value in zip(empty, filling):
            full[box] = value
        if failure(feature, tuple(full)) is None:
            return True
    return False


# --- the player's sheet and its score ----------------------------------------------------------


@dataclass(frozen=True)
class Sheet:
    """One player's sheet: the values per feature (spec order), raindrops used, trees watered."""

    values: tuple[tuple[int, ...], ...]
    raindrops_used: int = 0
    trees_watered: int = 0

    @classmethod
    def empty(cls, spec: Spec) -> Sheet:
        return cls(tuple((EMPTY,) * f.size for f in spec.features))

    def raindrops_left(self, spec: Spec) -> int:
        return spec.raindrops - self.raindrops_used

    def filled_boxes(self) -> int:
        return sum(1 for vals in self.values for v in vals if v != EMPTY)

    def is_full(self) -> bool:
        return all(v != EMPTY for vals in self.values for v in vals)

    def ends_game(self, spec: Spec) -> bool:
        """Rulebook (End of the Game): the final empty box filled or the last raindrop used."""
        return self.is_full() or self.raindrops_used >= spec.raindrops

    def filled_in_group(self, spec: Spec, die: int) -> int:
        return sum(
            1
            for f, vals in zip(spec.features, self.values)
            if f.group == die
            for v in vals
            if v != EMPTY
        )


@dataclass(frozen=True)
class FeatureScore:
    feature: Feature
    values: tuple[int, ...]
    points: int
    reason: str | None  # why it scores nothing; None when it scores its stars


@dataclass(frozen=True)
class Score:
    features: tuple[FeatureScore, ...]
    unwatered_trees: int
    tree_penalty: int
    total: int
    unused_raindrops: int


def score(spec: Spec, sheet: Sheet) -> Score:
    """Rulebook (Scoring): stars of each completed feature meeting its condition, minus 1 per
    unwatered fruit tree."""
    rows = []
    for feature, values in zip(spec.features, sheet.values):
        reason = failure(feature, values)
        rows.append(FeatureScore(feature, values, 0 if reason else feature.stars, reason))
    unwatered = spec.trees - sheet.trees_watered
    penalty = unwatered * spec.tree_penalty
    return Score(
        features=tuple(rows),
        unwatered_trees=unwatered,
        tree_penalty=penalty,
        total=sum(r.points for r in rows) - penalty,
        unused_raindrops=sheet.raindrops_left(spec),
    )


# --- a turn: the moves a roll allows (rulebook: Playing the Game) ------------------------------


@dataclass(frozen=True)
class Move:
    """What a player does with a roll: write ``value`` into ``feature``'s box ``box`` (0-based,
    state-file order), having marked ``raindrops`` (alterations, plus one if ``water_tree``);
    or ``skip``: write nothing and mark one raindrop."""

    feature: str | None
    box: int | None
    value: int | None
    raindrops: int
    water_tree: bool = False
    skip: bool = False
    group_die: int | None = None  # the rolled die used to select the group
    value_die: int | None = None  # the rolled die used as the value

    @classmethod
    def skip_turn(cls) -> Move:
        return cls(None, None, None, 1, skip=True)


def legal_moves(spec: Spec, sheet: Sheet, roll: tuple[int, int]) -> list[Move]:
    """Every legal move for ``roll``, each at its lowest raindrop cost, the skip last.

    Rulebook (Playing the Game, Altering dice results, Watering fruit trees): one die selects a
    feature group and the other is written into any empty box of that group; each raindrop marked
    alters a die by 1 within 1..6, never beyond the raindrops left; a value written in the garden
    group may water a tree for one more raindrop; a player unable or unwilling to write marks one
    raindrop instead. (The solver's ``engine.py`` computes the same list its own, faster way; the
    tests hold the two equal.)
    """
    left = sheet.raindrops_left(spec)
    may_water = sheet.trees_watered < spec.trees
    moves: list[Move] = []
    for feature, values in zip(spec.features, sheet.values):
        empties = [b for b, v in enumerate(values) if v == EMPTY]
        g = feature.group
        for x in range(1, spec.faces + 1):
            (group_die, value_die), cost = alteration(roll, g, x)
            if cost > left:
                continue
            for box in empties:
                moves.append(Move(feature.id, box, x, cost, False, False, group_die, value_die))
                if g == spec.garden_group and may_water and cost + 1 <= left:
                    moves.append(Move(feature.id, box, x, cost + 1, True, False, group_die, value_die))
    if left >= 1:
        moves.append(Move.skip_turn())
    return moves


def alteration(roll: tuple[int, int], group: int, value: int) -> tuple[tuple[int, int], int]:
    """Which rolled die to turn into the group and which into the value, and the raindrops that
    costs (one per step of 1: rulebook, Altering dice results); the first die picks the group when
    both ways cost the same."""
    a, b = roll
    first = abs(group - a) + abs(value - b)
    second = abs(group - b) + abs(value - a)
    return ((a, b), first) if first <= second else ((b, a), second)


def apply(spec: Spec, sheet: Sheet, move: Move) -> Sheet:
    """The sheet after ``move`` (which must be legal for it)."""
    used = sheet.raindrops_used + move.raindrops
    if move.skip:
        return Sheet(sheet.values, used, sheet.trees_watered)
    index = next(i for i, f in enumerate(spec.features) if f.id == move.feature)
    values = list(sheet.values)
    row = list(values[index])
    row[move.box] = move.value  # type: ignore[index]
    values[index] = tuple(row)  # type: ignore[arg-type]
    return Sheet(tuple(values), used, sheet.trees_watered + int(move.water_tree))
