"""The ``tajkit hint artisans`` command: the position read, checked and handed to the search, its
answer put into words (``report.py``). A game of one is the solitaire hint's (``search/hinter.py``);
at a table of several, where any player can end everyone's game, the table's
(``search/table.py``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tajkit.solver.artisans import files, report
from tajkit.solver.artisans.files import Player
from tajkit.solver.artisans.rules import Sheet
from tajkit.solver.artisans.spec import Spec
from tajkit.solver.artisans.search.hinter import FUTURES, TIME_CAP, hinter_for
from tajkit.solver.artisans.search.table import SCORE, WIN, Ranking, Seat, table_hinter_for
from tajkit.solver.errors import BadInput
from tajkit.solver.game import Report
from tajkit.solver.ranking import join_names

ALONE = ("--objective win: a game of one has no one to beat, so its moves are ranked by the expected final "
         "score")


def run(spec: Spec, data: dict[str, Any], roll: tuple[int, int] | None, player: str | None, top: int, seed: int,
        futures: int, time_limit: float, objective: str | None = None, moved: Sequence[str] | None = None) -> Report:
    """``tajkit hint artisans FILE``: the position file as the table's state, then the same hint a
    game in play asks (``ArtisansPlay.hint``)."""
    from tajkit.solver.artisans.play import play_for

    options = {"roll": roll, "player": player, "top": top, "seed": seed, "futures": futures, "time_limit": time_limit,
               "objective": objective, "moved": moved}
    play = play_for(spec)
    state, name, answers = play.position_state(data, options)
    return play.hint(state, name, answers, options).report


def answer(spec: Spec, players: Sequence[Player], chosen: Player, roll: tuple[int, int], moved: Sequence[str],
           options: Mapping[str, Any]) -> tuple[Ranking, Report]:
    """The best uses of ``roll`` on the chosen player's sheet, and the report of them: alone, by
    the expected final score; at a table, by the objective (default: the chance to win)."""
    check_position(spec, chosen.name, chosen.sheet, roll)
    me, others = seats(spec, players, chosen, moved)
    objective, top, seed = options.get("objective"), options.get("top") or 5, options.get("seed") or 0
    budget = {"futures": options.get("futures") or FUTURES, "time_limit": options.get("time_limit") or TIME_CAP}
    notes = files.left_out_notes(players) + spec.default_notes()
    if others:
        ranking = rank(spec, me, others, roll, objective or WIN, seed, top=top, **budget)
    else:
        ranking = rank(spec, me, others, roll, SCORE, seed, top=top, **budget)
        notes += (ALONE,) if objective == WIN else ()
    solitaire = ranking.solitaire
    return ranking, Report(
        report.ranking_text(spec, me, others, roll, ranking, top),
        report.ranking_json(spec, me, roll, ranking, seed, top),
        notes + (tuple(solitaire.notes()) if solitaire else ()),
    )


def rank(spec: Spec, me: Seat, others: Sequence[Seat], roll: tuple[int, int], objective: str, seed: int = 0,
         futures: int = FUTURES, time_limit: float = TIME_CAP, top: int | None = None) -> Ranking:
    """The engine's answer for ``me`` at a table with ``others`` (none: a game of one, ranked by
    the solitaire hint as always)."""
    if not others:
        hint = hinter_for(spec).rank(me.sheet, roll, seed=seed, futures=futures, time_limit=time_limit, top=top)
        return Ranking.of_solitaire(spec, me.sheet, hint)
    return table_hinter_for(spec).rank(me, others, roll, objective, seed, futures, time_limit, top)


def seats(spec: Spec, players: Sequence[Player], chosen: Player, moved: Sequence[str]) -> tuple[Seat, list[Seat]]:
    """The chosen player and the others as the table engine sees them: a sheet that ends the game
    has used the roll (rulebook: End of the Game), and so has every player named in ``moved``."""
    names = [p.name for p in players]
    unknown = [name for name in moved if name not in names]
    if unknown:
        raise BadInput(f"--moved {unknown[0]}: not a player in the position (the players are {join_names(names)})")
    if chosen.name in moved:
        raise BadInput(f"--moved {chosen.name}: the hint is for {chosen.name}, who has not used the roll yet "
                       "(rulebook: Playing the Game, each player uses the roll once)")
    me = Seat(chosen.name, chosen.sheet, chosen.age)
    others = [Seat(p.name, p.sheet, p.age, p.name in moved or p.sheet.ends_game(spec)) for p in players if p is not chosen]
    return me, others


def check_position(spec: Spec, name: str, sheet: Sheet, roll: tuple[int, int]) -> None:
    """A hint needs a roll of real dice and a sheet whose game is still going."""
    if not all(1 <= d <= spec.faces for d in roll):
        raise BadInput(f"--roll {roll[0]} {roll[1]}: each die shows 1-{spec.faces}")
    if sheet.is_full():
        raise BadInput(f"{name}: the sheet is full, so the game is over (rulebook: End of the Game)")
    if sheet.raindrops_left(spec) <= 0:
        raise BadInput(f"{name}: all {spec.raindrops} raindrops are used, so the game is over (rulebook: End of the Game)")
