"""Contested answers explained: the worlds that support an answer and the worlds that contradict it.

A coordinate is contested when the sources state values of one functional dimension that have no
common lower bound (latweave/lattice/coordinates.py); the rules then keep an answer that depends
on it out of the certain answers and report it as contested (rules/meet.dl). This module reads,
from the witness relations the rules derive (doubt_hit, doubt_miss, doubt_project, unsure,
doubt_item, doubt_coord), *why* an answer is contested: each stated predicate, with its evidence,
under whose world the answer is reached (supported_by) or is not (contradicted_by) — HyCE-RAG's
supporting and contradicting evidence chains, read off deterministically. A contest inherited
through a chain is traced back to the contested coordinate it started from. The entries are typed
(latweave/proof/contested_entries.py: `Contested`, `ContestedValues`, `Stated`).

It also proves a coordinate that is the meet of several stated values (`coord` with the stated
predicates below it), since that is the same reading of the same worlds.
"""

from __future__ import annotations

import weakref
from collections import defaultdict

from latweave.compile.batch import MeetLayout, QueryLayout
from latweave.compile.lattice_facts import CompiledLattice
from latweave.lattice.coordinates import World, settle
from latweave.lattice.model import Lattice, Predicate
from latweave.folder.stored import LatticeView
from latweave.plan.ast import Ref
from latweave.plan.steps import path_step_name
from latweave.proof.contested_entries import Contested, ContestedValues, Stated

#: (instance, dimension, predicate) as symbol ids and a predicate index: one piece of evidence.
StatedIds = tuple[int, int, int]


class Worlds:
    """The worlds of every (instance, functional dimension) pair that states several values, and
    the predicate ids supporting each (read once per lattice, from the model)."""

    def __init__(self, lattice: Lattice, predicates: list[Predicate],
                 worlds: dict[tuple[str, str], list[World]] | None = None):
        self.worlds: dict[tuple[str, str], list[World]] = settle(lattice) if worlds is None else worlds
        index = {pred: i for i, pred in enumerate(predicates)
                 if (pred.instance, pred.dimension) in self.worlds} if self.worlds else {}
        self.support: dict[tuple[str, str, str], list[int]] = defaultdict(list)
        for pred, i in sorted(index.items(), key=lambda item: item[1]):
            for world in self.worlds[(pred.instance, pred.dimension)]:
                if pred.value in world.support:
                    self.support[(pred.instance, pred.dimension, world.value)].append(i)

    @classmethod
    def of(cls, lattice: LatticeView, predicates, compiled: CompiledLattice) -> "Worlds":
        """The worlds of `lattice`: the ones its build recorded (`CompiledLattice.worlds`, no pass
        over the model or the coordinates); for a compiled lattice that has none, settled only
        where its compiled coordinates show an instance with two predicates on one functional
        dimension: every pair that states several values has a `coord` row for each of its
        predicates (each stated value supports some world), so a lattice without such a pair has
        no worlds to read, and settling it (a pass over the whole model) is skipped."""
        recorded = compiled.worlds()
        if recorded is not None:
            return cls.recorded(recorded)
        functional = {d for (d,) in compiled.facts["functional"]}
        first: dict[tuple[int, int], int] = {}
        for x, d, _, p in compiled.facts["coord"]:
            if d in functional and first.setdefault((x, d), p) != p:
                return cls(lattice, predicates)
        return cls(lattice, predicates, {})

    @classmethod
    def recorded(cls, contested: dict[tuple[str, str], list[tuple[World, list[int]]]]) -> "Worlds":
        """The worlds as the build recorded them: each with the predicate ids supporting it."""
        self = cls.__new__(cls)
        self.worlds = {pair: [w for w, _ in held] for pair, held in contested.items()}
        self.support = defaultdict(list)
        for (x, d), held in contested.items():
            for w, ids in held:
                if ids:
                    self.support[(x, d, w.value)] = list(ids)
        return self

    def merged(self, x: str, d: str, w: str) -> list[int] | None:
        """The predicates behind coordinate w of x on d when it is the meet of several stated
        values (None when one value is stated: the coordinate is that predicate's own)."""
        world = next((w2 for w2 in self.worlds.get((x, d), ()) if w2.value == w), None)
        if world is None or world.support == (w,):
            return None
        return self.support[(x, d, w)]


class Doubts:
    """Explanations of contested answers and of a compare or claim in doubt, for one batch."""

    def __init__(self, reader):
        # a proxy, not the reader itself: the reader holds its Doubts, and a cycle between them
        # kept a run's whole outputs for the cyclic collector to find (which a run pauses:
        # latweave/collector.py), where reference counts now free them as the decoder goes
        self.r = weakref.proxy(reader)
        self._outputs: dict[tuple[int, str, int], tuple[frozenset, frozenset]] = {}
        self._sure: dict[int, frozenset[int]] = {}

    # ---- what the rules say ----
    def contested_at(self, m: int, c: int, x: int) -> bool:
        """Whether member x's coordinate on constraint c's dimension is contested."""
        out = self.r.out
        return any(r[0] == c for r in out.get2("doubt_hit", m, 2, x)) \
            or any(r[0] == c for r in out.get2("doubt_miss", m, 2, x))

    def sure_outputs(self, s: int) -> frozenset[int]:
        """The sure outputs of step s (read once per step: proofs ask for every hit)."""
        if s not in self._sure:
            self._sure[s] = frozenset(y for (y,) in self.r.out.get("step_sure", s))
        return self._sure[s]

    # ---- a step output, a member ----
    def output(self, layout: QueryLayout, var: str, y: int) -> tuple[frozenset, frozenset]:
        """(supported_by, contradicted_by) of output y of step `var` — every route's doubt."""
        key = (layout.q, var, y)
        if key not in self._outputs:
            self._outputs[key] = (frozenset(), frozenset())  # a chain never refers back; guards anyway
            sup: set[StatedIds] = set()
            con: set[StatedIds] = set()
            for meet in (mt for mt in layout.meets if mt.step == var):
                self._meet_output(layout, meet, y, sup, con)
            self._outputs[key] = (frozenset(sup), frozenset(con))
        return self._outputs[key]

    def _meet_output(self, layout, meet: MeetLayout, y: int, sup: set, con: set) -> None:
        out = self.r.out
        sure_members = {x for (x,) in out.get("member_sure", meet.m)}
        if meet.project is None:
            if out.get2("member", meet.m, 1, y) and y not in sure_members:
                self._add(self.member(layout, meet, y), sup, con)
            return
        doubtful = defaultdict(list)
        for x, v, p in out.get("doubt_project", meet.m):
            doubtful[x].append((v, p))
        d = self.r.sym(meet.project)
        for x, v, p in out.get("projected", meet.m):
            if v != y:
                continue
            if x not in sure_members:
                self._add(self.member(layout, meet, x), sup, con)
            if x in doubtful:  # one world of a contested projection: the others contradict it
                sup.add((x, d, p))
                con.update((x, d, p2) for v2, p2 in doubtful[x] if v2 != y)

    def member(self, layout: QueryLayout, meet: MeetLayout, x: int) -> tuple[frozenset, frozenset]:
        """Why member x of meet is not certain: at each constraint it has no sure route through,
        the worlds of its contested coordinate there, or the doubtful outputs it was reached by."""
        out = self.r.out
        sup: set[StatedIds] = set()
        con: set[StatedIds] = set()
        constraint_of = dict(meet.constraints)
        for c, _ in sorted(out.get2("unsure", meet.m, 2, x)):
            constraint = constraint_of.get(c)
            if constraint is None:  # self: reached through a doubtful output of a step
                var = self.r.batch.self_refs.get((meet.m, c))
                if var is not None:
                    self._add(self.item(layout, var, x), sup, con)
                continue
            d = self.r.sym(constraint.dimension)
            if self.contested_at(meet.m, c, x):
                sup.update((x, d, p) for cc, _, w, p in out.get2("doubt_hit", meet.m, 2, x) if cc == c)
                con.update((x, d, p) for cc, _, w, p in out.get2("doubt_miss", meet.m, 2, x) if cc == c)
            if isinstance(constraint.value, Ref):
                var = constraint.value.var
                sure = self.sure_outputs(layout.steps[var])
                values = {v for cc, _, v, _, _ in out.get2("witness_hit", meet.m, 2, x) if cc == c}
                for cc, y, v in out.get("ref_value", meet.m):
                    if cc == c and v in values and y not in sure:
                        self._add(self.output(layout, var, y), sup, con)
        return frozenset(sup), frozenset(con)

    def item(self, layout: QueryLayout, var: str, x: int) -> tuple[frozenset, frozenset]:
        """Why instance x is only possibly an output of step `var`: the doubt of every doubtful
        output that names it (itself or an alias)."""
        sup: set[StatedIds] = set()
        con: set[StatedIds] = set()
        sure = self.sure_outputs(layout.steps[var])
        for y in self.r.naming("step_out", layout.steps[var], x):
            if y not in sure:
                self._add(self.output(layout, var, y), sup, con)
        return frozenset(sup), frozenset(con)

    @staticmethod
    def _add(pair, sup: set, con: set) -> None:
        sup.update(pair[0])
        con.update(pair[1])

    # ---- rendering entries ----
    def stated(self, item: StatedIds) -> Stated:
        """One piece of evidence as the result prints it: what the predicate states, and where."""
        x, d, p = item
        pred = self.r.predicates[p]
        L = self.r.labels
        dim = self.r.lattice.dimensions[pred.dimension]
        return Stated(L.instance(x), dim.name, dim.labels.get(pred.value, pred.value), self.r.evidence(p))

    def entry(self, kind: str, label: str, pair, argument: str | None = None) -> Contested:
        order = lambda item: (item[2], item[0], item[1])  # noqa: E731 - by predicate id
        return Contested(kind, label, tuple(self.stated(i) for i in sorted(pair[0], key=order)),
                         tuple(self.stated(i) for i in sorted(pair[1], key=order)), argument)

    def contested_answers(self, layout: QueryLayout, ys: list[int]) -> list[Contested]:
        """The `contested` entries of the final step's undecided outputs ys, sorted by label."""
        project = _final_projection(layout)
        rows = sorted((self.r.labels.item(y, project), y) for y in ys)
        return [self.entry("answer", label, self.output(layout, "", y)) for label, y in rows]

    # ---- compares and claims in doubt ----
    def compare_witness(self, layout: QueryLayout) -> dict[str, tuple]:
        """A compare in doubt: the contested coordinates of its items (every stated value with its
        evidence) and the items that are there only by a doubtful route (and why) — the
        `contested` and `undecided_items` of its conflict witness."""
        out, L = self.r.out, self.r.labels
        k = layout.compare
        by_coord: dict[tuple[int, int], list[int]] = defaultdict(list)
        for x, e, _, p in out.get("doubt_coord", k):
            by_coord[(x, e)].append(p)
        values = sorted((ContestedValues(L.instance(x), L.dimension(e),
                                         tuple(self.stated((x, e, p)) for p in sorted(set(ps))))
                         for (x, e), ps in by_coord.items()), key=lambda entry: (entry.item, entry.dimension))
        labels = dict(layout.args)
        items = []
        for a, x in sorted(out.get("doubt_item", k)):
            index = [aa for aa, _ in layout.args].index(a)
            arg = labels[a]
            var = path_step_name(index, len(arg.path) - 1) if arg.path else arg.term.var
            items.append(self.entry("item", L.instance(x), self.item(layout, var, x), argument=arg.label))
        return {"contested": tuple(values),
                "undecided_items": tuple(sorted(items, key=lambda e: (e.argument, e.label)))}

    def holds_witness(self, layout: QueryLayout) -> dict[str, tuple]:
        """A claim in doubt: the instance it is about, contested (the `contested` of its witness)."""
        meet = next(m for m in layout.meets if m.m == layout.holds_meet)
        xs = sorted({x for (x,) in self.r.out.get("member", meet.m)} - {x for (x,) in self.r.out.get("member_sure", meet.m)})
        return {"contested": tuple(self.entry("item", self.r.labels.instance(x), self.member(layout, meet, x))
                                   for x in xs)}


def _final_projection(layout: QueryLayout) -> str | None:
    projects = {m.project for m in layout.meets if m.step == ""}
    return projects.pop() if len(projects) == 1 else None

