"""Saving a lattice: the legitimacy gate, compiling, and the one atomic write every build and change ends in
(model files, compiled facts, the legitimacy report and the sources kept)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Callable

from latweave.compile.lattice_facts import compile_lattice
from latweave.compile.parquet_facts import write_parquet
from latweave.engines.sqlite_store import ENGINE_DB, write_engine_db
from latweave.errors import LatweaveError
from latweave.lattice.coordinates import settle
from latweave.lattice.model import Lattice
from latweave.lattice.store import check_target, write_lattice

LEGITIMACY_FILE = "legitimacy.json"
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
    from latweave.lattice.layers import layer_folders

    folders = layer_folders(folder)
    where = folders[-1] if layers is None else folders[layers - 1]
    try:
        return json.loads((where / LEGITIMACY_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def kept_reports(folder: Path, stored: dict | None = None) -> dict | None:
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

    dims = kept_reports(Path("."), stored) or {}
    return LatticeReport(name=stored["lattice"], dimensions=tuple(dims[name] for name in sorted(dims)), fca=None,
                         dependent=None, checked=(), carried=carried(stored, layers))


def report_writer(report, limit: int = STORED_LIST_LIMIT):
    """The attachment that writes the legitimacy report into a lattice folder (LEGITIMACY_FILE),
    each of its lists cut to `limit` entries."""
    def write_report(folder: Path) -> None:
        text = json.dumps(report.to_dict(limit=limit), ensure_ascii=False, sort_keys=True, indent=1)
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
                inputs=(), ledger=None, locked: bool = False, base: tuple[Path, dict, int] | None = None) -> dict:
    """Write the lattice of `n` sources at `out` in one atomic step, as layers (lattice/layers.py);
    returns the manifest. `lattice_of(i)`: the lattice of the first i + 1 sources, as the source
    readers build it (asked once for each i, in order; each is dropped once its layer is
    written). `base`: (a lattice folder, its verified manifest, k ≥ 1): its first k layers are the
    lattice of the first k sources — their files are linked, not written again. The gate checks
    the lattice of all n sources, before anything is written for a lattice of one source (its
    report is written as legitimacy.json); nothing is written at `out` when it refuses.
    `inputs`, `ledger`, `locked`: as save_lattice takes them."""
    from latweave.ingest.layered import State, settled, step
    from latweave.lattice.layers import layer_path, link_layers, linked_hashes
    from latweave.lattice.store import _model_files, manifest_counts, write_folder
    from latweave.legitimacy import check_lattice

    check_target(out, inputs, locked)
    first = base[2] if base is not None else 1
    head = lattice_of(0) if base is None else None
    name = head.name if head is not None else base[1]["name"]
    done: dict = {}

    def write_model(folder: Path) -> dict:
        nonlocal head
        report = before = None
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
            compiled = compile_lattice(lattice, worlds)
            _model_files(lattice, folder)
            compiled.write(folder)  # symbols, facts/*.facts, derived/
            write_parquet(folder)   # parquet/: the same rows, converted from the .facts files just written
            write_engine_db(folder / ENGINE_DB, compiled.facts)  # the SQLite engine's lattice strata, evaluated once
            state = State.of(lattice, compiled, 1) if n > 1 else None
            stored = report.to_dict(limit=STORED_LIST_LIMIT) if report is not None else None
        else:
            previous, manifest, k = base
            link_layers(previous, manifest, k, folder)
            state = State.read(previous, manifest, k)
            lattice, worlds = state.lattice, settled(state.lattice)
            stored = stored_report(previous, k) if gate is not None else None
            if gate is not None and stored is not None:
                report = report_of(stored, k)
        for i in range(first, n):
            before = state.lattice.dimensions
            lattice = lattice_of(i)
            worlds = settled(lattice)
            layer, state = step(state, lattice, worlds)
            layer.write(folder)
            if gate is not None:
                report = check_lattice(lattice, worlds=worlds, kept=kept_reports(folder, stored) if stored else None,
                                       previous=before, carried=carried(stored, i) if stored else None,
                                       also=gate.kept)
                tally(report)
                report_writer(report)(folder / layer_path(i))
                stored = report.to_dict(limit=STORED_LIST_LIMIT)
        if gate is not None:
            gate.judge(report)
        done["lattice"], done["worlds"], done["report"] = lattice, worlds, report
        done["checked"] = checked
        return manifest_counts(lattice)

    def finish(folder: Path) -> None:
        lattice, worlds, report = done["lattice"], done["worlds"], done["report"]
        if report is not None and ledger is not None:   # what the history line says of the per-dimension checks
            names = [d.name for d in report.dimensions]
            checked = [name for name in names if name in done["checked"]]
            ledger.change["legitimacy"] = {"checked": checked, "kept": sorted(set(names) - set(checked))}
        if ledger is not None:
            _ledger_writer(ledger, lattice, worlds)(folder)

    known = linked_hashes(base[1], base[2]) if base is not None else None
    return write_folder(out, name, write_model, {"finish": finish}, inputs=inputs, locked=locked, layers=n,
                        known=known)


def _ledger_writer(ledger, lattice: Lattice, worlds: dict):
    """The attachment that writes the ledger (sources.json, the stored sources, history.jsonl),
    its change line given the new lattice's counts and contested coordinates."""
    from latweave.lattice.store import manifest_counts

    contested = [pair for pair, held in worlds.items() if len(held) > 1]

    def label(pair):
        inst, dim = lattice.instances.get(pair[0]), lattice.dimensions.get(pair[1])
        return [inst.label if inst else pair[0], dim.name if dim else pair[1]]

    labels = {pair: label(pair) for pair in {*contested, *ledger.contested_before}}
    return lambda folder: ledger.write(folder, manifest_counts(lattice), contested, labels)


def build_corpus(corpus: Path | str, out: Path | str, progress=None, gate: Gate | None = None) -> dict:
    """The lattice of one corpus folder at `out` (through `gate` when given), keeping its source as
    `latweave build` does (latweave/ingest/living.py); returns the manifest."""
    from latweave.ingest.living import build_sources

    return build_sources([corpus], out, gate=gate, progress=progress).manifest
