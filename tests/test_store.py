"""The lattice folder: atomic writes, verified loads, a faithful round trip."""

from __future__ import annotations

import json

import pytest

from latweave.ingest.write import save_lattice
from latweave.ingest.corpus import read_corpus
from latweave.errors import StoreError
from latweave.folder.store import load_lattice, read_manifest, write_lattice
from tests.support.corpora import ZOO


def test_round_trip_preserves_the_model(tmp_path):
    lattice = read_corpus(ZOO)
    save_lattice(lattice, tmp_path / "lat")
    back = load_lattice(tmp_path / "lat")
    assert back.sorted_predicates() == lattice.sorted_predicates()
    assert back.documents == lattice.documents
    for key, dim in lattice.dimensions.items():
        assert back.dimensions[key].edges() == dim.edges()
        assert back.dimensions[key].synonyms == dim.synonyms
    manifest = read_manifest(tmp_path / "lat")
    assert manifest["counts"]["predicates"] == 45 and len(manifest["content_hash"]) == 64


def test_same_corpus_same_bytes(tmp_path):
    save_lattice(read_corpus(ZOO), tmp_path / "a")
    save_lattice(read_corpus(ZOO), tmp_path / "b")
    assert read_manifest(tmp_path / "a")["content_hash"] == read_manifest(tmp_path / "b")["content_hash"]


def test_interrupted_write_leaves_nothing_that_loads(tmp_path):
    lattice = read_corpus(ZOO)

    def crash(folder):
        (folder / "partial.txt").write_text("half")
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        write_lattice(lattice, tmp_path / "lat", {"facts": crash})
    assert not (tmp_path / "lat").exists()
    assert list(tmp_path.iterdir()) == []  # the temporary folder is gone too


def test_interrupted_overwrite_keeps_the_old_lattice(tmp_path):
    lattice = read_corpus(ZOO)
    save_lattice(lattice, tmp_path / "lat")
    before = read_manifest(tmp_path / "lat")

    def crash(folder):
        raise RuntimeError("disk full")

    with pytest.raises(RuntimeError):
        write_lattice(lattice, tmp_path / "lat", {"facts": crash})
    assert read_manifest(tmp_path / "lat") == before
    load_lattice(tmp_path / "lat")


def test_folder_without_manifest_is_refused(tmp_path):
    save_lattice(read_corpus(ZOO), tmp_path / "lat")
    (tmp_path / "lat" / "manifest.json").unlink()
    with pytest.raises(StoreError, match="write that never finished"):
        load_lattice(tmp_path / "lat")


def test_tampered_file_is_refused(tmp_path):
    save_lattice(read_corpus(ZOO), tmp_path / "lat")
    from latweave.folder.blocks import read_lines, write_blocks

    path = tmp_path / "lat" / "predicates.blocks"
    write_blocks(path, [line.replace("marine", "desert") for line in read_lines(path)])
    with pytest.raises(StoreError, match="predicates.blocks does not match the manifest"):
        load_lattice(tmp_path / "lat")


def test_truncated_facts_file_is_refused(tmp_path):
    save_lattice(read_corpus(ZOO), tmp_path / "lat")
    path = tmp_path / "lat" / "derived" / "coord_counts.blocks"
    path.write_bytes(path.read_bytes()[:10])
    with pytest.raises(StoreError, match="derived/coord_counts.blocks does not match"):
        read_manifest(tmp_path / "lat")


def test_manifest_is_json_with_schema_version(tmp_path):
    save_lattice(read_corpus(ZOO), tmp_path / "lat")
    manifest = json.loads((tmp_path / "lat" / "manifest.json").read_text())
    assert manifest["schema_version"] == 10 and manifest["format"] == "latweave-lattice" and manifest["layers"] == 1
    assert "engine/sqlite.db" in manifest["files"] and "symbols.jsonl" in manifest["files"]
    assert "classes.jsonl" in manifest["files"]
    # the lattice relations once, as the engine database's base tables: no facts/ or parquet/ (issue 44)
    assert not [f for f in manifest["files"] if f.startswith(("facts/", "parquet/"))]


def test_a_loaded_lattice_lists_its_predicates_in_canonical_order_however_changed(tmp_path):
    """`sorted_predicates` reads the order the store listed (one pass) only while it still holds
    exactly the set: after an added predicate, or one swapped for another behind its back, it is
    the set sorted — the same list either way."""
    save_lattice(read_corpus(ZOO), tmp_path / "zoo")
    lattice = load_lattice(tmp_path / "zoo")
    assert lattice._listed is not None and lattice.sorted_predicates() == sorted(lattice.predicates)
    first, second = sorted(lattice.predicates)[:2]
    lattice.predicates.discard(first)          # a swap that keeps the size: the listed order is stale
    lattice.predicates.add(type(second)(second.instance, second.dimension, second.value, second.evidence, 0.5))
    assert lattice.sorted_predicates() == sorted(lattice.predicates) and first not in lattice.sorted_predicates()
    before = len(lattice.predicates)
    doc = sorted(lattice.documents)[0]
    text = lattice.documents[doc]
    lattice.add_predicate(first.instance, first.dimension, first.value, doc=doc, source_text=text[:3], start=0, end=3)
    assert len(lattice.predicates) == before + 1 and lattice._listed is None
    assert lattice.sorted_predicates() == sorted(lattice.predicates)


def test_the_stat_cache_honours_xdg_cache_home(monkeypatch, tmp_path):
    from latweave.folder.store import stat_cache_path

    manifest = {"content_hash": "ab" * 32}
    monkeypatch.delenv("LATWEAVE_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert stat_cache_path(tmp_path, manifest).is_relative_to(tmp_path / "xdg" / "latweave")
    monkeypatch.setenv("LATWEAVE_CACHE", str(tmp_path / "own"))
    assert stat_cache_path(tmp_path, manifest).is_relative_to(tmp_path / "own")
    monkeypatch.delenv("LATWEAVE_CACHE")
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert stat_cache_path(tmp_path, manifest).is_relative_to(tmp_path / "home" / ".cache" / "latweave")
