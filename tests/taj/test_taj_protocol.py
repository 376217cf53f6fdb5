"""TAJ's rules protocol (solver/taj/protocol.py) against its rulebook (taj-rug-card-game.txt):
whole random games under the protocol's contract, then each rule a whole game needs, cited by
section."""

from __future__ import annotations

import dataclasses
import random
import tomllib
from pathlib import Path

import pytest
from protocol_check import check_whole_games

from tajkit.solver import games
from tajkit.solver.errors import BadInput, BadState, IllegalMove
from tajkit.solver.protocol import CHANCE, Record, random_action, replay
from tajkit.solver.taj.files import read_state
from tajkit.solver.taj.notation import Cast, LayRug, MoveTaj, Propose, Remove, ShowGoal
from tajkit.solver.taj.protocol import TajRules
from tajkit.solver.taj.rules import Outcome, Vote, possible_goals, possible_rugs, start_display, vote_outcome, votes_allowed
from tajkit.solver.taj.scoring import score
from tajkit.solver.taj.spec import load_spec

SPEC = load_spec()
RULES = games.get("taj").rules(SPEC)
EXAMPLE = Path(__file__).parent.parent / "data" / "taj-example.toml"  # the README's display, every eye up

TEN = (  # rugs laid out left to right: the rulebook's End Game Display in 3-8, two plain rugs each side
    "green green green", "yellow yellow yellow",
    "pink green blue", "blue orange yellow", "green yellow pink", "orange pink green", "yellow blue orange", "green blue pink",
    "orange orange orange", "blue blue blue",
)


def play(state, *texts):
    for text in texts:
        state = RULES.apply(state, RULES.parse(state, text))
    return state


def laid_out(players=("Asha", "Ben", "Chitra"), **setup):
    return play(RULES.start({"players": list(players), **setup}), *TEN)


def refusal(state, text) -> str:
    with pytest.raises(BadInput) as refused:
        RULES.parse(state, text)
    assert len(refused.value.problems) == 1 and "\n" not in refused.value.problems[0]
    return refused.value.problems[0]


# --- whole games -----------------------------------------------------------------------------


def test_whole_random_games():
    """The protocol's contract on 90 whole seeded random games, 2, 3 and 4 players (Components:
    voting cards for 4; a vote needs 2)."""
    records = check_whole_games("taj", count=90, players=(2, 3, 4))
    assert {len(r.setup["players"]) for r in records} == {2, 3, 4}
    assert all(r.events[-1].startswith("goal ") for r in records)


def test_whole_games_with_hidden_goals():
    """Setup: goal cards are kept hidden throughout the game. A setup without them plays to the
    end, each goal card entered when it is shown, and replays to the same state."""
    rng = random.Random("taj hidden goals")
    for players in (2, 3, 4):
        state = RULES.start({"players": ["Asha", "Ben", "Chitra", "Dev"][:players]})
        events = []
        while RULES.to_act(state) is not None:
            action = random_action(RULES, state, rng)
            events.append(RULES.format(state, action))
            state = RULES.apply(state, action)
        assert state.goals == tuple(tuple(e.split()[1:]) for e in events[-players:])
        assert replay(RULES, Record("taj", {"players": list(state.players)}, tuple(events))).state == state


# --- the rules model's new pieces ---------------------------------------------------------------


def test_vote_cards():
    """Voting: Yea/Nay may be used repeatedly, All/Nix ONCE; All/Nix Cards: a player MAY NOT use
    an All/Nix card on his turn as the Proposer."""
    assert votes_allowed(proposing=False, all_nix_spent=False) == [Vote.yea, Vote.nay, Vote.all, Vote.nix]
    assert votes_allowed(proposing=True, all_nix_spent=False) == [Vote.yea, Vote.nay]
    assert votes_allowed(proposing=False, all_nix_spent=True) == [Vote.yea, Vote.nay]


def test_vote_outcome_and_chooser():
    """Vote Outcome; All/Nix Cards: "All" insures a Unanimous Yea, "Nix" a Unanimous Nay, only the
    first All/Nix card in turn order from the Proposer takes effect, and its voter chooses."""
    y, n, a, x = Vote.yea, Vote.nay, Vote.all, Vote.nix
    assert vote_outcome([y, n, n]) == (Outcome.fails, 0)
    assert vote_outcome([y, y, n]) == (Outcome.passes, 0)
    assert vote_outcome([y, n]) == (Outcome.tied, 0)
    assert vote_outcome([n, n]) == (Outcome.unanimous_nay, 0)
    assert vote_outcome([y, n, a]) == (Outcome.unanimous_yea, 2)
    assert vote_outcome([n, x, a, y]) == (Outcome.unanimous_nay, 1)


def test_components_and_starting_display():
    """Components: each rug has 3 portions in the 5 colours (the rulebook lists no cards, so any
    colours; a colour twice only with rugs.repeat_colours); a goal card three different colours
    (Scoring). Setup: 3 rugs left of the Taj, 3 under it, 4 right, "+1" on the right, every
    Curator's Eye away from the Taj."""
    assert len(possible_rugs(SPEC)) == 5**3
    assert len(possible_rugs(dataclasses.replace(SPEC, repeat_colours=False))) == 5 * 4 * 3
    assert len(possible_goals(SPEC)) == 5 * 4 * 3 and all(len(set(g)) == 3 for g in possible_goals(SPEC))
    d = start_display(SPEC, [("green",) * 3] * 10)
    assert (list(d.under), d.plus_rug, d.eyes) == ([3, 4, 5], 5, (False,) * 10)


# --- chance: the rugs laid out ----------------------------------------------------------------


def test_chance_lays_out_ten_rugs_each_equally_likely():
    """Setup: the 10 rug cards are shuffled into the display. The rulebook does not list them, so
    each rug is equally likely to be any rug a card may be (125); then the first proposal."""
    state = RULES.start({"players": ["Asha", "Ben"]})
    for k in range(10):
        assert RULES.to_act(state) == CHANCE
        outcomes = RULES.chance_outcomes(state)
        assert len(outcomes) == 125 and all(p == pytest.approx(1 / 125) for _, p in outcomes)
        state = RULES.apply(state, RULES.parse(state, TEN[k]))
    assert RULES.to_act(state) == "Asha" and RULES.chance_outcomes(state) == []
    assert state.display.rugs[2] == ("pink", "green", "blue") and list(state.display.under) == [3, 4, 5]


def test_rugs_without_repeated_colours():
    """rugs.repeat_colours = false (a --data reading): a rug showing a colour twice is refused."""
    rules = TajRules(dataclasses.replace(SPEC, repeat_colours=False))
    state = rules.start({"players": ["Asha", "Ben"]})
    assert len(rules.chance_outcomes(state)) == 60
    with pytest.raises(IllegalMove, match=r"^green green orange: a rug shows three different colours \(rugs.repeat_colours = false\); legal: green orange pink, "):
        rules.parse(state, "g g o")


# --- turn order -----------------------------------------------------------------------------


def test_turn_order_dealer_proposer_voters():
    """Game Turn: the player to the left of the dealer is the first Proposer; all players vote,
    the Proposer too (here in turn order from the Proposer); Continuing the Game: the next player
    clockwise proposes next."""
    state = laid_out(dealer="Ben")
    assert RULES.to_act(state) == "Chitra"
    voters = []
    state = play(state, "propose 1 2")
    for vote in ("yea", "nay", "yea"):
        voters.append(RULES.to_act(state))
        state = play(state, vote)
    assert voters == ["Chitra", "Asha", "Ben"]
    assert RULES.to_act(state) == "Asha"  # the proposal passed: next proposer clockwise
    assert laid_out().players[laid_out().proposer] == "Asha"  # no dealer named: the first listed proposes


# --- vote outcomes ------------------------------------------------------------------------------


def test_majority_yea_swaps_and_turns_the_eyes_up():
    """Vote Outcome: majority Yea swaps the rugs; Curator's Eye: both proposed rugs turn eye up."""
    state = play(laid_out(), "propose 1 4", "yea", "yea", "nay")
    assert state.display.rugs[0] == ("blue", "orange", "yellow") and state.display.rugs[3] == ("green",) * 3
    assert [k for k, up in enumerate(state.display.eyes) if up] == [0, 3]


def test_tie_does_nothing_but_turn_the_eyes_up():
    """Vote Outcome: if the vote is tied, no action is taken (the eyes still turn up: A Rug is
    turned with Curator's Eye UP in ALL outcomes)."""
    before = laid_out(players=("Asha", "Ben"))
    state = play(before, "propose 2 9", "yea", "nay")
    assert state.display.rugs == before.display.rugs and RULES.to_act(state) == "Ben"
    assert [k for k, up in enumerate(state.display.eyes) if up] == [1, 8]


def test_majority_nay_removes_the_furthest_rug():
    """Vote Outcome: majority Nay: the Proposer removes the rug furthest from the Taj (not
    necessarily a proposed one); with one furthest rug nothing is left to choose."""
    state = play(laid_out(), "propose 4 5", "nay", "nay", "yea")
    assert len(state.display.rugs) == 9 and ("blue",) * 3 not in state.display.rugs
    assert RULES.to_act(state) == "Ben"


def test_equally_far_rugs_the_proposer_chooses():
    """Vote Outcome: if 2 rugs are the same distance from the Taj, the Proposer chooses which one
    to remove; another rug is refused, naming the rule and the two it may be."""
    state = play(laid_out(), "propose 4 5", "nay", "nay", "yea", "propose 4 5", "nay", "nay", "yea")
    assert RULES.to_act(state) == "Ben" and RULES.legal_actions(state) == [Remove(0), Remove(8)]
    assert refusal(state, "remove 4") == (
        "remove 4: Ben removes the rug furthest from the Taj, choosing between equally far ones "
        "(rulebook: Vote Outcome); legal: remove 1, remove 9")
    state = play(state, "remove 9")
    assert state.display.rugs[0] == ("green",) * 3 and RULES.to_act(state) == "Chitra"


def test_unanimous_vote_the_proposer_moves_the_taj():
    """Unanimous Outcomes: all Yea: swap, then the Proposer MUST flip the Taj or shift it one rug,
    only toward a side with at least 1 rug."""
    state = play(laid_out(), "propose 1 2", "yea", "yea", "yea")
    assert RULES.to_act(state) == "Asha"
    assert RULES.legal_actions(state) == [MoveTaj("flip"), MoveTaj("shift left"), MoveTaj("shift right")]
    flipped = play(state, "flip")
    assert not flipped.display.plus_right and RULES.to_act(flipped) == "Ben"
    assert play(state, "shift left").display.taj == 2 and play(state, "right").display.taj == 4


def test_taj_shifts_only_toward_rugs():
    """Unanimous Outcomes: the Taj may only shift in a direction where there is at least 1 rug."""
    state = play(laid_out(), "propose 1 2", "yea", "yea", "yea", "shift left",
                 "propose 1 2", "yea", "yea", "yea", "shift left",
                 "propose 1 2", "yea", "yea", "yea", "shift left",
                 "propose 1 2", "yea", "yea", "yea")
    assert state.display.taj == 0
    assert refusal(state, "shift left") == (
        "shift left: the Taj may only shift in a direction where there is at least 1 rug "
        "(rulebook: Unanimous Outcomes); legal: flip, shift right")


def test_all_nix_cards():
    """All/Nix Cards: "Nix" insures a Unanimous Nay; only the first in turn order from the Proposer
    takes effect, and that voter chooses the rug to discard and moves the Taj; every All/Nix card
    played is removed from the game, so it may be used once (Voting)."""
    state = play(laid_out(players=("Asha", "Ben", "Chitra", "Dev")), "propose 4 5", "yea", "nix", "all", "yea")
    assert RULES.to_act(state) == "Ben" and len(state.display.rugs) == 9  # Ben's Nix: rug 10 left
    assert state.spent == (False, True, True, False)
    state = play(state, "flip", "propose 4 5")  # Ben proposes
    assert RULES.legal_actions(state) == [Cast(Vote.yea), Cast(Vote.nay)]  # the proposer may not
    state = play(state, "yea")
    assert refusal(state, "all") == (
        "all: Chitra's All/Nix card is spent: it may be used once (rulebook: Voting); legal: yea, nay")
    assert play(state, "yea", "all", "nay").spent == (False, True, True, True)


# --- the end ----------------------------------------------------------------------------------


def test_game_ends_with_five_rugs_then_goals_are_shown():
    """Game End: the game ends immediately after a turn that leaves exactly 5 rugs; Scoring: then
    every secret goal card counts, shown in seat order; then nothing more is legal."""
    state = laid_out(players=("Asha", "Ben"), goals={"Asha": ["orange", "blue", "green"], "Ben": ["pink", "yellow", "orange"]})
    state = play(state, "propose 4 5", "nay", "nay", "flip",  # rug 10 leaves
                 "propose 4 5", "nay", "nay", "remove 1", "flip",  # rugs 1 and 9 equally far
                 "propose 4 5", "nay", "nay", "flip",  # rug 8 leaves
                 "propose 4 5", "nay", "nay", "remove 1", "flip")
    assert len(state.display.rugs) == 6 and RULES.to_act(state) == "Asha"
    state = play(state, "propose 4 5", "nay", "nay", "flip")  # rug 6 leaves: 5 rugs
    assert len(state.display.rugs) == 5 and not all(state.display.eyes)
    assert RULES.to_act(state) == "Asha" and RULES.legal_actions(state) == [ShowGoal(("orange", "blue", "green"))]
    assert refusal(state, "goal pink blue green") == (
        "goal pink blue green: Asha's goal card is orange blue green, as dealt (rulebook: Setup); "
        "legal: goal orange blue green")
    state = play(state, "goal o b g", "goal pink yellow orange")
    assert RULES.to_act(state) is None and RULES.legal_actions(state) == []
    with pytest.raises(IllegalMove, match=r"the game is over \(rulebook: Game End\)"):
        RULES.apply(state, Propose(0, 1))


def test_game_ends_when_every_eye_is_up():
    """Game End: the game ends immediately after a turn in which all rugs have been turned with the
    Curator's Eye up (here 10 rugs, 5 passed proposals)."""
    state = laid_out(players=("Asha", "Ben", "Chitra"))
    for pair in ("1 2", "3 4", "5 6", "7 8"):
        state = play(state, f"propose {pair}", "yea", "yea", "nay")
    assert RULES.to_act(state) == "Ben"
    state = play(state, "propose 9 10", "yea", "nay", "yea")
    assert all(state.display.eyes) and RULES.to_act(state) == "Asha"
    assert len(RULES.legal_actions(state)) == 60  # hidden goals: any goal card may be shown
    assert refusal(state, "goal o o b") == (
        "goal orange orange blue: a goal card names three different colours (rulebook: Scoring); "
        "legal: goal green orange pink, goal green orange blue, goal green orange yellow, goal green pink orange, "
        "goal green pink blue, goal green pink yellow, … (60 in all)")


def test_record_replays_to_the_readme_score():
    """Scoring, End Game Display: a whole game played to the README's finished display (every eye
    up, Player A's goal scores 4) ends, replayed from its record, with the scorer's result on the
    state file of that display."""
    events = (
        *TEN,
        "propose 3 4", "nay", "nay", "flip",  # Player A: unanimous Nay, rug 10 leaves
        "propose 5 6", "nay", "nay", "remove 1", "flip",  # Ben: rugs 1 and 9 are equally far
        "propose 6 7", "nay", "nay", "flip",  # Player A: rug 8 leaves
        "propose 2 3", "nay", "nay", "remove 1", "flip",  # Ben: rugs 1 and 7; now every eye is up
        "goal orange blue green", "goal pink yellow orange",
    )
    game = replay(RULES, Record("taj", {"players": ["Player A", "Ben"]}, events))
    assert RULES.to_act(game.state) is None
    expected = score(SPEC, read_state(SPEC, tomllib.loads(EXAMPLE.read_text())))
    assert RULES.standings(game.state) == expected
    assert [(p.name, p.total) for p in expected.players] == [("Ben", 13), ("Player A", 4)]


def test_standings_before_the_end():
    """Setup: goal cards stay hidden throughout the game, so a standing mid-game scores the
    display only for goals known, and says who is not scored; before the rugs are laid out there
    is nothing to score."""
    assert "nothing to score yet" in RULES.standings(RULES.start({"players": ["Asha", "Ben"]})).notes[0]
    mid = RULES.standings(play(laid_out(), "propose 1 2", "yea", "yea", "nay"))
    assert [p.rows for p in mid.players] == [(), (), ()]
    assert mid.notes[-1] == "goal card hidden until the end of the game (rulebook: Setup), not scored: Asha, Ben, Chitra"
    known = RULES.standings(laid_out(players=("Asha", "Ben"), goals={"Asha": ["orange", "blue", "green"], "Ben": ["pink", "yellow", "orange"]}))
    assert {p.name: p.total for p in known.players} == {"Asha": 4, "Ben": 13}  # rugs 4-6: the README's three
    assert "the game is not over" in known.notes[-1]


# --- notation and refusals -----------------------------------------------------------------------


def test_notation_reads_like_the_table():
    """Notation: rugs by their colours (outer, middle, centre), proposals by the rugs' places,
    the vote cards by name, the Taj's moves, goal cards by colour; case and initials are accepted
    and each reads back as itself."""
    start = RULES.start({"players": ["Asha", "Ben", "Chitra"]})
    assert RULES.parse(start, "PGB") == RULES.parse(start, "rug p g b") == LayRug(("pink", "green", "blue"))
    assert RULES.format(start, LayRug(("pink", "green", "blue"))) == "pink green blue"
    state = laid_out()
    assert RULES.parse(state, "2 5") == RULES.parse(state, "Propose 5 2") == Propose(1, 4)
    assert RULES.format(state, Propose(1, 4)) == "propose 2 5"
    state = play(state, "propose 2 5", "yes")
    assert [RULES.format(state, a) for a in RULES.legal_actions(state)] == ["yea", "nay", "all", "nix"]
    assert RULES.parse(state, "NIX") == Cast(Vote.nix) and RULES.parse(state, "no") == Cast(Vote.nay)
    state = play(state, "nix", "nay")
    assert [RULES.format(state, a) for a in RULES.legal_actions(state)] == ["flip", "shift left", "shift right"]
    assert RULES.parse(state, "shift l") == RULES.parse(state, "left") == MoveTaj("shift left")
    for action in RULES.legal_actions(state):
        assert RULES.parse(state, RULES.format(state, action)) == action


def test_refusals_name_the_rule_and_what_is_legal():
    """Game Turn, All/Nix Cards, Playing the Game: what the rules refuse is one line naming the rule
    and the legal alternatives; text naming nothing says what happens now."""
    start = RULES.start({"players": ["Asha", "Ben", "Chitra"]})
    assert refusal(start, "purple green blue") == (
        "'purple': not a colour; the colours are green, orange, pink, blue, yellow (rulebook: Playing the Game)")
    assert refusal(start, "p g").startswith(
        "'p g' names no action: now the table lays out rug 1 of 10: its colours outer, middle, centre "
        "(rulebook: Setup); legal: green green green, ")
    state = laid_out()
    assert refusal(state, "propose 3 3") == (
        "propose 3 3: a proposal names two different rugs (rulebook: Game Turn); legal: propose 1 2, propose 1 3, "
        "propose 1 4, propose 1 5, propose 1 6, propose 1 7, … (45 in all)")
    assert refusal(state, "2 11").startswith("propose 2 11: the display has 10 rugs, 1-10 (rulebook: Game Turn); legal: ")
    assert refusal(state, "yea").startswith("'yea' names no action: now Asha proposes two rugs to switch places (rulebook: Game Turn)")
    state = play(state, "propose 1 2")
    assert refusal(state, "all") == (
        "all: Asha proposes, and a player may not use an All/Nix card on his turn as the Proposer "
        "(rulebook: All/Nix Cards); legal: yea, nay")
    with pytest.raises(IllegalMove, match="legal: yea, nay"):
        RULES.apply(state, Cast(Vote.nix))  # apply checks too, not only parse


def test_bad_setups_are_refused():
    """Components: voting cards for 4 players; each player has their own name; the dealer is a
    player; a goal card names three different colours."""
    with pytest.raises(BadState) as refused:
        RULES.start({"players": ["Asha", "Ben", "Chitra", "Dev", "Esha"]})
    assert "players" in refused.value.problems[0]
    with pytest.raises(BadState) as refused:
        RULES.start({"players": ["Asha", "Asha"], "dealer": "Zoe", "goals": {"Asha": ["pink", "pink", "blue"]}})
    assert refused.value.problems == (
        "players: the name 'Asha' appears twice: each player needs their own name",
        "dealer = 'Zoe': not one of the players (Asha, Asha)",
        "goals.Asha = ['pink', 'pink', 'blue']: a goal card names three different colours (rulebook: Scoring)",
    )


def test_data_placing_the_taj_past_the_rugs_is_refused(tmp_path):
    """Setup: the Taj lies over 3 rugs with 3 rugs left of it, among the 10: a --data file whose
    taj.start_left puts the Taj past the last rug is refused, naming both values."""
    from tajkit.solver.errors import BadData

    (tmp_path / "taj.toml").write_text("[taj]\nstart_left = 8\n")
    with pytest.raises(BadData, match=r"taj.start_left 8 \+ taj.width 3 is more than rugs.at_start 10"):
        load_spec(tmp_path)
