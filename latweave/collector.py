"""Python's cyclic garbage collector paused while a run builds its results (`paused()`).

A run allocates a plan's proof trees — tens of thousands of nodes for an answer set — that live
until the run returns. Allocated with the collector on, they outlive the young generations'
collections and are promoted to the oldest, whose full collections walk every object a session
keeps; on a long session over the 1.2M-instance spine lattice those collections were ~43 % of its
time (docs/performance.md, round twenty-four). A run's objects are acyclic, freed by their
reference counts when its results are dropped, so the collector is paused while a run runs and
resumes when the last one on any thread returns (runs on several threads, a server's, share one
pause); a collector the process had disabled stays disabled.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_LOCK = threading.Lock()
_runs = 0           # runs under way in this process
_disabled = False   # whether the first of them disabled the collector (it was enabled then)


@contextmanager
def paused() -> Iterator[None]:
    """The collector disabled while the block runs (and while any other thread's block does)."""
    global _runs, _disabled
    with _LOCK:
        if _runs == 0:
            _disabled = gc.isenabled()
            if _disabled:
                gc.disable()
        _runs += 1
    try:
        yield
    finally:
        with _LOCK:
            _runs -= 1
            if _runs == 0 and _disabled:
                _disabled = False
                gc.enable()
