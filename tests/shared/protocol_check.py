"""The rules protocol's contract (``solver/protocol.py``), checked on whole seeded random games of
one game: every test file of a game calls :func:`check_whole_games`, and ``test_protocol.py`` runs it
for every registered game. At every state visited, every legal action round-trips through the
notation, not only the one played."""

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
from tajkit.solver.protocol import CHANCE, Record, random_action, random_game, replay


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
        texts = _round_trips(rules, state, legal)
        action = random_action(rules, state, rng)
        text = texts[legal.index(action)]
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


def _round_trips(rules, state, legal: list) -> list[str]:  # noqa: ANN001
    """Every legal action's text, each one line that parses back to that action (the protocol's
    promise is for every legal action, not only the one played)."""
    texts = []
    for action in legal:
        text = rules.format(state, action)
        assert text and "\n" not in text, (text, action)
        assert rules.parse(state, text) == action, (text, action)  # the notation round-trips
        texts.append(text)
    return texts


def _refuses(rules, state) -> bool:  # noqa: ANN001
    """Text that names no action is bad input, not a crash."""
    try:
        rules.parse(state, "no such action 9 9 9")
    except BadInput as refused:
        return bool(refused.problems) and all(p and "\n" not in p for p in refused.problems)
    return False


def check_hint_answer(game_id: str, state, player: str, answer, legal_moves: int | None = None) -> None:  # noqa: ANN001
    """The hint contract (``solver/protocol.py``, ``TablePlay.hint``): an answer for ``player``,
    its values' meaning and kind said, and every move it ranks a sequence of protocol actions that
    the rules accept one after another from ``state`` (the events ``take N`` records), each
    round-tripping through the notation; its report rendered, with text and JSON."""
    from tajkit.solver.protocol import BOUND, ESTIMATE, EXACT, HintAnswer, played

    game = games.get(game_id)
    rules = game.rules(game.load_spec())
    assert isinstance(answer, HintAnswer) and answer.player == player
    assert answer.kind in (EXACT, BOUND, ESTIMATE) and answer.meaning
    assert answer.moves or legal_moves == 0, "a hint with no move where the rules allow some"
    for move in answer.moves:
        assert move.actions, move
        before = state
        for action in move.actions:
            assert rules.to_act(before) not in (None, CHANCE), (move, "a hint's move plays no chance event")
            text = rules.format(before, action)
            assert rules.parse(before, text) == action, (text, action)
            before = rules.apply(before, action)
        assert len(played(rules, state, move.actions)) == len(move.actions)
        if answer.kind == ESTIMATE:
            assert move.error is None or move.error >= 0
    values = [m.value for m in answer.moves if m.value is not None]
    assert values == sorted(values, reverse=True) or answer.meaning.startswith("fewest"), "ranked best first"
    assert answer.report.text and isinstance(answer.report.json, dict)


def states_of_a_game(game_id: str, seed: int, players: int) -> tuple:
    """The rules of ``game_id``, every state of one seeded random game and its events (for
    property tests of the notation on states a game really reaches)."""
    game = games.get(game_id)
    rules = game.rules(game.load_spec())
    record = random_game(rules, random.Random(f"{game_id} notation {seed}"), players)
    return rules, replay(rules, record).states, record.events


def check_parse_refuses_cleanly(rules, state, text: str) -> None:  # noqa: ANN001
    """``rules.parse`` on any text: a legal action that round-trips, or ``BadInput`` (an illegal
    move is one) in one-line sentences; never another exception."""
    try:
        action = rules.parse(state, text)
    except BadInput as refused:
        assert refused.problems and all(p and "\n" not in p for p in refused.problems), refused.problems
        return
    assert action in list(rules.legal_actions(state)), (text, action)
    assert rules.parse(state, rules.format(state, action)) == action


def event_like_text(data, events: tuple[str, ...]) -> str:  # noqa: ANN001
    """Any text, or one of ``events`` with a few characters put in, taken out or changed (text
    near the notation reaches deeper into a parser than noise)."""
    from hypothesis import strategies as st

    if not events or data.draw(st.booleans(), label="any text"):
        return data.draw(st.text(max_size=80), label="text")
    text = data.draw(st.sampled_from(events), label="event")
    for _ in range(data.draw(st.integers(1, 4), label="edits")):
        at = data.draw(st.integers(0, len(text)), label="at")
        char = data.draw(st.sampled_from(list("0123456789 :+>-,;=&()|abcdeglmnoprstwxyzABEMPTW\t\x00é²")), label="char")
        kind = data.draw(st.sampled_from(["insert", "delete", "replace"]), label="kind")
        text = text[:at] + ("" if kind == "delete" else char) + text[at + (kind != "insert"):]
    return text
