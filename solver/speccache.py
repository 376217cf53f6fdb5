"""A game's built spec kept on disk between commands, so that a command at the table does not
spend about 40 ms typing and checking the same seed file again (a tenth of a ``tajkit hint``
process: docs/data.md).

The file is named by a fingerprint of everything the spec is built from: the game's seed file,
the user's override file (``--data``) if there is one, and the code that reads them (the name,
size and modification time of every module of the game's package and of ``tajkit.solver``), with
the Python version. A change to any of them names another file, so a stale spec is never read;
the older file of the same game is removed when the new one is written. A spec that does not build
(bad data) is never kept, so its messages come every time. Anything wrong with the cache (a
folder that cannot be written, a damaged file) only means the spec is built as before.

The folder is ``TAJKIT_CACHE`` if set (empty: no cache), else the user's cache folder
(``platformdirs``: ``~/.cache/tajkit`` on Linux). Its files are pickles, read only from that
folder, which belongs to the user as their own configuration does.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import sys
import tempfile
from importlib import resources
from pathlib import Path
from typing import Any

from tajkit.solver import seeddata
from tajkit.solver.game import Game

ENV = "TAJKIT_CACHE"


def folder() -> Path | None:
    """Where specs are kept, or None when the cache is off (``TAJKIT_CACHE=""``)."""
    value = os.environ.get(ENV)
    if value is not None:
        return Path(value) if value.strip() else None
    import platformdirs

    return platformdirs.user_cache_path("tajkit") / "specs"


def _code_files(game: Game) -> list[Path]:
    package = Path(sys.modules[type(game).__module__].__file__ or "").parent
    shared = Path(__file__).parent
    return sorted([*package.rglob("*.py"), *shared.glob("*.py")])


def fingerprint(game: Game, data: Path | None) -> str:
    digest = hashlib.sha256(f"{game.id} {sys.version} {pickle.HIGHEST_PROTOCOL}".encode())
    digest.update(resources.files(seeddata.PACKAGE).joinpath(f"{game.id}.toml").read_bytes())
    override = seeddata.override_path(game.id, data)
    if override is not None:
        digest.update(b"override" + override.read_bytes())
    for path in _code_files(game):
        stat = path.stat()
        digest.update(f"{path.name} {stat.st_size} {stat.st_mtime_ns}".encode())
    return digest.hexdigest()[:32]


def load_spec(game: Game, data: Path | None = None) -> Any:
    """``game.load_spec(data)``, from the cache when the same data and code built it before."""
    where = folder()
    try:
        path = where / f"{game.id}-{fingerprint(game, data)}.pickle" if where else None
    except OSError:
        path = None  # an override file that cannot be read: load_spec says so
    if path is None:
        return game.load_spec(data)
    with contextlib.suppress(Exception):  # not built yet, or a damaged or foreign file: build it
        return pickle.loads(path.read_bytes())
    spec = game.load_spec(data)
    _keep(path, game.id, spec)
    return spec


def _keep(path: Path, game_id: str, spec: Any) -> None:
    temporary = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path.parent, prefix=f".{game_id}-", delete=False) as out:
            temporary = Path(out.name)
            out.write(pickle.dumps(spec, protocol=pickle.HIGHEST_PROTOCOL))
        os.replace(temporary, path)
        temporary = None
        for old in path.parent.glob(f"{game_id}-*.pickle"):
            if old != path:
                old.unlink(missing_ok=True)
    except OSError:
        pass  # a cache that cannot be written is no cache
    finally:
        if temporary is not None:
            temporary.unlink(missing_ok=True)
