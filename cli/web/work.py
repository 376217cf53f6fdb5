"""The companion's blocking work, kept off the web server's event loop (DESIGN.md: "Blocking work
never runs on the web server's event loop").

A hint (seconds of solver work) and a picture (a second of drawing) hold Python's lock on the
interpreter while they run, so in a thread of the server's own process they would slow every other
phone's page; they run in worker processes instead, one pool for each kind of work so that a long
hint never holds up a picture. Reading and writing a record (an fsync) runs in the server's thread
pool (``starlette.concurrency.run_in_threadpool``), under the record's lock, which covers only
the check and the append.

The workers are started on first use and get only plain data (the game's id, the ``--data``
folder, a state file's dict), so they load the game as any command does and keep what they
computed (the Artisans value tables) from one request to the next.
"""

from __future__ import annotations

import asyncio
import atexit
import multiprocessing
import os
import threading
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from tajkit.solver.protocol import HintAnswer
from tajkit.solver.session import HintAsked

_pools: dict[str, ProcessPoolExecutor] = {}
_guard = threading.Lock()
WORKERS = {"hint": max(1, (os.cpu_count() or 2) - 1), "picture": 1}


def pool(kind: str) -> ProcessPoolExecutor:
    """The pool of worker processes for ``kind`` ("hint" or "picture"), started on first use."""
    with _guard:
        if kind not in _pools:
            # spawn: a fresh interpreter (forking a server that runs threads can copy a held lock)
            _pools[kind] = ProcessPoolExecutor(WORKERS[kind], mp_context=multiprocessing.get_context("spawn"))
        return _pools[kind]


@atexit.register
def _stop() -> None:
    for executor in _pools.values():
        executor.shutdown(wait=False, cancel_futures=True)


class Pictures:
    """The pictures drawn, by game, version and player: each drawn once however many phones ask
    for it at once (they wait for the same drawing), the latest few kept."""

    KEPT = 48

    def __init__(self) -> None:
        self.kept: OrderedDict[tuple[str, str, str | None], asyncio.Future[bytes]] = OrderedDict()

    async def get(self, key: tuple[str, str, str | None], draw: Callable[[], Awaitable[bytes]]) -> bytes:
        task = self.kept.get(key)
        if task is None:
            self._drop_older(key)
            task = asyncio.ensure_future(draw())
            self.kept[key] = task
            while len(self.kept) > self.KEPT:
                self.kept.popitem(last=False)
        try:
            return await asyncio.shield(task)
        except Exception:
            self.kept.pop(key, None)  # a drawing that failed is tried again the next time
            raise

    def _drop_older(self, key: tuple[str, str, str | None]) -> None:
        """A drawing of an older position of the same game and player that has not been drawn yet
        is no longer wanted: the phones that asked for it have been given the newer one."""
        name, version, player = key
        for (other_name, other_version, other_player), task in list(self.kept.items()):
            if (other_name, other_player) == (name, player) and other_version != version and not task.done():
                task.cancel()
                del self.kept[(other_name, other_version, other_player)]


async def hint(data: Path | None, asked: HintAsked) -> HintAnswer:
    """The game's hint for what a session asked, in a worker process."""
    return await asyncio.get_running_loop().run_in_executor(pool("hint"), _hint, data, asked)


async def picture(game: str, data: Path | None, state: dict[str, Any], player: str | None) -> bytes:
    """The PNG of a state file (``player``: that player's own sheet, where a game has one each)."""
    return await asyncio.get_running_loop().run_in_executor(pool("picture"), _picture, game, data, state, player)


def _hint(data: Path | None, asked: HintAsked) -> HintAnswer:
    from tajkit.solver.session import solve_hint

    info, spec = _game(asked.game, data)
    return solve_hint(info, spec, asked)


def _picture(game: str, data: Path | None, state: dict[str, Any], player: str | None) -> bytes:
    from tajkit.cli.commands import picture

    info, spec = _game(game, data)
    return picture(info, spec, state, player)


def _game(game: str, data: Path | None) -> tuple[Any, Any]:
    from tajkit.solver import games, speccache

    info = games.get(game)
    return info, speccache.load_spec(info, data)
