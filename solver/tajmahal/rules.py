"""Taj Mahal: the rules model, the truth every other module is tested against. The file checks
(``files.py``), the scorer, the hint and the rules protocol call it rather than restate a rule.

Small immutable types in the manner of python-chess: a :class:`Card` (the symbols it shows), a
move (:class:`Play` 1 or 2 cards, or :class:`Withdraw`), a :class:`Round` (one province: each
player's display, who is still in, which prizes are taken) with ``legal_moves`` and ``apply``, and
what a player holds across the game (:class:`Holdings`) with the longest chain of their palaces.

Rulebook sections are quoted by their headings in ``taj-mahal.txt``. Players are indices into the
seating order (clockwise); provinces are numbered 1..12 as on the board.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import combinations_with_replacement

from tajkit.solver.errors import IllegalMove
from tajkit.solver.ranking import join_names
from tajkit.solver.tajmahal.spec import SYMBOLS, Spec

Counts = tuple[int, ...]  # symbols per category, in SYMBOLS order
NONE: Counts = (0,) * len(SYMBOLS)
TURN_RULE = "rulebook: Turn Structure, Bidding Phase"
PRIZE_RULE = "rulebook: Prize Collection"
TIE_RULE = "rulebook: Special Rules, Tie Resolution"
ONCE_RULE = "inferred from Prize Collection and Tie Resolution: a prize is taken once a round"
TAKEN = -1  # a prize taken this round by a player a position does not name


@dataclass(frozen=True, order=True)
class Card:
    """A bidding card: the symbols it shows (the seed does not list the cards, so a card is what
    the player enters)."""

    symbols: tuple[str, ...]

    @property
    def counts(self) -> Counts:
        return tuple(self.symbols.count(s) for s in SYMBOLS)

    def __str__(self) -> str:
        return "[" + ", ".join(self.symbols) + "]"


def add(a: Counts, b: Counts) -> Counts:
    return tuple(x + y for x, y in zip(a, b))


def total(cards: Iterable[Card]) -> Counts:
    counts = NONE
    for card in cards:
        counts = add(counts, card.counts)
    return counts


@dataclass(frozen=True)
class Play:
    """Play 1 or 2 cards face up into one's display (rulebook: Bidding Phase)."""

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return "play " + " and ".join(str(c) for c in self.cards)


@dataclass(frozen=True)
class Withdraw:
    """Withdraw from the round, collecting the prizes the display wins (rulebook: Bidding Phase)."""

    def __str__(self) -> str:
        return "withdraw"


Move = Play | Withdraw


@dataclass(frozen=True)
class Decision:
    """One prize category at one withdrawal: won or not, and why.

    ``kind``: ``won``, ``taken`` (someone took it earlier this round), ``empty`` (nobody shows a
    symbol), ``none`` (the withdrawer shows none), ``short`` (fewer than the category needs),
    ``beaten`` (``rivals`` show more: ``best`` each) or ``tied_in`` (``rivals`` show more and tie
    among players still in, so no one claims it yet). For ``won``, ``rivals`` are the players the
    withdrawer ties with, if any."""

    category: str
    won: bool
    mine: int
    kind: str
    rivals: tuple[str, ...] = ()
    best: int = 0
    needs: int = 1

    @property
    def why(self) -> str:
        n = self.mine
        shows = f"{n} {self.category} symbol{'s' if n != 1 else ''}"
        rivals = join_names(self.rivals) if self.rivals else ""
        return {
            "won": (f"{shows}, tied with {rivals}: the tie goes to the one withdrawing ({TIE_RULE})" if self.rivals
                    else f"{shows}, the most"),
            "taken": f"{rivals or 'another player'} took it earlier this round ({ONCE_RULE})",
            "empty": "nobody shows a symbol for it (rulebook: Special Rules, Empty Categories)",
            "none": "no symbol for it",
            "short": f"{shows}, and the prize needs {self.needs}",
            "beaten": f"{rivals} {'shows' if len(self.rivals) == 1 else 'show'} more ({self.best} to {n})",
            "tied_in": (f"{rivals} show more ({self.best} each to {n}) and tie among players still in, so no one "
                        f"claims it yet ({TIE_RULE})"),
        }[self.kind]


@dataclass(frozen=True)
class Withdrawal:
    player: int
    display: Counts
    decisions: tuple[Decision, ...]

    @property
    def prizes(self) -> tuple[str, ...]:
        return tuple(d.category for d in self.decisions if d.won)


def decide(spec: Spec, names: Sequence[str], displays: Sequence[Counts], withdrawn: Sequence[bool],
           claimed: Sequence[int | None], player: int) -> tuple[Decision, ...]:
    """What ``player`` wins by withdrawing now (rulebook: Prize Collection, Special Rules).

    For each category still unclaimed this round, the withdrawer wins it when their display shows
    at least the category's fewest symbols and at least as many as every other display (a tie at the
    moment of withdrawing goes to the withdrawer). Another player showing more keeps it open; a tie
    among players still in leaves it to a later withdrawal ("no one claims the prize yet").
    Displays of players already out count too: theirs can never beat a later withdrawer, since a
    prize they did not win was kept open by someone showing more."""
    return tuple(_decide_one(spec, names, displays, withdrawn, claimed, player, k) for k in range(len(SYMBOLS)))


def _decide_one(spec: Spec, names: Sequence[str], displays: Sequence[Counts], withdrawn: Sequence[bool],
                claimed: Sequence[int | None], player: int, k: int) -> Decision:
    cid = SYMBOLS[k]
    mine = displays[player][k]
    needs = spec.categories[k].min_symbols
    others = [i for i in range(len(displays)) if i != player]
    best = max((displays[i][k] for i in others), default=0)
    taker = claimed[k]
    if taker is not None:
        return Decision(cid, False, mine, "taken", (names[taker],) if taker >= 0 else (), needs=needs)
    if mine == 0:
        return Decision(cid, False, mine, "empty" if best == 0 else "none", needs=needs)
    if mine < needs:
        return Decision(cid, False, mine, "short", needs=needs)
    leaders = tuple(i for i in others if displays[i][k] == max(best, mine))
    if best > mine:
        tied_in = len(leaders) > 1 and not any(withdrawn[i] for i in leaders)
        return Decision(cid, False, mine, "tied_in" if tied_in else "beaten", tuple(names[i] for i in leaders), best,
                        needs)
    return Decision(cid, True, mine, "won", tuple(names[i] for i in leaders), best, needs)


@dataclass(frozen=True)
class Round:
    """One province's bidding: displays, who is out, which prizes are taken, whose turn it is.

    ``to_move`` is None before the first turn: the seed says play starts "with the first player"
    without saying who that is in later rounds, so any player may open a round."""

    province: int
    names: tuple[str, ...]
    displays: tuple[Counts, ...]
    played: tuple[int, ...]  # cards each player has played this round
    withdrawn: tuple[bool, ...]
    claimed: tuple[int | None, ...]  # per category, the player who took it this round (TAKEN: someone)
    to_move: int | None = None

    @classmethod
    def start(cls, province: int, names: Sequence[str], opener: int | None = None) -> Round:
        """A province's bidding before its first turn; ``opener`` (a seat), when given, plays first
        ("Starting with the first player and proceeding clockwise", rulebook: Bidding Phase)."""
        n = len(names)
        return cls(province, tuple(names), (NONE,) * n, (0,) * n, (False,) * n, (None,) * len(SYMBOLS), opener)

    @property
    def over(self) -> bool:
        """Play continues until all have withdrawn (rulebook: Bidding Phase)."""
        return all(self.withdrawn)

    def decide(self, spec: Spec, player: int) -> tuple[Decision, ...]:
        return decide(spec, self.names, self.displays, self.withdrawn, self.claimed, player)

    def legal_moves(self, spec: Spec, hand: Sequence[Card]) -> list[Move]:
        """Withdraw, or play 1 or 2 cards of ``hand`` (each distinct choice once)."""
        moves: list[Move] = [Withdraw()]
        kinds = sorted(set(hand))
        have = Counter(hand)
        for k in range(1, spec.per_turn + 1):
            for chosen in combinations_with_replacement(kinds, k):
                if all(Counter(chosen)[c] <= have[c] for c in chosen):
                    moves.append(Play(chosen))
        return moves

    def check(self, spec: Spec, player: int, move: Move) -> None:
        """Raise :class:`IllegalMove` when ``player`` may not make ``move`` now."""
        who = self.names[player]
        if self.withdrawn[player]:
            raise IllegalMove(f"{who} has already withdrawn: once withdrawn, a player takes no more actions this "
                              f"round ({TURN_RULE})")
        if self.to_move is not None and self.to_move != player:
            raise IllegalMove(f"{who} acts but it is {self.names[self.to_move]}'s turn: turns go clockwise among "
                              f"players still in ({TURN_RULE})")
        if isinstance(move, Play) and not 1 <= len(move.cards) <= spec.per_turn:
            raise IllegalMove(f"{who} plays {len(move.cards)} cards: a turn plays 1 or {spec.per_turn} cards, or "
                              f"withdraws ({TURN_RULE})")

    def apply(self, spec: Spec, player: int, move: Move) -> tuple[Round, Withdrawal | None]:
        """The round after ``player`` makes ``move``, and the withdrawal's prizes if it was one."""
        self.check(spec, player, move)
        if isinstance(move, Play):
            displays = list(self.displays)
            displays[player] = add(displays[player], total(move.cards))
            played = list(self.played)
            played[player] += len(move.cards)
            after = replace(self, displays=tuple(displays), played=tuple(played))
            return replace(after, to_move=after.next_after(player)), None
        decisions = self.decide(spec, player)
        claimed = tuple(player if d.won else c for d, c in zip(decisions, self.claimed))
        withdrawn = tuple(w or i == player for i, w in enumerate(self.withdrawn))
        after = replace(self, withdrawn=withdrawn, claimed=claimed)
        return replace(after, to_move=after.next_after(player)), Withdrawal(player, self.displays[player], decisions)

    def next_after(self, player: int) -> int | None:
        """The next player clockwise still in, or None once all have withdrawn."""
        n = len(self.names)
        for step in range(1, n + 1):
            i = (player + step) % n
            if not self.withdrawn[i]:
                return i
        return None


# --- a player's cards across the game -------------------------------------------------------------


def beyond_deck(spec: Spec, who: str, before: int, count: int) -> str | None:
    """Why ``who``, having played ``before`` cards so far this game, may not play ``count`` more
    (None when they may): each player has ``spec.deck`` bidding cards (rulebook: Components)."""
    if before + count <= spec.deck:
        return None
    return (f"{who} plays a card beyond their {spec.deck} ({before} played before this turn): each player has "
            f"{spec.deck} bidding cards (rulebook: Components)")


def hand_count(spec: Spec, hand_size: int, spent: int) -> int:
    """How many cards a player holds at the start of a round after playing ``spent`` cards in
    earlier rounds: they draw back to their hand size while their deck lasts (rulebook: Setup 4,
    Cleanup: "Players draw back to hand size")."""
    return min(hand_size, spec.deck - spent)


def draw_up(hand: tuple[Card, ...], pile: tuple[Card, ...], hand_size: int) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The hand and the deck after drawing from the top of ``pile`` back to ``hand_size`` (rulebook:
    Cleanup; the same draw makes the starting hand, Setup 4)."""
    take = max(0, hand_size - len(hand))
    return hand + pile[:take], pile[take:]


# --- what a player holds across the game --------------------------------------------------------


@dataclass(frozen=True)
class BonusTile:
    province: int | None  # None when a final position lists tiles without their province
    points: int
    at_end: bool


@dataclass(frozen=True)
class Holdings:
    """A player's prizes so far (rulebook: Prize Categories)."""

    palaces: frozenset[int] = frozenset()
    bonus_tiles: tuple[BonusTile, ...] = ()
    princess_cards: int = 0
    markers: int = 0
    rewards: tuple[tuple[int, int], ...] = ()  # (province, points)

    def take(self, cid: str, province: int, bonus: BonusTile, reward: int) -> Holdings:
        """The holdings after winning category ``cid`` in ``province``."""
        if cid == "elephant":
            return replace(self, palaces=self.palaces | {province})
        if cid == "tiger":
            return replace(self, bonus_tiles=self.bonus_tiles + (bonus,))
        if cid == "princess":
            return replace(self, princess_cards=self.princess_cards + 1)
        if cid in ("yellow_advisor", "white_advisor"):
            return replace(self, markers=self.markers + 1)
        return replace(self, rewards=self.rewards + ((province, reward),))


def longest_chain(spec: Spec, palaces: Iterable[int]) -> tuple[int, ...]:
    """The largest group of ``palaces`` connected through bordering provinces, in province order
    (rulebook: Special Rules, Connection Scoring: only the longest single connected chain scores).
    Of two groups equally long, the one with the lowest province is named."""
    left = set(palaces)
    best: tuple[int, ...] = ()
    for start in sorted(left):
        if start not in left:
            continue
        group, frontier = {start}, [start]
        while frontier:
            for q in spec.neighbours(frontier.pop()):
                if q in left and q not in group:
                    group.add(q)
                    frontier.append(q)
        left -= group
        if len(group) > len(best):
            best = tuple(sorted(group))
    return best


def chain_gain(spec: Spec, palaces: frozenset[int], province: int) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """The longest chain before and after a palace in ``province``, and what it adds in points."""
    before = longest_chain(spec, palaces)
    after = longest_chain(spec, palaces | {province})
    return before, after, spec.chain_value(len(after)) - spec.chain_value(len(before))


def chain_text(chain: Sequence[int]) -> str:
    if not chain:
        return "no palace"
    if len(chain) == 1:
        return f"province {chain[0]} alone"
    return "provinces " + "-".join(str(p) for p in chain)


@dataclass(frozen=True)
class Scored:
    """A player's points by scoring source (rulebook: Scoring / Victory Conditions)."""

    by_province: tuple[int, ...]  # palace, Taj Mahal reward and bonus tiles scoring at once, per province
    chain: tuple[int, ...]
    chain_points: int
    princess_points: int
    bonus_end_points: int
    marker_points: int

    @property
    def total(self) -> int:
        return (sum(self.by_province) + self.chain_points + self.princess_points + self.bonus_end_points
                + self.marker_points)


def score_holdings(spec: Spec, h: Holdings) -> Scored:
    by_province = [0] * spec.provinces
    for p in h.palaces:
        by_province[p - 1] += spec.palace
    for p, points in h.rewards:
        by_province[p - 1] += points
    bonus_end = 0
    for tile in h.bonus_tiles:
        if tile.province is None or tile.at_end:
            bonus_end += tile.points
        else:
            by_province[tile.province - 1] += tile.points
    chain = longest_chain(spec, h.palaces)
    return Scored(
        by_province=tuple(by_province),
        chain=chain,
        chain_points=spec.chain_value(len(chain)),
        princess_points=h.princess_cards * spec.princess_card,
        bonus_end_points=bonus_end,
        marker_points=h.markers * spec.connection_marker,
    )
