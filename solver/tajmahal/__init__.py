"""Taj Mahal (bidding for provinces), as the seed rulebook ``taj-mahal.txt`` describes it: the
game's interface (see ``solver/game.py``). Everything heavy is imported inside the methods.

The modules: ``spec`` the game data, ``rules`` the rules model (the truth the others are tested
against), ``protocol`` the whole game through the rules protocol, ``files`` the state files
(score's and hint's), ``scoring`` the score and what the pad and the card print of it, ``hint``
with ``planner`` (CP-SAT) and ``report`` (its words) the hint, ``samples`` random hint positions."""

from __future__ import annotations

from typing import Any

from tajkit.solver.game import Command, Game, Option, Report, delegate


def _hint(spec: Any, data: dict[str, Any], player: str | None, card_cost: float | None, top: int) -> Report:
    from tajkit.solver.tajmahal import hint

    return hint.run(spec, data, player=player, card_cost=card_cost, top=top)


class TajMahal(Game):
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
        ),
        examples=("tajkit hint tajmahal position.toml --player Asha --card-cost 1.5",),
    )

    load_spec = delegate("tajkit.solver.tajmahal.spec", "load_spec")

    def player_counts(self, spec: Any) -> tuple[int, int]:
        return spec.min_players, spec.max_players

    categories = delegate("tajkit.solver.tajmahal.scoring", "categories")
    pad_table = delegate("tajkit.solver.tajmahal.scoring", "pad_table")
    card_parts = delegate("tajkit.solver.tajmahal.scoring", "card_parts")

    # A final position, one table per player: what interactive entry asks for. ``score`` also
    # reads a game record (see ``file_forms``).
    state_model = delegate("tajkit.solver.tajmahal.files", "final_position_model")

    def file_forms(self, spec: Any) -> dict[str, Any]:
        """``score`` reads a game record (names and rounds) or a final position (one table per
        player), one model; ``hint`` a round in progress."""
        from tajkit.solver.tajmahal import files

        return {"score": files.state_model(spec), "hint": files.hint_position_model(spec)}

    read_state = delegate("tajkit.solver.tajmahal.files", "read_state")
    score = delegate("tajkit.solver.tajmahal.scoring", "score")
    to_data = delegate("tajkit.solver.tajmahal.files", "to_data")
    rules = delegate("tajkit.solver.tajmahal.protocol", "rules_for")


GAME = TajMahal()
