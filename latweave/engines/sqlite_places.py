"""Where a SQLite session's lattice tables live: a `Place`, one of three, which the session's
constructor picks (sqlite_engine.py `SqliteSession.in_memory`, `.stored`, `.for_writing`).

- `InMemory`: the session makes its lattice tables in its in-memory database, fills them,
  evaluates the lattice strata into them and indexes them; a run writes them in place.
- `ReadOnlyFile`: a lattice's stored database (sqlite_store.py), read-only: the tables and their
  indexes are there; a run that writes one first gets a TEMP copy of it.
- `NewFile`: that database being written: facts streamed in by chunks, the lattice strata
  evaluated in TEMP tables as in memory, then each table moved into the file, keyed (a stream's
  late rows straight into theirs: `NewFile.settle`).

A place reads and writes its session through `Tables` (what SqliteSession offers it), so that
this module imports no session.
"""

from __future__ import annotations

import os
import sqlite3
from itertools import islice
from typing import ClassVar, Iterable, Protocol, Sequence

from latweave.datalog.ir import Program, Relation
from latweave.engines import rows as checks
from latweave.engines.dialects import sqlite as dialect
from latweave.engines.dialects.sql import full_table
from latweave.engines.rows import Value
from latweave.engines.sqlite_store import Planned
from latweave.errors import EngineError


class Tables(Protocol):
    """What a place reads and writes of its session (sqlite_engine.SqliteSession)."""

    con: sqlite3.Connection
    program: Program
    rows: ClassVar[checks.RowRules]
    base_inputs: frozenset[str]
    count: dict[str, int]
    lattice: set[str]                 # the lattice tables (quoted names)
    indexes: list[dialect.Index]      # those the per-query rules probe
    early_indexes: list[dialect.Index]   # made before any evaluation
    shadowed: set[str]                # lattice relations a run copied into TEMP (ReadOnlyFile)

    @property
    def engine(self) -> Planned: ...

    @property
    def types(self) -> dict[str, tuple[str, ...]]: ...

    def _temp(self, table: str) -> str: ...


class Place:
    """Where a session's lattice tables live, and so how they are made at open (`create`: a
    CREATE statement, or None when they exist), whether the all-column indexes made before
    evaluation include theirs (`indexes`), what ends the open (`finish`) and what a run that
    writes to them does first (`writable`). One of three: `InMemory`, `ReadOnlyFile`, `NewFile`."""

    indexes = True

    def create(self, session: Tables, table: str, ddl: str) -> str | None:
        raise NotImplementedError

    def finish(self, session: Tables) -> None:
        raise NotImplementedError

    def writable(self, session: Tables, relations: set[str]) -> None:
        raise NotImplementedError


class InMemory(Place):
    """An in-memory database (`SqliteSession.in_memory`): the session makes, fills and indexes
    its lattice tables, and a run writes them in place."""

    def create(self, session: Tables, table: str, ddl: str) -> str | None:
        """The plan's CREATE statement (`ddl`): in the main database."""
        return ddl

    def finish(self, session: Tables) -> None:
        """The indexes the per-query rules probe, made once the lattice strata are evaluated."""
        for index in session.indexes:
            if index not in session.early_indexes:
                session.con.execute(dialect.create_index(index))

    def writable(self, session: Tables, relations: set[str]) -> None:
        return None


class ReadOnlyFile(Place):
    """A stored database (sqlite_store.py), read-only: its lattice tables and their indexes are
    there; a run that writes one gets a TEMP copy."""

    indexes = False

    def create(self, session: Tables, table: str, ddl: str) -> str | None:
        return None

    def finish(self, session: Tables) -> None:
        return None

    def writable(self, session: Tables, relations: set[str]) -> None:
        """The lattice relations a run writes to: copied, once, into TEMP tables of the same name
        (which SQLite then reads first) with the same indexes."""
        for rel in sorted(relations):
            table = full_table(rel)
            if rel in session.shadowed or table not in session.lattice:
                continue
            session.shadowed.add(rel)
            session.con.execute(session._temp(table))
            session.con.execute(f"INSERT INTO temp.{table} SELECT * FROM main.{table}")
            for index in sorted({*session.indexes, *session.early_indexes}):
                if index[0] == rel:
                    session.con.execute(dialect.create_index(index, "temp"))


class NewFile(Place):
    """A stored database being written (`SqliteSession.for_writing`): its lattice tables are
    evaluated in TEMP, then moved into the file, keyed."""

    def create(self, session: Tables, table: str, ddl: str) -> str | None:
        """While the strata are evaluated, a lattice table is a TEMP table (which the statements'
        unqualified names find first) as in memory: rowid, unindexed, probed through SQLite's
        automatic indexes where the rules need them (a key made early would be probed by its
        prefix instead: one stratum took minutes). `finish` moves it into the file, keyed."""
        return session._temp(table)

    def finish(self, session: Tables) -> None:
        """Each lattice table into the file: a WITHOUT ROWID table clustered on the key
        `SqliteEngine.layout` gives its relation, filled from its TEMP table (then dropped; in the
        TEMP table's order: sorting first cost more than it saved, and the VACUUM that ends the
        write lays every B-tree out in key order whatever the order of inserts). Tables `settle`
        moved already are left as they are. The secondary indexes — those the per-query rules
        probe, and those keeping this database up to date as layers come probes
        (engines/sqlite_layers.py) — are not made here but in the packed file (`make_indexes`,
        sqlite_write.py): made here, the VACUUM would copy them."""
        keys, _ = session.engine.layout(session.base_inputs)
        self._keyed_tables(session, keys)
        temp = self._tables(session, "temp")
        for name in keys:
            if full_table(name) in temp:
                self._move(session, name)

    #: the page cache (KiB, negative) while the secondary indexes are made: their sorts, bounded by
    #: it, run as many small sorted runs merged — 30-45 % faster than one large in-memory sort on
    #: a 3.9M-row coord table (docs/performance.md)
    SORT_CACHE = -16384

    @staticmethod
    def sort_threads() -> int:
        """Helper threads the index sorts may start (`PRAGMA threads`): the sorted runs made and
        merged on a second core where there is one. They are the end of a build — its last
        seconds, when the writer has little left but to wait for this database — so the other core
        is mostly idle then:
        a 3.9M-row coord index in 2.0-2.5 s against 2.7-3.5 s on one thread (300k KB,
        docs/performance.md). The index's bytes do not depend on it (its rows are sorted either
        way)."""
        return 2 if (os.cpu_count() or 1) > 1 else 0

    @classmethod
    def make_indexes(cls, con: sqlite3.Connection, indexes: Iterable[dialect.Index]) -> None:
        """The secondary `indexes` made, in their order, on the lattice tables of the database open
        on `con` (the packed file: sqlite_write.py), each a sort — bounded by a small page cache
        (`SORT_CACHE`) and on helper threads (`sort_threads`); the connection's settings put back."""
        (cache,) = con.execute("PRAGMA main.cache_size").fetchone()
        (threads,) = con.execute("PRAGMA threads").fetchone()
        con.execute(f"PRAGMA main.cache_size = {cls.SORT_CACHE}")
        con.execute(f"PRAGMA threads = {cls.sort_threads()}")
        try:
            for index in indexes:
                con.execute(dialect.create_index(index))
        finally:
            con.execute(f"PRAGMA main.cache_size = {int(cache)}")
            con.execute(f"PRAGMA threads = {int(threads)}")

    def settle(self, session: Tables, late: frozenset[str], decided: set[str]) -> None:
        """Before the `late` relations' rows (a stream's, still arriving: `SqliteSession.for_writing`),
        the work `finish` would do at the end that need not wait for them: every lattice table made
        in the file, keyed (in `finish`'s order, so the file's schema is the same), filled from
        TEMP but for the relations the late rows decide (`decided`: `finish` moves those), and
        each late relation's empty TEMP table dropped — its rows go straight into its keyed table
        (`load(keyed=True)`), which the strata after them then probe by that key."""
        keys, _ = session.engine.layout(session.base_inputs)
        self._keyed_tables(session, keys)
        for name in keys:
            if name in late:
                session.con.execute(f"DROP TABLE temp.{full_table(name)}")
            elif name not in decided:
                self._move(session, name)

    @staticmethod
    def _tables(session: Tables, schema: str) -> set[str]:
        """The (quoted) names of the tables in `schema` ("main" or "temp")."""
        rows = session.con.execute(f"SELECT name FROM {schema}.sqlite_schema WHERE type = 'table'")
        return {full_table(name) for (name,) in rows}

    def _keyed_tables(self, session: Tables, keys: dict[str, tuple[int, ...]]) -> None:
        """Each lattice table the file lacks, made keyed (in `keys`' order), empty."""
        main, sql = self._tables(session, "main"), dialect.Sqlite()
        for name, key in keys.items():
            if full_table(name) not in main:
                session.con.execute(sql.create_table(name, session.types[name], key=key))   # in main: not TEMP

    @staticmethod
    def _move(session: Tables, name: str) -> None:
        """A lattice table's rows from TEMP into its keyed table in the file; TEMP's dropped."""
        table = full_table(name)
        session.con.execute(f"INSERT INTO main.{table} SELECT * FROM temp.{table}")
        session.con.execute(f"DROP TABLE temp.{table}")

    def writable(self, session: Tables, relations: set[str]) -> None:
        return None

    #: Rows per executemany.
    CHUNK = 100_000

    def load(self, session: Tables, name: str, rows: Iterable[Sequence[Value]], keyed: bool = False) -> None:
        """Rows of a base relation (any iterable; `IdRows` parts in bulk: `_bulk`; `IdColumns` parts
        unchecked: `_id_columns`) into its empty table, CHUNK at a time; then duplicates, if any,
        are dropped (the first of each is kept).
        `keyed`: the table is the relation's keyed one in the file (`settle`), whose key is every
        column: a duplicate is ignored as it comes, and the rows added are the distinct ones
        (fastest in key order). Rows distinct by construction (`rows.distinct_count`) are not
        counted again."""
        table, types = full_table(name), session.types[name]
        relation = session.program.relation(name)
        values = f"VALUES ({', '.join('?' * len(types))})" if types else "VALUES (TRUE)"
        insert = f"INSERT OR IGNORE INTO main.{table}" if keyed else f"INSERT INTO {table}"
        vouched = None if keyed else checks.distinct_count(rows)   # (before the rows are read)
        added = 0
        for part in rows.parts if isinstance(rows, (checks.RowParts, checks.Batches)) else (rows,):
            bulk = self._bulk(session, insert, relation, part) if isinstance(part, checks.IdRows) else None
            if bulk is not None:
                added += bulk
                continue
            if isinstance(part, checks.IdColumns) and self._id_columns(session, relation, part):
                try:   # (ints of 64 bits by construction: no check_rows)
                    added += session.con.executemany(f"{insert} {values}", part).rowcount
                except sqlite3.Error as exc:
                    raise EngineError(f"sqlite: cannot load facts of {name}: {exc}") from None
                continue
            part = iter(part)
            while chunk := list(islice(part, self.CHUNK)):
                checks.check_rows(relation, chunk, session.rows)
                try:
                    added += session.con.executemany(f"{insert} {values}", chunk if types else [()]).rowcount
                except sqlite3.Error as exc:
                    raise EngineError(f"sqlite: cannot load facts of {name}: {exc}") from None
                if not types:
                    break
        if keyed or vouched == added:   # (rows distinct by construction: no count of them)
            session.count[table] = added
            return
        cols = ", ".join(f"c{j}" for j in range(len(types))) or "c0"
        distinct = session.con.execute(f"SELECT count(*) FROM (SELECT DISTINCT {cols} FROM {table})").fetchone()[0]
        if distinct != added:
            session.con.execute(f"DELETE FROM {table} WHERE rowid NOT IN (SELECT min(rowid) FROM {table} GROUP BY {cols})")
        session.count[table] = int(distinct)

    @staticmethod
    def _id_columns(session: Tables, relation: Relation, rows: checks.IdColumns) -> bool:
        """Whether `IdColumns` are rows this relation takes as they are: as many columns, every
        one a number, and the engine's number domain holds every 64-bit id (else the caller checks
        them row by row and says why)."""
        bounds = session.rows.bounds
        return len(rows.columns) == len(relation.columns) and all(c.type == "number" for c in relation.columns) \
            and (bounds is None or (bounds[0] <= -(1 << 63) and bounds[1] >= (1 << 63) - 1))

    #: ids a bulk statement reads (a JSON array of ~11 MB at most)
    BULK = 1_000_000

    def _bulk(self, session: Tables, insert: str, relation: Relation, rows: checks.IdRows) -> int | None:
        """`IdRows` inserted by SQLite itself, BULK ids a statement (`json_each` over the ids
        spelled as a JSON array: no Python binding per row); the rows inserted, or None where they
        are not what the relation takes (its width, or a column not a number, or a lead not an int:
        the caller checks them row by row and says why) or SQLite has no JSON functions."""
        types = [c.type for c in relation.columns]
        lead, ids = rows.lead, rows.ids
        if len(types) != len(lead) + 1 or set(types) != {"number"} or any(type(c) is not int for c in lead):
            return None
        bounds = session.rows.bounds
        if bounds is not None and ids and not (bounds[0] <= min((min(ids), *lead)) and max((max(ids), *lead)) <= bounds[1]):
            return None
        select = f"{insert} SELECT {'?, ' * len(lead)}value FROM json_each(?)"
        added = 0
        try:
            for at in range(0, len(ids), self.BULK):
                spelled = "[" + ",".join(map(str, ids[at:at + self.BULK])) + "]"
                added += session.con.execute(select, (*lead, spelled)).rowcount
        except sqlite3.OperationalError as exc:
            if added == 0 and "json_each" in str(exc):   # an SQLite built without JSON: row by row
                return None
            raise EngineError(f"sqlite: cannot load facts of {relation.name}: {exc}") from None
        return added


IN_MEMORY, READ_ONLY, NEW_FILE = InMemory(), ReadOnlyFile(), NewFile()
