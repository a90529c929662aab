"""`latweave verify`: check a claim against the lattice, assertion by assertion, each with its proof.

A claim is `let` steps and assertions joined by `&` (grammars/plan.lark, start `claims`):

    let d = meet(subject = "Blade Runner") -> directed_by
    holds($d, born in 1930..1940) & same(nationality, "Ridley Scott", "Tony Scott")
    & argmin(born, ["Ridley Scott", "Tony Scott"]) is "Ridley Scott"

Each assertion runs as the plan that checks it (`Claims.plan_of`: its expression after the steps
it reads), all in one engine batch, and its result becomes one of four verdicts:

    supported            holds/same/differ: the rules' verdict is true; an extremum: its complete
                         set of winners is exactly the asserted one (compared as instances: a
                         named winner is resolved as an argument is, by its label or an alias,
                         and so is each answer — "Blue whale" names the instance Whale; a winner
                         written as the answers are is theirs whatever it resolves to)
    refuted              the verdict is false; the extremum's winners are others (a tie the claim
                         does not name refutes "A wins": A does not win alone)
    contested            the sources disagree on what decides it: the rules abstained `conflict`
                         (contested coordinates; the result lists them with their evidence)
    not enough evidence  the lattice cannot decide: any other abstention (a name or dimension it
                         lacks, a thing with no value, values it cannot order), its reason kept;
                         and an extremum whose named winner names no instance of the lattice
                         (never refuted on a spelling the lattice does not know)

and the whole claim: refuted when an assertion is, else contested when one is, else not enough
evidence when one is, else supported. A claim given as text (`verify_text`) is first written down
in this form by the LLM claim translator (the model's second job: query translator); a text it
cannot write down is not judged (not enough evidence, with the translator's reason). Nothing is guessed in between: every verdict is a rule
outcome, and each keeps its full result (proof, refuting values, contested evidence, witness),
which `latweave audit` replays like any other.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Callable

from latweave.lattice.answers import normalize_answer
from latweave.plan.ast import Assertion, Claims
from latweave.plan.printer import claims_to_text, print_assertion
from latweave.reasons import Reason
from latweave.result import Result

SUPPORTED, REFUTED, CONTESTED, NOT_ENOUGH = "supported", "refuted", "contested", "not_enough_evidence"
#: The order a conjunction takes its verdict in: the first present decides.
PRECEDENCE = (REFUTED, CONTESTED, NOT_ENOUGH, SUPPORTED)
_WORDS = {SUPPORTED: "supported", REFUTED: "refuted", CONTESTED: "contested", NOT_ENOUGH: "not enough evidence"}
_STYLES = {SUPPORTED: "bold green", REFUTED: "bold red", CONTESTED: "bold yellow", NOT_ENOUGH: "bold yellow"}


def judge(assertion: Assertion, result: Result, resolve: Callable[[str], str | None] | None = None) -> str:
    """The verdict of one assertion, from the result of the plan that checks it; `resolve` gives
    the instance a name denotes (Runner.instance_key: as the rules resolve an argument), so an
    extremum's winners and answers are compared as instances, whatever name each is written in
    (without it, as answer texts)."""
    if result.status == "abstain":
        return CONTESTED if result.reason == Reason.CONFLICT else NOT_ENOUGH
    if assertion.winners is None:
        return SUPPORTED if result.verdict else REFUTED
    claimed = {normalize_answer(w.text) for w in assertion.winners}
    if {normalize_answer(a) for a in result.answers} == claimed:
        return SUPPORTED          # written as the answers are
    if resolve is None:
        return REFUTED
    named = [resolve(w.text) for w in assertion.winners]
    if None in named:
        return NOT_ENOUGH
    won = {resolve(a) or normalize_answer(a) for a in result.answers}
    return SUPPORTED if won == set(named) else REFUTED


@dataclass(frozen=True)
class Checked:
    """One assertion, its verdict, and the result it rests on."""

    assertion: Assertion
    verdict: str
    result: Result

    def to_dict(self) -> dict:
        return {"assertion": print_assertion(self.assertion), "verdict": self.verdict,
                "result": self.result.to_dict()}


@dataclass(frozen=True)
class Verification:
    """A verified claim: a verdict per assertion, in order, and one for the whole.

    From a claim's text (`verify --text`), `text` is what was given and `translator` the
    translator's calls, repairs and cache hit; when it wrote no claim, `claims` is None, nothing
    was checked, `reason` says why (planner_failure, planner_unavailable, cache_miss) and the
    verdict is not enough evidence — a claim nobody could write down is not judged."""

    claims: Claims | None
    checked: tuple[Checked, ...]
    text: str | None = None
    translator: dict | None = None
    reason: str | None = None
    last_error: str | None = None

    @property
    def verdict(self) -> str:
        found = {c.verdict for c in self.checked}
        return next((v for v in PRECEDENCE if v in found), NOT_ENOUGH)

    def to_dict(self) -> dict:
        out = {"claim": claims_to_text(self.claims) if self.claims is not None else None,
               "verdict": self.verdict, "assertions": [c.to_dict() for c in self.checked]}
        if self.text is not None:
            out["text"] = self.text
        if self.translator is not None:
            out["translator"] = dict(self.translator)
        if self.claims is None:
            out.update(reason=self.reason, last_error=self.last_error)
        return out

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, sort_keys=True, indent=2)

    def __rich__(self):
        from rich.text import Text
        from rich.tree import Tree

        from latweave.terminal import safe

        tree = Tree(Text.assemble(("claim ", "bold"), (_WORDS[self.verdict], _STYLES[self.verdict])))
        if self.text is not None:
            tree.add(Text(safe(self.text, newlines=True), style="italic"))
        if self.claims is None:
            tree.add(Text.assemble(("no claim written: ", "yellow"), (safe(self.reason or ""), "bold"),
                                   ("\n" + safe(self.last_error or "", newlines=True), "dim")))   # its lines as lines
        elif self.text is not None:
            tree.add(Text(safe(claims_to_text(self.claims), newlines=True), style="magenta"))
        for c in self.checked:
            branch = tree.add(Text.assemble((_WORDS[c.verdict], _STYLES[c.verdict]), "  ",
                                            (safe(print_assertion(c.assertion)), "magenta")))
            branch.add(c.result)
        return tree


def verify(runner, claims: Claims, text: str | None = None) -> Verification:
    """Check every assertion of `claims` on `runner`'s lattice (one batch); `text` is the claim's
    source, for the line and column of a type error (PlanError)."""
    return verify_many(runner, [claims], [text])[0]


def verify_many(runner, claims: list[Claims], texts: list[str | None] | None = None, *,
                proofs: bool = True) -> list[Verification]:
    """Several claims in one engine batch (an evaluation's); `proofs=False` skips decoding the
    proofs when only the verdicts are wanted (they are the same either way)."""
    texts = texts if texts is not None else [None] * len(claims)
    plans = [[runner.check(c.plan_of(a), t) for a in c.assertions] for c, t in zip(claims, texts)]
    results = iter(runner.run([p for ps in plans for p in ps], proofs=proofs))
    return [Verification(c, tuple(Checked(a, judge(a, r, runner.instance_key), r)
                                  for a, r in zip(c.assertions, results)))
            for c in claims]


def verify_text(runner, text: str, translator) -> Verification:
    """A claim's text, written down by `translator` (planner.llm.ClaimTranslator: the model writes
    the claims form, validated and repaired like a plan), then checked here like any claim."""
    out = translator.plan(text, "verify")
    trace = {k: out.trace.get(k, 0 if k != "cached" else False) for k in ("calls", "repairs", "cached")}
    if out.plan is None:
        return Verification(None, (), text=text, translator=trace, reason=str(out.reason),
                            last_error=out.trace.get("last_error"))
    return replace(verify(runner, out.plan), text=text, translator=trace)
