"""The Spark SQL dialect: the SQL dialect's SELECTs over temporary views, with Spark's literals.

Spark writes a rule as DuckDB does (dialects/sql.py: one SELECT, columns c0, c1, ...), except:

- every relation is a temporary view named `r<i>` (its delta `d<i>`), `i` its position among the
  program's relations: Spark resolves view names case-insensitively and parses them as
  identifiers, so the rules' own names (`Edge` and `edge` may both be relations) never reach it;
- a string constant is quoted with backslash escapes (Spark reads `\\` as an escape character in
  a literal; latweave/datalog/escape.py SPARK);
- column types are BIGINT and STRING.

Fact values never pass through here: they reach Spark as typed rows or Parquet files.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from latweave.datalog.escape import SPARK
from latweave.engines.dialects.sql import Sql
from latweave.engines.generator import Generator

TYPES = {"number": "BIGINT", "symbol": "STRING"}
#: Spark's BIGINT: a signed 64-bit number.
BOUNDS = (-(2**63), 2**63 - 1)


def view_names(relations: Sequence[str]) -> dict[str, str]:
    """relation -> its temporary view's name, by position."""
    return {name: f"r{i}" for i, name in enumerate(relations)}


def delta_view(view: str) -> str:
    """The view holding the last semi-naive iteration's new rows of `view`'s relation."""
    return "d" + view[1:]


class SparkSql(Sql):
    name = "spark"
    quoting = SPARK

    def __init__(self, views: Mapping[str, str] | None = None) -> None:
        super().__init__()
        #: relation -> its view's name (None: the relation's own name, backquoted)
        self.views = dict(views) if views is not None else None

    def error(self, message: str, **kw):
        return Generator.error(self, message.replace("DuckDB", "Spark"), **kw)

    def string(self, value: str) -> str:
        return self.quoting.quote(value)

    def number(self, value: int) -> str:
        if not BOUNDS[0] <= value <= BOUNDS[1]:
            raise self.error(f"constant {value} is outside Spark's 64-bit integers")
        return f"CAST({value} AS BIGINT)"

    def table(self, relation: str) -> str:
        if self.views is None:
            return "`" + relation.replace("`", "``") + "`"
        return self.views[relation]
