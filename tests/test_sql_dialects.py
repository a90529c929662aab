"""The SQL dialects (DuckDB, SQLite, Spark) are tables of class attributes over one SQL generator
(latweave/engines/dialects/sql.py), registered by their engine's name: what a target writes
differently is declared, never edited into text the generator wrote."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from latweave.datalog.ir import Const
from latweave.datalog.parser import assemble, parse_program
from latweave.engines.dialects import DIALECTS, DuckDB, SparkSql, Sql, Sqlite, dialect
from latweave.errors import EngineError, LatweaveError

ENGINES = Path(__file__).parents[1] / "latweave" / "engines"

RULE = r'''
.decl e(a:number, s:symbol)
.input e
.decl f(a:number)
.input f
.decl p(a:number, s:symbol)
p(a, s) :- e(a, s), f(a), !f(7), a != 2199023255552, a > 0 - 3, s = "it's\\".
'''


def rule():
    return assemble(parse_program(RULE, file="<test>")).rules[0]


def test_each_sql_dialect_is_registered_by_its_engine_name():
    assert dialect("duckdb") is DuckDB is DIALECTS["duckdb"]
    assert dialect("sqlite") is Sqlite and dialect("spark") is SparkSql
    assert DuckDB.__module__ == "latweave.engines.dialects.duckdb"
    assert Sql not in DIALECTS.values()  # the shared generator is no engine's dialect
    with pytest.raises(LatweaveError) as info:
        dialect("sql")
    assert info.value.message == "unknown dialect 'sql'"
    assert info.value.hint == "choose one of: clingo, duckdb, pydatalog, souffle, spark, sqlite"


def test_one_rule_in_each_sql_dialect():
    """The same SELECT (its second atom reading a delta), as each target writes it."""
    spark = SparkSql({"e": "r0", "f": "r1", "p": "r2"})
    got = {d.name: d.select(rule(), [d.source("e"), d.source("f", 0)], delta=1).text()
           for d in (DuckDB(), Sqlite(), spark)}
    assert got == {
        "duckdb": ('SELECT t0.c0, t0.c1 FROM "e" AS t0, "f$delta0" AS t1 WHERE t1.c0 = t0.c0 AND NOT EXISTS '
                   '(SELECT 1 FROM "f" AS n1 WHERE n1.c0 = 7) AND t0.c0 <> CAST(2199023255552 AS BIGINT) '
                   "AND t0.c0 > (0 - 3) AND t0.c1 = 'it''s\\'"),
        # the delta first, joined by CROSS JOIN; numbers bare
        "sqlite": ('SELECT t0.c0, t1.c1 FROM "f$delta0" AS t0 CROSS JOIN "e" AS t1 WHERE t1.c0 = t0.c0 AND NOT '
                   'EXISTS (SELECT 1 FROM "f" AS n1 WHERE n1.c0 = 7) AND t0.c0 <> 2199023255552 '
                   "AND t0.c0 > (0 - 3) AND t1.c1 = 'it''s\\'"),
        # views, every number cast, backslash escapes
        "spark": ("SELECT t0.c0, t0.c1 FROM r0 AS t0, d0_1 AS t1 WHERE t1.c0 = t0.c0 AND NOT EXISTS "
                  "(SELECT 1 FROM r1 AS n1 WHERE n1.c0 = CAST(7 AS BIGINT)) AND t0.c0 <> CAST(2199023255552 AS "
                  "BIGINT) AND t0.c0 > (CAST(0 AS BIGINT) - CAST(3 AS BIGINT)) AND t0.c1 = 'it\\'s\\\\'"),
    }


class SqliteByAttributes(DuckDB):
    """DuckDB's dialect with SQLite's table: what is left to tell them apart is the join order."""

    name = "sqlite"
    title = "SQLite"
    prefix_errors = True
    types = Sqlite.types
    flag_type = Sqlite.flag_type
    integer_bits = Sqlite.integer_bits
    bare_numbers = Sqlite.bare_numbers
    join = Sqlite.join
    union_parens = Sqlite.union_parens


def test_a_dialect_is_its_class_attributes():
    mimic, sqlite = SqliteByAttributes(), Sqlite()
    r = rule()
    sources = [sqlite.source("e"), sqlite.source("f")]  # no delta: SQLite keeps the body's order
    ours, theirs = mimic.select(r, sources), sqlite.select(r, sources)
    assert ours == theirs and ours.text() != DuckDB().select(r, sources).text()
    for except_table in (None, '"p"'):
        assert mimic.insert('"p"', [ours, ours], except_table) == sqlite.insert('"p"', [theirs, theirs], except_table)
    for types, temp in (((), False), (("number", "symbol"), True)):
        assert mimic.create_table("t", types, temp) == sqlite.create_table("t", types, temp)
    for value in (2**63, -(2**63) - 1, -3, "nul\x00", "it's"):
        def attempt(d):
            try:
                return d.term(Const(value))
            except EngineError as exc:
                return str(exc)
        assert attempt(mimic) == attempt(sqlite), value


def test_each_dialect_words_its_errors_in_its_own_name():
    cases = [(DuckDB(), "nul\x00", "a symbol constant contains a NUL character, which DuckDB cannot store"),
             (Sqlite(), "nul\x00", "sqlite: a symbol constant contains a NUL character, which SQLite cannot store"),
             (Sqlite(), 2**63, "sqlite: constant 9223372036854775808 is outside SQLite's 64-bit integers"),
             (SparkSql({}), 2**63, "spark: constant 9223372036854775808 is outside Spark's 64-bit integers")]
    for gen, value, message in cases:
        with pytest.raises(EngineError) as info:
            gen.term(Const(value))
        assert info.value.message == message
    assert SparkSql({}).term(Const("nul\x00")) == "'nul\x00'"  # Spark's strings hold NUL


#: The modules SQL text passes through, from the generator to the sessions that run it.
SQL_PATH = ("dialects/sql.py", "dialects/duckdb.py", "dialects/sqlite.py", "dialects/spark.py", "seminaive.py",
            "sql_session.py", "duckdb_engine.py", "duckdb_facts.py", "sqlite_engine.py", "sqlite_store.py",
            "sqlite_write.py", "sqlite_connection.py", "sqlite_places.py", "sqlite_upkeep.py",
            "sqlite_layers.py", "spark_engine.py", "spark_session.py", "spark_frames.py")


def test_no_sql_text_is_edited_after_it_is_written():
    """No string surgery on generated SQL or on error messages: no .replace, .partition, regular
    expressions, or slicing off a keyword's length."""
    for name in SQL_PATH:
        text = (ENGINES / name).read_text(encoding="utf-8")
        for pattern in (r"\.replace\(", r"\.partition\(", r"^import re$", r"\bre\.(sub|match|search)\(", r"\[len\("):
            assert not re.search(pattern, text, re.M), f"{name}: {pattern}"


def test_an_except_insert_leaves_deduplication_to_except_and_inserts_distinct_new_rows():
    """EXCEPT is a set operation: under it the SELECTs' rows go as they come (UNION ALL, no
    DISTINCT: a second sort of the same rows was most of the 300k-line KB's `desc` step), and what
    is inserted is still each new row once, on SQLite and DuckDB."""
    import sqlite3

    import duckdb

    program = assemble(parse_program('''
.decl e(a:number, b:number)
.input e
.decl g(a:number, b:number)
.input g
.decl t(a:number, b:number)
t(a, b) :- e(a, b).
t(a, b) :- g(a, b), e(b, _).
''', file="<test>"))
    rows = [(1, 2), (1, 2), (2, 3), (3, 1), (3, 1)]   # duplicates within e and across the two rules
    held = [(2, 3)]
    for target, connect in ((Sqlite, sqlite3.connect), (DuckDB, duckdb.connect)):
        sql = target()
        selects = [sql.select(r, ['"e"'] if len(r.positive) == 1 else ['"g"', '"e"']) for r in program.rules]
        text = sql.insert('"new"', selects, except_table='"t"')
        assert "DISTINCT" not in text and " UNION ALL " in text and not re.search(r"UNION (?!ALL)", text), text
        con = connect(":memory:")
        for table in ("e", "g", "t", "new"):
            con.execute(f'CREATE TABLE "{table}" (c0 BIGINT, c1 BIGINT)')
        con.executemany('INSERT INTO "e" VALUES (?, ?)', rows)
        con.executemany('INSERT INTO "g" VALUES (?, ?)', [(3, 1), (5, 1), (5, 1)])
        con.executemany('INSERT INTO "t" VALUES (?, ?)', held)
        con.execute(text)
        got = con.execute('SELECT c0, c1 FROM "new" ORDER BY c0, c1').fetchall()
        assert got == [(1, 2), (3, 1), (5, 1)], (target.__name__, got)


def test_one_dialect_renders_from_several_threads_at_once():
    """One dialect serves every session of a program in a process (seminaive.shared_plan), and a
    fused statement is rendered from it when a session first sees a shape: threads rendering at
    once must each get their own rule's SELECT (with one scope between them a rule read another's
    variables: an EngineError, or a SELECT over the wrong columns)."""
    import sys
    import threading

    from latweave.datalog.parser import load_rules
    from latweave.engines.dialects.sqlite import Sqlite

    rules = [r for r in load_rules().rules if r.positive][:60]
    dialect = Sqlite()

    def render(rule):
        return dialect.select(rule, [dialect.source(a.relation) for a in rule.positive]).text()
    expected = [render(r) for r in rules]
    wrong: list = []

    def work():
        for _ in range(3):
            for rule, want in zip(rules, expected):
                try:
                    if render(rule) != want:
                        wrong.append(rule)
                except Exception as exc:   # noqa: BLE001 — what the race raised: recorded, asserted below
                    wrong.append(exc)
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)   # switch threads as often as possible: the race shows within a pass
    try:
        threads = [threading.Thread(target=work) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(interval)
    assert wrong == []
