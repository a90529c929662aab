"""The one interface every engine implements, and the table that finds engines by name.

An engine takes the validated rules (a `Program`) and runs them; it never holds semantics of its
own. `open(base)` loads facts that stay fixed across runs (a compiled lattice) and returns a
`Session`; `Session.run(facts)` adds per-run facts (compiled plans), evaluates, and returns every
`.output` relation as a sorted list of tuples. Sorting here is what makes output deterministic.
"""

from __future__ import annotations

import importlib
import logging
import os
from abc import ABC, abstractmethod
from dataclasses import dataclass
from types import MappingProxyType
from typing import ClassVar, Mapping, Protocol, Sequence

from latweave.datalog.ir import Program
from latweave.engines.rows import Facts, Row
from latweave.errors import EngineUnavailable, LatweaveError

log = logging.getLogger("latweave.engines")

Outputs = dict[str, list[Row]]

#: Every engine by name: "module:Class". This table is how an engine is found; its module is
#: imported only when that engine is asked for (`engine_class`), so that naming or listing
#: engines loads no engine's package, and one engine's missing package never stops another.
#: Each module guards its own dependency: an engine whose package is missing still imports, and
#: says why in unavailable_reason. A new engine is one module and one line here.
ENGINES: Mapping[str, str] = MappingProxyType({
    "clingo": "latweave.engines.clingo_engine:ClingoEngine",
    "duckdb": "latweave.engines.duckdb_engine:DuckDBEngine",
    "pydatalog": "latweave.engines.pydatalog_engine:PyDatalogEngine",
    "souffle": "latweave.engines.souffle_engine:SouffleEngine",
    "spark": "latweave.engines.spark_engine:SparkEngine",
    "sqlite": "latweave.engines.sqlite_engine:SqliteEngine",
})

#: The engine used when none is named, by what is asked — one plan, or a batch of plans — and
#: why. The reasons are what `latweave engines` prints; the figures behind them (bench/spine.py,
#: bench/questions.py) are in docs/performance.md, "Figures behind choices in the code", where a
#: new measurement goes. Both are embedded and always installed, and every engine gives
#: byte-identical results, so the choice is speed.
DEFAULTS: dict[str, tuple[str, str]] = {
    "single": ("sqlite", "opens the lattice's stored index database (engine/sqlite.db) in "
                         "milliseconds, runs a plan as one statement per plan shape, and its index "
                         "nested-loop joins touch only the rows the plan reaches (docs/performance.md)"),
    "batch": ("duckdb", "hash joins over the whole batch's facts amortise the fixed cost of an "
                        "evaluation; SQLite batches several times slower on large lattices (docs/performance.md)"),
}

#: The engine used for a batch when none is named (and by callers that name no role).
DEFAULT_ENGINE = DEFAULTS["batch"][0]


def default_engine(role: str) -> str:
    """The engine used when none is named, for `role` ("single" or "batch"). (A lattice of
    several layers keeps its SQLite database in its top layer: folder/layers.py engine_db_name.)"""
    return DEFAULTS[role][0]


@dataclass(frozen=True)
class Hole:
    """A value a prepared run leaves open (`Session.prepare`): the `index`-th of the values each
    of its runs is given, in a fact row where a plan would have one of its names' symbols."""

    index: int


class PreparedRun(Protocol):
    """What `Session.prepare` returns: one statement, ready for runs that differ in their holes."""

    def run(self, values: Sequence[int]) -> Mapping[str, list[Row]] | None:
        """The outputs `Session.run_some` gives for the prepared facts with `values[i]` in each
        `Hole(i)` — None when these values would make another shape of run than the holes did
        (then the caller runs its facts as any other): the outputs asked for at least."""


class Session(ABC):
    """Facts of one lattice, loaded once; run plans against them many times.

    `timeout`: seconds one `run` may take, or None; past it the run raises EngineTimeout (how
    each engine stops its evaluation: latweave/engines/timeout.py)."""

    timeout: float | None = None
    #: the lattice relations this session read evaluated from the lattice's engine database at
    #: open instead of evaluating them (engines/stored_strata.py: DuckDB and Spark)
    strata_read: frozenset[str] = frozenset()

    @abstractmethod
    def run(self, facts: Facts) -> Outputs:
        """Evaluate the rules over base facts plus `facts`; every output relation, rows sorted."""

    def run_some(self, facts: Facts, wanted: frozenset[str]) -> Mapping[str, list[Row]]:
        """`run`, for a caller that reads the output relations `wanted` first and others seldom:
        an engine that computes fewer for less returns a mapping that computes the others when
        first read (engines/partial.py, SQLite's statement per plan shape); here, `run`."""
        return self.run(facts)

    def prepare(self, facts: Facts, wanted: frozenset[str] | None) -> PreparedRun | None:
        """A run of `facts` (rows holding `Hole`s where runs differ) made ready once, for a
        caller that asks it many times with other values in the holes (execute.py's prepared
        templates): the outputs `wanted` at least (None: every one). None where this engine has
        no such run, or not for these facts: then each is run as any other. Here: None."""
        return None

    def close(self) -> None:  # pragma: no cover - engines without resources
        pass

    def interrupt(self) -> None:
        """Stop a run in progress, called from another thread (Ctrl-C in the REPL): the run raises,
        and the session is not used again. An engine that cannot be stopped from outside does
        nothing here (its run finishes; a subprocess engine gets the terminal's SIGINT itself)."""

    def __enter__(self) -> "Session":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class FromScratchSession(Session):
    """For engines that evaluate everything on each run: keep the base facts (already converted
    to the engine's form) and evaluate base + this run's facts."""

    def __init__(self, evaluate, convert, base: list):
        self._evaluate = evaluate
        self._convert = convert
        self._base = base

    def run(self, facts: Facts) -> Outputs:
        if self.timeout is None:
            return self._evaluate(self._base + self._convert(facts))
        from latweave.engines.timeout import in_child  # nothing stops them in-process: a child does

        base, more = self._base, self._convert(facts)
        name = getattr(getattr(self._evaluate, "__self__", None), "name", "engine")
        return in_child(lambda: self._evaluate(base + more), self.timeout, name)


def machine_memory() -> int | None:
    """This machine's physical memory in bytes (None where the system does not say): what an
    engine's default memory is a share of (DuckDB's memory_limit, a local Spark's driver memory)."""
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return None


class Engine(ABC):
    """A backend that executes `Program`s, found by its `name` in ENGINES."""

    name: ClassVar[str]
    #: The most plans one evaluation takes (None: any number): a longer batch is evaluated a chunk
    #: at a time (`execute.Runner.run`), which bounds the per-run relations' memory; results are
    #: the same either way, since plans never meet in the rules.
    batch_plans: ClassVar[int | None] = None
    #: With `batch_plans`: plans × the lattice's predicates one evaluation may take (None: the
    #: bound is `batch_plans` whatever the lattice). A chunk's memory grows with both, and every
    #: chunk pays the evaluation's fixed cost, so a small lattice takes a whole batch at once
    #: (`chunk_for`).
    batch_budget: ClassVar[int | None] = None

    def __init__(self, program: Program):
        self.program = program

    def chunk_for(self, predicates: int) -> int | None:
        """The most plans one evaluation takes on a lattice of `predicates` predicates (None: any
        number): `batch_plans`, raised to what `batch_budget` allows at that size."""
        if self.batch_plans is None or self.batch_budget is None:
            return self.batch_plans
        return max(self.batch_plans, self.batch_budget // max(1, predicates))

    @classmethod
    def unavailable_reason(cls) -> str | None:
        """None when the engine can run here, else a sentence saying why not."""
        return None

    @abstractmethod
    def open(self, base: Facts) -> Session:
        """Load facts that stay fixed across runs (the lattice) and return a session."""

    def open_stored(self, directory) -> Session | None:
        """A session over what this engine stored in the lattice folder `directory` at build time
        (the lattice strata already evaluated); None when it stores nothing there, and the caller
        opens the lattice's facts instead."""
        return None

    def run(self, facts: Facts) -> Outputs:
        """One-shot evaluation: all facts given at once."""
        with self.open(facts) as session:
            return session.run({})


def engine_class(name: str) -> type[Engine]:
    """The class of the engine called `name`, its module imported now (and only now: an engine's
    package — duckdb, pyspark, clingo — is loaded when that engine is asked for). An unknown name
    is a LatweaveError that lists the engines there are."""
    where = ENGINES.get(name)
    if where is None:
        raise LatweaveError(f"unknown engine {name!r}", hint=f"choose one of: {', '.join(sorted(ENGINES))}")
    module, _, cls = where.partition(":")
    return getattr(importlib.import_module(module), cls)


def engine_names() -> list[str]:
    """Every built-in engine, installed or not, sorted (nothing is imported)."""
    return sorted(ENGINES)


def available_engines() -> list[str]:
    """Engines that can run on this machine, sorted (each engine's module is imported to ask it)."""
    return [n for n in engine_names() if engine_class(n).unavailable_reason() is None]


def get_engine(name: str | None, program: Program) -> Engine:
    """An engine instance by name (the default when `name` is None); raises with the reason."""
    name = name or DEFAULT_ENGINE
    cls = engine_class(name)
    reason = cls.unavailable_reason()
    if reason is not None:
        raise EngineUnavailable(f"engine {name!r} cannot run here: {reason}")
    return cls(program)


def engine_status() -> list[tuple[str, str | None]]:
    """Every engine's name and why it cannot run here (None when it can), by name."""
    return [(name, engine_class(name).unavailable_reason()) for name in engine_names()]
