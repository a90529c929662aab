"""Fact rows into DuckDB without their values ever entering SQL text: a VALUES list or a CSV file.

Small relations go in as one parameterised `VALUES` list; larger ones are written to a temporary
CSV (csv module, every string quoted) and read back with `read_csv` and explicit column types.
The CSV round trip is the fastest of the ways tried (bound lists, a list of structs,
`executemany`) from a few dozen rows up; below that one `VALUES` statement is (docs/performance.md).
"""

from __future__ import annotations

import csv
import os
from typing import Sequence

from latweave.engines.dialects.duckdb import DuckDB, literal

#: Relations with at most this many rows are inserted with one parameterised VALUES statement.
SMALL_ROWS = 16


def source(rows: list, types: Sequence[str], folder: str) -> tuple[str, list]:
    """(an SQL table expression yielding `rows`, the parameters it binds); checked rows only."""
    if len(rows) <= SMALL_ROWS:
        rows = list(dict.fromkeys(map(tuple, rows)))
        one = "(" + ", ".join("?" * len(types)) + ")"
        return "(VALUES " + ", ".join([one] * len(rows)) + ")", [v for row in rows for v in row]
    return read_csv(rows, types, os.path.join(folder, "facts.csv")), []


def read_csv(rows: list, types: Sequence[str], path: str) -> str:
    """Write rows to `path`; a read_csv call over it with fixed column types.

    Strings are always quoted (QUOTE_NONNUMERIC), so "" is an empty string, never NULL; quotes,
    commas, tabs, newlines and any unicode survive the round trip. The path is a file name the
    session made, quoted as a literal like any other.
    """
    with open(path, "w", encoding="utf-8", newline="") as f:
        csv.writer(f, quoting=csv.QUOTE_NONNUMERIC, lineterminator="\n").writerows(rows)
    columns = "{" + ", ".join(f"'c{j}': '{DuckDB.types[t]}'" for j, t in enumerate(types)) + "}"
    return (f"read_csv({literal(path)}, header = false, auto_detect = false, delim = ',', "
            f"quote = '\"', escape = '\"', allow_quoted_nulls = false, strict_mode = true, "
            f"columns = {columns})")
