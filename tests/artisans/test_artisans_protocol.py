"""Artisans of the Taj Mahal: the whole game through the rules protocol (solver/artisans/protocol.py),
against the rulebook (artisans-of-the-taj-mahal.txt). Each test cites the section it checks."""

from __future__ import annotations

import tomllib
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from tajkit.solver import games
from tajkit.solver.artisans.notation import Ahead, Roll
from tajkit.solver.artisans.files import read_state
from tajkit.solver.artisans.rules import Move
from tajkit.solver.artisans.scoring import score
from tajkit.solver.errors import BadInput, BadState, IllegalMove
from tajkit.solver.protocol import CHANCE, Record, replay
from protocol_check import check_whole_games

DATA = Path(__file__).parent.parent / "data"
GAME = games.get("artisans")
SPEC = GAME.load_spec()
RULES = GAME.rules(SPEC)
EMPTY_SHEETS = {"players": [{"name": "Asha", "age": 34}, {"name": "Ben", "age": 29}, {"name": "Chitra"}]}


def play(state, *texts: str):  # noqa: ANN001, ANN201
    """The state after typing ``texts`` in turn, each checked by the rules."""
    for text in texts:
        state = RULES.apply(state, RULES.parse(state, text))
    return state


def refusal(state, text: str) -> str:  # noqa: ANN001
    """The one line the rules refuse ``text`` with."""
    with pytest.raises(BadInput) as refused:
        RULES.parse(state, text)
    (line,) = refused.value.problems
    assert "\n" not in line
    return line


def test_whole_random_games_keep_the_protocol_contract() -> None:
    """The contract (tests/protocol_check.py) on 100 seeded random games, 25 at each of 1-4 players:
    every action's notation round-trips, the chance outcomes sum to 1, each game ends (rulebook: End
    of the Game) and its record replays into the same state."""
    records = check_whole_games("artisans", count=100, players=(1, 2, 3, 4))
    assert {len(r.setup["players"]) for r in records} == {1, 2, 3, 4}
    assert all(r.events[0].startswith("roll ") for r in records)


def test_one_roll_for_the_table_then_each_player_in_seat_order() -> None:
    """Playing the Game: "one player rolls both of the dice once ... and then every player must" use
    it: chance rolls, the players use that roll in seat order, then the dice are rolled again."""
    state = RULES.start(EMPTY_SHEETS)
    seen = [RULES.to_act(state)]
    for text in ("roll 4 6", "dome middle 5", "archway bottom 6", "nothing", "roll 1 1"):
        state = play(state, text)
        seen.append(RULES.to_act(state))
    assert seen == [CHANCE, "Asha", "Ben", "Chitra", CHANCE, "Asha"]
    assert state.turn == 2 and state.roll == (1, 1)
    asha, ben, chitra = (p.sheet for p in state.players)
    assert asha.values[SPEC.features.index(SPEC.by_id["dome"])] == (0, 5, 0) and asha.raindrops_used == 1
    assert ben.values[SPEC.features.index(SPEC.by_id["archway"])] == (0, 0, 6) and ben.raindrops_used == 0
    assert chitra.filled_boxes() == 0 and chitra.raindrops_used == 1  # rulebook: unable or unwilling, one raindrop


def test_chance_is_two_fair_dice_whichever_way_they_land() -> None:
    """Setting Up: "2 six-sided dice"; either die may select the group (Playing the Game), so the
    order they land in is no outcome of its own: 21 rolls, a double 1/36, any other pair 2/36."""
    state = RULES.start(EMPTY_SHEETS)
    outcomes = dict(RULES.chance_outcomes(state))
    assert len(outcomes) == 21 and set(outcomes) == set(RULES.legal_actions(state))
    assert outcomes[Roll((3, 3))] == pytest.approx(1 / 36) and outcomes[Roll((6, 4))] == pytest.approx(2 / 36)
    assert sum(Fraction(p).limit_denominator(36) for p in outcomes.values()) == 1
    assert RULES.parse(state, "roll 6 4") == RULES.parse(state, "Roll 46") == Roll((4, 6))
    assert RULES.chance_outcomes(play(state, "roll 6 4")) == []  # a player acts now, not the dice


def test_a_last_raindrop_ends_the_game_once_the_others_finish_the_turn() -> None:
    """End of the Game: "The game ends when any player ... uses the last of their raindrops. All
    other players finish their turn and then scoring takes place." Asha (first in seat order) marks
    her 15th raindrop; Ben and Chitra still use the roll, and then the game is over."""
    setup = {"players": [{"name": "Asha", "raindrops_used": 14}, {"name": "Ben"}, {"name": "Chitra"}]}
    state = play(RULES.start(setup), "roll 2 5", "nothing")
    assert state.players[0].sheet.raindrops_left(SPEC) == 0
    assert RULES.to_act(state) == "Ben"
    state = play(state, "right facade top-left 2")
    assert RULES.to_act(state) == "Chitra"
    state = play(state, "left minaret bottom 5")
    assert RULES.to_act(state) is None and list(RULES.legal_actions(state)) == []
    assert refusal(state, "roll 4 6") == "'roll 4 6': the game is over (rulebook: End of the Game)"


def test_a_full_sheet_ends_the_game_after_the_turn_and_the_turn_runs_on_without_it() -> None:
    """End of the Game: "when any player fills the final empty box on their player sheet". Ben,
    second of three, fills his last box; Chitra finishes the turn; the game ends, and not before."""
    full_but_one = {f.id: [4] * f.size for f in SPEC.features} | {"dome": [5, 0, 6]}
    setup = {"players": [{"name": "Asha"}, {"name": "Ben", **full_but_one}, {"name": "Chitra"}]}
    state = play(RULES.start(setup), "roll 4 4", "dome left 4", "dome 4")
    assert state.players[1].sheet.is_full() and RULES.to_act(state) == "Chitra"
    assert RULES.to_act(play(state, "nothing")) is None
    going_on = play(RULES.start(setup), "roll 4 4", "dome left 4", "nothing", "nothing")
    assert RULES.to_act(going_on) == CHANCE  # nobody ended the game: the next turn is rolled


@pytest.mark.parametrize(
    ("texts", "text", "expected"),
    [
        ((), "dome middle 5", "'dome middle 5': the dice are rolled first, once a turn for the whole table (rulebook: "
         "Playing the Game): type the two dice, e.g. roll 4 6"),
        ((), "roll 7 1", "'roll 7 1': each die shows 1-6 (rulebook: Setting Up)"),
        (("roll 4 6",), "roll 3 3", "the dice are rolled once a turn for the whole table and Asha now uses the roll "
         "4 6 (rulebook: Playing the Game); legal: archway top-left 6, archway top-right 6, archway bottom 6, dome "
         "left 6, … (217 in all)"),
        (("roll 4 6", "dome middle 5", "dome left 4", "nothing", "roll 4 6"), "dome middle 6",
         "dome middle 6: that box holds a 5 already; a value goes into an empty box (rulebook: Adding a value to a "
         "feature); legal in the dome: dome left 6, dome right 6, dome left 5 (1 drop), dome right 5 (1 drop), … (12 "
         "in all)"),
        (("roll 4 6",), "dome middle 4 water", "dome middle 4 water: a tree is watered only with a value written in "
         "group 1 (Gardens & Canals) (rulebook: Watering fruit trees); legal in the dome: dome left 6, dome middle 6, "
         "dome right 6, dome left 5 (1 drop), … (18 in all)"),
        (("roll 4 6",), "water", "'water': a tree is watered with a value written in group 1 (Gardens & Canals), "
         "after it (rulebook: Watering fruit trees); legal: left orchard left 6 water (4 drops), left orchard right 6 "
         "water (4 drops), right orchard left 6 water (4 drops), right orchard right 6 water (4 drops)"),
        (("roll 4 6",), "dome middle 5 (2 drops)", "dome middle 5 marks 1 raindrop with the roll 4 6, at the lowest, "
         "not 2 (rulebook: Altering dice results: one raindrop for each 1 a die is altered)"),
        (("roll 4 6",), "dome middle 9", "'dome middle 9': a value is a die result, 1-6 (rulebook: Altering dice "
         "results)"),
        (("roll 4 6",), "nothing (2 drops)", "nothing marks exactly 1 raindrop, not 2 (rulebook: Adding a value to a "
         "feature)"),
        (("roll 4 6",), "dome 5", "'dome 5': the dome has 3 empty boxes: say which, dome left 5 or dome middle 5 or "
         "dome right 5"),
        (("roll 4 6",), "left facade top 4", "'left facade top 4': 'top' could be several of the left facade's boxes "
         "(top-left, top-right, bottom-left, bottom-right, or 1-4)"),
        (("roll 4 6",), "left orchard left 1 watr", "'left orchard left 1 watr': 'watr' after the value is not a word "
         "of the notation (did you mean water?): after the value comes water to water a tree, or the raindrops it "
         "costs, e.g. (1 drop)"),  # issue 43: the value is there; the word after it is the mistake
        (("roll 4 6",), "dome middle 5 please", "'dome middle 5 please': 'please' after the value is not a word of "
         "the notation: after the value comes water to water a tree, or the raindrops it costs, e.g. (1 drop)"),
        (("roll 4 6",), "dome 5 middle", "'dome 5 middle': give the value to write after the box, e.g. dome left 6"),
        (("roll 4 6",), "gate 4", "'gate 4': name a feature (left orchard, right orchard, waterway, left minaret, left "
         "facade, archway, dome, right facade, right minaret), then its box and the value (e.g. dome middle 5), or "
         "write nothing"),
    ],
)
def test_an_illegal_or_unclear_action_is_refused_with_the_rule_and_what_is_legal(texts, text, expected) -> None:  # noqa: ANN001
    """Playing the Game, Adding a value to a feature, Altering dice results, Watering fruit trees:
    each refusal is one line naming the rule (its section) and, where the rules allow others, the
    legal actions nearest to the one typed, cheapest first."""
    state = play(RULES.start(EMPTY_SHEETS), *texts)
    assert refusal(state, text) == expected


def test_the_listed_alternatives_are_legal_and_the_cheapest() -> None:
    """Altering dice results: the refusal lists what the roll allows at the fewest raindrops first."""
    state = play(RULES.start(EMPTY_SHEETS), "roll 4 6")
    listed = refusal(state, "dome middle 4 water").split("legal in the dome: ")[1].split(", … ")[0].split(", ")
    actions = [RULES.parse(state, text) for text in listed]
    assert [a.raindrops for a in actions] == [0, 0, 0, 1]
    cheapest = min(m.raindrops for m in RULES.legal_actions(state) if m.feature == "dome")
    assert actions[0].raindrops == cheapest


def test_apply_refuses_a_move_the_rules_do_not_allow() -> None:
    """Altering dice results: a raindrop per alteration of 1, so a 4 and a 6 cannot write a 1 in the
    dome for nothing; and a player cannot roll once the dice are rolled (Playing the Game)."""
    state = play(RULES.start(EMPTY_SHEETS), "roll 4 6")
    with pytest.raises(IllegalMove, match=r"dome middle 1 marks 5 raindrops with the roll 4 6, at the lowest, not 0"):
        RULES.apply(state, Move("dome", 1, 1, 0, group_die=4, value_die=6))
    with pytest.raises(IllegalMove, match="Asha now uses the roll 4 6"):
        RULES.apply(state, Roll((1, 2)))
    too_dear = play(RULES.start({"players": [{"name": "Asha", "raindrops_used": 13}]}), "roll 4 6")
    assert refusal(too_dear, "dome middle 1").startswith(
        "dome middle 1 takes 5 raindrops with the roll 4 6 and Asha has 2 left (rulebook: Altering dice results); "
        "legal in the dome: dome left 6, dome middle 6")


@pytest.mark.parametrize(
    ("texts", "typed", "shown"),
    [
        ((), "roll 6 4", "roll 4 6"),
        (("roll 4 6",), "dome middle 5", "dome middle 5 (1 drop)"),
        (("roll 4 6",), "Dome 2 5", "dome middle 5 (1 drop)"),
        (("roll 4 6",), "archway bottom 6", "archway bottom 6"),
        (("roll 2 4",), "left minaret second 4", "left minaret second 4"),
        (("roll 2 4",), "minaret_left second from the bottom 4", "left minaret second 4"),
        (("roll 3 4",), "left_facade top left 4", "left facade top-left 4"),
        (("roll 1 3",), "waterway top 3 water", "waterway top 3 water (1 drop)"),
        (("roll 1 3",), "Waterway top 3 +water (1 drop)", "waterway top 3 water (1 drop)"),
        (("roll 1 5",), "left orchard right 5", "left orchard right 5"),
        (("roll 1 5",), "skip", "nothing (1 drop)"),
    ],
)
def test_the_notation_reads_as_the_table_says_it(texts, typed, shown) -> None:  # noqa: ANN001
    """Playing the Game: a turn is a feature's box and the value written in it, a watering as a
    suffix (Watering fruit trees), or nothing for one raindrop; the raindrops an action marks are
    shown, at the rules' lowest (Altering dice results). Typing is forgiving (case, state-file keys,
    box numbers, whole box names), the notation one canonical form that parses back to the action."""
    state = play(RULES.start(EMPTY_SHEETS), *texts)
    action = RULES.parse(state, typed)
    assert RULES.format(state, action) == shown
    assert RULES.parse(state, shown) == action


def test_a_feature_with_one_empty_box_needs_no_box_named() -> None:
    """Adding a value to a feature: "into any empty box available" — with one left, "dome 3" names it."""
    state = play(RULES.start(EMPTY_SHEETS), "roll 4 6", "dome left 4", "nothing", "nothing", "roll 4 6",
                 "dome right 6", "nothing", "nothing", "roll 3 4")
    assert RULES.format(state, RULES.parse(state, "dome 3")) == "dome middle 3"


def test_a_whole_recorded_game_scores_as_its_state_file() -> None:
    """Scoring: the record tests/data/artisans-record.toml (a solitaire game) replays through the
    protocol; before its last turn the sheet is docs/artisans.md's hint position, its last turn is
    that hint's best move (4 and 6: write 2 in the right facade for 3 raindrops), which fills the
    sheet and ends the game (End of the Game); the standings are the scorer's on the equivalent
    finished table, 34 points."""
    data = tomllib.loads((DATA / "artisans-record.toml").read_text())
    played = replay(RULES, Record(data["game"], data["setup"], tuple(data["events"])))
    position = read_state(SPEC, tomllib.loads((DATA / "artisans-asha.toml").read_text()), finished=False)
    assert played.states[-3].players[0].sheet == position[0].sheet
    assert RULES.to_act(played.state) is None
    table = tomllib.loads((DATA / "artisans-asha.toml").read_text())
    table["players"][0] |= {"right_facade": [2, 2, 2, 2], "raindrops_used": 12, "age": 34}
    expected = score(SPEC, read_state(SPEC, table))
    assert RULES.standings(played.state) == expected
    assert expected.players[0].total == 34 and not any("not over" in note for note in expected.notes)


def test_a_record_event_the_rules_refuse_is_named_by_its_number() -> None:
    """A record is re-checked as it replays: the 2nd event writes a 6 where the rules need raindrops
    the player has not got (Altering dice results)."""
    setup = {"players": [{"name": "Asha", "raindrops_used": 14}]}
    with pytest.raises(BadState, match=r"^event 2 \('dome middle 1'\): dome middle 1 takes 5 raindrops"):
        replay(RULES, Record("artisans", setup, ("roll 4 6", "dome middle 1")))


def test_a_setup_is_checked_like_a_state_file() -> None:
    """Setting Up: a sheet per player; the setup's players are named once each, and a sheet in play
    given in it is checked by the state file's rules (Watering fruit trees: a tree costs a raindrop)."""
    with pytest.raises(BadState, match="appears twice"):
        RULES.start({"players": [{"name": "Asha"}, {"name": "Asha"}]})
    with pytest.raises(BadState, match="watering a tree marks off a raindrop"):
        RULES.start({"players": [{"name": "Asha", "trees_watered": 1, "left_orchard": [3, 0]}]})
    with pytest.raises(BadState, match="unknown field 'dice'"):
        RULES.start({"players": [{"name": "Asha"}], "dice": [4, 6]})


def test_standings_mid_game_say_the_game_is_not_over() -> None:
    """End of the Game / Scoring: the sheets score as they stand, with the scorer's note, until the
    game has ended."""
    state = play(RULES.start(EMPTY_SHEETS), "roll 4 6", "dome middle 5")
    standings = RULES.standings(state)
    assert sorted(p.name for p in standings.players) == ["Asha", "Ben", "Chitra"]
    asha = next(p for p in standings.players if p.name == "Asha")
    assert next(r.shown for r in asha.rows if r.category == "dome") == "_ 5 _"
    assert asha.tiebreaks == (("unused raindrops", 14),)
    assert any("not over yet" in note for note in standings.notes)


def test_a_tie_without_ages_in_a_game_in_play_names_the_setup_not_a_file() -> None:
    """Scoring: the youngest wins the last tie; in a game in play whose setup left an age out, the
    tie says so, without advice about a file the table is not editing (issue 43: no "add age = N")."""
    state = RULES.start(EMPTY_SHEETS)  # Chitra's age is not given; the empty sheets tie
    ties = " ".join(RULES.standings(state).ties)
    assert "tajkit does not know the age of Chitra (not given at the setup), so they share the rank" in ties
    assert "add age" not in ties


def test_a_feature_with_every_box_filled_is_refused() -> None:
    """Adding a value to a feature: a value goes into an empty box; a full feature takes none."""
    state = play(RULES.start({"players": [{"name": "Asha", "dome": [5, 2, 6]}]}), "roll 4 6")
    assert refusal(state, "dome 5") == (
        "'dome 5': every box of the dome is filled; a value goes into an empty box (rulebook: Adding a value to a "
        "feature); legal: archway top-left 6, archway top-right 6, archway bottom 6, right minaret bottom 4, … (199 in all)")


def test_a_hand_made_move_must_be_the_rules_own() -> None:
    """Playing the Game: a move names which rolled die selects the group; one that does not is
    refused by ``apply`` with the dice the rules pick, and the rules' own move is applied."""
    state = play(RULES.start(EMPTY_SHEETS), "roll 4 6")
    with pytest.raises(IllegalMove, match="group_die=4, value_die=6: take the move from legal_actions"):
        RULES.apply(state, Move("dome", 1, 6, 0))
    with pytest.raises(IllegalMove, match="is no box and value of the sheet"):
        RULES.apply(state, Move("gate", 0, 6, 0, group_die=4, value_die=6))
    after = RULES.apply(state, Move("dome", 1, 6, 0, group_die=4, value_die=6))
    assert after.players[0].sheet.values[SPEC.features.index(SPEC.by_id["dome"])] == (0, 6, 0)


# --- a player's use of the roll entered before their turn in seat order ---------------------------


def test_a_later_player_may_use_the_roll_before_their_turn_comes() -> None:
    """Playing the Game: the roll is the whole table's and every player uses it on their own sheet,
    which no other use of it changes, so Chitra may write hers before Asha and Ben (``Chitra:
    ...``): it is her use of this roll, Asha and Ben still use it in seat order, and the turn is
    over once Ben has, without Chitra again."""
    state = play(RULES.start(EMPTY_SHEETS), "roll 4 6", "Chitra: dome middle 5")
    assert RULES.to_act(state) == "Asha" and state.still_to_use() == [0, 1]
    chitra = state.players[2].sheet
    assert chitra.values[SPEC.features.index(SPEC.by_id["dome"])] == (0, 5, 0) and chitra.raindrops_used == 1
    state = play(state, "archway bottom 6")
    assert RULES.to_act(state) == "Ben" and state.still_to_use() == [1]
    state = play(state, "nothing")
    assert RULES.to_act(state) == CHANCE and state.ahead == frozenset()
    assert play(state, "roll 1 1").still_to_use() == [0, 1, 2]


def test_entering_ahead_round_trips_and_replays_from_a_record() -> None:
    """The event names its player (``Ben: left minaret bottom 6``), with the raindrops it marks as
    any use of the roll shows them; a record holding it replays into the same table."""
    state = play(RULES.start(EMPTY_SHEETS), "roll 2 5")
    for seat in (1, 2):
        for move in RULES.legal_actions(replace(state, seat=seat)):
            action = Ahead(seat, move)
            text = RULES.format(state, action)
            assert text.startswith(f"{state.players[seat].name}: ")
            assert RULES.parse(state, text) == action
    events = ["roll 2 5", "Ben: left minaret bottom 5", "Chitra: nothing", "dome middle 2 (1 drop)", "roll 3 3"]
    replayed = replay(RULES, Record("artisans", EMPTY_SHEETS, tuple(events))).state
    assert replayed == play(RULES.start(EMPTY_SHEETS), *events)
    assert replayed.turn == 2 and RULES.to_act(replayed) == "Asha"


@pytest.mark.parametrize(("texts", "text", "expected"), [
    (["roll 4 6", "Ben: dome middle 5"], "Ben: dome left 5",
     "'Ben: dome left 5': Ben has used the roll 4 6 already (rulebook: Playing the Game, each player uses the roll "
     "once)"),
    (["roll 4 6", "dome middle 5"], "Asha: dome left 5",
     "'Asha: dome left 5': Asha has used the roll 4 6 already (rulebook: Playing the Game, each player uses the "
     "roll once)"),
    ([], "Ben: dome middle 5",
     "'Ben: dome middle 5': the dice are rolled first, once a turn for the whole table (rulebook: Playing the Game): "
     "type the two dice, e.g. roll 4 6"),
    (["roll 4 6"], "Zed: dome middle 5",
     "'Zed: dome middle 5': 'Zed' is not at the table: the players are Asha, Ben, Chitra (Name: event enters a "
     "player's use of the roll)"),
])
def test_entering_ahead_is_refused_for_a_used_roll_before_the_roll_and_for_a_stranger(texts, text, expected) -> None:  # noqa: ANN001
    assert refusal(play(RULES.start(EMPTY_SHEETS), *texts), text) == expected


def test_a_move_entered_ahead_is_checked_against_that_players_own_sheet() -> None:
    """Altering dice results: the raindrops are the entering player's own. Ben has 1 left, so
    altering a die by 2 for him is refused in his name, while Asha (to act) could."""
    setup = {"players": [{"name": "Asha"}, {"name": "Ben", "raindrops_used": 14}]}
    state = play(RULES.start(setup), "roll 4 6")
    line = refusal(state, "Ben: dome middle 4")
    assert line.startswith("dome middle 4 takes 2 raindrops with the roll 4 6 and Ben has 1 left (rulebook: Altering "
                           "dice results)")
    assert RULES.to_act(play(state, "dome middle 4")) == "Ben"


def test_the_player_to_act_may_name_themselves() -> None:
    """``Asha: dome middle 5`` when Asha is to act is her move, recorded as any other."""
    state = RULES.start(EMPTY_SHEETS)
    state = play(state, "roll 4 6")
    action = RULES.parse(state, "asha: dome middle 5")
    assert not isinstance(action, Ahead) and RULES.format(state, action) == "dome middle 5 (1 drop)"


def test_a_sheet_that_ends_the_game_ahead_still_lets_the_others_finish_the_turn() -> None:
    """End of the Game: Ben marks his last raindrop ahead of Asha; Asha still uses the roll, then
    the game is over."""
    setup = {"players": [{"name": "Asha"}, {"name": "Ben", "raindrops_used": 14}]}
    state = play(RULES.start(setup), "roll 2 5", "Ben: nothing")
    assert RULES.to_act(state) == "Asha"
    state = play(state, "right facade top-left 2")
    assert RULES.to_act(state) is None


def test_a_name_with_a_colon_or_a_name_inside_another_still_names_its_player() -> None:
    """The longest name the text begins with, then a colon: ``Ann`` and ``Anna``, ``Dr: Who``;
    a second name after the first is no feature and is refused in the notation's words."""
    setup = {"players": [{"name": "Ann"}, {"name": "Anna"}, {"name": "Dr: Who"}]}
    state = play(RULES.start(setup), "roll 4 6")
    assert RULES.format(state, RULES.parse(state, "anna : dome middle 4")) == "Anna: dome middle 4 (2 drops)"
    assert RULES.format(state, RULES.parse(state, "Dr: Who:dome left 4")) == "Dr: Who: dome left 4 (2 drops)"
    assert RULES.format(state, RULES.parse(state, "Ann: dome left 4")) == "dome left 4 (2 drops)"  # Ann is to act
    assert refusal(state, "Anna: Dr: Who: dome 4").startswith("'Dr: Who: dome 4': name a feature (")
