"""Best-move hints: every legal use of a roll, ranked by the expected final score.

Near the end of a game the rest of the game is solved exactly (``endgame.py``): always with few
empty boxes, and with a few more when the rest of the game reaches few enough endings (the work
varies a hundredfold between positions of one size). Every move's value is then the expected final
score under perfect play over every roll to come, and moves of equal value are ordered by the
raindrops they leave unused at the end (the rulebook's tie-break).

Earlier, a move is valued by playing the rest of the game out many times on sampled dice, starting
from the sheet the move leaves: by the careful player (``rollout.py``) until few boxes remain, then
by the exact solver (each future scores the exact expected value of a perfect ending). Every
candidate is played on the same sampled dice, so differences between moves are not drowned in
luck, and the error of a difference is measured on those pairs. The candidates are the distinct
legal moves the measured per-feature value table (``values.py``) rates most promising, and a few
in every feature (``_field``); then a race: each round plays more futures for the better half of
the field. Moves worth the same within the error are ordered by the raindrops they keep (the
tie-break).

This is honest about chance: nothing looks at dice that have not been rolled.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, cmp_to_key

import numpy as np

from tajkit.solver.artisans.search.endgame import EPS, Endgame, Outcome, endgame_for
from tajkit.solver.artisans.search.engine import EMove, Engine, engine_for
from tajkit.solver.artisans.search.rollout import Batch, Ending, preference
from tajkit.solver.artisans.rules import Move, Sheet
from tajkit.solver.artisans.spec import Spec
from tajkit.solver.artisans.search.values import Estimator, ValueTable, shipped_table, structure_key

FIELD = 28  # the value table's favourites that enter the race (a few more join: see _field)
FIRST_ROUND = 80  # futures per candidate in the first round; each later round doubles it
FUTURES = 20_000  # the default budget: more than a whole race needs, so the race always finishes
TIME_CAP = 10.0  # seconds: a safety cap only (a slow machine), reported when it cuts
EXACT_BOXES = 10  # at most this many empty boxes: the hint solves the rest of the game exactly
# up to BUDGET_BOXES empty boxes, a position is solved exactly too when the rest of its game reaches
# at most ENDINGS endings (about half a second from a cold start); larger ones are raced
BUDGET_BOXES = 13
ENDINGS = 30_000
# the sampled futures hand over to the exact solver at this many empty boxes, by the empty boxes of
# the position (not at all in larger ones): as early as a fresh `tajkit hint` process can afford,
# under 0.9 s at the 95th percentile for any size (scripts/bench_artisans_hint.py --cold)
HANDOVER = {11: 8, 12: 6, 13: 6, 14: 6, 15: 5, 16: 5}
UNMEASURED = (
    "the value table that picks the hint's candidates was measured for tajkit's sheet, and your --data "
    "changes its boxes, conditions, dice, raindrops or trees: the candidates are picked without it, so "
    "a good move may be missed; re-measure it with scripts/fit_artisans_values.py (in a source checkout)"
)
EQUAL = 1.0  # moves closer than this many standard errors of their difference are worth the same


@dataclass(frozen=True)
class RankedMove:
    move: Move
    expected: float  # expected final score: exact, or the mean of the played-out futures
    stderr: float  # 0 when exact
    futures: int  # 0 when exact
    equal_to_best: bool = False  # worth the same as the first move, within the error (or exactly)
    rain: float | None = None  # exact only: the expected raindrops left unused at the end


@dataclass(frozen=True)
class Hint:
    moves: tuple[RankedMove, ...]  # best first
    futures: int  # games played out in all (0 when exact)
    seconds: float  # solver time
    cut: str | None = None  # "budget" or "time" when the race was stopped before its end
    exact: bool = False  # solved exactly (the ending): every value is the true expectation
    endings: int = 0  # endings the exact solver knows in this process (memoised)
    handover: int = 0  # the futures were finished exactly from this many empty boxes (0: not at all)
    measured: bool = True  # the race's candidates were picked with the measured value table

    def notes(self) -> list[str]:
        if self.exact or self.measured:
            return []
        return [UNMEASURED]


@cache
def hinter_for(spec: Spec) -> Hinter:
    """One hinter per spec and process (building its tables takes a moment)."""
    return Hinter(spec)


class Hinter:
    """Everything a hint needs that does not depend on the position (built once, reused)."""

    def __init__(
        self, spec: Spec, exact_boxes: int = EXACT_BOXES, handover: dict[int, int] | None = None, endings: int = ENDINGS
    ) -> None:
        self.engine: Engine = engine_for(spec)
        self.batch = Batch(self.engine)
        table = shipped_table(structure_key(self.engine))
        self.measured = table is not None  # else the game data changed the sheet the table was measured on
        self.estimator = Estimator(self.engine, table or ValueTable.uninformed(len(self.engine.tables)))
        self.endgame: Endgame = endgame_for(self.engine)
        self.exact_boxes = exact_boxes
        self.handover = HANDOVER if handover is None else handover
        self.endings = endings

    def rank(
        self,
        sheet: Sheet,
        roll: tuple[int, int],
        seed: int = 0,
        futures: int = FUTURES,
        time_limit: float = TIME_CAP,
        top: int | None = None,
    ) -> Hint:
        """Rank the uses of ``roll``. Exact when at most ``exact_boxes`` boxes are empty, or the rest
        of the game is small enough (``_small_enough``); else the work is set by ``futures`` (the
        most games played out in all), so the same seed and budget give the same answer on any
        machine; ``time_limit`` is only a safety cap, and the result says when it cut the race."""
        start = time.perf_counter()
        e = self.engine
        states = e.pack(sheet)
        used, trees = sheet.raindrops_used, sheet.trees_watered
        moves = e.moves(states, used, trees, roll)
        boxes = sum(len(t.empties[s]) for t, s in zip(e.tables, states))
        if boxes <= self.exact_boxes or self._small_enough(states, trees, moves, boxes):
            return self._exact(states, used, trees, roll, moves, start)
        ending = Ending(self.endgame, self.handover[boxes]) if self.handover.get(boxes) else None
        return self._race(states, used, trees, roll, moves, seed, futures, time_limit, top, start, ending)

    # --- exact: the ending solved ------------------------------------------------------------------

    def _small_enough(self, states: list[int], trees: int, moves: list[EMove], boxes: int) -> bool:
        """Beyond the exact reach, the endings the rest of the game can reach vary a hundredfold
        between positions of the same size: solve it exactly when they are few (counted whether
        solved before or not, so the choice never depends on what this process solved before).
        Boxes of features that can no longer score hardly add endings, so a sheet with many of
        them (a rare sight in play) is counted too: there the futures' player wastes raindrops."""
        live = sum(len(t.empties[s]) for t, s in zip(self.engine.tables, states) if t.live[s])
        if boxes > BUDGET_BOXES and live > self.exact_boxes:
            return False
        return self.endgame.reachable(states, trees, moves, self.endings) is not None

    def _exact(self, states, used, trees, roll, moves, start) -> Hint:  # noqa: ANN001
        return self._ranked_exactly(self.endgame.moves(states, used, trees, moves), moves, roll, start)

    def _ranked_exactly(self, outcomes, moves, roll, start) -> Hint:  # noqa: ANN001
        pairs = sorted(zip(outcomes, moves), key=cmp_to_key(_by_outcome))
        best = pairs[0][0]
        ranked = tuple(
            RankedMove(self.engine.move(m, roll), o.score, 0.0, 0, abs(o.score - best.score) <= EPS, o.rain)
            for o, m in pairs
        )
        seconds = time.perf_counter() - start
        return Hint(ranked, 0, seconds, exact=True, endings=len(self.endgame.memo))

    # --- the race of sampled futures ---------------------------------------------------------------

    def _race(self, states, used, trees, roll, moves, seed, futures, time_limit, top, start, ending) -> Hint:  # noqa: ANN001
        field = self._field(states, used, trees, moves)
        rng = np.random.default_rng([seed, *states, used, trees, *roll])

        def play(alive: list[int], per_round: int) -> np.ndarray:
            return self._play(field, alive, states, used, trees, per_round, rng, ending)

        played_rounds, order, played, cut = race(play, [m.raindrops for m in field], top, futures, time_limit, start)
        order = self._keep_raindrops_first(order, field, played_rounds)
        leader = played_rounds[order[0]]
        ranked = tuple(
            self._ranked(field[i], played_rounds[i], roll, k == 0 or _equal(leader, played_rounds[i]))
            for k, i in enumerate(order)
        )
        seconds = time.perf_counter() - start
        return Hint(
            ranked, played, seconds, cut, endings=len(self.endgame.memo), handover=ending.boxes if ending else 0,
            measured=self.measured,
        )

    @staticmethod
    def _keep_raindrops_first(order: list[int], field: list[EMove], rounds: dict[int, list[np.ndarray]]) -> list[int]:
        """Among the moves worth the same as the best within the error, the one that spends the
        fewest raindrops comes first (rulebook, Scoring: the tie-break is the most unused raindrops)."""
        best = order[0]
        peers = [i for i in order if len(rounds[i]) == len(rounds[best]) and _equal(rounds[best], rounds[i])]
        first = min(peers, key=lambda i: (field[i].raindrops, order.index(i)))
        return [first] + [i for i in order if i != first]

    def _field(self, states: list[int], used: int, trees: int, moves: list[EMove]) -> list[EMove]:
        """The candidates: the most promising by the value table; in every feature, the table's
        best two and the careful player's own choice (the table is measured, and thin for rare
        states such as a facade of its own group's value, so it must not decide alone which
        features are tried); and always the skip."""
        if len(moves) <= FIELD:
            return moves
        values = self.estimator.values_after(states, used, trees, moves)
        by_table = sorted(range(len(moves)), key=lambda i: -values[i])
        by_careful = sorted(range(len(moves)), key=lambda i: -self._careful_preference(states, moves[i]))
        chosen = set(by_table[:FIELD]) | _best_per_feature(moves, by_table, 2) | _best_per_feature(moves, by_careful, 1)
        chosen.add(len(moves) - 1)  # the skip is last in engine order
        return [moves[i] for i in by_table if i in chosen]

    def _careful_preference(self, states: list[int], m: EMove) -> float:
        """How the careful player (``rollout.py``) rates a placement; it waters only afterwards,
        so a move's dry version comes first."""
        if m.feature < 0:
            return -np.inf
        table = self.engine.tables[m.feature]
        before = table.completions[states[m.feature]]
        kept = table.completions[m.state] / before if before else 1.0
        return preference(m.raindrops, table.scores[m.state], kept) - 0.5 * m.water

    def _play(self, field, alive, states, used, trees, per_round, rng, ending) -> np.ndarray:  # noqa: ANN001
        """Final scores: one row per candidate in ``alive``, the same futures for each row."""
        futures = rng.integers(1, self.engine.faces + 1, size=(per_round, self.engine.spec.max_turns, 2))
        n = len(alive) * per_round
        s = np.tile(np.asarray(states, dtype=np.int64), (n, 1))
        u = np.full(n, used, dtype=np.int64)
        t = np.full(n, trees, dtype=np.int64)
        for row, i in enumerate(alive):
            m = field[i]
            block = slice(row * per_round, (row + 1) * per_round)
            if m.feature >= 0:
                s[block, m.feature] = m.state
            u[block] += m.raindrops
            t[block] += m.water
        scores = self.batch.play_out(s, u, t, np.tile(futures, (len(alive), 1, 1)), ending)
        return scores.reshape(len(alive), per_round)

    def _ranked(self, m: EMove, rounds: list[np.ndarray], roll: tuple[int, int], equal: bool) -> RankedMove:
        scores = np.concatenate(rounds)
        n = scores.size
        stderr = float(scores.std(ddof=1) / n**0.5) if n > 1 else 0.0
        return RankedMove(self.engine.move(m, roll), float(scores.mean()), stderr, int(n), equal)


def _best_per_feature(moves: list[EMove], ranking: list[int], k: int) -> set[int]:
    """The first ``k`` moves of ``ranking`` in each feature."""
    taken: dict[int, int] = {}
    chosen = set()
    for i in ranking:
        if moves[i].feature >= 0 and taken.get(moves[i].feature, 0) < k:
            taken[moves[i].feature] = taken.get(moves[i].feature, 0) + 1
            chosen.add(i)
    return chosen


Rounds = dict[int, list[np.ndarray]]  # per candidate, the values of each round it was played in


def race(
    play: Callable[[list[int], int], np.ndarray], cost: Sequence[int], top: int | None, futures: int,
    time_limit: float, start: float, first_round: int = FIRST_ROUND,
) -> tuple[Rounds, list[int], int, str | None]:
    """Successive halving over ``len(cost)`` candidates: ``play(alive, n)`` values each candidate
    of ``alive`` on the same ``n`` new futures (a row each), ``first_round`` in the first; each
    round keeps the better half and plays twice as many futures, until ``top`` are left, the
    budget of ``futures`` would be exceeded or ``time_limit`` (a safety cap) has passed since
    ``start``. Returns every candidate's
    rounds, the candidates best first (the finalists, then the rest in the order they dropped out;
    at equal values the one that spends fewer raindrops, ``cost``), the futures played and what cut
    the race ("budget", "time" or None)."""
    played_rounds: Rounds = {i: [] for i in range(len(cost))}
    alive = list(range(len(cost)))
    per_round = min(first_round, max(2, futures // len(cost)))  # a small budget holds from the first round
    cut: str | None = None
    played = 0
    keep = max(top or 1, 1)
    while True:
        scores = play(alive, per_round)
        played += scores.size
        for row, i in enumerate(alive):
            played_rounds[i].append(scores[row])
        alive.sort(key=lambda i: (-_mean(played_rounds[i]), cost[i]))
        alive = alive[: max(keep, len(alive) // 2)]
        if len(alive) <= keep:
            break
        per_round *= 2
        if played + len(alive) * per_round > futures:
            cut = "budget"
            break
        if time.perf_counter() - start > time_limit:
            cut = "time"
            break
    order = sorted(range(len(cost)), key=lambda i: (-len(played_rounds[i]), -_mean(played_rounds[i]), cost[i]))
    return played_rounds, order, played, cut


def _mean(rounds: list[np.ndarray]) -> float:
    return float(sum(r.sum() for r in rounds) / sum(r.size for r in rounds))


def _equal(leader: list[np.ndarray], other: list[np.ndarray]) -> bool:
    """Worth the same within the error: the mean difference over the futures both were played on
    (the same dice) is within ``EQUAL`` standard errors of that difference."""
    diff = np.concatenate([a - b for a, b in zip(leader, other)])
    if diff.size < 2:
        return bool(diff.size and diff[0] == 0)
    spread = float(diff.std(ddof=1) / diff.size**0.5)
    return bool(diff.mean() <= EQUAL * spread + 1e-12)


def _by_outcome(a: tuple[Outcome, EMove], b: tuple[Outcome, EMove]) -> int:
    """Best first: the higher expected score, then more raindrops unused at the end, then fewer
    raindrops spent now."""
    if a[0].better_than(b[0]):
        return -1
    if b[0].better_than(a[0]):
        return 1
    return a[1].raindrops - b[1].raindrops
