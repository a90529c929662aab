"""Golden files: compare a rendering with the text kept under tests/golden/, or, when the
maintainer asks for it (LATWEAVE_UPDATE_GOLDEN set), rewrite a golden that changed and fail.

A rewrite never passes: a run that wrote the golden and then compared the text with what it had
just written would hold nothing. The test fails with "golden rewritten — review the diff", so the
change is accepted by a person reading `git diff`, and the next run (without the variable) is the
one that passes. A golden that did not change is compared as usual, variable or not.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

UPDATE = "LATWEAVE_UPDATE_GOLDEN"


def check_golden(path: Path, text: str, what: str = "") -> None:
    """Assert that `path` holds `text`; with $LATWEAVE_UPDATE_GOLDEN set, rewrite it and fail."""
    old = path.read_text(encoding="utf-8") if path.exists() else None
    if old != text and os.environ.get(UPDATE):
        path.write_text(text, encoding="utf-8")
        pytest.fail(f"golden rewritten — review the diff: {path}", pytrace=False)
    assert old is not None, f"no golden {path}: run with {UPDATE}=1 to write it, then review it"
    assert old == text, what or f"rendering changed: {path.name} ({UPDATE}=1 rewrites it, then review the diff)"
