"""Solitaire games on seeded roll sequences, the same for every policy, and their statistics."""

from __future__ import annotations

import math
import os
import random
import statistics
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from tajkit.solver.artisans.search.engine import Engine, engine_for
from tajkit.solver.artisans.search.oracle import TIME_CAP, WORK
from tajkit.solver.artisans.search.policies import Policy
from tajkit.solver.artisans.spec import Spec


def roll_sequence(engine: Engine, seed: int, game: int) -> list[tuple[int, int]]:
    """The dice of game ``game`` in a run seeded ``seed`` (independent of the policy)."""
    rng = random.Random(f"artisans rolls {seed} {game}")
    faces = engine.faces
    return [(rng.randint(1, faces), rng.randint(1, faces)) for _ in range(engine.spec.max_turns)]


@dataclass(frozen=True)
class Game:
    states: tuple[int, ...]
    used: int
    trees: int
    score: int
    turns: int


def play(engine: Engine, policy: Policy, rolls: list[tuple[int, int]], rng: random.Random) -> Game:
    """Play one game: a move per roll until the sheet is full or the last raindrop is used."""
    states = engine.empty_sheet()
    used = trees = turns = 0
    for roll in rolls:
        if engine.ends(states, used):
            break
        move = policy(engine, states, used, trees, roll, rng)
        if move.feature >= 0:
            states[move.feature] = move.state
        used += move.raindrops
        trees += move.water
        turns += 1
    return Game(tuple(states), used, trees, engine.score(states, trees), turns)


@dataclass(frozen=True)
class Summary:
    mean: float
    sd: float
    ci95: tuple[float, float]
    n: int

    def as_json(self) -> dict[str, object]:
        return {"mean": round(self.mean, 3), "sd": round(self.sd, 3), "ci95": [round(x, 3) for x in self.ci95], "n": self.n}


def summarize(scores: Iterable[float]) -> Summary:
    values = list(scores)
    mean = statistics.fmean(values)
    sd = statistics.stdev(values) if len(values) > 1 else 0.0
    half = 1.96 * sd / math.sqrt(len(values)) if values else 0.0
    return Summary(mean, sd, (mean - half, mean + half), len(values))


POLICIES = ("oracle", "hint", "heuristic", "greedy", "random")


@dataclass(frozen=True)
class OracleBudget:
    """The oracle's limits per game: CP-SAT's deterministic work (the same answer on any machine)
    and a wall-clock safety cap (a game it cuts says so)."""

    work: float = WORK
    time_cap: float = TIME_CAP


@dataclass(frozen=True)
class GameResult:
    score: int | None  # None: the oracle found no play within its work
    seconds: tuple[float, ...] = ()  # per decision (hint) or for the game (oracle)
    proven: bool = True  # the oracle proved its score optimal
    cut: bool = False  # the oracle's wall-clock cap stopped it before its work budget


@dataclass(frozen=True)
class PolicyRun:
    name: str
    results: tuple[GameResult, ...]

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(r.score for r in self.results if r.score is not None)

    @property
    def summary(self) -> Summary:
        return summarize(self.scores)

    @property
    def proven(self) -> int:
        return sum(r.proven and r.score is not None for r in self.results)

    @property
    def cut(self) -> int:
        return sum(r.cut for r in self.results)

    @property
    def seconds(self) -> tuple[float, ...]:
        return tuple(t for r in self.results for t in r.seconds)


def play_one(spec: Spec, name: str, seed: int, game: int, oracle: OracleBudget = OracleBudget()) -> GameResult:
    """Game ``game`` of a run seeded ``seed``, played by policy ``name``. Everything random is
    seeded by (seed, game), so the answer does not depend on which process plays it."""
    engine = engine_for(spec)
    rolls = roll_sequence(engine, seed, game)
    if name == "oracle":
        return _oracle_game(engine, rolls, oracle, seed)
    rng = random.Random(f"artisans policy {seed} {game}")
    if name == "hint":
        return _hint_game(engine, rolls, rng)
    from tajkit.solver.artisans.search import policies

    policy = {"heuristic": policies.heuristic_policy, "greedy": policies.greedy_policy, "random": policies.random_policy}[name]
    return GameResult(play(engine, policy, rolls, rng).score)


def _oracle_game(engine: Engine, rolls: list[tuple[int, int]], budget: OracleBudget, seed: int) -> GameResult:
    from tajkit.solver.artisans.search.oracle import NoPlayFound, clairvoyant

    start = time.perf_counter()
    try:
        result = clairvoyant(engine, rolls, work=budget.work, seed=seed, time_cap=budget.time_cap)
    except NoPlayFound as failure:
        return GameResult(None, (time.perf_counter() - start,), proven=False, cut=failure.cut)
    return GameResult(result.score, (time.perf_counter() - start,), result.proven, result.cut)


def _hint_game(engine: Engine, rolls: list[tuple[int, int]], rng: random.Random) -> GameResult:
    from tajkit.solver.artisans.search.hinter import hinter_for

    hinter = hinter_for(engine.spec)
    seconds: list[float] = []

    def policy(engine: Engine, states, used, trees, roll, rng):  # noqa: ANN001, ANN202
        hint = hinter.rank(engine.sheet(states, used, trees), roll, seed=rng.randrange(2**31), top=1)
        seconds.append(hint.seconds)
        return engine.emove(states, hint.moves[0].move)

    return GameResult(play(engine, policy, rolls, rng).score, tuple(seconds))


def compare(
    spec: Spec,
    names: Sequence[str],
    games: int,
    seed: int,
    oracle: OracleBudget = OracleBudget(),
    processes: int | None = None,
    progress: Callable[[str, int, int], None] | None = None,
) -> dict[str, PolicyRun]:
    """Each named policy on the same ``games`` seeded roll sequences, games spread over
    ``processes`` worker processes (default: every core). ``progress(policy, done, total)`` after
    each game."""
    workers = processes or os.cpu_count() or 1
    runs: dict[str, PolicyRun] = {}
    for name in names:
        results = _play_all(spec, name, games, seed, oracle, min(workers, games), progress)
        runs[name] = PolicyRun(name, tuple(results))
    return runs


def _play_all(spec, name, games, seed, oracle, pool_size, progress) -> list[GameResult]:  # noqa: ANN001
    if progress:
        progress(name, 0, games)
    if pool_size <= 1:
        results = []
        for g in range(games):
            results.append(play_one(spec, name, seed, g, oracle))
            if progress:
                progress(name, g + 1, games)
        return results
    from concurrent.futures import ProcessPoolExecutor, as_completed

    done: dict[int, GameResult] = {}
    with ProcessPoolExecutor(max_workers=pool_size) as pool:
        futures = {pool.submit(play_one, spec, name, seed, g, oracle): g for g in range(games)}
        for future in as_completed(futures):
            done[futures[future]] = future.result()
            if progress:
                progress(name, len(done), games)
    return [done[g] for g in range(games)]


def oracle_bound(runs: dict[str, PolicyRun]) -> tuple[list[int], float | None]:
    """The games the oracle proved optimal and its mean over them: the clairvoyant bound, given
    only where it is proven (an unproven oracle score is a best found, not a bound)."""
    oracle = runs.get("oracle")
    if oracle is None:
        return [], None
    proven = [g for g, r in enumerate(oracle.results) if r.proven and r.score is not None]
    if not proven:
        return [], None
    return proven, statistics.fmean(oracle.results[g].score for g in proven)  # type: ignore[misc]


def ratio_to_oracle(runs: dict[str, PolicyRun], name: str) -> float | None:
    """A policy's mean over the oracle's proven games divided by the oracle's mean over them."""
    games, bound = oracle_bound(runs)
    if not bound:
        return None
    scores = [runs[name].results[g].score for g in games]
    if any(s is None for s in scores):
        return None
    return statistics.fmean(scores) / bound  # type: ignore[arg-type]
