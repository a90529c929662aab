"""Apache Spark: the rules run as Spark SQL, so a lattice larger than one machine can be answered.

Nothing here knows what a meet or a compare is, nor how a rule becomes SQL: the Spark dialect
(dialects/spark.py) renders each rule as a SELECT over temporary views, on the SQL generator
DuckDB's dialect uses; the semi-naive planner (seminaive.py), the one DuckDB and SQLite use too,
lays the strata out and drives their evaluation; the session executes it over DataFrames.

Spark runs a query as a *job*, and a job costs tens of milliseconds even on an empty table, so the
evaluation is organised to run few of them:

- each stratum has a *level*, one more than the highest level of a stratum it reads (inputs are
  level 0); every non-recursive stratum of one level is evaluated by **one job** (the planner's
  `waves`, which Spark asks for together): their SELECTs
  are tagged with the relation's position and unioned, de-duplicated once. A small result is
  kept as a local relation in the JVM, a large one as a checkpoint (spark_frames.py); either way
  later plans see a leaf, not the SELECTs before it (the plans of views over views grow with each
  level, and Spark analyses a plan whole: without the cut, planning alone took minutes);
- a rule whose positive body reads an empty relation is skipped (the counts say so), so a plan
  touches only the rules its facts can fire — a stratum with no live rule costs no job;
- a recursive stratum runs semi-naively: one job per round computes every relation's new rows
  (those the relation does not hold: an anti join), bound to the delta views of the round's
  parity, which the next round reads, until no delta is left;
- output relations are read from the local relations (no job) or collected in one; rows are
  sorted on the Python side (`sorted_rows`), so the order never depends on partitions.

The session (spark_session.py) evaluates the lattice strata once, at open — or reads them, as
the lattice's engine database holds them evaluated, where its rules are these (stored_strata.py);
a run binds its plan facts as views and evaluates the rest. One batch of plans is one run.

The lattice comes from its Parquet files (`open_stored`: layer 0's derived from the engine
database into latweave's cache when first asked, compile/parquet_cache.py; a later layer's
`parquet/` in its folder), or from compiled facts as rows (`open`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from latweave.compile.parquet_facts import layered_parquet, stored_parquet
from latweave.datalog.ir import Program
from latweave.engines import rows as checks
from latweave.engines import seminaive, spark_context
from latweave.engines.base import Engine, Facts
from latweave.engines.dialects import spark as dialect

if TYPE_CHECKING:
    from latweave.engines.spark_session import SparkSession

#: What Spark accepts as facts: exact ints within BIGINT, exact strs.
ROWS = checks.RowRules("spark", bounds=dialect.BOUNDS, numbers="exact", exact_symbols=True, widths_first=True)


class SparkEngine(Engine):
    """Rules planned once per program; a session is a Spark session over one lattice."""

    name = "spark"
    rows = ROWS

    @classmethod
    def unavailable_reason(cls) -> str | None:
        return spark_context.spark_problem()

    def __init__(self, program: Program):
        super().__init__(program)
        self.views = dialect.view_names([r.name for r in program.relations])
        self.columns = {r.name: tuple(c.name for c in r.columns) for r in program.relations}
        self.plan = seminaive.plan(program, dialect.SparkSql(self.views))
        self.types = self.plan.types

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

        return SparkSession(self, stored=files, layers=layered_parquet(directory), folder=directory)

