"""A game being played: a record file written as the table plays (DESIGN.md, "From answers to
sessions"). The record is the truth; the session's states are its replay, kept in memory so that
an event costs one ``apply``. Every change is written at once, atomically (a temporary file,
fsync, rename), under a lock on the record's folder, so two front ends on one record (a terminal
and a phone) are serialised and each sees the other's events. Nothing here talks to a terminal or
a browser: ``tajkit play`` (``cli/play.py``) and ``tajkit serve`` call the same methods.
"""

from __future__ import annotations

import contextlib
import datetime
import json
import os
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from tajkit.solver import statefile, wording
from tajkit.solver.errors import BadInput, BadState
from tajkit.solver.game import Game, Report, ScoreResult
from tajkit.solver.protocol import CHANCE, Position, Record, echo_cut, event_problem, replay
from tajkit.solver.writing import check_target, real_path, write_file

try:  # a lock on the record's folder; where fcntl is missing (Windows) one writer is assumed
    import fcntl
except ImportError:  # pragma: no cover
    fcntl = None  # type: ignore[assignment]

RECORD_KEYS = ("game", "started", "setup", "events", "undone")
HEADER = "# A game record written by tajkit play: resume it with `tajkit play {game} {name}`.\n"
LEGAL_LISTED = 500  # at most this many legal events in the JSON state (the count is always given)


# --- the record file -------------------------------------------------------------------------------


def is_record(data: Mapping[str, Any]) -> bool:
    """A file holds a game record when it has a setup or events (a table or a position has neither;
    one without the other is a record missing a key, which ``record_of`` names)."""
    return "setup" in data or "events" in data


def record_of(data: Mapping[str, Any], game: str, where: str) -> Record:
    """The record a file's dict holds, its shape checked (the rules check the rest on replay)."""
    unknown = sorted(set(data) - set(RECORD_KEYS))
    if unknown:
        raise BadState(f"{where}: {', '.join(map(wording.show, unknown))}: not part of a game record "
                       f"({', '.join(RECORD_KEYS)})")
    statefile.check_game(dict(data), game)
    missing = [key for key in ("setup", "events") if key not in data]
    if missing:
        raise BadState(f"{where}: {' and '.join(missing)} {'is' if len(missing) == 1 else 'are'} missing: a game "
                       "record holds the setup (a table of fields) and the events in order (a list, [] before the first)")
    if not isinstance(data["setup"], Mapping):
        raise BadState(f"{where}: setup = {wording.shown(repr(data['setup']), 40)}: the game's setup, a table of fields")
    events = data["events"]
    if not isinstance(events, list) or not all(isinstance(e, str) for e in events):
        raise BadState(f"{where}: events: the events in order, each a line of text in the game's notation")
    started = data.get("started")
    if started is not None and not isinstance(started, str):
        raise BadState(f"{where}: started = {started!r}: the date and time the game began, as text")
    undone = data.get("undone", [])
    if not isinstance(undone, list) or not all(isinstance(e, str) for e in undone):
        raise BadState(f"{where}: undone: the events taken back (what redo plays again), each a line of text in the "
                       "game's notation")
    return Record(game, dict(data["setup"]), tuple(events), started, tuple(undone))


def record_schema(game: str) -> dict[str, Any]:
    """The JSON Schema of a game record (the rules check each event on replay)."""
    return {
        "title": f"a game record for tajkit play {game} (also read by score, hint and show)",
        "type": "object",
        "required": ["game", "setup", "events"],
        "additionalProperties": False,
        "properties": {
            "game": {"const": game},
            "started": {"type": "string", "description": "when the game began"},
            "setup": {"type": "object", "description": "what the table laid out: the players in seat order and the game's setup"},
            "events": {"type": "array", "items": {"type": "string"}, "description": "every event in order, in the game's notation"},
            "undone": {"type": "array", "items": {"type": "string"},
                       "description": "events taken back since the last new one, the latest last: what redo plays again"},
        },
    }


def read_record(path: Path, game: str) -> Record:
    return record_of(statefile.read_source(str(path)), game, wording.shown(str(path)))


def record_bytes(record: Record, path: Path) -> bytes:
    """The record as its file holds it: TOML (with a line saying what it is) or JSON, by suffix."""
    data = record.as_data()
    if path.suffix.lower() == ".json":
        return (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode()
    import tomli_w

    return (HEADER.format(game=record.game, name=path.name) + tomli_w.dumps(data)).encode()


@contextlib.contextmanager
def locked(folder: Path) -> Iterator[None]:
    """Hold the lock on ``folder`` (an advisory ``flock``): one session writes at a time."""
    if fcntl is None:  # pragma: no cover
        yield
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError as exc:  # the folder removed (or renamed) while the game is played
        raise BadInput(f"{wording.shown(str(folder))}: cannot open the record's folder ({exc.strerror or exc}): "
                       "nothing is recorded") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing releases the lock


# --- a session ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Hint:
    """A hint for one player in one state: the game's report and, for each move it lists, the
    events that play it (``take N`` applies the N-th)."""

    player: str
    report: Report
    plays: tuple[tuple[str, ...], ...]
    events: int  # the number of events the state it was for had
    position: Position  # what it was computed from: while the player's position stays so, it holds


class Session:
    """A record file and its replay. Create one with :meth:`start` (a new game) or :meth:`open`."""

    def __init__(self, info: Game[Any, Any], spec: Any, path: Path, record: Record, states: list[Any]) -> None:
        self.info, self.spec, self.path = info, spec, path
        self.play = info.play(spec)
        self.rules = self.play.rules
        self.record = record
        self.states = states  # states[0] after the setup, states[i] after event i
        self._legal: tuple[Any, list[str]] | None = None

    # --- opening -----------------------------------------------------------------------------

    @classmethod
    def start(cls, info: Game[Any, Any], spec: Any, path: Path, setup: Mapping[str, Any]) -> Session:
        """A new game at ``path`` (which must not exist: an existing file is never replaced)."""
        name = wording.shown(str(path))
        if path.exists():
            raise BadInput(f"{name} already exists: resume it with tajkit play {info.id} {name}, or choose another name")
        if path.suffix.lower() not in (".toml", ".json"):
            raise BadInput(f"{name}: a game record is a .toml or .json file")
        if not path.parent.is_dir():
            raise BadInput(f"{name}: no such folder {wording.shown(str(path.parent))}")
        check_target(path, replace=False, what="record")  # a link to no file, a pipe: never written through
        started = datetime.datetime.now().replace(microsecond=0).isoformat(sep=" ")
        record = Record(info.id, dict(setup), (), started)
        session = cls(info, spec, path, record, _replayed(info.play(spec).rules, record))
        with locked(path.parent):
            if path.exists():
                raise BadInput(f"{name} already exists: resume it with tajkit play {info.id} {name}")
            session._save()
        return session

    @classmethod
    def open(cls, info: Game[Any, Any], spec: Any, path: Path) -> Session:
        path = real_path(path)  # a record kept through a link is played where it lives: the game never forks
        record = read_record(path, info.id)
        return cls(info, spec, path, record, _replayed(info.play(spec).rules, record))

    @classmethod
    def of_record(cls, info: Game[Any, Any], spec: Any, record: Record, path: Path) -> Session:
        """A session over a record already read (for ``score``, ``hint`` and ``show`` of a record)."""
        return cls(info, spec, path, record, _replayed(info.play(spec).rules, record))

    # --- where the game stands -------------------------------------------------------------------

    @property
    def state(self) -> Any:
        return self.states[-1]

    @property
    def events(self) -> tuple[str, ...]:
        return self.record.events

    @property
    def to_act(self) -> str | None:
        return self.rules.to_act(self.state)

    @property
    def over(self) -> bool:
        return self.to_act is None

    def legal(self) -> list[str]:
        """Every event legal now, in the game's notation (remembered until the next event)."""
        state = self.state
        if self._legal is None or self._legal[0] is not state:  # the state itself: an undo and another event
            self._legal = (state, [self.rules.format(state, a) for a in self.rules.legal_actions(state)])
        return self._legal[1]

    def ahead(self) -> dict[str, list[str]]:
        """The players who may act now, before their turn comes, each with the events that would
        play for them (Artisans: every sheet uses the same roll, ``Ben: dome middle 5``); none for
        a game whose play does not say (it has no ``ahead_events``)."""
        events = getattr(self.play, "ahead_events", None)
        return events(self.state) if events is not None else {}

    def choice_label(self, start: str) -> str | None:
        """Words for the events that begin with ``start``, where the game has them (Maharani:
        ``2c`` is "tile 2 (Gc) in column c"; its ``choice_label``); None: the start says it."""
        label = getattr(self.play, "choice_label", None)
        return label(self.state, start) if label is not None else None

    def standings(self) -> ScoreResult:
        return self.rules.standings(self.state)

    def describe(self) -> str:
        return self.play.describe(self.state)

    def state_file(self) -> dict[str, Any] | None:
        return self.play.state_file(self.state)

    def players(self) -> tuple[str, ...]:
        """The players' names in seat order, as the setup lists them."""
        return tuple(p["name"] if isinstance(p, Mapping) else p for p in self.record.setup["players"])

    def refresh(self) -> bool:
        """Catch up with events another session wrote to the record; True if there were any."""
        before = self.record
        with locked(self.path.parent):
            self._catch_up()
        return self.record != before

    # --- changing the record -------------------------------------------------------------------

    def apply(self, *texts: str) -> list[str]:
        """Check ``texts`` one after another and record them all, or none (``BadInput`` naming the
        event and the rule). Returns each event as the record keeps it (the game's notation)."""
        with self._writing():
            states, written = [], []
            state = self.state
            for k, text in enumerate(texts):
                action = self._checked(state, text, len(self.events) + k + 1, len(texts) > 1)
                written.append(self.rules.format(state, action))
                state = self.rules.apply(state, action)
                states.append(state)
            self._commit(self.events + tuple(written), self.states + states)
        return written

    @property
    def undone(self) -> tuple[str, ...]:
        """The events taken back since the last new one, the latest last (kept in the record, so a
        redo still works after quitting, and from another phone)."""
        return self.record.undone

    def undo(self) -> str:
        """Take back the last event (again and again, to the setup); ``redo`` plays it again."""
        with self._writing():
            if not self.events:
                raise BadInput("undo: nothing to take back: no event has been recorded since the setup")
            last = self.events[-1]
            self._commit(self.events[:-1], self.states[:-1], self.undone + (last,))
        return last

    def redo(self) -> str:
        """Play again the event last taken back, checked as when it was typed."""
        with self._writing():
            if not self.undone:
                raise BadInput("redo: nothing to play again: redo follows an undo")
            *rest, text = self.undone
            action = self._checked(self.state, text, len(self.events) + 1, False)
            written = self.rules.format(self.state, action)
            self._commit(self.events + (written,), [*self.states, self.rules.apply(self.state, action)], tuple(rest))
        return written

    def correct(self, number: int, text: str) -> str:
        """Event ``number`` (1 = the first) becomes ``text``; every event after it is replayed and
        re-checked. If one no longer fits, nothing changes and the refusal names it."""
        with self._writing():
            if not 1 <= number <= len(self.events):
                raise BadInput(f"fix {number}: no such event (the record has {len(self.events)}: 1-{len(self.events)})")
            before = self.states[number - 1]
            action = self._checked(before, text, number, False)
            written = self.rules.format(before, action)
            events = self.events[:number - 1] + (written,) + self.events[number:]
            try:
                states = _replayed(self.rules, replace(self.record, events=events))
            except BadInput as refused:
                raise BadInput(*(f"fix {number}: {written!r} would make {p}" for p in refused.problems)) from None
            self._commit(events, states, self.undone)  # what redo may play again is checked when it is
        return written

    # --- hints -----------------------------------------------------------------------------------

    def hint_questions(self, player: str) -> Sequence[Any]:
        return self.play.hint_questions(self.state, player)

    def position(self, player: str | None = None, answers: Mapping[str, Any] | None = None) -> Position:
        who = player or self.to_act
        if who is None:
            raise BadInput("hint: the game is over: there is no move to hint (standings shows the final score)")
        if who == CHANCE:
            raise BadInput(f"hint: the table is to play, not a player: {self._chance_help()}")
        return self.play.position(self.state, who, answers or {})

    def hint(self, player: str | None = None, answers: Mapping[str, Any] | None = None, **options: Any) -> Hint:
        """The game's hint for ``player`` (default: whoever acts) from the session's own state."""
        command = self.info.hint
        if command is None:
            raise BadInput(f"hint: tajkit has no hint for {self.info.id}")
        position = self.position(player, answers)
        defaults = {o.name: o.default for o in command.options}
        report = command.run(self.spec, dict(position.data), **(defaults | dict(position.options) | options))
        who = player or self.to_act
        assert who is not None
        plays = tuple(tuple(p) for p in self.play.plays(self.state, report))
        return Hint(who, report, plays, len(self.events), position)

    def take(self, hint: Hint, number: int) -> list[str]:
        """Play the ``number``-th move of ``hint`` (1 = the best), if the player's position is still
        the one it was for (Artisans: ``hint all`` before the others use the roll), by the player
        to act or one who may act ahead of their turn (Artisans: every sheet uses the same roll)."""
        if hint.events != len(self.events) and not self._still(hint):
            raise BadInput(f"take {number}: the game has moved on since that hint for {hint.player}: ask for a "
                           "new one (hint)")
        if not 1 <= number <= len(hint.plays):
            raise BadInput(f"take {number}: the hint lists {len(hint.plays)} move(s): take 1-{len(hint.plays)}")
        if self.to_act != hint.player and hint.player not in self.ahead():
            raise BadInput(f"take {number}: that hint is for {hint.player}, and {self.to_act} is to act now")
        return self.apply(*hint.plays[number - 1])

    def _still(self, hint: Hint) -> bool:
        try:
            return self.position(hint.player) == hint.position
        except BadInput:
            return False

    # --- as data -----------------------------------------------------------------------------------

    def as_json(self) -> dict[str, Any]:
        legal = self.legal()
        return {
            "game": self.info.id,
            "record": str(self.path),
            "events": len(self.events),
            "last": self.events[-1] if self.events else None,
            "to_act": self.to_act,
            "over": self.over,
            "legal_count": len(legal),
            "legal": legal[:LEGAL_LISTED],
            "standings": self.standings().as_json(),
        }

    # --- inside --------------------------------------------------------------------------------

    def _chance_help(self) -> str:
        legal = self.legal()
        return f"type what the table shows ({', '.join(legal[:3])}{' …' if len(legal) > 3 else ''})"

    def _checked(self, state: Any, text: str, number: int, numbered: bool) -> Any:
        where = f"event {number} ({wording.shown(text.strip(), 40)}): " if numbered else ""
        if self.rules.to_act(state) is None:
            raise BadInput(f"{where or wording.shown(text.strip(), 40) + ': '}the game is over: "
                           "no more events (undo takes back the last one)")
        if not text.strip():
            raise BadInput(f"{where}an empty event: type one in the game's notation (legal now: "
                           f"{', '.join(self.legal()[:3])} …)")
        problem = event_problem(text)
        if problem is not None:
            raise BadInput(f"{where or wording.shown(text.strip(), 40) + ': '}{problem}")
        try:
            return self.rules.parse(state, text.strip())
        except BadInput as refused:
            raise BadInput(*(where + echo_cut(p, text) for p in refused.problems)) from None

    @contextlib.contextmanager
    def _writing(self) -> Iterator[None]:
        """Hold the folder's lock, first catching up with events another session wrote."""
        with locked(self.path.parent):
            self._catch_up()
            yield

    def _catch_up(self) -> None:
        on_disk = read_record(self.path, self.info.id)
        if on_disk == self.record:
            return
        if on_disk.setup == self.record.setup and on_disk.events[:len(self.events)] == self.events:
            state, states = self.state, list(self.states)
            for number, text in enumerate(on_disk.events[len(self.events):], start=len(self.events) + 1):
                action = self._checked(state, text, number, True)
                state = self.rules.apply(state, action)
                states.append(state)
            self.record, self.states = on_disk, states
            return
        self.record, self.states = on_disk, _replayed(self.rules, on_disk)

    def _commit(self, events: tuple[str, ...], states: list[Any], undone: tuple[str, ...] = ()) -> None:
        """The record with these events (and what redo may play again: nothing after a new event)."""
        self.record = replace(self.record, events=events, undone=undone)
        self.states = states
        self._save()

    def _save(self) -> None:
        try:
            write_file(self.path, record_bytes(self.record, self.path), replace=True, what="record")
        except BadInput as refused:
            raise BadInput(*(f"{problem}: the event is not recorded" for problem in refused.problems)) from None


def _replayed(rules: Any, record: Record) -> list[Any]:
    return list(replay(rules, record).states)


def setup_from_answers(base: Mapping[str, Any], answers: Mapping[str, Any]) -> dict[str, Any]:
    """``base`` (the players) with each answer put at its dotted key (``players.0.age``); an
    answer of ``None`` (a question left unanswered) is left out (TOML has no null)."""
    setup = json.loads(json.dumps(base))  # a deep copy of plain data
    for key, value in answers.items():
        if value is None:
            continue
        *path, last = key.split(".")
        node: Any = setup
        for part in path:
            node = node[int(part)] if isinstance(node, list) else node.setdefault(part, {})
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value
    return setup
