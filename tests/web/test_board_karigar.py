"""Karigar-e-Taj on the phones' board (issue 44): the page's board reaches every legal event of
the player to act by taps (route test, Starlette's client), and a whole game played on three
phones by taps on the board alone, to the final score (Playwright in Debian's Chromium)."""

from __future__ import annotations

import random
import re
import time

import pytest
from phones import (SIZES, SMALL, phones_for, play_on_phones, record_events, tap_targets_too_small, too_wide,
                    wait_for_number)
from starlette.testclient import TestClient
from test_web_play import board_taps, leaves

from tajkit.cli.web.app import Companion, create_app
from tajkit.solver import games
from tajkit.solver.protocol import CHANCE, random_game, replay
from tajkit.solver.session import Session, read_record

KARIGAR = games.get("karigar")
SPEC = KARIGAR.load_spec()


def short_setup(seed: int, players: int) -> dict:
    """``random_game``'s setup made quick to play: each level's tile costs one wood and every
    player starts with enough wood for the whole Taj, so a turn may build (a game of about a
    dozen turns instead of a hundred)."""
    setup = random_game(KARIGAR.rules(SPEC), random.Random(seed), players).setup
    setup["level_tiles"] = [{"wood": 1} for _ in setup["level_tiles"]]
    for p in setup["players"]:
        p["resources"] = dict(p["resources"], wood=SPEC.sections)
    return setup


def test_the_page_board_reaches_every_legal_event_of_the_player_to_act(tmp_path):
    """On the phone of the player to act, at every event of a seeded random game: every legal
    event is one leaf of the tap tree (a tap path ends in exactly one event); each lit target
    starts a path and is said in words; a path starts at a lit target or at a button beside the
    board; a build asks first (rulebook: Building the Taj Mahal)."""
    rules = KARIGAR.rules(SPEC)
    record = random_game(rules, random.Random(4), 3)
    Session.start(KARIGAR, SPEC, tmp_path / "night.toml", record.setup)
    companion = Companion(folder=tmp_path, data=None, lan=False)
    web = TestClient(create_app(companion), follow_redirects=False)
    session = companion.session("night")
    phones = {}
    for k, name in enumerate(session.players()):
        phones[name] = TestClient(web.app, follow_redirects=False)
        phones[name].cookies.set("tajkit_seat_night", str(k))
        phones[name].cookies.set("tajkit_phone", f"phone-{k}")
    checked = 0
    for n, event in enumerate(record.events):
        who = session.to_act
        if who != CHANCE and n % 3 == 0:
            page = phones[who].get("/g/night").text
            targets, tree = board_taps(page)
            paths = leaves(tree)
            assert sorted(e for _, e in paths) == sorted(session.legal())
            assert len({taps for taps, _ in paths}) == len(paths)
            keys = {key for key, _ in targets}
            assert all(any(taps[0] == key for taps, _ in paths) for key in keys)
            assert all(taps[0] in keys or not re.fullmatch(r"(\d+[LR]|T\d|A\d|section \d+)", taps[0]) for taps, _ in paths)
            assert all(": " in label for _, label in targets)
            for taps, text in paths:
                node = tree
                for tap in taps:
                    node = node[tap]
                assert ("?" in node) == text.startswith("build "), text
            others = [p for name, p in phones.items() if name != who]
            assert '<div class="board"' not in others[0].get("/g/night").text  # only the acting phone plays
            checked += 1
        session.apply(event)
    assert checked > 30


@pytest.mark.slow
def test_a_whole_karigar_game_on_three_phones_by_taps_on_the_board(server, browser, tmp_path):
    """Issue 44: Karigar-e-Taj from a random setup (written with ``Session.start``) played to its
    final score on three phones (360 x 640 and 390 x 844) by taps on the board: the space, then
    who goes or what is done there, a Taj section to build (asked once more; the first asked is
    cancelled), "End the turn" and the shows at the end beside the board; the Bazaar cards the
    table draws tapped as their words (the colour, then what the card shows). Every page fits its phone, every button is a finger's size."""
    path = server.folder / "bazaar.toml"
    Session.start(KARIGAR, SPEC, path, short_setup(2, 3))
    names = list(Session.open(KARIGAR, SPEC, path).players())
    held, watching = phones_for(browser, server.base, "bazaar", names)
    shots = tmp_path / "shots"
    shots.mkdir(exist_ok=True)
    first = held[0]  # Asha, 360 x 640, is to act
    first.locator("#mine .board rect.target.next").first.wait_for()
    assert first.locator("#mine .board h2").inner_text().startswith("You: tap a Bazaar space")
    assert tap_targets_too_small(first) == [] and too_wide(first) == []
    first.screenshot(path=shots / "board-360.png", full_page=True)
    first.locator('#mine .board rect.target.next[data-tap="1L"]').click()
    first.locator("#mine .board-choices button.board-choice").first.wait_for()
    assert first.locator("#mine .board-path strong").inner_text().startswith("Card 1 earn side (1L)")
    assert tap_targets_too_small(first) == [] and too_wide(first) == []
    first.screenshot(path=shots / "board-360-tapped.png", full_page=True)
    first.locator("#mine .board-choices button.back").click()
    first.locator('#mine .board rect.target.next[data-tap="section 1"]').click()  # a build asks first
    asked = first.locator("#mine .board-choices p.confirm")
    assert re.fullmatch(r"Build section 1\? You pay 1 wood, and take the top Taj point token \(\d+ points\)\.", asked.inner_text())
    first.screenshot(path=shots / "build-asked-360.png", full_page=True)
    first.get_by_role("button", name="Cancel").click()
    assert record_events(path) == ()
    watching.locator("#mine .board rect.target.next").first.wait_for()  # a watching phone shows the board of the one to act
    assert watching.viewport_size == SIZES[1] and too_wide(watching) == []
    watching.screenshot(path=shots / "board-390-watching.png", full_page=True)

    started = time.monotonic()
    play_on_phones(held, watching, path, random.Random(11), names, shots)
    took = time.monotonic() - started
    final = record_events(path)
    replay(KARIGAR.rules(SPEC), read_record(path, "karigar"))
    for phone in held + [watching]:
        wait_for_number(phone, len(final))
    print(f"\nKarigar on three phones: {len(final)} events in {took:.0f} s")
    watching.screenshot(path=shots / "final-watching.png", full_page=True)
    small = held[0]
    small.set_viewport_size(SMALL)
    assert tap_targets_too_small(small) == []
    small.screenshot(path=shots / "final-360.png", full_page=True)
    assert too_wide(small) == [] and too_wide(watching) == []
    assert small.locator("#standings").get_by_text("The final score").is_visible()
    assert small.locator("#status").get_by_text("The game is over.").is_visible()
    built = [e for e in final if e.startswith("build ")]
    assert len(built) == SPEC.sections


@pytest.mark.slow
def test_the_end_is_shown_on_the_board_by_buttons_beside_it(server, browser, tmp_path):
    """Rulebook: Game End: each player in turn shows what is behind the screen; on the phone of
    the player showing, a value the table alone knows (the Blueprint's points) is two taps (its
    tens, then the points) after "Show your Blueprint's points", and is recorded in their name."""
    rules = KARIGAR.rules(SPEC)
    record = random_game(rules, random.Random(4), 3)
    path = server.folder / "end.toml"
    state, played = rules.start(record.setup), 0
    while state.phase != "reveal":
        state = rules.apply(state, rules.parse(state, record.events[played]))
        played += 1
    session = Session.start(KARIGAR, SPEC, path, record.setup)
    session.apply(*record.events[:played])  # recorded at once: the game up to its end
    who = session.to_act
    names = list(session.players())
    held, _ = phones_for(browser, server.base, "end", names)
    phone = held[names.index(who)]
    phone.set_viewport_size(SMALL)
    before = len(record_events(path))
    wait_for_number(phone, before)
    board = phone.locator("#mine .board")
    assert board.locator("h2").inner_text() == "You: show what is behind your screen"
    board.get_by_role("button", name="Show your Blueprint's points").click()
    board.get_by_role("button", name="10 to 19 points").click()
    assert tap_targets_too_small(phone) == [] and too_wide(phone) == []
    phone.screenshot(path=tmp_path / "end-360.png", full_page=True)
    board.get_by_role("button", name="12 points", exact=True).click()
    wait_for_number(phone, before + 1)
    assert record_events(path)[-1] == f"{who} blueprint 12"
