"""TAJ hints: every proposal with the player's score under each vote outcome, advice for a voter
(and whether the All or Nix card pays), the chooser's choice after a vote (which rug leaves, how
the Taj moves), and the ideal display for the player's goal.

The spaces are small (at most 45 proposals, a handful of outcomes and Taj moves, 1,440 ways to
put three rugs under the Taj), so every answer is exact: all cases are checked. :func:`answer` is
the hint on the rules protocol's state (``TajPlay.hint``); :mod:`.report` writes its words.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from itertools import combinations, permutations

from tajkit.solver import wording
from tajkit.solver.errors import BadInput, BadState
from tajkit.solver.game import Report
from tajkit.solver.protocol import EXACT, Advice, HintAnswer, moves_json
from tajkit.solver.taj import report, scoring
from tajkit.solver.taj.notation import Action, Cast, Propose
from tajkit.solver.taj.protocol import MOVE, OVER, PROPOSE, REMOVE, REVEAL, VOTE, TajRules, TajState
from tajkit.solver.taj.rules import (
    Display,
    Outcome,
    Table,
    Vote,
    colour_values,
    goal_score,
    possible_outcomes,
    results,
)
from tajkit.solver.taj.spec import Spec


@dataclass(frozen=True)
class Result:
    """The player's score after one outcome. Where someone must choose (which of two equally far
    rugs leaves, how the Taj moves), ``low``..``high`` is the range and ``best`` the choice that
    gives ``high``."""

    outcome: Outcome
    low: int
    high: int
    best: str
    ends: bool  # the game ends after the best choice (rulebook: Game End)
    may_end: bool = False  # some choice ends the game
    must_end: bool = False  # every choice ends the game


@dataclass(frozen=True)
class Proposal:
    rugs: tuple[int, int]  # 0-based
    results: dict[Outcome, Result]
    why: str


def answer(rules: TajRules, state: TajState, table: Table, player: str, top: int) -> HintAnswer:
    """The hint for ``player`` in ``state`` (``table``: the rules model's table of it, with the
    player's goal card), on the rules protocol: the proposer's proposals (Game Turn), a voter's
    votes (Voting, All/Nix Cards), or the chooser's ways to finish the turn (Vote Outcome,
    Unanimous Outcomes), best first, each as the actions that play it, with the ideal display for
    the player's goal. A player who is not to act (a voter not yet typed in, a player looking
    ahead to their own turn) gets the advice and no move to take now. Every value is exact: all
    cases are checked."""
    spec = rules.spec
    possible = possible_outcomes(len(state.players))
    best = ideal(spec, table, player)
    notes = list(scoring.readings(spec))
    acting = rules.to_act(state) == player
    items = advice = found = None
    if state.phase == PROPOSE:
        items = proposals(spec, table, player)[:top]
        proposer = state.players[state.proposer]
        if proposer != player:
            notes.append(f"{proposer} proposes now: these are the proposals {player} could make on their own turn; to "
                         f"weigh {proposer}'s proposal as a voter, ask once it is on the table (in a position file: "
                         "proposal = [I, J], or --proposal I J)")
        swap = _swap(possible)
        moves = [Advice((Propose(*p.rugs),), p.results[swap].high, said=f"propose {p.rugs[0] + 1} {p.rugs[1] + 1}")
                 for p in items]
        passes = "passes" if swap is Outcome.passes else "passes unanimously (two players have no plain majority)"
        meaning = f"your score with the display the turn leaves if the proposal {passes}, your best choice"
        text = report.proposals_text(player, items, possible, best.now, top, proposing=proposer == player)
    elif state.phase == VOTE:
        advice = vote_advice(spec, table, player, *state.proposal)  # type: ignore[misc]
        if advice.card_allowed:
            notes.append(report.FIRST_CARD)
        cards = not any(v.all_nix for v in state.votes)  # only the first card in turn order counts
        ranked = ranked_votes(advice, cards)
        moves = [Advice((Cast(vote),), value, said=vote.value) for vote, value in ranked]
        meaning = ("your score with the display the turn leaves if your vote carries: " +
                   ("your best choice" if advice.proposer else "the worst the proposer's choice may leave") +
                   "; for All or Nix, what the card guarantees (you choose)")
        text = report.vote_text(player, advice)
    else:
        found = choices(rules, state, table.player(player).goal)  # type: ignore[arg-type]
        moves = [Advice(c.actions, c.score, said=c.said) for c in found]
        meaning = "your score with the display your choice leaves"
        text = report.choices_text(player, state, found, best.now)
    text += "\n" + report.ideal_text(best)
    moves = moves if acting else []
    data = report.hint_json(player, items, advice, best, possible, top, found)
    if advice is not None:  # the advice whoever asks, the next to be typed in or not
        data["vote"]["advised"] = ranked[0][0].value
    data |= moves_json(rules, state, moves, meaning, EXACT)
    return HintAnswer(player, tuple(moves), meaning, EXACT, Report(text, data, tuple(notes)))


def ranked_votes(v: VoteAdvice, cards: bool) -> list[tuple[Vote, int]]:
    """The votes worth casting, best first, each with what it is worth to the player: Yea and Nay
    at the score if their side carries (the proposer's choices their best where they are the
    proposer, else the worst the proposer's choice may leave: Vote Outcome, Unanimous Outcomes);
    the All or Nix card at what it guarantees, listed only where it pays (beats every outcome
    without a card: otherwise keep it, it may be used once) and ``cards`` (no card revealed before:
    only the first in turn order counts, All/Nix Cards). The advice, the first, is the card
    guaranteeing most where one pays, else Yea when passing scores at least as much as failing."""
    swap = Outcome.passes if Outcome.passes in v.possible else Outcome.unanimous_yea
    fail = Outcome.fails if Outcome.fails in v.possible else Outcome.unanimous_nay
    figure = "high" if v.proposer else "low"
    ranked = [(Vote.all, v.all_value), (Vote.nix, v.nix_value)] if cards else []
    ranked = [(vote, value) for vote, value in ranked if (v.all_pays if vote is Vote.all else v.nix_pays)]
    ranked += [(Vote.yea, getattr(v.results[swap], figure)), (Vote.nay, getattr(v.results[fail], figure))]
    return sorted(ranked, key=lambda r: -r[1])  # type: ignore[arg-type,return-value]  # stable: All, Nix, Yea, Nay among equals


@dataclass(frozen=True)
class Choice:
    """A way for the chooser to finish the turn: the protocol actions (the rug that leaves, the
    Taj's move), in words, the player's score on the display it leaves, what those rugs could
    still give them, and whether the game ends."""

    actions: tuple[Action, ...]
    said: str
    score: int
    promise: int
    ends: bool


def choices(rules: TajRules, state: TajState, goal: tuple[str, ...]) -> list[Choice]:
    """Every way the chooser may finish the turn, played through the rules: which of the rugs
    furthest from the Taj leaves where two are equally far (Vote Outcome), then the Taj flipped or
    shifted one rug after a unanimous vote (Unanimous Outcomes; the All/Nix voter chooses instead
    of the proposer, All/Nix Cards). Best first for ``goal``, as a voter's hint prices the same
    choice (:func:`outcome_result`): the score on the display it leaves, then the rugs kept that
    could help the player later."""
    spec = rules.spec
    found = []

    def finish(s: TajState, done: tuple[Action, ...]) -> None:
        if s.phase in (REMOVE, MOVE):
            for action in rules.legal_actions(s):
                finish(rules.apply(s, action), done + (action,))
            return
        d = s.display
        found.append(Choice(done, ", then ".join(rules.format(state, a) for a in done),
                            goal_score(spec, goal, colour_values(spec, d)), _promise(spec, goal, d),  # type: ignore[arg-type]
                            s.phase in (REVEAL, OVER)))

    finish(state, ())
    return sorted(found, key=lambda c: (-c.score, -c.promise))


def pick_player(table: Table, name: str | None) -> str:
    """Whose view a hint takes: the one named, the only player, or the proposer."""
    return wording.pick_name(table.names, name, default=table.proposer)


def outcome_result(spec: Spec, display: Display, goal: tuple[str, ...], i: int, j: int, outcome: Outcome) -> Result:
    """Where choices score the same now (which of two equally far rugs leaves never changes the
    rugs under the Taj), the best choice keeps the rugs that could help the player later."""
    scored = [
        (goal_score(spec, goal, colour_values(spec, d)), _promise(spec, goal, d), how, d.ended(spec))
        for how, d in results(display, i, j, outcome)
    ]
    best = max(scored, key=lambda s: s[:2])
    ends = [s[3] for s in scored]
    return Result(outcome, min(s[0] for s in scored), best[0], best[2], best[3], any(ends), all(ends))


def _promise(spec: Spec, goal: tuple[str, ...], d: Display) -> int:
    """How much the rugs in play could still give the player: each rug's goal score as if it lay
    under the Taj (only the helpful ones count)."""
    weight = dict(zip(goal, spec.modifiers))
    return sum(
        max(0, sum(weight.get(c, 0) * p for c, p in zip(rug, spec.points))) for rug in d.rugs
    )


def check_not_over(spec: Spec, table: Table) -> None:
    """Game End: a display with exactly 5 rugs, or every rug eye up, is finished: nothing to hint."""
    d = table.display
    if len(d.rugs) == spec.ends_at:
        raise BadState(f"display: {len(d.rugs)} rugs remain, so the game is over (rulebook: Game End): score it with tajkit score taj")
    if table.eyes_known and all(d.eyes):
        raise BadState("eyes_up: every rug is eye up, so the game is over (rulebook: Game End): score it with tajkit score taj")


def proposals(spec: Spec, table: Table, name: str) -> list[Proposal]:
    """Every proposal (any two rugs: Game Turn), best first for ``name`` as the proposer, who
    chooses the rug to remove between equally far ones and the Taj's flip or shift."""
    d = table.display
    goal = table.player(name).goal
    now = goal_score(spec, goal, colour_values(spec, d))
    out = []
    for i, j in combinations(range(len(d.rugs)), 2):
        res = {o: outcome_result(spec, d, goal, i, j, o) for o in Outcome}
        out.append(Proposal((i, j), res, _why(spec, d, goal, i, j, res, now)))
    possible = possible_outcomes(len(table.players))
    # best if it passes, then the best worst case over the outcomes this table can produce
    out.sort(key=lambda p: (-p.results[_swap(possible)].high, -min(p.results[o].high for o in possible), p.rugs))
    return out


def _swap(possible: list[Outcome]) -> Outcome:
    return Outcome.passes if Outcome.passes in possible else Outcome.unanimous_yea


def _why(spec: Spec, d: Display, goal: tuple[str, ...], i: int, j: int, res: dict[Outcome, Result], now: int) -> str:
    """What the swap does for the player, without naming their goal's colours (the goal card is
    secret, rulebook: Setup, and a hint may be read at a shared terminal)."""
    before = colour_values(spec, d)
    after = colour_values(spec, d.swap(i, j))
    changes = sum(before[c] != after[c] for c in goal)
    passes = res[Outcome.passes].high
    if changes:
        which = "one of your goal's colours" if changes == 1 else f"{changes} of your goal's colours"
        swap = f"Swapping rugs {i + 1} and {j + 1} changes {which} under the Taj: {passes - now:+d} for you if it passes"
    else:
        swap = f"Swapping rugs {i + 1} and {j + 1} changes none of your colours under the Taj"
    fails = res[Outcome.fails]
    return f"{swap}; if it fails, {fails.best} ({fails.high - now:+d})."


@dataclass(frozen=True)
class VoteAdvice:
    rugs: tuple[int, int]
    now: int
    results: dict[Outcome, Result]
    possible: tuple[Outcome, ...]
    card_allowed: bool
    card_reason: str
    all_value: int | None  # the score an All card guarantees (the player then moves the Taj)
    nix_value: int | None
    all_pays: bool
    nix_pays: bool
    proposer: bool = False  # the player is the proposer: where the proposer chooses, the player does
    card_holders: tuple[str, ...] = ()  # the other players who may still play All/Nix (and then choose)


def vote_advice(spec: Spec, table: Table, name: str, i: int, j: int) -> VoteAdvice:
    """A voter's view of a pending proposal (Vote Outcome, All/Nix Cards)."""
    d = table.display
    n = len(d.rugs)
    if not (0 <= i < n and 0 <= j < n) or i == j:
        raise BadInput(f"--proposal {i + 1} {j + 1}: name two different rugs between 1 and {n}")
    player = table.player(name)
    goal = player.goal
    res = {o: outcome_result(spec, d, goal, i, j, o) for o in Outcome}
    possible = tuple(possible_outcomes(len(table.players)))
    reason = ""
    if table.proposer == name:
        reason = "a proposer may not play All/Nix on their own turn"
    elif player.all_nix_used:
        reason = "your All/Nix card is already spent"
    allowed = not reason
    all_value = res[Outcome.unanimous_yea].high if allowed else None
    nix_value = res[Outcome.unanimous_nay].high if allowed else None
    ordinary = [o for o in possible if not o.adjusts] or list(possible)
    best_without = max(res[o].high for o in ordinary)
    return VoteAdvice(
        rugs=(i, j),
        now=goal_score(spec, goal, colour_values(spec, d)),
        results=res,
        possible=possible,
        card_allowed=allowed,
        card_reason=reason,
        all_value=all_value,
        nix_value=nix_value,
        all_pays=allowed and all_value is not None and all_value > best_without,
        nix_pays=allowed and nix_value is not None and nix_value > best_without,
        proposer=table.proposer == name,
        card_holders=tuple(p.name for p in table.players if p.name != name and not p.all_nix_used),
    )


@dataclass(frozen=True)
class Ideal:
    rugs: tuple[int, int, int]  # 0-based, left to right under the Taj
    plus_right: bool
    score: int
    now: int
    swaps: tuple[tuple[int, int], ...]  # a shortest series of swaps (0-based positions)
    shift: int  # Taj moves: negative to the left, positive to the right
    flip: bool
    arrangements: int  # how many were checked


def ideal(spec: Spec, table: Table, name: str) -> Ideal:
    """The best three rugs under the Taj, in order, and the +1 end for the player's goal, among
    the rugs in play; of the best, the one fewest steps away (swaps, Taj shifts and a flip)."""
    d = table.display
    goal = table.player(name).goal
    n, w = len(d.rugs), spec.width
    scored = []
    for trio in permutations(range(n), w):
        for plus_right in (False, True):
            trial = Display(tuple(d.rugs[k] for k in trio), 0, plus_right, (False,) * w, w)
            scored.append((goal_score(spec, goal, colour_values(spec, trial)), trio, plus_right))
    top = max(s[0] for s in scored)
    best = None
    for _, trio, plus_right in (s for s in scored if s[0] == top):
        for start in range(n - w + 1):
            swaps = _swaps_to(list(trio), list(range(start, start + w)), n)
            shift, flip = start - d.taj, plus_right != d.plus_right
            key = (len(swaps) + abs(shift) + flip, len(swaps))
            if best is None or key < best[0]:
                best = (key, trio, plus_right, swaps, shift, flip)
    assert best is not None
    _, trio, plus_right, swaps, shift, flip = best
    now = goal_score(spec, goal, colour_values(spec, d))
    return Ideal(tuple(trio), plus_right, top, now, tuple(swaps), shift, flip, len(scored))  # type: ignore[arg-type]


def _swaps_to(rugs: list[int], slots: list[int], n: int) -> list[tuple[int, int]]:
    """A shortest series of swaps that brings rug ``rugs[k]`` (by its position) to ``slots[k]``."""
    start, goal = tuple(rugs), tuple(slots)
    if start == goal:
        return []
    seen = {start: None}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for a, b in combinations(range(n), 2):
            if a not in here and b not in here:
                continue
            nxt = tuple(b if p == a else a if p == b else p for p in here)
            if nxt in seen:
                continue
            seen[nxt] = (here, (a, b))
            if nxt == goal:
                path = []
                node = nxt
                while seen[node] is not None:
                    node, swap = seen[node]
                    path.append(swap)
                return path[::-1]
            queue.append(nxt)
    raise AssertionError("every arrangement is reachable by swaps")
