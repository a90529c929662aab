"""Opening a lattice for queries without its full model (folder/stored.py), and verifying it once.

A differential test: on the zoo, movies and disputes corpora, generated lattices with contested
coordinates and (where the data is here) the 2Wiki lattice, every result of the hand-written and
seeded random plans is the same JSON through the stored view (the Runner as it opens) as through
the full model with the worlds settled from it and the selectivity counted from the `coord` rows.
And: the view holds what the model holds; a query session never loads the model (nor, from an
engine's stored form, the `coord` facts); the stat cache skips hashing unchanged files yet refuses
a changed or truncated one; an older schema is refused with the rebuild hint.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from latweave.compile.facts import LATTICE_RELATIONS
from latweave.compile.lattice_facts import CompiledLattice
from latweave.compile.symbols import SymbolTable
from latweave.errors import LatweaveError, StoreError
from latweave.execute import Runner
from latweave.ingest.builds import build_corpus
from latweave.ingest.write import save_lattice
from latweave.folder import store
from latweave.folder.store import load_lattice, read_manifest, stat_cache_path, write_line_index
from latweave.folder.stored import StoredLattice
from latweave.paths import RULES
from latweave.plan.read import read_plan
from latweave.proof.contested import Worlds
from tests.support.engines import data_path as _data

CORPORA = RULES.parent / "corpora"


def _build(name: str, root: Path, tmp_path_factory=None) -> tuple[Path, list[str]]:
    """A lattice folder and the plan texts to run on it (2wiki: the run's shared build, read-only)."""
    from tests.support.plans import MOVIE_PLANS, ZOO_PLANS
    from tests.support.plans import DISPUTES_EXTRA
    from tests.support.lattices import random_lattice, random_plans

    out = root / name
    if name in ("zoo", "movies", "disputes"):
        build_corpus(CORPORA / name, out)
        fixed = {"zoo": ZOO_PLANS, "movies": MOVIE_PLANS, "disputes": DISPUTES_EXTRA}[name]
        if name == "disputes":
            from tests.support.plans import DISPUTE_CASES as CASES

            fixed = [case[0] for case in CASES] + fixed
        return out, fixed + random_plans(load_lattice(out), 7, 60)
    if name == "2wiki":
        from tests.support.shared_builds import shared_kb

        out = shared_kb(tmp_path_factory, _data("2wikimultihopqa", "lag", "dev.json"), "2wiki")
        return out, random_plans(load_lattice(out), 11, 150)
    seed = int(name[-1])
    save_lattice(random_lattice(seed, functional_pairs=name.startswith("contested")), out)
    return out, random_plans(load_lattice(out), seed + 100, 80)


def _through_model(folder: Path, engine: str) -> Runner:
    """A Runner that answers through the full model, as before the view: the model's predicates,
    worlds settled from the model, and the compiled facts read whole (no recorded counts/worlds)."""
    runner = Runner(folder, engine)
    lattice = runner.lattice
    runner.view = lattice
    runner.predicates = lattice.sorted_predicates()
    from latweave.folder.base_rows import base_rows   # layer 0's relations: the engine database's base tables

    runner.compiled = CompiledLattice(SymbolTable.read(folder / "symbols.jsonl"),
                                      {name: base_rows(folder / "engine" / "sqlite.db", name)
                                       for name in LATTICE_RELATIONS})
    runner._worlds = Worlds(lattice, runner.predicates)
    return runner


def _results(runner: Runner, texts: list[str]) -> list[str]:
    plans = []
    for text in texts:
        try:
            plans.append(runner.check(read_plan(text)))
        except LatweaveError:
            continue
    batch = runner.run_many(plans)
    out = [batch.results[p].to_json() if p in batch.results else batch.refused[p] for p in plans]
    assert len(out) > 10
    return out


#: The engine each lattice's two runs use (the same on both sides: the view against the model is
#: what differs). DuckDB, the batch default, on the zoo and the disputes (contested answers);
#: SQLite on the others: every engine's results are byte-identical (test_audit_complete, the
#: differential tests), and on these lattices a batch costs SQLite a seventh of DuckDB's time.
VIEW_ENGINES = {"zoo": "duckdb", "disputes": "duckdb", "movies": "sqlite", "contested0": "sqlite",
                "contested2": "sqlite", "random1": "sqlite", "2wiki": "sqlite"}


@pytest.mark.slow
@pytest.mark.parametrize("name", ["zoo", "movies", "disputes", "contested0", "contested2", "random1", "2wiki"])
def test_results_through_the_view_are_byte_identical_to_the_model(name, tmp_path, tmp_path_factory):
    folder, texts = _build(name, tmp_path, tmp_path_factory)
    engine = VIEW_ENGINES[name]
    with Runner(folder, engine) as runner, _through_model(folder, engine) as model:
        assert isinstance(runner.view, StoredLattice) and not isinstance(model.view, StoredLattice)
        viewed, modelled = _results(runner, texts), _results(model, texts)
        assert viewed == modelled
        assert runner._lattice is None  # the query path never loaded the whole model
    if name in ("disputes", "contested0"):
        assert any(json.loads(r).get("contested") for r in viewed if r.startswith("{"))  # decoded contests


@pytest.mark.parametrize("name", ["zoo", "disputes", "contested2"])
def test_the_view_holds_what_the_model_holds(name, tmp_path):
    folder, _ = _build(name, tmp_path)
    model, view = load_lattice(folder), StoredLattice.open(folder)
    assert view.name == model.name and view.dimensions == model.dimensions
    assert list(view.instances) == sorted(model.instances) and len(view.instances) == len(model.instances)
    assert all(view.instances[k] == inst and view.instances.get(k) == inst for k, inst in model.instances.items())
    assert view.instances.get("no such instance") is None and "no such instance" not in view.instances
    assert list(view.predicates) == model.sorted_predicates() and view.predicates[-1] == model.sorted_predicates()[-1]
    with pytest.raises(IndexError):
        view.predicates[len(model.predicates)]
    assert dict(view.documents) == model.documents and view.documents.get("nope") is None
    assert view.dimension(next(iter(model.dimensions.values())).name) is next(iter(view.dimensions.values()))
    view.close()


def _layered(root: Path) -> Path:
    """A lattice of two sources (a layer each): the zoo, then the movies."""
    import latweave

    latweave.build([CORPORA / "zoo", CORPORA / "movies"], root / "layered")
    return root / "layered"


@pytest.mark.parametrize("name", ["zoo", "disputes", "contested2", "layered"])
def test_values_kept_on_disk_hold_what_the_model_holds(name, tmp_path):
    """Every dimension opened with its values on disk (lazy_values=0) equals the model's: labels,
    parents, bounds (as mappings, and in key order), look-ups of keys it has and has not, resolve."""
    from collections.abc import Mapping

    folder = _layered(tmp_path) if name == "layered" else _build(name, tmp_path)[0]
    model, view = load_lattice(folder), StoredLattice.open(folder, lazy_values=0)
    assert view.dimensions == model.dimensions and list(view.dimensions) == list(model.dimensions)
    for key, dim in model.dimensions.items():
        held = view.dimensions[key]
        assert isinstance(held.labels, Mapping) and not isinstance(held.labels, dict)   # on disk
        for field in ("labels", "parents", "bounds", "synonyms"):
            assert list(getattr(held, field).items()) == list(getattr(dim, field).items()), field
            assert len(getattr(held, field)) == len(getattr(dim, field))
        assert "no such value" not in held.labels and held.parents.get("no such value") is None
        assert held.labels.get(7) is None and held.synonyms.get(7) is None   # a non-string key is none
        assert "no such name" not in held.synonyms
        if dim.synonyms:   # more synonyms than lazy_values (0): on disk too
            assert isinstance(held.synonyms, Mapping) and not isinstance(held.synonyms, dict)
        for label in [*list(dim.labels.values())[:50], *list(dim.synonyms)[:50]]:
            assert held.resolve(label) == dim.resolve(label)
        if not dim.ordered:
            assert held.resolve("no such value") is None
    assert any(dim.synonyms for dim in model.dimensions.values()) == (name in ("zoo", "layered"))
    # every file the view reads, it opened through its one LayeredFolder, which closes them all:
    # values, synonyms, instances, documents and predicates, and the symbol ids of values and
    # instances (folder/symbol_ids.py), in each layer
    layers = 2 if name == "layered" else 1
    opened = list(view.layers._opened)
    assert len(view.layers.folders) == layers and len(opened) == 7 * layers
    assert view.predicates[next(view.predicates.ids())] in list(model.sorted_predicates())
    view.close()
    assert all(lines._map is None for lines in opened)


@pytest.mark.parametrize("name", ["zoo", "movies", "disputes", "layered"])
def test_results_with_values_on_disk_are_byte_identical(name, tmp_path):
    """The same plans through a view whose every dimension keeps its values on disk and through
    the default one (small dimensions read whole): the same JSON, proofs and witnesses included."""
    from tests.support.plans import MOVIE_PLANS, ZOO_PLANS

    if name == "layered":
        folder, texts = _layered(tmp_path), ZOO_PLANS + MOVIE_PLANS
    else:
        folder, texts = _build(name, tmp_path)
    with Runner(folder, "sqlite", lazy_values=0) as lazy, Runner(folder, "sqlite") as whole:
        assert not isinstance(next(iter(lazy.view.dimensions.values())).labels, dict)
        assert isinstance(next(iter(whole.view.dimensions.values())).labels, dict)
        assert _results(lazy, texts) == _results(whole, texts)


@pytest.mark.parametrize("name", ["disputes", "contested0", "zoo"])
def test_recorded_worlds_and_counts_are_the_settled_ones(name, tmp_path):
    folder, _ = _build(name, tmp_path)
    lattice = load_lattice(folder)
    predicates = lattice.sorted_predicates()
    recorded = Worlds.of(StoredLattice.open(folder), predicates, CompiledLattice.read(folder))
    settled = Worlds(lattice, predicates)
    assert recorded.worlds == settled.worlds and dict(recorded.support) == dict(settled.support)
    assert bool(recorded.worlds) == (name != "zoo")
    compiled = CompiledLattice.read(folder)
    from latweave.folder.base_rows import base_rows

    whole = CompiledLattice(compiled.symbols, {name: base_rows(folder / "engine" / "sqlite.db", name)
                                               for name in LATTICE_RELATIONS})
    assert compiled.coord_counts() == whole.coord_counts() and sum(whole.coord_counts().values()) \
        == len(whole.facts["coord"]) > 0
    assert compiled.facts.loaded == []  # neither read a facts file


def test_a_session_from_the_stored_engine_database_never_parses_coord(tmp_path):
    from tests.support.plans import ZOO_PLANS

    folder, _ = _build("zoo", tmp_path)
    with Runner(folder, "sqlite") as runner:
        stored = runner.engine.open_stored(folder)
        if stored is None:
            pytest.skip("the sqlite engine stores nothing in the lattice folder")
        stored.close()
        results = _results(runner, ZOO_PLANS)
        assert any(json.loads(r).get("answers") for r in results if r.startswith("{"))
        assert "coord" not in runner.compiled.facts.loaded and runner._lattice is None
        assert runner.lattice.instances and runner._lattice is not None  # planners still get the model


def test_line_index_gives_every_line(tmp_path):
    rng = random.Random(3)
    rows = [{"text": "".join(rng.choice("aé\t\\\"x😀\u2028") for _ in range(rng.randrange(12)))} for _ in range(200)]
    path = tmp_path / "rows.jsonl"
    with path.open("w", encoding="utf-8", newline="\n") as handle:
        for row in rows:
            handle.write(json.dumps(row, ensure_ascii=False) + "\n")
    assert write_line_index(path, tmp_path / "rows.idx") == 200
    data = path.read_bytes()
    import array

    offsets = array.array("Q", (tmp_path / "rows.idx").read_bytes())
    assert offsets[0] == 0 and offsets[-1] == len(data)
    assert [json.loads(data[a:b]) for a, b in zip(offsets, offsets[1:])] == rows


def _aged(folder: Path) -> None:
    """Every file's mtime an hour back (not racily fresh: the cache may record it)."""
    for path in folder.rglob("*"):
        if path.is_file():
            st = path.stat()
            os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns - 3600 * 10**9))


@pytest.fixture
def hashed(monkeypatch):
    """The names of the files hashed, by every read_manifest from here on."""
    seen: list[str] = []
    real = store.sha256_file

    def counting(path):
        seen.append(Path(path).name)
        return real(path)

    monkeypatch.setattr(store, "sha256_file", counting)
    return seen


def test_a_verified_open_is_not_hashed_again_and_the_record_lives_outside(tmp_path, hashed):
    folder, _ = _build("zoo", tmp_path)
    _aged(folder)
    hashed.clear()
    manifest = read_manifest(folder, cached=True)
    assert len(hashed) == len(manifest["files"])             # first open: everything hashed
    record = stat_cache_path(folder, manifest)
    assert record.is_file() and folder not in record.parents
    assert Path(os.environ["LATWEAVE_CACHE"]) in record.parents
    hashed.clear()
    read_manifest(folder, cached=True)
    assert hashed == []                                      # unchanged: nothing hashed
    read_manifest(folder)
    assert len(hashed) == len(manifest["files"])             # a full verification still hashes all


def test_a_file_changed_after_a_verified_open_is_refused(tmp_path, hashed):
    folder, _ = _build("zoo", tmp_path)
    _aged(folder)
    read_manifest(folder, cached=True)
    path = folder / "predicates.blocks"
    data = bytearray(path.read_bytes())
    st = path.stat()
    at = len(data) // 2   # inside a block
    data[at] ^= 0xFF  # same size, other bytes
    path.write_bytes(bytes(data))
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))  # mtime bumped by a second
    assert path.stat().st_size == st.st_size
    hashed.clear()
    with pytest.raises(StoreError, match="predicates.blocks does not match the manifest"):
        read_manifest(folder, cached=True)
    assert hashed == ["predicates.blocks"]                    # only the file whose stat changed
    with pytest.raises(StoreError, match="predicates.blocks does not match"):
        Runner(folder)


def test_a_truncated_file_is_refused_by_its_size_without_hashing(tmp_path, hashed):
    folder, _ = _build("zoo", tmp_path)
    _aged(folder)
    read_manifest(folder, cached=True)
    path = folder / "derived" / "coord_counts.blocks"
    path.write_bytes(path.read_bytes()[:-3])
    hashed.clear()
    with pytest.raises(StoreError, match="derived/coord_counts.blocks does not match the manifest"):
        read_manifest(folder, cached=True)
    assert hashed == []


def _fresh(folder: Path) -> None:
    """Every file's mtime now (as a file written outside latweave's writes is: racily fresh)."""
    for path in folder.rglob("*"):
        if path.is_file():
            os.utime(path)


def test_a_racily_fresh_file_is_hashed_again(tmp_path, hashed):
    folder, _ = _build("zoo", tmp_path)
    _fresh(folder)
    hashed.clear()
    read_manifest(folder, cached=True)
    assert len(hashed) > 20
    hashed.clear()
    manifest = read_manifest(folder, cached=True)
    assert len(hashed) == len(manifest["files"])


def test_a_lattice_just_written_is_recorded_and_a_later_write_to_it_still_refused(tmp_path, hashed):
    """A write dates its own files back past the racy window before hashing them (store._settle),
    so the next open hashes nothing — and a file written after that, same size, is caught: its
    mtime is now, not the one recorded."""
    folder, _ = _build("zoo", tmp_path)   # just written
    hashed.clear()
    read_manifest(folder, cached=True)
    assert hashed == []
    path = folder / "instances.jsonl"
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0x01
    path.write_bytes(bytes(data))         # same size, its mtime now
    with pytest.raises(StoreError, match="instances.jsonl does not match the manifest"):
        read_manifest(folder, cached=True)
    assert hashed == ["instances.jsonl"]


def test_an_older_schema_is_refused_with_the_rebuild_hint(tmp_path):
    folder, _ = _build("zoo", tmp_path)
    path = folder / "manifest.json"
    manifest = json.loads(path.read_text())
    path.write_text(json.dumps({**manifest, "schema_version": 9}))   # schema 9: no symbol ids beside instances and values (issue 44)
    with pytest.raises(StoreError, match="schema version 10") as caught:
        Runner(folder)
    assert "rebuild it with `latweave build`" in caught.value.hint


def test_an_older_schema_lattice_is_rebuilt_in_place(tmp_path):
    """What the evaluation harness's cache does with a lattice of an older schema: read_manifest
    refuses it, and building again at the same path replaces it."""
    folder, _ = _build("zoo", tmp_path)
    path = folder / "manifest.json"
    path.write_text(json.dumps({**json.loads(path.read_text()), "schema_version": 6}))
    with pytest.raises(StoreError):
        read_manifest(folder)
    build_corpus(CORPORA / "zoo", folder)
    assert read_manifest(folder)["schema_version"] == 10 and Runner(folder).view.instances


def test_a_long_session_keeps_a_bounded_share_of_what_it_read_and_answers_the_same(tmp_path, monkeypatch):
    """What the readers of a stored lattice keep (instances and documents by key, values by
    dimension, predicates by id, probed keys) is trimmed to its bounds as runs begin, so a
    session answering for days holds a bounded share of the lattice: with every bound 1 (and 2
    probed keys), plan after plan with its proof answers exactly as a session that keeps all
    (rows read again, or found in the older generation), and after a trim what a reader keeps is
    within its bound, what it kept before its older generation."""
    import latweave.execute
    import latweave.folder.layers as layers
    from latweave.folder.layered_folder import Section
    from latweave.folder.layers import LayeredKeyed
    from latweave.folder.stored import StoredPredicates
    from tests.support.plans import MOVIE_PLANS, ZOO_PLANS

    folder = _layered(tmp_path)
    texts = ZOO_PLANS + MOVIE_PLANS
    with Runner(folder, "sqlite", lazy_values=0) as keeps_all:
        expected = [keeps_all.run([read_plan(t)])[0].to_json() for t in texts]
        kept_all = len(keeps_all.view.predicates._kept) + sum(len(k._kept) for k in keeps_all.view.layers._keepers)
    for cls in (LayeredKeyed, Section, StoredPredicates):
        monkeypatch.setattr(cls, "LIMIT", 1)
    monkeypatch.setattr(layers, "KEPT_PROBES", 2)
    monkeypatch.setattr(latweave.execute, "ROOM_EVERY", 1)
    with Runner(folder, "sqlite", lazy_values=0) as bounded:
        got = [bounded.run([read_plan(t)])[0].to_json() for t in texts]
        view = bounded.view
        keepers = view.layers._keepers
        assert {type(k) for k in keepers} == {LayeredKeyed, Section} and len(keepers) > 10
        # trimmed as each run began: less than all that was read is kept
        readers = [view.predicates, *keepers]
        assert sum(len(r._kept) + len(r._older) for r in readers) < kept_all / 2
        before = {id(r): r._kept for r in readers}
        view.room()
        # past its bound, what a reader kept is now its older generation, the one before it dropped
        assert all(len(r._kept) <= 1 and (r._older is before[id(r)] or len(before[id(r)]) <= 1) for r in readers)
        files = [f for k in keepers for f in (k.layers if isinstance(k, LayeredKeyed) else k.files)]
        # a search drops the probed keys first when there are more than 2: after it, at most 2 and its own
        assert all(len(f._probed) <= 2 + len(f.lines).bit_length() + 1 for f in files)
        assert kept_all > 4 * (len(keepers) + 1)   # (the bounds had something to trim)
    assert got == expected
    # a question along its template's prepared path (a session's text) is a run that counts too
    import latweave

    with latweave.open(folder) as session:
        for name in ("Whale", "Dog", "Eagle"):
            session.run(f'meet(subject = "{name}") -> habitat')
        assert session._runner._runs == 3
