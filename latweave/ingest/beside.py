"""Work done beside a build, in a second process: a build's two halves on two cores.

Once a lattice's model is built, what is written of it splits into two halves that share only the
model: the legitimacy gate with the model's JSON-lines files, and the compiled facts with the
SQLite engine's database (ingest/write.py). `Beside(work)` runs `work` in a forked child while the
caller does the other half, and `result()` returns what `work` returned (pickled back through a
pipe). A fork, not a fresh interpreter: the child starts with the model already in its memory
(pages shared until written), where spawning one would pickle the whole model across — at a
100,000-person KB, over a million predicates — before any work began.

Nothing here changes what is written: the child writes its files into the same folder of the same
atomic write (folder/store.py), under names the parent never writes, and `result()` returns only
once the child has exited. When the child fails in any way — an exception, a signal, a result that
cannot be pickled back — `work` runs again in this process, so a failure is raised (or a refusal
reported) exactly as a build in one process raises it. Without a fork (`LATWEAVE_BUILD_FORK=0`,
another OS, one core, a small lattice) `work` runs in this process when `result()` asks for it.

`LATWEAVE_BUILD_FORK`: `1` forks whatever the size (the tests), `0` never; unset, a lattice of at
least `FORK_PREDICATES` predicates on Linux with two cores or more forks.
"""

from __future__ import annotations

import os
import pickle
import signal
import sys
import warnings
from typing import Any, Callable

#: Below this many predicates a build takes about a second, and a fork's own cost (copying the
#: page tables, the child's exit) is not worth paying.
FORK_PREDICATES = 20_000

_UNSET = object()


def fork_wanted(predicates: int) -> bool:
    """Whether a build of `predicates` predicates runs its two halves in two processes."""
    setting = os.environ.get("LATWEAVE_BUILD_FORK", "").strip()
    if setting == "0" or not hasattr(os, "fork") or not sys.platform.startswith("linux"):
        return False
    if setting == "1":
        return True
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    return cores >= 2 and predicates >= FORK_PREDICATES


def _die_with(parent: int) -> None:
    """Have the kernel end this child when its parent dies (Linux `PR_SET_PDEATHSIG`), so a build
    killed outright leaves no child writing into its abandoned folder; best effort."""
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL, 0, 0, 0)   # PR_SET_PDEATHSIG = 1
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:   # the parent died before the request was made
        os._exit(1)


class Beside:
    """`work()` run in a forked child from construction on (when `fork`), its return value
    fetched by `result()`; `close()` (or leaving the `with` block) ends a child still running."""

    def __init__(self, work: Callable[[], Any], fork: bool):
        self.work = work
        self.pid: int | None = None
        self.fd: int | None = None
        self.value: Any = _UNSET
        if fork:
            self._start()

    @property
    def forked(self) -> bool:
        return self.pid is not None

    def _start(self) -> None:
        parent = os.getpid()
        read, write = os.pipe()
        try:
            with warnings.catch_warnings():
                # Python 3.12 warns of fork() in a process with threads (a progress spinner's): the
                # child runs only this module's `work` and never takes a lock another thread may hold
                warnings.simplefilter("ignore", DeprecationWarning)
                pid = os.fork()
        except OSError:   # no process to be had (memory, a process limit): the work is done here
            os.close(read)
            os.close(write)
            return
        if pid == 0:   # the child: do the work, send (ok, value) back, leave without cleanup
            code = 1
            try:
                _die_with(parent)
                os.close(read)
                try:
                    outcome = (True, self.work())
                except BaseException:   # noqa: BLE001 — the parent runs `work` again and sees it there
                    outcome = (False, None)
                try:
                    data = pickle.dumps(outcome, protocol=pickle.HIGHEST_PROTOCOL)
                except BaseException:   # noqa: BLE001
                    data = pickle.dumps((False, None))
                view = memoryview(data)
                while view:
                    view = view[os.write(write, view):]
                code = 0
            finally:
                os._exit(code)   # no atexit handlers, no flushing of the parent's buffers
        os.close(write)
        self.pid, self.fd = pid, read

    def result(self) -> Any:
        """What `work()` returned: the child's, or this process's when there was no child or it
        failed (then `work` runs here, and raises here what it raises)."""
        if self.value is not _UNSET:
            return self.value
        outcome = (False, None)
        if self.pid is not None:
            chunks = []
            while chunk := os.read(self.fd, 1 << 20):
                chunks.append(chunk)
            os.close(self.fd)
            self.fd = None
            _, status = os.waitpid(self.pid, 0)
            self.pid = None
            if os.waitstatus_to_exitcode(status) == 0:
                try:
                    outcome = pickle.loads(b"".join(chunks))
                except Exception:   # noqa: BLE001 — a truncated or unreadable reply: do it here
                    outcome = (False, None)
        self.value = outcome[1] if outcome[0] else self.work()
        return self.value

    def close(self) -> None:
        """End the child if it is still running (the caller failed or was interrupted)."""
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None
        if self.pid is not None:
            try:
                os.kill(self.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            os.waitpid(self.pid, 0)
            self.pid = None

    def __enter__(self) -> "Beside":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
