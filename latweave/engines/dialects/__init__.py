"""One small table per target language, each a subclass of the one generator (../generator.py).

A dialect registers by its engine's name (`DIALECTS`, `dialect(name)`, as sqlglot's
`Dialect.get_or_raise`); `render_program` in a dialect's module is the whole program as that engine
is given it. The SQL dialects (duckdb, sqlite, spark) share one SQL generator (sql.py) and declare
their differences as class attributes; their SELECTs are laid out by the semi-naive planner
(../seminaive.py), SQLite's per lattice shape, since its join order depends on which relations a
session holds fixed.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from latweave.engines.dialects.clingo import Clingo
from latweave.engines.dialects.duckdb import DuckDB
from latweave.engines.dialects.pydatalog import PyDatalog
from latweave.engines.dialects.souffle import Souffle
from latweave.engines.dialects.spark import SparkSql
from latweave.engines.dialects.sql import Sql
from latweave.engines.dialects.sqlite import Sqlite
from latweave.engines.generator import Generator
from latweave.errors import LatweaveError

#: Every dialect by its engine's name.
DIALECTS: Mapping[str, type[Generator]] = MappingProxyType(
    {d.name: d for d in (Clingo, DuckDB, PyDatalog, Souffle, SparkSql, Sqlite)})


def dialect(name: str) -> type[Generator]:
    """The dialect of the engine called `name`; a LatweaveError naming the dialects there are."""
    if name not in DIALECTS:
        raise LatweaveError(f"unknown dialect {name!r}", hint=f"choose one of: {', '.join(sorted(DIALECTS))}")
    return DIALECTS[name]


__all__ = ["DIALECTS", "Clingo", "DuckDB", "Generator", "PyDatalog", "Souffle", "SparkSql", "Sql", "Sqlite",
           "dialect"]
