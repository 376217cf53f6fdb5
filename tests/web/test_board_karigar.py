"""Karigar-e-Taj on the phones' board (issue 44): the page's board reaches every legal event of
the player to act by taps (route test, Starlette's client), and a whole game dealt by "Deal for
us" from a group's copy (a made-up quick one), played on three phones by taps on the board alone
and ended with each player's form, to the final score (Playwright in Debian's Chromium)."""

from __future__ import annotations

import random
import re
import time
import tomllib
from pathlib import Path

import pytest
import tomli_w
from phones import (POLLED, SIZES, SMALL, check_fits, names_typed, phones_for, play_on_phones, record_events,
                    tap_targets_too_small, too_wide, wait_for_number)
from starlette.testclient import TestClient
from test_web_play import board_taps, leaves
from webserver import Server

from tajkit.cli.web.app import Companion, create_app
from tajkit.solver import games
from tajkit.solver.protocol import CHANCE, random_game, replay
from tajkit.solver.session import Session, read_record

KARIGAR = games.get("karigar")
SPEC = KARIGAR.load_spec()


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


COPY = Path(__file__).parents[1] / "data" / "karigar-copy" / "karigar.toml"
NAMES = ["Asha", "Babur", "Chen"]


def quick_copy(folder: Path) -> Path:
    """A MADE-UP copy for a short game, written as a group's ``karigar.toml`` (its ``--data``
    folder): the test copy's cards (tests/data/karigar-copy, themselves made up), but every Level
    tile costs one wood and every Starting Resource card adds 12 wood, so a turn may build and a
    game is about two dozen turns instead of a hundred. Not the real game's components: tajkit
    has never seen those (design principle 2)."""
    components = tomllib.loads(COPY.read_text())["components"]
    components["note"] = "made up for a short test game: every Level tile 1 wood, 12 wood to start"
    components["level_tiles"] = [["1 wood"] * len(tiles) for tiles in components["level_tiles"]]
    components["starting_resources"] = [f"12 wood+{card}" for card in components["starting_resources"]]
    folder.mkdir()
    (folder / "karigar.toml").write_text(tomli_w.dumps({"components": components}))
    return folder


@pytest.fixture
def quick_server(tmp_path):
    """``tajkit --data QUICK serve``: the companion deals from the made-up quick copy."""
    (tmp_path / "games").mkdir()
    started = Server(tmp_path / "games", data=quick_copy(tmp_path / "quick"))
    yield started
    started.stop()


def dealt_game(page, base: str, shots: Path) -> str:
    """The new-game page on a 360 px phone: the names typed, "Deal for us", the layout told, then
    started. Returns the game's name."""
    names_typed(page, base, "karigar", NAMES)
    page.get_by_role("button", name="Deal for us").tap()
    page.get_by_text("Dealt by tajkit").wait_for()
    dealt = page.locator(".dealt").inner_text()
    assert "Level 1: the Level tile 1 wood" in dealt and "Bazaar card 1:" in dealt
    assert all(f"{name} takes the Starting Resource card" in dealt for name in NAMES)
    page.screenshot(path=shots / "dealt-360.png", full_page=True)
    check_fits(page, "the dealt setup")
    page.get_by_role("button", name="Start the game").first.tap()
    page.wait_for_url("**/g/*")
    return page.url.rstrip("/").rsplit("/", 1)[1]


def at_the_end(session: Session) -> bool:
    """The Game End's form is offered: the players show what is behind their screens."""
    return session.play.event_form(session.state) is not None


def show_the_cards(phone, name: str, k: int) -> int:
    """Game End on ``name``'s phone: their form filled (a Blueprint's points and each Bakshish
    card's, by the number keys) and sent. Returns the fields filled."""
    form = phone.locator("#mine .event-form")
    form.wait_for(timeout=POLLED)
    fields = form.locator("input[type=text]")
    for n in range(fields.count()):
        fields.nth(n).fill("")
        fields.nth(n).click()
        phone.keyboard.type(str((n + k) % 4 + (3 if n == 0 else 0)))  # a Blueprint shows points: 3 to 6
    form.get_by_role("button", name=f"Show {name}'s cards").click()  # its events recorded together
    return fields.count()


@pytest.mark.slow
def test_a_dealt_karigar_game_on_three_phones_by_taps_on_the_board(quick_server, browser, tmp_path):
    """Issue 44: Karigar-e-Taj dealt by "Deal for us" on the new-game page (rulebook: Setting Up 3,
    4-5 and 9, from the group's copy: here a made-up quick one), then played to its final score on
    three phones (360 x 640 and 390 x 844) by taps on the board: the space, then who goes or what
    is done there, a Taj section to build (asked once more, rulebook: Building the Taj Mahal; the
    first asked is cancelled), "End the turn" beside the board; the Bazaar cards the table draws
    tapped as their words (the colour, then what the card shows); at the Game End (the last
    section built) each player's form on their own phone. The pages fit their phones and every
    button is a finger's size, checked at the deal, the first board, a tap, a question, a watching
    phone, the end's form and the final score."""
    server = quick_server
    shots = tmp_path / "shots"
    shots.mkdir()
    table = browser.new_context(viewport=SMALL, has_touch=True).new_page()
    name = dealt_game(table, server.base, shots)
    path = server.folder / f"{name}.toml"
    spec = KARIGAR.load_spec(tmp_path / "quick")
    setup = read_record(path, "karigar").setup
    assert [p["name"] for p in setup["players"]] == NAMES and len(setup["bazaar_deck"]) == 12
    held, watching = phones_for(browser, server.base, name, NAMES)
    first = held[0]  # Asha, 360 x 640, is to act
    first.locator("#mine .board rect.target.next").first.wait_for()
    assert first.locator("#mine .board h2").inner_text().startswith("You: tap a Bazaar space")
    assert tap_targets_too_small(first) == [] and too_wide(first) == []
    first.screenshot(path=shots / "board-360.png", full_page=True)
    spaces = [key for key, label in first.locator("#mine .board rect.target.next").evaluate_all(
        "rects => rects.map(r => [r.dataset.tap, r.getAttribute('aria-label')])")
        if re.fullmatch(r"\d+[LR]", key) and ", blue:" in label]  # a blue card: one worker or two may go
    first.locator(f'#mine .board rect.target.next[data-tap="{spaces[0]}"]').click()
    first.locator("#mine .board-choices button.board-choice").first.wait_for()
    tapped = first.locator("#mine .board-path strong").inner_text()
    assert re.match(rf"Card \d+ (earn|exchange) side \({spaces[0]}\)", tapped), tapped
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
    assert watching.viewport_size == SIZES[1] and too_wide(watching) == [] and tap_targets_too_small(watching) == []
    watching.screenshot(path=shots / "board-390-watching.png", full_page=True)

    started = time.monotonic()
    play_on_phones(held, watching, path, random.Random(11), NAMES, shots, until=at_the_end)
    played = record_events(path)
    assert len([e for e in played if e.startswith("build ")]) == SPEC.sections  # Game End: the last section built
    filled, showing = 0, []
    while True:  # Game End: each player in turn shows what is behind their screen, on their own phone
        session = Session.open(KARIGAR, spec, path)
        form = session.play.event_form(session.state)
        if form is None:
            break
        phone = held[NAMES.index(form.who)]
        wait_for_number(phone, len(session.events))
        if not showing:
            phone.locator("#mine .event-form").scroll_into_view_if_needed()
            phone.screenshot(path=shots / "end-form.png")
            check_fits(phone, "the end's form")
        filled += show_the_cards(phone, form.who, NAMES.index(form.who))
        phone.get_by_role("button", name=f"Show {form.who}'s cards").wait_for(state="detached", timeout=POLLED)
        showing.append(form.who)
    assert sorted(showing) == sorted(NAMES)
    took = time.monotonic() - started
    final = record_events(path)
    shown = final[len(played):]
    assert all(re.fullmatch(r"\w+ (blueprint|bonus|bakshish) \d+", e) for e in shown) and len(shown) >= 3
    assert sorted(e for e in shown if " blueprint " in e) == [f"{n} blueprint {3 + k % 4}" for k, n in enumerate(NAMES)]
    replay(KARIGAR.rules(spec), read_record(path, "karigar"))
    assert Session.open(KARIGAR, spec, path).over
    for phone in held + [watching]:
        wait_for_number(phone, len(final))
    print(f"\nKarigar dealt and played on three phones: {len(final)} events ({filled} fields in the end's forms) "
          f"in {took:.0f} s")
    watching.screenshot(path=shots / "final-watching.png", full_page=True)
    small = held[0]
    assert small.viewport_size == SMALL and tap_targets_too_small(small) == []
    small.screenshot(path=shots / "final-360.png", full_page=True)
    assert too_wide(small) == [] and too_wide(watching) == []
    assert small.locator("#standings").get_by_text("The final score").is_visible()
    assert small.locator("#status").get_by_text("The game is over.").is_visible()
    scored = Session.open(KARIGAR, spec, path).standings()
    totals = {row.locator("td").nth(1).inner_text().split("\n")[0]: int(row.locator("td").nth(2).inner_text())
              for row in watching.locator("#standings table.ranks tbody tr").all()}
    assert totals == {p.name: p.total for p in scored.players}


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
