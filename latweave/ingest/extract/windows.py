"""Cut a document into windows the model can read whole, overlapping so nothing is lost at a cut.

A document that fits the window size is one window. A longer one is read through a sliding
window: each window ends at a sentence boundary when one lies in its last quarter (else at
whitespace, else anywhere), and the next one starts between OVERLAP_MIN and OVERLAP_MAX
characters before that end, again preferring a sentence start, then whitespace. Any sentence no
longer than the overlap at a cut therefore lies wholly inside one of the two windows beside the
cut: if it crosses the cut it starts after the next window's start (it is shorter than the
overlap), and that window runs on far past the cut.

The window size comes from the model's context (`LLMConfig.context_chars`): what is left after
the prompt's own text, halved, because the answer (JSON that quotes evidence sentences) needs
room of about the same size in the same context.

>>> [(w.index, w.start, w.end) for w in windows("Short text.", 2000)]
[(0, 0, 11)]
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from latweave.errors import LatweaveError

#: Consecutive windows share at least this many characters ...
OVERLAP_MIN = 200
#: ... and at most this many.
OVERLAP_MAX = 500
#: The smallest window worth sending: a window must be much longer than the overlap.
MIN_WINDOW = 4 * OVERLAP_MAX

# A sentence starts after ., ! or ? (and closing quotes or brackets) and whitespace.
_SENTENCE_START = re.compile(r"(?<=[.!?])[\"'”’)\]]*\s+")
_WHITESPACE = re.compile(r"\s+")


@dataclass(frozen=True)
class Window:
    """Characters [start, end) of a document; `index` counts from 0 within the document."""

    index: int
    start: int
    end: int

    def text(self, document: str) -> str:
        return document[self.start:self.end]


def window_size(context_chars: int, overhead_chars: int) -> int:
    """Characters of document per window, for a model context of `context_chars` characters and
    a prompt whose own text (instructions, whitelist, schema) takes `overhead_chars`."""
    size = (context_chars - overhead_chars) // 2
    if size < MIN_WINDOW:
        raise LatweaveError(
            f"the model's context ({context_chars} characters) leaves {max(size, 0)} characters per "
            f"window after a prompt of {overhead_chars}; at least {MIN_WINDOW} are needed",
            hint="raise context_chars in the LLM config (it is the model's context in characters)")
    return size


def _boundaries(text: str, lo: int, hi: int) -> tuple[list[int], list[int]]:
    """Sentence starts and whitespace-run ends within [lo, hi], each ascending."""
    sentences = [m.end() for m in _SENTENCE_START.finditer(text, lo, hi) if lo <= m.end() <= hi]
    spaces = [m.end() for m in _WHITESPACE.finditer(text, lo, hi) if lo <= m.end() <= hi]
    return sentences, spaces


def _cut(text: str, start: int, size: int) -> int:
    """Where the window starting at `start` ends: the latest boundary in its last quarter."""
    hard = start + size
    sentences, spaces = _boundaries(text, hard - size // 4, hard)
    for candidates in (sentences, spaces):
        if candidates:
            return candidates[-1]
    return hard


def _restart(text: str, end: int) -> int:
    """Where the next window starts: the earliest boundary giving an overlap within bounds."""
    lo, hi = end - OVERLAP_MAX, end - OVERLAP_MIN
    sentences, spaces = _boundaries(text, lo, hi)
    for candidates in (sentences, spaces):
        if candidates:
            return candidates[0]
    return end - (OVERLAP_MIN + OVERLAP_MAX) // 2


def windows(text: str, size: int) -> list[Window]:
    """The windows of `text` for a window of at most `size` characters (see the module doc)."""
    if size < MIN_WINDOW:
        raise LatweaveError(f"window size {size} is below the minimum {MIN_WINDOW}")
    if len(text) <= size:
        return [Window(0, 0, len(text))]
    out: list[Window] = []
    start = 0
    while True:
        if len(text) - start <= size:
            out.append(Window(len(out), start, len(text)))
            return out
        end = _cut(text, start, size)
        out.append(Window(len(out), start, end))
        start = _restart(text, end)
