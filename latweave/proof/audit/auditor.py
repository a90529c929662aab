"""The walk: one result, its proof tree visited node by node, each node sent to its check.

`Auditor` holds what every check shares (the lattice files, the result, the parsed plan and
its numbered meets, the report being written) and dispatches: the result by its status
(answer, verdict, abstain), an inner node by the relation it derives, a leaf by the lattice
axiom it states. The checks themselves live in one module per family and are plain functions
`check(auditor, tree, here, args[, children])`, registered by relation name.

Before the walk: the lattice folder must match its manifest (else nothing is certified) and the
plan is evaluated independently (semantics.py); after it, the result as a whole is compared with
that evaluation (completeness.py): exactly the answers, verdict, reasons and witness it denotes.
"""

from __future__ import annotations

from latweave.lattice.names import normalize
from latweave.plan.parser import parse_plan
from latweave.proof.audit import (abstentions, answers, arguments, completeness, extremum, hits, leaves, members,
                                  ranking, spans, verdicts, versions, worlds)
from latweave.proof.audit.atoms import label
from latweave.proof.audit.files import LatticeFiles
from latweave.proof.audit.plan_meets import PlanMeet, plan_meets
from latweave.proof.audit.report import AuditReport
from latweave.proof.audit.meaning import PlanNotRunnable, meaning
from latweave.proof.audit.semantics import evaluate
from latweave.proof.model import Atom, Leaf, Node, Opaque, Proof, Rule, WitnessLeaf

RULES = {**hits.RULES, **members.RULES, **arguments.RULES, **extremum.RULES, **verdicts.RULES, **spans.RULES,
         **worlds.RULES}
AXIOMS = {**leaves.AXIOMS, **spans.AXIOMS, **worlds.AXIOMS}


class Auditor:
    """One audit in progress: the shared state, the bookkeeping, and the dispatch — what the
    checks read through `context.Context`, which they are typed against."""

    def __init__(self, lattice: LatticeFiles, result: dict, *, stamped: bool = False):
        self.files = lattice
        self.result = result
        # a saved result must name the lattice it was computed on: without its `lattice` key it
        # would be certified against any lattice its answers happen to fit
        self.stamped = stamped
        self.report = AuditReport()
        self.plan = None
        self.meets: dict[str, PlanMeet] = {}
        self.evaluation = None  # the plan evaluated over the lattice files (semantics.Evaluation)
        self.whole = None  # a paged result's whole outcome, beside the page's slice (pages.py)
        # the result's proof, read into the typed model once: the checks walk nodes, not text
        self.proof = Proof.from_json(result.get("proof") or {}) if isinstance(result, dict) else Proof()
        self.ancestors: list[Node] = []  # the nodes above the one being checked, in the walk
        self.lines_seen: dict[str, tuple[list[int], list[int]]] = {}  # doc → offsets counted, their lines (lines.py)

    @property
    def final(self):
        """The plan's final expression, or None when the plan is missing or does not parse."""
        return self.plan.final if self.plan is not None else None

    # ---- bookkeeping ----
    def fail(self, tree_or_text, path: list[str], problem: str) -> None:
        step = label(tree_or_text)
        self.report.failures.append({"step": step, "path": list(path), "problem": problem})
        self.report.ok = False

    def note(self, text: str) -> None:
        if text not in self.report.notes:
            self.report.notes.append(text)

    def coords(self, x: str, d: str) -> set[str]:
        """x's coordinates on d: its stated values, or on a functional dimension the worlds they
        allow (semantics.Meaning)."""
        return set(meaning(self.files).worlds(x, d))

    def values_on(self, items, d: str) -> set[str]:
        return {w for x in items for w in self.coords(x, d)}

    def parent_atom(self) -> Atom | None:
        """The atom of the node directly above the one being checked (None at a root)."""
        return self.ancestors[-1].atom if self.ancestors else None

    def dim(self, name: str, tree, path) -> str | None:
        d = normalize(name)
        if d not in self.files.dims:
            self.fail(tree, path, f"dimension {name!r} is not in the lattice")
            return None
        return d

    # ---- the whole result ----
    def run(self) -> AuditReport:
        r = self.result
        if self.files.changed is not None:
            self.fail("manifest", ["manifest"], f"{self.files.changed}: the lattice was altered after it was built, "
                                                "so no result can be certified against it")
            return self.report
        if not isinstance(r, dict):
            self.fail("result", ["result"], "a result is a JSON object")
            return self.report
        stamp = r.get("lattice")
        if stamp is None and self.stamped:
            self.fail("lattice", ["lattice"], "the saved result names no lattice (its `lattice` key is missing): "
                                              "it cannot be certified against this one")
            return self.report
        if stamp is not None:
            then = stamp.get("content_hash") if isinstance(stamp, dict) else None
            if not isinstance(then, str):
                self.fail("lattice", ["lattice"], "the result's `lattice` names no content_hash")
            elif self.files.content_hash is not None and then != self.files.content_hash:
                why = versions.why_not(stamp, then, self.files)
                if why is not None:
                    self.fail("lattice", ["lattice"], why)
                    return self.report
                k, n = len(stamp["layers"]), len(self.files.layer_hashes)
                if k < n:   # the same layers (k == n) are the files already read
                    self.files = self.files.first(k)
                self.note(f"audited against this lattice's first {k} of {n} layers: the version the result was "
                          f"computed on (content hash {then[:12]}…), kept beneath the layers added since" if k < n
                          else f"audited against this lattice's {n} layer(s), the ones the result was computed on "
                               f"(its content hash {then[:12]}… differs in what the lattice records of its sources)")
        completeness.keys(self)
        text = r.get("plan")
        if text:
            try:
                self.plan = parse_plan(text)
            except Exception as exc:  # a PlanError, reported as a failure of the plan itself
                self.fail("plan", ["plan"], f"the plan text does not parse: {exc}")
        else:
            self.fail("plan", ["plan"], "the result carries no plan text")
        if self.plan is not None:
            self.meets = {f"meet#{m.ordinal}": m for m in plan_meets(self.plan)}
            try:
                self.evaluation = evaluate(self.files, self.plan)
                self.evaluation.outcome()  # decided before the walk, which reads its candidates
            except PlanNotRunnable as exc:
                self.fail("plan", ["plan"], f"the plan could not have run: {exc}")
        status = r.get("status")
        proof = self.proof
        if status == "answer":
            answers.answers(self, proof)
        elif status == "verdict":
            verdicts.verdict(self, proof)
        elif status == "abstain":
            abstentions.abstain(self, proof)
        else:
            self.fail("status", ["status"], f"unknown status {status!r}")
        completeness.check(self)
        ranking.check_ranking(self)
        return self.report

    # ---- the walk ----
    def visit(self, tree: Node, path: list[str]) -> None:
        if isinstance(tree, Opaque) and not isinstance(tree.raw, dict):
            self.fail(repr(tree.raw), path, "a proof node must be an object")
            return
        here = [*path, tree.label]
        self.report.checked += 1
        if isinstance(tree, (Rule, Leaf)) and "atom" in tree.extras:   # the model keeps only one that differs
            self.fail(tree, here, f"the structured atom {tree.extras['atom']!r} is not the atom its text states")
        if isinstance(tree, (Leaf, WitnessLeaf)) or (isinstance(tree, Opaque) and "axiom" in tree.raw):
            self.axiom(tree, here)
            return
        atom = tree.atom
        if atom is None:
            self.fail(tree, here, "premises are not a ground atom")
            return
        handler = RULES.get(atom.relation)
        if handler is None:
            self.fail(tree, here, f"no rule derives {atom.relation!r}")
            return
        children = tree.children
        handler(self, tree, here, list(atom.args), children)
        self.ancestors.append(tree)
        try:
            for child in children:
                self.visit(child, here)
        finally:
            self.ancestors.pop()

    def axiom(self, tree: Node, here: list[str]) -> None:
        atom = tree.atom
        if atom is None:
            self.fail(tree, here, "axiom is not a ground atom")
            return
        check = AXIOMS.get(atom.relation)
        if check is None:
            self.fail(tree, here, f"{atom.relation!r} is not a lattice axiom")
            return
        check(self, tree, here, list(atom.args))
