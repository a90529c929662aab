"""The embedded default engine: the rules' semi-naive plan run on an in-memory DuckDB.

Nothing here knows what a meet or a compare is, nor how a rule becomes SQL: DuckDB's dialect
(dialects/duckdb.py, on the shared SQL generator) renders each rule as a SELECT, seminaive.py
plans the strata (base and step variants, what is evaluated when) and drives their evaluation,
and sql_session.py executes it (lattice strata once at open, the rest per run, semi-naive
recursion). This module brings what is DuckDB's own: loading facts (duckdb_facts.py
turns rows into a VALUES list or a CSV file, so fact values never enter SQL text), counting the
rows an INSERT added, emptying tables, and reading rows back in order.

A stored lattice opens from its Parquet facts (`open_stored`; compile/parquet_facts.py writes
`parquet/` at build time): DuckDB reads each lattice table straight from the files, no row passing
through Python; then the lattice strata too, as the lattice's engine database holds them
evaluated, where its rules are these (stored_strata.py), else it evaluates them as `open` does. A
folder built before `parquet/` existed opens from its facts.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from typing import Iterator, Mapping, NamedTuple, Sequence

from latweave.compile.parquet_facts import PARTITIONED, REBUILD, layered_parquet, partition_value, stored_parquet
from latweave.datalog.ir import Program
from latweave.datalog.strata import Stratum
from latweave.engines import duckdb_facts
from latweave.engines import rows as checks
from latweave.engines import seminaive
from latweave.engines.base import Engine, Facts, machine_memory
from latweave.engines.dialects.duckdb import DuckDB
from latweave.engines.dialects.sql import full_table, ident
from latweave.engines.sql_session import SqlSession
from latweave.errors import EngineError

try:  # the module imports either way; unavailable_reason() tells why the engine cannot run
    import duckdb
except ImportError as exc:  # pragma: no cover - duckdb is a required dependency
    duckdb = None
    _IMPORT_ERROR: str | None = str(exc)
else:
    _IMPORT_ERROR = None

#: DuckDB threads per session: one ran a large batch faster than two on two cores, and a warm
#: query alike (bench/engine_load.py; docs/performance.md).
THREADS = 1


def memory_limit() -> str:
    """DuckDB's memory_limit for a session: `$LATWEAVE_DUCKDB_MEMORY` (DuckDB's own syntax, e.g.
    6GB), else half of this machine's memory, at least 1GB. DuckDB's own default, 80% of memory,
    assumes it is alone: beside the Python side of a large KB lattice it took the process past the
    machine's memory in a large batch, and the kernel killed it. Over the limit DuckDB spills to the
    session's temporary folder where it can, and says "Out of Memory" where it cannot (its
    in-memory tables stay). The measurements: docs/performance.md (DuckDBEngine.batch_plans)."""
    value = os.environ.get("LATWEAVE_DUCKDB_MEMORY")
    if value:
        return value
    total = machine_memory()
    return "80%" if total is None else f"{max(1, total // 2 // 2**30)}GB"  # (None: DuckDB's own default)


#: Tables above this many rows are emptied by DROP + CREATE, smaller ones by DELETE.
BIG_TABLE = 10_000

#: What DuckDB accepts as facts: exact int and str values (no silent casts).
ROWS = checks.RowRules("duckdb", numbers="exact", exact_symbols=True, widths_first=True)


class DuckDBEngine(Engine):
    """Rules planned as SQL once per program; each session is one in-memory DuckDB connection."""

    name = "duckdb"
    #: A batch is evaluated in chunks: on a large KB lattice chunks of 1,000 plans cost nothing and
    #: bound a batch's memory (one evaluation of 10,000 plans is slower and several times larger);
    #: on a small lattice every chunk pays the evaluation's fixed cost (~75 statements), so chunks
    #: grow as the lattice shrinks (`Engine.chunk_for`). Measured with bench/kb_scale.py and
    #: bench/questions.py: docs/performance.md.
    batch_plans = 1_000
    batch_budget = 1_000 * 1_306_000

    @classmethod
    def unavailable_reason(cls) -> str | None:
        if _IMPORT_ERROR is not None:
            return f"the duckdb Python package cannot be imported ({_IMPORT_ERROR}); pip install duckdb"
        return None

    def __init__(self, program: Program):
        super().__init__(program)
        self.plan = seminaive.plan(program, DuckDB())

    def open(self, base: Facts) -> "DuckDBSession":
        reason = self.unavailable_reason()
        if reason is not None:
            raise EngineError(reason)
        return DuckDBSession(self, base)

    def open_stored(self, directory: Path | str) -> "DuckDBSession | None":
        """A session whose lattice tables DuckDB loads from the folder's Parquet facts; None when
        the folder has no `parquet/` (the caller opens the facts). EngineError, with a hint to
        rebuild, when a relation's files are missing or unreadable."""
        files = stored_parquet(directory)
        return self.open(ParquetFacts(files, layered_parquet(directory), directory)) if files else None


class ParquetFiles(NamedTuple):
    """One lattice relation's Parquet files (a partitioned relation's, one per partition value),
    and for each later layer of the lattice (folder/layers.py) the files of the rows it takes
    away and of those it adds, applied in that order."""

    files: tuple[Path, ...]
    layers: tuple[tuple[tuple[Path, ...], tuple[Path, ...]], ...] = ()


class ParquetFacts(Mapping):
    """Base facts given as Parquet files (relation → ParquetFiles), which only a DuckDB session
    reads: the rows go from file to table inside DuckDB. `layers`: compile/parquet_facts.py
    `layered_parquet`'s list, for a lattice of several layers. `folder`: the lattice folder they
    are of, whose engine database may hold the lattice strata evaluated (stored_strata.py)."""

    def __init__(self, files: Mapping[str, Sequence[Path]], layers: Sequence = (), folder: Path | str | None = None):
        self.folder = folder
        self._files = {name: ParquetFiles(tuple(paths), tuple((tuple(taken.get(name, ())), tuple(added.get(name, ())))
                                                              for added, taken in layers))
                       for name, paths in files.items()}

    def __getitem__(self, name: str) -> ParquetFiles:
        return self._files[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._files)

    def __len__(self) -> int:
        return len(self._files)


class DuckDBSession(SqlSession):
    name = "duckdb"
    db_errors = (duckdb.Error,) if duckdb is not None else ()
    rows = ROWS

    def __init__(self, engine: DuckDBEngine, base: Facts):
        self.engine = engine
        self.program = engine.program
        self._folder = getattr(base, "folder", None)   # (ParquetFacts: the lattice folder they are of)
        self._tmp = tempfile.mkdtemp(prefix="latweave-duckdb-")
        try:
            self.con = duckdb.connect(":memory:", config={"threads": THREADS, "memory_limit": memory_limit(),
                                                          "temp_directory": self._tmp})
        except duckdb.Error as exc:
            shutil.rmtree(self._tmp, ignore_errors=True)
            raise EngineError(f"{self.name}: cannot start DuckDB ({exc})",
                              hint="LATWEAVE_DUCKDB_MEMORY takes DuckDB's memory_limit syntax, e.g. 6GB") from None
        self._open(base)

    def _prepare(self) -> None:
        self.plan = self.engine.plan
        for ddl in self.plan.ddl.values():
            self.con.execute(ddl)

    def _read_strata(self, at_open: list[seminaive.StratumPlan]) -> set[str]:
        """The lattice strata the engine database holds evaluated for these rules, loaded from
        their Parquet (stored_strata.py) when every one of `at_open` is there."""
        from latweave.engines.stored_strata import relations_of, stored_strata

        files = stored_strata(self._folder, self.program, relations_of(at_open)) or {}
        for name, path in files.items():
            self._load_parquet(name, (path,))
        return set(files)

    def _materialise(self, facts: Facts) -> dict:
        if isinstance(facts, ParquetFacts):
            checks.check_relations(self.program, facts, self.rows)  # names only: the files are typed
            return dict(facts)
        return super()._materialise(facts)

    def _load(self, name: str, rows) -> None:
        if isinstance(rows, ParquetFiles):
            self._load_parquet(name, rows.files, rows.layers)
        else:
            super()._load(name, rows)

    def _load_parquet(self, name: str, files: tuple[Path, ...], layers=()) -> None:
        """A lattice relation's rows from its Parquet files into its (empty) table: columns by
        their schema names in schema order; a partitioned relation's partition column bound from
        each file's folder name (`d=7`). The files are the build's, written from a set of rows
        (compile/facts.py write_facts), so they hold no duplicate to drop. Then each later layer's
        rows taken away (its file holds every column, unpartitioned) and added, in layer order."""
        table = full_table(name)
        cols = [c.name for c in self.program.relation(name).columns]
        key = PARTITIONED.get(name)
        select = ", ".join("$value" if c == key else ident(c) for c in cols)
        statement = (f"INSERT INTO {table} SELECT {select} FROM read_parquet($file, hive_partitioning = false)")
        # the table's columns are c0, c1, ... (dialects/sql.py create_table); the file's, the schema's names
        match = " AND ".join(f"{table}.c{j} = gone.{ident(c)}" for j, c in enumerate(cols)) or "TRUE"
        delete = f"DELETE FROM {table} USING read_parquet($file, hive_partitioning = false) AS gone WHERE {match}"
        held = 0
        try:
            for taken, added in [((), files), *layers]:
                for path in taken:
                    held -= self.con.execute(delete, {"file": str(path)}).fetchone()[0]
                for path in added:
                    params = {"file": str(path), **({"value": partition_value(path)} if key else {})}
                    held += self.con.execute(statement, params).fetchone()[0]
        except duckdb.Error as exc:
            raise EngineError(f"{self.name}: cannot load the Parquet facts of {name} ({exc})", hint=REBUILD) from None
        if held:  # as `_load` keeps counts: an empty relation has none
            self.count[table] = held

    def _add_rows(self, table: str, types: tuple[str, ...], rows: list, held: int) -> int:
        """DISTINCT rows, or EXCEPT what the table holds, from a VALUES list or a CSV file."""
        source, params = duckdb_facts.source(rows, types, self._tmp)
        statement = (f"INSERT INTO {table} SELECT * FROM {source} EXCEPT SELECT * FROM {table}" if held
                     else f"INSERT INTO {table} SELECT DISTINCT * FROM {source}")
        return self.con.execute(statement, params).fetchone()[0]

    def _exec_count(self, statement: str, where: Stratum) -> int:
        try:
            return self.con.execute(statement).fetchone()[0]
        except duckdb.Error as exc:
            raise self._failed(exc, where) from None

    def _clear(self, *tables: str) -> None:
        """Empty tables in one script (one call). Big ones by DROP + CREATE, faster than DELETE or
        TRUNCATE on millions of rows; small ones by DELETE, which costs less than the catalog
        change (docs/performance.md)."""
        script = "".join((f"DROP TABLE {t}; {self.plan.ddl[t]};" if self.count[t] > BIG_TABLE
                          else f"DELETE FROM {t};") for t in tables if self.count.get(t))
        if script:
            self.con.execute(script)
        for table in tables:
            self.count[table] = 0

    def _ordered(self, table: str, types: tuple[str, ...]) -> str:
        return f"SELECT * FROM {table} ORDER BY ALL"

    def close(self) -> None:
        con, self.con = getattr(self, "con", None), None
        if con is not None:
            con.close()
        if getattr(self, "_tmp", None):
            shutil.rmtree(self._tmp, ignore_errors=True)
            self._tmp = None
