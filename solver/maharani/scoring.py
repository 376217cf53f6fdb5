"""Scoring a Maharani game as the rules protocol replayed it (what each turn did, as its states
hold it): every turn's gold itemised (tile areas, worker groups, the second tile's −2), every
quarter scoring, running totals and the ranking. The rulebook names no tie-break: tied players
share the rank. The words of each row are :mod:`.report`'s."""

from __future__ import annotations

from tajkit.solver.game import Category, PlayerScore, Row, ScoreResult
from tajkit.solver.maharani import notation
from tajkit.solver.maharani.files import Replay
from tajkit.solver.maharani.report import scoring_json, scoring_words, turn_json, turn_words
from tajkit.solver.maharani.rules import TurnResult
from tajkit.solver.maharani.spec import DIRS, GAME_ID, Spec, inferred_table_note
from tajkit.solver.ranking import rank

NO_TIE_BREAK = "the rulebook names no tie-break, so they share the rank"


def categories(spec: Spec) -> tuple[Category, ...]:
    """The score pad's rows and the scorer's: a row per turn (gold ± and the running total), a
    row per quarter scoring (workers and gold), the total."""
    out = []
    for cid, label, note, kind, sub, count in spec.pad.rows:
        out.append(Category(cid, label, note, "total" if kind == "total" else "rounds", sub, count=count))
    return tuple(out)


def score(spec: Spec, replay: Replay) -> ScoreResult:
    names = replay.names
    n = len(names)
    rows: list[list[Row]] = [[] for _ in names]
    if not replay.from_setup:
        for k in range(n):
            rows[k].append(Row("turn", replay.start.gold[k], "gold on the track in the start position", label="Start"))
    used_counts: set[int] = set()
    for number, result in enumerate(replay.results, 1):
        _turn_rows(spec, n, number, result, rows, used_counts)
    running = list(replay.start.gold)
    for score in replay.closing:
        used_counts.update(w for _, w, _ in score.crews)
        for k in range(n):
            if scoring_words(spec, n, score, k):
                running[k] += score.gold_of(k)
                rows[k].append(Row("quarter", score.gold_of(k), scoring_words(spec, n, score, k),
                                   reason=f"running total {running[k]}", label=f"Quarter {score.quarter + 1} (end of the game)"))
    end = replay.end
    totals = list(end.gold)
    ranking = rank(list(names), totals, [[] for _ in names], (), last_word=NO_TIE_BREAK, unit="gold")
    players = tuple(
        PlayerScore(names[i], totals[i], ranking.ranks[i], tuple(rows[i]), detail={"side": DIRS[end.sides[i]]})
        for i in ranking.order
    )
    return ScoreResult(
        game=GAME_ID,
        categories=categories(spec),
        players=players,
        ties=ranking.ties,
        notes=tuple(_notes(spec, replay, used_counts)),
        header=tuple(_header(spec, replay)),
        unit=("gold", "gold"),
        extra={
            "start": notation.format_position(spec, replay.start),
            "end": notation.format_position(spec, end),
            "over": replay.over,
            "closing_scorings": [scoring_json(spec, names, s) for s in replay.closing],
            "turns": [turn_json(spec, names, k, t, r) for k, (t, r) in enumerate(zip(replay.texts, replay.results), 1)],
            "defaults": list(spec.defaults),
        },
    )


def _turn_rows(spec: Spec, n: int, number: int, result: TurnResult, rows: list[list[Row]], used: set[int]) -> None:
    player = result.player
    own = sum(p.area + p.group for p in result.placed) + result.second_tile
    running = [g - sum(s.gold_of(k) for s in result.scorings) for k, g in enumerate(result.after.gold)]
    rows[player].append(
        Row("turn", own, turn_words(spec, n, result), reason=f"running total {running[player]}", label=f"Turn {number}")
    )
    for score in result.scorings:
        used.update(w for _, w, _ in score.crews)
        when = "end of the game" if score.at_end else f"after turn {number}"
        for k in range(n):
            running[k] += score.gold_of(k)
            words = scoring_words(spec, n, score, k)
            if words:
                rows[k].append(
                    Row("quarter", score.gold_of(k), words, reason=f"running total {running[k]}",
                        label=f"Quarter {score.quarter + 1} ({when})")
                )


def _header(spec: Spec, replay: Replay) -> list[str]:
    start = "the setup" if replay.from_setup else "the start position"
    count = len(replay.results)
    if count:
        lines = [f"{count} turn{'s' if count != 1 else ''} replayed from {start}, each checked against the rules"]
    else:
        lines = ["the position as typed (no turns given): the gold on the score track"]
    if replay.over:
        lines.append(f"the game is over: {replay.over}")
    if replay.closing:
        lines.append("the unfinished quarters still held workers: they are scored now (A játék vége)")
    return lines


def _notes(spec: Spec, replay: Replay, used: set[int]) -> list[str]:
    notes = list(spec.defaults)
    table = inferred_table_note(spec, used)
    if table:
        notes.append(table)
    if replay.over is None:
        notes.append("the game is not over: these are the standings so far, not the final result")
    return notes
