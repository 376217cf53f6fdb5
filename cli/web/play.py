"""The games in play on the phones: a new game, the game page (the position, the legal events as
choices to tap, a text field for the notation, hint and take, undo, fix, standings), kept live by
polling. Every change goes through the same :class:`Session` as ``tajkit play``."""

from __future__ import annotations

import datetime
import hashlib
from collections import defaultdict
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from tajkit.cli import present
from tajkit.cli.play import keep_in_history
from tajkit.cli.web.app import Companion, game_info, page, posted
from tajkit.solver.errors import BadInput, SolverFailure
from tajkit.solver.protocol import CHANCE
from tajkit.solver.session import Session, setup_from_answers

FEW = 24  # at most this many choices are shown as buttons at once; more are grouped by their first words
MOST_PLAYERS = 8


def companion_of(request: Request) -> Companion:
    return request.app.state.companion


def version(session: Session) -> str:
    """Changes whenever the record does (an undo followed by another event too)."""
    return hashlib.sha1("\n".join([*session.events, "undone:", *session.undone]).encode()).hexdigest()[:12]


# --- choices to tap --------------------------------------------------------------------------------


def grouped(legal: list[str], depth: int = 0, by: str = "words", label: Any = None) -> list[Any]:
    """The legal events as a tree a thumb can walk: a handful of buttons, or groups named by how
    their events begin, as many words (or, for a one-word notation such as Maharani's ``2c4s+a``,
    as many letters) as keep the groups a handful: ``dome left`` → ``dome left 5 (1 drop)``."""
    if len(legal) <= FEW:
        return [{"event": e} for e in legal]
    cut = _words if by == "words" else _letters
    longest = max(len(cut(e)) for e in legal)
    best = None
    for size in range(depth + 1, longest + 1):
        groups = _by_start(legal, cut, size)
        if len(groups) > FEW:
            break
        best = (size, groups)
    if best is None:
        if by == "words" and all(len(cut(e)) == 1 for e in legal):
            return grouped(legal, 0, "letters", label)  # one word each: group by their first letters
        best = (depth + 1, _by_start(legal, cut, depth + 1))
    size, groups = best
    if len(groups) == 1:
        return [{"event": e} for e in legal]
    return [{"event": events[0]} if len(events) == 1 else
            {"group": (label and label(name)) or name, "count": len(events), "items": grouped(events, size, by, label)}
            for name, events in groups.items()]


def _words(event: str) -> list[str]:
    return event.split()


def _letters(event: str) -> list[str]:
    return list(event)


def _by_start(legal: list[str], cut: Any, size: int) -> dict[str, list[str]]:
    groups: dict[str, list[str]] = defaultdict(list)
    joiner = " " if cut is _words else ""
    for event in legal:
        groups[joiner.join(cut(event)[:size])].append(event)
    return groups


# --- the pages -----------------------------------------------------------------------------------


def game_page(request: Request, name: str, session: Session, status: int = 200, **context: Any) -> HTMLResponse:
    return page(request, "game.html", status, **live_context(name, session), **context)


def live_context(name: str, session: Session) -> dict[str, Any]:
    info = session.info
    who = session.to_act
    result = session.standings()
    return {
        "name": name,
        "info": info,
        "session": session,
        "version": version(session),
        "who": who,
        "chance": who == CHANCE,
        "choices": grouped(session.legal(), label=session.choice_label) if who is not None else [],
        "ahead": [(player, f"{player}: ", len(events), grouped([e.removeprefix(f"{player}: ") for e in events]))
                  for player, events in session.ahead().items()],
        "legal_count": len(session.legal()),
        "described": session.describe(),
        "picture": info.draws and session.state_file() is not None,
        "events": list(enumerate(session.events, start=1)),
        "undone": session.undone,
        "standings": present.score(result),
        "players": session.players(),
        "hint_questions": hint_questions(session, who),
        "final": session.over,
    }


def hint_questions(session: Session, who: str | None) -> list[Any]:
    if who in (None, CHANCE) or session.info.hint is None:
        return []
    try:
        return list(session.hint_questions(who))
    except BadInput:
        return []


def game(request: Request) -> Response:
    name = request.path_params["name"]
    return game_page(request, name, companion_of(request).session(name))


def live(request: Request) -> Response:
    """The part of the game page that follows the game (polled every second or two): nothing
    (204) while the record is as the page shows it."""
    name = request.path_params["name"]
    session = companion_of(request).session(name)
    if request.query_params.get("v") == version(session):
        return Response(status_code=204)
    return page(request, "live.html", **live_context(name, session))


def picture(request: Request) -> Response:
    from tajkit.cli.commands import picture as draw

    session = companion_of(request).session(request.path_params["name"])
    data = session.state_file()
    if not session.info.draws or data is None:
        raise LookupError("no picture")
    return Response(draw(session.info, session.spec, data), media_type="image/png",
                    headers={"Cache-Control": "no-store"})


async def event(request: Request) -> Response:
    form = await posted(request)
    return changed(request, form, lambda s: s.apply(form.get("event", "")), typed=form.get("event", ""))


async def undo(request: Request) -> Response:
    form = await posted(request)
    return changed(request, form, lambda s: [s.undo()], done="took back")


async def redo(request: Request) -> Response:
    form = await posted(request)
    return changed(request, form, lambda s: [s.redo()], done="played again")


async def fix(request: Request) -> Response:
    form = await posted(request)
    number = form.get("number", "")
    if not number.isdigit():
        raise BadInput(f"fix {number[:10]!r}: the number of an event")
    return changed(request, form, lambda s: [s.correct(int(number), form.get("event", ""))], done="corrected")


async def take(request: Request) -> Response:
    form = await posted(request)
    name, player = request.path_params["name"], form.get("player", "")
    companion = companion_of(request)

    def play(session: Session) -> list[str]:
        hint = companion.hints.get((name, player))
        if hint is None:
            raise BadInput(f"take: ask for a hint for {player} first")
        return session.take(hint, int(form.get("n", "0") or 0))

    return changed(request, form, play)


def changed(request: Request, form: dict[str, str], change: Any, typed: str = "", done: str = "") -> Response:
    """Apply a change under the game's lock; the game page again, with what was recorded or why
    it was refused (422, the text that was typed kept in the field)."""
    name = request.path_params["name"]
    companion = companion_of(request)
    session = companion.session(name)
    try:
        with companion.lock(name):
            written = change(session)
    except BadInput as refused:
        return game_page(request, name, session, 422, problems=refused.problems, typed=typed)
    said = f"{done}: " if done else ""
    if session.over:
        keep_in_history(session, companion.data)
    return game_page(request, name, session, recorded=[said + w for w in written])


async def hint(request: Request) -> Response:
    form = await posted(request)
    name = request.path_params["name"]
    companion = companion_of(request)
    session = companion.session(name)
    player = form.get("player") or session.to_act or ""
    try:
        answers = {q.key: q.read(form.get(f"q_{q.key}", "")) for q in session.hint_questions(player)}
        with companion.lock(name):
            found = session.hint(player, answers)
    except (BadInput, SolverFailure) as refused:
        return game_page(request, name, session, 422, problems=refused.problems,
                         hint_answers={k[2:]: v for k, v in form.items() if k.startswith("q_")})
    companion.hints[(name, found.player)] = found
    return game_page(request, name, session, hint=found, hint_text=present.report(found.report))


# --- a new game ---------------------------------------------------------------------------------


def new_form(request: Request) -> Response:
    info = game_info(request.path_params["game"])
    return page(request, "new.html", info=info, names=[""] * 4, questions=None, answers={})


async def new_game(request: Request) -> Response:
    """Players first; then the game's setup questions; then the record, in the server's folder."""
    form = await posted(request)
    info = game_info(request.path_params["game"])
    companion = companion_of(request)
    names = [form.get(f"name{k}", "").strip() for k in range(MOST_PLAYERS)]
    names = [n for n in names if n]
    play = info.play(companion.spec(info.id))
    problems = [f"{n!r} plays twice: each player needs their own name" for k, n in enumerate(names) if n in names[:k]]
    if not names:
        problems.append("who plays? give at least one player's name")
    questions = play.setup_questions(names) if not problems else []
    answers, typed = {}, {}
    if "asked" in form:
        for q in questions:
            typed[q.key] = form.get(f"q_{q.key}", q.default or "")
            try:
                answers[q.key] = q.read(typed[q.key])
            except BadInput as exc:
                problems += [f"{q.prompt}: {p}" for p in exc.problems]
    if problems or (questions and "asked" not in form):
        status = 422 if problems else 200
        return page(request, "new.html", status, info=info, names=names + [""] * (MOST_PLAYERS - len(names)),
                    questions=questions, answers=typed, problems=problems)
    setup = setup_from_answers(play.players_setup(names), answers)
    path = new_record(companion, info.id)
    try:
        Session.start(info, companion.spec(info.id), path, setup)
    except BadInput as exc:
        return page(request, "new.html", 422, info=info, names=names + [""] * (MOST_PLAYERS - len(names)),
                    questions=questions, answers=typed, problems=list(exc.problems))
    return RedirectResponse(f"/g/{path.stem}", status_code=303)


def new_record(companion: Companion, game: str):  # noqa: ANN201
    stamp = datetime.datetime.now().strftime("%Y-%m-%d-%H%M")
    path, k = companion.folder / f"{game}-{stamp}.toml", 2
    while path.exists():
        path, k = companion.folder / f"{game}-{stamp}-{k}.toml", k + 1
    return path


ROUTES = [
    Route("/new/{game}", new_form, methods=["GET"]),
    Route("/new/{game}", new_game, methods=["POST"]),
    Route("/g/{name}", game, methods=["GET"]),
    Route("/g/{name}/live", live, methods=["GET"]),
    Route("/g/{name}/picture.png", picture, methods=["GET"]),
    Route("/g/{name}/event", event, methods=["POST"]),
    Route("/g/{name}/undo", undo, methods=["POST"]),
    Route("/g/{name}/redo", redo, methods=["POST"]),
    Route("/g/{name}/fix", fix, methods=["POST"]),
    Route("/g/{name}/hint", hint, methods=["POST"]),
    Route("/g/{name}/take", take, methods=["POST"]),
]
