"""Files latweave writes for a user (`run --save`, `explain --svg` / `--html`): replaced only when
latweave wrote them, never half-written.

One rule for every such file, so none of them can clobber what a user owns:

- a path that exists and is not a regular file — a folder, a FIFO, `/dev/stdout`, a device, a
  link to nothing — is refused before anything reads it (reading a FIFO or a terminal waits for a
  writer that never comes);
- an existing regular file is replaced only when `is_ours(path)` says latweave wrote it (a saved
  result reads as one; an export carries latweave's marker comment); any other file is the
  user's, and is refused, untouched;
- the new text is written to a temporary file beside the target and renamed over it, so a reader
  sees the old file or the new one, never half; the replaced file's permissions are kept. A path
  that is a link to one of latweave's files replaces the file it points to, and the link stays.

Each refusal is a `SourceError` naming the path, with a hint (CLI exit 2).
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path
from typing import Callable

from latweave.errors import SourceError


def check_owned(path: Path | str, is_ours: Callable[[Path], bool], *, what: str, hint: str) -> Path:
    """The file to write for `path` (a link's target, resolved), or SourceError when writing there
    would replace something latweave did not write. `what` names the file kind ("a saved result")."""
    path = Path(path)
    try:
        mode = os.stat(path).st_mode   # follows links
    except FileNotFoundError:
        if os.path.lexists(path):
            raise SourceError("is a link to nothing: it is left as it is", file=str(path),
                              hint="give a new file name") from None
        parent = path.parent   # "." for a bare file name
        if not parent.is_dir():
            raise SourceError("its folder does not exist", file=str(path), hint=f"create {parent} first") from None
        return path
    except NotADirectoryError:
        raise SourceError("its folder is a file", file=str(path), hint="give a path in a folder") from None
    if stat.S_ISDIR(mode):
        raise SourceError(f"is a folder, not a file to write {what} in", file=str(path),
                          hint="give a file name inside it")
    if not stat.S_ISREG(mode):
        raise SourceError(f"is not a regular file (a FIFO, a device or a terminal such as /dev/stdout): "
                          f"{what} is written only to a file", file=str(path),
                          hint="give a file name (for the output on stdout, use --json)")
    if not is_ours(path):
        raise SourceError(f"exists and is not {what}: it is left as it is", file=str(path), hint=hint)
    return Path(os.path.realpath(path))


def write_owned(path: Path | str, text: str, is_ours: Callable[[Path], bool], *, what: str, hint: str) -> None:
    """Write `text` (UTF-8) at `path` atomically, after check_owned; nothing is written when refused."""
    target = check_owned(path, is_ours, what=what, hint=hint)
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def starts_with_marker(marker: str, *older: str, within: int = 4096) -> Callable[[Path], bool]:
    """An `is_ours` test: the file's first `within` bytes hold `marker` (an export's comment), or
    one of the `older` markers earlier releases wrote."""
    needles = [m.encode("utf-8") for m in (marker, *older)]

    def is_ours(path: Path) -> bool:
        with open(path, "rb") as handle:
            head = handle.read(within)
        return any(needle in head for needle in needles)

    return is_ours
