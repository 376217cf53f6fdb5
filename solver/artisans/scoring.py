"""Scoring a finished Artisans table: each sheet's breakdown, the ranking and its tie-breaks."""

from __future__ import annotations

from typing import Any

from tajkit.solver.artisans import rules
from tajkit.solver.artisans.spec import GAME_ID
from tajkit.solver.artisans.files import Player, end_of_game_note
from tajkit.solver.artisans.rules import Score
from tajkit.solver.artisans.spec import Spec
from tajkit.solver.game import CardPart, Category, PlayerScore, Row, ScoreResult
from tajkit.solver.ranking import TieBreak, join_names, plural, rank, still_tied

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


def card_parts(spec: Spec) -> dict[str, CardPart]:
    """The reference card's features: each craftsperson once, with its count, stars and rule (a
    star value that is a tajkit default is marked, and the mark explained)."""
    lines: dict[str, str] = {}
    for f in spec.features:
        count = sum(1 for g in spec.features if g.craftsperson == f.craftsperson)
        several = f" ×{count}" if count > 1 else ""
        mark = "" if f.stars_official else "*"
        lines.setdefault(f.craftsperson, f"{f.craftsperson}{several}, ★{f.stars}{mark}: {f.rule}.")
    if not all(f.stars_official for f in spec.features):
        lines["*"] = "* star values: tajkit defaults, not the rulebook's (override them with --data)."
    return {"features": CardPart(items=tuple(lines.values()))}


def score(spec: Spec, players: tuple[Player, ...], setup: bool = False) -> ScoreResult:
    """Rulebook (Scoring): the highest score wins; a tie goes to the most unused raindrops; if the
    tie persists the youngest player wins: tajkit uses the ages when every player still tied has
    one, and otherwise names those without and lets the players share the rank (and says how to
    give an age: in a state file, or, for a game in play, ``setup``, that its setup left it out)."""
    scores = [rules.score(spec, p.sheet) for p in players]
    tied = still_tied([(s.total, s.unused_raindrops) for s in scores])
    ageless = [players[i].name for i in tied if players[i].age is None]
    # An age is only compared between players still tied, so a missing one elsewhere stands in as 0.
    values = [(s.unused_raindrops, *(() if ageless else (p.age or 0,))) for s, p in zip(scores, players)]

    def no_ages(names: list[str]) -> str:
        unknown = [n for n in names if n in ageless] or ageless
        return (f"the rulebook gives the win to the youngest of them; tajkit does not know the age of "
                f"{join_names(unknown)} ({'not given at the setup' if setup else 'add age = N'}), so they share the rank")

    tie_breaks = (RAINDROPS,) if ageless else (RAINDROPS, YOUNGEST)
    last_word = no_ages if ageless else "they share the rank"
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
    return ScoreResult(GAME_ID, categories(spec), ranked, ranking.ties, notes)


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
