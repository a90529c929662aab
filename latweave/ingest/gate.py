"""The legitimacy gate a lattice passes before it is written, and its stored report.

`Gate` refuses (NotLive) a lattice whose meets are not unique, unless allowed; the report of the
lattice through each layer is written into that layer's folder as legitimacy.json
(`report_writer`, an attachment of the one writer, ingest/write.py) and read back by a change
(`stored_report`, `kept_reports`, `report_of`) so that unchanged dimensions keep their verdicts."""

from __future__ import annotations

import json
from pathlib import Path

from latweave.errors import LegitimacyError
from latweave.lattice.model import Lattice
from latweave.folder.names import LEGITIMACY_FILE

#: legitimacy.json keeps at most this many entries of each list (its "truncated" says how many there
#: are): a large KB lists implications by the ten thousand (docs/performance.md).
STORED_LIST_LIMIT = 1_000


class NotLive(LegitimacyError):
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
        # one line, no indent: the C encoder (an indented dump is encoded in Python, far slower:
        # docs/performance.md; every change writes it); `latweave check` shows it
        text = json.dumps(report.to_dict(limit=limit), ensure_ascii=False, sort_keys=True)
        (folder / LEGITIMACY_FILE).write_text(text + "\n", encoding="utf-8")
    return write_report


