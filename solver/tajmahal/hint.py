"""``tajkit hint tajmahal``: what a withdrawal takes now, the fewest cards that take each prize and
each set of prizes worth taking, and the best play this turn, for one player in a live round, on
the rules protocol's state (:func:`answer`; ``TajMahalPlay.hint`` reads the round from the state).

Everything is judged "against the displays as they lie": the other players' displays as the
position gives them, the player withdrawing (so winning ties) at the turn after the cards are
played. A prize the player holds only by a tie with someone still in is flagged: that player takes
it by withdrawing first (rulebook: Special Rules, Tie Resolution).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tajkit.solver.game import Report
from tajkit.solver.protocol import EXACT, Advice, HintAnswer, moves_json
from tajkit.solver.tajmahal import planner, report
from tajkit.solver.tajmahal.files import HintPosition
from tajkit.solver.tajmahal.planner import Plan, CardChoice
from tajkit.solver.tajmahal.protocol import TajMahalRules, TajMahalState
from tajkit.solver.tajmahal.rules import Card, Play, Round, Withdraw, chain_gain, chain_text
from tajkit.solver.tajmahal.spec import SYMBOLS, Spec


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


def card_choice(spec: Spec, position: HintPosition, player: int, hand: tuple[Card, ...],
                strict: bool = False) -> CardChoice:
    """What the player chooses cards from: to hold a category when withdrawing, the player needs
    at least the category's fewest symbols and at least as many as every other display (one more
    each when ``strict``: a lead no tie can take)."""
    state = position.round()
    kinds = tuple(sorted(set(hand)))
    need: list[int | None] = []
    for k, cid in enumerate(SYMBOLS):
        if cid not in position.unclaimed:
            need.append(None)
            continue
        best_other = max((state.displays[i][k] for i in range(len(position.seats)) if i != player), default=0)
        need.append(max(spec.categories[k].min_symbols, best_other + (1 if strict else 0)))
    return CardChoice(
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
    loose = card_choice(spec, position, player, hand)
    tight = card_choice(spec, position, player, hand, strict=True)

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


def frontier(spec: Spec, position: HintPosition, player: int, choice: CardChoice) -> tuple[Option, ...]:
    """For 1, 2, ... cards, the most points, listed where it grows: each entry is the fewest cards
    for a set of prizes worth taking."""
    out: list[Option] = []
    ceiling = planner.best(choice, choice.hand_size)
    reached = choice.value(tuple(0 for _ in choice.kinds))
    if ceiling is None or ceiling.value <= reached:
        return ()
    for k in range(1, ceiling.size + 1):
        plan = planner.best(choice, k)
        if plan is not None and plan.value > reached:
            out.append(outcome(spec, position, player, plan.cards, plan.optimal))
            reached = plan.value
        if reached >= ceiling.value:
            break
    return tuple(out)


def this_turn(spec: Spec, position: HintPosition, player: int, choice: CardChoice, card_cost: float,
              top: int) -> tuple[tuple[Option, float], ...]:
    """The ``top`` best ways to spend this turn: withdraw now (no card), or play 1 or 2 cards and
    withdraw next turn; scored as the points then held minus ``card_cost`` a card."""
    out = []
    seen: tuple[tuple[int, ...], ...] = ()
    for _ in range(top):
        plan = planner.best(choice, min(spec.per_turn, choice.hand_size), card_cost, exclude=seen)
        if plan is None:
            break
        seen += (plan.copies,)
        opt = outcome(spec, position, player, plan.cards, plan.optimal)
        out.append((opt, opt.points - card_cost * len(opt.cards)))
    return tuple(out)


# --- the hint on the rules protocol ------------------------------------------------------------


def answer(rules: TajMahalRules, state: TajMahalState, position: HintPosition, player: int, card_cost: float | None,
           top: int) -> HintAnswer:
    """The hint for seat ``player`` in ``state`` (``position``: the round as the hint reads it,
    with their hand), a card spent costing ``card_cost`` points (default: the game data's): the
    best ways to spend this turn as protocol actions (withdraw, or play 1 or 2 cards), each worth
    the points held withdrawing (now, or next turn after the cards, the displays as they lie) less
    the cards' cost. A player whose turn it is not gets the advice for their next turn, and no move
    to take now (turns go clockwise, rulebook: Bidding Phase)."""
    spec = rules.spec
    cost = spec.card_cost if card_cost is None else card_cost
    found = make_hint(spec, position, player, cost, top)
    notes = report.hint_notes(spec, position, found, card_cost is None)
    moves = [Advice((Play(tuple(sorted(o.cards))),) if o.cards else (Withdraw(),), score,
                    said=report.move_text(o)) for o, score in found.this_turn] if position.turn == player else []
    meaning = (f"the points you hold withdrawing (now, or next turn after the cards, the displays as they lie), less "
               f"{cost:g} a card played")
    data = report.hint_json(spec, position, found, card_cost is None, notes)
    data |= moves_json(rules, state, moves, meaning, EXACT)
    return HintAnswer(position.names[player], tuple(moves), meaning, EXACT,
                      Report(report.hint_text(spec, position, found), data, notes))
