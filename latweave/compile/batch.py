"""A compiled batch of plans, handed over whole: the facts for the engine and what the decoder
needs to read the engine's output back, and nothing of the compiler itself.

`compile_plans` (latweave/compile/plan_facts.py) returns one; the runner gives `facts` to the
engine and the batch to the decoder (latweave/proof/extract.py), which names symbols, steps and
meets from it alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from latweave.compile.layout import MeetLayout, QueryLayout
from latweave.compile.symbols import ExtendedSymbols
from latweave.lattice.names import normalize
from latweave.plan.ast import Plan

__all__ = ["CompiledBatch", "MeetLayout", "QueryLayout"]


@dataclass(frozen=True, eq=False)
class CompiledBatch:
    """The plans of one engine evaluation, compiled."""

    #: one per plan, in the order given: the ids of its steps, meets, compare and arguments
    layouts: tuple[QueryLayout, ...]
    #: the plan input relations of rules/schema.dl: relation → rows of interned integers
    facts: Mapping[str, list[tuple[int, ...]]]
    #: the lattice's symbol table plus the names the plans use that it lacks
    symbols: ExtendedSymbols
    #: (m, c) → the let variable a self constraint reads (a hidden hop following `$var`)
    self_refs: Mapping[tuple[int, int], str]

    @property
    def plans(self) -> tuple[Plan, ...]:
        return tuple(layout.plan for layout in self.layouts)

    def sym(self, text: str) -> int:
        """The symbol id of a name as a plan writes it (normalised, as the compiler interned it)."""
        return self.symbols.id(normalize(text))
