"""The plan as a proof refers to it: its meets numbered as the compiler numbers them, and its
constraints by their printed text.

A proof names meets `meet#k` and abstention witnesses name constraints by their canonical text;
both are recomputed here from the plan text alone, so the auditor never asks the compiler: the
numbering is latweave/plan/steps.py's, which the compiler numbers its meets by too.
"""

from __future__ import annotations

from dataclasses import dataclass

from latweave.plan.ast import Holds, Meet, Union
from latweave.plan.printer import constraint_triple, print_constraint, window_text
from latweave.plan.steps import plan_meets as numbered_meets

SELF = ("self", "=", "instance")


@dataclass
class PlanMeet:
    ordinal: int
    step: str | None          # "$var", "final", "holds", or None for an argument's hidden hop
    constraints: list[tuple[str, str, str]]
    project: str | None
    arg: str | None = None    # for an argument's hidden hop: the argument's label
    hop: int = 0              # and which hop of its path
    window: str | None = None  # a timed meet's time as proofs write it (`1990`, `1990..1995`)


def plan_meets(plan) -> list[PlanMeet]:
    """The plan's meets in the order the compiler numbers them (meet#k is the k-th)."""
    out: list[PlanMeet] = []
    for pm in numbered_meets(plan):
        triples = ([SELF] if pm.self_first else []) + [constraint_triple(c) for c in pm.meet.constraints]
        if pm.arg is not None:  # an argument's hidden hop: named by the argument, not by a step
            out.append(PlanMeet(pm.ordinal, None, triples, pm.meet.project, pm.arg.label, pm.hop))
        else:
            out.append(PlanMeet(pm.ordinal, pm.step, triples, pm.meet.project,
                                window=window_text(pm.meet.time) if pm.meet.time is not None else None))
    return out


def plan_constraints(plan) -> dict[str, tuple[str, str, str]]:
    """Every constraint of the plan's meets and holds, printed text → (dimension, op, text)."""
    out = {}
    if plan is None:
        return out

    def walk(expr):
        if isinstance(expr, (Meet, Holds)):
            for c in expr.constraints:
                out[print_constraint(c)] = constraint_triple(c)
        elif isinstance(expr, Union):
            for b in expr.branches:
                walk(b)

    for let in plan.lets:
        walk(let.expr)
    walk(plan.final)
    return out
