"""A lattice relation's rows read from the base tables of a lattice's engine database.

Layer 0 of a lattice folder keeps its lattice relations (rules/schema.dl's lattice inputs: coord,
node, subsumes...) once, as the base tables of `engine/sqlite.db` (engines/sqlite_write.py writes
them: a table per relation, columns c0, c1, ... in the relation's order), where a build used to
write them twice more, as `facts/*.facts` and `parquet/` (issue 44: one representation on disk).
Whatever wants the rows as the `.facts` files held them — every engine but SQLite opens from rows
(compile/lattice_facts.py StoredFacts), DuckDB and Spark from Parquet derived from them
(compile/parquet_cache.py) — reads them here: every row, as int tuples, sorted ascending and
distinct, which is the `.facts` files' order (a row's columns compared in turn, as ORDER BY c0,
c1, ... orders them), whatever the table's physical layout. Plain sqlite3, read-only: no engine
code, so the rows are the file's, not what an engine makes of them.
"""

from __future__ import annotations

import sqlite3
from operator import lt
from itertools import islice
from pathlib import Path

from latweave.errors import StoreError


def base_rows(database: Path | str, relation: str) -> list[tuple[int, ...]]:
    """The rows of `relation`'s base table in the engine database at `database`, sorted."""
    path = Path(database)
    try:
        con = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        raise StoreError(f"{path}: cannot open the engine database ({exc})",
                         hint="rebuild the lattice with `latweave build`") from None
    try:
        table = '"' + relation.replace('"', '""') + '"'
        rows = con.execute(f"SELECT * FROM {table}").fetchall()
    except sqlite3.Error as exc:
        raise StoreError(f"{path}: no base table for the relation {relation!r} ({exc})",
                         hint="rebuild the lattice with `latweave build`") from None
    finally:
        con.close()
    if not all(map(lt, rows, islice(rows, 1, None))):   # stored in another order: sorted here (a
        rows.sort()                                      # sorted list is checked in one pass)
    return rows
