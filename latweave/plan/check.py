"""The type checker: a plan against a lattice's schema, before anything runs.

It catches what would otherwise be a silent wrong answer or an abstention for the wrong reason:
an unknown dimension (with a did-you-mean), a numeric comparison on a dimension that is not
ordered, a number or date that cannot be read, a `$var` used before its `let`, a union or a
`let` off the meet path, a time (`at` / `during`) that is not a date or runs backwards, a difference (`argmax(d1 - d2, ...)`) of anything but two distinct date
dimensions. An entity the lattice lacks is not a type error: the run abstains
`unknown_anchor`, with its witness.

A value the lattice does not have (`milk <= shep`) is listed apart, by `unknown_values`, each with
the closest values the dimension has (`sheep`): `latweave check-plan --lattice` reports them as
errors (a typo is what a check should catch), and a run that abstains `unknown_anchor` gets them
as hints beside its result (latweave/suggest.py) — never as a type error of the run, which stays
an abstention.
"""

from __future__ import annotations

import difflib

from latweave.errors import LatweaveError, PlanError
from latweave.folder.stored import LatticeView
from latweave.lattice.names import TOP, normalize
from latweave.lattice.ordered import parse_ordered
from latweave.lattice.periods import window_of
from dataclasses import dataclass, fields, is_dataclass
from typing import Iterator

from latweave.plan.ast import Compare, Constraint, Holds, Meet, Name, Plan, Pos, Range, Ref, Time, Union
from latweave.plan.printer import print_dimension, print_name
from latweave.plan.source import context, has_line
from latweave.plan.syntax_errors import DIFFERENCE_HINT


class _Checker:
    def __init__(self, lattice: LatticeView, text: str | None):
        self.dims = lattice.dimensions
        self.text = text
        self.errors: list[PlanError] = []
        self.bound: list[str] = []

    def error(self, message: str, pos: Pos | None, code: str, hint: str | None = None,
              expected: list[str] | None = None) -> None:
        shown = None
        if pos is not None and self.text is not None and has_line(self.text, pos.line):
            shown = context(self.text, pos.line, pos.column)
        self.errors.append(PlanError(message, code=code, hint=hint, expected=expected,
                                     line=pos.line if pos else None, column=pos.column if pos else None,
                                     context=shown))

    def dimension(self, name: str, pos: Pos | None, where: str = ""):
        dim = self.dims.get(normalize(name))
        if dim is None:
            names = sorted(d.name for d in self.dims.values())
            close = difflib.get_close_matches(name, names, n=1, cutoff=0.5) or difflib.get_close_matches(
                normalize(name), [normalize(n) for n in names], n=1, cutoff=0.5)
            hint = f"did you mean '{close[0].replace(' ', '_')}'?" if close else None
            self.error(f"unknown dimension '{name}'{where}", pos, "unknown_dimension", hint=hint,
                       expected=[n.replace(" ", "_") for n in names])
        return dim

    def ref(self, ref: Ref) -> None:
        if ref.var not in self.bound:
            close = difflib.get_close_matches(ref.var, self.bound, n=1)
            hint = f"did you mean ${close[0]}?" if close else f"bind it first: let {ref.var} = meet(...)"
            self.error(f"${ref.var} is used before a let binds it", ref.pos, "unbound_variable", hint=hint)

    def constraint(self, c: Constraint) -> None:
        dim = self.dimension(c.dimension, c.pos)
        if isinstance(c.value, Ref):
            self.ref(c.value)
        if dim is None:
            return
        if c.op in Constraint.NUMERIC and not dim.ordered:
            self.error(f"'{c.op}' compares numbers or dates, and '{c.dimension}' is a {dim.kind} dimension",
                       c.pos, "not_ordered", hint=f"use {c.dimension} <= value (at or below) or = value")
            return
        if c.window(dim.ordered) and isinstance(c.value, Ref):
            # a window needs its bound when the plan is compiled; a step's outputs are only known after
            at_most = " (on a number or date, <= is at most)" if c.op == "<=" else ""
            self.error(f"'{c.op}' needs a number or date written in the plan, not ${c.value.var}{at_most}",
                       c.value.pos or c.pos, "ref_in_window", hint=f"compare with a value ({c.dimension} {c.op} 50), "
                       f"or match the step's outputs with {c.dimension} = ${c.value.var}")
            return
        if dim.ordered and not isinstance(c.value, Ref):
            texts = [c.value.lo, c.value.hi] if isinstance(c.value, Range) else [c.value.text]
            try:
                parsed = [parse_ordered(t, dim.kind) for t in texts]
            except LatweaveError as exc:
                self.error(f"'{c.dimension}' is a {dim.kind} dimension: {exc.message}", c.value.pos or c.pos,
                           "bad_value", hint=exc.hint)
                return
            if isinstance(c.value, Range) and parsed[0].lo > parsed[1].hi:
                self.error(f"empty range {c.value.lo}..{c.value.hi}", c.value.pos or c.pos, "bad_range",
                           hint="write the lower bound first")

    def time(self, time: Time | None) -> None:
        if time is None:
            return
        try:
            lo, hi = window_of(*time.text)
        except LatweaveError as exc:
            self.error(f"`{'at' if time.hi is None else 'during'}` takes a date: {exc.message}", time.pos,
                       "bad_time", hint=exc.hint)
            return
        if lo > hi:
            self.error(f"empty period {time.lo}..{time.hi}", time.pos, "bad_time", hint="write the earlier date first")

    def meet(self, meet: Meet) -> None:
        for c in meet.constraints:
            self.constraint(c)
        self.time(meet.time)
        if meet.project is not None:
            self.dimension(meet.project, meet.project_pos or meet.pos, " after '->'")

    def step(self, expr, where: str) -> None:
        if isinstance(expr, Union):
            projections = set()
            for branch in expr.branches:
                if not isinstance(branch, Meet):
                    self.error(f"{type(branch).__name__.lower()} inside a union: union is allowed on the "
                               "meet path only", branch.pos, "union_outside_meet_path",
                               hint="every branch of | must be a meet(...)")
                    continue
                self.meet(branch)
                projections.add(normalize(branch.project) if branch.project else None)
            if len(projections) > 1:
                self.error("the branches of a union output different things (instances and values, or "
                           "different dimensions)", expr.pos, "mixed_union",
                           hint="project every branch onto the same dimension, or none")
        elif isinstance(expr, Meet):
            self.meet(expr)
        elif where == "let":
            self.error(f"a let can bind only a meet or a union, not {type(expr).__name__.lower()}", expr.pos,
                       "let_binds_compare", hint="a compare or holds gives a verdict: make it the final expression")
        elif isinstance(expr, Compare):
            self.compare(expr)
        elif isinstance(expr, Holds):
            if isinstance(expr.item, Ref):
                self.ref(expr.item)
            for c in expr.constraints:
                self.constraint(c)
            self.time(expr.time)

    def compare(self, cmp: Compare) -> None:
        if cmp.minus is None:
            self.dimension(cmp.dimension, cmp.pos)
        else:
            self.difference(cmp)
        # a bare $step argument of argmax/argmin makes its items compete, so one is enough there
        items_compete = cmp.op in ("argmax", "argmin") and any(
            isinstance(a.term, Ref) and not a.path for a in cmp.args)
        if len(cmp.args) < 2 and not items_compete:
            example = '["A", "B"]' if cmp.op in ("argmax", "argmin") else '"A", "B"'
            self.error(f"{cmp.op} needs at least two things to compare", cmp.pos, "too_few_arguments",
                       hint=f"write {cmp.op}({cmp.dimension}, {example})")
        for arg in cmp.args:
            if isinstance(arg.term, Ref):
                self.ref(arg.term)
            for dim in arg.path:
                self.dimension(dim, arg.pos, f" in the path of {arg.label}")

    def difference(self, cmp: Compare) -> None:
        """`d1 - d2`: two date dimensions (values are days, so the difference is a span of days)."""
        at = (cmp.dimension_pos or cmp.pos, cmp.minus_pos or cmp.pos)
        places = zip((cmp.dimension, cmp.minus), at, ("", " after '-'"))
        dims = [(name, self.dimension(name, pos, where), pos) for name, pos, where in places]
        for name, dim, pos in dims:
            if dim is not None and dim.kind != "date":
                self.error(f"'{name}' is a {dim.kind} dimension: {cmp.op} over a difference needs two date "
                           "dimensions", pos, "difference_not_dates", hint=DIFFERENCE_HINT)
        (_, first, _), (_, second, pos) = dims
        if first is not None and first is second:
            self.error(f"'{cmp.dimension} - {cmp.minus}' subtracts a dimension from itself", pos,
                       "difference_of_itself", hint=DIFFERENCE_HINT)

    def plan(self, plan: Plan) -> None:
        for let in plan.lets:
            if let.var in self.bound:
                self.error(f"${let.var} is bound twice", let.pos, "duplicate_let", hint="give each step its own name")
            self.step(let.expr, "let")
            self.bound.append(let.var)
        self.step(plan.final, "final")


def plan_errors(plan: Plan, lattice: LatticeView, text: str | None = None) -> list[PlanError]:
    """Every type error in `plan`, in source order."""
    checker = _Checker(lattice, text)
    checker.plan(plan)
    return sorted(checker.errors, key=lambda e: (e.line or 0, e.column or 0))


def check_plan(plan: Plan, lattice: LatticeView, text: str | None = None) -> Plan:
    """Return `plan` when it fits the lattice's schema; raise the first PlanError otherwise."""
    errors = plan_errors(plan, lattice, text)
    if errors:
        raise errors[0]
    return plan


#: A dimension with more values than this gets no did-you-mean (a million instances' names are
#: not compared one by one for a hint); its unknown values are still reported.
CLOSE_VALUES = 50_000


@dataclass(frozen=True)
class UnknownValue:
    """`constraint`'s value, as the user typed it, is no value (nor synonym) of its dimension
    `dimension` (named as the lattice spells it); `close`: the dimension's closest value, if any
    is close (difflib's ratio 0.6, as a dimension's did-you-mean)."""

    constraint: Constraint
    dimension: str
    close: tuple[str, ...]

    @property
    def typed(self) -> str:
        return self.constraint.value.text

    @property
    def message(self) -> str:
        return f"'{self.typed}' is not a value of {print_dimension(self.dimension)}"

    @property
    def did_you_mean(self) -> str | None:
        return f"did you mean {' or '.join(print_name(c) for c in self.close)}?" if self.close else None


def _constraints(node) -> Iterator[Constraint]:
    if isinstance(node, Constraint):
        yield node
    elif isinstance(node, tuple):
        for item in node:
            yield from _constraints(item)
    elif is_dataclass(node) and not isinstance(node, type):
        for f in fields(node):
            yield from _constraints(getattr(node, f.name))


def _close(typed: str, dim) -> tuple[str, ...]:
    labels = dim.labels
    if len(labels) > CLOSE_VALUES:
        return ()
    by_key = {k: label for k, label in sorted(labels.items()) if k != TOP}
    surfaces = {**{s: by_key[k] for s, k in sorted(dim.synonyms.items()) if k in by_key}, **by_key}
    found = difflib.get_close_matches(normalize(typed), list(surfaces), n=1, cutoff=0.6)
    return tuple(surfaces[f] for f in found)


def unknown_values(plan: Plan, lattice: LatticeView) -> list[UnknownValue]:
    """Every `dimension = value` / `dimension <= value` of the plan, on a known taxonomy
    dimension, whose value the dimension does not have, in reading order."""
    out = []
    for c in _constraints(plan):
        if c.op not in ("=", "<=") or not isinstance(c.value, Name):
            continue
        dim = lattice.dimensions.get(normalize(c.dimension))
        if dim is None or dim.ordered or dim.resolve(c.value.text) is not None:
            continue
        out.append(UnknownValue(c, dim.name, _close(c.value.text, dim)))
    return out


def value_errors(plan: Plan, lattice: LatticeView, text: str | None = None) -> list[PlanError]:
    """`unknown_values` as PlanErrors at each value's line and column (code `unknown_value`), for
    `check-plan`: the hint is the did-you-mean, and says what running the plan does."""
    checker = _Checker(lattice, text)
    for u in unknown_values(plan, lattice):
        ran = "running the plan abstains unknown_anchor"
        checker.error(u.message, u.constraint.value.pos or u.constraint.pos, "unknown_value",
                      hint=f"{u.did_you_mean} ({ran})" if u.did_you_mean else
                      f"{ran}; `:dims` in `latweave repl` lists the dimension's values")
    return checker.errors
