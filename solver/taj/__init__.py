"""TAJ (rug card game, voting): the game's interface (see ``solver/game.py``).

The typed seed data is in :mod:`.spec`, the rules model (the truth the others are tested against)
in :mod:`.rules`, the rules protocol in :mod:`.protocol`, its notation in :mod:`.notation`, the
state file in :mod:`.files`, scoring in :mod:`.scoring`, the hint in :mod:`.hint` and its words in
:mod:`.report`: each where ``Pieces`` looks for it by default, so the base class finds every piece
and imports it when it is used. This module stays light.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tajkit.solver.game import Command, Game, Option, Report

if TYPE_CHECKING:
    from tajkit.solver.taj.rules import Table
    from tajkit.solver.taj.spec import Spec


def _hint(spec: Any, data: dict[str, Any], player: str | None = None, proposal: tuple[int, int] | None = None,
          top: int = 5, goal: str | None = None) -> Report:
    """``tajkit hint taj FILE``: the position file read into the protocol's state, and the hint on
    it (the same call as a hint in a game in play)."""
    return GAME.position_hint(spec, data, {"player": player, "proposal": proposal, "top": top, "goal": goal})


class Taj(Game["Spec", "Table"]):
    id = "taj"
    title = "TAJ"
    kind = "rug card game, voting"
    rulebook = "taj-rug-card-game.txt"
    drawing = "tajkit.sheets.taj"
    boards = True
    hint_positions = True

    hint = Command(
        summary="Proposals, votes and the choice after a vote: every proposal with your score under each vote "
        "outcome, advice on a pending proposal (and whether All or Nix pays), the rug to remove and the Taj's move, "
        "and the ideal display for your goal.",
        run=_hint,
        options=(
            Option("player", "--player", str, "Whose view (default: the only player, or the proposer).", metavar="NAME"),
            Option("proposal", "--proposal", tuple[int, int], "A pending proposal's two rugs (1-based), to advise a voter.",
                   metavar="I J"),
            Option("top", "--top", int, "How many proposals to show.", default=5, min=1, max=50),
            Option("goal", "--goal", str, "Your secret goal card's colours x2 x1 x-1 (e.g. 'orange blue green' or "
                   "obg), where the file or the record does not hold it.", metavar="COLOURS"),
        ),
        examples=("tajkit hint taj taj.toml --player Asha", "tajkit hint taj taj.toml --player Asha --proposal 1 4",
                  "tajkit hint taj taj-night.toml --goal 'orange blue green'"),
    )


GAME = Taj()
