"""The words of ``tajkit hint karigar``: the plan as text for people and JSON for programs, and the
notes on what it assumes."""

from __future__ import annotations

from collections import Counter
from typing import Any

from tajkit.solver.game import Report
from tajkit.solver.karigar.spec import GAME_ID
from tajkit.solver.karigar.files import Situation
from tajkit.solver.karigar.planner import Plan
from tajkit.solver.karigar.rules import SUPPLY, Board, Position, Turn, apply, covered, levels_note
from tajkit.solver.karigar.spec import Spec, describe
from tajkit.solver.ranking import plural
from tajkit.solver.wording import shown

PROGRESS = (
    "progress = how many of the Level tile's resources you hold, each counted up to the number the tile needs"
)


def hint_report(spec: Spec, s: Situation, result: Plan, played: Plan) -> Report:
    """The report of a plan (``result``) and of the turns that can be played (``played``: the same
    plan unless ``result`` is stuck)."""
    notes = _notes(spec, s, played)
    return Report(_text(spec, s, result, played), _json(spec, s, result, played, notes), tuple(notes))


# --- text ----------------------------------------------------------------------------------------


def _text(spec: Spec, s: Situation, result: Plan, played: Plan) -> str:
    lines = _header(spec, s)
    lines.append("")
    if result.turns == 0:
        lines.append(f"You already hold the Level tile's resources: build a section of level {s.level} now (a free action).")
        return "\n".join(lines)
    lines.append(_verdict(result))
    if result.stuck:
        if played.stuck:
            lines.append("No legal Bazaar turn: your workers cannot all move (rulebook: 1.2 Movement of Workers).")
            return "\n".join(lines)
        lines.append(f"Only {played.horizon} turn{'s' if played.horizon > 1 else ''} can be played from here; the best of them:")
    lines += _steps(spec, s, played)
    return "\n".join(lines)


def _header(spec: Spec, s: Situation) -> list[str]:
    board, pos = s.board, s.pos
    open_sections = [n for n in spec.levels[s.level - 1] if n not in s.built]
    where = Counter(pos.workers)
    standing = ", ".join(
        f"{n} on {board.spaces[i].id}" if i != SUPPLY else f"{n} in your supply" for i, n in sorted(where.items())
    )
    elephant = _elephant_state(spec, board, pos)
    return [
        f"{shown(s.name, 30)}: level {s.level} is being built (open sections {', '.join(map(str, open_sections))}); "
        f"its Level tile needs {describe(spec, board.needs)}.",
        f"You hold {describe(spec, pos.holding)}; workers: {standing}; {elephant}.",
    ]


def _elephant_state(spec: Spec, board: Board, pos: Position) -> str:
    if pos.elephant is not None:
        return f"your Elephant is on {board.spaces[pos.elephant].id}"
    if not board.elephants_unlocked:
        return f"Elephants unlock when level {spec.elephants_after} is complete"
    if not board.can_hire(pos):
        return f"no Elephant to hire ({spec.elephants_in_bazaar} already in the Bazaar)"
    return f"an Elephant can be hired for {_prices(spec)}"


def _prices(spec: Spec) -> str:
    prices = [describe(spec, cost, joiner=" + ") for cost in spec.hire]
    return ", ".join(prices[:-1]) + f" or {prices[-1]}" if len(prices) > 1 else prices[0]


def _verdict(result: Plan) -> str:
    if result.turns is not None:
        if result.turns == 1:
            proof = "proven shortest"
        elif result.proven:
            proof = f"proven shortest: CP-SAT proved that {_turn_list(result.turns - 1)} cannot do it"
        else:
            proof = "the shortest found, not proven: CP-SAT's budget ran out before it ruled out fewer turns"
        return f"Build in {plural(result.turns, 'turn')} ({proof})."
    if result.stuck:
        return f"No sequence of legal turns lasts {plural(result.horizon, 'turn')}."
    ruled = f"proven: CP-SAT ruled out every plan of {_turn_list(result.horizon)}" if result.proven else "none found; not proven"
    best = "the most progress possible" if result.best_proven else "the most progress found (not proven the most)"
    span = "this turn" if result.horizon == 1 else f"the {result.horizon} turns"
    return (
        f"No build within {plural(result.horizon, 'turn')} ({ruled}). Best use of this turn: the first turn of the plan "
        f"below, which ends {span} with {best} ({PROGRESS})."
    )


def _turn_list(most: int) -> str:
    return {1: "1 turn", 2: "1 or 2 turns"}.get(most, f"1-{most} turns")


def _steps(spec: Spec, s: Situation, result: Plan) -> list[str]:
    board, pos = s.board, s.pos
    lines = []
    need = sum(board.needs)
    for t, turn in enumerate(result.steps, start=1):
        after = apply(board, pos, turn)
        lines.append(f"Turn {t}")
        lines += [f"  {line}" for line in _moves(spec, board, pos, turn)]
        lines += [f"  {line}" for line in _acts(spec, board, turn)]
        lines.append(f"  held after: {describe(spec, after.holding)} (progress {covered(board, after.holding)} of {need})")
        pos = after
    if result.turns:
        open_sections = [n for n in spec.levels[s.level - 1] if n not in s.built]
        lines.append(
            f"Then build a section of level {s.level} ({', '.join(map(str, open_sections))}) at once, a free action: "
            f"pay {describe(spec, board.needs)}."
        )
    return lines


def _moves(spec: Spec, board: Board, pos: Position, turn: Turn) -> list[str]:
    parts = []
    for k, (a, b) in enumerate(zip(pos.workers, turn.workers), start=1):
        src = "supply" if a == SUPPLY else board.spaces[a].id
        parts.append(f"worker {k} {src} -> {board.spaces[b].id}")
    out = ["move: " + ", ".join(parts)]
    if turn.hire is not None and turn.elephant is not None:
        price = describe(spec, spec.hire[turn.hire], joiner=" + ")
        out.append(f"hire the Elephant for {price}: place it on {board.spaces[turn.elephant].id}")
    elif turn.elephant is not None and pos.elephant is not None:
        out.append(f"Elephant {board.spaces[pos.elephant].id} -> {board.spaces[turn.elephant].id}")
    return out


def _acts(spec: Spec, board: Board, turn: Turn) -> list[str]:
    crowd = Counter(turn.workers)
    acts = {a.space: a for a in turn.acts}
    out = []
    for i in sorted(set(crowd) | ({turn.elephant} if turn.elephant is not None else set())):
        units = "the Elephant" if turn.elephant == i else f"{crowd[i]} worker{'s' if crowd[i] > 1 else ''}"
        out.append(f"{board.spaces[i].label}, {units}: {_doing(spec, board, acts.get(i))}")
    return out


def _doing(spec: Spec, board: Board, act: Any) -> str:
    if act is None:
        return "nothing (every worker must move each turn)"
    space = board.spaces[act.space]
    if act.take:
        return f"earn {describe(spec, act.take)}"
    if act.use:
        return "; ".join(
            f"exchange {describe(spec, space.options[o].give)} for {describe(spec, space.options[o].get)}" for o in act.use
        )
    sold = sum(act.sell)
    return f"sell {describe(spec, act.sell)} for {sold * spec.sell_silver} silver"


# --- JSON --------------------------------------------------------------------------------------------


def _bag(spec: Spec, amounts: tuple[int, ...] | list[int]) -> dict[str, int]:
    return {spec.ids[k]: n for k, n in enumerate(amounts) if n}


def _json(spec: Spec, s: Situation, result: Plan, played: Plan, notes: list[str]) -> dict[str, Any]:
    board = s.board
    return {
        "game": GAME_ID,
        "player": s.name,
        "level": s.level,
        "needs": _bag(spec, board.needs),
        "holding": _bag(spec, s.pos.holding),
        "horizon": result.horizon,
        "turns": result.turns,
        "build": result.turns is not None,
        "proven": result.proven,
        "progress_proven": result.best_proven if result.turns is None else None,
        "stuck": result.stuck,
        "progress": {
            "measure": PROGRESS,
            "needed": sum(board.needs),
            "now": covered(board, s.pos.holding),
            "end": played.progress,
        },
        "plan": _plan_json(spec, s, played),
        "solver": {
            "engine": "OR-Tools CP-SAT, time-indexed, one worker, fixed seed",
            "seconds": round(result.seconds + (played.seconds if played is not result else 0.0), 4),
            "solves": [{"turns": t, "status": status} for t, status in result.solves],
        },
        "notes": notes,
    }


def _plan_json(spec: Spec, s: Situation, result: Plan) -> list[dict[str, Any]]:
    board, pos = s.board, s.pos
    out = []
    for t, turn in enumerate(result.steps, start=1):
        after = apply(board, pos, turn)
        out.append(
            {
                "turn": t,
                "workers": [
                    {"worker": k, "from": "supply" if a == SUPPLY else board.spaces[a].id, "to": board.spaces[b].id}
                    for k, (a, b) in enumerate(zip(pos.workers, turn.workers), start=1)
                ],
                "elephant": None if turn.elephant is None else {
                    "from": None if pos.elephant is None else board.spaces[pos.elephant].id,
                    "to": board.spaces[turn.elephant].id,
                    "hired_for": _bag(spec, spec.hire[turn.hire]) if turn.hire is not None else None,
                },
                "acts": [_act_json(spec, board, a) for a in turn.acts],
                "holding": _bag(spec, after.holding),
                "progress": covered(board, after.holding),
            }
        )
        pos = after
    return out


def _act_json(spec: Spec, board: Board, act: Any) -> dict[str, Any]:
    space = board.spaces[act.space]
    entry: dict[str, Any] = {"space": space.id}
    if act.take:
        entry["earn"] = _bag(spec, act.take)
    if act.use:
        entry["exchange"] = [{"give": _bag(spec, space.options[o].give), "get": _bag(spec, space.options[o].get)} for o in act.use]
    if act.sell:
        entry["sell"] = _bag(spec, act.sell)
    return entry


# --- notes -----------------------------------------------------------------------------------------


def _notes(spec: Spec, s: Situation, played: Plan) -> list[str]:
    texts = {ident: f"{text} ({source})" for ident, source, text in spec.assumptions}
    notes = [
        "the plan assumes the other players' workers and Elephants stay where they are",
        f"{spec.exchange_note}",
        spec.layout_note,
        levels_note(spec),
        texts.get("resolve", ""),
        texts.get("jump", ""),
        texts.get("alliance", ""),
    ]
    if any(turn.hire is not None for turn in played.steps) or s.board.can_hire(s.pos):
        notes.append(texts.get("hire", ""))
    if SUPPLY in s.pos.workers:
        notes.append(texts.get("enter", ""))
    return [n for n in notes if n]
