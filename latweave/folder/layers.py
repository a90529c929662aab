"""A lattice of several sources is a stack of layers: what each source changes, kept apart.

Layer 0 is the lattice of the first source, written exactly as a one-source lattice is (the
folder's top-level files). Layer k ≥ 1, in `layers/<k:06d>/`, holds what the k-th source changes
in the lattice of the sources before it, and nothing else:

* what it adds: `symbols.jsonl` (the strings new to the lattice, sorted; numbered after every
  earlier layer's), `predicates.blocks` (the predicates new to the lattice, in canonical order,
  numbered after every earlier layer's), `facts/<relation>.facts` (rows new to a relation),
  `parquet/` (the same rows as Parquet, laid out as layer 0's);
* what it takes away: `retracted/<relation>.facts` (rows a relation no longer holds, as Parquet
  in `retracted-parquet/<relation>/part-0.parquet`) and, in `layer.json`, the ids of predicates
  the lattice no longer holds (an id is never given again);
* what it changes, keyed: `dimensions.jsonl`, `values.blocks`, `synonyms.jsonl`,
  `classes.jsonl`, `instances.jsonl`, `documents.jsonl` (rows that replace the row of the same
  key in earlier layers, or delete it: `"removed": true`, which values' lines spell
  `[dimension, key]`: folder/rows.py), `derived/coord_counts.blocks`
  (a count of 0 deletes) and `derived/worlds.jsonl` (no worlds deletes); `legitimacy.json`
  is the whole report of the lattice through this layer.

Numbering is the point: a symbol's or a predicate's id never moves once given, so adding a
source appends a layer and links every older file unchanged, and removing the last source drops
its layer. The lattice of sources S0…Sn is this stack whichever way it was reached — `build S0 …
Sn`, or `build S0` then `add` each — and the same bytes either way (ingest/layered.py writes
every layer; tests/test_living.py compares). Readers see the layers merged:
a keyed row is the newest layer's, a relation is layer 0's rows then each layer's retractions and
additions in order, a predicate id is looked up in the layer whose range holds it.

predicates.blocks and values.blocks are JSON lines deflated in blocks (folder/blocks.py);
`open_lines` and `merged_rows` read them as they read the other files' lines.

This module reads the model files (lattice/ knows no facts: compile/lattice_facts.py and
compile/parquet_facts.py merge those); it
is what folder/store.py and folder/stored.py read a folder through.
"""

from __future__ import annotations

import heapq
import json
from json.decoder import scanstring
import mmap
import sys
from array import array
from bisect import bisect_right
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Callable

from latweave.errors import StoreError
from latweave.folder.blocks import BlockLines, model_lines
from latweave.folder.rows import decoder, predicate_fields, predicate_of_fields, value_probe
from latweave.folder.symbol_ids import SymbolIds
from latweave.lattice.names import normalize
from latweave.folder.names import (BLOCKED, CLASSES, DIMENSIONS, DOCUMENTS, ENGINE_DB, INSTANCES, LAYERS_DIR,
                                   LAYER_FILE, MANIFEST, PREDICATES, SYMBOL_IDS, SYNONYMS, VALUES, WHOLE_DIRS,
                                   WHOLE_FILES)

#: A keyed row that deletes the row of its key in earlier layers.
REMOVED = "removed"


def layer_path(k: int) -> str:
    """Layer k's folder, relative to the lattice folder ('' for layer 0: the folder itself)."""
    return "" if k == 0 else f"{LAYERS_DIR}/{k:06d}"


def layer_count(manifest: Mapping) -> int:
    """How many layers a lattice has (1 for a lattice of one source)."""
    layers = manifest.get("layers", 1)
    if type(layers) is not int or layers < 1:
        raise StoreError("manifest.json: 'layers' is not a positive integer", hint="rebuild the lattice")
    return layers


def has_layers(folder: Path | str) -> bool:
    """Whether a lattice folder has layers beyond the first (read from the folder, not its manifest:
    for a reader that holds no manifest, such as an engine opening a stored form)."""
    return (Path(folder) / LAYERS_DIR).is_dir()


def layer_folders(folder: Path | str, manifest: Mapping | None = None) -> list[Path]:
    """The folders of a lattice's layers, oldest (the lattice folder itself) first. `manifest`:
    the folder's (default: its manifest.json, read here, unverified — for a reader whose caller
    verified the folder)."""
    folder = Path(folder)
    if manifest is None:
        if not has_layers(folder):
            return [folder]
        try:
            manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            raise StoreError(f"{folder}: no readable manifest.json", hint="rebuild the lattice") from None
    return [folder / layer_path(k) if k else folder for k in range(layer_count(manifest))]


def engine_db_name(layers: int) -> str:
    """The SQLite engine database of a lattice of `layers` layers (its path relative to the
    folder): layer 0's for one layer; else the top layer's, which holds the whole lattice
    (engines/sqlite_layers.py keeps it from an earlier one). A layer under the top keeps none: its
    database would be dead weight once a layer is added above it."""
    top = layer_path(layers - 1)
    return f"{top}/{ENGINE_DB}" if top else ENGINE_DB


def is_layer_engine_db(name: str) -> bool:
    """Whether a file of a lattice folder (its relative path) is a later layer's engine database:
    what a change that keeps the layer does not link (the new top layer gets its own)."""
    return name.startswith(LAYERS_DIR + "/") and name.endswith("/" + ENGINE_DB)


def read_layer_record(layer: Path) -> dict:
    """A layer's layer.json (StoreError when unreadable)."""
    try:
        record = json.loads((layer / LAYER_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        raise StoreError(f"{layer}: {LAYER_FILE} is missing or unreadable", hint="rebuild the lattice") from None
    if not isinstance(record, dict):
        raise StoreError(f"{layer / LAYER_FILE}: not a JSON object", hint="rebuild the lattice")
    return record


#: The key of a row of each keyed model file. Layer 0's instance rows carry no key (it is the
#: normalised label); a later layer's do, so that a deletion can name it.
KEYS: dict[str, Callable[[dict], object]] = {
    DIMENSIONS: lambda row: normalize(row["name"]),
    VALUES: lambda row: (row["dimension"], row["key"]),
    SYNONYMS: lambda row: (row["dimension"], row["surface"]),
    CLASSES: lambda row: (row["dimension"], row["value"]),
    INSTANCES: lambda row: row["key"] if "key" in row else normalize(row["label"]),
    DOCUMENTS: lambda row: row["id"],
}


def _instance_probe(line: str) -> str:
    key = string_field(line, "key")
    return key if key is not None else normalize(string_field(line, "label"))


#: The key of a keyed model file's line, read from its text (SortedLines' probe).
PROBES: dict[str, Callable[[str], object]] = {
    VALUES: value_probe,
    SYNONYMS: lambda line: (string_field(line, "dimension"), string_field(line, "surface")),
    INSTANCES: _instance_probe,
    DOCUMENTS: lambda line: string_field(line, "id"),
}


def removed(row: dict) -> bool:
    """Whether a layer's keyed row deletes its key."""
    return row.get(REMOVED) is True


def _rows(path: Path) -> Iterator[dict]:
    if not path.is_file():
        return
    decode = decoder(path.name)
    for line in model_lines(path):
        if line.strip():
            yield decode(line)


def merged_rows(folders: list[Path], name: str) -> Iterator[dict]:
    """A keyed model file's rows through every layer, in key order: for each key the newest
    layer's row, none where that row deletes it. Each layer's file is sorted by key (the writers
    write them so), so this is one merge pass, never a sort."""
    key = KEYS[name]
    streams = [((key(row), -k, row) for row in _rows(folder / name)) for k, folder in enumerate(folders)]
    last = object()
    for k_, _, row in heapq.merge(*streams, key=lambda item: (item[0], item[1])):
        if k_ == last:
            continue     # an older layer's row of a key a newer one gave
        last = k_
        if not removed(row):
            yield row


def _random_access(mapped: mmap.mmap) -> mmap.mmap:
    """`mapped`, its pages read one at a time where the system allows: a bisection touches a
    few scattered pages, and the kernel's read-ahead (megabytes a fault on some disks) would read
    around each (measured on the 300k-person KB with its files out of the page cache: a 3-hop
    question first asked 12 ms → 8 ms, ten times fewer bytes read)."""
    advise = getattr(mapped, "madvise", None)
    if advise is not None and hasattr(mmap, "MADV_RANDOM"):
        advise(mmap.MADV_RANDOM)
    return mapped


class Lines:
    """Random access to the lines of a JSON-lines file through its line index (mmap): the byte
    offset where each line starts, then the file's size, as little-endian unsigned 64-bit
    integers (folder/store.py `write_line_index`). `decode`: how a line is read into its row
    (folder/rows.py `decoder` of the file's name)."""

    def __init__(self, path: Path, index: Path, decode: Callable[[str], object] = json.loads):
        self._decode = decode
        self._index_map = None
        try:
            size = path.stat().st_size
            with index.open("rb") as handle:
                if sys.byteorder == "little" and index.stat().st_size >= 8 and index.stat().st_size % 8 == 0:
                    # mapped, not read: a look-up touches the few offsets it probes (a 1M-line file's
                    # index is 8 MB; reading it whole would cost more than the look-ups)
                    self._index_map = _random_access(mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ))
                    offsets = memoryview(self._index_map).cast("Q")
                else:
                    offsets = array("Q")
                    offsets.frombytes(handle.read())
                    if sys.byteorder != "little":
                        offsets.byteswap()
        except (OSError, ValueError):
            raise StoreError(f"{path.parent}: {index.name} is missing or unreadable",
                             hint="rebuild the lattice with `latweave build`") from None
        if not len(offsets) or offsets[0] != 0 or offsets[-1] != size:
            raise StoreError(f"{path.parent}: {index.name} does not index {path.name} (changed or truncated)",
                             hint="rebuild the lattice; never edit a lattice folder by hand")
        self.offsets = offsets
        self._map = None
        if size:
            with path.open("rb") as handle:
                self._map = _random_access(mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ))

    def __len__(self) -> int:
        return len(self.offsets) - 1

    def raw(self, i: int) -> bytes:
        return self._map[self.offsets[i]:self.offsets[i + 1]]

    def row(self, i: int) -> dict:
        # decoded first: json.loads of a str skips the encoding sniffing it does on bytes
        return self._decode(self._map[self.offsets[i]:self.offsets[i + 1]].decode())

    def close(self) -> None:
        if self._map is not None:
            self._map.close()
            self._map = None
        if self._index_map is not None:
            if isinstance(self.offsets, memoryview):
                self.offsets.release()
            self.offsets = array("Q", [0])
            self._index_map.close()
            self._index_map = None


def index_name(name: str) -> str:
    """The line index of a JSON-lines (or facts) file (`predicates.jsonl` → `predicates.idx`)."""
    return name.removesuffix(".jsonl").removesuffix(".facts") + ".idx"


def open_lines(folder: Path, name: str) -> Lines | BlockLines:
    """A model file of `folder` opened for reading by line: a block file (BLOCKED) through its
    own block index, any other through its line index."""
    if Path(name).name in BLOCKED:
        return BlockLines(folder / name, decoder(name))
    return Lines(folder / name, folder / index_name(name), decoder(name))


_UNSEEN = object()


def facts_row(line: bytes) -> tuple[int, ...]:
    """A facts file's line as its row of integers."""
    return tuple(int(c) for c in line.split(b"\t"))


def string_field(line: str, name: str) -> str | None:
    """The string value of the field `name` of a one-line JSON object, read without parsing the
    line (a look-up's probe reads a key, not a row). Sound for the rows written here: keys are
    written sorted and a quote inside a string is always escaped, so `"name": "` occurs only where
    the field is. None when the line has no such string field."""
    at = line.find(f'"{name}": "')
    if at < 0:
        return None
    return scanstring(line, at + len(name) + 5)[0]


#: The rows a reader keeps of what its look-ups found (instances and documents by key, predicates
#: by id) in each of its two generations: past it, the next run's start (`room`, called by the
#: runner) makes the rows kept the older generation, dropping the older one's, and a row found
#: there is kept again in the new — so what is read often stays, and at most twice this is kept.
#: Kept, a row costs no second bisection; kept without end, a session answering for days over a
#: large lattice held every row it had ever read (docs/performance.md, "A long session's memory").
KEPT_ROWS = 100_000
#: The probed keys a sorted file keeps at most; a search that finds more drops them all first
#: (every search passes the same first probes, which the next few searches read again).
KEPT_PROBES = 1 << 16


class Generations:
    """What a reader keeps of the rows it has read, in two generations (KEPT_ROWS): `_kept`, and
    `_older`, where a look-up that misses the first looks before reading the file (and keeps
    what it finds there in `_kept` again). The subclass reads and fills both."""

    #: rows kept a generation, at most: past it, `room` makes them the older one
    LIMIT = KEPT_ROWS
    _kept: dict[Any, Any]
    _older: dict[Any, Any]

    def room(self) -> None:
        """Past LIMIT, the rows kept become the older generation, the one before dropped
        (between runs, called by the runner: a run keeps what it read until it ends)."""
        if len(self._kept) > self.LIMIT:
            self._older, self._kept = self._kept, {}


class SortedLines:
    """A JSON-lines (or facts: `parse=facts_row`) file sorted by a key, searched by bisection
    (each probe reads one line's key: `probe`, from the line's text, when given; else the key of
    the parsed row); the probed lines' keys are kept, since every search passes the same first
    probes (up to KEPT_PROBES of them)."""

    def __init__(self, lines: Lines | BlockLines, key: Callable, parse: Callable[[bytes], object] | None = None,
                 probe: Callable[[str], object] | None = None):
        self.lines, self.key = lines, key
        self._parse = parse
        self._probe = probe
        self._probed: dict[int, object] = {}

    def row_at(self, i: int):
        return self.lines.row(i) if self._parse is None else self._parse(self.lines.raw(i))

    def _key_at(self, i: int):
        return self._keyed(i, self.lines.raw)

    def _first_key(self, b: int):
        """The key of block b's first line (a BlockLines file), kept like a line's."""
        return self._keyed(b * self.lines.per, lambda i: self.lines.first(b))

    def _keyed(self, i: int, raw):
        """Line i's key, read (its bytes: `raw(i)`) once and kept."""
        here = self._probed.get(i, _UNSEEN)
        if here is _UNSEEN:
            if self._probe is not None:
                here = self._probe(raw(i).decode())
            else:
                here = self.key(self.row_at(i))
            self._probed[i] = here
        return here

    def lower(self, key) -> int:
        """The first line whose key is not below `key`. In a block file the blocks are bisected
        first, by their first lines' keys (each inflated only that far), then the one block.

        Every probe is read inline (a question's proof makes a few of these look-ups, ~16 probes
        each: a function call or two per probe was most of a look-up's time); the keys it reads
        are kept as `_key_at` keeps them, so the probes and the line found are those of the plain
        bisection."""
        probed, lo, hi = self._probed, 0, len(self.lines)
        if len(probed) > KEPT_PROBES:
            probed.clear()
        lines = self.lines
        if isinstance(lines, BlockLines) and hi:
            per, probe = lines.per, self._probe
            blo, bhi = 0, lines.blocks    # the last block whose first key is below `key`
            while blo < bhi:
                mid = (blo + bhi) // 2
                here = probed.get(mid * per, _UNSEEN)
                if here is _UNSEEN:
                    here = self._first_key(mid)
                if here < key:
                    blo = mid + 1
                else:
                    bhi = mid
            if blo == 0:
                return 0
            lo, hi = (blo - 1) * per + 1, min(blo * per, hi)
            if lo < hi:   # every line probed below is in block blo - 1: inflated once, here
                base, block = (blo - 1) * per, lines.block(blo - 1)
                while lo < hi:
                    mid = (lo + hi) // 2
                    here = probed.get(mid, _UNSEEN)
                    if here is _UNSEEN:
                        here = probed[mid] = (probe(block[mid - base].decode()) if probe is not None
                                              else self.key(self.row_at(mid)))
                    if here < key:
                        lo = mid + 1
                    else:
                        hi = mid
            return lo
        while lo < hi:
            mid = (lo + hi) // 2
            here = probed.get(mid, _UNSEEN)
            if here is _UNSEEN:
                here = probed[mid] = self._key_at(mid)
            if here < key:
                lo = mid + 1
            else:
                hi = mid
        return lo

    def index(self, key: Any) -> int | None:
        """The line of `key`, or None."""
        i = self.lower(key)
        return i if i < len(self.lines) and self._key_at(i) == key else None

    def find(self, key: Any) -> Any:
        """The row of `key`, or None."""
        i = self.index(key)
        return None if i is None else self.row_at(i)

    def after(self, key) -> Iterator:
        """The rows from the first whose key is not below `key` on, in order (the caller stops)."""
        for i in range(self.lower(key), len(self.lines)):
            yield self.row_at(i)

    def equal(self, key) -> Iterator[tuple[int, object]]:
        """(line, row) of every row whose key is `key`, in order."""
        i = self.lower(key)
        while i < len(self.lines) and self._key_at(i) == key:
            yield i, self.row_at(i)
            i += 1

    def __iter__(self) -> Iterator:
        for i in range(len(self.lines)):
            yield self.row_at(i)


def row_at_symbol(files: Sequence[SortedLines], ids: Sequence[SymbolIds], spans: Sequence[tuple[int, int]],
                  ident: int) -> dict[str, Any] | None:
    """The row whose key is symbol `ident` (folder/symbol_ids.py), in the newest of the layers'
    `files` (oldest first, each with its symbol ids and the span of lines searched) that has one;
    None when none has it or that row deletes the key."""
    for lines, found, (lo, hi) in zip(reversed(files), reversed(ids), reversed(spans)):
        line = found.line(ident, lo, hi)
        if line is not None:
            row = lines.row_at(line)
            return None if removed(row) else row
    return None


class LayeredKeyed(Generations, Mapping):
    """A keyed, line-indexed model file (instances, documents) through every layer: a lookup asks
    the newest layer first and stops at the first that has the key (a deletion answers "none");
    iteration merges the layers in key order. What a lookup found, or that it found nothing, is
    kept (in two generations of up to LIMIT entries: `room`). `value(row)` is what is kept of a
    row and `unpack(kept)` what the mapping gives for it (the kept value itself when not given: an
    instance is kept as a tuple of strings, which the garbage collector does not walk, and handed
    out as an Instance); `count` the mapping's size (the manifest's)."""

    def __init__(self, folders: list[Path], name: str, value: Callable[[dict], object], count: int | None = None,
                 unpack: Callable[[Any], object] | None = None):
        self.name, self._value, self._count, self._unpack = name, value, count, unpack
        self._key = KEYS[name]
        self.layers = [SortedLines(open_lines(folder, name), self._key, probe=PROBES.get(name)) for folder in folders]
        # each layer's lines by their key's symbol id (folder/symbol_ids.py), for the files that have them
        self.ids = [SymbolIds(folder / SYMBOL_IDS[name], len(layer.lines)) for folder, layer in
                    zip(folders, self.layers)] if name in SYMBOL_IDS else None
        self._whole = [(0, len(layer.lines)) for layer in self.layers]   # each layer's one section
        self._kept: dict = {}
        self._older: dict[str, object] = {}   # the generation before (`Generations`)

    def _find(self, key: str) -> object:
        row = self.row(key)
        return None if row is None else self._value(row)

    def row(self, key: str) -> dict[str, Any] | None:
        """The row a lookup of `key` finds (as stored: not `value(row)`, not kept), or None."""
        for layer in reversed(self.layers):
            row = layer.find(key)
            if row is not None:
                return None if removed(row) else row
        return None

    def at_symbol(self, ident: int) -> object:
        """What the mapping gives for the key that is symbol `ident`, or None (no row; deleted):
        found by id (`row_at_symbol`), read, not kept — the caller keeps labels by id. Only for
        the files with symbol ids (SYMBOL_IDS)."""
        assert self.ids is not None
        row = row_at_symbol(self.layers, self.ids, self._whole, ident)
        if row is None:
            return None
        value = self._value(row)
        return value if self._unpack is None else self._unpack(value)

    def __getitem__(self, key):
        found = self._kept.get(key, _UNSEEN)
        if found is _UNSEEN:
            found = self._older.get(key, _UNSEEN)
            if found is _UNSEEN:
                found = self._find(key) if isinstance(key, str) else None
            self._kept[key] = found
        if found is None:  # a miss is kept too: labels ask for values that are no instance
            raise KeyError(key)
        return found if self._unpack is None else self._unpack(found)

    def starting(self, prefix: str, limit: int) -> list[str]:
        """Up to `limit` keys that begin with `prefix`, in key order (each layer bisected to the
        prefix, then read forward; a key a newer layer deletes is left out)."""
        found: set[str] = set()
        for layer in self.layers:
            for i in range(layer.lower(prefix), len(layer.lines)):
                key = layer._key_at(i)
                if not isinstance(key, str) or not key.startswith(prefix) or len(found) >= 4 * limit:
                    break
                found.add(key)
        return [key for key in sorted(found) if key in self][:limit]

    def _merged(self) -> Iterator[tuple[object, dict]]:
        streams = [((self._key(row), -k, row) for row in layer) for k, layer in enumerate(self.layers)]
        last = _UNSEEN
        for key, _, row in heapq.merge(*streams, key=lambda item: (item[0], item[1])):
            if key == last:
                continue
            last = key
            if not removed(row):
                yield key, row

    def __iter__(self) -> Iterator[str]:
        for key, _ in self._merged():
            yield key

    def __len__(self) -> int:
        if self._count is None:
            self._count = sum(1 for _ in self._merged())
        return self._count

    def close(self) -> None:
        for layer in self.layers:
            layer.lines.close()
        for ids in self.ids or ():
            ids.close()


class LayeredIds:
    """Predicate ids through every layer: layer 0 numbers its lines 0…n0−1, layer k its lines from
    its `first` id on; the ids a later layer retracted are gone (`live`)."""

    def __init__(self, folders: list[Path]):
        self.lines = [open_lines(folder, PREDICATES) for folder in folders]
        self.first: list[int] = [0]
        self.retracted: set[int] = set()
        for k, folder in enumerate(folders[1:], 1):
            record = read_layer_record(folder)
            first, count = record["predicates"]
            if first != self.first[-1] + len(self.lines[k - 1]) or count != len(self.lines[k]):
                raise StoreError(f"{folder}: its predicate ids do not follow the layer before",
                                 hint="rebuild the lattice; never edit a lattice folder by hand")
            self.first.append(first)
            self.retracted.update(record.get("retracted_predicates", ()))

    @property
    def end(self) -> int:
        """One past the greatest id ever given."""
        return self.first[-1] + len(self.lines[-1])

    def live(self, p: int) -> bool:
        return 0 <= p < self.end and p not in self.retracted

    def row(self, p: int) -> dict:
        """The stored row of predicate id `p` (IndexError when no layer numbers it, or it is retracted)."""
        if not self.live(p):
            raise IndexError(p)
        k = bisect_right(self.first, p) - 1
        return self.lines[k].row(p - self.first[k])

    def predicate(self, p: int):
        """Predicate id `p` as the model's Predicate, decoded from its line (IndexError as `row`)."""
        return predicate_of_fields(self.fields(p))

    def fields(self, p: int) -> tuple[Any, ...]:
        """Predicate id `p` as folder/rows.py `predicate_fields` reads its line (IndexError as `row`)."""
        if not self.live(p):
            raise IndexError(p)
        k = bisect_right(self.first, p) - 1
        return predicate_fields(self.lines[k].raw(p - self.first[k]).decode())

    def ids(self) -> Iterator[int]:
        """Every live id, ascending."""
        for k, lines in enumerate(self.lines):
            first = self.first[k]
            for i in range(len(lines)):
                if first + i not in self.retracted:
                    yield first + i

    def close(self) -> None:
        for lines in self.lines:
            lines.close()




def file_layer(name: str) -> int | None:
    """The layer a file of a lattice folder belongs to (its path relative to the folder), or None
    for a file of the whole lattice."""
    if name in WHOLE_FILES or name.startswith(WHOLE_DIRS):
        return None
    if name.startswith(LAYERS_DIR + "/"):
        return int(name.split("/")[1])
    return 0


def linked_hashes(manifest: Mapping, layers: int) -> dict[str, str]:
    """The files (relative path → sha256, as the manifest lists them) of a lattice's first
    `layers` layers — but a later layer's engine database (`is_layer_engine_db`)."""
    return {name: digest for name, digest in sorted(manifest["files"].items())
            if (k := file_layer(name)) is not None and k < layers and not is_layer_engine_db(name)}


def link_layers(previous: Path, manifest: Mapping, layers: int, folder: Path) -> None:
    """Put the files of the first `layers` layers of the lattice at `previous` (verified against
    `manifest`) into the folder being written: hard links where the file system allows (a lattice
    file is never changed in place, only replaced whole), copies elsewhere."""
    import os
    import shutil

    for name in linked_hashes(manifest, layers):
        target = folder / name
        target.parent.mkdir(parents=True, exist_ok=True)
        try:
            os.link(previous / name, target)
        except OSError:
            shutil.copyfile(previous / name, target)


def layer_hashes(manifest: Mapping) -> list[str]:
    """Each layer's own hash, oldest first: the sha256 of its files' hashes as the manifest lists
    them (a block file's: its lines' sha256, `lines`), engine databases left out (a later layer's is dropped when a layer is added above it;
    no reader of a result needs one). A change keeps the files of the layers before the first it
    changes, so their hashes stay: a result names them (its `lattice` stamp's "layers"), and
    `latweave audit` finds the version it was computed on beneath the layers added since."""
    import hashlib

    per: list[dict[str, str]] = [{} for _ in range(layer_count(manifest))]
    lines = manifest.get("lines") or {}   # a block file's lines' hash, not its bytes' (folder/blocks.py)
    for name, digest in sorted(manifest["files"].items()):
        digest = lines.get(name, digest)
        k = file_layer(name)
        if k is not None and k < len(per) and not name.endswith(ENGINE_DB):
            per[k][name] = digest
    return [hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest() for files in per]
