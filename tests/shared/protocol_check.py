"""The rules protocol's contract (``solver/protocol.py``), checked on whole seeded random games of
one game: every test file of a game calls :func:`check_whole_games`, and ``test_protocol.py`` runs it
for every registered game."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import tomli_w
import tomllib

from tajkit.solver import games
from tajkit.solver.errors import BadInput
from tajkit.solver.game import ScoreResult
from tajkit.solver.protocol import CHANCE, Record, random_action, replay


def check_whole_games(game_id: str, count: int, players: tuple[int, ...], limit: int = 10_000,
                      data: Path | None = None) -> list[Record]:
    """``count`` random legal games of ``game_id`` from random setups (player counts in turn from
    ``players``), each checked at every step and at its end; their records (``data``: a group's
    data folder over the game's)."""
    game = games.get(game_id)
    spec = game.load_spec(data)
    rules = game.rules(spec)
    records = []
    for k in range(count):
        rng = random.Random(f"{game_id} protocol {k}")
        records.append(_one_game(game, spec, rules, rng, players[k % len(players)], limit))
    return records


def _one_game(game, spec, rules, rng: random.Random, players: int, limit: int) -> Record:  # noqa: ANN001
    setup = rules.random_setup(rng, players)
    setup = tomllib.loads(tomli_w.dumps(setup))  # a setup is file data: it survives TOML
    state = rules.start(setup)
    names = [p.name for p in rules.standings(state).players]
    assert len(names) == players, names
    events: list[str] = []
    while (who := rules.to_act(state)) is not None:
        assert len(events) < limit, f"{game.id}: no end after {limit} actions"
        assert who == CHANCE or who in names, who
        legal = list(rules.legal_actions(state))
        assert legal, f"{game.id}: {who} to act with no legal action after {events[-3:]}"
        if who == CHANCE:
            outcomes = list(rules.chance_outcomes(state))
            assert math.isclose(sum(p for _, p in outcomes), 1.0, abs_tol=1e-9)
            assert all(p > 0 and a in legal for a, p in outcomes)
        action = random_action(rules, state, rng)
        text = rules.format(state, action)
        assert text and "\n" not in text
        assert rules.parse(state, text) == action, (text, action)  # the notation round-trips
        state = rules.apply(state, action)
        events.append(text)
    assert not list(rules.legal_actions(state))
    record = Record(game.id, setup, tuple(events))
    data = json.loads(json.dumps(record.as_data()))  # a record is file data too
    again = replay(rules, Record(data["game"], data["setup"], tuple(data["events"])))
    assert again.state == state  # the record is the game
    assert _refuses(rules, again.states[0])
    final = rules.standings(state)
    assert isinstance(final, ScoreResult) and sorted(p.name for p in final.players) == sorted(names)
    return record


def _refuses(rules, state) -> bool:  # noqa: ANN001
    """Text that names no action is bad input, not a crash."""
    try:
        rules.parse(state, "no such action 9 9 9")
    except BadInput as refused:
        return bool(refused.problems) and all(p and "\n" not in p for p in refused.problems)
    return False
