"""Field types every game's state file shares. Apart from the seed files' models
(``seedmodels.py``), which take a while to build, so that reading a state file does not build them."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

PlayerName = Annotated[
    str,
    Field(
        min_length=1,
        max_length=40,
        pattern=r"^[^\s\x00-\x1f\x7f-\x9f](?:[^\x00-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f])?$",
        description="the player's name: 1-40 characters, no control characters, not blank",
    ),
]
MAX_PLAYERS_IN_A_FILE = 20
