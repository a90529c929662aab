"""pyDatalog running the rules stratum by stratum: a slow third voice for small lattices.

The semantics stay in rules/*.dl; this module only evaluates what the dialect rendered.

The clauses come from the pyDatalog dialect (dialects/pydatalog.py), which also says how the
rules are spelled for pyDatalog and why body literals are reordered.

Evaluation is stratum by stratum (`latweave.datalog.stratify`), each stratum on a freshly cleared
pyDatalog knowledge base holding only the facts that stratum reads: the inputs and the relations
computed by earlier strata, all added through `pyDatalog.assert_fact`, never as program text.
pyDatalog's own recursion is NOT used: its tabled resolution does not terminate on recursion through
several predicates when the data has a cycle (e.g. `a(x,y) :- e(x,z), b(z,y). b(x,y) :- c(x,z),
a(z,y).` with a cycle in `e`/`c`; pyDatalog flags a predicate recursive only when it calls itself
directly), nor on non-linear self-recursion (`t(x,z) :- t(x,y), t(y,z).`) over a cyclic graph.
So inside a recursive stratum, every body atom of a relation of that stratum reads a snapshot
relation `s_<name>` instead, and the stratum is evaluated naively: S0 = empty, S(n+1) = one pass of
the stratum's rules over the facts plus S(n), until nothing changes. Each pass is a non-recursive
pyDatalog program; the iteration is the textbook least-fixpoint construction (the stratum is
monotone, since it only negates earlier strata), so it adds nothing to the rules' meaning.

Isolation: pyDatalog keeps its knowledge base in a per-thread global. Each evaluation runs in its
own short-lived thread on a cleared logic, so runs never see each other's facts and the caller's
own pyDatalog state (if any) is untouched.

Known limits of pyDatalog that we refuse rather than answer wrongly:
  * pyDatalog turns the strings "True" and "False" into booleans and "??" into a fresh variable,
    so such symbol values (in facts or in the rules) raise EngineError;
  * nullary relations (`.decl p()`) are refused.
"""

from __future__ import annotations

import threading
from typing import Iterable

from latweave.datalog.ir import Program
from latweave.datalog.strata import Stratum, stratify
from latweave.engines import rows as checks
from latweave.engines.base import Engine, Facts, FromScratchSession, Outputs, Session
from latweave.engines.dialects.pydatalog import (
    pred_name, refuse_symbol, render_program, render_rules, snapshot_name,
)
from latweave.engines.rows import sorted_rows
from latweave.errors import EngineError

try:  # optional dependency
    from pyDatalog import pyDatalog as _pyDatalog
except Exception as exc:  # pragma: no cover - depends on the machine
    _pyDatalog = None
    _IMPORT_ERROR: str | None = f"the pyDatalog package cannot be imported ({exc})"
else:
    _IMPORT_ERROR = None

_LOCK = threading.Lock()

#: What pyDatalog accepts as facts: typed values, and no symbol it would misread.
ROWS = checks.RowRules(
    "pydatalog", refuse_symbol=lambda rel, col, value: refuse_symbol(value, f"facts of {rel}"))


class _Stratum:
    """One stratum, rendered: its clauses and the relations it reads from outside itself."""

    def __init__(self, stratum: Stratum):
        self.relations = stratum.relations
        self.recursive = stratum.recursive
        own = frozenset(stratum.relations)
        self.text = render_rules(stratum.rules, own if stratum.recursive else frozenset())
        reads = {a.relation for r in stratum.rules for a in (*r.positive, *r.negative)}
        self.external = tuple(sorted(reads - own))
        self.arity = {}
        for rule in stratum.rules:
            self.arity[rule.head.relation] = len(rule.head.args)


class PyDatalogEngine(Engine):
    name = "pydatalog"

    def __init__(self, program: Program):
        super().__init__(program)
        #: Why this program cannot run on pyDatalog (raised by open), or None.
        self.refusal: EngineError | None = None
        self.text = ""
        self._strata: list[_Stratum] = []
        try:
            for rel in program.relations:
                if rel.arity == 0:
                    raise EngineError(f"pydatalog: nullary relation {rel.name!r} is not supported")
            self.text = render_program(program)
            self._strata = [_Stratum(s) for s in stratify(program)]
        except EngineError as exc:
            self.refusal = exc
        self._types = {r.name: tuple(c.type for c in r.columns) for r in program.relations}

    @classmethod
    def unavailable_reason(cls) -> str | None:
        return _IMPORT_ERROR

    def open(self, base: Facts) -> Session:
        if _pyDatalog is None:
            raise EngineError(f"engine 'pydatalog' cannot run here: {_IMPORT_ERROR}")
        if self.refusal is not None:
            raise self.refusal
        return FromScratchSession(self._evaluate, self._facts, self._facts(base))

    def _facts(self, facts: Facts) -> list[tuple[str, tuple]]:
        return [(relation, row) for relation, row, _ in checks.checked_rows(self.program, facts, ROWS)]

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
        known: dict[str, set] = {r.name: set() for r in self.program.relations}
        for name, row in facts:
            known[name].add(row)
        for stratum in self._strata:
            if not stratum.arity:  # relations declared without rules stay empty
                continue
            if not stratum.recursive:
                known.update(self._pass(stratum, known, {}))
                continue
            current: dict[str, set] = {rel: set() for rel in stratum.arity}
            while True:
                following = self._pass(stratum, known, current)
                if following == current:
                    break
                current = following
            known.update(current)
        return {rel.name: sorted_rows(known[rel.name]) for rel in self.program.outputs}

    def _assert(self, pred: str, relation: str, rows) -> None:
        if not rows:
            # pyDatalog refuses to negate a predicate it has never seen ("Predicate without
            # definition"); asserting and retracting a placeholder defines it as empty.
            placeholder = tuple(0 if t == "number" else "" for t in self._types[relation])
            _pyDatalog.assert_fact(pred, *placeholder)
            _pyDatalog.retract_fact(pred, *placeholder)
            return
        for row in rows:
            _pyDatalog.assert_fact(pred, *row)

    def _pass(self, stratum: "_Stratum", known: dict, snapshot: dict) -> dict[str, set]:
        """One evaluation of a stratum's rules, on a cleared knowledge base."""
        _pyDatalog.clear()
        _pyDatalog.load(stratum.text)
        for rel in stratum.external:
            self._assert(pred_name(rel), rel, known[rel])
        for rel, rows in snapshot.items():
            self._assert(snapshot_name(rel), rel, rows)
        out: dict[str, set] = {}
        for rel, arity in stratum.arity.items():
            query = f"{pred_name(rel)}({', '.join(f'X{i}' for i in range(arity))})"
            answer = _pyDatalog.ask(query)
            rows = [] if answer is None else answer.answers
            if rows is True:  # pragma: no cover - only for nullary queries, refused above
                raise EngineError(f"pydatalog: unexpected boolean answer for {rel}")
            out[rel] = {tuple(_value(rel, v) for v in row) for row in rows}
        _pyDatalog.clear()
        return out


def _value(relation: str, v):
    if isinstance(v, bool) or not isinstance(v, (int, str)):
        raise EngineError(f"pydatalog: {relation}: output value {v!r} is neither a number nor a symbol")
    return v
