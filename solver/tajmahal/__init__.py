"""Taj Mahal (bidding for provinces), as the seed rulebook ``taj-mahal.txt`` describes it: the
game's interface (see ``solver/game.py``). Everything heavy is imported inside the methods."""

from __future__ import annotations

from typing import Any

from tajkit.solver.game import CardPart, Command, Game, Option, PadTable, Report, TableCell, delegate


def _hint(spec: Any, data: dict[str, Any], **options: Any) -> Report:
    from tajkit.solver.tajmahal import hint

    return hint.run(spec, data, **options)


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

    def pad_table(self, spec: Any) -> PadTable | None:
        return chain_table(spec)

    def card_parts(self, spec: Any) -> dict[str, CardPart]:
        princess = spec.category("princess")
        items = (
            f"Palace {spec.palace}{spec.star('palace')} when placed; Taj Mahal reward {spec.rewards_text()}"
            f"{spec.star('province_rewards')}.",
            f"Bonus tile: its own value ({spec.bonus_tile}{spec.star('bonus_tile')} when none is given); Princess "
            f"card {spec.princess_card}{spec.star('princess_card')} at the end; connection marker "
            f"{spec.connection_marker}{spec.star('connection_marker')}.",
            f"A prize needs at least 1 symbol; 2 Princesses needs {princess.min_symbols} princess symbols "
            f"({princess.min_source}).",
        )
        if any(spec.default(k) for k in ("palace", "province_rewards", "bonus_tile", "princess_card",
                                         "connection_marker", "chain")):
            items += ("* tajkit defaults: the seed gives no point values (override them with --data).",)
        return {"points": CardPart(items=items, table=chain_table(spec))}

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


def chain_table(spec: Any) -> PadTable:
    """The longest chain's points by its length (tajkit defaults unless a group gave its own)."""
    official = not spec.default("chain")  # a group's own values print unstarred; only tajkit's are marked
    cells = tuple(TableCell(str(n), str(spec.chain_value(n)), official) for n in range(2, spec.provinces + 1))
    note = "" if official else "tajkit defaults: the seed gives no values; set yours with --data"
    return PadTable("Longest chain", ("provinces", "points"), cells, note)


GAME = TajMahal()
