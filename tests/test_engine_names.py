"""Engines are found by name in one table (latweave/engines/base.py ENGINES), and an engine's
module — with its package: duckdb, pyspark, clingo, pyDatalog — is imported only when that engine
is asked for; naming or listing engines imports none of them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from latweave.datalog import load_rules
from latweave.engines import ENGINES, Engine, engine_class, engine_names, get_engine
from latweave.errors import LatweaveError

PACKAGE = Path(__file__).parents[1] / "latweave" / "engines"


def test_the_table_lists_every_engine_module_and_each_entry_is_that_engine():
    modules = {path.stem for path in PACKAGE.glob("*_engine.py")}
    listed = {where.partition(":")[0] for where in ENGINES.values()}
    assert listed == {f"latweave.engines.{m}" for m in modules}
    for name in ENGINES:
        cls = engine_class(name)
        assert issubclass(cls, Engine) and cls.name == name
        assert f"{cls.__module__}:{cls.__qualname__}" == ENGINES[name]
    assert engine_names() == sorted(ENGINES) == ["clingo", "duckdb", "pydatalog", "souffle", "spark", "sqlite"]


@pytest.mark.parametrize("name", ["nope", "", "latweave.engines.duckdb_engine:DuckDBEngine", "os:system", "DuckDB"])
def test_an_unknown_name_is_refused_with_the_engines_there_are(name):
    with pytest.raises(LatweaveError) as info:
        get_engine(name, load_rules()) if name else engine_class(name)
    assert info.value.message == f"unknown engine {name!r}"
    assert info.value.hint == "choose one of: clingo, duckdb, pydatalog, souffle, spark, sqlite"


#: What a fresh interpreter imported: after `import latweave.engines` and listing the names, after
#: asking for SQLite, and after asking for DuckDB.
PROBE = """
import json, sys
PACKAGES = ("duckdb", "pyspark", "py4j", "clingo", "pyDatalog")
def loaded():
    return sorted({m.split(".")[0] for m in sys.modules if m.split(".")[0] in PACKAGES}
                  | {m for m in sys.modules if m.startswith("latweave.engines.") and m.endswith("_engine")})
import latweave.engines
from latweave.engines import engine_names, get_engine
from latweave.datalog import load_rules
engine_names()
steps = [loaded()]
get_engine("sqlite", load_rules())
steps.append(loaded())
get_engine("duckdb", load_rules())
steps.append(loaded())
print(json.dumps(steps))
"""


def test_no_engine_package_is_imported_until_that_engine_is_asked_for():
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True,
                          cwd=Path(__file__).parents[1])
    listed, sqlite, duckdb = json.loads(done.stdout)
    assert listed == []
    assert sqlite == ["latweave.engines.sqlite_engine"]
    assert duckdb == ["duckdb", "latweave.engines.duckdb_engine", "latweave.engines.sqlite_engine"]
