"""TAJ at the table (``tajkit play taj``): the game's side of a session, over its rules protocol
(``protocol.py``; see ``TablePlay`` in ``solver/protocol.py``).

The setup asks for the dealer only (the player on the dealer's left proposes first): the goal
cards are secret, so a session never asks for them at the start. A hint for the proposer weighs
every proposal; a hint for a voter weighs the proposal on the table. Either needs the asking
player's own goal card, which they type for that hint alone unless it is known (dealt in a
full-information setup, or shown at the end). The position a hint reads lists every player,
their goal cards left out while they are secret (the hint weighs the asker's alone).
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from tajkit.solver import wording
from tajkit.solver.errors import BadInput
from tajkit.solver.game import Report
from tajkit.solver.protocol import Position, Question, TablePlay
from tajkit.solver.taj import files
from tajkit.solver.taj.protocol import (
    DEAL,
    MOVE,
    OVER,
    PROPOSE,
    REMOVE,
    REVEAL,
    VOTE,
    Cast,
    Goal,
    Propose,
    TajRules,
    TajState,
    rules_for,
)
from tajkit.solver.taj.rules import Outcome, Player, Table, Vote
from tajkit.solver.taj.spec import Spec

GOAL = "goal"  # the hint question's key: the asking player's secret goal card


@dataclass(frozen=True)
class TajPlay(TablePlay):
    """TAJ's :class:`~tajkit.solver.protocol.TablePlay` (see the module's docstring)."""

    rules: TajRules

    @property
    def spec(self) -> Spec:
        return self.rules.spec

    # --- setup ---------------------------------------------------------------------------------

    def players_setup(self, names: Sequence[str]) -> dict[str, Any]:
        return {"players": list(names)}

    def setup_questions(self, names: Sequence[str]) -> list[Question]:
        """Game Turn: the player to the left of the dealer proposes first. The default dealer is
        the last listed, so the first listed proposes first."""
        names = list(names)
        return [Question(
            key="dealer",
            prompt="Who deals?",
            read=lambda text: _dealer(names, text),
            help="the player on their left proposes first (rulebook: Game Turn)",
            default=names[-1] if names else None,
            choices=tuple(names),
        )]

    # --- hints ---------------------------------------------------------------------------------

    def hint_questions(self, state: TajState, player: str) -> list[Question]:
        """The asking player's goal card, unless the state knows it (dealt with full information,
        or shown): Setup, goal cards are kept hidden throughout the game. Nothing is asked when no
        hint is possible now (``position`` says why)."""
        seat = _seat(state, player)
        if self._refusal(state, seat) or state.known_goal(seat) is not None:
            return []
        colours = self.spec.colours
        return [Question(
            key=GOAL,
            prompt="your secret goal card (x2 x1 x-1)",  # the session names the player asked
            read=self._read_goal,
            help=f"its three colours marked x2, x1, x-1 in that order ({', '.join(colours)}), e.g. "
            f"{' '.join(colours[:3])} or {''.join(c[0] for c in colours[:3])}; used for this hint only, never recorded",
            choices=colours,
        )]

    def _read_goal(self, text: str) -> Goal:
        words = text.lower().replace(",", " ").split()
        try:
            action = self.rules._parse_goal(words)  # the notation of "goal orange blue green", shown at the end
        except BadInput as refused:
            raise BadInput(*(f"goal: {problem}" for problem in refused.problems)) from None
        shown = wording.shown(text.strip(), 40) or "nothing"
        count = len(self.spec.modifiers)
        if action is None:
            raise BadInput(f"goal = {shown!r}: a goal card has {count} colours, marked x2, x1, x-1 in that order "
                           f"(rulebook: Scoring), e.g. {' '.join(self.spec.colours[:count])}")
        if action.goal not in self.rules.goal_cards:
            raise BadInput(f"goal = {' '.join(action.goal)!r}: a goal card names {count} different colours (rulebook: Scoring)")
        return action.goal

    def position(self, state: TajState, player: str, answers: Mapping[str, Any]) -> Position:
        """The proposer's position (every proposal) or a voter's (the pending proposal): votes
        are laid face down together and revealed at once (Voting), so any player who has not yet
        voted may ask, not only the next one typed in."""
        seat = _seat(state, player)
        refusal = self._refusal(state, seat)
        if refusal:
            raise BadInput(refusal)
        goal = self._goal_for_hint(state, seat, answers)
        data = files.to_data(self.spec, _table(state, {seat: goal}))
        options: dict[str, Any] = {"player": player}
        if state.phase == VOTE:
            i, j = state.proposal  # type: ignore[misc]
            options["proposal"] = (i + 1, j + 1)
        return Position(data, options)

    def _refusal(self, state: TajState, seat: int) -> str:
        """Why ``seat`` can have no hint now ("" when they can)."""
        name = state.players[seat]
        if state.phase == DEAL:
            return (f"hint: the rugs are still being laid out ({len(state.dealt)} of {self.spec.at_start}, rulebook: "
                    "Setup): a hint weighs the whole display, once it lies on the table")
        if state.phase in (REVEAL, OVER):
            return "hint: the game is over (rulebook: Game End): nothing left to weigh; the standings give the score"
        chooser = state.players[state.chooser] if state.chooser is not None else ""
        if state.phase == REMOVE:
            return (f"hint: {chooser} chooses which of the rugs furthest from the Taj leaves (rulebook: Vote Outcome); "
                    f"tajkit's hint weighs proposals and votes, not this choice: {self._legal(state)}")
        if state.phase == MOVE:
            return (f"hint: {chooser} flips the Taj or shifts it one rug (rulebook: Unanimous Outcomes); "
                    f"tajkit's hint weighs proposals and votes, not this choice: {self._legal(state)}")
        proposer = state.players[state.proposer]
        if state.phase == PROPOSE and seat != state.proposer:
            return (f"hint: {proposer} proposes now (rulebook: Game Turn): the hint is for {proposer}; "
                    f"{name} can ask for one on the proposal once it is on the table")
        voted = (seat - state.proposer) % len(state.players)
        if state.phase == VOTE and voted < len(state.votes):
            return f"hint: {name} has voted ({state.votes[voted].value}) on this proposal (rulebook: Voting)"
        return ""

    def _legal(self, state: TajState) -> str:
        return "legal: " + ", ".join(self.rules.format(state, a) for a in self.rules.legal_actions(state))

    def _goal_for_hint(self, state: TajState, seat: int, answers: Mapping[str, Any]) -> Goal:
        known, typed = state.known_goal(seat), answers.get(GOAL)
        name = state.players[seat]
        if typed is not None:
            typed = self._read_goal(" ".join(typed) if not isinstance(typed, str) else typed)
        if known is not None and typed is not None and typed != known:
            how = "was shown" if state.goals[seat] is not None else "was dealt"
            raise BadInput(f"goal = {' '.join(typed)!r}: {name}'s goal card {how} as {' '.join(known)} (rulebook: Setup)")
        goal = known or typed
        if goal is None:
            raise BadInput(f"goal: {name}'s goal card is secret, and the hint weighs it: answer the question "
                           "for it (rulebook: Setup, Scoring)")
        return goal

    def plays(self, state: TajState, report: Report) -> list[tuple[str, ...]]:
        """Each proposal the report lists as ``propose A B``; the vote it advises as the vote. A
        report for a position other than ``state``'s, or for a voter who is not the next to be
        typed in (the votes are typed in turn order from the proposer), lists nothing to play."""
        data = report.json
        player = data.get("player")
        if self.rules.to_act(state) != player:
            return []
        if state.phase == PROPOSE and "proposals" in data:
            return [(self.rules.format(state, Propose(a - 1, b - 1)),) for a, b in (p["rugs"] for p in data["proposals"])]
        vote = data.get("vote")
        if state.phase == VOTE and vote is not None and tuple(vote["rugs"]) == tuple(k + 1 for k in state.proposal):
            # All/Nix Cards: only the first card in turn order counts, so one already revealed leaves a later card no use
            cards = not any(v.all_nix for v in state.votes)
            return [(self.rules.format(state, Cast(advised_vote(vote, data["possible_outcomes"], cards))),)]
        return []

    # --- the position as text and as a file --------------------------------------------------------

    def describe(self, state: TajState) -> str:
        """Whose turn and what to type first, then the proposal and its votes, the rugs as the
        proposals number them, the Taj over them, and the All/Nix cards spent."""
        lines = [self._whose_turn(state), self._how_to_type(state)]
        if state.display is None:
            lines.append(f"Rugs laid out so far, left to right ({' '.join(self.spec.portions)}):")
            lines += [f"  {k:>2}  {' '.join(rug)}" for k, rug in enumerate(state.dealt, 1)] or ["  none yet"]
            return "\n".join(_fitted(line) for line in lines)
        lines += self._proposal_lines(state)
        lines += self._display_lines(state)
        lines += self._card_lines(state)
        return "\n".join(_fitted(line) for line in lines if line)

    def _whose_turn(self, state: TajState) -> str:
        if state.phase == DEAL:  # the rules' own sentence is too long for a terminal line
            return f"The table lays out rug {len(state.dealt) + 1} of {self.spec.at_start} (rulebook: Setup)."
        return _sentence(self.rules._expected(state)) + "."

    def _how_to_type(self, state: TajState) -> str:
        if state.phase == DEAL:
            return f"Type its colours, {' '.join(self.spec.portions)}: pink green blue, or pgb."
        if state.phase == PROPOSE:
            return f"Type: propose A B (two rugs, 1-{len(state.display.rugs)})."  # type: ignore[union-attr]
        if state.phase == REVEAL:
            return "Type: goal and its colours x2 x1 x-1, e.g. goal orange blue green."
        if state.phase == OVER:
            return ""
        return f"Type: {', '.join(self.rules.format(state, a) for a in self.rules.legal_actions(state))}."

    def _proposal_lines(self, state: TajState) -> list[str]:
        if state.proposal is None:
            return [f"Turn {state.turn + 1}." if state.phase != REVEAL and state.phase != OVER
                    else f"{state.turn} turns played."]
        i, j = state.proposal
        proposer = state.players[state.proposer]
        lines = [f"Turn {state.turn + 1}: {proposer} proposes to switch rugs {i + 1} and {j + 1}."]
        if state.votes:
            seats = [(state.proposer + k) % len(state.players) for k in range(len(state.votes))]
            lines.append("Votes: " + ", ".join(f"{state.players[s]} {v.value}" for s, v in zip(seats, state.votes)) + ".")
        if state.outcome is not None:
            lines.append(f"The vote: {state.outcome.value.replace('_', ' ')}.")
        return lines

    def _display_lines(self, state: TajState) -> list[str]:
        d = state.display
        assert d is not None
        width = max(len(c) for c in self.spec.colours)
        lines = [f"{len(d.rugs)} rugs (the game ends after a turn that leaves {self.spec.ends_at}, or every eye up),",
                 f"left to right ({' '.join(self.spec.portions)}):"]
        for k, rug in enumerate(d.rugs):
            taj = ("Taj +1" if k == d.plus_rug else "Taj") if k in d.under else ""
            eye = "eye up" if d.eyes[k] else ""
            row = f"  {k + 1:>2}  {'  '.join(c.ljust(width) for c in rug)}  {taj:<6}  {eye}"
            lines.append(row.rstrip())
        return lines

    def _card_lines(self, state: TajState) -> list[str]:
        spent = [n for n, s in zip(state.players, state.spent) if s]
        held = [n for n, s in zip(state.players, state.spent) if not s]
        lines = [f"All/Nix card spent: {', '.join(spent) or 'nobody'}; still held: {', '.join(held) or 'nobody'}."]
        shown = [f"  {n}: {' '.join(g)}" for n, g in zip(state.players, state.goals) if g is not None]
        return lines + (["Goal cards shown (x2 x1 x-1):", *shown] if shown else [])

    def state_file(self, state: TajState) -> dict[str, Any] | None:
        """The state file of the display as it stands, every player listed; a goal card still
        secret is left out (``tajkit show`` draws it; ``tajkit score`` needs every goal, so it
        reads a finished game's). None while the rugs are being laid out."""
        if state.display is None:
            return None
        return files.to_data(self.spec, _table(state))

    def tell(self, before: TajState, action: Any, after: TajState) -> tuple[str, ...]:
        """What ``action`` did, in one to three sentences for the terminal and the phones alike."""
        from tajkit.solver.taj import narration

        return narration.tell(self.spec, before, action, after)


def advised_vote(vote: Mapping[str, Any], possible: Sequence[str], cards: bool = True) -> Vote:
    """The vote the hint's advice on a pending proposal points to: the All or Nix card where it
    pays (the one guaranteeing more; only with ``cards``), else Yea when the proposal passing
    scores at least as much for the player as its failing. A proposer's figures are their best
    choice (they choose), a voter's the worst the proposer's choice may leave (Vote Outcome,
    Unanimous Outcomes)."""
    if cards and vote["all_pays"] and (not vote["nix_pays"] or vote["all_guarantees"] >= vote["nix_guarantees"]):
        return Vote.all
    if cards and vote["nix_pays"]:
        return Vote.nix
    swap = Outcome.passes if Outcome.passes.value in possible else Outcome.unanimous_yea
    fail = Outcome.fails if Outcome.fails.value in possible else Outcome.unanimous_nay
    figure = "high" if vote["you_are_proposer"] else "low"
    return Vote.yea if vote[f"if_{swap.value}"][figure] >= vote[f"if_{fail.value}"][figure] else Vote.nay


def _table(state: TajState, goals: Mapping[int, Goal] | None = None) -> Table:
    """The rules model's table of ``state`` with every player, a goal card None while it is secret
    (``goals`` adds those a player has typed for a hint)."""
    known = {k: state.known_goal(k) for k in range(len(state.players))} | dict(goals or {})
    players = tuple(Player(n, known[k], state.spent[k]) for k, n in enumerate(state.players))  # type: ignore[arg-type]
    proposer = state.players[state.proposer] if state.phase in (PROPOSE, VOTE, REMOVE, MOVE) else None
    voted_on = state.proposal if state.phase == VOTE else None
    return Table(state.display, players, proposer, eyes_known=True, proposal=voted_on)  # type: ignore[arg-type]


def _seat(state: TajState, player: str) -> int:
    if player in state.players:
        return state.players.index(player)
    close = wording.closest(player, list(state.players))
    hint = f"did you mean {close}?" if close else f"the players are {', '.join(state.players)}"
    raise BadInput(f"player {wording.shown(player, 30)!r}: not one of the players ({hint})")


def _dealer(names: list[str], text: str) -> str:
    typed = text.strip()
    found = [n for n in names if n.lower() == typed.lower()]
    if found:
        return found[0]
    close = wording.closest(typed, names)
    hint = f"did you mean {close}?" if close else f"the players are {', '.join(names)}"
    raise BadInput(f"dealer = {wording.shown(typed, 30)!r}: the dealer is one of the players ({hint}) (rulebook: Game Turn)")


def _fitted(line: str) -> str:
    """A line of at most 80 characters, or wrapped (names and rugs are never cut)."""
    return "\n".join(textwrap.wrap(line, 80, subsequent_indent="  ", break_long_words=False)) if len(line) > 80 else line


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


@cache
def play_for(spec: Spec) -> TajPlay:
    return TajPlay(rules_for(spec))
