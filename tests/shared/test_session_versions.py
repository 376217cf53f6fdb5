"""A session's versions (issue 39, "every state change is safe to repeat"): an event, an undo, a
redo or a correction chosen against an older version of the game is recorded only if it still
means what it meant then; otherwise it is refused in words naming what came first, and the record
is unchanged. Two sessions on one record (a terminal and a phone) are held to the same rule. Also
who played each event, for the log of every front end."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tajkit.solver import games
from tajkit.solver.errors import BadInput
from tajkit.solver.protocol import CHANCE, random_game
from tajkit.solver.session import Session, read_record

PLAYING = list(games.GAMES)


def started(tmp_path: Path, game: str, seed: int = 1, players: int = 3) -> tuple[Session, tuple[str, ...]]:
    info = games.get(game)
    spec = info.load_spec()
    record = random_game(info.rules(spec), random.Random(seed), players)
    return Session.start(info, spec, tmp_path / "night.toml", record.setup), record.events


def on_disk(session: Session) -> tuple[str, ...]:
    return read_record(session.path, session.info.id).events


@pytest.mark.parametrize("game", PLAYING)
def test_an_event_sent_twice_against_the_same_version_is_recorded_once(tmp_path, game):
    """A double tap or a reload re-sends the event with the version it was made against: the
    second is refused as already recorded, naming the event, and the record holds it once."""
    session, events = started(tmp_path, game)
    session.apply(*events[:4])
    made_at = session.version
    session.apply(events[4], made_at=made_at)
    with pytest.raises(BadInput) as refused:
        session.apply(events[4], made_at=made_at)
    assert on_disk(session) == events[:5]
    assert "already recorded" in refused.value.problems[0] and "5." in refused.value.problems[0]


@pytest.mark.parametrize("game", PLAYING)
def test_an_event_chosen_before_another_phone_played_that_turn_is_refused_naming_it(tmp_path, game):
    """A phone chose one of the legal events for the player to act; another phone played that
    turn first (another choice): the first phone's event records nothing, and the refusal names
    the event that came first (its text would now be the next player's move, or illegal)."""
    session, events = started(tmp_path, game, seed=2)
    for k, played in enumerate(events[:-1]):
        before, actor_then = session.version, session.to_act
        other = [e for e in session.legal() if e != played]
        session.apply(played)
        if actor_then == CHANCE or not other:
            continue
        with pytest.raises(BadInput) as refused:
            session.apply(other[0], made_at=before)
        assert f"{k + 1}. " in refused.value.problems[0], refused.value.problems
        assert on_disk(session) == events[:k + 1]
        return
    pytest.skip("no player with a choice")


def test_artisans_uses_of_one_roll_chosen_at_once_are_all_recorded(tmp_path):
    """Artisans (rulebook: Playing the Game, every player uses the same roll): phones that chose
    their uses against the same version, before the others' arrived, are all recorded, each for
    its own player, whether their turn in seat order had come or not."""
    session, _ = started(tmp_path, "artisans", players=3)
    session.apply("roll 3 5")
    made_at = session.version
    players = session.players()
    chosen = {players[0]: session.legal()[0], **{p: events[0] for p, events in session.ahead().items()}}
    for player in reversed(players):  # the last seat first: its event was entered ahead, named
        session.apply(chosen[player], made_at=made_at)
    assert [session.actor(n) for n in (2, 3, 4)] == list(reversed(players))
    assert session.to_act == CHANCE  # the turn is over: every sheet used the roll


def test_artisans_a_use_chosen_before_the_next_roll_is_refused(tmp_path):
    """A use chosen for the last roll is refused once the table has rolled again: it would be a
    use of the new roll (rulebook: Playing the Game, one roll a turn)."""
    session, _ = started(tmp_path, "artisans", players=2)
    session.apply("roll 3 5")
    made_at = session.version
    first, second = session.legal()[0], session.ahead()[session.players()[1]][0]
    session.apply(first)
    session.apply(second)
    session.apply("roll 1 1")
    with pytest.raises(BadInput, match="already recorded|moved on"):
        session.apply(first, made_at=made_at)
    assert len(on_disk(session)) == 4


def test_the_table_rolling_twice_from_two_phones_records_one_roll(tmp_path):
    """Two phones both tap a roll for the same turn: the second is refused naming the first (a
    roll is the table's event, once a turn)."""
    session, _ = started(tmp_path, "artisans", players=2)
    made_at = session.version
    session.apply("roll 2 5", made_at=made_at)
    with pytest.raises(BadInput, match=r"1\. the table: roll 2 5"):
        session.apply("roll 4 4", made_at=made_at)
    assert on_disk(session) == ("roll 2 5",)


@pytest.mark.parametrize("change", ["undo", "redo", "correct"])
def test_undo_redo_and_fix_chosen_against_an_older_version_change_nothing(tmp_path, change):
    """A double tap on Undo takes back one event, not two; a redo or a correction typed before
    another event arrived changes nothing, saying what came first."""
    session, events = started(tmp_path, "taj", seed=4)
    session.apply(*events[:6])
    if change == "redo":
        session.undo()
    made_at = session.version
    session.apply(events[6] if change != "redo" else events[5])
    before = on_disk(session)
    with pytest.raises(BadInput, match="moved on|changed"):
        if change == "undo":
            session.undo(made_at=made_at)
        elif change == "redo":
            session.redo(made_at=made_at)
        else:
            session.correct(3, events[2], made_at=made_at + "x")
    assert on_disk(session) == before


def test_a_correction_of_an_event_the_page_knew_goes_through_after_later_events(tmp_path):
    """A correction of event N typed while later events arrived: event N and those before it are
    as the page showed them, so it is made (and the later events re-checked)."""
    session, events = started(tmp_path, "artisans", seed=5, players=2)
    session.apply(*events[:3])
    made_at = session.version
    session.apply(*events[3:6])
    assert session.correct(2, events[1], made_at=made_at) == events[1]
    assert on_disk(session) == events[:6]


def test_an_undo_since_the_page_was_made_is_said_in_words(tmp_path):
    session, events = started(tmp_path, "tajmahal", seed=1)
    session.apply(*events[:5])
    made_at = session.version
    session.undo()
    with pytest.raises(BadInput, match="taken back or corrected"):
        session.apply(events[4], made_at=made_at)


def test_two_sessions_on_one_record_a_terminal_and_a_phone(tmp_path):
    """The terminal's prompt was shown at a version; a phone played the same turn meanwhile: the
    line typed at the terminal is refused, naming the phone's event, and nothing is recorded
    twice (issue 39: "the same in the terminal session for two sessions on one record")."""
    terminal, events = started(tmp_path, "maharani", seed=3, players=2)
    terminal.apply(*events[:3])
    shown = terminal.version
    phone = Session.open(terminal.info, terminal.spec, terminal.path)
    phone.apply(events[3])
    with pytest.raises(BadInput, match=r"4\. "):
        terminal.apply(events[3], made_at=shown)
    assert on_disk(terminal) == events[:4]


@pytest.mark.parametrize("game", PLAYING)
def test_every_event_names_its_player_or_the_table(tmp_path, game):
    """The log names who played each event: the player the rules had to act, or the player who
    used the roll ahead of their turn (Artisans), or the table for what the components show."""
    session, events = started(tmp_path, game, seed=6)
    session.apply(*events[:40])
    players = set(session.players())
    for n in range(1, len(session.events) + 1):
        who = session.actor(n)
        assert who == CHANCE or who in players
        line = session.line(n)
        assert line.startswith("the table: " if who == CHANCE else f"{who}: ")


@settings(max_examples=60)
@given(made_at=st.text(max_size=30))
def test_any_version_text_is_refused_in_words_or_accepted(tmp_path_factory, made_at):
    """Hostile input: whatever a form sends as its version, the answer is the event recorded or
    one refusal in words; never an exception of another kind."""
    session, events = started(tmp_path_factory.mktemp("v"), "taj", seed=1)
    session.apply(*events[:2])
    try:
        session.apply(events[2], made_at=made_at)
    except BadInput as refused:
        assert refused.problems and all(isinstance(p, str) for p in refused.problems)


def test_virtual_dice_roll_for_the_table_once(tmp_path):
    """Artisans, Setting Up: a table may "use a pair of virtual dice": tajkit rolls, the roll is
    recorded as the table's event (two dice 1-6, a legal roll), and a second phone's tap on the
    same page records no second roll. A game played with its own components has no virtual draw."""
    session, _ = started(tmp_path, "artisans", players=2)
    made_at = session.version
    (rolled,) = session.draw(made_at=made_at)
    assert rolled in Session.open(session.info, session.spec, session.path).events
    dice = [int(d) for d in rolled.split()[1:]]
    assert rolled.startswith("roll ") and len(dice) == 2 and all(1 <= d <= 6 for d in dice)
    with pytest.raises(BadInput, match=rf"already rolled: 1\. the table: {rolled}"):
        session.draw(made_at=made_at)
    with pytest.raises(BadInput, match="not the table's"):
        session.draw()
    (tmp_path / "m").mkdir()
    maharani, _ = started(tmp_path / "m", "maharani")
    with pytest.raises(BadInput, match="its own components"):
        maharani.draw()
