"""What only the asking player has seen, picked on the phone instead of typed in the notation
(issue 44: "no typing, no notation button"): TAJ's secret goal card is a colour picked for each
mark, x2, x1 and x-1 (Setup: goal cards are kept hidden; Scoring: the marks in that order), and a
Taj Mahal hand is a count per kind of card still open (rulebook: the hand is the player's own).
Each is posted as the words a terminal reads, so the hint is the one the typed answer gets, and a
wrong pick is refused in words. Through Starlette's test client."""

from __future__ import annotations

import random
import re
from collections import Counter
from html import unescape

from test_web_play import client, post, seat

from tajkit.solver import games
from tajkit.solver.protocol import CHANCE, random_game
from tajkit.solver.session import Session


HIDDEN = {"taj": "goals", "tajmahal": "draws"}  # what a random game deals openly and a table keeps secret


def asked_at(tmp_path, game: str, key: str, seed: int = 2):
    """A game in play as a table plays it (its secrets left out of the setup) where the player to
    act is asked ``key`` for a hint: the session, and the seat."""
    info = games.get(game)
    spec = info.load_spec()
    record = random_game(info.rules(spec), random.Random(seed), 3)
    setup = {k: v for k, v in record.setup.items() if k != HIDDEN[game]}
    session = Session.start(info, spec, tmp_path / "night.toml", setup)
    for event in record.events:
        who = session.to_act
        if who not in (None, CHANCE) and any(q.key == key for q in session.hint_questions(who)):
            return session, session.players().index(who)
        session.apply(event)
    raise AssertionError(f"no {key} asked in seed {seed}")


def best_move(page: str) -> str:
    found = re.search(r"take 1:[^<]*", unescape(page))
    assert found, unescape(page)[-1500:]
    return found.group(0)


def test_a_taj_goal_card_picked_mark_by_mark_gets_the_hint_the_typed_one_gets(tmp_path):
    session, k = asked_at(tmp_path, "taj", "goal")
    web, companion = client(tmp_path)
    phone = seat(web, k)
    page = unescape(phone.get("/g/night").text)
    assert '<label for="s_goal_0">x2</label>' in page and '<label for="s_goal_2">x-1</label>' in page
    assert '<option value="pink">pink (P)</option>' in page  # a colour by its name and letter
    picked = post(phone, companion, "/g/night/hint", s_goal_0="pink", s_goal_1="green", s_goal_2="blue")
    assert picked.status_code == 200
    typed = post(phone, companion, "/g/night/hint", q_goal="pink green blue")
    assert best_move(picked.text) == best_move(typed.text)
    twice = post(phone, companion, "/g/night/hint", s_goal_0="pink", s_goal_1="pink", s_goal_2="blue")
    assert twice.status_code == 422 and "a goal card names 3 different colours (rulebook: Scoring)" in unescape(twice.text)
    short = post(phone, companion, "/g/night/hint", s_goal_0="pink")
    assert short.status_code == 422 and "a goal card has 3 colours, marked x2, x1, x-1" in unescape(short.text)


def test_a_taj_mahal_hand_counted_by_kind_gets_the_hint_the_typed_one_gets(tmp_path):
    session, k = asked_at(tmp_path, "tajmahal", "hand")
    (question,) = session.hint_questions(session.players()[k])
    web, companion = client(tmp_path)
    phone = seat(web, k)
    page = unescape(phone.get("/g/night").text)
    assert all(f'<label for="n_hand_{n}">{kind.label or kind.text}</label>' in page for n, kind in enumerate(question.counts))
    left, count = session.play.rules.open_cards(session.state, k)
    from tajkit.solver.tajmahal.play import card_text

    hand = [card_text(c) for c in left][:count]
    counts = Counter(hand)
    fields = {f"n_hand_{n}": str(counts[kind.text]) for n, kind in enumerate(question.counts) if counts[kind.text]}
    picked = post(phone, companion, "/g/night/hint", **fields)
    assert picked.status_code == 200, unescape(picked.text)[-800:]
    typed = post(phone, companion, "/g/night/hint", q_hand=" ".join(hand))
    assert best_move(picked.text) == best_move(typed.text)
    bad = post(phone, companion, "/g/night/hint", n_hand_0="x")
    assert bad.status_code == 422 and '"x" is no count' in unescape(bad.text)


def test_a_watching_phone_never_asks_a_secret(tmp_path):
    """Setup: goal cards are kept hidden throughout the game: a phone the table shares (watching)
    offers no hint that asks for one; the player's own phone does."""
    session, k = asked_at(tmp_path, "taj", "goal")
    web, _ = client(tmp_path)
    assert "your secret goal card" not in web.get("/g/night").text
    assert "your secret goal card" in seat(web, k).get("/g/night").text
