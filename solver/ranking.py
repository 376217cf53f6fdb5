"""Ranking with tie-breaks: tied players share a rank ("1, 1, 3")."""

from __future__ import annotations

from collections.abc import Sequence


def competition_ranks(keys: Sequence[tuple[int, ...]]) -> list[int]:
    """Rank of each entry, best (highest key) first; equal keys share a rank."""
    ordered = sorted(keys, reverse=True)
    return [ordered.index(key) + 1 for key in keys]


def join_names(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
