"""Our proof of an answer uses the same lattice facts as Souffle's own `explain` of it.

Both are read through the one proof model (`latweave.proof.model`): Soufflé's provenance JSON is
read with `node_from_json`, its atoms (symbol ids) with the same tokenizer as ours."""

from __future__ import annotations

import pytest

from latweave.compile.plan_facts import compile_plans
from latweave.datalog.parser import load_rules
from latweave.engines.base import engine_class, engine_names
from latweave.execute import Runner
from latweave.lattice.names import normalize
from latweave.plan.parser import parse_plan
from latweave.proof.model import Leaf, node_from_json, walk
from tests.support.engines import cannot_run

engine_names()  # registers the built-in engines

PLANS = [
    "meet(species <= mammal, habitat <= aquatic)",
    "let d = meet(species <= bird) -> diet\nmeet(diet = $d, species <= fish)",
]


def _souffle_axioms(proof, relation):
    """The arguments (symbol ids) of every `relation` leaf of Soufflé's provenance tree."""
    tree = node_from_json(proof["proof"])
    return {tuple(node.atom.args) for node in walk(tree)
            if isinstance(node, Leaf) and node.atom is not None and node.atom.relation == relation}


@pytest.mark.slow
@pytest.mark.souffle
@pytest.mark.parametrize("text", PLANS)
def test_proof_facts_match_souffle_explain(zoo_lattice, text):
    reason = engine_class("souffle").unavailable_reason()
    if reason:
        cannot_run("souffle", f"engine 'souffle' unavailable: {reason}")
    from latweave.engines.souffle_explain import explain

    plan = parse_plan(text)
    with Runner(zoo_lattice, "duckdb") as runner:
        result = runner.run_one(plan)
        compiler = compile_plans([plan], runner.compiled, runner.lattice)
        facts = {**runner.compiled.facts, **compiler.facts}
        sym = runner.compiled.symbols
    assert result.status == "answer"
    (tree,) = result.proof.trees  # one answer in each of these plans
    ours_coord, ours_edges = set(), set()
    for leaf in (n for n in walk(tree) if isinstance(n, Leaf)):
        if leaf.atom.relation == "coord":
            ours_coord.add((*(sym.id(normalize(a)) for a in leaf.atom.args), leaf.evidence.predicate))
        elif leaf.atom.relation == "subsumes":
            ours_edges.add(tuple(sym.id(normalize(a)) for a in leaf.atom.args))
    answer = sym.id(normalize(result.answers[0]))
    (proof,) = explain(load_rules(), facts, [f"answer(0, {answer})"], depth=40)
    assert proof is not None, "souffle did not derive the answer we found"
    assert _souffle_axioms(proof, "coord") == ours_coord
    assert _souffle_axioms(proof, "subsumes") == ours_edges


@pytest.mark.slow
@pytest.mark.souffle
def test_derived_extremum_rests_on_the_coords_and_magnitudes_souffle_explains(tmp_path):
    """argmax(date_of_death - date_of_birth, ...): Soufflé's explain of the answer rests on the
    winner's two coords and their day numbers; our proof shows exactly those for the winner (and,
    beyond what Soufflé shows for a negated premise, the span of each thing it beats)."""
    reason = engine_class("souffle").unavailable_reason()
    if reason:
        cannot_run("souffle", f"engine 'souffle' unavailable: {reason}")
    from pathlib import Path

    from latweave.ingest.builds import build_corpus
    from latweave.engines.souffle_explain import explain

    lattice = tmp_path / "lifespans"
    build_corpus(Path(__file__).parent / "fixtures" / "lifespans", lattice)
    plan = parse_plan('argmax(date_of_death - date_of_birth, ["Ann Archer", "Bob Baker"])')
    with Runner(lattice, "duckdb") as runner:
        result = runner.run_one(plan)
        compiler = compile_plans([plan], runner.compiled, runner.lattice)
        facts = {**runner.compiled.facts, **compiler.facts}
        sym = runner.compiled.symbols
    assert result.answers == ("Ann Archer",)
    (tree,) = result.proof.trees
    winner_span = tree.children[0].children[0]
    assert str(winner_span.atom) == 'span("Ann Archer", 25567, 25567)'
    ours_coord, ours_mag = set(), set()
    for leaf in winner_span.children:
        if leaf.atom.relation == "coord":
            ours_coord.add((*(sym.id(normalize(a)) for a in leaf.atom.args), leaf.evidence.predicate))
        else:
            d, v, first, last = leaf.atom.args
            ours_mag.add((sym.id(normalize(d)), sym.id(normalize(v)), first, last))
    assert len(ours_coord) == len(ours_mag) == 2   # death and birth
    (proof,) = explain(load_rules(), facts, [f"answer(0, {sym.id(normalize('Ann Archer'))})"], depth=40)
    assert proof is not None, "souffle did not derive the answer we found"
    assert _souffle_axioms(proof, "coord") == ours_coord
    assert _souffle_axioms(proof, "magnitude") == ours_mag
