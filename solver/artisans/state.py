"""The Artisans state file: its model (and JSON Schema), validation and the table it describes."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, create_model

from tajkit.solver import statefile
from tajkit.solver.artisans.rules import EMPTY, Sheet, Spec
from tajkit.solver.errors import BadInput

GAME = "artisans"


@dataclass(frozen=True)
class Player:
    name: str
    sheet: Sheet


@cache
def state_model(spec: Spec) -> type[BaseModel]:
    """The pydantic model of a state file for this sheet spec (its JSON Schema is published)."""
    box = Annotated[int, Field(ge=EMPTY, le=spec.faces)]
    fields: dict[str, Any] = {
        "name": (str, Field(min_length=1, description="the player's name, one per sheet")),
        "raindrops_used": (
            int,
            Field(
                ge=0,
                le=spec.raindrops,
                description=f"0-{spec.raindrops} raindrops marked: alterations, waterings and forced "
                "marks together (rulebook: Altering dice results)",
            ),
        ),
        "trees_watered": (
            int,
            Field(ge=0, le=spec.trees, description=f"0-{spec.trees} fruit trees watered (rulebook: Watering fruit trees)"),
        ),
    }
    for feature in spec.features:
        order = ", ".join(feature.boxes)
        fields[feature.id] = (
            list[box],
            Field(
                default=[EMPTY] * feature.size,
                min_length=feature.size,
                max_length=feature.size,
                description=f"{feature.title} ({feature.craftsperson}): {feature.size} values ({order}), "
                f"each a die value 1-{spec.faces}, or 0 for an empty box",
            ),
        )
    strict = ConfigDict(extra="forbid", strict=True)
    player = create_model("ArtisansPlayer", __config__=strict, **fields)
    return create_model(
        "ArtisansState",
        __config__=ConfigDict(extra="forbid", strict=True, title="tajkit state: Artisans of the Taj Mahal"),
        game=(Literal["artisans"], Field(description='always "artisans"')),
        players=(list[player], Field(min_length=1, description="one table per player, name first")),
    )


def json_schema(spec: Spec) -> dict[str, Any]:
    schema = state_model(spec).model_json_schema()
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", **schema}


def players_from_data(spec: Spec, data: dict[str, Any]) -> tuple[Player, ...]:
    """Validate a parsed state file and return its players; every problem is reported at once."""
    statefile.check_game(data, GAME)
    parsed = statefile.validate(state_model(spec), data)
    players = tuple(
        Player(
            name=p.name,
            sheet=Sheet(
                values=tuple(tuple(getattr(p, f.id)) for f in spec.features),
                raindrops_used=p.raindrops_used,
                trees_watered=p.trees_watered,
            ),
        )
        for p in parsed.players  # type: ignore[attr-defined]
    )
    problems = _rule_problems(spec, players)
    if problems:
        raise BadInput(*problems)
    return players


def load_players(spec: Spec, source: str) -> tuple[Player, ...]:
    return players_from_data(spec, statefile.read_source(source))


def _rule_problems(spec: Spec, players: tuple[Player, ...]) -> list[str]:
    problems: list[str] = []
    seen: set[str] = set()
    for p in players:
        if p.name in seen:
            problems.append(f"players: the name {p.name!r} appears twice: each sheet needs its own name")
        seen.add(p.name)
        sheet = p.sheet
        if sheet.trees_watered > sheet.raindrops_used:
            problems.append(
                f"{p.name}: trees_watered = {sheet.trees_watered} but raindrops_used = {sheet.raindrops_used}: "
                "watering a tree marks off a raindrop (rulebook: Watering fruit trees)"
            )
        garden = spec.garden_group
        filled = sheet.filled_in_group(spec, garden)
        if sheet.trees_watered > filled:
            problems.append(
                f"{p.name}: trees_watered = {sheet.trees_watered} but only {filled} box{'' if filled == 1 else 'es'} of group {garden} "
                f"({spec.group_name(garden)}) are filled: a tree is watered only when a value is added "
                "to that group (rulebook: Watering fruit trees)"
            )
    return problems


def end_of_game_note(spec: Spec, players: tuple[Player, ...]) -> str | None:
    """A warning when no sheet has ended the game yet (rulebook: End of the Game)."""
    if any(p.sheet.ends_game(spec) for p in players):
        return None
    return (
        "no sheet is full and nobody has used all "
        f"{spec.raindrops} raindrops, so the game is not over yet (rulebook: End of the Game); "
        "scoring the sheets as they stand"
    )


def to_data(players: tuple[Player, ...], spec: Spec) -> dict[str, Any]:
    """The state-file dict for these players (what ``tajkit score`` reads back)."""
    return {
        "game": GAME,
        "players": [
            {
                "name": p.name,
                "raindrops_used": p.sheet.raindrops_used,
                "trees_watered": p.sheet.trees_watered,
                **{f.id: list(v) for f, v in zip(spec.features, p.sheet.values)},
            }
            for p in players
        ],
    }


def pick_player(players: tuple[Player, ...], name: str | None) -> Player:
    """The player a hint is for: the only one, or the one named with --player."""
    chosen = statefile.pick_name([p.name for p in players], name)
    return next(p for p in players if p.name == chosen)
