"""Taj Mahal told in words (solver/tajmahal/narration.py): every event of whole games, and the
consequences the table must hear, each checked against the players' holdings and the provinces
finished, against the rulebook (taj-mahal.txt)."""

from __future__ import annotations

from functools import cache

import pytest
from narration_check import Told, told_games

from tajkit.solver import games
from tajkit.solver.ranking import plural
from tajkit.solver.tajmahal.notation import Start
from tajkit.solver.tajmahal.rules import Play, Withdraw

pytestmark = pytest.mark.xdist_group("tajmahal-narration")  # one worker plays the games all its tests read

GAME = games.get("tajmahal")
SPEC = GAME.load_spec()
NOTATION = (r"\b(?:play|start) [A-Z]", r"\b[ETPYWM]{2,}\b", r"\bwithdraw\b")
PRIZE_WORDS = ("a palace", "bonus tile", "Princess card", "connection marker", "Taj Mahal reward")


@cache
def _games() -> list[list[Told]]:
    """The whole games every test here reads (played once, when a test first asks)."""
    return told_games("tajmahal", 12, (2, 3, 4), NOTATION)


def _events() -> list[Told]:
    return [e for told in _games() for e in told]


def _gained(before, after) -> list[str]:  # noqa: ANN001
    """What the withdrawing player holds more after the withdrawal, in the words the table hears
    (rulebook: Prize Categories, Player Reference), read off the holdings alone."""
    seat = before.round.to_move
    was, now = before.holdings[seat], after.holdings[seat]
    words = []
    if now.palaces != was.palaces:
        assert now.palaces - was.palaces == {before.round.province}  # Elephant: a palace in the current province
        words.append("a palace")
    for tile in now.bonus_tiles[len(was.bonus_tiles):]:
        words.append(f"the bonus tile ({plural(tile.points, 'point')}{', scoring at the end' if tile.at_end else ''})")
    if now.princess_cards > was.princess_cards:
        words.append("the Princess card")
    markers = now.markers - was.markers
    if markers:
        words.append("a connection marker" if markers == 1 else f"{markers} connection markers")
    for _, points in now.rewards[len(was.rewards):]:
        words.append(f"the Taj Mahal reward ({plural(points, 'point')})")
    return words


def test_every_event_of_whole_games_is_told_in_a_few_short_sentences() -> None:
    """Setup 7, Bidding Phase: the starting player drawn is the table's, a play or a withdrawal the
    player's, in words (the symbols on the cards, never their letters); the last withdrawal names
    the winner. Twelve seeded games of 2-4 players (``told_games`` checks each event)."""
    assert len(_games()) == 12
    for e in _events():
        if isinstance(e.action, Start):
            assert e.said[0].startswith(f"The table drew {e.action.player} to start")
        if isinstance(e.action, Play):
            cards = len(e.action.cards)
            assert ("played a card with " if cards == 1 else f"played {cards} cards: one with ") in e.said[0]
            symbols = {s for c in e.action.cards for s in c.symbols}
            assert all(s.split("_")[0].replace("taj", "Taj Mahal") in e.said[0] for s in symbols), e.said


def test_a_withdrawal_lists_exactly_the_prizes_it_takes() -> None:
    """Prize Collection (upon withdrawal), Prize Categories: the sentence of a withdrawal lists what
    the player's holdings gained, each prize as the Player Reference says what it gives, and no
    other; "nothing" when they gained nothing."""
    kinds = set()
    for e in _events():
        if not isinstance(e.action, Withdraw):
            continue
        first = e.said[0]
        gained = _gained(e.before, e.after)
        assert all(words in first for words in gained), (first, gained)
        for words in PRIZE_WORDS:
            assert (words in first) == any(words in g for g in gained), (first, gained)
        assert first.endswith("and took nothing.") == (not gained)
        kinds |= {w for w in PRIZE_WORDS if w in first}
    assert kinds == set(PRIZE_WORDS)


def test_the_province_is_over_when_all_have_withdrawn_and_the_game_after_the_last() -> None:
    """Bidding Phase: "Play continues clockwise among remaining players until all have withdrawn";
    Turn Structure: "exactly 12 rounds, one per province". The withdrawal that finishes a province
    says so and who opens the next; the 12th's says the game is over; no other event says either."""
    for told in _games():
        for e in told:
            ended = len(e.after.rounds) > len(e.before.rounds)
            province = e.before.round.province if e.before.round is not None else None
            if ended and e.after.round is not None:
                opener = e.after.names[e.after.start]
                assert f"Province {province} is over; {opener} opens province {province + 1}." in e.said
            elif ended:
                assert province == SPEC.provinces and e is told[-1]
                assert e.said[1].startswith(f"The game is over (after province {SPEC.provinces}): ")
            else:
                assert "is over" not in e.words
                if isinstance(e.action, Withdraw):  # who is still in, read off the round
                    still = [n for n, out in zip(e.after.names, e.after.round.withdrawn) if not out]
                    assert e.said[-1].startswith(still[0]) and e.said[-1].endswith(" still in.")


def test_where_the_table_says_who_opens_a_province_the_words_say_so() -> None:
    """[rounds] opener = "any" (a group's reading; tajkit's is the start player, inferred from
    Setup 7 and the Bidding Phase): the end of a province says the table now says who opens the
    next, and ``start NAME`` there is told as that player opening it."""
    from pathlib import Path

    spec = GAME.load_spec(Path(__file__).parent.parent / "data" / "any-opener")
    rules, play = GAME.rules(spec), GAME.play(spec)
    state = rules.start({"players": ["Asha", "Ben", "Chen"], "deck": ["E"] * 10 + ["P"] * 10 + ["T"] * 10})
    steps = [Start("Ben"), Withdraw(), Withdraw(), Withdraw(), Start("Chen")]
    said = []
    for action in steps:
        after = rules.apply(state, action)
        said.append(" ".join(play.tell(state, action, after)))
        state = after
    assert said[0].startswith("The table drew Ben to start")
    assert "Province 1 is over; the table says who opens province 2" in said[3]
    assert said[4] == "Chen opens province 2."
