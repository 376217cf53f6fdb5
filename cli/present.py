"""Text for people: score tables, ranking, notes. (JSON output comes from the solver's results.)"""

from __future__ import annotations

from tajkit.solver.artisans.scoring import TableResult


def _values(values: tuple[int, ...]) -> str:
    return " ".join(str(v) if v else "_" for v in values)


def artisans_score(result: TableResult, total_trees: int) -> str:
    lines: list[str] = []
    label_w = max(len(f"{r.feature.title} ({r.feature.craftsperson})") for r in result.players[0].score.features)
    label_w = max(label_w, len("Fruit trees watered (Gardener)"))
    for p in result.players:
        s = p.score
        lines.append(f"{p.name}: {s.total} points (rank {p.rank})")
        for row in s.features:
            label = f"{row.feature.title} ({row.feature.craftsperson})"
            why = f"  {row.reason}" if row.reason else ""
            lines.append(f"  {label:<{label_w}}  {_values(row.values):<8}  {row.points:>2}/{row.feature.stars}{why}")
        watered = f"{total_trees - s.unwatered_trees} of {total_trees}"
        dry = f"  {s.unwatered_trees} unwatered" if s.unwatered_trees else ""
        lines.append(f"  {'Fruit trees watered (Gardener)':<{label_w}}  {watered:<8}  {-s.tree_penalty:>2}{dry}")
        lines.append(f"  {'Total':<{label_w}}  {'':<8}  {s.total:>2}   {s.unused_raindrops} raindrops unused")
        lines.append("")
    lines.append("Ranking")
    width = max(len(p.name) for p in result.players)
    for p in result.players:
        lines.append(f"  {p.rank}. {p.name:<{width}}  {p.score.total:>3}   {p.score.unused_raindrops} raindrops unused")
    for note in result.notes:
        lines.append(f"  Note: {note}")
    return "\n".join(lines)

