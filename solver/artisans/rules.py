"""Artisans of the Taj Mahal: the one rules model used by the sheet, the scorer and the solver.

Rulebook sections are quoted by their headings in ``artisans-of-the-taj-mahal.txt``.
A feature's values are a tuple in the state-file order; 0 is an empty box.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property
from itertools import product
from typing import Any, Callable

from tajkit import seeds
from tajkit.solver.errors import BadData

EMPTY = 0


@dataclass(frozen=True)
class Feature:
    id: str
    group: int
    title: str
    craftsperson: str
    boxes: tuple[str, ...]
    condition: str
    rule: str
    short_rule: str
    stars: int
    target: int | None = None
    stars_official: bool = False  # the rulebook states the star value (else a tajkit default)
    aliases: tuple[str, ...] = ()  # earlier state-file keys, still accepted

    @property
    def size(self) -> int:
        return len(self.boxes)

    def failure(self, values: tuple[int, ...]) -> str | None:
        """Why these values score nothing, or None when they score (rulebook: Scoring Conditions)."""
        empty = values.count(EMPTY)
        if empty:
            return "incomplete" if empty == 1 else f"incomplete ({empty} empty boxes)"
        return CONDITIONS[self.condition].failure(values, self.target)

    def can_still_score(self, values: tuple[int, ...], faces: int) -> bool:
        """Whether some filling of the empty boxes with die values 1-``faces`` meets the condition
        (rulebook: Scoring Conditions); a feature that cannot is lost, whatever is rolled."""
        empty = [i for i, v in enumerate(values) if v == EMPTY]
        for filling in product(range(1, faces + 1), repeat=len(empty)):
            full = list(values)
            for box, value in zip(empty, filling):
                full[box] = value
            if self.failure(tuple(full)) is None:
                return True
        return False


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
    pad_columns: int = 6  # player columns on the printed score pad
    trees_official: bool = False  # the rulebook states the number of trees (else a tajkit default)

    def default_notes(self) -> tuple[str, ...]:
        """What a score or hint rests on that is a tajkit default, not the rulebook's (DESIGN:
        never present an invented number as official)."""
        notes = []
        stars = [f for f in self.features if not f.stars_official]
        if stars:
            listed = ", ".join(f"{f.title} {f.stars}" for f in stars)
            which = "the star values" if len(stars) == len(self.features) else "these star values"
            notes.append(f"{which} are tajkit defaults, the rulebook gives none: {listed}; set your printing's "
                         "with --data (docs/data.md)")
        if not self.trees_official:
            notes.append(f"{self.trees} fruit trees is a tajkit default (the rulebook does not say how many); set "
                         "your sheet's with --data")
        return tuple(notes)

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

    @cached_property
    def max_turns(self) -> int:
        """Each turn fills a box or marks at least one raindrop, so a game lasts at most this long
        (rulebook: End of the Game)."""
        return self.box_count + self.raindrops


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


@cache
def _seed_model() -> Any:
    """The typed shape of ``seeds/artisans.toml`` (unknown keys are errors, nothing is coerced)."""
    from typing import Literal

    from pydantic import Field, model_validator

    from tajkit.solver.seedmodels import Ident, Name, SeedFile, Source, Strict, Text

    class FeatureData(Strict):
        id: Ident
        aliases: list[Ident] = Field(default=[], max_length=4)
        group: int = Field(ge=1, le=8)
        title: Name
        craftsperson: Name
        boxes: list[Name] = Field(min_length=1, max_length=5, description="1-5 box names, in state-file order")
        condition: Literal[tuple(CONDITIONS)] = Field(description=f"one of {', '.join(CONDITIONS)}")  # type: ignore[valid-type]
        target: int | None = Field(default=None, ge=0, le=60)
        short_rule: Text
        rule: Text
        stars: int = Field(ge=0, le=99)
        source: Source
        stars_source: Source

        @model_validator(mode="after")
        def _condition_fits(self) -> FeatureData:
            kind = CONDITIONS[self.condition]
            if not kind.sizes(len(self.boxes)):
                raise ValueError(f"condition {self.condition!r} does not fit {len(self.boxes)} boxes")
            if kind.needs_target and self.target is None:
                raise ValueError(f"condition {self.condition!r} needs a target")
            return self

    class Dice(Strict):
        count: Literal[2] = Field(description="the game rolls two dice (rulebook: Setting Up)")
        faces: int = Field(ge=2, le=8, description="faces per die, 2-8")
        source: Source

    class Raindrops(Strict):
        total: int = Field(ge=1, le=40, description="raindrops per player, 1-40")
        source: Source
        clouds: list[int] = Field(min_length=1, max_length=6, description="raindrops per cloud on the sheet")
        clouds_source: Source

    class Trees(Strict):
        count: int = Field(ge=0, le=8, description="fruit trees, 0-8")
        source: Source
        penalty: int = Field(ge=0, le=10, description="points lost per unwatered tree, 0-10")
        penalty_source: Source

    class GroupData(Strict):
        die: int = Field(ge=1, le=8)
        name: Name
        source: Source

    class SheetText(Strict):
        reminder: Text
        raindrops: Text
        trees: Text
        tie_break: Text

    class Scorepad(Strict):
        columns: int = Field(ge=1, le=8, description="player columns on the printed score pad, 1-8")
        columns_source: Source

    class Seed(SeedFile):
        dice: Dice
        raindrops: Raindrops
        trees: Trees
        groups: list[GroupData] = Field(min_length=2, max_length=8)
        sheet: SheetText
        features: list[FeatureData] = Field(min_length=1, max_length=12)
        scorepad: Scorepad

    return Seed


def spec_from_seed(seed: Any, shipped: dict[str, Any] | None = None) -> Spec:
    """The spec from a validated seed. A value tajkit marks as its default but that differs from
    what ``shipped`` (tajkit's own seed) holds is the user's, from --data: it is not called a
    default (no star on the sheet, no note)."""
    shipped = shipped or {}
    spec = Spec(
        features=tuple(
            Feature(
                id=f.id,
                group=f.group,
                title=f.title,
                craftsperson=f.craftsperson,
                boxes=tuple(f.boxes),
                condition=f.condition,
                rule=f.rule,
                short_rule=f.short_rule,
                stars=f.stars,
                target=f.target,
                stars_official=f.stars_source == "rulebook" or seeds.replaced(f.stars, shipped, "features", f.id, "stars"),
                aliases=tuple(f.aliases),
            )
            for f in seed.features
        ),
        groups=tuple(Group(g.die, g.name) for g in seed.groups),
        faces=seed.dice.faces,
        raindrops=seed.raindrops.total,
        clouds=tuple(seed.raindrops.clouds),
        trees=seed.trees.count,
        trees_official=seed.trees.source == "rulebook" or seeds.replaced(seed.trees.count, shipped, "trees", "count"),
        tree_penalty=seed.trees.penalty,
        title=seed.game.title,
        edition=seed.game.edition or "",
        texts=tuple(seed.sheet.model_dump().items()),
        pad_columns=seed.scorepad.columns,
    )
    problems = _spec_problems(spec)
    if problems:
        raise BadData(*(f"artisans game data: {p}" for p in problems))
    return spec


def _spec_problems(spec: Spec) -> list[str]:
    problems = []
    dice = [g.die for g in spec.groups]
    if sorted(dice) != list(range(1, spec.faces + 1)):
        problems.append(f"groups name the dice {sorted(dice)}: they must be 1-{spec.faces}, each once (one group per die face)")
    for f in spec.features:
        if f.group not in dice:
            problems.append(f"features[{f.id}].group = {f.group} is not a die face 1-{spec.faces}")
    ids = [key for f in spec.features for key in (f.id, *f.aliases)]
    if len(set(ids)) != len(ids):
        problems.append("features: each id and alias must be used once")
    if sum(spec.clouds) != spec.raindrops:
        problems.append(
            f"raindrops.clouds {list(spec.clouds)} hold {sum(spec.clouds)} raindrops, not the {spec.raindrops} of raindrops.total"
        )
    return problems


def load_spec() -> Spec:
    """The sheet spec from ``seeds/artisans.toml`` and the user's override file, if any."""
    return spec_from_seed(seeds.typed("artisans", _seed_model()), seeds.packaged("artisans"))


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
