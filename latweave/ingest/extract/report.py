"""What an extraction build did: counts, rejections by reason, failed windows, the dimension map.

Renders itself for people (`__rich__`) and serialises for scripts (`to_dict`). The counts add
up: every proposed predicate is accepted, rejected (with a reason) or a duplicate of an accepted
one, so `proposed == accepted + sum(rejected.values()) + duplicates`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from latweave.ingest.extract.validate import Rejected


@dataclass(frozen=True)
class FailedWindow:
    """A window that got no usable answer; it is not cached, so a rerun asks again.

    `reason`: "truncated" (the answer hit the token limit), "unparseable" / "bad_shape" (not the
    JSON object asked for, even after one repair turn) or "llm_error" (the server refused the
    request, e.g. HTTP 400)."""

    doc: str
    index: int
    start: int
    end: int
    reason: str
    detail: str

    def to_dict(self) -> dict:
        return {"doc": self.doc, "window": self.index, "start": self.start, "end": self.end,
                "reason": self.reason, "detail": self.detail}


@dataclass(frozen=True)
class ExtractReport:
    """One extraction build: what was asked, what came back, what entered the lattice and why not."""

    corpus: str
    out: str
    cache: str
    model: str
    prompt_version: str
    documents: int
    windows: int
    window_chars: int                      # the window size used
    windows_cached: int                    # answered from the cache, no call made
    calls: int                             # HTTP requests this run (retries included)
    repairs: int                           # repair turns sent after an unusable answer
    prompt_tokens: int
    completion_tokens: int
    proposed: int
    accepted: int
    duplicates: int
    subject_predicates: int                # `subject` bindings the builder added (not proposed)
    rejected: dict[str, int] = field(default_factory=dict)
    failed_windows: tuple[FailedWindow, ...] = ()
    dimensions_before: int = 0             # distinct relation names the model used
    dimensions_after: int = 0              # distinct dimensions after the variant map
    dimension_map: dict[str, str] = field(default_factory=dict)   # relation name → dimension, where renamed
    schema_fallback: bool = False          # the server refused json_schema; json_object was used
    rejections: tuple[Rejected, ...] = ()
    manifest: dict = field(default_factory=dict)

    @property
    def complete(self) -> bool:
        """Every window got a usable answer."""
        return not self.failed_windows

    def to_dict(self) -> dict:
        return {
            "corpus": self.corpus, "out": self.out, "cache": self.cache, "model": self.model,
            "prompt_version": self.prompt_version, "complete": self.complete,
            "counts": {"documents": self.documents, "windows": self.windows,
                       "windows_cached": self.windows_cached, "windows_failed": len(self.failed_windows),
                       "calls": self.calls, "repairs": self.repairs, "prompt_tokens": self.prompt_tokens,
                       "completion_tokens": self.completion_tokens, "proposed": self.proposed,
                       "accepted": self.accepted, "rejected": sum(self.rejected.values()),
                       "duplicates": self.duplicates, "subject_predicates": self.subject_predicates},
            "window_chars": self.window_chars,
            "rejected": dict(sorted(self.rejected.items())),
            "failed_windows": [w.to_dict() for w in self.failed_windows],
            "dimensions": {"before": self.dimensions_before, "after": self.dimensions_after,
                           "map": dict(sorted(self.dimension_map.items()))},
            "schema_fallback": self.schema_fallback,
            "rejections": [r.to_dict() for r in self.rejections],
            "manifest": {"content_hash": self.manifest.get("content_hash"),
                         "counts": self.manifest.get("counts", {})},
        }

    def __rich__(self):
        from rich.console import Group
        from rich.table import Table
        from rich.text import Text

        from latweave.terminal import safe  # names and model output: shown escaped

        counts = Table(show_header=False, box=None, pad_edge=False)
        counts.add_column(style="bold")
        counts.add_column(justify="right")
        rows = self.to_dict()["counts"]
        for key in ("documents", "windows", "windows_cached", "windows_failed", "calls", "repairs",
                    "prompt_tokens", "completion_tokens", "proposed", "accepted", "rejected",
                    "duplicates", "subject_predicates"):
            counts.add_row(key.replace("_", " "), f"{rows[key]:,}")
        parts = [Text.assemble(("extract ", "bold green"), safe(self.corpus), " with ", (safe(self.model), "cyan"),
                               f" (prompt {self.prompt_version}, windows of {self.window_chars:,} characters)"),
                 counts,
                 Text.assemble(("dimensions ", "bold"),
                               f"{self.dimensions_before} relation name(s) proposed → "
                               f"{self.dimensions_after} dimension(s) after the variant map")]
        for raw, mapped in sorted(self.dimension_map.items()):
            parts.append(Text(safe(f"  {raw} → {mapped}")))
        if self.rejected:
            parts.append(Text("rejected: " + ", ".join(f"{reason} {n}" for reason, n in sorted(self.rejected.items())),
                              style="bold yellow"))
            for r in self.rejections[:10]:
                parts.append(Text.assemble((safe(f"  {r.doc}#{r.window} {r.reason}"), "yellow"), safe(f": {r.detail}")))
            if len(self.rejections) > 10:
                parts.append(Text(f"  … and {len(self.rejections) - 10} more (--json lists them all)"))
        if self.schema_fallback:
            parts.append(Text("the server refused response_format json_schema: json_object with the "
                              "schema was used", style="yellow"))
        if self.failed_windows:
            parts.append(Text(f"{len(self.failed_windows)} window(s) failed (not cached: run the same "
                              "command again to retry them):", style="bold red"))
            for w in self.failed_windows[:20]:
                parts.append(Text.assemble((safe(f"  {w.doc}#{w.index} [{w.start}:{w.end}] {w.reason}"), "red"),
                                           safe(f": {w.detail}")))
            if len(self.failed_windows) > 20:
                parts.append(Text(f"  … and {len(self.failed_windows) - 20} more (--json lists them all)"))
        return Group(*parts)
