"""The Karigar-e-Taj build planner: CP-SAT against a plain breadth-first search on random small Bazaars,
every plan replayed through the rules module, and the hint's report."""

from __future__ import annotations

import copy
import json
import random
import tomllib
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from tajkit.solver.errors import BadInput, IllegalMove, SolverFailure
from tajkit.solver.karigar import GAME
from tajkit.solver.karigar.rules import Board, Card, Option, Position, affords, apply, covered, lay_out
from tajkit.solver.karigar.planner import Plan, plan
from tajkit.solver.karigar.files import read_hint_position
from tajkit.solver.karigar.samples import full_position, small_position
from karigar_search import breadth_first
from tajkit.solver.karigar.spec import Slot, load_spec

SPEC = load_spec()
POSITION = tomllib.loads((Path(__file__).parent.parent / "data" / "karigar-position.toml").read_text())
CASES = 300


def replay(board: Board, pos: Position, steps) -> Position:
    for turn in steps:
        pos = apply(board, pos, turn)  # raises IllegalMove if the plan breaks a rule
    return pos


def check_plan(board: Board, pos: Position, result: Plan) -> None:
    """The plan is legal turn by turn and reaches what it says, in the number of turns it says."""
    end = replay(board, pos, result.steps)
    if result.turns is not None:
        assert len(result.steps) == result.turns
        assert affords(board, end.holding)
        for k in range(1, len(result.steps)):
            assert not affords(board, replay(board, pos, result.steps[:k]).holding)
    elif not result.stuck:
        assert len(result.steps) == result.horizon
        assert covered(board, end.holding) == result.progress


@pytest.mark.slow
def test_cp_sat_equals_breadth_first_search_on_random_small_bazaars():
    """The issue: "cross-check it in tests against a plain breadth-first search on small Bazaars".
    Same fewest turns; with no build in reach, the same most progress at the horizon; every plan
    replays through the rules; every answer proven. Three turns ahead with two units (workers and
    Elephant), two with more, which keeps the search's thousands of turns per position in bounds."""
    rng = random.Random(2024)
    seen: Counter[object] = Counter()
    for case in range(CASES):
        board, pos = small_position(SPEC, rng)
        horizon = 3 if board.workers + (pos.elephant is not None or board.can_hire(pos)) <= 2 else 2
        expected = breadth_first(board, pos, horizon)
        result = plan(board, pos, horizon)
        assert (result.turns, result.stuck) == (expected.turns, expected.stuck), case
        if result.turns is None:
            assert result.progress == expected.progress, case
            assert result.best_proven or result.stuck
        assert result.proven, case
        check_plan(board, pos, result)
        seen[result.turns if not result.stuck else "stuck"] += 1
        seen["hire"] += any(t.hire is not None for t in result.steps)
        seen["elephant acts"] += any(a.space == t.elephant for t in result.steps for a in t.acts)
        seen["exchange"] += any(a.use for t in result.steps for a in t.acts)
        seen["sell"] += any(a.sell for t in result.steps for a in t.acts)
    assert all(seen[k] >= 5 for k in (0, 1, 2, 3, None, "hire", "elephant acts", "exchange", "sell")), seen


@pytest.mark.slow
def test_plans_on_full_bazaars_replay_through_the_rules():
    """A full Bazaar (the seed's layout, 12 cards): each plan is legal and reaches the Level tile."""
    rng = random.Random(5)
    for _ in range(12):
        board, pos = full_position(SPEC, rng)
        result = plan(board, pos, 4)
        check_plan(board, pos, result)


def test_a_plan_keeps_no_needless_exchange():
    """The plan is tidied: dropping any exchange option it uses makes it fail."""
    rng = random.Random(9)
    checked = 0
    for _ in range(60):
        board, pos = small_position(SPEC, rng)
        result = plan(board, pos, 3)
        if not result.turns:
            continue
        for t, turn in enumerate(result.steps):
            for a, act in enumerate(turn.acts):
                for drop in act.use:
                    lighter = replace(act, use=tuple(o for o in act.use if o != drop))
                    acts = tuple(lighter if k == a else x for k, x in enumerate(turn.acts))
                    trial = result.steps[:t] + (replace(turn, acts=acts),) + result.steps[t + 1 :]
                    try:
                        end = replay(board, pos, trial)
                    except IllegalMove:
                        continue
                    assert not affords(board, end.holding)
                    checked += 1
    assert checked >= 5


def test_the_example_position_builds_in_three_turns():
    """The README's position: the plan, replayed by the rules, holds the Level tile after 3 turns."""
    s = read_hint_position(SPEC, POSITION)
    result = plan(s.board, s.pos, 4)
    assert (result.turns, result.proven) == (3, True)
    check_plan(s.board, s.pos, result)
    assert breadth_first(s.board, s.pos, 2).turns is None  # the proof CP-SAT gives, checked by search


def test_building_is_free_the_moment_the_resources_are_held():
    """Building the Taj Mahal: "as soon as they have acquired all the necessary resources"."""
    s = read_hint_position(SPEC, {**POSITION, "holding": {"sandstone": 2, "marble": 1, "gems": 1}})
    assert plan(s.board, s.pos, 4).turns == 0
    report = GAME.hint.run(SPEC, {**POSITION, "holding": {"sandstone": 2, "marble": 1, "gems": 1}})
    assert "build a section of level 2 now (a free action)" in report.text and report.json["turns"] == 0


def test_no_legal_turn_is_reported_as_stuck():
    """1.2: every worker must move; with nowhere to go there is no Bazaar turn."""
    spaces = lay_out(SPEC, {1: Card(False, (1,) + (0,) * 7, (Option((1,) + (0,) * 7, (0,) * 6 + (1, 0)),) * 2)}, {},
                     [Slot("1", 0, 0, "card")])
    board = Board(SPEC, spaces, frozenset({1}), 2, False, 0, (0, 1) + (0,) * 6)
    result = plan(board, Position((0, 0), None, (0,) * 8), 2)
    assert result.stuck and result.proven and result.turns is None
    assert breadth_first(board, Position((0, 0), None, (0,) * 8), 2).stuck


def test_a_cut_budget_is_flagged_never_claimed_proven():
    """A hint whose deterministic budget runs out says so: "proven" only when every shorter horizon
    was proven infeasible (and, with no build, the progress proven optimal)."""
    rng = random.Random(1)
    for _ in range(192):  # the benchmark's slowest position (seed 1, number 192)
        board, pos = full_position(SPEC, rng)
    starved = replace(board, spec=replace(SPEC, budget=0.05))
    try:
        result = plan(starved, pos, 4)
    except SolverFailure as exc:
        assert "within its budget" in str(exc)
    else:
        statuses = [status for _, status in result.solves]
        assert "UNKNOWN" in statuses or "FEASIBLE" in statuses
        assert not (result.proven and result.best_proven)
        check_plan(starved, pos, result)


# --- the hint ---------------------------------------------------------------------------------------


def test_the_hint_reports_the_plan_turn_by_turn():
    report = GAME.hint.run(SPEC, POSITION)
    text = report.text
    assert "Build in 3 turns (proven shortest: CP-SAT proved that 1 or 2 turns cannot do it)." in text
    assert text.count("\nTurn ") == 3 and "held after:" in text and "Then build a section of level 2 (5, 6)" in text
    out = report.json
    assert (out["turns"], out["proven"], out["build"], out["horizon"]) == (3, True, True, 4)
    assert [step["turn"] for step in out["plan"]] == [1, 2, 3]
    assert all({"workers", "elephant", "acts", "holding", "progress"} <= set(step) for step in out["plan"])
    assert out["plan"][-1]["progress"] == out["progress"]["needed"] == 4
    assert [s["status"] for s in out["solver"]["solves"]][:2] == ["INFEASIBLE", "INFEASIBLE"]
    assert out["notes"] == list(report.notes)
    json.dumps(out)


def test_the_hint_says_what_rests_on_defaults():
    notes = GAME.hint.run(SPEC, POSITION).notes
    joined = "\n".join(notes)
    for part in ("(inferred", "Bazaar layout is tajkit's default", "(tajkit default)", "stay where they are", "larger of what it takes"):
        assert part in joined


def test_with_no_build_in_reach_the_hint_gives_the_best_use_of_this_turn():
    """One turn cannot build here: the answer is the turn ending with the most of the Level tile,
    the progress proven the most (checked by the breadth-first search)."""
    report = GAME.hint.run(SPEC, POSITION, turns=1)
    out = report.json
    assert (out["turns"], out["build"], out["proven"], out["progress_proven"]) == (None, False, True, True)
    assert "No build within 1 turn (proven: CP-SAT ruled out every plan of 1 turn)." in report.text
    assert "Best use of this turn" in report.text and out["progress"]["measure"] in report.text
    s = read_hint_position(SPEC, POSITION)
    assert out["progress"]["end"] == breadth_first(s.board, s.pos, 1).progress


def test_the_hint_is_deterministic():
    first, second = GAME.hint.run(SPEC, POSITION).json, GAME.hint.run(SPEC, POSITION).json
    for out in (first, second):
        out["solver"].pop("seconds")
    assert first == second


def test_hint_options_are_checked():
    with pytest.raises(BadInput, match="--turns 9: plan 1-8 turns ahead"):
        GAME.hint.run(SPEC, POSITION, turns=9)
    with pytest.raises(BadInput, match="give the position file"):
        GAME.hint.run(SPEC, None)
    assert [o.flag for o in GAME.hint.options] == ["--turns"]


def test_a_bad_position_is_bad_input():
    data = copy.deepcopy(POSITION)
    data["workers"] = ["8L", "8L"]
    with pytest.raises(BadInput, match="Asha and Bela both stand there"):
        GAME.hint.run(SPEC, data)
