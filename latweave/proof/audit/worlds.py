"""Proof steps about contested coordinates: worlds, stated values, and winners in every world.

On a functional dimension an instance's coordinate is a *world*: the meet of the stated values
that agree (semantics.Meaning). The proof shows one with

* `coord(x, d, w)` as an inner node `(meet)` over `stated(x, d, v)` leaves: each a predicate
  of x on d, with its evidence, whose stated value v lies at or above the world w;
* `hit_all(d, op, named, x)` `(worlds)`: x meets a constraint surely although its coordinate is
  contested, because every world meets it — one `hit` per world, all of them;
* an extremum in doubt `argmax(d, a)` `(robust)`: a sure item of the winner with every value it
  may have (each world), `beats(a, b, v, w)` axioms (`every_world`) each of which must hold, and
  `ties(a, b)` with a candidate that shares a best value and is not in doubt itself.

That the winner is the only one, and wins in every world, is certified by the evaluation
(completeness.py); here each step must hold on its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from latweave.lattice.names import normalize
from latweave.plan.ast import Compare
from latweave.proof.audit.arguments import arg_items, find_arg
from latweave.proof.audit.atoms import Premise, label, only_premises, premises
from latweave.proof.audit.leaves import evidence_problem
from latweave.proof.audit.meaning import meaning

if TYPE_CHECKING:
    from latweave.proof.audit.context import Context


def coord(ctx: Context, tree, here, args, children) -> None:
    """coord(x, d, w) (meet): w is a world of x on d, the meet of the stated values below it."""
    if len(args) != 3:
        ctx.fail(tree, here, "coord takes (instance, dimension, value)")
        return
    x, d, w = (normalize(a) for a in args)
    M = meaning(ctx.files)
    worlds = M.worlds(x, d)
    if w not in worlds:
        ctx.fail(tree, here, f"{args[2]!r} is not a coordinate of {args[0]!r} on {args[1]} ({sorted(worlds)})")
        return
    stated = only_premises(children, "stated")
    if stated is None:
        ctx.fail(tree, here, "a coordinate met from several sources rests on stated(...) leaves only")
        return
    shown = set()
    for premise in stated:
        child, sargs = premise.node, premise.args
        p = (child.json_field("evidence") or {}).get("predicate")
        if len(sargs) != 3 or normalize(sargs[0]) != x or normalize(sargs[1]) != d:
            ctx.fail(child, [*here, label(child)], f"this stated value is not about {args[0]!r} on {args[1]}")
        elif p not in worlds[w]:
            ctx.fail(child, [*here, label(child)], f"predicate {p!r} does not lie at or above {args[2]!r}")
        shown.add(p)
    if shown != set(worlds[w]):
        ctx.fail(tree, here, f"the world {args[2]!r} is the meet of predicates {sorted(worlds[w])}, "
                             f"the proof shows {sorted(p for p in shown if p is not None)}")


def stated(ctx: Context, tree, here, args) -> None:
    """stated(x, d, v): a predicate states it, with the evidence given."""
    if len(args) != 3:
        ctx.fail(tree, here, "stated takes (instance, dimension, value)")
        return
    problem = evidence_problem(ctx, tree, tuple(normalize(a) for a in args))
    if problem:
        ctx.fail(tree, here, problem)


def hit_all(ctx: Context, tree, here, args, children) -> None:
    """hit_all(d, op, named, x): every world of x's contested coordinate on d meets the constraint."""
    if len(args) != 4:
        ctx.fail(tree, here, "hit_all takes (dimension, op, named, instance)")
        return
    d, x = normalize(args[0]), normalize(args[3])
    M = meaning(ctx.files)
    hits = only_premises(children, "hit")
    if hits is None:
        ctx.fail(tree, here, "hit_all rests on one hit per world")
        return
    shown = set()
    for premise in hits:
        child, h = premise.node, premise.args
        if len(h) != 5 or [normalize(h[0]), h[1], h[2], normalize(h[3])] != [d, args[1], args[2], x]:
            ctx.fail(child, [*here, label(child)], f"this hit is not {args[0]} {args[1]} {args[2]} for {args[3]!r}")
            continue
        shown.add(normalize(h[4]))
    worlds = set(M.worlds(x, d))
    if not M.is_contested(x, d):
        ctx.fail(tree, here, f"{args[3]!r} on {args[0]} is not contested: one hit proves it")
    elif shown != worlds:
        ctx.fail(tree, here, f"every world of {args[3]!r} on {args[0]} ({sorted(worlds)}) must meet it; "
                             f"the proof shows {sorted(shown)}")


def hit_all_constraint(child) -> tuple | None:
    """The constraint triple a hit_all node's hits carry (None when they carry none or disagree)."""
    triples = set()
    for hit in premises(child.children, "hit"):
        triples.update(tuple(c.args) for c in premises(hit.node.children, "constraint"))
    return triples.pop() if len(triples) == 1 else None


def ties(ctx: Context, tree, here, args) -> None:
    """ties(a, b): the robust winner a and candidate b share a best value, neither in doubt."""
    parent = ctx.parent_atom()
    if parent is None or parent.relation not in ("argmax", "argmin"):
        ctx.fail(tree, here, "ties may only appear under an argmax/argmin node")
        return
    final, ev = ctx.final, ctx.evaluation
    if len(args) != 2 or find_arg(final, args[1]) is None:
        ctx.fail(tree, here, f"ties names {args[1:]!r}, which is not an argument of the plan")
        return
    if ev is None or not isinstance(final, Compare):
        return
    best = ev.compare_notes.get("best", {})
    cands = ev.compare_notes.get("candidates", [])
    mine = [c for c in cands if c.label == parent.args[1] or (c.bare and c.label == tree.json_field("winner_item"))]
    other = tree.json_field("other", args[1])
    theirs = [c for c in cands if c.label == other]
    if not any(best.get((a.arg, a.key), set()) & best.get((b.arg, b.key), set()) for a in mine for b in theirs):
        ctx.fail(tree, here, f"{parent.args[1]!r} and {other!r} share no best value: they do not tie")


def robust(ctx: Context, tree, here, args, children, op: str) -> None:
    """argmax/argmin(d, a) (robust): a sure item of a with every value it may have, and beats
    axioms that each hold; ties with candidates not in doubt."""
    final, ev = ctx.final, ctx.evaluation
    measure, winner = args
    if not isinstance(final, Compare) or final.op != op or normalize(measure) != normalize(final.measure):
        ctx.fail(tree, here, f"the plan's final expression is not {op} on {measure}")
        return
    argument = find_arg(final, winner)
    if argument is None:
        ctx.fail(tree, here, f"{winner!r} is not an argument of the plan")
        return
    derived = final.minus is not None
    values, beats, tied = [], premises(children, "beats"), premises(children, "ties")
    for child in children:
        rel = child.atom.relation if child.atom is not None else None
        if rel == "arg":
            inner = premises(child.children, "span" if derived else "coord")
            values += [Premise(child, p.args) for p in inner]   # (the arg node, its value's terms)
        elif rel in ("coord", "span"):
            values.append(Premise(child, list(child.atom.args)))
        elif rel not in ("beats", "ties"):
            ctx.fail(tree, here, f"a robust {op} rests on the winner's values, beats and ties, not {rel}")
    if not values:
        ctx.fail(tree, here, f"a robust {op} needs the winner's values")
        return
    if ev is None:
        return
    d = normalize(final.dimension)
    items = ev.arg_items(winner)
    shown: dict[str, set] = {}
    for value in values:
        child, a = value.node, value.args
        x = normalize(a[0])
        if items is None or x not in items.sure:
            ctx.fail(child, [*here, label(child)], f"{a[0]!r} is not a sure item of {winner!r}")
            continue
        if derived:
            shown.setdefault(x, set()).add((a[1], a[2]))
        else:
            shown.setdefault(x, set()).add(normalize(a[2]))
    for x, vals in shown.items():  # a contested item shows every world (derived: every span)
        every = set(ev.spans(final, x)) if derived else set(ev.model.worlds(x, d)) if ev.model.is_contested(x, d) else None
        if every is not None and vals != every:
            ctx.fail(tree, here, f"{winner!r}'s item {x!r} may have {sorted(every)}; the proof shows {sorted(vals)}")
    mine = {v for vals in shown.values() for v in vals}
    for premise in beats:
        child, b = premise.node, premise.args
        where = [*here, label(child)]
        width = 6 if derived else 4
        if len(b) != width or b[0] != winner:
            ctx.fail(child, where, f"beats takes ({winner!r}, other, ...) with {width} terms")
            continue
        if find_arg(final, b[1]) is None:
            ctx.fail(child, where, f"{b[1]!r} is not an argument of the plan")
            continue
        if derived:
            v, w = (b[2], b[3]), (b[4], b[5])
            ok = (w[1] < v[0]) if op == "argmax" else (v[1] < w[0])
            held = {s for x in (_items_of(ctx, final, b[1], child) or ()) for s in ev.spans(final, x)}
        else:
            v, w = normalize(b[2]), normalize(b[3])
            ok = ev.better(final, v, w)
            held = ev.values_of(_items_of(ctx, final, b[1], child) or (), d)
        if v not in mine:
            ctx.fail(child, where, f"{b[2:width // 2 + 1]} is not a value the proof shows for {winner!r}")
        if not ok:
            ctx.fail(child, where, f"{b[2:]} : the winner's value is not better for {op}")
        if w not in held:
            ctx.fail(child, where, f"{b[1]!r} has no value {b[width // 2 + 1:]}")
    for premise in tied:
        child, t = premise.node, premise.args
        if not t or t[0] != winner:
            ctx.fail(child, [*here, label(child)], f"ties names {t[:1]}, but the winner is {winner!r}")


def _items_of(ctx: Context, final: Compare, arg_label: str, beat) -> set[str] | None:
    """What the other side of a beats stands for: its item (a bare $step's) or the argument's."""
    if beat.json_field("other_item"):
        x = ctx.files.resolve_instance(beat.json_field("other_item"))
        return {x} if x else set()
    return arg_items(ctx, final, arg_label)


RULES = {"coord": coord, "hit_all": hit_all}
AXIOMS = {"stated": stated, "ties": ties}


def member_premise(child) -> tuple[str, list, tuple | None] | None:
    """A member's premise for one constraint: ("hit", args, triple) or ("hit_all", args, triple)."""
    if child.atom is None:
        return None
    rel, cargs = child.atom.relation, list(child.atom.args)
    if rel == "hit_all":
        return rel, cargs, hit_all_constraint(child)
    cons = premises(child.children, "constraint")
    return rel, cargs, tuple(cons[0].args) if cons else None
