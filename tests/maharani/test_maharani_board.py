"""Maharani on the phones' board (issue 44): the targets on the picture (sheets/maharani.py
``board``), the taps that choose each legal event (``MaharaniPlay.taps``), what a phone asks first
(``confirm``), the board file of a turn under way, and "Deal for us" (``deal``). Sections are cited
by the rulebook's Hungarian headings (maharani-hungarian.txt)."""

from __future__ import annotations

import random
import re

import pytest
from starlette.testclient import TestClient
from test_maharani_support import SPEC

from tajkit.cli.web.app import Companion, create_app
from tajkit.sheets import maharani as drawing
from tajkit.solver import games
from tajkit.solver.errors import BadInput
from tajkit.solver.maharani import notation
from tajkit.solver.maharani.play import END, REFRESH, space_key, tile_key
from tajkit.solver.maharani.protocol import CHOOSE, MORE, EndTurn, Place, Refresh
from tajkit.solver.maharani.rules import Turn, outcome
from tajkit.solver.protocol import CHANCE, Record, random_game, replay
from tajkit.solver.session import Session

GAME = games.get("maharani")
PLAY = GAME.play(SPEC)
RULES = PLAY.rules
PHONE_WIDTH = 360  # a phone's css pixels; the board is shown edge to edge there


def game_states(seed: int, players: int) -> list:
    record = random_game(RULES, random.Random(seed), players)
    return replay(RULES, Record(record.game, record.setup, record.events)).states


def overlap(a, b) -> float:
    width = min(a.x + a.width, b.x + b.width) - max(a.x, b.x)
    height = min(a.y + a.height, b.y + b.height) - max(a.y, b.y)
    return max(width, 0) * max(height, 0)


@pytest.mark.parametrize(("seed", "players"), [(1, 2), (2, 3), (3, 4), (4, 3)])
def test_every_tap_path_plays_exactly_one_legal_event_from_a_target_or_a_button(seed, players):
    """Issue 44, at every state of a random game where a player acts: each path of taps ends in
    exactly one legal event; it begins at a target on the board (a rondel tile, then a free space:
    Mozaik darabok lerakása) or is one button beside it (refresh: A játék menete 2.; end: A játékos
    lerakhat egy második mozaikot); every legal event has a path, but for the same tile on the same
    space with its arrow pointing away by another way (no worker either way, and a placed tile's
    arrow is never read again: Munkás lehelyezése vagy áthelyezése), which stays on the list. The
    targets lie apart, are said in words, and are 44 px or more on a 360 px phone."""
    checked = 0
    for s in game_states(seed, players):
        who = RULES.to_act(s)
        if who in (None, CHANCE):
            continue
        board = drawing.board(SPEC, PLAY.board_data(s), who)
        keys = {t.key: t for t in board.targets}
        assert len(keys) == len(board.targets)
        paths: dict[tuple[str, ...], object] = {}
        for action in RULES.legal_actions(s):
            taps = PLAY.taps(s, action)
            if not taps:
                assert isinstance(action, Place) and action.placement.arrow != s.position.sides[s.position.to_move]
                same = [a for a in RULES.legal_actions(s) if isinstance(a, Place) and PLAY.taps(s, a)
                        and (a.placement.slot, a.placement.space) == (action.placement.slot, action.placement.space)
                        and a.placement.arrow != s.position.sides[s.position.to_move]]
                assert len(same) == 1, action  # its twin pointing away has the path
                continue
            assert taps not in paths, taps
            paths[taps] = action
            if len(taps) == 1:
                assert taps[0] not in keys and taps[0] in (REFRESH, END)
                assert isinstance(action, Refresh if s.phase == CHOOSE else EndTurn)
            else:
                p = action.placement
                assert taps[:2] == (tile_key(p.slot), space_key(SPEC.spaces[p.space])) and set(taps[:2]) <= keys.keys()
                assert " gold" in taps[2]
        prefixes = {taps[:k] for taps in paths for k in range(1, len(taps))}
        assert not prefixes & paths.keys()  # no path is the beginning of another: each ends in one event
        assert all(RULES.parse(s, RULES.format(s, a)) == a for a in paths.values())
        for k, a in enumerate(board.targets):
            assert re.match(r"^(tile [1-4] \(.+\): free into quarter [1-4]|[a-h][1-8] \(column [a-h], row [1-8]\): quarter)",
                            a.label), a.label
            assert min(a.width, a.height) * PHONE_WIDTH / board.view[2] >= 44
            assert all(overlap(a, b) < 1e-6 for b in board.targets[k + 1:]), a
        checked += 1
    assert checked > 20


def test_the_targets_lie_on_what_the_picture_draws():
    """The board's targets are placed by the picture's own layout: a free space's target is its
    square on the palace floor, a rondel tile's target holds the tile drawn in its slot, which
    faces its quarter for the player to move (Előkészületek 4.; A játék menete: the rondel's arrow
    turned to the player); spaces with a tile and empty slots are no targets."""
    width, height, frame = drawing.layout(SPEC)
    for s in game_states(7, 3)[::9]:
        if RULES.to_act(s) in (None, CHANCE):
            continue
        pos = s.position
        board = drawing.board(SPEC, PLAY.board_data(s), RULES.to_act(s))
        by_key = {t.key: t for t in board.targets}
        for k, space in enumerate(SPEC.spaces):
            target = by_key.get(space_key(space))
            assert (target is None) == (pos.colour[k] >= 0)
            if target is not None:
                x, top = frame.corner(space.col, space.row)
                assert (target.x, target.y, target.width, target.height) == (x, height - top, frame.cell, frame.cell)
        tile = frame.cell * 0.6
        for slot, (tx, ty, _, _) in enumerate(drawing.slot_centres(SPEC, pos, frame)):
            target = by_key.get(tile_key(slot))
            assert (target is None) == (pos.rondel[slot] is None)
            if target is not None:
                assert target.x <= tx - tile / 2 and tx + tile / 2 <= target.x + target.width
                assert target.y <= height - ty - tile / 2 and height - ty + tile / 2 <= target.y + target.height
                assert f"({PLAY.spec.colours[pos.rondel[slot][0]].name} {PLAY.spec.colours[pos.rondel[slot][0]].code}," \
                    in target.label
        x0, y0, w, h = board.view
        assert all(x0 <= t.x and t.x + t.width <= x0 + w and y0 <= t.y and t.y + t.height <= y0 + h for t in board.targets)


def test_the_board_data_shows_the_table_within_a_turn():
    """Within a turn (the first tile placed, the tiles drawn for its emptied slots: Különleges eset
    1), the board and the picture show the table as it lies, not as the turn began, and the board
    says a second tile costs 2 gold; between turns the board file is the state file."""
    within = 0
    for s in game_states(5, 2) + game_states(6, 4):
        data = PLAY.board_data(s)
        _, shown = drawing.table(SPEC, data)
        assert shown == s.position
        if s.under_way:
            within += 1
            assert data != PLAY.state_file(s)
            if RULES.to_act(s) not in (None, CHANCE):  # a second tile, or the end (A játékos lerakhat egy második mozaikot)
                assert s.phase == MORE and "second tile (it costs 2 gold)" in drawing.board(SPEC, data, "x").title
        else:
            assert data == PLAY.state_file(s)
    assert within > 20


def test_the_gold_a_tile_earns_is_shown_where_it_is_placed():
    """The words of a first tile's way say the gold it earns, as the turn played with that tile
    alone pays it: the tile's area and the worker's group (Mozaik darabok lerakása; Munkás
    lehelyezése vagy áthelyezése) and, where it covers the quarter's last space, the quarter's
    gold for the player's workers there (Egy negyed kiértékelése); a second tile says it costs 2
    (A játékos lerakhat egy második mozaikot)."""
    completing = seconds = 0
    for s, action, taps in placements_tapped():
        if s.phase == MORE:
            assert "less 2 for a second tile" in taps[2]
            seconds += 1
            continue
        result = outcome(SPEC, s.position, Turn((action.placement,)))
        if result.over is not None:
            continue
        said = [int(n) for n in re.findall(r"(\d+) gold", taps[2])]
        assert sum(said) == result.gold[s.position.to_move], (taps, result.gold)
        completing += "completes quarter" in taps[2]
    assert completing and seconds


def placements_tapped():
    """Each tile placement of seeded games (three players and two), with the taps that play it."""
    for s in game_states(8, 3) + game_states(9, 2):
        if RULES.to_act(s) in (None, CHANCE) or s.phase not in (CHOOSE, MORE):
            continue
        for action in RULES.legal_actions(s):
            taps = PLAY.taps(s, action)
            if len(taps) == 3:
                yield s, action, taps


def test_the_action_marker_a_tile_spends_is_said_before_it_is_placed():
    """Mozaik darabok lerakása: a tile goes free into the quarter its slot faces, and into another
    by turning down the action marker of the coin beside its slot: the last tap's words say which,
    or "no action marker", as the placement played turns it down."""
    paid = free = 0
    for s, action, taps in placements_tapped():
        marker = RULES.apply(s, action).position.down[s.position.to_move] & ~s.position.down[s.position.to_move]
        if marker:
            k = marker.bit_length() - 1
            assert f"turns down your action marker {k + 1} ({SPEC.quarter_names[k]})" in taps[2], taps
            paid += 1
        else:
            assert "no action marker" in taps[2] and "turns down" not in taps[2], taps
            free += 1
    assert paid and free


def test_a_refresh_with_every_marker_face_up_is_asked_once():
    """A játék menete 2.: a refresh turns the player's face-down action markers face up; with
    none face down it turns nothing and spends the turn, so the phone asks once; with one face
    down it plays at one tap."""
    s = RULES.start({"rondel": ["Yew", "Gc", "Yc", "Bew"], "players": [{"name": "Anna"}, {"name": "Bence"}]})
    assert "face up" in PLAY.confirm(s, Refresh())
    turned = next(a for a in RULES.legal_actions(s) if isinstance(a, Place)
                  and SPEC.spaces[a.placement.space].quarter != SPEC.facing_quarter(a.placement.slot, s.position.sides[0]))
    s = RULES.apply(s, turned)
    while RULES.to_act(s) == CHANCE or RULES.to_act(s) == "Anna":
        s = RULES.apply(s, RULES.legal_actions(s)[-1] if RULES.to_act(s) == "Anna" else RULES.legal_actions(s)[0])
    s = RULES.apply(s, Refresh())  # Bence
    while RULES.to_act(s) == CHANCE:
        s = RULES.apply(s, RULES.legal_actions(s)[0])
    assert RULES.to_act(s) == "Anna" and s.position.down[0]
    assert PLAY.confirm(s, Refresh()) is None and PLAY.taps(s, Refresh()) == (REFRESH,)
    assert all(PLAY.confirm(s, a) is None for a in RULES.legal_actions(s) if isinstance(a, Place))


def test_two_players_choose_the_colour_of_their_worker_on_the_board():
    """Szabályok 2 játékosra: with none of a player's workers on a tile of that colour in the
    quarter, the new worker may be of either colour: two ways, each saying its colour."""
    s = RULES.start({"rondel": ["Yew", "Gc", "Yc", "Bew"], "players": [{"name": "Anna"}, {"name": "Bence"}]})
    ways = [PLAY.taps(s, a) for a in RULES.legal_actions(s)]
    towards = [t for t in ways if len(t) == 3 and "arrow to you" in t[2]]
    by_place: dict[tuple[str, str], list[str]] = {}
    for taps in towards:
        by_place.setdefault(taps[:2], []).append(taps[2])
    assert by_place and all(len(words) == 2 for words in by_place.values())
    first = next(iter(by_place.values()))
    assert any("add a worker a (green)" in w for w in first) and any("add a worker b (red)" in w for w in first)


def test_deal_for_us_draws_four_tiles_from_the_set_onto_the_rondel():
    """Előkészületek 3.-4.: the 60 tiles mixed in the bag, four drawn onto rondel slots 1-4. The
    deal's answer reads back as typed, never holds more of a tile than the set has, draws every
    kind over many deals, and tells the table which tile goes on which slot and that the rest go
    in the bag."""
    seen = set()
    for seed in range(300):
        answers, sentences = PLAY.deal(["Anna", "Bence"], random.Random(seed))
        tiles = PLAY.read_rondel(answers["rondel"])
        assert len(tiles) == 4 and answers["rondel"] == " ".join(tiles)
        seen.update(tiles)
        assert len(sentences) == 6 and "Előkészületek 4." in sentences[0]
        for k, tile in enumerate(tiles):
            assert sentences[k + 1].startswith(f"slot {k + 1}: ") and sentences[k + 1].endswith(f" — {tile}")
        assert "56 tiles go into the bag" in sentences[5] and "Előkészületek 3." in sentences[5]
    everything = {SPEC.tile_name(c, k) for c in range(len(SPEC.colours)) for k in range(len(SPEC.kinds))}
    assert seen == everything
    assert PLAY.deal(["Anna"], random.Random(5)) == PLAY.deal(["Anna"], random.Random(5))
    assert "a column in the middle" in PLAY.tile_described((0, 0))
    assert PLAY.tile_described((1, SPEC.kind_index("ne"))).startswith("orange O, half columns on its top and right edges")


def test_the_rondels_words_refuse_a_dealt_answer_edited_wrongly():
    """A dealt rondel stays an answer the table may edit; an edit the set cannot hold is refused in
    words (Előkészületek 4.)."""
    with pytest.raises(BadInput, match="four tiles are drawn"):
        PLAY.read_rondel("Bne Rc")
    assert notation.tile_text(SPEC, (0, 0)) == "Bc"


def test_the_game_page_offers_the_board_to_the_player_to_act_only(tmp_path):
    """Issue 44 through the web companion: the phone of the player to act has the board, its lit
    targets are the rondel's tiles (the spaces light once a tile is tapped), its tree of taps holds
    every event that has a path, and a phone of a player waiting has no board."""
    import html
    import json

    companion = Companion(folder=tmp_path, data=None, lan=False)
    web = TestClient(create_app(companion), follow_redirects=False)
    record = random_game(RULES, random.Random(12), 3)
    Session.start(GAME, SPEC, tmp_path / "palace.toml", record.setup)
    session = companion.session("palace")
    names = session.players()
    for k, event in enumerate(record.events[:40]):
        who = session.to_act
        if who != CHANCE:
            for seat, name in enumerate(names):
                web.cookies.set("tajkit_seat_palace", str(seat))
                page = web.get("/g/palace").text
                if name != who:
                    assert '<div class="board"' not in page
                    continue
                board = page.split('<div class="board"')[1].split("</svg>")[0]
                lit = [html.unescape(key) for key in re.findall(r'data-tap="([^"]+)" class="target next"', board)]
                tree = json.loads(page.split('class="board-taps">')[1].split("</script>")[0])
                assert lit and all(key.startswith("tile ") for key in lit) and set(lit) <= tree.keys()
                legal = {RULES.format(session.state, a) for a in RULES.legal_actions(session.state)
                         if PLAY.taps(session.state, a)}
                assert {leaf for leaf in _leaves(tree)} == legal
        session.apply(event)


def _leaves(tree: dict) -> list[str]:
    found = [tree["@"]] if "@" in tree else []
    for key, under in tree.items():
        if key not in ("@", "?"):
            found += _leaves(under)
    return found


@pytest.mark.parametrize("under_way", ["2c4s+", [3], ["9z9"], ["end"]])
def test_a_board_file_with_a_wrong_turn_under_way_is_refused_in_words(under_way):
    """The board file's turn under way is the phones' own, but a state file that carries one (to
    ``tajkit show``) is checked like every event: a wrong one is refused with words, never a
    traceback (a turn places a tile or refreshes first: A játék menete)."""
    data = {**PLAY.state_file(RULES.start({"rondel": ["Yew", "Gc", "Yc", "Bew"], "players": [{"name": "Anna"},
                                                                                               {"name": "Bence"}]})),
            "turn under way": under_way}
    with pytest.raises(BadInput):
        drawing.board(SPEC, data, "Anna")


def test_a_drawn_tiles_column_marks_are_drawn_beside_their_words():
    """Előkészületek 4. and A mozaik lehelyezésének szabályai: a tile's column marks decide where
    it may lie, so the table's words for a tile drawn from the bag ("half columns on its top and
    right edges (arrow up)") come with a small drawing of those marks: one per kind, a half disc
    per edge mark and a disc for the centre column, never instead of the words."""
    from urllib.parse import unquote

    icons = {}
    for k, kind in enumerate(SPEC.kinds):
        words = PLAY.marks_words(k)
        icon = unquote(drawing.swatch(SPEC, words))
        assert icon.count("<path") == bin(kind.marks & 15).count("1") and ("<circle" in icon) == kind.centre, (words, icon)
        icons[words] = icon
    assert len(set(icons.values())) == len(SPEC.kinds)  # each kind drawn apart
    assert drawing.swatch(SPEC, "blue tile (B)").startswith("#")  # the colour, as before
