"""The one interface every engine implements, and the registry that finds engines by name.

An engine takes the validated rules (a `Program`) and runs them; it never holds semantics of its
own. `open(base)` loads facts that stay fixed across runs (a compiled lattice) and returns a
`Session`; `Session.run(facts)` adds per-run facts (compiled plans), evaluates, and returns every
`.output` relation as a sorted list of tuples. Sorting here is what makes output deterministic.
"""

from __future__ import annotations

import logging
from abc import ABC, abstractmethod
from typing import ClassVar, Iterable, Iterator, Mapping, Sequence, Union

from latweave.datalog.ir import Program
from latweave.errors import EngineError, EngineUnavailable, LatweaveError

log = logging.getLogger("latweave.engines")

Value = Union[int, str]
Row = tuple[Value, ...]
Facts = Mapping[str, Iterable[Sequence[Value]]]
Outputs = dict[str, list[Row]]

_REGISTRY: dict[str, type["Engine"]] = {}

#: The engine used when none is named: the embedded one, always installed.
DEFAULT_ENGINE = "duckdb"


class Session(ABC):
    """Facts of one lattice, loaded once; run plans against them many times.

    `timeout`: seconds one `run` may take, or None; past it the run raises EngineTimeout (how
    each engine stops its evaluation: latweave/engines/timeout.py)."""

    timeout: float | None = None

    @abstractmethod
    def run(self, facts: Facts) -> Outputs:
        """Evaluate the rules over base facts plus `facts`; every output relation, rows sorted."""

    def close(self) -> None:  # pragma: no cover - engines without resources
        pass

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


class Engine(ABC):
    """A backend that executes `Program`s. Subclasses register themselves by `name`."""

    name: ClassVar[str]

    def __init__(self, program: Program):
        self.program = program

    @classmethod
    def unavailable_reason(cls) -> str | None:
        """None when the engine can run here, else a sentence saying why not."""
        return None

    @abstractmethod
    def open(self, base: Facts) -> Session:
        """Load facts that stay fixed across runs (the lattice) and return a session."""

    def run(self, facts: Facts) -> Outputs:
        """One-shot evaluation: all facts given at once."""
        with self.open(facts) as session:
            return session.run({})


def register(cls: type[Engine]) -> type[Engine]:
    """Class decorator: make an engine available by its `name`."""
    if cls.name in _REGISTRY and _REGISTRY[cls.name] is not cls:
        raise LatweaveError(f"two engines registered as {cls.name!r}")
    _REGISTRY[cls.name] = cls
    return cls


#: Built-in engine modules; importing one registers its engine. Each guards its own dependency
#: (an engine whose package is missing registers anyway and reports why in unavailable_reason).
BUILTIN_MODULES = ("duckdb_engine", "souffle_engine", "clingo_engine", "pydatalog_engine")


def _load_builtin() -> None:
    import importlib

    for module in BUILTIN_MODULES:
        importlib.import_module(f"latweave.engines.{module}")


def engine_names() -> list[str]:
    """Every registered engine, installed or not, sorted."""
    _load_builtin()
    return sorted(_REGISTRY)


def available_engines() -> list[str]:
    """Registered engines that can run on this machine, sorted."""
    return [n for n in engine_names() if _REGISTRY[n].unavailable_reason() is None]


def get_engine(name: str | None, program: Program) -> Engine:
    """An engine instance by name (the default when `name` is None); raises with the reason."""
    _load_builtin()
    name = name or DEFAULT_ENGINE
    if name not in _REGISTRY:
        raise LatweaveError(f"unknown engine {name!r}", hint=f"choose one of: {', '.join(sorted(_REGISTRY))}")
    cls = _REGISTRY[name]
    reason = cls.unavailable_reason()
    if reason is not None:
        raise EngineUnavailable(f"engine {name!r} cannot run here: {reason}")
    return cls(program)


def checked_rows(program: Program, facts: Facts, engine: str) -> Iterator[tuple[str, Row, tuple[str, ...]]]:
    """(relation, row, column types) for every fact row, in relation order, refusing — with the
    engine's name — facts for a relation that is not a declared .input, a row of the wrong width,
    or a cell of the wrong type (a number column takes an int, not a bool; a symbol column a str)."""
    types = {r.name: tuple(c.type for c in r.columns) for r in program.relations}
    inputs = {r.name for r in program.inputs}
    for relation in sorted(facts):
        if relation not in types:
            raise EngineError(f"{engine}: facts for undeclared relation {relation!r}")
        if relation not in inputs:
            raise EngineError(f"{engine}: facts for {relation!r}, which is not an .input relation")
        columns = types[relation]
        for row in facts[relation]:
            row = tuple(row)
            if len(row) != len(columns):
                raise EngineError(f"{engine}: {relation} takes {len(columns)} columns, got {len(row)}: {row!r}")
            for kind, value in zip(columns, row):
                if kind == "number":
                    if isinstance(value, bool) or not isinstance(value, int):
                        raise EngineError(f"{engine}: {relation}: expected a number, got {value!r}")
                elif not isinstance(value, str):
                    raise EngineError(f"{engine}: {relation}: expected a symbol (str), got {value!r}")
            yield relation, row, columns


def sorted_rows(rows: Iterable[Sequence[Value]]) -> list[Row]:
    """Distinct rows in a total order (numbers before strings within a column)."""
    return sorted({tuple(r) for r in rows}, key=lambda r: tuple((isinstance(v, str), v) for v in r))
