"""lattice/names.py `normalize`: the one normalisation every key goes through, held to its
definition (NFC, underscores as spaces, runs of whitespace — `\\s` — collapsed, stripped, case
folded) on any text, so that a faster spelling of it never changes a key."""

from __future__ import annotations

import re
import unicodedata

from hypothesis import given, strategies as st

from latweave.lattice.names import normalize

_WHITESPACE = re.compile(r"\s+")


def _defined(name: str) -> str:
    text = _WHITESPACE.sub(" ", unicodedata.normalize("NFC", name).replace("_", " ")).strip().casefold()
    return text if text else name


@given(st.text())
def test_normalize_is_its_definition_on_any_text(name):
    assert normalize(name) == _defined(name)


def test_normalize_on_every_whitespace_character():
    # what `\s` matches and what str.split() splits on must be the same characters (\x1c-\x1f,
    # \x85, \u2028, \u3000, ...): every code point either counts as whitespace, inside a name and
    # at its ends
    spaces = [chr(c) for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF
              and (chr(c).isspace() or _WHITESPACE.fullmatch(chr(c)))]
    assert len(spaces) > 20 and all(c.isspace() and _WHITESPACE.fullmatch(c) for c in spaces)
    for c in spaces + ["\u200b", "\ufeff", "_"]:
        name = f"{c}A_b{c}{c}c {c}"
        assert normalize(name) == _defined(name), hex(ord(c))
    assert normalize("  Directed_By ") == "directed by"
    assert normalize("   ") == "   "   # nothing left: the name itself
