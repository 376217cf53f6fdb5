"""A value estimate per feature: the chance that a feature still ends up scoring, given its values
so far and the raindrops left; and the trees a player will have watered by the end.

The chances are measured, not guessed: ``scripts/fit_artisans_values.py`` plays many seeded
solitaire games and counts, for every situation met, how often the feature scored in the end
(approximate policy iteration: each round plays with the previous round's estimate). The table
ships as ``artisans-values.json``; it is keyed by the sheet's structure, so a data override that
changes boxes or conditions is caught, while star values may change freely (chances are per
feature, stars multiply them).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources

from tajkit.solver.artisans.search.engine import EMove, Engine

TABLE_FILE = "artisans-values.json"


def structure_key(engine: Engine) -> str:
    """What the chances depend on: features in sheet order (group, size, condition), dice,
    raindrops, trees; not the names or the stars."""
    parts = [(t.feature.group, t.feature.size, t.feature.condition, t.feature.target) for t in engine.tables]
    text = repr((parts, engine.faces, engine.raindrops, engine.trees))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@dataclass
class ValueTable:
    """chance[f][(canonical state, raindrops left)], chance_by_state[f][canonical state] to fall
    back on, and trees[(watered, garden boxes left, raindrops left)] = trees watered at the end.
    (Measured: adding the boxes left to the key made the estimate worse, not better: too few
    games per situation.)"""

    chance: list[dict[tuple[int, int], float]]
    chance_by_state: list[dict[int, float]]
    trees: dict[tuple[int, int, int], float]

    def as_json(self, key: str) -> dict:
        return {
            "structure": key,
            "chance": [[[*k, round(v, 4)] for k, v in sorted(d.items())] for d in self.chance],
            "chance_by_state": [[[k, round(v, 4)] for k, v in sorted(d.items())] for d in self.chance_by_state],
            "trees": [[*k, round(v, 4)] for k, v in sorted(self.trees.items())],
        }

    @classmethod
    def uninformed(cls, features: int) -> ValueTable:
        """No measurements: every open feature an even chance, no more trees watered."""
        return cls([{} for _ in range(features)], [{} for _ in range(features)], {})

    @classmethod
    def from_json(cls, data: dict) -> ValueTable:
        return cls(
            chance=[{(a, b): v for a, b, v in rows} for rows in data["chance"]],
            chance_by_state=[{a: v for a, v in rows} for rows in data["chance_by_state"]],
            trees={(a, b, c): v for a, b, c, v in data["trees"]},
        )


@cache
def shipped_table(key: str) -> ValueTable | None:
    """The measured table, or None when the game data changes what its chances depend on."""
    data = json.loads(resources.files(__package__).joinpath(TABLE_FILE).read_text(encoding="utf-8"))
    return ValueTable.from_json(data) if data["structure"] == key else None


class Estimator:
    """Expected final score of a position under good play, from a :class:`ValueTable`."""

    def __init__(self, engine: Engine, table: ValueTable) -> None:
        self.engine = engine
        self.table = table
        self.garden = [fi for fi, g in enumerate(engine.groups) if g == engine.garden]

    def chance(self, fi: int, state: int, rain: int) -> float:
        """The chance that feature ``fi`` (packed ``state``) ends up scoring."""
        table = self.engine.tables[fi]
        if not table.empties[state]:
            return 1.0 if table.scores[state] else 0.0
        if not table.live[state] or rain <= 0:
            return 0.0
        canon = table.canon[state]
        got = self.table.chance[fi].get((canon, rain))
        return self.table.chance_by_state[fi].get(canon, 0.5) if got is None else got

    def watered_at_end(self, watered: int, garden_left: int, rain: int) -> float:
        if garden_left <= 0 or rain <= 0 or watered >= self.engine.trees:
            return float(watered)
        return self.table.trees.get((watered, garden_left, rain), float(watered))

    def value(self, states: Sequence[int], used: int, trees: int) -> float:
        """Expected final score from this position."""
        e = self.engine
        rain = e.raindrops - used
        boxes = sum(len(t.empties[s]) for t, s in zip(e.tables, states))
        if boxes == 0 or rain <= 0:
            return float(e.score(states, trees))
        stars = sum(e.stars[fi] * self.chance(fi, s, rain) for fi, s in enumerate(states))
        garden_left = sum(len(e.tables[fi].empties[states[fi]]) for fi in self.garden)
        return stars - e.spec.tree_penalty * (e.trees - self.watered_at_end(trees, garden_left, rain))

    def after(self, states: Sequence[int], used: int, trees: int, move: EMove) -> float:
        """Expected final score after ``move``."""
        if move.feature < 0:
            return self.value(states, used + move.raindrops, trees)
        after = list(states)
        after[move.feature] = move.state
        return self.value(after, used + move.raindrops, trees + move.water)

    def values_after(self, states: Sequence[int], used: int, trees: int, moves: Sequence[EMove]) -> list[float]:
        """``after`` for many moves at once: the other features' chances are shared between
        moves that leave the same raindrops, so each is looked up once."""
        e = self.engine
        rain = e.raindrops - used
        boxes = sum(len(t.empties[s]) for t, s in zip(e.tables, states))
        garden_left = sum(len(e.tables[fi].empties[states[fi]]) for fi in self.garden)
        shared: dict[int, tuple[list[float], float]] = {}
        out = []
        for m in moves:
            rain_after = rain - m.raindrops
            boxes_after = boxes - (m.feature >= 0)
            if rain_after <= 0 or boxes_after <= 0:
                out.append(self.after(states, used, trees, m))
                continue
            if rain_after not in shared:
                chances = [self.chance(fi, s, rain_after) for fi, s in enumerate(states)]
                shared[rain_after] = (chances, sum(st * c for st, c in zip(e.stars, chances)))
            chances, total = shared[rain_after]
            fi = m.feature
            if fi >= 0:
                total += e.stars[fi] * (self.chance(fi, m.state, rain_after) - chances[fi])
            left_in_garden = garden_left - (fi >= 0 and e.groups[fi] == e.garden)
            watered = self.watered_at_end(trees + m.water, left_in_garden, rain_after)
            out.append(total - e.spec.tree_penalty * (e.trees - watered))
        return out
