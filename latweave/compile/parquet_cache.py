"""Parquet facts derived when an engine asks for them, cached outside the lattice (issue 44).

DuckDB and Spark open a lattice from Parquet (compile/parquet_facts.py's layout). A build no
longer writes layer 0's `parquet/` — every reader but those two would carry it for nothing (6 MB
of the 100,000-person KB's lattice, never read by the default SQLite engine) — so the first open
that wants it derives it from the one copy of the rows, the engine database's base tables
(folder/base_rows.py), through the same converter a build used (the same files), into

    <latweave's cache>/parquet/<sha256 of layer 0's engine/sqlite.db>-<FORMAT>/parquet/...

* never stale: the key is the hash the manifest records for the database the rows come from (a
  rebuilt or changed lattice has another database, hence another key; a lattice changed by
  `add` keeps its layer 0, and its cache; later layers keep their own small `parquet/`);
* never half-read: the files are written into a temporary sibling folder and renamed into place
  in one step, so the key's folder is complete or absent (a lost race keeps the winner's);
* never in the lattice: the manifest and content hash do not change, and a read-only lattice
  folder (a shared volume) derives all the same. Where the cache cannot be written, the files go
  to a temporary folder removed when the process exits.
"""

from __future__ import annotations

import atexit
import os
import secrets
import shutil
import tempfile
from pathlib import Path

from latweave.compile.facts import LATTICE_RELATIONS
from latweave.folder.names import ENGINE_DB, FACTS_DIR, PARQUET_DIR

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
        where = _derive(Path(folder), where)
    return parquet_relations(where)


def _derive(folder: Path, where: Path) -> Path:
    """Write the Parquet files under `where` (a temporary sibling, then one rename); the folder
    the files are in (`where`, or a per-process temporary folder when the cache is read-only)."""
    try:
        where.parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=f".{where.name}.tmp-{secrets.token_hex(4)}-", dir=where.parent))
    except OSError:
        tmp = Path(tempfile.mkdtemp(prefix="latweave-parquet-"))
        atexit.register(shutil.rmtree, tmp, True)
        _write(folder, tmp)
        return tmp
    try:
        _write(folder, tmp)
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
