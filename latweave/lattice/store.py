"""The on-disk lattice: a folder with a manifest, written atomically, verified on load.

A lattice folder is written whole into a hidden sibling folder, the manifest last, then renamed
into place; a folder without a manifest, or whose files do not match the manifest's hashes, is
refused. So an interrupted write never leaves a lattice that loads, and an old lattice at the
same path stays intact until the new one is complete.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Callable, Mapping

from latweave.errors import StoreError
from latweave.lattice.model import Dimension, Evidence, Instance, Lattice, Predicate

FORMAT = "latweave-lattice"
#: 2: facts/magnitude.facts (dates as day numbers, for differences of dates) joined the facts.
SCHEMA_VERSION = 2
MANIFEST = "manifest.json"


def _jsonl(path: Path, rows) -> None:
    with path.open("w", encoding="utf-8", newline="\n") as handle:
        for row in rows:
            handle.write(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n")


def _read_jsonl(path: Path) -> list:
    with path.open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _model_files(lattice: Lattice, folder: Path) -> None:
    dims = sorted(lattice.dimensions.values(), key=lambda d: d.key)
    _jsonl(folder / "dimensions.jsonl", (
        {"name": d.name, "kind": d.kind, "functional": d.functional, "open": d.open} for d in dims))
    _jsonl(folder / "values.jsonl", (
        {"dimension": d.key, "key": v, "label": d.labels[v], "parents": sorted(d.parents.get(v, ())),
         "bounds": list(d.bounds[v]) if v in d.bounds else None}
        for d in dims for v in sorted(d.labels)))
    _jsonl(folder / "synonyms.jsonl", (
        {"dimension": d.key, "surface": s, "value": v} for d in dims for s, v in sorted(d.synonyms.items())))
    _jsonl(folder / "instances.jsonl", (
        {"label": i.label, "aliases": sorted(i.aliases)}
        for i in sorted(lattice.instances.values(), key=lambda i: i.key)))
    _jsonl(folder / "documents.jsonl", ({"id": k, "text": lattice.documents[k]} for k in sorted(lattice.documents)))
    _jsonl(folder / "predicates.jsonl", (
        {"id": n, "instance": p.instance, "dimension": p.dimension, "value": p.value,
         "confidence": p.confidence, "doc": p.evidence.doc, "source_text": p.evidence.source_text,
         "start": p.evidence.start, "end": p.evidence.end, "qualifiers": [list(q) for q in p.qualifiers]}
        for n, p in enumerate(lattice.sorted_predicates())))


def write_lattice(lattice: Lattice, target: Path | str,
                  attachments: Mapping[str, Callable[[Path], None]] = {}) -> dict:
    """Write `lattice` (plus attachments, each a writer given the folder) atomically at `target`.

    Returns the manifest. `attachments` lets the compiler add its facts to the same atomic write
    without this module knowing about compilation.
    """
    target = Path(target).resolve()
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}.tmp-", dir=target.parent))
    try:
        _model_files(lattice, tmp)
        for _, writer in sorted(attachments.items()):
            writer(tmp)
        files = sorted(p.relative_to(tmp).as_posix() for p in tmp.rglob("*") if p.is_file())
        hashes = {name: _sha256(tmp / name) for name in files}
        content = hashlib.sha256(json.dumps(hashes, sort_keys=True).encode()).hexdigest()
        manifest = {
            "format": FORMAT, "schema_version": SCHEMA_VERSION, "name": lattice.name,
            "content_hash": content, "files": hashes,
            "counts": {
                "dimensions": len(lattice.dimensions),
                "values": sum(len(d.labels) for d in lattice.dimensions.values()),
                "instances": len(lattice.instances),
                "predicates": len(lattice.predicates),
                "documents": len(lattice.documents),
            },
        }
        with (tmp / MANIFEST).open("w", encoding="utf-8") as handle:
            json.dump(manifest, handle, indent=2, sort_keys=True, ensure_ascii=False)
            handle.write("\n")
            handle.flush()
            os.fsync(handle.fileno())
        old = None
        if target.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{target.name}.old-", dir=target.parent))
            os.replace(target, old / "lattice")
        os.replace(tmp, target)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
        return manifest
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def read_manifest(folder: Path | str, verify: bool = True) -> dict:
    """The manifest of a complete lattice folder; StoreError when it is missing or does not match."""
    folder = Path(folder)
    path = folder / MANIFEST
    if not folder.is_dir():
        raise StoreError(f"{folder}: no lattice folder here", hint="build one with `latweave build <corpus> --out DIR`")
    if not path.is_file():
        raise StoreError(f"{folder}: no {MANIFEST}: not a lattice, or a write that never finished",
                         hint="rebuild it with `latweave build`")
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise StoreError(f"{path}: unreadable manifest ({exc.msg})") from None
    if manifest.get("format") != FORMAT or manifest.get("schema_version") != SCHEMA_VERSION:
        raise StoreError(f"{path}: not a {FORMAT} of schema version {SCHEMA_VERSION}",
                         hint="rebuild it with `latweave build` (lattices of an older schema are not read)")
    if verify:
        for name, digest in sorted(manifest["files"].items()):
            file = folder / name
            if not file.is_file() or _sha256(file) != digest:
                raise StoreError(f"{folder}: {name} does not match the manifest (changed or truncated)",
                                 hint="rebuild the lattice; never edit a lattice folder by hand")
    return manifest


def load_lattice(folder: Path | str, verify: bool = True) -> Lattice:
    """Read a lattice folder back into the model (after checking it against its manifest)."""
    folder = Path(folder)
    manifest = read_manifest(folder, verify=verify)
    lattice = Lattice(name=manifest["name"])
    for row in _read_jsonl(folder / "dimensions.jsonl"):
        lattice.add_dimension(Dimension(row["name"], row["kind"], row["functional"], row["open"]))
    for row in _read_jsonl(folder / "values.jsonl"):
        dim = lattice.dimensions[row["dimension"]]
        dim.labels[row["key"]] = row["label"]
        if row["parents"]:
            dim.parents[row["key"]] = set(row["parents"])
        if row["bounds"] is not None:
            dim.bounds[row["key"]] = tuple(row["bounds"])
    for row in _read_jsonl(folder / "synonyms.jsonl"):
        lattice.dimensions[row["dimension"]].synonyms[row["surface"]] = row["value"]
    for row in _read_jsonl(folder / "instances.jsonl"):
        inst = Instance(row["label"], set(row["aliases"]))
        lattice.instances[inst.key] = inst
    for row in _read_jsonl(folder / "documents.jsonl"):
        lattice.documents[row["id"]] = row["text"]
    for row in _read_jsonl(folder / "predicates.jsonl"):
        lattice.predicates.add(Predicate(
            row["instance"], row["dimension"], row["value"],
            Evidence(row["doc"], row["source_text"], row["start"], row["end"]),
            row["confidence"], tuple(tuple(q) for q in row["qualifiers"])))
    return lattice
