"""A lattice folder's layers, for look-ups without reading the model: each keyed, sorted,
line-indexed file searched by bisection, newest layer first (a deletion answers "none").

A change that adds one KB file (ingest/kb_layer.py) computes its layer from these look-ups, and
the writer (ingest/write.py) reads a prefix's counts and labels through it."""

from __future__ import annotations

import json
from pathlib import Path

from latweave.folder.layers import (KEYS, PROBES, LayeredIds, LayeredKeyed, SortedLines, facts_row,
                                    layer_folders, merged_rows, open_lines, read_layer_record, removed)
from latweave.folder.names import (COUNTS_FILE, DIMENSIONS, DOCUMENTS, INSTANCES, PREDICATES, SYMBOLS,
                                   SYNONYMS, VALUES)
from latweave.folder.rows import predicate_probe
from latweave.folder.store import add_value_row, dimension_of
from latweave.lattice.model import Dimension
from latweave.lattice.names import normalize


class FolderLookup:
    """A lattice folder's first `layers` layers, for look-ups: each keyed, sorted, line-indexed
    file searched by bisection, newest layer first (a deletion answers "none")."""

    def __init__(self, folder: Path, manifest: dict):
        self.folders = layer_folders(folder, manifest)
        self.ids = LayeredIds(self.folders)
        self.symbol_firsts = [0] + [read_layer_record(f)["symbols"][0] for f in self.folders[1:]]
        self._symbols = [SortedLines(open_lines(f, SYMBOLS), key=lambda s: s) for f in self.folders]
        self.symbol_end = self.symbol_firsts[-1] + len(self._symbols[-1].lines)
        counts = manifest.get("counts", {})
        self.instances = LayeredKeyed(self.folders, INSTANCES, lambda row: row, counts.get("instances"))
        self.documents = LayeredKeyed(self.folders, DOCUMENTS, lambda row: True, counts.get("documents"))
        self._values = [SortedLines(open_lines(f, VALUES), key=KEYS[VALUES],
                                    probe=PROBES[VALUES]) for f in self.folders]
        self._synonyms = [SortedLines(open_lines(f, SYNONYMS), key=KEYS[SYNONYMS],
                                      probe=PROBES[SYNONYMS]) for f in self.folders]
        self._predicates = [SortedLines(open_lines(f, PREDICATES), key=lambda row: row["instance"],
                                        probe=predicate_probe) for f in self.folders]
        self._counts = [SortedLines(open_lines(f, COUNTS_FILE), key=lambda row: row[:2], parse=facts_row)
                        for f in self.folders if (f / COUNTS_FILE).is_file()]
        self.dimensions = {normalize(row["name"]): row for row in merged_rows(self.folders, DIMENSIONS)}
        self._held: dict[str, list[tuple[int, dict]]] = {}

    def _newest(self, files: list[SortedLines], key):
        for lines in reversed(files):
            row = lines.find(key)
            if row is not None:
                return None if removed(row) else row
        return None

    def symbol(self, text: str) -> int | None:
        for first, lines in zip(reversed(self.symbol_firsts), reversed(self._symbols)):
            i = lines.lower(text)
            if i < len(lines.lines) and lines.row_at(i) == text:
                return first + i
        return None

    def value(self, d: str, v: str) -> dict | None:
        return self._newest(self._values, (d, v))

    def synonym(self, d: str, surface: str) -> str | None:
        row = self._newest(self._synonyms, (d, surface))
        return row["value"] if row is not None else None

    def instance(self, key: str) -> dict | None:
        return self.instances.get(key)

    def predicates(self, x: str) -> list[tuple[int, dict]]:
        """(id, row) of every predicate instance `x` has, by id."""
        held = self._held.get(x)
        if held is None:
            held = []
            for k, lines in enumerate(self._predicates):
                first = self.ids.first[k]
                held += [(first + i, row) for i, row in lines.equal(x) if self.ids.live(first + i)]
            self._held[x] = held
        return held

    def count(self, d: int, v: int) -> int:
        for lines in reversed(self._counts):
            row = lines.find((d, v))
            if row is not None:
                return row[2]
        return 0

    def newest(self, name: str) -> dict | None:
        """The newest layer's JSON file `name` (the legitimacy report, the reader's state)."""
        for folder in reversed(self.folders):
            if (folder / name).is_file():
                return json.loads((folder / name).read_text(encoding="utf-8"))
        return None

    def dimension(self, d: str) -> Dimension:
        """Dimension `d` as the model holds it (every value read: for checking it again)."""
        row = self.dimensions[d]
        dim = dimension_of(row)
        held: dict[str, dict] = {}
        for lines in self._values:   # oldest first: a newer layer's row replaces
            for value in lines.after((d, "")):
                if value["dimension"] != d:
                    break
                held[value["key"]] = value
        for key in sorted(held):
            value = held[key]
            if not removed(value):
                add_value_row(dim, value)
        return dim

    def close(self) -> None:
        self.ids.close()
        self.instances.close()
        self.documents.close()
        for files in (self._symbols, self._values, self._synonyms, self._predicates, self._counts):
            for lines in files:
                lines.lines.close()
