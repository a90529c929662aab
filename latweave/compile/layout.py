"""Where each plan of a batch went: the ids the compiler gave its steps, meets, compare and
arguments, which is how the engine's output rows are read back per query.

Built by the compiler (latweave/compile/plan_facts.py), read by the decoder and the proof
extractor (latweave/proof/extract.py). Meets are named and numbered by latweave/plan/steps.py,
the numbering the auditor reads proofs back with.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, NamedTuple, Optional

from latweave.plan.ast import Arg, Constraint, Plan, Time


class MeetLayout(NamedTuple):
    """One compiled meet: its id `m`, the step it belongs to, its constraints by id (an immutable
    tuple: one is made per meet of every plan compiled, so it is cheap to build)."""

    m: int
    step: Optional[str]               # the let variable, "" for the final step, None for holds
    constraints: tuple[tuple[int, Optional[Constraint]], ...]  # (c, constraint); None marks a self constraint
    project: Optional[str] = None
    seed: int = 0                     # the constraint evaluation starts from
    ordinal: int = 0                  # position among the query's meets (stable across batches)
    window: Optional[tuple[int, int]] = None   # a timed meet's window [lo, hi], in day numbers
    time: Optional[Time] = None                # and its time as written


@dataclass(frozen=True, eq=False)
class QueryLayout:
    """One compiled plan: its query id `q` and the ids of everything in it."""

    q: int
    plan: Plan
    steps: Mapping[str, int]                     # let var ("" = final, "#argI.H" = hidden hop) → step id
    meets: tuple[MeetLayout, ...]
    compare: Optional[int] = None
    args: tuple[tuple[int, Arg], ...] = ()       # (a, argument)
    holds_meet: Optional[int] = None
    loose: Optional[int] = None                  # a timed plan: its shadow query's id (abstain.dl)
