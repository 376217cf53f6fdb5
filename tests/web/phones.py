"""What the browser tests do as phones at a table: tap on the board or on a list, wait for
another phone's event, reload, and check a page for clipped text and small targets. Shared by
every game's browser test (tests/web/test_web_browser.py, tests/web/test_board_*.py)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from tajkit.solver.session import read_record

# The live part of a page polls every 1.5 s, so another phone's move shows within a second or two;
# a machine under heavy load (CI beside other work) may take many times that.
POLLED = 30_000


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
    """Elements that stick out of the viewport on the right (clipped or scrolled sideways). What
    lies inside an ``<svg>`` is clipped by it (a board's picture beyond its view): the svg counts."""
    return page.evaluate("""() => Array.from(document.querySelectorAll('body *'))
        .filter(e => !e.ownerSVGElement)
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
        stuck = Path(tempfile.gettempdir()) / (page.context.pages[0].url.replace("/", "_")[-20:] + "-stuck.png")
        page.screenshot(path=stuck, full_page=True)  # beside the test run, never in the checkout
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
    time (buttons, or another lit target: TAJ's second rug), confirming a costly one (cancelling
    the first confirmation asked, when told to, and
    checking that nothing was played). Returns the words of the last tap."""
    board = page.locator("#mine .board")
    choices = board.locator(".board-choices button.board-choice")
    board.locator(".board-choices button.board-choice, rect.target.next").first.wait_for(timeout=POLLED)  # drawn anew
    texts = choices.all_inner_texts()
    liked = [k for k, t in enumerate(texts) if prefer and prefer in t]
    targets = board.locator("rect.target.next")
    if liked or not targets.count():
        tapped = choices.nth(liked[0] if liked else rng.randrange(len(texts)))
    else:
        tapped = targets.nth(rng.randrange(targets.count()))
    while True:
        words = tapped.text_content() or tapped.get_attribute("aria-label") or ""  # a target says itself in its label
        number = latest_number(page)
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
        if not choices.count() and targets.count():  # what follows is another place on the board (TAJ's second rug)
            tapped = targets.nth(rng.randrange(targets.count()))
            continue
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


CATCH_UP = 10  # every so many turns, every phone is waited for until it shows the last event


def play_on_phones(held, watching, path, rng, players, shots, prefer: str = "", until=None) -> None:
    """The whole game: the phone of a player who may act taps one of their choices (the table's
    events from the phone that played last), each tap waited for on that phone; one reload after
    every kind of tap. ``held`` are the phones of ``players``, in order. At each event only the
    phone to tap waits for the event before (another phone learns it by polling, within about a
    second: waiting for all three at every event was most of a game's time); every phone catches
    up every CATCH_UP turns, and the tests wait for all of them at the end. ``until(session)``
    ends the play early (Karigar's end is a form, not taps)."""
    from tajkit.solver import games
    from tajkit.solver.protocol import CHANCE
    from tajkit.solver.session import Session

    info = games.get(path.read_text().split('game = "')[1].split('"')[0])
    spec = info.load_spec()
    reloaded: set[str] = set()
    cancel_once = [True]  # the first costly use asked about is cancelled, then played another time
    turn = 0
    last = held[0]
    while True:
        events = record_events(path)
        session = Session.open(info, spec, path)
        if session.over or (until is not None and until(session)):
            break
        who = session.to_act
        acting = [last] if who == CHANCE else [phone for phone, p in zip(held, players) if session.may_act(p)]
        assert acting, "nobody may act, and the game is not over"
        turn += 1
        phone = acting[turn % len(acting)]
        for waiting in (held if turn % CATCH_UP == 0 else [phone]):  # each learns the last event by polling
            wait_for_number(waiting, len(events))
        assert has_own_choice(phone), f"the phone of {who} offers no choice"
        is_table = phone.locator("#mine h2", has_text="What the table shows").count() > 0
        on_board = phone.locator("#mine .board").count() > 0  # the table's own event too: its words to tap
        try:  # a liked choice (Artisans: writing nothing, a short game) on two turns in three
            liked = prefer if turn % 3 and not is_table else ""
            words = (tap_on_board(phone, rng, liked, cancel_once) if on_board
                     else tap_one_choice(phone, rng, liked))
        except Exception:
            phone.screenshot(path=shots / "stuck.png", full_page=True)
            raise
        wait_for_number(phone, len(events) + 1)
        last = phone
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


def check_fits(page, where: str) -> None:
    """The page at both phone sizes: no target under 44 px, nothing wider than the screen."""
    for size in SIZES:
        page.set_viewport_size(size)
        assert not tap_targets_too_small(page), (where, size, tap_targets_too_small(page))
        assert not too_wide(page), (where, size, too_wide(page))
    page.set_viewport_size(SMALL)


def names_typed(page, base: str, game: str, names) -> int:  # noqa: ANN001
    """The new-game page with the players' names typed: the taps it took (one a name field). A
    field the page fills in (the last game's players there) is typed over, as a finger would."""
    page.goto(f"{base}/new/{game}")
    for k, name in enumerate(names):
        field = page.locator(f"#name{k}")
        field.click()
        field.fill(name)
    return len(names)
