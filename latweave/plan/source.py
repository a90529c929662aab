"""Plan source text as errors point into it: lines as the lexer counts them, offsets as
line:column, and the offending line with a caret under the spot.

The parser (syntax errors), the labeller and the type checker all show a position the same way,
so they share these three functions.
"""

from __future__ import annotations

#: Characters of a plan line shown in an error's context (a longer line is cut around the spot).
CONTEXT_WIDTH = 100


def source_lines(text: str) -> list[str]:
    """The plan's lines as the lexer counts them: only '\\n' ends a line (a string value may hold
    other line separators, such as U+2028, that str.splitlines would break on)."""
    return text.split("\n")


def line_col(text: str, offset: int) -> tuple[int, int]:
    """The 1-based (line, column) of character `offset` of `text`."""
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def context(text: str, line: int, column: int) -> str:
    """Line `line` of `text`, indented, with a caret under `column` (tabs kept under tabs)."""
    lines = source_lines(text)
    source = lines[line - 1].rstrip("\r") if 0 < line <= len(lines) else ""
    if len(source) > CONTEXT_WIDTH:  # a long line: a window around the spot, cut ends marked …
        start = max(0, min(column - 1 - CONTEXT_WIDTH * 2 // 3, len(source) - CONTEXT_WIDTH))
        end = start + CONTEXT_WIDTH
        source = ("…" if start else "") + source[start:end] + ("…" if end < len(source) else "")
        column = column - start + (1 if start else 0)
    # keep tabs under tabs, so the caret lines up however the terminal expands them
    pad = "".join("\t" if ch == "\t" else " " for ch in source[:max(column - 1, 0)])
    pad += " " * max(column - 1 - len(source), 0)
    return f"  {source}\n  {pad}^"


def has_line(text: str, line: int) -> bool:
    """Whether `text` has a line numbered `line` (1-based)."""
    return 0 < line <= len(source_lines(text))
