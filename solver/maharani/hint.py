"""The best turns for the player to move, exact for this turn (``--objective gold`` or ``margin``;
the default, ``ahead``, is :mod:`.ahead`, which builds on this enumeration): every legal turn
(refresh, every tile of the rondel on every free space it fits, each way its arrow may point, with and without the marker,
each worker choice, and every second tile after it) is played by the rules engine and valued.

Objectives: ``gold`` (the player's gold from this turn, quarter scorings it triggers included) and
``margin`` (the player's gold minus the best opponent's after the turn). A placed tile's arrow
matters only by pointing at the player or not, so one arrow stands for each of those outcomes;
two tiles placed in either order count as one choice, in the better order.
"""

from __future__ import annotations

import statistics
import time
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tajkit.solver.errors import BadInput
from tajkit.solver.game import Report
from tajkit.solver.maharani import notation, report
from tajkit.solver.maharani.rules import (
    SECOND_TILE_COST,
    Placed,
    Position,
    Turn,
    TurnResult,
    bag,
    centre_full,
    crew_player,
    finish,
    outcome,
    place,
    placements,
)
from tajkit.solver.maharani.spec import Spec
from tajkit.solver.protocol import ESTIMATE, EXACT, Advice, HintAnswer, moves_json

if TYPE_CHECKING:
    from tajkit.solver.maharani.protocol import MaharaniRules, MaharaniState

OBJECTIVES = ("gold", "margin")  # exact, this turn
AHEAD = "ahead"  # the look-ahead (ahead.py)


@dataclass(frozen=True)
class Scored:
    turn: Turn
    result: TurnResult
    value: int


@dataclass(frozen=True)
class Answer:
    objective: str
    best: tuple[Scored, ...]  # ranked, best first
    considered: int  # legal turns evaluated (one arrow per outcome; two tiles in both orders)
    proven: bool
    solver: str
    seconds: float
    choices: int | None = None  # the legal turns as the hint lists them (two tiles in either order once)


def value_of(result: TurnResult, player: int, objective: str) -> int:
    if objective == "gold":
        return result.gold[player]
    gold = result.after.gold
    return gold[player] - max(g for k, g in enumerate(gold) if k != player)


class _Valuer:
    """A turn's value the way :func:`finish` gives it, without building the result: the gold of
    the tiles and workers, −2 for a second tile, the quarters it completes. A turn after which
    the live bag is empty may end the game (unfinished quarters scored): those go to ``finish``."""

    def __init__(self, spec: Spec, pos: Position, objective: str) -> None:
        self.spec, self.pos, self.objective = spec, pos, objective
        self.player = pos.to_move
        left = bag(spec, pos)
        self.plain = sum(n for t, n in left.items() if not spec.kinds[t[1]].centre)
        self.centre = sum(n for t, n in left.items() if spec.kinds[t[1]].centre)
        self.free = [sum(pos.colour[s] < 0 for s in spec.quarter_spaces[q]) for q in range(4)]
        self.best_other = max(g for k, g in enumerate(pos.gold) if k != self.player)

    def __call__(self, after: Position, placed: tuple[Placed, ...]) -> tuple[int, int]:
        """(value, the player's own gold from the turn)."""
        spec = self.spec
        if not self.plain and not (self.centre and not centre_full(spec, after)):
            result = finish(spec, after, placed)
            return value_of(result, self.player, self.objective), result.gold[self.player]
        own = placed[0].area + placed[0].group
        quarters = [placed[0].quarter]
        if len(placed) == 2:
            own += placed[1].area + placed[1].group - SECOND_TILE_COST
            quarters.append(placed[1].quarter)
        done = [q for q in set(quarters) if self.free[q] == quarters.count(q)]
        if not done:
            if self.objective == "gold":
                return own, own
            return self.pos.gold[self.player] + own - self.best_other, own
        gold = [0] * after.players
        gold[self.player] = own
        for quarter in done:
            counts = Counter(after.worker[s] for s in spec.quarter_spaces[quarter] if after.worker[s] >= 0)
            for code, n in counts.items():
                gold[crew_player(code)] += spec.quarter_gold_for(n)
        if self.objective == "gold":
            return gold[self.player], gold[self.player]
        totals = [g + d for g, d in zip(self.pos.gold, gold)]
        return totals[self.player] - max(g for k, g in enumerate(totals) if k != self.player), gold[self.player]


def choice_key(turn: Turn, side: int) -> tuple[Any, ...]:
    """Turns that place the same tiles on the same spaces with the same worker outcome are one
    choice, whatever the order."""
    return tuple(sorted((p.slot, p.space, p.arrow == side, p.worker.kind if p.worker else "none",
                         p.worker.colour if p.worker else -1) for p in turn.placements))


Step = tuple[Position, Placed]  # the position a placement was made in, and the placement as played


def turns_played(spec: Spec, pos: Position, max_tiles: int = 2) -> Iterator[tuple[Turn, Position, tuple[Step, ...]]]:
    """Every legal turn but the refresh (one arrow per outcome; two tiles in both orders), played
    by the rules: the turn, the position after its tiles (before the turn's end) and its steps."""
    for first in placements(spec, pos, distinct=True):
        after, done = place(spec, pos, first, check=False)
        yield Turn((first,)), after, ((pos, done),)
        if max_tiles < 2:
            continue
        for second in placements(spec, after, distinct=True):
            last, done2 = place(spec, after, second, check=False)
            yield Turn((first, second)), last, ((pos, done), (after, done2))


def enumerate_best(spec: Spec, pos: Position, objective: str = "gold", top: int = 5, max_tiles: int = 2) -> Answer:
    """Every legal turn valued; the ``top`` best choices with their full results."""
    started = time.perf_counter()
    side = pos.sides[pos.to_move]
    valuer = _Valuer(spec, pos, objective)
    refresh = outcome(spec, pos, Turn(), check=False)
    best: dict[tuple[Any, ...], tuple[tuple[int, int, int], Turn]] = {(): ((-value_of(refresh, pos.to_move, objective), 0, 0), Turn())}
    considered = 1

    def consider(turn: Turn, after: Position, placed: tuple[Placed, ...]) -> None:
        value, own = valuer(after, placed)
        rank = (-value, -own, len(placed))
        key = choice_key(turn, side)
        if key not in best or rank < best[key][0]:
            best[key] = (rank, turn)  # equal ranks: the first found (a fixed order) stays

    for turn, after, steps in turns_played(spec, pos, max_tiles):
        consider(turn, after, tuple(done for _, done in steps))
        considered += 1
    by_rank = sorted(best.values(), key=lambda entry: entry[0])
    cut = by_rank[min(top, len(by_rank)) - 1][0]
    leaders = [(rank, turn) for rank, turn in by_rank if rank <= cut]  # ties at the cut: by notation
    leaders.sort(key=lambda entry: (entry[0], notation.format_turn(spec, entry[1], pos.players)))
    ranked = []
    for rank, turn in leaders[:top]:
        result = outcome(spec, pos, turn, check=False)
        ranked.append(Scored(turn, result, value_of(result, pos.to_move, objective)))
        assert ranked[-1].value == -rank[0], "the quick value and the rules disagree"
    return Answer(objective, tuple(ranked), considered, True, "enumeration", time.perf_counter() - started, len(best))


# --- the hint on the protocol -------------------------------------------------------------------------

MEANINGS = {
    AHEAD: "your gold and your workers' quarter payout minus the best opponent's, once the opponents have replied "
           "(the mean over sampled futures)",
    "gold": "the gold this turn earns, quarter scorings included",
    "margin": "your gold minus the best opponent's after the turn",
}


def answer(rules: MaharaniRules, state: MaharaniState, options: Mapping[str, Any]) -> HintAnswer:
    """The best turns for the player to move at the start of their turn, each as the protocol
    actions that play it, from the look-ahead (the default: an estimate, its error the standard
    error over the futures) or the exact enumeration of this turn (``gold``, ``margin``)."""
    spec, pos = rules.spec, state.position
    objective, solver = options.get("objective") or AHEAD, options.get("solver") or "enum"
    top, tiles = options.get("top") or 5, options.get("tiles") or 2
    if objective not in (AHEAD, *OBJECTIVES):
        raise BadInput(f"--objective {objective!r}: one of {', '.join((AHEAD, *OBJECTIVES))}")
    if objective == AHEAD and solver == "cpsat":
        raise BadInput("--solver cpsat: CP-SAT answers the exact objectives of this turn; the look-ahead "
                       "(--objective ahead, the default) plays the futures out: add --objective gold or margin")
    names = list(state.table.names)
    if objective == AHEAD:
        from tajkit.solver.maharani.ahead import PLAYOUTS, TIME_CAP, look_ahead

        looked = look_ahead(spec, pos, playouts=options.get("playouts") or PLAYOUTS, seed=options.get("seed") or 0,
                            top=top, time_cap=options.get("time_limit") or TIME_CAP, max_tiles=tiles)
        found = report.ahead_report(spec, names, pos, looked)
        ranked = [(v.turn, v.value, _standard_error(v.margins)) for v in looked.best]
        kind = ESTIMATE
    else:
        found, ranked = _exact(spec, names, pos, objective, solver, top, tiles)
        kind = EXACT  # every listed turn's value is the rules' own count (the best proven or not, the report says)
    moves = tuple(Advice(turn_actions(rules, state, turn), value, error, notation.format_turn(spec, turn, pos.players))
                  for turn, value, error in ranked)
    data = dict(found.json) | moves_json(rules, state, moves, MEANINGS[objective], kind)
    return HintAnswer(names[pos.to_move], moves, MEANINGS[objective], kind, Report(found.text, data, found.notes))


def _exact(spec: Spec, names: list[str], pos: Position, objective: str, solver: str, top: int,
           tiles: int) -> tuple[Report, list[tuple[Turn, float, None]]]:
    extra: list[str] = []
    found = None
    if solver == "cpsat":
        from tajkit.solver.maharani.cpsat import NotModelled, solve

        try:
            found = solve(spec, pos, objective, top, tiles)
            if top > 1:
                extra.append("--solver cpsat gives the best turn only; the enumeration (the default) lists more")
        except NotModelled as exc:
            extra.append(f"CP-SAT does not model this position ({exc}); the enumeration answered")
    if found is None:
        found = enumerate_best(spec, pos, objective, top, tiles)
    return report.hint_report(spec, names, pos, found, extra), [(s.turn, s.value, None) for s in found.best]


def _standard_error(values: tuple[int, ...]) -> float | None:
    return statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else None


def turn_actions(rules: MaharaniRules, state: MaharaniState, turn: Turn) -> tuple[Any, ...]:
    """The protocol actions that play ``turn`` from the start of it: the refresh; or each tile,
    then the end after a single one. When a first tile takes the last centre space, the table
    draws for the emptied slots at once (Különleges eset 1): the actions stop there, and the
    player plays the rest after the draws."""
    from tajkit.solver.maharani.protocol import EndTurn, Place, Refresh

    if turn.refresh:
        return (Refresh(),)
    wanted = [Place(p) for p in turn.placements] + ([EndTurn()] if len(turn.placements) == 1 else [])
    player, s, actions = rules.to_act(state), state, []
    for action in wanted:
        if rules.to_act(s) != player:
            break  # chance acts mid-turn: the rondel is refilled first
        action = rules.parse(s, rules.format(s, action))  # the arrow and the worker as the rules resolve them
        s = rules.apply(s, action)
        actions.append(action)
    return tuple(actions)
