"""Where in a document an evidence offset falls, as a line and a column: what a proof cites as
`doc:line` (`doc:line:column` when the text starts inside a line, as prose does).

Evidence is stored as character offsets into a document (a corpus text, or a KB file kept whole,
latweave/ingest/kb.py); a person opens a file at a line. The line is counted from the document
text the lattice keeps, when a proof is built (so an existing lattice cites lines too, and a
saved result renders them without the lattice). A KB document is one text of up to millions of
lines that questions cite at offsets anywhere in it, so the first offset asked of a text counts
its newlines once, block by block (`BLOCK` characters: one pass, a few thousand counts for a KB of
tens of megabytes), for the few texts last asked about; a line is then its block's count plus the
newlines between the block's start and the offset: at most one block read per citation, wherever
it falls. (Counting from the nearest offset asked before cost a question on a 100,000-person KB
up to two milliseconds more at p95, bench/peers.py. Blocks of 64 Ki characters cost a citation
~22 µs on that KB's 26M-character document, six of them in a 3-hop proof; of 4 Ki, 1.3 µs, and
the first pass the same 16 ms: bench/overhead.py.)

>>> position("a\\nbc\\nd", 3)
(2, 2)
"""

from __future__ import annotations

from functools import lru_cache


#: Characters per block of the newline counts (4 Ki: a citation reads at most this much text).
BLOCK = 1 << 12


class _Lines:
    """The newlines of one text before each block's start, counted once."""

    def __init__(self, text: str):
        self.text = text
        before, total = [0], 0
        for start in range(0, len(text), BLOCK):
            total += text.count("\n", start, start + BLOCK)
            before.append(total)
        self.before = before

    def at(self, offset: int) -> int:
        block = offset // BLOCK
        return 1 + self.before[block] + self.text.count("\n", block * BLOCK, offset)


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
