"""Artisans of the Taj Mahal at the table (solver/artisans/play.py, ``tajkit play``): the setup
asked, the hint position for every player still to use the roll, the events a hint's moves play,
the table as text and as a state file, against the rulebook (artisans-of-the-taj-mahal.txt) and
the game's own rules model and scorer."""

from __future__ import annotations

import random
from importlib import import_module
from typing import Any

import pytest
from tajkit.solver import games
from tajkit.solver.artisans.play import ArtisansPlay
from tajkit.solver.artisans.protocol import Table
from tajkit.solver.artisans.rules import EMPTY, Sheet, score
from tajkit.solver.errors import BadInput
from tajkit.solver.protocol import CHANCE, HintAnswer, Record, played, random_action, replay
from tajkit.solver.session import Session
from protocol_check import check_hint_answer

GAME = games.get("artisans")
SPEC = GAME.load_spec()
PLAY = GAME.play(SPEC)
RULES = PLAY.rules
HINT_DEFAULTS = {option.name: option.default for option in GAME.hint.options}
NAMES = ["Asha", "Ben", "Chitra"]
FAST = {"futures": 100}  # a raced hint's smallest budget: the tests check the moves, not their ranking


def answered(setup: dict[str, Any], key: str, value: Any) -> dict[str, Any]:
    """``setup`` with ``value`` stored at the dotted ``key`` as a session stores an answer (an
    answer of ``None``, not given, is left out: a record has no null)."""
    if value is None:
        return setup
    *path, last = key.split(".")
    place: Any = setup
    for step in path:
        place = place[int(step)] if isinstance(place, list) else place[step]
    place[last] = value
    return setup


def setup_from(names: list[str], typed: list[str]) -> dict[str, Any]:
    setup = PLAY.players_setup(names)
    for question, text in zip(PLAY.setup_questions(names), typed, strict=True):
        setup = answered(setup, question.key, question.read(text or question.default))
    return setup


def careful_game(seed: int, players: int) -> Record:
    """A whole seeded game in which every player writes at the fewest raindrops they can (random
    play spends them and ends after a few turns; this one fills sheets, reaching every stage)."""
    rng = random.Random(seed)
    setup = RULES.random_setup(rng, players)
    state, events = RULES.start(setup), []
    while RULES.to_act(state) is not None:
        if RULES.to_act(state) == CHANCE:
            action = random_action(RULES, state, rng)
        else:
            moves = RULES.legal_actions(state)
            cheapest = min(m.raindrops for m in moves)
            action = rng.choice([m for m in moves if m.raindrops == cheapest])
        events.append(RULES.format(state, action))
        state = RULES.apply(state, action)
    return Record("artisans", setup, tuple(events))


def hint(state: Table, player: str, **options: Any) -> HintAnswer:
    """The hint a game in play asks for (the contract: ``TablePlay.hint``), on a small budget."""
    answer = PLAY.hint(state, player, {}, HINT_DEFAULTS | FAST | options)
    check_hint_answer("artisans", state, player, answer)
    return answer


def still_to_use(state: Table) -> list[str]:
    return [p.name for p in state.players[state.seat:]]


def sheet_of(state: Table, name: str) -> Sheet:
    return next(p.sheet for p in state.players if p.name == name)


def until_turn_of(state: Table, name: str) -> Table:
    """The players before ``name`` use the roll (each the first legal use), so ``name`` acts."""
    while RULES.to_act(state) != name:
        state = RULES.apply(state, RULES.legal_actions(state)[0])
    return state


def mid_turn_states(seed: int, players: int = 3) -> list[Table]:
    """States of a careful game where the roll is rolled and its first player has used it."""
    states = replay(RULES, careful_game(seed, players)).states
    return [s for s in states if s.roll is not None and s.seat == 1]


# --- the setup -----------------------------------------------------------------------------------


def test_names_and_typed_ages_give_a_setup_the_rules_start() -> None:
    """Scoring: "If the tie persists, the youngest player wins": each player is asked their age; it
    may be left out (a hyphen or Enter), as a state file may, and the setup starts the game with
    the players in seat order."""
    setup = setup_from(NAMES, [" 34 ", "", "-"])
    assert setup == {"players": [{"name": "Asha", "age": 34}, {"name": "Ben"}, {"name": "Chitra"}]}
    state = RULES.start(setup)
    assert [(p.name, p.age) for p in state.players] == [("Asha", 34), ("Ben", None), ("Chitra", None)]
    assert RULES.to_act(state) == CHANCE
    assert [q.key for q in PLAY.setup_questions(NAMES)] == ["players.0.age", "players.1.age", "players.2.age"]
    assert RULES.start(setup_from(NAMES, ["12", "9", "40"])).players[1].age == 9


def test_every_default_answer_is_accepted() -> None:
    """An Enter stands for each question's default, and its read accepts it (the age not given)."""
    for question in PLAY.setup_questions(NAMES):
        assert question.default is not None and question.read(question.default) is None
        assert question.prompt.startswith(NAMES[int(question.key.split(".")[1])])


@pytest.mark.parametrize(("typed", "words"), [
    ("200", "age = 200: must be at most 150"),
    ("-3", "age = -3: must be at least 0"),
    ("twelve", "age = \"twelve\" is not a whole number"),
    ("12.5", "age = \"12.5\" is not a whole number"),
])
def test_a_wrong_age_is_refused_naming_the_player_the_value_and_the_rule(typed: str, words: str) -> None:
    """Scoring (the youngest player wins the last tie): an age is a whole number of years, read with
    the state file's limits and words; one line naming the player, the value and what it is for."""
    question = PLAY.setup_questions(NAMES)[1]
    with pytest.raises(BadInput) as refused:
        question.read(typed)
    (line,) = refused.value.problems
    assert line.startswith("Ben: ") and words in line and "youngest" in line


def test_a_hint_asks_nothing_the_table_does_not_see() -> None:
    """Playing the Game: every player writes on their own sheet in front of everyone, and the dice
    are rolled for the whole table: a hint needs nothing typed beyond the session's state."""
    state = replay(RULES, Record("artisans", setup_from(NAMES, ["", "", ""]), ("roll 4 6", "nothing"))).state
    assert all(PLAY.hint_questions(state, name) == () for name in NAMES)


# --- the hint position ---------------------------------------------------------------------------


def test_every_player_still_to_use_the_roll_gets_a_hint_of_their_own_sheet() -> None:
    """Playing the Game: "every player must" use the roll, each on their own sheet: mid-turn (the
    first player has used it) each player still to use it gets a hint of their own moves with that
    roll, each move the event that plays it for them."""
    for seed in (1, 2):
        states = mid_turn_states(seed)
        for state in (states[2 * seed], states[-seed]):
            for name in still_to_use(state):
                answer = hint(state, name)
                assert answer.report.json["player"] == name and tuple(answer.report.json["roll"]) == state.roll
                assert answer.moves and all(PLAY.actor(state, m.actions[0]) == name for m in answer.moves)


def test_a_hand_made_record_hints_before_and_after_the_first_player() -> None:
    """Playing the Game: after the roll the first player uses it and the others still may: a hint
    for Ben from the record "roll 4 6", "dome middle 5" sees Asha's 5 in the Dome, his own empty
    sheet, and the roll 4 6."""
    setup = setup_from(NAMES, ["34", "29", ""])
    rolled = replay(RULES, Record("artisans", setup, ("roll 4 6",))).state
    assert {n: hint(rolled, n).player for n in NAMES} == {n: n for n in NAMES}
    state = replay(RULES, Record("artisans", setup, ("roll 4 6", "dome middle 5"))).state
    ben = hint(state, "Ben")
    assert ben.report.json["roll"] == [4, 6] and all(PLAY.actor(state, m.actions[0]) == "Ben" for m in ben.moves)
    assert hint(state, "Chitra").report.json["roll"] == [4, 6]


def test_no_hint_before_the_roll_after_the_game_or_for_a_player_who_has_used_it() -> None:
    """Playing the Game (one roll a turn for the whole table, each player uses it once) and End of
    the Game: a hint is refused, saying why, before the dice are rolled, once the game is over, for
    a player who has used the roll, and for a name not at the table."""
    record = careful_game(3, 3)
    states = replay(RULES, record).states
    cases = {
        "roll the dice first: type roll A B": (states[0], "Asha"),
        "the game is over (rulebook: End of the Game)": (states[-1], "Asha"),
        "Asha has used the roll": (mid_turn_states(3)[0], "Asha"),
        "'Zoe' is not at the table: the players are Asha, Ben and Chitra": (mid_turn_states(3)[0], "Zoe"),
    }
    for words, (state, name) in cases.items():
        with pytest.raises(BadInput) as refused:
            PLAY.hint(state, name, {}, HINT_DEFAULTS | FAST)
        (line,) = refused.value.problems
        assert words in line


# --- the events a hint's moves play --------------------------------------------------------------


def check_plays(state: Table, name: str, answer: HintAnswer) -> None:
    """Each ranked move's events parse and apply in turn once ``name`` acts, in the answer's
    order, and leave the sheet the report says: its box and value, its raindrops and its tree;
    where the report states a certain final score, the plain scorer gives it."""
    moves = answer.report.json["moves"]
    plays = [played(RULES, state, m.actions) for m in answer.moves]
    assert len(plays) == len(moves)
    before = sheet_of(state, name)
    ready = until_turn_of(state, name)
    for move, events in zip(moves, plays, strict=True):
        after = ready
        for event in events:
            after = RULES.apply(after, RULES.parse(after, event))
        sheet = sheet_of(after, name)
        assert sheet.raindrops_used - before.raindrops_used == move["raindrops"]
        assert sheet.trees_watered - before.trees_watered == int(move["water_tree"])
        if move["skip"]:
            assert sheet.values == before.values
        else:
            index = [f.id for f in SPEC.features].index(move["feature"])
            assert before.values[index][move["box"] - 1] == EMPTY
            assert sheet.values[index][move["box"] - 1] == move["value"]
            assert sheet.filled_boxes() == before.filled_boxes() + 1
        if answer.report.json["last_turn"] or sheet.ends_game(SPEC):
            assert move["expected"] == pytest.approx(score(SPEC, sheet).total)


def test_the_moves_a_hint_lists_play_as_events_for_every_player_still_to_use_the_roll() -> None:
    """Playing the Game, Altering dice results, Watering fruit trees: for seeded positions at every
    stage (raced, exact, the last turn), each move of the hint is one event in the protocol's
    notation that the rules accept for that player, leaving the box, value and raindrops the move
    names (the session applies a later player's events when it is their turn)."""
    checked = 0
    for seed in (4, 5, 6):
        states = mid_turn_states(seed)
        for state in (states[1], *states[-6:]):
            for name in still_to_use(state):
                check_plays(state, name, hint(state, name, top=8))
                checked += 1
    assert checked > 30


def last_turn() -> Table:
    """Asha's sheet has one empty box, in the Dome; she fills it with the roll 3 4: Ben's turn."""
    asha = {"name": "Asha", **{f.id: [4] * f.size for f in SPEC.features}, "dome": [4, 0, 5]}
    setup = {"players": [asha, {"name": "Ben", "raindrops_used": 3}]}
    return replay(RULES, Record("artisans", setup, ("roll 3 4", "dome middle 3"))).state


def test_the_last_turn_moves_are_worth_the_score_they_leave() -> None:
    """End of the Game: once Asha fills her last box the others finish the turn; Ben's hint is a
    last-turn hint and each of its moves, played, leaves the final score it states."""
    state = last_turn()
    assert RULES.to_act(state) == "Ben" and state.players[0].sheet.is_full()
    answer = hint(state, "Ben", top=12)
    assert answer.report.json["last_turn"] and answer.kind == "exact"
    check_plays(state, "Ben", answer)


def test_a_hint_is_taken_only_with_its_own_roll_and_before_its_player_has_used_it(tmp_path) -> None:
    """Playing the Game: a hint's moves are for one roll and one player's turn: after the player
    has used the roll, or on a later roll, the session says to ask again."""
    session = Session.start(GAME, SPEC, tmp_path / "night.toml", setup_from(NAMES, ["", "", ""]))
    session.apply("roll 4 6")
    found = session.hint("Ben", **FAST)
    session.apply(session.ahead()["Ben"][0])
    with pytest.raises(BadInput, match="moved on since that hint for Ben"):
        session.take(found, 1)
    asha = session.hint("Asha", **FAST)
    session.apply(session.legal()[0], session.ahead()["Chitra"][0], "roll 1 2")
    with pytest.raises(BadInput, match="moved on since that hint for Asha"):
        session.take(asha, 1)


# --- the table as text and as a state file -------------------------------------------------------


def test_describe_says_whose_turn_first_then_every_sheet() -> None:
    """Playing the Game (the roll, then each player in turn) and End of the Game (the others finish
    the turn): the first line says what comes next; each sheet follows with what is written on it,
    its raindrops and its trees; every line fits an 80-column terminal."""
    setup = setup_from(NAMES, ["", "", ""])
    fresh = RULES.start(setup)
    assert PLAY.describe(fresh).splitlines()[0] == "Turn 1: roll the dice for the whole table (roll A B)."
    state = replay(RULES, Record("artisans", setup, ("roll 4 6", "dome middle 5"))).state
    text = PLAY.describe(state)
    lines = text.splitlines()
    assert lines[0] == "Turn 1, roll 4 6: Ben to use it, then Chitra."
    assert "Asha: 1 of 29 boxes; 1 raindrop used, 14 left; 0 of 4 trees watered" in lines
    assert "  Dome . 5 ." in lines and lines.count("  nothing written yet") == 2
    ending = PLAY.describe(last_turn()).splitlines()
    assert ending[0] == "Turn 1, roll 3 4: Ben to use it."
    assert " ".join(ending[1:3]) == ("Last turn: Asha has filled the last box of their sheet; the others finish the "
                                     "turn (rulebook: End of the Game).")
    states = replay(RULES, careful_game(8, 3)).states
    over = PLAY.describe(states[-1])
    assert over.startswith(f"The game is over after turn {states[-1].turn}: ")
    long_names = RULES.start({"players": [{"name": "Maharaja Sawai Jai Singh II of Amber"}, {"name": "Ben"}]})
    for shown in (fresh, state, last_turn(), states[-1], long_names):
        assert all(len(line) <= 80 for line in PLAY.describe(shown).splitlines())
        assert all(p.name in PLAY.describe(shown) for p in shown.players)


def test_the_state_file_is_the_table_score_and_show_read() -> None:
    """Scoring: a finished game's state file scores as the rules' standings do (totals and ranks,
    the tie-breaks included); a game in play's is a position the hint and the picture read."""
    for seed in (9, 10, 11):
        states = replay(RULES, careful_game(seed, 3)).states
        middle = states[len(states) // 2]
        assert GAME.read_state(SPEC, PLAY.state_file(middle), finished=False)
        final = GAME.score(SPEC, GAME.read_state(SPEC, PLAY.state_file(states[-1])))
        standings = RULES.standings(states[-1])
        assert [(p.name, p.total, p.rank) for p in final.players] == \
            [(p.name, p.total, p.rank) for p in standings.players]


def test_the_picture_draws_a_game_in_play_and_a_finished_one() -> None:
    """The sheets drawn as filled in (tajkit show), mid-game and at the end."""
    states = replay(RULES, careful_game(12, 2)).states
    drawing = import_module(GAME.drawing)
    for state in (states[len(states) // 2], states[-1]):
        png = drawing.picture(SPEC, PLAY.state_file(state))
        assert png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) > 10_000


def test_the_game_forwards_to_its_table_play() -> None:
    """GAME.play(spec) is this module's adapter over the game's own rules."""
    assert isinstance(PLAY, ArtisansPlay) and PLAY.rules.spec is SPEC


def test_a_player_who_entered_ahead_is_said_so_and_gets_no_hint_for_the_roll() -> None:
    """Playing the Game (each player uses the roll once): after ``Chitra: ...`` the first line
    says who is still to use the roll and that Chitra has; a hint for Chitra is refused, one for
    Ben is from his own sheet."""
    setup = setup_from(NAMES, ["", "", ""])
    state = replay(RULES, Record("artisans", setup, ("roll 4 6", "Chitra: dome middle 5"))).state
    assert PLAY.describe(state).splitlines()[:2] == ["Turn 1, roll 4 6: Asha to use it, then Ben.",
                                                     "Used already (entered ahead): Chitra."]
    with pytest.raises(BadInput) as refused:
        PLAY.hint(state, "Chitra", {}, HINT_DEFAULTS | FAST)
    assert "Chitra has used the roll 4 6 already" in refused.value.problems[0]
    assert "still to use it: Asha and Ben" in refused.value.problems[0]
    assert all(m.said.startswith("Ben: ") for m in hint(state, "Ben").moves)


def test_a_later_players_hint_is_taken_at_once_as_their_use_of_the_roll(tmp_path) -> None:
    """Playing the Game (every player uses the same roll on their own sheet): Chitra asks for a
    hint while Asha is to act and takes its best move; it is recorded in her name and Asha is still
    to act."""
    from tajkit.solver.session import Session, read_record

    path = tmp_path / "three.toml"
    session = Session.start(GAME, SPEC, path, setup_from(NAMES, ["", "", ""]))
    session.apply("roll 4 6")
    chitra = session.hint("Chitra", {})
    assert all(events[0].startswith("Chitra: ") for events in chitra.plays)
    session.take(chitra, 1)
    assert read_record(path, "artisans").events[-1] == chitra.plays[0][0]
    assert session.to_act == "Asha" and "Chitra" not in session.ahead()
    with pytest.raises(BadInput, match="the game has moved on since that hint for Chitra"):
        session.take(chitra, 2)
