"""Plan nodes: frozen, hashable dataclasses (equal plans are equal values, usable as cache keys).

A plan is a sequence of `let` steps and one final expression. Steps are meets or unions of meets
(the meet path); the final expression may also be a compare (same / differ / argmax / argmin) or
a holds check; a meet or holds may ask at a time (`Time`). Names are kept as written; lookups normalise them. Every node may carry the
position it was parsed from (`pos`), and a dimension written apart from its node (a meet's
`-> dim`, a compare's `d1 - d2`) its own (`project_pos`, `dimension_pos`, `minus_pos`); positions
take no part in equality, hashing or printing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional
from typing import Union as _U


@dataclass(frozen=True)
class Pos:
    line: int
    column: int


def _pos():
    return field(default=None, compare=False, hash=False, repr=False)


@dataclass(frozen=True)
class Name:
    """A value or instance named in the plan, as written."""

    text: str
    pos: Optional[Pos] = _pos()


@dataclass(frozen=True)
class Ref:
    """`$var`: every output of the step bound by `let var = ...`."""

    var: str
    pos: Optional[Pos] = _pos()


@dataclass(frozen=True)
class Range:
    """`lo..hi` on an ordered dimension (numbers or dates), both ends included."""

    lo: str
    hi: str
    pos: Optional[Pos] = _pos()


Term = _U[Name, Ref]


@dataclass(frozen=True)
class Time:
    """When a meet or holds asks: `at lo` (hi is None: some day of the year, month or day lo) or
    `during lo..hi` (some day from the first day of lo to the last of hi). Dates as written."""

    lo: str
    hi: Optional[str] = None
    pos: Optional[Pos] = _pos()

    @property
    def text(self) -> tuple[str, str]:
        """(lo, hi) of the window as written: `at 1990` is 1990..1990."""
        return self.lo, self.lo if self.hi is None else self.hi


@dataclass(frozen=True)
class Constraint:
    """dimension op value. `=` exactly (or a synonym). On a taxonomy `<=` is at or below. On an
    ordered (number or date) dimension every other operator is a window on the number line —
    `<` below, `<=` at most, `>` above, `>=` at least, `in lo..hi` both ends included — admitting
    a value when its whole interval lies inside (`born <= 1901` admits 1850, 1901 and 1901-07).
    `<`, `>`, `>=` and `in` belong to numbers and dates alone (`NUMERIC`; `window` says which
    reading a constraint has)."""

    dimension: str
    op: str
    value: _U[Name, Ref, Range]
    pos: Optional[Pos] = _pos()

    OPS = ("<=", ">=", "=", "<", ">", "in")
    NUMERIC = ("<", ">", ">=", "in")   # windows on every dimension: an unordered one refuses them

    def window(self, ordered: bool) -> bool:
        """Whether the constraint is a window on the number line on a dimension that is `ordered`
        (or not): `<`, `>`, `>=` and `in` always, `<=` (at most) on a number or date dimension,
        where there is no taxonomy for it to read (issue 43)."""
        return is_window(self.op, ordered)

    def __post_init__(self):
        if self.op not in self.OPS:
            raise ValueError(f"constraint operator must be one of {self.OPS}, got {self.op!r}")
        if (self.op == "in") != isinstance(self.value, Range):
            raise ValueError("`in` takes a range lo..hi, and only `in` does")


def is_window(op: str, ordered: bool) -> bool:
    """Whether constraint operator `op` is a window on the number line on a dimension that is
    `ordered` (a number or date dimension) or not: the one reading of an operator that the
    compiler, the proof extractor and the auditor share (`<=` is at most on a number or date,
    at or below on a taxonomy)."""
    return op in Constraint.NUMERIC or (op == "<=" and ordered)


@dataclass(frozen=True)
class Meet:
    constraints: tuple[Constraint, ...]
    project: Optional[str] = None
    pos: Optional[Pos] = _pos()
    project_pos: Optional[Pos] = _pos()   # where the dimension after `->` is written
    time: Optional[Time] = None           # `at` / `during`: only predicates holding then count


@dataclass(frozen=True)
class Union:
    branches: tuple  # of Meet (the checker rejects anything else, with its position)
    pos: Optional[Pos] = _pos()


@dataclass(frozen=True)
class Arg:
    """A compared thing: a name or a step's outputs, optionally followed along dimensions
    (`"Taxi!" -> directed_by`); the answer names the thing itself, not where the path ends."""

    term: Term
    path: tuple[str, ...] = ()
    pos: Optional[Pos] = _pos()

    @property
    def label(self) -> str:
        return self.term.text if isinstance(self.term, Name) else f"${self.term.var}"


@dataclass(frozen=True)
class Compare:
    """op(dimension, args). An extremum may compare a derived value instead: `minus` names a
    second date dimension, and each thing is compared on `dimension - minus`, in days
    (`argmax(date_of_death - date_of_birth, [...])`: who lived longer)."""

    op: str  # same, differ, argmax, argmin
    dimension: str
    args: tuple[Arg, ...]
    minus: Optional[str] = None
    pos: Optional[Pos] = _pos()
    dimension_pos: Optional[Pos] = _pos()   # where `dimension` is written
    minus_pos: Optional[Pos] = _pos()       # where `minus` is written

    OPS = ("same", "differ", "argmax", "argmin")
    EXTREMA = ("argmax", "argmin")

    def __post_init__(self):
        if self.minus is not None and self.op not in self.EXTREMA:
            raise ValueError(f"only argmax/argmin compare a difference of dimensions, not {self.op}")

    @property
    def measure(self) -> str:
        """What is compared, as proofs name it: `dimension` or `dimension - minus`."""
        return self.dimension if self.minus is None else f"{self.dimension} - {self.minus}"


@dataclass(frozen=True)
class Holds:
    item: Term
    constraints: tuple[Constraint, ...]
    pos: Optional[Pos] = _pos()
    time: Optional[Time] = None


Step = _U[Meet, Union]
Expr = _U[Meet, Union, Compare, Holds]


@dataclass(frozen=True)
class Let:
    var: str
    expr: Expr
    pos: Optional[Pos] = _pos()


@dataclass(frozen=True)
class Plan:
    lets: tuple[Let, ...]
    final: Expr
    pos: Optional[Pos] = _pos()


def _refs(expr) -> set[str]:
    """The step variables an expression reads (`$var`)."""
    if isinstance(expr, Union):
        return set().union(*(_refs(b) for b in expr.branches))
    if isinstance(expr, Meet):
        return {c.value.var for c in expr.constraints if isinstance(c.value, Ref)}
    if isinstance(expr, Compare):
        return {a.term.var for a in expr.args if isinstance(a.term, Ref)}
    if isinstance(expr, Holds):
        own = {expr.item.var} if isinstance(expr.item, Ref) else set()
        return own | {c.value.var for c in expr.constraints if isinstance(c.value, Ref)}
    return set()


@dataclass(frozen=True)
class Assertion:
    """One atomic claim (`latweave verify`): a holds or a same/differ, asserted true, or an
    extremum with the winners it asserts (`argmax(born, [A, B]) is B`; several: a tie)."""

    expr: Expr                                  # Compare or Holds (the parser refuses the rest)
    winners: Optional[tuple[Name, ...]] = None  # for an extremum, and only for one
    pos: Optional[Pos] = _pos()


@dataclass(frozen=True)
class Claims:
    """A claim: `let` steps shared by a conjunction of assertions (`a & b & c`)."""

    lets: tuple[Let, ...]
    assertions: tuple[Assertion, ...]
    pos: Optional[Pos] = _pos()

    def plan_of(self, assertion: Assertion) -> Plan:
        """The plan that checks one assertion: its expression after the steps it reads (and the
        steps those read), in their written order."""
        by_var = {let.var: let for let in self.lets}
        need, todo = set(), list(_refs(assertion.expr))
        while todo:
            var = todo.pop()
            if var in need or var not in by_var:
                continue   # an unbound $var: the type checker names it
            need.add(var)
            todo.extend(_refs(by_var[var].expr))
        return Plan(tuple(let for let in self.lets if let.var in need), assertion.expr, assertion.pos)
