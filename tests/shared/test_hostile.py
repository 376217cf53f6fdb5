"""Hostile input through the command line (issue 12): malformed state files, malformed ``--data``
files and odd arguments end in exit 2 with one ``error:`` line per problem, no traceback and no
hang; special files (a pipe, a huge file, deep nesting, huge numbers, duplicate keys, a byte-order
mark, lone surrogates, control characters) are refused or read correctly. Since issue 40 also the
sessions, records, paths and the play log: each class of hostile input generated (see below)."""

from __future__ import annotations

import contextlib
import copy
import json
import os
import random
import signal
import socket
import sqlite3
import stat
import subprocess
import sys
import tomllib
import unicodedata
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from test_numbers import FOREIGN  # every numeric character but 0-9
from typer.testing import CliRunner

from tajkit.cli.main import app
from tajkit.solver import games, history, seeddata
from tajkit.solver.errors import BadInput
from tajkit.solver.numbers import MAX_DIGITS
from tajkit.solver.protocol import MAX_EVENT, Record, random_action
from tajkit.solver.session import RECORD_KEYS, Session, record_bytes
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


# --- sessions, records, the play log: hostile input of every class (issue 40) -----------------------
# Each class is generated: every character Unicode counts as a number but 0-9, numbers of any
# length, every top-level key of a record, every kind of file a path may name, every moment a
# folder may vanish, every column of the play log.

PLAYING = [g for g in games.GAMES if games.get(g).plays]
SOME = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
ROOT = os.geteuid() == 0
foreign = st.sampled_from(FOREIGN)


class Hung(BaseException):
    """Raised by :func:`deadline` (not an OSError: nothing in tajkit may catch it)."""


@contextlib.contextmanager
def deadline(seconds: int = 20):
    """Fail instead of waiting forever (a FIFO opened for reading or writing blocks)."""
    def hung(signum, frame):  # noqa: ANN001, ANN202
        raise Hung(f"no answer in {seconds} s: something waits on a pipe")

    before = signal.signal(signal.SIGALRM, hung)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, before)


def one_clear_line(result: Any, *says: str) -> str:
    """Exit 2, one ``error:`` line of a readable length, no traceback; the line, which says ``says``."""
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code == 2, result.output[-800:]
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and len(lines[0]) <= 410, result.stderr[-800:]
    assert all(s in lines[0] for s in says), (says, lines[0])
    return lines[0]


def played(game: str, seed: int, steps: int = 30) -> tuple[Any, dict[str, Any], list[str], list[Any]]:
    """A seeded game's rules, setup, first ``steps`` events (or fewer: the game ended) and states."""
    info = games.get(game)
    rules = info.rules(info.load_spec())
    rng = random.Random(f"issue 40 {game} {seed}")
    setup = json.loads(json.dumps(rules.random_setup(rng, 2)))
    state, events, states = rules.start(setup), [], []
    while rules.to_act(state) is not None and len(events) < steps:
        states.append(state)
        action = random_action(rules, state, rng)
        events.append(rules.format(state, action))
        state = rules.apply(state, action)
    return rules, setup, events, states


def record_file(folder: Path, game: str, setup: dict[str, Any], events: list[str], name: str = "rec.toml") -> Path:
    path = folder / name
    path.write_bytes(record_bytes(Record(game, setup, tuple(events)), path))
    return path


def spoiled(text: str, data: st.DataObject, bad: str) -> str:
    """``text`` with one of its digits replaced by ``bad`` (or ``bad`` put in at some place)."""
    digits = [k for k, ch in enumerate(text) if ch.isdigit()]
    if digits and data.draw(st.booleans(), label="replace a digit"):
        k = data.draw(st.sampled_from(digits), label="digit")
        return text[:k] + bad + text[k + 1:]
    k = data.draw(st.integers(0, len(text)), label="at")
    return text[:k] + bad + text[k:]


@pytest.mark.parametrize("game", PLAYING)
@SOME
@given(data=st.data())
def test_a_digit_other_than_0_9_in_any_event_is_refused_by_name(game, data, tmp_path_factory):
    """Finding 1: '²'.isdigit() but int('²') raises, and int('١') is 1. Any event of any game with
    any numeric character but 0-9 in it is refused naming that character: by the game's parser
    itself, and at the command line with the record's bytes unchanged."""
    rules, setup, events, states = played(game, data.draw(st.integers(0, 3), label="seed"))
    k = data.draw(st.integers(0, len(events) - 1), label="event")
    ch = data.draw(foreign, label="character")
    bad = spoiled(events[k], data, ch)
    with pytest.raises(BadInput):  # the parser alone: never a ValueError
        rules.parse(states[k], bad)
    path = record_file(tmp_path_factory.mktemp("digits"), game, setup, events[:k])
    before = path.read_bytes()
    one_clear_line(runner.invoke(app, ["play", game, str(path), "--do", bad]), "is not a digit 0-9",
                   unicodedata.name(ch, "").lower())
    assert path.read_bytes() == before


@pytest.mark.parametrize("game", PLAYING)
@SOME
@given(data=st.data())
def test_a_number_of_any_length_in_any_event_is_read_or_refused_cleanly(game, data, tmp_path_factory):
    """Finding 2: int() of over 4,300 digits raises. A digit of any event replaced by a number of
    1 to 900 digits is a legal event, or refused in one line; over MAX_DIGITS, refused as too long
    (and the parser alone never raises anything but BadInput)."""
    rules, setup, events, states = played(game, data.draw(st.integers(0, 3), label="seed"))
    k = data.draw(st.integers(0, len(events) - 1), label="event")
    digits = data.draw(st.integers(1, 900), label="digits")
    number = data.draw(st.sampled_from("123456789"), label="lead") + "9" * (digits - 1)
    bad = spoiled(events[k], data, number)
    with contextlib.suppress(BadInput):
        rules.parse(states[k], bad)
    path = record_file(tmp_path_factory.mktemp("long"), game, setup, events[:k])
    before = path.read_bytes()
    result = runner.invoke(app, ["play", game, str(path), "--do", bad])
    if digits > MAX_DIGITS:  # (the number may run on into a digit beside it; the event may pass MAX_EVENT)
        line = one_clear_line(result)
        assert f"digits: a number here has at most {MAX_DIGITS}" in line or "too long for an event" in line, line
    elif result.exit_code != 0:
        one_clear_line(result)
    if result.exit_code != 0:
        assert path.read_bytes() == before


@pytest.mark.parametrize("game", PLAYING)
@SOME
@given(data=st.data())
def test_a_character_that_is_no_printable_text_in_any_event_is_refused_by_name(game, data, tmp_path_factory):
    """U+0085 counted as a space inside an event (str.split). An event is one line of printable
    text: a control, format, line- or paragraph-separator or private-use character is named."""
    rules, setup, events, _ = played(game, data.draw(st.integers(0, 3), label="seed"))
    k = data.draw(st.integers(0, len(events) - 1), label="event")
    ch = data.draw(st.characters(categories=["Cc", "Cf", "Zl", "Zp", "Co"], exclude_characters="\t"), label="character")
    bad = spoiled(events[k], data, ch)
    path = record_file(tmp_path_factory.mktemp("odd"), game, setup, events[:k])
    one_clear_line(runner.invoke(app, ["play", game, str(path), "--do", bad]), f"U+{ord(ch):04X}", "not printable text")


@FUZZ
@given(text=st.text(st.characters(categories=["L", "N", "P", "S", "Zs"], exclude_characters="-"), min_size=41,
                    max_size=3 * MAX_EVENT), extra=st.integers(0, 100_000))
def test_a_refused_event_of_any_length_is_echoed_cut(text, extra, tmp_path_factory):
    """Finding 8: a 100 KB --do gave a 100 KB error line. Whatever is typed, the line that refuses
    it stays readable (the event quoted cut to 40 characters)."""
    rules, setup, events, _ = played("artisans", 0, steps=1)
    path = record_file(tmp_path_factory.mktemp("echo"), "artisans", setup, [])
    result = runner.invoke(app, ["play", "artisans", str(path), "--do", text + "x" * extra])
    if result.exit_code != 0:
        one_clear_line(result)


NUMBERED = {  # commands that take a number a person types, with {} where it goes
    "print --count": ["print", "taj", "--count", "{}", "-o", "{out}/pad.pdf"],
    "hint --roll": ["hint", "artisans", str(DATA / "artisans-asha.toml"), "--roll", "{}", "3", "--futures", "50"],
    "hint --top": ["hint", "taj", str(DATA / "taj-position.toml"), "--top", "{}"],
    "history show": ["history", "show", "{}", "--db", "{out}/log.sqlite"],
    "history delete": ["history", "delete", "{}", "--yes", "--db", "{out}/log.sqlite"],
    "history export": ["history", "export", "{}", "--csv", "--db", "{out}/log.sqlite"],
}
typed_number = (st.builds(lambda a, ch, b: a + ch + b, st.text("0123456789", max_size=3), foreign,
                          st.text("0123456789", max_size=3))
                | st.integers(MAX_DIGITS + 1, 6000).map(lambda n: "9" * n)
                | st.integers(2**63 - 3, 10**40).map(str))


@SOME
@given(command=st.sampled_from(sorted(NUMBERED)), number=typed_number)
def test_every_number_the_command_line_reads_is_held_to_one_rule(command, number, tmp_path_factory):
    """Findings 1, 2 and 6: a number typed as an option or an argument, with a digit other than
    0-9, too many digits, or past SQLite's integers (history show/delete/export 99999999999999999999999
    gave an OverflowError), is one clear line naming it."""
    out = tmp_path_factory.mktemp("numbers")
    saved_log(out)  # out/log.sqlite, with plays 1 and 2
    args = [a.replace("{}", number).replace("{out}", str(out)) for a in NUMBERED[command]]
    one_clear_line(runner.invoke(app, args))


@SOME
@given(number=typed_number | st.sampled_from(["abc", "1.5", "-1", "0"]), command=st.sampled_from(["fix", "take"]))
def test_fix_and_take_at_the_terminal_read_their_number_by_the_rule(number, command, tmp_path_factory):
    """Finding 1 (in a session: fix ², take ²): refused in one line each, the record unchanged."""
    _, setup, events, _ = played("artisans", 1, steps=3)
    path = record_file(tmp_path_factory.mktemp("fix"), "artisans", setup, events)
    before = path.read_bytes()
    result = runner.invoke(app, ["play", "artisans", str(path)], input=f"{command} {number}\nquit\n")
    assert "Traceback" not in result.output and result.exit_code == 2, result.output[-500:]
    refused = [line for line in result.stderr.splitlines() if "refused: " in line]  # after the prompt
    assert len(refused) == 1 and len(refused[0]) < 420 and f"{command}" in refused[0], result.stderr
    assert path.read_bytes() == before


@pytest.mark.parametrize("game", PLAYING)
@SOME
@given(data=st.data())
def test_every_setup_and_hint_question_reads_numbers_by_the_rule(game, data):
    """Every question a new game or a hint asks (ages, token values, hand size, bonus tiles...)
    refuses a digit other than 0-9 or too many digits as bad input, never a ValueError."""
    rules, setup, events, states = played(game, 2, steps=12)
    play = games.get(game).play(games.get(game).load_spec())
    names = [p.name for p in rules.standings(states[0]).players]
    questions = list(play.setup_questions(names))
    for state in states:
        who = rules.to_act(state)
        if who not in (None, "chance"):
            with contextlib.suppress(BadInput):
                questions += list(play.hint_questions(state, who))
    assume(questions)
    question = data.draw(st.sampled_from(questions), label="question")
    text = data.draw(typed_number | st.builds(lambda n: f"3 {n} 2", typed_number), label="answer")
    with pytest.raises(BadInput):
        question.read(text)


@pytest.mark.parametrize("game", PLAYING)
@pytest.mark.parametrize("key", RECORD_KEYS)
def test_a_record_without_any_one_of_its_keys_is_refused_by_name_or_read(tmp_path, game, key):
    """Finding 4: a record without setup or events gave a KeyError. Without a key it needs (game,
    setup, events) it is one clear line naming the key, for every command that reads a record;
    without an optional one (started, undone) it reads."""
    _, setup, events, _ = played(game, 0, steps=4)
    data = {"game": game, "started": "2026-01-01 20:00:00", "setup": setup, "events": events[:3],
            "undone": events[3:4]}
    del data[key]
    path = tmp_path / "rec.json"
    path.write_text(json.dumps(data))
    info = games.get(game)
    commands = [["play", game, str(path), "--json"], ["play", game, str(path), "--do", events[3]]]
    commands += [["score", game, str(path)]] if info.scores else []
    for args in commands:
        result = runner.invoke(app, args)
        if key in ("started", "undone"):
            assert result.exit_code == 0, (args, result.output[-500:])
        elif key == "game":
            one_clear_line(result, "game is missing")
        elif args[0] == "play":
            one_clear_line(result, f"{key} is missing")
        else:  # score reads a file without setup and events as a table: refused in the table's words
            one_clear_line(result)


# --- paths: what -o, --png, a record and --db may name (finding 7) ------------------------------------

KINDS = ["fifo", "socket", "device", "link to a file", "link to nowhere", "folder", "read-only file"]


def make(path: Path, kind: str) -> None:
    """Something of ``kind`` at ``path`` (a device node only as root: skipped otherwise)."""
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "socket":
        with socket.socket(socket.AF_UNIX) as s:
            s.bind(str(path))
    elif kind == "device":
        if not ROOT:
            pytest.skip("only root makes a device node (a copy of /dev/null's) to test on")
        os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    elif kind == "link to a file":
        (path.parent / "kept.bin").write_bytes(b"kept")
        path.symlink_to(path.parent / "kept.bin")
    elif kind == "link to nowhere":
        path.symlink_to(path.parent / "nowhere.bin")
    elif kind == "folder":
        path.mkdir()
    else:
        path.write_bytes(b"kept")
        path.chmod(0o444)


def what_is_at(path: Path) -> tuple[Any, ...]:
    """Everything a write could change at ``path``: its kind, its mode, its bytes or its link."""
    info = os.lstat(path)
    kept = path.parent / "kept.bin"
    return (stat.S_IFMT(info.st_mode), stat.S_IMODE(info.st_mode), info.st_ino,
            os.readlink(path) if path.is_symlink() else None,
            path.read_bytes() if stat.S_ISREG(info.st_mode) else None,
            kept.read_bytes() if kept.exists() else None, sorted(p.name for p in path.parent.iterdir()))


WRITERS = {  # each command that writes a file the user names, with {} for the name (and --force)
    "print -o": (["print", "taj", "-o", "{}", "--force"], ".pdf"),
    "show -o": (["show", "taj", str(DATA / "taj-example.toml"), "-o", "{}", "--force"], ".png"),
    "score --png": (["score", "taj", str(DATA / "taj-example.toml"), "--png", "{}", "--force"], ".png"),
    "history export -o": (["history", "export", "--csv", "-o", "{}", "--force", "--db", "{log}"], ".csv"),
}


@pytest.mark.parametrize("writer", sorted(WRITERS))
@pytest.mark.parametrize("kind", KINDS)
def test_force_replaces_only_a_regular_file(tmp_path, writer, kind):
    """Finding 7: --force -o replaced a FIFO, a device node (as root, /dev/full itself) or a link by
    rename. --force replaces a regular file that is not read-only, nothing else: anything else is
    one line naming it, and nothing at the path or behind a link changes. No wait on a pipe."""
    args, suffix = WRITERS[writer]
    log = tmp_path / "log" / "log.sqlite"
    log.parent.mkdir()
    target = tmp_path / f"out{suffix}"
    make(target, kind)
    before = what_is_at(target)
    with deadline():
        result = runner.invoke(app, [a.replace("{}", str(target)).replace("{log}", str(log)) for a in args])
    one_clear_line(result, str(target))
    assert what_is_at(target) == before


@pytest.mark.parametrize("game", PLAYING)
def test_a_record_kept_through_a_link_is_written_where_it_lives(tmp_path, game):
    """Finding 7: a record that is a symlink was replaced by a regular file, forking the game. The
    event goes into the file the link points to; the link stays a link."""
    _, setup, events, _ = played(game, 0, steps=2)
    real = record_file(tmp_path, game, setup, events[:1], "real.toml")
    link = tmp_path / "rec.toml"
    link.symlink_to("real.toml")
    result = runner.invoke(app, ["play", game, str(link), "--do", events[1]])
    assert result.exit_code == 0, result.output[-500:]
    assert link.is_symlink() and os.readlink(link) == "real.toml"
    assert len(tomllib.loads(real.read_text())["events"]) == 2


@pytest.mark.parametrize("game", PLAYING)
@pytest.mark.parametrize("kind", ["read-only file", "fifo", "socket", "device", "link to nowhere", "folder"])
def test_a_record_that_is_no_writable_regular_file_is_refused_untouched(tmp_path, game, kind):
    """Finding 7: a read-only record (mode 444) was rewritten in all five games. A record path
    naming a read-only file ("the record is read-only"), a pipe, a socket, a device, a link to
    nothing or a folder is one line naming it, never waited on, and left as it was."""
    _, setup, events, _ = played(game, 0, steps=1)
    path = tmp_path / "rec.toml"
    if kind == "read-only file":
        record_file(tmp_path, game, setup, [])
        path.chmod(0o444)
    else:
        make(path, kind)
    setup_file = tmp_path.parent / f"{tmp_path.name}-setup.json"
    setup_file.write_text(json.dumps(setup))
    before = what_is_at(path)
    with deadline():
        first = runner.invoke(app, ["play", game, str(path), "--do", events[0]])
        again = runner.invoke(app, ["play", game, str(path), "--setup", str(setup_file), "--do", events[0]])
    one_clear_line(first, *(["the record is read-only"] if kind == "read-only file" else []))
    one_clear_line(again)
    assert what_is_at(path) == before


MOMENTS = ["before the lock", "while catching up", "before the temporary file", "before the rename"]


@pytest.mark.parametrize("game", PLAYING)
@pytest.mark.parametrize("moment", MOMENTS)
def test_the_records_folder_removed_at_any_moment_of_an_event_is_one_clear_refusal(tmp_path, monkeypatch, game, moment):
    """Finding 5: the record's folder removed during a --do gave a traceback (2 runs in 10). Removed
    at each moment an event passes through (the lock, the catch-up read, the temporary file, the
    rename), the event is refused as bad input."""
    import shutil
    import tempfile

    from tajkit.solver import session as sessions
    from tajkit.solver import writing

    _, setup, events, _ = played(game, 0, steps=1)
    folder = tmp_path / "games"
    folder.mkdir()
    info = games.get(game)
    session = Session.open(info, info.load_spec(), record_file(folder, game, setup, []))

    def vanishing(original: Any) -> Any:
        def first_remove_the_folder(*args: Any, **kwargs: Any) -> Any:
            shutil.rmtree(folder, ignore_errors=True)
            return original(*args, **kwargs)
        return first_remove_the_folder

    if moment == "before the lock":
        shutil.rmtree(folder)
    elif moment == "while catching up":
        monkeypatch.setattr(sessions, "read_record", vanishing(sessions.read_record))
    elif moment == "before the temporary file":
        monkeypatch.setattr(writing.tempfile, "mkstemp", vanishing(tempfile.mkstemp))
    else:
        monkeypatch.setattr(writing.os, "replace", vanishing(os.replace))
    with pytest.raises(BadInput):
        session.apply(events[0])


# --- the play log (finding 6) -------------------------------------------------------------------------


def scored(tmp_path: Path, db: Path | str, *more: str) -> Any:
    return runner.invoke(app, ["score", "artisans", str(DATA / "artisans-example.toml"), "--save", "--db", str(db),
                               *more])


@pytest.mark.parametrize("kind", ["fifo", "socket", "device", "folder"])
def test_the_play_log_opens_only_a_regular_file(tmp_path, kind):
    """--db naming a FIFO hung forever; --db /dev/null made SQLite write /dev/null-journal. A
    play log that is no regular file is refused in one line, by every command that opens one,
    never waited on, nothing written beside it."""
    db = tmp_path / "log.sqlite"
    make(db, kind)
    before = what_is_at(db)
    with deadline():
        for result in (scored(tmp_path, db), runner.invoke(app, ["history", "list", "--db", str(db)]),
                       runner.invoke(app, ["history", "stats", "--db", str(db)])):
            one_clear_line(result, str(db))
    assert what_is_at(db) == before


def saved_log(tmp_path: Path) -> Path:
    db = tmp_path / "log.sqlite"
    assert scored(tmp_path, db).exit_code == 0
    assert runner.invoke(app, ["score", "taj", str(DATA / "taj-example.toml"), "--save", "--db", str(db)]).exit_code == 0
    return db


READERS = [["history", "list"], ["history", "list", "--json"], ["history", "show", "1"], ["history", "show", "1", "--json"],
           ["history", "show", "1", "--source"], ["history", "show", "1", "--rescore"], ["history", "stats"],
           ["history", "stats", "--json"], ["history", "export", "--csv"], ["history", "export", "1", "--bgstats", "--json"]]
COLUMNS = {"play": ["uid", "game", "played", "saved", "kind", "source", "data", "result"],
           "seat": ["name", "total", "rank", "seat", "start"], "score_row": ["category", "points", "stars"]}
garbage = (st.text(max_size=20) | st.binary(max_size=20) | st.integers(-(2**63), 2**63 - 1) | st.floats(allow_nan=False)
           | st.sampled_from(["{", "[]", "{}", '{"categories": 3}', "null", '"x"']))


@pytest.mark.parametrize("damage", ["'{garbage'", "CAST(x'ff7b' AS TEXT)"])
def test_a_play_log_damaged_as_the_fuzzer_found_is_one_line(tmp_path, damage):
    """history list --json gave a JSONDecodeError, history show N --source a decode error."""
    db = saved_log(tmp_path)
    with contextlib.closing(sqlite3.connect(db)) as conn:
        conn.execute(f"UPDATE play SET source = {damage} WHERE id = 1")
        conn.commit()
    for args in (["history", "list", "--json"], ["history", "show", "1", "--source"]):
        one_clear_line(runner.invoke(app, [*args, "--db", str(db)]), "play 1: damaged in the play log")
    assert runner.invoke(app, ["history", "delete", "1", "--yes", "--db", str(db)]).exit_code == 0
    assert runner.invoke(app, ["history", "list", "--json", "--db", str(db)]).exit_code == 0


@pytest.mark.slow
@FUZZ
@given(data=st.data())
def test_a_play_log_damaged_past_quick_check_is_refused_in_one_line(data, tmp_path_factory):
    """A log whose rows hold what tajkit never writes (JSON that is none, text that is no UTF-8, a
    number for a name) passes SQLite's quick_check; every command reading it answers or says in
    one line which play is damaged (JSONDecodeError and UnicodeDecodeError before), and delete
    still removes it."""
    db = saved_log(tmp_path_factory.mktemp("damaged"))
    table = data.draw(st.sampled_from(sorted(COLUMNS)), label="table")
    column = data.draw(st.sampled_from(COLUMNS[table]), label="column")
    value = data.draw(garbage, label="value")
    with contextlib.closing(sqlite3.connect(db)) as conn:
        kept = conn.execute(f"SELECT {column} FROM {table} LIMIT 1").fetchone()[0]
        if column in ("source", "result") and data.draw(st.booleans(), label="inside its JSON"):
            document = json.loads(kept)  # one value deep inside replaced, or deleted
            value = json.dumps(replaced(document, data.draw(st.sampled_from(paths_of(document)), label="at"),
                                        data.draw(junk | st.just(_DELETE), label="junk")))
        with contextlib.suppress(sqlite3.IntegrityError):  # a NOT NULL or UNIQUE column keeps its value
            conn.execute(f"UPDATE {table} SET {column} = ? WHERE {'id' if table == 'play' else 'play'} = 1", (value,))
            conn.commit()
    for args in READERS:
        result = runner.invoke(app, [*args, "--db", str(db)])
        if result.exit_code != 0:
            one_clear_line(result)
    deleted = runner.invoke(app, ["history", "delete", "1", "--yes", "--db", str(db)])
    assert deleted.exit_code == 0, deleted.output[-500:]


def test_a_play_log_this_user_may_not_read_is_one_line(tmp_path, monkeypatch):
    """A log or its folder without permission gave a traceback. As root no mode keeps root out,
    so the refusal the system gives another user is given here as it would be (PermissionError
    from the open and from the stat); as another user, real modes (test below)."""
    db = saved_log(tmp_path)

    def denied(*args: Any, **kwargs: Any) -> Any:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(history, "open", denied, raising=False)  # the log's first bytes
    one_clear_line(runner.invoke(app, ["history", "list", "--db", str(db)]), "Permission denied")
    monkeypatch.undo()
    monkeypatch.setattr(history.os, "stat", denied)  # the folder may not be looked into
    one_clear_line(scored(tmp_path, db), "Permission denied")


@pytest.mark.skipif(ROOT, reason="root reads and writes whatever the modes say; the test above gives the "
                                 "refusal as another user meets it")
@pytest.mark.parametrize("locked", ["log", "folder"])
def test_a_play_log_without_permission_is_one_line_for_another_user(tmp_path, locked):
    (tmp_path / "logs").mkdir()
    db = saved_log(tmp_path / "logs")
    (db if locked == "log" else db.parent).chmod(0)
    try:
        for result in (scored(tmp_path, db), runner.invoke(app, ["history", "list", "--db", str(db)])):
            one_clear_line(result)
    finally:
        (db if locked == "log" else db.parent).chmod(0o700)


def test_xdg_data_home_naming_a_file_is_one_line(tmp_path, monkeypatch):
    """The default play log's folder cannot be made under a file: one line, the path named."""
    (tmp_path / "data").write_text("a file")
    monkeypatch.delenv("TAJKIT_HISTORY")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    one_clear_line(runner.invoke(app, ["score", "artisans", str(DATA / "artisans-example.toml"), "--save"]),
                   "cannot make the play log's folder")


@pytest.mark.parametrize("length", [256, 1000, 5000])
def test_an_export_name_longer_than_the_system_allows_is_one_line(tmp_path, length):
    one_clear_line(runner.invoke(app, ["history", "export", "--csv", "-o", str(tmp_path / ("x" * length + ".csv")),
                                       "--db", str(tmp_path / "log.sqlite")]), "too long")


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this system")
@pytest.mark.parametrize("args", [["history", "export", "--csv"], ["history", "list"], ["games"]])
def test_standard_output_on_a_full_device_is_one_line(tmp_path, args):
    """export --csv > /dev/full gave a traceback (the real process: the failure comes at the
    write to the file descriptor)."""
    db = saved_log(tmp_path)
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "tajkit.cli", *args, *(["--db", str(db)] if args[0] == "history" else [])],
                              stdout=full, stderr=subprocess.PIPE, text=True, timeout=120)
    assert done.returncode == 2, done.stderr[-800:]
    assert done.stderr == "error: standard output: cannot write it (No space left on device)\n"


# --- names (findings 8 and 9) -----------------------------------------------------------------------

bad_name = (st.builds(lambda a, ch, b: a + ch + b, st.text(st.characters(categories=["L"]), min_size=1, max_size=5),
                      st.characters(categories=["Cc", "Zl", "Zp"]), st.text(st.characters(categories=["L"]), max_size=5))
            | st.integers(41, 10_000).map(lambda n: "x" * n))


@SOME
@given(name=bad_name)
def test_a_taj_mahal_record_refuses_the_names_every_game_refuses(name, tmp_path_factory):
    """Finding 8: a hand-edited Taj Mahal setup accepted a name with a newline, a NUL or 10,000
    characters and echoed it raw. Refused in one line naming the player, as every game's names."""
    _, setup, events, _ = played("tajmahal", 0, steps=1)
    setup = {key: value for key, value in setup.items() if key != "draws"}  # each deck is dealt by name
    setup["players"] = [name, *setup["players"][1:]]
    path = record_file(tmp_path_factory.mktemp("names"), "tajmahal", setup, [])
    one_clear_line(runner.invoke(app, ["play", "tajmahal", str(path), "--json"]), "player 1")


@SOME
@given(name=bad_name, command=st.sampled_from(["score", "hint"]))
def test_a_taj_player_name_on_more_than_one_line_is_refused(name, command, tmp_path_factory):
    """Finding 9: a TAJ player name holding U+2028 was accepted by score taj and hint taj."""
    source = DATA / ("taj-example.toml" if command == "score" else "taj-position.toml")
    table = tomllib.loads(source.read_text())
    table["players"][-1]["name"] = name
    path = tmp_path_factory.mktemp("taj") / "table.json"
    path.write_text(json.dumps(table))
    one_clear_line(runner.invoke(app, [command, "taj", str(path)]))
