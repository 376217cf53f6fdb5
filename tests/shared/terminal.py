"""tajkit at a pseudo-terminal, for the tests of what a player types (``tajkit score`` entry,
``tajkit play``): standard input and standard error (where the prompts go) are the terminal,
standard output a file. Each wait is bounded and fails with what the terminal showed."""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

WAIT = 120  # seconds a question may take to show, however loaded the machine: a bound, never a measure
LEFT, BACKSPACE, TAB, ENTER = "\x1b[D", "\x7f", "\t", "\r"
ESCAPES = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>]|\r")


class Terminal:
    """tajkit at a pseudo-terminal of ``cols`` columns; what it shows is kept as text (escape
    sequences removed), and ``expect`` waits for the next appearance of a text in it."""

    def __init__(self, args: list[str], cwd: Path, cols: int = 80) -> None:
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, cols, 0, 0))
        self.stdout_path = cwd / "stdout.txt"
        # no cursor-position requests: nobody answers them here (a real terminal does)
        env = {**os.environ, "TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1", "NO_COLOR": "1"}
        env.pop("TAJKIT_DATA", None)
        with open(self.stdout_path, "wb") as out:
            self.proc = subprocess.Popen([sys.executable, "-m", "tajkit.cli", *args], stdin=slave, stderr=slave,
                                         stdout=out, cwd=cwd, env=env, start_new_session=True)
        os.close(slave)
        self.master = master
        self.raw = b""
        self.seen = 0  # how far into the shown text earlier waits have read

    @property
    def shown(self) -> str:
        return ESCAPES.sub("", self.raw.decode("utf-8", "replace"))

    def _read(self, until: float) -> bool:
        ready, _, _ = select.select([self.master], [], [], max(0.0, until - time.monotonic()))
        if not ready:
            return False
        try:
            chunk = os.read(self.master, 65536)
        except OSError:  # the other end closed: tajkit has ended
            chunk = b""
        self.raw += chunk
        return bool(chunk)

    def expect(self, text: str | re.Pattern[str]) -> None:
        """Wait for ``text`` (or a pattern, which may look behind where the last wait ended)."""
        pattern = text if isinstance(text, re.Pattern) else re.compile(re.escape(text))
        until = time.monotonic() + WAIT
        while (found := pattern.search(self.shown, self.seen)) is None:
            if time.monotonic() > until or (not self._read(until) and self.proc.poll() is not None):
                raise AssertionError(f"{text!r} was not shown; the terminal showed:\n{self.shown[-3000:]}")
        self.seen = found.end()

    def answer(self, question: str, keys: str) -> None:
        self.expect(question)
        os.write(self.master, (keys + ENTER).encode())

    def finish(self) -> str:
        """Wait for tajkit to end; its standard output."""
        until = time.monotonic() + WAIT
        while self.proc.poll() is None and time.monotonic() < until:
            self._read(min(until, time.monotonic() + 1))
        self.end()
        assert self.proc.returncode == 0, self.shown[-3000:]
        return self.stdout_path.read_text()

    def end(self) -> None:
        """tajkit ended (killed if it still runs) and the terminal closed, what it last showed kept."""
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(timeout=WAIT)
        if self.master is not None:
            while self._read(time.monotonic()):
                pass
            os.close(self.master)
            self.master = None


@contextlib.contextmanager
def terminals(cwd: Path):
    """A function starting tajkit at a terminal; on leaving, however a test ended, every one is
    ended and its terminal closed (no process and no file descriptor left behind)."""
    started: list[Terminal] = []

    def start(*args: str) -> Terminal:
        started.append(Terminal(list(args), cwd))
        return started[-1]

    try:
        yield start
    finally:
        for term in started:
            term.end()
