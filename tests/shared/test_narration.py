"""What every game's narration shares (solver/narration.py): the shape of an event's sentences and
the game's end with its winner and the tie-break that decided it, in the words of the game's own
ranking (checked here on Artisans' tie-breaks, rulebook: Scoring)."""

from __future__ import annotations

from tajkit.solver import games, narration
from tajkit.solver.narration import MOST_CHARACTERS

ARTISANS = games.get("artisans")
RULES = ARTISANS.rules(ARTISANS.load_spec())


def _standings(*players: dict):  # noqa: ANN202
    return RULES.standings(RULES.start({"players": list(players)}))


def test_the_winner_alone_on_the_best_score_needs_no_tie_break() -> None:
    """Scoring: "The player with the highest score is declared Master Architect!"."""
    result = _standings({"name": "Asha", "dome": [5, 1, 6]}, {"name": "Ben"})
    assert narration.game_over(result, "after turn 3") == ("The game is over (after turn 3): Asha wins with -1 point.",)


def test_a_tie_broken_says_the_step_that_broke_it_without_its_cite() -> None:
    """Scoring: "In a tie, the player with the most unused raindrops wins. If the tie persists, the
    youngest player wins": the ranking's sentence of the step that decided first place is said,
    the one before it left out when the next one settles it."""
    result = _standings({"name": "Asha", "raindrops_used": 2}, {"name": "Ben", "raindrops_used": 5})
    assert narration.game_over(result) == (
        "The game is over: Asha wins with -4 points.",
        "Asha and Ben tie on -4 points; the most unused raindrops breaks it (Asha 13, Ben 10).",
    )
    result = _standings({"name": "Asha", "raindrops_used": 2, "age": 30}, {"name": "Ben", "raindrops_used": 2, "age": 40})
    assert result.ties[-1].endswith("(rulebook: Scoring)")
    assert narration.game_over(result)[1] == ("Asha and Ben are still tied with 13 unused raindrops; the youngest "
                                              "player breaks it (Asha 30, Ben 40).")


def test_a_shared_win_says_so_and_why_in_a_phone_sized_sentence() -> None:
    """Scoring, the youngest player wins: with no ages given the players share the rank; the
    explanation is cut to a phone's sentence at a clause, never mid-word."""
    result = _standings({"name": "Asha", "raindrops_used": 2}, {"name": "Ben", "raindrops_used": 2},
                        {"name": "Chen", "raindrops_used": 9})
    said = narration.game_over(result, "Chen marked their 15th raindrop")
    assert said[0] == "The game is over (Chen marked their 15th raindrop): Asha and Ben share the win with -4 points each."
    assert said[1] == "Asha and Ben are still tied with 13 unused raindrops: the rulebook gives the win to the youngest of them."
    assert all(len(s) <= MOST_CHARACTERS for s in said)


def test_a_reason_too_long_for_the_sentence_is_left_out() -> None:
    """Not a rule but the phones' width: the winner is said whatever the reason's length."""
    result = _standings({"name": "Asha", "dome": [5, 1, 6]}, {"name": "Ben"})
    assert narration.game_over(result, "x" * MOST_CHARACTERS) == ("The game is over: Asha wins with -1 point.",)


def test_an_event_says_what_must_be_said_then_what_fits() -> None:
    """At most three sentences: the lesser consequences fill what the event and the end leave, a
    lesser one too long for a phone is dropped, and the end's tie-break goes last when the event
    itself takes two."""
    end = ("The game is over: Asha wins with 9 points.", "Asha and Ben tie on 9 points; the most X breaks it.")
    assert narration.told(["A did this"], ["one", "two"]) == ("A did this.", "one.", "two.")
    assert narration.told(["A did this"], ["x" * MOST_CHARACTERS, "two", "three"]) == ("A did this.", "two.", "three.")
    assert narration.told(["A did this"], ["one"], end) == ("A did this.", *end)
    assert narration.told(["A did this", "B did that"], ["one"], end) == ("A did this.", "B did that.", end[0])


def test_ordinals_read_as_spoken() -> None:
    """End of the Game's "the last of their raindrops", said as the issue says it: "his 15th raindrop"."""
    assert [narration.ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 15, 21, 22, 101, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "15th", "21st", "22nd", "101st", "111th"]
