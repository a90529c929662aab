"""`latweave explain --svg FILE` / `--html FILE`: a result's rendering exported, under the rule of
latweave/owned_file.py — an existing file is replaced only when it is an earlier export (it holds
MARKER, or an older release's LEGACY_MARKERS, a comment near its top), written atomically; a FIFO
or /dev/stdout is refused unread.

Both targets are checked before either is written, so a refused `--html` leaves no new `--svg`.

Each export is a file a parser opens: MARKER is a well-formed comment in XML and HTML alike (no
`--` inside it: the marker of earlier releases had `--svg/--html`, which no XML parser accepts),
and the templates are latweave's own, not rich's defaults, so that neither file fetches anything
(rich's SVG loads its font from a CDN): the SVG names local monospace fonts, the HTML embeds its
styles. Both are filled by rich (`export_svg` / `export_html` with `code_format`), which escapes
every piece of text.
"""

from __future__ import annotations

import os

from latweave.owned_file import check_owned, starts_with_marker, write_owned

#: The comment every export carries near its top: what marks a file as latweave's to replace.
MARKER = "<!-- written by latweave explain: an export that latweave explain may replace -->"
#: The markers earlier releases wrote (not well-formed XML, but a file holding one is still ours).
LEGACY_MARKERS = ("<!-- written by latweave explain: `latweave explain --svg/--html` may replace this file -->",)
_HINT = "give a new file name (--svg and --html replace only a file an earlier export wrote)"

#: The SVG: rich's layout (the placeholders its `export_svg` fills), with MARKER and local fonts.
SVG_FORMAT = """\
<svg class="rich-terminal" viewBox="0 0 {width} {height}" xmlns="http://www.w3.org/2000/svg">
    """ + MARKER + """
    <style>
    .{unique_id}-matrix {{
        font-family: "Fira Code", "DejaVu Sans Mono", Menlo, Consolas, monospace;
        font-size: {char_height}px;
        line-height: {line_height}px;
        font-variant-east-asian: full-width;
    }}

    .{unique_id}-title {{
        font-size: 18px;
        font-weight: bold;
        font-family: sans-serif;
    }}

    {styles}
    </style>

    <defs>
    <clipPath id="{unique_id}-clip-terminal">
      <rect x="0" y="0" width="{terminal_width}" height="{terminal_height}" />
    </clipPath>
    {lines}
    </defs>

    {chrome}
    <g transform="translate({terminal_x}, {terminal_y})" clip-path="url(#{unique_id}-clip-terminal)">
    {backgrounds}
    <g class="{unique_id}-matrix">
    {matrix}
    </g>
    </g>
</svg>
"""

#: The HTML page: a document with its styles inline and MARKER after the doctype.
HTML_FORMAT = """\
<!DOCTYPE html>
""" + MARKER + """
<html>
<head>
<meta charset="UTF-8">
<title>latweave proof</title>
<style>
{stylesheet}
body {{
    color: {foreground};
    background-color: {background};
}}
</style>
</head>
<body>
    <pre style="font-family:Menlo,'DejaVu Sans Mono',consolas,'Courier New',monospace"><code style="font-family:inherit">{code}</code></pre>
</body>
</html>
"""


def export(renderable, *, svg: str | None, html: str | None, width: int) -> None:
    """Render `renderable` once and write it as SVG and/or HTML (SourceError, nothing written,
    when a target is not latweave's to replace)."""
    from latweave.terminal import console

    ours = starts_with_marker(MARKER, *LEGACY_MARKERS)
    targets = [(path, kind) for path, kind in ((svg, "an SVG export"), (html, "an HTML export")) if path]
    for path, kind in targets:
        check_owned(path, ours, what=f"{kind} of latweave explain", hint=_HINT)
    with open(os.devnull, "w") as devnull:
        recorder = console(record=True, width=width, file=devnull)
        recorder.print(renderable)
        texts = {"an SVG export": lambda: recorder.export_svg(title="latweave proof", clear=False,
                                                              code_format=SVG_FORMAT),
                 "an HTML export": lambda: recorder.export_html(clear=False, code_format=HTML_FORMAT)}
        for path, kind in targets:
            write_owned(path, texts[kind](), ours, what=f"{kind} of latweave explain", hint=_HINT)
