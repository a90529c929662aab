"""For child processes killed in the middle of a write (tests/test_store_safety.py, tests/test_living.py).

`install(pause_after, pointer)` patches the store so that its `pause_after`-th step that changes
names beside a lattice — a rename, a symlink, a removal, the swap itself — prints `PAUSED after
<step> #<n>` and sleeps, waiting to be killed; with `sources=True`, linking or copying each stored
source into the new folder counts as a step too (the folder is then half-written). `pointer`:
names cannot be swapped here (the lattice path becomes a symlink to a version). `steps()`: how
many steps ran (a child that never paused prints it, so a test knows how many there are).
`wait_line` is the test's side: it reads the child's lines until one says it paused.
"""

from __future__ import annotations

import os
import select
import shutil
import time
import types

_calls = 0


def steps() -> int:
    return _calls


def _pausing(fn, name: str, pause_after: int):
    def wrapper(*args, **kwargs):
        global _calls
        result = fn(*args, **kwargs)
        _calls += 1
        if _calls == pause_after:
            print(f"PAUSED after {name} #{_calls}", flush=True)
            time.sleep(300)
        return result
    return wrapper


def install(pause_after: int, pointer: bool, *, names=("rename", "replace", "symlink", "rmdir", "unlink"),
            sources: bool = False) -> None:
    from latweave.folder import store

    fs = types.SimpleNamespace(**{n: getattr(os, n) for n in dir(os) if not n.startswith("__")})
    for name in names:
        setattr(fs, name, _pausing(getattr(os, name), name, pause_after))
    store.os = fs
    store.shutil = types.SimpleNamespace(**{**vars(shutil), "rmtree": _pausing(shutil.rmtree, "rmtree", pause_after)})
    if sources:
        from latweave.ingest import sources as stored

        stored.os = types.SimpleNamespace(**{**vars(fs), "link": _pausing(os.link, "link", pause_after)})
        stored.shutil = types.SimpleNamespace(**{**vars(shutil),
                                                 "copyfile": _pausing(shutil.copyfile, "copyfile", pause_after)})
    if pointer:
        store._exchange = lambda a, b: False
    elif hasattr(store, "_exchange"):
        store._exchange = _pausing(store._exchange, "exchange", pause_after)


def wait_line(proc, expect: str, timeout: float = 60) -> str | None:
    """(In the test.) The first stdout line of the child `proc` starting with `expect`; None when
    it exits without one; the child is killed and the test fails when none comes in `timeout`."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        ready, _, _ = select.select([proc.stdout], [], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            break
        line = proc.stdout.readline()
        if not line:
            return None
        if line.startswith(expect):
            return line
    proc.kill()
    raise AssertionError(f"no {expect!r} from the child within {timeout}s")
