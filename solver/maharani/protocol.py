"""Maharani's whole game through the rules protocol (``solver/protocol.py``), on the rules model of
:mod:`.rules`: from the setup (the players and the first four tiles drawn onto the rondel) to the
end and the final score.

A turn is played as its decisions, one action each, in the turn notation of :mod:`.notation`:

* the player to move: ``r`` (refresh: A játék menete, 2.) or a first tile, a placement such as
  ``2c4s+`` (slot, space, arrow, worker);
* after the first tile: a second placement (it costs 2 gold), or ``end``;
* chance: each tile drawn from the bag to refill an emptied slot, e.g. ``Bne``: at once for the
  slots whose centre-column tiles left the rondel (Különleges eset 1), and at the end of the turn
  for every empty slot, 1 to 4 (the tiles drawn, then, are typed by the table).

Joined, a turn's events are the state file's turn: ``2c4s+``, ``3f6n``, ``Bne``, ``Yc`` is
``2c4s+ 3f6n | Bne Yc``. The turn is split because the rulebook refills the rondel at once when
the last centre space is taken, so a second tile may be one just drawn. Each finished turn is
played again whole by :func:`.rules.play` with the tiles drawn, so the state after a turn is the
model's, and the state keeps the finished turns in that notation: the standings are the existing
scorer's, on the state file of the game so far (:meth:`MaharaniRules.state_file`).

Chance: a drawn tile's probability is its count in the bag over the bag's size, the counts being
the seed data's tile set (``seeds/maharani.toml``: tiles.kinds, per colour) less the tiles on the
board and the rondel. Once the centre spaces are all taken, a centre-column tile drawn is set
aside and another drawn (Különleges eset 1): that changes nothing on the table, so the outcomes
are the tiles that can land on the slot, and a centre-column tile typed then is refused with the
rule. Maharani hides nothing from the players: the state is the whole table.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Union

from tajkit.solver.errors import BadInput, BadState, IllegalMove
from tajkit.solver.game import ScoreResult
from tajkit.solver.maharani import files, notation, scoring
from tajkit.solver.maharani.rules import (
    CENTRE_RULE,
    END_RULE,
    PLACING,
    SECOND,
    Placed,
    Placement,
    Position,
    Tile,
    Turn,
    TurnResult,
    bag,
    centre_full,
    empty_slots,
    live_bag,
    place,
    placements,
    play,
    removed_slots,
)
from tajkit.solver.maharani.spec import Spec
from tajkit.solver.protocol import CHANCE
from tajkit.solver.wording import shown

TURN_RULE = "rulebook: A játék menete"
NAMES = ("Anna", "Bence", "Csilla", "Dóra")  # random_setup's players
SHOWN_ALTERNATIVES = 8

# the phases of a turn
CHOOSE = "choose"  # the player to move: refresh or a first tile
MORE = "more"  # the player: a second tile or end
DRAW = "draw"  # chance: tiles drawn for `pending` slots, then `then`
REFILL = "refill"  # after the draws for a second tile's removals: the end-of-turn refill
DONE = "done"  # after the end-of-turn draws: the turn is over


@dataclass(frozen=True)
class Refresh:
    """Turn every face-down action marker face up: the whole turn (A játék menete, 2.)."""


@dataclass(frozen=True)
class Place:
    """A tile from the rondel onto the board, with its worker (arrow and worker resolved)."""

    placement: Placement


@dataclass(frozen=True)
class EndTurn:
    """No second tile: the turn ends (the rondel is refilled)."""


@dataclass(frozen=True)
class Draw:
    """The tile drawn from the bag onto the next slot being refilled."""

    tile: Tile


Action = Union[Refresh, Place, EndTurn, Draw]


@dataclass(frozen=True)
class Table:
    """What stays the same all game: the setup as file data (JSON text, so a state is hashable) and
    the players' names in turn order."""

    setup: str
    names: tuple[str, ...]


@dataclass(frozen=True)
class MaharaniState:
    """The table now. Mid-turn ``position`` holds the tiles placed and drawn so far; the gold of
    the turn moves when it ends (the scorer's turn). ``before`` is the position the turn began
    in, ``turns`` the finished turns in the state file's notation and ``results`` what each did
    (its gold itemised, the quarters scored: what the scorer reads)."""

    table: Table
    position: Position
    before: Position
    phase: str = CHOOSE
    placed: tuple[Placement, ...] = ()
    drawn: tuple[Tile, ...] = ()
    pending: tuple[int, ...] = ()  # slots waiting for a tile, in the order they are filled
    then: str = ""  # what follows the draws: MORE, REFILL or DONE
    turns: tuple[str, ...] = ()
    results: tuple[TurnResult, ...] = ()
    over: str | None = None
    under_way: tuple[str, ...] = ()  # the events of the turn under way, as typed (what the board draws)


class MaharaniRules:
    game = "maharani"

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self._last_bag: tuple[Position | None, Counter[Tile]] = (None, Counter())

    def _live_bag(self, position: Position) -> Counter[Tile]:
        """``live_bag`` of the last position asked (the legal draws, their odds and each draw
        parsed all ask it of one position); read only."""
        if self._last_bag[0] is not position:
            self._last_bag = (position, live_bag(self.spec, position))
        return self._last_bag[1]

    # --- setup ------------------------------------------------------------------------------------

    def random_setup(self, rng: random.Random, players: int) -> dict[str, Any]:
        """Előkészületek: the players in seat order and four tiles drawn from the shuffled bag onto
        the rondel's slots 1-4 (the state file's start: ``rondel`` and ``players``)."""
        from tajkit.solver.maharani import samples

        spec = self.spec
        if not spec.min_players <= players <= spec.max_players:
            raise BadInput(f"players: {players}: Maharani is for {spec.min_players}-{spec.max_players} players")
        tiles = samples.shuffled_bag(spec, rng)[: len(spec.facing)]
        return {"rondel": [notation.tile_text(spec, t) for t in tiles], "players": [{"name": n} for n in NAMES[:players]]}

    def start(self, setup: Mapping[str, Any]) -> MaharaniState:
        """The setup is a state file's start without its turns (``rondel`` and ``players``, or a
        ``position``), checked by the state reader."""
        data = dict(setup)
        if "turns" in data:
            raise BadState("setup: turns: the turns played are the record's events, not part of its setup")
        return self.start_at(data, files.read_start(self.spec, {"game": self.game, **data}))

    def start_at(self, setup: Mapping[str, Any], start: files.Start) -> MaharaniState:
        """The state after ``setup`` once the state reader has read it into ``start``."""
        table = Table(json.dumps(dict(setup), sort_keys=True, ensure_ascii=False), start.names)
        return MaharaniState(table, start.after, start.after, over=start.over)

    # --- who acts and what they may do -------------------------------------------------------------

    def to_act(self, s: MaharaniState) -> str | None:
        if s.over is not None:
            return None
        if s.phase == DRAW:
            return CHANCE
        return s.table.names[s.position.to_move]

    def legal_actions(self, s: MaharaniState) -> Sequence[Action]:
        if s.over is not None:
            return ()
        if s.phase == DRAW:
            return tuple(Draw(t) for t in sorted(self._live_bag(s.position)))
        tiles: list[Action] = [Place(p) for p in placements(self.spec, s.position)]
        return (*tiles, Refresh() if s.phase == CHOOSE else EndTurn())

    def chance_outcomes(self, s: MaharaniState) -> Sequence[tuple[Action, float]]:
        """Each tile that can land on the slot being refilled, by its count in the bag."""
        if s.over is not None or s.phase != DRAW:
            return ()
        left = self._live_bag(s.position)
        total = sum(left.values())
        return tuple((Draw(t), n / total) for t, n in sorted(left.items()))

    # --- playing ------------------------------------------------------------------------------------

    def apply(self, s: MaharaniState, action: Action) -> MaharaniState:
        after = self._applied(s, action)
        if len(after.turns) == len(s.turns) and after.over is None:  # the turn goes on
            return replace(after, under_way=(*s.under_way, self.format(s, action)))
        return after

    def _applied(self, s: MaharaniState, action: Action) -> MaharaniState:
        if s.over is not None:
            raise IllegalMove(f"the game is over: {s.over} ({END_RULE})")
        if s.phase == DRAW:
            if not isinstance(action, Draw):
                raise IllegalMove(f"{self._refilling(s)}; type the tile drawn, e.g. {self._few_tiles(s)}")
            return self._draw(s, action.tile)
        if isinstance(action, Draw):
            raise IllegalMove(f"no tile is drawn now: {self._whose_turn(s)}; legal now: {self._few(s)}")
        if isinstance(action, Place):
            return self._place(s, action.placement)
        if isinstance(action, Refresh):
            if s.phase == MORE:
                raise IllegalMove(
                    f"a tile is placed, so this turn is not a refresh (one of the two actions, {TURN_RULE}): "
                    f"place a second tile or end; legal now: {self._few(s)}"
                )
            return self._end_turn(replace(s, then=DONE))
        if isinstance(action, EndTurn):
            if s.phase == CHOOSE:
                raise IllegalMove(
                    f"a turn places at least one tile or refreshes the action markers ({TURN_RULE}); legal now: {self._few(s)}"
                )
            return self._settle(self._end_placing(s))
        raise IllegalMove(f"{action!r} is not a Maharani action")

    def _placed(self, s: MaharaniState, p: Placement) -> tuple[Position, Placed]:
        """The placement checked by the model; refused with the rule and where the tile does fit."""
        try:
            return place(self.spec, s.position, p, check=True)
        except IllegalMove as refused:
            raise IllegalMove(*(f"{problem}; {self._alternatives(s, p)}" for problem in refused.problems)) from None

    def _place(self, s: MaharaniState, p: Placement) -> MaharaniState:
        pos, done = self._placed(s, p)
        placed = (*s.placed, done.placement)
        pending = tuple(removed_slots(s.position, pos, done))
        then = MORE if len(placed) == 1 else REFILL
        return self._settle(replace(s, position=pos, placed=placed, phase=DRAW, pending=pending, then=then))

    def _draw(self, s: MaharaniState, tile: Tile) -> MaharaniState:
        """The tile (one the bag can give this slot: checked) onto the slot being refilled; the
        bag left is the one before less that tile (the board, so the centre, is unchanged)."""
        self._check_draw(s, tile)
        rondel = list(s.position.rondel)
        rondel[s.pending[0]] = tile
        pos = replace(s.position, rondel=tuple(rondel))
        left = Counter(self._live_bag(s.position))
        left[tile] -= 1
        self._last_bag = (pos, +left)
        return self._settle(replace(s, position=pos, drawn=(*s.drawn, tile), pending=s.pending[1:]))

    def _settle(self, s: MaharaniState) -> MaharaniState:
        """On from a phase with nothing left to do: draws with no slot or tile left, a second tile
        that fits nowhere."""
        while s.phase == DRAW and not (s.pending and self._live_bag(s.position)):
            if s.then == MORE:
                s = replace(s, phase=MORE, pending=())
                if not any(placements(self.spec, s.position)):
                    s = self._end_placing(s)
            elif s.then == REFILL:
                s = self._end_placing(s)
            else:
                return self._end_turn(s)
        return s

    def _end_placing(self, s: MaharaniState) -> MaharaniState:
        """No more tiles this turn: the empty slots are refilled, 1 to 4."""
        return replace(s, phase=DRAW, pending=tuple(empty_slots(s.position)), then=DONE)

    def _end_turn(self, s: MaharaniState) -> MaharaniState:
        """The whole turn played by the model from the position it began in, with the tiles drawn:
        gold, quarter scorings, the next player, the end of the game."""
        turn = Turn(s.placed, s.drawn or None)
        result = play(self.spec, s.before, turn)
        text = notation.format_turn(self.spec, turn, s.before.players)
        return MaharaniState(s.table, result.after, result.after, turns=(*s.turns, text), results=(*s.results, result),
                             over=result.over)

    def end_as_recorded(self, s: MaharaniState) -> MaharaniState:
        """The turn under way ended where its record stops, the slots still waiting for a tile left
        empty: a state file's last turn written without the tiles drawn (its gold, scorings and the
        position it leaves, as the table has it so far)."""
        return self._end_turn(s) if s.phase != CHOOSE and s.over is None else s

    # --- notation -----------------------------------------------------------------------------------

    def format(self, s: MaharaniState, action: Action) -> str:
        if isinstance(action, Draw):
            return notation.tile_text(self.spec, action.tile)
        if isinstance(action, Place):
            return notation.format_placement(self.spec, action.placement, s.position.players)
        return "r" if isinstance(action, Refresh) else "end"

    def parse(self, s: MaharaniState, text: str) -> Action:
        """A tile drawn (``Bne``) when chance acts, else ``r``, ``end`` or a placement (``2c4s+``; the
        arrow may be left out when it changes nothing, the worker when the rules leave one choice).
        Letters' case does not matter."""
        words = text.split()
        if s.over is not None:
            raise IllegalMove(f"the game is over: {s.over} ({END_RULE})")
        if len(words) != 1:
            raise IllegalMove(f"{shown(text, 40)!r}: one action at a time: {self._expected(s)}; legal now: {self._few(s)}")
        word = words[0]
        if s.phase == DRAW:
            return self._parse_draw(s, word)
        if word.lower() in ("end", "done", "|"):
            action: Action = EndTurn()
        else:
            turn = self._parse_turn(s, word.lower())
            action = Refresh() if turn.refresh else Place(turn.placements[0])
        if isinstance(action, Place):
            return Place(self._placed(s, action.placement)[1].placement)  # the arrow and the worker resolved
        self.apply(s, action)  # a refresh or end refused in the wrong phase
        return action

    def _parse_turn(self, s: MaharaniState, word: str) -> Turn:
        try:
            turn = notation.parse_turn(self.spec, word)
        except IllegalMove as refused:
            raise IllegalMove(*(f"{problem}; legal now: {self._few(s)}" for problem in refused.problems)) from None
        if turn.draws is not None:
            raise IllegalMove(f"{shown(word, 40)!r}: the tiles drawn are typed one by one once the tiles are placed")
        return turn

    def _parse_draw(self, s: MaharaniState, word: str) -> Draw:
        token = word[:1].upper() + word[1:].lower()
        tile, problem = notation.parse_tile(self.spec, token)
        if problem:
            raise IllegalMove(f"{problem}; {self._refilling(s)}, e.g. {self._few_tiles(s)}")
        assert tile is not None
        self._check_draw(s, tile)
        return Draw(tile)

    def _check_draw(self, s: MaharaniState, tile: Tile) -> None:
        spec = self.spec
        if self._live_bag(s.position)[tile] > 0:
            return
        name = spec.tile_name(*tile)
        if bag(spec, s.position)[tile] > 0 and centre_full(spec, s.position):
            raise IllegalMove(
                f"{name} has a centre column and all {len(spec.centre_spaces)} centre spaces are taken: it leaves the "
                f"game; set it aside and type the next tile drawn ({CENTRE_RULE})"
            )
        raise IllegalMove(
            f"{name}: no such tile is left in the bag (the set has {spec.kinds[tile[1]].per_colour}, all on the board "
            f"or the rondel); {self._refilling(s)}, e.g. {self._few_tiles(s)}"
        )

    # --- words for refusals ------------------------------------------------------------------------

    def _whose_turn(self, s: MaharaniState) -> str:
        return f"it is {s.table.names[s.position.to_move]}'s turn"

    def _expected(self, s: MaharaniState) -> str:
        if s.phase == DRAW:
            return f"the tile drawn for slot {s.pending[0] + 1}"
        if s.phase == MORE:
            return f"a second tile ({SECOND}) or end"
        return f"a tile to place (slot, space, arrow, worker: {notation.PLACEMENT_HELP}) or r (refresh)"

    def _refilling(self, s: MaharaniState) -> str:
        return f"slot {s.pending[0] + 1} of the rondel is refilled from the bag ({PLACING})"

    def _few(self, s: MaharaniState) -> str:
        return _listed([self.format(s, a) for a in self.legal_actions(s)])

    def _few_tiles(self, s: MaharaniState) -> str:
        return _listed([notation.tile_text(self.spec, t) for t in sorted(self._live_bag(s.position))])

    def _alternatives(self, s: MaharaniState, p: Placement) -> str:
        """What is legal instead: on that space with that tile, else the spaces the tile fits, else
        every legal action."""
        spec = self.spec
        legal = [a.placement for a in self.legal_actions(s) if isinstance(a, Place) and a.placement.slot == p.slot]
        there = [q for q in legal if q.space == p.space]
        if there:
            return f"legal on {spec.spaces[p.space].name}: {_listed([self.format(s, Place(q)) for q in there])}"
        if legal:
            spaces = list(dict.fromkeys(spec.spaces[q.space].name for q in legal))
            return f"the tile on slot {p.slot + 1} fits {_listed(spaces, 'spaces')}"
        return f"legal now: {self._few(s)}"

    # --- the score ----------------------------------------------------------------------------------

    def state_file(self, s: MaharaniState) -> dict[str, Any]:
        """The state file of the game so far: the setup and the finished turns (what ``tajkit score
        maharani`` reads)."""
        return {"game": self.game, **json.loads(s.table.setup), "turns": list(s.turns)}

    def standings(self, s: MaharaniState) -> ScoreResult:
        """The existing scorer on :meth:`state_file`: the turns finished so far (a turn under way
        counts once it ends); at the end, the final score (the rulebook names no tie-break)."""
        return scoring.score(self.spec, files.read_state(self.spec, self.state_file(s)))


def _listed(items: list[str], what: str = "in all") -> str:
    """A few of ``items``, and how many there are when not all are shown."""
    if len(items) <= SHOWN_ALTERNATIVES:
        return ", ".join(items)
    return f"{', '.join(items[:SHOWN_ALTERNATIVES])} … ({len(items)} {what})"


def rules_for(spec: Spec) -> MaharaniRules:
    return MaharaniRules(spec)

