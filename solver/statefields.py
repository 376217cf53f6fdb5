"""Field types every game's state file shares. Apart from the seed files' models
(``seedmodels.py``), which take a while to build, so that reading a state file does not build them."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

NAME_RULE = "the player's name: 1-40 characters on one line, no control characters, not blank"
PlayerName = Annotated[
    str,
    Field(
        min_length=1,
        max_length=40,
        # no control character (C0, DEL, C1) and no line or paragraph separator (U+2028, U+2029)
        pattern=r"^[^\s\x00-\x1f\x7f-\x9f\u2028\u2029](?:[^\x00-\x1f\x7f-\x9f\u2028\u2029]*"
                r"[^\s\x00-\x1f\x7f-\x9f\u2028\u2029])?$",
        description=NAME_RULE,
    ),
]
MAX_PLAYERS_IN_A_FILE = 20
