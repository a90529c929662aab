"""What a lattice is built from, kept inside it: its source set, the stored form of each source,
and the history of its changes (issue 16: `latweave add` / `remove` / `history`).

A lattice folder written by `latweave build`, `add` or `remove` holds

    sources.json                  the source set: the lattice's kind ("corpus", "text" or "kb"),
                                  the options that shape it (a KB's format, functional relations,
                                  strictness; a text corpus's model), its sources in the order
                                  they are read (name, type, sha256 of the stored form) and, in a
                                  lattice written before `remove --doc` stored the source again
                                  without them, the documents removed from them
    sources/<sha256:16>/<name>    each source's stored form: what the readers read of it, nothing else
    history.jsonl                 one line per change (build, add, remove): when, the paths given,
                                  the counts after it, the contested coordinates it created or resolved

so that a change re-reads the lattice's own copies — the original files may have moved, changed or
been deleted (a retracted source) — and gives exactly the lattice a full build over the new source
set gives (latweave/ingest/living.py).

A stored form keeps only what a reader reads: a corpus folder's dimensions.jsonl, hierarchy.tsv,
synonyms.tsv, aliases.tsv, facts.jsonl, events.jsonl and documents/**/*.txt (never README.md or
exemplars.jsonl: a lattice does not carry questions and plans); a text corpus's documents,
dimensions.jsonl and variants.tsv; a line-based KB file as it is; a 2Wiki file as JSON Lines of
each question's `_id` and `evidences` only (its questions, answers and paragraphs are never stored).

history.jsonl is the lattice's past, not its content: the manifest verifies it like every file but
leaves it out of the content hash (store.UNHASHED), so a lattice reached by `add` and `remove` has
the content hash of the full build of its sources, and a saved result stays valid exactly as long
as the content it was computed on.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from latweave.errors import LatweaveError, StoreError
from latweave.folder.store import sha256_file
from latweave.folder.names import (CORPUS_ALIASES, CORPUS_DIMENSIONS, CORPUS_DOCUMENTS, CORPUS_EVENTS, CORPUS_FACTS,
                                   CORPUS_FILES, HISTORY_FILE, SOURCES_DIR, SOURCES_FILE)




@dataclass(frozen=True)
class Source:
    """One source of a lattice: `name` (a file's or folder's name: document ids and the lattice's
    name come from it, so names are unique within a lattice), `type` ("folder": a corpus folder;
    "document": one .txt of a text corpus; "file": a KB file), the sha256 of its stored form, and
    the ids of its documents removed since (`remove --doc`: what deleting them from the source,
    with what cites them, would give), sorted."""

    name: str
    type: str
    sha256: str
    removed: tuple[str, ...] = ()

    @property
    def stored(self) -> str:
        """Its stored form's path inside the lattice folder."""
        return f"{SOURCES_DIR}/{self.sha256[:16]}/{self.name}"

    def to_dict(self) -> dict:
        return {"name": self.name, "type": self.type, "sha256": self.sha256, "removed": list(self.removed)}


@dataclass(frozen=True)
class SourceSet:
    """A lattice's sources, in the order they are read, with what shapes the build (`options`)."""

    kind: str                       # "corpus" (corpus folders), "text" (extracted by a model) or "kb"
    sources: tuple[Source, ...]
    options: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        return {"kind": self.kind, "options": self.options, "sources": [s.to_dict() for s in self.sources]}


def read_sources(folder: Path | str) -> SourceSet | None:
    """The source set recorded in a lattice folder; None when it records none (a lattice written
    by the evaluation harness, by `--engine spark`, or by a version before sources were kept)."""
    path = Path(folder) / SOURCES_FILE
    if not path.is_file():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    return SourceSet(data["kind"], tuple(Source(s["name"], s["type"], s["sha256"], tuple(s["removed"]))
                                         for s in data["sources"]), data["options"])


def read_history(folder: Path | str) -> list[dict]:
    """A lattice folder's changes, oldest first (empty when it records none)."""
    path = Path(folder) / HISTORY_FILE
    if not path.is_file():
        return []
    with path.open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


# ------------------------------------------------------------------------------ stored forms

def _corpus_files(root: Path) -> list[str]:
    """The files of a corpus folder its readers read, relative, sorted."""
    names = [n for n in CORPUS_FILES if (root / n).is_file()]
    docs = root / CORPUS_DOCUMENTS
    if docs.is_dir():
        names += [f.relative_to(root).as_posix() for f in sorted(docs.rglob("*.txt")) if f.is_file()]
    return sorted(names)


def _wiki_records(path: Path) -> str:
    """A 2Wiki file's stored form: one JSON line per question with its `_id` and `evidences` only
    (parsed with the reader's own hook, so nothing else is ever held); a line that is no JSON is
    left out (the reader skips it too, or refuses it with --strict)."""
    from latweave.ingest.kb import json_records

    lines = []
    for _line, record in json_records(path):
        if isinstance(record, json.JSONDecodeError):
            continue
        lines.append(json.dumps(record, ensure_ascii=False, sort_keys=True) + "\n")
    return "".join(lines)


@dataclass(frozen=True)
class Given:
    """A source as a user gives it (a path), with its stored form computed: `source` is its ledger
    entry; `write(folder)` writes the stored form under `folder / source.stored`."""

    path: Path
    source: Source
    wiki_text: str | None = None    # a 2Wiki file's stored form (the others are copies)

    def write(self, folder: Path) -> None:
        """Write the stored form under `folder`; StoreError (so the write fails and nothing
        changes) when what was written is not what was hashed and read: the source changed
        meanwhile."""
        target = folder / self.source.stored
        if self.source.type == "folder":
            names = _corpus_files(self.path)
            for rel in names:
                (target / rel).parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(self.path / rel, target / rel)
            written = _folder_hash(target, names)
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            if self.wiki_text is not None:
                target.write_text(self.wiki_text, encoding="utf-8", newline="\n")
            else:
                shutil.copyfile(self.path, target)
            written = sha256_file(target)
        if written != self.source.sha256:
            raise StoreError(f"{self.path}: changed while it was being read; nothing was changed",
                             hint="run the command again once the source is no longer being written")


def _folder_hash(root: Path, names: Iterable[str]) -> str:
    digest = hashlib.sha256()
    for rel in names:
        digest.update(f"{rel}\0{sha256_file(root / rel)}\n".encode())
    return digest.hexdigest()


def given(path: Path | str, kind: str, fmt: str | None = None) -> Given:
    """The source at `path` for a lattice of `kind` (KB `fmt`), its stored form hashed; a clear
    error (exit 2) when it is not such a source."""
    path = Path(path)
    if not os.path.exists(path):
        raise LatweaveError(f"{path}: no such file or folder", hint="pass the path of a source to add")
    if kind in ("corpus", "text"):
        if path.is_dir():
            names = _corpus_files(path)
            if kind == "corpus" and CORPUS_DIMENSIONS not in names:
                raise LatweaveError(f"{path}: not a corpus folder (dimensions.jsonl is missing)",
                                    hint="see docs/corpus-input.md for the format")
            if kind == "text" and not any(n.startswith(CORPUS_DOCUMENTS + "/") for n in names):
                raise LatweaveError(f"{path}: not a text corpus (documents/ holds no .txt file)",
                                    hint="see corpora/bios/README.md for the format")
            return Given(path, Source(path.resolve().name, "folder", _folder_hash(path, names)))
        if kind == "text" and path.suffix == ".txt":
            return Given(path, Source(path.name, "document", sha256_file(path)))
        if kind == "text":
            raise LatweaveError(f"{path}: a text corpus lattice takes text corpus folders or .txt documents",
                                hint="pass a document (a .txt file) or a folder with documents/")
        raise LatweaveError(f"{path}: a corpus lattice takes corpus folders",
                            hint="a corpus folder holds dimensions.jsonl, documents/ and facts.jsonl "
                                 "(docs/corpus-input.md); a KB file (tsv, csv, ntriples; or --format "
                                 "pathquestion, metaqa, 2wiki) is built on its own (docs/kb-input.md)")
    if path.is_dir():
        raise LatweaveError(f"{path}: a KB source is a file", hint="pass each KB file (or part file) by its path")
    if fmt == "2wiki":
        text = _wiki_records(path)
        return Given(path, Source(path.name, "file", hashlib.sha256(text.encode()).hexdigest()), text)
    return Given(path, Source(path.name, "file", sha256_file(path)))


# ------------------------------------------------------------------------------ the ledger attachment

def now() -> str:
    """The time a change is recorded at, UTC, to the second (history.jsonl only: never content);
    `$SOURCE_DATE_EPOCH` (the reproducible-builds convention), when set, is the time instead, so
    two builds of one source set can be byte-identical whole."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    try:
        at = int(epoch) if epoch else None
    except ValueError:
        raise LatweaveError(f"$SOURCE_DATE_EPOCH is {epoch!r}, not a number of seconds",
                            hint="set it to an integer (seconds since 1970), or unset it") from None
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() if at is None else at))


@dataclass
class Ledger:
    """What a write records of its sources: the new source set, the sources' stored forms (new
    ones from the user's paths, kept ones from the folder `previous`, hard-linked where the file
    system allows), and the history so far plus this change (`change`: its line, to which
    `write` adds the counts and the contested coordinates created and resolved)."""

    sources: SourceSet
    new: tuple[Given, ...]
    change: dict
    previous: Path | None = None
    history: list[dict] = field(default_factory=list)
    contested_before: frozenset = frozenset()
    written: dict | None = None     # the change line as written (after `write`)
    stored: bool = False            # the sources' stored forms are in the folder being written

    def store(self, folder: Path) -> None:
        """Put the sources' stored forms into the folder being written (once): first, since a
        document there may be read from its stored source (folder/documents.py) while the layers
        are written."""
        if self.stored:
            return
        for g in self.new:
            g.write(folder)
        fresh = {g.source.name for g in self.new}
        for s in self.sources.sources:
            if s.name not in fresh:
                _link_tree(self.previous / s.stored, folder / s.stored)
        self.stored = True

    def write(self, folder: Path, counts: dict, contested: Iterable[tuple[str, str]],
              labels: dict[tuple[str, str], list[str]]) -> None:
        self.store(folder)
        (folder / SOURCES_FILE).write_text(
            json.dumps(self.sources.to_dict(), ensure_ascii=False, sort_keys=True, indent=1) + "\n", encoding="utf-8")
        after = frozenset(contested)
        line = {**self.change, "counts": counts,
                "contested": {"created": [labels.get(p, list(p)) for p in sorted(after - self.contested_before)],
                              "resolved": [labels.get(p, list(p)) for p in sorted(self.contested_before - after)],
                              "now": len(after)}}
        self.written = line
        with (folder / HISTORY_FILE).open("w", encoding="utf-8", newline="\n") as handle:
            for row in [*self.history, line]:
                handle.write(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n")


def _link_tree(src: Path, dst: Path) -> None:
    """Put the stored form `src` (a file or a folder) at `dst`: hard links where the file system
    allows (a lattice file is never changed in place, only replaced whole), copies elsewhere."""
    if not os.path.exists(src):
        raise StoreError(f"{src}: a stored source is missing", hint="rebuild the lattice with `latweave build`")
    files = [src] if src.is_file() else sorted(p for p in src.rglob("*") if p.is_file())
    for file in files:
        target = dst if file == src else dst / file.relative_to(src)
        target.parent.mkdir(parents=True, exist_ok=True)
        try:
            os.link(file, target)
        except OSError:
            shutil.copyfile(file, target)


def contested_pairs(folder: Path | str, folders: list[Path] | None = None) -> frozenset:
    """The contested coordinates ((instance key, dimension key) with two or more worlds) recorded
    in a lattice folder's derived/worlds.jsonl, through its layers (a later layer's row replaces);
    `folders`: the layers' folders to read (default: the lattice's, as its manifest counts them)."""
    from latweave.folder.names import WORLDS_FILE
    from latweave.folder.layers import layer_folders

    held: dict[tuple[str, str], int] = {}
    for layer in layer_folders(folder) if folders is None else folders:
        path = layer / WORLDS_FILE
        if not path.is_file():
            continue
        with path.open(encoding="utf-8") as handle:
            for line in handle:
                row = json.loads(line)
                held[(row["instance"], row["dimension"])] = len(row["worlds"])
    return frozenset(pair for pair, n in held.items() if n > 1)


# ------------------------------------------------------------------------------ a source without documents

def _drop_lines(path: Path, drop) -> bytes:
    """The bytes of `path` with every line `drop(text)` is true of left out, the others kept
    byte for byte (their endings too): what deleting those lines in an editor gives."""
    kept = []
    for n, raw in enumerate(path.read_bytes().splitlines(keepends=True)):
        text = raw.decode("utf-8-sig" if n == 0 else "utf-8", errors="replace").strip()
        if not (text and not text.startswith("#") and drop(text)):
            kept.append(raw)
    return b"".join(kept)


def _cites(docs: frozenset[str]):
    """Whether a facts.jsonl / events.jsonl line's evidence is in one of `docs` (as the corpus
    reader leaves such a line out: latweave/ingest/corpus.py)."""
    def drop(text: str) -> bool:
        try:
            obj = json.loads(text)
        except ValueError:
            return False
        evidence = obj.get("evidence") if isinstance(obj, dict) else None
        return isinstance(evidence, dict) and evidence.get("doc") in docs
    return drop


def stored_without(stored: Path, source: Source, docs: frozenset[str], kind: str, fmt: str | None,
                   earlier: list[tuple[Path, frozenset[str]]], scratch: Path) -> Given:
    """`source` (its stored form at `stored`) with the documents `docs` deleted from it, and what
    cites them — the documents' files, the facts and events whose evidence is in one, the aliases
    of instances nothing else then states; a 2Wiki file's questions — written under `scratch` as a
    new source of the same name: exactly the source a user gets by deleting those files and lines,
    so the lattice holds nothing of the removed text and has the content hash of a build over the
    edited source (`earlier`: the stored forms of the sources before it, with the documents each
    leaves out, which may state an instance an alias names)."""
    target = scratch / source.name
    if source.type == "folder":
        names = [n for n in _corpus_files(stored)
                 if not (n.startswith(CORPUS_DOCUMENTS + "/") and n[len(CORPUS_DOCUMENTS) + 1:-len(".txt")] in docs)]
        for rel in names:
            (target / rel).parent.mkdir(parents=True, exist_ok=True)
            if rel in (CORPUS_FACTS, CORPUS_EVENTS):
                (target / rel).write_bytes(_drop_lines(stored / rel, _cites(docs)))
            elif rel != CORPUS_ALIASES:
                shutil.copyfile(stored / rel, target / rel)
        if CORPUS_ALIASES in names:
            stated: set[str] = set()
            if kind == "corpus":
                from latweave.ingest.corpus import read_corpora
                from latweave.lattice.names import normalize

                before = read_corpora([*(path for path, _ in earlier), target],
                                      removed=[*(gone for _, gone in earlier), frozenset()])
                stated = set(before.instances)
                keep = lambda text: normalize(text.split("\t")[0].strip()) in stated  # noqa: E731
            else:
                keep = lambda text: True  # noqa: E731  (a text corpus reads no aliases.tsv)
            (target / CORPUS_ALIASES).write_bytes(_drop_lines(stored / CORPUS_ALIASES, lambda t: not keep(t)))
        return Given(target, Source(source.name, source.type, _folder_hash(target, names)))
    if fmt == "2wiki":
        def question(text: str) -> bool:
            record = json.loads(text)
            return isinstance(record, dict) and f"{source.name}#{record.get('_id')}" in docs
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(_drop_lines(stored, question))
        return Given(target, Source(source.name, source.type, sha256_file(target)))
    raise LatweaveError(f"{source.name}: a document cannot be removed from this source alone",
                        hint="remove the whole source with --source")
