"""Artisans of the Taj Mahal as a whole game (the rules protocol, ``solver/protocol.py``).

Rulebook (Playing the Game): each turn one player rolls both dice once for the whole table, then
every player uses that roll on their own sheet. The protocol takes the players in seat order: the
roll is a chance action (``roll 4 6``), then each player's use of it, in this notation:

- ``dome middle 5``: write 5 in the Dome's middle box. The feature is named by its title (or its
  state-file key), the box by the first word(s) of its name that tell it apart (``left minaret
  second 3``, ``left facade top-left 4``) or its number (``dome 2 5``), and may be left out when
  the feature has one empty box left (``dome 5``).
- a suffix ``water`` waters a fruit tree with a value written in the garden group
  (``waterway top 3 water``);
- ``nothing``: write nothing and mark one raindrop.

The raindrops an action marks are the rules' own, at their lowest (``rules.legal_moves``): the
notation prints them, ``dome middle 5 (1 drop)``, and a typed count is checked against them.

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
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cached_property
from typing import Any

from tajkit.solver import numbers
from tajkit.solver.artisans import rules
from tajkit.solver.artisans.spec import GAME_ID
from tajkit.solver.artisans.files import Player, read_state
from tajkit.solver.artisans.rules import EMPTY, Move
from tajkit.solver.artisans.scoring import score
from tajkit.solver.artisans.spec import Feature, Spec
from tajkit.solver.errors import BadInput, BadState, IllegalMove
from tajkit.solver.game import ScoreResult
from tajkit.solver.protocol import CHANCE
from tajkit.solver.ranking import plural
from tajkit.solver.wording import closest

SKIP_WORDS = ("nothing", "skip", "pass")
WATER_WORDS = ("water", "+water")
NAMES = ("Asha", "Ben", "Chitra", "Dev", "Esha", "Farid", "Gita", "Hari")
SHOWN = 4  # legal alternatives listed in a refusal


@dataclass(frozen=True)
class Roll:
    """The two dice of a turn, low die first (the order they land in does not matter: either die
    may pick the group, rulebook: Playing the Game)."""

    dice: tuple[int, int]

    def __post_init__(self) -> None:
        object.__setattr__(self, "dice", tuple(sorted(self.dice)))


@dataclass(frozen=True)
class Ahead:
    """A player's use of the roll entered before their turn in seat order comes (``Ben: dome 5``)."""

    seat: int
    move: Move


Action = Roll | Move | Ahead


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


@dataclass(frozen=True)
class Wanted:
    """What a player's text names, before the rules are asked: a value for a box, or nothing."""

    feature: Feature | None
    box: int | None
    value: int | None
    water: bool
    drops: int | None  # the raindrops the text states, if it states them


class ArtisansRules:
    game = GAME_ID

    def __init__(self, spec: Spec) -> None:
        self.spec = spec

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
        return sorted(self._moves(state), key=self._reading_order)

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

    def _moves(self, state: Table) -> list[Move]:
        return rules.legal_moves(self.spec, state.players[state.seat].sheet, state.roll)  # type: ignore[arg-type]

    # --- applying an action ------------------------------------------------------------------------

    def apply(self, state: Table, action: Action) -> Table:
        who = self.to_act(state)
        if who is None:
            raise IllegalMove("the game is over (rulebook: End of the Game)")
        if who == CHANCE:
            if not isinstance(action, Roll) or action not in self.legal_actions(state):
                raise IllegalMove(self._roll_first(action))
            return replace(state, roll=action.dice, seat=0, turn=state.turn + 1)
        if isinstance(action, Ahead):
            self._check_ahead(state, action.seat, repr(action))
            return self._use(state, action.seat, action.move)
        if not isinstance(action, Move):
            raise IllegalMove(self._rolled_already(state))
        return self._use(state, state.seat, action)

    def _use(self, state: Table, seat: int, move: Move) -> Table:
        """``seat``'s use of the roll, checked against its own sheet, and the turn moved on: the
        next seat still to use the roll acts, or, when none is left, the turn is over."""
        mine = replace(state, seat=seat)  # the refusals speak of this player's sheet
        if move not in self._moves(mine):
            feature = self.spec.by_id.get(move.feature or "")
            if not move.skip and (feature is None or move.box not in range(feature.size)
                                  or move.value not in range(1, self.spec.faces + 1)):
                raise IllegalMove(f"{move!r} is no box and value of the sheet; {self._alternatives(mine)}")
            raise IllegalMove(self._refusal(mine, Wanted(feature, move.box, move.value, move.water_tree, move.raindrops)))
        players = list(state.players)
        players[seat] = replace(players[seat], sheet=rules.apply(self.spec, players[seat].sheet, move))
        left = [s for s in state.still_to_use() if s != seat]
        if not left:
            return replace(state, players=tuple(players), roll=None, seat=0, ahead=frozenset())
        return replace(state, players=tuple(players), seat=left[0],
                       ahead=frozenset(s for s in (*state.ahead, seat) if s > left[0]))

    def _check_ahead(self, state: Table, seat: int, text: str) -> None:
        """``seat`` may enter its use of the roll now: the dice are rolled and it has not used them."""
        if state.roll is None:
            raise IllegalMove(f"{text}: the dice are rolled first, once a turn for the whole table (rulebook: Playing "
                              "the Game): type the two dice, e.g. roll 4 6")
        name = state.players[seat].name
        if seat not in state.still_to_use():
            a, b = state.roll
            raise IllegalMove(f"{text}: {name} has used the roll {a} {b} already (rulebook: Playing the Game, each "
                              "player uses the roll once)")

    # --- notation ----------------------------------------------------------------------------------

    def format(self, state: Table, action: Action) -> str:
        if isinstance(action, Ahead):
            return f"{state.players[action.seat].name}: {self.format(replace(state, seat=action.seat), action.move)}"
        if isinstance(action, Roll):
            return f"roll {action.dice[0]} {action.dice[1]}"
        drops = f" ({plural(action.raindrops, 'drop')})" if action.raindrops else ""
        if action.skip:
            return f"nothing{drops}"
        feature = self.spec.by_id[action.feature]  # type: ignore[index]
        water = " water" if action.water_tree else ""
        return f"{_name(feature)} {_box_words(feature)[action.box]} {action.value}{water}{drops}"  # type: ignore[index]

    def parse(self, state: Table, text: str) -> Action:
        who = self.to_act(state)
        if who is None:
            raise IllegalMove(f"{text!r}: the game is over (rulebook: End of the Game)")
        seat, rest = self._named_seat(state, text)
        if seat is not None:
            self._check_ahead(state, seat, repr(text))
            move = self._parse_use(replace(state, seat=seat), rest)
            return move if seat == state.seat else Ahead(seat, move)
        if who == CHANCE:
            return self._parse_roll(text, _words(text))
        return self._parse_use(state, text)

    def _parse_use(self, state: Table, text: str) -> Move:
        """The use of the roll ``text`` names for the player whose seat ``state`` gives."""
        words = _words(text)
        if words and words[0] == "roll":
            raise IllegalMove(self._rolled_already(state))
        wanted = self._wanted(state, text, words)
        if wanted.feature is None:
            found = next((m for m in self._moves(state) if m.skip), None)
        else:
            found = next((m for m in self._moves(state) if not m.skip and m.feature == wanted.feature.id
                          and m.box == wanted.box and m.value == wanted.value and m.water_tree == wanted.water), None)
        if found is None or wanted.drops not in (None, found.raindrops):
            raise IllegalMove(self._refusal(state, wanted))
        return found

    def _named_seat(self, state: Table, text: str) -> tuple[int | None, str]:
        """``Ben: dome 5``: Ben's seat and ``dome 5`` (the longest name that the text begins with,
        then a colon: a name may hold a colon itself); text with no colon: None and the text. A
        name before a colon that is no player's is refused, naming the players."""
        if ":" not in text:
            return None, text
        typed = text.strip().casefold()
        for seat, player in sorted(enumerate(state.players), key=lambda sp: -len(sp[1].name)):
            name = player.name.casefold()
            if typed.startswith(name) and typed[len(name):].lstrip().startswith(":"):
                return seat, text.strip()[len(name):].lstrip()[1:].strip()
        names = [p.name for p in state.players]
        given = text.partition(":")[0].strip()
        raise BadInput(f"{text!r}: {given!r} is not at the table: the players are {', '.join(names)} "
                       "(Name: event enters a player's use of the roll)")

    def _parse_roll(self, text: str, words: list[str]) -> Roll:
        if words[:1] == ["roll"]:
            words = words[1:]
        if len(words) == 1 and len(words[0]) == 2:
            words = list(words[0])  # "roll 46"
        if len(words) != 2 or not all(numbers.looks_numeric(w) for w in words):
            raise BadInput(f"{text!r}: the dice are rolled first, once a turn for the whole table (rulebook: Playing "
                           f"the Game): type the two dice, e.g. roll 4 6")
        dice = tuple(numbers.whole_number(w, repr(text)) for w in words)
        if not all(1 <= d <= self.spec.faces for d in dice):
            raise IllegalMove(f"{text!r}: each die shows 1-{self.spec.faces} (rulebook: Setting Up)")
        return Roll(dice)  # type: ignore[arg-type]

    def _wanted(self, state: Table, text: str, words: list[str]) -> Wanted:
        """The feature, box, value, watering and stated raindrops ``words`` name (``BadInput`` for
        text that names none; whether the rules allow it is asked afterwards)."""
        words, drops = _stated_drops(words)
        if words and words[0] in SKIP_WORDS and len(words) == 1:
            return Wanted(None, None, None, False, drops)
        water = bool(words) and words[-1] in WATER_WORDS
        if water:
            words = words[:-1]
        if not words:
            raise IllegalMove(self._water_alone(state, text))
        feature, rest = self._feature(text, words)
        value_at = next((k for k in range(len(rest) - 1, -1, -1) if numbers.looks_numeric(rest[k])), None)
        box_words = {w for b in feature.boxes for w in b.lower().replace("-", " ").split()}
        if value_at is not None and not box_words.issuperset(rest[value_at + 1:]):
            raise BadInput(self._after_value(text, rest[value_at + 1:]))
        if not rest or not numbers.looks_numeric(rest[-1]):
            raise BadInput(f"{text!r}: give the value to write after the box, e.g. "
                           f"{_name(feature)} {_box_words(feature)[0]} {self.spec.faces}")
        value = numbers.whole_number(rest[-1], repr(text))
        if not 1 <= value <= self.spec.faces:
            raise IllegalMove(f"{text!r}: a value is a die result, 1-{self.spec.faces} (rulebook: Altering dice "
                              "results)")
        box = self._box(state, text, feature, rest[:-1], value)
        return Wanted(feature, box, value, water, drops)

    @staticmethod
    def _after_value(text: str, unknown: list[str]) -> str:
        """``dome middle 5 watr``: the words after the value that are not the notation's, and the
        word they most likely misspell."""
        typed = " ".join(unknown)
        close = closest(typed, list(WATER_WORDS[:1]))
        meant = f" (did you mean {close}?)" if close else ""
        return (f"{text!r}: {typed!r} after the value is not a word of the notation{meant}: after the value comes "
                "water to water a tree, or the raindrops it costs, e.g. (1 drop)")

    def _feature(self, text: str, words: list[str]) -> tuple[Feature, list[str]]:
        for names, feature in self._feature_names:
            if tuple(words[: len(names)]) == names:
                return feature, words[len(names):]
        titles = ", ".join(_name(f) for f in self.spec.features)
        raise BadInput(f"{text!r}: name a feature ({titles}), then its box and the value (e.g. dome middle 5), "
                       "or write nothing")

    @cached_property
    def _feature_names(self) -> list[tuple[tuple[str, ...], Feature]]:
        """Every way to name each feature, as words; the longest first, so "left orchard" is not
        read as a feature "left" followed by a box."""
        names = []
        for f in self.spec.features:
            for name in (_name(f), *(key.replace("_", " ") for key in (f.id, *f.aliases))):
                names += [(tuple(name.split()), f), ((name.replace(" ", "-"),), f)]
        return sorted(set(names), key=lambda n: -len(n[0]))

    def _box(self, state: Table, text: str, feature: Feature, words: list[str], value: int) -> int:
        values = self._values(state, feature)
        if not words:
            empty = [b for b, v in enumerate(values) if v == EMPTY]
            if len(empty) == 1:
                return empty[0]
            shown = _name(feature)
            if not empty:
                raise IllegalMove(f"{text!r}: every box of the {shown} is filled; a value goes into an empty box "
                                  f"(rulebook: Adding a value to a feature); {self._alternatives(state)}")
            boxes = " or ".join(f"{shown} {_box_words(feature)[b]} {value}" for b in empty)
            raise BadInput(f"{text!r}: the {shown} has {len(empty)} empty boxes: say which, {boxes}")
        typed = " ".join(words).replace("-", " ")
        if numbers.looks_numeric(typed) and 1 <= numbers.whole_number(typed, repr(text)) <= feature.size:
            return int(typed) - 1
        names = [b.lower().replace("-", " ") for b in feature.boxes]
        shorts = [s.replace("-", " ") for s in _box_words(feature)]
        exact = [b for b in range(feature.size) if typed in (names[b], shorts[b])]
        near = exact or [b for b in range(feature.size) if names[b].startswith(typed)]
        if len(near) == 1:
            return near[0]
        listed = ", ".join(_box_words(feature))
        which = "could be several" if near else "is not one"
        raise BadInput(f"{text!r}: {' '.join(words)!r} {which} of the {_name(feature)}'s boxes ({listed}, or "
                       f"1-{feature.size})")

    def _values(self, state: Table, feature: Feature) -> tuple[int, ...]:
        sheet = state.players[state.seat].sheet
        return sheet.values[self.spec.features.index(feature)]

    # --- refusals: the rule, and what is legal instead ----------------------------------------------

    def _refusal(self, state: Table, wanted: Wanted) -> str:
        """Why the rules refuse what ``wanted`` names, with the legal actions nearest to it."""
        spec, sheet, roll = self.spec, state.players[state.seat].sheet, state.roll
        name, left = state.players[state.seat].name, state.players[state.seat].sheet.raindrops_left(spec)
        feature = wanted.feature
        if feature is None:
            if wanted.drops not in (None, 1):
                return f"nothing marks exactly 1 raindrop, not {wanted.drops} (rulebook: Adding a value to a feature)"
            return f"{name} has no raindrop left to mark (rulebook: Altering dice results)"
        said = f"{_name(feature)} {_box_words(feature)[wanted.box]} {wanted.value}"  # type: ignore[index]
        nearby = self._alternatives(state, feature)
        values = self._values(state, feature)
        if values[wanted.box] != EMPTY:  # type: ignore[index]
            return (f"{said}: that box holds a {values[wanted.box]} already; a value goes into an empty box "  # type: ignore[index]
                    f"(rulebook: Adding a value to a feature); {nearby}")
        if wanted.water and feature.group != spec.garden_group:
            return (f"{said} water: a tree is watered only with a value written in group {spec.garden_group} "
                    f"({spec.group_name(spec.garden_group)}) (rulebook: Watering fruit trees); {nearby}")
        if wanted.water and sheet.trees_watered >= spec.trees:
            return (f"{said} water: all {spec.trees} fruit trees are watered already (rulebook: Watering fruit "
                    f"trees); {nearby}")
        _, cost = rules.alteration(roll, feature.group, wanted.value)  # type: ignore[arg-type]
        cost += wanted.water
        rolled = f"{roll[0]} {roll[1]}"  # type: ignore[index]
        if cost > left:
            return (f"{said}{' water' if wanted.water else ''} takes {plural(cost, 'raindrop')} with the roll "
                    f"{rolled} and {name} has {left} left (rulebook: Altering dice results); {nearby}")
        if wanted.drops in (None, cost):  # only a hand-made Move gets here, its dice not the ones the rules pick
            (group_die, value_die), _ = rules.alteration(roll, feature.group, wanted.value)  # type: ignore[arg-type]
            return (f"{said}: the rules play the roll {rolled} for it with group_die={group_die}, "
                    f"value_die={value_die}: take the move from legal_actions")
        return (f"{said}{' water' if wanted.water else ''} marks {plural(cost, 'raindrop')} with the roll {rolled}, "
                f"at the lowest, not {wanted.drops} (rulebook: Altering dice results: one raindrop for each 1 a die "
                "is altered)")

    def _alternatives(self, state: Table, feature: Feature | None = None) -> str:
        """A few legal uses of the roll in ``feature``, cheapest first, else a few of all."""
        moves = sorted(self._moves(state), key=lambda m: m.raindrops)
        here = [m for m in moves if feature is not None and m.feature == feature.id]
        chosen, where = (here, f" in the {_name(feature)}") if here else (moves, "")  # type: ignore[arg-type]
        shown = ", ".join(self.format(state, m) for m in chosen[:SHOWN])
        more = f", … ({len(chosen)} in all)" if len(chosen) > SHOWN else ""
        return f"legal{where}: {shown}{more}"

    def _water_alone(self, state: Table, text: str) -> str:
        garden = self.spec.garden_group
        watering = sorted((m for m in self._moves(state) if m.water_tree), key=lambda m: m.raindrops)
        legal = ", ".join(self.format(state, m) for m in watering[:SHOWN]) or "none with this roll"
        return (f"{text!r}: a tree is watered with a value written in group {garden} "
                f"({self.spec.group_name(garden)}), after it (rulebook: Watering fruit trees); legal: {legal}")

    def _roll_first(self, action: Any) -> str:
        return (f"{action!r}: the dice are rolled first, once a turn for the whole table (rulebook: Playing the "
                f"Game): roll two dice, 1-{self.spec.faces} each")

    def _rolled_already(self, state: Table) -> str:
        name, (a, b) = state.players[state.seat].name, state.roll  # type: ignore[misc]
        return (f"the dice are rolled once a turn for the whole table and {name} now uses the roll {a} {b} "
                f"(rulebook: Playing the Game); {self._alternatives(state)}")

    # --- the score ---------------------------------------------------------------------------------

    def standings(self, state: Table) -> ScoreResult:
        """The existing scorer on the sheets as they stand (rulebook: Scoring; the tie-breaks: most
        unused raindrops, then the youngest player)."""
        return score(self.spec, state.players, setup=True)


def _name(feature: Feature) -> str:
    return feature.title.lower()


def _box_words(feature: Feature) -> tuple[str, ...]:
    """Each box's name, cut to the fewest leading words that tell it from the feature's other
    boxes ("second" for "second from the bottom")."""
    names = [b.lower().split() for b in feature.boxes]
    for k in range(1, max(map(len, names)) + 1):
        cut = [" ".join(n[:k]) for n in names]
        if len(set(cut)) == len(cut):
            return tuple(cut)
    return tuple(" ".join(n) for n in names)


def _words(text: str) -> list[str]:
    text = re.sub(r"\+\s*water\b", " water", text.lower().replace("_", " "))
    return text.replace("(", " ( ").replace(")", " ) ").split()


def _stated_drops(words: list[str]) -> tuple[list[str], int | None]:
    """The words without a trailing raindrop count ("(2 drops)", "1 raindrop"), and the count."""
    for k in (4, 2):
        match = re.fullmatch(r"\( ([0-9]+) (?:rain)?drops? \)|([0-9]+) (?:rain)?drops?", " ".join(words[-k:]))
        if match and len(words) >= k:
            return words[:-k], numbers.whole_number(match.group(1) or match.group(2), "raindrops")
    return words, None


def rules_for(spec: Spec) -> ArtisansRules:
    return ArtisansRules(spec)
