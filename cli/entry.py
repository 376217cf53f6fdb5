"""Entering a finished table at the terminal, sheet by sheet, as a person copies a paper sheet."""

from __future__ import annotations

from typing import Any

import typer

from tajkit.solver.artisans.rules import EMPTY, Spec
from tajkit.solver.artisans.state import GAME, players_from_data
from tajkit.solver.errors import BadInput

EMPTY_MARKS = "_.-0"


def parse_values(answer: str, size: int, faces: int) -> list[int]:
    """``"6 4 3 1"``, ``"6431"`` or ``"6,4,_,1"`` as box values; ``_`` (or 0) is an empty box,
    and a blank answer leaves every box empty."""
    cleaned = answer.replace(",", " ").strip()
    if not cleaned:
        return [EMPTY] * size
    tokens = cleaned.split() if " " in cleaned else list(cleaned)
    values = []
    for token in tokens:
        if token in EMPTY_MARKS:
            values.append(EMPTY)
        elif token.isdigit() and 1 <= int(token) <= faces:
            values.append(int(token))
        else:
            raise BadInput(f"{token!r} is not a die value: write 1-{faces}, or _ for an empty box")
    if len(values) != size:
        raise BadInput(f"{len(values)} values given, the feature has {size} boxes")
    return values


def _ask(prompt: str, parse: Any, default: str | None = None) -> Any:
    while True:
        answer = typer.prompt(prompt, default=default, show_default=default is not None, err=True)
        try:
            return parse(answer)
        except BadInput as exc:
            typer.echo(f"  {exc}", err=True)


def _count(low: int, high: int):  # noqa: ANN202
    def parse(answer: str) -> int:
        answer = answer.strip()
        if not answer.isdigit() or not low <= int(answer) <= high:
            raise BadInput(f"{answer!r}: write a whole number from {low} to {high}")
        return int(answer)

    return parse


def enter_artisans(spec: Spec) -> dict[str, Any]:
    """Ask for each player's sheet; returns a state-file dict that has passed validation."""
    typer.echo(
        f"Enter each sheet as it lies on the table: digits 1-{spec.faces} per box "
        "(\"6 4 3 1\" or \"6431\"), _ for an empty box. A blank name ends the entry.",
        err=True,
    )
    players: list[dict[str, Any]] = []
    while True:
        name = typer.prompt(f"Player {len(players) + 1} name", default="", show_default=False, err=True).strip()
        if not name:
            if players:
                return {"game": GAME, "players": players}
            typer.echo("  at least one player is needed", err=True)
            continue
        if any(p["name"] == name for p in players):
            typer.echo(f"  {name!r} is already entered: each sheet needs its own name", err=True)
            continue
        players.append(_enter_sheet(spec, name))


def _enter_sheet(spec: Spec, name: str) -> dict[str, Any]:
    entry: dict[str, Any] = {"name": name}
    for f in spec.features:
        prompt = f"  {f.title} ({f.craftsperson}), {f.size} boxes: {', '.join(f.boxes)}"
        entry[f.id] = _ask(prompt, lambda a, f=f: parse_values(a, f.size, spec.faces))
    while True:
        entry["raindrops_used"] = _ask(f"  Raindrops marked (0-{spec.raindrops})", _count(0, spec.raindrops))
        entry["trees_watered"] = _ask(f"  Fruit trees watered (0-{spec.trees})", _count(0, spec.trees))
        try:
            players_from_data(spec, {"game": GAME, "players": [entry]})
            return entry
        except BadInput as exc:
            for problem in exc.problems:
                typer.echo(f"  {problem}", err=True)
