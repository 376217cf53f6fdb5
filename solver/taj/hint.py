"""TAJ hints: every proposal with the player's score under each vote outcome, advice for a voter
(and whether the All or Nix card pays), and the ideal display for the player's goal.

The spaces are small (at most 45 proposals, a handful of outcomes and Taj moves, 1,440 ways to
put three rugs under the Taj), so every answer is exact: all cases are checked. ``run`` is the
``tajkit hint taj`` command; :mod:`.report` writes its words.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from itertools import combinations, permutations
from typing import Any

from tajkit.solver import wording
from tajkit.solver.errors import BadInput, BadState
from tajkit.solver.game import Report
from tajkit.solver.taj import files, report, scoring
from tajkit.solver.taj.rules import (
    Display,
    Outcome,
    Table,
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


def run(spec: Spec, data: dict[str, Any], player: str | None, proposal: tuple[int, int] | None, top: int) -> Report:
    """The ``tajkit hint taj`` command: the proposals for ``player`` (or advice on the pending
    ``proposal``), and the ideal display for their goal."""
    table = files.read_state(spec, data, hidden_goals=True)
    check_not_over(spec, table)
    name = pick_player(table, player)
    if table.player(name).goal is None:
        raise BadInput(f"players: {wording.shown(name, 30)} has no goal in the file, and the hint weighs the player's own "
                       "goal card (rulebook: Scoring): add it, or choose a player who has one with --player NAME")
    notes = list(scoring.readings(spec))
    if player is None and len(table.players) > 1:
        notes.append(f"no --player given: this is the view of {name}, the proposer")
    possible = possible_outcomes(len(table.players))
    best = ideal(spec, table, name)
    if table.proposal is not None:  # a proposal being voted on, written in the file
        written = (table.proposal[0] + 1, table.proposal[1] + 1)
        if proposal is not None and tuple(sorted(proposal)) != tuple(sorted(written)):
            raise BadInput(f"--proposal {proposal[0]} {proposal[1]}: the file's proposal = [{written[0]}, {written[1]}] "
                           "is another: give the one on the table (or leave --proposal out)")
        proposal = written
    if proposal is None:
        if table.proposer not in (None, name):
            notes.append(f"{table.proposer} proposes now (the file's proposer): these are the proposals {name} could "
                         f"make on their own turn; to weigh {table.proposer}'s proposal as a voter, add --proposal I J")
        items = proposals(spec, table, name)
        text = report.proposals_text(name, items, possible, best.now, top)
        advice = None
    else:
        items = None
        advice = vote_advice(spec, table, name, proposal[0] - 1, proposal[1] - 1)
        text = report.vote_text(name, advice)
        if advice.card_allowed:
            notes.append(report.FIRST_CARD)
    text += "\n" + report.ideal_text(best)
    return Report(text, report.hint_json(name, items, advice, best, possible, top), tuple(notes))


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
