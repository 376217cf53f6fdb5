"""Text for people from the shared result types (JSON comes from the results themselves)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tajkit.solver.ranking import counted, plural

if TYPE_CHECKING:
    from collections.abc import Sequence

    from tajkit.solver.game import PlayerScore, Report, Row, ScoreResult
    from tajkit.solver.protocol import Advice, HintAnswer


def safe(text: str, limit: int = 80) -> str:
    """A user's text made safe to echo on one line (control characters escaped, shortened)."""
    from tajkit.solver.wording import shown

    return shown(text, limit)


def _points(p: int, stars: int | None) -> str:
    return f"{p}/{stars}" if stars is not None else f"{p}"


def _label(result: ScoreResult, r: Row) -> str:
    return r.label or result.category(r.category).label


def _row_points(result: ScoreResult, r: Row) -> str:
    return _points(r.points, result.category(r.category).stars)


def _widths(result: ScoreResult, rows: Sequence[Row], label: int = 0, points: int = 0) -> tuple[int, int, int]:
    """Columns for ``rows``: the label, what was entered (at most 40 wide) and the points, each at
    least as wide as asked."""
    return (
        max([len(_label(result, r)) for r in rows] + [label]),
        min(max([len(r.shown) for r in rows] + [0]), 40),
        max([len(_row_points(result, r)) for r in rows] + [points]),
    )


def _row_line(result: ScoreResult, r: Row, widths: tuple[int, int, int], indent: str) -> str:
    label_w, shown_w, points_w = widths
    why = f"  {r.reason}" if r.reason else ""
    return f"{indent}{_label(result, r):<{label_w}}  {r.shown:<{shown_w}}  {_row_points(result, r):>{points_w}}{why}"


def row_lines(result: ScoreResult, rows: Sequence[Row], indent: str = "  ") -> list[str]:
    """Rows of a player's score as the score shows them (label, what was entered, points, why),
    in columns fitted to these rows: e.g. the rows a correction changed."""
    widths = _widths(result, rows)
    return [_row_line(result, r, widths, indent) for r in rows]


def _tiebreaks(p: PlayerScore) -> str:
    return "   ".join(counted(v, label) for label, v in p.tiebreaks)


def score(result: ScoreResult) -> str:
    """Each player's rows (label, what was entered, points, why), the ranking, the tie-break
    steps and the notes."""
    lines: list[str] = list(result.header)
    # one set of columns for every player's rows and totals
    widths = _widths(result, [r for p in result.players for r in p.rows], label=len("Total"), points=3)
    label_w, shown_w, points_w = widths
    for p in result.players:
        if lines:
            lines.append("")
        lines.append(f"{p.name}: {plural(p.total, *result.unit)} (rank {p.rank})")
        lines += [_row_line(result, r, widths, "  ") for r in p.rows]
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


def worth(answer: HintAnswer, move: Advice) -> str:
    """A hinted move's value as a phone shows it under the move: "chance to win 62 % ± 3 %",
    "expected final score 34.9 ± 0.4", "gold 7" (an exact value has no error)."""
    if move.value is None:
        return ""
    if answer.meaning.startswith("chance"):
        error = "" if move.error is None else f" ± {move.error * 100:.0f} %"
        return f"{answer.meaning} {move.value * 100:.0f} %{error}"
    error = "" if move.error is None else f" ± {move.error:.2g}"
    return f"{answer.meaning} {move.value:.3g}{error}"
