"""The ``tajkit`` command: parse, call the game's interface, present. No game logic here: every
command works from the registry (``solver/games.py``) and each game's ``Game`` interface.

OR-Tools, reportlab and pydantic are imported inside the commands that need them, so
``tajkit --help`` answers at once. Exit codes: 0 success, 1 failure, 2 bad input.
"""

from __future__ import annotations

import functools
import itertools
import json
import shlex
import sys
from enum import Enum
from pathlib import Path
from typing import Annotated, Any, Callable, Optional

import typer
from typer.core import TyperGroup

from tajkit.cli import commands, present, start
from tajkit.cli import history as history_cli
from tajkit.cli.start import MAX_LINE
from tajkit.solver import games as registry
from tajkit.solver import speccache
from tajkit.solver.errors import BadInput, SolverFailure

HELP = {"help_option_names": ["-h", "--help"]}


class OneLineErrors(TyperGroup):
    """The root command: a command-line usage error is one ``error:`` line (exit 2), not click's
    usage block, however tajkit is run (console script, ``python -m``, a test runner)."""

    def main(self, args: Any = None, prog_name: Any = None, complete_var: Any = None, standalone_mode: bool = True,
             **extra: Any) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        try:
            result = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except typer.Exit as exc:
            sys.exit(exc.exit_code)
        except typer.Abort:
            typer.echo("error: interrupted", err=True)
            sys.exit(130)
        except OSError as exc:
            sys.exit(start.output_failure(exc))
        except Exception as exc:
            if not (hasattr(exc, "format_message") and hasattr(exc, "exit_code")):
                raise  # a bug: keep its traceback
            if type(exc).__name__ == "NoArgsIsHelpError":  # a bare `tajkit` or `tajkit hint`: its help, as typed
                typer.echo(exc.format_message(), err=True)
                sys.exit(exc.exit_code)
            typed = sys.argv[1:] if args is None else list(args)
            clear = _too_few_values(exc, typed, self) or _bad_option_value(exc) or _misplaced_top_option(exc, typed)
            if clear is not None:
                typer.echo(f"error: {clear}", err=True)
                sys.exit(2)
            ctx = getattr(exc, "ctx", None)
            where = f" (see: {ctx.command_path} --help)" if ctx is not None and exc.exit_code == 2 else ""
            message = exc.format_message().replace("Value error, ", "")  # pydantic-style prefix of typer's enum check
            typer.echo(f"error: {present.safe(message, 300)}{where}", err=True)
            sys.exit(exc.exit_code)
        sys.exit(result if isinstance(result, int) else 0)


BOUNDS = {"greater_than_equal": ("ge", "at least"), "less_than_equal": ("le", "at most"),
          "greater_than": ("gt", "more than"), "less_than": ("lt", "less than")}
TYPES = {"int_parsing": "not a whole number", "int_from_float": "not a whole number", "float_parsing": "not a number",
         "int_parsing_size": "too many digits for a number"}


def _bad_option_value(exc: Exception) -> str | None:
    """``--top 0: must be at least 1`` for an option's (or an argument's: ``ID ²: not a whole
    number``) value that typer's pydantic check refused (its own words name neither the option nor
    the value); None for any other usage error."""
    param = getattr(exc, "param", None)
    cause = exc.__cause__
    errors = cause.errors() if hasattr(cause, "errors") else []
    if getattr(param, "param_type_name", None) not in ("option", "argument") or not errors:
        return None
    error = errors[0]
    value, kind, ctx = error.get("input"), error["type"], error.get("ctx") or {}
    choices = getattr(getattr(param, "type_descriptor", None), "choices", None)  # typer's own, of a closed list
    if kind in BOUNDS:
        key, word = BOUNDS[kind]
        limit = ctx.get(key)
        rule = f"must be {word} {limit:g}" if isinstance(limit, float) else f"must be {word} {limit}"
    elif kind in TYPES:
        from tajkit.solver import numbers

        meant = kind.startswith("int") and numbers.looks_numeric(str(value))  # a digit not 0-9, or too many
        rule = (meant and numbers.number_problem(str(value))) or TYPES[kind]
    elif kind == "value_error" and choices:
        rule = "choose one of " + ", ".join(str(getattr(c, "value", c)) for c in choices)
    else:
        rule = str(error.get("msg", "not allowed"))
    flag = max(param.opts, key=len) if param.param_type_name == "option" else (param.metavar or param.name.upper())
    return f"{flag} {present.safe(str(value))}: {present.safe(rule, 200)}"


def _too_few_values(exc: Exception, args: list[str], root: Any) -> str | None:
    """``--roll 3: needs 2 values: the two dice just rolled...`` for an option of several values given
    fewer: click says "requires 2 arguments" without the value, or takes the next option
    (``--roll 4 --player Asha``) for the missing value and then finds it no number."""
    param, name = getattr(exc, "param", None), getattr(exc, "option_name", None)
    if param is None and name is not None:  # click's "requires 2 arguments" carries only the option's name
        param = next((p for p in _command_of(root, args).params if name in p.opts), None)
    if getattr(param, "param_type_name", None) != "option" or param.nargs < 2:
        return None
    at = next((i for i in reversed(range(len(args))) if args[i] in param.opts), None)
    if at is None:
        return None
    given = args[at + 1: at + 1 + param.nargs]
    values = list(itertools.takewhile(lambda a: not _looks_like_an_option(a), given))
    if len(values) == param.nargs:
        return None
    typed = present.safe(shlex.join([args[at], *values]))
    follows = f", but {present.safe(given[len(values)])} follows (an option, not a value)" if len(values) < len(given) else ""
    what = (param.help or "").rstrip(".")
    return f"{typed}: needs {param.nargs} values{follows}" + (f": {what[:1].lower()}{what[1:]}" if what else "")


def _command_of(root: Any, args: list[str]) -> Any:
    """The (sub)command the words of ``args`` lead to: ``hint artisans`` from the root."""
    command = root
    for arg in args:
        sub = getattr(command, "commands", {}).get(arg)
        if sub is not None:
            command = sub
    return command


def _looks_like_an_option(arg: str) -> bool:
    return arg.startswith("--") or (arg.startswith("-") and arg[1:2].isalpha())  # -3 is a value


def _misplaced_top_option(exc: Exception, args: list[str]) -> str | None:
    """``tajkit score ... --data DIR``: the subcommand has no --data, but tajkit itself has; say
    where it goes, with the line moved around, rather than "No such option"."""
    name, ctx = getattr(exc, "option_name", None), getattr(exc, "ctx", None)
    if type(exc).__name__ != "NoSuchOption" or ctx is None or ctx.parent is None:
        return None
    root = ctx.find_root()
    option = next((p for p in root.command.params if name in p.opts), None)
    at = next((i for i, a in enumerate(args) if a == name or a.startswith(f"{name}=")), None)
    if option is None or at is None:
        return None
    moved = args[at:at + 1]
    if not option.is_flag and "=" not in args[at]:
        moved.append(args[at + 1] if at + 1 < len(args) else option.metavar or "VALUE")
    rest = args[:at] + args[at + len(moved):]
    return f"{name} goes before the command: {root.info_name} {present.safe(shlex.join(moved + rest), 300)}"


class GameCommands(TyperGroup):
    """``tajkit hint GAME`` and ``tajkit simulate GAME``: a name that is no command here is
    answered as ``tajkit score`` answers it (an unknown game gets a "did you mean"), and a known
    game without the command says which games have it."""

    def resolve_command(self, ctx: typer.Context, args: list[str]) -> Any:
        name = args[0] if args else ""
        if name and not name.startswith("-") and self.get_command(ctx, name) is None:
            try:
                registry.get(name)
            except BadInput as exc:
                ctx.fail(str(exc))  # one usage-error line, exit 2
            have = ", ".join(self.list_commands(ctx))
            ctx.fail(f"tajkit {ctx.info_name} {name}: not available for {name} yet (available for: {have})")
        return super().resolve_command(ctx, args)


app = typer.Typer(
    cls=OneLineErrors,
    name="tajkit",
    help="Printable sheets, a scorer and solver hints for five Taj Mahal-themed tabletop games.\n\n"
    "Examples:  tajkit print artisans  ·  tajkit score artisans table.toml  ·  tajkit games",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings=HELP,
)
hint_app = typer.Typer(
    cls=GameCommands,
    help="Best moves in a live position, from the game's solver. Each game has its own options: "
    "tajkit hint GAME --help.",
    no_args_is_help=True,
    rich_markup_mode=None,
    context_settings=HELP,
)
simulate_app = typer.Typer(
    cls=GameCommands,
    help="Play games on seeded dice and compare policies: tajkit simulate GAME --help.",
    no_args_is_help=True,
    rich_markup_mode=None,
    context_settings=HELP,
)
app.add_typer(hint_app, name="hint")
app.add_typer(simulate_app, name="simulate")
app.add_typer(history_cli.app, name="history")


class Kind(str, Enum):
    sheet = "sheet"
    reference = "reference"
    scorepad = "scorepad"


class Paper(str, Enum):
    a4 = "a4"
    letter = "letter"


class InkChoice(str, Enum):
    colour = "colour"
    low = "low"


def fail(problems: tuple[str, ...] | list[str], code: int = 2) -> typer.Exit:
    for problem in problems:
        typer.echo(f"error: {present.safe(problem, MAX_LINE)}", err=True)
    return typer.Exit(code)


def guarded(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Bad input becomes one message per problem and exit code 2; a solver that could not answer
    one line and exit code 1; never a traceback."""

    @functools.wraps(fn)
    def run(*a: Any, **k: Any) -> Any:
        try:
            return fn(*a, **k)
        except BadInput as exc:
            raise fail(exc.problems) from None
        except SolverFailure as exc:
            raise fail(exc.problems, code=1) from None

    return run


def command(*args: Any, **kwargs: Any) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    def register(fn: Callable[..., Any]) -> Callable[..., Any]:
        return app.command(*args, **kwargs)(guarded(fn))

    return register


def _version(value: bool) -> None:
    if value:
        from importlib import metadata  # only here: it costs a fifth of tajkit's start-up

        typer.echo(f"tajkit {metadata.version('tajkit')}")
        raise typer.Exit()


@app.callback()
def main(
    ctx: typer.Context,
    version: Annotated[
        Optional[bool], typer.Option("--version", callback=_version, is_eager=True, help="Show the version and exit.")
    ] = None,
    data: Annotated[
        Optional[str],  # text, not a Path: Path("") would quietly be the current folder
        typer.Option(
            "--data",
            metavar="DIR",
            help="Folder of your own <game>.toml files laid over tajkit's game data "
            "(also: the TAJKIT_DATA environment variable).",
        ),
    ] = None,
) -> None:
    """Printable sheets, a scorer and solver hints for five Taj Mahal-themed tabletop games."""
    ctx.obj = _data_folder(data)  # this invocation's own: each command hands it to load_spec


def _data_folder(given: str | None) -> Path | None:
    try:
        return start.data_folder(given)
    except BadInput as exc:
        raise fail(exc.problems) from None


@command("games")
def games_cmd() -> None:
    """List the games and what tajkit does for each today."""
    every = registry.every()
    width = max(len(g.id) for g in every)
    for g in every:
        typer.echo(f"{g.id:<{width}}  {g.title} ({g.kind}): {', '.join(g.supports())}")


@command("print")
def print_cmd(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help="Game id, e.g. artisans (see: tajkit games).", metavar="GAME")],
    kind: Annotated[
        Optional[Kind], typer.Option("--kind", case_sensitive=False, help="What to print; default: the game's main printout.")
    ] = None,
    paper: Annotated[Paper, typer.Option("--paper", case_sensitive=False, help="Paper size.")] = Paper.a4,
    ink: Annotated[InkChoice, typer.Option("--ink", case_sensitive=False, help="colour, or low ink (white paper, outlines).")] = InkChoice.colour,
    count: Annotated[
        Optional[int], typer.Option("--count", min=1, max=1000, metavar="N", help="Pages in all (sheets, score pads; default 10: "
                                    "a pad with a design per player count shares them out) or card sets (default 1).")
    ] = None,
    players: Annotated[
        Optional[int], typer.Option("--players", metavar="N", help="Print only the score pad's design for N players "
                                    "(Maharani: one for 2, one for 3-4); default: every design.")
    ] = None,
    lang: Annotated[str, typer.Option("--lang", metavar="CODE", help="Language of a reference card or score pad: en, or hu for Maharani.")] = "en",
    output: Annotated[Optional[str], typer.Option("-o", "--output", metavar="PATH", help="PDF file to write (default: in output/, named after the "
                                       "game, kind, paper and ink); - writes to standard output.")] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace the output file if it exists.")] = False,
) -> None:
    """Print a pad of player sheets, a reference card or a score pad as PDF.

    Examples: tajkit print artisans --paper letter --ink low --count 50  ·
    tajkit print maharani --players 2  ·  tajkit print maharani --kind reference --lang hu
    """
    info = registry.get(game)
    chosen, pages, name = commands.printout(info, kind.value if kind else None, lang, players, count, paper.value,
                                            ink.value, data=ctx.obj)
    default = Path("output") / name
    target = commands.output_target(output, default, force, ".pdf")
    pdf, printed = commands.render(info, chosen, paper.value, ink.value, pages, lang, players, data=ctx.obj)
    commands.deliver(target, pdf, force)
    if printed:
        typer.echo(printed, err=True)


def stdin_is_interactive() -> bool:
    return sys.stdin.isatty()


@command("score")
def score_cmd(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help="Game id, e.g. artisans.", metavar="GAME")],
    state: Annotated[
        Optional[str], typer.Argument(help="State file (TOML or JSON), or - for standard input. Omit it to type the table in.", metavar="STATE")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
    png: Annotated[Optional[str], typer.Option("--png", metavar="PATH", help="Also draw the table as a PNG picture, to check what you typed.")] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace the --png file if it exists.")] = False,
    save: history_cli.Save = False,
    db: history_cli.Db = None,
    date: history_cli.When = None,
) -> None:
    """Score a finished table: each player's breakdown, the ranking and its tie-breaks.

    Example: tajkit score artisans table.toml  ·  tajkit score artisans table.toml --save
    """
    info = registry.get(game)
    keep = history_cli.saving(save, db, date)
    if not info.scores:
        raise BadInput(f"tajkit score {game}: not available for {game} yet (see: tajkit games)")
    if png is not None and not info.draws:
        raise BadInput(f"--png: tajkit draws no picture for {game} (see: tajkit games)")
    target = commands.output_target(png, None, force, ".png", "--png", stdout_free=False) if png is not None else None
    spec = speccache.load_spec(info, ctx.obj)
    if state is None:
        if not stdin_is_interactive():
            raise BadInput(
                "no state file given: name a TOML or JSON file, or - to read standard input "
                "(typing the table in, question by question, needs a terminal)"
            )
        from tajkit.cli.entry import enter_table

        data, result = enter_table(info, spec)
    else:
        data = commands.read_state(state)
        game = commands.record_session(info, spec, data, state)
        if game is not None:  # a game record, finished or not: its standings
            result, data = game.standings(), game.state_file()
        else:
            with commands.named_form(info, spec, data, "score", state):
                result = info.score(spec, info.read_state(spec, data))
    if target is not None:
        commands.deliver(target, commands.picture(info, spec, data), force, announce=True)
    saved = keep(info.id, result, data, game, ctx.obj) if keep is not None else None
    typer.echo(json.dumps(result.as_json(), indent=2, ensure_ascii=False) if as_json else present.score(result))
    if saved is not None:
        typer.echo(saved, err=True)


@command("show")
def show_cmd(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help="Game id, e.g. taj.", metavar="GAME")],
    state: Annotated[str, typer.Argument(help="State file (TOML or JSON), or - for standard input.", metavar="STATE")],
    output: Annotated[str, typer.Option("-o", "--output", metavar="PATH", help="PNG file to write; - writes to standard output.")],
    force: Annotated[bool, typer.Option("--force", help="Replace the output file if it exists.")] = False,
) -> None:
    """Draw a table state as a PNG picture, to check it against the table.

    Example: tajkit show taj table.toml -o display.png
    """
    info = registry.get(game)
    if not info.draws:
        raise BadInput(f"tajkit show {game}: tajkit draws no picture for {game} (see: tajkit games)")
    target = commands.output_target(output, None, force, ".png")
    spec = speccache.load_spec(info, ctx.obj)
    data = commands.read_state(state)
    game = commands.record_session(info, spec, data, state)
    if game is not None:
        data = game.state_file()
        if data is None:
            raise BadInput(f"{present.safe(state)}: nothing is on the table to draw yet (the game stands at its setup)")
    commands.deliver(target, commands.picture(info, spec, data), force)


@command("play")
def play_cmd(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help="Game id, e.g. artisans.", metavar="GAME")],
    record: Annotated[
        Optional[str], typer.Argument(help="The game's record file (.toml or .json): resumed if it exists, else a new "
                                      "game is started in it (default: GAME-DATE-TIME.toml here).", metavar="RECORD")
    ] = None,
    do: Annotated[
        Optional[list[str]], typer.Option("--do", metavar="EVENT", help="Apply EVENT without a terminal (repeat it): "
                                          "all are checked, and recorded only if every one is legal.")
    ] = None,
    player: Annotated[
        Optional[list[str]], typer.Option("--player", metavar="NAME", help="A new game's player, in seat order (repeat "
                                          "it); the rest of the setup takes its defaults.")
    ] = None,
    setup: Annotated[
        Optional[str], typer.Option("--setup", metavar="FILE", help="A new game's setup from a TOML or JSON file "
                                    "(players and the game's setup fields).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the game as it stands as JSON (after any --do).")] = False,
) -> None:
    """Follow a game at the table, event by event: each event checked as it is typed and saved at once,
    with hints (hint, take 1), undo, fix N, standings, show and log.

    Examples: tajkit play artisans night.toml --player Asha --player Babur  ·
    tajkit play artisans night.toml --do "roll 4 6" --do "dome middle 5"  ·  tajkit play artisans night.toml
    """
    from tajkit.cli import play

    info, spec = play.game_to_play(game, ctx.obj)
    interactive = stdin_is_interactive() and sys.stderr.isatty()
    raise typer.Exit(play.run(info, spec, record, setup, player or [], do or [], as_json, interactive, ctx.obj))


@command("serve")
def serve_cmd(
    ctx: typer.Context,
    folder: Annotated[str, typer.Option("--folder", metavar="DIR", help="Where the games' records are kept (default: here).")] = ".",
    port: Annotated[int, typer.Option("--port", min=0, max=65535, metavar="N", help="The port (0: a free one).")] = 8765,
    lan: Annotated[bool, typer.Option("--lan", help="Listen on the local network too (phones join with the printed "
                                      "link, which carries a secret token); default: this machine only.")] = False,
) -> None:
    """The table's companion in a phone's browser: games in play, hints, undo and standings.

    Examples: tajkit serve  ·  tajkit serve --lan --folder games
    """
    from tajkit.cli.web import serve

    serve.run(Path(folder), ctx.obj, port, lan)


@command("schema")
def schema_cmd(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help="Game id, e.g. artisans.", metavar="GAME")],
    record: Annotated[bool, typer.Option("--record", help="The schema of a game record (tajkit play) instead.")] = False,
) -> None:
    """Print the JSON Schema of the files the game's commands read (score and hint; --record: a game record)."""
    info = registry.get(game)
    if record:
        if not info.plays:
            raise BadInput(f"tajkit schema {game} --record: tajkit play {game} is not available yet")
        from tajkit.solver.game import SCHEMA_DIALECT
        from tajkit.solver.session import record_schema

        typer.echo(json.dumps({"$schema": SCHEMA_DIALECT, **record_schema(info.id)}, indent=2, ensure_ascii=False))
        return
    if not info.scores:
        raise BadInput(f"tajkit schema {game}: no state file for {game} yet (see: tajkit games)")
    typer.echo(json.dumps(info.schema(speccache.load_spec(info, ctx.obj)), indent=2, ensure_ascii=False))


def _register_read() -> None:
    """``tajkit read GAME PHOTO...`` (cli/read.py: its options; OpenCV only when it runs)."""
    from tajkit.cli import read

    app.command("read")(guarded(read.read_cmd))


_register_read()


def _register_game_commands() -> None:
    """One ``tajkit hint GAME`` and ``tajkit simulate GAME`` per game that has them."""
    for game_id in registry.GAMES:
        info = registry.get(game_id)
        for group, name in ((hint_app, "hint"), (simulate_app, "simulate")):
            spec = getattr(info, name)
            if spec is not None:
                fn = commands.game_command(info, name, spec)
                group.command(game_id, help=commands.help_text(info, spec))(guarded(fn))


_register_game_commands()


def run() -> None:
    """The console script as an install made before ``cli/start.py`` names it (``pip install`` renews it)."""
    start.run()


def run_app() -> int:
    """The typer app on the command line, its exit code (a ``sys.exit("message")`` said on
    standard error, exit status 1)."""
    try:
        app()
    except SystemExit as done:
        code = done.code
    else:
        code = 0
    if isinstance(code, str):
        sys.stderr.write(code + "\n")
        code = 1
    return int(code or 0)
