"""What a plan means over the lattice files: a second, independent evaluator of the semantics.

The rules (rules/*.dl) are the one statement of what a plan means; the engines run them. This
module says the same thing again in plain Python over `LatticeFiles` — written from the rules'
comments and docs/semantics.md, never from the Datalog text, and importing nothing of the engines, the
compiler or the proof extractor — so the audit can certify that an answer set is exactly what the
plan denotes, not only that each listed answer has a valid proof.

The lattice (`Meaning`, built once per lattice folder and indexed):

* a dimension's order is its DAG (values.jsonl parents; an open dimension's parentless values
  hang under ⊤); on a number or date dimension a value is an interval and sits below every
  interval that strictly contains it. Down-sets are memoised.
* coordinates: on a non-functional dimension every stated value (predicates.jsonl) is a
  coordinate. On a functional one the coordinates are the *worlds*: the meets of the maximal
  subsets of the stated values that have a common lower bound (for intervals: the intersection);
  each world is supported by the predicates stated at or above it. Two or more worlds: the
  coordinate is *contested*. An inverted index maps (dimension, world) to the instances there.

A plan (`Evaluation`), with every derivation either *sure* or *doubtful* (it uses a contested
coordinate or a doubtful step output); each set below is kept as a `Flow` (possible ⊇ sure):

* a constraint names values (a name or synonym; every output of the step it reads, sure when the
  output is) and admits what lies at or below them (`<=` on a taxonomy), exactly them (`=`), or
  every value whose interval lies inside its window (`<`, `<=` at most, `>`, `>=` at least, `in`,
  on a number or date dimension). An instance meets it possibly when
  some coordinate is admitted; surely when an uncontested coordinate is admitted through a sure
  value, or every world of a contested one is. A meet's members meet each constraint;
* a meet asked at a time (`at`, `during`) reads a coordinate only when a predicate supporting it
  holds then — surely (periods.py; the shadow of the plan: possibly), a predicate without a period
  at every time; the plan is `incomparable` where the plan and its shadow answer differently;
* a step outputs its members, or their coordinates on the projected dimension (sure from a sure
  member's uncontested coordinate); a union outputs what any branch does; chains read outputs;
* compare arguments stand for instances (named, or a step's outputs, along a path of hops);
  same/differ ask for a shared value's class (classes.jsonl), argmax/argmin for the best (ties
  give all tied), holds for membership of one instance; and each abstention reason holds or not,
  with its witness.

`Evaluation.outcome()` is the whole result as the rules determine it: status, answers (as the
result prints them), verdict, reasons in report order (`latweave.reasons.ENGINE_REASONS`), the witness of each reason, and the
contested answers.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, field

from latweave.lattice.names import TOP, normalize
from latweave.lattice.ordered import KINDS as ORDERED_KINDS
from latweave.lattice.ordered import parse_ordered
from latweave.plan.ast import Compare, Constraint, Holds, Meet, Name, Ref, Union, is_window
from latweave.plan.printer import print_constraint, window_text
from latweave.proof.audit.files import point_window
from latweave.proof.audit.periods import period_text, possibly, predicate_period, surely, window_days
from latweave.reasons import ENGINE_REASONS, Reason  # the vocabulary, shared; the reasoning is this module's own


#: the status of a plan the rules give no outcome at all (see Evaluation._decide)
NO_OUTCOME = "none"


class PlanNotRunnable(Exception):
    """The plan could not have run at all (the compiler refuses it): no result can be right."""


def _json_key(entry) -> str:
    return json.dumps(entry, ensure_ascii=False, sort_keys=True)


# ---------------------------------------------------------------------------------------------
# the lattice, indexed

class Meaning:
    """The lattice files' meaning: orders, down-sets, coordinates (worlds) and an inverted index."""

    def __init__(self, files):
        self.files = files
        self.kind: dict[str, str] = {d: row["kind"] for d, row in files.dims.items()}
        self.functional: set[str] = {d for d, row in files.dims.items() if row.get("functional")}
        self.dim_names: dict[str, str] = {d: row["name"] for d, row in files.dims.items()}
        self.values: dict[str, dict[str, tuple | None]] = {}
        for (d, v), row in files.values.items():
            b = row["bounds"]
            self.values.setdefault(d, {})[v] = tuple(b) if b is not None else None
        self.instance_label: dict[str, str] = {key: row["label"] for key, row in files.instances.items()}
        self._down: dict[tuple[str, str], frozenset[str]] = {}
        self._ordered_values: dict[str, list[tuple[str, tuple]]] = {}
        self._coordinates()

    # ---- orders ----
    def ordered(self, d: str) -> bool:
        return self.kind.get(d) in ORDERED_KINDS

    def bounds(self, d: str, v: str):
        return self.values.get(d, {}).get(v)

    def value_label(self, d: str, v: str) -> str:
        row = self.files.values.get((d, v))
        return row["label"] if row else v

    def parents(self, d: str, v: str) -> tuple[str, ...]:
        row = self.files.values.get((d, v))
        parents = tuple(row["parents"]) if row else ()
        if v != TOP and not parents and not self.ordered(d):
            parents = (TOP,)  # an open dimension's values seen only in facts hang under ⊤
        return parents

    def dimension_label(self, d: str) -> str:
        return self.dim_names.get(d, d)

    def label_of_instance(self, x: str) -> str:
        return self.instance_label.get(x, x)

    def intervals(self, d: str) -> list[tuple[str, tuple]]:
        if d not in self._ordered_values:
            self._ordered_values[d] = sorted((v, b) for v, b in self.values.get(d, {}).items() if b is not None)
        return self._ordered_values[d]

    def down(self, d: str, v: str) -> frozenset[str]:
        """v and everything below it on d (reflexive, transitive)."""
        key = (d, v)
        if key not in self._down:
            if d not in self.values or v not in self.values[d]:
                out = frozenset({v})
            elif self.ordered(d):
                if v == TOP:
                    out = frozenset(self.values[d])
                else:
                    lo, hi = self.values[d][v] or (None, None)
                    out = {v}
                    if lo is not None:
                        out |= {w for w, (a, b) in self.intervals(d)
                                if lo <= a and b <= hi and (a, b) != (lo, hi)}
                    out = frozenset(out)
            else:  # the lattice files' own down-set over the taxonomy's edges
                out = self.files.down(d, v)
            self._down[key] = out
        return self._down[key]

    def at_or_below(self, d: str, w: str, v: str) -> bool:
        return w in self.down(d, v)

    # ---- coordinates ----
    def _coordinates(self) -> None:
        """Group the predicates by dimension; each dimension's coordinates are read when first
        asked for (`_dimension`): a plan touches a few of a KB's dozens of dimensions."""
        self._by_dim: dict[str, list[dict]] = {}
        for row in self.files.predicates.values():
            self._by_dim.setdefault(row["dimension"], []).append(row)
        #: (instance, dimension) → {stated value: predicate ids}
        self._stated: dict[tuple[str, str], dict[str, list[int]]] = {}
        #: (instance, dimension) → {world: supporting predicate ids}
        self._coords: dict[tuple[str, str], dict[str, tuple[int, ...]]] = {}
        self._contested: dict[str, set[str]] = {}   # dimension → instances contested there
        self._at: dict[str, dict[str, set[str]]] = {}  # dimension → world → instances there
        self._rows: dict[str, dict[str, int]] = {}  # dimension → world → (instance, predicate) rows
        self.unplaced: list[tuple[str, str, tuple]] = []  # a world the lattice has no value for

    def _dimension(self, d: str) -> None:
        if d in self._at:
            return
        stated: dict[str, dict[str, list[int]]] = {}
        for row in self._by_dim.get(d, ()):
            stated.setdefault(row["instance"], {}).setdefault(row["value"], []).append(row["id"])
        at: dict[str, set[str]] = {}
        rows: dict[str, int] = {}
        contested: set[str] = set()
        functional = d in self.functional
        for x, by_value in stated.items():
            self._stated[(x, d)] = by_value
            if functional and len(by_value) > 1:
                worlds = self._worlds(x, d, by_value)
                if len(worlds) > 1:
                    contested.add(x)
            else:
                worlds = {v: tuple(ps) for v, ps in by_value.items()}
            self._coords[(x, d)] = worlds
            for w, ps in worlds.items():
                at.setdefault(w, set()).add(x)
                rows[w] = rows.get(w, 0) + len(ps)
        self._at[d], self._rows[d], self._contested[d] = at, rows, contested

    def holders(self, d: str) -> dict[str, set[str]]:
        """world → the instances with that coordinate on d (the inverted index)."""
        self._dimension(d)
        return self._at[d]

    def contested_on(self, d: str) -> set[str]:
        self._dimension(d)
        return self._contested[d]

    def stated(self, x: str, d: str) -> dict[str, list[int]]:
        """x's stated values on d, each with its predicate ids."""
        self._dimension(d)
        return self._stated.get((x, d), {})

    def _worlds(self, x: str, d: str, by_value: dict[str, list[int]]) -> dict[str, tuple[int, ...]]:
        """The meets of the maximal subsets of x's stated values on d with a common lower bound."""
        stated = sorted(by_value)
        meets: list[str] = []
        if self.ordered(d):
            spans = {v: self.bounds(d, v) for v in stated if self.bounds(d, v) is not None}
            cliques = []
            for point in sorted({b[0] for b in spans.values()}):
                group = frozenset(v for v, (lo, hi) in spans.items() if lo <= point <= hi)
                cliques.append(group)
            for group in {g for g in cliques if not any(g < h for h in cliques)}:
                lo = max(spans[v][0] for v in group)
                hi = min(spans[v][1] for v in group)
                key = self._interval_key(d, group, lo, hi)
                if key is None:
                    self.unplaced.append((x, d, (lo, hi)))
                else:
                    meets.append(key)
        else:
            for group, common in self._maximal_consistent(d, stated):
                meets += [u for u in common if not any(p in common for p in self.parents(d, u))]
        worlds = {}
        for w in sorted(set(meets)):
            worlds[w] = tuple(sorted(p for v, ps in by_value.items() if self.at_or_below(d, w, v) for p in ps))
        return worlds

    def _maximal_consistent(self, d: str, stated: list[str]) -> list[tuple[frozenset, frozenset]]:
        """Maximal subsets of `stated` whose down-sets intersect, with that intersection."""
        found: list[tuple[frozenset, frozenset]] = []

        def grow(start: int, group: tuple, common: frozenset | None) -> None:
            grown = False
            for j in range(start, len(stated)):
                down = self.down(d, stated[j])
                inter = down if common is None else common & down
                if inter:
                    grown = True
                    grow(j + 1, (*group, stated[j]), inter)
            if group and not grown:
                found.append((frozenset(group), common))

        grow(0, (), None)
        return [(g, c) for g, c in found if not any(g < h for h, _ in found)]

    def _interval_key(self, d: str, group, lo: float, hi: float) -> str | None:
        """The value of d that is the interval [lo, hi]: a stated one if it is that interval,
        else the one the builder spells for it, else any value with exactly these bounds."""
        same = sorted(v for v in group if self.bounds(d, v) == (lo, hi))
        if same:
            return same[0]
        try:
            from latweave.lattice.ordered import interval_value
            spelled = normalize(interval_value(lo, hi, self.kind[d]))
            if self.bounds(d, spelled) == (lo, hi):
                return spelled
        except Exception:  # an older lattice/ordered.py, or a spelling that does not read back
            pass
        others = sorted(v for v, b in self.intervals(d) if b == (lo, hi))
        return others[0] if others else None

    def worlds(self, x: str, d: str) -> dict[str, tuple[int, ...]]:
        """x's coordinates on d, each with the predicates that support it."""
        self._dimension(d)
        return self._coords.get((x, d), {})

    def is_contested(self, x: str, d: str) -> bool:
        return x in self.contested_on(d)

    # ---- names ----
    def name_key(self, d: str, text: str) -> str:
        """The key a plan's name becomes on d: numbers and dates in their canonical spelling."""
        kind = self.kind.get(d)
        if kind in ORDERED_KINDS:
            try:
                return normalize(parse_ordered(text, kind).canonical)
            except Exception:
                return normalize(text)
        return normalize(text)

    def resolve_key(self, d: str, key: str) -> str | None:
        """The value a key denotes on d: itself when it is a value, or the value it is a synonym of."""
        if key in self.values.get(d, {}):
            return key
        return self.files.synonyms.get((d, key))

    def resolve_instance_key(self, key: str) -> str | None:
        if key in self.instance_label:
            return key
        return self.files.aliases.get(key)

    def window(self, d: str, constraint: Constraint) -> set[str]:
        """Every value of d whose whole interval lies inside a numeric constraint's window."""
        kind = self.kind.get(d)
        if kind is None:
            return set()
        if kind not in ORDERED_KINDS:
            raise PlanNotRunnable(f"`{constraint.op}` compares numbers or dates, and {constraint.dimension!r} "
                                  "is not an ordered dimension")
        value = constraint.value
        try:
            if constraint.op == "in":
                lo, hi = parse_ordered(value.lo, kind).lo, parse_ordered(value.hi, kind).hi
                inside = lambda b: lo <= b[0] and b[1] <= hi  # noqa: E731
            elif isinstance(value, Ref):
                raise PlanNotRunnable(f"`{constraint.op}` needs a number or date, not ${value.var}")
            else:
                inside = point_window(constraint.op, parse_ordered(value.text, kind))
        except PlanNotRunnable:
            raise
        except Exception as exc:
            raise PlanNotRunnable(f"{constraint.dimension}: {exc}") from None
        return {w for w, b in self.intervals(d) if inside(b)}

    def selectivity(self, d: str, key: str) -> int:
        """How many coordinate rows lie at or below the value a name denotes (the evaluation order's
        estimate: fewest first)."""
        v = self.files.synonyms.get((d, key), key)
        self._dimension(d)
        rows = self._rows[d]
        return sum(rows.get(w, 0) for w in self.down(d, v))


def meaning(files) -> Meaning:
    """The `Meaning` of a LatticeFiles, built once and kept on it."""
    cached = getattr(files, "_meaning", None)
    if cached is None:
        cached = Meaning(files)
        files._meaning = cached
    return cached


# ---------------------------------------------------------------------------------------------
# a plan, evaluated

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


@dataclass
class Candidate:
    arg: int                        # argument index
    key: str                        # the argument's label, or an item's instance key
    label: str                      # as the answer prints it
    values: set                     # compared values it may have (items, for a derived compare)
    items: Flow                     # instances it stands for (sure: for certain)
    bare: bool = False              # an item of a bare $step argument


@dataclass
class Outcome:
    status: str
    answers: list[str]
    verdict: bool | None
    reasons: list[str]
    witness: dict
    contested: list[str]            # the contested answers' labels (their entries are checked apart)
    #: for a conflict in the sources: what the `contested` entries of the witness are about
    doubts: dict = field(default_factory=dict)

    @property
    def reason(self) -> str | None:
        return self.reasons[0] if self.reasons else None


class Evaluation:
    """One plan evaluated over one lattice: its meets, steps, compare and outcome."""

    def __init__(self, model: Meaning, plan, loose: bool = False):
        self.model = model
        self.plan = plan
        self.loose = loose   # the shadow of a timed plan: periods that possibly meet a window count
        self.raw: tuple | None = None   # (certain answers, verdict) before abstention: set by outcome()
        self.meets: list[MeetEval] = []
        self.steps: dict[str, Flow] = {}
        self.step_meets: dict[str, list[MeetEval]] = defaultdict(list)
        self.unknown_dims: set[str] = set()
        self.unknown_args: list[tuple[int, str]] = []
        self.args: list[tuple[object, Flow]] = []  # (Arg, items) in order
        self.holds_meet: MeetEval | None = None
        self.compare_notes: dict = {}
        self._dims: dict[str, str] = {}
        self._spans: dict[tuple, object] = {}
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
        self._outcome: Outcome | None = None

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

    # ---- the outcome ----
    def outcome(self) -> Outcome:
        if self._outcome is None:
            self._outcome = self._decide()
        return self._outcome

    def _decide(self) -> Outcome:
        final = self.plan.final
        reasons: dict[str, dict] = {}
        doubts: dict = {}
        unknown = self._unknown_names()
        if unknown:
            reasons[Reason.UNKNOWN_ANCHOR] = {"unknown": unknown}
        if self.unknown_dims:
            reasons[Reason.OUT_OF_SCOPE] = {"unknown_dimensions": sorted(self.unknown_dims)}
        conflicts = self._conflict_entries()
        if conflicts:
            reasons[Reason.CONFLICT] = {"conflicts": conflicts}
        answers: list[str] = []
        contested: list[str] = []
        verdict = None
        source_conflict = False
        if isinstance(final, (Meet, Union)):
            answers, contested, empty, source_conflict = self._final_answers()
            if empty:
                reasons[Reason.EMPTY] = self._empty_steps()
            doubts = {"answers": list(contested)}
        elif isinstance(final, Holds):
            verdict, source_conflict = self._holds(reasons)
            m = self.holds_meet
            doubts = {"items": sorted(self.model.label_of_instance(x) for x in m.members.doubtful)}
        elif final.op in ("same", "differ"):
            verdict, source_conflict = self._same(final, reasons)
            doubts = self._compare_doubts(final)
        else:
            answers, source_conflict = self._extremum(final, reasons)
            doubts = self._compare_doubts(final)
        if source_conflict:
            reasons.setdefault(Reason.CONFLICT, {"conflicts": []})
        # what the plan answers before any abstention: its certain answers (keys of a meet step's
        # outputs; an extremum's winners) and its verdict — what a timed plan's shadow must match
        self.raw = (set(self.steps[""].sure) if isinstance(final, (Meet, Union)) else set(answers), verdict)
        if not self.loose and any(m.window is not None for m in self.meets):
            self._in_time(reasons)
        order = [r for r in ENGINE_REASONS if r in reasons]
        if order:
            return Outcome("abstain", [], None, order, {r: reasons[r] for r in order}, [], doubts)
        if isinstance(final, Holds) or (isinstance(final, Compare) and final.op in ("same", "differ")):
            if verdict is None:
                # holds($s, ...) whose step yields no instance: the rules derive neither a verdict
                # nor an abstention (a gap in the rules: no result can be right)
                return Outcome(NO_OUTCOME, [], None, [], {}, [], doubts)
            return Outcome("verdict", [], verdict, [], {}, [], doubts)
        return Outcome("answer", answers, None, [], {}, contested, doubts)

    def _in_time(self, reasons: dict) -> None:
        """A timed plan answers only what does not depend on the unknown part of a period: its
        shadow (every timed meet reading what possibly holds then) must answer the same, or it is
        incomparable — with the answers that differ and the shadow's partly known periods."""
        shadow = Evaluation(self.model, self.plan, loose=True)
        shadow.outcome()
        (mine, my_verdict), (theirs, their_verdict) = self.raw, shadow.raw
        if mine == theirs and my_verdict == their_verdict:
            return
        detail: dict = {}
        final = self.plan.final
        if isinstance(final, (Meet, Union)) and mine != theirs:
            detail["answers"] = self.final_labels(mine ^ theirs)
        detail["periods"] = shadow._partly_known()
        reasons.setdefault(Reason.INCOMPARABLE, {})["in_time"] = detail

    def _partly_known(self) -> list[dict]:
        """The predicates this shadow's timed meets read (hits of members, projected values) whose
        periods only possibly meet the window."""
        model, found = self.model, set()

        def take(m: MeetEval, x: str, d: str, w: str) -> None:
            for p in model.worlds(x, d).get(w, ()):
                period = predicate_period(model.files, p)
                if period is not None and possibly(period, m.window) and not surely(period, m.window):
                    found.add(p)

        for m in self.meets:
            if m.window is None:
                continue
            for x in m.members.possible:
                for ce in m.constraints:
                    if ce.constraint is None or ce.dimension is None:
                        continue
                    for w in model.worlds(x, ce.dimension):
                        if w in ce.admitted.possible:
                            take(m, x, ce.dimension, w)
                if m.project is not None:
                    for w in model.worlds(x, m.project):
                        take(m, x, m.project, w)
        out = []
        for p in sorted(found):
            row = model.files.predicates[p]
            d = row["dimension"]
            out.append({"predicate": p, "instance": model.label_of_instance(row["instance"]),
                        "dimension": model.dimension_label(d), "value": model.value_label(d, row["value"]),
                        "period": period_text(row.get("qualifiers") or ())})
        return out

    def _unknown_names(self) -> list[dict]:
        out = []
        for m in self.meets:
            for ce in m.constraints:
                if ce.unknown is None:
                    continue
                con = ce.constraint
                out.append({"name": ce.unknown, "dimension": con.dimension if con else None,
                            "constraint": print_constraint(con) if con else "instance"})
        for _, name in self.unknown_args:
            out.append({"name": name, "dimension": None, "constraint": "argument"})
        return sorted(out, key=_json_key)

    def _conflict_entries(self) -> list[dict]:
        out = []
        model = self.model
        for m in self.meets:
            for d, c1, c2 in m.conflicts:
                a, b = m.constraints[c1], m.constraints[c2]
                out.append({"dimension": model.dimension_label(d),
                            "constraints": [a.text, b.text],
                            "values": [sorted(model.value_label(d, v) for v in ce.values.possible) for ce in (a, b)]})
        return sorted(out, key=_json_key)

    def final_projection(self) -> str | None:
        projects = {m.meet.project for m in self.step_meets[""]}
        return projects.pop() if len(projects) == 1 else None

    def item_label(self, y: str, project: str | None) -> str:
        """How an output prints: a value's label on the projected dimension, else an instance's."""
        if project is not None:
            d = normalize(project)
            if d in self.model.kind and y in self.model.values.get(d, {}):
                return self.model.value_label(d, y)
        return self.model.label_of_instance(y)

    def final_labels(self, keys) -> list[str]:
        project = self.final_projection()
        return [label for label, _ in sorted((self.item_label(y, project), y) for y in keys)]

    def _final_answers(self):
        """The sure outputs answer; the others are contested; none sure but some possible: the
        sources conflict."""
        out = self.steps[""]
        empty = not out.possible
        conflict = bool(out.possible) and not out.sure
        return self.final_labels(out.sure), self.final_labels(out.doubtful), empty, conflict

    def _empty_steps(self) -> dict:
        """The earliest step (lets, then the final one) whose every meet came back empty."""
        for var in [*(let.var for let in self.plan.lets), ""]:
            if self.steps[var].possible:
                continue
            details = []
            for m in self.step_meets[var]:
                details.append({"meet": m.name,
                                "emptied_by": [m.constraints[c].text for c in m.emptied_by()],
                                "matches_nothing": sorted(m.constraints[c].text for c in m.matches_nothing())})
            return {"step": step_name(var), "meets": details}
        return {"step": "final", "meets": []}

    # ---- compares ----
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
        """v and w tie: the same value, or (derived) items with an equal span."""
        return v == w or (final.minus is not None and bool(self.spans(final, v) & self.spans(final, w)))

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
                reasons[Reason.INCOMPARABLE] = {"pairs": sorted(entries, key=_json_key),
                                           "ambiguous": sorted(ambiguous, key=_json_key)}
            else:
                entries = [{"arguments": [a.label, b.label], "values": [model.value_label(d, v), model.value_label(d, w)]}
                           for a, b, v, w in pairs]
                reasons[Reason.INCOMPARABLE] = {"pairs": sorted(entries, key=_json_key)}
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



def step_name(var: str) -> str:
    """How proofs name a step: "final", "$var" for a let, "#argA.H" for an argument's hop."""
    if not var:
        return "final"
    return var if var.startswith("#") else f"${var}"


def evaluate(files, plan) -> Evaluation:
    """Evaluate `plan` over the lattice files (raises PlanNotRunnable for a plan that could not run)."""
    return Evaluation(meaning(files), plan)
