"""The setup answers a table gives the same way game after game (``Question.remembered``: its copy's
components, Taj Mahal's cards of a colour and hand size), and its players, kept beside the games in
the companion's folder so that the next new game of the same game offers them again instead of
asking the table to count its cards once more. Only what a game was started with is kept, each game's answers
replacing its previous ones; a file that does not read is passed over (it is tajkit's own note,
never the table's record)."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path

from tajkit.solver.protocol import Question

FILE = ".tajkit-remembered-setup.toml"  # a dot: never listed as a game (cli/web/app.py RECORD_NAME)
MOST_CHARS = 4000  # an answer longer than this is not kept (a deck is some 100 characters)
MOST_PLAYERS = 8
NAMES = "the players"  # never a question's key (those are names and dotted paths)


def remembered_answers(folder: Path, game: str, questions: Sequence[Question]) -> dict[str, str]:
    """The answers remembered for ``game``'s questions that are remembered (none when nothing reads)."""
    table = _remembered(folder, game)
    return {q.key: table[q.key] for q in questions if q.remembered and isinstance(table.get(q.key), str)}


def remembered_names(folder: Path, game: str) -> list[str]:
    """The players of the last game of ``game`` started here, in their seats (the same group, most often)."""
    names = _remembered(folder, game).get(NAMES)
    return [n for n in names if isinstance(n, str)][:MOST_PLAYERS] if isinstance(names, list) else []


def remember_answers(folder: Path, game: str, questions: Sequence[Question], typed: Mapping[str, str],
                     names: Sequence[str]) -> None:
    """Remember the players and the remembered questions' answers a game was started with,
    atomically (tajkit's own file: replaced each time, the other games' answers in it kept)."""
    import tomli_w

    from tajkit.solver.writing import write_file

    answers: dict[str, object] = {q.key: typed[q.key] for q in questions
                                  if q.remembered and len(typed.get(q.key, "")) <= MOST_CHARS}
    answers[NAMES] = list(names)
    try:
        tables = tomllib.loads((folder / FILE).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        tables = {}
    tables[game] = answers
    write_file(folder / FILE, tomli_w.dumps(tables).encode(), replace=True, what="the remembered setup answers")


def _remembered(folder: Path, game: str) -> dict[str, object]:
    try:
        table = tomllib.loads((folder / FILE).read_text(encoding="utf-8")).get(game, {})
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return {}
    return table if isinstance(table, dict) else {}
