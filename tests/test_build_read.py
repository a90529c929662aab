"""The shortcuts the KB build's model takes (docs/performance.md, "Building a KB") give what the
general code gives: the canonical order with ties, the surrogate refusal, the contested pairs, an
ordered value parsed once, an open dimension's values not sorted to be checked."""

from __future__ import annotations

import random

import pytest

from latweave.errors import LatticeError, LatweaveError
from latweave.lattice.coordinates import stated_values
from latweave.lattice.model import Dimension, Evidence, Lattice, Predicate, _canonical, predicate_key


def _predicates(ties: bool) -> list[Predicate]:
    rng = random.Random(7)
    out = set()
    for _ in range(400):
        e = Evidence("d", rng.choice("xyz"), rng.randrange(5), 9)
        out.add(Predicate(rng.choice("abc"), rng.choice("pq"), rng.choice("uvw") if ties else str(rng.random()), e,
                          rng.choice((1.0, 0.5)), rng.choice(((), (("start", "1990"),)))))
    return list(out)


@pytest.mark.parametrize("ties", [True, False])
def test_the_canonical_order_is_the_whole_keys_order(ties):
    preds = _predicates(ties)
    assert _canonical(preds) == sorted(preds, key=predicate_key) == sorted(preds)


def test_a_lone_surrogate_in_a_value_is_refused_ascii_or_not():
    lat = Lattice()
    lat.add_document("d", "a b c")
    lat.add_dimension(Dimension("p", open=True))
    lat.add_evidenced("a", "p", "plain", Evidence("d", "a", 0, 1))
    with pytest.raises(LatticeError, match="lone surrogate"):
        lat.add_evidenced("a", "p", "é\ud800", Evidence("d", "a", 0, 1))


def test_stated_values_lists_only_pairs_stating_two_values():
    lat = Lattice()
    lat.add_document("d", "one two three")
    lat.add_dimension(Dimension("f", functional=True, open=True))
    lat.add_dimension(Dimension("g", open=True))
    ev = [Evidence("d", "one", 0, 3), Evidence("d", "two", 4, 7)]
    lat.add_evidenced("a", "f", "x", ev[0])
    lat.add_evidenced("a", "f", "x", ev[1])   # the same value twice: not contested
    lat.add_evidenced("b", "f", "x", ev[0])
    lat.add_evidenced("b", "f", "y", ev[1])   # two values: contested
    lat.add_evidenced("c", "g", "x", ev[0])
    lat.add_evidenced("c", "g", "y", ev[1])   # not functional
    assert list(stated_values(lat)) == [("b", "f")]


def test_an_ordered_value_lands_on_its_canonical_key_and_a_bad_one_is_refused_each_time():
    dim = Dimension("born", kind="date", open=True)
    assert dim.value_for_fact("April 27, 1961") == "1961-04-27"
    assert dim.synonyms == {"april 27, 1961": "1961-04-27"}
    assert dim.value_for_fact("1961-04-27") == "1961-04-27"
    for _ in range(2):
        with pytest.raises(LatweaveError, match="not a date value"):
            dim.value_for_fact("not a date")


def test_validate_still_refuses_an_orphan_of_a_closed_dimension():
    closed = Dimension("kind")
    closed.add_value("orphan")
    with pytest.raises(LatticeError, match="orphan"):
        closed.validate()
    opened = Dimension("kind", open=True)
    opened.add_value("orphan")
    opened.validate()
