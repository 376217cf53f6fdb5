"""Seeded positions at a table of several players, for the table hint's tests and benchmarks
(``scripts/bench_artisans_table.py``): the sheets of careful players who share the dice (rulebook:
Playing the Game, one roll for the whole table), each choosing a little differently (the jitter of
``table.JITTER``); and the plain way to value a last turn they cross-check the hint with: every
legal use of the roll (the rules model), each final table ranked by the plain scorer."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from tajkit.solver.artisans.files import Player
from tajkit.solver.artisans.rules import Sheet, apply, legal_moves, score
from tajkit.solver.artisans.scoring import score as score_table
from tajkit.solver.artisans.search.engine import engine_for
from tajkit.solver.artisans.search.hinter import hinter_for
from tajkit.solver.artisans.search.table import JITTER, WIN, Seat
from tajkit.solver.artisans.spec import Spec

NAMES = ("Asha", "Babur", "Chitra", "Dev", "Esha", "Farid")


@dataclass(frozen=True)
class TablePosition:
    """A player to hint (``me``), the others at the table and the roll."""

    me: Seat
    others: tuple[Seat, ...]
    roll: tuple[int, int]


def table_turns(spec: Spec, players: int, seed: int) -> Iterator[tuple[list[Sheet], tuple[int, int], list[Sheet]]]:
    """One seeded game: (every sheet before the turn, the turn's roll, every sheet after it), turn
    by turn, until a sheet ends the game (rulebook: End of the Game)."""
    engine = engine_for(spec)
    batch = hinter_for(spec).batch
    rng = np.random.default_rng([seed, players])
    states = np.tile(np.asarray(engine.empty_sheet(), dtype=np.int64), (players, 1))
    used = np.zeros(players, dtype=np.int64)
    trees = np.zeros(players, dtype=np.int64)
    while True:
        before = [engine.sheet([int(x) for x in s], int(u), int(t)) for s, u, t in zip(states, used, trees)]
        roll = (int(rng.integers(1, engine.faces + 1)), int(rng.integers(1, engine.faces + 1)))
        noise = rng.gumbel(scale=JITTER, size=(players, len(engine.tables) * engine.faces))
        feature, _, new_state, paid, water = batch.choose(states, used, trees, np.array([roll] * players), noise)
        placed = np.flatnonzero(feature >= 0)
        states[placed, feature[placed]] = new_state[placed]
        used += paid
        trees += water
        after = [engine.sheet([int(x) for x in s], int(u), int(t)) for s, u, t in zip(states, used, trees)]
        yield before, roll, after
        if any(s.ends_game(spec) for s in after):
            return


def last_turn_positions(spec: Spec, count: int, seed: int, players: int = 3) -> list[TablePosition]:
    """``count`` last turns: in the last turn of a seeded game, a player whose move ends the game
    has used the roll (their sheet after it), the hint is for a player who has not, and each other
    player has used it or not at random; ages at random, some left out."""
    found = []
    game = 0
    while len(found) < count:
        *_, (before, roll, after) = table_turns(spec, players, seed * 1_000_003 + game)
        rng = random.Random(f"last turn {seed} {game}")
        game += 1
        enders = [i for i, s in enumerate(after) if s.ends_game(spec)]
        ender = rng.choice(enders)
        me = rng.choice([i for i in range(players) if i != ender])
        ages = [rng.choice([None, rng.randint(8, 80)]) for _ in range(players)]
        moved = [i == ender or rng.random() < 0.5 for i in range(players)]
        others = [Seat(NAMES[i], after[i] if moved[i] else before[i], ages[i], moved[i]) for i in range(players) if i != me]
        found.append(TablePosition(Seat(NAMES[me], before[me], ages[me]), tuple(others), roll))
    return found


def positions_at(spec: Spec, count: int, seed: int, players: int = 3) -> list[TablePosition]:
    """``count`` positions from the start of the game to its last turn: a turn of a seeded game at
    random, the hint for a player at random, every other player still to use the roll."""
    found = []
    game = 0
    while len(found) < count:
        turns = list(table_turns(spec, players, seed * 1_000_003 + game))
        rng = random.Random(f"position {seed} {game}")
        game += 1
        before, roll, _ = rng.choice(turns)
        me = rng.randrange(players)
        seats = [Seat(NAMES[i], before[i], 30 + i) for i in range(players)]
        found.append(TablePosition(seats[me], tuple(s for s in seats if s is not seats[me]), roll))
    return found


def best_last_use(spec: Spec, sheet: Sheet, roll: tuple[int, int]) -> Sheet:
    """A player's best use of the roll on the last turn, by scoring every legal use (rules model):
    the most points, then the most raindrops left."""
    return max((apply(spec, sheet, m) for m in legal_moves(spec, sheet, roll)),
               key=lambda s: (score(spec, s).total, s.raindrops_left(spec)))


def share_by_the_scorer(spec: Spec, players: list[Player]) -> float:
    """The first player's share of the win in a finished table, by the plain scorer's ranking
    (``tajkit score``) of the players with the best score and raindrops (the others cannot win, and
    the scorer drops every age when any tied player, even one tied lower down, has none)."""
    keys = [(score(spec, p.sheet).total, p.sheet.raindrops_left(spec)) for p in players]
    contenders = tuple(p for p, k in zip(players, keys) if k == max(keys))
    first = [p.name for p in score_table(spec, contenders).players if p.rank == 1]
    return 1 / len(first) if players[0].name in first else 0.0


def last_turn_truth(spec: Spec, position: TablePosition, objective: str) -> list[tuple[float, int, int, Sheet]]:
    """Every legal use of the roll on a last turn, valued the plain way: (the objective's value, the
    final score, the raindrops left, the sheet), against the others' final sheets (as they stand
    once they have used the roll, else their best use of it)."""
    me, roll = position.me, position.roll
    finals = [o.sheet if o.moved else best_last_use(spec, o.sheet, roll) for o in position.others]
    out = []
    for move in legal_moves(spec, me.sheet, roll):
        sheet = apply(spec, me.sheet, move)
        mine = score(spec, sheet).total
        table = [Player(me.name, sheet, me.age), *(Player(o.name, s, o.age) for o, s in zip(position.others, finals))]
        value = share_by_the_scorer(spec, table) if objective == WIN else mine
        out.append((value, mine, sheet.raindrops_left(spec), sheet))
    return out
