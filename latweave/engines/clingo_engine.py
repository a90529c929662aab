"""The rules rendered as an answer-set program and run by clingo (the Potassco grounder/solver).

Everything here is translation of the IR, one literal at a time; the semantics stay in rules/*.dl.
A stratified program has exactly one stable model, and clingo computes it while grounding; we read
it back and check that it is the only one.

Rendering:
  * relation `r` becomes predicate `r_r` (so no name can clash with an ASP keyword or begin with an
    upper-case letter or `_`, which clingo would read as a variable);
  * variable `x` becomes `V_x`; a wildcard stays `_` (in a negated literal clingo treats it as
    local to that literal, i.e. `!p(x, _)` means "no p(x, anything)", as in Souffle);
  * `!` becomes `not`; `=` `!=` `<` `<=` `>` `>=` keep their meaning; `x = e` that binds `x` is
    written with `x` on the left, the form gringo binds from;
  * symbol constants become clingo strings, numbers stay numbers.

Facts never pass through program text: they are added as ground atoms through clingo's backend
(`Backend.add_atom` + `Backend.add_rule`) before grounding, and the grounder uses them as facts.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from latweave.datalog.ir import (
    Arith, Atom, Comparison, Const, Negation, Program, Rule, Term, Var, Wildcard,
)
from latweave.datalog.parser import bound_by_equality
from latweave.engines.base import (
    Engine, Facts, FromScratchSession, Outputs, Session, checked_rows, register, sorted_rows,
)
from latweave.errors import EngineError

try:  # optional dependency
    import clingo as _clingo
except Exception as exc:  # pragma: no cover - depends on the machine
    _clingo = None
    _IMPORT_ERROR: str | None = f"the clingo Python package cannot be imported ({exc})"
else:
    _IMPORT_ERROR = None

#: clingo numbers are C ints.
_INT_MIN, _INT_MAX = -(2 ** 31), 2 ** 31 - 1


def pred_name(relation: str) -> str:
    return "r_" + relation


def var_name(var: str) -> str:
    return "V_" + var


def _string_literal(value: str) -> str:
    for ch in value:
        if ord(ch) < 32 and ch != "\n":
            raise EngineError(f"clingo: symbol constant {value!r} holds a control character")
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def render_term(term: Term) -> str:
    if isinstance(term, Var):
        return var_name(term.name)
    if isinstance(term, Wildcard):
        return "_"
    if isinstance(term, Const):
        if isinstance(term.value, bool) or not isinstance(term.value, (int, str)):
            raise EngineError(f"clingo: unsupported constant {term.value!r}")
        if isinstance(term.value, str):
            return _string_literal(term.value)
        if not _INT_MIN <= term.value <= _INT_MAX:
            raise EngineError(f"clingo: number {term.value} does not fit clingo's 32-bit integers")
        return f"({term.value})" if term.value < 0 else str(term.value)
    if isinstance(term, Arith):
        if term.op not in ("+", "-"):
            raise EngineError(f"clingo: unsupported arithmetic operator {term.op!r}")
        return f"({render_term(term.left)} {term.op} {render_term(term.right)})"
    raise EngineError(f"clingo: unsupported term {term!r}")


def render_atom(atom: Atom) -> str:
    if not atom.args:
        return pred_name(atom.relation)
    return f"{pred_name(atom.relation)}({', '.join(render_term(a) for a in atom.args)})"


_CMP = {"=": "=", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}


def render_rule(rule: Rule) -> str:
    binders = bound_by_equality(rule)  # var name -> the expression that binds it
    body = []
    for lit in rule.body:
        if isinstance(lit, Atom):
            body.append(render_atom(lit))
        elif isinstance(lit, Negation):
            body.append("not " + render_atom(lit.atom))
        elif isinstance(lit, Comparison):
            if lit.op not in _CMP:
                raise EngineError(f"clingo: unsupported comparison {lit.op!r} in {rule}")
            left, right = lit.left, lit.right
            # Put a variable this equality binds on the left: `V = expr` is what gringo binds from.
            if (lit.op == "=" and isinstance(right, Var) and right.name in binders
                    and binders[right.name] == left):
                left, right = right, left
            body.append(f"{render_term(left)} {_CMP[lit.op]} {render_term(right)}")
        else:
            raise EngineError(f"clingo: unsupported literal {lit!r} in {rule}")
    return f"{render_atom(rule.head)} :- {', '.join(body)}."


def render_program(program: Program) -> str:
    """The whole program as ASP text: rules in order, then one #show per output relation."""
    lines = [f"% {rule.origin}\n{render_rule(rule)}" for rule in program.rules]
    lines += [f"#show {pred_name(r.name)}/{r.arity}." for r in program.outputs]
    return "\n".join(lines) + "\n"


@register
class ClingoEngine(Engine):
    name = "clingo"

    def __init__(self, program: Program):
        super().__init__(program)
        #: Why this program cannot run on clingo (raised by open), or None.
        self.refusal: EngineError | None = None
        try:
            self.text = render_program(program)
        except EngineError as exc:
            self.text, self.refusal = "", exc

    @classmethod
    def unavailable_reason(cls) -> str | None:
        return _IMPORT_ERROR

    def open(self, base: Facts) -> Session:
        if _clingo is None:
            raise EngineError(f"engine 'clingo' cannot run here: {_IMPORT_ERROR}")
        if self.refusal is not None:
            raise self.refusal
        return FromScratchSession(self._solve, self._symbols, self._symbols(base))

    # ---- facts -> clingo symbols (typed, never text) ----

    @staticmethod
    def _value(relation: str, type_: str, value) -> "_clingo.Symbol":
        if type_ == "number":
            if not _INT_MIN <= value <= _INT_MAX:
                raise EngineError(f"clingo: {relation}: number {value} does not fit clingo's 32-bit integers")
            return _clingo.Number(value)
        return _clingo.String(value)

    def _symbols(self, facts: Facts) -> list:
        return [_clingo.Function(pred_name(relation), [self._value(relation, t, v) for t, v in zip(types, row)])
                for relation, row, types in checked_rows(self.program, facts, "clingo")]

    # ---- one evaluation ----

    def _solve(self, symbols: Iterable) -> Outputs:
        messages: list[str] = []

        def logger(code, message):
            messages.append(f"{code}: {message}")

        try:
            ctl = _clingo.Control(["--warn=none", "--models=0"], logger=logger)
            ctl.add("base", [], self.text)
            with ctl.backend() as backend:
                for sym in symbols:
                    backend.add_rule([backend.add_atom(sym)])
            ctl.ground([("base", [])])
            models = []
            with ctl.solve(yield_=True) as handle:
                for model in handle:
                    models.append(model.symbols(shown=True))
                    if len(models) > 1:
                        break
        except RuntimeError as exc:
            detail = "; ".join(messages) or str(exc)
            raise EngineError(f"clingo failed: {detail}") from None
        if len(models) != 1:
            raise EngineError(
                f"clingo: expected exactly one stable model of the stratified rules, got "
                f"{'none' if not models else 'more than one'}")
        return self._outputs(models[0])

    def _outputs(self, shown: Sequence) -> Outputs:
        by_pred = {(pred_name(r.name), r.arity): r.name for r in self.program.outputs}
        rows: dict[str, list] = {r.name: [] for r in self.program.outputs}
        for sym in shown:
            rel = by_pred.get((sym.name, len(sym.arguments)))
            if rel is None:
                raise EngineError(f"clingo: unexpected atom in the model: {sym}")
            rows[rel].append(tuple(_from_symbol(a) for a in sym.arguments))
        return {name: sorted_rows(r) for name, r in rows.items()}


def _from_symbol(sym) -> int | str:
    if sym.type == _clingo.SymbolType.Number:
        return sym.number
    if sym.type == _clingo.SymbolType.String:
        return sym.string
    raise EngineError(f"clingo: output value {sym} is neither a number nor a string")
