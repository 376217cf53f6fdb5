"""TAJ at the table (``tajkit play taj``): the game's side of a session, over its rules protocol
(``protocol.py``; see ``TablePlay`` in ``solver/protocol.py``).

The setup asks for the dealer only (the player on the dealer's left proposes first): the goal
cards are secret, so a session never asks for them at the start. A hint for the proposer weighs
every proposal; a hint for a voter weighs the proposal on the table; a hint for the chooser after
a vote weighs which rug leaves and how the Taj moves. Each needs the asking player's own goal
card, which they type for that hint alone unless it is known (dealt in a full-information setup,
or shown at the end). The hint reads the protocol's state (``hint.answer``); a position file
(``tajkit hint taj FILE``) is read into the same state first (:meth:`TajPlay.position_state`).
"""

from __future__ import annotations

import random
import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from tajkit.solver import wording
from tajkit.solver.errors import BadInput
from tajkit.solver.protocol import HintAnswer, Pick, Position, Question, TablePlay
from tajkit.solver.ranking import plural
from tajkit.solver.taj import files, hint, notation
from tajkit.solver.taj.notation import Cast, Goal, LayRug, MoveTaj, Propose, Remove, ShowGoal
from tajkit.solver.taj.protocol import (
    DEAL,
    MOVE,
    OVER,
    PROPOSE,
    REMOVE,
    REVEAL,
    VOTE,
    TajRules,
    TajState,
    rules_for,
)
from tajkit.solver.taj.rules import Player, Table, Vote
from tajkit.solver.taj.spec import Spec

GOAL = "goal"  # the hint question's key (and the hint's --goal): the asking player's secret goal card
TOP = 5  # proposals a hint lists unless told
VOTE_CARDS = {  # the voting cards as the buttons under the board name them (rulebook: Voting, All/Nix Cards)
    Vote.yea: "Yea",
    Vote.nay: "Nay",
    Vote.all: "All (once a game)",
    Vote.nix: "Nix (once a game)",
}
AFTER_VOTE = "after the vote"  # the board file's key: what the vote left to do (REMOVE or MOVE)
TAJ_TAPS = {"flip": "flip it over", "shift left": "shift it one rug left", "shift right": "shift it one rug right"}


@dataclass(frozen=True)
class TajPlay(TablePlay):
    """TAJ's :class:`~tajkit.solver.protocol.TablePlay` (see the module's docstring)."""

    rules: TajRules
    notation = ("a rug laid: its colours outer, middle, centre, pink green blue or pgb. propose 2 5 (two rugs to "
                "switch); the votes: yea, nay, all, nix; the proposer's choice: remove 10, flip, shift left; at the "
                "end each goal card shown, x2 x1 x-1: goal orange blue green")

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
            picks=tuple(Pick(n) for n in names),
        )]

    def deal(self, names: Sequence[str], rng: random.Random) -> tuple[dict[str, str], tuple[str, ...]]:
        """Setup: "Choose a dealer": the dealer drawn with ``rng``, and how to lay the cards out.
        The rug cards are shuffled into the display at the table and typed in one by one (chance
        events): the seed data does not know the ten rug cards, so tajkit cannot deal them (design
        principle 2); the goal cards stay secret until the end."""
        names = list(names)
        dealer = rng.choice(names)
        first = names[(names.index(dealer) + 1) % len(names)]
        spec = self.spec
        right = spec.at_start - spec.start_left - spec.width
        return {"dealer": dealer}, (
            f"{dealer} deals; {first}, on the dealer's left, proposes first (rulebook: Setup, Game Turn).",
            "Each player takes a Yea/Nay and an All/Nix voting card (rulebook: Setup).",
            f'Place the Taj card with its "+1" on the {spec.start_side}. Shuffle the {spec.at_start} rug cards and lay '
            f"them in a row under it, Curator's Eye away from the Taj: {spec.start_left} to the left of the Taj, "
            f"{spec.width} under it, {right} to the right (rulebook: Setup).",
            "Then tap each rug's colours (outer, middle, centre) on a phone, left to right: tajkit does not know "
            "your rug cards, so the table tells it what lies there.",
            "Shuffle the secret goal cards and deal one to each player face down: keep it hidden; tajkit asks for it "
            "only at the end (rulebook: Setup, Scoring).",
        )

    # --- on the board (the phones) ---------------------------------------------------------------

    def taps(self, state: TajState, action: Any) -> tuple[str, ...]:
        """How a finger chooses ``action`` on the display (``sheets.taj.board``): the two rugs of a
        proposal (Game Turn), the rug to remove (Vote Outcome), the Taj and then how it moves
        (Unanimous Outcomes); a vote is one of the voting cards, a button under the display
        (Voting); a goal card shown at the end is its colours, ×2 then ×1 then ×−1 (Scoring).
        A rug the table lays out (chance) is its colours in words, outer, middle, then centre
        (Playing the Game), each with its letter: colour is never the only signal."""
        if isinstance(action, LayRug):
            return self.rug_taps(action.rug)
        if isinstance(action, Propose):
            return (_rug(action.first), _rug(action.second))
        if isinstance(action, Remove):
            return (_rug(action.rug),)
        if isinstance(action, MoveTaj):
            return ("taj", TAJ_TAPS[action.how])
        if isinstance(action, Cast):
            return (VOTE_CARDS[action.vote],)
        if isinstance(action, ShowGoal):
            return tuple(f"×{_signed(m)} {colour}" for m, colour in zip(self.spec.modifiers, action.goal))
        return ()

    def rug_taps(self, colours: Sequence[str]) -> tuple[str, ...]:
        """A rug's colours as the table taps them, portion by portion: ``outer green (G)``,
        ``middle orange (O)``, ``centre pink (P)`` (the letter is how the notation shortens it)."""
        return tuple(f"{portion} {colour} ({colour[0].upper()})" for portion, colour in zip(self.spec.portions, colours))

    def choice_label(self, state: TajState, start: str) -> str | None:
        """The table's rugs on its list, grouped by their first colours: ``green orange`` is
        "outer green (G) · middle orange (O)"."""
        colours = start.split()
        if state.phase != DEAL or not colours or not set(colours) <= set(self.spec.colours):
            return None
        return " · ".join(self.rug_taps(colours))

    def tap_orders(self, state: TajState, action: Any) -> tuple[tuple[str, ...], ...]:
        """A proposal's two rugs in either order: a finger taps them as it likes."""
        taps = self.taps(state, action)
        if isinstance(action, Propose):
            return (taps, taps[::-1])
        return (taps,) if taps else ()

    def confirm(self, state: TajState, action: Any) -> str | None:
        """An All or Nix card is asked about once: a player has one for the whole game (Voting)."""
        if isinstance(action, Cast) and action.vote.all_nix:
            forced = "Yea" if action.vote is Vote.all else "Nay"
            return (f"Play your {action.vote.value.capitalize()} card? You may use your All/Nix card once a game "
                    f"(rulebook: Voting); it makes the vote a unanimous {forced} (rulebook: All/Nix Cards).")
        return None

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
            f"{' '.join(colours[:3])} or {''.join(c[0] for c in colours[:3])}; hidden as it is typed, used for this hint "
            "only, never recorded",
            choices=colours,
            secret=True,
            slots=tuple(f"x{m}" for m in self.spec.modifiers),  # a phone: a colour picked for each mark
            picks=tuple(Pick(c, f"{c} ({c[0].upper()})") for c in colours),
        )]

    def _read_goal(self, text: str) -> Goal:
        """The goal card typed for a hint. It is secret (rulebook: Setup, goal cards are kept hidden
        throughout the game), so a refusal says what is wrong without repeating what was typed."""
        colours, count = self.spec.colours, len(self.spec.modifiers)
        example = " ".join(colours[:count])
        words = text.lower().replace(",", " ").split()
        try:
            action = notation.parse_goal(self.spec, words)  # the notation of "goal orange blue green", shown at the end
        except BadInput:
            raise BadInput(f"goal: a word typed is not a colour: the colours are {', '.join(colours)}, each by its "
                           f"name or a start of it (rulebook: Playing the Game), e.g. {example}") from None
        if action is None:
            raise BadInput(f"goal: {plural(len(words), 'word')} typed: a goal card has {count} colours, marked x2, x1, "
                           f"x-1 in that order (rulebook: Scoring), e.g. {example}")
        if action.goal not in self.rules.goal_cards:
            raise BadInput(f"goal: a colour typed twice: a goal card names {count} different colours (rulebook: Scoring)")
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
        if state.phase == REMOVE and seat != state.chooser:
            return (f"hint: {chooser} chooses which of the rugs furthest from the Taj leaves (rulebook: Vote Outcome): "
                    f"the hint is for {chooser}")
        if state.phase == MOVE and seat != state.chooser:
            return f"hint: {chooser} flips the Taj or shifts it one rug (rulebook: Unanimous Outcomes): the hint is for {chooser}"
        proposer = state.players[state.proposer]
        if state.phase == PROPOSE and seat != state.proposer:
            return (f"hint: {proposer} proposes now (rulebook: Game Turn): the hint is for {proposer}; "
                    f"{name} can ask for one on the proposal once it is on the table")
        voted = (seat - state.proposer) % len(state.players)
        if state.phase == VOTE and voted < len(state.votes):
            return f"hint: {name} has voted ({state.votes[voted].value}) on this proposal (rulebook: Voting)"
        return ""

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

    def hint(self, state: TajState, player: str, answers: Mapping[str, Any], options: Mapping[str, Any]) -> HintAnswer:
        """The hint for ``player`` (``hint.answer``), with their goal card (``answers``, unless the
        state knows it). Refused with why where nothing is to be weighed (the rugs being laid out,
        the game over, a vote already cast, another's choice); a player asking while another
        proposes gets the proposals of their own turn where their goal card is known (a position
        file, a full-information game): never asked for it then."""
        seat = _seat(state, player)
        if answers.get(GOAL) is None and options.get("goal") is not None:  # --goal where nothing was asked
            answers = {**answers, GOAL: self._read_goal(options["goal"])}
        refusal = self._refusal(state, seat)
        ahead = state.phase == PROPOSE and (state.known_goal(seat) or answers.get(GOAL)) is not None
        if refusal and not ahead:
            raise BadInput(refusal)
        goal = self._goal_for_hint(state, seat, answers)
        return hint.answer(self.rules, state, _table(state, {seat: goal}), player, options.get("top") or TOP)

    def position_state(self, data: Mapping[str, Any], options: Mapping[str, Any]) -> tuple[TajState, str, dict[str, Any]]:
        """A position file (the display, the players with their goal cards where known, whose
        proposal, the proposal being voted on) as the protocol state it describes: the proposer's
        turn (Game Turn), or the vote on the proposal the file or ``--proposal`` names (Voting).
        The player is ``--player``, else the only player or the proposer; their goal card is
        ``--goal`` or the file's. A file that names no proposer: a player asked about proposals
        proposes; one asked about a proposal is a voter (the player before them proposed it)."""
        table = files.read_state(self.spec, dict(data), hidden_goals=True)
        hint.check_not_over(self.spec, table)
        name = hint.pick_player(table, options.get("player"))
        typed = options.get("goal")
        goal = self._read_goal(typed) if typed is not None else table.player(name).goal
        if goal is None:
            raise BadInput(f"players: {wording.shown(name, 30)} has no goal in the file, and the hint weighs the player's "
                           "own goal card (rulebook: Scoring): add it, give it with --goal, or choose a player who has "
                           "one with --player NAME")
        proposal = self._proposal(table, options.get("proposal"))
        names, seat = table.names, table.names.index(name)
        if table.proposer is not None:
            proposer = names.index(table.proposer)
        else:
            proposer = seat if proposal is None else (seat - 1) % len(names)
        state = TajState(tuple(names), proposer, phase=PROPOSE if proposal is None else VOTE, display=table.display,
                         spent=tuple(p.all_nix_used for p in table.players), proposal=proposal,
                         goals=(None,) * len(names))
        return state, name, {GOAL: goal}

    def _proposal(self, table: Table, given: Any) -> tuple[int, int] | None:
        """The proposal being voted on (0-based, in order): the file's, or ``--proposal I J``; both
        given, they must be the same two rugs (Game Turn: a proposal has 2 rugs switch places)."""
        n = len(table.display.rugs)
        if given is not None:
            a, b = given
            if not (1 <= a <= n and 1 <= b <= n) or a == b:
                raise BadInput(f"--proposal {a} {b}: name two different rugs between 1 and {n}")
        if table.proposal is not None:
            written = (table.proposal[0] + 1, table.proposal[1] + 1)
            if given is not None and tuple(sorted(given)) != tuple(sorted(written)):
                raise BadInput(f"--proposal {given[0]} {given[1]}: the file's proposal = [{written[0]}, {written[1]}] "
                               "is another: give the one on the table (or leave --proposal out)")
            given = written
        return None if given is None else tuple(sorted(k - 1 for k in given))  # type: ignore[return-value]

    # --- the position as text and as a file --------------------------------------------------------

    def situation(self, state: TajState) -> str:
        """Where the game stands: whose turn, the proposal and its votes so far (``describe``'s opening)."""
        lines = [self._whose_turn(state)] + (self._proposal_lines(state) if state.display is not None else [])
        return "\n".join(_fitted(line) for line in lines if line)

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

    def board_data(self, state: TajState) -> dict[str, Any] | None:
        """The state file, and what the vote left to do (the state file holds a position, not
        whether a rug is leaving or the Taj moving), so the board says what to tap now."""
        data = self.state_file(state)
        if data is not None and state.phase in (REMOVE, MOVE):
            data = {**data, AFTER_VOTE: state.phase}
        return data

    def tell(self, before: TajState, action: Any, after: TajState) -> tuple[str, ...]:
        """What ``action`` did, in one to three sentences for the terminal and the phones alike."""
        from tajkit.solver.taj import narration

        return narration.tell(self.spec, before, action, after)


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


def _rug(index: int) -> str:
    """A rug's target on the board (``sheets.taj.board``), by its place from the left."""
    return f"rug {index + 1}"


def _signed(modifier: int) -> str:
    return f"−{-modifier}" if modifier < 0 else str(modifier)


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
