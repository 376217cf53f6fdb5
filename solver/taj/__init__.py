"""TAJ (rug card game, voting): the game's interface (see ``solver/game.py``).

The typed seed data is in :mod:`.spec`, the rules model (the truth the others are tested against)
in :mod:`.rules`, the rules protocol in :mod:`.protocol`, the state file in :mod:`.files`, scoring
in :mod:`.scoring`, the hint in :mod:`.hint` and its words in :mod:`.report`. This module stays
light: everything is imported when used.
"""

from __future__ import annotations

from typing import Any

from tajkit.solver.game import Command, Game, Option, Report, delegate


def _hint(spec: Any, data: dict[str, Any], player: str | None, proposal: tuple[int, int] | None, top: int) -> Report:
    from tajkit.solver.taj import hint

    return hint.run(spec, data, player=player, proposal=proposal, top=top)


class Taj(Game):
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

    load_spec = delegate("tajkit.solver.taj.spec", "load_spec")

    def player_counts(self, spec: Any) -> tuple[int, int]:
        return spec.min_players, spec.max_players

    categories = delegate("tajkit.solver.taj.scoring", "categories")
    state_model = delegate("tajkit.solver.taj.files", "state_model")
    read_state = delegate("tajkit.solver.taj.files", "read_state")
    score = delegate("tajkit.solver.taj.scoring", "score")
    to_data = delegate("tajkit.solver.taj.files", "to_data")
    rules = delegate("tajkit.solver.taj.protocol", "rules_for")


GAME = Taj()
