"""The Artisans hint at a table of several players (issue 41): every sheet and every player's
raindrops count, because any player can end everyone's game.

Rulebook (End of the Game): "The game ends when any player fills the final empty box on their
player sheet or uses the last of their raindrops. All other players finish their turn and then
scoring takes place." (Scoring): "The player with the highest score is declared Master Architect!
In a tie, the player with the most unused raindrops wins. If the tie persists, the youngest player
wins."

A move is worth, by the objective, the chance to finish first (``win``: those tie-breaks included;
a tie the ages cannot break, or that involves a player without an age, is shared) or the expected
final score (``score``). Three cases:

- **The last turn.** Another sheet has ended the game earlier in the turn, or a player still to use
  the roll must end it with this roll (every legal use of it fills their last box or marks their
  last raindrop). Each move's outcome is certain: its score and the raindrops it leaves, against
  each other player's final sheet: as it stands for one who has used the roll, else their best use
  of the roll (the most points, then the most raindrops left: what a player wants on a last turn
  whatever they aim at, and the worst case for everyone else). Exact.
- **A move that ends the game itself** (the asker's last box or last raindrop): the same, exact.
  So ending the game on purpose is found when it wins.
- **Otherwise** the end is uncertain, and each move is valued over sampled futures (an
  *estimate* with its standard error, never exact): the rolls to come are sampled, and every
  player plays them on their own sheet by tajkit's careful player (``rollout.py``), a little
  randomised (``JITTER``), the others still to use this turn's roll using it too, until a sheet
  ends the game; the players who then finish the turn make their best use of its roll (as above).
  This is the cheap policy the issue allows for the others: it plays at the hint's pace (about 31
  turns a solitaire game, as the hint), though 4-5 points below its score; the asker's futures are
  played alike, so that no player of the model is the better one. The others' play does not
  depend on the asker's move, so every candidate move is valued on the same futures and the same
  play of the others (common random numbers), and their differences are measured on those pairs.
  The candidates and the race (successive halving, a budget of futures, a wall-clock safety cap)
  are the solitaire hint's (``hinter.py``).

The answer: the ranked moves, each a rules :class:`Move` with its value, what the value means
(:data:`MEANING`) and whether it is exact or an estimate ± its error (:class:`Ranking`).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache

import numpy as np

from tajkit.solver.artisans.rules import Move, Sheet, apply
from tajkit.solver.artisans.search.engine import EMove, Engine
from tajkit.solver.artisans.search.hinter import (
    EQUAL, FIRST_ROUND, FUTURES, TIME_CAP, Hint, Hinter, Rounds, _equal, hinter_for, race,
)
from tajkit.solver.artisans.spec import Spec

WIN, SCORE = "win", "score"
OBJECTIVES = (WIN, SCORE)
MEANING = {WIN: "chance to win", SCORE: "expected final score"}
# Under the win objective a point of expected score weighs this much in the race: far less than one
# future in a million, so it only orders moves whose chances to win are the same.
TIE_WEIGHT = 1e-6
SAME = 1e-9  # exact values closer than this are equal (floating-point noise only)
# The players of the futures: the careful player, its preferences between safe placements perturbed
# by Gumbel noise of this scale. Players do not all choose alike, and the same play on the same dice
# would tie every game (then the youngest wins them all); the asker's futures are jittered alike (the
# same noise for every candidate move), so that no player of the model is the better one. At 0.25 it
# scores 28.9 a solitaire game instead of 29.6, in 30.5 turns instead of 30.7 (4,000 games).
JITTER = 0.25
# The first round of the race plays at least this many futures in all: a chance to win is a mean
# of 0s and 1s, noisier than a score, and a late position has few candidates whose futures are short.
FIRST_ROUND_FUTURES = 2400


@dataclass(frozen=True)
class Seat:
    """A player at the table: their sheet, their age if given (the last tie-break) and whether
    they have used this turn's roll already."""

    name: str
    sheet: Sheet
    age: int | None = None
    moved: bool = False


@dataclass(frozen=True)
class Valued:
    """A use of the roll and what it is worth: ``value`` is the objective's (a chance to win, 0-1,
    or an expected final score), exact or an estimate with its standard error ``error``."""

    move: Move
    value: float
    error: float  # 0 when exact
    exact: bool
    score: float  # the expected final score (the final score, when exact)
    score_error: float
    rain: float | None = None  # exact only: the raindrops left at the end
    futures: int = 0  # the futures it was played on (0 when exact)
    equal_to_best: bool = False  # worth the same as the first move, within the error (or exactly)
    ends_game: bool = False  # the move ends the game (the asker's last box or last raindrop)


@dataclass(frozen=True)
class Final:
    """Another player's final sheet when the game ends this turn: as it stands (they have used the
    roll) or after their best use of the roll."""

    name: str
    score: int
    rain: int
    moved: bool


@dataclass(frozen=True)
class Ranking:
    """The hint's answer: the uses of the roll, best first."""

    objective: str
    moves: tuple[Valued, ...]
    exact: bool  # every value is exact
    ended: tuple[str, ...] = ()  # the players whose sheets already end the game: the last turn
    forced: tuple[str, ...] = ()  # the players still to use the roll who must end the game with it (the asker too)
    finals: tuple[Final, ...] = ()  # the others' final sheets if the game ends this turn
    futures: int = 0  # the futures played in all (0 when exact)
    seconds: float = 0.0
    cut: str | None = None  # "budget" or "time" when the race was stopped before its end
    solitaire: Hint | None = None  # a game of one: the solitaire hint this was read from

    @property
    def meaning(self) -> str:
        return MEANING[self.objective]

    @property
    def last_turn(self) -> bool:
        return bool(self.ended or self.forced)

    @classmethod
    def of_solitaire(cls, spec: Spec, sheet: Sheet, hint: Hint) -> Ranking:
        """A game of one, as today: the solitaire hint's expected final scores."""
        moves = []
        for r in hint.moves:
            ends = apply(spec, sheet, r.move).ends_game(spec)
            exact = hint.exact or (ends and r.stderr == 0)
            moves.append(Valued(r.move, r.expected, r.stderr, exact, r.expected, r.stderr, r.rain, r.futures,
                                r.equal_to_best, ends))
        return cls(SCORE, tuple(moves), hint.exact, futures=hint.futures, seconds=hint.seconds, cut=hint.cut,
                   solitaire=hint)


def win_share(mine: np.ndarray, others: np.ndarray, my_age: int | None, ages: Sequence[int | None]) -> np.ndarray:
    """The asker's share of the win in each game (rulebook, Scoring: the highest score, then the most
    unused raindrops, then the youngest). ``mine`` holds the asker's keys (``key``), ``others`` one
    row of keys per other player (same shape). A tie that the ages cannot break is shared; so is a
    tie with a player whose age is not known (as ``tajkit score`` ranks it)."""
    beaten = (others > mine).any(axis=0)
    tied = others == mine
    ties = tied.sum(axis=0)
    known = np.array([a is not None for a in ages], dtype=bool).reshape((-1,) + (1,) * mine.ndim)
    if my_age is None:
        unknown = ties > 0
        younger = same = np.zeros_like(tied)
    else:
        age = np.array([-1 if a is None else a for a in ages]).reshape(known.shape)
        unknown = (tied & ~known).any(axis=0)
        younger = tied & known & (age < my_age)
        same = tied & known & (age == my_age)
    by_age = np.where(younger.any(axis=0), 0.0, 1.0 / (1 + same.sum(axis=0)))
    return np.where(beaten, 0.0, np.where(unknown, 1.0 / (1 + ties), by_age))


@cache
def table_hinter_for(spec: Spec) -> TableHinter:
    """One per spec and process (it shares the solitaire hinter's tables)."""
    return TableHinter(hinter_for(spec))


class TableHinter:
    def __init__(self, hinter: Hinter) -> None:
        self.hinter = hinter
        self.engine: Engine = hinter.engine
        self.batch = hinter.batch
        self.width = self.engine.raindrops + 1  # a score and raindrops left as one number: see key()

    def key(self, score, rain):  # noqa: ANN001, ANN201 (numbers or arrays alike)
        """A final sheet as one number that orders like the rulebook: score first, then the unused
        raindrops."""
        return score * self.width + rain

    # --- the answer --------------------------------------------------------------------------------

    def rank(
        self,
        me: Seat,
        others: Sequence[Seat],
        roll: tuple[int, int],
        objective: str = WIN,
        seed: int = 0,
        futures: int = FUTURES,
        time_limit: float = TIME_CAP,
        top: int | None = None,
    ) -> Ranking:
        """Rank ``me``'s uses of ``roll`` at a table with ``others`` (at least one): exact when the
        game ends this turn, else raced on sampled futures. The work is set by ``futures`` (the
        most futures played in all), so the same seed and budget give the same answer on any
        machine; ``time_limit`` is only a safety cap, and the answer says when it cut."""
        if objective not in OBJECTIVES:
            raise ValueError(f"objective {objective!r}: one of {', '.join(OBJECTIVES)}")
        start = time.perf_counter()
        e = self.engine
        states, used, trees = e.pack(me.sheet), me.sheet.raindrops_used, me.sheet.trees_watered
        moves = e.moves(states, used, trees, roll)
        ended = tuple(o.name for o in others if o.sheet.ends_game(e.spec))
        forced = () if ended else tuple(o.name for o in others if not o.moved and self.must_end(o.sheet, roll))
        finals = tuple(self.final(o, roll) for o in others)
        last_turn = bool(ended or forced)
        exact = [m for m in moves if last_turn or e.ends(_after(states, m), used + m.raindrops)]
        open_ = [m for m in moves if m not in exact]
        valued = [self._exact(me, [o.age for o in others], states, trees, m, finals, objective, roll) for m in exact]
        valued.sort(key=lambda v: (-_utility(v, objective), -(v.rain or 0)))
        if not open_:  # every use of the roll ends the game: the asker's turn is the last too
            forced += () if last_turn else (me.name,)
            return Ranking(objective, _marked(valued, objective), True, ended, forced, finals,
                           seconds=time.perf_counter() - start)
        raced, rounds, played, cut = self._race(me, others, states, used, trees, roll, open_, objective, seed, futures,
                                                time_limit, top, start)
        ranked = self._merge(valued, raced, rounds, objective)
        return Ranking(objective, ranked, False, finals=finals, futures=played, seconds=time.perf_counter() - start,
                       cut=cut)

    def must_end(self, sheet: Sheet, roll: tuple[int, int]) -> bool:
        """Every legal use of ``roll`` ends this sheet's game (rulebook: End of the Game)."""
        e = self.engine
        states, used = e.pack(sheet), sheet.raindrops_used
        return all(e.ends(_after(states, m), used + m.raindrops) for m in e.moves(states, used, sheet.trees_watered, roll))

    def final(self, seat: Seat, roll: tuple[int, int]) -> Final:
        """``seat``'s final sheet if the game ends this turn: as it stands once they have used the
        roll (or their sheet has ended the game), else their best use of the roll."""
        e = self.engine
        states, used, trees = e.pack(seat.sheet), seat.sheet.raindrops_used, seat.sheet.trees_watered
        left = e.raindrops - used
        if seat.moved or seat.sheet.ends_game(e.spec):
            return Final(seat.name, e.score(states, trees), left, True)
        score, rain = max(
            (e.score(_after(states, m), trees + m.water), left - m.raindrops) for m in e.moves(states, used, trees, roll)
        )
        return Final(seat.name, score, rain, False)

    def _exact(self, me: Seat, ages: list[int | None], states: list[int], trees: int, m: EMove, finals: Sequence[Final],
               objective: str, roll: tuple[int, int]) -> Valued:
        """A move after which the game ends with this turn: its certain outcome."""
        e = self.engine
        score = e.score(_after(states, m), trees + m.water)
        rain = e.raindrops - me.sheet.raindrops_used - m.raindrops
        if objective == WIN:
            others = np.array([self.key(f.score, f.rain) for f in finals])
            value = float(win_share(np.array(self.key(score, rain)), others, me.age, ages))
        else:
            value = float(score)
        ends = e.ends(_after(states, m), me.sheet.raindrops_used + m.raindrops)
        return Valued(e.move(m, roll), value, 0.0, True, float(score), 0.0, float(rain), ends_game=ends)

    # --- the race over sampled futures --------------------------------------------------------------

    def _race(self, me, others, states, used, trees, roll, moves, objective, seed, futures, time_limit, top, start):  # noqa: ANN001, ANN202
        e = self.engine
        field = self.hinter._field(states, used, trees, moves)
        sheets = [e.pack(o.sheet) + [o.sheet.raindrops_used, o.sheet.trees_watered, o.moved] for o in others]
        rng = np.random.default_rng([seed, *states, used, trees, *roll, *(x for s in sheets for x in s)])
        jitter = np.random.default_rng([seed, 1, *states, used, trees, *roll, *(x for s in sheets for x in s)])
        horizon = self.horizon([me, *others])
        ages = [o.age for o in others]
        score_rounds: Rounds = {i: [] for i in range(len(field))}
        win_rounds: Rounds = {i: [] for i in range(len(field))}

        def play(alive: list[int], per_round: int) -> np.ndarray:
            rolls = rng.integers(1, e.faces + 1, size=(per_round, horizon, 2))
            rolls[:, 0] = roll
            table = self.others(others, rolls, jitter)
            noise = jitter.gumbel(scale=JITTER, size=(per_round, horizon, len(e.tables) * e.faces))
            score, rain, turn = self.mine([field[i] for i in alive], states, used, trees, rolls, table.end, noise)
            win = win_share(self.key(score, rain), table.finals(turn), me.age, ages)
            for row, i in enumerate(alive):
                score_rounds[i].append(score[row])
                win_rounds[i].append(win[row])
            return win + TIE_WEIGHT * score if objective == WIN else score

        first_round = max(FIRST_ROUND, FIRST_ROUND_FUTURES // len(field))
        rounds, order, played, cut = race(play, [m.raindrops for m in field], top, futures, time_limit, start, first_round)
        if objective == SCORE:  # moves worth the same: the one that keeps raindrops (the tie-break) first
            order = Hinter._keep_raindrops_first(order, field, rounds)
        values = win_rounds if objective == WIN else score_rounds
        raced = [
            Valued(e.move(field[i], roll), *_mean_error(values[i]), False, *_mean_error(score_rounds[i]),
                   futures=sum(r.size for r in rounds[i]))
            for i in order
        ]
        return raced, [rounds[i] for i in order], played, cut

    def horizon(self, seats: Sequence[Seat]) -> int:
        """Turns, this one included, within which some sheet surely ends the game: each turn fills
        a box or marks a raindrop (one more for a player who has used this turn's roll)."""
        e = self.engine
        return min(
            s.sheet.raindrops_left(e.spec) + e.spec.box_count - s.sheet.filled_boxes() + s.moved for s in seats
        ) + 1

    def others(self, seats: Sequence[Seat], rolls: np.ndarray, rng: np.random.Generator) -> OthersPlay:
        """The others' games on ``rolls`` (futures × turns × 2; turn 0 is this turn's roll), each by
        the careful player on their own sheet with its preferences jittered (``JITTER``, drawn from
        ``rng``), until the first of them ends the game in each future.
        Kept per player, future and turn: their sheet's key after their move of that turn, and
        after their best use of that turn's roll, should the game end with that turn."""
        e, b = self.engine, self.batch
        n, horizon = rolls.shape[:2]
        k = len(seats)
        s = np.repeat(np.array([e.pack(o.sheet) for o in seats], dtype=np.int64), n, axis=0)
        u = np.repeat(np.array([o.sheet.raindrops_used for o in seats], dtype=np.int64), n)
        w = np.repeat(np.array([o.sheet.trees_watered for o in seats], dtype=np.int64), n)
        future = np.tile(np.arange(n), k)
        after = np.zeros((k * n, horizon), dtype=np.int64)
        best = np.zeros((k * n, horizon), dtype=np.int64)
        after[:, 0] = best[:, 0] = self.key(np.rint(b.scores(s, w)).astype(np.int64), e.raindrops - u)
        ender = np.full(k * n, horizon)
        over = np.zeros(n, dtype=bool)  # per future: a sheet has ended the game
        moved = np.repeat([o.moved for o in seats], n)
        for t in range(horizon):
            live = np.flatnonzero((ender == horizon) & ~over[future])
            if not live.size:
                break
            if t == 0:  # this turn's roll: only those still to use it
                live = live[~moved[live]]
                if not live.size:
                    continue
            roll = rolls[future[live], t]
            best[live, t] = self.key(*self.last_best(s[live], u[live], w[live], roll))
            noise = rng.gumbel(scale=JITTER, size=(live.size, len(e.tables) * e.faces))
            feature, _, new_state, paid, water = b.choose(s[live], u[live], w[live], roll, noise)
            placed = feature >= 0
            s[live[placed], feature[placed]] = new_state[placed]
            u[live] += paid
            w[live] += water
            after[live, t] = self.key(np.rint(b.scores(s[live], w[live])).astype(np.int64), e.raindrops - u[live])
            ends = (u[live] >= e.raindrops) | (b.boxes_left(s[live]) == 0)
            ender[live[ends]] = t
            over[future[live[ends]]] = True
        return OthersPlay(ender.reshape(k, n).min(axis=0), ender.reshape(k, n), after.reshape(k, n, horizon),
                          best.reshape(k, n, horizon))

    def mine(self, field: Sequence[EMove], states: Sequence[int], used: int, trees: int, rolls: np.ndarray,
             end: np.ndarray, noise: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The asker's games after each move of ``field`` (a row each), on the same futures: by the
        careful player until their sheet ends the game or, at turn ``end`` (per future), another's
        did, when they make their best use of that turn's roll. ``noise`` (futures × turns ×
        features·faces) jitters the careful player's preferences as the others' are, the same for
        every move (common random numbers). Returns their final scores, raindrops left and the turn
        the game ended, each (moves × futures)."""
        e, b = self.engine, self.batch
        n, horizon = rolls.shape[:2]
        rows = len(field) * n
        s = np.tile(np.asarray(states, dtype=np.int64), (rows, 1))
        u = np.full(rows, used, dtype=np.int64)
        w = np.full(rows, trees, dtype=np.int64)
        for row, m in enumerate(field):
            block = slice(row * n, (row + 1) * n)
            if m.feature >= 0:
                s[block, m.feature] = m.state
            u[block] += m.raindrops
            w[block] += m.water
        future = np.tile(np.arange(n), len(field))
        stop = end[future]
        score = np.rint(b.scores(s, w)).astype(np.int64)
        rain = e.raindrops - u
        turn = np.zeros(rows, dtype=np.int64)
        live = np.flatnonzero(stop > 0)
        for t in range(1, horizon):
            roll = rolls[future[live], t]
            last = stop[live] == t
            done = live[last]
            if done.size:
                score[done], rain[done] = self.last_best(s[done], u[done], w[done], roll[last])
                turn[done] = t
            live, roll = live[~last], roll[~last]
            if not live.size:
                break
            jitter = None if noise is None else noise[future[live], t]
            feature, _, new_state, paid, water = b.choose(s[live], u[live], w[live], roll, jitter)
            placed = feature >= 0
            s[live[placed], feature[placed]] = new_state[placed]
            u[live] += paid
            w[live] += water
            ends = (u[live] >= e.raindrops) | (b.boxes_left(s[live]) == 0)
            finished = live[ends]
            score[finished] = np.rint(b.scores(s[finished], w[finished])).astype(np.int64)
            rain[finished] = e.raindrops - u[finished]
            turn[finished] = t
            live = live[~ends]
        assert not live.size, "a game outlived its horizon"
        shape = (len(field), n)
        return score.reshape(shape), rain.reshape(shape), turn.reshape(shape)

    def last_best(self, s: np.ndarray, u: np.ndarray, w: np.ndarray, rolls: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Each game's best use of its roll when the game ends with this turn: the most points,
        then the most raindrops left, over every legal use at its lowest cost (rulebook: Playing the
        Game, Altering dice results, Watering fruit trees): a value that completes a feature meeting
        its condition earns its stars, a garden value may water a dry tree for one more raindrop,
        and writing nothing marks one raindrop. Returns (final score, raindrops left)."""
        e, b = self.engine, self.batch
        n = len(s)
        left = (e.raindrops - u)[:, None, None]
        index = s + b.offset
        cost = b.cost[rolls[:, 0], rolls[:, 1]].astype(np.float64)  # (game, feature, value)
        valid = (b.next[index] >= 0) & (cost <= left)
        gain = b.completes[index] * b.stars[None, :, None].astype(np.float64)
        spent = 2 * e.raindrops + 2  # more than any turn can mark: (points, raindrops marked) as one number
        dry = np.where(valid, gain * spent - cost, -np.inf).reshape(n, -1).max(axis=1)
        may_water = valid & b.garden[None, :, None] & (w < e.trees)[:, None, None] & (cost + 1 <= left)
        wet = np.where(may_water, (gain + e.spec.tree_penalty) * spent - cost - 1, -np.inf).reshape(n, -1).max(axis=1)
        top = np.maximum(np.maximum(dry, wet), -1.0)  # writing nothing: no points, one raindrop
        points = np.ceil(top / spent)
        marked = points * spent - top
        return (np.rint(b.scores(s, w) + points).astype(np.int64),
                (e.raindrops - u - np.rint(marked)).astype(np.int64))

    # --- the ranking ---------------------------------------------------------------------------------

    def _merge(self, exact: list[Valued], raced: list[Valued], rounds: list[list[np.ndarray]], objective: str
               ) -> tuple[Valued, ...]:
        """The exact moves and the raced ones in one order (the race's own order kept), each marked
        when it is worth the same as the first within the error."""
        out: list[tuple[Valued, list[np.ndarray] | None]] = []
        i = 0
        for v in exact:
            while i < len(raced) and _utility(raced[i], objective) > _utility(v, objective):
                out.append((raced[i], rounds[i]))
                i += 1
            out.append((v, None))
        out += list(zip(raced[i:], rounds[i:]))
        first, first_rounds = out[0]
        u0 = _utility(first, objective)
        marked = []
        for k, (v, r) in enumerate(out):
            u = _utility(v, objective)
            if k == 0:
                equal = True
            elif first_rounds is not None and r is not None:
                equal = _equal(first_rounds, r)
            else:  # one of the two is exact (or both): the other's error is the difference's
                estimate = r if r is not None else first_rounds
                error = _mean_error(estimate)[1] if estimate is not None else 0.0
                equal = abs(u0 - u) <= EQUAL * error + SAME
            marked.append(_with_equal(v, equal))
        return tuple(marked)


@dataclass(frozen=True)
class OthersPlay:
    """The others' games on a set of futures (see ``TableHinter.others``)."""

    end: np.ndarray  # (futures,) the turn the first of them ends the game by their own play
    ender: np.ndarray  # (players, futures) the turn each ends it (the horizon: not within it)
    after: np.ndarray  # (players, futures, turns) their sheet's key after their move of that turn
    best: np.ndarray  # (players, futures, turns) the key after their best use of that turn's roll

    def finals(self, turn: np.ndarray) -> np.ndarray:
        """Each other player's final key when the game ends with ``turn`` (moves × futures): the
        players who end it have played their move, the others finish the turn with their best."""
        future = np.arange(turn.shape[-1])
        return np.stack([
            np.where(ender[future] == turn, after[future, turn], best[future, turn])
            for ender, after, best in zip(self.ender, self.after, self.best)
        ])


def _mean_error(rounds: list[np.ndarray]) -> tuple[float, float]:
    values = np.concatenate(rounds)
    error = float(values.std(ddof=1) / values.size**0.5) if values.size > 1 else 0.0
    return float(values.mean()), error


def _after(states: Sequence[int], m: EMove) -> list[int]:
    """The features' packed states after move ``m``."""
    if m.feature < 0:
        return list(states)
    return [m.state if i == m.feature else s for i, s in enumerate(states)]


def _utility(v: Valued, objective: str) -> float:
    """What the race ranks by: the objective's value; under the win objective the expected score
    orders moves of the same chance."""
    return v.value + TIE_WEIGHT * v.score if objective == WIN else v.value


def _with_equal(v: Valued, equal: bool) -> Valued:
    return replace(v, equal_to_best=equal)


def _marked(valued: list[Valued], objective: str) -> tuple[Valued, ...]:
    """Exact values, best first: each marked when it is worth exactly the first's."""
    if not valued:
        return ()
    first = _utility(valued[0], objective)
    return tuple(_with_equal(v, abs(_utility(v, objective) - first) <= SAME) for v in valued)
