"""The SQLite dialect: the shared SQL generator's SELECTs, joined in a fixed order that B-tree indexes serve.

SQLite writes a rule as DuckDB does (sql.py: one SELECT, columns c0, c1, ...); its table differs in:

- FROM items are joined by `CROSS JOIN` in an order chosen here, which SQLite never reorders:
  the semi-naive delta first, then the body's own order, an atom sharing a bound variable before
  one that shares none (no cartesian product while a joining atom is left);
- an index on exactly the columns bound where a lattice atom is joined (a constant, or a variable
  an earlier atom bound), and on the columns a negated lattice atom is probed by, makes each such
  join an index nested-loop: it touches only the rows a plan reaches. `indexes(...)` lists them
  (a column set that is a prefix of another is served by that one); per-query tables are left to
  SQLite's automatic indexes;
- a UNION of several SELECTs has no parentheses around its members; types are INTEGER and TEXT
  (INTEGER for a nullary relation's column); numbers are bare, a negative one `(-n)`, and must fit
  SQLite's 64-bit integers; an INSERT leaves out known rows by EXCEPT, or with `probe` by one
  look-up of each new row in its all-column index (`dedup_indexes`);
- a table may be keyed (`create_table(..., key=...)`): a WITHOUT ROWID table clustered on a
  primary key over all its columns, in the order of one index the statements probe, which it then
  serves itself (`primary_keys`): a relation is a set, so the key is sound, and the table is no
  copy beside its indexes (a lattice's stored database, engines/sqlite_store.py).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Iterable, Mapping, Sequence

from latweave.datalog.ir import Atom, Const, Negation, Param, Rule, Var
from latweave.datalog.strata import Stratum
from latweave.engines.dialects.sql import Select, Sql, ident, signed

#: SQLite's INTEGER: a signed 64-bit number.
BITS = 64
BOUNDS = signed(BITS)

Index = tuple[str, tuple[int, ...]]  # (relation, columns)


class Sqlite(Sql):
    name = "sqlite"
    title = "SQLite"
    types = {"number": "INTEGER", "symbol": "TEXT"}
    flag_type = "INTEGER"
    integer_bits = BITS
    bare_numbers = None
    join = " CROSS JOIN "
    union_parens = False
    new_rows = "except"

    def create_table(self, table: str, types: Sequence[str], temp: bool = False,
                     key: Sequence[int] | None = None) -> str:
        """A table's CREATE statement; `temp`: in the connection's temporary schema; `key` (a
        permutation of the columns): a WITHOUT ROWID table clustered on that primary key."""
        ddl = super().create_table(table, types, temp)
        if key is None:
            return ddl
        if sorted(key) != list(range(max(len(types), 1))):
            raise ValueError(f"a key of {table} must order all its columns, not {tuple(key)}")
        return f"{ddl[:-1]}, PRIMARY KEY ({', '.join(f'c{j}' for j in key)})) WITHOUT ROWID"

    def __init__(self, probe: bool = False) -> None:
        super().__init__()
        if probe:
            self.new_rows = "probe"

    # ------------------------------------------------------------ join order

    def join_order(self, rule: Rule, delta: int | None = None) -> list[tuple[int, tuple[int, ...]]]:
        """(positive atom index, columns bound when it is joined) in the order the SELECT joins: the
        delta first, then the body's own order, an atom sharing a bound variable before one that
        shares none."""
        atoms = rule.positive
        bound: set[str] = set()
        left = list(range(len(atoms)))
        out = []
        while left:
            def key(i: int):
                return (i != delta, not _bound_columns(atoms[i], bound) and bool(out), i)
            best = min(left, key=key)
            out.append((best, _bound_columns(atoms[best], bound)))
            left.remove(best)
            bound |= {a.name for a in atoms[best].args if isinstance(a, Var)}
        return out

    def select(self, rule: Rule, sources: Sequence[str], delta: int | None = None) -> Select:
        """The shared SELECT over the positive atoms in `join_order` (the delta atom first)."""
        order = [i for i, _ in self.join_order(rule, delta)]
        atoms = rule.positive
        others = tuple(lit for lit in rule.body if not isinstance(lit, Atom))
        ordered = replace(rule, body=tuple(atoms[i] for i in order) + others)
        return super().select(ordered, [sources[i] for i in order])


def _bound_columns(atom: Atom, bound: set[str]) -> tuple[int, ...]:
    """Columns of `atom` fixed before it is read: constants (a statement's parameters too), and
    variables already bound."""
    return tuple(j for j, a in enumerate(atom.args)
                 if isinstance(a, (Const, Param)) or (isinstance(a, Var) and a.name in bound))


def indexes(strata: Iterable[Stratum], lattice: frozenset[str], per_query: bool = True) -> list[Index]:
    """The B-tree indexes the rules of `strata` probe, sorted: for each positive atom after the
    first of a join, the columns bound where it is joined (every delta position of a recursive
    rule counts); for each negated atom, its non-wildcard columns; for each relation of a recursive
    stratum, all its columns (a new row is checked against what is known by one probe). Only
    lattice relations unless `per_query`."""
    dialect = Sqlite()
    wanted: set[tuple[str, tuple[int, ...], int]] = set()  # relation, bound columns, arity
    for stratum in strata:
        for rule in stratum.rules:
            if stratum.recursive and rule.head.relation in stratum.relations:
                arity = len(rule.head.args)
                wanted.add((rule.head.relation, tuple(range(arity)), arity))
            atoms = rule.positive
            recursive = stratum.recursive_atoms(rule) if stratum.recursive else ()
            for delta in (recursive or (None,)):
                for k, (i, cols) in enumerate(dialect.join_order(rule, delta)):
                    if k and cols and i != delta:
                        wanted.add((atoms[i].relation, cols, len(atoms[i].args)))
            for atom in rule.negative:
                cols = tuple(j for j, a in enumerate(atom.args) if isinstance(a, (Var, Const)))
                if cols:
                    wanted.add((atom.relation, cols, len(atom.args)))
    return covering(w for w in wanted if per_query or w[0] in lattice)


def covering(wanted: Iterable[tuple[str, tuple[int, ...], int]]) -> list[Index]:
    """Each (relation, bound columns, arity) as one index key, sorted: the bound columns, then every
    other column, so that a probe never reads the table itself. Bound columns that a key already
    chosen starts with (as a set) are served by that key; more bound columns are chosen first."""
    keys: list[Index] = []
    for rel, bound, arity in sorted(set(wanted), key=lambda w: (w[0], -len(w[1]), w[1])):
        if not any(r == rel and set(key[:len(bound)]) == set(bound) for r, key in keys):
            keys.append((rel, bound + tuple(j for j in range(arity) if j not in bound)))
    return sorted(keys)


def without_negations(rule: Rule, *read: Atom) -> Rule:
    """`rule` with its negations dropped and the atoms `read` (some it negated) joined after its
    positive atoms: how a rule is read when the rows of what it negates changed (an over-
    approximation of what it derives: engines/sqlite_upkeep.py)."""
    others = tuple(lit for lit in rule.body if not isinstance(lit, (Atom, Negation)))
    return replace(rule, body=(*rule.positive, *read, *others))


def delta_indexes(strata: Iterable[Stratum], served: Iterable[Index]) -> list[Index]:
    """The B-tree indexes a rule of `strata` probes when any one of its body atoms (a negated one
    read positively) is the delta joined first — how a lattice stratum is kept up to date when a
    layer changes any relation it reads (engines/sqlite_layers.py) — less those an index of
    `served` already serves (its key starts with the bound columns, as a set). Sorted."""
    dialect = Sqlite()
    wanted: set[tuple[str, tuple[int, ...], int]] = set()
    for stratum in strata:
        for rule in stratum.rules:
            for each in (rule, *(without_negations(rule, atom) for atom in rule.negative)):
                atoms = each.positive
                for delta in range(len(atoms)):
                    for k, (i, cols) in enumerate(dialect.join_order(each, delta)):
                        if k and cols:
                            wanted.add((atoms[i].relation, cols, len(atoms[i].args)))
    keys = list(served)
    out: list[Index] = []
    for rel, bound, arity in sorted(wanted, key=lambda w: (w[0], -len(w[1]), w[1])):
        if not any(r == rel and set(key[:len(bound)]) == set(bound) for r, key in keys):
            key = (rel, bound + tuple(j for j in range(arity) if j not in bound))
            keys.append(key)
            out.append(key)
    return sorted(out)


def dedup_indexes(strata: Iterable[Stratum]) -> list[Index]:
    """One all-column key per relation of a recursive stratum: what `insert` probes."""
    return sorted({(r.head.relation, tuple(range(len(r.head.args))))
                   for s in strata if s.recursive for r in s.rules})


def primary_keys(indexes: Iterable[Index], arities: Mapping[str, int]) -> dict[str, tuple[int, ...]]:
    """Each relation of `arities` (relation -> number of columns) its table's primary key: the
    first of its `indexes` (all-column keys, as `covering` and `delta_indexes` make them) in sorted
    order, which the table then serves by itself; a relation with none, its columns in order (a
    set's key, and the order a reader sorting by every column wants)."""
    keys: dict[str, tuple[int, ...]] = {}
    for rel, cols in sorted(indexes):
        if rel in arities and rel not in keys:
            if sorted(cols) != list(range(max(arities[rel], 1))):
                raise ValueError(f"index {rel}{cols} is not over all of its columns: it cannot be its key")
            keys[rel] = cols
    return {rel: keys.get(rel, tuple(range(max(n, 1)))) for rel, n in sorted(arities.items())}


def stored_layout(indexes: Iterable[Index], strata: Iterable[Stratum], arities: Mapping[str, int]
                  ) -> tuple[dict[str, tuple[int, ...]], list[Index]]:
    """How a database holds relations `arities` (relation -> columns) that the per-query rules
    probe by `indexes` and whose `strata` are kept up to date as layers come (`delta_indexes`):
    each relation's primary key (`primary_keys`: its table clustered on it) and the secondary
    indexes, sorted — every index wanted, less what a key serves."""
    strata = list(strata)
    stored = sorted({*indexes, *delta_indexes(strata, indexes)})
    keys = primary_keys(stored, arities)
    return keys, [i for i in stored if keys.get(i[0]) != i[1]]


def create_index(index: Index, schema: str | None = None, if_missing: bool = False) -> str:
    """The index's CREATE statement; in `schema` ("temp": on a temporary copy of the table)."""
    relation, cols = index
    name = ident(f"{relation}$ix${'_'.join(map(str, cols))}")
    where = f"{schema}." if schema else ""
    return (f"CREATE INDEX {'IF NOT EXISTS ' if if_missing else ''}{where}{name} ON {ident(relation)} "
            f"({', '.join(f'c{j}' for j in cols)})")
