"""Plan nodes: frozen, hashable dataclasses (equal plans are equal values, usable as cache keys).

A plan is a sequence of `let` steps and one final expression. Steps are meets or unions of meets
(the meet path); the final expression may also be a compare (same / differ / argmax / argmin) or
a holds check. Names are kept as written; lookups normalise them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union as _U


@dataclass(frozen=True)
class Name:
    """A value or instance named in the plan, as written."""

    text: str


@dataclass(frozen=True)
class Ref:
    """`$var`: every output of the step bound by `let var = ...`."""

    var: str


Term = _U[Name, Ref]


@dataclass(frozen=True)
class Constraint:
    dimension: str
    op: str  # "<=" (at or below) or "=" (exactly, or a synonym)
    value: Term

    OPS = ("<=", "=")

    def __post_init__(self):
        if self.op not in self.OPS:
            raise ValueError(f"constraint operator must be one of {self.OPS}, got {self.op!r}")


@dataclass(frozen=True)
class Meet:
    constraints: tuple[Constraint, ...]
    project: str | None = None


@dataclass(frozen=True)
class Union:
    branches: tuple[Meet, ...]


@dataclass(frozen=True)
class Compare:
    op: str  # same, differ, argmax, argmin
    dimension: str
    args: tuple[Term, ...]

    OPS = ("same", "differ", "argmax", "argmin")


@dataclass(frozen=True)
class Holds:
    item: Term
    constraints: tuple[Constraint, ...]


Step = _U[Meet, Union]
Expr = _U[Meet, Union, Compare, Holds]


@dataclass(frozen=True)
class Let:
    var: str
    expr: Step


@dataclass(frozen=True)
class Plan:
    lets: tuple[Let, ...]
    final: Expr

    @property
    def is_compare(self) -> bool:
        return isinstance(self.final, (Compare, Holds))
