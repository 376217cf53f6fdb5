"""Taj Mahal on the phones' board (issue 44): the starting player named in the setup, "Deal for
us", the taps that choose each action, the one question before a withdrawal for nothing, and the
board drawn from the round (``sheets/tajmahal.py``); against the seed rulebook ``taj-mahal.txt``."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from tajkit.sheets import tajmahal as sheet
from tajkit.solver.errors import BadInput, BadState
from tajkit.solver.protocol import CHANCE
from tajkit.solver.tajmahal import GAME
from tajkit.solver.tajmahal.notation import Start, card_text, read_card
from tajkit.solver.tajmahal.play import card_key
from tajkit.solver.tajmahal.rules import Play, Withdraw

SPEC = GAME.load_spec()
PLAY = GAME.play(SPEC)
RULES = PLAY.rules
NAMES = ["Asha", "Ben", "Chen"]
DECK = "ET P P E EM E E T T PP Y W M M EE E T P Y W E E T M EP TY E E P W"  # the seed lists none


def typed_setup(names=NAMES, **typed: str) -> dict:
    """The setup a session builds from the answers ``typed`` (else each question's default)."""
    setup = PLAY.players_setup(names)
    answers = {"deck": DECK, "hand_size": "4"} | typed
    for q in PLAY.setup_questions(names):
        value = q.read(answers.get(q.key, q.default))
        if value is not None:
            setup[q.key] = value
    return setup


def play_out(state, *events: str):
    for event in events:
        state = RULES.apply(state, RULES.parse(state, event))
    return state


# --- the starting player in the setup (rulebook: Setup 7) -------------------------------------------


def test_a_setup_that_names_the_start_player_opens_with_them():
    """Setup 7, "Determine starting player randomly", is a step of the setup: a setup that names
    the player drawn opens province 1 with them, and no chance event is left to draw it; left
    empty, the table draws it as the game begins (``start NAME``), as before."""
    named = RULES.start(typed_setup(start="ben"))
    assert named.start == 1 and RULES.to_act(named) == "Ben" and named.round.province == 1
    assert RULES.chance_outcomes(named) == []
    drawn = RULES.start(typed_setup())
    assert "start" not in typed_setup() and RULES.to_act(drawn) == CHANCE
    assert RULES.to_act(RULES.apply(drawn, Start("Ben"))) == "Ben"


def test_a_start_player_who_is_not_at_the_table_is_refused_with_the_rule():
    with pytest.raises(BadInput, match=r'start = "Dev".*not one of the players.*Setup 7'):
        typed_setup(start="Dev")
    with pytest.raises(BadState, match=r"setup: start = 'Dev'.*Setup 7"):
        RULES.start({**typed_setup(), "start": "Dev"})


def test_deal_draws_the_start_player_and_only_what_is_random():
    """"Deal for us" draws the starting player (Setup 7) with the rng it is given, each player
    about as often; the provinces are played 1 to 12 (Special Rules, Province Order) and the
    bonus tiles lie as the board shows them (Setup 6), so nothing else is drawn, and the cards of
    a colour and the hand size are left to the table (the seed lists neither: principle 2)."""
    rng = random.Random(5)
    starts = Counter()
    for _ in range(600):
        answers, layout = PLAY.deal(NAMES, rng)
        assert set(answers) == {"start", "bonus_tiles"} and answers["bonus_tiles"] == "default"
        starts[answers["start"]] += 1
    assert set(starts) == set(NAMES) and min(starts.values()) > 150
    assert any("Setup 7" in line and answers["start"] in line for line in layout)
    assert any("provinces 1 to 12" in line and "Province Order" in line for line in layout)
    assert any("type the cards" in line for line in layout)
    state = RULES.start(typed_setup(**answers))
    assert RULES.to_act(state) == answers["start"]


# --- the taps and the question before a withdrawal -------------------------------------------------


def test_a_play_is_a_card_then_a_second_card_or_alone_and_withdraw_says_what_it_takes():
    """Rulebook, Bidding Phase: a player "Plays 1 or 2 cards" or "Withdraws ..., collecting
    prizes": one card is the card then "Play X alone"; two cards the first in the board's order,
    then the second; withdrawing names the prizes it takes now (Prize Collection)."""
    state = RULES.start(typed_setup(start="Asha"))
    et, p = read_card(SPEC, "ET"), read_card(SPEC, "P")
    assert PLAY.taps(state, Play((et,))) == ("ET (Elephant + Tiger)", "Play ET alone")
    assert PLAY.taps(state, Play(tuple(sorted((p, et))))) == ("ET (Elephant + Tiger)", "P (Princess)")
    assert PLAY.taps(state, Withdraw()) == ("Withdraw, taking nothing",)
    state = play_out(state, "play ET P")
    assert PLAY.taps(play_out(state, "play M", "play W"), Withdraw()) == ("Withdraw, taking Elephant, Tiger",)
    assert PLAY.taps(state, Start("Ben")) == ("Ben starts",)  # the table's draw of who starts (Setup 7), in words


def test_withdrawing_for_nothing_with_cards_shown_is_asked_first():
    """Withdrawing is final for the round (Bidding Phase: "Once withdrawn, a player takes no more
    actions this round") and the cards shown are discarded (Cleanup): a withdrawal that takes no
    prize for cards shown asks once; one that takes a prize, or shows no card, does not."""
    state = play_out(RULES.start(typed_setup(start="Asha")), "play E", "play EE")
    assert RULES.to_act(state) == "Chen" and PLAY.confirm(state, Withdraw()) is None  # Chen shows nothing
    state = play_out(state, "play W")
    assert RULES.to_act(state) == "Asha" and PLAY.withdraw_takes(state) == ()  # Ben shows more elephants
    assert PLAY.confirm(state, Withdraw()) == ("Your 1 card in province 1 wins no prize now, and once out you play "
                                               "no more cards here. Withdraw anyway?")
    assert PLAY.confirm(state, Play((read_card(SPEC, "E"),))) is None
    state = play_out(state, "play P")
    assert PLAY.withdraw_takes(state) == ("elephant",) and PLAY.confirm(state, Withdraw()) is None  # Ben's turn
    state = play_out(state, "play T", "play Y", "play W")  # Ben, Chen, then Asha shows E P W
    assert RULES.to_act(state) == "Ben" and PLAY.withdraw_takes(state) == ("elephant", "tiger")
    state = play_out(state, "withdraw", "play EE")  # Ben out; Chen: 2 elephants, W Y
    assert RULES.to_act(state) == "Asha" and PLAY.withdraw_takes(state) == ("white_advisor",)  # tied 1-1: hers


# --- the board ------------------------------------------------------------------------------------


def test_the_board_shows_the_prizes_and_who_holds_them_and_the_cards_left():
    """The board draws the province's prizes with their taker or the leaders (Prize Collection;
    Tie Resolution), each display, and the cards the player may still play: with hidden hands,
    each kind left of their 30 (Components) with its count; a card is its letters and names."""
    state = play_out(RULES.start(typed_setup(start="Asha")), "play ET", "play E", "play P", "withdraw")
    data = PLAY.board_data(state)
    prizes = {p["id"]: p for p in data["prizes"]}
    assert prizes["elephant"]["taken_by"] == "Asha" and prizes["tiger"]["taken_by"] == "Asha"
    assert prizes["princess"]["taken_by"] is None and prizes["princess"]["leaders"] == ["Chen"]
    assert data["turn"] == "Ben" and data["players"][0]["withdrawn"] and data["players"][0]["display"] == ["ET"]
    ben = data["players"][1]
    left = Counter(read_card(SPEC, c) for c in DECK.split()) - Counter([read_card(SPEC, "E")])
    assert ben["hand"] == {card_text(c): n for c, n in sorted(left.items())}
    drawn = sheet.board(SPEC, data, "Ben")
    assert [t.key for t in drawn.targets] == [card_key(c) for c in sorted(left)]
    assert data["offered"] == "left" and "kinds left of your 30" in drawn.svg
    assert drawn.svg.count("taken by Asha") == 2 and "most: Chen 1" in drawn.svg
    for letters in ben["hand"]:
        assert f">{letters}</text>" in drawn.svg


def test_a_hand_played_out_leaves_only_withdraw():
    """A hand of 1 (the table's hand size, Setup 4) played out this round: no card is a target,
    and the board says to withdraw (the only legal action)."""
    state = play_out(RULES.start(typed_setup(start="Asha", hand_size="1")), "play E", "play E", "play E")
    assert RULES.legal_actions(state) == [Withdraw()]
    drawn = sheet.board(SPEC, PLAY.board_data(state), "Asha")
    assert drawn.targets == () and "withdraw" in drawn.title


def test_names_are_escaped_in_the_board():
    state = RULES.start(typed_setup(names=["<b>Asha</b>", "Ben & Co"], start="Ben & Co"))
    svg = sheet.board(SPEC, PLAY.board_data(state), "Ben & Co").svg
    assert "<b>" not in svg and "&lt;b&gt;Asha" in svg and "Ben &amp; Co" in svg


def test_with_full_information_the_board_offers_the_hand_itself():
    """With ``draws`` (each deck in draw order) the rules deal the hands (Setup 4): the board
    offers the cards in the hand, and says so."""
    setup = RULES.random_setup(random.Random(2), 3) | {"start": "Asha"}
    state = RULES.start(setup)
    data = PLAY.board_data(state)
    assert data["offered"] == "hand"
    assert data["players"][0]["hand"] == {card_text(c): n for c, n in sorted(Counter(state.hands[0]).items())}
    assert "your hand" in sheet.board(SPEC, data, "Asha").svg
