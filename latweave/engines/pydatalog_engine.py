"""The rules rendered as pyDatalog clauses: a slow third voice for small lattices.

Everything here is translation of the IR; the semantics stay in rules/*.dl.

Rendering (pyDatalog reads clauses as Python expressions):
  * relation `r` becomes predicate `r_r`, variable `x` becomes `V_x` (so no name can clash with a
    Python builtin, a keyword, pyDatalog's own `_pyD_` names, or start like a variable/constant);
  * every wildcard `_` becomes its own fresh variable `W_<n>`: pyDatalog reads `_` as one ordinary
    variable, so two wildcards in a rule would otherwise be forced equal. In a negated literal the
    fresh variable is unbound, and pyDatalog's negation then means "no tuple with any value there",
    which is Souffle's meaning of `!p(x, _)`;
  * `!` becomes `~`; comparisons become parenthesised Python comparisons (`=` is `==`);
  * body literals are reordered (positive atoms, then the equalities that bind variables in binding
    order, then the other comparisons, then negations) because pyDatalog evaluates left to right
    and needs a comparison's or negation's variables bound; a conjunction's order carries no
    meaning in Datalog, so this changes nothing semantically.

Facts never pass through program text: they go in through `pyDatalog.assert_fact`.

Isolation: pyDatalog keeps its knowledge base in a per-thread global. Each evaluation runs in its
own short-lived thread, on a freshly reset logic, so runs never see each other's facts and the
caller's own pyDatalog state (if any) is untouched.

Known limits of pyDatalog that we refuse rather than answer wrongly:
  * pyDatalog turns the strings "True" and "False" into booleans and "??" into a fresh variable,
    so such symbol values (in facts or in the rules) raise EngineError.
"""

from __future__ import annotations

import threading
from typing import Iterable

from latweave.datalog.ir import (
    Arith, Atom, Comparison, Const, Negation, Program, Rule, Term, Var, Wildcard, variables,
)
from latweave.datalog.parser import bound_by_equality
from latweave.engines.base import Engine, Facts, Outputs, Session, register, sorted_rows
from latweave.errors import EngineError

try:  # optional dependency
    from pyDatalog import pyDatalog as _pyDatalog
except Exception as exc:  # pragma: no cover - depends on the machine
    _pyDatalog = None
    _IMPORT_ERROR: str | None = f"the pyDatalog package cannot be imported ({exc})"
else:
    _IMPORT_ERROR = None

#: Symbol values pyDatalog silently turns into something else.
_MANGLED_SYMBOLS = frozenset({"True", "False", "??"})

_LOCK = threading.Lock()


def pred_name(relation: str) -> str:
    return "r_" + relation


def var_name(var: str) -> str:
    return "V_" + var


def _check_symbol(value: str, where: str) -> None:
    if value in _MANGLED_SYMBOLS:
        raise EngineError(
            f"pydatalog: {where}: the symbol {value!r} cannot be represented in pyDatalog "
            f"(it would read it as a boolean or a variable)",
            hint="use another engine (duckdb, souffle, clingo) for this input")


class _Renderer:
    """Renders one rule; numbers its wildcards."""

    def __init__(self, rule: Rule):
        self.rule = rule
        self.fresh = 0
        taken = set()
        for lit in (rule.head, *rule.body):
            taken.update(variables(lit))
        self.taken = {var_name(v) for v in taken}

    def wildcard(self) -> str:
        while True:
            self.fresh += 1
            name = f"W_{self.fresh}"
            if name not in self.taken:  # V_ and W_ never collide, but be explicit
                return name

    def term(self, term: Term) -> str:
        if isinstance(term, Var):
            return var_name(term.name)
        if isinstance(term, Wildcard):
            return self.wildcard()
        if isinstance(term, Const):
            value = term.value
            if isinstance(value, bool) or not isinstance(value, (int, str)):
                raise EngineError(f"pydatalog: unsupported constant {value!r} in {self.rule}")
            if isinstance(value, str):
                _check_symbol(value, f"rule {self.rule.origin}")
            return f"({value!r})"
        if isinstance(term, Arith):
            if term.op not in ("+", "-"):
                raise EngineError(f"pydatalog: unsupported arithmetic {term.op!r} in {self.rule}")
            return f"({self.term(term.left)} {term.op} {self.term(term.right)})"
        raise EngineError(f"pydatalog: unsupported term {term!r} in {self.rule}")

    def atom(self, atom: Atom) -> str:
        return f"{pred_name(atom.relation)}({', '.join(self.term(a) for a in atom.args)})"

    _OPS = {"=": "==", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}

    def comparison(self, cmp: Comparison, flip: bool = False) -> str:
        if cmp.op not in self._OPS:
            raise EngineError(f"pydatalog: unsupported comparison {cmp.op!r} in {self.rule}")
        left, right = (cmp.right, cmp.left) if flip else (cmp.left, cmp.right)
        return f"({self.term(left)} {self._OPS[cmp.op]} {self.term(right)})"

    def render(self) -> str:
        rule = self.rule
        body: list[str] = [self.atom(a) for a in rule.positive]
        binders = bound_by_equality(rule)
        used: set[int] = set()
        # Equalities that bind a variable, in binding order, with the bound variable on the left.
        for name, expr in binders.items():
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
        for i, lit in enumerate(rule.body):
            if isinstance(lit, Comparison) and i not in used:
                body.append(self.comparison(lit))
        for atom in rule.negative:
            body.append("~" + self.atom(atom))
        for lit in rule.body:
            if not isinstance(lit, (Atom, Negation, Comparison)):
                raise EngineError(f"pydatalog: unsupported literal {lit!r} in {rule}")
        if not rule.head.args:
            raise EngineError(f"pydatalog: nullary relations are not supported: {rule}")
        return f"{self.atom(rule.head)} <= {' & '.join(body)}"


def render_program(program: Program) -> str:
    """The clauses, one per line, in rule order."""
    return "\n".join(_Renderer(rule).render() for rule in program.rules) + "\n"


class PyDatalogSession(Session):
    def __init__(self, engine: "PyDatalogEngine", base: list):
        self._engine = engine
        self._base = base

    def run(self, facts: Facts) -> Outputs:
        return self._engine._evaluate(self._base + self._engine._facts(facts))


@register
class PyDatalogEngine(Engine):
    name = "pydatalog"

    def __init__(self, program: Program):
        super().__init__(program)
        for rel in program.relations:
            if rel.arity == 0:
                raise EngineError(f"pydatalog: nullary relation {rel.name!r} is not supported")
        self.text = render_program(program)
        self._types = {r.name: tuple(c.type for c in r.columns) for r in program.relations}
        self._inputs = {r.name for r in program.inputs}

    @classmethod
    def unavailable_reason(cls) -> str | None:
        return _IMPORT_ERROR

    def open(self, base: Facts) -> Session:
        if _pyDatalog is None:
            raise EngineError(f"engine 'pydatalog' cannot run here: {_IMPORT_ERROR}")
        return PyDatalogSession(self, self._facts(base))

    def _facts(self, facts: Facts) -> list[tuple[str, tuple]]:
        out = []
        for relation in sorted(facts):
            if relation not in self._types:
                raise EngineError(f"pydatalog: facts for undeclared relation {relation!r}")
            if relation not in self._inputs:
                raise EngineError(f"pydatalog: facts for {relation!r}, which is not an .input relation")
            types = self._types[relation]
            for row in facts[relation]:
                row = tuple(row)
                if len(row) != len(types):
                    raise EngineError(
                        f"pydatalog: {relation} takes {len(types)} columns, got {len(row)}: {row!r}")
                for t, v in zip(types, row):
                    if t == "number":
                        if isinstance(v, bool) or not isinstance(v, int):
                            raise EngineError(f"pydatalog: {relation}: expected a number, got {v!r}")
                    else:
                        if not isinstance(v, str):
                            raise EngineError(f"pydatalog: {relation}: expected a symbol (str), got {v!r}")
                        _check_symbol(v, f"facts of {relation}")
                out.append((pred_name(relation), row))
        return out

    def _evaluate(self, facts: Iterable[tuple[str, tuple]]) -> Outputs:
        facts = list(facts)
        box: dict = {}

        def work() -> None:
            try:
                box["out"] = self._evaluate_here(facts)
            except BaseException as exc:  # handed to the calling thread
                box["error"] = exc

        with _LOCK:  # pyDatalog also has process-wide registries; one evaluation at a time
            thread = threading.Thread(target=work, name="latweave-pydatalog")
            thread.start()
            thread.join()
        if "error" in box:
            exc = box["error"]
            if isinstance(exc, EngineError):
                raise exc
            raise EngineError(f"pydatalog failed: {type(exc).__name__}: {exc}") from exc
        return box["out"]

    def _evaluate_here(self, facts: list[tuple[str, tuple]]) -> Outputs:
        _pyDatalog.clear()  # a fresh knowledge base for this (new) thread
        _pyDatalog.load(self.text)
        for name, row in facts:
            _pyDatalog.assert_fact(name, *row)
        out: Outputs = {}
        for rel in self.program.outputs:
            query = f"{pred_name(rel.name)}({', '.join(f'X{i}' for i in range(rel.arity))})"
            answer = _pyDatalog.ask(query)
            rows = [] if answer is None else answer.answers
            if rows is True:  # pragma: no cover - only for nullary queries, refused above
                raise EngineError(f"pydatalog: unexpected boolean answer for {rel.name}")
            out[rel.name] = sorted_rows(tuple(_value(rel.name, v) for v in row) for row in rows)
        return out


def _value(relation: str, v):
    if isinstance(v, bool) or not isinstance(v, (int, str)):
        raise EngineError(f"pydatalog: {relation}: output value {v!r} is neither a number nor a symbol")
    return v
