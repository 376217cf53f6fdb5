"""The real ``tajkit serve`` in its own process, for the web companion's tests."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

WAIT = 120  # seconds a server may take to start, however loaded the machine: a bound, never a measure


class Server:
    """``tajkit serve`` on a free port, in ``folder`` (with ``data``: ``tajkit --data DATA serve``,
    a group's own game data); ``url`` is the link it printed."""

    def __init__(self, folder: Path, *args: str, data: Path | None = None) -> None:
        env = {**os.environ, "NO_COLOR": "1"}
        env.pop("TAJKIT_DATA", None)
        self.folder = folder
        given = ["--data", str(data)] if data is not None else []
        self.proc = subprocess.Popen([sys.executable, "-m", "tajkit.cli", *given, "serve", "--port", "0", "--folder",
                                      str(folder), *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True, env=env)
        assert self.proc.stdout is not None
        until = time.monotonic() + WAIT
        line = self.proc.stdout.readline().strip()
        if not line.startswith("http://") or time.monotonic() > until:
            self.stop()
            raise AssertionError(f"tajkit serve did not start: {line!r} {self.proc.stderr.read()[-2000:]}")
        self.url = line

    @property
    def base(self) -> str:
        return self.url.split("?")[0].rstrip("/")

    def stop(self, kill: bool = False) -> None:
        if self.proc.poll() is None:
            (self.proc.kill if kill else self.proc.terminate)()
        self.proc.wait(timeout=WAIT)
