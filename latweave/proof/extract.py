"""Decode one query's engine output into its outcome, witness and proof tree.

The proof is read from witness relations the rules derive (rules/witness.dl), never from a second
run. An extremum over a difference of two date dimensions shows, for the winner and for each thing
it beats, `span(x, lo, hi)`: x's two coords with their evidence and day numbers, subtracted. Its JSON shape is Souffle's provenance shape — inner nodes {"premises", "rule-number",
"children"}, leaves {"axiom"} — so tools that read one read the other. Leaves that are lattice
facts carry their evidence; every choice among equal derivations is the least in sorted order,
so the same outputs always give the same proof.

A `page` (latweave.proof.page) keeps only a window of a meet or chain plan's answers and builds
proofs for those alone; the `AnswerSet` it comes with serves other pages and any one answer's
proof later, from the same outputs (decoding is most of a large answer set's cost; figures in
docs/performance.md).

Proofs are built as the typed model (`latweave.proof.model`: `Atom`, `Rule`, `Leaf`, `Proof`),
witnesses as a `Witness` of each `Reason`'s typed detail (`latweave.proof.details`) and contested
entries as `latweave.proof.contested_entries`; the model writes the JSON.
"""

from __future__ import annotations

import json
from bisect import bisect_left
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field

from latweave.compile.batch import CompiledBatch, MeetLayout, QueryLayout
from latweave.engines.base import Outputs
from latweave.lattice.canonical import COUNTRY_TABLE
from latweave.lattice.model import Lattice, Predicate
from latweave.plan.ast import Compare, Holds, Meet, Name, Ref, Union
from latweave.lattice.periods import period_of
from latweave.plan.printer import constraint_triple, window_text
from latweave.plan.steps import meet_name, path_step_name, step_name
from latweave.proof.contested import Doubts, Worlds
from latweave.proof.contested_entries import Contested, Stated
from latweave.proof.details import (AmbiguousValue, Conflict, ConflictDetail, Detail, EmptyMeet, EmptyStepDetail,
                                    IncomparableDetail, IncomparablePair, InTime, NoValueDetail, OpenPeriod,
                                    OutOfScopeDetail, UnknownAnchorDetail, UnknownName)
from latweave.errors import LatweaveError
from latweave.proof.lines import position
from latweave.proof.model import Atom, Evidence, Leaf, Node, Proof, Rule, WitnessLeaf
from latweave.proof.page import Page, PageInfo
from latweave.proof.witness import Witness
from latweave.reasons import Reason, sorted_reasons

#: The output relations an outcome without its proof reads (`QueryDecoder.outcome`,
#: `with_proofs` False) when it is an answer set, a verdict or an extremum that nothing contests:
#: what a run asked for answers alone computes first (engines/partial.py). An abstention's
#: witness or a contested answer reads more, which the run then computes; tests/test_partial.py
#: checks that these are all such an outcome reads.
ANSWER_READS = frozenset({"abstain", "verdict", "answer", "winner", "robust", "doubt_item", "doubt_coord",
                          "contested_answer"})
#: What the same outcomes read with their proofs (a chain's or a meet's members, hits and
#: steps; an extremum's values and what beats what; a verdict's): every relation the proofs read
#: but those only a witness of an abstention or a contested answer reads.
PROOF_READS = ANSWER_READS | frozenset({
    "member_sure", "witness_hit", "projected", "step_sure", "ref_value", "path_step", "doubt_hit", "doubt_miss",
    "doubt_project", "arg_value", "best_value", "beats", "robust_beats", "solid_tie", "span_of", "common_sure",
    "value_class", "emptied_by", "holds_actual"})


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


def _memoised(cache: dict, key, make):
    """cache[key], made by make(key) the first time it is asked for."""
    value = cache.get(key)
    if value is None:
        value = cache[key] = make(key)
    return value


class Kept:
    """What proofs read of a lattice that no run changes, kept by a runner across its runs (the
    decoder of each run reads through it): labels by symbol id, each predicate's evidence and each
    plain coord leaf, and each `desc` proof (a path of subsumption edges: which path is the
    lattice's alone, rules/witness.dl `path_step` giving every hop of every path asked for). Only
    the lattice's own symbols are kept (ids below `size`): a plan-only name's id is its batch's.
    Nodes are immutable, so a kept leaf or proof is shared by the proofs that cite it."""

    #: Entries kept at most (about 100 MB of leaves and labels); past it, all are dropped at the
    #: next run's start and read again as needed (a session over a large lattice may ask anything)
    LIMIT = 400_000

    def __init__(self, size: int):
        self.size = size
        self.instances: dict[int, str] = {}
        self.values: dict[tuple[int, int], str] = {}
        self.dimensions: dict[int, str] = {}
        self.evidence: dict[int, Evidence] = {}
        self.coords: dict[tuple[int, int, int, int], Leaf] = {}
        self.desc: dict[tuple[int, int, int], Rule] = {}
        self.syms: dict[str, int] = {}   # a name as plans write it → its lattice symbol

    def room(self) -> None:
        """Drop everything kept when it has grown past LIMIT entries."""
        if len(self.coords) + len(self.evidence) + len(self.values) + len(self.instances) + len(self.desc) > self.LIMIT:
            for kept in (self.instances, self.values, self.dimensions, self.evidence, self.coords, self.desc,
                         self.syms):
                kept.clear()


class Labels:
    """Display names for symbol ids: instance labels, value labels, or the plan's own text."""

    def __init__(self, lattice: Lattice, batch: CompiledBatch, kept: Kept | None = None):
        self.lattice = lattice
        self.symbols = batch.symbols
        self._keys: dict[int, str] = {}       # id → text, read once per batch (a proof reads each many times)
        self._projections: dict[str, object] = {}
        if kept is None or kept.size != len(batch.symbols.base):
            kept = Kept(0)   # nothing kept beyond this batch
        kept.room()
        self.kept = kept
        # a stored lattice's rows by symbol id (folder/symbol_ids.py), for the lattice's own symbols
        self._base = len(batch.symbols.base)
        self._instance_at = getattr(lattice.instances, "at_symbol", None)
        self._instances, self._values, self._dimensions = {}, {}, {}
        if kept.size:
            self._instances, self._values, self._dimensions = kept.instances, kept.values, kept.dimensions

    def key(self, ident: int) -> str:
        text = self._keys.get(ident)
        if text is None:
            text = self._keys[ident] = self.symbols.text(ident)
        return text

    def dimension(self, d: int) -> str:
        name = self._dimensions.get(d)
        if name is None:
            dim = self.lattice.dimensions.get(self.key(d))
            name = dim.name if dim else self.key(d)
            if d < self.kept.size:
                self._dimensions[d] = name
        return name

    def value(self, d: int, v: int) -> str:
        label = self._values.get((d, v))
        if label is None:
            dim = self.lattice.dimensions.get(self.key(d))
            label = self._label(dim, v) if dim else None
            if label is None:
                label = self.key(v)
            if d < self.kept.size and v < self.kept.size:
                self._values[(d, v)] = label
        return label

    def _label(self, dim, v: int) -> str | None:
        """Value v's label in dimension `dim`, or None when it has none: found by symbol id where
        the dimension's values are on disk (`at_symbol`), else by its key."""
        at = getattr(dim.labels, "at_symbol", None)
        if at is not None and v < self._base:
            return at(v)
        return dim.labels.get(self.key(v))

    def instance(self, x: int) -> str:
        label = self._instances.get(x)
        if label is None:
            at = self._instance_at
            inst = at(x) if at is not None and x < self._base else self.lattice.instances.get(self.key(x))
            label = inst.label if inst else self.key(x)
            if x < self.kept.size:
                self._instances[x] = label
        return label

    def item(self, y: int, project: str | None) -> str:
        label = self.projected(y, project)
        return self.instance(y) if label is None else label

    def projected(self, y: int, project: str | None) -> str | None:
        """y's label as a value of the dimension `project` projects to; None when it is none
        (no projection, or y not a value of it: then it is shown as an instance)."""
        if project is None:
            return None
        if project not in self._projections:
            self._projections[project] = self.lattice.dimensions.get(self.key(self.symbols.id(_norm(project))))
        dim = self._projections[project]
        return None if dim is None else self._label(dim, y)

    def items(self, ys, project: str | None) -> list[tuple[str, int]]:
        """(label, y) for each of `ys`, sorted: `item`'s labels (a stored lattice's instances found
        by symbol id one by one, `at_symbol`), values of the projection not read as instances."""
        shown = [(self.projected(y, project), y) for y in ys]
        return sorted((self.instance(y) if label is None else label, y) for label, y in shown)


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
    reason: Reason | None
    reasons: list[Reason]
    witness: Witness
    proof: Proof
    contested: list = field(default_factory=list)
    page: PageInfo | None = None           # set when the answers are one page of the set
    answer_set: "AnswerSet | None" = None  # the whole set, for other pages and proofs on demand


class ProofReader:
    """Everything needed to decode the queries of one batch run."""

    def __init__(self, lattice: Lattice, predicates: list[Predicate], batch: CompiledBatch,
                 outputs: Outputs, worlds: Worlds | None = None, kept: Kept | None = None):
        self.lattice = lattice
        self.predicates = predicates
        self.batch = batch
        self.out = OutputIndex(outputs)
        self.labels = Labels(lattice, batch, kept)
        self.kept = self.labels.kept
        self.worlds = worlds if worlds is not None else Worlds(lattice, predicates)
        self.doubts = Doubts(self)
        self._syms: dict[str, int] = {}
        self._desc_memo: dict[tuple, Rule] = {}
        self._sure_ref_memo: dict[tuple[int, int], dict[int, list[int]]] = {}
        self._outputs = outputs
        self._paths: dict[tuple, list[int]] | None = None

    @property
    def paths(self) -> dict[tuple, list[int]]:
        """(dimension, v, w) → the values u of a step down from v towards w (read when a proof
        first shows a `desc`: an answer without its proof reads no more than it needs)."""
        if self._paths is None:
            self._paths = defaultdict(list)
            for d, v, w, u in self._outputs.get("path_step", ()):
                self._paths[(d, v, w)].append(u)
        return self._paths

    def sym(self, text: str) -> int:
        """The batch's symbol id of a name as the plan writes it (memoised: every hit asks; a
        lattice symbol's, across runs)."""
        ident = self._syms.get(text)
        if ident is None:
            ident = self.kept.syms.get(text)
            if ident is None:
                ident = self.batch.sym(text)
                if ident < self.kept.size:
                    self.kept.syms[text] = ident
            self._syms[text] = ident
        return ident

    # ---- leaves ----
    def evidence(self, p: int) -> Evidence:
        """Predicate p's evidence, with the line and column of its document it starts at
        (latweave/proof/lines.py)."""
        found = self.kept.evidence.get(p)
        if found is None:
            found = self._evidence(p)
            if self.kept.size:
                self.kept.evidence[p] = found
        return found

    def _evidence(self, p: int) -> Evidence:
        pred = self.predicates[p]
        ev = pred.evidence
        files = getattr(self.lattice, "document_file", None)   # (a stored lattice: a KB's text is not read whole)
        if files is not None:
            text = files(ev.doc)
        else:
            documents = getattr(self.lattice, "documents", None)   # (no `or {}`: len() of a layered mapping reads it whole)
            text = None if documents is None else documents.get(ev.doc)
        where = position(text, ev.start) or (None, None)
        return Evidence(p, ev.doc, ev.source_text, ev.start, ev.end, pred.confidence, *where)

    def naming(self, relation: str, s: int, x: int) -> list[int]:
        """The outputs of step s in `relation` (step_out, step_sure) that name instance x —
        itself or one of its aliases — sorted."""
        inst = self.lattice.instances.get(self.labels.key(x))
        aliases = inst.aliases if inst else set()
        return sorted(y for (y,) in self.out.get(relation, s) if y == x or self.labels.key(y) in aliases)

    def coord_leaf(self, x: int, d: int, v: int, p: int) -> Node:
        """coord(x, d, v) by predicate p — or, when v is the meet of several values x is stated to
        have on functional d, by all of them: `stated(x, d, value)` leaves under a (meet) node."""
        kept = self.kept
        key = (x, d, v, p)
        leaf = kept.coords.get(key)
        if leaf is not None:
            return leaf
        L = self.labels
        head = Atom.of("coord", L.instance(x), L.dimension(d), L.value(d, v))
        merged = self.worlds.merged(L.key(x), L.key(d), L.key(v))
        if merged is None:
            leaf = Leaf(head, evidence=self.evidence(p))
            if x < kept.size and d < kept.size and v < kept.size:
                kept.coords[key] = leaf
            return leaf
        return Rule(head, "(meet)", [self.stated_leaf(q) for q in merged])

    def stated_leaf(self, p: int) -> Leaf:
        """What predicate p states, with its evidence (a value that may be more general than the
        coordinate it supports)."""
        return Leaf(Atom.of("stated", *self.stated_labels(p)), evidence=self.evidence(p))

    def stated_labels(self, p: int) -> tuple[str, str, str]:
        """(instance, dimension, value) of what predicate p states, as proofs print them."""
        pred = self.predicates[p]
        dim = self.lattice.dimensions[pred.dimension]
        inst = self.lattice.instances.get(pred.instance)
        return inst.label if inst else pred.instance, dim.name, dim.labels.get(pred.value, pred.value)

    def period_leaf(self, meet: MeetLayout, p: int, relation: str = "during") -> Leaf | None:
        """`during(x, dimension, value, period, window)`: in a timed meet, predicate p's period (its
        start and end qualifiers as written, `?` where unknown) surely meets the meet's window;
        `outside(...)` (a false holds at a time): it does not even possibly meet it, so its value is
        not the instance's then. With the period's day numbers and the window's, so the test can
        be redone. None for an untimed meet, a predicate without a period (it holds at every
        time), or — for `outside` — a period that possibly meets the window."""
        if meet.window is None:
            return None
        qualifiers = self.predicates[p].qualifiers
        period = period_of(qualifiers) if qualifiers else None
        if period is None or (relation == "outside" and period.possibly(*meet.window)):
            return None
        return Leaf(Atom.of(relation, *self.stated_labels(p), period.text, window_text(meet.time)),
                    extras={"predicate": p, "period": list(period.row), "window": list(meet.window)})

    def coord_parts(self, meet: MeetLayout, x: int, d: int, v: int, p: int) -> list[Node]:
        """The coord leaf of predicate p, and in a timed meet the period it holds over."""
        during = self.period_leaf(meet, p)
        return [self.coord_leaf(x, d, v, p)] + ([during] if during is not None else [])

    def desc_proof(self, d: int, v: int, w: int) -> Rule:
        """desc(d, v, w) by a path of subsumption edges (least child first); shared across answers,
        and across runs when the three are the lattice's symbols (`Kept`)."""
        size = self.kept.size
        memo = self.kept.desc if d < size and v < size and w < size else self._desc_memo
        key = (d, v, w)
        proof = memo.get(key)
        if proof is None:
            proof = memo[key] = self._desc_proof(d, v, w)
        return proof

    def _desc_proof(self, d: int, v: int, w: int) -> Rule:
        L = self.labels
        if v == w:
            return Rule(Atom.of("desc", L.dimension(d), L.value(d, v), L.value(d, w)), "(R1)",
                        [Leaf(Atom.of("node", L.dimension(d), L.value(d, v)))])
        hops = sorted(self.paths.get((d, v, w), ()), key=lambda u: self.labels.key(u))
        u = hops[0]
        return Rule(Atom.of("desc", L.dimension(d), L.value(d, v), L.value(d, w)), "(R2)",
                    [Leaf(Atom.of("subsumes", L.dimension(d), L.value(d, v), L.value(d, u))),
                     self.desc_proof(d, u, w)])

    # ---- meets and steps ----
    def step_output_proof(self, layout: QueryLayout, var: str, y: int) -> Rule:
        """step_out(var, y) by a sure route (a sure member; an uncontested value of one) — the
        proofs of answers, which are sure outputs by the rules."""
        s = layout.steps[var]
        for meet in layout.meets:
            if meet.step != var:
                continue
            if meet.project is None:
                if self.out.get2("member_sure", meet.m, 1, y):
                    return Rule(Atom.of("step_out", step_name(var), self.labels.instance(y)), "(R1)",
                                [self.member_proof(layout, meet, y)])
            else:
                doubtful = {x for x, _, _ in self.out.get("doubt_project", meet.m)}
                rows = sorted(r for r in self.out.get2("projected", meet.m, 2, y)
                              if r[0] not in doubtful and self.out.get2("member_sure", meet.m, 1, r[0]))
                if rows:
                    x, _, p = rows[0]
                    d = self.sym(meet.project)
                    return Rule(Atom.of("step_out", step_name(var), self.labels.value(d, y)), "(R2)",
                                [self.member_proof(layout, meet, x), *self.coord_parts(meet, x, d, y, p)])
        raise LookupError(f"no sure derivation of output {y} of step {s}")  # the rules guarantee one

    def member_proof(self, layout: QueryLayout, meet: MeetLayout, x: int) -> Rule:
        """member(meet, x) by a sure route: one hit per constraint of the meet (the meet's
        constraints are listed), each through a sure value; where x's coordinate is contested,
        `hit_all` shows the constraint met in every one of its worlds."""
        L = self.labels
        children = []
        hits = defaultdict(list)
        for c, _, v, w, p in self.out.get2("witness_hit", meet.m, 2, x):
            hits[c].append((v, w, p))
        for c, constraint in meet.constraints:
            if constraint is None:
                children.append(self.self_proof(layout, meet, c, x))
                continue
            sure = [h for h in hits[c] if self._sure_value(layout, meet, c, constraint, h[0])]
            rule = "(R1)" if c == meet.seed else "(R2)"
            if not self.doubts.contested_at(meet.m, c, x):
                v, w, p = min(sure, key=lambda t: (L.key(t[0]), L.key(t[1]), t[2]))
                children.append(self.hit_proof(layout, meet, c, constraint, x, v, w, p, rule))
                continue
            per_world: dict[int, tuple] = {}
            for v, w, p in sorted(sure, key=lambda t: (L.key(t[0]), L.key(t[1]), t[2])):
                per_world.setdefault(w, (v, w, p))
            dim_name, op, text = constraint_triple(constraint)
            worlds = [self.hit_proof(layout, meet, c, constraint, x, *per_world[w], rule)
                      for w in sorted(per_world, key=L.key)]
            children.append(Rule(Atom.of("hit_all", dim_name, op, text, L.instance(x)), "(worlds)", worlds))
        return Rule(Atom.of("member", meet_name(meet.ordinal), L.instance(x)), "(R1)", children, meet=self.meet_info(meet))

    def _sure_value(self, layout: QueryLayout, meet: MeetLayout, c: int, constraint, v: int) -> bool:
        """Whether constraint c names value v for certain (a name; a sure output of its step)."""
        if not isinstance(constraint.value, Ref):
            return True
        return bool(self._sure_refs(layout, meet, c, constraint.value.var).get(v))

    def _sure_refs(self, layout: QueryLayout, meet: MeetLayout, c: int, var: str) -> dict[int, list[int]]:
        """Value v → the sure outputs y of step `var` that name it through constraint c, sorted
        (read once per constraint: a proof asks for every hit of every answer)."""
        key = (meet.m, c)
        if key not in self._sure_ref_memo:
            sure = self.doubts.sure_outputs(layout.steps[var])
            by_value: dict[int, list[int]] = defaultdict(list)
            for cc, y, v in self.out.get("ref_value", meet.m):
                if cc == c and y in sure:
                    by_value[v].append(y)
            self._sure_ref_memo[key] = {v: sorted(ys) for v, ys in by_value.items()}
        return self._sure_ref_memo[key]

    def hit_proof(self, layout: QueryLayout, meet: MeetLayout, c: int, constraint, x: int,
                  v: int, w: int, p: int, rule: str) -> Rule:
        """hit(dim, op, named, x, w): x's coordinate w meets the constraint through value v."""
        L = self.labels
        d = self.sym(constraint.dimension)
        dim_name, op, text = constraint_triple(constraint)
        parts = [Leaf(Atom.of("constraint", dim_name, op, text))]
        if isinstance(constraint.value, Ref):
            ys = self._sure_refs(layout, meet, c, constraint.value.var)[v]
            parts.append(self.step_output_proof(layout, constraint.value.var, ys[0]))
        dim = self.lattice.dimensions[L.key(d)]
        window = constraint.window(dim.ordered)
        if window:
            parts.append(Leaf(Atom.of("bounds", dim.name, L.value(d, w)), bounds=tuple(dim.bounds[L.key(w)])))
        elif constraint.op == "<=":
            parts.append(self.desc_proof(d, v, w))
        parts.extend(self.coord_parts(meet, x, d, w, p))
        named = text if window else L.value(d, v)
        return Rule(Atom.of("hit", dim_name, op, named, L.instance(x), L.value(d, w)), rule, children=parts)

    def meet_info(self, meet: MeetLayout) -> dict:
        info = {"name": meet_name(meet.ordinal), "step": step_name(meet.step),
                "project": meet.project,
                "constraints": [list(constraint_triple(c)) if c is not None else ["self", "=", "instance"]
                                for _, c in meet.constraints]}
        if meet.time is not None:
            info["at"] = window_text(meet.time)
        return info

    def self_proof(self, layout: QueryLayout, meet: MeetLayout, c: int, x: int) -> Rule:
        """self(x): the meet is about instance x, named directly or reached by an earlier step."""
        L = self.labels
        ref = self.batch.self_refs.get((meet.m, c))
        children = [Leaf(Atom.of("instance", L.instance(x)))]
        if ref is not None:
            ys = self.naming("step_sure", layout.steps[ref], x)
            children.append(self.step_output_proof(layout, ref, ys[0]))
        return Rule(Atom.of("self", L.instance(x)), "(R1)", children)


class QueryDecoder(ProofReader):
    """Outcome, witness and proof of each query in the batch (proofs can be skipped for speed)."""

    with_proofs: bool = True

    def outcome(self, layout: QueryLayout, page: Page | None = None) -> Outcome:
        """The query's outcome; with a `page`, an answer set of a meet or chain plan keeps only the
        page's answers (and contested answers), with proofs for those alone, and the Outcome holds
        the whole set (`answer_set`) for other pages and proofs on demand. Extrema, verdicts and
        abstentions are whole whatever the page."""
        q = layout.q
        reasons = sorted_reasons(r for (r,) in self.out.get("abstain", q))
        if reasons:
            witness = self.witness(layout, reasons)
            proof = Rule(Atom.of("abstain", reasons[0]), "(abstain)",
                         [WitnessLeaf(reason, witness[reason]) for reason in reasons])
            return Outcome("abstain", [], None, reasons[0], reasons, witness, Proof.of(proof))
        final = layout.plan.final
        if isinstance(final, Holds) or (isinstance(final, Compare) and final.op in ("same", "differ")):
            verdicts = [t for (t,) in self.out.get("verdict", q)]
            if len(verdicts) != 1:  # the rules derive exactly one verdict or an abstention
                raise LookupError(f"query {q}: expected one verdict, got {verdicts}")
            verdict = bool(verdicts[0])
            proof = Proof.of(self.verdict_proof(layout, verdict)) if self.with_proofs else Proof()
            return Outcome("verdict", [], verdict, None, [], Witness(), proof)
        answers = [y for (y,) in self.out.get("answer", q)]
        if isinstance(final, Compare):
            # a winner is an argument (shown by its label) or an item of a bare $step argument;
            # in doubt, only a winner in every world (robust)
            doubt = self._compare_in_doubt(layout)
            rows = self.out.get("robust" if doubt else "winner", layout.compare)
            shown = sorted((self._candidate_label(layout, a, c), a, c) for a, c in rows)
            answers = sorted({label for label, _, _ in shown})
            if not self.with_proofs:
                return Outcome("answer", answers, None, None, [], Witness(), Proof())
            prove = self.robust_proof if doubt else self.extremum_proof
            trees = [prove(layout, a, c, label) for label, a, c in shown]
            return Outcome("answer", answers, None, None, [], Witness(), Proof.answers(trees))
        project = _final_projection(layout)
        by_label = self.labels.items(answers, project)
        undecided = [y for (y,) in self.out.get("contested_answer", q)]
        if page is not None:  # proofs (and contested entries) for the page's answers only
            undecided = sorted((self.labels.item(y, project), y) for y in undecided)
            return AnswerSet(self, layout, by_label, undecided).page(page, self.with_proofs)
        contested = self.doubts.contested_answers(layout, undecided)
        listed = [entry.to_json() for entry in contested]
        if not self.with_proofs:
            return Outcome("answer", [label for label, _ in by_label], None, None, [], Witness(), Proof(), listed)
        proof = Proof.answers([self.answer_tree(layout, label, y) for label, y in by_label],
                              [contested_node(entry) for entry in contested])
        return Outcome("answer", [label for label, _ in by_label], None, None, [], Witness(), proof, listed)

    def answer_tree(self, layout: QueryLayout, label: str, y: int) -> Rule:
        """answer(label) ← step_out(final, y): the proof of one answer of a meet or chain plan."""
        return Rule(Atom.of("answer", label), "(R1)", [self.step_output_proof(layout, "", y)])

    def _compare_in_doubt(self, layout: QueryLayout) -> bool:
        """Whether an item of the compare is in doubt (rules: compare_doubt), so that only a winner
        in every world answers."""
        k = layout.compare
        return bool(self.out.get("doubt_item", k) or self.out.get("doubt_coord", k))

    # ---- compare ----
    def _arg_label(self, arg) -> str:
        return arg.label

    def _items_compete(self, layout: QueryLayout, a: int) -> bool:
        arg = dict(layout.args)[a]
        return isinstance(arg.term, Ref) and not arg.path

    def _candidate_label(self, layout: QueryLayout, a: int, c: int) -> str:
        """An argument's label, or the instance label of one item of a bare $step argument."""
        return self.labels.instance(c) if self._items_compete(layout, a) else dict(layout.args)[a].label

    def _arg_value_leaf(self, layout: QueryLayout, row, world: tuple | None = None) -> Node:
        """The compared value of argument a; for a step or a path, also how x was reached."""
        a, x, v, p = row
        d = self.sym(layout.plan.final.dimension)
        leaf = self.span_proof(layout, a, x, world) if _derived(layout) else self.coord_leaf(x, d, v, p)
        index = [aa for aa, _ in layout.args].index(a)
        arg = layout.args[index][1]
        if not arg.path and isinstance(arg.term, Name):
            return leaf
        var = path_step_name(index, len(arg.path) - 1) if arg.path else arg.term.var
        ys = self.naming("step_sure", layout.steps[var], x)
        if not ys:  # an item only a doubtful route reaches (shown where every possible value counts)
            entry = self.doubts.entry("item", self.labels.instance(x), self.doubts.item(layout, var, x))
            return Rule(Atom.of("arg", arg.label, self.labels.instance(x)), "(doubtful)", [leaf],
                        contested=entry.to_json())
        return Rule(Atom.of("arg", arg.label, self.labels.instance(x)), "(R2)",
                    [self.step_output_proof(layout, var, ys[0]), leaf])

    def extremum_proof(self, layout: QueryLayout, a: int, c: int, shown: str) -> Rule:
        """answer(shown) ← argmax(dim, argument): the winner's best values and every candidate it
        beats. A winner may hold several values none of which is better than another (the year
        1901 and the month 1901-07, two items' overlapping spans): each is one of its best values,
        and each is shown — its coord (or span), and a `beats` per value of another candidate it
        beats (issue 42)."""
        k, L = layout.compare, self.labels
        final = layout.plan.final
        d = self.sym(final.dimension)
        labels = dict(layout.args)
        items = self._items_compete(layout, a)
        best = {v for aa, cc, v in self.out.get("best_value", k) if (aa, cc) == (a, c)}
        chosen: dict[int, tuple] = {}   # each best value, by the least row that holds it
        for row in sorted(r for r in self.out.get("arg_value", k) if r[0] == a and r[2] in best
                          and (not items or r[1] == c)):
            chosen.setdefault(row[2], row)
        children = [self._arg_value_leaf(layout, row) for row in sorted(chosen.values())]
        derived = _derived(layout)
        spans = self.spans(k) if derived else {}
        for aa, cc, b, e, v, w in sorted(self.out.get("beats", k)):
            if (aa, cc) != (a, c):
                continue
            if derived:  # v and w are items, compared by their spans; the loser's span is proved too
                loser = min(r for r in self.out.get("arg_value", k) if r[0] == b and r[2] == w)
            sides = {}
            if items:
                sides["winner_item"] = L.instance(c)
            if self._items_compete(layout, b):
                sides["other_item"] = L.instance(e)
            if derived:  # v and w are items, compared by their spans; the loser's span is proved too
                loser = min(r for r in self.out.get("arg_value", k) if r[0] == b and r[2] == w)
                beat = Rule(Atom.of("beats", labels[a].label, labels[b].label, *spans[v], *spans[w]),
                            "(R1)", [self._arg_value_leaf(layout, loser)],
                            order={"kind": "span", "direction": final.op}, extras=sides)
            else:
                beat = Leaf(Atom.of("beats", labels[a].label, labels[b].label, L.value(d, v), L.value(d, w)),
                            order=self._order_note(d, v, w, final.op), extras=sides)
            children.append(beat)
        return Rule(Atom.of("answer", shown), "(R2)",
                    [Rule(Atom.of(final.op, final.measure, labels[a].label), "(R1)", children)])

    def robust_proof(self, layout: QueryLayout, a: int, c: int, shown: str) -> Rule:
        """answer(shown) ← argmax(dim, argument) in doubt: a sure item of the winner with every
        value it may have (each world of a contested coordinate, each span) and, for every value
        any other candidate may have, the winner's values beating it, or a tie no world breaks."""
        k, L = layout.compare, self.labels
        final = layout.plan.final
        d = self.sym(final.dimension)
        labels = dict(layout.args)
        derived = _derived(layout)
        rows = sorted(set(self.out.get("robust_beats", k)))
        items = sorted({x for aa, cc, x, _, _, _, _ in rows if (aa, cc) == (a, c)})
        if not items:  # no other candidate: the winner's sure item with a value
            doubtful = {x for aa, x in self.out.get("doubt_item", k) if aa == a}
            items = sorted({r[1] for r in self.out.get("arg_value", k)
                            if r[0] == a and r[1] not in doubtful and (r[1] == c or not self._items_compete(layout, a))})[:1]
        x = items[0]
        if derived:
            children = [self._arg_value_leaf(layout, (a, x, x, None), world=(v, w))
                        for v, w, _, _ in self.span_worlds(k, x)]
        else:
            children = [self._arg_value_leaf(layout, r) for r in _one_per_value(self.out.get("arg_value", k))
                        if r[0] == a and r[1] == x]
        for aa, cc, xx, v, b, e, w in rows:
            if (aa, cc) != (a, c) or xx != x:
                continue
            pairs = ([(sv[2:], sw[2:]) for sv in self.span_worlds(k, v) for sw in self.span_worlds(k, w)]
                     if derived else [(L.value(d, v), L.value(d, w))])
            for mine, theirs in pairs:
                order = {"kind": "span", "direction": final.op} if derived else self._order_note(d, v, w, final.op)
                extras: dict = {"every_world": True}
                if self._items_compete(layout, a):
                    extras["winner_item"] = L.instance(c)
                if self._items_compete(layout, b):
                    extras["other_item"] = L.instance(e)
                children.append(Leaf(Atom.of("beats", labels[a].label, labels[b].label,
                                             *(mine if derived else (mine,)), *(theirs if derived else (theirs,))),
                                     order=order, extras=extras))
        for aa, cc, b, e in sorted(self.out.get("solid_tie", k)):
            if (aa, cc) == (a, c) and (b, e) != (a, c):
                children.append(Leaf(Atom.of("ties", labels[a].label, labels[b].label),
                                     extras={"other": self._candidate_label(layout, b, e)}))
        return Rule(Atom.of("answer", shown), "(R3)",
                    [Rule(Atom.of(final.op, final.measure, labels[a].label), "(robust)", children)])

    # ---- a derived value: the difference of two date dimensions ----
    def spans(self, k: int) -> dict[int, tuple[int, int]]:
        """Each item's span of days in derived compare k (one per item: the rules see to it)."""
        return {x: (lo, hi) for _, x, _, _, _, _, lo, hi in self.out.get("span_of", k)}

    def span_proof(self, layout: QueryLayout, a: int, x: int, world: tuple | None = None) -> Rule:
        """span(x, lo, hi): x's value on the compared dimension minus its value on the subtracted
        one, each a coord with its evidence and its day numbers (magnitude). An item whose date is
        contested has one span per world: `world` (v, w) picks one (default: the least)."""
        final = layout.plan.final
        rows = sorted(r[2:] for r in self.out.get("span_of", layout.compare) if r[:2] == (a, x))
        if world is not None:
            rows = [r for r in rows if (r[0], r[2]) == world]
        v, p1, w, p2, lo, hi = rows[0]
        children = []
        for dim_name, value, p in ((final.dimension, v, p1), (final.minus, w, p2)):
            dim = self.lattice.dimensions[_norm(dim_name)]
            d = self.sym(dim_name)
            key = self.labels.key(value)
            first, last = (int(b) for b in dim.bounds[key])
            children.append(self.coord_leaf(x, d, value, p))
            children.append(Leaf(Atom.of("magnitude", dim.name, dim.labels[key], first, last)))
        return Rule(Atom.of("span", self.labels.instance(x), lo, hi), "(R1)", children, note=span_note(lo, hi))

    def span_worlds(self, k: int, x: int) -> list[tuple]:
        """Every (v, w, lo, hi) span of item x in derived compare k (several when contested)."""
        return sorted({(v, w, lo, hi) for _, xx, v, _, w, _, lo, hi in self.out.get("span_of", k) if xx == x})

    def _derived_incomparable(self, layout: QueryLayout) -> tuple[tuple[IncomparablePair, ...],
                                                                  tuple[AmbiguousValue, ...]]:
        """A derived compare's pairs of overlapping spans, and its items with two values."""
        k, L = layout.compare, self.labels
        spans = self.spans(k)
        labels = dict(layout.args)
        pairs = tuple(IncomparablePair((self._candidate_label(layout, a, c), self._candidate_label(layout, b, e)),
                                       items=(L.instance(v), L.instance(w)), spans=(tuple(spans[v]), tuple(spans[w])))
                      for a, c, b, e, v, w in sorted(self.out.get("incomparable", k)))
        ambiguous = sorted((AmbiguousValue(labels[a].label, L.instance(x), L.dimension(e),
                                           tuple(sorted([L.value(e, v), L.value(e, w)])))
                            for a, x, e, v, w in self.out.get("two_values", k)),
                           key=lambda entry: json.dumps(entry.to_json(), ensure_ascii=False, sort_keys=True))
        return pairs, tuple(ambiguous)

    def _order_note(self, d: int, v: int, w: int, op: str) -> dict:
        dim = self.lattice.dimensions.get(self.labels.key(d))
        if dim is not None and dim.ordered:
            return {"kind": "numeric", "winner_bounds": list(dim.bounds[self.labels.key(v)]),
                    "other_bounds": list(dim.bounds[self.labels.key(w)]), "direction": op}
        return {"kind": "lattice", "direction": op}

    def verdict_proof(self, layout: QueryLayout, verdict: bool) -> Rule:
        k, final = layout.compare, layout.plan.final
        head = Atom.of("verdict", "true" if verdict else "false")
        if isinstance(final, Holds):
            meet = next(m for m in layout.meets if m.m == layout.holds_meet)
            if verdict:
                (x,) = sorted(x for (x,) in self.out.get("member_sure", meet.m))[:1]
                return Rule(head, "(holds)", [self.member_proof(layout, meet, x)])
            # The constraint after which nothing was left (in evaluation order) is one the instance
            # fails on every value it has there: show it, with all of those values.
            emptied = {c for (c,) in self.out.get("emptied_by", meet.m)}
            actual = sorted(self.out.get("holds_actual", k))
            children = []
            for c, constraint in meet.constraints:
                if constraint is None or c not in emptied:
                    continue
                d = self.sym(constraint.dimension)
                leaves = [Leaf(Atom.of("constraint", *constraint_triple(constraint)))]
                for cc, x, w, p in actual:
                    if cc == c:
                        leaves.append(self.coord_leaf(x, d, w, p))
                        outside = self.period_leaf(meet, p, "outside")
                        if outside is not None:
                            leaves.append(outside)
                children.append(Rule(Atom.of("fails", *constraint_triple(constraint)), "(holds)", leaves))
            return Rule(head, "(holds)", children)
        rows = sorted(self.out.get("arg_value", k))
        if verdict == (final.op == "same"):
            # a class every argument has in every world: an uncontested value of a sure item
            common = {c for (c,) in self.out.get("common_sure", k)}
            c = min(common, key=self.labels.key)
            of_class = {v for v, cc in self.out.get("value_class", k) if cc == c}
            doubtful = set(self.out.get("doubt_item", k))
            chosen = [min(r for r in rows if r[0] == a and r[2] in of_class and (a, r[1]) not in doubtful)
                      for a, _ in layout.args]
            leaves = [self._arg_value_leaf(layout, r) for r in chosen]
            leaves += [self.class_leaf(self.sym(final.dimension), v, c)
                       for v in sorted({r[2] for r in chosen}, key=self.labels.key) if v != c]
        else:
            leaves = [self._arg_value_leaf(layout, r) for r in _one_per_value(rows)]
        return Rule(head, f"({final.op})", leaves)

    def class_leaf(self, d: int, v: int, c: int) -> Leaf:
        """canonical(dimension, value, class): value v compares as class c (a stored class)."""
        dim = self.lattice.dimensions[self.labels.key(d)]
        label = dim.compare_classes()[self.labels.key(v)]
        return Leaf(Atom.of("canonical", dim.name, self.labels.value(d, v), label),
                    extras={"source": COUNTRY_TABLE})

    # ---- abstention witnesses ----
    def witness(self, layout: QueryLayout, reasons: list[Reason]) -> Witness:
        L = self.labels
        out: dict[Reason, Detail] = {}
        constraint_of = {(m.m, c): con for m in layout.meets for c, con in m.constraints}
        for reason in reasons:
            if reason == Reason.UNKNOWN_ANCHOR:
                names = []
                for meet in layout.meets:
                    for c, n in self.out.get("unknown_name", meet.m):
                        con = constraint_of[(meet.m, c)]
                        names.append(UnknownName(L.key(n), con.dimension if con else None,
                                                 describe(con) if con else "instance"))
                if layout.compare is not None:
                    for a, n in self.out.get("unknown_arg", layout.compare):
                        names.append(UnknownName(L.key(n), None, "argument"))
                out[reason] = UnknownAnchorDetail(tuple(sorted(names, key=_json_key)))
            elif reason == Reason.OUT_OF_SCOPE:
                dims = sorted(L.key(d) for (d,) in self.out.get("unknown_dimension", layout.q))
                out[reason] = (OutOfScopeDetail(unknown_dimensions=tuple(dims)) if dims
                               else OutOfScopeDetail(unsupported=True))
            elif reason == Reason.CONFLICT:
                conflicts = []
                for meet in layout.meets:
                    for d, c1, c2 in self.out.get("conflict", meet.m):
                        vals = {c: tuple(sorted(L.value(d, v) for cc, v in self.out.get("constraint_value", meet.m)
                                                if cc == c))
                                for c in (c1, c2)}
                        conflicts.append(Conflict(L.dimension(d), (describe(constraint_of[(meet.m, c1)]),
                                                                   describe(constraint_of[(meet.m, c2)])),
                                                  (vals[c1], vals[c2])))
                out[reason] = ConflictDetail(tuple(sorted(conflicts, key=_json_key)), **self._contested_witness(layout))
            elif reason == Reason.INCOMPARABLE:
                out[reason] = self._incomparable_witness(layout)
            elif reason == Reason.EMPTY:
                out[reason] = self._empty_witness(layout, constraint_of)
        return Witness.of(out)

    def _incomparable_witness(self, layout: QueryLayout) -> IncomparableDetail:
        """The compared values not ordered with each other (a derived value's spans, and its items
        with two values); at a time, the periods known only in part."""
        pairs = ambiguous = None
        final = layout.plan.final
        if _derived(layout):
            pairs, ambiguous = self._derived_incomparable(layout)
        elif isinstance(final, Compare):
            d = self.sym(final.dimension)
            found = tuple(IncomparablePair((self._candidate_label(layout, a, c), self._candidate_label(layout, b, e)),
                                           values=(self.labels.value(d, v), self.labels.value(d, w)))
                          for a, c, b, e, v, w in sorted(self.out.get("incomparable", layout.compare)))
            if found or layout.loose is None:
                pairs = found
        in_time = self._time_witness(layout) if layout.loose is not None else None
        return IncomparableDetail(pairs, ambiguous, in_time)

    def _time_witness(self, layout: QueryLayout) -> InTime | None:
        """Why a timed query's answer depends on when a partly known period began or ended: the
        answers its shadow (periods read loosely) has and it lacks, or the other way round (meet
        plans), and the predicates the shadow read whose periods only possibly meet its window."""
        q = layout.q
        open_ = [y for (y,) in self.out.get("time_open", q)]
        maybe = sorted(p for (p,) in self.out.get("time_maybe", q))
        if not open_ and not maybe:
            return None
        answers = None
        final = layout.plan.final
        if isinstance(final, (Meet, Union)) and open_:
            project = next((m.project for m in layout.meets if m.step == ""), None)
            answers = tuple(sorted(self.labels.item(y, project) for y in open_))
        periods = []
        for p in maybe:
            instance, dimension, value = self.stated_labels(p)
            periods.append(OpenPeriod(p, instance, dimension, value, period_of(self.predicates[p].qualifiers).text))
        return InTime(tuple(periods), answers)

    def _contested_witness(self, layout: QueryLayout) -> dict[str, tuple]:
        """What the sources contest, when that is why nothing certain is left (the `contested`, and
        for a compare the `undecided_items`, of a ConflictDetail): the undecided answers of a meet,
        the items and values of a compare, the member of a claim."""
        if layout.compare is None:
            undecided = [y for (y,) in self.out.get("undecided", layout.q)]
            return {"contested": tuple(self.doubts.contested_answers(layout, undecided))}
        if layout.holds_meet is not None:
            return self.doubts.holds_witness(layout)
        return self.doubts.compare_witness(layout)

    def _empty_witness(self, layout, constraint_of) -> EmptyStepDetail | NoValueDetail:
        L = self.labels
        if layout.compare is not None:
            k = layout.compare
            labels = {a: term for a, term in layout.args}
            missing = [self._arg_label(labels[a]) for (a,) in self.out.get("arg_missing", k)]
            missing += [f"{self._arg_label(labels[a])}: {L.instance(x)}" for a, x in self.out.get("item_missing", k)]
            holds = [describe(constraint_of[(layout.holds_meet, c)]) for c, d in self.out.get("holds_missing", k)]
            final = layout.plan.final
            if self.out.get("holds_no_item", k):  # holds($s, ...) and $s yields no instance
                missing.append(f"${final.item.var}")
            return NoValueDetail(tuple(sorted(missing)), final.measure if isinstance(final, Compare) else None,
                                 tuple(sorted(holds)))
        # The earliest step (in plan order) whose every meet came back empty explains the rest.
        for var in [*(let.var for let in layout.plan.lets), ""]:
            s = layout.steps[var]
            if not self.out.get("empty_step", s):
                continue
            details = []
            for meet in (m for m in layout.meets if m.step == var):
                emptied = tuple(describe(constraint_of[(meet.m, c)]) for (c,) in self.out.get("emptied_by", meet.m))
                alone = [describe(constraint_of[(meet.m, c)]) for (c,) in self.out.get("matches_nothing", meet.m)]
                details.append(EmptyMeet(meet_name(meet.ordinal), emptied, tuple(sorted(alone))))
            return EmptyStepDetail(step_name(var), tuple(details))
        return EmptyStepDetail("final", ())


class AnswerSet:
    """The whole answer set of one meet or chain query, kept with the decoder (and so the engine
    outputs) it came from: any page of it, or the proof of any one answer, built when asked for,
    without running the engine again. Held by a paged Result; dropping the Result frees it.

    `answers` and `undecided` are (label, symbol id) pairs sorted by label, as results list them.
    """

    def __init__(self, decoder: "QueryDecoder", layout: QueryLayout, answers: list[tuple[str, int]],
                 undecided: list[tuple[str, int]]):
        self.decoder = decoder
        self.layout = layout
        self.answers = answers
        self.undecided = undecided

    @property
    def total(self) -> int:
        return len(self.answers)

    def labels(self) -> list[str]:
        """Every answer's label, in order (no proofs)."""
        return [label for label, _ in self.answers]

    def page(self, page: Page, proofs: bool = True) -> Outcome:
        """The outcome showing `page` of the answers (and of the contested answers)."""
        d = self.decoder
        shown = page.window(self.answers)
        contested = d.doubts.contested_answers(self.layout, [y for _, y in page.window(self.undecided)])
        proof = Proof()
        if proofs:
            proof = Proof.answers([d.answer_tree(self.layout, label, y) for label, y in shown],
                                  [contested_node(entry) for entry in contested])
        return Outcome("answer", [label for label, _ in shown], None, None, [], Witness(), proof,
                       [entry.to_json() for entry in contested], page.stated(len(self.answers), len(self.undecided)),
                       self)

    def proof_of(self, label: str) -> Rule:
        """The proof tree of the answer `label` (the tree an unpaged result lists for it)."""
        i = bisect_left(self.answers, (label,))
        if i < len(self.answers) and self.answers[i][0] == label:
            return self.decoder.answer_tree(self.layout, label, self.answers[i][1])
        raise LatweaveError(f"{label!r} is not an answer of this plan ({self.total:,} answers)",
                            hint="give an answer exactly as the result lists it")


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


def _json_key(record) -> str:
    """The order witness entries are listed in: by their JSON, keys sorted."""
    return json.dumps(record.to_json(), sort_keys=True)


def _one_per_value(rows) -> list[tuple]:
    """arg_value rows (a, x, v, p), one per (a, x, v): the least predicate stands for the value
    (a coordinate that is the meet of several stated values proves itself with all of them)."""
    seen, out = set(), []
    for row in sorted(rows):
        if row[:3] not in seen:
            seen.add(row[:3])
            out.append(row)
    return out


def contested_node(entry: Contested) -> Rule:
    """A contested answer in the proof's shape: the stated predicates (with their evidence) under
    whose worlds it is reached, and those under whose worlds it is not."""
    def leaves(items: tuple[Stated, ...]) -> list[Leaf]:
        return [Leaf(Atom.of("stated", i.instance, i.dimension, i.value), evidence=i.evidence) for i in items]
    return Rule(Atom.of("contested", entry.label), "(contested)",
                [Rule(Atom.of("supported_by", entry.label), "(worlds)", leaves(entry.supported_by)),
                 Rule(Atom.of("contradicted_by", entry.label), "(worlds)", leaves(entry.contradicted_by))])


def uncontested_answers(outputs: Mapping[str, list], layout: QueryLayout, labels: Labels) -> list[str] | None:
    """The answers of a meet or chain plan (`layout`) without their proofs, read off `outputs`,
    when its outcome is an answer set nothing contests — what `QueryDecoder.outcome` gives such a
    plan: its answers' labels (`Labels.items`), sorted. None when the outcome is another (an
    abstention, whose witness reads the plan's names; an answer in doubt): `outcome` decodes it.
    Reads `abstain`, `contested_answer` and `answer` alone (ANSWER_READS)."""
    q = layout.q
    if any(row[0] == q for row in outputs.get("abstain", ())) or \
            any(row[0] == q for row in outputs.get("contested_answer", ())):
        return None
    answers = [row[1] for row in outputs.get("answer", ()) if row[0] == q]
    return [label for label, _ in labels.items(answers, _final_projection(layout))]


def _final_projection(layout: QueryLayout) -> str | None:
    projects = {m.project for m in layout.meets if m.step == ""}
    return projects.pop() if len(projects) == 1 else None
