"""The typed proof model: atoms read and written in one place, proofs and witnesses that
round-trip their JSON exactly, and witnesses that render as sentences, not JSON."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

from latweave.proof.model import Atom, Evidence, Leaf, Opaque, Proof, Rule, WitnessLeaf, node_from_json, walk
from latweave.proof.witness import Witness
from latweave.reasons import Reason
from latweave.result import Result

GOLDEN = Path(__file__).parent / "golden"
CORPORA = Path(__file__).parent.parent / "corpora"


def _dump(obj) -> str:
    return json.dumps(obj, ensure_ascii=False, sort_keys=True, indent=2)


def render(obj, width=100) -> str:
    buffer = io.StringIO()
    Console(file=buffer, width=width, color_system=None, force_terminal=False, legacy_windows=False).print(obj)
    return buffer.getvalue()


# ---- atoms ---------------------------------------------------------------------------------

def test_an_atom_prints_as_souffle_does():
    atom = Atom.of("hit", "genre", "<=", "drama", "Taxi!", "drama")
    assert str(atom) == 'hit("genre", "<=", "drama", "Taxi!", "drama")'
    assert str(Atom.of("span", "Ann Archer", 25567, 25567)) == 'span("Ann Archer", 25567, 25567)'
    assert str(Atom.of("coord", 'say "hi"', "d", "a, b)")) == 'coord("say \\"hi\\"", "d", "a, b)")'


def test_atoms_are_read_by_a_tokenizer_not_split_on_commas():
    atom = Atom.parse('coord("a, b", "c)d", "\\"q\\"")')
    assert atom == Atom("coord", ("a, b", "c)d", '"q"'))
    assert Atom.parse("coord(3, 5, 7, 12)") == Atom("coord", (3, 5, 7, 12))  # Soufflé's own explain
    assert Atom.parse("verdict()") == Atom("verdict", ())
    assert Atom.parse('odd([1, "a"], 2.5, true)').args == ([1, "a"], 2.5, True)  # any JSON, as read


@pytest.mark.parametrize("text", ["", "coord", "coord(", '("a")', '1rel("a")', 'rel("a",)', 'rel("a" "b")',
                                  'rel("a"))', 'rel(a)', '{"unknown": []}', "r-x(1)"])
def test_what_is_not_an_atom_is_refused(text):
    assert Atom.parse(text) is None


def test_another_spelling_is_kept_as_it_was_read():
    atom = Atom.parse('rel("a","b")')
    assert atom == Atom.of("rel", "a", "b") and str(atom) == 'rel("a","b")'


_ARG = st.one_of(st.text(max_size=12), st.integers(min_value=-10**9, max_value=10**9))


@pytest.mark.slow
@settings(deadline=None)   # the suite's workers share two cores: time is not what this checks
@given(st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,8}", fullmatch=True), st.lists(_ARG, max_size=6))
def test_atoms_round_trip(relation, args):
    atom = Atom(relation, tuple(args))
    assert Atom.parse(str(atom)) == atom
    assert str(Atom.parse(str(atom))) == str(atom)


# ---- nodes and proofs --------------------------------------------------------------------------

def _leaf(text: str, **extra) -> dict:
    return {"axiom": text, **extra}


EVIDENCE = {"predicate": 3, "doc": "whale", "source_text": "The blue whale", "start": 0, "end": 14,
            "confidence": 1.0}


def test_a_tree_round_trips_with_its_extras():
    tree = {"premises": 'member("meet#0", "Whale")', "rule-number": "(R1)", "children": [
        _leaf('coord("Whale", "species", "whale")', evidence=EVIDENCE),
        _leaf('bounds("born", "1901")', bounds=[1, 2]),
        _leaf('beats("a", "b", "1", "2")', order={"kind": "lattice", "direction": "argmax"}, every_world=True,
              winner_item="x")],
        "meet": {"name": "meet#0", "step": "final", "project": None, "constraints": [["species", "<=", "mammal"]]}}
    node = node_from_json(tree)
    assert isinstance(node, Rule) and node.meet["name"] == "meet#0"
    leaf = node.children[0]
    assert isinstance(leaf, Leaf) and leaf.evidence == Evidence(**EVIDENCE)
    assert node.children[1].bounds == (1, 2)
    assert node.to_json() == tree
    assert list(node.to_json()) == list(tree)  # and in the order the extractor writes


def test_what_is_not_well_formed_is_kept_as_it_was():
    for raw in (5, ["x"], {"premises": 5}, {"children": []}, {"axiom": 3}):
        node = node_from_json(raw)
        assert isinstance(node, Opaque) and node.to_json() == raw
    odd = node_from_json({"premises": "not an atom", "rule-number": "(R1)", "children": []})
    assert isinstance(odd, Rule) and odd.atom is None and odd.label == "not an atom"
    bad_evidence = node_from_json(_leaf('coord("a", "b", "c")', evidence={"doc": "x"}))
    assert bad_evidence.evidence is None and bad_evidence.json_field("evidence") == {"doc": "x"}
    assert node_from_json({"premises": 'a("b")'}).to_json() == {"premises": 'a("b")'}


def test_a_witness_leaf_holds_its_detail_not_its_text():
    detail = {"unknown": [{"constraint": "species <= unicorn", "dimension": "species", "name": "unicorn"}]}
    raw = {"axiom": json.dumps(detail, ensure_ascii=False, sort_keys=True), "reason": "unknown_anchor"}
    leaf = node_from_json(raw)
    assert isinstance(leaf, WitnessLeaf) and leaf.detail == detail and leaf.reason == "unknown_anchor"
    assert leaf.to_json() == raw


def test_proof_shapes_round_trip():
    tree = {"premises": 'verdict("true")', "rule-number": "(holds)", "children": []}
    for shape in ({}, tree, {"trees": [tree]}, {"trees": [], "contested": [tree]}, {"trees": "oops"}):
        assert Proof.from_json(shape).to_json() == shape
    assert Proof.from_json(tree).root.atom == Atom.of("verdict", "true")
    assert not Proof() and Proof.from_json({}) == Proof()


@pytest.fixture(scope="module")
def corpus_results(tmp_path_factory):
    """Results of the zoo and movies plans the audit tests run, and the contested disputes cases."""
    from latweave.execute import Runner
    from latweave.ingest.builds import build_corpus
    from latweave.plan.read import read_plan
    from tests.support.plans import MOVIE_PLANS, ZOO_PLANS
    from tests.support.plans import DISPUTE_CASES as CASES

    out = []
    for name, plans in (("zoo", ZOO_PLANS), ("movies", MOVIE_PLANS), ("disputes", [c[0] for c in CASES])):
        lattice = tmp_path_factory.mktemp(name) / "lattice"
        build_corpus(CORPORA / name, lattice)
        with Runner(lattice, "duckdb") as runner:
            out += runner.run([read_plan(p) for p in plans])
    return out


@pytest.mark.slow
def test_every_corpus_proof_round_trips_byte_for_byte(corpus_results):
    assert len(corpus_results) > 20
    statuses = set()
    for result in corpus_results:
        statuses.add(result.status)
        saved = result.to_json()
        again = Result.from_dict(json.loads(saved))
        assert again.to_json() == saved
        assert Proof.from_json(result.proof.to_json()) == result.proof
        assert not any(isinstance(n, Opaque) for t in again.proof.shown for n in walk(t))
    assert statuses == {"answer", "verdict", "abstain"}


def test_golden_snapshots_hold_no_json_braces_in_witnesses():
    text = (GOLDEN / "conflict.txt").read_text(encoding="utf-8")
    assert "{" not in text and "}" not in text


# ---- witnesses ---------------------------------------------------------------------------------

WITNESSES = {
    Reason.UNKNOWN_ANCHOR: {"unknown": [{"name": "unicorn", "dimension": "species", "constraint": "species <= unicorn"},
                                        {"name": "Nessie", "dimension": None, "constraint": "instance"}]},
    Reason.OUT_OF_SCOPE: {"unknown_dimensions": ["colour"]},
    Reason.CONFLICT: {"conflicts": [{"dimension": "species", "constraints": ["species <= mammal", "species <= bird"],
                                     "values": [["mammal"], ["bird"]]}],
                      "contested": [{"answer": "Bo", "supported_by": [{"instance": "Bo", "dimension": "city",
                                                                       "value": "paris", "evidence": EVIDENCE}],
                                     "contradicted_by": []}]},
    Reason.INCOMPARABLE: {"pairs": [{"arguments": ["A", "B"], "values": ["mammal", "bird"]}]},
    Reason.EMPTY: {"meets": [{"emptied_by": ["species <= mammal"], "matches_nothing": [], "meet": "meet#0"}],
                   "step": "final"},
}


def test_a_witness_is_a_mapping_that_round_trips():
    witness = Witness.of(WITNESSES)
    assert witness["conflict"] == WITNESSES[Reason.CONFLICT] and set(witness) == set(WITNESSES)
    assert witness.to_json() == {str(k): v for k, v in WITNESSES.items()}
    assert Witness.from_json(witness.to_json()) == witness
    assert Witness.of({"bogus": {}})["bogus"] == {}  # a file may name a reason outside the vocabulary


@pytest.mark.parametrize("reason", list(WITNESSES))
def test_a_witness_renders_as_sentences_not_json(reason):
    text = render(Witness.of({reason: WITNESSES[reason]}), width=200)
    assert "{" not in text and "}" not in text and '":' not in text
    assert str(reason) in text


def test_witness_sentences_name_what_is_wrong():
    text = render(Witness.of(WITNESSES), width=200)
    assert "“unicorn” is not a value of species (in species <= unicorn)" in text
    assert "“Nessie” is not an instance of the lattice" in text
    assert "the lattice has no dimension colour" in text
    assert "species <= mammal and species <= bird: no common lower bound on species" in text
    assert "contested Bo" in text and "Bo: city = paris  “The blue whale”  [whale 0:14]" in text
    assert "A (mammal) and B (bird) are not ordered with each other" in text
    assert "meet#0: emptied by species <= mammal" in text


def test_an_unknown_shape_still_renders_without_braces():
    text = render(Witness.of({"empty": {"no_value": ["$s"], "dimension": None, "missing": [], "extra": {"a": [1, {"b": 2}]}}}))
    assert "{" not in text and "}" not in text and "no value: $s" in text


def test_a_proof_renders_itself():
    tree = Rule(Atom.of("answer", "Whale"), "(R1)", [Leaf(Atom.of("coord", "Whale", "species", "whale"),
                                                          evidence=Evidence(**EVIDENCE))])
    text = render(Proof.answers([tree]), width=200)
    assert 'answer("Whale")' in text and '“The blue whale”  [whale 0:14]' in text
    assert render(tree, width=200).splitlines()[0] == 'answer("Whale")'
    evidence = Evidence(**{**EVIDENCE, "source_text": "esc\x1b[31mred"})
    escaped = render(Leaf(Atom.of("node", "d", "v"), evidence=evidence), width=200)
    assert "\x1b" not in escaped and "esc\\x1b[31mred" in escaped


def test_explain_prints_the_saved_proof_and_a_readable_witness(zoo_lattice, tmp_path, capsys):
    from latweave.cli import main

    for plan, name in (("meet(species <= mammal, habitat <= aquatic)", "answer"),
                       ("meet(species <= mammal, species <= bird)", "abstain")):
        saved = tmp_path / f"{name}.json"
        main(["run", "--lattice", str(zoo_lattice), "--save", str(saved), "--json", plan])
        capsys.readouterr()
        main(["explain", str(saved), "--json"])
        whole = json.loads(saved.read_text())
        whole["lattice"].pop("folder")   # what --save adds for audit; --json prints without it
        assert json.loads(capsys.readouterr().out) == whole   # the whole result
        main(["explain", str(saved)])
        shown = capsys.readouterr().out
        assert "{" not in shown and "}" not in shown
    assert "meet#0: emptied by species <= mammal" in shown
