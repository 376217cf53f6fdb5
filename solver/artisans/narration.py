"""Artisans of the Taj Mahal events in words (``solver/narration.py``): the roll, each player's use
of it on their sheet, a feature completed, the last turn announced and the game's end.

Rulebook (Playing the Game): one roll a turn for the whole table, then every player writes a value
in a box of their own sheet, marking raindrops to alter the dice or to water a fruit tree, or writes
nothing and marks a raindrop. Rulebook (End of the Game): once a sheet is full or has used its last
raindrop, the other players finish the turn and the game is over.
"""

from __future__ import annotations

from tajkit.solver import narration
from tajkit.solver.artisans import rules
from tajkit.solver.artisans.notation import Action, Ahead, Roll
from tajkit.solver.artisans.protocol import Table, rules_for
from tajkit.solver.artisans.rules import EMPTY, Move, Sheet
from tajkit.solver.artisans.spec import Feature, Spec
from tajkit.solver.ranking import plural


def tell(spec: Spec, before: Table, action: Action, after: Table) -> tuple[str, ...]:
    """What ``action`` did, in one to three sentences (see the module's docstring)."""
    if isinstance(action, Roll):
        a, b = action.dice
        return narration.told([f"Turn {after.turn}: the table rolled {a} and {b}"])
    seat, move = (action.seat, action.move) if isinstance(action, Ahead) else (before.seat, action)
    name, sheet = before.players[seat].name, after.players[seat].sheet
    over = rules_for(spec).to_act(after) is None
    ended = _ended(spec, before, name, sheet)
    if not over:
        last = [f"{ended}: this is the last turn — everyone finishes it"] if ended else []
        return narration.told([used(spec, name, move, sheet), *last], _completed(spec, move, sheet))
    end = narration.game_over(rules_for(spec).standings(after), ended or f"after turn {after.turn}")
    return narration.told([used(spec, name, move, sheet)], _completed(spec, move, sheet), end)


def used(spec: Spec, name: str, move: Move, sheet: Sheet) -> str:
    """"Babur wrote 6 in the Dome's left box, spending 1 raindrop (4 left).\""""
    left = sheet.raindrops_left(spec)
    if move.skip:
        return f"{name} wrote nothing and marked a raindrop ({left} left)"
    feature = spec.by_id[move.feature]  # type: ignore[index]
    water = " and watered a fruit tree" if move.water_tree else ""
    spent = f", spending {plural(move.raindrops, 'raindrop')} ({left} left)" if move.raindrops else ""
    return f"{name} wrote {move.value} in {_box(feature, move.box)}{water}{spent}"  # type: ignore[arg-type]


def _box(feature: Feature, box: int) -> str:
    """"the Dome's left box", "the Left minaret's box second from the bottom"."""
    words = feature.boxes[box]
    return f"the {feature.title}'s {words} box" if " " not in words else f"the {feature.title}'s box {words}"


def _completed(spec: Spec, move: Move, sheet: Sheet) -> list[str]:
    """The feature the move filled, and what it scores (rulebook: Scoring Conditions)."""
    if move.skip:
        return []
    feature = spec.by_id[move.feature]  # type: ignore[index]
    values = sheet.values[spec.features.index(feature)]
    if EMPTY in values:
        return []
    why = rules.failure(feature, values)
    if why is None:
        return [f"The {feature.title} is complete and scores {plural(feature.stars, 'star')}"]
    return [f"The {feature.title} is complete but scores nothing: {why}"]


def _ended(spec: Spec, before: Table, name: str, sheet: Sheet) -> str:
    """"Babur marked their 15th raindrop": the sheet that ends the game (rulebook: End of the
    Game), said once, by the first player to fill their sheet or use their last raindrop; "" for
    any other move."""
    if not sheet.ends_game(spec) or any(p.sheet.ends_game(spec) for p in before.players):
        return ""
    if sheet.is_full():
        return f"{name} filled the last box of their sheet"
    return f"{name} marked their {narration.ordinal(spec.raindrops)} raindrop"
