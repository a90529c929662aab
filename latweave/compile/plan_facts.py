"""Compile a batch of plans into the plan input relations of rules/schema.dl.

Plans become facts, never program text: every name is interned (plan-only names get fresh ids
after the lattice's), every step, meet, constraint, compare and argument gets a batch-local id.
The compiler also fixes each meet's evaluation order: a self constraint first, then named
values by estimated selectivity (fewest coordinates at or below), then step references.
Meets are numbered as latweave/plan/steps.py numbers them (the auditor's numbering too).
A plan that asks at a time (`at`, `during`) is compiled twice: as itself, its timed meets reading
what surely holds then (`meet_time`), and as its *shadow* (`query_loose`), reading what possibly
does (`meet_time_loose`); the rules abstain where the two disagree (rules/abstain.dl). The shadow
has no layout of its own: it is never decoded, only compared.
`compile_plans` hands over a `CompiledBatch`: the facts, and the per-query layouts that are how
results are decoded and proofs read back.
"""

from __future__ import annotations

import bisect
from collections import defaultdict
from functools import lru_cache
from typing import Iterator, NamedTuple

from latweave.compile.batch import CompiledBatch
from latweave.compile.lattice_facts import CompiledLattice, endpoints
from latweave.compile.layout import MeetLayout, QueryLayout
from latweave.compile.symbols import ExtendedSymbols
from latweave.errors import LatweaveError, PlanError
from latweave.lattice.model import Lattice
from latweave.lattice.names import normalize as _normalize
from latweave.lattice.ordered import parse_ordered
from latweave.lattice.periods import window_of
from latweave.plan.ast import Arg, Compare, Constraint, Holds, Meet, Name, Plan, Ref, Time, Union
from latweave.plan.steps import PlanMeet, path_step_name, plan_meets

#: `normalize`, kept for the names plans repeat (dimensions, values): it is asked several times per
#: constraint, ~1 µs a call
normalize = lru_cache(maxsize=1 << 12)(_normalize)


class _Query:
    """The layout of the plan being compiled, filled in as its parts get ids."""

    __slots__ = ("q", "plan", "numbered", "steps", "meets", "compare", "args", "holds_meet", "loose")

    def __init__(self, q: int, plan: Plan):
        self.q, self.plan = q, plan
        self.numbered: Iterator[PlanMeet] = iter(plan_meets(plan))  # the plan's meets, in the order they get ids
        self.steps: dict[str, int] = {}
        self.meets: list[MeetLayout] = []
        self.compare: int | None = None
        self.args: list[tuple[int, Arg]] = []
        self.holds_meet: int | None = None
        self.loose: int | None = None

    def next_meet(self, var: str | None) -> PlanMeet:
        """The next meet in the numbering, which must belong to step `var`."""
        planned = next(self.numbered, None)
        if planned is None or planned.var != var or planned.ordinal != len(self.meets):
            raise LatweaveError(f"internal: the compiler and latweave/plan/steps.py disagree on the "
                                f"meets of step {var!r}")
        return planned

    def freeze(self) -> QueryLayout:
        return QueryLayout(self.q, self.plan, self.steps, tuple(self.meets), self.compare, tuple(self.args),
                           self.holds_meet, self.loose)


class SelectivityEstimator:
    """Coordinates at or below a value (a DAG sum: an over-estimate, good enough to order).

    Built once per compiled lattice (`for_lattice`) and memoised per value: the direct counts are
    the build's (`CompiledLattice.coord_counts`: no pass over the coordinates when a lattice
    opens), the taxonomy edges and synonyms are small."""

    def __init__(self, compiled: CompiledLattice):
        self.direct: dict[tuple[int, int], int] = compiled.coord_counts()
        self.children: dict[tuple[int, int], list[int]] = defaultdict(list)
        for d, p, c in compiled.facts["subsumes"]:
            self.children[(d, p)].append(c)
        self.synonyms = {(d, s): v for d, s, v in compiled.facts["synonym"]}
        self._memo: dict[tuple[int, int], int] = {}

    @classmethod
    def for_lattice(cls, compiled: CompiledLattice) -> "SelectivityEstimator":
        """The estimator of `compiled`, built on first use and kept with it."""
        estimator = compiled.derived.get(cls)
        if estimator is None:
            estimator = compiled.derived[cls] = cls(compiled)
        return estimator

    def below(self, d: int, name: int) -> int:
        v = self.synonyms.get((d, name), name)
        key = (d, v)
        if key not in self._memo:
            total, seen, todo = 0, {v}, [v]
            while todo:
                node = todo.pop()
                total += self.direct.get((d, node), 0)
                for child in self.children.get((d, node), ()):
                    if child not in seen:
                        seen.add(child)
                        todo.append(child)
            self._memo[key] = total
        return self._memo[key]


#: The window ends of `<` and `>` on a date dimension: below and above every day number.
DAY_MIN, DAY_MAX = 0, 2**31 - 1


class OrderedDimensions(NamedTuple):
    """The ordered dimensions of a lattice model: their kinds and, for number dimensions, sorted
    interval ends (what a numeric window is ranked against; a date window is day numbers), read
    once per model and kept with the compiled lattice."""

    lattice: Lattice
    kinds: dict[str, str]
    endpoints: dict[str, list[float]]

    @classmethod
    def of(cls, compiled: CompiledLattice, lattice: Lattice | None) -> "OrderedDimensions":
        if lattice is None:
            return cls(lattice, {}, {})
        kept = compiled.derived.get(cls)
        if kept is not None and kept.lattice is lattice:
            return kept
        ordered = [d for d in lattice.dimensions.values() if d.ordered]
        kept = compiled.derived[cls] = cls(lattice, {d.key: d.kind for d in ordered},
                                           {d.key: endpoints(d) for d in ordered if d.kind != "date"})
        return kept


class PlanCompiler:
    """Accumulates the facts of a batch of plans (private to compile/: callers get a CompiledBatch)."""

    def __init__(self, compiled: CompiledLattice, lattice: Lattice | None = None):
        ordered = OrderedDimensions.of(compiled, lattice)
        self.ordered_kinds, self.endpoints = ordered.kinds, ordered.endpoints
        self.symbols: ExtendedSymbols = compiled.symbols.extended()
        self._compiled = compiled
        self.facts: dict[str, list[tuple[int, ...]]] = defaultdict(list)
        self.layouts: list[QueryLayout] = []
        self.self_refs: dict[tuple[int, int], str] = {}  # (m, c) → the let var a self constraint reads
        self._next = defaultdict(int)
        self._loose = False   # compiling a timed plan's shadow (its periods read loosely)

    @property
    def estimate(self) -> SelectivityEstimator:
        """The lattice's selectivity estimator, built the first time a meet has constraints to
        order (its counts and edges are read then: a plan of one-constraint meets never reads them)."""
        return SelectivityEstimator.for_lattice(self._compiled)

    def _id(self, kind: str) -> int:
        ident = self._next[kind]
        self._next[kind] += 1
        return ident

    def sym(self, text: str) -> int:
        return self.symbols.id(normalize(text))

    def batch(self) -> CompiledBatch:
        return CompiledBatch(tuple(self.layouts), dict(self.facts), self.symbols, dict(self.self_refs))

    def add(self, plan: Plan) -> QueryLayout:
        layout = self._add(plan)
        if any(planned.meet.time is not None for planned in plan_meets(plan)):
            # the shadow: the same plan, reading the predicates that possibly hold at its times
            self._loose = True
            try:
                layout.loose = self._add(plan).q
            finally:
                self._loose = False
            self.facts["query_loose"].append((layout.q, layout.loose))
        frozen = layout.freeze()
        self.layouts.append(frozen)
        return frozen

    def _add(self, plan: Plan) -> _Query:
        q = self._id("q")
        layout = _Query(q, plan)
        self.facts["query"].append((q,))
        for let in plan.lets:
            if let.var in layout.steps:
                raise PlanError(f"${let.var} is bound twice")
            layout.steps[let.var] = self._step(layout, let.var, let.expr)
        final = plan.final
        if isinstance(final, (Meet, Union)):
            s = self._step(layout, "", final)
            layout.steps[""] = s
            self.facts["query_step"].append((q, s))
        else:
            k = self._id("k")
            layout.compare = k
            self.facts["query_compare"].append((q, k))
            if isinstance(final, Compare):
                self.facts[f"compare_{final.op}"].append((k, self.sym(final.dimension)))
                if final.minus is not None:
                    self.facts["compare_minus"].append((k, self.sym(final.minus)))
                for index, arg in enumerate(final.args):
                    a = self._id("a")
                    layout.args.append((a, arg))
                    self.facts["compare_arg"].append((k, a, self.sym(arg.label)))
                    if isinstance(arg.term, Name) and not arg.path:
                        self.facts["arg_name"].append((k, a, self.sym(arg.term.text)))
                    else:
                        self.facts["arg_ref"].append((k, a, self._arg_steps(layout, arg, index)))
                        if not arg.path:
                            self.facts["arg_answers_items"].append((k, a))
            elif isinstance(final, Holds):
                m = self._meet(layout, layout.next_meet(None))
                layout.holds_meet = m
                self.facts["compare_holds"].append((k, m))
            else:  # pragma: no cover - the AST has no other node
                raise PlanError(f"cannot compile {type(final).__name__}")
        return layout

    def _canonical(self, constraint: Constraint | None, text: str) -> str:
        """Numbers and dates in their canonical spelling, so "April 27, 1961" finds 1961-04-27."""
        kind = None if constraint is None else self.ordered_kinds.get(normalize(constraint.dimension))
        if kind is not None:
            try:
                return parse_ordered(text, kind).canonical
            except LatweaveError:
                pass
        return text

    def _ref(self, layout: _Query, ref: Ref) -> int:
        if ref.var not in layout.steps:
            raise PlanError(f"${ref.var} is used before a `let {ref.var} = ...` binds it")
        return layout.steps[ref.var]

    def _arg_steps(self, layout: _Query, arg: Arg, index: int) -> int:
        """Follow an argument's path as hidden steps `#arg<index>.<hop>`: meet(self = x) -> dim."""
        if not arg.path:
            return self._ref(layout, arg.term)
        for hop in range(len(arg.path)):
            planned = layout.next_meet(path_step_name(index, hop))
            s = self._id("s")
            layout.steps[planned.var] = s
            m = self._meet(layout, planned)
            self.facts["step_meet"].append((s, m))
        return s

    def _window(self, constraint: Constraint) -> tuple[int, int]:
        """The rank window [lo, hi] a numeric constraint admits (empty when lo > hi)."""
        key = normalize(constraint.dimension)
        kind, ends = self.ordered_kinds.get(key), self.endpoints.get(key, [])
        if kind is None:
            if key in self.symbols.base and self.ordered_kinds:
                raise PlanError(f"`{constraint.op}` compares numbers or dates, and {constraint.dimension!r} "
                                "is not an ordered dimension")
            return 0, -1
        if isinstance(constraint.value, Ref):
            raise PlanError(f"`{constraint.op}` needs a number or date, not the step output "
                            f"${constraint.value.var}", code="ref_in_window")
        try:
            if constraint.op == "in":
                lo = parse_ordered(constraint.value.lo, kind).lo
                hi = parse_ordered(constraint.value.hi, kind).hi
                if kind == "date":   # a date dimension's bounds are day numbers (compile/lattice_facts.py)
                    return int(lo), int(hi)
                return bisect.bisect_left(ends, lo), bisect.bisect_right(ends, hi) - 1
            value = parse_ordered(constraint.value.text, kind)
        except LatweaveError as exc:
            raise PlanError(f"{constraint.dimension}: {exc.message}", hint=exc.hint) from None
        # `<` ends before the value starts, `<=` (at most) where it ends; `>` starts after it ends,
        # `>=` (at least) where it starts: `born <= 1901` admits 1901-07, `born < 1901` does not
        op = constraint.op
        if kind == "date":
            return {"<": (DAY_MIN, int(value.lo) - 1), "<=": (DAY_MIN, int(value.hi)),
                    ">": (int(value.hi) + 1, DAY_MAX), ">=": (int(value.lo), DAY_MAX)}[op]
        if op == "<":
            return 0, bisect.bisect_left(ends, value.lo) - 1
        if op == "<=":
            return 0, bisect.bisect_right(ends, value.hi) - 1
        if op == ">=":
            return bisect.bisect_left(ends, value.lo), len(ends) - 1
        return bisect.bisect_right(ends, value.hi), len(ends) - 1

    @staticmethod
    def _days(time: Time) -> tuple[int, int]:
        """A time's window [first day, last day], as day numbers (the type checker has read it)."""
        try:
            return window_of(*time.text)
        except LatweaveError as exc:
            raise PlanError(f"`at`/`during`: {exc.message}", hint=exc.hint, code="bad_time") from None

    def _step(self, layout: _Query, var: str, expr) -> int:
        if not isinstance(expr, (Meet, Union)):
            raise PlanError(f"let {var} binds a {type(expr).__name__.lower()}: only a meet or a union "
                            "can be used as a value set", hint="move the compare to the end of the plan")
        s = self._id("s")
        for branch in (expr.branches if isinstance(expr, Union) else (expr,)):
            if not isinstance(branch, Meet):
                raise PlanError("union is allowed on the meet path only: every branch must be a meet")
            m = self._meet(layout, layout.next_meet(var))
            self.facts["step_meet"].append((s, m))
        return s

    def _meet(self, layout: _Query, planned: PlanMeet) -> int:
        var, meet, self_item = planned.var, planned.meet, planned.self_item
        m = self._id("m")
        self.facts["meet_of"].append((m, layout.q))
        window = None
        if meet.time is not None:
            window = self._days(meet.time)
            self.facts["meet_time_loose" if self._loose else "meet_time"].append((m, *window))
        constraints: list[tuple[int, Constraint | None]] = []
        if var is not None:
            if meet.project is None:
                self.facts["meet_instances"].append((m,))
            else:
                self.facts["meet_project"].append((m, self.sym(meet.project)))
        order: list[tuple[tuple, int]] = []
        items = ([(None, self_item)] if self_item is not None else []) + [(c, c.value) for c in meet.constraints]
        for c, (constraint, term) in enumerate(items):
            constraints.append((c, constraint))
            if constraint is None:
                self.facts["constraint_self"].append((m, c))
                rank: tuple = (0, 0, c)
            elif constraint.window(normalize(constraint.dimension) in self.ordered_kinds):
                lo, hi = self._window(constraint)
                self.facts["constraint_window"].append((m, c, self.sym(constraint.dimension), lo, hi))
                order.append(((1, 1 << 40, c), c))
                continue
            else:
                d = self.sym(constraint.dimension)
                kind = "constraint_below" if constraint.op == "<=" else "constraint_exact"
                self.facts[kind].append((m, c, d))
                rank = (2, 0, c)
            if isinstance(term, Name):
                n = self.sym(self._canonical(constraint, term.text))
                self.facts["constraint_name"].append((m, c, n))
                if constraint is not None and len(items) > 1:   # one item has no order to choose
                    rank = (1, self.estimate.below(self.sym(constraint.dimension), n), c)
            else:
                self.facts["constraint_ref"].append((m, c, self._ref(layout, term)))
                if constraint is None:
                    self.self_refs[(m, c)] = term.var
            order.append((rank, c))
        sequence = [c for _, c in sorted(order)]
        self.facts["constraint_seed"].append((m, sequence[0]))
        self.facts["constraint_last"].append((m, sequence[-1]))
        self.facts["constraint_next"].extend((m, a, b) for a, b in zip(sequence, sequence[1:]))
        layout.meets.append(MeetLayout(m, var, tuple(constraints), meet.project, sequence[0], planned.ordinal, window,
                                       meet.time))
        return m


def compile_plans(plans: list[Plan], compiled: CompiledLattice, lattice: Lattice | None = None) -> CompiledBatch:
    """Compile a batch of plans into one CompiledBatch (raises PlanError for a plan it cannot compile)."""
    compiler = PlanCompiler(compiled, lattice)
    for plan in plans:
        compiler.add(plan)
    return compiler.batch()
