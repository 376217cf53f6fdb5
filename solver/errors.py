"""The errors everything imports (python-chess style: a small family under one base).

``BadInput`` and its kinds are input a person can fix: the CLI prints one line per problem and
exits with code 2. ``SolverFailure`` is tajkit's own failure (a solver that found nothing in its
limits): one line and exit code 1. Anything else is a bug and keeps its traceback.
"""

from __future__ import annotations


class Problem(str):
    """One problem's sentence that also names the fields it is about (``("raindrops_used",
    "trees_watered")``), so interactive entry can ask again for just those: it reads ``fields``,
    never the wording. Everywhere else it is the sentence."""

    fields: tuple[str, ...]

    def __new__(cls, text: str, fields: tuple[str, ...] = ()) -> Problem:
        problem = super().__new__(cls, text)
        problem.fields = tuple(fields)
        return problem


class TajkitError(Exception):
    """Base of tajkit's own errors. Each problem is one sentence."""

    def __init__(self, *problems: str) -> None:
        super().__init__("\n".join(problems))
        self.problems: tuple[str, ...] = problems

    def __reduce__(self) -> tuple[type, tuple[str, ...]]:
        return type(self), self.problems  # one problem a line again after crossing to another process


class BadInput(TajkitError):
    """Input that breaks a rule. Each problem names the field, the value and the rule (exit 2)."""


class BadState(BadInput):
    """A state file (or typed-in table) that is malformed or impossible under the rules."""


class IllegalMove(BadInput):
    """A move or turn the rules do not allow in the position it is played in."""


class BadData(BadInput):
    """Game data (a seed file or a user's ``--data`` override) that is malformed or inconsistent."""


class SolverFailure(TajkitError):
    """The solver could not answer within its limits (exit 1, never a traceback)."""
