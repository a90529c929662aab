"""The REPL's history file: one per lattice folder, only ever appended to.

Where: `$XDG_STATE_HOME/latweave/history/<folder name>-<12 hex digits>` (default `~/.local/state`),
the digits a hash of the folder's absolute path (links not followed: a lattice path that is a link
to its current version keeps one history), so `latweave repl --lattice out/movies` recalls
the plans typed on that lattice and not those of another, whose dimensions would not parse here.
Per folder, not per content hash: a lattice changed in place (`latweave add`) keeps its history.

How it is written (the one rule: nothing a user owns is lost): each entry is appended the moment
it is entered, in one `write` on a descriptor opened `O_APPEND | O_NOFOLLOW`; nothing is ever
truncated or rewritten (readline's `write_history_file` rewrites the file and caps it — it is not
used), and a file that is a symbolic link, a FIFO or anything but a regular file is not written
at all (`refused` says why, once). Reading takes the last `MAX_ENTRIES` entries from the file's
last `MAX_READ` bytes, so the file may grow (a few dozen bytes a plan) without slowing a start.

The format is readline's (one entry a line), with one addition: a plan typed over several lines
is one entry, its lines joined by a backslash at the end of each line but the last, as a shell
continues a line; a line of an entry that itself ends in a backslash gets a space after it.
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
from pathlib import Path

#: Entries read back at the start of a session (the newest ones).
MAX_ENTRIES = 1000
#: Bytes read from the end of the file, at most.
MAX_READ = 1 << 20
_UNSAFE_NAME = re.compile(r"[^A-Za-z0-9._-]+")


def history_path(lattice: Path | str) -> Path:
    """The history file of the lattice folder `lattice`."""
    folder = Path(os.path.abspath(lattice))
    state = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    digest = hashlib.sha256(os.fsencode(folder)).hexdigest()[:12]
    name = _UNSAFE_NAME.sub("_", folder.name).strip("._") or "lattice"
    return Path(state) / "latweave" / "history" / f"{name[:40]}-{digest}"


def encode(entry: str) -> bytes:
    """An entry as the file holds it: its lines joined by `\\` + newline, then a newline."""
    lines = [line + " " if line.endswith("\\") else line for line in entry.split("\n")]
    return ("\\\n".join(lines) + "\n").encode("utf-8", errors="surrogateescape")


def decode(text: str) -> list[str]:
    """The entries of the file's text (the inverse of `encode`, but for a trailing space)."""
    entries, parts = [], []
    for line in text.split("\n"):
        if line.endswith("\\"):
            parts.append(line[:-1])
            continue
        parts.append(line)
        entry = "\n".join(parts)
        parts = []
        if entry.strip():
            entries.append(entry)
    if parts and "\n".join(parts).strip():
        entries.append("\n".join(parts))
    return entries


class History:
    """The history file of one lattice: `read()` its last entries, `append(entry)` one more."""

    def __init__(self, path: Path):
        self.path = path
        #: why nothing is written (a link, not a regular file, a write that failed), or None
        self.refused: str | None = None
        try:
            if path.is_symlink():
                self.refused = f"{path} is a symbolic link; latweave writes no file through a link"
            elif path.exists() and not path.is_file():
                self.refused = f"{path} is not a regular file"
        except OSError:
            pass   # said when a write fails

    def read(self) -> list[str]:
        """The newest MAX_ENTRIES entries; none when the file is missing or cannot be read (a
        history is a convenience, never an error). Only a regular file is read (a FIFO would
        block); through a link too — reading changes nothing."""
        try:
            fd = os.open(self.path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
        except OSError:
            return []
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode):
                return []
            start = max(0, info.st_size - MAX_READ)
            os.lseek(fd, start, os.SEEK_SET)
            data = b""
            while chunk := os.read(fd, 1 << 16):
                data += chunk
        except OSError:
            return []
        finally:
            os.close(fd)
        text = data.decode("utf-8", errors="replace").replace("\r\n", "\n")
        if start:   # the first line may be cut in the middle
            text = text.partition("\n")[2]
        return decode(text)[-MAX_ENTRIES:]

    def append(self, entry: str) -> None:
        """Add `entry` at the end of the file (created, mode 0600, with its folder, if missing).
        A link or a non-regular file is never written; any failure stops the writing for this
        session, quietly (`refused` says why)."""
        if self.refused is not None:
            return
        # read too: the last byte says whether the file ends its last line
        flags = os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            if self.path.is_symlink():   # O_NOFOLLOW says so too, where the system has it
                raise _Refused(f"{self.path} is a symbolic link; latweave writes no file through a link")
            fd = os.open(self.path, flags | getattr(os, "O_NOFOLLOW", 0), 0o600)
        except _Refused as exc:
            self.refused = str(exc)
            return
        except OSError as exc:
            self.refused = f"{self.path}: {exc.strerror or exc}"
            return
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode):
                self.refused = f"{self.path} is not a regular file"
                return
            data = encode(entry)
            if info.st_size and os.pread(fd, 1, info.st_size - 1) != b"\n":
                data = b"\n" + data   # the last line there is not ours to continue
            while data:
                data = data[os.write(fd, data):]
        except OSError as exc:
            self.refused = f"{self.path}: {exc.strerror or exc}"
        finally:
            os.close(fd)


class _Refused(Exception):
    pass
