"""The lattice strata materialised once, at build time, into an SQLite file the SQLite engine reads.

Opening a lattice on the SQLite engine used to load every lattice fact into an in-memory database,
evaluate the strata that read only lattice relations (`desc`, `resolve`, `contested`, `world`,
...) and index what the per-query rules probe: seconds per open at a million instances, all of it
in memory. `write_engine_db(path, facts)` does that once, when the lattice is built (ingest/write.py
writes `engine/sqlite.db` inside the lattice's atomic write, so the manifest hashes it), with the
session's own plan and statements (sqlite_engine.SqliteSession in its writing mode): the file holds
the lattice relations, every lattice stratum evaluated, and the indexes — what an in-memory session
holds after `open`, and nothing per-query. `SqliteEngine.open_stored(folder)` then reads it in
place, read-only; a run's own relations live in TEMP tables.

Compact (format 2): each lattice relation is a WITHOUT ROWID table clustered on a primary key over
all its columns, ordered as one index the statements probe (`SqliteEngine.layout`), so that the
table is that index rather than a copy beside it (a relation is a set: the key is sound), with the
other indexes as secondary ones (on the 100,000-person KB: 218 MB in format 1, 112 MB). The strata
are evaluated in TEMP tables as in memory (the same statements, the same plans), each then copied
into the file; the finished file is VACUUMed, since a B-tree filled by inserts leaves its pages
part empty (~12 % in key order, more in any other), and a VACUUM writes each one full, in key
order — the bytes depend on the rows, not on the order they went in.

The file also holds one row, `latweave$engine`: the format, the program's fingerprint (a hash of
the whole semi-naive plan: every table's DDL, every SELECT, every index, the base relations), the
base relations and each lattice table's row count. A database built by other rules — or not by
latweave at all — is refused with a hint to rebuild.

Determinism: the same facts in the same order through the same statements give the same file,
byte for byte, from one SQLite library (tested); the page size is fixed here rather than left to
the library's compile-time default. Nothing depends on that beyond the manifest's file hashes.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from itertools import islice
from pathlib import Path
from typing import Iterable, Mapping, NamedTuple

from latweave.engines import rows as checks
from latweave.engines.base import Facts
from latweave.engines.dialects.sql import full_table
from latweave.engines.dialects.sqlite import create_index
from latweave.engines.sqlite_engine import SqliteEngine, SqliteSession
from latweave.errors import EngineError
from latweave.folder.names import ENGINE_DB

#: Bumped when what the file holds, or how, changes.
FORMAT = 2
#: The one-row table saying what built the file.
META = '"latweave$engine"'
#: Fixed, so that the file's bytes do not depend on the library's default.
PAGE_SIZE = 4096

#: The write path's connection settings: no journal (a failed write is removed whole), a large
#: page cache for the index builds and the TEMP tables the strata are evaluated in, sorts
#: spilled to files rather than memory.
WRITE_PRAGMAS = (f"page_size = {PAGE_SIZE}", "journal_mode = OFF", "synchronous = OFF",
                 "cache_size = -262144", "temp.cache_size = -262144", "temp_store = FILE")
#: The read path's (bench/stored.py --pragmas: mmap, other cache sizes and immutable=1 were all
#: within the noise of this: docs/performance.md).
READ_PRAGMAS = ("temp_store = MEMORY", "cache_size = -65536", "mmap_size = 0")

#: Prepared statements a stored session keeps (the library's default is 128): one plan shape runs
#: about a hundred (a 3-hop chain: 97), so questions of a few shapes in turn would evict each
#: other's and prepare them again.
STATEMENT_CACHE = 1024

_REBUILD = "rebuild the lattice with this version of latweave (latweave build ... --out DIR)"


class Meta(NamedTuple):
    """What `latweave$engine` records."""

    fingerprint: str
    base_inputs: frozenset[str]
    counts: dict[str, int]  # lattice table (quoted name) -> rows


def engine_db(directory: Path | str) -> Path:
    """The SQLite engine database's path in a lattice folder."""
    return Path(directory) / ENGINE_DB


def fingerprint(engine: SqliteEngine, base_inputs: frozenset[str]) -> str:
    """A hash of everything that decides what the file holds over these base relations: the
    lattice tables' DDL, the lattice strata's SELECTs (base and step variants, in order) and the
    indexes the per-query rules probe. The per-query rules themselves are not in it: a change to
    them that keeps those (the rules' witness part, say) leaves a stored database good."""
    plan, indexes = engine.plan(base_inputs)
    keys, secondary = engine.layout(base_inputs)
    lattice = {full_table(r) for r in engine.lattice(base_inputs)}
    strata = [[list(c.stratum.relations),
               {rel: [v.sql for v in vs] for rel, vs in sorted(c.base.items())},
               {rel: {str(p): [v.sql for v in vs] for p, vs in sorted(steps.items(), key=lambda kv: str(kv[0]))}
                for rel, steps in sorted(c.step.items())}]
              for c in plan.schedule(base_inputs).at_open()]
    text = json.dumps({"format": FORMAT, "base": sorted(base_inputs),
                       "ddl": sorted((t, ddl) for t, ddl in plan.ddl.items() if t in lattice),
                       "strata": strata, "indexes": [list(map(str, i)) for i in indexes],
                       "keys": {r: list(k) for r, k in keys.items()},
                       "secondary": [list(map(str, i)) for i in secondary]}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


def write_meta(con: sqlite3.Connection, meta: Meta) -> None:
    con.execute(f"CREATE TABLE {META} (format INTEGER NOT NULL, fingerprint TEXT NOT NULL, "
                "base_inputs TEXT NOT NULL, counts TEXT NOT NULL)")
    con.execute(f"INSERT INTO {META} VALUES (?, ?, ?, ?)",
                (FORMAT, meta.fingerprint, json.dumps(sorted(meta.base_inputs)),
                 json.dumps(meta.counts, sort_keys=True)))


def read_meta(con: sqlite3.Connection, path: Path) -> Meta:
    """The file's `latweave$engine` row; EngineError (with a hint to rebuild) when it is not an
    engine database latweave wrote in this format."""
    try:
        rows = con.execute(f"SELECT format, fingerprint, base_inputs, counts FROM {META}").fetchall()
    except sqlite3.Error as exc:
        raise EngineError(f"{path}: not a latweave engine database ({exc})", hint=_REBUILD) from None
    if len(rows) != 1:
        raise EngineError(f"{path}: not a latweave engine database ({len(rows)} rows in latweave$engine)",
                          hint=_REBUILD)
    (fmt, digest, base, counts), = rows
    if fmt != FORMAT:
        raise EngineError(f"{path}: engine database format {fmt}, this latweave reads format {FORMAT}",
                          hint=_REBUILD)
    try:
        base_inputs, counts = frozenset(json.loads(base)), dict(json.loads(counts))
    except (TypeError, ValueError) as exc:
        raise EngineError(f"{path}: unreadable latweave$engine row ({exc})", hint=_REBUILD) from None
    return Meta(digest, base_inputs, counts)


def check_fingerprint(meta: Meta, expected: str, path: Path) -> None:
    if meta.fingerprint != expected:
        raise EngineError(f"{path}: this engine database was built by other rules (fingerprint "
                          f"{meta.fingerprint[:12]}, these rules give {expected[:12]}), so its lattice "
                          "strata may not be what the rules now derive", hint=_REBUILD)


def write_engine_db(path: Path | str, facts: Mapping[str, Iterable[tuple]], program=None) -> Path:
    """Write the SQLite engine's database for a lattice's facts (relation → rows; rows may be any
    iterable, read once in chunks) at `path`, which must not exist yet: the lattice relations,
    every stratum they alone decide, evaluated, and the indexes the per-query rules probe. With
    no `program`, the rules under rules/. Returns `path`; a failed write leaves no file."""
    if program is None:
        from latweave.datalog.parser import load_rules
        program = load_rules()
    path = Path(path)
    if path.exists():
        raise EngineError(f"{path}: already exists; an engine database is written once, into a new lattice folder",
                          hint="write it to a path that does not exist")
    path.parent.mkdir(parents=True, exist_ok=True)
    _Writer.write(engine_of(program), path, facts)
    return path


_ENGINE: list = [None, None]   # the last program written for, and its engine


def engine_of(program) -> SqliteEngine:
    """The SQLite engine of `program`, kept for the next write of the same program (planning the
    rules costs a fraction of a second; a test run or a change writes many small databases)."""
    if _ENGINE[0] is not program:
        _ENGINE[:] = [program, SqliteEngine(program)]
    return _ENGINE[1]


def open_stored(engine: SqliteEngine, directory: Path, session: type[SqliteSession] = SqliteSession,
                pragmas: Iterable[str] = READ_PRAGMAS, immutable: bool = False) -> SqliteSession | None:
    """A session over `directory`'s engine database, opened read-only (`immutable`: also without
    locks or change checks; measured, not used): its lattice tables read in place, per-run tables
    created in TEMP. None when there is none; EngineError when latweave did not write it, or
    wrote it for other rules. A lattice of several layers (folder/layers.py): its top layer's
    database, which holds the whole lattice (engines/sqlite_layers.py keeps it)."""
    from latweave.folder.layers import engine_db_name, layer_folders

    path = directory / engine_db_name(len(layer_folders(directory)))
    if not path.is_file():
        return None   # none (a folder written by store.write_lattice: its model files alone)
    self = session.__new__(session)
    self.mode = "stored"
    try:
        uri = f"{path.resolve().as_uri()}?mode=ro{'&immutable=1' if immutable else ''}"
        con = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False,
                              cached_statements=STATEMENT_CACHE)
    except sqlite3.Error as exc:
        raise EngineError(f"{path}: cannot open the engine database ({exc})") from None
    self._attach(engine, con)
    try:
        for pragma in pragmas:
            con.execute(f"PRAGMA {pragma}")
        meta = read_meta(con, path)
        check_fingerprint(meta, fingerprint(engine, meta.base_inputs), path)
        self.base_inputs = meta.base_inputs
        self.count = dict(meta.counts)
        self._prepare()
        self._bookkeep()
        self._finish()
    except sqlite3.Error as exc:
        self.close()
        raise EngineError(f"{path}: unreadable engine database ({exc})", hint=_REBUILD) from None
    except BaseException:
        self.close()
        raise
    return self


class _Writer(SqliteSession):
    """The session's `open`, into a file: facts streamed in, the lattice strata evaluated, indexed."""

    mode = "write"
    #: Rows per executemany.
    CHUNK = 100_000

    @classmethod
    def write(cls, engine: SqliteEngine, path: Path, facts: Facts) -> None:
        """Load `facts` into a new database file at `path`, evaluate the lattice strata, index,
        record what built it (Meta), close. A failure removes the half-written file."""
        self = cls.__new__(cls)
        self._attach(engine, sqlite3.connect(str(path), isolation_level=None, check_same_thread=False))
        try:
            for pragma in WRITE_PRAGMAS:
                self.con.execute(f"PRAGMA {pragma}")
            self._open(facts)
            lattice = {full_table(r) for r in engine.lattice(self.base_inputs)}
            counts = {t: n for t, n in sorted(self.count.items()) if t in lattice}
            self.con.execute("BEGIN")
            write_meta(self.con, Meta(fingerprint(engine, self.base_inputs), self.base_inputs, counts))
            self.con.execute("COMMIT")
            self.con.execute("VACUUM")   # every page written full, in key order
        except BaseException:
            self.close()
            path.unlink(missing_ok=True)
            raise
        self.close()

    def _lattice_table(self, table: str, ddl: str) -> str:
        """While the strata are evaluated, a lattice table is a TEMP table (which the statements'
        unqualified names find first) as in memory: rowid, unindexed, probed through SQLite's
        automatic indexes where the rules need them (a key made early would be probed by its
        prefix instead: one stratum took minutes). `_finish` moves it into the file, keyed."""
        return self._temp(table)

    def _finish(self) -> None:
        """Each lattice table into the file: a WITHOUT ROWID table clustered on the key
        `SqliteEngine.layout` gives its relation, filled from its TEMP table (then dropped; in the
        TEMP table's order: sorting first cost more than it saved, and the VACUUM that ends the
        write lays every B-tree out in key order whatever the order of inserts); then the secondary indexes — those the per-query rules probe, and those keeping
        this database up to date as layers come probes (engines/sqlite_layers.py) — each a sort."""
        keys, secondary = self.engine.layout(self.base_inputs)
        for name, key in keys.items():
            table, types = full_table(name), self.types[name]
            self.con.execute(self.plan.dialect.create_table(name, types, key=key))   # in main: not TEMP
            self.con.execute(f"INSERT INTO main.{table} SELECT * FROM temp.{table}")
            self.con.execute(f"DROP TABLE temp.{table}")
        for index in secondary:
            self.con.execute(create_index(index))
        self.con.execute("COMMIT")

    def _materialise(self, facts: Facts) -> dict:
        checks.check_relations(self.program, facts, self.rows)
        return dict(facts)  # each relation's rows read once, in chunks, by _load

    def _load(self, name: str, rows) -> None:
        """Rows of a base relation (any iterable) into its empty table, CHUNK at a time; then
        duplicates, if any, are dropped (the first of each is kept)."""
        table, types = full_table(name), self.types[name]
        relation = self.program.relation(name)
        values = f"VALUES ({', '.join('?' * len(types))})" if types else "VALUES (TRUE)"
        rows, added = iter(rows), 0
        while chunk := list(islice(rows, self.CHUNK)):
            checks.check_rows(relation, chunk, self.rows)
            try:
                added += self.con.executemany(f"INSERT INTO {table} {values}", chunk if types else [()]).rowcount
            except sqlite3.Error as exc:
                raise EngineError(f"{self.name}: cannot load facts of {name}: {exc}") from None
            if not types:
                break
        cols = ", ".join(f"c{j}" for j in range(len(types))) or "c0"
        distinct = self.con.execute(f"SELECT count(*) FROM (SELECT DISTINCT {cols} FROM {table})").fetchone()[0]
        if distinct != added:
            self.con.execute(f"DELETE FROM {table} WHERE rowid NOT IN (SELECT min(rowid) FROM {table} GROUP BY {cols})")
        self.count[table] = distinct
