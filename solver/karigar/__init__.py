"""Karigar-e-Taj (worker placement): end scoring with the rulebook's tie-breaks, and a build planner
over the Bazaar.

``spec`` (the typed seed), ``rules`` (the rules model: a turn in the Bazaar, the Taj levels),
``files`` (the finished table and the hint's position file), ``scoring`` (the tally),
``planner`` (CP-SAT), ``search`` (the breadth-first check), ``hint`` (the hint command),
``report`` (its words), ``samples`` (random positions) and ``protocol`` (the whole game). This
module stays light: everything heavy is imported inside the methods.
"""

from __future__ import annotations

from typing import Any

from tajkit.solver.game import Command, Game, Option, Report, delegate


def _hint(spec: Any, data: dict[str, Any] | None, turns: int | None = None) -> Report:
    from tajkit.solver.karigar import hint

    return hint.run(spec, data, turns=turns)


class Karigar(Game):
    id = "karigar"
    title = "Karigar-e-Taj"
    kind = "worker placement"
    rulebook = "karigar-e-taj.txt"
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

    load_spec = delegate("tajkit.solver.karigar.spec", "load_spec")

    def player_counts(self, spec: Any) -> tuple[int, int]:
        return 2, spec.most_players

    categories = delegate("tajkit.solver.karigar.scoring", "categories")
    state_model = delegate("tajkit.solver.karigar.files", "state_model")

    def file_forms(self, spec: Any) -> dict[str, Any]:
        from tajkit.solver.karigar.files import position_model, state_model

        return {"score": state_model(spec), "hint": position_model(spec)}

    read_state = delegate("tajkit.solver.karigar.files", "read_state")
    score = delegate("tajkit.solver.karigar.scoring", "score")
    to_data = delegate("tajkit.solver.karigar.files", "to_data")
    rules = delegate("tajkit.solver.karigar.protocol", "rules_for")


GAME = Karigar()
