"""Many games at once: the careful player's rules written over arrays, so that hundreds of
sampled futures can be played out in milliseconds (numpy).

``CarefulRules`` is the rule-based player of ``tajkit simulate --policy heuristic`` and the base
policy of the hint's rollouts: it never writes a value that makes a feature impossible to satisfy,
prefers moves that spend no raindrops, keeps the values that leave the most ways to score, waters
a tree while raindrops are plentiful or when the garden is about to run out of boxes, and when
nothing fits marks a raindrop or gives up the cheapest feature.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from tajkit.solver.artisans.search.endgame import Endgame
from tajkit.solver.artisans.search.engine import Engine, FeatureTable


@dataclass(frozen=True)
class CarefulRules:
    """The thresholds of the careful player (raindrops are the game's clock: spend them slowly)."""

    pay_one_if_more_than: float = 1 / 3  # pay 1 raindrop for a safe move while raindrops > this x boxes left
    skip_while_more_than: int = 2  # otherwise mark a raindrop (write nothing) while more than this are left
    water_reserve: int = 3  # water a tree only if this many raindrops stay afterwards...
    water_reserve_per_box: float = 1.0  # ...and one per box left (a raindrop spent early is missed later),
    last_chance_reserve: int = 1  # or, when the garden has fewer boxes left than dry trees, if this many stay


def preference(cost, completes, kept):  # noqa: ANN001, ANN201 (numbers or arrays alike)
    """The careful player's order of safe placements: cheap first, then one that completes a
    scoring feature, then the share of the feature's ways to score that it keeps."""
    return -4 * cost + 2 * completes + kept


@dataclass(frozen=True)
class Ending:
    """Where the played-out futures hand over to the exact solver: at ``boxes`` empty boxes."""

    solver: Endgame
    boxes: int


@dataclass(frozen=True)
class _Arrays:
    """Per feature, per packed state and value: where the value best goes and what it leaves."""

    next: np.ndarray  # state after writing x in the box that keeps the most ways to score; -1: no box
    kept: np.ndarray  # share of the ways to score kept (1.0 into a feature already lost); -1: kills it
    completes: np.ndarray  # the feature is complete and scores afterwards
    empties: np.ndarray  # number of empty boxes
    scores: np.ndarray


def _arrays(table: FeatureTable) -> _Arrays:
    n = len(table.empties)
    faces = table.base - 1
    nxt = np.full((n, faces + 1), -1, dtype=np.int64)
    kept = np.full((n, faces + 1), -1.0)
    completes = np.zeros((n, faces + 1), dtype=bool)
    count = table.completions
    for state in range(n):
        empties = table.empties[state]
        if not empties:
            continue
        for x in range(1, faces + 1):
            best = max(empties, key=lambda b: (count[table.place(state, b, x)], -b))
            new = table.place(state, best, x)
            nxt[state, x] = new
            if not table.live[state]:
                kept[state, x] = 1.0
            elif table.live[new]:
                kept[state, x] = count[new] / count[state]
            completes[state, x] = table.scores[new]
    empties_count = np.array([len(e) for e in table.empties], dtype=np.int64)
    return _Arrays(nxt, kept, completes, empties_count, np.array(table.scores, dtype=bool))


class Batch:
    """The careful player over ``n`` games at once. The features' tables are laid end to end so
    that one gather serves all features: row ``offset[f] + state``."""

    def __init__(self, engine: Engine, rules: CarefulRules = CarefulRules()) -> None:
        self.engine = engine
        self.rules = rules
        parts = [_arrays(t) for t in engine.tables]
        self.offset = np.cumsum([0] + [len(p.empties) for p in parts[:-1]]).astype(np.int32)
        self.next = np.concatenate([p.next[:, 1:] for p in parts]).astype(np.int32)
        self.kept = np.concatenate([p.kept[:, 1:] for p in parts]).astype(np.float32)
        self.completes = np.concatenate([p.completes[:, 1:] for p in parts]).astype(np.float32)
        self.empties = np.concatenate([p.empties for p in parts]).astype(np.int32)
        self.scores_at = np.concatenate([p.scores for p in parts])
        self.groups = np.array(engine.groups)
        self.stars = np.array(engine.stars, dtype=np.float32)
        self.garden = np.array([g == engine.garden for g in engine.groups])
        # cost[a, b, feature, value - 1]: raindrops to turn roll (a, b) into that feature's group and value
        full = np.array(engine.cost, dtype=np.float32)
        self.cost = np.ascontiguousarray(full[:, :, self.groups, 1:])
        self.faces = engine.faces

    def boxes_left(self, states: np.ndarray) -> np.ndarray:
        return self.empties[states + self.offset].sum(axis=1)

    def choose(self, states: np.ndarray, used: np.ndarray, trees: np.ndarray, rolls: np.ndarray,
               jitter: np.ndarray | None = None):
        """The careful player's move in each game: (feature or -1, value, next state, raindrops, water).
        ``jitter`` (games × features·faces), if given, is added to its preferences between safe
        placements: a player like it who does not always choose alike."""
        n, features = states.shape
        r = self.rules
        rows = np.arange(n)
        left = self.engine.raindrops - used
        index = states + self.offset
        empties = self.empties[index]  # (n, feature)
        boxes = empties.sum(axis=1)
        cost = self.cost[rolls[:, 0], rolls[:, 1]]  # (n, feature, value)
        nxt = self.next[index]
        kept = self.kept[index]
        valid = (nxt >= 0) & (cost <= left[:, None, None])
        safe = valid & (kept >= 0)
        minus_inf = np.float32(-np.inf)
        key = np.where(safe, preference(cost, self.completes[index], kept), minus_inf)
        key = key.reshape(n, -1)
        if jitter is not None:
            key = key + jitter
        # giving a feature up: the cheapest first, then the one with the fewest stars
        kill = np.where(valid & (kept < 0), np.float32(-4) * cost - self.stars[None, :, None] / 10, minus_inf)
        kill = kill.reshape(n, -1)
        pick = key.argmax(axis=1)
        has_safe = np.isfinite(key[rows, pick])
        flat_cost = cost.reshape(n, -1)
        pick_cost = flat_cost[rows, pick]
        take_safe = has_safe & (
            (pick_cost == 0)
            | ((pick_cost <= 1) & (left > boxes * r.pay_one_if_more_than))
            | (left <= r.skip_while_more_than)
        )
        kpick = kill.argmax(axis=1)
        sacrifice = ~has_safe & ((left <= r.skip_while_more_than) | (boxes <= 1)) & np.isfinite(kill[rows, kpick])
        chosen = np.where(take_safe, pick, np.where(sacrifice, kpick, -1))
        placed = chosen >= 0
        chosen = np.maximum(chosen, 0)
        feature = np.where(placed, chosen // self.faces, -1)
        value = chosen % self.faces + 1
        new_state = np.where(placed, nxt.reshape(n, -1)[rows, chosen], -1)
        paid = np.where(placed, flat_cost[rows, chosen], 1).astype(np.int64)
        dry = self.engine.trees - trees
        last_chance = empties[:, self.garden].sum(axis=1) - 1 < dry
        plenty = np.maximum(r.water_reserve, boxes * r.water_reserve_per_box)
        reserve = np.where(last_chance, r.last_chance_reserve, plenty)
        water = placed & self.garden[np.maximum(feature, 0)] & (dry > 0) & (left - paid - 1 >= reserve)
        return feature, value, new_state, paid + water, water

    def play_out(
        self, states: np.ndarray, used: np.ndarray, trees: np.ndarray, rolls: np.ndarray, ending: Ending | None = None
    ) -> np.ndarray:
        """Finish every game with the careful player on its own rolls; returns the final scores.
        Games that have ended drop out of the arrays, so late turns cost little. With an
        ``ending``, a game stops being played once it has that few boxes left, and scores the
        exact expected value of perfect play from there (so every future ends perfectly)."""
        states, used, trees = states.copy(), used.copy(), trees.copy()
        live = np.arange(len(states))
        last = ending.boxes if ending else 0
        for t in range(rolls.shape[1]):
            going = (used[live] < self.engine.raindrops) & (self.boxes_left(states[live]) > last)
            live = live[going]
            if not len(live):
                break
            feature, _, new_state, paid, water = self.choose(states[live], used[live], trees[live], rolls[live, t])
            place = feature >= 0
            states[live[place], feature[place]] = new_state[place]
            used[live] += paid
            trees[live] += water
        final = self.scores(states, trees).astype(float)
        if ending:
            open_ = (used < self.engine.raindrops) & (self.boxes_left(states) > 0)
            if open_.any():
                final[open_] += ending.solver.gains(states[open_], used[open_], trees[open_])
        return final

    def scores(self, states: np.ndarray, trees: np.ndarray) -> np.ndarray:
        stars = (self.scores_at[states + self.offset] * self.stars).sum(axis=1)
        return stars - (self.engine.trees - trees) * self.engine.spec.tree_penalty
