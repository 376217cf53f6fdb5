"""Maharani's rules: one model used by the scorer, the validator, the protocol and the hint, and
the truth every other module is tested against (the hint's quick valuer and the CP-SAT model are
held to :func:`play`'s results; the protocol plays whole games through these functions).

A :class:`Position` is the table between two turns: the tiles on the palace floor (colour and
which way the arrow points; the kind follows from the space's column marks), the workers, the
rondel's four slots, each player's gold, face-down action markers and side of the board, and
whose turn it is. The bag is what the tile set holds beyond the board and the rondel.

A :class:`Turn` is a refresh or one or two :class:`Placement` s (and the tiles drawn to refill the
rondel). :func:`play` checks a turn against the rules and returns the itemised
:class:`TurnResult`; :func:`placements` lists the legal placements for the player to move.

Workers are grouped in crews: a player's workers of one colour. With 3-4 players each player has
one crew; with two, two (Szabályok 2 játékosra). A crew is written ``player * 2 + colour``.
Rulebook sections are cited by their Hungarian headings (maharani-hungarian.txt).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, replace

from tajkit.solver.errors import IllegalMove
from tajkit.solver.maharani.spec import DIRS, Spec

PLACING = "rulebook: Mozaik darabok lerakása"
COLUMNS = "rulebook: Oszlopok"
MARKERS = "rulebook: Mozaik darabok lerakása, akciójelző"
WORKERS = "rulebook: Munkás lehelyezése vagy áthelyezése"
TWO_PLAYERS = "rulebook: Szabályok 2 játékosra"
SECOND = "rulebook: A játékos lerakhat egy második mozaikot"
CENTRE_RULE = "rulebook: Különleges eset 1"
BAG_RULE = "rulebook: Különleges eset 2"
QUARTER_RULE = "rulebook: Egy negyed kiértékelése"
ASIDE_RULE = "rulebook: Fontos"
END_RULE = "rulebook: A játék vége"
SECOND_TILE_COST = 2

Tile = tuple[int, int]  # (colour, kind)


def crew(player: int, colour: int) -> int:
    return player * 2 + colour


def crew_player(code: int) -> int:
    return code // 2


@dataclass(frozen=True)
class Worker:
    """What happens with a worker when a tile is placed: ``none``, ``new`` (from the supply) or
    ``move`` (from ``source``). ``colour`` is the worker colour within the player (0, or 0/1 with
    two players). In a turn as typed, -1 means "not said" and is resolved when it is unique."""

    kind: str = "none"
    colour: int = -1
    source: int = -1


NO_WORKER = Worker()


@dataclass(frozen=True)
class Placement:
    slot: int  # 0-3
    space: int
    arrow: int = -1  # 0-3 (n e s w); -1: not said (resolved when it does not matter)
    worker: Worker | None = None  # None: not said (resolved when the rules leave one choice)


@dataclass(frozen=True)
class Turn:
    placements: tuple[Placement, ...] = ()  # none: refresh the action markers
    draws: tuple[Tile, ...] | None = None  # tiles drawn to refill the rondel; None: not recorded

    @property
    def refresh(self) -> bool:
        return not self.placements


@dataclass(frozen=True)
class Position:
    colour: tuple[int, ...]  # per space: tile colour, -1 free
    arrow: tuple[int, ...]  # per space: the tile's arrow 0-3, -1 free
    worker: tuple[int, ...]  # per space: the crew of the worker on it, -1 none
    rondel: tuple[Tile | None, ...]  # slots 1-4
    gold: tuple[int, ...]  # per player
    down: tuple[int, ...]  # per player: bit q set when the action marker of quarter q is face down
    sides: tuple[int, ...]  # per player: the side (0-3) of the position marker
    to_move: int
    aside: tuple[tuple[int, int], ...] = ()  # (crew, quarter) of workers set beside a quarter (Fontos)

    @property
    def players(self) -> int:
        return len(self.sides)


@dataclass(frozen=True)
class Placed:
    """A placement as played, with its gold: ``area`` for the tile, ``group`` for the worker."""

    placement: Placement  # arrow and worker resolved
    tile: Tile
    quarter: int
    marker: int  # the quarter whose action marker was turned down, -1 none
    area: int
    group: int  # 0: no worker
    removed: tuple[Tile, ...] = ()  # centre-column tiles taken off the rondel after this placement


@dataclass(frozen=True)
class QuarterScore:
    quarter: int
    crews: tuple[tuple[int, int, int], ...]  # (crew, workers, gold) for every crew with workers there
    at_end: bool = False  # an unfinished quarter scored at the end of the game
    beside: tuple[tuple[int, int], ...] = ()  # (crew, workers) set beside the quarter (Fontos): they go home

    def gold_of(self, player: int) -> int:
        return sum(g for c, _, g in self.crews if crew_player(c) == player)


@dataclass(frozen=True)
class TurnResult:
    player: int
    placed: tuple[Placed, ...]
    second_tile: int  # 0, or -2 when two tiles were placed
    scorings: tuple[QuarterScore, ...]  # the quarters the turn completed, and at the end the unfinished ones
    drawn: tuple[Tile, ...]  # tiles that went onto the rondel
    took: tuple[Tile, ...]  # every tile taken from the bag, in order (the turn's draws as recorded)
    set_aside: tuple[Tile, ...]  # centre-column tiles that left the game (removed or drawn)
    gold: tuple[int, ...]  # each player's gold from this turn
    after: Position
    over: str | None  # why the game ended after this turn, if it did

    @property
    def refresh(self) -> bool:
        return not self.placed


# --- small queries ----------------------------------------------------------------------------------


def crews_of(spec: Spec, players: int, player: int) -> tuple[int, ...]:
    return tuple(crew(player, c) for c in range(spec.crews_per_player[players]))


def supply(spec: Spec, pos: Position, code: int) -> int:
    """Workers of crew ``code`` not on the board and not beside a quarter."""
    used = pos.worker.count(code) + sum(1 for c, _ in pos.aside if c == code)
    return spec.workers_per_colour[pos.players] - used


def centre_full(spec: Spec, pos: Position) -> bool:
    return all(pos.colour[s] >= 0 for s in spec.centre_spaces)


def tile_at(spec: Spec, pos: Position, space: int) -> Tile | None:
    if pos.colour[space] < 0:
        return None
    return pos.colour[space], spec.kind_at[space][pos.arrow[space]]


def tiles_out(spec: Spec, pos: Position) -> Counter[Tile]:
    """Tiles on the board and on the rondel."""
    out: Counter[Tile] = Counter(t for t in pos.rondel if t is not None)
    out.update(tile_at(spec, pos, s) for s in range(len(spec.spaces)) if pos.colour[s] >= 0)
    return out


def bag(spec: Spec, pos: Position) -> Counter[Tile]:
    """The tiles neither on the board nor on the rondel (including centre-column tiles that have
    left the game once the centre spaces are taken)."""
    out = tiles_out(spec, pos)
    return Counter(
        {(c, k): kind.per_colour - out[(c, k)] for c in range(len(spec.colours)) for k, kind in enumerate(spec.kinds)
         if kind.per_colour - out[(c, k)] > 0}
    )


def live_bag(spec: Spec, pos: Position) -> Counter[Tile]:
    """The bag without the centre-column tiles that leave the game (Különleges eset 1)."""
    left = bag(spec, pos)
    if centre_full(spec, pos):
        return Counter({t: n for t, n in left.items() if not spec.kinds[t[1]].centre})
    return left


def fits_somewhere(spec: Spec, pos: Position, tile: Tile) -> bool:
    colour = pos.colour
    return any(colour[s] < 0 for s in spec.fit_spaces[tile[1]])


def quarter_full(spec: Spec, pos: Position, quarter: int) -> bool:
    colour = pos.colour
    return all(colour[s] >= 0 for s in spec.quarter_spaces[quarter])


def component(neighbours: tuple[tuple[int, ...], ...], values: tuple[int, ...] | list[int], start: int) -> set[int]:
    """The spaces orthogonally connected to ``start`` that hold the same value (quarter borders
    do not split areas or groups: Különleges eset)."""
    value = values[start]
    seen = {start}
    stack = [start]
    while stack:
        for n in neighbours[stack.pop()]:
            if n not in seen and values[n] == value:
                seen.add(n)
                stack.append(n)
    return seen


# --- workers -------------------------------------------------------------------------------------


def worker_spot(spec: Spec, pos: Position, code: int, colour: int, quarter: int) -> int:
    """The space where crew ``code`` has a worker on a tile of ``colour`` in ``quarter``, or -1."""
    for s in spec.quarter_spaces[quarter]:
        if pos.worker[s] == code and pos.colour[s] == colour:
            return s
    return -1


def worker_options(spec: Spec, pos: Position, player: int, colour: int, quarter: int) -> tuple[Worker, ...]:
    """Munkás lehelyezése vagy áthelyezése: the player's worker on a tile of the new tile's colour
    in that quarter must move onto it; with none there, a new one comes from the supply; with an
    empty supply, no worker. Two players (Szabályok 2 játékosra): with none of either colour there,
    a new worker of either colour; with one colour there, move it or place the other colour; with
    both there, move either."""
    options: list[Worker] = []
    for c, code in enumerate(crews_of(spec, pos.players, player)):
        spot = worker_spot(spec, pos, code, colour, quarter)
        if spot >= 0:
            options.append(Worker("move", c, spot))
        elif supply(spec, pos, code) > 0:
            options.append(Worker("new", c))
    return tuple(options) or (NO_WORKER,)


# --- legal placements ------------------------------------------------------------------------------


def placements(spec: Spec, pos: Position, distinct: bool = False) -> Iterator[Placement]:
    """Every legal placement for the player to move (arrow and worker resolved). ``distinct``
    keeps one arrow for each space and outcome: an arrow matters only by pointing at the player
    or not (a placed tile's arrow is never read again)."""
    player = pos.to_move
    side = pos.sides[player]
    down = pos.down[player]
    options: dict[tuple[int, int], tuple[Worker, ...]] = {}
    for slot, tile in enumerate(pos.rondel):
        if tile is None:
            continue
        colour, kind = tile
        facing = spec.facing_quarter(slot, side)
        marker_up = not down >> spec.coins[slot] & 1
        seen: set[tuple[int, bool]] = set()
        for space, arrow in spec.fits[kind]:
            if pos.colour[space] >= 0:
                continue
            quarter = spec.spaces[space].quarter
            if quarter != facing and not marker_up:
                continue
            towards = arrow == side
            if distinct:
                if (space, towards) in seen:
                    continue
                seen.add((space, towards))
            if not towards:
                yield Placement(slot, space, arrow, NO_WORKER)
                continue
            key = (colour, quarter)
            if key not in options:
                options[key] = worker_options(spec, pos, player, colour, quarter)
            for w in options[key]:
                yield Placement(slot, space, arrow, w)


def legal_turns(spec: Spec, pos: Position, distinct: bool = True, max_tiles: int = 2) -> Iterator[Turn]:
    """Every legal turn: refresh, one tile, or two (in order)."""
    yield Turn()
    for first in placements(spec, pos, distinct):
        yield Turn((first,))
        if max_tiles < 2:
            continue
        after, _ = place(spec, pos, first, check=False)
        for second in placements(spec, after, distinct):
            yield Turn((first, second))


# --- playing ------------------------------------------------------------------------------------------


def place(spec: Spec, pos: Position, p: Placement, check: bool = True) -> tuple[Position, Placed]:
    """One tile onto the board (and its worker). The slot is left empty (refilled at the end of
    the turn); when the tile takes the last centre space, the other centre-column tiles leave the
    rondel at once (Különleges eset 1) and their slots are empty too."""
    player = pos.to_move
    side = pos.sides[player]
    if check:
        p = _checked(spec, pos, p)
    tile = pos.rondel[p.slot]
    assert tile is not None
    colour = tile[0]
    space = spec.spaces[p.space]
    quarter = space.quarter
    marker = -1 if quarter == spec.facing_quarter(p.slot, side) else spec.coins[p.slot]
    colours = list(pos.colour)
    colours[p.space] = colour
    arrows = list(pos.arrow)
    arrows[p.space] = p.arrow
    area = len(component(spec.neighbours, colours, p.space))
    w = p.worker or NO_WORKER
    workers = pos.worker
    group = 0
    if w.kind != "none":
        workers_l = list(workers)
        if w.kind == "move":
            workers_l[w.source] = -1
        workers_l[p.space] = crew(player, w.colour)
        group = len(component(spec.neighbours, workers_l, p.space))
        workers = tuple(workers_l)
    rondel = list(pos.rondel)
    rondel[p.slot] = None
    removed: tuple[Tile, ...] = ()
    if space.centre and all(colours[s] >= 0 for s in spec.centre_spaces):
        removed = tuple(t for t in rondel if t is not None and spec.kinds[t[1]].centre)
        rondel = [None if t is not None and spec.kinds[t[1]].centre else t for t in rondel]
    down = pos.down
    if marker >= 0:
        down = down[:player] + (down[player] | 1 << marker,) + down[player + 1 :]
    after = Position(tuple(colours), tuple(arrows), workers, tuple(rondel), pos.gold, down, pos.sides, player, pos.aside)
    return after, Placed(p, tile, quarter, marker, area, group, removed)


def _checked(spec: Spec, pos: Position, p: Placement) -> Placement:
    """The placement with its arrow and worker resolved, or IllegalMove naming the rule."""
    player = pos.to_move
    side = pos.sides[player]
    name = spec.spaces[p.space].name
    tile = pos.rondel[p.slot]
    if tile is None:
        raise IllegalMove(f"slot {p.slot + 1} of the rondel is empty ({PLACING})")
    colour, kind = tile
    label = f"the {spec.colours[colour].name} {spec.kinds[kind].code} tile from slot {p.slot + 1}"
    if pos.colour[p.space] >= 0:
        raise IllegalMove(f"{name} is already covered: {label} goes on a free space ({PLACING})")
    arrows = [a for a in range(4) if spec.kind_at[p.space][a] == kind]
    if not arrows:
        raise IllegalMove(
            f"{label} does not fit {name}: turned any way, its column marks ({spec.kinds[kind].code}) differ from the "
            f"space's, and no half column may be left ({COLUMNS})"
        )
    arrow = _resolve_arrow(spec, p, arrows, side, label, name)
    quarter = spec.spaces[p.space].quarter
    facing = spec.facing_quarter(p.slot, side)
    marker = spec.coins[p.slot]
    if quarter != facing and pos.down[player] >> marker & 1:
        raise IllegalMove(
            f"{label} faces quarter {facing + 1}; {name} is in quarter {quarter + 1}, which needs the "
            f"{spec.quarter_names[marker]} action marker (quarter {marker + 1}), and it is face down: only quarter "
            f"{facing + 1} is open to this tile ({MARKERS})"
        )
    worker = _resolve_worker(spec, pos, p.worker, arrow == side, colour, quarter, name)
    return Placement(p.slot, p.space, arrow, worker)


def _resolve_arrow(spec: Spec, p: Placement, arrows: list[int], side: int, label: str, name: str) -> int:
    ways = "/".join(DIRS[a] for a in arrows)
    if p.arrow >= 0:
        if p.arrow not in arrows:
            raise IllegalMove(
                f"{label} on {name} with its arrow pointing {DIRS[p.arrow]} leaves half a column: it fits {name} only "
                f"with its arrow pointing {ways} ({COLUMNS})"
            )
        return p.arrow
    if side in arrows and len(arrows) > 1:
        raise IllegalMove(
            f"{label} on {name}: say which way its arrow points ({ways} fit); pointing {DIRS[side]}, at the player, "
            f"puts a worker on it ({WORKERS})"
        )
    return arrows[0]


def _resolve_worker(spec: Spec, pos: Position, wish: Worker | None, towards: bool, colour: int, quarter: int, name: str) -> Worker:
    if not towards:
        if wish is not None and wish.kind != "none":
            raise IllegalMove(
                f"{name}: no worker goes on a tile whose arrow does not point at the player's position marker ({WORKERS})"
            )
        return NO_WORKER
    options = worker_options(spec, pos, pos.to_move, colour, quarter)
    matching = [o for o in options if _matches(wish, o)]
    if len(matching) == 1:
        return matching[0]
    said = _worker_words(spec, pos, options)
    if not matching:
        rule = TWO_PLAYERS if spec.crews_per_player[pos.players] == 2 else WORKERS
        raise IllegalMove(f"{name}: the arrow points at the player, so the rules ask for {said} ({rule})")
    raise IllegalMove(f"{name}: the arrow points at the player: say which, {said} ({TWO_PLAYERS})")


def _matches(wish: Worker | None, option: Worker) -> bool:
    if wish is None:
        return True
    return wish.kind == option.kind and wish.colour in (-1, option.colour) and wish.source in (-1, option.source)


def _worker_words(spec: Spec, pos: Position, options: tuple[Worker, ...]) -> str:
    two = spec.crews_per_player[pos.players] == 2
    words = []
    for o in options:
        letter = "ab"[o.colour] if two and o.colour >= 0 else ""
        if o.kind == "move":
            words.append(f"moving the worker from {spec.spaces[o.source].name} (m{letter})")
        elif o.kind == "new":
            words.append(f"a new worker{' of colour ' + letter if two else ''} (+{letter})")
        else:
            words.append("no worker: the supply is empty (-)")
    return " or ".join(words)


class Draws:
    """The tiles a turn takes from the bag, in order. ``None`` tiles: not recorded (the empty
    slots stay empty). ``exact``: every tile given must be taken (a record); otherwise the tiles
    are a bag order to take from (a simulated game)."""

    def __init__(self, tiles: tuple[Tile, ...] | None = None, exact: bool = True) -> None:
        self.left = list(tiles) if tiles is not None else None
        self.exact = exact
        self.took: list[Tile] = []
        self.drawn: list[Tile] = []
        self.set_aside: list[Tile] = []


def play(spec: Spec, pos: Position, turn: Turn, exact_draws: bool = True) -> TurnResult:
    """A whole turn checked against the rules (IllegalMove names the broken rule). With
    ``exact_draws`` False the turn's draws are a bag order to take from (a simulated game)."""
    if game_over(spec, pos) is not None:
        raise IllegalMove(f"the game is already over ({END_RULE})")
    draws = Draws(turn.draws, exact_draws)
    if turn.refresh:
        if turn.draws and exact_draws:
            raise IllegalMove("a refresh empties no slot of the rondel, so nothing is drawn")
        down = pos.down[: pos.to_move] + (0,) + pos.down[pos.to_move + 1 :]
        return finish(spec, replace(pos, down=down), (), draws)
    if len(turn.placements) > 2:
        raise IllegalMove(f"{len(turn.placements)} tiles: a turn places one tile, or two ({SECOND})")
    placed: list[Placed] = []
    for k, p in enumerate(turn.placements):
        before = pos
        try:
            pos, done = place(spec, pos, p, check=True)
        except IllegalMove as exc:
            which = ("first tile", "second tile")[k]
            raise IllegalMove(*(f"{which}: {problem}" for problem in exc.problems)) from None
        placed.append(done)
        if done.removed:
            draws.set_aside.extend(done.removed)
            pos = refill(spec, pos, draws, removed_slots(before, pos, done))
    return finish(spec, pos, tuple(placed), draws)


def removed_slots(before: Position, after: Position, done: Placed) -> list[int]:
    """Különleges eset 1: the slots whose centre-column tiles left the rondel with this placement
    (not the placed tile's own slot): they are refilled at once, before a second tile."""
    emptied = [s for s, (was, now) in enumerate(zip(before.rondel, after.rondel)) if was is not None and now is None]
    return [s for s in emptied if s != done.placement.slot]


def empty_slots(pos: Position) -> list[int]:
    """The rondel's empty slots in the order they are refilled at the end of a turn (1-4)."""
    return [s for s, t in enumerate(pos.rondel) if t is None]


def finish(spec: Spec, pos: Position, placed: tuple[Placed, ...], draws: Draws | None = None) -> TurnResult:
    """The end of a turn: gold for the tiles and workers, −2 for a second tile, the quarters the
    turn completed scored, the rondel refilled, the next player; and the end of the game."""
    draws = draws or Draws()
    player = pos.to_move
    gold = [0] * pos.players
    second = -SECOND_TILE_COST if len(placed) == 2 else 0
    gold[player] = sum(p.area + p.group for p in placed) + second
    scorings: list[QuarterScore] = []
    for quarter in sorted({p.quarter for p in placed}):
        if quarter_full(spec, pos, quarter):
            score, pos = score_quarter(spec, pos, quarter, at_end=False)
            scorings.append(score)
    if placed:
        pos = refill(spec, pos, draws, empty_slots(pos))
    if draws.left and draws.exact:
        raise IllegalMove(f"{len(draws.left)} more tile(s) drawn than the rondel's empty slots take ({PLACING})")
    for score in scorings:
        for c, _, g in score.crews:
            gold[crew_player(c)] += g
    over = game_over(spec, pos)
    if over is not None:
        closing, pos = _close(spec, pos)
        scorings += closing
        for score in closing:
            for c, _, g in score.crews:
                gold[crew_player(c)] += g
    pos = Position(pos.colour, pos.arrow, pos.worker, pos.rondel, tuple(g + d for g, d in zip(pos.gold, gold)),
                   pos.down, pos.sides, (player + 1) % pos.players, pos.aside)
    return TurnResult(
        player, placed, second, tuple(scorings), tuple(draws.drawn), tuple(draws.took), tuple(draws.set_aside),
        tuple(gold), pos, over,
    )


def _close(spec: Spec, pos: Position) -> tuple[list[QuarterScore], Position]:
    """A játék vége: at the end the unfinished quarters are scored too (workers go home)."""
    scorings = []
    for quarter in range(4):
        if not quarter_full(spec, pos, quarter):
            score, pos = score_quarter(spec, pos, quarter, at_end=True)
            scorings.append(score)
    return scorings, pos


def close_game(spec: Spec, pos: Position) -> tuple[tuple[QuarterScore, ...], Position]:
    """A finished table as typed, whose unfinished quarters still hold workers: score them now,
    with their gold added to the players'."""
    scorings, after = _close(spec, pos)
    gold = list(after.gold)
    for score in scorings:
        for c, _, g in score.crews:
            gold[crew_player(c)] += g
    return tuple(s for s in scorings if s.crews or s.beside), replace(after, gold=tuple(gold))


def refill(spec: Spec, pos: Position, draws: Draws, slots: list[int]) -> Position:
    """Fill ``slots`` in order 1-4 from the draws; centre-column tiles drawn once the centre
    spaces are taken leave the game and another is drawn (Különleges eset 1)."""
    if draws.left is None or not slots:
        return pos
    rondel = list(pos.rondel)
    pool = bag(spec, pos)
    dead = centre_full(spec, pos)
    for slot in slots:
        while True:
            live = sum(n for t, n in pool.items() if not (dead and spec.kinds[t[1]].centre))
            if live == 0:
                while dead and draws.left and spec.kinds[draws.left[0][1]].centre and pool[draws.left[0]] > 0:
                    tile = draws.left.pop(0)  # the last tiles in the bag, drawn and set aside
                    pool[tile] -= 1
                    draws.took.append(tile)
                    draws.set_aside.append(tile)
                return replace(pos, rondel=tuple(rondel))
            if not draws.left:
                raise IllegalMove(
                    f"slot {slot + 1} of the rondel is empty and the bag still holds {live} tile(s): write every tile "
                    f"drawn after | ({PLACING})"
                )
            tile = draws.left.pop(0)
            if pool[tile] <= 0:
                raise IllegalMove(f"{spec.tile_name(*tile)} drawn, but no such tile is left in the bag")
            pool[tile] -= 1
            draws.took.append(tile)
            if dead and spec.kinds[tile[1]].centre:
                draws.set_aside.append(tile)
                continue
            rondel[slot] = tile
            draws.drawn.append(tile)
            break
    return replace(pos, rondel=tuple(rondel))


def score_quarter(spec: Spec, pos: Position, quarter: int, at_end: bool) -> tuple[QuarterScore, Position]:
    """Egy negyed kiértékelése: every crew with workers in the quarter scores the table's gold for
    their number (two players: each colour apart); the workers, and those set beside it (who score
    nothing), go home."""
    counts: Counter[int] = Counter(pos.worker[s] for s in spec.quarter_spaces[quarter] if pos.worker[s] >= 0)
    crews = tuple((c, counts[c], spec.quarter_gold_for(counts[c])) for c in sorted(counts))
    beside = tuple(sorted(Counter(c for c, q in pos.aside if q == quarter).items()))
    workers = list(pos.worker)
    for s in spec.quarter_spaces[quarter]:
        workers[s] = -1
    aside = tuple(a for a in pos.aside if a[1] != quarter)
    return QuarterScore(quarter, crews, at_end, beside), replace(pos, worker=tuple(workers), aside=aside)


def game_over(spec: Spec, pos: Position) -> str | None:
    """Why the game is over, or None. A játék vége: after the last quarter is scored; Különleges
    eset 2: the bag is empty and no tile left can be placed. (When the bag still holds tiles but
    none of the four on the rondel fits anywhere, the rules are silent: tajkit ends the game too.)"""
    if -1 not in pos.colour:
        return "every space is covered and all four quarters are scored"
    tiles = [t for t in pos.rondel if t is not None]
    if any(fits_somewhere(spec, pos, t) for t in tiles):
        return None
    if not live_bag(spec, pos):
        return f"the bag is empty and no tile left fits a free space ({BAG_RULE})"
    if len(tiles) == len(pos.rondel):
        return "no tile on the rondel fits a free space (tajkit default: the rules are silent; the game ends)"
    return None


def outcome(spec: Spec, pos: Position, turn: Turn, check: bool = True) -> TurnResult:
    """A turn's result with nothing drawn (the refill is unknown): what the hint values. ``check``
    False for turns that were generated legal."""
    if turn.refresh:
        player = pos.to_move
        return finish(spec, replace(pos, down=pos.down[:player] + (0,) + pos.down[player + 1 :]), ())
    done = []
    draws = Draws()  # nothing drawn; the centre-column tiles a placement takes off the rondel leave the game
    for p in turn.placements:
        pos, placed = place(spec, pos, p, check=check)
        done.append(placed)
        draws.set_aside.extend(placed.removed)
    return finish(spec, pos, tuple(done), draws)


def new_game(spec: Spec, players: int, rondel: tuple[Tile | None, ...], sides: tuple[int, ...] | None = None) -> Position:
    """Előkészületek: an empty board, four tiles on the rondel, gold 0, every marker face up."""
    n = len(spec.spaces)
    return Position(
        colour=(-1,) * n,
        arrow=(-1,) * n,
        worker=(-1,) * n,
        rondel=tuple(rondel),
        gold=(0,) * players,
        down=(0,) * players,
        sides=sides if sides is not None else spec.seats[players],
        to_move=0,
    )
