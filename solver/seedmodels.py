"""Typed pieces every seed file shares: the ``[game]`` table and the reference cards.

Every model forbids unknown keys and coerces nothing, so a typo in a user's ``--data`` file is an
error with a "did you mean", never silently ignored. Games build their own spec models from
:class:`Strict` and these parts.

Every value's provenance is ``<key>_source`` beside its key (:data:`Source`). A key renamed since
an earlier release keeps its old name as an alias (:func:`renamed`), so a group's existing
``--data`` file still loads and means the same.
"""

from __future__ import annotations

from functools import cache
from typing import Annotated, Any, Literal

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, model_validator

Source = Literal["rulebook", "inferred", "tajkit default"]
Text = Annotated[str, Field(min_length=1, max_length=400)]
Name = Annotated[str, Field(min_length=1, max_length=60)]
Colour = Annotated[str, Field(pattern=r"^#[0-9A-Fa-f]{6}$", description="a colour as #RRGGBB")]
ICONS = ("setup", "turn", "scoring", "end", "tie", "cards", "build", "two")


def renamed(name: str, *old: str, **field: Any) -> Any:
    """A field ``name`` that a --data file may still give by an ``old`` name. One old name may
    stand for several fields: a table-level ``source`` is the ``<key>_source`` of each value it
    described."""
    return Field(validation_alias=AliasChoices(name, *old), **field)


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    @model_validator(mode="before")
    @classmethod
    def _old_names(cls, data: Any) -> Any:
        """An old name gives its value to the field(s) it stands for. A --data file is merged over
        tajkit's seed, which uses only the new names, so an old name present is the user's and
        wins over the seed's value under the new name."""
        old_names = _old_names_of(cls)
        if not isinstance(data, dict) or old_names.keys().isdisjoint(data):
            return data
        data = dict(data)
        for old in old_names.keys() & data.keys():
            value = data.pop(old)
            for name in old_names[old]:
                data[name] = value
        return data


@cache
def _old_names_of(model: type[BaseModel]) -> dict[str, tuple[str, ...]]:
    """Each old name the model's fields accept, with the fields it stands for."""
    fields: dict[str, tuple[str, ...]] = {}
    for name, info in model.model_fields.items():
        for old in getattr(info.validation_alias, "choices", ())[1:]:
            fields[old] = (*fields.get(old, ()), name)
    return fields


class GameInfo(Strict):
    """``[game]``: names and the printouts' colour."""

    id: Name
    title: Name
    accent: Colour = Field(description="the printouts' colour, #RRGGBB (tajkit default)")
    rulebook: Name
    designer: Name | None = None
    publisher: Name | None = None
    edition: Name | None = None


class CardSection(Strict):
    icon: Literal[ICONS] = Field(description=f"one of {', '.join(ICONS)}")  # type: ignore[valid-type]
    heading: Name
    items: list[Text] = Field(default=[], max_length=20)
    from_: Name | None = Field(default=None, alias="from", description="content the game computes from its data")
    table_labels: list[Name] = Field(default=["", ""], min_length=2, max_length=2)
    table_note: Text | None = None


class ReferenceCard(Strict):
    title: Name
    subtitle: Text = ""
    sections: list[CardSection] = Field(min_length=1, max_length=12)


class PadWords(Strict):
    """The fixed words of a score pad in one language."""

    score_pad: Name
    player: Name
    date: Name
    place: Name
    footer: Text = Field(description="the footer; {title} is the game's title")
    default_mark: Text = Field(description="what a * next to a value means")
    players: Name = Field(default="players", description="after a player count: a pad's design for 2 players")


class PadCategoryText(Strict):
    label: Name
    note: Text = ""
    sub: list[Name] | None = None
    cells: list[Name] | None = None


class PadTableText(Strict):
    title: Name
    labels: list[Name] = Field(min_length=2, max_length=2)
    note: Text = ""


class PadText(Strict):
    """A score pad in another language: its words, and every category's label by category id."""

    title: Name | None = None
    words: PadWords
    categories: dict[str, PadCategoryText]
    table: PadTableText | None = None


ENGLISH_PAD = PadWords(
    score_pad="Score pad",
    player="Player",
    date="Date",
    place="Place",
    footer="tajkit · {title} score pad · the categories tajkit score uses",
    default_mark="* a tajkit default, not the rulebook's value",
)


class SeedFile(Strict):
    """The base of every game's seed model: ``[game]``, the reference cards and translated score
    pads, which the printouts read; the game's own model adds its rules data."""

    game: GameInfo
    reference: dict[str, ReferenceCard] = {}
    scorepad_text: dict[str, PadText] = {}


class Printing(BaseModel):
    """What the printouts read from any seed file (the game's own model checks the rest)."""

    model_config = ConfigDict(extra="ignore", strict=True, frozen=True)
    game: GameInfo
    reference: dict[str, ReferenceCard] = {}
    scorepad_text: dict[str, PadText] = {}


Ident = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]{0,39}$", description="a lower-case key such as left_minaret")]
