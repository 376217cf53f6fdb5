"""Taj Mahal's data: ``seeds/tajmahal.toml`` (with a group's ``--data`` override) typed and checked.

The seed rulebook (``taj-mahal.txt``) states the structure: 12 provinces in order, six prize
categories, 1 or 2 cards a turn, 30 cards per player in 4 colours. It gives no point values and no
map; those are tajkit defaults in the seed file, and :class:`Spec` records whether the values in
use are still tajkit's or a group's own, so every output resting on them can say so.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from tajkit.solver.seedmodels import Name, SeedFile, Source, Strict, Text, renamed

GAME_ID = "tajmahal"  # the game's id: in state files (`game = "tajmahal"`) and the seed's name
SYMBOLS = ("elephant", "tiger", "princess", "yellow_advisor", "white_advisor", "taj")
Points = Annotated[int, Field(ge=0, le=1000, description="points, 0-1000")]
TAJKIT = "tajkit default"
START_PLAYER, ANY_OPENER = "start player", "any"  # who opens each province ([rounds] opener)
OPENER_RULE = ('inferred from Setup 7 and Bidding Phase, "Starting with the first player": the start player opens '
               'every province; a group whose rule differs sets [rounds] opener = "any" in a --data file')


class PlayersData(Strict):
    fewest: int = renamed("fewest", "min", ge=2, le=4, description="the fewest players")
    fewest_source: Source = renamed("fewest_source", "source_min")
    most: int = renamed("most", "max", ge=2, le=4, description="the most players: 4 colours of bidding cards (rulebook: Components)")
    most_source: Source = renamed("most_source", "source_max")
    deck: int = Field(ge=1, le=100, description="bidding cards per player (rulebook: Components)")
    deck_source: Source = renamed("deck_source", "source_deck")


class ProvincesData(Strict):
    count: Literal[12] = Field(description="12 provinces, one round each (rulebook: Turn Structure)")
    count_source: Source = renamed("count_source", "source")


class CardsData(Strict):
    per_turn: int = Field(ge=1, le=2, description="cards a turn: 1 or 2 (rulebook: Bidding Phase)")
    per_turn_source: Source = renamed("per_turn_source", "source_per_turn")
    max_symbols: int = Field(ge=1, le=12, description="the most symbols one card may show (a bound for input)")
    max_symbols_source: Source = renamed("max_symbols_source", "source_max_symbols")


class CategoryData(Strict):
    id: Literal[SYMBOLS] = Field(description=f"one of {', '.join(SYMBOLS)}")  # type: ignore[valid-type]
    name: Name
    prize: Text
    min_symbols: int = Field(ge=1, le=12, description="the fewest matching symbols that take the prize")
    min_symbols_source: Source = renamed("min_symbols_source", "source_min_symbols")


class PointsData(Strict):
    palace: Points
    palace_source: Source = renamed("palace_source", "source")
    bonus_tile: Points
    bonus_tile_source: Source = renamed("bonus_tile_source", "source")
    bonus_tile_when: Literal["now", "end"] = Field(description='"now" or "end": when a bonus tile scores')
    bonus_tile_when_source: Source = renamed("bonus_tile_when_source", "source")
    princess_card: Points
    princess_card_source: Source = renamed("princess_card_source", "source")
    connection_marker: Points
    connection_marker_source: Source = renamed("connection_marker_source", "source")
    province_rewards: list[Points] = Field(min_length=12, max_length=12, description="the Taj Mahal reward of provinces 1..12")
    province_rewards_source: Source = renamed("province_rewards_source", "source")
    chain: list[Points] = Field(
        min_length=13, max_length=13, description="points of the longest chain by its length 0..12 (never decreasing)"
    )
    chain_source: Source = renamed("chain_source", "source")
    chain_when: Literal["end"] = Field(description='"end": the longest chain scores once, at the end of the game')
    chain_when_source: Source = renamed("chain_when_source", "source_chain_timing")

    @model_validator(mode="after")
    def _longer_chains_more_points(self) -> PointsData:
        drops = [k for k in range(1, len(self.chain)) if self.chain[k] < self.chain[k - 1]]
        if drops:
            k = drops[0]
            raise ValueError(
                f"chain gives {self.chain[k]} for a chain of {k} but {self.chain[k - 1]} for {k - 1}: "
                "longer chains score more (rulebook: Scoring / Victory Conditions)"
            )
        return self


class MapData(Strict):
    borders: list[Annotated[list[Annotated[int, Field(ge=1, le=12)]], Field(min_length=2, max_length=2)]] = Field(
        max_length=66, description="pairs of bordering provinces, each 1-12"
    )
    borders_source: Source = renamed("borders_source", "source")

    @model_validator(mode="after")
    def _distinct_pairs(self) -> MapData:
        loops = [a for a, b in self.borders if a == b]
        if loops:
            raise ValueError(f"borders: [{loops[0]}, {loops[0]}] joins a province to itself")
        seen: set[frozenset[int]] = set()
        for a, b in self.borders:
            if frozenset((a, b)) in seen:
                raise ValueError(f"borders: [{a}, {b}] is given twice: give each border once")
            seen.add(frozenset((a, b)))
        return self


class RoundsData(Strict):
    opener: Literal["start player", "any"] = Field(
        description='who plays first in each province: "start player" (the one Setup 7 draws opens every '
        'province) or "any" (the table says who opens each province after the first)')
    opener_source: Source


class HintData(Strict):
    card_cost: float = Field(ge=0, le=100, description="points a card spent is worth, for the hint's objective")
    card_cost_source: Source = renamed("card_cost_source", "source_card_cost")


class TajMahalData(SeedFile):
    players: PlayersData
    provinces: ProvincesData
    cards: CardsData
    categories: list[CategoryData] = Field(min_length=6, max_length=6)
    points: PointsData
    map: MapData
    rounds: RoundsData
    hint: HintData

    @model_validator(mode="after")
    def _categories_in_order(self) -> TajMahalData:
        if tuple(c.id for c in self.categories) != SYMBOLS:
            raise ValueError(f"categories: the six prize categories in the seed's order: {', '.join(SYMBOLS)}")
        if self.players.fewest > self.players.most:
            raise ValueError(f"players.fewest = {self.players.fewest} is more than players.most = {self.players.most}")
        return self


@dataclass(frozen=True)
class Category:
    id: str  # the symbol a state file writes: "elephant"
    name: str  # the seed's name: "2 Princesses"
    prize: str  # what it gives: "the Princess card"
    min_symbols: int
    min_source: str


@dataclass(frozen=True)
class Spec:
    provinces: int
    min_players: int
    max_players: int
    deck: int
    per_turn: int
    max_symbols: int
    categories: tuple[Category, ...]
    palace: int
    bonus_tile: int
    bonus_tile_at_end: bool
    princess_card: int
    connection_marker: int
    province_rewards: tuple[int, ...]  # by province, 1-based: province_rewards[p - 1]
    chain_points: tuple[int, ...]  # by chain length 0..provinces
    borders: frozenset[frozenset[int]]
    opener: str  # who opens each province: "start player" or "any" (OPENERS)
    card_cost: float
    defaults: frozenset[str]  # the values still tajkit's defaults (points keys, "map", "card_cost")

    def category(self, cid: str) -> Category:
        return self.categories[SYMBOLS.index(cid)]

    def neighbours(self, province: int) -> frozenset[int]:
        return frozenset(q for pair in self.borders if province in pair for q in pair if q != province)

    def reward(self, province: int) -> int:
        return self.province_rewards[province - 1]

    def chain_value(self, length: int) -> int:
        return self.chain_points[min(length, len(self.chain_points) - 1)]

    def default(self, key: str) -> bool:
        """Whether the value ``key`` (a [points] key, "map" or "card_cost") is still tajkit's default."""
        return key in self.defaults

    def star(self, key: str) -> str:
        return "*" if self.default(key) else ""

    def rewards_text(self) -> str:
        first = self.province_rewards[0]
        if all(r == first for r in self.province_rewards):
            return f"{first} in every province"
        return "by province " + ", ".join(map(str, self.province_rewards))

    def default_notes(self, unused: Collection[str] = ()) -> tuple[str, ...]:
        """What an output resting on the point values and the map must say about them (all but the
        ``unused`` values, which that output does not rest on)."""
        notes = []
        values = {
            "palace": f"palace {self.palace}",
            "bonus_tile": f"a bonus tile of unknown value {self.bonus_tile}",
            "bonus_tile_when": f"bonus tiles score {'at the end' if self.bonus_tile_at_end else 'when taken'}",
            "princess_card": f"Princess card {self.princess_card}",
            "province_rewards": f"Taj Mahal reward {self.rewards_text()}",
            "connection_marker": f"connection marker {self.connection_marker}",
            "chain": "longest chain " + ", ".join(f"{n}: {self.chain_value(n)}" for n in range(2, 6)) + ", …",
        }
        used = [text for key, text in values.items() if self.default(key) and key not in unused]
        if used:
            notes.append(
                f"these point values are tajkit defaults, not the rulebook's (it gives none): {'; '.join(used)}; "
                "set your own under [points] in a --data file"
            )
        if self.default("map"):
            notes.append(
                "the map is tajkit's default, not the rulebook's (it gives none): provinces 1-12 in a row, each "
                "bordering the next (the seed's 'path on the board'); give your board's borders under [map] "
                "in a --data file"
            )
        return tuple(notes)


def load_spec(data: Path | None = None) -> Spec:
    """The spec from ``seeds/tajmahal.toml`` and the user's override file in ``data``, if any."""
    from tajkit.solver import seeddata

    typed: TajMahalData = seeddata.typed(GAME_ID, TajMahalData, data)
    return spec_from(typed, seeddata.packaged(GAME_ID))


def spec_from(data: TajMahalData, shipped: dict[str, Any]) -> Spec:
    p = data.points
    rewards = tuple(p.province_rewards)
    borders = frozenset(frozenset(pair) for pair in data.map.borders)
    return Spec(
        provinces=data.provinces.count,
        min_players=data.players.fewest,
        max_players=data.players.most,
        deck=data.players.deck,
        per_turn=data.cards.per_turn,
        max_symbols=data.cards.max_symbols,
        categories=tuple(Category(c.id, c.name, c.prize, c.min_symbols, c.min_symbols_source) for c in data.categories),
        palace=p.palace,
        bonus_tile=p.bonus_tile,
        bonus_tile_at_end=p.bonus_tile_when == "end",
        princess_card=p.princess_card,
        connection_marker=p.connection_marker,
        province_rewards=rewards,
        chain_points=tuple(p.chain),
        borders=borders,
        opener=data.rounds.opener,
        card_cost=data.hint.card_cost,
        defaults=_still_default(data, shipped),
    )


def _still_default(data: TajMahalData, shipped: dict[str, Any]) -> frozenset[str]:
    """The values in use that are the ones tajkit ships, so its outputs can say which rest on them."""
    from tajkit.solver.seeddata import replaced

    same = {key for key, value in data.points.model_dump().items()
            if not key.endswith("_source") and not replaced(value, shipped, "points", key)}
    if not replaced(data.map.borders, shipped, "map", "borders"):
        same.add("map")
    if not replaced(data.hint.card_cost, shipped, "hint", "card_cost"):
        same.add("card_cost")
    return frozenset(same)
