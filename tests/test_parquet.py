"""The Parquet facts of a lattice (compile/parquet_facts.py), derived when an engine asks for them
(compile/parquet_cache.py), and DuckDB opening from them.

A lattice folder holds no `parquet/` in layer 0 (issue 44: one representation on disk): the first
DuckDB or Spark open derives it from the engine database's base tables into latweave's cache,
keyed by that database's hash: a folder per lattice relation (coord partitioned by dimension),
columns named by rules/schema.dl, INT64 REQUIRED, the relation's rows in the `.facts` order.
Checked here: the layout and the rows (zoo, and a KB lattice), byte-determinism, that deriving
changes nothing in the lattice (a read-only one too) and is atomic, the streamed writer's
database giving the same files, and DuckDB's `open_stored` (the files read by DuckDB itself)
giving the outputs `open(facts)` gives, run after run.
"""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import duckdb
import pytest

from latweave.cli import main
from latweave.compile.facts import LATTICE_RELATIONS
from latweave.compile.lattice_facts import CompiledLattice
from latweave.compile.parquet_cache import cache_folder
from latweave.compile.parquet_facts import (columns, parquet_relations, partition_value, stored_parquet,
                                            write_parquet)
from latweave.compile.plan_facts import compile_plans
from latweave.datalog import load_rules
from latweave.engines.base import available_engines, get_engine
from latweave.engines.duckdb_engine import DuckDBSession
from latweave.errors import EngineError
from latweave.execute import Runner
from latweave.ingest.builds import build_corpus
from latweave.ingest.write import save_lattice
from latweave.ingest.builds import build_kb
from latweave.lattice.model import Dimension, Lattice
from latweave.folder.store import read_manifest
from latweave.folder.stored import StoredLattice
from latweave.paths import RULES
from latweave.plan.read import read_plan
from latweave.folder.names import PARQUET_DIR, PART_FILE
from tests.support.engines import missing_expected

ZOO = RULES.parent / "corpora" / "zoo"
METAQA = Path(__file__).parent / "fixtures" / "metaqa" / "kb.txt"


@pytest.fixture(scope="module")
def kb_lattice(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("kb") / "metaqa"
    build_kb(METAQA, "metaqa", out)
    return out


def _parquet_rows(path: Path, cols: tuple[str, ...]) -> list[tuple[int, ...]]:
    con = duckdb.connect(config={"threads": 1})
    select = ", ".join(f'"{c}"' for c in cols)
    return [tuple(r) for r in con.execute(f"SELECT {select} FROM read_parquet($f, hive_partitioning = false)",
                                          {"f": str(path)}).fetchall()]


def _schema(path: Path) -> list[tuple[str, str, str]]:
    con = duckdb.connect()
    return [tuple(r) for r in con.execute(
        "SELECT name, type, repetition_type FROM parquet_schema($f) WHERE name <> 'duckdb_schema'",
        {"f": str(path)}).fetchall()]


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _tree(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): _sha(p) for p in sorted(folder.rglob("*")) if p.is_file()}


def _derived(folder: Path) -> Path:
    """The cache folder holding `folder`'s derived Parquet files (derived here when absent)."""
    stored_parquet(folder)
    return cache_folder(folder)


@pytest.fixture
def own_cache(tmp_path, monkeypatch) -> Path:
    """A cache of this test's own, so what it derives or breaks there is no other test's."""
    cache = tmp_path / "cache"
    monkeypatch.setenv("LATWEAVE_CACHE", str(cache))
    return cache


@pytest.mark.slow
@pytest.mark.parametrize("which", ["zoo", "kb"])
def test_every_relation_has_its_files_with_the_facts_rows(which, zoo_lattice, kb_lattice):
    folder = zoo_lattice if which == "zoo" else kb_lattice
    files = stored_parquet(folder)
    root = _derived(folder)
    assert list(files) == list(LATTICE_RELATIONS) and not (folder / PARQUET_DIR).exists()
    facts = CompiledLattice.read(folder).facts
    for name in LATTICE_RELATIONS:
        cols = columns(name)
        if name != "coord":
            assert files[name] == [root / PARQUET_DIR / name / PART_FILE]
            assert _schema(files[name][0]) == [(c, "INT64", "REQUIRED") for c in cols], name
            assert _parquet_rows(files[name][0], cols) == facts[name], name  # same rows, same order
            continue
        # coord: one partition per dimension with coordinates, holding x, v, p in the facts' order
        dims = sorted({d for _, d, _, _ in facts["coord"]})
        assert [partition_value(p) for p in files["coord"]] == dims and dims
        assert [p.parent.name for p in files["coord"]] == [f"d={d}" for d in dims]
        for path in files["coord"]:
            d = partition_value(path)
            assert _schema(path) == [("x", "INT64", "REQUIRED"), ("v", "INT64", "REQUIRED"),
                                     ("p", "INT64", "REQUIRED")]
            assert _parquet_rows(path, ("x", "v", "p")) == [(x, v, p) for x, dd, v, p in facts["coord"] if dd == d]


def test_column_names_are_the_schemas():
    assert columns("subsumes") == ("d", "parent", "child") and columns("coord") == ("x", "d", "v", "p")
    assert columns("bounds") == ("d", "v", "lo", "hi")


def test_an_empty_relation_has_a_file_with_its_columns_and_no_coordinates_no_partition(tmp_path):
    lattice = Lattice(name="bare")
    lattice.add_dimension(Dimension("colour")).add_edge("TOP", "red")
    save_lattice(lattice, tmp_path / "bare")
    files = stored_parquet(tmp_path / "bare")
    assert files["coord"] == [] and not any((_derived(tmp_path / "bare") / PARQUET_DIR / "coord").glob("*"))
    qualifier = files["qualifier"][0]
    assert _schema(qualifier) == [("p", "INT64", "REQUIRED"), ("key", "INT64", "REQUIRED"),
                                  ("value", "INT64", "REQUIRED")]
    assert _parquet_rows(qualifier, columns("qualifier")) == []
    # DuckDB opens it (0 coord rows) and answers as from the facts
    engine = get_engine("duckdb", load_rules())
    with engine.open_stored(tmp_path / "bare") as session:
        assert session.count.get('"coord"', 0) == 0 and session.count['"node"'] == 2


def test_derived_files_are_the_bytes_a_conversion_of_the_rows_gives(tmp_path, own_cache):
    build_corpus(ZOO, tmp_path / "a")
    a = _tree(_derived(tmp_path / "a") / PARQUET_DIR)
    shutil.rmtree(own_cache)    # derived again, from nothing: the same bytes
    assert _tree(_derived(tmp_path / "a") / PARQUET_DIR) == a and len(a) >= len(LATTICE_RELATIONS)
    facts = CompiledLattice.read(tmp_path / "a").facts
    written = write_parquet(tmp_path / "c", {k: reversed(facts[k]) for k in LATTICE_RELATIONS})  # sorted on the way
    assert written == sorted(written) and _tree(tmp_path / "c" / PARQUET_DIR) == a


def test_deriving_changes_nothing_in_the_lattice_and_works_read_only(tmp_path, own_cache):
    """No facts/ or parquet/ in layer 0: the manifest lists neither; deriving writes only into the
    cache, under the engine database's hash, in one rename (no temporary folder left); a
    read-only lattice folder derives all the same, and the lattice still checks."""
    import os
    import stat

    build_corpus(ZOO, tmp_path / "zoo")
    folder = tmp_path / "zoo"
    before = {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    manifest = read_manifest(folder)
    assert not [f for f in manifest["files"] if f.startswith((PARQUET_DIR + "/", "facts/"))]
    modes = {p: p.stat().st_mode for p in [folder, *folder.rglob("*")]}
    for p in modes:
        p.chmod(modes[p] & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))
    try:
        where = _derived(folder)
    finally:
        for p in sorted(modes, reverse=True):
            p.chmod(modes[p])
    assert where.parent == own_cache / "parquet" and where.name.startswith(manifest["files"]["engine/sqlite.db"])
    assert sorted(os.listdir(where.parent)) == [where.name]      # no temporary folder left behind
    assert {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()} == before
    assert read_manifest(folder) == manifest and main(["check", str(folder)]) == 0


def test_an_unwritable_cache_derives_into_a_temporary_folder(tmp_path, monkeypatch, zoo_lattice):
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    monkeypatch.setenv("LATWEAVE_CACHE", str(blocked / "cache"))
    files = stored_parquet(zoo_lattice)
    assert list(files) == list(LATTICE_RELATIONS) and not (blocked / "cache").exists()
    plan = read_plan('meet(species <= mammal, habitat <= aquatic)')
    with Runner(zoo_lattice, "duckdb") as runner:
        assert list(runner.run([plan])[0].answers) == ["Whale"]


def test_the_streamed_writer_gives_the_same_parquet(tmp_path):
    from tests.support.lattices import stream_head as head, stream_model as model, stream_rows as rows
    from latweave.ingest.write import write_stream

    save_lattice(model(300), tmp_path / "saved")
    write_stream(head()[0], rows(300), tmp_path / "streamed")
    assert not (tmp_path / "streamed" / PARQUET_DIR).exists() and not (tmp_path / "streamed" / "facts").exists()
    saved, streamed = _tree(_derived(tmp_path / "saved") / PARQUET_DIR), _tree(_derived(tmp_path / "streamed") / PARQUET_DIR)
    assert saved == streamed and any(name.startswith("coord/d=") for name in saved)


def _zoo_batches(folder: Path) -> list[dict]:
    from tests.support.plans import ZOO_PLANS

    compiled, view = CompiledLattice.read(folder), StoredLattice(folder, read_manifest(folder))
    plans = []
    for text in ZOO_PLANS:
        try:
            compile_plans([read_plan(text)], compiled, view)
        except Exception:  # a plan the zoo's compiler refuses is not a run
            continue
        plans.append(read_plan(text))
    assert len(plans) > 20
    batches = [dict(compile_plans(plans, compiled, view).facts)]
    batches += [dict(compile_plans([p], compiled, view).facts) for p in plans[:12]]
    return batches


def _held(session: DuckDBSession) -> dict[str, int]:
    """Each table's rows where it has any, the semi-naive rounds' delta tables aside."""
    return {table: n for table, n in session.count.items() if n and "$delta" not in table}


@pytest.mark.slow
@pytest.mark.parametrize("which", ["zoo", "kb"])
def test_duckdb_opens_the_parquet_and_agrees_with_the_facts(which, zoo_lattice, kb_lattice):
    folder = zoo_lattice if which == "zoo" else kb_lattice
    engine = get_engine("duckdb", load_rules())
    stored = engine.open_stored(folder)
    facts = engine.open(CompiledLattice.read(folder).facts)
    try:
        assert isinstance(stored, DuckDBSession)
        # the same rows in every relation (the stored session read the lattice strata the engine
        # database holds, engines/stored_strata.py: it has no delta tables left by evaluating them)
        assert _held(stored) == _held(facts) and stored.base_inputs == facts.base_inputs
        assert "desc" in stored.strata_read and facts.strata_read == frozenset()
        if which == "zoo":
            batches = _zoo_batches(folder)
            first = None
            for batch in [*batches, batches[0]]:   # run after run: a run leaves nothing behind, so
                got = stored.run(batch)             # the whole batch again, after the singles,
                assert got == facts.run(batch)      # answers as it did first
                first = got if first is None else first
            assert got == first
        else:
            compiled = CompiledLattice.read(folder)
            view = StoredLattice(folder, read_manifest(folder))
            plan = read_plan('meet(subject = "Sex|Lies") -> directed_by')
            batch = dict(compile_plans([plan], compiled, view).facts)
            assert stored.run(batch) == facts.run(batch) and any(stored.run(batch).values())
    finally:
        stored.close()
        facts.close()


def test_a_missing_relation_is_refused_with_a_hint_to_rebuild(tmp_path, zoo_lattice, own_cache):
    broken = tmp_path / "broken"
    shutil.copytree(zoo_lattice, broken)
    shutil.copytree(_derived(zoo_lattice) / PARQUET_DIR, broken / PARQUET_DIR)   # a folder's own parquet/ is read first
    shutil.rmtree(broken / PARQUET_DIR / "subsumes")
    # Spark reads the files through the same check (parquet_facts.stored_parquet), before any JVM starts
    assert not set(missing_expected()) & {"duckdb", "spark"}, missing_expected()   # never fewer than CI expects
    for name in [n for n in ("duckdb", "spark") if n in available_engines()]:
        with pytest.raises(EngineError, match="no Parquet facts for subsumes") as info:
            get_engine(name, load_rules()).open_stored(broken)
        assert "rebuild" in info.value.hint
    (broken / PARQUET_DIR / "subsumes").mkdir()
    (broken / PARQUET_DIR / "subsumes" / PART_FILE).write_bytes(b"not parquet")
    with pytest.raises(EngineError, match="cannot load the Parquet facts of subsumes"):
        get_engine("duckdb", load_rules()).open_stored(broken)


def test_a_relation_in_several_parts_of_any_name_is_read_whole(tmp_path, zoo_lattice, own_cache):
    """Another writer (Spark's) may name and split a relation's files its own way."""
    split = tmp_path / "split"
    shutil.copytree(zoo_lattice, split)
    shutil.copytree(_derived(zoo_lattice) / PARQUET_DIR, split / PARQUET_DIR)
    node = split / PARQUET_DIR / "node"
    rows = _parquet_rows(node / PART_FILE, columns("node"))
    con = duckdb.connect(config={"threads": 1})
    con.execute("CREATE TABLE t (d BIGINT NOT NULL, v BIGINT NOT NULL)")
    con.executemany("INSERT INTO t VALUES (?, ?)", rows)
    half = len(rows) // 2
    con.execute("COPY (SELECT * FROM t LIMIT $n) TO $f (FORMAT PARQUET)", {"n": half, "f": str(node / "part-00000-a.parquet")})
    con.execute("COPY (SELECT * FROM t OFFSET $n) TO $f (FORMAT PARQUET)", {"n": half, "f": str(node / "part-00001-b.parquet")})
    (node / PART_FILE).unlink()
    (node / "_SUCCESS").write_bytes(b"")
    assert [p.name for p in parquet_relations(split)["node"]] == ["part-00000-a.parquet", "part-00001-b.parquet"]
    engine = get_engine("duckdb", load_rules())
    with engine.open_stored(split) as parts, engine.open_stored(zoo_lattice) as whole:
        assert parts.count == whole.count and parts.count['"node"'] == len(rows)


def test_a_later_layers_parquet_is_derived_from_its_facts_into_the_cache_once(tmp_path, own_cache):
    """A change writes no Parquet into its layer (an `add` would pay for converting its rows and
    for importing DuckDB): the first DuckDB or Spark open derives them from the layer's facts/ —
    the same converter, so the files a change used to write — into the cache, then reads them
    there; a layer written before, with its own parquet/, is read in place."""
    import latweave
    from latweave.compile.parquet_facts import layered_parquet
    from latweave.folder.names import FACTS_DIR

    lat = tmp_path / "lat"
    latweave.build(ZOO, lat)
    latweave.add(lat, [ZOO.parent / "movies"])
    layer = lat / "layers" / "000001"
    assert (layer / FACTS_DIR).is_dir() and not (layer / PARQUET_DIR).exists()
    lattice_files = _tree(lat)
    (added, taken), = layered_parquet(lat)
    (where,) = (own_cache / "parquet").glob("layer-*")
    assert added and all(where in p.parents for paths in added.values() for p in paths)
    expected = tmp_path / "expected"
    names = [n for n in LATTICE_RELATIONS if (layer / FACTS_DIR / f"{n}.facts").is_file()]
    write_parquet(expected, layer / FACTS_DIR, names)
    assert _tree(where / PARQUET_DIR) == _tree(expected / PARQUET_DIR)   # byte for byte
    assert sorted(added) == sorted(n for n, paths in parquet_relations(expected).items() if paths)
    assert layered_parquet(lat) == [(added, taken)] and _tree(lat) == lattice_files   # the cache's, nothing written
    shutil.copytree(expected / PARQUET_DIR, layer / PARQUET_DIR)                       # a layer of an older latweave
    (own_added, _), = layered_parquet(lat)
    assert sorted(own_added) == sorted(added) and all(layer in p.parents for paths in own_added.values() for p in paths)
