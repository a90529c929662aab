"""Apache Spark: the rules run as Spark SQL, so a lattice larger than one machine can be answered.

Nothing here knows what a meet or a compare is, nor how a rule becomes SQL: the Spark dialect
(dialects/spark.py) renders each rule as a SELECT over temporary views, exactly as DuckDB's SQL
does, and this module evaluates the strata of `stratify` over DataFrames.

Spark runs a query as a *job*, and a job costs tens of milliseconds even on an empty table, so the
evaluation is organised to run few of them:

- each stratum gets a *level*, one more than the highest level of a stratum it reads (inputs are
  level 0); every non-recursive stratum of one level is evaluated by **one job**: their SELECTs
  are tagged with the relation's position and unioned, de-duplicated once. A small result is
  kept as a local relation in the JVM, a large one as a checkpoint (spark_frames.py); either way
  later plans see a leaf, not the SELECTs before it (the plans of views over views grow with each
  level, and Spark analyses a plan whole: without the cut, planning alone took minutes);
- a rule whose positive body reads an empty relation is skipped (the counts say so), so a plan
  touches only the rules its facts can fire — a stratum with no live rule costs no job;
- a recursive stratum runs semi-naively: one job per iteration computes every relation's new rows
  (`EXCEPT` what is known), the delta views are rebound, until no delta is left;
- output relations are read from the local relations (no job) or collected in one; rows are
  sorted on the Python side (`sorted_rows`), so the order never depends on partitions.

The session (spark_session.py) evaluates the lattice strata once, at open; a run binds its plan
facts as views and evaluates the rest. One batch of plans is one run.

The lattice comes from its Parquet files (`open_stored`: `parquet/` in the lattice folder, written
by every build), or from compiled facts as rows (`open`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from latweave.compile.parquet_facts import layered_parquet, stored_parquet
from latweave.datalog.ir import Program
from latweave.datalog.strata import Stratum, stratify
from latweave.engines import rows as checks
from latweave.engines import spark_context
from latweave.engines.base import Engine, Facts
from latweave.engines.dialects import spark as dialect
from latweave.engines.seminaive import input_dependencies

if TYPE_CHECKING:
    from latweave.engines.spark_session import SparkSession

#: What Spark accepts as facts: exact ints within BIGINT, exact strs.
ROWS = checks.RowRules("spark", bounds=dialect.BOUNDS, numbers="exact", exact_symbols=True, widths_first=True)


@dataclass(frozen=True)
class Variant:
    """One SELECT of a rule, the relations its positive atoms read, every relation it names
    (negated ones too), and which positive atom reads the delta view (None: every atom reads the
    full relation)."""

    sql: str
    reads: tuple[str, ...]
    tables: frozenset[str]
    delta_pos: int | None = None


@dataclass(frozen=True)
class StratumPlan:
    stratum: Stratum
    level: int
    base: dict[str, tuple[Variant, ...]]   # relation -> its rules without a recursive atom
    step: dict[str, tuple[Variant, ...]]   # relation -> semi-naive variants (delta views)
    inputs: frozenset[str]                 # input relations it depends on, transitively


class SparkEngine(Engine):
    """Rules planned once per program; a session is a Spark session over one lattice."""

    name = "spark"
    rows = ROWS

    @classmethod
    def unavailable_reason(cls) -> str | None:
        return spark_context.spark_problem()

    def __init__(self, program: Program):
        super().__init__(program)
        names = [r.name for r in program.relations]
        self.views = dialect.view_names(names)
        self.types = {r.name: tuple(c.type for c in r.columns) for r in program.relations}
        self.columns = {r.name: tuple(c.name for c in r.columns) for r in program.relations}
        strata = stratify(program)
        deps = input_dependencies(program, strata)
        level: dict[str, int] = {r.name: 0 for r in program.inputs}
        sql = dialect.SparkSql(self.views)
        plans = []
        for stratum, inputs in zip(strata, deps):
            reads = {a.relation for rule in stratum.rules for a in (*rule.positive, *rule.negative)}
            lv = 1 + max((level.get(r, 0) for r in reads - set(stratum.relations)), default=0)
            for rel in stratum.relations:
                level[rel] = lv
            plans.append(self._plan(stratum, lv, inputs, sql))
        self.plans = tuple(plans)

    def _plan(self, stratum: Stratum, level: int, inputs: frozenset[str], sql: dialect.SparkSql) -> StratumPlan:
        base: dict[str, list[Variant]] = {r: [] for r in stratum.relations}
        step: dict[str, list[Variant]] = {r: [] for r in stratum.relations}
        for rule in stratum.rules:
            reads = tuple(a.relation for a in rule.positive)
            head = rule.head.relation
            tables = frozenset((*reads, *(a.relation for a in rule.negative)))
            rec = stratum.recursive_atoms(rule) if stratum.recursive else ()
            sources = [self.views[r] for r in reads]
            if not rec:
                base[head].append(Variant(sql.select(rule, sources), reads, tables))
                continue
            for pos in rec:
                delta = list(sources)
                delta[pos] = dialect.delta_view(sources[pos])
                step[head].append(Variant(sql.select(rule, delta), reads, tables, pos))
        return StratumPlan(stratum, level, {r: tuple(v) for r, v in base.items()},
                           {r: tuple(v) for r, v in step.items()}, inputs)

    def open(self, base: Facts) -> "SparkSession":
        from latweave.engines.spark_session import SparkSession

        return SparkSession(self, base=base)

    def open_stored(self, directory) -> "SparkSession | None":
        """A session over the lattice folder's Parquet facts (`parquet/`, and its later layers':
        folder/layers.py), None when it has none."""
        files = stored_parquet(directory)
        if not files:
            return None
        from latweave.engines.spark_session import SparkSession

        return SparkSession(self, stored=files, layers=layered_parquet(directory))


#: The folder of a lattice's Parquet facts (the layout: latweave/compile/parquet_facts.py).
