"""The one semi-naive planner (latweave/engines/seminaive.py): DuckDB, SQLite and Spark evaluate
from the same plan — the same strata, levels, inputs, variants and delta parities, only the SQL
text and the tables' names differ — and its rounds run on a real database in the order it says."""

from __future__ import annotations

import re
from pathlib import Path

from latweave.datalog import load_rules
from latweave.datalog.parser import assemble, parse_program
from latweave.datalog.strata import stratify
from latweave.engines import seminaive
from latweave.engines.dialects.duckdb import DuckDB
from latweave.engines.dialects.sqlite import Sqlite
from latweave.engines.duckdb_engine import DuckDBEngine
from latweave.engines.spark_engine import SparkEngine
from latweave.engines.dialects.sql import full_table
from latweave.engines.sqlite_engine import SqliteEngine, SqliteSession
from latweave.engines.sqlite_store import fingerprint
from tests.support.programs import PATH as CLOSURE, program

GOLDEN = Path(__file__).parent / "golden" / "render"


def small():
    return assemble(parse_program((GOLDEN / "small.dl").read_text(encoding="utf-8"), file="small.dl"))


def shape(plan: seminaive.SemiNaivePlan) -> list:
    """Everything the plan says but the SQL text."""
    def variants(vs):
        return [(v.reads, v.tables, v.delta_pos, v.distinct) for v in vs]

    return [(p.stratum, p.level, p.inputs, {r: variants(vs) for r, vs in p.base.items()},
             {r: {parity: variants(vs) for parity, vs in by.items()} for r, by in p.step.items()})
            for p in plan.strata]


def test_sql_and_spark_evaluate_from_one_plan():
    for prog in (small(), load_rules()):
        duckdb, spark = DuckDBEngine(prog).plan, SparkEngine(prog).plan
        sqlite, _ = SqliteEngine(prog).plan(frozenset())
        assert shape(duckdb) == shape(spark) == shape(sqlite)
        assert [p.stratum for p in duckdb.strata] == list(stratify(prog))
        # only the text differs: tables for DuckDB, views r<i> (deltas d0_<i>, d1_<i>) for Spark
        for sql_plan, delta in ((duckdb, r'"\w+\$delta([01])"'), (spark, r"\bd([01])_\d+\b")):
            base = " ".join(v.sql for p in sql_plan.strata for vs in p.base.values() for v in vs)
            step = {parity: " ".join(v.sql for p in sql_plan.strata for by in p.step.values() for v in by[parity])
                    for parity in seminaive.PARITIES}
            assert not re.search(delta, base + step[None])
            assert set(re.findall(delta, step[0])) == {"0"} and set(re.findall(delta, step[1])) == {"1"}


def test_waves_are_the_plan_in_order_or_its_levels_together():
    plan = seminaive.plan(load_rules())
    assert seminaive.waves(plan.strata, together=False) == [(p,) for p in plan.strata]
    waves = seminaive.waves(plan.strata, together=True)
    assert sorted((id(p) for w in waves for p in w)) == sorted(id(p) for p in plan.strata)  # each once
    assert [w[0].level for w in waves] == sorted(w[0].level for w in waves)
    for wave in waves:
        assert len({p.level for p in wave}) == 1
        if len(wave) > 1 or not wave[0].stratum.recursive:
            assert not any(p.stratum.recursive for p in wave)
        written = {rel for p in wave for rel in p.stratum.relations}
        read = {a.relation for p in wave for r in p.stratum.rules for a in (*r.positive, *r.negative)}
        assert len(wave) == 1 or not written & read  # strata of one wave never read one another
    # a level's strata together: far fewer evaluations than strata (Spark's jobs)
    assert len(waves) < len(plan.strata) / 2


def test_rounds_read_the_full_relation_then_the_deltas_in_turn():
    rounds = seminaive.rounds()
    assert [next(rounds) for _ in range(5)] == [(None, 0), (0, 1), (1, 0), (0, 1), (1, 0)]


def test_a_recursive_stratum_runs_the_planned_rounds_on_sqlite():
    """edge 1->2->3->4->5: path's base rule, then rounds finding paths of 2, 3 and 4 edges, and one
    that finds none; each round writes the delta the next one reads."""
    engine = SqliteEngine(program(CLOSURE))
    with engine.open({}) as session:
        session.fused = False   # the rules' rounds (a run fused is one statement: tests/test_fused.py)
        statements: list[str] = []
        session.con.set_trace_callback(statements.append)
        out = session.run({"edge": [(1, 2), (2, 3), (3, 4), (4, 5)]})
    assert out == {"path": sorted((a, b) for a in range(1, 6) for b in range(a + 1, 6))}
    rounds = [(m.group(1), re.findall(r'"path\$delta(\d)"', m.group(2)))
              for m in (re.match(r'(?:WITH .*? )?INSERT INTO "path\$delta(\d)" (.*)', s) for s in statements) if m]
    assert rounds == [("0", []), ("1", ["0"]), ("0", ["1"]), ("1", ["0"])]
    first = next(i for i, s in enumerate(statements) if s.startswith('INSERT INTO "path" '))
    assert first < next(i for i, s in enumerate(statements) if "path$delta0" in s)  # base rules first


def test_the_plan_of_a_stored_sqlite_database_is_unchanged():
    """The fingerprint a stored engine database is checked against (sqlite_store.py) hashes what
    decides the file — the lattice strata's plan, the lattice tables, the indexes: the same plan,
    the same hash, so databases built before stay readable. (Last changed by format 2: the
    tables' keys and secondary indexes are in it.)"""
    engine = SqliteEngine(small())
    assert fingerprint(engine, frozenset({"edge", "blocked"})) == (
        "5f277188aad1d735e73497a877ee5830b39963ed1b1699b592da5a81e66e6dd4")
    assert fingerprint(engine, frozenset()) == "67ebe50ef641b594764b702d42451761521e4d42a241e75cbd8b7e6e6a77b922"


def test_a_plan_names_its_tables_through_its_dialect():
    plan = seminaive.plan(program(CLOSURE), Sqlite())
    assert plan.tables == {'"edge"': ("edge", ("number", "number")), '"path"': ("path", ("number", "number")),
                           '"path$delta0"': ("path$delta0", ("number", "number")),
                           '"path$delta1"': ("path$delta1", ("number", "number"))}
    assert plan.ddl['"path$delta1"'] == 'CREATE TABLE "path$delta1" (c0 INTEGER NOT NULL, c1 INTEGER NOT NULL)'
    assert seminaive.plan(program(CLOSURE)).dialect.name == DuckDB.name


#: A recursive stratum of two relations, one rule of it with two recursive atoms (so a variant
#: also reads the stratum's other relation in full) and one reading an input outside it.
EVEN_ODD = """
.decl edge(a:number, b:number)
.input edge
.decl red(a:number)
.input red
.decl even(a:number, b:number)
.output even
.decl odd(a:number, b:number)
.output odd
odd(a, b) :- edge(a, b).
even(a, c) :- odd(a, b), edge(b, c).
odd(a, c) :- even(a, b), edge(b, c).
odd(a, c) :- even(a, b), odd(b, c), red(b).
"""


class _Recording(SqliteSession):
    """A real in-memory SQLite session that records each round's work and counts `held` calls
    (evaluating the rules round by round: a run fused is one statement, tests/test_fused.py)."""

    fused = False

    def __init__(self, *args):   # SqliteSession's one initialiser, before `in_memory` opens it
        self.rounds: list = []
        self.held_calls = 0
        self._last: dict | None = None
        super().__init__(*args)

    def held(self, relation: str) -> int:
        self.held_calls += 1
        return super().held(relation)

    def extend(self, p, work, read, write):
        delta = self._last if read is not None else {rel: self.count.get(full_table(rel), 0)
                                                     for rel in p.stratum.relations}
        self.rounds.append((work, [(rel, seminaive.live(p.step[rel][read], lambda r: self.count.get(full_table(r), 0), delta))
                                   for rel in p.stratum.relations]))
        self._last = super().extend(p, work, read, write)
        return self._last


def test_each_round_evaluates_exactly_the_variants_live_keeps():
    """The rounds skip a relation whose variants all read an empty delta without asking about the
    others, yet evaluate, round by round, exactly the variants `live` keeps (in its order)."""
    engine = SqliteEngine(program(EVEN_ODD))
    for red in ([], [(2,), (5,)], [(n,) for n in range(12)]):
        session = _Recording.in_memory(engine, {})
        edges = [(n, n + 1) for n in range(10)] + [(3, 7), (8, 2)]
        out = session.run({"edge": edges, "red": red})
        reference = SqliteEngine.open(engine, {})
        try:
            assert out == reference.run({"edge": edges, "red": red})
        finally:
            reference.close()
        assert len(session.rounds) > 5
        assert any(dict(work)["odd"] and not dict(work)["even"] for work, _ in session.rounds)
        for work, expected in session.rounds:
            assert work == expected
        session.close()


def test_a_round_asks_nothing_about_relations_outside_its_stratum():
    """A long chain takes many rounds; `edge`, outside path's stratum, is looked at once, not once a
    round: the executor is asked the same number of times for 5 rounds as for 60."""
    engine = SqliteEngine(program(CLOSURE))
    calls = []
    for n in (5, 60):
        session = _Recording.in_memory(engine, {})
        out = session.run({"edge": [(i, i + 1) for i in range(n)]})
        assert len(out["path"]) == n * (n + 1) // 2 and len(session.rounds) == n
        calls.append(session.held_calls)
        session.close()
    assert calls[0] == calls[1]
