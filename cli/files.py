"""Writing output files: never over an existing file unless asked, and always atomically."""

from __future__ import annotations

from pathlib import Path

from tajkit.solver.writing import write_file


def write_new(path: Path, data: bytes, force: bool = False) -> Path:
    """Write ``data`` to ``path`` (its folder made if need be) as ``solver/writing.py`` writes
    every file: refusing to replace anything but a regular file, and that only with ``force``."""
    write_file(path, data, replace=force, make_folder=True)
    return path
