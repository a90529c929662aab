"""Claim verification measured: comparison questions turned into claims, in both polarities.

DTKG verifies claims; 2WikiMultihopQA has none, but its comparison questions are claims waiting to
be written down. For each question of type `comparison` or `bridge_comparison` in a split, the
query translator (the offline planner, fitted as `latweave eval` fits it: question text and qid
only) plans it; a compare plan and the dataset's answer then make two claims, one true and one
false:

    same(d, A, B)  (gold yes)        same(d, A, B) → supported      differ(d, A, B) → refuted
    same(d, A, B)  (gold no)         same(d, A, B) → refuted        differ(d, A, B) → supported
    argmin(d, [A, B])  (gold A)      ... is A → supported           ... is B → refuted

(and alike for differ and argmax plans). The answer only writes the claims down — it is the
dataset's label of which claim is true — and `verify` never sees it. A question the planner
abstains on, plans as no compare, or whose answer names none of the compared things forms no
claim and counts against the overall accuracy. A claim is right when its verdict is the
expected one; contested and not enough evidence are never right.
"""

from __future__ import annotations

from collections import Counter

from latweave.lattice.answers import normalize_answer
from latweave.plan.ast import Assertion, Claims, Compare, Name
from latweave.plan.printer import claims_to_text
from latweave.verify import NOT_ENOUGH, REFUTED, SUPPORTED, verify_many

TYPES = ("comparison", "bridge_comparison")
_OPPOSITE = {"same": "differ", "differ": "same"}


def claims_of(plan, gold: tuple[str, ...]) -> list[tuple[Claims, str]] | None:
    """The two claims (with the verdict each should get) a question's compare plan and its gold
    answer make, or None when they make none."""
    final = plan.final if plan is not None else None
    if not isinstance(final, Compare) or not gold:
        return None
    answer = normalize_answer(gold[0])
    if final.op in _OPPOSITE:
        if answer not in ("yes", "no"):
            return None
        other = Compare(_OPPOSITE[final.op], final.dimension, final.args, final.minus)
        holds = (answer == "yes") == (final.op == "same")
        return [(Claims(plan.lets, (Assertion(final),)), SUPPORTED if holds else REFUTED),
                (Claims(plan.lets, (Assertion(other),)), REFUTED if holds else SUPPORTED)]
    labels = [a.label for a in final.args]
    if len(labels) != 2:
        return None
    hit = [i for i, label in enumerate(labels) if normalize_answer(label) == answer]
    if len(hit) != 1:
        return None
    right, wrong = labels[hit[0]], labels[1 - hit[0]]
    return [(Claims(plan.lets, (Assertion(final, (Name(right),)),)), SUPPORTED),
            (Claims(plan.lets, (Assertion(final, (Name(wrong),)),)), REFUTED)]


def evaluate_claims(examples, planner, runner) -> dict:
    """Accuracy of `verify` on the claims the split's comparison questions make (module doc)."""
    chosen = [ex for ex in examples if ex.qtype in TYPES]
    formed, expected, kinds, qids = [], [], [], []
    unformed: Counter = Counter()
    for ex in chosen:
        out = planner.plan(str(ex.question), str(ex.qid))
        made = claims_of(out.plan, tuple(ex.answers))
        if made is None:
            unformed[str(ex.qtype)] += 1
            continue
        for claims, want in made:
            formed.append(claims)
            expected.append(want)
            kinds.append(str(ex.qtype))
            qids.append(str(ex.qid))
    checked = verify_many(runner, formed, proofs=False)
    verdicts = [v.verdict for v in checked]
    right = [v == w for v, w in zip(verdicts, expected)]

    def share(mask) -> dict:
        n = sum(1 for m in mask if m)
        ok = sum(1 for m, r in zip(mask, right) if m and r)
        return {"claims": n, "accuracy": ok / n if n else 0.0}

    by_verdict = Counter(verdicts)
    return {
        "questions": len(chosen), "claims": 2 * len(chosen), "formed": len(formed),
        "accuracy": sum(right) / (2 * len(chosen)) if chosen else 0.0,
        "accuracy_formed": sum(right) / len(formed) if formed else 0.0,
        "true_claims": share([w == SUPPORTED for w in expected]),
        "false_claims": share([w == REFUTED for w in expected]),
        "verdicts": {k: by_verdict.get(k, 0) for k in (SUPPORTED, REFUTED, "contested", NOT_ENOUGH)},
        "by_type": {t: share([k == t for k in kinds]) for t in TYPES},
        "unformed": dict(sorted(unformed.items())),
        "example": claims_to_text(formed[0]) if formed else None,
        "missed": [{"qid": q, "claim": claims_to_text(c), "expected": w, "verdict": v.verdict,
                    "reason": v.checked[0].result.reason}
                   for q, c, w, v, r in zip(qids, formed, expected, checked, right) if not r],
    }
