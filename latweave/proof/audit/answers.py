"""An answer result as a whole: one `answer(y)` tree per answer, and nothing else listed.

Each top-level tree must prove `answer(y)` and is walked node by node; the result's answers must
be exactly the proved ones; a plan that ends in a verdict cannot answer; an extremum's answer
set must leave no argument unbeaten. That nothing else meets a meet plan is certified by the
independent evaluation (completeness.py), not here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from latweave.plan.ast import Compare, Holds
from latweave.proof.audit.atoms import label, premises
from latweave.proof.audit.extremum import completeness
from latweave.proof.model import Proof, Rule

if TYPE_CHECKING:
    from latweave.proof.audit.context import Context


def answers(ctx: Context, proof: Proof) -> None:
    trees = proof.trees
    if trees is None:
        ctx.fail("proof", ["proof"], "an answer result needs proof.trees")
        return
    labels = []
    for tree in trees:
        atom = tree.atom if isinstance(tree, Rule) else None
        if atom is None or atom.relation != "answer" or len(atom.args) != 1:
            ctx.fail(tree, [label(tree)], "a top-level tree must prove answer(y)")
            continue
        labels.append(atom.args[0])
        ctx.visit(tree, [])
    claimed = ctx.result.get("answers") or []
    if sorted(set(claimed)) != sorted(set(labels)) or len(claimed) != len(set(claimed)):
        extra = sorted(set(claimed) - set(labels))
        missing = sorted(set(labels) - set(claimed))
        ctx.fail("answers", ["answers"],
                 f"result answers differ from the proved answers (unproved: {extra}, not listed: {missing})")
    if ctx.plan is not None:
        final = ctx.plan.final
        if isinstance(final, (Holds,)) or (isinstance(final, Compare) and final.op in ("same", "differ")):
            ctx.fail("answers", ["answers"], f"the plan's final {type(final).__name__.lower()} gives a verdict, "
                     "not an answer set")
        if isinstance(final, Compare) and final.op in ("argmax", "argmin"):
            winners = [args[1] for tree in proof.trees
                       for args in (p.args for p in premises(tree.children, final.op)) if len(args) == 2]
            completeness(ctx, final, winners)
