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
from tajkit.solver.protocol import CHANCE, random_game, replay
from tajkit.solver.session import Session, read_record
from terminal import ENTER, TAB, terminals

PLAYING = [g for g in games.GAMES if games.get(g).plays]
CTRL_D, CTRL_C, CTRL_U, UP = "\x04", "\x03", "\x15", "\x1b[A"
SEEDS = {"karigar": 7}  # a short random game (272 events; seed 3 plays 666)
runner = CliRunner()


def unique_prefix(text: str, legal: list[str]) -> str:
    """The shortest start of ``text`` that no other legal event shares (what Tab completes)."""
    for k in range(1, len(text) + 1):
        if [t for t in legal if t.startswith(text[:k])] == [text]:
            return text[:k]
    return text


PROMPT = re.compile(r"\n(next|The game is over)[^\n]*\n(?:[^\n]*\n)*[^\n:]+:\s*$")  # the prompt, waiting


def again(term, who: str) -> None:
    """Wait for the prompt of ``who`` to stand again after a command (which records nothing)."""
    term.expect(re.compile(rf"\n{re.escape(who)}:\s*$"))


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
        # the first player's event by Tab completion of its shortest unique start (Tab never
        # completes the table's events whole: issue 43)
        states = replay(info.rules(spec), record).states
        first = next(k for k in range(len(events)) if info.rules(spec).to_act(states[k]) != CHANCE)
        for k in range(first):
            typed(term, events[k], k + 1)
        legal = Session.open(info, spec, path).legal()
        os.write(term.master, (unique_prefix(events[first], legal) + TAB).encode())
        term.expect(events[first])  # completed on the line
        os.write(term.master, ENTER.encode())
        said = Session.of_record(info, spec, replace(record, events=tuple(events[:first + 1])), path).line(first + 1)
        term.expect(f"  {first + 1}. {said}")  # naming who played it
        term.expect(PROMPT)
        for k in range(first + 1, half):
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
    out with Enter); Ctrl-C twice after events leaves them all in the record."""
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
        os.write(term.master, (CTRL_C + CTRL_C).encode())
        term.expect("(Ctrl-C twice: leaving)")
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


# --- issue 43: what a terminal game night tripped over ---------------------------------------------

TAJ_RUGS = ["green green green", "yellow yellow yellow", "pink green blue", "blue orange yellow", "green yellow pink",
            "orange pink green", "yellow blue orange", "green blue pink", "orange orange orange", "blue blue blue"]


def test_a_secret_goal_is_hidden_as_typed_asked_each_time_and_never_spelled_out(tmp_path):
    """TAJ, Setup: goal cards are kept hidden throughout the game. At a shared terminal the goal
    typed for a hint is masked as it is typed, never offered again (the next hint asks afresh,
    with nothing on the line), kept out of the history Up recalls, and the hint does not spell
    it out ("Ideal display for your goal: ...", no colour with its x2)."""
    (tmp_path / "setup.json").write_text(json.dumps({"players": ["Asha", "Ben", "Chitra"], "dealer": "Chitra"}))
    with terminals(tmp_path) as start:
        term = start("play", "taj", "night.toml", "--setup", "setup.json")
        term.expect(PROMPT)
        for k, rug in enumerate(TAJ_RUGS, start=1):
            typed(term, rug, k)
        os.write(term.master, ("hint" + ENTER).encode())
        term.expect("Asha, your secret goal card (x2 x1 x-1):")
        os.write(term.master, ("obg" + ENTER).encode())
        again(term, "Asha")
        os.write(term.master, ("hint" + ENTER).encode())
        term.expect(re.compile(r"Asha, your secret goal card \(x2 x1 x-1\):\s*$"))  # asked again, nothing on the line
        os.write(term.master, ("pyg" + ENTER).encode())
        again(term, "Asha")
        os.write(term.master, UP.encode())  # the history holds the command, not the goal
        term.expect("hint")
        os.write(term.master, (CTRL_U + CTRL_D).encode())
        shown = term.shown
        out = term.finish()
    assert "obg" not in shown and "pyg" not in shown and "**" in shown  # masked as typed
    goal_words = re.compile(r"\b(orange|blue|green|pink|yellow) ?[x×]-?[12]\b")
    assert "Ideal display for your goal: rugs" in out and not goal_words.search(out + shown)
    assert "obg" not in (tmp_path / "night.toml").read_text()


def test_tab_completes_roll_but_never_a_whole_roll_and_the_uses_come_cheapest_first(tmp_path):
    """Issue 43: at the table's roll, ``ro`` and Tab give ``roll `` (what every roll begins with);
    more Tabs only show the rolls and never pick one (``roll`` alone is tajkit rolling for the
    table, issue 44); ``roll 6 `` and Tab stays as it is and is refused as half a roll. A player's use, Tab-listed, shows the free uses before those that cost raindrops."""
    (tmp_path / "setup.json").write_text(json.dumps({"players": [{"name": "Asha"}, {"name": "Babur"}]}))
    with terminals(tmp_path) as start:
        term = start("play", "artisans", "night.toml", "--setup", "setup.json")
        term.expect(PROMPT)
        os.write(term.master, ("ro" + TAB).encode())
        term.expect("ll")  # completed on the line: "roll "
        os.write(term.master, (TAB + TAB + TAB).encode())  # more Tabs list the rolls, never pick one
        os.write(term.master, (CTRL_U + "roll 6 " + TAB + TAB + ENTER).encode())
        term.expect("refused: 'roll 6': ")
        again(term, "table")
        assert read_record(tmp_path / "night.toml", "artisans").events == ()
        typed(term, "roll 4 6", 1)
        os.write(term.master, ("dome " + TAB).encode())
        for use in ("dome left 6", "dome middle 6", "dome right 6", "dome left 5 (1 drop)", "dome middle 5 (1 drop)"):
            term.expect(use)  # the menu, in this order: the free uses in the sheet's order, then 1 raindrop
        os.write(term.master, (CTRL_U + CTRL_D).encode())
        term.finish()


def test_ctrl_c_clears_a_half_typed_line_and_twice_within_a_second_leaves(tmp_path):
    """Issue 43: at a table Ctrl-C clears a line: the first clears what was typed (saying that a
    second within a second leaves), the game goes on; two in a row leave, saying so, with every
    event in the record."""
    with terminals(tmp_path) as start:
        term = rolled(tmp_path, start)
        os.write(term.master, ("dome mid" + CTRL_C).encode())
        term.expect("(line cleared; Ctrl-C again within a second leaves, as quit does: the game is saved)")
        typed(term, "dome middle 6", 2)  # the line was empty: nothing of "dome mid" is left on it
        os.write(term.master, (CTRL_C + CTRL_C).encode())
        term.expect("(Ctrl-C twice: leaving)")
        term.expect("Saved: night.toml")
        term.finish()
    assert read_record(tmp_path / "night.toml", "artisans").events == ("roll 4 6", "dome middle 6")


def test_resuming_says_where_the_game_stands_and_notes_are_said_once(tmp_path):
    """Issue 43: resuming says the turn, the roll and who is still to use it (as show opens);
    a note (what a score rests on) is said the first time only, then counted, and ``notes``
    repeats them."""
    with terminals(tmp_path) as start:
        term = rolled(tmp_path, start)
        typed(term, "dome middle 6", 2)
        os.write(term.master, CTRL_D.encode())
        term.finish()
        term = start("play", "artisans", "night.toml")
        term.expect("Resuming after event 2: dome middle 6\nTurn 1, roll 4 6: Babur to use it.")
        term.expect(PROMPT)
        os.write(term.master, ("standings" + ENTER).encode())
        again(term, "Babur")
        os.write(term.master, ("standings" + ENTER).encode())
        term.expect(re.compile(r"\((\d+) notes as before: notes repeats them\)"))
        again(term, "Babur")
        os.write(term.master, ("notes" + ENTER).encode())
        again(term, "Babur")
        os.write(term.master, CTRL_D.encode())
        said = int(re.search(r"\((\d+) notes as before", term.shown)[1])
        out = term.finish()
    notes = [line for line in out.splitlines() if line.startswith("Note: ")]
    assert said >= 2 and "so the game is not over yet" in notes[0]
    assert len(notes) == 2 * said and notes[:said] == notes[said:]  # the first standings, then notes; not the second


def test_roll_alone_rolls_the_virtual_dice_for_the_table(tmp_path):
    """Artisans, Setting Up ("a pair of virtual dice"): at the table's turn, ``roll`` alone has
    tajkit roll two dice; the roll is told and recorded as the table's event."""
    (tmp_path / "setup.json").write_text(json.dumps({"players": [{"name": "Asha"}, {"name": "Babur"}]}))
    with terminals(tmp_path) as start:
        term = start("play", "artisans", "night.toml", "--setup", "setup.json")
        term.expect("(or roll alone: tajkit rolls for the table)")
        os.write(term.master, ("roll" + ENTER).encode())
        term.expect(re.compile(r"  1\. the table: roll [1-6] [1-6]"))
        term.expect(PROMPT)
        os.write(term.master, (CTRL_D).encode())
        term.finish()
    (event,) = read_record(tmp_path / "night.toml", "artisans").events
    assert re.fullmatch(r"roll [1-6] [1-6]", event)


def test_a_new_game_at_the_terminal_dealt_by_tajkit(tmp_path):
    """Issue 44's "deal for us" at the terminal: TAJ's dealer drawn by tajkit (rulebook: Setup,
    "Choose a dealer"), the table told how to lay the cards out, the setup recorded as dealt; an
    answer of n asks the question as before."""
    with terminals(tmp_path) as start:
        term = start("play", "taj", "dealt.toml")
        for k, name in enumerate(["Asha", "Babur", "Chen", ""]):
            term.answer(f"player {k + 1}", name)
        term.answer("deal the setup for you?", "y")
        term.expect("Dealt by tajkit (a cryptographic random draw)")
        term.expect("deals;")
        term.expect(PROMPT)
        os.write(term.master, ("quit" + ENTER).encode())
        term.finish()
        dealer = read_record(tmp_path / "dealt.toml", "taj").setup["dealer"]
        assert dealer in ("Asha", "Babur", "Chen")
        assert f"{dealer} deals;" in term.shown
        term = start("play", "taj", "typed.toml")
        for k, name in enumerate(["Asha", "Babur", ""]):
            term.answer(f"player {k + 1}", name)
        term.answer("deal the setup for you?", "n")
        term.answer("Who deals?", "Asha")
        term.expect(PROMPT)
        os.write(term.master, ("quit" + ENTER).encode())
        term.finish()
    assert read_record(tmp_path / "typed.toml", "taj").setup["dealer"] == "Asha"
