"""Karigar-e-Taj's rules model: the truth the other modules are tested against. The hint's
planner (``planner.py``, CP-SAT) and its breadth-first check (``search.py``) search over it, the
rules protocol (``protocol.py``) plays whole games on it, and the state files (``files.py``) check
built sections with its Taj levels.

Rulebook sections are quoted by their headings in ``karigar-e-taj.txt`` (1.1 Acquiring Resources,
1.2 Movement of Workers, 1.3 Trading Spaces, 1.4 Acquire an Alliance Card, Hiring Elephants).

* A :class:`Board` is what does not change during a player's plan: the spaces (each Bazaar card's
  earn space ``nL`` and exchange space ``nR``, the Trade spaces, the Alliance slots), the spaces
  other players hold, the player's number of workers, whether Elephants can be hired, and the
  Level tile's needs.
* A :class:`Position` is the player's own part: where each worker and the Elephant stand, and what
  the player holds (resources and Mohurs, as counts in the spec's resource order).
* A :class:`Turn` moves every worker (and the Elephant), may hire the Elephant, and says what is
  done on each space (:class:`Act`). :func:`apply` checks it against the rules and returns the new
  position; :func:`turns` lists the turns worth considering for a build.

Derived and assumed rules (the seed's ``[exchange]`` and ``[[assumptions]]`` say so in the output):
an exchange option needs as many workers as the larger of what it takes and gives, options on one
space add up; a turn's payments come from what was held when the turn began.

The Taj levels (rulebook: Building the Taj Mahal): which level is being built, and the rule that a
level is built only after the one below it is complete.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations, combinations_with_replacement, product

from tajkit.solver.errors import IllegalMove
from tajkit.solver.karigar.spec import Slot, Spec, describe

SUPPLY = -1  # a worker not in the Bazaar (recalled, or the new third worker)
MOVE_RULE = "rulebook: 1.2 Movement of Workers"


@dataclass(frozen=True)
class Option:
    """One exchange option of a space: take ``give``, hand over ``get``."""

    give: tuple[int, ...]
    get: tuple[int, ...]

    @property
    def workers(self) -> int:
        """Workers the option needs: one per resource carried, the larger side (inferred from the
        rulebook's examples 2:2, 1:2, 2:1 and 2:1 + 1:1)."""
        return max(sum(self.give), sum(self.get))


@dataclass(frozen=True)
class Space:
    id: str  # "5L", "5R", "T1", "A1"
    kind: str  # earn / exchange / sell / alliance
    row: int
    col: int
    card: int | None = None
    yellow: bool = False
    earn: tuple[int, ...] = ()  # the resources an earn space shows, as counts
    options: tuple[Option, ...] = ()  # an exchange space's options (the gold Trade space has one)
    cost: tuple[int, ...] = ()  # an Alliance card's price
    points: int = 0
    offered: bool = False  # an Alliance slot with a card on it

    @property
    def label(self) -> str:
        if self.card is not None:
            colour = "yellow" if self.yellow else "blue"
            return f"{self.id} ({colour} card {self.card}, {'earn' if self.kind == 'earn' else 'exchange'})"
        kinds = {"sell": "Trade card: sell", "exchange": "Trade card: gold", "alliance": "Alliance card"}
        return f"{self.id} ({kinds[self.kind]})"


@dataclass(frozen=True)
class Board:
    spec: Spec
    spaces: tuple[Space, ...]
    blocked: frozenset[int]  # spaces other players hold (their workers, Elephants, AI reservations)
    workers: int  # how many workers the player has
    elephants_unlocked: bool
    other_elephants: int
    needs: tuple[int, ...]  # the Level tile: what one section of the current level costs
    moves: tuple[tuple[int, ...], ...] = field(default=(), compare=False)  # destinations along a row or column

    def __post_init__(self) -> None:
        if not self.moves:
            reach = tuple(
                tuple(j for j, b in enumerate(self.spaces) if j != i and (b.row == a.row or b.col == a.col))
                for i, a in enumerate(self.spaces)
            )
            object.__setattr__(self, "moves", reach)

    def index(self, space_id: str) -> int:
        return next(i for i, s in enumerate(self.spaces) if s.id == space_id)

    def standable(self, i: int) -> bool:
        """A space the player may enter: not held by another player, and not an empty Alliance slot."""
        s = self.spaces[i]
        return i not in self.blocked and (s.kind != "alliance" or s.offered)

    def useful(self, i: int) -> bool:
        """A space the planner uses: standable and not an Alliance slot (it never buys one)."""
        return self.standable(i) and self.spaces[i].kind != "alliance"

    def can_hire(self, pos: Position) -> bool:
        return self.elephants_unlocked and pos.elephant is None and self.other_elephants < self.spec.elephants_in_bazaar


@dataclass(frozen=True)
class Position:
    workers: tuple[int, ...]  # each worker's space index, or SUPPLY
    elephant: int | None  # the player's hired Elephant, if it is in the Bazaar
    holding: tuple[int, ...]

    def key(self) -> tuple[tuple[int, ...], int | None, tuple[int, ...]]:
        """Workers are interchangeable: positions equal up to their order are one."""
        return tuple(sorted(self.workers)), self.elephant, self.holding


@dataclass(frozen=True)
class Act:
    """What the player does on one space in a turn."""

    space: int
    take: tuple[int, ...] = ()  # earn: the resources taken (counts)
    use: tuple[int, ...] = ()  # exchange: the options used (indices)
    sell: tuple[int, ...] = ()  # sell: the basic resources sold (counts)
    buy: bool = False  # alliance: the card bought


@dataclass(frozen=True)
class Turn:
    workers: tuple[int, ...]  # each worker's destination, in the order of Position.workers
    elephant: int | None = None  # the Elephant's destination (or where it is placed when hired)
    hire: int | None = None  # the payment option when the Elephant is hired this turn
    acts: tuple[Act, ...] = ()


def covered(board: Board, holding: Sequence[int]) -> int:
    """Progress toward the Level tile: how many of the resources it needs are held (at most its total)."""
    return sum(min(h, n) for h, n in zip(holding, board.needs))


def affords(board: Board, holding: Sequence[int]) -> bool:
    """Building is a free action the moment the Level tile's resources are held (rulebook: Building the Taj Mahal)."""
    return all(h >= n for h, n in zip(holding, board.needs))


# --- applying a turn -------------------------------------------------------------------------------


def apply(board: Board, pos: Position, turn: Turn) -> Position:
    """The position after ``turn``; :class:`IllegalMove` with the rule when the turn breaks one."""
    spec = board.spec
    problems = _movement_problems(board, pos, turn)
    if problems:
        raise IllegalMove(*problems)
    crowd = Counter(turn.workers)
    pay = list(spec.hire[turn.hire]) if turn.hire is not None else [0] * len(spec.resources)
    gain = [0] * len(spec.resources)
    seen: set[int] = set()
    for act in turn.acts:
        if act.space in seen:
            raise IllegalMove(f"{board.spaces[act.space].id}: one act per space and turn")
        seen.add(act.space)
        _act(board, act, crowd[act.space], turn.elephant == act.space, pay, gain)
    for i, space in enumerate(board.spaces):
        here = crowd[i] > 0 or turn.elephant == i
        if space.kind == "alliance" and here and i not in seen:
            raise IllegalMove(f"{space.id}: a worker or Elephant on an Alliance card space buys it (rulebook: 1.4 Acquire an Alliance Card)")
    short = [k for k, (p, h) in enumerate(zip(pay, pos.holding)) if p > h]
    if short:
        raise IllegalMove(
            f"the turn pays {describe(spec, pay)} but only {describe(spec, pos.holding)} is held when it begins "
            f"(short of {', '.join(spec.ids[k] for k in short)})"
        )
    holding = tuple(h - p + g for h, p, g in zip(pos.holding, pay, gain))
    return Position(tuple(turn.workers), turn.elephant, holding)


def _movement_problems(board: Board, pos: Position, turn: Turn) -> list[str]:
    spaces = board.spaces
    problems: list[str] = []
    if len(turn.workers) != len(pos.workers):
        return [f"the turn moves {len(turn.workers)} workers, the player has {len(pos.workers)}: every worker moves ({MOVE_RULE})"]
    for k, (origin, dest) in enumerate(zip(pos.workers, turn.workers)):
        if not 0 <= dest < len(spaces):
            problems.append(f"worker {k + 1}: no such space")
        elif origin != SUPPLY and dest == origin:
            problems.append(f"worker {k + 1} stays on {spaces[origin].id}: every worker moves each turn ({MOVE_RULE})")
        elif origin != SUPPLY and dest not in board.moves[origin]:
            problems.append(
                f"worker {k + 1} cannot go from {spaces[origin].id} to {spaces[dest].id}: a worker moves along one row "
                f"or one column, never diagonally ({MOVE_RULE})"
            )
        elif dest in board.blocked:
            problems.append(f"worker {k + 1} cannot enter {spaces[dest].id}: another player is there ({MOVE_RULE})")
        elif not board.standable(dest):
            problems.append(f"worker {k + 1} cannot enter {spaces[dest].id}: no Alliance card lies there")
    problems += _elephant_problems(board, pos, turn)
    crowd = Counter(turn.workers)
    for i, n in crowd.items():
        if 0 <= i < len(spaces) and spaces[i].yellow and n < board.spec.yellow_min_workers:
            problems.append(
                f"{spaces[i].id}: {n} worker on a yellow card: it needs at least {board.spec.yellow_min_workers} "
                "workers or an Elephant (rulebook: Earning Precious Resources)"
            )
    return problems


def _elephant_problems(board: Board, pos: Position, turn: Turn) -> list[str]:
    spaces = board.spaces
    if turn.hire is not None:
        if not board.can_hire(pos):
            return ["no Elephant can be hired: they are unlocked after level 1, one per player, at most "
                    f"{board.spec.elephants_in_bazaar} in the Bazaar (rulebook: Hiring Elephants)"]
        if not 0 <= turn.hire < len(board.spec.hire) or turn.elephant is None:
            return ["a hired Elephant is paid with one of the rulebook's prices and placed on a space (rulebook: Hiring Elephants)"]
    elif pos.elephant is None:
        return [] if turn.elephant is None else ["the Elephant is not hired: hire it first (rulebook: Hiring Elephants)"]
    dest = turn.elephant
    if dest is None:
        return [f"the Elephant moves with the workers ({MOVE_RULE}; rulebook: Hiring Elephants)"]
    if not 0 <= dest < len(spaces):
        return ["the Elephant: no such space"]
    problems = []
    if turn.hire is None and pos.elephant is not None:
        if dest == pos.elephant:
            problems.append(f"the Elephant stays on {spaces[dest].id}: it moves with the workers each turn (rulebook: Hiring Elephants)")
        elif dest not in board.moves[pos.elephant]:
            problems.append(
                f"the Elephant cannot go from {spaces[pos.elephant].id} to {spaces[dest].id}: it follows the workers' "
                "row-or-column moves (rulebook: Hiring Elephants)"
            )
    if not board.standable(dest):
        problems.append(f"the Elephant cannot enter {spaces[dest].id}: it is taken (rulebook: Hiring Elephants)")
    if dest in turn.workers:
        problems.append(f"{spaces[dest].id}: workers and Elephants cannot share a space (rulebook: Hiring Elephants)")
    return problems


def _act(board: Board, act: Act, workers: int, elephant: bool, pay: list[int], gain: list[int]) -> None:
    """Check one act against its space and the units on it; add what it pays and gains."""
    spec = board.spec
    space = board.spaces[act.space]
    if not workers and not elephant:
        raise IllegalMove(f"{space.id}: nothing acts on a space without the player's workers or Elephant")
    what = "an Elephant" if elephant else f"{workers} worker{'s' if workers > 1 else ''}"
    if space.kind == "earn":
        if any(t > e for t, e in zip(act.take, space.earn)) or len(act.take) != len(space.earn):
            raise IllegalMove(f"{space.id}: takes more than the card shows ({describe(spec, space.earn)})")
        if not elephant and sum(act.take) > workers:
            raise IllegalMove(
                f"{space.id}: {what} earn {sum(act.take)} resources: a worker carries only 1 (rulebook: 1.1 Acquiring Resources)"
            )
        _add(gain, act.take)
    elif space.kind == "exchange":
        used = [space.options[o] for o in act.use if 0 <= o < len(space.options)]
        if len(used) != len(act.use) or len(set(act.use)) != len(act.use):
            raise IllegalMove(f"{space.id}: each exchange option is used at most once (rulebook: Exchanging Basic Resources)")
        if elephant and len(used) > 1:
            raise IllegalMove(f"{space.id}: an Elephant does one exchange (rulebook: Elephants Exchanging Resources)")
        need = sum(o.workers for o in used)
        if not elephant and need > workers:
            raise IllegalMove(
                f"{space.id}: the exchange needs {need} workers (one per resource carried), {what} there "
                "(rulebook: Exchanging Basic Resources)"
            )
        for o in used:
            _add(pay, o.give)
            _add(gain, o.get)
    elif space.kind == "sell":
        if any(n and k not in spec.basic for k, n in enumerate(act.sell)):
            raise IllegalMove(f"{space.id}: only basic resources sell for Silver (rulebook: 1.3 Trading Spaces)")
        limit = 1 if elephant else workers
        if sum(act.sell) > limit:
            raise IllegalMove(
                f"{space.id}: {what} sell {sum(act.sell)}: one basic resource per worker, one exchange for an Elephant "
                "(rulebook: 1.3 Trading Spaces)"
            )
        _add(pay, act.sell)
        gain[spec.silver] += spec.sell_silver * sum(act.sell)
    elif space.kind == "alliance":
        if act.buy and not elephant and workers < sum(space.cost):
            raise IllegalMove(
                f"{space.id}: the card costs {sum(space.cost)} resources, so {sum(space.cost)} workers (or an Elephant) "
                f"must be placed; {what} there (rulebook: 1.4 Acquire an Alliance Card)"
            )
        if act.buy:
            _add(pay, space.cost)


def _add(total: list[int], amounts: Sequence[int]) -> None:
    for k, n in enumerate(amounts):
        total[k] += n


# --- the turns worth considering -------------------------------------------------------------------


def turns(board: Board, pos: Position) -> Iterator[Turn]:
    """Every legal turn a build plan needs, once per outcome: all moves (workers interchangeable),
    every hire, every choice of exchanges and sales, and the most each earn space gives (earning
    more never hurts a build). Alliance cards are not bought (they cost and help no build)."""
    hires: list[int | None] = [None]
    if board.can_hire(pos):
        hires += [k for k, cost in enumerate(board.spec.hire) if all(c <= h for c, h in zip(cost, pos.holding))]
    for hire in hires:
        for elephant in _elephant_moves(board, pos, hire):
            for dests in _worker_moves(board, pos):
                if elephant is not None and elephant in dests:
                    continue
                crowd = Counter(dests)
                if any(board.spaces[i].yellow and n < board.spec.yellow_min_workers for i, n in crowd.items()):
                    continue
                yield from _with_acts(board, pos, Turn(dests, elephant, hire), crowd)


def _elephant_moves(board: Board, pos: Position, hire: int | None) -> list[int | None]:
    if hire is not None:
        return [i for i in range(len(board.spaces)) if board.useful(i)]
    if pos.elephant is None:
        return [None]
    return [i for i in board.moves[pos.elephant] if board.useful(i)]


def _worker_moves(board: Board, pos: Position) -> Iterator[tuple[int, ...]]:
    choices = [
        [i for i in range(len(board.spaces)) if board.useful(i)] if w == SUPPLY else [i for i in board.moves[w] if board.useful(i)]
        for w in pos.workers
    ]
    seen: set[tuple[int, ...]] = set()
    for dests in product(*choices):
        key = tuple(sorted(dests))
        if key not in seen:
            seen.add(key)
            yield dests


def _with_acts(board: Board, pos: Position, turn: Turn, crowd: Counter[int]) -> Iterator[Turn]:
    spec = board.spec
    start = list(pos.holding)
    if turn.hire is not None:
        start = [h - c for h, c in zip(start, spec.hire[turn.hire])]
    occupied = sorted(set(crowd) | ({turn.elephant} if turn.elephant is not None else set()))
    menus = [_acts(board, i, crowd[i], turn.elephant == i, pos.holding) for i in occupied]
    for acts in product(*menus):
        pay = [0] * len(start)
        for act in acts:
            space = board.spaces[act.space]
            for o in act.use:
                _add(pay, space.options[o].give)
            if act.sell:
                _add(pay, act.sell)
        if all(p <= h for p, h in zip(pay, start)):
            yield Turn(turn.workers, turn.elephant, turn.hire, tuple(a for a in acts if a.take or a.use or a.sell))


def _acts(board: Board, i: int, workers: int, elephant: bool, holding: Sequence[int]) -> list[Act]:
    space = board.spaces[i]
    if space.kind == "earn":
        if elephant:
            return [Act(i, take=space.earn)]
        return [Act(i, take=t) for t in _takes(space.earn, workers)]
    if space.kind == "exchange":
        return [Act(i, use=u) for u in _option_sets(space.options, workers, elephant)]
    if space.kind == "sell":
        basics = [k for k in board.spec.basic if holding[k]]
        limit = 1 if elephant else workers
        sales = [Act(i)]
        for n in range(1, limit + 1):
            for pick in combinations_with_replacement(basics, n):
                sold = Counter(pick)
                sales.append(Act(i, sell=tuple(sold.get(k, 0) for k in range(len(holding)))))
        return sales
    return [Act(i)]


@cache
def _option_sets(options: tuple[Option, ...], workers: int, elephant: bool) -> tuple[tuple[int, ...], ...]:
    """Every set of options the units on a space can use at once (none included)."""
    sets: list[tuple[int, ...]] = [()]
    for k in range(1, len(options) + 1):
        for use in combinations(range(len(options)), k):
            if (elephant and k == 1) or (not elephant and sum(options[o].workers for o in use) <= workers):
                sets.append(use)
    return tuple(sets)


@cache
def _takes(earn: tuple[int, ...], workers: int) -> tuple[tuple[int, ...], ...]:
    """The most ``workers`` can take from ``earn``: every way to pick min(workers, shown) of them."""
    icons = [k for k, n in enumerate(earn) for _ in range(n)]
    n = min(workers, len(icons))
    picks = {tuple(Counter(c).get(k, 0) for k in range(len(earn))) for c in combinations(icons, n)}
    return tuple(sorted(picks))


# --- laying out the Bazaar -------------------------------------------------------------------------


@dataclass(frozen=True)
class Card:
    """A Bazaar card as it lies: its colour, what its earn side shows, its exchange options."""

    yellow: bool
    earn: tuple[int, ...]
    options: tuple[Option, ...]


@dataclass(frozen=True)
class Offer:
    """An Alliance card on offer: its price and the Taj points it gives at the end."""

    cost: tuple[int, ...]
    points: int


def lay_out(spec: Spec, cards: dict[int, Card], offers: dict[str, Offer], slots: Sequence[Slot] | None = None) -> tuple[Space, ...]:
    """The spaces of the Bazaar grid: two per Bazaar card (``nL`` earn, ``nR`` exchange), one per
    Trade card and one per Alliance slot, each at its slot's row and column."""
    size = len(spec.resources)
    gold = Option(tuple(spec.gold_for_silver if k == spec.silver else 0 for k in range(size)),
                  tuple(1 if k == spec.gold else 0 for k in range(size)))
    spaces: list[Space] = []
    for slot in slots if slots is not None else spec.slots:
        if slot.kind == "card":
            card = cards[int(slot.name)]
            number = int(slot.name)
            spaces.append(Space(f"{number}L", "earn", slot.row, slot.col, number, card.yellow, earn=card.earn))
            spaces.append(Space(f"{number}R", "exchange", slot.row, slot.col, number, card.yellow, options=card.options))
        elif slot.kind == "sell":
            spaces.append(Space(slot.name, "sell", slot.row, slot.col))
        elif slot.kind == "gold":
            spaces.append(Space(slot.name, "exchange", slot.row, slot.col, options=(gold,)))
        else:
            offer = offers.get(slot.name)
            spaces.append(Space(slot.name, "alliance", slot.row, slot.col, cost=offer.cost if offer else (),
                                points=offer.points if offer else 0, offered=offer is not None))
    return tuple(spaces)


# --- the Taj levels --------------------------------------------------------------------------------

LEVEL_RULE = "the bottom level must be completed before building the next level (rulebook: Building the Taj Mahal)"


def current_level(spec: Spec, built: Iterable[int]) -> int:
    """The level being built: the lowest level not complete (``level_count + 1`` when all are)."""
    done = set(built)
    for k, level in enumerate(spec.levels):
        if not set(level) <= done:
            return k + 1
    return spec.level_count + 1


def levels_complete(spec: Spec, built: Iterable[int]) -> int:
    return current_level(spec, built) - 1


def level_order_problems(spec: Spec, builders: Mapping[int, str]) -> list[str]:
    """One sentence per section built on a level whose level below is not complete.
    ``builders`` maps each built section to who built it (a name, or "" when unknown)."""
    problems = []
    built = set(builders)
    for section in sorted(built):
        level = spec.level_of(section)
        if level == 1:
            continue
        below = spec.levels[level - 2]
        missing = [s for s in below if s not in built]
        if missing:
            who = f"{builders[section]}: " if builders[section] else ""
            problems.append(
                f"{who}section {section} is on level {level}, but level {level - 1} lacks section"
                f"{'s' if len(missing) > 1 else ''} {', '.join(map(str, missing))}: {LEVEL_RULE}"
            )
    return problems


def levels_note(spec: Spec) -> str:
    """The note every output resting on the level layout carries."""
    return (
        f"Taj levels taken as sections {spec.levels_text()} ({spec.levels_source}: the rulebook numbers the "
        "sections 1-12 but does not say which make a level; set [taj.layout] levels in karigar.toml to change it)"
    )
