"""Scoring a replayed Maharani game: every turn's gold itemised (tile areas, worker groups, the
second tile's −2), every quarter scoring, running totals and the ranking. The rulebook names no
tie-break: tied players share the rank."""

from __future__ import annotations

from typing import Any

from tajkit.solver.game import Category, PlayerScore, Row, ScoreResult
from tajkit.solver.maharani import notation
from tajkit.solver.maharani.rules import Placed, QuarterScore, Tile, TurnResult, crew_player, live_bag
from tajkit.solver.maharani.spec import DIRS, Spec, inferred_table_note
from tajkit.solver.maharani.files import Replay
from tajkit.solver.ranking import rank

NO_TIE_BREAK = "the rulebook names no tie-break, so they share the rank"


def categories(spec: Spec) -> tuple[Category, ...]:
    """The score pad's rows and the scorer's: a row per turn (gold ± and the running total), a
    row per quarter scoring (workers and gold), the total."""
    out = []
    for cid, label, note, kind, sub, count in spec.pad.rows:
        out.append(Category(cid, label, note, "total" if kind == "total" else "rounds", sub, count=count))
    return tuple(out)


# --- one placement, one turn, in words -----------------------------------------------------------


def tiles_words(spec: Spec, tiles: tuple[Tile, ...] | list[Tile]) -> str:
    """``Yc``, ``Yc and Gc``, ``Yc, Gc and Pc``."""
    names = [spec.tile_name(*t) for t in tiles]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def colour_words(spec: Spec, players: int, colour: int) -> str:
    """`` a`` or `` b``, a two-player game's worker colour (Szabályok 2 játékosra), else nothing."""
    return f" {'ab'[colour]}" if spec.crews_per_player[players] == 2 else ""


def worker_words(spec: Spec, players: int, p: Placed, side: int) -> str:
    """What the worker did, and its gold; with the arrow at the player and no worker, why not."""
    w = p.placement.worker
    if w is None or w.kind == "none":
        if p.placement.arrow != side:
            return ""
        either = " of either colour" if spec.crews_per_player[players] == 2 else ""
        return f"arrow at the player but no worker{either} left to put on it"
    colour = colour_words(spec, players, w.colour)
    group = f"group {p.group} (+{p.group})"
    if w.kind == "new":
        return f"new worker{colour}, {group}"
    return f"worker{colour} moved from {spec.spaces[w.source].name}, {group}"


def placed_words(spec: Spec, players: int, p: Placed, side: int) -> str:
    colour = spec.colours[p.tile[0]].name
    space = spec.spaces[p.placement.space].name
    parts = [f"{space} {colour} area {p.area} (+{p.area})"]
    if p.marker >= 0:
        parts.append(f"{spec.quarter_names[p.marker]} marker down")
    parts.append(worker_words(spec, players, p, side))
    if p.removed:
        verb = "leaves" if len(p.removed) == 1 else "leave"
        parts.append(f"the last centre-column space: {tiles_words(spec, p.removed)} {verb} the rondel and the game")
    return ", ".join(part for part in parts if part)


def drawn_aside(result: TurnResult) -> list[Tile]:
    """The centre-column tiles drawn in the turn and set aside (Különleges eset 1), without those
    taken off the rondel when the last centre space was covered."""
    drawn = list(result.set_aside)
    for p in result.placed:
        for tile in p.removed:
            drawn.remove(tile)
    return drawn


def turn_words(spec: Spec, players: int, result: TurnResult) -> str:
    if result.refresh:
        return "refresh: all action markers face up"
    side = result.after.sides[result.player]
    parts = [placed_words(spec, players, p, side) for p in result.placed]
    drawn = drawn_aside(result)
    if drawn:
        parts.append(f"{tiles_words(spec, drawn)} drawn and set aside: no centre-column space is left")
    if result.second_tile:
        parts.append(f"second tile {result.second_tile}")
    return "; ".join(parts)


def workers_words(n: int, code: int, two: bool) -> str:
    """``3 workers``, with two players ``3 workers a`` (each colour is scored apart)."""
    return f"{n} worker{'s' if n != 1 else ''}{' ' + 'ab'[code % 2] if two else ''}"


def scoring_words(spec: Spec, players: int, score: QuarterScore, player: int) -> str:
    """The player's workers in the scored quarter and their gold, then those set beside it going
    home (Fontos); empty when the player had none there."""
    two = spec.crews_per_player[players] == 2
    scored = " + ".join(f"{workers_words(n, c, two)} → {g}" for c, n, g in score.crews if crew_player(c) == player)
    beside = [(c, n) for c, n in score.beside if crew_player(c) == player]
    home = ""
    if beside:
        who = " + ".join(workers_words(n, c, two) for c, n in beside)
        home = f"{who} set beside it {'goes' if sum(n for _, n in beside) == 1 else 'go'} home"
    return "; ".join(part for part in (scored, home) if part)


def placed_json(spec: Spec, players: int, p: Placed) -> dict[str, Any]:
    w = p.placement.worker
    worker = None
    if w is not None and w.kind != "none":
        worker = {
            "action": w.kind,
            "colour": "ab"[w.colour] if spec.crews_per_player[players] == 2 else None,
            "from": spec.spaces[w.source].name if w.kind == "move" else None,
            "group": p.group,
            "gold": p.group,
        }
    return {
        "slot": p.placement.slot + 1,
        "tile": spec.tile_name(*p.tile),
        "colour": spec.colours[p.tile[0]].name,
        "space": spec.spaces[p.placement.space].name,
        "quarter": p.quarter + 1,
        "arrow": DIRS[p.placement.arrow],
        "marker": None if p.marker < 0 else {"quarter": p.marker + 1, "name": spec.quarter_names[p.marker]},
        "area": p.area,
        "tile_gold": p.area,
        "worker": worker,
        "set_aside": [spec.tile_name(*t) for t in p.removed],
    }


def scoring_json(spec: Spec, names: tuple[str, ...] | list[str], score: QuarterScore) -> dict[str, Any]:
    two = spec.crews_per_player[len(names)] == 2
    return {
        "quarter": score.quarter + 1,
        "at_end": score.at_end,
        "crews": [
            {"player": names[crew_player(c)], "colour": "ab"[c % 2] if two else None, "workers": n, "gold": g}
            for c, n, g in score.crews
        ],
        "beside": [
            {"player": names[crew_player(c)], "colour": "ab"[c % 2] if two else None, "workers": n}
            for c, n in score.beside
        ],
    }


def turn_json(spec: Spec, names: tuple[str, ...] | list[str], number: int, text: str, result: TurnResult) -> dict[str, Any]:
    n = len(names)
    return {
        "turn": number,
        "player": names[result.player],
        "text": text,
        "refresh": result.refresh,
        "tiles": [placed_json(spec, n, p) for p in result.placed],
        "second_tile": result.second_tile,
        "quarter_scorings": [scoring_json(spec, names, s) for s in result.scorings],
        "gold": dict(zip(names, result.gold)),
        "totals": dict(zip(names, result.after.gold)),
        "drawn": [spec.tile_name(*t) for t in result.drawn],
        "set_aside": [spec.tile_name(*t) for t in result.set_aside],
        "over": result.over,
    }


# --- the whole result --------------------------------------------------------------------------------


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
        game="maharani",
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
    for k, (turn, result) in enumerate(zip(replay.turns, replay.results), 1):
        unknown = None in result.after.rondel and live_bag(spec, result.after)
        if turn.draws is None and result.placed and unknown and k < len(replay.results):
            notes.append(f"turn {k} records no tiles drawn: the rondel's emptied slots stay empty")
    return notes
