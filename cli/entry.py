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
import sys
import textwrap
import typing
from pathlib import Path
from typing import Any

import typer

from tajkit.cli import present
from tajkit.cli.prompts import Editor, Lines
from tajkit.solver import fields
from tajkit.solver.errors import BadInput, Problem
from tajkit.solver.game import Game, ScoreResult
from tajkit.solver.ranking import plural

HELP = "?"  # typed as an answer: the field's whole description (at the review: the table again)


def _prompt_text(name: str, info: Any, indent: str, clears: bool = False) -> str:
    """The question: the field's label and shape, and with ``clears`` that ``-`` gives no value
    (said where a correction stands on the line, which Enter keeps)."""
    shape = ", ".join(w for w in (fields.shape(info), f"{fields.NONE} for none" if clears else "") if w)
    return f"{indent}{fields.label(name, info)}{f' ({shape})' if shape else ''}"


class _Terminal:
    """The entry's way of asking (an editor at a terminal, else lines) and the fields already
    described at length (each description is shown once; ``?`` shows it again)."""

    def __init__(self, reader: Lines | Editor) -> None:
        self.reader = reader
        self.described: set[tuple[Any, str]] = set()


_term = _Terminal(Lines())


def _open_terminal() -> None:
    global _term
    interactive = sys.stdin.isatty() and sys.stderr.isatty()
    _term = _Terminal(Editor() if interactive else Lines())


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


def _tell_description(model: Any, name: str, indent: str, again: bool = False) -> None:
    """The field's whole description: the first time it is asked, and again on ``?``."""
    if (model, name) in _term.described and not again:
        return
    _term.described.add((model, name))
    info = model.model_fields[name]
    if not info.description:
        return
    text = fields.describe_field(name, info)
    if fields.is_rows(info) and (each := fields.item_description(info)):
        text += f"; each {each}"
    _say_wrapped(text, indent, hang="  ")


# --- asking ---------------------------------------------------------------------------------------


def ask_field(model: Any, name: str, context: dict[str, Any], indent: str = "  ", current: Any = fields.NOTHING) -> Any:
    """Ask for one field until the answer is valid for it (the model's own limits and rules).
    ``current`` is the value being corrected: the answer starts from it, and Enter keeps it;
    ``-`` gives what a blank gives when the field is first asked (no value, or its default)."""
    info = model.model_fields[name]
    if fields.is_rows(info):
        return _ask_rows(model, name, context, indent, current)
    blank = fields.blank_value(info)
    shown = fields.default_of(info) if current is fields.NOTHING else current
    offered = "" if shown is fields.NOTHING else fields.entry_text(shown, fields.has_boxes(info))
    # a value to correct stands on the line to edit; a field's default (empty boxes) is offered as [_ _ _]
    edit = current is not fields.NOTHING and current != fields.default_of(info)
    # "-" is said where only it gives no value: Enter keeps the value offered, and none can be typed
    clears = bool(offered) and blank is not fields.NOTHING and not fields.entry_text(blank)
    _tell_description(model, name, indent)
    while True:
        answer = _ask(_prompt_text(name, info, indent, clears), offered, edit=edit, words=fields.choice_words(info.annotation), clears=True)
        if answer.strip() == HELP:
            _tell_description(model, name, indent, again=True)
            continue
        try:
            return fields.read_answer(model, name, answer, context)
        except fields.BadAnswer as exc:
            _say(f"{indent}  {exc}")


def _count_text(low: int | None, high: int | None) -> str:
    if low and high:
        return f" ({low}-{high})"
    if low:
        return f" (at least {low})"
    return f" (at most {high})" if high else ""


def _ask_rows(model: Any, name: str, context: dict[str, Any], indent: str, current: Any = fields.NOTHING) -> list[Any]:
    """A list of lists, of tables or of lines: one row per answer, a blank answer ends the list.
    In a correction each row starts from the row it replaces, Enter keeps it, and ``-`` ends the
    list there."""
    info = model.model_fields[name]
    raw = fields.item(info.annotation)
    earlier = list(current) if current not in (fields.NOTHING, None) else []
    low, high = fields.length(info)
    _tell_description(model, name, indent)
    ends = f"Enter keeps a row, {fields.NONE} ends the list" if earlier else "a blank answer ends the list"
    _say(f"{indent}{fields.label(name, info)}{_count_text(low, high)}: one per answer; {ends}")
    rows: list[Any] = []
    while high is None or len(rows) < high:
        was = earlier[len(rows)] if len(rows) < len(earlier) else fields.NOTHING
        row = _ask_row(raw, f"{indent}  {fields.label(name, info)} {len(rows) + 1}", was, indent)
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
    item, _ = fields.plain(raw)
    correcting = was is not fields.NOTHING
    if fields.is_model(item):
        return _ask_table_row(item, text, was, indent)
    shape = fields.kind_shape(item, fields.ItemInfo(raw))
    while True:
        offered = fields.entry_text(was) if correcting else ""
        answer = _ask(f"{text}{f' ({shape})' if shape else ''}", offered, edit=correcting, words=fields.choice_words(item), clears=True)
        if answer.strip() in ("", fields.NONE):
            return None
        if item is str:  # a whole line is one item ("entry": "lines")
            return answer.strip()
        try:
            return fields.parse_answer(answer, raw, fields.ItemInfo(raw))
        except fields.BadAnswer as exc:
            _say(f"{indent}    {exc}")


def _ask_table_row(item: Any, text: str, was: Any, indent: str) -> dict[str, Any] | None:
    first, *rest = item.model_fields
    info = item.model_fields[first]
    correcting = was is not fields.NOTHING
    while True:
        answer = _ask(f"{text} {_prompt_text(first, info, '')}", fields.entry_text(was[first]) if correcting else "", edit=correcting,
                      words=fields.choice_words(info.annotation), clears=True)
        if answer.strip() in ("", fields.NONE):
            return None
        try:
            row: dict[str, Any] = {first: fields.parse_answer(answer, info.annotation, info)}
            break
        except fields.BadAnswer as exc:
            _say(f"{indent}    {exc}")
    for field in rest:
        row[field] = ask_field(item, field, row, indent + "    ", was.get(field, fields.NOTHING) if correcting else fields.NOTHING)
    return row


def _enough(rows: list[Any], low: int | None, indent: str) -> bool:
    """A blank answer may end a list only once it holds its fewest rows (else no correction could add one)."""
    if len(rows) >= (low or 0):
        return True
    _say(f"{indent}    {fields.at_least(low or 0, 'row')}")
    return False


# --- the whole table -----------------------------------------------------------------------------


def _all_fields(model: Any, player_model: Any) -> list[tuple[Any, str]]:
    return [(model, n) for n in fields.table_fields(model, player_model)] + [(player_model, n) for n in fields.player_fields(player_model)]


def _opening(info: Game, model: Any, player_model: Any) -> str:
    """How to answer, saying only what this game's questions need."""
    asked = [m.model_fields[n] for m, n in _all_fields(model, player_model)]
    parts = [f"Type in the {info.title} table as it lies. Enter accepts a [default]."]
    if any(fields.has_boxes(f) for f in asked):
        parts.append("_ marks an empty box.")
    if any(fields.is_rows(f) for f in asked):
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
    player_model = fields.player_model(model)
    _say_wrapped(_opening(info, model, player_model))
    data: dict[str, Any] = {"game": info.id}
    for name in model.model_fields:
        if name == "game" or fields.extra(model.model_fields[name]).get("entry") == "not asked":  # a game in play's only
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
    low, high = fields.length(players_info)
    while high is None or len(data["players"]) < high:
        name = _ask(f"Player {len(data['players']) + 1} name").strip()
        if name == HELP:
            _tell_description(player_model, "name", "  ", again=True)
            continue
        if not name:
            if len(data["players"]) >= (low or 1):
                return data["players"]
            _say(f"  {fields.at_least(low or 1, 'player')}: type player {len(data['players']) + 1}'s name")
            continue
        if any(p["name"] == name for p in data["players"]):
            _say(f"  {present.safe(name)!r} is already entered: each player needs their own name")
            continue
        try:
            fields.check_field(player_model, "name", name, {})
        except fields.BadAnswer as exc:
            _say(f"  {exc}")
            continue
        player: dict[str, Any] = {"name": name}
        for field in fields.player_fields(player_model):
            player[field] = ask_field(player_model, field, player)
        data["players"].append(player)
        _fix_cross_field_problems(info, spec, data, player_model)
    _say(f"  {high} players: the most this game takes")
    return data["players"]


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
    keys = fields.player_fields(player_model)
    mine = present.safe(player["name"], 30) + ":"  # "A:" is not the start of "Ab: ..."
    for _ in range(5):
        problems = [p for p in _problems(info, spec, data) if p.startswith(mine)]
        if not problems:
            return
        for problem in problems:
            _say(f"  {problem}")
        involved = {f for p in problems if isinstance(p, Problem) for f in p.fields}
        named = [f for f in keys if f in involved]
        if not named:
            return  # nothing to point at: the review shows it, and any field can be corrected there
        for field in named:
            player[field] = ask_field(player_model, field, player, current=player[field])


# --- showing what was typed ---------------------------------------------------------------------------


def _echo(key: str, value: Any, info: Any, indent: str, width: int) -> None:
    """One field as a player would write it; a list of rows one row a line, numbered as asked."""
    if fields.is_rows(info) and value:
        pad = " " * (len(indent) + width + 1)
        for n, row in enumerate(value, 1):
            text = present.safe(fields.entry_text(row), 200)
            _say(f"{indent}{key:<{width}} {n}. {text}" if n == 1 else f"{pad}{n}. {text}")
        return
    _say(f"{indent}{key:<{width}} {present.safe(fields.entry_text(value, fields.has_boxes(info)) or '-', 200)}")


def _show_entry(data: dict[str, Any], model: Any, player_model: Any) -> None:
    keys = fields.table_fields(model, player_model)
    for key in keys:
        _echo(key, data.get(key), model.model_fields[key], "", max([18, *(len(k) + 1 for k in keys)]))
    keys = fields.player_fields(player_model)
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
    keys = fields.player_fields(player_model)
    example = f"{players[0]['name']} {keys[0]}" if players else fields.table_fields(model, player_model)[0]
    targets = fields.table_fields(model, player_model) + [f"{p['name']} {f}" for p in players for f in keys]
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
    table_fields = fields.table_fields(model, player_model)
    if (table_field := _field_named(answer, table_fields)) is not None:
        return data, model, table_field
    players = data.get("players", []) if player_model is not None else []
    keys = fields.player_fields(player_model)
    # "Ben Smith dome" is Ben Smith's, not Ben's "Smith dome": the longest name first
    named = sorted((p for p in players if _names(answer, p["name"])), key=lambda p: len(p["name"]), reverse=True)
    for player in named:
        if (field := _field_named(answer[len(player["name"]):], keys)) is not None:
            return player, player_model, field
    if named:
        name = named[0]["name"]
        typed = answer[len(name):].strip()
        if not typed:
            _say(f"  which of {name}'s fields? Type the name and the field, e.g. \"{name} {keys[0]}\"")
        else:
            guess = _did_you_mean(typed, keys)
            _say(f"  {present.safe(typed)!r} is not a field{guess}: the fields are {', '.join(keys)}")
        return None
    field = _field_named(answer, keys)
    if field is not None and len(players) == 1:
        return players[0], player_model, field
    if field is not None:
        _say(f"  whose {field}? Type a player's name and the field, e.g. \"{players[0]['name']} {field}\"")
        return None
    first, _, rest = answer.partition(" ")
    if players and _field_named(rest, keys) is not None:
        _say(f"  no player is named {present.safe(first)!r}: the players are {', '.join(p['name'] for p in players)}")
        return None
    ways = [f"a field ({', '.join(table_fields)})"] if table_fields else []
    if players:
        names = ", ".join(p["name"] for p in players)
        ways.append(f"a player's name ({names}) and a field, e.g. \"{players[0]['name']} {keys[0]}\"")
    _say("  type " + " or ".join(ways) + _did_you_mean(answer, table_fields + keys))
    return None


def _names(answer: str, name: str) -> bool:
    """Whether ``answer`` is the player's name, alone or followed by a field (in any case)."""
    return answer.lower() == name.lower() or answer.lower().startswith(name.lower() + " ")


def _as_field(typed: str) -> str:
    """A field as a player may type it (any case, spaces or dashes for underscores) as its key."""
    return "_".join(typed.lower().replace("-", " ").split())


def _field_named(typed: str, known: list[str]) -> str | None:
    field = _as_field(typed)
    return field if field in known else None


def _did_you_mean(typed: str, known: list[str]) -> str:
    from tajkit.solver.wording import closest

    close = closest(_as_field(typed), known)
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
