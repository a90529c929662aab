"""Compile a batch of plans into the plan input relations of rules/schema.dl.

Plans become facts, never program text: every name is interned (plan-only names get fresh ids
after the lattice's), every step, meet, constraint, compare and argument gets a batch-local id.
The compiler also fixes each meet's evaluation order: a self constraint first, then named
values by estimated selectivity (fewest coordinates at or below), then step references.
The `QueryLayout` it returns is how results are decoded and proofs read back.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

import bisect

from latweave.compile.lattice_facts import CompiledLattice, endpoints
from latweave.compile.symbols import ExtendedSymbols
from latweave.errors import LatweaveError, PlanError
from latweave.lattice.model import Lattice
from latweave.lattice.names import normalize
from latweave.lattice.ordered import parse_ordered
from latweave.plan.ast import Arg, Compare, Constraint, Holds, Meet, Name, Plan, Ref, Union


@dataclass
class MeetLayout:
    m: int
    step: str | None                  # the let variable, "" for the final step, None for holds
    constraints: list[tuple[int, Constraint | None]]  # (c, constraint); None marks holds' self
    project: str | None = None
    seed: int = 0                     # the constraint evaluation starts from
    ordinal: int = 0                  # position among the query's meets (stable across batches)


@dataclass
class QueryLayout:
    q: int
    plan: Plan
    steps: dict[str, int] = field(default_factory=dict)   # let var ("" = final) → step id
    meets: list[MeetLayout] = field(default_factory=list)
    compare: int | None = None
    args: list[tuple[int, object]] = field(default_factory=list)   # (a, term)
    holds_meet: int | None = None


class SelectivityEstimator:
    """Coordinates at or below a value (a DAG sum: an over-estimate, good enough to order)."""

    def __init__(self, compiled: CompiledLattice):
        self.direct: dict[tuple[int, int], int] = defaultdict(int)
        for _, d, v, _ in compiled.facts["coord"]:
            self.direct[(d, v)] += 1
        self.children: dict[tuple[int, int], list[int]] = defaultdict(list)
        for d, p, c in compiled.facts["subsumes"]:
            self.children[(d, p)].append(c)
        self.synonyms = {(d, s): v for d, s, v in compiled.facts["synonym"]}
        self._memo: dict[tuple[int, int], int] = {}

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


class PlanCompiler:
    """Accumulates the facts of a batch of plans."""

    def __init__(self, compiled: CompiledLattice, lattice: Lattice | None = None):
        self.ordered_kinds = {} if lattice is None else {
            d.key: d.kind for d in lattice.dimensions.values() if d.ordered}
        self.endpoints = {} if lattice is None else {
            d.key: endpoints(d) for d in lattice.dimensions.values() if d.ordered}
        self.symbols: ExtendedSymbols = compiled.symbols.extended()
        self.estimate = SelectivityEstimator(compiled)
        self.facts: dict[str, list[tuple[int, ...]]] = defaultdict(list)
        self.layouts: list[QueryLayout] = []
        self.self_refs: dict[tuple[int, int], str] = {}  # (m, c) → the let var a self constraint reads
        self._next = defaultdict(int)

    def _id(self, kind: str) -> int:
        ident = self._next[kind]
        self._next[kind] += 1
        return ident

    def sym(self, text: str) -> int:
        return self.symbols.id(normalize(text))

    def add(self, plan: Plan) -> QueryLayout:
        q = self._id("q")
        layout = QueryLayout(q, plan)
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
                m = self._meet(layout, None, Meet(final.constraints), self_item=final.item)
                layout.holds_meet = m
                self.facts["compare_holds"].append((k, m))
            else:  # pragma: no cover - the AST has no other node
                raise PlanError(f"cannot compile {type(final).__name__}")
        self.layouts.append(layout)
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

    def _ref(self, layout: QueryLayout, ref: Ref) -> int:
        if ref.var not in layout.steps:
            raise PlanError(f"${ref.var} is used before a `let {ref.var} = ...` binds it")
        return layout.steps[ref.var]

    def _arg_steps(self, layout: QueryLayout, arg: Arg, index: int) -> int:
        """Follow an argument's path as hidden steps `#arg<index>.<hop>`: meet(self = x) -> dim."""
        if not arg.path:
            return self._ref(layout, arg.term)
        current = arg.term
        for hop, dim in enumerate(arg.path):
            var = path_step_name(index, hop)
            s = self._id("s")
            layout.steps[var] = s
            m = self._meet(layout, var, Meet((), project=dim), self_item=current)
            self.facts["step_meet"].append((s, m))
            current = Ref(var)
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
                return bisect.bisect_left(ends, lo), bisect.bisect_right(ends, hi) - 1
            value = parse_ordered(constraint.value.text, kind)
        except LatweaveError as exc:
            raise PlanError(f"{constraint.dimension}: {exc.message}", hint=exc.hint) from None
        if constraint.op == "<":
            return 0, bisect.bisect_left(ends, value.lo) - 1
        return bisect.bisect_right(ends, value.hi), len(ends) - 1

    def _step(self, layout: QueryLayout, var: str, expr) -> int:
        if not isinstance(expr, (Meet, Union)):
            raise PlanError(f"let {var} binds a {type(expr).__name__.lower()}: only a meet or a union "
                            "can be used as a value set", hint="move the compare to the end of the plan")
        s = self._id("s")
        for branch in (expr.branches if isinstance(expr, Union) else (expr,)):
            if not isinstance(branch, Meet):
                raise PlanError("union is allowed on the meet path only: every branch must be a meet")
            m = self._meet(layout, var, branch)
            self.facts["step_meet"].append((s, m))
        return s

    def _meet(self, layout: QueryLayout, var: str | None, meet: Meet, self_item=None) -> int:
        m = self._id("m")
        self.facts["meet_of"].append((m, layout.q))
        info = MeetLayout(m, var, [], meet.project, ordinal=len(layout.meets))
        if var is not None:
            if meet.project is None:
                self.facts["meet_instances"].append((m,))
            else:
                self.facts["meet_project"].append((m, self.sym(meet.project)))
        order: list[tuple[tuple, int]] = []
        items = ([(None, self_item)] if self_item is not None else []) + [(c, c.value) for c in meet.constraints]
        for c, (constraint, term) in enumerate(items):
            info.constraints.append((c, constraint))
            if constraint is None:
                self.facts["constraint_self"].append((m, c))
                rank: tuple = (0, 0, c)
            elif constraint.op in Constraint.NUMERIC:
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
                if constraint is not None:
                    rank = (1, self.estimate.below(self.sym(constraint.dimension), n), c)
            else:
                self.facts["constraint_ref"].append((m, c, self._ref(layout, term)))
                if constraint is None:
                    self.self_refs[(m, c)] = term.var
            order.append((rank, c))
        sequence = [c for _, c in sorted(order)]
        info.seed = sequence[0]
        self.facts["constraint_seed"].append((m, sequence[0]))
        self.facts["constraint_last"].append((m, sequence[-1]))
        self.facts["constraint_next"].extend((m, a, b) for a, b in zip(sequence, sequence[1:]))
        layout.meets.append(info)
        return m


def path_step_name(index: int, hop: int) -> str:
    """The hidden step that follows hop `hop` of the compare's argument number `index`."""
    return f"#arg{index}.{hop}"


def compile_plans(plans: list[Plan], compiled: CompiledLattice, lattice: Lattice | None = None) -> PlanCompiler:
    compiler = PlanCompiler(compiled, lattice)
    for plan in plans:
        compiler.add(plan)
    return compiler
