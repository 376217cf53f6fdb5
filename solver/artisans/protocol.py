"""Artisans of the Taj Mahal as a whole game (the rules protocol, ``solver/protocol.py``).

Rulebook (Playing the Game): each turn one player rolls both dice once for the whole table, then
every player uses that roll on their own sheet. The protocol takes the players in seat order: the
roll is a chance action (``roll 4 6``), then each player's use of it (``dome middle 5``, ``nothing``;
the notation is ``notation.py``'s).

Every sheet uses the same roll and no use of it changes another sheet, so a player may enter their
use of the roll before their turn in seat order comes, named by their name: ``Ben: dome middle 5``
(at a table of phones, everyone writes at once). It is checked against their own sheet at once and
counts as their use of the roll; the players before them still use it in seat order.

Rulebook (End of the Game): once a sheet is full or has used its last raindrop, the other players
finish the turn, and the game is over. Nothing in the game is hidden: every sheet and the dice are
on the table, so a state holds everything.

A setup is the players in seat order, each a name and an optional age (the last tie-break), and may
give a sheet in play in the state-file fields (a position, as ``tajkit hint`` reads it) to go on
from: ``{"players": [{"name": "Asha", "age": 34}, {"name": "Ben"}]}``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cached_property
from typing import Any

from tajkit.solver.artisans import notation, rules
from tajkit.solver.artisans.files import Player, read_state
from tajkit.solver.artisans.notation import Action, Ahead, Roll
from tajkit.solver.artisans.rules import Move
from tajkit.solver.artisans.scoring import score
from tajkit.solver.artisans.spec import GAME_ID, Spec
from tajkit.solver.errors import BadState, IllegalMove
from tajkit.solver.game import ScoreResult
from tajkit.solver.protocol import CHANCE

NAMES = ("Asha", "Ben", "Chitra", "Dev", "Esha", "Farid", "Gita", "Hari")


@dataclass(frozen=True)
class Table:
    """The table between two actions: every player's sheet in seat order, the roll of the turn
    (``None`` while the dice are to be rolled), whose use of it comes next in seat order, the
    later seats that have used it already (entered ahead), and how many turns have been rolled."""

    players: tuple[Player, ...]
    roll: tuple[int, int] | None = None
    seat: int = 0
    turn: int = 0
    ahead: frozenset[int] = frozenset()

    def still_to_use(self) -> list[int]:
        """The seats that have not used this turn's roll, in seat order (the first acts next)."""
        if self.roll is None:
            return []
        return [s for s in range(self.seat, len(self.players)) if s not in self.ahead]


class ArtisansRules:
    game = GAME_ID

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self._last_uses: tuple[Any, list[Move]] = (None, [])

    # --- setup -----------------------------------------------------------------------------------

    def random_setup(self, rng: random.Random, players: int) -> dict[str, Any]:
        names = [NAMES[i] if i < len(NAMES) else f"Player {i + 1}" for i in range(players)]
        with_ages = rng.random() < 0.5  # the youngest-player tie-break needs every age
        return {"players": [{"name": n, **({"age": rng.randint(8, 80)} if with_ages else {})} for n in names]}

    def start(self, setup: Mapping[str, Any]) -> Table:
        unknown = sorted(set(setup) - {"game", "players"})
        if unknown:
            raise BadState(f"setup: unknown field {unknown[0]!r}: a setup gives the players (name, optional age)")
        if setup.get("game", GAME_ID) != GAME_ID:
            raise BadState(f"setup: game = {setup['game']!r}, not {GAME_ID!r}")
        seats = setup.get("players")
        if not isinstance(seats, list):
            raise BadState("setup: players is missing: give one table per player, in seat order, with a name")
        fresh = {"raindrops_used": 0, "trees_watered": 0}
        data = {"game": GAME_ID, "players": [{**fresh, **p} if isinstance(p, dict) else p for p in seats]}
        players = read_state(self.spec, data, finished=False)
        return Table(tuple(Player(p.name, p.sheet, p.age) for p in players))

    # --- who acts and what they may do -------------------------------------------------------------

    def to_act(self, state: Table) -> str | None:
        if state.roll is not None:
            return state.players[state.seat].name
        if any(p.sheet.ends_game(self.spec) for p in state.players):
            return None  # rulebook, End of the Game: the turn it ended in is finished
        return CHANCE

    def legal_actions(self, state: Table) -> Sequence[Action]:
        """The rolls; or the uses of the roll, the cheapest first, then in the sheet's order (the
        order a player reads the choices in: issue 43)."""
        who = self.to_act(state)
        if who is None:
            return []
        if who == CHANCE:
            return [roll for roll, _ in self._outcomes]
        return sorted(self.uses(state), key=self._reading_order)

    @cached_property
    def _feature_order(self) -> dict[str, int]:
        return {f.id: k for k, f in enumerate(self.spec.features)}

    def _reading_order(self, move: Move) -> tuple[int, int, int, int, bool]:
        """Raindrops, then the feature and box as the sheet shows them, then the value (the skip,
        which always costs a raindrop, after the uses that cost one)."""
        if move.skip:
            return (move.raindrops, len(self._feature_order), 0, 0, False)
        return (move.raindrops, self._feature_order[move.feature], move.box, move.value, move.water_tree)

    def chance_outcomes(self, state: Table) -> Sequence[tuple[Action, float]]:
        """The two dice, fair and independent (rulebook: Setting Up, two six-sided dice, or the
        faces the game data gives): a double is 1 in 36, any other pair 2 in 36."""
        return list(self._outcomes) if self.to_act(state) == CHANCE else []

    @cached_property
    def _outcomes(self) -> tuple[tuple[Roll, float], ...]:
        faces = range(1, self.spec.faces + 1)
        each = Fraction(1, self.spec.faces**2)
        return tuple((Roll((a, b)), float(each if a == b else 2 * each)) for a in faces for b in faces if a <= b)

    def uses(self, state: Table) -> list[Move]:
        """The uses of the roll the rules allow the seat ``state`` gives (kept for the last sheet and
        roll asked: a refusal, a parse and the legal actions all ask the same)."""
        key = (state.players[state.seat].sheet, state.roll)
        if self._last_uses[0] != key:
            self._last_uses = (key, rules.legal_moves(self.spec, *key))  # type: ignore[arg-type]
        return self._last_uses[1]

    # --- applying an action ------------------------------------------------------------------------

    def apply(self, state: Table, action: Action) -> Table:
        who = self.to_act(state)
        if who is None:
            raise IllegalMove("the game is over (rulebook: End of the Game)")
        if who == CHANCE:
            if not isinstance(action, Roll) or action not in self.legal_actions(state):
                raise IllegalMove(notation.roll_first(self.spec, action))
            return replace(state, roll=action.dice, seat=0, turn=state.turn + 1)
        if isinstance(action, Ahead):
            notation.check_ahead(state, action.seat, repr(action))
            return self._use(state, action.seat, action.move)
        if not isinstance(action, Move):
            raise IllegalMove(notation.rolled_already(self, state))
        return self._use(state, state.seat, action)

    def _use(self, state: Table, seat: int, move: Move) -> Table:
        """``seat``'s use of the roll, checked against its own sheet, and the turn moved on: the
        next seat still to use the roll acts, or, when none is left, the turn is over."""
        mine = replace(state, seat=seat)  # the refusals speak of this player's sheet
        if move not in self.uses(mine):
            feature = self.spec.by_id.get(move.feature or "")
            if not move.skip and (feature is None or move.box not in range(feature.size)
                                  or move.value not in range(1, self.spec.faces + 1)):
                raise IllegalMove(f"{move!r} is no box and value of the sheet; {notation.alternatives(self, mine)}")
            wanted = notation.Wanted(feature, move.box, move.value, move.water_tree, move.raindrops)
            raise IllegalMove(notation.refusal(self, mine, wanted))
        players = list(state.players)
        players[seat] = replace(players[seat], sheet=rules.apply(self.spec, players[seat].sheet, move))
        left = [s for s in state.still_to_use() if s != seat]
        if not left:
            return replace(state, players=tuple(players), roll=None, seat=0, ahead=frozenset())
        return replace(state, players=tuple(players), seat=left[0],
                       ahead=frozenset(s for s in (*state.ahead, seat) if s > left[0]))

    # --- notation (notation.py) ------------------------------------------------------------------

    def format(self, state: Table, action: Action) -> str:
        return notation.format_action(self.spec, state, action)

    def parse(self, state: Table, text: str) -> Action:
        return notation.parse_action(self, state, text)

    # --- the score ---------------------------------------------------------------------------------

    def standings(self, state: Table) -> ScoreResult:
        """The existing scorer on the sheets as they stand (rulebook: Scoring; the tie-breaks: most
        unused raindrops, then the youngest player)."""
        return score(self.spec, state.players, setup=True)


def rules_for(spec: Spec) -> ArtisansRules:
    return ArtisansRules(spec)
