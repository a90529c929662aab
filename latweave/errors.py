"""One root exception, so callers can catch everything latweave raises on purpose.

Each subclass carries where the problem is (a file and line, a plan position) and a hint,
because every error here is meant to be read by a person or sent back to an LLM.
"""

from __future__ import annotations


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


class RuleError(SourceError):
    """rules/*.dl is outside the supported Datalog subset, or is not stratifiable."""


class EngineError(LatweaveError):
    """An engine failed to run the rules (a crash, a missing binary, a bad output)."""


class EngineUnavailable(EngineError):
    """The engine cannot run on this machine; the message says why."""


class PlanError(LatweaveError):
    """A plan cannot be read or does not fit the lattice's schema."""
