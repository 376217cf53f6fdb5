"""Maharani events in words (``solver/narration.py``): a tile placed with its worker and its gold,
a refresh, the tiles drawn onto the rondel, a turn over with the quarters it scored and their gold,
and the game's end.

Rulebook (Mozaik darabok lerakása, Munkás lehelyezése vagy áthelyezése): a tile earns 1 gold per
tile of the same-coloured area it makes or grows, a worker 1 gold per worker of its group; the
second tile of a turn costs 2 gold; the gold moves at the end of the turn. Egy negyed kiértékelése:
after the turn that covers a quarter's last free space, every player with workers there scores
the table's gold for their number. A játék vége: after the fourth quarter is scored, or when no
tile left fits (the unfinished quarters are scored then).
"""

from __future__ import annotations

from tajkit.solver import narration
from tajkit.solver.maharani import notation
from tajkit.solver.maharani.protocol import Action, Draw, EndTurn, MaharaniState, Place, Refresh, rules_for
from tajkit.solver.maharani.rules import Placed, Tile, TurnResult, crew, crew_player, place, play
from tajkit.solver.maharani.spec import Spec
from tajkit.solver.ranking import join_names, plural


def tell(spec: Spec, before: MaharaniState, action: Action, after: MaharaniState) -> tuple[str, ...]:
    """What ``action`` did, in one to three sentences (see the module's docstring)."""
    names = before.table.names
    name = names[before.position.to_move]
    may: list[str] = []
    if isinstance(action, Draw):
        must = [f"The table drew {_tile(spec, action.tile)} for slot {before.pending[0] + 1} of the rondel"]
    elif isinstance(action, Place):
        placed = place(spec, before.position, action.placement, check=False)[1]
        must, may = [_placed(spec, before, name, placed)], _after_placing(spec, before, name, placed)
    elif isinstance(action, Refresh):
        must = [f"{name} refreshed: all their action markers are face up again"]
    else:
        assert isinstance(action, EndTurn)
        must = [f"{name} ended their turn with one tile"]
    if len(after.turns) == len(before.turns):
        return narration.told(must, may)
    result = play(spec, before.before, notation.parse_turn(spec, after.turns[-1]))
    must += _turn_over(spec, names, result)
    if after.over is None:
        return narration.told(must, [*may, f"{names[after.position.to_move]} is next"])
    return narration.told(must, may, narration.game_over(rules_for(spec).standings(after)))


def _tile(spec: Spec, tile: Tile) -> str:
    """"a blue tile with a centre column", "a red tile with half columns on 2 edges"."""
    colour, kind = spec.colours[tile[0]].name, spec.kinds[tile[1]]
    edges = sum(1 for ch in kind.code if ch != "c")
    marks = ["a centre column"] if kind.centre else []
    if edges:
        marks.append("half a column on 1 edge" if edges == 1 else f"half columns on {edges} edges")
    return f"{_a(colour)} tile" + (f" with {' and '.join(marks)}" if marks else "")


def _placed(spec: Spec, before: MaharaniState, name: str, p: Placed) -> str:
    """The tile, the action marker it turned down, and its area's gold."""
    colour = spec.colours[p.tile[0]].name
    tile = f"a second {colour}" if before.placed else _a(colour)
    marker = f", turning down their {spec.quarter_names[p.marker]} action marker" if p.marker >= 0 else ""
    area = f"{_a(colour)} area of {p.area}: {p.area} gold" if p.area > 1 else "it touches no tile of its colour: 1 gold"
    space = spec.spaces[p.placement.space].name
    return f"{name} placed {tile} tile on {space} in quarter {p.quarter + 1}{marker}; {area}"


def _after_placing(spec: Spec, before: MaharaniState, name: str, p: Placed) -> list[str]:
    """The centre-column tiles that leave the game with it (Különleges eset 1), and its worker
    with the worker's group's gold."""
    said = []
    if p.removed:
        said.append(f"The last centre space is taken: {plural(len(p.removed), 'centre-column tile')} on the rondel "
                    f"{'leaves' if len(p.removed) == 1 else 'leave'} the game")
    worker = _worker(spec, before, name, p)
    return said + ([worker] if worker else [])


def _worker(spec: Spec, before: MaharaniState, name: str, p: Placed) -> str:
    """The worker put on the tile, new or moved, and its group's gold; or that none was left."""
    w = p.placement.worker
    if w is None or w.kind == "none":
        side = before.position.sides[before.position.to_move]
        return f"Its arrow points at {name}, but no worker is left to put on it" if p.placement.arrow == side else ""
    group = f"a group of {p.group}: {p.group} gold" if p.group > 1 else "alone: 1 gold"
    players = before.position.players
    # Szabályok 2 játékosra: with two colours a player, the four colours are the crews' own
    colour = f"{spec.worker_colours[crew(before.position.to_move, w.colour)][0]} " if spec.crews_per_player[players] == 2 else ""
    if w.kind == "new":
        return f"A new {colour}worker of {name}'s stands on it, {group}"
    return f"{name}'s {colour}worker moves onto it from {spec.spaces[w.source].name}, {group}"


def _turn_over(spec: Spec, names: tuple[str, ...], result: TurnResult) -> list[str]:
    """The turn's gold for tiles and workers (less 2 for a second tile), and the quarters it scored
    with each player's gold from them (Egy negyed kiértékelése)."""
    player = result.player
    scored = {k: sum(s.gold_of(k) for s in result.scorings) for k in range(len(names))
              if any(crew_player(c) == k for s in result.scorings for c, _, _ in s.crews)}
    tiles = result.gold[player] - scored.get(player, 0)
    earned = (f" ({tiles - result.second_tile}, less {-result.second_tile} for a second tile)" if result.second_tile
              else " for tiles and workers")
    said = f"{names[player]}'s turn ends" + ("" if result.refresh else f": {tiles} gold{earned}")
    if not result.scorings:
        return [] if result.refresh else [said]
    quarters = [str(q) for q in sorted(s.quarter + 1 for s in result.scorings)]
    what = f"quarter {quarters[0]} is" if len(quarters) == 1 else f"quarters {join_names(quarters)} are"
    when = " at the game's end" if all(s.at_end for s in result.scorings) else ""
    gold = ", ".join(f"{names[k]} {g} gold" for k, g in scored.items()) or "nobody has a worker there"
    both = f"{said}; {what} scored{when}: {gold}"
    return [both] if len(both) < narration.MOST_CHARACTERS else [said, f"{what[:1].upper()}{what[1:]} scored{when}: {gold}"]


def _a(word: str) -> str:
    """"a blue", "an orange"."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"
