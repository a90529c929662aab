"""Writing a lattice's SQLite engine database (the file sqlite_store.py describes), once, at build time.

ingest/write.py and ingest/stream.py call `write_engine_db` inside the lattice's atomic write:
the session's own open (`SqliteSession.for_writing`: the same plan and statements as in memory)
into a new, loose file in the temporary directory (`loose_dir`), then the row saying what built
it, then a VACUUM INTO the database's path (every page written full, in key order), the loose
file removed, and last the secondary indexes made in the packed file (`NewFile.make_indexes`).
VACUUM INTO writes the packed copy once, where a VACUUM packs into a temporary file and copies it
back over the original: 1.5 against 2.0-2.3 s for the 300k KB's 325 MB; and an index made after
it is sorted once and written once, where one made in the loose file was then copied by the
VACUUM too: the VACUUM 1.3-1.5 → 0.9 s there, the indexes' sorts the same, the file as large (each
index's pages written full by its sort) — an index's pages now come after the tables' where the
VACUUM laid them out before the tables' rows (docs/performance.md, round twenty). A failed write
leaves no file.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from latweave.engines.dialects.sql import full_table
from latweave.engines.rows import Facts
from latweave.engines.sqlite_connection import Use, connect
from latweave.engines.sqlite_engine import SqliteEngine, SqliteSession
from latweave.engines.sqlite_places import NewFile
from latweave.engines.sqlite_store import Meta, fingerprint, write_meta
from latweave.errors import EngineError

#: the suffix of the loose file the database is written into before it is packed into its own path
LOOSE = ".loose"


def loose_dir() -> str:
    """Where the loose file goes: the temporary directory SQLite's VACUUM used for its copy
    ($SQLITE_TMPDIR, else $TMPDIR, else /tmp), so that the lattice's own disk holds one copy of
    the database at a time, as it did with a VACUUM in place (a lattice written to a disk with
    room for one copy is written; tests/test_disk_full.py)."""
    return os.environ.get("SQLITE_TMPDIR") or tempfile.gettempdir()


def loose_file(path: Path) -> Path:
    """A new, empty loose file for the database at `path` (`loose_dir`), named after it: a caller
    that runs `write_engine_db` in another process makes it, passes it, and removes it once that
    process has ended, however it ended (one killed leaves it behind otherwise)."""
    handle, name = tempfile.mkstemp(prefix=f"{path.name}.", suffix=LOOSE, dir=loose_dir())
    os.close(handle)
    return Path(name)


def write_engine_db(path: Path | str, facts: Facts, engine: SqliteEngine | None = None,
                    late: frozenset[str] = frozenset(), loose: Path | None = None) -> Path:
    """Write the SQLite engine's database for a lattice's facts (relation → rows; rows may be any
    iterable, read once in chunks) at `path`, which must not exist yet: the lattice relations,
    every stratum they alone decide, evaluated, and the indexes the per-query rules probe. With
    no `engine`, the rules under rules/ (`SqliteEngine.of_rules`). `late`: relations whose rows
    arrive last (`SqliteSession.for_writing`). `loose`: the (empty) loose file to write into
    (`loose_file`; else one is made here); it is removed either way. Returns `path`; a failed write
    leaves no file."""
    engine = engine or SqliteEngine.of_rules()
    path = Path(path)
    if path.exists():
        raise EngineError(f"{path}: already exists; an engine database is written once, into a new lattice folder",
                          hint="write it to a path that does not exist")
    path.parent.mkdir(parents=True, exist_ok=True)
    loose = loose_file(path) if loose is None else Path(loose)
    try:
        session = SqliteSession.for_writing(engine, loose, facts, late)
        try:
            base = session.base_inputs
            lattice = {full_table(r) for r in engine.lattice(base)}
            counts = {t: n for t, n in sorted(session.count.items()) if t in lattice}
            session.con.execute("BEGIN")
            write_meta(session.con, Meta(fingerprint(engine, base), base, counts))
            session.con.execute("COMMIT")
            session.con.execute("VACUUM INTO ?", (str(path),))   # every page written full, in key order
        finally:
            session.close()
        loose.unlink(missing_ok=True)   # (before the sorts, which spill into the same directory)
        packed = connect(Use.WRITE, path)
        try:
            NewFile.make_indexes(packed, engine.layout(base)[1])
        finally:
            packed.close()
    except BaseException:
        path.unlink(missing_ok=True)
        raise
    finally:
        loose.unlink(missing_ok=True)
    return path
