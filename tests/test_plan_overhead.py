"""What a plan costs outside the engine is the plan's, not the lattice's (issue 12), and the bench's
hand-indexed lower bound is honest.

- The plan compiler's selectivity estimator (a pass over every coordinate) and the ordered
  dimensions' interval ends are built once per compiled lattice and kept with it: a second batch
  reuses them, and the facts it emits are the ones a freshly read lattice gives, byte for byte.
- `bench/floor.py` answers the meet and chain plans it covers exactly as the rules do (on the zoo,
  whose taxonomies are DAGs with synonyms and aliases), and says which shapes it does not cover.
"""

from __future__ import annotations

import importlib.util
import sys
import pytest

from latweave.compile.facts import write_facts
from latweave.compile.lattice_facts import CompiledLattice
from latweave.compile.plan_facts import OrderedDimensions, SelectivityEstimator, compile_plans
from latweave.execute import Runner
from latweave.folder.store import load_lattice
from latweave.paths import RULES
from latweave.plan.parser import parse_plan

PLANS = [
    "meet(species <= mammal, habitat <= aquatic)",
    "meet(species <= mammal, habitat <= aerial, diet <= carnivore)",
    "meet(species <= animal)",
    "meet(species = cetacean)",
    "meet(habitat <= land)",
    'meet(diet <= "fish-eater")',
    "meet(species <= mammal) -> habitat",
    "let h = meet(habitat <= aquatic) -> habitat\nmeet(habitat = $h) -> species",
    "let m = meet(species <= bird) -> diet\nmeet(diet <= $m, habitat <= land)",
    "meet(species <= unicorn)",
    "meet(colour <= red)",
]
NOT_COVERED = [
    "argmax(lifespan_years, [Whale, Dog])",
    "holds(Frog, habitat <= aquatic)",
    "meet(species <= mammal) -> habitat | meet(species <= bird)",
    "meet(first_described <= 1758)",  # on a date <= is a window (at most): covered only where the floor is not told so
    "meet(first_described in 1700..1760)",
]


def _floor_module():
    path = RULES.parent / "bench" / "floor.py"
    spec = importlib.util.spec_from_file_location("latweave_bench_floor", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _facts_text(batch, tmp_path, name):
    folder = tmp_path / name
    write_facts(folder, batch.facts, sorted(batch.facts))
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_the_estimator_is_built_once_per_compiled_lattice(zoo_lattice, tmp_path):
    plans = [parse_plan(t) for t in PLANS]
    lattice = load_lattice(zoo_lattice)
    compiled = CompiledLattice.read(zoo_lattice)
    first = compile_plans(plans[:3], compiled, lattice)
    estimator = SelectivityEstimator.for_lattice(compiled)
    ordered = OrderedDimensions.of(compiled, lattice)
    again = compile_plans(plans, compiled, lattice)
    assert SelectivityEstimator.for_lattice(compiled) is estimator
    assert OrderedDimensions.of(compiled, lattice) is ordered and ordered.kinds  # the zoo has ordered dimensions
    assert OrderedDimensions.of(compiled, load_lattice(zoo_lattice)) is not ordered  # another model: read anew
    # the kept estimator (memo warm from the first batch) orders constraints as a fresh one does
    fresh = compile_plans(plans, CompiledLattice.read(zoo_lattice), load_lattice(zoo_lattice))
    assert _facts_text(again, tmp_path, "kept") == _facts_text(fresh, tmp_path, "fresh")
    assert _facts_text(first, tmp_path, "first") == _facts_text(
        compile_plans(plans[:3], CompiledLattice.read(zoo_lattice), lattice), tmp_path, "first_fresh")
    assert again.facts["constraint_next"]  # meets of several constraints: the estimate chose an order


@pytest.mark.slow
def test_the_floor_agrees_with_the_rules_on_the_plans_it_covers(zoo_lattice):
    floor_module = _floor_module()
    plans = [parse_plan(t) for t in PLANS]
    assert all(floor_module.Floor.covers(p) for p in plans)
    with Runner(zoo_lattice, "duckdb") as runner:
        floor = floor_module.Floor(runner.compiled, runner.lattice)
        results = runner.run(plans, proofs=False)
    got = [floor.answers(p) for p in plans]
    assert got == [sorted(r.answers) for r in results]
    assert sum(bool(answers) for answers in got) >= 7  # not a comparison of empty sets
    assert got[-2] == [] and got[-1] == []             # an unknown name, an unknown dimension


def test_the_floor_names_the_shapes_it_skips(zoo_lattice):
    floor_module = _floor_module()
    covered = [floor_module.Floor.covers(parse_plan(t)) for t in NOT_COVERED]
    assert covered == [False, False, False, True, False]
    # told the lattice's number and date dimensions (a floor knows them), `<=` there is a window it skips
    floor = floor_module.Floor(CompiledLattice.read(zoo_lattice), load_lattice(zoo_lattice))
    assert floor.ordered == {"first described", "lifespan years"}   # keys, normalised
    told = [floor_module.Floor.covers(parse_plan(t), floor.ordered) for t in NOT_COVERED]
    assert told == [False, False, False, False, False]


def test_worlds_are_settled_only_where_the_coordinates_show_several_predicates(zoo_lattice, tmp_path):
    from latweave.ingest.builds import build_corpus
    from latweave.proof.contested import Worlds

    disputes = tmp_path / "disputes"
    build_corpus(RULES.parent / "corpora" / "disputes", disputes)
    for folder, contested in ((zoo_lattice, False), (disputes, True)):
        lattice = load_lattice(folder)
        predicates = lattice.sorted_predicates()
        read = Worlds.of(lattice, predicates, CompiledLattice.read(folder))
        settled = Worlds(load_lattice(folder), predicates)
        assert read.worlds == settled.worlds and dict(read.support) == dict(settled.support)
        assert bool(read.worlds) == contested
