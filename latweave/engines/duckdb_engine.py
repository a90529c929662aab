"""The embedded default engine: the rules' semi-naive plan run on an in-memory DuckDB.

Nothing here knows what a meet or a compare is, nor how a rule becomes SQL: the SQL dialect
(dialects/sql.py) renders each rule as a SELECT, and seminaive.py lays the strata out as base and
step variants. This module loads facts, runs those statements and reads the outputs back.

- a non-recursive stratum is one `INSERT INTO head <rule 1> UNION <rule 2> ...` (its table is empty
  when it runs, so UNION is all the de-duplication needed);
- a recursive stratum runs semi-naively, `EXCEPT` what is already known, until no delta is left.

A rule whose positive body reads an empty table is skipped (row counts are tracked in Python from
what each INSERT reports), so a run touches only the rules its facts can fire.

`open(base)` loads the base facts once and evaluates every stratum that depends only on them (the
closure `desc`, `resolve`, ...); `Session.run(facts)` clears the per-run inputs and the other
derived tables, loads `facts`, and evaluates the remaining strata.

Fact values never enter SQL text: duckdb_facts.py turns rows into a VALUES list or a CSV file.
"""

from __future__ import annotations

import shutil
import tempfile
from typing import Sequence

from latweave.datalog.ir import Program
from latweave.datalog.strata import Stratum
from latweave.engines import duckdb_facts
from latweave.engines import rows as checks
from latweave.engines import seminaive
from latweave.engines.base import Engine, Facts, Outputs, Session, register
from latweave.engines.dialects import sql
from latweave.engines.dialects.sql import delta_table, full_table, saved_table
from latweave.engines.rows import sorted_rows
from latweave.errors import EngineError

try:  # the engine registers either way; unavailable_reason() tells why it cannot run
    import duckdb
except ImportError as exc:  # pragma: no cover - duckdb is a required dependency
    duckdb = None
    _IMPORT_ERROR: str | None = str(exc)
else:
    _IMPORT_ERROR = None

#: DuckDB threads per session. bench/engine_load.py on this 2-core machine (1,000-query batch,
#: ~18M hits): 1 thread 14.9-19.8 s, 2 threads 18.8-25.5 s; one warm query ~18-23 ms either way.
THREADS = 1
#: Tables above this many rows are emptied by DROP + CREATE, smaller ones by DELETE.
BIG_TABLE = 10_000

#: What DuckDB accepts as facts: exact int and str values (no silent casts).
ROWS = checks.RowRules("duckdb", numbers="exact", exact_symbols=True, widths_first=True)


@register
class DuckDBEngine(Engine):
    """Rules planned as SQL once per program; each session is one in-memory DuckDB connection."""

    name = "duckdb"

    @classmethod
    def unavailable_reason(cls) -> str | None:
        if _IMPORT_ERROR is not None:
            return f"the duckdb Python package cannot be imported ({_IMPORT_ERROR}); pip install duckdb"
        return None

    def __init__(self, program: Program):
        super().__init__(program)
        plan = seminaive.plan(program)
        self.compiled = list(plan.strata)
        self.strata = [c.stratum for c in plan.strata]
        self.types = plan.types
        self.ddl = plan.ddl  # table (quoted) -> its CREATE statement
        self._insert_cache: dict[tuple, str] = {}

    def insert_sql(self, target: str, variants: Sequence[seminaive.Variant], except_table: str | None) -> str:
        """`INSERT INTO target <union of variants> [EXCEPT full table]`, assembled once per shape."""
        key = (target, tuple(v.sql for v in variants), except_table)
        text = self._insert_cache.get(key)
        if text is None:
            text = self._insert_cache[key] = sql.insert(
                target, [(v.sql, v.distinct) for v in variants], except_table)
        return text

    def open(self, base: Facts) -> "DuckDBSession":
        reason = self.unavailable_reason()
        if reason is not None:
            raise EngineError(reason)
        return DuckDBSession(self, base)


class DuckDBSession(Session):
    def __init__(self, engine: DuckDBEngine, base: Facts):
        self.engine = engine
        self.program = engine.program
        self._inputs = {r.name for r in self.program.inputs}
        self._outputs = [r.name for r in self.program.outputs]
        self._tmp = tempfile.mkdtemp(prefix="latweave-duckdb-")
        self.con = duckdb.connect(":memory:", config={"threads": THREADS})
        self.count: dict[str, int] = {}  # table (quoted name) -> rows it holds, kept in step
        try:
            for ddl in engine.ddl.values():
                self.con.execute(ddl)
            rows = self._materialise(base)
            self.base_inputs = frozenset(rows)
            for name, data in rows.items():
                self._load(name, data)
            self.static = [c.inputs <= self.base_inputs for c in engine.compiled]
            self._dirty: set[str] = set()  # base relations the last run added rows to
            self._saved: set[str] = set()  # base relations with a pristine copy in <name>$base
            for c, static in zip(engine.compiled, self.static):
                if static:
                    self._evaluate(c)
        except BaseException:
            self.close()
            raise

    # ------------------------------------------------------------ facts in

    def _materialise(self, facts: Facts) -> dict[str, list]:
        checks.check_relations(self.program, facts, ROWS)
        return {name: rows if isinstance(rows, list) else list(rows) for name, rows in facts.items()}

    def _load(self, name: str, rows: list) -> None:
        """Add rows to an input table, keeping it a set (DISTINCT, or EXCEPT what it holds)."""
        if not rows:
            return
        table = full_table(name)
        types = self.engine.types[name]
        arity = len(types)
        checks.check_rows(self.program.relation(name), rows, ROWS)
        held = self.count.get(table, 0)
        try:
            if arity == 0:
                if not held:
                    self.con.execute(f"INSERT INTO {table} VALUES (TRUE)")
                self.count[table] = 1
                return
            source, params = duckdb_facts.source(rows, types, self._tmp)
            statement = (f"INSERT INTO {table} SELECT * FROM {source} EXCEPT SELECT * FROM {table}" if held
                         else f"INSERT INTO {table} SELECT DISTINCT * FROM {source}")
            self.count[table] = held + self.con.execute(statement, params).fetchone()[0]
        except duckdb.Error as exc:
            raise EngineError(f"cannot load facts of {name}: {exc}") from None

    # ------------------------------------------------------------ evaluation

    def _exec_count(self, statement: str, where: Stratum) -> int:
        try:
            return self.con.execute(statement).fetchone()[0]
        except duckdb.Error as exc:
            origins = ", ".join(sorted({str(r.origin) for r in where.rules}))
            raise EngineError(f"duckdb failed evaluating {', '.join(where.relations)} ({origins}): {exc}") from None

    def _clear(self, *tables: str) -> None:
        """Empty tables in one script (one call). Big ones by DROP + CREATE: 2-4 ms for 3.6M rows
        where DELETE takes 24 ms and TRUNCATE 14 ms; small ones by DELETE, which costs less than
        the catalog change (measured: ~10 ms against ~24 ms per run of the real rules)."""
        script = "".join((f"DROP TABLE {t}; {self.engine.ddl[t]};" if self.count[t] > BIG_TABLE
                          else f"DELETE FROM {t};") for t in tables if self.count.get(t))
        if script:
            self.con.execute(script)
        for table in tables:
            self.count[table] = 0

    def _nonempty(self, variant: seminaive.Variant, delta_counts: dict[str, int] | None = None) -> bool:
        for i, rel in enumerate(variant.reads):
            if i == variant.delta_pos and delta_counts is not None:
                if not delta_counts.get(rel):
                    return False
            elif not self.count.get(full_table(rel)):
                return False
        return True

    def _evaluate(self, c: seminaive.StratumPlan) -> None:
        engine = self.engine
        stratum = c.stratum
        # Base rules (all the rules of a non-recursive stratum): target tables are empty here.
        for rel in stratum.relations:
            live = [v for v in c.base[rel] if self._nonempty(v)]
            if live:
                table = full_table(rel)
                self.count[table] = self._exec_count(engine.insert_sql(table, live, None), stratum)
        if not stratum.recursive:
            return
        # Semi-naive: the first delta is the full table itself (parity None), then $delta0/1 swap.
        delta = {rel: self.count.get(full_table(rel), 0) for rel in stratum.relations}
        parity: int | None = None
        nxt = 0
        while any(delta.values()):
            new: dict[str, int] = {}
            for rel in stratum.relations:
                live = [v for v in c.step[rel][parity] if self._nonempty(v, delta)]
                target = delta_table(rel, nxt)
                self._clear(target)
                if live:
                    statement = engine.insert_sql(target, live, full_table(rel))
                    self.count[target] = new[rel] = self._exec_count(statement, stratum)
                else:
                    new[rel] = 0
            for rel, n in new.items():
                if n:
                    table = full_table(rel)
                    self.con.execute(f"INSERT INTO {table} SELECT * FROM {delta_table(rel, nxt)}")
                    self.count[table] = self.count.get(table, 0) + n
            delta = new
            parity, nxt = nxt, 1 - nxt

    def run(self, facts: Facts) -> Outputs:
        if self.con is None:
            raise EngineError("duckdb: this session is closed (a run that timed out closes it)")
        if self.timeout is None:
            return self._run(facts)
        from latweave.engines.timeout import Interrupter, timeout_error

        with Interrupter(self.timeout, self.con.interrupt) as guard:
            try:
                return self._run(facts)
            except (duckdb.Error, EngineError):
                if not guard.fired:
                    raise
        self.close()  # stopped mid-run: its tables are half-evaluated, so the session is done
        raise timeout_error("duckdb", self.timeout)

    def _run(self, facts: Facts) -> Outputs:
        engine = self.engine
        rows = self._materialise(facts)
        touched = {n for n, r in rows.items() if r and n in self.base_inputs}
        # Per-run inputs from the last run go; base relations a run extended get their rows back.
        for name in sorted(self._dirty):
            table = full_table(name)
            self._clear(table)
            self.con.execute(f"INSERT INTO {table} SELECT * FROM {saved_table(name)}")
            self.count[table] = self.con.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
        for name in sorted(touched - self._saved):
            self._saved.add(name)
            self.con.execute(f"CREATE TABLE {saved_table(name)} AS SELECT * FROM {full_table(name)}")
        changed = self._dirty | touched
        todo = [c for c, static in zip(engine.compiled, self.static)
                if not static or c.inputs & changed]
        self._clear(*(full_table(n) for n in sorted(self._inputs - self.base_inputs)),
                    *(full_table(rel) for c in todo for rel in c.stratum.relations))
        for name, data in rows.items():
            self._load(name, data)
        self._dirty = touched
        for c in todo:
            self._evaluate(c)
        return self._read_outputs()

    def _read_outputs(self) -> Outputs:
        out: Outputs = {}
        for name in self._outputs:
            table = full_table(name)
            if not self.count.get(table):
                out[name] = []
                continue
            types = self.engine.types[name]
            if not types:
                out[name] = [()]
            elif all(t == "number" for t in types):
                # Rows are distinct (every insert de-duplicates) and all-integer, so DuckDB's
                # ORDER BY ALL is exactly sorted_rows' order, without a Python key per row.
                out[name] = self.con.execute(f"SELECT * FROM {table} ORDER BY ALL").fetchall()
            else:
                out[name] = sorted_rows(self.con.execute(f"SELECT * FROM {table}").fetchall())
        return out

    def close(self) -> None:
        con, self.con = getattr(self, "con", None), None
        if con is not None:
            con.close()
        if getattr(self, "_tmp", None):
            shutil.rmtree(self._tmp, ignore_errors=True)
            self._tmp = None
