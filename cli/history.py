"""``tajkit history``: the play log (``solver/history.py``) at the command line: list, show, stats,
delete and export (BG Stats, CSV); and the ``--save`` of ``tajkit score``. Parse, call, present:
the log, the statistics and the BG Stats payload are the solver's."""

from __future__ import annotations

import functools
import json
import sys
from pathlib import Path
from typing import Annotated, Any, Callable, Optional

import typer

from tajkit.cli import present

app = typer.Typer(
    help="The play log: every game saved from tajkit play and every table scored with tajkit score --save. "
    "Examples: tajkit history list  ·  tajkit history show 3  ·  tajkit history stats --game artisans",
    no_args_is_help=True,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)

Db = Annotated[Optional[str], typer.Option(
    "--db", metavar="FILE", help="The play log's file (also: the TAJKIT_HISTORY environment variable; default: "
    "history.sqlite in your data folder).")]
Json = Annotated[bool, typer.Option("--json", help="Print the result as JSON.")]
Game = Annotated[Optional[str], typer.Option("--game", metavar="GAME", help="Only the plays of this game.")]
Player = Annotated[Optional[str], typer.Option("--player", metavar="NAME", help="Only the plays with this player.")]
Since = Annotated[Optional[str], typer.Option("--since", metavar="DATE", help="Only plays on or after DATE (YYYY-MM-DD).")]
Until = Annotated[Optional[str], typer.Option("--until", metavar="DATE", help="Only plays on or before DATE (YYYY-MM-DD).")]
PlayId = Annotated[int, typer.Argument(metavar="ID", help="The play's number (tajkit history list shows them).")]

# the options tajkit score takes for --save
Save = Annotated[bool, typer.Option("--save", help="Keep the scored play in the play log (tajkit history).")]
When = Annotated[Optional[str], typer.Option(
    "--date", metavar="WHEN", help="With --save: when it was played (YYYY-MM-DD or YYYY-MM-DD HH:MM; default: "
    "when the record began, else now).")]


def command(name: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """A subcommand whose bad input is one ``error:`` line and exit 2, as every tajkit command's."""
    def register(fn: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(fn)
        def run(*args: Any, **kwargs: Any) -> Any:
            from tajkit.cli.main import guarded  # main imports this module, so its guard is looked up here

            return guarded(fn)(*args, **kwargs)

        app.command(name)(run)
        return fn

    return register


def _log(db: str | None) -> Path:
    from tajkit.solver import history

    return history.database_path(db)


def _filters(game: str | None, player: str | None, since: str | None, until: str | None) -> Any:
    from tajkit.solver import games, history

    if game is not None:
        games.get(game)  # an unknown game gets its "did you mean"
    filters = history.Filters(game, player, since, until)
    filters.where()  # a date that is none is refused now
    return filters


def _echo_json(value: Any) -> None:
    typer.echo(json.dumps(value, indent=2, ensure_ascii=False))


def _nothing(path: Path, filters: Any) -> None:
    from tajkit.solver import history

    selected = any(v is not None for v in (filters.game, filters.player, filters.since, filters.until))
    if selected:
        typer.echo("no plays match", err=True)
    elif history.check(path):
        typer.echo(f"no plays in {present.safe(str(path), 200)} yet", err=True)
    else:
        typer.echo(f"no play log at {present.safe(str(path), 200)} yet: tajkit score GAME FILE --save keeps a "
                   "play, and a game that ends in tajkit play is kept", err=True)


# --- list, show -------------------------------------------------------------------------------


def ranking(play: Any) -> str:
    return "  ".join(f"{s.rank}. {present.safe(s.name, 40)} {s.total}" for s in play.seats)


def play_json(play: Any) -> dict[str, Any]:
    return {
        "id": play.id, "uid": play.uid, "game": play.game, "played": play.played, "saved": play.saved,
        "kind": play.kind,
        "players": [{"name": s.name, "seat": s.seat, "start_player": s.start, "total": s.total, "rank": s.rank,
                     "winner": play.won(s)} for s in play.seats],
        "data": play.data,
    }


@command("list")
def list_cmd(game: Game = None, player: Player = None, since: Since = None, until: Until = None, db: Db = None,
             as_json: Json = False) -> None:
    """The plays, newest first: number, date, game and ranking.

    Example: tajkit history list --game artisans --player Asha --since 2026-01-01
    """
    from tajkit.solver import history

    path, filters = _log(db), _filters(game, player, since, until)
    found = history.plays(path, filters)
    if as_json:
        _echo_json([play_json(p) for p in found])
        return
    if not found:
        _nothing(path, filters)
        return
    width = max(len("play"), *(len(str(p.id)) for p in found))
    game_width = max(len(p.game) for p in found)
    typer.echo(f"{'play':>{width}}  {'date':<16}  {'game':<{game_width}}  ranking")
    for p in found:
        typer.echo(f"{p.id:>{width}}  {p.played[:16]}  {p.game:<{game_width}}  {ranking(p)}")


def describe(play: Any) -> list[str]:
    """The lines ``history show`` prints before the score: what the play was and where it came from."""
    from tajkit.solver import games

    kind = "a game record (tajkit play)" if play.kind == "record" else "a scored table"
    lines = [f"Play {play.id}: {games.get(play.game).title}, {play.played[:16]}, from {kind}"]
    seated = play.in_seat_order
    if all(s.seat is not None for s in seated):
        starts = next((s.name for s in seated if s.start), None)
        start = f" ({present.safe(starts, 40)} started)" if starts is not None else ""
        lines.append("Seats: " + ", ".join(present.safe(s.name, 40) for s in seated) + start)
    if play.data is not None:
        lines.append(f"Scored with --data {present.safe(play.data['folder'], 200)} ({play.data['file']})")
    return lines


@command("show")
def show_cmd(
    play_id: PlayId,
    source: Annotated[bool, typer.Option("--source", help="Print the record or table it came from (JSON, as "
                                         "tajkit score and tajkit play read it) instead.")] = False,
    again: Annotated[bool, typer.Option("--rescore", help="Score it again from its record or table, with the "
                                        "data it was scored with, by this tajkit.")] = False,
    db: Db = None,
    as_json: Json = False,
) -> None:
    """One play in full: what it was, then the breakdown tajkit score printed for it.

    Examples: tajkit history show 3  ·  tajkit history show 3 --source > table.json
    """
    from tajkit.solver import history

    play = history.play(_log(db), play_id)
    if source:
        _echo_json(play.source)
        return
    result = history.rescore(play) if again else play.result
    if as_json:
        _echo_json({**play_json(play), "result": result.as_json(), "source": play.source})
        return
    typer.echo("\n".join([*describe(play), "", present.score(result)]))


# --- stats ----------------------------------------------------------------------------------------


def _rate(rate: float | None) -> str:
    return "-" if rate is None else f"{rate:.0%}"


def stats_lines(game: Any) -> list[str]:
    from tajkit.solver import games
    from tajkit.solver.ranking import plural

    names = [present.safe(p.name, 30) for p in game.players]
    width = max(len("player"), *map(len, names))
    lines = [f"{games.get(game.game).title}: {plural(game.plays, 'play')}",
             f"  {'player':<{width}}  plays  wins  win rate   mean  best"]
    for name, p in zip(names, game.players):
        lines.append(f"  {name:<{width}}  {p.plays:>5}  {p.wins:>4}  {_rate(p.win_rate):>8}  {p.mean:>5.1f}  {p.best:>4}")
    if game.features:
        label_width = max(len("mean stars"), *(len(label) for _, label in game.features))
        columns = [max(len(n), 4) for n in names]
        lines.append(f"  {'mean stars':<{label_width}}  " + "  ".join(f"{n:>{w}}" for n, w in zip(names, columns)))
        for cid, label in game.features:
            means = [dict(p.stars).get(cid) for p in game.players]
            cells = ["-" if m is None else f"{m:.1f}" for m in means]
            lines.append(f"  {label:<{label_width}}  " + "  ".join(f"{c:>{w}}" for c, w in zip(cells, columns)))
    return lines


def stats_json(game: Any) -> dict[str, Any]:
    return {
        "game": game.game,
        "plays": game.plays,
        "players": [{"name": p.name, "plays": p.plays, "wins": p.wins, "win_rate": p.win_rate, "mean": p.mean,
                     "best": p.best, **({"mean_stars": dict(p.stars)} if game.features else {})}
                    for p in game.players],
    }


@command("stats")
def stats_cmd(game: Game = None, player: Player = None, since: Since = None, until: Until = None, db: Db = None,
              as_json: Json = False) -> None:
    """Per game and player: plays, wins, win rate, mean and best score; for a game that scores
    features in stars (Artisans), the mean stars of each feature. A win is a first place (a shared
    one too) in a play of two or more.

    Example: tajkit history stats --game artisans --since 2026-01-01
    """
    from tajkit.solver import history

    path, filters = _log(db), _filters(game, player, since, until)
    found = history.stats(path, filters)
    if as_json:
        _echo_json([stats_json(g) for g in found])
        return
    if not found:
        _nothing(path, filters)
        return
    typer.echo("\n\n".join("\n".join(stats_lines(g)) for g in found))


# --- delete --------------------------------------------------------------------------------------


@command("delete")
def delete_cmd(
    play_id: PlayId,
    yes: Annotated[bool, typer.Option("--yes", help="Delete without asking (for scripts).")] = False,
    db: Db = None,
) -> None:
    """Delete a play from the log, after asking (a deleted play cannot be brought back).

    Example: tajkit history delete 3
    """
    from tajkit.solver import history
    from tajkit.solver.errors import BadInput

    path = _log(db)
    try:
        play = history.play(path, play_id)
        summary = f"play {play.id} ({play.game}, {play.played[:16]}: {ranking(play)})"
    except history.DamagedPlay:
        summary = f"play {play_id} (damaged in the play log)"
    if not yes:
        if not sys.stdin.isatty():
            raise BadInput(f"delete {play_id}: asking needs a terminal: add --yes to delete {summary} without asking")
        if not typer.confirm(f"Delete {summary}?", default=False, err=True):
            typer.echo(f"kept {summary}", err=True)
            return
    history.delete(path, play_id)
    typer.echo(f"deleted {summary}", err=True)


# --- export --------------------------------------------------------------------------------------


@command("export")
def export_cmd(
    play_id: Annotated[Optional[int], typer.Argument(metavar="[ID]", help="The play (for --csv: every play the "
                                                     "filters select, when no ID is given).")] = None,
    bgstats: Annotated[bool, typer.Option("--bgstats", help="The play as BG Stats' push link (and its JSON with "
                                          "--json), with a QR code to scan at the table.")] = False,
    as_csv: Annotated[bool, typer.Option("--csv", help="The plays as CSV, a line per player.")] = False,
    png: Annotated[Optional[str], typer.Option("--png", metavar="FILE", help="With --bgstats: also write the QR "
                                               "code as a PNG picture.")] = None,
    qr: Annotated[Optional[bool], typer.Option("--qr/--no-qr", help="With --bgstats: draw the QR code on standard "
                                               "output (default: when it is a terminal wide enough).")] = None,
    output: Annotated[Optional[str], typer.Option("-o", "--output", metavar="FILE", help="With --csv: write this "
                                                  "file instead of standard output.")] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace the --png or -o file if it exists.")] = False,
    game: Game = None, player: Player = None, since: Since = None, until: Until = None,
    db: Db = None,
    as_json: Json = False,
) -> None:
    """Share plays: one to BG Stats (a link and a QR code), or plays as CSV.

    Examples: tajkit history export 3 --bgstats --png play3.png  ·  tajkit history export --csv -o plays.csv
    """
    from tajkit.solver.errors import BadInput

    if bgstats == as_csv:
        raise BadInput("export: choose --bgstats (one play, for BG Stats) or --csv (plays as a table)")
    if bgstats:
        if play_id is None:
            raise BadInput("export --bgstats: name the play: tajkit history export ID --bgstats (tajkit history list "
                           "shows the numbers)")
        if output is not None or any(v is not None for v in (game, player, since, until)):
            raise BadInput("export --bgstats: sends one play: -o, --game, --player, --since and --until go with --csv")
        _bgstats(_log(db), play_id, png, qr, force, as_json)
    else:
        if png is not None or qr is not None:
            raise BadInput("export --csv: --png and --qr go with --bgstats")
        _csv(_log(db), play_id, _filters(game, player, since, until), output, force)


def _bgstats(path: Path, play_id: int, png: str | None, qr: bool | None, force: bool, as_json: bool) -> None:
    import shutil

    from tajkit.cli import commands
    from tajkit.solver import bgstats, history

    target = commands.output_target(png, None, force, ".png", "--png", stdout_free=False) if png is not None else None
    payload = bgstats.payload(history.play(path, play_id))
    link = bgstats.link(payload)
    if target is not None:
        commands.deliver(target, bgstats.qr_png(link), force, announce=True)
    if as_json:
        _echo_json({"link": link, "play": payload})
        return
    typer.echo(link)
    drawn, columns, rows = bgstats.qr_text(link)
    if qr is None and sys.stdout.isatty():
        size = shutil.get_terminal_size()
        link_rows = -(-len(link) // max(1, size.columns))
        if size.columns < columns or size.lines < rows + link_rows + 1:  # the link, the code, the prompt
            typer.echo(f"the QR code needs a terminal of {columns} columns and {rows + link_rows + 1} lines (the link "
                       f"above it included) and this one has {size.columns} × {size.lines}: enlarge it (or make its "
                       "font smaller) and run this again, or write the code as a picture with --png FILE", err=True)
            return
    if qr or (qr is None and sys.stdout.isatty()):
        typer.echo(drawn, nl=False)


def _csv(path: Path, play_id: int | None, filters: Any, output: str | None, force: bool) -> None:
    from tajkit.cli.files import write_new
    from tajkit.solver import bgstats, history

    found = [history.play(path, play_id)] if play_id is not None else history.plays(path, filters)
    text = bgstats.csv_text(found)
    if output is None or output == "-":
        sys.stdout.write(text)
        return
    write_new(Path(output), text.encode("utf-8"), force)
    typer.echo(f"wrote {present.safe(output, 200)}", err=True)


# --- tajkit score --save --------------------------------------------------------------------------


def saving(save: bool, db: str | None, date: str | None) -> Callable[..., str] | None:
    """For ``tajkit score``: what keeps the scored play, checked before anything is scored or
    typed in (the log's file, the date); ``None`` without ``--save``."""
    from tajkit.solver.errors import BadInput

    if not save:
        given = "--db" if db is not None else "--date" if date is not None else None
        if given is not None:
            raise BadInput(f"{given}: goes with --save (keep the scored play in the play log)")
        return None
    from tajkit.solver import history

    path = history.database_path(db)
    played = history.when(date) if date is not None else None
    history.check(path, create=True)

    def keep(game: str, result: Any, table: dict[str, Any] | None, session: Any, data: Path | None) -> str:
        """Save the play; the line to say on standard error."""
        from tajkit.solver.session import Session

        if isinstance(session, Session):
            saved = history.save_session(path, session, data, played)
        else:
            assert table is not None
            saved = history.save_play(path, game, result, table, data=data, played=played or history.now())
        where = present.safe(str(path), 200)
        if not saved.new:
            return f"already in the play log as play {saved.id} (played {saved.played[:16]}): not saved again ({where})"
        return f"saved as play {saved.id} in {where} (tajkit history show {saved.id})"

    return keep
