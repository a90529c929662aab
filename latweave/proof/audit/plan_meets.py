"""The plan as a proof refers to it: its meets numbered as the compiler numbers them, and its
constraints by their printed text.

A proof names meets `meet#k` and abstention witnesses name constraints by their canonical text;
both are recomputed here from the plan text alone, so the auditor never asks the compiler.
"""

from __future__ import annotations

from dataclasses import dataclass

from latweave.plan.ast import Compare, Holds, Meet, Union
from latweave.plan.printer import constraint_triple, print_constraint

SELF = ("self", "=", "instance")


@dataclass
class PlanMeet:
    ordinal: int
    step: str | None          # "$var", "final", "holds", or None for an argument's hidden hop
    constraints: list[tuple[str, str, str]]
    project: str | None
    arg: str | None = None    # for an argument's hidden hop: the argument's label
    hop: int = 0              # and which hop of its path


def plan_meets(plan) -> list[PlanMeet]:
    """The plan's meets in the order the compiler numbers them (meet#k is the k-th)."""
    out: list[PlanMeet] = []

    def add(step, meet: Meet, self_first: bool = False) -> None:
        triples = [SELF] if self_first else []
        triples += [constraint_triple(c) for c in meet.constraints]
        out.append(PlanMeet(len(out), step, triples, meet.project))

    def step(var: str, expr) -> None:
        for branch in (expr.branches if isinstance(expr, Union) else (expr,)):
            if isinstance(branch, Meet):
                add(f"${var}" if var else "final", branch)

    for let in plan.lets:
        step(let.var, let.expr)
    final = plan.final
    if isinstance(final, (Meet, Union)):
        step("", final)
    elif isinstance(final, Holds):
        add("holds", Meet(final.constraints), self_first=True)
    elif isinstance(final, Compare):
        for arg in final.args:
            for hop, dim in enumerate(arg.path):
                out.append(PlanMeet(len(out), None, [SELF], dim, arg.label, hop))
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
