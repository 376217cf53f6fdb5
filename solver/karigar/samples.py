"""Random Bazaars and positions, for the planner's benchmark and its cross-check against the
breadth-first search. Seeded: the same ``random.Random`` gives the same positions everywhere.

The card contents are random (tajkit does not know the real deck); they follow the rulebook's
shape: blue cards earn basic resources or Silver and have two exchange options, yellow cards earn
precious resources (or Gold, or a basic one) and have one.
"""

from __future__ import annotations

import random
from collections import Counter

from tajkit.solver.karigar.rules import SUPPLY, Board, Card, Option, Position, lay_out
from tajkit.solver.karigar.spec import Slot, Spec


def _bag(spec: Spec, rng: random.Random, n: int, allowed: list[int]) -> tuple[int, ...]:
    amounts = [0] * len(spec.resources)
    for _ in range(n):
        amounts[rng.choice(allowed)] += 1
    return tuple(amounts)


def random_card(spec: Spec, rng: random.Random, palette: list[int] | None = None) -> Card:
    basic = list(spec.basic)
    precious = [k for k, r in enumerate(spec.resources) if r.group == "precious"]
    everything = list(range(len(spec.resources)))
    yellow = rng.random() < 1 / 3
    if palette is not None:
        earn_from = give_from = get_from = palette
    else:
        earn_from = precious + [spec.gold] + basic[:1] if yellow else basic + [spec.silver]
        give_from, get_from = basic + [spec.silver] + precious, everything
    options = tuple(
        Option(_bag(spec, rng, rng.randint(1, 2), give_from), _bag(spec, rng, rng.randint(1, 3), get_from))
        for _ in range(spec.yellow_options if yellow else spec.blue_options)
    )
    return Card(yellow, _bag(spec, rng, rng.randint(1, 3), earn_from), options)


def full_position(spec: Spec, rng: random.Random) -> tuple[Board, Position]:
    """A full Bazaar (the seed's layout, every card) at a random level, with 2-6 spaces taken by
    other players and the player's workers together on one space or in the supply."""
    cards = {n: random_card(spec, rng) for n in spec.cards}
    spaces = lay_out(spec, cards, {})
    level = rng.randint(1, spec.level_count)
    workers = spec.workers_start + (1 if level - 1 >= spec.extra_worker_after else 0)
    open_spaces = [i for i, s in enumerate(spaces) if s.kind != "alliance"]
    blocked = frozenset(rng.sample(open_spaces, rng.randint(2, 6)))
    free = [i for i in open_spaces if i not in blocked and not spaces[i].yellow]
    start = (rng.choice(free),) * workers if rng.random() < 0.5 else (SUPPLY,) * workers
    basic_precious = list(spec.basic) + [k for k, r in enumerate(spec.resources) if r.group == "precious"]
    needs = _bag(spec, rng, 3 + level, basic_precious)
    holding = _bag(spec, rng, rng.randint(0, 6), list(range(len(spec.resources))))
    unlocked = level - 1 >= spec.elephants_after
    board = Board(spec, spaces, blocked, workers, unlocked, rng.randint(0, 1) if unlocked else 0, needs)
    return board, Position(start, None, holding)


def small_position(spec: Spec, rng: random.Random) -> tuple[Board, Position]:
    """A small Bazaar (2-4 slots: cards and Trade cards, four resources in play) a breadth-first
    search can exhaust in a few turns: 2 or 3 workers, sometimes an Elephant to hire or in play."""
    rows, cols = rng.choice([(2, 2), (2, 2), (1, 3), (3, 1)])
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    rng.shuffle(cells)
    n_cards = len(cells) - rng.choice([1, 2])
    palette = rng.sample(range(len(spec.resources)), 4)
    slots, cards = [], {}
    for k, (r, c) in enumerate(cells):
        if k < n_cards:
            slots.append(Slot(str(k + 1), r, c, "card"))
            cards[k + 1] = random_card(spec, rng, palette)
        else:
            slots.append(Slot(f"T{k - n_cards + 1}", r, c, ("sell", "gold")[k - n_cards]))
    spaces = lay_out(spec, cards, {}, slots)
    blocked = frozenset(i for i in range(len(spaces)) if rng.random() < 0.15)
    free = [i for i in range(len(spaces)) if i not in blocked]
    workers = rng.choice([2, 2, 2, 3])
    unlocked = rng.random() < 0.5
    board = Board(spec, spaces, blocked, workers, unlocked, rng.choice([0, 0, 1, 2]), _bag(spec, rng, rng.randint(2, 5), palette))
    start: tuple[int, ...] = (SUPPLY,) * workers
    if rng.random() < 0.7 and free:
        home = rng.choice(free)
        start = tuple(home if rng.random() < 0.6 else rng.choice(free) for _ in range(workers))
        if any(spaces[i].yellow and n < spec.yellow_min_workers for i, n in Counter(start).items()):
            start = (SUPPLY,) * workers
    elephant = None
    if unlocked and board.other_elephants < spec.elephants_in_bazaar and rng.random() < 0.3:
        spare = [i for i in free if i not in start]
        elephant = rng.choice(spare) if spare else None
    holding = _bag(spec, rng, rng.randint(0, 5), palette + [spec.silver])
    if board.can_hire(Position(start, elephant, holding)) and rng.random() < 0.4:  # Mohurs enough to hire
        holding = tuple(h + c for h, c in zip(holding, rng.choice(spec.hire)))
    return board, Position(start, elephant, holding)
