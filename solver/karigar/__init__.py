"""Karigar-e-Taj (worker placement): end scoring with the rulebook's tie-breaks, and a build planner
over the Bazaar.

``spec`` (the typed seed), ``rules`` (the rules model: a turn in the Bazaar, the Taj levels),
``files`` (the finished table and the hint's position file), ``scoring`` (the tally),
``planner`` (CP-SAT), ``hint`` (the hint command),
``report`` (its words), ``samples`` (random positions) and ``protocol`` (the whole game), its
state, setup, bazaar and notation apart. ``pieces`` says where the base class finds each piece;
this module stays light, everything is imported when used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tajkit.solver.game import Command, Game, Option, Pieces, Report

if TYPE_CHECKING:
    from tajkit.solver.karigar.files import Table
    from tajkit.solver.karigar.spec import Spec


def _hint(spec: Any, data: dict[str, Any] | None, turns: int | None = None) -> Report:
    from tajkit.solver.karigar import hint

    return hint.run(spec, data, turns=turns)


class Karigar(Game["Spec", "Table"]):
    id = "karigar"
    title = "Karigar-e-Taj"
    kind = "worker placement"
    rulebook = "karigar-e-taj.txt"
    pieces = Pieces(forms=(("score", "state_model"), ("hint", "hint_position_model")))
    drawing = "tajkit.sheets.karigar"  # the phones' board only (issue 44): no picture of a state file
    pictures = False
    boards = True
    hint = Command(
        summary="The fewest turns until you hold the Level tile's resources for your next Taj section, turn by turn "
        "(CP-SAT, proven shortest or flagged), or the best use of this turn when no build is in reach.",
        run=_hint,
        options=(
            Option("turns", "--turns", int, "How many turns ahead to plan (default: planner.default_turns in the game data, 4 as shipped).", default=None, min=1, max=8, metavar="N"),
        ),
        examples=("tajkit hint karigar karigar-position.toml", "tajkit hint karigar karigar-position.toml --turns 6 --json"),
        state_help="Position file (TOML or JSON): the Bazaar as it lies, who stands where, what you hold and the Level tile; - for standard input.",
    )

    def player_counts(self, spec: Spec) -> tuple[int, int]:
        return spec.fewest_players, spec.most_players


GAME = Karigar()
