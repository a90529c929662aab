"""The one generator: walks the Datalog IR and renders it through a dialect's small table.

This is sqlglot's shape for latweave: `rules/*.dl` parse into one IR (latweave/datalog/ir.py), and
every engine's program text comes from this walk. A dialect (latweave/engines/dialects/) is a
subclass that overrides only what its target writes differently — the quoting of a string, how a
variable, a predicate, a negation or a comparison operator is spelled, how a rule is joined — and,
where a target needs more (SQL's FROM/WHERE, pyDatalog's literal order), one method.

Rendering never runs anything, and running (the `*_engine.py` session modules) never renders:
an engine takes the text its dialect produced.

Every method renders one node kind; the walk is `program -> rule -> literal -> atom/term`. The
defaults are Soufflé's own syntax, the language rules/*.dl are written in.
"""

from __future__ import annotations

from typing import Callable, ClassVar, Mapping

from latweave.datalog.escape import SOUFFLE, Quoting
from latweave.datalog.ir import Arith, Atom, Comparison, Const, Negation, Param, Program, Rule, Var, Wildcard
from latweave.errors import EngineError

#: The comparison operators of the IR, each written as itself.
COMPARISONS: Mapping[str, str] = {op: op for op in ("=", "!=", "<", "<=", ">", ">=")}


class Generator:
    """Renders IR nodes as text. A dialect overrides the class attributes below, or a method."""

    #: The engine's name, prefixed to rendering errors ("clingo: ...").
    name: ClassVar[str] = "datalog"
    #: Whether rendering errors carry that prefix.
    prefix_errors: ClassVar[bool] = True
    #: How a string constant is quoted (latweave/datalog/escape.py).
    quoting: ClassVar[Quoting] = SOUFFLE
    #: Comparison operators, IR spelling -> target spelling.
    comparisons: ClassVar[Mapping[str, str]] = COMPARISONS
    #: Arithmetic operators the target has (the IR has + and -).
    arithmetic: ClassVar[tuple[str, ...]] = ("+", "-")
    #: Prefix of a negated atom.
    negation: ClassVar[str] = "!"
    #: Between a rule's head and its body, between body literals, and after the body.
    neck: ClassVar[str] = " :- "
    conjunction: ClassVar[str] = ", "
    terminator: ClassVar[str] = "."

    def error(self, message: str, **kw) -> EngineError:
        return EngineError(f"{self.name}: {message}" if self.prefix_errors else message, **kw)

    # ------------------------------------------------------------ terms

    def render(self, node, table: Mapping[type, Callable], what: str) -> str:
        """`table`'s method for the node's kind, applied (an unknown kind is an error)."""
        render = table.get(type(node))
        if render is None:
            raise self.error(f"cannot render {what} {node!r}")
        return render(self, node)

    def term(self, term) -> str:
        return self.render(term, TERMS, "term")

    def var(self, name: str) -> str:
        return name

    def wildcard(self) -> str:
        return "_"

    def const(self, value) -> str:
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise self.error(f"unsupported constant {value!r}")
        return self.string(value) if isinstance(value, str) else self.number(value)

    def string(self, value: str) -> str:
        return self.quoting.quote(value)

    def number(self, value: int) -> str:
        return str(value) if value >= 0 else f"({value})"

    def param(self, index: int) -> str:
        raise self.error(f"a statement parameter (${index}) has no spelling in {self.name}")

    def arith(self, term: Arith) -> str:
        if term.op not in self.arithmetic:
            raise self.error(f"unsupported arithmetic operator {term.op!r}")
        return f"({self.term(term.left)} {term.op} {self.term(term.right)})"

    # ------------------------------------------------------------ literals

    def predicate(self, relation: str) -> str:
        return relation

    def atom(self, atom: Atom) -> str:
        return f"{self.predicate(atom.relation)}({', '.join(self.term(a) for a in atom.args)})"

    def negated(self, atom: Atom) -> str:
        return self.negation + self.atom(atom)

    def comparison(self, lit: Comparison) -> str:
        if lit.op not in self.comparisons:
            raise self.error(f"unsupported comparison {lit.op!r}")
        return f"{self.term(lit.left)} {self.comparisons[lit.op]} {self.term(lit.right)}"

    def literal(self, lit) -> str:
        return self.render(lit, LITERALS, "literal")

    # ------------------------------------------------------------ rules and programs

    def head(self, rule: Rule) -> str:
        return self.atom(rule.head)

    def body(self, rule: Rule) -> list[str]:
        return [self.literal(lit) for lit in rule.body]

    def rule(self, rule: Rule) -> str:
        body = self.body(rule)  # before the head: a head may take a binding from the body
        return f"{self.head(rule)}{self.neck}{self.conjunction.join(body)}{self.terminator}"

    def rules(self, rules) -> list[str]:
        return [self.rule(r) for r in rules]

    def program(self, program: Program) -> str:
        """The rules, one a line, in the order they were written."""
        return "".join(line + "\n" for line in self.rules(program.rules))


#: Which generator method renders each IR node kind (the sqlglot TRANSFORMS idea); a dialect
#: overrides the method, never this table.
TERMS: Mapping[type, Callable[[Generator, object], str]] = {
    Var: lambda gen, t: gen.var(t.name),
    Wildcard: lambda gen, t: gen.wildcard(),
    Const: lambda gen, t: gen.const(t.value),
    Arith: lambda gen, t: gen.arith(t),
    Param: lambda gen, t: gen.param(t.index),
}
LITERALS: Mapping[type, Callable[[Generator, object], str]] = {
    Atom: lambda gen, lit: gen.atom(lit),
    Negation: lambda gen, lit: gen.negated(lit.atom),
    Comparison: lambda gen, lit: gen.comparison(lit),
}
