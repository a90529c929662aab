"""Parquet facts derived when an engine asks for them, cached outside the lattice (issue 44).

DuckDB and Spark open a lattice from Parquet (compile/parquet_facts.py's layout). A lattice folder
holds none — every reader but those two would carry it for nothing (6 MB of the 100,000-person
KB's lattice, never read by the default SQLite engine; and a `latweave add` would pay for
converting its layer's rows and for importing DuckDB, a sixth of its time on the 1M-line KB) — so
the first open that wants them derives them, through the same converter a build used to run (the
same files), into latweave's cache:

    <cache>/parquet/<sha256 of layer 0's engine/sqlite.db>-<FORMAT>/parquet/...
        layer 0's rows, from the one copy of them: the engine database's base tables
        (folder/base_rows.py);
    <cache>/parquet/layer-<sha256 of a later layer's facts files' hashes>-<FORMAT>/{parquet,retracted-parquet}/...
        a later layer's rows added and taken away, from its facts/ and retracted/ (`layer_parquet`;
        a layer written by an older latweave, with its own parquet/, is read as it is).

* never stale: the key is made of the hashes the manifest records for the files the rows come
  from (a rebuilt or changed lattice has other files, hence another key; a lattice changed by
  `add` keeps its earlier layers, and their cache);
* never half-read: the files are written into a temporary sibling folder and renamed into place
  in one step, so the key's folder is complete or absent (a lost race keeps the winner's);
* never in the lattice: the manifest and content hash do not change, and a read-only lattice
  folder (a shared volume) derives all the same. Where the cache cannot be written, the files go
  to a temporary folder removed when the process exits.
"""

from __future__ import annotations

import atexit
import hashlib
import json
import os
import secrets
import shutil
import tempfile
from pathlib import Path

from latweave.compile.facts import LATTICE_RELATIONS
from latweave.folder.names import ENGINE_DB, FACTS_DIR, PARQUET_DIR, RETRACTED_DIR, RETRACTED_PARQUET_DIR

#: Bumped when what is derived, or how, changes (a new key: old entries are never read).
FORMAT = 1


def cache_folder(folder: Path | str) -> Path | None:
    """Where layer 0's Parquet facts of the lattice folder `folder` are cached; None when its
    manifest lists no engine database (nothing to derive them from)."""
    from latweave.folder.store import cache_root, read_manifest

    from latweave.errors import StoreError

    try:
        digest = read_manifest(folder, verify=False).get("files", {}).get(ENGINE_DB)
    except StoreError:   # no lattice folder: nothing this cache serves
        return None
    if not isinstance(digest, str) or not digest.isalnum():
        return None
    return cache_root() / "parquet" / f"{digest}-{FORMAT}"


def derived_parquet(folder: Path | str) -> dict[str, list[Path]]:
    """Layer 0's Parquet files of the lattice folder `folder` (relation → files, as
    parquet_facts.parquet_relations lists them), derived into the cache on first use; {} when
    the folder has no engine database."""
    from latweave.compile.parquet_facts import parquet_relations

    if not (Path(folder) / ENGINE_DB).is_file():
        return {}
    where = cache_folder(folder)
    if where is None:
        return {}
    if not (where / PARQUET_DIR).is_dir():
        where = _derive(where, lambda out: _write(Path(folder), out))
    return parquet_relations(where)


def layer_parquet(folder: Path | str, k: int, manifest: dict) -> tuple[dict[str, list[Path]], dict[str, list[Path]]]:
    """Layer k's (k ≥ 1) Parquet files of the lattice folder `folder` (`manifest`: its own):
    (relation → the files of the rows the layer adds, relation → the file of the rows it takes
    away), only the relations it changes — derived into the cache from its facts/ and retracted/
    on first use, keyed by the hashes the manifest records for those files; a layer written by an
    older latweave, with its own parquet/, is read in place."""
    from latweave.compile.parquet_facts import parquet_relations, relation_files
    from latweave.folder.layers import layer_path
    from latweave.folder.store import cache_root

    layer = Path(folder) / layer_path(k)
    where = layer
    if not ((layer / PARQUET_DIR).is_dir() or (layer / RETRACTED_PARQUET_DIR).is_dir()):
        prefix = layer_path(k) + "/"
        sources = {name[len(prefix):]: digest for name, digest in sorted(manifest.get("files", {}).items())
                   if name.startswith((prefix + FACTS_DIR + "/", prefix + RETRACTED_DIR + "/"))}
        if not sources:
            return {}, {}
        key = hashlib.sha256(json.dumps(sources, sort_keys=True).encode()).hexdigest()
        where = cache_root() / "parquet" / f"layer-{key}-{FORMAT}"
        if not (where / PARQUET_DIR).is_dir():
            where = _derive(where, lambda out: _write_layer(layer, out))
    added = {name: paths for name, paths in parquet_relations(where).items() if paths}
    root = where / RETRACTED_PARQUET_DIR
    taken = {name: relation_files(root / name) for name in LATTICE_RELATIONS if (root / name).is_dir()}
    return added, taken


def _derive(where: Path, write) -> Path:
    """Write the Parquet files under `where` (a temporary sibling, then one rename); the folder
    the files are in (`where`, or a per-process temporary folder when the cache is read-only)."""
    try:
        where.parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=f".{where.name}.tmp-{secrets.token_hex(4)}-", dir=where.parent))
    except OSError:
        tmp = Path(tempfile.mkdtemp(prefix="latweave-parquet-"))
        atexit.register(shutil.rmtree, tmp, True)
        write(tmp)
        return tmp
    try:
        write(tmp)
        try:
            os.rename(tmp, where)
        except OSError:
            if not (where / PARQUET_DIR).is_dir():
                raise
    finally:
        shutil.rmtree(tmp, ignore_errors=True)   # (a lost race: the winner's folder is kept)
    return where


def _write(folder: Path, out: Path) -> None:
    """The `.facts` files of layer 0's rows (StoredFacts reads the engine database), then
    Parquet converted from them as a build converted its own."""
    from latweave.compile.lattice_facts import StoredFacts, write_rows
    from latweave.compile.parquet_facts import write_parquet

    rows = StoredFacts(folder / FACTS_DIR)
    with tempfile.TemporaryDirectory(prefix="latweave-facts-") as facts:
        write_rows(Path(facts), rows, LATTICE_RELATIONS)
        write_parquet(out, Path(facts))


def _write_layer(layer: Path, out: Path) -> None:
    """A later layer's Parquet: its facts/ and retracted/ converted as a change used to convert
    them (rows added: coord partitioned; rows taken away: one file a relation); `out/parquet/`
    made even when the layer adds nothing (the mark of a complete entry)."""
    from latweave.compile.parquet_facts import write_parquet

    for source, target, partitioned in ((FACTS_DIR, PARQUET_DIR, True), (RETRACTED_DIR, RETRACTED_PARQUET_DIR, False)):
        names = [name for name in LATTICE_RELATIONS if (layer / source / f"{name}.facts").is_file()]
        if names:
            write_parquet(out, layer / source, names, out=target, partitioned=partitioned)
    (out / PARQUET_DIR).mkdir(exist_ok=True)
