"""A Spark engine session: the executor of the semi-naive plan (seminaive.py) over DataFrames,
a level's non-recursive strata in one job (spark_engine.py says why).

The lattice strata are evaluated once, at open, and kept (or read evaluated from the lattice's
engine database: stored_strata.py); a run binds its plan facts as views,
evaluates the other strata (and a lattice stratum again only when the run extends a relation it
reads: the planner's `Schedule`), collects every output relation, and releases its checkpoints at
the next run.
"""

from __future__ import annotations

import itertools
import os
from pathlib import Path
from typing import Any, Callable, Sequence

from latweave.engines import rows as checks
from latweave.engines import seminaive, spark_context
from latweave.engines.base import Facts, Outputs, Session
from latweave.engines.dialects import spark as dialect
from latweave.engines.rows import sorted_rows
from latweave.engines.spark_frames import LOCAL_ROWS, PARQUET_COPY, Frames
from latweave.errors import EngineError


class SparkSession(Frames, Session):
    """Views over the lattice's relations, fixed at open, and a run's, released at the next."""

    name = "spark"
    #: a level's non-recursive strata in one wave: one job (seminaive.waves)
    together = True
    _ids = itertools.count()
    row_rules = None  # the engine's (spark_engine.ROWS), set at open

    def __init__(self, engine, base: Facts | None = None, stored: dict[str, list[Path]] | None = None,
                 layers=(), folder: Path | str | None = None):
        from pyspark.sql import functions as F  # noqa: N812 - pyspark's own convention

        self.F = F
        self.engine = engine
        self.program = engine.program
        self.row_rules = engine.rows
        self._errors = spark_context.spark_errors()
        self.ss = self._guard(lambda: spark_context.spark().newSession())   # Spark refusing to start: its reason
        if getattr(self.ss, "_jsparkSession", None) is None:
            self.ss = None
            raise EngineError("spark: the engine needs a classic Spark session (it keeps small relations as "
                              "local relations in the driver's JVM); Spark Connect ($SPARK_REMOTE) is not "
                              "supported", hint="pass --spark-master URL (a cluster's master, or local[*])")
        for name, value in spark_context.engine_settings(self.ss.sparkContext.master).items():
            self.ss.conf.set(name, value)   # (this session's SQL settings alone)
        self.group = f"latweave-{next(self._ids)}"
        self.df: dict[str, object] = {}      # relation -> its DataFrame (bound to its view)
        self.count: dict[str, int] = {}      # relation -> rows
        self.rows: dict[str, list | None] = {}  # relation -> its rows when local, else None
        self._cached: list = []      # the current run's checkpoints and caches
        self._lattice: list = []     # the session's own (the lattice and its strata)
        try:
            inputs = {r.name for r in self.program.inputs}
            copy = os.environ.get(PARQUET_COPY) or None
            if stored is not None:
                self._guard(lambda: self._read_parquet(stored, inputs, copy, layers))
            else:
                checks.check_relations(self.program, base, self.row_rules)
                for name, rows in base.items():
                    self._bind_rows(name, rows)
            self.base_inputs = frozenset(n for n in inputs if self.count.get(n))
            self.schedule = engine.plan.schedule(self.base_inputs)
            at_open = self.schedule.at_open()
            read = self._stored_strata(folder, at_open) if stored is not None and not copy else set()
            self.strata_read = frozenset(read)   # (read evaluated from the engine database, not evaluated)
            self._guard(lambda: seminaive.evaluate([p for p in at_open if not read.issuperset(p.stratum.relations)],
                                                   self))
            self._lattice, self._cached = self._cached, []
            self._pristine = (dict(self.df), dict(self.count), dict(self.rows))
        except BaseException:
            self.close()
            raise

    def _stored_strata(self, folder: Path | str | None, at_open: list[seminaive.StratumPlan]) -> set[str]:
        """The lattice strata read from the engine database's Parquet (stored_strata.py), when
        every one the session would evaluate at open is there: their relations, else none. (Not
        with a copy of the Parquet at a URI: the executors read that copy, which holds no strata.)"""
        from latweave.engines.stored_strata import relations_of, stored_strata

        files = stored_strata(folder, self.program, relations_of(at_open))
        if not files:
            return set()
        self._guard(lambda: self._read_parquet({name: [path] for name, path in files.items()}, set(files)))
        return set(files)

    # ------------------------------------------------------------ executing the plan (seminaive.Executor)

    def held(self, relation: str) -> int:
        return self.count.get(relation, 0)

    @staticmethod
    def _union(live) -> str:
        """The variants' rows, duplicates kept: `_materialise` de-duplicates a whole wave at once
        (one aggregation where a UNION per relation costs one each)."""
        return " UNION ALL ".join(f"({v.sql})" for v in live) if len(live) > 1 else live[0].sql

    def _materialise(self, parts: list[tuple[str, str, frozenset]]) -> dict[str, tuple]:
        """Evaluate every (relation, SELECT, relations it names) at once, de-duplicated: relation
        -> (DataFrame, rows, its rows in Python or None). When every relation named is local, one
        job computes them and they stay local; else one job checkpoints the result and one counts
        it, and a result of at most LOCAL_ROWS rows is then made local too (one more)."""
        frames: list[tuple[str, object]] = [(rel, None) for rel, _, _ in parts]
        tagged = self._tagged_sql([(rel, sql) for rel, sql, _ in parts])
        if all(self.rows.get(r) is not None for _, _, names in parts for r in names):
            return self._local_wave(frames, distinct=True, tagged=tagged)
        tagged = tagged.distinct().localCheckpoint(eager=True)  # a leaf for later plans
        self._cached.append(tagged)
        counts = {tag: n for tag, n in tagged.groupBy("tag").count().collect()}
        if sum(counts.values()) <= LOCAL_ROWS:
            local = self._localise(tagged)
            got = self._split(frames, local.collect())
            return {rel: (self._slice(local, tag, rel), len(got[rel]), got[rel])
                    for tag, (rel, _) in enumerate(frames)}
        return {rel: (self._slice(tagged, tag, rel), counts.get(tag, 0), None) for tag, (rel, _) in enumerate(frames)}

    def derive(self, wave, work: seminaive.Work) -> None:
        """Every relation of the wave in one job: the union of its live variants, or empty."""
        parts = []
        for rel, live in work:
            if live:
                parts.append((rel, self._union(live), _reads(live)))
            else:
                self._bind_empty(rel)
        if parts:
            for rel, made in self._materialise(parts).items():
                self._bind(rel, *made)

    def extend(self, p: seminaive.StratumPlan, work: seminaive.Work, read: int | None, write: int) -> dict[str, int]:
        """One job computes every relation's new rows (those not known: `_new_rows`); they are bound
        to the relation's delta view of parity `write`, and added to the relation."""
        parts = [(rel, self._new_rows(rel, live), _reads(live) | {rel}) for rel, live in work if live]
        made = self._materialise(parts) if parts else {}
        new: dict[str, int] = {}
        for rel, _ in work:
            df, n, rows = made.get(rel, (None, 0, []))
            new[rel] = n
            if not n:
                self._empty_local(rel).createOrReplaceTempView(dialect.delta_view(self.engine.views[rel], write))
                continue
            if rows is not None and self.rows[rel] is not None:
                # both local: the relation grows as a local relation again (JVM-side lists, no job)
                jrows = self.ss._jvm.java.util.ArrayList(self.df[rel]._jdf.collectAsList())
                jrows.addAll(df._jdf.collectAsList())
                self._bind(rel, self._from_jrows(self._jschema(rel), jrows), self.count[rel] + n,
                           self.rows[rel] + rows)
            else:
                self._bind(rel, self.df[rel].unionByName(df), self.count[rel] + n, None)
            df.createOrReplaceTempView(dialect.delta_view(self.engine.views[rel], write))
        return new

    def _new_rows(self, rel: str, live: Sequence[seminaive.Variant]) -> str:
        """The variants' rows that relation `rel` does not hold, duplicates kept: an anti join, not
        `EXCEPT` — Spark's EXCEPT is the anti join under a DISTINCT of its own (a shuffle per
        relation), and `_materialise` de-duplicates the wave's rows once. (Every column is NOT
        NULL, so `=` is EXCEPT's equality; a nullary relation's one column is TRUE.)"""
        cols = [f"c{j}" for j in range(max(1, live[0].select.width))]
        on = " AND ".join(f"u.{c} = k.{c}" for c in cols)
        return (f"SELECT u.* FROM ({self._union(live)}) AS u({', '.join(cols)}) "
                f"LEFT ANTI JOIN {self.engine.views[rel]} AS k ON {on}")

    # ------------------------------------------------------------ a run

    def run(self, facts: Facts) -> Outputs:
        if self.ss is None:
            raise EngineError("spark: this session is closed (a run that timed out closes it)")
        if self.timeout is None:
            return self._guard(lambda: self._run(facts))
        from latweave.engines.timeout import Interrupter, timeout_error

        with Interrupter(self.timeout, self._cancel) as guard:
            try:
                return self._guard(lambda: self._run(facts))
            except EngineError:
                if not guard.fired:
                    raise
        self.close()
        raise timeout_error(self.name, self.timeout)

    def _cancel(self) -> None:
        try:
            sc = self.ss.sparkContext
        except Exception:  # noqa: BLE001 - Spark Connect: no SparkContext
            self.ss.interruptAll()
            return
        sc.cancelJobGroup(self.group)

    def _run(self, facts: Facts) -> Outputs:
        checks.check_relations(self.program, facts, self.row_rules)
        try:
            self.ss.sparkContext.setJobGroup(self.group, "latweave run", interruptOnCancel=True)
        except Exception:  # noqa: BLE001 - Spark Connect
            pass
        self._release()
        df, count, rows = self._pristine
        for name in sorted(df):
            self._bind(name, df[name], count[name], rows[name])
        inputs = {r.name for r in self.program.inputs}
        for name in sorted(inputs - self.base_inputs):
            self._bind_empty(name)
        touched = set()
        self._bind_many({name: rows for name, rows in facts.items() if name not in self.base_inputs})
        for name in sorted(facts):
            new = list(facts[name])
            if not new or name not in self.base_inputs:
                continue
            touched.add(name)
            before, held = self.df[name], self.rows[name]
            if held is not None:  # local: the union made on this side, uploaded once
                self._bind_rows(name, held + [tuple(r) for r in new])
            else:
                self._bind_rows(name, new)
                union = before.unionByName(self.df[name]).distinct().localCheckpoint(eager=True)
                self._cached.append(union)
                self._bind(name, union, union.count(), None)
        seminaive.evaluate(self.schedule.for_run(touched), self)
        return self._outputs()

    def _outputs(self) -> Outputs:
        names = [r.name for r in self.program.outputs]
        out: Outputs = {}
        far = [(name, self.df[name]) for name in names if self.count.get(name) and self.rows.get(name) is None]
        got = self._split(far, self._tagged(far).collect()) if far else {}
        for name in names:
            if not self.count.get(name):
                out[name] = []
            elif not self.engine.types[name]:
                out[name] = [()]
            else:
                out[name] = sorted_rows(got[name] if name in got else self.rows[name])
        return out

    def _guard(self, thunk: Callable[[], Any]) -> Any:
        """Run `thunk`, turning Spark's errors into EngineError (the first line of the message)."""
        try:
            return thunk()
        except self._errors as exc:
            raise EngineError(f"spark: {spark_context.spark_message(exc)}") from None

    def _release(self) -> None:
        cached, self._cached = self._cached, []
        for df in cached:
            df.unpersist(blocking=False)

    def close(self) -> None:
        ss, self.ss = getattr(self, "ss", None), None
        if ss is None:
            return
        try:
            self._release()
            for df in getattr(self, "_lattice", []):
                df.unpersist(blocking=False)
            self._lattice = []
        except Exception:  # noqa: BLE001 - a stopped context: nothing left to release
            pass


def _reads(variants) -> frozenset[str]:
    """Every relation the variants read, positively or negated (a view the SELECTs name)."""
    return frozenset(r for v in variants for r in v.tables)
