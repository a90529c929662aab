"""A compare's arguments: what each stands for, in the lattice and in the proof.

From the independent evaluation (semantics.py), `arg_items` gives what an argument stands for
(named, a step's outputs, or followed along its path) and `arg_values` those items' coordinates
on the compared dimension. In the proof, `arg(label, x)` must reach x
by the argument's step or the last hop of its path, and `value_leaf` finds the coord a compared
value rests on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from latweave.lattice.names import normalize
from latweave.plan.ast import Compare, Ref
from latweave.proof.audit.atoms import Premise, premises

if TYPE_CHECKING:
    from latweave.proof.audit.context import Context


def find_arg(final, label: str):
    """The compare's (first) argument labelled `label`; None if there is none or no compare."""
    return next((a for a in final.args if a.label == label), None) if isinstance(final, Compare) else None


def arg_items(ctx: Context, final: Compare, label: str) -> set[str] | None:
    """The instances the argument(s) labelled `label` stand for (labels may repeat: "x" -> a,
    "x" -> b), by the independent evaluation: named, a step's outputs, or followed along a path.
    None when there is no evaluation (the plan could not run) or no such argument."""
    ev = ctx.evaluation
    items = ev.arg_items(label) if ev is not None and ev.plan.final == final else None
    return None if items is None else set(items.possible)


def arg_values(ctx: Context, final: Compare, label: str) -> set[str] | None:
    """The values (coordinates) an argument's items have on the compared dimension."""
    items = arg_items(ctx, final, label)
    if items is None:
        return None
    return ctx.values_on(items, normalize(final.dimension))


def per_arg_values(ctx: Context, final: Compare, label: str) -> list[set[str]]:
    """For each argument labelled `label` (labels may repeat), its items' coordinates on the
    compared dimension (nothing when there is no evaluation)."""
    ev = ctx.evaluation
    if ev is None or ev.plan.final != final:
        return []
    d = normalize(final.dimension)
    return [ctx.values_on(items.possible, d) for arg, items in ev.args if arg.label == label]


def doubtful_item(ctx: Context, tree, here, label: str, x: str, values, children, what: str) -> None:
    """arg(label, x) "(doubtful)": x stands for the argument by doubtful routes only (a contested
    coordinate on its way), shown with its value where every possible value counts (a false
    same / true differ). The independent evaluation must agree that x is such an item."""
    if len(values) != 1 or len(children) != 1 or not values[0].args or normalize(values[0].arg(0)) != normalize(x):
        ctx.fail(tree, here, f"a doubtful arg shows the item's {what} alone")
        return
    ev = ctx.evaluation
    if ev is None:
        return
    key = ctx.files.resolve_instance(x)
    if not any(a.label == label and key in items.doubtful for a, items in ev.args):
        ctx.fail(tree, here, f"{x!r} is not an item of {label!r} that only a doubtful route reaches")


def arg(ctx: Context, tree, here, args, children) -> None:
    """arg(label, x): x is what argument `label` stands for, reached by its path or its step."""
    if len(args) != 2:
        ctx.fail(tree, here, "arg takes (argument, instance)")
        return
    label, x = args
    final = ctx.final
    argument = find_arg(final, label)
    if final is not None and argument is None:
        ctx.fail(tree, here, f"{label!r} is not an argument of the plan's compare")
    outs = premises(children, "step_out")
    derived = isinstance(final, Compare) and final.minus is not None
    # the compared value: a coord, or for a difference of dimensions the item's span (checked below it)
    values = premises(children, "span") if derived else premises(children, "coord")
    what = "span" if derived else "coord"
    if tree.rule == "(doubtful)":
        doubtful_item(ctx, tree, here, label, x, values, children, what)
        return
    if len(outs) != 1 or len(values) != 1 or len(children) != 2 or len(outs[0].args) != 2 or not values[0].args:
        ctx.fail(tree, here, f"arg needs the step_out that reaches the instance and its {what}")
        return
    out, (step, y) = outs[0].node, outs[0].args
    ci, *rest = values[0].args
    if ctx.files.resolve_instance(y) != normalize(x):
        ctx.fail(tree, here, f"step output {y!r} does not name instance {x!r}")
    if normalize(ci) != normalize(x):
        ctx.fail(tree, here, f"the {what} is about {ci!r}, not {x!r}")
    if final is not None and not derived and normalize(rest[0]) != normalize(final.dimension):
        ctx.fail(tree, here, f"the coord is on {rest[0]}, not the compared {final.dimension}")
    if argument is None:
        return
    members = premises(out.children, "member")
    meet_name = members[0].arg(0) if members else None
    pm = ctx.meets.get(meet_name)
    # labels may repeat ($s, $s -> d): the step must be how one of the arguments so labelled is read
    problems = []
    for argument in (a for a in final.args if a.label == label):
        if argument.path:
            if pm is not None and pm.arg == label and pm.hop == len(argument.path) - 1:
                return
            problems.append(f"{meet_name} is not the last hop of {label}'s path")
        elif isinstance(argument.term, Ref):
            if step == f"${argument.term.var}":
                return
            problems.append(f"argument {label} reads step ${argument.term.var}, not {step}")
        else:
            problems.append(f"argument {label} is named directly: it needs no arg(...) step")
    ctx.fail(tree, here, "; ".join(dict.fromkeys(problems)))


def value_leaf(child) -> Premise | None:
    """The coord premise of a compared value: the leaf itself, or the coord inside arg(...)."""
    atom = child.atom
    if atom is not None and atom.relation == "coord" and len(atom.args) == 3:
        return Premise(child, list(atom.args))
    if atom is not None and atom.relation == "arg":
        coords = premises(child.children, "coord")
        if len(coords) == 1 and len(coords[0].args) == 3:
            return coords[0]
    return None


RULES = {"arg": arg}


def shown_beaten(ctx: Context, width: int, key) -> dict[str, set]:
    """Per beaten argument, what the proof's `beats` premises (of `width` terms) show it beaten on:
    `key(beats_terms)` picks that (a value, or a span)."""
    beaten: dict[str, set] = {}
    for tree in ctx.proof.trees or ():
        for ext in tree.children:
            for b in (p.args for p in premises(ext.children, "beats")):
                if len(b) == width:
                    beaten.setdefault(b[1], set()).add(key(b))
    return beaten


def losers_beaten(ctx: Context, final: Compare, winners: list[str], beaten: dict[str, set], best_of,
                  what: str) -> None:
    """Every argument that is not a winner is shown beaten on each of its best `what`s.
    `best_of(label)` gives those, or None when they cannot be told (then only that it is beaten
    somewhere is checked)."""
    for argument in final.args:
        if argument.label in winners:
            continue
        best = best_of(argument.label)
        if best is None:  # no evaluation (the plan could not run): only that it is beaten somewhere
            if argument.label not in beaten:
                ctx.fail("answers", ["answers"], f"argument {argument.label} is neither a winner nor beaten")
            continue
        missing = best - beaten.get(argument.label, set())
        if missing:
            ctx.fail("answers", ["answers"], f"argument {argument.label}'s best {what}(s) {sorted(missing)} are "
                                             "not shown beaten by any winner")


def winner_item_checked(ctx: Context, tree, here, children, winner: str, item: str, items) -> bool:
    """The winner's item `item` is what argument `winner` stands for (`items`, from the lattice);
    when the argument is a step's output (`items` None) an arg(...) premise must show it instead.
    True when `item` was found among known `items`."""
    if items is None:
        if not premises(children, "arg"):
            ctx.fail(tree, here, f"argument {winner} is a step's output, but no arg(...) premise shows "
                                 f"that {item!r} is one")
        return False
    if normalize(item) not in items:
        ctx.fail(tree, here, f"{item!r} is not what argument {winner!r} stands for ({sorted(items)})")
        return False
    return True
