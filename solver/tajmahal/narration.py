"""Taj Mahal events in words (``solver/narration.py``): the starting player drawn, the cards a
player plays, a withdrawal and the prizes it takes, a province over and the game's end.

Rulebook (Turn Structure, Prize Collection): a player either plays 1 or 2 cards into their display
or withdraws, collecting at once each prize their display wins (Prize Categories: a palace in the
province, its bonus tile, the Princess card, a connection marker for each advisor, the province's
Taj Mahal reward); the province is over once all have withdrawn, and the game after the 12th.
"""

from __future__ import annotations

from collections import Counter

from tajkit.solver import narration
from tajkit.solver.ranking import join_names, plural
from tajkit.solver.tajmahal.notation import Action, Start
from tajkit.solver.tajmahal.protocol import TajMahalState, rules_for
from tajkit.solver.tajmahal.rules import Card, Play, Withdrawal
from tajkit.solver.tajmahal.spec import Spec

SYMBOL_WORDS = {"elephant": ("an elephant", "elephants"), "tiger": ("a tiger", "tigers"),
                "princess": ("a princess", "princesses"), "yellow_advisor": ("a yellow advisor", "yellow advisors"),
                "white_advisor": ("a white advisor", "white advisors"), "taj": ("a Taj Mahal", "Taj Mahals")}
ADVISORS = ("yellow_advisor", "white_advisor")


def tell(spec: Spec, before: TajMahalState, action: Action, after: TajMahalState) -> tuple[str, ...]:
    """What ``action`` did, in one to three sentences (see the module's docstring)."""
    if isinstance(action, Start) and before.start is not None:  # [rounds] opener = "any": the table says who opens
        return narration.told([f"{action.player} opens province {before.round.province}"])  # type: ignore[union-attr]
    if isinstance(action, Start):
        return narration.told([f"The table drew {action.player} to start: {action.player} plays first in province 1"])
    seat = before.round.to_move  # type: ignore[union-attr]
    name, province = before.names[seat], before.round.province  # type: ignore[union-attr]
    if isinstance(action, Play):
        return narration.told([f"{name} played {_cards(action.cards)}"])
    withdrawal = _withdrawal(before, after)
    said = [_withdrew(name, province, prizes(spec, before, withdrawal))]
    if after.round is not None and after.round.province == province:
        still = [n for n, out in zip(after.names, after.round.withdrawn) if not out]
        return narration.told(said, [f"{join_names(still)} {'is' if len(still) == 1 else 'are'} still in"])
    if after.round is not None:
        nxt = after.round.province
        if after.round.to_move is None:  # [rounds] opener = "any"
            return narration.told([*said, f"Province {province} is over; the table says who opens province {nxt}"])
        return narration.told([*said, f"Province {province} is over; {after.names[after.round.to_move]} opens province {nxt}"])
    end = narration.game_over(rules_for(spec).standings(after), f"after province {province}")
    return narration.told(said, end=end)


def _withdrew(name: str, province: int, prizes: str) -> str:
    """The withdrawal and its prizes; without the province when that is too long for a phone."""
    said = f"{name} withdrew from province {province} and took {prizes}"
    return said if len(said) < narration.MOST_CHARACTERS else f"{name} withdrew and took {prizes}"


def _cards(cards: tuple[Card, ...]) -> str:
    """"a card with an elephant and a tiger", "2 cards: one with 2 princesses, one with a tiger"."""
    if len(cards) == 1:
        return f"a card with {_symbols(cards[0])}"
    return f"{len(cards)} cards: " + ", ".join(f"one with {_symbols(c)}" for c in cards)


def _symbols(card: Card) -> str:
    shown = Counter(card.symbols)
    return join_names([SYMBOL_WORDS[s][0] if n == 1 else f"{n} {SYMBOL_WORDS[s][1]}" for s, n in shown.items()])


def _withdrawal(before: TajMahalState, after: TajMahalState) -> Withdrawal:
    """The withdrawal just made: the last of the province being played, or of the one it closed."""
    same = after.round is not None and after.round.province == before.round.province  # type: ignore[union-attr]
    return (after.withdrawals if same else after.rounds[-1].withdrawals)[-1][1]


def prizes(spec: Spec, before: TajMahalState, withdrawal: Withdrawal) -> str:
    """The prizes a withdrawal takes, as the Player Reference says what each gives: "a palace,
    the bonus tile (3 points) and 2 connection markers", or "nothing"."""
    province = before.round.province  # type: ignore[union-attr]
    won = withdrawal.prizes
    tile = before.tiles[province - 1]
    words = {
        "elephant": "a palace",
        "tiger": f"the bonus tile ({plural(tile.points, 'point')}{', scoring at the end' if tile.at_end else ''})",
        "princess": "the Princess card",
        "taj": f"the Taj Mahal reward ({plural(spec.reward(province), 'point')})",
    }
    markers = sum(c in ADVISORS for c in won)  # each advisor places a connection marker: said once
    taken = []
    for c in won:
        if c not in ADVISORS:
            taken.append(words[c])
        elif markers:
            taken.append("a connection marker" if markers == 1 else f"{markers} connection markers")
            markers = 0
    return join_names(taken) if taken else "nothing"
