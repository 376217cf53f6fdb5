"""TAJ against its rulebook (taj-rug-card-game.txt): the worked examples, each row of the voting
outcomes summary, the furthest-rug rule, the Taj's moves, the end, validation and hints."""

from __future__ import annotations

import copy
import json
import re
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tajkit.cli.main import app
from tajkit.solver.errors import BadInput
from tajkit.solver.taj import hint
from tajkit.solver.taj.files import read_state
from tajkit.solver.taj.rules import Display, Outcome, colour_values, goal_score, outcome_of, possible_outcomes, results
from tajkit.solver.taj.scoring import score
from tajkit.solver.taj.spec import load_spec

SPEC = load_spec()
END = Path(__file__).parent.parent / "data" / "taj-end.toml"
END_DATA = tomllib.loads(END.read_text())
runner = CliRunner()
TABLE_WITH_PROPOSER = Path(__file__).parent.parent / "data" / "taj-proposer.toml"


def table(**changes):
    data = copy.deepcopy(END_DATA)
    data.update(changes)
    return read_state(SPEC, data)


def display(rugs, taj=0, plus_right=True, eyes=None):
    return Display(tuple(tuple(r) for r in rugs), taj, plus_right, tuple(eyes or [False] * len(rugs)))


PLAIN = [("green", "green", "green")] * 7  # rugs that differ only by position


# --- the worked examples --------------------------------------------------------------------


def test_sample_scoring_example():
    """Sample Scoring: 2 x 3 = 6, 1 x 5 = 5, -1 x 4 = -4, TOTAL = 7."""
    values = {"orange": 3, "blue": 5, "green": 4, "pink": 0, "yellow": 0}
    assert goal_score(SPEC, ("orange", "blue", "green"), values) == 7


def test_sample_rug_value():
    """Sample Rug Value: GREEN 1, ORANGE 2, PINK 3 (outer, middle, centre); the rug under the
    "+1" adds a point to each of its colours."""
    d = display([("green", "orange", "pink"), ("blue",) * 3, ("yellow",) * 3], plus_right=False)
    values = colour_values(SPEC, d)
    assert (values["green"], values["orange"], values["pink"]) == (1 + 1, 2 + 1, 3 + 1)
    assert (values["blue"], values["yellow"]) == (6, 6)  # one colour on a whole rug: 1 + 2 + 3


def test_end_game_display_example():
    """End Game Display: ORANGE 3 symbols plus the +1 bonus (4), BLUE 1, GREEN 5; YELLOW 5 and
    PINK 6. Player A: (2) x 4 + (1) x 1 + (-1) x 5 = 4."""
    result = score(SPEC, table())
    assert result.extra["colour_values"] == {"orange": 4, "blue": 1, "green": 5, "yellow": 5, "pink": 6}
    assert "  orange  3 + 1 = 4" in result.header
    player_a = next(p for p in result.players if p.name == "Player A")
    assert [r.points for r in player_a.rows] == [8, 1, -5]
    assert [r.shown for r in player_a.rows][0] == "(2) x 4 points for ORANGE"
    assert player_a.total == 4


def test_only_the_three_rugs_under_the_taj_count():
    """Playing the Game: ONLY the 3 Rugs under the Taj contribute to a color's value."""
    before = colour_values(SPEC, table().display)
    outside = table(display=END_DATA["display"][:4] + [["pink", "pink", "pink"]] * 2)
    assert colour_values(SPEC, outside.display) == before


def test_ranking_ties_share_the_rank_with_a_note():
    data = copy.deepcopy(END_DATA)
    data["players"][1]["goal"] = data["players"][0]["goal"]
    result = score(SPEC, read_state(SPEC, data))
    assert [p.rank for p in result.players] == [1, 1]
    assert "no tie-break" in result.ties[0]


def test_the_plus_one_reading_is_said_and_can_be_switched(tmp_path):
    """End Game Display: "Add 1 point to the value of each color within the Rug under the +1".
    tajkit reads it as one point per distinct colour (a rug showing pink twice gets +1 pink), says
    so, and a --data file switches to one point per portion."""
    rugs = [["pink", "pink", "blue"]] * 6
    data = {**copy.deepcopy(END_DATA), "display": rugs}
    per_colour = score(SPEC, read_state(SPEC, data))
    assert per_colour.extra["colour_values"]["pink"] == 3 * (1 + 2) + 1
    assert any("tajkit's reading" in n for n in per_colour.notes)
    (tmp_path / "taj.toml").write_text('[taj]\nplus_one_reading = "per_portion"\n')
    spec = load_spec(tmp_path)
    per_portion = score(spec, read_state(spec, data))
    assert per_portion.extra["colour_values"]["pink"] == 3 * (1 + 2) + 2
    # the switched reading is the user's: the note must not call it tajkit's
    assert not any("tajkit's reading" in n for n in per_portion.notes)
    assert 'the "+1" rug adds one point per portion on it: your reading of "each color within the Rug", from --data' in per_portion.notes


# --- voting (Vote Outcome, Voting Outcomes summary, All/Nix Cards) ----------------------------


@pytest.mark.parametrize(
    ("players", "yeas", "outcome"),
    [
        (3, 2, Outcome.passes),  # Majority "Yea": swap both rugs
        (4, 2, Outcome.tied),  # TIE vote: don't swap
        (3, 1, Outcome.fails),  # Majority "Nay": don't swap, remove the furthest rug
        (4, 4, Outcome.unanimous_yea),
        (2, 0, Outcome.unanimous_nay),
        (2, 1, Outcome.tied),
    ],
)
def test_vote_outcome_from_the_votes(players, yeas, outcome):
    assert outcome_of(yeas, players) == outcome


def test_two_players_never_have_a_plain_majority():
    assert possible_outcomes(2) == [Outcome.unanimous_yea, Outcome.tied, Outcome.unanimous_nay]
    assert possible_outcomes(3) == [Outcome.passes, Outcome.unanimous_yea, Outcome.fails, Outcome.unanimous_nay]


RUGS = [(c, c, c) for c in ("green", "orange", "pink", "blue", "yellow", "green", "orange")]


def test_majority_yea_swaps_both_rugs_and_turns_their_eyes_up():
    d = display(RUGS, taj=2)
    ((_, after),) = results(d, 0, 3, Outcome.passes)
    assert after.rugs[0] == RUGS[3] and after.rugs[3] == RUGS[0]
    assert after.eyes == (True, False, False, True, False, False, False)


def test_tie_changes_nothing_but_the_eyes():
    d = display(RUGS, taj=2)
    ((_, after),) = results(d, 1, 5, Outcome.tied)
    assert after.rugs == d.rugs and after.taj == d.taj
    assert after.eyes[1] and after.eyes[5]


def test_majority_nay_removes_the_furthest_rug_not_a_proposed_one():
    """Vote Outcome: the rug furthest from the Taj leaves, "not necessarily a Rug that was used in
    the proposal"; rugs removed are out of the game."""
    d = display(RUGS, taj=1)  # under the Taj: 1, 2, 3 (0-based); furthest: 6
    ((how, after),) = results(d, 2, 4, Outcome.fails)
    assert how == "rug 7 leaves"
    assert after.rugs == d.rugs[:6] and after.taj == 1


def test_equally_far_rugs_the_proposer_chooses():
    """Vote Outcome: if 2 Rugs are the same distance away from the Taj, the Proposer chooses."""
    d = display(RUGS, taj=2)  # under the Taj: 2, 3, 4; rugs 0 and 6 are both 2 away
    assert d.furthest() == [0, 6]
    options = results(d, 3, 4, Outcome.fails)
    assert [how for how, _ in options] == ["rug 1 leaves", "rug 7 leaves"]
    assert options[0][1].taj == 1  # removing a rug on the left moves the Taj's position with the row


def test_unanimous_outcomes_flip_or_shift_the_taj():
    """Unanimous Outcomes: the Proposer (or All/Nix voter) must flip the Taj or shift it one rug."""
    d = display(RUGS, taj=2)
    yea = {how for how, _ in results(d, 0, 1, Outcome.unanimous_yea)}
    assert yea == {
        "the rugs swap, then flip the Taj",
        "the rugs swap, then shift the Taj one rug left",
        "the rugs swap, then shift the Taj one rug right",
    }
    nay = results(d, 0, 1, Outcome.unanimous_nay)
    assert all(how.startswith(("rug 1 leaves, then", "rug 7 leaves, then")) for how, _ in nay)


def test_taj_shifts_only_toward_a_side_with_a_rug():
    """Unanimous Outcomes: "The Taj may only shift in a direction where there is at least 1 Rug"."""
    left_end = display(RUGS, taj=0)
    assert [how for how, _ in left_end.adjustments()] == ["flip the Taj", "shift the Taj one rug right"]
    right_end = display(RUGS, taj=4)
    assert [how for how, _ in right_end.adjustments()] == ["flip the Taj", "shift the Taj one rug left"]
    flipped = dict(right_end.adjustments())["flip the Taj"]
    assert flipped.plus_right is False and flipped.plus_rug == 4


def test_game_ends_with_every_eye_up_or_five_rugs():
    """Game End: after a turn leaving a) all rugs eye up, or b) exactly 5 rugs."""
    d = display(RUGS[:6], taj=1, eyes=[True] * 6)
    assert d.ended(SPEC)
    assert not display(RUGS[:6], taj=1, eyes=[True] * 5 + [False]).ended(SPEC)
    assert display(RUGS[:5], taj=1).ended(SPEC)
    ((_, after),) = results(display(RUGS[:6], taj=1), 1, 2, Outcome.fails)
    assert after.ended(SPEC)


# --- validation --------------------------------------------------------------------------------


def problems(**changes) -> tuple[str, ...]:
    data = copy.deepcopy(END_DATA)
    data.update(changes)
    with pytest.raises(BadInput) as caught:
        read_state(SPEC, data)
    return caught.value.problems


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"display": END_DATA["display"][:4]}, "display has 4 values, needs at least 5"),
        ({"display": END_DATA["display"] * 2}, "display has 12 values, needs at most 10"),
        ({"display": [["green", "teal", "pink"]] + END_DATA["display"][1:]}, 'display[1][2] = "teal": expected'),
        ({"display": [["green", "pink"]] + END_DATA["display"][1:]}, "display[1] has 2 values, needs exactly 3"),
        ({"taj": 0}, "taj = 0:"),
        ({"taj": 5}, "taj = 5: the Taj card lies over 3 rugs, so with 6 rugs its leftmost rug is at position 1-4"),
        ({"plus_one": "up"}, "plus_one = \"up\": expected 'left' or 'right'"),
        ({"eyes_up": [True, False]}, "eyes_up has 2 values, needs one per rug (6)"),
        ({"proposer": "Zoe"}, 'proposer = "Zoe": not one of the players (Player A, Ben)'),
        ({"players": [{"name": "A", "goal": ["pink", "pink", "blue"]}, END_DATA["players"][1]]}, "A: goal = ['pink', 'pink', 'blue']: a goal card names three different colours"),
        ({"players": [{"name": "A", "goal": ["pink", "blue"]}, END_DATA["players"][1]]}, "A: goal has 2 values, needs exactly 3"),
        ({"players": [{"name": "A", "goal": ["pink", "blue", "green"]}]}, "players has 1 value, needs at least 2: 2-4 players"),
        ({"players": [{"name": "A", "goal": ["pink", "blue", "green"]}] * 2}, "the name 'A' appears twice"),
        ({"players": [{"name": f"P{k}", "goal": ["pink", "blue", "green"]} for k in range(5)]}, "players has 5 values, needs at most 4"),
        ({"players": [{"name": "A", "goal": ["pink", "blue", "green"], "all_nix": True}, END_DATA["players"][1]]}, "unknown field 'all_nix' (did you mean all_nix_used?)"),
    ],
)
def test_validation_messages(changes, message):
    found = problems(**changes)
    assert any(message in p for p in found), found


def test_a_file_with_two_faults_reports_both():
    """One error line per problem (README): a misspelt colour does not hide a Taj card off the end
    (rulebook: Setup: the Taj card lies over 3 adjacent rugs)."""
    display = copy.deepcopy(END_DATA["display"])
    display[1][2] = "yelow"
    assert problems(display=display, taj=6) == (
        "display[2][3] = \"yelow\": expected 'green', 'orange', 'pink', 'blue' or 'yellow' (did you mean yellow?)",
        "taj = 6: the Taj card lies over 3 rugs, so with 6 rugs its leftmost rug is at position 1-4 (rulebook: Setup)",
    )


def test_a_misspelt_side_does_not_hide_the_other_rules():
    """As a misspelt colour does not (review of issue 23's fix): "rigth" for the +1 side and a
    Taj card off the end are two error lines."""
    assert problems(plus_one="rigth", taj=6) == (
        "plus_one = \"rigth\": expected 'left' or 'right' (did you mean right?)",
        "taj = 6: the Taj card lies over 3 rugs, so with 6 rugs its leftmost rug is at position 1-4 (rulebook: Setup)",
    )


def test_a_colour_fault_does_not_hide_the_other_rules():
    """A goal naming a colour twice and a repeated name are still found beside an unknown colour."""
    players = [{"name": "A", "goal": ["pink", "pink", "teal"]}, {"name": "A", "goal": ["pink", "blue", "green"]}]
    found = problems(players=players)
    assert found[0].startswith('A: goal[3] = "teal": expected')
    assert found[1:] == (
        "A: goal = ['pink', 'pink', 'teal']: a goal card names three different colours (rulebook: Scoring)",
        "players: the name 'A' appears twice: each player needs their own name",
    )


# --- hints -------------------------------------------------------------------------------------


def test_every_pair_of_rugs_is_a_proposal():
    """Game Turn: the Proposer chooses ANY 2 rugs."""
    t = table()
    assert len(hint.proposals(SPEC, t, "Player A")) == 15  # 6 rugs: 6 x 5 / 2


def test_best_proposal_for_player_a_and_its_outcomes():
    t = table()
    best = hint.proposals(SPEC, t, "Player A")[0]
    assert best.rugs == (2, 4)  # swap rugs 3 and 5: orange 4->7, blue 1->3, green 5->4
    assert best.results[Outcome.passes].high == 2 * 7 + 3 - 4 == 13
    assert best.results[Outcome.tied].high == 4
    assert best.results[Outcome.unanimous_yea].high == 17  # then shift the Taj left: rugs 1, 2, 3
    assert "+9 for you if it passes" in best.why


@pytest.mark.parametrize(("goal", "leaves"), [(["orange", "blue", "pink"], "rug 1"), (["pink", "blue", "orange"], "rug 7")])
def test_proposer_picks_the_better_of_two_equally_far_rugs(goal, leaves):
    """Vote Outcome: with two rugs equally far the Proposer chooses; either choice leaves the rugs
    under the Taj alone, so the hint keeps the rug that could help the player later."""
    rugs = [("pink",) * 3] + [("green",) * 3] * 5 + [("orange",) * 3]
    data = {**END_DATA, "display": [list(r) for r in rugs], "taj": 3}
    data["players"] = [{"name": "A", "goal": goal}, {"name": "B", "goal": ["green", "pink", "blue"]}]
    t = read_state(SPEC, data)
    fails = hint.outcome_result(SPEC, t.display, t.players[0].goal, 2, 3, Outcome.fails)
    assert fails.best == f"{leaves} leaves"


def test_ideal_display_is_exact_and_reachable():
    best = hint.ideal(SPEC, table(), "Player A")
    assert best.score == 17 and best.now == 4 and best.arrangements == 240
    assert best.rugs == (0, 1, 4) and best.plus_right
    assert best.swaps == ((2, 4),) and best.shift == -1 and not best.flip
    # no arrangement of three rugs scores more
    for a in range(6):
        for b in range(6):
            for c in range(6):
                if len({a, b, c}) == 3:
                    for side in (False, True):
                        d = display([END_DATA["display"][k] for k in (a, b, c)], 0, side)
                        assert goal_score(SPEC, ("orange", "blue", "green"), colour_values(SPEC, d)) <= 17


def test_vote_advice_and_the_all_nix_card():
    t = table()
    advice = hint.vote_advice(SPEC, t, "Ben", 0, 3)
    assert advice.card_allowed and advice.all_value == 15 and advice.all_pays
    spent = table(players=[{**p, "all_nix_used": True} for p in END_DATA["players"]])
    assert not hint.vote_advice(SPEC, spent, "Ben", 0, 3).card_allowed
    own_turn = table(proposer="Ben")
    advice = hint.vote_advice(SPEC, own_turn, "Ben", 0, 3)
    assert not advice.card_allowed and "proposer may not" in advice.card_reason


def test_vote_advice_needs_two_rugs_in_play():
    with pytest.raises(BadInput, match="name two different rugs between 1 and 6"):
        hint.vote_advice(SPEC, table(), "Ben", 0, 9)


# --- command line -------------------------------------------------------------------------------


def test_cli_score_taj_json():
    result = runner.invoke(app, ["score", "taj", str(END), "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert [(p["name"], p["total"], p["rank"]) for p in out["players"]] == [("Ben", 13, 1), ("Player A", 4, 2)]


def test_cli_score_taj_text_follows_the_rulebook_arithmetic():
    result = runner.invoke(app, ["score", "taj", str(END)])
    assert re.search(r"\(2\) x 4 points for ORANGE +8\n", result.stdout)
    assert "orange  3 + 1 = 4" in result.stdout


def test_cli_hint_taj_proposals_and_vote():
    result = runner.invoke(app, ["hint", "taj", str(END), "--player", "Player A", "--json"])
    assert result.exit_code == 0, result.output
    first = json.loads(result.stdout)["proposals"][0]
    assert first["rugs"] == [3, 5] and {"if_passes", "if_fails", "if_tied"} <= set(first)
    vote = runner.invoke(app, ["hint", "taj", str(END), "--player", "Ben", "--proposal", "1", "4"])
    assert vote.exit_code == 0 and "All card: guarantees 15" in vote.stdout
    assert vote.stdout.count("only the first in turn order") == 1  # once, as a note
    notes = json.loads(runner.invoke(app, ["hint", "taj", str(END), "--player", "Ben", "--proposal", "1", "4", "--json"]).stdout)["notes"]
    assert any("only the first All/Nix card" in n or "only the first in turn order" in n for n in notes)


def test_a_voter_sees_the_range_the_proposer_chooses_from_and_whether_the_game_may_end():
    """Vote Outcome: with two rugs equally far the Proposer chooses which leaves; the game ends with
    exactly 5 rugs (Game End)."""
    vote = runner.invoke(app, ["hint", "taj", str(END), "--player", "Ben", "--proposal", "1", "4"])
    assert "the proposer chooses" in vote.stdout and "best:" not in vote.stdout.split("All card")[0]
    assert "the game ends" in vote.stdout


def test_the_proposer_asking_about_their_own_proposal_is_told_the_choice_is_theirs():
    """Unanimous Outcomes: "the Proposer MUST either flip the Taj over or shift the Taj"; Vote
    Outcome: between equally far rugs "the Proposer chooses". Asked about their own proposal (no
    --player: the proposer's view), those choices are the player's, so the hint gives the best
    choice's score and the range, not "the proposer chooses"; an All/Nix card another player plays
    takes the choice from them (All/Nix Cards: the "All/Nix" voter earns the privilege to choose)."""
    vote = runner.invoke(app, ["hint", "taj", str(TABLE_WITH_PROPOSER), "--proposal", "2", "3"])
    assert vote.exit_code == 0, vote.output
    assert "the proposer chooses" not in vote.stdout
    assert "  unanimous Yea: 15, your choice of 2 to 15 (the rugs swap, then flip the Taj)\n" in vote.stdout
    assert "  unanimous Nay: 14, your choice of 9 to 14 (" in vote.stdout and "and the game ends" in vote.stdout
    assert "if Player A plays one, Player A chooses instead of you" in vote.stdout
    out = json.loads(runner.invoke(app, ["hint", "taj", str(TABLE_WITH_PROPOSER), "--proposal", "2", "3", "--json"]).stdout)
    assert out["vote"]["you_are_proposer"] is True
    voter = runner.invoke(app, ["hint", "taj", str(TABLE_WITH_PROPOSER), "--player", "Player A", "--proposal", "2", "3"])
    assert "unanimous Yea: 2 to 15, the proposer chooses" in voter.stdout


def test_a_finished_display_gets_no_hint(tmp_path):
    """Game End: a display of exactly 5 rugs, or with every eye up, is over."""
    five = {**copy.deepcopy(END_DATA), "display": END_DATA["display"][:5]}
    path = tmp_path / "five.json"
    path.write_text(json.dumps(five))
    result = runner.invoke(app, ["hint", "taj", str(path), "--player", "Ben"])
    assert result.exit_code == 2 and "the game is over" in result.stderr
    eyes = {**copy.deepcopy(END_DATA), "eyes_up": [True] * 6}
    path.write_text(json.dumps(eyes))
    result = runner.invoke(app, ["hint", "taj", str(path), "--player", "Ben"])
    assert result.exit_code == 2 and "every rug is eye up" in result.stderr


def test_without_player_the_hint_says_whose_view_it_is():
    """Game Turn: without --player the hint is the proposer's, and its first line says so."""
    result = runner.invoke(app, ["hint", "taj", str(TABLE_WITH_PROPOSER)])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Ben's proposals, as the proposer (you score 13 now;")


def test_a_players_proposals_while_another_proposes_say_so():
    """Game Turn: the proposer proposes; a newcomer asking for Asha's hint while the file says Ben
    proposes got "Asha's proposals" without a word about Ben (issue 23's walk-through): the hint
    says these are Asha's proposals for her own turn and how to weigh Ben's."""
    result = runner.invoke(app, ["hint", "taj", str(TABLE_WITH_PROPOSER), "--player", "Player A"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Player A's proposals for their own turn (")
    assert "Ben proposes now: these are the proposals Player A could make on their own turn" in result.stdout
    assert "to weigh Ben's proposal as a voter" in result.stdout and "--proposal I J" in result.stdout
    assert json.loads(runner.invoke(app, ["hint", "taj", str(TABLE_WITH_PROPOSER), "--player", "Player A",
                                          "--json"]).stdout)["moves"] == []  # nothing to take: Ben proposes
    own = runner.invoke(app, ["hint", "taj", str(TABLE_WITH_PROPOSER), "--player", "Ben", "--json"])
    assert own.exit_code == 0 and not any("proposes now" in n for n in json.loads(own.stdout)["notes"])
    best = json.loads(own.stdout)["proposals"][0]  # 2 players: no plain majority, a swap is unanimous
    assert json.loads(own.stdout)["moves"][0] == {"events": ["propose %d %d" % tuple(best["rugs"])],
                                                  "value": best["if_unanimous_yea"]["high"]}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--roll", "1", "2"], "No such option: --roll"),
        (["--seed", "1", "--player", "Ben"], "No such option: --seed"),
        ([], "choose one with --player"),
        (["--player", "Bne"], "did you mean Ben?"),
    ],
)
def test_cli_hint_taj_bad_input(args, message):
    result = runner.invoke(app, ["hint", "taj", str(END), *args])
    assert result.exit_code == 2 and message in result.stderr


def test_cli_schema_taj():
    schema = json.loads(runner.invoke(app, ["schema", "taj"]).stdout)
    assert schema["properties"]["plus_one"]["enum"] == ["left", "right"]


def test_interactive_entry_refuses_to_end_a_list_short_of_its_fewest(monkeypatch):
    """A blank answer cannot end the display before its 5 rugs or the players before 2: no
    correction could add one later, so the entry would be stuck (a newcomer walk-through)."""
    from tajkit.cli import main as cli

    monkeypatch.setattr(cli, "stdin_is_interactive", lambda: True)
    rugs = [" ".join(r) for r in END_DATA["display"]]
    answers = rugs[:4] + [""] + rugs[4:] + ["", "2", "right", "", ""]
    answers += ["Player A", "orange blue green", "", "", "Ben", "pink yellow orange", "", ""]
    answers += ["", "n"]
    result = runner.invoke(cli.app, ["score", "taj"], input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    assert "at least 5 rows are needed" in result.stderr
    assert "at least 2 players are needed: type player 2's name" in result.stderr
    scores = result.stdout[result.stdout.index("Colour values under the Taj"):]
    assert scores == runner.invoke(app, ["score", "taj", str(END)]).stdout


def test_interactive_entry_for_taj(monkeypatch):
    """Issue 8: every game that scores can be typed in, driven by its state model."""
    from tajkit.cli import main as cli

    monkeypatch.setattr(cli, "stdin_is_interactive", lambda: True)
    rugs = [" ".join(r) for r in END_DATA["display"]]
    answers = rugs + ["", "2", "right", "", ""]  # display rows, blank ends; taj; +1; no eyes; no proposer
    answers += ["Player A", "orange blue green", "", "Ben", "pink yellow orange", "", ""]
    answers += ["", "n"]  # no correction, do not save
    result = runner.invoke(cli.app, ["score", "taj"], input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    assert "display 1" in result.stderr and "Player 1 name" in result.stderr
    scores = result.stdout[result.stdout.index("Colour values under the Taj"):]
    assert scores == runner.invoke(app, ["score", "taj", str(END)]).stdout


def test_a_proposal_written_in_the_file_is_the_one_the_hint_weighs(tmp_path):
    """Game Turn (a proposal, then the vote): a state file with ``proposal = [1, 4]`` gives Ben the
    voter's advice on it, as ``--proposal 1 4`` does; the same rugs named again agree, others are
    refused, naming both."""
    written = tmp_path / "voting.toml"
    written.write_text(END.read_text() + "\n", encoding="utf-8")
    data = tomllib.loads(written.read_text()) | {"proposal": [1, 4]}
    written.write_text(json.dumps(data), encoding="utf-8")
    written = written.rename(tmp_path / "voting.json")
    given = runner.invoke(app, ["hint", "taj", str(END), "--player", "Ben", "--proposal", "1", "4"])
    from_file = runner.invoke(app, ["hint", "taj", str(written), "--player", "Ben"])
    assert from_file.exit_code == 0, from_file.output
    assert from_file.stdout == given.stdout
    assert runner.invoke(app, ["hint", "taj", str(written), "--player", "Ben", "--proposal", "4", "1"]).stdout == given.stdout
    other = runner.invoke(app, ["hint", "taj", str(written), "--player", "Ben", "--proposal", "2", "3"])
    assert other.exit_code == 2 and "--proposal 2 3: the file's proposal = [1, 4] is another" in other.output
