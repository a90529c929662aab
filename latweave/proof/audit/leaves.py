"""The leaves: each lattice axiom a proof rests on, checked against the stored rows.

A `coord` must name a predicate whose row states it (or, on a functional dimension, states a value
at or above the world it names: semantics.Meaning) and whose evidence offsets hold the source text
verbatim in its document (at the line and column it cites, when it cites them: lines.py);
`subsumes` must be a direct edge (parents, or nested bounds on an ordered dimension); `node`,
`instance` and `bounds` must be stored as given, and `canonical` as classes.jsonl gives the
value's class; `during` a predicate's period met at a time (periods.py); `constraint` must be well
formed; `beats` may only sit under an argmax/argmin (its claim is checked there).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from latweave.lattice.canonical import class_key
from latweave.lattice.names import normalize
from latweave.plan.ast import Constraint
from latweave.proof.audit.lines import line_problem
from latweave.proof.audit.periods import during, outside
from latweave.proof.audit.meaning import meaning

if TYPE_CHECKING:
    from latweave.proof.audit.context import Context


def evidence_problem(ctx: Context, tree, stated: tuple[str, str, str] | None) -> str | None:
    """Why a leaf's evidence is not a real predicate's (None when it is): the predicate id exists,
    states `stated` (instance, dimension, value keys; None: only checked by the caller), and its
    doc, source text, offsets and confidence are the row's, the text verbatim in the document."""
    ev = tree.json_field("evidence")
    if not isinstance(ev, dict) or "predicate" not in ev:
        return "the leaf carries no evidence naming a predicate id"
    row = ctx.files.predicates.get(ev["predicate"])
    if row is None:
        return f"predicate {ev['predicate']!r} is not in predicates.blocks"
    have = (row["instance"], row["dimension"], row["value"])
    if stated is not None and stated != have:
        return f"predicate {ev['predicate']} states {have}, not {stated}"
    for key in ("doc", "source_text", "start", "end"):
        if ev.get(key) != row[key]:
            return f"evidence {key} {ev.get(key)!r} differs from predicate {ev['predicate']}'s {row[key]!r}"
    if "confidence" in ev and ev["confidence"] != row["confidence"]:
        return f"evidence confidence {ev['confidence']!r} differs from the predicate's {row['confidence']!r}"
    doc = ctx.files.documents.get(row["doc"])
    if doc is None:
        return f"document {row['doc']!r} is not in documents.jsonl"
    if doc[row["start"]:row["end"]] != row["source_text"] or ev.get("source_text") != doc[row["start"]:row["end"]]:
        return f"document {row['doc']!r}[{row['start']}:{row['end']}] does not hold the source_text verbatim"
    return line_problem(ctx, ev, row["doc"], doc, row["start"])


def coord(ctx: Context, tree, here, args) -> None:
    if len(args) != 3:
        ctx.fail(tree, here, "coord takes (instance, dimension, value)")
        return
    inst, dname, value = args
    want = (normalize(inst), normalize(dname), normalize(value))
    ev = tree.json_field("evidence")
    row = ctx.files.predicates.get(ev.get("predicate")) if isinstance(ev, dict) else None
    if row is not None:
        have = (row["instance"], row["dimension"], row["value"])
        worlds = meaning(ctx.files).worlds(want[0], want[1])
        if want[:2] != have[:2] or (want[2] != have[2] and ev["predicate"] not in worlds.get(want[2], ())):
            ctx.fail(tree, here, f"predicate {ev['predicate']} states {have}, not {want}")
        elif want[2] not in worlds:
            ctx.fail(tree, here, f"{value!r} is not a coordinate of {inst!r} on {dname}: on a functional "
                                 f"dimension the coordinate is the meet of what the sources state ({sorted(worlds)})")
    problem = evidence_problem(ctx, tree, None)
    if problem:
        ctx.fail(tree, here, problem)


def subsumes(ctx: Context, tree, here, args) -> None:
    if len(args) != 3:
        ctx.fail(tree, here, "subsumes takes (dimension, parent, child)")
        return
    d = ctx.dim(args[0], tree, here)
    if d is None:
        return
    parent, child = normalize(args[1]), normalize(args[2])
    if not ctx.files.is_edge(d, parent, child):
        how = "its bounds do not lie inside" if ctx.files.ordered(d) else "its parents do not include"
        ctx.fail(tree, here, f"{args[2]!r} is not directly below {args[1]!r} on {args[0]}: {how} {args[1]!r}")


def node(ctx: Context, tree, here, args) -> None:
    d = ctx.dim(args[0], tree, here) if len(args) == 2 else None
    if len(args) != 2:
        ctx.fail(tree, here, "node takes (dimension, value)")
    elif d is not None and not ctx.files.has_value(d, normalize(args[1])):
        ctx.fail(tree, here, f"{args[1]!r} is not a value of {args[0]}")


def instance(ctx: Context, tree, here, args) -> None:
    if len(args) != 1 or normalize(args[0]) not in ctx.files.instances:
        ctx.fail(tree, here, f"{args[0] if args else '?'!r} is not an instance of the lattice")


def bounds(ctx: Context, tree, here, args) -> None:
    d = ctx.dim(args[0], tree, here) if len(args) == 2 else None
    if d is None:
        return
    stored = ctx.files.bounds(d, normalize(args[1]))
    given = tree.json_field("bounds")
    if stored is None:
        ctx.fail(tree, here, f"{args[1]!r} has no bounds on {args[0]}")
    elif given is None or [float(x) for x in given] != [float(x) for x in stored]:
        ctx.fail(tree, here, f"bounds {given} differ from values.blocks' {list(stored)}")


def canonical(ctx: Context, tree, here, args) -> None:
    """canonical(dimension, value, class): classes.jsonl gives the value that class."""
    d = ctx.dim(args[0], tree, here) if len(args) == 3 else None
    if len(args) != 3:
        ctx.fail(tree, here, "canonical takes (dimension, value, class)")
        return
    if d is None:
        return
    v = ctx.files.resolve(d, args[1])
    row = ctx.files.classes.get((d, v)) if v is not None else None
    if row is None:
        ctx.fail(tree, here, f"{args[1]!r} has no compare class on {args[0]} (classes.jsonl)")
    elif class_key(row["class"]) != class_key(args[2]):
        ctx.fail(tree, here, f"{args[1]!r} compares as {row['class']!r} on {args[0]}, not {args[2]!r}")
    elif tree.json_field("source") != row["source"]:
        ctx.fail(tree, here, f"the class's source is {row['source']!r}, not {tree.json_field('source')!r}")


def constraint(ctx: Context, tree, here, args) -> None:
    if len(args) != 3 or args[1] not in Constraint.OPS:
        ctx.fail(tree, here, "constraint takes (dimension, op, text) with a known op")


def beats(ctx: Context, tree, here, args) -> None:
    if not any(node.atom is not None and node.atom.relation in ("argmax", "argmin") for node in ctx.ancestors):
        ctx.fail(tree, here, "beats may only appear under an argmax/argmin node")


AXIOMS = {"coord": coord, "subsumes": subsumes, "node": node, "instance": instance, "bounds": bounds,
          "canonical": canonical, "constraint": constraint, "beats": beats, "during": during,
          "outside": outside}
