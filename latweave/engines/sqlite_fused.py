"""The SQLite session's runs as one statement per plan shape (engines/fused.py): the shapes kept.

A run whose plan shape was seen before binds its values to the shape's statement; a new shape
is specialised (datalog/specialize.py) and written once. `run_some` runs, for a caller that reads
a few outputs first (a question asked without its proof), the shape's statement for those
alone, and hands back a `Partial` (engines/partial.py) that runs the whole statement when any
other output is read. `prepare` makes a shape's statement ready for runs that differ only in
some values (a template's names: execute.py), which then bind them and run it — no rows
materialised, no shape computed. Split from sqlite_engine.py, whose session mixes it in.
"""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Protocol, Sequence

from latweave.datalog import specialize
from latweave.datalog.ir import Program
from latweave.engines import rows as checks
from latweave.engines.base import Facts, Hole, Outputs
from latweave.engines.dialects import sqlite as dialect
from latweave.engines.dialects.sql import ident
from latweave.engines.fused import FusedPlan, render
from latweave.engines.partial import Partial
from latweave.engines.sqlite_prepared import PreparedShape
from latweave.errors import EngineError

if TYPE_CHECKING:
    from latweave.datalog.strata import Stratum
    from latweave.engines.seminaive import SemiNaivePlan


class _Engine(Protocol):
    """What the fused path reads of the session's engine (sqlite_engine.SqliteEngine)."""

    kept: frozenset[int]
    strata: "tuple[Stratum, ...]"

    def lattice(self, base_inputs: frozenset[str]) -> frozenset[str]: ...

#: A shape not yet seen (`FusedRuns._run_fused`)
MISSING = object()
BOUNDS = dialect.BOUNDS


class FusedRuns:
    """The fused path of `SqliteSession` (which gives `con`, `engine`, `program`, `plan`,
    `base_inputs`, `rows`, `held`, `run`, `_dirty`, `_materialise` and `_timed`)."""

    # what the session gives (declared for the type checker; set by SqliteSession)
    con: sqlite3.Connection
    engine: _Engine
    program: Program
    plan: SemiNaivePlan
    base_inputs: frozenset[str]
    rows: ClassVar[checks.RowRules]
    name: ClassVar[str]
    _dirty: set[str]
    held: Callable[[str], int]
    run: Callable[[Facts], Outputs]
    _materialise: Callable[[Facts], dict[str, list[Any]]]
    _timed: Callable[[Callable[[Any], Any], Any], Any]

    #: A run is one statement per plan shape (engines/fused.py) where the rules, specialised for
    #: the plan, allow it; False: every run evaluates the rules stratum by stratum (seminaive.py).
    #: The outputs are the same (tests/test_fused.py).
    fused = True
    #: The plan shapes a session keeps statements for (the oldest goes first).
    SHAPES = 512
    #: The most fact rows a run fused may have: a batch of many plans is a shape of its own that
    #: seldom comes again, and its patterns grow with its plans, where one evaluation of the rules
    #: serves them all (a 3-hop chain has 20 rows, a meet of 3 constraints 15; a meet of 16
    #: constraints 44, and specialising it takes ~0.1 s: datalog/specialize.py MAX_PATTERNS).
    FUSED_ROWS = 64
    #: A unary lattice relation of at most this many rows is held by the session in Python and
    #: decided when a shape is specialised (datalog/specialize.py, "Decided lattice facts"):
    #: `dimension`, `functional`, `ordered` — a lattice's dimensions, a dozen or a few hundred.
    DECIDED_ROWS = 1024

    def _attach_fused(self) -> None:
        self._shapes: dict[tuple, FusedPlan | None] = {}  # plan shape -> its statement (None: the rules)
        #: (plan shape, the outputs asked for) -> its statement for those (`run_some`)
        self._some: dict[tuple, FusedPlan] = {}
        self._wanted: frozenset[str] | None = None   # run_some's outputs, during its run
        self._fused_count = 0  # statements written: names their staged TEMP tables apart
        #: (the decided relations, value -> the bits of those holding it): `_decided`, once
        self._members: tuple[tuple[str, ...], dict] | None = None

    def run_some(self, facts: Facts, wanted: frozenset[str]) -> Outputs:
        """The output relations `wanted` at least: where the run is its shape's statement, a
        `Partial` (engines/partial.py) of what the shape's statement for `wanted` alone computes,
        every other relation computed by the whole statement when first read."""
        if not self.fused:
            return self.run(facts)
        self._wanted = frozenset(wanted)
        try:
            return self.run(facts)
        finally:
            self._wanted = None

    def _run_fused(self, rows: dict[str, list], wanted: frozenset[str] | None = None) -> Outputs | None:
        """The run of materialised `rows` as its plan shape's statements; None where it cannot be
        (a run that adds to the lattice's own relations, one past `FUSED_ROWS`, rules the
        specialisation cannot serve or past its bounds): then the rules run stratum by stratum.
        With `wanted`, the statements of those outputs (`run_some`)."""
        if (self._dirty or any(rows.get(name) for name in self.base_inputs)
                or sum(map(len, rows.values())) > self.FUSED_ROWS):
            return None
        key, values = self._shape(rows)
        shapes = self._shapes
        if key in shapes and all(type(v) is int and BOUNDS[0] <= v <= BOUNDS[1] for v in values):
            # a shape seen before had its rows checked: widths and the values it keeps are the
            # key's; what is new is the values, all plain 64-bit integers
            plan = shapes[key]
        else:
            for name, data in rows.items():   # what a load checks (`_load`), worded alike
                if data:
                    checks.check_rows(self.program.relation(name), data, self.rows)
            plan = shapes.get(key, MISSING)
            if plan is MISSING:
                plan = shapes[key] = self._fuse(key)
                if len(shapes) > self.SHAPES:
                    del shapes[next(iter(shapes))]
        if plan is None:
            return None
        if wanted is not None and plan.sql:
            some = self._part(key, plan, wanted)
            if some.partial:
                return Partial(self._execute(some, values), lambda: self.run(rows))
        return self._execute(plan, values)

    def _part(self, key: tuple[object, ...], plan: FusedPlan, wanted: frozenset[str]) -> FusedPlan:
        """The statement of shape `key` (whose whole is `plan`) for the outputs `wanted`, kept."""
        some = self._some.get((key, wanted))
        if some is None:
            some = self._some[(key, wanted)] = self._rendered(plan, wanted)
            if len(self._some) > self.SHAPES:
                del self._some[next(iter(self._some))]
        return some

    def prepare(self, facts: Facts, wanted: frozenset[str] | None) -> PreparedShape | None:
        """The plan shape of `facts` (rows holding `Hole`s) made ready for runs with values in the
        holes (base.py `Session.prepare`): the shape such a run has when no value it puts in a
        hole is a kept number, another slot's value or another hole's — the shape of most runs of
        a template's plans, whose holes are the names they quote. None where a run of these facts
        is not fused (it adds to the lattice's own relations, or has more than `FUSED_ROWS` rows)."""
        if not self.fused or self._dirty:
            return None
        rows = self._materialise(facts)
        if any(rows.get(name) for name in self.base_inputs) or sum(map(len, rows.values())) > self.FUSED_ROWS:
            return None
        shape_key, values = specialize.shape(rows, self.engine.kept)
        slots = {v.index: at for at, v in enumerate(values) if type(v) is Hole}
        if sorted(slots) != list(range(len(slots))):
            return None
        fixed = [v for v in values if type(v) is not Hole]
        if not all(type(v) is int and BOUNDS[0] <= v <= BOUNDS[1] for v in fixed):
            return None
        return PreparedShape(self, facts, shape_key, tuple(values), tuple(slots[i] for i in range(len(slots))),
                             frozenset(fixed) | self.engine.kept, wanted)

    def _shape(self, rows: dict[str, list]) -> tuple[tuple, list]:
        """(key, values): the plan shape of materialised `rows` (datalog/specialize.py `shape`)
        and, per value, which decided relations hold it (`_decided`): the shape's statement
        depends on both."""
        key, values = specialize.shape(rows, self.engine.kept)
        return self._keyed(key, values), values

    def _keyed(self, shape_key: tuple[object, ...], values: Sequence[object]) -> tuple[object, ...]:
        """The key of the statement of plan shape `shape_key` with `values` in its slots: the
        shape, and which decided relations hold each value (`_decided`)."""
        masks = (self._members or self._decided())[1]
        return (shape_key, tuple([masks.get(v, 0) for v in values]) if masks else ())

    def _execute(self, plan: FusedPlan, values: list) -> Outputs:
        """The outputs of `plan`'s statements with the shape's `values`."""
        if not plan.sql:
            return plan.decode([])
        try:
            for table, _, fill, binds in plan.staged:
                self.con.execute(f"DELETE FROM {ident(table)}")
                self.con.execute(fill, values[:binds])
            return plan.decode(self.con.execute(plan.sql, values[:plan.binds]).fetchall())
        except sqlite3.Error as exc:
            raise EngineError(f"{self.name} failed evaluating a plan's statement: {exc}") from None

    def _rendered(self, plan: FusedPlan, wanted: frozenset[str]) -> FusedPlan:
        """The statements of `plan`'s shape for the outputs `wanted` (`plan` itself when they are
        all of them, or cannot be written)."""
        self._fused_count += 1
        some = render(plan.spec, self.program, self.plan.dialect, prefix=f"fused{self._fused_count}$", only=wanted)
        if some is None or not some.partial:
            return plan
        for _, create, _, _ in some.staged:
            self.con.execute(create)
        return some

    def _decided(self) -> tuple[tuple[str, ...], dict]:
        """The unary lattice relations of at most DECIDED_ROWS rows, by name, and each value among
        their rows with the bits of those holding it (bit j: the j-th relation); read once."""
        relations = tuple(sorted(r for r in self.engine.lattice(self.base_inputs)
                                 if self.program.relation(r).arity == 1 and self.held(r) <= self.DECIDED_ROWS))
        masks: dict = {}
        for j, name in enumerate(relations):
            for (value,) in self.con.execute(f"SELECT c0 FROM {ident(name)}"):
                masks[value] = masks.get(value, 0) | 1 << j
        self._members = (relations, masks)
        return self._members

    def _fuse(self, key: tuple) -> FusedPlan | None:
        """The statement of plan shape `key` (the facts' shape, and which decided relations hold
        each slot's value), or None when the rules cannot be specialised for it."""
        fixed = self.engine.lattice(self.base_inputs)
        empty = frozenset(r for r in fixed if not self.held(r))
        shape_key, bits = key
        relations, masks = self._members or self._decided()
        kept = self.engine.kept
        known = {name: frozenset({specialize.Slot(i) for i, m in enumerate(bits) if m >> j & 1}
                                 | {specialize.Lit(v) for v in kept if masks.get(v, 0) >> j & 1})
                 for j, name in enumerate(relations)}
        try:
            spec = specialize.specialize(self.program, fixed, empty, shape_key, kept, self.engine.strata, known)
        except specialize.Unsupported:
            return None
        self._fused_count += 1
        plan = render(spec, self.program, self.plan.dialect, prefix=f"fused{self._fused_count}$")
        for _, create, _, _ in plan.staged if plan is not None else ():   # the session's TEMP schema: never the stored file
            self.con.execute(create)
        return plan
