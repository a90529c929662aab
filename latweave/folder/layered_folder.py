"""One reader of a lattice folder's layers: what a view of the lattice reads, merged through them.

A lattice of several sources is a stack of layers (folder/layers.py draws it and holds the
primitives: `Lines`, `SortedLines`, `merged_rows`, `LayeredKeyed`, `LayeredIds`). A reader that
answers queries (folder/stored.py `StoredLattice`) needs four things of the stack, each merged
newest layer first: a keyed model file's rows in key order (`rows`: dimensions.jsonl,
classes.jsonl), one dimension's rows of values or synonyms found by bisection (`sections`), a
keyed, line-indexed file as a mapping (`keyed`: instances, documents) and the predicates by id
(`ids`). `LayeredFolder` opens them and closes every file it opened (`close`); it turns no row
into a model object (that is the view's: folder/store.py's readers), so the way from the view
down runs through here to the primitives and never back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from latweave.folder.blocks import BlockLines
from latweave.folder.layers import (KEYS, PROBES, Generations, LayeredIds, LayeredKeyed, Lines, SortedLines,
                                    layer_folders, merged_rows, open_lines, removed, row_at_symbol)
from latweave.folder.names import SYMBOL_IDS
from latweave.folder.symbol_ids import SymbolIds

Row = dict[str, Any]


class Section(Generations):
    """One dimension's rows of a file keyed by (dimension, `field`) — values.jsonl ("key"),
    synonyms.jsonl ("surface") — through every layer: `row(key)` finds a row by bisection (newest
    layer first; a deletion answers None), each row found kept (up to LIMIT a generation: `room`);
    `rows()` reads them all, in key order, for the rare caller that iterates (each time: nothing
    is kept). `lines`: how many lines the dimension spans in the layers' files together (its
    size, but for rows a later layer replaces or deletes)."""

    #: Rows kept per dimension in each of two generations (`Generations`)
    LIMIT = 10_000

    def __init__(self, files: list[SortedLines], dimension: str, spans: list[tuple[int, int]], field: str,
                 ids: list[SymbolIds] | None = None):
        self.files, self.dimension, self.spans, self.field = files, dimension, spans, field
        self.ids = ids   # each file's lines by their key's symbol id, where the file has them
        self.lines = sum(hi - lo for lo, hi in spans)
        self._kept: dict[str, Row | None] = {}
        self._older: dict[str, Row | None] = {}   # the generation before
        self._count: int | None = self.lines if len(files) == 1 else None

    def row(self, key: str) -> Row | None:
        if key in self._kept:
            return self._kept[key]
        if key in self._older:
            found = self._kept[key] = self._older[key]
            return found
        found = None
        for lines in reversed(self.files):
            row = lines.find((self.dimension, key))
            if row is not None:
                found = None if removed(row) else row
                break
        self._kept[key] = found
        return found

    def at_symbol(self, ident: int) -> Row | None:
        """The row of the value whose key is symbol `ident` (the newest layer's; None where there
        is none or it is deleted), found by id (`row_at_symbol`) and not kept: the caller keeps
        labels by id."""
        assert self.ids is not None
        return row_at_symbol(self.files, self.ids, self.spans, ident)

    def rows(self) -> Iterator[Row]:
        if len(self.files) == 1:
            lo, hi = self.spans[0]
            return (self.files[0].row_at(i) for i in range(lo, hi))
        held: dict[str, Row] = {}
        for lines, (lo, hi) in zip(self.files, self.spans):   # oldest first: a newer row replaces
            for i in range(lo, hi):
                row = lines.row_at(i)
                held[row[self.field]] = row
        return (held[k] for k in sorted(held) if not removed(held[k]))

    def count(self) -> int:
        if self._count is None:
            self._count = sum(1 for _ in self.rows())
        return self._count


class LayeredFolder:
    """A lattice folder's layers (`folders`, oldest first: the folder itself is layer 0), opened
    for reading. Read-only; `close` closes every file it opened."""

    def __init__(self, folder: Path | str, manifest: Mapping[str, Any]):
        self.folders = layer_folders(folder, manifest)
        self._opened: list[Lines | BlockLines | SymbolIds] = []
        self._keepers: list[Section | LayeredKeyed] = []   # what `room` trims

    @property
    def base(self) -> Path:
        """Layer 0's folder: the lattice folder itself."""
        return self.folders[0]

    def rows(self, name: str) -> Iterator[Row]:
        """A keyed model file's rows, in key order: for each key the newest layer's, none where
        that row deletes it (`merged_rows`)."""
        return merged_rows(self.folders, name)

    def sections(self, name: str, dimensions: Iterable[str], field: str) -> dict[str, Section]:
        """Each dimension's `Section` of a file keyed by (dimension, `field`), in dimension order;
        the file opened once in every layer."""
        files, ids = [], []
        for folder in self.folders:
            lines = open_lines(folder, name)
            self._opened.append(lines)
            files.append(SortedLines(lines, key=KEYS[name], probe=PROBES[name]))
            if name in SYMBOL_IDS:
                ids.append(SymbolIds(folder / SYMBOL_IDS[name], len(lines)))
                self._opened.append(ids[-1])
        sections = {key: Section(files, key, [(f.lower((key, "")), f.lower((key + "\0", ""))) for f in files], field,
                                 ids if name in SYMBOL_IDS else None)
                    for key in sorted(dimensions)}
        self._keepers += sections.values()
        return sections

    def keyed(self, name: str, value: Callable[[Row], object], count: int | None = None,
              unpack: Callable[[Any], object] | None = None) -> LayeredKeyed:
        """A keyed, line-indexed model file (instances.jsonl, documents.jsonl) as a mapping of its
        keys to `value(row)` (to `unpack(value(row))` where given: `LayeredKeyed`); `count`: its
        size, when known (the manifest's)."""
        mapping = LayeredKeyed(self.folders, name, value, count, unpack)
        self._opened += [layer.lines for layer in mapping.layers]
        self._opened += mapping.ids or []
        self._keepers.append(mapping)
        return mapping

    def ids(self) -> LayeredIds:
        """The predicates by id, through every layer."""
        ids = LayeredIds(self.folders)
        self._opened += ids.lines
        return ids

    def room(self) -> None:
        """Trim what each section and keyed file keeps of the rows it has read, where it has
        grown past its bound (`StoredLattice.room`)."""
        for keeper in self._keepers:
            keeper.room()

    def close(self) -> None:
        for lines in self._opened:
            lines.close()
        self._opened = []
