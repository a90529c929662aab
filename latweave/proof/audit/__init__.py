"""The independent checker: re-verify a result against the lattice folder, step by step and whole.

`audit(lattice_dir, result)` first checks the folder against its manifest (every file's hash;
StoreError when the folder is no lattice at all, an audit failure when a file changed), then
reads the lattice's JSON-lines files directly (never the compiled facts, the rules or an engine)
and certifies two things:

* every node of the proof tree holds: each lattice axiom against the stored rows (predicates and
  their evidence offsets in the documents, subsumption edges, bounds), each inner node against
  the rule its relation names, the proof's meets against the plan's canonical text;
* the result is exactly what the plan denotes: semantics.py evaluates the plan a second time, in
  plain Python written from the rules' comments (contested coordinates included: sure and
  possible routes, worlds, winners in every world), and completeness.py compares its outcome —
  status, answers as printed, verdict, every reason that holds, each witness, the contested
  answers — with the result's, naming the instance and the step where they differ. A removed,
  added or altered answer, an `empty` that is not empty, an edited reason or witness all fail.

This package must not import the engines, the compiler, the Datalog front end, the executor or
the proof extractor: a checker that shares the machinery it checks would share its bugs.

Modules, one job each:

    report        AuditReport: what failed, and its rich rendering
    files         LatticeFiles: the lattice folder (manifest first) read and indexed (values,
                  synonyms, instances, predicates, documents, down-sets, what a constraint admits)
    semantics     the plan's meaning over the lattice files: worlds of contested coordinates,
                  an inverted index, meets, chains, unions, compares, holds, abstentions
    completeness  the result as a whole against that meaning; member/step_out claims
    atoms         proof nodes as the checks read them: labels, premises of one relation, triples
    plan_meets    the plan's meets as the compiler numbers them, its constraints by text
    auditor       the walk: shared state, bookkeeping, dispatch by status and relation
    leaves        the lattice axioms (coord, subsumes, node, instance, bounds, ...)
    hits          desc and hit: why a coordinate meets a constraint
    members       self, member, step_out, answer: meet membership and what it yields
    arguments     a compare's arguments, in the lattice and in the proof (arg)
    extremum      argmax/argmin, beats, and that every non-winner is shown beaten
    spans         argmax/argmin over a difference of two date dimensions: spans of days
    worlds        contested coordinates in proofs: coord (meet), stated, hit_all, robust winners
    answers       an answer result as a whole
    pages         a paged result: its slice of the whole answer set, and the exact totals
    verdicts      holds and same/differ verdicts (and fails)
    abstentions   abstain and each reason's witness
    ranking       a result's optional ranking, computed again from the files (latweave/ranking.py)
    versions      which version of the lattice a saved result names, and whether the folder still
                  holds it beneath the layers added since (else why not)
    claims        a saved verification (`latweave verify --save`): each assertion's result and verdict
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

from latweave.proof.audit.atoms import parse_atom
from latweave.proof.audit.auditor import Auditor
from latweave.proof.audit.files import LatticeFiles
from latweave.proof.audit.plan_meets import SELF, PlanMeet, plan_meets
from latweave.proof.audit.report import AuditReport

__all__ = ["SELF", "AuditReport", "LatticeFiles", "PlanMeet", "audit", "audit_many", "audit_verification",
           "parse_atom", "plan_meets"]


def _as_dict(result) -> dict:
    return result.to_dict() if hasattr(result, "to_dict") else result


def audit(lattice_dir: Path | str, result, *, stamped: bool = False) -> AuditReport:
    """Re-verify `result` (a Result or its dict) against the lattice folder `lattice_dir`.
    `stamped`: the result was saved (a file), so it must name the lattice it was computed on."""
    return Auditor(LatticeFiles(lattice_dir), _as_dict(result), stamped=stamped).run()


def audit_verification(lattice_dir: Path | str, verification: dict, *, stamped: bool = False) -> AuditReport:
    """Re-verify a saved verification (latweave/proof/audit/claims.py); `stamped` as for `audit`."""
    from latweave.proof.audit.claims import audit_verification as _audit

    return _audit(lattice_dir, verification, stamped=stamped)


def audit_many(lattice_dir: Path | str, results: Iterable) -> list[AuditReport]:
    """Audit several results against one lattice folder (read once)."""
    lattice = LatticeFiles(lattice_dir)
    return [Auditor(lattice, _as_dict(r)).run() for r in results]
