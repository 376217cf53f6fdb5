"""Writing a file: the one place that decides whether tajkit may write a path, and writes it
atomically (a temporary file in the same folder, synced, then renamed into place, and the folder
synced), so a reader never sees half a file and a process killed mid-write leaves the old one whole.

What is at the path is looked at without following it (``lstat``), and only a regular file is
ever replaced, and only when asked (``--force``, or a game record being played):

- a folder, a pipe, a device or a socket is refused by name: a rename over ``/dev/full`` would
  replace the device node itself, not write into it;
- a symbolic link is refused: a rename replaces the link, not the file it points to (a game
  record is opened through its link instead, :func:`real_path`, so the game does not fork);
- a read-only file is refused: its mode says it is to be kept, and a rename would not ask
  (checked on the mode bits too, which root also sees: root may write any file).
"""

from __future__ import annotations

import contextlib
import itertools
import os
import stat
import tempfile
import time
from pathlib import Path

from tajkit.solver.errors import BadInput
from tajkit.solver.wording import shown

# The kill tests' hook: with TAJKIT_PAUSE_IN_WRITE="N:FILE", this process's N-th write stops inside
# its window (half the temporary file written and synced, not yet renamed into place), creates FILE
# holding the temporary file's path to say so, and waits there to be killed. Unset, it costs nothing.
PAUSE = "TAJKIT_PAUSE_IN_WRITE"
_writes = itertools.count(1)

SPECIAL = {stat.S_IFIFO: "a pipe (FIFO)", stat.S_IFCHR: "a device", stat.S_IFBLK: "a device", stat.S_IFSOCK: "a socket"}


def real_path(path: Path) -> Path:
    """``path``, or the file it links to when it is a symbolic link: what a record is read from
    and written to, so that a record kept through a link is updated where it lives."""
    return Path(os.path.realpath(path)) if path.is_symlink() else path


def check_target(path: Path, replace: bool, what: str = "file", option: str = "-o") -> None:
    """Refuse (``BadInput`` naming the path and the rule) to write ``path`` unless nothing is
    there, or a regular file that ``replace`` allows to be replaced and that is not read-only.
    ``what`` names the file in the read-only message (``"record"``); ``option`` is how the user
    named it, for the messages that suggest another name."""
    name = shown(str(path), 200)
    try:
        info = os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):
        return  # nothing there: a missing folder is said when the file is written
    except OSError as exc:  # a name too long, a folder that may not be looked into
        raise BadInput(f"{name}: cannot write there ({exc.strerror or exc})") from None
    mode = info.st_mode
    if stat.S_ISLNK(mode):
        raise BadInput(f"{name} is a symbolic link (to {shown(os.readlink(path), 200)}): tajkit writes only a "
                       "regular file, never through a link: name the file itself")
    if stat.S_ISDIR(mode):
        raise BadInput(f"{name} is a folder: give a file name with {option}")
    if not stat.S_ISREG(mode):
        raise BadInput(f"{name} is {SPECIAL.get(stat.S_IFMT(mode), 'not a regular file')}: tajkit writes only a "
                       "regular file (--force replaces a regular file, nothing else)")
    if not replace:
        raise BadInput(f"{name} already exists: add --force to replace it, or choose another name with {option}")
    if not mode & 0o222 or not os.access(path, os.W_OK):
        raise BadInput(f"{name}: the {what} is read-only: tajkit does not replace it (make it writable first, "
                       f"e.g. chmod u+w)")


def write_file(path: Path, data: bytes, replace: bool = False, what: str = "file", option: str = "-o",
               make_folder: bool = False) -> None:
    """``path`` holds ``data`` or what it held before, never half of it: written through a
    temporary file in the same folder, after :func:`check_target`. Without ``replace`` an
    existing file is never replaced, even one made meanwhile by another process. A file replaced
    keeps its mode. ``make_folder``: make the folder first (an output folder on first use)."""
    name = shown(str(path), 200)
    check_target(path, replace, what, option)
    try:
        if make_folder:
            path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
    except OSError as exc:
        raise BadInput(f"{name}: cannot write there ({exc.strerror or exc})") from None
    try:
        with os.fdopen(fd, "wb") as out:
            if os.environ.get(PAUSE):
                _pause_inside_the_window(out, data, tmp)
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(tmp, _mode_for(path))  # mkstemp makes 0600
        if replace:
            os.replace(tmp, path)
        else:
            _link_without_replacing(Path(tmp), path, option)
        _sync_folder(path.parent)
    except OSError as exc:
        raise BadInput(f"{name}: cannot write it ({exc.strerror or exc})") from None
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)


def _pause_inside_the_window(out, data: bytes, tmp: str) -> None:  # noqa: ANN001 (a binary file)
    """The kill tests' hook (``PAUSE``): on the N-th write, half the data reaches the disk, FILE
    says where, and the process waits to be killed; any other write goes on at once."""
    count, _, signal_file = os.environ[PAUSE].partition(":")
    if next(_writes) != int(count):
        return
    out.write(data[: len(data) // 2])
    out.flush()
    os.fsync(out.fileno())
    Path(f"{signal_file}.part").write_text(tmp, encoding="utf-8")
    os.replace(f"{signal_file}.part", signal_file)  # whole when seen
    while True:
        time.sleep(60)


def _mode_for(path: Path) -> int:
    """The mode of the file being replaced, or a new file's usual mode (what the umask allows)."""
    try:
        return os.stat(path).st_mode & 0o777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def _link_without_replacing(tmp: Path, path: Path, option: str) -> None:
    """Publish ``tmp`` as ``path`` only if ``path`` still does not exist (no race with another writer)."""
    exists = BadInput(f"{shown(str(path), 200)} already exists: add --force to replace it, or choose another name "
                      f"with {option}")
    try:
        os.link(tmp, path)
    except FileExistsError:
        raise exists from None
    except OSError:  # a file system without hard links
        if os.path.lexists(path):
            raise exists from None
        os.replace(tmp, path)


def _sync_folder(folder: Path) -> None:
    """The rename survives a power cut once the folder is synced (where a folder can be)."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
