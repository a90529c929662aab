"""A stored lattice opened for queries: its dimensions in memory, instances, predicates and
documents read one line at a time from the folder, on demand.

Answering a plan needs the dimensions (to check and compile it) and, per answer, an instance's
label and aliases and a predicate's evidence (to decode its proof): never the whole model. So
`StoredLattice.open(folder)` reads dimensions.jsonl, synonyms.jsonl and classes.jsonl into the
same `Dimension` objects `load_lattice` makes, and values.jsonl too for a dimension of at most
LAZY_VALUES values; a larger one (a KB's entity-valued relation: a value per person) keeps its
labels, parents and bounds on disk, read by bisection when asked (`LazyValues`: mappings with
the dicts' look-ups, iterated in key order by a scan). It maps instances.jsonl, predicates.jsonl and
documents.jsonl (mmap) with their line indexes (`store.write_line_index`, written by the build):

* `predicates[p]` is line p of predicates.jsonl (a predicate's id is its position in canonical
  order, which is the order the store writes them in), or of the layer whose ids hold p;
* `instances.get(key)` is a binary search of instances.jsonl (written sorted by key), newest
  layer first;
* `documents.get(id)` is a binary search of documents.jsonl (written sorted by id), likewise.

A lattice of several sources is read through its layers (folder/layers.py): a keyed row is
the newest layer's, a predicate id is looked up in the layer that numbers it.

Each row read is parsed into the model's own `Instance`/`Predicate` (store.py's readers), so what
a caller gets is what the full model holds. `LatticeView` is what the query path (plan/check.py,
compile/plan_facts.py, proof/extract.py, proof/contested.py) uses of a lattice; both `Lattice`
(with its `sorted_predicates()`) and `StoredLattice` offer it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Callable, Iterator, Protocol

from latweave.folder.layers import (KEYS, PROBES, LayeredIds, LayeredKeyed, SortedLines, layer_folders, merged_rows,
                                    open_lines, removed)
from latweave.folder.names import CLASSES, DIMENSIONS, DOCUMENTS, INSTANCES, SYNONYMS, VALUES
from latweave.folder.store import (add_synonyms_and_classes, add_value_row, dimension_of, instance_of,
                                   read_manifest)
from latweave.lattice.model import Dimension, Instance, Lattice, Predicate
from latweave.lattice.names import TOP

#: A dimension with more values than this keeps them on disk (`LazyValues`) when a lattice is
#: opened for queries; one with fewer is read whole, as `load_lattice` reads it.
LAZY_VALUES = 20_000


class LatticeView(Protocol):
    """What answering a plan reads of a lattice: its dimensions (every value, parent, synonym and
    bound) and its instances by key (label, aliases)."""

    name: str
    dimensions: dict[str, Dimension]
    instances: Mapping[str, Instance]


class StoredPredicates(Sequence):
    """The predicates by id (a predicate's id is its index; a lattice of several layers may have
    ids it no longer holds: `ids()` lists the live ones), read when indexed; each one read is kept."""

    def __init__(self, ids: LayeredIds):
        self._ids = ids
        self._kept: dict[int, Predicate] = {}

    def __len__(self) -> int:
        return self._ids.end

    def __getitem__(self, p):
        if isinstance(p, slice):
            return [self[i] for i in range(*p.indices(len(self)))]
        if p < 0:
            p += len(self)
        pred = self._kept.get(p)
        if pred is None:
            pred = self._kept[p] = self._ids.predicate(p)
        return pred

    def ids(self) -> Iterator[int]:
        """Every id the lattice holds, ascending."""
        return self._ids.ids()

    def scan(self) -> Iterator[Predicate]:
        """Every predicate in id order, read once and not kept (a pass over all of them, e.g. to
        build a graph, would otherwise keep the whole file in memory)."""
        for i in self._ids.ids():
            yield self._kept.get(i) or self._ids.predicate(i)


def stored_instances(folders: list[Path], count: int | None = None) -> LayeredKeyed:
    """instances.jsonl by instance key (the normalised label), as `Lattice.instances` maps them."""
    return LayeredKeyed(folders, INSTANCES, instance_of, count)


def stored_documents(folders: list[Path], count: int | None = None) -> LayeredKeyed:
    """documents.jsonl by document id, as `Lattice.documents` maps them (a text kept once, in the
    lattice's stored source, read from there: folder/documents.py)."""
    from latweave.folder.documents import document_text

    return LayeredKeyed(folders, DOCUMENTS, lambda row: document_text(folders[0], row), count)


class LazyValues:
    """One dimension's rows of values.jsonl (or of synonyms.jsonl: `field` "surface"), on disk:
    `row(key)` finds a row by bisection (newest layer first; a deletion answers None), each row
    found kept; `rows()` reads them all, in key order, for the rare caller that iterates (each
    time: nothing is kept)."""

    def __init__(self, files: list[SortedLines], dimension: str, spans: list[tuple[int, int]], field: str = "key"):
        self.files, self.dimension, self.spans, self.field = files, dimension, spans, field
        self._kept: dict[str, dict | None] = {}
        self._count: int | None = sum(hi - lo for lo, hi in spans) if len(files) == 1 else None

    def row(self, key: str) -> dict | None:
        if key in self._kept:
            return self._kept[key]
        found = None
        for lines in reversed(self.files):
            row = lines.find((self.dimension, key))
            if row is not None:
                found = None if removed(row) else row
                break
        self._kept[key] = found
        return found

    def rows(self) -> Iterator[dict]:
        if len(self.files) == 1:
            lo, hi = self.spans[0]
            return (self.files[0].row_at(i) for i in range(lo, hi))
        held: dict[str, dict] = {}
        for lines, (lo, hi) in zip(self.files, self.spans):   # oldest first: a newer row replaces
            for i in range(lo, hi):
                row = lines.row_at(i)
                held[row[self.field]] = row
        return (held[k] for k in sorted(held) if not removed(held[k]))

    def count(self) -> int:
        if self._count is None:
            self._count = sum(1 for _ in self.rows())
        return self._count


class _LazyField(Mapping):
    """value key → one field of its row (labels, parents or bounds of a `LazyValues`), as the
    model's dicts map it: a value without parents or bounds is not a key of those."""

    def __init__(self, values: LazyValues, read: Callable[[dict], object], every: bool):
        self._values, self._read, self._every = values, read, every

    def __getitem__(self, key):
        row = self._values.row(key) if isinstance(key, str) else None
        value = None if row is None else self._read(row)
        if value is None:
            raise KeyError(key)
        return value

    def __contains__(self, key) -> bool:
        try:
            self[key]
        except KeyError:
            return False
        return True

    def __iter__(self) -> Iterator[str]:
        # the model's order: ⊤ first (every Dimension starts with it), then the file's, by key
        if self._every and self._values.row(TOP) is not None:
            yield TOP
        for row in self._values.rows():
            if row["key"] != TOP and (self._every or self._read(row) is not None):
                yield row["key"]

    def __len__(self) -> int:
        return self._values.count() if self._every else sum(1 for _ in self)


class _LazySynonyms(Mapping):
    """surface → value key, one dimension's rows of synonyms.jsonl on disk (`LazyValues`), as
    `Dimension.synonyms` maps them: a KB's date or number dimension has a synonym per spelling."""

    def __init__(self, rows: LazyValues):
        self._rows = rows

    def __getitem__(self, surface):
        row = self._rows.row(surface) if isinstance(surface, str) else None
        if row is None:
            raise KeyError(surface)
        return row["value"]

    def __iter__(self) -> Iterator[str]:
        return (row["surface"] for row in self._rows.rows())

    def __len__(self) -> int:
        return self._rows.count()


def _lazy(dim: Dimension, values: LazyValues) -> None:
    dim.labels = _LazyField(values, lambda row: row["label"], every=True)  # type: ignore[assignment]
    dim.parents = _LazyField(values, lambda row: set(row["parents"]) or None, every=False)  # type: ignore
    dim.bounds = _LazyField(values, lambda row: tuple(row["bounds"]) if row["bounds"] is not None else None,
                            every=False)  # type: ignore[assignment]


def read_stored_dimensions(folders: list[Path], lazy_values: int = LAZY_VALUES
                           ) -> tuple[dict[str, Dimension], list[SortedLines]]:
    """The dimensions of a lattice folder's layers (`folders`), as store.read_dimensions reads
    them, except that a dimension of more than `lazy_values` values keeps them on disk; and the
    values files they read from (open until closed)."""
    dims: dict[str, Dimension] = {}
    for row in merged_rows(folders, DIMENSIONS):
        dim = dimension_of(row)
        dims[dim.key] = dim
    files, values = _by_dimension(folders, VALUES, dims, "key")
    for key, (rows, count) in values.items():
        if count > lazy_values:
            _lazy(dims[key], rows)
        else:
            for row in rows.rows():
                add_value_row(dims[key], row)
    # synonyms likewise: a dimension of more than `lazy_values` keeps them on disk
    synonym_files, synonyms = _by_dimension(folders, SYNONYMS, dims, "surface")
    for key, (rows, count) in synonyms.items():
        dims[key].synonyms = (_LazySynonyms(rows) if count > lazy_values  # type: ignore[assignment]
                              else {row["surface"]: row["value"] for row in rows.rows()})
    add_synonyms_and_classes(dims, (), merged_rows(folders, CLASSES))
    return dims, files + synonym_files


def _by_dimension(folders: list[Path], name: str, dims: Mapping[str, Dimension], field: str
                  ) -> tuple[list[SortedLines], dict[str, tuple[LazyValues, int]]]:
    """A model file keyed by (dimension, `field`) — values.jsonl, synonyms.jsonl — opened in every
    layer, and each dimension's rows of it on disk with how many lines they span (in key order)."""
    files = [SortedLines(open_lines(f, name), key=KEYS[name], probe=PROBES[name]) for f in folders]
    out = {}
    for key in sorted(dims):
        spans = [(lines.lower((key, "")), lines.lower((key + "\0", ""))) for lines in files]
        out[key] = (LazyValues(files, key, spans, field=field), sum(hi - lo for lo, hi in spans))
    return files, out


class StoredLattice:
    """A lattice folder opened for queries (see the module docstring). Read-only."""

    def __init__(self, folder: Path | str, manifest: dict, lazy_values: int = LAZY_VALUES):
        self.folder = Path(folder)
        self.manifest = manifest
        self.name: str = manifest["name"]
        folders = layer_folders(self.folder, manifest)
        self.dimensions: dict[str, Dimension]
        self.dimensions, self._values = read_stored_dimensions(folders, lazy_values)
        counts = manifest.get("counts", {})
        self.instances = stored_instances(folders, counts.get("instances"))
        self.documents = stored_documents(folders, counts.get("documents"))
        self.predicates = StoredPredicates(LayeredIds(folders))

    @classmethod
    def open(cls, folder: Path | str, manifest: dict | None = None, lazy_values: int = LAZY_VALUES
             ) -> "StoredLattice":
        """Open `folder` (its manifest read and verified first unless given); a dimension of
        more than `lazy_values` values keeps them on disk."""
        return cls(folder, read_manifest(folder, cached=True) if manifest is None else manifest, lazy_values)

    def dimension(self, name: str) -> Dimension:
        """The dimension named `name`, as `Lattice.dimension` finds it (LatticeError when none)."""
        return Lattice.dimension(self, name)  # type: ignore[arg-type]  # reads only .dimensions

    def sorted_predicates(self) -> StoredPredicates:
        """The predicates in canonical order, as `Lattice.sorted_predicates` lists them."""
        return self.predicates

    def close(self) -> None:
        self.instances.close()
        self.documents.close()
        self.predicates._ids.close()
        for lines in self._values:
            lines.lines.close()
