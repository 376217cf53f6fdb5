"""The ``tajkit hint artisans`` command: the position read, checked and handed to the search
(``search/hinter.py``), its answer put into words (``report.py``)."""

from __future__ import annotations

from typing import Any

from tajkit.solver.artisans import files, report
from tajkit.solver.artisans.rules import Sheet
from tajkit.solver.artisans.spec import Spec
from tajkit.solver.artisans.search.hinter import hinter_for
from tajkit.solver.errors import BadInput
from tajkit.solver.game import Report


def run(spec: Spec, data: dict[str, Any], roll: tuple[int, int] | None, player: str | None, top: int, seed: int,
        futures: int, time_limit: float) -> Report:
    """The best uses of ``roll`` on the chosen player's sheet, ranked by the expected final score."""
    if roll is None:
        raise BadInput("--roll A B: give the two dice just rolled (e.g. --roll 4 6); a game record holds them")
    players = files.read_state(spec, data, finished=False)
    chosen = files.pick_player(players, player)
    check_position(spec, chosen.name, chosen.sheet, roll)
    ender = next((p for p in players if p is not chosen and p.sheet.ends_game(spec)), None)
    if ender is not None:  # rulebook, End of the Game: the others finish their turn, then the game ends
        hint = hinter_for(spec).rank_last_turn(chosen.sheet, roll)
    else:
        hint = hinter_for(spec).rank(chosen.sheet, roll, seed=seed, futures=futures, time_limit=time_limit, top=top)
    ended = report.ended_by(spec, ender) if ender is not None else None
    return Report(
        report.hint_text(spec, chosen.name, chosen.sheet, roll, hint, top, ended),
        report.hint_json(spec, chosen.name, roll, hint, seed, top),
        files.left_out_notes(players) + spec.default_notes() + tuple(hint.notes()),
    )


def check_position(spec: Spec, name: str, sheet: Sheet, roll: tuple[int, int]) -> None:
    """A hint needs a roll of real dice and a sheet whose game is still going."""
    if not all(1 <= d <= spec.faces for d in roll):
        raise BadInput(f"--roll {roll[0]} {roll[1]}: each die shows 1-{spec.faces}")
    if sheet.is_full():
        raise BadInput(f"{name}: the sheet is full, so the game is over (rulebook: End of the Game)")
    if sheet.raindrops_left(spec) <= 0:
        raise BadInput(f"{name}: all {spec.raindrops} raindrops are used, so the game is over (rulebook: End of the Game)")
