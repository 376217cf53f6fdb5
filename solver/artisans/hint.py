"""Best-move hints: every legal use of a roll, ranked by the expected final score.

How a move is valued: the rest of the game is played out many times on sampled dice by the
careful player (``rollout.py``), starting from the sheet the move leaves; the move's value is the
mean final score, with its standard error. Every candidate is played on the same sampled dice, so
differences between moves are not drowned in luck. The candidates are all distinct legal moves,
narrowed to the most promising by the measured per-feature value table (``values.py``); then a
race: each round plays more futures for the better half of the field.

This is honest about chance: nothing looks at dice that have not been rolled.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import cache

import numpy as np

from tajkit.solver.artisans.engine import EMove, Engine, engine_for
from tajkit.solver.artisans.rollout import Batch
from tajkit.solver.artisans.rules import Move, Sheet, Spec
from tajkit.solver.artisans.values import Estimator, shipped_table, structure_key
from tajkit.solver.errors import BadInput

FIELD = 28  # candidates that enter the race
FIRST_ROUND = 80  # futures per candidate in the first round; each later round doubles it
FUTURES = 20_000  # the default budget: more than a whole race needs, so the race always finishes
TIME_CAP = 10.0  # seconds: a safety cap only (a slow machine), reported when it cuts


@dataclass(frozen=True)
class RankedMove:
    move: Move
    expected: float  # mean final score of the played-out futures
    stderr: float
    futures: int


@dataclass(frozen=True)
class Hint:
    moves: tuple[RankedMove, ...]  # best first
    futures: int  # games played out in all
    seconds: float  # solver time
    cut: str | None = None  # "budget" or "time" when the race was stopped before its end


def check_position(spec: Spec, name: str, sheet: Sheet, roll: tuple[int, int]) -> None:
    """A hint needs a roll of real dice and a sheet whose game is still going."""
    if not all(1 <= d <= spec.faces for d in roll):
        raise BadInput(f"--roll {roll[0]} {roll[1]}: each die shows 1-{spec.faces}")
    if sheet.is_full():
        raise BadInput(f"{name}: the sheet is full, so the game is over (rulebook: End of the Game)")
    if sheet.raindrops_left(spec) <= 0:
        raise BadInput(f"{name}: all {spec.raindrops} raindrops are used, so the game is over (rulebook: End of the Game)")


@cache
def hinter_for(spec: Spec) -> Hinter:
    """One hinter per spec and process (building its tables takes a moment)."""
    return Hinter(spec)


class Hinter:
    """Everything a hint needs that does not depend on the position (built once, reused)."""

    def __init__(self, spec: Spec) -> None:
        self.engine: Engine = engine_for(spec)
        self.batch = Batch(self.engine)
        self.estimator = Estimator(self.engine, shipped_table(structure_key(self.engine)))

    def rank(
        self,
        sheet: Sheet,
        roll: tuple[int, int],
        seed: int = 0,
        futures: int = FUTURES,
        time_limit: float = TIME_CAP,
        top: int | None = None,
    ) -> Hint:
        """Rank the uses of ``roll``. The work is set by ``futures`` (the most games played out in
        all), so the same seed and budget give the same answer on any machine; ``time_limit`` is
        only a safety cap, and the result says when it cut the race."""
        start = time.perf_counter()
        e = self.engine
        states = e.pack(sheet)
        used, trees = sheet.raindrops_used, sheet.trees_watered
        moves = e.moves(states, used, trees, roll)
        field = self._field(states, used, trees, moves)
        rng = np.random.default_rng([seed, *states, used, trees, *roll])
        totals = {i: [0.0, 0.0, 0] for i in range(len(field))}  # sum, sum of squares, n
        alive = list(range(len(field)))
        per_round = FIRST_ROUND
        cut: str | None = None
        played = 0
        keep = max(top or 1, 1)
        while True:
            scores = self._play(field, alive, states, used, trees, per_round, rng)
            played += scores.size
            for row, i in enumerate(alive):
                s = totals[i]
                s[0] += scores[row].sum()
                s[1] += (scores[row] ** 2).sum()
                s[2] += per_round
            alive.sort(key=lambda i: (-totals[i][0] / totals[i][2], field[i].raindrops))
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
        # the race's finalists first, then the rest in the order they dropped out; at equal
        # scores the move that keeps more raindrops (the rulebook's tie-break) comes first
        ranked = sorted(
            (self._ranked(field[i], totals[i], roll) for i in range(len(field))),
            key=lambda r: (-r.futures, -r.expected, r.move.raindrops),
        )
        return Hint(tuple(ranked), played, time.perf_counter() - start, cut)

    def _field(self, states: list[int], used: int, trees: int, moves: list[EMove]) -> list[EMove]:
        """The candidates: the most promising by the value table, and always the skip."""
        if len(moves) <= FIELD:
            return moves
        values = self.estimator.values_after(states, used, trees, moves)
        order = sorted(range(len(moves)), key=lambda i: -values[i])
        field = [moves[i] for i in order[:FIELD]]
        if moves[-1] not in field:  # the skip is last in engine order
            field.append(moves[-1])
        return field

    def _play(self, field, alive, states, used, trees, per_round, rng) -> np.ndarray:  # noqa: ANN001
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
        return self.batch.play_out(s, u, t, np.tile(futures, (len(alive), 1, 1))).reshape(len(alive), per_round)

    def _ranked(self, m: EMove, total: list[float], roll: tuple[int, int]) -> RankedMove:
        s, sq, n = total
        mean = s / n
        var = max(sq / n - mean * mean, 0.0) * n / max(n - 1, 1)
        return RankedMove(self.engine.move(m, roll), mean, (var / n) ** 0.5, int(n))
