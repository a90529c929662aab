"""The SQL generator the SQL dialects share: each rule one `SELECT`, each relation a table of
columns c0, c1, ...

A positive atom is a FROM item (`<table> AS t<i>`, the table chosen by the caller: the full table
or a delta, see latweave/engines/seminaive.py); a variable is the column where it first occurs
plainly, every other occurrence an equality in WHERE; `x = expr` binding x is substituted wherever
x is used; a negation is `NOT EXISTS (SELECT 1 FROM ... WHERE ...)`, its wildcards unconstrained;
`!=` is `<>`. Constants are SQL literals (quotes doubled).

What a target writes differently is a class attribute here that its dialect sets — the product's
name in messages, column types, how numbers are written and bounded, how FROM items are joined,
how a union is written, how an INSERT leaves out rows already known — never an edit of the text
this class wrote. The dialects: duckdb.py, sqlite.py, spark.py.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from functools import lru_cache
from typing import ClassVar, Mapping, Sequence

from latweave.datalog.escape import SQL, SQL_NAME, Quoting
from latweave.datalog.ir import Atom, Comparison, Const, Param, Rule, Var, Wildcard
from latweave.datalog.parser import bound_by_equality
from latweave.engines.generator import Generator


@lru_cache(maxsize=4096)
def ident(name: str) -> str:
    """A quoted SQL identifier (relation names may be SQL keywords). Kept per name: a session's
    semi-naive rounds name the same few hundred tables tens of thousands of times a plan."""
    return SQL_NAME.quote(name)


def delta_name(relation: str, parity: int) -> str:
    # '$' cannot occur in a relation name (grammar NAME), so these never collide with one.
    return f"{relation}$delta{parity}"


#: A relation's full table: its quoted name (the function itself, not a call to it: the semi-naive
#: rounds ask for it tens of thousands of times a plan).
full_table = ident


@lru_cache(maxsize=4096)
def delta_table(relation: str, parity: int) -> str:
    return ident(delta_name(relation, parity))


def saved_table(relation: str) -> str:
    return ident(f"{relation}$base")


def signed(bits: int) -> tuple[int, int]:
    """The range of a signed integer of `bits` bits."""
    return -(2 ** (bits - 1)), 2 ** (bits - 1) - 1


@dataclass(frozen=True)
class Select:
    """One rule rendered as a SELECT, kept in its parts so that a union can ask for DISTINCT
    without editing text. `unique`: it yields no duplicate rows as written
    (`distinct_by_construction`); `width`: the number of columns it yields."""

    columns: str
    body: str  # what follows FROM ("WHERE ..." alone, or nothing, when no atom is read: a rule
    #            specialised for a plan, whose atoms the plan's facts decided)
    unique: bool
    width: int

    def text(self, distinct: bool = False) -> str:
        head = f"SELECT {'DISTINCT ' if distinct else ''}{self.columns}"
        if not self.body or self.body.startswith("WHERE "):
            return f"{head} {self.body}".rstrip()
        return f"{head} FROM {self.body}"


@dataclass
class _Scope:
    """What is shared while one rule is rendered: variable -> SQL expression, WHERE conditions."""

    env: dict[str, str] = field(default_factory=dict)
    where: list[str] = field(default_factory=list)
    aliases: int = 0

    def alias(self, prefix: str) -> str:
        self.aliases += 1
        return f"{prefix}{self.aliases}"


class Sql(Generator):
    """The shared SQL generator; a dialect subclass sets the class attributes below."""

    name = "sql"
    quoting = SQL
    comparisons = {"=": "=", "!=": "<>", "<": "<", "<=": "<=", ">": ">", ">=": ">="}

    #: The product's name in messages ("..., which DuckDB cannot store").
    title: ClassVar[str] = "SQL"
    #: How a table's name is quoted.
    naming: ClassVar[Quoting] = SQL_NAME
    #: Column types, by the rules' type, and the type of a nullary relation's one column.
    types: ClassVar[Mapping[str, str]] = {"number": "BIGINT", "symbol": "VARCHAR"}
    flag_type: ClassVar[str] = "BOOLEAN"
    #: The width of the target's integers: a number constant outside them is refused (None: no check).
    integer_bits: ClassVar[int | None] = None
    #: The numbers written as bare literals; every other one is written CAST(n AS BIGINT), so that
    #: the target never narrows it. None: every number bare, a negative one in parentheses.
    bare_numbers: ClassVar[range | None] = None
    #: Whether a string may hold a NUL character.
    stores_nul: ClassVar[bool] = False
    #: Between FROM items.
    join: ClassVar[str] = ", "
    #: Whether each SELECT of a UNION is parenthesised.
    union_parens: ClassVar[bool] = True
    #: How an INSERT leaves out the rows its relation already holds: "except" (EXCEPT the whole
    #: table) or "probe" (a NOT EXISTS probe of each new row, served by an all-column index).
    new_rows: ClassVar[str] = "except"

    def __init__(self) -> None:
        self.scope = _Scope()
        #: One dialect renders for every session of a program in a process (seminaive.shared_plan
        #: keeps the plan and its dialect; a fused statement is rendered from it when a session
        #: first sees a shape), and a rule is rendered through `scope`: two threads rendering at
        #: once read each other's variables (an EngineError "no binding", or a SELECT over the
        #: wrong columns). `select` holds this while it renders (a thread-local scope, looked up at
        #: every variable, planned the whole program slower in the one comparison made).
        self._rendering = threading.Lock()

    # ------------------------------------------------------------ terms

    def var(self, name: str) -> str:
        if name not in self.scope.env:
            raise self.error(f"variable {name!r} has no binding in SQL (bound only inside arithmetic?)")
        return self.scope.env[name]

    def wildcard(self) -> str:
        raise self.error("a wildcard cannot be used as a value: _")

    def const(self, value) -> str:
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise self.error(f"constant {value!r} is neither a number nor a symbol")
        return super().const(value)

    def param(self, index: int) -> str:
        """A statement parameter, numbered (SQLite's and DuckDB's `?N`, 1-based)."""
        return f"?{index + 1}"

    def string(self, value: str) -> str:
        if "\x00" in value and not self.stores_nul:
            raise self.error(f"a symbol constant contains a NUL character, which {self.title} cannot store")
        return self.quoting.quote(value)

    def number(self, value: int) -> str:
        if self.integer_bits is not None:
            low, high = signed(self.integer_bits)
            if not low <= value <= high:
                raise self.error(f"constant {value} is outside {self.title}'s {self.integer_bits}-bit integers")
        if self.bare_numbers is None:
            return super().number(value)
        return str(value) if value in self.bare_numbers else f"CAST({value} AS BIGINT)"

    # ------------------------------------------------------------ tables

    def source(self, relation: str, parity: int | None = None) -> str:
        """The table a positive atom reads: the relation's full table (`parity` None), or the
        delta table of that parity (latweave/engines/seminaive.py)."""
        return self.naming.quote(relation if parity is None else delta_name(relation, parity))

    def table(self, relation: str) -> str:
        """The table a negated atom probes: the relation's full table."""
        return self.source(relation)

    def create_table(self, table: str, types: Sequence[str], temp: bool = False) -> str:
        """A table's CREATE statement; `temp`: in the connection's temporary schema."""
        cols = (", ".join(f"c{j} {self.types[t]} NOT NULL" for j, t in enumerate(types))
                or f"c0 {self.flag_type} NOT NULL")
        return f"CREATE {'TEMP ' if temp else ''}TABLE {self.naming.quote(table)} ({cols})"

    # ------------------------------------------------------------ rules

    def negated(self, atom: Atom) -> str:
        alias = self.scope.alias("n")
        conds = [f"{alias}.c{j} = {self.term(arg)}"
                 for j, arg in enumerate(atom.args) if not isinstance(arg, Wildcard)]
        cond = f" WHERE {' AND '.join(conds)}" if conds else ""
        return f"NOT EXISTS (SELECT 1 FROM {self.table(atom.relation)} AS {alias}{cond})"

    def select(self, rule: Rule, sources: Sequence[str], delta: int | None = None) -> Select:
        """`SELECT head FROM body WHERE ...`; sources[i] is the table positive atom i reads, the
        one at `delta` (if any) a delta table (a dialect may join it first)."""
        with self._rendering:
            return self._select(rule, sources)

    def _select(self, rule: Rule, sources: Sequence[str]) -> Select:
        self.scope = scope = _Scope()
        env, froms = scope.env, []
        # Positive atoms: FROM items; a variable's first plain occurrence is its binding.
        for i, (atom, table) in enumerate(zip(rule.positive, sources)):
            froms.append(f"{table} AS t{i}")
            for j, arg in enumerate(atom.args):
                if isinstance(arg, Var) and arg.name not in env:
                    env[arg.name] = f"t{i}.c{j}"
        # ... then equality of repeated variables and constants (and arithmetic) with those bindings.
        for i, atom in enumerate(rule.positive):
            for j, arg in enumerate(atom.args):
                col = f"t{i}.c{j}"
                if isinstance(arg, Wildcard) or (isinstance(arg, Var) and env[arg.name] == col):
                    continue
                scope.where.append(f"{col} = {self.term(arg)}")
        # `x = expr` over bound variables binds x: substitute the expression wherever x is used.
        bindings = bound_by_equality(rule)
        for name, expr in bindings.items():
            env[name] = self.term(expr)
        skip = _binding_comparisons(rule, bindings)
        scope.where += [self.literal(lit) for pos, lit in enumerate(rule.body)
                        if not isinstance(lit, Atom) and pos not in skip]
        body = self.join.join(froms)
        if scope.where:
            body += (" WHERE " if body else "WHERE ") + " AND ".join(scope.where)
        return Select(", ".join(self.term(a) for a in rule.head.args) or "TRUE", body,
                      distinct_by_construction(rule), len(rule.head.args))

    # ------------------------------------------------------------ statements

    def union(self, selects: Sequence[Select], distinct: bool = True) -> str:
        """The distinct rows of all SELECTs: UNION de-duplicates; a single SELECT gets DISTINCT
        when it needs it. `distinct=False`: every row, duplicates kept (UNION ALL, no DISTINCT),
        for a caller that de-duplicates them itself."""
        if len(selects) == 1:
            return selects[0].text(distinct=distinct and not selects[0].unique)
        joiner = " UNION " if distinct else " UNION ALL "
        return joiner.join(f"({s.text()})" if self.union_parens else s.text() for s in selects)

    def insert(self, target: str, selects: Sequence[Select], except_table: str | None = None) -> str:
        """`INSERT INTO target <union>`, without the rows `except_table` holds (`new_rows` says how).

        EXCEPT is a set operation (SQL's EXCEPT, not EXCEPT ALL: SQLite's, DuckDB's): its rows are
        distinct whatever its left side holds, so that side is the SELECTs' rows as they come —
        a DISTINCT or a UNION under it sorted or hashed them once more for nothing (the `desc` step
        of bench/kb_gen.py's 300,000-subject KB: 5.9 → 4.3 s in SQLite)."""
        if except_table is None:
            return f"INSERT INTO {target} {self.union(selects)}"
        if self.new_rows == "except":
            return (f"INSERT INTO {target} SELECT * FROM ({self.union(selects, distinct=False)}) "
                    f"EXCEPT SELECT * FROM {except_table}")
        body = self.union(selects)
        cols = [f"c{j}" for j in range(selects[0].width)] or ["c0"]
        same = " AND ".join(f"k.{c} = s.{c}" for c in cols)
        return (f"WITH s({', '.join(cols)}) AS ({body}) INSERT INTO {target} SELECT * FROM s "
                f"WHERE NOT EXISTS (SELECT 1 FROM {except_table} AS k WHERE {same})")


def _binding_comparisons(rule: Rule, bindings: dict[str, object]) -> set[int]:
    """Positions in rule.body of the `v = expr` literals that bind v (rendered as substitution)."""
    used: set[int] = set()
    for name, expr in bindings.items():
        for pos, lit in enumerate(rule.body):
            if pos in used or not isinstance(lit, Comparison) or lit.op != "=":
                continue
            if (lit.left == Var(name) and lit.right == expr) or (lit.right == Var(name) and lit.left == expr):
                used.add(pos)
                break
    return used


def distinct_by_construction(rule: Rule) -> bool:
    """True when every column of every positive atom is a constant (a statement's parameter too)
    or a variable the head shows.

    Then the head determines which body rows were joined, so as long as every table is a set (all
    are: loads and inserts de-duplicate) the SELECT yields no duplicates and needs no DISTINCT.
    """
    shown = {a.name for a in rule.head.args if isinstance(a, Var)}
    return all(isinstance(arg, (Const, Param)) or (isinstance(arg, Var) and arg.name in shown)
               for atom in rule.positive for arg in atom.args)
