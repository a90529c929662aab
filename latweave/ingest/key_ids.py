"""The DuckDB build's keys as integer ids: one dictionary table, and its spellings read back by id.

At scale every sort and join of the build (the instances streamed in key order, the legitimacy
gate's formal context) carried the keys as strings; at 10M subjects they spilled tens of GB
(docs/performance.md, "The third 10M attempt"). So the keys are numbered once: table `keys`
(`id`, `key`), `id` the key's rank among all the build's keys (instances, values, dimensions) —
a rank keeps the keys' order (DuckDB compares VARCHARs by their UTF-8 bytes, which is Python's
code-point order), so a sort, a group or a `<` on ids is the one on the keys, and the tables the
sorts run over hold a few integers a row. The strings come back once, at the end, by id:
`Spellings`, read in id order from the table — a list of `str` up to `LISTED_KEYS` keys (a
lookup is an index: the writer looks up two a predicate), past it every key in one bytes object
with its offsets (~25 bytes a key beside a `str`'s ~70: 12M keys at 10M subjects).
"""

from __future__ import annotations

from array import array
from typing import Iterable

#: Rows fetched from DuckDB at a time while the spellings are read.
FETCH_ROWS = 100_000
#: Up to this many keys `Spellings` holds a list of `str`; past it, one bytes object (module docstring).
LISTED_KEYS = 4_000_000


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
    """Every key of a `keys` table, by id: `spellings[id]` (or the faster bound `spellings.get(id)`)
    is the key, a str. Read once in id order: a list of `str` up to `LISTED_KEYS` keys, else one
    bytes object of the keys' UTF-8 and an array of their ends."""

    def __init__(self, con, table: str = "keys", listed: int | None = None):
        count = con.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
        as_list = count <= (LISTED_KEYS if listed is None else listed)
        keys: list[str] = []
        blob, ends = bytearray(), array("q")
        cursor = con.cursor()
        try:
            cursor.execute(f"SELECT id, key FROM {table} ORDER BY id")
            expected = 0
            while True:
                batch = cursor.fetchmany(FETCH_ROWS)
                if not batch:
                    break
                if batch[0][0] != expected or batch[-1][0] != expected + len(batch) - 1:
                    # (number_keys numbers from 0 without gaps)
                    raise ValueError(f"table {table} is not numbered densely from id {expected}")
                expected += len(batch)
                if as_list:
                    keys.extend(key for _, key in batch)
                    continue
                for _, key in batch:
                    blob += key.encode("utf-8")
                    ends.append(len(blob))
        finally:
            cursor.close()
        self._blob, self._ends = bytes(blob), ends
        self.get = keys.__getitem__ if as_list else self._spelled
        self._count = count

    def __len__(self) -> int:
        return self._count

    def __getitem__(self, id_: int) -> str:
        return self.get(id_)

    def _spelled(self, id_: int) -> str:
        ends = self._ends
        return self._blob[ends[id_ - 1] if id_ else 0:ends[id_]].decode("utf-8")

    @property
    def nbytes(self) -> int:
        """The bytes the compact form holds (its keys' text and their ends; 0 as a list)."""
        return len(self._blob) + self._ends.itemsize * len(self._ends)
