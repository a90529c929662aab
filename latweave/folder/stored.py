"""A stored lattice opened for queries: its dimensions in memory, instances, predicates and
documents read one line at a time from the folder, on demand.

Answering a plan needs the dimensions (to check and compile it) and, per answer, an instance's
label and aliases and a predicate's evidence (to decode its proof): never the whole model. So
`StoredLattice.open(folder)` reads dimensions.jsonl, synonyms.jsonl and classes.jsonl into the
same `Dimension` objects `load_lattice` makes, and values.jsonl too for a dimension of at most
LAZY_VALUES values; a larger one (a KB's entity-valued relation: a value per person) keeps its
labels, parents and bounds on disk, read by bisection when asked (a `Section`: mappings with
the dicts' look-ups, iterated in key order by a scan). It maps instances.jsonl, predicates.jsonl and
documents.jsonl (mmap) with their line indexes (`store.write_line_index`, written by the build):

* `predicates[p]` is line p of predicates.jsonl (a predicate's id is its position in canonical
  order, which is the order the store writes them in), or of the layer whose ids hold p;
* `instances.get(key)` is a binary search of instances.jsonl (written sorted by key), newest
  layer first;
* `documents.get(id)` is a binary search of documents.jsonl (written sorted by id), likewise.

Every file is read through one `LayeredFolder` (folder/layered_folder.py), which merges a lattice
of several sources through its layers (folder/layers.py): a keyed row is the newest layer's, a
predicate id is looked up in the layer that numbers it. The way from `StoredLattice` down runs
stored.py → layered_folder.py → layers.py (→ blocks.py, rows.py), with store.py's readers turning
rows into model objects; never back up.

Each row read is parsed into the model's own `Instance`/`Predicate` (store.py's readers), so what
a caller gets is what the full model holds. `LatticeView` is what the query path (plan/check.py,
compile/plan_facts.py, proof/extract.py, proof/contested.py) uses of a lattice; both `Lattice`
(with its `sorted_predicates()`) and `StoredLattice` offer it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator, Protocol

from latweave.folder.documents import document_text, facts_of
from latweave.folder.layered_folder import LayeredFolder, Section
from latweave.folder.layers import Generations, LayeredIds
from latweave.folder.names import CLASSES, DIMENSIONS, DOCUMENTS, INSTANCES, SYNONYMS, VALUES
from latweave.folder.rows import predicate_of_fields
from latweave.folder.store import (add_synonyms_and_classes, add_value_row, dimension_of, instance_fields,
                                   instance_of_fields, read_manifest)
from latweave.lattice.model import Dimension, Instance, Lattice, Predicate
from latweave.lattice.names import TOP

if TYPE_CHECKING:
    from latweave.textio import TextFile

#: A dimension with more values than this keeps them on disk (a `Section`) when a lattice is
#: opened for queries; one with fewer is read whole, as `load_lattice` reads it.
LAZY_VALUES = 20_000


class LatticeView(Protocol):
    """What answering a plan reads of a lattice: its dimensions (every value, parent, synonym and
    bound) and its instances by key (label, aliases)."""

    name: str
    dimensions: dict[str, Dimension]
    instances: Mapping[str, Instance]


class StoredPredicates(Generations, Sequence):
    """The predicates by id (a predicate's id is its index; a lattice of several layers may have
    ids it no longer holds: `ids()` lists the live ones), read when indexed; each one read is kept
    (in two generations: `Generations`) as its line's fields (folder/rows.py `predicate_fields`:
    a flat tuple the garbage collector does not walk), a Predicate made of them when asked."""

    def __init__(self, ids: LayeredIds):
        self._ids = ids
        self._kept: dict[int, tuple[Any, ...]] = {}
        self._older: dict[int, tuple[Any, ...]] = {}   # the generation before (`room`)

    def __len__(self) -> int:
        return self._ids.end

    def __getitem__(self, p):
        if isinstance(p, slice):
            return [self[i] for i in range(*p.indices(len(self)))]
        if p < 0:
            p += len(self)
        fields = self._kept.get(p)
        if fields is None:
            fields = self._older.get(p)
            if fields is None:
                fields = self._ids.fields(p)
            self._kept[p] = fields
        return predicate_of_fields(fields)

    def ids(self) -> Iterator[int]:
        """Every id the lattice holds, ascending."""
        return self._ids.ids()

    def scan(self) -> Iterator[Predicate]:
        """Every predicate in id order, read once and not kept (a pass over all of them, e.g. to
        build a graph, would otherwise keep the whole file in memory)."""
        for i in self._ids.ids():
            yield predicate_of_fields(self._kept.get(i) or self._older.get(i) or self._ids.fields(i))


class _LazyField(Mapping):
    """value key → one field of its row (labels, parents or bounds of a dimension's values on disk:
    a `Section` of values.jsonl, folder/layered_folder.py), as the
    model's dicts map it: a value without parents or bounds is not a key of those."""

    def __init__(self, values: Section, read: Callable[[dict], object], every: bool):
        self._values, self._read, self._every = values, read, every

    def at_symbol(self, ident: int) -> object:
        """The field of the value whose key is symbol `ident`, or None (found by id: `Section.at_symbol`)."""
        row = self._values.at_symbol(ident)
        return None if row is None else self._read(row)

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
    """surface → value key, one dimension's rows of synonyms.jsonl on disk (a `Section`), as
    `Dimension.synonyms` maps them: a KB's date or number dimension has a synonym per spelling."""

    def __init__(self, rows: Section):
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


def _lazy(dim: Dimension, values: Section) -> None:
    dim.labels = _LazyField(values, lambda row: row["label"], every=True)  # type: ignore[assignment]
    dim.parents = _LazyField(values, lambda row: set(row["parents"]) or None, every=False)  # type: ignore
    dim.bounds = _LazyField(values, lambda row: tuple(row["bounds"]) if row["bounds"] is not None else None,
                            every=False)  # type: ignore[assignment]


def read_stored_dimensions(layers: LayeredFolder, lazy_values: int = LAZY_VALUES) -> dict[str, Dimension]:
    """The dimensions of a lattice folder's layers, as store.read_dimensions reads them, except
    that a dimension of more than `lazy_values` values keeps them on disk (read through `layers`,
    whose files stay open until it is closed)."""
    dims: dict[str, Dimension] = {}
    for row in layers.rows(DIMENSIONS):
        dim = dimension_of(row)
        dims[dim.key] = dim
    for key, values in layers.sections(VALUES, dims, "key").items():
        if values.lines > lazy_values:
            _lazy(dims[key], values)
        else:
            for row in values.rows():
                add_value_row(dims[key], row)
    # synonyms likewise: a dimension of more than `lazy_values` keeps them on disk
    for key, synonyms in layers.sections(SYNONYMS, dims, "surface").items():
        dims[key].synonyms = (_LazySynonyms(synonyms) if synonyms.lines > lazy_values  # type: ignore[assignment]
                              else {row["surface"]: row["value"] for row in synonyms.rows()})
    add_synonyms_and_classes(dims, (), layers.rows(CLASSES))
    return dims


#: A stored source up to this size is cited from its text held as a str (proof/lines.py: 4 Ki
#: characters a citation, ~20 µs less a 3-hop proof at 100k subjects than from the file); a
#: larger one from its `TextFile` (`StoredLattice.document_file`).
HELD_BYTES = 64 << 20


class StoredLattice:
    """A lattice folder opened for queries (see the module docstring). Read-only. Every file it
    reads, it reads through one `LayeredFolder` (folder/layered_folder.py)."""

    def __init__(self, folder: Path | str, manifest: dict, lazy_values: int = LAZY_VALUES):
        self.folder = Path(folder)
        self.manifest = manifest
        self.name: str = manifest["name"]
        self.layers = LayeredFolder(self.folder, manifest)
        try:
            self.dimensions: dict[str, Dimension] = read_stored_dimensions(self.layers, lazy_values)
            counts = manifest.get("counts", {})
            self.instances = self.layers.keyed(INSTANCES, instance_fields, counts.get("instances"), instance_of_fields)
            self.documents = self.layers.keyed(DOCUMENTS, self._document, counts.get("documents"))
            self._files: dict[str, str | TextFile | None] = {}   # document_file's, by document
            self.predicates = StoredPredicates(self.layers.ids())
        except BaseException:
            self.layers.close()
            raise

    def _document(self, row: dict) -> str:
        """A documents.jsonl row's text, as `Lattice.documents` maps it (a text kept once, in the
        lattice's stored source, read from there: folder/documents.py)."""
        return document_text(self.layers.base, row)

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

    def document_file(self, doc: str) -> "str | TextFile | None":
        """Document `doc`'s text for reading at offsets without holding it: its stored source as
        a `textio.TextFile` (a KB kept whole: mapped, never decoded whole — a proof's citations,
        proof/lines.py), else its text (a str); None when the lattice has no such document. The
        stored source's bytes are the ones the manifest's check verified when the folder was opened."""
        if doc in self._files:   # (asked once a citation: kept, whatever it is)
            return self._files[doc]
        row = self.documents.row(doc) if isinstance(doc, str) else None
        if row is None or row.get("text") is not None:
            held = self._files[doc] = None if row is None else row["text"]
            return held
        from latweave.errors import StoreError
        from latweave.textio import TextFile

        path = Path(self.layers.base) / row["source"]
        try:
            size = path.stat().st_size
        except OSError:
            size = -1   # (document_text says what is wrong)
        if size <= HELD_BYTES:   # held as a str, as `documents` gives it: a citation reads at most 4 Ki characters of it
            held = self._files[doc] = self.documents.get(doc)
            return held
        facts = facts_of(row, size)   # what the build wrote of the text: no pass over it here
        if facts is not None and facts.ascii:
            found = TextFile.known(path, facts)
        else:
            found = TextFile(path, StoreError)
            found.newlines = None if facts is None else facts.newlines
        self._files[doc] = found
        return found

    def room(self) -> None:
        """Trim what the readers keep of the rows and predicates they have read, where it has grown
        past its bound, to a new generation (folder/layers.py KEPT_ROWS): a runner calls this every
        few runs (execute.py ROOM_EVERY), so a session that answers for days holds a bounded share
        of the lattice, not all it ever read."""
        self.layers.room()
        self.predicates.room()

    def close(self) -> None:
        for text in self._files.values():
            if not isinstance(text, str) and text is not None:
                text.close()
        self._files.clear()
        self.layers.close()
