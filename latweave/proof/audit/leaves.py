"""The leaves: each lattice axiom a proof rests on, checked against the stored rows.

A `coord` must name a predicate whose row states it and whose evidence offsets hold the source
text verbatim in its document; `subsumes` must be a direct edge (parents, or nested bounds on
an ordered dimension); `node`, `instance` and `bounds` must be stored as given; `constraint`
must be well formed; `beats` may only sit under an argmax/argmin (its claim is checked there).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from latweave.lattice.names import normalize
from latweave.plan.ast import Constraint
from latweave.proof.audit.atoms import parse_atom

if TYPE_CHECKING:
    from latweave.proof.audit.auditor import Auditor


def coord(ctx: Auditor, tree, here, args) -> None:
    if len(args) != 3:
        ctx.fail(tree, here, "coord takes (instance, dimension, value)")
        return
    inst, dname, value = args
    ev = tree.get("evidence")
    if not isinstance(ev, dict) or "predicate" not in ev:
        ctx.fail(tree, here, "coord carries no evidence naming a predicate id")
        return
    row = ctx.L.predicates.get(ev["predicate"])
    if row is None:
        ctx.fail(tree, here, f"predicate {ev['predicate']!r} is not in predicates.jsonl")
        return
    want = (normalize(inst), normalize(dname), normalize(value))
    have = (row["instance"], row["dimension"], row["value"])
    if want != have:
        ctx.fail(tree, here, f"predicate {ev['predicate']} states {have}, not {want}")
    for key in ("doc", "source_text", "start", "end"):
        if ev.get(key) != row[key]:
            ctx.fail(tree, here, f"evidence {key} {ev.get(key)!r} differs from predicate "
                                 f"{ev['predicate']}'s {row[key]!r}")
    if "confidence" in ev and ev["confidence"] != row["confidence"]:
        ctx.fail(tree, here, f"evidence confidence {ev['confidence']!r} differs from the predicate's "
                             f"{row['confidence']!r}")
    doc = ctx.L.documents.get(row["doc"])
    if doc is None:
        ctx.fail(tree, here, f"document {row['doc']!r} is not in documents.jsonl")
    elif doc[row["start"]:row["end"]] != row["source_text"] or ev.get("source_text") != doc[row["start"]:row["end"]]:
        ctx.fail(tree, here, f"document {row['doc']!r}[{row['start']}:{row['end']}] does not hold the "
                             "source_text verbatim")


def subsumes(ctx: Auditor, tree, here, args) -> None:
    if len(args) != 3:
        ctx.fail(tree, here, "subsumes takes (dimension, parent, child)")
        return
    d = ctx.dim(args[0], tree, here)
    if d is None:
        return
    parent, child = normalize(args[1]), normalize(args[2])
    if not ctx.L.is_edge(d, parent, child):
        how = "its bounds do not lie inside" if ctx.L.ordered(d) else "its parents do not include"
        ctx.fail(tree, here, f"{args[2]!r} is not directly below {args[1]!r} on {args[0]}: {how} {args[1]!r}")


def node(ctx: Auditor, tree, here, args) -> None:
    d = ctx.dim(args[0], tree, here) if len(args) == 2 else None
    if len(args) != 2:
        ctx.fail(tree, here, "node takes (dimension, value)")
    elif d is not None and not ctx.L.has_value(d, normalize(args[1])):
        ctx.fail(tree, here, f"{args[1]!r} is not a value of {args[0]}")


def instance(ctx: Auditor, tree, here, args) -> None:
    if len(args) != 1 or normalize(args[0]) not in ctx.L.instances:
        ctx.fail(tree, here, f"{args[0] if args else '?'!r} is not an instance of the lattice")


def bounds(ctx: Auditor, tree, here, args) -> None:
    d = ctx.dim(args[0], tree, here) if len(args) == 2 else None
    if d is None:
        return
    stored = ctx.L.bounds(d, normalize(args[1]))
    given = tree.get("bounds")
    if stored is None:
        ctx.fail(tree, here, f"{args[1]!r} has no bounds on {args[0]}")
    elif given is None or [float(x) for x in given] != [float(x) for x in stored]:
        ctx.fail(tree, here, f"bounds {given} differ from values.jsonl's {list(stored)}")


def constraint(ctx: Auditor, tree, here, args) -> None:
    if len(args) != 3 or args[1] not in Constraint.OPS:
        ctx.fail(tree, here, "constraint takes (dimension, op, text) with a known op")


def beats(ctx: Auditor, tree, here, args) -> None:
    if not any(parse_atom(p) and parse_atom(p)[0] in ("argmax", "argmin") for p in here[:-1]):
        ctx.fail(tree, here, "beats may only appear under an argmax/argmin node")


AXIOMS = {"coord": coord, "subsumes": subsumes, "node": node, "instance": instance, "bounds": bounds,
          "constraint": constraint, "beats": beats}
