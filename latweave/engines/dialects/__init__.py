"""One small table per target language, each a subclass of the one generator (../generator.py).

`DIALECTS` finds a dialect by engine name; `render(name, program)` is the whole program as that
engine is given it (for SQL, every SELECT of the semi-naive plan is in ../seminaive.py instead;
SQLite's join order depends on which relations a session holds fixed, so its plan is made per
lattice shape).
"""

from __future__ import annotations

from latweave.engines.dialects.clingo import Clingo
from latweave.engines.dialects.pydatalog import PyDatalog
from latweave.engines.dialects.souffle import Souffle
from latweave.engines.dialects.spark import SparkSql
from latweave.engines.dialects.sql import Sql
from latweave.engines.dialects.sqlite import Sqlite
from latweave.engines.generator import Generator

DIALECTS: dict[str, type[Generator]] = {d.name: d for d in (Clingo, PyDatalog, Souffle, SparkSql, Sql, Sqlite)}

__all__ = ["DIALECTS", "Clingo", "Generator", "PyDatalog", "Souffle", "SparkSql", "Sql", "Sqlite"]
