"""Lattices built from the benchmark data once per test run and shared, read-only, by the test
files (and the pytest-xdist workers) that read them: the 2Wiki lattice takes seconds to build and
more than one file reads it. A lock file serialises the one build; the others wait and reuse it.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
from pathlib import Path


def _root(tmp_path_factory) -> Path:
    """A folder every worker of this run sees: the run's base temporary folder (a worker's own
    base folder is `popen-gwN` inside it)."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def shared_kb(tmp_path_factory, source: Path, fmt: str) -> Path:
    """The lattice of the KB file `source` (format `fmt`), built by the first caller of this run.
    Callers must not change it."""
    from latweave.ingest.builds import build_kb

    stat = source.stat()
    key = hashlib.sha256(f"{source.resolve()}|{stat.st_size}|{stat.st_mtime_ns}|{fmt}".encode()).hexdigest()[:16]
    folder = _root(tmp_path_factory) / "shared-lattices"
    folder.mkdir(exist_ok=True)
    out = folder / f"{fmt}-{key}"
    with open(folder / f"{fmt}-{key}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (out / "manifest.json").is_file():
            build_kb(source, fmt, out)
    return out
