"""What a plan means over the lattice files: a second, independent evaluator of the semantics.

The rules (rules/*.dl) are the one statement of what a plan means; the engines run them. This
module says the same thing again in plain Python over `LatticeFiles` — written from the rules'
comments and docs/semantics.md, never from the Datalog text, and importing nothing of the engines, the
compiler or the proof extractor — so the audit can certify that an answer set is exactly what the
plan denotes, not only that each listed answer has a valid proof.

The evaluator is split as the rules are, so that each part reads beside its .dl file:

    meaning.py            the lattice files, indexed: orders, down-sets, worlds (`Meaning`)
    semantics_meet.py     steps and meets (rules/meet.dl): `MeetEvaluation`, `Flow`
    semantics_compare.py  the final compare (rules/compare.dl): `CompareEvaluation`
    semantics.py          the outcome (rules/abstain.dl, the answers): `Evaluation`, `evaluate`

A plan (`Evaluation`), with every derivation either *sure* or *doubtful* (it uses a contested
coordinate or a doubtful step output); each set below is kept as a `Flow` (possible ⊇ sure):

* a constraint names values (a name or synonym; every output of the step it reads, sure when the
  output is) and admits what lies at or below them (`<=` on a taxonomy), exactly them (`=`), or
  every value whose interval lies inside its window (`<`, `<=` at most, `>`, `>=` at least, `in`,
  on a number or date dimension). An instance meets it possibly when
  some coordinate is admitted; surely when an uncontested coordinate is admitted through a sure
  value, or every world of a contested one is. A meet's members meet each constraint;
* a meet asked at a time (`at`, `during`) reads a coordinate only when a predicate supporting it
  holds then — surely (periods.py; the shadow of the plan: possibly), a predicate without a period
  at every time; the plan is `incomparable` where the plan and its shadow answer differently;
* a step outputs its members, or their coordinates on the projected dimension (sure from a sure
  member's uncontested coordinate); a union outputs what any branch does; chains read outputs;
* compare arguments stand for instances (named, or a step's outputs, along a path of hops);
  same/differ ask for a shared value's class (classes.jsonl), argmax/argmin for the best (ties
  give all tied), holds for membership of one instance; and each abstention reason holds or not,
  with its witness.

`Evaluation.outcome()` is the whole result as the rules determine it: status, answers (as the
result prints them), verdict, reasons in report order (`latweave.reasons.ENGINE_REASONS`), the witness of each reason, and the
contested answers.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from latweave.lattice.names import normalize
from latweave.plan.ast import Compare, Holds, Meet, Union
from latweave.plan.printer import print_constraint
from latweave.proof.audit.meaning import Meaning, meaning
from latweave.proof.audit.periods import period_text, possibly, predicate_period, surely
from latweave.proof.audit.semantics_compare import CompareEvaluation
from latweave.proof.audit.semantics_meet import MeetEval, json_key, step_name
from latweave.reasons import ENGINE_REASONS, Reason  # the vocabulary, shared; the reasoning is this module's own


#: the status of a plan the rules give no outcome at all (see Evaluation._decide)
NO_OUTCOME = "none"


@dataclass
class Outcome:
    status: str
    answers: list[str]
    verdict: bool | None
    reasons: list[str]
    witness: dict
    contested: list[str]            # the contested answers' labels (their entries are checked apart)
    #: for a conflict in the sources: what the `contested` entries of the witness are about
    doubts: dict = field(default_factory=dict)

    @property
    def reason(self) -> str | None:
        return self.reasons[0] if self.reasons else None


class Evaluation(CompareEvaluation):
    """One plan evaluated over one lattice: its steps and meets (semantics_meet.py), its compare
    (semantics_compare.py), and here its outcome — the answers, the verdict, and which
    abstention reasons hold (rules/abstain.dl), each with its witness."""

    def __init__(self, model: Meaning, plan, loose: bool = False):
        self.raw: tuple | None = None   # (certain answers, verdict) before abstention: set by outcome()
        self._outcome: Outcome | None = None
        super().__init__(model, plan, loose)

    # ---- the outcome ----
    def outcome(self) -> Outcome:
        if self._outcome is None:
            self._outcome = self._decide()
        return self._outcome

    def _decide(self) -> Outcome:
        final = self.plan.final
        reasons: dict[str, dict] = {}
        doubts: dict = {}
        unknown = self._unknown_names()
        if unknown:
            reasons[Reason.UNKNOWN_ANCHOR] = {"unknown": unknown}
        if self.unknown_dims:
            reasons[Reason.OUT_OF_SCOPE] = {"unknown_dimensions": sorted(self.unknown_dims)}
        conflicts = self._conflict_entries()
        if conflicts:
            reasons[Reason.CONFLICT] = {"conflicts": conflicts}
        answers: list[str] = []
        contested: list[str] = []
        verdict = None
        source_conflict = False
        if isinstance(final, (Meet, Union)):
            answers, contested, empty, source_conflict = self._final_answers()
            if empty:
                reasons[Reason.EMPTY] = self._empty_steps()
            doubts = {"answers": list(contested)}
        elif isinstance(final, Holds):
            verdict, source_conflict = self._holds(reasons)
            m = self.holds_meet
            doubts = {"items": sorted(self.model.label_of_instance(x) for x in m.members.doubtful)}
        elif final.op in ("same", "differ"):
            verdict, source_conflict = self._same(final, reasons)
            doubts = self._compare_doubts(final)
        else:
            answers, source_conflict = self._extremum(final, reasons)
            doubts = self._compare_doubts(final)
        if source_conflict:
            reasons.setdefault(Reason.CONFLICT, {"conflicts": []})
        # what the plan answers before any abstention: its certain answers (keys of a meet step's
        # outputs; an extremum's winners) and its verdict — what a timed plan's shadow must match
        self.raw = (set(self.steps[""].sure) if isinstance(final, (Meet, Union)) else set(answers), verdict)
        if not self.loose and any(m.window is not None for m in self.meets):
            self._in_time(reasons)
        order = [r for r in ENGINE_REASONS if r in reasons]
        if order:
            return Outcome("abstain", [], None, order, {r: reasons[r] for r in order}, [], doubts)
        if isinstance(final, Holds) or (isinstance(final, Compare) and final.op in ("same", "differ")):
            if verdict is None:
                # holds($s, ...) whose step yields no instance: the rules derive neither a verdict
                # nor an abstention (a gap in the rules: no result can be right)
                return Outcome(NO_OUTCOME, [], None, [], {}, [], doubts)
            return Outcome("verdict", [], verdict, [], {}, [], doubts)
        return Outcome("answer", answers, None, [], {}, contested, doubts)

    def _in_time(self, reasons: dict) -> None:
        """A timed plan answers only what does not depend on the unknown part of a period: its
        shadow (every timed meet reading what possibly holds then) must answer the same, or it is
        incomparable — with the answers that differ and the shadow's partly known periods."""
        shadow = Evaluation(self.model, self.plan, loose=True)
        shadow.outcome()
        (mine, my_verdict), (theirs, their_verdict) = self.raw, shadow.raw
        if mine == theirs and my_verdict == their_verdict:
            return
        detail: dict = {}
        final = self.plan.final
        if isinstance(final, (Meet, Union)) and mine != theirs:
            detail["answers"] = self.final_labels(mine ^ theirs)
        detail["periods"] = shadow._partly_known()
        reasons.setdefault(Reason.INCOMPARABLE, {})["in_time"] = detail

    def _partly_known(self) -> list[dict]:
        """The predicates this shadow's timed meets read (hits of members, projected values) whose
        periods only possibly meet the window."""
        model, found = self.model, set()

        def take(m: MeetEval, x: str, d: str, w: str) -> None:
            for p in model.worlds(x, d).get(w, ()):
                period = predicate_period(model.files, p)
                if period is not None and possibly(period, m.window) and not surely(period, m.window):
                    found.add(p)

        for m in self.meets:
            if m.window is None:
                continue
            for x in m.members.possible:
                for ce in m.constraints:
                    if ce.constraint is None or ce.dimension is None:
                        continue
                    for w in model.worlds(x, ce.dimension):
                        if w in ce.admitted.possible:
                            take(m, x, ce.dimension, w)
                if m.project is not None:
                    for w in model.worlds(x, m.project):
                        take(m, x, m.project, w)
        out = []
        for p in sorted(found):
            row = model.files.predicates[p]
            d = row["dimension"]
            out.append({"predicate": p, "instance": model.label_of_instance(row["instance"]),
                        "dimension": model.dimension_label(d), "value": model.value_label(d, row["value"]),
                        "period": period_text(row.get("qualifiers") or ())})
        return out

    def _unknown_names(self) -> list[dict]:
        out = []
        for m in self.meets:
            for ce in m.constraints:
                if ce.unknown is None:
                    continue
                con = ce.constraint
                out.append({"name": ce.unknown, "dimension": con.dimension if con else None,
                            "constraint": print_constraint(con) if con else "instance"})
        for _, name in self.unknown_args:
            out.append({"name": name, "dimension": None, "constraint": "argument"})
        return sorted(out, key=json_key)

    def _conflict_entries(self) -> list[dict]:
        out = []
        model = self.model
        for m in self.meets:
            for d, c1, c2 in m.conflicts:
                a, b = m.constraints[c1], m.constraints[c2]
                out.append({"dimension": model.dimension_label(d),
                            "constraints": [a.text, b.text],
                            "values": [sorted(model.value_label(d, v) for v in ce.values.possible) for ce in (a, b)]})
        return sorted(out, key=json_key)

    def final_projection(self) -> str | None:
        projects = {m.meet.project for m in self.step_meets[""]}
        return projects.pop() if len(projects) == 1 else None

    def item_label(self, y: str, project: str | None) -> str:
        """How an output prints: a value's label on the projected dimension, else an instance's."""
        if project is not None:
            d = normalize(project)
            if d in self.model.kind and y in self.model.values.get(d, {}):
                return self.model.value_label(d, y)
        return self.model.label_of_instance(y)

    def final_labels(self, keys) -> list[str]:
        project = self.final_projection()
        return [label for label, _ in sorted((self.item_label(y, project), y) for y in keys)]

    def _final_answers(self):
        """The sure outputs answer; the others are contested; none sure but some possible: the
        sources conflict."""
        out = self.steps[""]
        empty = not out.possible
        conflict = bool(out.possible) and not out.sure
        return self.final_labels(out.sure), self.final_labels(out.doubtful), empty, conflict

    def _empty_steps(self) -> dict:
        """The earliest step (lets, then the final one) whose every meet came back empty."""
        for var in [*(let.var for let in self.plan.lets), ""]:
            if self.steps[var].possible:
                continue
            details = []
            for m in self.step_meets[var]:
                details.append({"meet": m.name,
                                "emptied_by": [m.constraints[c].text for c in m.emptied_by()],
                                "matches_nothing": sorted(m.constraints[c].text for c in m.matches_nothing())})
            return {"step": step_name(var), "meets": details}
        return {"step": "final", "meets": []}


def evaluate(files, plan) -> Evaluation:
    """Evaluate `plan` over the lattice files (raises PlanNotRunnable for a plan that could not run)."""
    return Evaluation(meaning(files), plan)
