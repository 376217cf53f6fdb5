"""Sessions (``solver/session.py``) and ``tajkit play --do``, for every game that plays: a whole
seeded game typed event by event ends with the score ``tajkit score`` gives its record; an
illegal event changes nothing; undo, redo and fix replay and re-check; two writers on one record
are serialised; a kill mid-write never leaves a broken record (DESIGN.md, "From answers to
sessions")."""

from __future__ import annotations

import json
from dataclasses import replace
import os
import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from tajkit.cli import main as cli
from tajkit.solver import games
from tajkit.solver.errors import BadInput
from tajkit.solver.protocol import random_game, replay
from tajkit.solver.session import Session, read_record
from write_window import pausing_env, wait_inside_the_window

runner = CliRunner()
PLAYING = [g for g in games.GAMES if games.get(g).plays]
pytestmark = pytest.mark.skipif(not PLAYING, reason="no game has its TablePlay yet")


def run(*args: str, input: str | None = None):
    return runner.invoke(cli.app, list(args), input=input)


def seeded_game(game: str, seed: int, players: int = 2):
    info = games.get(game)
    spec = info.load_spec()
    record = random_game(info.rules(spec), random.Random(seed), players)
    return info, spec, record


def started(tmp_path: Path, game: str, seed: int = 1, players: int = 2, name: str = "night.toml"):
    """A new session over a seeded game's setup, and the game's events still to play."""
    info, spec, record = seeded_game(game, seed, players)
    session = Session.start(info, spec, tmp_path / name, record.setup)
    return session, record.events


@pytest.mark.parametrize("game", PLAYING)
def test_a_whole_seeded_game_through_do_scores_as_tajkit_score_of_its_record(tmp_path, game):
    """The record is the game: every event typed through ``--do`` (a few at a time), then
    ``tajkit score GAME RECORD`` gives the standings the rules give the replayed game."""
    info, spec, record = seeded_game(game, seed=3)
    setup = tmp_path / "setup.json"
    setup.write_text(json.dumps(record.setup))
    path = tmp_path / "night.toml"
    first = run("play", game, str(path), "--setup", str(setup), "--json")
    assert first.exit_code == 0, first.output
    assert json.loads(first.stdout)["events"] == 0
    events = list(record.events)
    step = max(7, len(events) // 12)  # a dozen processes at most (each replays the record so far)
    for k in range(0, len(events), step):
        chunk = events[k:k + step]
        result = run("play", game, str(path), *[a for e in chunk for a in ("--do", e)])
        assert result.exit_code == 0, (chunk, result.output)
    assert read_record(path, game).events == tuple(events)
    scored = run("score", game, str(path), "--json")
    assert scored.exit_code == 0, scored.output
    expected = info.rules(spec).standings(replay(info.rules(spec), record).state)
    got = {p["name"]: p["total"] for p in json.loads(scored.stdout)["players"]}
    assert got == {p.name: p.total for p in expected.players}
    assert Session.open(info, spec, path).over


@pytest.mark.parametrize("game", PLAYING)
def test_an_illegal_event_is_refused_and_nothing_is_written(tmp_path, game):
    """Checked as it is typed: an event the rules refuse is one clear line, exit 2, and the record
    file is byte for byte what it was, even after legal events given with it."""
    session, events = started(tmp_path, game)
    session.apply(*events[:3])
    before = session.path.read_bytes()
    for bad in (["no such move at all"], [events[3], "no such move at all"]):
        result = run("play", game, str(session.path), *[a for e in bad for a in ("--do", e)])
        assert result.exit_code == 2, result.output
        assert result.output.startswith("error: ") and "Traceback" not in result.output
        assert session.path.read_bytes() == before


@pytest.mark.parametrize("game", PLAYING)
def test_undo_goes_back_to_the_setup_and_redo_plays_again(tmp_path, game):
    session, events = started(tmp_path, game)
    session.apply(*events[:4])
    states = list(session.states)
    for k in range(4):
        assert session.undo() == events[3 - k]
        assert session.state == states[3 - k]
        assert read_record(session.path, game).events == events[:3 - k]
    with pytest.raises(BadInput, match="nothing to take back"):
        session.undo()
    assert session.redo() == events[0]
    assert session.state == states[1]
    session.apply(events[1])
    with pytest.raises(BadInput, match="nothing to play again"):
        session.redo()


@pytest.mark.parametrize("game", PLAYING)
def test_what_undo_took_back_is_kept_in_the_record_for_redo_after_quitting(tmp_path, game):
    """Nothing lost: the events taken back stay in the record (``undone``, the latest last), so a
    session opened later, after quitting or on another phone, still plays them again; a new event
    ends them, and the record without them replays as before."""
    session, events = started(tmp_path, game)
    session.apply(*events[:4])
    session.undo()
    session.undo()
    assert read_record(session.path, game).undone == (events[3], events[2])
    info = games.get(game)
    later = Session.open(info, info.load_spec(), session.path)
    assert later.undone == (events[3], events[2])
    assert later.redo() == events[2]
    assert read_record(session.path, game) == replace(read_record(session.path, game), events=events[:3], undone=(events[3],))
    session.refresh()
    assert session.undone == (events[3],) and session.redo() == events[3]
    assert read_record(session.path, game).events == events[:4] and not read_record(session.path, game).undone
    session.undo()
    session.apply(events[3])  # typed again rather than redone: nothing left to redo
    assert not read_record(session.path, game).undone and "undone" not in session.path.read_text()


@pytest.mark.parametrize("game", PLAYING)
def test_fixing_an_event_replays_and_rechecks_the_rest(tmp_path, game):
    """A mistyped event long ago is corrected and every later event re-checked: a correction that
    breaks a later event is refused, naming it, and changes nothing."""
    info, spec, _ = seeded_game(game, 1)
    rules = info.rules(spec)
    for seed in range(1, 40):
        session, events = started(tmp_path, game, seed=seed, name=f"fix-{seed}.toml")
        session.apply(*events[:12])
        for number in range(1, 12):
            before = session.states[number - 1]
            others = [rules.format(before, a) for a in rules.legal_actions(before)]
            for other in others:
                if other == session.events[number - 1]:
                    continue
                record_before = session.path.read_bytes()
                try:
                    session.correct(number, other)
                except BadInput as refused:
                    assert f"fix {number}: " in str(refused) and "event " in str(refused)
                    assert session.path.read_bytes() == record_before
                    continue
                assert session.events[number - 1] == other
                assert session.events[number:] == events[number:12]
                assert session.state == replay(rules, session.record).state
                return
    pytest.fail("no correction found that keeps the later events legal")


@pytest.mark.parametrize("game", PLAYING)
def test_two_sessions_on_one_record_are_serialised(tmp_path, game):
    """Two front ends on one record (a terminal and a phone): each writes under the lock and first
    catches up with what the other wrote, so both events are kept, in order."""
    info, spec, record = seeded_game(game, 1)
    first, events = started(tmp_path, game)
    second = Session.open(info, spec, first.path)
    first.apply(events[0])
    second.apply(events[1])  # second had not seen events[0]: it catches up, then applies
    assert read_record(first.path, game).events == events[:2]
    first.apply(events[2])
    assert first.events == events[:3]
    second.apply(events[3])
    assert read_record(first.path, game).events == events[:4] == second.events


WRITER = """
import random, sys
from pathlib import Path
from tajkit.solver import games
from tajkit.solver.protocol import random_game
from tajkit.solver.session import Session
info = games.get(sys.argv[1]); spec = info.load_spec()
record = random_game(info.rules(spec), random.Random(5), 2)
path = Path(sys.argv[2])
session = Session.start(info, spec, path, record.setup) if not path.exists() else Session.open(info, spec, path)
while True:
    while session.events:  # back to the start (a killed writer may have left the record anywhere)
        session.undo()
    for event in record.events:
        session.apply(event)
"""


@pytest.mark.slow
@pytest.mark.parametrize("game", [g for g in ("maharani", "karigar") if g in PLAYING])
def test_a_kill_during_writes_never_leaves_a_broken_record(tmp_path, game):
    """Nothing lost: a process writing the record event after event (and undoing them), killed
    inside 12 of its writes, leaves the record it had before that write, whole, every time; the
    half-written temporary file beside it proves each kill landed inside the write's window
    (``solver/writing.py``'s hook stops the N-th write there). The writing is the same for every
    game: a short record (Maharani) and a long one (Karigar-e-Taj)."""
    info, spec, _ = seeded_game(game, 5)
    path = tmp_path / "killed.toml"
    for k in range(12):
        write = 1 + 5 * k  # the record's first write (its start), then later ones, undos among them
        signal_file = tmp_path / f"inside-{k}"
        writer = subprocess.Popen([sys.executable, "-c", WRITER, game, str(path)], env=pausing_env(write, signal_file), stderr=subprocess.PIPE, text=True)
        try:
            part = wait_inside_the_window(signal_file, writer)
            before = path.read_bytes() if path.exists() else None
        finally:
            os.kill(writer.pid, signal.SIGKILL)
            writer.wait()
        assert part.parent == path.parent and part.exists()  # killed inside the window
        assert (path.read_bytes() if path.exists() else None) == before  # the record as it was, whole
        part.unlink()
        if before is not None:
            Session.open(info, spec, path)  # reads and replays, or raises


@settings(max_examples=60)
@given(text=st.text(max_size=40))
def test_any_typed_text_is_an_event_or_one_clear_refusal(tmp_path_factory, text):
    """Hostile input: whatever is typed is applied or refused with BadInput, and the record then
    still replays to the session's own state."""
    game = PLAYING[0]
    folder = tmp_path_factory.mktemp("hostile")
    session, events = started(folder, game)
    session.apply(*events[:2])
    try:
        session.apply(text)
    except BadInput as refused:
        assert refused.problems and all(p.strip() for p in refused.problems)
    info = games.get(game)
    assert Session.open(info, info.load_spec(), session.path).state == session.state


@settings(max_examples=60)
@given(data=st.data())
def test_any_text_entered_in_a_players_name_is_their_use_of_the_roll_or_one_clear_refusal(tmp_path_factory, data):
    """Hostile input in the notation for a use of the roll ahead of one's turn (Artisans,
    ``Name: event``): any name (a player's, in any case, or a stranger's) with any text, or with
    a legal event of anyone's, is applied in that player's name or refused with BadInput, and the
    record still replays to the session's own state."""
    folder = tmp_path_factory.mktemp("hostile-ahead")
    session, events = started(folder, "artisans", players=3)
    session.apply(events[0])  # the roll
    names = [p["name"] for p in session.record.setup["players"]]
    name = data.draw(st.sampled_from(names).map(lambda n: data.draw(st.sampled_from([n, n.upper(), f" {n} "])))
                     | st.text(max_size=12))
    named = [e for es in session.ahead().values() for e in es]  # "Ben: dome middle 5"
    anyone = [e.partition(": ")[2] for e in named] + session.legal() + named  # a name after a name too
    rest = data.draw(st.sampled_from(anyone) | st.text(max_size=30))
    before = session.events
    try:
        session.apply(f"{name}:{data.draw(st.sampled_from([' ', '', '  ']))}{rest}")
    except BadInput as refused:
        assert refused.problems and all(p.strip() and "\n" not in p for p in refused.problems)
        assert session.events == before
    info = games.get("artisans")
    assert Session.open(info, info.load_spec(), session.path).state == session.state


@pytest.mark.parametrize("game", PLAYING)
def test_the_acting_players_name_may_come_before_an_event_in_every_game(tmp_path, game):
    """Issue 43: ``Asha: propose 1 2`` on Asha's turn is her event in every game, recorded without
    the name (``Name:`` in any case); another player's name is refused in words, naming whose turn
    it is, and nothing is written; before the table's event, a player's name is refused too."""
    session, events = started(tmp_path, game, seed=5, players=3)
    names = session.players()
    played = 0
    checked_chance = False
    for k, event in enumerate(events):
        who = session.to_act
        if who == "chance":
            if not checked_chance:
                with pytest.raises(BadInput, match="the table acts now, not |the dice are rolled first"):
                    session.apply(f"{names[0]}: {event}")
                checked_chance = True
            session.apply(event)
            continue
        if event.startswith(f"{who}: ") or played >= 6:  # Artisans writes a use ahead of one's turn named
            session.apply(event)
            continue
        other = next((n for n in names if n != who and n not in session.ahead()), None)
        if other is not None:  # Artisans: a player who has used the roll (a later one's name is theirs to use it)
            before = session.events
            with pytest.raises(BadInput, match=f"it is {who}'s turn, not {other}'s|{other} has used the roll"):
                session.apply(f"{other}: {event}")
            assert session.events == before
        typed = f"{who.upper() if k % 2 else who}:{' ' * (k % 3)}{event}"
        assert session.apply(typed) == [event]
        played += 1
        if played >= 6 and checked_chance:
            break
    assert played >= 6
    assert read_record(session.path, game).events == session.events


@pytest.mark.parametrize("game", PLAYING)
def test_a_record_edited_into_an_illegal_game_is_refused_with_the_event_number(tmp_path, game):
    session, events = started(tmp_path, game)
    session.apply(*events[:5])
    text = session.path.read_text()
    k = next(k for k in range(1, 5) if text.count(json.dumps(events[k])) == 1)  # an event typed once
    session.path.write_text(text.replace(json.dumps(events[k]), json.dumps("certainly not a move")))
    result = run("play", game, str(session.path), "--json")
    assert result.exit_code == 2
    assert f"event {k + 1} ('certainly not a move')" in result.output and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_a_new_record_is_never_written_over_an_existing_file(tmp_path):
    game = PLAYING[0]
    info, spec, record = seeded_game(game, 1)
    taken = tmp_path / "taken.toml"
    taken.write_text("# someone's notes\n")
    with pytest.raises(BadInput, match="already exists"):
        Session.start(info, spec, taken, record.setup)
    assert taken.read_text() == "# someone's notes\n"
    result = run("play", game, str(taken), "--player", "Asha")
    assert result.exit_code == 2 and "already holds a game" in result.output


@pytest.mark.parametrize("bad", ['game = "artisans"\nsetup = 3\nevents = []\n',
                                 'game = "artisans"\nsetup = {}\nevents = [1, 2]\n',
                                 'game = "taj"\nsetup = {}\nevents = []\n',
                                 'game = "artisans"\nsetup = {}\nevents = []\nextra = 1\n',
                                 'game = "artisans"\nsetup = {}\nevents = []\nundone = [1]\n'])
def test_a_malformed_record_is_one_clear_line(tmp_path, bad):
    path = tmp_path / "bad.toml"
    path.write_text(bad)
    result = run("play", "artisans", str(path), "--json")
    assert result.exit_code == 2, result.output
    assert result.output.startswith("error: ") and len(result.output.strip().splitlines()) == 1


@settings(max_examples=40)
@given(texts=st.lists(st.text(min_size=1, max_size=30).filter(lambda t: not t.startswith("-")), min_size=1, max_size=3))
def test_hostile_do_arguments_are_applied_or_refused_in_one_line_with_nothing_written(tmp_path_factory, texts):
    """Hostile input through the command line: any --do text either is legal (exit 0) or exits 2
    with an ``error:`` line per problem and the record's bytes unchanged; never a traceback."""
    game = PLAYING[0]
    folder = tmp_path_factory.mktemp("hostile-do")
    session, events = started(folder, game)
    session.apply(*events[:2])
    before = session.path.read_bytes()
    result = run("play", game, str(session.path), *[a for t in texts for a in ("--do", t)])
    assert "Traceback" not in result.output
    if result.exit_code == 0:
        return
    assert result.exit_code == 2, result.output
    assert all(line.startswith("error: ") for line in result.stderr.splitlines() if line.strip())
    assert session.path.read_bytes() == before


@pytest.mark.parametrize("game", PLAYING)
def test_what_is_legal_follows_an_undo_and_another_event_of_the_same_number(tmp_path, game):
    """The legal events listed (completion, the phones' buttons) are those of the state now, even
    when an undo and a different event bring the record back to the same length (they were
    remembered by the record's length: the list of the event taken back was shown)."""
    session, events = started(tmp_path, game)
    rules = session.rules

    def listed(state):  # noqa: ANN001, ANN202
        return [rules.format(state, a) for a in rules.legal_actions(state)]

    session.apply(*events[:8])
    for k in range(8):
        before = session.states[k]
        after = listed(session.states[k + 1])
        other = next((t for t in listed(before) if listed(rules.apply(before, rules.parse(before, t))) != after), None)
        if other is not None:
            break
    else:
        pytest.skip("no other event in the first 8 changes what is legal next")
    while len(session.events) > k + 1:
        session.undo()
    assert session.legal() == after
    session.undo()  # and nothing asks what is legal before the other event
    session.apply(other)
    assert session.legal() == listed(session.state) != after


def test_show_at_the_prompt_draws_the_position_and_never_replaces_a_file(tmp_path, monkeypatch):
    """`show FILE.png` at the play prompt writes the picture as tajkit show does, with its checks:
    an existing file is refused, and so is a name that is no PNG's (lines read from a pipe)."""
    monkeypatch.chdir(tmp_path)
    session, events = started(tmp_path, "artisans")
    session.apply(*events[:2])
    result = run("play", "artisans", str(session.path), input="show pos.png\nshow pos.png\nshow pos.pdf\nquit\n")
    assert (tmp_path / "pos.png").read_bytes()[:4] == b"\x89PNG"
    assert "wrote pos.png" in result.stderr
    assert "pos.png already exists" in result.stderr and "must end in .png" in result.stderr
    assert result.exit_code == 2  # lines from a pipe: a refused line is an error at the end


@pytest.mark.parametrize("game", PLAYING)
def test_help_at_the_table_says_the_games_notation(tmp_path, game):
    """Issue 43: ``help`` lists the commands and the game's events in a few words with examples
    (Taj Mahal: what each card letter stands for, and the order a card is recorded in)."""
    session, _ = started(tmp_path, game)
    result = run("play", game, str(session.path), input="help\nquit\n")
    assert result.exit_code == 0, result.output
    said = " ".join(result.stderr.split())
    assert f"{session.info.title}'s events: {' '.join(session.play.notation.split())}" in said
    assert "the player to act may be named first" in said
    if game == "tajmahal":
        assert "E elephant, T tiger, P princess, Y yellow advisor, W white advisor, M Taj Mahal" in said
        assert "play MP is recorded play PM" in said


def test_an_empty_answer_to_a_hidden_question_gives_up_the_hint(tmp_path):
    """Issue 43: the goal card a TAJ hint asks for (rulebook, Setup: kept hidden) is asked each time;
    Enter on an empty line gives the hint up, with one message, and the game goes on."""
    rugs = ["green green green", "yellow yellow yellow", "pink green blue", "blue orange yellow", "green yellow pink",
            "orange pink green", "yellow blue orange", "green blue pink", "orange orange orange", "blue blue blue"]
    setup = tmp_path / "setup.json"
    setup.write_text(json.dumps({"players": ["Asha", "Ben", "Chitra"], "dealer": "Chitra"}))
    path = tmp_path / "night.toml"
    assert run("play", "taj", str(path), "--setup", str(setup), *[a for r in rugs for a in ("--do", r)]).exit_code == 0
    result = run("play", "taj", str(path), input="hint\n\npropose 1 2\nquit\n")
    assert "refused: hint: nothing typed for your secret goal card (x2 x1 x-1): no hint (an empty answer gives it up)" \
        in result.stderr
    assert read_record(path, "taj").events[-1] == "propose 1 2"
