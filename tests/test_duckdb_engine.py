"""The DuckDB engine: rules rendered to SQL give exactly the Datalog answers, run after run."""

from __future__ import annotations

import pytest

from latweave.datalog import load_rules
from latweave.engines.base import get_engine
from latweave.engines.dialects.duckdb import literal, select_sql
from latweave.engines.duckdb_engine import DuckDBEngine
from latweave.errors import EngineError
from tests.support.programs import PATH as CLOSURE, program

pytestmark = pytest.mark.needs_engine("duckdb", DuckDBEngine.unavailable_reason())


def run(text: str, facts: dict, base: dict | None = None) -> dict:
    engine = DuckDBEngine(program(text))
    with engine.open(base or {}) as session:
        return session.run(facts)


def test_transitive_closure_on_a_cyclic_graph():
    out = run(CLOSURE, {"edge": [(1, 2), (2, 3), (3, 1), (3, 4)]})
    cycle = [(a, b) for a in (1, 2, 3) for b in (1, 2, 3, 4)]
    assert out == {"path": cycle}


def test_closure_with_recursion_on_both_sides_and_a_long_chain():
    text = """
    .decl edge(a:number, b:number)
    .input edge
    .decl path(a:number, b:number)
    .output path
    path(a, b) :- edge(a, b).
    path(a, c) :- path(a, b), path(b, c).
    """
    n = 40  # more than SMALL_ROWS facts: loaded through the CSV path
    out = run(text, {"edge": [(i, i + 1) for i in range(n)]})
    assert out == {"path": [(a, b) for a in range(n) for b in range(a + 1, n + 1)]}


def test_mutual_recursion_in_one_stratum():
    text = """
    .decl succ(a:number, b:number)
    .input succ
    .decl zero(a:number)
    .input zero
    .decl even(a:number)
    .output even
    .decl odd(a:number)
    .output odd
    even(x) :- zero(x).
    odd(y) :- even(x), succ(x, y).
    even(y) :- odd(x), succ(x, y).
    """
    out = run(text, {"zero": [(0,)], "succ": [(i, i + 1) for i in range(9)]})
    assert out == {"even": [(0,), (2,), (4,), (6,), (8,)], "odd": [(1,), (3,), (5,), (7,), (9,)]}


def test_stratified_negation():
    text = """
    .decl node(x:number)
    .input node
    .decl edge(a:number, b:number)
    .input edge
    .decl source(x:number)
    .input source
    .decl reach(x:number)
    reach(x) :- source(x).
    reach(y) :- reach(x), edge(x, y).
    .decl unreachable(x:number)
    .output unreachable
    unreachable(x) :- node(x), !reach(x).
    .decl isolated_sink(x:number)
    .output isolated_sink
    isolated_sink(x) :- unreachable(x), !edge(x, _), !reach(x).
    """
    facts = {"node": [(i,) for i in range(1, 8)], "edge": [(1, 2), (2, 3), (4, 5), (6, 1)],
             "source": [(1,)]}
    out = run(text, facts)
    assert out == {"unreachable": [(4,), (5,), (6,), (7,)], "isolated_sink": [(5,), (7,)]}


def test_equality_binding_with_arithmetic():
    text = """
    .decl num(c:number)
    .input num
    .decl next(c:number, c2:number)
    .output next
    next(c, c2) :- num(c), c2 = c + 1.
    .decl prev(c:number, c0:number)
    .output prev
    prev(c, c0) :- num(c), c - 1 = c0, c0 >= 2.
    .decl gap(a:number, b:number, d:number)
    .output gap
    gap(a, b, d) :- num(a), num(b), d = b - a, e = d + 1, e > 2, a < b.
    .decl twice(c:number)
    .output twice
    twice(c) :- num(c), num(d), d = c + c.
    """
    out = run(text, {"num": [(1,), (2,), (4,)]})
    assert out == {
        "next": [(1, 2), (2, 3), (4, 5)],
        "prev": [(4, 3)],
        "gap": [(1, 4, 3), (2, 4, 2)],
        "twice": [(1,), (2,)],
    }


def test_symbol_constants_in_heads_and_bodies_are_quoted():
    text = r"""
    .decl item(x:number, kind:symbol)
    .input item
    .decl label(x:number, text:symbol)
    .output label
    label(x, "it's \"big\" \\ ok") :- item(x, "big").
    label(x, "plain") :- item(x, k), k != "big".
    label(x, k) :- item(x, k), k = "it's".
    """
    facts = {"item": [(1, "big"), (2, "small"), (3, "it's"), (4, "BIG")]}
    out = run(text, facts)
    assert out == {"label": [(1, "it's \"big\" \\ ok"), (2, "plain"), (3, "it's"), (3, "plain"),
                             (4, "plain")]}
    assert literal("a'b") == "'a''b'"


def test_wildcards_in_negation_and_body():
    text = """
    .decl edge(a:number, b:number, w:number)
    .input edge
    .decl node(x:number)
    .input node
    .decl leaf(x:number)
    .output leaf
    leaf(x) :- node(x), !edge(x, _, _).
    .decl weighted_source(x:number)
    .output weighted_source
    weighted_source(x) :- edge(x, _, w), w > 5, !edge(_, x, _).
    """
    facts = {"node": [(1,), (2,), (3,), (4,)], "edge": [(1, 2, 9), (2, 3, 9), (1, 3, 1)]}
    assert run(text, facts) == {"leaf": [(3,), (4,)], "weighted_source": [(1,)]}


def test_constants_and_repeated_variables_in_body_atoms():
    text = """
    .decl r(a:number, b:number, c:number)
    .input r
    .decl loop(a:number)
    .output loop
    loop(a) :- r(a, a, 7).
    .decl flag()
    .decl any_loop(x:number)
    .output any_loop
    flag() :- loop(_).
    any_loop(1) :- flag(), r(_, _, _).
    """
    facts = {"r": [(1, 1, 7), (2, 2, 8), (3, 4, 7)]}
    assert run(text, facts) == {"loop": [(1,)], "any_loop": [(1,)]}
    assert run(text, {"r": [(2, 2, 8)]}) == {"loop": [], "any_loop": []}


SESSION = """
.decl subsumes(d:number, a:number, b:number)
.input subsumes
.decl desc(d:number, a:number, v:number)
desc(d, a, a) :- subsumes(d, a, _).
desc(d, b, b) :- subsumes(d, _, b).
desc(d, a, v) :- subsumes(d, a, b), desc(d, b, v).
.decl coord(i:number, d:number, v:number)
.input coord
.decl qc(q:number, d:number, v:number)
.input qc
.decl hit(q:number, i:number, d:number, v:number)
hit(q, i, d, v) :- qc(q, d, v), desc(d, v, w), coord(i, d, w).
.decl miss(q:number, i:number)
miss(q, i) :- hit(q, i, _, _), qc(q, d, v), !hit(q, i, d, v).
.decl answer(q:number, i:number)
.output answer
answer(q, i) :- hit(q, i, _, _), !miss(q, i).
"""


def test_session_reused_three_times_gives_independent_answers():
    base = {
        # dim 0: 1 > {2, 3}, 2 > 4;  dim 1: 10 > {11, 12}
        "subsumes": [(0, 1, 2), (0, 1, 3), (0, 2, 4), (1, 10, 11), (1, 10, 12)],
        "coord": [(100, 0, 4), (100, 1, 11), (101, 0, 3), (101, 1, 11), (102, 0, 2), (102, 1, 12)],
    }
    engine = DuckDBEngine(program(SESSION))
    with engine.open(base) as session:
        first = session.run({"qc": [(0, 0, 2), (0, 1, 11)]})
        second = session.run({"qc": [(0, 0, 1), (1, 1, 12), (2, 0, 3), (2, 1, 12)]})
        third = session.run({"qc": [(7, 0, 1)]})
        empty = session.run({})
        again = session.run({"qc": [(0, 0, 2), (0, 1, 11)]})
    assert first == {"answer": [(0, 100)]}
    assert second == {"answer": [(0, 100), (0, 101), (0, 102), (1, 102)]}
    assert third == {"answer": [(7, 100), (7, 101), (7, 102)]}
    assert empty == {"answer": []}
    assert again == first
    # One-shot evaluation agrees with the session.
    assert engine.run({**base, "qc": [(0, 0, 2), (0, 1, 11)]}) == first


def test_run_facts_may_extend_a_base_relation_for_one_run():
    base = {"subsumes": [(0, 1, 2)], "coord": [(100, 0, 2)]}
    engine = DuckDBEngine(program(SESSION))
    with engine.open(base) as session:
        plain = session.run({"qc": [(0, 0, 1)]})
        extended = session.run({"qc": [(0, 0, 1)], "subsumes": [(0, 2, 3)], "coord": [(101, 0, 3)]})
        restored = session.run({"qc": [(0, 0, 1)]})
    assert plain == restored == {"answer": [(0, 100)]}
    assert extended == {"answer": [(0, 100), (0, 101)]}


def test_symbols_survive_loading_both_paths():
    text = """
    .decl s(x:number, t:symbol)
    .input s
    .decl out(t:symbol, x:number)
    .output out
    out(t, x) :- s(x, t).
    """
    tricky = ["", "a,b", 'q"uote', "tab\there", "new\nline", "crlf\r\n", "ünï©ødé ✓", "NULL", " pad ",
              "back\\slash", "it's"]
    for copies in (1, 3):  # 11 rows: VALUES path; 33 rows: CSV path
        rows = [(i, t) for i, t in enumerate(tricky * copies)]
        out = run(text, {"s": rows})
        assert out == {"out": sorted((t, x) for x, t in rows)}


def test_bad_facts_are_reported():
    engine = DuckDBEngine(program(CLOSURE))
    with engine.open({}) as session:
        with pytest.raises(EngineError, match="^duckdb: facts given for undeclared relation 'nope'$"):
            session.run({"nope": [(1,)]})
        with pytest.raises(EngineError, match="not an .input"):
            session.run({"path": [(1, 2)]})
        with pytest.raises(EngineError, match="takes 2 columns, got 3"):
            session.run({"edge": [(1, 2, 3)]})
        with pytest.raises(EngineError, match="of edge is a number, got '2'"):
            session.run({"edge": [(1, "2")]})
        with pytest.raises(EngineError, match="is a number, got True"):
            session.run({"edge": [(True, 2)] * 30})
        assert session.run({"edge": [(5, 6)]}) == {"path": [(5, 6)]}


def test_generated_sql_shape():
    rule = program("""
    .decl e(a:number, b:number)
    .input e
    .decl p(a:number, b:number)
    p(a, c) :- e(a, b), e(b, c), !e(c, _), c = b + 1.
    """).rules[0]
    assert select_sql(rule, ['"e"', '"e"']) == (
        'SELECT t0.c0, t1.c1 FROM "e" AS t0, "e" AS t1 WHERE t1.c0 = t0.c1 '
        'AND NOT EXISTS (SELECT 1 FROM "e" AS n1 WHERE n1.c0 = t1.c1) AND t1.c1 = (t0.c1 + 1)')
    # c is bound by e(b, c) first, so `c = b + 1` stays a condition.
    rule2 = program("""
    .decl e(a:number, b:number)
    .input e
    .decl p(a:number, b:number)
    p(a, d) :- e(a, b), d = b + 1.
    """).rules[0]
    assert select_sql(rule2, ['"e"']) == 'SELECT t0.c0, (t0.c1 + 1) FROM "e" AS t0'


def test_real_rules_with_empty_facts_return_every_output_empty():
    rules = load_rules()
    engine = get_engine("duckdb", rules)
    assert isinstance(engine, DuckDBEngine)
    names = [r.name for r in rules.outputs]
    with engine.open({}) as session:
        for _ in range(2):
            out = session.run({})
            assert list(out) == names
            assert all(rows == [] for rows in out.values())


def test_duplicate_facts_do_not_duplicate_rows():
    text = """
    .decl e(a:number, b:number)
    .input e
    .decl p(a:number, b:number)
    .output p
    p(a, b) :- e(a, b).
    """
    for copies in (2, 20):  # VALUES path and CSV path
        assert run(text, {"e": [(1, 2), (3, 4)] * copies}) == {"p": [(1, 2), (3, 4)]}


@pytest.mark.slow
def test_real_rules_session_runs_agree_with_one_shot_runs():
    """Lattice relations as base, plan relations per run: same answers as everything at once."""
    import random

    rules = load_rules()
    lattice = {"dimension", "functional", "ordered", "node", "top", "subsumes", "synonym", "bounds",
               "instance", "alias", "coord", "qualifier"}
    rng = random.Random(3)

    def rows(rel, n):
        return [tuple(rng.randrange(4) for _ in rel.columns) for _ in range(n)]

    base = {r.name: rows(r, 12) for r in rules.inputs if r.name in lattice}
    engine = DuckDBEngine(rules)
    with engine.open(base) as session:
        for _ in range(4):
            plans = {r.name: rows(r, rng.randrange(8)) for r in rules.inputs if r.name not in lattice}
            assert session.run(plans) == engine.run({**base, **plans})


def test_a_session_caps_duckdbs_memory_and_spills_to_its_own_folder(monkeypatch):
    """DuckDB alone would take 80% of the machine; beside latweave's Python side that killed a
    10,000-plan batch on a 1M-subject KB. A session gets half of the machine (at least 1GB),
    or $LATWEAVE_DUCKDB_MEMORY, and spills into its temporary folder; a value DuckDB does not
    read is an EngineError with the syntax as hint, and leaves no folder behind."""
    import os
    from pathlib import Path

    from latweave.engines.duckdb_engine import memory_limit

    monkeypatch.delenv("LATWEAVE_DUCKDB_MEMORY", raising=False)
    machine = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    assert memory_limit() == f"{max(1, machine // 2 // 2**30)}GB"
    engine = DuckDBEngine(program(CLOSURE))
    monkeypatch.setenv("LATWEAVE_DUCKDB_MEMORY", "512MB")
    with engine.open({}) as session:
        limit, spill = session.con.execute(
            "SELECT current_setting('memory_limit'), current_setting('temp_directory')").fetchone()
        assert limit.replace(" ", "") in ("488.2MiB", "512.0MB") and Path(spill) == Path(session._tmp)
        assert session.run({"edge": [(1, 2), (2, 3)]})["path"] == [(1, 2), (1, 3), (2, 3)]
    monkeypatch.setenv("LATWEAVE_DUCKDB_MEMORY", "lots")
    import tempfile

    before = set(Path(tempfile.gettempdir()).glob("latweave-duckdb-*"))
    with pytest.raises(EngineError, match="cannot start DuckDB") as raised:
        engine.open({})
    assert "6GB" in raised.value.hint
    assert set(Path(tempfile.gettempdir()).glob("latweave-duckdb-*")) == before
