"""Meet membership and what it yields: `self`, `member`, `step_out` and `answer`.

A `member(meet#k, x)` must list exactly the plan's meet#k (constraints, projection, step) and
rest on one hit (or self, or hit_all over every world of a contested coordinate) per constraint,
each about x; an argument's hidden hop must start where its path says; and the lattice (the
independent evaluation) must agree that x is a member. `step_out` yields the member or, for a
projected step, its coordinate on the projected dimension, and must be an output of that step by
the evaluation; `answer` follows from the final step or from the plan's extremum.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from latweave.lattice.names import normalize
from latweave.plan.ast import Compare, Meet, Name, Union
from latweave.proof.audit.arguments import find_arg
from latweave.proof.audit.completeness import member_claim, output_claim
from latweave.proof.audit.atoms import label, premises, same_triple
from latweave.proof.audit.periods import time_premises
from latweave.proof.audit.plan_meets import SELF, PlanMeet
from latweave.proof.audit.worlds import member_premise

if TYPE_CHECKING:
    from latweave.proof.audit.context import Context


def self_(ctx: Context, tree, here, args, children) -> None:
    x = normalize(args[0]) if len(args) == 1 else None
    insts = premises(children, "instance")
    if len(insts) != 1 or normalize(insts[0].args[0]) != x:
        ctx.fail(tree, here, "self(x) needs instance(x)")
    for premise in premises(children, "step_out"):
        out = premise.args
        y = normalize(out[1]) if len(out) == 2 else None
        if ctx.files.resolve_instance(y or "") != x:
            ctx.fail(tree, here, f"step output {out[1:]!r} does not name instance {args[0]!r}")


def member(ctx: Context, tree, here, args, children) -> None:
    if len(args) != 2:
        ctx.fail(tree, here, "member takes (meet, instance)")
        return
    name, x = args
    member_claim(ctx, tree, here, name, x)
    info = tree.json_field("meet")
    if not isinstance(info, dict) or not isinstance(info.get("constraints"), list):
        ctx.fail(tree, here, "member carries no `meet` listing its constraints")
        return
    if info.get("name") != name:
        ctx.fail(tree, here, f"the meet listing is {info.get('name')!r}, not {name!r}")
    listed = [tuple(c) for c in info["constraints"]]
    pm = ctx.meets.get(name)
    if ctx.plan is not None:
        if pm is None:
            ctx.fail(tree, here, f"the plan has no {name}")
        else:
            if len(pm.constraints) != len(listed) or not all(map(same_triple, pm.constraints, listed)):
                ctx.fail(tree, here, f"{name} lists {listed}, but the plan's {name} has {pm.constraints}")
            if (normalize(pm.project) if pm.project else None) != (normalize(info["project"]) if info.get("project") else None):
                ctx.fail(tree, here, f"{name} projects {info.get('project')!r}; the plan says {pm.project!r}")
            if pm.step is not None and info.get("step") != pm.step:
                ctx.fail(tree, here, f"{name} belongs to step {pm.step}, not {info.get('step')}")
            if info.get("at") != pm.window:
                ctx.fail(tree, here, f"{name} asks at {info.get('at')!r}; the plan's {name} at {pm.window!r}")
            for triple in listed:
                if triple[2].startswith("$") and triple != SELF and triple[2][1:] not in {
                        let.var for let in ctx.plan.lets}:
                    ctx.fail(tree, here, f"{triple[2]} is not bound by a let of the plan")
    if pm is not None and pm.arg is not None:
        _hop(ctx, tree, here, pm, x, children)
    if len(children) != len(listed):
        ctx.fail(tree, here, f"{name} has {len(listed)} constraints but {len(children)} premises: "
                             "one hit (or self) per constraint is needed")
        return
    for triple, child in zip(listed, children):
        if child.atom is None:
            ctx.fail(tree, here, "a member premise is not an atom")
            continue
        rel, cargs = child.atom.relation, list(child.atom.args)
        if triple == SELF:
            if rel != "self" or len(cargs) != 1 or normalize(cargs[0]) != normalize(x):
                ctx.fail(child, [*here, label(child)], f"the self constraint needs self({x!r})")
            continue
        # a hit, or for a contested coordinate met in every world, hit_all over one hit per world
        if not ((rel == "hit" and len(cargs) == 5) or (rel == "hit_all" and len(cargs) == 4)):
            ctx.fail(tree, here, f"constraint {' '.join(triple)} needs a hit premise, got {rel}")
            continue
        if normalize(cargs[3]) != normalize(x):
            ctx.fail(child, [*here, label(child)], f"this hit is about {cargs[3]!r}, but the member is {x!r}")
        _, _, carried = member_premise(child)
        if carried is None or not same_triple(carried, triple):
            ctx.fail(child, [*here, label(child)],
                     f"this hit's constraint is not {name}'s listed {' '.join(triple)}")


def _hop(ctx: Context, tree, here, pm: PlanMeet, x: str, children) -> None:
    """A hidden hop of an argument's path starts at the argument (hop 0) or the previous hop."""
    arg = find_arg(ctx.plan.final, pm.arg)
    selfs = premises(children, "self")
    if arg is None or not selfs:
        return
    outs = premises(selfs[0].node.children, "step_out")
    if pm.hop == 0 and isinstance(arg.term, Name):
        if ctx.files.resolve_instance(arg.term.text) != normalize(x) or outs:
            ctx.fail(tree, here, f"the first hop of {pm.arg}'s path must start at {arg.term.text!r}, not {x!r}")
    elif pm.hop == 0:
        if not outs or outs[0].args[0] != f"${arg.term.var}":
            ctx.fail(tree, here, f"the first hop of {pm.arg}'s path must start at an output of ${arg.term.var}")
    else:
        members = premises(outs[0].node.children, "member") if outs else []
        prev = ctx.meets.get(members[0].args[0]) if members else None
        if prev is None or prev.arg != pm.arg or prev.hop != pm.hop - 1:
            ctx.fail(tree, here, f"hop {pm.hop} of {pm.arg}'s path must start at an output of hop {pm.hop - 1}")


def step_out(ctx: Context, tree, here, args, children) -> None:
    if len(args) != 2:
        ctx.fail(tree, here, "step_out takes (step, output)")
        return
    step, y = args
    output_claim(ctx, tree, here, step, y)
    members = premises(children, "member")
    if len(members) != 1:
        ctx.fail(tree, here, "step_out needs exactly one member premise")
        return
    member_, (meet_name, x) = members[0].node, members[0].args
    info = member_.json_field("meet") or {}
    if info.get("step") != step:
        ctx.fail(tree, here, f"{meet_name} belongs to step {info.get('step')!r}, not {step!r}")
    project = info.get("project")
    if project is None:
        if len(children) != 1 or normalize(x) != normalize(y):
            ctx.fail(tree, here, f"an unprojected step outputs its member: {x!r}, not {y!r}")
        return
    coords = premises(children, "coord")
    timed = len(premises(children, "during"))
    if len(children) != 2 + timed or len(coords) != 1 or timed > 1:
        ctx.fail(tree, here, f"a step projected on {project} needs its member and a coord premise"
                             " (and in a timed meet the coordinate's during)")
        return
    time_premises(ctx, tree, here, children, meet_name)
    ci, cd, cv = coords[0].args
    if normalize(ci) != normalize(x) or normalize(cd) != normalize(project) or normalize(cv) != normalize(y):
        ctx.fail(tree, here, f"the projection needs coord({x}, {project}, {y}), got coord({ci}, {cd}, {cv})")


def answer(ctx: Context, tree, here, args, children) -> None:
    if len(args) != 1:
        ctx.fail(tree, here, "answer takes one argument")
        return
    y = args[0]
    if len(children) != 1:
        ctx.fail(tree, here, "answer needs exactly one premise")
        return
    if children[0].atom is None:
        ctx.fail(tree, here, "answer's premise is not an atom")
        return
    rel, cargs = children[0].atom.relation, list(children[0].atom.args)
    final = ctx.final
    if rel == "step_out":
        if cargs != ["final", y] and not (len(cargs) == 2 and cargs[0] == "final" and normalize(cargs[1]) == normalize(y)):
            ctx.fail(tree, here, f"answer({y!r}) needs step_out(\"final\", {y!r})")
        if final is not None and not isinstance(final, (Meet, Union)):
            ctx.fail(tree, here, "the plan ends in a compare, but this answer comes from a meet step")
    elif rel in ("argmax", "argmin"):
        # a bare $step argument answers as the item it stands for, shown by an arg(label, y) premise
        stands_for = len(cargs) == 2 and cargs[1].startswith("$") and any(
            p.args == [cargs[1], y] for p in premises(children[0].children, "arg"))
        if len(cargs) != 2 or (cargs[1] != y and not stands_for):
            ctx.fail(tree, here, f"answer({y!r}) needs {rel}(dim, {y!r})")
        if final is not None and not (isinstance(final, Compare) and final.op == rel):
            ctx.fail(tree, here, f"the plan's final expression is not {rel}")
    else:
        ctx.fail(tree, here, f"answer cannot follow from {rel}")


RULES = {"self": self_, "member": member, "step_out": step_out, "answer": answer}
