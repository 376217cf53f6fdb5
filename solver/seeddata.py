"""Reading the game data: one TOML file per game, shipped as package data in ``tajkit.seeds``.

Every value a rulebook does not state carries its provenance (``source``). A group owning a
different printing can override any value with a file of the same shape named ``<game>.toml``
in a folder of its own (``tajkit --data DIR``, or the ``TAJKIT_DATA`` environment variable: the
command line resolves them and hands the folder down). Tables are merged key by key; arrays of
tables that carry an ``id`` are merged entry by entry.

The folder is an argument of every function here (``None``: tajkit's data alone), never a
setting of the process, so two folders can be read side by side and nothing carries over from
one call to the next. Each game reads its data through :func:`typed`, with a pydantic model that
forbids unknown keys (a typo such as ``cuont`` gets a "did you mean") and coerces nothing
(``count = "6"`` is an error).
"""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

from tajkit.solver import statefile
from tajkit.solver import wording
from tajkit.solver.errors import BadData

PACKAGE = "tajkit.seeds"  # the package whose TOML files are tajkit's own data


def packaged(game: str) -> dict[str, Any]:
    """The seed file shipped with tajkit for ``game``."""
    text = resources.files(PACKAGE).joinpath(f"{game}.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def replaced(value: Any, shipped: dict[str, Any], *path: str) -> bool:
    """Whether ``value`` differs from the one tajkit ships at ``path`` in ``shipped`` (its parsed
    seed): a value a --data file changed is the user's, never to be called a tajkit default.
    Entries of ``id``-keyed arrays are named by their id (``"features", "dome", "stars"``); a
    path the seed lacks counts as unchanged."""
    node: Any = shipped
    for key in path:
        if isinstance(node, list):
            node = next((e for e in node if isinstance(e, dict) and e.get("id") == key), None)
        elif isinstance(node, dict):
            node = node.get(key)
        if node is None:
            return False
    return value != node


def override_path(game: str, data: Path | None) -> Path | None:
    """The user's file for ``game`` in the folder ``data``, if the folder has one."""
    if data is None:
        return None
    path = data / f"{game}.toml"
    return path if path.exists() else None


def load(game: str, data: Path | None = None) -> dict[str, Any]:
    """The seed for ``game`` with the user's file in ``data`` (if any) merged over it."""
    seed = packaged(game)
    path = override_path(game, data)
    if path is None:
        return seed
    raw = statefile.read_regular_file(path, "data file", BadData)
    name = wording.shown(str(path), 200)
    user = statefile.parse_bytes(raw, name, "toml", BadData, what="data file")
    return merge(seed, user, where=name)


def origin(game: str, data: Path | None) -> str:
    """Where ``game``'s data comes from, as messages name it."""
    path = override_path(game, data)
    return f"{wording.shown(str(path), 200)} (over tajkit's {game}.toml)" if path else f"tajkit's {game}.toml"


def typed(game: str, model: Any, data: Path | None = None) -> Any:
    """The merged data for ``game`` (the user's file in ``data`` over tajkit's) validated by the
    pydantic ``model`` (strict, no unknown keys); every problem is reported at once, naming the
    file and the key."""
    return statefile.validate(model, load(game, data), BadData, where_prefix=f"{origin(game, data)}: ")


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
        for k, entry in enumerate(user):
            ident = entry.get("id") if isinstance(entry, dict) else None
            if not isinstance(ident, str) or ident not in index:
                close = wording.closest(ident, list(index)) if isinstance(ident, str) else None
                hint = f"did you mean {close}?" if close else f"known: {', '.join(index)}"
                got = f"id = {ident!r} is not one of the entries" if isinstance(ident, str) else "each entry needs the id of an existing one"
                raise BadData(f"{where}[{k + 1}]: {got} ({hint})")
            i = index[ident]
            merged_list[i] = merge(base[i], entry, f"{where}[{ident}]")
        return merged_list
    return user


def _is_id_table_array(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(
        isinstance(entry, dict) and isinstance(entry.get("id"), str) for entry in value
    )
