"""The rules' semi-naive plan run on an in-memory SQLite database (the standard library's sqlite3).

Nothing here knows what a meet is, nor how a rule becomes SQL: the SQLite dialect
(dialects/sqlite.py) renders each rule as a SELECT with a fixed join order, and seminaive.py plans
the strata and drives their evaluation, as for DuckDB. This module loads facts, creates the
indexes, runs the statements and reads the outputs back.

`open(base)` loads the base facts (the lattice), evaluates every stratum that depends on them
alone (`desc`, `resolve`, `contested`, ...), and then creates one B-tree index for each column set
a per-query rule probes a lattice relation by (dialects/sqlite.py `indexes`): a run's joins are
index nested-loops that touch only the rows its plans reach, where DuckDB hash-joins whole tables.
`Session.run(facts)` empties the per-run tables, loads `facts` and evaluates the other strata;
a rule whose positive body reads an empty table is skipped (row counts are kept in Python).

Fact values never enter SQL text: rows are bound as parameters (`executemany`).

The same session also writes and reads a lattice's stored database (sqlite_store.py): the lattice
relations' tables live in the main database (writing one, they are evaluated in TEMP tables and
moved there at the end, keyed: `SqliteEngine.layout`) and everything a run writes (its inputs and
derived relations, the delta tables, pristine copies) in TEMP tables, which SQLite finds first by
the same unqualified names. `SqliteSession.for_writing` runs the lattice part of `open` into a
file (sqlite_write.py); `SqliteSession.stored` (`open_stored(folder)`) opens that file read-only
and evaluates per run exactly as in memory. Where the lattice tables live is the session's
`Place` (sqlite_places.py), one of three; the constructors pick it, and nothing else differs. A run
that extends a lattice relation (the generic Session API allows it; compiled plans never do) first
gets a TEMP copy of that relation, and of the lattice strata it changes, with their indexes: the
file is never written.
"""

from __future__ import annotations

import sqlite3
from functools import cache
from pathlib import Path
from typing import Iterable, Sequence

from latweave.datalog import specialize
from latweave.datalog.ir import Program
from latweave.datalog.strata import Stratum, input_dependencies, stratify
from latweave.engines import rows as checks
from latweave.engines import seminaive
from latweave.engines.base import Engine, Outputs
from latweave.engines.dialects import sqlite as dialect
from latweave.engines.dialects.sql import full_table, saved_table
from latweave.engines.rows import Facts, Value
from latweave.engines.sql_session import SqlSession
from latweave.engines.sqlite_connection import Use, connect
from latweave.engines.sqlite_fused import FusedRuns
from latweave.engines.sqlite_places import IN_MEMORY, NEW_FILE, READ_ONLY, Place
from latweave.engines.sqlite_store import REBUILD, checked_meta
from latweave.errors import EngineError

#: What SQLite accepts as facts: exact int and str values, numbers in its 64-bit INTEGER.
ROWS = checks.RowRules("sqlite", bounds=dialect.BOUNDS, numbers="exact", exact_symbols=True, widths_first=True)


class SqliteEngine(Engine):
    """Rules planned as SQL once per lattice shape; each session is one in-memory database, or a
    lattice folder's stored one (`open_stored`), read-only, with the run's tables in TEMP."""

    name = "sqlite"
    #: Also index the per-query relations' probed columns (covering keys) and check a recursive
    #: step's new rows by probing an all-column key instead of EXCEPT. Off: on bench/spine.py it
    #: tied with lattice-only indexes (docs/performance.md) and costs an index per derived relation.
    index_per_query = False

    def __init__(self, program: Program):
        super().__init__(program)
        self.strata = stratify(program)
        self.deps = input_dependencies(program, self.strata)
        self._plans: dict[frozenset[str], tuple[seminaive.SemiNaivePlan, list[dialect.Index]]] = {}
        self._layouts: dict[frozenset[str], tuple[dict[str, tuple[int, ...]], list[dialect.Index]]] = {}
        #: the numbers the rules write, which a plan shape keeps as themselves (datalog/specialize.py)
        self.kept = specialize.literals(program)

    def lattice(self, base_inputs: frozenset[str]) -> frozenset[str]:
        """The relations fixed for a session given facts for `base_inputs`: those, and every
        relation of a stratum that reads nothing else."""
        static = {r for s, inputs in zip(self.strata, self.deps) if inputs <= base_inputs for r in s.relations}
        return frozenset(base_inputs | static)

    def plan(self, base_inputs: frozenset[str]) -> tuple[seminaive.SemiNaivePlan, list[dialect.Index]]:
        """The semi-naive plan with joins ordered for this lattice, and the indexes it probes."""
        if base_inputs not in self._plans:
            lattice = self.lattice(base_inputs)
            per_query = [s for s, inputs in zip(self.strata, self.deps) if not inputs <= base_inputs]
            probe = self.index_per_query   # (the dialect's one setting: the shared plan's key)
            shared = seminaive.shared_plan(self.program, ("sqlite", probe), lambda: dialect.Sqlite(probe=probe))
            self._plans[base_inputs] = (shared, dialect.indexes(per_query, lattice, self.index_per_query))
        return self._plans[base_inputs]

    def layout(self, base_inputs: frozenset[str]) -> tuple[dict[str, tuple[int, ...]], list[dialect.Index]]:
        """How a stored database (sqlite_store.py) holds the lattice relations: each one's table's
        key and the secondary indexes beside (`dialect.stored_layout`)."""
        if base_inputs not in self._layouts:
            plan, indexes = self.plan(base_inputs)
            self._layouts[base_inputs] = dialect.stored_layout(
                indexes, [p.stratum for p in plan.schedule(base_inputs).at_open()],
                {r: len(plan.types[r]) for r in self.lattice(base_inputs)})
        return self._layouts[base_inputs]

    def dedup_indexes(self) -> list[dialect.Index]:
        """One all-column index per relation of a recursive stratum (made before any evaluation)."""
        return dialect.dedup_indexes(self.strata) if self.index_per_query else []

    def open(self, base: Facts) -> "SqliteSession":
        return SqliteSession.in_memory(self, base)

    def open_stored(self, directory: Path | str) -> "SqliteSession | None":
        """A session over the lattice folder's stored database (its top layer's: it holds the
        whole lattice, engines/sqlite_layers.py keeps it), read in place and read-only; None when
        the folder has none (one written by store.write_lattice: its model files alone).
        EngineError when it was built by other rules."""
        from latweave.folder.layers import engine_db_name, layer_folders

        path = Path(directory) / engine_db_name(len(layer_folders(directory)))
        return SqliteSession.stored(self, path) if path.is_file() else None

    @staticmethod
    @cache
    def of_rules() -> "SqliteEngine":
        """The engine of the rules under rules/, planned once per process (planning them costs a
        fraction of a second; a test run or a change writes many small databases)."""
        from latweave.datalog.parser import load_rules

        return SqliteEngine(load_rules())


class SqliteSession(FusedRuns, SqlSession):
    """One SQLite database the rules run on, built by one of three constructors: `in_memory`
    (everything in one in-memory database), `stored` (a lattice's stored database, read-only, a
    run's tables in TEMP) and `for_writing` (the lattice part of `in_memory`, into a new file:
    sqlite_write.py). Where the lattice tables live is its `place` (sqlite_places.py: `InMemory`,
    `ReadOnlyFile`, `NewFile`), which says how they are made, indexed and written to; the rest is
    one session."""

    name = "sqlite"
    db_errors = (sqlite3.Error,)
    progress_handler = True   # a timeout read off the clock by the statements (engines/timeout.py)
    rows = ROWS
    con: sqlite3.Connection   # (`close` sets it to None: a closed session runs nothing)
    engine: SqliteEngine

    def __init__(self, engine: SqliteEngine, con: sqlite3.Connection, place: Place):
        """The one initialiser the constructors below share: no table exists yet."""
        self.engine = engine
        self.program = engine.program
        self.con = con
        self.place = place
        self.shadowed: set[str] = set()  # lattice relations copied into TEMP tables by a run (ReadOnlyFile)
        self._attach_fused()

    @classmethod
    def in_memory(cls, engine: SqliteEngine, base: Facts) -> "SqliteSession":
        """`base` loaded into a new in-memory database, the lattice strata evaluated, indexed."""
        self = cls(engine, connect(Use.MEMORY), IN_MEMORY)
        self._open(base)
        return self

    @classmethod
    def stored(cls, engine: SqliteEngine, path: Path, *, pragmas: Iterable[str] | None = None,
               immutable: bool = False) -> "SqliteSession":
        """A session over the engine database at `path` (sqlite_store.py), opened read-only
        (`pragmas`, `immutable`: sqlite_connection.connect's): its lattice tables read in place,
        per-run tables created in TEMP. EngineError when latweave did not write it, or wrote it for
        other rules."""
        self = cls(engine, connect(Use.READ, path, pragmas=pragmas, immutable=immutable), READ_ONLY)
        try:
            meta = checked_meta(self.con, path, engine)
            self.base_inputs = meta.base_inputs
            self.count = dict(meta.counts)
            self._prepare()
            self._bookkeep()
            self._finish()
        except sqlite3.Error as exc:
            self.close()
            raise EngineError(f"{path}: unreadable engine database ({exc})", hint=REBUILD) from None
        except BaseException:
            self.close()
            raise
        return self

    @classmethod
    def for_writing(cls, engine: SqliteEngine, path: Path, facts: Facts,
                    late: frozenset[str] = frozenset()) -> "SqliteSession":
        """A new database file at `path` (which must not exist) holding `facts` (relation → rows,
        any iterable, read once in chunks), every lattice stratum evaluated and the lattice tables
        keyed and indexed (`NewFile`), committed; the caller records what built it and closes it
        (sqlite_write.py). `late`: relations whose rows arrive last (a stream's, still being
        written: ingest/stream.py), read after the others, once the strata that need none of them
        are evaluated — the same database, with that work done while they come: the tables those
        strata decided are moved into the file meanwhile, and the late relations' rows go straight
        into their keyed tables there (`NewFile.settle`)."""
        self = cls(engine, connect(Use.WRITE, path), NEW_FILE)
        self.count = {}
        try:
            checks.check_relations(self.program, facts, self.rows)
            self.base_inputs = frozenset(facts)
            self._prepare()
            for name in facts:
                if name not in late:
                    NEW_FILE.load(self, name, facts[name])
            self._evaluate_lattice(late)
            if late:
                decided = {r for p in self.schedule.at_open() if p.inputs & late for r in p.stratum.relations}
                NEW_FILE.settle(self, late, decided)
                for name in facts:
                    if name in late:
                        NEW_FILE.load(self, name, facts[name], keyed=True)
                self._evaluate_lattice(late, after=True)
            self._finish()
        except BaseException:
            self.close()
            raise
        return self

    def _prepare(self) -> None:
        self.plan, self.indexes = self.engine.plan(self.base_inputs)
        self.lattice = {full_table(r) for r in self.engine.lattice(self.base_inputs)}
        self.con.execute("BEGIN")
        for table, ddl in self.plan.ddl.items():
            create = self._temp(table) if table not in self.lattice else self.place.create(self, table, ddl)
            if create is not None:
                self.con.execute(create)
        self.early_indexes = self.engine.dedup_indexes()
        for index in self.early_indexes:
            if self.place.indexes or full_table(index[0]) not in self.lattice:
                self.con.execute(dialect.create_index(index))

    def _finish(self) -> None:
        """The lattice's indexes, made once its strata are evaluated (cheaper than kept up)."""
        self.place.finish(self)
        self.con.execute("COMMIT")

    def _writable(self, relations: set[str]) -> None:
        self.place.writable(self, relations)

    def _temp(self, table: str) -> str:
        """The CREATE statement of `table` in TEMP (where a run's tables live)."""
        return self.plan.dialect.create_table(*self.plan.tables[table], temp=True)

    def _save(self, name: str) -> None:
        self.con.execute(f"CREATE TEMP TABLE {saved_table(name)} AS SELECT * FROM {full_table(name)}")

    def _add_rows(self, table: str, types: tuple[str, ...], rows: list[Sequence[Value]], held: int) -> int:
        """Rows bound as parameters; into a table that holds some, through a scratch table,
        EXCEPT what it holds."""
        fresh = list(dict.fromkeys(map(tuple, rows)))
        values = f"VALUES ({', '.join('?' * len(types))})"
        if not held:
            return self.con.executemany(f"INSERT INTO {table} {values}", fresh).rowcount
        self.con.execute(f"CREATE TEMP TABLE scratch AS SELECT * FROM {table} WHERE 0")
        self.con.executemany(f"INSERT INTO scratch {values}", fresh)
        added = self.con.execute(f"INSERT INTO {table} SELECT * FROM scratch EXCEPT SELECT * FROM {table}").rowcount
        self.con.execute("DROP TABLE scratch")
        return added

    # ------------------------------------------------------------ evaluation

    def _exec_count(self, statement: str, where: Stratum) -> int:
        try:  # rows inserted: sqlite3's rowcount is -1 for a statement that starts with WITH
            before = self.con.total_changes
            self.con.execute(statement)
            return self.con.total_changes - before
        except sqlite3.Error as exc:
            raise self._failed(exc, where) from None

    def _clear(self, *tables: str) -> None:
        for table in tables:
            if self.count.get(table):
                self.con.execute(f"DELETE FROM {table}")
            self.count[table] = 0

    def _ordered(self, table: str, types: tuple[str, ...]) -> str:
        return f"SELECT * FROM {table} ORDER BY {', '.join(f'c{j}' for j in range(len(types)))}"

    def _guarded(self, facts: Facts) -> Outputs:
        if self.fused:
            facts = self._materialise(facts)   # once: rows given as iterators are read here
            out = self._run_fused(facts, self._wanted)
            if out is not None:
                return out
        self.con.execute("BEGIN")
        try:
            return self._run(facts)
        finally:
            if self.con is not None and self.con.in_transaction:
                self.con.execute("COMMIT")

    def explain(self, statement: str) -> list[str]:
        """SQLite's EXPLAIN QUERY PLAN of one statement, a line per step (which index each join uses)."""
        return [row[-1] for row in self.con.execute(f"EXPLAIN QUERY PLAN {statement}").fetchall()]

    def close(self) -> None:
        con, self.con = getattr(self, "con", None), None  # type: ignore[assignment]  # closed: `run` refuses
        if con is not None:
            con.close()
