"""A group's copy of Karigar-e-Taj, told to tajkit once (issue 44): its components (Bazaar cards,
Alliance cards, Level tiles, Starting Resource cards, Taj point tokens) as the ``[components]``
table of a ``karigar.toml`` data file. tajkit ships none (design principle 2: the rulebook lists
them without their contents), so the phones' "Your copy" page builds each from its parts (a
colour, resources and counts, never notation), writes it as the line the setup's question reads,
checks the whole copy with the same readers a data file goes through (:func:`copy_problems`), and
saves it where the data file is read from (:func:`save`): atomically, and an existing file only
when the user confirms, its other tables kept and the old file kept beside it."""

from __future__ import annotations

import dataclasses
import datetime
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from tajkit.solver import statefile
from tajkit.solver.errors import BadData, BadInput
from tajkit.solver.karigar.spec import ComponentData, Components, Spec

FILE = "karigar.toml"  # the data file seeddata reads from a data folder
DRAFT = "karigar-draft.toml"  # the copy being entered, not saved yet (no reader of data files looks at it)
NOTE = "our copy, told to tajkit on the phones"
MOST_SHOWN = 6  # a side of a card shows at most this many of one resource (files.card_model: bag_model(spec, 6, ...))
HEADER = ("# Your copy of Karigar-e-Taj, told to tajkit once (tajkit serve: Your copy). tajkit reads it from\n"
          "# this folder (tajkit --data FOLDER, or your user data folder) to deal a game for you.\n")


class Exists(Exception):
    """The copy's file is there already: replacing it needs the user's word."""

    def __init__(self, path: Path) -> None:
        super().__init__(str(path))
        self.path = path


# --- a component from its parts ---------------------------------------------------------------------


def bag_line(spec: Spec, counts: Mapping[str, int]) -> str:
    """Resources and counts as the setup's questions read them: ``2 wood+1 marble`` (``nothing``)."""
    return "+".join(f"{counts[r]} {r}" for r in spec.ids if counts.get(r)) or "nothing"


def card_line(spec: Spec, colour: str, earn: Mapping[str, int], options: Sequence[tuple[Mapping[str, int], Mapping[str, int]]]) -> str:
    """A Bazaar card: ``blue earn 2 wood; 1 sandstone>1 marble or 1 gems>2 silver``."""
    trades = " or ".join(f"{bag_line(spec, give)}>{bag_line(spec, get)}" for give, get in options)
    return f"{colour} earn {bag_line(spec, earn)}; {trades}"


def offer_line(spec: Spec, points: int, cost: Mapping[str, int]) -> str:
    """An Alliance card: ``3pt for 1 wood+1 marble``."""
    return f"{points}pt for {bag_line(spec, cost)}"


def tokens_line(values: Sequence[int]) -> str:
    return " ".join(str(v) for v in values)


# --- the whole copy -------------------------------------------------------------------------------


def copy_problems(spec: Spec, copy: Components) -> list[str]:
    """What the data file's readers would refuse in ``copy``: the ``[components]`` table's own
    model (how many of each), then each component read as its setup question reads it, and each
    deck whole (``play.component_problems``). Empty: tajkit can deal from it."""
    from tajkit.solver.karigar.play import component_problems

    try:
        statefile.validate(ComponentData, {"note": NOTE, **to_data(copy)}, BadInput, "components: ")
    except BadInput as exc:
        return list(exc.problems)
    return component_problems(dataclasses.replace(spec, components=copy))


def to_data(copy: Components) -> dict[str, Any]:
    """The ``[components]`` table (the parts given only)."""
    table: dict[str, Any] = {}
    for field in dataclasses.fields(Components):
        value = getattr(copy, field.name)
        if any(value):
            table[field.name] = [list(v) if isinstance(v, tuple) else v for v in value]
    return table


def from_data(table: Mapping[str, Any]) -> Components:
    """A ``[components]`` table as read from a file, loosely (a file to fix is still shown): what is
    not a list of the right kind is left out."""

    def lines(value: Any) -> tuple[str, ...]:
        return tuple(str(v) for v in value) if isinstance(value, list) else ()

    def nested(value: Any, kind: type) -> tuple[tuple[Any, ...], ...]:
        rows = value if isinstance(value, list) else []
        return tuple(tuple(v for v in row if isinstance(v, kind)) for row in rows if isinstance(row, list))

    return Components(lines(table.get("bazaar_cards")), lines(table.get("alliance_cards")),
                      nested(table.get("level_tiles"), str), lines(table.get("starting_resources")),
                      nested(table.get("taj_tokens"), int))


def read_saved(folder: Path | None) -> tuple[Components, list[str]]:
    """The copy saved in ``folder`` (nothing when there is none), with what stops it being read."""
    path = folder / FILE if folder is not None else None
    if path is None or not path.is_file():
        return Components(), []
    try:
        data = _read_toml(path)
    except BadData as exc:
        return Components(), list(exc.problems)
    table = data.get("components")
    return (from_data(table) if isinstance(table, dict) else Components()), []


def read_draft(folder: Path) -> Components | None:
    """The copy being entered when the page was left, if any (a draft that does not read is none)."""
    try:
        data = _read_toml(folder / DRAFT) if (folder / DRAFT).is_file() else None
    except BadData:
        return None
    table = data.get("components") if data is not None else None
    return from_data(table) if isinstance(table, dict) else None


def keep_draft(folder: Path, copy: Components) -> None:
    """The copy being entered, kept after each change (nothing entered is lost with the page)."""
    from tajkit.solver.writing import write_file

    import tomli_w

    text = "# The copy of Karigar-e-Taj being entered on the phones, not saved yet.\n" + tomli_w.dumps(
        {"components": to_data(copy)})
    write_file(folder / DRAFT, text.encode(), replace=True, what="draft", make_folder=True)


def drop_draft(folder: Path) -> None:
    (folder / DRAFT).unlink(missing_ok=True)


def save(folder: Path, copy: Components, replace: bool = False, now: datetime.datetime | None = None) -> Path:
    """Write ``copy`` as the ``[components]`` of ``folder/karigar.toml``, atomically. A file there
    already is replaced only with ``replace`` (else :class:`Exists`): its other tables are kept
    (the Bazaar grid, ...), and the old file is kept beside it as ``karigar-before-<time>.toml``."""
    from tajkit.solver.writing import write_file

    import tomli_w

    path = folder / FILE
    kept: dict[str, Any] = {}
    if path.exists() or path.is_symlink():
        if not replace:
            raise Exists(path)
        kept = _read_toml(path)
        stamp = (now or datetime.datetime.now()).strftime("%Y-%m-%d-%H%M%S")
        write_file(folder / f"karigar-before-{stamp}.toml", path.read_bytes())
    kept.pop("components", None)
    text = HEADER + tomli_w.dumps({**kept, "components": {"note": NOTE,
                                                          **to_data(copy)}})
    write_file(path, text.encode(), replace=replace, make_folder=True)
    drop_draft(folder)
    return path


def _read_toml(path: Path) -> dict[str, Any]:
    raw = statefile.read_regular_file(path, "data file", BadData)
    try:
        return tomllib.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise BadData(f"{path}: not a TOML file tajkit can read ({exc}): fix it or move it away first") from None
