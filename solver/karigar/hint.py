"""``tajkit hint karigar POSITION``: the shortest route to the next Taj section, turn by turn, or the
best use of this turn when no build is reachable within the horizon. The position is read by
``files.py``, planned by ``planner.py`` (CP-SAT) and put into words by ``report.py``."""

from __future__ import annotations

from typing import Any

from tajkit.solver.errors import BadInput
from tajkit.solver.game import Report
from tajkit.solver.karigar.files import read_hint_position
from tajkit.solver.karigar.planner import plan
from tajkit.solver.karigar.report import hint_report
from tajkit.solver.karigar.spec import Spec


def run(spec: Spec, data: dict[str, Any] | None, turns: int | None = None) -> Report:
    if data is None:
        raise BadInput("give the position file: tajkit hint karigar POSITION")
    horizon = spec.default_turns if turns is None else turns
    if not 1 <= horizon <= spec.most_turns:
        raise BadInput(f"--turns {horizon}: plan 1-{spec.most_turns} turns ahead")
    situation = read_hint_position(spec, data)
    result = plan(situation.board, situation.pos, horizon)
    played = result
    while played.stuck and played.horizon > 1:  # fewer turns can be played: plan those
        played = plan(situation.board, situation.pos, played.horizon - 1)
    return hint_report(spec, situation, result, played)
