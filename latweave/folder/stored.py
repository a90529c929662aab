"""A stored lattice opened for queries: its dimensions in memory, instances, predicates and
documents read one line at a time from the folder, on demand.

Answering a plan needs the dimensions (to check and compile it) and, per answer, an instance's
label and aliases and a predicate's evidence (to decode its proof): never the whole model. So
`StoredLattice.open(folder)` reads dimensions.jsonl, values.jsonl, synonyms.jsonl and
classes.jsonl into the same `Dimension` objects `load_lattice` makes, and maps instances.jsonl, predicates.jsonl and
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
from typing import Iterator, Protocol

from latweave.folder.layers import LayeredIds, LayeredKeyed, layer_folders
from latweave.lattice.model import Dimension, Instance, Lattice, Predicate
from latweave.folder.store import instance_of, predicate_of, read_dimensions, read_manifest
from latweave.folder.names import DOCUMENTS, INSTANCES


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
            pred = self._kept[p] = predicate_of(self._ids.row(p))
        return pred

    def ids(self) -> Iterator[int]:
        """Every id the lattice holds, ascending."""
        return self._ids.ids()

    def scan(self) -> Iterator[Predicate]:
        """Every predicate in id order, read once and not kept (a pass over all of them, e.g. to
        build a graph, would otherwise keep the whole file in memory)."""
        for i in self._ids.ids():
            yield self._kept.get(i) or predicate_of(self._ids.row(i))


def stored_instances(folders: list[Path], count: int | None = None) -> LayeredKeyed:
    """instances.jsonl by instance key (the normalised label), as `Lattice.instances` maps them."""
    return LayeredKeyed(folders, INSTANCES, instance_of, count)


def stored_documents(folders: list[Path], count: int | None = None) -> LayeredKeyed:
    """documents.jsonl by document id, as `Lattice.documents` maps them."""
    return LayeredKeyed(folders, DOCUMENTS, lambda row: row["text"], count)


class StoredLattice:
    """A lattice folder opened for queries (see the module docstring). Read-only."""

    def __init__(self, folder: Path | str, manifest: dict):
        self.folder = Path(folder)
        self.manifest = manifest
        self.name: str = manifest["name"]
        model = Lattice(name=self.name)
        read_dimensions(self.folder, model, manifest)
        self.dimensions: dict[str, Dimension] = model.dimensions
        folders = layer_folders(self.folder, manifest)
        counts = manifest.get("counts", {})
        self.instances = stored_instances(folders, counts.get("instances"))
        self.documents = stored_documents(folders, counts.get("documents"))
        self.predicates = StoredPredicates(LayeredIds(folders))

    @classmethod
    def open(cls, folder: Path | str, manifest: dict | None = None) -> "StoredLattice":
        """Open `folder` (its manifest read and verified first unless given)."""
        return cls(folder, read_manifest(folder, cached=True) if manifest is None else manifest)

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
