"""TAJ's data: ``seeds/taj.toml`` (with a group's ``--data`` override) typed and checked.

Rulebook sections are quoted by their headings in ``taj-rug-card-game.txt``; what the rulebook
leaves open is a tajkit default in the seed file, with its source, and :class:`Spec` records
whether a reading is the rulebook's, tajkit's or a group's own.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from tajkit.solver import seeddata
from tajkit.solver.errors import BadData

GAME_ID = "taj"


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
    start_left: int  # rugs left of the Taj at the start
    modifiers: tuple[int, ...]  # 2, 1, -1
    min_players: int
    max_players: int
    repeat_colours: bool
    plus_per_portion: bool = False  # the +1 adds per portion (True) or once per colour (tajkit's reading)
    plus_reading_official: bool = False
    plus_reading_yours: bool = False  # a --data file changed tajkit's reading
    repeat_official: bool = False


@cache
def _seed_model() -> Any:
    """The typed shape of ``seeds/taj.toml`` (unknown keys are errors, nothing is coerced)."""
    from typing import Literal

    from pydantic import Field

    from tajkit.solver.seedmodels import Ident, Name, SeedFile, Source, Strict, renamed

    class Colours(Strict):
        names: list[Ident] = Field(min_length=3, max_length=8, description="3-8 colour names")
        names_source: Source = renamed("names_source", "source")

    class Rugs(Strict):
        portions: list[Name] = Field(min_length=3, max_length=3, description="outer, middle, centre")
        portions_source: Source = renamed("portions_source", "source")
        points: list[int] = Field(min_length=3, max_length=3, description="points of each portion, 0-9 each")
        points_source: Source = renamed("points_source", "source")
        at_start: int = Field(ge=4, le=16, description="rugs at the start, 4-16")
        at_start_source: Source
        game_ends_at: int = Field(ge=3, le=15, description="the game ends with exactly this many rugs")
        game_ends_at_source: Source
        repeat_colours: bool = Field(description="whether a rug may show one colour twice")
        repeat_colours_source: Source

    class Taj(Strict):
        width: int = Field(ge=1, le=5, description="rugs under the Taj card, 1-5")
        width_source: Source = renamed("width_source", "source")
        plus_one: int = Field(ge=0, le=9, description="the bonus of the +1 end, 0-9")
        plus_one_source: Source
        plus_one_reading: Literal["per_colour", "per_portion"] = Field(
            description="per_colour: one bonus per distinct colour on the +1 rug; per_portion: one per portion"
        )
        plus_one_reading_source: Source
        start_side: Literal["left", "right"]
        start_side_source: Source
        start_left: int = Field(ge=0, le=15)
        start_left_source: Source

    class Goals(Strict):
        modifiers: list[int] = Field(min_length=3, max_length=3, description="the goal card's three modifiers")
        modifiers_source: Source = renamed("modifiers_source", "source")

    class Players(Strict):
        fewest: int = renamed("fewest", "min", ge=2, le=8, description="the fewest players, 2-8")
        fewest_source: Source = renamed("fewest_source", "min_source")
        most: int = renamed("most", "max", ge=2, le=8, description="the most players, 2-8")
        most_source: Source = renamed("most_source", "source")
        tie_break: Literal["none"]
        tie_break_source: Source

    class Seed(SeedFile):
        colours: Colours
        rugs: Rugs
        taj: Taj
        goals: Goals
        players: Players

    return Seed


def spec_from_seed(d: Any, shipped: dict[str, Any] | None = None) -> Spec:
    """The spec from validated data; ``shipped`` (tajkit's own seed) tells a reading the user's
    --data file changed from tajkit's."""
    spec = Spec(
        colours=tuple(d.colours.names),
        portions=tuple(d.rugs.portions),
        points=tuple(d.rugs.points),
        at_start=d.rugs.at_start,
        ends_at=d.rugs.game_ends_at,
        width=d.taj.width,
        plus_one=d.taj.plus_one,
        start_side=d.taj.start_side,
        start_left=d.taj.start_left,
        modifiers=tuple(d.goals.modifiers),
        min_players=d.players.fewest,
        max_players=d.players.most,
        repeat_colours=d.rugs.repeat_colours,
        plus_per_portion=d.taj.plus_one_reading == "per_portion",
        plus_reading_official=d.taj.plus_one_reading_source == "rulebook",
        plus_reading_yours=seeddata.replaced(d.taj.plus_one_reading, shipped or {}, "taj", "plus_one_reading"),
        repeat_official=d.rugs.repeat_colours_source == "rulebook",
    )
    problems = []
    if len(set(spec.colours)) != len(spec.colours):
        problems.append(f"colours.names {list(spec.colours)}: each colour once")
    if not all(0 <= p <= 9 for p in spec.points):
        problems.append(f"rugs.points {list(spec.points)}: each 0-9")
    if not all(-9 <= m <= 9 for m in spec.modifiers):
        problems.append(f"goals.modifiers {list(spec.modifiers)}: each -9..9")
    if not spec.width < spec.ends_at < spec.at_start:
        problems.append(
            f"taj.width {spec.width} < rugs.game_ends_at {spec.ends_at} < rugs.at_start {spec.at_start} must hold"
        )
    if spec.start_left + spec.width > spec.at_start:
        problems.append(
            f"taj.start_left {spec.start_left} + taj.width {spec.width} is more than rugs.at_start {spec.at_start}"
        )
    if spec.min_players > spec.max_players:
        problems.append(f"players.fewest {spec.min_players} is more than players.most {spec.max_players}")
    if problems:
        raise BadData(*(f"taj game data: {p}" for p in problems))
    return spec


def load_spec(data: Path | None = None) -> Spec:
    """The spec from ``seeds/taj.toml`` and the user's override file in ``data``, if any."""
    return spec_from_seed(seeddata.typed(GAME_ID, _seed_model(), data), seeddata.packaged(GAME_ID))
