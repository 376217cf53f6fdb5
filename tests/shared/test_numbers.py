"""The one number parser (``solver/numbers.py``, issue 40): every number a person types is read
with the digits 0-9 only, at most ``MAX_DIGITS`` of them; every other character Unicode counts
as numeric is refused by its name, never turned into a number and never a traceback."""

from __future__ import annotations

import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tajkit.solver.errors import BadInput
from tajkit.solver.numbers import MAX_DIGITS, foreign_digit, looks_numeric, number_problem, whole_number

# every character Unicode counts as numeric but 0-9: each script's digits (Nd), super- and
# subscripts, circled and fullwidth digits, fractions (No), Roman numerals (Nl), CJK numerals
FOREIGN = tuple(chr(c) for c in range(sys.maxunicode + 1) if chr(c).isnumeric() and not "0" <= chr(c) <= "9")
foreign = st.sampled_from(FOREIGN)
plain = st.text("0123456789", min_size=1, max_size=MAX_DIGITS)


def test_the_foreign_digits_cover_every_class():
    """The refused set holds what the issue found: superscripts, subscripts, circled, Arabic-Indic,
    fullwidth and Devanagari digits."""
    assert {"²", "¹", "₁", "①", "١", "５", "५", "Ⅻ", "½"} <= set(FOREIGN)


@given(digits=plain)
def test_digits_0_9_read_as_int_does(digits):
    assert whole_number(digits, "n") == int(digits)
    assert whole_number(f" -{digits} ", "n") == -int(digits)


@given(head=st.text("0123456789", max_size=4), ch=foreign, tail=st.text("0123456789", max_size=4))
def test_any_other_digit_is_refused_by_name(head, ch, tail):
    """'²'.isdigit() is true and int('١') is 1: both refused, naming the character."""
    with pytest.raises(BadInput) as refused:
        whole_number(head + ch + tail, "take")
    (line,) = refused.value.problems
    assert line.startswith("take: ") and "is not a digit 0-9" in line and repr(ch) in line
    assert looks_numeric(head + ch + tail) and foreign_digit(head + ch + tail) is not None


@given(extra=st.integers(1, 10_000))
def test_a_number_too_long_is_refused_before_int(extra):
    """int() of more than 4,300 digits raises ValueError; any number over MAX_DIGITS is refused first."""
    text = "9" * (MAX_DIGITS + extra)
    with pytest.raises(BadInput) as refused:
        whole_number(text, "dome left")
    (line,) = refused.value.problems
    assert f"{MAX_DIGITS + extra:,} digits" in line and len(line) < 120


@pytest.mark.parametrize("text", ["", " ", "abc", "1.5", "1_000", "+5", "--3", "5a", "0x10", "1e3", "- 5"])
def test_text_that_is_no_whole_number_is_named(text):
    assert number_problem(text) is not None
    with pytest.raises(BadInput):
        whole_number(text, "n")


@pytest.mark.parametrize(("text", "low", "high", "says"), [
    ("0", 1, 3, "n: 0 must be 1-3"), ("4", 1, 3, "n: 4 must be 1-3"), ("-1", 0, None, "n: -1 must be at least 0"),
    ("61", None, 60, "n: 61 must be at most 60"),
])
def test_a_number_out_of_range_names_the_range(text, low, high, says):
    with pytest.raises(BadInput) as refused:
        whole_number(text, "n", low, high)
    assert refused.value.problems == (says,)
