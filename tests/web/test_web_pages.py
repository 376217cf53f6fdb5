"""The web companion's other pages (issue 27), through Starlette's test client: scoring a finished
table (the form made from the state model, each problem beside its field in the terminal entry's
words, every value kept, the totals those of ``tajkit score``), the picture, keeping the play,
printouts, the play log, its statistics, one play with its BG Stats link; the token, the size
limit and hostile names on every page."""

from __future__ import annotations

import html
import json
import re
import tomllib
import typing
from pathlib import Path

import pytest
from markupsafe import escape
from starlette.testclient import TestClient
from tajkit.cli import main as cli
from tajkit.cli.web.app import MAX_BODY, Companion, create_app
from tajkit.solver import bgstats, fields, games, history
from tajkit.solver.errors import BadInput
from typer.testing import CliRunner

DATA = Path(__file__).parent.parent / "data"
SCORING = [g for g in games.GAMES if games.get(g).scores]
HOSTILE = ["<script>alert(1)</script>", "O'Brien \"the\" >", "\u202eAsha"]
TAJ = {"t_display": "pink green blue\nblue orange yellow\ngreen yellow pink\norange pink green\nyellow blue orange\n"
                    "green blue pink",
       "t_taj": "2", "t_plus_one": "right",
       "p0_name": "Player A", "p0_goal": "orange blue green", "p1_name": "Ben", "p1_goal": "pink yellow orange"}


@pytest.fixture
def log(tmp_path, monkeypatch) -> Path:
    """A play log of the test's own (the session's shared one would see other tests' plays)."""
    path = tmp_path / "history.sqlite"
    monkeypatch.setenv(history.ENV, str(path))
    return path


def client(tmp_path) -> tuple[TestClient, Companion]:
    companion = Companion(folder=tmp_path, data=None)
    return TestClient(create_app(companion), follow_redirects=False), companion


def post(web: TestClient, companion: Companion, url: str, **fields: str):
    return web.post(url, data={"token": companion.token, **fields})


def typed_as_a_person(game: str, data: dict[str, typing.Any]) -> dict[str, str]:
    """A state file's table as a player types it into the form: the entry's own text of each value
    (``_`` for an empty box, lists separated by spaces, one row a line)."""
    info = games.get(game)
    model = info.state_model(info.load_spec())
    player_model = fields.player_model(model)

    def text(model: typing.Any, name: str, value: typing.Any) -> str:
        field = model.model_fields[name]
        if fields.is_rows(field) and value:
            return "\n".join(fields.entry_text(row) for row in value)
        return fields.entry_text(value, fields.has_boxes(field))

    typed = {f"t_{n}": text(model, n, data.get(n)) for n in fields.table_fields(model, player_model)}
    for k, player in enumerate(data["players"]):
        typed |= {f"p{k}_{n}": text(player_model, n, player.get(n)) for n in player_model.model_fields}
    return typed


def escape_(text: str) -> str:
    """``text`` as the pages' templates (Jinja2, autoescaped) write it."""
    return str(escape(text))


def field_html(page: str, key: str) -> str:
    """The part of a page that is one field of the form: its label, input and problems."""
    start = page.index(f'<label for="{key}"')
    end = re.compile(r'<div class="field( wrong)?"').search(page, start)
    return page[start:end.start() if end else len(page)]


def totals(page: str) -> dict[str, int]:
    """Each player's total as the result page shows it."""
    names = [html.unescape(n) for n in re.findall(r"<caption><bdi>(.*?)</bdi>:", page)]
    points = [int(p) for p in re.findall(r'<tr class="total">.*?<td class="points">(-?\d+)</td>', page, re.DOTALL)]
    assert len(names) == len(points)
    return dict(zip(names, points))


def score_cli(game: str, path: Path) -> dict[str, typing.Any]:
    result = CliRunner().invoke(cli.app, ["score", game, str(path), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def problems_above(page: str) -> str:
    found = re.search(r'<div class="problems"[^>]*>(.*?)</div>\s*</div>|<div class="problems"[^>]*>(.*?)</div>', page, re.DOTALL)
    return html.unescape(found.group(0)) if found else ""


# --- the pages ----------------------------------------------------------------------------------


def test_the_home_page_links_to_scoring_printouts_and_the_play_log(tmp_path):
    web, _ = client(tmp_path)
    page = web.get("/").text
    for url in ("/score", "/print", "/history"):
        assert f'href="{url}"' in page


def test_every_page_answers(tmp_path, log):
    web, _ = client(tmp_path)
    urls = ["/score", "/print", "/history", "/history/stats"]
    for game in SCORING:
        fewest, most = games.get(game).player_counts(games.get(game).load_spec())
        urls += [f"/score/{game}", f"/score/{game}?players={fewest}", f"/score/{game}?players={most}"]
    urls += [f"/print/{game}" for game in games.GAMES]
    for url in urls:
        answer = web.get(url)
        assert answer.status_code == 200, url
        assert 'class="problems"' not in answer.text, url


def test_the_score_form_asks_every_field_of_the_state_model(tmp_path):
    """The form is the model's, as the terminal entry asks it: each table field, then each
    player's name and fields, labelled and shaped as the entry's prompts say them."""
    web, _ = client(tmp_path)
    for game in SCORING:
        info = games.get(game)
        model = info.state_model(info.load_spec())
        player_model = fields.player_model(model)
        page = web.get(f"/score/{game}?players=2").text
        for name in fields.table_fields(model, player_model):
            assert f'name="t_{name}"' in page
        for k in range(2):
            for name in player_model.model_fields:
                assert f'name="p{k}_{name}"' in page
        for name in fields.player_fields(player_model):
            shape = fields.shape(player_model.model_fields[name])
            assert not shape or escape_(f"({shape})") in field_html(page, f"p0_{name}")


@pytest.mark.parametrize("game", SCORING)
def test_a_table_typed_in_scores_as_tajkit_score_scores_its_file(tmp_path, game):
    """Round trip: each game's example table, typed field by field as a person types it, scores
    with the totals and ranks `tajkit score GAME FILE` gives."""
    path = DATA / f"{game}-example.toml"
    data = tomllib.loads(path.read_text())
    web, companion = client(tmp_path)
    answer = post(web, companion, f"/score/{game}", players=str(len(data["players"])),
                  **typed_as_a_person(game, data))
    assert answer.status_code == 200, problems_above(answer.text)
    expected = score_cli(game, path)
    assert totals(answer.text) == {p["name"]: p["total"] for p in expected["players"]}
    ranks = [int(r) for r in re.findall(r"\(rank (\d+)\)</caption>", answer.text)]
    assert ranks == [p["rank"] for p in expected["players"]]


def test_a_wrong_field_says_why_beside_it_in_the_entrys_words_and_every_value_stays(tmp_path):
    web, companion = client(tmp_path)
    answer = post(web, companion, "/score/taj", players="2", **{**TAJ, "t_plus_one": "rigth"})
    assert answer.status_code == 422
    info = games.get("taj")
    field = info.state_model(info.load_spec()).model_fields["plus_one"]
    with pytest.raises(fields.BadAnswer) as said:  # what the terminal entry says to the same answer
        fields.parse_answer("rigth", field.annotation, field)
    beside = field_html(answer.text, "t_plus_one")
    assert "field-problem" in beside and escape_(str(said.value)) in beside
    assert 'value="rigth"' in beside
    for key, value in TAJ.items():
        if key != "t_plus_one":
            assert escape_(value) in field_html(answer.text, key), key
            assert "field-problem" not in field_html(answer.text, key), key


def test_a_wrong_row_is_named_by_its_number(tmp_path):
    web, companion = client(tmp_path)
    display = TAJ["t_display"].replace("blue orange yellow", "blue orange")
    answer = post(web, companion, "/score/taj", players="2", **{**TAJ, "t_display": display})
    assert answer.status_code == 422
    beside = field_html(answer.text, "t_display")
    assert "row 2: 2 values given, 3 needed" in beside
    assert escape_(display) in beside


def test_a_problem_across_fields_stands_beside_each_field_it_names(tmp_path):
    """Rulebook, Watering fruit trees: a watering marks off a raindrop. The game's own check
    (a Problem naming raindrops_used and trees_watered) is shown beside both of Asha's fields,
    in its words, and not beside Ben's."""
    data = tomllib.loads((DATA / "artisans-example.toml").read_text())
    data["players"][0] |= {"trees_watered": 4, "raindrops_used": 1}
    info = games.get("artisans")
    with pytest.raises(BadInput) as refused:
        info.read_state(info.load_spec(), data)
    (problem,) = refused.value.problems
    web, companion = client(tmp_path)
    answer = post(web, companion, "/score/artisans", players="2", **typed_as_a_person("artisans", data))
    assert answer.status_code == 422
    for key in ("p0_raindrops_used", "p0_trees_watered"):
        assert escape_(problem) in field_html(answer.text, key)
    for key in ("p1_raindrops_used", "p1_trees_watered", "p0_dome"):
        assert "field-problem" not in field_html(answer.text, key)
    assert 'value="4"' in field_html(answer.text, "p0_trees_watered")


def test_two_players_of_one_name_and_a_name_missing(tmp_path):
    web, companion = client(tmp_path)
    answer = post(web, companion, "/score/taj", players="3",
                  **{**TAJ, "p1_name": "Player A", "p2_name": "", "p2_goal": "green blue pink"})
    assert answer.status_code == 422
    assert "&#39;Player A&#39; is already entered: each player needs their own name" in field_html(answer.text, "p1_name")
    assert "name is empty" in field_html(answer.text, "p2_name")
    assert "field-problem" not in field_html(answer.text, "p0_name")


def test_a_blank_field_takes_its_default_and_a_needed_one_is_asked_for(tmp_path):
    """As at the terminal: a blank answer gives the field's default (no All/Nix used), and a field
    with none needs an answer."""
    web, companion = client(tmp_path)
    answer = post(web, companion, "/score/taj", players="2", **{**TAJ, "t_taj": ""})
    assert answer.status_code == 422
    assert "an answer is needed" in field_html(answer.text, "t_taj")
    assert "field-problem" not in field_html(answer.text, "p0_all_nix_used")
    assert 'placeholder="no"' in field_html(answer.text, "p0_all_nix_used")


def test_a_player_count_the_game_does_not_take_is_refused(tmp_path):
    web, companion = client(tmp_path)
    for given in ("1", "5", "x", ""):
        answer = web.get(f"/score/taj?players={given}")
        assert answer.status_code == 422 and "TAJ is scored for 2 to 4 players" in answer.text
    assert post(web, companion, "/score/taj", players="9", **TAJ).status_code == 422
    assert web.get("/score/nope").status_code == 404


def test_the_result_can_be_corrected_from_what_was_typed(tmp_path):
    web, companion = client(tmp_path)
    result = post(web, companion, "/score/taj", players="2", **TAJ)
    typed = html.unescape(re.search(r'name="typed" value="([^"]*)"', result.text).group(1))
    again = post(web, companion, "/score/taj", players="2", typed=typed, edit="1")
    assert again.status_code == 200
    for key, value in TAJ.items():
        assert escape_(value) in field_html(again.text, key), key
    refused = post(web, companion, "/score/taj", players="2", typed="[1, 2]", edit="1")
    assert refused.status_code == 422 and "did not come from the score form" in refused.text


def test_the_picture_is_drawn_from_what_was_typed(tmp_path):
    web, companion = client(tmp_path)
    result = post(web, companion, "/score/taj", players="2", **TAJ)
    src = html.unescape(re.search(r'<img class="position" src="([^"]*)"', result.text).group(1))
    assert src.startswith("/score/taj/picture.png?")
    picture = web.get(src)
    assert picture.status_code == 200 and picture.content.startswith(b"\x89PNG")
    wrong = web.get("/score/taj/picture.png", params={"players": "2", "typed": json.dumps({**TAJ, "t_taj": "x"})})
    assert wrong.status_code == 422
    assert web.get("/score/taj/picture.png", params={"players": "2", "typed": "/etc/passwd"}).status_code == 422
    assert web.get("/score/karigar/picture.png", params={"players": "2", "typed": "{}"}).status_code == 404
    assert "picture.png" not in post(web, companion, "/score/tajmahal", players="4",
                                     **typed_as_a_person("tajmahal", tomllib.loads(
                                         (DATA / "tajmahal-example.toml").read_text()))).text


def test_a_scored_table_is_kept_in_the_play_log_once(tmp_path, log):
    web, companion = client(tmp_path)
    result = post(web, companion, "/score/taj", players="2", **TAJ)
    typed = html.unescape(re.search(r'name="typed" value="([^"]*)"', result.text).group(1))
    kept = post(web, companion, "/score/taj/keep", players="2", typed=typed)
    assert kept.status_code == 200 and "Kept in the play log as" in kept.text
    (play,) = history.plays(log)
    assert play.game == "taj" and play.kind == "table"
    assert {s.name: s.total for s in play.seats} == totals(result.text)
    assert play.source == {"game": "taj", "display": [r.split() for r in TAJ["t_display"].splitlines()], "taj": 2,
                           "plus_one": "right", "players": [{"name": "Player A", "goal": ["orange", "blue", "green"],
                                                             "all_nix_used": False},
                                                            {"name": "Ben", "goal": ["pink", "yellow", "orange"],
                                                             "all_nix_used": False}]}
    again = post(web, companion, "/score/taj/keep", players="2", typed=typed)
    assert again.status_code == 200 and "not kept twice" in again.text
    assert len(history.plays(log)) == 1
    wrong = post(web, companion, "/score/taj/keep", players="2", typed=json.dumps({**TAJ, "t_taj": "0"}))
    assert wrong.status_code == 422 and len(history.plays(log)) == 1


# --- the token, the limits ----------------------------------------------------------------------------


def test_a_post_without_the_token_is_refused(tmp_path, log):
    web, companion = client(tmp_path)
    typed = json.dumps(TAJ)
    for url, form in (("/score/taj", {"players": "2", **TAJ}), ("/score/taj/keep", {"players": "2", "typed": typed})):
        assert web.post(url, data=form).status_code == 403
        assert web.post(url, data={**form, "token": companion.token[:-1] + "x"}).status_code == 403
    assert history.plays(log) == []


def test_a_body_over_the_limit_is_refused(tmp_path, log):
    web, companion = client(tmp_path)
    answer = post(web, companion, "/score/taj", players="2", **{**TAJ, "t_proposer": "x" * (MAX_BODY + 1)})
    assert answer.status_code == 413
    kept = post(web, companion, "/score/taj/keep", players="2", typed="x" * (MAX_BODY + 1))
    assert kept.status_code == 413 and history.plays(log) == []


# --- printouts ------------------------------------------------------------------------------------


def cli_print_name(tmp_path: Path, *args: str) -> str:
    """The file name ``tajkit print`` gives the same printout (it writes it in output/)."""
    import os

    here = os.getcwd()
    os.chdir(tmp_path)
    try:
        result = CliRunner().invoke(cli.app, ["print", *args])
    finally:
        os.chdir(here)
    assert result.exit_code == 0, result.output
    return Path(result.stdout.strip()).name


@pytest.mark.parametrize("game,query,args", [
    ("artisans", {}, []),
    ("maharani", {"kind": "scorepad", "players": "2", "lang": "hu", "paper": "letter", "ink": "low", "count": "3"},
     ["--kind", "scorepad", "--players", "2", "--lang", "hu", "--paper", "letter", "--ink", "low", "--count", "3"]),
    ("taj", {"kind": "reference"}, ["--kind", "reference"]),
])
def test_a_printout_downloads_as_the_pdf_tajkit_print_names(tmp_path, game, query, args):
    web, _ = client(tmp_path)
    answer = web.get(f"/print/{game}/pdf", params=query)
    assert answer.status_code == 200
    assert answer.content.startswith(b"%PDF")
    assert answer.headers["content-type"] == "application/pdf"
    name = cli_print_name(tmp_path, game, *args)
    assert answer.headers["content-disposition"] == f'attachment; filename="{name}"'


def test_a_printout_the_game_has_not_is_refused_in_tajkit_prints_words(tmp_path):
    web, _ = client(tmp_path)
    for query, args in (({"kind": "sheet"}, ["--kind", "sheet"]),
                        ({"kind": "reference", "players": "3"}, ["--kind", "reference", "--players", "3"]),
                        ({"kind": "scorepad", "players": "7"}, ["--players", "7"])):
        answer = web.get("/print/taj/pdf", params=query)
        assert answer.status_code == 422
        said = CliRunner().invoke(cli.app, ["print", "taj", *args, "-o", str(tmp_path / "x.pdf")])
        assert said.exit_code == 2
        words = said.output.strip().removeprefix("error: ")
        assert escape_(words) in answer.text, (words, problems_above(answer.text))
        assert 'action="/print/taj/pdf"' in answer.text  # the form again, holding what was chosen
    for query in ({"count": "0"}, {"count": "1001"}, {"count": "ten"}, {"paper": "a3"}, {"ink": "gold"},
                  {"lang": "hu"}, {"lang": "x\"><script>"}):
        answer = web.get("/print/taj/pdf", params=query)
        assert answer.status_code == 422, query
        assert "<script>" not in answer.text
    assert web.get("/print/nope/pdf").status_code == 404


# --- the play log ---------------------------------------------------------------------------------


def keep_taj(web: TestClient, companion: Companion, **changes: str) -> None:
    typed = {**TAJ, **changes}
    players = str(sum(1 for key in typed if key.endswith("_name")))
    assert post(web, companion, "/score/taj/keep", players=players, typed=json.dumps(typed)).status_code == 200


def test_the_play_log_its_statistics_and_one_play(tmp_path, log):
    web, companion = client(tmp_path)
    assert "No plays kept yet" in web.get("/history").text
    keep_taj(web, companion)
    keep_taj(web, companion, p1_name="Chen")
    listed = web.get("/history").text
    plays = history.plays(log)
    for play in plays:
        assert f'href="/history/{play.id}"' in listed
    assert re.findall(r'href="/history/(\d+)"', web.get("/history", params={"player": "Chen"}).text) == [str(plays[0].id)]
    assert "No plays match" in web.get("/history", params={"game": "karigar"}).text
    stats = web.get("/history/stats").text
    (expected,) = history.stats(log)
    for player in expected.players:
        assert f"<td><bdi>{player.name}</bdi></td><td>{player.plays}</td><td>{player.wins}</td>" in stats
    play = plays[0]
    shown = web.get(f"/history/{play.id}")
    assert shown.status_code == 200
    assert totals(shown.text) == {s.name: s.total for s in play.seats}
    link = bgstats.link(bgstats.payload(play))
    assert f'href="{escape_(link)}"' in shown.text
    qr = web.get(f"/history/{play.id}/bgstats.png")
    assert qr.status_code == 200 and qr.content.startswith(b"\x89PNG")


def test_the_play_log_refuses_what_is_none(tmp_path, log):
    web, companion = client(tmp_path)
    keep_taj(web, companion)
    for query, words in (({"since": "2026-13-01"}, "--since 2026-13-01: not a date"),
                         ({"game": "nope"}, "unknown game &#39;nope&#39;")):
        for url in ("/history", "/history/stats"):
            answer = web.get(url, params=query)
            assert answer.status_code == 422 and words in answer.text, url
            assert f'value="{escape_(query.get("since", ""))}"' in answer.text  # what was typed stays
    assert web.get("/history/99").status_code == 404
    assert web.get("/history/99/bgstats.png").status_code == 404
    assert web.get("/history/x").status_code == 404


def test_a_damaged_play_log_is_said_not_written(tmp_path, monkeypatch):
    path = tmp_path / "history.sqlite"
    path.write_bytes(b"not a database at all" * 10)
    monkeypatch.setenv(history.ENV, str(path))
    web, companion = client(tmp_path)
    listed = web.get("/history")
    assert listed.status_code == 422 and "history.sqlite" in listed.text
    kept = post(web, companion, "/score/taj/keep", players="2", typed=json.dumps(TAJ))
    assert kept.status_code == 422
    assert path.read_bytes() == b"not a database at all" * 10


# --- hostile names ---------------------------------------------------------------------------------


def assert_escaped(page: str) -> None:
    """No name reaches the page as markup, and a right-to-left mark only inside an isolating
    <bdi> or an input's value (where it cannot turn the text around it)."""
    assert "<script>" not in page and '"the" >' not in page
    for at in (m.start() for m in re.finditer("\u202e", page)):
        before = page[:at]
        assert before.endswith("<bdi>") or re.search(r'value="[^"]*$', before), page[at - 80:at + 20]


def test_hostile_names_are_escaped_on_every_page(tmp_path, log):
    web, companion = client(tmp_path)
    names = {f"p{k}_name": name for k, name in enumerate(HOSTILE)}
    table = {**TAJ, **names, "p2_goal": "green blue pink"}
    result = post(web, companion, "/score/taj", players="3", **table)
    assert result.status_code == 200, problems_above(result.text)
    assert set(totals(result.text)) == set(HOSTILE)
    assert_escaped(result.text)
    wrong = post(web, companion, "/score/taj", players="3", **{**table, "t_taj": "x"})
    assert wrong.status_code == 422
    assert_escaped(wrong.text)
    for name in HOSTILE:
        assert f'value="{escape_(name)}"' in wrong.text  # kept as typed
    typed = html.unescape(re.search(r'name="typed" value="([^"]*)"', result.text).group(1))
    kept = post(web, companion, "/score/taj/keep", players="3", typed=typed)
    assert_escaped(kept.text)
    (play,) = history.plays(log)
    for url in ("/history", "/history/stats", f"/history/{play.id}",
                "/history?player=" + HOSTILE[0], "/history/stats?player=" + HOSTILE[2]):
        page = web.get(url)
        assert page.status_code == 200, url
        assert_escaped(page.text)


def test_a_control_character_in_a_name_is_refused_and_shown_escaped(tmp_path):
    web, companion = client(tmp_path)
    answer = post(web, companion, "/score/taj", players="2", **{**TAJ, "p1_name": "Be\x07n"})
    assert answer.status_code == 422
    beside = field_html(answer.text, "p1_name")
    assert "Be\\u0007n" in beside and "field-problem" in beside
