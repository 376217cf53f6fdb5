"""Issue 45: `tajkit read artisans PHOTO...`: a photo of a filled sheet read into the table file
`tajkit score` reads; doubtful readings asked at a terminal, sure ones never; photos that cannot be
read refused in words that say what to do (exit 2); nothing replaced without --force."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib

import cv2
import numpy as np
import photos
import pytest
from terminal import terminals

from tajkit.sheets import artisans, markers
from tajkit.sheets.reading import artisans as reading
from tajkit.sheets.reading import adapt, page, synthetic
from tajkit.solver.artisans.files import read_state

SPEC = photos.SPEC


def tajkit(*args: str, cwd=None, stdin: str = "") -> subprocess.CompletedProcess:
    env = {**os.environ, "NO_COLOR": "1"}
    env.pop("TAJKIT_DATA", None)
    return subprocess.run([sys.executable, "-m", "tajkit.cli", *args], capture_output=True, text=True, cwd=cwd,
                          env=env, input=stdin, timeout=300)


def refusal(tmp_path, image: np.ndarray) -> str:
    path = tmp_path / "photo.png"
    cv2.imwrite(str(path), image)
    done = tajkit("read", "artisans", str(path), "-o", str(tmp_path / "table.toml"))
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and not (tmp_path / "table.toml").exists()
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, lines
    return lines[0]


def blank_corner(image: np.ndarray, corner: str, paper: str = "a4") -> np.ndarray:
    """The printed page with one marker painted over (as if it were cut off the photo)."""
    from tajkit.sheets.pdf import PAPERS

    scale, x0, y0 = artisans.frame(*PAPERS[paper])
    x, y = artisans.marker_spots()[markers.CORNERS.index(corner)]
    px = synthetic.DPI / 72
    height = image.shape[0]
    out = image.copy()
    m = artisans.MARKER
    cv2.rectangle(out, (round((x0 + scale * x) * px) - 4, round(height - (y0 + scale * (y + m)) * px) - 4),
                  (round((x0 + scale * (x + m)) * px) + 4, round(height - (y0 + scale * y) * px) + 4), (255, 255, 255), -1)
    return out


@pytest.mark.parametrize("corner", markers.CORNERS)
def test_a_photo_without_a_marker_says_which_one(tmp_path, corner):
    """"the bottom-left marker is not in the photo": the player knows what to photograph again."""
    said = refusal(tmp_path, blank_corner(synthetic.printed_page(), corner))
    assert said.endswith(f"photo.png: the {corner} marker is not in the photo: take it again with the whole sheet "
                         "in view, all four corner squares")


def test_a_photo_of_no_tajkit_sheet_is_refused(tmp_path):
    """A sheet printed without markers (here: the TAJ reference card) is no Artisans sheet."""
    from tajkit.sheets.raster import png_from_pdf
    from tajkit.cli.commands import render
    from tajkit.solver import games

    pdf = render(games.get("taj"), "reference", "a4", "colour", 1, "en")[0]
    card = cv2.imdecode(np.frombuffer(png_from_pdf(pdf, page=0, dpi=150), np.uint8), cv2.IMREAD_COLOR)
    assert "no tajkit markers in the photo: photograph a sheet printed by tajkit print artisans" in refusal(tmp_path, card)


def test_a_photo_of_another_games_sheet_is_refused(tmp_path):
    """Markers of another layout (ids a future game's sheet would carry) are not an Artisans
    sheet's."""
    from reportlab.pdfgen.canvas import Canvas
    import io

    from tajkit.sheets.raster import png_from_pdf

    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=(595, 842))
    for marker_id, (x, y) in zip((4, 5, 6, 7), ((40, 760), (515, 760), (515, 40), (40, 40))):
        markers.marker(c, marker_id, x, y, 40)
    c.showPage()
    c.save()
    sheet = cv2.imdecode(np.frombuffer(png_from_pdf(buffer.getvalue(), dpi=120), np.uint8), cv2.IMREAD_COLOR)
    assert "the photo shows another sheet's markers, not an Artisans sheet's" in refusal(tmp_path, sheet)


def test_a_dark_photo_is_refused(tmp_path):
    dark = (synthetic.printed_page().astype(np.float32) * 0.18).astype(np.uint8)
    assert refusal(tmp_path, dark).endswith(page.TOO_DARK)


def test_a_blurred_photo_is_refused(tmp_path):
    blurred = cv2.GaussianBlur(synthetic.printed_page(), (0, 0), 9)
    assert refusal(tmp_path, blurred).endswith(page.TOO_BLURRED)


def test_a_file_that_is_no_picture_is_refused(tmp_path):
    (tmp_path / "notes.jpg").write_text("not a photo")
    done = tajkit("read", "artisans", str(tmp_path / "notes.jpg"), str(tmp_path / "missing.jpg"), "-o",
                  str(tmp_path / "t.toml"))
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        f"error: {tmp_path / 'notes.jpg'}: not a picture tajkit can open: give a JPEG or PNG photo of the sheet",
        f"error: {tmp_path / 'missing.jpg'}: no such file"]


def test_each_sheet_needs_its_own_players_name(tmp_path):
    done = tajkit("read", "artisans", "a.jpg", "b.jpg", "--player", "Asha", "--player", "Asha")
    assert done.returncode == 2 and done.stderr.strip() == "error: --player Asha: each sheet needs its own player's name"
    done = tajkit("read", "artisans", "a.jpg", "--player", "Asha", "--player", "Ben")
    assert done.returncode == 2 and "--player: 2 names for 1 photos" in done.stderr


def test_read_is_for_artisans_only():
    done = tajkit("read", "taj", "x.jpg")
    assert done.returncode == 2 and done.stderr.strip() == "error: tajkit read taj: not available for taj (available for: artisans)"


def test_without_the_photo_extra_read_says_how_to_install_it(tmp_path):
    """Without OpenCV (pip install 'tajkit[photo]'), one line and exit 1."""
    code = ("import sys; sys.modules['cv2'] = None; from tajkit.cli.main import run; "
            f"sys.argv = ['tajkit', 'read', 'artisans', {str(tmp_path / 'x.jpg')!r}]; run()")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    assert done.stderr.strip() == "error: reading a photo needs OpenCV: pip install 'tajkit[photo]'"


def test_an_existing_table_file_is_never_replaced_without_force(tmp_path):
    (tmp_path / "table.toml").write_text("kept")
    shot = photos.take(tmp_path, "asha", seed=3)
    done = tajkit("read", "artisans", str(shot.path), "-o", str(tmp_path / "table.toml"))
    assert done.returncode == 2 and "table.toml already exists: add --force" in done.stderr
    assert (tmp_path / "table.toml").read_text() == "kept"


def test_json_gives_every_reading_with_its_confidence_and_place(tmp_path):
    shot = photos.take(tmp_path, "asha", seed=4)
    done = tajkit("read", "artisans", str(shot.path), "--json")
    assert done.returncode == 0, done.stderr
    (sheet,) = json.loads(done.stdout)["sheets"]
    assert sheet["code"] == {"game": "artisans", "layout": artisans.LAYOUT, "sheet": 1}
    boxes = [r for r in sheet["readings"] if r["kind"] == "box"]
    assert len(boxes) == sum(f.size for f in SPEC.features)
    assert sum(r["kind"] == "raindrop" for r in sheet["readings"]) == SPEC.raindrops
    assert sum(r["kind"] == "tree" for r in sheet["readings"]) == SPEC.trees
    for r in sheet["readings"]:
        assert 0 <= r["confidence"] <= 1 and len(r["crop"]["photo"]) == 4 and len(r["crop"]["straightened"]) == 4
        truth = shot.truth[r["feature"]][r["index"] - 1] if r["kind"] == "box" else None
        if r["sure"] and truth is not None:
            assert r["value"] == truth, r


def test_the_reading_of_a_fair_photo(tmp_path):
    """Every sure reading is what was written (a box, a raindrop, a tree), and the rules' second
    look passes; the doubtful ones are few."""
    shot = photos.take(tmp_path, "asha", seed=5)
    read = reading.read(page.find(page.load(str(shot.path))), SPEC, str(shot.path))
    for v in read.values:
        truth = (shot.truth[v.feature][v.index] if v.kind == "box"
                 else int((shot.filled.drops if v.kind == "raindrop" else shot.filled.trees)[v.index]))
        assert not v.sure or v.value == truth, v
    assert len(read.doubtful) <= 12
    answered = read.answered({v.key: (shot.truth[v.feature][v.index] if v.kind == "box" else
                                      int((shot.filled.drops if v.kind == "raindrop" else shot.filled.trees)[v.index]))
                              for v in read.doubtful})
    assert answered.table(SPEC, "asha") == shot.truth


def smudged_photo(tmp_path) -> "photos.Photo":
    """A sheet whose first dome box holds only a smudge (ink, but too little for a digit): a
    reading that is doubtful whatever the model."""
    values = {f.id: [4] * f.size for f in SPEC.features}
    values["dome"][0] = 0
    rng = np.random.default_rng(6)
    filled = synthetic.fill(SPEC, photos.held_out_writer(1000), rng, values=values)
    x, y, w, h = artisans.page_regions(SPEC, "a4")["boxes"]["dome"][0]
    px = synthetic.DPI / 72
    image = filled.image.copy()
    cv2.circle(image, (round((x + w / 2) * px), round(image.shape[0] - (y + h / 2) * px)), 4, (60, 60, 60), -1)
    path = tmp_path / "asha.jpg"
    path.write_bytes(synthetic.photograph(image, photos.FAIR, rng))
    return photos.Photo(path, filled.table("asha"), filled)


def test_a_smudge_in_an_empty_box_is_asked(tmp_path):
    """A little ink is neither surely empty nor surely a digit: it is asked."""
    shot = smudged_photo(tmp_path)
    read = reading.read(page.find(page.load(str(shot.path))), SPEC, "asha")
    (dome,) = [v for v in read.values if v.key == "dome.1"]
    assert not dome.sure


def test_without_a_terminal_nothing_doubtful_is_guessed(tmp_path):
    """Doubtful readings and no terminal: exit 2, naming them and where their pictures are; no table."""
    shot = smudged_photo(tmp_path)
    done = tajkit("read", "artisans", str(shot.path), "-o", str(tmp_path / "table.toml"), "--no-learn")
    assert done.returncode == 2
    assert re.search(r"error: \d+ readings are doubtful and no terminal is here to ask about them \(asha\.jpg: "
                     r"(.*, )?Dome box 1[,)]", done.stderr), done.stderr
    assert not (tmp_path / "table.toml").exists()
    assert (tmp_path / "table-crops" / "asha-dome-1.png").exists()


WHAT = re.compile(r"  (?P<what>[A-Z][a-z ]+ box \d+|raindrop \d+|tree \d+): read as")


def truth_of(shot: photos.Photo, what: str) -> str:
    kind, number = what.rsplit(" ", 1)
    k = int(number) - 1
    if kind == "raindrop":
        return "y" if shot.filled.drops[k] else "n"
    if kind == "tree":
        return "y" if shot.filled.trees[k] else "n"
    feature = kind[: -len(" box")].lower().replace(" ", "_")
    value = shot.truth[feature][k]
    return str(value) if value else "-"


@pytest.mark.slow
def test_print_fill_photograph_read_confirm_score_and_keep(tmp_path):
    """The whole path at a terminal: two players' printed sheets (A4 colour, Letter low ink), filled
    by held-out hands and photographed; tajkit read asks only about the doubtful readings, each
    shown with its picture, the answers are the truth; the table file then holds exactly what was
    written, tajkit score scores it and keeps it in the play log, and the answered digits are kept
    for the group's handwriting."""
    asha = photos.take(tmp_path, "asha", seed=11, writer_seed=1003)
    ben = photos.take(tmp_path, "ben", seed=12, writer_seed=1007, paper="letter", ink="low", sheet=2,
                      shot=synthetic.Shot(perspective=0.09, rotation=183, scale=0.55, blur=1.4, shading=0.6, noise=6,
                                          quality=55))
    db = tmp_path / "log.sqlite"
    with terminals(tmp_path) as start:
        term = start("read", "artisans", "asha.jpg", "ben.jpg", "--player", "Asha", "--player", "Ben", "--db", str(db))
        asked = learned = 0
        for shot, name in ((asha, "Asha"), (ben, "Ben")):
            term.expect(re.compile(rf"{name}'s sheet \({name.lower()}\.jpg\): (\d+) doubtful"))
            count = int(re.findall(rf"{name}'s sheet \({name.lower()}\.jpg\): (\d+) doubtful", term.shown)[-1])
            for _ in range(count):
                term.expect(WHAT)
                what = WHAT.findall(term.shown)[-1]
                answer = truth_of(shot, what)
                term.answer(re.compile(r"(the digit 1-6, or - for empty|marked\? y or n).*:"), answer)
                asked += 1
                learned += answer.isdigit()
        term.finish()
    assert "read 2 sheets:" in term.shown and "tajkit score artisans table.toml --save" in term.shown
    table = tomllib.loads((tmp_path / "table.toml").read_text())
    assert table == {"game": "artisans", "players": [{**asha.truth, "name": "Asha"}, {**ben.truth, "name": "Ben"}]}
    assert asked == len(list((tmp_path / "table-crops").glob("*.png")))
    read_state(SPEC, table)
    scored = tajkit("score", "artisans", "table.toml", "--save", "--db", str(db), "--json", cwd=tmp_path)
    assert scored.returncode == 0, scored.stderr
    history = tajkit("history", "list", "--db", str(db), cwd=tmp_path)
    assert "Asha" in history.stdout and "Ben" in history.stdout
    kept = adapt.Handwriting.load(tmp_path / "handwriting")
    assert len(kept.labels) == learned
