"""The SQLite engine: joins in a fixed order, B-tree indexes on the columns the per-query rules
probe the lattice by, and the same answers as the Datalog semantics, run after run."""

from __future__ import annotations

import pytest

from latweave.datalog import load_rules
from latweave.datalog.ir import Const
from latweave.engines.dialects import sqlite
from latweave.engines.sqlite_engine import SqliteEngine
from latweave.errors import EngineError, LatweaveError
from tests.support.programs import CLOSURE, program


def lattice_of_rules() -> frozenset[str]:
    return frozenset({"dimension", "functional", "ordered", "node", "top", "subsumes", "synonym", "bounds",
                      "magnitude", "instance", "alias", "coord", "qualifier"})


def test_a_session_answers_per_run_facts_over_fixed_ones_and_forgets_them():
    engine = SqliteEngine(program(CLOSURE))
    base = {"edge": [(1, 2), (2, 3), (3, 1), (3, 4)], "label": [(4, "four\x00\t☃"), (2, "two")]}
    with engine.open(base) as session:
        assert session.run({"start": [(3,)]}) == {"seen": [(2, "two"), (4, "four\x00\t☃")]}
        assert session.run({"start": [(4,)]}) == {"seen": []}
        # a run may extend a fixed relation; the next run sees the lattice as it was
        assert session.run({"start": [(4,)], "edge": [(4, 2)]}) == {"seen": [(2, "two"), (4, "four\x00\t☃")]}
        assert session.run({"start": [(4,)]}) == {"seen": []}


def test_fixed_strata_are_evaluated_once_and_probed_through_indexes():
    engine = SqliteEngine(program(CLOSURE))
    with engine.open({"edge": [(1, 2), (2, 3)], "label": [(3, "c")]}) as session:
        # path depends on edge alone: part of the lattice; `seen` joins it with a as bound
        assert "path" in engine.lattice(session.base_inputs)
        assert ("path", (0, 1)) in session.indexes and ("label", (0, 1)) in session.indexes
        (c,) = [c for c in session.plans if c.stratum.relations == ("seen",)]
        (variant,) = c.base["seen"]
        plan = "\n".join(session.explain(variant.sql))
        assert 'FROM "start" AS t0 CROSS JOIN "path" AS t1 CROSS JOIN "label" AS t2' in variant.sql
        assert "USING COVERING INDEX path$ix$0_1" in plan and "INDEX label$ix$0_1" in plan, plan


def test_the_real_rules_probe_coordinates_by_instance_and_by_value():
    engine = SqliteEngine(load_rules())
    _, indexes = engine.plan(lattice_of_rules())
    keys = {key for rel, key in indexes if rel == "coord"}
    # hit from a seed: coord(x, d, w, p) with d, w bound; from a reached x: with x, d bound
    assert keys == {(1, 2, 0, 3), (0, 1, 2, 3)}
    assert ("desc", (0, 1, 2)) in indexes and ("resolve", (0, 1, 2)) in indexes


def test_join_order_puts_the_delta_first_then_the_body_order_without_cartesian_products():
    rules = load_rules()
    gen = sqlite.Sqlite()
    (rule,) = [r for r in rules.rules if r.head.relation == "hit" and r.positive[0].relation == "reached"]
    order = gen.join_order(rule, delta=0)
    assert [rule.positive[i].relation for i, _ in order] == [
        "reached", "constraint_next", "constraint_dim", "coord", "admits"]
    assert order[3][1] == (0, 1)  # coord joined with x and d bound


def test_constants_outside_64_bits_and_nul_are_refused_in_sqlites_words():
    gen = sqlite.Sqlite()
    assert gen.const(-3) == "(-3)" and gen.const(2**40) == str(2**40)
    with pytest.raises(EngineError, match="^sqlite: constant .* outside SQLite's 64-bit integers$"):
        gen.const(2**63)
    with pytest.raises(LatweaveError, match="^sqlite: .*NUL character, which SQLite cannot store$"):
        gen.term(Const("a\x00b"))


@pytest.mark.slow
def test_the_real_rules_agree_with_duckdb_on_the_zoo(zoo_lattice):
    from tests.support.plans import ZOO_PLANS, run_plans as _run

    out = {name: [r.to_json() for r in _run(zoo_lattice, name, ZOO_PLANS)] for name in ("duckdb", "sqlite")}
    assert out["sqlite"] == out["duckdb"] and len(out["duckdb"]) == len(ZOO_PLANS) > 0


def test_every_connection_frees_temp_pages_without_zeroing_them_and_leaves_main_as_built(tmp_path):
    """TEMP's freed pages are not overwritten (SECURE_DELETE, on in Debian's SQLite, zeroed every
    page a run's scratch tables gave back); the main database keeps the library's setting, so a
    written file's bytes do not depend on this."""
    import sqlite3

    from latweave.engines.sqlite_connection import Use, connect

    (default,) = sqlite3.connect(":memory:").execute("PRAGMA main.secure_delete").fetchone()
    path = tmp_path / "e.db"
    writer = connect(Use.WRITE, path)
    writer.execute("CREATE TABLE t (c0 INTEGER)")
    for con in (connect(Use.MEMORY), writer, connect(Use.READ, path)):
        assert con.execute("PRAGMA temp.secure_delete").fetchone() == (0,)
        assert con.execute("PRAGMA main.secure_delete").fetchone() == (default,)
        con.close()


def test_engines_of_one_program_share_its_plan_and_fingerprint_and_no_other_engine_does():
    """Each Runner makes its own engine: the rules are planned once per process for a program and
    the dialect's setting (seminaive.shared_plan), and a stored database's fingerprint worked out
    once (sqlite_store.fingerprint) — the same digest as worked out afresh; another program, or
    the other setting, gets its own."""
    import copy

    from latweave.engines import seminaive, sqlite_store

    class Probing(SqliteEngine):
        index_per_query = True

    program = load_rules()
    base = frozenset({"node", "subsumes", "coord", "instance", "dimension"})
    one, two, probing = SqliteEngine(program), SqliteEngine(program), Probing(program)
    assert one.plan(base)[0] is two.plan(base)[0]
    assert probing.plan(base)[0] is not one.plan(base)[0]
    assert SqliteEngine(copy.deepcopy(program)).plan(base)[0] is not one.plan(base)[0]   # another program object
    kept = sqlite_store.fingerprint(one, base)
    assert sqlite_store.fingerprint(two, base) == kept == sqlite_store._fingerprint(SqliteEngine(program), base)
    assert sqlite_store.fingerprint(probing, base) == sqlite_store._fingerprint(Probing(program), base) != kept
    assert seminaive.plan(program, seminaive.DuckDB()) is not one.plan(base)[0]   # (plan() itself keeps nothing)
