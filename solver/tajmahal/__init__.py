"""Taj Mahal (bidding for provinces), as the seed rulebook ``taj-mahal.txt`` describes it.

So far tajkit prints its reference card and score pad; rules, scoring and hints come with issue 11.
"""

from __future__ import annotations

from typing import Any

from tajkit.solver.game import Category, Game


class TajMahal(Game):
    id = "tajmahal"
    title = "Taj Mahal"
    kind = "bidding, provinces"
    rulebook = "taj-mahal.txt"

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


GAME = TajMahal()
