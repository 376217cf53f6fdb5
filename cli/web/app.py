"""``tajkit serve``: the table's companion in a phone's browser (Starlette, Jinja2, htmx).

A thin layer: every page calls the same game interface and the same sessions as the command line
(``solver/session.py``); nothing here knows a rule. Each module of this package adds its pages
(``ROUTES``): ``play`` the games in play, ``scoring`` a finished table, ``printing`` the printouts,
``history`` the play log.

Security: the server listens on 127.0.0.1 unless ``--lan``; a random token is made at each start;
with ``--lan`` every request must carry it (the joining link's ``?token=``, then a cookie), and in
both modes every POST carries it as a form field, so no other page can make a phone change a game
(no cross-site request forgery). No request names a file: games are found by their record's name
in the server's folder. Request bodies are limited to :data:`MAX_BODY` bytes, and Jinja2 escapes
every name and value it writes.
"""

from __future__ import annotations

import contextlib
import re
import secrets
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import jinja2
from starlette.applications import Starlette
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates

from tajkit.cli.web.work import Pictures
from tajkit.solver import games as registry
from tajkit.solver import numbers
from tajkit.solver import speccache
from tajkit.solver.errors import BadInput
from tajkit.solver.session import Hint, Session, is_record, record_of

MAX_BODY = 64 * 1024  # a form of a real table is a few kilobytes
PHOTO_BODY = 24 * 1024 * 1024  # a phone's photo of a sheet, on /read/ only (cli/web/reading.py)
RECORD_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,79}")  # a record's file name, without .toml: never a path
COOKIE = "tajkit_token"

HERE = resources.files("tajkit.cli.web")
templates = Jinja2Templates(env=jinja2.Environment(loader=jinja2.FileSystemLoader(str(HERE / "templates")),
                                                   autoescape=True))  # every name and value escaped
templates.env.policies["json.dumps_kwargs"] = {"sort_keys": False}  # a board's choices keep the game's order


@dataclass
class Companion:
    """What the server holds between requests: the folder of its game records, the data folder
    the games are loaded with, the token, and the sessions open (one per record, each with its
    own lock, so two phones' events on one game are applied one after the other)."""

    folder: Path
    data: Path | None
    token: str = field(default_factory=lambda: secrets.token_urlsafe(16))
    lan: bool = False
    sessions: dict[str, Session] = field(default_factory=dict)
    locks: dict[str, threading.Lock] = field(default_factory=dict)
    hints: dict[tuple[str, str], Hint] = field(default_factory=dict)  # by game and phone: a hint is its asker's
    flashes: dict[tuple[str, str], dict[str, Any]] = field(default_factory=dict)  # what a change said, for its phone's next page
    pictures: Pictures = field(default_factory=Pictures)
    _guard: threading.Lock = field(default_factory=threading.Lock)

    def spec(self, game: str) -> Any:
        return speccache.load_spec(registry.get(game), self.data)

    def record_path(self, name: str) -> Path:
        if not RECORD_NAME.fullmatch(name):
            raise LookupError(name)  # never a path: a 404 like any game that is not here
        return self.folder / f"{name}.toml"

    def lock(self, name: str) -> threading.Lock:
        with self._guard:
            return self.locks.setdefault(name, threading.Lock())

    def session(self, name: str) -> Session:
        """The session of the record ``name`` in the folder, caught up with the file."""
        with self.game(name) as session:
            return session

    @contextlib.contextmanager
    def game(self, name: str) -> Iterator[Session]:
        """The session of the record ``name``, caught up with the file, held under the game's lock
        (what a request reads is one moment of the game; a change is checked and appended whole)."""
        path = self.record_path(name)
        with self.lock(name):
            session = self.sessions.get(name)
            if session is None:
                session = self._open(name, path)
                self.sessions[name] = session
            else:
                session.refresh()
            yield session

    def _open(self, name: str, path: Path) -> Session:
        """The record ``name`` replayed; a file that is missing or holds no record is no game here."""
        from tajkit.solver import statefile

        try:
            data = statefile.read_source(str(path))
            info = registry.get(str(data.get("game"))) if is_record(data) else None
        except BadInput:
            info = None
        if info is None:
            raise LookupError(name)
        return Session.of_record(info, self.spec(info.id), record_of(data, info.id, path.name), path)

    def records(self) -> list[tuple[str, Session]]:
        """The games in the folder, newest first (a file that is no record is left out)."""
        stamped = []
        for path in self.folder.glob("*.toml"):
            with contextlib.suppress(OSError):  # a dangling link, a file removed meanwhile: no game here
                stamped.append((path.stat().st_mtime, path))
        found = []
        for _, path in sorted(stamped, reverse=True):
            if not RECORD_NAME.fullmatch(path.stem):
                continue
            try:
                found.append((path.stem, self.session(path.stem)))
            except (BadInput, LookupError):
                continue
        return found


# --- security -------------------------------------------------------------------------------------


class Guard:
    """ASGI middleware: the token (with ``--lan``, on every request), the size of a body."""

    def __init__(self, app: Any, companion: Companion) -> None:
        self.app, self.companion = app, companion

    async def __call__(self, scope: dict[str, Any], receive: Callable[..., Any], send: Callable[..., Any]) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        limit = PHOTO_BODY if scope["path"].startswith("/read/") else MAX_BODY
        length = request.headers.get("content-length")
        if length is not None and (not numbers.is_number(length) or not 0 <= int(length) <= limit):
            await PlainTextResponse(f"a request of at most {limit // 1024} KB", status_code=413)(scope, receive, send)
            return
        if self.companion.lan and not self._carries_token(request):
            await PlainTextResponse("open the link tajkit serve printed (with its token)", status_code=403)(
                scope, receive, send)
            return
        await self.app(scope, _limited(receive, limit), send)

    def _carries_token(self, request: Request) -> bool:
        token = self.companion.token
        given = request.cookies.get(COOKIE) or request.query_params.get("token") or ""
        return secrets.compare_digest(given.encode(), token.encode())


class TooLarge(Exception):
    """A request body over MAX_BODY."""


def _limited(receive: Callable[..., Any], limit: int = MAX_BODY) -> Callable[..., Any]:
    """A body sent in chunks without a length is cut off at the limit too."""
    seen = 0

    async def limited() -> Any:
        nonlocal seen
        message = await receive()
        seen += len(message.get("body", b""))
        if seen > limit:
            raise TooLarge(f"a request of at most {limit // 1024} KB")
        return message

    return limited


async def posted(request: Request) -> dict[str, str]:
    """A POST's form, once its token is checked (every state-changing request carries it)."""
    form = await request.form()
    token = str(form.get("token", ""))
    if not secrets.compare_digest(token.encode(), request.app.state.companion.token.encode()):
        raise PermissionError("this form does not carry the server's token: reload the page")
    return {key: str(value) for key, value in form.items() if isinstance(value, str)}


# --- pages ---------------------------------------------------------------------------------------


def game_info(game: str) -> Any:
    """The game of a page's address (``/new/taj``); an unknown one is a 404."""
    try:
        return registry.get(game)
    except BadInput:
        raise LookupError(game) from None


def page(request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
    companion: Companion = request.app.state.companion
    return templates.TemplateResponse(request, template, {"token": companion.token, "games": registry.every(),
                                                          **context}, status_code=status)


def home(request: Request) -> HTMLResponse:
    companion: Companion = request.app.state.companion
    return page(request, "home.html", records=companion.records())


def not_found(request: Request, exc: Exception) -> Response:
    return page(request, "error.html", 404, message="No such page or game here.")


def forbidden(request: Request, exc: Exception) -> Response:
    return page(request, "error.html", 403, message=str(exc) or "Forbidden.")


def refused(request: Request, exc: Exception) -> Response:
    """Bad input no page answered itself (a record edited into an illegal game): its lines, 400."""
    return page(request, "error.html", 400, message="; ".join(getattr(exc, "problems", ())) or str(exc))


def too_large(request: Request, exc: Exception) -> Response:
    return page(request, "error.html", 413, message=str(exc))


def gone(request: Request, exc: Exception) -> Response:
    """A client that left before sending the body its Content-Length announced: nobody reads the answer."""
    return PlainTextResponse("the request ended before its body did", status_code=400)


def create_app(companion: Companion, extra: Sequence[Any] = ()) -> Starlette:
    from tajkit.cli.web import copy, history, play, printing, reading, scoring

    routes = [
        Route("/", home),
        *play.ROUTES,
        *scoring.ROUTES,
        *printing.ROUTES,
        *history.ROUTES,
        *reading.ROUTES,
        *copy.ROUTES,
        *extra,
        Mount("/static", app=StaticFiles(directory=str(HERE / "static")), name="static"),
    ]
    app = Starlette(routes=routes, exception_handlers={404: not_found, LookupError: not_found,
                                                       PermissionError: forbidden, TooLarge: too_large,
                                                       BadInput: refused, ClientDisconnect: gone})
    app.state.companion = companion
    app.add_middleware(GZipMiddleware, minimum_size=1024)
    app.add_middleware(Guard, companion=companion)
    return app

