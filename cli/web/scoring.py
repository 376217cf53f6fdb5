"""Scoring a finished table on a phone: a form made from the same model as ``tajkit score``'s
interactive entry (``cli/entry.py``), each answer read exactly as the terminal reads it, then the
game's own ``read_state`` and ``score``. A field that is wrong shows its problem beside it in the
entry's words, and every value typed stays in its input.

The form's fields are named ``t_<field>`` (the table's) and ``p<k>_<field>`` (player k's, name
first). A table that scores travels on as what was typed (``typed``, JSON), so the picture, the
correction and the play log read it again through the same reader, never from a file."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from tajkit.cli import present
from tajkit.cli.web.app import Companion, game_info, page, posted
from tajkit.solver import games as registry
from tajkit.solver import fields, numbers
from tajkit.solver.errors import BadInput, Problem
from tajkit.solver.game import Game, ScoreResult
from tajkit.solver.ranking import plural

# --- the form, field by field ---------------------------------------------------------------------


@dataclass
class Field:
    """One input of the form: what it asks, what was typed in it and what is wrong with it."""

    key: str  # the input's name
    name: str  # the model's field
    label: str
    shape: str  # what an answer looks like: "3 boxes", "left/right"
    help: str
    text: str
    placeholder: str = ""  # what a blank gives: the field's default
    rows: bool = False  # a list asked one row per line (a textarea)
    numeric: bool = False
    problems: list[str] = field(default_factory=list)


@dataclass
class Entry:
    """The form as typed and read: the table's fields, each player's (name first), the problems no
    field owns, and when nothing is wrong the table's data and its score."""

    table: list[Field]
    players: list[list[Field]]
    problems: list[str] = field(default_factory=list)
    data: dict[str, Any] | None = None
    result: ScoreResult | None = None

    @property
    def fields(self) -> list[Field]:
        return self.table + [f for seat in self.players for f in seat]

    @property
    def wrong(self) -> int:
        return sum(1 for f in self.fields if f.problems)


def models(info: Game, spec: Any) -> tuple[Any, Any]:
    model = info.state_model(spec)
    return model, fields.player_model(model)


def offered(info: Any) -> str:
    """What a blank answer gives, shown in the empty input: the field's default as the entry
    offers it (empty boxes ``_ _ _``), else nothing."""
    default = fields.default_of(info)
    if default is fields.NOTHING or default is None:
        return ""
    if fields.is_rows(info):
        return "\n".join(fields.entry_text(row) for row in default)
    return fields.entry_text(default, fields.has_boxes(info))


def describe(model: Any, name: str, key: str, text: str | None) -> Field:
    info = model.model_fields[name]
    kind, _ = fields.plain(info.annotation)
    help_text = info.description or ""  # the label stands above it
    if fields.is_rows(info) and (each := fields.item_description(info)):
        help_text += f"; each {each}"
    return Field(key, name, fields.label(name, info), fields.shape(info), help_text, text or "", offered(info),
                 rows=fields.is_rows(info), numeric=kind in (int, float))


def read_field(model: Any, name: str, text: str, context: dict[str, Any]) -> Any:
    """The value of one answer, as the terminal's entry reads it (``fields.read_answer``);
    ``fields.BadAnswer`` says why not."""
    if fields.is_rows(model.model_fields[name]):
        return read_rows(model, name, text, context)
    return fields.read_answer(model, name, text, context)


def read_rows(model: Any, name: str, text: str, context: dict[str, Any]) -> Any:
    """A list asked one row per answer (``entry._ask_rows``): here one row per line, blank lines
    left out; each row read as the entry reads it, and its row number named when it is wrong."""
    info = model.model_fields[name]
    raw = fields.item(info.annotation)
    item, _ = fields.plain(raw)
    lines = [line.strip() for line in text.splitlines() if line.strip() not in ("", fields.NONE)]
    if not lines and (blank := fields.blank_value(info)) is not fields.NOTHING:
        return blank
    if fields.is_model(item):
        raise fields.BadAnswer("rows of tables are typed at the terminal: tajkit score GAME")
    rows, problems = [], []
    for number, line in enumerate(lines, start=1):
        try:
            rows.append(line if item is str else fields.parse_answer(line, raw, fields.ItemInfo(raw)))
        except fields.BadAnswer as exc:
            problems.append(f"row {number}: {exc}")
    if problems:
        raise fields.BadAnswer("; ".join(problems))
    low, high = fields.length(info)
    if len(rows) < (low or 0):
        raise fields.BadAnswer(fields.at_least(low or 0, "row"))
    if high is not None and len(rows) > high:
        raise fields.BadAnswer(f"{len(rows)} rows given, at most {high}")
    fields.check_field(model, name, rows, context)
    return rows


def read_into(inputs: list[Field], model: Any, context: dict[str, Any]) -> None:
    """Each field read into ``context`` (a field that is wrong is left out of it, with its problem)."""
    for f in inputs:
        try:
            context[f.name] = read_field(model, f.name, f.text, context)
        except fields.BadAnswer as exc:
            f.problems.append(str(exc))


def read_name(f: Field, model: Any, earlier: list[str]) -> str | None:
    """A player's name as the entry reads it (trimmed, the model's rules), not one already given."""
    name = f.text.strip()
    try:
        fields.check_field(model, "name", name, {})
    except fields.BadAnswer as exc:
        f.problems.append(str(exc))
        return None
    if name in earlier:
        f.problems.append(f"{present.safe(name)!r} is already entered: each player needs their own name")
        return None
    return name


def blank_entry(info: Game, spec: Any, players: int, typed: dict[str, str] | None = None) -> Entry:
    """The form's fields for ``players`` players, holding ``typed``."""
    typed = typed or {}
    model, player_model = models(info, spec)
    table = [describe(model, n, f"t_{n}", typed.get(f"t_{n}")) for n in fields.table_fields(model, player_model)]
    seats = [[describe(player_model, n, f"p{k}_{n}", typed.get(f"p{k}_{n}")) for n in player_model.model_fields]
             for k in range(players)] if player_model is not None else []
    return Entry(table, seats)


def read_entry(info: Game, spec: Any, players: int, typed: dict[str, str]) -> Entry:
    """The form read: every field as the terminal entry reads it; then, when each field reads,
    the whole table by the game's rules (a problem naming fields is shown beside them) and its score."""
    form = blank_entry(info, spec, players, typed)
    model, player_model = models(info, spec)
    data: dict[str, Any] = {"game": info.id}
    read_into(form.table, model, data)
    names: list[str] = []
    for seat in form.players:
        name = read_name(seat[0], player_model, names)
        player: dict[str, Any] = {"name": name or ""}
        names.append(name or "")
        read_into(seat[1:], player_model, player)
        data.setdefault("players", []).append(player)
    if form.wrong:
        return form
    try:
        state = info.read_state(spec, data)
        form.result = info.score(spec, state)
    except BadInput as exc:
        for problem in exc.problems:
            place(form, problem, names)
        return form
    form.data = written(data)
    return form


def place(form: Entry, problem: str, names: list[str]) -> None:
    """A problem of the whole table beside the fields it names (``Problem.fields``) of the player
    it begins with (as ``entry._fix_cross_field_problems`` finds them), else above the form."""
    named = problem.fields if isinstance(problem, Problem) else ()
    seats = [k for k, n in enumerate(names) if problem.startswith(present.safe(n, 30) + ":")]
    # "Ab: ..." is Ab's, not A's: the longest name that begins the problem
    owner = max(seats, key=lambda k: len(names[k]), default=None)
    fields = form.players[owner] if owner is not None else form.table
    targets = [f for f in fields if f.name in named]
    for f in targets:
        f.problems.append(problem)
    if not targets:
        form.problems.append(problem)


def written(data: dict[str, Any]) -> dict[str, Any]:
    """The table as a file holds it: no key for a value left out (what ``entry.toml_text`` writes)."""
    def kept(d: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in d.items() if v is not None}

    return {k: [kept(p) for p in v] if k == "players" else v for k, v in kept(data).items()}


# --- the result as a page shows it ------------------------------------------------------------------


def score_view(result: ScoreResult) -> dict[str, Any]:
    """Each player's rows (label, what was entered, points, why), total and tie-break values, the
    ranking and notes: ``present.score``'s content as parts for an HTML table."""
    players = [
        {"name": p.name, "rank": p.rank, "total": p.total, "said": plural(p.total, *result.unit),
         "tiebreaks": present._tiebreaks(p) if p.tiebreaks else "",
         "rows": [{"label": present._label(result, r), "shown": r.shown, "points": present._row_points(result, r),
                   "reason": r.reason} for r in p.rows]}
        for p in result.players
    ]
    return {"header": list(result.header), "players": players, "ties": list(result.ties), "notes": list(result.notes)}


# --- the pages -------------------------------------------------------------------------------------


def scoring_game(request: Request) -> Game:
    info = game_info(request.path_params["game"])
    if not info.scores:
        raise LookupError(info.id)
    return info


def player_count(info: Game, spec: Any, given: str | None) -> int:
    fewest, most = info.player_counts(spec)
    if given is None or not numbers.looks_numeric(given) or not fewest <= numbers.whole_number(given, "players") <= most:
        shown = present.safe(str(given), 20)
        raise BadInput(f"players={shown}: {info.title} is scored for {fewest} to {most} players")
    return int(given)


def typed_of(text: str) -> dict[str, str]:
    """What was typed, carried on by the result page (JSON): anything else is refused."""
    try:
        typed = json.loads(text)
    except ValueError:
        typed = None
    if not isinstance(typed, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in typed.items()):
        raise BadInput("this table did not come from the score form: type it in again")
    return typed


def keys(form: Entry) -> list[str]:
    return [f.key for f in form.fields]


def games_page(request: Request) -> Response:
    return page(request, "score.html", info=None, scoring=[g for g in registry.every() if g.scores])


def form_page(request: Request) -> Response:
    """The players' count first (``?players=N``), then the form."""
    info = scoring_game(request)
    companion: Companion = request.app.state.companion
    spec = companion.spec(info.id)
    given = request.query_params.get("players")
    fewest, most = info.player_counts(spec)
    counts = list(range(fewest, most + 1))
    if given is None:
        return page(request, "score.html", info=info, counts=counts, form=None)
    try:
        players = player_count(info, spec, given)
    except BadInput as exc:
        return page(request, "score.html", 422, info=info, counts=counts, form=None, problems=list(exc.problems))
    return page(request, "score.html", info=info, counts=counts, form=blank_entry(info, spec, players), players=players)


async def score_table(request: Request) -> Response:
    """The form POSTed: the result, or the form again with each problem beside its field (422).
    With ``edit`` (from the result page), the form again holding what was typed."""
    form = await posted(request)
    info = scoring_game(request)
    companion: Companion = request.app.state.companion
    spec = companion.spec(info.id)
    try:
        players = player_count(info, spec, form.get("players"))
        typed = typed_of(form["typed"]) if "typed" in form else form
    except BadInput as exc:
        return page(request, "error.html", 422, message=exc.problems[0])
    if "edit" in form:
        return page(request, "score.html", info=info, form=blank_entry(info, spec, players, typed), players=players)
    read = read_entry(info, spec, players, typed)
    if read.result is None:
        return page(request, "score.html", 422, info=info, form=read, players=players)
    return result_page(request, info, read, players)


def result_page(request: Request, info: Game, read: Entry, players: int, **context: Any) -> Response:
    import urllib.parse

    assert read.result is not None
    typed = json.dumps({f.key: f.text for f in read.fields}, ensure_ascii=False, separators=(",", ":"))
    query = urllib.parse.urlencode({"players": players, "typed": typed})
    return page(request, "result.html", info=info, view=score_view(read.result), players=players, typed=typed,
                picture=f"/score/{info.id}/picture.png?{query}" if info.draws else None, **context)


def picture(request: Request) -> Response:
    """The table drawn as a PNG, from what was typed (the result page's query), never a file."""
    from tajkit.cli.commands import picture as draw

    info = scoring_game(request)
    companion: Companion = request.app.state.companion
    spec = companion.spec(info.id)
    if not info.draws:
        raise LookupError(info.id)
    try:
        players = player_count(info, spec, request.query_params.get("players"))
        read = read_entry(info, spec, players, typed_of(request.query_params.get("typed", "")))
        if read.data is None:
            raise BadInput("this table breaks a rule: correct it on the score form")
        png = draw(info, spec, read.data)
    except BadInput as exc:
        return Response(exc.problems[0], status_code=422, media_type="text/plain; charset=utf-8")
    return Response(png, media_type="image/png", headers={"Cache-Control": "no-store"})


async def keep(request: Request) -> Response:
    """The scored table into the play log (the same play kept twice is recognised, not counted twice)."""
    from tajkit.solver import history

    form = await posted(request)
    info = scoring_game(request)
    companion: Companion = request.app.state.companion
    spec = companion.spec(info.id)
    try:
        players = player_count(info, spec, form.get("players"))
        read = read_entry(info, spec, players, typed_of(form.get("typed", "")))
        if read.result is None or read.data is None:
            return page(request, "score.html", 422, info=info, form=read, players=players)
        saved = history.save_play(history.database_path(None), info.id, read.result, read.data, data=companion.data,
                                  played=history.now())
    except BadInput as exc:
        return page(request, "error.html", 422, message=exc.problems[0])
    return result_page(request, info, read, players, saved=saved)


ROUTES = [
    Route("/score", games_page, methods=["GET"]),
    Route("/score/{game}", form_page, methods=["GET"]),
    Route("/score/{game}", score_table, methods=["POST"]),
    Route("/score/{game}/picture.png", picture, methods=["GET"]),
    Route("/score/{game}/keep", keep, methods=["POST"]),
]
