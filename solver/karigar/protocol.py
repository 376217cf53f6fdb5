"""Karigar-e-Taj's rules protocol (``solver/protocol.py``): the whole game, from the setup to the
scoring, on the rules model of ``rules.py`` (a turn in the Bazaar, the Taj levels), the state
files of ``files.py`` and the tally of ``scoring.py`` (the end). Rulebook sections are named by their headings in ``karigar-e-taj.txt``.

**A turn** (How to Play) is typed in steps, each a short event (the notation is ``notation.py``'s):
free actions before the main action (``build 5``, ``hire 9R for 6 silver``), the main action's
moves, one step per destination (``5L+5L>7R``), what is done on each space stood on (``5L take 1
gems+1 mortar``), then ``build 5`` or ``end``. The state and actions are ``state.py``'s, the setup
``setup.py``'s, the Bazaar's spaces and reach ``bazaar.py``'s; this module holds the phases.

The acts resolve as ``rules.apply`` says (payments from what was held when the turn began), so
the hint's planner and a played game are the same rules. After a build (Building the Taj Mahal):
the resources are paid, the top Taj point token is taken, one Bakshish card drawn (two and the
First Player Marker for a level's last section); *chance* then draws the Bazaar card that replaces
the built section's pair (Bazaar Change); a completed level recalls every worker and Elephant,
discards the Alliance cards on offer and *chance* draws new ones (Replenish Phase), unlocks the
Elephants after level 1 and a third worker after level 2, and the builder starts the new round.
The game ends the moment the last section is built (Game End); then each player, in seat order,
shows what was behind the screen: ``Asha blueprint 4``, ``Asha bonus 3``, ``Asha bakshish 2`` (one
per Bakshish card held), and :meth:`KarigarRules.standings` is ``scoring.score`` of that table.

**Chance** draws a Bazaar card from the draw pile and an Alliance card from the Alliance deck: the
rulebook does not list the cards, so the setup lists what the table's deck holds (``bazaar_deck``,
``alliance_deck``) and each card left is equally likely (the draw pile is shuffled).

**Hidden information**: the Blueprint card and the Bakshish cards are behind the screen. The state
counts the Bakshish cards each player holds; at the end a shown value is accepted from 0 to
:data:`MOST_POINTS` (the scorer's bound). A setup may carry them (``bakshish_deck``, the deck's
points top card first, and each player's ``blueprint_sections`` and ``blueprint_bonus``: full
information, as :meth:`random_setup` gives): then what is shown must be what was dealt.

**Not supported yet**, refused with ``IllegalMove`` naming them rather than mis-played: using an
Alliance card's ability (2. Using an Alliance Card) and playing a Bakshish card's favour during the
game (Free Actions c): the rulebook does not say what the cards do, and the record has no notation
for an effect; and AI players (Game Play with Ustad Cards), refused at the setup.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from itertools import combinations
from typing import Any, Optional, Union

from tajkit.solver.errors import BadInput, IllegalMove
from tajkit.solver.game import ScoreResult
from tajkit.solver.karigar import bazaar, files, notation, rules, scoring
from tajkit.solver.karigar import setup as table_setup
from tajkit.solver.karigar.bazaar import Ground
from tajkit.solver.karigar.rules import SUPPLY, Act, Card, Offer, Position, Space, Turn, affords, current_level
from tajkit.solver.karigar.spec import GAME_ID, Spec
from tajkit.solver.karigar.state import (
    ACT,
    AFTER,
    MOST_POINTS,
    OVER,
    REVEAL,
    TURN,
    Action,
    Build,
    Do,
    Draw,
    End,
    Go,
    Hire,
    KarigarState,
    Main,
    Pass,
    Ride,
    Seat,
    Show,
)
from tajkit.solver.protocol import CHANCE


# --- the rules -----------------------------------------------------------------------------------------


class KarigarRules:
    game = GAME_ID

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self._memo: dict[tuple[str, int], tuple[KarigarState, Any]] = {}
        self._layouts: dict[tuple[int, int], tuple[Any, Any, Any]] = {}

    def _remember(self, kind: str, state: KarigarState, make: Any) -> Any:
        """What ``make(state)`` gives, kept for the same state object (a session asks the legal
        actions, parses and applies on one state: each is worked out once)."""
        key = (kind, id(state))
        hit = self._memo.get(key)
        if hit is not None and hit[0] is state:
            return hit[1]
        if len(self._memo) > 64:
            self._memo.clear()
        value = make(state)
        self._memo[key] = (state, value)
        return value

    def _ground(self, state: KarigarState) -> Ground:
        return self._remember("ground", state, lambda s: bazaar.ground_of(self.spec, s, *self._layout(s)))

    def _layout(self, state: KarigarState) -> tuple[tuple[Space, ...], tuple[tuple[int, ...], ...], tuple[frozenset[int], ...]]:
        """The Bazaar's spaces and where each reaches, kept while the cards and offers are the same objects."""
        key = (id(state.cards), id(state.offers))
        hit = self._layouts.get(key)
        if hit is not None and hit[0] is state.cards and hit[1] is state.offers:
            return hit[2]
        if len(self._layouts) > 64:
            self._layouts.clear()
        spaces = bazaar.spaces_of(self.spec, state.cards, state.offers)
        moves = bazaar.reach_of(spaces)
        value = (spaces, moves, tuple(frozenset(m) for m in moves))
        self._layouts[key] = (state.cards, state.offers, value)
        return value

    def _spaces_of(self, state: KarigarState) -> tuple[Space, ...]:
        return self._ground(state).board.spaces

    # --- setup ---
    def random_setup(self, rng: random.Random, players: int) -> dict[str, Any]:
        return table_setup.random_setup(self.spec, rng, players)

    def start(self, setup: Mapping[str, Any]) -> KarigarState:
        return table_setup.start(self.spec, setup)

    # --- who acts, what is legal ---
    def to_act(self, state: KarigarState) -> Optional[str]:
        if state.phase == OVER:
            return None
        if state.draws:
            return CHANCE
        return state.seats[state.seat].name

    def legal_actions(self, state: KarigarState) -> list[Action]:
        return list(self._remember("legal", state, self._legal))

    def _legal(self, state: KarigarState) -> tuple[Action, ...]:
        return tuple(self._legal_list(state))

    def _legal_list(self, state: KarigarState) -> list[Action]:
        if state.phase == OVER:
            return []
        if state.draws:
            return [a for a, _ in self.chance_outcomes(state)]
        if state.phase == REVEAL:
            return list(self._shows(state))
        if state.phase == ACT:
            return self._act_menu(state)
        actions: list[Action] = []
        if state.main is None and not state.built_now:
            actions += self._builds(state)
        if state.phase == AFTER:
            return actions + [End()]
        moves = self._moves(state)
        if state.main is None and not moves:
            return actions + [Pass()]  # no legal main action (tajkit default: the rulebook does not say)
        return actions + moves

    def chance_outcomes(self, state: KarigarState) -> list[tuple[Action, float]]:
        if not state.draws:
            return []
        kind, _ = state.draws[0]
        pile: Sequence[Union[Card, Offer]] = state.pile if kind == "bazaar" else state.alliance_pile
        tally = Counter(pile)
        return [(Draw(c), n / len(pile)) for c, n in tally.items()]

    # --- applying ---
    def apply(self, state: KarigarState, action: Action) -> KarigarState:
        legal = self.legal_actions(state)
        if action not in legal:
            raise IllegalMove(self.refusal(state, self.format(state, action) if notation.is_action(action) else repr(action)))
        if isinstance(action, Draw):
            return self._draw(state, action)
        if isinstance(action, Show):
            return self._show(state, action)
        if isinstance(action, Build):
            return self._build(state, action.section)
        if isinstance(action, End):
            return self._end_turn(state)
        if isinstance(action, Pass):
            return self._settle(replace(state, phase=AFTER, main=None))
        if isinstance(action, Do):
            return self._do(state, action)
        return self._move(state, action)

    # --- notation (notation.py) ---
    def format(self, state: KarigarState, action: Action) -> str:
        return notation.format_action(self.spec, self._spaces_of(state), state, action)

    def parse(self, state: KarigarState, text: str) -> Action:
        return notation.parse_action(self, state, text)

    def by_text(self, state: KarigarState) -> dict[str, Action]:
        """Every legal action by its text as ``notation.normal`` reads it (worked out once a state)."""
        return self._remember("texts", state, lambda s: {notation.normal(self.format(s, a)): a for a in self._legal(s)})

    # --- the score ---
    def standings(self, state: KarigarState) -> ScoreResult:
        """``scoring.score`` of the table as it stands: what has been shown counts, nothing else."""
        return scoring.score(self.spec, self.table(state))

    def table(self, state: KarigarState) -> files.Table:
        """The state as the scorer's table (what a finished table's state file holds)."""
        entries = []
        for s in state.seats:
            shown = s.shown
            entries.append(files.Entry(
                name=s.name,
                sections=s.sections,
                tokens=s.tokens,
                bakshish=tuple(v for v in shown[2:] if v),
                blueprint=shown[0] if shown else 0,
                bonus=shown[1] if len(shown) > 1 else 0,
                blueprint_sections=s.blueprint,
                alliances=tuple(o.points for o in s.alliances),
                resources=sum(s.holding),
                ai=False,
            ))
        return files.Table(tuple(entries), state.token_stacks)

    # --- the parts of a turn ---------------------------------------------------------------------------

    def _builds(self, state: KarigarState) -> list[Action]:
        spec = self.spec
        level = current_level(spec, state.built)
        if level > spec.level_count or not affords(self._ground(state).board, state.seats[state.seat].holding):
            return []
        return [Build(s) for s in spec.levels[level - 1] if s not in state.built]

    def _build(self, state: KarigarState, section: int) -> KarigarState:
        spec = self.spec
        level = spec.level_of(section)
        me = state.seats[state.seat]
        stacks = list(state.stacks)
        token, stacks[level - 1] = stacks[level - 1][0], stacks[level - 1][1:]
        built = state.built + (section,)
        completes = set(spec.levels[level - 1]) <= set(built)
        cards = 2 if completes else 1  # rulebook: Earn the Emperor's Favour
        drawn, pile = state.bakshish_pile[:cards], state.bakshish_pile[cards:]
        me = replace(me, holding=tuple(h - n for h, n in zip(me.holding, state.tiles[level - 1])),
                     sections=me.sections + (section,), tokens=me.tokens + (token,), bakshish=me.bakshish + drawn)
        seats = _put(state.seats, state.seat, me)
        state = replace(state, seats=seats, stacks=tuple(stacks), built=built, bakshish_pile=pile, built_now=True)
        if len(built) == spec.sections:  # rulebook: Game End: the game ends immediately
            return self._settle(replace(state, phase=REVEAL, seat=0, main=None))
        draws = [("bazaar", section)] if state.pile else []  # rulebook: Bazaar Change
        if completes:
            state = self._replenish(state)
            draws += [("alliance", i) for i in bazaar.alliance_slots(spec)][: len(state.alliance_pile)]
        state = replace(state, draws=tuple(draws))
        if state.phase == AFTER:
            return self._end_turn(state, first=state.seat if completes else None)
        return self._settle(state)

    def _replenish(self, state: KarigarState) -> KarigarState:
        """Rulebook: Replenish Phase: workers and Elephants recalled, the Alliance cards on offer
        discarded, a third worker when level 2 is complete; the builder starts the new round."""
        spec = self.spec
        done = current_level(spec, state.built) - 1
        workers = spec.workers_start + (1 if done >= spec.extra_worker_after else 0)
        seats = tuple(replace(s, workers=(SUPPLY,) * workers, elephant=None) for s in state.seats)
        return replace(state, seats=seats, offers=(None,) * len(state.offers))

    def _end_turn(self, state: KarigarState, first: Optional[int] = None) -> KarigarState:
        """The next player clockwise (rulebook: Starting a New Round), or the builder of a level's last section."""
        seat = first if first is not None else (state.seat + 1) % len(state.seats)
        return self._settle(replace(state, seat=seat, phase=TURN, main=None, built_now=False))

    def _draw(self, state: KarigarState, action: Draw) -> KarigarState:
        kind, where = state.draws[0]
        if kind == "bazaar":
            pile = list(state.pile)
            pile.remove(action.card)  # type: ignore[arg-type]
            cards = list(state.cards)
            cards[self.spec.cards.index(where)] = action.card  # type: ignore[call-overload]
            state = replace(state, cards=tuple(cards), pile=tuple(pile))
        else:
            deck = list(state.alliance_pile)
            deck.remove(action.card)  # type: ignore[arg-type]
            offers = list(state.offers)
            offers[bazaar.alliance_slots(self.spec).index(where)] = action.card  # type: ignore[call-overload]
            state = replace(state, offers=tuple(offers), alliance_pile=tuple(deck))
        return self._settle(replace(state, draws=state.draws[1:]))

    # --- moving ---
    def _main(self, state: KarigarState) -> Main:
        if state.main is not None:
            return state.main
        me = state.seats[state.seat]
        return Main(left=me.workers, elephant_from=me.elephant)

    def _budget(self, state: KarigarState, main: Main) -> tuple[int, ...]:
        """What the turn may still pay: what was held when it began, less the price of a hire and
        of the Alliance cards stood on (bought: rulebook 1.4; paid from what was held: the
        seed's assumption ``resolve``)."""
        spec = self.spec
        spaces = self._spaces_of(state)
        budget = list(state.seats[state.seat].holding)
        if main.hire is not None:
            budget = [b - c for b, c in zip(budget, spec.hire[main.hire])]
        for d in {d for _, d in main.moved} | ({main.elephant_to} if main.elephant_to is not None else set()):
            if spaces[d].kind == "alliance":
                budget = [b - c for b, c in zip(budget, spaces[d].cost)]
        for act in main.acts:
            budget = [b - c for b, c in zip(budget, bazaar.act_pay(spec, spaces[act.space], act))]
        return tuple(budget)

    def _moves(self, state: KarigarState) -> list[Action]:
        spec = self.spec
        ground = self._ground(state)
        board = ground.board
        main = self._main(state)
        used = bazaar.used_by(main)
        budget = self._budget(state, main)
        out: list[Action] = []
        groups = sorted({g for k in range(1, len(main.left) + 1) for g in combinations(main.left, k)})
        for group in groups:
            rest = bazaar.minus(main.left, group)
            for d in bazaar.targets(ground, group, used):
                left_budget = bazaar.group_fits(board, d, len(group), False, budget)
                if left_budget is not None and bazaar.completable(ground, rest, main.elephant_from, used | {d}, left_budget):
                    out.append(Go(group, d))
        if main.elephant_from is not None:
            for d in sorted((ground.reach[main.elephant_from] & ground.free) - used):
                left_budget = bazaar.group_fits(board, d, 0, True, budget)
                if left_budget is not None and bazaar.completable(ground, main.left, None, used | {d}, left_budget):
                        out.append(Ride(d))
        me = state.seats[state.seat]
        if main.hire is None and main.elephant_from is None and main.elephant_to is None and board.can_hire(Position(me.workers, me.elephant, me.holding)):
            for k, price in enumerate(spec.hire):
                if all(p <= b for p, b in zip(price, budget)):
                    paid = tuple(b - p for b, p in zip(budget, price))
                    for d in sorted(ground.free - used):
                        left_budget = bazaar.group_fits(board, d, 0, True, paid)
                        if left_budget is not None and bazaar.completable(ground, main.left, None, used | {d}, left_budget):
                            out.append(Hire(k, d))
        return out

    def _move(self, state: KarigarState, action: Action) -> KarigarState:
        main = self._main(state)
        if isinstance(action, Go):
            main = replace(main, left=bazaar.minus(main.left, action.origins),
                           moved=main.moved + tuple((o, action.space) for o in action.origins))
        elif isinstance(action, Ride):
            main = replace(main, elephant_from=None, elephant_to=action.space)
        elif isinstance(action, Hire):
            main = replace(main, hire=action.price, elephant_to=action.space)
        state = replace(state, main=main)
        if not main.left and main.elephant_from is None:
            state = replace(state, phase=ACT)
        return self._settle(state)

    # --- acting on the spaces stood on ---
    def _pending(self, state: KarigarState) -> Optional[int]:
        """The next space stood on (grid order) whose act is still to say."""
        main = state.main
        assert main is not None
        done = {a.space for a in main.acts}
        here = sorted({d for _, d in main.moved} | ({main.elephant_to} if main.elephant_to is not None else set()))
        return next((i for i in here if i not in done), None)

    def _act_menu(self, state: KarigarState) -> list[Action]:
        spec = self.spec
        main = state.main
        assert main is not None
        i = self._pending(state)
        assert i is not None
        board = self._ground(state).board
        space = board.spaces[i]
        workers = sum(1 for _, d in main.moved if d == i)
        elephant = main.elephant_to == i
        budget = self._budget(state, main)
        if space.kind == "alliance":  # its price is in the budget already (the move bought it)
            held = list(state.seats[state.seat].alliances) + bazaar.bought(board, main)
            if len(held) < spec.most_alliances:
                return [Do(Act(i, buy=True))]
            return [Do(Act(i, buy=True), discard=o) for o in dict.fromkeys(held)]  # rulebook: 2. Using an Alliance Card: at most 2
        menu = rules._acts(board, i, workers, elephant, budget)
        return [Do(a) for a in menu if all(p <= b for p, b in zip(bazaar.act_pay(spec, space, a), budget))]

    def _do(self, state: KarigarState, action: Do) -> KarigarState:
        main = state.main
        assert main is not None
        main = replace(main, acts=main.acts + (action.act,),
                       discards=main.discards + ((action.discard,) if action.discard is not None else ()))
        state = replace(state, main=main)
        if self._pending(state) is None:
            return self._resolve(state)
        return self._settle(state)

    def _resolve(self, state: KarigarState) -> KarigarState:
        """The main action done: ``rules.apply`` checks the whole turn and gives what is held after it."""
        spec = self.spec
        main = state.main
        assert main is not None
        board = self._ground(state).board
        me = state.seats[state.seat]
        pos = Position(me.workers, me.elephant, me.holding)
        dests = bazaar.destinations(me.workers, main.moved)
        turn = Turn(dests, main.elephant_to, main.hire, tuple(a for a in main.acts if a.take or a.use or a.sell or a.buy))
        after = rules.apply(board, pos, turn)
        alliances = list(me.alliances)
        offers = list(state.offers)
        slots = bazaar.alliance_slots(spec)
        for act in main.acts:
            if act.buy:
                bought = state.offers[slots.index(act.space)]
                assert bought is not None
                alliances.append(bought)
                offers[slots.index(act.space)] = None
        for gone in main.discards:
            alliances.remove(gone)
        me = replace(me, workers=tuple(sorted(after.workers)), elephant=after.elephant, holding=after.holding,
                     alliances=tuple(alliances))
        state = replace(state, seats=_put(state.seats, state.seat, me), offers=tuple(offers), phase=AFTER, main=None)
        return self._settle(state)

    # --- the end ---
    def _shows(self, state: KarigarState) -> list[Action]:
        me = state.seats[state.seat]
        k = len(me.shown)
        if k == 0:
            return [Show("blueprint", v) for v in range(MOST_POINTS + 1)]
        if k == 1:
            if me.blueprint is not None and not set(me.blueprint) <= set(me.sections):
                return [Show("bonus", 0)]  # rulebook: Blueprint Cards: the bonus needs every section shown
            if me.blueprint is not None and me.bonus is not None:
                return [Show("bonus", me.bonus)]
            return [Show("bonus", v) for v in range(MOST_POINTS + 1)]
        card = me.bakshish[k - 2]
        return [Show("bakshish", card)] if card is not None else [Show("bakshish", v) for v in range(MOST_POINTS + 1)]

    def _show(self, state: KarigarState, action: Show) -> KarigarState:
        me = state.seats[state.seat]
        me = replace(me, shown=me.shown + (action.points,))
        return self._settle(replace(state, seats=_put(state.seats, state.seat, me)))

    def _settle(self, state: KarigarState) -> KarigarState:
        """Steps that leave no choice happen by themselves: a space with one possible act, the end of
        a turn with no build possible, the last player shown at the end."""
        while not state.draws:
            if state.phase == ACT:
                menu = self._act_menu(state)
                if len(menu) != 1:
                    return state
                act = menu[0]
                assert isinstance(act, Do)
                state = self._do(state, act)
                continue
            if state.phase == AFTER and (state.built_now or not self._builds(state)):
                return self._end_turn(state)
            if state.phase == REVEAL:
                me = state.seats[state.seat]
                if len(me.shown) == 2 + len(me.bakshish):
                    if state.seat + 1 == len(state.seats):
                        return replace(state, phase=OVER)
                    state = replace(state, seat=state.seat + 1)
                    continue
            return state
        return state

    # --- refusals ---
    def refusal(self, state: KarigarState, shown: str) -> str:
        """Why ``shown`` is not legal now: what the phase waits for, its rule, and what is legal."""
        texts = [self.format(state, a) for a in self.legal_actions(state)]
        some = ", ".join(texts[:8]) + (f" … ({len(texts)} in all)" if len(texts) > 8 else "")
        return f"{shown!r} is not legal now: {self._expected(state)} ({self._rule(state)}); legal: {some}"

    def _expected(self, state: KarigarState) -> str:
        if state.draws:
            kind, where = state.draws[0]
            return f"chance draws the Bazaar card for place {where}" if kind == "bazaar" else "chance draws an Alliance card"
        who = state.seats[state.seat].name
        if state.phase == REVEAL:
            return f"{who} shows what is behind the screen"
        if state.phase == ACT:
            return f"{who} says what is done on {self._spaces_of(state)[self._pending(state) or 0].id}"
        if state.phase == AFTER:
            return f"{who} may build, or end the turn"
        if state.main is not None:
            return f"{who} moves the rest of their workers and Elephant, each along a row or a column to a free space"
        return f"{who} builds, hires, or moves every worker along a row or a column to a free space"

    def _rule(self, state: KarigarState) -> str:
        if state.draws:
            return "rulebook: Bazaar Change" if state.draws[0][0] == "bazaar" else "rulebook: Replenish Phase"
        return {REVEAL: "rulebook: Game End", ACT: "rulebook: 1.1 Acquiring Resources", AFTER: "rulebook: Free Actions"}.get(
            state.phase, "rulebook: 1.2 Movement of Workers"
        )


# --- helpers -----------------------------------------------------------------------------------------


def _put(seats: tuple[Seat, ...], k: int, seat: Seat) -> tuple[Seat, ...]:
    return seats[:k] + (seat,) + seats[k + 1:]


def rules_for(spec: Spec) -> KarigarRules:
    return KarigarRules(spec)


__all__ = ["KarigarRules", "KarigarState", "rules_for", "BadInput"]
