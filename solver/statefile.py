"""State and data files: reading TOML or JSON safely (``-`` for standard input) and validating
them; the words of each problem (the place, the value and the rule) are ``wording.py``'s.

Hostile input is refused with a clear message, never a traceback or a hang: only regular files
are read, and only up to :data:`MAX_BYTES`; nesting, huge integers, duplicate JSON keys, a
byte-order mark, control characters and lone surrogates are all handled.
"""

from __future__ import annotations

import codecs
import json
import os
import stat
import sys
import tomllib
from pathlib import Path
from typing import Any

from tajkit.solver import wording
from tajkit.solver.errors import BadInput, BadState

MAX_BYTES = 1_000_000  # a state file of a real table is a few kilobytes
# --- reading -----------------------------------------------------------------------------------


def read_source(source: str, error: type[BadInput] = BadState) -> dict[str, Any]:
    """Parse a state file (by extension; ``-`` reads standard input, JSON or TOML by content)."""
    if source == "-":
        raw = sys.stdin.buffer.read(MAX_BYTES + 1) if hasattr(sys.stdin, "buffer") else sys.stdin.read().encode()
        return parse_bytes(raw, "standard input", None, error)
    path = Path(source)
    raw = read_regular_file(path, "state file", error)
    fmt = {".json": "json", ".toml": "toml"}.get(path.suffix.lower())
    return parse_bytes(raw, wording.shown(source), fmt, error)


def read_regular_file(path: Path, what: str, error: type[BadInput] = BadState) -> bytes:
    """The bytes of ``path`` if it is a regular file of at most :data:`MAX_BYTES` (a FIFO or a
    device would block or never end)."""
    name = wording.shown(str(path))
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
        raise error(f"{name}: the key {wording.show(exc.key)} appears twice in one object: write it once") from None
    except RecursionError:
        raise error(f"{name}: nested too deeply to be a state file") from None
    except ValueError as exc:  # e.g. an integer of more than 4,300 digits
        raise error(f"{name}: a value is out of range ({wording.shown(str(exc))})") from None
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
        raise BadState(f'game = {wording.show(found)}: this is the {game} command, which reads game = "{game}"')


def validate(model: Any, data: dict[str, Any], error: type[BadInput] = BadState, where_prefix: str = "") -> Any:
    """``data`` checked against the pydantic ``model`` strictly (no silent "3" -> 3); every
    problem at once, one sentence each."""
    from pydantic import ValidationError

    try:
        return model.model_validate(data, strict=True)
    except ValidationError as exc:
        errors = wording.without_typoed_fields(model, exc.errors())
        problems = dict.fromkeys(where_prefix + wording.describe(model, data, err) for err in errors)
        raise error(*problems) from None
    except RecursionError:
        raise error(f"{where_prefix}nested too deeply") from None
