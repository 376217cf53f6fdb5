"""State files: reading TOML or JSON (``-`` for standard input) and turning validation errors into
one sentence per problem that names the player, the field, the value and the rule."""

from __future__ import annotations

import difflib
import json
import sys
import tomllib
import typing
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from tajkit.solver.errors import BadInput


TYPE_WORDS = {
    "int_type": "a whole number",
    "string_type": "text",
    "list_type": "a list",
    "bool_type": "true or false",
    "dict_type": "a table",
    "model_type": "a table",
}


def read_source(source: str) -> dict[str, Any]:
    """Parse a state file (by extension; ``-`` reads standard input, JSON or TOML by content)."""
    if source == "-":
        return parse_text(sys.stdin.read(), "standard input", fmt=None)
    path = Path(source)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BadInput(f"{source}: no such file") from None
    except IsADirectoryError:
        raise BadInput(f"{source}: is a folder, not a state file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise BadInput(f"{source}: cannot read it ({exc})") from None
    fmt = {".json": "json", ".toml": "toml"}.get(path.suffix.lower())
    return parse_text(text, source, fmt)


def parse_text(text: str, name: str, fmt: str | None) -> dict[str, Any]:
    if fmt is None:
        fmt = "json" if text.lstrip().startswith("{") else "toml"
    try:
        data = json.loads(text) if fmt == "json" else tomllib.loads(text)
    except json.JSONDecodeError as exc:
        raise BadInput(f"{name}: not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}") from None
    except tomllib.TOMLDecodeError as exc:
        raise BadInput(f"{name}: not valid TOML: {exc}") from None
    if not isinstance(data, dict):
        raise BadInput(f"{name}: a state file is a table (TOML) or an object (JSON) at the top")
    return data


def check_game(data: dict[str, Any], game: str) -> None:
    found = data.get("game")
    if found is None:
        raise BadInput(f'game is missing: a state file starts with game = "{game}"')
    if found != game:
        raise BadInput(f'game = {_show(found)}: this is the {game} command, which reads game = "{game}"')


def validate(model: type[BaseModel], data: dict[str, Any]) -> BaseModel:
    """``data`` checked against ``model`` (strictly: no silent "3" -> 3)."""
    try:
        return model.model_validate(data, strict=True)
    except ValidationError as exc:
        raise BadInput(*dict.fromkeys(_describe(model, data, err) for err in exc.errors())) from None


def where(data: dict[str, Any], loc: tuple[Any, ...]) -> str:
    """A location as a person reads it: the player's name, then the field (``Asha: dome[1]``)."""
    prefix = ""
    if len(loc) >= 2 and loc[0] == "players" and isinstance(loc[1], int):
        player = _get(data, "players", loc[1])
        name = player.get("name") if isinstance(player, dict) else None
        prefix = name if isinstance(name, str) and name.strip() else f"player {loc[1] + 1}"
        loc = loc[2:]
    path = ""
    for key in loc:
        path += f"[{key}]" if isinstance(key, int) else (f".{key}" if path else str(key))
    return f"{prefix}: {path}" if prefix and path else prefix or path


def _get(node: Any, *keys: Any) -> Any:
    for key in keys:
        try:
            node = node[key]
        except (KeyError, IndexError, TypeError):
            return None
    return node


def _show(value: Any) -> str:
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)


def _field_rule(model: type[BaseModel], loc: tuple[Any, ...]) -> tuple[str, list[str]]:
    """The rule (the field's description) at ``loc`` and the field names allowed beside it."""
    current: Any = model
    rule, siblings = "", list(model.model_fields)
    for key in loc:
        if isinstance(key, int):
            continue
        if not (isinstance(current, type) and issubclass(current, BaseModel)):
            break
        siblings = list(current.model_fields)
        info = current.model_fields.get(key)
        if info is None:
            break
        rule = info.description or ""
        current = _inner_model(info.annotation)
    return rule, siblings


def _inner_model(annotation: Any) -> Any:
    while typing.get_origin(annotation) is not None and typing.get_args(annotation):
        annotation = typing.get_args(annotation)[0]
    return annotation


def _describe(model: type[BaseModel], data: dict[str, Any], err: Any) -> str:
    loc = tuple(err["loc"])
    kind = err["type"]
    value = err.get("input")
    if kind == "extra_forbidden":
        _, siblings = _field_rule(model, loc[:-1] + ("",))
        name = str(loc[-1])
        close = difflib.get_close_matches(name, siblings, n=1, cutoff=0.5)
        hint = f" (did you mean {close[0]}?)" if close else f" (known: {', '.join(siblings)})"
        place = where(data, loc[:-1])
        return f"{place + ': ' if place else ''}unknown field {name!r}{hint}"
    rule, _ = _field_rule(model, loc)
    place = where(data, loc)
    rule_text = f": {rule}" if rule else ""
    if kind == "missing":
        return f"{place} is missing{rule_text}"
    if kind == "string_too_short":
        return f"{place} is empty{rule_text}"
    if kind in ("too_short", "too_long"):
        return f"{place} has {len(value)} values, needs {err['ctx'].get('min_length', err['ctx'].get('max_length'))}{rule_text}"
    if kind == "literal_error":
        return f"{place} = {_show(value)}: expected {err['ctx']['expected']}"
    wrong_type = TYPE_WORDS.get(kind)
    if wrong_type:
        return f"{place} = {_show(value)} is not {wrong_type}{rule_text}"
    return f"{place} = {_show(value)}{rule_text}"


def pick_name(names: list[str], name: str | None, default: str | None = None) -> str:
    """The player a hint is for: ``name`` if given, else ``default`` or the only player."""
    if name is None:
        if len(names) == 1:
            return names[0]
        if default is not None:
            return default
        raise BadInput(f"the state has {len(names)} players ({', '.join(names)}): choose one with --player NAME")
    if name not in names:
        close = difflib.get_close_matches(name, names, n=1)
        hint = f" (did you mean {close[0]}?)" if close else f" (players: {', '.join(names)})"
        raise BadInput(f"--player {name}: no such player in the state{hint}")
    return name
