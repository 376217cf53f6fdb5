"""The play log on a phone: the plays (filtered as ``tajkit history list`` filters them), the
statistics, one play in full, and its BG Stats link with the QR code to scan. The log, the
statistics and the BG Stats payload are ``tajkit.solver.history`` and ``bgstats``'s; the log is
the default one (``TAJKIT_HISTORY``, else the user's data folder), as ``tajkit history`` without ``--db``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from tajkit.cli import history as history_cli
from tajkit.cli.web.app import page
from tajkit.cli.web.scoring import score_view
from tajkit.solver import games as registry
from tajkit.solver.errors import BadInput

FILTERS = ("game", "player", "since", "until")


def play_log() -> Path:
    from tajkit.solver import history

    return history.database_path(None)


def typed_filters(request: Request) -> dict[str, str]:
    """The filters as typed, kept in the form."""
    return {key: request.query_params.get(key, "").strip() for key in FILTERS}


def filters_of(given: dict[str, str]) -> Any:
    """The filters as the log reads them (an unknown game or a date that is none refused, as
    ``tajkit history`` refuses them)."""
    return history_cli._filters(*(given[key] or None for key in FILTERS))


def titles() -> dict[str, str]:
    return {g.id: g.title for g in registry.every()}


def list_page(request: Request) -> Response:
    from tajkit.solver import history

    given = typed_filters(request)
    try:
        filters = filters_of(given)
        plays = history.plays(play_log(), filters)
    except BadInput as exc:
        return page(request, "history.html", 422, plays=[], given=given, titles=titles(), problems=list(exc.problems))
    return page(request, "history.html", plays=plays, given=given, titles=titles(),
                selected=any(given.values()))


def stats_page(request: Request) -> Response:
    from tajkit.solver import history

    given = typed_filters(request)
    try:
        filters = filters_of(given)
        found = history.stats(play_log(), filters)
    except BadInput as exc:
        return page(request, "stats.html", 422, stats=[], given=given, titles=titles(), problems=list(exc.problems))
    return page(request, "stats.html", stats=[stats_view(g) for g in found], given=given, titles=titles())


def stats_view(game: Any) -> dict[str, Any]:
    """A game's statistics as table rows: per player, and the mean stars of each feature per player."""
    players = [{"name": p.name, "plays": p.plays, "wins": p.wins, "rate": history_cli._rate(p.win_rate),
                "mean": f"{p.mean:.1f}", "best": p.best} for p in game.players]
    stars = [{"label": label, "means": ["-" if (m := dict(p.stars).get(cid)) is None else f"{m:.1f}"
                                        for p in game.players]} for cid, label in game.features]
    return {"game": game.game, "plays": game.plays, "players": players, "stars": stars}


def play_page(request: Request) -> Response:
    from tajkit.solver import bgstats, history

    try:
        play = history.play(play_log(), play_number(request))
    except BadInput as exc:  # no such play, or a log that is none
        return page(request, "error.html", 404, message=exc.problems[0])
    return page(request, "play.html", play=play, about=history_cli.describe(play), view=score_view(play.result),
                link=bgstats.link(bgstats.payload(play)),
                source=printable_json(play.source))


def play_number(request: Request) -> int:
    """The play the address names, read as every typed number is (Starlette's int converter
    would pass 5,000 digits to int() and answer 500)."""
    from tajkit.solver import numbers

    return numbers.whole_number(request.path_params["id"], "play", low=1)


def printable_json(value: Any) -> str:
    """JSON to read on the page: a character that is not printable (a control character, a
    right-to-left override) written as its JSON escape, so the text around it cannot be turned
    or hidden, and the JSON is still the same value."""
    import json

    text = json.dumps(value, indent=2, ensure_ascii=False)
    return "".join(c if c.isprintable() or c == "\n" else json.dumps(c)[1:-1] for c in text)


def bgstats_qr(request: Request) -> Response:
    """The BG Stats link as a QR code, to scan with the phone that has BG Stats."""
    from tajkit.solver import bgstats, history

    try:
        play = history.play(play_log(), play_number(request))
    except BadInput:
        raise LookupError(request.path_params["id"]) from None
    link = bgstats.link(bgstats.payload(play))
    return Response(bgstats.qr_png(link, scale=6), media_type="image/png", headers={"Cache-Control": "no-store"})


ROUTES = [
    Route("/history", list_page, methods=["GET"]),
    Route("/history/stats", stats_page, methods=["GET"]),
    Route("/history/{id}", play_page, methods=["GET"]),
    Route("/history/{id}/bgstats.png", bgstats_qr, methods=["GET"]),
]
