"""Every game's setup on a phone without notation (issue 44: "typing what lies on the table stays
possible, with pickers ... instead of notation fields"), in Chromium at 360 x 640: a Taj Mahal game
set up with its deck counted per kind by − / + steppers and its hand size picked, and a TAJ game
with nothing typed but the names. The taps are counted as a player would tap."""

from __future__ import annotations

import re
import time
from collections import Counter


import pytest
from phones import SIZES, SMALL, check_fits, names_typed

from tajkit.solver.session import read_record

NAMES = ("Asha", "Babur", "Chen")
# A deck of a player's colour (an example of the table's: the seed lists none), counted per kind
DECK = Counter({"E": 6, "T": 4, "P": 5, "Y": 2, "W": 2, "M": 4, "EP": 2, "ET": 1, "PP": 2, "TM": 1, "PY": 1})


pytestmark = pytest.mark.slow






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
        tiles.locator("label.pick").nth(1).tap()  # a tile chosen: its button, picture and all, is lit
        assert tiles.locator("input:checked").count() == 1 and tiles.locator("label.pick").nth(1).locator("input").is_checked()
        tiles.scroll_into_view_if_needed()
        page.screenshot(path=shots / f"tiles-{size['width']}-{scheme}.png")
        check_fits(page, "the pickers with pictures")
        page.context.close()


def test_karigar_token_stacks_are_picked_top_first_from_the_copy(copy_server, browser, tmp_path):
    """Setting Up 4-5: each level's 3 Taj point tokens face down, highest on top. Each stack is three
    pickers side by side (top, middle, bottom) that open on the copy's values; a stack picked out of
    order is refused in words and the picks stay; put right, the game starts with the stacks picked."""
    shots = tmp_path / "shots"
    shots.mkdir()
    page = browser.new_context(viewport=SMALL, has_touch=True).new_page()
    names_typed(page, copy_server.base, "karigar", NAMES)
    page.get_by_role("button", name="Next: type what lies on the table").tap()
    stack = [page.locator(f"#s_token_stacks\\.1_{k}") for k in range(3)]
    stack[0].wait_for()
    assert [s.input_value() for s in stack] == ["7", "6", "5"]  # the copy's level 2 (tests/data/karigar-copy)
    assert [page.locator(f"label[for='s_token_stacks.1_{k}']").inner_text() for k in range(3)] == ["top", "middle", "bottom"]
    boxes = [s.bounding_box() for s in stack]
    assert boxes[0]["y"] == boxes[1]["y"] == boxes[2]["y"]  # side by side, as the stack's order reads
    stack[0].scroll_into_view_if_needed()
    page.screenshot(path=shots / "tokens-360.png")
    check_fits(page, "the token pickers")
    stack[0].select_option("5")
    stack[2].select_option("7")
    for k, select in enumerate(page.locator("select[id^=q_]").all()):  # every other list: a component each
        select.select_option(index=1 + k % (select.locator("option").count() - 1))
    for tiles in page.locator("fieldset.picks").all():  # each Level tile: a button
        tiles.locator("label.pick").first.tap()
    page.get_by_role("button", name="Start the game").first.tap()
    problems = page.locator(".problems")
    problems.wait_for()
    assert "Level 2 Taj point tokens" in problems.inner_text() and "descending order" in problems.inner_text()
    assert [s.input_value() for s in stack] == ["5", "6", "7"]  # kept as picked, to be put right
    page.screenshot(path=shots / "tokens-refused-360.png")
    stack[0].select_option("8")
    stack[2].select_option("2")
    page.get_by_role("button", name="Start the game").first.tap()
    record = started(page, copy_server.folder, "karigar")
    assert record.setup["token_stacks"] == [[4, 3, 2], [8, 6, 2], [7, 5, 3], [9, 6, 4]]
    page.context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_taj_mahal_bonus_tiles_kept_in_one_tap_or_picked_per_province(server, browser, tmp_path, scheme):
    """Setup 6: "Arrange bonus tiles on the board as indicated". One button keeps the game data's
    tiles, said in words (their points, when they score, that the value is tajkit's); "Ours differ"
    opens a picker a province, starting from those tiles: two changed, the record holds all twelve."""
    shots = tmp_path / "shots"
    shots.mkdir()
    page = browser.new_context(viewport=SMALL, has_touch=True, color_scheme=scheme).new_page()
    names_typed(page, server.base, "tajmahal", NAMES)
    page.get_by_role("button", name="Deal for us").tap()
    page.get_by_text("Dealt by tajkit").wait_for()
    keep = page.locator("#slots_bonus_tiles label.pick").first
    assert "2 points each, scoring at once" in keep.inner_text() and "tajkit's default" in keep.inner_text()
    assert keep.locator("input").is_checked()
    province = [page.locator(f"#s_bonus_tiles_{k}") for k in range(12)]
    assert not province[0].is_visible()  # kept: no province pickers in the way
    keep.scroll_into_view_if_needed()
    page.screenshot(path=shots / f"tiles-kept-360-{scheme}.png")
    page.get_by_text("Ours differ: choose each").tap()
    assert province[0].is_visible() and [p.input_value() for p in province] == ["2now"] * 12
    province[2].select_option(label="4 points, at the end")
    province[6].select_option(label="0 points, at once")
    assert province[2].evaluate("e => e.selectedOptions[0].text") == "4 points, at the end"
    assert page.locator("#picked_s_bonus_tiles_2").count() == 0  # a short choice: the list shows it whole
    province[0].scroll_into_view_if_needed()
    page.screenshot(path=shots / f"tiles-differ-360-{scheme}.png")
    page.set_viewport_size(SIZES[1])
    page.screenshot(path=shots / f"tiles-differ-390-{scheme}.png")
    check_fits(page, "the bonus tiles' pickers")
    for kind, count in DECK.items():  # the deck, counted
        plus = page.get_by_role("button", name=re.compile(rf"^one more .*\({' '.join(kind)}\)$"))
        for _ in range(count):
            plus.tap()
    page.locator("#q_hand_size").select_option("5")
    page.get_by_role("button", name="Start the game").last.tap()
    record = started(page, server.folder, "tajmahal")
    tiles = [{"points": 2, "when": "now"}] * 12
    tiles[2], tiles[6] = {"points": 4, "when": "end"}, {"points": 0, "when": "now"}
    assert record.setup["bonus_tiles"] == tiles
    page.context.close()


def test_a_maharani_rondel_slot_shows_the_tile_picked(server, browser, tmp_path):
    """Előkészületek 4: four tiles drawn onto the rondel. Each slot's list shows the tile chosen
    drawn as the board draws it (its colour with its letter, its column marks, its arrow up) beside
    its words; another choice, another picture."""
    shots = tmp_path / "shots"
    shots.mkdir()
    page = browser.new_context(viewport=SMALL, has_touch=True).new_page()
    names_typed(page, server.base, "maharani", NAMES)
    page.get_by_role("button", name="Next").tap()
    slot = page.locator("#s_rondel_0")
    slot.wait_for()
    shown = page.locator("#picked_s_rondel_0")
    slot.select_option("Bne")
    assert shown.locator("svg rect").get_attribute("fill").lower() == "#2f6fd0" and shown.locator("svg text").text_content() == "B"
    assert shown.locator("svg path").count() == 2 and shown.locator("svg circle").count() == 0  # half columns n and e
    assert "blue B, half columns on its top and right edges" in shown.inner_text()
    slot.select_option("Yc")
    assert shown.locator("svg text").text_content() == "Y" and shown.locator("svg circle").count() == 1  # the centre column
    slot.scroll_into_view_if_needed()
    page.screenshot(path=shots / "rondel-360.png")
    check_fits(page, "the rondel's pickers")
    page.context.close()
