"""The lattice strata a build evaluated, read by the engines that open from Parquet (issues 44, 48).

A lattice's SQLite engine database holds every lattice stratum evaluated (`desc`, `resolve`,
`contested`, the worlds...: sqlite_store.py), under a fingerprint of the rules that derived them.
DuckDB and Spark open from Parquet and used to evaluate those strata again at every open — on
Spark, dozens of jobs (44 s of a 100k-line KB's 58 s open on two cores). Where the database's
fingerprint is what these rules give, its strata tables are derived once into latweave's cache,
as Parquet beside the base relations' (compile/parquet_cache.py: the same cache entry, keyed by
the database's sha256), and a session reads them instead of evaluating them:

    <cache>/parquet/<sha256 of engine/sqlite.db>-<FORMAT>/strata-<FORMAT>-<program digest>/
        strata.json                    {"format", "program", "relations": {relation: rows}}
        <relation>/part-0.parquet      the table's rows, columns named as the rules declare them

* the rows are the database's own, so a session that reads them holds what evaluating would
  have given it (the rules' fixpoint over the same base rows: the base relations' Parquet comes
  from the same file) — checked once, when the entry is made, by the database's fingerprint
  against the SQLite engine's fingerprint of these rules, and on every read by the digest of the
  rules (the entry's name and strata.json both carry it: other rules, another entry); a database
  built by other rules gets an empty mark beside, `strata-<FORMAT>-<digest>.other-rules`, so that
  later opens evaluate without planning the SQLite engine again to find that out;
* only a lattice of one layer (a later layer's rows reach Parquet from its own facts, not from the
  top layer's database), only relations of number columns, and only when every relation a session
  would evaluate at open is there: otherwise None, and the session evaluates as it always did;
* written atomically (a temporary sibling renamed into place), never inside the lattice; a cache
  that cannot be written means evaluating, not failing.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import secrets
import shutil
import sqlite3
import tempfile
from pathlib import Path
from typing import Iterable

from latweave.datalog.ir import Program
from latweave.engines.per_program import per_program
from latweave.engines.seminaive import StratumPlan
from latweave.errors import EngineError
from latweave.folder.names import ENGINE_DB, PART_FILE

#: Bumped when what an entry holds, or how, changes (old entries are then never read).
FORMAT = 1
_INDEX = "strata.json"
#: Beside an entry's name: the database was built by other rules (an empty file, so that the next
#: open does not plan the SQLite engine again to find that out)
_OTHER = ".other-rules"


def program_digest(program: Program) -> str:
    """The sha256 of the rules as the program cache encodes them (once per program)."""
    from latweave.datalog.program_cache import encode

    return per_program(program, ("stored_strata.digest",), lambda: hashlib.sha256(
        json.dumps(encode(program), sort_keys=True).encode()).hexdigest())


def stored_strata(folder: Path | str | None, program: Program, relations: Iterable[str]) -> dict[str, Path] | None:
    """relation → its Parquet file, for each of `relations` (what a session would evaluate at
    open), from the lattice folder's engine database by way of the cache; None when they cannot
    all be read so (no folder, a lattice of layers, see the module's docstring): the caller
    evaluates them."""
    from latweave.compile.parquet_cache import cache_folder
    from latweave.folder.layers import has_layers

    wanted = sorted(set(relations))
    if folder is None or not wanted or has_layers(folder) or not (Path(folder) / ENGINE_DB).is_file():
        return None
    folder = Path(folder)
    where = cache_folder(folder)
    if where is None:
        return None
    digest = program_digest(program)
    entry = where / f"strata-{FORMAT}-{digest[:24]}"
    index = _index(entry, digest)
    if index is None:
        if (where / f"{entry.name}{_OTHER}").exists():
            return None   # known: this database's strata are not these rules' (not checked again)
        made = _derive(entry, folder / ENGINE_DB, program, digest)
        index = _index(made, digest) if made is not None else None
    if index is None or not set(wanted) <= set(index):
        return None
    files = {name: entry / name / PART_FILE for name in wanted}
    return files if all(path.is_file() for path in files.values()) else None


def relations_of(at_open: Iterable[StratumPlan]) -> list[str]:
    """The relations of the lattice strata a session would evaluate at open (`stored_strata`'s ask)."""
    return [r for p in at_open for r in p.stratum.relations]


def _index(entry: Path, digest: str) -> dict[str, int] | None:
    """The relations an entry holds (relation → rows), when it is complete and of these rules."""
    try:
        index = json.loads((entry / _INDEX).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(index, dict) or index.get("format") != FORMAT or index.get("program") != digest:
        return None
    relations = index.get("relations")
    return relations if isinstance(relations, dict) else None


def _derive(entry: Path, database: Path, program: Program, digest: str) -> Path | None:
    """Write the entry (a temporary sibling, renamed into place); the folder written, or None
    when the database's strata are not these rules' (or cannot be read)."""
    try:
        entry.parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=f".{entry.name}.tmp-{secrets.token_hex(4)}-", dir=entry.parent))
    except OSError:
        return None   # a read-only cache: the session evaluates
    try:
        try:
            written = _write(tmp, database, program, digest)
        except (OSError, sqlite3.Error, _duckdb_error()):
            written = None   # (a full disk, say: the session evaluates, as with no cache)
        if written is False:
            with contextlib.suppress(OSError):
                (entry.parent / f"{entry.name}{_OTHER}").touch()
        if not written:
            return None
        try:
            os.rename(tmp, entry)
        except OSError:
            if not (entry / _INDEX).is_file():
                return None
        return entry
    finally:
        shutil.rmtree(tmp, ignore_errors=True)   # (a lost race: the winner's folder is kept)


def _duckdb_error() -> type[Exception]:
    import duckdb

    return duckdb.Error


def _write(out: Path, database: Path, program: Program, digest: str) -> bool | None:
    """The database's lattice strata tables as Parquet under `out`, and strata.json last: True;
    False when the database was built by other rules; None when it cannot be read."""
    from latweave.compile.lattice_facts import write_rows
    from latweave.compile.parquet_facts import write_derived_parquet
    from latweave.engines.sqlite_engine import SqliteEngine
    from latweave.engines.sqlite_store import fingerprint, read_meta
    from latweave.folder.base_rows import base_rows

    try:
        con = sqlite3.connect(f"{database.resolve().as_uri()}?mode=ro", uri=True)
        try:
            meta = read_meta(con, database)
        finally:
            con.close()
    except (sqlite3.Error, EngineError):
        return None
    engine = SqliteEngine(program)
    if meta.fingerprint != fingerprint(engine, meta.base_inputs):
        return False   # built by other rules: what it holds is not what these rules derive
    relations, cols = {}, {}
    with tempfile.TemporaryDirectory(prefix="latweave-strata-") as facts:
        for name in sorted(engine.lattice(meta.base_inputs) - meta.base_inputs):
            relation = program.relation(name)
            if not relation.columns or any(c.type != "number" for c in relation.columns):
                continue   # (a nullary or symbol relation: evaluated, never stored here)
            rows = base_rows(database, name)
            write_rows(Path(facts), {name: rows}, (name,))
            relations[name], cols[name] = len(rows), [c.name for c in relation.columns]
        write_derived_parquet(out, Path(facts), cols)
    (out / _INDEX).write_text(json.dumps({"format": FORMAT, "program": digest, "relations": relations},
                                         sort_keys=True) + "\n", encoding="utf-8")
    return True
