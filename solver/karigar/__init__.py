"""Karigar-e-Taj (worker placement): end scoring with the rulebook's tie-breaks, and a build planner
over the Bazaar.

``spec`` (the typed seed), ``taj`` (levels), ``score`` (the finished table), ``bazaar`` (the rules
of a turn), ``position`` (the hint's position file), ``planner`` (CP-SAT), ``search`` (the
breadth-first check) and ``hint`` (the report). This module stays light: everything heavy is
imported inside the methods.
"""

from __future__ import annotations

from typing import Any

from tajkit.solver.game import Category, Command, Game, Option, Report, ScoreResult


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
            Option("turns", "--turns", int, "How many turns ahead to plan (default 4).", default=None, min=1, max=8, metavar="N"),
        ),
        examples=("tajkit hint karigar position.toml", "tajkit hint karigar position.toml --turns 6 --json"),
        state_help="Position file (TOML or JSON): the Bazaar as it lies, who stands where, what you hold and the Level tile; - for standard input.",
    )

    def load_spec(self) -> Any:
        from tajkit.solver.karigar.spec import load_spec

        return load_spec()

    def player_counts(self, spec: Any) -> tuple[int, int]:
        return 2, spec.most_players

    def categories(self, spec: Any) -> tuple[Category, ...]:
        from tajkit.solver.karigar.score import categories

        return categories(spec)

    def state_model(self, spec: Any) -> Any:
        from tajkit.solver.karigar.score import state_model

        return state_model(spec)

    def schema(self, spec: Any) -> dict[str, Any]:
        """Both files tajkit reads: the finished table (``tajkit score``) and the position
        (``tajkit hint``)."""
        from typing import Union

        from pydantic import TypeAdapter

        from tajkit.solver.karigar.position import position_model
        from tajkit.solver.karigar.score import state_model

        both = TypeAdapter(Union[state_model(spec), position_model(spec)]).json_schema()  # type: ignore[misc]
        return {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": "tajkit state files: Karigar-e-Taj",
            "description": "a finished table (players) for tajkit score, or a position (bazaar) for tajkit hint",
            **both,
        }

    def read_state(self, spec: Any, data: dict[str, Any]) -> Any:
        from tajkit.solver.karigar.score import read_state

        return read_state(spec, data)

    def score(self, spec: Any, state: Any) -> ScoreResult:
        from tajkit.solver.karigar.score import score

        return score(spec, state)

    def to_data(self, spec: Any, state: Any) -> dict[str, Any]:
        from tajkit.solver.karigar.score import to_data

        return to_data(state)


GAME = Karigar()
