"""The shape every game follows (DESIGN.md, "Adding a game").

Each game package ``tajkit.solver.<id>`` defines, in its ``__init__.py``, one subclass of
:class:`Game` and exposes an instance of it as ``GAME``; ``games.py`` lists the packages (one line
per game). The CLI, the score pads, interactive entry and ``tajkit schema`` are built from this
interface alone, so adding a game changes nothing in ``cli/``, ``sheets/`` or ``pyproject.toml``.

The ``__init__.py`` must stay light: it is imported for ``tajkit --help`` and ``tajkit games``.
Import pydantic, numpy, OR-Tools and reportlab inside the methods, never at module level.

The result types here are plain data shared by every game: :class:`Category` (a scoring category:
a score-pad row and a row of ``tajkit score``), :class:`ScoreResult` (players ranked, their rows,
notes and the tie-break explanation), :class:`Command` and :class:`Option` (a game's ``hint`` or
``simulate`` command and its options) and :class:`Report` (what such a command prints).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar

# --- scoring categories and results ----------------------------------------------------------------


@dataclass(frozen=True)
class Category:
    """One scoring category: a row of the printed score pad and of ``tajkit score``'s breakdown.

    ``kind``: ``score`` (points a player earns), ``total``, ``tiebreak`` (a value that breaks ties),
    ``shared`` (one row all players share, e.g. TAJ's colour values: ``cells`` are its captions) or
    ``rounds`` (``count`` numbered rows, e.g. Taj Mahal's provinces). ``sub`` are the captions of the
    cells a player writes in the row (e.g. "gold ±", "running total"). ``stars`` is the most the
    category can give when the game prints it (Artisans' stars)."""

    id: str
    label: str
    note: str = ""
    kind: str = "score"
    sub: tuple[str, ...] = ("",)
    cells: tuple[str, ...] = ()
    stars: int | None = None
    count: int = 1
    official: bool = True  # the printed stars are the rulebook's (else a tajkit default, printed with *)


@dataclass(frozen=True)
class Row:
    """A player's points in one category. ``shown`` is what was entered or computed, as a person
    reads it ("6 4 3 1", "(2) x 4 points for ORANGE"); ``reason`` says why it scores what it does
    when that is not obvious ("3 + 4 ≠ 6"). ``label`` overrides the category's label (e.g. a
    round's number)."""

    category: str
    points: int
    shown: str = ""
    reason: str = ""
    label: str = ""


@dataclass(frozen=True)
class PlayerScore:
    name: str
    total: int
    rank: int  # 1 = best; players still tied after every tie-break share a rank
    rows: tuple[Row, ...]
    tiebreaks: tuple[tuple[str, int], ...] = ()  # ("unused raindrops", 6), in tie-break order
    detail: Mapping[str, Any] = field(default_factory=dict)  # game-specific JSON ("breakdown")


@dataclass(frozen=True)
class ScoreResult:
    game: str
    categories: tuple[Category, ...]
    players: tuple[PlayerScore, ...]  # best first
    ties: tuple[str, ...] = ()  # the tie-break explanation, step by step
    notes: tuple[str, ...] = ()  # caveats: game not over, defaults the score rests on
    header: tuple[str, ...] = ()  # lines about the whole table, printed before the players
    extra: Mapping[str, Any] = field(default_factory=dict)  # game-specific top-level JSON
    unit: tuple[str, str] = ("point", "points")  # what a score counts, singular and plural ("gold", "gold")

    def category(self, cid: str) -> Category:
        return next(c for c in self.categories if c.id == cid)

    def as_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            **self.extra,
            "players": [
                {
                    "name": p.name,
                    "total": p.total,
                    "rank": p.rank,
                    **{label.lower().replace(" ", "_"): value for label, value in p.tiebreaks},  # JSON keys: snake_case
                    "rows": [
                        {
                            "category": r.category,
                            "label": r.label or self.category(r.category).label,
                            "points": r.points,
                            "shown": r.shown,
                            "reason": r.reason or None,
                        }
                        for r in p.rows
                    ],
                    **({"breakdown": dict(p.detail)} if p.detail else {}),
                }
                for p in self.players
            ],
            "ties": list(self.ties),
            "notes": list(self.notes),
        }


@dataclass(frozen=True)
class TableCell:
    """One cell of a small printed table (Maharani's workers -> gold): ``official`` when the
    rulebook states the value, else it is printed starred with the table's note."""

    key: str
    value: str
    official: bool


@dataclass(frozen=True)
class PadTable:
    title: str
    labels: tuple[str, str]
    cells: tuple[TableCell, ...]
    note: str = ""


@dataclass(frozen=True)
class PadLayout:
    """One page design of a score pad, for ``fewest`` to ``most`` players: ``counts`` sets the
    rows of ``rounds`` categories (by id) and each category in ``per_colour`` gets its cells once
    per colour a player plays (``colours``: Maharani's two colours with 2 players)."""

    fewest: int
    most: int
    counts: tuple[tuple[str, int], ...] = ()
    colours: int = 1
    per_colour: tuple[str, ...] = ()


@dataclass(frozen=True)
class CardPart:
    """Lines (and optionally a table) a game computes for its reference card from its data, so
    the card can never disagree with the scorer. A seed section names it with ``from = "<key>"``."""

    items: tuple[str, ...] = ()
    table: PadTable | None = None


# --- commands ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Option:
    """One option of a game's command. ``type``: ``int``, ``float``, ``str``, ``bool`` (a flag),
    or a tuple type such as ``tuple[int, int]`` (``--roll 4 6``). ``choices`` closes a ``str``
    option to those words; ``multiple`` lets it repeat (the function receives a list)."""

    name: str  # the keyword argument the command's function receives
    flag: str  # "--roll"
    type: Any
    help: str
    default: Any = None
    required: bool = False
    min: float | None = None
    max: float | None = None
    choices: tuple[str, ...] = ()
    multiple: bool = False
    metavar: str | None = None


@dataclass(frozen=True)
class Report:
    """What a command prints: ``text`` for people (standard output), ``json`` for ``--json``, and
    ``notes``, the caveats the answer rests on: "Note:" lines after the text, and in the JSON
    under "notes" (part of the answer, so standard output either way)."""

    text: str
    json: Mapping[str, Any]
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Command:
    """A game's ``hint`` or ``simulate``. ``run(spec, data, **options)`` gets the game's spec, the
    parsed state file (a dict; ``None`` when ``state`` is ``"none"``, or ``"optional"`` and no file
    was given) and the options by name, and
    returns a :class:`Report`; bad input raises :class:`~tajkit.solver.errors.BadInput`."""

    summary: str  # one line: what the command answers
    run: Callable[..., Report]
    options: tuple[Option, ...] = ()
    examples: tuple[str, ...] = ()
    state: str = "required"  # "required" / "optional": a STATE argument (file or -); "none": no state
    state_help: str = "State file (TOML or JSON) of the live position, or - for standard input."


# --- the interface ---------------------------------------------------------------------------

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"
FORM_NAMES = {"score": "a table", "hint": "a position"}  # what each command's file holds (a record need not be finished)


def schema_of_files(title: str, description: str, *models: Any) -> dict[str, Any]:
    """One JSON Schema for a game whose commands read files of different forms (a finished table
    for ``tajkit score``, a position for ``tajkit hint``): any one of ``models``."""
    from typing import Union

    from pydantic import TypeAdapter

    either = TypeAdapter(Union[models]).json_schema()  # type: ignore[valid-type]
    return {"$schema": SCHEMA_DIALECT, "title": title, "description": description, **either}


SpecT = TypeVar("SpecT")  # the game's typed data (its spec.py's Spec)
StateT = TypeVar("StateT")  # what its state file reads into (a table, a record's replay)


class Game(Generic[SpecT, StateT]):
    """The interface of one game, typed by its spec and its state (``class Taj(Game["Spec",
    "Table"])``). Subclasses set the class attributes and override the methods the game has, each
    importing the module that does the work when it is called (the interface stays light, and an
    editor follows ``GAME.score`` to the code); the defaults say "not available"."""

    id: ClassVar[str]
    title: ClassVar[str]
    kind: ClassVar[str]  # "roll & write, 2d6"
    rulebook: ClassVar[str]  # the file in ../shared/seeds
    prints: ClassVar[tuple[str, ...]] = ("scorepad", "reference")  # the first is the main printout
    languages: ClassVar[tuple[str, ...]] = ("en",)  # of the reference card
    hint: ClassVar[Command | None] = None
    simulate: ClassVar[Command | None] = None
    # Whether one player starts (the play log and BG Stats name them); a game everyone plays at
    # once (Artisans: one roll for the whole table) has no start player.
    start_player: ClassVar[bool] = True
    # The tajkit.sheets module that draws the game's own pictures, if it has any: its
    # ``picture(spec, data) -> PNG bytes`` draws a state file (tajkit show, score --png) and, when
    # ``prints`` has "sheet", its ``render_pad(spec, paper, ink, count)`` prints the player sheet.
    # Named, not imported: drawing imports the rules, never the other way round.
    drawing: ClassVar[str | None] = None
    # Each player plays on a sheet of their own (Artisans): the drawing module's ``picture`` takes
    # ``player=NAME`` to draw that sheet alone, as the phone held by that player shows it.
    sheet_each: ClassVar[bool] = False
    # The phones play on the drawn position: the drawing module's ``board(spec, data, player)``
    # gives the targets on its picture and the play's ``taps`` reaches every legal action from them.
    boards: ClassVar[bool] = False

    # --- data ----------------------------------------------------------------------------------

    def load_spec(self, data: Path | None = None) -> SpecT:
        """The game's rules data: ``seeds/<id>.toml`` with the user's override file in the folder
        ``data`` (``tajkit --data DIR``) laid over it, typed and checked; ``None``: tajkit's data alone."""
        raise NotImplementedError

    def player_counts(self, spec: SpecT) -> tuple[int, int]:
        """The fewest and most players the rules allow (the score pad prints the most)."""
        raise NotImplementedError

    def categories(self, spec: SpecT) -> tuple[Category, ...]:
        """The scoring categories, in the order of the score pad and of ``tajkit score``."""
        raise NotImplementedError

    def pad_table(self, spec: SpecT) -> PadTable | None:
        """A table printed under the score pad (Maharani's quarter scoring), if any."""
        return None

    def pad_layouts(self, spec: SpecT) -> tuple[PadLayout, ...]:
        """The score pad's page designs; by default one, for every player count the rules allow."""
        fewest, most = self.player_counts(spec)
        return (PadLayout(fewest, most),)

    def card_parts(self, spec: SpecT) -> dict[str, CardPart]:
        """Reference-card content computed from the data, by the name a seed section gives in ``from``."""
        return {}

    # --- scoring -------------------------------------------------------------------------------

    def state_model(self, spec: SpecT) -> Any:
        """The pydantic model of the state file ``tajkit score`` reads (its JSON Schema is
        published, and interactive entry asks for its fields); ``None`` when the game does not score."""
        return None

    def read_state(self, spec: SpecT, data: dict[str, Any]) -> StateT:
        """The parsed state file, validated against the model and the rules (``BadState``). A
        problem across fields is a :class:`~tajkit.solver.errors.Problem` naming them, so that
        interactive entry can ask again for just those."""
        raise NotImplementedError

    def score(self, spec: SpecT, state: StateT) -> ScoreResult:
        raise NotImplementedError

    def file_forms(self, spec: SpecT) -> dict[str, Any]:
        """For a game whose ``score`` and ``hint`` read files of different forms: the pydantic
        model of each, by command (``{"score": ..., "hint": ...}``); empty when one form serves."""
        return {}

    def schema(self, spec: SpecT) -> dict[str, Any]:
        forms = self.file_forms(spec)
        if forms:
            return schema_of_files(
                f"tajkit state files: {self.title}",
                " or ".join(f"{FORM_NAMES[command]} for tajkit {command}" for command in forms),
                *forms.values(),
            )
        model = self.state_model(spec)
        return {"$schema": SCHEMA_DIALECT, **model.model_json_schema()}

    def form_of(self, spec: SpecT, data: dict[str, Any]) -> str | None:
        """The command whose file form ``data`` has, when the game reads several forms and
        ``data`` is a valid one (so a file given to the wrong command can be named for what it is)."""
        from pydantic import ValidationError

        for command, model in self.file_forms(spec).items():
            try:
                model.model_validate(data, strict=True)
            except ValidationError:
                continue
            return command
        return None

    def to_data(self, spec: SpecT, state: StateT) -> dict[str, Any]:
        """The state-file dict for a state (what interactive entry saves and ``score`` reads back)."""
        raise NotImplementedError

    def rules(self, spec: SpecT) -> Any:
        """The game's :class:`~tajkit.solver.protocol.Rules` for a whole game (what a record
        replays through and a session plays on)."""
        raise NotImplementedError

    def play(self, spec: SpecT) -> Any:
        """The game's :class:`~tajkit.solver.protocol.TablePlay` over its rules: what a session
        (``tajkit play``, ``tajkit serve``) asks, hints and shows."""
        raise NotImplementedError

    # --- what the game offers --------------------------------------------------------------------

    @property
    def scores(self) -> bool:
        return type(self).state_model is not Game.state_model

    @property
    def plays(self) -> bool:
        return type(self).play is not Game.play

    @property
    def draws(self) -> bool:
        return self.drawing is not None

    def supports(self) -> list[str]:
        parts = [f"print {'/'.join(self.prints)}"]
        parts += [name for name, on in (("score", self.scores), ("hint", self.hint), ("simulate", self.simulate),
                                        ("play", self.plays)) if on]
        if self.draws:
            parts.append("show")
        return parts
