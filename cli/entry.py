"""Typing a finished table in at the terminal, for any game that scores: the prompts come from the
game's state-file model (its fields, their descriptions and limits), not from code per game.

Prompts and messages go to standard error; the scores go to standard output. At a terminal the
answers are typed in a line editor (prompt_toolkit: arrows, history, Tab completion); through a
pipe they are read line by line. After the last player the entry is shown with its scores and any
field can be corrected by name, starting from its current value; only then is it saved (lists
written inline, as a person writes them).
"""

from __future__ import annotations

import os
import re
import sys
import textwrap
import typing
from pathlib import Path
from typing import Any

import typer

from tajkit.cli import present
from tajkit.solver import numbers
from tajkit.solver.errors import BadInput, Problem
from tajkit.solver.game import Game, ScoreResult
from tajkit.solver.ranking import plural

EMPTY_MARKS = ("_", ".", "-")
HELP = "?"  # typed as an answer: the field's whole description (at the review: the table again)
NONE = "-"  # typed as an answer: no value (an optional field left out, a list ended at that row)
NOTHING = object()  # no current value: a field asked for the first time


class Retry(Exception):
    """An answer that cannot be used; the message says why, and the question is asked again."""


# --- what a field is ------------------------------------------------------------------------------


def _plain(annotation: Any) -> tuple[Any, bool]:
    """The annotation without ``Optional`` / ``Annotated``, and whether ``None`` is allowed."""
    optional = False
    while True:
        origin = typing.get_origin(annotation)
        if origin is typing.Annotated:
            annotation = typing.get_args(annotation)[0]
        elif origin in (typing.Union, getattr(__import__("types"), "UnionType", None)):
            args = [a for a in typing.get_args(annotation) if a is not type(None)]
            optional = optional or len(args) < len(typing.get_args(annotation))
            annotation = args[0]
        else:
            return annotation, optional


def _is_model(annotation: Any) -> bool:
    from pydantic import BaseModel

    return isinstance(annotation, type) and issubclass(annotation, BaseModel)


def _length(info: Any) -> tuple[int | None, int | None]:
    low = high = None
    for meta in info.metadata:
        low = getattr(meta, "min_length", low)
        high = getattr(meta, "max_length", high)
    return low, high


def _choices(annotation: Any) -> tuple[str, ...] | None:
    if typing.get_origin(annotation) is typing.Literal:
        return tuple(str(a) for a in typing.get_args(annotation))
    return None


def _extra(info: Any) -> dict[str, Any]:
    extra = getattr(info, "json_schema_extra", None)
    return extra if isinstance(extra, dict) else {}


def _has_boxes(info: Any) -> bool:
    """A list of die values, one a box (``entry = "digits"``): ``_`` marks an empty one."""
    return _extra(info).get("entry") == "digits"


def _item(annotation: Any) -> Any:
    """The item annotation of a list (still ``Annotated``, so its limits can be read)."""
    return typing.get_args(_plain(annotation)[0])[0]


def _is_rows(info: Any) -> bool:
    """A list asked one row per answer: of lists, of tables, or of whole lines (``entry = "lines"``)."""
    kind, _ = _plain(info.annotation)
    if typing.get_origin(kind) is not list:
        return False
    item, _ = _plain(_item(kind))
    return typing.get_origin(item) is list or _is_model(item) or _extra(info).get("entry") == "lines"


class _ItemInfo:
    """Field-like limits of a list's items (the inner list's own length limits)."""

    def __init__(self, annotation: Any) -> None:
        self.metadata = [m for m in typing.get_args(annotation)[1:]] if typing.get_origin(annotation) is typing.Annotated else []
        for m in list(self.metadata):
            self.metadata += list(getattr(m, "metadata", []))


# --- what a prompt says ------------------------------------------------------------------------------


def _label(name: str, info: Any) -> str:
    return str(_extra(info).get("title_text") or name.replace("_", " "))


def _describe_field(name: str, info: Any) -> str:
    label = _label(name, info)
    if not info.description:
        return label
    return info.description if info.description.lower().startswith(label.lower()) else f"{label}: {info.description}"


def _range(metadata: list[Any]) -> str:
    low = next((m.ge for m in metadata if getattr(m, "ge", None) is not None), None)
    high = next((m.le for m in metadata if getattr(m, "le", None) is not None), None)
    if low is not None and high is not None:
        return f"{low}-{high}"
    if low is not None:
        return f"at least {low}"
    return f"at most {high}" if high is not None else ""


def _kind_shape(kind: Any, info: Any) -> str:
    """What an answer looks like, in a few words: ``left/right``, ``0-15``, ``3 boxes``."""
    if (choices := _choices(kind)) is not None:
        return "/".join(choices)
    if kind is bool:
        return "yes/no"
    if kind in (int, float):
        return _range(info.metadata)
    if typing.get_origin(kind) is dict:
        return "key=value pairs"
    if typing.get_origin(kind) is not list:
        return ""
    raw = typing.get_args(kind)[0]
    item, _ = _plain(raw)
    low, high = _length(info)
    fixed = low is not None and low == high
    if _has_boxes(info):
        return f"{low} boxes" if fixed else "boxes"
    each = _kind_shape(item, _ItemInfo(raw))
    if item in (int, float):
        each = f"numbers {each}".strip()
    elif item is bool:
        each = f"{each} each"
    if not fixed:
        return each
    if _choices(item):
        return f"{low} of {each}"  # 3 of green/orange/pink/blue/yellow
    return f"{low} {each}" if each else f"{low} values"


def _shape(info: Any) -> str:
    kind, optional = _plain(info.annotation)
    words = [_kind_shape(kind, info), "optional" if optional else ""]
    return ", ".join(w for w in words if w)


def _prompt_text(name: str, info: Any, indent: str, clears: bool = False) -> str:
    """The question: the field's label and shape, and with ``clears`` that ``-`` gives no value
    (said where a correction stands on the line, which Enter keeps)."""
    shape = ", ".join(w for w in (_shape(info), f"{NONE} for none" if clears else "") if w)
    return f"{indent}{_label(name, info)}{f' ({shape})' if shape else ''}"


def _entry_text(value: Any, boxes: bool = False) -> str:
    """A value as a player writes it on paper, and types it back: yes/no, words and numbers
    separated by spaces, ``_`` for an empty box, key=value pairs; nothing for no value."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return " ".join("_" if boxes and v == 0 else _entry_text(v) for v in value)
    if isinstance(value, dict):
        return " ".join(f"{k}={_entry_text(v)}" for k, v in value.items() if v is not None)
    return str(value)


def _default_of(info: Any) -> Any:
    from pydantic_core import PydanticUndefined

    if info.default is PydanticUndefined:
        return NOTHING
    return list(info.default) if isinstance(info.default, list) else info.default


# --- parsing one answer -----------------------------------------------------------------------------


def _scalar(token: str, annotation: Any) -> Any:
    choices = _choices(annotation)
    if choices is not None:
        if token not in choices:
            raise Retry(f"{token!r}: write one of {', '.join(choices)}")
        return token
    if annotation is bool:
        if token.lower() in ("y", "yes", "true", "1"):
            return True
        if token.lower() in ("n", "no", "false", "0"):
            return False
        raise Retry(f"{token!r}: write y or n")
    if annotation is int:
        if not numbers.looks_numeric(token):
            raise Retry(f"{token!r}: write a whole number")
        problem = numbers.number_problem(token)  # a digit other than 0-9, or too many of them
        if problem is not None:
            raise Retry(problem)
        return int(token)
    if annotation is float:
        try:
            return float(token)
        except ValueError:
            raise Retry(f"{token!r}: write a number") from None
    return token


def parse_answer(answer: str, annotation: Any, info: Any) -> Any:
    """An answer as the field's value. Lists: words or numbers separated by spaces or commas; in a
    field of die values (``entry = "digits"``) digits may run together ("6431"); ``_`` marks an
    empty box where the field allows 0."""
    kind, _ = _plain(annotation)
    if typing.get_origin(kind) is dict:
        pairs = [t.split("=", 1) for t in answer.replace(",", " ").split()]
        if any(len(p) != 2 or not p[0] for p in pairs):
            raise Retry("write key=value pairs separated by spaces, e.g. c4=Bn d7=Os")
        value_type, _ = _plain(typing.get_args(kind)[1])
        return {k: _scalar(v, value_type) for k, v in pairs}
    if typing.get_origin(kind) is not list:
        return _scalar(answer.strip(), kind)
    item, _ = _plain(typing.get_args(kind)[0])
    cleaned = answer.replace(",", " ").strip()
    tokens = cleaned.split()
    if _has_boxes(info) and len(tokens) == 1 and re.fullmatch(r"[0-9_.\-]{2,}", tokens[0]) and "-" not in tokens[0][1:]:
        tokens = list(tokens[0])  # "6431" or "22_2": one digit per box
    values = [0 if (item is int and t in EMPTY_MARKS) else _scalar(t, item) for t in tokens]
    low, high = _length(info)
    if low is not None and low == high and len(values) != low:
        raise Retry(f"{len(values)} {'value' if len(values) == 1 else 'values'} given, {low} needed")
    return values


# --- the terminal -----------------------------------------------------------------------------------


class _Lines:
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


class _Editor:
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


class _Terminal:
    """The entry's way of asking (an editor at a terminal, else lines) and the fields already
    described at length (each description is shown once; ``?`` shows it again)."""

    def __init__(self, reader: _Lines | _Editor) -> None:
        self.reader = reader
        self.described: set[tuple[Any, str]] = set()


_term = _Terminal(_Lines())


def _open_terminal() -> None:
    global _term
    interactive = sys.stdin.isatty() and sys.stderr.isatty()
    _term = _Terminal(_Editor() if interactive else _Lines())


def _ask(
    text: str, default: str = "", edit: bool = False, words: typing.Sequence[str] = (), sentence: bool = False, clears: bool = False
) -> str:
    return _term.reader.ask(text, default, edit, words, sentence, clears)


def _confirm(text: str, default: bool) -> bool:
    while True:
        answer = _ask(f"{text} [{'Y/n' if default else 'y/N'}]").strip().lower()
        if not answer:
            return default
        if answer in ("y", "yes", "n", "no"):
            return answer.startswith("y")
        _say("  answer y or n")


def _say(text: str) -> None:
    typer.echo(text, err=True)


def _width() -> int:
    """Text is wrapped to 80 columns, or the terminal's width when it is narrower."""
    try:
        return max(40, min(80, os.get_terminal_size(sys.stderr.fileno()).columns))
    except (OSError, ValueError):
        return 80


def _say_wrapped(text: str, indent: str = "", hang: str = "") -> None:
    _say(textwrap.fill(text, _width() - 1, initial_indent=indent, subsequent_indent=indent + hang))


def _item_description(info: Any) -> str | None:
    """The description of a list's items ("a rug: [outer, middle, centre] ..."), if it has one."""
    raw = _item(info.annotation)
    if typing.get_origin(raw) is not typing.Annotated:
        return None
    return next((m.description for m in typing.get_args(raw)[1:] if getattr(m, "description", None)), None)


def _tell_description(model: Any, name: str, indent: str, again: bool = False) -> None:
    """The field's whole description: the first time it is asked, and again on ``?``."""
    if (model, name) in _term.described and not again:
        return
    _term.described.add((model, name))
    info = model.model_fields[name]
    if not info.description:
        return
    text = _describe_field(name, info)
    if _is_rows(info) and (each := _item_description(info)):
        text += f"; each {each}"
    _say_wrapped(text, indent, hang="  ")


# --- asking ---------------------------------------------------------------------------------------


def ask_field(model: Any, name: str, context: dict[str, Any], indent: str = "  ", current: Any = NOTHING) -> Any:
    """Ask for one field until the answer is valid for it (the model's own limits and rules).
    ``current`` is the value being corrected: the answer starts from it, and Enter keeps it;
    ``-`` gives what a blank gives when the field is first asked (no value, or its default)."""
    info = model.model_fields[name]
    if _is_rows(info):
        return _ask_rows(model, name, context, indent, current)
    blank = _blank_value(info)
    shown = _default_of(info) if current is NOTHING else current
    offered = "" if shown is NOTHING else _entry_text(shown, _has_boxes(info))
    # a value to correct stands on the line to edit; a field's default (empty boxes) is offered as [_ _ _]
    edit = current is not NOTHING and current != _default_of(info)
    # "-" is said where only it gives no value: Enter keeps the value offered, and none can be typed
    clears = bool(offered) and blank is not NOTHING and not _entry_text(blank)
    _tell_description(model, name, indent)
    while True:
        answer = _ask(_prompt_text(name, info, indent, clears), offered, edit=edit, words=_choice_words(info.annotation), clears=True)
        if answer.strip() == HELP:
            _tell_description(model, name, indent, again=True)
            continue
        if answer.strip() in ("", NONE):
            if blank is not NOTHING:
                return blank
            _say(f"{indent}  an answer is needed")
            continue
        try:
            value = parse_answer(answer, info.annotation, info)
            _check_field(model, name, value, context)
            return value
        except Retry as exc:
            _say(f"{indent}  {exc}")


def _blank_value(info: Any) -> Any:
    """What no answer gives: the field's default, else None where it is optional (NOTHING: an
    answer is needed)."""
    default = _default_of(info)
    if default is NOTHING and _plain(info.annotation)[1]:
        return None
    return default


def _choice_words(annotation: Any) -> tuple[str, ...]:
    """What Tab completes in an answer: the choices of the field or of its items."""
    kind, _ = _plain(annotation)
    if typing.get_origin(kind) is list:
        kind, _ = _plain(_item(kind))
    if kind is bool:
        return ("yes", "no")
    return _choices(kind) or ()


def _count_text(low: int | None, high: int | None) -> str:
    if low and high:
        return f" ({low}-{high})"
    if low:
        return f" (at least {low})"
    return f" (at most {high})" if high else ""


def _ask_rows(model: Any, name: str, context: dict[str, Any], indent: str, current: Any = NOTHING) -> list[Any]:
    """A list of lists, of tables or of lines: one row per answer, a blank answer ends the list.
    In a correction each row starts from the row it replaces, Enter keeps it, and ``-`` ends the
    list there."""
    info = model.model_fields[name]
    raw = _item(info.annotation)
    earlier = list(current) if current not in (NOTHING, None) else []
    low, high = _length(info)
    _tell_description(model, name, indent)
    ends = f"Enter keeps a row, {NONE} ends the list" if earlier else "a blank answer ends the list"
    _say(f"{indent}{_label(name, info)}{_count_text(low, high)}: one per answer; {ends}")
    rows: list[Any] = []
    while high is None or len(rows) < high:
        was = earlier[len(rows)] if len(rows) < len(earlier) else NOTHING
        row = _ask_row(raw, f"{indent}  {_label(name, info)} {len(rows) + 1}", was, indent)
        if row is not None:
            rows.append(row)
        elif _enough(rows, low, indent):
            break
    if len(earlier) > len(rows):
        left = len(earlier) - len(rows)
        _say(f"{indent}  {name}: the last {plural(left, 'row')} of the earlier entry left out, as asked")
    return rows


def _ask_row(raw: Any, text: str, was: Any, indent: str) -> Any:
    """One row of a list; None for a blank answer or ``-`` (the end of the list)."""
    item, _ = _plain(raw)
    correcting = was is not NOTHING
    if _is_model(item):
        return _ask_table_row(item, text, was, indent)
    shape = _kind_shape(item, _ItemInfo(raw))
    while True:
        offered = _entry_text(was) if correcting else ""
        answer = _ask(f"{text}{f' ({shape})' if shape else ''}", offered, edit=correcting, words=_choice_words(item), clears=True)
        if answer.strip() in ("", NONE):
            return None
        if item is str:  # a whole line is one item ("entry": "lines")
            return answer.strip()
        try:
            return parse_answer(answer, raw, _ItemInfo(raw))
        except Retry as exc:
            _say(f"{indent}    {exc}")


def _ask_table_row(item: Any, text: str, was: Any, indent: str) -> dict[str, Any] | None:
    first, *rest = item.model_fields
    info = item.model_fields[first]
    correcting = was is not NOTHING
    while True:
        answer = _ask(f"{text} {_prompt_text(first, info, '')}", _entry_text(was[first]) if correcting else "", edit=correcting,
                      words=_choice_words(info.annotation), clears=True)
        if answer.strip() in ("", NONE):
            return None
        try:
            row: dict[str, Any] = {first: parse_answer(answer, info.annotation, info)}
            break
        except Retry as exc:
            _say(f"{indent}    {exc}")
    for field in rest:
        row[field] = ask_field(item, field, row, indent + "    ", was.get(field, NOTHING) if correcting else NOTHING)
    return row


def _enough(rows: list[Any], low: int | None, indent: str) -> bool:
    """A blank answer may end a list only once it holds its fewest rows (else no correction could add one)."""
    if len(rows) >= (low or 0):
        return True
    _say(f"{indent}    {_at_least(low or 0, 'row')}")
    return False


def _check_field(model: Any, name: str, value: Any, context: dict[str, Any]) -> None:
    """The model's verdict on this one field (other fields' complaints are for later)."""
    from pydantic import ValidationError

    from tajkit.solver.wording import describe

    trial = {**context, name: value}
    try:
        model.model_validate(trial, strict=True)
    except ValidationError as exc:
        mine = [e for e in exc.errors() if e["loc"] and e["loc"][0] == name]
        if mine:
            raise Retry("; ".join(describe(model, trial, e) for e in mine)) from None


# --- the whole table -----------------------------------------------------------------------------


def _player_model(model: Any) -> Any | None:
    """The model of one player's table when the state lists players as tables, else None."""
    info = model.model_fields.get("players")
    if info is None:
        return None
    kind, _ = _plain(info.annotation)
    if typing.get_origin(kind) is not list:
        return None
    item, _ = _plain(typing.get_args(kind)[0])
    return item if _is_model(item) else None


def _table_fields(model: Any, player_model: Any) -> list[str]:
    return [n for n in model.model_fields if n != "game" and not (n == "players" and player_model is not None)
            and _extra(model.model_fields[n]).get("entry") != "not asked"]


def _player_fields(player_model: Any) -> list[str]:
    return list(player_model.model_fields)[1:] if player_model is not None else []


def _all_fields(model: Any, player_model: Any) -> list[tuple[Any, str]]:
    return [(model, n) for n in _table_fields(model, player_model)] + [(player_model, n) for n in _player_fields(player_model)]


def _opening(info: Game, model: Any, player_model: Any) -> str:
    """How to answer, saying only what this game's questions need."""
    fields = [m.model_fields[n] for m, n in _all_fields(model, player_model)]
    parts = [f"Type in the {info.title} table as it lies. Enter accepts a [default]."]
    if any(_has_boxes(f) for f in fields):
        parts.append("_ marks an empty box.")
    if any(_is_rows(f) for f in fields):
        parts.append("A blank answer ends a list of rows once it has enough.")
    if player_model is not None:
        parts.append("A blank name ends the players.")
    parts.append(f"{HELP} describes a field" + ("; Tab completes." if _term.reader.editing else "."))
    return " ".join(parts)


def enter_table(info: Game, spec: Any) -> tuple[dict[str, Any], ScoreResult]:
    """Ask for the table field by field (players one by one); review and correct; offer to save.
    Returns the state data and its scores."""
    _open_terminal()
    model = info.state_model(spec)
    player_model = _player_model(model)
    _say_wrapped(_opening(info, model, player_model))
    data: dict[str, Any] = {"game": info.id}
    for name in model.model_fields:
        if name == "game" or _extra(model.model_fields[name]).get("entry") == "not asked":  # a game in play's only
            continue
        if name == "players" and player_model is not None:
            data["players"] = _ask_players(info, spec, data, player_model, model.model_fields["players"])
        else:
            data[name] = ask_field(model, name, data, indent="")
    result = _review(info, spec, data, model, player_model)
    _offer_save(info, data)
    return data, result


def _ask_players(
    info: Game, spec: Any, data: dict[str, Any], player_model: Any, players_info: Any
) -> list[dict[str, Any]]:
    data["players"] = []
    low, high = _length(players_info)
    while high is None or len(data["players"]) < high:
        name = _ask(f"Player {len(data['players']) + 1} name").strip()
        if name == HELP:
            _tell_description(player_model, "name", "  ", again=True)
            continue
        if not name:
            if len(data["players"]) >= (low or 1):
                return data["players"]
            _say(f"  {_at_least(low or 1, 'player')}: type player {len(data['players']) + 1}'s name")
            continue
        if any(p["name"] == name for p in data["players"]):
            _say(f"  {present.safe(name)!r} is already entered: each player needs their own name")
            continue
        try:
            _check_field(player_model, "name", name, {})
        except Retry as exc:
            _say(f"  {exc}")
            continue
        player: dict[str, Any] = {"name": name}
        for field in _player_fields(player_model):
            player[field] = ask_field(player_model, field, player)
        data["players"].append(player)
        _fix_cross_field_problems(info, spec, data, player_model)
    _say(f"  {high} players: the most this game takes")
    return data["players"]


def _at_least(low: int, what: str) -> str:
    return f"at least {low} {what}{'' if low == 1 else 's'} {'is' if low == 1 else 'are'} needed"


def _problems(info: Game, spec: Any, data: dict[str, Any]) -> tuple[str, ...]:
    try:
        info.read_state(spec, data)
    except BadInput as exc:
        return exc.problems
    return ()


def _fix_cross_field_problems(info: Game, spec: Any, data: dict[str, Any], player_model: Any) -> None:
    """A problem across fields of the last player (more trees watered than raindrops used) asks
    again for just the fields it names, each starting from what was typed."""
    player = data["players"][-1]
    fields = _player_fields(player_model)
    mine = present.safe(player["name"], 30) + ":"  # "A:" is not the start of "Ab: ..."
    for _ in range(5):
        problems = [p for p in _problems(info, spec, data) if p.startswith(mine)]
        if not problems:
            return
        for problem in problems:
            _say(f"  {problem}")
        involved = {f for p in problems if isinstance(p, Problem) for f in p.fields}
        named = [f for f in fields if f in involved]
        if not named:
            return  # nothing to point at: the review shows it, and any field can be corrected there
        for field in named:
            player[field] = ask_field(player_model, field, player, current=player[field])


# --- showing what was typed ---------------------------------------------------------------------------


def _echo(key: str, value: Any, info: Any, indent: str, width: int) -> None:
    """One field as a player would write it; a list of rows one row a line, numbered as asked."""
    if _is_rows(info) and value:
        pad = " " * (len(indent) + width + 1)
        for n, row in enumerate(value, 1):
            text = present.safe(_entry_text(row), 200)
            _say(f"{indent}{key:<{width}} {n}. {text}" if n == 1 else f"{pad}{n}. {text}")
        return
    _say(f"{indent}{key:<{width}} {present.safe(_entry_text(value, _has_boxes(info)) or '-', 200)}")


def _show_entry(data: dict[str, Any], model: Any, player_model: Any) -> None:
    keys = _table_fields(model, player_model)
    for key in keys:
        _echo(key, data.get(key), model.model_fields[key], "", max([18, *(len(k) + 1 for k in keys)]))
    keys = _player_fields(player_model)
    for p in data.get("players", []) if player_model is not None else []:
        _say(f"{p['name']}:")
        for key in keys:
            _echo(key, p.get(key), player_model.model_fields[key], "  ", max([16, *(len(k) + 1 for k in keys)]))


def _scored(info: Game, spec: Any, data: dict[str, Any]) -> ScoreResult | None:
    """The table's scores, or None (and each problem said) when it breaks a rule."""
    problems = _problems(info, spec, data)
    for problem in problems:
        _say(f"  error: {problem}")
    return None if problems else info.score(spec, info.read_state(spec, data))


def _show_table(info: Game, spec: Any, data: dict[str, Any], model: Any, player_model: Any) -> ScoreResult | None:
    _say("")
    _show_entry(data, model, player_model)
    result = _scored(info, spec, data)
    if result is not None:
        _say("")
        _say(present.score(result))
    return result


def _show_effect(before: ScoreResult | None, after: ScoreResult, whose: str | None) -> None:
    """What a correction changed: the rows about the whole table, and each player whose score
    moved (the corrected player always), their new total and the rows that changed."""
    if before is not None and after.header != before.header:
        for line in after.header:
            _say(f"  {line}")
    earlier = {p.name: p for p in before.players} if before is not None else {}
    for p in after.players:
        old = earlier.get(p.name)
        if p == old and p.name != whose:
            continue
        was = "" if old is None else ", unchanged" if old.total == p.total else f", was {old.total}"
        _say(f"  {p.name}: {plural(p.total, *after.unit)} (rank {p.rank}{was})")
        changed = [row for row in p.rows if old is not None and row not in old.rows]
        for line in present.row_lines(after, changed, indent="    "):
            _say(line)


# --- correcting ------------------------------------------------------------------------------------


def _review(info: Game, spec: Any, data: dict[str, Any], model: Any, player_model: Any) -> ScoreResult:
    """Show the entry and its scores; correct any field by name until the player is satisfied. A
    correction starts from the field's value and shows only what it changed; ``?`` shows the
    whole table again."""
    result = _show_table(info, spec, data, model, player_model)
    players = data.get("players", []) if player_model is not None else []
    fields = _player_fields(player_model)
    example = f"{players[0]['name']} {fields[0]}" if players else _table_fields(model, player_model)[0]
    targets = _table_fields(model, player_model) + [f"{p['name']} {f}" for p in players for f in fields]
    tab = ", Tab completes it" if _term.reader.editing else ""
    _say_wrapped(f'To correct a field, type it (e.g. "{example}"{tab}) and edit its value; {HELP} shows the table again.')
    while True:
        question = "Correct a field, or press Enter to finish" if result is not None else "Correct a field (see the errors)"
        answer = _ask(question, words=targets, sentence=True).strip()
        if not answer and result is not None:
            return result
        if not answer or answer == HELP:
            result = _show_table(info, spec, data, model, player_model)
            continue
        place = _target(answer, data, model, player_model)
        if place is None:
            continue
        owner, owner_model, field = place
        owner[field] = ask_field(owner_model, field, owner, indent="  ", current=owner.get(field))
        whose = owner["name"] if owner is not data else None
        key = f"{whose} {field}" if whose else field
        _echo(key, owner[field], owner_model.model_fields[field], "  ", len(key))
        after = _scored(info, spec, data)
        if after is not None:
            _show_effect(result, after, whose)
        result = after


def _target(answer: str, data: dict[str, Any], model: Any, player_model: Any) -> tuple[dict[str, Any], Any, str] | None:
    """The field ``answer`` names, as (the table or the player's dict, its model, the field):
    a table-level field, or a player (in any case) and one of their fields; a player's field alone
    will do when there is one player. Fields may be typed as the sheet says them ("Right facade").
    None (and what to type) if it names none."""
    table_fields = _table_fields(model, player_model)
    if (table_field := _field_named(answer, table_fields)) is not None:
        return data, model, table_field
    players = data.get("players", []) if player_model is not None else []
    fields = _player_fields(player_model)
    # "Ben Smith dome" is Ben Smith's, not Ben's "Smith dome": the longest name first
    named = sorted((p for p in players if _names(answer, p["name"])), key=lambda p: len(p["name"]), reverse=True)
    for player in named:
        if (field := _field_named(answer[len(player["name"]):], fields)) is not None:
            return player, player_model, field
    if named:
        name = named[0]["name"]
        typed = answer[len(name):].strip()
        if not typed:
            _say(f"  which of {name}'s fields? Type the name and the field, e.g. \"{name} {fields[0]}\"")
        else:
            guess = _did_you_mean(typed, fields)
            _say(f"  {present.safe(typed)!r} is not a field{guess}: the fields are {', '.join(fields)}")
        return None
    field = _field_named(answer, fields)
    if field is not None and len(players) == 1:
        return players[0], player_model, field
    if field is not None:
        _say(f"  whose {field}? Type a player's name and the field, e.g. \"{players[0]['name']} {field}\"")
        return None
    first, _, rest = answer.partition(" ")
    if players and _field_named(rest, fields) is not None:
        _say(f"  no player is named {present.safe(first)!r}: the players are {', '.join(p['name'] for p in players)}")
        return None
    ways = [f"a field ({', '.join(table_fields)})"] if table_fields else []
    if players:
        names = ", ".join(p["name"] for p in players)
        ways.append(f"a player's name ({names}) and a field, e.g. \"{players[0]['name']} {fields[0]}\"")
    _say("  type " + " or ".join(ways) + _did_you_mean(answer, table_fields + fields))
    return None


def _names(answer: str, name: str) -> bool:
    """Whether ``answer`` is the player's name, alone or followed by a field (in any case)."""
    return answer.lower() == name.lower() or answer.lower().startswith(name.lower() + " ")


def _as_field(typed: str) -> str:
    """A field as a player may type it (any case, spaces or dashes for underscores) as its key."""
    return "_".join(typed.lower().replace("-", " ").split())


def _field_named(typed: str, fields: list[str]) -> str | None:
    field = _as_field(typed)
    return field if field in fields else None


def _did_you_mean(typed: str, fields: list[str]) -> str:
    from tajkit.solver.wording import closest

    close = closest(_as_field(typed), fields)
    return f" (did you mean {close}?)" if close else ""


# --- saving ----------------------------------------------------------------------------------------


def _offer_save(info: Game, data: dict[str, Any]) -> None:
    from tajkit.cli.files import write_new

    if not _confirm("Save this table as a state file?", default=True):
        return
    while True:
        path = Path(_ask("File name", f"output/{info.id}-table.toml", edit=True) or f"output/{info.id}-table.toml")
        replace = path.exists() and _confirm(f"{path} exists. Replace it?", default=False)
        if path.exists() and not replace:
            continue
        try:
            write_new(path, toml_text(data).encode("utf-8"), force=replace)
        except BadInput as exc:
            _say(f"  {exc.problems[0]}")
            continue
        _say(f"saved {path}")
        return


def toml_text(data: dict[str, Any]) -> str:
    """A state file as a person writes it: scalars first, lists on one line, a ``[[players]]``
    table per player (and per entry of any other list of tables)."""
    import tomli_w

    lines = []
    tables = {k: v for k, v in data.items() if isinstance(v, list) and v and all(isinstance(x, dict) for x in v)}
    for key, value in data.items():
        if key not in tables and value is not None:
            lines.append(f"{key} = {_inline(value, tomli_w)}")
    for key, rows in tables.items():
        for row in rows:
            lines += ["", f"[[{key}]]"]
            lines += [f"{k} = {_inline(v, tomli_w)}" for k, v in row.items() if v is not None]
    return "\n".join(lines) + "\n"


def _inline(value: Any, tomli_w: Any) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(_inline(v, tomli_w) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_inline(v, tomli_w)}" for k, v in value.items() if v is not None) + " }"
    return tomli_w.dumps({"v": value}).split("=", 1)[1].strip()
