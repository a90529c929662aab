"""`latweave explain --svg FILE` / `--html FILE`: a result's rendering exported, under the rule of
latweave/owned_file.py — an existing file is replaced only when it is an earlier export (it holds
MARKER, a comment near its top), written atomically; a FIFO or /dev/stdout is refused unread.

Both targets are checked before either is written, so a refused `--html` leaves no new `--svg`.
"""

from __future__ import annotations

import os

from latweave.owned_file import check_owned, starts_with_marker, write_owned

#: The comment every export carries near its top: what marks a file as latweave's to replace.
MARKER = "<!-- written by latweave explain: `latweave explain --svg/--html` may replace this file -->"
_HINT = "give a new file name (--svg and --html replace only a file an earlier export wrote)"


def _marked(text: str) -> str:
    """`text` with MARKER as its second line (after `<svg ...>` or `<!DOCTYPE html>`)."""
    first, newline, rest = text.partition("\n")
    return f"{first}\n{MARKER}\n{rest}" if newline else f"{text}\n{MARKER}\n"


def export(renderable, *, svg: str | None, html: str | None, width: int) -> None:
    """Render `renderable` once and write it as SVG and/or HTML (SourceError, nothing written,
    when a target is not latweave's to replace)."""
    from latweave.terminal import console

    ours = starts_with_marker(MARKER)
    targets = [(path, kind) for path, kind in ((svg, "an SVG export"), (html, "an HTML export")) if path]
    for path, kind in targets:
        check_owned(path, ours, what=f"{kind} of latweave explain", hint=_HINT)
    with open(os.devnull, "w") as devnull:
        recorder = console(record=True, width=width, file=devnull)
        recorder.print(renderable)
        texts = {"an SVG export": lambda: recorder.export_svg(title="latweave proof", clear=False),
                 "an HTML export": lambda: recorder.export_html(clear=False)}
        for path, kind in targets:
            write_owned(path, _marked(texts[kind]()), ours, what=f"{kind} of latweave explain", hint=_HINT)
