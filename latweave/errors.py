"""One root exception, so callers can catch everything latweave raises on purpose.

Each subclass carries where the problem is (a file and line, a plan position) and a hint,
because every error here is meant to be read by a person or sent back to an LLM.
"""

from __future__ import annotations


#: The exit statuses of the command line (README, "Exit codes"): `latweave` and its REPL's batches.
#: Which one an error class exits with is latweave/outcomes.py's table alone (`exit_code`).
EXIT_OK, EXIT_USER, EXIT_ABSTAIN, EXIT_ENGINE, EXIT_AUDIT, EXIT_NOT_LIVE, EXIT_LLM_UNREACHABLE = 0, 2, 3, 4, 5, 6, 7
EXIT_INTERRUPTED = 130   # Ctrl-C: 128 + SIGINT, as a shell reports it
EXIT_TERMINATED = 143   # SIGTERM: 128 + 15, as a shell reports it


class LatweaveError(Exception):
    """Root of every error latweave raises deliberately."""

    def __init__(self, message: str, *, hint: str | None = None):
        super().__init__(message)
        self.message = message
        self.hint = hint

    def __str__(self) -> str:
        return self.message if not self.hint else f"{self.message}\n  hint: {self.hint}"

    def to_dict(self) -> dict:
        return {"error": type(self).__name__, "message": self.message, "hint": self.hint}


class SourceError(LatweaveError):
    """A problem in an input file, located by file and (1-based) line."""

    def __init__(self, message: str, *, file: str, line: int | None = None, hint: str | None = None):
        where = f"{file}:{line}" if line is not None else file
        super().__init__(f"{where}: {message}", hint=hint)
        self.file = file
        self.line = line
        self.detail = message

    def to_dict(self) -> dict:
        return {**super().to_dict(), "file": self.file, "line": self.line}


class CorpusError(SourceError):
    """A corpus file (dimensions, facts, documents) cannot be read as written."""


class LatticeError(LatweaveError):
    """A lattice breaks an invariant: a cycle, an orphan, a predicate without evidence."""


class StoreError(LatweaveError):
    """A lattice folder on disk is missing, half-written, or does not match its manifest."""


class WriteError(LatweaveError):
    """A file could not be written: the disk is full, a quota or file-size limit was reached, or
    the device failed (latweave/write_failure.py). What was there before is unchanged."""

    def __init__(self, message: str, *, path: str, hint: str | None = None):
        super().__init__(message, hint=hint)
        self.path = path

    def to_dict(self) -> dict:
        return {**super().to_dict(), "path": self.path}


class LegitimacyError(LatweaveError):
    """A lattice may not go live: some dimension's meets are not unique (`latweave.ingest.gate.NotLive`
    carries the report; the CLI exits 6)."""


class TooLarge(LatweaveError):
    """An input over a bound this process sets: a request body, an upload (`latweave serve`)."""


class Unauthorized(LatweaveError):
    """A request without the bearer token the server was started with (`latweave serve`)."""


class Forbidden(LatweaveError):
    """A request the server does not allow: a write to a server started read-only."""


class NotFound(LatweaveError):
    """A name the request gives that the server does not have: a lattice, a dimension, a route."""


class RuleError(SourceError):
    """rules/*.dl is outside the supported Datalog subset, or is not stratifiable."""


class ServiceUnreachable(LatweaveError):
    """A service latweave calls (an LLM endpoint) could not be reached, after retries: a fault of
    the connection, not of the input nor of the question (the CLI exits 7)."""


class EngineError(LatweaveError):
    """An engine failed to run the rules (a crash, a missing binary, a bad output)."""


class EngineUnavailable(EngineError):
    """The engine cannot run on this machine; the message says why."""


class EngineTimeout(EngineError):
    """An evaluation ran past the timeout it was given (`--timeout`) and was stopped."""


class PlanError(LatweaveError):
    """A plan cannot be read or does not fit the lattice's schema.

    One type for syntax and type errors alike, so the same message can go to a person or back to
    an LLM planner for repair: `code` labels what is wrong, `line`/`column` (1-based) say where,
    `context` is the line with a caret under the spot, `expected` lists what would fit there.
    """

    def __init__(self, message: str, *, hint: str | None = None, code: str = "invalid_plan",
                 line: int | None = None, column: int | None = None, context: str | None = None,
                 expected: list[str] | None = None):
        super().__init__(message, hint=hint)
        self.code = code
        self.line = line
        self.column = column
        self.context = context
        self.expected = expected or []

    def __str__(self) -> str:
        where = f"line {self.line}, column {self.column}: " if self.line is not None else ""
        parts = [f"{where}{self.message}"]
        if self.context:
            parts.append(self.context)
        if self.expected:
            parts.append(f"  expected: {', '.join(self.expected)}")
        if self.hint:
            parts.append(f"  hint: {self.hint}")
        return "\n".join(parts)

    def to_dict(self) -> dict:
        return {**super().to_dict(), "code": self.code, "line": self.line, "column": self.column,
                "context": self.context, "expected": self.expected}
