"""The baseline interface, and how every baseline answers the three question shapes.

A baseline is built once per lattice (its indexes), may set its knobs on a dev split (`fit`,
which reads gold answers there and only there), and then answers like a planner: `answer(question,
qid)` sees the question text and its id and returns `(status, answers, verdict)`. `explain` returns
the same with its support (which path, which evidence line) for the records.

A subclass says how it ranks answers (`candidates`: best first, for some seeds); this module says
what is done with the ranking, the same way for all four (`forms` names the shapes):

* plain — the top candidate's nodes are the answer (one node; for `paths`, a path's end set).
  A method that walks from the question's entities (`needs_seeds`) abstains `unknown_anchor`
  when none is linked; any method abstains `empty` when it ranks nothing;
* choice ("which of A or B") — a method that reaches values (`compares_values`: paths,
  hypergraph) takes, from each option, its best-ranked candidate that is a date or a number and,
  when the question has an order cue ("first", "later", ...) and both have one, answers the
  option with the smaller ("min") or larger ("max") value; otherwise (keyword, tfidf always) it
  answers the option with the higher `option_score`, the first-mentioned one on a tie. The answer
  is the option as the question writes it;
* yes/no — each option is answered as a plain question seeded with that option alone (its
  `local` ranking, restricted to what is connected to it); the verdict is yes exactly when both
  answered and their answers share a value (compared as the scorer normalises answers), else no.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import ClassVar, Sequence

from latweave.errors import LatweaveError
from latweave.eval.baselines.forms import Form, Option, analyse
from latweave.eval.baselines.index import EvidenceIndex
from latweave.eval.baselines.text import words
from latweave.eval.metrics import normalize_answer, score_question
from latweave.lattice.model import Lattice
from latweave.planner.example import Example
from latweave.reasons import Reason

#: The most answers one question gets (a path's end set can be a whole country's people).
MAX_ANSWERS = 50
#: fit() tunes on at most this many dev questions (a stratified, seeded share of the dev split).
TUNE_QUESTIONS = 600


@dataclass(frozen=True)
class Query:
    """A question as the baselines read it: its text, its shape, its words, and the words left
    once the linked mentions are cut out (what relation names are matched against)."""

    text: str
    form: Form
    words: tuple[str, ...]
    rest: tuple[str, ...]


@dataclass(frozen=True)
class Candidate:
    """A ranked answer: its node(s), its score, and what supports it (a path, a line)."""

    nodes: tuple[str, ...]
    score: float
    why: str = ""


@dataclass(frozen=True)
class Answer:
    status: str                       # answer | verdict | abstain
    answers: tuple[str, ...] = ()
    verdict: bool | None = None
    reason: str | None = None         # why it abstained
    score: float | None = None
    support: tuple[str, ...] = ()     # the paths / lines / options behind it, for the record

    @property
    def triple(self) -> tuple[str, tuple[str, ...], bool | None]:
        return (self.status, self.answers, self.verdict)


class Baseline(ABC):
    name: ClassVar[str] = "baseline"
    needs_seeds: ClassVar[bool] = False
    compares_values: ClassVar[bool] = False
    #: knob → default value
    defaults: ClassVar[dict] = {}
    #: knob settings fit() tries on the dev split, in order (the first best one wins); () = none
    grid: ClassVar[tuple[dict, ...]] = ()

    def __init__(self, lattice: Lattice, *, index: EvidenceIndex | None = None, **knobs):
        unknown = sorted(set(knobs) - set(self.defaults))
        if unknown:
            raise LatweaveError(f"baseline {self.name!r} has no knob {unknown[0]!r}",
                                hint=f"its knobs: {', '.join(sorted(self.defaults)) or 'none'}")
        self.index = index if index is not None else EvidenceIndex(lattice)
        self.knobs = {**self.defaults, **knobs}
        self.tuned_on: str | None = None
        self._queries: dict[str, Query] | None = None   # fit() reads each dev question once

    # ------------------------------------------------------------------ what a subclass says

    @abstractmethod
    def candidates(self, query: Query, seeds: tuple[str, ...], *, local: bool) -> list[Candidate]:
        """Answers ranked best first, never empty-noded. `local`: only what is connected to the
        seeds (an option of a comparison); otherwise the method's own reach."""

    def option_score(self, query: Query, option: Option) -> float:
        """How well the question fits one option of a choice (default: its top candidate's score)."""
        ranked = self.candidates(query, option.keys, local=True)
        return ranked[0].score if ranked else float("-inf")

    # ------------------------------------------------------------------ answering

    def query(self, question: str) -> Query:
        if self._queries is not None and question in self._queries:
            return self._queries[question]
        form = analyse(question, self.index.linker)
        q = Query(question, form, words(question), words(form.rest))
        if self._queries is not None:
            self._queries[question] = q
        return q

    def answer(self, question: str, qid: str) -> tuple[str, tuple[str, ...], bool | None]:
        """(status, answers, verdict) from the question text alone, as a planner would."""
        return self.explain(question, qid).triple

    def explain(self, question: str, qid: str) -> Answer:   # noqa: ARG002 - qid: the planner interface
        q = self.query(str(question))
        if q.form.kind == "yesno":
            return self._yes_no(q)
        if q.form.kind == "choice":
            return self._choice(q)
        return self._plain(q)

    def _labels(self, nodes: Sequence[str]) -> tuple[str, ...]:
        return tuple(self.index.label(n) for n in nodes[:MAX_ANSWERS])

    def _plain(self, q: Query) -> Answer:
        if self.needs_seeds and not q.form.seeds:
            return Answer("abstain", reason=Reason.UNKNOWN_ANCHOR.value)
        ranked = self.candidates(q, q.form.seeds, local=False)
        if not ranked:
            return Answer("abstain", reason=Reason.EMPTY.value)
        top = ranked[0]
        return Answer("answer", self._labels(top.nodes), None, None, top.score, (top.why,))

    def _value(self, ranked: list[Candidate]) -> tuple[float, Candidate] | None:
        """The best-ranked candidate that is a date or a number, with its value (the midpoint of
        its interval: a year is its middle)."""
        for cand in ranked:
            for node in cand.nodes:
                lo_hi = self.index.bounds.get(node)
                if lo_hi is not None:
                    return (lo_hi[0] + lo_hi[1]) / 2, cand
        return None

    def _choice(self, q: Query) -> Answer:
        a, b = q.form.options
        if self.compares_values and q.form.order:
            va, vb = (self._value(self.candidates(q, o.keys, local=True)) for o in (a, b))
            if va is not None and vb is not None and va[0] != vb[0]:
                first = (va[0] < vb[0]) == (q.form.order == "min")
                chosen = a if first else b
                return Answer("answer", (chosen.surface,), None, None, None,
                              (f"{q.form.order} of {a.surface}: {va[1].why} | {b.surface}: {vb[1].why}",))
        sa, sb = self.option_score(q, a), self.option_score(q, b)
        chosen = a if sa >= sb else b
        return Answer("answer", (chosen.surface,), None, None, max(sa, sb),
                      (f"option scores {a.surface}: {sa:.4g} | {b.surface}: {sb:.4g}",))

    def _yes_no(self, q: Query) -> Answer:
        tops = []
        for option in q.form.options:
            ranked = self.candidates(q, option.keys, local=True)
            tops.append(ranked[0] if ranked else None)
        said = [None if t is None else {normalize_answer(x) for x in self._labels(t.nodes)} for t in tops]
        verdict = said[0] is not None and said[1] is not None and bool(said[0] & said[1])
        support = tuple(f"{o.surface}: {t.why if t else '(nothing)'}" for o, t in zip(q.form.options, tops))
        return Answer("verdict", (), verdict, None, None, support)

    # ------------------------------------------------------------------ fitting

    def fit(self, train: Sequence[Example], dev: Sequence[Example]) -> None:  # noqa: ARG002 - train: unused
        """Set the knobs on the dev split: every setting of `grid` answers (at most TUNE_QUESTIONS
        of) the dev questions, and the one with the best mean EM (then any-hit) is kept; the first
        such setting on a tie. Gold answers are read here, on dev, and nowhere else."""
        if not self.grid or not dev:
            return
        from latweave.eval.splits import fraction_of

        share = min(1.0, TUNE_QUESTIONS / len(dev))
        sample = fraction_of(list(dev), share, lambda e: e.qtype)
        self._queries = {}
        best: tuple[tuple[float, float], dict] | None = None
        try:
            for setting in self.grid:
                self.knobs = {**self.defaults, **setting}
                em = hit = 0.0
                for ex in sample:
                    status, answers, verdict = self.answer(ex.question, ex.qid)
                    m = score_question(status, answers, verdict, ex.answers, gold_verdict=ex.gold_yes_no)
                    em += m["em"]
                    hit += m["any_hit"]
                key = (em / len(sample), hit / len(sample))
                if best is None or key > best[0]:
                    best = (key, setting)
        finally:
            self._queries = None
        self.knobs = {**self.defaults, **best[1]}
        self.tuned_on = (f"{len(sample)} dev questions: EM {best[0][0]:.3f}, any-hit {best[0][1]:.3f} "
                         f"with {self.knobs}")
        self.after_fit()

    def after_fit(self) -> None:
        """Drop what fit() cached across settings (subclasses that memoise)."""
