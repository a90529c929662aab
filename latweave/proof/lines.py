"""Where in a document an evidence offset falls, as a line and a column: what a proof cites as
`doc:line` (`doc:line:column` when the text starts inside a line, as prose does).

Evidence is stored as character offsets into a document (a corpus text, or a KB file kept whole,
latweave/ingest/kb.py); a person opens a file at a line. The line is counted from the document
text the lattice keeps, when a proof is built (so an existing lattice cites lines too, and a
saved result renders them without the lattice). A KB document is one text of up to millions of
lines that a page of answers cites many times, so each offset asked about is kept with its line
(for the few documents last asked about), and the next is counted from the nearest one before it:
no index of every line is built, and a page's offsets together cost about one pass over the text.

>>> position("a\\nbc\\nd", 3)
(2, 2)
"""

from __future__ import annotations

from bisect import bisect_right
from functools import lru_cache


class _Lines:
    """The lines of one text, counted on demand from the offsets already asked about."""

    def __init__(self, text: str):
        self.text = text
        self.offsets, self.lines = [0], [1]

    def at(self, offset: int) -> int:
        i = bisect_right(self.offsets, offset) - 1
        line = self.lines[i] + self.text.count("\n", self.offsets[i], offset)
        if self.offsets[i] != offset:
            self.offsets.insert(i + 1, offset)
            self.lines.insert(i + 1, line)
        return line


@lru_cache(maxsize=8)
def _lines(text: str) -> _Lines:
    """Keyed by the text itself: a str caches its hash, and a stored lattice hands out the same
    str for a document each time."""
    return _Lines(text)


def position(text: object, offset: object) -> tuple[int, int] | None:
    """(line, column) of character `offset` in `text`, both 1-based, the column counted in
    characters; None when either is not what a document and an offset are (a document the
    lattice does not keep, an offset out of range)."""
    if not isinstance(text, str) or not isinstance(offset, int) or isinstance(offset, bool):
        return None
    if not 0 <= offset <= len(text):
        return None
    return _lines(text).at(offset), offset - text.rfind("\n", 0, offset)
