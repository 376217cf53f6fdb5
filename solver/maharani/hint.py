"""The best turns for the player to move, exact: every legal turn (refresh, every tile of the
rondel on every free space it fits, each way its arrow may point, with and without the marker,
each worker choice, and every second tile after it) is played by the rules engine and valued.

Objectives: ``gold`` (the player's gold from this turn, quarter scorings it triggers included) and
``margin`` (the player's gold minus the best opponent's after the turn). A placed tile's arrow
matters only by pointing at the player or not, so one arrow stands for each of those outcomes;
two tiles placed in either order count as one choice, in the better order.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from typing import Any

from tajkit.solver.errors import BadInput
from tajkit.solver.maharani import notation
from tajkit.solver.maharani.rules import Placement, Position, Turn, TurnResult, finish, game_over, place, placements
from tajkit.solver.maharani.spec import Spec

OBJECTIVES = ("gold", "margin")


@dataclass(frozen=True)
class Scored:
    turn: Turn
    result: TurnResult
    value: int


@dataclass(frozen=True)
class Answer:
    objective: str
    best: tuple[Scored, ...]  # ranked, best first
    considered: int  # legal turns evaluated (one arrow per outcome)
    proven: bool
    solver: str
    seconds: float


def value_of(result: TurnResult, player: int, objective: str) -> int:
    if objective == "gold":
        return result.gold[player]
    gold = result.after.gold
    return gold[player] - max(g for k, g in enumerate(gold) if k != player)


def refresh_result(spec: Spec, pos: Position) -> TurnResult:
    player = pos.to_move
    return finish(spec, replace(pos, down=pos.down[:player] + (0,) + pos.down[player + 1 :]), ())


def every_turn(spec: Spec, pos: Position, max_tiles: int = 2) -> list[tuple[Turn, TurnResult]]:
    """Every legal turn from ``pos`` with its result (no tiles drawn: the refill is unknown)."""
    out = [(Turn(), refresh_result(spec, pos))]
    for first in placements(spec, pos, distinct=True):
        after, done = place(spec, pos, first, check=False)
        out.append((Turn((first,)), finish(spec, after, (done,))))
        if max_tiles < 2:
            continue
        for second in placements(spec, after, distinct=True):
            last, done2 = place(spec, after, second, check=False)
            out.append((Turn((first, second)), finish(spec, last, (done, done2))))
    return out


def _choice_key(turn: Turn, pos: Position) -> frozenset[tuple[int, int, bool, Any]]:
    """Turns that place the same tiles on the same spaces with the same worker outcome are one
    choice, whatever the order."""
    side = pos.sides[pos.to_move]
    return frozenset((p.slot, p.space, p.arrow == side, p.worker) for p in turn.placements)


def enumerate_best(spec: Spec, pos: Position, objective: str = "gold", top: int = 5, max_tiles: int = 2) -> Answer:
    started = time.perf_counter()
    player = pos.to_move
    best: dict[frozenset[Any], Scored] = {}
    considered = 0
    for turn, result in every_turn(spec, pos, max_tiles):
        considered += 1
        scored = Scored(turn, result, value_of(result, player, objective))
        key = _choice_key(turn, pos)
        if key not in best or _numeric_key(scored) < _numeric_key(best[key]):
            best[key] = scored  # same value: the first found (a fixed order) stays
    by_value = sorted(best.values(), key=_numeric_key)
    cut = _numeric_key(by_value[min(top, len(by_value)) - 1])
    leaders = [s for s in by_value if _numeric_key(s) <= cut]  # ties at the cut are ordered by their notation
    ranked = sorted(leaders, key=lambda s: (_numeric_key(s), notation.format_turn(spec, s.turn, pos.players)))
    return Answer(objective, tuple(ranked[:top]), considered, True, "enumeration", time.perf_counter() - started)


def _numeric_key(s: Scored) -> tuple[int, int, int]:
    """Higher value first, then more gold for the player, then fewer tiles."""
    return (-s.value, -s.result.gold[s.result.player], len(s.turn.placements))


# --- the command --------------------------------------------------------------------------------


def run(spec: Spec, data: dict[str, Any], objective: str = "gold", top: int = 5, tiles: int = 2, solver: str = "enum") -> Any:
    from tajkit.solver.game import Report
    from tajkit.solver.maharani.state import read

    if objective not in OBJECTIVES:
        raise BadInput(f"--objective {objective!r}: one of {', '.join(OBJECTIVES)}")
    replay = read(spec, data)
    pos = replay.end
    over = game_over(spec, pos)
    if over is not None:
        raise BadInput(f"the game is over ({over}): there is no turn to hint")
    extra: list[str] = []
    answer = None
    if solver == "cpsat":
        from tajkit.solver.maharani.cpsat import NotModelled, solve

        try:
            answer = solve(spec, pos, objective, top, tiles)
            if top > 1:
                extra.append("--solver cpsat gives the best turn only; the enumeration (the default) lists more")
        except NotModelled as exc:
            extra.append(f"CP-SAT does not model this position ({exc}); the enumeration answered")
    if answer is None:
        answer = enumerate_best(spec, pos, objective, top, tiles)
    names = list(replay.names)
    notes = _notes(spec, pos, answer) + extra
    return Report(_text(spec, names, pos, answer, notes), _json(spec, names, pos, answer, notes), tuple(notes))


def _notes(spec: Spec, pos: Position, answer: Answer) -> list[str]:
    notes = list(spec.defaults)
    if None in pos.rondel:
        notes.append("an empty rondel slot holds no tile for this turn (a tile drawn into it later is unknown)")
    notes.append("tiles drawn to refill the rondel during the turn are unknown: the hint chooses among the four on it")
    return notes


def _proof(answer: Answer) -> str:
    if answer.proven and answer.solver == "enumeration":
        return f"proven best for '{answer.objective}': every one of the {answer.considered} legal turns was played and valued"
    if answer.proven:
        return (f"proven best for '{answer.objective}': CP-SAT proved it optimal over every legal turn "
                f"({answer.considered} candidate placements modelled)")
    return f"best found for '{answer.objective}' when the solver's limit stopped it (not proven)"


def _text(spec: Spec, names: list[str], pos: Position, answer: Answer, notes: list[str]) -> str:
    from tajkit.solver.maharani.scoring import scoring_words, turn_words

    n = pos.players
    player = pos.to_move
    unit = "gold this turn" if answer.objective == "gold" else "gold ahead of the best opponent after the turn"
    lines = [f"{names[player]} to move ({answer.objective}: {unit})"]
    for k, s in enumerate(answer.best, 1):
        text = notation.format_turn(spec, s.turn, n)
        lines.append(f"{k}. {text:<14} {s.value:+d}   {turn_words(spec, n, s.result)}")
        for score in s.result.scorings:
            parts = [f"{names[i]} {scoring_words(spec, n, score, i)}" for i in range(n) if scoring_words(spec, n, score, i)]
            lines.append(f"     quarter {score.quarter + 1} scored: {', '.join(parts) or 'no workers there'}")
    lines.append(_proof(answer))
    return "\n".join(lines)


def _json(spec: Spec, names: list[str], pos: Position, answer: Answer, notes: list[str]) -> dict[str, Any]:
    from tajkit.solver.maharani.scoring import turn_json

    return {
        "game": "maharani",
        "player": names[pos.to_move],
        "objective": answer.objective,
        "position": notation.format_position(spec, pos),
        "turns": [
            {"rank": k, "value": s.value, **turn_json(spec, names, 0, notation.format_turn(spec, s.turn, pos.players), s.result)}
            for k, s in enumerate(answer.best, 1)
        ],
        "considered": answer.considered,
        "proven_optimal": answer.proven,
        "solver": answer.solver,
        "seconds": round(answer.seconds, 4),
        "notes": notes,
    }


def placement_text(spec: Spec, p: Placement, players: int) -> str:
    return notation.format_placement(spec, p, players)
