"""The narration's contract (``solver/<game>/narration.py``, through the game's ``TablePlay.tell``),
checked on whole seeded random games: every event is told in one to three short sentences in words,
naming the player who acted, and the last event names the winner from the standings. Each game's
``test_<game>_narration.py`` calls :func:`told_games` and checks its own consequences on the events
it returns."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tajkit.solver import games
from tajkit.solver.protocol import CHANCE, Record, random_game, replay

MOST_CHARACTERS = 160  # a phone's sentence
NOT_WORDS = re.compile(r"[^A-Za-z ]")  # an event's text with a digit or a sign is notation, not words


@dataclass(frozen=True)
class Told:
    before: Any
    action: Any
    after: Any
    text: str  # the event in the game's notation
    said: tuple[str, ...]

    @property
    def words(self) -> str:
        return " ".join(self.said)


def told_games(game_id: str, count: int, players: Sequence[int], notation: Sequence[str] = (),
               actor: Callable[[Any, Any], str | None] | None = None,
               playing: Callable[[Any, random.Random, int], Record] = random_game) -> list[list[Told]]:
    """``count`` games of ``game_id`` (player counts in turn from ``players``) played by ``playing``
    (by default random legal actions) from random setups, every event told and checked: 1-3 sentences, each a full sentence of at most 160 characters, with
    neither the event's notation nor any of the ``notation`` patterns in it, the first naming the
    player who acted (``actor``, by default the one to act before it); the last event says the game
    is over and names each winner from the standings. The told events of each game."""
    game = games.get(game_id)
    spec = game.load_spec()
    rules, play = game.rules(spec), game.play(spec)
    patterns = [re.compile(p) for p in notation]
    played = []
    for k in range(count):
        record = playing(rules, random.Random(f"{game_id} narration {k}"), players[k % len(players)])
        states = replay(rules, record)
        told = []
        for i, action in enumerate(states.actions):
            before, after = states.states[i], states.states[i + 1]
            event = Told(before, action, after, record.events[i], play.tell(before, action, after))
            _check_event(event, patterns, actor(before, action) if actor else rules.to_act(before))
            told.append(event)
        winners = [p.name for p in rules.standings(states.state).players if p.rank == 1]
        last = told[-1].words
        assert "The game is over" in last and all(name in last for name in winners), (last, winners)
        played.append(told)
    return played


def _check_event(event: Told, patterns: list[re.Pattern[str]], who: str | None) -> None:
    said = event.said
    assert 1 <= len(said) <= 3, (event.text, said)
    for sentence in said:
        assert sentence and sentence == sentence.strip() and "\n" not in sentence, (event.text, sentence)
        assert sentence.endswith((".", "!", "?")) and len(sentence) <= MOST_CHARACTERS, (event.text, sentence)
        assert not any(p.search(sentence) for p in patterns), (event.text, sentence)
    if NOT_WORDS.search(event.text) and " " in event.text.strip():
        assert event.text not in event.words, (event.text, said)
    if who is not None and who != CHANCE:
        assert who in said[0], (event.text, who, said)
