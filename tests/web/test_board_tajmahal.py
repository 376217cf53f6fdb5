"""Taj Mahal on the board (issue 44): the phone of the player to act shows the province being bid
for, their cards to tap (one, then a second or "alone") and "Withdraw" beside the board. A route
test over whole random games holds the board to the rules (every legal event by exactly one path
of taps, every path one legal event); the browser test plays a whole game from a dealt setup on
three phones by taps on the board alone."""

from __future__ import annotations

import random
import re

import pytest
from test_web_play import board_taps, client, leaves, seat

from tajkit.solver import games
from tajkit.solver.protocol import random_game
from tajkit.solver.session import Session

TAJMAHAL = games.get("tajmahal")
FINGER = 44  # px: a target's least side on a 320 px wide board


@pytest.mark.parametrize(("seed", "hidden"), [(3, True), (8, False), (21, True)])
def test_the_board_reaches_every_legal_event_by_exactly_one_path_of_taps(tmp_path, seed, hidden):
    """At every turn of a random game, on the phone of the player to act: every legal event is
    reached by exactly one path of taps and every path plays one legal event; each path starts
    at a card on the board (the card, then a second card or "Play X alone", rulebook: Bidding
    Phase, "Plays 1 or 2 cards") or at the one button beside it, "Withdraw"; every lit card is
    the start of a play, said in words and a finger's size; withdrawing asks first exactly when
    it takes no prize for cards shown this province (rulebook: Prize Collection, Cleanup).
    ``hidden``: the hands are not known (a table's game: the cards left of the 30 are offered);
    else the setup's draws deal them (the hand itself is offered)."""
    spec = TAJMAHAL.load_spec()
    record = random_game(TAJMAHAL.rules(spec), random.Random(seed), 3)
    setup = {k: v for k, v in record.setup.items() if not (hidden and k == "draws")}
    Session.start(TAJMAHAL, spec, tmp_path / "night.toml", setup)
    web, companion = client(tmp_path)
    session = companion.session("night")
    phones = [seat(web, k) for k in range(3)]
    play = session.play
    checked = withdrawals = asked = 0
    for event in record.events:
        name = session.to_act
        if name in session.players():
            page = phones[session.players().index(name)].get("/g/night").text
            targets, tree = board_taps(page)
            paths = leaves(tree)
            assert sorted({e for _, e in paths}) == sorted(session.may_act(name))
            ways: dict[str, set[tuple[str, ...]]] = {}
            for taps, text in paths:  # two cards tapped in either order play the same event
                ways.setdefault(text, set()).add(tuple(sorted(taps)))
            assert all(len(found) == 1 for found in ways.values())
            assert len({taps for taps, _ in paths}) == len(paths)
            keys = {key for key, _ in targets}
            assert all(any(taps[0] == key for taps, _ in paths) for key in keys)
            beside = [taps for taps, _ in paths if taps[0] not in keys]
            assert len(beside) == 1 and beside[0][0].startswith("Withdraw, taking ")
            assert all(len(taps) == 2 for taps, _ in paths if taps[0] in keys)
            assert all(re.fullmatch(r"Card [ETPYWM]+: [A-Za-z ]+, \d+ left", label) for _, label in targets)
            for taps, text in paths:
                node = tree
                for tap in taps:
                    node = node[tap]
                state = session.state
                wants = (text == "withdraw" and not play.withdraw_takes(state)
                         and state.round.played[state.round.to_move] > 0)
                assert ("?" in node) == wants, (taps, text)
                withdrawals += text == "withdraw"
                asked += wants
            drawn = __import__("tajkit.sheets.tajmahal", fromlist=["board"]).board(
                spec, play.board_data(session.state), name)
            assert all(min(t.width, t.height) * 320 / drawn.view[2] >= FINGER for t in drawn.targets)
            checked += 1
        session.apply(event)
    assert checked > 30 and withdrawals == checked and asked > 0


DECK = "ET P P E EM E E T T PP Y W M M EE E T P Y W E E T M EP TY E E P W"  # what lies on the table


@pytest.mark.slow
def test_a_whole_taj_mahal_game_dealt_and_played_on_the_board_by_three_phones(server, browser, tmp_path):
    """Issue 44: a new game dealt by tajkit ("Deal for us": the starting player, Setup 7), the
    cards of a colour and the hand size typed as they lie on the table (the seed lists neither),
    then all 12 provinces played on three phones (360 x 640 and 390 x 844) by taps on the board
    alone: cards, a second card or "alone", and "Withdraw" beside the board (most turns, so the
    game is short), a withdrawal for nothing asked first (once cancelled); to the final score.
    Every page checked for targets under 44 px and for anything sticking out sideways."""
    from phones import (SIZES, SMALL, names_typed, phones_for, record_events, tap_targets_too_small, too_wide,
                        wait_for_number)

    shots = tmp_path / "shots"
    shots.mkdir(exist_ok=True)
    players = ["Asha", "Babur", "Chen"]
    table = browser.new_context(viewport=SMALL).new_page()
    names_typed(table, server.base, "tajmahal", players)
    table.get_by_role("button", name="Deal for us").click()
    table.get_by_text("Dealt by tajkit").wait_for()
    dealt = table.locator("#q_start input:checked").input_value()  # the start player's button, chosen
    assert dealt in players and table.locator("input[name=k_bonus_tiles]:checked").input_value() == "default"
    assert table.get_by_text(f"{dealt} starts (drawn at random").is_visible()
    table.locator("#q_deck").fill(DECK)
    table.locator("#q_hand_size").select_option("5")
    table.screenshot(path=shots / "dealt-360.png", full_page=True)
    assert too_wide(table) == []
    table.get_by_role("button", name="Start the game").first.click()
    table.wait_for_url(re.compile(r"/g/[^/?]+$"))
    name = table.url.rsplit("/", 1)[1]
    path = server.folder / f"{name}.toml"
    assert record_events(path) == ()

    held, watching = phones_for(browser, server.base, name, players)
    first = held[players.index(dealt)]
    board = first.locator("#mine .board")
    assert board.locator("rect.target.next").count() > 0
    assert board.get_by_text("Withdraw, taking nothing").is_visible()
    for size in SIZES:
        first.set_viewport_size(size)
        first.screenshot(path=shots / f"board-{size['width']}.png", full_page=True)
        assert tap_targets_too_small(first) == [] and too_wide(first) == []
    # two cards, one tap each on the board (the second is lit by the first)
    board.locator("rect.target.next").first.click()
    assert board.locator(".board-choices button", has_text="alone").count() == 1
    first.screenshot(path=shots / "second-card-390.png", full_page=True)
    assert tap_targets_too_small(first) == [] and too_wide(first) == []
    board.locator("rect.target.next").nth(1).click()  # a card further on (the first is lit too, if two are left)
    wait_for_number(first, 1)
    assert re.fullmatch(r"play \w+ \w+", record_events(path)[0])

    withdrawals = play_to_the_end(held, path, random.Random(4))
    final = record_events(path)
    for phone in held + [watching]:
        wait_for_number(phone, len(final))
    assert sum(e == "withdraw" for e in final) == 12 * 3 == withdrawals
    small = held[0]
    small.set_viewport_size(SMALL)
    wait_for_number(small, len(final))
    small.screenshot(path=shots / "final-360.png", full_page=True)
    assert small.locator("#status").get_by_text("The game is over.").is_visible()
    assert small.locator("#standings").get_by_text("The final score").is_visible()
    assert tap_targets_too_small(small) == [] and too_wide(small) == []
    scored = Session.open(TAJMAHAL, TAJMAHAL.load_spec(), path).standings()
    totals = {row.locator("td").nth(1).inner_text().split("\n")[0]: int(row.locator("td").nth(2).inner_text())
              for row in small.locator("#standings table.ranks tbody tr").all()}
    assert totals == {p.name: p.total for p in scored.players}


def play_to_the_end(held, path, rng) -> int:
    """Each turn on the phone of the player to act (the record says who), by taps on its board:
    "Withdraw" on three turns in four (a short game), else a card and what follows; the first
    withdrawal for nothing asked about is cancelled, then played. Returns the withdrawals tapped."""
    from phones import POLLED, record_events, tap_on_board, wait_for_number

    spec = TAJMAHAL.load_spec()
    cancel_once = [True]
    turn = withdrawals = 0
    while True:
        events = record_events(path)
        who = Session.open(TAJMAHAL, spec, path).to_act
        if who is None:
            return withdrawals
        phone = next(p for p in held if p.get_by_text(f"This phone is {who}'s").count())
        wait_for_number(phone, len(events))
        phone.locator("#mine .board .board-choices button").first.wait_for(timeout=POLLED)  # the board set up
        turn += 1
        words = tap_on_board(phone, rng, "" if turn % 4 == 0 else "Withdraw", cancel_once)
        wait_for_number(phone, len(events) + 1)
        assert words and record_events(path)[:len(events)] == events
        withdrawals += record_events(path)[-1] == "withdraw"
