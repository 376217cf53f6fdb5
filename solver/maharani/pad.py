"""The Maharani score pad's page designs, one for each way the rules seat the players, and the
quarter scoring table printed on the pad and the reference card (its ``quarter_table`` part).

With 2 players each player plays two worker colours, scored apart at every quarter scoring
(Szabályok 2 játékosra: "Egy játékos két színe, külön-külön kerülnek kiértékelésre"), so that
pad has a workers/gold pair per colour; with 3 or 4 players one pair.

The rulebook gives no number of turns, so the turn rows are a tajkit default: enough rows for a
game in which every turn places one tile (every space of the palace takes one tile, so
ceil(spaces / players) turns each: 28 with 2 players on the 56 spaces of tajkit's default board,
itself inferred, see ``[board]`` in seeds/maharani.toml), plus the seed's ``count`` rows for
refresh turns. It is not a bound: a turn may refresh the action markers instead of placing
(A játék menete: "Akciójelző(k) frissítése"), and an opponent's refresh hands the others extra
placing turns; a longer game continues on a second sheet.
"""

from __future__ import annotations

from tajkit.solver.game import CardPart, PadLayout, PadTable, TableCell
from tajkit.solver.maharani.spec import Spec


def one_tile_turns(spec: Spec, players: int) -> int:
    """A player's turns in a game in which every turn places one tile: ceil(spaces / players)."""
    return -(-len(spec.spaces) // players)


def refresh_rows(spec: Spec) -> int:
    """The rows the seed adds for refresh turns (``[[scorepad.rows]]`` turn ``count``)."""
    return next(row.count for row in spec.pad.rows if row.id == "turn")


def turn_rows(spec: Spec, players: int) -> int:
    return one_tile_turns(spec, players) + refresh_rows(spec)


def pad_layouts(spec: Spec) -> tuple[PadLayout, ...]:
    """A pad for each run of player counts that play with the same number of worker colours
    (by default 2 players, then 3-4), sized for the fewest players of the run (the most turns)."""
    runs: list[list[int]] = []
    for players in range(spec.min_players, spec.max_players + 1):
        colours = spec.crews_per_player[players]
        if runs and spec.crews_per_player[runs[-1][0]] == colours:
            runs[-1].append(players)
        else:
            runs.append([players])
    return tuple(
        PadLayout(
            run[0], run[-1], (("turn", turn_rows(spec, run[0])),), spec.crews_per_player[run[0]],
            ("quarter",) if spec.crews_per_player[run[0]] > 1 else (),
        )
        for run in runs
    )


def pad_table(spec: Spec) -> PadTable:
    """The gold a quarter scoring gives for each number of a colour's workers there, each value
    marked official or not (its provenance in the seed)."""
    cells = tuple(
        TableCell(str(n), str(gold), official) for n, (gold, official) in enumerate(zip(spec.quarter_gold, spec.quarter_official))
    )
    return PadTable(spec.pad.table_title, spec.pad.table_labels, cells, spec.quarter_note)


def card_parts(spec: Spec) -> dict[str, CardPart]:
    """The reference card's quarter scoring table: the very table the pad prints."""
    return {"quarter_table": CardPart(table=pad_table(spec))}
