"""The one writer of a lattice folder: every build and change ends here.

`save_layers` (and `save_lattice`, one source) validates, gates, compiles and writes a lattice of
one or several sources in one atomic step (folder/store.py `write_folder`): model files, a later
layer's compiled facts (Parquet is derived from them when DuckDB or Spark asks), the SQLite
engine's strata, line indexes, each layer's folder (`write_layer`), the legitimacy report and the
sources kept. `write_stream` writes the same folder from a stream of
instances (ingest/stream.py encodes it). Readers (corpus, KB, extraction) return a model or a
stream and never write; nothing else in latweave calls `write_folder`."""

from __future__ import annotations

import gc
import json
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Mapping, Sequence

from latweave.compile.facts import LATTICE_RELATIONS, read_facts, write_facts
from latweave.compile.lattice_facts import compile_lattice, write_counts
from latweave.compile.symbols import SymbolTable
from latweave.engines.sqlite_write import write_engine_db
from latweave.folder.documents import kept_once
from latweave.folder.layers import layer_path
from latweave.folder.names import (DIMENSIONS, DOCUMENTS, ENGINE_DB, FACTS_DIR, INSTANCES, KB_STATE,
                                   LAYER_FILE, PREDICATES, RETRACTED_DIR, SYMBOLS, VALUES,
                                   WORLDS_FILE)
from latweave.folder.rows import predicate_lines
from latweave.folder.store import (check_target, index_lines, write_documents, write_folder, write_jsonl, write_keyed,
                                   write_lines, write_model_files)
from latweave.ingest.beside import Beside, fork_wanted
from latweave.ingest.gate import STORED_LIST_LIMIT, Gate, carried, kept_reports, report_of, report_writer, stored_report
from latweave.ingest.layered import KEYED, Layer, State, reader_state, settled, step
from latweave.ingest.stream import EncodedRows, StreamFiles
from latweave.lattice.model import Lattice, Predicate


@dataclass(frozen=True, slots=True)
class Summary:
    """What the manifest and the history say of a lattice: its counts, its contested coordinates
    ((instance, dimension) keys) and the labels of those, and of the ones contested before, as the
    lattice spells them."""

    counts: dict
    contested: frozenset
    labels: dict


@dataclass(frozen=True, slots=True)
class Written:
    """What writing a folder's model files found, which the ledger's `finish` then records: the
    summary of the whole lattice, the last legitimacy report (None without a gate) and the
    dimensions checked again in any layer written."""

    summary: Summary
    report: object | None
    checked: frozenset[str]


def save_lattice(lattice: Lattice, out: Path | str, gate: Gate | None = None, *, inputs=(),
                 ledger=None, locked: bool = False) -> dict:
    """Validate, compile and write `lattice` at `out` in one atomic step; returns the manifest.
    With a `gate`, the lattice is checked first and its report is written beside it. `out` must
    hold nothing but a lattice and must not overlap `inputs` (what the lattice is built from):
    store.check_target refuses it first, before any compiling, and nothing is touched.
    `ledger` (sources.Ledger): the lattice's sources, their stored forms and its history, written
    in the same atomic step; `locked`: the caller holds the target's lock (store.exclusive)."""
    return save_layers(lambda i: lattice, 1, out, gate, inputs=inputs, ledger=ledger, locked=locked)


@contextmanager
def gc_paused():
    """The cyclic garbage collector off for the duration (on again after, if it was on). A build
    makes millions of objects that live until it ends and hardly any cycles: each collection of
    the oldest generation walks them all for nothing — a quarter of a 140k-line KB's build
    (docs/performance.md, "Building a KB"). Reference counting still frees everything else."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def save_layers(lattice_of: Callable[[int], Lattice], n: int, out: Path | str, gate: Gate | None = None, *,
                inputs=(), ledger=None, locked: bool = False, base: tuple[Path, dict, int] | None = None,
                fast: Callable | None = None) -> dict:
    """Write the lattice of `n` sources at `out` in one atomic step, as layers (folder/layers.py);
    returns the manifest. `lattice_of(i)`: the lattice of the first i + 1 sources, as the source
    readers build it (asked once for each i, in order; each is dropped once its layer is
    written). `base`: (a lattice folder, its verified manifest, k ≥ 1): its first k layers are the
    lattice of the first k sources — their files are linked, not written again. `fast(folder,
    manifest, i, report, contested)`: layer i computed from look-ups into the folder being written
    (ingest/kb_layer.py `kb_step`: the same layer `lattice_of` gives, without building either
    lattice), or None where it cannot; then `lattice_of` is asked. The gate checks the lattice of all
    n sources, before anything is written for a lattice of one source (its report is written as
    legitimacy.json, each layer's beside it); nothing is written at `out` when it refuses.
    `inputs`, `ledger`, `locked`: as save_lattice takes them.
    The collector is paused meanwhile (`gc_paused`)."""
    with gc_paused():
        return _save_layers(lattice_of, n, out, gate, inputs=inputs, ledger=ledger, locked=locked, base=base,
                            fast=fast)


def _save_layers(lattice_of: Callable[[int], Lattice], n: int, out: Path | str, gate: Gate | None = None, *,
                 inputs=(), ledger=None, locked: bool = False, base: tuple[Path, dict, int] | None = None,
                 fast: Callable | None = None) -> dict:
    """save_layers' work, with the collector paused by it."""
    from latweave.folder.layers import layer_folders, link_layers, linked_hashes
    from latweave.ingest.sources import contested_pairs
    from latweave.legitimacy import check_lattice

    check_target(out, inputs, locked)
    first = base[2] if base is not None else 1
    head = lattice_of(0) if base is None else None
    name = head.name if head is not None else base[1]["name"]
    before_pairs = ledger.contested_before if ledger is not None else frozenset()
    stored_sources = _stored_sources(ledger)
    written: Written | None = None   # set by write_model, read by finish (write_folder calls both)

    def write_model(folder: Path) -> dict:
        copies: list = []
        try:
            return model(folder, copies)
        finally:
            for copy in copies:   # no thread left writing into a folder that may be removed next, no copy left in it
                copy.close()

    def model(folder: Path, copies: list) -> dict:
        nonlocal head, written
        if ledger is not None:
            ledger.store(folder)   # first: a layer written below may read a document from its stored source
        report = state = stored = None
        checked: set[str] = set()     # the dimensions checked again, in any layer written

        def tally(report) -> None:
            checked.update(d.name for d in report.dimensions) if report.checked is None else checked.update(report.checked)

        if head is not None:
            lattice, head = head, None
            worlds = settled(lattice)
            lattice.sorted_predicates()   # the canonical order both halves below read: sorted once, before they part
            fork = fork_wanted(len(lattice.predicates))

            def gate_and_model() -> object:
                """One half: the gate's report (judged here when nothing runs beside it, so a
                refusal comes before any compiling) and the model's files."""
                verdict = None
                if gate is not None:
                    verdict = check_lattice(lattice, worlds=worlds, kept=gate.kept)
                    if n == 1 and not fork:
                        gate.judge(verdict)   # refused before any compiling
                write_model_files(lattice, folder, kept_once(lattice.documents, stored_sources))
                if lattice.reader_state is not None:
                    write_reader_state(folder, reader_state(lattice))
                return verdict

            # the other half, here, while a forked child does the first (ingest/beside.py); the
            # predicates stay as they are meanwhile, so their sort is not checked again
            with lattice.unchanged(), Beside(gate_and_model, fork) as beside:
                if not fork:
                    beside.result()
                compiled = compile_lattice(lattice, worlds)
                compiled.write(folder, facts=False)  # symbols, derived/
                # the lattice relations' one copy: the SQLite engine's base tables, beside its lattice
                # strata evaluated once (facts/ and parquet/ are derived when an engine asks for them:
                # compile/lattice_facts.py StoredFacts, compile/parquet_cache.py)
                write_engine_db(folder / ENGINE_DB, compiled.facts)
                report = beside.result()
            if gate is not None:
                tally(report)
                if n == 1:
                    gate.judge(report)   # (again, when judged above: the same report, the same verdict)
                report_writer(report)(folder)
                stored = report.to_dict(limit=STORED_LIST_LIMIT)
            if n > 1:
                index_lines(folder)
                state = State.of(lattice, compiled, 1)
            summary = _summary(lattice, worlds, before_pairs)
        else:
            previous, manifest, k = base
            link_layers(previous, manifest, k, folder)
            if n > 1 and fast is not None:   # the database the top layer's extends, copied while the layers are read
                start = top_engine_db_start(folder, n, base)[0]
                if start.is_file():
                    from latweave.engines.sqlite_layers import StartCopy

                    copies.append(StartCopy(start, folder / ENGINE_DB_COPY))
            stored = stored_report(previous, k) if gate is not None else None
            if gate is not None and stored is not None:
                report = report_of(stored, k)
            elif gate is not None:   # a lattice whose layer keeps no report (built without one): check it now
                state = State.read(previous, manifest, k)
                report = check_lattice(state.lattice, worlds=settled(state.lattice), kept=gate.kept)
                tally(report)
                if k == n:
                    report_writer(report)(folder / layer_path(k - 1))
                stored = report.to_dict(limit=STORED_LIST_LIMIT)
            summary = _prefix_summary(previous, manifest, k, before_pairs) if k == n else None
        for i in range(first, n):
            contested = summary.contested if summary is not None else contested_pairs(folder, layer_folders(folder, {"layers": i}))
            made = fast(folder, {"name": name, "layers": i}, i, stored, contested) if fast is not None else None
            if made is not None:
                write_layer(made.layer, folder, stored_sources)
                state, report, summary = None, made.report, Summary(made.counts, made.contested, made.labels)
            else:
                for copy in copies:   # (the general path may fork: kb_lines_split.py; no thread beside it)
                    copy.wait()
                if state is None:   # the lattice of the layers so far, read from the files written
                    state = State.read(folder, {"name": name, "layers": i}, i)
                before = state.lattice.dimensions
                lattice = lattice_of(i)
                worlds = settled(lattice)
                layer, state = step(state, lattice, worlds)
                write_layer(layer, folder, stored_sources)
                summary = _summary(lattice, worlds, before_pairs)
                if gate is not None:
                    report = check_lattice(lattice, worlds=worlds, kept=kept_reports(folder, stored) if stored else None,
                                           previous=before, carried=carried(stored, i) if stored else None,
                                           also=gate.kept)
            if report is not None:
                tally(report)
                report_writer(report)(folder / layer_path(i))
                stored = report.to_dict(limit=STORED_LIST_LIMIT)
        if gate is not None:
            gate.judge(report)
        if n > 1:
            write_top_engine_db(folder, n, base, copies[0] if copies else None)
        written = Written(summary, report, frozenset(checked))
        return summary.counts

    def finish(folder: Path) -> None:
        if ledger is None:
            return
        summary, report = written.summary, written.report
        if report is not None:   # what the history line says of the per-dimension checks
            names = [d.name for d in report.dimensions]
            checked = [name for name in names if name in written.checked]
            ledger.change["legitimacy"] = {"checked": checked, "kept": sorted(set(names) - set(checked))}
        ledger.write(folder, summary.counts, summary.contested, summary.labels)

    known = linked_hashes(base[1], base[2]) if base is not None else None
    return write_folder(out, name, write_model, {"finish": finish}, inputs=inputs, locked=locked, layers=n,
                        known=known)


def write_stream(head: Lattice, rows: "Iterable[tuple[str, Sequence[Predicate]]] | EncodedRows", out: Path | str, *,
                 inputs: Iterable[Path | str | None] = (), attachments: Mapping | None = None,
                 documents: Mapping | None = None, flat_values: Mapping[str, Callable] | None = None,
                 stored_sources: Mapping[str, tuple[str, str]] | None = None, made: dict | None = None,
                 instance_values: str | None = None) -> dict:
    """Write the lattice `head` + `rows` at `out` in one atomic step (the write `save_lattice`
    uses; ingest/stream.py encodes the stream); returns the manifest. `head`: dimensions and documents, no
    instances; `rows`: `(instance label, its predicates)` in ascending `normalize(label)` order,
    each predicate keyed like `Lattice.add_predicate`'s (instance, dimension and value keys), or
    the same instances encoded by their source (ingest/stream.py `EncodedRows`).
    LatticeError for anything out of scope (module docstring); nothing is written then.
    `attachments`: more files written into the folder before it is committed (name -> callback
    taking the folder), as `save_lattice`'s legitimacy report. `documents`: more documents, id →
    a text that is sliced like a `str` and streams its `chunks()` (textio.TextFile: a KB file
    larger than memory, never held whole), written and checked as the head's are.
    `flat_values`: dimension key → a callable giving, each time it is called, `(value key, label)`
    pairs in ascending key order — the values of a dimension the head declares with ⊤ alone, each
    a leaf directly under ⊤ (a KB's `subject`, entity-valued relations and their inverses): the
    folder is the one written with those values in the head, byte for byte, and they are never
    held as Python objects (ingest/flat.py); a value may also be the dimension's
    `flat.FlatDimension`, scanned already (its caller's gate reads the same scan).
    `stored_sources`: document id → (a kept source's stored path, its sha256), as a ledger keeps
    them (`_stored_sources`): documents.jsonl names the source for a text it holds byte for byte
    (folder/documents.py `kept_once`), as `save_layers` writes it. `made`: a dict the writer
    fills once the model files are written — before the attachments run, which may read it —
    with "counts" (the manifest's: a living lattice's history line) and "members" (flat
    dimension key → `canonical.class_members` of its values: a KB reader state's `classed`).
    `instance_values`: a flat dimension whose values are the instance keys, each once (a KB's
    `subject`): every symbol is numbered before the stream, and the engine database is written
    beside it, in a second interpreter fed the rows as they come (ingest/stream.py `_EngineFeed`);
    LatticeError when the instances are not those values. The collector is paused meanwhile
    (`gc_paused`: a stream makes millions of short-lived rows and hardly any cycles)."""
    check_target(out, inputs)
    writer = StreamFiles(head, rows, documents, flat_values, stored_sources, instance_values)

    def model_files(folder: Path) -> dict:
        counts = writer.model_files(folder)
        if made is not None:
            made.update(counts=dict(counts), members={key: f.members for key, f in writer.flat.items()})
        return counts
    attached = sorted((attachments or {}).items())

    def engine_and_attachments(folder: Path) -> None:
        """The engine database (from the writer's arrays) in a forked child (ingest/beside.py)
        while the attachments run here — a gate's report, a ledger's files: the build's two
        halves on two cores; a child that fails is done again here, from nothing."""
        with writer.engine_beside(folder) as beside:
            for _, attach in attached:
                attach(folder)
            beside.result()

    with gc_paused():
        return write_folder(out, head.name, model_files, {"engine": engine_and_attachments}, inputs=inputs)


def _summary(lattice: Lattice, worlds: dict, before: frozenset) -> Summary:
    """The `Summary` of a lattice (`before`: the coordinates contested before it)."""
    from latweave.folder.store import manifest_counts

    contested = frozenset(pair for pair, held in worlds.items() if len(held) > 1)

    def label(pair):
        inst, dim = lattice.instances.get(pair[0]), lattice.dimensions.get(pair[1])
        return [inst.label if inst else pair[0], dim.name if dim else pair[1]]

    return Summary(manifest_counts(lattice), contested, {pair: label(pair) for pair in contested | before})


def _prefix_summary(folder: Path, manifest: dict, k: int, before: frozenset) -> Summary:
    """`_summary` of the lattice of a folder's first k layers, from its files alone (a change that
    removes the sources after them builds no lattice)."""
    from latweave.folder.lookup import FolderLookup
    from latweave.ingest.sources import contested_pairs
    from latweave.folder.layers import layer_folders, open_lines, read_layer_record

    prefix = {**manifest, "layers": k}
    folders = layer_folders(folder, prefix)
    if k == 1:
        root = folders[0]
        counts = {"dimensions": sum(1 for line in (root / DIMENSIONS).open(encoding="utf-8") if line.strip()),
                  **{name: len(open_lines(root, file)) for name, file in
                     (("values", VALUES), ("instances", INSTANCES), ("predicates", PREDICATES), ("documents", DOCUMENTS))}}
    else:
        counts = dict(read_layer_record(folders[-1])["counts"])
    counts = {key: counts[key] for key in ("dimensions", "values", "instances", "predicates", "documents")}
    contested = contested_pairs(folder, folders)
    looked = FolderLookup(folder, prefix)
    try:
        labels = {}
        for x, d in contested | before:
            row, dim = looked.instance(x), looked.dimensions.get(d)
            labels[(x, d)] = [row["label"] if row else x, dim["name"] if dim else d]
    finally:
        looked.close()
    return Summary(counts, contested, labels)


def _stored_sources(ledger) -> dict[str, tuple[str, str]]:
    """The document ids whose text a source the lattice keeps may hold byte for byte — a KB
    file's one document is named as the file — with that source's stored path and sha256
    (folder/documents.py `kept_once` replaces such a text by a reference when it is so)."""
    if ledger is None:
        return {}
    return {s.name: (s.stored, s.sha256) for s in ledger.sources.sources if s.type == "file"}


def write_layer(layer: Layer, root: Path, stored_sources: Mapping[str, tuple[str, str]] = {}) -> None:
    """Write `layer`'s folder under the lattice folder `root` (its line indexes too: the next layer of
    one write looks them up); a document a kept source holds byte for byte names it
    (`_stored_sources`)."""
    folder = root / layer_path(layer.number)
    folder.mkdir(parents=True)
    record = {"layer": layer.number, "symbols": [layer.first_symbol, len(layer.symbols)],
              "predicates": [layer.first_predicate, len(layer.predicates)],
              "retracted_predicates": layer.retracted, "counts": layer.totals}
    (folder / LAYER_FILE).write_text(json.dumps(record, sort_keys=True) + "\n", encoding="utf-8")
    SymbolTable.numbered(layer.symbols).write(folder / SYMBOLS)
    write_lines(folder / PREDICATES, predicate_lines(pred for _, pred in layer.predicates))
    for name in KEYED:
        write_keyed(folder / name, name, layer.rows.get(name, ()))
    write_documents(folder / DOCUMENTS, kept_once(layer.documents, dict(stored_sources)), removed=layer.gone_documents)
    added = [name for name in LATTICE_RELATIONS if layer.added.get(name)]
    taken = [name for name in LATTICE_RELATIONS if layer.taken.get(name)]
    # (their Parquet files, which only DuckDB and Spark read, are derived from these when one of
    # them opens the lattice: compile/parquet_cache.py `layer_parquet`)
    if added:
        write_facts(folder / FACTS_DIR, layer.added, added)
    if taken:
        write_facts(folder / RETRACTED_DIR, layer.taken, taken)
    if layer.counts:
        write_counts(folder, layer.counts)
    if layer.worlds:
        (folder / WORLDS_FILE).parent.mkdir(parents=True, exist_ok=True)
        write_jsonl(folder / WORLDS_FILE, layer.worlds)
    if layer.reader_state is not None:
        write_reader_state(folder, layer.reader_state)
    index_lines(root)   # its files read a line at a time (the next layer of one write looks them up)


#: Where the copy of the database a change's top layer extends is made, in the folder being
#: written, until it is renamed into the top layer (engines/sqlite_layers.py `StartCopy`).
ENGINE_DB_COPY = ".engine-db-copy"


def top_engine_db_start(folder: Path, n: int, base: tuple[Path, dict, int] | None = None) -> tuple[Path, int]:
    """The database `write_top_engine_db` extends, and the first layer it applies: the previous
    lattice's top layer's when `base` kept that layer (an `add`), else layer 0's (in `folder`)."""
    from latweave.folder.layers import engine_db_name, layer_count

    start, first = folder / ENGINE_DB, 1
    if base is not None:
        previous, manifest, kept = base
        had = layer_count(manifest)
        if 1 < had <= kept and (previous / engine_db_name(had)).is_file():
            start, first = previous / engine_db_name(had), had
    return start, first


def write_top_engine_db(folder: Path, n: int, base: tuple[Path, dict, int] | None = None,
                        copy=None) -> None:
    """The SQLite engine database of the lattice of `n` layers being written in `folder`, in its
    top layer (folder/layers.py `engine_db_name`): the nearest earlier database kept up to date
    with the layers above it (engines/sqlite_layers.py) — the previous lattice's top layer's when
    `base` kept that layer (an `add`), else layer 0's (`top_engine_db_start`; `copy`: its copy,
    begun already: engines/sqlite_layers.py `StartCopy`). None is written for a lattice whose layer 0
    has none (written by store.write_lattice, the model files alone): the SQLite engine then opens
    its facts. (A lattice that latweave builds always has one: schema 9, folder/store.py, came
    after the top layer's database, so no folder that is read lacks it.)"""
    from latweave.engines.sqlite_layers import extend_engine_db
    from latweave.folder.layers import engine_db_name

    start, first = top_engine_db_start(folder, n, base)
    if not start.is_file():
        return
    extend_engine_db(start, (layer_changes(folder / layer_path(i)) for i in range(first, n)),
                     folder / engine_db_name(n), copy=copy)


def layer_changes(layer: Path) -> tuple[dict, dict]:
    """A later layer's rows gained and lost, per lattice relation (its facts/ and retracted/)."""
    return read_facts(layer / FACTS_DIR, LATTICE_RELATIONS), read_facts(layer / RETRACTED_DIR, LATTICE_RELATIONS)


def write_reader_state(folder: Path, state: dict) -> None:
    """A layer's reader state (ingest/kb.py KB_STATE), beside its files."""
    (folder / KB_STATE).write_text(json.dumps(state, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8")
