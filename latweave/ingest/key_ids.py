"""The DuckDB build's keys as integer ids: one dictionary table, and its spellings read back by id.

At scale every sort and join of the build (the instances streamed in key order, the legitimacy
gate's formal context) carried the keys as strings; at 10M subjects they spilled tens of GB
(docs/performance.md, "The third 10M attempt"). So the keys are numbered once: table `keys`
(`id`, `key`), `id` the key's rank among all the build's keys (instances, values, dimensions) —
a rank keeps the keys' order (DuckDB compares VARCHARs by their UTF-8 bytes, which is Python's
code-point order), so a sort, a group or a `<` on ids is the one on the keys, and the tables the
sorts run over hold a few integers a row. The strings come back once, at the end, by id:
`Spellings`, every key in one bytes object with its offsets (a few bytes a key beside a Python
`str`'s ~60), read in id order from the table.
"""

from __future__ import annotations

from array import array
from typing import Iterable

#: Rows fetched from DuckDB at a time while the spellings are read.
FETCH_ROWS = 100_000


def number_keys(con, sources: Iterable[str], table: str = "keys") -> tuple[int, str]:
    """Create `table` (id, key): each distinct key that one of the `sources` (SQL queries of one
    VARCHAR column each) gives, numbered from 0 in ascending key order. Returns (count, the SQL
    type of an id: INTEGER while the count allows, else BIGINT)."""
    union = " UNION ".join(f"({source})" for source in sources)
    con.execute(f"CREATE TABLE {table} AS SELECT k AS key, (row_number() OVER (ORDER BY k) - 1) AS id "
                f"FROM (SELECT DISTINCT * FROM ({union}) u(k) WHERE k IS NOT NULL)")
    count = con.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
    kind = "INTEGER" if count < 2 ** 31 - 1 else "BIGINT"
    if kind == "INTEGER":
        con.execute(f"CREATE OR REPLACE TABLE {table} AS SELECT id::INTEGER AS id, key FROM {table}")
    return count, kind


class Spellings:
    """Every key of a `keys` table, by id: `spellings[id]` is the key (a str). Held as one bytes
    object of the keys' UTF-8 bytes and an array of their ends, read once in id order."""

    def __init__(self, con, table: str = "keys"):
        blob, ends = bytearray(), array("q")
        cursor = con.cursor()
        try:
            cursor.execute(f"SELECT id, key FROM {table} ORDER BY id")
            expected = 0
            while True:
                batch = cursor.fetchmany(FETCH_ROWS)
                if not batch:
                    break
                for id_, key in batch:
                    if id_ != expected:   # (number_keys numbers from 0 without gaps)
                        raise ValueError(f"table {table} is not numbered densely: id {id_} where {expected} was due")
                    blob += key.encode("utf-8", "surrogatepass")
                    ends.append(len(blob))
                    expected += 1
        finally:
            cursor.close()
        self._blob, self._ends = bytes(blob), ends

    def __len__(self) -> int:
        return len(self._ends)

    def __getitem__(self, id_: int) -> str:
        start = self._ends[id_ - 1] if id_ else 0
        return self._blob[start:self._ends[id_]].decode("utf-8", "surrogatepass")

    @property
    def nbytes(self) -> int:
        """The bytes held (the keys' text and their ends)."""
        return len(self._blob) + self._ends.itemsize * len(self._ends)
