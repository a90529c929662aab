"""A lattice's compiled facts as Parquet files: the rows of facts/*.facts, one folder per relation.

The `.facts` files are Soufflé's input: text, parsed line by line by whoever reads them. The same
rows as Parquet (typed INT64 columns, compressed, read without parsing) are what DuckDB, Spark and
any Python code (through DuckDB) open, so that every engine reads one set of files:

    parquet/<relation>/part-0.parquet          every lattice relation, even an empty one (0 rows)
    parquet/coord/d=<dimension>/part-0.parquet coord, partitioned by dimension (Hive style): x, v, p

Columns are named as rules/schema.dl declares them (`subsumes`: d, parent, child), all INT64 NOT
NULL (Parquet REQUIRED); rows come in the `.facts` file's order (sorted), and the values are the
facts' own integers (symbol ids, ranks, day numbers). A lattice without coordinates has no coord
partition: readers take a missing or empty `parquet/coord` as 0 rows. Symbols and evidence stay in
their JSON-lines files, readable without any of this.

The files are converted from the `.facts` files by DuckDB (a required dependency) on one thread,
file names and values bound as parameters: the same facts give the same bytes from one DuckDB
version (the file records it), which tests/test_parquet.py checks. Derived when DuckDB or Spark
first opens a lattice, into latweave's cache, never into the lattice (compile/parquet_cache.py):
layer 0's from the engine database's base tables, a later layer's from its facts.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path
from typing import Iterable, Mapping, Sequence

import duckdb

from latweave.compile.facts import LATTICE_RELATIONS, write_facts
from latweave.datalog.escape import SQL, SQL_NAME
from latweave.errors import EngineError
from latweave.folder.names import FACTS_DIR, PARQUET_DIR, PART_FILE

#: The folder of a lattice that holds the Parquet facts.
#: The one file of a relation (or of one partition of it).
#: relation → the column its files are partitioned by (that column is in the folder name, not the file).
PARTITIONED = {"coord": "d"}
#: Options of every file written: zstd-compressed Parquet.
_COPY = "(FORMAT PARQUET, COMPRESSION zstd)"


def columns(relation: str) -> tuple[str, ...]:
    """The column names rules/schema.dl gives a lattice relation, in order."""
    from latweave.datalog.parser import load_schema  # parsed once per process (cached)

    return tuple(c.name for c in load_schema().relation(relation).columns)


def write_parquet(folder: Path | str, facts: Mapping[str, Iterable[Sequence[int]]] | Path | str | None = None,
                  relations: Iterable[str] = LATTICE_RELATIONS, *, out: str = PARQUET_DIR,
                  partitioned: bool = True) -> list[Path]:
    """Write `folder/parquet/` (or `folder/<out>/`) for the lattice relations; returns the files
    written, sorted.

    `facts`: a folder of `<relation>.facts` files (default `folder/facts`, as the lattice writers
    leave it), or relation → rows, which are written as `.facts` files first (sorted, distinct,
    as `write_facts` writes them) so that both give the same bytes. `partitioned`: coord in one
    folder per dimension (PARTITIONED), else in one file like the rest (a layer's retractions)."""
    folder = Path(folder)
    if facts is None or isinstance(facts, (str, Path)):
        source = Path(facts) if facts is not None else folder / FACTS_DIR
        return _convert(source, folder / out, tuple(relations), partitioned)
    relations = tuple(relations)
    with tempfile.TemporaryDirectory(prefix="latweave-parquet-") as tmp:
        write_facts(Path(tmp), facts, relations)
        return _convert(Path(tmp), folder / out, relations, partitioned)


def _convert(source: Path, out: Path, relations: tuple[str, ...], partitioned: bool = True,
             cols: Mapping[str, tuple[str, ...]] | None = None) -> list[Path]:
    """Each relation's `.facts` file under `source` to Parquet under `out/<relation>/`, on one
    DuckDB connection. `cols`: relation → its columns' names (default: the schema's)."""
    written: list[Path] = []
    with tempfile.TemporaryDirectory(prefix="latweave-parquet-") as spill:
        con = duckdb.connect(":memory:", config={"threads": 1, "temp_directory": spill,
                                                 "preserve_insertion_order": True})
        try:
            for name in relations:
                written += _relation(con, source / f"{name}.facts", out / name, name, partitioned,
                                     cols.get(name) if cols else None)
        finally:
            con.close()
    return sorted(written)


def write_derived_parquet(out: Path, facts: Path, cols: Mapping[str, Sequence[str]]) -> list[Path]:
    """Derived relations' `.facts` files in `facts` (int columns, named as the rules declare them:
    relation → `cols[relation]`) as one Parquet file each, `out/<relation>/part-0.parquet`, the
    converter a lattice relation's goes through (engines/stored_strata.py)."""
    return _convert(facts, out, tuple(cols), False, {name: tuple(c) for name, c in cols.items()})


def _relation(con, facts: Path, out: Path, name: str, partitioned: bool = True,
              cols: tuple[str, ...] | None = None) -> list[Path]:
    """One relation's `.facts` file into a NOT NULL table (so the Parquet columns are REQUIRED),
    then out as one file, or one file per partition value. `cols`: the columns' names (default:
    the schema's, for a lattice relation)."""
    cols = columns(name) if cols is None else cols
    table = SQL_NAME.quote(name)
    con.execute(f"CREATE TABLE {table} ({', '.join(f'{SQL_NAME.quote(c)} BIGINT NOT NULL' for c in cols)})")
    spec = "{" + ", ".join(f"{SQL.quote(c)}: 'BIGINT'" for c in cols) + "}"
    con.execute(f"INSERT INTO {table} SELECT * FROM read_csv($path, header = false, auto_detect = false, "
                f"delim = '\\t', quote = '', escape = '', strict_mode = true, columns = {spec})",
                {"path": str(facts)})
    key = PARTITIONED.get(name) if partitioned else None
    written = []
    if key is None:
        out.mkdir(parents=True, exist_ok=True)
        con.execute(f"COPY {table} TO $file {_COPY}", {"file": str(out / PART_FILE)})
        written.append(out / PART_FILE)
    else:
        rest = ", ".join(SQL_NAME.quote(c) for c in cols if c != key)
        values = [v for (v,) in con.execute(f"SELECT DISTINCT {SQL_NAME.quote(key)} FROM {table} ORDER BY 1").fetchall()]
        for value in values:
            part = out / f"{key}={value}"
            part.mkdir(parents=True, exist_ok=True)
            con.execute(f"COPY (SELECT {rest} FROM {table} WHERE {SQL_NAME.quote(key)} = $value) TO $file {_COPY}",
                        {"value": value, "file": str(part / PART_FILE)})
            written.append(part / PART_FILE)
    con.execute(f"DROP TABLE {table}")
    return written


def parquet_relations(folder: Path | str) -> dict[str, list[Path]]:
    """The Parquet files of a lattice folder: relation → its files, for each relation of
    LATTICE_RELATIONS whose folder is present, in that order. A relation's files are every
    `*.parquet` in its folder, by name (this writer's one `part-0.parquet`; another writer, Spark's,
    may split a relation in parts); a partitioned relation's are its partitions' files, ordered by
    partition value (numerically). A partitioned relation is always listed: a missing or empty
    folder is 0 rows. Empty when the folder has no `parquet/` (built before it existed)."""
    root = Path(folder) / PARQUET_DIR
    if not root.is_dir():
        return {}
    found: dict[str, list[Path]] = {}
    for name in LATTICE_RELATIONS:
        key = PARTITIONED.get(name)
        if key is None:
            if (root / name).is_dir():
                found[name] = relation_files(root / name)
            continue
        parts = []
        if (root / name).is_dir():
            for part in (root / name).iterdir():
                value = part.name.removeprefix(f"{key}=")
                if value != part.name and _is_int(value) and part.is_dir():
                    parts += [(int(value), path) for path in relation_files(part)]
        found[name] = [path for _, path in sorted(parts)]
    return found


#: What a reader of a lattice whose Parquet facts are incomplete is told to do.
REBUILD = "rebuild the lattice with this version of latweave (latweave build ... --out DIR)"


def stored_parquet(folder: Path | str) -> dict[str, list[Path]]:
    """The Parquet files of a lattice folder's layer 0 for an engine that opens from them: its
    `parquet/` when it has one, else the files derived from its engine database's base tables
    into latweave's cache (compile/parquet_cache.py: what a build writes now); {} when neither
    can be (the caller opens the facts); EngineError, with the hint to rebuild, when some
    lattice relation has no files."""
    files = parquet_relations(folder)
    if not files:
        from latweave.compile.parquet_cache import derived_parquet

        files = derived_parquet(folder)
    missing = [name for name in LATTICE_RELATIONS if name not in files]
    if files and missing:
        raise EngineError(f"{Path(folder) / PARQUET_DIR}: no Parquet facts for {', '.join(missing)}", hint=REBUILD)
    return files


def layered_parquet(folder: Path | str) -> list[tuple[dict[str, list[Path]], dict[str, list[Path]]]]:
    """The Parquet files of a lattice's layers after the first (folder/layers.py), oldest first:
    for each, (relation → the files of the rows it adds, relation → the file of the rows it takes
    away), derived from the layer's facts when first asked (compile/parquet_cache.py
    `layer_parquet`). Only the relations a layer changes are listed. Empty for a lattice of one
    layer."""
    import json

    from latweave.compile.parquet_cache import layer_parquet
    from latweave.folder.layers import has_layers, layer_folders
    from latweave.folder.names import MANIFEST

    folder = Path(folder)
    if not has_layers(folder):
        return []
    manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    return [layer_parquet(folder, k, manifest) for k in range(1, len(layer_folders(folder, manifest)))]


def relation_files(directory: Path) -> list[Path]:
    """The Parquet files of one relation's folder, by name."""
    return sorted(p for p in directory.iterdir() if p.suffix == ".parquet" and p.is_file())


def partition_value(path: Path) -> int:
    """The partition value of a partitioned relation's file (`.../d=7/part-0.parquet` → 7)."""
    return int(path.parent.name.partition("=")[2])


def _is_int(text: str) -> bool:
    return re.fullmatch(r"-?[0-9]+", text) is not None
