"""The one error type for input a person can fix: the CLI shows it and exits with code 2."""

from __future__ import annotations


class BadInput(Exception):
    """Input that breaks a rule. Each problem is one sentence naming the field, value and rule."""

    def __init__(self, *problems: str) -> None:
        super().__init__("\n".join(problems))
        self.problems: tuple[str, ...] = problems
