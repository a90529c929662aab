"""Verdict results: `verdict("true")` or `verdict("false")` for a holds or a same/differ plan.

A true holds rests on one member of the holds meet; a false one on `fails(...)` premises, each a
constraint of the plan with the instance's coords that it admits none of, and at least one
failing on every value the instance has. A same verdict needs one coord per argument sharing a
value's class (classes.jsonl; each value spelled otherwise than the class shown by a `canonical`
premise); a differ (or a false same) lists every value of every argument, no class held by all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from latweave.lattice.names import normalize
from latweave.plan.ast import Compare, Holds, Name
from latweave.plan.printer import constraint_triple, window_text
from latweave.proof.audit.arguments import value_leaf
from latweave.proof.audit.periods import counts_at, window_days
from latweave.proof.audit.atoms import label, only_premises, premises, same_triple
from latweave.proof.model import Proof, Rule

if TYPE_CHECKING:
    from latweave.proof.audit.context import Context


def verdict(ctx: Context, whole: Proof) -> None:
    proof = whole.root
    atom = proof.atom if isinstance(proof, Rule) else None
    here = [label(proof)]
    if atom is None or atom.relation != "verdict" or list(atom.args) not in (["true"], ["false"]):
        ctx.fail(proof, here, "a verdict result must prove verdict(\"true\") or verdict(\"false\")")
        return
    value = atom.args[0] == "true"
    if ctx.result.get("verdict") is not value:
        ctx.fail("verdict", ["verdict"], f"the result says {ctx.result.get('verdict')!r}, the proof {value}")
    if ctx.result.get("answers"):
        ctx.fail("answers", ["answers"], "a verdict carries no answers")
    ctx.report.checked += 1
    final = ctx.final
    rule = proof.rule
    children = proof.children
    if isinstance(final, Holds):
        if rule != "(holds)":
            ctx.fail(proof, here, f"a holds plan's verdict needs rule (holds), not {rule}")
        holds_verdict(ctx, proof, here, value, final, children)
    elif isinstance(final, Compare) and final.op in ("same", "differ"):
        if rule != f"({final.op})":
            ctx.fail(proof, here, f"a {final.op} plan's verdict needs rule ({final.op}), not {rule}")
        same_verdict(ctx, proof, here, value, final, children)
    elif final is not None:
        ctx.fail(proof, here, "the plan's final expression gives no verdict")
    for child in children:
        ctx.visit(child, here)


def fails(ctx: Context, tree, here, args, children) -> None:
    if len(args) != 3 or not any(p.startswith("verdict(") for p in here[:-1]):
        ctx.fail(tree, here, "fails(dimension, op, text) belongs under a holds verdict")
    # what it claims is checked with the verdict (holds_verdict), which knows the instance


def _holds_items(ctx: Context, final: Holds) -> set[str] | None:
    """The instance(s) a holds is about: the one named, or (by the evaluation) a step's outputs."""
    if isinstance(final.item, Name):
        x = ctx.files.resolve_instance(final.item.text)
        return {x} if x is not None else set()
    ev = ctx.evaluation
    return set(ev.holds_meet.constraints[0].met.possible) if ev is not None and ev.holds_meet else None


def _admitted(ctx: Context, triple) -> set[str] | None:
    """What a constraint of the holds admits (for a `$step` value: through the step's outputs)."""
    ev = ctx.evaluation
    if ev is not None and ev.holds_meet is not None:
        for ce in ev.holds_meet.constraints[1:]:
            if same_triple(constraint_triple(ce.constraint), tuple(triple)):
                return set(ce.admitted.possible)
    return ctx.files.admitted(normalize(triple[0]), triple[1], triple[2])


def holds_verdict(ctx: Context, proof, here, value: bool, final: Holds, children) -> None:
    items = _holds_items(ctx, final)
    if isinstance(final.item, Name) and not items:
        ctx.fail(proof, here, f"{final.item.text!r} names no instance, so nothing can hold of it")
    what = final.item.text if isinstance(final.item, Name) else f"${final.item.var}"
    if value:
        members = premises(children, "member")
        if len(children) != 1 or len(members) != 1:
            ctx.fail(proof, here, "a true holds needs exactly one member premise")
        elif items is not None and normalize(members[0].args[1]) not in items:
            ctx.fail(proof, here, f"the member is {members[0].args[1]!r}, not {what!r}")
        elif (members[0].node.json_field("meet") or {}).get("step") != "holds":
            ctx.fail(proof, here, "the member premise is not of the holds meet")
        return
    fails_ = only_premises(children, "fails")
    if fails_ is None:
        ctx.fail(proof, here, "a false holds needs fails(...) premises, and only those")
        return
    plan_triples = [constraint_triple(c) for c in final.constraints]
    window = window_days(window_text(final.time)) if final.time is not None else None
    failing: set[tuple] = set()
    for premise in fails_:
        child, triple = premise.node, premise.args
        where = [*here, label(child)]
        kids = child.children
        cons, coords = premises(kids, "constraint"), premises(kids, "coord")
        if not any(same_triple(tuple(triple), t) for t in plan_triples):
            ctx.fail(child, where, f"{triple} is not a constraint of the plan")
            continue
        if len(cons) != 1 or not same_triple(tuple(cons[0].args), tuple(triple)) or not coords:
            ctx.fail(child, where, "fails needs its constraint and the instance's coords on its dimension")
            continue
        d = normalize(triple[0])
        admitted = _admitted(ctx, triple)
        bad = False
        # at a time, a value whose every predicate's period cannot meet it is not the instance's
        # then: shown by an outside(...) leaf about that value (the leaf checks the period)
        gone = {(normalize(a[0]), normalize(a[1]), normalize(a[2]))
                for a in (p.args for p in premises(kids, "outside"))}
        for ci, cd, cv in (c.args for c in coords):
            if window is not None and (normalize(ci), d, normalize(cv)) in gone:
                continue
            if items is not None and normalize(ci) not in items:
                ctx.fail(child, where, f"the coord is about {ci!r}, not {what!r}")
                bad = True
            if normalize(cd) != d:
                ctx.fail(child, where, f"the coord is on {cd}, not {triple[0]}")
                bad = True
            if admitted is not None and normalize(cv) in admitted:
                ctx.fail(child, where, f"{cv!r} satisfies {' '.join(triple)}: it is no failure")
                bad = True
        if admitted is not None and not bad:
            failing.add(tuple(triple))
    # the verdict is false only if some constraint fails on every value the instance has there (for
    # a $step's outputs the proof shows only the constraint that emptied the meet: the verdict
    # itself is certified by the independent evaluation)
    for x in sorted(items or ()) if isinstance(final.item, Name) else ():
        decisive = False
        for triple in failing:
            d = normalize(triple[0])
            values = {v for v in ctx.coords(x, d) if counts_at(ctx, x, d, v, window)}
            if ctx.coords(x, d) and not values & (_admitted(ctx, triple) or set()):
                decisive = True
        if failing and not decisive:
            ctx.fail(proof, here, "no listed constraint fails on every value the instance has")


def same_verdict(ctx: Context, proof, here, value: bool, final: Compare, children) -> None:
    d = normalize(final.dimension)
    classes = [c for c in children if c.atom is not None and c.atom.relation == "canonical"]
    values = [c for c in children if c not in classes]
    coords = [leaf for leaf in map(value_leaf, values) if leaf is not None]
    if len(coords) != len(values):
        ctx.fail(proof, here, f"a {final.op} verdict rests on coord (or arg) premises and canonical classes only")
        return
    for coord in coords:
        child, cd = coord.node, coord.args[1]
        if normalize(cd) != d:
            ctx.fail(child, [*here, label(child)], f"this coord is on {cd}, not {final.dimension}")
    shares = value == (final.op == "same")
    ev = ctx.evaluation
    if ev is None or ev.plan.final != final:
        return  # no evaluation: the plan could not run (reported with the plan)
    # per argument, in order (labels may repeat: $s, $s -> d)
    items = [set(flow.possible) for _, flow in ev.args]
    if shares:
        if len(coords) != len(final.args):
            ctx.fail(proof, here, "a shared value needs one coord per argument")
            return
        # the coords' values share one class: each value spelled otherwise than its class shows
        # it with a canonical premise (checked against classes.jsonl as an axiom)
        raw = {ctx.files.resolve(d, c.args[2]) or normalize(c.args[2]) for c in coords}
        of_class = {v: ctx.files.class_of(d, v) for v in raw}
        shown = {ctx.files.resolve(d, c.atom.args[1]) for c in classes if len(c.atom.args) == 3}
        unshown = sorted(v for v, c in of_class.items() if c != v and v not in shown)
        if len(set(of_class.values())) != 1:
            ctx.fail(proof, here, f"the arguments' coords do not share one value or class: {sorted(raw)}")
        elif unshown:
            ctx.fail(proof, here, f"values {unshown} share the class only through classes.jsonl: "
                                  "the proof must show each with its canonical premise")
        for arg, its, coord in zip(final.args, items, coords):
            child, ci = coord.node, coord.args[0]
            if normalize(ci) not in its:
                ctx.fail(child, [*here, label(child)], f"{ci!r} is not what argument {arg.label!r} stands for")
        return
    if classes:
        ctx.fail(proof, here, "a verdict that no class is shared lists values, not canonical premises")
    # no common class: every value of every argument is listed, and no class is held by all
    held = [{ctx.files.class_of(d, w) for w in ctx.values_on(its, d)} for its in items]
    listed = {(normalize(ci), normalize(cv)) for ci, _, cv in (c.args for c in coords)}
    every = {(x, w) for its in items for x in its for w in ctx.coords(x, d)}
    if every - listed:
        ctx.fail(proof, here, f"values {sorted(every - listed)} are missing from the proof")
    if listed - every:
        ctx.fail(proof, here, f"coords {sorted(listed - every)} belong to no argument")
    if any(not vals for vals in held):
        ctx.fail(proof, here, "an argument has no value on the dimension: the compare should abstain")
    common = set.intersection(*held) if held else set()
    if common:
        ctx.fail(proof, here, f"the arguments do share {sorted(common)}")


RULES = {"fails": fails}
