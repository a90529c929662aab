"""The plan's AST positions, its one meet numbering, and the batch the compiler hands over.

- a projection (`-> dim`) and a compare's measure (`d1 - d2`) carry their own positions in the
  AST, so the type checker points at them without re-reading the source;
- the compiler and the auditor number a plan's meets the same way (latweave/plan/steps.py):
  a differential test over nested plans;
- `compile_plans` hands over one frozen CompiledBatch, and the decoder works from it alone;
- no module of latweave/plan/ imports another module's private names.
"""

from __future__ import annotations

import ast as pyast
import dataclasses
import doctest
from pathlib import Path

import pytest

from latweave.compile.batch import CompiledBatch
from latweave.compile.lattice_facts import CompiledLattice
from latweave.compile.plan_facts import PlanCompiler, compile_plans
from latweave.execute import Runner
from latweave.folder.store import load_lattice
from latweave.plan import steps as plan_steps
from latweave.plan.ast import Meet, Pos
from latweave.plan.check import plan_errors
from latweave.plan.parser import parse_plan
from latweave.plan.printer import constraint_triple, to_text
from latweave.plan.steps import meet_name, path_step_name, plan_meets, step_name
from latweave.proof.audit.plan_meets import SELF
from latweave.proof.audit.plan_meets import plan_meets as audit_plan_meets
from latweave.proof.extract import QueryDecoder

PLAN_DIR = Path(__file__).resolve().parents[1] / "latweave" / "plan"

# ---------------------------------------------------------------------------------------------
# positions


def test_a_projection_keeps_its_own_position():
    plan = parse_plan("let d = meet(species <= mammal)\n  ->   diet\nmeet(diet = $d) -> habitat")
    assert plan.lets[0].expr.project_pos == Pos(2, 8)
    assert plan.final.project_pos == Pos(3, 20)
    assert plan.final.pos == Pos(3, 1)
    # positions take no part in equality, hashing or printing
    assert plan.final == Meet(plan.final.constraints, "habitat")
    assert hash(plan.final) == hash(Meet(plan.final.constraints, "habitat"))
    assert "project_pos" not in repr(plan.final)
    assert parse_plan(to_text(plan)) == plan


def test_a_measure_keeps_the_positions_of_its_dimensions():
    plan = parse_plan("argmin(release_date -\n  date_of_birth, [A, B])")
    assert (plan.final.dimension_pos, plan.final.minus_pos) == (Pos(1, 8), Pos(2, 3))
    plain = parse_plan("argmax(lifespan_years, [A, B])").final
    assert plain.dimension_pos == Pos(1, 8) and plain.minus_pos is None


@pytest.fixture(scope="module")
def zoo(zoo_lattice):
    return load_lattice(zoo_lattice)


@pytest.mark.parametrize("text,where", [
    ("meet(species <= mammal) -> dite", [(1, 28)]),
    ("meet(species <= mammal)  # a comment\n  -> dite", [(2, 6)]),
    ("meet(habitat <= aquatic) -> dite | meet(species <= mammal) ->\tdite", [(1, 29), (1, 63)]),
    ('let d = meet(species <= mammal) -> dite\nmeet(diet = $d)', [(1, 36)]),
])
def test_a_bad_projection_is_reported_where_it_is_written(zoo, text, where):
    errors = plan_errors(parse_plan(text), zoo, text)
    assert [(e.code, e.line, e.column) for e in errors] == [("unknown_dimension", *w) for w in where]
    for err in errors:
        assert "'dite' after '->'" in err.message and err.hint == "did you mean 'diet'?"
        assert err.context.splitlines()[1].index("^") == err.column + 1  # two spaces of indent, then the caret


def test_without_the_text_a_bad_projection_still_has_its_position(zoo):
    """The position comes from the AST, so it no longer needs the source text (only the context line does)."""
    (err,) = plan_errors(parse_plan("meet(species <= mammal)\n  -> dite"), zoo)
    assert (err.line, err.column, err.context) == (2, 6, None)


def test_a_hand_built_plan_has_no_positions_and_checks_without_them(zoo):
    (err,) = plan_errors(parse_plan(to_text(parse_plan("meet(species <= mammal) -> dite"))), zoo)
    assert (err.line, err.column) == (1, 28)
    from latweave.plan.ast import Constraint, Name, Plan
    hand = Plan((), Meet((Constraint("species", "<=", Name("mammal")),), "dite"))
    (err,) = plan_errors(hand, zoo)
    assert (err.code, err.line, err.column) == ("unknown_dimension", None, None)


def test_no_module_of_plan_imports_private_names():
    offenders = []
    for path in sorted(PLAN_DIR.glob("*.py")):
        for node in pyast.walk(pyast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, pyast.ImportFrom) and node.module and node.module.startswith("latweave"):
                offenders += [f"{path.name}: {node.module}.{a.name}" for a in node.names if a.name.startswith("_")]
    assert offenders == []
    assert len(list(PLAN_DIR.glob("*.py"))) >= 10  # the walk saw the package


# ---------------------------------------------------------------------------------------------
# one numbering of a plan's meets

NESTED = [
    "meet(species <= mammal, habitat <= aquatic)",
    "meet(species <= mammal) -> diet",
    "let a = meet(species <= fish) -> habitat\nlet b = meet(habitat = $a)\n"
    "meet(species <= mammal, species = $b) | meet(species <= bird, species = $b)",
    "let a = meet(species <= fish) | meet(species <= bird) -> habitat\nmeet(habitat = $a) -> diet",
    'holds("Whale", habitat <= aquatic, species <= mammal)',
    "argmax(lifespan_years, [Whale, Dog])",
    "let d = meet(species <= mammal)\nargmax(lifespan_years, [$d])",
    "let d = meet(species <= mammal) -> diet\n"
    "argmin(lifespan_years, [Whale -> diet -> habitat, $d, Dog -> habitat, \"Salmon\"])",
    "let a = meet(species <= fish)\nlet b = meet(species = $a) -> habitat\n"
    "same(habitat, Whale -> habitat, $b -> diet)",
]


def _compiled_meets(layout):
    """(ordinal, name, step, project, constraints) of each meet as the compiler laid it out."""
    return [(m.ordinal, meet_name(m.ordinal), step_name(m.step), m.project,
             [SELF if c is None else constraint_triple(c) for _, c in m.constraints]) for m in layout.meets]


def _audited_meets(plan):
    """The same, as the auditor numbers them from the plan alone (a hop's step is its argument's path)."""
    out = []
    hops = iter([path_step_name(i, h) for i, a in enumerate(getattr(plan.final, "args", ()))
                 for h in range(len(a.path))])
    for pm in audit_plan_meets(plan):
        step = pm.step if pm.step is not None else next(hops)
        out.append((pm.ordinal, f"meet#{pm.ordinal}", step, pm.project, list(pm.constraints)))
    return out


def test_compiler_and_auditor_number_the_meets_alike(zoo_lattice):
    plans = [parse_plan(t) for t in NESTED]
    batch = compile_plans(plans, CompiledLattice.read(zoo_lattice), load_lattice(zoo_lattice))
    assert len(batch.layouts) == len(plans)
    seen_hops = 0
    for plan, layout in zip(plans, batch.layouts):
        compiled, audited = _compiled_meets(layout), _audited_meets(plan)
        assert compiled == audited, to_text(plan)
        assert [m.ordinal for m in layout.meets] == list(range(len(layout.meets)))
        assert sorted(m.m for m in layout.meets) == [m.m for m in layout.meets]  # ids in numbering order
        seen_hops += sum(m.step.startswith("#") for m in layout.meets if m.step)
    assert seen_hops == 5  # the differential covered argument paths, not only let steps


def test_the_numbering_of_a_nested_plan():
    plan = parse_plan(NESTED[7])
    got = [(m.name, m.step, m.meet.project, m.self_first, m.arg_index, m.hop) for m in plan_meets(plan)]
    assert got == [("meet#0", "$d", "diet", False, None, 0),
                   ("meet#1", "#arg0.0", "diet", True, 0, 0),
                   ("meet#2", "#arg0.1", "habitat", True, 0, 1),
                   ("meet#3", "#arg2.0", "habitat", True, 2, 0)]
    hop = plan_meets(plan)[2]
    assert hop.self_item.var == "#arg0.0" and hop.arg.label == "Whale"
    assert [step_name(v) for v in ("d", "", "#arg1.0", None)] == ["$d", "final", "#arg1.0", "holds"]
    assert doctest.testmod(plan_steps).failed == 0


# ---------------------------------------------------------------------------------------------
# the batch the compiler hands over

def test_the_batch_is_frozen_and_holds_no_compiler(zoo_lattice):
    plans = [parse_plan(t) for t in NESTED]
    batch = compile_plans(plans, CompiledLattice.read(zoo_lattice), load_lattice(zoo_lattice))
    assert isinstance(batch, CompiledBatch) and batch.plans == tuple(plans)
    with pytest.raises(dataclasses.FrozenInstanceError):
        batch.facts = {}
    with pytest.raises(AttributeError):  # FrozenInstanceError is one, and so is a tuple's
        batch.layouts[0].meets[0].seed = 1
    with pytest.raises(AttributeError):
        batch.layouts[0].meets = ()
    assert not any(isinstance(v, PlanCompiler) for v in vars(batch).values())
    assert batch.sym("Lifespan years") == batch.sym("lifespan_years")
    assert {k for k in batch.facts} >= {"query", "meet_of", "constraint_seed", "compare_argmax", "arg_ref"}


@pytest.mark.slow
@pytest.mark.parametrize("proofs", [True, False])
def test_results_decode_from_the_batch_alone(zoo_lattice, proofs):
    plans = [parse_plan(t) for t in NESTED]
    with Runner(zoo_lattice, "duckdb") as runner:
        expected = [r.to_json() for r in runner.run(plans, proofs=proofs)]
        batch = compile_plans(plans, runner.compiled, runner.lattice)
        outputs = runner.session.run(dict(batch.facts))
    decoder = QueryDecoder(runner.lattice, runner.predicates, batch, outputs)
    decoder.with_proofs = proofs
    got = []
    for layout in batch.layouts:
        o = decoder.outcome(layout)
        from latweave.result import Result
        got.append(Result(o.status, tuple(o.answers), o.verdict, o.reason, tuple(o.reasons), o.witness, o.proof,
                          to_text(layout.plan), tuple(o.contested)).to_json())
    assert got == expected
    assert any('"answer"' in g for g in got) and any("meet#" in g for g in got) == proofs
