"""Maharani (Wolfgang Panning, Queen Games 2012): mosaic tiles on a palace floor of four quarters.

The interface of the game (see ``solver/game.py``). The rules live in :mod:`.rules` (one model for
the scorer, the validator and the hint), the notation of positions and turns in :mod:`.notation`,
the state file in :mod:`.state`, scoring in :mod:`.scoring`, the hint in :mod:`.hint` (exhaustive)
and :mod:`.cpsat` (the same answer as a CP-SAT model, for the cross-check). Kept light: pydantic,
OR-Tools and reportlab are imported inside the methods.
"""

from __future__ import annotations

from typing import Any

from tajkit.solver.game import CardPart, Category, Command, Game, Option, PadTable, Report, ScoreResult, TableCell


def _hint(spec: Any, data: dict[str, Any], objective: str = "gold", top: int = 5, tiles: int = 2, solver: str = "enum") -> Report:
    from tajkit.solver.maharani.hint import run

    return run(spec, data, objective=objective, top=top, tiles=tiles, solver=solver)


HINT = Command(
    summary="The player to move's best turns, exact: every legal turn is played and valued.",
    run=_hint,
    options=(
        Option("objective", "--objective", str, "gold: this turn's gold (quarter scorings it triggers included); "
               "margin: your gold minus the best opponent's after the turn", default="gold", choices=("gold", "margin")),
        Option("top", "--top", int, "how many of the best turns to list", default=5, min=1, max=50),
        Option("tiles", "--tiles", int, "the most tiles to consider placing (1 or 2)", default=2, min=1, max=2),
        Option("solver", "--solver", str, "enum: play every legal turn (default); cpsat: the CP-SAT model "
               "(best turn only)", default="enum", choices=("enum", "cpsat")),
    ),
    examples=(
        "tajkit hint maharani position.toml",
        "tajkit hint maharani position.toml --objective margin --top 3",
    ),
)


class Maharani(Game):
    id = "maharani"
    title = "Maharani"
    kind = "mosaic tiles"
    rulebook = "maharani-hungarian.txt"
    languages = ("en", "hu")
    hint = HINT

    def load_spec(self) -> Any:
        from tajkit.solver.maharani.spec import load_spec

        return load_spec()

    def player_counts(self, spec: Any) -> tuple[int, int]:
        return spec.min_players, spec.max_players

    def categories(self, spec: Any) -> tuple[Category, ...]:
        from tajkit.solver.maharani.scoring import categories

        return categories(spec)

    def pad_table(self, spec: Any) -> PadTable | None:
        cells = tuple(
            TableCell(str(n), str(gold), official) for n, (gold, official) in enumerate(zip(spec.quarter_gold, spec.quarter_official))
        )
        return PadTable(spec.pad.table_title, spec.pad.table_labels, cells, spec.quarter_note)

    def card_parts(self, spec: Any) -> dict[str, CardPart]:
        return {"quarter_table": CardPart(table=self.pad_table(spec))}

    def state_model(self, spec: Any) -> Any:
        from tajkit.solver.maharani.state import state_model

        return state_model(spec)

    def read_state(self, spec: Any, data: dict[str, Any]) -> Any:
        from tajkit.solver.maharani.state import read

        return read(spec, data)

    def score(self, spec: Any, state: Any) -> ScoreResult:
        from tajkit.solver.maharani.scoring import score

        return score(spec, state)

    def to_data(self, spec: Any, state: Any) -> dict[str, Any]:
        from tajkit.solver.maharani.state import to_data

        return to_data(spec, state)

    def picture(self, spec: Any, data: dict[str, Any]) -> bytes:
        from tajkit.sheets.maharani import picture

        return picture(spec, data)


GAME = Maharani()
