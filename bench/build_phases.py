"""Where a build's wall goes, process by process: a `latweave build` run with its process tree's CPU
read from /proc every `--every` seconds, each process named by its command line.

A bulk build runs several processes at once (docs/performance.md, "A KB built in DuckDB" and the
rounds after it): the split's forked workers, the parent (its DuckDB threads in it), the
predicates' deflating child (folder/blocks.py) and the engine database's child (ingest/stream.py).
Which of them holds the cores when — and where a core sits idle — is what decides the wall, and
telling the children apart by their start order once gave a wrong reading (round nineteen). So each
process is named by its command line: the engine child's and the deflating child's name the
functions they run; a fork of the parent has the parent's; anything else is "other".

    .venv/bin/python bench/build_phases.py -- /tmp/kb300k.txt --format pathquestion --engine duckdb --out /tmp/l

prints one line per `--every` seconds (the cores each kind of process used in it, and their sum),
then each kind's CPU seconds, the wall, and the idle core-seconds (`--cores` × wall − CPU). The
build's own output is discarded; its exit status is this script's. A process's CPU after its last
reading (at most `--every` seconds of it) is not counted. Linux only (it reads /proc).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import proctree  # noqa: E402

_TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
#: the kinds of process, in the order they are printed; `kind` names each process
KINDS = ("split", "parent", "deflate", "engine", "other")


def command_line(pid: int) -> str:
    """The process's command line ("" when it has ended or hides it)."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as handle:
            return handle.read().replace(b"\0", b" ").decode("utf-8", "replace")
    except OSError:
        return ""


def kind(pid: int, root: int, line: str, root_line: str) -> str:
    """What a process of the build is, by its command line (module docstring)."""
    if pid == root:
        return "parent"
    if "engine_child()" in line:
        return "engine"
    if "deflate_child()" in line:
        return "deflate"
    if line and line == root_line:
        return "split"   # (a fork of the parent: the split's workers)
    return "other"


def sample(root: int, root_line: str, names: dict[int, str]) -> dict[int, tuple[str, float]]:
    """Each live process of the tree: its kind and its own CPU seconds so far (`names` keeps a
    process's kind once read: an ending process's command line reads empty)."""
    procs = proctree.table()
    out = {}
    for pid in proctree.tree(root, procs):
        if pid not in procs:
            continue
        if pid not in names:
            names[pid] = kind(pid, root, command_line(pid), root_line)
        utime, stime, _, _ = procs[pid][1]
        out[pid] = (names[pid], (utime + stime) / _TICK)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--every", type=float, default=1.0, help="seconds between two readings")
    parser.add_argument("--cores", type=int, default=os.cpu_count() or 1, help="cores the idle time is counted on")
    parser.add_argument("build", nargs=argparse.REMAINDER, help="-- then `latweave build`'s arguments")
    args = parser.parse_args(argv)
    build = args.build[1:] if args.build[:1] == ["--"] else args.build
    if not build:
        parser.error("give `latweave build`'s arguments after --")
    command = [sys.executable, "-c", "import sys; from latweave.cli import main; sys.exit(main(sys.argv[1:]))",
               "build", *build]
    start = time.perf_counter()
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    root_line = ""
    names: dict[int, str] = {}
    seen: dict[int, tuple[str, float]] = {}   # every process's last reading
    before: Counter = Counter()
    print(f"{'s':>6}  " + "  ".join(f"{k:>7}" for k in KINDS) + "      sum")
    while proc.poll() is None:
        time.sleep(args.every)
        root_line = root_line or command_line(proc.pid)
        now = sample(proc.pid, root_line, names)
        seen.update(now)
        totals: Counter = Counter()
        for name, cpu in seen.values():
            totals[name] += cpu
        used = {k: (totals[k] - before[k]) / args.every for k in KINDS}
        before = totals
        print(f"{time.perf_counter() - start:6.1f}  " + "  ".join(f"{used[k]:7.2f}" for k in KINDS)
              + f"  {sum(used.values()):7.2f}", flush=True)
    wall = time.perf_counter() - start
    cpu: Counter = Counter()
    for name, seconds in seen.values():
        cpu[name] += seconds
    print("cpu s   " + "  ".join(f"{k} {cpu[k]:.1f}" for k in KINDS) + f"  all {sum(cpu.values()):.1f}")
    print(f"wall {wall:.2f} s, idle {max(0.0, args.cores * wall - sum(cpu.values())):.1f} core-s on {args.cores} cores, "
          f"exit {proc.returncode}")
    return proc.returncode


if __name__ == "__main__":
    sys.exit(main())
