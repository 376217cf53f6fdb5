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
import hashlib
import json
import os
import secrets
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from tajkit.solver import statefile, wording
from tajkit.solver.errors import BadInput, BadState
from tajkit.solver.game import Game, Report, ScoreResult
from tajkit.solver.protocol import (CHANCE, HintAnswer, Record, Replay, echo_cut, event_problem,
                                    played, replay)
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
    version: str  # the session's version it was for: take plays it as chosen then
    answer: HintAnswer


@dataclass(frozen=True)
class HintAsked:
    """What a hint is computed from: the game, the player, the state, the player's answers to the
    hint's questions and the options given, and the version of the game they were taken from
    (the solving may run elsewhere: a worker process)."""

    game: str
    player: str
    answers: Mapping[str, Any]
    options: Mapping[str, Any]
    state: Any
    events: int
    version: str


class Session:
    """A record file and its replay. Create one with :meth:`start` (a new game) or :meth:`open`."""

    def __init__(self, info: Game[Any, Any], spec: Any, path: Path, record: Record, replayed: Replay) -> None:
        self.info, self.spec, self.path = info, spec, path
        self.play = info.play(spec)
        self.rules = self.play.rules
        self.record = record
        self.states = list(replayed.states)  # states[0] after the setup, states[i] after event i
        self.actions = list(replayed.actions)  # actions[i - 1]: event i as the rules read it
        self._legal: tuple[Any, list[str]] | None = None
        self._ahead: tuple[Any, dict[str, list[str]]] | None = None
        self._touches: tuple[Any, dict[str, list[dict[str, Any]]]] | None = None
        self._seen = _stamp(path)  # the record file as last read or written: a poll that finds it so reads nothing
        self._told: dict[int, tuple[Any, Any, tuple[str, ...]]] = {}
        self._version: tuple[tuple[str, ...], str] | None = None

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
        session = cls(info, spec, path, record, replay(info.play(spec).rules, record))
        with locked(path.parent):
            if path.exists():
                raise BadInput(f"{name} already exists: resume it with tajkit play {info.id} {name}")
            session._save()
        return session

    @classmethod
    def open(cls, info: Game[Any, Any], spec: Any, path: Path) -> Session:
        path = real_path(path)  # a record kept through a link is played where it lives: the game never forks
        record = read_record(path, info.id)
        return cls(info, spec, path, record, replay(info.play(spec).rules, record))

    @classmethod
    def of_record(cls, info: Game[Any, Any], spec: Any, record: Record, path: Path) -> Session:
        """A session over a record already read (for ``score``, ``hint`` and ``show`` of a record)."""
        return cls(info, spec, path, record, replay(info.play(spec).rules, record))

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

    @property
    def version(self) -> str:
        """Which game a page or a prompt was made against: the number of events and a digest of
        them (``17-3f2a…``). An event sent with an older version is checked against what happened
        since (:meth:`apply`), so a reload, a double tap or a stale phone never records it twice."""
        if self._version is None or self._version[0] is not self.events:
            self._version = (self.events, _version_of(self.events))
        return self._version[1]

    def actor(self, number: int) -> str:
        """Who played event ``number`` (1 = the first): a player's name, or :data:`CHANCE` for
        what the table shows (a roll, a tile from the bag)."""
        before = self.states[number - 1]
        if self.rules.to_act(before) == CHANCE:
            return CHANCE
        return self.play.actor(before, self.actions[number - 1])

    def line(self, number: int) -> str:
        """Event ``number`` as the log shows it, naming who played it: ``Asha: dome left 5``,
        ``the table: roll 4 6``."""
        who = self.actor(number)
        text = self.events[number - 1]
        return f"the table: {text}" if who == CHANCE else f"{who}: {_unnamed(text, who)}"

    def told(self, number: int) -> tuple[str, ...]:
        """What event ``number`` did, in a sentence or two of the game's words (its ``tell``), for
        the terminal and the phones alike."""
        before, after = self.states[number - 1], self.states[number]
        kept = self._told.get(number)
        if kept is None or kept[0] is not before or kept[1] is not after:
            kept = (before, after, tuple(self.play.tell(before, self.actions[number - 1], after)))
            self._told[number] = kept
        return kept[2]

    def legal(self) -> list[str]:
        """Every event legal now, in the game's notation (remembered until the next event)."""
        state = self.state
        if self._legal is None or self._legal[0] is not state:  # the state itself: an undo and another event
            self._legal = (state, [self.rules.format(state, a) for a in self.rules.legal_actions(state)])
        return self._legal[1]

    def ahead(self) -> dict[str, list[str]]:
        """The players who may act now, before their turn comes, each with the events that would
        play for them (Artisans: every sheet uses the same roll, ``Ben: dome middle 5``);
        remembered until the next event, as :meth:`legal` is."""
        state = self.state
        if self._ahead is None or self._ahead[0] is not state:
            self._ahead = (state, self.play.ahead_events(state))
        return self._ahead[1]

    def may_act(self, player: str) -> list[str]:
        """The events ``player`` may enter now, in the game's notation: theirs when they are to
        act, those they may enter ahead of their turn (named), else none."""
        if self.to_act == player:
            return self.legal()
        return self.ahead().get(player, [])

    def touches(self, player: str) -> list[dict[str, Any]]:
        """The events ``player`` may enter now, each with the taps that choose it on the game's
        board (``TablePlay.tap_orders``: an event its places choose in any order is listed once
        for each order) and what a phone asks before playing it (``confirm``); empty for a game
        without a board (remembered until the next event)."""
        state = self.state
        if self._touches is None or self._touches[0] is not state:
            self._touches = (state, {})
        found = self._touches[1].get(player)
        if found is None:
            found = []
            for event in self.may_act(player):
                action = self.rules.parse(state, event)
                for taps in self.play.tap_orders(state, action):
                    found.append({"taps": list(taps), "event": event, "confirm": self.play.confirm(state, action)})
            self._touches[1][player] = found
        return found

    def choice_label(self, start: str) -> str | None:
        """Words for the events that begin with ``start``, where the game has them (Maharani:
        ``2c`` is "tile 2 (Gc) in column c"); None: the start says it."""
        return self.play.choice_label(self.state, start)

    def standings(self) -> ScoreResult:
        return self.rules.standings(self.state)

    def describe(self) -> str:
        return self.play.describe(self.state)

    def situation(self) -> str:
        """Where the game stands, in a line or two: whose turn and what they are to do (Artisans:
        the turn, the roll and who is still to use it), as ``describe`` opens."""
        return self.play.situation(self.state)

    def state_file(self) -> dict[str, Any] | None:
        return self.play.state_file(self.state)

    def board_data(self) -> Any:
        """What the phones' board and picture are drawn from (``TablePlay.board_data``)."""
        return self.play.board_data(self.state)

    def players(self) -> tuple[str, ...]:
        """The players' names in seat order, as the setup lists them."""
        return tuple(p["name"] if isinstance(p, Mapping) else p for p in self.record.setup["players"])

    def refresh(self) -> bool:
        """Catch up with events another session wrote to the record; True if there were any. The
        file is read only when it is not the one last read or written (a write renames a new file
        over it, so its identity changes), which keeps the phones' polling cheap."""
        if _stamp(self.path) == self._seen:
            return False
        before = self.record
        with locked(self.path.parent):
            self._catch_up()
        return self.record != before

    # --- changing the record -------------------------------------------------------------------

    def apply(self, *texts: str, made_at: str | None = None) -> list[str]:
        """Check ``texts`` one after another and record them all, or none (``BadInput`` naming the
        event and the rule). Returns each event as the record keeps it (the game's notation).

        ``made_at``: the :attr:`version` the event was chosen against (a phone's page, the
        terminal's prompt). If the game has moved on since, the event is recorded only if it still
        means what it meant then: its player has not played since and the table has shown nothing
        new (Artisans: the others' uses of the same roll); otherwise it is refused, saying what
        happened first, so a reload or a double tap never records an event twice."""
        with self._writing():
            if made_at is not None and made_at != self.version:
                if len(texts) != 1:  # a move of several events (a hint's plan): chosen for a game that is gone
                    self._refuse_moved_on(made_at)
                texts = (self._still_meant(made_at, texts[0]),)
            states, actions, written = [], [], []
            state = self.state
            for k, text in enumerate(texts):
                action = self._checked(state, text, len(self.events) + k + 1, len(texts) > 1)
                written.append(self.rules.format(state, action))
                state = self.rules.apply(state, action)
                states.append(state)
                actions.append(action)
            self._commit(self.events + tuple(written), self.states + states, self.actions + actions)
        return written

    def draw(self, made_at: str | None = None) -> list[str]:
        """The chance event made by tajkit for the table, where the game allows it (Artisans' virtual
        dice): drawn from the rules' own probabilities with the system's cryptographic random
        source, then recorded as if the table had typed it."""
        word = self.play.virtual_chance
        if word is None:
            raise BadInput(f"{self.info.title} is played with its own components: type what they show")
        if made_at is not None and made_at != self.version:
            with self._writing():
                known = self._known(made_at, f"nothing was {word}ed")
                table = [n for n in range(known + 1, len(self.events) + 1) if self.actor(n) == CHANCE]
                if table:
                    raise BadInput(f"already {word}ed: {table[0]}. {self.line(table[0])} (tapped on a page made "
                                   f"before it; nothing was {word}ed again)")
        if self.to_act != CHANCE:
            raise BadInput(f"{word}: it is {self.to_act or 'nobody'}'s turn, not the table's"
                           if self.to_act else f"{word}: the game is over")
        outcomes = list(self.rules.chance_outcomes(self.state))
        drawn = secrets.SystemRandom().choices([a for a, _ in outcomes], weights=[p for _, p in outcomes])[0]
        return self.apply(self.rules.format(self.state, drawn), made_at=made_at)

    @property
    def undone(self) -> tuple[str, ...]:
        """The events taken back since the last new one, the latest last (kept in the record, so a
        redo still works after quitting, and from another phone)."""
        return self.record.undone

    def undo(self, made_at: str | None = None) -> str:
        """Take back the last event (again and again, to the setup); ``redo`` plays it again.
        ``made_at``: the version the request was made against; if another event came since, nothing
        is taken back (a double tap takes back one event, not two)."""
        with self._writing():
            if made_at is not None and made_at != self.version:
                if self.undone and made_at == _version_of(self.events + self.undone[-1:]):
                    raise BadInput(f"already taken back: {len(self.events) + 1}. {self.undone[-1]} (this was chosen "
                                   "before it was; nothing more was taken back)")
                self._refuse_moved_on(made_at, "nothing was taken back")
            if not self.events:
                raise BadInput("undo: nothing to take back: no event has been recorded since the setup")
            last = self.events[-1]
            self._commit(self.events[:-1], self.states[:-1], self.actions[:-1], self.undone + (last,))
        return last

    def redo(self, made_at: str | None = None) -> str:
        """Play again the event last taken back, checked as when it was typed."""
        with self._writing():
            if made_at is not None and made_at != self.version:
                self._refuse_moved_on(made_at, "nothing was played again")
            if not self.undone:
                raise BadInput("redo: nothing to play again: redo follows an undo")
            *rest, text = self.undone
            action = self._checked(self.state, text, len(self.events) + 1, False)
            written = self.rules.format(self.state, action)
            self._commit(self.events + (written,), [*self.states, self.rules.apply(self.state, action)],
                         [*self.actions, action], tuple(rest))
        return written

    def correct(self, number: int, text: str, made_at: str | None = None) -> str:
        """Event ``number`` (1 = the first) becomes ``text``; every event after it is replayed and
        re-checked. If one no longer fits, nothing changes and the refusal names it. ``made_at``:
        the version the correction was typed against; event ``number`` and those before it must
        be as they were then."""
        with self._writing():
            if not 1 <= number <= len(self.events):
                raise BadInput(f"fix {number}: no such event (the record has {len(self.events)}: 1-{len(self.events)})")
            if made_at is not None and self._known(made_at, f"event {number} was not corrected") < number:
                self._refuse_moved_on(made_at, f"event {number} was not corrected")
            before = self.states[number - 1]
            action = self._checked(before, text, number, False)
            written = self.rules.format(before, action)
            events = self.events[:number - 1] + (written,) + self.events[number:]
            try:
                replayed = replay(self.rules, replace(self.record, events=events))
            except BadInput as refused:
                raise BadInput(*(f"fix {number}: {written!r} would make {p}" for p in refused.problems)) from None
            self._commit(events, list(replayed.states), list(replayed.actions), self.undone)  # redo is checked when it is
        return written

    # --- a page made against an older version ------------------------------------------------------

    def _known(self, made_at: str, nothing: str) -> int:
        """How many events the page made at ``made_at`` knew, when they are still the record's
        first ones; refused when one of them has been taken back or corrected since."""
        count, _, digest = made_at.partition("-")
        known = int(count) if count.isascii() and count.isdigit() and len(count) < 7 else -1
        if not 0 <= known <= len(self.events) or _version_of(self.events[:known]) != made_at:
            raise BadInput(f"the game has changed since this was chosen (an event was taken back or corrected): "
                           f"{nothing}; look at the game as it stands and choose again")
        return known

    def _refuse_moved_on(self, made_at: str, nothing: str = "nothing was recorded") -> Any:
        known = self._known(made_at, nothing)
        happened = "; ".join(f"{n}. {self.line(n)}" for n in range(known + 1, len(self.events) + 1)[-3:])
        raise BadInput(f"the game has moved on since this was chosen ({happened}): {nothing}; look at the game "
                       "as it stands and choose again")

    def _still_meant(self, made_at: str, text: str) -> str:
        """``text``, chosen when the game stood at ``made_at``, as it is to be recorded now: the
        same event by the same player, if nobody else's event since has changed what it means."""
        known = self._known(made_at, "nothing was recorded")
        then = self.states[known]
        try:
            action = self.rules.parse(then, self._without_actor(then, text.strip()))
        except BadInput:  # no event when it was chosen: refused in the words of the game as it stands
            self._checked(self.state, text, len(self.events) + 1, False)
            self._refuse_moved_on(made_at)  # an event now, but not what the page offered: look again
        actor = self.rules.to_act(then) if self.rules.to_act(then) == CHANCE else self.play.actor(then, action)
        meant = _unnamed(self.rules.format(then, action), actor)
        for number in range(known + 1, len(self.events) + 1):
            if self.actor(number) == actor:
                done = _unnamed(self.events[number - 1], actor) == meant
                raise BadInput(f"{'already recorded' if done else 'the game has moved on'}: {number}. {self.line(number)}"
                               f" came first; {_said(meant)} was not recorded "
                               f"{'again' if done else 'too'} (this page was made before it)")
        for number in range(known + 1, len(self.events) + 1):
            if self.actor(number) == CHANCE:
                raise BadInput(f"the game has moved on: {number}. {self.line(number)} came first; {_said(meant)} was "
                               "not recorded (it was chosen before); look at the game as it stands and choose again")
        now = next((e for e in self.may_act(actor) if _unnamed(e, actor) == meant), None)
        if now is None:
            self._refuse_moved_on(made_at, f"{_said(meant)} is no longer legal for {actor} and was not recorded")
        return now  # type: ignore[return-value]

    # --- hints -----------------------------------------------------------------------------------

    def hint_questions(self, player: str) -> Sequence[Any]:
        return self.play.hint_questions(self.state, player)

    def may_hint(self, player: str) -> bool:
        """``player`` may act now (their turn, or ahead of it), so a hint for them can be asked."""
        return self.info.hint is not None and self.to_act not in (None, CHANCE) and \
            (player == self.to_act or player in self.ahead())

    def _hinted(self, player: str | None) -> str:
        """Whom a hint is for: ``player``, or whoever acts; refused when nobody can be hinted."""
        if self.info.hint is None:
            raise BadInput(f"hint: tajkit has no hint for {self.info.id}")
        who = player or self.to_act
        if who is None:
            raise BadInput("hint: the game is over: there is no move to hint (standings shows the final score)")
        if who == CHANCE:
            raise BadInput(f"hint: the table is to play, not a player: {self._chance_help()}")
        return who

    def hint(self, player: str | None = None, answers: Mapping[str, Any] | None = None, **options: Any) -> Hint:
        """The game's hint for ``player`` (default: whoever acts) from the session's own state."""
        asked = self.ask_hint(player, answers, **options)
        return self.hint_found(asked, solve_hint(self.info, self.spec, asked))

    def ask_hint(self, player: str | None = None, answers: Mapping[str, Any] | None = None,
                 **options: Any) -> HintAsked:
        """What the game's hint for ``player`` is computed from, checked (``BadInput`` when no hint
        is possible now): the solving may run elsewhere (the phones' worker process), then
        :meth:`hint_found` turns its answer into the events of each move."""
        who = self._hinted(player)
        return HintAsked(self.info.id, who, dict(answers or {}), dict(options), self.state, len(self.events),
                         self.version)

    def hint_found(self, asked: HintAsked, answer: HintAnswer) -> Hint:
        plays = tuple(played(self.rules, asked.state, move.actions) for move in answer.moves)
        return Hint(asked.player, answer.report, plays, asked.events, asked.version, answer)

    def take(self, hint: Hint, number: int) -> list[str]:
        """Play the ``number``-th move of ``hint`` (1 = the best), while it still holds (Artisans:
        ``hint all`` before the others use the roll), by the player to act or one who may act
        ahead of their turn (Artisans: every sheet uses the same roll)."""
        if not self.hint_holds(hint):
            raise BadInput(f"take {number}: the game has moved on since that hint for {hint.player}: ask for a "
                           "new one (hint)")
        if not 1 <= number <= len(hint.plays):
            raise BadInput(f"take {number}: the hint lists {len(hint.plays)} move(s): take 1-{len(hint.plays)}")
        if self.to_act != hint.player and hint.player not in self.ahead():
            raise BadInput(f"take {number}: that hint is for {hint.player}, and {self.to_act} is to act now")
        return self.apply(*hint.plays[number - 1], made_at=hint.version)

    def hint_holds(self, hint: Hint) -> bool:
        """``hint``'s moves still mean what they meant: the game is as it was, or only other players
        have played since (Artisans: the others' uses of the same roll), neither its player nor
        the table."""
        if hint.version == self.version:
            return True
        try:
            known = self._known(hint.version, "")
        except BadInput:
            return False
        return all(self.actor(n) not in (hint.player, CHANCE) for n in range(known + 1, len(self.events) + 1))

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
            return self.rules.parse(state, self._without_actor(state, text.strip()))
        except BadInput as refused:
            raise BadInput(*(where + echo_cut(p, text) for p in refused.problems)) from None

    def _without_actor(self, state: Any, text: str) -> str:
        """``Asha: propose 1 2`` typed on Asha's turn is ``propose 1 2``, in every game. Another
        player's name is refused in words, unless the game lets them act ahead of their turn
        (Artisans: ``Ben: dome middle 5``, read by the game); text not starting with a player's
        name and a colon is the game's to read."""
        named = [n for n in self.players()
                 if text[:len(n)].casefold() == n.casefold() and text[len(n):].lstrip().startswith(":")]
        if not named:
            return text
        name = max(named, key=len)  # "Ben Smith: ..." is Ben Smith's, not Ben's
        who = self.rules.to_act(state)
        if name == who:
            return text[len(name):].lstrip()[1:].strip()
        if name in (self.ahead() if state is self.state else self.play.ahead_events(state)):
            return text
        shown = wording.shown(text, 40)
        if who == CHANCE:
            shows = ", ".join(self.rules.format(state, a) for a in list(self.rules.legal_actions(state))[:3])
            raise BadInput(f"{shown!r}: the table acts now, not {name}: type what it shows ({shows} …)")
        raise BadInput(f"{shown!r}: it is {who}'s turn, not {name}'s: type {who}'s event, or leave the name out")

    @contextlib.contextmanager
    def _writing(self) -> Iterator[None]:
        """Hold the folder's lock, first catching up with events another session wrote."""
        with locked(self.path.parent):
            self._catch_up()
            yield

    def _catch_up(self) -> None:
        seen = _stamp(self.path)
        on_disk = read_record(self.path, self.info.id)
        self._seen = seen
        if on_disk == self.record:
            return
        if on_disk.setup == self.record.setup and on_disk.events[:len(self.events)] == self.events:
            state, states, actions = self.state, list(self.states), list(self.actions)
            for number, text in enumerate(on_disk.events[len(self.events):], start=len(self.events) + 1):
                action = self._checked(state, text, number, True)
                state = self.rules.apply(state, action)
                states.append(state)
                actions.append(action)
            self.record, self.states, self.actions = on_disk, states, actions
            return
        replayed = replay(self.rules, on_disk)
        self.record, self.states, self.actions = on_disk, list(replayed.states), list(replayed.actions)

    def _commit(self, events: tuple[str, ...], states: list[Any], actions: list[Any], undone: tuple[str, ...] = ()) -> None:
        """The record with these events (and what redo may play again: nothing after a new event)."""
        self.record = replace(self.record, events=events, undone=undone)
        self.states, self.actions = states, actions
        self._save()

    def _save(self) -> None:
        try:
            write_file(self.path, record_bytes(self.record, self.path), replace=True, what="record")
        except BadInput as refused:
            raise BadInput(*(f"{problem}: the event is not recorded" for problem in refused.problems)) from None
        self._seen = _stamp(self.path)


def solve_hint(info: Game[Any, Any], spec: Any, asked: HintAsked) -> HintAnswer:
    """The game's hint on the protocol (``TablePlay.hint``) for what ``asked`` holds, its command's
    options at their defaults unless given."""
    defaults = {o.name: o.default for o in info.hint.options} if info.hint is not None else {}
    return info.play(spec).hint(asked.state, asked.player, asked.answers, defaults | dict(asked.options))


def _stamp(path: Path) -> tuple[int, int, int] | None:
    """What tells one file at ``path`` from the next: its inode, size and modification time."""
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_ino, found.st_size, found.st_mtime_ns


def _version_of(events: Sequence[str]) -> str:
    return f"{len(events)}-{hashlib.sha1(chr(10).join(events).encode()).hexdigest()[:10]}"


def _unnamed(event: str, player: str) -> str:
    """``event`` without its player's name in front (``Ben: dome 5`` → ``dome 5``)."""
    return event.removeprefix(f"{player}: ")


def _said(event: str) -> str:
    return repr(wording.shown(event, 60))


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
