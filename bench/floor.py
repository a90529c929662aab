"""The hand-indexed lower bound: meet plans answered by plain Python dict/set lookups.

The floor for this machine (issue 12): the closure of each dimension's DAG and an inverted index
value → instances, both built once from the compiled lattice (its relations as the engine database keeps them, the engines' own
input) before anything is timed; a plan is then a few set unions and membership tests. It is a
yardstick for `bench/`, never a query path: answers come from `rules/*.dl` on an engine, and the
bench scripts check, plan by plan, that this floor found the same answer set (so the floor is
honest), printing how many agree.

Shapes covered (`Floor.covers`): plans whose steps and final step are single meets (no union),
each constraint `dim <= value` or `dim = value` with a name or a `$step` (no self constraint, no
numeric window: `<=` on a number or date dimension is one, "at most"), with or without a `-> projection`; that is bench/spine.py's meets and the
offline planner's KB chains (`let h1 = meet(subject = "x") -> r1; meet(subject = $h1) -> r2`).
Everything else (compares, holds, unions, windows) is skipped and counted as skipped. The floor
reads no contested coordinates (on a lattice whose sources disagree it returns every possible
answer) and looks a number or date up as written (the compiler's canonical spelling is not
applied): the agreement count shows either.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from collections.abc import Collection
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from latweave.compile.lattice_facts import CompiledLattice  # noqa: E402
from latweave.lattice.model import Lattice  # noqa: E402
from latweave.folder.stored import LatticeView  # noqa: E402
from latweave.lattice.names import normalize  # noqa: E402
from latweave.plan.ast import Meet, Name, Plan, Ref  # noqa: E402


class Floor:
    """Precomputed closures and indexes over a compiled lattice; `answers(plan)` by lookups.
    `lattice`: the full model or the stored view (`Runner.view`): only its dimensions and its
    `instances` mapping are read."""

    def __init__(self, compiled: CompiledLattice, lattice: Lattice | LatticeView):
        facts, symbols = compiled.facts, compiled.symbols
        self.symbols = symbols
        children: dict[tuple[int, int], list[int]] = defaultdict(list)
        for d, p, c in facts["subsumes"]:
            children[(d, p)].append(c)
        #: (d, v) → every value at or below v (the reflexive-transitive closure of the DAG)
        self.below: dict[tuple[int, int], frozenset[int]] = {}
        for d, v in facts["node"]:
            self._close(d, v, children)
        #: (d, name) → the value it denotes (its own node or a synonym)
        self.resolve: dict[tuple[int, int], int] = {(d, v): v for d, v in facts["node"]}
        self.resolve.update(((d, s), v) for d, s, v in facts["synonym"])
        #: (d, w) → instances with a coordinate at w;  (x, d) → x's coordinates on d
        self.holders: dict[tuple[int, int], list[int]] = defaultdict(list)
        self.coords: dict[tuple[int, int], list[int]] = defaultdict(list)
        for x, d, w, _ in facts["coord"]:
            self.holders[(d, w)].append(x)
            self.coords[(x, d)].append(w)
        self.holders = {k: list(dict.fromkeys(v)) for k, v in self.holders.items()}
        #: display labels, as the result prints them: each dimension's values (few, read here), and
        #: instances, looked up per answer in the lattice's `instances` mapping (the full model's
        #: dict, or the stored view's binary search) and kept once looked up
        self.instances = lattice.instances
        self.instance_label: dict[int, str] = {}
        self.value_label = {symbols.id(dim.key): {symbols.id(k): label for k, label in dim.labels.items()}
                            for dim in lattice.dimensions.values()}
        #: the number and date dimensions (`covers(plan, floor.ordered)`: `<=` there is a window)
        self.ordered = frozenset(dim.key for dim in lattice.dimensions.values() if dim.ordered)

    def _close(self, d: int, v: int, children) -> frozenset[int]:
        """Closure of v, memoised; iterative post-order so deep DAGs do not hit the recursion limit."""
        stack = [(v, False)]
        while stack:
            node, expanded = stack.pop()
            if (d, node) in self.below:
                continue
            kids = children.get((d, node), ())
            if expanded:
                acc = {node}
                for k in kids:
                    acc |= self.below[(d, k)]
                self.below[(d, node)] = frozenset(acc)
            else:
                stack.append((node, True))
                stack.extend((k, False) for k in kids if (d, k) not in self.below)
        return self.below[(d, v)]

    @staticmethod
    def covers(plan: Plan, ordered: Collection[str] = ()) -> bool:
        """Whether the plan has a shape the floor answers (see the module docstring). `ordered`:
        the keys of the lattice's number and date dimensions (a floor's `ordered`), where `<=` is
        a window (at most) the floor does not answer."""
        meets = [let.expr for let in plan.lets] + [plan.final]
        return all(isinstance(m, Meet) and m.constraints
                   and all(c.op in ("<=", "=") and isinstance(c.value, (Name, Ref))
                           and not (c.op == "<=" and normalize(c.dimension) in ordered) for c in m.constraints)
                   for m in meets)

    def answers(self, plan: Plan) -> list[str]:
        """The plan's answer labels, sorted (an empty list for a name the lattice lacks)."""
        out = self.ids(plan)
        if plan.final.project is None:
            return sorted(self._instance_label(y) for y in out)
        labels = self.value_label.get(self.symbols.get(normalize(plan.final.project)), {})
        return sorted(labels.get(y) or self._instance_label(y) for y in out)

    def ids(self, plan: Plan) -> set[int]:
        """The symbol ids of the plan's answers (what `answers` labels)."""
        steps: dict[str, set[int]] = {}
        out: set[int] = set()
        for var, meet in [(let.var, let.expr) for let in plan.lets] + [("", plan.final)]:
            out = self._meet(meet, steps)
            steps[var] = out
        return out

    def estimate(self, plan: Plan) -> int:
        """For a single meet of named constraints: the coordinates its most selective constraint
        admits (what `ids` starts from; an upper bound on its answers), without building sets."""
        best = None
        for c in plan.final.constraints:
            d = self.symbols.get(normalize(c.dimension))
            n = self.symbols.get(normalize(c.value.text)) if isinstance(c.value, Name) else None
            v = None if d is None or n is None else self.resolve.get((d, n))
            if v is None:
                return 0
            below = self.below[(d, v)] if c.op == "<=" else (v,)
            hits = sum(len(self.holders.get((d, w), ())) for w in below)
            best = hits if best is None else min(best, hits)
        return best or 0

    def _instance_label(self, y: int) -> str:
        label = self.instance_label.get(y)
        if label is None:
            key = self.symbols.text(y)
            inst = self.instances.get(key)
            label = self.instance_label[y] = inst.label if inst is not None else key
        return label

    def _meet(self, meet: Meet, steps: dict[str, set[int]]) -> set[int]:
        admitted = []  # (estimated hits, d, admitted values) per constraint
        for c in meet.constraints:
            d = self.symbols.get(normalize(c.dimension))
            if d is None:
                return set()
            if isinstance(c.value, Name):
                n = self.symbols.get(normalize(c.value.text))
                named = [] if n is None else [n]
            else:
                named = steps[c.value.var]
            values: set[int] = set()
            for n in named:
                v = self.resolve.get((d, n))
                if v is not None:
                    if c.op == "<=":
                        values |= self.below[(d, v)]
                    else:
                        values.add(v)
            if not values:
                return set()
            admitted.append((sum(len(self.holders.get((d, w), ())) for w in values), d, values))
        admitted.sort(key=lambda t: t[0])
        _, d, values = admitted[0]
        members = {x for w in values for x in self.holders.get((d, w), ())}
        for _, d, values in admitted[1:]:
            members = {x for x in members if any(w in values for w in self.coords.get((x, d), ()))}
        if meet.project is None:
            return members
        p = self.symbols.get(normalize(meet.project))
        return {w for x in members for w in self.coords.get((x, p), ())}
