"""The line and column an evidence cites, counted again from the lattice's copy of its document.

A proof's evidence may carry `line` and `column` (1-based, where in the document its text starts:
what a person opens the file at) beside its offsets; the offsets are checked with the source text
(leaves.py, completeness.py), and the place here: the line must be the number of newlines before
the start offset, plus one, the column the characters since the last of them, plus one. Counted
by the auditor's own code (it shares none with what it checks), from the nearest offset already
counted in the same document (a KB document is one long text).
"""

from __future__ import annotations

from bisect import bisect_right
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from latweave.proof.audit.context import Context


def line_problem(ctx: Context, ev: dict, doc_id: str, doc: str, start: int) -> str | None:
    """Why evidence `ev`'s `line` and `column` are not where `start` is in `doc` (None when they
    are, or when the evidence states neither: a result saved before lines were cited)."""
    if "line" not in ev and "column" not in ev:
        return None
    line, column = ev.get("line"), ev.get("column")
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (line, column)):
        return f"evidence line {line!r} and column {column!r} are not both whole numbers"
    counted = (_line(ctx, doc_id, doc, start), start - doc.rfind("\n", 0, start))
    if (line, column) != counted:
        return (f"evidence line {line}, column {column} is not where offset {start} of document {doc_id!r} "
                f"is (line {counted[0]}, column {counted[1]})")
    return None


def _line(ctx: Context, doc_id: str, doc: str, start: int) -> int:
    offsets, lines = ctx.lines_seen.setdefault(doc_id, ([0], [1]))
    i = bisect_right(offsets, start) - 1
    line = lines[i] + doc.count("\n", offsets[i], start)
    if offsets[i] != start:
        offsets.insert(i + 1, start)
        lines.insert(i + 1, line)
    return line
