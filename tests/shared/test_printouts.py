"""Reference cards and score pads for all five games: every document on A4 and Letter in both inks,
exact page sizes, the rulebook's categories present as text, fonts embedded, nothing overflowing."""

from __future__ import annotations

import re
from dataclasses import replace

import pdfcheck
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from tajkit.cli.main import app
from tajkit.sheets import documents, reference, scorepad
from tajkit.sheets.pdf import register_fonts
from tajkit.sheets.text import SANS, placing, width_of, wrap
from tajkit.sheets.documents import Card, Section
from tajkit.solver import games
from tajkit.solver.artisans.spec import load_spec

GAMES = ["artisans", "taj", "tajmahal", "karigar", "maharani"]
VARIANTS = [(p, i) for p in ("a4", "letter") for i in ("colour", "low")]
runner = CliRunner()


def pad_of(game: str) -> documents.Pad:
    """The pad's design for the most players, as ``tajkit print GAME --players MOST`` prints it."""
    info = games.get(game)
    spec = info.load_spec()
    (pad,) = documents.pads(info, spec, players=info.player_counts(spec)[1])
    return pad


def card_of(game: str, lang: str = "en") -> Card:
    info = games.get(game)
    return documents.card(info, info.load_spec(), lang)


def rendered(draw):  # noqa: ANN001, ANN201
    with placing() as placed:
        pdf = draw()
    return pdfcheck.read(pdf), placed


def drawn(pad: documents.Pad, paper: str = "a4", ink: str = "colour") -> list[scorepad.Drawn]:
    """What one copy of the pad draws on its page (a page of two pads draws it twice)."""
    with scorepad.recording() as out:
        scorepad.render(pad, paper, ink, count=1)
    starts = [k for k, d in enumerate(out) if d.kind == "pad"]
    return out[: starts[1]] if len(starts) > 1 else out


def rows_drawn(things: list[scorepad.Drawn], category: str) -> list[scorepad.Drawn]:
    return [d for d in things if d.kind == "row" and d.category == category]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(("paper", "ink"), VARIANTS)
def test_score_pad(game, paper, ink):
    """Every design of the pad: each category's rows drawn (a run: at least its count), each row's
    label printed (a run in banks: its heading over the numbered rows)."""
    info = games.get(game)
    for pad in documents.pads(info, info.load_spec()):
        reader, placed = rendered(lambda: scorepad.render(pad, paper, ink, count=3))
        assert len(reader.pages) == 3
        assert pdfcheck.page_sizes(reader) == {pdfcheck.PAGE_POINTS[paper]}
        flat = re.sub(r"\s+", " ", reader.pages[0].extract_text())
        things = drawn(pad, paper, ink)
        for row in pad.rows:
            rows = rows_drawn(things, row.id)
            assert len(rows) >= (row.count if row.kind == "rounds" else 1), row.id
            headings = [d.caption for d in things if d.kind == "heading" and d.category == row.id]
            if headings:
                assert headings == [f"{row.label} 1–{len(rows)}"] and headings[0] in flat
                assert [r.caption for r in rows] == [str(k) for k in range(1, len(rows) + 1)]
            else:
                assert all(r.caption in flat for r in rows), row.id
        assert pdfcheck.all_fonts_embedded(reader)
        assert pdfcheck.overflows(placed) == []
        assert min(p.size for p in placed) >= 4.5


@pytest.mark.parametrize(("game", "lang"), [(g, "en") for g in GAMES] + [("maharani", "hu")])
@pytest.mark.parametrize(("paper", "ink"), VARIANTS)
def test_reference_card(game, lang, paper, ink):
    card = card_of(game, lang)
    reader, placed = rendered(lambda: reference.render(card, paper, ink))
    assert pdfcheck.page_sizes(reader) == {pdfcheck.PAGE_POINTS[paper]}
    text = " ".join(page.extract_text() for page in reader.pages)
    flat = re.sub(r"\s+", " ", text)
    for section in card.sections:
        assert section.heading in flat, section.heading
    assert flat.count(card.title) >= 2  # two cards per page
    assert pdfcheck.all_fonts_embedded(reader)
    assert pdfcheck.overflows(placed) == []


# --- what each game's printouts carry (rulebook categories) ------------------------------------


def labels(game: str) -> list[str]:
    """The labels of the rows the pad draws, in order."""
    return [d.caption for d in drawn(pad_of(game)) if d.kind == "row"]


def test_artisans_pad_has_a_row_per_feature_with_its_stars_the_trees_and_the_tie_break():
    """Scoring: stars per completed feature, -1 per unwatered tree; ties: most unused raindrops."""
    pad = pad_of("artisans")
    spec = load_spec()
    assert [(r.label, r.stars) for r in pad.rows[: len(spec.features)]] == [(f.title, f.stars) for f in spec.features]
    assert labels("artisans")[-3:] == ["Dry fruit trees", "Total", "Unused raindrops"]
    assert pad.rows[-1].kind == "tiebreak"


def test_taj_pad_has_the_colour_values_and_goal_arithmetic():
    """Scoring: goal colours x2, x1, x-1 times the colour values under the Taj."""
    pad = pad_of("taj")
    shared = pad.rows[0]
    assert shared.kind == "shared" and shared.cells == ("green", "orange", "pink", "blue", "yellow")
    assert [r.label for r in pad.rows[1:4]] == ["Goal ×2", "Goal ×1", "Goal ×−1"]
    assert all(r.sub == ("colour", "value", r.sub[2]) for r in pad.rows[1:4])
    assert pad.players == 4


def test_karigar_pad_rows_and_tie_breaks():
    """Game End: Taj Point tokens, Bakshish cards, Blueprint card (and bonus), Alliance cards; ties:
    most Taj tiles built, then fewest resources."""
    rows = pad_of("karigar").rows
    assert [r.label for r in rows if r.kind == "score"] == [
        "Taj point tokens", "Bakshish cards", "Blueprint card", "Blueprint bonus", "Alliance cards"
    ]
    assert [(r.label, r.kind) for r in rows[-2:]] == [("Taj tiles built", "tiebreak"), ("Resources left", "tiebreak")]


def test_maharani_quarter_table_marks_what_the_rulebook_states():
    """Scoring a quarter: the rulebook's example gives 1 -> 4, 3 -> 9, 5 -> 18 (and 0 -> 0); the rest
    is inferred and printed with a star."""
    pad = pad_of("maharani")
    official = {(c.key, c.value) for c in pad.table.cells if c.official}
    assert official == {("0", "0"), ("1", "4"), ("3", "9"), ("5", "18")}
    assert all(not c.official for c in pad.table.cells if c.key in ("2", "4", "6"))
    assert len([label for label in labels("maharani") if label.startswith("Quarter scoring")]) == 4


def test_maharani_card_in_hungarian_has_its_letters():
    reader, _ = rendered(lambda: reference.render(card_of("maharani", "hu")))
    text = reader.pages[0].extract_text()
    for word in ("Előkészületek", "kiértékelése", "győzelmen", "Döntetlen"):
        assert word in text


def test_artisans_card_conditions_come_from_the_sheet():
    card = card_of("artisans")
    scoring = next(s for s in card.sections if s.icon == "scoring")
    assert "Stonemason ×2, ★5*: each value lower than the one beneath it." in scoring.items
    assert "Dome Builder, ★3*: middle lower than both sides." in scoring.items
    assert any(item.startswith("* star values: tajkit defaults") for item in scoring.items)


def test_a_card_too_long_for_one_side_gets_a_back():
    long = Card("x", "Long card", "test", tuple(Section("turn", f"Part {k}", ("word " * 60,) * 3) for k in range(5)))
    reader, placed = rendered(lambda: reference.render(long))
    assert len(reader.pages) == 2
    back = reader.pages[1].extract_text()
    assert "test · back" in back and "Part 4" in back
    assert pdfcheck.overflows(placed) == []


def test_no_section_is_ever_dropped():
    longer = Card("x", "Longer card", "test", tuple(Section("turn", f"Part {k}", ("word " * 60,) * 4) for k in range(8)))
    reader, placed = rendered(lambda: reference.render(longer))
    text = " ".join(page.extract_text() for page in reader.pages)
    assert all(f"Part {k}" in text for k in range(8))
    assert f"part {len(reader.pages)} of {len(reader.pages)}" in text
    assert pdfcheck.overflows(placed) == []


# --- the command line ----------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_print_main_printout_by_default(game, tmp_path):
    target = tmp_path / "x.pdf"
    result = runner.invoke(app, ["print", game, "-o", str(target), "--count", "2"])
    assert result.exit_code == 0, result.output
    reader = pdfcheck.read(target.read_bytes())
    kind = "Player sheet" if game == "artisans" else "Score pad"
    assert kind in reader.pages[0].extract_text()
    assert len(reader.pages) == 2  # Maharani: one for 2 players, one for 3-4


def test_print_reference_in_hungarian(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["print", "maharani", "--kind", "reference", "--lang", "hu", "--paper", "letter"])
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == "output/maharani-reference-hu-letter-colour.pdf"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["taj", "--kind", "sheet"], "--kind sheet: tajkit prints scorepad, reference for taj"),
        (["taj", "--kind", "reference", "--lang", "hu"], "--lang hu: the taj reference card comes in en"),
        (["taj", "--lang", "hu"], "--lang hu: the taj score pad comes in en"),
        (["artisans", "--lang", "hu"], "--lang hu: the artisans sheet comes in English only"),
    ],
)
def test_print_bad_choices(args, message, tmp_path):
    result = runner.invoke(app, ["print", *args, "-o", str(tmp_path / "x.pdf")])
    assert result.exit_code == 2 and message in result.stderr


def pad_pages(pdf: bytes) -> list[str]:
    """Each page's "for N players" subtitle ("" when the game has one design)."""
    return [next(iter(re.findall(r"Score pad · (\S+ players)", page.extract_text())), "")
            for page in pdfcheck.read(pdf).pages]


@pytest.mark.parametrize(("count", "split"), [(None, (5, 5)), (10, (5, 5)), (11, (6, 5)), (1, (1, 1)), (2, (1, 1))])
def test_count_is_the_pages_in_all_shared_between_the_designs(count, split, tmp_path):
    """--count N printed N pages of each design (--count 10: 20 pages); it is the pages in all,
    shared out between the designs (at least one each), and standard error says what was printed."""
    target = tmp_path / "pad.pdf"
    result = runner.invoke(app, ["print", "maharani", "-o", str(target), *(["--count", str(count)] if count else [])])
    assert result.exit_code == 0, result.output
    assert pad_pages(target.read_bytes()) == ["2 players"] * split[0] + ["3–4 players"] * split[1]
    said = f"{sum(split)} pages: {split[0]} for 2 players, {split[1]} for 3-4 players"
    assert result.stderr.strip().splitlines() == [said]
    assert result.stdout.strip() == str(target)


def test_a_game_with_one_pad_design_prints_count_pages_and_says_nothing_more(tmp_path):
    target = tmp_path / "pad.pdf"
    result = runner.invoke(app, ["print", "taj", "--count", "3", "-o", str(target)])
    assert result.exit_code == 0 and result.stderr == ""
    assert pad_pages(target.read_bytes()) == [""] * 3


@pytest.mark.parametrize(("players", "design"), [(2, "2 players"), (3, "3–4 players"), (4, "3–4 players")])
def test_players_prints_the_design_for_that_many(players, design, tmp_path):
    """--players N prints --count pages of the one design for N players (Szabályok 2 játékosra: a
    2-player game has its own pad, each player's two colours scored apart)."""
    target = tmp_path / "pad.pdf"
    result = runner.invoke(app, ["print", "maharani", "--players", str(players), "--count", "4", "-o", str(target)])
    assert result.exit_code == 0, result.output
    assert pad_pages(target.read_bytes()) == [design] * 4
    assert result.stderr == ""


@pytest.mark.parametrize("game", GAMES)
def test_players_outside_the_games_counts_is_refused_naming_the_range(game, tmp_path):
    info = games.get(game)
    fewest, most = info.player_counts(info.load_spec())
    for players in (fewest - 1, most + 1):
        result = runner.invoke(app, ["print", game, "--kind", "scorepad", "--players", str(players),
                                     "-o", str(tmp_path / "x.pdf")])
        assert result.exit_code == 2
        assert result.stderr.splitlines() == [
            f"error: --players {players}: the {game} score pad is for {fewest} to {most} players"
        ]
        assert not (tmp_path / "x.pdf").exists()
    result = runner.invoke(app, ["print", game, "--kind", "scorepad", "--players", str(most), "-o", str(tmp_path / "x.pdf")])
    assert result.exit_code == 0, result.output


def test_one_designs_pad_gets_its_own_default_name_and_a_wrong_count_is_said_first(tmp_path, monkeypatch):
    """The newcomer's walk-through: with the two-design pad already printed, --players 2 wrote the
    same default file (so it was refused, or with --force replaced a different pad), and a wrong
    --players 7 was answered with "already exists"."""
    monkeypatch.chdir(tmp_path)
    assert runner.invoke(app, ["print", "maharani"]).exit_code == 0
    wrong = runner.invoke(app, ["print", "maharani", "--players", "7"])
    assert (wrong.exit_code, wrong.stderr.splitlines()) == (2, ["error: --players 7: the maharani score pad is for 2 to 4 players"])
    two = runner.invoke(app, ["print", "maharani", "--players", "2"])
    assert two.exit_code == 0, two.output
    assert sorted(p.name for p in (tmp_path / "output").iterdir()) == [
        "maharani-scorepad-2-players-a4-colour.pdf", "maharani-scorepad-a4-colour.pdf"]


def test_players_is_for_a_score_pad_only(tmp_path):
    result = runner.invoke(app, ["print", "maharani", "--kind", "reference", "--players", "2", "-o", str(tmp_path / "x.pdf")])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        "error: --players 2: only a score pad has a design for a number of players (add --kind scorepad)"
    ]


def test_rendering_a_pad_keeps_nothing_unless_asked():
    """A long-running process renders pads for ever: the drawn geometry was appended to a
    module-level list on every render. It is kept only inside ``recording()``, for that block."""
    def kept() -> dict[str, int]:
        return {name: len(v) for name, v in vars(scorepad).items() if isinstance(v, (list, dict, set)) and name[0] != "_"}

    pad = pad_of("maharani")
    before = kept()
    scorepad.render(pad, "a4", "colour", count=1)
    assert kept() == before
    with scorepad.recording() as outer:
        scorepad.render(pad, "a4", "colour", count=1)
        with scorepad.recording() as inner:
            scorepad.render(pad_of("taj"), "a4", "colour", count=1)
    scorepad.render(pad, "a4", "colour", count=1)
    assert kept() == before
    assert {d.category for d in outer if d.kind == "row"} == {"turn", "quarter", "total"}
    assert "colour_values" in {d.category for d in inner if d.kind == "row"}


TAJ_PAD_HU = """
[scorepad_text.hu]
words = { score_pad = "Pontozólap", player = "Játékos", date = "Dátum", place = "Helyszín", footer = "tajkit · {title} pontozólap", default_mark = "* tajkit alapérték" }
[scorepad_text.hu.categories]
colour_values = { label = "Színek értéke a Taj alatt" }
goal_1 = { label = "Cél ×2", sub = ["szín", "érték", "× 2 ="] }
goal_2 = { label = "Cél ×1" }
goal_3 = { label = "Cél ×−1" }
total = { label = "Összesen" }
"""


def test_a_score_pad_in_another_language_takes_every_word_from_the_data(tmp_path):
    """A pad in another language: the words of every category (by id) and of the pad itself."""
    (tmp_path / "taj.toml").write_text(TAJ_PAD_HU)
    target = tmp_path / "pad.pdf"
    result = runner.invoke(app, ["--data", str(tmp_path), "print", "taj", "--lang", "hu", "-o", str(target)])
    assert result.exit_code == 0, result.output
    text = re.sub(r"\s+", " ", pdfcheck.read(target.read_bytes()).pages[0].extract_text())
    for word in ("Pontozólap", "Játékos", "Színek értéke a Taj alatt", "Cél ×2", "szín", "Összesen"):
        assert word in text, word
    (tmp_path / "taj.toml").write_text(TAJ_PAD_HU.replace('total = { label = "Összesen" }', ""))
    result = runner.invoke(app, ["--data", str(tmp_path), "print", "taj", "--lang", "hu", "-o", str(tmp_path / "x.pdf")])
    assert result.exit_code == 2 and "scorepad_text.hu needs words for total" in result.stderr


def test_maharani_score_pad_in_hungarian(tmp_path):
    """Issue 12: Maharani's rulebook is Hungarian, so its score pad comes in Hungarian too."""
    target = tmp_path / "pad.pdf"
    result = runner.invoke(app, ["print", "maharani", "--lang", "hu", "-o", str(target)])
    assert result.exit_code == 0, result.output
    reader = pdfcheck.read(target.read_bytes())
    for page in reader.pages:
        text = re.sub(r"\s+", " ", page.extract_text())
        for word in ("Pontozólap", "Játékos", "Kör", "Negyed kiértékelése 4", "Összes arany", "munkás → arany"):
            assert word in text, word
        assert "Turn" not in text and "Score pad" not in text
    assert "2 játékos" in reader.pages[0].extract_text() and "3–4 játékos" in reader.pages[-1].extract_text()


def test_the_artisans_pad_prints_two_to_a_page_with_six_columns():
    """Issue 12: the game takes any number of players: 6 columns, and the pad no longer leaves half
    the page blank."""
    pad = pad_of("artisans")
    assert pad.players == 6
    reader, _ = rendered(lambda: scorepad.render(pad, "a4", "colour", count=1))
    text = reader.pages[0].extract_text()
    assert text.count("Score pad") == 2 and text.count("Left orchard") == 2


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_two_pads_to_a_page_keep_their_footers_off_the_cut_line(paper):
    """Issue 8: the footer of the upper pad printed on the cut line (Karigar-e-Taj, A4 and Letter)."""
    reader, _ = rendered(lambda: scorepad.render(pad_of("karigar"), paper, "colour", count=1))
    page = reader.pages[0]
    height = float(page.mediabox.height)
    footers: list[float] = []

    def visit(text, cm, tm, font, size):  # noqa: ANN001
        if "score pad" in text and "tajkit" in text:
            footers.append(cm[5] + tm[5] * cm[3])

    page.extract_text(visitor_text=visit)
    assert len(footers) == 2
    assert min(abs(y - height / 2) for y in footers) > 6  # the cut line runs across the middle


@settings(max_examples=200)
@given(st.text(alphabet=st.sampled_from("ab/ :;-,Ő"), max_size=300), st.floats(min_value=20, max_value=300))
def test_wrapped_lines_never_run_past_their_box(words, width):
    """A position string has no spaces to break at: it is cut (after a '/' where one fits), so a
    picture's panel never runs off the page; nothing is lost on the way."""
    register_fonts()
    lines = wrap(words, SANS, 7, width)
    assert all(width_of(line, SANS, 7) <= width for line in lines if len(line) > 1)
    assert "".join(lines).replace(" ", "") == words.replace("\n", "").replace(" ", "")


# --- issue 23: printouts a person can read and play on ---------------------------------------------

SMALLEST = 6.5  # points: nothing a player must read is printed smaller
PRINTOUTS = [
    (game, kind, lang)
    for game in GAMES
    for kind in games.get(game).prints
    for lang in (games.get(game).languages if kind != "sheet" else ("en",))
]


@pytest.mark.parametrize(("game", "kind", "lang"), PRINTOUTS)
@pytest.mark.parametrize(("paper", "ink"), VARIANTS)
def test_no_printed_text_is_smaller_than_6_5_points(game, kind, lang, paper, ink):
    """Issue 23: text went down to 5.2 pt (the Taj Mahal pad's province note), 5.5 pt (the
    Artisans sheet's star footnote, the TAJ pad's cell captions). Every text run of every printed
    document, read back from the PDF at the size it is printed."""
    from tajkit.cli.commands import render

    reader = pdfcheck.read(render(games.get(game), kind, paper, ink, 1, lang)[0])
    runs = pdfcheck.text_runs(reader)
    assert runs
    small = sorted({(round(size, 2), words) for size, words in runs if size < SMALLEST - 0.005})
    assert small == []


@pytest.mark.parametrize(("game", "lang"), [(g, lang) for g in GAMES for lang in games.get(g).languages])
def test_a_card_gives_a_playing_time_only_as_the_publishers_figure(game, lang):
    """Issue 23: "about 15 minutes" (Artisans) and "about 10 minutes" (TAJ) were printed as fact;
    no rulebook gives a playing time. The Artisans figure is the publisher's own page's
    (research/game-facts.md: itch.io), so it may show, marked as such; TAJ's comes from reviews
    and aggregators only, so it is gone."""
    reader, _ = rendered(lambda: reference.render(card_of(game, lang)))
    text = re.sub(r"\s+", " ", " ".join(page.extract_text() for page in reader.pages))
    for sentence in re.split(r"[.·;]", text):
        if re.search(r"\d+\s*(min|minutes|perc)\b", sentence):
            assert "publisher" in sentence, sentence
    if game == "taj":
        assert "10 min" not in text


def test_the_maharani_pads_hold_a_one_tile_a_turn_game_for_every_player_count():
    """Issue 23: 16 turn rows, where a 2-player game runs to about 28 turns each. The rulebook
    gives no number of turns; a turn places at least one tile (A játék menete 1a: legalább egy
    mozaik) or refreshes (A játék menete 2: Akciójelző(k) frissítése), every space takes one tile.
    So the pad draws, for the fewest players it serves, enough rows for a game in which every turn
    places one tile (ceil(spaces / players)) plus the seed's rows for refresh turns (a tajkit
    default, not a bound): counted on the rows drawn, each with its boxes, the last row's number
    printed. With 2 players each colour's workers are scored on their own (Szabályok 2
    játékosra: Negyed kiértékelése): a workers/gold pair per colour in every quarter row."""
    info = games.get("maharani")
    spec = info.load_spec()
    refresh = next(row.count for row in spec.pad.rows if row.id == "turn")
    served = set()
    for pad in documents.pads(info, spec):
        served.update(range(pad.fewest, pad.players + 1))
        rows = {r.id: r for r in pad.rows}
        things = drawn(pad)
        turns = rows_drawn(things, "turn")
        assert len(turns) >= -(-len(spec.spaces) // pad.fewest) + refresh, (pad.fewest, len(turns))
        cells = [d for d in things if d.kind == "cell" and d.category == "turn"]
        assert len(cells) == len(turns) * pad.players * len(rows["turn"].sub)
        crews = spec.crews_per_player[pad.fewest]
        assert rows["quarter"].sub == tuple(
            f"{word} {'ab'[k]}" if crews == 2 else word for k in range(crews) for word in ("workers", "gold")
        )
        reader, placed = rendered(lambda: scorepad.render(pad, "a4", "colour", count=1))
        text = re.sub(r"\s+", " ", reader.pages[0].extract_text())
        label = rows["turn"].label
        if any(d.kind == "heading" for d in things):  # in banks: "Turn 1–34", then numbers
            assert f"{label} 1–{len(turns)}" in text
        else:
            assert f"{label} {len(turns)} " in text and f"{label} {len(turns) + 1} " not in text
        assert pdfcheck.overflows(placed) == []
    assert served == {2, 3, 4}
    assert [len(rows_drawn(drawn(pad), "turn")) for pad in documents.pads(info, spec)] == [34, 24]


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_the_maharani_pads_say_to_go_on_on_a_second_sheet(lang):
    """The turn rows are a tajkit default, not a bound (a refresh turn hands the others extra
    placing turns: A játék menete 2), so every design says where a longer game goes on."""
    info = games.get("maharani")
    advice = {"en": "more turns? continue on a second sheet", "hu": "több körhöz folytassátok egy második lapon"}
    for pad in documents.pads(info, info.load_spec(), lang):
        reader, _ = rendered(lambda: scorepad.render(pad, "a4", "colour", count=1))
        assert advice[lang] in re.sub(r"\s+", " ", reader.pages[0].extract_text())


TAJ_CELL = 51.0  # points (1.8 cm): room to write "orange" by hand


def test_the_taj_pad_has_cells_wide_enough_to_write_a_colour_and_its_values_on_the_columns():
    """Issue 23: the TAJ pad's cells were about 0.9 cm wide, too narrow to write "orange", and
    the five colour-value boxes did not line up with the player columns."""
    things = drawn(pad_of("taj"))
    cells = [d for d in things if d.kind == "cell"]
    assert cells and min(d.w for d in cells) >= TAJ_CELL
    values = sorted({round(d.x, 2) for d in things if d.kind == "shared"})
    grid = sorted({round(d.x, 2) for d in things if d.kind in ("label", "name")})
    assert len(values) == 5 and values == grid


def test_a_long_note_over_the_colour_values_wraps_under_their_heading():
    """A shared row's note that does not fit beside its heading (a group's own words in --data)
    was shrunk below 6.5 pt on one line; it goes on lines of its own under the heading, the band
    grows to hold them and the boxes still stand on the columns."""
    pad = pad_of("taj")
    note = "symbols under the Taj, plus one for each colour on the +1 rug, " * 3
    long = replace(pad, rows=(replace(pad.rows[0], note=note.strip()), *pad.rows[1:]))
    reader, placed = rendered(lambda: scorepad.render(long, "a4", "colour", count=1))
    assert [words for size, words in pdfcheck.text_runs(reader) if size < SMALLEST - 0.005] == []
    assert pdfcheck.overflows(placed) == []
    text = re.sub(r"\s+", " ", reader.pages[0].extract_text())
    assert note.strip() in text
    short, wrapped = drawn(pad), drawn(long)
    (short_row,), (long_row,) = rows_drawn(short, "colour_values"), rows_drawn(wrapped, "colour_values")
    assert long_row.h > short_row.h  # the band grew
    values = sorted({round(d.x, 2) for d in wrapped if d.kind == "shared"})
    assert values == sorted({round(d.x, 2) for d in wrapped if d.kind in ("label", "name")})


@pytest.mark.parametrize(("game", "lang"), [(g, "en") for g in GAMES] + [("maharani", "hu")])
def test_date_and_place_sit_on_their_lines_at_one_size(game, lang):
    """Issue 23: on the Hungarian Maharani pad "Dátum" and "Helyszín" touched their lines and
    differed in size. Each label ends before its line starts, at the same size, its baseline clear
    of the line by the font's descent and a point more."""
    from reportlab.pdfbase.pdfmetrics import getDescent

    info = games.get(game)
    for pad in documents.pads(info, info.load_spec(), lang):
        with placing() as placed:
            blanks = [d for d in drawn(pad) if d.kind == "blank"]
        assert len(blanks) >= 2
        for blank in blanks:
            label = next(p for p in placed if p.text == blank.caption)
            assert blank.label_right + 2 <= blank.x
            assert blank.baseline - blank.y >= -getDescent(label.font, label.size) + 1
        assert len({round(next(p for p in placed if p.text == b.caption).size, 2) for b in blanks}) == 1
