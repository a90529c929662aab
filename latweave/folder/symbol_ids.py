"""The keyed model files' rows addressed by symbol id: `instances.ids`, `values.ids` (SYMBOL_IDS).

A proof names what it cites by the labels of symbol ids — an instance's row of instances.jsonl, a
value's row of values.blocks — and each first-asked label was a bisection of the file by key in
Python: ~17 probes, each a line read and its key parsed (~15–35 µs a label, six or seven labels a
first-asked 3-hop question on the 100k-person KB: docs/performance.md, round twenty-five).
A keyed file's lines are sorted by their key's text, and a layer's symbols are numbered in their
text's order (compile/stored_symbols.py), so beside each such file a layer keeps, for each line, the
symbol id of its key: a look-up by id is a bisection of 32-bit integers in C (`bisect` over a
mapped array) and one line read.

The file, little-endian unsigned 32-bit words:

    flag     0: the ids follow in line order (each section's ids ascending: line = position);
             1: each section's ids sorted ascending, then the line of each (a later layer, whose
             keys may be earlier layers' symbols, numbered below its own; or a key that is no
             symbol, which no look-up by id can ask for: NONE, last in its section)
    ids      one per line of the keyed file; a section is a run of lines of one dimension (values)
             or the whole file (instances), sorted within itself
    lines    (flag 1) the line of each id

A layer's ids are those of its symbols and every earlier layer's — never a later one's — so a
layer's file is written once, with the layer, and linked unchanged by every later write: by a
streamed write as it writes the files (ingest/stream.py: it numbers the symbols itself), else
derived from the written files where the line indexes are written (folder/derive_ids.py).
"""

from __future__ import annotations

import mmap
import sys
from array import array
from bisect import bisect_left
from pathlib import Path
from operator import lt
from typing import Iterable

from latweave.errors import StoreError

#: A key that is no symbol (no look-up by id asks for it)
NONE = 0xFFFFFFFF


def _uint32() -> str:
    for code in ("I", "L"):
        if array(code).itemsize == 4:
            return code
    raise RuntimeError("no 32-bit unsigned array type")   # (none known)


U32 = _uint32()


def write_ids(target: Path, ids: array[int], sections: Iterable[int]) -> None:
    """Write a symbol-id file: `ids` the symbol id of each line's key (NONE for a key that is no
    symbol), `sections` the lengths of the runs of lines bisected apart (a values file's
    dimensions, in line order; the whole file for instances) — in line order when every section's
    ids ascend (flag 0), else each section sorted, with its lines (flag 1)."""
    spans, at = [], 0
    for n in sections:
        spans.append((at, at + n))
        at += n
    if at != len(ids):
        raise ValueError(f"{target.name}: {len(ids)} ids for {at} lines")
    ascending = all(all(map(lt, ids[lo:hi - 1], ids[lo + 1:hi])) for lo, hi in spans if hi - lo > 1)
    out = array(U32, [0 if ascending else 1])
    if ascending:
        out.extend(ids)
    else:
        order: list[int] = []
        for lo, hi in spans:
            order.extend(sorted(range(lo, hi), key=lambda i: (ids[i], i)))
        out.extend(ids[i] for i in order)
        out.extend(order)
    if sys.byteorder != "little":
        out.byteswap()
    with open(target, "wb") as handle:
        out.tofile(handle)


class SymbolIds:
    """A keyed file's symbol-id file, mapped: `line(ident, lo, hi)` — the line of the section of
    lines [lo, hi) whose key is symbol `ident`, or None."""

    def __init__(self, path: Path, lines: int):
        self._map: mmap.mmap | None = None
        try:
            with path.open("rb") as handle:
                self._map = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
        except (OSError, ValueError):
            raise StoreError(f"{path.parent}: {path.name} is missing or unreadable",
                             hint="rebuild the lattice with `latweave build`") from None
        size = len(self._map)
        flag = int.from_bytes(self._map[:4], "little") if size >= 4 else None
        if flag not in (0, 1) or size != 4 * (1 + lines * (1 + flag)):
            self._map.close()
            raise StoreError(f"{path.parent}: {path.name} does not address its {lines} lines (changed or truncated)",
                             hint="rebuild the lattice; never edit a lattice folder by hand")
        if hasattr(mmap, "MADV_RANDOM"):   # a bisection's few scattered words: no read-ahead around each
            self._map.madvise(mmap.MADV_RANDOM)
        words: memoryview | array[int] = memoryview(self._map).cast(U32)   # type: ignore[call-overload]
        if sys.byteorder != "little":   # (the words are little-endian: a copy, swapped, on another machine)
            words.release()   # type: ignore[union-attr]
            words = array(U32, self._map[:])
            words.byteswap()
        self._words = words
        self._ids = words[1:1 + lines]
        self._lines = words[1 + lines:] if flag else None

    def line(self, ident: int, lo: int, hi: int) -> int | None:
        ids = self._ids
        at = bisect_left(ids, ident, lo, hi)
        if at == hi or ids[at] != ident:
            return None
        return at if self._lines is None else self._lines[at]

    def close(self) -> None:
        if self._map is not None:
            for view in (self._ids, self._lines, self._words):
                if isinstance(view, memoryview):
                    view.release()
            self._map.close()
            self._map = None
