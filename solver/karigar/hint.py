"""``tajkit hint karigar POSITION``: the shortest route to the next Taj section, turn by turn, or the
best use of this turn when no build is reachable within the horizon. The position is read by
``files.py``, planned by ``planner.py`` (CP-SAT) and put into words by ``report.py``."""

from __future__ import annotations

from typing import Any

from tajkit.solver.errors import BadInput
from tajkit.solver.game import Report
from tajkit.solver.karigar.files import Situation, read_hint_position
from tajkit.solver.karigar.planner import Plan, plan
from tajkit.solver.karigar.report import hint_report
from tajkit.solver.karigar.spec import Spec


def run(spec: Spec, data: dict[str, Any] | None, turns: int | None = None) -> Report:
    if data is None:
        raise BadInput("give the position file: tajkit hint karigar POSITION")
    horizon = horizon_of(spec, turns)
    situation = read_hint_position(spec, data)
    return hint_report(spec, situation, *planned(situation, horizon))


def horizon_of(spec: Spec, turns: int | None) -> int:
    """How many turns ahead to plan: ``--turns`` or the game data's default, within the planner's reach."""
    horizon = spec.default_turns if turns is None else turns
    if not 1 <= horizon <= spec.most_turns:
        raise BadInput(f"--turns {horizon}: plan 1-{spec.most_turns} turns ahead")
    return horizon


def planned(situation: Situation, horizon: int) -> tuple[Plan, Plan]:
    """The plan for ``situation`` within ``horizon`` turns, and the plan whose turns are played: the
    same, or a shorter one when no sequence of legal turns lasts the whole horizon."""
    result = plan(situation.board, situation.pos, horizon)
    played = result
    while played.stuck and played.horizon > 1:  # fewer turns can be played: plan those
        played = plan(situation.board, situation.pos, played.horizon - 1)
    return result, played
