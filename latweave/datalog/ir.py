"""Frozen dataclasses for the Datalog subset that rules/*.dl are written in.

This is the single IR of latweave's semantics (the sqlglot idea: one IR, many dialects). Engines
render it (Souffle text, SQL, ASP, pyDatalog clauses) but never add to or change what it says.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Iterator, Union

from latweave.datalog import escape


@dataclass(frozen=True)
class Var:
    name: str

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class Wildcard:
    def __str__(self) -> str:
        return "_"


@dataclass(frozen=True)
class Const:
    """A number or a symbol written in the rules (never a value taken from data)."""

    value: Union[int, str]

    def __str__(self) -> str:
        if isinstance(self.value, str):
            return escape.RULES.quote(self.value)
        return str(self.value)


@dataclass(frozen=True)
class Arith:
    op: str  # "+" or "-"
    left: "Term"
    right: "Term"

    def __str__(self) -> str:
        return f"({self.left} {self.op} {self.right})"


@dataclass(frozen=True)
class Param:
    """A parameter of a prepared statement: the `index`-th value a run binds (0-based). Only a
    rule specialised for a plan shape has them (latweave/datalog/specialize.py): the values a
    plan's facts give, which never enter the statement's text."""

    index: int

    def __str__(self) -> str:
        return f"${self.index}"


Term = Union[Var, Wildcard, Const, Arith, Param]


@dataclass(frozen=True)
class Origin:
    """Where a rule or declaration was written, for error messages and rule provenance."""

    file: str
    line: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"


@dataclass(frozen=True)
class Atom:
    relation: str
    args: tuple[Term, ...]

    def __str__(self) -> str:
        return f"{self.relation}({', '.join(map(str, self.args))})"


@dataclass(frozen=True)
class Negation:
    atom: Atom

    def __str__(self) -> str:
        return f"!{self.atom}"


@dataclass(frozen=True)
class Comparison:
    op: str  # one of = != < <= > >=
    left: Term
    right: Term

    def __str__(self) -> str:
        return f"{self.left} {self.op} {self.right}"


Literal = Union[Atom, Negation, Comparison]


@dataclass(frozen=True)
class Rule:
    head: Atom
    body: tuple[Literal, ...]
    origin: Origin = field(compare=False)

    def __str__(self) -> str:
        return f"{self.head} :- {', '.join(map(str, self.body))}."

    @cached_property
    def positive(self) -> tuple[Atom, ...]:
        return tuple(lit for lit in self.body if isinstance(lit, Atom))

    @cached_property
    def negative(self) -> tuple[Atom, ...]:
        return tuple(lit.atom for lit in self.body if isinstance(lit, Negation))

    @cached_property
    def comparisons(self) -> tuple[Comparison, ...]:
        return tuple(lit for lit in self.body if isinstance(lit, Comparison))


@dataclass(frozen=True)
class Column:
    name: str
    type: str  # "number" or "symbol"


@dataclass(frozen=True)
class Relation:
    name: str
    columns: tuple[Column, ...]
    is_input: bool = False
    is_output: bool = False
    origin: Origin | None = field(default=None, compare=False)

    @property
    def arity(self) -> int:
        return len(self.columns)


@dataclass(frozen=True)
class Program:
    """Declarations and rules, in the order they were written (that order is the rule numbering)."""

    relations: tuple[Relation, ...]
    rules: tuple[Rule, ...]

    def relation(self, name: str) -> Relation:
        return self._by_name[name]

    @cached_property
    def _by_name(self) -> dict[str, Relation]:
        """Each relation by name (the first declaration of a name: the parser refuses a second)."""
        out: dict[str, Relation] = {}
        for rel in self.relations:
            out.setdefault(rel.name, rel)
        return out

    @cached_property
    def inputs(self) -> tuple[Relation, ...]:
        return tuple(r for r in self.relations if r.is_input)

    @cached_property
    def outputs(self) -> tuple[Relation, ...]:
        return tuple(r for r in self.relations if r.is_output)

    def rules_for(self, name: str) -> tuple[Rule, ...]:
        return tuple(r for r in self.rules if r.head.relation == name)


def variables(term_or_literal) -> Iterator[str]:
    """Names of the variables in a term or literal, left to right (wildcards excluded)."""
    node = term_or_literal
    if isinstance(node, Var):
        yield node.name
    elif isinstance(node, Arith):
        yield from variables(node.left)
        yield from variables(node.right)
    elif isinstance(node, Atom):
        for arg in node.args:
            yield from variables(arg)
    elif isinstance(node, Negation):
        yield from variables(node.atom)
    elif isinstance(node, Comparison):
        yield from variables(node.left)
        yield from variables(node.right)
