"""clingo's dialect: the rules as an answer-set program (one stable model, as they are stratified).

  * relation `r` becomes predicate `r_r` (so no name can clash with an ASP keyword or begin with an
    upper-case letter or `_`, which clingo would read as a variable); a nullary atom has no `()`;
  * variable `x` becomes `V_x`; a wildcard stays `_` (in a negated literal clingo treats it as
    local to that literal, i.e. `!p(x, _)` means "no p(x, anything)", as in Soufflé);
  * `!` becomes `not `; comparisons keep their operators; `x = e` that binds `x` is written with
    `x` on the left, the form gringo binds from;
  * symbol constants become clingo strings (a control character other than newline is refused),
    numbers stay numbers and must fit clingo's 32-bit integers.

Each rule is preceded by a `% file:line` comment; one `#show` per output relation ends the program.
"""

from __future__ import annotations

from latweave.datalog.escape import CLINGO
from latweave.datalog.ir import Atom, Comparison, Program, Rule, Var
from latweave.datalog.parser import bound_by_equality
from latweave.engines.generator import Generator

#: clingo numbers are C ints.
INT_MIN, INT_MAX = -(2 ** 31), 2 ** 31 - 1


def pred_name(relation: str) -> str:
    return "r_" + relation


class Clingo(Generator):
    name = "clingo"
    quoting = CLINGO
    negation = "not "

    def var(self, name: str) -> str:
        return "V_" + name

    def string(self, value: str) -> str:
        if any(ord(ch) < 32 and ch != "\n" for ch in value):
            raise self.error(f"symbol constant {value!r} holds a control character")
        return self.quoting.quote(value)

    def number(self, value: int) -> str:
        if not INT_MIN <= value <= INT_MAX:
            raise self.error(f"number {value} does not fit clingo's 32-bit integers")
        return super().number(value)

    def predicate(self, relation: str) -> str:
        return pred_name(relation)

    def atom(self, atom: Atom) -> str:
        return super().atom(atom) if atom.args else self.predicate(atom.relation)

    def body(self, rule: Rule) -> list[str]:
        binders = bound_by_equality(rule)  # var name -> the expression that binds it
        out = []
        for lit in rule.body:
            if (isinstance(lit, Comparison) and lit.op == "=" and isinstance(lit.right, Var)
                    and binders.get(lit.right.name) == lit.left):
                lit = Comparison("=", lit.right, lit.left)  # `V = expr`: what gringo binds from
            out.append(self.literal(lit))
        return out

    def program(self, program: Program) -> str:
        lines = [f"% {rule.origin}\n{self.rule(rule)}" for rule in program.rules]
        lines += [f"#show {pred_name(r.name)}/{r.arity}." for r in program.outputs]
        return "\n".join(lines) + "\n"


def render_program(program: Program) -> str:
    """The whole program as ASP text: rules in order, then one #show per output relation."""
    return Clingo().program(program)
