"""The lattice folder, read directly from its JSON-lines files (no model, no invariants).

The folder is checked against its manifest first (`read_manifest`, in latweave/folder/store.py): a
folder that is no lattice raises StoreError; a file whose hash no longer matches is recorded in
`changed` (the audit then fails: a lattice edited by hand certifies nothing).

`LatticeFiles` indexes dimensions, values and their parents, synonyms, compare classes, instances
and aliases, predicates and documents, and answers the questions the checks ask of them: what a
name resolves to, whether an edge is direct, what lies at or below a value, what a constraint
admits, what class same/differ compare a value as. It reads the files the engines compile from, never what they compiled, so a compiler
bug cannot hide behind itself.
"""

from __future__ import annotations

import hashlib
import json
import struct
import zlib
from collections import defaultdict
from pathlib import Path

from latweave.errors import StoreError
from latweave.lattice.canonical import class_key
from latweave.lattice.names import TOP, normalize
from latweave.lattice.ordered import KINDS as ORDERED_KINDS
from latweave.lattice.ordered import parse_ordered
from latweave.folder.store import read_manifest
from latweave.plan.ast import is_window
from latweave.folder.names import (CLASSES, DIMENSIONS, DOCUMENTS, ENGINE_DB, HISTORY_FILE, INSTANCES, LAYER_FILE,
                                   LAYERS_DIR, MANIFEST, PREDICATES, SOURCES_DIR, SOURCES_FILE, SYNONYMS, VALUES)


def point_window(op: str, value):
    """What `op value` admits on an ordered dimension, as a predicate on a value's bounds (lo, hi):
    below the value, at most (ending where it ends), at least (from where it starts), above it;
    None for an operator that has no window."""
    if op == "<":
        return lambda b: b[1] < value.lo
    if op == "<=":
        return lambda b: b[1] <= value.hi
    if op == ">=":
        return lambda b: b[0] >= value.lo
    if op == ">":
        return lambda b: b[0] > value.hi
    return None


#: A block file's first line (folder/blocks.py writes them; read here on its own): then zlib
#: blocks, each block's first line (deflated: not read here), the blocks' offsets (u64 each, then
#: the firsts' and the index's own), and a trailer: line count (u64), lines per
#: block (u32), the lines' sha256, b"LWBLOCK1".
_BLOCKS = b"latweave block-compressed lines "
_TRAILER = struct.Struct("<QI32s8s")


def _inflated(data: bytes) -> bytes:
    """A block file's lines, inflated and checked against the sha256 and count its trailer gives
    (ValueError when they differ or the file is no block file)."""
    count, per, digest, magic = _TRAILER.unpack_from(data, len(data) - _TRAILER.size)
    if magic != b"LWBLOCK1" or per < 1:
        raise ValueError("not a block file")
    blocks = -(-count // per)
    end = len(data) - _TRAILER.size
    offsets = struct.unpack_from(f"<{blocks + 1}Q", data, end - 8 * (blocks + 2))   # (then the firsts' end)
    text = b"".join(zlib.decompress(data[a:b]) for a, b in zip(offsets, offsets[1:]))
    if hashlib.sha256(text).digest() != digest or text.count(b"\n") != count:
        raise ValueError("a block file's lines are not the ones its trailer hashes")
    return text


def _rows(path: Path) -> list[dict]:
    """A JSON-lines file's rows (read as one JSON array: a line never holds a raw newline); a
    block file's (predicates, values) inflated first."""
    if not path.is_file():
        return []
    data = path.read_bytes()
    if data.startswith(_BLOCKS):
        data = _inflated(data)
    lines = [line for line in data.decode("utf-8").split("\n") if line.strip()]
    return json.loads("[" + ",".join(lines) + "]")


def _value(a) -> dict:
    """A values.jsonl line, read here on its own (folder/rows.py writes it, and is not trusted to read
    it): `[dimension, key, label, parents?, bounds?]`, a later layer's deletion `[dimension, key]`."""
    if not isinstance(a, list) or not 2 <= len(a) <= 5:
        raise ValueError(f"not a values.blocks row: {a!r}")
    if len(a) == 2:
        return {"dimension": a[0], "key": a[1], "removed": True}
    return {"dimension": a[0], "key": a[1], "label": a[2], "parents": a[3] if len(a) > 3 else [],
            "bounds": a[4] if len(a) > 4 else None}


def _predicate(p: int, a) -> dict:
    """Line p of predicates.jsonl (its id), read here on its own: `[instance, dimension, value,
    doc, start, end, source_text, confidence?, qualifiers?]` (confidence 1.0 and no qualifiers
    when left out)."""
    if not isinstance(a, list) or not 7 <= len(a) <= 9:
        raise ValueError(f"not a predicates.blocks row: {a!r}")
    return {"id": p, "instance": a[0], "dimension": a[1], "value": a[2], "doc": a[3], "start": a[4], "end": a[5],
            "source_text": a[6], "confidence": a[7] if len(a) > 7 else 1.0, "qualifiers": a[8] if len(a) > 8 else []}


def layer_hashes(manifest: dict) -> list[str]:
    """Each layer's own hash, as a result's `lattice` stamp names them (folder/layers.py
    `layer_hashes` writes them; computed here on its own): the sha256 of the hashes the manifest
    lists for the layer's files (a block file's: its lines', `lines`), its engine database left out."""
    count = manifest.get("layers", 1)
    per: list[dict[str, str]] = [{} for _ in range(count if type(count) is int and count > 0 else 1)]
    lines = manifest.get("lines") or {}   # a block file is named by its lines' sha256, not its bytes'
    for name, digest in sorted(manifest.get("files", {}).items()):
        digest = lines.get(name, digest)
        if name in (SOURCES_FILE, HISTORY_FILE) or name.startswith(SOURCES_DIR + "/") or name.endswith(ENGINE_DB):
            continue
        k = int(name.split("/")[1]) if name.startswith(LAYERS_DIR + "/") else 0
        if k < len(per):
            per[k][name] = digest
    return [hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest() for files in per]


def _past(folder: Path) -> list[dict]:
    """The lattice's changes (history.jsonl), oldest first; each change since versions were
    recorded names the content hash of the version it replaced ("replaced")."""
    return [line for line in _rows(folder / HISTORY_FILE) if isinstance(line, dict)]


class _Layers:
    """The folders of a lattice's layers, read here on their own (not through folder/layers.py,
    whose merge is part of what is checked): the folder itself, then `layers/<k:06d>/` for each
    further layer the manifest counts. A keyed file's row of a later layer replaces the row of the
    same key; a row `"removed": true` deletes it; a predicate id a layer lists in layer.json's
    `retracted_predicates` is gone."""

    def __init__(self, folder: Path, only: int | None = None):
        try:
            count = json.loads((folder / MANIFEST).read_text(encoding="utf-8")).get("layers", 1)
        except (OSError, ValueError):
            count = 1
        if only is not None:
            count = min(only, count) if type(count) is int else 1
        self.folders = [folder] + [folder / "layers" / f"{k:06d}" for k in range(1, count if type(count) is int else 1)]

    def keyed(self, name: str, key) -> dict:
        """key → row through every layer."""
        out: dict = {}
        for folder in self.folders:
            for row in _rows(folder / name):
                if name == VALUES:
                    row = _value(row)
                if row.get("removed") is True:
                    out.pop(key(row), None)
                else:
                    out[key(row)] = row
        return out

    def predicates(self) -> dict[int, dict]:
        out: dict[int, dict] = {}
        for folder in self.folders:
            first = 0
            if folder is not self.folders[0]:
                record = json.loads((folder / LAYER_FILE).read_text(encoding="utf-8"))
                for p in record.get("retracted_predicates", ()):
                    out.pop(p, None)
                first = record["predicates"][0]   # a layer numbers its lines from here
            out.update((p, _predicate(p, row)) for p, row in enumerate(_rows(folder / PREDICATES), first))
        return out


class LatticeFiles:
    """The lattice folder's JSON-lines files, indexed for the checks (no model, no invariants)."""

    def __init__(self, folder: Path | str, verify: bool = True, layers: int | None = None):
        folder = Path(folder)
        self.folder = folder
        self.changed: str | None = None   # why the folder does not match its manifest
        self.content_hash: str | None = None   # the manifest's, which a saved result may name
        self.layer_hashes: list[str] = []      # each layer's hash (`layer_hashes`), which it may name too
        #: this lattice's changes, oldest first (history.jsonl: each names the version it replaced)
        self.past: list[dict] = []
        #: the layers read: all, or (`layers`) the first so many — an earlier version of the lattice
        self.layers = layers
        if verify:
            manifest = read_manifest(folder, verify=False)   # StoreError: not a lattice
            self.content_hash = manifest.get("content_hash")
            try:
                read_manifest(folder, verify=True)
                self.layer_hashes = layer_hashes(manifest)
                self.past = _past(folder)
            except StoreError as exc:
                self.changed = exc.message
        self._down: dict[tuple[str, str], frozenset[str]] = {}
        try:
            self._read(folder)
        except (OSError, ValueError, KeyError, TypeError):
            if self.changed is None:   # a folder that matches its manifest reads, or is no lattice
                raise
            self._read_nothing()       # a tampered folder (a layer deleted...): audit fails on that

    def _read_nothing(self) -> None:
        self.dims, self.values, self.children, self.synonyms, self.classes = {}, {}, defaultdict(set), {}, {}
        self.instances, self.aliases, self.documents, self.predicates = {}, {}, {}, {}

    def first(self, k: int) -> "LatticeFiles":
        """The same verified folder read through its first `k` layers only: the version of the
        lattice before the layers added since (a result computed then is audited against it)."""
        view = LatticeFiles(self.folder, verify=False, layers=k)
        view.content_hash, view.layer_hashes, view.past = self.content_hash, self.layer_hashes[:k], self.past
        return view

    def _read(self, folder: Path) -> None:
        layers = _Layers(folder, self.layers)
        self.dims: dict[str, dict] = layers.keyed(DIMENSIONS, lambda row: normalize(row["name"]))
        self.values: dict[tuple[str, str], dict] = layers.keyed(VALUES, lambda row: (row["dimension"], row["key"]))
        self.children: dict[tuple[str, str], set[str]] = defaultdict(set)
        for row in self.values.values():
            for parent in row["parents"]:
                self.children[(row["dimension"], parent)].add(row["key"])
        for (d, v), row in self.values.items():  # open dimensions: parentless values hang under ⊤
            if v != TOP and not row["parents"] and d in self.dims and not self.ordered(d):
                self.children[(d, TOP)].add(v)
        self.synonyms: dict[tuple[str, str], str] = {
            pair: row["value"] for pair, row in layers.keyed(SYNONYMS,
                                                            lambda row: (row["dimension"], row["surface"])).items()}
        #: (dimension, value) → its compare class row (classes.jsonl: value, class, source)
        self.classes: dict[tuple[str, str], dict] = layers.keyed(CLASSES,
                                                                 lambda row: (row["dimension"], row["value"]))
        self.instances: dict[str, dict] = {}
        self.aliases: dict[str, str] = {}
        for key, row in sorted(layers.keyed(INSTANCES, lambda row: row.get("key") or normalize(row["label"])).items()):
            self.instances[key] = row
            for alias in row["aliases"]:
                self.aliases[alias] = key
        self.documents = {}
        for doc, row in layers.keyed(DOCUMENTS, lambda row: row["id"]).items():
            text = row.get("text")
            if text is None and isinstance(row.get("source"), str):
                text = self._stored_text(folder, row)
            if text is not None:
                self.documents[doc] = text
        self.predicates = layers.predicates()

    def _stored_text(self, folder: Path, row: dict) -> str | None:
        """A document's text kept once, in the lattice's stored source its row names
        (folder/documents.py writes such rows; read here on its own): the file's bytes when their
        sha256 is the row's, else None (the document is then missing) and `changed` says why."""
        path = folder / row["source"]
        try:
            data = path.read_bytes() if not row["source"].startswith(("/", "..")) else None
        except OSError:
            data = None
        if data is None or hashlib.sha256(data).hexdigest() != row.get("sha256"):
            if self.changed is None:
                self.changed = f"{folder}: {row['source']} is not document {row['id']!r}'s text"
            return None
        return data.decode("utf-8", errors="replace")

    # ---- dimensions and values ----
    def kind(self, d: str) -> str | None:
        row = self.dims.get(d)
        return row["kind"] if row else None

    def ordered(self, d: str) -> bool:
        return self.kind(d) in ORDERED_KINDS

    def has_value(self, d: str, v: str) -> bool:
        return (d, v) in self.values

    def bounds(self, d: str, v: str):
        row = self.values.get((d, v))
        return tuple(row["bounds"]) if row and row["bounds"] is not None else None

    def class_of(self, d: str, v: str) -> str:
        """The class same/differ compare value key v of d as: its stored class's key, else v."""
        row = self.classes.get((d, v))
        return class_key(row["class"]) if row else v

    def resolve(self, d: str, name: str) -> str | None:
        """The value key `name` denotes on dimension d (itself, a synonym, or a canonical spelling)."""
        key = normalize(name)
        if (d, key) in self.values:
            return key
        if (d, key) in self.synonyms:
            return self.synonyms[(d, key)]
        if self.ordered(d):
            try:
                canonical = normalize(parse_ordered(name, self.kind(d)).canonical)
            except Exception:
                return None
            return canonical if (d, canonical) in self.values else None
        return None

    def resolve_instance(self, name: str) -> str | None:
        key = normalize(name)
        if key in self.instances:
            return key
        return self.aliases.get(key)

    def inside(self, d: str, child: str, parent: str, strict: bool = True) -> bool:
        """Containment of bounds on an ordered dimension (⊤ contains everything)."""
        if parent == TOP:
            return child != TOP or not strict
        a, b = self.bounds(d, child), self.bounds(d, parent)
        if a is None or b is None:
            return False
        return b[0] <= a[0] and a[1] <= b[1] and (not strict or a != b)

    def is_edge(self, d: str, parent: str, child: str) -> bool:
        if not (self.has_value(d, parent) and self.has_value(d, child)):
            return False
        if self.ordered(d):
            return self.inside(d, child, parent)
        return parent in self.values[(d, child)]["parents"] or child in self.children.get((d, parent), ())

    def down(self, d: str, v: str) -> frozenset[str]:
        """Every value at or below v on d (reflexive), from values.jsonl alone."""
        key = (d, v)
        if key not in self._down:
            if self.ordered(d):
                # an interval holds what it strictly contains (a value with the same bounds under
                # another spelling is beside it, not below: the dimension's edges say the same)
                out = {w for (dd, w) in self.values if dd == d and (w == v or self.inside(d, w, v))}
            else:
                out, todo = {v}, [v]
                while todo:
                    for c in self.children.get((d, todo.pop()), ()):
                        if c not in out:
                            out.add(c)
                            todo.append(c)
            self._down[key] = frozenset(out)
        return self._down[key]

    # ---- what constraints admit ----
    def window(self, d: str, op: str, text: str):
        """The admitted values of a numeric constraint, as a predicate on bounds (or an error text)."""
        kind = self.kind(d)
        if kind not in ORDERED_KINDS:
            return None, f"dimension {d!r} is not ordered, so `{op}` has no window"
        try:
            if op == "in":
                lo_text, hi_text = (part.strip() for part in text.split("..", 1))
                lo, hi = parse_ordered(lo_text, kind).lo, parse_ordered(hi_text, kind).hi
                return (lambda b: lo <= b[0] and b[1] <= hi), None
            value = parse_ordered(text, kind)
        except Exception:
            return None, f"{text!r} is not a {kind} value"
        inside = point_window(op, value)
        return (inside, None) if inside is not None else (None, f"`{op}` has no window")

    def named_admits(self, d: str, op: str, v: str) -> set[str]:
        """What a constraint naming value key v admits: v's down-set for `<=` (on a taxonomy), v
        alone otherwise."""
        return set(self.down(d, v)) if op == "<=" else {v}

    def admitted(self, d: str, op: str, text: str) -> set[str] | None:
        """Every value of d that a constraint (with a named or window value) admits; None if unknown."""
        if is_window(op, self.ordered(d)):
            inside, _ = self.window(d, op, text)
            if inside is None:
                return set()
            return {w for (dd, w), row in self.values.items()
                    if dd == d and row["bounds"] is not None and inside(tuple(row["bounds"]))}
        if text.startswith("$"):
            return None
        v = self.resolve(d, text)
        if v is None:
            return set()
        return self.named_admits(d, op, v)

