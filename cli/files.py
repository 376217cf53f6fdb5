"""Writing output files: never over an existing file unless asked, and always atomically."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from tajkit.solver.errors import BadInput
from tajkit.solver.wording import shown


def write_new(path: Path, data: bytes, force: bool = False) -> Path:
    """Write ``data`` to ``path`` through a temporary file in the same folder, so a reader never
    sees half a file. Refuses to replace an existing file unless ``force``. A folder that cannot
    be written is bad input naming the user's path (not the temporary file)."""
    name = shown(str(path), 200)
    if path.is_dir():
        raise BadInput(f"{name} is a folder: give a file name with -o")
    if path.exists() and not force:
        raise BadInput(f"{name} already exists: add --force to replace it, or choose another name with -o")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
    except OSError as exc:
        raise BadInput(f"{name}: cannot write there ({exc.strerror or exc})") from None
    try:
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes 0600; give the file the usual mode
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        if force:
            os.replace(tmp, path)
        else:
            _link_without_replacing(Path(tmp), path, name)
    except OSError as exc:
        raise BadInput(f"{name}: cannot write it ({exc.strerror or exc})") from None
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return path


def _link_without_replacing(tmp: Path, path: Path, name: str) -> None:
    """Publish ``tmp`` as ``path`` only if ``path`` still does not exist (no race with another writer)."""
    try:
        os.link(tmp, path)
    except FileExistsError:
        raise BadInput(f"{name} already exists: add --force to replace it, or choose another name with -o") from None
    except OSError:  # a file system without hard links
        if path.exists():
            raise BadInput(f"{name} already exists: add --force to replace it") from None
        os.replace(tmp, path)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
