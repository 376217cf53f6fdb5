"""Every game's notation (solver/<game>/notation.py) on states whole random games reach:
``rules.parse`` of any text, or of an event edited by a few characters, is a legal action that
round-trips or a refusal (BadInput, one sentence a line), never another exception (property-based).
Every legal action of every state round-trips in tests/shared/protocol_check.py; Maharani's
notation has its own, fuller tests in tests/maharani/test_maharani_notation.py."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from protocol_check import check_parse_refuses_cleanly, event_like_text, states_of_a_game

PLAYERS = {"artisans": 2, "karigar": 2, "taj": 3, "tajmahal": 3}


@cache
def game(game_id: str, seed: int) -> tuple:
    return states_of_a_game(game_id, seed, players=PLAYERS[game_id])


@pytest.mark.parametrize("game_id", sorted(PLAYERS))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_parse_of_any_text_is_an_action_or_a_clean_refusal(game_id, data):
    rules, states, events = game(game_id, data.draw(st.integers(0, 1), label="game"))
    k = data.draw(st.integers(0, len(states) - 2), label="state")
    check_parse_refuses_cleanly(rules, states[k], event_like_text(data, events))
