"""A template's questions answered along a path prepared once, with their proofs or without.

Most questions asked of a lattice are a few templates with other names in them (plan/parser.py
`template_of`: the text with each quoted name masked), and a runner keeps a recipe of each
template it has compiled (compile/recipe.py: its plans check and compile alike but for their
names' symbols). Such a question still went the whole general way: its text read into a plan,
the plan checked, its batch made from the recipe, its facts materialised, their plan shape and
the shape's statement found, the statement run, its outputs decoded — on bench/peers.py's chain
questions asked without their proofs ~100–160 µs of Python around a statement of 20–80 µs.

A `PreparedTemplate` does the shared part once: the recipe's facts with a `Hole` where each name's
symbol goes, made ready by the engine (`Session.prepare`: SQLite's statement of that shape, its
values bound per run), the layout an outcome without its proof is read by, and the order its
names go into the holes. A question of the template then costs its text's template read, a
symbol look-up per name, the statement, and its answers' labels — or, with its proof or for a
page, its plan and batch made from the template and the recipe and its outcome decoded as the
general path decodes it (execute.py `Runner.run_text`).

It gives only what the general path gives, field for field (tests/test_prepared.py compares the
two), and says None — the caller then runs the plan the general way — where it would not: a name
the lattice lacks (the compiler gives it a fresh symbol), values that would make another plan
shape (the engine's run says so), and without its proof an outcome other than an answer set
nothing contests (an abstention, whose witness reads the plan's names; an answer in doubt).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from latweave.compile.batch import CompiledBatch, QueryLayout
from latweave.compile.recipe import Recipe
from latweave.compile.symbols import SymbolTable
from latweave.engines.base import Hole, PreparedRun, Session
from latweave.folder.stored import StoredLattice
from latweave.lattice.names import normalize
from latweave.plan.ast import Meet, Plan
from latweave.plan.parser import template_plan, template_text
from latweave.proof.extract import Kept, Labels, uncontested_answers
from latweave.result import Result


@dataclass(frozen=True, eq=False)
class PreparedTemplate:
    """What every plan of one template shares, ready to answer one (with its proof, without it,
    or a page of it: one of each, for the outputs each reads)."""

    #: the template's key (plan/parser.py `template_of`)
    key: tuple
    #: the session it was prepared on (a new session needs it prepared again)
    session: Session
    #: the engine's run of the recipe's facts, a hole for each name
    prepared: PreparedRun
    #: the template's recipe: its batch's layout reads an outcome without its proof (the same for
    #: every plan of the template where that outcome is an answer set), its symbols name the
    #: answers; with its proof, each plan's batch is the recipe's for that plan
    recipe: Recipe
    #: hole i takes the symbol of the `order[i]`-th name as the text writes them
    order: tuple[int, ...]

    @classmethod
    def of(cls, key: tuple, recipe: Recipe, session: Session,
           wanted: frozenset[str] | None) -> "PreparedTemplate | None":
        """The template `key` of `recipe` prepared on `session` for the outputs `wanted` (None:
        every one); None where it cannot be (the engine has no prepared run for its facts, or
        its names are not each one of the recipe's)."""
        layout = recipe.batch.layouts[0]
        if not isinstance(layout.plan.final, Meet):
            return None
        # which written name goes into which hole: the template's plan with a marker for each
        # name, its names listed as the recipe's facts hold them
        count = len(key[2])
        markers = tuple(f"\x00{i}\x00" for i in range(count))
        plan = template_plan(key, markers)
        listed = None if plan is None else Recipe.names(plan)
        if listed is None or sorted(listed) != sorted(markers) or template_text(key, markers) is None:
            return None
        order = tuple(markers.index(text) for text in listed)
        prepared = session.prepare(recipe.facts_for([Hole(i) for i in range(count)]), wanted)
        return None if prepared is None else cls(key, session, prepared, recipe, order)

    def ids(self, names: tuple[str, ...], symbols: SymbolTable) -> list[int] | None:
        """The lattice's symbols of `names` (as written) in the holes' order; None when the
        lattice lacks one (the compiler would give it a fresh id: the general path's)."""
        ids = []
        for at in self.order:
            ident = symbols.get(normalize(names[at]))
            if ident is None:
                return None
            ids.append(ident)
        return ids

    @property
    def batch(self) -> CompiledBatch:
        return self.recipe.batch

    @property
    def layout(self) -> QueryLayout:
        return self.recipe.batch.layouts[0]

    def plan(self, names: tuple[str, ...]) -> Plan:
        """The plan of the template with `names` (as written): what parsing its text gives."""
        plan = template_plan(self.key, names)
        assert plan is not None   # (`of` read the template's plan)
        return plan

    def result(self, outputs: Mapping[str, list], names: tuple[str, ...], kept: Kept, view: StoredLattice,
               lattice: dict | None = None) -> Result | None:
        """The Result of the plan with `names`, read off the prepared run's `outputs`, when it is
        an answer set nothing contests (`uncontested_answers`), naming `lattice`; None otherwise."""
        labels = Labels(view, self.batch, kept)  # type: ignore[arg-type]  # the stored view reads as the model
        answers = uncontested_answers(outputs, self.layout, labels)
        if answers is None:
            return None
        return Result("answer", tuple(answers), plan=template_text(self.key, names), lattice=lattice)
