"""argmax and argmin: the winner's values are its best, each `beats` holds, and no one is missed.

A winner may hold several values none better than another (a year and a month of it, on a
dimension that is not functional): each is one of its best values, the proof shows each (its
coord) and every `beats` starts from one of them (issue 42).

"Better" is the lattice's order: on an ordered dimension one value's bounds lie wholly above
(argmax) or below (argmin) the other's; on a hierarchy general comes before specific, so argmax
prefers the specific and argmin the general. An extremum in doubt (`(robust)`) is checked in
worlds.py. Each `argmax`/`argmin` node must rest on the winner's coord and `beats` axioms
that hold; `completeness` then checks, over the whole answer set, that every other argument is
beaten on each of its best values or ties as a winner.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from latweave.lattice.names import normalize
from latweave.plan.ast import Compare, Ref
from latweave.proof.audit import spans, worlds
from latweave.proof.audit.arguments import (arg_items, arg_values, find_arg, losers_beaten, shown_beaten,
                                           value_leaf, winner_item_checked)
from latweave.proof.audit.atoms import label, premises

if TYPE_CHECKING:
    from latweave.proof.audit.context import Context
    from latweave.proof.audit.files import LatticeFiles


def better(lattice: LatticeFiles, d: str, op: str, v: str, w: str) -> bool:
    """v is strictly better than w for this direction (numeric, or general → specific)."""
    if lattice.ordered(d):
        bv, bw = lattice.bounds(d, v), lattice.bounds(d, w)
        if bv is None or bw is None:
            return False
        return bw[1] < bv[0] if op == "argmax" else bv[1] < bw[0]
    if v == w:
        return False
    return v in lattice.down(d, w) if op == "argmax" else w in lattice.down(d, v)


def best(lattice: LatticeFiles, d: str, op: str, values: set[str]) -> set[str]:
    """The values nothing else in `values` is better than."""
    return {v for v in values if not any(better(lattice, d, op, w, v) for w in values)}


def _extremum(ctx: Context, tree, here, args, children, op: str) -> None:
    if len(args) != 2:
        ctx.fail(tree, here, f"{op} takes (dimension, argument)")
        return
    if tree.rule == "(robust)":  # in doubt: a winner in every world
        worlds.robust(ctx, tree, here, args, children, op)
        return
    if spans.is_derived(ctx.final):
        spans.extremum(ctx, tree, here, args, children, op)
        return
    dname, winner = args
    d = ctx.dim(dname, tree, here)
    if d is None:
        return
    final = ctx.final
    if final is not None and (not isinstance(final, Compare) or final.op != op
                              or normalize(final.dimension) != d):
        ctx.fail(tree, here, f"the plan's final expression is not {op} on {dname}")
        final = None
    if final is not None and winner not in [a.label for a in final.args]:
        ctx.fail(tree, here, f"{winner!r} is not an argument of the plan")
    leaves = [leaf for leaf in map(value_leaf, children) if leaf is not None]
    if not leaves or len(leaves) + len(premises(children, "beats")) != len(children):
        ctx.fail(tree, here, f"{op} needs a premise for each of the winner's best values (coord, or arg(...) "
                             "then coord) and beats axioms")
        return
    shown: dict[str, str] = {}   # the winner's values the proof shows (key → as written)
    for ci, cd, cv in (leaf.args for leaf in leaves):
        if normalize(cd) != d:
            ctx.fail(tree, here, f"the winner's coord is on {cd}, not {dname}")
        if normalize(cv) in shown:
            ctx.fail(tree, here, f"the winner's value {cv!r} is shown twice")
        shown[normalize(cv)] = cv
    if final is not None:
        items = arg_items(ctx, final, winner)
        for ci, _, _ in (leaf.args for leaf in leaves):
            winner_item_checked(ctx, tree, here, children, winner, ci, items)
        mine = arg_values(ctx, final, winner)
        argument = find_arg(final, winner)
        if mine is not None and argument is not None and isinstance(argument.term, Ref) and not argument.path:
            # a bare $step: each item competes alone, so its best values are the winning item's own
            mine = ctx.values_on({normalize(leaf.args[0]) for leaf in leaves}, d)
        if mine is not None:
            # several values, none better than another, are each one of the winner's best: all are shown
            best_mine = best(ctx.files, d, op, mine)
            for v, cv in shown.items():
                if v not in best_mine:
                    ctx.fail(tree, here, f"{cv!r} is not {winner!r}'s best value on {dname}")
            missing = sorted(best_mine - set(shown))
            if missing and not (set(shown) - best_mine):
                ctx.fail(tree, here, f"{winner!r}'s best value(s) {missing} on {dname} are not shown")
    for premise in premises(children, "beats"):
        child, b = premise.node, premise.args
        where = [*here, label(child)]
        if len(b) != 4:
            ctx.fail(child, where, "beats takes (winner, other, winner value, other value)")
            continue
        a, other, bv, bw = b
        if a != winner:
            ctx.fail(child, where, f"beats names {a!r}, but the winner is {winner!r}")
        if normalize(bv) not in shown:
            ctx.fail(child, where, f"the winner's value is {' or '.join(map(repr, shown.values()))}, not {bv!r}")
        for val in (bv, bw):
            if not ctx.files.has_value(d, normalize(val)):
                ctx.fail(child, where, f"{val!r} is not a value of {dname}")
        order = child.json_field("order") or {}
        if order.get("direction") not in (None, op):
            ctx.fail(child, where, f"the order note's direction is {order.get('direction')!r}, not {op}")
        if ctx.files.ordered(d):
            for key, val in (("winner_bounds", bv), ("other_bounds", bw)):
                stored = ctx.files.bounds(d, normalize(val))
                if key in order and (stored is None or [float(x) for x in order[key]] != list(stored)):
                    ctx.fail(child, where, f"{key} {order[key]} differ from values.blocks' {stored}")
        if not better(ctx.files, d, op, normalize(bv), normalize(bw)):
            how = "ends before" if op == "argmin" else "starts after"
            ctx.fail(child, where, f"{bv!r} is not better than {bw!r} for {op}"
                     + (f": it does not {how} it" if ctx.files.ordered(d) else " in the lattice order"))
        if final is not None:
            theirs = arg_values(ctx, final, other)
            if other not in [x.label for x in final.args]:
                ctx.fail(child, where, f"{other!r} is not an argument of the plan")
            elif theirs is not None and normalize(bw) not in theirs:
                ctx.fail(child, where, f"{other!r} has no value {bw!r} on {dname}")


def argmax(ctx: Context, tree, here, args, children) -> None:
    _extremum(ctx, tree, here, args, children, "argmax")


def argmin(ctx: Context, tree, here, args, children) -> None:
    _extremum(ctx, tree, here, args, children, "argmin")


def completeness(ctx: Context, final: Compare, winners: list[str]) -> None:
    """Every other argument is beaten (each best value of it), or ties for the extremum."""
    if spans.is_derived(final):
        spans.completeness(ctx, final, winners)
        return
    d = normalize(final.dimension)
    beaten = shown_beaten(ctx, 4, lambda b: normalize(b[3]))
    if d not in ctx.files.dims:
        return

    def best_of(argument: str) -> set[str] | None:
        values = arg_values(ctx, final, argument)
        return None if values is None else best(ctx.files, d, final.op, values)

    losers_beaten(ctx, final, winners, beaten, best_of, "value")

RULES = {"argmax": argmax, "argmin": argmin}
