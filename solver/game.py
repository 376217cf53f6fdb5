"""The shape every game follows (DESIGN.md, "Adding a game").

Each game package ``tajkit.solver.<id>`` defines, in its ``__init__.py``, one subclass of
:class:`Game` and exposes an instance of it as ``GAME``; ``games.py`` lists the packages (one line
per game). The CLI, the score pads, interactive entry and ``tajkit schema`` are built from this
interface alone, so adding a game changes nothing in ``cli/``, ``sheets/`` or ``pyproject.toml``.

A game declares where each of its pieces lives once, as data (:class:`Pieces`: the module of its
spec, rules, protocol, notation, state files, scoring, play, hint and simulate, and which optional
table features it has); the base class's methods import the named module when first called and
call the conventional function in it (``spec.load_spec``, ``scoring.score``, ``protocol.rules_for``
…), so a facade holds only what is the game's own: its identity, its commands and their options,
and an override where a function differs. The ``__init__.py`` must stay light: it is imported for
``tajkit --help`` and ``tajkit games``, so pydantic, numpy, OR-Tools and reportlab are imported only
when a piece is used, never at module level.

The result types here are plain data shared by every game: :class:`Category` (a scoring category:
a score-pad row and a row of ``tajkit score``), :class:`ScoreResult` (players ranked, their rows,
notes and the tie-break explanation), :class:`Command` and :class:`Option` (a game's ``hint`` or
``simulate`` command and its options) and :class:`Report` (what such a command prints).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from functools import cache
from importlib import import_module
from pathlib import Path
from types import ModuleType
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


@dataclass(frozen=True)
class Pieces:
    """Where each piece of a game lives: a module of the game's package (``tajkit.solver.<id>``,
    the package whose ``__init__.py`` defines the game) by its name relative to it, ``None`` where
    the game has no such piece. The defaults are the names every game uses; a game names only what
    differs (``Pieces(simulate="simulate", card_parts="scoring")``). Each module holds the functions
    the base class calls, by their conventional names (``CALLS``)."""

    spec: str = "spec"  # load_spec(data): the typed game data
    rules: str = "rules"  # the rules model, the truth the others are tested against
    protocol: str | None = "protocol"  # rules_for(spec): the rules protocol (a record replays through it)
    notation: str | None = "notation"  # the actions as text (the protocol's format and parse)
    files: str | None = "files"  # state_model(spec), read_state(spec, data), to_data(spec, state)
    scoring: str | None = "scoring"  # categories(spec), score(spec, state); None: the game does not score
    play: str | None = "play"  # play_for(spec): what a session asks, hints and shows; None: no tajkit play
    hint: str | None = "hint"  # the work of the hint command (``Game.hint`` is its face: summary, options)
    simulate: str | None = None  # the work of the simulate command (``Game.simulate``), if the game has one
    # The optional table features, each the module of its function (None: the game has none):
    card_parts: str | None = None  # card_parts(spec): reference-card lines computed from the data
    pad_table: str | None = None  # pad_table(spec): a table printed under the score pad
    pad_layouts: str | None = None  # pad_layouts(spec): several score-pad designs by player count
    # When ``score`` and ``hint`` read files of different forms: each command with the function of
    # ``files`` that gives its pydantic model, e.g. (("score", "state_model"), ("hint", "hint_position_model")).
    forms: tuple[tuple[str, str], ...] = ()

    # The functions each piece's module holds, as the base class calls them.
    CALLS: ClassVar[dict[str, tuple[str, ...]]] = {
        "spec": ("load_spec",), "files": ("state_model", "read_state", "to_data"),
        "scoring": ("categories", "score"), "protocol": ("rules_for",), "play": ("play_for",),
        "card_parts": ("card_parts",), "pad_table": ("pad_table",), "pad_layouts": ("pad_layouts",),
    }

    def modules(self) -> dict[str, str]:
        """Every piece the game has, by name: its module's name relative to the package."""
        return {f.name: value for f in fields(self) if isinstance(value := getattr(self, f.name), str)}


@cache
def _module(package: str, name: str) -> ModuleType:
    return import_module(f"{package}.{name}")


SpecT = TypeVar("SpecT")  # the game's typed data (its spec.py's Spec)
StateT = TypeVar("StateT")  # what its state file reads into (a table, a record's replay)


class Game(Generic[SpecT, StateT]):
    """The interface of one game, typed by its spec and its state (``class Taj(Game["Spec",
    "Table"])``). Subclasses set the class attributes: who the game is, its :class:`Pieces` (where
    each piece lives), its commands and what it offers; the methods read the pieces, importing a
    module when it is first needed (the interface stays light), and a game overrides a method only
    where its function differs from the convention."""

    id: ClassVar[str]
    title: ClassVar[str]
    kind: ClassVar[str]  # "roll & write, 2d6"
    rulebook: ClassVar[str]  # the file in ../shared/seeds
    prints: ClassVar[tuple[str, ...]] = ("scorepad", "reference")  # the first is the main printout
    languages: ClassVar[tuple[str, ...]] = ("en",)  # of the reference card
    # Where each piece lives (see :class:`Pieces`): what the methods below import and call.
    pieces: ClassVar[Pieces] = Pieces()
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
    # The drawing module draws pictures (``picture``: tajkit show, score --png, the phones' PNG);
    # False: it draws only the phones' board, as SVG of its own (Karigar-e-Taj has no picture).
    pictures: ClassVar[bool] = True
    # The play reads a hint's position file into the protocol state it describes
    # (``TablePlay.position_state``), so ``tajkit hint GAME FILE`` is the same call as a hint in a
    # game in play; False: ``tajkit hint`` runs the hint command on the file itself.
    hint_positions: ClassVar[bool] = False

    def piece(self, name: str) -> ModuleType:
        """The module of piece ``name`` (a field of :class:`Pieces`), imported on first use."""
        module = getattr(self.pieces, name)
        if module is None:
            raise NotImplementedError(f"{self.id} has no {name}")
        return _module(type(self).__module__, module)

    # --- data ----------------------------------------------------------------------------------

    def load_spec(self, data: Path | None = None) -> SpecT:
        """The game's rules data: ``seeds/<id>.toml`` with the user's override file in the folder
        ``data`` (``tajkit --data DIR``) laid over it, typed and checked; ``None``: tajkit's data alone."""
        return self.piece("spec").load_spec(data)

    def player_counts(self, spec: SpecT) -> tuple[int, int]:
        """The fewest and most players the rules allow (the score pad prints the most); by default
        the spec's ``min_players`` and ``max_players``."""
        return spec.min_players, spec.max_players

    def categories(self, spec: SpecT) -> tuple[Category, ...]:
        """The scoring categories, in the order of the score pad and of ``tajkit score``."""
        return self.piece("scoring").categories(spec)

    def pad_table(self, spec: SpecT) -> PadTable | None:
        """A table printed under the score pad (Maharani's quarter scoring), if any."""
        return self.piece("pad_table").pad_table(spec) if self.pieces.pad_table else None

    def pad_layouts(self, spec: SpecT) -> tuple[PadLayout, ...]:
        """The score pad's page designs; by default one, for every player count the rules allow."""
        if self.pieces.pad_layouts:
            return self.piece("pad_layouts").pad_layouts(spec)
        fewest, most = self.player_counts(spec)
        return (PadLayout(fewest, most),)

    def card_parts(self, spec: SpecT) -> dict[str, CardPart]:
        """Reference-card content computed from the data, by the name a seed section gives in ``from``."""
        return self.piece("card_parts").card_parts(spec) if self.pieces.card_parts else {}

    # --- scoring -------------------------------------------------------------------------------

    def state_model(self, spec: SpecT) -> Any:
        """The pydantic model of the state file ``tajkit score`` reads (its JSON Schema is
        published, and interactive entry asks for its fields); ``None`` when the game does not score."""
        return self.piece("files").state_model(spec) if self.scores else None

    def read_state(self, spec: SpecT, data: dict[str, Any]) -> StateT:
        """The parsed state file, validated against the model and the rules (``BadState``). A
        problem across fields is a :class:`~tajkit.solver.errors.Problem` naming them, so that
        interactive entry can ask again for just those."""
        return self.piece("files").read_state(spec, data)

    def score(self, spec: SpecT, state: StateT) -> ScoreResult:
        return self.piece("scoring").score(spec, state)

    def file_forms(self, spec: SpecT) -> dict[str, Any]:
        """For a game whose ``score`` and ``hint`` read files of different forms: the pydantic
        model of each, by command (``{"score": ..., "hint": ...}``, the functions ``Pieces.forms``
        names); empty when one form serves."""
        files = self.piece("files") if self.pieces.forms else None
        return {command: getattr(files, function)(spec) for command, function in self.pieces.forms}

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
        return self.piece("files").to_data(spec, state)

    def rules(self, spec: SpecT) -> Any:
        """The game's :class:`~tajkit.solver.protocol.Rules` for a whole game (what a record
        replays through and a session plays on)."""
        return self.piece("protocol").rules_for(spec)

    def play(self, spec: SpecT) -> Any:
        """The game's :class:`~tajkit.solver.protocol.TablePlay` over its rules: what a session
        (``tajkit play``, ``tajkit serve``) asks, hints and shows."""
        return self.piece("play").play_for(spec)

    def position_hint(self, spec: SpecT, data: dict[str, Any], options: dict[str, Any]) -> Report:
        """``tajkit hint GAME FILE`` for a game whose play reads positions (``hint_positions``):
        the file read into the protocol's state, and the play's hint on it with the hint
        command's options (the same call as a hint in a game in play)."""
        play = self.play(spec)
        state, player, answers = play.position_state(data, options)
        return play.hint(state, player, answers, options).report

    # --- what the game offers (read off its declaration) ----------------------------------------

    @property
    def scores(self) -> bool:
        return self.pieces.scoring is not None and self.pieces.files is not None

    @property
    def plays(self) -> bool:
        return self.pieces.play is not None

    @property
    def draws(self) -> bool:
        return self.drawing is not None and self.pictures

    def supports(self) -> list[str]:
        parts = [f"print {'/'.join(self.prints)}"]
        parts += [name for name, on in (("score", self.scores), ("hint", self.hint), ("simulate", self.simulate),
                                        ("play", self.plays)) if on]
        if self.draws:
            parts.append("show")
        return parts
