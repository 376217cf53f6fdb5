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

import random
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
from tajkit.solver.karigar.state import ACT, OVER, REVEAL, TURN, Action, Build, Do, Go, Hire, KarigarState, Ride, Show
from tajkit.solver.karigar.rules import SUPPLY, Act, Card, Offer, Space, Turn, current_level, lay_out
from tajkit.solver.karigar.spec import GAME_ID, Spec, describe
from tajkit.solver.game import Report
from tajkit.solver.karigar import hint as karigar_hint
from tajkit.solver.karigar.files import read_hint_position
from tajkit.solver.karigar.planner import Plan
from tajkit.solver.karigar.report import hint_report
from tajkit.solver.protocol import (BOUND, CHANCE, EXACT, Advice, EventForm, HintAnswer, Pick, Question, TablePlay,
                                    moves_json)
from tajkit.solver.ranking import plural

BAZAAR_CARDS = 24  # rulebook: Game Components: 24 Bazaar Cards (those not in the grid are the draw pile)
ALLIANCE_CARDS = 9  # rulebook: Game Components: 9 Alliance Cards (those not on offer are the deck)
CARD_EXAMPLE = "blue earn 2 scaffolding+1 silver; 1 sandstone>1 marble or 1 gems>2 silver"
OFFER_EXAMPLE = "2pt for 1 mortar+1 marble"
BAG_EXAMPLE = "1 wood+1 sandstone+1 mortar"
HINT_RULE = "the hint plans whole turns (rulebook: How to Play)"
WIDTH = 78
TOKEN_VALUES = range(1, 16)  # a Taj point token's values a phone offers (the rulebook gives none; the copy's are added)


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
                 "alliances": len(_alliance_names(spec)), "bazaar_deck": self._asked_pile(), "alliance_deck": self._asked_deck()}
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
            *(self._pile_question(k, _pile_size(spec)) for k in range(self._asked_pile())),
            *(self._deck_question(k, _deck_size(spec)) for k in range(self._asked_deck())),
            self._bakshish_question(),
        ]

    def _asked_pile(self) -> int:
        """The Bazaar draw pile's cards to ask: none when the copy's deck is known (they are the rest of it)."""
        return 0 if self.spec.components.bazaar_cards else _pile_size(self.spec)

    def _asked_deck(self) -> int:
        return 0 if self.spec.components.alliance_cards else _deck_size(self.spec)

    def setup_of(self, names: Sequence[str], answers: Mapping[str, Any]) -> dict[str, Any]:
        """With the copy's Bazaar and Alliance decks known, the draw pile and the Alliance deck are
        the copy's cards that do not lie on the board (rulebook: Bazaar Change and the Replenish
        Phase draw from them); a card laid out more often than the copy has it is refused."""
        setup = super().setup_of(names, answers)
        c = self.spec.components
        if c.bazaar_cards:
            copy = [read_card(self.spec, "a Bazaar card", line, None) for line in c.bazaar_cards]
            setup["bazaar_deck"] = _rest(copy, setup["bazaar"], "card", "Bazaar card", "The Bazaar Grid")
        if c.alliance_cards:
            copy = [read_offer(self.spec, "an Alliance card", line, None) for line in c.alliance_cards]
            setup["alliance_deck"] = _rest(copy, setup["alliances"], "space", "Alliance card on", "1.4 Acquire an Alliance Card")
        return setup

    def _resources_question(self, k: int, name: str) -> Question:
        field = f"{wording.shown(name, 30)}'s Starting Resource card"
        return Question(f"players.{k}.resources", field, partial(self._read_bag, field, 99, "held", False),
                        help=_help(picks := self._bag_picks(self.spec.components.starting_resources),
                                   f"what it gives, e.g. {BAG_EXAMPLE}", "the card dealt to them", "Setting Up 9"),
                        choices=self.spec.ids, picks=picks)

    def _tile_question(self, k: int) -> Question:
        field = f"level {k + 1}'s Level tile"
        tiles = self.spec.components.level_tiles
        return Question(f"level_tiles.{k}", f"Level {k + 1} tile: what one section costs",
                        partial(self._read_bag, field, 20, "needed", True),
                        help=_help(picks := self._bag_picks(tiles[k] if k < len(tiles) else ()), "e.g. 2 sandstone+1 marble",
                                   "the tile chosen at random", "Setting Up 3, Level Tiles"),
                        choices=self.spec.ids, picks=picks)

    def _tokens_question(self, k: int) -> Question:
        known = self.spec.components.taj_tokens
        values = sorted(set(TOKEN_VALUES) | set(known[k] if k < len(known) else ()), reverse=True)
        return Question(f"token_stacks.{k}", f"Level {k + 1} Taj point tokens, top first", partial(self._read_tokens, k),
                        help=f"their values, e.g. {' '.join(str(v) for v in range(self.spec.tokens_per_level + 2, 2, -1))} "
                        "(rulebook: Setting Up 4-5)", default=_stack_text(known[k]) if k < len(known) else None,
                        slots=_stack_slots(self.spec.tokens_per_level), picks=tuple(Pick(str(v)) for v in values))

    def _card_question(self, k: int, number: int) -> Question:
        return Question(f"bazaar.{k}", f"Bazaar card {number} as it lies", partial(self._read_card, number),
                        help=_help(picks := self._card_picks(), f"colour, earn side; exchange options joined by 'or', e.g. "
                                   f"{CARD_EXAMPLE}", "the card lying there", "The Bazaar Grid"),
                        choices=_card_words(self.spec), picks=picks)

    def _offer_question(self, k: int, slot: str) -> Question:
        return Question(f"alliances.{k}", f"Alliance card on {slot}", partial(self._read_offer, slot),
                        help=_help(picks := self._offer_picks(), f"its Taj points and price, e.g. {OFFER_EXAMPLE}",
                                   "the card lying there", "1.4 Acquire an Alliance Card"),
                        choices=self.spec.ids, picks=picks)

    def _pile_question(self, k: int, size: int) -> Question:
        return Question(f"bazaar_deck.{k}", f"Bazaar draw pile, card {k + 1} of {size}", partial(self._read_card, None),
                        help=_help(picks := self._card_picks(), f"e.g. {CARD_EXAMPLE}; look at the pile once, then shuffle it",
                                   "look at the pile once, then shuffle it", "Bazaar Change draws from it"),
                        choices=_card_words(self.spec), picks=picks)

    def _deck_question(self, k: int, size: int) -> Question:
        return Question(f"alliance_deck.{k}", f"Alliance deck, card {k + 1} of {size}", partial(self._read_offer, None),
                        help=_help(picks := self._offer_picks(), f"e.g. {OFFER_EXAMPLE}; look at the deck once, then shuffle it",
                                   "look at the deck once, then shuffle it", "Replenish Phase draws from it"),
                        choices=self.spec.ids, picks=picks)

    def _bakshish_question(self) -> Question:
        default = _bakshish_cards(self.spec)
        return Question("bakshish_cards", "Bakshish cards in the deck", self._read_count,
                        help=f"face down, not looked at (rulebook: Game Components: {default})", default=str(default))

    # --- the components of the table's copy, as pickers ---
    def _bag_picks(self, lines: Sequence[str]) -> tuple[Pick, ...]:
        return tuple(Pick(line, bag_label(self.spec, line)) for line in lines)

    def _card_picks(self) -> tuple[Pick, ...]:
        return tuple(Pick(line, card_label(self.spec, line)) for line in self.spec.components.bazaar_cards)

    def _offer_picks(self) -> tuple[Pick, ...]:
        return tuple(Pick(line, offer_label(self.spec, line)) for line in self.spec.components.alliance_cards)

    # --- "Deal for us" ---
    def deals(self) -> bool:
        """Something to draw: one of the components dealt at random is known (the table's copy)."""
        c = self.spec.components
        return bool(c.bazaar_cards or c.alliance_cards or c.level_tiles or c.starting_resources)

    def deal(self, names: Sequence[str], rng: random.Random) -> tuple[dict[str, str], tuple[str, ...]]:
        """The setup's random draws (rulebook: Setting Up) from the components tajkit knows: those of
        the table's copy given in a --data file (tajkit itself knows none: design principle 2). What is
        unknown stays to be picked or typed, and the sentences say so."""
        answers: dict[str, str] = {}
        lines: list[str] = []
        for part in (self._deal_tiles, self._deal_tokens, self._deal_bazaar, self._deal_alliances):
            lines += part(rng, answers)
        lines += self._deal_resources(names, rng, answers)
        lines.append(f"Shuffle the {_bakshish_cards(self.spec)} Bakshish cards face down beside the board; "
                     "tajkit does not draw them: they stay secret (Setting Up 6).")
        lines.append("Shuffle the Blueprint cards and deal one to each player in secret; put the rest back in the box "
                     "(Setting Up 9).")
        return answers, tuple(lines)

    def _deal_tiles(self, rng: random.Random, answers: dict[str, str]) -> list[str]:
        tiles, lines = self.spec.components.level_tiles, []
        for k in range(self.spec.level_count):
            if k < len(tiles) and tiles[k]:
                answers[f"level_tiles.{k}"] = tile = rng.choice(tiles[k])
                lines.append(f"Level {k + 1}: the Level tile {bag_label(self.spec, tile)} (Setting Up 3: one at random).")
            else:
                lines.append(f"Level {k + 1}: choose a Level tile at random and pick it below (Setting Up 3; "
                             "tajkit does not know your copy's tiles).")
        return lines

    def _deal_tokens(self, rng: random.Random, answers: dict[str, str]) -> list[str]:
        known = self.spec.components.taj_tokens
        stacks = [_stack_text(known[k]) for k in range(min(len(known), self.spec.level_count))]
        for k, stack in enumerate(stacks):
            answers[f"token_stacks.{k}"] = stack
        if len(stacks) == self.spec.level_count:
            return ["Taj point tokens face down beside their level, highest on top: "
                    + "; ".join(f"level {k + 1}: {s}" for k, s in enumerate(stacks)) + " (Setting Up 4-5)."]
        return ["Sort the Taj point tokens by their dots into the 4 levels, highest on top, face down, and type "
                "each level's values below (Setting Up 4-5)."]

    def _deal_bazaar(self, rng: random.Random, answers: dict[str, str]) -> list[str]:
        cards = list(self.spec.components.bazaar_cards)
        if not cards:
            return ["Lay 12 Bazaar cards on the Bazaar grid, the rest as the draw pile, and pick each below "
                    "(tajkit does not know your copy's Bazaar cards)."]
        rng.shuffle(cards)
        lying, pile = cards[:len(self.spec.cards)], cards[len(self.spec.cards):]
        lines = []
        for k, (number, card) in enumerate(zip(self.spec.cards, lying)):
            answers[f"bazaar.{k}"] = card
            lines.append(f"Bazaar card {number}: {card_label(self.spec, card)}.")
        lines.append(f"The other {len(pile)} Bazaar cards are the draw pile, shuffled face down (Bazaar Change draws "
                     "from it). The rulebook's Setting Up does not say how the Bazaar is laid out: tajkit shuffles all "
                     f"{len(cards)} (inferred).")
        return lines

    def _deal_alliances(self, rng: random.Random, answers: dict[str, str]) -> list[str]:
        cards, slots = list(self.spec.components.alliance_cards), _alliance_names(self.spec)
        if not cards:
            return ["Lay an Alliance card on each Alliance slot, the rest as the Alliance deck, and pick each below "
                    "(tajkit does not know your copy's Alliance cards)."]
        rng.shuffle(cards)
        lines = []
        for k, slot in enumerate(slots):
            answers[f"alliances.{k}"] = cards[k]
            lines.append(f"Alliance slot {slot}: {offer_label(self.spec, cards[k])}.")
        lines.append(f"The other {len(cards) - len(slots)} Alliance cards are the Alliance deck, shuffled face down "
                     "(the Replenish Phase draws from it; the Setting Up does not say: inferred).")
        return lines

    def _deal_resources(self, names: Sequence[str], rng: random.Random, answers: dict[str, str]) -> list[str]:
        cards = self.spec.components.starting_resources
        if len(cards) < len(names):
            return ["Shuffle the Starting Resource cards, deal one to each player and pick each below (Setting Up 9; "
                    "tajkit does not know your copy's cards)."]
        lines = []
        for k, (name, card) in enumerate(zip(names, rng.sample(list(cards), len(names)))):
            answers[f"players.{k}.resources"] = card
            lines.append(f"{wording.shown(name, 30)} takes the Starting Resource card {bag_label(self.spec, card)} "
                         "and its resources (Setting Up 9).")
        return lines

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

    # --- the end: what each player shows, as one short form ------------------------------------------

    def event_form(self, state: KarigarState) -> EventForm | None:
        """At the Game End each player in turn shows their Blueprint card (its points, and its bonus
        when all its sections are built) and their Bakshish cards' Taj points: one short form a player
        instead of an event each, recorded as the same events (``Asha blueprint 4``, ``Asha bonus 0``,
        ``Asha bakshish 2``…), so a record reads alike either way. What the table knows already (a
        bonus the Blueprint's sections rule out, a card of a known deck) is filled in, not asked."""
        if state.phase != REVEAL or state.draws:
            return None
        name = state.seats[state.seat].name
        steps = self._reveal_steps(state)
        cards = sum(what == "bakshish" for what, _ in steps)
        questions = tuple(self._reveal_question(what, k, cards, steps) for k, (what, values) in enumerate(steps)
                          if len(values) > 1)
        title = f"{wording.shown(name, 30)}: the Blueprint card and {plural(cards, 'Bakshish card')} (rulebook: Game End)"
        return EventForm(name, title, questions, partial(self._reveal_events, state, steps),
                         submit=f"Show {wording.shown(name, 30)}'s cards")

    def _reveal_steps(self, state: KarigarState) -> list[tuple[str, tuple[int, ...]]]:
        """What the player to show still shows, in the order the rules take it: each Show's kind and
        the values it may have (one when the table knows it already)."""
        steps, seat = [], state.seat
        while state.phase == REVEAL and state.seat == seat and not state.draws:
            legal = [a for a in self.rules.legal_actions(state) if isinstance(a, Show)]
            steps.append((legal[0].what, tuple(a.points for a in legal)))
            state = self.rules.apply(state, legal[0])  # what is known of a step never hangs on an earlier one's value
        return steps

    @staticmethod
    def _reveal_question(what: str, k: int, cards: int, steps: Sequence[tuple[str, tuple[int, ...]]]) -> Question:
        card = sum(w == "bakshish" for w, _ in steps[:k]) + 1
        prompt, default, help = {
            "blueprint": ("Blueprint card: Taj points", None, "what it earns you (rulebook: Blueprint Cards)"),
            "bonus": ("Blueprint bonus", "0", "0 unless all its sections are built (rulebook: Blueprint Cards)"),
            "bakshish": (f"Bakshish card {card} of {cards}", "0", "its Taj points; 0 if none" if card == 1 else ""),
        }[what]
        return Question(f"{what}{k}", prompt, partial(_read_shown, prompt, steps[k][1]), default=default, help=help,
                        numeric=True)

    def _reveal_events(self, state: KarigarState, steps: Sequence[tuple[str, tuple[int, ...]]],
                       answers: Mapping[str, Any]) -> tuple[str, ...]:
        events = []
        for k, (what, values) in enumerate(steps):
            action = Show(what, answers[f"{what}{k}"] if len(values) > 1 else values[0])
            events.append(self.rules.format(state, action))
            state = self.rules.apply(state, action)
        return tuple(events)

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
        end as buttons beside the board. A card the table draws (chance) is said in words: a
        Bazaar card's colour, with its letter, then what it shows; an Alliance card, its slot,
        points and price."""
        from tajkit.solver.karigar.state import Draw, End, Pass, Show

        spaces = self._spaces(state)
        if isinstance(action, Draw):
            return self._draw_taps(state, spaces, action.card)
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

    def _draw_taps(self, state: KarigarState, spaces: tuple[Space, ...], card: Card | Offer) -> tuple[str, ...]:
        """The card the table draws, in words: "yellow card (Y) for place 5", then "earn 1 gems;
        exchange 1 marble for 1 gems" (rulebook: Bazaar Change); "Alliance card for A1: 3 Taj
        points for 2 marble" (rulebook: Replenish Phase)."""
        spec, where = self.spec, state.draws[0][1]
        if isinstance(card, Offer):
            return (f"Alliance card for {spaces[where].id}: {plural(card.points, 'Taj point')} for "
                    f"{describe(spec, card.cost, joiner=' + ')}",)
        trades = " or ".join(f"{describe(spec, o.give, joiner=' + ')} for {describe(spec, o.get, joiner=' + ')}"
                             for o in card.options)
        colour = "yellow" if card.yellow else "blue"
        return (f"{colour} card ({colour[0].upper()}) for place {where}",
                f"earn {describe(spec, card.earn, joiner=' + ')}" + (f"; exchange {trades}" if trades else ""))

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


# --- the table's copy: its components in words, and their checks ------------------------------------


def bag_label(spec: Spec, line: str) -> str:
    """A bag of the components' notation in words: ``2 sandstone + 1 marble``."""
    return _bag_words(read_bag(spec, "a component", line))


def card_label(spec: Spec, line: str) -> str:
    """A Bazaar card in words, its colour named (never a colour alone): ``Blue: earn 2 wood | 1 sandstone → 1 marble``."""
    card = read_card(spec, "a Bazaar card", line, None)
    trades = " or ".join(f"{_bag_words(o['give'])} → {_bag_words(o['get'])}" for o in card["exchange"])
    return f"{card['colour'].capitalize()}: earn {_bag_words(card['earn'])} | {trades}"


def offer_label(spec: Spec, line: str) -> str:
    offer = read_offer(spec, "an Alliance card", line, None)
    return f"{plural(offer['points'], 'Taj point')} for {_bag_words(offer['cost'])}"


def component_problems(spec: Spec) -> list[str]:
    """What is wrong with the copy's components a --data file gives (``[components]``): each must
    read as its setup question reads it, and a deck must be whole (rulebook: Game Components), as
    the deal lays all of it out."""
    c, problems = spec.components, []
    readers = [(f"bazaar_cards[{k}]", partial(check_card, spec, f"Bazaar card {k}"), line)
               for k, line in enumerate(c.bazaar_cards, start=1)]
    readers += [(f"alliance_cards[{k}]", partial(read_offer, spec, "an Alliance card", slot=None), line)
                for k, line in enumerate(c.alliance_cards, start=1)]
    readers += [(f"starting_resources[{k}]", partial(read_bag, spec, "a Starting Resource card"), line)
                for k, line in enumerate(c.starting_resources, start=1)]
    readers += [(f"level_tiles[{n}][{k}]", partial(read_bag, spec, "a Level tile"), line)
                for n, tiles in enumerate(c.level_tiles, start=1) for k, line in enumerate(tiles, start=1)]
    for where, read, line in readers:
        try:
            read(text=line)
        except BadInput as exc:
            problems += [f"components.{where}: {p}" for p in exc.problems]
    for name, given, whole in (("bazaar_cards", len(c.bazaar_cards), BAZAAR_CARDS),
                               ("alliance_cards", len(c.alliance_cards), ALLIANCE_CARDS)):
        if given not in (0, whole):
            problems.append(f"components.{name}: {given} given; the deal lays out the whole deck of {whole} "
                            "(rulebook: Game Components): give them all or none")
    if c.starting_resources and len(c.starting_resources) < spec.most_players:
        problems.append(f"components.starting_resources: {len(c.starting_resources)} given; give at least "
                        f"{spec.most_players}, one a player (rulebook: Setting Up 9)")
    if c.level_tiles and (len(c.level_tiles) != spec.level_count or not all(c.level_tiles)):
        problems.append(f"components.level_tiles: give each of the {spec.level_count} levels' tiles, level 1 first "
                        "(rulebook: Setting Up 3)")
    if c.taj_tokens and (len(c.taj_tokens) != spec.level_count
                         or any(len(t) != spec.tokens_per_level for t in c.taj_tokens)):
        problems.append(f"components.taj_tokens: give each of the {spec.level_count} levels' "
                        f"{spec.tokens_per_level} token values (rulebook: Setting Up 4-5)")
    return problems


def check_card(spec: Spec, field: str, text: str) -> None:
    """A copy's Bazaar card read as the setup reads one: its notation, its parts, the options its
    colour has (a yellow card with two is refused here, not at the deal)."""
    parsed = statefile.validate(card_model(spec, False), read_card(spec, field, text, None), BadInput, f"{field}: ")
    problems = card_shape_problems(spec, field, parsed)
    if problems:
        raise BadInput(*problems)


def _bag_words(bag: Mapping[str, int]) -> str:
    return " + ".join(f"{n} {r}" for r, n in bag.items()) or "nothing"


def _read_shown(field: str, allowed: Sequence[int], text: str) -> int:
    """A value shown at the end, a whole number the rules allow there."""
    word = text.strip()
    if not numbers.looks_numeric(word):
        raise BadInput(f"{field} = {_quoted(text)}: give the Taj points printed on the card, a whole number")
    value = numbers.whole_number(word, field, 0, max(allowed))
    if value not in allowed:
        raise BadInput(f"{field} = {value}: the rules allow {', '.join(map(str, allowed[:8]))} here (rulebook: Game End)")
    return value


def _rest(copy: list[dict[str, Any]], laid: Sequence[Any], where: str, what: str, rule: str) -> list[dict[str, Any]]:
    """The copy's cards not among ``laid`` (each a setup's card, placed at ``where``); a card laid
    out more often than the copy has it is refused."""
    rest = list(copy)
    for card in laid:
        if not isinstance(card, dict):
            continue  # an unanswered place: the setup's own check names it
        bare = {k: v for k, v in card.items() if k != where}
        if bare not in rest:
            raise BadInput(f"{what} {card.get(where)}: your copy has no more of this card: it lies on the board already, "
                           f"or is not one of your copy's (rulebook: {rule})")
        rest.remove(bare)
    return rest


def _help(picks: Sequence[Pick], typed: str, picked: str, rule: str) -> str:
    """A question's help: how to type it, or (with the copy's components to pick from) what to pick."""
    return f"{picked if picks else typed} (rulebook: {rule})"


def _stack_slots(count: int) -> tuple[str, ...]:
    """The places of a level's token stack, top first (rulebook: Setting Up 5, highest on top)."""
    middle = tuple(f"{k + 1}{'nd' if k == 1 else 'rd' if k == 2 else 'th'}" for k in range(1, count - 1))
    return ("top", *(("middle",) if count == 3 else middle), "bottom") if count > 1 else ("the token",)


def _stack_text(values: Sequence[int]) -> str:
    """A level's Taj point tokens as its question reads them: highest on top (rulebook: Setting Up 5)."""
    return " ".join(str(v) for v in sorted(values, reverse=True))


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
