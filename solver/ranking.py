"""Ranking with a game's tie-breaks, the same for every game.

A game states its tie-breaks in rulebook order (:class:`TieBreak`), and what the rulebook says
when they are all used up (``last_word``). Players equal on the total and every tie-break share a
rank ("1, 1, 3"), and every step that decided something is explained in a sentence.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class TieBreak:
    label: str  # what is compared, as a noun phrase: "unused raindrops", "Taj tiles built"
    most: bool  # True: more wins; False: fewer wins
    rule: str  # where the rulebook says so: "rulebook: Scoring"
    wording: str = ""  # how the step reads, when "the most/fewest <label>" does not: "the youngest player"

    @property
    def phrase(self) -> str:
        return self.wording or f"the {'most' if self.most else 'fewest'} {self.label}"


@dataclass(frozen=True)
class Ranking:
    order: tuple[int, ...]  # indices of the players, best first
    ranks: tuple[int, ...]  # rank of each player, by index (1 = best)
    ties: tuple[str, ...]  # the explanation, one sentence per decision


def plural(n: int, word: str, many: str | None = None) -> str:
    """``1 raindrop``, ``2 raindrops``, ``0 raindrops``."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


def counted(n: int, phrase: str) -> str:
    """A count with a plural noun phrase made to agree: ``1 Taj tile built``, ``2 Taj tiles
    built``, ``1 resource left``, ``1 unused raindrop``."""
    if n == 1:
        words = phrase.split()
        for k in range(len(words) - 1, -1, -1):
            if len(words[k]) > 2 and words[k].endswith("s") and not words[k].endswith("ss"):
                words[k] = words[k][:-1]
                return f"1 {' '.join(words)}"
    return f"{n} {phrase}"


def join_names(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


LastWord = str | Callable[[list[str]], str]  # or made from the names of the players still tied


def still_tied(keys: Sequence[tuple[int, ...]]) -> list[int]:
    """The players whose key (total, tie-break values ...) another player shares."""
    return [i for i, key in enumerate(keys) if list(keys).count(key) > 1]


def rank(
    names: Sequence[str],
    totals: Sequence[int],
    values: Sequence[Sequence[int]],
    tie_breaks: Sequence[TieBreak] = (),
    last_word: LastWord = "the rulebook names no further tie-break, so they share the rank",
    unit: str = "points",
) -> Ranking:
    """Rank players by ``totals``, then by each tie-break in turn (``values[i][k]`` is player i's
    value for tie-break k). Returns the order, the ranks and the sentences explaining the ties;
    ``last_word`` ends the sentence of players tied after every tie-break."""
    keys = [
        (total, *(v if tb.most else -v for v, tb in zip(vals, tie_breaks)))
        for total, vals in zip(totals, values)
    ]
    order = sorted(range(len(names)), key=lambda i: tuple(-k for k in keys[i]) + (i,))
    ranks = [1 + sum(1 for other in keys if other > keys[i]) for i in range(len(names))]
    ties: list[str] = []
    _explain(list(order), 0, names, totals, values, tie_breaks, last_word, unit, ties)
    return Ranking(tuple(order), tuple(ranks), tuple(ties))


def _explain(
    group: list[int],
    level: int,
    names: Sequence[str],
    totals: Sequence[int],
    values: Sequence[Sequence[int]],
    tie_breaks: Sequence[TieBreak],
    last_word: LastWord,
    unit: str,
    out: list[str],
) -> None:
    """Explain, for players equal up to ``level`` (0: the total), how the next step splits them."""
    def value(i: int) -> int:
        return totals[i] if level == 0 else values[i][level - 1]

    for v in _distinct(value(i) for i in group):
        tied = [i for i in group if value(i) == v]
        if len(tied) < 2:
            continue
        who = join_names([names[i] for i in tied])
        if level == 0:
            context = f"{who} tie on {totals[tied[0]]} {unit}"
        else:
            tb = tie_breaks[level - 1]
            context = f"{who} are still tied with {values[tied[0]][level - 1]} {tb.label}"
        if level < len(tie_breaks):
            tb = tie_breaks[level]
            shown = ", ".join(f"{names[i]} {values[i][level]}" for i in tied)
            if len({values[i][level] for i in tied}) > 1:
                out.append(f"{context}; {tb.phrase} breaks it ({shown}) ({tb.rule})")
            else:
                out.append(f"{context}; {tb.phrase} does not break it ({shown}) ({tb.rule})")
            _explain(tied, level + 1, names, totals, values, tie_breaks, last_word, unit, out)
        else:
            words = last_word([names[i] for i in tied]) if callable(last_word) else last_word
            out.append(f"{context}: {words}")


def _distinct(values) -> list[int]:  # noqa: ANN001
    return list(dict.fromkeys(values))


def competition_ranks(keys: Sequence[tuple[int, ...]]) -> list[int]:
    """Rank of each entry, best (highest key) first; equal keys share a rank."""
    return [1 + sum(1 for other in keys if other > key) for key in keys]
