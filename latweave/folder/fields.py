"""The manifest's fields that the content hash does not cover, checked against the files.

The content hash is a hash of `files` (each file's sha256, history.jsonl left out), so a field
beside `files` could be edited without moving it. Every such field that changes what a reader
reads is checked here, on every verified open (store.read_manifest), against the files the
hashes already vouch for; a field that disagrees is tampering (StoreError: `run` exits 2, the
auditor fails the audit, exit 5):

* `layers` — how many layers the readers merge (folder/layers.py). The files listed must be of
  exactly the layers 0…layers−1 (each later one with its layer.json), and the folder's `layers/`
  must hold no other layer: `"layers": 1` on a lattice of two would answer without the second.
* `counts` — the sizes a reader takes without counting (`len(instances)`, the engine's chunks):
  for a lattice of one layer, its files' lines (the line indexes' sizes, dimensions.jsonl's
  lines); for one of several, what the top layer's layer.json records.
* `sizes` — each file's size (store._verify compares it with the file on disk).
* `lines` — each block file's lines' sha256 (folder/blocks.py), which the content hash takes
  instead of its bytes' hash: it must be the one the file's trailer records.

The others: `format` and `schema_version` are compared with latweave's own on every read (any
other value is refused); `content_hash` is recomputed from `files`; `files` is the hashed list
itself; `name` is a label (the first source's name) that no answer, proof or audit reads — a
result names its lattice by content hash — so editing it changes nothing that is checked (it
must be a string: the readers take it as one).
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Mapping

from latweave.errors import StoreError
from latweave.folder.blocks import line_count, lines_digest
from latweave.folder.layers import layer_path, read_layer_record
from latweave.folder.names import (BLOCKED, DIMENSIONS, DOCUMENTS, INDEXED, INSTANCES, LAYERS_DIR, LAYER_FILE,
                                   MANIFEST, PREDICATES, VALUES, WHOLE_DIRS, WHOLE_FILES)

_LAYER = re.compile(r"[0-9]{6}")
_HINT = "rebuild the lattice; never edit a lattice folder by hand"


def _layer_of(name: str) -> int | None:
    """The layer a listed file belongs to; None for a file of the whole lattice; -1 for a path
    under layers/ that names no layer."""
    if name in WHOLE_FILES or name.startswith(WHOLE_DIRS):
        return None
    if name.startswith(LAYERS_DIR + "/"):
        part = name.split("/")[1]
        return int(part) if _LAYER.fullmatch(part) and "/" in name[len(LAYERS_DIR) + 1:] else -1
    return 0


def _refuse(folder: Path, what: str):
    raise StoreError(f"{folder / MANIFEST}: {what}: the manifest disagrees with the lattice's files", hint=_HINT)


def check_layers(folder: Path, manifest: Mapping) -> int:
    """The manifest's `layers`, when the files listed and the folder's `layers/` are of exactly
    that many layers (StoreError otherwise)."""
    layers = manifest.get("layers", 1)
    if type(layers) is not int or layers < 1:
        _refuse(folder, f"'layers' is {layers!r}, not a positive integer")
    files = manifest["files"]
    listed = {k for name in files if (k := _layer_of(name)) is not None}
    if listed != set(range(layers)):
        have = sorted(listed)
        _refuse(folder, f"it says {layers} layer(s), but the files it lists are of layers "
                        f"{', '.join(map(str, have)) if have else 'none'}")
    for k in range(1, layers):
        if f"{LAYERS_DIR}/{k:06d}/{LAYER_FILE}" not in files:
            _refuse(folder, f"layer {k} has no {LAYER_FILE}")
    on_disk = folder / LAYERS_DIR
    if on_disk.is_dir():
        held = sorted(os.listdir(on_disk))
        extra = [entry for entry in held if not (_LAYER.fullmatch(entry) and 1 <= int(entry) < layers)]
        if extra:
            _refuse(folder, f"it says {layers} layer(s), but {LAYERS_DIR}/ also holds {', '.join(extra[:3])}")
    return layers


def _lines(sizes: Mapping, index: str) -> int | None:
    """The lines a line index of this size indexes (store.write_line_index: one 8-byte offset a
    line, and the end)."""
    size = sizes.get(index)
    return size // 8 - 1 if type(size) is int and size >= 8 else None


def check_counts(folder: Path, manifest: Mapping, layers: int) -> None:
    """The manifest's `counts` against the files (StoreError when they differ)."""
    counts = manifest.get("counts")
    if not isinstance(counts, dict):
        _refuse(folder, "'counts' is not an object")
    if layers > 1:
        try:
            record = read_layer_record(folder / layer_path(layers - 1))
        except StoreError:
            _refuse(folder, f"the top layer's {LAYER_FILE} is unreadable")
        expected = record.get("counts")
    else:
        sizes = manifest["sizes"]
        expected = {key: n for key, file in (("values", VALUES), ("instances", INSTANCES),
                                             ("predicates", PREDICATES), ("documents", DOCUMENTS))
                    if (n := (line_count(folder / file) if file in BLOCKED and file in manifest["files"]
                              else None if file in BLOCKED else _lines(sizes, INDEXED[file]))) is not None}
        if DIMENSIONS in manifest["files"]:
            with (folder / DIMENSIONS).open(encoding="utf-8") as handle:
                expected["dimensions"] = sum(1 for line in handle if line.strip())
    if not isinstance(expected, dict):
        _refuse(folder, f"the top layer's {LAYER_FILE} records no counts")
    wrong = sorted(key for key in expected.keys() | counts.keys()
                   if key not in counts or key not in expected or type(counts[key]) is not int
                   or counts[key] != expected[key])
    if wrong:
        key = wrong[0]
        _refuse(folder, f"'counts' says {counts.get(key)!r} {key}, the files hold {expected.get(key, 'none')}")


def check_lines(folder: Path, manifest: Mapping) -> None:
    """The manifest's `lines` (each block file's lines' sha256, which the content hash takes for
    it) against the trailers of the files whose bytes `files` vouches for."""
    for name, digest in sorted(manifest["lines"].items()):
        if lines_digest(folder / name) != digest:
            _refuse(folder, f"'lines' gives {name} lines it does not hold")


def check_fields(folder: Path, manifest: Mapping) -> None:
    """Every unhashed manifest field that a reader reads, against the files (see the module
    docstring); `manifest`'s files and sizes are the ones store._verify checks."""
    if not isinstance(manifest.get("name"), str):
        _refuse(folder, f"'name' is {manifest.get('name')!r}, not a name")
    check_lines(folder, manifest)
    check_counts(folder, manifest, check_layers(folder, manifest))
