"""Every SQLite connection latweave opens, and its settings, in one function (`connect`).

Three uses, each its own settings (`PRAGMAS`):

- `Use.MEMORY`: a session's in-memory database (`SqliteSession.in_memory`): no journal, no syncs,
  TEMP tables in memory;
- `Use.READ`: a lattice's stored engine database (sqlite_store.py), read in place and read-only
  (`SqliteSession.stored`); its TEMP tables (a run's) in memory; its pages read through a memory
  map (`READ_MAP`). bench/stored.py --pragmas measured other cache sizes and immutable=1 within
  the noise of these (docs/performance.md);
- `Use.WRITE`: that database being written or kept up to date (sqlite_write.py, sqlite_layers.py):
  no journal (a failed write is removed whole), a fixed page size (the file's bytes must not
  depend on the library's default), a large page cache for the index builds and the TEMP tables
  the strata are evaluated in, sorts spilled to files rather than memory.
"""

from __future__ import annotations

import sqlite3
from enum import Enum
from pathlib import Path
from typing import Iterable

from latweave.engines.sqlite_store import PAGE_SIZE, REBUILD
from latweave.errors import EngineError


class Use(Enum):
    """What a connection is for."""

    MEMORY = "memory"
    READ = "read"
    WRITE = "write"


#: TEMP's pages zeroed when freed? Debian's SQLite is built with SECURE_DELETE, which overwrites
#: every page a DELETE or DROP frees: for TEMP — scratch tables no one else reads, gone with the
#: connection — that is work for nothing (a writer's TEMP copy of `desc` at 300k subjects dropped
#: in 0.15-0.21 s with it, 0.03 s without). Set on TEMP alone, so that the main database's bytes
#: are what they were.
TEMP_PAGES = "temp.secure_delete = OFF"

#: The bytes of a stored engine database read through a memory map (SQLite's `mmap_size`: the
#: first GiB of the file; the rest, if any, read as before): a page of the file is then the page
#: cache's, not a copy read into SQLite's. Once a question was one fused statement
#: (engines/fused.py), most of its time in SQLite was reading the B-tree pages its values lead to
#: — different pages for every first-asked question: 600 such questions a hop count on the 100k
#: KB, the statement 47 / 84 / 119 µs → 42 / 69 / 102 µs for 1 / 2 / 3 hops (docs/performance.md;
#: when each question ran ~100 statements, bench/stored.py had it within the noise). Safe because
#: a lattice's database is never changed in place: every write makes a new file inside the
#: folder's atomic write (a mapped file cut short under a reader would fault it).
READ_MAP = 1 << 30

PRAGMAS: dict[Use, tuple[str, ...]] = {
    Use.MEMORY: ("journal_mode = OFF", "synchronous = OFF", "temp_store = MEMORY", TEMP_PAGES),
    Use.READ: ("temp_store = MEMORY", "cache_size = -65536", f"mmap_size = {READ_MAP}", TEMP_PAGES),
    Use.WRITE: (f"page_size = {PAGE_SIZE}", "journal_mode = OFF", "synchronous = OFF",
                "cache_size = -262144", "temp.cache_size = -262144", "temp_store = FILE", TEMP_PAGES),
}

#: Prepared statements a stored session keeps (the library's default is 128): one plan shape runs
#: about a hundred (a 3-hop chain: 97), so questions of a few shapes in turn would evict each
#: other's and prepare them again.
STATEMENT_CACHE = 1024


def connect(use: Use, path: Path | None = None, *, pragmas: Iterable[str] | None = None,
            immutable: bool = False) -> sqlite3.Connection:
    """A connection for `use` (`path`: the database file; none for MEMORY), in autocommit mode (the
    callers BEGIN and COMMIT themselves), usable from any thread (a run's timeout interrupts it
    from another), with `use`'s settings, or `pragmas` (bench/stored.py tries others). READ opens
    the file read-only (`immutable`: also without locks or change checks; measured, not used); a
    file it cannot open or set up is an EngineError."""
    if use is Use.MEMORY:
        con = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
    elif path is None:
        raise ValueError(f"a {use.value} connection needs the database's path")
    elif use is Use.READ:
        uri = f"{path.resolve().as_uri()}?mode=ro{'&immutable=1' if immutable else ''}"
        try:
            con = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False,
                                  cached_statements=STATEMENT_CACHE)
        except sqlite3.Error as exc:
            raise EngineError(f"{path}: cannot open the engine database ({exc})") from None
    else:
        con = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
    try:
        for pragma in PRAGMAS[use] if pragmas is None else pragmas:
            con.execute(f"PRAGMA {pragma}")
    except sqlite3.Error as exc:
        con.close()
        if use is Use.READ:
            raise EngineError(f"{path}: unreadable engine database ({exc})", hint=REBUILD) from None
        raise
    return con
