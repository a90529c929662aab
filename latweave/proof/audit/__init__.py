"""The independent checker: re-verify a result's proof against the lattice folder, step by step.

`audit(lattice_dir, result)` reads the lattice's JSON-lines files directly (never the compiled
facts, the rules or an engine) and checks every node of the proof tree: each lattice axiom
against the stored rows (predicates and their evidence offsets in the documents, subsumption
edges, bounds), each inner node against the rule its relation names, the proof's meets against
the plan's canonical text, the answer set against the trees, and each abstention witness where
it can be checked on its own. Claims that only a full re-evaluation could confirm (that nothing
else meets a constraint, say) are listed as notes, never as failures.

This package must not import the engines, the compiler, the Datalog front end or the executor:
a checker that shares the machinery it checks would share its bugs.

Modules, one job each:

    report        AuditReport: what failed, what was noted, and its rich rendering
    files         LatticeFiles: the lattice folder read and indexed (values, synonyms,
                  instances, predicates, documents, down-sets, what a constraint admits)
    atoms         proof text: parse_atom, node labels, premises of one relation
    plan_meets    the plan's meets as the compiler numbers them, its constraints by text
    auditor       the walk: shared state, bookkeeping, dispatch by status and relation
    leaves        the lattice axioms (coord, subsumes, node, instance, bounds, ...)
    hits          desc and hit: why a coordinate meets a constraint
    members       self, member, step_out, answer: meet membership and what it yields
    arguments     a compare's arguments, in the lattice and in the proof (arg)
    extremum      argmax/argmin, beats, and the completeness of the answer set
    spans         argmax/argmin over a difference of two date dimensions: spans of days
    answers       an answer result as a whole
    verdicts      holds and same/differ verdicts (and fails)
    abstentions   abstain and each reason's witness
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

from latweave.proof.audit.atoms import parse_atom
from latweave.proof.audit.auditor import Auditor
from latweave.proof.audit.files import LatticeFiles
from latweave.proof.audit.plan_meets import SELF, PlanMeet, plan_meets
from latweave.proof.audit.report import AuditReport

__all__ = ["SELF", "AuditReport", "LatticeFiles", "PlanMeet", "audit", "audit_many", "parse_atom",
           "plan_meets"]


def _as_dict(result) -> dict:
    return result.to_dict() if hasattr(result, "to_dict") else result


def audit(lattice_dir: Path | str, result) -> AuditReport:
    """Re-verify `result` (a Result or its dict) against the lattice folder `lattice_dir`."""
    return Auditor(LatticeFiles(lattice_dir), _as_dict(result)).run()


def audit_many(lattice_dir: Path | str, results: Iterable) -> list[AuditReport]:
    """Audit several results against one lattice folder (read once)."""
    lattice = LatticeFiles(lattice_dir)
    return [Auditor(lattice, _as_dict(r)).run() for r in results]
