"""Karigar-e-Taj (worker placement).

So far tajkit prints its reference card and score pad; rules, scoring and hints come with issue 10.
"""

from __future__ import annotations

from typing import Any

from tajkit.solver.game import Category, Game


class Karigar(Game):
    id = "karigar"
    title = "Karigar-e-Taj"
    kind = "worker placement"
    rulebook = "karigar-e-taj.txt"

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


GAME = Karigar()
