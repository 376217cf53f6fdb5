"""TAJ on the board (issue 44): the display is the phones' interface (two rugs tapped to propose
their swap, in either order; a voting card; the rug to remove; the Taj to flip or shift; the goal
card's colours at the end). The route test walks the board of every state of seeded random
games; the browser test plays a game dealt by "Deal for us" on three phones at 360 x 640 and
390 x 844 to its final score (screenshots in the test's folder, ``shots/``). The rugs the table
lays out are chance events, tapped as their colours in words (outer, middle, centre): tajkit does
not know the rug cards (design principle 2)."""

from __future__ import annotations

import html
import json
import random
import re

import pytest
from phones import (SMALL, SIZES, names_typed, phones_for, play_on_phones, record_events, tap_on_board, tap_targets_too_small,
                    too_wide, wait_for_number)
from starlette.testclient import TestClient

from tajkit.cli.web.app import Companion, create_app
from tajkit.solver import games
from tajkit.solver.protocol import CHANCE, random_game, replay
from tajkit.solver.session import Session, read_record
from tajkit.solver.taj.play import VOTE_CARDS

FINGER = 44  # px: a target's least side on a phone that shows the board 320 px wide (a 360 px phone)


def board_on(page: str) -> tuple[tuple[float, ...], dict[str, tuple[float, ...]], dict[str, str], dict]:
    """A game page's board: its view box, every target's rectangle by key, the lit targets' labels
    by key, and the tree of taps its script walks."""
    board = page.split('<div class="board"')[1].split("</svg>")[0]
    view = tuple(float(v) for v in re.search(r'viewBox="([^"]+)"', board).group(1).split())
    rects = {html.unescape(key): tuple(float(v) for v in box) for key, *box in re.findall(
        r'<rect data-tap="([^"]+)" class="target[^"]*" x="([^"]+)" y="([^"]+)" width="([^"]+)" height="([^"]+)"', board)}
    labels = {html.unescape(key): html.unescape(label) for key, label in
              re.findall(r'data-tap="([^"]+)" class="target next"[^>]*aria-label="([^"]+)"', board)}
    tree = json.loads(html.unescape(page.split('class="board-taps">')[1].split("</script>")[0]))
    return view, rects, labels, tree


def tap_paths(tree: dict, taps: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], dict]]:
    """Every path of taps in ``tree`` that ends in an event, with the node it ends at."""
    found = [(taps, tree)] if "@" in tree else []
    for key, under in tree.items():
        if key not in ("@", "?"):
            found.extend(tap_paths(under, (*taps, key)))
    return found


def overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


@pytest.mark.parametrize("seed, players", [(2, 2), (3, 3), (5, 4), (8, 3)])
def test_every_tap_path_on_the_taj_board_plays_exactly_one_legal_event(tmp_path, seed, players):
    """At every state of a seeded random game, on the phone of the player to act: each path of taps
    ends in exactly one legal event and nothing lies beyond it; every legal event of theirs has a
    path (none is left to a list); every first tap is a lit target or a button beside the board;
    a proposal's two rugs are tapped in either order (Game Turn: ANY 2 Rugs), every other event
    in one; places lit together never overlap, and each is a finger's size and says its rug in
    words, colours included. The table's rugs (chance) are words to tap on a board of their own
    (tests/web/test_table_words.py); the goal cards are
    secret (a dealt game's setup holds none), so each player taps their own at the end."""
    taj = games.get("taj")
    spec = taj.load_spec()
    record = random_game(taj.rules(spec), random.Random(seed), players)
    setup = {k: v for k, v in record.setup.items() if k != "goals"}
    Session.start(taj, spec, tmp_path / "night.toml", setup)
    companion = Companion(folder=tmp_path, data=None, lan=False)
    app = create_app(companion)
    phones = []
    for k in range(players):
        phone = TestClient(app, follow_redirects=False)
        phone.cookies.set("tajkit_seat_night", str(k))
        phones.append(phone)
    session = companion.session("night")
    seen = set()
    for event in record.events:
        who = session.to_act
        page = phones[0 if who == CHANCE else session.players().index(who)].get("/g/night").text
        if who == CHANCE:  # the table's rug: its colours as words to tap (tests/web/test_table_words.py)
            assert '<div class="board" id="board-table-' in page and "What the table shows" in page
            session.apply(event)
            continue
        view, rects, labels, tree = board_on(page)
        paths = tap_paths(tree)
        legal = session.may_act(who)
        assert all(set(node) <= {"@", "?"} for _, node in paths)  # a path ends in one event, nothing beyond
        assert sorted({node["@"] for _, node in paths}) == sorted(legal)
        for taps, node in paths:  # Voting: the All/Nix card may be used ONCE, so a phone asks first
            assert ("?" in node) == (node["@"] in ("all", "nix")), node
        for text in legal:
            orders = [taps for taps, node in paths if node["@"] == text]
            assert len(orders) == (2 if text.startswith("propose") else 1), (text, orders)
            if len(orders) == 2:
                assert orders[0] == orders[1][::-1] and all(t in rects for t in orders[0])
        first = {taps[0] for taps, _ in paths}
        assert set(labels) == first & set(rects)  # the lit targets are exactly the first taps on the board
        beside = first - set(rects)  # buttons beside the board: the voting cards, a goal card's first colour
        assert beside <= set(VOTE_CARDS.values()) | {f"×2 {colour}" for colour in spec.colours}, beside
        for level in [tree] + [node for _, node in tap_paths_any(tree)]:
            lit = [rects[key] for key in level if key in rects]
            assert not any(overlap(a, b) for k, a in enumerate(lit) for b in lit[k + 1:])
        assert all(min(box[2], box[3]) * 320 / view[2] >= FINGER for box in rects.values())
        for key, label in labels.items():
            if key.startswith("rug "):
                rug = session.state.display.rugs[int(key.split()[1]) - 1]
                assert label.startswith(f"Rug {key.split()[1]}: ") and all(colour in label for colour in rug)
        seen.add(session.state.phase)
        session.apply(event)
    assert {"propose", "vote", "move", "reveal"} <= seen and (seed == 2 or "remove" in seen)


def tap_paths_any(tree: dict, taps: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], dict]]:
    """Every level of ``tree`` below its top, with the taps that reach it."""
    found = []
    for key, under in tree.items():
        if key not in ("@", "?"):
            found.append(((*taps, key), under))
            found.extend(tap_paths_any(under, (*taps, key)))
    return found


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


@pytest.mark.slow  # a browser and a server; about a minute
def test_a_taj_game_dealt_and_played_on_the_board_on_three_phones(server, browser, tmp_path):
    """Setup ("Choose a dealer") drawn by "Deal for us", the table told how to lay the cards out;
    the display typed by taps of its colours' words; then every player's event tapped on the
    display, a proposal's second rug before its first (Game Turn: ANY 2 Rugs); a vote as a
    voting card, an All/Nix card asked about once (Voting: used ONCE); to the final score, which
    fits a 360 px phone."""
    shots = tmp_path / "shots"
    shots.mkdir()
    players = ["Asha", "Babur", "Chen"]
    setup = browser.new_context(viewport=SMALL).new_page()
    names_typed(setup, server.base, "taj", players)
    setup.get_by_role("button", name="Deal for us").click()
    dealt = setup.locator(".dealt")
    dealt.wait_for()
    dealer = setup.locator("#q_dealer input:checked").input_value()  # the dealer's button, chosen
    assert dealer in players
    first = players[(players.index(dealer) + 1) % 3]
    assert f"{first}, on the dealer's left, proposes first" in dealt.inner_text()
    checked(setup, shots, "dealt-360")
    setup.get_by_role("button", name="Start the game").first.click()
    setup.wait_for_url("**/g/**")
    name = setup.url.rsplit("/", 1)[1]
    path = server.folder / f"{name}.toml"
    assert read_record(path, "taj").setup == {"players": players, "dealer": dealer}

    held, watching = phones_for(browser, server.base, name, players)
    rng = random.Random(11)
    for n in range(10):  # the table lays the rugs out: any phone, its colours in words (outer, middle, centre)
        phone = held[min(n, 2)]  # each phone lays one (the rug before learnt by polling), the last phone the rest
        wait_for_number(phone, n)
        tap_on_board(phone, rng)
        wait_for_number(phone, n + 1)
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
