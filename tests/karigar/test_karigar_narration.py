"""Karigar-e-Taj told in words (solver/karigar/narration.py): every event of whole games, and the
consequences the table must hear, each checked against the state before and after, against the
rulebook (karigar-e-taj.txt)."""

from __future__ import annotations

import re
from functools import cache

import pytest
from narration_check import Told, told_games

from tajkit.solver import games
from tajkit.solver.karigar.state import OVER, TURN, Build, Do, Draw, End, Go, Hire, Pass, Ride, Show
from tajkit.solver.karigar.rules import Card, current_level
from tajkit.solver.ranking import plural

pytestmark = pytest.mark.xdist_group("karigar-narration")  # one worker plays the games all its tests read

GAME = games.get("karigar")
SPEC = GAME.load_spec()
RULES = GAME.rules(SPEC)
NOTATION = (r"\b\d+[LR]\b", r"[>+=]", r"\d+pt\b", r"\bsupply\b(?! on)")


@cache
def _games() -> list[list[Told]]:
    """The whole games every test here reads (played once, when a test first asks)."""
    return told_games("karigar", 4, (2, 3, 4), NOTATION)


def _events() -> list[Told]:
    return [e for told in _games() for e in told]


def _counted(amounts) -> list[str]:  # noqa: ANN001
    """Each resource of ``amounts`` as its count and the first word of its name, without a plural's
    s ("2 Red", "1 Silver", "1 Gem")."""
    return [f"{n} {SPEC.resources[k].name.split()[0].rstrip('s')}" for k, n in enumerate(amounts) if n]


def _at_turn_start(state) -> bool:  # noqa: ANN001
    return state.phase == TURN and state.main is None and not state.built_now


def test_every_event_of_whole_games_is_told_in_a_few_short_sentences() -> None:
    """How to Play: every move, act, build and pass is the player's, named, in words (spaces as
    Bazaar cards and their sides, resources by the rulebook's names; never the notation); the cards
    drawn are the table's; the last card shown names the winner (Game End). Four seeded games of 2-4
    players (``told_games`` checks each event)."""
    assert len(_games()) == 4
    kinds = {type(e.action) for e in _events()}
    assert {Build, Go, Do, End, Draw, Show} <= kinds and kinds & {Hire, Ride}
    for e in _events():
        if isinstance(e.action, Go):
            where = RULES.format(e.before, e.action).split(">")[-1]
            number, side = where[:-1], where[-1:]
            if side in "LR" and number.isdigit():
                assert f"Bazaar card {number}'s {'earn' if side == 'L' else 'exchange'} side" in e.said[0]


def test_a_build_says_what_it_paid_and_brought_and_the_level_it_completes() -> None:
    """Building the Taj Mahal: "Return the required resources", "Collect the top most Taj Point
    token", "The player picks 1 Bakshish Card" (2 and the First Player Marker for a level's last
    section); Replenish Phase: a completed level, the builder starting the new round, the Elephants
    unlocked after level 1 and a third worker after level 2. All read off the state."""
    completed = set()
    for e in _events():
        if not isinstance(e.action, Build):
            continue
        seat = e.before.seat
        me, now = e.before.seats[seat], e.after.seats[seat]
        first = e.said[0]
        paid = [a - b for a, b in zip(me.holding, now.holding)]
        assert "paying the Level tile" in first or all(w in first.split(":")[0] for w in _counted(paid)), (first, paid)
        assert f": {plural(now.tokens[-1], 'Taj Point')} and {plural(len(now.bakshish) - len(me.bakshish), 'Bakshish card')}." in first
        level = SPEC.level_of(e.action.section)
        assert f"built section {e.action.section} (level {level})" in first
        done = current_level(SPEC, e.after.built) > level
        if len(e.after.built) == SPEC.sections:
            assert "That was the last section of the Taj Mahal: the game is over" in e.words
        elif done:
            assert e.after.seat == seat  # the builder starts the new round
            said = f"Level {level} is complete: every worker returns, and {me.name} takes the First Player Marker"
            assert said in e.words
            assert ("Elephants can now be hired" in e.words) == (level == SPEC.elephants_after)
            assert ("everyone gains a third worker" in e.words) == (level == SPEC.extra_worker_after)
            completed.add(level)
        else:
            assert "is complete" not in e.words
        if ("bazaar", e.action.section) in e.after.draws:
            assert f"Bazaar card {e.action.section} is discarded and the table draws its replacement" in e.words
    assert completed == set(range(1, SPEC.level_count))


def test_the_cards_drawn_are_told_where_they_go() -> None:
    """Bazaar Change: the built section's Bazaar card "is immediately discarded and replaced with
    another card from the draw pile"; Replenish Phase: the Alliance cards "refilled with new cards
    from the Alliance cards deck". The place, colour and points named are the state's."""
    drawn = set()
    for e in _events():
        if not isinstance(e.action, Draw):
            continue
        kind, where = e.before.draws[0]
        card = e.action.card
        if kind == "bazaar":
            assert isinstance(card, Card) and card in e.after.cards
            colour = "yellow" if card.yellow else "blue"
            assert e.said[0].startswith(f"The table drew the new Bazaar card {where}, a {colour} card earning ")
        else:
            slot = next(s.name for k, s in enumerate(a for a in SPEC.slots if a.kind == "alliance")
                        if e.after.offers[k] == card and e.before.offers[k] is None)
            assert e.said[0].startswith(f"The table drew a new Alliance card for {slot}: {plural(card.points, 'Taj Point')} for ")
        drawn.add(kind)
    assert drawn == {"bazaar", "alliance"}


def test_the_main_action_done_says_what_was_gained_and_paid_and_who_plays_next() -> None:
    """1.1 Acquiring Resources, 1.3 Trading Spaces, Hiring Elephants: once every unit has moved and
    acted, what the player holds more and less than when the turn began is said (read off the
    holdings); Starting a New Round: "The turn continues clockwise": the next player is named."""
    done = passed = 0
    for e in _events():
        if isinstance(e.action, (Go, Ride, Hire, Do)) and e.after.main is None:
            was, now = e.before.seats[e.before.seat].holding, e.after.seats[e.before.seat].holding
            said = next(s for s in e.said if s.startswith("In all, "))
            gained = _counted([max(0, b - a) for a, b in zip(was, now)])
            paid = _counted([max(0, a - b) for a, b in zip(was, now)])
            if gained or paid:
                took, gave = said.split(" and paid ")[0], said.split(" and paid ")[1].split(", buying")[0]
                assert all(w in took for w in gained) and all(w in gave for w in paid), (said, gained, paid)
            else:
                assert said.startswith(f"In all, {e.before.seats[e.before.seat].name} gained and paid nothing")
            bought = [o for o in e.after.seats[e.before.seat].alliances if o not in e.before.seats[e.before.seat].alliances]
            if isinstance(e.action, Do) and e.action.act.buy:  # the purchase typed is told in its own words
                assert e.said[0].startswith(f"{e.before.seats[e.before.seat].name} bought the Alliance card on ")
                bought = []
            assert (", buying an Alliance card worth " in said) == bool(bought)
            if bought:
                assert said.endswith(f"worth {plural(bought[0].points, 'Taj Point')}.")
            done += 1
        elif "In all, " in e.words:
            raise AssertionError(e.said)
        if isinstance(e.action, Pass):
            assert "forgoes the main action" in e.said[0]
            passed += 1
        if not isinstance(e.action, (Draw, Show)) and _at_turn_start(e.after) and e.after.phase != OVER:
            assert e.after.seats[e.after.seat].name in " ".join(e.said[1:]), e.said
    assert done > 100


def test_the_end_shows_what_is_behind_each_screen_and_the_winner() -> None:
    """Game End: "The game ends immediately when the last section of the Taj Mahal is built"; the
    players add their Taj Point tokens, Bakshish cards, Blueprint card and Alliance cards: each card
    shown is told with its points, and after the last the winner with the scorer's total."""
    for told in _games():
        shows = [e for e in told if isinstance(e.action, Show)]
        assert shows and told[-1] is shows[-1]
        for e in shows:
            name = e.before.seats[e.before.seat].name
            assert re.match(rf"{name} showed (their Blueprint card|their Blueprint bonus|a Bakshish card): "
                            rf"{plural(e.action.points, 'Taj Point')}\.$", e.said[0])
        final = RULES.standings(told[-1].after)
        assert f"wins with {final.players[0].total} points" in told[-1].words or "share the win" in told[-1].words


def test_a_move_and_an_act_say_the_space_in_words() -> None:
    """1.2 Movement of Workers, 1.1 Acquiring Resources: "Two workers occupying the same space in
    the Bazaar earn 2 resources": the workers moved are counted, and what is taken at a space is
    what the act takes."""
    for e in _events():
        if isinstance(e.action, Go):
            assert f"{plural(len(e.action.origins), 'worker')} " in e.said[0]
        if isinstance(e.action, Do) and any(e.action.act.take):
            assert all(w in e.said[0] for w in _counted(e.action.act.take))
