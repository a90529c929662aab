"""folder/rows.py, the codec of predicates.jsonl and values.jsonl lines: a line reads back as the
row written, its probe reads the key the parsed row has, and the auditor's own decoder
(proof/audit/files.py) reads the same rows."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from latweave.folder.rows import (flat_value_lines, plain_predicate_lines, predicate_line, predicate_of_line, predicate_probe,
                                  predicate_row, value_line, value_line_of, value_probe, value_row)
from latweave.lattice.model import Evidence, Predicate
from latweave.proof.audit import files as audit_files

# text that UTF-8 can write (a lone surrogate cannot: the model refuses one)
_text = st.text(st.characters(blacklist_categories=("Cs",)))
_bounds = st.one_of(st.none(), st.tuples(st.integers(-10**9, 10**9), st.integers(-10**9, 10**9)),
                    st.tuples(st.floats(allow_nan=False, allow_infinity=False),
                              st.floats(allow_nan=False, allow_infinity=False)))


@settings(max_examples=200, deadline=None)
@given(d=_text, k=_text, label=_text, parents=st.lists(_text, max_size=3), bounds=_bounds)
def test_a_value_line_reads_back_and_probes_its_key(d, k, label, parents, bounds):
    parents = sorted(parents)
    line = value_line(d, k, label, parents, bounds)
    assert line.endswith("\n") and "\n" not in line[:-1]
    line.encode("utf-8")
    row = {"dimension": d, "key": k, "label": label, "parents": parents,
           "bounds": list(bounds) if bounds is not None else None}
    assert value_row(line) == row
    assert value_line_of(row) == line
    assert value_probe(line) == (d, k)
    assert audit_files._value(json.loads(line)) == row
    gone = value_line_of({"dimension": d, "key": k, "removed": True})
    assert value_row(gone) == audit_files._value(json.loads(gone)) == {"dimension": d, "key": k, "removed": True}
    assert value_probe(gone) == (d, k)


@settings(max_examples=200, deadline=None)
@given(x=_text, d=_text, v=_text, doc=_text, text=_text, start=st.integers(0, 10**12), width=st.integers(0, 10**6),
       confidence=st.sampled_from([1.0, 0.5, 0.0, 1e-7, 0.999]),
       quals=st.lists(st.tuples(_text, _text), max_size=2).map(tuple))
def test_a_predicate_line_reads_back_and_probes_its_instance(x, d, v, doc, text, start, width, confidence, quals):
    p = Predicate(x, d, v, Evidence(doc, text, start, start + width), confidence, quals)
    line = predicate_line(p)
    assert line.endswith("\n") and "\n" not in line[:-1]
    assert predicate_of_line(line) == p
    row = predicate_row(line)
    assert row == {"instance": x, "dimension": d, "value": v, "doc": doc, "start": start, "end": start + width,
                   "source_text": text, "confidence": confidence, "qualifiers": [list(q) for q in quals]}
    assert predicate_probe(line) == x
    assert audit_files._predicate(7, json.loads(line)) == {"id": 7, **row}


def test_defaults_are_left_out():
    """A KB's predicate and value (confidence 1, no qualifiers, no parents or bounds) name only
    what they hold."""
    p = Predicate("city 0000000", "country", "country 0",
                  Evidence("kb-100k.txt", "city_0000000\tcountry\tcountry_0", 0, 30))
    assert predicate_line(p) == ('["city 0000000","country","country 0","kb-100k.txt",0,30,'
                                 '"city_0000000\\tcountry\\tcountry_0"]\n')
    assert value_line("country", "country 0", "country_0", [], None) == '["country","country 0","country_0"]\n'
    assert value_line("year", "1990", "1990", [], (1, 2)) == '["year","1990","1990",[],[1,2]]\n'


def test_the_auditor_refuses_a_row_of_another_shape():
    import pytest

    for bad in ([], ["a"], {"dimension": "d", "key": "k"}, ["d", "k", "l", [], None, "extra"]):
        with pytest.raises(ValueError):
            audit_files._value(bad)
    for bad in (["x", "d", "v", "doc", 0, 1], {"instance": "x"}):
        with pytest.raises(ValueError):
            audit_files._predicate(0, bad)


@settings(max_examples=100, deadline=None)
@given(x=_text, fields=st.lists(st.tuples(_text, _text, _text, st.integers(0, 10**12), st.integers(0, 10**6), _text),
                                max_size=4))
def test_a_bulk_sources_plain_lines_are_the_predicates_lines(x, fields):
    """`plain_predicate_lines` (the DuckDB build's: fields, no Predicate) writes the lines
    `predicate_line` writes for the same predicates, names kept across calls."""
    names: dict[str, str] = {}
    for _ in range(2):
        lines = plain_predicate_lines(x, [(d, v, doc, start, start + width, text)
                                          for d, v, doc, start, width, text in fields], names)
        assert lines == [predicate_line(Predicate(x, d, v, Evidence(doc, text, start, start + width)))
                         for d, v, doc, start, width, text in fields]


@settings(max_examples=100, deadline=None)
@given(d=_text, values=st.lists(st.tuples(_text, _text), max_size=5, unique_by=lambda v: v[0]),
       top=st.booleans())
def test_a_flat_dimensions_lines_are_its_values_lines_with_top_in_place(d, values, top):
    """`flat_value_lines` (a streamed write's flat dimension, the dimension encoded once) writes
    `value_line` of each value, ⊤'s line where ⊤ sorts among the keys."""
    values = sorted(values)
    top_line = value_line(d, "⊤", "⊤", [], None) if top else None
    expected = [(k, value_line(d, k, label, [], None)) for k, label in values]
    if top_line is not None:
        expected = sorted(expected + [("⊤", top_line)], key=lambda kv: kv[0])
    got = list(flat_value_lines(d, top_line, [(i, k, label) for i, (k, label) in enumerate(values)]))
    assert got == [line for _, line in expected]
