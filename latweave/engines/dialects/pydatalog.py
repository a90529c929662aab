"""pyDatalog's dialect: the rules as pyDatalog clauses (which pyDatalog reads as Python).

  * relation `r` becomes predicate `r_r` — or `s_r`, a snapshot of the previous iteration, where a
    recursive stratum's body reads its own relations (the engine iterates those strata itself) —
    and variable `x` becomes `V_x`, so no name clashes with a Python builtin, a keyword, or
    pyDatalog's own `_pyD_` names;
  * every wildcard becomes its own fresh variable `W_<n>`: pyDatalog reads `_` as one ordinary
    variable, so two wildcards in a rule would otherwise be forced equal. In a negated literal the
    fresh variable is unbound, and pyDatalog's negation then means "no tuple with any value there",
    which is Soufflé's meaning of `!p(x, _)`;
  * `!` becomes `~`; comparisons become parenthesised Python comparisons (`=` is `==`); constants
    are Python literals, and the symbols pyDatalog would misread ("True", "False", "??") refused;
  * body literals are reordered (positive atoms, then the equalities that bind variables in binding
    order, then the other comparisons, then negations) because pyDatalog evaluates left to right
    and needs a comparison's or negation's variables bound; a conjunction's order carries no
    meaning in Datalog, so this changes nothing semantically;
  * an arithmetic head argument becomes a fresh variable `H_<n>` bound at the end of the body
    (pyDatalog derives nothing from an arithmetic term in a head). Nullary relations are refused.
"""

from __future__ import annotations

from typing import Iterable

from latweave.datalog.ir import Arith, Atom, Comparison, Negation, Program, Rule, Var, variables
from latweave.datalog.parser import bound_by_equality
from latweave.engines.generator import Generator
from latweave.errors import EngineError

#: Symbol values pyDatalog silently turns into something else.
MANGLED_SYMBOLS = frozenset({"True", "False", "??"})


def pred_name(relation: str) -> str:
    return "r_" + relation


def snapshot_name(relation: str) -> str:
    return "s_" + relation


def var_name(var: str) -> str:
    return "V_" + var


def refuse_symbol(value: str, where: str) -> EngineError | None:
    """The error for a symbol pyDatalog cannot represent, or None."""
    if value not in MANGLED_SYMBOLS:
        return None
    return EngineError(
        f"pydatalog: {where}: the symbol {value!r} cannot be represented in pyDatalog "
        f"(it would read it as a boolean or a variable)",
        hint="use another engine (duckdb, souffle, clingo) for this input")


class PyDatalog(Generator):
    """Renders rules one at a time; `snapshot` names the relations whose body atoms read `s_`."""

    name = "pydatalog"
    comparisons = {"=": "==", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}
    negation = "~"

    def __init__(self, snapshot: frozenset = frozenset()):
        self.snapshot = snapshot
        self._rule: Rule | None = None
        self._fresh = 0
        self._taken: set[str] = set()

    def error(self, message: str, **kw) -> EngineError:
        return super().error(f"{message} in {self._rule}" if self._rule is not None else message, **kw)

    def _fresh_name(self, prefix: str) -> str:
        while True:
            self._fresh += 1
            name = f"{prefix}_{self._fresh}"
            if name not in self._taken:  # V_ never collides with W_ or H_, but be explicit
                return name

    def var(self, name: str) -> str:
        return var_name(name)

    def wildcard(self) -> str:
        return self._fresh_name("W")

    def const(self, value) -> str:
        if isinstance(value, str):
            error = refuse_symbol(value, f"rule {self._rule.origin}")
            if error is not None:
                raise error
        super().const(value)  # refuses what is neither a number nor a symbol
        return f"({value!r})"

    def atom(self, atom: Atom, head: bool = False) -> str:
        name = atom.relation
        pred = snapshot_name(name) if not head and name in self.snapshot else pred_name(name)
        return f"{pred}({', '.join(self.term(a) for a in atom.args)})"

    def comparison(self, lit: Comparison, flip: bool = False) -> str:
        if flip:
            lit = Comparison(lit.op, lit.right, lit.left)
        return f"({super().comparison(lit)})"

    def body(self, rule: Rule) -> list[str]:
        body = [self.atom(a) for a in rule.positive]
        used: set[int] = set()
        # Equalities that bind a variable, in binding order, with the bound variable on the left.
        for name, expr in bound_by_equality(rule).items():
            for i, cmp in enumerate(rule.body):
                if i in used or not isinstance(cmp, Comparison) or cmp.op != "=":
                    continue
                if cmp.left == Var(name) and cmp.right == expr:
                    body.append(self.comparison(cmp))
                elif cmp.right == Var(name) and cmp.left == expr:
                    body.append(self.comparison(cmp, flip=True))
                else:
                    continue
                used.add(i)
                break
            else:  # pragma: no cover - bound_by_equality found it in this body
                raise EngineError(f"pydatalog: cannot place the equality binding {name} in {rule}")
        body += [self.comparison(lit) for i, lit in enumerate(rule.body)
                 if isinstance(lit, Comparison) and i not in used]
        body += [self.negated(atom) for atom in rule.negative]
        for lit in rule.body:
            if not isinstance(lit, (Atom, Negation, Comparison)):
                raise EngineError(f"pydatalog: unsupported literal {lit!r} in {rule}")
        return body

    def rule(self, rule: Rule) -> str:
        self._rule, self._fresh = rule, 0
        self._taken = {var_name(v) for lit in (rule.head, *rule.body) for v in variables(lit)}
        body = self.body(rule)
        if not rule.head.args:
            raise EngineError(f"pydatalog: nullary relations are not supported: {rule}")
        args = []
        for arg in rule.head.args:
            if isinstance(arg, Arith):
                name = self._fresh_name("H")
                body.append(f"({name} == {self.term(arg)})")
                args.append(name)
            else:
                args.append(self.term(arg))
        return f"{pred_name(rule.head.relation)}({', '.join(args)}) <= {' & '.join(body)}"


def render_rules(rules: Iterable[Rule], snapshot: frozenset = frozenset()) -> str:
    """The clauses, one per line, in rule order."""
    return "".join(line + "\n" for line in PyDatalog(snapshot).rules(rules))


def render_program(program: Program) -> str:
    """The whole program as plain pyDatalog clauses (for reading; evaluation goes by strata)."""
    return render_rules(program.rules)
