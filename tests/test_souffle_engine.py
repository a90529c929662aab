"""The Soufflé engine: small programs with exact outputs, sessions, the real rules, and explain().

Every test here needs the `souffle` binary on PATH; without it they are skipped with the reason
`SouffleEngine.unavailable_reason()` gives (Soufflé is not in PyPI or Debian).
"""

from __future__ import annotations


import pytest

from latweave.datalog.parser import assemble, load_rules, parse_program
from latweave.engines.dialects.souffle import render_program
from latweave.engines import souffle_binary as binary
from latweave.engines.souffle_engine import SouffleEngine
from latweave.engines.souffle_explain import explain
from latweave.errors import EngineError
from tests.support.engines import cannot_run

pytestmark = pytest.mark.souffle


@pytest.fixture(autouse=True)
def _needs_souffle():
    reason = SouffleEngine.unavailable_reason()
    if reason is not None:
        cannot_run("souffle", reason)


def program(text: str):
    return assemble(parse_program(text, file="<test>"))


CLOSURE = """
.decl edge(x:number, y:number)
.input edge
.decl path(x:number, y:number)
.output path
path(x, y) :- edge(x, y).
path(x, z) :- edge(x, y), path(y, z).
"""

NEGATION = """
.decl node(x:number)
.input node
.decl edge(x:number, y:number)
.input edge
.decl has_out(x:number)
has_out(x) :- edge(x, _).
.decl sink(x:number)
.output sink
sink(x) :- node(x), !has_out(x).
"""

SYMBOLS = """
.decl item(x:number, size:number)
.input item
.decl label(x:number, tag:symbol)
.output label
label(x, "big") :- item(x, s), s >= 10.
label(x, "small one") :- item(x, s), s < 10.
label(x, "q\\"uote") :- item(x, s), s = 0.
"""

EQUALITY = """
.decl step(c:number)
.input step
.decl next(c:number, c2:number)
.output next
next(c, c2) :- step(c), step(c2), c2 = c + 1.
.decl before(c:number, c0:number)
.output before
before(c, c0) :- step(c), c0 = c - 1.
"""

# The souffle-samples toy meet (prov.dl and its facts), rebuilt here so the tests stand alone.
PROV = """
.decl subsumes(d:number, parent:number, child:number)
.input subsumes
.decl desc(d:number, anc:number, node:number)
desc(d, x, x) :- subsumes(d, x, _).
desc(d, y, y) :- subsumes(d, _, y).
desc(d, x, z) :- subsumes(d, x, y), desc(d, y, z).
.decl coord(i:number, d:number, v:number, ev:number)
.input coord
.decl qc(q:number, d:number, v:number)
.input qc
.decl hit(q:number, i:number, d:number, v:number, w:number, ev:number)
hit(q, i, d, v, w, ev) :- qc(q, d, v), desc(d, v, w), coord(i, d, w, ev).
.decl answer(q:number, i:number)
.output answer
answer(q, i) :- qc(q, _, _), hit(q, i, _, _, _, _), !miss(q, i).
.decl miss(q:number, i:number)
miss(q, i) :- hit(q, i, _, _, _, _), qc(q, d, v), !sat(q, i, d, v).
.decl sat(q:number, i:number, d:number, v:number)
sat(q, i, d, v) :- hit(q, i, d, v, _, _).
"""
PROV_FACTS = {
    "subsumes": [(0, 1, 2), (0, 2, 3), (0, 2, 4), (1, 0, 10), (1, 0, 11)],
    "coord": [(100, 0, 3, 1), (100, 1, 10, 2), (101, 0, 4, 3), (101, 1, 11, 4)],
    "qc": [(7, 0, 2), (7, 1, 10)],
}


def run(text: str, facts: dict) -> dict:
    return SouffleEngine(program(text)).run(facts)


def test_found_by_name():
    from latweave.engines.base import engine_class

    assert engine_class("souffle") is SouffleEngine
    assert SouffleEngine.name == "souffle"


def test_closure_with_cycle():
    out = run(CLOSURE, {"edge": [(1, 2), (2, 3), (3, 1), (3, 4)]})
    assert out == {"path": sorted((a, b) for a in (1, 2, 3) for b in (1, 2, 3, 4))}


def test_negation():
    out = run(NEGATION, {"node": [(1,), (2,), (3,), (4,)], "edge": [(1, 2), (2, 3)]})
    assert out == {"sink": [(3,), (4,)]}


def test_symbol_constants_in_outputs():
    out = run(SYMBOLS, {"item": [(1, 12), (2, 3), (3, 0)]})
    assert out == {"label": [(1, "big"), (2, "small one"), (3, "q\"uote"), (3, "small one")]}


def test_equality_binding():
    out = run(EQUALITY, {"step": [(1,), (2,), (3,), (5,)]})
    assert out == {"next": [(1, 2), (2, 3)], "before": [(1, 0), (2, 1), (3, 2), (5, 4)]}


def test_empty_inputs_and_large_numbers():
    assert run(CLOSURE, {}) == {"path": []}
    big = 2 ** 31 - 1
    assert run(CLOSURE, {"edge": [(big, -big)]}) == {"path": [(big, -big)]}


def test_session_reused_three_times():
    engine = SouffleEngine(program(CLOSURE))
    with engine.open({"edge": [(1, 2), (2, 3)]}) as session:
        assert session.run({}) == {"path": [(1, 2), (1, 3), (2, 3)]}
        # a relation in both base and run facts: merged
        assert session.run({"edge": [(3, 1)]}) == {
            "path": sorted((a, b) for a in (1, 2, 3) for b in (1, 2, 3))}
        # the run's facts do not stick
        assert session.run({"edge": [(5, 6)]}) == {"path": [(1, 2), (1, 3), (2, 3), (5, 6)]}
        tmp = session._dir
        assert tmp.exists()
    assert not tmp.exists()


def test_run_facts_only_relation():
    engine = SouffleEngine(program(NEGATION))
    with engine.open({"node": [(1,), (2,)]}) as session:
        assert session.run({"edge": [(1, 2)]}) == {"sink": [(2,)]}
        assert session.run({}) == {"sink": [(1,), (2,)]}


def test_bad_facts_raise():
    engine = SouffleEngine(program(CLOSURE))
    with pytest.raises(EngineError, match="not an .input"):
        engine.run({"path": [(1, 2)]})
    with pytest.raises(EngineError, match="undeclared"):
        engine.run({"nope": [(1,)]})
    with pytest.raises(EngineError, match="2 columns"):
        engine.run({"edge": [(1, 2, 3)]})
    with pytest.raises(EngineError, match="is a number"):
        engine.run({"edge": [(1, "2")]})
    with pytest.raises(EngineError, match="domain"):
        engine.run({"edge": [(1, 2 ** 40)]})


def test_symbol_with_tab_in_facts_raises():
    text = """
.decl name(x:number, s:symbol)
.input name
.decl out(s:symbol)
.output out
out(s) :- name(_, s).
"""
    engine = SouffleEngine(program(text))
    assert engine.run({"name": [(1, "a b"), (2, "é")]}) == {"out": [("a b",), ("é",)]}
    for bad in ("a\tb", "a\nb", "a\rb"):
        with pytest.raises(EngineError, match="tab, newline"):
            engine.run({"name": [(1, bad)]})


def test_program_text_has_no_fact_values():
    engine = SouffleEngine(program(CLOSURE))
    assert "98765" not in engine.program_text
    with engine.open({"edge": [(98765, 1)]}) as session:
        assert (session._dir / "program.dl").read_text() == engine.program_text
        assert "98765" not in (session._dir / "program.dl").read_text()


def test_real_rules_empty_facts(monkeypatch):
    """The real rules on no facts: every output empty, run under the 30 s deadline the engine was
    given. The engine enforces it (the subprocess is killed past it: EngineTimeout, tested on every
    engine in test_bad_input.py); this test asserts the deadline that reached the subprocess call,
    never the wall clock."""
    rules = load_rules()
    deadlines = []
    real_run = binary.run

    def run(cmd, **kwargs):
        deadlines.append(kwargs.get("timeout"))
        return real_run(cmd, **kwargs)

    monkeypatch.setattr(binary, "run", run)
    out = SouffleEngine(rules, timeout=30).run({})
    assert sorted(out) == sorted(r.name for r in rules.outputs)
    assert all(rows == [] for rows in out.values())
    assert deadlines == [30]


def test_real_rules_render_keeps_rule_order():
    rules = load_rules()
    text = render_program(rules)
    # the rendered text parses back to the same program (same rules, same order)
    again = assemble(parse_program(text, file="<rendered>"))
    assert again.rules == rules.rules
    assert again.relations == rules.relations


def test_explain_prov_sample():
    prov = program(PROV)
    assert SouffleEngine(prov).run(PROV_FACTS) == {"answer": [(7, 100)]}
    proofs = explain(prov, PROV_FACTS, ["answer(7,100)", "answer(7, 101)", "hit(7,100,0,2,3,1)"])
    assert len(proofs) == 3
    first, missing, hit = proofs
    assert first["proof"]["premises"] == "answer(7, 100)"
    assert first["proof"]["rule-number"] == "(R1)"

    def axioms(node):
        if "axiom" in node:
            yield node["axiom"]
        for child in node.get("children", ()):
            yield from axioms(child)

    assert "qc(7, 0, 2)" in set(axioms(first["proof"]))
    assert "!miss(7, 100)" in set(axioms(first["proof"]))
    assert any(r["rule"].startswith("answer(q,i)") for r in first["rules"])
    assert missing is None
    assert hit["proof"]["premises"] == "hit(7, 100, 0, 2, 3, 1)"
    assert "coord(100, 0, 3, 1)" in set(axioms(hit["proof"]))


def test_explain_rejects_unknown_relation():
    with pytest.raises(EngineError, match="unknown relation"):
        explain(program(PROV), PROV_FACTS, ["nope(1)"])
    assert explain(program(PROV), PROV_FACTS, []) == []


def test_souffle_failure_raises_with_stderr():
    engine = SouffleEngine(program(CLOSURE))
    engine.program_text = engine.program_text + "\nthis is not datalog\n"
    with pytest.raises(EngineError, match="(?s)exited 1.*Error"):
        engine.run({"edge": [(1, 2)]})


def test_warnings_are_logged_not_raised(caplog):
    text = CLOSURE + """
.decl lonely(x:number)
.decl seen(x:number)
.output seen
seen(x) :- edge(x, _), !lonely(x).
"""
    with caplog.at_level("DEBUG", logger="latweave.engines.souffle"):
        out = SouffleEngine(program(text)).run({"edge": [(1, 2)]})
    assert out["seen"] == [(1,)]
    assert "No rules/facts defined for relation lonely" in caplog.text
