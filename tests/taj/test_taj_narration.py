"""TAJ told in words (solver/taj/narration.py): every event of whole games, and the consequences
the table must hear, each checked against the change of the display and the scorer, against the
rulebook (taj-rug-card-game.txt)."""

from __future__ import annotations

from functools import cache

import pytest
from narration_check import Told, told_games

from tajkit.solver import games
from tajkit.solver.ranking import plural
from tajkit.solver.taj.notation import Cast, LayRug, MoveTaj, Propose, ShowGoal
from tajkit.solver.taj.protocol import MOVE, REMOVE, REVEAL
from tajkit.solver.taj.rules import Vote

pytestmark = pytest.mark.xdist_group("taj-narration")  # one worker plays the games all its tests read

GAME = games.get("taj")
SPEC = GAME.load_spec()
RULES = GAME.rules(SPEC)
PLAY = GAME.play(SPEC)
NOTATION = (r"\b(?:propose|remove|goal) \d", r"\b(?:yea|nay|nix)\b", r"\bshift (?:left|right)\b")


@cache
def _games() -> list[list[Told]]:
    """The whole games every test here reads (played once, when a test first asks)."""
    return told_games("taj", 12, (2, 3, 4), NOTATION)


def _events() -> list[Told]:
    return [e for told in _games() for e in told]


def _last_votes() -> list[Told]:
    return [e for e in _events() if isinstance(e.action, Cast) and len(e.before.votes) + 1 == len(e.before.players)]


def _expected_result(votes: tuple[Vote, ...]) -> str:
    """Vote Outcome and All/Nix Cards, counted afresh: the first All/Nix card in turn order from
    the Proposer forces its unanimous outcome; else all alike is unanimous, then the majority."""
    card = next((v for v in votes if v in (Vote.all, Vote.nix)), None)
    if card is not None:
        return f"makes the vote a unanimous {'Yea' if card is Vote.all else 'Nay'}"
    yeas, nays = votes.count(Vote.yea), votes.count(Vote.nay)
    if yeas == len(votes) or nays == len(votes):
        return f"the vote is a unanimous {'Yea' if yeas else 'Nay'}"
    if yeas > nays:
        return f"the vote passes, {yeas} Yea to {nays} Nay"
    if nays > yeas:
        return f"the vote fails, {nays} Nay to {yeas} Yea"
    return f"the vote is tied, {yeas} Yea to {nays} Nay"


def test_every_event_of_whole_games_is_told_in_a_few_short_sentences() -> None:
    """Setup, Game Turn, Voting, Scoring: the rugs laid out are the table's, a proposal the
    Proposer's, a vote the voter's, in words; the last goal card shown names the winner. Twelve
    seeded games of 2-4 players (``told_games`` checks each event)."""
    assert len(_games()) == 12
    kinds = {type(e.action) for e in _events()}
    assert {LayRug, Propose, Cast, MoveTaj, ShowGoal} <= kinds
    for e in _events():
        if isinstance(e.action, LayRug):
            assert e.said[0].startswith(f"The table laid out rug {len(e.before.dealt) + 1}: ")
            assert all(colour in e.said[0] for colour in e.action.rug)
        if isinstance(e.action, Propose):
            assert f"to switch rugs {e.action.first + 1} and {e.action.second + 1}" in e.said[0]


def test_the_last_vote_says_the_result_and_what_moved_as_the_display_shows() -> None:
    """Vote Outcome: a majority of Yea swaps the two rugs, a majority of Nay removes the rug
    furthest from the Taj (the Proposer choosing between two equally far), a tie does nothing; a
    unanimous vote (or an All/Nix card) then has someone flip or shift the Taj. The result is
    counted afresh from the votes; what moved is read off the display before and after."""
    seen = set()
    for e in _last_votes():
        votes = (*e.before.votes, e.action.vote)
        words = e.words
        assert _expected_result(votes) in words, words
        was, now = e.before.display, e.after.display
        i, j = e.before.proposal
        if e.after.phase == REMOVE:
            far = now.furthest()
            assert f"{e.after.players[e.after.chooser]} chooses which of rugs {far[0] + 1} and {far[1] + 1}" in words
            seen.add("choose")
        elif len(now.rugs) == len(was.rugs) - 1:
            gone = [k for k in range(len(was.rugs)) if was.rugs[:k] + was.rugs[k + 1:] == now.rugs]
            assert any(f"so rug {k + 1}, furthest from the Taj, leaves the display" in words for k in gone), words
            seen.add("removed")
        elif now.rugs != was.rugs:
            assert [k for k in range(len(was.rugs)) if was.rugs[k] != now.rugs[k]] == [i, j]
            assert f"so rugs {i + 1} and {j + 1} switch places" in words
            seen.add("swapped")
        else:  # nothing moved: a tie, or two rugs alike swapped
            assert "so no action is taken" in words or f"so rugs {i + 1} and {j + 1} switch places" in words
            seen.add("same")
        assert ("must now flip the Taj or shift it one rug" in words) == (e.after.phase == MOVE)
        if e.after.phase == MOVE:
            assert f"{e.after.players[e.after.chooser]} must now flip the Taj" in words
    assert seen == {"choose", "removed", "swapped", "same"}


def test_the_taj_flipped_or_shifted_is_told_as_it_now_stands() -> None:
    """Unanimous Outcomes: the chooser "MUST either flip the Taj over or shift the Taj
    horizontally 1 Rug space": the side of its +1, or the rugs now under it, as the display has them."""
    moves = [e for e in _events() if isinstance(e.action, MoveTaj)]
    assert {e.action.how for e in moves} == {"flip", "shift left", "shift right"}
    for e in moves:
        d = e.after.display
        if e.action.how == "flip":
            assert f"flipped the Taj: its +1 is now on the {'right' if d.plus_right else 'left'}" in e.said[0]
        else:
            assert d.taj == e.before.display.taj + (1 if e.action.how == "shift right" else -1)
            assert f"it now stands over rugs {d.taj + 1} to {d.taj + SPEC.width}" in e.said[0]


def test_the_turn_that_ends_the_game_says_why_and_the_goal_cards_their_points() -> None:
    """Game End: "The game ends immediately after a turn in which either: a) All Rugs have been
    turned with the Curator's Eye up. b) There are exactly 5 Rugs remaining"; Scoring: each goal
    card shown says what it scores, the scorer's total for that player."""
    for told in _games():
        ending = [e for e in told if e.after.phase == REVEAL and e.before.phase != REVEAL]
        assert len(ending) == 1
        d = ending[0].after.display
        why = "every rug shows the Curator's Eye" if all(d.eyes) else f"exactly {plural(SPEC.ends_at, 'rug')} remain"
        assert f"The game ends: {why}; everyone now shows their secret goal card." in ending[0].said
        final = RULES.standings(told[-1].after)
        totals = {p.name: p.total for p in final.players}
        for e in told:
            if isinstance(e.action, ShowGoal):
                name = e.before.players[e.before.goals.index(None)]
                assert e.said[0].startswith(f"{name} showed their goal card, ")
                assert e.said[0].endswith(f": {plural(totals[name], 'point')}.")
        others = [e for e in told if e is not ending[0]]
        assert not any("The game ends" in e.words for e in others)


def test_the_next_proposer_is_named_after_each_turn() -> None:
    """Continuing the Game: "The next player in clockwise turn order must make the next proposal"."""
    for e in _events():
        if e.after.turn > e.before.turn and e.after.phase != REVEAL:
            assert f"{e.after.players[e.after.proposer]} proposes next." in e.said


def test_the_rug_the_proposer_chooses_to_remove_is_the_one_that_left() -> None:
    """Vote Outcome: "If 2 Rugs are the same distance away from the Taj, the Proposer chooses which
    one to remove": the rug named is the one missing from the display afterwards."""
    removals = [e for e in _events() if e.before.phase == REMOVE]
    assert removals
    for e in removals:
        was, now = e.before.display.rugs, e.after.display.rugs
        gone = [k for k in range(len(was)) if was[:k] + was[k + 1:] == now]
        assert e.action.rug in gone
        assert e.said[0] == f"{e.before.players[e.before.chooser]} removed rug {e.action.rug + 1} from the display."
