"""Scoring Artisans sheets from photos on a phone (issue 45): each player photographs their sheet
with the phone's camera, the page shows the straightened sheet with every reading over its box and
the doubtful ones marked, the player taps a box to correct it, and the table is scored and kept in
the play log by the scoring pages (``scoring.py``).

The same reader as ``tajkit read`` (``sheets/reading``), run off the event loop. The tables being
read are held in memory (a few, the newest), named by a random id; no request names a file. The
digits the players answered are kept for the group's handwriting unless the upload's "learn" box
is cleared.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from tajkit.cli.read import describe, said
from tajkit.cli.web.app import Companion, page, posted
from tajkit.solver import games as registry
from tajkit.solver.errors import BadInput

GAME = "artisans"
KEPT_TABLES = 12  # tables being read, the newest (each holds a sheet's picture and crops per player)
SHOWN_K = 1.25  # pixels per point of the straightened sheet as the page shows it
MISSING = "reading photos needs OpenCV on the machine that runs tajkit serve: pip install 'tajkit[photo]'"


@dataclass
class Sheet:
    name: str
    reading: Any  # sheets.reading.artisans.Reading, answers applied
    picture: bytes  # the straightened sheet as the page shows it (JPEG)
    answered: set[str] = field(default_factory=set)  # the keys the player answered or corrected


@dataclass
class Table:
    sheets: list[Sheet] = field(default_factory=list)
    learn: bool = True


TABLES: OrderedDict[str, Table] = OrderedDict()
_LOCK = threading.Lock()


def _table(table_id: str) -> Table:
    with _LOCK:
        table = TABLES.get(table_id)
    if table is None:
        raise LookupError(table_id)
    return table


def _new_table(learn: bool) -> str:
    table_id = secrets.token_urlsafe(9)
    with _LOCK:
        TABLES[table_id] = Table(learn=learn)
        while len(TABLES) > KEPT_TABLES:
            TABLES.popitem(last=False)
    return table_id


def _game(request: Request) -> Any:
    if request.path_params["game"] != GAME:
        raise LookupError(request.path_params["game"])
    return registry.get(GAME)


def _sheet(table: Table, number: str) -> Sheet:
    if not number.isascii() or not number.isdigit() or not 1 <= int(number) <= len(table.sheets):
        raise LookupError(number)
    return table.sheets[int(number) - 1]


def _value(sheet: Sheet, key: str) -> Any:
    for value in sheet.reading.values:
        if value.key == key:
            return value
    raise LookupError(key)


# --- reading a photo ----------------------------------------------------------------------------------


def _read_photo(data: bytes, filename: str, spec: Any, learn: bool) -> tuple[Any, bytes]:
    """The photo read (off the event loop): the reading and the straightened sheet as shown."""
    import cv2

    from tajkit.sheets.reading import adapt, artisans, page
    from tajkit.solver import history

    found = page.find(page.decode_photo(data))
    hand = adapt.Handwriting.load(adapt.folder(history.database_path(None))) if learn else None
    reading = artisans.read(found, spec, filename, adapt=hand)
    shown = cv2.resize(found.image, None, fx=SHOWN_K / page.K, fy=SHOWN_K / page.K, interpolation=cv2.INTER_AREA)
    ok, jpeg = cv2.imencode(".jpg", shown, [cv2.IMWRITE_JPEG_QUALITY, 85])
    return reading, jpeg.tobytes()


def _photo_extra() -> bool:
    from tajkit.sheets import reading

    try:
        reading.require()
    except reading.MissingExtra:
        return False
    return True


async def upload(request: Request) -> Response:
    """A photo and its player's name: the sheet read and added to the table (a new one unless the
    form names one), then the table's page; a photo that cannot be read is said why (422)."""
    form = await posted(request)
    info = _game(request)
    companion: Companion = request.app.state.companion
    if not _photo_extra():
        return page(request, "read.html", 501, info=info, table=None, table_id=None, problems=[MISSING])
    table_id = form.get("table") or ""
    table = _table(table_id) if table_id else None
    name = form.get("name", "").strip()
    files = await request.form()
    photo = files.get("photo")
    problems = []
    if not name:
        problems.append("name: whose sheet is it? type the player's name")
    elif table is not None and name in [s.name for s in table.sheets]:
        problems.append(f"name: {name} already has a sheet here: each player needs their own name")
    data = await photo.read() if photo is not None and not isinstance(photo, str) else b""
    if not data:
        problems.append("photo: take a photo of the sheet (or choose one)")
    if problems:
        return page(request, "read.html", 422, info=info, table=table, table_id=table_id or None, problems=problems,
                    name=name)
    learn = form.get("learn") == "on" if table is None else table.learn
    try:
        reading, picture = await run_in_threadpool(_read_photo, data, getattr(photo, "filename", "") or "photo",
                                                    companion.spec(GAME), learn)
    except BadInput as exc:
        return page(request, "read.html", 422, info=info, table=table, table_id=table_id or None,
                    problems=list(exc.problems), name=name)
    if table is None:
        table_id = _new_table(learn)
        table = _table(table_id)
    table.sheets.append(Sheet(name, reading, picture))
    return RedirectResponse(f"/read/{GAME}/{table_id}#sheet{len(table.sheets)}", status_code=303)


# --- the pages -----------------------------------------------------------------------------------------


def upload_page(request: Request) -> Response:
    info = _game(request)
    return page(request, "read.html", info=info, table=None, table_id=None)


def _overlay(sheet: Sheet) -> list[dict[str, Any]]:
    """Each reading's box on the shown sheet, in percent of the picture, with what it says."""
    from tajkit.sheets.reading import marks, page as pages

    width, height = pages.view_size()
    inset = marks.MARGIN * pages.K
    shown = []
    for v in sheet.reading.values:
        x, y, w, h = v.place
        text = ("·" if v.value == 0 else str(v.value)) if v.kind == "box" else ("✓" if v.value else "·")
        shown.append({"key": v.key, "left": 100 * (x + inset) / width, "top": 100 * (y + inset) / height,
                      "width": 100 * (w - 2 * inset) / width, "height": 100 * (h - 2 * inset) / height,
                      "text": text, "sure": v.sure, "answered": v.key in sheet.answered,
                      "label": f"{describe(v)}: {said(v)}" + ("" if v.sure else " (doubtful)")})
    return shown


def table_page(request: Request, status: int = 200, **context: Any) -> Response:
    info = _game(request)
    table_id = request.path_params["table"]
    table = _table(table_id)
    sheets = [{"number": n + 1, "name": s.name, "overlay": _overlay(s), "code": s.reading.code,
               "doubtful": [{"key": v.key, "words": describe(v), "said": said(v), "kind": v.kind, "value": v.value,
                             "confidence": v.confidence} for v in s.reading.doubtful]}
              for n, s in enumerate(table.sheets)]
    left = sum(len(s["doubtful"]) for s in sheets)
    return page(request, "read.html", status, info=info, table=table, table_id=table_id, sheets=sheets, left=left,
                **context)


def sheet_picture(request: Request) -> Response:
    _game(request)
    sheet = _sheet(_table(request.path_params["table"]), request.path_params["number"])
    return Response(sheet.picture, media_type="image/jpeg", headers={"Cache-Control": "no-store"})


def crop_picture(request: Request) -> Response:
    import cv2

    _game(request)
    sheet = _sheet(_table(request.path_params["table"]), request.path_params["number"])
    ok, data = cv2.imencode(".png", _value(sheet, request.path_params["key"]).crop)
    return Response(data.tobytes(), media_type="image/png", headers={"Cache-Control": "no-store"})


def fix_page(request: Request) -> Response:
    """One reading, large, with its choices (a tap on its box on the sheet leads here)."""
    info = _game(request)
    table_id = request.path_params["table"]
    sheet = _sheet(_table(table_id), request.path_params["number"])
    value = _value(sheet, request.path_params["key"])
    return page(request, "read_fix.html", info=info, table_id=table_id, number=request.path_params["number"],
                name=sheet.name, value={"key": value.key, "words": describe(value), "said": said(value),
                                        "kind": value.kind, "sure": value.sure, "confidence": value.confidence})


async def fix(request: Request) -> Response:
    """A reading corrected or confirmed by the player: ``value`` 0-6 for a box (0 empty), 0 or 1
    for a raindrop or tree."""
    form = await posted(request)
    _game(request)
    table_id = request.path_params["table"]
    sheet = _sheet(_table(table_id), request.path_params["number"])
    value = _value(sheet, request.path_params["key"])
    given = form.get("value", "")
    allowed = "0123456" if value.kind == "box" else "01"
    if len(given) != 1 or given not in allowed:
        raise BadInput(f"value={given[:10]!r}: {describe(value)} is {'0 (empty) to 6' if value.kind == 'box' else '0 or 1'}")
    sheet.reading = sheet.reading.answered({value.key: int(given)})
    sheet.answered.add(value.key)
    return RedirectResponse(f"/read/{GAME}/{table_id}#sheet{request.path_params['number']}", status_code=303)


def _typed(spec: Any, table: Table) -> dict[str, str]:
    """The table as the score form's fields (``scoring.read_entry`` reads them as typed)."""
    from tajkit.solver.fields import entry_text

    typed: dict[str, str] = {}
    for k, sheet in enumerate(table.sheets):
        data = sheet.reading.table(spec, sheet.name)
        for field_name, value in data.items():
            typed[f"p{k}_{field_name}"] = entry_text(value, boxes=isinstance(value, list))
    return typed


async def score(request: Request) -> Response:
    """Every reading sure or answered: the table scored by the scoring pages (which keep it in the
    play log); the answered digits kept for the group's handwriting."""
    from tajkit.cli.web import scoring

    await posted(request)
    info = _game(request)
    table_id = request.path_params["table"]
    table = _table(table_id)
    companion: Companion = request.app.state.companion
    spec = companion.spec(GAME)
    left = sum(len(s.reading.doubtful) for s in table.sheets)
    if left:
        return table_page(request, 422, problems=[f"{left} doubtful readings are left: check each marked box first"])
    fewest, most = info.player_counts(spec)
    if not fewest <= len(table.sheets) <= most:
        return table_page(request, 422, problems=[f"{info.title} is scored for {fewest} to {most} players: "
                                                  f"{len(table.sheets)} sheets are read"])
    read = scoring.read_entry(info, spec, len(table.sheets), _typed(spec, table))
    if read.result is None:
        problems = read.problems + [p for f in read.fields for p in f.problems]
        return table_page(request, 422, problems=problems)
    if table.learn:
        await run_in_threadpool(_keep_answers, table)
    return scoring.result_page(request, info, read, len(table.sheets))


def _keep_answers(table: Table) -> None:
    from tajkit.sheets.reading import adapt
    from tajkit.solver import history

    pictures, labels = [], []
    for sheet in table.sheets:
        for value in sheet.reading.values:
            if value.key in sheet.answered and value.kind == "box" and value.picture is not None and value.value:
                pictures.append(value.picture)
                labels.append(value.value)
        sheet.answered.clear()  # kept once
    adapt.keep(adapt.folder(history.database_path(None)), pictures, labels)


ROUTES = [
    Route("/read/{game}", upload_page, methods=["GET"]),
    Route("/read/{game}", upload, methods=["POST"]),
    Route("/read/{game}/{table}", table_page, methods=["GET"]),
    Route("/read/{game}/{table}/sheet/{number}.jpg", sheet_picture, methods=["GET"]),
    Route("/read/{game}/{table}/crop/{number}/{key}.png", crop_picture, methods=["GET"]),
    Route("/read/{game}/{table}/fix/{number}/{key}", fix_page, methods=["GET"]),
    Route("/read/{game}/{table}/fix/{number}/{key}", fix, methods=["POST"]),
    Route("/read/{game}/{table}/score", score, methods=["POST"]),
]
