"""Taj Mahal's whole game through the rules protocol (``solver/tajmahal/protocol.py``), against the
seed rulebook ``taj-mahal.txt``: Setup, Turn Structure (Bidding Phase, Prize Collection, Cleanup),
Scoring / Victory Conditions."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from protocol_check import check_whole_games

from tajkit.solver import games, statefile
from tajkit.solver.errors import BadInput, BadState, IllegalMove
from tajkit.solver.protocol import CHANCE, Record, random_action, replay
from tajkit.solver.tajmahal.notation import Start, card_text
from tajkit.solver.tajmahal.protocol import TajMahalState
from tajkit.solver.tajmahal.rules import Card, Play, Round, Withdraw, beyond_deck, draw_up, hand_count
from tajkit.solver.tajmahal.scoring import score
from tajkit.solver.tajmahal.files import read_state, state_model, to_record
from tajkit.solver.tajmahal.spec import SYMBOLS

GAME = games.get("tajmahal")
SPEC = GAME.load_spec()
RULES = GAME.rules(SPEC)
NAMES = ["Asha", "Ben", "Chen"]
# a deck for the tests (the seed lists none): the cards the README's round uses, and more
DECK = ["ET", "P", "P", "E", "EM", "E", "E", "T", "T", "PP", "Y", "W", "M", "M", "EE", "E", "T", "P", "Y", "W",
        "E", "E", "T", "M", "EP", "TY", "E", "E", "P", "W"]
TABLE = {"players": NAMES, "deck": DECK}  # a table's setup: hands hidden


def play(state: TajMahalState, *texts: str) -> TajMahalState:
    for text in texts:
        state = RULES.apply(state, RULES.parse(state, text))
    return state


def refusal(state: TajMahalState, text: str) -> str:
    with pytest.raises(BadInput) as refused:
        RULES.apply(state, RULES.parse(state, text))
    (problem,) = refused.value.problems
    assert "\n" not in problem
    return problem


def test_whole_random_games_keep_the_contract() -> None:
    """90 seeded random games with full information (30 each of 2, 3 and 4 players, about 8,500
    actions): every step and every end checked by the protocol's contract (rulebook: Turn
    Structure, the whole game)."""
    records = check_whole_games("tajmahal", count=90, players=(2, 3, 4))
    assert len(records) == 90 and all(r.events[0].startswith("start ") for r in records)


def hidden_game(seed: int, players: int, hand_size: bool) -> tuple[TajMahalState, Record]:
    rng = random.Random(f"tajmahal hidden {seed}")
    setup = RULES.random_setup(rng, players)
    del setup["draws"]
    if not hand_size:
        del setup["hand_size"]
    state, events = RULES.start(setup), []
    while RULES.to_act(state) is not None:
        if RULES.to_act(state) != CHANCE:  # every play offered is within what the player may still hold
            cards, limit = RULES.open_cards(state, state.round.to_move)
            assert all(len(a.cards) <= limit for a in RULES.legal_actions(state) if isinstance(a, Play))
        action = random_action(RULES, state, rng)
        events.append(RULES.format(state, action))
        state = RULES.apply(state, action)
    return state, Record("tajmahal", setup, tuple(events))


def test_whole_games_with_hidden_hands() -> None:
    """A table's setup has no hands (Setup 4 draws them hidden): 30 whole random games, with and
    without a hand size, each accepted from what is public, replayed from its record, and scored
    at the end (rulebook: Components, 30 cards a player; Cleanup)."""
    for k in range(30):
        state, record = hidden_game(k, 2 + k % 3, hand_size=k % 2 == 0)
        assert len(state.rounds) == SPEC.provinces
        assert replay(RULES, record).state == state
        assert all(len(cards) <= SPEC.deck for cards in state.played)
        assert sorted(p.name for p in RULES.standings(state).players) == sorted(state.names)


def test_the_starting_player_is_drawn_at_random_and_nothing_else_is_chance() -> None:
    """Rulebook: Setup 7, "Determine starting player randomly": chance's only decision, each player
    with the same chance; the cards drawn are hidden, and shown only as they are played."""
    state = RULES.start(TABLE)
    assert RULES.to_act(state) == CHANCE
    assert RULES.chance_outcomes(state) == [(Start(n), pytest.approx(1 / 3)) for n in NAMES]
    rng = random.Random(3)
    seen = []
    while RULES.to_act(state) is not None:
        seen.append(RULES.to_act(state))
        state = RULES.apply(state, random_action(RULES, state, rng))
    assert seen.count(CHANCE) == 1 and seen[0] == CHANCE


def test_turns_go_clockwise_from_the_starting_player_among_players_still_in() -> None:
    """Rulebook: Bidding Phase, "Starting with the first player and proceeding clockwise ... Play
    continues clockwise among remaining players until all have withdrawn"; every province opens
    with the starting player (inferred: the seed names no other first player)."""
    state = play(RULES.start(TABLE), "start Ben")
    order = []
    for text in ("play E", "withdraw", "play T", "play P", "play M", "withdraw", "withdraw"):
        order.append(RULES.to_act(state))
        state = play(state, text)
    assert order == ["Ben", "Chen", "Asha", "Ben", "Asha", "Ben", "Asha"]
    assert state.round.province == 2 and RULES.to_act(state) == "Ben"


def test_prizes_are_collected_on_withdrawal_while_the_round_goes_on() -> None:
    """Rulebook: Prize Collection (upon withdrawal): Chen's Elephant gives a palace the moment she
    withdraws, and the standings of the round in progress count it, naming who is still in (a
    tester: "a record cannot hold the round being played")."""
    state = play(RULES.start(TABLE), "start Asha", "play T", "play P", "play E", "play T", "play P", "withdraw")
    assert state.holdings[2].palaces == frozenset({1})
    standings = RULES.standings(state)
    chen = next(p for p in standings.players if p.name == "Chen")
    assert chen.total == SPEC.palace
    assert any("province 1 is being played: Asha and Ben still in" in note for note in standings.notes)


def test_the_game_ends_after_the_twelfth_province() -> None:
    """Rulebook: Turn Structure, "exactly 12 rounds, one per province" and Province Order 1 to 12:
    after the 12th nobody acts, nothing is legal, and the final score has no "not over" note."""
    state = play(RULES.start(TABLE), "start Asha")
    provinces = []
    while RULES.to_act(state) is not None:
        provinces.append(state.round.province)
        state = play(state, "withdraw")
    assert provinces == [p for p in range(1, 13) for _ in NAMES]
    assert RULES.legal_actions(state) == [] and len(state.rounds) == 12
    assert not any("not over" in note for note in RULES.standings(state).notes)
    assert "the game is over" in refusal(state, "withdraw")


def test_cleanup_draws_back_to_the_hand_size() -> None:
    """Rulebook: Setup 4 (a starting hand) and Cleanup ("Players draw back to hand size"): with full
    information the hand is dealt from the player's own deck order, refilled after the round."""
    state = RULES.start({**TABLE, "hand_size": 4, "draws": {n: DECK for n in NAMES}})
    assert [" ".join(map(card_text, h)) for h in state.hands] == ["ET P P E"] * 3
    state = play(state, "start Asha", "play ET P", "withdraw", "withdraw", "withdraw")
    assert " ".join(map(card_text, state.hands[0])) == "E P EM E"  # kept E and P, drew EM and E
    assert len(state.piles[0]) == 24 and [len(h) for h in state.hands] == [4, 4, 4]
    assert draw_up((), (Card(("elephant",)),), 3) == ((Card(("elephant",)),), ())
    assert hand_count(SPEC, 6, 27) == 3 and hand_count(SPEC, 6, 10) == 6


def test_a_card_not_in_hand_is_refused_with_the_legal_alternatives() -> None:
    """Rulebook: Bidding Phase, a player plays 1 or 2 cards *from their hand*: one line naming the
    rule and what is legal instead."""
    state = RULES.start({**TABLE, "hand_size": 3, "draws": {n: DECK for n in NAMES}})
    state = play(state, "start Asha")  # Asha's hand: ET, P, P
    problem = refusal(state, "play M")
    assert problem.startswith("Asha's hand holds no M for this play (rulebook: Components, Bidding Phase)")
    assert problem.endswith("legal now: withdraw, play ET, play P, play ET P, play P P")
    assert "a turn plays 1 or 2 cards" in refusal(state, "play P P ET")


def test_a_hidden_hand_is_checked_against_the_public_counts() -> None:
    """Rulebook: Components (30 cards a player) and Cleanup (hand size): without the hands, a play is
    refused only when the player's 30 cards, less those played, cannot hold it, or their hand
    cannot be that big this round."""
    state = play(RULES.start(TABLE), "start Asha", "play PP", "play E", "play M")
    assert "Asha has no PP left of their 30 cards (those played are discarded) (rulebook: Components" in refusal(state, "play PP")
    sized = play(RULES.start({**TABLE, "hand_size": 3}), "start Asha", "play E E", "withdraw", "withdraw")
    assert "Asha holds at most 1 card this round" in refusal(sized, "play T T")
    assert beyond_deck(SPEC, "Asha", 29, 2).startswith("Asha plays a card beyond their 30 (29 played")
    assert beyond_deck(SPEC, "Asha", 28, 2) is None


def test_it_is_not_your_turn() -> None:
    """Rulebook: Bidding Phase, turns go clockwise: a turn typed with another player's name is refused."""
    state = play(RULES.start(TABLE), "start Asha")
    assert refusal(state, "Ben: play E").startswith("Ben acts but it is Asha's turn")
    assert "the starting player is drawn first" in refusal(RULES.start(TABLE), "withdraw")


def test_notation_reads_at_the_table_and_round_trips() -> None:
    """The notation: a card by its symbols' letters (E T P Y W M), ``play`` and 1 or 2 cards, or
    ``withdraw``; full names, ``+``, commas, the player's name and any case read too (rulebook:
    Bidding Phase; Player Reference)."""
    state = play(RULES.start(TABLE), "start asha")
    assert state.start == 0
    expected = Play((Card(("elephant", "taj")), Card(("princess",))))
    for text in ("play EM P", "p me", "Asha: play em, p", "elephant+taj and princess", "PLAY taj+elephant P"):
        assert RULES.parse(state, text) == expected, text
    assert RULES.format(state, expected) == "play EM P"
    assert RULES.parse(state, "out") == Withdraw() and RULES.format(state, Withdraw()) == "withdraw"
    assert RULES.format(RULES.start(TABLE), Start("Chen")) == "start Chen"
    with pytest.raises(BadInput, match="'xq' is not a card: a card is its symbols: E elephant"):
        RULES.parse(state, "play xq")


def test_a_setup_that_breaks_a_rule_is_refused() -> None:
    """Rulebook: Components (30 cards a player, 4 colours) and Setup 2 (each shuffles their own cards)."""
    with pytest.raises(BadState, match="deck = 29 cards: give the 30 cards"):
        RULES.start({**TABLE, "deck": DECK[:29]})
    with pytest.raises(BadState, match="draws.Ben: not the deck's 30 cards in some order"):
        RULES.start({**TABLE, "hand_size": 5, "draws": {"Asha": DECK, "Ben": DECK[:29] + ["M"], "Chen": DECK}})
    with pytest.raises(BadState, match="Taj Mahal takes 2-4"):
        RULES.start({**TABLE, "players": ["A", "B", "C", "D", "E"]})


README_ROUND = ["start Asha", "play ET P", "play E EM", "withdraw", "play P", "withdraw", "withdraw"]
README_RECORD = {
    "game": "tajmahal", "players": NAMES,
    "rounds": [{"province": 1, "bonus_tile": 3, "plays": [
        {"player": "Asha", "cards": [["elephant", "tiger"], ["princess"]]},
        {"player": "Ben", "cards": [["elephant"], ["elephant", "taj"]]},
        {"player": "Chen", "withdraw": True},
        {"player": "Asha", "cards": [["princess"]]},
        {"player": "Ben", "withdraw": True},
        {"player": "Asha", "withdraw": True},
    ]}],
}


def test_the_readme_round_replays_to_the_scorers_score() -> None:
    """docs/tajmahal.md's first round as events: replayed through the protocol, its standings are
    the existing scorer's on the same round as a record file (rulebook: Prize Collection, Scoring)."""
    setup = {**TABLE, "bonus_tiles": [3] + [SPEC.bonus_tile] * 11}
    state = replay(RULES, Record("tajmahal", setup, tuple(README_ROUND))).state
    assert RULES.standings(state) == score(SPEC, read_state(SPEC, README_RECORD))
    converted = to_record(SPEC, statefile.validate(state_model(SPEC), README_RECORD))
    assert converted.events == ("start Asha", "Asha: play ET P", "Ben: play E EM", "Chen: withdraw", "Asha: play P",
                                "Ben: withdraw", "Asha: withdraw")
    assert converted.setup == {"players": NAMES, "bonus_tiles": [{"points": 3}] + [{}] * 11}  # no deck: not known


def old_form(state: TajMahalState) -> dict:
    """The finished provinces of ``state`` written in the old ``[[rounds]]`` form, as a table
    noted them before ``tajkit play`` (every turn, and the bonus tile the Tiger gave)."""
    rounds = []
    for done, turns in zip(state.rounds, state.history):
        plays = [{"player": state.names[seat], "withdraw": True} if isinstance(move, Withdraw) else
                 {"player": state.names[seat], "cards": [list(c.symbols) for c in move.cards]} for seat, move in turns]
        entry = {"province": done.province, "plays": plays}
        if done.prizes[SYMBOLS.index("tiger")] is not None:
            entry |= {"bonus_tile": done.bonus.points, "bonus_tile_when": "end" if done.bonus.at_end else "now"}
        rounds.append(entry)
    return {"game": "tajmahal", "players": list(state.names), "rounds": rounds}


def test_whole_games_written_in_the_old_form_score_as_the_games() -> None:
    """Issue 42, one record format: whole random games written in the old ``[[rounds]]`` form are
    converted (``to_record``) and replayed through the rules protocol into the same holdings,
    provinces and final score (rulebook: Scoring / Victory Conditions, ties by cards left), and
    the final position each game's state file holds scores the same totals and ranks."""
    for k, record in enumerate(check_whole_games("tajmahal", count=6, players=(2, 3, 4))):
        state = replay(RULES, record).state
        table = read_state(SPEC, old_form(state))
        resolved = [(r.province, r.prizes, r.withdrawals, r.played, r.holdings) for r in state.rounds]
        assert table.holdings == state.holdings and resolved == [
            (r.province, r.prizes, r.withdrawals, r.played, r.holdings) for r in table.rounds], k
        assert score(SPEC, table).players == RULES.standings(state).players, k
        position = score(SPEC, read_state(SPEC, RULES.state_file(state)))
        assert [(p.name, p.total, p.rank) for p in position.players] == \
            [(p.name, p.total, p.rank) for p in RULES.standings(state).players], k


ANY_OPENER = Path(__file__).parent.parent / "data" / "any-opener"


def test_where_any_player_may_open_the_table_says_who_opens_each_province() -> None:
    """[rounds] opener (seeds/tajmahal.toml): tajkit reads Setup 7 and the Bidding Phase ("Starting
    with the first player") as the start player opening every province (inferred); a group whose
    reading differs sets "any", and then the table says who opens each province after the first
    (``start NAME``, each player alike), in whole random games that keep the protocol's contract."""
    assert SPEC.opener == "start player"
    spec = GAME.load_spec(ANY_OPENER)
    rules = GAME.rules(spec)
    state = rules.apply(rules.start(TABLE), Start("Ben"))
    assert rules.to_act(state) == "Ben"  # province 1: the start player
    for text in ("withdraw", "withdraw", "withdraw"):
        state = rules.apply(state, rules.parse(state, text))
    assert state.round.province == 2 and rules.to_act(state) == CHANCE
    assert rules.chance_outcomes(state) == [(Start(n), pytest.approx(1 / 3)) for n in NAMES]
    with pytest.raises(IllegalMove, match=r"the table says who opens province 2: start NAME"):
        rules.apply(state, rules.parse(state, "play E"))
    state = rules.apply(state, rules.parse(state, "start Chen"))
    assert rules.to_act(state) == "Chen" and state.round.province == 2
    records = check_whole_games("tajmahal", count=12, players=(2, 3, 4), data=ANY_OPENER)
    assert all(sum(e.startswith("start ") for e in r.events) == 12 for r in records)  # the game's, then 11 provinces'


def test_a_province_opens_with_the_given_player() -> None:
    """Rulebook: Bidding Phase, "Starting with the first player": ``Round.start`` takes who opens;
    without one, any player may (a record's round, as before)."""
    names = ("Asha", "Ben", "Chen")
    assert Round.start(4, names, 2).to_move == 2
    assert Round.start(4, names).to_move is None
    with pytest.raises(IllegalMove, match="it is Chen's turn"):
        Round.start(4, names, 2).apply(SPEC, 0, Withdraw())


# --- what only a record written before tajkit play needs (issue 42: one record format) -------------


def test_a_setup_without_the_deck_takes_each_card_as_shown_and_still_counts_them() -> None:
    """An old record never gave the deck, and its players' cards need not fit one deck (the test
    game's 12 provinces show 36 different cards across the four colours): without ``deck`` a card
    is taken as shown (rulebook: Components, 30 cards a player, still counted), the legal plays
    listed are the cards seen so far, and the hint still answers, checking the hand by its count."""
    state = play(RULES.start({"players": NAMES}), "start Asha", "play MMM W", "play TY")
    assert state.deck is None and RULES.to_act(state) == "Chen"
    legal = {RULES.format(state, a) for a in RULES.legal_actions(state)}
    assert {"withdraw", "play MMM", "play TY W", "play MMM MMM"} <= legal
    assert RULES.to_act(play(state, "play PPPP")) == "Asha"  # a card nobody has shown: taken as shown
    spent = {"players": NAMES[:2]}
    long = play(RULES.start(spent), "start Asha", *["play E E", "play T"] * 15)  # Asha: 30 cards, Ben 15
    with pytest.raises(IllegalMove, match="Asha plays a card beyond their 30"):
        play(long, "play E")
    answer = GAME.play(SPEC).hint(state, "Chen", {"hand": ["E", "ET", "PP"]}, {"top": 2})
    assert answer.moves and answer.report.json["player"] == "Chen"


def test_a_province_told_by_its_prizes_is_resolved_when_it_comes() -> None:
    """An old record's round given only as who took which prize (``told``): the rules resolve it
    when its province comes, its prizes to their takers (rulebook: Prize Collection: a palace, a
    bonus tile, the province's reward), no card known to be played in it, so no player's cards
    left are known (the tie-break needs them given); the next province opens with the start
    player (Setup 7, Bidding Phase), and a told province that names someone not playing is refused."""
    told = [{"province": 1, "prizes": {"elephant": "Ben", "taj": "Chen"}}, {"province": 3, "prizes": {"tiger": "Asha"}}]
    state = RULES.start({"players": NAMES, "deck": DECK, "told": told})
    assert [r.province for r in state.rounds] == [1] and RULES.to_act(state) == CHANCE  # the start player drawn next
    state = play(state, "start Asha", "withdraw", "withdraw", "withdraw")  # province 2, then 3 told at once
    assert [(r.province, r.played) for r in state.rounds] == [(1, None), (2, (0, 0, 0)), (3, None)]
    assert state.round.province == 4 and RULES.to_act(state) == "Asha"
    assert 1 in state.holdings[1].palaces and state.holdings[2].rewards == ((1, SPEC.reward(1)),)
    assert [t.province for t in state.holdings[0].bonus_tiles] == [3]
    assert all(dict(p.tiebreaks).get("cards left") is None for p in RULES.standings(state).players)
    for bad in ([{"province": 1, "prizes": {"taj": "Zed"}}], [{"province": 2}, {"province": 2}], [{"province": 13}]):
        with pytest.raises(BadState, match=r"setup: told\[\d\]"):
            RULES.start({"players": NAMES, "deck": DECK, "told": bad})
    every = [{"province": p, "prizes": {}} for p in range(1, SPEC.provinces + 1)]
    assert RULES.to_act(RULES.start({"players": NAMES, "told": every})) is None  # all told: the game is over


def test_a_bonus_tile_may_say_when_it_scores_without_its_points() -> None:
    """Scoring ("Bonus tiles provide immediate or end-game points"): an old record may say only
    when a tile scores; its points are the game data's, and not called given."""
    tiles = [{"when": "end"}] + [{}] * 10 + [{"points": 4}]
    state = RULES.start({"players": NAMES, "deck": DECK, "bonus_tiles": tiles})
    assert (state.tiles[0].points, state.tiles[0].at_end, state.tiles_typed[0]) == (SPEC.bonus_tile, True, False)
    assert (state.tiles[11].points, state.tiles_typed[11]) == (4, True) and not state.tiles_typed[5]


JUNK = st.recursive(st.none() | st.booleans() | st.integers(-3, 14) | st.text(max_size=5)
                    | st.sampled_from(["Asha", "Zed", "taj", "tiger", "end", "now", "province", "prizes", "points"]),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
                        st.sampled_from(["province", "prizes", "points", "when", "taj", "elephant", "x"]), inner,
                        max_size=3), max_leaves=12)


@settings(max_examples=50, deadline=None)
@given(told=JUNK, tiles=JUNK, deck=JUNK)
def test_malformed_told_provinces_tiles_and_decks_are_refused_in_words(told, tiles, deck) -> None:
    """Issue 40's rule for the setup's new fields (issue 42): whatever ``told``, ``bonus_tiles``
    or ``deck`` holds, the setup is a game or one line per problem, never a crash."""
    setup = {"players": NAMES, "told": told, "bonus_tiles": tiles, "deck": deck}
    try:
        RULES.start(setup)
    except BadInput as refused:
        assert refused.problems and all(p and "\n" not in p for p in refused.problems)
