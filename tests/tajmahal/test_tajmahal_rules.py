"""Taj Mahal's rules model, one test per rule sentence of the seed rulebook (taj-mahal.txt):
Turn Structure, Prize Collection, Prize Categories, Special Rules & Edge Cases, Scoring."""

from __future__ import annotations

import pytest

from tajkit.solver.errors import IllegalMove
from tajkit.solver.tajmahal.rules import (
    BonusTile,
    Card,
    Holdings,
    Play,
    Round,
    Withdraw,
    chain_gain,
    longest_chain,
    score_holdings,
)
from tajkit.solver.tajmahal.spec import SYMBOLS, load_spec

SPEC = load_spec()
NAMES = ("Asha", "Ben", "Chen")


def card(*symbols: str) -> Card:
    return Card(symbols)


def run(turns: list[tuple[str, object]], names: tuple[str, ...] = NAMES, province: int = 1):
    """Play ``turns`` ((player, [cards...] or "out")) from the start of a round; the final round and
    each withdrawal's prizes by player."""
    state = Round.start(province, names)
    took: dict[str, tuple[str, ...]] = {}
    for who, what in turns:
        move = Withdraw() if what == "out" else Play(tuple(card(*c) for c in what))
        state, withdrawal = state.apply(SPEC, names.index(who), move)
        if withdrawal is not None:
            took[who] = withdrawal.prizes
    return state, took


# --- Turn Structure ------------------------------------------------------------------------------


def test_a_turn_plays_one_or_two_cards_or_withdraws():
    """Bidding Phase: "Plays 1 or 2 cards face-up in front of them ... OR Withdraws from the round"."""
    state = Round.start(1, NAMES)
    hand = [card("elephant"), card("elephant"), card("tiger")]
    moves = state.legal_moves(SPEC, hand)
    assert Withdraw() in moves
    plays = {m.cards for m in moves if isinstance(m, Play)}
    assert plays == {
        (card("elephant"),), (card("tiger"),),
        (card("elephant"), card("elephant")), (card("elephant"), card("tiger")),
    }
    with pytest.raises(IllegalMove, match="plays 3 cards: a turn plays 1 or 2 cards"):
        state.apply(SPEC, 0, Play((card("elephant"),) * 3))
    with pytest.raises(IllegalMove, match="plays 0 cards"):
        state.apply(SPEC, 0, Play(()))


def test_played_cards_add_to_the_display():
    """Bidding Phase: the cards are "adding to their display for this round"."""
    state, _ = run([("Asha", [("elephant", "tiger"), ("elephant",)]), ("Ben", [("taj",)]),
                    ("Chen", [("princess",)]), ("Asha", [("elephant",)])])
    assert state.displays[0] == (3, 1, 0, 0, 0, 0)
    assert state.played == (3, 1, 1)


def test_once_withdrawn_a_player_takes_no_more_actions():
    """Bidding Phase: "Once withdrawn, a player takes no more actions this round"."""
    state, _ = run([("Asha", "out"), ("Ben", [("elephant",)]), ("Chen", [("tiger",)])])
    with pytest.raises(IllegalMove, match="Asha has already withdrawn: once withdrawn, a player takes no more actions"):
        state.apply(SPEC, 0, Play((card("elephant"),)))


def test_play_continues_clockwise_among_remaining_players_until_all_have_withdrawn():
    """Bidding Phase: "Starting with the first player and proceeding clockwise ... Play continues
    clockwise among remaining players until all have withdrawn"."""
    state, _ = run([("Ben", [("elephant",)]), ("Chen", "out")])
    assert state.to_move == 0  # after Chen comes Asha
    with pytest.raises(IllegalMove, match="Ben acts but it is Asha's turn: turns go clockwise among players still in"):
        state.apply(SPEC, 1, Withdraw())
    state, _ = state.apply(SPEC, 0, Play((card("tiger"),)))
    assert state.to_move == 1  # Chen is out, so Ben follows Asha
    state, _ = state.apply(SPEC, 1, Withdraw())
    assert not state.over and state.to_move == 0  # Asha alone may still play on
    state, _ = state.apply(SPEC, 0, Play((card("tiger"),)))
    state, _ = state.apply(SPEC, 0, Withdraw())
    assert state.over and state.to_move is None


def test_cleanup_discards_the_displays_the_next_province_starts_empty():
    """Cleanup: "All played cards are discarded ... Advance to the next province"."""
    nxt = Round.start(2, NAMES)
    assert nxt.displays == ((0,) * 6,) * 3 and nxt.claimed == (None,) * 6 and not any(nxt.withdrawn)


# --- Prize Collection ----------------------------------------------------------------------------


def test_the_player_with_the_most_matching_symbols_wins_the_prize():
    """Prize Collection: "For each category, the player with the most matching symbols in their
    display wins that prize"."""
    _, took = run([("Asha", [("elephant", "elephant")]), ("Ben", [("elephant",)]), ("Chen", [("tiger",)]),
                   ("Asha", "out")])
    assert took["Asha"] == ("elephant",)
    _, took = run([("Asha", [("elephant",)]), ("Ben", [("elephant", "elephant")]), ("Chen", "out"), ("Asha", "out")])
    assert took["Asha"] == ()


def test_a_tie_when_someone_withdraws_goes_to_the_withdrawing_player():
    """Prize Collection: "If tied when someone withdraws, the withdrawing player wins the tie"; Special
    Rules, Tie Resolution: "When multiple players tie ... the withdrawing player wins the tie"."""
    state, took = run([("Asha", [("tiger",)]), ("Ben", [("tiger",)]), ("Chen", [("tiger",)]), ("Asha", "out")])
    assert took["Asha"] == ("tiger",)
    decision = next(d for d in state.decide(SPEC, 1) if d.category == "tiger")
    assert decision.kind == "taken" and not decision.won


def test_a_tie_among_players_still_in_leaves_the_prize_for_later():
    """Special Rules, Tie Resolution: "If the tie is among non-withdrawing players, no one claims
    the prize yet"; the next of them to withdraw wins the tie."""
    state, took = run([("Asha", [("taj",)]), ("Ben", [("taj", "taj")]), ("Chen", [("taj", "taj")])])
    assert state.decide(SPEC, 0)[SYMBOLS.index("taj")].kind == "tied_in"
    state, withdrawal = state.apply(SPEC, 0, Withdraw())
    assert withdrawal.prizes == () and state.claimed[SYMBOLS.index("taj")] is None
    state, withdrawal = state.apply(SPEC, 1, Withdraw())
    assert withdrawal.prizes == ("taj",)


def test_a_prize_taken_this_round_is_no_longer_available():
    """Inferred from the seed's words: a prize is taken ("Take a bonus tile", "Take the Princess
    card"), and only a tie among players still in means "no one claims the prize yet": once
    claimed, a later withdrawal with as many symbols does not take it again."""
    state, took = run([("Asha", [("elephant",)]), ("Ben", [("elephant",)]), ("Chen", "out"), ("Asha", "out")])
    assert took["Asha"] == ("elephant",)
    state, withdrawal = state.apply(SPEC, 1, Withdraw())
    assert withdrawal.prizes == ()
    assert withdrawal.decisions[0].kind == "taken" and "Asha took it earlier this round" in withdrawal.decisions[0].why


def test_withdrawn_displays_never_decide_a_later_withdrawal():
    """Prize Collection compares "their display" with every display on the table, withdrawn ones
    included (the cards stay until Cleanup). A withdrawn display can never beat a later withdrawal
    of an open prize: comparing with the players still in only gives the same prizes, on 300
    random rounds of random legal moves."""
    import random

    rng = random.Random(11)
    for _ in range(300):
        names = ("A", "B", "C", "D")[: rng.randint(2, 4)]
        state = Round.start(1, names)
        turn = rng.randrange(len(names))
        while not state.over:
            if rng.random() < 0.3:
                still_in = [i for i in range(len(names)) if not state.withdrawn[i] and i != turn]
                for k, cid in enumerate(SYMBOLS):
                    mine = state.displays[turn][k]
                    rivals = max((state.displays[i][k] for i in still_in), default=0)
                    alone = (state.claimed[k] is None and mine >= SPEC.categories[k].min_symbols and mine >= rivals)
                    assert state.decide(SPEC, turn)[k].won == alone
                state, _ = state.apply(SPEC, turn, Withdraw())
            else:
                cards = tuple(card(*rng.choices(SYMBOLS, k=rng.randint(1, 2))) for _ in range(rng.randint(1, 2)))
                state, _ = state.apply(SPEC, turn, Play(cards))
            turn = state.to_move if state.to_move is not None else turn


# --- Prize Categories ----------------------------------------------------------------------------


def test_every_prize_category_gives_its_reward():
    """Prize Categories: Elephant -> a palace in the current province; Tiger -> a bonus tile;
    2 Princesses -> the Princess card; Yellow and White Advisor -> a connection marker each;
    Taj Mahal symbol -> the province's own reward."""
    h = Holdings()
    tile = BonusTile(7, 3, False)
    for cid in SYMBOLS:
        h = h.take(cid, 7, tile, 5)
    assert h.palaces == {7}
    assert h.bonus_tiles == (tile,)
    assert h.princess_cards == 1
    assert h.markers == 2
    assert h.rewards == ((7, 5),)
    assert [c.name for c in SPEC.categories] == [
        "Elephant", "Tiger", "2 Princesses", "Yellow Advisor", "White Advisor", "Taj Mahal"]


def test_the_princess_card_takes_two_princess_symbols():
    """Prize Categories: "2 Princesses: Take the Princess card" and the Player Reference's symbol
    "2 Princess icons" (inferred: a display needs 2 princess symbols; a seed value a group can set)."""
    assert SPEC.category("princess").min_symbols == 2 and SPEC.category("princess").min_source == "inferred"
    _, took = run([("Asha", [("princess",)]), ("Ben", "out"), ("Chen", "out"), ("Asha", "out")])
    assert took["Asha"] == ()
    _, took = run([("Asha", [("princess", "princess")]), ("Ben", "out"), ("Chen", "out"), ("Asha", "out")])
    assert took["Asha"] == ("princess",)


# --- Special Rules & Edge Cases ------------------------------------------------------------------


def test_several_prizes_in_one_withdrawal():
    """Special Rules, Multiple Prizes: "A player can win multiple prizes in a single round if they
    have majority in several categories"."""
    _, took = run([("Asha", [("elephant", "tiger"), ("princess", "princess")]), ("Ben", [("taj",)]),
                   ("Chen", [("yellow_advisor", "white_advisor")]), ("Asha", "out")])
    assert took["Asha"] == ("elephant", "tiger", "princess")


def test_a_category_nobody_shows_is_not_awarded():
    """Special Rules, Empty Categories: "If no player has symbols for a category, that prize is
    not awarded" — not even to a withdrawing player who ties everyone at zero."""
    state, took = run([("Asha", "out"), ("Ben", "out"), ("Chen", "out")])
    assert took == {"Asha": (), "Ben": (), "Chen": ()}
    assert state.claimed == (None,) * 6
    d = Round.start(1, NAMES).decide(SPEC, 0)[0]
    assert d.kind == "empty" and "Empty Categories" in d.why


def test_the_deck_has_thirty_cards_per_player():
    """Components: 120 bidding cards in 4 player colours, 30 per player; Special Rules, Card
    Management: "their limited deck of 30 cards"."""
    assert SPEC.deck == 30 and SPEC.max_players == 4


def test_provinces_are_resolved_in_order_one_to_twelve():
    """Special Rules, Province Order: "Provinces are always resolved in order from 1 to 12,
    following the path on the board" — tajkit's default map is that path."""
    assert SPEC.provinces == 12
    assert all(SPEC.neighbours(p) >= {p + 1} for p in range(1, 12))
    assert SPEC.default("map")


# --- Scoring -------------------------------------------------------------------------------------


def test_only_the_longest_single_connected_chain_scores():
    """Special Rules, Connection Scoring: "Only the longest single connected chain scores bonus
    points, not multiple separate chains"."""
    palaces = frozenset({1, 2, 3, 5, 6, 9, 10, 11, 12})
    assert longest_chain(SPEC, palaces) == (9, 10, 11, 12)
    scored = score_holdings(SPEC, Holdings(palaces=palaces))
    assert scored.chain_points == SPEC.chain_value(4)
    assert scored.chain_points != SPEC.chain_value(4) + SPEC.chain_value(3) + SPEC.chain_value(2)


def test_longer_chains_score_more():
    """Scoring: "Chains of adjacent provinces with your palaces score bonus points (longer chains =
    more points)"; "Connected provinces ... score increasingly"."""
    values = [SPEC.chain_value(n) for n in range(2, 13)]
    assert all(b > a for a, b in zip(values, values[1:]))
    assert all((c - b) > (b - a) for a, b, c in zip(values, values[1:], values[2:]))
    assert SPEC.chain_value(1) == 0  # one palace is no chain of adjacent provinces


def test_a_chain_follows_the_map_not_the_numbers():
    """The chain is "of adjacent provinces": with a group's own map, provinces 1 and 7 may border."""
    from dataclasses import replace

    ring = replace(SPEC, borders=frozenset({frozenset({1, 7}), frozenset({7, 3})}))
    assert longest_chain(ring, {1, 3, 7, 2}) == (1, 3, 7)
    assert longest_chain(SPEC, {1, 3, 7, 2}) == (1, 2, 3)


def test_a_palace_extending_the_longest_chain_is_worth_its_chain_gain():
    """Scoring: a palace scores its own points, and the chain it lengthens scores more."""
    before, after, gain = chain_gain(SPEC, frozenset({3, 4}), 5)
    assert (before, after) == ((3, 4), (3, 4, 5))
    assert gain == SPEC.chain_value(3) - SPEC.chain_value(2)
    assert chain_gain(SPEC, frozenset({3, 4}), 9)[2] == 0  # a second, shorter group adds nothing


def test_the_scoring_sources():
    """Scoring / Victory Conditions: palaces (direct points), connected provinces, bonus tiles
    (immediate or end-game), Princess cards (end-game), province-specific bonuses."""
    h = Holdings(
        palaces=frozenset({4, 5, 6}),
        bonus_tiles=(BonusTile(4, 3, False), BonusTile(6, 5, True)),
        princess_cards=2,
        markers=1,
        rewards=((5, 4),),
    )
    s = score_holdings(SPEC, h)
    assert s.by_province[3] == SPEC.palace + 3
    assert s.by_province[4] == SPEC.palace + 4
    assert s.by_province[5] == SPEC.palace  # the tile of province 6 scores at the end
    assert s.bonus_end_points == 5
    assert s.princess_points == 2 * SPEC.princess_card
    assert s.marker_points == SPEC.connection_marker
    assert s.chain == (4, 5, 6) and s.chain_points == SPEC.chain_value(3)
    assert s.total == sum(s.by_province) + s.chain_points + 5 + s.princess_points + s.marker_points
