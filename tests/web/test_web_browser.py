"""The web companion in a real browser at phone sizes (issues 27 and 39): whole games played by
three phones, each held by a player, with a fourth that only watches; a reload after every kind of
tap; a group kept open while another phone plays; the final score read on a 360 px phone; every
tap target at least 44 px. Screenshots of each page go to the test's folder (``shots/``)."""

from __future__ import annotations

import re

import pytest

from tajkit.solver import games
from tajkit.solver.protocol import random_game, replay
from tajkit.solver.session import Session, read_record

# The live part of a page polls every 1.5 s, so another phone's move shows within a second or two;
# a machine under heavy load (CI beside other work) may take many times that.
POLLED = 30_000

pytestmark = pytest.mark.slow  # a browser and a server each; about half a minute in all


def tap_targets_too_small(page) -> list[str]:
    """Buttons, links, inputs and summaries under 44 px high (or wide, for buttons)."""
    page.wait_for_function("Array.from(document.images).every(i => i.complete || i.offsetParent === null)",
                           timeout=POLLED)  # the position drawn (a picture in a closed group loads when opened)
    small = []
    for element in page.locator("button, a, input:not([type=hidden]), select, summary").all():
        if not element.is_visible():
            continue
        box = element.bounding_box()
        if box is not None and (box["height"] < 44 or box["width"] < 44):
            small.append(f"{element.evaluate('e => e.outerHTML')[:80]} {box['width']:.0f}x{box['height']:.0f}")
    return small


SMALL = {"width": 360, "height": 640}
SIZES = (SMALL, {"width": 390, "height": 844})


def too_wide(page) -> list[str]:
    """Elements that stick out of the viewport on the right (clipped or scrolled sideways)."""
    return page.evaluate("""() => Array.from(document.querySelectorAll('body *'))
        .filter(e => e.getBoundingClientRect().right > window.innerWidth + 1 && e.offsetParent !== null)
        .map(e => e.tagName + '#' + e.id + '.' + e.className)""")


def record_events(path) -> tuple[str, ...]:
    return read_record(path, path.read_text().split('game = "')[1].split('"')[0]).events


def latest_number(page) -> int:
    """The number of the latest event the page tells (0 before the first)."""
    first = page.locator("#status ol.happened li.latest .number")
    return int(first.inner_text().rstrip(".")) if first.count() else 0


def wait_for_number(page, number: int) -> None:
    try:
        page.wait_for_function(f"""() => {{ const n = document.querySelector('#status li.latest .number');
            return (n ? parseInt(n.textContent) : 0) === {number}; }}""", timeout=POLLED)
    except Exception:
        page.screenshot(path=page.context.pages[0].url.replace("/", "_")[-20:] + "-stuck.png", full_page=True)
        raise AssertionError(f"the page did not come to event {number}: {page.locator('#flash').inner_text()!r}") from None


def own_buttons(page):
    return page.locator("#mine button[name=event]:visible")


def has_own_choice(page) -> bool:
    """The phone offers its holder (or the table) something to tap: a button, a group of them,
    or a lit target on the board — not merely "Enter for another player"."""
    own = "#mine button[name=event]:visible, #mine .board rect.target.next, #mine .board button.board-choice"
    groups = '#mine details[data-keep*="|"] > summary:visible, #mine details[data-keep=lists] > summary:visible'
    return page.locator(own).count() > 0 or page.locator(groups).count() > 0


def tap_one_choice(page, rng, prefer: str = "") -> str:
    """Tap one of the phone's own choices as a thumb does: a button in view, or open a group and
    tap inside it. Returns the button's words."""
    while True:
        buttons = own_buttons(page)
        if buttons.count():
            texts = buttons.all_inner_texts()
            chosen = next((k for k, t in enumerate(texts) if prefer and t.startswith(prefer)), rng.randrange(len(texts)))
            words = texts[chosen]
            buttons.nth(chosen).click()
            return words
        groups = page.locator("#mine details:not([open]) > summary:visible")
        summary = groups.nth(rng.randrange(groups.count()))
        key = summary.locator("xpath=..").get_attribute("data-keep")
        summary.click()
        page.locator(f'#mine details[data-keep="{key}"] > .items').locator("button, summary").first.wait_for(timeout=POLLED)


def tap_on_board(page, rng, prefer: str = "", cancel_once: list[bool] | None = None) -> str:
    """Play one event on the phone's board as a finger does: a lit target on the picture (or a
    button beside it, such as "Write nothing"), then the choices that follow, one level at a
    time, confirming a costly one (cancelling the first confirmation asked, when told to, and
    checking that nothing was played). Returns the words of the last tap."""
    board = page.locator("#mine .board")
    choices = board.locator(".board-choices button.board-choice")
    texts = choices.all_inner_texts()
    liked = [k for k, t in enumerate(texts) if prefer and prefer in t]
    targets = board.locator("rect.target.next")
    if liked or not targets.count():
        tapped = choices.nth(liked[0] if liked else rng.randrange(len(texts)))
    else:
        tapped = targets.nth(rng.randrange(targets.count()))
    while True:
        words, number = tapped.text_content(), latest_number(page)
        tapped.click()  # the page answers at once: what follows, a question, or the event on its way
        if board.locator(".board-choices .sending").count() or latest_number(page) > number:
            return words
        asked = board.locator(".board-choices p.confirm")
        if asked.count():
            if cancel_once and cancel_once[0]:
                cancel_once[0] = False
                board.locator(".board-choices button", has_text="Cancel").click()
                page.wait_for_timeout(300)
                assert latest_number(page) == number and asked.count() == 0  # nothing played
                return tap_on_board(page, rng, prefer, cancel_once)
            yes = board.locator(".board-choices button", has_text="Yes: ")
            words = yes.inner_text()
            yes.click()
            return words
        choices.first.wait_for(timeout=POLLED)
        tapped = choices.nth(rng.randrange(choices.count()))


def phones_for(browser, base: str, name: str, players: list[str]):
    """One phone per player, each saying once who holds it, and one that only watches: phones of
    360 x 640 and 390 x 844, taking turns."""
    held = []
    for k, player in enumerate(players):
        page = browser.new_context(viewport=SIZES[k % 2]).new_page()
        page.goto(f"{base}/g/{name}")
        page.get_by_role("button", name=f"I am {player}").click()
        page.get_by_text(f"This phone is {player}'s").wait_for()
        held.append(page)
    watching = browser.new_context(viewport=SIZES[1]).new_page()
    watching.goto(f"{base}/g/{name}")
    return held, watching


def reload_and_check(page, path, kind: str, reloaded: set[str]) -> None:
    """A reload after a kind of tap, once each kind: the page comes back, nothing is recorded again."""
    if kind in reloaded:
        return
    reloaded.add(kind)
    before = record_events(path)
    page.reload()
    page.locator("#status").wait_for()
    assert page.url.endswith(path.stem)  # never left at a POST's address
    assert record_events(path) == before, kind


def play_on_phones(held, watching, path, rng, players, shots, prefer: str = "") -> None:
    """The whole game: whoever's phone has choices taps one (the table's events from any phone),
    each tap waited for on that phone; one reload after every kind of tap."""
    reloaded: set[str] = set()
    cancel_once = [True]  # the first costly use asked about is cancelled, then played another time
    turn = 0
    while True:
        events = record_events(path)
        for phone in held:  # every phone learns the last event by polling (within about a second)
            wait_for_number(phone, len(events))
        if "The game is over." in held[0].locator("#status .turn").inner_text():
            break
        acting = [p for p in held if has_own_choice(p)]
        assert acting, "nobody's phone offers a choice, and the game is not over"
        turn += 1
        phone = acting[turn % len(acting)]
        is_table = phone.locator("#mine h2", has_text="What the table shows").count() > 0
        on_board = not is_table and phone.locator("#mine .board").count() > 0
        try:  # a liked choice (Artisans: writing nothing, a short game) on two turns in three
            liked = prefer if turn % 3 else ""
            words = (tap_on_board(phone, rng, liked, cancel_once) if on_board
                     else tap_one_choice(phone, rng, "" if is_table else liked))
        except Exception:
            phone.screenshot(path=shots / "stuck.png", full_page=True)
            raise
        wait_for_number(phone, len(events) + 1)
        assert record_events(path)[:len(events)] == events
        kind = "table" if is_table else "board" if on_board else "own"
        reload_and_check(phone, path, kind, reloaded)
        if turn == 3:  # an undo and a redo from the phone that played, each reloaded after
            phone.locator("#status button", has_text="Undo").click()
            wait_for_number(phone, len(events))
            reload_and_check(phone, path, "undo", reloaded)
            phone.locator("#status button", has_text="Redo").click()
            wait_for_number(phone, len(events) + 1)
            reload_and_check(phone, path, "redo", reloaded)
            phone.screenshot(path=shots / "after-redo.png", full_page=True)
        assert words


def test_a_whole_artisans_game_on_three_phones_and_one_that_watches(server, browser, tmp_path):
    """Issue 39: three phones, each a seat, write the table's rolls and their own uses of each
    roll; a phone that only watches is current at the end (its event list and standings); a group
    kept open stays open while another phone plays; the final score fits a 360 px phone."""
    import random

    artisans = games.get("artisans")
    players = ["Asha", "Babur", "Chen"]
    path = server.folder / "evening.toml"
    Session.start(artisans, artisans.load_spec(), path,
                  {"players": [{"name": "Asha", "age": 30}, {"name": "Babur", "age": 41}, {"name": "Chen"}]})
    held, watching = phones_for(browser, server.base, "evening", players)
    shots = tmp_path / "shots"
    shots.mkdir(exist_ok=True)
    held[0].screenshot(path=shots / "seat.png", full_page=True)

    held[1].get_by_role("button", name="roll 3 5").click()  # the table's roll, from any phone
    wait_for_number(held[1], 1)
    for phone in held:
        wait_for_number(phone, 1)
    # Chen's taps so far and the list he opened stay while Asha plays and the poll swaps the page
    chen = held[2]
    chen.locator("#mine .board rect.target.next").first.click()
    chosen = chen.locator("#mine .board-path strong").inner_text()
    chen.locator("#mine details[data-keep=lists] > summary").click()
    chen.locator("#mine details > summary", has_text="dome").first.click()
    chen.locator("#mine details[open] .items button").first.wait_for()
    opened = chen.locator("#mine details[open] details[open]").first.get_attribute("data-keep")
    tap_on_board(held[0], random.Random(1))
    wait_for_number(chen, 2)
    assert chen.locator(f'#mine details[data-keep="{opened}"]').evaluate("d => d.open")
    assert chen.locator("#mine .board-path strong").inner_text() == chosen
    assert tap_targets_too_small(chen) == []
    chen.screenshot(path=shots / "kept-open.png", full_page=True)
    chen.locator("#mine details[data-keep=lists] > summary").click()  # closed again: the board plays

    play_on_phones(held, watching, path, random.Random(7), players, shots, prefer="nothing")
    final = record_events(path)
    for phone in held + [watching]:
        wait_for_number(phone, len(final))
    watching.locator("#log summary").click()
    watching.locator("#log ol.log li").nth(len(final) - 1).wait_for()
    assert watching.locator("#log ol.log > li").count() == len(final)
    totals = {row.locator("td").nth(1).inner_text(): int(row.locator("td").nth(2).inner_text())
              for row in watching.locator("#standings table.ranks tbody tr").all()}
    scored = Session.open(artisans, artisans.load_spec(), path).standings()
    assert {name.split("\n")[0]: total for name, total in totals.items()} == {p.name: p.total for p in scored.players}
    small = held[0]
    small.set_viewport_size(SMALL)
    assert tap_targets_too_small(small) == []  # (and every picture drawn)
    small.screenshot(path=shots / "final-360.png", full_page=True)
    assert too_wide(small) == []
    assert small.locator("#standings").get_by_text("The final score").is_visible()
    assert small.locator("#status").get_by_text("The game is over.").is_visible()


def test_a_whole_taj_game_on_three_phones(server, browser, tmp_path):
    """Issue 39: TAJ played to its end by taps on three phones, each a seat (proposals, votes,
    what the table reveals), with a reload after every kind of tap; no event is recorded twice and
    the final score fits a 360 px phone."""
    import random

    taj = games.get("taj")
    record = random_game(taj.rules(taj.load_spec()), random.Random(3), 3)  # a dealt display and goals
    path = server.folder / "rugs.toml"
    Session.start(taj, taj.load_spec(), path, record.setup)
    names = list(Session.open(taj, taj.load_spec(), path).players())
    held, watching = phones_for(browser, server.base, "rugs", names)
    shots = tmp_path / "shots"
    shots.mkdir(exist_ok=True)
    play_on_phones(held, watching, path, random.Random(5), names, shots)
    final = record_events(path)
    replay(taj.rules(taj.load_spec()), read_record(path, "taj"))
    for phone in held + [watching]:
        wait_for_number(phone, len(final))
    watching.screenshot(path=shots / "taj-final-watching.png", full_page=True)
    small = held[0]  # 360 px wide
    assert tap_targets_too_small(small) == []
    small.screenshot(path=shots / "taj-final-360.png", full_page=True)
    assert too_wide(small) == [] and too_wide(watching) == []
    assert small.locator("#standings").get_by_text("The final score").is_visible()


def test_a_taj_table_scored_through_the_form_with_one_mistake_corrected(server, phone):
    """Issue 27: a finished TAJ table typed into the phone's form, a mistake shown beside its
    field with every other value kept, corrected, and the result: each player's breakdown."""
    page = phone
    page.goto(f"{server.base}/score/taj?players=2")
    page.locator("[name=t_display]").fill("pink green blue\nblue orange yellow\ngreen yellow pink\n"
                                          "orange pink green\nyellow blue orange\ngreen blue pink")
    page.locator("[name=t_taj]").fill("2")
    page.locator("[name=t_plus_one]").fill("rigth")  # the mistake
    page.locator("[name=p0_name]").fill("Asha")
    page.locator("[name=p0_goal]").fill("orange blue green")
    page.locator("[name=p1_name]").fill("Ben")
    page.locator("[name=p1_goal]").fill("pink yellow orange")
    page.locator("form button[type=submit]").last.click()
    page.locator(".field-problem").first.wait_for()
    page.screenshot(path=page.shots / "score-mistake.png", full_page=True)
    assert page.locator("[name=p0_goal]").input_value() == "orange blue green"  # nothing lost
    assert page.locator("[name=t_plus_one]").input_value() == "rigth"
    page.locator("[name=t_plus_one]").fill("right")
    page.locator("form button[type=submit]").last.click()
    page.get_by_text("Ranking").first.wait_for()
    page.screenshot(path=page.shots / "score-result.png", full_page=True)
    assert "Asha" in page.content() and "Ben" in page.content()
    assert tap_targets_too_small(page) == []


def test_a_position_keeps_a_boards_columns_and_wraps_words_on_a_phone(server, phone):
    """The position as text on a phone: Maharani's board rows keep their columns, each on one
    line, and Artisans' lines of words wrap; the page itself is never wider than the phone (a wide
    row scrolls inside its box)."""
    maharani, artisans = games.get("maharani"), games.get("artisans")
    Session.start(maharani, maharani.load_spec(), server.folder / "mosaic.toml",
                  {"rondel": ["Yew", "Gc", "Yc", "Bew"], "players": [{"name": "Anna"}, {"name": "Bence"}]})
    Session.start(artisans, artisans.load_spec(), server.folder / "evening.toml",
                  {"players": [{"name": "Asha"}, {"name": "Babur"}]}).apply("roll 4 6", "dome middle 4")
    page = phone
    page.goto(f"{server.base}/g/mosaic")
    page.locator("summary", has_text="The position").click()
    line = page.locator("pre.text span").first.evaluate("e => parseFloat(getComputedStyle(e).lineHeight)")
    board = [r for r in page.locator("pre.text span.columns").all() if r.inner_text().strip()[:2] in ("8 ", "1 ")]
    assert len(board) == 2
    assert all(r.bounding_box()["height"] <= line * 1.5 for r in board)  # one line each
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=page.shots / "maharani.png", full_page=True)

    page.goto(f"{server.base}/g/evening")
    page.locator("summary", has_text="The position").click()
    words = page.locator("pre.text span.words").filter(has_text="raindrops used").first
    assert words.bounding_box()["height"] > line * 1.5  # wrapped, not cut
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=page.shots / "artisans.png", full_page=True)




def test_the_virtual_dice_and_a_costly_use_asked_once_cancelled_then_played(server, browser, tmp_path):
    """Issue 44 on two phones: "Roll the dice for the table" (Artisans, Setting Up: "a pair of
    virtual dice") on one phone, the same roll told on both; then on the board, a use of the roll
    that marks 3 raindrops or more asks first: cancelled, nothing is recorded; asked again and
    confirmed, it is recorded in its player's name with its raindrops."""
    artisans = games.get("artisans")
    path = server.folder / "evening.toml"
    Session.start(artisans, artisans.load_spec(), path, {"players": [{"name": "Asha"}, {"name": "Babur"}]})
    (asha, babur), _ = phones_for(browser, server.base, "evening", ["Asha", "Babur"])
    shots = tmp_path / "shots"
    shots.mkdir(exist_ok=True)
    babur.get_by_role("button", name="Roll the dice for the table").click()
    for phone in (asha, babur):
        wait_for_number(phone, 1)
    (rolled,) = record_events(path)
    for phone in (asha, babur):
        assert phone.locator("#status li.latest").inner_text().count(rolled.split(": ")[-1]) == 1
    asha.set_viewport_size(SMALL)

    def costly_use():
        asha.locator('#mine .board rect.target.next[data-tap="waterway"]').click()
        boxes = asha.locator("#mine .board-choices button.board-choice")
        boxes.first.wait_for()
        boxes.first.click()
        values = asha.locator("#mine .board-choices button.board-choice")
        dear = [k for k, t in enumerate(values.all_inner_texts()) if re.search(r"— ([3-9]|1\d) raindrops$", t)]
        values.nth(dear[0]).click()
        asha.locator("#mine .board-choices p.confirm").wait_for()

    costly_use()
    asked = asha.locator("#mine .board-choices p.confirm").inner_text()
    assert re.fullmatch(r"This marks \d+ raindrops: \d+ of your 15 left\.", asked)
    assert asha.locator("#mine .board-choices button", has_text="Yes: ").inner_text().startswith("Yes: Waterway · ")
    asha.screenshot(path=shots / "confirm-360.png", full_page=True)
    assert tap_targets_too_small(asha) == [] and too_wide(asha) == []
    asha.get_by_role("button", name="Cancel").click()
    asha.wait_for_timeout(500)
    assert record_events(path) == (rolled,)
    costly_use()
    asha.locator("#mine .board-choices button", has_text="Yes: ").click()
    wait_for_number(asha, 2)
    last = record_events(path)[-1]
    assert last.startswith("Asha: waterway") or last.startswith("waterway"), last
    assert Session.open(artisans, artisans.load_spec(), path).state.players[0].sheet.raindrops_left(
        artisans.load_spec()) <= 12
