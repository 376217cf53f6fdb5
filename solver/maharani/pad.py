"""The Maharani score pad's page designs: one for each way the rules seat the players.

With 2 players each player plays two worker colours, scored apart at every quarter scoring
(Szabályok 2 játékosra: "Egy játékos két színe, külön-külön kerülnek kiértékelésre"), so that
pad has a workers/gold pair per colour; with 3 or 4 players one pair. The turn rows come from the
rules: a turn places at least one tile or refreshes the action markers (A játék menete), every space
of the palace takes one tile, so with one tile a turn each player has at most
ceil(spaces / players) turns that place tiles (2 players: 28 on the 56 spaces), and the seed's
``count`` adds rows for the refresh turns (a tajkit default).
"""

from __future__ import annotations

from tajkit.solver.game import PadLayout
from tajkit.solver.maharani.spec import Spec


def placing_turns(spec: Spec, players: int) -> int:
    """The most turns that place tiles a player gets, one tile a turn: ceil(spaces / players)."""
    return -(-len(spec.spaces) // players)


def turn_rows(spec: Spec, players: int) -> int:
    refresh_rows = next(count for cid, _, _, _, _, count in spec.pad.rows if cid == "turn")
    return placing_turns(spec, players) + refresh_rows


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
