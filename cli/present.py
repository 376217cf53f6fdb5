"""Text for people from the shared result types (JSON comes from the results themselves)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tajkit.solver.ranking import counted, plural

if TYPE_CHECKING:
    from tajkit.solver.game import PlayerScore, Report, ScoreResult


def safe(text: str, limit: int = 80) -> str:
    """A user's text made safe to echo on one line (control characters escaped, shortened)."""
    from tajkit.solver.statefile import shown

    return shown(text, limit)


def _points(p: int, stars: int | None) -> str:
    return f"{p}/{stars}" if stars is not None else f"{p}"


def _tiebreaks(p: PlayerScore) -> str:
    return "   ".join(counted(v, label) for label, v in p.tiebreaks)


def score(result: ScoreResult) -> str:
    """Each player's rows (label, what was entered, points, why), the ranking, the tie-break
    steps and the notes."""
    lines: list[str] = list(result.header)
    labels = {c.id: c.label for c in result.categories}
    stars = {c.id: c.stars for c in result.categories}
    rows = [r for p in result.players for r in p.rows]
    label_w = max([len(r.label or labels[r.category]) for r in rows] + [5])
    shown_w = min(max([len(r.shown) for r in rows] + [0]), 40)
    points_w = max([len(_points(r.points, stars[r.category])) for r in rows] + [3])
    for p in result.players:
        if lines:
            lines.append("")
        lines.append(f"{p.name}: {plural(p.total, *result.unit)} (rank {p.rank})")
        for r in p.rows:
            why = f"  {r.reason}" if r.reason else ""
            label = r.label or labels[r.category]
            lines.append(f"  {label:<{label_w}}  {r.shown:<{shown_w}}  {_points(r.points, stars[r.category]):>{points_w}}{why}")
        extra = f"  {_tiebreaks(p)}" if p.tiebreaks else ""
        lines.append(f"  {'Total':<{label_w}}  {'':<{shown_w}}  {p.total:>{points_w}}{extra}")
    lines += ["", "Ranking"]
    width = max(len(p.name) for p in result.players)
    for p in result.players:
        extra = f"   {_tiebreaks(p)}" if p.tiebreaks else ""
        lines.append(f"  {p.rank}. {p.name:<{width}}  {p.total:>3}{extra}")
    lines += [f"  Tie: {t}" for t in result.ties]
    lines += [f"Note: {n}" for n in result.notes]
    return "\n".join(lines)


def report(r: Report) -> str:
    return "\n".join([r.text, *(f"Note: {n}" for n in r.notes)])
