"""Why a coordinate meets a constraint: the `desc` path down the lattice and the `hit` itself.

`desc(d, v, w)` must be reflexive (node) or one direct edge followed by the rest of the path;
`hit(d, op, named, x, w)` must carry its constraint, show that the constraint's text denotes
`named` (a value, a synonym, a window, or a step's output), and show why the instance's
coordinate `w` satisfies it: below `named` for `<=` on a taxonomy, equal for `=`, inside the
window otherwise (`<`, `<=`, `>`, `>=`, `in` on a number or date dimension: `<=` is at most there).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from latweave.lattice.names import normalize
from latweave.plan.ast import is_window
from latweave.proof.audit.atoms import premises
from latweave.proof.audit.periods import time_premises

if TYPE_CHECKING:
    from latweave.proof.audit.context import Context


def desc(ctx: Context, tree, here, args, children) -> None:
    if len(args) != 3:
        ctx.fail(tree, here, "desc takes (dimension, ancestor, value)")
        return
    d = ctx.dim(args[0], tree, here)
    v, w = normalize(args[1]), normalize(args[2])
    nodes, subs, descs = (premises(children, r) for r in ("node", "subsumes", "desc"))
    if v == w and len(children) == 1 and len(nodes) == 1:
        if not (normalize(nodes[0].args[0]) == d and normalize(nodes[0].args[1]) == v):
            ctx.fail(tree, here, "reflexive desc (R1) needs node() of the same value")
        return
    if len(children) != 2 or len(subs) != 1 or len(descs) != 1:
        ctx.fail(tree, here, "desc needs node(d, v) when v = w (R1), or subsumes(d, v, u) and "
                             "desc(d, u, w) (R2)" + ("; the subsumes edge is missing" if not subs else ""))
        return
    s, t = subs[0].args, descs[0].args
    if normalize(s[0]) != d or normalize(t[0]) != d:
        ctx.fail(tree, here, "desc's premises are about another dimension")
    if normalize(s[1]) != v:
        ctx.fail(tree, here, f"the subsumes edge starts at {s[1]!r}, not at {args[1]!r}")
    if normalize(s[2]) != normalize(t[1]):
        ctx.fail(tree, here, f"the subsumes edge ends at {s[2]!r} but the rest of the path starts at {t[1]!r}")
    if normalize(t[2]) != w:
        ctx.fail(tree, here, f"the rest of the path ends at {t[2]!r}, not at {args[2]!r}")


def hit(ctx: Context, tree, here, args, children) -> None:
    if len(args) != 5:
        ctx.fail(tree, here, "hit takes (dimension, op, named, instance, value)")
        return
    dname, op, named, inst, value = args
    d = ctx.dim(dname, tree, here)
    if d is None:
        return
    cons = premises(children, "constraint")
    coords = premises(children, "coord")
    if len(cons) != 1:
        ctx.fail(tree, here, "a hit needs exactly one constraint(...) premise")
        return
    cdim, cop, ctext = cons[0].args
    if normalize(cdim) != d or cop != op:
        ctx.fail(tree, here, f"the constraint is {cdim} {cop}, not {dname} {op}")
    w = normalize(value)
    window = is_window(op, ctx.files.ordered(d))
    # what the constraint text denotes
    if ctext.startswith("$"):
        outs = [p for p in premises(children, "step_out") if p.args and p.args[0] == ctext]
        if not outs:
            ctx.fail(tree, here, f"{ctext} names a step's output, but no step_out({ctext!r}, y) premise proves one")
        elif ctx.files.resolve(d, outs[0].args[1]) != normalize(named):
            ctx.fail(tree, here, f"output {outs[0].args[1]!r} of {ctext} does not denote {named!r} on {dname}")
    elif window:
        if named != ctext:
            ctx.fail(tree, here, f"a window hit names its constraint text {ctext!r}, not {named!r}")
    else:
        resolved = ctx.files.resolve(d, ctext)
        if resolved is None or resolved != normalize(named):
            ctx.fail(tree, here, f"{ctext!r} does not denote {named!r} on {dname}"
                     + (" (it is no value or synonym there)" if resolved is None else f" (it denotes {resolved!r})"))
    # why the coordinate satisfies it
    if window:
        bnds = premises(children, "bounds")
        if len(bnds) != 1 or [normalize(x) for x in bnds[0].args] != [d, w]:
            ctx.fail(tree, here, f"a window hit needs bounds({dname}, {value})")
        inside, why = ctx.files.window(d, op, ctext)
        stored = ctx.files.bounds(d, w)
        if inside is None:
            ctx.fail(tree, here, why)
        elif stored is None or not inside(stored):
            ctx.fail(tree, here, f"{value!r} (bounds {stored}) lies outside the window {op} {ctext}")
    elif op == "<=":
        descs = premises(children, "desc")
        if len(descs) != 1:
            ctx.fail(tree, here, "a <= hit needs one desc(d, named, value) premise")
        elif [normalize(x) for x in descs[0].args] != [d, normalize(named), w]:
            ctx.fail(tree, here, f"the desc premise proves {descs[0].args}, not desc({dname}, {named}, {value})")
    elif op == "=":
        if normalize(named) != w:
            ctx.fail(tree, here, f"an exact hit needs the value {value!r} to be {named!r}")
    else:
        ctx.fail(tree, here, f"unknown constraint operator {op!r}")
    member = next((n for n in reversed(ctx.ancestors) if n.atom is not None and n.atom.relation == "member"), None)
    time_premises(ctx, tree, here, children, member.atom.args[0] if member is not None and member.atom.args else None)
    if len(coords) != 1:
        ctx.fail(tree, here, "a hit needs exactly one coord premise")
    else:
        ci, cd, cv = coords[0].args
        if normalize(ci) != normalize(inst) or normalize(cd) != d or normalize(cv) != w:
            ctx.fail(tree, here, f"the coord premise is coord({ci}, {cd}, {cv}), not about "
                                 f"{inst!r} at {value!r} on {dname}")


RULES = {"desc": desc, "hit": hit}
