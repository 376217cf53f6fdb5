"""Karigar-e-Taj through the real command line: score (text, JSON, standard input), hint (text, JSON,
--turns), schema, the score pad and a --data override; bad input exits 2 with one line per problem."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

from typer.testing import CliRunner

from tajkit.cli import main as cli
from tajkit.sheets import documents
from tajkit.solver import games

DATA = Path(__file__).parent.parent / "data"
EXAMPLE = DATA / "karigar-example.toml"
POSITION = DATA / "karigar-position.toml"
runner = CliRunner()


def run(*args: str, input: str | None = None):
    return runner.invoke(cli.app, list(args), input=input)


def tajkit(*args: str, input: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tajkit.cli", *args], capture_output=True, text=True, input=input, timeout=120)


def test_score_prints_the_sources_the_ranking_and_the_tie_break():
    result = run("score", "karigar", str(EXAMPLE))
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith("Asha: 30 points (rank 1)")
    assert "Blueprint bonus   3                    3  sections 1, 5, 8 all built" in out
    assert "Tie: Asha and Bela tie on 30 points; the most Taj tiles built breaks it (Asha 5, Bela 4) (rulebook: Game End)" in out
    assert "Note: Taj levels taken as sections 1-3 level 1" in out


def test_score_json_and_standard_input():
    result = run("score", "karigar", "-", "--json", input=EXAMPLE.read_text())
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert [(p["name"], p["total"], p["rank"]) for p in out["players"]] == [("Asha", 30, 1), ("Bela", 30, 2), ("Chand", 10, 3)]
    assert out["sections_built"] == 12 and out["notes"]


def test_bad_tables_exit_2_with_one_line_per_problem():
    data = tomllib.loads(EXAMPLE.read_text())
    data["players"][1]["taj_tokens"] = [2, 3, 3]
    data["players"][2]["alliances"] = [1, 2, 3]
    proc = tajkit("score", "karigar", "-", input=json.dumps(data))
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.strip().splitlines() == [
        "error: Bela: 3 Taj point tokens for 4 sections built: each section built takes one token (rulebook: Earn Taj Points)",
        "error: Chand: alliances has 3 cards: a player controls at most 2 (rulebook: Using an Alliance Card; only AI "
        "players have no limit)",
    ]
    assert "Traceback" not in proc.stderr


def test_hint_prints_the_plan_and_its_notes():
    proc = tajkit("hint", "karigar", str(POSITION))
    assert proc.returncode == 0, proc.stderr
    assert "Build in 3 turns (proven shortest" in proc.stdout
    assert "Note: the plan assumes the other players' workers and Elephants stay where they are" in proc.stdout + proc.stderr


def test_hint_json_and_turns():
    result = run("hint", "karigar", str(POSITION), "--turns", "2", "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert (out["turns"], out["horizon"], out["build"], out["proven"]) == (None, 2, False, True)
    assert len(out["plan"]) == 2 and out["notes"]


def test_hint_bad_input_exits_2():
    assert tajkit("hint", "karigar", str(POSITION), "--turns", "0").returncode == 2
    bad = POSITION.read_text().replace('workers = ["5L", "5L"]', 'workers = ["5L", "8L"]')
    proc = tajkit("hint", "karigar", "-", input=bad)
    assert proc.returncode == 2
    assert proc.stderr.strip().splitlines() == [
        "error: 8L: Asha and Bela both stand there: once a space is occupied, no other player's worker or Elephant "
        "enters it (rulebook: Bazaar Cards)",
    ]


def test_schema_describes_the_table_and_the_position():
    result = run("schema", "karigar")
    assert result.exit_code == 0
    schema = json.loads(result.stdout)
    assert schema["title"] == "tajkit state files: Karigar-e-Taj"
    forms = [schema["$defs"][ref["$ref"].split("/")[-1]] for ref in schema["anyOf"]]
    assert [f["title"] for f in forms] == ["tajkit state: Karigar-e-Taj", "tajkit position: Karigar-e-Taj"]
    assert "players" in forms[0]["properties"] and "bazaar" in forms[1]["properties"]


def test_the_score_pad_rows_are_the_scorers_categories():
    """The pad prints GAME.categories, so the pad and tajkit score cannot disagree."""
    info = games.get("karigar")
    spec = info.load_spec()
    (pad,) = documents.pads(info, spec)
    assert pad.rows == info.categories(spec) and pad.players == 4
    assert [r.label for r in pad.rows] == [
        "Taj point tokens", "Bakshish cards", "Blueprint card", "Blueprint bonus", "Alliance cards", "Total",
        "Taj tiles built", "Resources left",
    ]


def test_a_data_folder_changes_the_bazaar_layout(tmp_path):
    """The Bazaar layout is a tajkit default: a group with another board gives its own."""
    (tmp_path / "karigar.toml").write_text(
        '[bazaar]\ngrid = [["1", "2", "3", "4", "T1"], ["5", "6", "7", "8", "A1"], ["9", "10", "11", "12", "T2"]]\n'
    )
    result = run("--data", str(tmp_path), "hint", "karigar", str(POSITION), "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["turns"] is not None and out["plan"]
    default = json.loads(run("hint", "karigar", str(POSITION), "--json").stdout)
    assert out["plan"] != default["plan"]
    # the layout in use is no longer tajkit's default, and the notes must not say it is
    assert "the Bazaar layout is the one in your --data file" in out["notes"]
    assert not any("Bazaar layout is tajkit's default" in n for n in out["notes"])
    assert any("Bazaar layout is tajkit's default" in n for n in default["notes"])


def test_taj_levels_from_a_data_folder_are_named_as_the_users(tmp_path):
    (tmp_path / "karigar.toml").write_text("[taj.layout]\nlevels = [[1, 2, 4], [3, 5, 6], [7, 8, 9], [10, 11, 12]]\n")
    result = run("--data", str(tmp_path), "hint", "karigar", str(POSITION), "--json")
    assert result.exit_code == 0, result.output
    levels = [n for n in json.loads(result.stdout)["notes"] if n.startswith("Taj levels taken as")]
    assert levels == [
        "Taj levels taken as sections 1/2/4 level 1, 3/5/6 level 2, 7-9 level 3, 10-12 level 4 (your --data file: "
        "the rulebook numbers the sections 1-12 but does not say which make a level; set [taj.layout] levels in "
        "karigar.toml to change it)"
    ]


def test_a_position_given_to_score_is_named_for_what_it_is():
    result = run("score", "karigar", str(POSITION))
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"error: {POSITION} holds a position for tajkit hint, not a table for tajkit score: run tajkit hint karigar {POSITION}"]
    result = run("hint", "karigar", str(EXAMPLE))
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"error: {EXAMPLE} holds a table for tajkit score, not a position for tajkit hint: run tajkit score karigar {EXAMPLE}"]


def test_a_data_player_limit_counts_the_asking_player_too(tmp_path):
    """Issue 29: with [players] most = 2, score refuses a table of 3; the hint counted only the
    two others against the limit and planned for 3 players. You count too (rulebook: Components)."""
    (tmp_path / "karigar.toml").write_text("[players]\nmost = 2\n")
    result = run("--data", str(tmp_path), "hint", "karigar", str(POSITION), "--turns", "1")
    assert (result.exit_code, result.stderr.splitlines()) == (2, [
        "error: others has 2 values, needs at most 1: the other players in the Bazaar, AI players too "
        "(with you, at most 2 players)"])
    (tmp_path / "karigar.toml").write_text("[players]\nmost = 3\n")
    assert run("--data", str(tmp_path), "hint", "karigar", str(POSITION), "--turns", "1").exit_code == 0


def test_a_data_fewest_players_holds_for_the_hint_as_for_score(tmp_path):
    """The fewest players (seed: fewest = 2, inferred) is game data like the most: with fewest = 4
    in a --data file, a position seating you and two others is refused as score refuses a table
    of 3; a position that lists no others plans your turns alone."""
    (tmp_path / "karigar.toml").write_text("[players]\nfewest = 4\n")
    result = run("--data", str(tmp_path), "hint", "karigar", str(POSITION), "--turns", "1")
    assert (result.exit_code, result.stderr.splitlines()) == (2, [
        "error: others has 2 values, needs at least 3: the other players in the Bazaar, AI players too "
        "(with you, at least 4 players)"])
    table = run("--data", str(tmp_path), "score", "karigar", str(EXAMPLE))
    assert table.exit_code == 2 and "players has 3 values, needs exactly 4" in table.stderr
    alone = tomllib.loads(POSITION.read_text())
    alone["others"] = []
    position = tmp_path / "alone.json"
    position.write_text(json.dumps(alone))
    assert run("--data", str(tmp_path), "hint", "karigar", str(position), "--turns", "1").exit_code == 0


def test_a_data_limit_of_ai_players_holds_for_the_hint_as_for_score(tmp_path):
    """[players] most_ai (rulebook: Game Play with Ustad Cards: 1 or 2 AI players) is checked by
    score; a position with more AI players than that is refused the same way."""
    data = tomllib.loads(POSITION.read_text())
    data["others"][1]["ai"] = True
    position = tmp_path / "position.json"
    position.write_text(json.dumps(data))
    (tmp_path / "karigar.toml").write_text("[players]\nmost_ai = 0\n")
    result = run("--data", str(tmp_path), "hint", "karigar", str(position), "--turns", "1")
    assert (result.exit_code, result.stderr.splitlines()) == (2, [
        "error: others: 1 AI player, at most 0 (rulebook: Game Play with Ustad Cards)"])


def _position_with_my_workers(tmp_path: Path, workers: list[str]) -> Path:
    text = POSITION.read_text().replace('workers = ["5L", "5L"]', f"workers = {json.dumps(workers)}", 1)
    assert text != POSITION.read_text()
    path = tmp_path / "position.toml"
    path.write_text(text)
    return path


def test_one_worker_alone_on_a_yellow_card_is_refused_unless_a_bazaar_change_left_it_there(tmp_path):
    """Rulebook: Earning Precious Resources (Yellow Bazaar card): "Yellow Bazaar cards are activated
    only when a minimum of 2 workers are placed. Players cannot place just one worker on any of the
    spaces on a Yellow Bazaar card." (issue 40: hint karigar accepted one.) A worker stands alone on
    a yellow card only when a Bazaar Change ("When any player completes a section of the Taj Mahal,
    the Bazaar card on the corresponding space in the Bazaar Grid is immediately discarded and
    replaced") put a yellow card under it, the seed's assumption "stay": so only where that card's
    section is built. In the example, section 3 is built and section 6 is not; cards 3 and 6 are yellow."""
    refused = run("hint", "karigar", str(_position_with_my_workers(tmp_path, ["6L", "5L"])), "--turns", "1")
    assert refused.exit_code == 2, refused.output
    assert refused.stderr == (
        "error: 6L: 1 worker on a yellow Bazaar card: a player cannot place just one worker on a yellow card, it needs "
        "at least 2 (rulebook: Earning Precious Resources); fewer stand there only when a Bazaar Change replaced the "
        "card under them, and section 6 is not built\n")
    for workers in (["3L", "5L"], ["6L", "6L"]):  # left by a Bazaar Change; two workers on a yellow card
        answered = run("hint", "karigar", str(_position_with_my_workers(tmp_path, workers)), "--turns", "1")
        assert answered.exit_code == 0, (workers, answered.output)
