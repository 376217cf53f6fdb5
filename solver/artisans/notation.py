"""Artisans of the Taj Mahal's actions and their notation: what a player types for the roll and for
their use of it, and the refusals in the rulebook's words (``protocol.py`` holds the rules that
say which uses are legal).

- ``roll 4 6``: the two dice of the turn (``roll 46`` too; chance).
- ``dome middle 5``: write 5 in the Dome's middle box. The feature is named by its title (or its
  state-file key), the box by the first word(s) of its name that tell it apart (``left minaret
  second 3``, ``left facade top-left 4``) or its number (``dome 2 5``), and may be left out when
  the feature has one empty box left (``dome 5``).
- a suffix ``water`` waters a fruit tree with a value written in the garden group
  (``waterway top 3 water``);
- ``nothing``: write nothing and mark one raindrop.
- ``Ben: dome middle 5``: Ben's use of the roll, entered before his turn in seat order comes.

The raindrops an action marks are the rules' own, at their lowest (``rules.legal_moves``): the
notation prints them, ``dome middle 5 (1 drop)``, and a typed count is checked against them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cache
from typing import TYPE_CHECKING, Any

from tajkit.solver import numbers
from tajkit.solver.artisans.rules import EMPTY, Move, alteration
from tajkit.solver.artisans.spec import Feature, Spec
from tajkit.solver.errors import BadInput, IllegalMove
from tajkit.solver.protocol import CHANCE
from tajkit.solver.ranking import plural
from tajkit.solver.wording import closest

if TYPE_CHECKING:
    from tajkit.solver.artisans.protocol import ArtisansRules, Table

SKIP_WORDS = ("nothing", "skip", "pass")
WATER_WORDS = ("water", "+water")
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
class Wanted:
    """What a player's text names, before the rules are asked: a value for a box, or nothing."""

    feature: Feature | None
    box: int | None
    value: int | None
    water: bool
    drops: int | None  # the raindrops the text states, if it states them


# --- format --------------------------------------------------------------------------------------


def format_action(spec: Spec, state: Table, action: Action) -> str:
    if isinstance(action, Ahead):
        return f"{state.players[action.seat].name}: {format_action(spec, state, action.move)}"
    if isinstance(action, Roll):
        return f"roll {action.dice[0]} {action.dice[1]}"
    drops = f" ({plural(action.raindrops, 'drop')})" if action.raindrops else ""
    if action.skip:
        return f"nothing{drops}"
    feature = spec.by_id[action.feature]  # type: ignore[index]
    water = " water" if action.water_tree else ""
    return f"{feature_name(feature)} {box_words(feature)[action.box]} {action.value}{water}{drops}"  # type: ignore[index]


def feature_name(feature: Feature) -> str:
    return feature.title.lower()


def box_words(feature: Feature) -> tuple[str, ...]:
    """Each box's name, cut to the fewest leading words that tell it from the feature's other
    boxes ("second" for "second from the bottom")."""
    names = [b.lower().split() for b in feature.boxes]
    for k in range(1, max(map(len, names)) + 1):
        cut = [" ".join(n[:k]) for n in names]
        if len(set(cut)) == len(cut):
            return tuple(cut)
    return tuple(" ".join(n) for n in names)


# --- parse ---------------------------------------------------------------------------------------


def parse_action(rules: ArtisansRules, state: Table, text: str) -> Action:
    """The action ``text`` names in ``state``: the roll when chance acts, else a use of the roll
    (``Name: ...`` for a player's entered ahead of their turn), found among the legal ones."""
    who = rules.to_act(state)
    if who is None:
        raise IllegalMove(f"{text!r}: the game is over (rulebook: End of the Game)")
    seat, rest = named_seat(state, text)
    if seat is not None:
        check_ahead(state, seat, repr(text))
        move = _parse_use(rules, replace(state, seat=seat), rest)
        return move if seat == state.seat else Ahead(seat, move)
    if who == CHANCE:
        return parse_roll(rules.spec, text)
    return _parse_use(rules, state, text)


def _parse_use(rules: ArtisansRules, state: Table, text: str) -> Move:
    """The use of the roll ``text`` names for the player whose seat ``state`` gives."""
    words = _words(text)
    if words and words[0] == "roll":
        raise IllegalMove(rolled_already(rules, state))
    wanted = _wanted(rules, state, text, words)
    uses = rules.uses(state)
    if wanted.feature is None:
        found = next((m for m in uses if m.skip), None)
    else:
        found = next((m for m in uses if not m.skip and m.feature == wanted.feature.id
                      and m.box == wanted.box and m.value == wanted.value and m.water_tree == wanted.water), None)
    if found is None or wanted.drops not in (None, found.raindrops):
        raise IllegalMove(refusal(rules, state, wanted))
    return found


def named_seat(state: Table, text: str) -> tuple[int | None, str]:
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


def check_ahead(state: Table, seat: int, text: str) -> None:
    """``seat`` may enter its use of the roll now: the dice are rolled and it has not used them."""
    if state.roll is None:
        raise IllegalMove(f"{text}: the dice are rolled first, once a turn for the whole table (rulebook: Playing "
                          "the Game): type the two dice, e.g. roll 4 6")
    name = state.players[seat].name
    if seat not in state.still_to_use():
        a, b = state.roll
        raise IllegalMove(f"{text}: {name} has used the roll {a} {b} already (rulebook: Playing the Game, each "
                          "player uses the roll once)")


def parse_roll(spec: Spec, text: str) -> Roll:
    words = _words(text)
    if words[:1] == ["roll"]:
        words = words[1:]
    if len(words) == 1 and len(words[0]) == 2:
        words = list(words[0])  # "roll 46"
    if len(words) != 2 or not all(numbers.looks_numeric(w) for w in words):
        raise BadInput(f"{text!r}: the dice are rolled first, once a turn for the whole table (rulebook: Playing "
                       f"the Game): type the two dice, e.g. roll 4 6")
    dice = tuple(numbers.whole_number(w, repr(text)) for w in words)
    if not all(1 <= d <= spec.faces for d in dice):
        raise IllegalMove(f"{text!r}: each die shows 1-{spec.faces} (rulebook: Setting Up)")
    return Roll(dice)  # type: ignore[arg-type]


def _wanted(rules: ArtisansRules, state: Table, text: str, words: list[str]) -> Wanted:
    """The feature, box, value, watering and stated raindrops ``words`` name (``BadInput`` for
    text that names none; whether the rules allow it is asked afterwards)."""
    spec = rules.spec
    words, drops = _stated_drops(words)
    if words and words[0] in SKIP_WORDS and len(words) == 1:
        return Wanted(None, None, None, False, drops)
    water = bool(words) and words[-1] in WATER_WORDS
    if water:
        words = words[:-1]
    if not words:
        raise IllegalMove(_water_alone(rules, state, text))
    feature, rest = _feature(spec, text, words)
    value_at = next((k for k in range(len(rest) - 1, -1, -1) if numbers.looks_numeric(rest[k])), None)
    names = {w for b in feature.boxes for w in b.lower().replace("-", " ").split()}
    if value_at is not None and not names.issuperset(rest[value_at + 1:]):
        raise BadInput(_after_value(text, rest[value_at + 1:]))
    if not rest or not numbers.looks_numeric(rest[-1]):
        raise BadInput(f"{text!r}: give the value to write after the box, e.g. "
                       f"{feature_name(feature)} {box_words(feature)[0]} {spec.faces}")
    value = numbers.whole_number(rest[-1], repr(text))
    if not 1 <= value <= spec.faces:
        raise IllegalMove(f"{text!r}: a value is a die result, 1-{spec.faces} (rulebook: Altering dice results)")
    box = _box(rules, state, text, feature, rest[:-1], value)
    return Wanted(feature, box, value, water, drops)


def _after_value(text: str, unknown: list[str]) -> str:
    """``dome middle 5 watr``: the words after the value that are not the notation's, and the
    word they most likely misspell."""
    typed = " ".join(unknown)
    close = closest(typed, list(WATER_WORDS[:1]))
    meant = f" (did you mean {close}?)" if close else ""
    return (f"{text!r}: {typed!r} after the value is not a word of the notation{meant}: after the value comes "
            "water to water a tree, or the raindrops it costs, e.g. (1 drop)")


def _feature(spec: Spec, text: str, words: list[str]) -> tuple[Feature, list[str]]:
    for names, feature in _feature_names(spec):
        if tuple(words[: len(names)]) == names:
            return feature, words[len(names):]
    titles = ", ".join(feature_name(f) for f in spec.features)
    raise BadInput(f"{text!r}: name a feature ({titles}), then its box and the value (e.g. dome middle 5), "
                   "or write nothing")


@cache
def _feature_names(spec: Spec) -> list[tuple[tuple[str, ...], Feature]]:
    """Every way to name each feature, as words; the longest first, so "left orchard" is not
    read as a feature "left" followed by a box."""
    names = []
    for f in spec.features:
        for name in (feature_name(f), *(key.replace("_", " ") for key in (f.id, *f.aliases))):
            names += [(tuple(name.split()), f), ((name.replace(" ", "-"),), f)]
    return sorted(set(names), key=lambda n: -len(n[0]))


def _box(rules: ArtisansRules, state: Table, text: str, feature: Feature, words: list[str], value: int) -> int:
    values = _values(rules.spec, state, feature)
    if not words:
        empty = [b for b, v in enumerate(values) if v == EMPTY]
        if len(empty) == 1:
            return empty[0]
        shown = feature_name(feature)
        if not empty:
            raise IllegalMove(f"{text!r}: every box of the {shown} is filled; a value goes into an empty box "
                              f"(rulebook: Adding a value to a feature); {alternatives(rules, state)}")
        boxes = " or ".join(f"{shown} {box_words(feature)[b]} {value}" for b in empty)
        raise BadInput(f"{text!r}: the {shown} has {len(empty)} empty boxes: say which, {boxes}")
    typed = " ".join(words).replace("-", " ")
    if numbers.looks_numeric(typed) and 1 <= numbers.whole_number(typed, repr(text)) <= feature.size:
        return int(typed) - 1
    names = [b.lower().replace("-", " ") for b in feature.boxes]
    shorts = [s.replace("-", " ") for s in box_words(feature)]
    exact = [b for b in range(feature.size) if typed in (names[b], shorts[b])]
    near = exact or [b for b in range(feature.size) if names[b].startswith(typed)]
    if len(near) == 1:
        return near[0]
    listed = ", ".join(box_words(feature))
    which = "could be several" if near else "is not one"
    raise BadInput(f"{text!r}: {' '.join(words)!r} {which} of the {feature_name(feature)}'s boxes ({listed}, or "
                   f"1-{feature.size})")


def _values(spec: Spec, state: Table, feature: Feature) -> tuple[int, ...]:
    sheet = state.players[state.seat].sheet
    return sheet.values[spec.features.index(feature)]


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


# --- refusals: the rule, and what is legal instead ------------------------------------------------


def refusal(rules: ArtisansRules, state: Table, wanted: Wanted) -> str:
    """Why the rules refuse what ``wanted`` names, with the legal actions nearest to it."""
    spec, sheet, roll = rules.spec, state.players[state.seat].sheet, state.roll
    name, left = state.players[state.seat].name, state.players[state.seat].sheet.raindrops_left(spec)
    feature = wanted.feature
    if feature is None:
        if wanted.drops not in (None, 1):
            return f"nothing marks exactly 1 raindrop, not {wanted.drops} (rulebook: Adding a value to a feature)"
        return f"{name} has no raindrop left to mark (rulebook: Altering dice results)"
    said = f"{feature_name(feature)} {box_words(feature)[wanted.box]} {wanted.value}"  # type: ignore[index]
    nearby = alternatives(rules, state, feature)
    values = _values(spec, state, feature)
    if values[wanted.box] != EMPTY:  # type: ignore[index]
        return (f"{said}: that box holds a {values[wanted.box]} already; a value goes into an empty box "  # type: ignore[index]
                f"(rulebook: Adding a value to a feature); {nearby}")
    if wanted.water and feature.group != spec.garden_group:
        return (f"{said} water: a tree is watered only with a value written in group {spec.garden_group} "
                f"({spec.group_name(spec.garden_group)}) (rulebook: Watering fruit trees); {nearby}")
    if wanted.water and sheet.trees_watered >= spec.trees:
        return (f"{said} water: all {spec.trees} fruit trees are watered already (rulebook: Watering fruit "
                f"trees); {nearby}")
    _, cost = alteration(roll, feature.group, wanted.value)  # type: ignore[arg-type]
    cost += wanted.water
    rolled = f"{roll[0]} {roll[1]}"  # type: ignore[index]
    if cost > left:
        return (f"{said}{' water' if wanted.water else ''} takes {plural(cost, 'raindrop')} with the roll "
                f"{rolled} and {name} has {left} left (rulebook: Altering dice results); {nearby}")
    if wanted.drops in (None, cost):  # only a hand-made Move gets here, its dice not the ones the rules pick
        (group_die, value_die), _ = alteration(roll, feature.group, wanted.value)  # type: ignore[arg-type]
        return (f"{said}: the rules play the roll {rolled} for it with group_die={group_die}, "
                f"value_die={value_die}: take the move from legal_actions")
    return (f"{said}{' water' if wanted.water else ''} marks {plural(cost, 'raindrop')} with the roll {rolled}, "
            f"at the lowest, not {wanted.drops} (rulebook: Altering dice results: one raindrop for each 1 a die "
            "is altered)")


def alternatives(rules: ArtisansRules, state: Table, feature: Feature | None = None) -> str:
    """A few legal uses of the roll in ``feature``, cheapest first, else a few of all."""
    moves = sorted(rules.uses(state), key=lambda m: m.raindrops)
    here = [m for m in moves if feature is not None and m.feature == feature.id]
    chosen, where = (here, f" in the {feature_name(feature)}") if here else (moves, "")  # type: ignore[arg-type]
    shown = ", ".join(format_action(rules.spec, state, m) for m in chosen[:SHOWN])
    more = f", … ({len(chosen)} in all)" if len(chosen) > SHOWN else ""
    return f"legal{where}: {shown}{more}"


def _water_alone(rules: ArtisansRules, state: Table, text: str) -> str:
    garden = rules.spec.garden_group
    watering = sorted((m for m in rules.uses(state) if m.water_tree), key=lambda m: m.raindrops)
    legal = ", ".join(format_action(rules.spec, state, m) for m in watering[:SHOWN]) or "none with this roll"
    return (f"{text!r}: a tree is watered with a value written in group {garden} "
            f"({rules.spec.group_name(garden)}), after it (rulebook: Watering fruit trees); legal: {legal}")


def roll_first(spec: Spec, action: Any) -> str:
    return (f"{action!r}: the dice are rolled first, once a turn for the whole table (rulebook: Playing the "
            f"Game): roll two dice, 1-{spec.faces} each")


def rolled_already(rules: ArtisansRules, state: Table) -> str:
    name, (a, b) = state.players[state.seat].name, state.roll  # type: ignore[misc]
    return (f"the dice are rolled once a turn for the whole table and {name} now uses the roll {a} {b} "
            f"(rulebook: Playing the Game); {alternatives(rules, state)}")
