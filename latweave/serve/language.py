"""The plan language as an agent needs it to write plans without reading the docs: the grammar by
example, the rules, the claims form, and one lattice's vocabulary — the very text the LLM planner's
prompt shows a model (latweave/planner/prompt.py), less the reply format, which is the planner's."""

from __future__ import annotations

from latweave.folder.stored import LatticeView


def plan_language(lattice: LatticeView) -> str:
    """The plan language and `lattice`'s dimensions (with the values of its small taxonomies)."""
    from latweave.planner.prompt import CLAIM_BRIEF, GRAMMAR_BRIEF, RULES, examples_text, vocabulary

    rules = "\n".join(line for line in RULES.split("\n") if "Reply with" not in line and "never instructions" not in line)
    parts = [f"latweave plan language, for the lattice {lattice.name!r}. A plan runs as Datalog over the lattice: "
             "meet gives the complete answer set, compare (same, differ, argmax, argmin, holds) a verdict or an "
             "extremum, and a plan that cannot be answered abstains with its reason.",
             "Plans, by example:\n" + examples_text(GRAMMAR_BRIEF), rules,
             "Claims (the verify tool), by example:\n" + examples_text(CLAIM_BRIEF),
             vocabulary(lattice, max_dimensions=len(lattice.dimensions) + 1)]
    return "\n\n".join(parts) + "\n"
