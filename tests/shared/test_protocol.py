"""Every registered game implements the rules protocol (solver/protocol.py) for its whole game:
seeded random legal games from a random setup to the end, every action's notation round-tripping,
each record replaying into the same state, the end scored by the game's scorer. Each game's own
protocol tests play many more games and check its rules one by one."""

from __future__ import annotations

import pytest
from protocol_check import check_whole_games

from tajkit.solver import games


@pytest.mark.parametrize("game_id", list(games.GAMES))
def test_every_game_plays_whole_games_through_the_protocol(game_id):
    game = games.get(game_id)
    fewest, most = game.player_counts(game.load_spec())
    counts = tuple(range(max(fewest, 1), min(most, 4) + 1))
    records = check_whole_games(game_id, count=2 * len(counts), players=counts)
    assert len(records) == 2 * len(counts) and all(r.events for r in records)
