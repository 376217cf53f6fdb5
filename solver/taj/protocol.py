"""TAJ's rules protocol (``solver/protocol.py``): the whole game, from the rugs laid out to the
goal cards shown at the end, on the rules model of ``rules.py``.

A game goes: *chance* lays out the rugs one by one, left to right (Setup: the table types each
card's colours, outer, middle, centre); then turn after turn the proposer proposes two rugs
(Game Turn), every player votes in turn order from the proposer (Voting), and where the vote
leaves a choice the chooser makes it: which of two equally far rugs leaves (Vote Outcome), how
the Taj flips or shifts (Unanimous Outcomes). After a turn that leaves every rug eye up or
exactly 5 rugs (Game End), every player shows their secret goal card, in seat order, and the
game is over (Scoring).

The notation (``pink green blue``, ``propose 2 5``, ``yea``, ``remove 10``, ``flip``, ``goal orange blue
green``) is ``notation.py``'s.

Chance: the rulebook does not list the ten rug cards, nor does the seed data, so each rug laid
out is equally likely to be any rug the rules allow (every colour on each portion; a colour twice
on one rug only if ``rugs.repeat_colours``, a tajkit default): a uniform draw, not a deck.

Hidden information: the goal cards. A setup names only the players (in seat order, clockwise;
the player left of the ``dealer`` proposes first, by default the first listed); the state holds a
goal only once it is shown, and a shown goal is accepted if it is a goal card the rules allow. A
setup may carry every goal (``goals``, full information, as ``random_setup`` does): then a goal
shown must be the one dealt. Votes are typed as they are revealed.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Any, Optional

from tajkit.solver.errors import BadInput, BadState, IllegalMove
from tajkit.solver.game import PlayerScore, ScoreResult
from tajkit.solver.protocol import CHANCE
from tajkit.solver.taj import notation, scoring
from tajkit.solver.taj.notation import TAJ_MOVES, Action, Cast, Goal, LayRug, MoveTaj, Propose, Remove, ShowGoal
from tajkit.solver.taj.rules import (
    Display,
    Outcome,
    Player,
    Rug,
    Table,
    Vote,
    after_vote,
    possible_goals,
    possible_rugs,
    start_display,
    vote_outcome,
    votes_allowed,
)
from tajkit.solver.taj.spec import GAME_ID, Spec

DEAL, PROPOSE, VOTE, REMOVE, MOVE, REVEAL, OVER = "deal", "propose", "vote", "remove", "move", "reveal", "over"
SHOWN = 6  # legal alternatives listed in a refusal


# --- the state ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class TajState:
    players: tuple[str, ...]  # seat order, clockwise
    first: int  # the first proposer (left of the dealer)
    phase: str = DEAL
    dealt: tuple[Rug, ...] = ()  # the rugs laid out so far (while dealing)
    display: Optional[Display] = None  # once every rug is laid out
    spent: tuple[bool, ...] = ()  # each player's All/Nix card played
    turn: int = 0  # turns finished
    proposal: Optional[tuple[int, int]] = None
    votes: tuple[Vote, ...] = ()  # in turn order from the proposer
    outcome: Optional[Outcome] = None
    chooser: Optional[int] = None  # the seat who removes a rug or moves the Taj
    goals: tuple[Optional[Goal], ...] = ()  # shown at the end
    dealt_goals: Optional[tuple[Goal, ...]] = None  # full information: the goal cards dealt

    @property
    def proposer(self) -> int:
        return (self.first + self.turn) % len(self.players)

    def voter(self) -> int:
        return (self.proposer + len(self.votes)) % len(self.players)

    def known_goal(self, seat: int) -> Optional[Goal]:
        shown = self.goals[seat]
        return shown if shown is not None or self.dealt_goals is None else self.dealt_goals[seat]


class TajRules:
    """TAJ's :class:`~tajkit.solver.protocol.Rules` (see the module's docstring)."""

    game = GAME_ID

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self.rugs = possible_rugs(spec)
        self.goal_cards = possible_goals(spec)
        self._lay_rugs = tuple(LayRug(r) for r in self.rugs)  # every deal's and every hidden goal's actions,
        self._show_goals = tuple(ShowGoal(g) for g in self.goal_cards)  # made once (a parse checks them all)
        self._rug_set = frozenset(self.rugs)

    # --- setup ---------------------------------------------------------------------------------

    def random_setup(self, rng: random.Random, players: int) -> dict[str, Any]:
        names = ["Asha", "Ben", "Chitra", "Dev", "Esha", "Farid", "Gita", "Hari"][:players]
        goals = {name: list(rng.choice(self.goal_cards)) for name in names}
        return {"players": names, "dealer": rng.choice(names), "goals": goals}

    def start(self, setup: Mapping[str, Any]) -> TajState:
        from tajkit.solver import statefile

        parsed = statefile.validate(_setup_model(self.spec), dict(setup))
        names = list(parsed.players)
        problems = [f"players: the name {n!r} appears twice: each player needs their own name"
                    for k, n in enumerate(names) if n in names[:k]]
        if parsed.dealer is not None and parsed.dealer not in names:
            problems.append(f"dealer = {parsed.dealer!r}: not one of the players ({', '.join(names)})")
        dealt = None
        if parsed.goals is not None:
            dealt, goal_problems = self._dealt_goals(names, parsed.goals)
            problems += goal_problems
        if problems:
            raise BadState(*problems)
        # Game Turn: the player to the left of the dealer (the next one clockwise) proposes first
        first = (names.index(parsed.dealer) + 1) % len(names) if parsed.dealer is not None else 0
        n = len(names)
        return TajState(tuple(names), first, spent=(False,) * n, goals=(None,) * n, dealt_goals=dealt)

    def _dealt_goals(self, names: list[str], goals: dict[str, list[str]]) -> tuple[tuple[Goal, ...], list[str]]:
        problems = [f"goals.{n}: not one of the players ({', '.join(names)})" for n in goals if n not in names]
        problems += [f"goals: {n}'s goal card is missing (give every player's or none)" for n in names if n not in goals]
        for n, goal in goals.items():
            if tuple(goal) not in self.goal_cards:
                problems.append(f"goals.{n} = {goal}: a goal card names three different colours (rulebook: Scoring)")
        return tuple(tuple(goals.get(n, ())) for n in names), problems

    # --- who acts and what is legal --------------------------------------------------------------

    def to_act(self, state: TajState) -> Optional[str]:
        seat = self._seat_to_act(state)
        if isinstance(seat, int):
            return state.players[seat]
        return seat  # chance, or None once the game is over

    def _seat_to_act(self, state: TajState) -> int | str | None:
        if state.phase == DEAL:
            return CHANCE
        if state.phase == PROPOSE:
            return state.proposer
        if state.phase == VOTE:
            return state.voter()
        if state.phase in (REMOVE, MOVE):
            return state.chooser
        if state.phase == REVEAL:
            return state.goals.index(None)
        return None

    def legal_actions(self, state: TajState) -> list[Action]:
        if state.phase == DEAL:
            return list(self._lay_rugs)
        d = state.display
        if state.phase == PROPOSE:
            n = len(d.rugs)
            return [Propose(i, j) for i in range(n) for j in range(i + 1, n)]
        if state.phase == VOTE:
            seat = state.voter()
            return [Cast(v) for v in votes_allowed(seat == state.proposer, state.spent[seat])]
        if state.phase == REMOVE:
            return [Remove(k) for k in d.furthest()]
        if state.phase == MOVE:
            allowed = {label for label, _ in d.adjustments()}
            return [MoveTaj(word) for word, label in TAJ_MOVES.items() if label in allowed]
        if state.phase == REVEAL:
            seat = state.goals.index(None)
            if state.dealt_goals is not None:
                return [ShowGoal(state.dealt_goals[seat])]
            return list(self._show_goals)
        return []

    def chance_outcomes(self, state: TajState) -> list[tuple[Action, float]]:
        """Each rug the rules allow, equally likely (the rulebook lists no rug cards: see the
        module's docstring)."""
        if state.phase != DEAL:
            return []
        return [(a, 1 / len(self.rugs)) for a in self._lay_rugs]

    # --- applying an action ------------------------------------------------------------------------

    def apply(self, state: TajState, action: Action) -> TajState:
        self._check(state, action)
        if isinstance(action, LayRug):
            dealt = state.dealt + (action.rug,)
            if len(dealt) < self.spec.at_start:
                return replace(state, dealt=dealt)
            return replace(state, dealt=(), display=start_display(self.spec, dealt), phase=PROPOSE)
        if isinstance(action, Propose):
            return replace(state, proposal=(action.first, action.second), phase=VOTE)
        if isinstance(action, Cast):
            return self._vote(state, action.vote)
        if isinstance(action, Remove):
            return self._after_removal(replace(state, display=state.display.remove(action.rug)))
        if isinstance(action, MoveTaj):
            moved = dict(state.display.adjustments())[TAJ_MOVES[action.how]]
            return self._end_turn(replace(state, display=moved))
        goals = list(state.goals)
        goals[goals.index(None)] = action.goal
        return replace(state, goals=tuple(goals), phase=REVEAL if None in goals else OVER)

    def _vote(self, state: TajState, vote: Vote) -> TajState:
        state = replace(state, votes=state.votes + (vote,))
        n = len(state.players)
        if len(state.votes) < n:
            return state
        outcome, k = vote_outcome(state.votes)
        seats = [(state.proposer + m) % n for m in range(n)]
        # All/Nix Cards: every one played leaves the game, even those that do not take effect
        spent = tuple(s or state.votes[seats.index(seat)].all_nix for seat, s in enumerate(state.spent))
        i, j = state.proposal
        state = replace(state, display=after_vote(state.display, i, j, outcome), outcome=outcome,
                        chooser=seats[k], spent=spent)
        if outcome.removes:
            far = state.display.furthest()
            if len(far) > 1:
                return replace(state, phase=REMOVE)
            state = replace(state, display=state.display.remove(far[0]))
        return self._after_removal(state)

    def _after_removal(self, state: TajState) -> TajState:
        return replace(state, phase=MOVE) if state.outcome.adjusts else self._end_turn(state)

    def _end_turn(self, state: TajState) -> TajState:
        """Game End: the game ends immediately after a turn that leaves every rug eye up or
        exactly 5 rugs; otherwise the next player clockwise proposes (Continuing the Game)."""
        over = state.display.ended(self.spec)
        return replace(state, turn=state.turn + 1, proposal=None, votes=(), outcome=None, chooser=None,
                       phase=REVEAL if over else PROPOSE)

    # --- refusals ------------------------------------------------------------------------------

    def _check(self, state: TajState, action: Action) -> None:
        if state.phase == DEAL and isinstance(action, LayRug) and action.rug in self._rug_set:
            return
        legal = self.legal_actions(state)
        if action in legal:
            return
        raise IllegalMove(f"{notation.format_action(action)}: {self._why_not(state, action)}; {self._listing(state, legal)}")

    def _listing(self, state: TajState, legal: Sequence[Action]) -> str:
        if not legal:
            return "nothing is legal now"
        shown = ", ".join(self.format(state, a) for a in legal[:SHOWN])
        return f"legal: {shown}" + (f", … ({len(legal)} in all)" if len(legal) > SHOWN else "")

    def _why_not(self, state: TajState, action: Action) -> str:
        if state.phase == OVER:
            return "the game is over (rulebook: Game End)"
        expected = self._expected(state)
        if not isinstance(action, _ACTION_OF[state.phase]):
            return f"now {expected}"
        seat = self._seat_to_act(state)
        name = state.players[seat] if isinstance(seat, int) else ""
        colours = action.rug if isinstance(action, LayRug) else action.goal if isinstance(action, ShowGoal) else ()
        if any(c not in self.spec.colours for c in colours):
            return f"the colours are {', '.join(self.spec.colours)} (rulebook: Playing the Game)"
        if isinstance(action, LayRug):
            return "a rug shows three different colours (rugs.repeat_colours = false)"
        if isinstance(action, Propose):
            n = len(state.display.rugs)
            if action.first == action.second:
                return "a proposal names two different rugs (rulebook: Game Turn)"
            return f"the display has {n} rugs, 1-{n} (rulebook: Game Turn)"
        if isinstance(action, Cast):
            if seat == state.proposer:
                return f"{name} proposes, and a player may not use an All/Nix card on his turn as the Proposer (rulebook: All/Nix Cards)"
            return f"{name}'s All/Nix card is spent: it may be used once (rulebook: Voting)"
        if isinstance(action, Remove):
            return (f"{name} removes the rug furthest from the Taj, choosing between equally far ones "
                    "(rulebook: Vote Outcome)")
        if isinstance(action, MoveTaj):
            return "the Taj may only shift in a direction where there is at least 1 rug (rulebook: Unanimous Outcomes)"
        if state.dealt_goals is not None:
            return f"{name}'s goal card is {' '.join(state.dealt_goals[seat])}, as dealt (rulebook: Setup)"
        return "a goal card names three different colours (rulebook: Scoring)"

    def _expected(self, state: TajState) -> str:
        """What happens now, in words, with its rulebook section."""
        seat = self._seat_to_act(state)
        name = state.players[seat] if isinstance(seat, int) else ""
        if state.phase == DEAL:
            return (f"the table lays out rug {len(state.dealt) + 1} of {self.spec.at_start}: its colours outer, "
                    "middle, centre (rulebook: Setup)")
        return {
            PROPOSE: f"{name} proposes two rugs to switch places (rulebook: Game Turn)",
            VOTE: f"{name} votes (rulebook: Voting)",
            REMOVE: f"{name} chooses which of the rugs furthest from the Taj leaves (rulebook: Vote Outcome)",
            MOVE: f"{name} flips the Taj or shifts it one rug (rulebook: Unanimous Outcomes)",
            REVEAL: f"{name} shows their secret goal card (rulebook: Scoring)",
        }.get(state.phase, "the game is over (rulebook: Game End)")

    # --- notation (notation.py) ------------------------------------------------------------------

    def format(self, state: TajState, action: Action) -> str:
        return notation.format_action(action)

    def parse(self, state: TajState, text: str) -> Action:
        if state.phase == OVER:
            raise IllegalMove(f"{text.strip()[:40]!r}: the game is over (rulebook: Game End)")
        action = notation.parse_action(self.spec, _ACTION_OF[state.phase], text)
        if action is None:
            shown = text.strip()[:40] or "nothing"
            legal = self._listing(state, self.legal_actions(state))
            raise BadInput(f"{shown!r} names no action: now {self._expected(state)}; {legal}")
        self._check(state, action)
        return action

    # --- the score -----------------------------------------------------------------------------

    def table(self, state: TajState) -> Table:
        """The rules model's table for ``state`` (what the scorer and the hints read), with the
        players whose goal card is known."""
        seats = [k for k in range(len(state.players)) if state.known_goal(k) is not None]
        players = tuple(Player(state.players[k], state.known_goal(k), state.spent[k]) for k in seats)  # type: ignore[arg-type]
        proposer = state.players[state.proposer] if state.phase in (PROPOSE, VOTE, REMOVE, MOVE) else None
        return Table(state.display, players, proposer, eyes_known=True)

    def standings(self, state: TajState) -> ScoreResult:
        """The existing scorer's result on the display as it stands; a player whose goal card is
        still hidden is listed last, unscored, with a note saying so."""
        if state.display is None:
            return self._unscored(state.players, "the rugs are still being laid out (rulebook: Setup): nothing to score yet")
        table = self.table(state)
        result = scoring.score(self.spec, table)
        hidden = [n for n in state.players if n not in table.names]
        if not hidden:
            return result
        unscored = tuple(PlayerScore(n, 0, len(table.players) + 1, ()) for n in hidden)
        note = f"goal card hidden until the end of the game (rulebook: Setup), not scored: {', '.join(hidden)}"
        return replace(result, players=result.players + unscored, notes=result.notes + (note,))

    def _unscored(self, names: Sequence[str], note: str) -> ScoreResult:
        players = tuple(PlayerScore(n, 0, 1, ()) for n in names)
        return ScoreResult(GAME_ID, scoring.categories(self.spec), players, notes=(note,))


_ACTION_OF = {DEAL: LayRug, PROPOSE: Propose, VOTE: Cast, REMOVE: Remove, MOVE: MoveTaj, REVEAL: ShowGoal}


@cache
def _setup_model(spec: Spec) -> Any:
    """The setup's shape: the players in seat order (clockwise), optionally the dealer and, for
    full information, every player's goal card."""
    from typing import Literal

    from pydantic import ConfigDict, Field, create_model

    from tajkit.solver.statefields import PlayerName

    colour = Literal[spec.colours]  # type: ignore[valid-type]
    return create_model(
        "TajSetup",
        __config__=ConfigDict(extra="forbid", strict=True, title="tajkit setup: TAJ"),
        players=(list[PlayerName], Field(min_length=spec.min_players, max_length=spec.max_players,
                                         description=f"{spec.min_players}-{spec.max_players} players in seat order, clockwise")),
        dealer=(Optional[str], Field(default=None, description="the dealer: the player to their left proposes first "
                                     "(default: the first listed proposes first)")),
        goals=(Optional[dict[str, list[colour]]], Field(default=None, description="full information: each player's "  # type: ignore[valid-type]
                                                       "secret goal card (x2, x1, x-1 colours)")),
    )


@cache
def rules_for(spec: Spec) -> TajRules:
    return TajRules(spec)
