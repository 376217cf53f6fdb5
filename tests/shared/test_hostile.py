"""Hostile input through the command line (issue 12): malformed state files, malformed ``--data``
files and odd arguments end in exit 2 with one ``error:`` line per problem, no traceback and no
hang; special files (a pipe, a huge file, deep nesting, huge numbers, duplicate keys, a byte-order
mark, lone surrogates, control characters) are refused or read correctly."""

from __future__ import annotations

import copy
import json
import os
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from tajkit.cli.main import app
from tajkit.solver import games, seeddata
from tajkit.solver.tajmahal.spec import SYMBOLS

DATA = Path(__file__).parent.parent / "data"
runner = CliRunner()
SCORING = [g for g in games.GAMES if games.get(g).scores]
FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

junk = st.recursive(
    st.none() | st.booleans() | st.integers(-10**40, 10**40) | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


def assert_clean_refusal_or_success(result: Any) -> None:
    """Exit 0 (the input happened to be valid) or 2, never a traceback; each problem one line."""
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code in (0, 2), result.output[-500:]
    if result.exit_code == 2:
        lines = result.stderr.splitlines()
        assert lines and all(line.startswith("error: ") for line in lines), result.stderr
        assert all(len(line) < 600 and "\x1b" not in line for line in lines)
        assert "Traceback" not in result.output


def paths_of(node: Any, prefix: tuple = ()) -> list[tuple]:
    """Every path to a value inside a parsed state."""
    out = [prefix] if prefix else []
    if isinstance(node, dict):
        for key, value in node.items():
            out += paths_of(value, prefix + (key,))
    elif isinstance(node, list):
        for k, value in enumerate(node):
            out += paths_of(value, prefix + (k,))
    return out


def replaced(data: Any, path: tuple, value: Any) -> Any:
    data = copy.deepcopy(data)
    node = data
    for key in path[:-1]:
        node = node[key]
    if value is _DELETE:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return data


_DELETE = object()


def broken_copy(example: Path, data: st.DataObject, tmp_path_factory, extra_key: bool = False) -> Path:  # noqa: ANN001
    """A copy of an example file with one value replaced by junk or deleted (and, with
    ``extra_key``, perhaps an unknown key added), written as JSON to a fresh folder."""
    document = tomllib.loads(example.read_text())
    path = data.draw(st.sampled_from(paths_of(document)))
    broken = replaced(document, path, data.draw(junk | st.just(_DELETE)))
    if extra_key and data.draw(st.booleans()):
        broken[data.draw(st.text(min_size=1, max_size=6))] = data.draw(junk)
    target = tmp_path_factory.mktemp("broken") / example.with_suffix(".json").name
    target.write_text(json.dumps(broken))
    return target


@pytest.mark.parametrize("game", SCORING)
@pytest.mark.slow
@FUZZ
@given(data=st.data())
def test_malformed_state_files_are_refused_cleanly(game, data, tmp_path_factory):
    target = broken_copy(DATA / f"{game}-example.toml", data, tmp_path_factory, extra_key=True)
    assert_clean_refusal_or_success(runner.invoke(app, ["score", game, str(target)]))
    hint_args = {"artisans": ["--roll", "2", "5", "--futures", "200"], "taj": ["--player", "Ben"]}
    if game in hint_args:  # the games whose finished table is also a position to hint
        assert_clean_refusal_or_success(runner.invoke(app, ["hint", game, str(target), *hint_args[game]]))


@pytest.mark.parametrize("game", list(games.GAMES))
@pytest.mark.slow
@FUZZ
@given(data=st.data())
def test_malformed_data_overrides_are_refused_cleanly(game, data, tmp_path_factory):
    seed = seeddata.packaged(game)
    path = data.draw(st.sampled_from([p for p in paths_of(seed) if p[0] not in ("reference",)]))
    value = data.draw(junk | st.integers(-(10**30), 10**30) | st.just(float("inf")))
    override = replaced(seed, path, value)
    folder = tmp_path_factory.mktemp("data")
    try:
        (folder / f"{game}.toml").write_text(tomli_w.dumps(override))
    except (TypeError, ValueError):
        return  # not expressible in TOML (e.g. None): nobody can write it in a file
    info = games.get(game)
    if info.scores:
        result = runner.invoke(app, ["--data", str(folder), "score", game, str(DATA / f"{game}-example.toml")])
    else:
        result = runner.invoke(app, ["--data", str(folder), "print", game, "-o", str(folder / "pad.pdf"), "--count", "1"])
    assert_clean_refusal_or_success(result)


@pytest.mark.slow
@FUZZ
@given(roll=st.lists(st.integers(-(10**12), 10**12), min_size=2, max_size=2), top=st.integers(-5, 100), seed=st.integers(-5, 2**33))
def test_odd_hint_arguments_are_refused_cleanly(roll, top, seed):
    args = ["hint", "artisans", str(DATA / "artisans-asha.toml"), "--roll", *map(str, roll), "--top", str(top),
            "--seed", str(seed), "--futures", "200"]
    assert_clean_refusal_or_success(runner.invoke(app, args))


# --- special files ------------------------------------------------------------------------------


def score(path: Path | str, game: str = "artisans") -> Any:
    return runner.invoke(app, ["score", game, str(path)])


def test_a_pipe_is_refused_without_waiting(tmp_path):
    fifo = tmp_path / "state.toml"
    os.mkfifo(fifo)
    result = score(fifo)
    assert result.exit_code == 2 and "not a regular file" in result.stderr


def test_a_huge_file_is_refused(tmp_path):
    big = tmp_path / "big.json"
    big.write_text('{"game": "artisans", "players": [' + ",".join(['{"name": "x"}'] * 200_000) + "]}")
    result = score(big)
    assert result.exit_code == 2 and "too large" in result.stderr


@pytest.mark.parametrize("text", ["[" * 10_000 + "]" * 10_000, "a = " + "[" * 10_000 + "]" * 10_000])
def test_deep_nesting_is_refused(tmp_path, text):
    path = tmp_path / ("deep.json" if text.startswith("[") else "deep.toml")
    path.write_text(text)
    result = score(path)
    assert result.exit_code == 2 and "Traceback" not in result.output


def test_a_huge_integer_is_refused(tmp_path):
    path = tmp_path / "big.toml"
    path.write_text('game = "artisans"\n[[players]]\nname = "A"\nraindrops_used = ' + "9" * 5000 + "\ntrees_watered = 0\n")
    result = score(path)
    assert result.exit_code == 2 and "out of range" in result.stderr


def test_duplicate_json_keys_are_refused(tmp_path):
    path = tmp_path / "dup.json"
    path.write_text('{"game": "taj", "game": "artisans", "players": []}')
    result = score(path)
    assert result.exit_code == 2 and 'the key "game" appears twice' in result.stderr


def test_a_byte_order_mark_is_harmless(tmp_path):
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + (DATA / "artisans-example.toml").read_bytes())
    assert score(path).exit_code == 0
    result = runner.invoke(app, ["score", "artisans", "-"], input="\ufeff" + (DATA / "artisans-example.toml").read_text())
    assert result.exit_code == 0, result.output


def test_a_lone_surrogate_is_named(tmp_path):
    path = tmp_path / "s.json"
    path.write_text('{"game": "artisans", "players": [{"name": "\\ud800", "raindrops_used": 0, "trees_watered": 0}]}')
    result = score(path)
    assert result.exit_code == 2 and "lone UTF-16 surrogate" in result.stderr


def test_control_characters_and_long_values_are_not_echoed_raw(tmp_path):
    path = tmp_path / "c.json"
    name = "\x1b[31mevil\nerror: forged line" + "x" * 10_000
    sheet = tomllib.loads((DATA / "artisans-example.toml").read_text())["players"][0]  # a finished table names every feature
    path.write_text(json.dumps({"game": "artisans", "players": [{**sheet, "name": name}]}))
    result = score(path)
    assert result.exit_code == 2
    (line,) = result.stderr.splitlines()
    assert "\x1b" not in line and len(line) < 400


def test_output_into_a_file_as_folder_is_bad_input(tmp_path):
    afile = tmp_path / "t.toml"
    afile.write_text("x")
    result = runner.invoke(app, ["print", "taj", "-o", str(afile / "pad.pdf")])
    assert result.exit_code == 2 and "is a file, not a folder" in result.stderr


@pytest.mark.parametrize(
    ("args", "name", "says"),
    [
        (["print", "taj"], "pad.png", "this writes a PDF, so the file name must end in .pdf"),
        (["show", "taj", str(DATA / "taj-example.toml")], "display.pdf", "this writes a PNG picture, so the file name must end in .png"),
        (["score", "taj", str(DATA / "taj-example.toml"), "--png"], "table", "this writes a PNG picture, so the file name must end in .png"),
    ],
)
def test_an_output_named_for_another_format_is_refused_before_any_work(tmp_path, monkeypatch, args, name, says):
    """A PNG saved as display.pdf (or a PDF as pad.png) would not open: refused, nothing written.
    (Named from the test's folder: a long temporary path is shortened in the message.)"""
    monkeypatch.chdir(tmp_path)
    flag = [] if args[-1] == "--png" else ["-o"]
    result = runner.invoke(app, [*args, *flag, name])
    assert (result.exit_code, result.stderr) == (2, f"error: {name}: {says}\n")
    assert list(tmp_path.iterdir()) == []


def test_an_unwritable_folder_names_the_users_path(tmp_path, monkeypatch):
    import tempfile

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    target = tmp_path / "pad.pdf"
    result = runner.invoke(app, ["print", "taj", "-o", str(target)])
    assert result.exit_code == 2
    assert result.stderr == f"error: {target}: cannot write there (Permission denied)\n"


HINTING = [g for g in games.GAMES if games.get(g).hint is not None]


@pytest.mark.parametrize("game", HINTING)
@pytest.mark.slow
@FUZZ
@given(data=st.data())
def test_malformed_positions_are_refused_cleanly(game, data, tmp_path_factory):
    """Every game's hint reads its position as strictly as score reads a table."""
    target = broken_copy(DATA / f"{game}-position.toml", data, tmp_path_factory)
    args = ["--roll", "4", "6", "--futures", "200"] if game == "artisans" else []
    assert_clean_refusal_or_success(runner.invoke(app, ["hint", game, str(target), *args]))


# --- contradictions between files and fields (issue 29) -----------------------------------------

LIMITED = {  # per game with a player limit in its data: the README's files and the commands reading each
    "taj": {"taj.toml": [["score"], ["hint", "--player", "Asha"], ["show", "-o", "out.png"]]},
    "tajmahal": {"game.toml": [["score"]], "final.toml": [["score"]], "position.toml": [["hint"]]},
    "karigar": {"karigar-table.toml": [["score"]], "karigar-position.toml": [["hint", "--turns", "1"]]},
    "maharani": {name: [["score"], ["hint", "--top", "1"], ["show", "-o", "out.png"]]
                 for name in ("maharani-turn.toml", "maharani-game.toml", "maharani-spelled.toml")},
}
FEW = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def readme_file(name: str) -> dict[str, Any]:
    from test_readme import files

    return tomllib.loads(files()[name])


def seated(position: dict[str, Any]) -> int:
    """How many play: the players listed, or (a Karigar position) you and the others."""
    return len(position["players"]) if "players" in position else 1 + len(position.get("others", []))


def player_limit(game: str, data: st.DataObject) -> tuple[int, int, str]:
    """A valid --data player limit for ``game``: the fewest, the most and the file's text."""
    low = data.draw(st.integers(2, 4), label="min")
    high = data.draw(st.integers(low, 4), label="max")
    return low, high, f"[players]\nfewest = {low}\nmost = {high}\n"


@pytest.mark.slow
@FEW
@given(data=st.data())
def test_a_data_player_limit_is_kept_by_every_command(data, tmp_path_factory):
    """A --data limit on the players that a README file breaks is refused by every command that
    reads the file (score, hint, show alike), one error line naming the players, exit 2."""
    game = data.draw(st.sampled_from(sorted(LIMITED)), label="game")
    low, high, text = player_limit(game, data)
    broken = [name for name in LIMITED[game] if not low <= seated(readme_file(name)) <= high]
    assume(broken)
    folder = tmp_path_factory.mktemp("limit")
    (folder / f"{game}.toml").write_text(text)
    for name in broken:
        (folder / name).write_text(tomli_w.dumps(readme_file(name)))
        for command in LIMITED[game][name]:
            args = [a.replace("out.png", str(folder / "out.png")) for a in command]
            result = runner.invoke(app, ["--data", str(folder), args[0], game, str(folder / name), *args[1:]])
            assert result.exit_code == 2, (name, command, result.output[-500:])
            assert_clean_refusal_or_success(result)
            assert any("players" in line or "others" in line for line in result.stderr.splitlines()), result.stderr
    assert not (folder / "out.png").exists()


TM_NAMES = ("Asha", "Ben", "Chen", "Devi")
tm_card = st.lists(st.sampled_from(SYMBOLS), min_size=1, max_size=2)


@pytest.mark.slow
@FEW
@given(data=st.data())
def test_taj_mahal_positions_whose_fields_contradict_each_other_are_refused(data, tmp_path_factory):
    """Withdrawn players against unclaimed prizes, and whose turn it is: a position that no round
    can reach is refused with the rule it breaks (rulebook: Prize Collection, Bidding Phase)."""
    n = data.draw(st.integers(2, 4), label="players")
    kind = data.draw(st.sampled_from(["nobody out", "no taker", "won but open", "turn withdrawn"]), label="kind")
    displays = [data.draw(st.lists(tm_card, max_size=4), label=f"display {i}") for i in range(n)]
    withdrawn = [False] + [data.draw(st.booleans(), label=f"withdrawn {i}") for i in range(1, n)]
    unclaimed = list(SYMBOLS)
    symbol = data.draw(st.sampled_from(SYMBOLS), label="symbol")
    if kind == "nobody out":
        withdrawn = [False] * n
        unclaimed = sorted(data.draw(st.sets(st.sampled_from(SYMBOLS), max_size=5), label="unclaimed"))
    elif kind == "no taker":  # gone, but no withdrawn display shows its symbol
        withdrawn[data.draw(st.integers(1, n - 1), label="out")] = True
        displays = [[c for c in d if symbol not in c] if out else d for d, out in zip(displays, withdrawn)]
        unclaimed.remove(symbol)
    elif kind == "won but open":  # still listed, but a withdrawn display leads it
        out = data.draw(st.integers(1, n - 1), label="out")
        withdrawn[out] = True
        displays[out] += [[symbol, symbol]] * (1 + max(sum(c.count(symbol) for c in d) for d in displays))
    else:
        withdrawn[0] = True
    position = {
        "game": "tajmahal", "province": data.draw(st.integers(1, 12), label="province"), "turn": "Asha",
        "unclaimed": unclaimed,
        "players": [{"name": TM_NAMES[i], "display": displays[i], "withdrawn": withdrawn[i],
                     **({"hand": [["elephant"]]} if i == 0 else {})} for i in range(n)],
    }
    target = tmp_path_factory.mktemp("tm") / "position.json"
    target.write_text(json.dumps(position))
    result = runner.invoke(app, ["hint", "tajmahal", str(target), "--player", "Asha"])
    assert result.exit_code == 2, (kind, position, result.output[-500:])
    assert_clean_refusal_or_success(result)
    rule = "Bidding Phase" if kind == "turn withdrawn" else "Prize Collection"
    assert f"(rulebook: {rule})" in result.stderr, (kind, result.stderr)
    says = {  # each contradiction in its own words, so one check cannot stand in for another
        "nobody out": "but nobody has withdrawn this round",
        "no taker": f"unclaimed leaves out {symbol}",
        "won but open": f"unclaimed lists {symbol}, but",
        "turn withdrawn": "has withdrawn: once withdrawn, a player takes no more actions",
    }[kind]
    assert says in result.stderr, (kind, result.stderr)
