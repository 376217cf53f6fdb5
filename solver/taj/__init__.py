"""TAJ (rug card game, voting): the game's interface (see ``solver/game.py``).

The typed seed data is in :mod:`.spec`, the rules model (the truth the others are tested against)
in :mod:`.rules`, the rules protocol in :mod:`.protocol`, the state file in :mod:`.files`, scoring
in :mod:`.scoring`, the hint in :mod:`.hint` and its words in :mod:`.report`. This module stays
light: everything is imported when used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tajkit.solver.game import Command, Game, Option, Report

if TYPE_CHECKING:
    from pathlib import Path
    from pydantic import BaseModel
    from tajkit.solver.game import Category, ScoreResult
    from tajkit.solver.taj.play import TajPlay
    from tajkit.solver.taj.protocol import TajRules
    from tajkit.solver.taj.rules import Table
    from tajkit.solver.taj.spec import Spec


def _hint(spec: Any, data: dict[str, Any], player: str | None, proposal: tuple[int, int] | None, top: int) -> Report:
    from tajkit.solver.taj import hint

    return hint.run(spec, data, player=player, proposal=proposal, top=top)


class Taj(Game["Spec", "Table"]):
    id = "taj"
    title = "TAJ"
    kind = "rug card game, voting"
    rulebook = "taj-rug-card-game.txt"
    drawing = "tajkit.sheets.taj"

    hint = Command(
        summary="Proposals and votes: every proposal with your score under each vote outcome, advice on a "
        "pending proposal (and whether All or Nix pays), and the ideal display for your goal.",
        run=_hint,
        options=(
            Option("player", "--player", str, "Whose view (default: the only player, or the proposer).", metavar="NAME"),
            Option("proposal", "--proposal", tuple[int, int], "A pending proposal's two rugs (1-based), to advise a voter.",
                   metavar="I J"),
            Option("top", "--top", int, "How many proposals to show.", default=5, min=1, max=50),
        ),
        examples=("tajkit hint taj taj.toml --player Asha", "tajkit hint taj taj.toml --player Asha --proposal 1 4"),
    )

    def load_spec(self, data: Path | None = None) -> Spec:
        from tajkit.solver.taj.spec import load_spec

        return load_spec(data)

    def player_counts(self, spec: Any) -> tuple[int, int]:
        return spec.min_players, spec.max_players

    def categories(self, spec: Spec) -> tuple[Category, ...]:
        from tajkit.solver.taj.scoring import categories

        return categories(spec)

    def state_model(self, spec: Spec) -> type[BaseModel]:
        from tajkit.solver.taj.files import state_model

        return state_model(spec)

    def read_state(self, spec: Spec, data: dict[str, Any]) -> Table:
        from tajkit.solver.taj.files import read_state

        return read_state(spec, data)

    def score(self, spec: Spec, table: Table) -> ScoreResult:
        from tajkit.solver.taj.scoring import score

        return score(spec, table)

    def to_data(self, spec: Spec, table: Table) -> dict[str, Any]:
        from tajkit.solver.taj.files import to_data

        return to_data(spec, table)

    def rules(self, spec: Spec) -> TajRules:
        from tajkit.solver.taj.protocol import rules_for

        return rules_for(spec)

    def play(self, spec: Spec) -> TajPlay:
        from tajkit.solver.taj.play import play_for

        return play_for(spec)


GAME = Taj()
