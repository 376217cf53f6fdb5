"""Answers typed at the terminal: a line editor where a person types (prompt_toolkit: arrows,
history, Tab completion), else lines read from standard input (a pipe, a script, a test). The
question goes to standard error in both. ``tajkit score``'s entry, ``tajkit play`` and the hint's
hidden cards ask through them."""

from __future__ import annotations

import sys
import typing
from typing import Any

import typer

from tajkit.solver.fields import NONE


class Lines:
    """Answers read line by line (a pipe, a test): the question on standard error, and Enter
    gives the [default]. (click's prompt sends the space after the question through ``input``, so
    to standard output: one stray space per question in a saved score.)"""

    editing = False

    def ask(
        self, text: str, default: str = "", edit: bool = False, words: typing.Sequence[str] = (), sentence: bool = False,
        clears: bool = False, secret: bool = False, guarded: typing.Collection[str] = (),
    ) -> str:
        sys.stderr.write(f"{text}{f' [{default}]' if default else ''}: ")
        sys.stderr.flush()
        try:
            line = sys.stdin.readline()
        except KeyboardInterrupt:
            raise typer.Abort() from None
        if not line:  # end of input (Ctrl-D)
            raise typer.Abort()
        return line.rstrip("\r\n") or default


class Editor:
    """Answers typed in a line editor at a terminal (prompt_toolkit): arrows and Backspace edit,
    Up recalls earlier answers, Tab completes ``words``; the question on standard error. With
    ``edit`` the default stands on the line, ready to edit, and Enter keeps it (a correction
    starts from the current value); else it is shown as [default] and an empty line gives it.
    Where the answer ``clears``, a ``-`` typed on the untouched value replaces it (as a ``-``
    answer is typed through a pipe, with no line to empty first). A ``secret`` answer is hidden as
    it is typed and kept out of the history Up recalls.

    Tab completes what the words that fit have in common, then shows them (a further Tab steps
    through them); a word ``guarded`` (the table's chance events: a roll, a drawn tile) is never
    completed whole by Tab, so a wrong roll is never one Enter away. At the table (``table``),
    Ctrl-C clears a half-typed line and a second Ctrl-C within a second leaves (as ``quit`` does)."""

    editing = True

    def __init__(self, table: bool = False) -> None:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.history import InMemoryHistory
        from prompt_toolkit.output import create_output

        self.clearable = ""  # the value on the line that a "-" replaces while it is untouched
        self.words: list[str] = []  # what Tab completes on the line asked now
        self.guarded: frozenset[str] = frozenset()  # of them, those Tab never completes whole
        self.interrupted = -1.0  # when Ctrl-C last cleared the line (time.monotonic)
        self.leaving = False  # Ctrl-C twice within a second: the player leaves
        self.output = create_output(stdout=sys.stderr)
        bindings = [self._dash_replaces(), self._tab_completes()] + ([self._ctrl_c_clears()] if table else [])
        self.session: Any = PromptSession(history=InMemoryHistory(), output=self.output, complete_while_typing=False,
                                          key_bindings=_merged(bindings))
        self.secret_session: Any = None  # a session with no history, for secret answers

    def _dash_replaces(self) -> Any:
        from prompt_toolkit.filters import Condition
        from prompt_toolkit.key_binding import KeyBindings

        bindings = KeyBindings()
        untouched = Condition(lambda: bool(self.clearable) and self.session.default_buffer.text == self.clearable)

        @bindings.add(NONE, filter=untouched)
        def _(event: Any) -> None:
            event.current_buffer.text = NONE
            event.current_buffer.cursor_position = len(NONE)

        return bindings

    def _tab_completes(self) -> Any:
        from prompt_toolkit.key_binding import KeyBindings

        bindings = KeyBindings()

        @bindings.add("tab")
        def _(event: Any) -> None:
            buffer = event.current_buffer
            typed = buffer.document.text_before_cursor
            if not self.words:  # prompt_toolkit's own way: the common part, then the menu
                if buffer.complete_state:
                    buffer.complete_next()
                else:
                    buffer.start_completion(insert_common_part=True)
                return
            longer = completed(typed, self.words, self.guarded)
            if len(longer) > len(typed):
                buffer.delete_before_cursor(len(typed))
                buffer.insert_text(longer)
            elif buffer.complete_state is None:
                buffer.start_completion(select_first=False)
            elif not any(w in self.guarded for w in self.words if w.lower().startswith(typed.lower())):
                buffer.complete_next()

        return bindings

    def _ctrl_c_clears(self) -> Any:
        import time

        from prompt_toolkit.application import run_in_terminal
        from prompt_toolkit.key_binding import KeyBindings

        bindings = KeyBindings()

        @bindings.add("c-c")
        def _(event: Any) -> None:
            now = time.monotonic()
            if now - self.interrupted < AGAIN:
                self.leaving = True
                event.app.exit(exception=KeyboardInterrupt())
                return
            self.interrupted = now
            cleared = bool(event.current_buffer.text)
            event.current_buffer.reset()
            what = "line cleared; " if cleared else ""
            run_in_terminal(lambda: _say(f"  ({what}Ctrl-C again within a second leaves, as quit does: the game is saved)"))

        return bindings

    def ask(
        self, text: str, default: str = "", edit: bool = False, words: typing.Sequence[str] = (), sentence: bool = False,
        clears: bool = False, secret: bool = False, guarded: typing.Collection[str] = (),
    ) -> str:
        from prompt_toolkit.completion import DummyCompleter, WordCompleter

        # a completer left out would be the previous question's (the session keeps it)
        completer = WordCompleter(list(words), ignore_case=True, sentence=sentence) if words else DummyCompleter()
        self.words, self.guarded = list(words) if sentence else [], frozenset(guarded)
        shown = f" [{default}]" if default and not edit else ""
        self.clearable = default if edit and clears else ""
        try:
            line = self._session(secret).prompt(f"{text}{shown}: ", default=default if edit else "",
                                                completer=completer, is_password=secret)
        except (KeyboardInterrupt, EOFError):
            if self.leaving:
                _say("  (Ctrl-C twice: leaving)")
            raise typer.Abort() from None
        return line if line or edit else default

    def _session(self, secret: bool) -> Any:
        if not secret:
            return self.session
        if self.secret_session is None:
            from prompt_toolkit import PromptSession
            from prompt_toolkit.history import DummyHistory

            self.secret_session = PromptSession(history=DummyHistory(), output=self.output, complete_while_typing=False,
                                                key_bindings=self.session.key_bindings)
        return self.secret_session


AGAIN = 1.0  # seconds within which a second Ctrl-C at the table leaves


def _merged(bindings: list[Any]) -> Any:
    from prompt_toolkit.key_binding import merge_key_bindings

    return merge_key_bindings(bindings)


def completed(typed: str, words: typing.Sequence[str], guarded: typing.Collection[str] = ()) -> str:
    """``typed`` completed as far as every word it begins (in any case) agrees, in the words' own
    case; a guarded word is never completed whole (its last word is left to type): ``ro`` among
    the rolls gives ``roll ``, ``roll 6 `` stays as it is."""
    fits = [w for w in words if w.lower().startswith(typed.lower())]
    if not fits:
        return typed
    n = min(map(len, fits))
    n = next((k for k in range(n) if len({w[k].lower() for w in fits}) > 1), n)
    longer = fits[0][:n]
    if any(w in guarded and len(w) == len(longer) for w in fits):
        longer = longer[:longer.rstrip().rfind(" ") + 1]
    return longer if len(longer) > len(typed) else typed


def _say(text: str) -> None:
    typer.echo(text, err=True)
