"""A write that failed for want of room (or a failing device), told as one error naming what was
being written, whatever layer met it.

A full disk reaches latweave in several shapes: Python's `OSError` (ENOSPC, EDQUOT, EFBIG — a
file-size limit, `ulimit -f`), SQLite's `OperationalError` ("database or disk is full", or
"disk I/O error" when a write fails part-way), DuckDB's `IOException` (its message carries the
errno). Shown raw they are a traceback, or `error: No space left on device:` with no path, or a
path that is a *source* being copied rather than where the room ran out. `write_failure(exc,
path)` turns each into a `WriteError` naming `path` (the lattice being written) with a hint; the
writer's atomic install (folder/store.py) means the lattice there before is unchanged.

DuckDB is recognised by its exception's class name and module, so this module imports no engine.
"""

from __future__ import annotations

import errno
import re

from latweave.errors import WriteError

_REASONS = {
    errno.ENOSPC: "no space left on device",
    errno.EDQUOT: "disk quota exceeded",
    errno.EFBIG: "file too large (the file system's limit, or the file-size limit: ulimit -f)",
    errno.EIO: "the device reported an I/O error",
}
_DUCKDB_ERRNO = re.compile(r'"errno"\s*:\s*"?(\d+)')
_DUCKDB_WORDS = (("No space left on device", errno.ENOSPC), ("Disk quota exceeded", errno.EDQUOT),
                 ("File too large", errno.EFBIG))


def failure_reason(exc: BaseException) -> str | None:
    """Why `exc` is a failed write for want of room or a failing device, in words; None for any
    other exception (a bug or a bad input keeps its own error)."""
    if isinstance(exc, OSError):
        return _REASONS.get(exc.errno)
    name, module = type(exc).__name__, type(exc).__module__ or ""
    if name == "OperationalError" and module.startswith("sqlite3"):
        text = str(exc).lower()
        if "database or disk is full" in text:
            return _REASONS[errno.ENOSPC]
        if "disk i/o error" in text:
            return "SQLite could not write its database (disk I/O error: the disk may be full)"
        return None
    if "duckdb" in module and name == "IOException":
        text = str(exc)
        found = _DUCKDB_ERRNO.search(text)
        if found and int(found.group(1)) in _REASONS:
            return _REASONS[int(found.group(1))]
        for words, code in _DUCKDB_WORDS:
            if words in text:
                return _REASONS[code]
    return None


def write_failure(exc: BaseException, path) -> WriteError | None:
    """The WriteError for `exc` met while writing `path`, or None when `exc` is no such failure."""
    reason = failure_reason(exc)
    if reason is None:
        return None
    return WriteError(f"{reason} while writing {path}", path=str(path),
                      hint="free some space there (or write the lattice elsewhere) and run it again; "
                           "what was at that path before is unchanged")
