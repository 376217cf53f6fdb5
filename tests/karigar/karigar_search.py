"""A plain breadth-first search over the rules module: the second way of computing the planner's
answer, used by the tests to cross-check CP-SAT on small Bazaars. Exact but exponential.

Turn by turn it applies every turn :func:`~rules.turns` lists to every position reached. Of the
positions with the same workers and Elephant it keeps only those whose holdings no other one
covers: holding more never makes a turn illegal nor a later holding smaller, so the dropped
positions can reach nothing the kept ones cannot."""

from __future__ import annotations

from dataclasses import dataclass

from tajkit.solver.karigar.rules import Board, Position, Turn, affords, apply, covered, turns


@dataclass(frozen=True)
class SearchResult:
    turns: int | None  # fewest turns to afford the Level tile within the horizon, None if none
    plan: tuple[Turn, ...]  # a shortest plan, or one reaching ``progress`` at the horizon
    progress: int  # the most Level-tile resources held after the last turn searched (the horizon when no build)
    stuck: bool = False  # no legal turn sequence lasts the horizon


def breadth_first(board: Board, pos: Position, horizon: int) -> SearchResult:
    if affords(board, pos.holding):
        return SearchResult(0, (), covered(board, pos.holding))
    layer: list[tuple[Position, tuple[Turn, ...]]] = [(pos, ())]
    for depth in range(1, horizon + 1):
        following: dict[object, list[tuple[Position, tuple[Turn, ...]]]] = {}
        for here, path in layer:
            for turn in turns(board, here):
                there = apply(board, here, turn)
                if affords(board, there.holding):
                    return SearchResult(depth, path + (turn,), covered(board, there.holding))
                _keep(following.setdefault(there.key()[:2], []), there, path + (turn,))
        if not following:
            return SearchResult(None, (), covered(board, pos.holding), stuck=True)
        layer = [entry for kept in following.values() for entry in kept]
    best = max(layer, key=lambda entry: covered(board, entry[0].holding))
    return SearchResult(None, best[1], covered(board, best[0].holding))


def _keep(kept: list[tuple[Position, tuple[Turn, ...]]], pos: Position, path: tuple[Turn, ...]) -> None:
    """Add ``pos`` unless a kept holding covers it; drop the kept ones it covers."""
    if any(_covers(other.holding, pos.holding) for other, _ in kept):
        return
    kept[:] = [(other, p) for other, p in kept if not _covers(pos.holding, other.holding)]
    kept.append((pos, path))


def _covers(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    return all(x >= y for x, y in zip(a, b))
