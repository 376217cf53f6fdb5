"""Hostile input against the companion's routes (issue 40), through Starlette's test client (which
raises any 500 in the test) and the real server: every number a form or an address carries, with
a digit other than 0-9 or too many digits, is a 4xx in words; a folder holding a link to nothing
still has a home page; a client that sends less than its Content-Length leaves no traceback."""

from __future__ import annotations

import re
import socket
import time
import tomllib
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_numbers import FOREIGN
from test_web_pages import client, post, typed_as_a_person
from test_web_play import post as tap  # a phone's form, sent by htmx: the page's parts come back
from test_web_play import seeded
from webserver import Server

from tajkit.solver import games
from tajkit.solver.numbers import MAX_DIGITS
from tajkit.solver.session import read_record

DATA = Path(__file__).parent.parent / "data"
SOME = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

# a number as a hostile phone sends it: a digit other than 0-9 among 0-9, or too many digits
hostile_number = (st.builds(lambda a, ch, b: a + ch + b, st.text("0123456789", max_size=3), st.sampled_from(FOREIGN),
                            st.text("0123456789", max_size=3))
                  | st.integers(MAX_DIGITS + 1, 6000).map(lambda n: "9" * n))
any_number = hostile_number | st.sampled_from(["", " ", "abc", "1.5", "-1", "0", "99999999999999999999999"])


def says_why(answer) -> None:  # noqa: ANN001
    """A 4xx whose page says what is wrong (never a 500: the test client would raise it)."""
    assert 400 <= answer.status_code < 500, (answer.status_code, answer.text[-500:])
    assert "Internal Server Error" not in answer.text


@SOME
@given(field=st.sampled_from(["count", "players"]), number=any_number, game=st.sampled_from(sorted(games.GAMES)))
def test_a_printouts_numbers_are_read_by_the_rule(tmp_path_factory, field, number, game):
    web, _ = client(tmp_path_factory.mktemp("print"))
    answer = web.get(f"/print/{game}/pdf", params={field: number})
    if not number.strip():  # the default
        assert answer.status_code in (200, 422)
        return
    says_why(answer)
    assert f"{field}: " in answer.text


@SOME
@given(number=any_number)
def test_the_player_count_of_the_score_form_is_read_by_the_rule(tmp_path_factory, number):
    web, companion = client(tmp_path_factory.mktemp("score"))
    says_why(post(web, companion, "/score/taj", players=number))


SCORING = [g for g in games.GAMES if games.get(g).scores]


@pytest.mark.parametrize("game", SCORING)
@SOME
@given(data=st.data())
def test_every_number_typed_into_the_score_form_is_read_by_the_rule(tmp_path_factory, game, data):
    """A field of a typed-in table whose value holds a number, with one of its digits replaced by
    a digit other than 0-9 (named) or by too many digits: the form comes back in words (422)."""
    typed = typed_as_a_person(game, tomllib.loads((DATA / f"{game}-example.toml").read_text()))
    numeric = sorted(key for key, text in typed.items() if any(ch.isdigit() for ch in text))
    key = data.draw(st.sampled_from(numeric), label="field")
    text = typed[key]
    at = data.draw(st.sampled_from([k for k, ch in enumerate(text) if ch.isdigit()]), label="digit")
    number = data.draw(hostile_number, label="number")
    bad = text[:at] + number + text[at + 1:]
    web, companion = client(tmp_path_factory.mktemp("typed"))
    players = str(sum(1 for k in typed if k.endswith("_name")))
    answer = post(web, companion, f"/score/{game}", players=players, **{**typed, key: bad})
    says_why(answer)
    if not number.isascii():
        assert "is not a digit 0-9" in answer.text


@SOME
@given(number=any_number, page=st.sampled_from(["", "/bgstats.png"]))
def test_a_plays_address_is_read_by_the_rule(tmp_path_factory, number, page):
    """Starlette's int converter passed 5,000 digits to int() (a 500): the address's number is a 404."""
    web, _ = client(tmp_path_factory.mktemp("history"))
    if not number.strip() or "/" in number:
        return
    answer = web.get(f"/history/{urllib.parse.quote(number)}{page}")
    assert answer.status_code == 404, answer.status_code


@SOME
@given(data=st.data())
def test_an_event_posted_with_a_digit_other_than_0_9_is_refused_by_name(tmp_path_factory, data):
    """The event form goes through the session's gate: a phone's keyboard may type '²' or '١'."""
    game = data.draw(st.sampled_from(sorted(g for g in games.GAMES if games.get(g).plays)), label="game")
    folder = tmp_path_factory.mktemp("event")
    record = seeded(folder, game)
    web, companion = client(folder)
    ch = data.draw(st.sampled_from(FOREIGN), label="digit")
    answer = tap(web, companion, "/g/night/event", event=f"{record.events[0]} {ch}")
    says_why(answer)
    assert "is not a digit 0-9" in answer.text


@pytest.mark.parametrize("number", ["²", "①", "١", "9" * 5000, "abc", "1.5", " "])
def test_fix_reads_its_number_by_the_rule(tmp_path, number):
    """POST /g/NAME/fix answered 500 for number=², ① or 5,000 digits."""
    record = seeded(tmp_path)
    web, companion = client(tmp_path)
    assert tap(web, companion, "/g/night/event", event=record.events[0]).status_code == 200
    says_why(tap(web, companion, "/g/night/fix", number=number, event=record.events[0]))


def test_take_reads_its_number_by_the_rule(tmp_path):
    """POST /g/NAME/take answered 500 for n=abc, ², 1.5 or a space after a hint."""
    record = seeded(tmp_path)
    web, companion = client(tmp_path)
    assert tap(web, companion, "/g/night/event", event=record.events[0]).status_code == 200  # the roll
    assert tap(web, companion, "/g/night/hint").status_code == 200
    for number in ("abc", "²", "١", "1.5", "9" * 5000, " ", "0"):
        says_why(tap(web, companion, "/g/night/take", n=number))
    assert read_record(tmp_path / "night.toml", "artisans").events == record.events[:1]


@pytest.mark.parametrize("length", ["²", "-5", "9" * 5000, "1e3"])
def test_a_content_length_that_is_no_number_is_refused(tmp_path, length):
    web, _ = client(tmp_path)
    answer = web.get("/", headers={"content-length": length.encode("latin-1", "replace")})
    assert answer.status_code == 413


def test_the_home_page_stands_beside_a_link_to_nothing_and_lists_a_linked_record(tmp_path):
    """GET / answered 500 as long as the folder held a dangling x.toml symlink."""
    seeded(tmp_path, name="night")
    (tmp_path / "x.toml").symlink_to(tmp_path / "nowhere.toml")
    (tmp_path / "linked.toml").symlink_to(tmp_path / "night.toml")
    web, _ = client(tmp_path)
    page = web.get("/")
    assert page.status_code == 200
    assert 'href="/g/night"' in page.text and 'href="/g/linked"' in page.text and 'href="/g/x"' not in page.text


def test_an_event_through_a_linked_record_is_refused_in_words_and_the_record_kept(tmp_path):
    """The companion never writes through a link (it could lead out of its folder): refused by name."""
    record = seeded(tmp_path, name="night")
    (tmp_path / "linked.toml").symlink_to(tmp_path / "night.toml")
    before = (tmp_path / "night.toml").read_bytes()
    web, companion = client(tmp_path)
    answer = tap(web, companion, "/g/linked/event", event=record.events[0])
    says_why(answer)
    assert "is a symbolic link" in answer.text
    assert (tmp_path / "night.toml").read_bytes() == before and (tmp_path / "linked.toml").is_symlink()


def test_a_client_sending_less_than_its_content_length_leaves_no_traceback(tmp_path):
    """The real server: each POST route's form cut short (the client closes the connection) is
    answered or dropped without a traceback in the server's log, and the server answers afterwards."""
    seeded(tmp_path)
    server = Server(tmp_path)
    try:
        address = urllib.parse.urlparse(server.url)
        for path in ("/new/artisans", "/score/taj", "/score/taj/keep", "/g/night/event", "/g/night/undo"):
            with socket.create_connection((address.hostname, address.port), timeout=30) as short:
                short.sendall(f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                              "Content-Length: 500\r\n\r\ntoken=x&event=roll".encode())
                time.sleep(0.2)
        with urllib.request.urlopen(server.url, timeout=60) as answer:
            assert answer.status == 200
    finally:
        server.stop()
    log = server.proc.stderr.read()
    assert "Traceback" not in log and "ClientDisconnect" not in log, log[-3000:]


@SOME
@given(game=st.sampled_from(sorted(games.GAMES)), names=st.lists(st.text(max_size=40), max_size=7),
       deal=st.booleans(), asked=st.booleans(), answer=st.text(max_size=60))
def test_a_new_game_form_with_any_names_and_any_answer_is_a_page_or_a_refusal_in_words(
        tmp_path_factory, game, names, deal, asked, answer):
    """Issue 44's "Deal for us" and the setup's fields: any names (empty, repeated, control
    characters, 40 characters of anything), dealt or not, any text in every setup field: a page
    (200), a game made (303), or a 4xx saying why; never a 500."""
    web, companion = client(tmp_path_factory.mktemp("new"))
    fields = {f"name{k}": n for k, n in enumerate(names)}
    if deal:
        fields["deal"] = "1"
    if asked:
        fields["asked"] = "1"
        page = tap(web, companion, f"/new/{game}", **fields)
        fields |= {key: answer for key in set(re.findall(r'name="(q_[^"]+)"', page.text))}
    made = tap(web, companion, f"/new/{game}", **fields)
    assert made.status_code in (200, 303) or 400 <= made.status_code < 500, made.text[-500:]
    assert "Internal Server Error" not in made.text


def test_keeping_a_game_not_over_in_the_play_log_is_refused_in_words(tmp_path):
    """The end's "Save to the play log" (issue 44) posted while the game is in play: refused, why said."""
    seeded(tmp_path)
    web, companion = client(tmp_path)
    answer = tap(web, companion, "/g/night/keep")
    says_why(answer)
    assert "the game is not over yet" in answer.text
