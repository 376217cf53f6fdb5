"""Taj Mahal (bidding for provinces), as the seed rulebook ``taj-mahal.txt`` describes it: the
game's interface (see ``solver/game.py``). ``pieces`` says where each piece lives; the base
class imports it when it is used.

The modules: ``spec`` the game data, ``rules`` the rules model (the truth the others are tested
against), ``protocol`` the whole game through the rules protocol, ``notation`` its actions as
text, ``files`` the state files
(score's and hint's), ``scoring`` the score and what the pad and the card print of it, ``hint``
with ``planner`` (CP-SAT) and ``report`` (its words) the hint, ``samples`` random hint positions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tajkit.solver.game import Command, Game, Option, Pieces, Report

if TYPE_CHECKING:
    from tajkit.solver.tajmahal.files import Table
    from tajkit.solver.tajmahal.spec import Spec


def _hint(spec: Any, data: dict[str, Any], player: str | None = None, card_cost: float | None = None, top: int = 5,
          hand: str | None = None) -> Report:
    """``tajkit hint tajmahal FILE``: the position file read into the protocol's state, and the
    hint on it (the same call as a hint in a game in play)."""
    return GAME.position_hint(spec, data, {"player": player, "card_cost": card_cost, "top": top, "hand": hand})


class TajMahal(Game["Spec", "Table"]):
    id = "tajmahal"
    title = "Taj Mahal"
    kind = "bidding, provinces"
    rulebook = "taj-mahal.txt"
    # score reads a game record (names and rounds) or a final position (one table per player), one
    # model; hint a round in progress
    pieces = Pieces(card_parts="scoring", pad_table="scoring",
                    forms=(("score", "state_model"), ("hint", "hint_position_model")))
    hint_positions = True
    # the phones bid on a board drawn as SVG (sheets/tajmahal.py); no picture of a state file
    drawing = "tajkit.sheets.tajmahal"
    pictures = False
    boards = True

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

    def state_model(self, spec: Spec) -> Any:
        """A final position, one table per player: what interactive entry asks for (``score``
        also reads a game record, see ``pieces.forms``)."""
        return self.piece("files").final_position_model(spec)


GAME = TajMahal()
