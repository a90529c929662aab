"""The CLI run in-process for tests that read its messages: `cli(capsys, *argv)` gives (exit code,
stdout, stderr) and fails the test on a traceback; `wide_terminal` (import it into a test module to
use it there, autouse) keeps rich from wrapping messages at 80 columns and from colouring them."""

from __future__ import annotations

import pytest

from latweave.cli import main


@pytest.fixture(autouse=True)
def wide_terminal(monkeypatch):
    monkeypatch.setenv("COLUMNS", "3000")  # rich wraps at 80 columns otherwise: messages stay on one line
    monkeypatch.setenv("NO_COLOR", "1")


def cli(capsys, *argv) -> tuple[int, str, str]:
    """Run the CLI in-process: (exit code, stdout, stderr); an uncaught exception fails the test."""
    try:
        code = main([str(a) for a in argv])
    except SystemExit as exc:  # argparse
        code = exc.code
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err
