"""Issue 45 on the phones: the scoring page reads a photo of each sheet, shows every reading over
its box with the doubtful ones marked, takes a tap to correct a box, then scores the table and
keeps it in the play log. Through Starlette's test client, and in Chromium at a phone's size."""

from __future__ import annotations

import re

import pytest
from starlette.testclient import TestClient
from test_web_pages import client, log  # noqa: F401  (the route tests' client, and a play log of the test's own)

from tajkit.cli.web.app import MAX_BODY, PHOTO_BODY, Companion
from tajkit.solver import history

pytest.importorskip("cv2", reason="the photo reader needs OpenCV: pip install '.[test]'")
import photos  # noqa: E402


def upload(web: TestClient, companion: Companion, shot: photos.Photo, name: str, table: str = "", learn: bool = True):
    fields = {"token": companion.token, "name": name, **({"table": table} if table else {}),
              **({"learn": "on"} if learn else {})}
    return web.post("/read/artisans", data=fields, files={"photo": (shot.path.name, shot.path.read_bytes(), "image/jpeg")})


def doubtful_keys(page: str) -> list[str]:
    return re.findall(r'class="reading doubtful" href="/read/artisans/[^/]+/fix/\d+/([a-z_]+\.\d+)"', page)


def truth(shot: photos.Photo, key: str) -> int:
    feature, number = key.rsplit(".", 1)
    k = int(number) - 1
    if feature == "raindrop":
        return int(shot.filled.drops[k])
    if feature == "tree":
        return int(shot.filled.trees[k])
    return shot.truth[feature][k]


def test_photos_read_corrected_scored_and_kept(tmp_path, log):
    web, companion = client(tmp_path)
    asha, ben = photos.take(tmp_path, "asha", seed=21, writer_seed=1011), photos.take(tmp_path, "ben", seed=22,
                                                                                        writer_seed=1012, ink="low")
    first = upload(web, companion, asha, "Asha")
    assert first.status_code == 303
    table_url = first.headers["location"].split("#")[0]
    table_id = table_url.rsplit("/", 1)[1]
    assert upload(web, companion, ben, "Ben", table=table_id).status_code == 303
    page = web.get(table_url).text
    assert "Asha" in page and "Ben" in page
    assert page.count('class="reading') == 2 * (29 + 15 + 4)
    assert web.get(f"{table_url}/sheet/1.jpg").headers["content-type"] == "image/jpeg"
    # a sure box corrected by a tap on it (then taken back), every doubtful one answered truly
    fixed = web.post(f"{table_url}/fix/1/dome.2", data={"token": companion.token, "value": "6"})
    assert fixed.status_code == 303
    assert web.get(f"{table_url}/fix/1/dome.2").status_code == 200
    web.post(f"{table_url}/fix/1/dome.2", data={"token": companion.token, "value": str(truth(asha, "dome.2"))})
    for number, shot in ((1, asha), (2, ben)):
        section = web.get(table_url).text.split(f'id="sheet{number}"')[1].split("</section>")[0]
        for key in doubtful_keys(section):
            assert web.post(f"{table_url}/fix/{number}/{key}",
                            data={"token": companion.token, "value": str(truth(shot, key))}).status_code == 303
    assert doubtful_keys(web.get(table_url).text) == []
    scored = web.post(f"{table_url}/score", data={"token": companion.token})
    assert scored.status_code == 200 and "the score" in scored.text
    typed = re.search(r'name="typed" value="([^"]+)"', scored.text).group(1)
    kept = web.post("/score/artisans/keep", data={"token": companion.token, "players": "2",
                                                   "typed": typed.replace("&#34;", '"').replace("&quot;", '"')})
    assert "Kept in the play log" in kept.text
    (play,) = history.plays(log)
    assert sorted(seat.name for seat in play.seats) == ["Asha", "Ben"]
    kept_players = {p["name"]: p for p in play.source["players"]}
    for name, shot in (("Asha", asha), ("Ben", ben)):
        assert {k: kept_players[name][k] for k in shot.truth if k != "name"} == {k: v for k, v in shot.truth.items()
                                                                                 if k != "name"}


def test_a_photo_that_cannot_be_read_is_said_why(tmp_path, log):
    import cv2

    from tajkit.sheets.reading import synthetic

    web, companion = client(tmp_path)
    path = tmp_path / "dark.jpg"
    cv2.imwrite(str(path), (synthetic.printed_page().astype(float) * 0.15).astype("uint8"))
    answer = upload(web, companion, photos.Photo(path, {}, None), "Asha")  # type: ignore[arg-type]
    assert answer.status_code == 422 and "the photo is too dark" in answer.text
    assert 'value="Asha"' in answer.text  # what was typed stays


def test_only_the_photo_route_takes_a_photos_size(tmp_path):
    """A photo may be up to PHOTO_BODY on /read/ (a phone's JPEG is megabytes); every other page
    keeps MAX_BODY."""
    web, companion = client(tmp_path)
    big = b"x" * (MAX_BODY + 1)
    assert web.post("/score/artisans", content=big, headers={"content-type": "text/plain"}).status_code == 413
    assert web.post("/read/artisans", content=b"x" * (PHOTO_BODY + 1),
                    headers={"content-type": "text/plain"}).status_code == 413
    assert web.post("/read/artisans", content=big, headers={"content-type": "text/plain"}).status_code != 413


HOSTILE = ["", "7", "-1", "abc", "<script>alert(1)</script>", "1" * 100, "³", "٣", "0x1", " 1"]


def test_hostile_answers_and_addresses_are_refused_in_words(tmp_path, log):
    """A correction's value, a sheet's number or a reading's name that is not one: a 4xx in words,
    never a traceback; the reading is left as it was."""
    web, companion = client(tmp_path)
    shot = photos.take(tmp_path, "asha", seed=41)
    table_url = upload(web, companion, shot, "Asha").headers["location"].split("#")[0]
    before = web.get(table_url).text
    for value in HOSTILE:
        answer = web.post(f"{table_url}/fix/1/dome.1", data={"token": companion.token, "value": value})
        assert answer.status_code == 400 and "Dome box 1 is 0 (empty) to 6" in answer.text, value
        answer = web.post(f"{table_url}/fix/1/tree.1", data={"token": companion.token, "value": value})
        assert answer.status_code == 400 and "tree 1 is 0 or 1" in answer.text, value
    for number, key in (("0", "dome.1"), ("2", "dome.1"), ("³", "dome.1"), ("1", "dome.9"), ("1", "<b>"), ("1", "x")):
        assert web.get(f"{table_url}/fix/{number}/{key}").status_code == 404, (number, key)
    assert web.post(f"{table_url}/fix/1/dome.1", data={"value": "3"}).status_code == 403  # no token
    assert web.get(table_url).text == before
    for name in HOSTILE[4:]:
        junk = web.post("/read/artisans", data={"token": companion.token, "name": name},
                        files={"photo": ("x.jpg", name.encode(), "image/jpeg")})
        assert junk.status_code == 422 and "not a picture tajkit can open" in junk.text


def test_a_table_not_here_is_no_page(tmp_path):
    web, _ = client(tmp_path)
    assert web.get("/read/artisans/nosuchtable").status_code == 404
    assert web.get("/read/taj").status_code == 404


@pytest.mark.slow
def test_a_phone_reads_a_photo_and_a_box_is_corrected_with_a_tap(tmp_path, monkeypatch, browser):
    """In Chromium at a phone's size: the Artisans score page's photo button, a photo chosen (the
    camera's file input), the straightened sheet with every reading over its box, one box
    corrected with a tap on it, every doubtful one answered with its buttons, the table scored and
    kept in the play log with the corrected value."""
    from webserver import Server

    log = tmp_path / "history.sqlite"
    monkeypatch.setenv(history.ENV, str(log))
    shot = photos.take(tmp_path, "asha", seed=31, writer_seed=1015)
    server = Server(tmp_path)
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        page.goto(server.url)
        page.goto(f"{server.base}/score/artisans")
        page.get_by_role("link", name="📷 Read the sheets from photos").click()
        camera = page.locator("input[type=file]")
        assert camera.get_attribute("capture") == "environment" and camera.get_attribute("accept") == "image/*"
        page.get_by_label("Player").fill("Asha")
        camera.set_input_files(str(shot.path))
        page.get_by_role("button", name="Read the sheet").click()
        page.get_by_role("heading", name="Asha's sheet").wait_for(timeout=120_000)
        page.wait_for_function("Array.from(document.images).every(i => i.complete && i.naturalWidth > 0)")
        page.screenshot(path=tmp_path / "read.png", full_page=True)
        # a tap on the sheet's Dome box 2 opens it; another digit corrects it
        truth = shot.truth["dome"][1]
        corrected = 6 if truth != 6 else 5
        page.locator('a.reading[aria-label^="Dome box 2:"]').click()
        page.get_by_role("heading", name="Asha: Dome box 2").wait_for()
        page.get_by_role("button", name=str(corrected), exact=True).click()
        page.get_by_role("heading", name="Asha's sheet").wait_for()
        assert page.locator('a.reading[aria-label^="Dome box 2:"]').inner_text() == str(corrected)
        # every doubtful reading answered with its own buttons
        while page.locator("li.check").count():
            card = page.locator("li.check").first
            words = card.locator("strong").inner_text()
            key = card.locator("img").get_attribute("src").rsplit("/", 1)[1][: -len(".png")]
            value = truth_of(shot, key)
            label = (("empty" if value == 0 else str(value)) if " box " in words else
                     ("marked" if value else "not marked"))
            card.get_by_role("button", name=f"{words}: {label}", exact=True).click()
            page.get_by_role("heading", name="Asha's sheet").wait_for()
        page.screenshot(path=tmp_path / "checked.png", full_page=True)
        page.get_by_role("button", name="Score the table").click()
        page.get_by_role("heading", name="Artisans of the Taj Mahal: the score").wait_for()
        page.get_by_role("button", name="Keep it in the play log").click()
        page.get_by_text("Kept in the play log").wait_for()
        page.screenshot(path=tmp_path / "kept.png", full_page=True)
    finally:
        context.close()
        server.stop()
    (play,) = history.plays(log)
    (kept,) = play.source["players"]
    assert kept["dome"][1] == corrected
    assert {k: kept[k] for k in shot.truth if k not in ("name", "dome")} == {
        k: v for k, v in shot.truth.items() if k not in ("name", "dome")}


def truth_of(shot: photos.Photo, key: str) -> int:
    return truth(shot, key)
