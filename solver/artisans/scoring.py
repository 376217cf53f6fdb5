"""Scoring a finished Artisans table: each sheet's breakdown, the ranking and its tie-breaks."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby
from typing import Any

from tajkit.solver.artisans.rules import Score, Spec, score
from tajkit.solver.artisans.state import Player
from tajkit.solver.ranking import competition_ranks, join_names


@dataclass(frozen=True)
class Ranked:
    name: str
    score: Score
    rank: int


@dataclass(frozen=True)
class TableResult:
    players: tuple[Ranked, ...]  # best first
    notes: tuple[str, ...]

    def as_json(self) -> dict[str, Any]:
        return {
            "game": "artisans",
            "players": [_player_json(p) for p in self.players],
            "notes": list(self.notes),
        }


def score_table(spec: Spec, players: tuple[Player, ...]) -> TableResult:
    """Rulebook (Scoring): highest score wins; a tie goes to the most unused raindrops; if the tie
    persists the youngest player wins, which tajkit cannot know, so those players share the rank."""
    scores = [score(spec, p.sheet) for p in players]
    keys = [(s.total, s.unused_raindrops) for s in scores]
    ranks = competition_ranks(keys)
    order = sorted(range(len(players)), key=lambda i: (ranks[i], i))
    ranked = [Ranked(players[i].name, scores[i], ranks[i]) for i in order]
    return TableResult(tuple(ranked), tuple(_tie_notes(ranked)))


def _tie_notes(ranked: list[Ranked]) -> list[str]:
    notes = []
    for total, group in groupby(ranked, key=lambda r: r.score.total):
        tied = list(group)
        if len(tied) < 2:
            continue
        names = join_names([r.name for r in tied])
        drops = {r.score.unused_raindrops for r in tied}
        if len(drops) > 1:
            order = ", ".join(f"{r.name} {r.score.unused_raindrops}" for r in tied)
            notes.append(
                f"{names} tie on {total} points; the most unused raindrops breaks it ({order}) "
                "(rulebook: Scoring)"
            )
        for left, same in groupby(tied, key=lambda r: r.score.unused_raindrops):
            still = [r.name for r in same]
            if len(still) > 1:
                notes.append(
                    f"{join_names(still)} still tie with {total} points and {left} unused raindrops: "
                    "the rulebook says the youngest of them wins; tajkit does not know your ages, "
                    "so they share the rank"
                )
    return notes


def _player_json(p: Ranked) -> dict[str, Any]:
    s = p.score
    return {
        "name": p.name,
        "total": s.total,
        "rank": p.rank,
        "unused_raindrops": s.unused_raindrops,
        "breakdown": {
            "features": [
                {
                    "id": row.feature.id,
                    "title": row.feature.title,
                    "craftsperson": row.feature.craftsperson,
                    "values": list(row.values),
                    "stars": row.feature.stars,
                    "points": row.points,
                    "reason": row.reason,
                }
                for row in s.features
            ],
            "unwatered_trees": s.unwatered_trees,
            "tree_penalty": -s.tree_penalty,
        },
    }
