"""The Spark SQL dialect: the shared SQL generator's SELECTs over temporary views, with Spark's literals.

Spark writes a rule as DuckDB does (sql.py: one SELECT, columns c0, c1, ...); its table differs in:

- every relation is a temporary view named `r<i>` (its delta views `d0_<i>` and `d1_<i>`), `i` its
  position among the program's relations: Spark resolves view names case-insensitively and parses
  them as identifiers, so the rules' own names (`Edge` and `edge` may both be relations) never
  reach it;
- a string constant is quoted with backslash escapes (Spark reads `\\` as an escape character in
  a literal; latweave/datalog/escape.py SPARK), and may hold NUL;
- every number is written CAST(n AS BIGINT) and must fit Spark's 64-bit BIGINT; column types are
  BIGINT and STRING.

Fact values never pass through here: they reach Spark as typed rows or Parquet files.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from latweave.datalog.escape import SPARK
from latweave.engines.dialects.sql import Sql, signed

#: Spark's BIGINT: a signed 64-bit number.
BITS = 64
BOUNDS = signed(BITS)


def view_names(relations: Sequence[str]) -> dict[str, str]:
    """relation -> its temporary view's name, by position."""
    return {name: f"r{i}" for i, name in enumerate(relations)}


def delta_view(view: str, parity: int) -> str:
    """The view holding a semi-naive round's new rows of `view`'s relation, the rounds writing
    parity 0 and 1 in turn (latweave/engines/seminaive.py)."""
    return f"d{parity}_{view[1:]}"


class SparkSql(Sql):
    name = "spark"
    title = "Spark"
    quoting = SPARK
    types = {"number": "BIGINT", "symbol": "STRING"}
    integer_bits = BITS
    bare_numbers = range(0)  # none: every number is cast
    stores_nul = True

    def __init__(self, views: Mapping[str, str]) -> None:
        super().__init__()
        #: relation -> its view's name
        self.views = dict(views)

    def source(self, relation: str, parity: int | None = None) -> str:
        view = self.views[relation]
        return view if parity is None else delta_view(view, parity)
