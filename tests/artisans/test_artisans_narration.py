"""Artisans of the Taj Mahal told in words (solver/artisans/narration.py): every event of whole
games, and the consequences the table must hear, each checked against the change of state and the
scorer, against the rulebook (artisans-of-the-taj-mahal.txt)."""

from __future__ import annotations

import random
from functools import cache

import pytest
from narration_check import Told, told_games

from tajkit.solver import games
from tajkit.solver.artisans import rules
from tajkit.solver.artisans.notation import Ahead, Roll
from tajkit.solver.artisans.rules import EMPTY
from tajkit.solver.protocol import CHANCE, Record, random_action
from tajkit.solver.ranking import plural

pytestmark = pytest.mark.xdist_group("artisans-narration")  # one worker plays the games all its tests read

GAME = games.get("artisans")
SPEC = GAME.load_spec()
RULES = GAME.rules(SPEC)
PLAY = GAME.play(SPEC)
FEATURES = "|".join(f.title.lower() for f in SPEC.features)  # the notation names a feature in lower case
NOTATION = (r"\(\d+ (?:rain)?drops?\)", r"\b(?:roll|nothing|water) \d", rf"\b(?:{FEATURES}) [a-z-]+ \d")


def _actor(before, action):  # noqa: ANN001, ANN202
    """The player whose sheet the action writes on: one entered ahead of their turn is theirs."""
    return before.players[action.seat].name if isinstance(action, Ahead) else RULES.to_act(before)


def _thrifty_game(rules, rng: random.Random, players: int) -> Record:  # noqa: ANN001
    """A whole game whose players each take one of the cheapest uses of the roll: their sheets
    fill up (random play spends its raindrops within a few turns)."""
    setup = rules.random_setup(rng, players)
    state, events = rules.start(setup), []
    while rules.to_act(state) is not None:
        legal = list(rules.legal_actions(state))
        if rules.to_act(state) != CHANCE:
            legal = [m for m in legal if m.raindrops == min(m.raindrops for m in legal)]
        action = random_action(rules, state, rng) if rules.to_act(state) == CHANCE else rng.choice(legal)
        events.append(rules.format(state, action))
        state = rules.apply(state, action)
    return Record(rules.game, setup, tuple(events))


@cache
def _games() -> list[list[Told]]:
    """The whole games every test here reads (played once, when a test first asks)."""
    return told_games("artisans", 12, (1, 2, 3, 4, 5, 6), NOTATION, _actor)


@cache
def _thrifty() -> list[list[Told]]:
    """Whole games of thrifty players: their sheets fill up, and their features complete."""
    return told_games("artisans", 6, (1, 2, 3), NOTATION, _actor, _thrifty_game)


def _play(setup, *texts: str) -> list[Told]:  # noqa: ANN001
    """The events ``texts`` from ``setup``, each told."""
    state, told = RULES.start(setup), []
    for text in texts:
        action = RULES.parse(state, text)
        after = RULES.apply(state, action)
        told.append(Told(state, action, after, text, PLAY.tell(state, action, after)))
        state = after
    return told


def _ends(state) -> bool:  # noqa: ANN001
    return any(p.sheet.ends_game(SPEC) for p in state.players)


def test_every_event_of_whole_games_is_told_in_a_few_short_sentences() -> None:
    """Playing the Game: the roll is the table's ("The table rolled 4 and 6."), each use of it is
    the player's, named, in words and never in the notation; the last event names the winner
    (Scoring). Twelve seeded games of 1-6 players (``told_games`` checks each event)."""
    assert len(_games()) == 12 and all(_games())
    for told in _games():
        for event in told:
            if isinstance(event.action, Roll):
                a, b = event.action.dice
                assert event.said[0] == f"Turn {event.after.turn}: the table rolled {a} and {b}."


def test_the_sheet_that_ends_the_game_announces_the_last_turn_once() -> None:
    """End of the Game: "The game ends when any player fills the final empty box on their player
    sheet or uses the last of their raindrops. All other players finish their turn": the event
    that first ends a sheet names its player and says this is the last turn (or, when nobody is left
    to play, that the game is over); nothing before it says so, and it is said once."""
    for told in _games() + _thrifty():
        first = next(k for k, e in enumerate(told) if _ends(e.after) and not _ends(e.before))
        event = told[first]
        seat = next(s for s, (a, b) in enumerate(zip(event.before.players, event.after.players)) if a.sheet != b.sheet)
        name, sheet = event.after.players[seat].name, event.after.players[seat].sheet
        how = "filled the last box of their sheet" if sheet.is_full() else f"marked their {SPEC.raindrops}th raindrop"
        assert f"{name} {how}" in event.words
        if RULES.to_act(event.after) is not None:
            assert "this is the last turn — everyone finishes it" in event.words
        else:
            assert f"The game is over ({name} {how})" in event.words
        said = [e.words for e in told]
        assert sum("last turn" in w for w in said) <= 1
        assert not any("The game is over" in w for w in said[:-1])


def test_a_filled_sheet_announces_the_last_turn_and_the_turn_runs_on() -> None:
    """End of the Game, the full sheet: Ben, second of three, fills his sheet's final empty box;
    the table hears that this is the last turn; Chitra finishes it and the game is over, with the
    winner and his score from the scorer."""
    full_but_one = {f.id: [4] * f.size for f in SPEC.features} | {"dome": [5, 0, 6]}
    setup = {"players": [{"name": "Asha"}, {"name": "Ben", **full_but_one}, {"name": "Chitra"}]}
    told = _play(setup, "roll 4 4", "dome left 4", "dome 4", "nothing")
    assert told[2].said == (
        "Ben wrote 4 in the Dome's middle box.",
        "Ben filled the last box of their sheet: this is the last turn — everyone finishes it.",
        f"The Dome is complete and scores {plural(SPEC.by_id['dome'].stars, 'star')}.",
    )
    final = RULES.standings(told[-1].after)
    winner = final.players[0]
    assert told[-1].said == ("Chitra wrote nothing and marked a raindrop (14 left).",
                             f"The game is over (after turn 1): {winner.name} wins with {winner.total} points.")


def test_the_15th_raindrop_announces_the_last_turn() -> None:
    """End of the Game, the last raindrop, in the issue's words: "Babur marked his 15th raindrop:
    this is the last turn — everyone finishes it"."""
    setup = {"players": [{"name": "Babur", "raindrops_used": 14}, {"name": "Chen"}]}
    told = _play(setup, "roll 2 5", "nothing")
    assert told[1].said == ("Babur wrote nothing and marked a raindrop (0 left).",
                            "Babur marked their 15th raindrop: this is the last turn — everyone finishes it.")


def test_a_use_of_the_roll_says_the_value_the_box_and_the_raindrops_the_sheet_shows() -> None:
    """Adding a value to a feature, Altering dice results, Watering fruit trees: the value written
    and its box are the sheet's new value; the raindrops spent and left are the sheet's count; a
    watered tree is the sheet's tree count going up."""
    for told in _games():
        for e in told:
            if isinstance(e.action, Roll):
                continue
            seat = e.action.seat if isinstance(e.action, Ahead) else e.before.seat
            was, now = e.before.players[seat].sheet, e.after.players[seat].sheet
            spent = now.raindrops_used - was.raindrops_used
            left = f"({now.raindrops_left(SPEC)} left)"
            first = e.said[0]
            assert (left in first) == (spent > 0), first
            assert (f"spending {spent} raindrop" in first) == (spent > 0 and "nothing" not in first), first
            assert ("watered a fruit tree" in first) == (now.trees_watered > was.trees_watered), first
            changed = [(f, b, v) for f, before, after in zip(SPEC.features, was.values, now.values)
                       for b, (x, v) in enumerate(zip(before, after)) if x != v]
            if not changed:
                assert "wrote nothing and marked a raindrop" in first
                continue
            ((feature, box, value),) = changed
            assert f"wrote {value} in the {feature.title}'s" in first and feature.boxes[box] in first


def test_a_completed_feature_says_what_the_scorer_gives_it() -> None:
    """Scoring, Scoring Conditions: the move that fills a feature's last box says it is complete
    and scores its stars, or scores nothing and why, as the scorer has it (unless the last turn or
    the game's end, said first, leave no room)."""
    said = 0
    for told in _games() + _thrifty():
        for e in told:
            if isinstance(e.action, Roll):
                continue
            seat = e.action.seat if isinstance(e.action, Ahead) else e.before.seat
            was, now = e.before.players[seat].sheet, e.after.players[seat].sheet
            done = [k for k, (a, b) in enumerate(zip(was.values, now.values)) if EMPTY in a and EMPTY not in b]
            if not done:
                assert "is complete" not in e.words
                continue
            row = rules.score(SPEC, now).features[done[0]]
            expected = (f"The {row.feature.title} is complete and scores {row.points} star" if row.points else
                        f"The {row.feature.title} is complete but scores nothing: {row.reason}.")
            room = len(e.said) < 3 and not (_ends(e.after) and not _ends(e.before))
            assert expected in e.words or not room, e.said
            said += expected in e.words
    assert said > 50


def test_the_roll_is_told_as_the_table_rolled_it() -> None:
    """Playing the Game: "one player rolls both of the dice once" for everyone: a chance event."""
    told = _play({"players": [{"name": "Asha"}]}, "roll 6 4")
    assert RULES.to_act(told[0].before) == CHANCE and told[0].said == ("Turn 1: the table rolled 4 and 6.",)
