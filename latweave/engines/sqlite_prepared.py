"""A plan shape's statement ready for runs that differ in some values: SQLite's prepared runs.

`FusedRuns.prepare` (engines/sqlite_fused.py) takes facts with a `Hole` where runs differ (a
template's names: latweave/prepared.py) and gives a `PreparedShape`. A run of it binds its values
into the statement of the shape they make — the one the general path (`_run_fused`) would find
for the same facts with those values in the holes — without materialising rows or computing the
shape: it checks that the values keep the holes' shape and reads which decided relations hold
them. Where they would make another shape, or one no run has written a statement for yet, it says
None and the caller runs the facts the general way. Split from sqlite_fused.py, which stays small.
"""

from __future__ import annotations

from typing import Any, Callable, Protocol, Sequence

from latweave.engines.base import Hole, Outputs
from latweave.engines.dialects import sqlite as dialect
from latweave.engines.fused import FusedPlan
from latweave.engines.partial import Partial
from latweave.engines.rows import Facts

BOUNDS = dialect.BOUNDS


class _Session(Protocol):
    """What a prepared shape reads of its session (sqlite_fused.py `FusedRuns`)."""

    _dirty: set[str]
    _members: tuple[tuple[str, ...], dict[Any, int]] | None
    _shapes: dict[tuple[object, ...], FusedPlan | None]

    def _decided(self) -> tuple[tuple[str, ...], dict[Any, int]]: ...

    def _keyed(self, shape_key: tuple[object, ...], values: Sequence[object]) -> tuple[object, ...]: ...

    def _part(self, key: tuple[object, ...], plan: FusedPlan, wanted: frozenset[str]) -> FusedPlan: ...

    def _execute(self, plan: FusedPlan, values: list[Any]) -> Outputs: ...

    def _timed(self, work: Callable[[Any], Any], arg: Any) -> Any: ...

    def run(self, facts: Facts) -> Outputs: ...


class PreparedShape:
    """A plan shape ready for runs that differ in their holes' values (`FusedRuns.prepare`). A run
    checks that its values keep the shape (none a kept number, another slot's value or repeated,
    each a 64-bit integer), finds the statement of the shape with the bits of the decided
    relations that hold them (`_shape`'s key: one statement per such combination, kept here once
    a run the general way has written it) and binds them — no rows materialised, no shape
    computed. Its outputs are those the statement computes: a `Partial` where it was written for
    `wanted` alone, the others then by a whole run of the facts until the caller seals it."""

    def __init__(self, session: _Session, facts: Facts, shape_key: tuple[object, ...], values: tuple[object, ...],
                 slots: tuple[int, ...], taken: frozenset[object], wanted: frozenset[str] | None):
        self.session = session
        self._facts = facts
        self._shape_key = shape_key
        self._values = values
        self._slots = slots
        self._taken = taken     # what a hole's value may not be: the kept numbers, the other slots' values
        self._wanted = wanted
        self._masks = (session._members or session._decided())[1]
        #: the bits of the decided relations holding each hole's value → the statement (None: the
        #: rules run stratum by stratum for that shape)
        self._plans: dict[tuple[int, ...], FusedPlan | None] = {}

    def run(self, values: Sequence[int]) -> Outputs | Partial | None:
        """The outputs of the prepared facts with `values[i]` in hole i; None when they would make
        another shape, or one whose statement no run has written yet (the caller then runs the
        facts as any other, which writes it)."""
        session = self.session
        if session._dirty or len(values) != len(self._slots):
            return None
        taken, masks = self._taken, self._masks
        bound = list(self._values)
        for at, value in zip(self._slots, values):
            if type(value) is not int or value in taken or not BOUNDS[0] <= value <= BOUNDS[1]:
                return None
            bound[at] = value
        if len(values) > 1 and len(set(values)) != len(values):
            return None
        bits = tuple([masks.get(value, 0) for value in values])
        if bits not in self._plans and not self._written(bits, bound):
            return None
        plan = self._plans[bits]
        if plan is None:
            return None
        fused = plan
        got = session._timed(lambda b: session._execute(fused, b), bound)
        return Partial(got, lambda: session.run(self._filled(values))) if fused.partial else got

    def _written(self, bits: tuple[int, ...], bound: list[object]) -> bool:
        """Whether a run has written the statement of the shape with the values `bound` (whose
        holes' values have `bits`): then it is kept, by `bits` (for the outputs `wanted`, where
        written for those)."""
        session = self.session
        key = session._keyed(self._shape_key, bound)
        if key not in session._shapes:
            return False
        plan = session._shapes[key]
        if plan is not None and self._wanted is not None and plan.sql:
            some = session._part(key, plan, self._wanted)
            plan = some if some.partial else plan
        self._plans[bits] = plan
        return True

    def _filled(self, values: Sequence[int]) -> Facts:
        """The prepared facts with `values` in their holes."""
        return {name: [tuple(values[v.index] if isinstance(v, Hole) else v for v in row) for row in rows]
                for name, rows in self._facts.items()}
