"""A Karigar-e-Taj game set up on a phone (issue 44: "A Karigar game must be set up on a phone in
under a minute; a drawn Bazaar card is picked, not retyped"), in Chromium at 360 x 640: once dealt
by tajkit ("Deal for us"), once picked from the copy's components. tajkit knows no Karigar card
(design principle 2), so the server reads a copy's components from a --data folder, as a group's
would (tests/data/karigar-copy: made-up cards of the rulebook's shape)."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from phones import SMALL, check_fits, names_typed

from tajkit.solver.session import read_record

NAMES = ("Asha", "Babur", "Chen")

pytestmark = pytest.mark.slow






def phone(browser, tmp_path: Path):
    """A phone at 360 x 640 with a touch screen, and a folder for its screenshots."""
    shots = tmp_path / "shots"
    shots.mkdir()
    return browser.new_context(viewport=SMALL, has_touch=True).new_page(), shots


def started_record(page, folder: Path):
    page.wait_for_url("**/g/*")
    name = page.url.rstrip("/").rsplit("/", 1)[1]
    return read_record(folder / f"{name}.toml", "karigar")


def test_a_dealt_karigar_setup_on_a_phone_in_five_taps(copy_server, browser, tmp_path):
    page, shots = phone(browser, tmp_path)
    began = time.monotonic()
    taps = names_typed(page, copy_server.base, "karigar", NAMES)
    page.get_by_role("button", name="Deal for us").tap()
    taps += 1
    page.get_by_text("Dealt by tajkit").wait_for()
    page.screenshot(path=shots / "dealt-360.png")
    page.screenshot(path=shots / "dealt-360-full.png", full_page=True)
    assert page.locator("select[id^=q_], fieldset.picks").count() == 21  # every dealt component in its picker; the decks are the rest
    assert page.locator("select[id^=s_token_stacks]").count() == 12  # and each level's 3 tokens, as the copy stacks them
    assert page.locator(".dealt li").filter(has_text="Bazaar card 1:").count() == 1
    page.get_by_role("button", name="Start the game").first.tap()
    taps += 1
    record = started_record(page, copy_server.folder)
    seconds = time.monotonic() - began
    print(f"\ndealt Karigar setup at 360 x 640: {seconds:.1f} s, {taps} taps (3 of them name fields)")
    assert [p["name"] for p in record.setup["players"]] == list(NAMES)
    assert len(record.setup["bazaar_deck"]) == 12 and len(record.setup["alliance_deck"]) == 7
    page.screenshot(path=shots / "started-360.png")
    page.context.close()


def test_a_picked_karigar_setup_on_a_phone_without_typing_a_card(copy_server, browser, tmp_path):
    """The table deals its own components and picks each from the copy's: two taps a picker (open it,
    choose), no notation typed; the Taj point tokens come filled in (the copy's, highest on top)."""
    page, shots = phone(browser, tmp_path)
    began = time.monotonic()
    taps = names_typed(page, copy_server.base, "karigar", NAMES)
    page.get_by_role("button", name="Next: type what lies on the table").tap()
    taps += 1
    page.locator("select").first.wait_for()
    check_fits(page, "the pickers")
    page.screenshot(path=shots / "pickers-360.png")
    pickers = page.locator("select[id^=q_], fieldset.picks")  # the token stacks (slots) open on the copy's
    count = pickers.count()
    for k in range(count):  # a picker's options are the copy's components: choose, in turn, a different one
        picker = pickers.nth(k)
        if picker.evaluate("e => e.tagName") == "SELECT":  # a list: open it, choose
            options = picker.locator("option:not([value=''])")
            picker.select_option(index=1 + k % options.count())
            taps += 2
        else:  # a few buttons (the Level tiles): one tap
            buttons = picker.locator("label.pick")
            buttons.nth(k % buttons.count()).tap()
            taps += 1
    stacks = page.locator("select[id^=s_token_stacks]")
    tokens = stacks.count()
    assert tokens == 12 and all(stacks.nth(k).input_value() for k in range(tokens))  # each token picked already, top first
    texts = page.locator("input[type=text]:not([id^=name])")
    filled = sum(1 for k in range(texts.count()) if texts.nth(k).input_value())
    assert filled == 1  # the Bakshish count; the stacks' "Or type them" stay empty
    page.screenshot(path=shots / "picked-360.png")
    page.get_by_role("button", name="Start the game").first.tap()
    taps += 1
    record = started_record(page, copy_server.folder)
    seconds = time.monotonic() - began
    print(f"\npicked Karigar setup at 360 x 640: {count} pickers, {taps} taps, {tokens} tokens and "
          f"{filled} field filled in already, none typed but the names; {seconds:.1f} s by machine")
    assert count == 21
    assert record.setup["bazaar"][0]["card"] == 1 and len(record.setup["bazaar_deck"]) == 12
    page.context.close()


def test_the_dealt_page_fits_a_phone(copy_server, browser, tmp_path):
    context = browser.new_context(viewport=SMALL, has_touch=True)
    page = context.new_page()
    names_typed(page, copy_server.base, "karigar", NAMES)
    page.get_by_role("button", name="Deal for us").tap()
    page.get_by_text("Dealt by tajkit").wait_for()
    check_fits(page, "the dealt setup")
    page.context.close()


def test_the_end_is_one_short_form_a_player_on_a_phone(server, browser, tmp_path):
    """Game End: each player shows their Blueprint card and Bakshish cards: a form a player (one
    field a value, number keys), the events recorded as if typed one by one."""
    import random as _random

    from tajkit.solver.karigar import GAME
    from tajkit.solver.karigar.state import REVEAL
    from tajkit.solver.protocol import random_action
    from tajkit.solver.session import Session

    spec = GAME.load_spec()
    rules = GAME.rules(spec)
    setup = rules.random_setup(_random.Random(9), 3)
    del setup["bakshish_deck"]
    for p in setup["players"]:
        del p["blueprint_sections"], p["blueprint_bonus"]
    state, events, rng = rules.start(setup), [], _random.Random(9)
    while state.phase != REVEAL:
        action = random_action(rules, state, rng)
        events.append(rules.format(state, action))
        state = rules.apply(state, action)
    Session.start(GAME, spec, server.folder / "end.toml", setup).apply(*events)
    page, shots = phone(browser, tmp_path)
    page.goto(f"{server.base}/g/end")
    taps = 0
    for k, player in enumerate(p["name"] for p in setup["players"]):
        button = page.get_by_role("button", name=f"Show {player}'s cards")
        button.wait_for()
        if k == 0:
            page.locator(".event-form").scroll_into_view_if_needed()
            page.screenshot(path=shots / "end-form-360.png")
            check_fits(page, "the end form")
        fields = page.locator(".event-form input[type=text]")
        for n in range(fields.count()):
            fields.nth(n).tap()
            fields.nth(n).fill(str((n + k) % 4))
            taps += 2  # the field, one digit
        button.tap()
        taps += 1
        page.wait_for_function(f"!document.body.innerText.includes({f'Show {player}' + chr(39) + 's cards'!r})")
    record = read_record(server.folder / "end.toml", "karigar")
    shown = record.events[len(events):]
    assert len(shown) == sum(2 + len(s.bakshish) for s in state.seats)
    assert all(re.fullmatch(r"\w+ (blueprint|bonus|bakshish) [0-3]", t) for t in shown)
    page.get_by_text("Final").first.wait_for()
    page.screenshot(path=shots / "end-final-360.png")
    print(f"\nKarigar end on a phone: {len(shown)} events in 3 forms, {taps} taps")
    page.context.close()
