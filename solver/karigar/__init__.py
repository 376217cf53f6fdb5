"""Karigar-e-Taj (worker placement): end scoring with the rulebook's tie-breaks, and a build planner
over the Bazaar.

``spec`` (the typed seed), ``rules`` (the rules model: a turn in the Bazaar, the Taj levels),
``files`` (the finished table and the hint's position file), ``scoring`` (the tally),
``planner`` (CP-SAT), ``search`` (the breadth-first check), ``hint`` (the hint command),
``report`` (its words), ``samples`` (random positions) and ``protocol`` (the whole game). This
module stays light: everything heavy is imported inside the methods.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tajkit.solver.game import Command, Game, Option, Report

if TYPE_CHECKING:
    from pathlib import Path
    from pydantic import BaseModel
    from tajkit.solver.game import Category, ScoreResult
    from tajkit.solver.karigar.files import Table
    from tajkit.solver.karigar.play import KarigarPlay
    from tajkit.solver.karigar.protocol import KarigarRules
    from tajkit.solver.karigar.spec import Spec


def _hint(spec: Any, data: dict[str, Any] | None, turns: int | None = None) -> Report:
    from tajkit.solver.karigar import hint

    return hint.run(spec, data, turns=turns)


class Karigar(Game["Spec", "Table"]):
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

    def load_spec(self, data: Path | None = None) -> Spec:
        from tajkit.solver.karigar.spec import load_spec

        return load_spec(data)

    def player_counts(self, spec: Any) -> tuple[int, int]:
        return spec.fewest_players, spec.most_players

    def categories(self, spec: Spec) -> tuple[Category, ...]:
        from tajkit.solver.karigar.scoring import categories

        return categories(spec)

    def state_model(self, spec: Spec) -> type[BaseModel]:
        from tajkit.solver.karigar.files import state_model

        return state_model(spec)

    def file_forms(self, spec: Any) -> dict[str, Any]:
        from tajkit.solver.karigar.files import hint_position_model, state_model

        return {"score": state_model(spec), "hint": hint_position_model(spec)}

    def read_state(self, spec: Spec, data: dict[str, Any]) -> Table:
        from tajkit.solver.karigar.files import read_state

        return read_state(spec, data)

    def score(self, spec: Spec, table: Table) -> ScoreResult:
        from tajkit.solver.karigar.scoring import score

        return score(spec, table)

    def to_data(self, spec: Spec, table: Table) -> dict[str, Any]:
        from tajkit.solver.karigar.files import to_data

        return to_data(spec, table)

    def rules(self, spec: Spec) -> KarigarRules:
        from tajkit.solver.karigar.protocol import rules_for

        return rules_for(spec)

    def play(self, spec: Spec) -> KarigarPlay:
        from tajkit.solver.karigar.play import play_for

        return play_for(spec)


GAME = Karigar()
