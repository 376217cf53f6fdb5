"""Maharani played on the board in a real browser (issue 44): a game set up by "Deal for us" on the
new-game page, then played to its final score on three phones (360 x 640 and 390 x 844) by taps on
the board only: a tile on the rondel, a lit space of the palace, then how the tile lies with its
worker and gold; the refresh and the end of a turn are buttons beside the board; the tiles drawn
from the bag are the table's words (its colour, then its marks). Screenshots go to the test's folder (``shots/``)."""

from __future__ import annotations

import random
import re

import pytest
from phones import (POLLED, SMALL, latest_number, phones_for, record_events, tap_on_board, tap_targets_too_small,
                    too_wide, wait_for_number)

from tajkit.solver import games
from tajkit.solver.maharani.play import REFRESH
from tajkit.solver.protocol import CHANCE, replay
from tajkit.solver.session import Session, read_record

pytestmark = pytest.mark.slow  # a browser and a server; a whole game is about a hundred events

PLAYERS = ["Anna", "Bence", "Csilla"]
SPACE = re.compile(r"^[a-h][1-8] \(column [a-h], row [1-8]\)$")


def deal_a_game(page, base: str) -> str:
    """The new-game page: the names, "Deal for us", the layout read, then start. Returns the game's name."""
    page.goto(f"{base}/new/maharani")
    for k, name in enumerate(PLAYERS):
        page.fill(f"#name{k}", name)
    page.get_by_role("button", name="Deal for us").click()
    dealt = page.locator(".dealt")
    dealt.wait_for()
    assert "on the rondel" in dealt.inner_text() and "into the bag" in dealt.inner_text()
    rondel = [page.locator(f"#s_rondel_{k}").input_value() for k in range(4)]  # a picker per slot
    assert all(rondel) and page.locator("#q_rondel").input_value() == ""
    page.screenshot(path=page.shots / "dealt.png", full_page=True)
    assert tap_targets_too_small(page) == [] and too_wide(page) == []
    page.get_by_role("button", name="Start the game").first.click()
    page.wait_for_url(re.compile(r"/g/maharani-"))
    return page.url.rsplit("/", 1)[1]


def after_the_tap(page, number: int, shown: dict[str, str]) -> str:
    """Waits on the page itself until the taps so far played the event ("played": a later event
    number, or the board sending it) or show one of ``shown`` (a name: a CSS selector under the
    board). Returns what came."""
    found = page.wait_for_function("""([number, shown]) => {
        const n = document.querySelector('#status li.latest .number');
        if ((n ? parseInt(n.textContent) : 0) > number || document.querySelector('#mine .board .board-choices .sending'))
            return 'played';
        return Object.keys(shown).find(name => document.querySelector('#mine .board ' + shown[name])) || false;
    }""", arg=[number, shown], timeout=POLLED)
    return found.json_value()


def played_or_chosen(page, number: int) -> bool:
    """Waits until the taps so far played the event (True) or show what follows them (False)."""
    return after_the_tap(page, number, {"chosen": ".board-path"}) == "played"


def tap_a_turns_step(page, rng: random.Random, want: str, taken: list[str], shot=None) -> str:
    """One event of the player to act, by taps on their board: ``want`` a button beside it
    (refresh, end) when it is there, else a lit tile, a lit space, then one of the ways it lies.
    Every tap after the first lands on the board where the board has it. Returns the event."""
    number = latest_number(page)
    board = page.locator("#mine .board")
    tiles = board.locator("rect.target.next")
    beside = board.locator(".board-choices button.board-choice", has_text=want) if want else None
    if not tiles.count():  # no tile fits where its markers allow: the refresh is all there is
        beside = board.locator(".board-choices button.board-choice")
        assert beside.all_inner_texts() == [REFRESH]
        want = REFRESH.split(":")[0]
    if beside is not None and beside.count():
        taken.append(want)
        beside.first.click()
    else:
        tiles.nth(rng.randrange(tiles.count())).click()
        taken.append("tile")
        spaces = board.locator("rect.target.next")
        if not played_or_chosen(page, number):  # the tile's spaces lit (else played at once: one way only)
            keys = [spaces.nth(k).get_attribute("data-tap") for k in range(spaces.count())]
            assert all(SPACE.match(key) for key in keys), keys  # after a tile: only its spaces are lit
            said = board.locator(".tapped-words").inner_text()  # the tile's words: where it goes free, where it costs
            assert re.search(r"free into quarter \d", said) and "action marker" in said, said
            if shot is not None:  # the tile chosen, its spaces lit on the board
                assert tap_targets_too_small(page) == [] and too_wide(page) == []  # (the picture loaded)
                page.screenshot(path=shot, full_page=True)
            if keys:  # (none lit: the tile goes to one space only, passed through to how it lies)
                spaces.nth(rng.randrange(len(keys))).click()
    ways = ".board-path ~ .choices button.board-choice"  # what follows the taps so far
    came = after_the_tap(page, number, {"asked": ".board-choices p.confirm", "ways": ways})
    if came == "played":
        return "played"  # the last tap played it (one way only: no more to ask)
    if came == "asked":
        taken.append("confirmed")
        board.locator(".board-choices button", has_text="Yes: ").click()
        return "confirmed"
    texts = board.locator(ways).all_inner_texts()
    assert all(" gold" in t for t in texts), texts  # each way says the gold it earns
    board.locator(ways).nth(rng.randrange(len(texts))).click()
    return texts[0]


def test_a_whole_maharani_game_dealt_and_played_on_the_board_by_three_phones(server, browser, tmp_path):
    """Issue 44: a dealt setup (Előkészületek 3.-4.: the bag, four tiles onto the rondel), then the
    whole game on three phones by taps on the board; each event is legal, the final standings are
    the scorer's, and every page fits a phone with targets of 44 px or more."""
    maharani = games.get("maharani")
    spec = maharani.load_spec()
    shots = tmp_path / "shots"
    shots.mkdir()
    host = browser.new_context(viewport=SMALL).new_page()
    host.shots = shots
    name = deal_a_game(host, server.base)
    path = server.folder / f"{name}.toml"
    held, watching = phones_for(browser, server.base, name, PLAYERS)
    by_name = dict(zip(PLAYERS, held))
    rng = random.Random(11)
    taken: list[str] = []
    last = held[0]
    shot = 0
    while True:
        events = record_events(path)
        session = Session.open(maharani, spec, path)
        who = session.to_act
        if who is None:
            break
        if who == CHANCE:  # the tile drawn from the bag: its colour, then its marks, in words on the phone that played
            phone = last
            wait_for_number(phone, len(events))
            try:
                tap_on_board(phone, rng)
            except Exception:
                phone.screenshot(path=shots / "stuck.png", full_page=True)
                raise
        else:
            phone = by_name[who]
            wait_for_number(phone, len(events))
            assert phone.locator("#mine .board").count() == 1, "the player to act has no board"
            if shot < 3 and len(events) > 6 * shot:  # the board at both sizes, at the start and mid-turn
                assert tap_targets_too_small(phone) == [] and too_wide(phone) == []  # (the picture loaded)
                phone.screenshot(path=shots / f"board-{shot}-{who}.png", full_page=True)
                shot += 1
            want = "Refresh" if "Refresh" not in taken and len(events) > 20 else (
                "End the turn" if "End the turn" not in taken or rng.random() < 0.3 else "")
            try:
                tapped = shots / f"tile-tapped-{who}.png" if taken.count("tile") in (2, 3) else None
                tap_a_turns_step(phone, rng, want, taken, tapped)
            except Exception:
                phone.screenshot(path=shots / "stuck.png", full_page=True)
                (shots / "stuck.html").write_text(phone.content())
                raise
            last = phone
        wait_for_number(phone, len(events) + 1)
        assert record_events(path)[: len(events)] == events
    final = record_events(path)
    replay(maharani.rules(spec), read_record(path, "maharani"))  # every event legal, replayed
    assert {"tile", "Refresh", "End the turn"} <= set(taken)
    for phone in held + [watching]:
        wait_for_number(phone, len(final))
    scored = Session.open(maharani, spec, path).standings()
    totals = {row.locator("td").nth(1).inner_text().split("\n")[0]: int(row.locator("td").nth(2).inner_text())
              for row in watching.locator("#standings table.ranks tbody tr").all()}
    assert totals == {p.name: p.total for p in scored.players}
    small = held[0]  # 360 px wide
    assert small.locator("#standings").get_by_text("The final score").is_visible()
    assert tap_targets_too_small(small) == [] and too_wide(small) == [] and too_wide(held[1]) == []
    small.screenshot(path=shots / "final-360.png", full_page=True)
    held[1].screenshot(path=shots / "final-390.png", full_page=True)
