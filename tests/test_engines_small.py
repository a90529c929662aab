"""Every engine against small programs whose outputs were computed by hand.

Programs are written in the Souffle subset of rules/*.dl and parsed like the real rules. Each test
runs on every engine module that imports and whose `unavailable_reason()` is None; the others are
skipped with the reason (so a missing duckdb/souffle module, or a missing binary, skips rather than
fails).
"""

from __future__ import annotations

import importlib
import time

import pytest

from latweave.datalog import load_rules
from latweave.datalog.parser import assemble, parse_program
from latweave.engines.base import Engine
from tests.support.engines import cannot_run

#: Engines shipped with latweave; any other engine the name table (base.ENGINES) lists is added.
BUILTIN_ENGINES = ("clingo", "duckdb", "pydatalog", "souffle")
#: The engines this file's author owns: these must import, never skip on an import error.
MUST_IMPORT = ("clingo", "pydatalog")


def _candidate_names() -> list[str]:
    names = set(BUILTIN_ENGINES)
    try:
        from latweave.engines.base import engine_names

        names.update(engine_names())
    except Exception:  # a builtin engine module missing or broken: test the rest by name
        pass
    return sorted(names)


def _engine_class(name: str) -> type[Engine]:
    """The engine class registered as `name`, or skip with the reason it cannot run here."""
    try:
        module = importlib.import_module(f"latweave.engines.{name}_engine")
    except Exception as exc:
        if name in MUST_IMPORT:
            raise
        module = None
        reason = f"module latweave.engines.{name}_engine does not import: {type(exc).__name__}: {exc}"
    cls = None
    if module is not None:
        cls = next((c for c in vars(module).values()
                    if isinstance(c, type) and issubclass(c, Engine) and getattr(c, "name", None) == name),
                   None)
        reason = f"no engine named {name!r} in latweave.engines.{name}_engine"
    if cls is None:
        try:
            from latweave.engines.base import engine_class

            cls = engine_class(name)
        except Exception:
            cls = None
    if cls is None:
        cannot_run(name, reason)
    why = cls.unavailable_reason()
    if why is not None:
        cannot_run(name, f"engine {name!r} unavailable: {why}")
    return cls


@pytest.fixture(params=_candidate_names())
def engine_cls(request) -> type[Engine]:
    return _engine_class(request.param)


def program(text: str):
    return assemble(parse_program(text, file="<test>"))


# ---------------------------------------------------------------------------------------------
# The table: (id, program text, facts, every output relation with its exact sorted rows)
# ---------------------------------------------------------------------------------------------

TRANSITIVE = """
.decl e(x:number, y:number)
.input e
// non-linear closure
.decl tc(x:number, y:number)
tc(x, y) :- e(x, y).
tc(x, z) :- tc(x, y), tc(y, z).
// the same closure through a recursion over three relations
.decl reach(x:number, y:number)
.decl via(x:number, y:number)
.decl hop(x:number, y:number)
reach(x, y) :- e(x, y).
via(x, y) :- reach(x, y).
hop(x, z) :- via(x, y), e(y, z).
reach(x, z) :- hop(x, z).
.output tc
.output reach
"""
_CLOSURE = sorted([(x, y) for x in (1, 2, 3) for y in (1, 2, 3, 4)] + [(5, 5)])

NEGATION = """
.decl node(x:number)
.input node
.decl edge(x:number, y:number)
.input edge
.decl source(x:number)
source(x) :- node(x), !edge(_, x).
.decl sink(x:number)
sink(x) :- node(x), !edge(x, _).
.decl isolated(x:number)
isolated(x) :- source(x), sink(x).
.decl connected(x:number)
connected(x) :- node(x), !isolated(x).
// two wildcards in one rule are two different variables
.decl pair(x:number, y:number)
pair(x, y) :- edge(x, _), edge(_, y), !edge(x, y).
.decl lonely(x:number)
lonely(x) :- node(x), !edge(x, _), !edge(_, x).
.decl unreached(x:number, y:number)
.decl tc(x:number, y:number)
tc(x, y) :- edge(x, y).
tc(x, z) :- tc(x, y), edge(y, z).
unreached(x, y) :- node(x), node(y), x != y, !tc(x, y), !tc(y, x).
.output source
.output sink
.output isolated
.output connected
.output pair
.output lonely
.output unreached
"""

EQUALITY = """
.decl num(x:number)
.input num
.decl succ(x:number, y:number)
succ(x, y) :- num(x), y = x + 1.
.decl pred(x:number, y:number)
pred(x, y) :- num(x), x - 1 = y.
.decl gap(x:number, y:number)
gap(x, y) :- num(x), num(y), y = x + 2.
.decl chain(x:number, z:number)
chain(x, z) :- num(x), z = y + 1, y = x + 1.
.decl mirror(x:number, y:number)
mirror(x, y) :- num(x), y = 10 - (x - 1).
.decl around(x:number, lo:number, hi:number)
around(x, x - 1, x + 1) :- num(x).
.output around
.output succ
.output pred
.output gap
.output chain
.output mirror
"""

COMPARE = """
.decl num(x:number)
.input num
.decl name(n:symbol)
.input name
.decl lt(x:number, y:number)
lt(x, y) :- num(x), num(y), x < y.
.decl ne(x:number, y:number)
ne(x, y) :- num(x), num(y), x != y.
.decl mid(x:number)
mid(x) :- num(x), x >= 2, x <= 3.
.decl big(x:number)
big(x) :- num(x), x > 1, 4 > x.
.decl other(a:symbol, b:symbol)
other(a, b) :- name(a), name(b), a != b.
.output lt
.output ne
.output mid
.output big
.output other
"""

SYMBOLS = """
.decl num(x:number)
.input num
.decl named(x:number, n:symbol)
.input named
.decl Upper_label(x:number, s:symbol)
Upper_label(x, "small") :- num(x), x < 3.
Upper_label(x, "big") :- num(x), x >= 3.
Upper_label(x, "quo\\"te \\\\ back") :- num(x), x = 4.
.decl greet(n:symbol, g:symbol)
greet(n, "hi") :- named(_, n).
.decl is_alice(x:number)
is_alice(x) :- named(x, "alice").
.decl not_alice(x:number, n:symbol)
not_alice(x, n) :- named(x, n), n != "alice".
.output Upper_label
.output greet
.output is_alice
.output not_alice
"""
_EVIL = 'x"). p(1). % \\ & ~q(X) #show'

CASES = [
    ("transitive_closure_cycle", TRANSITIVE,
     {"e": [(1, 2), (2, 3), (3, 1), (3, 4), (5, 5)]},
     {"tc": _CLOSURE, "reach": _CLOSURE}),
    ("stratified_negation_wildcards", NEGATION,
     {"node": [(1,), (2,), (3,), (4,), (5,)], "edge": [(1, 2), (2, 3), (4, 4)]},
     {"source": [(1,), (5,)],
      "sink": [(3,), (5,)],
      "isolated": [(5,)],
      "connected": [(1,), (2,), (3,), (4,)],
      "pair": [(1, 3), (1, 4), (2, 2), (2, 4), (4, 2), (4, 3)],
      "lonely": [(5,)],
      "unreached": [(1, 4), (1, 5), (2, 4), (2, 5), (3, 4), (3, 5), (4, 1), (4, 2), (4, 3),
                    (4, 5), (5, 1), (5, 2), (5, 3), (5, 4)]}),
    ("equality_binding", EQUALITY,
     {"num": [(1,), (2,), (4,)]},
     {"succ": [(1, 2), (2, 3), (4, 5)],
      "pred": [(1, 0), (2, 1), (4, 3)],
      "gap": [(2, 4)],
      "chain": [(1, 3), (2, 4), (4, 6)],
      "mirror": [(1, 10), (2, 9), (4, 7)],
      "around": [(1, 0, 2), (2, 1, 3), (4, 3, 5)]}),      # arithmetic in the head
    ("comparisons", COMPARE,
     {"num": [(1,), (2,), (4,)], "name": [("a",), ("B",)]},
     {"lt": [(1, 2), (1, 4), (2, 4)],
      "ne": [(1, 2), (1, 4), (2, 1), (2, 4), (4, 1), (4, 2)],
      "mid": [(2,)],
      "big": [(2,)],
      "other": [("B", "a"), ("a", "B")]}),
    ("symbol_constants", SYMBOLS,
     {"num": [(1,), (4,)],
      "named": [(1, "alice"), (2, "Bob"), (3, _EVIL), (4, "X")]},
     {"Upper_label": [(1, "small"), (4, "big"), (4, 'quo"te \\ back')],
      "greet": [("Bob", "hi"), ("X", "hi"), ("alice", "hi"), (_EVIL, "hi")],
      "is_alice": [(1,)],
      "not_alice": [(2, "Bob"), (3, _EVIL), (4, "X")]}),
]


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_small_program(engine_cls, case):
    _, text, facts, expected = case
    prog = program(text)
    assert set(expected) == {r.name for r in prog.outputs}  # the table itself is complete
    engine = engine_cls(prog)
    assert engine.run(facts) == expected
    # `run` gives the facts as a session's base facts (Engine.run: open(facts).run({})); an engine
    # with a run of its own is also asked through that session
    if type(engine).run is not Engine.run:
        with engine.open(facts) as session:
            assert session.run({}) == expected


SESSION = """
.decl e(x:number, y:number)
.input e
.decl extra(x:number, y:number)
.input extra
.decl link(x:number, y:number)
link(x, y) :- e(x, y).
link(x, y) :- extra(x, y).
.decl tc(x:number, y:number)
tc(x, y) :- link(x, y).
tc(x, z) :- tc(x, y), link(y, z).
.decl root(x:number)
root(x) :- link(x, _), !link(_, x).
.output tc
.output root
"""


@pytest.mark.slow
def test_session_reused_with_different_facts(engine_cls):
    engine = engine_cls(program(SESSION))
    with engine.open({"e": [(1, 2), (2, 3)]}) as session:
        first = session.run({"extra": [(3, 4)]})
        second = session.run({})
        third = session.run({"extra": [(3, 1)]})
    assert first == {"tc": [(1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)], "root": [(1,)]}
    assert second == {"tc": [(1, 2), (1, 3), (2, 3)], "root": [(1,)]}  # nothing left over
    assert third == {
        "tc": [(x, y) for x in (1, 2, 3) for y in (1, 2, 3)],
        "root": [],
    }


@pytest.mark.slow
def test_real_rules_empty_facts(engine_cls):
    rules = load_rules()
    start = time.perf_counter()
    out = engine_cls(rules).run({})
    elapsed = time.perf_counter() - start
    names = [r.name for r in rules.outputs]
    assert names  # the rules do declare outputs
    assert out == {name: [] for name in names}
    print(f"{engine_cls.name}: real rules, empty facts: {elapsed:.3f}s")


def test_name_table_lists_owned_engines():
    try:
        from latweave.engines.base import available_engines, engine_names

        named = engine_names()
        available = available_engines()
    except ImportError as exc:
        pytest.skip(f"some builtin engine module is missing, so the engines cannot be asked: {exc}")
    assert {"clingo", "pydatalog"} <= set(named)
    for name in ("clingo", "pydatalog"):
        cls = _engine_class(name)
        assert (name in available) == (cls.unavailable_reason() is None)


def test_pydatalog_refuses_what_it_cannot_represent():
    """pyDatalog reads the strings "True"/"False"/"??" as other things: it must refuse, not answer."""
    from latweave.errors import EngineError

    cls = _engine_class("pydatalog")
    engine = cls(program(".decl a(x:symbol)\n.input a\n.decl b(x:symbol)\nb(x) :- a(x).\n.output b\n"))
    assert engine.run({"a": [("true",)]}) == {"b": [("true",)]}
    with pytest.raises(EngineError, match="cannot be represented"):
        engine.run({"a": [("True",)]})
