"""Karigar-e-Taj's data: ``seeds/karigar.toml`` typed and checked, turned into one frozen
:class:`Spec` that the scorer, the position reader, the rules and the planner all read.

A user's ``--data`` file may change any of it (a different printing, a different Bazaar layout);
what the rulebook states carries ``<key>_source = "rulebook"``, what tajkit assumes says so.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar

from pydantic import Field

from tajkit.solver.seedmodels import Name, SeedFile, Source, Strict, Text, renamed

GAME_ID = "karigar"  # the game's id: in state files (`game = "karigar"`) and the seed's name


T = TypeVar("T")
Count = Annotated[int, Field(ge=1, le=12)]
SlotName = Annotated[str, Field(pattern=r"^([1-9][0-9]?|T[1-9]|A[1-9]|\.)$", description="a Bazaar card number, T1-T9, A1-A9 or .")]


class TajLayout(Strict):
    levels: list[list[Annotated[int, Field(ge=1, le=40)]]] = Field(
        min_length=1, max_length=12, description="the section numbers of each level, bottom first"
    )
    levels_source: Source = renamed("levels_source", "source")
    note: Text


class TajData(Strict):
    levels: Count
    levels_source: Source = renamed("levels_source", "source")
    sections_per_level: Count
    sections_per_level_source: Source = renamed("sections_per_level_source", "source")
    sections: Annotated[int, Field(ge=1, le=40)]
    sections_source: Source = renamed("sections_source", "source")
    layout: TajLayout


class TokenData(Strict):
    count: Annotated[int, Field(ge=1, le=40)]
    count_source: Source = renamed("count_source", "source")
    per_level: Count
    per_level_source: Source = renamed("per_level_source", "source")


class AllianceData(Strict):
    most_held: Count
    most_held_source: Source = renamed("most_held_source", "source")


class PlayerData(Strict):
    fewest: Annotated[int, Field(ge=1, le=8)]
    fewest_source: Source
    most: Annotated[int, Field(ge=1, le=8)]
    most_source: Source = renamed("most_source", "source")
    most_ai: Annotated[int, Field(ge=0, le=4)]
    most_ai_source: Source = renamed("most_ai_source", "source")


class ResourceKind(Strict):
    id: Annotated[str, Field(pattern=r"^[a-z][a-z_]{0,19}$", description="a short lower-case name")]
    name: Name
    group: Literal["basic", "precious", "coin"]


class ResourceData(Strict):
    kinds: list[ResourceKind] = Field(min_length=2, max_length=16)
    kinds_source: Source = renamed("kinds_source", "source")


class WorkerData(Strict):
    start: Annotated[int, Field(ge=1, le=4)]
    start_source: Source = renamed("start_source", "source")
    extra_after_level: Count
    extra_after_level_source: Source = renamed("extra_after_level_source", "source")
    carry: Annotated[int, Field(ge=1, le=1, description="a worker carries 1 resource (the rules model relies on it)")]
    carry_source: Source = renamed("carry_source", "source")


class ElephantData(Strict):
    unlocked_after_level: Count
    unlocked_after_level_source: Source = renamed("unlocked_after_level_source", "source")
    in_bazaar: Annotated[int, Field(ge=0, le=8)]
    in_bazaar_source: Source = renamed("in_bazaar_source", "source")
    hire: list[dict[str, Annotated[int, Field(ge=1, le=20)]]] = Field(min_length=1, max_length=6)
    hire_source: Source = renamed("hire_source", "source")


class YellowData(Strict):
    min_workers: Annotated[int, Field(ge=1, le=3)]
    min_workers_source: Source = renamed("min_workers_source", "source")
    exchange_options: Annotated[int, Field(ge=1, le=3)]
    exchange_options_source: Source = renamed("exchange_options_source", "source")


class BlueData(Strict):
    exchange_options: Annotated[int, Field(ge=1, le=3)]
    exchange_options_source: Source = renamed("exchange_options_source", "source")


class TradeData(Strict):
    sell_silver: Annotated[int, Field(ge=1, le=6)]
    sell_silver_source: Source = renamed("sell_silver_source", "source")
    gold_for_silver: Annotated[int, Field(ge=1, le=6)]
    gold_for_silver_source: Source = renamed("gold_for_silver_source", "source")


class ExchangeData(Strict):
    workers: Literal["larger side"]
    workers_source: Source = renamed("workers_source", "source")
    note: Text


class BazaarData(Strict):
    grid: list[list[SlotName]] = Field(min_length=1, max_length=8)
    grid_source: Source = renamed("grid_source", "source")
    trade: dict[Annotated[str, Field(pattern=r"^T[1-9]$")], Literal["sell", "gold"]] = Field(max_length=9)
    trade_source: Source = renamed("trade_source", "source")
    note: Text


Line = Annotated[str, Field(min_length=1, max_length=200)]
Points = Annotated[int, Field(ge=0, le=99)]


class ComponentData(Strict):
    """Your copy's cards and tiles, each written as the setup's question for it is answered. The
    rulebook lists them (Game Components) without their contents and tajkit has never seen them, so
    tajkit ships none (design principle 2): a group types its copy's once into a karigar.toml of its
    --data folder; "Deal for us" then deals them and the new-game page offers them as pickers."""

    bazaar_cards: list[Line] = Field(default=[], max_length=40, description="the 24 Bazaar cards")
    alliance_cards: list[Line] = Field(default=[], max_length=20, description="the 9 Alliance cards")
    level_tiles: list[list[Line]] = Field(default=[], max_length=12, description="each level's Level tiles, level 1 first")
    starting_resources: list[Line] = Field(default=[], max_length=16, description="the 8 Starting Resource cards")
    taj_tokens: list[list[Points]] = Field(default=[], max_length=12, description="each level's Taj point tokens' values")
    note: Text


class Assumption(Strict):
    id: Name
    text: Text
    text_source: Source = renamed("text_source", "source")


class PlannerData(Strict):
    default_turns: Annotated[int, Field(ge=1, le=8)]
    default_turns_source: Source = renamed("default_turns_source", "source")
    most_turns: Annotated[int, Field(ge=1, le=8)]
    most_turns_source: Source = renamed("most_turns_source", "source")
    deterministic_budget: Annotated[float, Field(gt=0, le=1000)]
    deterministic_budget_source: Source = renamed("deterministic_budget_source", "source")
    time_cap: Annotated[float, Field(gt=0, le=600)]
    time_cap_source: Source = renamed("time_cap_source", "source")


class CategoryRow(Strict):
    id: Name
    label: Name
    note: Text = ""
    kind: Literal["score", "total", "tiebreak"] = "score"


class KarigarData(SeedFile):
    """The whole seed file (``[game]``, the reference cards and translated pads come from SeedFile)."""

    taj: TajData
    tokens: TokenData
    alliances: AllianceData
    players: PlayerData
    resources: ResourceData
    workers: WorkerData
    elephants: ElephantData
    yellow: YellowData
    blue: BlueData
    trade: TradeData
    exchange: ExchangeData
    bazaar: BazaarData
    components: ComponentData
    assumptions: list[Assumption] = Field(max_length=12)
    planner: PlannerData
    categories: list[CategoryRow] = Field(min_length=1, max_length=12)


def _problems(d: KarigarData) -> list[str]:
    """Cross-field checks: the numbers must describe one Taj and one Bazaar."""
    problems: list[str] = []
    t = d.taj
    if t.levels * t.sections_per_level != t.sections:
        problems.append(f"taj: {t.levels} levels of {t.sections_per_level} sections is not {t.sections} sections")
    problems += _layout_problems(d)
    ids = [k.id for k in d.resources.kinds]
    if len(set(ids)) != len(ids):
        problems.append("resources.kinds: each resource id must be different")
    for need in ("silver", "gold"):
        if need not in ids:
            problems.append(f"resources.kinds: the Trade cards and Elephants need a resource with id {need!r}")
    for k, cost in enumerate(d.elephants.hire):
        unknown = [r for r in cost if r not in ids]
        if unknown:
            problems.append(f"elephants.hire[{k + 1}]: unknown resource {unknown[0]!r} (known: {', '.join(ids)})")
    if d.tokens.per_level * t.levels != d.tokens.count:
        problems.append(f"tokens: {d.tokens.per_level} per level on {t.levels} levels is not {d.tokens.count} tokens")
    if d.planner.default_turns > d.planner.most_turns:
        problems.append("planner: default_turns is more than most_turns")
    rows = [r.id for r in d.categories]
    wanted = ["tokens", "bakshish", "blueprint", "blueprint_bonus", "alliances", "total", "tiles", "resources"]
    if sorted(rows) != sorted(wanted):
        problems.append(f"categories: the ids must be {', '.join(wanted)} (the scorer's categories), each once")
    return problems


def _layout_problems(d: KarigarData) -> list[str]:
    t = d.taj
    problems: list[str] = []
    levels = t.layout.levels
    numbers = sorted(n for level in levels for n in level)
    if len(levels) != t.levels or any(len(level) != t.sections_per_level for level in levels):
        problems.append(f"taj.layout.levels: needs {t.levels} levels of {t.sections_per_level} sections")
    if numbers != list(range(1, t.sections + 1)):
        problems.append(f"taj.layout.levels: each section 1-{t.sections} must appear exactly once")
    grid = [name for row in d.bazaar.grid for name in row]
    cards = sorted(int(n) for n in grid if n.isdigit())
    if cards != list(range(1, t.sections + 1)):
        problems.append(
            f"bazaar.grid: each Bazaar card 1-{t.sections} must appear exactly once (The Taj and Bazaar Grid Pairing)"
        )
    named = [n for n in grid if n[0] in "TA"]
    if len(set(named)) != len(named):
        problems.append("bazaar.grid: a Trade card or Alliance slot appears twice")
    unknown = [n for n in named if n.startswith("T") and n not in d.bazaar.trade]
    if unknown:
        problems.append(f"bazaar.trade: say what {', '.join(unknown)} does in the grid: sell or gold")
    return problems


# --- the frozen spec everything reads -----------------------------------------------------------


@dataclass(frozen=True)
class Resource:
    id: str
    name: str
    group: str  # basic / precious / coin


@dataclass(frozen=True)
class Slot:
    """One slot of the Bazaar grid: a Bazaar card (``card``), a Trade card or an Alliance slot."""

    name: str  # "5", "T1", "A1"
    row: int
    col: int
    kind: str  # card / sell / gold / alliance


@dataclass(frozen=True)
class Components:
    """Your copy's components as typed in a --data file (none in tajkit's own data)."""

    bazaar_cards: tuple[str, ...] = ()
    alliance_cards: tuple[str, ...] = ()
    level_tiles: tuple[tuple[str, ...], ...] = ()  # per level, level 1 first
    starting_resources: tuple[str, ...] = ()
    taj_tokens: tuple[tuple[int, ...], ...] = ()  # per level


@dataclass(frozen=True)
class Spec:
    levels: tuple[tuple[int, ...], ...]  # the section numbers of each level, bottom first
    levels_source: str
    levels_note: str
    sections: int
    tokens_per_level: int
    most_alliances: int
    fewest_players: int
    most_players: int
    most_ai: int
    resources: tuple[Resource, ...]
    workers_start: int
    extra_worker_after: int  # levels complete
    elephants_after: int  # levels complete
    elephants_in_bazaar: int
    hire: tuple[tuple[int, ...], ...]  # payment options, as resource counts
    yellow_min_workers: int
    yellow_options: int
    blue_options: int
    sell_silver: int
    gold_for_silver: int
    slots: tuple[Slot, ...]
    layout_note: str
    exchange_note: str
    assumptions: tuple[tuple[str, str, str], ...]  # (id, source, text)
    default_turns: int
    most_turns: int
    budget: float
    time_cap: float
    pad: tuple[tuple[str, str, str, str], ...]  # the categories: (id, label, note, kind)
    components: Components = Components()

    # --- resources ---
    def index(self, resource: str) -> int:
        return next(i for i, r in enumerate(self.resources) if r.id == resource)

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(r.id for r in self.resources)

    @property
    def basic(self) -> tuple[int, ...]:
        return tuple(i for i, r in enumerate(self.resources) if r.group == "basic")

    @property
    def silver(self) -> int:
        return self.index("silver")

    @property
    def gold(self) -> int:
        return self.index("gold")

    # --- the Taj ---
    @property
    def level_count(self) -> int:
        return len(self.levels)

    def level_of(self, section: int) -> int:
        """The level (1-based) a section lies on."""
        return next(k + 1 for k, level in enumerate(self.levels) if section in level)

    def levels_text(self) -> str:
        return ", ".join(f"{_span(level)} level {k + 1}" for k, level in enumerate(self.levels))

    @property
    def cards(self) -> tuple[int, ...]:
        return tuple(int(s.name) for s in self.slots if s.kind == "card")


def _span(numbers: tuple[int, ...]) -> str:
    if list(numbers) == list(range(numbers[0], numbers[0] + len(numbers))):
        return f"{numbers[0]}-{numbers[-1]}"
    return "/".join(map(str, numbers))


def repeated(values: Iterable[T]) -> list[tuple[T, int]]:
    """The values that occur more than once, with how often, in first-seen order."""
    return [(v, n) for v, n in Counter(values).items() if n > 1]


def counts(spec: Spec, bag: dict[str, int]) -> tuple[int, ...]:
    return tuple(bag.get(r, 0) for r in spec.ids)


def describe(spec: Spec, amounts: tuple[int, ...] | list[int], empty: str = "nothing", joiner: str = ", ") -> str:
    """``2 sandstone, 1 marble`` (resource ids, in the spec's order)."""
    parts = [f"{n} {spec.resources[i].id}" for i, n in enumerate(amounts) if n]
    return joiner.join(parts) if parts else empty


def load_spec(data: Path | None = None) -> Spec:
    """The seed with the user's override file in ``data`` (if any), checked (read afresh: the file may change)."""
    from tajkit.solver import seeddata
    from tajkit.solver.errors import BadData

    typed = seeddata.typed("karigar", KarigarData, data)
    problems = _problems(typed)
    if problems:
        origin = seeddata.origin("karigar", data)
        raise BadData(*(f"{origin}: {p}" for p in problems))
    spec = build_spec(_yours_where_replaced(typed, seeddata.packaged("karigar")))
    from tajkit.solver.karigar.play import component_problems  # the setup's readers check the copy's cards

    problems = component_problems(spec)
    if problems:
        raise BadData(*(f"{seeddata.origin('karigar', data)}: {p}" for p in problems))
    return spec


YOURS = "your --data file"


def _yours_where_replaced(data: KarigarData, shipped: dict[str, Any]) -> KarigarData:
    """A tajkit default that a --data file replaced (the Bazaar grid, the Taj levels) is no longer
    tajkit's: its note must not say it is (unless the file gave a note of its own)."""
    from tajkit.solver.seeddata import replaced

    bazaar, layout = data.bazaar, data.taj.layout
    grid_changed = replaced(bazaar.grid, shipped, "bazaar", "grid") or replaced(bazaar.trade, shipped, "bazaar", "trade")
    if grid_changed and not replaced(bazaar.note, shipped, "bazaar", "note"):
        data = data.model_copy(update={"bazaar": bazaar.model_copy(update={"note": f"the Bazaar layout is the one in {YOURS}"})})
    levels_changed = replaced(layout.levels, shipped, "taj", "layout", "levels")
    if levels_changed and not replaced(layout.levels_source, shipped, "taj", "layout", "levels_source"):
        taj = data.taj.model_copy(update={"layout": layout.model_copy(update={"levels_source": YOURS})})
        data = data.model_copy(update={"taj": taj})
    return data


def build_spec(data: KarigarData) -> Spec:
    ids = [k.id for k in data.resources.kinds]
    slots = _slots(data)
    layout = data.taj.layout
    return Spec(
        levels=tuple(tuple(level) for level in layout.levels),
        levels_source=layout.levels_source,
        levels_note=layout.note,
        sections=data.taj.sections,
        tokens_per_level=data.tokens.per_level,
        most_alliances=data.alliances.most_held,
        fewest_players=data.players.fewest,
        most_players=data.players.most,
        most_ai=data.players.most_ai,
        resources=tuple(Resource(k.id, k.name, k.group) for k in data.resources.kinds),
        workers_start=data.workers.start,
        extra_worker_after=data.workers.extra_after_level,
        elephants_after=data.elephants.unlocked_after_level,
        elephants_in_bazaar=data.elephants.in_bazaar,
        hire=tuple(tuple(cost.get(r, 0) for r in ids) for cost in data.elephants.hire),
        yellow_min_workers=data.yellow.min_workers,
        yellow_options=data.yellow.exchange_options,
        blue_options=data.blue.exchange_options,
        sell_silver=data.trade.sell_silver,
        gold_for_silver=data.trade.gold_for_silver,
        slots=slots,
        layout_note=data.bazaar.note,
        exchange_note=data.exchange.note,
        assumptions=tuple((a.id, a.text_source, a.text) for a in data.assumptions),
        default_turns=data.planner.default_turns,
        most_turns=data.planner.most_turns,
        budget=data.planner.deterministic_budget,
        time_cap=data.planner.time_cap,
        pad=tuple((r.id, r.label, r.note, r.kind) for r in data.categories),
        components=_components(data.components),
    )


def _components(c: ComponentData) -> Components:
    return Components(tuple(c.bazaar_cards), tuple(c.alliance_cards), tuple(tuple(t) for t in c.level_tiles),
                      tuple(c.starting_resources), tuple(tuple(t) for t in c.taj_tokens))


def _slots(data: KarigarData) -> tuple[Slot, ...]:
    slots = []
    for r, row in enumerate(data.bazaar.grid):
        for c, name in enumerate(row):
            if name == ".":
                continue
            kind: str
            if name.startswith("T"):
                kind = data.bazaar.trade[name]
            elif name.startswith("A"):
                kind = "alliance"
            else:
                kind = "card"
            slots.append(Slot(name, r, c, kind))
    return tuple(slots)

