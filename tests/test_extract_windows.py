"""Windows over a document: whole when it fits; otherwise overlapping windows that lose nothing at a cut."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from latweave.ingest.extract.windows import MIN_WINDOW, OVERLAP_MAX, OVERLAP_MIN, window_size, windows
from latweave.errors import LatweaveError

WORDS = st.text(alphabet="abcdefghijklmnopqrstuvwxyzÄé", min_size=1, max_size=14)
SENTENCE = st.lists(WORDS, min_size=1, max_size=40).map(lambda ws: " ".join(ws).capitalize())
GAP = st.sampled_from([". ", ". ", "! ", "? ", ".\n\n", ".  ", '." '])
_SENTENCES = re.compile(r"[^.!?]+[.!?]?")


@st.composite
def documents(draw):
    sentences = draw(st.lists(SENTENCE, min_size=1, max_size=120))
    gaps = [draw(GAP) for _ in sentences]
    return "".join(s + g for s, g in zip(sentences, gaps))


def check(text: str, size: int) -> None:
    cuts = windows(text, size)
    assert [w.index for w in cuts] == list(range(len(cuts)))
    assert cuts[0].start == 0 and cuts[-1].end == len(text)
    for w in cuts:
        assert 0 < w.end - w.start <= size or len(text) == 0
    for a, b in zip(cuts, cuts[1:]):
        assert OVERLAP_MIN <= a.end - b.start <= OVERLAP_MAX, (a, b)   # covers, overlapping within bounds
        assert b.start > a.start and b.end > a.end
    for m in _SENTENCES.finditer(text):
        if m.end() - m.start() <= OVERLAP_MIN:
            assert any(w.start <= m.start() and m.end() <= w.end for w in cuts), m.group()


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(documents(), st.integers(MIN_WINDOW, 3 * MIN_WINDOW))
def test_windows_cover_overlap_and_keep_short_sentences_whole(text, size):
    check(text, size)


@settings(max_examples=60, deadline=None)
@given(st.text(min_size=0, max_size=9000), st.integers(MIN_WINDOW, 2 * MIN_WINDOW))
def test_windows_hold_on_any_text(text, size):
    """No sentences or whitespace at all: hard cuts, still within the overlap bounds."""
    check(text, size)


def test_a_short_document_is_one_window():
    assert [(w.index, w.start, w.end) for w in windows("Ada was born in 1815.", 2000)] == [(0, 0, 21)]


def test_cuts_fall_on_sentence_boundaries_when_there_are_some():
    text = "".join(f"Sentence number {i} says something plain. " for i in range(200))
    cuts = windows(text, 3000)
    assert len(cuts) > 2
    for w in cuts[1:]:
        assert text[w.start - 2:w.start] == ". "        # each window starts a sentence
    for w in cuts[:-1]:
        assert text[w.end - 2:w.end] == ". "            # and ends after one


def test_window_size_comes_from_the_context_and_refuses_a_tiny_one():
    assert window_size(12000, 3000) == 4500
    with pytest.raises(LatweaveError, match="context_chars"):
        window_size(4000, 3000)
