"""A plan's meets, numbered, and the names its steps go by: one numbering for the compiler and
the auditor.

A proof names a meet `meet#k` and a step `$var`, `final` or `#argI.H`; the compiler gives the
meets their ids in this order and the auditor reads the proof back with the same numbering, from
the plan alone. The order: each `let` step's meets (a union's branches in order), then the final
step's; for a compare, one hidden step per hop of each argument's path (`"Taxi!" -> directed_by`
follows `directed_by` as `meet(self = "Taxi!") -> directed_by`), arguments in order; for a holds,
its one meet, whose first constraint is the checked item itself.

>>> from latweave.plan.parser import parse_plan
>>> [(m.name, m.step) for m in plan_meets(parse_plan("let d = meet(a = x) | meet(b = y)\\nmeet(c = $d)"))]
[('meet#0', '$d'), ('meet#1', '$d'), ('meet#2', 'final')]
"""

from __future__ import annotations

from typing import NamedTuple, Optional

from latweave.plan.ast import Arg, Compare, Holds, Meet, Plan, Ref, Term, Union

#: The step name of a holds' meet (it belongs to no step: the verdict is read from it directly).
HOLDS = "holds"
#: The step name of the final expression's meets.
FINAL = "final"


def path_step_name(index: int, hop: int) -> str:
    """The hidden step that follows hop `hop` of the compare's argument number `index`."""
    return f"#arg{index}.{hop}"


def step_name(var: Optional[str]) -> str:
    """How a step is named in proofs: `$var` for a let, `final`, `#argI.H` for an argument's path,
    `holds` for a holds' meet (var None)."""
    if var is None:
        return HOLDS
    if not var:
        return FINAL
    return var if var.startswith("#") else f"${var}"


def meet_name(ordinal: int) -> str:
    """How a meet is named in proofs: `meet#k`, k its position among the plan's meets."""
    return f"meet#{ordinal}"


class PlanMeet(NamedTuple):
    """One meet of a plan, where the numbering puts it (an immutable tuple: the compiler makes one
    per meet of every plan it compiles, so it is cheap to build).

    `var` is the step the meet belongs to: the let variable, "" for the final step, `#argI.H` for
    an argument's hidden hop, None for a holds' meet. `self_item` (holds and hops) is the thing
    the meet is about, matched by a self constraint that comes before the meet's own."""

    ordinal: int
    var: Optional[str]
    meet: Meet
    self_item: Optional[Term] = None
    arg: Optional[Arg] = None          # for a hidden hop: the argument it follows
    arg_index: Optional[int] = None    # and its position among the compare's arguments
    hop: int = 0                       # and which hop of its path

    @property
    def name(self) -> str:
        return meet_name(self.ordinal)

    @property
    def step(self) -> str:
        return step_name(self.var)

    @property
    def self_first(self) -> bool:
        return self.self_item is not None


def step_meets(expr) -> tuple[Meet, ...]:
    """The meets of a step's expression: a meet, or a union's branches that are meets (anything
    else is a type error the checker reports and the compiler refuses)."""
    if isinstance(expr, Meet):
        return (expr,)
    if isinstance(expr, Union):
        return tuple(b for b in expr.branches if isinstance(b, Meet))
    return ()


def plan_meets(plan: Plan) -> tuple[PlanMeet, ...]:
    """The plan's meets in the order they are numbered (meet#k is the k-th)."""
    out: list[PlanMeet] = []
    for let in plan.lets:
        for meet in step_meets(let.expr):
            out.append(PlanMeet(len(out), let.var, meet))
    final = plan.final
    if isinstance(final, (Meet, Union)):
        for meet in step_meets(final):
            out.append(PlanMeet(len(out), "", meet))
    elif isinstance(final, Holds):
        out.append(PlanMeet(len(out), None, Meet(final.constraints, time=final.time), final.item))
    elif isinstance(final, Compare):
        for index, arg in enumerate(final.args):
            current = arg.term
            for hop, dim in enumerate(arg.path):
                var = path_step_name(index, hop)
                out.append(PlanMeet(len(out), var, Meet((), project=dim), current, arg, index, hop))
                current = Ref(var)
    return tuple(out)
