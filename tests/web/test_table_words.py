"""The table's own events in words on the phones (issue 44: "a group that has never read the
notation"). When the table acts — TAJ's rug laid out, Maharani's tile drawn from the bag, Taj
Mahal's starting player, Karigar-e-Taj's Bazaar and Alliance draws — every phone shows the event
as words to tap one after another (``TablePlay.taps`` for a chance action: "outer green (G)",
"middle orange (O)", "centre pink (P)"), and the table's list says each event in the same words;
a button's value stays the event, which the same ``parse`` checks. Artisans' roll stays its
list ("roll 3 5", beside the virtual dice). The route tests walk seeded random games (Starlette's
client); the browser test taps a Maharani draw and a TAJ rug by their words at 360 x 640."""

from __future__ import annotations

import html
import json
import random
import re
from functools import cache

import pytest
from phones import POLLED, SMALL, record_events, tap_targets_too_small, too_wide, wait_for_number
from test_web_play import leaves
from starlette.testclient import TestClient

from tajkit.cli.web.app import Companion, create_app
from tajkit.solver import games
from tajkit.solver.protocol import CHANCE, random_game
from tajkit.solver.session import Session, read_record

TABLE_GAMES = ("taj", "maharani", "tajmahal", "karigar")  # the games whose table acts by chance with components
SEEDS = {"taj": ((1, 2), (6, 4)), "maharani": ((2, 3), (5, 2)), "tajmahal": ((3, 3), (8, 5)),
         "karigar": ((4, 2), (7, 3))}


@cache
def game_of(game_id: str):  # noqa: ANN201
    info = games.get(game_id)
    spec = info.load_spec()
    return info, spec, info.rules(spec), info.play(spec)


@cache
def table_states(game_id: str, seed: int, players: int) -> tuple:
    """Every state of a seeded random game (``random_game``) where the table acts."""
    _, _, rules, _ = game_of(game_id)
    record = random_game(rules, random.Random(seed), players)
    state, found = rules.start(record.setup), []
    for event in record.events:
        if rules.to_act(state) == CHANCE:
            found.append(state)
        state = rules.apply(state, rules.parse(state, event))
    return tuple(found)


def colour_problems(game_id: str, spec, taps: tuple[str, ...]) -> list[str]:  # noqa: ANN001
    """Where a tap names a colour, its letter is beside it: colour is never the only signal."""
    if game_id == "taj":
        wanted = [rf"{portion} ({'|'.join(spec.colours)}) \(([A-Z])\)" for portion in spec.portions]
        found = [re.fullmatch(w, tap) for w, tap in zip(wanted, taps)]
        return [] if len(taps) == 3 and all(f and f.group(2) == f.group(1)[0].upper() for f in found) else [str(taps)]
    if game_id == "maharani":
        codes = {c.name: c.code for c in spec.colours}
        first = re.fullmatch(r"(\w+) tile \((\w)\)", taps[0])
        return [] if len(taps) == 2 and first and codes.get(first.group(1)) == first.group(2) else [str(taps)]
    if game_id == "karigar" and not taps[0].startswith("Alliance card for "):
        first = re.fullmatch(r"(yellow|blue) card \(([YB])\) for place \d+", taps[0])
        return [] if len(taps) == 2 and first and first.group(2) == first.group(1)[0].upper() else [str(taps)]
    return []


@pytest.mark.parametrize("game_id", TABLE_GAMES)
def test_every_table_event_has_words_of_its_own(game_id):
    """At every state of seeded random games where the table acts: every legal event has taps of
    words (not its notation alone, a colour with its letter), read back by the notation as that
    event; no two events share their words, and none is the start of another's (a tap then
    plays exactly one event)."""
    _, spec, rules, play = game_of(game_id)
    checked = 0
    for seed, players in SEEDS[game_id]:
        for state in table_states(game_id, seed, players)[:40]:
            paths = []
            for action in rules.legal_actions(state):
                text, taps = rules.format(state, action), play.taps(state, action)
                assert taps, f"{game_id}: {text!r} has no words"
                assert " · ".join(taps) != text and all(len(tap.split()) > 1 for tap in taps), (text, taps)
                assert play.tap_orders(state, action) == (taps,)
                assert rules.parse(state, text) == action
                assert colour_problems(game_id, spec, taps) == []
                paths.append(taps)
            assert len(set(paths)) == len(paths), game_id
            for taps in paths:
                assert not any(other != taps and other[:len(taps)] == taps for other in paths), taps
            checked += 1
    assert checked >= 2


# --- on the page ----------------------------------------------------------------------------------




def table_board(page: str) -> dict:
    """The tap tree of the page's table board (the table's own event, words alone)."""
    board = page.split('<div class="board" id="board-table-')[1]
    assert "<svg" not in board.split("</script>")[0]  # words alone: no picture to tap
    return json.loads(board.split('class="board-taps">')[1].split("</script>")[0])


def swatches_of(page: str) -> dict[str, str]:
    """The colours the table board paints beside the words that name them (none: {})."""
    if 'class="board-swatches">' not in page:
        return {}
    return json.loads(page.split('class="board-swatches">')[1].split("</script>")[0])


def list_buttons(web: TestClient, page: str) -> dict[str, str]:
    """The table's list: every event button (value → its words), groups opened as a thumb does."""
    found = {}
    pending = [page]
    while pending:
        part = pending.pop()
        for value, words in re.findall(r'<button name="event" value="([^"]*)">([^<]*)</button>', part):
            found[html.unescape(value)] = html.unescape(words)
        for url in re.findall(r'hx-get="(/g/night/choices\?who=chance[^"]*)"', part):
            pending.append(web.get(html.unescape(url)).text)
    return found


def group_names(page: str) -> list[str]:
    return [html.unescape(s) for s in re.findall(r"<summary>([^<]*) … \(\d+\)</summary>", page)]


@pytest.mark.parametrize("game_id", TABLE_GAMES)
def test_the_table_taps_its_event_by_words_on_every_phone_and_its_list_says_them(tmp_path, game_id):
    """On a seated phone and on one that watches, while the table acts: a board of words (no
    picture) whose paths end in exactly the legal events; the table's list (kept, folded)
    whose buttons say the same words, each button's value the event; its groups named in words;
    an event posted from the board's form is recorded as the event."""
    info, spec, rules, play = game_of(game_id)
    seed, players = SEEDS[game_id][0]
    record = random_game(rules, random.Random(seed), players)
    Session.start(info, spec, tmp_path / "night.toml", record.setup)
    companion = Companion(folder=tmp_path, data=None, lan=False)
    app = create_app(companion)
    seated, watching = TestClient(app, follow_redirects=False), TestClient(app, follow_redirects=False)
    seated.cookies.set("tajkit_seat_night", "0")
    session = companion.session("night")
    checked = posted = 0
    for n, event in enumerate(record.events):
        if session.to_act == CHANCE and checked < 6:
            legal = session.legal()
            for web in (seated, watching):
                page = web.get("/g/night").text
                assert "<h2>What the table shows</h2>" in page
                paths = leaves(table_board(page))
                assert sorted(e for _, e in paths) == sorted(legal)
                assert len({taps for taps, _ in paths}) == len(paths)
                assert all(any(ch.isalpha() for ch in tap) for taps, _ in paths for tap in taps)
                assert 'data-keep="lists"' in page  # the list stays, for those who like it
                painted = swatches_of(page)
                named = {tap for taps, _ in paths for tap in taps if re.search(r"\b(card|tile|outer|middle|centre)\b.*\([A-Z]\)|"
                                                                            r"\([A-Z]\) for place", tap)}
                colours = {tap: c for tap, c in painted.items() if not c.startswith("url(")}
                drawn = set(painted) - set(colours)  # Maharani's column marks, drawn beside their words
                assert set(colours) == named and all(re.fullmatch(r"#[0-9A-Fa-f]{6}", c) for c in colours.values())
                assert all("column" in tap for tap in drawn) and (game_id == "maharani") == bool(drawn)
                words = dict((e, " · ".join(t)) for t, e in paths)
                buttons = list_buttons(web, page)
                assert buttons == {e: words[e] for e in legal}  # each button the event, said in words
                assert all(re.search(r"\([A-Z]\)", g) for g in group_names(page)), group_names(page)  # a colour's letter
            checked += 1
            if not posted:  # the board's form posts the event itself, as the list's button does
                answer = seated.post("/g/night/event", data={"token": companion.token, "event": event,
                                                             "v": session.version})
                assert answer.status_code == 303, answer.text
                assert read_record(tmp_path / "night.toml", game_id).events == record.events[:n + 1]
                posted += 1
                continue
        session.apply(event)
    assert posted and checked >= (1 if game_id == "tajmahal" else 2)  # Taj Mahal: one draw, who starts


def test_artisans_roll_stays_its_list_beside_the_virtual_dice(tmp_path):
    """Artisans' rolls are words already ("roll 3 5"), beside "Roll the dice for the table": no
    table board, the list as it was."""
    info, spec, rules, _ = game_of("artisans")
    record = random_game(rules, random.Random(1), 2)
    Session.start(info, spec, tmp_path / "night.toml", record.setup)
    companion = Companion(folder=tmp_path, data=None, lan=False)
    page = TestClient(create_app(companion)).get("/g/night").text
    assert companion.session("night").to_act == CHANCE
    assert 'id="board-table-' not in page and "Roll the dice for the table" in page
    assert '<button name="event" value="roll 1 1">roll 1 1</button>' in page


# --- in a real browser --------------------------------------------------------------------------


def to_the_tables_turn(game_id: str, path, seed: int, players: int, draws: int) -> tuple[str, tuple[str, ...]]:
    """A game (``Session.start`` at ``path``) played from a seeded random game up to the table's
    ``draws``-th event; that event, and the words that tap it."""
    info, spec, rules, play = game_of(game_id)
    record = random_game(rules, random.Random(seed), players)
    session = Session.start(info, spec, path, record.setup)
    seen = 0
    for event in record.events:
        if session.to_act == CHANCE:
            seen += 1
            if seen == draws:
                return event, play.taps(session.state, rules.parse(session.state, event))
        session.apply(event)
    raise AssertionError(f"{game_id}: fewer than {draws} table events")


def tap_words(page, taps: tuple[str, ...], shots, name: str) -> None:
    """Tap the table's event by its words, one button after another, each page checked and shot."""
    from playwright.sync_api import expect  # (the browser tests skip, saying why, where Playwright is missing)

    board = page.locator("#mine .board[id^=board-table-]")
    for k, words in enumerate(taps):
        button = board.locator(".board-choices button.board-choice", has_text=re.compile(f"^{re.escape(words)}$"))
        expect(button).to_have_count(1, timeout=POLLED)  # (a poll may redraw the part meanwhile: waited for, not raced)
        assert tap_targets_too_small(page) == [] and too_wide(page) == [], words
        page.screenshot(path=shots / f"{name}-{k}.png", full_page=True)
        button.click()
        if k < len(taps) - 1:  # what was chosen so far, said above the next choices, with Back
            assert board.locator(".board-path strong").inner_text() == " · ".join(taps[:k + 1])


@pytest.mark.slow
def test_a_maharani_draw_and_a_taj_rug_are_tapped_as_words_at_360(server, browser, tmp_path):
    """Issue 44 ("a group that has never read the notation"): on a 360 x 640 phone the table's
    tile from the bag is its colour then its column marks in words (Előkészületek 4.), and a rug
    laid out is its colours outer, middle, centre, each with its letter (TAJ: Playing the Game);
    the event recorded is the notation the words stand for (and a Karigar Bazaar card: its colour,
    then what it shows). Every step fits the phone, every button a finger's size; the list
    (folded) says the same words."""
    shots = tmp_path / "shots"
    shots.mkdir()
    for game_id, name, seed, players, draws in (("maharani", "bag", 2, 3, 3), ("taj", "rugs", 1, 3, 4),
                                                 ("karigar", "bazaar", 4, 2, 1)):
        path = server.folder / f"{name}.toml"
        event, taps = to_the_tables_turn(game_id, path, seed, players, draws)
        page = browser.new_context(viewport=SMALL).new_page()
        page.goto(f"{server.base}/g/{name}")
        page.get_by_role("button", name="I am ").first.click()
        page.locator("#mine .board[id^=board-table-] h2", has_text="What the table shows").wait_for()
        before = len(record_events(path))
        tap_words(page, taps, shots, name)
        wait_for_number(page, before + 1)
        assert record_events(path)[-1] == event, (game_id, taps)
        page.screenshot(path=shots / f"{name}-played.png", full_page=True)
        assert too_wide(page) == []
        page.context.close()
    # the list, for those who like it: the same words, the event the button's value
    page = browser.new_context(viewport=SMALL).new_page()
    page.goto(f"{server.base}/g/rugs")
    page.locator("#mine details[data-keep=lists] > summary").click()
    group = page.locator("#mine details[data-keep=lists] details > summary").first
    assert re.fullmatch(r"outer \w+ \([A-Z]\) … \(\d+\)", group.inner_text()), group.inner_text()
    group.click()
    inner = page.locator("#mine details[data-keep=lists] details[open] details > summary").first
    inner.wait_for()
    inner.click()
    button = page.locator("#mine details[data-keep=lists] button[name=event]:visible").first
    button.wait_for()
    assert re.fullmatch(r"outer \w+ \(\w\) · middle \w+ \(\w\) · centre \w+ \(\w\)", button.inner_text())
    value = button.get_attribute("value")
    assert button.inner_text() == " · ".join(game_of("taj")[3].rug_taps(value.split()))
    assert tap_targets_too_small(page) == [] and too_wide(page) == []
    page.screenshot(path=shots / "rugs-list.png", full_page=True)


def test_another_phones_draw_redraws_the_table_board_with_the_game_as_it_is(tmp_path):
    """TAJ's rugs are the same 125 events ten times over (Setup): after one phone lays a rug out,
    another phone's poll brings its table board anew, made against the game as it now is, so its
    next rug is recorded, not refused as made before the first."""
    info, spec, rules, _ = game_of("taj")
    Session.start(info, spec, tmp_path / "night.toml", {"players": ["Asha", "Ben", "Chen"], "dealer": "Chen"})
    companion = Companion(folder=tmp_path, data=None, lan=False)
    app = create_app(companion)
    one, other = TestClient(app, follow_redirects=False), TestClient(app, follow_redirects=False)
    page = other.get("/g/night").text
    t, m = re.search(r'/g/night/live\?t=(\w+)&amp;m=(\w+)"', page).groups()
    version = companion.session("night").version
    assert one.post("/g/night/event", data={"token": companion.token, "event": "pink green blue", "v": version}).status_code == 303
    live = other.get(f"/g/night/live?t={t}&m={m}").text
    mine = live.split('id="mine"')[1]
    assert 'id="board-table-2"' in mine
    fresh = re.search(r'class="board-form".*?name="v" value="([^"]+)"', mine, re.S).group(1)
    assert fresh == companion.session("night").version != version
    answer = other.post("/g/night/event", data={"token": companion.token, "event": "blue blue yellow", "v": fresh})
    assert answer.status_code == 303 and read_record(tmp_path / "night.toml", "taj").events == ("pink green blue",
                                                                                                "blue blue yellow")
