"""The registry: one line per game, naming the package whose ``GAME`` is its interface.

Packages are imported only when asked for; each game's ``__init__.py`` is light (see ``game.py``).
"""

from __future__ import annotations

import difflib
from importlib import import_module

from tajkit.solver.errors import BadInput
from tajkit.solver.game import Game

GAMES: dict[str, str] = {
    "artisans": "tajkit.solver.artisans",
    "taj": "tajkit.solver.taj",
    "tajmahal": "tajkit.solver.tajmahal",
    "karigar": "tajkit.solver.karigar",
    "maharani": "tajkit.solver.maharani",
}


def get(game_id: str) -> Game:
    """The interface of ``game_id``; an unknown id is bad input with a "did you mean"."""
    if game_id not in GAMES:
        close = difflib.get_close_matches(game_id, GAMES, n=1)
        hint = f"did you mean {close[0]}? " if close else ""
        raise BadInput(f"unknown game {game_id[:40]!r}: {hint}the games are {', '.join(GAMES)}")
    return import_module(GAMES[game_id]).GAME


def every() -> list[Game]:
    return [get(g) for g in GAMES]
