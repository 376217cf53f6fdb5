"""Sharing a play with BG Stats (issue 26), and the play log as CSV.

BG Stats takes one play pushed as a link: ``https://app.bgstatsapp.com/createPlay.html?data=`` and
the URL-encoded JSON of the play; the app shows it for confirmation (research/next-capabilities.md
section 2). The fields are those working producers send. Pitfalls they hit: the Android app refuses
a play without ``startPlayer``, ``winner``, ``highestWins`` or ``noPoints`` ("No value for
startPlayer", clocktracker #299), so every one is always sent: a game with no start player
(Artisans: everyone uses the same roll) sends ``startPlayer: false`` for every player rather than
leaving it out; a ``bggId`` as text crashes the iOS and macOS apps, so it is a JSON number, sent
only for the games whose BoardGameGeek id is confirmed.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import unicodedata
import urllib.parse
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr

from tajkit.solver.history import Play

LINK = "https://app.bgstatsapp.com/createPlay.html?data="
SOURCE_NAME = "tajkit"
# BoardGameGeek ids confirmed in ../shared/research (anchors.md, next-capabilities.md: Taj Mahal is
# #475); the other four games' ids are not confirmed there, so BG Stats is sent none for them.
BGG_IDS: dict[str, int] = {"tajmahal": 475}


class _Strict(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")


class BGStatsGame(_Strict):
    name: StrictStr
    bggId: StrictInt | None = None  # BG Stats' own key names; left out when unknown
    sourceGameId: StrictStr
    highestWins: StrictBool
    noPoints: StrictBool


class BGStatsPlayer(_Strict):
    name: StrictStr
    sourcePlayerId: StrictStr
    score: StrictInt
    winner: StrictBool
    startPlayer: StrictBool
    rank: StrictInt


class BGStatsPlay(_Strict):
    sourceName: Literal["tajkit"]
    sourcePlayId: StrictStr
    playDate: StrictStr = Field(pattern=r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$")
    game: BGStatsGame
    players: list[BGStatsPlayer] = Field(min_length=1)


def player_id(name: str) -> str:
    """A player's id in every play tajkit sends: the same name, the same id (so BG Stats matches
    the player from one import to the next)."""
    return hashlib.sha256(unicodedata.normalize("NFC", name).encode("utf-8", errors="surrogatepass")).hexdigest()[:16]


def payload(play: Play) -> dict[str, Any]:
    """The play as BG Stats reads it (checked against :class:`BGStatsPlay`). Every tajkit game
    ranks the highest total first (``ranking.rank``), so ``highestWins``; each counts points."""
    from tajkit.solver import games

    data = {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": play.uid,
        "playDate": play.played,
        "game": {"name": games.get(play.game).title, "bggId": BGG_IDS.get(play.game), "sourceGameId": play.game,
                 "highestWins": True, "noPoints": False},
        "players": [
            {"name": s.name, "sourcePlayerId": player_id(s.name), "score": s.total, "winner": play.won(s),
             "startPlayer": bool(s.start), "rank": s.rank}
            for s in play.in_seat_order
        ],
    }
    return BGStatsPlay.model_validate(data).model_dump(exclude_none=True)


def link(data: dict[str, Any]) -> str:
    """The push link: the JSON, compact, percent-encoded (UTF-8) but for ``:`` and ``,``, which a
    URL's query may hold as they are (RFC 3986, section 3.4) and the JSON holds dozens of: a link
    a tenth shorter, a QR code two versions smaller (issue 43: it must fit a terminal)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return LINK + urllib.parse.quote(text, safe=":,")


def qr_code(text: str) -> Any:
    """``text`` as a QR code (segno), the smallest that holds it at the lowest error correction a
    screen needs (segno raises it where the size allows)."""
    import segno

    return segno.make_qr(text, error="l", boost_error=True)


def qr_png(text: str, scale: int = 4) -> bytes:
    out = io.BytesIO()
    qr_code(text).save(out, kind="png", scale=scale, border=4)
    return out.getvalue()


def qr_text(text: str) -> tuple[str, int, int]:
    """The QR code drawn for a terminal with half blocks (two modules a character: the smallest
    drawing that scans), and the columns and rows it needs."""
    code = qr_code(text)
    out = io.StringIO()
    code.terminal(out=out, compact=True, border=2)
    drawn = out.getvalue()
    lines = drawn.splitlines()
    return drawn, max(len(line) for line in lines), len(lines)


# --- CSV --------------------------------------------------------------------------------------

CSV_COLUMNS = ("play", "date", "game", "seat", "player", "start_player", "score", "rank", "winner")
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")  # what a spreadsheet would run as a formula


def spreadsheet_safe(text: str) -> str:
    """Text a spreadsheet opens as text: a leading ``=``, ``+``, ``-``, ``@``, tab or carriage
    return gets a ``'`` before it (OWASP's advice against CSV formula injection)."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def csv_text(plays: list[Play]) -> str:
    """One line per player of each play (quoted by the csv module where needed; names made
    spreadsheet-safe)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for play in plays:
        for s in play.in_seat_order:
            start = "" if s.start is None else ("yes" if s.start else "no")
            writer.writerow([play.id, play.played, play.game, "" if s.seat is None else s.seat,
                             spreadsheet_safe(s.name), start, s.total, s.rank,
                             "yes" if play.won(s) else "no"])
    return out.getvalue()
