"""Maharani at the table (``tajkit play maharani``): the game's side of a session, over the rules
protocol of :mod:`.protocol`.

The setup is the players (in seat order: the first named begins, A játék menete) and the four
tiles drawn onto the rondel (Előkészületek 4.), typed in the tile notation the draws use
(``Bne Rc Gs Yew``). Maharani hides nothing, so a hint asks nothing more: it reads the table as
the protocol holds it. The hint plans a whole turn, so it is given at the start of a
turn; once a tile is placed, the rest of the turn is the player's (a second tile or ``end``).
"""

from __future__ import annotations

import textwrap
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from tajkit.solver import numbers
from tajkit.solver.errors import BadInput
from tajkit.solver.maharani import files, notation
from tajkit.solver.maharani.protocol import (
    CHOOSE,
    DRAW,
    MORE,
    Draw,
    EndTurn,
    MaharaniRules,
    MaharaniState,
    Place,
    Refresh,
    rules_for,
)
from tajkit.solver.maharani.rules import (
    END_RULE,
    PLACING,
    SECOND_TILE_COST,
    Placement,
    Position,
    Tile,
    crew,
    crews_of,
    place,
    quarter_full,
    score_quarter,
    supply,
)
from tajkit.solver.maharani.spec import DIRS, Space, Spec, marks_code
from tajkit.solver.protocol import CHANCE, HintAnswer, Pick, Question, TablePlay
from tajkit.solver.wording import shown

SETUP_RULE = "rulebook: Előkészületek 4."
BAG_SETUP_RULE = "rulebook: Előkészületek 3."
UNDER_WAY = "turn under way"  # the key of the board file that holds the events of the turn under way
REFRESH = "Refresh: turn your action markers face up"
END = "End the turn (no second tile)"
EDGES = ("top", "right", "bottom", "left")  # n e s w, read with the tile's arrow pointing up
# box-drawing joins of the quarters' borders: (up, down, left, right) -> the character
JOINS = {(True, True, True, True): "┼", (True, True, False, False): "│", (False, False, True, True): "─",
         (True, True, True, False): "┤", (True, True, False, True): "├", (False, True, True, True): "┬",
         (True, False, True, True): "┴", (False, True, False, False): "╷", (True, False, False, False): "╵",
         (False, False, True, False): "─", (False, False, False, True): "─", (True, False, True, False): "┘",
         (True, False, False, True): "└", (False, True, True, False): "┐", (False, True, False, True): "┌"}


class MaharaniPlay(TablePlay):
    notation = ("a tile drawn from the bag: its colour and column marks, Bne. A turn: r (refresh the action "
                "markers), or a tile placed: its rondel slot, the space, the arrow and + for a worker, 2c4s+ (2c4s+a: "
                "worker colour a, with two players), then a second tile the same way, or end")

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self.rules: MaharaniRules = rules_for(spec)

    # --- the setup ---------------------------------------------------------------------------------

    def players_setup(self, names: Sequence[str]) -> dict[str, Any]:
        """The players in seat order; ``rules.start`` checks their number (2-4)."""
        return {"players": [{"name": n} for n in names]}

    def setup_questions(self, names: Sequence[str]) -> Sequence[Question]:
        spec = self.spec
        return (
            Question(
                key="rondel",
                prompt="the 4 tiles drawn onto rondel slots 1-4",
                read=self.read_rondel,
                help=f"a tile: its colour ({notation._colour_letters(spec)}), then its column marks read with its arrow "
                     "along the rondel's, e.g. Bne",
                choices=tuple(spec.tile_name(c, k) for c in range(len(spec.colours)) for k in range(len(spec.kinds))),
                picks=tuple(Pick(spec.tile_name(c, k), self.tile_described((c, k)))
                            for c in range(len(spec.colours)) for k in range(len(spec.kinds))),
                slots=tuple(f"Rondel slot {k}" for k in range(1, 5)),
            ),
        )

    def read_rondel(self, text: str) -> list[str]:
        """Four tiles, separated by spaces or commas; letters' case does not matter."""
        tokens = text.replace(",", " ").split()
        if len(tokens) != 4:
            raise BadInput(
                f"rondel: {shown(text.strip(), 40)!r}: {len(tokens)} tile(s); four tiles are drawn onto slots 1-4, "
                f"e.g. Bne Rc Gs Yew ({SETUP_RULE})"
            )
        tiles: list[Tile] = []
        problems = []
        for slot, token in enumerate(tokens, start=1):
            tile, problem = notation.parse_tile(self.spec, token[:1].upper() + token[1:].lower())
            if problem:
                problems.append(f"rondel slot {slot}: {problem}")
            else:
                assert tile is not None
                tiles.append(tile)
        problems += self._too_many(tiles)
        if problems:
            raise BadInput(*problems)
        return [notation.tile_text(self.spec, t) for t in tiles]

    def _too_many(self, tiles: list[Tile]) -> list[str]:
        spec = self.spec
        return [
            f"rondel: {spec.tile_name(*t)} {n} times, but the set has {spec.kinds[t[1]].per_colour} such tile(s) "
            "(read each tile's marks with its arrow; your own set can be described with --data)"
            for t, n in sorted(Counter(tiles).items()) if n > spec.kinds[t[1]].per_colour
        ]

    def deal(self, names: Sequence[str], rng: Any) -> tuple[dict[str, str], tuple[str, ...]]:
        """Előkészületek 3.-4.: every tile in the bag, well mixed, and four drawn one after another
        onto rondel slots 1-4, their arrows along the rondel's. Drawn from the whole tile set with
        ``rng``; the sentences say which four tiles to lay where (the rest go in the bag)."""
        from tajkit.solver.maharani import samples

        spec = self.spec
        tiles = samples.shuffled_bag(spec, rng)[: len(spec.facing)]
        total = sum(kind.per_colour for kind in spec.kinds) * len(spec.colours)
        return {"rondel": " ".join(notation.tile_text(spec, t) for t in tiles)}, (
            f"Lay these four tiles on the rondel, each with its arrow along the rondel's arrow ({SETUP_RULE}):",
            *(f"slot {k + 1}: {self.tile_described(t)}" for k, t in enumerate(tiles)),
            f"The other {total - len(tiles)} tiles go into the bag, well mixed ({BAG_SETUP_RULE}).",
        )

    def tile_described(self, tile: Tile) -> str:
        """A tile as a person finds it in the set: ``blue B, half columns on its top and right
        edges (arrow up) — Bne``."""
        spec = self.spec
        marks = self.marks_words(tile[1])
        return f"{spec.colours[tile[0]].name} {spec.colours[tile[0]].code}, {marks} — {notation.tile_text(spec, tile)}"

    def marks_words(self, kind_index: int) -> str:
        """A tile kind's column marks in words: "a column in the middle", "half columns on its top
        and right edges (arrow up)"."""
        kind = self.spec.kinds[kind_index]
        edges = [EDGES[d] for d in range(4) if kind.marks >> d & 1]
        if kind.centre:
            return "a column in the middle"
        if len(edges) == 1:
            return f"half a column on its {edges[0]} edge (arrow up)"
        return f"half columns on its {' and '.join(edges)} edges (arrow up)"

    # --- the board: what a finger taps ---------------------------------------------------------------

    def board_data(self, state: MaharaniState) -> dict[str, Any]:
        """The state file, with the events of the turn under way: the phones' board and picture
        show the table as it lies (the first tile placed, its slot empty), not as the turn began."""
        data = self.state_file(state)
        return {**data, UNDER_WAY: list(state.under_way)} if state.under_way else data

    def taps(self, state: MaharaniState, action: Any) -> tuple[str, ...]:
        """On the phones: a tile on the rondel (``tile 2``), a lit space of the palace (``c3
        (column c, row 3)``), then how it lies, with its worker and the gold it earns ("arrow to
        you: add a worker — 4 gold"); the refresh and the end of a turn are buttons beside the
        board. An arrow pointing away from the player changes nothing but the arrow (a placed
        tile's arrow is never read again), so one of them is offered on the board and the others
        stay on the list. A tile the table draws from the bag (chance) is its colour, with its
        letter, then its column marks in words (Előkészületek 4.: its arrow along the rondel's)."""
        if isinstance(action, Draw):
            colour = self.spec.colours[action.tile[0]]
            return (f"{colour.name} tile ({colour.code})", self.marks_words(action.tile[1]))
        if isinstance(action, Refresh):
            return (REFRESH,)
        if isinstance(action, EndTurn):
            return (END,)
        if not isinstance(action, Place):
            return ()
        p = action.placement
        how = self._how(state, p)
        if how is None:
            return ()
        return (tile_key(p.slot), space_key(self.spec.spaces[p.space]), f"{how} — {self._gold_words(state, p)}")

    def confirm(self, state: MaharaniState, action: Any) -> str | None:
        """A refresh with every action marker face up turns nothing over and spends the turn
        (A játék menete, 2.): asked once."""
        if isinstance(action, Refresh) and not state.position.down[state.position.to_move]:
            return "All your action markers are face up: a refresh turns nothing over and ends your turn."
        return None

    def _how(self, state: MaharaniState, p: Placement) -> str | None:
        """How the tile lies and what happens with a worker (Munkás lehelyezése vagy áthelyezése),
        in words; None for an arrow pointing away other than the first such (the same move)."""
        spec, pos = self.spec, state.position
        side = pos.sides[pos.to_move]
        if p.arrow != side:
            kind = pos.rondel[p.slot][1]  # type: ignore[index]
            away = [a for a in range(4) if spec.kind_at[p.space][a] == kind and a != side]
            return "arrow away from you: no worker" if p.arrow == away[0] else None
        w = p.worker
        if w is None or w.kind == "none":
            return "arrow to you: no worker left to put on it"
        two = spec.crews_per_player[pos.players] == 2
        colour = ""
        if two:
            name = spec.worker_colours[crew(pos.to_move, w.colour)][0]
            colour = f" {'ab'[w.colour]} ({name})"
        if w.kind == "new":
            return f"arrow to you: add a worker{colour}"
        return f"arrow to you: move your worker{colour} from {spec.spaces[w.source].name}"

    def _gold_words(self, state: MaharaniState, p: Placement) -> str:
        """The gold the placement earns where it is earned: the tile's area and the worker's
        group, less 2 for a second tile, the action marker it turns down (or none, in the quarter
        its slot faces), and the quarter's scoring for your workers when it covers the quarter's
        last space (rulebook: Egy negyed kiértékelése)."""
        spec, pos = self.spec, state.position
        after, done = place(spec, pos, p, check=False)
        parts = [f"{done.area + done.group} gold"]
        if state.phase == MORE:
            parts.append(f"less {SECOND_TILE_COST} for a second tile")
        if done.marker >= 0:  # said before the tap that spends it (Mozaik darabok lerakása: another quarter)
            parts.append(f"turns down your action marker {done.marker + 1} ({spec.quarter_names[done.marker]})")
        else:
            parts.append("no action marker")
        if quarter_full(spec, after, done.quarter):
            scored = score_quarter(spec, after, done.quarter, at_end=False)[0].gold_of(pos.to_move)
            parts.append(f"completes quarter {done.quarter + 1}: {scored} gold for your workers there")
        return ", ".join(parts)

    # --- hints -------------------------------------------------------------------------------------

    def hint_questions(self, state: MaharaniState, player: str) -> Sequence[Question]:
        return ()  # Maharani hides nothing: the table holds all a hint needs

    def hint(self, state: MaharaniState, player: str, answers: Mapping[str, Any],
             options: Mapping[str, Any]) -> HintAnswer:
        """The best turns for ``player`` at the start of their turn (``hint.answer``), each as the
        actions that play it: ``r``; or the tiles, then ``end`` after a single one."""
        from tajkit.solver.maharani import hint

        self._check_hint_possible(state, player)
        return hint.answer(self.rules, state, options)

    def position_state(self, data: Mapping[str, Any], options: Mapping[str, Any]) -> tuple[MaharaniState, str, dict[str, Any]]:
        """A state file (a start and the turns played from it) as the table it has reached, for
        the player to move: the same state a game in play has at the start of that turn."""
        replay = files.read_state(self.spec, dict(data))
        state = self.rules.start({"position": notation.format_position(self.spec, replay.end),
                                  "players": [{"name": n} for n in replay.names]})
        return state, self.rules.to_act(state) or replay.names[replay.end.to_move], {}

    def _check_hint_possible(self, s: MaharaniState, player: str) -> None:
        who = self.rules.to_act(s)
        if who is None:
            raise BadInput(f"the game is over ({s.over}): there is no turn to hint ({END_RULE})")
        if who == CHANCE:
            raise BadInput(f"the table {self._draw_words(s)} ({PLACING}): type the tile drawn first, then ask for a hint")
        if player != who:
            raise BadInput(f"{shown(player, 30)}: it is {who}'s turn; a hint is for the player to move")
        if s.phase == MORE:
            raise BadInput(
                f"a hint is for the start of a turn: {who} has placed {self._placed_text(s)}; "
                "type a second tile or end, or undo the tile for a hint"
            )

    # --- the table as text and as a state file --------------------------------------------------------

    def situation(self, state: MaharaniState) -> str:
        """Where the game stands: who acts and what they may do (``describe``'s opening)."""
        return self._next_words(state)

    def describe(self, state: MaharaniState) -> str:
        s, pos = state, state.position
        lines = [self.situation(s), self._rondel_line(s)]
        for k in range(pos.players):
            lines += self._player_lines(s, k)
        lines += self._board_lines(pos)
        return "\n".join(lines)

    def state_file(self, state: MaharaniState) -> dict[str, Any]:
        return self.rules.state_file(state)

    def choice_label(self, state: MaharaniState, start: str) -> str | None:
        """What a group of turns that begin with ``start`` has in common, in words for the
        phones: ``2c`` is "tile 2 (Gc) in column c", ``2c4`` "tile 2 (Gc) on c4"; None for a
        start that names no rondel slot."""
        if state.phase == DRAW and len(start) == 1 and self.spec.colour_index(start) is not None:
            return f"{self.spec.colours[self.spec.colour_index(start)].name} tiles ({start})"  # the table's draws by colour
        rondel = state.position.rondel
        if not numbers.is_number(start[:1]) or not 1 <= int(start[0]) <= len(rondel) or rondel[int(start[0]) - 1] is None:
            return None
        tile = f"tile {start[0]} ({notation.tile_text(self.spec, rondel[int(start[0]) - 1])})"
        place = start[1:]
        if not place:
            return tile
        return f"{tile} on {place}" if numbers.is_number(place[1:]) else f"{tile} in column {place[0]}"

    def tell(self, before: MaharaniState, action: Any, after: MaharaniState) -> tuple[str, ...]:
        """What ``action`` did, in one to three sentences for the terminal and the phones alike."""
        from tajkit.solver.maharani import narration

        return narration.tell(self.spec, before, action, after)

    # --- describe's pieces ------------------------------------------------------------------------------

    def _next_words(self, s: MaharaniState) -> str:
        who = self.rules.to_act(s)
        if who is None:
            first = [p for p in self.rules.standings(s).players if p.rank == 1]
            verb, why = ("wins", s.over) if len(first) == 1 else ("share the lead", f"{s.over}; the rulebook names no tie-break")
            return "\n".join([f"Game over: {' and '.join(p.name for p in first)} {verb} with {first[0].total} gold",
                              *textwrap.wrap(f"({why})", 78, initial_indent="  ", subsequent_indent="  ")])
        if who == CHANCE:
            return f"The table {self._draw_words(s)}: type it, e.g. Bne"
        if s.phase == CHOOSE:
            return f"{who} to move: a tile (slot, space, arrow, worker: 2c4s+) or r (refresh)"
        return f"{who} placed {self._placed_text(s)}: a second tile (it costs 2 gold) or end"

    def _draw_words(self, s: MaharaniState) -> str:
        return f"draws a tile from the bag for slot {s.pending[0] + 1} of the rondel"

    def _placed_text(self, s: MaharaniState) -> str:
        players = s.position.players
        return " ".join(notation.format_placement(self.spec, p, players) for p in s.placed)

    def _rondel_line(self, s: MaharaniState) -> str:
        """Each slot's tile and the quarter it faces for the player to move (free to place there);
        elsewhere it needs the action marker of the coin beside the slot."""
        spec, pos = self.spec, s.position
        side = pos.sides[pos.to_move]
        slots = [
            f"{k + 1} {notation.tile_text(spec, t)}" + (f"→q{spec.facing_quarter(k, side) + 1}" if t else "")
            for k, t in enumerate(pos.rondel)
        ]
        return f"Rondel (arrow {DIRS[side]}, slot→quarter it faces): " + "  ".join(slots)

    def _player_lines(self, s: MaharaniState, k: int) -> list[str]:
        """The player (numbered as the board's workers are), their gold and face-down action
        markers; then their workers in each quarter and in the supply."""
        spec, pos = self.spec, s.position
        turn = "*" if k == pos.to_move and s.over is None else " "
        down = [f"{q + 1} {spec.quarter_names[q]}" for q in range(4) if pos.down[k] >> q & 1]
        markers = f"markers down: {', '.join(down)}" if down else "markers all up"
        crews = " · ".join(self._crew_words(pos, code) for code in crews_of(spec, pos.players, k))
        return [
            f"{turn}{k + 1} {s.table.names[k]}: {pos.gold[k]} gold, {markers}",
            f"    side {DIRS[pos.sides[k]]}, workers in q1-q4: {crews}",
        ]

    def _crew_words(self, pos: Position, code: int) -> str:
        """A crew's workers in quarters 1-4, set beside a quarter (Fontos), in the supply."""
        spec = self.spec
        per_quarter = " ".join(str(sum(pos.worker[s] == code for s in spec.quarter_spaces[q])) for q in range(4))
        beside = sum(c == code for c, _ in pos.aside)
        colour = f"{'ab'[code % 2]} " if spec.crews_per_player[pos.players] == 2 else ""
        aside = f", {beside} beside" if beside else ""
        return f"{colour}{per_quarter}{aside} ({supply(spec, pos, code)} left)"

    def _board_lines(self, pos: Position) -> list[str]:
        """The palace floor as ``tajkit show FILE.png`` draws it, in the notation's coordinates:
        the quarters' borders and names, a free space's printed column marks (where a tile may
        go: its marks turned must be the space's), a tile's colour and arrow with the worker on
        it; then a legend."""
        spec = self.spec
        cells = {(sp.col, sp.row): self._cell(pos, k) for k, sp in enumerate(spec.spaces)}
        width = max(5, *(len(c) + 2 for c in cells.values()))
        quarter = {(sp.col, sp.row): sp.quarter for sp in spec.spaces}

        def wall(a: tuple[int, int], b: tuple[int, int]) -> bool:  # a quarter border between two spaces
            return a in quarter and b in quarter and quarter[a] != quarter[b]

        def x(col: int) -> int:  # where column ``col`` starts on a line
            return 3 + col * (width + 1)

        lines = self._quarter_labels(pos, x, width, upper=True)
        lines.append("   " + "".join(f" {chr(97 + c)}".ljust(width + 1) for c in range(spec.width)).rstrip())
        for row in range(spec.height):
            line = f"{spec.height - row:>2} "
            for col in range(spec.width):
                line += f" {cells.get((col, row), '')}".ljust(width)
                line += "│" if wall((col, row), (col + 1, row)) else " "
            lines.append(line.rstrip())
            if row + 1 < spec.height and any(wall((c, row), (c, row + 1)) for c in range(spec.width)):
                lines.append(self._border_line(spec, wall, row, width))
        lines += self._quarter_labels(pos, x, width, upper=False)
        return lines + self._legend(pos)

    @staticmethod
    def _border_line(spec: Spec, wall: Any, row: int, width: int) -> str:
        """The line between ``row`` and the next: ``─`` under a border, joined to the ``│`` ones."""
        line = "   "
        for col in range(spec.width):
            line += ("─" if wall((col, row), (col, row + 1)) else " ") * width
            if col + 1 == spec.width:
                break
            left, right = wall((col, row), (col, row + 1)), wall((col + 1, row), (col + 1, row + 1))
            up, down = wall((col, row), (col + 1, row)), wall((col, row + 1), (col + 1, row + 1))
            line += JOINS.get((up, down, left, right), " ")
        return line.rstrip()

    def _quarter_labels(self, pos: Position, x: Any, width: int, upper: bool) -> list[str]:
        """``q1 lion, 14 free`` over (or under) each quarter of the board's upper (lower) half."""
        spec = self.spec
        placed = []
        for q, spaces in enumerate(spec.quarter_spaces):
            cols = [spec.spaces[s].col for s in spaces]
            if (min(spec.spaces[s].row for s in spaces) < spec.height / 2) != upper:
                continue
            free = sum(1 for s in spaces if pos.colour[s] < 0)
            label = f"q{q + 1} {spec.quarter_names[q]}, {'scored' if free == 0 else f'{free} free'}"
            placed.append((x(min(cols)) if min(cols) < spec.width / 2 else x(max(cols)) + width - len(label), label))
        line = ""
        for start, label in sorted(placed):
            line = line.ljust(max(start, len(line) + 2) if line else start) + label
        return [line] if line else []

    def _legend(self, pos: Position) -> list[str]:
        spec = self.spec
        colour = spec.colours[0]
        worker, whose = ("2a", "player 2's worker a") if spec.crews_per_player[pos.players] == 2 else ("2", "player 2's worker")
        legend = (f"{colour.code}n{worker} = a {colour.name} tile, arrow n, {whose}. A free space shows its "
                  "printed column marks: c a column in the middle, n e s w half a column on that edge, which the "
                  "tile across it completes. A tile goes where its own marks, turned, are the space's (the rondel "
                  f"names a tile by its colour and marks, {colour.code}ne); no half column may be left open. "
                  "│ ─ the quarters' borders.")
        return textwrap.wrap(legend, 78, initial_indent="   ", subsequent_indent="   ")

    def _cell(self, pos: Position, space: int) -> str:
        spec = self.spec
        if pos.colour[space] < 0:
            return marks_code(spec.spaces[space].marks)
        tile = spec.colours[pos.colour[space]].code + DIRS[pos.arrow[space]]
        code = pos.worker[space]
        return tile + (notation.crew_text(spec, pos.players, code) if code >= 0 else "")


def tile_key(slot: int) -> str:
    """A rondel tile as the phones' board names it (a target's key)."""
    return f"tile {slot + 1}"


def space_key(space: Space) -> str:
    """A space of the palace as the phones' board names it: ``c3 (column c, row 3)``."""
    return f"{space.name} (column {space.name[0]}, row {space.name[1:]})"


def play_for(spec: Spec) -> MaharaniPlay:
    return MaharaniPlay(spec)

