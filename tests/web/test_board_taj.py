"""TAJ on the board (issue 44), in a real browser at phone sizes: a game dealt by "Deal for us" on
the new-game page, then played to its final score on three phones by taps on the display (two
rugs to propose their swap, in either order; a voting card; the rug to remove; the Taj to flip
or shift; the goal card's colours at the end). The rugs the table lays out are chance events,
tapped from the table's list (tajkit does not know the rug cards: design principle 2).
Screenshots go to the test's folder (``shots/``)."""

from __future__ import annotations

import random

import pytest
from phones import (SMALL, SIZES, phones_for, play_on_phones, record_events, tap_one_choice, tap_targets_too_small,
                    too_wide, wait_for_number)

from tajkit.solver import games
from tajkit.solver.protocol import replay
from tajkit.solver.session import Session, read_record

pytestmark = pytest.mark.slow  # a browser and a server; about a minute


def small_targets(page) -> list[str]:
    """Lit targets on the board under 44 px wide or high."""
    small = []
    for rect in page.locator("#mine .board rect.target.next").all():
        box = rect.bounding_box()
        if box is not None and (box["width"] < 44 or box["height"] < 44):
            small.append(f"{rect.get_attribute('data-tap')} {box['width']:.0f}x{box['height']:.0f}")
    return small


def checked(page, shots, name: str) -> None:
    """The page as it is: a screenshot to look at, no target under 44 px, nothing out sideways."""
    small = tap_targets_too_small(page)  # (and the pictures drawn)
    page.screenshot(path=shots / f"{name}.png", full_page=True)
    assert small == [], name
    assert small_targets(page) == [], name
    assert too_wide(page) == [], name


def test_a_taj_game_dealt_and_played_on_the_board_on_three_phones(server, browser, tmp_path):
    """Setup ("Choose a dealer") drawn by "Deal for us", the table told how to lay the cards out;
    the display typed by taps on the table's list; then every player's event tapped on the
    display, a proposal's second rug before its first (Game Turn: ANY 2 Rugs); a vote as a
    voting card, an All/Nix card asked about once (Voting: used ONCE); to the final score, which
    fits a 360 px phone."""
    shots = tmp_path / "shots"
    shots.mkdir()
    players = ["Asha", "Babur", "Chen"]
    setup = browser.new_context(viewport=SMALL).new_page()
    setup.goto(f"{server.base}/new/taj")
    for k, name in enumerate(players):
        setup.locator(f"#name{k}").fill(name)
    setup.get_by_role("button", name="Deal for us").click()
    dealt = setup.locator(".dealt")
    dealt.wait_for()
    dealer = setup.locator("#q_dealer").input_value()
    assert dealer in players
    first = players[(players.index(dealer) + 1) % 3]
    assert f"{first}, on the dealer's left, proposes first" in dealt.inner_text()
    checked(setup, shots, "dealt-360")
    setup.get_by_role("button", name="Start the game").click()
    setup.wait_for_url("**/g/**")
    name = setup.url.rsplit("/", 1)[1]
    path = server.folder / f"{name}.toml"
    assert read_record(path, "taj").setup == {"players": players, "dealer": dealer}

    held, watching = phones_for(browser, server.base, name, players)
    rng = random.Random(11)
    for n in range(10):  # the table lays the rugs out: any phone, from the table's list
        tap_one_choice(held[n % 3], rng)
        wait_for_number(held[n % 3], n + 1)
    proposer = held[players.index(first)]
    wait_for_number(proposer, 10)
    board = proposer.locator("#mine .board")
    assert "tap two rugs to propose a swap" in board.locator("h2").inner_text()
    assert board.locator("rect.target.next").count() == 10  # every rug, none lit twice
    assert board.locator('rect[data-tap="rug 7"]').get_attribute("aria-label").startswith("Rug 7: ")
    board.locator('rect[data-tap="rug 7"]').click()  # the second rug first: either order proposes the same
    assert board.locator(".board-path strong").inner_text() == "Rug 7"
    assert board.locator("rect.target.next").count() == 9
    checked(proposer, shots, f"first-rug-{proposer.viewport_size['width']}")
    board.locator('rect[data-tap="rug 2"]').click()
    wait_for_number(proposer, 11)
    assert record_events(path)[-1] == "propose 2 7"
    voter = proposer  # the proposer votes first (Voting: all players, including the Proposer)
    cards = voter.locator("#mine .board .board-choices button")
    cards.first.wait_for()
    assert cards.all_inner_texts() == ["Yea", "Nay"]  # no All/Nix card for the Proposer (All/Nix Cards)
    checked(voter, shots, f"vote-{voter.viewport_size['width']}")

    play_on_phones(held, watching, path, random.Random(7), players, shots, prefer="Nay")  # Nay: rugs leave, a short game
    final = record_events(path)
    assert [e for e in final if e.startswith("goal ")] and len([e for e in final if e.startswith("goal ")]) == 3
    taj = games.get("taj")
    replay(taj.rules(taj.load_spec()), read_record(path, "taj"))
    assert Session.open(taj, taj.load_spec(), path).over
    for phone in held + [watching]:
        wait_for_number(phone, len(final))
    for phone, size in zip(held[:2], SIZES):
        phone.set_viewport_size(size)
        assert phone.locator("#standings").get_by_text("The final score").is_visible()
        checked(phone, shots, f"final-{size['width']}")
