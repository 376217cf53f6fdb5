"""``tajkit hint tajmahal``: what a withdrawal takes now, the fewest cards that take each prize and
each set of prizes worth taking, and the best play this turn, for one player in a live round.

Everything is judged "against the displays as they lie": the other players' displays as the
position gives them, the player withdrawing (so winning ties) at the turn after the cards are
played. A prize the player holds only by a tie with someone still in is flagged: that player takes
it by withdrawing first (rulebook: Special Rules, Tie Resolution).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from tajkit.solver import statefile
from tajkit.solver.errors import BadInput
from tajkit.solver.game import Report
from tajkit.solver.ranking import join_names, plural
from tajkit.solver.tajmahal import planner
from tajkit.solver.tajmahal.files import HintPosition, read_hint_position
from tajkit.solver.tajmahal.planner import Plan, Problem
from tajkit.solver.tajmahal.rules import Card, Play, Round, chain_gain, chain_text
from tajkit.solver.tajmahal.spec import GAME_ID, SYMBOLS, Spec


# --- what each prize is worth to the player --------------------------------------------------


@dataclass(frozen=True)
class Worth:
    category: str
    points: int
    parts: str  # "palace 2 + chain 3-4 → 3-4-5 (+3)"


def worths(spec: Spec, position: HintPosition, player: int) -> tuple[Worth, ...]:
    seat = position.seats[player]
    before, after, gain = chain_gain(spec, seat.palaces, position.province)
    chain = f" + chain {chain_text(before)} → {chain_text(after)} (+{gain})" if gain else ""
    bonus_note = "" if position.bonus_typed else " (default value)"
    marker = f"connection marker {spec.connection_marker}"
    return (
        Worth("elephant", spec.palace + gain, f"palace {spec.palace}{chain}"),
        Worth("tiger", position.bonus_tile, f"bonus tile {position.bonus_tile}{bonus_note}"),
        Worth("princess", spec.princess_card, f"Princess card {spec.princess_card}"),
        Worth("yellow_advisor", spec.connection_marker, marker),
        Worth("white_advisor", spec.connection_marker, marker),
        Worth("taj", position.reward, f"Taj Mahal reward {position.reward}"),
    )


def problem_for(spec: Spec, position: HintPosition, player: int, hand: tuple[Card, ...], strict: bool = False) -> Problem:
    """The card-choice problem: to hold a category when withdrawing, the player needs at least the
    category's fewest symbols and at least as many as every other display (one more each when
    ``strict``: a lead no tie can take)."""
    state = position.round()
    kinds = tuple(sorted(set(hand)))
    need: list[int | None] = []
    for k, cid in enumerate(SYMBOLS):
        if cid not in position.unclaimed:
            need.append(None)
            continue
        best_other = max((state.displays[i][k] for i in range(len(position.seats)) if i != player), default=0)
        need.append(max(spec.categories[k].min_symbols, best_other + (1 if strict else 0)))
    return Problem(
        kinds=kinds,
        copies=tuple(hand.count(c) for c in kinds),
        mine=state.displays[player],
        need=tuple(need),
        values=tuple(w.points for w in worths(spec, position, player)),
    )


# --- the hint --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Option:
    """A way to play: the cards (none: withdraw now), what withdrawing after them takes, and which
    of those prizes a player still in could take first by a tie."""

    cards: tuple[Card, ...]
    prizes: tuple[str, ...]
    points: int
    at_risk: tuple[tuple[str, tuple[str, ...]], ...]  # (category, tied players still in)
    optimal: bool
    turns: int  # turns to play the cards (1 or 2 a turn)


@dataclass(frozen=True)
class Hint:
    player: int
    worths: tuple[Worth, ...]
    withdraw_now: Option
    per_prize: tuple[tuple[str, Option | None, Option | None], ...]  # (category, to lead (ties yours), strictly)
    frontier: tuple[Option, ...]  # the most points for 1, 2, ... cards, where it grows
    this_turn: tuple[tuple[Option, float], ...]  # best first, with the objective
    card_cost: float
    missed: tuple[tuple[str, str], ...] = ()  # (category, why withdrawing now does not take it), shown ones

    @property
    def proven(self) -> bool:
        options = [self.withdraw_now, *self.frontier, *(o for o, _ in self.this_turn)]
        options += [o for _, a, b in self.per_prize for o in (a, b) if o is not None]
        return all(o.optimal for o in options)


def outcome(spec: Spec, position: HintPosition, player: int, cards: tuple[Card, ...], optimal: bool) -> Option:
    """Play ``cards`` (two a turn, the others' displays as they lie) and withdraw, through the rules
    model; what the player takes and which of it a tied player still in could take first."""
    state = replay_plan(spec, position, player, cards)
    decisions = state.decide(spec, player)
    values = {w.category: w.points for w in worths(spec, position, player)}
    prizes = tuple(d.category for d in decisions if d.won)
    at_risk = tuple(  # withdrawing now (no cards) wins every tie; later, a tied rival may withdraw first
        (d.category, tuple(r for r in d.rivals if not state.withdrawn[position.names.index(r)]))
        for d in decisions
        if cards and d.won and any(not state.withdrawn[position.names.index(r)] for r in d.rivals)
    )
    turns = -(-len(cards) // spec.per_turn)
    return Option(cards, prizes, sum(values[c] for c in prizes), at_risk, optimal, turns)


def replay_plan(spec: Spec, position: HintPosition, player: int, cards: tuple[Card, ...]) -> Round:
    """The round after ``player`` plays ``cards`` two at a time through ``Round.apply`` (every
    other player's turn leaving their display as it lies), ready for them to withdraw."""
    state = replace(position.round(), to_move=player)
    for start in range(0, len(cards), spec.per_turn):
        state, _ = state.apply(spec, player, Play(cards[start:start + spec.per_turn]))
        state = replace(state, to_move=player)
    return state


def make_hint(spec: Spec, position: HintPosition, player: int, card_cost: float, top: int) -> Hint:
    hand = position.seats[player].hand or ()
    loose = problem_for(spec, position, player, hand)
    tight = problem_for(spec, position, player, hand, strict=True)

    def option(plan: Plan | None) -> Option | None:
        return None if plan is None else outcome(spec, position, player, plan.cards, plan.optimal)

    now = outcome(spec, position, player, (), True)
    per_prize = tuple(
        (cid, option(planner.fewest(loose, (k,))), option(planner.fewest(tight, (k,))))
        for k, cid in enumerate(SYMBOLS)
        if cid in position.unclaimed
    )
    missed = tuple((d.category, d.why) for d in replay_plan(spec, position, player, ()).decide(spec, player)
                   if d.kind in ("beaten", "tied_in", "short"))
    return Hint(player, worths(spec, position, player), now, per_prize, frontier(spec, position, player, loose),
                this_turn(spec, position, player, loose, card_cost, top), card_cost, missed)


def frontier(spec: Spec, position: HintPosition, player: int, problem: Problem) -> tuple[Option, ...]:
    """For 1, 2, ... cards, the most points, listed where it grows: each entry is the fewest cards
    for a set of prizes worth taking."""
    out: list[Option] = []
    ceiling = planner.best(problem, problem.hand_size)
    reached = problem.value(tuple(0 for _ in problem.kinds))
    if ceiling is None or ceiling.value <= reached:
        return ()
    for k in range(1, ceiling.size + 1):
        plan = planner.best(problem, k)
        if plan is not None and plan.value > reached:
            out.append(outcome(spec, position, player, plan.cards, plan.optimal))
            reached = plan.value
        if reached >= ceiling.value:
            break
    return tuple(out)


def this_turn(spec: Spec, position: HintPosition, player: int, problem: Problem, card_cost: float,
              top: int) -> tuple[tuple[Option, float], ...]:
    """The ``top`` best ways to spend this turn: withdraw now (no card), or play 1 or 2 cards and
    withdraw next turn; scored as the points then held minus ``card_cost`` a card."""
    out = []
    seen: tuple[tuple[int, ...], ...] = ()
    for _ in range(top):
        plan = planner.best(problem, min(spec.per_turn, problem.hand_size), card_cost, exclude=seen)
        if plan is None:
            break
        seen += (plan.copies,)
        opt = outcome(spec, position, player, plan.cards, plan.optimal)
        out.append((opt, opt.points - card_cost * len(opt.cards)))
    return tuple(out)


# --- the report ------------------------------------------------------------------------------


def hint_report(spec: Spec, data: dict[str, Any], player: str | None, card_cost: float | None, top: int) -> Report:
    position = read_hint_position(spec, data)
    name = statefile.pick_name(list(position.names), player, default=position.names[position.turn])
    i = position.names.index(name)
    seat = position.seats[i]
    if seat.withdrawn:
        raise BadInput(f"--player {statefile.shown(name, 30)}: has withdrawn this round, so has no move left "
                       "(rulebook: Bidding Phase)")
    if seat.hand is None:
        raise BadInput(f"{statefile.shown(name, 30)}: hand is missing: give hand = [[symbols], ...], the cards the "
                       "hint chooses from")
    cost = spec.card_cost if card_cost is None else card_cost
    hint = make_hint(spec, position, i, cost, top)
    notes = hint_notes(spec, position, hint, card_cost is None)
    return Report(hint_text(spec, position, hint), hint_json(spec, position, hint, card_cost is None, notes), notes)


def hint_notes(spec: Spec, position: HintPosition, hint: Hint, default_cost: bool) -> tuple[str, ...]:
    notes = list(spec.default_notes(unused=("bonus_tile",) if position.bonus_typed else ()))
    if default_cost and spec.default("card_cost"):
        notes.append(f"the card cost {spec.card_cost:g} is a tajkit default (the seed: 'overspending in early rounds "
                     "leaves fewer options later'); set yours with --card-cost")
    if not position.bonus_typed and "tiger" in position.unclaimed:
        notes.append(f"the bonus tile's value is not given: it counts {spec.bonus_tile} (add bonus_tile = N)")
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
        move = "withdraw now" if not o.cards else f"play {cards_text(o.cards)}, withdraw next turn"
        lines.append(f"  {k}. {move} → {prizes_text(spec, o.prizes)}: {o.points} − {hint.card_cost * len(o.cards):g}"
                     f" = {score:g}{risk_text(spec, o)}")
    return "\n".join(lines)


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

