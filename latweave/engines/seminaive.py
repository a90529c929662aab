"""The one semi-naive planner: what a set-at-a-time engine computes, and in which order.

DuckDB and SQLite (relations as tables) and Spark (relations as views) evaluate the rules from
this plan, and `evaluate` drives that evaluation for them all: each backend only executes what it
is told, through its `Executor`. Every stratum of `stratify` becomes

- base variants: its rules without a recursive body atom, each one SELECT over the full relations
  (a non-recursive stratum has only these);
- step variants, for a recursive stratum: every recursive rule once per recursive body atom, that
  atom reading a delta and the others the full relations. The rounds read the delta of parity None
  first — the full relation itself — then each round writes its new rows into the delta of the
  other parity, 0 and 1 in turn (`rounds`), until a round finds none;
- the input relations it depends on, transitively (`inputs`: a session skips strata whose inputs did
  not change), and its *level*: one more than the highest level of a relation it reads (inputs are
  level 0). Strata of one level never read one another, so a backend for which each evaluation is
  costly (Spark: a job) evaluates a level's non-recursive strata together (`waves`).

The SQL text comes from the dialect given (latweave/engines/dialects/: DuckDB's unless another
is named; SQLite's also fixes the join order), which also names the tables a SELECT reads
(`source`). `evaluate(strata, executor)` walks the waves in order: for each, the live base variants
of every relation (a rule whose positive body reads an empty relation yields nothing and is
skipped), then, for a recursive stratum, the rounds, until one finds no new row. What a wave or a
round means on a database is the executor's: the SQL sessions (sql_session.py) run INSERTs into
tables, the Spark session (spark_session.py) computes DataFrames and binds views.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Callable, ClassVar, Iterator, Mapping, Protocol, Sequence

from latweave.datalog.ir import Program
from latweave.datalog.strata import Stratum, input_dependencies, levels, stratify
from latweave.engines.dialects.duckdb import DuckDB
from latweave.engines.dialects.sql import Select, Sql, delta_name
from latweave.engines.per_program import per_program

#: The deltas a step variant may read: None (the full relation: the first round), then 0 and 1.
PARITIES: tuple[int | None, ...] = (None, 0, 1)


@dataclass(frozen=True)
class Variant:
    """One SELECT of a rule, the relations its positive atoms read, every relation it names
    (negated ones too), and which positive atom reads the delta (None: every one the full relation)."""

    select: Select
    reads: tuple[str, ...]
    tables: frozenset[str]
    delta_pos: int | None = None

    @cached_property
    def sql(self) -> str:
        return self.select.text()

    @property
    def distinct(self) -> bool:
        """Yields no duplicate rows without DISTINCT (sql.distinct_by_construction)."""
        return self.select.unique


@dataclass(frozen=True, slots=True)
class RoundCheck:
    """What `_recursive` asks of one step variant each round, worked out once per plan: the
    relation its delta atom reads (has it moved?), the stratum's relations its other positive
    atoms read (do they hold rows?), and the relations outside the stratum it reads (asked once:
    they do not change while the stratum runs)."""

    variant: Variant
    delta: str
    inner: tuple[str, ...]
    outside: tuple[str, ...]


@dataclass(frozen=True)
class StratumPlan:
    stratum: Stratum
    level: int
    base: dict[str, tuple[Variant, ...]]  # relation -> its rules without a recursive atom
    # relation -> parity of the delta read -> semi-naive variants (parity None: the full relation)
    step: dict[str, dict[int | None, tuple[Variant, ...]]]
    inputs: frozenset[str]  # input relations it depends on, transitively

    @cached_property
    def round_checks(self) -> dict[str, dict[int | None, tuple[RoundCheck, ...]]]:
        """relation -> parity -> each step variant's `RoundCheck`, in the variants' order."""
        own = frozenset(self.stratum.relations)
        return {rel: {parity: tuple(RoundCheck(v, v.reads[v.delta_pos],
                                               tuple(r for i, r in enumerate(v.reads) if i != v.delta_pos and r in own),
                                               tuple(r for r in v.reads if r not in own))
                                    for v in variants)
                      for parity, variants in by.items()}
                for rel, by in self.step.items()}

    @cached_property
    def outside_reads(self) -> tuple[str, ...]:
        """The relations outside the stratum its step variants read (sorted)."""
        return tuple(sorted({r for by in self.round_checks.values() for checks in by.values()
                             for c in checks for r in c.outside}))


@dataclass(frozen=True)
class SemiNaivePlan:
    strata: tuple[StratumPlan, ...]  # in stratify's order
    types: dict[str, tuple[str, ...]]  # relation -> column types
    # table, as the dialect names it -> (its name, its column types): every relation's, and two
    # delta tables per relation of a recursive stratum
    tables: dict[str, tuple[str, tuple[str, ...]]]
    dialect: Sql
    _inserts: dict[tuple, str] = field(default_factory=dict, compare=False, repr=False)

    @cached_property
    def ddl(self) -> dict[str, str]:
        """table -> its CREATE statement, in `tables`' order."""
        return {table: self.dialect.create_table(name, types) for table, (name, types) in self.tables.items()}

    def insert(self, target: str, variants: Sequence[Variant], except_table: str | None = None) -> str:
        """The dialect's INSERT of the variants' union into `target` (without the rows `except_table`
        holds), assembled once per shape."""
        key = (target, tuple(v.sql for v in variants), except_table)
        text = self._inserts.get(key)
        if text is None:
            text = self._inserts[key] = self.dialect.insert(target, [v.select for v in variants], except_table)
        return text

    def schedule(self, base_inputs: frozenset[str]) -> "Schedule":
        return Schedule(self, frozenset(base_inputs), tuple(p.inputs <= base_inputs for p in self.strata))


@dataclass(frozen=True)
class Schedule:
    """Which strata a session over base facts for `base_inputs` evaluates, and when: the lattice
    strata (those the base facts alone decide) once, at open; the others on every run, and a
    lattice stratum again only when a run changed an input it reads."""

    plan: SemiNaivePlan
    base_inputs: frozenset[str]
    static: tuple[bool, ...]  # per stratum: a lattice stratum

    def at_open(self) -> list[StratumPlan]:
        return [p for p, static in zip(self.plan.strata, self.static) if static]

    def for_run(self, changed: frozenset[str] | set[str]) -> list[StratumPlan]:
        """The strata a run evaluates, in order, when it changed the base relations `changed`."""
        return [p for p, static in zip(self.plan.strata, self.static) if not static or p.inputs & changed]

    def rederived(self, changed: frozenset[str] | set[str]) -> set[str]:
        """The lattice relations a run that changed `changed` evaluates again."""
        return {rel for p, static in zip(self.plan.strata, self.static) if static and p.inputs & changed
                for rel in p.stratum.relations}


def waves(strata: Sequence[StratumPlan], together: bool) -> list[tuple[StratumPlan, ...]]:
    """The strata as evaluations: one stratum each, in order; or, `together`, level by level, a
    level's non-recursive strata in one wave, then each of its recursive strata in one of its own."""
    if not together:
        return [(p,) for p in strata]
    out: list[tuple[StratumPlan, ...]] = []
    for level in sorted({p.level for p in strata}):
        here = [p for p in strata if p.level == level]
        flat = tuple(p for p in here if not p.stratum.recursive)
        out += [flat] if flat else []
        out += [(p,) for p in here if p.stratum.recursive]
    return out


def rounds() -> Iterator[tuple[int | None, int]]:
    """(the parity of the delta a round reads, the parity it writes), round after round."""
    read: int | None = None
    write = 0
    while True:
        yield read, write
        read, write = write, 1 - write


def live(variants: Sequence[Variant], held: Callable[[str], int],
         delta: Mapping[str, int] | None = None) -> tuple[Variant, ...]:
    """The variants whose every positive atom reads a non-empty relation (`held`: relation -> its
    rows), or delta (`delta`: relation -> the rows of the delta read): the others yield nothing."""
    if delta is None:   # the common case (every base variant of every stratum, every run), kept tight
        return tuple(v for v in variants if all(map(held, v.reads)))
    return tuple(v for v in variants
                 if all(delta.get(rel, 0) if (i == v.delta_pos and delta is not None) else held(rel)
                        for i, rel in enumerate(v.reads)))


def plan_stratum(stratum: Stratum, level: int, inputs: frozenset[str], dialect: Sql) -> StratumPlan:
    base: dict[str, list[Variant]] = {r: [] for r in stratum.relations}
    step: dict[str, dict[int | None, list[Variant]]] = {r: {p: [] for p in PARITIES} for r in stratum.relations}
    for rule in stratum.rules:
        reads = tuple(a.relation for a in rule.positive)
        tables = frozenset((*reads, *(a.relation for a in rule.negative)))
        head = rule.head.relation
        rec = stratum.recursive_atoms(rule) if stratum.recursive else ()
        if not rec:
            base[head].append(Variant(dialect.select(rule, [dialect.source(r) for r in reads]), reads, tables))
            continue
        for pos in rec:
            for parity in PARITIES:
                sources = [dialect.source(r, parity if i == pos else None) for i, r in enumerate(reads)]
                select = dialect.select(rule, sources, None if parity is None else pos)
                step[head][parity].append(Variant(select, reads, tables, pos))
    return StratumPlan(stratum, level, {r: tuple(vs) for r, vs in base.items()},
                       {r: {p: tuple(vs) for p, vs in by.items()} for r, by in step.items()}, inputs)


def plan(program: Program, dialect: Sql | None = None) -> SemiNaivePlan:
    """The whole program's evaluation plan: strata in order, and the tables they use. `dialect`
    writes the SELECTs and names the tables: DuckDB's unless another is given."""
    strata = stratify(program)
    dialect = dialect or DuckDB()
    types = {r.name: tuple(c.type for c in r.columns) for r in program.relations}
    tables = {dialect.source(name): (name, types[name]) for name in types}
    for stratum in strata:
        if stratum.recursive:
            for name in stratum.relations:
                for parity in (0, 1):
                    tables[dialect.source(name, parity)] = (delta_name(name, parity), types[name])
    planned = (plan_stratum(s, lv, inputs, dialect)
               for s, lv, inputs in zip(strata, levels(program, strata), input_dependencies(program, strata)))
    return SemiNaivePlan(tuple(planned), types, tables, dialect)


def shared_plan(program: Program, key: tuple[object, ...], dialect: Callable[[], Sql]) -> SemiNaivePlan:
    """`plan(program, dialect())` once per process for this program (the same object) and `key`,
    which must name every setting of the dialect `dialect()` makes (engines/per_program.py)."""
    return per_program(program, ("plan", *key), lambda: plan(program, dialect()))


# ------------------------------------------------------------ evaluation

#: (relation, the variants to evaluate for it: the live ones, maybe none), for each relation of a wave
Work = list[tuple[str, tuple[Variant, ...]]]


class Executor(Protocol):
    """What a backend does when `evaluate` tells it to; it decides nothing about what, or when."""

    #: Whether a level's non-recursive strata are evaluated as one wave (`waves`).
    together: ClassVar[bool]

    def held(self, relation: str) -> int:
        """The number of rows the relation's full table (or view) holds now."""

    def derive(self, wave: tuple[StratumPlan, ...], work: Work) -> None:
        """Each relation's rows, the union of its variants, into its full relation (empty until now)."""

    def extend(self, plan: StratumPlan, work: Work, read: int | None, write: int) -> dict[str, int]:
        """One round: each relation's new rows (its variants, which read the delta of parity `read`,
        less what the full relation holds) into the delta of parity `write`, and added to the full
        relation; the number of new rows, by relation."""


def evaluate(strata: Sequence[StratumPlan], executor: Executor) -> None:
    """Evaluate `strata` (in the plan's order) to their fixpoint through `executor`."""
    for wave in waves(strata, executor.together):
        executor.derive(wave, [(rel, live(p.base[rel], executor.held)) for p in wave for rel in p.stratum.relations])
        if len(wave) == 1 and wave[0].stratum.recursive:
            _recursive(wave[0], executor)


def _recursive(plan: StratumPlan, executor: Executor) -> None:
    relations = plan.stratum.relations
    # A relation outside the stratum does not change while it runs: a variant reading one that is
    # empty yields nothing in any round, so it is dropped once here, not looked at every round
    # (the same variants, in the same order, as `live` would keep round by round). What is left
    # to ask each round is the delta its delta atom reads, and the stratum's own relations its
    # other atoms read (`StratumPlan.round_checks`).
    outside = {r: executor.held(r) for r in plan.outside_reads}
    kept = {rel: {parity: tuple(c for c in checks if all(outside[r] for r in c.outside)) for parity, checks in by.items()}
            for rel, by in plan.round_checks.items()}
    steps = {rel: {parity: (k, frozenset(c.delta for c in k)) for parity, k in by.items()} for rel, by in kept.items()}
    delta = {rel: executor.held(rel) for rel in relations}  # the first round's delta: every row
    held = executor.held
    for read, write in rounds():
        moved = {rel for rel, n in delta.items() if n}
        if not moved:
            return
        work = []
        for rel in relations:
            checks, reads_delta = steps[rel][read]
            work.append((rel, () if reads_delta.isdisjoint(moved)   # every variant reads an unmoved delta (most rounds)
                         else tuple(c.variant for c in checks
                                    if c.delta in moved and all(held(r) for r in c.inner))))
        delta = executor.extend(plan, work, read, write)
