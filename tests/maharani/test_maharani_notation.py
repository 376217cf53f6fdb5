"""The Maharani position and turn notation: exact round trips on random positions (property-based),
every validation message, and malformed text that only ever gets a clear BadState."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from protocol_check import check_parse_refuses_cleanly, event_like_text, states_of_a_game
from test_maharani_support import SPEC, position, random_position

from tajkit.solver.errors import BadInput, BadState, IllegalMove
from tajkit.solver.maharani import notation
from tajkit.solver.maharani.rules import Position

EMPTY = "6/8/8/6/6/8/8/6 - Bne,Rc,Gs,Yew s:0;w:0;n:0;e:0 1"


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=10**6))
def test_a_position_round_trips_exactly(seed):
    """position -> text -> position is the identity; the text is canonical (text -> position ->
    text gives it back)."""
    pos = random_position(seed)
    text = notation.format_position(SPEC, pos)
    again = notation.parse_position(SPEC, text)
    assert again == pos
    assert notation.format_position(SPEC, again) == text


def test_workers_set_aside_and_two_player_colours_round_trip():
    """Fontos (a worker beside a quarter, written q1) and the two-player colours (1a, 2b)."""
    text = "6/2Bs5/8/6/6/8/8/6 1a:c7,q1;2b:q3 One,Rc,Gs,Yew s:4:13;n:9 2"
    pos = notation.parse_position(SPEC, text)
    assert pos.aside == ((0, 0), (3, 2))
    assert notation.format_position(SPEC, pos) == text


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("6/8/8/6", "position: 1 fields, a position has 5"),
        (EMPTY.replace("s:0;w:0;n:0;e:0", "s:0"), "position, players: 1 players, the game is for 2-4"),
        (EMPTY.replace("s:0;w:0", "south:0;w:0"), "position, player 1: 'south:0': write side:gold"),
        (EMPTY.replace("w:0;n:0", "s:0;n:0"), "position, player 2: side s is taken"),
        (EMPTY.replace("s:0;", "s:20000;"), "20000 gold is more than a game can bring"),
        (EMPTY.replace("s:0;", "s:0:11;"), "marker list '11' names a marker twice"),
        (EMPTY.replace("6/8/8/6/6/8/8/6", "6/8/8/6/6/8/8"), "position, board: 7 rows separated by /, the palace floor has 8"),
        (EMPTY.replace("6/8/8/6/6/8/8/6", "7/8/8/6/6/8/8/6"), "position, board row 8 (b8-g8): more than its 6 spaces"),
        (EMPTY.replace("6/8/8/6/6/8/8/6", "5/8/8/6/6/8/8/6"), "position, board row 8 (b8-g8): 5 spaces, it has 6"),
        (EMPTY.replace("6/8/8/6/6/8/8/6", "6/8/8/6/6/8/8/Bn6"), "position, board row 1 (b1-g1): more than its 6 spaces"),
        (EMPTY.replace("6/8/8/6/6/8/8/6", "6/8/8/6/6/8/8/5?"), "position, board g1: '?' is not a tile"),
        (EMPTY.replace("6/8/8/6/6/8/8/6", "6/8/8/6/6/8/8/5Zn"), "position, board g1: 'Z' is not a tile colour"),
        (EMPTY.replace("6/8/8/6/6/8/8/6", "6/8/8/6/6/8/8/5Bx"), "position, board g1: 'Bx': the arrow points n, e, s or w"),
        (EMPTY.replace("6/8/8/6/6/8/8/6", "2Be3/8/8/6/6/8/8/6"),
         "position, board d8: no tile lies there with its arrow pointing e: the space's column marks (sw) take a tile "
         "with its arrow pointing n/s (rulebook: Oszlopok)"),
        (EMPTY.replace(" - ", " green:b8 "), "position, workers: 'green:b8': write each worker colour as <player>:<spaces>"),
        (EMPTY.replace(" - ", " 1a:b8 "), "write each worker colour as <player>:<spaces>, e.g. 1:c4,d6;2:f3"),
        (EMPTY.replace(" - ", " 1:z9 "), "position, workers 1: 'z9' is not a space of the board"),
        ("Bn5/8/8/6/6/8/8/6 1:b8;2:b8 Bne,Rc,Gs,Yew s:0;w:0;n:0;e:0 1", "position, workers 2: b8 has two workers: one worker stands on a tile"),
        (EMPTY.replace("Bne,Rc,Gs,Yew", "Bne,Rc,Gs"), "position, rondel: 3 slots, the rondel has 4"),
        (EMPTY.replace("Bne,Rc,Gs,Yew", "Bne,Rc,Gs,yew"), "position, rondel slot 4: 'yew' is not a tile"),
        (EMPTY.replace("Bne,Rc,Gs,Yew", "Bne,Rc,Gs,Xew"), "position, rondel slot 4: 'Xew': 'X' is not a tile colour"),
        (EMPTY.replace("Bne,Rc,Gs,Yew", "Bne,Rc,Gs,Ynw"), "position, rondel slot 4: 'Ynw': no tile kind has the column marks 'nw'"),
        (EMPTY[:-1] + "5", "position, player to move: '5': the number of a player, 1-4"),
        ("Bs5/8/8/6/6/8/8/6 - Bw,Rc,Gs,Yew s:0;w:0;n:0;e:0 1", "position: 2 blue w tiles on the board and the rondel, the set has 1"),
        (EMPTY.replace(" - ", " 1:b8 "), "position, workers: b8 is a free space; a worker stands on a tile"),
        ("Bn5/8/8/6/6/8/8/6 1:b8 Bne,Rc,Gs,Yew s:0;w:0;n:0;e:0 1",
         "position, workers: b8's arrow points n, not at player 1 (side s): a worker only goes onto a tile whose arrow points at its player"),
        ("6/8/8/6/6/8/8/6 1:q2;1:q2;1:q2;1:q2;1:q2;1:q2;1:q2;1:q2;1:q2 Bne,Rc,Gs,Yew s:0;w:0;n:0;e:0 1",
         "position, workers: player 1 has 9 workers out, but 4 players have 8 each"),
    ],
)
def test_each_mistake_in_a_position_is_named(text, message):
    with pytest.raises(BadState) as caught:
        notation.parse_position(SPEC, text)
    assert any(message in problem for problem in caught.value.problems), caught.value.problems


def test_workers_in_a_complete_quarter_went_home():
    """Egy negyed kiértékelése: a complete quarter was scored and its workers went home."""
    from test_maharani_support import filled, quarter

    tiles = filled(quarter(1), {"d7": "3"})
    with pytest.raises(BadState, match=r"d7: quarter 1 is complete, so it was scored and its workers went home"):
        position(tiles, {"d7": "3"})
    with pytest.raises(BadState, match=r"q1: quarter 1 is complete, so its workers set aside went home"):
        position(tiles, aside={"1": [1]})


def test_names_must_match_the_players_of_the_position():
    with pytest.raises(BadState, match=r"position: 4 players in the position, 2 in \[\[players\]\]"):
        notation.parse_position(SPEC, EMPTY, ["Anna", "Bence"])


def test_every_mistake_is_reported_at_once():
    text = "6/8/8/6/6/8/8/5Zn - Bne,Rc,Gs,Xew s:0;s:0 7"
    with pytest.raises(BadState) as caught:
        notation.parse_position(SPEC, text)
    assert len(caught.value.problems) == 4


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "a turn is r (refresh) or one or two placements"),
        ("r | Bn", "a refresh empties no slot of the rondel, so nothing is drawn"),
        ("5c4n", "'5c4n' is not a placement (slot 1-4, space, arrow n/e/s/w, then + (new worker), m (move one) or - (none)"),
        ("1c4x", "'1c4x' is not a placement"),
        ("1a1n", "'1a1n': a1 is not a space of the board"),
        ("1e3n 2c4n 3b6n", "3 placements: a turn places one tile or two"),
        ("1e3n | Bq", "drawn 'Bq': no tile kind has the column marks 'q'"),
    ],
)
def test_each_mistake_in_a_turn_is_named(text, message):
    with pytest.raises(IllegalMove) as caught:
        notation.parse_turn(SPEC, text)
    assert any(message in problem for problem in caught.value.problems), caught.value.problems


def test_a_turn_round_trips():
    turn = notation.parse_turn(SPEC, "2c4s+ 3f6n | Bne Yc")
    assert notation.format_turn(SPEC, turn, 4) == "2c4s+ 3f6n | Bne Yc"
    assert notation.format_turn(SPEC, notation.parse_turn(SPEC, "1d7sma 2b6n+b"), 2) == "1d7sma 2b6n+b"
    assert notation.format_turn(SPEC, notation.parse_turn(SPEC, "refresh"), 3) == "r"


VALID = "1BeGw3/8/2Bs5/6/6/8/8/6 1:d6 Bne,Rc,Gs,Yew s:3:2;w:1;n:0;e:2 2"


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_malformed_positions_get_bad_state_only(data):
    """Any edit of a valid position either still parses or is refused with BadState, one sentence
    per problem."""
    text = VALID
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(text)))
        kind = data.draw(st.sampled_from(["insert", "delete", "replace"]))
        char = data.draw(st.sampled_from(list("0123456789/:;,- nesw+BORGYPXcq\t\x00é")))
        if kind == "insert":
            text = text[:at] + char + text[at:]
        elif kind == "delete":
            text = text[:at] + text[at + 1 :]
        else:
            text = text[:at] + char + text[at + 1 :]
    try:
        pos = notation.parse_position(SPEC, text)
    except BadState as exc:
        assert exc.problems
        for problem in exc.problems:
            assert "\n" not in problem and 0 < len(problem) < 400
    else:
        assert isinstance(pos, Position)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=60))
def test_any_text_as_a_turn_gets_illegal_move_only(text):
    try:
        notation.parse_turn(SPEC, text)
    except BadInput as exc:
        assert all("\n" not in p for p in exc.problems)


@cache
def _game(seed: int) -> tuple:
    return states_of_a_game("maharani", seed, players=2)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_the_protocols_parse_of_any_text_is_an_action_or_a_clean_refusal(data):
    """``rules.parse`` on states a whole random game reaches, of any text or an event edited by a
    few characters: a legal action that round-trips, or BadInput; never another exception."""
    rules, states, events = _game(data.draw(st.integers(0, 1), label="game"))
    k = data.draw(st.integers(0, len(states) - 2), label="state")
    check_parse_refuses_cleanly(rules, states[k], event_like_text(data, events))
