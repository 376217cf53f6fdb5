"""Taj Mahal's whole game through the rules protocol (``solver/protocol.py``), built on the one
rules model (``rules.py``): the start player drawn at random, then 12 provinces in order, each a
round of plays and withdrawals in turn, prizes collected on withdrawal, cleanup, and the final
score by the existing scorer (``scoring.score``).

The setup (what the table lays out, file data)::

    players = ["Asha", "Ben", "Chen"]          # seating order, clockwise
    deck = ["E", "E", "ET", "PP", "M", ...]    # the 30 cards of a colour, each its symbols (see below)
    bonus_tiles = [3, 2, {points = 4, when = "end"}, ...]   # optional: the 12 provinces' bonus tiles
    hand_size = 6                              # optional: the hand players draw back to
    start = "Ben"                              # optional: the starting player, drawn as the table sets up
    draws = {Asha = ["PP", "E", ...], ...}     # optional, full information: each deck in draw order
    told = [{province = 2, prizes = {elephant = "Ben", taj = "Chen"}}]   # optional: provinces told by their prizes

The seed does not list the cards, so the table types its deck once: each colour's 30 cards (a
group whose colours differ can say so only by giving ``draws``). Hands are hidden: without
``draws`` a play is accepted when its cards are still among the player's 30 (the deck less what
they have played, a public count) and, given ``hand_size``, no more than their hand can hold
this round. With ``draws`` (a solitaire, a test) the rules deal the hands and check everything.

Two things only a record written before ``tajkit play`` needs (the old ``[[rounds]]`` form, which
``files.to_record`` converts): a setup without ``deck`` (the deck not known: the cards a player
plays are taken as shown, only their number checked, 30 a player; the legal plays listed are then
the cards seen so far this game, and any other card is accepted too), and ``told``, the provinces
whose turns were not written down, each with who took which prize: when such a province comes, it
is resolved at once with those prizes (no cards played are known for it, so nor are the cards left).
A bonus tile of the setup may leave its points out (``{when = "end"}``): the game data's, not given.

The notation (``play ET P``, ``withdraw``, ``start Asha``) is ``notation.py``'s.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from tajkit.solver import statefile
from tajkit.solver.errors import BadState, IllegalMove
from tajkit.solver.game import ScoreResult
from tajkit.solver.protocol import CHANCE
from tajkit.solver.ranking import join_names
from tajkit.solver.tajmahal import notation, scoring
from tajkit.solver.tajmahal.files import RoundRecord, Table, final_position, table_problems
from tajkit.solver.tajmahal.notation import LETTER_OF, Action, Start, card_text, setup_card
from tajkit.solver.tajmahal.rules import (
    TURN_RULE,
    BonusTile,
    Card,
    Holdings,
    Move,
    Play,
    Round,
    Withdraw,
    Withdrawal,
    beyond_deck,
    draw_up,
    hand_count,
)
from tajkit.solver.tajmahal.samples import NAMES, WEIGHTS
from tajkit.solver.tajmahal.spec import GAME_ID, START_PLAYER, SYMBOLS, Spec

SETUP_RULE = "rulebook: Setup 7, Determine starting player randomly"
END_RULE = "rulebook: Turn Structure, exactly 12 rounds, one per province"
HAND_RULE = "rulebook: Setup 4 and Cleanup, players draw back to hand size"
SHOWN = 6  # legal alternatives named in a refusal


@dataclass(frozen=True)
class TajMahalState:
    """The table as it has been shown: the finished provinces, the one being played, every card
    each player has played, what they hold; the hands only with full information."""

    names: tuple[str, ...]
    deck: tuple[Card, ...] | None  # each colour's 30 cards, sorted; None: not known (an old record)
    tiles: tuple[BonusTile, ...]  # the bonus tile of each province
    tiles_typed: tuple[bool, ...]  # the setup gave that tile's points (else the game data's default)
    hand_size: int | None
    holdings: tuple[Holdings, ...]
    played: tuple[tuple[Card, ...], ...]  # every card each player has played this game
    start: int | None = None  # the starting player's seat, once chance has drawn it
    round: Round | None = None  # the province being played; None before the start and after the 12th
    turns: tuple[tuple[int, Move], ...] = ()  # this round's turns, (seat, move)
    withdrawals: tuple[tuple[int, Withdrawal], ...] = ()  # this round's, (turn, withdrawal)
    rounds: tuple[RoundRecord, ...] = ()  # the provinces finished
    history: tuple[tuple[tuple[int, Move], ...], ...] = ()  # the turns of each finished province
    hands: tuple[tuple[Card, ...], ...] | None = None  # full information: each hand and each deck left
    piles: tuple[tuple[Card, ...], ...] | None = None
    rewards: tuple[int, ...] = ()  # a province's Taj Mahal reward where a position gives its own (else the data's)
    told: tuple[tuple[int | None, ...] | None, ...] = ()  # per province, the prizes' takers where only they are known


# --- the rules ------------------------------------------------------------------------------------


class TajMahalRules:
    """Taj Mahal's :class:`~tajkit.solver.protocol.Rules` for the whole game."""

    game = GAME_ID

    def __init__(self, spec: Spec) -> None:
        self.spec = spec

    # --- setup ----------------------------------------------------------------------------------

    def random_setup(self, rng: random.Random, players: int) -> dict[str, Any]:
        """Full information: a deck of 30 cards of 1 or 2 symbols (a guess for variety only, not
        the published deck: the seed lists none), each player's shuffle of it, a hand size of 3-8
        and bonus tiles of 1-5 points, a quarter of them scoring at the end."""
        deck = ["".join(LETTER_OF[s] for s in rng.choices(SYMBOLS, weights=WEIGHTS, k=rng.choice((1, 1, 2))))
                for _ in range(self.spec.deck)]
        tiles: list[Any] = []
        for _ in range(self.spec.provinces):
            points = rng.randint(1, 5)
            tiles.append({"points": points, "when": "end"} if rng.random() < 0.25 else points)
        names = list(NAMES[:players])
        return {"players": names, "deck": deck, "bonus_tiles": tiles, "hand_size": rng.randint(3, 8),
                "draws": {n: rng.sample(deck, len(deck)) for n in names}}

    def start(self, setup: Mapping[str, Any]) -> TajMahalState:
        spec = self.spec
        unknown = sorted(set(setup) - {"players", "deck", "bonus_tiles", "hand_size", "draws", "told", "start"})
        if unknown:
            raise BadState(f"setup: {', '.join(unknown)}: not a setup field (players, deck, bonus_tiles, hand_size, "
                           "draws, told, start)")
        names = setup.get("players")
        if not isinstance(names, list) or not all(isinstance(n, str) and n.strip() for n in names):
            raise BadState("setup: players: the players' names in seating order, clockwise")
        statefile.validate(_players_model(), {"players": names}, where_prefix="setup: ")  # as every game's names
        problems = table_problems(spec, names)
        if problems:
            raise BadState(*problems)
        deck = self._deck(setup["deck"]) if setup.get("deck") is not None else None
        tiles, typed = self._tiles(setup.get("bonus_tiles"))
        hand_size = setup.get("hand_size")
        if hand_size is not None and (not isinstance(hand_size, int) or isinstance(hand_size, bool)
                                      or not 1 <= hand_size <= spec.deck):
            raise BadState(f"setup: hand_size = {hand_size!r}: the hand players draw back to, 1-{spec.deck}")
        n = len(names)
        state = TajMahalState(tuple(names), deck, tiles, typed, hand_size, (Holdings(),) * n, ((),) * n,
                              told=self._told(setup.get("told"), names))
        state = self.tell_provinces(state)
        state = self.started_by(state, setup.get("start"))
        draws = setup.get("draws")
        if draws is None:
            return state
        if hand_size is None or deck is None:
            raise BadState(f"setup: draws given without {'hand_size' if deck else 'deck'}: the rules deal each hand "
                           f"from its deck up to the hand size ({HAND_RULE})")
        piles = self._draws(draws, names, deck)
        dealt = [draw_up((), pile, hand_size) for pile in piles]
        return replace(state, hands=tuple(h for h, _ in dealt), piles=tuple(p for _, p in dealt))

    def started_by(self, state: TajMahalState, start: Any) -> TajMahalState:
        """The starting player when the setup names them (drawn at random as the table sets up,
        rulebook: Setup 7): the game opens with them, and no chance event is left to draw it."""
        if start is None:
            return state
        if start not in state.names:
            raise BadState(f"setup: start = {start!r}: the starting player is one of the players "
                           f"({', '.join(state.names)}; {SETUP_RULE})")
        return self.open_province(replace(state, start=state.names.index(start)), len(state.rounds) + 1)

    def _deck(self, value: Any) -> tuple[Card, ...]:
        spec = self.spec
        if not isinstance(value, list) or len(value) != spec.deck:
            got = f"{len(value)} cards" if isinstance(value, list) else repr(value)
            raise BadState(f"setup: deck = {got}: give the {spec.deck} cards of a player's colour (rulebook: "
                           "Components; the seed does not list them, so the table types them)")
        return tuple(sorted(setup_card(spec, c, f"setup: deck[{k + 1}]") for k, c in enumerate(value)))

    def _told(self, value: Any, names: list[str]) -> tuple[tuple[int | None, ...] | None, ...]:
        """``told``: the provinces given by their prizes alone, each once, its prizes' takers players."""
        if value is None:
            return ()
        told: list[tuple[int | None, ...] | None] = [None] * self.spec.provinces
        entries = value if isinstance(value, list) else [None]
        for k, entry in enumerate(entries, start=1):
            province = entry.get("province") if isinstance(entry, dict) else None
            prizes = entry.get("prizes", {}) if isinstance(entry, dict) else None
            if (not isinstance(province, int) or isinstance(province, bool) or not 1 <= province <= self.spec.provinces
                    or told[province - 1] is not None or not isinstance(prizes, dict) or set(entry) - {"province", "prizes"}
                    or not all(c in SYMBOLS and w in names for c, w in prizes.items())):
                raise BadState(f"setup: told[{k}] = {entry!r}: a province told by its prizes, once: {{province = 1-"
                               f"{self.spec.provinces}, prizes = {{category = player, ...}}}} (categories: "
                               f"{', '.join(SYMBOLS)}; players: {', '.join(names)})")
            told[province - 1] = tuple(names.index(prizes[c]) if c in prizes else None for c in SYMBOLS)
        return tuple(told)

    def _tiles(self, value: Any) -> tuple[tuple[BonusTile, ...], tuple[bool, ...]]:
        spec = self.spec
        default = BonusTile(None, spec.bonus_tile, spec.bonus_tile_at_end)
        if value is None:
            return (tuple(replace(default, province=p) for p in range(1, spec.provinces + 1)),
                    (False,) * spec.provinces)
        if not isinstance(value, list) or len(value) != spec.provinces:
            raise BadState(f"setup: bonus_tiles: one tile for each of the {spec.provinces} provinces, in order "
                           "(rulebook: Setup 6)")
        tiles, typed = [], []
        for p, entry in enumerate(value, start=1):
            points, when = (entry.get("points"), entry.get("when")) if isinstance(entry, dict) else (entry, None)
            given = points is not None or not isinstance(entry, dict)  # {when = "end"}: the data's points
            points = points if given else spec.bonus_tile
            if not isinstance(points, int) or isinstance(points, bool) or not 0 <= points <= 1000 \
                    or when not in (None, "now", "end") or (isinstance(entry, dict) and set(entry) - {"points", "when"}):
                raise BadState(f"setup: bonus_tiles[{p}] = {entry!r}: the tile's points (0-1000), or "
                               '{points = N, when = "now" | "end"}')
            at_end = spec.bonus_tile_at_end if when is None else when == "end"
            tiles.append(BonusTile(p, points, at_end))
            typed.append(given)
        return tuple(tiles), tuple(typed)

    def _draws(self, value: Any, names: list[str], deck: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
        if not isinstance(value, dict) or sorted(value) != sorted(names):
            raise BadState(f"setup: draws: each player's deck in the order drawn, by name ({', '.join(names)})")
        piles = []
        for name in names:
            pile = tuple(setup_card(self.spec, c, f"setup: draws.{name}[{k + 1}]")
                         for k, c in enumerate(value[name] if isinstance(value[name], list) else [None]))
            if sorted(pile) != list(deck):
                raise BadState(f"setup: draws.{name}: not the deck's {len(deck)} cards in some order: each player "
                               "shuffles their own cards (rulebook: Setup 2)")
            piles.append(pile)
        return tuple(piles)

    # --- who acts, what is legal ----------------------------------------------------------------

    def to_act(self, state: TajMahalState) -> str | None:
        """The table while it draws the start player, and (``[rounds] opener = "any"``) while it
        says who opens a province; else the player whose turn it is; None after the 12th province."""
        if state.round is None and len(state.rounds) == self.spec.provinces:
            return None
        if state.start is None:
            return CHANCE
        if state.round is None:
            return None
        if state.round.to_move is None:
            return CHANCE
        return state.names[state.round.to_move]

    def legal_actions(self, state: TajMahalState) -> list[Action]:
        who = self.to_act(state)
        if who is None:
            return []
        if who == CHANCE:
            return [Start(n) for n in state.names]
        seat = state.round.to_move
        cards, limit = self.open_cards(state, seat)
        plays = [m for m in state.round.legal_moves(self.spec, cards) if isinstance(m, Play) and len(m.cards) <= limit]
        return [Withdraw(), *plays]

    def chance_outcomes(self, state: TajMahalState) -> list[tuple[Action, float]]:
        """The starting player, each with the same chance (rulebook: Setup 7), and who opens a
        province where the table says so (``[rounds] opener = "any"``: the rules give no odds,
        so each the same); nothing else is chance at the table: the cards drawn are hidden, and
        their symbols are shown as they are played."""
        if self.to_act(state) != CHANCE:
            return []
        return [(Start(n), 1 / len(state.names)) for n in state.names]

    def open_cards(self, state: TajMahalState, seat: int) -> tuple[tuple[Card, ...], int]:
        """The cards ``seat`` may play from now and how many at most this round: the hand with
        full information; else whatever of the 30 cards they have not played, up to what their
        hand holds (rulebook: Components; Setup 4 and Cleanup). The deck not known: the cards seen
        played so far this game, as many as a turn plays (any other is accepted too)."""
        if state.hands is not None:
            return state.hands[seat], len(state.hands[seat])
        if state.deck is None:
            seen = sorted({c for cards in state.played for c in cards})
            left = Counter({c: self.spec.per_turn for c in seen})
        else:
            left = Counter(state.deck) - Counter(state.played[seat])
        limit = self.spec.deck - len(state.played[seat])
        if state.hand_size is not None:
            this_round = state.round.played[seat] if state.round is not None else 0
            spent = len(state.played[seat]) - this_round
            limit = min(limit, hand_count(self.spec, state.hand_size, spent) - this_round)
        return tuple(sorted(left.elements())), limit

    # --- applying -------------------------------------------------------------------------------

    def apply(self, state: TajMahalState, action: Action) -> TajMahalState:
        self.check(state, action)
        if isinstance(action, Start):
            seat = state.names.index(action.player)
            if state.start is None:
                return self.open_province(replace(state, start=seat), len(state.rounds) + 1)
            return replace(state, round=replace(state.round, to_move=seat))  # who opens this province
        seat = state.round.to_move
        turn = len(state.turns) + 1
        after, withdrawal = state.round.apply(self.spec, seat, action)
        state = replace(state, round=after, turns=state.turns + ((seat, action),))
        if withdrawal is None:
            return self.played_cards(state, seat, action.cards)
        state = replace(state, withdrawals=state.withdrawals + ((turn, withdrawal),),
                        holdings=self.collect(state, withdrawal))
        return self.close_province(state) if after.over else state

    def played_cards(self, state: TajMahalState, seat: int, cards: tuple[Card, ...]) -> TajMahalState:
        played = list(state.played)
        played[seat] += cards
        state = replace(state, played=tuple(played))
        if state.hands is None:
            return state
        hand = Counter(state.hands[seat]) - Counter(cards)
        hands = list(state.hands)
        hands[seat] = tuple(sorted(hand.elements()))
        return replace(state, hands=tuple(hands))

    def collect(self, state: TajMahalState, withdrawal: Withdrawal) -> tuple[Holdings, ...]:
        """The prizes of a withdrawal, taken at once (rulebook: Prize Collection, upon withdrawal)."""
        province = state.round.province
        holdings = list(state.holdings)
        for cid in withdrawal.prizes:
            holdings[withdrawal.player] = holdings[withdrawal.player].take(
                cid, province, state.tiles[province - 1], self.reward(state, province))
        return tuple(holdings)

    def close_province(self, state: TajMahalState) -> TajMahalState:
        """All have withdrawn: the province's record, cleanup (the played cards are discarded and
        hands drawn back to their size), and the next province, if any (rulebook: Cleanup)."""
        done = state.round
        p = done.province
        record = RoundRecord(p, done.claimed, state.withdrawals, state.tiles[p - 1], state.tiles_typed[p - 1],
                             self.reward(state, p), done.played, state.holdings)
        state = replace(state, rounds=state.rounds + (record,), history=state.history + (state.turns,), turns=(),
                        withdrawals=())
        if state.hands is not None:
            dealt = [draw_up(h, pile, state.hand_size) for h, pile in zip(state.hands, state.piles)]
            state = replace(state, hands=tuple(h for h, _ in dealt), piles=tuple(q for _, q in dealt))
        return self.open_province(state, p + 1)

    def reward(self, state: TajMahalState, province: int) -> int:
        """The points of ``province``'s Taj Mahal reward: the game data's, unless the state has its
        own (a position file that gives it)."""
        return state.rewards[province - 1] if state.rewards else self.spec.reward(province)

    def open_province(self, state: TajMahalState, province: int) -> TajMahalState:
        """Each province opens with the starting player (``[rounds] opener``, inferred: the Bidding
        Phase starts "with the first player", the one Setup 7 determines; the seed names no other).
        Where a group's data says "any", the first province opens with the start player and the
        table says who opens each later one (``start NAME``). A province told by its prizes alone
        is resolved at once, and the next one opens."""
        state = self.tell_provinces(replace(state, round=None))
        province = len(state.rounds) + 1
        if province > self.spec.provinces:
            return state
        first = all(r.played is None for r in state.rounds)  # the first province whose turns are played
        opener = state.start if first or self.spec.opener == START_PLAYER else None
        return replace(state, round=Round.start(province, state.names, opener))

    def tell_provinces(self, state: TajMahalState) -> TajMahalState:
        """The provinces next in order that the setup tells by their prizes, each resolved: its
        prizes to their takers, no card known to be played (``told``, an old record's rounds given
        by their prizes alone: rulebook, Prize Collection)."""
        while (p := len(state.rounds) + 1) <= len(state.told) and state.told[p - 1] is not None:
            holdings = list(state.holdings)
            for cid, who in zip(SYMBOLS, state.told[p - 1]):
                if who is not None:
                    holdings[who] = holdings[who].take(cid, p, state.tiles[p - 1], self.reward(state, p))
            record = RoundRecord(p, state.told[p - 1], (), state.tiles[p - 1], state.tiles_typed[p - 1],
                                 self.reward(state, p), None, tuple(holdings))
            state = replace(state, holdings=tuple(holdings), rounds=state.rounds + (record,), history=state.history + ((),))
        return state

    def check(self, state: TajMahalState, action: Action) -> None:
        """``IllegalMove`` naming the rule and the legal alternatives when ``action`` is refused."""
        who = self.to_act(state)
        if who is None:
            raise IllegalMove(f"the game is over after the {self.spec.provinces}th province ({END_RULE})")
        if who == CHANCE:
            if not isinstance(action, Start) or action.player not in state.names:
                raise self.refusal(state, self.chance_words(state))
            return
        if isinstance(action, Start):
            raise self.refusal(state, f"{state.names[state.start]} started the game; it is {who}'s turn ({TURN_RULE})")
        seat = state.round.to_move
        try:
            state.round.check(self.spec, seat, action)
        except IllegalMove as refused:
            raise self.refusal(state, refused.problems[0]) from None
        if isinstance(action, Withdraw):
            return
        beyond = beyond_deck(self.spec, who, len(state.played[seat]), len(action.cards))
        if beyond:
            raise self.refusal(state, beyond)
        cards, limit = self.open_cards(state, seat)
        if len(action.cards) > limit:
            raise self.refusal(state, f"{who} holds at most {limit} card{'s' if limit != 1 else ''} this round "
                               f"({HAND_RULE})")
        if state.deck is None and state.hands is None:
            return  # the deck not known: a card is taken as shown
        missing = Counter(action.cards) - Counter(cards)
        if missing:
            names = " ".join(card_text(c) for c in missing.elements())
            why = (f"{who}'s hand holds no {names} for this play" if state.hands is not None else
                   f"{who} has no {names} left of their {self.spec.deck} cards (those played are discarded)")
            raise self.refusal(state, f"{why} (rulebook: Components, Bidding Phase)")

    def chance_words(self, state: TajMahalState) -> str:
        """What the table types now, and the rule."""
        if state.start is None:
            return f"the starting player is drawn first ({SETUP_RULE})"
        return (f"the table says who opens province {state.round.province}: start NAME (the game data's [rounds] "
                'opener = "any")')

    def refusal(self, state: TajMahalState, why: str) -> IllegalMove:
        legal = [self.format(state, a) for a in self.legal_actions(state)]
        shown = ", ".join(legal[:SHOWN]) + (f", … ({len(legal)} in all)" if len(legal) > SHOWN else "")
        return IllegalMove(f"{why}; legal now: {shown}")

    # --- notation (notation.py) ------------------------------------------------------------------

    def format(self, state: TajMahalState, action: Action) -> str:
        return notation.format_action(action)

    def parse(self, state: TajMahalState, text: str) -> Action:
        action = notation.parse_action(self, state, text)
        self.check(state, action)
        return action

    # --- the score --------------------------------------------------------------------------------

    def standings(self, state: TajMahalState) -> ScoreResult:
        """The existing scorer on the table as it stands: the finished provinces' records, and the
        prizes taken at withdrawals in the province being played (named in a note)."""
        told = any(r.played is None for r in state.rounds)  # cards played in a told province are not known
        cards_left = tuple(None if told else self.spec.deck - len(p) for p in state.played)
        result = scoring.score(self.spec, Table(state.names, state.holdings, cards_left, state.rounds), setup=True)
        if state.round is None or not state.turns:
            return result
        still = [n for n, out in zip(state.names, state.round.withdrawn) if not out]
        note = (f"province {state.round.province} is being played: {join_names(still)} still in; the prizes taken "
                "at the withdrawals so far are counted (rulebook: Prize Collection, upon withdrawal)")
        return replace(result, notes=result.notes + (note,))

    def state_file(self, state: TajMahalState) -> dict[str, Any]:
        """What each player holds as the game stands, as the final position ``tajkit score`` reads
        (the game itself is its record)."""
        result = self.standings(state)
        left = {p.name: dict(p.tiebreaks).get("cards left") for p in result.players}
        return final_position(Table(state.names, state.holdings, tuple(left[n] for n in state.names)))


def rules_for(spec: Spec) -> TajMahalRules:
    return TajMahalRules(spec)


@cache
def _players_model() -> Any:
    """The setup's players: names as a state file's (``PlayerName``: one line, 1-40 characters)."""
    from pydantic import ConfigDict, Field, create_model

    from tajkit.solver.statefields import NAME_RULE, PlayerName

    return create_model("TajMahalPlayers", __config__=ConfigDict(strict=True),
                        players=(list[PlayerName], Field(description=NAME_RULE)))
