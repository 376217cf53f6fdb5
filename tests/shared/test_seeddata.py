"""The game data's folder is an argument, never a setting of the process (issue 24): two groups'
folders read side by side give each its own spec, and nothing carries over to a later call."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tajkit.cli.main import app
from tajkit.solver import games

ASHA = Path(__file__).parent.parent / "data" / "artisans-asha.toml"

# per game: a --data file with one value in it, two such values, and where the spec shows it
OVERRIDES = {
    "artisans": ("[trees]\ncount = {}\n", (3, 5), lambda spec: spec.trees),
    "taj": ('[taj]\nplus_one_reading = "{}"\n', ("per_portion", "per_colour"), lambda spec: spec.plus_per_portion),
    "tajmahal": ("[points]\npalace = {}\n", (1, 3), lambda spec: spec.palace),
    "karigar": ("[trade]\ngold_for_silver = {}\n", (2, 4), lambda spec: spec.gold_for_silver),
    "maharani": ('[quarters]\nnames = ["{}", "b", "c", "d"]\n', ("a", "z"), lambda spec: spec.quarter_names[0]),
}


def test_every_game_is_covered():
    assert set(OVERRIDES) == set(games.GAMES)


@pytest.mark.parametrize("game", sorted(OVERRIDES))
def test_two_folders_in_one_process_give_two_specs_and_leave_nothing_behind(tmp_path, game):
    text, (one, other), shown = OVERRIDES[game]
    info = games.get(game)
    tajkits = shown(info.load_spec())
    first, second = tmp_path / "first", tmp_path / "second"
    for folder, value in ((first, one), (second, other)):
        folder.mkdir()
        (folder / f"{game}.toml").write_text(text.format(value), encoding="utf-8")
    a, b = info.load_spec(first), info.load_spec(second)
    assert shown(a) != shown(b)
    assert shown(info.load_spec(first)) == shown(a)  # the first folder still reads as it did
    assert shown(info.load_spec()) == tajkits and shown(info.load_spec(None)) == tajkits


@pytest.mark.parametrize("game", sorted(OVERRIDES))
def test_a_data_file_changed_between_two_calls_is_read_afresh(tmp_path, game):
    """A process that loads a spec, then the group edits its file: the next load sees the edit."""
    text, (one, other), shown = OVERRIDES[game]
    info = games.get(game)
    path = tmp_path / f"{game}.toml"
    path.write_text(text.format(one), encoding="utf-8")
    before = shown(info.load_spec(tmp_path))
    path.write_text(text.format(other), encoding="utf-8")
    assert shown(info.load_spec(tmp_path)) != before


def test_a_command_given_a_folder_leaves_nothing_for_the_next_one_or_a_direct_load(tmp_path):
    """`tajkit --data DIR` hands the folder to that command alone: a later command in the same
    process, and a solver called directly, read tajkit's data."""
    (tmp_path / "artisans.toml").write_text('[[features]]\nid = "dome"\nstars = 7\n', encoding="utf-8")
    runner = CliRunner()

    def total(*top: str) -> int:
        result = runner.invoke(app, [*top, "score", "artisans", str(ASHA), "--json"])
        assert result.exit_code == 0, result.output
        return json.loads(result.stdout)["players"][0]["total"]

    tajkits = total()
    assert total("--data", str(tmp_path)) == tajkits + 4  # the dome's 3 stars become 7
    dome = next(f for f in games.get("artisans").load_spec().features if f.id == "dome")
    assert dome.stars == 3
    assert total() == tajkits
