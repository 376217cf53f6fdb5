"""Every game's board on the phones (issue 44): at every position of seeded whole games, for the
phone of each player who may act (and for a watching phone, the player to act), the board's
targets and the taps that follow map to the legal events exactly — each path of taps ends in one
legal event, no two paths in the same one, every target lit leads somewhere, every first tap is a
target on the board or a button beside it — and every target is a finger's size, inside the
picture, apart from the others, with words a screen reader reads. A game joins by declaring
``boards = True`` (solver/game.py); these tests then hold it to the same contract as Artisans."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from test_web_play import leaves

from tajkit.cli.web.play import board_of, tap_tree
from tajkit.solver import games
from tajkit.solver.protocol import CHANCE, random_game
from tajkit.solver.session import Session

BOARDS = [g for g in games.GAMES if games.get(g).boards]
SMALLEST_BOARD = 360  # px: the board on a 360 px phone, edge to edge (base.html, max-width 480px)
FINGER = 44  # px


def positions(game: str, seed: int, tmp_path, fewest_players: bool = False):
    """The session at each position of a seeded random whole game of three players (two where the
    game is for two), or of the fewest the game allows."""
    info = games.get(game)
    spec = info.load_spec()
    rules = info.rules(spec)
    fewest, most = info.player_counts(spec)
    record = random_game(rules, random.Random(seed), fewest if fewest_players else max(fewest, min(3, most)))
    session = Session.start(info, spec, tmp_path / f"{game}-{seed}.toml", record.setup)
    yield session
    for event in record.events:
        session.apply(event)
        yield session


@pytest.mark.parametrize("seed, fewest_players", [(1, False), (2, False), (3, True)])
@pytest.mark.parametrize("game", BOARDS)
def test_every_path_of_taps_plays_exactly_one_legal_event(game, seed, fewest_players, tmp_path):
    """Three players, and the fewest the game allows (a two-player Maharani gives each player two
    colours of workers, and a worker choice of which colour: rulebook, Szabályok 2 játékosra)."""
    checked = 0
    for session in positions(game, seed, tmp_path, fewest_players):
        if session.over or session.to_act == CHANCE:
            continue
        for seat in (*session.players(), None):
            touch = board_of(session, seat)
            if touch is None:
                continue
            who = touch["who"]
            legal = set(session.may_act(who))
            found = leaves(tap_tree(session.touches(who)))
            assert {event for _, event in found} <= legal, (who, found)
            assert len({taps for taps, _ in found}) == len(found)  # one path, one event
            orders: dict[str, set[tuple[str, ...]]] = {}
            for taps, event in found:
                orders.setdefault(event, set()).add(tuple(sorted(taps)))
            assert all(len(ways) == 1 for ways in orders.values())  # one event, one set of taps (in any order: TAJ's two rugs)
            keys = {t.key for t in touch["drawn"].targets}
            lit = {t.key for t, is_lit in touch["targets"] if is_lit}
            firsts = {taps[0] for taps, _ in found}
            assert lit == firsts & keys  # lit: exactly the targets a first tap starts from
            assert len(firsts - keys) <= 8  # the few buttons beside the board ("Write nothing"), not a list again
            checked += 1
    assert checked > 5


@pytest.mark.parametrize("game", BOARDS)
def test_every_target_is_a_finger_s_size_inside_the_picture_and_those_lit_together_apart(game, tmp_path):
    """An unlit target lets a tap through (TAJ's Taj lies over its rugs), so only the targets lit
    at the same time must stand apart."""
    seen = 0
    for k, session in enumerate(positions(game, 3, tmp_path)):
        if k % 5 or session.over or session.to_act in (None, CHANCE):
            continue
        touch = board_of(session, session.to_act)
        if touch is None:
            continue
        drawn = touch["drawn"]
        x0, y0, width, height = drawn.view
        scale = SMALLEST_BOARD / width
        for t in drawn.targets:
            assert min(t.width, t.height) * scale >= FINGER - 0.5, t
            assert x0 - 0.5 <= t.x and t.x + t.width <= x0 + width + 0.5, t
            assert y0 - 0.5 <= t.y and t.y + t.height <= y0 + height + 0.5, t
            assert " " in t.label.strip(), t  # words a screen reader says, not a code
        lit = [t for t, is_lit in touch["targets"] if is_lit]
        for a, b in combinations(lit, 2):
            overlap_x = min(a.x + a.width, b.x + b.width) - max(a.x, b.x)
            overlap_y = min(a.y + a.height, b.y + b.height) - max(a.y, b.y)
            assert overlap_x <= 0.5 or overlap_y <= 0.5, (a, b)
        assert len({t.key for t in drawn.targets}) == len(drawn.targets)
        seen += 1
    assert seen > 1


@pytest.mark.parametrize("game", BOARDS)
def test_a_phone_whose_holder_waits_sees_the_board_of_the_player_to_act(game, tmp_path):
    """The board is the table's picture too: a phone whose player waits shows the position as the
    acting player's phone draws it — the game's own SVG board with nothing on it to tap (Karigar's
    grids, Taj Mahal's province), or the game's picture — never only the position as text."""
    from starlette.testclient import TestClient

    from tajkit.cli.web.app import Companion, create_app

    web = TestClient(create_app(Companion(folder=tmp_path, data=None, lan=False)))
    checked = 0
    for n, session in enumerate(positions(game, 1, tmp_path)):
        if n < 12 or session.over or session.to_act == CHANCE:
            continue
        waiting = [k for k, p in enumerate(session.players()) if p != session.to_act and p not in session.ahead()]
        if not waiting:
            continue
        web.cookies.set(f"tajkit_seat_{game}-1", str(waiting[0]))
        page = web.get(f"/g/{game}-1").text
        board = page.split('<section id="board"')[1].split("</section>")[0]
        assert 'class="board looking"' in board or 'class="position"' in board, board[:400]
        assert ('class="board looking"' in board) == (game in ("karigar", "tajmahal"))  # the games that draw their own board
        if 'class="board looking"' in board:
            looking = board.split('class="board looking"')[1].split("</svg>")[0]
            assert "<svg" in looking and "data-tap" not in looking and f"{session.to_act}</bdi> to play" in looking
        checked += 1
        if checked == 3:
            break
    assert checked == 3
