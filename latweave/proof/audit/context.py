"""What a check may read and do during an audit: the `Context` every check function takes.

The checks (one module per family: hits, members, extremum, …) are plain functions
`check(ctx, tree, here, args[, children])`. They are typed against this protocol, not against
the `Auditor` that implements it (auditor.py), so that the check modules import nothing above
them: auditor.py imports the checks, never the other way round — the imports form a tree.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from latweave.plan.ast import Plan
    from latweave.proof.audit.files import LatticeFiles
    from latweave.proof.audit.plan_meets import PlanMeet
    from latweave.proof.audit.report import AuditReport
    from latweave.proof.audit.semantics import Evaluation
    from latweave.proof.model import Atom, Node, Proof


class Context(Protocol):
    #: the lattice folder's files, read directly (files.py)
    files: LatticeFiles
    #: the result being audited, as its JSON object
    result: dict
    #: the result's proof, read into the typed model once
    proof: Proof
    #: the report being written
    report: AuditReport
    #: the result's plan, parsed (None when missing or unparsable)
    plan: Plan | None
    #: the plan's meets by name ("meet#k")
    meets: dict[str, PlanMeet]
    #: the plan evaluated over the lattice files (None when it could not run)
    evaluation: Evaluation | None
    #: a paged result's whole outcome, beside the page's slice (pages.py)
    whole: object
    #: the nodes above the one being checked, in the walk
    ancestors: list[Node]
    #: per document: the offsets counted and their lines (lines.py)
    lines_seen: dict[str, tuple[list[int], list[int]]]

    @property
    def final(self): ...

    def fail(self, tree_or_text, path: list[str], problem: str) -> None: ...

    def note(self, text: str) -> None: ...

    def coords(self, x: str, d: str) -> set[str]: ...

    def values_on(self, items, d: str) -> set[str]: ...

    def parent_atom(self) -> Atom | None: ...

    def dim(self, name: str, tree, path) -> str | None: ...

    def visit(self, tree: Node, path: list[str]) -> None: ...
