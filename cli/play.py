"""``tajkit play``: a game followed at the table, event by event, over a :class:`Session`.

The terminal side only: what is typed is read here (a line editor with completion of what is
legal now, or plain lines from a pipe), and every change goes through the session, which checks
it and writes the record at once. Quitting, by ``quit``, Ctrl-D, Ctrl-C or a closed terminal,
loses nothing: ``tajkit play GAME RECORD`` resumes where the game stands.
"""

from __future__ import annotations

import datetime
import json
import shlex
import sys
import textwrap
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from tajkit.cli import present
from tajkit.solver import numbers
from tajkit.solver.errors import BadInput, SolverFailure
from tajkit.solver.game import Game, ScoreResult
from tajkit.solver.protocol import CHANCE, Question
from tajkit.solver.session import Hint, Session

COMMANDS = {
    "hint": "hint [all | NAME]: the solver's best moves for whoever acts (all: every player who may act now)",
    "take": "take N: play the N-th move of the last hint (take 1: the best)",
    "undo": "undo: take back the last event (again and again, to the setup)",
    "redo": "redo: play again what undo took back",
    "fix": "fix N: correct event N (its text stands ready to edit); the events after it are re-checked",
    "standings": "standings: the score as the game stands (at the end: the final score and tie-breaks)",
    "show": "show [FILE.png]: the position as text, or drawn as a picture in FILE.png",
    "log": "log: the events so far, numbered",
    "notes": "notes: every note said so far (what the score and the hints rest on; each is said once)",
    "legal": "legal: every event the rules allow now",
    "help": "help: this list",
    "quit": "quit: leave (so do Ctrl-D, and Ctrl-C twice within a second); the record is saved after every event "
            "(tajkit play GAME RECORD resumes)",
}


def say(text: str = "") -> None:
    """A line for the table, on standard error (typer is not imported for it: a --do run needs
    nothing else of typer; tajkit's lines carry no colour for typer.echo to strip)."""
    sys.stderr.write(text + "\n")
    sys.stderr.flush()


def out(text: str) -> None:
    """A line of the record's data, on standard output."""
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


# --- starting or resuming ----------------------------------------------------------------------------


def default_record(game: str) -> Path:
    """A new record's name in the current folder: the game and the minute it began."""
    stamp = datetime.datetime.now().strftime("%Y-%m-%d-%H%M")
    path = Path(f"{game}-{stamp}.toml")
    k = 2
    while path.exists():
        path, k = Path(f"{game}-{stamp}-{k}.toml"), k + 1
    return path


def open_session(info: Game[Any, Any], spec: Any, record: str | None, setup: str | None, players: Sequence[str],
                 ask: Callable[..., str] | None) -> Session:
    """The session of ``record``: resumed if the file exists, else a new game set up from the
    ``setup`` file, the ``players`` and the questions' defaults, or by asking (``ask``)."""
    path = Path(record) if record is not None else default_record(info.id)
    if path.exists():
        if setup is not None or players:
            raise BadInput(f"{present.safe(str(path))} already holds a game: --setup and --player start a new one "
                           "(give a new file name)")
        return Session.open(info, spec, path)
    play = info.play(spec)
    if setup is not None:
        from tajkit.cli.commands import read_state

        return Session.start(info, spec, path, _setup_file(info, play, read_state(setup), setup))
    if players:
        return Session.start(info, spec, path, _setup_by_default(info, play, list(players)))
    if ask is None:
        raise BadInput(f"{present.safe(str(path))}: no such record: start a new game with --player NAME (once per "
                       "player) or --setup FILE, or at a terminal")
    return Session.start(info, spec, path, _setup_by_asking(info, play, ask))


def _setup_file(info: Game[Any, Any], play: Any, data: dict[str, Any], source: str) -> dict[str, Any]:
    """A setup file as the rules read it: it may start with ``game = "<id>"`` as every state file
    does (kept where the game's setup has that line, dropped elsewhere)."""
    if "game" in data:
        if data["game"] != info.id:
            raise BadInput(f"{present.safe(source)}: game = {present.safe(repr(data['game']))}: a setup for "
                           f"tajkit play {info.id} says game = {info.id!r}")
        if "game" not in play.players_setup(["A"]):
            data = {k: v for k, v in data.items() if k != "game"}
    return data


def _setup_by_default(info: Game[Any, Any], play: Any, names: list[str]) -> dict[str, Any]:
    answers = {}
    for q in play.setup_questions(names):
        if q.default is None:
            raise BadInput(f"--player: a new game of {info.id} needs {q.prompt}, which has no default: give "
                           "--setup FILE, or start the game at a terminal to be asked")
        answers[q.key] = q.read(q.default)
    return play.setup_of(names, answers)


def _setup_by_asking(info: Game[Any, Any], play: Any, ask: Callable[..., str]) -> dict[str, Any]:
    say(f"A new game of {info.title}. Who plays? Their names in seat order, clockwise; an empty line ends.")
    names: list[str] = []
    while True:
        name = ask(f"  player {len(names) + 1}").strip()
        if not name:
            if names:
                break
            say("  at least one player")
            continue
        if name in names:
            say(f"  {present.safe(name)} already plays: each player needs their own name")
            continue
        names.append(name)
    told: set[str] = set()
    dealt = _dealt(play, names, ask)
    answers = {q.key: q.read(dealt[q.key]) if q.key in dealt else answer_question(q, ask, told)
               for q in play.setup_questions(names)}
    return play.setup_of(names, answers)


def _dealt(play: Any, names: list[str], ask: Callable[..., str]) -> dict[str, str]:
    """The setup's random part drawn by tajkit when the table wants it (a cryptographic draw),
    with how to lay the components out; empty: the table types what it dealt itself."""
    if not play.deals():
        return {}
    wanted = ask("  deal the setup for you? y: tajkit draws it · n: type what lies on the table",
                 default="y", words=("y", "n"))
    if not wanted.strip().lower().startswith("y"):
        return {}
    import secrets

    typed, layout = play.deal(names, secrets.SystemRandom())
    say("Dealt by tajkit (a cryptographic random draw). Lay the components out to match:")
    for line in layout:
        say(f"  {line}")
    return typed


def answer_question(q: Question, ask: Callable[..., str], told: set[str]) -> Any:
    """Ask ``q`` until its answer reads; its help is said once (``told``: the helps said so far)."""
    if q.help and q.help not in told:
        say(f"  ({q.help})")
        told.add(q.help)
    was = ""
    while True:
        text = ask(f"  {q.prompt}", default=was or (q.default or ""), edit=bool(was), words=q.choices)
        try:
            return q.read(text)
        except BadInput as exc:
            for problem in exc.problems:
                say(f"  {present.safe(problem, 300)}")
            was = text  # asked again with what was typed, ready to edit


# --- one line --------------------------------------------------------------------------------------


class Table:
    """What ``tajkit play`` says and remembers between lines: the session and the last hints. What
    a player types for a hint (their hidden cards) is never kept: the next player would read it."""

    def __init__(self, session: Session, ask: Callable[..., str], scripted: bool = False,
                 data: Path | None = None) -> None:
        self.session = session
        self.data = data  # the --data folder the game is played with (kept with it in the play log)
        self.ask = ask
        self.scripted = scripted
        self.hints: dict[str, Hint] = {}
        self.last_hinted: str | None = None  # the player of the last single hint asked for
        self.noted: list[str] = []  # the notes said so far, each once (the notes command repeats them)
        self.refused = 0
        self.shown = session.version  # the game as the last prompt showed it: what a typed line is chosen against

    # --- the loop ----------------------------------------------------------------------------

    def run(self) -> int:
        s = self.session
        say(f"Record: {s.path} (saved after every event; tajkit play {s.info.id} {shlex.quote(str(s.path))} resumes)")
        say("Type an event in the game's notation (Tab completes what is legal), or help.")
        if s.events:
            say(f"Resuming after event {len(s.events)}: {s.events[-1]}")
            say(s.situation())
        if s.undone:
            say(f"Taken back and not played since: {s.undone[-1]} (redo plays it again)")
        self.say_next()
        import typer  # its Abort, which the readers raise: loaded with them

        try:
            while True:
                if self.session.refresh():  # a phone (tajkit serve) played on this record meanwhile
                    say(f"  (the record moved on elsewhere: now after event {len(s.events)}, {s.events[-1] if s.events else 'the setup'})")
                    self.say_next()
                self.shown = self.session.version
                line = self.ask(self.prompt(), words=self.words(), sentence=True, guarded=self.guarded())
                if line.strip().lower() in ("quit", "exit", "q"):
                    break
                self.line(line)
        except (typer.Abort, KeyboardInterrupt):  # Ctrl-D, or Ctrl-C at the prompt or while tajkit works
            say("")
        say(f"Saved: {s.path}; tajkit play {s.info.id} {shlex.quote(str(s.path))} resumes it.")
        return 2 if self.refused and self.scripted else 0

    def prompt(self) -> str:
        who = self.session.to_act
        return "over" if who is None else "table" if who == CHANCE else who

    def words(self) -> list[str]:
        """What Tab completes: the events legal now, those a player may enter ahead of their turn
        (Artisans: ``Ben: dome middle 5``), and the commands."""
        ahead = [event for events in self.session.ahead().values() for event in events]
        return [*self.session.legal(), *ahead, *COMMANDS]

    def guarded(self) -> list[str]:
        """The events Tab never completes whole: the table's (a roll, a tile drawn), which only
        what lies on the table says."""
        return self.session.legal() if self.session.to_act == CHANCE else []

    def line(self, line: str) -> None:
        words = line.split()
        if not words:
            return
        command, rest = words[0].lower(), words[1:]
        try:
            handler = getattr(self, f"do_{command}", None) if command in COMMANDS else None
            if handler is not None:
                handler(rest, line)
            else:
                self.event(line)
        except (BadInput, SolverFailure) as exc:
            self.refused += 1
            for problem in exc.problems:
                say(f"refused: {present.safe(problem, 400)}")

    def event(self, line: str) -> None:
        made_at = None if self.scripted else self.shown
        if line.strip().lower() == self.session.play.virtual_chance and self.session.to_act == CHANCE:
            self._recorded(self.session.draw(made_at))  # "roll" alone: tajkit's virtual dice
            return
        self._recorded(self.session.apply(line, made_at=made_at))

    def _recorded(self, written: list[str]) -> None:
        """Say what was recorded, what it did, and what comes next (the final score when it
        ended the game)."""
        first = len(self.session.events) - len(written) + 1
        for number in range(first, first + len(written)):
            say(f"  {number}. {self.session.line(number)}")
            for sentence in self.session.told(number):
                say(f"     {sentence}")
        if self.session.over:
            self.say_final()
        else:
            self.say_next()

    def say_next(self) -> None:
        s = self.session
        if s.over:
            say("The game is over: standings shows the final score; undo takes back the last event.")
            return
        legal = s.legal()
        who = "the table" if s.to_act == CHANCE else s.to_act
        shortest = sorted(legal, key=len)[:3]  # the plainest, as examples (the first listed may cost raindrops)
        examples = ", ".join(shortest) + (f" … ({len(legal)} in all: legal lists them)" if len(legal) > 3 else "")
        virtual = s.play.virtual_chance if s.to_act == CHANCE else None
        say(f"next: {who}: {examples}" + (f" (or {virtual} alone: tajkit rolls for the table)" if virtual else ""))

    def say_final(self) -> None:
        say("The game is over. The final score:")
        self.say_score(self.session.standings())
        keep_in_history(self.session, self.data)

    def say_score(self, result: ScoreResult) -> None:
        out(present.score(replace(result, notes=())))
        self.say_notes(result.notes)

    def say_notes(self, notes: Sequence[str]) -> None:
        """The notes not said before in this session; those said before only counted (a table
        reads a note once: the defaults a score rests on do not change from one answer to the next)."""
        new = [n for n in dict.fromkeys(notes) if n not in self.noted]
        for note in new:
            out(f"Note: {note}")
        self.noted += new
        if len(new) < len(set(notes)):
            said = len(set(notes)) - len(new)
            say(f"({said} note{'s' if said > 1 else ''} as before: notes repeats {'them' if said > 1 else 'it'})")

    # --- the commands --------------------------------------------------------------------------

    def do_help(self, rest: list[str], line: str) -> None:
        for text in COMMANDS.values():
            say(f"  {text}")
        say("  anything else is an event, in the game's notation (Tab completes what is legal now);")
        say("  the player to act may be named first (Asha: ...)")
        for line_ in textwrap.wrap(f"{self.session.info.title}'s events: {self.session.play.notation}", 100):
            say(f"  {line_}")

    def do_log(self, rest: list[str], line: str) -> None:
        events = self.session.events
        if not events:
            say("  no events yet: the game stands at its setup")
        for k in range(1, len(events) + 1):
            out(f"{k:>4}. {self.session.line(k)}")

    def do_notes(self, rest: list[str], line: str) -> None:
        if not self.noted:
            say("  no notes yet: a score or a hint says what it rests on the first time")
        for note in self.noted:
            out(f"Note: {note}")

    def do_legal(self, rest: list[str], line: str) -> None:
        for text in self.session.legal():
            out(f"  {text}")

    def do_standings(self, rest: list[str], line: str) -> None:
        self.say_score(self.session.standings())

    def do_show(self, rest: list[str], line: str) -> None:
        if not rest:
            out(self.session.describe())
            return
        from tajkit.cli import commands

        s = self.session
        if not s.info.draws:
            raise BadInput(f"show {present.safe(rest[0])}: tajkit draws no picture for {s.info.id}; show alone "
                           "prints the position")
        target = commands.output_target(" ".join(rest), None, False, ".png", "show")  # tajkit show's checks
        data = s.state_file()
        if data is None:
            raise BadInput("show: nothing is on the table to draw yet")
        commands.deliver(target, commands.picture(s.info, s.spec, data), False, announce=True)

    def do_undo(self, rest: list[str], line: str) -> None:
        number = len(self.session.events)
        text = self.session.undo(made_at=None if self.scripted else self.shown)
        say(f"  took back {number}. {text} (redo plays it again)")
        self.say_next()

    def do_redo(self, rest: list[str], line: str) -> None:
        self._recorded([self.session.redo()])

    def do_fix(self, rest: list[str], line: str) -> None:
        s = self.session
        if not rest or not numbers.looks_numeric(rest[0]):
            raise BadInput(f"{present.safe(line.strip())}: fix N corrects event N (log lists them)")
        number = numbers.whole_number(rest[0], "fix")
        if not 1 <= number <= len(s.events):
            raise BadInput(f"fix {number}: no such event (the record has {len(s.events)})")
        current = s.events[number - 1]
        text = " ".join(rest[1:]) or self.ask(f"  fix {number}", default=current, edit=True)
        while True:
            if not text.strip() or text.strip() == current:
                say(f"  {number}. {current}: unchanged")
                return
            try:
                written = s.correct(number, text)
                break
            except BadInput as exc:
                if self.scripted:
                    raise
                for problem in exc.problems:
                    say(f"refused: {present.safe(problem, 400)}")
                text = self.ask(f"  fix {number}", default=text.strip(), edit=True)  # again, from what was typed
        after = len(s.events) - number
        say(f"  {number}. {written}" + (f" (the {after} event(s) after it re-checked)" if after else ""))
        self.say_next()

    def do_hint(self, rest: list[str], line: str) -> None:
        s = self.session
        if rest and rest[0].lower() == "all":
            hints = self._every_hint()
        else:
            hints = [self._hint(self._player_named(" ".join(rest)) if rest else None)]
        self.last_hinted = hints[0].player if len(hints) == 1 else None
        for hint in hints:
            self.hints[hint.player] = hint
            if len(hints) > 1:
                out(f"--- {hint.player}")
            out(hint.report.text)
            for k, events in enumerate(hint.plays, start=1):
                out(f"  take {k}: {' then '.join(events)}")
            self.say_notes(hint.report.notes)
        if not hints:
            raise BadInput(f"hint all: no player can be hinted now ({'the table acts' if s.to_act == CHANCE else 'see hint'})")

    def do_take(self, rest: list[str], line: str) -> None:
        s = self.session
        if not rest or not numbers.looks_numeric(rest[0]):
            raise BadInput(f"{present.safe(line.strip())}: take N plays the N-th move of the last hint (take 1: the best)")
        number = numbers.whole_number(rest[0], "take")
        # the hint just asked for a player who may act ahead of their turn (Artisans), else the one to act's
        who = self.last_hinted if self.last_hinted in s.ahead() else s.to_act
        hint = self.hints.get(who or "")
        if hint is None:
            raise BadInput(f"take {number}: ask for a hint for {s.to_act} first (hint)")
        self._recorded(self.session.take(hint, number))

    # --- inside --------------------------------------------------------------------------------

    def _hint(self, player: str | None) -> Hint:
        s = self.session
        who = player or s.to_act
        return s.hint(who, self.hidden(who) if who not in (None, CHANCE) else {})

    def hidden(self, who: str) -> dict[str, Any]:
        """The answers to what ``who``'s hint needs that only they have seen."""
        return {q.key: self._hidden_answer(who, q) for q in self.session.hint_questions(who)}

    def _hidden_answer(self, who: str, q: Question) -> Any:
        """What only ``who`` has seen, asked until it reads, and asked again at each hint: never
        kept, never offered again (the table shares the screen; a hidden card never goes into the
        record either). A secret answer (TAJ's goal card) is hidden as it is typed. An empty answer
        gives up the hint."""
        while True:
            typed = self.ask(f"  {who}, {q.prompt}", words=q.choices, secret=q.secret)
            if not typed.strip():
                raise BadInput(f"hint: nothing typed for {q.prompt}: no hint (an empty answer gives it up)")
            try:
                return q.read(typed)
            except BadInput as exc:
                if self.scripted:
                    raise
                for problem in exc.problems:
                    say(f"  {present.safe(problem, 300)}")

    def _every_hint(self) -> list[Hint]:
        hints = []
        for name in self.session.players():
            if self.session.may_hint(name):  # a player who cannot act now is left out
                hints.append(self._hint(name))
        return hints

    def _player_named(self, typed: str) -> str:
        names = self.session.players()
        found = [n for n in names if n.lower() == typed.lower()] or [n for n in names if n.lower().startswith(typed.lower())]
        if len(found) != 1:
            raise BadInput(f"hint {present.safe(typed)}: not one of the players ({', '.join(names)})")
        return found[0]


def keep_in_history(session: Session, data: Path | None) -> None:
    """A finished game goes into the play log (``tajkit history``); the record stays the truth, so
    a log that cannot be written costs a message, never the game."""
    from tajkit.solver import history

    try:
        saved = history.save_session(history.database_path(None), session, data)
    except BadInput as exc:
        for problem in exc.problems:
            say(f"not kept in the play log: {present.safe(problem, 300)}")
        return
    if saved.new:
        say(f"Kept in the play log as play {saved.id} (tajkit history show {saved.id}).")


# --- the command ---------------------------------------------------------------------------------


def game_to_play(game: str, data: Path | None) -> tuple[Game[Any, Any], Any]:
    """The game ``tajkit play GAME`` names and its spec (with the user's data laid over it)."""
    from tajkit.solver import games, speccache

    info = games.get(game)
    if not info.plays:
        raise BadInput(f"tajkit play {game}: not available for {game} yet (see: tajkit games)")
    return info, speccache.load_spec(info, data)


def run(info: Game[Any, Any], spec: Any, record: str | None, setup: str | None, players: Sequence[str],
        do: Sequence[str], as_json: bool, interactive: bool, data: Path | None = None) -> int:
    if do or as_json:
        if record is None:
            raise BadInput("--do and --json need the record file: tajkit play GAME RECORD --do EVENT")
        session = open_session(info, spec, record, setup, players, None)
        if do:
            first = len(session.events) + 1
            was_over = session.over
            written = session.apply(*do)
            if not as_json:
                for k, text in enumerate(written):
                    out(f"{first + k}. {text}")
            if session.over and not was_over:
                keep_in_history(session, data)
        if as_json:
            out(json.dumps(session.as_json(), indent=2, ensure_ascii=False))
        elif session.over:
            out(present.score(session.standings()))
        else:
            Table(session, _reader(editing=False)).say_next()
        return 0
    import typer  # its Abort, which the readers raise

    reader = _reader(editing=interactive)
    try:
        session = open_session(info, spec, record, setup, players, reader)
    except typer.Abort:
        say("error: interrupted: no game was started")
        return 130
    table = Table(session, reader, scripted=not interactive, data=data)
    if session.over:
        table.say_final()
    return table.run()


def _reader(editing: bool) -> Callable[..., str]:
    """The ``ask`` of the line editor (``editing``) or of plain lines, made at the first question:
    importing and setting up prompt_toolkit is most of an interactive start (issue 43), so the
    table reads where the game stands first; a --do run asks nothing."""
    reader: Any = None

    def ask(*args: Any, **kwargs: Any) -> str:
        nonlocal reader
        if reader is None:
            from tajkit.cli.prompts import Editor, Lines

            reader = Editor(table=True) if editing else Lines()
        return reader.ask(*args, **kwargs)

    return ask
