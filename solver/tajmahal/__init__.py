"""Taj Mahal (bidding for provinces), as the seed rulebook ``taj-mahal.txt`` describes it: the
game's interface (see ``solver/game.py``). Everything heavy is imported inside the methods.

The modules: ``spec`` the game data, ``rules`` the rules model (the truth the others are tested
against), ``protocol`` the whole game through the rules protocol, ``files`` the state files
(score's and hint's), ``scoring`` the score and what the pad and the card print of it, ``hint``
with ``planner`` (CP-SAT) and ``report`` (its words) the hint, ``samples`` random hint positions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tajkit.solver.game import Command, Game, Option, Report

if TYPE_CHECKING:
    from pathlib import Path
    from tajkit.solver.game import CardPart, Category, PadTable, ScoreResult
    from tajkit.solver.tajmahal.files import Table
    from tajkit.solver.tajmahal.play import TajMahalPlay
    from tajkit.solver.tajmahal.protocol import TajMahalRules
    from tajkit.solver.tajmahal.spec import Spec


def _hint(spec: Any, data: dict[str, Any], player: str | None = None, card_cost: float | None = None, top: int = 5,
          hand: str | None = None) -> Report:
    """``tajkit hint tajmahal FILE``: the position file read into the protocol's state, and the
    hint on it (the same call as a hint in a game in play)."""
    from tajkit.solver.tajmahal.play import play_for

    play = play_for(spec)
    options = {"player": player, "card_cost": card_cost, "top": top, "hand": hand}
    state, who, answers = play.position_state(data, options)
    return play.hint(state, who, answers, options).report


class TajMahal(Game["Spec", "Table"]):
    id = "tajmahal"
    title = "Taj Mahal"
    kind = "bidding, provinces"
    rulebook = "taj-mahal.txt"

    hint = Command(
        summary="What withdrawing now takes, the fewest cards that take each prize or set of prizes, and the "
        "best play this turn (OR-Tools CP-SAT).",
        run=_hint,
        options=(
            Option("player", "--player", str, "Whose hand (default: the player whose turn it is).", metavar="NAME"),
            Option("card_cost", "--card-cost", float, "Points each card spent costs you in the best play (default "
                   "from the game data: 1.0, a tajkit default; the seed warns that overspending early hurts later).",
                   min=0, max=100, metavar="POINTS"),
            Option("top", "--top", int, "How many plays this turn to list.", default=5, min=1, max=50),
            Option("hand", "--hand", str, "Your hand in the card notation (e.g. 'ET P PP M'; none for no card), where "
                   "the file or the record does not hold it.", metavar="CARDS"),
        ),
        examples=("tajkit hint tajmahal position.toml --player Asha --card-cost 1.5",
                  "tajkit hint tajmahal province.toml --player Ben --hand 'M WM P EY'"),
    )

    def load_spec(self, data: Path | None = None) -> Spec:
        from tajkit.solver.tajmahal.spec import load_spec

        return load_spec(data)

    def player_counts(self, spec: Any) -> tuple[int, int]:
        return spec.min_players, spec.max_players

    def categories(self, spec: Spec) -> tuple[Category, ...]:
        from tajkit.solver.tajmahal.scoring import categories

        return categories(spec)

    def pad_table(self, spec: Spec) -> PadTable:
        from tajkit.solver.tajmahal.scoring import pad_table

        return pad_table(spec)

    def card_parts(self, spec: Spec) -> dict[str, CardPart]:
        from tajkit.solver.tajmahal.scoring import card_parts

        return card_parts(spec)


    # A final position, one table per player: what interactive entry asks for. ``score`` also
    # reads a game record (see ``file_forms``).
    def state_model(self, spec: Spec) -> Any:
        from tajkit.solver.tajmahal.files import final_position_model

        return final_position_model(spec)

    def file_forms(self, spec: Any) -> dict[str, Any]:
        """``score`` reads a game record (names and rounds) or a final position (one table per
        player), one model; ``hint`` a round in progress."""
        from tajkit.solver.tajmahal import files

        return {"score": files.state_model(spec), "hint": files.hint_position_model(spec)}

    def read_state(self, spec: Spec, data: dict[str, Any]) -> Table:
        from tajkit.solver.tajmahal.files import read_state

        return read_state(spec, data)

    def score(self, spec: Spec, table: Table) -> ScoreResult:
        from tajkit.solver.tajmahal.scoring import score

        return score(spec, table)

    def to_data(self, spec: Spec, table: Table) -> dict[str, Any]:
        from tajkit.solver.tajmahal.files import to_data

        return to_data(spec, table)

    def rules(self, spec: Spec) -> TajMahalRules:
        from tajkit.solver.tajmahal.protocol import rules_for

        return rules_for(spec)

    def play(self, spec: Spec) -> TajMahalPlay:
        from tajkit.solver.tajmahal.play import play_for

        return play_for(spec)


GAME = TajMahal()
