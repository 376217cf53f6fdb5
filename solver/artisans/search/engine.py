"""The Artisans rules in a fast form for the solver and the simulator.

A feature's values are packed into one integer (digit ``i`` in base faces+1 is box ``i``; 0 is
empty), so a sheet is a short list of ints. Everything here is derived from the rules model in
``solver/artisans/rules.py`` (its spec and its conditions); the tests hold ``Engine.moves`` equal to
``rules.legal_moves``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import product
from typing import NamedTuple

from tajkit.solver.artisans.rules import CONDITIONS, EMPTY, Move, Sheet, alteration, failure
from tajkit.solver.artisans.spec import Feature, Spec


class EMove(NamedTuple):
    """A move in engine form. ``feature`` is an index into the spec's features; -1 is a skip."""

    feature: int
    box: int
    value: int
    raindrops: int
    water: bool
    state: int  # the feature's packed values after the move (-1 for a skip)


SKIP = EMove(-1, -1, 0, 1, False, -1)


@dataclass(frozen=True)
class FeatureTable:
    feature: Feature
    base: int
    powers: tuple[int, ...]
    empties: tuple[tuple[int, ...], ...]  # packed state -> its empty boxes
    canon: tuple[int, ...]  # packed state -> packed canonical state
    live: tuple[bool, ...]  # packed state -> can still score
    scores: tuple[bool, ...]  # packed state -> complete and meeting the condition
    completions: tuple[int, ...]  # packed state -> ways of filling its empty boxes that score

    def pack(self, values: tuple[int, ...]) -> int:
        return sum(v * p for v, p in zip(values, self.powers))

    def unpack(self, state: int) -> tuple[int, ...]:
        return tuple((state // p) % self.base for p in self.powers)

    def place(self, state: int, box: int, value: int) -> int:
        return state + value * self.powers[box]


def _table(feature: Feature, faces: int) -> FeatureTable:
    base = faces + 1
    powers = tuple(base**i for i in range(feature.size))
    condition = CONDITIONS[feature.condition]
    empties, canon, scores = [], [], []
    for digits in product(range(base), repeat=feature.size):
        values = tuple(reversed(digits))  # product varies the last digit fastest: box 0 first
        empties.append(tuple(i for i, v in enumerate(values) if v == EMPTY))
        canon.append(sum(v * p for v, p in zip(condition.canonical(values), powers)))
        scores.append(failure(feature, values) is None)
    # count the fillings that score, fewest empty boxes first (filling the first empty box next)
    completions = [int(s) for s in scores]
    for state in sorted(range(len(empties)), key=lambda s: len(empties[s])):
        if empties[state]:
            box = empties[state][0]
            completions[state] = sum(completions[state + v * powers[box]] for v in range(1, base))
    live = tuple(c > 0 for c in completions)
    return FeatureTable(
        feature, base, powers, tuple(empties), tuple(canon), live, tuple(scores), tuple(completions)
    )


class Engine:
    """Packed sheets, legal moves and scores for one spec."""

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self.tables = tuple(_table(f, spec.faces) for f in spec.features)
        self.faces = spec.faces
        self.raindrops = spec.raindrops
        self.trees = spec.trees
        self.garden = spec.garden_group
        self.groups = tuple(f.group for f in spec.features)
        self.stars = tuple(f.stars for f in spec.features)
        values = range(1, spec.faces + 1)
        # cost[a][b][g][x]: raindrops to turn roll (a, b) into group g and value x
        self.cost = [
            [
                [[0] * (spec.faces + 1)] + [
                    [0] + [min(abs(g - a) + abs(x - b), abs(g - b) + abs(x - a)) for x in values] for g in values
                ]
                for b in range(spec.faces + 1)
            ]
            for a in range(spec.faces + 1)
        ]

    # --- conversion ---------------------------------------------------------------------------

    def pack(self, sheet: Sheet) -> list[int]:
        return [t.pack(v) for t, v in zip(self.tables, sheet.values)]

    def empty_sheet(self) -> list[int]:
        """Every feature's packed state before the first roll."""
        return [t.pack((0,) * t.feature.size) for t in self.tables]

    def sheet(self, states: list[int] | tuple[int, ...], used: int, trees: int) -> Sheet:
        return Sheet(tuple(t.unpack(s) for t, s in zip(self.tables, states)), used, trees)

    # --- rules ----------------------------------------------------------------------------------

    def moves(
        self, states: list[int] | tuple[int, ...], used: int, trees: int, roll: tuple[int, int], distinct: bool = True
    ) -> list[EMove]:
        """Every legal move at its lowest raindrop cost (rulebook: Playing the Game, Altering dice
        results, Watering fruit trees), the skip last. With ``distinct``, boxes that leave the
        feature in the same canonical state (e.g. any empty facade box) count once."""
        left = self.raindrops - used
        cost = self.cost[roll[0]][roll[1]]
        may_water = trees < self.trees
        out: list[EMove] = []
        for fi, table in enumerate(self.tables):
            state = states[fi]
            empties = table.empties[state]
            if not empties:
                continue
            group_cost = cost[self.groups[fi]]
            garden = self.groups[fi] == self.garden and may_water
            for value in range(1, self.faces + 1):
                c = group_cost[value]
                if c > left:
                    continue
                seen: set[int] = set()
                for box in empties:
                    new = table.place(state, box, value)
                    if distinct:
                        key = table.canon[new]
                        if key in seen:
                            continue
                        seen.add(key)
                    out.append(EMove(fi, box, value, c, False, new))
                    if garden and c + 1 <= left:
                        out.append(EMove(fi, box, value, c + 1, True, new))
        if left >= 1:
            out.append(SKIP)
        return out

    def ends(self, states: list[int] | tuple[int, ...], used: int) -> bool:
        """Rulebook (End of the Game): the final empty box is filled or the last raindrop used."""
        return used >= self.raindrops or all(not t.empties[s] for t, s in zip(self.tables, states))

    def score(self, states: list[int] | tuple[int, ...], trees: int) -> int:
        stars = sum(f for f, t, s in zip(self.stars, self.tables, states) if t.scores[s])
        return stars - (self.trees - trees) * self.spec.tree_penalty

    def move(self, m: EMove, roll: tuple[int, int]) -> Move:
        """The rules-model :class:`Move` for an engine move made with ``roll``."""
        if m.feature < 0:
            return Move.skip_turn()
        dice, _ = alteration(roll, self.groups[m.feature], m.value)
        fid = self.spec.features[m.feature].id
        return Move(fid, m.box, m.value, m.raindrops, m.water, False, dice[0], dice[1])

    def emove(self, states: list[int] | tuple[int, ...], move: Move) -> EMove:
        if move.skip:
            return SKIP
        fi = next(i for i, f in enumerate(self.spec.features) if f.id == move.feature)
        new = self.tables[fi].place(states[fi], move.box, move.value)  # type: ignore[arg-type]
        return EMove(fi, move.box, move.value, move.raindrops, move.water_tree, new)  # type: ignore[arg-type]


@cache
def engine_for(spec: Spec) -> Engine:
    return Engine(spec)
