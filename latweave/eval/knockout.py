"""Knock-out leak test: delete a gold triple, rebuild the lattice, rerun the SAME plan.

For every question the system answered correctly, each gold triple is deleted in turn
(PathQuestion: the consecutive (e_i, r_i, e_{i+1}) triples of the gold path; 2Wiki: each evidence
triple) from a copy of the triple list; the lattice is rebuilt (`lattice_from_triples`, saved in a
temporary folder) and the same plan is rerun. When the gold is no longer reachable without that
triple the system must abstain; answering then is a **leak**.

"No longer reachable" is judged on the triples alone, independently of the engine:
  PathQuestion  walking the gold relation path from the anchor, without the triple, reaches nothing;
  2Wiki         no other triple with the same subject and relation remains.
A knock-out after which the gold is still reachable another way is counted as `rerouted` and takes
no part in the leak rate.

A fact stated twice is one piece of evidence: "a spouse b" and "b spouse a", or "a parents b" and
"b children a". Knocking a triple out also removes its restatements — triples (o, r2, s) where the
KB itself shows r2 restating r in reverse (at least RESTATE_MIN of r's triples, and RESTATE_SHARE of
them, have their reverse stated with r2). Without this, a plan through `inverse spouse` would still
find the deleted marriage in its other line and be counted as a leak.

Speed: knock-outs are grouped so one rebuilt lattice serves every question that depends on its
triple, and several triples share one lattice when no question tested there reads another one's
triple. What a chain plan reads is found by walking it over the triples; a plan of another shape
gets a lattice of its own (one triple removed).
"""

from __future__ import annotations

import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Sequence

from latweave.eval.datasets import Example
from latweave.eval.metrics import aggregate, score_abstention
from latweave.lattice.names import normalize
from latweave.plan.ast import Compare, Meet, Name, Plan, Ref
from latweave.plan.printer import to_text

INVERSE = "inverse "

Key = tuple[str, str, str]

#: When r2 counts as restating r in reverse (see the module docstring); read off the KB, not tuned.
RESTATE_MIN = 20
RESTATE_SHARE = 0.2


def triple_key(s: str, r: str, o: str) -> Key:
    return normalize(s), normalize(r), normalize(o)


def _spo(t) -> tuple[str, str, str]:
    if hasattr(t, "subject"):
        return t.subject, t.relation, t.object
    s, r, o = t[:3]
    return s, r, o


class _Index:
    """Forward and inverse adjacency of the normalised triples."""

    def __init__(self, keys: Iterable[Key]):
        self.fwd: dict[tuple[str, str], set[str]] = defaultdict(set)
        self.inv: dict[tuple[str, str], set[str]] = defaultdict(set)
        self.keys = set()
        for s, r, o in keys:
            self.keys.add((s, r, o))
            self.fwd[(s, r)].add(o)
            self.inv[(o, r)].add(s)

    def entities(self, key: str) -> set[str]:
        """A name and the subjects it may stand for once build-time entity resolution merged
        "E" into "E (disambiguator)": a footprint must cover both spellings."""
        if not hasattr(self, "_stripped"):
            self._stripped: dict[str, set[str]] = defaultdict(set)
            for s, _ in self.fwd:
                if s.endswith(")") and " (" in s:
                    self._stripped[s[:s.rindex(" (")]].add(s)
        return {key} | self._stripped.get(key, set())

    def forward(self, node: str, rel: str, without: Key | None = None) -> set[str]:
        out = self.fwd.get((node, rel), set())
        if without is not None and without[0] == node and without[1] == rel and without[2] in out:
            out = out - {without[2]}
        return out


def restatements(index: _Index) -> dict[str, set[str]]:
    """relation r → the relations r2 with which the KB states r's facts in reverse."""
    by_rel: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for s, r, o in index.keys:
        by_rel[r].append((s, o))
    out: dict[str, set[str]] = defaultdict(set)
    for r, pairs in sorted(by_rel.items()):
        for r2 in sorted(by_rel):
            n = sum((o, r2, s) in index.keys for s, o in pairs)
            if n >= RESTATE_MIN and n >= RESTATE_SHARE * len(pairs):
                out[r].add(r2)
    return out


def with_restatements(key: Key, index: _Index, restate: dict[str, set[str]]) -> set[Key]:
    s, r, o = key
    return {key} | {(o, r2, s) for r2 in restate.get(r, ()) if (o, r2, s) in index.keys}


def gold_triples(ex: Example) -> list[tuple[str, str, str]]:
    """The triples a question's gold depends on (raw spelling)."""
    gold = ex.gold
    if gold.get("path") and gold.get("entities"):
        ents, rels = gold["entities"], gold["path"]
        return [(ents[i], rels[i], ents[i + 1]) for i in range(len(rels))]
    return [tuple(t) for t in gold.get("evidences") or [] if len(t) == 3]


def must_abstain(ex: Example, knocked: Key, index: _Index) -> bool:
    """Whether, without `knocked`, the gold can no longer be reached (see the module docstring)."""
    gold = ex.gold
    if gold.get("path") and gold.get("anchor"):
        frontier = {normalize(gold["anchor"])}
        for rel in gold["path"]:
            r = normalize(rel)
            frontier = set().union(*(index.forward(e, r, knocked) for e in frontier)) if frontier else set()
            if not frontier:
                return True
        return False
    s, r, _ = knocked
    return not index.forward(s, r, knocked)


def chain_footprint(plan: Plan, index: _Index) -> set | None:
    """What a plan reads, as ("f", entity, relation) / ("i", entity, relation) items, walking the
    full triples: chain steps (meets of one `subject = name|$step` constraint, projected) and a
    final compare over names, steps and argument paths. None for a plan of another shape (then
    nothing is assumed about what it reads)."""
    bound: dict[str, set[str]] = {}
    reads: set = set()
    final_is_compare = isinstance(plan.final, Compare)
    steps = [(let.var, let.expr) for let in plan.lets] + ([] if final_is_compare else [(None, plan.final)])
    for var, expr in steps:
        if not isinstance(expr, Meet) or len(expr.constraints) != 1:
            return None
        c = expr.constraints[0]
        if normalize(c.dimension) != "subject" or c.op != "=":
            return None
        if isinstance(c.value, Name):
            nodes = index.entities(normalize(c.value.text))
        elif isinstance(c.value, Ref) and c.value.var in bound:
            nodes = bound[c.value.var]
        else:
            return None
        out = set(nodes) if expr.project is None or normalize(expr.project) == "subject" \
            else _project(nodes, normalize(expr.project), index, reads)
        if var is not None:
            bound[var] = out
    if final_is_compare:
        dim = normalize(plan.final.dimension)
        for arg in plan.final.args:
            if isinstance(arg.term, Name):
                nodes = index.entities(normalize(arg.term.text))
            elif arg.term.var in bound:
                nodes = bound[arg.term.var]
            else:
                return None
            for rel in arg.path:
                nodes = _project(nodes, normalize(rel), index, reads)
            _project(nodes, dim, index, reads)
            if plan.final.minus is not None:   # a difference of dates reads both dimensions
                _project(nodes, normalize(plan.final.minus), index, reads)
    return reads


def _project(nodes: set[str], rel: str, index: _Index, reads: set) -> set[str]:
    """Follow `rel` (or `inverse rel`) from nodes, recording what is read."""
    out: set[str] = set()
    if rel.startswith(INVERSE):
        base = rel[len(INVERSE):]
        for e in nodes:
            reads.add(("i", e, base))
            out |= index.inv.get((e, base), set())
    else:
        for e in nodes:
            reads.add(("f", e, rel))
            out |= index.fwd.get((e, rel), set())
    return {x for e in out for x in index.entities(e)}


def _touches(key: Key, footprint: set) -> bool:
    s, r, o = key
    return ("f", s, r) in footprint or ("i", o, r) in footprint


@dataclass
class _Case:
    example: Example
    plan: Plan
    key: Key
    raw: tuple[str, str, str]
    must: bool


def _packs(by_key: dict[Key, list[_Case]], footprints: dict[str, set | None],
           expand: Callable[[Key], set[Key]] = lambda k: {k}) -> list[list[Key]]:
    """Group triples into lattices: a triple joins a pack when no question tested there reads
    another's triple (footprints known); a triple with an unknown-footprint question goes alone."""
    packs: list[tuple[list[Key], set]] = []
    solos: list[list[Key]] = []
    for key in sorted(by_key):
        fps = [footprints[c.example.qid] for c in by_key[key]]
        if any(fp is None for fp in fps):
            solos.append([key])
            continue
        mine = set().union(*fps)
        for keys, union in packs:
            if any(_touches(x, union) for x in expand(key)) or any(
                    _touches(x, mine) for k in keys for x in expand(k)):
                continue
            keys.append(key)
            union |= mine
            break
        else:
            packs.append(([key], set(mine)))
    return [keys for keys, _ in packs] + solos


def knockout(examples: Sequence[Example], records: Sequence[dict], plans: dict[str, Plan],
             triples: Sequence, *, engine: str | None = None, name: str = "knockout",
             pack: bool = True, progress: Callable[[int, int], None] | None = None,
             functional: Sequence[str] = ()) -> dict:
    """Run the knock-out leak test; returns the report as a dict (counts, leak rate, leaks).
    `functional`: the relations the full lattice made functional (each rebuild does the same)."""
    from latweave.ingest.write import save_lattice
    from latweave.ingest.kb import BuildReport, lattice_from_triples
    from latweave.execute import Runner

    started = time.perf_counter()
    triples = list(triples)
    keyed = [(triple_key(*_spo(t)), t) for t in triples]
    index = _Index(k for k, _ in keyed)
    restate = restatements(index)
    by_qid = {r["qid"]: r for r in records}
    cases: list[_Case] = []
    absent = tested = 0
    for ex in examples:
        rec = by_qid.get(ex.qid)
        if rec is None or ex.qid not in plans or rec["status"] == "abstain":
            continue
        m = rec["metrics"]
        if not (m.get("em") == 1.0 or m.get("verdict_acc") == 1.0):
            continue
        tested += 1
        for raw in dict.fromkeys(gold_triples(ex)):
            key = triple_key(*raw)
            if key not in index.keys:
                absent += 1
                continue
            cases.append(_Case(ex, plans[ex.qid], key, raw, must_abstain(ex, key, index)))
    by_key: dict[Key, list[_Case]] = defaultdict(list)
    for case in cases:
        by_key[case.key].append(case)
    footprints = {c.example.qid: (chain_footprint(c.plan, index) if pack else None) for c in cases}
    groups = _packs(by_key, footprints, lambda k: with_restatements(k, index, restate))

    outcomes: list[tuple[_Case, object]] = []
    with tempfile.TemporaryDirectory(prefix="latweave-knockout-") as tmp:
        for i, keys in enumerate(groups):
            removed = set().union(*(with_restatements(k, index, restate) for k in keys))
            kept = [t for k, t in keyed if k not in removed]
            lattice = lattice_from_triples(kept, f"{name}-ko{i}", BuildReport(), functional=functional)
            folder = Path(tmp) / f"ko{i}"
            save_lattice(lattice, folder)
            group_cases = [c for k in keys for c in by_key[k]]
            with Runner(folder, engine) as runner:
                results, _ = runner.run_many([c.plan for c in group_cases], proofs=False)
            for c in group_cases:
                outcomes.append((c, results.get(c.plan)))
            if progress is not None:
                progress(i + 1, len(groups))

    per_case, leaks, rerouted = [], [], 0
    for c, result in outcomes:
        status = result.status if result is not None else "abstain"
        per_case.append(score_abstention(status == "abstain", c.must))
        if not c.must:
            rerouted += 1
        elif status != "abstain":
            leaks.append({"qid": c.example.qid, "triple": list(c.raw), "plan": to_text(c.plan),
                          "status": status, "answers": list(result.answers), "verdict": result.verdict})
    must = sum(1 for c in cases if c.must)
    summary = aggregate(per_case)
    return {
        "questions": tested,
        "cases": len(cases),
        "must_abstain": must,
        "leaks": len(leaks),
        "leak_rate": (len(leaks) / must) if must else None,
        "abstain_accuracy": summary.get("abstain_accuracy"),
        "rerouted": rerouted,
        "absent_triples": absent,
        "distinct_triples": len(by_key),
        "restating_relations": {r: sorted(v) for r, v in sorted(restate.items())},
        "lattices": len(groups),
        "seconds": time.perf_counter() - started,
        "leaked": leaks[:50],
    }
