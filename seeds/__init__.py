"""Game data: one TOML file per game, shipped as package data.

Every value a rulebook does not state carries its provenance (``source``). A group owning a
different printing can override any value with a file of the same shape named ``<game>.toml``
in the folder given by ``--data DIR`` or the ``TAJKIT_DATA`` environment variable. Tables are
merged key by key; arrays of tables that carry an ``id`` are merged entry by entry.
"""

from __future__ import annotations

import os
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

from tajkit.solver.errors import BadInput

DATA_ENV = "TAJKIT_DATA"
data_dir: Path | None = None  # set by `tajkit --data DIR`; wins over the environment variable


def packaged(game: str) -> dict[str, Any]:
    """The seed file shipped with tajkit for ``game``."""
    text = resources.files(__name__).joinpath(f"{game}.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def override_path(game: str) -> Path | None:
    folder = data_dir or os.environ.get(DATA_ENV)
    if not folder:
        return None
    path = Path(folder) / f"{game}.toml"
    return path if path.is_file() else None


def load(game: str) -> dict[str, Any]:
    """The seed for ``game`` with the user's override file (if any) merged over it."""
    data = packaged(game)
    path = override_path(game)
    if path is None:
        return data
    try:
        user = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise BadInput(f"{path}: cannot read the data override file: {exc}") from None
    return merge(data, user, where=str(path))


def merge(base: Any, user: Any, where: str) -> Any:
    """``user`` laid over ``base``: tables key by key, ``id``-keyed arrays entry by entry."""
    if isinstance(base, dict) and isinstance(user, dict):
        merged = dict(base)
        for key, value in user.items():
            merged[key] = merge(base[key], value, f"{where}: {key}") if key in base else value
        return merged
    if _is_id_table_array(base) and isinstance(user, list):
        merged_list = list(base)
        index = {entry["id"]: i for i, entry in enumerate(base)}
        for entry in user:
            if not isinstance(entry, dict) or "id" not in entry or entry["id"] not in index:
                known = ", ".join(index)
                raise BadInput(f"{where}: each entry needs the id of an existing one ({known})")
            i = index[entry["id"]]
            merged_list[i] = merge(base[i], entry, f"{where}[{entry['id']}]")
        return merged_list
    return user


def _is_id_table_array(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(
        isinstance(entry, dict) and "id" in entry for entry in value
    )
