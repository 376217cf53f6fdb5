"""Solitaire games on seeded roll sequences, the same for every policy, and their statistics."""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from tajkit.solver.artisans.engine import Engine
from tajkit.solver.artisans.policies import Policy


def max_turns(engine: Engine) -> int:
    """Each turn fills a box or marks at least one raindrop, so a game lasts at most this long."""
    return engine.spec.box_count + engine.raindrops


def roll_sequence(engine: Engine, seed: int, game: int) -> list[tuple[int, int]]:
    """The dice of game ``game`` in a run seeded ``seed`` (independent of the policy)."""
    rng = random.Random(f"artisans rolls {seed} {game}")
    faces = engine.faces
    return [(rng.randint(1, faces), rng.randint(1, faces)) for _ in range(max_turns(engine))]


@dataclass(frozen=True)
class Game:
    states: tuple[int, ...]
    used: int
    trees: int
    score: int
    turns: int


def play(engine: Engine, policy: Policy, rolls: list[tuple[int, int]], rng: random.Random) -> Game:
    """Play one game: a move per roll until the sheet is full or the last raindrop is used."""
    states = [t.pack((0,) * t.feature.size) for t in engine.tables]
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


def run_policy(
    engine: Engine, policy: Policy, games: int, seed: int, progress: Callable[[int], None] | None = None
) -> list[int]:
    scores = []
    for g in range(games):
        rng = random.Random(f"artisans policy {seed} {g}")
        scores.append(play(engine, policy, roll_sequence(engine, seed, g), rng).score)
        if progress:
            progress(1)
    return scores


POLICIES = ("oracle", "hint", "heuristic", "greedy", "random")


@dataclass(frozen=True)
class PolicyRun:
    name: str
    scores: tuple[int, ...]
    seconds: tuple[float, ...] = ()  # per decision (hint) or per game (oracle)
    proven: int | None = None  # oracle games proven optimal

    @property
    def summary(self) -> Summary:
        return summarize(self.scores)


def compare(
    engine: Engine,
    names: Sequence[str],
    games: int,
    seed: int,
    oracle_time: float = 20.0,
    hint_time: float = 0.9,
    progress: Callable[[int], None] | None = None,
) -> dict[str, PolicyRun]:
    """Each named policy on the same ``games`` seeded roll sequences."""
    from tajkit.solver.artisans import policies

    runs: dict[str, PolicyRun] = {}
    for name in names:
        if name == "oracle":
            runs[name] = _oracle_run(engine, games, seed, oracle_time, progress)
        elif name == "hint":
            runs[name] = _hint_run(engine, games, seed, hint_time, progress)
        else:
            policy = {"heuristic": policies.heuristic_policy, "greedy": policies.greedy_policy,
                      "random": policies.random_policy}[name]
            runs[name] = PolicyRun(name, tuple(run_policy(engine, policy, games, seed, progress)))
    return runs


def _oracle_run(engine: Engine, games: int, seed: int, time_limit: float, progress) -> PolicyRun:  # noqa: ANN001
    from tajkit.solver.artisans.oracle import clairvoyant

    scores, seconds, proven = [], [], 0
    for g in range(games):
        start = time.perf_counter()
        result = clairvoyant(engine, roll_sequence(engine, seed, g), time_limit=time_limit, seed=seed)
        seconds.append(time.perf_counter() - start)
        scores.append(result.score)
        proven += result.proven
        if progress:
            progress(1)
    return PolicyRun("oracle", tuple(scores), tuple(seconds), proven)


def _hint_run(engine: Engine, games: int, seed: int, time_limit: float, progress) -> PolicyRun:  # noqa: ANN001
    from tajkit.solver.artisans.hint import Hinter

    hinter = Hinter(engine.spec)
    seconds: list[float] = []

    def policy(engine: Engine, states, used, trees, roll, rng):  # noqa: ANN001, ANN202
        hint = hinter.rank(engine.sheet(states, used, trees), roll, seed=rng.randrange(2**31), time_limit=time_limit, top=1)
        seconds.append(hint.seconds)
        return engine.emove(states, hint.moves[0].move)

    scores = run_policy(engine, policy, games, seed, progress)
    return PolicyRun("hint", tuple(scores), tuple(seconds))
