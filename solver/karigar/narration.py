"""Karigar-e-Taj events in words (``solver/narration.py``): a section built and what it brings, a
level completed, the Elephant hired, the workers moved and what they do on each space, the main
action's net result, the turn passing on, the cards drawn for the Bazaar and the Alliance slots,
and at the end what each player shows and the winner.

Rulebook (Building the Taj Mahal): a build pays the Level tile's resources, takes the top Taj Point
token and a Bakshish card (two and the First Player Marker for a level's last section), and its
Bazaar card is replaced (Bazaar Change); a completed level recalls the workers, replenishes the
Alliance cards and unlocks the Elephants (level 1) or a third worker (level 2) (Replenish Phase).
Game End: the game ends when the last section is built; then everyone's Taj Points are added up.
"""

from __future__ import annotations

from tajkit.solver import narration
from tajkit.solver.karigar.protocol import rules_for
from tajkit.solver.karigar.state import AFTER, OVER, TURN, Action, Build, Do, Draw, End, Go, Hire, KarigarState, Pass, Ride, Show
from tajkit.solver.karigar.rules import SUPPLY, Card, Space, current_level, lay_out
from tajkit.solver.karigar.spec import Spec
from tajkit.solver.ranking import join_names, plural

SHOWN = {"blueprint": "their Blueprint card", "bonus": "their Blueprint bonus", "bakshish": "a Bakshish card"}


def tell(spec: Spec, before: KarigarState, action: Action, after: KarigarState) -> tuple[str, ...]:
    """What ``action`` did, in one to three sentences (see the module's docstring)."""
    if isinstance(action, Draw):
        return narration.told(*_drawn(spec, before, action))
    name = before.seats[before.seat].name
    if isinstance(action, Show):
        said = [f"{name} showed {SHOWN[action.what]}: {plural(action.points, 'Taj Point')}"]
        if after.phase != OVER:
            return narration.told(said)
        return narration.told(said, end=narration.game_over(rules_for(spec).standings(after)))
    if isinstance(action, Build):
        must, may = _built(spec, before, action.section, after)
    else:
        must, may = [_did(spec, before, name, action)], []
        if after.main is None and not isinstance(action, (End, Pass)):
            bought_now = isinstance(action, Do) and action.act.buy  # said already, with its price
            must.append(_main_done(spec, before, name, after, not bought_now))
    if after.phase == AFTER and after.seat == before.seat and not after.built_now:
        may.append(f"{name} holds what level {current_level(spec, after.built)} needs and may build, or end the turn")
    if _turn_over(action, after):
        may.append(f"{after.seats[after.seat].name} plays next")
    return narration.told(must, may)


# --- the parts of a turn ------------------------------------------------------------------------------


def _did(spec: Spec, before: KarigarState, name: str, action: Action) -> str:
    """A move, a hire, an act on a space, a pass or the turn's end, in words."""
    spaces = _spaces(spec, before)
    if isinstance(action, Go):
        where = _where(spaces[action.space])
        count = plural(len(action.origins), "worker")
        if set(action.origins) == {SUPPLY}:
            return f"{name} placed {count} from the supply on {where}"
        origins = join_names([_where(spaces[o]) if o != SUPPLY else "the supply" for o in dict.fromkeys(action.origins)])
        moved = f"{name} moved {count} from {origins} to {where}"
        return moved if len(moved) < narration.MOST_CHARACTERS else f"{name} moved {count} to {where}"
    if isinstance(action, Ride):
        main = before.main
        origin = main.elephant_from if main is not None and main.elephant_from is not None else before.seats[before.seat].elephant
        return f"{name} moved their Elephant from {_where(spaces[origin])} to {_where(spaces[action.space])}"  # type: ignore[index]
    if isinstance(action, Hire):
        return f"{name} hired an Elephant for {resources(spec, spec.hire[action.price])} and placed it on {_where(spaces[action.space])}"
    if isinstance(action, Do):
        return _act(spec, spaces, name, action)
    if isinstance(action, Pass):
        return f"{name} cannot move every worker to a space the rules allow, and forgoes the main action"
    assert isinstance(action, End)
    return f"{name} ended their turn"


def _act(spec: Spec, spaces: tuple[Space, ...], name: str, action: Do) -> str:
    """What is done on one space (rulebook: 1.1 Acquiring Resources, 1.3 Trading Spaces, 1.4
    Acquire an Alliance Card)."""
    act = action.act
    space = spaces[act.space]
    where = _where(space)
    if act.buy:
        gave_up = f", giving up their card worth {plural(action.discard.points, 'Taj Point')}" if action.discard else ""
        return (f"{name} bought {where} ({plural(space.points, 'Taj Point')} at the end) for "
                f"{resources(spec, space.cost)}{gave_up}")
    if any(act.take):
        return f"{name} took {resources(spec, act.take)} at {where}"
    if act.use:
        swaps = " and ".join(f"{resources(spec, space.options[o].give)} for {resources(spec, space.options[o].get)}"
                             for o in act.use)
        return f"{name} exchanged {swaps} at {where}"
    if any(act.sell):
        silver = [0] * len(spec.resources)
        silver[spec.silver] = sum(act.sell) * spec.sell_silver
        return f"{name} sold {resources(spec, act.sell)} for {resources(spec, silver)} at {where}"
    return f"{name} did nothing at {where}"


def _main_done(spec: Spec, before: KarigarState, name: str, after: KarigarState, purchases: bool) -> str:
    """The main action resolved (the acts with one choice resolve by themselves): what the player
    holds more and less than when the turn began, and with ``purchases`` the Alliance cards bought
    (rulebook: 1.4 Acquire an Alliance Card)."""
    me, now = before.seats[before.seat], after.seats[before.seat]
    gained = resources(spec, [max(0, b - a) for a, b in zip(me.holding, now.holding)])
    paid = resources(spec, [max(0, a - b) for a, b in zip(me.holding, now.holding)])
    said = (f"In all, {name} gained and paid nothing" if gained == paid == "nothing" else
            f"In all, {name} gained {gained} and paid {paid}")
    bought = [o for o in now.alliances if o not in me.alliances]
    if bought and purchases:
        worth = join_names([plural(o.points, "Taj Point") for o in bought])
        said += f", buying {'an Alliance card' if len(bought) == 1 else f'{len(bought)} Alliance cards'} worth {worth}"
    return said


def _turn_over(action: Action, after: KarigarState) -> bool:
    """A player's action that leaves the next turn about to begin ended the turn (the steps
    that leave no choice, the end of a turn with no build possible, happen by themselves)."""
    return after.phase == TURN and after.main is None and not after.built_now and not isinstance(action, (Draw, Show))


# --- a build --------------------------------------------------------------------------------------------


def _built(spec: Spec, before: KarigarState, section: int, after: KarigarState) -> tuple[list[str], list[str]]:
    """The section built, its price and what it brings; the level completed, the game's end, the
    Bazaar card replaced (rulebook: Building the Taj Mahal)."""
    me, now = before.seats[before.seat], after.seats[before.seat]
    level = spec.level_of(section)
    token = now.tokens[-1]
    cards = plural(len(now.bakshish) - len(me.bakshish), "Bakshish card")
    brought = f"{plural(token, 'Taj Point')} and {cards}"
    built = f"{me.name} built section {section} (level {level}) for {resources(spec, before.tiles[level - 1])}: {brought}"
    if len(built) >= narration.MOST_CHARACTERS:
        built = f"{me.name} built section {section} (level {level}), paying the Level tile: {brought}"
    must = [built]
    if len(after.built) == spec.sections:
        must.append("That was the last section of the Taj Mahal: the game is over, and everyone shows their Blueprint "
                    "and Bakshish cards")
        return must, []
    if current_level(spec, after.built) > level:
        unlocked = ("; Elephants can now be hired" if level == spec.elephants_after else
                    "; everyone gains a third worker" if level == spec.extra_worker_after else "")
        must.append(f"Level {level} is complete: every worker returns, and {me.name} takes the First Player Marker "
                    f"and starts the new round{unlocked}")
    may = [f"Bazaar card {section} is discarded and the table draws its replacement"] if before.pile else []
    return must, may


# --- chance ---------------------------------------------------------------------------------------------


def _drawn(spec: Spec, before: KarigarState, action: Draw) -> tuple[list[str], list[str]]:
    """The Bazaar card drawn for a built section's place (Bazaar Change), or a new Alliance card
    (Replenish Phase)."""
    kind, where = before.draws[0]
    card = action.card
    if not isinstance(card, Card):
        slot = _spaces(spec, before)[where].id
        return [f"The table drew a new Alliance card for {slot}: {plural(card.points, 'Taj Point')} for "
                f"{resources(spec, card.cost)}"], []
    colour = "yellow" if card.yellow else "blue"
    options = " or ".join(f"{resources(spec, o.give)} for {resources(spec, o.get)}" for o in card.options)
    return ([f"The table drew the new Bazaar card {where}, a {colour} card earning {resources(spec, card.earn)}"],
            [f"Its exchange side trades {options}"] if options else [])


# --- words ------------------------------------------------------------------------------------------------


def resources(spec: Spec, amounts: tuple[int, ...] | list[int]) -> str:
    """"2 Scaffolding and 1 Silver Mohur", "3 Silver Mohurs", "1 Gem", "nothing" (the rulebook's names)."""
    parts = [f"{n} {_named(spec.resources[k].name, n)}" for k, n in enumerate(amounts) if n]
    return join_names(parts) if parts else "nothing"


def _named(name: str, n: int) -> str:
    """The rulebook's count words: "1 Gem", "2 Gems"; "1 Silver Mohur", "2 Silver Mohurs"."""
    if name.endswith("Mohur") and n != 1:
        return name + "s"
    if name.endswith("s") and n == 1:
        return name[:-1]
    return name


def _where(space: Space) -> str:
    """A space in words: "Bazaar card 5's earn side", "the Trade card T1 (sell)", "the Alliance card on A1"."""
    if space.card is not None:
        return f"Bazaar card {space.card}'s {'earn' if space.kind == 'earn' else 'exchange'} side"
    if space.kind == "alliance":
        return f"the Alliance card on {space.id}"
    return f"the Trade card {space.id} ({'sell' if space.kind == 'sell' else 'Silver for Gold'})"


def _spaces(spec: Spec, state: KarigarState) -> tuple[Space, ...]:
    slots = [s.name for s in spec.slots if s.kind == "alliance"]
    offers = {slot: o for slot, o in zip(slots, state.offers) if o is not None}
    return lay_out(spec, dict(zip(spec.cards, state.cards)), offers)
