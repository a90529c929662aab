"""DuckDB's dialect: the shared SQL generator (sql.py) with DuckDB's table.

BIGINT and VARCHAR columns (BOOLEAN for a nullary relation's one column); a number outside 32 bits
is written CAST(n AS BIGINT) so that DuckDB never narrows it (a negative one too); a string cannot
hold NUL; FROM items are joined by commas (DuckDB orders joins itself) and each SELECT of a UNION
is parenthesised; an INSERT leaves out known rows by EXCEPT. DuckDB's rendering errors carry no
engine prefix (they read as they always have).
"""

from __future__ import annotations

from typing import Sequence

from latweave.datalog.ir import Rule
from latweave.engines.dialects.sql import Sql


class DuckDB(Sql):
    name = "duckdb"
    title = "DuckDB"
    prefix_errors = False
    types = {"number": "BIGINT", "symbol": "VARCHAR"}
    flag_type = "BOOLEAN"
    bare_numbers = range(0, 2**31)
    join = ", "
    union_parens = True
    new_rows = "except"


def literal(value: int | str) -> str:
    """A constant written in the rules, as DuckDB's SQL literal (strings quoted, quotes doubled)."""
    return DuckDB().const(value)


def select_sql(rule: Rule, sources: Sequence[str]) -> str:
    """One rule as DuckDB's SELECT reading `sources` (one table per positive atom)."""
    return DuckDB().select(rule, sources).text()
