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
            assert sorted(e for _, e in paths) == sorted(session.may_act(name))
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
