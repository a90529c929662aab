"""Results and proofs in a notebook: the `_repr_html_` that Jupyter shows instead of a dataclass dump.

Whatever renders itself through rich (`__rich__`: a result, a proof, a node) is drawn once on a
recording console — the same tree a terminal shows, folded the same way — and exported as one
`<pre>` fragment with its styles inline. Every piece of text is HTML-escaped by rich's exporter
(values are data: a name holding `<script>` is shown, never run), after latweave's console has
made control characters visible (latweave/terminal.py). Nothing in the fragment loads anything.
"""

from __future__ import annotations

import os

#: Notebook cells are wider than a terminal's default; a long line wraps as it would there.
WIDTH = 120
FRAGMENT = ('<pre style="white-space:pre;overflow-x:auto;line-height:1.3;'
            "font-family:Menlo,'DejaVu Sans Mono',consolas,'Courier New',monospace\">{code}</pre>")


def html_of(renderable, width: int = WIDTH) -> str:
    """`renderable` drawn as an HTML fragment (a `<pre>` with inline styles), text escaped."""
    from latweave.terminal import console

    with open(os.devnull, "w") as devnull:
        recorder = console(record=True, width=width, file=devnull, color_system="truecolor",
                           force_terminal=True, highlight=False)
        recorder.print(renderable)
        return recorder.export_html(inline_styles=True, code_format=FRAGMENT)
