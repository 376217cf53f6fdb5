"""A Karigar-e-Taj setup: its shape (the players, the Level tiles, the Taj point tokens, the Bazaar
and Alliance cards as they lie and in their decks, optionally the Bakshish deck and each Blueprint:
full information), its checks in the rulebook's words, the state it starts, and a random one for
tests and simulations."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Annotated, Any, Literal, Optional

from pydantic import ConfigDict, Field, create_model

from tajkit.solver import statefile, wording
from tajkit.solver.errors import BadState
from tajkit.solver.karigar import samples
from tajkit.solver.karigar.bazaar import alliance_names
from tajkit.solver.karigar.files import bag_model, card_model, card_of, card_shape_problems, offer_model
from tajkit.solver.karigar.rules import SUPPLY, Card, Offer
from tajkit.solver.karigar.spec import GAME_ID, Spec, counts, repeated
from tajkit.solver.karigar.state import MOST_POINTS, KarigarState, Seat
from tajkit.solver.statefields import PlayerName


@cache
def setup_model(spec: Spec) -> Any:
    strict = ConfigDict(extra="forbid", strict=True)
    held = bag_model(spec, 99, "held")
    needed = bag_model(spec, 20, "needed")
    section = Annotated[int, Field(ge=1, le=spec.sections)]
    points = Annotated[int, Field(ge=0, le=MOST_POINTS)]
    player = create_model(
        "KarigarSeat",
        __config__=strict,
        name=(PlayerName, Field(description="the player's name, in seat order (clockwise from the first player)")),
        resources=(held, Field(default_factory=held, description="the Starting Resource card's resources")),
        ai=(bool, Field(default=False, description="an Ustad AI player (not supported yet)")),
        blueprint_sections=(Optional[list[section]], Field(default=None, max_length=spec.sections,
                                                           description="optional (full information): the Blueprint's sections")),
        blueprint_bonus=(Optional[points], Field(default=None, description="optional (full information): the Blueprint's bonus")),
    )
    return create_model(
        "KarigarSetup",
        __config__=strict,
        game=(Literal["karigar"], Field(description='always "karigar"')),
        players=(list[player], Field(min_length=spec.fewest_players, max_length=spec.most_players)),  # type: ignore[valid-type]
        level_tiles=(list[needed], Field(min_length=spec.level_count, max_length=spec.level_count,  # type: ignore[valid-type]
                                         description="each level's Level tile, level 1 first: what one section costs")),
        token_stacks=(list[list[points]], Field(min_length=spec.level_count, max_length=spec.level_count,
                                                description="each level's Taj point tokens, top first")),
        bazaar=(list[card_model(spec, True)], Field(description="the Bazaar cards as they lie")),  # type: ignore[misc]
        bazaar_deck=(list[card_model(spec, False)], Field(default=[], max_length=40,  # type: ignore[misc]
                                                          description="the Bazaar draw pile's cards")),
        alliances=(list[offer_model(spec, True)], Field(default=[], description="the Alliance cards on offer")),  # type: ignore[misc]
        alliance_deck=(list[offer_model(spec, False)], Field(default=[], max_length=20,  # type: ignore[misc]
                                                             description="the Alliance deck's cards")),
        bakshish_deck=(Optional[list[points]], Field(default=None, max_length=60,
                                                     description="optional (full information): the Bakshish deck's Taj points, top first")),
        bakshish_cards=(Annotated[int, Field(ge=0, le=60)], Field(default=34, description="how many Bakshish cards (Components: 34)")),
    )


def setup_problems(spec: Spec, p: Any) -> list[str]:
    problems = []
    for name, times in repeated([s.name for s in p.players]):
        problems.append(f"players: the name {wording.show(name)} appears {times} times: each player needs their own name")
    for s in p.players:
        if s.ai:
            problems.append(f"players: {wording.shown(s.name, 30)} is an AI player: games with Ustad cards "
                            "(rulebook: Game Play with Ustad Cards) are not supported yet")
    numbers = [c.card for c in p.bazaar]
    if sorted(numbers) != sorted(spec.cards):
        problems.append(f"bazaar: give the {len(spec.cards)} Bazaar cards 1-{len(spec.cards)} as they lie, each once")
    for c in p.bazaar:
        problems += card_shape_problems(spec, f"bazaar card {c.card}", c)
    for k, c in enumerate(p.bazaar_deck):
        problems += card_shape_problems(spec, f"bazaar_deck[{k + 1}]", c)
    slots = [s.name for s in spec.slots if s.kind == "alliance"]
    for space, times in repeated([a.space for a in p.alliances]):
        problems.append(f"alliances: {times} cards on {space}: one card lies on each Alliance slot")
    for a in p.alliances:
        if a.space not in slots:
            problems.append(f"alliances: {a.space} is not an Alliance slot of the Bazaar grid ({', '.join(slots)})")
    for k, stack in enumerate(p.token_stacks):
        if len(stack) != spec.tokens_per_level or list(stack) != sorted(stack, reverse=True):
            problems.append(f"token_stacks level {k + 1} = {list(stack)}: {spec.tokens_per_level} tokens stacked in "
                            "descending order, highest on top (rulebook: Setting Up 4-5)")
    for k, tile in enumerate(p.level_tiles):
        if not any(counts(spec, tile.model_dump())):
            problems.append(f"level_tiles[{k + 1}]: give what one section of level {k + 1} costs (rulebook: Level Tiles)")
    return problems


def start(spec: Spec, setup: Mapping[str, Any]) -> KarigarState:
    """The state after the setup; a setup that breaks a rule is ``BadState`` naming each problem."""
    statefile.check_game(dict(setup), GAME_ID)
    p: Any = statefile.validate(setup_model(spec), dict(setup))
    problems = setup_problems(spec, p)
    if problems:
        raise BadState(*problems)
    by_number = {c.card: card_of(spec, c) for c in p.bazaar}
    on_offer = {a.space: Offer(counts(spec, a.cost.model_dump()), a.points) for a in p.alliances}
    bakshish = tuple(p.bakshish_deck) if p.bakshish_deck is not None else (None,) * p.bakshish_cards
    seats = tuple(
        Seat(
            name=s.name,
            workers=(SUPPLY,) * spec.workers_start,
            elephant=None,
            holding=counts(spec, s.resources.model_dump()),
            blueprint=tuple(s.blueprint_sections) if s.blueprint_sections is not None else None,
            bonus=s.blueprint_bonus,
        )
        for s in p.players
    )
    return KarigarState(
        seats=seats,
        cards=tuple(by_number[n] for n in spec.cards),
        pile=tuple(card_of(spec, c) for c in p.bazaar_deck),
        offers=tuple(on_offer.get(n) for n in alliance_names(spec)),
        alliance_pile=tuple(Offer(counts(spec, a.cost.model_dump()), a.points) for a in p.alliance_deck),
        tiles=tuple(counts(spec, t.model_dump()) for t in p.level_tiles),
        stacks=tuple(tuple(s) for s in p.token_stacks),
        token_stacks=tuple(tuple(s) for s in p.token_stacks),
        bakshish_pile=bakshish,
    )


def random_setup(spec: Spec, rng: random.Random, players: int) -> dict[str, Any]:
    """Random components of the rulebook's shape (tajkit does not know the real cards: see
    ``samples``), with full information: the Bakshish deck in order and each Blueprint."""
    basic = list(spec.basic)
    precious = [k for k, r in enumerate(spec.resources) if r.group == "precious"]

    def bag(amounts: Sequence[int]) -> dict[str, int]:
        return {spec.ids[k]: n for k, n in enumerate(amounts) if n}

    def card(c: Card) -> dict[str, Any]:
        return {"colour": "yellow" if c.yellow else "blue", "earn": bag(c.earn),
                "exchange": [{"give": bag(o.give), "get": bag(o.get)} for o in c.options]}

    def offer() -> dict[str, Any]:
        cost = Counter(rng.choice(basic + precious) for _ in range(rng.randint(1, 3)))
        return {"cost": {spec.ids[k]: n for k, n in cost.items()}, "points": rng.randint(1, 5)}

    def tile(level: int) -> dict[str, int]:
        pool = basic + (precious if level > 1 else [])
        return {spec.ids[k]: n for k, n in Counter(rng.choice(pool) for _ in range(1 + level)).items()}

    names = ["Asha", "Bela", "Chand", "Dev", "Esha", "Farid", "Gita", "Hari"][:players]
    slots = [s.name for s in spec.slots if s.kind == "alliance"]
    return {
        "game": GAME_ID,
        "players": [
            {"name": n, "resources": {spec.ids[k]: c for k, c in Counter(rng.choice(basic) for _ in range(3)).items()},
             "blueprint_sections": sorted(rng.sample(range(1, spec.sections + 1), 3)), "blueprint_bonus": rng.randint(2, 5)}
            for n in names
        ],
        "level_tiles": [tile(k + 1) for k in range(spec.level_count)],
        "token_stacks": [sorted(rng.sample(range(k + 1, k + 7), spec.tokens_per_level), reverse=True)
                         for k in range(spec.level_count)],
        "bazaar": [{"card": n, **card(samples.random_card(spec, rng))} for n in spec.cards],
        "bazaar_deck": [card(samples.random_card(spec, rng)) for _ in spec.cards],
        "alliances": [{"space": s, **offer()} for s in slots],
        "alliance_deck": [offer() for _ in range(9 - len(slots))],
        "bakshish_deck": [rng.choice([0, 0, 1, 1, 2, 3]) for _ in range(34)],
    }
