"""What a build did, as one object: the manifest written, the source's report, the legitimacy
gate's verdict. It renders itself (what `latweave build` prints) and serialises to JSON (what
`latweave build --json` prints), so the command line only prints it.

Three sources, three shapes, kept exactly as the command has always printed them:
a corpus folder (`kind="corpus"`: the manifest), a KB file (`"kb"`: out, manifest and the
reader's report) and an LLM extraction (`"extract"`: the extraction report) — each with the
`legitimacy` summary. The demo shows a corpus build with the folder it was read from.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from latweave.ingest.gate import Gate
from latweave.folder.names import LEGITIMACY_FILE


def _m(value) -> str:
    """A data string (a path, a name) inside rich markup: escaped for the terminal, and its
    brackets kept from being read as markup tags."""
    from rich.markup import escape

    from latweave.terminal import safe

    return escape(safe(str(value)))


@dataclass(frozen=True)
class BuildSummary:
    """A finished build: `out` holds the lattice whose `manifest` this is."""

    kind: str                       # "corpus", "kb", "extract" (a model's) or "rules" (the rules extractor's)
    out: Path | str
    manifest: dict
    gate: Gate                      # its `report` is the lattice's legitimacy report
    report: object = None           # a kb.BuildReport or an extract.ExtractReport (renders itself)
    source: Path | str | None = None  # shown ("built OUT from SOURCE") when set: the demo does

    @property
    def complete(self) -> bool:
        """False when an extraction left windows without a usable answer (a rerun asks for them)."""
        return self.kind != "extract" or self.report.complete

    @property
    def legitimacy(self) -> dict:
        report = self.gate.report
        return {"ok": report.ok, "live_blockers": list(report.live_blockers), "allowed": self.gate.allow,
                "file": LEGITIMACY_FILE, "contested": report.contested}

    def to_dict(self) -> dict:
        if self.kind == "kb":
            return {"out": str(self.out), "manifest": self.manifest, "report": self.report.to_dict(),
                    "legitimacy": self.legitimacy}
        if self.kind in ("extract", "rules"):
            return {**self.report.to_dict(), "legitimacy": self.legitimacy}
        return {**self.manifest, "legitimacy": self.legitimacy}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, sort_keys=True, indent=2)

    def _built(self):
        from rich.text import Text

        counts = ", ".join(f"{v:,} {k}" for k, v in self.manifest["counts"].items())   # 1,234 as everywhere
        if self.source is not None:
            return Text.from_markup(f"[bold green]built[/] {_m(self.out)} from {_m(self.source)}: " + counts)
        return Text.from_markup(f"[bold green]built[/] {_m(self.out)}: {_m(counts)}")

    def _gate(self) -> list:
        from rich.text import Text

        report = self.gate.report
        if report.ok:
            lines = [Text.from_markup(f"[green]legitimate[/]: every one of {len(report.dimensions):,} dimensions "
                                      "has unique meets (latweave check --lattice <lattice> for the full report)")]
        else:
            lines = [Text.from_markup(f"[bold yellow]written with --allow[/]: meets are not unique in "
                                      f"{_m(', '.join(report.live_blockers))} (see legitimacy.json, or latweave check)")]
        contested = {name: n for name, n in report.contested.items() if n}
        if contested:
            lines.append(Text.from_markup(
                "[yellow]contested coordinates[/] (sources disagree; answers that depend on them are "
                "reported as contested): " + _m(", ".join(f"{name} {n:,}" for name, n in contested.items()))))
        return lines

    def __rich__(self):
        from rich.console import Group

        if self.kind == "kb":        # the reader's report, what was built, the gate
            parts = [self.report, self._built(), *self._gate()]
        elif self.kind in ("extract", "rules"):  # the extraction report, the gate, what was built
            parts = [self.report, *self._gate(), self._built()]
        else:
            parts = [self._built(), *self._gate()]
        return Group(*parts)
