"""Maharani (mosaic tiles).

So far tajkit prints its reference card and score pad; rules, scoring and hints come with issue 9.
"""

from __future__ import annotations

from typing import Any

from tajkit.solver.game import CardPart, Category, Game, PadTable, TableCell


class Maharani(Game):
    id = "maharani"
    title = "Maharani"
    kind = "mosaic tiles"
    rulebook = "maharani-hungarian.txt"
    languages = ("en", "hu")

    def load_spec(self) -> Any:
        from tajkit import seeds

        return seeds.load(self.id)

    def player_counts(self, spec: Any) -> tuple[int, int]:
        return 2, int(spec["scorepad"]["max_players"])

    def categories(self, spec: Any) -> tuple[Category, ...]:
        return tuple(
            Category(str(k), r["label"], r.get("note", ""), r.get("kind", "score"), tuple(r.get("sub", ("",))),
                     count=r.get("count", 1))
            for k, r in enumerate(spec["scorepad"]["rows"])
        )

    def pad_table(self, spec: Any) -> PadTable | None:
        q = spec["quarter_scoring"]
        cells = tuple(TableCell(str(n), str(g), src == "rulebook") for n, (g, src) in enumerate(zip(q["gold"], q["source"])))
        return PadTable(spec["scorepad"]["table_title"], tuple(spec["scorepad"]["table_labels"]), cells, q.get("note", ""))

    def card_parts(self, spec: Any) -> dict[str, CardPart]:
        return {"quarter_table": CardPart(table=self.pad_table(spec))}


GAME = Maharani()
