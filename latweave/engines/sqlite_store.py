"""The file format of a lattice's SQLite engine database (`engine/sqlite.db`): what it holds, how it
says what built it, and how a reader checks that. Nothing here opens a session or evaluates a rule:
sqlite_write.py writes the file, sqlite_layers.py keeps it up to date as layers come,
`SqliteSession.stored` (sqlite_engine.py) reads it; this module imports no engine.

Opening a lattice on the SQLite engine used to load every lattice fact into an in-memory database,
evaluate the strata that read only lattice relations (`desc`, `resolve`, `contested`, `world`,
...) and index what the per-query rules probe: seconds per open at a million instances, all of it
in memory. The file holds that work done once, when the lattice is built (ingest/write.py writes it
inside the lattice's atomic write, so the manifest hashes it): the lattice relations, every lattice
stratum evaluated, and the indexes — what an in-memory session holds after it opens, and nothing
per-query. A session then reads it in place, read-only; a run's own relations live in TEMP tables.

Compact (format 2): each lattice relation is a WITHOUT ROWID table clustered on a primary key over
all its columns, ordered as one index the statements probe (`SqliteEngine.layout`), so that the
table is that index rather than a copy beside it (a relation is a set: the key is sound), with the
other indexes as secondary ones (on the 100,000-person KB: 218 MB in format 1, 112 MB). The
finished file is VACUUMed, since a B-tree filled by inserts leaves its pages part empty (~12 % in
key order, more in any other), and a VACUUM writes each one full, in key order — the bytes depend
on the rows, not on the order they went in; the secondary indexes are then made in the packed file
(each a sort that writes its pages full: sqlite_write.py).

The file also holds one row, `latweave$engine`: the format, the program's fingerprint (a hash of
the whole semi-naive plan: every table's DDL, every SELECT, every index, the base relations), the
base relations and each lattice table's row count. A database built by other rules — or not by
latweave at all — is refused with a hint to rebuild.

Determinism: the same facts in the same order through the same statements give the same file,
byte for byte, from one SQLite library (tested); the page size is fixed (`PAGE_SIZE`,
sqlite_connection.py sets it) rather than left to the library's compile-time default. Nothing
depends on that beyond the manifest's file hashes.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from latweave.engines.dialects.sql import full_table
from latweave.engines.per_program import per_program
from latweave.errors import EngineError
from latweave.folder.names import ENGINE_DB

if TYPE_CHECKING:
    from latweave.engines.dialects.sqlite import Index
    from latweave.engines.seminaive import SemiNaivePlan

#: Bumped when what the file holds, or how, changes.
FORMAT = 2
#: The one-row table saying what built the file.
META = '"latweave$engine"'
#: Fixed, so that the file's bytes do not depend on the library's default.
PAGE_SIZE = 4096

REBUILD = "rebuild the lattice with this version of latweave (latweave build ... --out DIR)"


class Planned(Protocol):
    """What the fingerprint reads of an engine (sqlite_engine.SqliteEngine): its plan over some
    base relations, how the file lays the lattice relations out, which relations those are."""

    def plan(self, base_inputs: frozenset[str]) -> tuple[SemiNaivePlan, list[Index]]: ...

    def layout(self, base_inputs: frozenset[str]) -> tuple[dict[str, tuple[int, ...]], list[Index]]: ...

    def lattice(self, base_inputs: frozenset[str]) -> frozenset[str]: ...


@dataclass(frozen=True)
class Meta:
    """What `latweave$engine` records."""

    fingerprint: str
    base_inputs: frozenset[str]
    counts: dict[str, int] = field(hash=False)  # lattice table (quoted name) -> rows


def engine_db(directory: Path | str) -> Path:
    """The SQLite engine database's path in a lattice folder."""
    return Path(directory) / ENGINE_DB


def fingerprint(engine: Planned, base_inputs: frozenset[str]) -> str:
    """A hash of everything that decides what the file holds over these base relations: the
    lattice tables' DDL, the lattice strata's SELECTs (base and step variants, in order) and the
    indexes the per-query rules probe. The per-query rules themselves are not in it: a change to
    them that keeps those (the rules' witness part, say) leaves a stored database good. Worked out
    once per process for an engine of the same class, program and settings (engines/per_program.py:
    writing the whole plan's text and hashing it was the zoo's open and first run 45 -> 38 ms)."""
    program = getattr(engine, "program", None)
    if program is None:
        return _fingerprint(engine, frozenset(base_inputs))
    key = ("fingerprint", type(engine), getattr(engine, "index_per_query", None), frozenset(base_inputs))
    return per_program(program, key, lambda: _fingerprint(engine, frozenset(base_inputs)))


def _fingerprint(engine: Planned, base_inputs: frozenset[str]) -> str:
    """`fingerprint`, worked out."""
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


def update_counts(con: sqlite3.Connection, counts: dict[str, int]) -> None:
    """Record each lattice table's rows anew (a layer changed them: sqlite_layers.py)."""
    con.execute(f"UPDATE {META} SET counts = ?", (json.dumps(counts, sort_keys=True),))


def read_meta(con: sqlite3.Connection, path: Path) -> Meta:
    """The file's `latweave$engine` row; EngineError (with a hint to rebuild) when it is not an
    engine database latweave wrote in this format."""
    try:
        rows = con.execute(f"SELECT format, fingerprint, base_inputs, counts FROM {META}").fetchall()
    except sqlite3.Error as exc:
        raise EngineError(f"{path}: not a latweave engine database ({exc})", hint=REBUILD) from None
    if len(rows) != 1:
        raise EngineError(f"{path}: not a latweave engine database ({len(rows)} rows in latweave$engine)",
                          hint=REBUILD)
    (fmt, digest, base, counts), = rows
    if fmt != FORMAT:
        raise EngineError(f"{path}: engine database format {fmt}, this latweave reads format {FORMAT}",
                          hint=REBUILD)
    try:
        base_inputs, table_rows = frozenset(json.loads(base)), dict(json.loads(counts))
    except (TypeError, ValueError) as exc:
        raise EngineError(f"{path}: unreadable latweave$engine row ({exc})", hint=REBUILD) from None
    return Meta(str(digest), base_inputs, table_rows)


def checked_meta(con: sqlite3.Connection, path: Path, engine: Planned) -> Meta:
    """`read_meta`, and the fingerprint checked against `engine`'s rules: EngineError when the
    file was built by others (its lattice strata may not be what these rules derive)."""
    meta = read_meta(con, path)
    expected = fingerprint(engine, meta.base_inputs)
    if meta.fingerprint != expected:
        raise EngineError(f"{path}: this engine database was built by other rules (fingerprint "
                          f"{meta.fingerprint[:12]}, these rules give {expected[:12]}), so its lattice "
                          "strata may not be what the rules now derive", hint=REBUILD)
    return meta
