"""Engines: one generator over the rules' IR, a small dialect table and a session per backend.

`generator.py` walks the IR; `dialects/` holds each target's table (Soufflé, clingo, pyDatalog,
and DuckDB, SQLite and Spark SQL on one SQL generator); `seminaive.py` is the one semi-naive
planner the set-at-a-time engines (DuckDB, SQLite, Spark) evaluate from; `<name>_engine.py` holds
only that engine's session (loading facts, executing, reading outputs); `rows.py` is the one check
of fact rows; `base.py` the interface and the table that finds an engine by name (importing its
module only when it is asked for).
"""

from latweave.engines.base import (
    DEFAULT_ENGINE, DEFAULTS, ENGINES, Engine, Session, available_engines, default_engine, engine_class, engine_names,
    engine_status, get_engine,
)

__all__ = ["DEFAULT_ENGINE", "DEFAULTS", "ENGINES", "Engine", "Session", "available_engines", "default_engine",
           "engine_class", "engine_names", "engine_status", "get_engine"]
