"""A plan's batch made from an earlier plan of the same template: its names put in, nothing compiled.

Questions asked of a lattice differ mostly in the names they quote: `meet(subject = "Ann") ->
born_in` and `meet(subject = "Bob") -> born_in` are one template (plan/parser.py `template_key`:
the same text with each quoted name's content masked, and a template the parser reads the plan
from). For such a plan the compiler (compile/plan_facts.py) makes the same facts every time but
for the symbol of each name, and the same layouts but for the plan and its constraints; the type
checker (plan/check.py) reads no name. A `Recipe` keeps the batch of the first plan of a template
and makes every later one's by putting its names' symbols in — what `compile_plans` would give,
field for field (tests/test_recipe.py compares them on every kind of plan the tests ask) —
and says the later plan type-checks as the first did.

Only plans where that is so by construction get a recipe (`Recipe.of`: None otherwise, and the
plan is checked and compiled as before): every step and the final expression a meet (no union,
compare or holds), each of one constraint (no order to choose among several, which reads the
names' selectivity), no time, every constrained dimension unordered (a number or date is parsed,
checked and compiled by its value), every dimension and projection a symbol of the lattice (so a
name new to the lattice gets the id the compiler gives it: the first after the lattice's, in the
order the names come).

Why: on bench/peers.py's chain questions, type-checking and compiling a first-asked 3-hop question
took ~35 µs of its ~290 (answers only) beside a ~120 µs statement (docs/performance.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from latweave.compile.batch import CompiledBatch
from latweave.compile.layout import QueryLayout
from latweave.compile.lattice_facts import CompiledLattice
from latweave.lattice.names import normalize
from latweave.plan.ast import Meet, Name, Plan
from latweave.plan.steps import plan_meets


def _names(plan: Plan, planned: tuple | None = None) -> list[str] | None:
    """The names `plan`'s constraints quote, in the order the compiler interns them (its meets
    in order, a constraint's name after its dimension); None when it is no plan a recipe serves.
    `planned`: its `plan_meets`, when the caller has them."""
    if not isinstance(plan.final, Meet) or any(type(let.expr) is not Meet for let in plan.lets):
        return None
    names = []
    for one in plan_meets(plan) if planned is None else planned:
        meet = one.meet
        if one.self_item is not None or meet.time is not None or len(meet.constraints) != 1:
            return None
        value = meet.constraints[0].value
        if isinstance(value, Name):
            names.append(value.text)
    return names


@dataclass(frozen=True, eq=False)
class Recipe:
    """The batch of one plan of a template: row i of its `constraint_name` holds the i-th name's
    symbol (its third column) — the compiler interns the names in the order `_names` lists them."""

    batch: CompiledBatch

    @classmethod
    def of(cls, plan: Plan, batch: CompiledBatch, compiled: CompiledLattice, dims: dict) -> "Recipe | None":
        """The recipe of `plan`, checked and compiled alone into `batch` (`dims`: the lattice's
        dimensions by key, as the checker reads them); None when its template is not served."""
        names = _names(plan)
        if names is None or len(batch.layouts) != 1 or batch.self_refs:
            return None
        base = compiled.symbols
        for planned in plan_meets(plan):
            meet = planned.meet
            for text in (meet.constraints[0].dimension, meet.project):
                if text is None:
                    continue
                key = normalize(text)
                dim = dims.get(key)
                if dim is None or base.get(key) is None:
                    return None
            if dims[normalize(meet.constraints[0].dimension)].ordered:
                return None
        rows = batch.facts.get("constraint_name", [])
        if len(rows) != len(names):
            return None
        return cls(batch)

    @staticmethod
    def names(plan: Plan) -> list[str] | None:
        """The texts of the names `plan` quotes, in the order its batch's facts hold their
        symbols (`facts_for`); None when `plan` is of no template a recipe serves."""
        return _names(plan)

    def facts_for(self, ids: Sequence) -> dict[str, list]:
        """The recipe's facts with `ids[i]` as the i-th name's symbol (fresh lists: the recipe's
        own rows stay as they are)."""
        facts = {name: list(rows) for name, rows in self.batch.facts.items()}
        named = facts.get("constraint_name", [])
        for row, ident in enumerate(ids):
            m, c, _ = named[row]
            named[row] = (m, c, ident)
        return facts

    def batch_for(self, plan: Plan, compiled: CompiledLattice) -> CompiledBatch:
        """The batch `compile_plans([plan])` gives, for `plan` of this recipe's template."""
        planned = plan_meets(plan)
        names = _names(plan, planned)
        symbols = compiled.symbols.extended()
        facts = self.facts_for([symbols.id(normalize(text)) for text in names])
        old = self.batch.layouts[0]
        meets = tuple(layout._replace(constraints=((layout.constraints[0][0], one.meet.constraints[0]),),
                                      project=one.meet.project)
                      for layout, one in zip(old.meets, planned))
        layout = QueryLayout(old.q, plan, dict(old.steps), meets, old.compare, old.args, old.holds_meet, old.loose)
        return CompiledBatch((layout,), facts, symbols, {})
