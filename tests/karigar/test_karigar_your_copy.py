"""A group tells tajkit its copy of Karigar-e-Taj once, on a phone (issue 44: "A Karigar game must
be set up on a phone in under a minute"): the "Your copy" page of the companion builds each
component from pickers, checks it with the data file's readers (rulebook: Game Components, Setting
Up), and saves the copy as the ``[components]`` of a karigar.toml where the companion's data lives,
atomically, never over a file without the user's word; the new-game page then offers "Deal for us",
and the command line reads the same file."""

from __future__ import annotations

import re
import tomllib
from html import unescape
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from tajkit.cli.web.app import Companion, create_app
from tajkit.solver.karigar import GAME
from tajkit.solver.karigar.spec import Components

COPY = Path(__file__).parents[1] / "data" / "karigar-copy" / "karigar.toml"  # made-up components
KNOWN = tomllib.loads(COPY.read_text())["components"]


def client(tmp_path: Path, data: Path | None = None) -> tuple[TestClient, Companion]:
    (tmp_path / "games").mkdir(exist_ok=True)
    companion = Companion(folder=tmp_path / "games", data=data)
    return TestClient(create_app(companion), follow_redirects=False), companion


def have(components: dict, leave_out: tuple[str, ...] = ()) -> dict[str, str]:
    """A copy so far as the form carries it: a hidden field of lines for each kind, the tokens as pickers."""
    fields = {f"have.{kind}": "\n".join(components[kind]) for kind in ("bazaar_cards", "alliance_cards", "starting_resources")}
    fields |= {f"have.level_tiles.{n}": "\n".join(tiles) for n, tiles in enumerate(components["level_tiles"], start=1)}
    fields |= {f"tokens.{n}.{k}": str(v) for n, stack in enumerate(components["taj_tokens"], start=1)
               for k, v in enumerate(stack, start=1)}
    return {key: value for key, value in fields.items() if key not in leave_out}


def carried(html: str) -> dict[str, str]:
    """What the page carries to its next post: the copy so far, each token picker's choice, the editor's counts."""
    html = unescape(html)
    fields = dict(re.findall(r'<input type="hidden" name="((?:have|earn|give1|get1|give2|get2|bag)\.[^"]+)" value="([^"]*)"', html))
    for name, options in re.findall(r'<select name="(tokens\.[^"]+)"[^>]*>(.*?)</select>', html, re.DOTALL):
        chosen = re.search(r'<option value="([^"]*)" selected>', options)
        fields[name] = chosen.group(1) if chosen else ""
    return fields


def problems(html: str) -> list[str]:
    box = re.search(r'<div class="problems"[^>]*>(.*?)</div>\s*(?:<form|<div class="recorded")', html, re.DOTALL)
    return [unescape(p) for p in re.findall(r"<div>(.*?)</div>", box.group(1))] if box else []


def add(web: TestClient, companion: Companion, page: str, **editor: str):
    return web.post("/copy/karigar", data={"token": companion.token, **carried(page), "do": "add", **editor})


def blue_card() -> dict[str, str]:
    """The card's parts as the phone's chips post them: its colour, each side's resources and counts."""
    return {"kind": "bazaar", "colour": "blue", "earn.wood": "2", "give1.sandstone": "1", "get1.marble": "1",
            "give2.gems": "1", "get2.silver": "2"}


def test_a_copy_entered_through_the_form_is_saved_atomically_and_read_back_equal(tmp_path, monkeypatch):
    """Without a data folder the copy goes to the user's data folder (platformdirs), which the
    companion and the command line then read; "Deal for us" appears on the new-game page."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.delenv("TAJKIT_DATA", raising=False)
    web, companion = client(tmp_path)
    new = web.get("/new/karigar").text
    assert "Tell tajkit your copy</a>" in new and 'name="deal"' not in new  # the copy first, told by taps
    assert "Type this game's setup in notation instead" in new  # typing stays possible, second
    start = web.get("/copy/karigar")
    assert start.status_code == 200
    known = dict(KNOWN, bazaar_cards=KNOWN["bazaar_cards"][:23], alliance_cards=KNOWN["alliance_cards"][:8])
    page = web.post("/copy/karigar", data={"token": companion.token, "do": "clear", **have(known)}).text
    page = add(web, companion, page, **blue_card()).text
    assert "Added: Blue: earn 2 wood | 1 sandstone → 1 marble or 1 gems → 2 silver" in unescape(page)  # in words
    assert "Bazaar cards: 24 of 24" in page and "B blue · Bazaar card 24" in page  # its picture, its colour in a letter
    page = add(web, companion, page, kind="alliance", points="3", **{"bag.wood": "1", "bag.marble": "1"}).text
    assert "Alliance cards: 9 of 9" in page
    saved = web.post("/copy/karigar", data={"token": companion.token, **carried(page), "do": "save"})
    assert saved.status_code == 303, problems(saved.text)
    folder = tmp_path / "xdg" / "tajkit"
    assert sorted(p.name for p in folder.iterdir()) == ["karigar.toml"]  # no temporary file left beside it
    spec = GAME.load_spec(folder)  # the very readers of a --data file
    assert spec.components == Components(
        (*known["bazaar_cards"], "blue earn 2 wood; 1 sandstone>1 marble or 1 gems>2 silver"),
        (*known["alliance_cards"], "3pt for 1 wood+1 marble"),
        tuple(tuple(t) for t in KNOWN["level_tiles"]), tuple(KNOWN["starting_resources"]),
        tuple(tuple(sorted(t, reverse=True)) for t in KNOWN["taj_tokens"]))
    assert "Your copy is saved in" in web.get(saved.headers["location"]).text
    new = web.get("/new/karigar").text
    assert "Deal for us" in new and "Tell tajkit your copy</a>" not in new and "Change your copy's components" in new
    from tajkit.cli.start import data_folder

    assert data_folder(None) == folder  # the command line reads the same file


def test_a_copy_is_saved_in_the_companions_data_folder_beside_its_other_data(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    web, companion = client(tmp_path, data)
    saved = web.post("/copy/karigar", data={"token": companion.token, "do": "save", **have(KNOWN)})
    assert saved.status_code == 303
    assert GAME.load_spec(data).components.bazaar_cards == tuple(KNOWN["bazaar_cards"])
    assert "Deal for us" in web.get("/new/karigar").text


@pytest.mark.parametrize("parts, words", [
    ({"colour": "yellow"}, "Bazaar card 1: 2 exchange options on a yellow card, which has 1 (rulebook: Exchanging Precious resources)"),
    ({"earn.wood": "0"}, "Bazaar card 1: earn shows nothing: give what its left side shows"),
    ({"get2.silver": "0"}, "Bazaar card 1: exchange option 2 needs both what it takes (give) and gives (get)"),
    ({"earn.wood": "9"}, "Bazaar card 1, earn: wood = '9': a count 0-6"),
    ({"colour": ""}, "Bazaar card 1: choose its colour: blue (B) or yellow (Y)"),
])
def test_a_card_with_a_wrong_part_is_refused_in_words_naming_it_and_kept(tmp_path, parts, words):
    """Each part is checked as the data file and the setup read it (rulebook: a blue card has two
    exchange options, a yellow one; each side shows something); what was entered comes back."""
    web, companion = client(tmp_path)
    page = web.get("/copy/karigar").text
    refused = add(web, companion, page, **(blue_card() | parts))
    assert refused.status_code == 422 and words in problems(refused.text)
    kept = carried(refused.text)
    assert kept["give1.sandstone"] == "1" and kept["have.bazaar_cards"] == ""


def test_a_copy_that_breaks_the_data_files_rules_is_not_saved(tmp_path):
    """A deck given in part (rulebook: Game Components: 24 Bazaar cards) is refused, as a data file's would be."""
    web, companion = client(tmp_path, tmp_path)
    known = dict(KNOWN, bazaar_cards=KNOWN["bazaar_cards"][:5])
    refused = web.post("/copy/karigar", data={"token": companion.token, "do": "save", **have(known)})
    assert refused.status_code == 422
    said = problems(refused.text)
    assert any("Bazaar cards: 5 entered; the deal lays out the whole deck of 24" in p for p in said)  # the phone's words,
    assert not any("components." in p for p in said)  # not the data file's field names
    assert any("stays" in p and "draft" in p for p in said)  # nothing entered is lost
    assert not (tmp_path / "karigar.toml").exists()


def test_an_existing_copy_is_not_overwritten_without_confirmation(tmp_path):
    """Nothing lost: the file there stays byte for byte until the user confirms; then its other
    tables are kept and the old file stays beside it."""
    data = tmp_path / "data"
    data.mkdir()
    before = ('# our board\n[bazaar]\nnote = "our printing"\n\n[components]\nnote = "old"\n'
              'starting_resources = ["1 wood", "1 wood", "1 wood", "1 wood"]\n')
    (data / "karigar.toml").write_text(before)
    web, companion = client(tmp_path, data)
    assert "1 wood" in web.get("/copy/karigar").text  # the page starts from the copy saved
    asked = web.post("/copy/karigar", data={"token": companion.token, "do": "save", **have(KNOWN)})
    assert asked.status_code == 409 and "A copy is saved already" in asked.text and "Replace the saved copy" in asked.text
    assert (data / "karigar.toml").read_text() == before
    replaced = web.post("/copy/karigar", data={"token": companion.token, **carried(asked.text), "do": "replace"})
    assert replaced.status_code == 303
    after = tomllib.loads((data / "karigar.toml").read_text())
    assert after["bazaar"] == {"note": "our printing"} and len(after["components"]["bazaar_cards"]) == 24
    [old] = data.glob("karigar-before-*.toml")
    assert old.read_text() == before


def test_a_data_files_yellow_card_with_two_exchange_options_is_refused_at_once(tmp_path):
    """The file's readers check a card's shape as the setup does (rulebook: Exchanging Precious
    resources: a yellow card has one exchange option), so a bad card is named when the file is read."""
    from tajkit.solver.errors import BadData

    cards = list(KNOWN["bazaar_cards"])
    cards[2] = "yellow earn 1 wood+1 marble; 1 wood>1 gems or 1 marble>1 gold"
    (tmp_path / "karigar.toml").write_text("[components]\nbazaar_cards = [" + ", ".join(f'"{c}"' for c in cards) + "]\n")
    with pytest.raises(BadData) as refused:
        GAME.load_spec(tmp_path)
    assert any("components.bazaar_cards[3]: Bazaar card 3: 2 exchange options on a yellow card, which has 1" in p
               for p in refused.value.problems)


def test_a_copy_being_entered_is_kept_when_the_page_is_left_until_saved_or_discarded(tmp_path):
    """Nothing entered is lost with the page: each change keeps the copy so far beside the data
    file (a draft no reader of data files looks at); saving it or starting again removes it."""
    web, companion = client(tmp_path, tmp_path)
    page = web.get("/copy/karigar").text
    add(web, companion, page, **blue_card())
    again = web.get("/copy/karigar").text
    assert "Not saved yet" in again and "Bazaar cards: 1 of 24" in again
    assert GAME.load_spec(tmp_path).components == Components()  # a draft is no copy to deal from
    fresh = web.post("/copy/karigar", data={"token": companion.token, **carried(again), "do": "discard"})
    assert "Bazaar cards: 0 of 24" in fresh.text and "Not saved yet" not in web.get("/copy/karigar").text
    add(web, companion, page, **blue_card())
    saved = web.post("/copy/karigar", data={"token": companion.token, "do": "save", **have(KNOWN)})
    assert saved.status_code == 303 and sorted(p.name for p in tmp_path.glob("*.toml")) == ["karigar.toml"]


def test_a_post_without_the_servers_token_changes_nothing(tmp_path):
    web, _ = client(tmp_path, tmp_path)
    refused = web.post("/copy/karigar", data={"token": "guess", "do": "save", **have(KNOWN)})
    assert refused.status_code == 403 and not (tmp_path / "karigar.toml").exists()


def test_a_component_tapped_goes_back_into_the_editor(tmp_path):
    web, companion = client(tmp_path)
    page = web.post("/copy/karigar", data={"token": companion.token, "do": "clear", **have(KNOWN)}).text
    changed = web.post("/copy/karigar", data={"token": companion.token, **carried(page), "do": "change:bazaar_cards:3"})
    kept = carried(changed.text)
    assert "Bazaar cards: 23 of 24" in changed.text
    assert (kept["earn.wood"], kept["earn.marble"], kept["give1.wood"], kept["get1.gems"]) == ("1", "1", "1", "1")
    assert 'value="yellow" checked' in changed.text


FIELDS = ["do", "kind", "colour", "level", "points", "have.bazaar_cards", "have.alliance_cards", "have.level_tiles.1",
          "have.level_tiles.9", "have.starting_resources", "tokens.1.1", "tokens.2.3", "earn.wood", "give1.gold",
          "get2.silver", "bag.gems", "bag.nothing"]
DOS = st.sampled_from(["add", "save", "replace", "clear", "change:bazaar_cards:1", "change:level_tiles.x:1",
                       "change:level_tiles.1:0", "change::", "jump"])


@settings(max_examples=120, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(form=st.dictionaries(st.sampled_from(FIELDS), st.one_of(st.text(max_size=60), st.sampled_from(
    ["1", "6", "7", "-1", "blue", "yellow", "bazaar", "alliance", "tile", "start", "2", "٣", "1e3"])), max_size=10),
    do=DOS)
def test_any_form_is_answered_in_words_never_a_server_error(tmp_path, form, do):
    web, companion = client(tmp_path, tmp_path)
    answer = web.post("/copy/karigar", data={"token": companion.token, **form, "do": form.get("do", do)})
    assert answer.status_code in (200, 303, 400, 409, 422), answer.text[-2000:]
    if answer.status_code in (400, 409, 422):
        assert problems(answer.text) or "A copy is saved already" in answer.text


def test_the_command_line_deals_from_the_copy_in_the_user_data_folder(tmp_path):
    """``tajkit play karigar NEW.toml`` with neither --data nor TAJKIT_DATA reads the copy the
    phones saved in the user's data folder, and offers to deal from it (rulebook: Setting Up)."""
    import os
    import subprocess
    import sys

    folder = tmp_path / "xdg" / "tajkit"
    folder.mkdir(parents=True)
    (folder / "karigar.toml").write_bytes(COPY.read_bytes())
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "xdg"), "NO_COLOR": "1"}
    env.pop("TAJKIT_DATA", None)
    ran = subprocess.run([sys.executable, "-m", "tajkit.cli", "play", "karigar", str(tmp_path / "new.toml")],
                         input="Asha\nBela\n\ny\n", capture_output=True, text=True, env=env, timeout=120)
    assert "Dealt by tajkit" in ran.stdout + ran.stderr and "Bazaar card 12:" in ran.stdout + ran.stderr
    env["TAJKIT_DATA"] = ""  # set and empty: tajkit's own data alone, which knows no card to deal
    ran = subprocess.run([sys.executable, "-m", "tajkit.cli", "play", "karigar", str(tmp_path / "new.toml")],
                         input="Asha\nBela\n\n", capture_output=True, text=True, env=env, timeout=120)
    assert "deal the setup" not in ran.stdout + ran.stderr
