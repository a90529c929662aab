"""latweave: deterministic, auditable multi-hop question answering on knowledge lattices.

The Python API (latweave/api/), loaded on first use so that `import latweave.lattice` stays
cheap:

    build(source, out, ...)      a corpus folder or KB file → a lattice folder (a BuildSummary)
    open(path, engine=None)      a LatticeSession: .run(plan), .run_many(plans), .check(plan),
                                 .ask(question, planner), .audit(result)
    parse_plan(text)             the plan language (or its JSON form) → a Plan
    parse_claims(text)           a claim (`latweave verify`) → Claims; session.verify(claim) → a Verification
    audit(result, lattice=...)   certify a saved result against the lattice's files, no engine
    check_lattice(path)          is the lattice legitimate (unique meets, ...)?
    list_engines()               which engines can run here

`Result`, `Plan`, `Reason` and `LatweaveError` (the root of every error latweave raises) are here
too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

__version__ = "0.1.0"

#: The public names latweave.api defines — the one list: `latweave.api.__all__` is this, and a
#: test holds the TYPE_CHECKING import below to it. Each is imported when first used.
_API = ("Asked", "Exemplar", "LLMConfig", "LatticeSession", "NotLive", "Verification", "add", "audit", "build",
        "check_lattice", "evaluate", "history", "list_engines", "open", "parse_claims", "parse_plan", "plan_errors",
        "plan_text", "read_exemplars", "read_result", "remove", "run_demo")
_TYPES = ("LatweaveError", "Plan", "Reason", "Result")

__all__ = sorted(_API + _TYPES)

if TYPE_CHECKING:  # pragma: no cover
    from latweave.api import (Asked, Exemplar, LatticeSession, LLMConfig, NotLive, Verification, add, audit, build,
                              check_lattice, evaluate, history, list_engines, open, parse_claims, parse_plan,
                              plan_errors, plan_text, read_exemplars, read_result, remove, run_demo)
    from latweave.errors import LatweaveError
    from latweave.plan.ast import Plan
    from latweave.reasons import Reason
    from latweave.result import Result


def __getattr__(name: str):
    """PEP 562: the API's names are imported on first use."""
    if name in _API:
        from latweave import api

        value = getattr(api, name)
    elif name == "LatweaveError":
        from latweave.errors import LatweaveError as value
    elif name == "Plan":
        from latweave.plan.ast import Plan as value
    elif name == "Reason":
        from latweave.reasons import Reason as value
    elif name == "Result":
        from latweave.result import Result as value
    else:
        raise AttributeError(f"module 'latweave' has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The public names and the version: not the imports this module needs (`TYPE_CHECKING`,
    `annotations`) nor its own workings."""
    return sorted({*__all__, "__version__"})
