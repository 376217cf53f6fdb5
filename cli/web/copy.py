"""Your copy (issue 44): a group tells the companion its copy of Karigar-e-Taj once, on a phone,
component by component, with pickers (a colour, resources with their letters and counts), never
notation; each component is shown as a small picture as it is added. The copy so far travels with
the form, and is kept after each change as a draft beside the data file (a page left goes on where
it was; the last phone's change is the draft); each component is checked as it is added and the
whole copy at the end, by the readers of a data file's ``[components]``
(``solver/karigar/components.py``). It is saved as ``karigar.toml`` in the companion's data folder
(``--data``), or the user's data folder when it has none (then the companion reads it from there,
as the command line does), atomically; a file there already is replaced only when the user says so.
"""

from __future__ import annotations

import re

from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from tajkit.cli.web.app import Companion, page, posted
from tajkit.sheets import karigar_cards as pictures
from tajkit.solver import games as registry
from tajkit.solver import statefile
from tajkit.solver.errors import BadInput
from tajkit.solver.karigar import components as copies
from tajkit.solver.karigar.files import bag_model, offer_model
from tajkit.solver.karigar.play import ALLIANCE_CARDS, BAZAAR_CARDS, TOKEN_VALUES, check_card, read_bag, read_card, read_offer
from tajkit.solver.karigar.spec import Components, Spec

GAME = "karigar"
STARTING_CARDS = 8  # rulebook: Game Components: 8 Starting Resource Cards
KINDS = {"bazaar": "Bazaar card", "alliance": "Alliance card", "tile": "Level tile", "start": "Starting Resource card"}
BAGS = ("earn", "give1", "get1", "give2", "get2", "bag")
MOST_POINTS = 20  # an Alliance card's Taj points (files.offer_model)
LINES = ("bazaar_cards", "alliance_cards", "starting_resources")


def companion_of(request: Request) -> Companion:
    return request.app.state.companion


def spec_of(companion: Companion) -> Spec:
    """The game data the parts are checked against: the companion's (its Bazaar grid, its
    resources), or tajkit's own when the saved copy does not load (it is being fixed here)."""
    from tajkit.solver import speccache

    try:
        return companion.spec(GAME)
    except BadInput:
        return speccache.load_spec(registry.get(GAME), None)


def folder_of(companion: Companion) -> Any:
    from tajkit.cli.start import user_data_folder

    return companion.data if companion.data is not None else user_data_folder()


# --- the form: the copy so far, and the component being entered -----------------------------------


def copy_of(form: dict[str, str], spec: Spec) -> Components:
    """The copy so far, as the form carries it (one line a component, the tokens as pickers)."""

    def lines(key: str) -> tuple[str, ...]:
        return tuple(line.strip() for line in form.get(f"have.{key}", "").splitlines() if line.strip())

    tiles = tuple(lines(f"level_tiles.{n}") for n in range(1, spec.level_count + 1))
    tokens = []
    for n in range(1, spec.level_count + 1):
        values = [form.get(f"tokens.{n}.{k}", "").strip() for k in range(1, spec.tokens_per_level + 1)]
        given = [int(v) for v in values if v.isascii() and v.isdigit() and len(v) <= 2]
        tokens.append(tuple(sorted(given, reverse=True)))
    return Components(lines("bazaar_cards"), lines("alliance_cards"), tiles if any(tiles) else (),
                      lines("starting_resources"), tuple(tokens) if any(tokens) else ())


def token_problems(form: dict[str, str], spec: Spec) -> list[str]:
    problems = []
    for n in range(1, spec.level_count + 1):
        for k in range(1, spec.tokens_per_level + 1):
            value = form.get(f"tokens.{n}.{k}", "").strip()
            if value and not (value.isascii() and value.isdigit() and len(value) <= 2):
                problems.append(f"Taj point tokens, level {n}, token {k} = {value[:20]!r}: give its value, a whole number")
    return problems


def bag_of(form: dict[str, str], spec: Spec, bag: str, what: str) -> tuple[dict[str, int], list[str]]:
    """One bag of the editor: each resource's count, a whole number 0-6 (a side shows no more)."""
    counts, problems = {}, []
    for r in spec.ids:
        value = form.get(f"{bag}.{r}", "0").strip() or "0"
        if not (value.isascii() and value.isdigit()) or int(value) > copies.MOST_SHOWN:
            problems.append(f"{what}: {r} = {value[:20]!r}: a count 0-{copies.MOST_SHOWN}")
        elif int(value):
            counts[r] = int(value)
    return counts, problems


def entered(form: dict[str, str], spec: Spec, copy: Components) -> tuple[str, str, list[str]]:
    """The component being entered as its line (``bazaar_cards``, the line, problems in words)."""
    kind = form.get("kind", "bazaar")
    if kind not in KINDS:
        return "", "", [f"kind = {kind[:20]!r}: one of {', '.join(KINDS.values())}"]
    if kind == "bazaar":
        return _bazaar_card(form, spec, copy)
    if kind == "alliance":
        return _alliance_card(form, spec, copy)
    if kind == "tile":
        return _level_tile(form, spec, copy)
    return _starting_card(form, spec, copy)


def _bazaar_card(form: dict[str, str], spec: Spec, copy: Components) -> tuple[str, str, list[str]]:
    number = len(copy.bazaar_cards) + 1
    what = f"Bazaar card {number}"
    if number > BAZAAR_CARDS:
        return "", "", [f"{what}: your copy has {BAZAAR_CARDS} Bazaar cards (rulebook: Game Components): all are here"]
    colour = form.get("colour", "")
    problems = [] if colour in ("blue", "yellow") else [f"{what}: choose its colour: blue (B) or yellow (Y)"]
    earn, bad = bag_of(form, spec, "earn", f"{what}, earn")
    problems += bad
    wanted = spec.yellow_options if colour == "yellow" else spec.blue_options
    options = []
    for k in (1, 2):
        give, bad_give = bag_of(form, spec, f"give{k}", f"{what}, exchange option {k}, takes")
        get, bad_get = bag_of(form, spec, f"get{k}", f"{what}, exchange option {k}, gives")
        problems += bad_give + bad_get
        if k <= wanted or give or get:  # an option filled in on a yellow card is kept, and refused in words
            options.append((give, get))
    if problems:
        return "bazaar_cards", "", problems
    line = copies.card_line(spec, colour, earn, options)
    return "bazaar_cards", line, _read(lambda: check_card(spec, what, line))


def _alliance_card(form: dict[str, str], spec: Spec, copy: Components) -> tuple[str, str, list[str]]:
    what = f"Alliance card {len(copy.alliance_cards) + 1}"
    if len(copy.alliance_cards) >= ALLIANCE_CARDS:
        return "", "", [f"{what}: your copy has {ALLIANCE_CARDS} Alliance cards (rulebook: Game Components): all are here"]
    points = form.get("points", "").strip()
    cost, problems = bag_of(form, spec, "bag", f"{what}, its price")
    if not (points.isascii() and points.isdigit() and int(points) <= MOST_POINTS):
        problems.append(f"{what}: choose its Taj points (top right of the card), 0-{MOST_POINTS}")
    if problems:
        return "alliance_cards", "", problems
    line = copies.offer_line(spec, int(points), cost)
    return "alliance_cards", line, _read(lambda: statefile.validate(
        offer_model(spec, False), read_offer(spec, what, line, None), BadInput, f"{what}: "))


def _level_tile(form: dict[str, str], spec: Spec, copy: Components) -> tuple[str, str, list[str]]:
    level = form.get("level", "")
    if level not in [str(n) for n in range(1, spec.level_count + 1)]:
        return "", "", [f"Level tile: choose its level, 1-{spec.level_count} (the dots on its back)"]
    what = f"Level {level} tile"
    cost, problems = bag_of(form, spec, "bag", f"{what}, what one section costs")
    if not cost and not problems:
        problems.append(f"{what}: give what one section of level {level} costs (rulebook: Level Tiles)")
    line = copies.bag_line(spec, cost)
    return f"level_tiles.{level}", line, problems or _read(lambda: statefile.validate(
        bag_model(spec, 20, "needed"), read_bag(spec, what, line), BadInput, f"{what}: "))


def _starting_card(form: dict[str, str], spec: Spec, copy: Components) -> tuple[str, str, list[str]]:
    what = f"Starting Resource card {len(copy.starting_resources) + 1}"
    if len(copy.starting_resources) >= STARTING_CARDS:
        return "", "", [f"{what}: your copy has {STARTING_CARDS} Starting Resource cards (rulebook: Game Components): "
                        "all are here"]
    gives, problems = bag_of(form, spec, "bag", f"{what}, what it gives")
    if not gives and not problems:
        problems.append(f"{what}: give the resources it shows")
    line = copies.bag_line(spec, gives)
    return "starting_resources", line, problems or _read(lambda: read_bag(spec, what, line))


def _added_title(key: str, copy: Components) -> str:
    """The name of the component just added, as its picture in the list names it."""
    if key.startswith("level_tiles."):
        n = int(key.split(".")[1])
        return f"Level {n} tile {len(copy.level_tiles[n - 1])}"
    one = {"bazaar_cards": "Bazaar card", "alliance_cards": "Alliance card", "starting_resources": "Starting Resource card"}
    return f"{one[key]} {len(getattr(copy, key))}"


def _read(check: Any) -> list[str]:
    try:
        check()
    except BadInput as exc:
        return list(exc.problems)
    return []


def with_line(copy: Components, key: str, line: str) -> Components:
    if key.startswith("level_tiles."):
        n = int(key.split(".")[1])
        tiles = list(copy.level_tiles) or [()] * n
        tiles += [()] * (n - len(tiles))
        tiles[n - 1] = (*tiles[n - 1], line)
        return _replace(copy, level_tiles=tuple(tiles))
    return _replace(copy, **{key: (*getattr(copy, key), line)})


def without(copy: Components, key: str, k: int) -> tuple[Components, str]:
    """``copy`` without the ``k``-th (1-based) component of ``key``, and its line ("" if none)."""
    if key.startswith("level_tiles."):
        n = int(key.split(".")[1]) if key.split(".")[1].isdigit() else 0
        tiles = list(copy.level_tiles)
        if not 1 <= n <= len(tiles) or not 1 <= k <= len(tiles[n - 1]):
            return copy, ""
        line = tiles[n - 1][k - 1]
        tiles[n - 1] = tiles[n - 1][:k - 1] + tiles[n - 1][k:]
        return _replace(copy, level_tiles=tuple(tiles)), line
    if key not in LINES or not 1 <= k <= len(getattr(copy, key)):
        return copy, ""
    lines = getattr(copy, key)
    return _replace(copy, **{key: lines[:k - 1] + lines[k:]}), lines[k - 1]


def _replace(copy: Components, **changes: Any) -> Components:
    import dataclasses

    return dataclasses.replace(copy, **changes)


def editor_of(spec: Spec, key: str, line: str) -> dict[str, str]:
    """A component taken back into the editor ("Change"): its parts as the editor's fields."""
    fields: dict[str, str] = {}
    try:
        if key == "bazaar_cards":
            card = read_card(spec, "a Bazaar card", line, None)
            fields |= {"kind": "bazaar", "colour": card["colour"], **_bag_fields("earn", card["earn"])}
            for k, option in enumerate(card["exchange"][:2], start=1):
                fields |= _bag_fields(f"give{k}", option["give"]) | _bag_fields(f"get{k}", option["get"])
        elif key == "alliance_cards":
            offer = read_offer(spec, "an Alliance card", line, None)
            fields |= {"kind": "alliance", "points": str(offer["points"]), **_bag_fields("bag", offer["cost"])}
        elif key.startswith("level_tiles."):
            fields |= {"kind": "tile", "level": key.split(".")[1], **_bag_fields("bag", read_bag(spec, "a Level tile", line))}
        else:
            fields |= {"kind": "start", **_bag_fields("bag", read_bag(spec, "a Starting Resource card", line))}
    except BadInput:
        pass  # a line that does not read: its parts are not known, the editor starts empty
    return fields


def _bag_fields(bag: str, counts: dict[str, int]) -> dict[str, str]:
    return {f"{bag}.{r}": str(n) for r, n in counts.items()}


# --- what the page shows ------------------------------------------------------------------------


def shown(spec: Spec, copy: Components) -> list[dict[str, Any]]:
    """Each kind of component with its pictures (a line that does not read shows its problem)."""
    groups = [("bazaar_cards", "Bazaar cards", BAZAAR_CARDS, copy.bazaar_cards, "Bazaar card"),
              ("alliance_cards", "Alliance cards", ALLIANCE_CARDS, copy.alliance_cards, "Alliance card")]
    for n in range(1, spec.level_count + 1):
        tiles = copy.level_tiles[n - 1] if n <= len(copy.level_tiles) else ()
        groups.append((f"level_tiles.{n}", f"Level {n} tiles", 0, tiles, f"Level {n} tile"))
    groups.append(("starting_resources", "Starting Resource cards", STARTING_CARDS, copy.starting_resources,
                   "Starting Resource card"))
    return [{"key": key, "title": title, "whole": whole, "lines": "\n".join(lines),
             "items": [_item(spec, key, f"{one} {k}", line) for k, line in enumerate(lines, start=1)]}
            for key, title, whole, lines, one in groups]


def _item(spec: Spec, key: str, title: str, line: str) -> dict[str, Any]:
    from tajkit.solver.karigar.play import bag_label, card_label, offer_label

    try:
        if key == "bazaar_cards":
            svg, words = pictures.card_svg(spec, read_card(spec, title, line, None), title), card_label(spec, line)
        elif key == "alliance_cards":
            svg, words = pictures.offer_svg(spec, read_offer(spec, title, line, None), title), offer_label(spec, line)
        else:
            svg, words = pictures.bag_picture(spec, read_bag(spec, title, line), title), bag_label(spec, line)
    except BadInput as exc:
        return {"title": title, "svg": "", "words": f"{line[:80]}: {exc.problems[0]}", "line": line}
    return {"title": title, "svg": svg, "words": words, "line": line}


def render(request: Request, spec: Spec, copy: Components, editor: dict[str, str], status: int = 200,
           **context: Any) -> Response:
    companion = companion_of(request)
    tokens = [list(copy.taj_tokens[n]) if n < len(copy.taj_tokens) else [] for n in range(spec.level_count)]
    return page(request, "copy.html", status, spec=spec, groups=shown(spec, copy), editor=editor, kinds=KINDS,
                bags=BAGS, most_shown=copies.MOST_SHOWN, tokens=tokens, token_values=TOKEN_VALUES,
                per_level=spec.tokens_per_level, most_points=MOST_POINTS, styles=pictures.styles(spec),
                codes={r: pictures.code_of(spec, r) for r in spec.ids}, folder=str(folder_of(companion)), **context)


# --- the routes ----------------------------------------------------------------------------------


def copy_form(request: Request) -> Response:
    """The copy being entered when the page was left, else the copy saved, else nothing yet."""
    companion = companion_of(request)
    spec = spec_of(companion)
    folder = folder_of(companion)
    draft = copies.read_draft(folder)
    if draft is not None:
        return render(request, spec, draft, {"kind": "bazaar"}, draft=True)
    copy, problems = copies.read_saved(folder)
    return render(request, spec, copy, {"kind": "bazaar"}, problems=problems,
                  saved=request.query_params.get("saved") == "1")


async def kept(request: Request, spec: Spec, copy: Components, editor: dict[str, str], **context: Any) -> Response:
    """The page after a change to the copy, which is kept as the draft first."""
    try:
        await run_in_threadpool(copies.keep_draft, folder_of(companion_of(request)), copy)
    except BadInput as exc:
        return render(request, spec, copy, editor, problems=[f"the copy so far could not be kept: {p}" for p in exc.problems])
    return render(request, spec, copy, editor, **context)


async def copy_post(request: Request) -> Response:
    form = await posted(request)
    companion = companion_of(request)
    spec = spec_of(companion)
    copy = copy_of(form, spec)
    editor = {key: value for key, value in form.items() if key == "kind" or key in ("colour", "level", "points")
              or key.split(".")[0] in BAGS}
    do = form.get("do", "")
    problems = token_problems(form, spec)
    if problems:
        return render(request, spec, copy, editor, 422, problems=problems)
    if do == "add":
        key, line, problems = entered(form, spec, copy)
        if problems:
            return render(request, spec, copy, editor, 422, problems=problems)
        same = {key: editor.get(key, "") for key in ("kind", "level", "colour")}  # the next is often of the same kind
        return await kept(request, spec, with_line(copy, key, line), same, added=_item(spec, key, _added_title(key, with_line(copy, key, line)), line))
    if do.startswith("change:"):
        key, _, number = do.removeprefix("change:").rpartition(":")
        copy, line = without(copy, key, int(number) if number.isdigit() else 0)
        return await kept(request, spec, copy, editor_of(spec, key, line) if line else editor)
    if do == "discard":
        await run_in_threadpool(copies.drop_draft, folder_of(companion))
        saved, problems = copies.read_saved(folder_of(companion))
        return render(request, spec, saved, {"kind": "bazaar"}, problems=problems)
    if do == "clear":
        return render(request, spec, copy, {"kind": editor.get("kind", "bazaar"), "level": editor.get("level", "")})
    if do in ("save", "replace"):
        return await _save(request, companion, spec, copy, editor, replace=do == "replace")
    return render(request, spec, copy, editor, 400, problems=["this form says neither add, change, clear, discard nor save: reload the page"])


FILE_WORDS = ((re.compile(r"components\.bazaar_cards\[(\d+)\]"), r"Bazaar card \1"),
              (re.compile(r"components\.alliance_cards\[(\d+)\]"), r"Alliance card \1"),
              (re.compile(r"components\.starting_resources\[(\d+)\]"), r"Starting Resource card \1"),
              (re.compile(r"components\.level_tiles\[(\d+)\]\[(\d+)\]"), r"Level \1 tile \2"),
              (re.compile(r"components\.bazaar_cards: (\d+) given"), r"Bazaar cards: \1 entered"),
              (re.compile(r"components\.alliance_cards: (\d+) given"), r"Alliance cards: \1 entered"),
              (re.compile(r"components\.starting_resources: (\d+) given"), r"Starting Resource cards: \1 entered"),
              (re.compile(r"components\.level_tiles"), "Level tiles"), (re.compile(r"components\.taj_tokens"), "Taj point tokens"))


def in_words(problem: str) -> str:
    """A problem the data file's readers word by its fields (``components.bazaar_cards: 1 given``),
    as the phone names the same components (``Bazaar cards: 1 entered``)."""
    for field, words in FILE_WORDS:
        problem = field.sub(words, problem)
    return problem


async def _save(request: Request, companion: Companion, spec: Spec, copy: Components, editor: dict[str, str],
                replace: bool) -> Response:
    if not any(copies.to_data(copy).values()):
        return render(request, spec, copy, editor, 422, problems=["nothing to save yet: add your copy's components first"])
    problems = [in_words(p) for p in copies.copy_problems(spec, copy)]
    if any(p.endswith("give them all or none") for p in problems):
        problems.append("What you entered stays on this phone's page and beside the copy as a draft: save once each deck is whole.")
    if problems:
        return render(request, spec, copy, editor, 422, problems=problems)
    folder = folder_of(companion)
    try:
        await run_in_threadpool(copies.save, folder, copy, replace)
    except copies.Exists as exc:
        return render(request, spec, copy, editor, 409, confirm=str(exc.path))
    except BadInput as exc:
        return render(request, spec, copy, editor, 422, problems=list(exc.problems))
    if companion.data is None:
        companion.data = folder  # read from here on, as the command line reads the user's data folder
    return RedirectResponse("/copy/karigar?saved=1", status_code=303)


ROUTES = [
    Route("/copy/karigar", copy_form, methods=["GET"]),
    Route("/copy/karigar", copy_post, methods=["POST"]),
]
