"""``tajkit play`` at a real (pseudo-)terminal, for every game that plays (issue 25): a seeded game
typed event by event, with Tab completion, a refused event, undo, quitting with Ctrl-D and
resuming, to the end, whose final score is what ``tajkit score`` gives the record."""

from __future__ import annotations

from dataclasses import replace

import json
import os
import random
import re

import pytest
from typer.testing import CliRunner

from tajkit.cli import main as cli
from tajkit.solver import games
from tajkit.solver.protocol import random_game
from tajkit.solver.session import Session, read_record
from terminal import ENTER, TAB, terminals

PLAYING = [g for g in games.GAMES if games.get(g).plays]
CTRL_D, CTRL_C = "\x04", "\x03"
SEEDS = {"karigar": 7}  # a short random game (272 events; seed 3 plays 666)
runner = CliRunner()


def unique_prefix(text: str, legal: list[str]) -> str:
    """The shortest start of ``text`` that no other legal event shares (what Tab completes)."""
    for k in range(1, len(text) + 1):
        if [t for t in legal if t.startswith(text[:k])] == [text]:
            return text[:k]
    return text


PROMPT = re.compile(r"\n(next|The game is over)[^\n]*\n(?:[^\n]*\n)*[^\n:]+:\s*$")  # the prompt, waiting


def typed(term, text: str, number: int) -> None:
    """Type an event and wait for the session to record it as event ``number`` and to ask again
    (a Ctrl-D or Ctrl-C typed while tajkit works is the terminal's, not tajkit's)."""
    os.write(term.master, (text + ENTER).encode())
    term.expect(f"  {number}. ")
    term.expect(PROMPT)


@pytest.mark.parametrize("game", [pytest.param(g, marks=[pytest.mark.slow] if g != "artisans" else [])
                                  for g in PLAYING])
def test_a_seeded_game_played_at_the_terminal(tmp_path, game):
    info = games.get(game)
    spec = info.load_spec()
    record = random_game(info.rules(spec), random.Random(SEEDS.get(game, 3)), 2)
    events = list(record.events)
    (tmp_path / "setup.json").write_text(json.dumps(record.setup))
    path = tmp_path / "night.toml"
    half = len(events) // 2
    with terminals(tmp_path) as start:
        term = start("play", game, "night.toml", "--setup", "setup.json")
        term.expect("Type an event")
        term.expect("next: ")
        os.write(term.master, ("certainly not an event" + ENTER).encode())
        term.expect("refused: ")
        # the first event by Tab completion of its shortest unique start
        legal = Session.open(info, spec, path).legal()
        os.write(term.master, (unique_prefix(events[0], legal) + TAB).encode())
        term.expect(events[0])  # completed on the line (the completer runs apart: wait for it)
        os.write(term.master, ENTER.encode())
        first = Session.of_record(info, spec, replace(record, events=(events[0],)), path).line(1)
        term.expect(f"  1. {first}")  # naming who played it
        term.expect(PROMPT)
        for k in range(1, half):
            typed(term, events[k], k + 1)
        os.write(term.master, ("undo" + ENTER).encode())
        term.expect(f"took back {half}. ")
        term.expect(PROMPT)
        typed(term, events[half - 1], half)
        os.write(term.master, CTRL_D.encode())
        term.expect("Saved: night.toml")
        term.finish()
        assert read_record(path, game).events == tuple(events[:half])

        term = start("play", game, "night.toml")
        term.expect(f"Resuming after event {half}: ")
        for k in range(half, len(events)):
            typed(term, events[k], k + 1)
        assert "The game is over. The final score:" in term.shown
        os.write(term.master, ("quit" + ENTER).encode())
        shown = term.finish()
    assert read_record(path, game).events == tuple(events)
    scored = runner.invoke(cli.app, ["score", game, str(path)])
    assert scored.exit_code == 0
    assert scored.stdout.strip() in shown


def test_a_new_game_asks_for_the_players_and_ctrl_c_loses_nothing(tmp_path):
    """A new game at the terminal asks who plays and the setup (Artisans: each player's age, left
    out with Enter); Ctrl-C after events leaves them all in the record."""
    with terminals(tmp_path) as start:
        term = start("play", "artisans", "night.toml")
        term.answer("player 1", "Asha")
        term.answer("player 2", "Babur")
        term.answer("player 3", "")
        term.answer("Asha's age", "16")
        term.answer("Babur's age", "")
        term.expect("next: the table")
        os.write(term.master, ("roll 4 6" + ENTER).encode())
        term.expect("  1. the table: roll 4 6")
        term.expect(PROMPT)
        os.write(term.master, ("hint" + ENTER).encode())
        term.expect("Asha: hint")
        term.expect("Asha:")  # the hint went to standard output, and the prompt is back
        os.write(term.master, ("take 1" + ENTER).encode())
        term.expect("  2. ")
        term.expect(PROMPT)
        os.write(term.master, CTRL_C.encode())
        term.expect("Saved: night.toml")
        term.finish()
    assert "take 1: " in (tmp_path / "stdout.txt").read_text()
    record = read_record(tmp_path / "night.toml", "artisans")
    assert record.setup == {"players": [{"name": "Asha", "age": 16}, {"name": "Babur"}]}
    assert len(record.events) == 2 and record.events[0] == "roll 4 6"


def rolled(tmp_path, start):  # noqa: ANN001, ANN201
    """A new two-player Artisans game at the terminal, its first roll typed (4 6)."""
    (tmp_path / "setup.json").write_text(json.dumps({"players": [{"name": "Asha"}, {"name": "Babur"}]}))
    term = start("play", "artisans", "night.toml", "--setup", "setup.json")
    term.expect("next: the table")
    typed(term, "roll 4 6", 1)
    return term


def test_an_artisans_player_enters_the_roll_ahead_with_tab_completion(tmp_path):
    """Artisans (every sheet uses the same roll): at Asha's prompt, ``Babur: left min`` and Tab
    completes one of Babur's own uses of the roll, recorded in his name; Asha is still to act."""
    with terminals(tmp_path) as start:
        term = rolled(tmp_path, start)
        os.write(term.master, ("Babur: left minaret bottom 6 (" + TAB).encode())
        term.expect("Babur: left minaret bottom 6 (")
        term.expect("drop")  # completed: the raindrops it costs
        os.write(term.master, ENTER.encode())
        term.expect("  2. Babur: left minaret bottom 6 (")
        term.expect(PROMPT)
        assert term.shown.rstrip().endswith("Asha:")
        os.write(term.master, CTRL_D.encode())
        term.finish()
    events = read_record(tmp_path / "night.toml", "artisans").events
    assert events[-1].startswith("Babur: left minaret bottom 6 (") and events[-1].endswith("drops)")


def test_what_undo_took_back_is_offered_again_after_quitting(tmp_path):
    """Nothing lost: an event taken back, then Ctrl-D; resuming says so, and redo plays it."""
    with terminals(tmp_path) as start:
        term = rolled(tmp_path, start)
        os.write(term.master, ("undo" + ENTER).encode())
        term.expect("took back 1. roll 4 6 (redo plays it again)")
        term.expect(PROMPT)
        os.write(term.master, CTRL_D.encode())
        term.finish()
        term = start("play", "artisans", "night.toml")
        term.expect("Taken back and not played since: roll 4 6 (redo plays it again)")
        term.expect(PROMPT)
        typed(term, "redo", 1)
        os.write(term.master, CTRL_D.encode())
        term.finish()
    assert read_record(tmp_path / "night.toml", "artisans").events == ("roll 4 6",)


def test_take_plays_the_hint_just_asked_for_a_player_ahead_of_their_turn(tmp_path):
    """Artisans: at Asha's prompt, ``hint Babur`` then ``take 1`` plays Babur's best use of the
    roll in his name; Asha is still to act."""
    with terminals(tmp_path) as start:
        term = rolled(tmp_path, start)
        os.write(term.master, ("hint Babur" + ENTER).encode())
        term.expect("Asha: hint Babur")
        term.expect("Asha:")  # the hint went to standard output, and the prompt is back
        typed(term, "take 1", 2)
        assert term.shown.rstrip().endswith("Asha:")
        os.write(term.master, CTRL_D.encode())
        term.finish()
    assert read_record(tmp_path / "night.toml", "artisans").events[-1].startswith("Babur: ")
