"""One lattice served under a name: its folder, and a small pool of read sessions on the version of
the lattice the folder holds now.

**Versions.** A lattice changed while serving (`latweave add`, or the `add` endpoint) is written
atomically (folder/store.py: the whole folder swapped in one step), and its manifest is what says
which lattice the folder holds: `Served.use` notes the manifest's identity (inode, size, time)
when it takes a session and looks again when the call is done. The same identity both times means
no swap happened in between, so every file the call read belonged to the one version the session
was taken on; a changed one means it may have read files of both, so it runs again on a session of
the new version. A request therefore sees the old lattice or the new one, never a mix, and the
result says which (its `lattice.content_hash`). A call that fails while the folder changed is run
again too (a session reading files of two versions can fail), so a change makes no request fail.

**The pool.** A session runs one call at a time (latweave.api.LatticeSession's lock), so each
request takes a session of its own: an idle one of the current version, else a new one while fewer
than `sessions` are open, else it waits for one to come back. Sessions open on demand (one request
at a time opens one), are kept while their version is current, and are closed when a request
finds the folder changed (idle ones at once, those in use when their request gives them back).
Every session of one version answers a plan with the same bytes (same lattice + same plan), so
which one a request gets never shows. Each holds its own engine connection and caches: memory
grows with `sessions`, and a plan's first run is paid once per session.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Callable, TypeVar

from latweave.errors import LatweaveError, StoreError
from latweave.folder.names import MANIFEST
from latweave.serve.config import Limits

T = TypeVar("T")

#: How often a request runs again because the lattice changed under it, before it gives up.
RETRIES = 5


class Served:
    """One lattice served under a name: its folder, and at most `sessions` read sessions on it."""

    def __init__(self, name: str, folder: Path, engine: str | None, limits: Limits, sessions: int = 1):
        if isinstance(sessions, bool) or not isinstance(sessions, int) or sessions < 1:
            raise LatweaveError(f"sessions is a whole number of at least 1, not {sessions!r}",
                                hint="latweave serve --sessions N")
        self.name = name
        self.folder = folder
        self.engine = engine
        self.limits = limits
        self.size = sessions
        self._cond = threading.Condition(threading.Lock())
        self._identity: tuple | None = None    # the version the pool's sessions are of
        self._version = 0                      # counts the versions seen (a session's tag)
        self._idle: list = []                  # sessions of the current version no request is using
        self._open = 0                         # sessions of the current version: idle, in use or opening
        self._out: dict[int, tuple[object, int]] = {}   # id(session) → (session, its version): in use
        self._planner = None                   # (version, the LLM planner of `ask`), made once per version
        self._closed = False
        self.write_lock = threading.Lock()     # one add or remove at a time through this server

    def identity(self) -> tuple:
        """What tells one version of the folder's lattice from another: its manifest file's inode,
        size and modification time (an atomic write replaces the file)."""
        try:
            st = os.stat(self.folder / MANIFEST)
        except FileNotFoundError:
            raise StoreError(f"the lattice {self.name!r} is gone from the folder it was served from",
                             hint="build it again there, or restart the server") from None
        return (st.st_ino, st.st_size, st.st_mtime_ns)

    def use(self, call: Callable[[object], T]) -> T:
        """`call(session)` on a session of one version of the lattice, run again when the folder
        changed while it ran (see the module docstring)."""
        for _ in range(RETRIES):
            session, identity, version = self._take()
            try:
                try:
                    value = call(session)
                except Exception:
                    if self.identity() == identity:
                        raise
                    continue   # it failed on files of two lattices (the change replaced some): run it again
                if self.identity() == identity:
                    return value
            finally:
                self._give_back(session, version)
        raise StoreError(f"the lattice {self.name!r} changed {RETRIES} times while one request ran",
                         hint="try again when the changes are done")

    def _take(self) -> tuple[object, tuple | None, int]:
        """A session for one call: (it, the identity of the version it is of, that version's tag)."""
        from latweave import api

        with self._cond:
            while True:
                if self._closed:
                    raise StoreError(f"the lattice {self.name!r} is no longer served", hint="the server is stopping")
                now = self.identity()
                if now != self._identity:
                    self._new_version(now)
                identity, version = self._identity, self._version
                if self._idle:
                    session = self._idle.pop()
                    break
                if self._open < self.size:
                    self._open += 1
                    session = None
                    break
                self._cond.wait()
            if session is not None:
                self._out[id(session)] = (session, version)
                return session, identity, version
        try:   # opened outside the lock: the other sessions serve meanwhile
            session = api.open(self.folder, self.engine, timeout=self.limits.engine_s)
        except BaseException:
            with self._cond:
                if version == self._version:
                    self._open -= 1
                self._cond.notify()
            raise
        with self._cond:
            self._out[id(session)] = (session, version)
        return session, identity, version

    def _give_back(self, session, version: int) -> None:
        """Back to the pool when its version is still current; closed otherwise."""
        with self._cond:
            del self._out[id(session)]
            keep = version == self._version and not self._closed
            if keep:
                self._idle.append(session)
            self._cond.notify()
        if not keep:
            session.close()

    def _new_version(self, identity: tuple) -> None:
        """The folder holds another lattice: the idle sessions close, those in use close when given
        back, and new ones open on demand (the lock is held)."""
        for session in self._idle:
            session.close()
        self._idle, self._open = [], 0
        self._identity = identity
        self._version += 1
        self._planner = None
        self._cond.notify_all()

    def planner(self, session, config):
        """The LLM planner of `ask` for the version `session` is of (its prompt, built from the whole
        lattice model, is made once per version and shared by the pool's sessions)."""
        with self._cond:
            version = self._out[id(session)][1]
            kept = self._planner
        if kept is not None and kept[0] == version:
            return kept[1]
        planner = session.llm_planner(config)
        with self._cond:
            if version == self._version:
                self._planner = (version, planner)
        return planner

    def close(self) -> None:
        """Close every session (one in use closes when its call is done: its lock waits for it)."""
        with self._cond:
            self._closed = True
            sessions = [*self._idle, *(s for s, _ in self._out.values())]
            self._idle, self._open = [], 0
            self._cond.notify_all()
        for session in sessions:
            session.close()
