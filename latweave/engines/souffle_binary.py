"""Finding and running the `souffle` binary: its version, its number domain, one subprocess call.

Soufflé is not in PyPI or Debian; it must be built from source and put on PATH. Without it the
engine's module imports anyway and says why (`unavailable_reason`). Shared by the engine's sessions
(souffle_engine.py) and the provenance cross-check (souffle_explain.py).
"""

from __future__ import annotations

import logging
import os
import re
import shutil
import subprocess
from functools import lru_cache
from pathlib import Path

from latweave.errors import EngineError

log = logging.getLogger("latweave.engines.souffle")

#: Soufflé's default `number` is a signed 32-bit integer unless built with SOUFFLE_DOMAIN_64BIT.
DOMAIN_32 = (-(2 ** 31), 2 ** 31 - 1)
DOMAIN_64 = (-(2 ** 63), 2 ** 63 - 1)

#: Environment variable: worker threads for `-j` (default 1; the batch is faster with 2).
JOBS_ENV = "LATWEAVE_SOUFFLE_JOBS"

NOT_FOUND = (
    "`souffle` is not on PATH; Soufflé is not in PyPI or Debian and must be built from source "
    "(https://github.com/souffle-lang/souffle), then put on PATH"
)


@lru_cache(maxsize=8)
def _probe(path: str) -> tuple[str | None, str | None]:
    """(version line, None) when `path --version` works, else (None, why not)."""
    try:
        proc = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError) as exc:
        return None, f"`souffle` was found at {path} but `souffle --version` failed: {exc}"
    if proc.returncode != 0:
        err = (proc.stderr or proc.stdout).strip()
        return None, f"`souffle` was found at {path} but `souffle --version` exited {proc.returncode}: {err}"
    return proc.stdout, None


def souffle_path() -> str | None:
    return shutil.which("souffle")


def unavailable_reason() -> str | None:
    """None when `souffle` is on PATH and answers `--version`, else a sentence saying why not."""
    path = souffle_path()
    if path is None:
        return NOT_FOUND
    return _probe(path)[1]


def domain() -> tuple[int, int]:
    """The range of Soufflé's `number` ("Word size: 32 bits" in `souffle --version`)."""
    path = souffle_path()
    text = _probe(path)[0] if path else None
    m = re.search(r"Word size:\s*(\d+)", text or "")
    return DOMAIN_64 if m and m.group(1) == "64" else DOMAIN_32


def jobs() -> int:
    """Worker threads from LATWEAVE_SOUFFLE_JOBS (default 1)."""
    raw = os.environ.get(JOBS_ENV, "").strip()
    if not raw:
        return 1
    try:
        return max(1, int(raw))
    except ValueError:
        raise EngineError(f"{JOBS_ENV}={raw!r} is not a number of threads") from None


def command(jobs: int, factsdir: Path, outdir: Path, program_file: Path, extra=()) -> list[str]:
    binary = souffle_path()
    if binary is None:
        raise EngineError(NOT_FOUND)
    return [binary, f"-j{max(1, int(jobs))}", "-F", str(factsdir), "-D", str(outdir), *extra, str(program_file)]


_seen_warnings: set[str] = set()


def _report_stderr(stderr: str) -> None:
    """Soufflé warnings go to the log (once per distinct text at WARNING, then at DEBUG)."""
    text = stderr.strip()
    if not text:
        return
    if text in _seen_warnings:
        log.debug("souffle: %s", text)
    else:
        _seen_warnings.add(text)
        log.warning("souffle: %s", text)


def run(cmd: list[str], *, input: str | None = None, timeout: float | None = None,
        what: str = "souffle") -> subprocess.CompletedProcess:
    """Run Soufflé; raise EngineError on a failure or an `Error:` line, EngineTimeout past `timeout`."""
    try:
        proc = subprocess.run(cmd, input=input, capture_output=True, text=True, timeout=timeout,
                              encoding="utf-8", errors="replace")
    except subprocess.TimeoutExpired:  # subprocess.run has killed it
        from latweave.engines.timeout import timeout_error

        raise timeout_error(what, timeout) from None
    except OSError as exc:
        raise EngineError(f"{what} could not be started: {exc}") from exc
    stderr = proc.stderr or ""
    if proc.returncode != 0 or re.search(r"^Error:", stderr, re.MULTILINE):
        how = (f"was killed by signal {-proc.returncode}" if proc.returncode < 0
               else f"exited {proc.returncode}")
        raise EngineError(f"{what} {how}:\n{stderr.strip() or (proc.stdout or '').strip()[-4000:]}")
    _report_stderr(stderr)
    return proc
