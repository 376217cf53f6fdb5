"""The words of tajkit's messages: a value shown safely in one line, a "did you mean", a place in
a file as a person reads it (``Asha: dome[1]``), and one sentence for each problem pydantic finds
in a state or data file, naming the place, the value and the rule."""

from __future__ import annotations

import difflib
import json
import re
import typing
from typing import Any

from tajkit.solver import fields
from tajkit.solver.errors import BadInput

MAX_SHOWN = 60  # characters of a value echoed in a message

TYPE_WORDS = {
    "int_type": "a whole number",
    "int_from_float": "a whole number",
    "float_type": "a number",
    "string_type": "text",
    "list_type": "a list",
    "tuple_type": "a list",
    "bool_type": "true or false",
    "dict_type": "a table",
    "model_type": "a table",
    "model_attributes_type": "a table",
}


def shown(text: str, limit: int = MAX_SHOWN) -> str:
    """``text`` safe to print in one line: control characters escaped, long text shortened."""
    safe = "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)
    return safe if len(safe) <= limit else safe[: limit - 1] + "…"


def show(value: Any) -> str:
    """A value as a message quotes it (JSON-like, one line, shortened)."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return shown(text)


def without_typoed_fields(model: Any, errors: list[Any]) -> list[Any]:
    """A misspelt field is one mistake: its "unknown field ... (did you mean X?)" line says it all,
    so X's own "is missing" line is left out."""
    meant = set()
    for err in errors:
        loc = _plain_loc(err)
        if err["type"] == "extra_forbidden" and loc:
            close = closest(str(loc[-1]), _field_rule(model, loc[:-1] + ("",))[1])
            if close:
                meant.add(loc[:-1] + (close,))
    return [err for err in errors if not (err["type"] == "missing" and _plain_loc(err) in meant)]


def _plain_loc(err: Any) -> tuple[Any, ...]:
    """The error's location without pydantic's own validator steps."""
    return tuple(k for k in err["loc"] if not (isinstance(k, str) and _VALIDATOR_STEP.fullmatch(k)))


def closest(name: str, names: list[str]) -> str | None:
    """The name in ``names`` that ``name`` most likely misspells, for a "did you mean"."""
    close = difflib.get_close_matches(name, names, n=1, cutoff=0.5)
    return close[0] if close else None


def where(data: dict[str, Any], loc: tuple[Any, ...]) -> str:
    """A location as a person reads it: the player's name, then the field (``Asha: dome[1]``);
    entries of lists of tables with an ``id`` are named by it (``features[dome].stars``)."""
    prefix = ""
    if len(loc) >= 2 and loc[0] == "players" and isinstance(loc[1], int):
        player = _get(data, "players", loc[1])
        name = player.get("name") if isinstance(player, dict) else None
        # " Ben" (or a name on two lines) is named by its seat
        named = isinstance(name, str) and name.strip() and name == name.strip() and name.isprintable()
        prefix = shown(name, 30) if named else f"player {loc[1] + 1}"
        loc = loc[2:]
        data = player if isinstance(player, dict) else {}
    path = ""
    node: Any = data
    for key in loc:
        if isinstance(key, int):
            entry = _get(node, key)
            ident = entry.get("id") if isinstance(entry, dict) else None
            path += f"[{shown(ident, 30)}]" if isinstance(ident, str) else f"[{key + 1}]"  # counted from 1, as players count
        else:
            path += f".{shown(str(key), 30)}" if path else shown(str(key), 30)
        node = _get(node, key)
    return f"{prefix}: {path}" if prefix and path else prefix or path


def _get(node: Any, *keys: Any) -> Any:
    for key in keys:
        try:
            node = node[key]
        except (KeyError, IndexError, TypeError):
            return None
    return node


def _field_rule(model: Any, loc: tuple[Any, ...]) -> tuple[str, list[str]]:
    """The rule (the field's description) at ``loc`` and the field names allowed beside it."""
    info, siblings = _field_at(model, loc)
    return (info.description or "") if info is not None else "", siblings


def _if_missing(model: Any, loc: tuple[Any, ...]) -> str:
    """What a required field's ``if_missing`` (in its JSON Schema extra) says about leaving it out."""
    info, _ = _field_at(model, loc)
    return str(fields.extra(info).get("if_missing", ""))


def _field_at(model: Any, loc: tuple[Any, ...]) -> tuple[Any, list[str]]:
    """The field at ``loc`` (the deepest one found: None if none) and the field names allowed beside it."""
    current: Any = model
    found, siblings = None, list(model.model_fields)
    for key in loc:
        if isinstance(key, int):
            continue
        if not fields.is_model(current):
            break
        siblings = list(current.model_fields)
        info = _model_field(current, key)
        if info is None:
            break
        found = info
        current = fields.inner_model(info.annotation)
    return found, siblings


def _model_field(model: Any, key: str) -> Any:
    """The field ``key`` names, by its name or by an alias (an earlier state-file key)."""
    known = model.model_fields
    if key in known:
        return known[key]
    return next((f for f in known.values() if key in getattr(f.validation_alias, "choices", ())), None)


def _length_limits(model: Any, loc: tuple[Any, ...]) -> tuple[int | None, int | None]:
    """The fewest and the most values the list at ``loc`` may hold, as the model declares them."""
    node, metadata = model, []
    for key in loc:
        node, metadata = fields.unwrapped(node, metadata)
        if isinstance(key, str) and fields.is_model(node):
            info = _model_field(node, key)
            if info is None:
                return None, None
            node, metadata = info.annotation, list(info.metadata)
        else:
            args = typing.get_args(node)
            if not args:
                return None, None
            node, metadata = args[-1], []  # a list's item, a dict's value
    _, metadata = fields.unwrapped(node, metadata)
    return fields.limits(metadata)


_VALIDATOR_STEP = re.compile(r"(function-(after|before|wrap|plain)|list|dict|tuple|union|tagged-union)\[.*\]|\[key\]")  # pydantic's own


def describe(model: Any, data: dict[str, Any], err: Any) -> str:
    loc = _plain_loc(err)
    kind = err["type"]
    value = err.get("input")
    if kind == "extra_forbidden" and loc:
        _, siblings = _field_rule(model, loc[:-1] + ("",))
        name = str(loc[-1])
        close = closest(name, siblings)
        hint = f" (did you mean {close}?)" if close else f" (known: {', '.join(siblings)})"
        place = where(data, loc[:-1])
        return f"{place + ': ' if place else ''}unknown field {shown(name, 30)!r}{hint}"
    rule, _ = _field_rule(model, loc)
    place = where(data, loc) or "the file"
    rule_text = f": {rule}" if rule else ""
    ctx = err.get("ctx") or {}
    if kind == "missing":
        why = _if_missing(model, loc)
        return f"{place} is missing: {why}" if why else f"{place} is missing{rule_text}"
    if kind == "string_too_short":
        return f"{place} is empty{rule_text}"
    if kind in ("too_short", "too_long"):
        n = len(value) if hasattr(value, "__len__") else "?"
        low, high = _length_limits(model, loc)
        if kind == "too_short":
            bound, word = ctx.get("min_length"), "exactly" if high == ctx.get("min_length") else "at least"
        else:
            bound, word = ctx.get("max_length"), "exactly" if low == ctx.get("max_length") else "at most"
        return f"{place} has {n} {'value' if n == 1 else 'values'}, needs {word} {bound}{rule_text}"
    if kind == "literal_error":
        close = closest(value, _quoted(str(ctx.get("expected", "")))) if isinstance(value, str) else None
        return f"{place} = {show(value)}: expected {ctx.get('expected')}" + (f" (did you mean {close}?)" if close else "")
    if kind in ("greater_than_equal", "less_than_equal", "greater_than", "less_than"):
        bound = {"greater_than_equal": "at least", "less_than_equal": "at most", "greater_than": "more than",
                 "less_than": "less than"}[kind]
        limit = next(iter(ctx.values()), None)
        return f"{place} = {show(value)}: must be {bound} {limit}" + (f" ({rule})" if rule else "")
    if kind in ("string_too_long",):
        return f"{place} is too long (at most {ctx.get('max_length')} characters){rule_text}"
    if kind == "string_pattern_mismatch":
        spaces = _outer_spaces(value, ctx.get("pattern"))
        if spaces:
            them = "them" if spaces.startswith("begins and ends") else "it"
            return f"{place} = {show(value)}: {spaces}: remove {them}" + (f" ({rule})" if rule else "")
        return f"{place} = {show(value)}: {rule or 'not the expected form'}"
    if kind == "value_error":
        return f"{place}: {shown(str(ctx.get('error', err.get('msg'))), 200)}"
    wrong_type = TYPE_WORDS.get(kind)
    if wrong_type:
        return f"{place} = {show(value)} is not {wrong_type}{rule_text}"
    return f"{place} = {show(value)}: {shown(err.get('msg', 'not allowed'), 120)}{rule_text}"


def _quoted(expected: str) -> list[str]:
    """The words of pydantic's "'left' or 'right'" (a Literal's choices)."""
    return re.findall(r"'([^'\\]*)'", expected)


def _outer_spaces(value: Any, pattern: Any) -> str | None:
    """"begins with a space" when ``value`` would match ``pattern`` but for the white space around it
    (a name typed as " Ben"), else None."""
    if not isinstance(value, str) or not isinstance(pattern, str) or value.strip() == value or not value.strip():
        return None
    if re.search(pattern, value.strip()) is None:
        return None
    lead, trail = value != value.lstrip(), value != value.rstrip()
    ends = "begins and ends" if lead and trail else "begins" if lead else "ends"
    around = value[: len(value) - len(value.lstrip())] + value[len(value.rstrip()):]
    return f"{ends} with {'a space' if set(around) == {' '} else 'white space'}"


def pick_name(names: list[str], name: str | None, default: str | None = None) -> str:
    """The player a hint is for: ``name`` if given, else ``default`` or the only player."""
    if name is None:
        if len(names) == 1:
            return names[0]
        if default is not None:
            return default
        listed = ", ".join(shown(n, 30) for n in names[:8])
        raise BadInput(f"the state has {len(names)} players ({listed}): choose one with --player NAME")
    if name not in names:
        close = difflib.get_close_matches(name, names, n=1)
        hint = f" (did you mean {close[0]}?)" if close else f" (players: {', '.join(shown(n, 30) for n in names[:8])})"
        raise BadInput(f"--player {shown(name, 30)}: no such player in the state{hint}")
    return name
