"""Python's cyclic garbage collector paused while a run builds its results (`paused()`).

A run allocates a plan's proof trees — tens of thousands of nodes for an answer set — that live
until the run returns. Allocated with the collector on, they outlive the young generations'
collections and are promoted to the oldest, whose full collections walk every object a session
keeps; on a long session over the 1.2M-instance spine lattice those collections were ~45 % of its
time (docs/performance.md, round twenty-four). A run's objects are freed by their reference counts
when its results are dropped, so the collector is paused while a run runs and resumes when the
last one on any thread returns; a collector the process had disabled stays disabled. Runs on
several threads (a server's) that keep the pause open one after another do not starve it: every
YOUNG_EVERY seconds of such a pause a run that ends collects the young generations (what was
allocated since, where any garbage with cycles is), every FULL_EVERY seconds all of them.
"""

from __future__ import annotations

import gc
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

#: Seconds of one pause (runs overlapping on several threads) after which a run that ends
#: collects the young generations, and after which it collects every generation
YOUNG_EVERY = 1.0
FULL_EVERY = 60.0

_LOCK = threading.Lock()
_runs = 0           # runs under way in this process
_disabled = False   # whether the first of them disabled the collector (it was enabled then)
_young = _full = 0.0  # when this pause began, or its last collection of each kind


@contextmanager
def paused() -> Iterator[None]:
    """The collector disabled while the block runs (and while any other thread's block does)."""
    global _runs, _disabled, _young, _full
    with _LOCK:
        if _runs == 0:
            _disabled = gc.isenabled()
            if _disabled:
                gc.disable()
                _young = _full = time.monotonic()
        _runs += 1
    try:
        yield
    finally:
        generation = None
        with _LOCK:
            _runs -= 1
            if _runs == 0 and _disabled:
                _disabled = False
                gc.enable()
            elif _disabled:
                now = time.monotonic()
                if now - _full >= FULL_EVERY:
                    generation, _full, _young = 2, now, now
                elif now - _young >= YOUNG_EVERY:
                    generation, _young = 1, now
        if generation is not None:
            gc.collect(generation)
