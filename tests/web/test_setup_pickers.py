"""Every game's setup on a phone without notation (issue 44: "typing what lies on the table stays
possible, with pickers ... instead of notation fields"), in Chromium at 360 x 640: a Taj Mahal game
set up with its deck counted per kind by − / + steppers and its hand size picked, and a TAJ game
with nothing typed but the names. The taps are counted as a player would tap."""

from __future__ import annotations

import re
import time
from collections import Counter

from pathlib import Path

import pytest
from phones import SIZES, SMALL, check_fits, names_typed
from webserver import Server

from tajkit.solver.session import read_record

NAMES = ("Asha", "Babur", "Chen")
# A deck of a player's colour (an example of the table's: the seed lists none), counted per kind
DECK = Counter({"E": 6, "T": 4, "P": 5, "Y": 2, "W": 2, "M": 4, "EP": 2, "ET": 1, "PP": 2, "TM": 1, "PY": 1})

COPY = Path(__file__).parents[1] / "data" / "karigar-copy"  # a group's copy (made-up cards of the rulebook's shape)

pytestmark = pytest.mark.slow


@pytest.fixture
def copy_server(tmp_path):
    (tmp_path / "games").mkdir()
    started = Server(tmp_path / "games", data=COPY)
    yield started
    started.stop()






def started(page, folder, game: str):
    page.wait_for_url(re.compile(r"/g/[^/?]+$"))
    name = page.url.rsplit("/", 1)[1]
    return read_record(folder / f"{name}.toml", game)


def test_a_taj_mahal_game_set_up_by_steppers_and_pickers(server, browser, tmp_path):
    """Names, Deal for us (the start player drawn), the 30 cards counted by + taps with the total
    shown as they are counted, one − tap taking a card back, the hand size picked from its list,
    Start: the record holds the deck counted, and no card was typed."""
    shots = tmp_path / "shots"
    shots.mkdir()
    page = browser.new_context(viewport=SMALL, has_touch=True).new_page()
    began = time.monotonic()
    taps = names_typed(page, server.base, "tajmahal", NAMES)
    page.get_by_role("button", name="Deal for us").tap()
    taps += 1
    page.get_by_text("Dealt by tajkit").wait_for()
    start = page.locator("#q_start input:checked").input_value()
    assert start in NAMES and page.locator("#q_start label.pick", has_text=start).is_visible()
    total = page.locator(".counts .total")
    assert total.inner_text() == "0 of 30"
    page.screenshot(path=shots / "dealt-360.png")
    check_fits(page, "the steppers")
    for kind, count in DECK.items():
        plus = page.get_by_role("button", name=re.compile(rf"^one more .*\({' '.join(kind)}\)$"))
        for _ in range(count + (kind == "E")):  # one Elephant too many, taken back below
            plus.tap()
        taps += count + (kind == "E")
    assert total.inner_text() == "31 of 30"
    page.get_by_role("button", name="one less Elephant (E)").tap()
    taps += 1
    assert total.inner_text() == "30 of 30"
    assert page.locator("#q_deck").input_value() == ""  # nothing typed
    total.scroll_into_view_if_needed()
    page.screenshot(path=shots / "counted-360.png")
    page.locator("#q_hand_size").select_option("5")
    taps += 2  # open the list, choose
    page.screenshot(path=shots / "counted-360-full.png", full_page=True)
    page.get_by_role("button", name="Start the game").last.tap()
    taps += 1
    record = started(page, server.folder, "tajmahal")
    seconds = time.monotonic() - began
    print(f"\nTaj Mahal set up at 360 x 640: {taps} taps (3 of them name fields), no card typed; "
          f"{seconds:.1f} s by machine")
    assert Counter(record.setup["deck"]) == DECK
    assert record.setup["hand_size"] == 5 and record.setup["start"] == start
    page.screenshot(path=shots / "started-360.png")
    page.context.close()


def test_a_taj_game_set_up_with_nothing_typed_but_the_names(server, browser, tmp_path):
    """The dealer is a button per player (one tap), the game starts from it."""
    shots = tmp_path / "shots"
    shots.mkdir()
    page = browser.new_context(viewport=SMALL, has_touch=True).new_page()
    taps = names_typed(page, server.base, "taj", NAMES)
    page.get_by_role("button", name="Next").tap()
    taps += 1
    dealer = page.locator("#q_dealer")
    dealer.wait_for()
    assert dealer.locator("input:checked").input_value() == NAMES[-1]  # the rulebook's default: the last listed
    dealer.locator("label.pick", has_text=NAMES[1]).tap()
    taps += 1
    assert dealer.locator("input:checked").input_value() == NAMES[1]
    page.screenshot(path=shots / "dealer-360.png")
    check_fits(page, "the dealer's buttons")
    page.get_by_role("button", name="Start the game").tap()
    taps += 1
    record = started(page, server.folder, "taj")
    print(f"\nTAJ set up at 360 x 640: {taps} taps, nothing typed but the names")
    assert record.setup == {"players": list(NAMES), "dealer": NAMES[1]}
    page.context.close()


def shown_picture(page, picked: str) -> str:
    """The first line of the picture a picker shows under it ("B blue · Bazaar card"), "" if none."""
    return page.locator(f"#{picked}").evaluate("e => e.querySelector('svg text')?.textContent || ''")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_karigar_picker_shows_the_picture_of_the_component_chosen(copy_server, browser, tmp_path, scheme):
    """Issue 44: "pickers (the components by name and picture)". Each Bazaar list shows the card
    chosen as its picture (colour named by letter and word, never a colour alone) with its words;
    choosing another card changes the picture; the Level tiles' buttons show each tile drawn."""
    shots = tmp_path / "shots"
    shots.mkdir()
    for size in SIZES:
        page = browser.new_context(viewport=size, has_touch=True, color_scheme=scheme).new_page()
        names_typed(page, copy_server.base, "karigar", NAMES)
        page.get_by_role("button", name="Next: type what lies on the table").tap()
        first = page.locator("#q_bazaar\\.0")
        first.wait_for()
        picked = first.get_attribute("data-picked")
        assert shown_picture(page, picked) == ""  # nothing chosen yet: no picture
        options = first.locator("option:not([value=''])")
        blue = next(k for k in range(options.count()) if options.nth(k).inner_text().startswith("Blue"))
        yellow = next(k for k in range(options.count()) if options.nth(k).inner_text().startswith("Yellow"))
        first.select_option(index=1 + blue)
        assert shown_picture(page, picked) == "B blue · Bazaar card"
        words = page.locator(f"#{picked}").inner_text()
        assert words.startswith("earn") is False and options.nth(blue).inner_text() in words
        first.select_option(index=1 + yellow)
        assert shown_picture(page, picked) == "Y yellow · Bazaar card"
        assert options.nth(yellow).inner_text() in page.locator(f"#{picked}").inner_text()
        tiles = page.locator("fieldset.picks").filter(has_text="Level 1 tile").first
        assert tiles.locator("label.pick svg").count() == tiles.locator("label.pick").count() == 4
        first.scroll_into_view_if_needed()
        page.screenshot(path=shots / f"bazaar-{size['width']}-{scheme}.png")
        tiles.scroll_into_view_if_needed()
        page.screenshot(path=shots / f"tiles-{size['width']}-{scheme}.png")
        check_fits(page, "the pickers with pictures")
        page.context.close()
