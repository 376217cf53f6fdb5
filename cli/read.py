"""``tajkit read artisans PHOTO...``: the table file from photos of the filled sheets, one per player.

Parse, call ``sheets/reading``, ask about the doubtful readings, write. Every sure reading is taken
as read; each doubtful one is asked at the terminal with its picture (drawn in the terminal, and
saved as a PNG beside the table file). Without a terminal nothing doubtful is guessed: the command
stops and says what to do.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from tajkit.cli import present
from tajkit.solver import games as registry
from tajkit.solver import speccache
from tajkit.solver.errors import BadInput

READABLE = ("artisans",)
PATH = 300  # characters of a file's path shown in a message
DEFAULT_OUTPUT = "table.toml"


def read_cmd(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help="Game id: artisans.", metavar="GAME")],
    photos: Annotated[list[str], typer.Argument(help="One photo per player's sheet (JPEG or PNG), in seat order.",
                                                metavar="PHOTO")],
    output: Annotated[str, typer.Option("-o", "--output", metavar="PATH", help="The table file to write "
                                        "(TOML; - writes it to standard output).")] = DEFAULT_OUTPUT,
    player: Annotated[Optional[list[str]], typer.Option("--player", metavar="NAME", help="Each sheet's player, in "
                                                       "the photos' order (repeat it); default: asked, or the photo's name.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print every reading with its confidence and where it is "
                                          "(no questions, no table file).")] = False,
    learn: Annotated[bool, typer.Option("--learn/--no-learn", help="Use and keep this group's answered digits "
                                        "(beside the play log) to read its handwriting better.")] = True,
    db: Annotated[Optional[str], typer.Option("--db", metavar="FILE", help="The play log beside which the group's "
                                              "handwriting is kept (default: tajkit history's).")] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace the table file (and earlier crops) if they exist.")] = False,
) -> None:
    """Read the filled sheets from photos and write the table file tajkit score reads.

    Example: tajkit read artisans asha.jpg ben.jpg --player Asha --player Ben  ·
    then tajkit score artisans table.toml --save
    """
    from tajkit.sheets import reading

    info = registry.get(game)
    if info.id not in READABLE:
        raise BadInput(f"tajkit read {info.id}: not available for {info.id} (available for: {', '.join(READABLE)})")
    names = [n.strip() for n in player or []]
    if len(names) > len(photos):
        raise BadInput(f"--player: {len(names)} names for {len(photos)} photos: give one name per photo, in order")
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice or "" in names:
        raise BadInput(f"--player {present.safe(twice[0]) if twice else '(empty)'}: each sheet needs its own player's name")
    try:
        reading.require()
    except reading.MissingExtra as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(1) from None
    target = None if as_json else _target(output, force)
    spec = speccache.load_spec(info, ctx.obj)
    readings = _read_all(spec, photos, learn, db)
    if as_json:
        typer.echo(json.dumps({"game": info.id, "sheets": [r.as_json() for r in readings]}, indent=2))
        return
    _same_sheet_twice(readings)
    crops = _crops_folder(target)
    if any(r.doubtful for r in readings) and not _interactive():
        raise BadInput(*_cannot_ask(readings, crops, force))
    players, answered = [], []
    for k, sheet in enumerate(readings):
        name = names[k] if k < len(names) else _name(sheet.photo, [p["name"] for p in players])
        sheet, pictures = _confirm(sheet, name, spec, crops, force)
        answered += pictures
        players.append(sheet.table(spec, name))
    data = {"game": info.id, "players": players}
    problems = _broken_rules(info, spec, data)
    _write(target, data, force)  # even a table the rules refuse: nothing typed is lost
    if learn and answered:
        _keep(db, answered)
    if problems:
        where = "standard output" if target is None else present.safe(str(target), PATH)
        raise BadInput(*problems, f"the table is written to {where} as read and answered: correct it there, then "
                                  f"tajkit score {info.id} {where}")
    sure = sum(1 for r in readings for v in r.values if v.sure)
    total = sum(len(r.values) for r in readings)
    where = "standard output" if target is None else str(target)
    typer.echo(f"read {len(readings)} sheet{'s' if len(readings) != 1 else ''}: {sure} of {total} readings sure, "
               f"{total - sure} answered; the table is in {present.safe(where, PATH)}"
               + ("" if target is None else f": tajkit score {info.id} {present.safe(str(target), PATH)} --save"), err=True)


def _interactive() -> bool:
    return sys.stdin.isatty() and sys.stderr.isatty()


def _target(output: str, force: bool) -> Path | None:
    """The table file, checked before any photo is read (an existing one needs --force)."""
    if output == "-":
        return None
    path = Path(output)
    name = present.safe(output, PATH)
    if path.suffix.lower() not in (".toml", ".json"):
        raise BadInput(f"-o {name}: the table file's name must end in .toml or .json")
    if path.is_dir():
        raise BadInput(f"-o {name} is a folder: give a file name")
    if path.exists() and not force:
        raise BadInput(f"{name} already exists: add --force to replace it, or choose another name with -o")
    return path


def _crops_folder(target: Path | None) -> Path:
    """Where the pictures of the doubtful readings go: beside the table file (or here)."""
    return (target or Path(DEFAULT_OUTPUT)).with_name(f"{(target or Path(DEFAULT_OUTPUT)).stem}-crops")


def _read_all(spec: Any, photos: list[str], learn: bool, db: str | None) -> list[Any]:
    """Each photo's sheet read; every photo that cannot be read is named with what to do (exit 2)."""
    from tajkit.sheets.reading import artisans, page

    adapt = _handwriting(db) if learn else None
    readings, problems = [], []
    for photo in photos:
        shown = present.safe(photo, 300)
        if not Path(photo).is_file():
            problems.append(f"{shown}: no such file")
            continue
        try:
            found = page.find(page.load(photo))
        except page.BadPhoto as exc:
            problems += [f"{shown}: {p}" for p in exc.problems]
            continue
        readings.append(artisans.read(found, spec, photo, adapt=adapt))
    if problems:
        raise BadInput(*problems)
    return readings


def _handwriting(db: str | None) -> Any:
    from tajkit.sheets.reading import adapt
    from tajkit.solver import history

    return adapt.Handwriting.load(adapt.folder(history.database_path(db)))


def _keep(db: str | None, answered: list[tuple[Any, int]]) -> None:
    from tajkit.sheets.reading import adapt
    from tajkit.solver import history

    adapt.keep(adapt.folder(history.database_path(db)), [p for p, _ in answered], [d for _, d in answered])


def _same_sheet_twice(readings: list[Any]) -> None:
    seen: dict[int, str] = {}
    for r in readings:
        if r.code is None:
            continue
        if r.code.sheet in seen:
            typer.echo(f"note: {present.safe(r.photo, PATH)} shows sheet {r.code.sheet}, as {present.safe(seen[r.code.sheet], PATH)} "
                       "does: the same sheet twice? (sheets of two pads can share a number)", err=True)
        seen.setdefault(r.code.sheet, r.photo)


def _cannot_ask(readings: list[Any], crops: Path, force: bool) -> list[str]:
    doubtful = [(r, v) for r in readings for v in r.doubtful]
    for r, v in doubtful:
        _save_crop(crops, r, v, force)
    listed = "; ".join(f"{present.safe(Path(r.photo).name)}: {', '.join(describe(v) for v in r.doubtful)}"
                       for r in readings if r.doubtful)
    return [f"{len(doubtful)} readings are doubtful and no terminal is here to ask about them ({listed}): run "
            f"tajkit read at a terminal to answer them (their pictures are in {present.safe(str(crops), PATH)}; every "
            "reading: --json)"]


def describe(value: Any) -> str:
    """A reading in words: "Left minaret box 2", "raindrop 7", "tree 3"."""
    if value.kind == "box":
        return f"{value.feature.replace('_', ' ').capitalize()} box {value.index + 1}"
    return f"{value.kind} {value.index + 1}"


def said(value: Any) -> str:
    """What a reading says, in words: a digit, "empty", "marked" or "not marked"."""
    if value.kind == "box":
        return "empty" if value.value == 0 else str(value.value)
    return "marked" if value.value else "not marked"


def _name(photo: str, taken: list[str]) -> str:
    from tajkit.cli.prompts import Editor

    default = Path(photo).stem
    while True:
        name = Editor().ask(f"Player of the sheet in {present.safe(Path(photo).name)}", default).strip()
        if name and name not in taken:
            return name
        typer.echo("  each sheet needs its own player's name", err=True)


def _confirm(sheet: Any, name: str, spec: Any, crops: Path, force: bool) -> tuple[Any, list[tuple[Any, int]]]:
    """Each doubtful reading asked, with its picture; the answers, and the answered digits'
    pictures (for learning the group's hand)."""
    from tajkit.cli.prompts import Editor

    if not sheet.doubtful:
        return sheet, []
    typer.echo(f"{present.safe(name)}'s sheet ({present.safe(Path(sheet.photo).name)}): "
               f"{len(sheet.doubtful)} doubtful reading{'s' if len(sheet.doubtful) != 1 else ''} to check", err=True)
    if sheet.unusual:
        typer.echo("  (this hand is unlike the ones tajkit learned from, so more of its digits are asked)", err=True)
    editor = Editor()
    answers: dict[str, int] = {}
    learned: list[tuple[Any, int]] = []
    for value in sheet.doubtful:
        path = _save_crop(crops, sheet, value, force)
        typer.echo(drawing(value.crop), err=True)
        typer.echo(f"  {describe(value)}: read as {said(value)} ({value.confidence:.0%} sure); picture: "
                   f"{present.safe(str(path), PATH)}", err=True)
        answers[value.key] = _ask(editor, value)
        if value.kind == "box" and value.picture is not None and answers[value.key]:
            learned.append((value.picture, answers[value.key]))
    return sheet.answered(answers), learned


def _ask(editor: Any, value: Any) -> int:
    if value.kind == "box":
        question, words = "  the digit 1-6, or - for empty", ["1", "2", "3", "4", "5", "6", "-"]
    else:
        question, words = "  marked? y or n", ["y", "n"]
    default = ("-" if value.value == 0 else str(value.value)) if value.kind == "box" else ("y" if value.value else "n")
    while True:
        answer = editor.ask(question, default, words=words).strip().lower()
        if value.kind == "box" and answer in ("-", "0", "empty"):
            return 0
        if value.kind == "box" and answer in {"1", "2", "3", "4", "5", "6"}:
            return int(answer)
        if value.kind != "box" and answer in ("y", "yes", "n", "no"):
            return int(answer.startswith("y"))
        typer.echo(f"  {present.safe(answer, 20)!r}: {question.strip()}", err=True)


def _save_crop(crops: Path, sheet: Any, value: Any, force: bool) -> Path:
    """The reading's picture as a PNG in the crops folder (a picture already there stays unless --force)."""
    import cv2

    from tajkit.cli.files import write_new

    base = f"{Path(sheet.photo).stem}-{value.feature}-{value.index + 1}"
    path, again = crops / f"{base}.png", 1
    while path.exists() and not force:  # an earlier reading's picture stays: this one takes a new name
        again += 1
        path = crops / f"{base}-{again}.png"
    ok, data = cv2.imencode(".png", value.crop)
    if ok:
        write_new(path, data.tobytes(), force=force)
    return path


def drawing(crop: Any, width: int = 24) -> str:
    """A coarse drawing of a crop for the terminal: two pixels a character (the upper-half block,
    in colour where the terminal shows it), else shades of ASCII."""
    import cv2
    import numpy as np

    h, w = crop.shape[:2]
    rows = max(2, round(width * h / w / 2) * 2)
    small = cv2.resize(crop, (width, rows), interpolation=cv2.INTER_AREA)
    if sys.stderr.isatty() and not os.environ.get("NO_COLOR"):
        lines = []
        for r in range(0, rows, 2):
            line = "".join(f"\x1b[38;2;{a[2]};{a[1]};{a[0]}m\x1b[48;2;{b[2]};{b[1]};{b[0]}m▀" for a, b in zip(small[r], small[r + 1]))
            lines.append("    " + line + "\x1b[0m")
        return "\n".join(lines)
    grey = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY).astype(np.float32)
    ramp = " .:-=+*#%@"
    lines = []
    for r in range(0, rows, 2):
        pair = (grey[r] + grey[r + 1]) / 2
        lines.append("    " + "".join(ramp[min(len(ramp) - 1, int((255 - g) / 256 * len(ramp)))] for g in pair))
    return "\n".join(lines)


def _broken_rules(info: Any, spec: Any, data: dict[str, Any]) -> tuple[str, ...]:
    """What the scorer would refuse in the table (more trees watered than raindrops marked, after
    the answers), in its words; nothing when it scores."""
    try:
        info.read_state(spec, data)
    except BadInput as exc:
        return tuple(exc.problems)
    return ()


def _write(target: Path | None, data: dict[str, Any], force: bool) -> None:
    from tajkit.cli.entry import toml_text
    from tajkit.cli.files import write_new

    text = json.dumps(data, indent=2) + "\n" if target is not None and target.suffix.lower() == ".json" else toml_text(data)
    if target is None:
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    write_new(target, text.encode("utf-8"), force=force)
