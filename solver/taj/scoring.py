"""Scoring the final TAJ display: the five colour values, each goal card's arithmetic line by line
as the rulebook's examples show it, and the ranking."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby
from typing import Any

from tajkit.solver.ranking import competition_ranks, join_names
from tajkit.solver.taj.rules import Spec, Table, colour_values, goal_score, symbols


@dataclass(frozen=True)
class GoalLine:
    colour: str
    modifier: int
    value: int

    @property
    def points(self) -> int:
        return self.modifier * self.value


@dataclass(frozen=True)
class PlayerScore:
    name: str
    goal_lines: tuple[GoalLine, ...]
    total: int
    rank: int


@dataclass(frozen=True)
class TableResult:
    under: tuple[int, ...]  # 1-based positions of the rugs under the Taj
    plus_rug: int  # 1-based
    symbols: dict[str, int]
    values: dict[str, int]
    players: tuple[PlayerScore, ...]  # best first
    notes: tuple[str, ...]

    def as_json(self) -> dict[str, Any]:
        return {
            "game": "taj",
            "under_taj": list(self.under),
            "plus_one_rug": self.plus_rug,
            "colour_values": self.values,
            "players": [
                {
                    "name": p.name,
                    "total": p.total,
                    "rank": p.rank,
                    "breakdown": [
                        {"colour": g.colour, "modifier": g.modifier, "value": g.value, "points": g.points}
                        for g in p.goal_lines
                    ],
                }
                for p in self.players
            ],
            "notes": list(self.notes),
        }


def score_table(spec: Spec, table: Table) -> TableResult:
    """Scoring: a player's score is the sum over the goal card's colours of modifier x value. The
    rulebook names no tie-break, so tied players share the rank."""
    d = table.display
    values = colour_values(spec, d)
    totals = [goal_score(spec, p.goal, values) for p in table.players]
    ranks = competition_ranks([(t,) for t in totals])
    order = sorted(range(len(totals)), key=lambda i: (ranks[i], i))
    players = tuple(
        PlayerScore(
            table.players[i].name,
            tuple(GoalLine(c, m, values[c]) for m, c in zip(spec.modifiers, table.players[i].goal)),
            totals[i],
            ranks[i],
        )
        for i in order
    )
    notes = []
    for total, tied in groupby(players, key=lambda p: p.total):
        names = [p.name for p in tied]
        if len(names) > 1:
            notes.append(f"{join_names(names)} tie on {total}: the rulebook names no tie-break, so they share the rank")
    if table.eyes_known and not d.ended(spec):
        notes.append(
            f"the game is not over: {len(d.rugs)} rugs remain and not every Curator's Eye is up "
            "(rulebook: Game End); scoring the display as it stands"
        )
    return TableResult(
        under=tuple(i + 1 for i in d.under),
        plus_rug=d.plus_rug + 1,
        symbols=symbols(spec, d),
        values=values,
        players=players,
        notes=tuple(notes),
    )
