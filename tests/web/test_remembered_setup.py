"""A table's copy is the same box game after game: what it told the new-game form about its
components (``Question.remembered``: Taj Mahal's cards of a colour, hand size and bonus tiles,
which the rulebook leaves to the components: Components, Setup 6) is offered again at its next game in the same
folder, as counted before and still editable, with the same players; what is drawn anew each game
(who starts, Setup 7) is not. Through Starlette's test client."""

from __future__ import annotations

import re
from html import unescape

from test_setup_picks import DECK, NAMES, counted, made_setup
from test_web_play import client, post, setup_fields

from tajkit.cli.web.remembered import FILE


def started(web, companion, **answers):
    return post(web, companion, "/new/tajmahal", asked="1", **NAMES, **answers)


def test_the_last_games_deck_and_hand_size_are_offered_again_and_the_start_player_is_not(tmp_path):
    web, companion = client(tmp_path)
    first = post(web, companion, "/new/tajmahal", **NAMES)
    assert 'id="remembered"' not in first.text  # nothing told yet: nothing offered
    made = started(web, companion, q_bonus_tiles="default", q_hand_size="5", q_start="Chen", **counted(DECK))
    assert made_setup(tmp_path, "tajmahal", made)["hand_size"] == 5
    again = post(web, companion, "/new/tajmahal", **NAMES)
    fields = setup_fields(again.text)
    assert {k: v for k, v in fields.items() if k.startswith("n_deck_") and v} == counted(DECK)  # as counted before
    assert fields["q_hand_size"] == "5" and fields["q_start"] == ""  # who starts is drawn anew (Setup 7)
    assert ("As in your last game here: the 30 cards of a player's colour; the bonus tiles of provinces 1-12; "
            "the hand size") in unescape(again.text)
    changed = started(web, companion, q_bonus_tiles="default", q_hand_size="6", q_start="", **counted(DECK))
    assert made_setup(tmp_path, "tajmahal", changed)["hand_size"] == 6
    assert setup_fields(post(web, companion, "/new/tajmahal", **NAMES).text)["q_hand_size"] == "6"  # the latest kept
    assert [name for name, _ in companion.records()] and not any(name.startswith(".") for name, _ in companion.records())
    assert 'id="remembered"' not in post(web, companion, "/new/taj", **NAMES).text  # another game keeps its own
    names = re.findall(r'id="name\d" name="name\d" value="([^"]*)"', web.get("/new/tajmahal").text)
    assert names == ["Asha", "Babur", "Chen", ""]  # the same group, in its seats, and a seat free
    assert re.findall(r'id="name\d" name="name\d" value="([^"]*)"', web.get("/new/maharani").text) == ["", "", "", ""]


def test_a_refused_start_keeps_nothing_and_a_broken_note_is_passed_over(tmp_path):
    web, companion = client(tmp_path)
    refused = started(web, companion, q_bonus_tiles="default", q_hand_size="99", **counted(DECK))
    assert refused.status_code == 422 and not (tmp_path / FILE).exists()
    (tmp_path / FILE).write_bytes(b"\xff[tajmahal\n")  # tajkit's own note, broken: the form asks as if new
    page = post(web, companion, "/new/tajmahal", **NAMES)
    assert page.status_code == 200 and setup_fields(page.text)["q_hand_size"] == ""
    made = started(web, companion, q_bonus_tiles="default", q_hand_size="4", **counted(DECK))
    assert made.status_code == 303  # and the note is written whole again
    assert setup_fields(post(web, companion, "/new/tajmahal", **NAMES).text)["q_hand_size"] == "4"
