"""The console script (and ``python -m tajkit.cli``): the typer app (``cli/main.py``) reads the
command line, but for one form. ``tajkit play GAME RECORD --do EVENT`` is what a script at the
table runs once per event, and building the app (every command's parameters, and a pydantic
validator for each that typer reads) cost it more than the event itself (issue 42). So its plain
form — the game, the record, one ``--do EVENT`` or more and ``--json`` — is read here and played
by the same ``play`` code; any other form (another option, ``--do=EVENT``, an event that looks like
an option, help) goes to the app, which reads this form the same way.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from pathlib import Path

# What a write to standard output meets (``> /dev/full``, a full disk, ``| head``); every file tajkit
# writes itself goes through solver/writing.py or SQLite, which say such a failure as bad input.
OUTPUT_FAILURES = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO, errno.EPIPE}
MAX_LINE = 400  # characters of an error line: what a person reads (tajkit play's "refused:" lines alike)


def run() -> None:
    """Once the command has said all it says, the process leaves at once (``leave``)."""
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "1")  # tajkit uses none: finding them reads every package's metadata
    scripted = scripted_play(sys.argv[1:])
    if scripted is None:
        from tajkit.cli.main import run_app

        code = run_app()
    else:
        code = play_events(*scripted)
    leave(code)


def scripted_play(args: list[str]) -> tuple[str, str, list[str], bool] | None:
    """``play GAME RECORD --do EVENT [--do EVENT ...] [--json]`` as (game, record, events, json);
    None for any other command line."""
    if len(args) < 5 or args[0] != "play" or any(a.startswith("-") for a in args[1:3]):
        return None
    events, as_json, rest = [], False, args[3:]
    while rest:
        if rest[0] == "--json" and not as_json:
            as_json, rest = True, rest[1:]
        elif rest[0] == "--do" and len(rest) > 1 and not rest[1].startswith("-"):
            events.append(rest[1])
            rest = rest[2:]
        else:
            return None
    return (args[1], args[2], events, as_json) if events else None


def play_events(game: str, record: str, events: list[str], as_json: bool) -> int:
    """What ``tajkit play GAME RECORD --do EVENT...`` does, its exit code; problems said as the app says them."""
    from tajkit.cli import play
    from tajkit.solver.errors import BadInput, SolverFailure

    try:
        data = data_folder(None)
        info, spec = play.game_to_play(game, data)
        return play.run(info, spec, record, None, [], events, as_json, False, data)
    except BadInput as exc:
        return said(exc.problems, 2)
    except SolverFailure as exc:
        return said(exc.problems, 1)
    except KeyboardInterrupt:
        return said(["interrupted"], 130)
    except OSError as exc:
        return output_failure(exc)


def said(problems: tuple[str, ...] | list[str], code: int) -> int:
    """Each problem as one ``error:`` line on standard error; the exit code."""
    from tajkit.cli import present

    for problem in problems:
        sys.stderr.write(f"error: {present.safe(problem, MAX_LINE)}\n")
    return code


def data_folder(given: str | None) -> Path | None:
    """The folder of the user's data files: ``--data``, else ``TAJKIT_DATA`` (set but empty: none),
    else the user's data folder when it exists (where the phones save a group's copy of a game's
    components: :func:`user_data_folder`), else none (tajkit's data alone); a folder named that
    does not exist is bad input."""
    from tajkit.cli import present
    from tajkit.solver.errors import BadInput

    if given is not None:
        if not given.strip():
            raise BadInput("--data needs a folder: it was given an empty name")
        folder, origin = Path(given), "--data"
    elif DATA_ENV in os.environ:
        if not os.environ[DATA_ENV]:
            return None
        folder, origin = Path(os.environ[DATA_ENV]), DATA_ENV
    else:
        try:
            return own if (own := user_data_folder()).is_dir() else None
        except OSError:  # not asked for by name: a folder that cannot be looked into is no data folder
            return None
    if folder.is_file():
        raise BadInput(f"{origin} {present.safe(str(folder))}: a file, not a folder: name the folder that holds "
                       "your <game>.toml files")
    if not folder.is_dir():
        raise BadInput(f"{origin} {present.safe(str(folder))}: no such folder")
    return folder


DATA_ENV = "TAJKIT_DATA"  # the folder of a group's own data files, when --data is not given


def user_data_folder() -> Path:
    """The user's data folder (``platformdirs``: ``~/.local/share/tajkit`` on Linux), where the play
    log lives too: the data folder when neither --data nor TAJKIT_DATA names one."""
    import platformdirs  # only here

    return platformdirs.user_data_path("tajkit")


def output_failure(exc: OSError) -> int:
    """A write to standard output that failed: said (but for a reader who left), and its exit code;
    any other OSError is a bug and keeps its traceback."""
    if exc.errno not in OUTPUT_FAILURES:
        raise exc
    _drop_standard_output()
    if isinstance(exc, BrokenPipeError):  # the reader left (| head): nothing to say to it
        return 1
    sys.stderr.write(f"error: standard output: cannot write it ({exc.strerror or exc})\n")
    return 2


def _drop_standard_output() -> None:
    """Point standard output at /dev/null, so that what it still holds fails no more on the way out."""
    with contextlib.suppress(OSError, ValueError, AttributeError):  # a test runner's stdout has no descriptor
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def leave(code: int) -> None:
    """Leave at once: the interpreter's own clean-up (clearing every module and collecting what
    they held: 50-90 ms idle, half a second and more on a loaded machine, the delay ``quit`` had,
    issue 43) frees nothing a finished process needs. The exit handlers still run (temporary
    folders, worker processes), both output streams are flushed first, and a process with a thread
    still running (the web companion's) ends the usual way, waiting for it."""
    import atexit
    import threading

    if threading.active_count() > 1:
        sys.exit(code)
    atexit._run_exitfuncs()  # what Python runs at exit, without the clean-up after it
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe (tajkit ... | head): nothing more can be said
            pass
    os._exit(code)
