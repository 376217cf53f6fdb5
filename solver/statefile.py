"""State and data files: reading TOML or JSON safely (``-`` for standard input) and turning
validation errors into one sentence per problem that names the place, the value and the rule.

Hostile input is refused with a clear message, never a traceback or a hang: only regular files
are read, and only up to :data:`MAX_BYTES`; nesting, huge integers, duplicate JSON keys, a
byte-order mark, control characters and lone surrogates are all handled.
"""

from __future__ import annotations

import codecs
import difflib
import json
import os
import re
import stat
import sys
import tomllib
import types
import typing
from pathlib import Path
from typing import Any

from tajkit.solver.errors import BadInput, BadState

MAX_BYTES = 1_000_000  # a state file of a real table is a few kilobytes
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


# --- reading -----------------------------------------------------------------------------------


def read_source(source: str, error: type[BadInput] = BadState) -> dict[str, Any]:
    """Parse a state file (by extension; ``-`` reads standard input, JSON or TOML by content)."""
    if source == "-":
        raw = sys.stdin.buffer.read(MAX_BYTES + 1) if hasattr(sys.stdin, "buffer") else sys.stdin.read().encode()
        return parse_bytes(raw, "standard input", None, error)
    path = Path(source)
    raw = read_regular_file(path, "state file", error)
    fmt = {".json": "json", ".toml": "toml"}.get(path.suffix.lower())
    return parse_bytes(raw, shown(source), fmt, error)


def read_regular_file(path: Path, what: str, error: type[BadInput] = BadState) -> bytes:
    """The bytes of ``path`` if it is a regular file of at most :data:`MAX_BYTES` (a FIFO or a
    device would block or never end)."""
    name = shown(str(path))
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise error(f"{name}: no such file") from None
    except OSError as exc:
        raise error(f"{name}: cannot read it ({exc.strerror or exc})") from None
    if stat.S_ISDIR(info.st_mode):
        raise error(f"{name}: is a folder, not a {what}")
    if not stat.S_ISREG(info.st_mode):
        raise error(f"{name}: not a regular file (a pipe or a device?): give a {what}")
    if info.st_size > MAX_BYTES:
        raise error(f"{name}: {info.st_size:,} bytes is too large for a {what} (at most {MAX_BYTES:,})")
    try:
        with open(path, "rb") as handle:
            return handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise error(f"{name}: cannot read it ({exc.strerror or exc})") from None


def parse_bytes(raw: bytes, name: str, fmt: str | None, error: type[BadInput] = BadState,
                what: str = "state file") -> dict[str, Any]:
    if len(raw) > MAX_BYTES:
        raise error(f"{name}: more than {MAX_BYTES:,} bytes is too large for a {what}")
    wide = wide_text(raw)
    if wide is not None:
        raise error(f"{name}: {wide} text: save it as UTF-8")
    binary = binary_kind(raw)
    if binary is not None:
        raise error(f"{name}: {binary}, not a {what} (TOML or JSON text)")
    try:
        text = raw.decode("utf-8-sig")  # a byte-order mark at the start is harmless: drop it
    except UnicodeDecodeError as exc:
        raise error(f"{name}: not UTF-8 text (byte {exc.start + 1}): save it as UTF-8") from None
    return parse_text(text, name, fmt, error)


MAGIC = {b"%PDF-": "a PDF", b"\x89PNG": "a PNG picture", b"\xff\xd8\xff": "a JPEG picture",
         b"PK\x03\x04": "a ZIP archive (or an office document)"}


def wide_text(raw: bytes) -> str | None:
    """The encoding of text written two or four bytes a character ("UTF-16", "UTF-32"), by its
    byte-order mark or, without one, by NUL bytes at every other place (ASCII text in UTF-16)."""
    if raw.startswith((codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE)):  # before UTF-16: FF FE 00 00 starts with FF FE
        return "UTF-32"
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return "UTF-16"
    head = raw[: len(raw[:512]) // 4 * 4]
    if not head:
        return None

    def nul_at(*offsets: int, step: int) -> bool:
        return all(not any(head[k::step]) for k in offsets)

    if nul_at(0, 1, 2, step=4) or nul_at(1, 2, 3, step=4):
        return "UTF-32"
    if nul_at(0, step=2) or nul_at(1, step=2):
        return "UTF-16"
    return None


def binary_kind(raw: bytes) -> str | None:
    """What a file that is no text at all is (a PDF, a picture...), for the message; None for text.
    A NUL byte never occurs in UTF-8 TOML or JSON (nor in text in another encoding)."""
    kind = next((kind for magic, kind in MAGIC.items() if raw.startswith(magic)), None)
    return kind or ("a binary file" if b"\x00" in raw[:8192] else None)


def parse_text(text: str, name: str, fmt: str | None, error: type[BadInput] = BadState) -> dict[str, Any]:
    text = text.removeprefix("\ufeff")
    if fmt is None:
        fmt = "json" if text.lstrip().startswith("{") else "toml"
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicate_keys) if fmt == "json" else tomllib.loads(text)
    except json.JSONDecodeError as exc:
        raise error(f"{name}: not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}") from None
    except tomllib.TOMLDecodeError as exc:
        raise error(f"{name}: not valid TOML: {exc}") from None
    except _DuplicateKey as exc:
        raise error(f"{name}: the key {show(exc.key)} appears twice in one object: write it once") from None
    except RecursionError:
        raise error(f"{name}: nested too deeply to be a state file") from None
    except ValueError as exc:  # e.g. an integer of more than 4,300 digits
        raise error(f"{name}: a value is out of range ({shown(str(exc))})") from None
    if not isinstance(data, dict):
        raise error(f"{name}: a state file is a table (TOML) or an object (JSON) at the top")
    bad = _lone_surrogate(data)
    if bad is not None:
        raise error(f"{name}: {bad} holds a lone UTF-16 surrogate (\\ud800-\\udfff), which is not a character")
    return data


class _DuplicateKey(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _DuplicateKey(key)
        out[key] = value
    return out


def _lone_surrogate(node: Any, path: str = "the file") -> str | None:
    """Where a string (or key) holds a lone surrogate, or None. Iterative: no recursion limit."""
    stack = [(node, path)]
    while stack:
        node, path = stack.pop()
        if isinstance(node, str):
            if any("\ud800" <= ch <= "\udfff" for ch in node):
                return path
        elif isinstance(node, dict):
            for key, value in node.items():
                if any("\ud800" <= ch <= "\udfff" for ch in key):
                    return f"a key in {path}"
                stack.append((value, str(key)))
        elif isinstance(node, list):
            stack.extend((value, f"{path}[{k}]") for k, value in enumerate(node))
    return None


def check_game(data: dict[str, Any], game: str) -> None:
    found = data.get("game")
    if found is None:
        raise BadState(f'game is missing: a state file starts with game = "{game}"')
    if found != game:
        raise BadState(f'game = {show(found)}: this is the {game} command, which reads game = "{game}"')


# --- messages ----------------------------------------------------------------------------------


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


def validate(model: Any, data: dict[str, Any], error: type[BadInput] = BadState, where_prefix: str = "") -> Any:
    """``data`` checked against the pydantic ``model`` strictly (no silent "3" -> 3); every
    problem at once, one sentence each."""
    from pydantic import ValidationError

    try:
        return model.model_validate(data, strict=True)
    except ValidationError as exc:
        errors = _without_typoed_fields(model, exc.errors())
        problems = dict.fromkeys(where_prefix + _describe(model, data, err) for err in errors)
        raise error(*problems) from None
    except RecursionError:
        raise error(f"{where_prefix}nested too deeply") from None


def _without_typoed_fields(model: Any, errors: list[Any]) -> list[Any]:
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
        named = isinstance(name, str) and name.strip() and name == name.strip()  # " Ben" is named by its seat
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
    extra = getattr(info, "json_schema_extra", None)
    return str(extra.get("if_missing", "")) if isinstance(extra, dict) else ""


def _field_at(model: Any, loc: tuple[Any, ...]) -> tuple[Any, list[str]]:
    """The field at ``loc`` (the deepest one found: None if none) and the field names allowed beside it."""
    from pydantic import BaseModel

    current: Any = model
    found, siblings = None, list(model.model_fields)
    for key in loc:
        if isinstance(key, int):
            continue
        if not (isinstance(current, type) and issubclass(current, BaseModel)):
            break
        siblings = list(current.model_fields)
        info = _model_field(current, key)
        if info is None:
            break
        found = info
        current = _inner_model(info.annotation)
    return found, siblings


def _model_field(model: Any, key: str) -> Any:
    """The field ``key`` names, by its name or by an alias (an earlier state-file key)."""
    fields = model.model_fields
    if key in fields:
        return fields[key]
    return next((f for f in fields.values() if key in getattr(f.validation_alias, "choices", ())), None)


def _length_limits(model: Any, loc: tuple[Any, ...]) -> tuple[int | None, int | None]:
    """The fewest and the most values the list at ``loc`` may hold, as the model declares them."""
    from pydantic import BaseModel

    node, metadata = model, []
    for key in loc:
        node, metadata = _unwrapped(node, metadata)
        if isinstance(key, str) and isinstance(node, type) and issubclass(node, BaseModel):
            info = _model_field(node, key)
            if info is None:
                return None, None
            node, metadata = info.annotation, list(info.metadata)
        else:
            args = typing.get_args(node)
            if not args:
                return None, None
            node, metadata = args[-1], []  # a list's item, a dict's value
    _, metadata = _unwrapped(node, metadata)
    low = next((m.min_length for m in metadata if hasattr(m, "min_length")), None)
    high = next((m.max_length for m in metadata if hasattr(m, "max_length")), None)
    return low, high


def _unwrapped(node: Any, metadata: list[Any]) -> tuple[Any, list[Any]]:
    """``node`` without Optional and Annotated, and the constraints its Annotated layers carry."""
    metadata = list(metadata)
    for _ in range(10):
        if typing.get_origin(node) is typing.Annotated:
            for extra in node.__metadata__:
                metadata += getattr(extra, "metadata", [extra])  # a Field(...) holds its constraints in .metadata
            node = node.__origin__
        elif typing.get_origin(node) in (typing.Union, types.UnionType):
            rest = [a for a in typing.get_args(node) if a is not type(None)]
            if len(rest) != 1:
                break
            node = rest[0]
        else:
            break
    return node, metadata


def _inner_model(annotation: Any) -> Any:
    from pydantic import BaseModel

    for _ in range(10):
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            return annotation
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        if not args:
            return annotation
        models = [a for a in args if isinstance(a, type) and issubclass(a, BaseModel)]
        annotation = models[0] if models else args[-1] if typing.get_origin(annotation) is dict else args[0]
    return annotation


_VALIDATOR_STEP = re.compile(r"(function-(after|before|wrap|plain)|list|dict|tuple|union|tagged-union)\[.*\]|\[key\]")  # pydantic's own


def _describe(model: Any, data: dict[str, Any], err: Any) -> str:
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
