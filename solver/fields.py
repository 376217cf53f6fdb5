"""A state file's fields as a person answers them, read from the game's pydantic model: what a
field is (its kind, its limits, whether it is a list asked one row at a time), what its question
says, how its value is written back as text, and an answer read as its value. The terminal entry
(``cli/entry.py``), the phones' score form (``cli/web/scoring.py``) and the words of a problem
(``solver/wording.py``) all read fields here, so an answer means the same wherever it is typed.

pydantic is imported only where a model is looked at, not with this module.
"""

from __future__ import annotations

import re
import types
import typing
from typing import Any

EMPTY_MARKS = ("_", ".", "-")
NONE = "-"  # typed as an answer: no value (an optional field left out, a list ended at that row)
NOTHING = object()  # no value at all: a field asked for the first time, a field with no default


class BadAnswer(Exception):
    """An answer that cannot be used; the message says why (the terminal asks again, the form
    shows it beside the field)."""


# --- what a field is ------------------------------------------------------------------------------


def plain(annotation: Any) -> tuple[Any, bool]:
    """The annotation without ``Optional`` / ``Annotated``, and whether ``None`` is allowed."""
    optional = False
    while True:
        origin = typing.get_origin(annotation)
        if origin is typing.Annotated:
            annotation = typing.get_args(annotation)[0]
        elif origin in (typing.Union, types.UnionType):
            args = [a for a in typing.get_args(annotation) if a is not type(None)]
            optional = optional or len(args) < len(typing.get_args(annotation))
            annotation = args[0]
        else:
            return annotation, optional


def unwrapped(node: Any, metadata: list[Any] | None = None) -> tuple[Any, list[Any]]:
    """``node`` without Optional and Annotated, and the constraints its Annotated layers carry
    (added to ``metadata``); a union of several types is left as it is."""
    metadata = list(metadata or [])
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


def is_model(annotation: Any) -> bool:
    """Whether the annotation is a pydantic model (a table of fields)."""
    from pydantic import BaseModel

    return isinstance(annotation, type) and issubclass(annotation, BaseModel)


def inner_model(annotation: Any) -> Any:
    """The model an annotation holds (in a list, an Optional, a dict's values), else the innermost type."""
    for _ in range(10):
        if is_model(annotation):
            return annotation
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        if not args:
            return annotation
        models = [a for a in args if is_model(a)]
        annotation = models[0] if models else args[-1] if typing.get_origin(annotation) is dict else args[0]
    return annotation


def limits(metadata: list[Any]) -> tuple[int | None, int | None]:
    """The fewest and the most values the constraints allow (None: no limit)."""
    low = next((m.min_length for m in metadata if hasattr(m, "min_length")), None)
    high = next((m.max_length for m in metadata if hasattr(m, "max_length")), None)
    return low, high


def length(info: Any) -> tuple[int | None, int | None]:
    """The fewest and the most values of a list field."""
    return limits(info.metadata)


def choices(annotation: Any) -> tuple[str, ...] | None:
    if typing.get_origin(annotation) is typing.Literal:
        return tuple(str(a) for a in typing.get_args(annotation))
    return None


def extra(info: Any) -> dict[str, Any]:
    """The field's JSON Schema extra: how it is asked (``entry``), its label, what leaving it out means."""
    found = getattr(info, "json_schema_extra", None)
    return found if isinstance(found, dict) else {}


def has_boxes(info: Any) -> bool:
    """A list of die values, one a box (``entry = "digits"``): ``_`` marks an empty one."""
    return extra(info).get("entry") == "digits"


def item(annotation: Any) -> Any:
    """The item annotation of a list (still ``Annotated``, so its limits can be read)."""
    return typing.get_args(plain(annotation)[0])[0]


def is_rows(info: Any) -> bool:
    """A list asked one row per answer: of lists, of tables, or of whole lines (``entry = "lines"``)."""
    kind, _ = plain(info.annotation)
    if typing.get_origin(kind) is not list:
        return False
    inner, _ = plain(item(kind))
    return typing.get_origin(inner) is list or is_model(inner) or extra(info).get("entry") == "lines"


class ItemInfo:
    """Field-like limits of a list's items (the inner list's own length limits)."""

    def __init__(self, annotation: Any) -> None:
        self.metadata = [m for m in typing.get_args(annotation)[1:]] if typing.get_origin(annotation) is typing.Annotated else []
        for m in list(self.metadata):
            self.metadata += list(getattr(m, "metadata", []))


def item_description(info: Any) -> str | None:
    """The description of a list's items ("a rug: [outer, middle, centre] ..."), if it has one."""
    raw = item(info.annotation)
    if typing.get_origin(raw) is not typing.Annotated:
        return None
    return next((m.description for m in typing.get_args(raw)[1:] if getattr(m, "description", None)), None)


def default_of(info: Any) -> Any:
    """The field's default (a list copied), or NOTHING when it has none."""
    from pydantic_core import PydanticUndefined

    if info.default is PydanticUndefined:
        return NOTHING
    return list(info.default) if isinstance(info.default, list) else info.default


def blank_value(info: Any) -> Any:
    """What no answer gives: the field's default, else None where it is optional (NOTHING: an
    answer is needed)."""
    default = default_of(info)
    if default is NOTHING and plain(info.annotation)[1]:
        return None
    return default


# --- a state's fields ------------------------------------------------------------------------------


def player_model(model: Any) -> Any | None:
    """The model of one player's table when the state lists players as tables, else None."""
    info = model.model_fields.get("players")
    if info is None:
        return None
    kind, _ = plain(info.annotation)
    if typing.get_origin(kind) is not list:
        return None
    inner, _ = plain(typing.get_args(kind)[0])
    return inner if is_model(inner) else None


def table_fields(model: Any, players: Any) -> list[str]:
    """The fields asked of the whole table (``players``: the player model, whose list is asked apart)."""
    return [n for n in model.model_fields if n != "game" and not (n == "players" and players is not None)
            and extra(model.model_fields[n]).get("entry") != "not asked"]


def player_fields(players: Any) -> list[str]:
    """The fields asked of each player after their name."""
    return list(players.model_fields)[1:] if players is not None else []


# --- what a question says ----------------------------------------------------------------------------


def label(name: str, info: Any) -> str:
    return str(extra(info).get("title_text") or name.replace("_", " "))


def describe_field(name: str, info: Any) -> str:
    """The field's label and its whole description, the label said once."""
    said = label(name, info)
    if not info.description:
        return said
    return info.description if info.description.lower().startswith(said.lower()) else f"{said}: {info.description}"


def _range(metadata: list[Any]) -> str:
    low = next((m.ge for m in metadata if getattr(m, "ge", None) is not None), None)
    high = next((m.le for m in metadata if getattr(m, "le", None) is not None), None)
    if low is not None and high is not None:
        return f"{low}-{high}"
    if low is not None:
        return f"at least {low}"
    return f"at most {high}" if high is not None else ""


def kind_shape(kind: Any, info: Any) -> str:
    """What an answer looks like, in a few words: ``left/right``, ``0-15``, ``3 boxes``."""
    if (words := choices(kind)) is not None:
        return "/".join(words)
    if kind is bool:
        return "yes/no"
    if kind in (int, float):
        return _range(info.metadata)
    if typing.get_origin(kind) is dict:
        return "key=value pairs"
    if typing.get_origin(kind) is not list:
        return ""
    raw = typing.get_args(kind)[0]
    inner, _ = plain(raw)
    low, high = length(info)
    fixed = low is not None and low == high
    if has_boxes(info):
        return f"{low} boxes" if fixed else "boxes"
    each = kind_shape(inner, ItemInfo(raw))
    if inner in (int, float):
        each = f"numbers {each}".strip()
    elif inner is bool:
        each = f"{each} each"
    if not fixed:
        return each
    if choices(inner):
        return f"{low} of {each}"  # 3 of green/orange/pink/blue/yellow
    return f"{low} {each}" if each else f"{low} values"


def shape(info: Any) -> str:
    """What an answer to the field looks like, and whether it may be left out."""
    kind, optional = plain(info.annotation)
    words = [kind_shape(kind, info), "optional" if optional else ""]
    return ", ".join(w for w in words if w)


def choice_words(annotation: Any) -> tuple[str, ...]:
    """The words an answer is one of (what Tab completes): the choices of the field or of its items."""
    kind, _ = plain(annotation)
    if typing.get_origin(kind) is list:
        kind, _ = plain(item(kind))
    if kind is bool:
        return ("yes", "no")
    return choices(kind) or ()


def at_least(low: int, what: str) -> str:
    return f"at least {low} {what}{'' if low == 1 else 's'} {'is' if low == 1 else 'are'} needed"


def entry_text(value: Any, boxes: bool = False) -> str:
    """A value as a player writes it on paper, and types it back: yes/no, words and numbers
    separated by spaces, ``_`` for an empty box, key=value pairs; nothing for no value."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return " ".join("_" if boxes and v == 0 else entry_text(v) for v in value)
    if isinstance(value, dict):
        return " ".join(f"{k}={entry_text(v)}" for k, v in value.items() if v is not None)
    return str(value)


# --- reading an answer -------------------------------------------------------------------------------


def _scalar(token: str, annotation: Any) -> Any:
    from tajkit.solver import numbers  # numbers' own messages import wording, which imports this module

    allowed = choices(annotation)
    if allowed is not None:
        if token not in allowed:
            raise BadAnswer(f"{token!r}: write one of {', '.join(allowed)}")
        return token
    if annotation is bool:
        if token.lower() in ("y", "yes", "true", "1"):
            return True
        if token.lower() in ("n", "no", "false", "0"):
            return False
        raise BadAnswer(f"{token!r}: write y or n")
    if annotation is int:
        if not numbers.looks_numeric(token):
            raise BadAnswer(f"{token!r}: write a whole number")
        problem = numbers.number_problem(token)  # a digit other than 0-9, or too many of them
        if problem is not None:
            raise BadAnswer(problem)
        return int(token)
    if annotation is float:
        try:
            return float(token)
        except ValueError:
            raise BadAnswer(f"{token!r}: write a number") from None
    return token


def parse_answer(answer: str, annotation: Any, info: Any) -> Any:
    """An answer as the field's value. Lists: words or numbers separated by spaces or commas; in a
    field of die values (``entry = "digits"``) digits may run together ("6431"); ``_`` marks an
    empty box where the field allows 0."""
    kind, _ = plain(annotation)
    if typing.get_origin(kind) is dict:
        pairs = [t.split("=", 1) for t in answer.replace(",", " ").split()]
        if any(len(p) != 2 or not p[0] for p in pairs):
            raise BadAnswer("write key=value pairs separated by spaces, e.g. c4=Bn d7=Os")
        value_type, _ = plain(typing.get_args(kind)[1])
        return {k: _scalar(v, value_type) for k, v in pairs}
    if typing.get_origin(kind) is not list:
        return _scalar(answer.strip(), kind)
    inner, _ = plain(typing.get_args(kind)[0])
    tokens = answer.replace(",", " ").strip().split()
    if has_boxes(info) and len(tokens) == 1 and re.fullmatch(r"[0-9_.\-]{2,}", tokens[0]) and "-" not in tokens[0][1:]:
        tokens = list(tokens[0])  # "6431" or "22_2": one digit per box
    values = [0 if (inner is int and t in EMPTY_MARKS) else _scalar(t, inner) for t in tokens]
    low, high = length(info)
    if low is not None and low == high and len(values) != low:
        raise BadAnswer(f"{len(values)} {'value' if len(values) == 1 else 'values'} given, {low} needed")
    return values


def check_field(model: Any, name: str, value: Any, context: dict[str, Any]) -> None:
    """The model's verdict on this one field (other fields' complaints are for later)."""
    from pydantic import ValidationError

    from tajkit.solver.wording import describe

    trial = {**context, name: value}
    try:
        model.model_validate(trial, strict=True)
    except ValidationError as exc:
        mine = [e for e in exc.errors() if e["loc"] and e["loc"][0] == name]
        if mine:
            raise BadAnswer("; ".join(describe(model, trial, e) for e in mine)) from None


def read_answer(model: Any, name: str, answer: str, context: dict[str, Any]) -> Any:
    """One answer to a field that is not asked in rows, as its value: a blank or ``-`` gives what
    the field gives with no answer (its default, or no value where it may have none); else the
    answer read and checked by the model beside ``context``, the fields read before it."""
    info = model.model_fields[name]
    if answer.strip() in ("", NONE):
        blank = blank_value(info)
        if blank is NOTHING:
            raise BadAnswer("an answer is needed")
        return blank
    value = parse_answer(answer, info.annotation, info)
    check_field(model, name, value, context)
    return value
