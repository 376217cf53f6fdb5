"""What every command shares: reading a state, choosing and writing an output, rendering a
printout, and building a game's own ``hint`` / ``simulate`` command from its ``Command``."""

from __future__ import annotations

import inspect
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Annotated, Any, Callable, Optional

import typer

from tajkit.cli import present
from tajkit.solver import speccache
from tajkit.solver.errors import BadInput, BadState
from tajkit.solver.game import FORM_NAMES, Command, Game, Option


def read_state(source: str) -> dict[str, Any]:
    from tajkit.solver import statefile

    return statefile.read_source(source)


def record_session(info: Game, spec: Any, data: dict[str, Any] | None, source: str | None) -> Any:
    """The session a game record replays into (``None`` for a file of another form): ``score``,
    ``hint`` and ``show`` read a record, including a round or a turn in progress."""
    from tajkit.solver import session

    if data is None or not session.is_record(data):
        return None
    where = "standard input" if source in (None, "-") else str(source)
    record = session.record_of(data, info.id, present.safe(where))
    return session.Session.of_record(info, spec, record, Path(where))


def hint_report(ctx: typer.Context, info: Game, spec: Any, data: dict[str, Any] | None, source: str | None,
                values: dict[str, Any]) -> Any:
    """``tajkit hint``: the game's hint on the protocol state the file describes (a record's last
    state, or a position file's), the same call a game in play makes."""
    from tajkit.solver.session import solve_hint

    game = record_session(info, spec, data, source)
    if game is not None:  # the record's state, for the player named or the one to act
        given = {key: value for key, value in values.items()
                 if getattr(ctx.get_parameter_source(key), "name", None) == "COMMANDLINE"}  # typer's own click
        player = given.pop("player", None)
        return solve_hint(info, spec, game.ask_hint(player, hidden_answers(game, player, given), **given)).report
    if not info.hint_positions:
        return info.hint.run(spec, data, **values)  # a game whose hint does not read protocol states yet
    return info.position_hint(spec, data, values)


def hidden_answers(game: Any, player: str | None, given: dict[str, Any] | None = None) -> dict[str, Any]:
    """What only the player asking for a hint on a record has seen (their hand): the hint's option
    of the question's name where given (``--hand``, ``--goal``: a script's way), else typed at the
    terminal; without either, a line saying so. Never written anywhere."""
    from tajkit.solver.protocol import CHANCE

    who = player or game.to_act
    questions = game.hint_questions(who) if who not in (None, CHANCE) else ()
    given = given or {}
    if all(given.get(q.key) is not None for q in questions):
        return {q.key: q.read(str(given[q.key])) for q in questions}
    if not (sys.stdin.isatty() and sys.stderr.isatty()):
        missing = next(q for q in questions if given.get(q.key) is None)
        option = next((f"give it with {o.flag}, " for o in game.info.hint.options if o.name == missing.key), "")
        raise BadInput(f"hint for {present.safe(who)}: the hint needs {missing.prompt}, which only they have "
                       f"seen: {option}run it at a terminal to type it, or ask in tajkit play {game.info.id} RECORD (hint)")
    from tajkit.cli.prompts import Editor
    from tajkit.cli.play import Table

    return Table(game, Editor().ask).hidden(who)


@contextmanager
def named_form(info: Game, spec: Any, data: dict[str, Any] | None, command: str, source: str | None) -> Iterator[None]:
    """A file of the form another command reads (a hint position given to ``score``) gets one
    line that says so, instead of a line for every field the form lacks."""
    try:
        yield
    except BadState:
        where = "standard input" if source == "-" else source
        other = info.form_of(spec, data) if data is not None else None
        if other is None or other == command:
            raise
        raise BadState(
            f"{where} holds {FORM_NAMES[other]} for tajkit {other}, not {FORM_NAMES[command]} for tajkit {command}: "
            f"run tajkit {other} {info.id} {source}"
        ) from None


# --- outputs -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Target:
    path: Path | None  # None: standard output


FORMATS = {".pdf": "a PDF", ".png": "a PNG picture"}


def output_target(output: str | None, default: Path | None, force: bool, suffix: str, option: str = "-o",
                  stdout_free: bool = True) -> Target:
    """Where to write: ``-`` is standard output (unless the command prints its result there:
    ``stdout_free``); a file's name must end in ``suffix`` (a PNG named pad.pdf would not open); an
    existing file needs ``force``; checked before any work is done, so a refusal costs nothing.
    ``option`` is how the user named the file, for the messages."""
    if output == "-":
        if not stdout_free:
            raise BadInput(f"{option} -: the result already goes to standard output; give {option} a file name")
        if sys.stdout.isatty():
            raise BadInput(f"{option} -: standard output is the terminal, and {FORMATS[suffix]} is not text: "
                           f"pipe it on (e.g. | lpr) or give {option} a file name")
        return Target(None)
    path = Path(output) if output is not None else default
    assert path is not None
    name = present.safe(str(path))
    if path.suffix.lower() != suffix:
        raise BadInput(f"{name}: this writes {FORMATS[suffix]}, so the file name must end in {suffix}")
    from tajkit.solver.writing import check_target

    check_target(path, force, option=option)  # only a regular file is replaced, and only with --force
    for parent in path.parents:
        if parent.exists():
            if not parent.is_dir():
                raise BadInput(f"{name}: {present.safe(str(parent))} is a file, not a folder")
            break
    return Target(path)


def deliver(target: Target, data: bytes, force: bool, announce: bool = False) -> None:
    """Write ``data`` to the target atomically and say where (on standard output, or on standard
    error when standard output carries the result)."""
    from tajkit.cli.files import write_new

    if target.path is None:
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
        return
    write_new(target.path, data, force=force)
    typer.echo(f"wrote {target.path}" if announce else str(target.path), err=announce)


def printout(info: Game, kind: str | None, lang: str, players: int | None, count: int | None, paper: str, ink: str,
             data: Path | None = None) -> tuple[str, int, str]:
    """A printout as ``tajkit print`` (and the web companion) asks for it, checked: its kind (the
    game's main printout by default), its pages (or card sets) and its default file name."""
    chosen = kind or info.prints[0]
    if chosen not in info.prints:
        raise BadInput(f"--kind {chosen}: tajkit prints {', '.join(info.prints)} for {info.id} (see: tajkit games)")
    if chosen == "sheet" and lang != "en":
        raise BadInput(f"--lang {present.safe(lang)}: the {info.id} sheet comes in English only")
    if chosen == "reference" and lang not in info.languages:
        raise BadInput(f"--lang {present.safe(lang)}: the {info.id} reference card comes in {', '.join(info.languages)}")
    if players is not None and chosen != "scorepad":
        raise BadInput(f"--players {players}: only a score pad has a design for a number of players (add --kind scorepad)")
    if players is not None:  # before the output's checks: a wrong count is the first thing to say
        from tajkit.sheets import documents

        documents.design_for(info, speccache.load_spec(info, data), players)
    pages = count or (1 if chosen == "reference" else 10)
    suffix = (f"-{lang}" if lang != "en" else "") + (f"-{players}-players" if players is not None else "")
    return chosen, pages, f"{info.id}-{chosen}{suffix}-{paper}-{ink}.pdf"


def render(info: Game, kind: str, paper: str, ink: str, count: int, lang: str,
           players: int | None = None, data: Path | None = None) -> tuple[bytes, str]:
    """The printout's PDF, and what it holds when that is worth saying (a pad of several
    designs: how many pages of each), else "". ``data``: the folder of the user's data files."""
    from importlib import import_module

    from tajkit.sheets import documents

    spec = speccache.load_spec(info, data)
    if kind == "sheet":  # a game's own sheet: its drawing module prints it
        return import_module(info.drawing).render_pad(spec, paper=paper, ink=ink, count=count), ""
    if kind == "reference":
        from tajkit.sheets import reference

        return reference.render(documents.card(info, spec, lang, data), paper=paper, ink=ink, copies=count), ""
    from tajkit.sheets import scorepad

    designs = documents.pads(info, spec, lang, players, data)
    note = documents.printed(designs, count) if len(designs) > 1 else ""
    return scorepad.render(designs, paper=paper, ink=ink, count=count), note


# --- a game's own commands -----------------------------------------------------------------------


def help_text(info: Game, cmd: Command) -> str:
    examples = "  ·  ".join(cmd.examples)
    return f"{info.title}: {cmd.summary}" + (f"\n\nExamples: {examples}" if examples else "")


def game_command(info: Game, name: str, cmd: Command) -> Callable[..., None]:
    """A typer command for ``tajkit <name> <game>``: the game's options, a STATE argument when it
    takes one, and ``--json``."""
    options = {o.name: o for o in cmd.options}

    def run(ctx: typer.Context, **given: Any) -> None:
        as_json = given.pop("as_json")
        state = given.pop("state", None)
        spec = speccache.load_spec(info, ctx.obj)  # the folder `tajkit --data DIR` resolved for this invocation
        data = read_state(state) if state is not None else None
        values = {key: _plain(value) for key, value in given.items()}
        for key, value in values.items():
            _check(options[key], value)
        if "progress" in inspect.signature(cmd.run).parameters:
            values["progress"] = _progress_bar() if sys.stderr.isatty() and not as_json else None
        with named_form(info, spec, data, name, state):
            result = hint_report(ctx, info, spec, data, state, values) if name == "hint" else cmd.run(spec, data, **values)
        if as_json:
            if name == "hint":  # every game's hint JSON carries the same two keys
                out = {"game": info.id, **result.json, "notes": list(result.notes)}
            else:  # simulate: keyed by policy
                out = {**result.json, **({"notes": list(result.notes)} if result.notes else {})}
            typer.echo(json.dumps(out, indent=2, ensure_ascii=False))
        else:
            typer.echo(present.report(result))

    params = [inspect.Parameter("ctx", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=typer.Context)]
    if cmd.state != "none":
        required = cmd.state == "required"
        params.append(
            inspect.Parameter(
                "state",
                inspect.Parameter.POSITIONAL_OR_KEYWORD,
                default=inspect.Parameter.empty if required else None,
                annotation=Annotated[
                    str if required else Optional[str], typer.Argument(help=cmd.state_help, metavar="STATE")
                ],
            )
        )
    params += [_parameter(info, o) for o in cmd.options]
    params.append(
        inspect.Parameter(
            "as_json",
            inspect.Parameter.KEYWORD_ONLY,
            default=False,
            annotation=Annotated[bool, typer.Option("--json", help="Print the answer as JSON.")],
        )
    )
    run.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    run.__annotations__ = {p.name: p.annotation for p in params}
    run.__name__ = f"{name}_{info.id}"
    return run


def _parameter(info: Game, o: Option) -> inspect.Parameter:
    kind: Any = o.type
    default: Any = o.default
    if o.choices:
        kind = Enum(f"{info.id}_{o.name}", {c: c for c in o.choices}, type=str)  # type: ignore[misc]
        default = kind(o.default) if o.default is not None else None
    if o.multiple:
        kind, default = list[kind], None  # type: ignore[valid-type]
    settings: dict[str, Any] = {"help": o.help}
    metavar = o.metavar or {int: "N", float: "X", str: "TEXT"}.get(o.type)
    if o.choices and o.multiple:
        settings["metavar"] = f"<{'|'.join(o.choices)}>"  # not typer's <list[...]>
    elif metavar and not o.choices and o.type is not bool:
        settings["metavar"] = metavar
    if o.min is not None and o.type in (int, float):
        settings["min"] = o.min
    if o.max is not None and o.type in (int, float):
        settings["max"] = o.max
    if o.type is bool:
        default = bool(o.default)
    annotation = kind if (o.required or (default is not None and not o.multiple)) else Optional[kind]
    return inspect.Parameter(
        o.name,
        inspect.Parameter.KEYWORD_ONLY,
        default=inspect.Parameter.empty if o.required else default,
        annotation=Annotated[annotation, typer.Option(o.flag, **settings)],
    )


def _plain(value: Any) -> Any:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _check(o: Option, value: Any) -> None:
    """Bounds of a tuple option's parts (click checks the plain numbers)."""
    if not isinstance(value, tuple):
        return
    for part in value:
        if isinstance(part, (int, float)) and (
            (o.min is not None and part < o.min) or (o.max is not None and part > o.max)
        ):
            shown = " ".join(str(v) for v in value)
            raise BadInput(f"{o.flag} {shown}: each value is {o.min:g}-{o.max:g}")


def _progress_bar() -> Callable[[str, int, int], None]:
    """A progress bar per label (e.g. a policy's games), with an ETA, on standard error."""
    state: dict[str, Any] = {}

    def update(label: str, done: int, total: int) -> None:
        if state.get("label") != label:
            if state.get("bar") is not None:
                state["bar"].render_finish()
            state["bar"] = typer.progressbar(length=total, label=f"{label:<10}", file=sys.stderr, show_eta=True)
            state["bar"].render_progress()
            state["label"], state["done"] = label, 0
        state["bar"].update(done - state["done"])
        state["done"] = done
        if done >= total:
            state["bar"].render_finish()
            state["bar"] = None
            state["label"] = None

    return update


def picture(info: Game, spec: Any, data: dict[str, Any], player: str | None = None) -> bytes:
    """The PNG of a state file, drawn by the game's drawing module; ``player``: only that player's
    own sheet, where each player has one (``Game.sheet_each``)."""
    from importlib import import_module

    drawing = import_module(info.drawing)
    return drawing.picture(spec, data, player=player) if player is not None and info.sheet_each else \
        drawing.picture(spec, data)
