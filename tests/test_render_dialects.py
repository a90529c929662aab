"""Golden rendering per dialect: the one generator writes the same text, byte for byte, for each
engine — a small fixed program (negation, comparisons, arithmetic, wildcards, string escapes,
recursion) and the real rules/*.dl — plus every dialect's quoting of the same constants, and every
engine's words for the fact rows it refuses.

The goldens under tests/golden/render/ were written from the engines as they rendered before they
became dialects of one generator, so they also prove that refactor changed no output. To accept a
deliberate change: LATWEAVE_UPDATE_GOLDEN=1 pytest tests/test_render_dialects.py (the rewritten goldens' tests
fail, "golden rewritten — review the diff"), then review the diff and run again.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from latweave.datalog import load_rules
from latweave.datalog.ir import Const
from latweave.datalog.parser import assemble, parse_program
from latweave.datalog.strata import stratify
from latweave.engines import engine_status
from latweave.engines.base import available_engines, engine_names, get_engine
from latweave.engines.dialects import DIALECTS, clingo, duckdb, pydatalog, souffle, sql, sqlite
from latweave.engines.seminaive import plan
from latweave.errors import LatweaveError
from tests.support.engines import cannot_run
from tests.support.golden import check_golden

GOLDEN = Path(__file__).parent / "golden" / "render"
ENGINES = Path(__file__).parents[1] / "latweave" / "engines"


def small_program():
    return assemble(parse_program((GOLDEN / "small.dl").read_text(encoding="utf-8"), file="small.dl"))


PROGRAMS = {"small": small_program, "rules": load_rules}


def check(name: str, text: str) -> None:
    check_golden(GOLDEN / name, text, f"rendering changed: {name}")


def pydatalog_text(program) -> str:
    """The whole program, then each stratum as the engine loads it (recursive ones read s_)."""
    out = ["# program", pydatalog.render_program(program)]
    for i, s in enumerate(stratify(program)):
        own = frozenset(s.relations)
        reads = {a.relation for r in s.rules for a in (*r.positive, *r.negative)}
        out.append(f"# stratum {i}: {' '.join(s.relations)} recursive={s.recursive} "
                   f"external={' '.join(sorted(reads - own))}")
        out.append(pydatalog.render_rules(s.rules, own if s.recursive else frozenset()))
    return "\n".join(out)


def sql_text(program, dialect=None) -> str:
    """Every SELECT of the semi-naive plan, each union as inserted, and every table's DDL."""
    p = plan(program, dialect)
    out = []
    for i, c in enumerate(p.strata):
        s = c.stratum
        out.append(f"-- stratum {i}: {' '.join(s.relations)} recursive={s.recursive} "
                   f"inputs={' '.join(sorted(c.inputs))}")
        for rel in s.relations:
            for v in c.base[rel]:
                out.append(f"-- base {rel} reads={','.join(v.reads)} distinct={v.distinct} delta={v.delta_pos}")
                out.append(v.sql)
            if c.base[rel]:
                out.append(p.insert(sql.full_table(rel), c.base[rel]))
            for parity in (None, 0, 1):
                variants = c.step[rel][parity]
                for v in variants:
                    out.append(f"-- step {rel} parity={parity} reads={','.join(v.reads)} "
                               f"distinct={v.distinct} delta={v.delta_pos}")
                    out.append(v.sql)
                if variants:
                    out.append(p.insert(sql.delta_table(rel, 0), variants, sql.full_table(rel)))
    out.append("-- tables")
    out.extend(p.ddl.values())
    return "\n".join(out) + "\n"


#: What the SQLite goldens hold fixed for a session: the small program's `edge` and `blocked`
#: (`label` comes per run), the real rules' lattice (schema.dl's first part).
SQLITE_LATTICE = {"small": {"edge", "blocked"},
                  "rules": {"dimension", "functional", "ordered", "node", "top", "subsumes", "synonym", "bounds",
                            "magnitude", "instance", "alias", "coord", "qualifier"}}


def sqlite_text(program) -> str:
    """The SQLite plan (joins ordered for that lattice), then the indexes its per-query rules probe."""
    from latweave.engines.sqlite_engine import SqliteEngine

    kind = "rules" if any(r.name == "coord" for r in program.relations) else "small"
    engine = SqliteEngine(program)
    base = frozenset(SQLITE_LATTICE[kind])
    _, indexes = engine.plan(base)
    text = sql_text(program, sqlite.Sqlite(probe=True))  # the golden holds the probing INSERTs
    return text + "-- indexes\n" + "".join(sqlite.create_index(ix) + "\n" for ix in indexes)


RENDER = {
    "souffle.dl": souffle.render_program,
    "clingo.lp": clingo.render_program,
    "pydatalog.txt": pydatalog_text,
    "duckdb.sql": sql_text,
    "sqlite.sql": sqlite_text,
}


@pytest.mark.parametrize("suffix", sorted(RENDER))
@pytest.mark.parametrize("program", sorted(PROGRAMS))
def test_golden_rendering(program, suffix):
    check(f"{program}.{suffix}", RENDER[suffix](PROGRAMS[program]()))


def test_the_small_program_covers_what_it_promises():
    text = (GOLDEN / "small.duckdb.sql").read_text(encoding="utf-8")
    souffle_text = (GOLDEN / "small.souffle.dl").read_text(encoding="utf-8")
    assert "NOT EXISTS" in text and "<>" in text and "$delta" in text  # negation, !=, recursion
    for piece in ("!blocked(", " - ", " + ", "_)", '\\"', "\\\\", "\\n", "é ☃", "<=", ">="):
        assert piece in souffle_text, piece


def _attempt(render, value):
    try:
        return render(value)
    except LatweaveError as exc:
        return "error: " + str(exc)


def test_every_dialect_quotes_constants_as_before():
    rule = small_program().rules[0]

    def pyd(value):
        gen = pydatalog.PyDatalog()
        gen._rule = rule  # refusals name the rule being rendered
        return gen.term(Const(value))

    golden = json.loads((GOLDEN / "escapes.json").read_text(encoding="utf-8"))
    got = [{"value": row["value"], "ir": str(Const(row["value"])),
            "souffle": souffle.Souffle().term(Const(row["value"])),
            "clingo": _attempt(lambda v: clingo.Clingo().term(Const(v)), row["value"]),
            "pydatalog": _attempt(pyd, row["value"]),
            "duckdb": _attempt(duckdb.literal, row["value"]),
            "sqlite": _attempt(lambda v: sqlite.Sqlite().const(v), row["value"])} for row in golden]
    assert got == golden
    assert any(row["clingo"].startswith("error:") for row in got)  # refusals are covered too


#: Bad fact rows; each engine refuses them at open() and at run(), in the same words.
BAD_FACTS = {
    "undeclared": {"nope": [(1,)]},
    "not_input": {"path": [(1, 2)]},
    "width": {"edge": [(1,)]},
    "width_many": {"edge": [(i, i) for i in range(30)] + [(1, 2, 3)]},
    "symbol_in_number": {"edge": [(1, "a")]},
    "bool": {"edge": [(True, 1)]},
    "float": {"edge": [(1.5, 1)]},
    "number_in_symbol": {"label": [(1, 2)]},
    "many_number_in_symbol": {"label": [(i, "x") for i in range(30)] + [(1, 2)]},
    "domain_64": {"edge": [(2**40, 1)]},
    "domain_huge": {"edge": [(2**70, 1)]},
    "tab": {"label": [(1, "a\tb")]},
    "newline": {"label": [(1, "a\nb")]},
    "nul": {"label": [(1, "a\x00b")]},
    "mangled": {"label": [(1, "True")]},
}


@pytest.mark.parametrize("engine", ["duckdb", "souffle", "clingo", "pydatalog", "sqlite"])
def test_row_errors_are_worded_alike_on_every_engine(engine):
    if engine not in available_engines():
        cannot_run(engine, f"{engine} cannot run here: {dict(engine_status())[engine]}")
    golden = json.loads((GOLDEN / "row_errors.json").read_text(encoding="utf-8"))
    program = small_program()
    checked = 0
    for case, facts in BAD_FACTS.items():
        for where in ("open", "run"):
            try:
                e = get_engine(engine, program)
                with e.open(facts if where == "open" else {}) as session:
                    session.run({} if where == "open" else facts)
                msg = "ok"
            except LatweaveError as exc:
                msg = f"{type(exc).__name__}: {exc} | hint={getattr(exc, 'hint', None)}"
            assert msg == golden[f"{engine} {case} {where}"], (case, where)
            checked += 1
    assert checked == 2 * len(BAD_FACTS)


def test_every_engine_refuses_the_same_rows_in_the_same_words():
    """One row checker: what every engine refuses, each says alike, prefixed by its name."""
    golden = json.loads((GOLDEN / "row_errors.json").read_text(encoding="utf-8"))
    shared = ("undeclared", "not_input", "width", "width_many", "symbol_in_number", "bool", "float",
              "number_in_symbol", "many_number_in_symbol")
    engines = ("duckdb", "souffle", "clingo", "pydatalog", "sqlite")
    for case in shared:
        for where in ("open", "run"):
            words = {golden[f"{e} {case} {where}"].replace(f"EngineError: {e}: ", "", 1) for e in engines}
            assert len(words) == 1, (case, where, words)
            assert not words.pop().startswith("EngineError")  # every message carries its prefix


def test_engine_status_lists_every_engine_with_its_reason():
    status = engine_status()
    assert [name for name, _ in status] == engine_names() == sorted(engine_names())
    assert {"duckdb", "souffle", "clingo", "pydatalog", "sqlite"} <= {name for name, _ in status}
    assert dict(status)["duckdb"] is None
    for name, reason in status:
        assert (reason is None) == (name in available_engines())


def test_engine_status_gives_the_reason_an_engine_cannot_run(monkeypatch):
    monkeypatch.setattr(shutil, "which", lambda name, *a, **k: None if name == "souffle" else "/bin/true")
    reason = dict(engine_status())["souffle"]
    assert reason is not None and "`souffle` is not on PATH" in reason


def test_dialects_register_by_engine_name():
    assert sorted(DIALECTS) == ["clingo", "duckdb", "pydatalog", "souffle", "spark", "sqlite"]
    assert set(DIALECTS) == set(engine_names())


def test_engine_modules_stay_small():
    """Adding an engine means one dialect table and one session module, each well under 300."""
    for path in sorted(ENGINES.rglob("*.py")):
        lines = len(path.read_text(encoding="utf-8").splitlines())
        assert lines < 300, f"{path.relative_to(ENGINES)} has {lines} lines"


def test_no_engine_is_found_by_an_import_string_but_the_name_tables():
    """base.py imports an engine's module from its one table (ENGINES) and nowhere else does an
    import string appear: a name from a user is looked up there, never imported."""
    for path in sorted(ENGINES.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert "__import__" not in text, path.name
        assert ("importlib" in text) == (path.name == "base.py"), path.name


@settings(max_examples=200, deadline=None)
@given(st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00")))
def test_souffle_and_rules_quoting_read_back_through_the_rules_parser(value):
    """What the Soufflé dialect writes, the rules' own grammar reads back as the same symbol."""
    from latweave.datalog.escape import SOUFFLE

    if any(ord(c) < 32 and c not in "\n\t\r" for c in value):
        return  # Soufflé has no escape for other control characters; they never reach a rule
    text = f".decl p(s:symbol)\n.output p\n.decl q(s:symbol)\n.input q\np({SOUFFLE.quote(value)}) :- q(_).\n"
    (rule,) = assemble(parse_program(text, file="<q>")).rules
    assert rule.head.args[0] == Const(value)


def test_one_row_check_reports_whether_values_need_converting():
    from enum import IntEnum

    from latweave.engines import rows as checks

    class Small(IntEnum):
        ONE = 1

    rel = small_program().relation("edge")
    lax = checks.RowRules("test")
    assert checks.check_rows(rel, [(1, 2), (3, 4)], lax) is True
    assert checks.check_rows(rel, [(Small.ONE, 2)], lax) is False  # an int, but not exactly
    strict = replace(lax, numbers="exact")
    with pytest.raises(LatweaveError, match=r"^test: column x of edge is a number, got <Small.ONE: 1>$"):
        checks.check_rows(rel, [(Small.ONE, 2)], strict)
    bounded = lax.with_bounds((0, 9))
    with pytest.raises(LatweaveError,
                       match=r"^test: 10 in column y of edge is outside test's number domain \[0, 9\]$"):
        checks.check_rows(rel, [(1, 2)] * 40 + [(3, 10)], bounded)
