"""The ``tajkit`` command. Parses, calls the solver or the sheets, presents the result.

OR-Tools and reportlab are imported inside the commands that need them, so ``tajkit --help``
answers at once. Exit codes: 0 success, 1 failure, 2 bad input.
"""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from enum import Enum
from importlib import metadata
from pathlib import Path
from typing import Annotated, Any, Callable, Optional

import typer

from tajkit.solver.errors import BadInput
from tajkit.solver.games import GAMES

app = typer.Typer(
    name="tajkit",
    help="Printable sheets, a scorer and solver hints for five Taj Mahal-themed tabletop games.\n\n"
    "Examples:  tajkit print artisans  ·  tajkit score artisans table.toml  ·  tajkit games",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


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
        typer.echo(f"error: {problem}", err=True)
    return typer.Exit(code)


def command(*args: Any, **kwargs: Any) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register a command whose bad input becomes one message per problem and exit code 2."""

    def register(fn: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(fn)
        def guarded(*a: Any, **k: Any) -> Any:
            try:
                return fn(*a, **k)
            except BadInput as exc:
                raise fail(exc.problems) from None
            except OSError as exc:
                raise fail([f"{exc.filename or ''}: {exc.strerror or exc}"], code=1) from None

        return app.command(*args, **kwargs)(guarded)

    return register


def game_of(game: str) -> str:
    if game not in GAMES:
        import difflib

        close = difflib.get_close_matches(game, GAMES, n=1)
        hint = f"did you mean {close[0]}? " if close else ""
        raise BadInput(f"unknown game {game!r}: {hint}the games are {', '.join(GAMES)}")
    return game


def _version(value: bool) -> None:
    if value:
        typer.echo(f"tajkit {metadata.version('tajkit')}")
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[
        Optional[bool], typer.Option("--version", callback=_version, is_eager=True, help="Show the version and exit.")
    ] = None,
    data: Annotated[
        Optional[Path],
        typer.Option(
            "--data",
            help="Folder of your own <game>.toml files laid over tajkit's game data "
            "(also: the TAJKIT_DATA environment variable).",
            file_okay=False,
        ),
    ] = None,
) -> None:
    """Printable sheets, a scorer and solver hints for five Taj Mahal-themed tabletop games."""
    from tajkit import seeds

    if data is not None and not data.is_dir():
        raise fail([f"--data {data}: no such folder"])
    seeds.data_dir = data


@command("games")
def games_cmd() -> None:
    """List the games and what tajkit does for each today."""
    width = max(len(g.id) for g in GAMES.values())
    for g in GAMES.values():
        does = ", ".join(g.supports()) or "nothing yet"
        typer.echo(f"{g.id:<{width}}  {g.title} ({g.kind}): {does}")


@command("print")
def print_cmd(
    game: Annotated[str, typer.Argument(help="Game id, e.g. artisans (see: tajkit games).")],
    kind: Annotated[
        Optional[Kind], typer.Option("--kind", help="What to print; default: the game's main printout.")
    ] = None,
    paper: Annotated[Paper, typer.Option("--paper", help="Paper size.")] = Paper.a4,
    ink: Annotated[InkChoice, typer.Option("--ink", help="colour, or low ink (white paper, outlines).")] = InkChoice.colour,
    count: Annotated[
        Optional[int], typer.Option("--count", min=1, max=1000, help="Pages (sheets, score pads; default 10) or card sets (default 1).")
    ] = None,
    lang: Annotated[str, typer.Option("--lang", help="Language of a reference card: en, or hu for Maharani.")] = "en",
    output: Annotated[Optional[Path], typer.Option("-o", "--output", help="PDF file to write.")] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace the output file if it exists.")] = False,
) -> None:
    """Print a pad of player sheets, a reference card or a score pad as PDF.

    Examples: tajkit print artisans --paper letter --ink low --count 50  ·
    tajkit print maharani --kind reference --lang hu
    """
    from tajkit.cli.files import write_new

    info = GAMES[game_of(game)]
    chosen = kind.value if kind else info.prints[0]
    if chosen not in info.prints:
        raise BadInput(f"--kind {chosen}: tajkit prints {', '.join(info.prints)} for {game} (see: tajkit games)")
    if lang != "en" and chosen != "reference":
        raise BadInput(f"--lang {lang}: only reference cards come in other languages")
    pages = count or (1 if chosen == "reference" else 10)
    suffix = f"-{lang}" if lang != "en" else ""
    path = output or Path("output") / f"{game}-{chosen}{suffix}-{paper.value}-{ink.value}.pdf"
    pdf = _render(game, chosen, paper.value, ink.value, pages, lang)
    write_new(path, pdf, force=force)
    typer.echo(str(path))


def _render(game: str, kind: str, paper: str, ink: str, count: int, lang: str) -> bytes:
    from tajkit.sheets import documents

    if kind == "sheet":
        from tajkit.sheets import artisans
        from tajkit.solver.artisans.rules import load_spec

        return artisans.render_pad(load_spec(), paper=paper, ink=ink, count=count)
    if kind == "reference":
        from tajkit.sheets import reference

        return reference.render(documents.card(game, lang), paper=paper, ink=ink, copies=count)
    from tajkit.sheets import scorepad

    return scorepad.render(documents.pad(game), paper=paper, ink=ink, count=count)


def stdin_is_interactive() -> bool:
    return sys.stdin.isatty()


@command("score")
def score_cmd(
    game: Annotated[str, typer.Argument(help="Game id, e.g. artisans.")],
    state: Annotated[
        Optional[str], typer.Argument(help="State file (TOML or JSON), or - for standard input. Omit it to type the sheets in.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """Score a finished table: each player's breakdown, the ranking and its tie-breaks.

    Example: tajkit score artisans table.toml
    """
    game_of(game)
    if not GAMES[game].scores:
        raise BadInput(f"tajkit score {game}: not available yet (see: tajkit games)")
    if state is None and not (game == "artisans" and stdin_is_interactive()):
        raise BadInput("no state file given: name a TOML or JSON file, or - to read standard input")
    {"artisans": _score_artisans, "taj": _score_taj}[game](state, as_json)


def _score_artisans(state: str | None, as_json: bool) -> None:
    from tajkit.cli import present
    from tajkit.solver.artisans import scoring, state as artisans_state
    from tajkit.solver.artisans.rules import load_spec

    spec = load_spec()
    if state is None:
        players = artisans_state.players_from_data(spec, _enter_and_offer_save(spec))
    else:
        players = artisans_state.load_players(spec, state)
    note = artisans_state.end_of_game_note(spec, players)
    if note:
        typer.echo(f"warning: {note}", err=True)
    result = scoring.score_table(spec, players)
    typer.echo(json.dumps(result.as_json(), indent=2, ensure_ascii=False) if as_json else present.artisans_score(result, spec.trees))


def _score_taj(state: str, as_json: bool) -> None:
    from tajkit.cli import present_taj
    from tajkit.solver.taj import rules, scoring, state as taj_state

    spec = rules.load_spec()
    result = scoring.score_table(spec, taj_state.load_table(spec, state))
    typer.echo(json.dumps(result.as_json(), indent=2, ensure_ascii=False) if as_json else present_taj.score(spec, result))


def _enter_and_offer_save(spec: Any) -> dict[str, Any]:
    import tomli_w

    from tajkit.cli.entry import enter_artisans
    from tajkit.cli.files import write_new

    data = enter_artisans(spec)
    if typer.confirm("Save this entry as a state file?", default=True, err=True):
        while True:
            name = typer.prompt("File name", default="output/artisans-table.toml", err=True)
            path = Path(name)
            replace = path.exists() and typer.confirm(f"{path} exists. Replace it?", default=False, err=True)
            if path.exists() and not replace:
                continue
            write_new(path, tomli_w.dumps(data).encode("utf-8"), force=replace)
            typer.echo(f"saved {path}", err=True)
            break
    return data


@command("hint")
def hint_cmd(
    game: Annotated[str, typer.Argument(help="Game id: artisans or taj.")],
    state: Annotated[str, typer.Argument(help="State file (TOML or JSON) of the live position, or - for standard input.")],
    roll: Annotated[
        Optional[tuple[int, int]], typer.Option("--roll", help="artisans: the two dice just rolled, e.g. --roll 4 6.")
    ] = None,
    proposal: Annotated[
        Optional[tuple[int, int]],
        typer.Option("--proposal", help="taj: the pending proposal's two rugs (1-based), to advise a voter."),
    ] = None,
    player: Annotated[Optional[str], typer.Option("--player", help="Whose view, when the file has several players.")] = None,
    top: Annotated[int, typer.Option("--top", min=1, max=50, help="How many moves or proposals to show.")] = 5,
    seed: Annotated[int, typer.Option("--seed", help="artisans: seed of the sampled dice (same seed, same hints).")] = 0,
    time_limit: Annotated[
        float, typer.Option("--time-limit", min=0.05, max=60, help="artisans: seconds the solver may take.")
    ] = 0.9,
    as_json: Annotated[bool, typer.Option("--json", help="Print the hints as JSON.")] = False,
) -> None:
    """Best moves in a live position: the uses of a roll (artisans), proposals and votes (taj).

    Examples: tajkit hint artisans sheet.toml --roll 4 6  ·  tajkit hint taj table.toml --player Asha
    """
    game_of(game)
    if not GAMES[game].hints:
        raise BadInput(f"tajkit hint {game}: not available yet (see: tajkit games)")
    if game == "artisans":
        if proposal is not None:
            raise BadInput("--proposal is for taj; artisans hints take --roll A B")
        if roll is None:
            raise BadInput("artisans hints need the dice: --roll A B (e.g. --roll 4 6)")
        _hint_artisans(state, roll, player, top, seed, time_limit, as_json)
    else:
        if roll is not None:
            raise BadInput("--roll is for artisans; taj hints take --player NAME and, for a vote, --proposal I J")
        _hint_taj(state, proposal, player, top, as_json)


def _hint_artisans(
    state: str, roll: tuple[int, int], player: str | None, top: int, seed: int, time_limit: float, as_json: bool
) -> None:
    from tajkit.cli import present
    from tajkit.solver.artisans import state as artisans_state
    from tajkit.solver.artisans.hint import Hinter, check_position
    from tajkit.solver.artisans.rules import load_spec

    spec = load_spec()
    chosen = artisans_state.pick_player(artisans_state.load_players(spec, state), player)
    check_position(spec, chosen.name, chosen.sheet, roll)
    hint = Hinter(spec).rank(chosen.sheet, roll, seed=seed, time_limit=time_limit, top=top)
    if as_json:
        typer.echo(json.dumps(present.artisans_hint_json(spec, chosen.name, roll, hint, seed), indent=2))
    else:
        typer.echo(present.artisans_hint(spec, chosen.name, chosen.sheet, roll, hint, top))


def _hint_taj(state: str, proposal: tuple[int, int] | None, player: str | None, top: int, as_json: bool) -> None:
    from tajkit.cli import present_taj
    from tajkit.solver.taj import hint, rules, state as taj_state

    spec = rules.load_spec()
    table = taj_state.load_table(spec, state)
    name = taj_state.pick_player(table, player)
    possible = rules.possible_outcomes(len(table.players))
    best = hint.ideal(spec, table, name)
    items = advice = None
    if proposal is None:
        items = hint.proposals(spec, table, name)
    else:
        advice = hint.vote_advice(spec, table, name, proposal[0] - 1, proposal[1] - 1)
    if as_json:
        typer.echo(json.dumps(present_taj.hint_json(name, items, advice, best, possible), indent=2, ensure_ascii=False))
        return
    goal = table.player(name).goal
    if items is not None:
        typer.echo(present_taj.proposals(name, items, possible, best.now, top))
    else:
        typer.echo(present_taj.vote(name, advice))
    typer.echo(present_taj.ideal(spec, goal, best))


class PolicyName(str, Enum):
    oracle = "oracle"
    hint = "hint"
    heuristic = "heuristic"
    greedy = "greedy"
    random = "random"


@command("simulate")
def simulate_cmd(
    game: Annotated[str, typer.Argument(help="Game id, e.g. artisans.")],
    policy: Annotated[
        Optional[list[PolicyName]], typer.Option("--policy", help="Who plays (repeat it; default: all five).")
    ] = None,
    games: Annotated[int, typer.Option("--games", min=1, max=100000, help="Games per policy.")] = 100,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the roll sequences.")] = 1,
    oracle_time: Annotated[float, typer.Option("--oracle-time", min=0.1, help="CP-SAT seconds per oracle game.")] = 20.0,
    as_json: Annotated[bool, typer.Option("--json", help="Print the statistics as JSON.")] = False,
) -> None:
    """Play solitaire games on seeded dice and compare policies (the same dice for each).

    Example: tajkit simulate artisans --policy hint --policy heuristic --games 300 --seed 1
    """
    from tajkit.cli import present
    from tajkit.solver.artisans.engine import engine_for
    from tajkit.solver.artisans.rules import load_spec
    from tajkit.solver.artisans.simulate import POLICIES, compare

    game_of(game)
    if not GAMES[game].simulates:
        raise BadInput(f"tajkit simulate {game}: not available yet (see: tajkit games)")
    names = [p.value for p in policy] if policy else list(POLICIES)
    names = sorted(dict.fromkeys(names), key=POLICIES.index)
    engine = engine_for(load_spec())
    with _progress(games * len(names)) as step:
        runs = compare(engine, names, games, seed, oracle_time=oracle_time, progress=step)
    if as_json:
        typer.echo(json.dumps(present.simulation_json(runs), indent=2))
    else:
        typer.echo(present.simulation(runs, games, seed))


@contextmanager
def _progress(total: int) -> Iterator[Callable[[int], None] | None]:
    """A progress bar on standard error when it is a terminal; nothing otherwise."""
    if not sys.stderr.isatty():
        yield None
        return
    with typer.progressbar(length=total, label="playing", file=sys.stderr) as bar:
        yield bar.update


@command("schema")
def schema_cmd(game: Annotated[str, typer.Argument(help="Game id, e.g. artisans.")]) -> None:
    """Print the JSON Schema of the game's state file."""
    game_of(game)
    if not GAMES[game].scores:
        raise BadInput(f"tajkit schema {game}: no state file for {game} yet (see: tajkit games)")
    if game == "artisans":
        from tajkit.solver.artisans.rules import load_spec
        from tajkit.solver.artisans.state import json_schema

        schema = json_schema(load_spec())
    else:
        from tajkit.solver.taj import rules, state as taj_state

        schema = taj_state.json_schema(rules.load_spec())
    typer.echo(json.dumps(schema, indent=2, ensure_ascii=False))


def run() -> None:
    app()
