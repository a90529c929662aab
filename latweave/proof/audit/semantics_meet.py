"""A plan's steps and meets over the lattice files, said again in plain Python: the part of
the independent evaluation that rules/meet.dl (and closure.dl, which it reads) states for the
engines. What each derivation reaches is a `Flow`: possibly, surely, or only by a doubtful route
(a contested coordinate, or a doubtful step output). The module docstring of semantics.py says
what each step means; semantics_compare.py and semantics.py build on this class."""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, field

from latweave.lattice.names import normalize
from latweave.plan.ast import Compare, Constraint, Holds, Meet, Name, Ref, Union, is_window
from latweave.plan.printer import print_constraint, window_text
from latweave.proof.audit.meaning import Meaning, PlanNotRunnable
from latweave.proof.audit.periods import possibly, predicate_period, surely, window_days


def json_key(entry) -> str:
    """A witness entry as a sort key (canonical JSON)."""
    return json.dumps(entry, ensure_ascii=False, sort_keys=True)


@dataclass
class Flow:
    """What a derivation reaches: `possible` by any route, `sure` by a sure route (every step of it
    certain), `doubt` by a route with a doubtful step. possible = sure ∪ doubt; a thing may be both
    sure and doubtful (two routes)."""

    possible: set = field(default_factory=set)
    sure: set = field(default_factory=set)
    doubt: set = field(default_factory=set)

    @property
    def doubtful(self) -> set:
        """Reached, but by no sure route."""
        return self.possible - self.sure

    def __or__(self, other: "Flow") -> "Flow":
        return Flow(self.possible | other.possible, self.sure | other.sure, self.doubt | other.doubt)

    @classmethod
    def certain(cls, things) -> "Flow":
        return cls(set(things), set(things), set())


@dataclass
class ConstraintEval:
    index: int                      # position in the meet (a holds meet's or hop's self is 0)
    constraint: Constraint | None   # None: the self constraint
    term: object                    # the Name / Ref / Range the constraint names
    dimension: str | None = None    # key, for a dimension constraint
    known: bool = True              # the dimension is in the lattice
    values: Flow = field(default_factory=Flow)     # value keys (or instance keys, for self) named
    admitted: Flow = field(default_factory=Flow)   # value keys admitted (through sure / doubtful values)
    alone: set = field(default_factory=set)        # instances with a coordinate it admits
    met: Flow = field(default_factory=Flow)        # instances meeting it: by a sure / doubtful route
    unknown: str | None = None      # a name the lattice lacks
    rank: tuple = ()

    @property
    def text(self) -> str:
        return print_constraint(self.constraint) if self.constraint is not None else "instance"


@dataclass
class MeetEval:
    ordinal: int
    step: str                       # "$d", "final", "#arg0.1", or "holds"
    var: str | None                 # the step's variable ("" final, "#argA.H"), None for holds
    meet: Meet
    constraints: list[ConstraintEval] = field(default_factory=list)
    project: str | None = None      # projection dimension key
    members: Flow = field(default_factory=Flow)
    outputs: Flow = field(default_factory=Flow)
    order: list[int] = field(default_factory=list)
    conflicts: list[tuple[str, int, int]] = field(default_factory=list)
    window: tuple[int, int] | None = None   # a timed meet's window, in days (periods.py)

    @property
    def name(self) -> str:
        return f"meet#{self.ordinal}"

    def text(self) -> str:
        cons = ", ".join(c.text if c.constraint is not None else "self" for c in self.constraints)
        return f"meet({cons})" + (f" -> {self.meet.project}" if self.meet.project else "")

    def emptied_by(self) -> list[int]:
        """In evaluation order, the constraint after which no instance was left (empty meets)."""
        if self.members.possible:
            return []
        reached = None
        for c in self.order:
            met = self.constraints[c].met.possible
            reached = set(met) if reached is None else reached & met
            if not reached:
                return [c]
        return []

    def matches_nothing(self) -> list[int]:
        """Constraints that admit no coordinate of any instance, even alone (empty meets)."""
        if self.members.possible:
            return []
        return [c.index for c in self.constraints if not c.alone]


class MeetEvaluation:
    """One plan's steps and meets evaluated over one lattice (rules/meet.dl): every step's
    outputs and every meet's members, each sure or doubtful, and what the compare's arguments
    stand for. The compare (semantics_compare.py) and the outcome (semantics.py) build on it."""

    def __init__(self, model: Meaning, plan, loose: bool = False):
        self.model = model
        self.plan = plan
        self.loose = loose   # the shadow of a timed plan: periods that possibly meet a window count
        self.meets: list[MeetEval] = []
        self.steps: dict[str, Flow] = {}
        self.step_meets: dict[str, list[MeetEval]] = defaultdict(list)
        self.unknown_dims: set[str] = set()
        self.unknown_args: list[tuple[int, str]] = []
        self.args: list[tuple[object, Flow]] = []  # (Arg, items) in order
        self.holds_meet: MeetEval | None = None
        for let in plan.lets:
            if let.var in self.steps:
                raise PlanNotRunnable(f"${let.var} is bound twice")
            self._step(let.var, let.expr)
        final = plan.final
        if isinstance(final, (Meet, Union)):
            self._step("", final)
        elif isinstance(final, Compare):
            for d in (final.dimension, final.minus):
                if d is not None and normalize(d) not in self.model.kind:
                    self.unknown_dims.add(normalize(d))
            for index, arg in enumerate(final.args):
                self.args.append((arg, self._arg(index, arg)))
        elif isinstance(final, Holds):
            self.holds_meet = self._meet(None, "holds", Meet(final.constraints, time=final.time), final.item)
        else:
            raise PlanNotRunnable(f"cannot evaluate a final {type(final).__name__}")

    # ---- steps and meets ----
    def _step(self, var: str, expr) -> None:
        if not isinstance(expr, (Meet, Union)):
            raise PlanNotRunnable(f"let {var} binds a {type(expr).__name__.lower()}: only a meet or a union can")
        flow = Flow()
        for branch in (expr.branches if isinstance(expr, Union) else (expr,)):
            if not isinstance(branch, Meet):
                raise PlanNotRunnable("union is allowed on the meet path only")
            m = self._meet(var, step_name(var), branch)
            flow = flow | m.outputs
        self.steps[var] = flow

    def _ref(self, ref: Ref) -> Flow:
        if ref.var not in self.steps:
            raise PlanNotRunnable(f"${ref.var} is used before a `let {ref.var} = ...` binds it")
        return self.steps[ref.var]

    def _arg(self, index: int, arg) -> Flow:
        """The instances an argument stands for: named, or a step's outputs (after its path's hops)."""
        if isinstance(arg.term, Name) and not arg.path:
            x = self.model.resolve_instance_key(normalize(arg.term.text))
            if x is None:
                self.unknown_args.append((index, normalize(arg.term.text)))
                return Flow()
            return Flow.certain({x})
        current, outputs = arg.term, None
        if not arg.path:
            outputs = self._ref(arg.term)
        for hop, dim in enumerate(arg.path):
            var = f"#arg{index}.{hop}"
            m = self._meet(var, var, Meet((), project=dim), current)
            self.steps[var] = m.outputs
            outputs = m.outputs
            current = Ref(var)
        return self._instances(outputs)

    def _instances(self, outputs: Flow) -> Flow:
        """Step outputs read as instances (by name or alias)."""
        resolve = self.model.resolve_instance_key

        def read(keys):
            return {x for x in map(resolve, keys) if x is not None}
        return Flow(read(outputs.possible), read(outputs.sure), read(outputs.doubt))

    def _values(self, d: str, outputs: Flow) -> Flow:
        """Step outputs read as values of d (by key or synonym)."""
        resolve = self.model.resolve_key

        def read(keys):
            return {v for v in (resolve(d, y) for y in keys) if v is not None}
        return Flow(read(outputs.possible), read(outputs.sure), read(outputs.doubt))

    def _meet(self, var: str | None, step: str, meet: Meet, self_item=None) -> MeetEval:
        model = self.model
        m = MeetEval(len(self.meets), step, var, meet)
        if meet.time is not None:
            m.window = window_days(window_text(meet.time))
            if m.window is None:
                raise PlanNotRunnable(f"{window_text(meet.time)!r} is not a time")
        self.meets.append(m)
        if var is not None:
            self.step_meets[var].append(m)
        items = ([(None, self_item)] if self_item is not None else []) + [(c, c.value) for c in meet.constraints]
        for index, (constraint, term) in enumerate(items):
            ce = ConstraintEval(index, constraint, term)
            m.constraints.append(ce)
            if constraint is None:
                self._self_constraint(ce, term)
                ce.rank = (0, 0, index)
                continue
            d = normalize(constraint.dimension)
            ce.dimension, ce.known = d, d in model.kind
            if not ce.known:
                self.unknown_dims.add(d)
            if is_window(constraint.op, model.ordered(d)):
                ce.admitted = Flow.certain(model.window(d, constraint) if ce.known else set())
                ce.rank = (1, 1 << 40, index)
                continue
            if isinstance(term, Ref):
                ce.values = self._values(d, self._ref(term))
                ce.rank = (2, 0, index)
            else:
                key = model.name_key(d, term.text)
                v = model.resolve_key(d, key)
                if v is None and ce.known:
                    ce.unknown = key
                ce.values = Flow.certain({v} if v is not None else set())
                ce.rank = (1, model.selectivity(d, key) if ce.known else 0, index)
            ce.admitted = Flow(*(self._admits(d, constraint.op, vals)
                                 for vals in (ce.values.possible, ce.values.sure, ce.values.doubt)))
        self._routes(m)
        m.order = [ce.index for ce in sorted(m.constraints, key=lambda ce: ce.rank)]
        possible = sure = None
        doubt: set[str] = set()
        for ce in m.constraints:
            possible = set(ce.met.possible) if possible is None else possible & ce.met.possible
            sure = set(ce.met.sure) if sure is None else sure & ce.met.sure
            doubt |= ce.met.doubt
        possible = possible or set()
        m.members = Flow(possible, (sure or set()) & possible, doubt & possible)
        if meet.project is not None:
            p = normalize(meet.project)
            m.project = p
            if p not in model.kind:
                self.unknown_dims.add(p)
            out = Flow()
            for x in m.members.possible:
                worlds = [w for w in model.worlds(x, p) if self.live(m, x, p, w)]
                out.possible.update(worlds)
                if x in m.members.sure and not model.is_contested(x, p):
                    out.sure.update(worlds)
                if x in m.members.doubt or model.is_contested(x, p):
                    out.doubt.update(worlds)
            m.outputs = out
        elif var is not None:
            m.outputs = Flow(set(m.members.possible), set(m.members.sure), set(m.members.doubt))
        self._conflicts(m)
        return m

    def _self_constraint(self, ce: ConstraintEval, term) -> None:
        if isinstance(term, Ref):
            ce.met = self._instances(self._ref(term))
            ce.values = ce.met
            ce.alone = set(ce.met.possible)
            return
        key = normalize(term.text)
        x = self.model.resolve_instance_key(key)
        if x is None:
            ce.unknown = key
            return
        ce.values = ce.met = Flow.certain({x})
        ce.alone = {x}

    def _admits(self, d: str, op: str, values: set[str]) -> set[str]:
        if op == "=":
            return set(values)
        out: set[str] = set()
        for v in values:
            out |= self.model.down(d, v)
        return out

    def _holders(self, d: str, admitted: set[str]) -> set[str]:
        at = self.model.holders(d)
        out: set[str] = set()
        for w in admitted:
            if w in at:
                out |= at[w]
        return out

    def live(self, m: MeetEval, x: str, d: str, w: str) -> bool:
        """Whether x's coordinate w on d counts in meet m: always in an untimed meet; in a timed
        one when a predicate supporting it holds over m's window (surely; in the shadow, possibly),
        a predicate without a period holding at every time."""
        if m.window is None:
            return True
        test = possibly if self.loose else surely
        for p in self.model.worlds(x, d).get(w, ()):
            period = predicate_period(self.model.files, p)
            if period is None or test(period, m.window):
                return True
        return False

    def _timed(self, m: MeetEval, d: str, admitted: set[str], holders: set[str]) -> set[str]:
        """The holders of an admitted coordinate that counts in m (all of them, untimed)."""
        if m.window is None:
            return holders
        return {x for x in holders if any(w in admitted and self.live(m, x, d, w) for w in self.model.worlds(x, d))}

    def _routes(self, m: MeetEval) -> None:
        """Which instances meet each constraint, by a sure route and by a doubtful one.

        Sure: an uncontested coordinate admitted through a sure value (a name, a sure output), or a
        contested coordinate every world of which is. Doubtful: a coordinate admitted through a
        value only a doubtful output names; or one world of a contested coordinate — a world is
        one alternative, so it must meet every constraint of the meet on its dimension at once."""
        model = self.model
        dims = [ce for ce in m.constraints if ce.dimension is not None]
        for ce in dims:
            d, admitted = ce.dimension, ce.admitted
            ce.alone = self._timed(m, d, admitted.possible, self._holders(d, admitted.possible))
            sure = self._timed(m, d, admitted.sure, self._holders(d, admitted.sure))
            doubt = self._timed(m, d, admitted.doubt, self._holders(d, admitted.doubt))
            contested = ce.alone & model.contested_on(d)
            for x in contested:
                worlds = model.worlds(x, d)
                if all(w in admitted.sure and self.live(m, x, d, w) for w in worlds):
                    sure.add(x)
                else:
                    sure.discard(x)
                # one world that every constraint on d admits (through any value): a doubtful route
                # into a contested coordinate is always through one of its worlds
                doubt.discard(x)
                if any(self.live(m, x, d, w) and all(w in other.admitted.possible for other in dims if other.dimension == d)
                       for w in worlds):
                    doubt.add(x)
            ce.met = Flow(sure | doubt, sure, doubt)

    def _conflicts(self, m: MeetEval) -> None:
        """Two constraints on one functional dimension that each admit something, but nothing
        in common: their greatest lower bound does not exist."""
        cons = [ce for ce in m.constraints if ce.constraint is not None and ce.dimension in self.model.functional]
        for i, a in enumerate(cons):
            for b in cons[i + 1:]:
                if a.dimension == b.dimension and a.admitted.possible and b.admitted.possible \
                        and not a.admitted.possible & b.admitted.possible:
                    m.conflicts.append((a.dimension, a.index, b.index))

    # ---- the compare's arguments ----
    def arg_items(self, label: str) -> Flow | None:
        """The instances the argument(s) labelled `label` stand for (None: no such argument)."""
        flows = [items for arg, items in self.args if arg.label == label]
        if not flows:
            return None
        out = Flow()
        for f in flows:
            out = out | f
        return out

    def values_of(self, items, d: str) -> set[str]:
        return {w for x in items for w in self.model.worlds(x, d)}


def step_name(var: str) -> str:
    """How proofs name a step: "final", "$var" for a let, "#argA.H" for an argument's hop."""
    if not var:
        return "final"
    return var if var.startswith("#") else f"${var}"
