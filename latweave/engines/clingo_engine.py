"""clingo (the Potassco grounder/solver) running the rules as an answer-set program.

The program text comes from the clingo dialect (dialects/clingo.py). A stratified program has
exactly one stable model, and clingo computes it while grounding; we read it back and check that
it is the only one.

Facts never pass through program text: they are added as ground atoms through clingo's backend
(`Backend.add_atom` + `Backend.add_rule`) before grounding, and the grounder uses them as facts.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from latweave.datalog.ir import Program
from latweave.engines import rows as checks
from latweave.engines.base import Engine, Facts, FromScratchSession, Outputs, Session
from latweave.engines.dialects.clingo import INT_MAX, INT_MIN, pred_name, render_program
from latweave.engines.rows import sorted_rows
from latweave.errors import EngineError

try:  # optional dependency
    import clingo as _clingo
except Exception as exc:  # pragma: no cover - depends on the machine
    _clingo = None
    _IMPORT_ERROR: str | None = f"the clingo Python package cannot be imported ({exc})"
else:
    _IMPORT_ERROR = None

#: What clingo accepts as facts: typed values, numbers within its 32-bit integers.
ROWS = checks.RowRules("clingo", bounds=(INT_MIN, INT_MAX))


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

    def _symbols(self, facts: Facts) -> list:
        """Facts as clingo symbols (typed, never text)."""
        make = {"number": _clingo.Number, "symbol": _clingo.String}
        return [_clingo.Function(pred_name(relation), [make[t](v) for t, v in zip(types, row)])
                for relation, row, types in checks.checked_rows(self.program, facts, ROWS)]

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
