"""Decode one query's engine output into its outcome, witness and proof tree.

The proof is read from witness relations the rules derive (rules/witness.dl), never from a second
run. An extremum over a difference of two date dimensions shows, for the winner and for each thing
it beats, `span(x, lo, hi)`: x's two coords with their evidence and day numbers, subtracted. Its JSON shape is Souffle's provenance shape — inner nodes {"premises", "rule-number",
"children"}, leaves {"axiom"} — so tools that read one read the other. Leaves that are lattice
facts carry their evidence; every choice among equal derivations is the least in sorted order,
so the same outputs always give the same proof.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass

from latweave.compile.plan_facts import MeetLayout, PlanCompiler, QueryLayout, path_step_name
from latweave.engines.base import Outputs
from latweave.lattice.model import Lattice, Predicate
from latweave.plan.ast import Compare, Constraint, Holds, Name, Ref
from latweave.plan.printer import constraint_triple

#: When several reasons hold, the first listed is the one reported (all are in the witness).
REASON_ORDER = ("unknown_anchor", "out_of_scope", "conflict", "incomparable", "empty")


def atom(relation: str, *args) -> str:
    """A ground atom as Souffle prints one, its string arguments JSON-quoted."""
    return f"{relation}({', '.join(map(_quoted, args))})"


_QUOTED: dict[str, str] = {}


def _quoted(text: str) -> str:
    if text not in _QUOTED:
        if len(_QUOTED) > 1_000_000:
            _QUOTED.clear()
        _QUOTED[text] = json.dumps(text, ensure_ascii=False)
    return _QUOTED[text]


def node(premises: str, rule: str, children: list) -> dict:
    return {"premises": premises, "rule-number": rule, "children": children}


def axiom(text: str, **extra) -> dict:
    return {"axiom": text, **extra}


class OutputIndex:
    """Engine outputs grouped by their first column, for per-query lookups."""

    def __init__(self, outputs: Outputs):
        self._outputs = outputs
        self._by_first: dict[str, dict] = {}
        self._by_pair: dict[tuple[str, int], dict] = {}

    def get(self, relation: str, first) -> list[tuple]:
        """Rows whose first column is `first`, without that column."""
        if relation not in self._by_first:
            groups: dict = defaultdict(list)
            for row in self._outputs.get(relation, ()):
                groups[row[0]].append(row[1:])
            self._by_first[relation] = groups
        return self._by_first[relation].get(first, [])

    def get2(self, relation: str, first, other: int, value) -> list[tuple]:
        """Rows with `first` in column 0 and `value` in column `other` (rows without column 0)."""
        key = (relation, other)
        if key not in self._by_pair:
            groups: dict = defaultdict(list)
            for row in self._outputs.get(relation, ()):
                groups[(row[0], row[other])].append(row[1:])
            self._by_pair[key] = groups
        return self._by_pair[key].get((first, value), [])


class Labels:
    """Display names for symbol ids: instance labels, value labels, or the plan's own text."""

    def __init__(self, lattice: Lattice, compiler: PlanCompiler):
        self.lattice = lattice
        self.symbols = compiler.symbols

    def key(self, ident: int) -> str:
        return self.symbols.text(ident)

    def dimension(self, d: int) -> str:
        dim = self.lattice.dimensions.get(self.key(d))
        return dim.name if dim else self.key(d)

    def value(self, d: int, v: int) -> str:
        dim = self.lattice.dimensions.get(self.key(d))
        key = self.key(v)
        return dim.labels.get(key, key) if dim else key

    def instance(self, x: int) -> str:
        inst = self.lattice.instances.get(self.key(x))
        return inst.label if inst else self.key(x)

    def item(self, y: int, project: str | None) -> str:
        if project is not None:
            dim = self.lattice.dimensions.get(self.key(self.symbols.id(_norm(project))))
            if dim is not None and self.key(y) in dim.labels:
                return dim.labels[self.key(y)]
        return self.instance(y)


def _norm(text: str) -> str:
    from latweave.lattice.names import normalize

    return normalize(text)


def describe(constraint) -> str:
    """A constraint as the plan language prints it (the canonical printer's spelling)."""
    from latweave.plan.printer import print_constraint

    return print_constraint(constraint)


@dataclass
class Outcome:
    status: str
    answers: list[str]
    verdict: bool | None
    reason: str | None
    reasons: list[str]
    witness: dict
    proof: dict


class ProofReader:
    """Everything needed to decode the queries of one batch run."""

    def __init__(self, lattice: Lattice, predicates: list[Predicate], compiler: PlanCompiler,
                 outputs: Outputs):
        self.lattice = lattice
        self.predicates = predicates
        self.compiler = compiler
        self.out = OutputIndex(outputs)
        self.labels = Labels(lattice, compiler)
        self._desc_memo: dict[tuple, dict] = {}
        self.paths: dict[tuple, list[int]] = defaultdict(list)
        for d, v, w, u in outputs.get("path_step", ()):
            self.paths[(d, v, w)].append(u)

    # ---- leaves ----
    def evidence(self, p: int) -> dict:
        pred = self.predicates[p]
        ev = pred.evidence
        return {"predicate": p, "doc": ev.doc, "source_text": ev.source_text, "start": ev.start,
                "end": ev.end, "confidence": pred.confidence}

    def coord_leaf(self, x: int, d: int, v: int, p: int) -> dict:
        L = self.labels
        return axiom(atom("coord", L.instance(x), L.dimension(d), L.value(d, v)), evidence=self.evidence(p))

    def desc_proof(self, d: int, v: int, w: int) -> dict:
        """desc(d, v, w) by a path of subsumption edges (least child first); shared across answers."""
        key = (d, v, w)
        if key not in self._desc_memo:
            self._desc_memo[key] = self._desc_proof(d, v, w)
        return self._desc_memo[key]

    def _desc_proof(self, d: int, v: int, w: int) -> dict:
        L = self.labels
        if v == w:
            return node(atom("desc", L.dimension(d), L.value(d, v), L.value(d, w)), "(R1)",
                        [axiom(atom("node", L.dimension(d), L.value(d, v)))])
        hops = sorted(self.paths.get((d, v, w), ()), key=lambda u: self.labels.key(u))
        u = hops[0]
        return node(atom("desc", L.dimension(d), L.value(d, v), L.value(d, w)), "(R2)",
                    [axiom(atom("subsumes", L.dimension(d), L.value(d, v), L.value(d, u))),
                     self.desc_proof(d, u, w)])

    # ---- meets and steps ----
    def step_output_proof(self, layout: QueryLayout, var: str, y: int) -> dict:
        s = layout.steps[var]
        for meet in layout.meets:
            if meet.step != var:
                continue
            if meet.project is None:
                if self.out.get2("member", meet.m, 1, y):
                    return node(atom("step_out", _step_name(var), self.labels.instance(y)), "(R1)",
                                [self.member_proof(layout, meet, y)])
            else:
                rows = sorted(self.out.get2("projected", meet.m, 2, y))
                if rows:
                    x, _, p = rows[0]
                    d = self.compiler.sym(meet.project)
                    return node(atom("step_out", _step_name(var), self.labels.value(d, y)), "(R2)",
                                [self.member_proof(layout, meet, x), self.coord_leaf(x, d, y, p)])
        raise LookupError(f"no derivation of output {y} of step {s}")  # the rules guarantee one

    def member_proof(self, layout: QueryLayout, meet: MeetLayout, x: int) -> dict:
        """member(meet, x): one hit per constraint of the meet (the meet's constraints are listed)."""
        L = self.labels
        children = []
        hits = defaultdict(list)
        for c, _, v, w, p in self.out.get2("witness_hit", meet.m, 2, x):
            hits[c].append((v, w, p))
        for c, constraint in meet.constraints:
            if constraint is None:
                children.append(self.self_proof(layout, meet, c, x))
                continue
            d = self.compiler.sym(constraint.dimension)
            v, w, p = min(hits[c], key=lambda t: (L.key(t[0]), L.key(t[1]), t[2]))
            dim_name, op, text = constraint_triple(constraint)
            parts = [axiom(atom("constraint", dim_name, op, text))]
            if isinstance(constraint.value, Ref):
                ys = sorted(y for cc, y, vv in self.out.get("ref_value", meet.m) if cc == c and vv == v)
                parts.append(self.step_output_proof(layout, constraint.value.var, ys[0]))
            if constraint.op == "<=":
                parts.append(self.desc_proof(d, v, w))
            elif constraint.op in Constraint.NUMERIC:
                dim = self.lattice.dimensions[L.key(d)]
                parts.append(axiom(atom("bounds", dim.name, L.value(d, w)), bounds=list(dim.bounds[L.key(w)])))
            parts.append(self.coord_leaf(x, d, w, p))
            named = text if constraint.op in Constraint.NUMERIC else L.value(d, v)
            children.append(node(atom("hit", dim_name, op, named, L.instance(x), L.value(d, w)),
                                 "(R1)" if c == meet.seed else "(R2)", children=parts))
        tree = node(atom("member", _meet_name(meet), L.instance(x)), "(R1)", children)
        tree["meet"] = self.meet_info(meet)
        return tree

    def meet_info(self, meet: MeetLayout) -> dict:
        return {"name": _meet_name(meet), "step": _step_name(meet.step) if meet.step is not None else "holds",
                "project": meet.project,
                "constraints": [list(constraint_triple(c)) if c is not None else ["self", "=", "instance"]
                                for _, c in meet.constraints]}

    def self_proof(self, layout: QueryLayout, meet: MeetLayout, c: int, x: int) -> dict:
        """self(x): the meet is about instance x, named directly or reached by an earlier step."""
        L = self.labels
        ref = self.compiler.self_refs.get((meet.m, c))
        children = [axiom(atom("instance", L.instance(x)))]
        if ref is not None:
            inst = self.lattice.instances.get(L.key(x))
            aliases = inst.aliases if inst else set()
            ys = sorted(y for (y,) in self.out.get("step_out", layout.steps[ref]) if y == x or L.key(y) in aliases)
            children.append(self.step_output_proof(layout, ref, ys[0]))
        return node(atom("self", L.instance(x)), "(R1)", children)




def _step_name(var: str) -> str:
    """How a step is named in proofs: $var for a let, "final", or "#argA.H" for an argument's path."""
    if not var:
        return "final"
    return var if var.startswith("#") else f"${var}"


def _meet_name(meet: MeetLayout) -> str:
    return f"meet#{meet.ordinal}"


class QueryDecoder(ProofReader):
    """Outcome, witness and proof of each query in the batch (proofs can be skipped for speed)."""

    with_proofs: bool = True

    def outcome(self, layout: QueryLayout) -> Outcome:
        q = layout.q
        reasons = sorted({r for (r,) in self.out.get("abstain", q)}, key=REASON_ORDER.index)
        if reasons:
            witness = self.witness(layout, reasons)
            proof = node(atom("abstain", reasons[0]), "(abstain)",
                         [axiom(json.dumps(witness[reason], ensure_ascii=False, sort_keys=True),
                                reason=reason) for reason in reasons])
            return Outcome("abstain", [], None, reasons[0], reasons, witness, proof)
        final = layout.plan.final
        if isinstance(final, Holds) or (isinstance(final, Compare) and final.op in ("same", "differ")):
            verdicts = [t for (t,) in self.out.get("verdict", q)]
            if len(verdicts) != 1:  # the rules derive exactly one verdict or an abstention
                raise LookupError(f"query {q}: expected one verdict, got {verdicts}")
            verdict = bool(verdicts[0])
            proof = self.verdict_proof(layout, verdict) if self.with_proofs else {}
            return Outcome("verdict", [], verdict, None, [], {}, proof)
        answers = [y for (y,) in self.out.get("answer", q)]
        if isinstance(final, Compare):
            # a winner is an argument (shown by its label) or an item of a bare $step argument
            shown = sorted((self._candidate_label(layout, a, c), a, c)
                           for a, c in self.out.get("winner", layout.compare))
            answers = sorted({label for label, _, _ in shown})
            if not self.with_proofs:
                return Outcome("answer", answers, None, None, [], {}, {})
            trees = [self.extremum_proof(layout, a, c, label) for label, a, c in shown]
            return Outcome("answer", answers, None, None, [], {}, {"trees": trees})
        project = _final_projection(layout)
        by_label = sorted(((self.labels.item(y, project), y) for y in answers))
        if not self.with_proofs:
            return Outcome("answer", [label for label, _ in by_label], None, None, [], {}, {})
        trees = [self.step_output_proof(layout, "", y) for _, y in by_label]
        return Outcome("answer", [label for label, _ in by_label], None, None, [], {},
                       {"trees": [node(atom("answer", label), "(R1)", [tree])
                                  for (label, _), tree in zip(by_label, trees)]})

    # ---- compare ----
    def _arg_label(self, arg) -> str:
        return arg.label

    def _items_compete(self, layout: QueryLayout, a: int) -> bool:
        arg = dict(layout.args)[a]
        return isinstance(arg.term, Ref) and not arg.path

    def _candidate_label(self, layout: QueryLayout, a: int, c: int) -> str:
        """An argument's label, or the instance label of one item of a bare $step argument."""
        return self.labels.instance(c) if self._items_compete(layout, a) else dict(layout.args)[a].label

    def _arg_value_leaf(self, layout: QueryLayout, row) -> dict:
        """The compared value of argument a; for a step or a path, also how x was reached."""
        a, x, v, p = row
        d = self.compiler.sym(layout.plan.final.dimension)
        leaf = self.span_proof(layout, a, x) if _derived(layout) else self.coord_leaf(x, d, v, p)
        index = [aa for aa, _ in layout.args].index(a)
        arg = layout.args[index][1]
        if not arg.path and isinstance(arg.term, Name):
            return leaf
        var = path_step_name(index, len(arg.path) - 1) if arg.path else arg.term.var
        inst = self.lattice.instances.get(self.labels.key(x))
        aliases = inst.aliases if inst else set()
        ys = sorted(y for (y,) in self.out.get("step_out", layout.steps[var])
                    if y == x or self.labels.key(y) in aliases)
        return node(atom("arg", arg.label, self.labels.instance(x)), "(R2)",
                    [self.step_output_proof(layout, var, ys[0]), leaf])

    def extremum_proof(self, layout: QueryLayout, a: int, c: int, shown: str) -> dict:
        """answer(shown) ← argmax(dim, argument): the winner's value and every candidate it beats."""
        k, L = layout.compare, self.labels
        final = layout.plan.final
        d = self.compiler.sym(final.dimension)
        labels = dict(layout.args)
        items = self._items_compete(layout, a)
        best = {v for aa, cc, v in self.out.get("best_value", k) if (aa, cc) == (a, c)}
        chosen = [r for r in self.out.get("arg_value", k) if r[0] == a and r[2] in best and (not items or r[1] == c)]
        children = [self._arg_value_leaf(layout, min(chosen))]
        derived = _derived(layout)
        spans = self.spans(k) if derived else {}
        for aa, cc, b, e, v, w in sorted(self.out.get("beats", k)):
            if (aa, cc) != (a, c):
                continue
            if derived:  # v and w are items, compared by their spans; the loser's span is proved too
                loser = min(r for r in self.out.get("arg_value", k) if r[0] == b and r[2] == w)
                beat = node(atom("beats", labels[a].label, labels[b].label, *spans[v], *spans[w]),
                            "(R1)", [self._arg_value_leaf(layout, loser)])
                beat["order"] = {"kind": "span", "direction": final.op}
            else:
                beat = axiom(atom("beats", labels[a].label, labels[b].label, L.value(d, v), L.value(d, w)),
                             order=self._order_note(d, v, w, final.op))
            if items:
                beat["winner_item"] = L.instance(c)
            if self._items_compete(layout, b):
                beat["other_item"] = L.instance(e)
            children.append(beat)
        return node(atom("answer", shown), "(R2)",
                    [node(atom(final.op, final.measure, labels[a].label), "(R1)", children)])

    # ---- a derived value: the difference of two date dimensions ----
    def spans(self, k: int) -> dict[int, tuple[int, int]]:
        """Each item's span of days in derived compare k (one per item: the rules see to it)."""
        return {x: (lo, hi) for _, x, _, _, lo, hi in self.out.get("span_of", k)}

    def span_proof(self, layout: QueryLayout, a: int, x: int) -> dict:
        """span(x, lo, hi): x's value on the compared dimension minus its value on the subtracted
        one, each a coord with its evidence and its day numbers (magnitude)."""
        final = layout.plan.final
        _, p1, p2, lo, hi = min(r[1:] for r in self.out.get("span_of", layout.compare) if r[:2] == (a, x))
        children = []
        for dim_name, p in ((final.dimension, p1), (final.minus, p2)):
            dim = self.lattice.dimensions[_norm(dim_name)]
            key = self.predicates[p].value
            first, last = (int(b) for b in dim.bounds[key])
            children.append(axiom(atom("coord", self.labels.instance(x), dim.name, dim.labels[key]),
                                  evidence=self.evidence(p)))
            children.append(axiom(atom("magnitude", dim.name, dim.labels[key], first, last)))
        tree = node(atom("span", self.labels.instance(x), lo, hi), "(R1)", children)
        tree["note"] = span_note(lo, hi)
        return tree

    def _derived_incomparable(self, layout: QueryLayout) -> dict:
        k, L = layout.compare, self.labels
        spans = self.spans(k)
        labels = dict(layout.args)
        pairs = [{"arguments": [self._candidate_label(layout, a, c), self._candidate_label(layout, b, e)],
                  "items": [L.instance(v), L.instance(w)], "spans": [list(spans[v]), list(spans[w])]}
                 for a, c, b, e, v, w in sorted(self.out.get("incomparable", k))]
        ambiguous = sorted(({"argument": labels[a].label, "item": L.instance(x), "dimension": L.dimension(e),
                             "values": sorted([L.value(e, v), L.value(e, w)])}
                            for a, x, e, v, w in self.out.get("two_values", k)),
                           key=lambda entry: json.dumps(entry, ensure_ascii=False, sort_keys=True))
        return {"pairs": pairs, "ambiguous": ambiguous}

    def _order_note(self, d: int, v: int, w: int, op: str) -> dict:
        dim = self.lattice.dimensions.get(self.labels.key(d))
        if dim is not None and dim.ordered:
            return {"kind": "numeric", "winner_bounds": list(dim.bounds[self.labels.key(v)]),
                    "other_bounds": list(dim.bounds[self.labels.key(w)]), "direction": op}
        return {"kind": "lattice", "direction": op}

    def verdict_proof(self, layout: QueryLayout, verdict: bool) -> dict:
        k, final = layout.compare, layout.plan.final
        head = atom("verdict", "true" if verdict else "false")
        if isinstance(final, Holds):
            meet = next(m for m in layout.meets if m.m == layout.holds_meet)
            if verdict:
                (x,) = sorted(x for (x,) in self.out.get("member", meet.m))[:1]
                return node(head, "(holds)", [self.member_proof(layout, meet, x)])
            # The constraint after which nothing was left (in evaluation order) is one the instance
            # fails on every value it has there: show it, with all of those values.
            emptied = {c for (c,) in self.out.get("emptied_by", meet.m)}
            actual = sorted(self.out.get("holds_actual", k))
            children = []
            for c, constraint in meet.constraints:
                if constraint is None or c not in emptied:
                    continue
                d = self.compiler.sym(constraint.dimension)
                children.append(node(atom("fails", *constraint_triple(constraint)), "(holds)",
                                     [axiom(atom("constraint", *constraint_triple(constraint)))]
                                     + [self.coord_leaf(x, d, w, p) for cc, x, w, p in actual if cc == c]))
            return node(head, "(holds)", children)
        rows = sorted(self.out.get("arg_value", k))
        common = {v for (v,) in self.out.get("common_value", k)}
        if verdict == (final.op == "same"):
            v = min(common, key=self.labels.key)
            leaves = [self._arg_value_leaf(layout, min(r for r in rows if r[0] == a and r[2] == v))
                      for a, _ in layout.args]
        else:
            leaves = [self._arg_value_leaf(layout, r) for r in rows]
        return node(head, f"({final.op})", leaves)

    # ---- abstention witnesses ----
    def witness(self, layout: QueryLayout, reasons: list[str]) -> dict:
        L = self.labels
        out: dict = {}
        meets = {m.m: m for m in layout.meets}
        constraint_of = {(m.m, c): con for m in layout.meets for c, con in m.constraints}
        for reason in reasons:
            if reason == "unknown_anchor":
                names = []
                for meet in layout.meets:
                    for c, n in self.out.get("unknown_name", meet.m):
                        con = constraint_of[(meet.m, c)]
                        names.append({"name": L.key(n), "dimension": con.dimension if con else None,
                                      "constraint": describe(con) if con else "instance"})
                if layout.compare is not None:
                    for a, n in self.out.get("unknown_arg", layout.compare):
                        names.append({"name": L.key(n), "dimension": None, "constraint": "argument"})
                out[reason] = {"unknown": sorted(names, key=lambda e: json.dumps(e, sort_keys=True))}
            elif reason == "out_of_scope":
                dims = sorted(L.key(d) for (d,) in self.out.get("unknown_dimension", layout.q))
                out[reason] = {"unknown_dimensions": dims} if dims else {"unsupported": True}
            elif reason == "conflict":
                conflicts = []
                for meet in layout.meets:
                    for d, c1, c2 in self.out.get("conflict", meet.m):
                        vals = {c: sorted(L.value(d, v) for cc, v in self.out.get("constraint_value", meet.m) if cc == c)
                                for c in (c1, c2)}
                        conflicts.append({"dimension": L.dimension(d),
                                          "constraints": [describe(constraint_of[(meet.m, c1)]),
                                                          describe(constraint_of[(meet.m, c2)])],
                                          "values": [vals[c1], vals[c2]]})
                out[reason] = {"conflicts": sorted(conflicts, key=lambda e: json.dumps(e, sort_keys=True))}
            elif reason == "incomparable" and _derived(layout):
                out[reason] = self._derived_incomparable(layout)
            elif reason == "incomparable":
                k = layout.compare
                d = self.compiler.sym(layout.plan.final.dimension)
                out[reason] = {"pairs": [
                    {"arguments": [self._candidate_label(layout, a, c), self._candidate_label(layout, b, e)],
                     "values": [L.value(d, v), L.value(d, w)]}
                    for a, c, b, e, v, w in sorted(self.out.get("incomparable", k))]}
            elif reason == "empty":
                out[reason] = self._empty_witness(layout, meets, constraint_of)
        return out

    def _empty_witness(self, layout, meets, constraint_of) -> dict:
        L = self.labels
        if layout.compare is not None:
            k = layout.compare
            labels = {a: term for a, term in layout.args}
            missing = [self._arg_label(labels[a]) for (a,) in self.out.get("arg_missing", k)]
            missing += [f"{self._arg_label(labels[a])}: {L.instance(x)}" for a, x in self.out.get("item_missing", k)]
            holds = [describe(constraint_of[(layout.holds_meet, c)]) for c, d in self.out.get("holds_missing", k)]
            final = layout.plan.final
            return {"no_value": sorted(missing), "dimension": final.measure if isinstance(final, Compare) else None,
                    "missing": sorted(holds)}
        # The earliest step (in plan order) whose every meet came back empty explains the rest.
        for var in [*(let.var for let in layout.plan.lets), ""]:
            s = layout.steps[var]
            if not self.out.get("empty_step", s):
                continue
            details = []
            for meet in (m for m in layout.meets if m.step == var):
                emptied = [describe(constraint_of[(meet.m, c)]) for (c,) in self.out.get("emptied_by", meet.m)]
                alone = [describe(constraint_of[(meet.m, c)]) for (c,) in self.out.get("matches_nothing", meet.m)]
                details.append({"meet": _meet_name(meet), "emptied_by": emptied, "matches_nothing": sorted(alone)})
            return {"step": _step_name(var), "meets": details}
        return {"step": "final", "meets": []}


def _derived(layout: QueryLayout) -> bool:
    """Whether the query is an extremum over a difference of two date dimensions."""
    final = layout.plan.final
    return isinstance(final, Compare) and final.minus is not None


#: days in a mean Gregorian year, for the readable note beside a span of days
YEAR_DAYS = 365.2425


def span_note(lo: int, hi: int) -> str:
    """A span of days as a person reads it: `25,567 days (70.0 years)`, or a range of both."""
    def years(days: int) -> str:
        return f"{days / YEAR_DAYS:.1f}"
    if lo == hi:
        return f"{lo:,} days ({years(lo)} years)"
    return f"{lo:,}–{hi:,} days ({years(lo)}–{years(hi)} years)"


def _final_projection(layout: QueryLayout) -> str | None:
    projects = {m.project for m in layout.meets if m.step == ""}
    return projects.pop() if len(projects) == 1 else None
