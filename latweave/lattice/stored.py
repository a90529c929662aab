"""A stored lattice opened for queries: its dimensions in memory, instances, predicates and
documents read one line at a time from the folder, on demand.

Answering a plan needs the dimensions (to check and compile it) and, per answer, an instance's
label and aliases and a predicate's evidence (to decode its proof): never the whole model. So
`StoredLattice.open(folder)` reads dimensions.jsonl, values.jsonl, synonyms.jsonl and
classes.jsonl into the same `Dimension` objects `load_lattice` makes, and maps instances.jsonl, predicates.jsonl and
documents.jsonl (mmap) with their line indexes (`store.write_line_index`, written by the build):

* `predicates[p]` is line p of predicates.jsonl (a predicate's id is its position in canonical
  order, which is the order the store writes them in);
* `instances.get(key)` is a binary search of instances.jsonl (written sorted by key);
* `documents.get(id)` is a binary search of documents.jsonl (written sorted by id).

Each row read is parsed into the model's own `Instance`/`Predicate` (store.py's readers), so what
a caller gets is what the full model holds. `LatticeView` is what the query path (plan/check.py,
compile/plan_facts.py, proof/extract.py, proof/contested.py) uses of a lattice; both `Lattice`
(with its `sorted_predicates()`) and `StoredLattice` offer it.
"""

from __future__ import annotations

import json
import mmap
import sys
from array import array
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Iterator, Protocol

from latweave.errors import StoreError
from latweave.lattice.model import Dimension, Instance, Lattice, Predicate
from latweave.lattice.names import normalize
from latweave.lattice.store import INDEXED, instance_of, predicate_of, read_dimensions, read_manifest


class LatticeView(Protocol):
    """What answering a plan reads of a lattice: its dimensions (every value, parent, synonym and
    bound) and its instances by key (label, aliases)."""

    name: str
    dimensions: dict[str, Dimension]
    instances: Mapping[str, Instance]


class _Lines:
    """Random access to the lines of a JSON-lines file through its line index (mmap)."""

    def __init__(self, folder: Path, name: str):
        path, index = folder / name, folder / INDEXED[name]
        offsets = array("Q")
        try:
            with index.open("rb") as handle:
                offsets.frombytes(handle.read())
            if sys.byteorder != "little":
                offsets.byteswap()
            size = path.stat().st_size
        except (OSError, ValueError):
            raise StoreError(f"{folder}: {index.name} is missing or unreadable",
                             hint="rebuild the lattice with `latweave build`") from None
        if not offsets or offsets[0] != 0 or offsets[-1] != size:
            raise StoreError(f"{folder}: {index.name} does not index {name} (changed or truncated)",
                             hint="rebuild the lattice; never edit a lattice folder by hand")
        self.offsets = offsets
        self._map = None
        if size:
            with path.open("rb") as handle:
                self._map = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)

    def __len__(self) -> int:
        return len(self.offsets) - 1

    def row(self, i: int) -> dict:
        return json.loads(self._map[self.offsets[i]:self.offsets[i + 1]])

    def close(self) -> None:
        if self._map is not None:
            self._map.close()
            self._map = None


class StoredPredicates(Sequence):
    """The predicates in canonical order (a predicate's id is its index), read when indexed;
    each one read is kept."""

    def __init__(self, lines: _Lines):
        self._lines = lines
        self._kept: dict[int, Predicate] = {}

    def __len__(self) -> int:
        return len(self._lines)

    def __getitem__(self, p):
        if isinstance(p, slice):
            return [self[i] for i in range(*p.indices(len(self)))]
        if p < 0:
            p += len(self)
        if not 0 <= p < len(self):
            raise IndexError(p)
        pred = self._kept.get(p)
        if pred is None:
            pred = self._kept[p] = predicate_of(self._lines.row(p))
        return pred

    def scan(self) -> Iterator[Predicate]:
        """Every predicate in order, read once and not kept (a pass over all of them, e.g. to
        build a graph, would otherwise keep the whole file in memory)."""
        for i in range(len(self)):
            yield self._kept.get(i) or predicate_of(self._lines.row(i))


_UNSEEN = object()


class _Sorted(Mapping):
    """A read-only mapping over a JSON-lines file sorted by key: a lookup is a binary search
    (each probe parses one line); what a lookup found, or that it found nothing, is kept."""

    def __init__(self, lines: _Lines):
        self._lines = lines
        self._kept: dict = {}
        #: the key of each line a binary search probed: every search passes the same first
        #: probes (the midpoints near the root), so after a few lookups those cost no parse
        self._probed: dict[int, str] = {}

    def _key(self, row: dict) -> str:
        raise NotImplementedError

    def _value(self, row: dict):
        raise NotImplementedError

    def _find(self, key):
        lo, hi = 0, len(self._lines)
        while lo < hi:
            mid = (lo + hi) // 2
            here = self._probed.get(mid)
            if here is None:
                row = self._lines.row(mid)
                here = self._probed[mid] = self._key(row)
            if here == key:
                return self._value(self._lines.row(mid))
            if here < key:
                lo = mid + 1
            else:
                hi = mid
        return None

    def prefetch(self, keys) -> None:
        """Look up many keys at once: k binary searches cost about k·log2(n) parsed lines, one
        merge pass over the sorted file n; whichever is fewer is taken (sorting a plan's 100k
        answers by label is a merge pass, not 1.7M probes). What is found is kept, as by a lookup."""
        wanted = sorted({k for k in keys if isinstance(k, str) and k not in self._kept})
        n = len(self._lines)
        if not wanted or len(wanted) * max(1, n.bit_length()) < n:
            for key in wanted:
                self.get(key)
            return
        todo = iter(wanted)
        want = next(todo, None)
        for i in range(n):
            if want is None:
                break
            row = self._lines.row(i)
            here = self._key(row)
            while want is not None and want < here:
                self._kept[want] = None
                want = next(todo, None)
            if want == here:
                self._kept[want] = self._value(row)
                want = next(todo, None)
        while want is not None:
            self._kept[want] = None
            want = next(todo, None)

    def __getitem__(self, key):
        found = self._kept.get(key, _UNSEEN)
        if found is _UNSEEN:
            found = self._kept[key] = self._find(key) if isinstance(key, str) else None
        if found is None:  # a miss is kept too: labels ask for values that are no instance
            raise KeyError(key)
        return found

    def __iter__(self) -> Iterator[str]:
        for i in range(len(self._lines)):
            yield self._key(self._lines.row(i))

    def __len__(self) -> int:
        return len(self._lines)


class StoredInstances(_Sorted):
    """instances.jsonl by instance key (the normalised label), as `Lattice.instances` maps them."""

    def _key(self, row: dict) -> str:
        return normalize(row["label"])

    def _value(self, row: dict) -> Instance:
        return instance_of(row)


class StoredDocuments(_Sorted):
    """documents.jsonl by document id, as `Lattice.documents` maps them."""

    def _key(self, row: dict) -> str:
        return row["id"]

    def _value(self, row: dict) -> str:
        return row["text"]


class StoredLattice:
    """A lattice folder opened for queries (see the module docstring). Read-only."""

    def __init__(self, folder: Path | str, manifest: dict):
        self.folder = Path(folder)
        self.manifest = manifest
        self.name: str = manifest["name"]
        model = Lattice(name=self.name)
        read_dimensions(self.folder, model)
        self.dimensions: dict[str, Dimension] = model.dimensions
        self._lines = {name: _Lines(self.folder, name) for name in sorted(INDEXED)}
        self.instances = StoredInstances(self._lines["instances.jsonl"])
        self.documents = StoredDocuments(self._lines["documents.jsonl"])
        self.predicates = StoredPredicates(self._lines["predicates.jsonl"])

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
        for lines in self._lines.values():
            lines.close()
