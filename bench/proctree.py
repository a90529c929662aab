"""A process and its descendants, read from Linux's /proc: what bench/build.py samples for memory
and bench/suite_cpu.py sums for CPU.

`table()` reads every process's `stat` once — its parent and its CPU ticks (user, system, and its
reaped children's) — and `tree(root, table)` walks it from `root`; `threads(pid)` reads each thread
of one process (its user and system ticks). A process or thread that ends while it is read is left
out; elsewhere than Linux, `table()` and `threads()` are empty.
"""

from __future__ import annotations

import os

#: clock ticks a second: what the CPU times below are counted in
TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100

#: pid → (parent pid, (utime, stime, cutime, cstime) in clock ticks)
Table = dict[int, tuple[int, tuple[int, int, int, int]]]


def table() -> Table:
    """Every process now, from /proc/<pid>/stat."""
    out: Table = {}
    try:
        entries = os.listdir("/proc")
    except OSError:
        return out
    for entry in entries:
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as handle:
                    fields = handle.read().rsplit(")", 1)[1].split()   # after the name, which may hold spaces
                out[int(entry)] = (int(fields[1]), (int(fields[11]), int(fields[12]), int(fields[13]), int(fields[14])))
            except (OSError, ValueError, IndexError):
                continue
    return out


def tree(root: int, procs: Table | None = None) -> list[int]:
    """`root` and its descendants in `procs` (`table()` now when not given), root first."""
    procs = table() if procs is None else procs
    children: dict[int, list[int]] = {}
    for pid, (parent, _) in procs.items():
        children.setdefault(parent, []).append(pid)
    out, stack = [], [root]
    while stack:
        pid = stack.pop()
        out.append(pid)
        stack += children.get(pid, [])
    return out


def threads(pid: int) -> dict[int, tuple[int, int]]:
    """Each thread of process `pid` now: thread id → (utime, stime) in clock ticks (the process's
    first thread has its id)."""
    out: dict[int, tuple[int, int]] = {}
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return out
    for tid in tids:
        try:
            with open(f"/proc/{pid}/task/{tid}/stat", encoding="ascii", errors="replace") as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
            out[int(tid)] = (int(fields[11]), int(fields[12]))
        except (OSError, ValueError, IndexError):
            continue
    return out
