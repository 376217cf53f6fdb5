"""Typing a finished table in at the terminal, for any game that scores: the prompts come from the
game's state-file model (its fields, their descriptions and limits), not from code per game.

Prompts and messages go to standard error; the scores go to standard output. After the last
player the entry is shown with its scores and any field can be corrected by name; only then is
it saved (lists written inline, as a person writes them).
"""

from __future__ import annotations

import re
import sys
import typing
from pathlib import Path
from typing import Any

import typer

from tajkit.cli import present
from tajkit.solver.errors import BadInput
from tajkit.solver.game import Game, ScoreResult

EMPTY_MARKS = ("_", ".", "-")


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
        if not re.fullmatch(r"-?\d{1,9}", token):
            raise Retry(f"{token!r}: write a whole number")
        return int(token)
    if annotation is float:
        try:
            return float(token)
        except ValueError:
            raise Retry(f"{token!r}: write a number") from None
    return token


def _extra(info: Any) -> dict[str, Any]:
    extra = getattr(info, "json_schema_extra", None)
    return extra if isinstance(extra, dict) else {}


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
    digits = _extra(info).get("entry") == "digits"  # die values, one digit a box
    if digits and len(tokens) == 1 and re.fullmatch(r"[0-9_.\-]{2,}", tokens[0]) and "-" not in tokens[0][1:]:
        tokens = list(tokens[0])  # "6431" or "22_2": one digit per box
    values = [0 if (item is int and t in EMPTY_MARKS) else _scalar(t, item) for t in tokens]
    low, high = _length(info)
    if low is not None and low == high and len(values) != low:
        raise Retry(f"{len(values)} {'value' if len(values) == 1 else 'values'} given, {low} needed")
    return values


# --- asking ---------------------------------------------------------------------------------------


def _prompt(text: str, default: str | None = None) -> str:
    """Ask on standard error and read a line. (click's prompt sends the space after the question
    through ``input``, so to standard output: one stray space per question in a saved score.)"""
    sys.stderr.write(f"{text}{f' [{default}]' if default else ''}: ")
    sys.stderr.flush()
    try:
        line = sys.stdin.readline()
    except KeyboardInterrupt:
        raise typer.Abort() from None
    if not line:  # end of input (Ctrl-D)
        raise typer.Abort()
    return line.rstrip("\r\n") or (default or "")


def _confirm(text: str, default: bool) -> bool:
    while True:
        answer = _prompt(f"{text} [{'Y/n' if default else 'y/N'}]").strip().lower()
        if not answer:
            return default
        if answer in ("y", "yes", "n", "no"):
            return answer.startswith("y")
        _say("  answer y or n")


def _say(text: str) -> None:
    typer.echo(text, err=True)


def _describe_field(name: str, info: Any) -> str:
    extra = info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}
    label = str(extra.get("title_text") or name.replace("_", " "))
    if not info.description:
        return label
    return info.description if info.description.lower().startswith(label.lower()) else f"{label}: {info.description}"


def _default_text(info: Any) -> str | None:
    from pydantic_core import PydanticUndefined

    if info.default is PydanticUndefined or info.default is None:
        return None
    if isinstance(info.default, list):
        return " ".join("_" if v == 0 else str(v) for v in info.default)
    return str(info.default).lower() if isinstance(info.default, bool) else str(info.default)


def ask_field(model: Any, name: str, context: dict[str, Any], indent: str = "  ") -> Any:
    """Ask for one field until the answer is valid for it (the model's own limits and rules)."""
    info = model.model_fields[name]
    annotation, optional = _plain(info.annotation)
    if typing.get_origin(annotation) is list and (
        _is_list_of_lists_or_models(annotation) or _extra(info).get("entry") == "lines"
    ):
        return _ask_rows(model, name, context, indent)
    while True:
        default = _default_text(info)
        answer = _prompt(f"{indent}{_describe_field(name, info)}", default)
        if not answer.strip():
            if optional or default is not None:
                return info.default if not isinstance(info.default, list) else list(info.default)
            _say(f"{indent}  an answer is needed")
            continue
        try:
            value = parse_answer(answer, info.annotation, info)
            _check_field(model, name, value, context)
            return value
        except Retry as exc:
            _say(f"{indent}  {exc}")


def _is_list_of_lists_or_models(annotation: Any) -> bool:
    item, _ = _plain(typing.get_args(annotation)[0])
    return typing.get_origin(item) is list or _is_model(item)


def _ask_rows(model: Any, name: str, context: dict[str, Any], indent: str) -> list[Any]:
    """A list of lists or of tables: one row per answer, a blank answer ends the list."""
    info = model.model_fields[name]
    annotation, _ = _plain(info.annotation)
    item, _ = _plain(typing.get_args(annotation)[0])
    _say(f"{indent}{_describe_field(name, info)} (one per answer; a blank answer ends the list)")
    rows: list[Any] = []
    low, high = _length(info)
    while high is None or len(rows) < high:
        if _is_model(item):
            first = next(iter(item.model_fields))
            row: dict[str, Any] = {}
            answer = _prompt(f"{indent}  {name} {len(rows) + 1}: {_describe_field(first, item.model_fields[first])}")
            if not answer.strip() and _enough(rows, low, indent):
                break
            if not answer.strip():
                continue
            try:
                row[first] = parse_answer(answer, item.model_fields[first].annotation, item.model_fields[first])
            except Retry as exc:
                _say(f"{indent}    {exc}")
                continue
            for field in list(item.model_fields)[1:]:
                row[field] = ask_field(item, field, row, indent + "    ")
            rows.append(row)
        else:
            answer = _prompt(f"{indent}  {name} {len(rows) + 1}")
            if not answer.strip() and _enough(rows, low, indent):
                break
            if not answer.strip():
                continue
            if item is str:  # a whole line is one item ("entry": "lines")
                rows.append(answer.strip())
                continue
            try:
                rows.append(parse_answer(answer, item, _ItemInfo(item)))
            except Retry as exc:
                _say(f"{indent}    {exc}")
    return rows


def _enough(rows: list[Any], low: int | None, indent: str) -> bool:
    """A blank answer may end a list only once it holds its fewest rows (else no correction could add one)."""
    if len(rows) >= (low or 0):
        return True
    _say(f"{indent}    {_at_least(low or 0, 'row')}")
    return False


class _ItemInfo:
    """Field-like limits of a list's items (the inner list's own length limits)."""

    def __init__(self, annotation: Any) -> None:
        self.metadata = [m for m in typing.get_args(annotation)[1:]] if typing.get_origin(annotation) is typing.Annotated else []
        for m in list(self.metadata):
            self.metadata += list(getattr(m, "metadata", []))


def _check_field(model: Any, name: str, value: Any, context: dict[str, Any]) -> None:
    """The model's verdict on this one field (other fields' complaints are for later)."""
    from pydantic import ValidationError

    from tajkit.solver.statefile import _describe

    trial = {**context, name: value}
    try:
        model.model_validate(trial, strict=True)
    except ValidationError as exc:
        mine = [e for e in exc.errors() if e["loc"] and e["loc"][0] == name]
        if mine:
            raise Retry("; ".join(_describe(model, trial, e) for e in mine)) from None


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


def enter_table(info: Game, spec: Any) -> tuple[dict[str, Any], ScoreResult]:
    """Ask for the table field by field (players one by one); review and correct; offer to save.
    Returns the state data and its scores."""
    model = info.state_model(spec)
    player_model = _player_model(model)
    _say(
        f"Type in the {info.title} table as it lies. Enter accepts a [default]; a blank answer ends a "
        "list of rows once it has enough; _ marks one empty box. A blank name ends the players."
    )
    data: dict[str, Any] = {"game": info.id}
    for name in model.model_fields:
        if name == "game":
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
        name = _prompt(f"Player {len(data['players']) + 1} name").strip()
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
        for field in list(player_model.model_fields)[1:]:
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
    again for just the fields it names."""
    player = data["players"][-1]
    fields = list(player_model.model_fields)[1:]
    for _ in range(5):
        problems = [p for p in _problems(info, spec, data) if p.startswith(present.safe(player["name"], 30))]
        if not problems:
            return
        for problem in problems:
            _say(f"  {problem}")
        named = [f for f in fields if re.search(rf"\b{re.escape(f)}\b", " ".join(problems))]
        if not named:
            return  # nothing to point at: the review shows it, and any field can be corrected there
        for field in named:
            player[field] = ask_field(player_model, field, player)


def _shown_value(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, list):
        return " ".join(_shown_value(v) if isinstance(v, (list, dict)) else ("_" if v == 0 else str(v)) for v in value)
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} {_shown_value(v)}" for k, v in value.items()) + "}"
    return str(value)


def _show_entry(data: dict[str, Any], player_model: Any) -> None:
    for key, value in data.items():
        if key == "game" or (key == "players" and player_model is not None):
            continue
        _say(f"{key:<18} {present.safe(_shown_value(value), 200)}")
    for p in data.get("players", []) if player_model is not None else []:
        _say(f"{p['name']}:")
        for key, value in p.items():
            if key != "name":
                _say(f"  {key:<16} {present.safe(_shown_value(value), 200)}")


def _review(info: Game, spec: Any, data: dict[str, Any], model: Any, player_model: Any) -> ScoreResult:
    """Show the entry and its scores; correct any field by name until the player is satisfied."""
    while True:
        _say("")
        _show_entry(data, player_model)
        problems = _problems(info, spec, data)
        result = None
        if problems:
            for problem in problems:
                _say(f"  error: {problem}")
        else:
            result = info.score(spec, info.read_state(spec, data))
            _say("")
            _say(present.score(result))
        example = (
            f"\"{data['players'][0]['name']} {list(player_model.model_fields)[1]}\""
            if player_model is not None
            else f"\"{next(n for n in model.model_fields if n != 'game')}\""
        )
        question = f"Correct a field? Type it (e.g. {example}), or press Enter" + (" to finish" if result else " after fixing")
        while True:  # a word that changes nothing is answered in place, without the entry again
            answer = _prompt(question).strip()
            if not answer and result is not None:
                return result
            if not answer or _correct(answer, data, model, player_model):
                break


def _correct(answer: str, data: dict[str, Any], model: Any, player_model: Any) -> bool:
    """``answer`` names a table-level field, or a player (in any case) and one of their fields; a
    player's field alone will do when there is one player. Fields may be typed as the sheet says
    them ("Right facade"). False (and what to type) if it names none."""
    table_fields = [n for n in model.model_fields if n != "game" and not (n == "players" and player_model is not None)]
    if (table_field := _field_named(answer, table_fields)) is not None:
        data[table_field] = ask_field(model, table_field, data, indent="")
        return True
    players = data.get("players", []) if player_model is not None else []
    fields = list(player_model.model_fields)[1:] if player_model is not None else []
    for player in players:
        name = player["name"]
        if answer.lower() == name.lower() or answer.lower().startswith(name.lower() + " "):
            typed = answer[len(name):].strip()
            if (field := _field_named(typed, fields)) is not None:
                player[field] = ask_field(player_model, field, player)
                return True
            if not typed:
                _say(f"  which of {name}'s fields? Type the name and the field, e.g. \"{name} {fields[0]}\"")
            else:
                guess = _did_you_mean(typed, fields)
                _say(f"  {present.safe(typed)!r} is not a field{guess}: the fields are {', '.join(fields)}")
            return False
    field = _field_named(answer, fields)
    if field is not None and len(players) == 1:
        players[0][field] = ask_field(player_model, field, players[0])
        return True
    if field is not None:
        _say(f"  whose {field}? Type a player's name and the field, e.g. \"{players[0]['name']} {field}\"")
        return False
    first, _, rest = answer.partition(" ")
    if players and _field_named(rest, fields) is not None:
        _say(f"  no player is named {present.safe(first)!r}: the players are {', '.join(p['name'] for p in players)}")
        return False
    ways = [f"a field ({', '.join(table_fields)})"] if table_fields else []
    if players:
        names = ", ".join(p["name"] for p in players)
        ways.append(f"a player's name ({names}) and a field, e.g. \"{players[0]['name']} {fields[0]}\"")
    _say("  type " + " or ".join(ways) + _did_you_mean(answer, table_fields + fields))
    return False


def _as_field(typed: str) -> str:
    """A field as a player may type it (any case, spaces or dashes for underscores) as its key."""
    return "_".join(typed.lower().replace("-", " ").split())


def _field_named(typed: str, fields: list[str]) -> str | None:
    field = _as_field(typed)
    return field if field in fields else None


def _did_you_mean(typed: str, fields: list[str]) -> str:
    from tajkit.solver.statefile import closest

    close = closest(_as_field(typed), fields)
    return f" (did you mean {close}?)" if close else ""


def _offer_save(info: Game, data: dict[str, Any]) -> None:
    from tajkit.cli.files import write_new

    if not _confirm("Save this table as a state file?", default=True):
        return
    while True:
        path = Path(_prompt("File name", f"output/{info.id}-table.toml"))
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
