"""The test suite's CPU, test by test: a pytest plugin that records it, and a summary by file.

Three pytest-xdist workers share two cores here, so the suite's wall time follows the CPU its
tests use, and `--durations` (each test's wall, stretched by whoever else holds the cores) cannot
say which test costs it. Loaded into a run, this plugin reads from `/proc`, before and after each
test, the CPU of the worker's process tree — the worker, its live descendants (a JVM, a CLI
subprocess, a test cluster's daemons and the executors they start) and what they have reaped —
and appends one JSON line per test: its id, CPU seconds, wall seconds, start time, worker.
Linux only (it reads `/proc`); a descendant that leaves its parent's tree (a daemon that
re-parents itself to init) is not counted. docs/performance.md, "The test suite", round eighteen.

    SUITE_CPU_OUT=/tmp/cpu.jsonl .venv/bin/python -m pytest -p bench.suite_cpu
    .venv/bin/python bench/suite_cpu.py /tmp/cpu.jsonl [--before /tmp/cpu-before.jsonl] [--top 30]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import defaultdict
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import proctree  # noqa: E402

#: where the plugin appends its lines (every worker appends to the same file: one write a line)
OUT_ENV = "SUITE_CPU_OUT"


def tree_cpu(root: int) -> float:
    """CPU seconds of `root` and every live descendant, with what each has reaped."""
    procs = proctree.table()
    return sum(sum(procs[pid][1]) for pid in proctree.tree(root, procs) if pid in procs) / proctree.TICK


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    out = os.environ.get(OUT_ENV)
    if not out:
        yield
        return
    cpu, wall = tree_cpu(os.getpid()), time.time()
    yield
    line = {"id": item.nodeid, "cpu": round(tree_cpu(os.getpid()) - cpu, 3), "wall": round(time.time() - wall, 3),
            "start": round(wall, 3), "worker": os.environ.get("PYTEST_XDIST_WORKER", "main")}
    with open(out, "a", encoding="utf-8") as handle:
        handle.write(json.dumps(line, sort_keys=True) + "\n")


def by_file(path: Path) -> dict[str, tuple[float, float, int]]:
    """test file → (CPU s, wall s, tests) from the plugin's lines."""
    out: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0])
    with path.open(encoding="utf-8") as handle:
        for text in handle:
            row = json.loads(text)
            entry = out[row["id"].split("::")[0]]
            entry[0] += row["cpu"]
            entry[1] += row["wall"]
            entry[2] += 1
    return {name: (cpu, wall, int(n)) for name, (cpu, wall, n) in sorted(out.items())}


def summary(after: Path, before: Path | None = None, top: int = 30) -> list[str]:
    """Lines: the totals, then the `top` files by CPU (with `before`'s beside them)."""
    now = by_file(after)
    was = by_file(before) if before is not None else {}
    total = sum(c for c, _, _ in now.values())
    tests, wall = sum(n for _, _, n in now.values()), sum(w for _, w, _ in now.values())
    lines = [f"{tests} tests, {total:.0f} s of CPU, {wall:.0f} s of wall"]
    if before is not None:
        lines[0] += f" (before: {sum(c for c, _, _ in was.values()):.0f} s of CPU)"
    for name, (cpu, wall, n) in sorted(now.items(), key=lambda kv: (-kv[1][0], kv[0]))[:top]:
        old = f"{was[name][0]:8.1f} → " if name in was else ""
        lines.append(f"{old}{cpu:8.1f} s CPU {wall:8.1f} s wall {n:5d}  {name}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="The test suite's CPU by file, from this plugin's lines.")
    parser.add_argument("lines", type=Path, help="the file $SUITE_CPU_OUT named in the run")
    parser.add_argument("--before", type=Path, help="another run's lines, shown beside")
    parser.add_argument("--top", type=int, default=30)
    args = parser.parse_args(argv)
    print("\n".join(summary(args.lines, args.before, args.top)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
