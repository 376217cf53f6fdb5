"""The play log (DESIGN.md, "From answers to sessions"; issue 26): every finished game and scored
table in one SQLite file, with the statistics a group asks for.

Each play keeps its date, its game, the ``--data`` override file it was scored with, its players
(seat order, and the start player where the record shows it), their totals, ranks and score rows,
and the record or table it came from, so it can be scored again or replayed.

The file is the standard library's ``sqlite3``: WAL, every write one ``BEGIN IMMEDIATE``
transaction (two terminals saving at once are serialised, and a process killed mid-save leaves the
file as it was), parameterised queries only. The schema has a version (``PRAGMA user_version``)
and migrates forward; the file is marked as tajkit's (``PRAGMA application_id``), so anything else
at the path (another program's database, a damaged file, not a database at all) is refused with a
clear message and never written to.
"""

from __future__ import annotations

import contextlib
import datetime
import functools
import hashlib
import json
import os
import sqlite3
import stat
import tempfile
import urllib.parse
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from tajkit.solver.errors import BadInput
from tajkit.solver.game import ScoreResult
from tajkit.solver.protocol import CHANCE
from tajkit.solver.wording import shown

ENV = "TAJKIT_HISTORY"  # the play log's file, when --db is not given
FILE_NAME = "history.sqlite"  # in the user's data folder (platformdirs)
APPLICATION_ID = 0x546A6B48  # "TjkH" in the file's header: this file is a tajkit play log
SQLITE_MAGIC = b"SQLite format 3\x00"
BUSY_SECONDS = 60.0  # how long a save waits for another terminal's save to finish (a bound, not a measure)
LAST_ID = 2**63 - 1  # SQLite's largest row id: a play number beyond it names no play
DATE_FORMAT = "%Y-%m-%d %H:%M:%S"


# --- where the log is ------------------------------------------------------------------------------


def database_path(given: str | None = None) -> Path:
    """The play log's file: ``--db``, else ``TAJKIT_HISTORY``, else ``history.sqlite`` in the
    user's data folder (``platformdirs``: ``~/.local/share/tajkit`` on Linux)."""
    for value, origin in ((given, "--db"), (os.environ.get(ENV), ENV)):
        if value is None:
            continue
        if not value.strip():
            raise BadInput(f"{origin} needs a file name: it was given an empty one")
        return Path(value)
    return default_path()


def default_path() -> Path:
    import platformdirs  # only here: the default path is its only use

    return platformdirs.user_data_path("tajkit") / FILE_NAME


# --- what a play is ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Seat:
    """A player of a play, in ranking order (``result.players``' order)."""

    name: str
    total: int
    rank: int
    seat: int | None  # 1 = first in seat order; None where the source does not say
    start: bool | None  # the start player; None where not known


@dataclass(frozen=True)
class Play:
    id: int
    uid: str  # stable outside this file (BG Stats' sourcePlayId)
    game: str
    played: str  # "YYYY-MM-DD HH:MM:SS", local time
    saved: str
    kind: str  # "record" (a game played with tajkit play) or "table" (a scored table)
    source: dict[str, Any]  # the record or table, as tajkit score and tajkit play read it
    data: dict[str, Any] | None  # the --data override file it was scored with: {"folder", "file", "text"}
    result: ScoreResult  # the score as tajkit score showed it
    seats: tuple[Seat, ...]

    def won(self, seat: Seat) -> bool:
        """Ranked first (a shared first counts) in a play of two or more: a solitaire play has no winner."""
        return seat.rank == 1 and len(self.seats) > 1

    @property
    def in_seat_order(self) -> tuple[Seat, ...]:
        """The players in seat order where known (else in ranking order)."""
        return tuple(sorted(self.seats, key=lambda s: (s.seat is None, s.seat or 0)))


@dataclass(frozen=True)
class Saved:
    id: int
    new: bool  # False: the same play was already in the log (nothing was added)
    played: str


# --- the score as data (every field, so `history show` prints what `score` printed) -----------------


def result_data(result: ScoreResult) -> dict[str, Any]:
    return asdict(result)


def result_from(data: Mapping[str, Any]) -> ScoreResult:
    """The :class:`ScoreResult` :func:`result_data` wrote, read back by pydantic (JSON lists into
    tuples), each value's type checked: a damaged log may hold anything (``ValueError`` then)."""
    return _result_reader().validate_python(data)


@functools.cache
def _result_reader() -> Any:
    from pydantic import TypeAdapter

    return TypeAdapter(ScoreResult)


# --- the file: opening, refusing what is not ours, migrating ----------------------------------------


def _create(db: sqlite3.Connection) -> None:
    """Version 1: the plays, their players and their score rows."""
    for statement in """
        CREATE TABLE play (
            id INTEGER PRIMARY KEY,
            uid TEXT NOT NULL UNIQUE,
            game TEXT NOT NULL,
            played TEXT NOT NULL,
            saved TEXT NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('record', 'table')),
            source TEXT NOT NULL,
            data TEXT,
            result TEXT NOT NULL
        );
        CREATE TABLE seat (
            play INTEGER NOT NULL REFERENCES play(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            seat INTEGER,
            name TEXT NOT NULL,
            total INTEGER NOT NULL,
            rank INTEGER NOT NULL,
            start INTEGER,
            PRIMARY KEY (play, position)
        );
        CREATE TABLE score_row (
            play INTEGER NOT NULL,
            position INTEGER NOT NULL,
            line INTEGER NOT NULL,
            category TEXT NOT NULL,
            points INTEGER NOT NULL,
            stars INTEGER,
            PRIMARY KEY (play, position, line),
            FOREIGN KEY (play, position) REFERENCES seat(play, position) ON DELETE CASCADE
        );
        CREATE INDEX play_played ON play(played);
        CREATE INDEX seat_name ON seat(name)
    """.split(";"):  # one by one: executescript would commit the migration's transaction half-way
        db.execute(statement)


def _add_fingerprints(db: sqlite3.Connection) -> None:
    """Version 2: each play's fingerprint (its game, source and data), so that saving the same
    record or table again is recognised instead of counted twice. Plays a version-1 log already
    holds twice keep both copies (nothing saved is lost): the later one gets no fingerprint."""
    db.execute("ALTER TABLE play ADD COLUMN fingerprint TEXT")
    seen: set[str] = set()
    for play_id, game, source, data in db.execute("SELECT id, game, source, data FROM play ORDER BY id").fetchall():
        mark = fingerprint(game, json.loads(source), json.loads(data) if data else None)
        if mark not in seen:
            seen.add(mark)
            db.execute("UPDATE play SET fingerprint = ? WHERE id = ?", (mark, play_id))
    db.execute("CREATE UNIQUE INDEX play_fingerprint ON play(fingerprint)")


MIGRATIONS: tuple[Callable[[sqlite3.Connection], None], ...] = (_create, _add_fingerprints)  # step k makes version k + 1
VERSION = len(MIGRATIONS)


def _refused(path: Path, why: str) -> BadInput:
    return BadInput(f"{shown(str(path), 200)}: {why}; it is left as it is: name another file with --db "
                    f"or {ENV}")


def _file_uri(path: Path, mode: str) -> str:
    return f"file:{urllib.parse.quote(str(path.absolute()))}?mode={mode}"


def _identify(path: Path) -> None:
    """Refuse a file at ``path`` that is not a tajkit play log of a version this tajkit reads, or
    is damaged, without writing to it: the bytes are looked at first, then the database is read
    through a read-only connection (which never checkpoints or recovers into the file)."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(len(SQLITE_MAGIC))
    except OSError as exc:  # a log this user may not read
        raise _refused(path, f"cannot read it ({exc.strerror or exc})") from None
    if not head:
        return  # an empty file: a new log
    if head != SQLITE_MAGIC:
        raise _refused(path, "not a tajkit play log (not an SQLite database)")
    # with no -wal file beside it no connection is open on it: read it as immutable, which makes no
    # -wal or -shm file beside a file that turns out not to be ours; with one, it may be a log being written
    mode = "ro" if path.with_name(path.name + "-wal").exists() else "ro&immutable=1"
    try:
        with contextlib.closing(sqlite3.connect(_file_uri(path, mode), uri=True, timeout=BUSY_SECONDS)) as db:
            app, version = (db.execute(f"PRAGMA {p}").fetchone()[0] for p in ("application_id", "user_version"))
            tables = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
            if app != APPLICATION_ID and (app or version or tables):
                raise _refused(path, "another program's SQLite database, not a tajkit play log")
            if version > VERSION:
                raise _refused(path, f"a play log of schema version {version}, from a newer tajkit (this one "
                                     f"reads up to version {VERSION}): upgrade tajkit")
            problems = [row[0] for row in db.execute("PRAGMA quick_check")]
    except sqlite3.DatabaseError as exc:
        raise _refused(path, f"a damaged database ({shown(str(exc), 200)})") from None
    if problems != ["ok"]:
        lines = [line for problem in problems for line in problem.splitlines() if not line.startswith("***")]
        raise _refused(path, f"a damaged database ({shown('; '.join(lines), 200)})")


def check(path: Path, create: bool = False) -> bool:
    """Whether there is a play log at ``path`` (or one may be made there, with ``create``): what
    is there refused if it is not one, without writing anything. Only a regular file is opened
    (through a link too): SQLite would wait forever on a pipe, and write ``/dev/null-journal``
    beside a device."""
    name = shown(str(path), 200)
    try:
        mode = os.stat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):
        mode = None
    except OSError as exc:  # a name too long, a folder that may not be looked into
        raise BadInput(f"{name}: cannot open the play log ({exc.strerror or exc}): name another file with --db "
                       f"or {ENV}") from None
    if mode is not None:
        if stat.S_ISDIR(mode):
            raise BadInput(f"{name}: a folder, not a play log: name a file (--db or {ENV})")
        if not stat.S_ISREG(mode):
            raise _refused(path, "not a regular file (a pipe or a device): a play log is a file")
        _identify(path)
        return True
    if not create:
        return False
    if path == default_path():  # tajkit's own folder is made the first time
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:  # e.g. XDG_DATA_HOME naming a file
            raise BadInput(f"{name}: cannot make the play log's folder ({exc.strerror or exc}): name a file with "
                           f"--db or {ENV}") from None
    if not path.parent.is_dir():
        raise BadInput(f"{name}: no such folder {shown(str(path.parent), 200)}")
    return True


@contextlib.contextmanager
def connected(path: Path, create: bool = False) -> Iterator[sqlite3.Connection | None]:
    """An open play log at ``path``, migrated to this tajkit's schema; ``None`` when there is no
    file and ``create`` is false (reading a log never made is reading an empty one)."""
    if not check(path, create):
        yield None
        return
    name = shown(str(path), 200)
    if not path.exists():
        _make(path)
    try:
        db = sqlite3.connect(_file_uri(path, "rw"), uri=True, timeout=BUSY_SECONDS, isolation_level=None)
    except sqlite3.Error as exc:
        raise BadInput(f"{name}: cannot open it ({exc})") from None
    db.text_factory = _text  # text that is no UTF-8 (a damaged row) reads, and is then refused as damaged
    try:
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA foreign_keys = ON")
        _migrate(db)
        yield db
    except sqlite3.OperationalError as exc:  # a read-only file or folder, a full disk, a lock held too long
        raise BadInput(f"{name}: cannot write it ({exc})") from None
    except sqlite3.DatabaseError as exc:  # damage quick_check does not see
        raise _refused(path, f"a damaged play log ({shown(str(exc), 200)})") from None
    finally:
        db.close()


def _text(raw: bytes) -> str:
    return raw.decode("utf-8", errors="replace")


def _make(path: Path) -> None:
    """A new play log at ``path``, whole from its first moment: made and migrated in a temporary
    file beside it, then linked into place only if nothing is there yet. (Made in place, a second
    process could look at it half made, before it is marked as tajkit's, and refuse it as another
    program's database.)"""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
    os.close(fd)
    try:
        with contextlib.closing(sqlite3.connect(tmp, isolation_level=None)) as db:
            _migrate(db)
            db.execute("PRAGMA journal_mode = WAL")
        try:
            os.link(tmp, path)
        except FileExistsError:
            pass  # another process made it first: theirs is used
        except OSError as exc:
            raise BadInput(f"{shown(str(path), 200)}: cannot write it ({exc.strerror or exc})") from None
    except sqlite3.Error as exc:
        raise BadInput(f"{shown(str(path), 200)}: cannot write it ({exc})") from None
    finally:
        for leftover in (tmp, tmp + "-wal", tmp + "-shm"):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(leftover)


@contextlib.contextmanager
def transaction(db: sqlite3.Connection) -> Iterator[None]:
    """One write: all of it, or (on an error or a kill) none of it."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


def _migrate(db: sqlite3.Connection, to: int = VERSION) -> None:
    """Bring the schema up to version ``to``, each step in the same transaction as its version
    number (a second process migrating at the same time finds it done)."""
    if db.execute("PRAGMA user_version").fetchone()[0] >= to:
        return
    with transaction(db):
        version = db.execute("PRAGMA user_version").fetchone()[0]
        for step in MIGRATIONS[version:to]:
            step(db)
        db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        db.execute(f"PRAGMA user_version = {max(version, to)}")


# --- saving -----------------------------------------------------------------------------------


def when(value: datetime.datetime | str, what: str = "--date") -> str:
    """A date (and time) as the log keeps it, ``YYYY-MM-DD HH:MM:SS`` in local time."""
    if isinstance(value, str):
        try:
            value = datetime.datetime.fromisoformat(value.strip())
        except ValueError:
            raise BadInput(f"{what} {shown(value)}: not a date: write YYYY-MM-DD or YYYY-MM-DD HH:MM") from None
    if value.tzinfo is not None:
        value = value.astimezone().replace(tzinfo=None)
    return value.strftime(DATE_FORMAT)


def now() -> str:
    return when(datetime.datetime.now())


def data_override(game: str, folder: Path | None) -> dict[str, Any] | None:
    """The ``--data`` file a play was scored with, kept whole so it can be scored the same way again."""
    from tajkit.solver import seeddata, statefile

    path = seeddata.override_path(game, folder)
    if path is None:
        return None
    text = statefile.read_regular_file(path, "data file").decode("utf-8", errors="replace")
    return {"folder": str(folder), "file": path.name, "text": text}


def marked(game: str, source: Mapping[str, Any], data: Path | None) -> tuple[dict[str, Any], dict[str, Any] | None, str]:
    """A play's source as plain JSON data (what is kept is what is read back), the ``--data``
    override it was scored with, and the fingerprint the two make."""
    plain, override = json.loads(json.dumps(source)), data_override(game, data)
    return plain, override, fingerprint(game, plain, override)


def fingerprint(game: str, source: Mapping[str, Any], data: Mapping[str, Any] | None) -> str:
    """What makes two saves the same play: the game, the record or table, and the data file's text."""
    text = json.dumps([game, source, data and data["text"]], sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8", errors="surrogatepass")).hexdigest()


def seat_names(source: Mapping[str, Any]) -> list[str]:
    """The players' names in seat order, as the record's setup or the table lists them."""
    from tajkit.solver.session import is_record

    players = source["setup"].get("players", []) if is_record(source) else source.get("players", [])
    return [p.get("name", "") if isinstance(p, Mapping) else str(p) for p in players]


def seats_of(result: ScoreResult, source: Mapping[str, Any], start_player: str | None) -> list[Seat]:
    """Each ranked player with their seat (when the source names exactly the ranked players) and
    whether they started (when ``start_player`` is known)."""
    names = seat_names(source)
    seat_numbers: list[int | None] = [None] * len(result.players)
    if sorted(names) == sorted(p.name for p in result.players):
        free = list(enumerate(names, start=1))
        for k, p in enumerate(result.players):
            number = next(n for n, name in free if name == p.name)
            free.remove((number, p.name))
            seat_numbers[k] = number
    return [
        Seat(p.name, p.total, p.rank, seat_numbers[k], None if start_player is None else p.name == start_player)
        for k, p in enumerate(result.players)
    ]


def save_play(db: Path, game: str, result: ScoreResult, source: Mapping[str, Any], *, data: Path | None,
              played: datetime.datetime | str, start_player: str | None = None) -> Saved:
    """Keep a finished play: ``result`` (what ``tajkit score`` shows), scored from ``source`` (a
    game record's data, ``Record.as_data()``, or a table's) with the ``--data`` folder ``data``
    (None: tajkit's data alone), played on ``played``. The same play saved again is recognised
    (``Saved.new`` is False) and not counted twice."""
    from tajkit.solver.session import is_record

    date = when(played, "the play's date")
    source, override, mark = marked(game, source, data)
    seats = seats_of(result, source, start_player)
    with connected(db, create=True) as conn:
        assert conn is not None
        with transaction(conn):
            known = conn.execute("SELECT id, played FROM play WHERE fingerprint = ?", (mark,)).fetchone()
            if known is not None:
                return Saved(known[0], False, known[1])
            play_id = _insert_play(conn, game, date, "record" if is_record(source) else "table", source, override,
                                   result, mark)
            _insert_seats(conn, play_id, seats)
            _insert_rows(conn, play_id, result)
    return Saved(play_id, True, date)


def save_session(db: Path, session: Any, data: Path | None, played: datetime.datetime | str | None = None) -> Saved:
    """Keep a game played to its end with ``tajkit play`` (a :class:`~tajkit.solver.session.Session`):
    its record, its final standings, the first player to act as the start player (none in a game
    everyone plays at once, ``Game.start_player``), and the date
    the record began (else ``played``, else now)."""
    if not session.over:
        who = "the table (a roll or a draw)" if session.to_act == CHANCE else shown(str(session.to_act))
        raise BadInput(f"{shown(str(session.path), 200)}: the game is not over yet (after event {len(session.events)}, "
                       f"{who} to act): a play is saved when it ends")
    date = played or session.record.started or now()
    start = first_to_act(session.rules, session.states) if session.info.start_player else None
    return save_play(db, session.info.id, session.standings(), session.record.as_data(), data=data, played=date,
                     start_player=start)


def kept_session(db: Path, session: Any, data: Path | None) -> Saved | None:
    """The play a finished session was kept as in the log, or None: not kept (yet). Reads only."""
    *_, mark = marked(session.info.id, session.record.as_data(), data)
    with connected(db) as conn:
        known = None if conn is None else conn.execute("SELECT id, played FROM play WHERE fingerprint = ?", (mark,)).fetchone()
    return None if known is None else Saved(known[0], False, known[1])


def first_to_act(rules: Any, states: Sequence[Any]) -> str | None:
    """The first player (not chance) the record had act: the game's start player."""
    return next((who for who in map(rules.to_act, states) if who not in (None, CHANCE)), None)


def _insert_play(db: sqlite3.Connection, game: str, date: str, kind: str, source: dict[str, Any],
                 data: dict[str, Any] | None, result: ScoreResult, mark: str) -> int:
    cursor = db.execute(
        "INSERT INTO play (uid, game, played, saved, kind, source, data, result, fingerprint)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (str(uuid.uuid4()), game, date, now(), kind, _json(source), None if data is None else _json(data),
         _json(result_data(result)), mark),
    )
    assert cursor.lastrowid is not None
    return cursor.lastrowid


def _insert_seats(db: sqlite3.Connection, play_id: int, seats: Sequence[Seat]) -> None:
    db.executemany(
        "INSERT INTO seat (play, position, seat, name, total, rank, start) VALUES (?, ?, ?, ?, ?, ?, ?)",
        [(play_id, k, s.seat, s.name, s.total, s.rank, s.start) for k, s in enumerate(seats)],
    )


def _insert_rows(db: sqlite3.Connection, play_id: int, result: ScoreResult) -> None:
    db.executemany(
        "INSERT INTO score_row (play, position, line, category, points, stars) VALUES (?, ?, ?, ?, ?, ?)",
        [(play_id, k, line, r.category, r.points, result.category(r.category).stars)
         for k, p in enumerate(result.players) for line, r in enumerate(p.rows)],
    )


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


# --- reading ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Filters:
    """Which plays: of a game, with a player, from a day (``since``) to a day (``until``), inclusive."""

    game: str | None = None
    player: str | None = None
    since: str | None = None
    until: str | None = None

    def where(self) -> tuple[str, list[Any]]:
        clauses, values = ["1"], []
        if self.game is not None:
            clauses.append("play.game = ?")
            values.append(self.game)
        if self.player is not None:
            clauses.append("EXISTS (SELECT 1 FROM seat s WHERE s.play = play.id AND s.name = ?)")
            values.append(self.player)
        if self.since is not None:
            clauses.append("play.played >= ?")
            values.append(_day_start(self.since, "--since"))
        if self.until is not None:
            clauses.append("play.played < ?")
            values.append(_day_after(self.until, "--until"))
        return " AND ".join(clauses), values


def _day_start(text: str, what: str) -> str:
    return when(text, what)


def _day_after(text: str, what: str) -> str:
    """The first moment after ``text``: the next day for a date, the next second for a time."""
    moment = datetime.datetime.strptime(when(text, what), DATE_FORMAT)
    step = datetime.timedelta(days=1) if len(text.strip()) <= 10 else datetime.timedelta(seconds=1)
    return (moment + step).strftime(DATE_FORMAT)


PLAY_COLUMNS = "play.id, play.uid, play.game, play.played, play.saved, play.kind, play.source, play.data, play.result"


def plays(db: Path, filters: Filters = Filters()) -> list[Play]:
    """The plays ``filters`` select, newest first."""
    where, values = filters.where()
    with connected(db) as conn:
        if conn is None:
            return []
        _check_types(conn)
        rows = conn.execute(f"SELECT {PLAY_COLUMNS} FROM play WHERE {where} ORDER BY play.played DESC, play.id DESC",
                            values).fetchall()
        return [_play(conn, row) for row in rows]


def play(db: Path, play_id: int) -> Play:
    with connected(db) as conn:
        row = None
        if conn is not None and 1 <= play_id <= LAST_ID:  # a number past SQLite's integers names no play
            _check_types(conn)
            row = conn.execute(f"SELECT {PLAY_COLUMNS} FROM play WHERE id = ?", (play_id,)).fetchone()
        if row is None:
            raise _no_play(db, play_id)
        return _play(conn, row)


def delete(db: Path, play_id: int) -> None:
    with connected(db) as conn:
        if conn is None:
            raise _no_play(db, play_id)
        with transaction(conn):
            if not 1 <= play_id <= LAST_ID or conn.execute("DELETE FROM play WHERE id = ?", (play_id,)).rowcount == 0:
                raise _no_play(db, play_id)


def _no_play(db: Path, play_id: int) -> BadInput:
    return BadInput(f"play {play_id}: no such play in {shown(str(db), 200)} (tajkit history list shows them)")


def _play(db: sqlite3.Connection, row: tuple[Any, ...]) -> Play:
    play_id, uid, game, played, saved, kind, source, data, result = row
    from tajkit.solver import games

    starts = game not in games.GAMES or games.get(game).start_player  # older logs kept one for Artisans too
    seats = tuple(
        Seat(name, total, rank, seat, None if start is None or not starts else bool(start))
        for name, total, rank, seat, start in db.execute(
            "SELECT name, total, rank, seat, start FROM seat WHERE play = ? ORDER BY position", (play_id,))
    )
    try:  # a log damaged past quick_check (a row edited by hand) may hold anything
        for moment in (played, saved):
            datetime.datetime.strptime(moment, DATE_FORMAT)
        tables = json.loads(source), json.loads(data) if data else {}
        if not all(isinstance(t, dict) for t in tables):
            raise TypeError("its source or data is no JSON object")
        if tables[1] and not all(isinstance(tables[1].get(k), str) for k in ("folder", "file", "text")):
            raise TypeError("its data names no data file")
        return Play(play_id, uid, game, played, saved, kind, tables[0], tables[1] or None,
                    result_from(json.loads(result)), seats)
    except (TypeError, ValueError, KeyError) as exc:
        raise _damaged(play_id, exc) from None


COLUMN_TYPES = {  # what tajkit writes in each column (SQLite keeps whatever a hand-edit puts there)
    "play": {"uid": "text", "game": "text", "played": "text", "saved": "text", "kind": "text", "source": "text",
             "data": "text null", "result": "text"},
    "seat": {"name": "text", "total": "integer", "rank": "integer", "seat": "integer null", "start": "integer null"},
    "score_row": {"category": "text", "points": "integer", "stars": "integer null"},
}


def _check_types(db: sqlite3.Connection) -> None:
    """Refuse, naming the play, a row holding a value of a type tajkit never writes there (a log
    damaged past SQLite's quick_check): what reads the log may then trust each column's type."""
    for table, columns in COLUMN_TYPES.items():
        wrong = " OR ".join(f"typeof({c}) NOT IN ({', '.join(repr(t) for t in kinds.split())})"
                            for c, kinds in columns.items())
        row = db.execute(f"SELECT {'id' if table == 'play' else 'play'}, {', '.join(f'typeof({c})' for c in columns)} "
                         f"FROM {table} WHERE {wrong} LIMIT 1").fetchone()
        if row is not None:
            column, found = next((c, t) for (c, kinds), t in zip(columns.items(), row[1:]) if t not in kinds.split())
            raise _damaged(row[0], TypeError(f"{table}.{column} holds {found}, not {columns[column].split()[0]}"))


class DamagedPlay(BadInput):
    """A play whose row does not read (a log damaged past SQLite's quick_check): it can still be deleted."""


def _damaged(play_id: int, exc: Exception) -> DamagedPlay:
    why = str(exc).splitlines()[0] if str(exc) else type(exc).__name__  # pydantic's first line says how many
    return DamagedPlay(f"play {play_id}: damaged in the play log ({shown(why, 80)}): tajkit history delete "
                       f"{play_id} removes it")


# --- statistics ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerStats:
    name: str
    plays: int
    wins: int  # ranked first (a shared first counts) in a play of two or more
    contested: int  # plays of two or more players: what the win rate is out of
    mean: float
    best: int
    stars: tuple[tuple[str, float], ...] = ()  # (category id, mean stars) where the game scores features in stars

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.contested if self.contested else None


@dataclass(frozen=True)
class GameStats:
    game: str
    plays: int
    players: tuple[PlayerStats, ...]  # most plays first, then by name
    features: tuple[tuple[str, str], ...] = ()  # (category id, label) of the starred features, in the game's order


def stats(db: Path, filters: Filters = Filters()) -> list[GameStats]:
    """Per game and player: plays, wins, win rate, mean and best score, and where the game scores
    features in stars (Artisans) the mean stars per feature. ``filters.player`` keeps that player's rows."""
    where, values = filters.where()
    with connected(db) as conn:
        if conn is None:
            return []
        _check_types(conn)
        selected = f"SELECT id FROM play WHERE {where}"
        totals = conn.execute(
            "SELECT play.game, count(*) FROM play WHERE play.id IN (" + selected + ") GROUP BY play.game "
            "ORDER BY play.game", values).fetchall()
        return [_game_stats(conn, game, count, selected, values, filters.player) for game, count in totals]


def _game_stats(db: sqlite3.Connection, game: str, count: int, selected: str, values: list[Any],
                player: str | None) -> GameStats:
    who, who_values = ("AND seat.name = ?", [player]) if player is not None else ("", [])
    per_player = db.execute(
        "SELECT seat.name, count(*), "
        " sum(seat.rank = 1 AND n.players > 1), sum(n.players > 1), avg(seat.total), max(seat.total)"
        " FROM seat JOIN play ON play.id = seat.play"
        " JOIN (SELECT play AS id, count(*) AS players FROM seat GROUP BY play) n ON n.id = seat.play"
        f" WHERE play.game = ? AND play.id IN ({selected}) {who}"
        " GROUP BY seat.name ORDER BY count(*) DESC, seat.name",
        [game, *values, *who_values]).fetchall()
    stars: dict[str, list[tuple[str, float]]] = {}
    for name, category, mean in db.execute(
        "SELECT seat.name, score_row.category, avg(score_row.points) FROM score_row"
        " JOIN seat ON seat.play = score_row.play AND seat.position = score_row.position"
        " JOIN play ON play.id = score_row.play"
        f" WHERE play.game = ? AND score_row.stars IS NOT NULL AND play.id IN ({selected}) {who}"
        " GROUP BY seat.name, score_row.category", [game, *values, *who_values]):
        stars.setdefault(name, []).append((category, mean))
    features = _features(db, game, selected, values)
    order = {cid: k for k, (cid, _) in enumerate(features)}
    players = tuple(
        PlayerStats(name, plays_, wins or 0, contested or 0, mean, best,
                    tuple(sorted(stars.get(name, []), key=lambda item: order.get(item[0], len(order)))))
        for name, plays_, wins, contested, mean, best in per_player
    )
    return GameStats(game, count, players, features)


def _features(db: sqlite3.Connection, game: str, selected: str, values: list[Any]) -> tuple[tuple[str, str], ...]:
    """The starred categories of ``game``'s newest selected play, in the order its score lists them."""
    row = db.execute(f"SELECT id, result FROM play WHERE game = ? AND id IN ({selected}) ORDER BY played DESC, id DESC"
                     " LIMIT 1", [game, *values]).fetchone()
    if row is None:
        return ()
    try:
        return tuple((c["id"], c["label"]) for c in json.loads(row[1])["categories"] if c["stars"] is not None)
    except (TypeError, ValueError, KeyError) as exc:
        raise _damaged(row[0], exc) from None


# --- scoring a play again ---------------------------------------------------------------------------


def rescore(play: Play) -> ScoreResult:
    """The play scored again from its source, with the data file it was scored with, by this tajkit."""
    from tajkit.solver import games, session

    info = games.get(play.game)
    with tempfile.TemporaryDirectory(prefix="tajkit-history-") as folder:
        data = None
        if play.data is not None:
            data = Path(folder)
            (data / f"{play.game}.toml").write_text(play.data["text"], encoding="utf-8")
        spec = info.load_spec(data)
        if session.is_record(play.source):
            record = session.record_of(play.source, play.game, f"play {play.id}")
            return session.Session.of_record(info, spec, record, Path(f"play-{play.id}.toml")).standings()
        return info.score(spec, info.read_state(spec, play.source))
