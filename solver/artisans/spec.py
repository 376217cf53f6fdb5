"""Artisans of the Taj Mahal: the typed game data (the sheet's features, groups, dice, raindrops
and trees) read from ``seeds/artisans.toml`` and checked, and ``load_spec()``.

What the data means in play (the scoring conditions, the moves a roll allows) is the rules
model's, ``rules.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from tajkit.solver import seeddata
from tajkit.solver.errors import BadData


GAME_ID = "artisans"  # the game's id: in state files (`game = "artisans"`) and the seed's name


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


@cache
def _seed_model() -> Any:
    """The typed shape of ``seeds/artisans.toml`` (unknown keys are errors, nothing is coerced)."""
    from typing import Literal

    from pydantic import Field, model_validator

    from tajkit.solver.artisans.rules import CONDITIONS
    from tajkit.solver.seedmodels import Ident, Name, SeedFile, Source, Strict, Text, renamed

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
        boxes_source: Source = renamed("boxes_source", "source")
        condition_source: Source = renamed("condition_source", "source", description="of the condition with its target")
        stars: int = Field(ge=0, le=99)
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
        count_source: Source = renamed("count_source", "source")
        faces: int = Field(ge=2, le=8, description="faces per die, 2-8")
        faces_source: Source = renamed("faces_source", "source")

    class Raindrops(Strict):
        total: int = Field(ge=1, le=40, description="raindrops per player, 1-40")
        total_source: Source = renamed("total_source", "source")
        clouds: list[int] = Field(min_length=1, max_length=6, description="raindrops per cloud on the sheet")
        clouds_source: Source

    class Trees(Strict):
        count: int = Field(ge=0, le=8, description="fruit trees, 0-8")
        count_source: Source = renamed("count_source", "source")
        penalty: int = Field(ge=0, le=10, description="points lost per unwatered tree, 0-10")
        penalty_source: Source

    class GroupData(Strict):
        die: int = Field(ge=1, le=8)
        name: Name
        name_source: Source = renamed("name_source", "source")

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
                stars_official=f.stars_source == "rulebook" or seeddata.replaced(f.stars, shipped, "features", f.id, "stars"),
                aliases=tuple(f.aliases),
            )
            for f in seed.features
        ),
        groups=tuple(Group(g.die, g.name) for g in seed.groups),
        faces=seed.dice.faces,
        raindrops=seed.raindrops.total,
        clouds=tuple(seed.raindrops.clouds),
        trees=seed.trees.count,
        trees_official=seed.trees.count_source == "rulebook" or seeddata.replaced(seed.trees.count, shipped, "trees", "count"),
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


def load_spec(data: Path | None = None) -> Spec:
    """The sheet spec from ``seeds/artisans.toml`` and the user's override file in ``data``, if any."""
    return spec_from_seed(seeddata.typed("artisans", _seed_model(), data), seeddata.packaged("artisans"))
