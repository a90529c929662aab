"""Saving a lattice: the legitimacy gate, compiling, and the one atomic write every build and change ends in
(model files, compiled facts, the legitimacy report and the sources kept) — a lattice of one source
as one layer, of several as layers (`save_layers`, folder/layers.py), each with its report."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Callable

from latweave.compile.lattice_facts import compile_lattice
from latweave.compile.parquet_facts import write_parquet
from latweave.engines.sqlite_store import write_engine_db
from latweave.errors import LatweaveError
from latweave.lattice.model import Lattice
from latweave.folder.store import check_target
from latweave.folder.names import DIMENSIONS, DOCUMENTS, ENGINE_DB, INSTANCES, LEGITIMACY_FILE, PREDICATES, VALUES

#: legitimacy.json keeps at most this many entries of each list (its "truncated" says how many there
#: are): a generated KB of 100,000 subjects listed 54,505 implications, 311 MB of JSON.
STORED_LIST_LIMIT = 1_000


class NotLive(LatweaveError):
    """The lattice was built but not written: some dimension's meets are not unique."""

    def __init__(self, report):
        blockers = ", ".join(report.live_blockers)
        super().__init__(f"not written: meets are not unique in {blockers}, so meet would not be a function there",
                         hint="fix the hierarchy (see the competing lower bounds above), or pass --allow "
                              "to write it anyway (the report is kept in legitimacy.json)")
        self.report = report

    def to_dict(self) -> dict:
        return {**super().to_dict(), "legitimacy": self.report.to_dict()}


class Gate:
    """`latweave build`'s legitimacy gate (issue 6): before a lattice is written, every dimension
    must have unique meets (latweave.legitimacy), or the build is refused with NotLive and whatever
    was at `out` stays untouched — unless `allow`. After a save, `report` holds the LatticeReport,
    which is also written into the lattice folder as legitimacy.json (into its newest layer's
    folder, for a lattice of several layers: each layer keeps the report of the lattice through it)."""

    def __init__(self, allow: bool = False, kept: dict | None = None):
        self.allow = allow
        #: a change's old report, by dimension (`kept_reports`): a dimension whose content did not
        #: change keeps its verdicts instead of being checked again (check_lattice's `kept`)
        self.kept = kept
        self.report = None

    def check(self, lattice: Lattice, worlds: dict | None = None):
        from latweave.legitimacy import check_lattice

        return self.judge(check_lattice(lattice, worlds=worlds, kept=self.kept))

    def judge(self, report):
        """Take `report` as the lattice's (NotLive unless its meets are unique, or `allow`)."""
        self.report = report
        if not report.ok and not self.allow:
            raise NotLive(report)
        return report


def stored_report(folder: Path, layers: int | None = None) -> dict | None:
    """The legitimacy.json of a lattice folder's newest layer (of its first `layers` layers), as
    stored; None when it has none."""
    from latweave.folder.layers import layer_folders

    folders = layer_folders(folder)
    where = folders[-1] if layers is None else folders[layers - 1]
    try:
        return json.loads((where / LEGITIMACY_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def kept_reports(folder: Path | None, stored: dict | None = None) -> dict | None:
    """The per-dimension reports of the legitimacy.json of a lattice folder's newest layer (or of
    `stored`, a report read already), by name (those that record their digest), for a change's
    Gate; None when there is none."""
    from latweave.legitimacy.report import DimensionReport

    stored = stored_report(folder) if stored is None else stored
    if stored is None:
        return None
    return {name: DimensionReport.from_dict(name, row) for name, row in sorted(stored["dimensions"].items())
            if row.get("digest")}


def carried(stored: dict, layers: int) -> dict:
    """The formal context and dependent dimensions a layer carries from the report `stored` of the
    lattice of the layers before it (`layers` of them), as LatticeReport.carried holds them."""
    return {"fca": stored["fca"], "dependent_dimensions": stored["dependent_dimensions"],
            "of_layers": stored.get("fca_and_dependence_of_layers", layers)}


def report_of(stored: dict, layers: int):
    """A stored legitimacy.json as a LatticeReport (its dimensions read back exactly, the rest
    carried as stored)."""
    from latweave.legitimacy.report import LatticeReport

    dims = kept_reports(None, stored) or {}
    return LatticeReport(name=stored["lattice"], dimensions=tuple(dims[name] for name in sorted(dims)), fca=None,
                         dependent=None, checked=(), carried=carried(stored, layers))


def report_writer(report, limit: int = STORED_LIST_LIMIT):
    """The attachment that writes the legitimacy report into a lattice folder (LEGITIMACY_FILE),
    each of its lists cut to `limit` entries."""
    def write_report(folder: Path) -> None:
        # one line, no indent: the C encoder (an indented dump is encoded in Python, 20x slower:
        # half a second for a KB's report, which every change writes); `latweave check` shows it
        text = json.dumps(report.to_dict(limit=limit), ensure_ascii=False, sort_keys=True)
        (folder / LEGITIMACY_FILE).write_text(text + "\n", encoding="utf-8")
    return write_report


def save_lattice(lattice: Lattice, out: Path | str, gate: Gate | None = None, *, inputs=(),
                 ledger=None, locked: bool = False) -> dict:
    """Validate, compile and write `lattice` at `out` in one atomic step; returns the manifest.
    With a `gate`, the lattice is checked first and its report is written beside it. `out` must
    hold nothing but a lattice and must not overlap `inputs` (what the lattice is built from):
    store.check_target refuses it first, before any compiling, and nothing is touched.
    `ledger` (sources.Ledger): the lattice's sources, their stored forms and its history, written
    in the same atomic step; `locked`: the caller holds the target's lock (store.exclusive)."""
    return save_layers(lambda i: lattice, 1, out, gate, inputs=inputs, ledger=ledger, locked=locked)


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
    `inputs`, `ledger`, `locked`: as save_lattice takes them."""
    from latweave.ingest.layered import State, reader_state, settled, step, write_reader_state
    from latweave.ingest.sources import contested_pairs
    from latweave.folder.layers import layer_folders, layer_path, link_layers, linked_hashes
    from latweave.folder.store import _model_files, index_lines, write_folder
    from latweave.legitimacy import check_lattice

    check_target(out, inputs, locked)
    first = base[2] if base is not None else 1
    head = lattice_of(0) if base is None else None
    name = head.name if head is not None else base[1]["name"]
    before_pairs = ledger.contested_before if ledger is not None else frozenset()
    done: dict = {}

    def write_model(folder: Path) -> dict:
        nonlocal head
        report = state = stored = None
        checked: set[str] = set()     # the dimensions checked again, in any layer written

        def tally(report) -> None:
            checked.update(d.name for d in report.dimensions) if report.checked is None else checked.update(report.checked)

        if head is not None:
            lattice, head = head, None
            worlds = settled(lattice)
            if gate is not None:
                report = check_lattice(lattice, worlds=worlds, kept=gate.kept)
                tally(report)
                if n == 1:
                    gate.judge(report)   # refused before any compiling
                report_writer(report)(folder)
                stored = report.to_dict(limit=STORED_LIST_LIMIT)
            compiled = compile_lattice(lattice, worlds)
            _model_files(lattice, folder)
            if lattice.reader_state is not None:
                write_reader_state(folder, reader_state(lattice))
            compiled.write(folder)  # symbols, facts/*.facts, derived/
            write_parquet(folder)   # parquet/: the same rows, converted from the .facts files just written
            write_engine_db(folder / ENGINE_DB, compiled.facts)  # the SQLite engine's lattice strata, evaluated once
            if n > 1:
                index_lines(folder)
                state = State.of(lattice, compiled, 1)
            summary = _summary(lattice, worlds, before_pairs)
        else:
            previous, manifest, k = base
            link_layers(previous, manifest, k, folder)
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
            contested = summary[1] if summary is not None else contested_pairs(folder, layer_folders(folder, {"layers": i}))
            made = fast(folder, {"name": name, "layers": i}, i, stored, contested) if fast is not None else None
            if made is not None:
                made.layer.write(folder)
                state, report, summary = None, made.report, (made.counts, made.contested, made.labels)
            else:
                if state is None:   # the lattice of the layers so far, read from the files written
                    state = State.read(folder, {"name": name, "layers": i}, i)
                before = state.lattice.dimensions
                lattice = lattice_of(i)
                worlds = settled(lattice)
                layer, state = step(state, lattice, worlds)
                layer.write(folder)
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
        done["summary"], done["report"], done["checked"] = summary, report, checked
        return summary[0]

    def finish(folder: Path) -> None:
        (counts, contested, labels), report = done["summary"], done["report"]
        if ledger is None:
            return
        if report is not None:   # what the history line says of the per-dimension checks
            names = [d.name for d in report.dimensions]
            checked = [name for name in names if name in done["checked"]]
            ledger.change["legitimacy"] = {"checked": checked, "kept": sorted(set(names) - set(checked))}
        ledger.write(folder, counts, contested, labels)

    known = linked_hashes(base[1], base[2]) if base is not None else None
    return write_folder(out, name, write_model, {"finish": finish}, inputs=inputs, locked=locked, layers=n,
                        known=known)


def _summary(lattice: Lattice, worlds: dict, before: frozenset) -> tuple[dict, frozenset, dict]:
    """What the manifest and the history say of a lattice: its counts, its contested coordinates
    and the labels of those (and of the ones `before` names) as the lattice spells them."""
    from latweave.folder.store import manifest_counts

    contested = frozenset(pair for pair, held in worlds.items() if len(held) > 1)

    def label(pair):
        inst, dim = lattice.instances.get(pair[0]), lattice.dimensions.get(pair[1])
        return [inst.label if inst else pair[0], dim.name if dim else pair[1]]

    return manifest_counts(lattice), contested, {pair: label(pair) for pair in contested | before}


def _prefix_summary(folder: Path, manifest: dict, k: int, before: frozenset) -> tuple[dict, frozenset, dict]:
    """`_summary` of the lattice of a folder's first k layers, from its files alone (a change that
    removes the sources after them builds no lattice)."""
    from latweave.ingest.kb_layer import Folder
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
    looked = Folder(folder, prefix)
    try:
        labels = {}
        for x, d in contested | before:
            row, dim = looked.instance(x), looked.dimensions.get(d)
            labels[(x, d)] = [row["label"] if row else x, dim["name"] if dim else d]
    finally:
        looked.close()
    return counts, contested, labels


def build_corpus(corpus: Path | str, out: Path | str, progress=None, gate: Gate | None = None) -> dict:
    """The lattice of one corpus folder at `out` (through `gate` when given), keeping its source as
    `latweave build` does (latweave/ingest/living.py); returns the manifest."""
    from latweave.ingest.living import build_sources

    return build_sources([corpus], out, gate=gate, progress=progress).manifest
