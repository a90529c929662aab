"""A plan's compare over the lattice files, said again in plain Python: the part of the
independent evaluation that rules/compare.dl states for the engines — what each argument's
candidates may hold, which is better (an order, a span, a class for same/differ), the best, and
where doubt or an unordered pair keeps a compare from an answer (the reasons semantics.py
reports)."""

from __future__ import annotations

from dataclasses import dataclass

from latweave.lattice.names import normalize
from latweave.plan.ast import Compare, Ref
from latweave.proof.audit.meaning import Meaning
from latweave.proof.audit.semantics_meet import Flow, MeetEvaluation, json_key
from latweave.reasons import Reason


@dataclass
class Candidate:
    arg: int                        # argument index
    key: str                        # the argument's label, or an item's instance key
    label: str                      # as the answer prints it
    values: set                     # compared values it may have (items, for a derived compare)
    items: Flow                     # instances it stands for (sure: for certain)
    bare: bool = False              # an item of a bare $step argument


class CompareEvaluation(MeetEvaluation):
    """The steps and meets (MeetEvaluation), and the plan's final compare over them."""

    def __init__(self, model: Meaning, plan, loose: bool = False):
        self.compare_notes: dict = {}
        self._dims: dict[str, str] = {}
        self._spans: dict[tuple, object] = {}
        super().__init__(model, plan, loose)

    def _reads(self, final: Compare) -> list[str]:
        return [self._dim(final.dimension)] + ([self._dim(final.minus)] if final.minus is not None else [])

    def _item_in_doubt(self, final: Compare, items: Flow, x: str) -> bool:
        """What x brings is in doubt: only a doubtful route reaches it, or its coordinate on a
        dimension the compare reads is contested."""
        return x not in items.sure or any(self.model.is_contested(x, d) for d in self._reads(final))

    def _compare_doubts(self, final: Compare) -> dict:
        """What a compare in doubt is unsure of: contested coordinates of its items (with every
        predicate stated there) and items reached by doubtful routes only."""
        coords = set()
        undecided = []
        for arg, items in self.args:
            for x in items.possible:
                for d in self._reads(final):
                    if self.model.is_contested(x, d):
                        coords.add((self.model.label_of_instance(x), self.model.dimension_label(d), x, d))
            for x in sorted(items.doubtful):
                undecided.append((arg.label, self.model.label_of_instance(x)))
        return {"coords": sorted(coords), "items": sorted(undecided)}  # per argument: labels may repeat

    def _same(self, final: Compare, reasons: dict):
        """same/differ: true or false in every world, else a conflict; an argument without a value
        makes it empty. Values compare by class (latweave/lattice/canonical.py). Returns (verdict
        or None, whether the sources conflict)."""
        d = self._dim(final.dimension)
        model = self.model
        cls = model.files.class_of  # a value compares as its class (classes.jsonl), else as itself
        possible = [{cls(d, w) for w in self.values_of(items.possible, d)} for _, items in self.args]
        sure = [{cls(d, w) for x in items.sure if not model.is_contested(x, d) for w in model.worlds(x, d)}
                for _, items in self.args]
        missing = [arg.label for (arg, _), vals in zip(self.args, possible) if not vals]
        uncertain = any(vals and not any(model.worlds(x, d) for x in items.sure)
                        for (_, items), vals in zip(self.args, possible))
        shares = bool(possible) and bool(set.intersection(*possible))
        shares_sure = bool(sure) and bool(set.intersection(*sure))
        conflict = (shares and not shares_sure) or (not shares and uncertain)
        if missing:
            reasons[Reason.EMPTY] = {"no_value": sorted(missing), "dimension": final.measure, "missing": []}
        verdict = None
        if shares_sure:
            verdict = final.op == "same"
        elif not shares and not missing and not uncertain:
            verdict = final.op != "same"
        return verdict, conflict

    def _holds(self, reasons: dict):
        """holds: true when the instance is a sure member, false when not even a possible one (and
        it has a value on every constrained dimension), else a conflict."""
        m = self.holds_meet
        items = m.constraints[0].met
        if not items.possible:
            if isinstance(self.plan.final.item, Ref):  # the step gave no instance: nothing to verify
                reasons[Reason.EMPTY] = {"no_value": [f"${self.plan.final.item.var}"], "dimension": None, "missing": []}
            return None, False  # else the instance is unknown (unknown_anchor)
        missing = []
        for ce in m.constraints[1:]:
            if not any(self.model.worlds(x, ce.dimension) for x in items.possible):
                missing.append(ce.text)
        if missing:
            reasons[Reason.EMPTY] = {"no_value": [], "dimension": None, "missing": sorted(missing)}
        conflict = bool(m.members.possible) and not m.members.sure
        verdict = None
        if m.members.sure:
            verdict = True
        elif not m.members.possible and not missing:
            verdict = False
        return verdict, conflict

    def candidates(self, final: Compare) -> list[Candidate]:
        """What competes in an extremum: each argument as a whole, or each item of a bare $step."""
        d = self._dim(final.dimension)
        derived = final.minus is not None
        out = []

        def vals(xs):
            if derived:
                return {x for x in xs if self.spans(final, x)}
            return self.values_of(xs, d)

        for index, (arg, items) in enumerate(self.args):
            if isinstance(arg.term, Ref) and not arg.path:
                for x in sorted(items.possible):
                    sure = {x} & items.sure
                    out.append(Candidate(index, x, self.model.label_of_instance(x), vals({x}),
                                         Flow({x}, sure, {x} - sure), bare=True))
            else:
                out.append(Candidate(index, arg.label, arg.label, vals(items.possible), items))
        return out

    def spans(self, final: Compare, x: str) -> set[tuple[int, int]]:
        """x's spans of days on `final`'s difference, one per world (an empty set without both
        dates, or with two values on a dimension that is not contested: see `ambiguous`)."""
        key = (final.dimension, final.minus, x)
        if key not in self._spans:
            self._spans[key] = self._span_set(final, x)
        return self._spans[key]

    def _span_set(self, final: Compare, x: str) -> set[tuple[int, int]]:
        per_dim = []
        for d in self._reads(final):
            worlds = self.model.worlds(x, d)
            if len(worlds) > 1 and not self.model.is_contested(x, d):
                return set()  # two values at once: no single span (incomparable)
            if self.model.kind.get(d) != "date":
                return set()
            per_dim.append([self.model.bounds(d, w) for w in worlds if self.model.bounds(d, w) is not None])
        (vs, ws) = per_dim
        return {(int(v[0] - w[1]), int(v[1] - w[0])) for v in vs for w in ws}

    def span(self, final: Compare, x: str):
        """x's one span, or None (no span, or several: one per world)."""
        spans = self.spans(final, x)
        return next(iter(spans)) if len(spans) == 1 else None

    def ambiguous(self, final: Compare, x: str) -> list[tuple[str, str, str]]:
        """(dimension, v, w): x has two values v < w on a dimension of the difference, not as
        alternatives of a contested coordinate but at once: it has no single span."""
        out = []
        for d in self._reads(final):
            if self.model.is_contested(x, d):
                continue
            vals = sorted(self.model.worlds(x, d))
            out += [(d, v, w) for i, v in enumerate(vals) for w in vals[i + 1:]]
        return out

    def interval(self, final: Compare, v: str):
        """A compared value's one interval: its bounds on an ordered dimension, an item's span of
        days for a derived compare; None on a taxonomy (ordered by the DAG) or with several spans."""
        if final.minus is not None:
            return self.span(final, v)
        d = self._dim(final.dimension)
        return self.model.bounds(d, v) if self.model.ordered(d) else None

    def _dim(self, name: str) -> str:
        if name not in self._dims:
            self._dims[name] = normalize(name)
        return self._dims[name]

    def better(self, final: Compare, v: str, w: str) -> bool:
        """v is strictly better than w for this extremum: on numbers, dates and spans wholly after
        w (argmax) or before it (argmin) — for items with several spans, some span of each; on a
        taxonomy, general comes before specific, so argmax prefers the specific and argmin the
        general."""
        d = self._dim(final.dimension)
        argmax = final.op == "argmax"
        if final.minus is not None:  # an item (one span per world) is never better than itself
            return v != w and any((t[1] < s[0]) if argmax else (s[1] < t[0])
                                  for s in self.spans(final, v) for t in self.spans(final, w))
        if self.model.ordered(d):
            s, t = self.model.bounds(d, v), self.model.bounds(d, w)
            if s is None or t is None:
                return False
            return t[1] < s[0] if argmax else s[1] < t[0]
        if v == w:
            return False
        return self.model.at_or_below(d, v, w) if argmax else self.model.at_or_below(d, w, v)

    def _same_value(self, final: Compare, v: str, w: str) -> bool:
        """v and w tie: the same value where it is one point (a day, a number; any value of a
        taxonomy), or (derived) one item, or items with an equal span of one day. The same value
        wider than a point ("2010" at year precision) may be in either order: no tie, as
        overlapping values."""
        if final.minus is not None:
            return v == w or any(lo == hi for lo, hi in self.spans(final, v) & self.spans(final, w))
        if v != w:
            return False
        bounds = self.interval(final, v)
        return bounds is None or bounds[0] == bounds[1]

    def best(self, final: Compare, values: set[str]) -> set[str]:
        """The values nothing else in `values` is better than."""
        spans = {v: self.interval(final, v) for v in values}
        if values and all(b is not None for b in spans.values()):
            if final.op == "argmax":
                top = max(b[0] for b in spans.values())
                return {v for v, b in spans.items() if not top > b[1]}
            bottom = min(b[1] for b in spans.values())
            return {v for v, b in spans.items() if not bottom < b[0]}
        return {v for v in values if not any(self.better(final, w, v) for w in values)}

    def _unordered_pairs(self, final: Compare, cands: list[Candidate], best: dict) -> list[tuple]:
        """Best values of two candidates, different, ordered neither way (nor equal spans)."""
        entries = [(c, v) for c in cands for v in sorted(best[id(c)])]
        rank = {id(c): i for i, c in enumerate(cands)}
        spans = {(id(c), v): self.interval(final, v) for c, v in entries}
        out = []

        def add(a, v, b, w):
            if a is b or self._same_value(final, v, w):
                return
            if rank[id(a)] > rank[id(b)]:
                a, v, b, w = b, w, a, v
            out.append((a, b, v, w))

        if entries and all(s is not None for s in spans.values()):
            ordered = sorted(entries, key=lambda e: spans[(id(e[0]), e[1])])
            for i, (a, v) in enumerate(ordered):
                hi = spans[(id(a), v)][1]
                for b, w in ordered[i + 1:]:
                    if spans[(id(b), w)][0] > hi:
                        break
                    add(a, v, b, w)
            return out
        for i, (a, v) in enumerate(entries):
            for b, w in entries[i + 1:]:
                if not (self.better(final, v, w) or self.better(final, w, v)):
                    add(a, v, b, w)
        return out

    def _extremum(self, final: Compare, reasons: dict):
        """argmax/argmin: the winners (ties: all of them), or in doubt the winners in every world.
        Returns (answer labels, whether the sources conflict)."""
        derived = final.minus is not None
        d = self._dim(final.dimension)
        model = self.model
        cands = self.candidates(final)
        self.compare_notes["candidates"] = cands
        ambiguous, ambiguous_items = [], set()
        if derived:
            for arg, items in self.args:
                for x in sorted(items.possible):
                    for e, v, w in self.ambiguous(final, x):
                        ambiguous_items.add(x)
                        ambiguous.append({"argument": arg.label, "item": model.label_of_instance(x),
                                          "dimension": model.dimension_label(e),
                                          "values": sorted([model.value_label(e, v), model.value_label(e, w)])})
        missing = []
        for index, (arg, items) in enumerate(self.args):
            mine = [c for c in cands if c.arg == index]
            if not any(c.values for c in mine) and not (items.possible & ambiguous_items):
                missing.append(arg.label)
            missing += [f"{arg.label}: {c.label}" for c in mine
                        if c.bare and not c.values and c.key not in ambiguous_items]
        if missing:
            reasons[Reason.EMPTY] = {"no_value": sorted(missing), "dimension": final.measure, "missing": []}
        best = {id(c): self.best(final, c.values) for c in cands}
        doubt = any(self._item_in_doubt(final, items, x) for _, items in self.args for x in items.possible)
        # in doubt, what is unordered in one world may be ordered in another: a winner in every
        # world answers, else `conflict` — never `incomparable` over the worlds mixed together
        pairs = [] if doubt else self._unordered_pairs(final, cands, best)
        if pairs or ambiguous:
            if derived:
                entries = [{"arguments": [a.label, b.label], "items": [model.label_of_instance(v), model.label_of_instance(w)],
                            "spans": [list(self.span(final, v) or ()), list(self.span(final, w) or ())]}
                           for a, b, v, w in pairs]
                reasons[Reason.INCOMPARABLE] = {"pairs": sorted(entries, key=json_key),
                                           "ambiguous": sorted(ambiguous, key=json_key)}
            else:
                entries = [{"arguments": [a.label, b.label], "values": [model.value_label(d, v), model.value_label(d, w)]}
                           for a, b, v, w in pairs]
                reasons[Reason.INCOMPARABLE] = {"pairs": sorted(entries, key=json_key)}
        self.compare_notes["best"] = {(c.arg, c.key): best[id(c)] for c in cands}
        self.compare_notes["doubt"] = doubt
        if doubt:
            winners = [c for c in cands if self._robust(final, c, cands, best)]
            self.compare_notes["winners"] = winners
            return sorted({c.label for c in winners}), not winners
        # the winners: every best value of theirs is one no other candidate's best value beats
        everything = {v for c in cands for v in best[id(c)]}
        overall = self.best(final, everything)
        winners = [c for c in cands if best[id(c)] and best[id(c)] <= overall]
        self.compare_notes["winners"] = winners
        return sorted({c.label for c in winners}), False

    def _beats_in_every_world(self, final: Compare, x: str, w: str) -> bool:
        """Sure item x has, in every world, a value strictly better than w: some value of an
        uncontested coordinate, every world of a contested one, every span of a derived item."""
        if final.minus is not None:
            spans = self.spans(final, x)
            return bool(spans) and all(self.better_span(final, s, t) for s in spans for t in self.spans(final, w))
        d = self._dim(final.dimension)
        worlds = self.model.worlds(x, d)
        if self.model.is_contested(x, d):
            return all(self.better(final, v, w) for v in worlds)
        return any(self.better(final, v, w) for v in worlds)

    @staticmethod
    def better_span(final: Compare, s: tuple, t: tuple) -> bool:
        return t[1] < s[0] if final.op == "argmax" else s[1] < t[0]

    def _robust(self, final: Compare, c: Candidate, cands: list[Candidate], best: dict) -> bool:
        """A winner whatever the contested coordinates turn out to be: it has a sure item with a
        value, and every value any other candidate may have is beaten in every world by a sure
        item of it — or tied, when neither candidate is in doubt at all."""
        d = self._dim(final.dimension)
        floor = sorted(c.items.sure)
        if final.minus is not None:
            if not any(self.spans(final, x) for x in floor):
                return False
        elif not any(self.model.worlds(x, d) for x in floor):
            return False

        def in_doubt(cand: Candidate) -> bool:
            return any(self._item_in_doubt(final, cand.items, x) for x in cand.items.possible)

        for o in cands:
            if o is c:
                continue
            tie = not in_doubt(c) and not in_doubt(o) and bool(best[id(c)] & best[id(o)])
            if tie:
                continue
            for w in o.values:
                if not any(self._beats_in_every_world(final, x, w) for x in floor):
                    return False
        return True
