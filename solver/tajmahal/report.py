"""Taj Mahal hints as text for people and JSON for machines (``hint.answer`` writes its answer
with this module)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tajkit.solver.ranking import join_names, plural
from tajkit.solver.tajmahal.files import HintPosition
from tajkit.solver.tajmahal.rules import Card
from tajkit.solver.tajmahal.spec import GAME_ID, SYMBOLS, Spec

if TYPE_CHECKING:  # hint.answer writes its answer with this module
    from tajkit.solver.tajmahal.hint import Hint, Option


def hint_notes(spec: Spec, position: HintPosition, hint: Hint, default_cost: bool) -> tuple[str, ...]:
    notes = list(spec.default_notes(unused=("bonus_tile",) if position.bonus_typed else ()))
    if default_cost and spec.default("card_cost"):
        notes.append(f"the card cost {spec.card_cost:g} is a tajkit default (the seed: 'overspending in early rounds "
                     "leaves fewer options later'); set yours with --card-cost")
    if not position.bonus_typed and "tiger" in position.unclaimed:
        notes.append(f"this province's bonus tile has no value given: it counts {spec.bonus_tile} (tajkit default)")
    if position.turn != hint.player:
        notes.append(f"it is {position.names[position.turn]}'s turn: this hint is for "
                     f"{position.names[hint.player]}'s next turn, with the displays as they lie now")
    notes.append("all answers proven optimal by CP-SAT" if hint.proven else
                 "some answers are the best CP-SAT found within its cap, not proven optimal")
    return tuple(notes)


def cards_text(cards: tuple[Card, ...]) -> str:
    return " ".join(str(c) for c in cards) if cards else "no card"


def prizes_text(spec: Spec, prizes: tuple[str, ...]) -> str:
    return ", ".join(spec.category(c).name for c in prizes) or "nothing"


def risk_text(spec: Spec, option: Option) -> str:
    """`` · only tied with Ben (still in) on Elephant, Tiger: if Ben withdraws before you, Ben takes them``"""
    groups: dict[tuple[str, ...], list[str]] = {}
    for cid, who in option.at_risk:
        groups.setdefault(who, []).append(spec.category(cid).name)
    parts = [f" · only tied with {join_names(list(who))} (still in) on {', '.join(cats)}: if "
             f"{join_names(list(who))} {'withdraws' if len(who) == 1 else 'withdraw'} before you, "
             f"{'they take' if len(who) > 1 else join_names(list(who)) + ' takes'} {'it' if len(cats) == 1 else 'them'}"
             for who, cats in groups.items()]
    return "".join(parts)


def withdraw_worth_text(now: Any, values: dict[str, Any]) -> str:
    """`` = 5 points: 3 (bonus tile 3) + 2 (Princess card 2)``; one prize: `` = 3 points (bonus tile 3)``
    (withdrawing now wins every tie, so every prize shown is taken)."""
    if not now.prizes:
        return ""
    if len(now.prizes) == 1:
        return f" = {now.points} points ({values[now.prizes[0]].parts})"
    worth = " + ".join(f"{values[c].points} ({values[c].parts})" for c in now.prizes)
    return f" = {now.points} points: {worth}"


def hint_text(spec: Spec, position: HintPosition, hint: Hint) -> str:
    seat = position.seats[hint.player]
    state = position.round()
    lines = [f"Taj Mahal · province {position.province} · hint for {seat.name}"
             f"{' (your turn)' if position.turn == hint.player else ''}"]
    for i, s in enumerate(position.seats):
        shown = ", ".join(f"{n} {cid}" for cid, n in zip(SYMBOLS, state.displays[i]) if n) or "nothing"
        lines.append(f"  {s.name}{' (out)' if s.withdrawn else ''}: {shown}")
    lines.append(f"  unclaimed: {prizes_text(spec, position.unclaimed)}")
    values = {w.category: w for w in hint.worths}
    now = hint.withdraw_now
    lines += ["", f"Withdraw now: {prizes_text(spec, now.prizes)}{withdraw_worth_text(now, values)}"]
    lines += [f"  not {spec.category(cid).name}: {why}" for cid, why in hint.missed]
    lines += ["", "Fewest cards for each prize (you withdrawing first wins a tie; then: to lead strictly):"]
    for cid, loose, tight in hint.per_prize:
        w = values[cid]
        lines.append(f"  {spec.category(cid).name} ({w.points}: {w.parts}): {prize_plan_text(loose, tight)}")
    if hint.frontier:
        lines += ["", "Sets worth taking, fewest cards for each:"]
        for o in hint.frontier:
            lines.append(f"  {_cards_and_turns(o)} {cards_text(o.cards)} → {prizes_text(spec, o.prizes)} = "
                         f"{o.points} points{risk_text(spec, o)}")
    lines += ["", f"Best this turn (points held withdrawing next turn − {hint.card_cost:g} a card):"]
    for k, (o, score) in enumerate(hint.this_turn, start=1):
        lines.append(f"  {k}. {move_text(o)} → {prizes_text(spec, o.prizes)}: {o.points} − "
                     f"{hint.card_cost * len(o.cards):g} = {score:g}{risk_text(spec, o)}")
    return "\n".join(lines)


def move_text(o: Option) -> str:
    return "withdraw now" if not o.cards else f"play {cards_text(o.cards)}, withdraw next turn"


def prize_plan_text(loose: Option | None, tight: Option | None) -> str:
    """``1 card (1 turn) [elephant, taj]; strictly: 2 cards [elephant] [elephant, taj]``"""
    if loose is None:
        return "not with this hand"
    first = "yours if you withdraw now" if not loose.cards else f"{_cards_and_turns(loose)} {cards_text(loose.cards)}"
    if tight is None:
        return f"{first}; no strict lead with this hand"
    if tight.cards == loose.cards:
        return f"{first} (a strict lead)"
    return f"{first}; strictly: {_cards_and_turns(tight)} {cards_text(tight.cards)}"


def _cards_and_turns(o: Option) -> str:
    return f"{plural(len(o.cards), 'card')} ({plural(o.turns, 'turn')})" if o.cards else "no card (withdraw now)"


def option_json(spec: Spec, o: Option) -> dict[str, Any]:
    return {
        "cards": [list(c.symbols) for c in o.cards],
        "turns": o.turns,
        "prizes": list(o.prizes),
        "points": o.points,
        "at_risk": [{"category": c, "tied_with": list(who)} for c, who in o.at_risk],
        "proven_optimal": o.optimal,
    }


def hint_json(spec: Spec, position: HintPosition, hint: Hint, default_cost: bool, notes: tuple[str, ...]) -> dict[str, Any]:
    return {
        "game": GAME_ID,
        "province": position.province,
        "player": position.names[hint.player],
        "turn": position.names[position.turn],
        "unclaimed": list(position.unclaimed),
        "worth": {w.category: {"points": w.points, "parts": w.parts} for w in hint.worths},
        "withdraw_now": {**option_json(spec, hint.withdraw_now),
                         "missed": [{"category": cid, "why": why} for cid, why in hint.missed]},
        "per_prize": [
            {"category": cid, "lead": option_json(spec, a) if a else None, "strict_lead": option_json(spec, b) if b else None}
            for cid, a, b in hint.per_prize
        ],
        "sets": [option_json(spec, o) for o in hint.frontier],
        "this_turn": [
            {"move": "withdraw" if not o.cards else "play", **option_json(spec, o), "objective": score}
            for o, score in hint.this_turn
        ],
        "card_cost": hint.card_cost,
        "card_cost_source": "tajkit default" if default_cost and spec.default("card_cost") else "given",
        "proven_optimal": hint.proven,
        "notes": list(notes),
    }

