"""Maharani through the real command line: score (a record, a typed position, --json, --png), hint,
show, schema, the score pad; bad input ends in exit 2 with one error line per problem."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

from typer.testing import CliRunner

from tajkit.cli.main import app

DATA = Path(__file__).parent.parent / "data"
GAME_FILE = DATA / "maharani-game.toml"
POSITION_FILE = DATA / "maharani-position.toml"
runner = CliRunner()


def test_score_a_whole_game_from_its_record():
    result = runner.invoke(app, ["score", "maharani", str(GAME_FILE)])
    assert result.exit_code == 0, result.output
    turns = len(tomllib.loads(GAME_FILE.read_text(encoding="utf-8"))["turns"])
    assert result.stdout.startswith(f"{turns} turns replayed from the setup, each checked against the rules")
    assert "Ranking" in result.stdout and "the game is over" in result.stdout
    assert "Note: board and its column marks: tajkit default" in result.stdout


def test_score_as_json_itemises_every_turn():
    result = runner.invoke(app, ["score", "maharani", str(GAME_FILE), "--json"])
    out = json.loads(result.stdout)
    data = tomllib.loads(GAME_FILE.read_text(encoding="utf-8"))
    assert [t["text"] for t in out["turns"]] == data["turns"]
    assert out["over"].startswith("every space is covered")
    final = out["turns"][-1]["totals"]
    assert {p["name"]: p["total"] for p in out["players"]} == final


def test_what_one_turn_earns_from_standard_input():
    position = tomllib.loads(POSITION_FILE.read_text(encoding="utf-8"))["position"]
    state = json.dumps({"game": "maharani", "position": position, "turns": ["1d8n+ 2d6n+"]})
    result = runner.invoke(app, ["score", "maharani", "-", "--json"], input=state)
    assert result.exit_code == 0, result.output
    (turn,) = json.loads(result.stdout)["turns"]
    assert [(t["space"], t["area"], t["worker"]["group"]) for t in turn["tiles"]] == [("d8", 1, 2), ("d6", 1, 3)]
    assert turn["second_tile"] == -2 and turn["gold"]["player 3"] == 5


def test_hint_lists_the_best_turns():
    result = runner.invoke(app, ["hint", "maharani", str(POSITION_FILE), "--objective", "margin", "--top", "3", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["player"] == "Csilla" and out["objective"] == "margin" and len(out["turns"]) == 3
    assert out["proven_optimal"] is True
    text = runner.invoke(app, ["hint", "maharani", str(POSITION_FILE), "--objective", "gold"]).stdout
    assert text.startswith("Csilla to move: the best turns for 'gold'") and "proven best for 'gold'" in text


def test_show_and_score_draw_the_position(tmp_path):
    target = tmp_path / "board.png"
    result = runner.invoke(app, ["show", "maharani", str(POSITION_FILE), "-o", str(target)])
    assert result.exit_code == 0, result.output
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    again = tmp_path / "end.png"
    assert runner.invoke(app, ["score", "maharani", str(GAME_FILE), "--png", str(again)]).exit_code == 0
    assert again.stat().st_size > 10_000
    # the picture may not replace a file unasked, nor share standard output with the score
    twice = runner.invoke(app, ["score", "maharani", str(GAME_FILE), "--png", str(again)])
    assert twice.exit_code == 2
    assert twice.stderr.strip().endswith("already exists: add --force to replace it, or choose another name with --png")
    mixed = runner.invoke(app, ["score", "maharani", str(GAME_FILE), "--png", "-"])
    assert mixed.exit_code == 2 and mixed.stdout == ""
    assert mixed.stderr.strip() == "error: --png -: the result already goes to standard output; give --png a file name"


def test_schema_and_score_pad():
    schema = json.loads(runner.invoke(app, ["schema", "maharani"]).stdout)
    assert "position" in schema["properties"] and "turns" in schema["properties"]
    result = runner.invoke(app, ["print", "maharani", "--kind", "scorepad", "-o", "-"])
    assert result.exit_code == 0 and result.stdout_bytes[:5] == b"%PDF-"


def test_bad_input_is_one_error_line_each_and_exit_2(tmp_path):
    """An illegal turn stops the replay: its number, the player, the rule; exit code 2, no traceback."""
    data = tomllib.loads(GAME_FILE.read_text(encoding="utf-8"))
    data["turns"][5] = data["turns"][5].replace("|", "")
    data["turns"][2] = "1a1n"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "tajkit.cli", "score", "maharani", str(path)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert done.stderr.splitlines() == ["error: turn 3 (Csilla, '1a1n'): '1a1n': a1 is not a space of the board"]
    assert "Traceback" not in done.stderr and done.stdout == ""


def test_a_finished_game_has_no_hint():
    result = runner.invoke(app, ["hint", "maharani", str(DATA / "maharani-example.toml")])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: the game is over (every space is covered")


def test_a_whole_record_typed_in_at_the_terminal_scores_like_the_file(monkeypatch, tmp_path):
    """Interactive entry: the turns are asked one a line (a turn holds spaces), then the players."""
    from test_games import _answers

    from tajkit.cli import main as cli
    from tajkit.solver.maharani import GAME

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(cli, "stdin_is_interactive", lambda: True)
    data = tomllib.loads(GAME_FILE.read_text(encoding="utf-8"))
    answers = _answers(GAME.state_model(GAME.load_spec()), data) + ["", "n"]
    assert data["turns"][0] in answers  # a turn with spaces is one answer
    typed = runner.invoke(app, ["score", "maharani", "--json"], input="\n".join(answers) + "\n")
    assert typed.exit_code == 0, typed.output[-2000:]
    from_file = runner.invoke(app, ["score", "maharani", str(GAME_FILE), "--json"])
    assert json.loads(typed.stdout[typed.stdout.index("{"):]) == json.loads(from_file.stdout)
