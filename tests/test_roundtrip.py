"""Any Unicode value survives lattice → facts → engine → answer unchanged (property tests).

Tabs, newlines, quotes, backslashes and Datalog syntax are data: the symbol table interns them,
facts carry integers, and the answer is decoded back to the exact original string.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from latweave.ingest.write import save_lattice
from latweave.compile.symbols import SymbolTable, decode_symbol, encode_symbol
from latweave.engines import engine_status
from latweave.execute import Runner
from latweave.lattice.model import Dimension, Lattice
from latweave.lattice.names import normalize
from latweave.plan.ast import Constraint, Meet, Name, Plan
from tests.support.engines import cannot_run

NASTY = st.sampled_from(['a\tb', 'line\nbreak', 'quote"d', "back\\slash", 'p(X) :- q(X).', '"', "\\n",
                         "x, y", "", " lead", "⊤", "😀", "\r\n", "\x00"])
TEXT = st.one_of(st.text(min_size=1, max_size=20), NASTY.filter(bool))


@settings(deadline=None)   # it writes files, on two cores shared by the suite's workers
@given(st.lists(st.text(max_size=30), max_size=20))
def test_symbol_table_round_trips(tmp_path_factory, strings):
    path = tmp_path_factory.mktemp("sym") / "symbols.jsonl"
    table = SymbolTable(strings)
    table.write(path)
    back = SymbolTable.read(path)
    assert [back.text(i) for i in range(len(back))] == sorted(set(strings))
    for text in strings:
        assert decode_symbol(encode_symbol(text)) == text
        assert encode_symbol(text) == json.dumps(text, ensure_ascii=False)   # the bytes symbols.jsonl always had
        assert back.text(back.id(text)) == text


def _values(draw_list):
    seen, out = set(), []
    for value in draw_list:
        key = normalize(value)
        if key not in seen and key != normalize("⊤"):
            seen.add(key)
            out.append(value)
    return out


@pytest.mark.slow
@pytest.mark.parametrize("engine_name", ["duckdb", "souffle", "sqlite"])
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(raw=st.lists(TEXT, min_size=1, max_size=6))
def test_values_survive_the_engine(tmp_path_factory, engine_name, raw):
    reason = dict(engine_status()).get(engine_name, "not registered")
    if reason:
        cannot_run(engine_name, f"engine {engine_name!r} unavailable: {reason}")
    values = _values(raw)
    lattice = Lattice()
    lattice.add_dimension(Dimension("label", open=True))
    lattice.add_dimension(Dimension("kind", functional=True))
    lattice.dimensions["kind"].add_edge("TOP", "thing")
    document = "\n".join(f"item {i} is labelled {v}" for i, v in enumerate(values))
    lattice.add_document("doc", document)
    for i, value in enumerate(values):
        source = f"item {i} is labelled {value}"
        lattice.add_predicate(f"item {i}", "label", value, doc="doc", source_text=source)
        lattice.add_predicate(f"item {i}", "kind", "thing", doc="doc", source_text=source)
    out = tmp_path_factory.mktemp("rt") / "lattice"
    save_lattice(lattice, out)
    with Runner(out, engine_name) as runner:
        plans = [Plan((), Meet((Constraint("kind", "=", Name("thing")),), project="label"))]
        plans += [Plan((), Meet((Constraint("label", "=", Name(v)),))) for v in values]
        results = runner.run(plans)
    assert sorted(results[0].answers) == sorted(values)
    for i, (value, result) in enumerate(zip(values, results[1:])):
        assert result.answers == (f"item {i}",), value
        leaves = [c for c in result.proof.to_json()["trees"][0]["children"][0]["children"][0]["children"][0]["children"]
                  if "evidence" in c]
        assert leaves[0]["evidence"]["source_text"] == f"item {i} is labelled {value}"
