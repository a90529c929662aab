"""Compare classes: same/differ compare values spelled apart ("American", "US", "United States")
as one country, on every engine; answers keep the evidence's spelling; proofs show the class
step and the auditor checks it; a lattice keeps the classes it was built with."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, strategies as st

from latweave.execute import Runner
from latweave.ingest.write import save_lattice
from latweave.ingest.kb import lattice_from_triples, read_pathquestion_kb
from latweave.lattice.canonical import compare_classes, country_of, country_table, spelling_key
from latweave.lattice.model import Dimension
from latweave.folder.store import load_lattice
from latweave.plan.read import read_plan
from latweave.proof.audit import audit
from tests.support.engines import assert_byte_identical, on_every_engine

KB = """\
Ann\tnationality\tAmerican
Bob\tnationality\tUnited_States
Cy\tnationality\tCanadian
Dee\tnationality\tU.S.
Eve\tnationality\tCongolese
Fay\tnationality\tRepublic_of_the_Congo
Gus\tnationality\tCanada
Gus\tnationality\tAmerican
Hal\tnationality\tFrench
Ann\tdate_of_birth\t1950
Bob\tdate_of_birth\t1950
"""


@pytest.fixture(scope="module")
def lattice(tmp_path_factory):
    root = tmp_path_factory.mktemp("countries")
    (root / "kb.txt").write_text(KB, encoding="utf-8")
    save_lattice(lattice_from_triples(read_pathquestion_kb(root / "kb.txt"), "countries"), root / "lattice")
    return root / "lattice"


def test_the_table_matches_spellings_and_refuses_to_guess():
    table = country_table()
    for spelling in ("American", "United States", "US", "U.S.", "USA", "United States of America", "America"):
        assert table[spelling_key(spelling)] == "United States", spelling
    assert table[spelling_key("French")] == "France"          # not the French Southern Lands
    assert table[spelling_key("Côte d'Ivoire")] == table[spelling_key("cote divoire")]
    assert spelling_key("Congolese") not in table            # two Congos: dropped, not guessed
    assert spelling_key("Dominican") not in table
    assert spelling_key("English") not in table              # not the United Kingdom by fiat


def test_country_of_is_the_table_by_spelling_key():
    """`country_of` turns most keys away by their first six or three characters; never one the
    table names: every spelling of the table (as a key, upper-cased, spaced, dotted, cut short,
    run on) and any text give what the table gives by the spelling key."""
    table = country_table()
    for spelling in sorted(table):
        for text in (spelling, spelling.upper(), f"{spelling[:2]}.{spelling[2:]}", f" {spelling} ", spelling[:3],
                     spelling[:5], spelling[:6], f"{spelling[:6]} {spelling[6:]}", f"{spelling[:4]}-{spelling[4:]}",
                     f"{spelling}s", f"{spelling[:5]}1"):
            assert country_of(text) == table.get(spelling_key(text)), text
    assert country_of("american") == country_of("United States") is not None
    assert country_of("person 12345") is None and country_of("") is None


@given(st.text(max_size=12))
def test_country_of_on_any_text(text):
    assert country_of(text) == country_table().get(spelling_key(text))


@given(st.sampled_from(sorted(country_table())), st.integers(0, 8), st.text(max_size=4))
def test_country_of_on_a_spellings_beginning_and_any_rest(spelling, cut, rest):
    text = spelling[:cut] + rest
    assert country_of(text) == country_table().get(spelling_key(text))


def test_classes_only_where_two_values_share_one():
    labels = {"american": "American", "united states": "United States", "canadian": "Canadian",
              "french": "French", "blue": "blue"}
    assert compare_classes(labels) == {"american": "United States", "united states": "United States"}
    assert compare_classes(labels, ordered=True) == {}
    assert compare_classes({"canadian": "Canadian"}) == {}


def test_the_lattice_stores_its_classes(lattice):
    rows = [json.loads(line) for line in (lattice / "classes.jsonl").read_text(encoding="utf-8").splitlines()]
    got = {(r["dimension"], r["value"]): r["class"] for r in rows if r["dimension"] == "nationality"}
    assert got == {("nationality", "american"): "United States", ("nationality", "united states"): "United States",
                   ("nationality", "u.s."): "United States", ("nationality", "canada"): "Canada",
                   ("nationality", "canadian"): "Canada"}
    assert {r["source"] for r in rows} == {"country table"}
    assert load_lattice(lattice).dimension("nationality").classes == {v: c for (_, v), c in got.items()}


PLANS = [
    ('same(nationality, Ann, Bob)', True),
    ('same(nationality, Ann, Dee)', True),          # American ~ U.S.: neither is the class's name
    ('same(nationality, Ann, Cy)', False),
    ('differ(nationality, Ann, Cy)', True),
    ('differ(nationality, Bob, Dee)', False),
    ('same(nationality, Gus, Cy)', True),           # Canada ~ Canadian, beside Gus's American
    ('same(nationality, Gus, Bob)', True),
    ('same(nationality, Eve, Fay)', False),         # "Congolese" names no one country
    ('same(nationality, Hal, Ann)', False),
    ('same(nationality, Ann, Bob, Dee)', True),
]


@pytest.mark.slow
def test_same_and_differ_compare_classes_on_every_engine(lattice):
    results = on_every_engine(lattice, [read_plan(p) for p, _ in PLANS])
    assert_byte_identical(results)
    for (plan, verdict), result in zip(PLANS, results["duckdb"]):
        assert (result.status, result.verdict) == ("verdict", verdict), plan
        report = audit(lattice, result.to_dict())
        assert report.ok, (plan, report.failures)


def _axioms(result) -> list[str]:
    return [c.get("axiom") for c in result.to_dict()["proof"]["children"]]


def test_the_proof_shows_each_class_step(lattice):
    with Runner(lattice, "duckdb") as runner:
        same, both, apart = runner.run([read_plan(p) for p in (
            "same(nationality, Ann, Bob)", "same(nationality, Ann, Dee)", "same(nationality, Ann, Cy)")])
    assert _axioms(same) == ['coord("Ann", "nationality", "American")', 'coord("Bob", "nationality", "United_States")',
                             'canonical("nationality", "American", "United States")']
    assert _axioms(both)[2:] == ['canonical("nationality", "American", "United States")',
                                 'canonical("nationality", "U.S.", "United States")']
    assert all(a.startswith("coord(") for a in _axioms(apart))   # no class is shared: values only


@pytest.mark.slow
def test_answers_keep_the_spelling_of_their_evidence(lattice):
    with Runner(lattice, "duckdb") as runner:
        (result,) = runner.run([read_plan('meet(subject = "Ann") -> nationality')])
    assert result.answers == ("American",)
    with Runner(lattice, "duckdb") as runner:   # and a meet constraint matches values, not classes
        (result,) = runner.run([read_plan('meet(nationality = "United States")')])
    assert result.answers == ("Bob",)


def test_a_lattice_keeps_the_classes_it_was_built_with(lattice, tmp_path):
    """Classes are read from classes.jsonl, not derived again: a lattice stored without them (here:
    a dimension whose classes were cleared) answers as it was built."""
    model = load_lattice(lattice)
    model.dimension("nationality").classes = {}
    save_lattice(model, tmp_path / "classless")
    stored = (tmp_path / "classless" / "classes.jsonl").read_text(encoding="utf-8")
    assert '"nationality"' not in stored and '"subject"' in stored
    with Runner(tmp_path / "classless", "duckdb") as runner:
        (result,) = runner.run([read_plan("same(nationality, Ann, Bob)")])
    assert result.verdict is False
    assert audit(tmp_path / "classless", result.to_dict()).ok


def test_a_fresh_dimension_derives_its_classes():
    dim = Dimension("country", open=True)
    for v in ("US", "USA", "Canada"):
        dim.add_value(v)
    assert dim.classes is None and dim.compare_classes() == {"us": "United States", "usa": "United States"}
