"""A saved verification (`latweave verify --save`): every assertion's result audited, and every
verdict read off its result again.

The claim's canonical text is parsed here (the plan language's own parser); each assertion must
carry the result of exactly the plan that checks it (`Claims.plan_of`), that result must audit
like any other (the full Auditor), and the verdict must be the one its result gives —

    holds / same / differ    supported when the verdict is true, refuted when false
    argmax / argmin ... is W supported when the winners are exactly W, refuted otherwise (each
                             winner named and each answer taken as the instance it denotes, by
                             its label or an alias, as an argument is resolved; a named winner
                             that denotes none: not enough evidence, never refuted on a spelling)
    an abstention            contested when the reason is `conflict`, not enough evidence otherwise

— with the claim's verdict the first of refuted, contested, not enough evidence, supported that
any assertion has. Written again from the rules above, not imported from latweave/verify.py (a
layer above this one): a checker that shared the mapping would share its mistakes.
"""

from __future__ import annotations

from latweave.errors import PlanError
from latweave.lattice.answers import normalize_answer
from latweave.plan.parser import parse_claims
from latweave.plan.printer import print_assertion, to_text
from latweave.proof.audit.auditor import Auditor
from latweave.proof.audit.files import LatticeFiles
from latweave.proof.audit.report import AuditReport

_ORDER = ("refuted", "contested", "not_enough_evidence", "supported")


def _expected(assertion, result: dict, files: LatticeFiles) -> str:
    if result.get("status") == "abstain":
        return "contested" if result.get("reason") == "conflict" else "not_enough_evidence"
    if assertion.winners is None:
        return "supported" if result.get("verdict") is True else "refuted"
    claimed = {normalize_answer(w.text) for w in assertion.winners}
    if {normalize_answer(a) for a in result.get("answers", ())} == claimed:
        return "supported"
    named = [files.resolve_instance(w.text) for w in assertion.winners]
    if None in named:
        return "not_enough_evidence"
    won = {files.resolve_instance(a) or normalize_answer(a) for a in result.get("answers", ())}
    return "supported" if won == set(named) else "refuted"


def audit_verification(lattice_dir, verification: dict, *, stamped: bool = False) -> AuditReport:
    """Re-verify a saved verification against the lattice folder `lattice_dir` (`stamped`: read
    from a file, so every assertion's result must name the lattice it was computed on)."""
    report = AuditReport()

    def fail(step: str, problem: str) -> None:
        report.ok = False
        report.failures.append({"step": step, "problem": problem, "path": [step]})

    if verification.get("claim") is None:   # the translator wrote no claim: nothing was judged
        if verification.get("assertions") or verification.get("verdict") != "not_enough_evidence":
            fail("claim", "no claim was written down, yet the file lists assertions or a verdict other "
                          "than not_enough_evidence")
        else:
            report.notes.append(f"no claim was written down ({verification.get('reason')}): nothing to check")
        return report
    try:
        claims = parse_claims(str(verification.get("claim", "")))
    except PlanError as exc:
        fail("claim", f"the claim does not parse: {exc.message}")
        return report
    entries = verification.get("assertions")
    if not isinstance(entries, list) or len(entries) != len(claims.assertions):
        fail("assertions", f"the claim has {len(claims.assertions)} assertion(s); the file lists "
                           f"{len(entries) if isinstance(entries, list) else 'none'}")
        return report
    files = LatticeFiles(lattice_dir)
    verdicts = []
    for n, (assertion, entry) in enumerate(zip(claims.assertions, entries), 1):
        step = f"assertion {n}: {print_assertion(assertion)}"
        result = entry.get("result") if isinstance(entry, dict) else None
        if not isinstance(result, dict):
            fail(step, "no result")
            continue
        if entry.get("assertion") != print_assertion(assertion):
            fail(step, f"the entry is for {entry.get('assertion')!r}")
        if result.get("plan") != to_text(claims.plan_of(assertion)):
            fail(step, "the result is not of the plan that checks this assertion")
        inner = Auditor(files, result, stamped=stamped).run()
        report.checked += inner.checked
        for f in inner.failures:
            report.ok = False
            report.failures.append({**f, "path": [step, *f.get("path", [])]})
        want = _expected(assertion, result, files)
        verdicts.append(want)
        if entry.get("verdict") != want:
            fail(step, f"the verdict is {entry.get('verdict')!r}; its result gives {want!r}")
        report.checked += 1
    if len(verdicts) == len(entries):
        whole = next(v for v in _ORDER if v in verdicts)
        if verification.get("verdict") != whole:
            fail("claim", f"the claim's verdict is {verification.get('verdict')!r}; its assertions give {whole!r}")
        report.checked += 1
    return report
