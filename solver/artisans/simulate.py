"""Solitaire games on seeded roll sequences, the same for every policy, and their statistics."""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from tajkit.solver.artisans.engine import Engine
from tajkit.solver.artisans.policies import Policy


def max_turns(engine: Engine) -> int:
    """Each turn fills a box or marks at least one raindrop, so a game lasts at most this long."""
    return sum(t.feature.size for t in engine.tables) + engine.raindrops


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
