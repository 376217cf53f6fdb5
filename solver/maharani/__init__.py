"""Maharani (Wolfgang Panning, Queen Games 2012): mosaic tiles on a palace floor of four quarters.

The interface of the game only (see ``solver/game.py``): each method says which module answers it.
:mod:`.spec` the typed game data, :mod:`.rules` the rules model (the truth the others are tested
against), :mod:`.protocol` the rules protocol, :mod:`.notation` positions and turns as text,
:mod:`.files` the state file, :mod:`.scoring` the scorer, :mod:`.hint` the hint (exhaustive) with
:mod:`.cpsat` (the same answer as a CP-SAT model, for the cross-check), :mod:`.report` the words,
:mod:`.pad` the score pad's designs and :mod:`.samples` random games for tests. Kept light:
pydantic, OR-Tools and reportlab are imported inside the methods.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tajkit.solver.game import CardPart, Command, Game, Option, Report

if TYPE_CHECKING:
    from pathlib import Path
    from tajkit.solver.game import Category, PadLayout, PadTable, ScoreResult
    from tajkit.solver.maharani.files import Replay
    from tajkit.solver.maharani.play import MaharaniPlay
    from tajkit.solver.maharani.protocol import MaharaniRules
    from tajkit.solver.maharani.spec import Spec


def _hint(spec: Any, data: dict[str, Any], objective: str = "gold", top: int = 5, tiles: int = 2, solver: str = "enum") -> Report:
    from tajkit.solver.maharani import hint

    return hint.run(spec, data, objective=objective, top=top, tiles=tiles, solver=solver)


HINT = Command(
    summary="The player to move's best turns, exact: every legal turn is played and valued.",
    run=_hint,
    options=(
        Option("objective", "--objective", str, "gold: this turn's gold (quarter scorings it triggers included); "
               "margin: your gold minus the best opponent's after the turn.", default="gold", choices=("gold", "margin")),
        Option("top", "--top", int, "How many of the best turns to list.", default=5, min=1, max=50),
        Option("tiles", "--tiles", int, "The most tiles to consider placing (1 or 2).", default=2, min=1, max=2),
        Option("solver", "--solver", str, "enum: play every legal turn; cpsat: the CP-SAT model "
               "(best turn only).", default="enum", choices=("enum", "cpsat")),
    ),
    examples=(
        "tajkit hint maharani maharani-game.toml",
        "tajkit hint maharani maharani-game.toml --objective margin --top 3",
    ),
)


class Maharani(Game["Spec", "Replay"]):
    id = "maharani"
    title = "Maharani"
    kind = "mosaic tiles"
    rulebook = "maharani-hungarian.txt"
    drawing = "tajkit.sheets.maharani"
    languages = ("en", "hu")
    hint = HINT

    def load_spec(self, data: Path | None = None) -> Spec:
        from tajkit.solver.maharani.spec import load_spec

        return load_spec(data)

    def player_counts(self, spec: Any) -> tuple[int, int]:
        return spec.min_players, spec.max_players

    def categories(self, spec: Spec) -> tuple[Category, ...]:
        from tajkit.solver.maharani.scoring import categories

        return categories(spec)

    def pad_table(self, spec: Spec) -> PadTable:
        from tajkit.solver.maharani.pad import pad_table

        return pad_table(spec)

    def card_parts(self, spec: Any) -> dict[str, CardPart]:
        return {"quarter_table": CardPart(table=self.pad_table(spec))}

    def pad_layouts(self, spec: Spec) -> tuple[PadLayout, ...]:
        from tajkit.solver.maharani.pad import pad_layouts

        return pad_layouts(spec)

    def state_model(self, spec: Spec) -> Any:
        from tajkit.solver.maharani.files import state_model

        return state_model(spec)

    def read_state(self, spec: Spec, data: dict[str, Any]) -> Replay:
        from tajkit.solver.maharani.files import read_state

        return read_state(spec, data)

    def score(self, spec: Spec, replay: Replay) -> ScoreResult:
        from tajkit.solver.maharani.scoring import score

        return score(spec, replay)

    def to_data(self, spec: Spec, replay: Replay) -> dict[str, Any]:
        from tajkit.solver.maharani.files import to_data

        return to_data(spec, replay)

    def rules(self, spec: Spec) -> MaharaniRules:
        from tajkit.solver.maharani.protocol import rules_for

        return rules_for(spec)

    def play(self, spec: Spec) -> MaharaniPlay:
        from tajkit.solver.maharani.play import play_for

        return play_for(spec)


GAME = Maharani()
