"""Where in a document an evidence offset falls (latweave/proof/lines.py): the line and column
by counting every newline before the offset, and the counts kept per text by its identity — two
sessions' equal copies of one document are never compared with each other (kept by value, every
citation of the second copy compared 26M characters), and only the last few texts are kept."""

from __future__ import annotations

import random

from latweave.proof import lines
from latweave.proof.lines import position


def _naive(text: str, offset: int) -> tuple[int, int]:
    before = text[:offset]
    return before.count("\n") + 1, offset - (before.rfind("\n") + 1) + 1


def test_positions_count_every_newline_before_the_offset():
    rng = random.Random(4)
    text = "".join(rng.choice("ab\n\u00e9") for _ in range(3 * lines.BLOCK + 17))
    for offset in [0, 1, lines.BLOCK - 1, lines.BLOCK, lines.BLOCK + 1, len(text)] + rng.sample(range(len(text)), 200):
        assert position(text, offset) == _naive(text, offset), offset
    assert position(text, len(text) + 1) is None and position(text, -1) is None and position(text, True) is None


class _Uncomparable(str):
    """A text that refuses to be compared with another (as a cache kept by value would)."""

    def __eq__(self, other):
        raise AssertionError("a document's text was compared with another")

    __hash__ = str.__hash__


def test_equal_copies_of_a_text_are_counted_apart_never_compared():
    body = "first line\nsecond line\n" * 500
    one, two = _Uncomparable(body), _Uncomparable(body)
    assert one is not two
    offset = len("first line\nsec")
    assert position(one, offset) == position(two, offset) == (2, 4)
    assert position(one, offset) == (2, 4)   # kept: found again by identity
    assert lines._lines(one) is not lines._lines(two)
    assert lines._lines(one) is lines._lines(one)


def test_only_the_last_texts_asked_about_are_kept():
    texts = [f"text {i}\n" * 10 for i in range(lines.COUNTED_TEXTS + 3)]
    for text in texts:
        position(text, 3)
    kept = [counted.text for counted in lines._COUNTED.values()]
    assert len(kept) == lines.COUNTED_TEXTS
    assert all(any(k is t for k in kept) for t in texts[-lines.COUNTED_TEXTS:])
    assert not any(k is texts[0] for k in kept)
