"""Saving a lattice: the legitimacy gate, compiling, and the one atomic write every build and change ends in
(model files, compiled facts, the legitimacy report and the sources kept)."""

from __future__ import annotations

from pathlib import Path

import json

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
    which is also written into the lattice folder as legitimacy.json."""

    def __init__(self, allow: bool = False, kept: dict | None = None):
        self.allow = allow
        #: a change's old report, by dimension (`kept_reports`): a dimension whose content did not
        #: change keeps its verdicts instead of being checked again (check_lattice's `kept`)
        self.kept = kept
        self.report = None

    def check(self, lattice: Lattice, worlds: dict | None = None):
        from latweave.legitimacy import check_lattice

        self.report = check_lattice(lattice, worlds=worlds, kept=self.kept)
        if not self.report.ok and not self.allow:
            raise NotLive(self.report)
        return self.report


def kept_reports(folder: Path) -> dict | None:
    """The per-dimension reports of the legitimacy.json in a lattice folder, by name (those that
    record their digest), for a change's Gate; None when the folder has none."""
    from latweave.legitimacy.report import DimensionReport

    try:
        stored = json.loads((folder / LEGITIMACY_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return {name: DimensionReport.from_dict(name, row) for name, row in sorted(stored["dimensions"].items())
            if row.get("digest")}


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
    check_target(out, inputs, locked)
    lattice.validate()
    # contested coordinates, read once for the gate and the compiler (settling may add the meet
    # of overlapping intervals as a value, so it comes before both)
    worlds = settle(lattice)
    report = gate.check(lattice, worlds) if gate is not None else None
    if ledger is not None and report is not None:
        # what the history line says of the per-dimension checks: which ran, which were kept
        names = [d.name for d in report.dimensions]
        checked = names if report.checked is None else list(report.checked)
        ledger.change["legitimacy"] = {"checked": checked, "kept": sorted(set(names) - set(checked))}
    compiled = compile_lattice(lattice, worlds)

    def write_facts(folder: Path) -> None:
        compiled.write(folder)  # symbols, facts/*.facts, derived/
        write_parquet(folder)   # parquet/: the same rows, converted from the .facts files just written

    attachments = {"facts": write_facts,  # and the SQLite engine's lattice strata, evaluated once
                   "engine": lambda folder: write_engine_db(folder / ENGINE_DB, compiled.facts)}
    if report is not None:
        attachments["legitimacy"] = report_writer(report)
    if ledger is not None:
        attachments["sources"] = _ledger_writer(ledger, lattice, worlds)
    return write_lattice(lattice, out, attachments, inputs=inputs, locked=locked)


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
