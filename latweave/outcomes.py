"""One table: what each error class means to the command line (its exit status) and to the HTTP
server (its status code), so that the two can never drift apart.

`latweave` (cli.py) exits with `exit_code(exc)` for whatever LatweaveError reaches it, and
`latweave serve` (latweave/serve/) answers with `http_status(exc)` and the error's JSON (the
object `--json` prints for it). A class is looked up along its MRO: a subclass not listed here
(an error of one module, such as llm/client.py's LLMError) takes its nearest listed ancestor's
row. Every class errors.py defines has a row of its own (tests/test_outcomes.py checks, and
enumerates every LatweaveError subclass in the package).

    >>> from latweave.errors import PlanError
    >>> exit_code(PlanError("x")), http_status(PlanError("x"))
    (2, 422)
"""

from __future__ import annotations

from typing import NamedTuple

from latweave.errors import (EXIT_ENGINE, EXIT_LLM_UNREACHABLE, EXIT_NOT_LIVE, EXIT_USER, CorpusError, EngineError,
                             EngineTimeout, EngineUnavailable, Forbidden, LatticeError, LatweaveError, LegitimacyError,
                             NotFound, PlanError, RuleError, ServiceUnreachable, SourceError, StoreError, TooLarge,
                             Unauthorized, WriteError)


class Outcome(NamedTuple):
    error: type[LatweaveError]
    exit: int        # the command line's exit status
    http: int        # the server's status code
    why: str         # what the pair says, for docs/serve.md


#: Every error class of errors.py, with its exit status and its HTTP status.
OUTCOMES: tuple[Outcome, ...] = (
    Outcome(LatweaveError, EXIT_USER, 400, "bad input: arguments, a request's fields"),
    Outcome(SourceError, EXIT_USER, 422, "an input file or a saved result that cannot be read as written"),
    Outcome(CorpusError, EXIT_USER, 422, "a corpus or KB file that cannot be read"),
    Outcome(RuleError, EXIT_USER, 500, "the shipped rules are outside the Datalog subset (never the caller's fault)"),
    Outcome(LatticeError, EXIT_USER, 422, "sources that break a lattice invariant"),
    Outcome(StoreError, EXIT_USER, 500, "the lattice folder is missing, half-written or in an old format"),
    Outcome(WriteError, EXIT_USER, 507, "a file could not be written (disk full, quota)"),
    Outcome(PlanError, EXIT_USER, 422, "a plan that does not parse or does not fit the lattice"),
    Outcome(EngineError, EXIT_ENGINE, 500, "an engine failed"),
    Outcome(EngineUnavailable, EXIT_ENGINE, 503, "the engine cannot run on this machine"),
    Outcome(EngineTimeout, EXIT_ENGINE, 504, "the engine ran past its time bound"),
    Outcome(ServiceUnreachable, EXIT_LLM_UNREACHABLE, 502, "the LLM endpoint could not be reached"),
    Outcome(LegitimacyError, EXIT_NOT_LIVE, 409, "the lattice may not go live (meets not unique): nothing written"),
    Outcome(TooLarge, EXIT_USER, 413, "a request body or an upload over the server's bound"),
    Outcome(Unauthorized, EXIT_USER, 401, "no bearer token, or the wrong one"),
    Outcome(Forbidden, EXIT_USER, 403, "a write to a server started without --allow-writes"),
    Outcome(NotFound, EXIT_USER, 404, "a lattice, dimension or route the server does not have"),
)

_BY_CLASS = {outcome.error: outcome for outcome in OUTCOMES}


def outcome(exc: LatweaveError | type[LatweaveError]) -> Outcome:
    """The row of `exc` (an error or its class): its own, else its nearest listed ancestor's."""
    cls = exc if isinstance(exc, type) else type(exc)
    for klass in cls.__mro__:
        row = _BY_CLASS.get(klass)
        if row is not None:
            return row
    raise TypeError(f"{cls.__name__} is not a LatweaveError")


def exit_code(exc: LatweaveError | type[LatweaveError]) -> int:
    """The command line's exit status for `exc`."""
    return outcome(exc).exit


def http_status(exc: LatweaveError | type[LatweaveError]) -> int:
    """The HTTP server's status code for `exc`."""
    return outcome(exc).http
