"""One statement per plan shape (engines/fused.py over datalog/specialize.py) derives exactly what
the rules evaluated stratum by stratum derive: every output relation, row for row, on every plan
of the demo corpora, the contested and timed corpora and random lattices (contested and timed
ones among them) — and it is what a question actually runs."""

from __future__ import annotations

from pathlib import Path

import pytest

from latweave.compile.plan_facts import compile_plans
from latweave.datalog import load_rules
from latweave.datalog.ir import Param
from latweave.datalog.specialize import literals, shape
from latweave.errors import LatweaveError
from latweave.execute import Runner
from latweave.ingest.builds import build_corpus
from latweave.ingest.write import save_lattice
from latweave.paths import RULES
from latweave.plan.read import read_plan
from tests.support.lattices import random_lattice, random_plans
from tests.support.plans import DISPUTE_CASES, DISPUTES_EXTRA, EXAMPLES, MOVIE_PLANS, TENURE_CASES, ZOO_PLANS

CORPORA = RULES.parent / "corpora"

def _texts(name: str) -> list[str]:
    cases = {
        "zoo": list(ZOO_PLANS),
        "movies": MOVIE_PLANS,
        "disputes": [c[0] for c in DISPUTE_CASES] + DISPUTES_EXTRA,
        "tenures": [c[0] for c in TENURE_CASES],
    }[name]
    cases += [e[1] for e in EXAMPLES if e[0] == name]
    return [t for t in dict.fromkeys(cases) if isinstance(t, str)]


@pytest.fixture(scope="module")
def lattices(tmp_path_factory) -> dict[str, tuple[Path, list[str]]]:
    root = tmp_path_factory.mktemp("fused")
    out = {}
    for name in ("zoo", "movies", "disputes", "tenures"):
        build_corpus(CORPORA / name, root / name)
        out[name] = (root / name, _texts(name))
    for name, seed, pairs, periods in (("random", 3, False, False), ("contested", 12, True, False),
                                       ("timed", 21, True, True)):
        lattice = random_lattice(seed, functional_pairs=pairs, periods=periods)
        save_lattice(lattice, root / name)
        out[name] = (root / name, random_plans(lattice, seed + 100, 50))
    return out


def _both(directory: Path, texts: list[str]) -> tuple[int, int, dict]:
    """Each plan that compiles, run alone both ways on the lattice's stored SQLite session:
    (plans compared, plans the statement answered, its session's shapes)."""
    compared = fused = 0
    with Runner(directory, "sqlite") as runner:
        session = runner.session
        for text in texts:
            try:
                plan = runner.check(read_plan(text), text)
                facts = dict(compile_plans([plan], runner.compiled, runner.view).facts)
            except LatweaveError:
                continue
            session.fused = False
            want = session.run(facts)
            session.fused = True
            got = session.run(facts)
            assert got == want, f"{directory.name}: {text}"
            key, _ = session._shape(session._materialise(facts))
            compared += 1
            fused += session._shapes.get(key) is not None   # absent: past FUSED_ROWS
        return compared, fused, dict(session._shapes)


@pytest.mark.parametrize("name", ["zoo", "movies", "disputes", "tenures", "random",
                                  # (6–7 s each: the full suite's; the fast tier has the five above)
                                  *(pytest.param(n, marks=pytest.mark.slow) for n in ("contested", "timed"))])
def test_one_statement_derives_what_the_rules_derive(lattices, name):
    directory, texts = lattices[name]
    compared, fused, _ = _both(directory, texts)
    assert compared >= 4, f"only {compared} plans of {name} compile"
    if name in ("random", "contested", "timed"):
        # drawn plans can be large (many constraints, arguments through chains): past the size
        # limits (FUSED_ROWS, MAX_PATTERNS) they run the rules as written
        assert fused >= 0.6 * compared, f"{compared - fused} of {compared} plans fell back to the rules"
    else:   # the corpora's plans, written as a user would, are all answered by their statements
        assert fused == compared, f"{compared - fused} of {compared} plans fell back to the rules"


def test_a_plan_past_the_size_limits_runs_the_rules_as_written(lattices):
    directory, _ = lattices["zoo"]
    constraints = ", ".join(["species <= animal", "lifespan_years > 1", "lifespan_years < 1000"][i % 3]
                            for i in range(24))
    compared, fused, shapes = _both(directory, [f"meet({constraints})"])
    assert compared == 1 and fused == 0 and list(shapes.values()) == [None]


def test_plans_of_one_shape_share_a_statement_and_differ_in_its_parameters(lattices):
    directory, _ = lattices["zoo"]
    texts = ['meet(species <= mammal, habitat <= aquatic)', 'meet(species <= bird, habitat <= aerial)',
             'meet(species <= fish, habitat <= land)']
    compared, fused, shapes = _both(directory, texts)
    assert compared == fused == 3
    assert len(shapes) == 1
    (plan,) = shapes.values()
    # the named values are parameters: none of the plans' words is in the statement
    assert "?1" in plan.sql and not any(word in plan.sql for word in ("mammal", "aquatic", "bird"))


def test_a_shape_keeps_the_rules_numbers_and_numbers_every_other_value():
    kept = literals(load_rules())
    assert {0, 1} <= kept
    key, values = shape({"meet_of": [(0, 0), (1, 0)], "constraint_name": [(0, 0, 9001), (1, 0, 9001)],
                         "empty": []}, kept)
    assert values == [9001] and key == (("constraint_name", ((0, 0, -1), (1, 0, -1))), ("meet_of", ((0, 0), (1, 0))))
    # the same shape with another value: the same key, another parameter
    key2, values2 = shape({"meet_of": [(0, 0), (1, 0)], "constraint_name": [(0, 0, 77), (1, 0, 77)]}, kept)
    assert key2 == key and values2 == [77]
    # two different values where the first plan had one: another shape
    key3, _ = shape({"meet_of": [(0, 0), (1, 0)], "constraint_name": [(0, 0, 77), (1, 0, 78)]}, kept)
    assert key3 != key
    assert str(Param(0)) == "$0"


def test_the_dimensions_a_plan_names_are_decided_when_its_shape_is_written(lattices):
    """`dimension` (a dozen rows) is held by the session and decided per slot (datalog/specialize.py,
    "Decided lattice facts"): a plan naming dimensions the lattice has runs a statement without a
    check of them; the same facts naming one it lacks are another shape, which abstains
    `out_of_scope` as the rules as written do."""
    directory, _ = lattices["zoo"]
    text = "meet(species <= mammal) -> habitat"
    with Runner(directory, "sqlite") as runner:
        session = runner.session
        facts = dict(compile_plans([runner.check(read_plan(text), text)], runner.compiled, runner.view).facts)
        rows = session._materialise(facts)
        got = session.run(facts)
        statement = session._shapes[session._shape(rows)[0]].sql
        assert "unknown_dimension" not in statement and '"dimension"' not in statement
        assert got["answer"] and not got["abstain"]
        (m, habitat), = facts["meet_project"]
        instance = next(iter(runner.compiled.facts["instance"]))[0]   # an id that names no dimension
        bad = dict(facts, meet_project=[(m, instance)])
        session.fused = False
        want = session.run(bad)
        session.fused = True
        assert session.run(bad) == want and ("out_of_scope" in {r[1] for r in want["abstain"]})
        assert session._shape(session._materialise(bad))[0] != session._shape(rows)[0]
        assert session._shapes[session._shape(session._materialise(bad))[0]] is not None


def test_a_read_another_read_implies_is_left_out(lattices):
    """datalog/specialize.py `_implied`: a meet's second `reached` joined the first constraint's
    hits with the next constraint's, which were made from those very hits; it now reads the next
    hits alone (no rule of the program reads a pattern that another of its reads implies), and
    the statement derives what the rules as written derive (every corpus: the test above)."""
    from latweave.datalog.specialize import _implies

    directory, _ = lattices["zoo"]
    text = "meet(species <= mammal, habitat <= aquatic)"
    with Runner(directory, "sqlite") as runner:
        session = runner.session
        facts = dict(compile_plans([runner.check(read_plan(text), text)], runner.compiled, runner.view).facts)
        session.fused = False
        want = session.run(facts)
        session.fused = True
        assert session.run(facts) == want and want["answer"]
        spec = session._shapes[session._shape(session._materialise(facts))[0]].spec
    single = {p.name: p.rules[0] for p in spec.patterns if not p.recursive and len(p.rules) == 1}
    hits = {p.name for p in spec.patterns if p.relation == "hit"}
    nested = {p.name for p in spec.patterns if p.relation == "hit" and p.reads & hits}   # made from the first's
    (second,) = [p for p in spec.patterns if p.relation == "reached" and p.reads & nested]
    assert [a.relation for a in second.rules[0].positive] == sorted(nested)   # the next hits alone
    for p in spec.patterns:
        for rule in p.rules:
            atoms = rule.positive
            assert not any(b is not a and _implies(b, a, single.get(b.relation), rule) for a in atoms for b in atoms), rule


def test_a_question_runs_one_statement(lattices):
    directory, _ = lattices["movies"]
    statements = []
    with Runner(directory, "sqlite") as runner:
        session = runner.session
        plan = runner.check(read_plan(MOVIE_PLANS[0]), MOVIE_PLANS[0])
        runner.run_one(plan)   # the first run of a shape writes its statement
        session.con.set_trace_callback(statements.append)
        result = runner.run_one(plan)
        session.con.set_trace_callback(None)
    assert result.status in ("answer", "abstain")
    assert len(statements) == 1 and statements[0].startswith("WITH RECURSIVE"), statements[:3]


def test_rows_given_as_iterators_are_read_once_whichever_way_the_run_goes():
    """A run's facts may be iterators: one read by a fused run, or by a run past the bounds that
    falls back to the rules, gives what lists give (a fallback once read them a second time, empty)."""
    from latweave.engines.sqlite_engine import SqliteEngine
    from tests.support.programs import CLOSURE, program

    engine = SqliteEngine(program(CLOSURE))
    with engine.open({"label": [(i, f"n{i}") for i in range(120)]}) as session:
        for n in (3, 100):   # a small run (fused) and one past FUSED_ROWS (the rules)
            edges = [(i, i + 1) for i in range(n)]
            want = session.run({"edge": edges, "start": [(0,)]})
            assert len(want["seen"]) == n
            assert session.run({"edge": iter(edges), "start": iter([(0,)])}) == want



def test_an_implied_read_is_left_out_only_where_every_column_it_ties_is_the_implying_reads():
    """`_implies` on hand-made rules: a pattern `b(x, y) :- a(x, z), coord(z, y)` implies `a(x, _)`
    and `a(x, u)` with `u` used nowhere else, not `a(x, u)` where `u` is used again, nor `a(u, u)`
    (its two columns tied, though `u` is used nowhere else), nor an atom of another relation."""
    from latweave.datalog.ir import Atom, Rule, Var, Wildcard
    from latweave.datalog.specialize import _implies

    x, y, z, u = (Var(n) for n in "xyzu")
    definition = Rule(Atom("b#1", (x, y)), (Atom("a#0", (x, z)), Atom("coord", (z, y))), None)
    b = Atom("b#1", (x, y))

    def implied(a, *more):
        rule = Rule(Atom("r#2", (x, y)), (a, b, *more), None)
        return _implies(b, a, definition, rule)

    assert implied(Atom("a#0", (x, Wildcard()))) and implied(Atom("a#0", (x, u)))
    assert not implied(Atom("a#0", (x, u)), Atom("coord", (u, y)))   # u read again: not the b row's
    assert not implied(Atom("a#0", (u, u)))                         # its columns tied
    assert not implied(Atom("a#0", (y, Wildcard())))                # another column
    assert not implied(Atom("c#3", (x, Wildcard())))
