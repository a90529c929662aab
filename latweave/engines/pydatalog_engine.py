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

from latweave.datalog.ir import (
    Arith, Atom, Comparison, Const, Negation, Program, Rule, Term, Var, Wildcard, variables,
)
from latweave.datalog.parser import bound_by_equality
from latweave.datalog.strata import Stratum, stratify
from latweave.engines.base import (
    Engine, Facts, FromScratchSession, Outputs, Session, checked_rows, register, sorted_rows,
)
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


def snapshot_name(relation: str) -> str:
    return "s_" + relation


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

    def __init__(self, rule: Rule, snapshot: frozenset = frozenset()):
        self.rule = rule
        self.snapshot = snapshot  # relations whose body atoms read the previous iteration
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

    def atom(self, atom: Atom, head: bool = False) -> str:
        name = atom.relation
        pred = snapshot_name(name) if not head and name in self.snapshot else pred_name(name)
        return f"{pred}({', '.join(self.term(a) for a in atom.args)})"

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
        return f"{self.head(body)} <= {' & '.join(body)}"

    def head(self, body: list[str]) -> str:
        """The head atom. pyDatalog derives nothing from an arithmetic term in a head, so each one
        becomes a fresh variable bound by an equality at the end of the body."""
        args = []
        for arg in self.rule.head.args:
            if isinstance(arg, Arith):
                name = self.fresh_head()
                body.append(f"({name} == {self.term(arg)})")
                args.append(name)
            else:
                args.append(self.term(arg))
        return f"{pred_name(self.rule.head.relation)}({', '.join(args)})"

    def fresh_head(self) -> str:
        while True:
            self.fresh += 1
            name = f"H_{self.fresh}"
            if name not in self.taken:
                return name


def render_rules(rules: Iterable[Rule], snapshot: frozenset = frozenset()) -> str:
    """The clauses, one per line, in rule order."""
    return "".join(_Renderer(rule, snapshot).render() + "\n" for rule in rules)


def render_program(program: Program) -> str:
    """The whole program as plain pyDatalog clauses (for reading; evaluation goes by strata)."""
    return render_rules(program.rules)


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


@register
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
        out = []
        for relation, row, types in checked_rows(self.program, facts, "pydatalog"):
            for t, v in zip(types, row):
                if t == "symbol":
                    _check_symbol(v, f"facts of {relation}")
            out.append((relation, row))
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
