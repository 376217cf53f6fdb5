"""The Artisans state files: their models (and JSON Schema), `read_state` (a file to its players,
checked), `to_data` and the rule checks across fields."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Annotated, Any, Literal

from tajkit.solver import statefile
from tajkit.solver import wording
from tajkit.solver.artisans.rules import EMPTY, Sheet
from tajkit.solver.artisans.spec import GAME_ID, Spec
from tajkit.solver.errors import BadState, Problem
from tajkit.solver.ranking import join_names



@dataclass(frozen=True)
class Player:
    name: str
    sheet: Sheet
    age: int | None = None  # for the rulebook's last tie-break (the youngest wins)
    left_out: tuple[str, ...] = ()  # features a position did not name, taken as empty


@cache
def state_model(spec: Spec, finished: bool) -> Any:
    """The pydantic model of a state file for this sheet spec: a position in play (``tajkit hint``,
    ``tajkit show``; a feature left out is empty) or a ``finished`` table (``tajkit score``: every
    feature named, an empty one as zeros, or a forgotten line would silently score nothing). Both
    are published in the JSON Schema; interactive entry asks for every field of the first, in order."""
    from pydantic import AliasChoices, ConfigDict, Field, create_model, model_validator

    from tajkit.solver.statefields import MAX_PLAYERS_IN_A_FILE, PlayerName

    box = Annotated[int, Field(ge=EMPTY, le=spec.faces)]
    fields: dict[str, Any] = {"name": (PlayerName, Field(description="the player's name, one per sheet"))}
    for feature in spec.features:
        order = ", ".join(feature.boxes)
        empty = [EMPTY] * feature.size
        extra = {"entry": "digits", "title_text": feature.title}
        if finished:  # required, and the message for a missing one says how to write it empty
            presence = {"json_schema_extra": {**extra, "if_missing": "a finished table names every feature "
                                              f"(write {empty} for an empty one)"}}
        else:
            presence = {"default": empty, "json_schema_extra": extra}
        fields[feature.id] = (
            list[box],
            Field(
                **presence,
                min_length=feature.size,
                max_length=feature.size,
                validation_alias=AliasChoices(feature.id, *feature.aliases),
                description=f"{feature.title} ({feature.craftsperson}): {feature.size} values ({order}), "
                f"each a die value 1-{spec.faces}, or 0 for an empty box",
            ),
        )
    fields["raindrops_used"] = (
        int,
        Field(
            ge=0,
            le=spec.raindrops,
            description=f"0-{spec.raindrops} raindrops marked: alterations, waterings and forced "
            "marks together (rulebook: Altering dice results)",
        ),
    )
    fields["trees_watered"] = (
        int,
        Field(ge=0, le=spec.trees, description=f"0-{spec.trees} fruit trees watered (rulebook: Watering fruit trees)"),
    )
    fields["age"] = (
        int | None,
        Field(
            default=None,
            ge=0,
            le=150,
            description="the player's age, optional: the rulebook's last tie-break is the youngest player",
        ),
    )
    aliases = {old: f.id for f in spec.features for old in f.aliases}

    def one_name_per_feature(cls: Any, data: Any) -> Any:
        if isinstance(data, dict):
            both = [f"{new} (also given as {old})" for old, new in aliases.items() if old in data and new in data]
            if both:
                raise ValueError(f"{', '.join(both)}: give each feature once")
        return data

    form = "Table" if finished else "Position"
    player = create_model(
        f"Artisans{form}Player",
        __config__=ConfigDict(extra="forbid", strict=True, populate_by_name=True),
        __validators__={"_one_name": model_validator(mode="before")(one_name_per_feature)},
        **fields,
    )
    return create_model(
        f"Artisans{form}",
        __config__=ConfigDict(extra="forbid", strict=True, title=f"tajkit state: Artisans of the Taj Mahal, "
                              f"{'a finished table (tajkit score)' if finished else 'a position (tajkit hint)'}"),
        game=(Literal["artisans"], Field(description='always "artisans"')),
        players=(
            list[player],
            Field(
                min_length=1,
                max_length=MAX_PLAYERS_IN_A_FILE,
                description=f"one table per player (1-{MAX_PLAYERS_IN_A_FILE}), name first",
            ),
        ),
    )


def read_state(spec: Spec, data: dict[str, Any], finished: bool = True) -> tuple[Player, ...]:
    """Validate a parsed state file, a ``finished`` table or a position in play, and return its
    players; every problem is reported at once."""
    statefile.check_game(data, GAME_ID)
    parsed = statefile.validate(state_model(spec, finished=finished), data)
    players = tuple(
        Player(
            name=p.name,
            sheet=Sheet(
                values=tuple(tuple(getattr(p, f.id)) for f in spec.features),
                raindrops_used=p.raindrops_used,
                trees_watered=p.trees_watered,
            ),
            age=p.age,
            left_out=tuple(f.id for f in spec.features if f.id not in p.model_fields_set),
        )
        for p in parsed.players
    )
    problems = rule_problems(spec, players)
    if problems:
        raise BadState(*(Problem(problem, fields) for fields, problem in problems))
    return players


def load_players(spec: Spec, source: str) -> tuple[Player, ...]:
    return read_state(spec, statefile.read_source(source))


def left_out_notes(players: tuple[Player, ...]) -> tuple[str, ...]:
    """What a position left out and was taken as empty, one note per player."""
    notes = []
    for p in players:
        if p.left_out:
            verb, boxes = ("is", "its") if len(p.left_out) == 1 else ("are", "their")
            notes.append(f"{wording.shown(p.name, 30)}: {join_names(list(p.left_out))} {verb} not in the position, "
                         f"so {boxes} boxes are taken as empty")
    return tuple(notes)


def rule_problems(spec: Spec, players: tuple[Player, ...]) -> list[tuple[tuple[str, ...], str]]:
    """Problems no single field shows, each with the fields involved (so entry can ask for just those)."""
    problems: list[tuple[tuple[str, ...], str]] = []
    seen: set[str] = set()
    for p in players:
        name = wording.shown(p.name, 30)
        if p.name in seen:
            problems.append((("name",), f"players: the name {name!r} appears twice: each sheet needs its own name"))
        seen.add(p.name)
        sheet = p.sheet
        if sheet.trees_watered > sheet.raindrops_used:
            problems.append((
                ("raindrops_used", "trees_watered"),
                f"{name}: trees_watered = {sheet.trees_watered} but raindrops_used = {sheet.raindrops_used}: "
                "watering a tree marks off a raindrop (rulebook: Watering fruit trees)",
            ))
        garden = spec.garden_group
        filled = sheet.filled_in_group(spec, garden)
        if sheet.trees_watered > filled:
            boxes = "box is" if filled == 1 else "boxes are"
            garden_ids = tuple(f.id for f in spec.features_in(garden))
            problems.append((
                ("trees_watered", *garden_ids),
                f"{name}: trees_watered = {sheet.trees_watered} but only {filled} {boxes} filled in group {garden} "
                f"({spec.group_name(garden)}): a tree is watered only when a value is written in that group "
                "(rulebook: Watering fruit trees)",
            ))
    return problems


def game_over(spec: Spec, players: tuple[Player, ...]) -> bool:
    """Rulebook (End of the Game): some sheet is full or has used its last raindrop."""
    return any(p.sheet.ends_game(spec) for p in players)


def end_of_game_note(spec: Spec, players: tuple[Player, ...]) -> str | None:
    """A note when no sheet has ended the game yet (rulebook: End of the Game)."""
    if game_over(spec, players):
        return None
    return (
        "no sheet is full and nobody has used all "
        f"{spec.raindrops} raindrops, so the game is not over yet (rulebook: End of the Game); "
        "scoring the sheets as they stand"
    )


def to_data(spec: Spec, players: tuple[Player, ...]) -> dict[str, Any]:
    """The state-file dict for these players (what ``tajkit score`` reads back)."""
    return {
        "game": GAME_ID,
        "players": [
            {
                "name": p.name,
                **{f.id: list(v) for f, v in zip(spec.features, p.sheet.values)},
                "raindrops_used": p.sheet.raindrops_used,
                "trees_watered": p.sheet.trees_watered,
                **({"age": p.age} if p.age is not None else {}),
            }
            for p in players
        ],
    }


def pick_player(players: tuple[Player, ...], name: str | None) -> Player:
    """The player a hint is for: the only one, or the one named with --player."""
    chosen = wording.pick_name([p.name for p in players], name)
    return next(p for p in players if p.name == chosen)
