"""Printouts to download: the same options, checks and PDF as ``tajkit print``
(``commands.printout`` and ``commands.render``), the file named as the command names it."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from tajkit.cli import commands, present
from tajkit.cli.web.app import Companion, game_info, page
from tajkit.solver import numbers
from tajkit.solver.errors import BadInput

KINDS = {"sheet": "player sheets", "scorepad": "a score pad", "reference": "a reference card"}
PAPERS = ("a4", "letter")
INKS = {"colour": "colour", "low": "low ink (white paper, outlines)"}
LANGUAGES = {"en": "English", "hu": "magyar (Hungarian)"}
MOST_PAGES = 1000  # as tajkit print --count


def options(request: Request) -> dict[str, str]:
    """The options as the form sends them, each one of its choices or as typed (then refused)."""
    given = request.query_params
    return {key: given.get(key, "") for key in ("kind", "paper", "ink", "count", "players", "lang")}


def chosen(info: Any, given: dict[str, str]) -> tuple[str, str, int | None, int | None, str]:
    """Paper, ink, count, players and language, the first four checked (as the CLI's option parser
    checks them); the kind and the language ``commands.printout`` checks."""
    paper, ink, lang = given["paper"] or "a4", given["ink"] or "colour", given["lang"] or "en"
    if paper not in PAPERS:
        raise BadInput(f"paper {present.safe(paper, 20)!r}: one of {', '.join(PAPERS)}")
    if ink not in INKS:
        raise BadInput(f"ink {present.safe(ink, 20)!r}: one of {', '.join(INKS)}")
    return paper, ink, number(given["count"], "count", 1, MOST_PAGES), number(given["players"], "players", 1, 99), lang


def number(text: str, what: str, low: int, high: int) -> int | None:
    if not text.strip():
        return None
    return numbers.whole_number(text, what, low, high)


def form_context(request: Request, info: Any, given: dict[str, str]) -> dict[str, Any]:
    companion: Companion = request.app.state.companion
    fewest, most = info.player_counts(companion.spec(info.id))
    return {"info": info, "given": given, "kinds": {k: KINDS[k] for k in info.prints}, "papers": PAPERS,
            "inks": INKS, "languages": {code: LANGUAGES.get(code, code) for code in info.languages}, "counts": list(range(fewest, most + 1)), "most": MOST_PAGES}


def games_page(request: Request) -> Response:
    return page(request, "print.html", info=None)


def form_page(request: Request) -> Response:
    info = game_info(request.path_params["game"])
    return page(request, "print.html", **form_context(request, info, options(request)))


def download(request: Request) -> Response:
    """The PDF as an attachment named as ``tajkit print`` names it; the form again, saying what
    is wrong, when an option is (422)."""
    info = game_info(request.path_params["game"])
    companion: Companion = request.app.state.companion
    given = options(request)
    try:
        paper, ink, count, players, lang = chosen(info, given)
        kind, pages, name = commands.printout(info, given["kind"] or None, lang, players, count, paper, ink,
                                              data=companion.data)
        if lang not in info.languages:  # what the sheet and the card do not check, the score pad's words
            raise BadInput(f"lang {present.safe(lang, 20)!r}: {info.title} comes in {', '.join(info.languages)}")
        pdf, _ = commands.render(info, kind, paper, ink, pages, lang, players, data=companion.data)
    except BadInput as exc:
        return page(request, "print.html", 422, problems=list(exc.problems), **form_context(request, info, given))
    return Response(pdf, media_type="application/pdf", headers={"Content-Disposition": f'attachment; filename="{name}"'})


ROUTES = [
    Route("/print", games_page, methods=["GET"]),
    Route("/print/{game}", form_page, methods=["GET"]),
    Route("/print/{game}/pdf", download, methods=["GET"]),
]
