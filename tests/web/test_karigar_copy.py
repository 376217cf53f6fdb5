"""A group tells tajkit its copy of Karigar-e-Taj once, on a phone (issue 44: "A Karigar game must be
set up on a phone in under a minute; a drawn Bazaar card is picked, not retyped"), in Chromium at
360 x 640: from the new-game page's link to the "Your copy" page, a Bazaar card and an Alliance card
entered by taps (colour, resource chips, points), the copy saved to the user's data folder (the
companion has no --data), then a game dealt from it. The rest of the copy is pre-filled from a known
one (tests/data/karigar-copy: made-up components) to keep the test short."""

from __future__ import annotations

import time
import tomllib
from pathlib import Path

import pytest
from phones import SMALL, check_fits
from webserver import Server

from tajkit.solver.karigar import GAME
from tajkit.solver.session import read_record

KNOWN = tomllib.loads((Path(__file__).parents[1] / "data" / "karigar-copy" / "karigar.toml").read_text())["components"]
NAMES = ("Asha", "Babur", "Chen")

pytestmark = pytest.mark.slow




def prefill(page, components: dict) -> None:
    """The copy so far, as the page carries it, set from a known copy (what the test does not tap)."""
    values = {f"have.{k}": "\n".join(components[k]) for k in ("bazaar_cards", "alliance_cards", "starting_resources")}
    values |= {f"have.level_tiles.{n}": "\n".join(t) for n, t in enumerate(components["level_tiles"], start=1)}
    values |= {f"tokens.{n}.{k}": str(v) for n, t in enumerate(components["taj_tokens"], start=1) for k, v in enumerate(t, start=1)}
    page.evaluate("(values) => { for (const [name, value] of Object.entries(values)) "
                  "document.querySelector(`#copy [name='${name}']`).value = value; }", values)


def tap(page, locator) -> int:
    locator.tap()
    return 1


def chips(page, bag: str, **counts: int) -> int:
    taps = 0
    for resource, n in counts.items():
        for _ in range(n):
            taps += tap(page, page.locator(f"button.chip[data-field='{bag}.{resource}']"))
    return taps


@pytest.fixture
def lone_server(tmp_path, monkeypatch):
    """``tajkit serve`` with no --data, its user data folder a fresh one of the test's."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    (tmp_path / "games").mkdir()
    started = Server(tmp_path / "games")
    yield started
    started.stop()


def test_a_copy_told_on_a_phone_then_a_game_dealt_from_it(lone_server, browser, tmp_path):
    context = browser.new_context(viewport=SMALL, has_touch=True)
    page = context.new_page()
    shots = tmp_path / "shots"
    shots.mkdir()
    page.goto(f"{lone_server.base}/new/karigar")
    assert page.get_by_role("button", name="Deal for us").count() == 0
    page.get_by_role("link", name="Tell tajkit your copy", exact=True).scroll_into_view_if_needed()
    check_fits(page, "the new-game page with its link")
    page.screenshot(path=shots / "new-game-link-360.png", full_page=True)
    page.get_by_role("link", name="Tell tajkit your copy", exact=True).tap()
    page.wait_for_url("**/copy/karigar")
    check_fits(page, "the copy page")
    page.screenshot(path=shots / "copy-360.png")
    tiles = [KNOWN["level_tiles"][0][:3], *KNOWN["level_tiles"][1:]]
    prefill(page, dict(KNOWN, bazaar_cards=KNOWN["bazaar_cards"][:23], alliance_cards=KNOWN["alliance_cards"][:8],
                       level_tiles=tiles, starting_resources=KNOWN["starting_resources"][:7]))

    began, taps = time.monotonic(), 0  # a blue Bazaar card: earn 2 wood; 1 sandstone>1 marble or 1 gems>2 silver
    taps += tap(page, page.locator("label.pick.blue"))
    taps += chips(page, "earn", wood=2) + chips(page, "give1", sandstone=1) + chips(page, "get1", marble=1)
    taps += chips(page, "give2", gems=1) + chips(page, "get2", silver=2)
    assert page.locator("#preview").inner_text() == "B blue · earn 2Wd | 1Sa › 1Ma or 1Ge › 2Si"
    page.locator("#preview").scroll_into_view_if_needed()
    page.screenshot(path=shots / "bazaar-card-360.png")
    taps += tap(page, page.get_by_role("button", name="Add this component"))
    page.get_by_text("Bazaar cards: 24 of 24").wait_for()
    page.screenshot(path=shots / "bazaar-card-added-360.png")
    card_taps, card_seconds = taps, time.monotonic() - began

    began, taps = time.monotonic(), 0  # an Alliance card: 3 Taj points for 1 wood + 1 marble
    taps += tap(page, page.locator("label.pick", has_text="Alliance card"))
    page.locator("#points").select_option("3")
    taps += 2  # open the picker, choose
    taps += chips(page, "bag", wood=1, marble=1)
    assert page.locator("#preview").inner_text() == "A · 3 Taj points for 1Wd 1Ma"
    taps += tap(page, page.get_by_role("button", name="Add this component"))
    page.get_by_text("Alliance cards: 9 of 9").wait_for()
    offer_taps, offer_seconds = taps, time.monotonic() - began
    taps = tap(page, page.locator("label.pick", has_text="Level tile")) + tap(page, page.locator("label.pick", has_text="Level 1"))
    taps += chips(page, "bag", sandstone=1, mortar=1) + tap(page, page.get_by_role("button", name="Add this component"))
    page.get_by_text("Level 1 tiles: 4").wait_for()
    tile_taps = taps
    taps = tap(page, page.locator("label.pick", has_text="Starting Resource card"))
    taps += chips(page, "bag", wood=1, mortar=1, scaffolding=1) + tap(page, page.get_by_role("button", name="Add this component"))
    page.get_by_text("Starting Resource cards: 8 of 8").wait_for()
    start_taps = taps
    page.get_by_role("button", name="Change Bazaar card 24: Blue: earn 2 wood").scroll_into_view_if_needed()
    page.screenshot(path=shots / "copy-pictures-360.png")
    check_fits(page, "the copy with its pictures")

    page.get_by_role("button", name="Save our copy").tap()
    page.get_by_text("Your copy is saved in").wait_for()
    saved = GAME.load_spec(tmp_path / "xdg" / "tajkit").components
    assert saved.bazaar_cards[-1] == "blue earn 2 wood; 1 sandstone>1 marble or 1 gems>2 silver"
    assert saved.alliance_cards[-1] == "3pt for 1 wood+1 marble" and len(saved.alliance_cards) == 9
    assert saved.level_tiles[0][-1] == "1 sandstone+1 mortar" and saved.starting_resources[-1] == "1 wood+1 mortar+1 scaffolding"

    page.get_by_role("link", name="A new game: Deal for us").tap()
    page.wait_for_url("**/new/karigar")
    for k, name in enumerate(NAMES):
        page.locator(f"#name{k}").tap()
        page.locator(f"#name{k}").fill(name)
    page.get_by_role("button", name="Deal for us").tap()
    page.get_by_text("Dealt by tajkit").wait_for()
    page.get_by_role("button", name="Start the game").first.tap()
    page.wait_for_url("**/g/*")
    record = read_record(lone_server.folder / f"{page.url.rstrip('/').rsplit('/', 1)[1]}.toml", "karigar")
    copy = set(saved.bazaar_cards)
    assert len(record.setup["bazaar"]) + len(record.setup["bazaar_deck"]) == 24
    assert [p["name"] for p in record.setup["players"]] == list(NAMES) and copy
    page.screenshot(path=shots / "dealt-game-360.png")
    print(f"\nYour copy at 360 x 640: a Bazaar card {card_taps} taps ({card_seconds:.1f} s by machine), "
          f"an Alliance card {offer_taps} taps ({offer_seconds:.1f} s by machine), a Level tile {tile_taps} taps, "
          f"a Starting Resource card {start_taps} taps (each with its kind chosen)")
    context.close()
