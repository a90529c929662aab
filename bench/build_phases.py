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
then the parent's threads — its main thread, and each other by when it was first seen (DuckDB's,
the legitimacy gate's, the stream's sorts: docs/performance.md, round twenty-one) — with their user
and system CPU, the system share of each kind, then each kind's CPU seconds, the wall, and the idle
core-seconds (`--cores` × wall − CPU). The
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


def sample(root: int, root_line: str, names: dict[int, str]) -> dict[int, tuple[str, float, float]]:
    """Each live process of the tree: its kind, its own CPU seconds so far and the system part of
    them (`names` keeps a process's kind once read: an ending process's command line reads empty)."""
    procs = proctree.table()
    out = {}
    for pid in proctree.tree(root, procs):
        if pid not in procs:
            continue
        if pid not in names:
            names[pid] = kind(pid, root, command_line(pid), root_line)
        utime, stime, _, _ = procs[pid][1]
        out[pid] = (names[pid], (utime + stime) / proctree.TICK, stime / proctree.TICK)
    return out


def thread_lines(threads: dict[int, tuple[float, tuple[int, int]]], root: int) -> list[str]:
    """The parent's threads (thread id → (when first seen, last (utime, stime) ticks)) as lines:
    the main thread first, then the others by when they were first seen; those of under 0.1 s of
    CPU each summed on a last line ("others", when there are any)."""
    lines = ["parent's threads, CPU s (user + system):"]
    order = sorted(threads.items(), key=lambda item: (item[0] != root, item[1][0], item[0]))
    rest = [0, 0]
    for tid, (first, (utime, stime)) in order:
        if tid != root and (utime + stime) / proctree.TICK < 0.1:
            rest[0] += utime
            rest[1] += stime
            continue
        name = "main" if tid == root else f"from {first:.1f} s"
        lines.append(f"  {name:<12} {utime / proctree.TICK:7.2f} + {stime / proctree.TICK:5.2f}")
    if rest != [0, 0]:
        lines.append(f"  {'others':<12} {rest[0] / proctree.TICK:7.2f} + {rest[1] / proctree.TICK:5.2f}")
    return lines


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
    seen: dict[int, tuple[str, float, float]] = {}   # every process's last reading
    threads: dict[int, tuple[float, tuple[int, int]]] = {}   # the parent's threads: first seen, last ticks
    before: Counter = Counter()
    print(f"{'s':>6}  " + "  ".join(f"{k:>7}" for k in KINDS) + "      sum")
    while proc.poll() is None:
        time.sleep(args.every)
        root_line = root_line or command_line(proc.pid)
        now = sample(proc.pid, root_line, names)
        seen.update(now)
        at = time.perf_counter() - start
        for tid, ticks in proctree.threads(proc.pid).items():
            threads[tid] = (threads.get(tid, (at, ticks))[0], ticks)
        totals: Counter = Counter()
        for name, cpu, _ in seen.values():
            totals[name] += cpu
        used = {k: (totals[k] - before[k]) / args.every for k in KINDS}
        before = totals
        print(f"{at:6.1f}  " + "  ".join(f"{used[k]:7.2f}" for k in KINDS)
              + f"  {sum(used.values()):7.2f}", flush=True)
    wall = time.perf_counter() - start
    cpu: Counter = Counter()
    system: Counter = Counter()
    for name, seconds, sys_seconds in seen.values():
        cpu[name] += seconds
        system[name] += sys_seconds
    print("\n".join(thread_lines(threads, proc.pid)))
    print("system  " + "  ".join(f"{k} {system[k]:.1f}" for k in KINDS) + f"  all {sum(system.values()):.1f}")
    print("cpu s   " + "  ".join(f"{k} {cpu[k]:.1f}" for k in KINDS) + f"  all {sum(cpu.values()):.1f}")
    print(f"wall {wall:.2f} s, idle {max(0.0, args.cores * wall - sum(cpu.values())):.1f} core-s on {args.cores} cores, "
          f"exit {proc.returncode}")
    return proc.returncode


if __name__ == "__main__":
    sys.exit(main())
