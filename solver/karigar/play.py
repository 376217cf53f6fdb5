"""Karigar-e-Taj at the table (``tajkit play karigar``): what a session asks at the setup, the hint
position for the player whose turn begins, the events that play the hint's first turn, and the
state as text and as the finished-table file (``solver/protocol.py``'s ``TablePlay``).

**The setup** is typed one short line a component, in the notation the record's events use:
a Bazaar card as ``blue earn 2 scaffolding+1 silver; 1 sandstone>1 marble or 1 gems>2 silver``
(the chance event ``card 5 = ...`` without its ``card 5 =``), an Alliance card as
``2pt for 1 mortar+1 marble``, resources as ``1 wood+1 sandstone+1 mortar``, a token stack as
``5 4 2``. The protocol draws a replacement Bazaar card (Bazaar Change) and new Alliance cards
(Replenish Phase) from piles whose cards it must know, so the table also types the cards of the
Bazaar draw pile and of the Alliance deck, looked at once and shuffled (no player's secret: their
order stays unknown). What is behind a screen (the Blueprint, the Bakshish deck) is never asked.

**A hint** is for the player whose turn begins (the planner plans whole turns): it needs nothing
from behind the screen (the Level tile, the Bazaar and every player's resources are on the table
or follow from the events), so :meth:`KarigarPlay.hint_questions` asks nothing. The events of
the hint's first turn stop before the build it leads to: which section to build is the player's
choice (their Blueprint), typed as ``build N``.
"""

from __future__ import annotations

import re
import textwrap
from collections import Counter
from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from tajkit.solver import numbers, statefile, wording
from tajkit.solver.errors import BadInput, IllegalMove
from tajkit.solver.karigar import files
from tajkit.solver.karigar.files import (
    bag_data,
    bag_model,
    card_data,
    card_model,
    card_shape_problems,
    offer_model,
)
from tajkit.solver.karigar.bazaar import alliance_names as _alliance_names
from tajkit.solver.karigar.notation import card_text as _card_text  # the events' own notation
from tajkit.solver.karigar.notation import offer_text as _offer_text
from tajkit.solver.karigar.protocol import KarigarRules, rules_for
from tajkit.solver.karigar.setup import setup_model
from tajkit.solver.karigar.state import ACT, OVER, REVEAL, TURN, Action, Build, Do, Go, Hire, KarigarState, Ride
from tajkit.solver.karigar.rules import SUPPLY, Act, Space, Turn, current_level, lay_out
from tajkit.solver.karigar.spec import GAME_ID, Spec, describe
from tajkit.solver.game import Report
from tajkit.solver.karigar import hint as karigar_hint
from tajkit.solver.karigar.files import read_hint_position
from tajkit.solver.karigar.planner import Plan
from tajkit.solver.karigar.report import hint_report
from tajkit.solver.protocol import BOUND, CHANCE, EXACT, Advice, HintAnswer, Question, TablePlay, moves_json
from tajkit.solver.ranking import plural

BAZAAR_CARDS = 24  # rulebook: Game Components: 24 Bazaar Cards (those not in the grid are the draw pile)
ALLIANCE_CARDS = 9  # rulebook: Game Components: 9 Alliance Cards (those not on offer are the deck)
CARD_EXAMPLE = "blue earn 2 scaffolding+1 silver; 1 sandstone>1 marble or 1 gems>2 silver"
OFFER_EXAMPLE = "2pt for 1 mortar+1 marble"
BAG_EXAMPLE = "1 wood+1 sandstone+1 mortar"
HINT_RULE = "the hint plans whole turns (rulebook: How to Play)"
WIDTH = 78


class KarigarPlay(TablePlay):
    notation = ("a Bazaar card drawn: card 5 = blue earn 2 scaffolding+1 silver; 1 sandstone>1 marble. A turn step by "
                "step: supply+supply>7R (workers moved), 9L take 1 wood+1 mortar, T1 sell 1 sandstone, build 5, end; "
                "at the end each Blueprint shown: Asha blueprint 4")

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self.rules: KarigarRules = rules_for(spec)

    # --- the setup -------------------------------------------------------------------------------

    def players_setup(self, names: Sequence[str]) -> dict[str, Any]:
        """The players, and a place in each list for the answers to fill (``bazaar.0`` is its first card)."""
        spec = self.spec
        sizes = {"level_tiles": spec.level_count, "token_stacks": spec.level_count, "bazaar": len(spec.cards),
                 "alliances": len(_alliance_names(spec)), "bazaar_deck": _pile_size(spec), "alliance_deck": _deck_size(spec)}
        return {"game": GAME_ID, "players": [{"name": n} for n in names], **{key: [None] * n for key, n in sizes.items()}}

    def setup_questions(self, names: Sequence[str]) -> list[Question]:
        spec = self.spec
        slots = _alliance_names(spec)
        return [
            *(self._resources_question(k, name) for k, name in enumerate(names)),
            *(self._tile_question(k) for k in range(spec.level_count)),
            *(self._tokens_question(k) for k in range(spec.level_count)),
            *(self._card_question(k, n) for k, n in enumerate(spec.cards)),
            *(self._offer_question(k, slot) for k, slot in enumerate(slots)),
            *(self._pile_question(k, _pile_size(spec)) for k in range(_pile_size(spec))),
            *(self._deck_question(k, _deck_size(spec)) for k in range(_deck_size(spec))),
            self._bakshish_question(),
        ]

    def _resources_question(self, k: int, name: str) -> Question:
        field = f"{wording.shown(name, 30)}'s Starting Resource card"
        return Question(f"players.{k}.resources", field, partial(self._read_bag, field, 99, "held", False),
                        help=f"what it gives, e.g. {BAG_EXAMPLE} (rulebook: Setting Up 9)", choices=self.spec.ids)

    def _tile_question(self, k: int) -> Question:
        field = f"level {k + 1}'s Level tile"
        return Question(f"level_tiles.{k}", f"Level {k + 1} tile: what one section costs",
                        partial(self._read_bag, field, 20, "needed", True),
                        help="e.g. 2 sandstone+1 marble (rulebook: Setting Up 3, Level Tiles)", choices=self.spec.ids)

    def _tokens_question(self, k: int) -> Question:
        return Question(f"token_stacks.{k}", f"Level {k + 1} Taj point tokens, top first", partial(self._read_tokens, k),
                        help=f"their values, e.g. {' '.join(str(v) for v in range(self.spec.tokens_per_level + 2, 2, -1))} "
                        "(rulebook: Setting Up 4-5)")

    def _card_question(self, k: int, number: int) -> Question:
        return Question(f"bazaar.{k}", f"Bazaar card {number} as it lies", partial(self._read_card, number),
                        help=f"colour, earn side; exchange options joined by 'or', e.g. {CARD_EXAMPLE}",
                        choices=_card_words(self.spec))

    def _offer_question(self, k: int, slot: str) -> Question:
        return Question(f"alliances.{k}", f"Alliance card on {slot}", partial(self._read_offer, slot),
                        help=f"its Taj points and price, e.g. {OFFER_EXAMPLE} (rulebook: 1.4 Acquire an Alliance Card)",
                        choices=self.spec.ids)

    def _pile_question(self, k: int, size: int) -> Question:
        return Question(f"bazaar_deck.{k}", f"Bazaar draw pile, card {k + 1} of {size}", partial(self._read_card, None),
                        help=f"e.g. {CARD_EXAMPLE}; look at the pile once, then shuffle it (rulebook: Bazaar Change draws from it)",
                        choices=_card_words(self.spec))

    def _deck_question(self, k: int, size: int) -> Question:
        return Question(f"alliance_deck.{k}", f"Alliance deck, card {k + 1} of {size}", partial(self._read_offer, None),
                        help=f"e.g. {OFFER_EXAMPLE}; look at the deck once, then shuffle it (rulebook: Replenish Phase draws from it)",
                        choices=self.spec.ids)

    def _bakshish_question(self) -> Question:
        default = _bakshish_cards(self.spec)
        return Question("bakshish_cards", "Bakshish cards in the deck", self._read_count,
                        help=f"face down, not looked at (rulebook: Game Components: {default})", default=str(default))

    # --- reading what is typed ---
    def _read_bag(self, field: str, most: int, what: str, needed: bool, text: str) -> dict[str, int]:
        bag = read_bag(self.spec, field, text)
        statefile.validate(bag_model(self.spec, most, what), bag, BadInput, f"{field}: ")
        if needed and not bag:
            raise BadInput(f"{field} = {_quoted(text)}: give what one section of the level costs (rulebook: Level Tiles)")
        return bag

    def _read_tokens(self, k: int, text: str) -> list[int]:
        field = f"level {k + 1}'s Taj point tokens"
        words = text.replace(",", " ").split()
        if not all(numbers.looks_numeric(w) for w in words):
            raise BadInput(f"{field} = {_quoted(text)}: give each token's value, a whole number, e.g. 5 4 2")
        values = [numbers.whole_number(w, field, 0, 99) for w in words]
        n = self.spec.tokens_per_level
        if len(values) != n or values != sorted(values, reverse=True):
            raise BadInput(f"{field} = {_quoted(text)}: {n} tokens stacked in descending order, highest on top "
                           "(rulebook: Setting Up 4-5)")
        return values

    def _read_card(self, number: int | None, text: str) -> dict[str, Any]:
        spec = self.spec
        field = f"Bazaar card {number}" if number is not None else "the Bazaar draw pile's card"
        data = read_card(spec, field, text, number)
        parsed = statefile.validate(card_model(spec, number is not None), data, BadInput, f"{field}: ")
        problems = card_shape_problems(spec, field, parsed)
        if problems:
            raise BadInput(*problems)
        return data

    def _read_offer(self, slot: str | None, text: str) -> dict[str, Any]:
        field = f"the Alliance card on {slot}" if slot is not None else "the Alliance deck's card"
        data = read_offer(self.spec, field, text, slot)
        statefile.validate(offer_model(self.spec, slot is not None), data, BadInput, f"{field}: ")
        return data

    def _read_count(self, text: str) -> int:
        word = text.strip()
        if numbers.looks_numeric(word) and 0 <= (count := numbers.whole_number(word, "Bakshish cards")) <= 60:
            return count
        raise BadInput(f"Bakshish cards = {_quoted(text)}: give how many lie in the deck, 0-60 "
                       f"(rulebook: Game Components: {_bakshish_cards(self.spec)})")

    # --- the hint ----------------------------------------------------------------------------------

    def hint_questions(self, state: KarigarState, player: str) -> list[Question]:
        return []  # the plan needs the Level tile, the Bazaar and the resources: all on the table

    def hint(self, state: KarigarState, player: str, answers: Mapping[str, Any],
             options: Mapping[str, Any]) -> HintAnswer:
        """The planner's answer for ``player`` at the start of their turn: the plan's first turn as
        the actions that play it (the moves, then what is done on each space in grid order; the
        build it leads to is the player's choice of section, typed after), valued by the turns
        until the Level tile's resources are held (or, with no build in reach, the resources held
        at the horizon's end), exact where CP-SAT proved it."""
        if answers:
            raise BadInput(f"{', '.join(sorted(answers))}: the Karigar hint asks nothing from behind the screen")
        horizon = karigar_hint.horizon_of(self.spec, options.get("turns"))
        situation = read_hint_position(self.spec, self.hint_position(state, player))
        result, played = karigar_hint.planned(situation, horizon)
        report = hint_report(self.spec, situation, result, played)
        meaning, value, exact = self._worth(situation, result, played)
        kind = EXACT if exact else BOUND
        if result.turns == 0:  # the tile's resources are held: build, a section of the player's own Blueprint
            moves = [Advice((a,), 0, said=f"build section {a.section} if it is on your Blueprint")
                     for a in self.rules.legal_actions(state) if isinstance(a, Build)]
        else:
            moves = [Advice(self._turn_actions(state, situation, played.steps[0]), value)] if played.steps else []
        data = dict(report.json) | moves_json(self.rules, state, moves, meaning, kind)
        return HintAnswer(situation.name, tuple(moves), meaning, kind, Report(report.text, data, report.notes))

    def hint_position(self, state: KarigarState, player: str) -> dict[str, Any]:
        """The position file the planner reads (``tajkit hint karigar FILE``) for ``player`` at the
        start of their turn: their part, the Bazaar as it lies, the others' workers."""
        self._check_hint_possible(state, player)
        return self._position_data(state)

    @staticmethod
    def _worth(situation: Any, result: Plan, played: Plan) -> tuple[str, int, bool]:
        """What the plan's value means, the value, and whether it is proven (else the plan's turns
        are a bound: at most that many; its resources at least those)."""
        if result.turns is not None:
            return "fewest turns until you hold the Level tile's resources", result.turns, result.proven
        needed = sum(situation.board.needs)
        return (f"the Level tile's resources held after {played.horizon} turns, of {needed} (no build in reach)",
                played.progress, result.best_proven)

    def _check_hint_possible(self, state: KarigarState, player: str) -> None:
        who = self.rules.to_act(state)
        if who is None or state.phase == REVEAL:
            raise BadInput("no hint: the game is over (rulebook: Game End: it ends when the last section is built)")
        if who == CHANCE:
            raise BadInput(f"no hint now: {self.rules._expected(state)}: type the card drawn first")
        if player != who:
            raise BadInput(f"no hint for {wording.shown(player, 30)} now: it is {who}'s turn, and {HINT_RULE} from their start")
        if state.phase != TURN or state.main is not None:
            raise BadInput(f"no hint in the middle of a turn: {HINT_RULE}; finish the turn under way (or undo to its "
                           f"start) and ask again. Now: {self.rules._expected(state)}")
        if state.built_now and self._affords(state):
            raise BadInput(f"no hint: {who} built this turn and holds the Level tile's resources again, but builds once a turn "
                           "(rulebook: Building the Taj Mahal): move the workers and build on the next turn")

    def _affords(self, state: KarigarState) -> bool:
        me = state.seats[state.seat]
        tile = state.tiles[current_level(self.spec, state.built) - 1]
        return all(h >= n for h, n in zip(me.holding, tile))

    def _position_data(self, state: KarigarState) -> dict[str, Any]:
        """What ``files.read_hint_position`` reads: the acting player's part, the Bazaar, the others."""
        spec = self.spec
        spaces = self._spaces(state)
        me = state.seats[state.seat]
        level = current_level(spec, state.built)
        data: dict[str, Any] = {
            "game": GAME_ID,
            "name": me.name,
            "built": sorted(state.built),
            "needs": bag_data(spec, state.tiles[level - 1]),
            "holding": bag_data(spec, me.holding),
            "workers": [_where(spaces, w) for w in me.workers],
            "bazaar": [{"card": n, **card_data(spec, c)} for n, c in zip(spec.cards, state.cards)],
            "alliances": [{"space": slot, "cost": bag_data(spec, o.cost), "points": o.points}
                          for slot, o in zip(_alliance_names(spec), state.offers) if o is not None],
            "others": [self._other_data(spaces, s) for k, s in enumerate(state.seats) if k != state.seat],
        }
        if me.elephant is not None:
            data["elephant"] = spaces[me.elephant].id
        return data

    def _other_data(self, spaces: tuple[Space, ...], seat: Any) -> dict[str, Any]:
        other: dict[str, Any] = {"name": seat.name, "workers": [spaces[w].id for w in seat.workers if w != SUPPLY]}
        if seat.elephant is not None:
            other["elephant"] = spaces[seat.elephant].id
        return other

    # --- the hint's turn as actions ---------------------------------------------------------------

    def _turn_actions(self, state: KarigarState, situation: Any, turn: Turn) -> tuple[Action, ...]:
        """The plan's turn as protocol actions from ``state``: the units moved, one step per
        destination, then the act on each space as the protocol asks for them in grid order (what
        the plan does there, or nothing), up to the build or a card to be drawn."""
        spaces = self._spaces(state)
        index = {s.id: i for i, s in enumerate(spaces)}
        planned_on = situation.board.spaces

        def here(i: int) -> int:  # the planner's space as the protocol's
            return SUPPLY if i == SUPPLY else index[planned_on[i].id]

        actions: list[Action] = []
        for action in self._moves(turn, situation.pos.workers, here):
            actions.append(action)
            state = self.rules.apply(state, action)
        acts = {here(a.space): a for a in turn.acts}
        while state.phase == ACT and not state.draws:
            menu = self.rules.legal_actions(state)
            at = next(a.act.space for a in menu if isinstance(a, Do))
            wanted = self._act(planned_on, spaces[at], at, acts.get(at))
            chosen = next((a for a in menu if isinstance(a, Do) and a.act == wanted), None)
            if chosen is None:
                raise IllegalMove(f"the hint's act on {spaces[at].id} is not legal here: {self.rules._expected(state)}")
            actions.append(chosen)
            state = self.rules.apply(state, chosen)
        return tuple(actions)

    def _moves(self, turn: Turn, workers: Sequence[int], here: Any) -> list[Action]:
        """The turn's units, one step per destination (workers going to one space move together:
        a yellow card needs its workers at once, and a space once used takes no second group)."""
        moves: list[Action] = []
        if turn.elephant is not None and turn.hire is not None:
            moves.append(Hire(turn.hire, here(turn.elephant)))
        elif turn.elephant is not None:
            moves.append(Ride(here(turn.elephant)))
        groups: dict[int, list[int]] = {}
        for origin, destination in zip(workers, turn.workers):
            groups.setdefault(here(destination), []).append(here(origin))
        moves += [Go(tuple(sorted(origins)), d) for d, origins in sorted(groups.items())]
        return moves

    @staticmethod
    def _act(planned_on: Sequence[Space], space: Space, i: int, planned: Act | None) -> Act:
        """The rules model's act on space ``i`` for what the plan does there (nothing when it does nothing)."""
        if planned is None:
            return Act(i)
        if planned.take:
            return Act(i, take=planned.take)
        if planned.sell:  # the plan may list a sale of nothing: the rules' "nothing"
            return Act(i, sell=planned.sell) if any(planned.sell) else Act(i)
        use: list[int] = []
        for o in planned.use:  # each option the plan names, once (a card may show one twice)
            wanted = planned_on[planned.space].options[o]
            use.append(next(k for k, opt in enumerate(space.options)
                            if (opt.give, opt.get) == (wanted.give, wanted.get) and k not in use))
        return Act(i, use=tuple(sorted(use)))

    # --- the state as text and as a file --------------------------------------------------------------

    def situation(self, state: KarigarState) -> str:
        """Where the game stands: who acts and what they may do (``describe``'s opening)."""
        return self._whose_turn(state)

    def describe(self, state: KarigarState) -> str:
        lines = [self.situation(state), self._taj_line(state)]
        spaces = self._spaces(state)
        lines += [self._seat_line(spaces, seat) for seat in state.seats]
        lines += self._turn_so_far(spaces, state)
        lines.append("Bazaar:")
        lines += self._bazaar_lines(spaces, state)
        lines.append(f"Draw pile: {plural(len(state.pile), 'Bazaar card')}; Alliance deck: {len(state.alliance_pile)}; "
                     f"Bakshish deck: {len(state.bakshish_pile)}.")
        return "\n".join(lines)

    def _whose_turn(self, state: KarigarState) -> str:
        if state.phase == OVER:
            return "The game is over (rulebook: Game End)."
        return _wrap(f"Now: {self.rules._expected(state)}.")

    def _taj_line(self, state: KarigarState) -> str:
        spec = self.spec
        level = current_level(spec, state.built)
        if level > spec.level_count:
            return "The Taj is complete."
        tokens = "; ".join(f"level {k + 1} {','.join(map(str, s))}" for k, s in enumerate(state.stacks) if s)
        open_sections = ", ".join(str(s) for s in spec.levels[level - 1] if s not in state.built)
        return _wrap(f"Level {level}: sections {open_sections} open, each costs "
                     f"{describe(spec, state.tiles[level - 1])}. Taj point tokens left (top first): {tokens}.")

    def _seat_line(self, spaces: tuple[Space, ...], seat: Any) -> str:
        spec = self.spec
        where = Counter(seat.workers)
        workers = ", ".join(f"{n} {'in supply' if i == SUPPLY else 'on ' + spaces[i].id}" for i, n in sorted(where.items()))
        elephant = f"Elephant on {spaces[seat.elephant].id}" if seat.elephant is not None else "no Elephant"
        built = ", ".join(f"{s} ({t} pts)" for s, t in zip(seat.sections, seat.tokens)) or "nothing"
        allies = ", ".join(_offer_text(spec, o) for o in seat.alliances) or "none"
        text = (f"{seat.name}: workers {workers}; {elephant}; holds {describe(spec, seat.holding)}; built {built}; "
                f"{plural(len(seat.bakshish), 'Bakshish card')}; Alliance cards {allies}.")
        return _wrap(text + _shown_text(seat.shown))

    def _turn_so_far(self, spaces: tuple[Space, ...], state: KarigarState) -> list[str]:
        main = state.main
        if main is None or state.phase == OVER:
            return []
        steps = [f"{'supply' if o == SUPPLY else spaces[o].id}>{spaces[d].id}" for o, d in main.moved]
        if main.elephant_to is not None:
            steps.append(f"Elephant to {spaces[main.elephant_to].id}")
        steps += [self.rules.format(state, Do(a)) for a in main.acts]
        return [_wrap(f"This turn so far: {', '.join(steps) or 'nothing'}.")]

    def _bazaar_lines(self, spaces: tuple[Space, ...], state: KarigarState) -> list[str]:
        spec = self.spec
        stand = _standing(spaces, state)
        lines = []
        for n, card in zip(spec.cards, state.cards):
            who = "; ".join(f"{side}: {stand[f'{n}{side}']}" for side in "LR" if f"{n}{side}" in stand)
            lines.append(_wrap(f"  {n:>2} {_card_text(spec, card)}" + (f"  [{who}]" if who else ""), indent="     "))
        for slot, offer in zip(_alliance_names(spec), state.offers):
            text = _offer_text(spec, offer) if offer is not None else "no card"
            lines.append(f"  {slot} {text}" + (f"  [{stand[slot]}]" if slot in stand else ""))
        trade = [s.id for s in spaces if s.kind in ("sell", "exchange") and s.card is None]
        lines += [f"  {t} {'sell basic resources, 1 silver each' if spaces[_at(spaces, t)].kind == 'sell' else '3 silver>1 gold'}"
                  + (f"  [{stand[t]}]" if t in stand else "") for t in trade]
        return lines

    def state_file(self, state: KarigarState) -> dict[str, Any]:
        return files.to_data(self.spec, self.rules.table(state))

    def tell(self, before: KarigarState, action: Any, after: KarigarState) -> tuple[str, ...]:
        """What ``action`` did, in one to three sentences for the terminal and the phones alike."""
        from tajkit.solver.karigar import narration

        return narration.tell(self.spec, before, action, after)

    # --- on the board: the phones' taps (issue 44; sheets/karigar.py draws the board) ---------------

    def board_data(self, state: KarigarState) -> KarigarState:
        """The board draws the position itself (the state file is the finished table's, without the Bazaar)."""
        return state

    def taps(self, state: KarigarState, action: Any) -> tuple[str, ...]:
        """How a finger chooses ``action`` on the board: the Bazaar space a move goes to (its id, a
        target of ``sheets.karigar.board``), then who goes there ("1 worker from 5L", "hire an
        Elephant for 6 silver"); the space being acted on, then what is done there (a sale: how
        many, then which); a Taj section to build; "End the turn", "Pass" and what is shown at the
        end as buttons beside the board. A chance draw is the table's, chosen from a list."""
        from tajkit.solver.karigar.state import End, Pass, Show

        spaces = self._spaces(state)
        if isinstance(action, Build):
            return (f"section {action.section}",)
        if isinstance(action, Go):
            return (spaces[action.space].id, self._group_words(spaces, action.origins))
        if isinstance(action, Ride):
            main = state.main
            origin = main.elephant_from if main is not None and main.elephant_from is not None else state.seats[state.seat].elephant
            return (spaces[action.space].id, f"your Elephant from {_where(spaces, origin) if origin is not None else '?'}")
        if isinstance(action, Hire):
            return (spaces[action.space].id, f"hire an Elephant for {describe(self.spec, self.spec.hire[action.price], joiner=' + ')}")
        if isinstance(action, Do):
            return (spaces[action.act.space].id, *self._act_words(spaces, action))
        if isinstance(action, End):
            return ("End the turn",)
        if isinstance(action, Pass):
            return ("Pass: no move is possible",)
        if isinstance(action, Show):
            return self._show_taps(state, action)
        return ()

    def confirm(self, state: KarigarState, action: Any) -> str | None:
        """A build is asked once more: one tap on the Taj spends the Level tile's resources and
        chooses a section for good (rulebook: Building the Taj Mahal)."""
        if not isinstance(action, Build):
            return None
        level = self.spec.level_of(action.section)
        stack = state.stacks[level - 1]
        token = f", and take the top Taj point token ({stack[0]} points)" if stack else ""
        return (f"Build section {action.section}? You pay {describe(self.spec, state.tiles[level - 1], joiner=' + ')}"
                f"{token}.")

    @staticmethod
    def _group_words(spaces: tuple[Space, ...], origins: tuple[int, ...]) -> str:
        """Who goes: "1 worker from 5L", "2 workers from the supply", "workers from 5L and 7R"."""
        where = Counter(origins)
        if len(where) == 1:
            (origin, n), = where.items()
            return f"{n} worker{'s' if n > 1 else ''} from {'the supply' if origin == SUPPLY else spaces[origin].id}"
        return "workers from " + " and ".join(("the supply" if o == SUPPLY else spaces[o].id) + (f" (×{n})" if n > 1 else "")
                                               for o, n in sorted(where.items()))

    def _act_words(self, spaces: tuple[Space, ...], action: Do) -> tuple[str, ...]:
        spec, act = self.spec, action.act
        space = spaces[act.space]
        if act.buy:
            price = f"{space.points} Taj points for {describe(spec, space.cost, joiner=' + ')}"
            if action.discard is None:
                return (f"buy the Alliance card: {price}",)
            return (f"buy it, giving up your card {_offer_text(spec, action.discard)}",)
        if act.take and any(act.take):
            return (f"take {describe(spec, act.take, joiner=' + ')}",)
        if act.use:
            return ("exchange " + " and ".join(f"{describe(spec, space.options[o].give, joiner=' + ')} for "
                                               f"{describe(spec, space.options[o].get, joiner=' + ')}" for o in act.use),)
        if act.sell and any(act.sell):
            n = sum(act.sell)
            return (f"sell {n} basic resource{'s' if n > 1 else ''}",
                    f"{describe(spec, act.sell, joiner=' + ')} for {spec.sell_silver * n} silver")
        return ("do nothing here",)

    def _show_taps(self, state: KarigarState, action: Any) -> tuple[str, ...]:
        """What is behind the screen, one button; a value the table alone knows as tens, then points."""
        me = state.seats[state.seat]
        what = {"blueprint": "your Blueprint's points", "bonus": "your Blueprint's bonus"}.get(
            action.what, f"Bakshish card {len(me.shown) - 1} of {len(me.bakshish)}")
        if len(self.rules.legal_actions(state)) == 1:  # at the end, every legal action is a show
            return (f"Show {what}: {action.points} points",)
        low = action.points // 10 * 10
        return (f"Show {what}", f"{low} to {low + 9} points", f"{action.points} points")

    # --- helpers ---
    def _spaces(self, state: KarigarState) -> tuple[Space, ...]:
        offers = {slot: o for slot, o in zip(_alliance_names(self.spec), state.offers) if o is not None}
        return lay_out(self.spec, dict(zip(self.spec.cards, state.cards)), offers)


# --- the setup's notation ---------------------------------------------------------------------------


def read_bag(spec: Spec, field: str, text: str) -> dict[str, int]:
    """``1 wood+2 silver`` (a count may be left out for 1; ``nothing`` for none) as a file's bag."""
    numbers.refuse_foreign_digits(text, f"{field} = {_quoted(text)}")
    words = text.strip().lower()
    if words in ("", "nothing", "none", "-"):
        return {}
    bag: Counter[str] = Counter()
    for part in re.split(r"\s*[+,]\s*", words):
        found = re.fullmatch(r"([0-9]{1,2})?\s*([a-z]+)", part)
        if found is None:
            raise BadInput(f"{field} = {_quoted(text)}: {_quoted(part)} is not a count and a resource, e.g. {BAG_EXAMPLE}")
        name = found.group(2)
        if name not in spec.ids:
            close = wording.closest(name, list(spec.ids))
            raise BadInput(f"{field} = {_quoted(text)}: {_quoted(name)} is no resource of the game "
                           f"({', '.join(spec.ids)})" + (f"; did you mean {close}?" if close else ""))
        bag[name] += int(found.group(1) or 1)
    return {r: bag[r] for r in spec.ids if bag[r]}


def read_card(spec: Spec, field: str, text: str, number: int | None) -> dict[str, Any]:
    """A Bazaar card in the record's notation (``card 5 = `` may lead), as a setup's card."""
    numbers.refuse_foreign_digits(text, f"{field} = {_quoted(text)}")
    words = text.strip()
    lead = re.match(r"card\s*([0-9]+)\s*=\s*", words, re.IGNORECASE)
    if lead is not None:
        if number is not None and numbers.whole_number(lead.group(1), field) != number:
            raise BadInput(f"{field} = {_quoted(text)}: this is the question for card {number}, not card {lead.group(1)}")
        words = words[lead.end():]
    found = re.fullmatch(r"(\w+)\s+earn\s+(.*?)\s*;\s*(.*)", words, re.IGNORECASE | re.DOTALL)
    if found is None:
        raise BadInput(f"{field} = {_quoted(text)}: write its colour, its earn side, then its exchange options, e.g. {CARD_EXAMPLE}")
    colour = found.group(1).lower()
    if colour not in ("blue", "yellow"):
        raise BadInput(f"{field} = {_quoted(text)}: {_quoted(found.group(1))} is no colour of a Bazaar card: blue or yellow")
    exchange = []
    for k, option in enumerate(re.split(r"\s+or\s+", found.group(3).strip(), flags=re.IGNORECASE), start=1):
        sides = option.split(">")
        if len(sides) != 2:
            raise BadInput(f"{field} = {_quoted(text)}: exchange option {k} ({_quoted(option)}) is what it takes > what it "
                           "gives, e.g. 1 sandstone>1 marble")
        exchange.append({"give": read_bag(spec, f"{field}, option {k}", sides[0]),
                         "get": read_bag(spec, f"{field}, option {k}", sides[1])})
    card = {"card": number} if number is not None else {}
    return {**card, "colour": colour, "earn": read_bag(spec, f"{field}, earn", found.group(2)), "exchange": exchange}


def read_offer(spec: Spec, field: str, text: str, slot: str | None) -> dict[str, Any]:
    """An Alliance card in the record's notation (``A1 = `` may lead), as a setup's card."""
    numbers.refuse_foreign_digits(text, f"{field} = {_quoted(text)}")
    words = text.strip()
    lead = re.match(r"(A[0-9]+)\s*=\s*", words, re.IGNORECASE)
    if lead is not None:
        if slot is not None and lead.group(1).upper() != slot:
            raise BadInput(f"{field} = {_quoted(text)}: this is the question for {slot}, not {lead.group(1).upper()}")
        words = words[lead.end():]
    found = re.fullmatch(r"([0-9]{1,2})\s*(?:pt|pts|points?)\s+for\s+(.+)", words, re.IGNORECASE | re.DOTALL)
    if found is None:
        raise BadInput(f"{field} = {_quoted(text)}: write its Taj points and its price, e.g. {OFFER_EXAMPLE}")
    offer = {"space": slot} if slot is not None else {}
    return {**offer, "cost": read_bag(spec, f"{field}, price", found.group(2)), "points": int(found.group(1))}


# --- helpers ------------------------------------------------------------------------------------------


def _bakshish_cards(spec: Spec) -> int:
    """The setup's default, the rulebook's count (Game Components: 34 Bakshish Cards)."""
    return int(setup_model(spec).model_fields["bakshish_cards"].default)


def _pile_size(spec: Spec) -> int:
    return BAZAAR_CARDS - len(spec.cards)


def _deck_size(spec: Spec) -> int:
    return ALLIANCE_CARDS - len(_alliance_names(spec))


def _card_words(spec: Spec) -> tuple[str, ...]:
    return ("blue", "yellow", "earn", "or", *spec.ids)


def _quoted(text: str) -> str:
    return repr(wording.shown(text.strip(), 60))


def _where(spaces: tuple[Space, ...], i: int) -> str:
    return "supply" if i == SUPPLY else spaces[i].id


def _at(spaces: tuple[Space, ...], space_id: str) -> int:
    return next(i for i, s in enumerate(spaces) if s.id == space_id)


def _standing(spaces: tuple[Space, ...], state: KarigarState) -> dict[str, str]:
    """Who stands on each space: ``Asha x2``, ``Bela's Elephant``."""
    units: dict[str, list[str]] = {}
    for seat in state.seats:
        for i, n in Counter(w for w in seat.workers if w != SUPPLY).items():
            units.setdefault(spaces[i].id, []).append(seat.name + (f" x{n}" if n > 1 else ""))
        if seat.elephant is not None:
            units.setdefault(spaces[seat.elephant].id, []).append(f"{seat.name}'s Elephant")
    return {space: ", ".join(who) for space, who in units.items()}


def _shown_text(shown: tuple[int, ...]) -> str:
    """What a player has shown at the end: the Blueprint's points, its bonus, each Bakshish card's."""
    if not shown:
        return ""
    parts = [f"Blueprint {shown[0]}"] + ([f"bonus {shown[1]}"] if len(shown) > 1 else [])
    if len(shown) > 2:
        parts.append(f"Bakshish {' '.join(map(str, shown[2:]))}")
    return f" Shown: {', '.join(parts)}."


def _wrap(text: str, indent: str = "  ") -> str:
    return "\n".join(textwrap.wrap(text, WIDTH, subsequent_indent=indent, break_on_hyphens=False))


def play_for(spec: Spec) -> KarigarPlay:
    return KarigarPlay(spec)
