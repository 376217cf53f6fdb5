"""Taj Mahal at the table (``tajkit play tajmahal``): the game's side of a session
(:class:`~tajkit.solver.protocol.TablePlay`), over the rules protocol (``protocol.py``).

The table types its setup once: the 30 cards of a player's colour (the seed lists none), the
bonus tiles where the board's differ from the game data, and the hand size (the seed gives none).
Hands stay hidden: a player asking for a hint types their own hand, checked against what the
table has seen them play. The hint reads the round being played straight from the session's
state: every display as its cards were played, who is out, the prizes still open, the palaces.
A position file (``tajkit hint tajmahal FILE``) is read into the same state first
(:meth:`TajMahalPlay.position_state`), so both are one call (:meth:`TajMahalPlay.hint`).
"""

from __future__ import annotations

import random
import textwrap
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from tajkit.solver import numbers, wording
from tajkit.solver.errors import BadInput, BadState
from tajkit.solver.protocol import CHANCE, HintAnswer, Pick, Position, Question, TablePlay
from tajkit.solver.ranking import join_names, plural
from tajkit.solver.tajmahal import hint
from tajkit.solver.tajmahal.files import HintPosition, Seat, read_hint_position
from tajkit.solver.tajmahal.notation import CARD_HELP, Start, canonical, card_text, read_card
from tajkit.solver.tajmahal.protocol import END_RULE, HAND_RULE, SETUP_RULE, TajMahalRules, TajMahalState, rules_for
from tajkit.solver.tajmahal.rules import (
    TURN_RULE,
    BonusTile,
    Card,
    Holdings,
    Play,
    Withdraw,
    chain_text,
    longest_chain,
)
from tajkit.solver.tajmahal.spec import GAME_ID, SYMBOLS, Spec

WIDTH = 78  # describe's lines, for an 80-column terminal
NO_CARDS = ("none", "-")  # an empty hand typed
DEFAULT_TILES = "default"  # the bonus tiles answer that keeps the game data's
TOP = 5  # plays this turn a hint lists unless told
MOST_PICKED_TILE = 10  # a bonus tile's points a phone offers to pick (the rulebook gives none); more are typed


class TajMahalPlay(TablePlay):
    """Taj Mahal's :class:`~tajkit.solver.protocol.TablePlay`."""

    notation = ("who starts: start Asha. A turn: play and 1 or 2 cards, play ET P, or withdraw. A card is its "
                "symbols' letters: E elephant, T tiger, P princess, Y yellow advisor, W white advisor, M Taj Mahal "
                "(ET shows an elephant and a tiger); a card is recorded with its letters in that order and a turn's "
                "cards in one order whatever was typed (play MP is recorded play PM, play T E as play E T)")

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self.rules: TajMahalRules = rules_for(spec)

    # --- setup ------------------------------------------------------------------------------------

    def players_setup(self, names: Sequence[str]) -> dict[str, Any]:
        """The players in seating order, clockwise (``rules.start`` checks the table seats them)."""
        return {"players": list(names)}

    def setup_questions(self, names: Sequence[str]) -> Sequence[Question]:
        spec = self.spec
        return (
            Question("deck", f"The {spec.deck} cards of a player's colour", self.read_deck,
                     help=f"{CARD_HELP}; type them all, e.g. 'E E ET P PP M ...' (rulebook: Components; the seed "
                     "does not list them)", counts=card_kinds(), total=spec.deck, remembered=True),
            Question("bonus_tiles", f"The bonus tiles of provinces 1-{spec.provinces}", self.read_tiles,
                     help=f"{spec.provinces} numbers in province order, 'end' or 'now' after one that scores then "
                     f"(e.g. '3 2 4end ...'); '{DEFAULT_TILES}': {self.tiles_words()} (rulebook: Setup 6)",
                     default=DEFAULT_TILES, slots=tuple(f"Province {p}" for p in range(1, spec.provinces + 1)),
                     picks=tile_picks(), keep=(Pick(DEFAULT_TILES, f"Keep the game data's: {self.tiles_words()}"),),
                     slots_start=" ".join([tile_text(spec.bonus_tile, spec.bonus_tile_at_end)] * spec.provinces),
                     remembered=True),
            Question("hand_size", "The hand size players draw back to", self.read_hand_size,
                     help=f"a whole number, 1-{spec.deck}: the seed gives none, so the table says ({HAND_RULE})",
                     numeric=True, picks=tuple(Pick(str(n)) for n in range(1, spec.deck + 1)), remembered=True),
            Question("start", "Who starts", lambda text: self.read_start(names, text),
                     help=f"a player's name, drawn at random ({SETUP_RULE}); leave it empty to draw it as the "
                     "game begins (start NAME)", default="", choices=tuple(names),
                     picks=(Pick("", "Draw as the game begins"), *(Pick(n) for n in names))),
        )

    def tiles_words(self) -> str:
        """The game data's bonus tile in words, saying when its value is tajkit's, not the rulebook's."""
        spec = self.spec
        words = f"{spec.bonus_tile} points each, scoring {'at the end' if spec.bonus_tile_at_end else 'at once'}"
        guessed = [k for k in ("bonus_tile", "bonus_tile_when") if spec.default(k)]
        return words + (" (tajkit's default: the rulebook gives no value)" if guessed else " (your game data's)")

    def read_start(self, names: Sequence[str], text: str) -> str | None:
        """The starting player typed (any case), or ``None``: drawn as the game begins."""
        word = text.strip()
        if not word:
            return None
        match = next((n for n in names if n.lower() == word.lower()), None)
        if match is None:
            raise BadInput(f"start = {wording.show(word)}: not one of the players ({', '.join(names)}; {SETUP_RULE})")
        return match

    def deal(self, names: Sequence[str], rng: random.Random) -> tuple[dict[str, str], tuple[str, ...]]:
        """What is random in the setup and tajkit may draw: the starting player (rulebook: Setup
        7). Nothing else is: the provinces are played in order 1 to 12 (Special Rules, Province
        Order), the bonus tiles lie as the board shows them (Setup 6: the game data's unless the
        table types its own), and each player's shuffle stays hidden in their deck (Setup 2). The
        cards of a colour and the hand size are what lies on the table: the seed lists neither, so
        the table types them (design principle 2)."""
        spec = self.spec
        start = names[rng.randrange(len(names))]
        layout = (f"{start} starts (drawn at random, {SETUP_RULE}) and opens every province.",
                  f"Lay the province tiles on provinces 1 to {spec.provinces}: they are played in that order "
                  "(rulebook: Setup 3, Special Rules, Province Order).",
                  "Lay the bonus tiles as the board shows them (rulebook: Setup 6).",
                  f"Each player shuffles their {spec.deck} bidding cards and draws a starting hand (rulebook: Setup "
                  "2 and 4); type the cards of a colour and the hand size below.")
        return {"bonus_tiles": DEFAULT_TILES, "start": start}, layout

    def read_deck(self, text: str) -> list[str]:
        """The deck typed in the card notation, as the setup stores it (each card's letters)."""
        cards = text.replace(",", " ").split()
        try:
            deck = self.rules._deck(cards)  # the setup's own check: the count and each card's notation
        except BadState as bad:
            raise BadInput(*bad.problems) from None
        return [card_text(c) for c in deck]

    def read_tiles(self, text: str) -> list[Any] | None:
        """``3 2 4end ...`` as the setup's ``bonus_tiles``; ``default`` (or nothing): ``None``, the
        game data's tile on every province."""
        words = text.replace(",", " ").lower().split()
        if words in ([], [DEFAULT_TILES]):
            return None
        tiles = [self.read_tile(k, word) for k, word in enumerate(words, start=1)]
        try:
            self.rules._tiles(tiles)  # the setup's own check: one tile per province, 0-1000 points
        except BadState as bad:
            raise BadInput(*bad.problems) from None
        return tiles

    def read_tile(self, province: int, word: str) -> Any:
        digits = word.rstrip("abcdefghijklmnopqrstuvwxyz")
        when = {"": None, "now": "now", "n": "now", "end": "end", "e": "end"}.get(word[len(digits):], "?")
        if not numbers.looks_numeric(digits) or when == "?":
            raise BadInput(f"bonus_tiles: {wording.show(word)} (province {province}): a tile is its points 0-1000, "
                           "with 'end' or 'now' after it when it scores then, e.g. 3 or 4end (rulebook: Setup 6, "
                           "Bonus Tiles provide immediate or end-game points)")
        points = numbers.whole_number(digits, f"bonus_tiles: {wording.show(word)} (province {province})")
        return points if when is None else {"points": points, "when": when}

    def read_hand_size(self, text: str) -> int:
        word = text.strip()
        if numbers.looks_numeric(word) and 1 <= (size := numbers.whole_number(word, "hand_size")) <= self.spec.deck:
            return size
        raise BadInput(f"hand_size = {wording.show(word)}: the hand players draw back to, a whole number "
                       f"1-{self.spec.deck} ({HAND_RULE})")

    # --- the board on the phones (sheets/tajmahal.py draws it) -------------------------------------

    def taps(self, state: TajMahalState, action: Any) -> tuple[str, ...]:
        """On the phones: a card of the hand on the board, then a second card on the board (in
        either order: :meth:`tap_orders`) or "Play ET alone";
        withdrawing is a button beside the board that says what it takes now. The starting player
        drawn at random by the table (chance, rulebook: Setup 7) is a button of their name."""
        if isinstance(action, Start):
            return (f"{action.player} starts",)
        if isinstance(action, Withdraw):
            return (self.withdraw_words(state),)
        if not isinstance(action, Play):
            return ()
        first, *second = action.cards
        return (card_key(first), card_key(second[0]) if second else f"Play {card_text(first)} alone")

    def tap_orders(self, state: TajMahalState, action: Any) -> tuple[tuple[str, ...], ...]:
        """A turn's two cards in either order: a finger taps them as it likes."""
        taps = self.taps(state, action)
        if isinstance(action, Play) and len(action.cards) == 2 and taps[0] != taps[1]:
            return (taps, taps[::-1])
        return (taps,) if taps else ()

    def withdraw_words(self, state: TajMahalState) -> str:
        taken = self.withdraw_takes(state)
        names = [self.spec.category(c).name for c in taken]
        return f"Withdraw, taking {', '.join(names)}" if names else "Withdraw, taking nothing"

    def withdraw_takes(self, state: TajMahalState) -> tuple[str, ...]:
        """The prizes the player to act takes by withdrawing now (rulebook: Prize Collection)."""
        live = state.round
        return tuple(d.category for d in live.decide(self.spec, live.to_move) if d.won)

    def confirm(self, state: TajMahalState, action: Any) -> str | None:
        """Withdrawing with cards shown this province and no prize for them is asked once more:
        those cards are discarded for nothing (rulebook: Cleanup), and a withdrawal is final for
        the round (Bidding Phase)."""
        if not isinstance(action, Withdraw) or self.withdraw_takes(state):
            return None
        shown = state.round.played[state.round.to_move]
        if not shown:
            return None
        return (f"Your {plural(shown, 'card')} in province {state.round.province} {'wins' if shown == 1 else 'win'} no "
                "prize now, and once out you play no more cards here. Withdraw anyway?")

    def board_data(self, state: TajMahalState) -> dict[str, Any] | None:
        """The province being bid for, as the board draws it: each player's display and cards left
        of their 30 (public: the deck less what they have played), who is out, each prize's
        taker or leaders, what withdrawing takes now; the palaces on the provinces. ``None``
        before the start player is drawn and after the last province."""
        live = state.round
        if live is None or live.to_move is None:
            return None
        spec, displays = self.spec, self.displays(state)
        players = []
        for seat, name in enumerate(state.names):
            left, limit = self.rules.open_cards(state, seat)
            players.append({"name": name, "display": [card_text(c) for c in displays[seat]],
                            "withdrawn": live.withdrawn[seat], "cards_left": spec.deck - len(state.played[seat]),
                            "hand": {card_text(c): n for c, n in sorted(Counter(left).items())}, "limit": limit,
                            "palaces": sorted(state.holdings[seat].palaces)})
        prizes = []
        for k, cid in enumerate(SYMBOLS):
            most = max(d[k] for d in live.displays)
            taker = live.claimed[k]
            prizes.append({"id": cid, "name": spec.category(cid).name, "prize": spec.category(cid).prize,
                           "letter": card_text(Card((cid,))), "needs": spec.categories[k].min_symbols,
                           "taken_by": state.names[taker] if taker is not None and taker >= 0 else None,
                           "most": most, "leaders": [n for n, d in zip(state.names, live.displays)
                                                     if most and d[k] == most]})
        p = live.province
        offered = "hand" if state.hands is not None else "left" if state.deck is not None else "seen"
        return {"game": GAME_ID, "province": p, "provinces": spec.provinces, "turn": state.names[live.to_move],
                "offered": offered,  # the cards offered: the hand (full information), those left of the deck, or seen
                "players": players, "prizes": prizes, "takes": list(self.withdraw_takes(state)),
                "withdraw": self.withdraw_words(state), "bonus_tile": state.tiles[p - 1].points,
                "reward": self.rules.reward(state, p)}

    # --- a hint -----------------------------------------------------------------------------------

    def hint_questions(self, state: TajMahalState, player: str) -> Sequence[Question]:
        """The asking player's hand, unless the state holds it (full information) or what is public
        decides it (no card left, or exactly the hand's count left); nothing when no hint is possible."""
        seat = self.hint_seat(state, player, quiet=True)
        if seat is None or self.public_hand(state, seat) is not None:
            return ()
        left, count = self.rules.open_cards(state, seat)
        size = f"{plural(count, 'card')}" if state.hand_size is not None else f"up to {plural(count, 'card')}"
        kinds = {pick.text: pick for pick in card_kinds()}
        held = sorted({card_text(c) for c in left})
        return (Question("hand", f"your hand ({size})", lambda text: self.read_hand(state, seat, text),
                         help=f"the cards in {player}'s hand now: {CARD_HELP}", choices=tuple(held),
                         counts=tuple(kinds.get(text, Pick(text)) for text in held),  # a phone: a count per kind
                         total=count if state.hand_size is not None else 0),)

    def read_hand(self, state: TajMahalState, seat: int, text: str) -> list[str]:
        words = text.replace(",", " ").split()
        if len(words) == 1 and words[0].lower() in NO_CARDS:
            words = []
        cards = [read_card(self.spec, w) for w in words]
        self.check_hand(state, seat, cards)
        return [card_text(c) for c in cards]

    def check_hand(self, state: TajMahalState, seat: int, cards: Sequence[Card]) -> None:
        """``BadInput`` when ``cards`` cannot be the hand: a card beyond what is left of the 30 once
        those played are discarded, or not the count drawing back to the hand size gives."""
        spec, who = self.spec, state.names[seat]
        left, count = self.rules.open_cards(state, seat)
        beyond = Counter(cards) - Counter(left) if state.deck is not None else None  # a deck not known: as shown
        if beyond:
            card = min(beyond)
            have = Counter(left)[card]
            copies = f" x{have + beyond[card]}" if have else ""
            raise BadInput(f"hand: {card_text(card)}{copies}: {who} has {f'only {have}' if have else 'no'} "
                           f"{card_text(card)} left of their {spec.deck} cards, {len(state.played[seat])} played so "
                           "far and discarded (rulebook: Components, Cleanup)")
        if state.hand_size is not None and len(cards) != count:
            since = state.round.played[seat]
            raise BadInput(f"hand: {plural(len(cards), 'card')}, but {who} holds {count}: a hand of {count + since} "
                           f"at the start of province {state.round.province}, less {since} played since ({HAND_RULE})")

    def public_hand(self, state: TajMahalState, seat: int) -> tuple[Card, ...] | None:
        """The hand when the state or what is public decides it, else ``None``."""
        if state.hands is not None:
            return state.hands[seat]
        left, count = self.rules.open_cards(state, seat)
        if count == 0:
            return ()
        if state.hand_size is not None and state.deck is not None and count == len(left):
            return left
        return None

    def hint_seat(self, state: TajMahalState, player: str, quiet: bool = False) -> int | None:
        """``player``'s seat when a hint for them is possible now; else ``BadInput`` saying why
        (``None`` when ``quiet``)."""
        why = self.no_hint(state, player)
        if why is not None:
            if quiet:
                return None
            raise BadInput(why)
        return state.names.index(player)

    def no_hint(self, state: TajMahalState, player: str) -> str | None:
        who = self.rules.to_act(state)
        if who == CHANCE:
            return f"no hint yet: {self.rules.chance_words(state)}"
        if who is None:
            return f"no hint: the game is over after the {self.spec.provinces}th province ({END_RULE})"
        if player not in state.names:
            return f"hint for {wording.show(player)}: not one of the players ({', '.join(state.names)})"
        if state.round.withdrawn[state.names.index(player)]:
            return (f"no hint for {player}: they have withdrawn from province {state.round.province}, so take no "
                    f"more actions this round ({TURN_RULE})")
        return None

    def hint(self, state: TajMahalState, player: str, answers: Mapping[str, Any],
             options: Mapping[str, Any]) -> HintAnswer:
        """The hint for ``player`` on the round as it lies in ``state`` (``hint.answer``), with their
        hand (``answers``, unless the state or what is public decides it)."""
        seat = self.hint_seat(state, player)
        hand = self.hand_for_hint(state, seat, answers)
        return hint.answer(self.rules, state, self.hint_position(state, seat, hand), seat, options.get("card_cost"),
                           options.get("top") or TOP)

    def hand_for_hint(self, state: TajMahalState, seat: int, answers: Mapping[str, Any]) -> tuple[Card, ...]:
        """The asker's hand: what the state or the public cards decide, else their answer, checked."""
        hand = self.public_hand(state, seat)
        if hand is not None:
            return hand
        player = state.names[seat]
        if answers.get("hand") is None:
            raise BadInput(f"hint for {player}: the hint chooses from {player}'s hand, which only they have seen: "
                           "it is asked for when they ask for a hint (hand)")
        hand = tuple(read_card(self.spec, c) if isinstance(c, str) else canonical(c) for c in answers["hand"])
        self.check_hand(state, seat, hand)
        return hand

    def hint_position(self, state: TajMahalState, seat: int, hand: tuple[Card, ...]) -> HintPosition:
        """The round being played as the hint reads it: every display card by card, who is out, the
        prizes still open, the bonus tile and the reward, and ``seat``'s hand and palaces (a
        palace taken this round is left out: the Elephant is taken, and the chain is of the
        provinces before this one)."""
        live = state.round
        displays = self.displays(state)
        seats = tuple(Seat(name, displays[i], live.withdrawn[i], hand if i == seat else None,
                           frozenset(p for p in state.holdings[i].palaces if p < live.province))
                      for i, name in enumerate(state.names))
        p = live.province
        return HintPosition(p, live.to_move, seats, tuple(c for c, who in zip(SYMBOLS, live.claimed) if who is None),
                            state.tiles[p - 1].points, state.tiles_typed[p - 1], self.rules.reward(state, p))

    def position_state(self, data: Mapping[str, Any], options: Mapping[str, Any]) -> tuple[TajMahalState, str, dict[str, Any]]:
        """A hint position file as the protocol state it describes: the province being played (each
        display, who is out, the prizes still open, the bonus tile and the reward), the palaces
        given, whose turn it is. The player is ``--player`` or whose turn it is; their hand is
        ``--hand`` or the file's. A file gives no earlier province, and only the asker's cards of
        the deck (their display and hand); it does not say in which order the turns came, so the
        state holds each display as plays in seat order."""
        spec = self.spec
        position = read_hint_position(spec, dict(data))
        name = wording.pick_name(list(position.names), options.get("player"), default=position.names[position.turn])
        seat = position.names.index(name)
        if position.seats[seat].withdrawn:
            raise BadInput(f"--player {wording.shown(name, 30)}: has withdrawn this round, so has no move left "
                           "(rulebook: Bidding Phase)")
        typed = options.get("hand")
        if typed is not None:
            hand: tuple[Card, ...] | None = self.typed_hand(typed)
        else:
            given = position.seats[seat].hand
            hand = None if given is None else tuple(canonical(c.symbols) for c in given)
        if hand is None:
            raise BadInput(f"{wording.shown(name, 30)}: hand is missing: give hand = [[symbols], ...], the cards the hint "
                           "chooses from, or --hand")
        return self.state_of_position(position, seat, hand), name, {"hand": [card_text(c) for c in hand]}

    def typed_hand(self, text: str) -> tuple[Card, ...]:
        """``--hand 'ET P PP'`` (``none`` for an empty hand), in the card notation."""
        words = text.replace(",", " ").split()
        if len(words) == 1 and words[0].lower() in NO_CARDS:
            words = []
        try:
            return tuple(read_card(self.spec, w) for w in words)
        except BadInput as bad:
            raise BadInput(f"--hand: {bad.problems[0]}") from None

    def state_of_position(self, position: HintPosition, seat: int, hand: tuple[Card, ...]) -> TajMahalState:
        """The protocol state of a hint position, for ``seat`` holding ``hand``: the deck is the
        cards the file shows of that colour (the display and the hand), the bonus tile and reward
        this province's as the file gives them (the game data's elsewhere)."""
        spec = self.spec
        p = position.province
        displays = [tuple(canonical(c.symbols) for c in s.display) for s in position.seats]
        turns = tuple((i, Play(tuple(sorted(shown[k:k + spec.per_turn]))))
                      for i, shown in enumerate(displays) for k in range(0, len(shown), spec.per_turn))
        tiles = tuple(BonusTile(q, position.bonus_tile if q == p else spec.bonus_tile, spec.bonus_tile_at_end)
                      for q in range(1, spec.provinces + 1))
        return TajMahalState(
            names=position.names, deck=tuple(sorted(displays[seat] + hand)), tiles=tiles,
            tiles_typed=tuple(q == p and position.bonus_typed for q in range(1, spec.provinces + 1)), hand_size=None,
            holdings=tuple(Holdings(palaces=s.palaces) for s in position.seats), played=tuple(displays),
            start=position.turn, round=position.round(), turns=turns,
            rewards=tuple(position.reward if q == p else spec.reward(q) for q in range(1, spec.provinces + 1)))

    def position(self, state: TajMahalState, player: str, answers: Mapping[str, Any]) -> Position:
        """The round being played as ``tajkit hint tajmahal`` reads it, for ``player``'s hand."""
        seat = self.hint_seat(state, player)
        return Position(self.hint_data(state, seat, self.hand_for_hint(state, seat, answers)), {"player": player})

    def hint_data(self, state: TajMahalState, seat: int, hand: Sequence[Card]) -> dict[str, Any]:
        """The hint position file: province, whose turn, each display card by card, who is out, the
        prizes still open this round, the palaces; the bonus tile when the setup gave it."""
        live = state.round
        displays = self.displays(state)
        players = []
        for i, name in enumerate(state.names):
            # a palace taken this round is not listed: the position says the Elephant is taken, and
            # only the asker's palaces (never this province's: they are still in) make their chain
            palaces = sorted(p for p in state.holdings[i].palaces if p < live.province)
            entry: dict[str, Any] = {"name": name, "display": [list(c.symbols) for c in displays[i]],
                                     "withdrawn": live.withdrawn[i], "palaces": palaces}
            if i == seat:
                entry["hand"] = [list(c.symbols) for c in hand]
            players.append(entry)
        data: dict[str, Any] = {"game": GAME_ID, "province": live.province, "turn": state.names[live.to_move],
                                "unclaimed": [c for c, who in zip(SYMBOLS, live.claimed) if who is None],
                                "players": players}
        if state.tiles_typed[live.province - 1]:
            data["bonus_tile"] = state.tiles[live.province - 1].points
        return data

    def displays(self, state: TajMahalState) -> tuple[tuple[Card, ...], ...]:
        """The cards each player has played this round, in the order played."""
        shown: list[tuple[Card, ...]] = [()] * len(state.names)
        for seat, move in state.turns:
            if isinstance(move, Play):
                shown[seat] += move.cards
        return tuple(shown)

    # --- the table as text and as a file ----------------------------------------------------------

    def situation(self, state: TajMahalState) -> str:
        """Where the game stands: whose turn in which province (``describe``'s opening)."""
        return self.describe(state).split("\n")[0]

    def describe(self, state: TajMahalState) -> str:
        who = self.rules.to_act(state)
        if who == CHANCE and state.start is None:
            lines = ["Draw the starting player: start NAME · Taj Mahal, before province 1"]
        elif who == CHANCE:
            lines = [f"Who opens province {state.round.province}? start NAME · Taj Mahal, province "
                     f"{state.round.province} of {self.spec.provinces}"]
        elif who is None:
            lines = [f"The game is over · Taj Mahal, all {self.spec.provinces} provinces played"]
        else:
            title = (f"{who}'s turn · Taj Mahal, province {state.round.province} of {self.spec.provinces}: play "
                     f"1 or {self.spec.per_turn} cards, or withdraw")
            lines = [title, *self.round_lines(state)]
        lines += self.holding_lines(state)
        return "\n".join(wrapped for line in lines for wrapped in textwrap.wrap(
            line, WIDTH, subsequent_indent=" " * (len(line) - len(line.lstrip()) + 4)) or [""])

    def round_lines(self, state: TajMahalState) -> list[str]:
        spec, live = self.spec, state.round
        tile = state.tiles[live.province - 1]
        default = "" if state.tiles_typed[live.province - 1] else " (default)"
        when = "at the end" if tile.at_end else "now"
        lines = [f"  bonus tile {tile.points}{default}, scoring {when} · Taj Mahal reward {spec.reward(live.province)}"]
        displays = self.displays(state)
        width = max(len(n) for n in state.names)
        took = {w.player: w.prizes for _, w in state.withdrawals}
        for i, name in enumerate(state.names):
            cards = " ".join(card_text(c) for c in displays[i]) or "no card yet"
            status = ""
            if live.withdrawn[i]:
                prizes = ", ".join(spec.category(c).name for c in took.get(i, ())) or "nothing"
                status = f" · out, took {prizes}"
            lines.append(f"  {name:<{width}}  {cards}{status}")
        lines += self.lead_lines(state)
        return lines

    def lead_lines(self, state: TajMahalState) -> list[str]:
        """The prizes still open this round: who shows the most of each symbol (``Tiger: Asha and
        Ben 1``), and those nobody shows yet."""
        live = state.round
        leads: list[str] = []
        nobody: list[str] = []
        for k, cid in enumerate(SYMBOLS):
            if live.claimed[k] is not None:
                continue
            name = self.spec.category(cid).name
            most = max(d[k] for d in live.displays)
            leaders = [n for n, d in zip(state.names, live.displays) if d[k] == most]
            if most:
                leads.append(f"{name}: {join_names(leaders)} {most}{' each' if len(leaders) > 1 else ''}")
            else:
                nobody.append(name)
        lines = flowed("  open, leading: ", leads) if leads else []
        if nobody:
            lines.append(f"  open, nobody shows: {', '.join(nobody)}")
        return lines or ["  every prize of this province is taken"]

    def holding_lines(self, state: TajMahalState) -> list[str]:
        lines = ["Holdings:"]
        for name, h, played in zip(state.names, state.holdings, state.played):
            chain = longest_chain(self.spec, h.palaces)
            parts = [f"palaces in {' '.join(str(p) for p in sorted(h.palaces))} (chain {chain_text(chain)})"
                     if h.palaces else "no palace"]
            if h.bonus_tiles:
                worth = " + ".join(str(t.points) for t in h.bonus_tiles)
                parts.append(f"{plural(len(h.bonus_tiles), 'bonus tile')} worth {worth}")
            if h.princess_cards:
                parts.append(plural(h.princess_cards, "Princess card"))
            if h.markers:
                parts.append(plural(h.markers, "connection marker"))
            if h.rewards:
                provinces = " ".join(str(q) for q, _ in h.rewards)
                many = len(h.rewards) > 1
                parts.append(f"Taj Mahal reward{'s' if many else ''} of province{'s' if many else ''} {provinces}")
            parts.append(f"{self.spec.deck - len(played)} cards left")
            lines += flowed(f"  {name}: ", parts)
        return lines

    def state_file(self, state: TajMahalState) -> dict[str, Any]:
        """The record ``tajkit score tajmahal`` reads: the provinces finished, every turn of each."""
        return self.rules.state_file(state)

    def tell(self, before: TajMahalState, action: Any, after: TajMahalState) -> tuple[str, ...]:
        """What ``action`` did, in one to three sentences for the terminal and the phones alike."""
        from tajkit.solver.tajmahal import narration

        return narration.tell(self.spec, before, action, after)


SYMBOL_WORDS = {"elephant": "Elephant", "tiger": "Tiger", "princess": "Princess", "yellow_advisor": "Yellow Advisor",
                "white_advisor": "White Advisor", "taj": "Taj Mahal"}  # a symbol on a card, in words


def tile_text(points: int, at_end: bool) -> str:
    """A bonus tile as ``read_tile`` reads it: ``3now``, ``4end``."""
    return f"{points}{'end' if at_end else 'now'}"


def tile_picks() -> tuple[Pick, ...]:
    """A province's bonus tile to pick (rulebook: Setup 6; "Bonus tiles provide immediate or end-game
    points", "Various VP values", none given): 0 to MOST_PICKED_TILE points, scoring at once or at the end;
    another value is typed."""
    return tuple(Pick(tile_text(n, end), f"{plural(n, 'point')}, {'at the end' if end else 'at once'}")
                 for end in (False, True) for n in range(MOST_PICKED_TILE + 1))


def card_kinds() -> tuple[Pick, ...]:
    """The kinds of card a phone offers to count in a deck: every card of one or two symbols
    (tajkit's choice of what to list, not the published deck, which the seed does not list; a card
    of more symbols is typed beside them), each by its symbols' names and letters:
    ``Elephant + Princess (E P)``."""
    singles = [(s,) for s in SYMBOLS]
    pairs = [(a, b) for k, a in enumerate(SYMBOLS) for b in SYMBOLS[k:]]
    return tuple(Pick(card_text(Card(kind)), f"{' + '.join(SYMBOL_WORDS[s] for s in kind)} "
                                             f"({' '.join(card_text(Card((s,))) for s in kind)})")
                 for kind in singles + pairs)


def card_key(card: Card) -> str:
    """A card as the board names it (its target's key, and its button where a list shows it):
    ``ET (Elephant + Tiger)``."""
    return f"{card_text(card)} ({' + '.join(SYMBOL_WORDS[s] for s in card.symbols)})"


def flowed(head: str, parts: Sequence[str]) -> list[str]:
    """``head`` then ``parts`` joined by `` · ``, in lines of at most :data:`WIDTH` broken between
    parts (a part longer than a line stands alone), continued under the head's first word."""
    indent = " " * (len(head) - len(head.lstrip()) + 4)
    lines = [head + parts[0]]
    for k, part in enumerate(parts[1:], start=2):
        room = WIDTH - (0 if k == len(parts) else 2)  # a line broken after this part ends with " ·"
        if len(lines[-1]) + 3 + len(part) <= room:
            lines[-1] += " · " + part
        else:
            lines[-1] += " ·"
            lines.append(indent + part)
    return lines


def play_for(spec: Spec) -> TajMahalPlay:
    return TajMahalPlay(spec)
