"""Taj Mahal through the real command line: score (text, JSON, standard input, typed in), hint,
schema, the score pad and the reference card; bad input exits 2 with one line per problem."""

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
GAME_FILE = DATA / "tajmahal-game.toml"  # its provinces open in turn: read with a group's data (ANY_OPENER)
ANY_OPENER = str(DATA / "any-opener")
runner = CliRunner()

POSITION = """\
game = "tajmahal"
province = 5
turn = "Asha"
unclaimed = ["elephant", "tiger", "princess", "yellow_advisor", "taj"]
bonus_tile = 3

[[players]]
name = "Asha"
display = [["elephant", "tiger"]]
hand = [["elephant"], ["elephant", "taj"], ["princess", "princess"], ["tiger"], ["yellow_advisor", "elephant"], ["taj"]]
palaces = [3, 4]

[[players]]
name = "Ben"
display = [["elephant", "elephant"], ["tiger"]]

[[players]]
name = "Chen"
display = [["white_advisor"], ["princess"]]
withdrawn = true
"""


def run(*args: str, input: str | None = None):
    return runner.invoke(cli.app, list(args), input=input)


def test_score_a_record():
    result = run("--data", ANY_OPENER, "score", "tajmahal", str(GAME_FILE))
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith("Province 1: Asha took Elephant (palace), Tiger (bonus tile 5)")
    assert "Chen: 23 points (rank 1)" in out
    assert "Longest chain of connected provinces  provinces 5-6-7" in out
    assert "Tie: Devi and Asha tie on 17 points; the most cards left breaks it (Devi 10, Asha 7)" in out
    assert "Note: these point values are tajkit defaults" in out and "Note: the map is tajkit's default" in out


def test_score_json_from_standard_input():
    result = run("--data", ANY_OPENER, "score", "tajmahal", "-", "--json", input=GAME_FILE.read_text())
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["rounds"][9]["prizes"] == {"elephant": "Chen", "tiger": "Chen", "princess": None,
                                          "yellow_advisor": None, "white_advisor": None, "taj": "Chen"}
    assert [(p["name"], p["total"], p["rank"]) for p in doc["players"]] == [
        ("Chen", 23, 1), ("Devi", 17, 2), ("Asha", 17, 3), ("Ben", 11, 4)]
    assert any("tajkit defaults" in n for n in doc["notes"])


def test_bad_input_exits_2_with_one_line_per_problem(tmp_path):
    bad = tmp_path / "bad.toml"
    text = GAME_FILE.read_text().replace('prizes = { elephant = "Chen", white_advisor = "Ben" }',
                                         'prizes = { elephant = "Asha", white_advisor = "Ben" }')
    bad.write_text(text.replace('players = ["Asha", "Ben", "Chen", "Devi"]',
                                'players = ["Asha", "Ben", "Chen", "Devi"]\nround = 3'))
    proc = subprocess.run([sys.executable, "-m", "tajkit.cli", "score", "tajmahal", str(bad)],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert lines == ["error: unknown field 'round' (did you mean rounds?)"]
    bad.write_text(text)
    proc = subprocess.run([sys.executable, "-m", "tajkit.cli", "--data", ANY_OPENER, "score", "tajmahal", str(bad)],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert proc.stderr.strip().splitlines() == [
        "error: round 7: Asha claims the Elephant prize (a palace in the current province), but Chen took it at "
        "turn 5, before Asha withdrew at turn 7 (inferred from Prize Collection and Tie Resolution: a prize is taken "
        "once a round)"]


def test_hint_text_json_and_options(tmp_path):
    pos = tmp_path / "position.toml"
    pos.write_text(POSITION)
    result = run("hint", "tajmahal", str(pos), "--top", "2")
    assert result.exit_code == 0, result.output
    assert "Withdraw now: Tiger = 3 points" in result.stdout
    assert "Best this turn (points held withdrawing next turn − 1 a card):" in result.stdout
    assert "Note: all answers proven optimal by CP-SAT" in result.stdout + result.stderr
    result = run("hint", "tajmahal", str(pos), "--json", "--card-cost", "0", "--player", "Asha")
    doc = json.loads(result.stdout)
    assert doc["this_turn"][0]["points"] == 11 and doc["card_cost"] == 0.0 and doc["proven_optimal"]
    assert {"notes", "per_prize", "sets", "withdraw_now", "worth"} <= set(doc)


def test_hint_help_shows_exactly_its_options():
    result = run("hint", "tajmahal", "--help")
    assert result.exit_code == 0
    for flag in ("--player", "--card-cost", "--top", "--json"):
        assert flag in result.stdout


def test_hint_bad_input_exits_2(tmp_path):
    pos = tmp_path / "position.toml"
    pos.write_text(POSITION.replace('turn = "Asha"', 'turn = "Chen"'))
    proc = subprocess.run([sys.executable, "-m", "tajkit.cli", "hint", "tajmahal", str(pos)],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert proc.stderr.strip().splitlines() == [
        'error: turn = "Chen", but Chen has withdrawn: once withdrawn, a player takes no more actions this round '
        "(rulebook: Bidding Phase)"]
    result = run("hint", "tajmahal", str(tmp_path / "position.toml"), "--top", "0")
    assert result.exit_code == 2


def test_schema_describes_the_record_and_the_position():
    result = run("schema", "tajmahal")
    assert result.exit_code == 0
    schema = json.loads(result.stdout)
    assert schema["title"] == "tajkit state files: Taj Mahal"
    assert {"TajMahalRound", "TajMahalTurn", "TajMahalPlayer", "TajMahalSeat"} <= set(schema["$defs"])
    forms = [schema["$defs"][ref["$ref"].split("/")[-1]] for ref in schema["anyOf"]]
    assert [f["title"] for f in forms] == ["tajkit state: Taj Mahal", "tajkit position: Taj Mahal"]
    assert "rounds" in forms[0]["properties"] and "unclaimed" in forms[1]["properties"]


def test_typing_in_a_final_position(tmp_path, monkeypatch):
    """Interactive entry asks the position's fields (their descriptions are the prompts), asks again
    for a palace another player already has, scores and saves a file that scores the same."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(cli, "stdin_is_interactive", lambda: True)
    answers = ["Asha", "1 2 3", "3 2", "1", "2", "0", "5",
               "Ben", "3 4 5", "", "2", "1 12", "", "6",
               "4 5",  # asked again: Asha has the palace in province 3
               "",  # no third player
               "", "y", "mine.toml"]
    result = run("score", "tajmahal", input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    assert "palaces: the provinces (1-12) where the player has a palace" in result.stderr
    assert "Ben: palaces lists province 3, but Asha has the palace there" in result.stderr
    saved = tomllib.loads((tmp_path / "mine.toml").read_text())
    assert saved["players"][1]["palaces"] == [4, 5]
    rerun = run("score", "tajmahal", str(tmp_path / "mine.toml"))
    assert "Asha: 18 points (rank 1)" in rerun.stdout and "Ben: 13 points (rank 2)" in rerun.stdout


def test_the_score_pad_rows_are_the_scorers_categories():
    """The pad prints the scorer's categories (12 provinces with running totals, the chain,
    Princess cards, bonus tiles, connection markers, total, cards left) for 4 players (rulebook:
    Components: 4 player colours) and the chain table marked as tajkit defaults."""
    info = games.get("tajmahal")
    spec = info.load_spec()
    (pad,) = documents.pads(info, spec)
    assert pad.rows == info.categories(spec)
    assert pad.players == 4
    assert pad.rows[0].kind == "rounds" and pad.rows[0].count == 12 and pad.rows[0].sub == ("points", "running total")
    assert [r.label for r in pad.rows[1:]] == [
        "Longest chain of connected provinces", "Princess cards", "Bonus tiles scored at the end",
        "Connection markers", "Total", "Cards left"]
    assert pad.table is not None and all(not c.official for c in pad.table.cells)
    assert [c.value for c in pad.table.cells[:4]] == ["1", "3", "6", "10"]
    assert "tajkit defaults" in pad.table.note


def test_the_reference_card_follows_the_seed_and_marks_defaults():
    info = games.get("tajmahal")
    card = documents.card(info, info.load_spec())
    text = " ".join(item for s in card.sections for item in s.items)
    assert "A tie among players still in: nobody takes that prize yet." in text
    assert "Yellow Advisor, White Advisor: a connection marker each." in text
    assert "* tajkit defaults: the seed gives no point values" in text
    points = next(s for s in card.sections if s.heading == "Points (tajkit defaults)")
    assert points.table and points.table_labels == ("provinces", "points")


def test_print_the_pad_and_the_card(tmp_path):
    for kind in ("scorepad", "reference"):
        out = tmp_path / f"{kind}.pdf"
        result = run("print", "tajmahal", "--kind", kind, "-o", str(out))
        assert result.exit_code == 0, result.output
        assert out.read_bytes().startswith(b"%PDF")


def test_a_file_given_to_the_other_command_is_named_for_what_it_is(tmp_path):
    """A hint position given to score (or a record given to hint) gets one line naming the
    command that reads it, not a line for every field the other form lacks."""
    (tmp_path / "position.toml").write_text(POSITION)
    proc = subprocess.run([sys.executable, "-m", "tajkit.cli", "score", "tajmahal", "position.toml"],
                          capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert proc.returncode == 2
    assert proc.stderr.splitlines() == [
        "error: position.toml holds a position for tajkit hint, not a table for tajkit score: "
        "run tajkit hint tajmahal position.toml"]
    result = run("hint", "tajmahal", "-", input=GAME_FILE.read_text())
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        "error: standard input holds a table for tajkit score, not a position for tajkit hint: run tajkit score tajmahal -"]


def test_a_broken_file_of_the_right_form_still_gets_every_problem():
    """Only a valid file of the other form is redirected: a mistake in the right form is reported as such."""
    broken = POSITION.replace('turn = "Asha"', 'turn = "Asha"\nprovnce = 5')
    result = run("hint", "tajmahal", "-", input=broken)
    assert result.exit_code == 2
    assert "unknown field 'provnce'" in result.stderr and "tajkit score" not in result.stderr
