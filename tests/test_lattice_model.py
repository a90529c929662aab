"""Lattice invariants: rooted DAGs, evidence on every predicate, every predicate kept, ordered values."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from latweave.errors import LatticeError
from latweave.lattice.model import Dimension, Lattice
from latweave.lattice.ordered import OrderedValueError, parse_ordered


def taxonomy(*edges, name="species"):
    dim = Dimension(name)
    for parent, child in edges:
        dim.add_edge(parent, child)
    return dim


def test_cycle_is_rejected_and_named():
    dim = taxonomy(("TOP", "animal"), ("animal", "mammal"), ("mammal", "whale"), ("whale", "mammal"))
    with pytest.raises(LatticeError, match=r"cycle: (mammal → whale → mammal|whale → mammal → whale)"):
        dim.validate()


def test_orphan_is_rejected_and_named():
    dim = taxonomy(("animal", "mammal"))
    with pytest.raises(LatticeError, match=r"value 'animal' is an orphan"):
        dim.validate()


def test_dag_with_two_parents_is_accepted():
    dim = taxonomy(("TOP", "aquatic"), ("TOP", "terrestrial"), ("aquatic", "amphibious"), ("terrestrial", "amphibious"))
    dim.validate()
    assert ("aquatic", "amphibious") in dim.edges() and ("terrestrial", "amphibious") in dim.edges()


def small_lattice() -> Lattice:
    lattice = Lattice()
    lattice.add_dimension(taxonomy(("TOP", "mammal"), ("mammal", "whale")))
    lattice.add_dimension(Dimension("length", kind="number", functional=True))
    lattice.add_document("d1", "The whale is a mammal. It is 30 metres long.")
    return lattice


def test_predicate_without_evidence_is_refused_with_reason():
    lattice = small_lattice()
    with pytest.raises(LatticeError, match="has no evidence"):
        lattice.add_predicate("Whale", "species", "whale", doc=None, source_text=None)
    with pytest.raises(LatticeError, match="has no evidence"):
        lattice.add_predicate("Whale", "species", "whale", doc="d1", source_text="")
    assert not lattice.predicates


def test_evidence_must_be_verbatim_and_offsets_must_hold():
    lattice = small_lattice()
    with pytest.raises(LatticeError, match="not found verbatim"):
        lattice.add_predicate("Whale", "species", "whale", doc="d1", source_text="The whale is a fish.")
    with pytest.raises(LatticeError, match="do not hold"):
        lattice.add_predicate("Whale", "species", "whale", doc="d1", source_text="The whale", start=1, end=10)
    with pytest.raises(LatticeError, match="unknown document"):
        lattice.add_predicate("Whale", "species", "whale", doc="nope", source_text="The whale")
    pred = lattice.add_predicate("Whale", "species", "whale", doc="d1", source_text="The whale is a mammal.")
    assert (pred.evidence.start, pred.evidence.end) == (0, 22)


def test_closed_dimension_refuses_unknown_values():
    lattice = small_lattice()
    with pytest.raises(LatticeError, match="has no value 'unicorn'"):
        lattice.add_predicate("X", "species", "unicorn", doc="d1", source_text="The whale")


def test_functional_dimension_keeps_a_second_value():
    """Sources may contradict each other: both predicates are kept (latweave/lattice/coordinates.py
    reads the coordinate off them; tests/test_coordinates.py)."""
    lattice = small_lattice()
    lattice.add_predicate("Whale", "length", "30", doc="d1", source_text="It is 30 metres long.")
    lattice.add_predicate("Whale", "length", "31", doc="d1", source_text="It is 30 metres long.")
    assert sorted(p.value for p in lattice.predicates) == ["30", "31"]


def test_qualifiers_are_stored():
    lattice = small_lattice()
    pred = lattice.add_predicate("Whale", "species", "whale", doc="d1", source_text="The whale",
                                 qualifiers=[("valid_from", "2010"), ("source", "survey")])
    assert pred.qualifiers == (("source", "survey"), ("valid from", "2010"))


@pytest.mark.parametrize("text,canonical,point", [
    ("April 27, 1961", "1961-04-27", True), ("27 April 1961", "1961-04-27", True),
    ("1961-04-27", "1961-04-27", True), ("1961", "1961", False), ("c. 1900", "1900", False),
    ("April 1961", "1961-04", False), ("1950..1960", "1950..1960", False),
])
def test_dates_parse_to_canonical_intervals(text, canonical, point):
    value = parse_ordered(text, "date")
    assert value.canonical == canonical and value.is_point == point


def test_year_contains_day_and_numbers_order():
    assert parse_ordered("1961", "date").contains(parse_ordered("1961-04-27", "date"))
    assert not parse_ordered("1962", "date").contains(parse_ordered("1961-04-27", "date"))
    assert parse_ordered("3.0", "number").canonical == "3"
    with pytest.raises(OrderedValueError, match="not a number value"):
        parse_ordered("three", "number")


def test_ordered_dimension_places_values_by_containment():
    dim = Dimension("born", kind="date")
    for text in ("1961", "1961-04-27", "1950..1970", "1980"):
        dim.add_value(text)
    assert dim.edges() == sorted([("⊤", "1950..1970"), ("1950..1970", "1961"), ("1961", "1961-04-27"), ("⊤", "1980")])


def test_predicate_key_sorts_as_the_dataclass_does():
    """`predicate_key` (what sorted_predicates sorts by) orders exactly as Predicate's own `<`."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from latweave.lattice.model import Evidence, Predicate, predicate_key

    word = st.sampled_from(["", "a", "b", "ab", "é"])
    predicate = st.builds(Predicate, word, word, word,
                          st.builds(Evidence, word, word, st.integers(0, 3), st.integers(0, 3)),
                          st.sampled_from([0.5, 1.0]),
                          st.sampled_from([(), (("start", "1990"),), (("end", "2000"), ("start", "1990"))]))

    @settings(max_examples=200, deadline=None)
    @given(st.lists(predicate, max_size=30))
    def check(preds):
        assert sorted(preds) == sorted(preds, key=predicate_key)

    check()


# a text's characters drawn from what numbers and dates are written with, and from what they never are
_VALUE_ALPHABET = "0123456789٣۴.,-+_ eEiInNfFtTyYaAcCrRpPlLoOjJuUgGsSvVbBdDhHmM\t²½Ⅻışé"


@settings(max_examples=3000, deadline=None)
@given(st.text(alphabet=_VALUE_ALPHABET, max_size=16)
       | st.sampled_from(["1961", "April 27, 1961", "27 April 1961", "c. 1850", "circa 900", "1950..1960",
                          "1e3", "-4.5", "1_000", "inf", "-Infinity", "NaN", "apollo_11", "person_00012137",
                          "Sept 1961", "١٢٣", "1961-04-27", "12.5..1e2", " 42 ", "1961-04", "1.49", "1e-5",
                          "1E+5", "+5", "\t-5", "\u00a0-5", "1..-5", "-1..-2", "1-2", "5 - 3", "inf-5", "1.e-5",
                          "April 5", "April 27 5", "5 April 27", "12", "١٢", "05-06-07", "1,000"]))
def test_a_value_turned_away_unread_is_one_no_parse_reads(text):
    """ingest/kb.py `surely_not` (the bulk build's split asks it before parsing each object with a
    digit) never turns away a text that parse_ordered reads, nor a number float() reads — a sign
    inside a number, a date without a letter or a year's three digits included."""
    from latweave.ingest.kb import surely_not

    for kind in ("number", "date"):
        if surely_not(text, kind):
            with pytest.raises(OrderedValueError):
                parse_ordered(text, kind)
    if surely_not(text, "number"):
        with pytest.raises(ValueError):
            float(text)
