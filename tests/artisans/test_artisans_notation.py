"""The Artisans of the Taj Mahal notation (solver/artisans/notation.py) on states whole random games reach: ``rules.parse``
of any text, or of an event edited by a few characters, is a legal action that round-trips or a
refusal (BadInput, one sentence a line), never another exception (property-based). Every legal
action of every state round-trips in tests/shared/protocol_check.py."""

from __future__ import annotations

from functools import cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from protocol_check import check_parse_refuses_cleanly, event_like_text, states_of_a_game


@cache
def game(seed: int) -> tuple:
    return states_of_a_game("artisans", seed, players=2)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_parse_of_any_text_is_an_action_or_a_clean_refusal(data):
    rules, states, events = game(data.draw(st.integers(0, 1), label="game"))
    k = data.draw(st.integers(0, len(states) - 2), label="state")
    check_parse_refuses_cleanly(rules, states[k], event_like_text(data, events))
