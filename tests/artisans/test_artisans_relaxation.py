"""The information-relaxation bound (``search/relaxation.py``): its charges have mean zero over the
rolls exactly, the bound it proves is never below what a real play scores minus its charges on the
same dice (weak duality, pathwise), and without charges it is the clairvoyant's bound."""

from __future__ import annotations

import random

import pytest
from tajkit.solver.artisans.search import policies
from tajkit.solver.artisans.search.engine import engine_for
from tajkit.solver.artisans.search.oracle import clairvoyant
from tajkit.solver.artisans.search.relaxation import (
    Penalty,
    charge,
    distinct_rolls,
    feature_states,
    penalised_bound,
    play_charges,
)
from tajkit.solver.artisans.search.simulation import roll_sequence
from tajkit.solver.artisans.spec import load_spec

ENGINE = engine_for(load_spec())


def late_position(game: int, boxes: int = 9) -> tuple[list[int], int, int, list[tuple[int, int]]]:
    """The first position of a careful game (seed 5) with ``boxes`` empty boxes, and the rolls
    still to come, as many as the game can still last (a turn fills a box or marks a raindrop)."""
    rolls = roll_sequence(ENGINE, 5, game)
    rng = random.Random(game)
    states = [0] * len(ENGINE.tables)
    used = trees = 0
    for t, roll in enumerate(rolls):
        empty = sum(len(tb.empties[s]) for tb, s in zip(ENGINE.tables, states))
        if empty <= boxes or ENGINE.ends(states, used):
            return states, used, trees, rolls[t : t + empty + ENGINE.raindrops - used]
        move = policies.heuristic_policy(ENGINE, states, used, trees, roll, rng)
        if move.feature >= 0:
            states[move.feature] = move.state
        used += move.raindrops
        trees += move.water
    raise AssertionError("the careful game never reached the position")


def careful_play(states, used, trees, rolls):
    """The careful player's moves from the position on these rolls, and its final score."""
    states, moves, rng = list(states), [], random.Random(0)
    for roll in rolls:
        if ENGINE.ends(states, used):
            break
        move = policies.heuristic_policy(ENGINE, states, used, trees, roll, rng)
        moves.append(move)
        if move.feature >= 0:
            states[move.feature] = move.state
        used += move.raindrops
        trees += move.water
    return moves, ENGINE.score(states, trees)


def test_charges_have_mean_zero_exactly() -> None:
    """Any charge of the form h(state, next roll) - E h(state, roll) has mean zero under honest
    play; here it holds in integers, over the 21 distinct rolls weighted 1/36 (doubles) and 2/36."""
    rng = random.Random(3)
    penalty = Penalty()
    for _ in range(30):
        held = []
        for fi, table in enumerate(ENGINE.tables):
            fs = feature_states(ENGINE, fi, 0, penalty)
            held.append((fs, list(rng.choice(fs.multisets))))
        total = sum(w * charge(ENGINE, held, roll) for roll, w in distinct_rolls(ENGINE.faces))
        assert total == 0


@pytest.mark.parametrize("game", [0, 1, 2])
def test_bound_is_never_below_a_real_play(game: int) -> None:
    """Weak duality, pathwise: on any dice the bound is at least the score minus the charges of
    every real play on them, here the careful player's and the clairvoyant's (Brown, Smith & Sun
    2010; rulebook: Playing the Game, End of the Game for what a play may do)."""
    states, used, trees, rolls = late_position(game)
    penalty = Penalty()
    bound = penalised_bound(ENGINE, rolls, states, used, trees, penalty, iterations=40).bound
    moves, final = careful_play(states, used, trees, rolls)
    assert bound >= final - play_charges(ENGINE, rolls, moves, states, penalty) - 1e-9
    plan = clairvoyant(ENGINE, rolls, states, used, trees)
    assert bound >= plan.score - play_charges(ENGINE, rolls, plan.moves, states, penalty) - 1e-9


def test_without_charges_it_is_the_clairvoyant_bound() -> None:
    """With the charges weighted 0 the relaxed problem is the clairvoyant's: the bound proven is
    at least its best score and, on this position, within a tenth of a point of it."""
    states, used, trees, rolls = late_position(0)
    bound = penalised_bound(ENGINE, rolls, states, used, trees, Penalty(scale=0.0), iterations=100).bound
    score = clairvoyant(ENGINE, rolls, states, used, trees).score
    assert score - 1e-9 <= bound <= score + 0.1
