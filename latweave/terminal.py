"""The one function that makes a data string safe to show on a terminal.

Entity names, values, evidence sentences and file names come from corpora, KB files and LLMs;
printed raw, `esc\\x1b[31mred` would colour (or worse, move the cursor of) whoever reads the
output, and a lone surrogate (a non-UTF-8 byte smuggled in through argv) would crash the write.
Every place that renders a data string through rich passes it through `safe` first; JSON output
keeps the exact string.
"""

from __future__ import annotations

import re

# C0 controls (tab and, when asked, newline kept), DEL, C1 controls, the bidirectional overrides and
# isolates (text that reorders what is around it), line/paragraph separators, lone surrogates, and
# the noncharacters U+FFFE and U+FFFF (no XML parser opens an SVG export that holds one).
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff\ufffe\uffff]")
_UNSAFE_NL = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff\ufffe\uffff]")


def _escape(match: re.Match) -> str:
    code = ord(match.group())
    if code == 0x0A:
        return "\\n"
    if code == 0x0D:
        return "\\r"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def safe(text: object, *, newlines: bool = False) -> str:
    """`text` (anything: it is str()'d) with every character that could act on a terminal shown as
    a visible escape (`\\x1b`, `\\u202e`); tabs stay, newlines stay only with `newlines=True`."""
    text = text if isinstance(text, str) else str(text)
    return (_UNSAFE if newlines else _UNSAFE_NL).sub(_escape, text)


def console(**kwargs):
    """A rich Console whose output passes every rendered piece of text through `safe` (newlines
    kept): whatever a renderable holds — an audit report quoting a tampered proof, a name from a
    KB — reaches the terminal as visible escapes. Styling is untouched (it is not in the text)."""
    from rich.console import Console
    from rich.segment import Segment

    class SafeConsole(Console):
        def render(self, renderable, options=None):
            for segment in super().render(renderable, options):
                if segment.control or not _UNSAFE.search(segment.text):
                    yield segment
                else:
                    yield Segment(safe(segment.text, newlines=True), segment.style, segment.control)

    return SafeConsole(**kwargs)
