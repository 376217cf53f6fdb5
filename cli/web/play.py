"""The games in play on the phones: a new game, and the game page a phone follows the game on.

Every change goes through the same :class:`Session` as ``tajkit play``; nothing here knows a rule.

- **A phone is a seat.** It says once who holds it (a cookie, changeable); it then shows that
  player's choices, their hint and their sheet, and the table's own events (a roll, a tile from the
  bag) to anyone. A phone held by nobody watches and shows everything.
- **Every change is safe to repeat.** Each form carries the version of the game it was made
  against (``Session.version``); the session refuses, in words, an event that would now mean
  something else (a reload, a double tap, a stale phone). A change answers with a redirect to the
  game's page, or to htmx with the parts of the page it changed: never with a page that lives at
  the POST's address.
- **Live.** The page polls ``/live`` with the keys of what it shows; the answer is nothing (204)
  or the parts that changed, swapped in place, so what a player has opened or typed stays.
- **Nothing blocks.** Record writes run in the thread pool under the record's lock (check and
  append only); hints and pictures run in worker processes (``work.py``); pictures are drawn once
  per version and cached.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import hashlib
import re
import secrets
from collections import defaultdict
from collections.abc import Callable
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from tajkit.cli import present
from tajkit.cli.play import keep_in_history
from tajkit.cli.web import work
from tajkit.cli.web.app import Companion, game_info, page, posted
from tajkit.cli.web.remembered import remember_answers, remembered_answers, remembered_names
from tajkit.cli.web.scoring import score_view
from tajkit.solver import numbers, wording
from tajkit.solver.errors import BadInput, SolverFailure
from tajkit.solver.protocol import CHANCE, EventForm, Question
from tajkit.solver.session import Session

FEW = 24  # at most this many choices are shown as buttons at once; more are grouped by their first words
MOST_PLAYERS = 8
MOST_COUNTED = 999  # a count per kind where a question gives no total
HAPPENED = 3  # the latest events told at the top of the page
PHONE = "tajkit_phone"  # the cookie that tells one phone from another (its hints, its messages)
WATCHING = "watch"
YEAR = 365 * 24 * 3600


def companion_of(request: Request) -> Companion:
    return request.app.state.companion


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
            {"group": (label and label(name)) or name, "start": name, "count": len(events),
             "items": grouped(events, size, by, label)}
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


def _walk(tree: list[Any], path: list[str]) -> list[Any]:
    """The items of the group reached by following the groups' starts in ``path``."""
    for start in path:
        found = next((item for item in tree if item.get("start") == start), None)
        if found is None:
            raise LookupError(start)  # the choices changed since the page was made: a 404, the page polls anew
        tree = found["items"]
    return tree


# --- what one phone sees ----------------------------------------------------------------------------


def seat_of(request: Request, session: Session) -> str | None:
    """The player who holds this phone (their seat in a cookie of this game's), or None: watching."""
    given = request.cookies.get(_seat_cookie(request.path_params["name"]), "")
    players = session.players()
    return players[int(given)] if given.isascii() and given.isdigit() and int(given) < len(players) else None


def _seat_cookie(name: str) -> str:
    return f"tajkit_seat_{name}"


def phone_of(request: Request) -> str:
    return request.cookies.get(PHONE, "")[:40]


def choice_lists(session: Session, seat: str | None) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The choices this phone offers first, and those it keeps folded ("for another player"). A
    seat sees the table's events and its own; a phone that watches sees everyone's."""
    who = session.to_act
    if who is None:
        return [], []
    lists = []
    if who == CHANCE:
        lists.append(_choices(session, CHANCE, "What the table shows", session.legal()))
    else:
        lists.append(_choices(session, who, f"{who}'s choices", session.legal()))
    for player, events in session.ahead().items():
        lists.append(_choices(session, player, f"{player}: use the roll now", events, prefix=f"{player}: "))
    if seat is None:
        return lists, []
    mine = [c for c in lists if c["who"] in (seat, CHANCE)]
    for c in mine:
        c["title"] = "What the table shows" if c["who"] == CHANCE else "Your choices"
    return mine, [c for c in lists if c not in mine]


def _choices(session: Session, who: str, title: str, events: list[str], prefix: str = "") -> dict[str, Any]:
    shown = [e.removeprefix(prefix) for e in events]
    label = session.choice_label if not prefix else None
    return {"who": who, "title": title, "prefix": prefix, "count": len(events), "tree": grouped(shown, label=label),
            "words": table_words(session) if who == CHANCE else {}}


def table_words(session: Session) -> dict[str, str]:
    """Each of the table's events in the words of its taps, where the game gives them (Maharani's
    ``Bne``: "blue (B) · half columns on its top and right edges (arrow up)"): what its button on
    the table's list says; the button's value stays the event."""
    return {t["event"]: " · ".join(t["taps"]) for t in session.touches(CHANCE)}


def _key(*parts: Any) -> str:
    return hashlib.sha1(repr(parts).encode()).hexdigest()[:12]


def table_key(session: Session) -> str:
    """Changes with anything the table's parts show: an event, an undo, a redo."""
    return _key(session.version, session.undone)


def mine_key(session: Session, seat: str | None) -> str:
    """Changes with what this phone's own part shows: its choices and who it waits for. At a table
    where everyone uses the same roll, another player's use of it changes nothing here, so what
    this phone has opened stays open."""
    first, _ = choice_lists(session, seat)
    lists = [(c["who"], session.may_act(c["who"]) if c["who"] != CHANCE else session.legal()) for c in first]
    waiting = session.to_act if not lists else None
    # the table's draws offer the same events one after another (TAJ: any rug, ten times): its
    # part is redrawn with each, so what it posts is made against the game as it is
    drawn = len(session.events) if session.to_act == CHANCE else None
    return _key(seat, waiting, lists, session.over, drawn)


def view(companion: Companion, name: str, session: Session, seat: str | None, phone: str,
         seat_chosen: bool = True) -> dict[str, Any]:
    """Everything the game page and its live parts show, taken from the session at one moment."""
    info, count = session.info, len(session.events)
    first, folded = choice_lists(session, seat)
    hint = companion.hints.get((name, phone))
    result = session.standings()
    touch = board_of(session, seat)
    return {
        "touch": touch,
        "looking": None if touch is not None else board_to_look_at(session),
        "name": name,
        "info": info,
        "version": session.version,
        "table_key": table_key(session),
        "mine_key": mine_key(session, seat),
        "seat": seat,
        "players": session.players(),
        "who": session.to_act,
        "chance": session.to_act == CHANCE,
        "virtual": session.play.virtual_chance if session.to_act == CHANCE else None,
        "final": session.over,
        "happened": [(n, session.line(n), session.told(n)) for n in range(count, max(count - HAPPENED, 0), -1)],
        "count": count,
        "latest": (count, session.line(count), session.actor(count)) if count else None,
        "undone": session.undone,
        "standings": score_view(result),
        "ending": ending_of(session, companion.data, result) if session.over else None,
        "unit": result.unit[1].capitalize(),
        "picture": info.draws and session.state_file() is not None,
        "seat_index": session.players().index(seat) if seat is not None else None,
        "described": session.describe(),
        "first": first,
        "folded": folded,
        "event_form": event_form_of(session, seat),
        "hint_for": hint_players(session, seat),
        "hint_questions": {p: list(_questions(session, p)) for p in hint_players(session, seat)},
        "hint": hint if hint is not None and hint_still(session, hint) else None,
        "hint_text": present.report(hint.report) if hint is not None else "",
        "hint_values": [present.worth(hint.answer, move) for move in hint.answer.moves] if hint is not None else [],
        "hint_stale": hint is not None and not hint_still(session, hint),
        "seat_chosen": seat_chosen,
        "problems": (), "recorded": (), "told": (), "typed": "",
    }


def ending_of(session: Session, data: Any, result: Any) -> dict[str, Any]:
    """The end of a game as the board tells it: who won and the tie-break that decided, in words,
    and the play as the log kept it (at the last event) with its BG Stats link; a play not kept
    (the log could not be written) offers to keep it."""
    from tajkit.solver import bgstats, history
    from tajkit.solver.narration import the_winner

    db = history.database_path(None)
    try:
        saved = history.kept_session(db, session, data)
        link = bgstats.link(bgstats.payload(history.play(db, saved.id))) if saved is not None else None
    except BadInput as exc:
        return {"said": the_winner(result), "kept": None, "problem": exc.problems[0]}
    return {"said": the_winner(result), "kept": saved and saved.id, "bgstats": link, "problem": None}


def event_form_of(session: Session, seat: str | None) -> EventForm | None:
    """The events to enter now as one short form (Karigar's end), on its player's phone and on a
    phone that watches for the table."""
    form = session.play.event_form(session.state)
    return form if form is not None and seat in (None, form.who) else None


def board_of(session: Session, seat: str | None) -> dict[str, Any] | None:
    """The position to tap, where the game has a board: the sheet or board of the phone's holder
    when they may act (a phone that watches: of the player to act), its targets, and every event
    they may enter with the taps that choose it."""
    info = session.info
    if session.to_act == CHANCE and (table := table_board(session)) is not None:
        return table
    who = seat if seat is not None and (seat == session.to_act or seat in session.ahead()) else \
        session.to_act if seat is None else None
    if not info.boards or who in (None, CHANCE):
        return None
    data = session.board_data()
    if data is None:
        return None
    from importlib import import_module

    drawn = import_module(info.drawing).board(session.spec, data, who)
    taps = session.touches(who)
    reachable = {t["taps"][0] for t in taps}
    return {"who": who, "index": session.players().index(who), "drawn": drawn, "taps": tap_tree(taps),
            "targets": [(t, t.key in reachable) for t in drawn.targets]}


def board_to_look_at(session: Session) -> Any:
    """The board of the player to act, for a phone whose holder waits, where the game draws its
    board itself (Karigar's grids, Taj Mahal's province): nothing on it to tap. None where the
    game's picture shows the position instead (or there is no one to act)."""
    info = session.info
    if not info.boards or session.over or session.to_act in (None, CHANCE):
        return None
    data = session.board_data()
    if data is None:
        return None
    from importlib import import_module

    drawn = import_module(info.drawing).board(session.spec, data, session.to_act)
    return drawn if drawn.svg else None


def table_board(session: Session) -> dict[str, Any] | None:
    """The table's own event (chance: a rug laid out, a tile drawn) as words to tap one after
    another, on every phone: no picture, only the game's taps for it (None: the game gives none,
    and the table's list is the way, as Artisans' roll beside its virtual dice)."""
    touches = session.touches(CHANCE)
    if not touches:
        return None
    # named by the event it makes: what a phone had tapped of it is kept across a redraw, not into the next one
    return {"who": CHANCE, "index": f"table-{len(session.events) + 1}", "drawn": None, "taps": tap_tree(touches), "targets": [],
            "swatches": swatches(session, touches)}


def swatches(session: Session, touches: list[dict[str, Any]]) -> dict[str, str]:
    """The colour beside each tap whose words name one (TAJ's "outer green (G)"), as the game's
    drawing module (``swatch``) paints it; the words stay, a swatch is never the only signal."""
    from importlib import import_module

    swatch = getattr(import_module(session.info.drawing), "swatch", None) if session.info.drawing else None
    if swatch is None:
        return {}
    return {tap: colour for t in touches for tap in t["taps"] if (colour := swatch(session.spec, tap))}


def tap_tree(touches: list[dict[str, Any]]) -> dict[str, Any]:
    """The events to tap as a tree of their taps, as the board's script walks it: each tap a key,
    an event a leaf holding its text (``@``) and what to ask before it (``?``). A tree says every
    shared first tap once, which keeps a page light (Artisans: 217 uses of a roll)."""
    tree: dict[str, Any] = {}
    for touch in touches:
        node = tree
        for tap in touch["taps"]:
            node = node.setdefault(tap, {})
        node["@"] = touch["event"]
        if touch["confirm"]:
            node["?"] = touch["confirm"]
    return tree


def hint_players(session: Session, seat: str | None) -> list[str]:
    """Whom this phone may ask a hint for now: its holder when they may act, else (watching)
    everyone who may act and whose hint asks no secret (TAJ's goal card is not typed on a phone
    the table shares)."""
    if session.info.hint is None or session.to_act in (None, CHANCE):
        return []
    able = [session.to_act, *session.ahead()]
    if seat is None:
        return [p for p in able if not any(q.secret for q in _questions(session, p))]
    return [p for p in able if p == seat]


def _questions(session: Session, player: str) -> list[Any]:
    try:
        return list(session.hint_questions(player))
    except BadInput:
        return []


def hint_still(session: Session, hint: Any) -> bool:
    return session.hint_holds(hint)


# --- the pages and their parts ---------------------------------------------------------------------


def render(request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
    response = page(request, template, status, **context)
    if not phone_of(request):
        response.set_cookie(PHONE, secrets.token_urlsafe(12), max_age=YEAR, httponly=True, samesite="lax")
    return response


def game(request: Request) -> Response:
    name = request.path_params["name"]
    companion = companion_of(request)
    with companion.game(name) as session:
        chosen = _seat_cookie(name) in request.cookies
        seen = view(companion, name, session, seat_of(request, session), phone_of(request), chosen)
        flash = companion.flashes.pop((name, phone_of(request)), {})
        return render(request, "game.html", **(seen | flash))


def live(request: Request) -> Response:
    """The parts of the game page that changed since the keys the page sends (polled every
    second): nothing (204) while the page shows the game as it is."""
    name = request.path_params["name"]
    companion = companion_of(request)
    with companion.game(name) as session:
        seat = seat_of(request, session)
        table, mine = table_key(session), mine_key(session, seat)
        if request.query_params.get("t") == table and request.query_params.get("m") == mine:
            return Response(status_code=204)
        seen = view(companion, name, session, seat, phone_of(request))
        return render(request, "live.html", **seen, parts=_parts(request, seen))


def _parts(request: Request, seen: dict[str, Any]) -> set[str]:
    parts = set()
    if request.query_params.get("t") != seen["table_key"]:
        parts |= {"status", "others", "board", "standings", "log", "hint", "versions"}
    if request.query_params.get("m") != seen["mine_key"]:
        parts |= {"mine"}
    return parts


def choices(request: Request) -> Response:
    """The buttons of one group of choices, when it is opened (a page carries only the groups)."""
    name = request.path_params["name"]
    who = request.query_params.get("who", "")
    path = request.query_params.getlist("path")
    with companion_of(request).game(name) as session:
        first, folded = choice_lists(session, None)
        found = next((c for c in first + folded if c["who"] == who), None)
        if found is None:
            raise LookupError(who)
        items = _walk(found["tree"], path)
        return render(request, "choices.html", name=name, c=found, items=items, path=path, version=session.version)


def log(request: Request) -> Response:
    """The events so far, each naming its player, each correctable (when the list is opened)."""
    name = request.path_params["name"]
    with companion_of(request).game(name) as session:
        events = [(n, session.line(n), session.events[n - 1], session.told(n)) for n in range(1, len(session.events) + 1)]
        return render(request, "log.html", name=name, events=events, version=session.version)


async def picture(request: Request) -> Response:
    """The position as a PNG, drawn once per version of the game (and per player's own sheet)."""
    name = request.path_params["name"]
    companion = companion_of(request)
    player = request.query_params.get("p", "")

    def what_to_draw() -> tuple[str, Any, str | None, str]:
        with companion.game(name) as session:
            data = session.board_data()
            if not session.info.draws or data is None:
                raise LookupError("no picture")
            players = session.players()
            whose = players[int(player)] if player.isascii() and player.isdigit() and int(player) < len(players) else None
            return session.info.id, data, whose, session.version

    game_id, data, whose, version = await run_in_threadpool(what_to_draw)
    try:
        png = await companion.pictures.get((name, version, whose),
                                           lambda: work.picture(game_id, companion.data, data, whose))
    except asyncio.CancelledError:
        if not asyncio.current_task().cancelling():  # a newer position replaced it, not a phone gone
            return Response("the game has moved on: this picture is of an older position", status_code=410)
        raise
    cache = "public, max-age=31536000, immutable" if request.query_params.get("v") == version else "no-cache"
    return Response(png, media_type="image/png", headers={"Cache-Control": cache})


# --- changes: an event, undo, redo, a correction, a hint and its moves ---------------------------------


async def event(request: Request) -> Response:
    form = await posted(request)
    text, made_at = form.get("event", ""), form.get("v") or None

    def change(session: Session, seat: str | None) -> list[str]:
        return session.apply(_for_seat(session, seat, text), made_at=made_at)

    return await changed(request, form, change, typed=text)


def _for_seat(session: Session, seat: str | None, text: str) -> str:
    """What a phone's holder typed, as their own event: named when they use the roll ahead of
    their turn (the text names no player itself)."""
    if seat is not None and seat in session.ahead() and ":" not in text:
        return f"{seat}: {text.strip()}"
    return text


async def form_events(request: Request) -> Response:
    """A short form's answers (``event_form``), recorded as its events together, or none of them."""
    form = await posted(request)

    def change(session: Session, seat: str | None) -> list[str]:
        asked = event_form_of(session, seat)
        if asked is None or asked.who != form.get("who"):
            raise BadInput("this form is for a moment that has passed: the game moved on; look again and enter what is asked now")
        answers, problems = {}, []
        for q in asked.questions:
            try:
                answers[q.key] = q.read(form.get(f"f_{q.key}", q.default or ""))
            except BadInput as exc:
                problems += [f"{q.prompt}: {p}" for p in exc.problems]
        if problems:
            raise BadInput(*problems)
        return session.apply(*asked.events(answers), made_at=form.get("v") or None)

    return await changed(request, form, change)


async def draw(request: Request) -> Response:
    """The table's chance event made by tajkit (Artisans: a roll of virtual dice), for every phone."""
    form = await posted(request)
    return await changed(request, form, lambda s, seat: s.draw(made_at=form.get("v") or None))


async def keep(request: Request) -> Response:
    """Keep a finished game in the play log (done at its last event; this is the way again when
    the log could not be written then)."""
    form = await posted(request)

    def kept(session: Session, seat: str | None) -> list[str]:
        from tajkit.solver import history

        saved = history.save_session(history.database_path(None), session, companion_of(request).data)
        return [f"kept as play {saved.id}" if saved.new else f"already kept as play {saved.id}"]
    return await changed(request, form, kept, done="The play log")


async def undo(request: Request) -> Response:
    form = await posted(request)
    return await changed(request, form, lambda s, seat: [s.undo(made_at=form.get("v") or None)], done="took back")


async def redo(request: Request) -> Response:
    form = await posted(request)
    return await changed(request, form, lambda s, seat: [s.redo(made_at=form.get("v") or None)], done="played again")


async def fix(request: Request) -> Response:
    form = await posted(request)
    number = numbers.whole_number(form.get("number", ""), "fix", low=1)
    return await changed(request, form, lambda s, seat: [s.correct(number, form.get("event", ""),
                                                                   made_at=form.get("v") or None)], done="corrected")


async def take(request: Request) -> Response:
    form = await posted(request)
    name = request.path_params["name"]
    companion = companion_of(request)
    chosen = form.get("n", "")

    def play(session: Session, seat: str | None) -> list[str]:
        hint = companion.hints.get((name, phone_of(request)))
        if hint is None:
            raise BadInput("take: ask for a hint first")
        return session.take(hint, numbers.whole_number(chosen, "take", low=1, high=len(hint.plays)))

    return await changed(request, form, play)


async def changed(request: Request, form: dict[str, str], change: Callable[[Session, str | None], list[str]],
                  typed: str = "", done: str = "") -> Response:
    """Apply a change under the record's lock (in the thread pool: it writes the file); answer
    htmx with the parts of the page it changed, anyone else with a redirect to the game's page."""
    name = request.path_params["name"]
    companion = companion_of(request)

    def apply() -> dict[str, Any]:
        with companion.game(name) as session:
            seat = seat_of(request, session)
            try:
                written = change(session, seat)
            except BadInput as refused:
                return {"problems": refused.problems, "typed": typed}
            first = len(session.events) - len(written) + 1
            if session.over:
                keep_in_history(session, companion.data)
            said = f"{done}: " if done else ""
            told = [t for n in range(first, len(session.events) + 1) for t in session.told(n)] if not done else []
            return {"recorded": [said + w for w in written], "told": told, "typed": ""}

    flash = await run_in_threadpool(apply)
    return await answer(request, flash)


async def answer(request: Request, flash: dict[str, Any]) -> Response:
    """htmx: the page's parts, swapped in place (the address stays the game's); a plain form: the
    message kept for the next view of the page, and a redirect to it (POST, redirect, GET)."""
    name = request.path_params["name"]
    companion = companion_of(request)
    status = 422 if flash.get("problems") else 200
    if request.headers.get("HX-Request") != "true":
        companion.flashes[(name, phone_of(request))] = flash
        return RedirectResponse(f"/g/{name}", status_code=303)

    def parts() -> Response:
        with companion.game(name) as session:
            seen = view(companion, name, session, seat_of(request, session), phone_of(request))
            changed = {"flash", "status", "mine", "others", "board", "standings", "log", "hint", "versions"}
            return render(request, "live.html", status, **(seen | flash),
                          parts=changed if status == 422 else changed | {"typed"})  # a refused text stays to edit

    return await run_in_threadpool(parts)


async def hint(request: Request) -> Response:
    """The best moves for a player, computed in a worker process: the other phones go on."""
    form = await posted(request)
    name = request.path_params["name"]
    companion = companion_of(request)

    def ask() -> Any:
        with companion.game(name) as session:
            player = form.get("player") or session.to_act or ""
            answers, problems = {}, []
            for q in session.hint_questions(player):
                text, miscounted = composed(q, form)  # picked or counted as a phone does, or typed
                problems += miscounted
                if not miscounted:
                    answers[q.key] = q.read(text)
            if problems:
                raise BadInput(*problems)
            return session.ask_hint(player, answers)

    try:
        asked = await run_in_threadpool(ask)
        found = await work.hint(companion.data, asked)
    except (BadInput, SolverFailure) as refused:
        return await answer(request, {"problems": refused.problems})

    def keep() -> None:
        with companion.game(name) as session:
            companion.hints[(name, phone_of(request))] = session.hint_found(asked, found)

    try:
        await run_in_threadpool(keep)
    except BadInput as refused:
        return await answer(request, {"problems": refused.problems})
    return await answer(request, {})


async def choose_seat(request: Request) -> Response:
    """Who holds this phone (kept in the browser for this game; changeable at any time)."""
    form = await posted(request)
    name = request.path_params["name"]
    chosen = form.get("seat", WATCHING)
    with companion_of(request).game(name) as session:
        count = len(session.players())
    response = RedirectResponse(f"/g/{name}", status_code=303)
    if chosen.isascii() and chosen.isdigit() and int(chosen) < count:
        response.set_cookie(_seat_cookie(name), chosen, max_age=YEAR, samesite="lax")
    else:
        response.set_cookie(_seat_cookie(name), WATCHING, max_age=YEAR, samesite="lax")
    return response


# --- a new game ---------------------------------------------------------------------------------


def new_form(request: Request) -> Response:
    info = game_info(request.path_params["game"])
    play = info.play(companion_of(request).spec(info.id))
    names = remembered_names(companion_of(request).folder, info.id)
    return page(request, "new.html", info=info, names=names + [""] * (4 - len(names)), questions=None, answers={},
                deals=play.deals())  # the last game's players here, else four empty seats


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
    remembered = remembered_answers(companion.folder, info.id, questions) if "asked" not in form else {}
    if "deal" in form and questions and play.deals():
        typed, dealt = play.deal(names, secrets.SystemRandom())
        return setup_page(request, 200, info, companion, names, questions, answers={**remembered, **typed}, dealt=dealt,
                          deals=True, remembered=remembered)
    if "asked" in form:
        for q in questions:
            typed[q.key], miscounted = composed(q, form)
            problems += miscounted
            try:
                answers[q.key] = q.read(typed[q.key])
            except BadInput as exc:
                problems += refused(q, typed[q.key], exc) if not miscounted else []
    if problems or (questions and "asked" not in form):
        status = 422 if problems else 200
        return setup_page(request, status, info, companion, names, questions, answers={**remembered, **typed},
                          problems=problems, deals=play.deals(), remembered=remembered,
                          posted=form if "asked" in form else None)  # a counted answer shown again as posted
    path = new_record(companion, info.id)
    try:
        setup = play.setup_of(names, answers)
        await run_in_threadpool(Session.start, info, companion.spec(info.id), path, setup)
    except BadInput as exc:
        return setup_page(request, 422, info, companion, names, questions, answers=typed, problems=list(exc.problems),
                          deals=play.deals())
    with contextlib.suppress(BadInput, OSError):  # a note for the next game only: the record holds the setup
        await run_in_threadpool(remember_answers, companion.folder, info.id, questions, typed, names)
    return RedirectResponse(f"/g/{path.stem}", status_code=303)


def setup_page(request: Request, status: int, info: Any, companion: Companion, names: list[str],
               questions: list[Question], **context: Any) -> Response:
    """The new-game page with the setup's questions, each picker with its components' pictures."""
    pictures, picture_of = pick_pictures(info, companion, questions)
    return page(request, "new.html", status, info=info, names=names + [""] * (MOST_PLAYERS - len(names)),
                questions=questions, tally=tally, slotted=slotted, pictures=pictures, picture_of=picture_of, **context)


def pick_pictures(info: Any, companion: Companion, questions: list[Question]) -> tuple[dict[str, str], Callable[[str, str], str]]:
    """The picture of each component a setup question offers to pick, as the game's drawing module
    draws it (``pick_picture(spec, key, text)``, optional): each distinct picture once, by an id
    made from its markup (12 Bazaar pickers of the same 24 cards share 24 pictures), and the id
    of a question's pick ("": none)."""
    from importlib import import_module

    draw = getattr(import_module(info.drawing), "pick_picture", None) if info.drawing else None
    pictures: dict[str, str] = {}
    ids: dict[tuple[str, str], str] = {}
    if draw is not None:
        spec = companion.spec(info.id)
        for q in questions:
            for p in (*q.picks, *q.keep, *q.counts):
                svg = draw(spec, q.key, p.text)
                if svg:
                    ids[q.key, p.text] = pid = "pic-" + hashlib.sha256(svg.encode()).hexdigest()[:12]
                    pictures[pid] = svg
    return pictures, lambda key, text: ids.get((key, text), "")


def composed(q: Question, form: dict[str, str]) -> tuple[str, list[str]]:
    """An answer as posted, as the line a terminal would read (a counted or slotted one put
    together from its fields), and what is wrong with its fields in words."""
    if q.counts:
        return counted(q, form)
    if q.slots:
        return slots_composed(q, form)
    return form.get(f"q_{q.key}", q.default or ""), []


def slots_composed(q: Question, form: dict[str, str]) -> tuple[str, list[str]]:
    """A slotted answer as typed: a whole answer kept (``Question.keep``, its button), else each
    slot's pick then what was typed beside them. The table that said its components differ and
    then chose none is asked to choose, not given the kept answer behind its back."""
    kept = form.get(f"k_{q.key}")
    if kept is not None and kept in {p.text for p in q.keep}:
        return kept, []
    picked = [form.get(f"s_{q.key}_{k}", "").strip() for k in range(len(q.slots))]
    text = " ".join(w for w in [*picked, form.get(f"q_{q.key}", "").strip()] if w)
    if not text and q.keep and kept is not None:
        return "", [f"{q.prompt}: choose each one, or tap “{q.keep[0].label or q.keep[0].text}”"]
    return text or (q.default or ""), []


def slotted(q: Question, text: str) -> tuple[list[str], str]:
    """A slotted answer split back into its slots' picks, for the form to show again; where its
    words are not the slots' picks, all of it stays as typed (in its order)."""
    words, known = text.split(), {p.text for p in q.picks}
    if len(words) > len(q.slots) or not set(words) <= known:
        return [""] * len(q.slots), text
    return words + [""] * (len(q.slots) - len(words)), ""


def counted(q: Question, form: dict[str, str]) -> tuple[str, list[str]]:
    """A counted answer (``Question.counts``) as the line a terminal would read: each kind's text
    as many times as its field counts, then what was typed beside them; and the counts that are
    no whole number, in words naming the question and the kind."""
    most = q.total or MOST_COUNTED
    words, problems = [], []
    for k, kind in enumerate(q.counts):
        count = form.get(f"n_{q.key}_{k}", "").strip()
        if not count:
            continue
        if not re.fullmatch(r"[0-9]{1,4}", count) or int(count) > most:
            problems.append(f"{q.prompt}: {kind.label or kind.text}: {wording.show(count)} is no count, "
                            f"a whole number 0-{most}")
            continue
        words += [kind.text] * int(count)
    text = " ".join([*words, form.get(f"q_{q.key}", "").strip()]).strip()
    return text or (q.default or ""), problems


def refused(q: Question, text: str, exc: BadInput) -> list[str]:
    """Why an answer was refused, naming its question; a counted one says first how many were counted."""
    problems = [f"{q.prompt}: {p}" for p in exc.problems]
    if q.total and len(text.split()) != q.total:
        problems.insert(0, f"{q.prompt}: {len(text.split())} of {q.total} counted; count {q.total} in all")
    return problems


def tally(q: Question, text: str) -> tuple[list[int], str]:
    """A counted answer split back into its kinds' counts and the words that are none of them
    (kept as typed), for the form to show again."""
    kinds = [kind.text for kind in q.counts]
    counts, rest = [0] * len(kinds), []
    for word in text.split():
        if word in kinds:
            counts[kinds.index(word)] += 1
        else:
            rest.append(word)
    return counts, " ".join(rest)


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
    Route("/g/{name}/choices", choices, methods=["GET"]),
    Route("/g/{name}/log", log, methods=["GET"]),
    Route("/g/{name}/picture.png", picture, methods=["GET"]),
    Route("/g/{name}/seat", choose_seat, methods=["POST"]),
    Route("/g/{name}/event", event, methods=["POST"]),
    Route("/g/{name}/draw", draw, methods=["POST"]),
    Route("/g/{name}/form", form_events, methods=["POST"]),
    Route("/g/{name}/undo", undo, methods=["POST"]),
    Route("/g/{name}/keep", keep, methods=["POST"]),
    Route("/g/{name}/redo", redo, methods=["POST"]),
    Route("/g/{name}/fix", fix, methods=["POST"]),
    Route("/g/{name}/hint", hint, methods=["POST"]),
    Route("/g/{name}/take", take, methods=["POST"]),
]
