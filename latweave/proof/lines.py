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

A KB kept whole as the lattice's stored source (2.6 GB at 10M subjects) is not read into a
`str` for this: a stored lattice hands the proof its `textio.TextFile` (folder/stored.py
`document_file`), whose newlines are counted from its mapped bytes, `FILE_BLOCK` bytes a count
(a newline is one byte in UTF-8, never inside a character), the offset turned into a byte
offset by the file's own block index: one pass over the bytes, a few hundred KB of counts, no
copy of the text (decoded whole, that document cost the first proof 12 s and 2.6 GB). A KB text
the build kept says in its documents.jsonl row what these passes would find (folder/documents.py
`text_facts`: its length, whether it is ASCII, its newlines per block), and then neither pass is
made: the first citation reads one block.

>>> position("a\\nbc\\nd", 3)
(2, 2)
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from functools import lru_cache
from threading import Lock

from latweave.textio import NEWLINE_BLOCK, TextFile


#: Characters per block of the newline counts (4 Ki: a citation reads at most this much text).
BLOCK = 1 << 12
#: Bytes per block of a `TextFile`'s newline counts (a citation reads at most this many bytes):
#: the build's (textio.NEWLINE_BLOCK), whose counts a stored KB text carries (`TextFile.newlines`).
FILE_BLOCK = NEWLINE_BLOCK


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


#: The counts of the last texts asked about, by the text's identity (`_lines`)
_COUNTED: OrderedDict[int, _Lines] = OrderedDict()
#: Texts whose counts are kept
COUNTED_TEXTS = 8
_COUNTING = Lock()


def _lines(text: str) -> _Lines:
    """The counts of `text`, kept for the last COUNTED_TEXTS texts asked about, by identity: a
    stored lattice hands out the same str for a document each time. (Kept by the text's value, a
    second session's copy of a KB's 26M-character text was compared with the first's, character
    for character, at every citation: 5–14 ms a question where 0.5–1.2 were its own, two sessions
    on one lattice in one process. tests/test_lines.py)"""
    with _COUNTING:   # (sessions on several threads: a server's)
        counted = _COUNTED.get(id(text))
        if counted is not None and counted.text is text:
            _COUNTED.move_to_end(id(text))
            return counted
    counted = _Lines(text)   # (counted outside the lock: one pass over the text)
    with _COUNTING:
        _COUNTED[id(text)] = counted
        _COUNTED.move_to_end(id(text))
        if len(_COUNTED) > COUNTED_TEXTS:
            _COUNTED.popitem(last=False)
    return counted


class _FileLines:
    """The newlines of a `TextFile` before each FILE_BLOCK of its bytes, counted once."""

    def __init__(self, text: TextFile):
        self.text = text
        self.before: Sequence[int]
        if text.newlines is not None:   # counted by the build (folder/documents.py `text_facts`)
            self.before = text.newlines
            return
        before, total = [0], 0
        for start in range(0, text.size, FILE_BLOCK):
            total += text.raw(start, start + FILE_BLOCK).count(b"\n")
            before.append(total)
        self.before = before

    def position(self, offset: int) -> tuple[int, int]:
        text = self.text
        at = text.byte_offset(offset)
        block = at // FILE_BLOCK
        lo, hi = block * FILE_BLOCK, min(text.size, (block + 1) * FILE_BLOCK)
        if at - lo <= hi - at:   # the newlines from the nearer end of the block: at most half a block read
            line = 1 + self.before[block] + text.raw(lo, at).count(b"\n")
        else:
            line = 1 + self.before[block + 1] - text.raw(at, hi).count(b"\n")
        start = text.line_start(at)
        return line, 1 + len(text.raw(start, at).decode("utf-8"))


@lru_cache(maxsize=8)
def _file_lines(text: TextFile) -> _FileLines:
    return _FileLines(text)


def position(text: object, offset: object) -> tuple[int, int] | None:
    """(line, column) of character `offset` in `text` (a str, or a `TextFile`), both 1-based, the
    column counted in characters; None when either is not what a document and an offset are (a
    document the lattice does not keep, an offset out of range)."""
    if not isinstance(text, (str, TextFile)) or not isinstance(offset, int) or isinstance(offset, bool):
        return None
    if not 0 <= offset <= len(text):
        return None
    if isinstance(text, TextFile):
        return _file_lines(text).position(offset)
    return _lines(text).at(offset), offset - text.rfind("\n", 0, offset)
