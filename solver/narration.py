"""What happened, in words a table reads aloud: the part of the narration every game shares.

Each game's ``solver/<game>/narration.py`` has ``tell(spec, before, action, after)``: an event and
its consequences in one to three short sentences, the same for the terminal and the phones
(DESIGN.md: narration). This module gives them the shape of the answer (:func:`told`: what must be
said first, the consequences that fit after it) and the end of a game (:func:`game_over`: who
wins with what score, and the tie-break that decided it, in the words of the game's own ranking).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from tajkit.solver.game import ScoreResult
from tajkit.solver.ranking import join_names

MOST_SENTENCES = 3  # a table listens to two or three sentences an event, no more
MOST_CHARACTERS = 160  # one sentence on a phone: a line or two
_CITED = re.compile(r"\s*\((?:rulebook|add|tajkit|inferred)\b[^()]*\)")  # a rulebook cite, a file hint: not read aloud


def told(must: Sequence[str], may: Sequence[str] = (), end: Sequence[str] = ()) -> tuple[str, ...]:
    """The event's sentences: ``must`` (what happened), then as many of ``may`` (lesser
    consequences, the most important first; one too long for a phone is left out) as leave room
    for ``end`` (:func:`game_over`, said last; its tie-break sentence is left out when ``must``
    leaves no room for it)."""
    end = end[: max(1, MOST_SENTENCES - len(must))] if end else ()
    room = max(0, MOST_SENTENCES - len(must) - len(end))
    fitting = [s for s in may if len(sentence(s)) <= MOST_CHARACTERS]
    return tuple(sentence(s) for s in (*must, *fitting[:room], *end))


def sentence(text: str) -> str:
    """``text`` with a full stop at its end (its first word is left as it is: it may be a
    player's name, written as they typed it)."""
    text = text.strip()
    return text if text.endswith((".", "!", "?")) else text + "."


def amount(n: int, unit: tuple[str, str]) -> str:
    """``1 point``, ``12 points``, ``-1 point``, ``42 gold`` (a score in the game's own unit)."""
    return f"{n} {unit[0] if abs(n) == 1 else unit[1]}"


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``15th``, ``22nd``."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def game_over(result: ScoreResult, why: str = "") -> tuple[str, ...]:
    """The game's end from its final standings: "The game is over (``why``): Asha wins with 12
    points." (``why`` left out when the sentence would be too long), and when the winner was tied
    on the score, the tie-break sentence of the game's ranking that decided it."""
    names, winner = winners(result)
    said = f"The game is over ({why}): {winner}" if why else ""
    if not said or len(said) >= MOST_CHARACTERS:
        said = f"The game is over: {winner}"
    how = _tie_broken(result, names)
    return tuple(sentence(s) for s in (said, *how))


def the_winner(result: ScoreResult) -> tuple[str, ...]:
    """Who won, in words ("Asha wins with 12 points."), and the tie-break that decided, if one did."""
    names, winner = winners(result)
    return tuple(sentence(s) for s in (winner, *_tie_broken(result, names)))


def winners(result: ScoreResult) -> tuple[list[str], str]:
    """The players ranked first, and "Asha wins with 12 points" (or "… share the win …")."""
    first = [p for p in result.players if p.rank == 1] or list(result.players[:1])
    score = amount(first[0].total, result.unit)
    names = [p.name for p in first]
    return names, (f"{names[0]} wins with {score}" if len(names) == 1
                   else f"{join_names(names)} share the win with {score} each")


def _tie_broken(result: ScoreResult, winners: list[str]) -> tuple[str, ...]:
    """The sentence of ``result.ties`` that settled first place, when the winners were tied on the
    score with someone: the ranking explains the best score's tie first, step by step, and its
    last step naming a winner is the one that decided (or that says why the win is shared)."""
    top = result.players[0].total
    if sum(p.total == top for p in result.players) < 2:
        return ()
    steps = [result.ties[0]] if result.ties else []
    for step in result.ties[1:]:
        if " tie on " in step:  # the next score's tie: no longer about first place
            break
        steps.append(step)
    deciding = [s for s in steps if any(name in s for name in winners)]
    return (_short(deciding[-1]),) if deciding else ()


def _short(text: str) -> str:
    """A ranking sentence read aloud: without its cites, and its last clauses dropped while it is
    longer than a phone's sentence."""
    text = _CITED.sub("", text).strip()
    while len(text) >= MOST_CHARACTERS and ";" in text:
        text = text.rsplit(";", 1)[0].strip()
    return text
