"""Scoring a finished Artisans table: each sheet's breakdown, the ranking and its tie-breaks."""

from __future__ import annotations

from typing import Any

from tajkit.solver.artisans.rules import Score, Spec, score
from tajkit.solver.artisans.state import Player, end_of_game_note
from tajkit.solver.game import Category, PlayerScore, Row, ScoreResult
from tajkit.solver.ranking import TieBreak, plural, rank

TREES, TOTAL, UNUSED = "dry_trees", "total", "unused_raindrops"
RAINDROPS = TieBreak("unused raindrops", most=True, rule="rulebook: Scoring")
YOUNGEST = TieBreak("age", most=False, rule="rulebook: Scoring", wording="the youngest player")


def categories(spec: Spec) -> tuple[Category, ...]:
    """The sheet's scoring categories: a row per feature with its stars, the dry trees, the total
    and the tie-break (rulebook: Scoring)."""
    features = tuple(Category(f.id, f.title, f.short_rule, stars=f.stars, official=f.stars_official) for f in spec.features)
    return features + (
        Category(TREES, "Dry fruit trees", f"−{spec.tree_penalty} each"),
        Category(TOTAL, "Total", kind="total"),
        Category(UNUSED, "Unused raindrops", "tie-break: most", kind="tiebreak"),
    )


def score_table(spec: Spec, players: tuple[Player, ...]) -> ScoreResult:
    """Rulebook (Scoring): the highest score wins; a tie goes to the most unused raindrops; if the
    tie persists the youngest player wins: tajkit uses the ages when every player's is given, and
    otherwise says so and lets the players share the rank."""
    scores = [score(spec, p.sheet) for p in players]
    ages_known = all(p.age is not None for p in players)
    tie_breaks = (RAINDROPS, YOUNGEST) if ages_known else (RAINDROPS,)
    values = [(s.unused_raindrops, *((p.age,) if ages_known else ())) for s, p in zip(scores, players)]
    last_word = (
        "the rulebook gives the win to the youngest of them; tajkit does not know your ages "
        "(add age = N for each player), so they share the rank"
        if not ages_known
        else "they share the rank"
    )
    ranking = rank([p.name for p in players], [s.total for s in scores], values, tie_breaks, last_word)
    ranked = tuple(
        PlayerScore(
            name=players[i].name,
            total=scores[i].total,
            rank=ranking.ranks[i],
            rows=_rows(spec, scores[i]),
            tiebreaks=(("unused raindrops", scores[i].unused_raindrops),),
            detail=_breakdown(scores[i]),
        )
        for i in ranking.order
    )
    note = end_of_game_note(spec, players)
    notes = ((note,) if note else ()) + spec.default_notes()
    return ScoreResult("artisans", categories(spec), ranked, ranking.ties, notes)


def _rows(spec: Spec, s: Score) -> tuple[Row, ...]:
    rows = [
        Row(r.feature.id, r.points, " ".join(str(v) if v else "_" for v in r.values), r.reason or "")
        for r in s.features
    ]
    watered = spec.trees - s.unwatered_trees
    dry = plural(s.unwatered_trees, "dry tree") if s.unwatered_trees else ""
    rows.append(Row(TREES, -s.tree_penalty, f"{watered} of {spec.trees} watered", dry))
    return tuple(rows)


def _breakdown(s: Score) -> dict[str, Any]:
    return {
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
    }
