"""Issue 6: is a lattice legitimate? Known small lattices with exact verdicts and witnesses, the zoo,
and (marked `data`) a benchmark lattice. Property tests are in test_legitimacy_properties.py.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st
from rich.console import Console

from latweave.lattice.model import Dimension, Lattice
from latweave.folder.store import load_lattice
from latweave.legitimacy import check_dimension, check_lattice
from latweave.legitimacy.dependence import dependent_dimensions
from latweave.legitimacy.distributive import check_distributive, is_m3, is_n5
from latweave.legitimacy.check import check_fca
from latweave.legitimacy.fca import (CoOccurrence, FormalContext, Implication, co_occurring, context_of,
                                     implication_work, implications, implications_skipped, next_closure_concepts)
from latweave.legitimacy.meets import check_meets, completion, completion_cuts
from latweave.legitimacy.poset import Poset, poset_of

ROOT = Path(__file__).resolve().parents[1]
DATA = Path(os.environ.get("LATWEAVE_DATA", ROOT.parent / "shared" / "data"))


def dimension(*edges: tuple[str, str], name: str = "d") -> Dimension:
    dim = Dimension(name, kind="taxonomy")
    for parent, child in edges:
        dim.add_edge(parent, child)
    return dim


M3 = dimension(("TOP", "a"), ("TOP", "b"), ("TOP", "c"))
N5 = dimension(("TOP", "a"), ("TOP", "c"), ("a", "b"))
BOOLEAN = dimension(("TOP", "ab"), ("TOP", "ac"), ("TOP", "bc"), ("ab", "a"), ("ab", "b"),
                    ("ac", "a"), ("ac", "c"), ("bc", "b"), ("bc", "c"))
CHAIN = dimension(("TOP", "a"), ("a", "b"), ("b", "c"))
COMPETING = dimension(("TOP", "a"), ("TOP", "b"), ("a", "c"), ("a", "d"), ("b", "c"), ("b", "d"))


# ---- the five known shapes -------------------------------------------------------------------
def test_m3_is_a_lattice_not_distributive_with_its_own_five_elements():
    report = check_dimension(M3)
    assert report.is_lattice is True and report.competing == () and report.added_by_completion == ()
    assert report.distributive is False
    assert report.witness.to_dict() == {"kind": "M3", "elements": ["⊤", "a", "b", "c", "⊥"]}
    assert (report.width, report.antichain) == (3, ("a", "b", "c"))
    assert report.warnings == ("not distributive: M3 {⊤, a, b, c, ⊥} is a sublattice (information only)",)


def test_n5_witness_is_top_chain_side_bottom():
    report = check_dimension(N5)
    assert report.is_lattice is True
    assert report.distributive is False
    assert report.witness.to_dict() == {"kind": "N5", "elements": ["⊤", "a", "b", "c", "⊥"]}
    assert (report.width, report.antichain) == (2, ("b", "c"))


def test_boolean_lattice_is_distributive_with_width_three():
    report = check_dimension(BOOLEAN)
    assert (report.is_lattice, report.distributive, report.witness) == (True, True, None)
    assert report.size == 8 and report.values == 6
    assert report.width == 3
    assert report.antichain in {("a", "b", "c"), ("ab", "ac", "bc")}
    assert report.warnings == ()


def test_chain_is_distributive_with_width_one():
    report = check_dimension(CHAIN)
    assert (report.is_lattice, report.distributive, report.witness) == (True, True, None)
    assert report.distributive_note == "a chain"
    assert (report.width, report.antichain) == (1, ("c",))


def test_competing_lower_bounds_are_named_and_the_completion_adds_their_join():
    report = check_dimension(COMPETING)
    assert report.is_lattice is False
    assert report.to_dict()["competing_lower_bounds"] == [{"pair": ["a", "b"], "lower_bounds": ["c", "d"]}]
    assert report.added_by_completion == ("⋁{c, d}",)
    # The completion ⊤ > a, b > ⋁{c, d} > c, d > ⊥ is two stacked squares: distributive.
    assert (report.distributive_of, report.distributive, report.witness) == ("completion", True, None)
    assert (report.width, report.antichain) == (2, ("c", "d"))
    assert report.warnings[0].startswith("meets not unique: 1 pair(s) with competing lower bounds, "
                                         "e.g. a ∧ b ∈ {c, d}")


def test_completion_meets_exist_and_the_new_element_sits_between():
    poset = poset_of(COMPETING)
    cuts = completion_cuts(poset, check_meets(poset).competing)
    full = completion(poset, cuts)
    assert check_meets(full).unique is True
    idx = full.index
    m = full.meet(idx["a"], idx["b"])
    assert full.keys[m] == "⋁{c, d}"
    assert full.join(idx["c"], idx["d"]) == m
    assert sorted(full.keys[i] for i in full.upper_covers(m)) == ["a", "b"]
    assert sorted(full.keys[i] for i in full.lower_covers(m)) == ["c", "d"]


def test_completion_closes_intersections_of_new_cuts():
    # a, b, c pairwise share two lower bounds each; the triple intersection is new as well.
    dim = dimension(("TOP", "a"), ("TOP", "b"), ("TOP", "c"),
                    ("a", "x"), ("a", "y"), ("a", "z"), ("b", "x"), ("b", "y"), ("b", "w"),
                    ("c", "x"), ("c", "z"), ("c", "w"))
    report = check_dimension(dim)
    assert report.is_lattice is False
    assert [(c.pair, c.lower_bounds) for c in report.competing] == [
        (("a", "b"), ("x", "y")), (("a", "c"), ("x", "z")), (("b", "c"), ("w", "x"))]
    assert report.added_by_completion == ("⋁{w, x}", "⋁{x, y}", "⋁{x, z}")


def test_non_tree_m3_found_from_the_failing_triple():
    # ⊤ over a, b, c, all three over x: {⊤, a, b, c, x} is an M3 above ⊥ (not a tree).
    dim = dimension(("TOP", "a"), ("TOP", "b"), ("TOP", "c"), ("a", "x"), ("b", "x"), ("c", "x"))
    report = check_dimension(dim)
    assert report.is_lattice is True
    assert report.witness.to_dict() == {"kind": "M3", "elements": ["⊤", "a", "b", "c", "x"]}
    assert report.distributive_note.startswith("x ∧ (y ∨ z) ≠ (x ∧ y) ∨ (x ∧ z)")


def test_witness_verifiers_reject_non_sublattices():
    poset = poset_of(N5)
    i = poset.index
    assert is_n5(poset, (i["⊤"], i["a"], i["b"], i["c"], i["⊥"]))
    assert not is_m3(poset, (i["⊤"], i["a"], i["b"], i["c"], i["⊥"]))   # a ∧ b = b, not ⊥
    assert not is_n5(poset, (i["⊤"], i["b"], i["a"], i["c"], i["⊥"]))   # the chain upside down


def test_large_flat_dimension_is_fast_and_m3():
    dim = dimension(*[("TOP", f"v{k:05d}") for k in range(20000)], name="flat")
    report = check_dimension(dim)
    assert report.is_lattice is True
    assert report.witness.to_dict() == {"kind": "M3", "elements": ["⊤", "v00000", "v00001", "v00002", "⊥"]}
    assert report.width == 20000 and len(report.antichain) == 20000


def test_a_tree_above_the_closure_cap_keeps_the_closures_verdicts_from_its_edges():
    tree = dimension(*[("TOP", f"g{k}") for k in range(7)], *[(f"g{k % 7}", f"v{k:04d}") for k in range(300)],
                     name="tree")
    small = check_dimension(tree)
    large = check_dimension(tree, closure_cap=100)
    assert small.is_lattice is large.is_lattice is True and small.competing == large.competing == ()
    assert (large.values, large.size, large.width, large.antichain) == (small.values, small.size, small.width,
                                                                         small.antichain)
    assert large.distributive is None and "above the cap of 100" in large.distributive_note
    assert large.meets_unique
    # ordered values: the leaves on the number line, as the closure's report orders them
    heights = Dimension("height", kind="number")
    for v in ("1.85", "1.7", "1.55", "2.1", "1.9"):
        heights.value_for_fact(v)
    assert check_dimension(heights, closure_cap=2).antichain == check_dimension(heights).antichain
    assert len(check_dimension(heights).antichain) == 5


def test_a_dag_that_is_not_a_tree_above_the_closure_cap_blocks_unverified():
    report = check_dimension(COMPETING, closure_cap=2)
    assert report.is_lattice is None and not report.meets_unique and report.width is None
    assert any(w.startswith("meets not fully checked: 4 values of a DAG that is not a tree") for w in report.warnings)


def test_general_lattice_above_the_cap_is_skipped_or_decided_by_covers():
    # Boolean square stacked over a 3-chain: not a tree, distributive, so the cover search finds nothing.
    lattice = poset_of(BOOLEAN)
    verdict = check_distributive(lattice, cap=2)
    assert verdict.distributive is None
    assert verdict.note == "skipped: 8 elements above the cap of 2 for the general check"
    poset = poset_of(dimension(("TOP", "a"), ("TOP", "b"), ("TOP", "c"), ("a", "x"), ("b", "x"), ("c", "x")))
    verdict = check_distributive(poset, cap=2)
    assert verdict.distributive is False
    assert [poset.labels[i] for i in verdict.witness.elements] == ["⊤", "a", "b", "c", "x"]


def test_ordered_dimension_sorts_values_on_the_number_line():
    dim = Dimension("age", kind="number")
    for value in ("8", "13", "20", "9"):
        dim.add_value(value)
    report = check_dimension(dim)
    assert report.witness.elements == ("⊤", "8", "9", "13", "⊥")
    assert report.antichain == ("8", "9", "13", "20")


def test_reserved_bottom_name_is_refused():
    from latweave.errors import LatticeError

    with pytest.raises(LatticeError, match="reserved"):
        poset_of(dimension(("TOP", "⊥")))


def test_cycle_is_refused():
    from latweave.errors import LatticeError

    with pytest.raises(LatticeError, match="cycle"):
        Poset.from_edges("loop", [("⊤", "a"), ("a", "b"), ("b", "a")])


def test_meets_not_fully_checked_block_and_say_so():
    report = check_dimension(COMPETING, pair_cap=0)
    assert (report.is_lattice, report.meets_unique, report.distributive) == (None, False, None)
    assert report.warnings == ("meets not fully checked: more than 0 candidate pairs",)
    lattice = Lattice(name="capped")
    lattice.add_dimension(COMPETING)
    assert check_lattice(lattice, pair_cap=0).live_blockers == ("d",)


# ---- FCA ---------------------------------------------------------------------------------------
HAND = FormalContext.from_incidence([
    ("1", "a"), ("1", "b"), ("1", "d"),
    ("2", "b"), ("2", "c"),
    ("3", "b"),
])


def test_next_closure_lists_every_concept_in_lectic_order():
    concepts = next_closure_concepts(HAND)
    assert concepts.complete and concepts.message is None
    named = [("".join(HAND.objects[g] for g in range(3) if e >> g & 1),
              "".join(HAND.attributes[m] for m in range(4) if i >> m & 1)) for e, i in concepts.found]
    assert named == [("123", "b"), ("2", "bc"), ("1", "abd"), ("", "abcd")]


def test_co_occurrence_and_implications():
    assert co_occurring(HAND, min_support=1) == (CoOccurrence(("a", "d"), 1),)
    assert co_occurring(HAND, min_support=2) == ()
    assert implications(HAND, min_support=1) == (
        Implication("a", ("b",), 1), Implication("c", ("b",), 1), Implication("d", ("b",), 1))


def test_implication_work_counts_each_intent_once_per_supported_attribute():
    # supports: a 1, b 3, c 1, d 1; intents: 1 → abd (1 supported), 2 → bc (1), 3 → b (1)
    assert implication_work(HAND, min_support=2) == 3 * 1 + 2 * 1 + 1 * 1
    # with min_support 1 every attribute is supported: 3·3 + 2·2 + 1·1
    assert implication_work(HAND, min_support=1) == 14
    assert implications_skipped(14, min_support=1, max_work=14) is None
    said = implications_skipped(15, min_support=1, max_work=14)
    assert said.startswith("implications not listed: their closures take 15 steps") and "cap of 14" in said


def test_implications_above_the_work_cap_are_not_listed_and_the_report_says_why(zoo_lattice):
    lattice = load_lattice(zoo_lattice)
    full = check_fca(lattice)
    assert full.implications and full.implications_skipped is None
    work = implication_work(context_of(lattice))
    assert check_fca(lattice, max_work=work).implications == full.implications
    capped = check_fca(lattice, max_work=work - 1)
    assert capped.implications == () and capped.co_occurring == full.co_occurring
    assert capped.implications_skipped == implications_skipped(work, max_work=work - 1)
    shown = capped.to_dict()
    assert shown["implications"] == [] and shown["implications_skipped"].endswith("make it quadratic")


def test_concept_caps_say_why_they_stopped():
    capped = next_closure_concepts(HAND, max_concepts=2)
    assert (capped.complete, len(capped.found)) == (False, 2)
    assert capped.message == "concept lattice has more than 2 concepts; enumeration stopped"
    too_big = next_closure_concepts(HAND, max_cells=11)
    assert (too_big.complete, too_big.found) == (False, ())
    assert too_big.message == ("context too large for the concept lattice: 3 objects × 4 attributes = 12 cells, "
                               "above the cap of 11")


# ---- dependence --------------------------------------------------------------------------------
def small_lattice() -> Lattice:
    lattice = Lattice(name="small")
    names = ("country", "capital", "colour", "serial", "kingdom")
    for name in names:
        lattice.add_dimension(Dimension(name, open=True))
    lattice.add_document("doc", "facts")
    rows = {"i1": ("france", "paris", "red", "s1", "animalia"), "i2": ("france", "paris", "blue", "s2", "animalia"),
            "i3": ("spain", "madrid", "red", "s3", "animalia"), "i4": ("italy", "rome", "red", "s4", "animalia")}
    for inst, values in rows.items():
        for dim, value in zip(names, values):
            lattice.add_predicate(inst, dim, value, doc="doc", source_text="facts")
    return lattice


def test_dependent_dimensions_need_a_shared_value():
    found = dependent_dimensions(small_lattice(), min_support=3)
    # serial is unique per instance (determines everything) and kingdom constant (determined by
    # everything): neither is reported; colour does not determine country.
    assert [d.to_dict() for d in found] == [{"dimensions": ["capital", "country"], "instances": 4, "values": 3}]
    assert dependent_dimensions(small_lattice(), min_support=5) == ()


# ---- the zoo -----------------------------------------------------------------------------------
ZOO_EXPECTED = {
    # species: ⊤ → animal → {mammal, bird, fish, amphibian}: three children of animal make an M3.
    "species": (True, False, {"kind": "M3", "elements": ["animal", "amphibian", "bird", "fish", "⊥"]}, 9),
    # habitat: amphibious under aquatic and terrestrial — still a lattice (aquatic ∧ terrestrial =
    # amphibious); aerial beside the chain aquatic > amphibious is an N5.
    "habitat": (True, False, {"kind": "N5", "elements": ["⊤", "aquatic", "amphibious", "aerial", "⊥"]}, 4),
    # diet: ⊤ over carnivore (over piscivore, insectivore) and herbivore (over frugivore).
    "diet": (True, False, {"kind": "N5", "elements": ["⊤", "carnivore", "insectivore", "herbivore", "⊥"]}, 3),
    # lifespan_years: seven points under ⊤ (flat); numbers sort numerically.
    "lifespan_years": (True, False, {"kind": "M3", "elements": ["⊤", "8", "13", "20", "⊥"]}, 7),
    # first_described: the year 1758 holds 1758-01-01; 1766-01-01, 1831, 1844 beside it.
    "first_described": (True, False, {"kind": "M3", "elements": ["⊤", "1758", "1766-01-01", "1831", "⊥"]}, 4),
}


def test_zoo_verdicts(zoo_lattice):
    report = check_lattice(load_lattice(zoo_lattice))
    assert report.ok is True and report.live_blockers == ()
    got = {d.name: (d.is_lattice, d.distributive, d.witness.to_dict() if d.witness else None, d.width)
           for d in report.dimensions}
    assert got == ZOO_EXPECTED
    habitat = report.dimension("habitat")
    assert habitat.antichain == ("aerial", "amphibious", "freshwater", "marine")
    assert habitat.distributive_note.startswith("x ∧ (y ∨ z) ≠ (x ∧ y) ∨ (x ∧ z)")
    assert report.dimension("first_described").antichain == ("1758-01-01", "1766-01-01", "1831", "1844")
    assert report.dependent == ()


def test_zoo_fca_counts_match_brute_force(zoo_lattice):
    lattice = load_lattice(zoo_lattice)
    report = check_lattice(lattice)
    fca = report.fca.to_dict()
    assert (fca["objects"], fca["attributes"], fca["incidences"]) == (9, 29, 45)
    assert fca["co_occurring"] == []
    assert fca["implications"] == [
        {"if": ["habitat", "amphibious"], "then": [["diet", "insectivore"], ["first_described", "1758"]],
         "support": 2},
        {"if": ["lifespan_years", "20"], "then": [["diet", "piscivore"]], "support": 2}]
    # Brute force: the concepts are the closures of all 2^9 object sets.
    from latweave.legitimacy.fca import context_of

    context = context_of(lattice)
    extents = {context.extent(context.intent(s)) for s in range(1 << len(context.objects))}
    assert fca["concepts"] == len(extents) == 22


def test_zoo_json_shape_and_rendering(zoo_lattice):
    report = check_lattice(load_lattice(zoo_lattice))
    data = json.loads(json.dumps(report.to_dict(), ensure_ascii=False))
    assert set(data) == {"lattice", "ok", "live_blockers", "dimensions", "fca", "dependent_dimensions", "contested"}
    # the zoo's sources never contradict each other: every functional dimension, zero contested
    assert data["contested"] == {"first_described": 0, "habitat": 0, "lifespan_years": 0, "species": 0}
    assert sorted(data["dimensions"]) == ["diet", "first_described", "habitat", "lifespan_years", "species"]
    assert {"is_lattice", "competing_lower_bounds", "added_by_completion", "distributive", "witness", "width",
            "antichain"} <= set(data["dimensions"]["habitat"])
    console = Console(width=160, color_system=None, record=True)
    console.print(report)
    text = console.export_text()
    assert "ok: every dimension has unique meets" in text
    assert "N5 {⊤, aquatic, amphibious, aerial, ⊥}" in text
    assert "22 concepts" in text


def test_the_stored_report_cuts_each_list_and_says_how_long_it_was(zoo_lattice, tmp_path):
    from latweave.ingest.gate import STORED_LIST_LIMIT, report_writer
    from latweave.folder.names import LEGITIMACY_FILE

    report = check_lattice(load_lattice(zoo_lattice))
    implications = len(report.fca.implications)
    assert implications > 1 and STORED_LIST_LIMIT >= 1000
    report_writer(report, limit=1)(tmp_path)
    stored = json.loads((tmp_path / LEGITIMACY_FILE).read_text(encoding="utf-8"))
    assert len(stored["fca"]["implications"]) == 1
    assert stored["fca"]["truncated"]["implications"] == implications
    report_writer(report)(tmp_path)
    stored = json.loads((tmp_path / LEGITIMACY_FILE).read_text(encoding="utf-8"))
    assert len(stored["fca"]["implications"]) == implications and "truncated" not in stored["fca"]


def test_report_blocks_a_lattice_with_competing_meets_and_truncates_long_lists():
    lattice = Lattice(name="mixed")
    lattice.add_dimension(COMPETING)
    lattice.add_dimension(dimension(*[("TOP", f"v{k}") for k in range(60)], name="flat"))
    report = check_lattice(lattice)
    assert report.ok is False and report.live_blockers == ("d",)
    flat = report.to_dict(limit=5)["dimensions"]["flat"]
    assert flat["antichain"] == ["v0", "v1", "v10", "v11", "v12"]
    assert flat["truncated"] == {"antichain": 60}
    assert len(report.to_dict(limit=None)["dimensions"]["flat"]["antichain"]) == 60
    console = Console(width=120, color_system=None, record=True)
    console.print(report)
    text = console.export_text()
    assert "NOT ok: meets are not unique in d" in text
    assert "a ∧ b: competing lower bounds c, d" in text


def test_a_stored_dimension_report_reads_back_as_it_was_stored():
    """from_dict(to_dict(L)) gives back, at L and below, the JSON it was read from: competing pairs,
    a completion, a witness, a cut antichain with its full length."""
    from latweave.legitimacy.report import DimensionReport

    lattice = Lattice(name="mixed")
    lattice.add_dimension(COMPETING)
    lattice.add_dimension(dimension(("TOP", "a"), ("TOP", "b"), ("TOP", "c"), name="m3"))
    lattice.add_dimension(dimension(*[("TOP", f"v{k}") for k in range(60)], name="flat"))
    report = check_lattice(lattice)
    assert report.dimension("d").competing and report.dimension("m3").witness is not None
    for d in report.dimensions:
        assert len(d.digest) == 64
        for stored_at in (None, 1000, 5):
            back = DimensionReport.from_dict(d.name, json.loads(json.dumps(d.to_dict(stored_at))))
            for limit in (stored_at, 5, 1) if stored_at else (None, 50, 5, 1):
                assert back.to_dict(limit) == d.to_dict(limit), (d.name, stored_at, limit)
    flat = DimensionReport.from_dict("flat", report.dimension("flat").to_dict(5))
    assert len(flat.antichain) == 5 and flat.to_dict(5)["truncated"] == {"antichain": 60}
    assert flat.to_dict(None)["truncated"] == {"antichain": 60}     # read back cut: never shown as whole
    assert flat.length("antichain") == 60


def test_a_change_checks_again_only_the_dimensions_whose_content_moved(zoo_lattice):
    """check_lattice(kept=...) takes a previous report's verdicts for a dimension of the same digest
    and checks the rest; the report is the one a full check gives."""
    from latweave.legitimacy.check import dimension_digest
    from latweave.legitimacy.report import DimensionReport

    lattice = load_lattice(zoo_lattice)
    before = check_lattice(lattice)
    kept = {d.name: DimensionReport.from_dict(d.name, json.loads(json.dumps(d.to_dict(1000))))
            for d in before.dimensions}
    same = check_lattice(lattice, kept=kept)
    assert same.checked == () and same.to_dict(1000) == before.to_dict(1000)
    habitat = lattice.dimension("habitat")
    old = dimension_digest(habitat)
    habitat.add_edge("aquatic", "abyssal")          # a new value under an existing parent
    assert dimension_digest(habitat) != old
    after = check_lattice(lattice, kept=kept)
    assert after.checked == ("habitat",)
    assert after.to_dict(1000) == check_lattice(lattice).to_dict(1000)
    assert after.dimension("habitat").values == before.dimension("habitat").values + 1
    # a kept report whose digest is not the dimension's is never taken, whatever its name says
    forged = dict(kept, diet=DimensionReport.from_dict("diet", {**kept["diet"].to_dict(1000), "digest": "0" * 64}))
    assert check_lattice(lattice, kept=forged).checked == ("diet", "habitat")
    assert check_lattice(lattice).checked is None


# ---- a benchmark lattice -----------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.data
def test_benchmark_lattice_2wiki(tmp_path_factory):
    source = DATA / "2wikimultihopqa" / "lag" / "dev.json"
    if not source.is_file():
        pytest.skip(f"benchmark data absent: {source} (set LATWEAVE_DATA to the shared data folder)")
    from tests.support.shared_builds import shared_kb

    lattice = load_lattice(shared_kb(tmp_path_factory, source, "2wiki"))   # the run's one build, read-only
    report = check_lattice(lattice)
    assert report.ok is True
    assert len(report.dimensions) == len(lattice.dimensions)
    for d in report.dimensions:
        dim = lattice.dimension(d.name)
        poset = poset_of(dim)
        assert d.is_lattice is True, d.name
        # Every KB dimension is a tree under ⊤ (flat, or ordered by containment): its width is
        # its leaf count, and it is distributive exactly when it is a chain or a single 2-fork.
        assert poset.is_tree(), d.name
        fan_out = Counter(p for p, _ in dim.edges())
        leaves = sorted(v for v in dim.labels if v not in fan_out)
        assert d.width == len(leaves) and len(d.antichain) == d.width, d.name
        if max(fan_out.values(), default=0) >= 3:       # three children of one node: an M3 at least
            assert d.distributive is False and d.witness is not None, d.name
        if d.witness is not None:
            check = is_m3 if d.witness.kind == "M3" else is_n5
            assert check(poset, tuple(poset.index[_key(poset, label)] for label in d.witness.elements)), d.name
    subject = report.dimension("subject")
    assert subject.values == len(lattice.dimension("subject").labels) - 1
    assert report.fca.concepts is None and "context too large" in report.fca.message


def _key(poset: Poset, label: str) -> str:
    return next(k for k, lab in zip(poset.keys, poset.labels) if lab == label)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_a_tree_that_gains_leaves_is_reported_from_its_report_before(data):
    """`grown_tree` (a change's report of a dimension that only gained leaves under ⊤ or under
    values with children) is the report a check of the grown dimension gives — below the cap and
    above it, read back from the stored (cut) form too; anything else it declines."""
    from latweave.ingest.gate import STORED_LIST_LIMIT
    from latweave.legitimacy.check import (added_leaves, dimension_digest, dimension_report, grown_digest,
                                           grown_tree, leaf_key, value_row)
    from latweave.legitimacy.report import DimensionReport

    ordered = data.draw(st.booleans())
    names = data.draw(st.lists(st.integers(1, 400) if ordered else st.text("abcdefgh", min_size=1, max_size=4),
                               min_size=1, max_size=12, unique=True))
    inner = [] if ordered else data.draw(st.lists(st.sampled_from(names), max_size=3, unique=True))
    cap = data.draw(st.sampled_from([2, 5, 50_000]))
    before = Dimension("d", "number" if ordered else "taxonomy", open=True)
    for name in names:
        before.add_value(str(name))
    for parent in inner:      # a value with children before: a new leaf may hang under it
        for child in ("x" + parent, "y" + parent):
            before.add_edge(parent, child)
    after = Dimension("d", before.kind, open=True)
    after.labels.update(before.labels)
    after.parents.update({k: set(v) for k, v in before.parents.items()})
    after.bounds.update(before.bounds)
    fresh = data.draw(st.lists(st.integers(401, 900) if ordered else st.text("ijklmn", min_size=1, max_size=3),
                               min_size=1, max_size=5, unique=True))
    for name in fresh:
        after.add_value(str(name))
        parent = data.draw(st.sampled_from(["TOP", *inner])) if inner else "TOP"
        if parent != "TOP" and not ordered:
            after.add_edge(parent, str(name))
    leaves = added_leaves(before, after)
    assert leaves is not None and sorted(leaves) == sorted(set(after.labels) - set(before.labels))
    old = dimension_report(before, closure_cap=cap)
    stored = DimensionReport.from_dict("d", old.to_dict(limit=STORED_LIST_LIMIT if cap > 5 else 2))
    digest = grown_digest(old.digest, [value_row(after, v) for v in leaves])
    assert digest == dimension_digest(after)
    full = dimension_report(after, closure_cap=cap)
    for report in (old, stored):
        grown = grown_tree(report, [leaf_key(after, v) for v in leaves], digest, cap)
        tree = old.is_lattice is True and old.width_note == "a tree: its leaves"
        crossed = (old.values > cap) != (full.values > cap)
        at_top = old.values > cap or (old.witness is not None and old.witness.kind == "M3"
                                      and old.witness.elements[0] == "⊤" and old.distributive_note == "a tree with ⊥")
        assert (grown is not None) == (tree and not crossed and at_top)
        if grown is None:   # declined: not a tree, crossed the cap, or no M3 at ⊤ to grow
            continue
        limit = 2 if report is stored and cap <= 5 else STORED_LIST_LIMIT
        assert grown.to_dict(limit=limit) == full.to_dict(limit=limit)


@pytest.mark.parametrize("width", [80, 120])
def test_the_report_shortens_no_name_at_a_narrow_terminal(width):
    """At 80 columns (and wider) every dimension name and witness shows whole — no `…` — and the
    table fits the terminal; below 100 columns the witnesses go under the table."""
    lattice = Lattice(name="narrow")
    long_name = "place_of_birth_of_the_first_author"   # 34 characters: 'dimens…' before
    lattice.add_dimension(dimension(("TOP", "a"), ("TOP", "b"), ("TOP", "c"), name=long_name))
    lattice.add_dimension(dimension(("TOP", "carnivore"), ("TOP", "insectivore"), ("TOP", "herbivore"),
                                    name="diet_of_the_species_as_observed"))
    report = check_lattice(lattice)
    console = Console(width=width, color_system=None, record=True)
    console.print(report)
    text = console.export_text()
    assert "…" not in text
    assert long_name in text and "diet_of_the_species_as_observed" in text
    assert all(value in text for value in ("carnivore", "herbivore", "insectivore"))   # the witness, whole
    assert max(len(line) for line in text.splitlines()) <= width
    assert ("witness:" in text) == (width < 100)
