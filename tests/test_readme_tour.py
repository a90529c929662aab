"""README's 60-second tour reproduces: each `$ latweave ...` command of its console block is run in
a fresh folder, and what it prints matches the block line for line (a line `…` stands for any
lines, as the README cuts long output)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LATWEAVE = f'latweave() {{ "{sys.executable}" -c "import sys; from latweave.cli import main; sys.exit(main())" "$@"; }}'


def tour() -> list[tuple[str, list[str]]]:
    """(command, expected lines) of the tour's console block, in order."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## A 60-second tour", 1)[1]
    block = section.split("```console\n", 1)[1].split("\n```", 1)[0]
    steps: list[tuple[str, list[str]]] = []
    lines = block.split("\n")
    i = 0
    while i < len(lines):
        if not lines[i].startswith("$ "):
            i += 1
            continue
        command = lines[i][2:]
        while command.count("'") % 2:   # a plan quoted over several lines
            i += 1
            command += "\n" + lines[i]
        i += 1
        expected = []
        while i < len(lines) and not lines[i].startswith("$ "):
            expected.append(lines[i])
            i += 1
        while expected and not expected[-1].strip():
            expected.pop()
        steps.append((command, expected))
    return steps


def matches(expected: list[str], shown: list[str]) -> bool:
    """Whether `shown` is `expected` with each `…` line (alone, or at the end of a tree's branch
    lines: `│   └── …`) standing for any lines (none included)."""
    pattern = "".join("(?:.*\n)*?" if re.sub(r"[│├└─\s]", "", line) == "…" else re.escape(line.rstrip()) + "\n"
                      for line in expected)
    return re.match(pattern, "".join(s.rstrip() + "\n" for s in shown)) is not None


@pytest.mark.slow
def test_the_tour_reproduces(tmp_path):
    steps = tour()
    assert len(steps) >= 5, "the tour's console block was not found"
    (tmp_path / "corpora").symlink_to(ROOT / "corpora")
    env = {**os.environ, "COLUMNS": "200", "NO_COLOR": "1", "TERM": "dumb"}
    for command, expected in steps:
        shown = subprocess.run(["bash", "-c", f"{LATWEAVE}\n{command.split('     #')[0]}"], cwd=tmp_path, env=env,
                               capture_output=True, text=True, timeout=300)
        output = (shown.stdout + shown.stderr).rstrip("\n").split("\n")
        assert matches(expected, output), f"$ {command}\nexpected:\n" + "\n".join(expected) + \
            "\nshown:\n" + "\n".join(output)


def test_the_matcher_skips_only_where_the_readme_cuts():
    assert matches(["a", "…", "d"], ["a", "b", "c", "d"]) and matches(["a", "│   └── …", "d"], ["a", "d"])
    assert not matches(["a", "b"], ["a", "c"]) and not matches(["a", "…", "d"], ["a", "b", "c"])
    assert not matches(["built out/zoo: 5 dimensions"], ["built out/zoo: 6 dimensions"])
