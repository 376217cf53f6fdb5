"""The kill tests' side of ``solver/writing.py``'s hook (``PAUSE``): a process told to stop inside
its N-th write's window, waited for until it is there, so that a kill lands inside the window and
the test can prove it did (the half-written temporary file is on the disk, the record untouched)."""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

import pytest

from tajkit.solver.writing import PAUSE

WAIT = 120  # seconds a process may take to reach its write, however loaded the machine: a bound, never a measure


def pausing_env(write: int, signal_file: Path) -> dict[str, str]:
    """The environment of a process whose ``write``-th write stops inside its window."""
    return {**os.environ, PAUSE: f"{write}:{signal_file}"}


def wait_inside_the_window(signal_file: Path, proc: subprocess.Popen) -> Path:
    """Wait until ``proc`` has stopped inside its write (it says so through ``signal_file``) and
    return the temporary file it was writing, half written."""
    until = time.monotonic() + WAIT
    while not signal_file.exists():
        assert proc.poll() is None, f"the process ended (exit {proc.returncode}) before its write: {proc.stderr.read()[-1500:] if proc.stderr else ''}"
        if time.monotonic() > until:  # a safety cap, so that a broken hook fails instead of hanging
            pytest.fail(f"the process did not reach its write within {WAIT} s")
        time.sleep(0.01)
    part = Path(signal_file.read_text(encoding="utf-8"))
    assert part.stat().st_size > 0, "the temporary file holds half the data"
    return part
