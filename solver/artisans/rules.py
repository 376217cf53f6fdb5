"""Artisans of the Taj Mahal: the one rules model used by the sheet, the scorer and the solver.

Rulebook sections are quoted by their headings in ``artisans-of-the-taj-mahal.txt``.
A feature's values are a tuple in the state-file order; 0 is an empty box.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any, Callable

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from tajkit import seeds
from tajkit.solver.errors import BadInput

EMPTY = 0


@dataclass(frozen=True)
class Feature:
    id: str
    group: int
    title: str
    short: str
    craftsperson: str
    boxes: tuple[str, ...]
    condition: str
    rule: str
    short_rule: str
    stars: int
    target: int | None = None

    @property
    def size(self) -> int:
        return len(self.boxes)

    def failure(self, values: tuple[int, ...]) -> str | None:
        """Why these values score nothing, or None when they score (rulebook: Scoring Conditions)."""
        empty = values.count(EMPTY)
        if empty:
            return "incomplete" if empty == 1 else f"incomplete ({empty} empty boxes)"
        return CONDITIONS[self.condition].failure(values, self.target)


@dataclass(frozen=True)
class Group:
    die: int
    name: str


@dataclass(frozen=True)
class Spec:
    """The sheet: its features, groups, dice, raindrops and trees (from ``seeds/artisans.toml``)."""

    features: tuple[Feature, ...]
    groups: tuple[Group, ...]
    faces: int
    raindrops: int
    clouds: tuple[int, ...]
    trees: int
    tree_penalty: int
    title: str
    edition: str
    texts: tuple[tuple[str, str], ...] = ()  # words printed on the sheet, by key

    def text(self, key: str) -> str:
        return dict(self.texts).get(key, "")

    @cached_property
    def max_score(self) -> int:
        return sum(f.stars for f in self.features)

    @cached_property
    def by_id(self) -> dict[str, Feature]:
        return {f.id: f for f in self.features}

    @cached_property
    def garden_group(self) -> int:
        """The group whose placements may water a tree (rulebook: Watering fruit trees)."""
        return min(g.die for g in self.groups)

    def group_name(self, die: int) -> str:
        return next(g.name for g in self.groups if g.die == die)

    def features_in(self, die: int) -> tuple[Feature, ...]:
        return tuple(f for f in self.features if f.group == die)

    @cached_property
    def box_count(self) -> int:
        return sum(f.size for f in self.features)


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
        reason = feature.failure(values)
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


# --- the spec, read from the seed file and checked ---------------------------------------------


class _FeatureData(BaseModel):
    model_config = ConfigDict(extra="ignore")
    id: str
    group: int
    title: str
    short: str
    craftsperson: str
    boxes: list[str] = Field(min_length=1)
    condition: str
    rule: str
    short_rule: str
    stars: int = Field(ge=0)
    target: int | None = None

    @model_validator(mode="after")
    def _known_condition(self) -> _FeatureData:
        kind = CONDITIONS.get(self.condition)
        if kind is None:
            raise ValueError(f"unknown condition {self.condition!r} (known: {', '.join(CONDITIONS)})")
        if not kind.sizes(len(self.boxes)):
            raise ValueError(f"condition {self.condition!r} does not fit {len(self.boxes)} boxes")
        if kind.needs_target and self.target is None:
            raise ValueError(f"condition {self.condition!r} needs a target")
        return self


class _SpecData(BaseModel):
    model_config = ConfigDict(extra="ignore")
    game: dict[str, Any]
    dice: dict[str, Any]
    raindrops: dict[str, Any]
    trees: dict[str, Any]
    groups: list[dict[str, Any]]
    features: list[_FeatureData]
    sheet: dict[str, str] = {}


def spec_from_data(data: dict[str, Any]) -> Spec:
    try:
        parsed = _SpecData.model_validate(data)
        faces = int(parsed.dice["faces"])
        groups = tuple(Group(int(g["die"]), str(g["name"])) for g in parsed.groups)
        spec = Spec(
            features=tuple(
                Feature(
                    id=f.id,
                    group=f.group,
                    title=f.title,
                    short=f.short,
                    craftsperson=f.craftsperson,
                    boxes=tuple(f.boxes),
                    condition=f.condition,
                    rule=f.rule,
                    short_rule=f.short_rule,
                    stars=f.stars,
                    target=f.target,
                )
                for f in parsed.features
            ),
            groups=groups,
            faces=faces,
            raindrops=int(parsed.raindrops["total"]),
            clouds=tuple(int(c) for c in parsed.raindrops["clouds"]),
            trees=int(parsed.trees["count"]),
            tree_penalty=int(parsed.trees["penalty"]),
            title=str(parsed.game["title"]),
            edition=str(parsed.game["edition"]),
            texts=tuple(parsed.sheet.items()),
        )
    except (ValidationError, KeyError, TypeError, ValueError) as exc:
        raise BadInput(f"artisans game data: {exc}") from None
    _check_spec(spec)
    return spec


def _check_spec(spec: Spec) -> None:
    dice = {g.die for g in spec.groups}
    if dice != set(range(1, spec.faces + 1)):
        raise BadInput(f"artisans game data: groups must cover the die faces 1-{spec.faces}")
    for f in spec.features:
        if f.group not in dice:
            raise BadInput(f"artisans game data: feature {f.id} names group {f.group}, which is not a die face")
    if sum(spec.clouds) != spec.raindrops:
        raise BadInput(
            f"artisans game data: clouds {list(spec.clouds)} hold {sum(spec.clouds)} raindrops, "
            f"not the {spec.raindrops} of raindrops.total"
        )


def load_spec() -> Spec:
    """The sheet spec from ``seeds/artisans.toml`` and the user's override file, if any."""
    return spec_from_data(seeds.load("artisans"))


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
    """Every distinct legal move for ``roll``, each at its lowest raindrop cost, the skip last.

    Rulebook: one die selects a feature group and the other is written into any empty box of that
    group; each raindrop marked alters a die by 1 within 1..6, never beyond the raindrops left;
    a value written in the garden group may water a tree for one more raindrop; a player unable or
    unwilling to write marks one raindrop instead.
    """
    from tajkit.solver.artisans.engine import engine_for

    engine = engine_for(spec)
    return [engine.move(m, roll) for m in engine.moves(engine.pack(sheet), sheet.raindrops_used, sheet.trees_watered, roll, distinct=False)]


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
