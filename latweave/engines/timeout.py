"""Stopping an engine evaluation that runs past a timeout (`latweave run --engine-timeout SECONDS`).

A `Session` has a `timeout` (seconds, or None for none); each engine honours it in its own way:

* duckdb — `Interrupter` calls `connection.interrupt()` from a timer thread once the time is up
  (and again every few milliseconds, since an interrupt that arrives between two statements is
  lost), so the running SQL statement stops; the session is then closed, never reused;
* sqlite — `Deadline`: the connection's progress handler reads the clock every few thousand
  instructions and stops the statement past the deadline (no thread a run); closed alike;
* souffle — the subprocess is run with the timeout and killed when it passes;
* clingo and pydatalog — neither can be stopped from inside: clingo's `Control.interrupt()` stops
  only solving, and a stratified program does all its work while grounding, which nothing
  interrupts; pyDatalog is plain Python. So with a timeout their evaluation runs in a forked child
  process (`in_child`), which is killed when the time is up (POSIX only; where `fork` is not
  available the evaluation runs in-process and the timeout is checked when it returns).

All of them raise `EngineTimeout` (an EngineError: exit 4) naming the timeout.
"""

from __future__ import annotations

import multiprocessing
import threading
import time
import traceback
from typing import TYPE_CHECKING, Callable

from latweave.errors import EngineError, EngineTimeout

if TYPE_CHECKING:   # (an annotation only: DuckDB's and Spark's sessions need no sqlite3)
    import sqlite3

#: Seconds between two interrupts once the time is up.
_REPEAT_S = 0.01


def timeout_error(engine: str, timeout: float) -> EngineTimeout:
    return EngineTimeout(f"{engine}: the engine ran past the timeout of {timeout:g} s and was stopped",
                         hint="raise --engine-timeout, or run a smaller plan (fewer constraints or steps)")


def keep_interrupting(interrupt: Callable[[], None], done: threading.Event) -> None:
    """Call `interrupt()` every `_REPEAT_S` seconds until `done` is set — again and again, since an
    interrupt that arrives between two statements is lost — or until it raises (a connection
    closed meanwhile: nothing left to interrupt). The timeout's watcher and the REPL's Ctrl-C
    (latweave/repl.py) both stop a run this way."""
    while not done.is_set():
        try:
            interrupt()
        except Exception:  # noqa: BLE001 - a closed connection: nothing left to interrupt
            return
        done.wait(_REPEAT_S)


class Interrupter:
    """`with Interrupter(seconds, interrupt):` calls `interrupt()` once `seconds` have passed, and
    keeps calling it until the block ends; `fired` says whether it did. Leaving the block stops
    the timer thread before returning, so no interrupt can land on a later statement."""

    def __init__(self, timeout: float | None, interrupt: Callable[[], None]):
        self.timeout = timeout
        self.interrupt = interrupt
        self.fired = False
        self._done = threading.Event()
        self._thread: threading.Thread | None = None

    def _watch(self) -> None:
        if self._done.wait(self.timeout):
            return
        if not self._done.is_set():
            self.fired = True
            keep_interrupting(self.interrupt, self._done)

    def __enter__(self) -> "Interrupter":
        if self.timeout is not None:
            self._thread = threading.Thread(target=self._watch, name="latweave-timeout", daemon=True)
            self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._done.set()
        if self._thread is not None:
            self._thread.join()


#: SQLite virtual-machine instructions between two looks at the clock (`Deadline`): ~0.1-0.5 ms of
#: a statement's work, a Python call and a clock read each (well under 1 % of it)
PROGRESS_STEPS = 10_000


class Deadline:
    """`with Deadline(con, seconds):` a SQLite connection's statements stop once `seconds` have
    passed — its progress handler, called every PROGRESS_STEPS instructions of any statement the
    block runs, reads the clock and stops the statement past the deadline; `fired` says whether it
    did, as Interrupter's. No thread: an Interrupter starts and joins one a run, ~200 µs here,
    where a question answered alone takes ~140 (docs/performance.md). Leaving the block removes
    the handler, so nothing stops a later statement."""

    def __init__(self, con: sqlite3.Connection, timeout: float):
        self.con = con
        self.timeout = timeout
        self.fired = False

    def __enter__(self) -> "Deadline":
        deadline = time.monotonic() + self.timeout
        clock = time.monotonic

        def check() -> int:
            if clock() < deadline:
                return 0
            self.fired = True
            return 1
        self.con.set_progress_handler(check, PROGRESS_STEPS)
        return self

    def __exit__(self, *exc: object) -> None:
        self.con.set_progress_handler(None, 0)


def in_child(work: Callable[[], object], timeout: float, engine: str):
    """`work()` in a forked child process, killed after `timeout` seconds (EngineTimeout). Its
    result comes back pickled; an exception in it comes back as an EngineError with its text."""
    try:
        context = multiprocessing.get_context("fork")
    except ValueError:  # pragma: no cover - no fork here: run in-process, check afterwards
        started = time.monotonic()
        out = work()
        if time.monotonic() - started > timeout:
            raise timeout_error(engine, timeout)
        return out
    receive, send = context.Pipe(duplex=False)

    def child() -> None:
        try:
            payload = ("ok", work())
        except EngineError as exc:
            payload = ("error", str(exc))
        except BaseException as exc:  # noqa: BLE001 - reported to the parent, which raises
            payload = ("error", f"{engine} failed: {type(exc).__name__}: {exc}\n{traceback.format_exc(limit=3)}")
        try:
            send.send(payload)
        finally:
            send.close()

    process = context.Process(target=child, name=f"latweave-{engine}", daemon=True)
    process.start()
    send.close()
    try:
        if not receive.poll(timeout):
            raise timeout_error(engine, timeout)
        try:
            kind, value = receive.recv()
        except EOFError:
            process.join()
            raise EngineError(f"{engine}: the evaluation process ended without a result "
                              f"(exit code {process.exitcode})") from None
    finally:
        receive.close()
        if process.is_alive():
            process.kill()
        process.join()
    if kind == "error":
        raise EngineError(value)
    return value
