"""The rules as a semi-naive evaluation plan over tables: which SELECTs each stratum runs.

For an engine that evaluates set-at-a-time (DuckDB, SQLite): every relation is a table, and each
stratum of `stratify` becomes

- base variants: its rules without a recursive body atom, each one SELECT over the full tables
  (a non-recursive stratum has only these: one `INSERT ... UNION ...` into an empty table);
- step variants, for a recursive stratum: every recursive rule once per recursive body atom, that
  atom reading the last iteration's delta and the others the full tables; parity None reads the
  full table as the first delta, then two delta tables per relation ($delta0/$delta1) swap roles.

Plus, per stratum, the input relations it depends on (transitively), so that a session can skip
strata whose inputs did not change, and the CREATE TABLE statement of every table. The SQL itself
comes from an SQL dialect (latweave/engines/dialects/sql.py, or a subclass: sqlite.py, which also
fixes the join order); nothing here runs anything.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from latweave.datalog.ir import Program
from latweave.datalog.strata import Stratum, stratify
from latweave.engines.dialects import sql
from latweave.engines.dialects.sql import delta_table, full_table


@dataclass(frozen=True)
class Variant:
    """One SELECT of a rule: its text and the tables its positive atoms read (for empty-skips)."""

    sql: str
    reads: tuple[str, ...]  # relation names of the positive atoms
    distinct: bool  # yields no duplicate rows without DISTINCT (sql.distinct_by_construction)
    delta_pos: int | None = None  # which of them reads a delta table


@dataclass(frozen=True)
class StratumPlan:
    stratum: Stratum
    base: dict[str, list[Variant]]  # relation -> rules without a recursive atom
    # relation -> parity -> semi-naive variants; parity None means "the delta is the full table"
    step: dict[str, dict[int | None, list[Variant]]]
    inputs: frozenset[str]  # input relations it depends on, transitively


@dataclass(frozen=True)
class SemiNaivePlan:
    strata: tuple[StratumPlan, ...]
    types: dict[str, tuple[str, ...]]  # relation -> column types
    ddl: dict[str, str]  # table (quoted) -> its CREATE statement


def plan_stratum(stratum: Stratum, inputs: frozenset[str], dialect: sql.Sql | None = None) -> StratumPlan:
    dialect = dialect or sql.Sql()
    base: dict[str, list[Variant]] = {r: [] for r in stratum.relations}
    step: dict[str, dict[int | None, list[Variant]]] = {r: {None: [], 0: [], 1: []} for r in stratum.relations}
    for rule in stratum.rules:
        reads = tuple(a.relation for a in rule.positive)
        head = rule.head.relation
        rec = stratum.recursive_atoms(rule) if stratum.recursive else ()
        distinct = sql.distinct_by_construction(rule)
        if not rec:
            base[head].append(Variant(dialect.select(rule, [full_table(r) for r in reads]), reads, distinct))
            continue
        for pos in rec:
            for parity in (None, 0, 1):
                sources = [full_table(r) for r in reads]
                if parity is not None:
                    sources[pos] = delta_table(reads[pos], parity)
                step[head][parity].append(Variant(dialect.select(rule, sources), reads, distinct, pos))
    return StratumPlan(stratum, base, step, inputs)


def input_dependencies(program: Program, strata: Sequence[Stratum]) -> list[frozenset[str]]:
    """For each stratum, the input relations it reads, directly or through earlier strata."""
    inputs = {r.name for r in program.inputs}
    reach: dict[str, frozenset[str]] = {name: frozenset({name}) for name in inputs}
    out = []
    for stratum in strata:
        acc: set[str] = set()
        for rule in stratum.rules:
            for atom in (*rule.positive, *rule.negative):
                if atom.relation not in stratum.relations:
                    acc |= reach.get(atom.relation, frozenset())
        for name in stratum.relations:
            reach[name] = frozenset(acc)
        out.append(frozenset(acc))
    return out


def plan(program: Program, dialect: sql.Sql | None = None) -> SemiNaivePlan:
    """The whole program's evaluation plan: strata in order, and the tables they use. `dialect`
    writes the SELECTs and tables: DuckDB's SQL unless another SQL target is given (SQLite's)."""
    strata = stratify(program)
    deps = input_dependencies(program, strata)
    types = {r.name: tuple(c.type for c in r.columns) for r in program.relations}
    dialect = dialect or sql.Sql()
    # derived and input tables, and two delta tables per relation of a recursive stratum
    ddl = {full_table(name): dialect.create_table(name, types[name]) for name in types}
    for stratum in strata:
        if stratum.recursive:
            for name in stratum.relations:
                for parity in (0, 1):
                    ddl[delta_table(name, parity)] = dialect.create_table(f"{name}$delta{parity}", types[name])
    return SemiNaivePlan(tuple(plan_stratum(s, inputs, dialect) for s, inputs in zip(strata, deps)), types, ddl)
