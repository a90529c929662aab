"""What the SQL engines share: a session that executes seminaive.py's plan on a database connection.

DuckDB and SQLite differ in how facts go in, how a statement reports the rows it inserted, how a
table is emptied and how rows come back in order; the rest is here once. What is evaluated, and
when, is the planner's (seminaive.py: `Schedule`, `evaluate`); this session is its executor:

- `open(base)` evaluates every stratum that depends on the base facts alone (the lattice strata:
  `desc`, `resolve`, ...); a run evaluates the others, and a stratum again only when the run
  added rows to a base relation it reads;
- a wave is one stratum, in the plan's order: each relation's live variants as one INSERT (row
  counts are kept in Python from what each INSERT reports, which is what says a variant is live);
- a round of a recursive stratum INSERTs each relation's new rows into its delta table of the
  round's parity, less what is already known, then adds them to the full table;
- a base relation a run extended gets its rows back from a pristine copy before the next run
  (a session over a read-only stored lattice first makes what such a run writes writable:
  `_writable`, SQLite's temporary copies);
- a run past the session's timeout is interrupted, and the half-evaluated session closed.
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar, TypeVar

from latweave.datalog.strata import Stratum
from latweave.engines import rows as checks
from latweave.engines import seminaive
from latweave.engines.base import Facts, Outputs, Session
from latweave.engines.dialects.sql import delta_table, full_table, saved_table
from latweave.engines.rows import sorted_rows
from latweave.errors import EngineError

_A = TypeVar("_A")
_R = TypeVar("_R")


class SqlSession(Session):
    """A subclass opens the connection and calls `_open(base)`; it brings `_prepare` (the tables,
    and `plan`), `_add_rows`, `_exec_count`, `_clear` and `_ordered`."""

    #: the engine's name, for messages
    name: ClassVar[str] = "sql"
    #: the database module's error class(es), turned into EngineError
    db_errors: ClassVar[tuple[type[BaseException], ...]] = ()
    #: whether the connection stops a statement from its progress handler past a timeout
    #: (engines/timeout.py `Deadline`: SQLite's) rather than by an interrupt from a timer thread
    progress_handler: ClassVar[bool] = False
    #: what the engine accepts as facts (engines/rows.py)
    rows: ClassVar[checks.RowRules]

    #: a wave is one stratum, in the plan's order (seminaive.waves): a statement costs no more alone
    #: than beside others, and the statements keep the order a stored database's pages were
    #: written in (sqlite_store.py: its bytes are hashed into the lattice's manifest)
    together = False

    con: Any = None                             # the database's connection (a subclass says its type); None once closed
    count: dict[str, int]                       # table (quoted name) -> rows it holds, kept in step
    plan: seminaive.SemiNaivePlan               # what is evaluated, in which order
    base_inputs: frozenset[str]                 # the relations the base facts gave

    @property
    def types(self) -> dict[str, tuple[str, ...]]:
        """relation -> column types"""
        return self.plan.types

    @property
    def plans(self) -> list[seminaive.StratumPlan]:
        """The strata, in the plan's order."""
        return list(self.plan.strata)

    # ------------------------------------------------------------ what an engine brings

    def _prepare(self) -> None:
        """Before the base facts go in (`base_inputs` is known): set `plan`, create the tables
        (and whatever must exist before the facts)."""
        raise NotImplementedError

    def _finish(self) -> None:
        """After the lattice strata are evaluated (indexes, a commit)."""

    def _add_rows(self, table: str, types: tuple[str, ...], rows: list, held: int) -> int:
        """Insert checked rows of a relation with columns (`types` non-empty) into `table`, which
        holds `held` rows, keeping it a set; the number of rows added."""
        raise NotImplementedError

    def _exec_count(self, statement: str, where: Stratum) -> int:
        """Run an INSERT; the number of rows it inserted."""
        raise NotImplementedError

    def _clear(self, *tables: str) -> None:
        """Empty tables (and set their counts to 0)."""
        raise NotImplementedError

    def _ordered(self, table: str, types: tuple[str, ...]) -> str:
        """A SELECT of an all-number table's rows in sorted_rows' order."""
        raise NotImplementedError

    def interrupt(self) -> None:
        """Both databases stop the statement running on the connection (thread-safe), and the run
        raises; DuckDB also stops on SIGINT by itself, SQLite only so."""
        con = self.con
        if con is not None:
            con.interrupt()

    def _guarded(self, facts: Facts) -> Outputs:
        """One run as the engine wants it wrapped (a transaction, say)."""
        return self._run(facts)

    def _writable(self, relations: set[str]) -> None:
        """Before a run writes to these lattice relations (the base relations it extends, the
        lattice strata it evaluates again): make them writable. In memory they are."""

    def _save(self, name: str) -> None:
        """Keep a pristine copy of base relation `name` in `saved_table(name)`."""
        self.con.execute(f"CREATE TABLE {saved_table(name)} AS SELECT * FROM {full_table(name)}")

    # ------------------------------------------------------------ opening

    def _open(self, base: Facts) -> None:
        """Load the base facts and evaluate the strata they alone decide; a failure closes the
        half-opened session."""
        self.count = {}
        try:
            rows = self._materialise(base)
            self.base_inputs = frozenset(rows)
            self._prepare()
            for name, data in rows.items():
                self._load(name, data)
            self._evaluate_lattice()
            self._finish()
        except BaseException:
            self.close()
            raise

    def _load(self, name: str, rows: list) -> None:
        """Add rows to an input table, keeping it a set."""
        if not rows:
            return
        table = full_table(name)
        checks.check_rows(self.program.relation(name), rows, self.rows)
        held = self.count.get(table, 0)
        if not self.types[name]:  # a nullary relation: one row or none
            if not held:
                self.con.execute(f"INSERT INTO {table} VALUES (TRUE)")
            self.count[table] = 1
            return
        try:
            self.count[table] = held + self._add_rows(table, self.types[name], rows, held)
        except self.db_errors as exc:
            raise EngineError(f"{self.name}: cannot load facts of {name}: {exc}") from None

    def _materialise(self, facts: Facts) -> dict[str, list]:
        checks.check_relations(self.program, facts, self.rows)
        return {name: rows if isinstance(rows, list) else list(rows) for name, rows in facts.items()}

    def _evaluate_lattice(self, late: frozenset[str] = frozenset(), *, after: bool = False) -> None:
        """Evaluate the strata the base facts alone decide (once, at open): those that read none
        of the base relations `late` (transitively) — or, `after`, those that read one. A writer
        whose `late` rows are still arriving (a stream's: sqlite_engine.py `for_writing`) evaluates
        the first while they come and the second once they are loaded; with no `late`, one call
        evaluates every one."""
        if not after:
            self._bookkeep()
        at_open = [p for p in self.schedule.at_open() if bool(p.inputs & late) == after]
        read = self._read_strata(at_open) if not late else set()
        self.strata_read = frozenset(read)   # (what a test or a profile may ask: read, not evaluated)
        seminaive.evaluate([p for p in at_open if not read.issuperset(p.stratum.relations)], self)

    def _read_strata(self, at_open: list[seminaive.StratumPlan]) -> set[str]:
        """The relations of the lattice strata `at_open` read evaluated from the lattice rather
        than evaluated here (DuckDB's, from its engine database: stored_strata.py); none here."""
        return set()

    def _bookkeep(self) -> None:
        """What a run needs to know besides the tables (`base_inputs` and `plan` are set)."""
        self._inputs = {r.name for r in self.program.inputs}
        self._outputs = [r.name for r in self.program.outputs]
        self.schedule = self.plan.schedule(self.base_inputs)
        self._dirty: set[str] = set()  # base relations the last run added rows to
        self._saved: set[str] = set()  # base relations with a pristine copy in <name>$base

    # ------------------------------------------------------------ executing the plan (seminaive.Executor)

    def held(self, relation: str) -> int:
        return self.count.get(full_table(relation), 0)

    def derive(self, wave: tuple[seminaive.StratumPlan, ...], work: seminaive.Work) -> None:
        """Each relation's live variants as one INSERT into its table (empty here)."""
        for rel, live in work:
            if live:
                table = full_table(rel)
                where = wave[0].stratum if len(wave) == 1 else next(p.stratum for p in wave if rel in p.stratum.relations)
                self.count[table] = self._exec_count(self.plan.insert(table, live), where)

    def extend(self, p: seminaive.StratumPlan, work: seminaive.Work, read: int | None, write: int) -> dict[str, int]:
        """Each relation's new rows into its delta table `write`, then added to its full table."""
        new: dict[str, int] = {}
        count = self.count
        for rel, live in work:
            target = delta_table(rel, write)
            if count.get(target):   # an empty delta is emptied in Python alone (what _clear does)
                self._clear(target)
            else:
                count[target] = 0
            new[rel] = 0
            if live:
                statement = self.plan.insert(target, live, full_table(rel))
                self.count[target] = new[rel] = self._exec_count(statement, p.stratum)
        for rel, n in new.items():
            if n:
                table = full_table(rel)
                self.con.execute(f"INSERT INTO {table} SELECT * FROM {delta_table(rel, write)}")
                self.count[table] = self.count.get(table, 0) + n
        return new

    def _failed(self, exc: BaseException, where: Stratum) -> EngineError:
        origins = ", ".join(sorted({str(r.origin) for r in where.rules}))
        return EngineError(f"{self.name} failed evaluating {', '.join(where.relations)} ({origins}): {exc}")

    # ------------------------------------------------------------ a run

    def run(self, facts: Facts) -> Outputs:
        return self._timed(self._guarded, facts)

    def _timed(self, work: Callable[[_A], _R], arg: _A) -> _R:
        """`work(arg)` within the session's `timeout` (EngineTimeout past it, and the session is
        closed); a closed session refuses."""
        if self.con is None:
            raise EngineError(f"{self.name}: this session is closed (a run that timed out closes it)")
        if self.timeout is None:
            return work(arg)
        from latweave.engines.timeout import Deadline, Interrupter, timeout_error

        with (Deadline(self.con, self.timeout) if self.progress_handler
              else Interrupter(self.timeout, self.con.interrupt)) as guard:
            try:
                return work(arg)
            except (*self.db_errors, EngineError):
                if not guard.fired:
                    raise
        self.close()  # stopped mid-run: its tables are half-evaluated, so the session is done
        raise timeout_error(self.name, self.timeout)

    def _run(self, facts: Facts) -> Outputs:
        rows = self._materialise(facts)
        touched = {n for n, r in rows.items() if r and n in self.base_inputs}
        # Per-run inputs from the last run go; base relations a run extended get their rows back.
        for name in sorted(self._dirty):
            table = full_table(name)
            self._clear(table)
            self.con.execute(f"INSERT INTO {table} SELECT * FROM {saved_table(name)}")
            self.count[table] = self.con.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
        changed = self._dirty | touched
        todo = self.schedule.for_run(changed)
        again = self.schedule.rederived(changed)
        if touched or again:
            self._writable(touched | again)
        for name in sorted(touched - self._saved):
            self._saved.add(name)
            self._save(name)
        self._clear(*(full_table(n) for n in sorted(self._inputs - self.base_inputs)),
                    *(full_table(rel) for c in todo for rel in c.stratum.relations))
        for name, data in rows.items():
            self._load(name, data)
        self._dirty = touched
        seminaive.evaluate(todo, self)
        return self._read_outputs()

    def _read_outputs(self) -> Outputs:
        out: Outputs = {}
        for name in self._outputs:
            table = full_table(name)
            types = self.types[name]
            if not self.count.get(table):
                out[name] = []
            elif not types:
                out[name] = [()]
            elif all(t == "number" for t in types):
                # Rows are distinct (every insert de-duplicates) and all-integer, so the database's
                # own ORDER BY is exactly sorted_rows' order, without a Python key per row.
                out[name] = self.con.execute(self._ordered(table, types)).fetchall()
            else:
                out[name] = sorted_rows(self.con.execute(f"SELECT * FROM {table}").fetchall())
        return out
