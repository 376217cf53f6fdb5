"""The numbers a person types, read one way everywhere (issue 40): with the digits 0-9, at most
:data:`MAX_DIGITS` of them, a minus sign allowed in front.

Python's own tests disagree with ``int()`` and with the table: ``"²".isdigit()`` is true but
``int("²")`` raises; ``int("١٥")`` is 15 (Arabic-Indic digits); ``int()`` of more than 4,300 digits
raises. So every number typed at the table, in a record, at a prompt or in a form goes through
:func:`whole_number` (or :func:`number_problem` where a parser collects its problems): any other
character Unicode counts as numeric (superscripts, subscripts, circled and fullwidth digits,
Arabic-Indic, Devanagari and every other script's digits, Roman numerals, fractions) is refused
by its name, and so is a number too long to be a count at a table, before ``int()`` sees it.
"""

from __future__ import annotations

import unicodedata

from tajkit.solver.errors import BadInput
from tajkit.solver.wording import shown

DIGITS = frozenset("0123456789")
MAX_DIGITS = 18  # more than any count at a table; and every such number fits SQLite's 64-bit integers


def foreign_digit(text: str) -> str | None:
    """The first character of ``text`` that Unicode counts as a number but is not 0-9, in words
    (``'²' (superscript two)``); None if there is none."""
    for ch in text:
        if ch.isnumeric() and ch not in DIGITS:
            name = unicodedata.name(ch, f"U+{ord(ch):04X}").lower()
            return f"{shown(ch)!r} ({name})"
    return None


def refuse_foreign_digits(text: str, what: str) -> None:
    """``BadInput`` beginning with ``what`` if ``text`` holds a digit other than 0-9 anywhere: for
    a parser that reads numbers inside a longer line (``2 wood+1 silver``)."""
    foreign = foreign_digit(text)
    if foreign is not None:
        raise BadInput(f"{what}: {foreign} is not a digit 0-9")


def number_problem(text: str) -> str | None:
    """Why ``text`` (white space around it ignored) is not a whole number tajkit reads, naming the
    value and the rule; None if it is one (then ``int(text)`` is safe)."""
    typed = text.strip()
    foreign = foreign_digit(typed)
    if foreign is not None:
        return f"{foreign} is not a digit 0-9"
    if not typed:
        return "nothing typed: a whole number is needed (the digits 0-9)"
    digits = typed.removeprefix("-")
    if not digits or not set(digits) <= DIGITS:
        return f"{shown(typed, 20)!r} is not a whole number (the digits 0-9)"
    if len(digits) > MAX_DIGITS:
        return f"{shown(typed, 12)} has {len(digits):,} digits: a number here has at most {MAX_DIGITS}"
    return None


def is_number(text: str) -> bool:
    """Whether ``text`` is a whole number :func:`whole_number` reads (digits 0-9, a minus sign)."""
    return number_problem(text) is None


def looks_numeric(text: str) -> bool:
    """Whether ``text`` is meant as a number: every character of it (but a leading minus) is one
    Unicode counts as numeric. A parser that reads a number or a word at one place asks this
    first, so that ``'²'`` or 5,000 digits are refused as a number, not read as a word."""
    digits = text.strip().removeprefix("-")
    return bool(digits) and all(ch.isnumeric() for ch in digits)


def whole_number(text: str, what: str, low: int | None = None, high: int | None = None) -> int:
    """``text`` as a whole number from ``low`` to ``high`` (each optional), else ``BadInput``: one
    sentence that begins with ``what`` (the field or the command: ``"take"``, ``"hand_size"``) and
    names the value and the rule (``take: '²' (superscript two) is not a digit 0-9``)."""
    problem = number_problem(text)
    if problem is not None:
        raise BadInput(f"{what}: {problem}")
    value = int(text.strip())
    if (low is not None and value < low) or (high is not None and value > high):
        allowed = f"{low}-{high}" if low is not None and high is not None else \
            f"at least {low}" if low is not None else f"at most {high}"
        raise BadInput(f"{what}: {value} must be {allowed}")
    return value
