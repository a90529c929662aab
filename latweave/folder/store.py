"""The on-disk lattice: a folder with a manifest, written atomically, verified on load.

A lattice folder is written whole into a hidden sibling folder, the manifest last, then put in
place in one atomic step; a folder without a manifest, or whose files do not match the manifest's
hashes, is refused. So an interrupted write never leaves a lattice that loads, and at every
instant the path holds the old complete lattice or the new one:

* where the file system can swap two names atomically (Linux `renameat2(RENAME_EXCHANGE)`: ext4,
  xfs, btrfs, tmpfs...; macOS `renamex_np(RENAME_SWAP)`: APFS), the path stays a plain folder and
  the new folder is swapped with the old one, which is then deleted;
* elsewhere the path is a symlink to a versioned sibling `.<name>.v-<hash>-<n>/`, replaced by
  renaming a new symlink over it (`os.replace`); the old version is deleted after the swap. Only
  turning a plain lattice folder into such a symlink there leaves the path missing for the instant
  between two renames (the old lattice is then complete in `.<name>.old-*`).

A write refuses (StoreError, nothing touched) a target that holds anything but a lattice: a file,
a folder with other files, or the input it is built from (`check_target`). Writes to one path
serialise on `.<name>.lock` beside it, and each removes the leftovers (`.<name>.tmp-*`,
`.<name>.old-*`, unreferenced versions) of writes to that path that were killed.
"""

from __future__ import annotations

import ctypes
import errno
import fcntl
import hashlib
import json
import os
import platform
import re
import secrets
import shutil
import stat as stat_mode
import sys
import tempfile
import time
from array import array
from contextlib import contextmanager, nullcontext
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping

from latweave.errors import StoreError
from latweave.lattice.canonical import COUNTRY_TABLE
from latweave.lattice.model import Dimension, Evidence, Instance, Lattice, Predicate
from latweave.folder.blocks import inflated_digest, lines_digest, model_lines, write_blocks
from latweave.folder.rows import decoder, predicate_lines, predicate_of_line, value_line, value_line_of
from latweave.folder.names import (BLOCKED, CLASSES, CORPUS_DOCUMENTS, CORPUS_FACTS, CORPUS_HIERARCHY, DIMENSIONS,
                                   DIMENSION_FILES, DOCUMENTS, INDEXED, INSTANCES, LAYERS_DIR, MANIFEST, PREDICATES,
                                   SYNONYMS, UNHASHED, VALUES)

FORMAT = "latweave-lattice"
#: 2: facts/magnitude.facts (dates as day numbers, for differences of dates) joined the facts.
#: 3: line-offset indexes of the JSON-lines files read on demand (instances.idx, predicates.idx,
#:    documents.idx: `write_line_index`), each file's size in the manifest ("sizes"), and the
#:    compiled lattice's coordinate counts and worlds (compile/lattice_facts.py), so that a query
#:    opens a lattice by its symbols and facts (folder/stored.py) without reading the whole model.
#: 4: classes.jsonl, the values `same`/`differ` compare as one class (lattice/canonical.py), and
#:    their facts (facts/canonical.facts).
#: 5: facts/period.facts, when each dated predicate held (lattice/periods.py), read by timed meets.
#: 6: layers (folder/layers.py): a lattice of several sources keeps what each one changes in a
#:    layer of its own, ids numbered in the order the sources came in; the manifest's "layers";
#:    line indexes of symbols.jsonl and values.jsonl too (a change looks names up, never reads all).
#: 7: predicates.jsonl and values.jsonl as compact rows (folder/rows.py: JSON arrays, fields by
#:    position, defaults left out, no predicate id: its line is its id).
#: 8: layer 0 keeps its lattice relations once, as engine/sqlite.db's base tables (no facts/, no
#:    parquet/: derived when an engine asks, compile/parquet_cache.py); a KB document whose text is
#:    its kept source's bytes names that file in documents.jsonl (folder/documents.py).
#: 9: predicates and values as block-compressed lines (folder/blocks.py: `predicates.blocks`,
#:    `values.blocks`, 16 lines a zlib block, 64 for derived/coord_counts.blocks, their own block
#:    index: no .idx); the manifest's `lines` records each one's inflated lines' sha256, which the
#:    content hash and the layer hashes take for it (deflate's bytes differ between zlib builds; the lines do not).
#:    (Every lattice of schema 9 built of several layers keeps the SQLite engine's database in its
#:    top layer, folder/layers.py engine_db_name: that came before schema 9, so a lattice without
#:    it is of an older schema and refused here, and no reader falls back for it.)
#: 10: instances.ids and values.ids, each line of instances.jsonl and values.blocks addressed by its
#:    key's symbol id (folder/symbol_ids.py): a proof's labels found by id, without a bisection by key.
SCHEMA_VERSION = 10


#: what json.dumps(row, ensure_ascii=False, sort_keys=True) builds on every call, built once
_ENCODER = json.JSONEncoder(ensure_ascii=False, sort_keys=True)


def write_jsonl(path: Path, rows) -> None:
    """One JSON object a line, keys sorted, non-ASCII as itself (json.dumps' bytes)."""
    encode = _ENCODER.encode
    write_lines(path, (encode(row) + "\n" for row in rows))


def write_line_index(jsonl_path: Path | str, index_path: Path | str) -> int:
    """Write the line index of an already-written JSON-lines file: the byte offset where each
    line starts, then the file's size (so line i is bytes [offset[i], offset[i + 1])), as
    little-endian unsigned 64-bit integers. Returns the number of lines. Blank lines are not
    expected (the writers here never write one) and would be indexed as lines."""
    offsets = array("Q", [0])
    with open(jsonl_path, "rb") as handle:
        position = 0
        for line in handle:
            position += len(line)
            offsets.append(position)
    if sys.byteorder != "little":
        offsets.byteswap()
    with open(index_path, "wb") as handle:
        offsets.tofile(handle)
    return len(offsets) - 1


def _read_jsonl(path: Path) -> list:
    decode = decoder(path.name)
    return [decode(line) for line in model_lines(path) if line.strip()]


def sha256_file(path: Path) -> str:
    """The sha256 of a file's bytes (hex), read in 1 MiB blocks."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def write_documents(path: Path, documents: Mapping, removed: Iterable[str] = ()) -> None:
    """documents.jsonl, sorted by id: a `str` text in one piece, a text that streams (`chunks()`,
    such as textio.TextFile: a KB file larger than memory) piece by piece, the same bytes either
    way (JSON escapes each character on its own), or a `folder/documents.StoredText` (the text is
    the stored source's bytes: a row naming that file). `removed`: ids a layer deletes (a row
    `{"id", "removed": true}` each: folder/layers.py)."""
    from latweave.folder.documents import StoredText

    gone = set(removed)
    with path.open("w", encoding="utf-8", newline="\n") as handle:
        for doc in sorted(documents.keys() | gone):
            if doc in gone:
                handle.write(json.dumps({"id": doc, "removed": True}, ensure_ascii=False, sort_keys=True) + "\n")
                continue
            text = documents[doc]
            if isinstance(text, StoredText):
                handle.write(json.dumps(text.row(doc), ensure_ascii=False, sort_keys=True) + "\n")
                continue
            if isinstance(text, str):
                handle.write(json.dumps({"id": doc, "text": text}, ensure_ascii=False, sort_keys=True) + "\n")
                continue
            handle.write('{"id": ' + json.dumps(doc, ensure_ascii=False) + ', "text": "')
            for piece in text.chunks():
                handle.write(json.dumps(piece, ensure_ascii=False)[1:-1])
            handle.write('"}\n')


def write_model_files(lattice: Lattice, folder: Path, documents: Mapping | None = None,
                      values: Iterable[str] | None = None) -> None:
    """Every model file of `lattice`; `documents` (id → text, as `write_documents` takes them),
    when given, are written instead of the lattice's own, and `values` (values.blocks' lines)
    instead of `value_lines(lattice)` (a streamed write's, ingest/stream.py)."""
    write_dimension_files(lattice, folder, documents, values)
    write_jsonl(folder / INSTANCES, map(instance_row, sorted(lattice.instances.values(), key=lambda i: i.key)))
    write_lines(folder / PREDICATES, predicate_lines(lattice.sorted_predicates()))


def write_dimension_files(lattice: Lattice, folder: Path, documents: Mapping[str, object] | None = None,
                          values: Iterable[str] | None = None) -> None:
    """The model files but instances.jsonl and predicates.blocks (`write_model_files`' arguments):
    what a streamed write (ingest/stream.py) writes besides the stream's own."""
    for name, rows in dimension_rows(lattice).items():
        if name == VALUES:
            write_lines(folder / name, value_lines(lattice) if values is None else values)
        else:
            write_jsonl(folder / name, rows)
    write_documents(folder / DOCUMENTS, lattice.documents if documents is None else documents)


def write_keyed(path: Path, name: str, rows: Iterable[dict]) -> None:
    """A keyed model file's rows (folder/layers.py KEYS), in the form its readers read: values
    through the row codec (folder/rows.py), the others one JSON object a line."""
    if name == VALUES:
        write_lines(path, map(value_line_of, rows))
    else:
        write_jsonl(path, rows)


def value_row(dimension: str, key: str, label: str, parents: Iterable[str] = (), bounds=None) -> dict:
    """A values.jsonl row as its readers get it (folder/rows.py `value_row` reads the line back):
    parents sorted, bounds a [lo, hi] list or None."""
    return {"dimension": dimension, "key": key, "label": label, "parents": sorted(parents),
            "bounds": list(bounds) if bounds is not None else None}


def value_row_of(d: Dimension, v: str) -> dict:
    """Value `v` of dimension `d` as a values.jsonl row."""
    return value_row(d.key, v, d.labels[v], d.parents.get(v, ()), d.bounds.get(v))


def synonym_row(d: str, surface: str, value: str) -> dict:
    """A synonyms.jsonl row."""
    return {"dimension": d, "surface": surface, "value": value}


def class_row(d: str, value: str, cls: str) -> dict:
    """A classes.jsonl row (the compare classes are the country table's)."""
    return {"dimension": d, "value": value, "class": cls, "source": COUNTRY_TABLE}


def dimension_rows(lattice: Lattice, only: Iterable[str] | None = None) -> dict[str, Iterable[dict]]:
    """The rows of dimensions.jsonl, values.jsonl, synonyms.jsonl and classes.jsonl, each in key
    order (folder/layers.py KEYS), lazily; `only`: the dimension keys to give rows of (default all)."""
    dims = sorted((lattice.dimensions[k] for k in (lattice.dimensions if only is None else only)), key=lambda d: d.key)
    return {
        DIMENSIONS: ({"name": d.name, "kind": d.kind, "functional": d.functional, "open": d.open}
                             for d in dims),
        VALUES: (value_row_of(d, v) for d in dims for v in sorted(d.labels)),
        SYNONYMS: (synonym_row(d.key, s, v) for d in dims for s, v in sorted(d.synonyms.items())),
        CLASSES: (class_row(d.key, v, c) for d in dims for v, c in sorted(d.compare_classes().items())),
    }


def value_lines(lattice: Lattice) -> Iterator[str]:
    """The lines of values.jsonl (`write_keyed` of `dimension_rows(lattice)[VALUES]`, the same
    bytes), formatted from each value's fields without a row between (a KB has a value per
    entity and inverse relation: the 100k-person KB 609k of them)."""
    for d in sorted(lattice.dimensions.values(), key=lambda d: d.key):
        yield from dimension_value_lines(d)


def dimension_value_lines(d: Dimension) -> Iterator[str]:
    """The lines of values.jsonl of one dimension, in key order."""
    for v in sorted(d.labels):
        yield value_line(d.key, v, d.labels[v], sorted(d.parents.get(v, ())), d.bounds.get(v))


def instance_row(inst: Instance) -> dict:
    """An instance as instances.jsonl stores it (read back by `instance_of`)."""
    return {"label": inst.label, "aliases": sorted(inst.aliases)}


def write_lines(path: Path, lines: Iterable[str]) -> None:
    """A model file of lines already encoded (each ends in a newline): a block file
    (folder/blocks.py) for the BLOCKED names, else a JSON-lines file written in blocks."""
    if path.name in BLOCKED:
        write_blocks(path, lines)
        return
    with path.open("w", encoding="utf-8", newline="\n") as handle:
        block: list[str] = []
        for line in lines:
            block.append(line)
            if len(block) == 4096:
                handle.write("".join(block))
                block.clear()
        handle.write("".join(block))


def manifest_counts(lattice: Lattice, instances: int | None = None, predicates: int | None = None,
                    documents: int | None = None) -> dict:
    """The manifest's counts of a lattice (instances, predicates and documents as given, for a
    lattice written without a model of them: latweave/ingest/stream.py)."""
    return {"dimensions": len(lattice.dimensions),
            "values": sum(len(d.labels) for d in lattice.dimensions.values()),
            "instances": len(lattice.instances) if instances is None else instances,
            "predicates": len(lattice.predicates) if predicates is None else predicates,
            "documents": len(lattice.documents) if documents is None else documents}


_TOKEN_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789_"  # tempfile's alphabet: mkdtemp adds 8 of them


def _token() -> str:
    return "".join(secrets.choice(_TOKEN_CHARS) for _ in range(8))


def _version_re(name: str) -> re.Pattern:
    return re.compile(rf"\.{re.escape(name)}\.v-[0-9a-f]{{12}}-([0-9]+)")


def _leftover_re(name: str) -> re.Pattern:
    return re.compile(rf"\.{re.escape(name)}\.(?:(?:tmp|old)-[a-z0-9_]{{8}}|v-[0-9a-f]{{12}}-[0-9]+)")


def _pointer(path: Path) -> str | None:
    """The version folder `path` points at when it is latweave's own symlink (`.<name>.v-*`)."""
    try:
        link = os.readlink(path)
    except OSError:
        return None
    return link if _version_re(path.name).fullmatch(link) else None


def _follow(out: Path) -> Path:
    """`out` with the user's symlinks followed (a write replaces what they point at); latweave's own
    pointer is not followed: it is what a write replaces."""
    path = out
    for _ in range(40):
        if not os.path.islink(path) or _pointer(path) is not None:
            return path
        path = Path(os.path.abspath(os.path.join(path.parent, os.readlink(path))))
    raise StoreError(f"{out}: too many levels of symbolic links")


def _not_listed(folder: Path) -> list[str] | None:
    """The files in `folder` its manifest does not list; None when `folder` is not a latweave
    lattice (no readable manifest with latweave's format marker)."""
    try:
        manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        return None
    files = manifest.get("files")
    listed = {MANIFEST, *(files if isinstance(files, dict) else ())}
    extra = []
    for root, dirs, names in os.walk(folder):
        linked = [d for d in dirs if os.path.islink(os.path.join(root, d))]
        dirs[:] = [d for d in dirs if d not in linked]
        extra += [rel for name in names + linked
                  if (rel := Path(root, name).relative_to(folder).as_posix()) not in listed]
    return sorted(extra)


def _some(names: list[str]) -> str:
    return ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")


_KEEP_OUT = ("pass --out a new or empty folder, or an existing lattice folder (which is replaced); "
             "nothing was changed")


def _refuse_unsafe(target: Path | str, inputs: Iterable[Path | str | None]) -> None:
    out = Path(os.path.abspath(target))
    if out == out.parent:
        raise StoreError(f"{out}: refusing to write a lattice over the root folder", hint=_KEEP_OUT)
    real = Path(os.path.realpath(out))
    for source in inputs:
        if source is None:
            continue
        src = Path(os.path.realpath(source))
        if src == real:
            what = f"is the input {source} itself; writing the lattice there would delete it"
        elif real in src.parents:
            what = f"holds the input {source}; writing the lattice there would delete it"
        elif src in real.parents:
            what = f"lies inside the input {source}; a lattice is never written into what it is built from"
        else:
            continue
        raise StoreError(f"{out}: refusing to write the lattice here: it {what}",
                         hint="write the lattice outside its input, e.g. --out out/<name>; nothing was changed")
    for parent in out.parents:
        if os.path.lexists(parent):
            if not os.path.isdir(parent):
                raise StoreError(f"{out}: refusing to write the lattice here: {parent} is a file, not a folder",
                                 hint=_KEEP_OUT)
            break
    path = _follow(out)
    version = _pointer(path)
    if version is not None:  # latweave's own symlink: what it points at must be a lattice, or gone
        path, shown = path.parent / version, f"{out} (the version {version} it points to)"
    else:
        shown = str(out) if path == out else f"{out} (the symlink's target {path})"
    if not os.path.lexists(path):
        return
    if not os.path.isdir(path):
        raise StoreError(f"{shown}: refusing to write the lattice here: it is a file, not a lattice folder, "
                         "and writing would delete it", hint=_KEEP_OUT)
    entries = sorted(os.listdir(path))
    if not entries:
        return
    extra = _not_listed(path)
    if extra is None:
        raise StoreError(f"{shown}: refusing to write the lattice here: the folder is not a latweave lattice "
                         f"(no latweave manifest.json) and holds {len(entries)} entr{'y' if len(entries) == 1 else 'ies'} "
                         f"({_some(entries)}) that writing would delete", hint=_KEEP_OUT)
    if extra:
        raise StoreError(f"{shown}: refusing to replace this lattice: the folder also holds {len(extra)} "
                         f"file(s) that are not part of it ({_some(extra)}) and writing would delete them",
                         hint="move them out of the lattice folder, or pass another folder; nothing was changed")


def check_target(target: Path | str, inputs: Iterable[Path | str | None] = (), locked: bool = False) -> None:
    """Refuse (StoreError) to write a lattice at `target` unless nothing is lost: `target` must be
    absent, an empty folder, or a latweave lattice (a folder with latweave's manifest holding only
    the files it lists, or latweave's own symlink to one — user symlinks are judged by what they
    point at), and must neither be, hold, nor lie inside one of `inputs` (the corpus folder or KB
    file the lattice is built from). Every build path goes through here; nothing is touched.
    `locked`: the caller holds the target's lock (`exclusive`), so no write can be mid-swap."""
    if locked:
        _refuse_unsafe(target, inputs)
        return
    try:
        _refuse_unsafe(target, inputs)
    except StoreError as first:
        # A write to the same path may have been caught mid-swap: look again once it is done.
        try:
            lock = _locked(_follow(Path(os.path.abspath(target))))
            lock.__enter__()
        except (OSError, StoreError):
            raise first from None
        try:
            _refuse_unsafe(target, inputs)
        finally:
            lock.__exit__(None, None, None)


@contextmanager
def _locked(path: Path):
    """Hold `.<name>.lock` beside `path` (fcntl.flock), so writes to one path run one at a time.
    The file is removed on release; a waiter that then holds a removed file takes a new one."""
    lock = path.parent / f".{path.name}.lock"
    while True:
        fd = os.open(lock, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            held, now = os.fstat(fd), os.stat(lock)
        except FileNotFoundError:
            os.close(fd)
            continue
        except BaseException:
            os.close(fd)
            raise
        if (held.st_dev, held.st_ino) == (now.st_dev, now.st_ino):
            break
        os.close(fd)
    try:
        yield
    finally:
        try:
            os.unlink(lock)
        except FileNotFoundError:
            pass
        os.close(fd)


_AT_FDCWD, _RENAME_EXCHANGE, _RENAME_SWAP = -100, 2, 2
_SYS_RENAMEAT2 = {"x86_64": 316, "amd64": 316, "aarch64": 276, "arm64": 276}


@lru_cache(maxsize=None)
def _swap_call():
    """renameat2(RENAME_EXCHANGE) (Linux) or renamex_np(RENAME_SWAP) (macOS), or None."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
    except OSError:
        return None
    if sys.platform.startswith("linux"):
        fn = getattr(libc, "renameat2", None)
        if fn is not None:
            fn.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
            fn.restype = ctypes.c_int
            return lambda a, b: fn(_AT_FDCWD, a, _AT_FDCWD, b, _RENAME_EXCHANGE)
        number = _SYS_RENAMEAT2.get(platform.machine().lower())
        if number is not None:
            call = libc.syscall
            call.restype = ctypes.c_long
            return lambda a, b: call(ctypes.c_long(number), ctypes.c_int(_AT_FDCWD), ctypes.c_char_p(a),
                                     ctypes.c_int(_AT_FDCWD), ctypes.c_char_p(b), ctypes.c_uint(_RENAME_EXCHANGE))
    elif sys.platform == "darwin":
        fn = getattr(libc, "renamex_np", None)
        if fn is not None:
            fn.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_uint]
            fn.restype = ctypes.c_int
            return lambda a, b: fn(a, b, _RENAME_SWAP)
    return None


def _exchange(a: Path, b: Path) -> bool:
    """Swap the names `a` and `b` (both present, in one folder) in one atomic step; False where
    the OS or the file system cannot (and nothing changed)."""
    call = _swap_call()
    if call is None:
        return False
    if call(os.fsencode(a), os.fsencode(b)) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.ENOTSUP, errno.EOPNOTSUPP):
        return False
    raise OSError(code, os.strerror(code), str(a), None, str(b))


def _can_exchange(path: Path) -> bool:
    """Whether names beside `path` can be swapped atomically (tried on two empty folders)."""
    a = Path(tempfile.mkdtemp(prefix=f".{path.name}.tmp-", dir=path.parent))
    try:
        b = Path(tempfile.mkdtemp(prefix=f".{path.name}.tmp-", dir=path.parent))
        try:
            return _exchange(a, b)
        finally:
            os.rmdir(b)
    finally:
        os.rmdir(a)


def _repoint(tmp: Path, path: Path, content: str, upgrade: bool = False) -> None:
    """Rename `tmp` to a new version `.<name>.v-<hash>-<n>` and point `path` at it: a new symlink
    under a temporary name renamed over `path`. `upgrade`: `path` is a plain lattice folder, which
    no rename can replace by a symlink, so it is moved aside first (the one gap)."""
    parent, name = path.parent, path.name
    taken = [int(m.group(1)) for entry in os.listdir(parent) if (m := _version_re(name).fullmatch(entry))]
    version = f".{name}.v-{content[:12]}-{max(taken, default=0) + 1}"
    os.rename(tmp, parent / version)
    while True:
        link = parent / f".{name}.tmp-{_token()}"
        try:
            os.symlink(version, link)
            break
        except FileExistsError:
            continue
    if upgrade:
        old = parent / f".{name}.old-{_token()}"
        os.rename(path, old)  # from here until the next rename `path` is missing; `old` is complete
    os.replace(link, path)


def _install(tmp: Path, path: Path, content: str) -> None:
    """Put the complete lattice folder `tmp` at `path` in one atomic step; what it replaces is
    left under a leftover name (`_remove_leftovers` deletes it)."""
    if _pointer(path) is not None:
        _repoint(tmp, path, content)
    elif not os.path.lexists(path):
        if _can_exchange(path):
            os.rename(tmp, path)
        else:
            _repoint(tmp, path, content)
    elif _exchange(tmp, path):
        pass  # the old lattice is now under the temporary name
    elif not os.listdir(path):
        os.rmdir(path)  # an empty folder: nothing is lost while the path is missing
        _repoint(tmp, path, content)
    else:
        _repoint(tmp, path, content, upgrade=True)
    try:
        handle = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)


def _remove_leftovers(path: Path) -> None:
    """Delete what writes to `path` leave beside it (`.<name>.tmp-*`, `.<name>.old-*`, versions
    the pointer does not reference): only names of exactly that shape, only for this name."""
    keep = _pointer(path)
    pattern = _leftover_re(path.name)
    for entry in sorted(os.listdir(path.parent)):
        if entry == keep or not pattern.fullmatch(entry):
            continue
        leftover = path.parent / entry
        if os.path.isdir(leftover) and not os.path.islink(leftover):
            shutil.rmtree(leftover, ignore_errors=True)
        else:
            try:
                os.unlink(leftover)
            except FileNotFoundError:
                pass


def write_lattice(lattice: Lattice, target: Path | str,
                  attachments: Mapping[str, Callable[[Path], None]] = {}, *,
                  inputs: Iterable[Path | str | None] = (), locked: bool = False) -> dict:
    """Write `lattice` (plus attachments, each a writer given the folder) atomically at `target`.

    Returns the manifest. `attachments` lets the compiler add its facts to the same atomic write
    without this module knowing about compilation. `target` must hold nothing but a lattice, and
    must not be, hold, or lie inside one of `inputs` (check_target); writes to one target run one
    at a time, under its lock.
    """
    def model_files(folder: Path) -> dict:
        write_model_files(lattice, folder)
        return manifest_counts(lattice)
    return write_folder(target, lattice.name, model_files, attachments, inputs=inputs, locked=locked)


def index_lines(folder: Path) -> None:
    """Write the line index of every INDEXED file of a lattice folder being written, in each of
    its layers, then the symbol ids of its keyed files (folder/symbol_ids.py), unless it has them
    (a layer linked from the lattice before has its own; a streamed write writes its ids itself)."""
    from latweave.folder.derive_ids import write_symbol_ids

    layers = folder / LAYERS_DIR
    wheres = [folder, *(sorted(p for p in layers.iterdir() if p.is_dir()) if layers.is_dir() else [])]
    for where in wheres:
        for jsonl, index in sorted(INDEXED.items()):
            if (where / jsonl).is_file() and not (where / index).exists():
                write_line_index(where / jsonl, where / index)
    write_symbol_ids(wheres)


def write_folder(target: Path | str, name: str, model_files: Callable[[Path], dict],
                 attachments: Mapping[str, Callable[[Path], None]] = {}, *,
                 inputs: Iterable[Path | str | None] = (), locked: bool = False, layers: int = 1,
                 known: Mapping[str, str] | None = None) -> dict:
    """write_lattice's atomic write, for a lattice given as a writer of its model files (which
    returns the manifest's counts) rather than as a model: latweave/ingest/stream.py streams them.
    `locked`: the caller already holds the target's lock (`exclusive`: a read-modify-write).
    `layers`: how many layers the lattice written has (folder/layers.py); `known`: the sha256 of
    files the writers linked from a lattice whose manifest was verified (they are not read again).
    A disk that fills up (or a file-size limit, or a failing device) on the way is a WriteError
    naming `target` (latweave/write_failure.py); the lattice there before is unchanged."""
    from latweave.write_failure import write_failure

    try:
        return _write_folder(target, name, model_files, attachments, inputs=inputs, locked=locked,
                             layers=layers, known=known)
    except Exception as exc:
        failure = write_failure(exc, os.path.abspath(target))
        if failure is None:
            raise
        raise failure from None


def _write_folder(target, name, model_files, attachments, *, inputs, locked, layers, known) -> dict:
    out = Path(os.path.abspath(target))
    if not locked:
        check_target(out, inputs)  # refused before waiting for the lock: nothing touched
    path = _follow(out)
    path.parent.mkdir(parents=True, exist_ok=True)
    with nullcontext() if locked else _locked(path):
        _refuse_unsafe(out, inputs)  # (again: another write may have changed it while this one waited)
        _remove_leftovers(path)
        try:
            tmp = Path(tempfile.mkdtemp(prefix=f".{path.name}.tmp-", dir=path.parent))
            os.chmod(tmp, 0o777 & ~_umask())   # mkdtemp's 0700, not what the user's umask allows
            counts = model_files(tmp)
            for _, writer in sorted(attachments.items()):
                writer(tmp)
            index_lines(tmp)   # the files read a line at a time, in every layer
            files = sorted(p.relative_to(tmp).as_posix() for p in tmp.rglob("*") if p.is_file())
            known = dict(known or {})
            _settle(tmp / name for name in files if name not in known)
            hashes = {name: known[name] if name in known else sha256_file(tmp / name) for name in files}
            lines = {name: lines_digest(tmp / name) for name in files if Path(name).name in BLOCKED}
            content = content_hash(content_digests(hashes, lines))
            manifest = {
                "format": FORMAT, "schema_version": SCHEMA_VERSION, "name": name,
                "content_hash": content, "files": hashes, "lines": lines, "counts": counts, "layers": layers,
                "sizes": {file: (tmp / file).stat().st_size for file in files},
            }
            with (tmp / MANIFEST).open("w", encoding="utf-8") as handle:
                json.dump(manifest, handle, indent=2, sort_keys=True, ensure_ascii=False)
                handle.write("\n")
                handle.flush()
                os.fsync(handle.fileno())
            _install(tmp, path, content)
        finally:
            _remove_leftovers(path)  # the replaced lattice, or this write's own pieces when it failed
        # after the replaced lattice is gone: unlinking its names changed the ctime of the files a
        # change linked from it
        _remember(path, manifest)
        return manifest


def _umask() -> int:
    """The process's umask: read from /proc where Linux gives it, else by setting it and back (no
    other portable way; the instant between the two calls is the only one it differs)."""
    try:
        with open("/proc/self/status", encoding="ascii") as handle:
            for line in handle:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def content_digests(files: Mapping[str, str], lines: Mapping[str, str]) -> dict[str, str]:
    """Each file's hash as a lattice's identity takes it: a block file's (`lines`: the sha256 of
    its inflated lines, which the file's trailer records) instead of its bytes' (`files`), so
    that the same lines deflated by another zlib give the same content and layer hashes."""
    return {name: lines.get(name, digest) for name, digest in files.items()}


def content_hash(hashes: Mapping[str, str]) -> str:
    """A lattice's content hash: of its files' hashes, the UNHASHED ones (its history) left out."""
    content = {name: digest for name, digest in hashes.items() if name not in UNHASHED}
    return hashlib.sha256(json.dumps(content, sort_keys=True).encode()).hexdigest()


@contextmanager
def exclusive(target: Path | str):
    """Hold the lock that writes to `target` take, for a read-modify-write of the lattice there
    (`latweave add` / `remove`: read its sources, write the new lattice, with no other write in
    between); the write inside passes `locked=True`."""
    path = _follow(Path(os.path.abspath(target)))
    if not path.parent.is_dir():   # no lattice can be there; a mistyped path creates no folders
        raise StoreError(f"{target}: no lattice folder here", hint="build one with `latweave build <corpus> --out DIR`")
    with _locked(path):
        yield path


def read_manifest(folder: Path | str, verify: bool = True, *, cached: bool = False) -> dict:
    """The manifest of a complete lattice folder; StoreError when it is missing or does not match.

    `verify`: every file's size and sha256 are checked against the manifest. `cached`: a file
    whose stat (size, mtime, ctime, inode) is the one recorded when it last hashed right is not
    hashed again (`stat_cache_path`; the way git's index skips unchanged files) — sizes are
    always checked. Opening for queries uses the cache; `latweave check` and the auditor do not."""
    folder = Path(folder)
    path = folder / MANIFEST
    if not folder.is_dir():
        raise StoreError(f"{folder}: no lattice folder here", hint="build one with `latweave build <corpus> --out DIR`")
    if not path.is_file():
        corpus = (folder / CORPUS_FACTS).is_file() or (folder / CORPUS_HIERARCHY).is_file() or (
            folder / CORPUS_DOCUMENTS).is_dir()
        if corpus and not (folder / VALUES).is_file():   # a lattice's own files are not a corpus's
            raise StoreError(f"{folder}: a corpus folder, not a lattice: build it first",
                             hint=f"latweave build {folder} --out out/{folder.name or 'lattice'}; then --lattice "
                                  f"out/{folder.name or 'lattice'}")
        raise StoreError(f"{folder}: no {MANIFEST}: not a lattice, or a write that never finished",
                         hint="rebuild it with `latweave build`")
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise StoreError(f"{path}: unreadable manifest ({exc.msg})") from None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT \
            or manifest.get("schema_version") != SCHEMA_VERSION:
        raise StoreError(f"{path}: not a {FORMAT} of schema version {SCHEMA_VERSION}",
                         hint="rebuild it with `latweave build` (lattices of an older schema are not read)")
    if verify:
        _verify(folder, manifest, stat_cache_path(folder, manifest) if cached else None)
    return manifest


#: A file whose mtime is this close to the moment it was hashed is not recorded (it could change
#: again within the file system's timestamp granularity without its stat changing: git's "racily
#: clean" entries); it is hashed again on the next open.
_RACY_NS = 2_000_000_000


def stat_cache_path(folder: Path | str, manifest: dict) -> Path:
    """Where the stat record of a verified lattice folder is kept: under `$LATWEAVE_CACHE`
    (default `$XDG_CACHE_HOME/latweave`, else ~/.cache/latweave), never inside the lattice folder,
    keyed by the manifest's content hash and the folder's real path."""
    where = hashlib.sha256(os.fsencode(os.path.realpath(folder))).hexdigest()[:16]
    content = re.sub(r"[^0-9a-f]", "", str(manifest.get("content_hash", "")))[:24]
    return cache_root() / "verified" / f"{content}-{where}.json"


def cache_root() -> Path:
    """latweave's cache folder, never inside a lattice: `$LATWEAVE_CACHE`, else
    `$XDG_CACHE_HOME/latweave`, else ~/.cache/latweave (verified stats; files derived for one
    engine: compile/parquet_cache.py)."""
    return Path(os.environ.get("LATWEAVE_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "latweave"))


def _read_record(path: Path) -> dict:
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return record if isinstance(record, dict) else {}


def _write_record(path: Path, record: dict) -> None:
    """Best effort: a cache that cannot be written only means hashing again next time."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.tmp-{_token()}")
        tmp.write_text(json.dumps(record, sort_keys=True), encoding="utf-8")
        tmp.replace(path)   # (pathlib's: a cache beside no lattice, not a step of any lattice's write)
    except OSError:
        pass


def _verify(folder: Path, manifest: dict, record_path: Path | None) -> None:
    files, sizes = manifest.get("files"), manifest.get("sizes")
    if not isinstance(files, dict) or not isinstance(sizes, dict):
        raise StoreError(f"{folder / MANIFEST}: the manifest lists no files and sizes",
                         hint="rebuild the lattice; never edit a lattice folder by hand")
    lines = manifest.get("lines")
    if not isinstance(lines, dict) or sorted(lines) != sorted(n for n in files if Path(n).name in BLOCKED):
        raise StoreError(f"{folder / MANIFEST}: the manifest's lines do not list its block files",
                         hint="rebuild the lattice; never edit a lattice folder by hand")
    if manifest.get("content_hash") != content_hash(content_digests(files, lines)):   # the identity results carry
        raise StoreError(f"{folder}: the manifest's content_hash is not the hash of its files",
                         hint="rebuild the lattice; never edit a lattice folder by hand")
    known = _read_record(record_path) if record_path is not None else {}
    verified, now = {}, time.time_ns()
    for name, digest in sorted(files.items()):
        file = folder / name
        try:
            st = file.stat()
        except OSError:
            st = None
        if st is None or not stat_mode.S_ISREG(st.st_mode) or st.st_size != sizes.get(name):
            _mismatch(folder, name)
        seen = [digest, st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino, st.st_dev]
        if known.get(name) != seen:
            if sha256_file(file) != digest:
                _mismatch(folder, name)
            if name in lines and inflated_digest(file) != lines[name]:   # the identity it is named by
                _mismatch(folder, name)
            if now - st.st_mtime_ns < _RACY_NS:
                continue
        verified[name] = seen
    if record_path is not None and verified != known:
        _write_record(record_path, verified)
    from latweave.folder.fields import check_fields

    check_fields(folder, manifest)   # the fields beside `files`, which the content hash does not cover


def _remember(folder: Path, manifest: dict) -> None:
    """Record the stat of a lattice folder just written (its files hashed as they were written,
    or linked by a change from the verified lattice it replaces), as a verified open records it:
    so the next open or change hashes only what is racily fresh (written in the last seconds),
    not the whole folder again. Best effort, as every record is."""
    record, now = {}, time.time_ns()
    for name, digest in sorted(manifest["files"].items()):
        try:
            st = (folder / name).stat()
        except OSError:
            return
        if st.st_size != manifest["sizes"][name]:
            return
        if now - st.st_mtime_ns >= _RACY_NS:
            record[name] = [digest, st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino, st.st_dev]
    if record:
        _write_record(stat_cache_path(folder, manifest), record)


def _settle(paths: Iterable[Path]) -> None:
    """Date back each file a write made, before it is hashed, past the racily fresh window
    (`_RACY_NS`): so that `_remember` records it and the next open or change does not hash it
    again — a `latweave add` otherwise hashes the engine database the change before it wrote
    (170 MB on the 1M-line KB) a second time. Safe as git's racy check is: the mtime is set before
    the hash reads the file, so a write after it dates the file now, seconds after the recorded
    mtime, and the stat no longer matches. Only a file of one link (made in the write's private
    folder: never one a change linked from the lattice before, or a user's file)."""
    back = time.time_ns() - _RACY_NS - 1_000_000_000
    for path in paths:
        st = path.lstat()
        if stat_mode.S_ISREG(st.st_mode) and st.st_nlink == 1 and st.st_mtime_ns > back:
            os.utime(path, ns=(st.st_atime_ns, back), follow_symlinks=False)


def _mismatch(folder: Path, name: str):
    raise StoreError(f"{folder}: {name} does not match the manifest (changed or truncated)",
                     hint="rebuild the lattice; never edit a lattice folder by hand")


def read_dimensions(folder: Path | str, lattice: Lattice, manifest: dict | None = None) -> None:
    """Add the dimensions of a lattice folder (values, parents, bounds, synonyms) to `lattice`,
    through every layer (`manifest`: the folder's, when the caller has read it)."""
    from latweave.folder.layers import layer_folders, merged_rows

    folders = layer_folders(folder, read_manifest(folder, verify=False) if manifest is None else manifest)
    if len(folders) == 1:
        rows = {name: _read_jsonl(folders[0] / name) for name in DIMENSION_FILES}
    else:
        rows = {name: merged_rows(folders, name) for name in DIMENSION_FILES}
    for row in rows[DIMENSIONS]:
        lattice.add_dimension(dimension_of(row))
    for row in rows[VALUES]:
        add_value_row(lattice.dimensions[row["dimension"]], row)
    add_synonyms_and_classes(lattice.dimensions, rows[SYNONYMS], rows[CLASSES])


def dimension_of(row: dict) -> Dimension:
    """A dimension as dimensions.jsonl stores it (no values yet)."""
    return Dimension(row["name"], row["kind"], row["functional"], row["open"])


def add_value_row(dim: Dimension, row: dict) -> None:
    """A values.jsonl row into its dimension: the value's label, parents and bounds."""
    dim.labels[row["key"]] = row["label"]
    if row["parents"]:
        dim.parents[row["key"]] = set(row["parents"])
    if row["bounds"] is not None:
        dim.bounds[row["key"]] = tuple(row["bounds"])


def add_synonyms_and_classes(dims: Mapping[str, Dimension], synonyms: Iterable[dict], classes: Iterable[dict]) -> None:
    """synonyms.jsonl and classes.jsonl rows into their dimensions; every dimension's classes are
    what the folder stores, not what today's table would give."""
    for row in synonyms:
        dims[row["dimension"]].synonyms[row["surface"]] = row["value"]
    for dim in dims.values():
        dim.classes = {}
    for row in classes:
        dims[row["dimension"]].classes[row["value"]] = row["class"]


def instance_of(row: dict) -> Instance:
    """An instance as instances.jsonl stores it."""
    return instance_of_fields(instance_fields(row))


def instance_fields(row: dict[str, Any]) -> tuple[str, tuple[str, ...]]:
    """An instances.jsonl row as (label, aliases): what a stored lattice keeps of an instance it
    read, a tuple the garbage collector does not walk (folder/rows.py `predicate_fields` says why)."""
    return row["label"], tuple(row["aliases"])


def instance_of_fields(fields: tuple[str, tuple[str, ...]]) -> Instance:
    """The Instance of `instance_fields`' tuple."""
    return Instance(fields[0], set(fields[1]))


def predicate_of(row: dict) -> Predicate:
    """A predicate from its row as folder/rows.py `predicate_row` gives it."""
    return Predicate(row["instance"], row["dimension"], row["value"],
                     Evidence(row["doc"], row["source_text"], row["start"], row["end"]),
                     row["confidence"], tuple(tuple(q) for q in row["qualifiers"]))


def _read_predicates(path: Path) -> list[Predicate]:
    return [predicate_of_line(line) for line in model_lines(path) if line.strip()]


def load_lattice(folder: Path | str, verify: bool = True, manifest: dict | None = None) -> Lattice:
    """Read a lattice folder back into the model (after checking it against its manifest).
    `manifest`: the folder's, already verified by the caller (its "layers" may count a prefix
    of the folder's layers: that prefix's lattice is read)."""
    from latweave.folder.layers import layer_folders, merged_rows, read_layer_record

    folder = Path(folder)
    manifest = read_manifest(folder, verify=verify) if manifest is None else manifest
    lattice = Lattice(name=manifest["name"])
    read_dimensions(folder, lattice, manifest)
    folders = layer_folders(folder, manifest)
    for row in merged_rows(folders, INSTANCES):
        inst = instance_of(row)
        lattice.instances[inst.key] = inst
    from latweave.folder.documents import document_text

    for row in merged_rows(folders, DOCUMENTS):
        lattice.documents[row["id"]] = document_text(folder, row)
    if len(folders) == 1:
        lattice.list_predicates(_read_predicates(folder / PREDICATES))
        return lattice
    retracted, held, ids = set(), [], []
    for layer in folders[1:]:
        retracted.update(read_layer_record(layer).get("retracted_predicates", ()))
    first = 0
    for k, layer in enumerate(folders):
        if k:
            first = read_layer_record(layer)["predicates"][0]   # a layer's ids follow the layers before
        for i, pred in enumerate(_read_predicates(layer / PREDICATES), first):
            if i not in retracted:
                held.append(pred)
                ids.append(i)
    lattice.list_predicates(held, ids)
    return lattice
