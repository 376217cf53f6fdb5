"""The web companion in a real browser at phone sizes (issues 27 and 39): whole games played by
three phones, each held by a player, with a fourth that only watches; a reload after every kind of
tap; a group kept open while another phone plays; the final score read on a 360 px phone; every
tap target at least 44 px. Screenshots of each page go to the test's folder (``shots/``)."""

from __future__ import annotations

import re

import pytest
from phones import (SMALL, phones_for, play_on_phones, record_events, tap_on_board, tap_targets_too_small, too_wide,
                    wait_for_number)

from tajkit.solver import games
from tajkit.solver.protocol import random_game, replay
from tajkit.solver.session import Session, read_record


pytestmark = pytest.mark.slow  # a browser and a server each; about half a minute in all


def test_a_whole_artisans_game_on_three_phones_and_one_that_watches(server, browser, tmp_path):
    """Issue 39: three phones, each a seat, write the table's rolls and their own uses of each
    roll; a phone that only watches is current at the end (its event list and standings); a group
    kept open stays open while another phone plays; the final score fits a 360 px phone."""
    import random

    artisans = games.get("artisans")
    players = ["Asha", "Babur", "Chen"]
    path = server.folder / "evening.toml"
    Session.start(artisans, artisans.load_spec(), path,
                  {"players": [{"name": "Asha", "age": 30}, {"name": "Babur", "age": 41}, {"name": "Chen"}]})
    held, watching = phones_for(browser, server.base, "evening", players)
    shots = tmp_path / "shots"
    shots.mkdir(exist_ok=True)
    held[0].screenshot(path=shots / "seat.png", full_page=True)

    held[1].get_by_role("button", name="roll 3 5").click()  # the table's roll, from any phone
    wait_for_number(held[1], 1)
    for phone in held:
        wait_for_number(phone, 1)
    # Chen's taps so far and the list he opened stay while Asha plays and the poll swaps the page
    chen = held[2]
    chen.locator("#mine .board rect.target.next").first.click()
    chosen = chen.locator("#mine .board-path strong").inner_text()
    chen.locator("#mine details[data-keep=lists] > summary").click()
    chen.locator("#mine details > summary", has_text="dome").first.click()
    chen.locator("#mine details[open] .items button").first.wait_for()
    opened = chen.locator("#mine details[open] details[open]").first.get_attribute("data-keep")
    tap_on_board(held[0], random.Random(1))
    wait_for_number(chen, 2)
    assert chen.locator(f'#mine details[data-keep="{opened}"]').evaluate("d => d.open")
    assert chen.locator("#mine .board-path strong").inner_text() == chosen
    assert tap_targets_too_small(chen) == []
    chen.screenshot(path=shots / "kept-open.png", full_page=True)
    chen.locator("#mine details[data-keep=lists] > summary").click()  # closed again: the board plays

    play_on_phones(held, watching, path, random.Random(7), players, shots, prefer="nothing")
    final = record_events(path)
    for phone in held + [watching]:
        wait_for_number(phone, len(final))
    watching.locator("#log summary").click()
    watching.locator("#log ol.log li").nth(len(final) - 1).wait_for()
    assert watching.locator("#log ol.log > li").count() == len(final)
    totals = {row.locator("td").nth(1).inner_text(): int(row.locator("td").nth(2).inner_text())
              for row in watching.locator("#standings table.ranks tbody tr").all()}
    scored = Session.open(artisans, artisans.load_spec(), path).standings()
    assert {name.split("\n")[0]: total for name, total in totals.items()} == {p.name: p.total for p in scored.players}
    small = held[0]
    small.set_viewport_size(SMALL)
    assert tap_targets_too_small(small) == []  # (and every picture drawn)
    small.screenshot(path=shots / "final-360.png", full_page=True)
    assert too_wide(small) == []
    assert small.locator("#standings").get_by_text("The final score").is_visible()
    assert small.locator("#status").get_by_text("The game is over.").is_visible()
    # issue 44: the end on the board: the winner in words above the table, each breakdown one tap
    # away, and the play log and BG Stats right there
    winner = scored.players[0].name
    assert small.locator("#standings .winner-words").inner_text().startswith(winner)
    assert small.locator("#standings").bounding_box()["y"] < small.locator("#board").bounding_box()["y"]
    small.locator("#standings .each-player summary").first.click()
    assert small.locator("#standings .each-player table.score").first.is_visible()
    assert small.get_by_role("link", name="Share to BG Stats").is_visible()
    assert tap_targets_too_small(small) == [] and too_wide(small) == []
    small.screenshot(path=shots / "final-breakdown-360.png", full_page=True)


def test_a_whole_taj_game_on_three_phones(server, browser, tmp_path):
    """Issue 39: TAJ played to its end by taps on three phones, each a seat (proposals, votes,
    what the table reveals), with a reload after every kind of tap; no event is recorded twice and
    the final score fits a 360 px phone."""
    import random

    taj = games.get("taj")
    record = random_game(taj.rules(taj.load_spec()), random.Random(3), 3)  # a dealt display and goals
    path = server.folder / "rugs.toml"
    Session.start(taj, taj.load_spec(), path, record.setup)
    names = list(Session.open(taj, taj.load_spec(), path).players())
    held, watching = phones_for(browser, server.base, "rugs", names)
    shots = tmp_path / "shots"
    shots.mkdir(exist_ok=True)
    play_on_phones(held, watching, path, random.Random(5), names, shots)
    final = record_events(path)
    replay(taj.rules(taj.load_spec()), read_record(path, "taj"))
    for phone in held + [watching]:
        wait_for_number(phone, len(final))
    watching.screenshot(path=shots / "taj-final-watching.png", full_page=True)
    small = held[0]  # 360 px wide
    assert tap_targets_too_small(small) == []
    small.screenshot(path=shots / "taj-final-360.png", full_page=True)
    assert too_wide(small) == [] and too_wide(watching) == []
    assert small.locator("#standings").get_by_text("The final score").is_visible()


def test_a_taj_table_scored_through_the_form_with_one_mistake_corrected(server, phone):
    """Issue 27: a finished TAJ table typed into the phone's form, a mistake shown beside its
    field with every other value kept, corrected, and the result: each player's breakdown."""
    page = phone
    page.goto(f"{server.base}/score/taj?players=2")
    page.locator("[name=t_display]").fill("pink green blue\nblue orange yellow\ngreen yellow pink\n"
                                          "orange pink green\nyellow blue orange\ngreen blue pink")
    page.locator("[name=t_taj]").fill("2")
    page.locator("[name=t_plus_one]").fill("rigth")  # the mistake
    page.locator("[name=p0_name]").fill("Asha")
    page.locator("[name=p0_goal]").fill("orange blue green")
    page.locator("[name=p1_name]").fill("Ben")
    page.locator("[name=p1_goal]").fill("pink yellow orange")
    page.locator("form button[type=submit]").last.click()
    page.locator(".field-problem").first.wait_for()
    page.screenshot(path=page.shots / "score-mistake.png", full_page=True)
    assert page.locator("[name=p0_goal]").input_value() == "orange blue green"  # nothing lost
    assert page.locator("[name=t_plus_one]").input_value() == "rigth"
    page.locator("[name=t_plus_one]").fill("right")
    page.locator("form button[type=submit]").last.click()
    page.get_by_text("Ranking").first.wait_for()
    page.screenshot(path=page.shots / "score-result.png", full_page=True)
    assert "Asha" in page.content() and "Ben" in page.content()
    assert tap_targets_too_small(page) == []


def test_a_position_keeps_a_boards_columns_and_wraps_words_on_a_phone(server, phone):
    """The position as text on a phone: Maharani's board rows keep their columns, each on one
    line, and Artisans' lines of words wrap; the page itself is never wider than the phone (a wide
    row scrolls inside its box)."""
    maharani, artisans = games.get("maharani"), games.get("artisans")
    Session.start(maharani, maharani.load_spec(), server.folder / "mosaic.toml",
                  {"rondel": ["Yew", "Gc", "Yc", "Bew"], "players": [{"name": "Anna"}, {"name": "Bence"}]})
    Session.start(artisans, artisans.load_spec(), server.folder / "evening.toml",
                  {"players": [{"name": "Asha"}, {"name": "Babur"}]}).apply("roll 4 6", "dome middle 4")
    page = phone
    page.goto(f"{server.base}/g/mosaic")
    page.locator("summary", has_text="The position").click()
    line = page.locator("pre.text span").first.evaluate("e => parseFloat(getComputedStyle(e).lineHeight)")
    board = [r for r in page.locator("pre.text span.columns").all() if r.inner_text().strip()[:2] in ("8 ", "1 ")]
    assert len(board) == 2
    assert all(r.bounding_box()["height"] <= line * 1.5 for r in board)  # one line each
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=page.shots / "maharani.png", full_page=True)

    page.goto(f"{server.base}/g/evening")
    page.locator("summary", has_text="The position").click()
    words = page.locator("pre.text span.words").filter(has_text="raindrops used").first
    assert words.bounding_box()["height"] > line * 1.5  # wrapped, not cut
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=page.shots / "artisans.png", full_page=True)




def test_the_virtual_dice_and_a_costly_use_asked_once_cancelled_then_played(server, browser, tmp_path):
    """Issue 44 on two phones: "Roll the dice for the table" (Artisans, Setting Up: "a pair of
    virtual dice") on one phone, the same roll told on both; then on the board, a use of the roll
    that marks 3 raindrops or more asks first: cancelled, nothing is recorded; asked again and
    confirmed, it is recorded in its player's name with its raindrops."""
    artisans = games.get("artisans")
    path = server.folder / "evening.toml"
    Session.start(artisans, artisans.load_spec(), path, {"players": [{"name": "Asha"}, {"name": "Babur"}]})
    (asha, babur), _ = phones_for(browser, server.base, "evening", ["Asha", "Babur"])
    shots = tmp_path / "shots"
    shots.mkdir(exist_ok=True)
    babur.get_by_role("button", name="Roll the dice for the table").click()
    for phone in (asha, babur):
        wait_for_number(phone, 1)
    (rolled,) = record_events(path)
    for phone in (asha, babur):
        assert phone.locator("#status li.latest").inner_text().count(rolled.split(": ")[-1]) == 1
    asha.set_viewport_size(SMALL)

    def costly_use():
        asha.locator('#mine .board rect.target.next[data-tap="waterway"]').click()
        boxes = asha.locator("#mine .board-choices button.board-choice")
        boxes.first.wait_for()
        boxes.first.click()
        values = asha.locator("#mine .board-choices button.board-choice")
        dear = [k for k, t in enumerate(values.all_inner_texts()) if re.search(r"— ([3-9]|1\d) raindrops$", t)]
        values.nth(dear[0]).click()
        asha.locator("#mine .board-choices p.confirm").wait_for()

    costly_use()
    asked = asha.locator("#mine .board-choices p.confirm").inner_text()
    assert re.fullmatch(r"This marks \d+ raindrops: \d+ of your 15 left\.", asked)
    assert asha.locator("#mine .board-choices button", has_text="Yes: ").inner_text().startswith("Yes: Waterway · ")
    asha.screenshot(path=shots / "confirm-360.png", full_page=True)
    assert tap_targets_too_small(asha) == [] and too_wide(asha) == []
    asha.get_by_role("button", name="Cancel").click()
    asha.wait_for_timeout(500)
    assert record_events(path) == (rolled,)
    costly_use()
    asha.locator("#mine .board-choices button", has_text="Yes: ").click()
    wait_for_number(asha, 2)
    last = record_events(path)[-1]
    assert last.startswith("Asha: waterway") or last.startswith("waterway"), last
    assert Session.open(artisans, artisans.load_spec(), path).state.players[0].sheet.raindrops_left(
        artisans.load_spec()) <= 12
