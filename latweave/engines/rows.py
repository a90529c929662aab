"""The one check of fact rows before any engine loads them: relation, width, types, bounds.

Every engine refuses the same things — facts for a relation that is not a declared `.input`, a row
of the wrong width, a value of the wrong type (a number column takes an int, never a bool; a symbol
column a str), a number outside the engine's domain, a symbol the engine cannot carry — and each
says so in the same words, prefixed by its name (`MESSAGES`). So the checking is here, once, and
an engine brings only its `RowRules`: its name, its number domain, which symbols it refuses, and
how strictly it reads "an int".

The common case (hundreds of thousands of all-int rows) is checked column-wise with map/set and
min/max, which run in C (docs/performance.md); only a failing batch is walked row by row to find
the first bad value and name it.
"""

from __future__ import annotations

import numbers
from array import array
from dataclasses import dataclass, replace
from bisect import bisect_left
from itertools import chain, islice, repeat
from operator import lt
from typing import Callable, Iterable, Iterator, Mapping, Sequence, Union

from latweave.datalog.ir import Program, Relation
from latweave.errors import EngineError

Value = Union[int, str]
Row = tuple[Value, ...]
Facts = Mapping[str, Iterable[Sequence[Value]]]


class IdRows:
    """The rows `(*lead, i)` for each `i` of an array of 64-bit ids (`array("q")`): a stream's flat
    dimension's node, subsumes or instance rows (ingest/stream.py), every value an int by
    construction, which a writer may load in bulk (engines/sqlite_places.py `NewFile.load`: a
    statement per chunk of ids, not a binding per row). Iterating gives the rows, for any other reader."""

    def __init__(self, lead: tuple[int, ...], ids: "array[int]"):
        if ids.typecode != "q":
            raise TypeError(f"IdRows takes an array of 64-bit ids (typecode 'q'), not {ids.typecode!r}")
        self.lead, self.ids = lead, ids

    def __iter__(self) -> Iterator[Row]:
        return zip(*map(repeat, self.lead), self.ids)


class RowParts:
    """A relation's rows given as parts (row iterables, `IdRows`), in order: iterating chains them;
    a writer that loads `IdRows` in bulk takes them part by part."""

    def __init__(self, parts: Iterable[Iterable[Sequence[Value]]]):
        self.parts = tuple(parts)

    def __iter__(self) -> Iterator[Sequence[Value]]:
        return chain.from_iterable(self.parts)


class IdColumns:
    """Rows given as columns of 64-bit ids, one `array("q")` a column, all of one length: a
    stream's coord rows, a batch at a time (ingest/stream.py `_fed_coord`), every value an int
    within a 64-bit engine's bounds by construction, which a writer may load without
    `check_rows` (engines/sqlite_places.py `NewFile.load`: its pass over the 300k KB's 15.6M coord
    values was ~1 s of the engine database's child, docs/performance.md). Iterating gives the
    rows, for any other reader."""

    def __init__(self, *columns: "array[int]"):
        if any(column.typecode != "q" for column in columns):
            raise TypeError("IdColumns takes arrays of 64-bit ids (typecode 'q')")
        if len({len(column) for column in columns}) > 1:
            raise ValueError("IdColumns' columns must be of one length")
        self.columns = columns

    def __iter__(self) -> Iterator[Row]:
        return zip(*self.columns)


class Batches:
    """A relation's rows as parts that come one after another and are read once (a stream's coord
    batches, as they arrive): iterating chains them; a writer takes them part by part."""

    def __init__(self, parts: Iterable[Iterable[Sequence[Value]]]):
        self.parts = iter(parts)

    def __iter__(self) -> Iterator[Sequence[Value]]:
        return chain.from_iterable(self.parts)


def distinct_count(rows: object) -> int | None:
    """How many rows `rows` holds when they are distinct by construction and that is cheaply
    checked, else None (the loader counts them itself): `IdRows` or `RowParts` of `IdRows` and
    small lists, where every `IdRows` part's ids are strictly ascending and its lead an int tuple
    of its own, the listed rows are distinct, and none of them is an `IdRows` part's row (a
    bisection of that part's ids). A stream's flat dimensions give their node, subsumes and
    instance rows so (ingest/stream.py); counting them distinct in SQLite was a sort of every row
    (~0.9 s of a 100k KB's build, docs/performance.md)."""
    parts = rows.parts if isinstance(rows, RowParts) else (rows,) if isinstance(rows, IdRows) else None
    if parts is None:
        return None
    runs: dict[tuple[Value, ...], "array[int]"] = {}
    listed: list[tuple[Value, ...]] = []
    for part in parts:
        if isinstance(part, IdRows):
            ids = part.ids
            if part.lead in runs or any(type(c) is not int for c in part.lead) \
                    or not all(map(lt, ids, islice(ids, 1, None))):
                return None
            runs[part.lead] = ids
        elif isinstance(part, (list, tuple)):
            listed.extend(map(tuple, part))
        else:
            return None
    if len(set(listed)) != len(listed):
        return None
    for row in listed:
        run = runs.get(row[:-1])
        if run is None:
            continue
        last = row[-1]
        if type(last) is not int:   # (a listed row unlike its run's: the loader's check says why)
            return None
        at = bisect_left(run, last)
        if at < len(run) and run[at] == last:
            return None
    return len(listed) + sum(map(len, runs.values()))


#: How an engine decides that a value is a number: its exact type is int ("exact"), it is an int
#: ("int"), or a numbers.Integral ("integral"); bools never are.
NUMBER_TESTS: dict[str, Callable[[object], bool]] = {
    "exact": lambda v: type(v) is int,
    "int": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "integral": lambda v: isinstance(v, numbers.Integral) and not isinstance(v, bool),
}


#: What every engine says when it refuses facts, `str.format`ted with `engine` and: `name` (a
#: relation name given with facts); `rel`, `arity`, `got`, `row` (a row of the wrong width); `rel`,
#: `col`, `value` (a bad value and its column's name); `lo`, `hi` (the number domain).
MESSAGES = {
    "undeclared": "{engine}: facts given for undeclared relation {name!r}",
    "not_input": "{engine}: facts given for {name!r}, which is not an .input relation",
    "width": "{engine}: {rel} takes {arity} columns, got {got}: {row!r}",
    "number": "{engine}: column {col} of {rel} is a number, got {value!r}",
    "symbol": "{engine}: column {col} of {rel} is a symbol, got {value!r}",
    "domain": "{engine}: {value} in column {col} of {rel} is outside {engine}'s number domain [{lo}, {hi}]",
}


@dataclass(frozen=True)
class RowRules:
    """What one engine accepts: its name (which prefixes its messages), its number domain, which
    symbols it refuses, and how strictly it reads a number."""

    engine: str
    bounds: tuple[int, int] | None = None
    numbers: str = "int"  # a key of NUMBER_TESTS
    exact_symbols: bool = False  # symbols must be exactly str (not a subclass)
    #: (rel, col, value) -> an error for a symbol this engine cannot carry, or None.
    refuse_symbol: Callable[[str, str, str], EngineError | None] | None = None
    #: Check every row's width before any value (else row by row, widths and values together).
    widths_first: bool = False

    def with_bounds(self, bounds: tuple[int, int]) -> "RowRules":
        return replace(self, bounds=bounds)

    def error(self, kind: str, **what) -> EngineError:
        """The refusal of one kind (a key of MESSAGES), in this engine's name."""
        return EngineError(MESSAGES[kind].format(engine=self.engine, **what))


def check_relation(program: Program, name: str, rules: RowRules) -> Relation:
    """The declared .input relation `name`; refuses anything else in the engine's words."""
    try:
        rel = program.relation(name)
    except KeyError:
        raise rules.error("undeclared", name=name) from None
    if not rel.is_input:
        raise rules.error("not_input", name=name)
    return rel


def check_relations(program: Program, facts: Facts, rules: RowRules) -> dict[str, Relation]:
    """The input relations that `facts` names, in the order given; refuses any other name."""
    return {name: check_relation(program, name, rules) for name in facts}


def check_rows(rel: Relation, rows: Sequence[Sequence], rules: RowRules) -> bool:
    """Refuse the first bad row of `rows` (a list); True when every value has exactly its column's
    type (int or str), so that a writer may format it without converting."""
    types = tuple(c.type for c in rel.columns)
    arity = len(types)
    if not rows:
        return True
    if set(map(len, rows)) != {arity}:
        if rules.widths_first:
            bad = next(r for r in rows if len(r) != arity)
            raise _width(rel, bad, rules)
        _first_bad(rel, rows, rules)
    if not arity:
        return True
    if len(set(types)) == 1:  # one pass over every value (the usual all-number relation)
        columns = [(types[0], chain.from_iterable(rows) if rules.bounds is None
                    else list(chain.from_iterable(rows)))]
    else:
        columns = list(zip(types, zip(*rows)))
    exact = True
    for kind, values in columns:
        if set(map(type, values)) != {int if kind == "number" else str}:
            exact = False
            break
        if kind == "number" and rules.bounds is not None:
            if min(values) < rules.bounds[0] or max(values) > rules.bounds[1]:
                break
        if kind == "symbol" and rules.refuse_symbol is not None:
            break
    else:
        return True
    _first_bad(rel, rows, rules)
    return exact and all(type(v) is (int if c.type == "number" else str)
                         for row in rows for c, v in zip(rel.columns, row))


def _width(rel: Relation, row: Sequence, rules: RowRules) -> EngineError:
    return rules.error("width", rel=rel.name, arity=rel.arity, got=len(row), row=tuple(row))


def _first_bad(rel: Relation, rows: Sequence[Sequence], rules: RowRules) -> None:
    """Walk the rows in order and raise for the first bad value (no-op when all are good)."""
    is_number = NUMBER_TESTS[rules.numbers]
    for row in rows:
        if len(row) != rel.arity:
            raise _width(rel, row, rules)
        for col, value in zip(rel.columns, row):
            what = dict(rel=rel.name, col=col.name, value=value)
            if col.type == "number":
                if not is_number(value):
                    raise rules.error("number", **what)
                if rules.bounds is not None and not rules.bounds[0] <= int(value) <= rules.bounds[1]:
                    lo, hi = rules.bounds
                    raise rules.error("domain", lo=lo, hi=hi, **{**what, "value": int(value)})
            else:
                if not (type(value) is str if rules.exact_symbols else isinstance(value, str)):
                    raise rules.error("symbol", **what)
                if rules.refuse_symbol is not None:
                    error = rules.refuse_symbol(rel.name, col.name, value)
                    if error is not None:
                        raise error


def checked_rows(program: Program, facts: Facts, rules: RowRules) -> Iterator[tuple[str, Row, tuple[str, ...]]]:
    """(relation, row, column types) for every fact row, relations in name order, each relation
    and its rows checked before it is yielded."""
    for relation in sorted(facts):
        rel = check_relation(program, relation, rules)
        rows = [tuple(r) for r in facts[relation]]
        check_rows(rel, rows, rules)
        types = tuple(c.type for c in rel.columns)
        for row in rows:
            yield relation, row, types


def sorted_rows(rows: Iterable[Sequence[Value]]) -> list[Row]:
    """Distinct rows in a total order (numbers before strings within a column)."""
    return sorted({tuple(r) for r in rows}, key=lambda r: tuple((isinstance(v, str), v) for v in r))
