"""The SQL dialect (DuckDB): each rule one `SELECT`, each relation a table of columns c0, c1, ...

A positive atom is a FROM item (`<table> AS t<i>`, the table chosen by the caller: the full table
or a delta, see latweave/engines/seminaive.py); a variable is the column where it first occurs
plainly, every other occurrence an equality in WHERE; `x = expr` binding x is substituted wherever
x is used; a negation is `NOT EXISTS (SELECT 1 FROM ... WHERE ...)`, its wildcards unconstrained;
`!=` is `<>`. Constants are SQL literals (quotes doubled; numbers outside 32 bits cast to BIGINT
so DuckDB never narrows them). Column types: BIGINT for `number`, VARCHAR for `symbol`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from latweave.datalog.escape import SQL, SQL_NAME
from latweave.datalog.ir import Atom, Comparison, Const, Rule, Var, Wildcard
from latweave.datalog.parser import bound_by_equality
from latweave.engines.generator import Generator
from latweave.errors import EngineError

TYPES = {"number": "BIGINT", "symbol": "VARCHAR"}


def ident(name: str) -> str:
    """A quoted SQL identifier (relation names may be SQL keywords)."""
    return SQL_NAME.quote(name)


def full_table(relation: str) -> str:
    return ident(relation)


def delta_table(relation: str, parity: int) -> str:
    # '$' cannot occur in a relation name (grammar NAME), so these never collide with one.
    return ident(f"{relation}$delta{parity}")


def saved_table(relation: str) -> str:
    return ident(f"{relation}$base")


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
    name = "duckdb"
    quoting = SQL
    comparisons = {"=": "=", "!=": "<>", "<": "<", "<=": "<=", ">": ">", ">=": ">="}

    def __init__(self) -> None:
        self.scope = _Scope()

    def error(self, message: str, **kw) -> EngineError:
        return EngineError(message, **kw)  # DuckDB's rendering errors carry no engine prefix

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

    def string(self, value: str) -> str:
        if "\x00" in value:
            raise self.error("a symbol constant contains a NUL character, which DuckDB cannot store")
        return self.quoting.quote(value)

    def number(self, value: int) -> str:
        return f"CAST({value} AS BIGINT)" if value < 0 or value > 2**31 - 1 else str(value)

    def table(self, relation: str) -> str:
        """The table a negated atom probes: the relation's full table."""
        return full_table(relation)

    def negated(self, atom: Atom) -> str:
        alias = self.scope.alias("n")
        conds = [f"{alias}.c{j} = {self.term(arg)}"
                 for j, arg in enumerate(atom.args) if not isinstance(arg, Wildcard)]
        cond = f" WHERE {' AND '.join(conds)}" if conds else ""
        return f"NOT EXISTS (SELECT 1 FROM {self.table(atom.relation)} AS {alias}{cond})"

    def select(self, rule: Rule, sources: Sequence[str]) -> str:
        """`SELECT head FROM body WHERE ...`; sources[i] is the table positive atom i reads."""
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
        head = ", ".join(self.term(a) for a in rule.head.args) or "TRUE"
        sql = f"SELECT {head} FROM {', '.join(froms)}"
        if scope.where:
            sql += " WHERE " + " AND ".join(scope.where)
        return sql

    def create_table(self, table: str, types: Sequence[str]) -> str:
        cols = ", ".join(f"c{j} {TYPES[t]} NOT NULL" for j, t in enumerate(types))
        return f"CREATE TABLE {ident(table)} ({cols or 'c0 BOOLEAN NOT NULL'})"


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


def literal(value: int | str) -> str:
    """A constant written in the rules, as an SQL literal (strings quoted, quotes doubled)."""
    return Sql().const(value)


def select_sql(rule: Rule, sources: Sequence[str]) -> str:
    """One rule as a SELECT reading `sources` (one table per positive atom)."""
    return Sql().select(rule, sources)


def distinct_by_construction(rule: Rule) -> bool:
    """True when every column of every positive atom is a constant or a variable the head shows.

    Then the head determines which body rows were joined, so as long as every table is a set (all
    are: loads and inserts de-duplicate) the SELECT yields no duplicates and needs no DISTINCT.
    """
    shown = {a.name for a in rule.head.args if isinstance(a, Var)}
    return all(isinstance(arg, Const) or (isinstance(arg, Var) and arg.name in shown)
               for atom in rule.positive for arg in atom.args)


def union(selects: Sequence[tuple[str, bool]]) -> str:
    """The distinct rows of all (SELECT, distinct-by-construction) pairs: UNION de-duplicates;
    a single SELECT gets DISTINCT when it needs it."""
    if len(selects) == 1:
        sql, distinct = selects[0]
        return sql if distinct else "SELECT DISTINCT " + sql[len("SELECT "):]
    return " UNION ".join(f"({sql})" for sql, _ in selects)


def insert(target: str, selects: Sequence[tuple[str, bool]], except_table: str | None) -> str:
    """`INSERT INTO target <union> [EXCEPT the rows except_table holds]`."""
    body = union(selects)
    if except_table is not None:
        body = f"SELECT * FROM ({body}) EXCEPT SELECT * FROM {except_table}"
    return f"INSERT INTO {target} {body}"
