"""The SQLite engine's stored database (engines/sqlite_store.py): the lattice strata evaluated once at
build time into a file, read in place and read-only by `SqliteEngine.open_stored`.

A differential test: on the zoo, the movies, the disputes and generated lattices (some with
contested coordinates), under the hand-written plans and seeded random ones, the stored session's
outputs equal the in-memory SQLite session's and DuckDB's, run after run. And: the file is the same
bytes for the same facts, is never written by a run (not even one that extends a lattice relation),
and a foreign, tampered or differently-built database is refused with a hint to rebuild.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from latweave.compile.lattice_facts import compile_lattice
from latweave.compile.plan_facts import compile_plans
from latweave.datalog import load_rules
from latweave.engines.base import get_engine
from latweave.engines.sqlite_engine import SqliteEngine
from latweave.engines.sqlite_places import IN_MEMORY, READ_ONLY
from latweave.engines.sqlite_store import META, engine_db
from latweave.engines.sqlite_write import write_engine_db
from latweave.errors import EngineError, LatweaveError
from latweave.ingest.corpus import read_corpus
from latweave.lattice.coordinates import settle
from latweave.paths import RULES
from latweave.plan.read import read_plan
from tests.support.programs import CLOSURE, program
from latweave.folder.names import ENGINE_DB

CORPORA = RULES.parent / "corpora"


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _compiled(name: str):
    """(lattice, compiled facts, plan texts) of a corpus or a generated lattice."""
    from tests.support.plans import MOVIE_PLANS, ZOO_PLANS
    from tests.support.plans import DISPUTES_EXTRA
    from tests.support.lattices import random_lattice, random_plans

    if name.startswith("random") or name.startswith("contested"):
        seed = int(name[-1]) + (10 if name.startswith("contested") else 0)
        lattice = random_lattice(seed, functional_pairs=name.startswith("contested"))
        texts = random_plans(lattice, seed + 100, 60)
    else:
        lattice = read_corpus(CORPORA / name)
        fixed = {"zoo": ZOO_PLANS, "movies": MOVIE_PLANS, "disputes": DISPUTES_EXTRA}[name]
        texts = fixed + random_plans(lattice, 7, 40)
    return lattice, compile_lattice(lattice, settle(lattice)), texts


def _batches(lattice, compiled, texts: list[str]) -> list[dict]:
    """The plans that compile, as one batch of all and then a few batches of one."""
    plans = []
    for text in texts:
        try:
            compile_plans([read_plan(text)], compiled, lattice)
        except LatweaveError:
            continue
        plans.append(read_plan(text))
    assert len(plans) > 10
    return [dict(compile_plans(batch, compiled, lattice).facts) for batch in [plans, *[[p] for p in plans[:12]]]]


@pytest.fixture(scope="module")
def rules():
    return load_rules()


@pytest.mark.slow
@pytest.mark.parametrize("name", ["zoo", "movies", "disputes", "random0", "random2", "contested0", "contested2"])
def test_the_stored_session_answers_as_the_in_memory_one_and_duckdb(name, rules, tmp_path):
    lattice, compiled, texts = _compiled(name)
    # streamed in: every relation an iterator, read once
    write_engine_db(tmp_path / ENGINE_DB, {k: iter(v) for k, v in compiled.facts.items()}, SqliteEngine(rules))
    before = _sha(tmp_path / ENGINE_DB)
    sqlite = SqliteEngine(rules)
    with sqlite.open(compiled.facts) as memory, sqlite.open_stored(tmp_path) as stored, \
            get_engine("duckdb", rules).open(compiled.facts) as duck:
        assert stored.place is READ_ONLY and memory.place is IN_MEMORY
        answered = 0
        # DuckDB answers the batch of every plan and the first singles (its session reused too);
        # the later singles, which ask the same plans again one at a time, check the stored
        # session run after run against the in-memory one (equal to DuckDB on every plan above)
        for n, facts in enumerate(_batches(lattice, compiled, texts)):
            want = memory.run(facts)
            if n < 3:
                assert want == duck.run(facts)
            assert stored.run(facts) == want
            answered += sum(map(len, want.values()))
        assert answered > 0
    assert _sha(tmp_path / ENGINE_DB) == before  # read-only: not a byte changed


def test_the_file_holds_the_lattice_strata_and_indexes_and_nothing_per_query(rules, tmp_path):
    _, compiled, _ = _compiled("zoo")
    path = write_engine_db(tmp_path / "a.db", compiled.facts, SqliteEngine(rules))
    engine = SqliteEngine(rules)
    with engine.open(compiled.facts) as memory:
        lattice = {t for t in memory.lattice}
        con = sqlite3.connect(path)
        tables = {f'"{n}"' for (n,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert tables == lattice | {META}
        assert '"desc"' in tables and '"resolve"' in tables and '"hit"' not in tables
        indexes = _indexes(con)   # each index a probe reads: a secondary index, or the table's own key
        assert {(rel, cols) for rel, cols in memory.indexes} <= {(rel, cols) for rel, cols, _ in indexes}
        keys = {rel: cols for rel, cols, origin in indexes if origin == "pk"}
        assert set(keys) == {t.strip('"') for t in lattice}   # every lattice table keyed
        assert not [(rel, cols) for rel, cols, origin in indexes if origin != "pk" and keys[rel] == cols]
        for table in lattice:   # WITHOUT ROWID: the table is its key, no copy beside it
            with pytest.raises(sqlite3.OperationalError):
                con.execute(f"SELECT rowid FROM {table}")
        for table in lattice:  # the same rows as the in-memory session holds after open
            assert sorted(con.execute(f"SELECT * FROM {table}")) == \
                sorted(memory.con.execute(f"SELECT * FROM main.{table}")), table
        con.close()


def _indexes(con) -> list[tuple[str, tuple[int, ...], str]]:
    """(table, key columns, origin) of every index of the file: "pk" a WITHOUT ROWID table's key."""
    out = []
    for (table,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'"):
        for _, index, _, origin, _ in con.execute(f"PRAGMA index_list({json.dumps(table)})"):
            info = con.execute(f"PRAGMA index_xinfo({json.dumps(index)})").fetchall()
            out.append((table, tuple(int(name[1:]) for _, _, name, _, _, key in info if key), origin))
    return out


def test_the_same_facts_give_the_same_bytes(rules, tmp_path):
    _, compiled, _ = _compiled("disputes")
    a = write_engine_db(tmp_path / "a.db", compiled.facts, SqliteEngine(rules))
    b = write_engine_db(tmp_path / "b.db", {k: iter(v) for k, v in compiled.facts.items()}, SqliteEngine(rules))
    assert a.stat().st_size > 0 and a.read_bytes() == b.read_bytes()
    # relations read last (a stream's, while the strata without them are evaluated): the same bytes
    for n, late in enumerate(({"coord"}, {"coord", "subsumes"}, set(compiled.facts))):
        c = write_engine_db(tmp_path / f"late-{n}.db", compiled.facts, SqliteEngine(rules), late=frozenset(late))
        assert c.read_bytes() == a.read_bytes()


def test_the_indexes_sorted_on_helper_threads_are_the_same_bytes(rules, tmp_path, monkeypatch):
    """NewFile.finish sorts the secondary indexes with `PRAGMA threads` (a second core at a
    build's end): the file does not depend on it, and the connection's setting is put back."""
    from latweave.engines import sqlite_places

    _, compiled, _ = _compiled("contested1")
    seen = []
    real = sqlite_places.NewFile.sort_threads
    monkeypatch.setattr(sqlite_places.NewFile, "sort_threads", staticmethod(lambda: seen.append(real()) or 2))
    a = write_engine_db(tmp_path / "two.db", compiled.facts, SqliteEngine(rules))
    monkeypatch.setattr(sqlite_places.NewFile, "sort_threads", staticmethod(lambda: seen.append(0) or 0))
    b = write_engine_db(tmp_path / "one.db", compiled.facts, SqliteEngine(rules))
    assert seen[-1] == 0 and seen[0] in (0, 2) and a.read_bytes() == b.read_bytes()
    con = sqlite3.connect(":memory:")
    (default,) = con.execute("PRAGMA threads").fetchone()
    session = SqliteEngine(rules).open(compiled.facts)   # (in memory: no index sort on helper threads)
    try:
        assert session.con.execute("PRAGMA threads").fetchone()[0] == default
    finally:
        session.close()


def test_streamed_rows_are_a_set_like_loaded_ones(tmp_path):
    engine = SqliteEngine(program(CLOSURE))
    base = {"edge": [(1, 2), (2, 3), (1, 2), (3, 4), (2, 3)], "label": [(4, "four"), (4, "four")]}
    write_engine_db(tmp_path / ENGINE_DB, {k: (r for r in v) for k, v in base.items()}, engine)
    with engine.open(base) as memory, engine.open_stored(tmp_path) as stored:
        assert stored.count['"edge"'] == memory.count['"edge"'] == 3
        for start in (1, 3, 4):
            assert stored.run({"start": [(start,)]}) == memory.run({"start": [(start,)]})
        assert stored.run({"start": [(1,)]}) == {"seen": [(4, "four")]}
    # read last, straight into its keyed table in the file (NewFile.settle): duplicates ignored as
    # they come, the count the distinct rows', the same bytes
    late = write_engine_db(tmp_path / "late.db", {k: (r for r in v) for k, v in base.items()}, engine,
                           late=frozenset({"edge"}))
    assert late.read_bytes() == (tmp_path / ENGINE_DB).read_bytes()


def test_id_rows_load_in_bulk_as_the_rows_they_stand_for(tmp_path):
    """A relation given as parts with `IdRows` (a stream's flat dimensions: engines/rows.py) gives
    the file its rows give, duplicates dropped; what a bulk load cannot vouch for is checked row
    by row, with the usual refusal."""
    from array import array

    from latweave.engines.rows import IdRows, RowParts

    engine = SqliteEngine(program(CLOSURE))
    rows = {"edge": [(1, 2), (2, 3), (1, 2), (3, 4), (2, 3)], "label": [(4, "four"), (2, "two")]}
    plain = write_engine_db(tmp_path / "plain.db", rows, engine)
    parts = {"edge": RowParts([[(2, 3)], IdRows((1,), array("q", [2, 2])), IdRows((3,), array("q", [4])), [(2, 3)]]),
             "label": rows["label"]}
    bulk = write_engine_db(tmp_path / "bulk.db", parts, engine)
    assert bulk.read_bytes() == plain.read_bytes()
    assert list(IdRows((1,), array("q", [2, 5]))) == [(1, 2), (1, 5)]
    # a lead that is not a number: not loaded in bulk, refused as any row would be
    with pytest.raises(EngineError, match="column .* of edge is a number, got 'x'"):
        write_engine_db(tmp_path / "bad.db", {"edge": RowParts([IdRows(("x",), array("q", [1]))])}, engine)
    assert not (tmp_path / "bad.db").exists()
    with pytest.raises(TypeError, match="64-bit ids"):
        IdRows((1,), array("i", [1]))


def test_id_columns_load_unchecked_as_the_rows_they_stand_for(tmp_path):
    """A relation given as `Batches` of `IdColumns` (a stream's coord rows: engines/rows.py) gives
    the file its rows give, duplicates dropped, whether it is loaded as it comes or keyed late;
    columns that are not the relation's are checked row by row, with the usual refusal."""
    from array import array

    from latweave.engines.rows import Batches, IdColumns

    engine = SqliteEngine(program(CLOSURE))
    rows = {"edge": [(1, 2), (2, 3), (1, 2), (3, 4), (2, 3)], "label": [(4, "four"), (2, "two")]}
    plain = write_engine_db(tmp_path / "plain.db", rows, engine)

    def batches():
        return Batches(iter([IdColumns(array("q", [1, 2]), array("q", [2, 3])),
                             IdColumns(array("q", [1, 3, 2]), array("q", [2, 4, 3]))]))

    for n, late in enumerate((frozenset(), frozenset({"edge"}))):
        columns = write_engine_db(tmp_path / f"columns-{n}.db", {"edge": batches(), "label": rows["label"]}, engine,
                                  late=late)
        assert columns.read_bytes() == plain.read_bytes()
    assert list(batches()) == rows["edge"]
    # a symbol column given as ids: not loaded unchecked, refused as any row would be
    with pytest.raises(EngineError, match="column s of label is a symbol, got 5"):
        write_engine_db(tmp_path / "bad.db", {"edge": rows["edge"], "label": Batches([IdColumns(array("q", [4]),
                                                                                                array("q", [5]))])},
                        engine)
    assert not (tmp_path / "bad.db").exists()
    with pytest.raises(TypeError, match="64-bit ids"):
        IdColumns(array("q", [1]), array("i", [1]))
    with pytest.raises(ValueError, match="one length"):
        IdColumns(array("q", [1]), array("q", [1, 2]))


@settings(max_examples=200, deadline=None)
@given(listed=st.lists(st.tuples(st.integers(0, 3), st.integers(0, 9)), max_size=6),
       runs=st.dictionaries(st.integers(0, 3), st.lists(st.integers(0, 9), max_size=6), max_size=3))
def test_rows_vouched_distinct_are_distinct_and_counted(listed, runs):
    """`rows.distinct_count` (what lets the writer skip counting a relation's rows distinct): a
    count only where the parts' rows are distinct, and then the right one."""
    from array import array

    from latweave.engines.rows import IdRows, RowParts, distinct_count

    parts = RowParts([listed, *(IdRows((lead,), array("q", ids)) for lead, ids in sorted(runs.items()))])
    every = list(parts)
    count = distinct_count(parts)
    assert count is None or count == len(every) == len(set(every))
    if len(set(every)) == len(every) and all(ids == sorted(ids) for ids in runs.values()):
        assert count == len(every)   # (the strictly ascending runs and distinct rows are what it vouches for)


def test_rows_distinct_by_construction_give_the_file_plain_rows_give(tmp_path):
    """A relation's parts distinct by construction are not counted distinct by SQLite
    (`NewFile.load`): the file is the one the same rows as a list give."""
    from array import array

    from latweave.engines.rows import IdRows, RowParts

    engine = SqliteEngine(program(CLOSURE))
    rows = {"edge": [(1, 2), (1, 5), (3, 4), (2, 3)], "label": [(4, "four"), (2, "two")]}
    plain = write_engine_db(tmp_path / "plain.db", rows, engine)
    parts = {"edge": RowParts([[(2, 3)], IdRows((1,), array("q", [2, 5])), IdRows((3,), array("q", [4]))]),
             "label": rows["label"]}
    assert write_engine_db(tmp_path / "parts.db", parts, engine).read_bytes() == plain.read_bytes()


def test_a_run_that_extends_a_lattice_relation_writes_a_temp_copy_never_the_file(tmp_path):
    engine = SqliteEngine(program(CLOSURE))
    base = {"edge": [(1, 2), (2, 3), (3, 1), (3, 4)], "label": [(4, "four\x00\t☃"), (2, "two")]}
    write_engine_db(tmp_path / ENGINE_DB, base, engine)
    before = _sha(tmp_path / ENGINE_DB)
    with engine.open_stored(tmp_path) as session:
        assert session.run({"start": [(4,)]}) == {"seen": []}
        # edge gains 4 -> 2; path (a lattice stratum) is evaluated again, into TEMP copies
        assert session.run({"start": [(4,)], "edge": [(4, 2)]}) == {"seen": [(2, "two"), (4, "four\x00\t☃")]}
        assert session.con.execute("SELECT count(*) FROM main.edge").fetchone()[0] == 4
        assert session.con.execute("SELECT count(*) FROM temp.edge").fetchone()[0] == 5
        assert session.run({"start": [(4,)]}) == {"seen": []}  # the lattice as it was
        assert session.run({"start": [(3,)]}) == {"seen": [(2, "two"), (4, "four\x00\t☃")]}
        with pytest.raises(sqlite3.OperationalError, match="readonly"):
            session.con.execute('INSERT INTO main."edge" VALUES (9, 9)')
    assert _sha(tmp_path / ENGINE_DB) == before


def test_a_folder_without_the_file_gives_none_and_other_engines_store_nothing(tmp_path, rules):
    assert SqliteEngine(rules).open_stored(tmp_path) is None
    assert get_engine("duckdb", rules).open_stored(tmp_path) is None


def test_a_database_built_by_other_rules_is_refused_with_a_hint(tmp_path, rules):
    write_engine_db(tmp_path / ENGINE_DB, {"edge": [(1, 2)], "label": []}, SqliteEngine(program(CLOSURE)))
    other = program(CLOSURE.replace("path(a, b) :- edge(a, b).", "path(a, b) :- edge(b, a)."))
    with pytest.raises(EngineError, match="built by other rules") as err:
        SqliteEngine(other).open_stored(tmp_path)
    assert "rebuild the lattice" in err.value.hint
    with SqliteEngine(program(CLOSURE)).open_stored(tmp_path) as same:  # the rules that built it
        assert same.run({"start": [(1,)]}) == {"seen": []}


def _edit(path, statement: str) -> None:
    """One statement run on the database file at `path`, committed (a hand edit of the file)."""
    con = sqlite3.connect(path)
    con.execute(statement)
    con.commit()
    con.close()


def test_a_tampered_or_foreign_database_is_refused(tmp_path):
    closure = program(CLOSURE)
    path = write_engine_db(tmp_path / ENGINE_DB, {"edge": [(1, 2)], "label": [(2, "b")]}, SqliteEngine(closure))
    _edit(path, f"UPDATE {META} SET fingerprint = 'f00'")
    with pytest.raises(EngineError, match="built by other rules"):
        SqliteEngine(closure).open_stored(tmp_path)
    _edit(path, f"DROP TABLE {META}")
    with pytest.raises(EngineError, match="not a latweave engine database") as err:
        SqliteEngine(closure).open_stored(tmp_path)
    assert "rebuild" in err.value.hint
    path.write_bytes(b"not a database at all" * 300)
    with pytest.raises(EngineError, match="not a latweave engine database|unreadable engine database"):
        SqliteEngine(closure).open_stored(tmp_path)


def test_a_database_of_the_rowid_format_is_refused_with_a_hint_to_rebuild(tmp_path):
    """Format 1 (rowid tables, every index a copy) is read as no other: open and upkeep refuse it."""
    from latweave.engines.sqlite_layers import extend_engine_db

    closure = program(CLOSURE)
    path = write_engine_db(tmp_path / ENGINE_DB, {"edge": [(1, 2)], "label": [(2, "b")]}, SqliteEngine(closure))
    _edit(path, f"UPDATE {META} SET format = 1")
    with pytest.raises(EngineError, match="format 1, this latweave reads format 2") as err:
        SqliteEngine(closure).open_stored(tmp_path)
    assert "rebuild the lattice" in err.value.hint
    with pytest.raises(EngineError, match="format 1"):
        extend_engine_db(path, [({}, {})], tmp_path / "kept.db", SqliteEngine(closure))
    assert not (tmp_path / "kept.db").exists()


def test_writing_over_an_existing_file_is_refused_and_a_failed_write_leaves_nothing(tmp_path):
    closure = program(CLOSURE)
    (tmp_path / "x.db").write_text("mine")
    with pytest.raises(EngineError, match="already exists"):
        write_engine_db(tmp_path / "x.db", {"edge": []}, SqliteEngine(closure))
    assert (tmp_path / "x.db").read_text() == "mine"
    with pytest.raises(LatweaveError, match="edge"):
        write_engine_db(tmp_path / "y.db", {"edge": iter([(1, 2), (1, "two")])}, SqliteEngine(closure))
    assert not (tmp_path / "y.db").exists()


def test_the_loose_file_is_written_in_the_temporary_directory_and_removed(tmp_path, monkeypatch):
    """The database is written loose in SQLite's temporary directory (where a VACUUM kept its copy)
    and packed into its path by VACUUM INTO, where its secondary indexes are then made: the
    lattice's disk holds one copy at a time, and nothing is left in either place, whether the
    write succeeds or fails."""
    closure = program(CLOSURE)
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    monkeypatch.setenv("SQLITE_TMPDIR", str(scratch))
    seen = []
    real = sqlite3.connect
    monkeypatch.setattr(sqlite3, "connect", lambda *a, **k: seen.append(str(a[0])) or real(*a, **k))
    write_engine_db(tmp_path / "w" / "ok.db", {"edge": [(1, 2)]}, SqliteEngine(closure))
    assert [Path(p).parent for p in seen] == [scratch, tmp_path / "w"] and Path(seen[0]).name.startswith("ok.db.")
    assert sorted(p.name for p in (tmp_path / "w").iterdir()) == ["ok.db"] and not list(scratch.iterdir())
    with pytest.raises(LatweaveError, match="edge"):
        write_engine_db(tmp_path / "w" / "bad.db", {"edge": iter([(1, 2), (1, "two")])}, SqliteEngine(closure))
    assert sorted(p.name for p in (tmp_path / "w").iterdir()) == ["ok.db"] and not list(scratch.iterdir())


def test_the_build_writes_the_database_inside_the_lattice_and_its_manifest(tmp_path, rules):
    from latweave.ingest.builds import build_corpus
    from latweave.folder.store import read_manifest

    build_corpus(CORPORA / "zoo", tmp_path / "zoo")
    manifest = read_manifest(tmp_path / "zoo")
    assert ENGINE_DB in manifest["files"]
    with SqliteEngine(rules).open_stored(tmp_path / "zoo") as session:
        assert session.place is READ_ONLY and session.count['"desc"'] > 0
    assert engine_db(tmp_path / "zoo").is_file()
