"""TAJ events in words (``solver/narration.py``): the rugs laid out, a proposal, each vote and the
vote's result with what it moved, the Taj flipped or shifted, the game's end and the goal cards.

Rulebook (Vote Outcome): a majority of Yea swaps the two rugs, a majority of Nay removes the rug
furthest from the Taj (the Proposer choosing between two equally far), a tie does nothing; a
unanimous vote (or an All/Nix card, the first in turn order from the Proposer) also has the
Proposer (or the card's voter) flip or shift the Taj. Game End: after a turn that leaves every rug
eye up or exactly 5 rugs; then every player shows their goal card (Scoring).
"""

from __future__ import annotations

from tajkit.solver import narration
from tajkit.solver.ranking import plural
from tajkit.solver.taj.notation import Action, Cast, LayRug, MoveTaj, Propose, Remove, ShowGoal
from tajkit.solver.taj.protocol import MOVE, REMOVE, REVEAL, TajState, rules_for
from tajkit.solver.taj.rules import Display, Outcome, Vote, after_vote, colour_values, goal_score, vote_outcome
from tajkit.solver.taj.spec import Spec

VOTED = {Vote.yea: "voted Yea", Vote.nay: "voted Nay", Vote.all: "played their All card", Vote.nix: "played their Nix card"}


def tell(spec: Spec, before: TajState, action: Action, after: TajState) -> tuple[str, ...]:
    """What ``action`` did, in one to three sentences (see the module's docstring)."""
    if isinstance(action, LayRug):
        return narration.told(_laid(spec, before, action, after))
    if isinstance(action, ShowGoal):
        return _shown(spec, before, action, after)
    if isinstance(action, Propose):
        name = before.players[before.proposer]
        return narration.told([f"{name} proposed to switch rugs {action.first + 1} and {action.second + 1}"])
    if isinstance(action, Cast):
        said = [_vote(before, action.vote)]
    elif isinstance(action, Remove):
        said = [f"{before.players[before.chooser]} removed rug {action.rug + 1} from the display"]  # type: ignore[index]
    else:
        said = [_moved_taj(before, action, after)]
    if after.phase == REMOVE:
        far = after.display.furthest()  # type: ignore[union-attr]
        said.append(f"{after.players[after.chooser]} chooses which of rugs {far[0] + 1} and {far[1] + 1}, equally far "  # type: ignore[index]
                    "from the Taj, leaves")
    if after.phase == MOVE:
        said.append(f"{after.players[after.chooser]} must now flip the Taj or shift it one rug")  # type: ignore[index]
    if after.phase == REVEAL and before.phase != REVEAL:
        return narration.told([*said, _game_end(spec, after)])
    if after.turn > before.turn:  # rulebook: Continuing the Game, the next player clockwise proposes
        return narration.told(said, [f"{after.players[after.proposer]} proposes next"])
    return narration.told(said)


def _laid(spec: Spec, before: TajState, action: LayRug, after: TajState) -> list[str]:
    """The rug laid out (rulebook: Setup), and once the last is out, the display."""
    portions = ", ".join(f"{colour} {portion}" for colour, portion in zip(action.rug, spec.portions))
    said = [f"The table laid out rug {len(before.dealt) + 1}: {portions}"]
    if after.display is not None:
        d = after.display
        said.append(f"All {len(d.rugs)} rugs are out: the Taj stands over {_under(d)}, its +1 on the {_side(d)}; "
                    f"{after.players[after.proposer]} proposes first")
    return said


def _vote(before: TajState, vote: Vote) -> str:
    """The vote, and with the last one the result and what it moved (rulebook: Vote Outcome)."""
    voter = before.players[before.voter()]
    votes = (*before.votes, vote)
    if len(votes) < len(before.players):
        return f"{voter} {VOTED[vote]}"
    outcome, k = vote_outcome(votes)
    chooser = before.players[(before.proposer + k) % len(before.players)]
    return f"{voter} {VOTED[vote]}: {_result(votes, outcome, k, chooser, voter)}, {_what_moved(before, outcome)}"


def _result(votes: tuple[Vote, ...], outcome: Outcome, k: int, chooser: str, voter: str) -> str:
    """The outcome, counted: "the vote passes, 2 Yea to 1 Nay"; the All/Nix card that forced it."""
    yeas, nays = votes.count(Vote.yea), votes.count(Vote.nay)
    if votes[k].all_nix:  # rulebook: All/Nix Cards, the first in turn order from the Proposer takes effect
        card = "it" if chooser == voter else f"{chooser}'s {votes[k].value.capitalize()} card"
        return f"{card} makes the vote a unanimous {'Yea' if votes[k] is Vote.all else 'Nay'}"
    if outcome.adjusts:
        return f"the vote is a unanimous {'Yea' if outcome is Outcome.unanimous_yea else 'Nay'}"
    if outcome is Outcome.passes:
        return f"the vote passes, {yeas} Yea to {nays} Nay"
    if outcome is Outcome.fails:
        return f"the vote fails, {nays} Nay to {yeas} Yea"
    return f"the vote is tied, {yeas} Yea to {nays} Nay"


def _what_moved(before: TajState, outcome: Outcome) -> str:
    i, j = before.proposal  # type: ignore[misc]
    if outcome.swaps:
        return f"so rugs {i + 1} and {j + 1} switch places"
    if not outcome.removes:
        return "so no action is taken"
    far = after_vote(before.display, i, j, outcome).furthest()  # type: ignore[arg-type]
    if len(far) == 1:
        return f"so rug {far[0] + 1}, furthest from the Taj, leaves the display"
    return "so one of the rugs furthest from the Taj leaves"


def _moved_taj(before: TajState, action: MoveTaj, after: TajState) -> str:
    """Rulebook (Unanimous Outcomes): the Taj flipped over, or shifted one rug."""
    who, d = before.players[before.chooser], after.display  # type: ignore[index]
    if action.how == "flip":
        return f"{who} flipped the Taj: its +1 is now on the {_side(d)}"  # type: ignore[arg-type]
    return f"{who} shifted the Taj one rug {action.how.split()[-1]}: it now stands over {_under(d)}"  # type: ignore[arg-type]


def _game_end(spec: Spec, after: TajState) -> str:
    """Rulebook (Game End): why the game ended with this turn; then the goal cards are shown."""
    d = after.display
    assert d is not None
    why = "every rug shows the Curator's Eye" if all(d.eyes) else f"exactly {plural(spec.ends_at, 'rug')} remain"
    return f"The game ends: {why}; everyone now shows their secret goal card"


def _shown(spec: Spec, before: TajState, action: ShowGoal, after: TajState) -> tuple[str, ...]:
    """A goal card shown at the end, what it scores (rulebook: Scoring), and after the last one,
    the winner."""
    name = before.players[before.goals.index(None)]
    marks = ", ".join(f"{colour} ×{m}" if m >= 0 else f"{colour} ×−{-m}" for colour, m in zip(action.goal, spec.modifiers))
    points = goal_score(spec, action.goal, colour_values(spec, before.display))  # type: ignore[arg-type]
    said = [f"{name} showed their goal card, {marks}: {plural(points, 'point')}"]
    rules = rules_for(spec)
    if rules.to_act(after) is not None:
        return narration.told(said)
    return narration.told(said, end=narration.game_over(rules.standings(after)))


def _under(d: Display) -> str:
    return f"rugs {d.taj + 1} to {d.taj + d.width}"


def _side(d: Display) -> str:
    return "right" if d.plus_right else "left"
