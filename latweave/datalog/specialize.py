"""The rules specialised for one plan shape: partial evaluation over a run's facts.

A run gives facts for a few small relations (a compiled plan: `meet_of`, `constraint_name`, ...)
and reads the large ones an engine holds (the lattice: `coord`, `desc`, ...). Evaluated as
written, every rule of the program is a statement of its own, run in semi-naive rounds, because
the rules recurse through the plan (a step's outputs name the next step's constraints). Known the
plan, most of that work is decided before any lattice row is read: which rules can fire for
which meet, constraint and step, and in which order. This module decides it, and leaves the
rest as a program over the lattice alone that an engine can run as one statement
(engines/fused.py).

**Patterns.** A relation derived from the plan is split by the values its columns take from the
plan's facts: `hit(m, c, x, v, w, p)` becomes one relation per (meet, constraint) the plan has —
a *pattern*, `hit(0, 1, ·, ·, ·, ·)` — whose other columns are read from the lattice. Patterns
are found bottom-up, stratum by stratum: a rule is instantiated for every way its plan atoms
match the plan's facts and its derived atoms match patterns already found; what its head then
fixes is the head's pattern. Instances that read an empty lattice relation (known at open: a
lattice without contested coordinates has no `contested` rows) or a pattern that never arises
are dropped, and a negation of either is true. Since a plan's steps read only earlier steps,
the recursion through the plan unfolds into patterns in sequence; what still recurses reads the
lattice (the hops down a dimension of `path_needed`), one pattern reading itself.

**Shapes.** The values taken from the facts are not written into the result: each distinct
value is a *slot* (a parameter of the statement, `Param`), and two plans whose facts differ only
in the values of their slots share one specialised program — `shape(facts)` gives the key and
the values. A value that equals a number written in the rules (0, 1: the ids of a small plan)
is kept as itself, so that every equality the specialisation decides (a slot against a slot, a
slot against a constant of the rules) is decided the same way for every plan of the shape; an
order between two slots is left to the statement.

**Decided lattice facts.** A few lattice relations are small enough for a session to hold in
Python (which names are dimensions, which dimensions are functional or ordered), and the rules
test the plan's values against them: `!dimension(d)` for every dimension a plan names, so that a
misnamed one abstains. A caller that knows such a relation's rows passes `known` (relation → the
values, Lits and Slots, among its rows; the shape's key must then say which slots are, as
engines/sqlite_fused.py's does), and an atom of it over a fixed value is decided here: true, it
is dropped from the body (negated: the instance derives nothing); false, the instance derives
nothing (negated: dropped). A 1-hop chain's statement then has no `unknown_dimension` checks at
all where every dimension it names is one (docs/performance.md).

**Reads left out.** A pattern that only copies another is read through what it copies
(`_inlined`), and a read that another read of the same rule implies is left out (`_implied`:
a row of a pattern made by one rule was made from a row of each atom of that rule, so a rule
reading both the pattern and such an atom reads the pattern alone — a meet's second `reached`
then reads the next constraint's hits, not also the first's, whose every row they were made from).

Every specialised rule is the original rule with its plan atoms removed (their values
substituted) and its derived atoms renamed to the patterns they read. A pattern keeps only the
columns its signature leaves open (what the plan fixed is decided: a rule reading the pattern
was matched against those values), so an output relation's rows are its patterns' rows with the
fixed values put back in their columns (engines/fused.py). The result is exactly what the rules
derive for these facts (a differential test runs both on every engine's plans).
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, replace
from typing import Iterator, Mapping, Sequence, Union

from latweave.datalog.ir import (Arith, Atom, Comparison, Const, Negation, Param, Program, Rule, Var,
                                 Wildcard)
from latweave.datalog.strata import Stratum, stratify


@dataclass(frozen=True)
class Lit:
    """A value written in the rules, or a fact's value equal to one."""

    value: Union[int, str]


@dataclass(frozen=True)
class Slot:
    """A fact's value: the `index`-th parameter of the specialised program. (A dataclass, not a
    tuple: a slot never equals a Lit of the same number.)"""

    index: int


Static = Union[Lit, Slot]
#: A pattern's columns: each a value the plan fixed, or None (read from the lattice).
Signature = tuple[Union[Static, None], ...]


#: The most patterns a specialisation makes before it gives up. Rules that pair a meet's
#: constraints make patterns quadratic in them, and finding them costs more than they save: a
#: meet of 8 constraints on the zoo makes 143 patterns (18 ms), of 16 409 (115 ms), of 64 5,001
#: (10 s), where the rules as written take tens of milliseconds.
MAX_PATTERNS = 300


class Unsupported(Exception):
    """The rules, for these facts, need what a specialised program does not express (a recursion
    other than one pattern reading itself once; a negated plan atom over a lattice value). The
    caller evaluates the rules as written instead."""


def literals(program: Program) -> frozenset[int]:
    """The numbers written in the rules: a fact's value equal to one stays itself in a shape."""
    found: set[int] = set()

    def walk(term) -> None:
        if isinstance(term, Const) and isinstance(term.value, int) and not isinstance(term.value, bool):
            found.add(term.value)
        elif isinstance(term, Arith):
            walk(term.left)
            walk(term.right)

    for rule in program.rules:
        for atom in (rule.head, *rule.positive, *rule.negative):
            for arg in atom.args:
                walk(arg)
        for cmp in rule.comparisons:
            walk(cmp.left)
            walk(cmp.right)
    return frozenset(found)


def shape(facts: Mapping[str, Sequence[tuple]], kept: frozenset[int]) -> tuple[tuple, list]:
    """(key, values): the facts with each value replaced by what it is in a shape — itself when
    `kept` holds it, else its slot (equal values share one, numbered by first appearance) — and
    the slots' values in order. Relations without rows are left out of the key."""
    slots: dict = {}
    values: list = []
    key = []
    for name in sorted(facts):
        rows = facts[name]
        if not rows:
            continue
        abstract = []
        for row in rows:
            out = []
            for value in row:
                if value in kept and type(value) is int:
                    out.append(value)
                else:
                    at = slots.get(value)
                    if at is None:
                        at = slots[value] = len(values)
                        values.append(value)
                    out.append(-1 - at)   # a slot, told apart from a kept number by its sign
            abstract.append(tuple(out))
        key.append((name, tuple(abstract)))
    return tuple(key), values


def abstract_facts(key: tuple, kept: frozenset[int]) -> dict[str, list[tuple[Static, ...]]]:
    """The facts a shape key stands for, each value a Lit or a Slot."""
    if any(k < 0 for k in kept):
        raise Unsupported("a negative number written in the rules")   # it would read as a slot
    return {name: [tuple(Lit(v) if v >= 0 else Slot(-1 - v) for v in row) for row in rows]
            for name, rows in key}


@dataclass(frozen=True)
class Pattern:
    """One relation's rows with the columns the plan fixed (`signature`), under its own `name`."""

    name: str
    relation: str
    signature: Signature
    #: its rules, specialised: those that do not read the pattern itself, then those that do
    rules: tuple[Rule, ...]
    #: how many of `rules` read the pattern itself (the last ones): a recursive pattern
    recursive: int
    #: the patterns its rules read (positively or negated), by name
    reads: frozenset[str]


@dataclass(frozen=True)
class Specialized:
    """The program for one plan shape: its patterns in evaluation order (each after every
    pattern it reads), and the patterns each output relation's rows come from."""

    patterns: tuple[Pattern, ...]
    outputs: dict[str, tuple[str, ...]]


def term_of(value: Static):
    """The IR term of a value the plan fixed."""
    return Const(value.value) if isinstance(value, Lit) else Param(value.index)


def _pattern_name(relation: str, n: int) -> str:
    # '#' cannot occur in a relation name (grammar NAME): a pattern never shadows a relation.
    return f"{relation}#{n}"


class _Specializer:
    """One specialisation: the program, its strata, the relations the engine holds (`fixed`, of
    which `empty` have no rows) and the shape's facts as Lits and Slots; `run()` gives the result."""

    def __init__(self, program: Program, strata: Sequence[Stratum], fixed: frozenset[str], empty: frozenset[str],
                 facts: dict[str, list[tuple[Static, ...]]], known: Mapping[str, frozenset[Static]] | None = None):
        self.program = program
        self.strata = strata
        self.fixed = fixed
        self.empty = empty
        self.facts = facts
        #: unary lattice relations whose rows are known: relation -> the fixed values among them
        self.known = dict(known or {})
        self.inputs = {r.name for r in program.inputs}
        #: relation -> its patterns (signature -> name), in the order found
        self.patterns: dict[str, dict[Signature, str]] = {}
        #: pattern name -> whether it surely holds its one row (every column fixed, read from nothing)
        self.certain: dict[str, bool] = {}
        #: pattern name -> its signature
        self.signature: dict[str, Signature] = {}
        #: (relation, a pattern's first fixed value or None) -> its (number, signature, name)s, in
        #: the order found
        self.by_first: dict[tuple[str, Static | None], list[tuple[int, Signature, str]]] = {}
        self.count = 0

    # ------------------------------------------------------------ kinds of atoms

    def is_plan(self, relation: str) -> bool:
        """A relation whose rows are this run's facts."""
        return relation in self.inputs and relation not in self.fixed

    def is_derived(self, relation: str) -> bool:
        """A relation derived per run: read through its patterns."""
        return relation not in self.inputs and relation not in self.fixed

    # ------------------------------------------------------------ matching

    @staticmethod
    def _unify(arg, value: Static, env: dict[str, Static]) -> bool:
        """Whether `arg` can take the fixed `value`, binding a free variable to it in `env`."""
        if isinstance(arg, Wildcard):
            return True
        if isinstance(arg, Const):
            return Lit(arg.value) == value
        if isinstance(arg, Var):
            bound = env.get(arg.name)
            if bound is None:
                env[arg.name] = value
                return True
            return bound == value
        raise Unsupported(f"{arg} in a plan atom")

    def _facts(self, atoms: Sequence[Atom], env: dict[str, Static]) -> Iterator[dict[str, Static]]:
        """Every way the plan atoms match this run's facts, extending `env`."""
        if not atoms:
            yield env
            return
        atom, rest = atoms[0], atoms[1:]
        for row in self.facts.get(atom.relation, ()):
            trial = dict(env)
            if all(self._unify(arg, value, trial) for arg, value in zip(atom.args, row)):
                yield from self._facts(rest, trial)

    def _substituted(self, arg, env: Mapping[str, Static]):
        if isinstance(arg, Var) and arg.name in env:
            return term_of(env[arg.name])
        if isinstance(arg, Arith):
            return Arith(arg.op, self._substituted(arg.left, env), self._substituted(arg.right, env))
        return arg

    def _static(self, arg, env: Mapping[str, Static]) -> Static | None:
        """The fixed value of `arg` under `env`, or None when the lattice decides it."""
        if isinstance(arg, Const):
            return Lit(arg.value)
        if isinstance(arg, Var):
            return env.get(arg.name)
        return None

    def _derived(self, atoms: Sequence[Atom], env: dict[str, Static],
                 chosen: tuple[str | None, ...]) -> Iterator[tuple[dict[str, Static], tuple[str | None, ...]]]:
        """Every choice of one pattern per derived atom (None: a certain one, read from nothing),
        extending `env` with the values a pattern fixes."""
        if not atoms:
            yield env, chosen
            return
        atom, rest = atoms[0], atoms[1:]
        first = self._static(atom.args[0], env) if atom.args else None
        if first is None:
            candidates = ((signature, name) for signature, name in self.patterns.get(atom.relation, {}).items())
        else:   # only the patterns whose first column is that value, or open: in the order found
            candidates = ((signature, name) for _, signature, name in heapq.merge(
                self.by_first.get((atom.relation, first), ()), self.by_first.get((atom.relation, None), ())))
        for signature, name in candidates:
            trial = dict(env)
            if all(value is None or self._unify(arg, value, trial) for arg, value in zip(atom.args, signature)):
                yield from self._derived(rest, trial, chosen + (None if self.certain[name] else name,))

    def instances(self, rule: Rule) -> Iterator[tuple[Signature, Rule, tuple[str, ...]]]:
        """(head signature, specialised rule, patterns it reads) for every way `rule` applies to
        this run's facts and the patterns found so far (a rule with an empty body reads nothing:
        with every column fixed, its head's pattern surely holds)."""
        plan = [a for a in rule.positive if self.is_plan(a.relation)]
        derived = [a for a in rule.positive if self.is_derived(a.relation)]
        lattice = [a for a in rule.positive if a.relation in self.fixed]
        if any(a.relation in self.empty for a in lattice):
            return
        for env0 in self._facts(plan, {}):
            for env, chosen in self._derived(derived, env0, ()):
                made = self._instance(rule, env, derived, chosen, lattice)
                if made is not None:
                    yield made

    def _instance(self, rule: Rule, env: dict[str, Static], derived: Sequence[Atom],
                  chosen: tuple[str | None, ...], lattice: Sequence[Atom]):
        body: list = []
        reads: list[str] = []
        pattern = dict(zip(map(id, derived), chosen))
        for atom in rule.positive:   # in the rule's order (a dialect's join order starts from it)
            if atom.relation in self.fixed:
                holds = self._decided(atom, env)
                if holds is False:
                    return None   # a known relation without this value: the instance derives nothing
                if holds is None:
                    body.append(Atom(atom.relation, tuple(self._substituted(a, env) for a in atom.args)))
            elif id(atom) in pattern and pattern[id(atom)] is not None:
                name = pattern[id(atom)]
                body.append(Atom(name, self._open_columns(atom, name, env)))
                reads.append(name)
        for lit in rule.body:
            if isinstance(lit, Negation):
                kept = self._negation(lit.atom, env, reads)
                if kept is None:
                    return None   # the negated atom surely holds: the instance derives nothing
                body += kept
            elif isinstance(lit, Comparison):
                decided = self._compare(lit, env)
                if decided is False:
                    return None
                if decided is None:
                    body.append(Comparison(lit.op, self._substituted(lit.left, env), self._substituted(lit.right, env)))
        head = rule.head
        signature = tuple(self._static(a, env) for a in head.args)
        spec = Rule(Atom(head.relation, tuple(self._substituted(a, env) for a, v in zip(head.args, signature) if v is None)),
                    tuple(body), rule.origin)
        return signature, spec, tuple(reads)

    def _open_columns(self, atom: Atom, name: str, env: Mapping[str, Static]) -> tuple:
        """The arguments of `atom` at the columns pattern `name` leaves open (its relation's
        columns: the fixed ones are decided, so the pattern does not keep them)."""
        return tuple(self._substituted(a, env) for a, v in zip(atom.args, self.signature[name]) if v is None)

    def _negation(self, atom: Atom, env: dict[str, Static], reads: list[str]) -> list | None:
        """The literals a negated atom becomes ([]: it is surely false, so dropped); None when
        it surely holds."""
        if self.is_plan(atom.relation):
            for arg in atom.args:
                if isinstance(arg, Var) and arg.name not in env:
                    raise Unsupported(f"the negated plan atom {atom} reads a lattice value")
            return None if any(True for _ in self._facts([atom], dict(env))) else []
        if atom.relation in self.fixed:
            holds = self._decided(atom, env)
            if holds is not None:
                return None if holds else []
            if atom.relation in self.empty:
                return []
            return [Negation(Atom(atom.relation, tuple(self._substituted(a, env) for a in atom.args)))]
        out = []
        for signature, name in self.patterns.get(atom.relation, {}).items():
            fixed = [(a, v) for a, v in zip(atom.args, signature) if v is not None]
            if not all(self._static(a, env) in (None, v) or isinstance(a, Wildcard) for a, v in fixed):
                continue   # the pattern's fixed columns differ from the atom's: it never matches
            if self.certain[name] and all(isinstance(a, Wildcard) or self._static(a, env) is not None for a in atom.args):
                return None   # its one row is there and matches
            if any(v is not None and not isinstance(a, Wildcard) and self._static(a, env) is None for a, v in fixed):
                raise Unsupported(f"!{atom} compares a lattice value with a column {name} fixes")
            out.append(Negation(Atom(name, self._open_columns(atom, name, env))))
            reads.append(name)
        return out

    def _decided(self, atom: Atom, env: Mapping[str, Static]) -> bool | None:
        """Whether a lattice atom surely holds (True) or surely not (False): an atom of a relation
        whose rows are `known`, over a value the plan fixed; None when the lattice decides it."""
        values = self.known.get(atom.relation)
        if values is None or len(atom.args) != 1:
            return None
        value = self._static(atom.args[0], env)
        return None if value is None else value in values

    def _compare(self, lit: Comparison, env: Mapping[str, Static]) -> bool | None:
        """A comparison of two fixed values, decided where every plan of the shape decides it
        alike (equality of slots and kept values; order of kept values); None otherwise."""
        left, right = self._static(lit.left, env), self._static(lit.right, env)
        if left is None or right is None:
            return None
        if lit.op in ("=", "!="):
            return (left == right) == (lit.op == "=")
        if isinstance(left, Lit) and isinstance(right, Lit) and type(left.value) is type(right.value):
            a, b = left.value, right.value
            return {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[lit.op]
        return None

    # ------------------------------------------------------------ the program

    def run(self) -> Specialized:
        found: dict[str, list[tuple[Rule, tuple[str, ...]]]] = {}   # pattern -> its rules
        for stratum in self.strata:
            if all(r in self.fixed for r in stratum.relations):
                continue
            for name, rules in self._stratum(stratum).items():
                found[name] = rules
        return self._assemble(found)

    def _stratum(self, stratum: Stratum) -> dict[str, list[tuple[Rule, tuple[str, ...]]]]:
        """The stratum's patterns and their rules, to a fixpoint: a rule is instantiated again
        only when a relation of the stratum it reads has gained a pattern, or a pattern of it
        has become certain, since it last was (so each rule's last instances saw the final
        patterns)."""
        own = set(stratum.relations)
        reads = [{a.relation for a in rule.positive} & own for rule in stratum.rules]
        last: dict[int, list[tuple[Signature, Rule, tuple[str, ...]]]] = {}
        todo = set(range(len(stratum.rules)))
        while todo:
            changed: set[str] = set()
            for i in sorted(todo):
                rule = stratum.rules[i]
                last[i] = made = list(self.instances(rule))
                relation = rule.head.relation
                for signature, spec, _ in made:
                    by = self.patterns.setdefault(relation, {})
                    name = by.get(signature)
                    if name is None:
                        if self.count >= MAX_PATTERNS:
                            raise Unsupported(f"more than {MAX_PATTERNS} patterns (a plan this large runs the rules as written)")
                        name = by[signature] = _pattern_name(relation, self.count)
                        self.signature[name] = signature
                        self.by_first.setdefault((relation, signature[0] if signature else None), []).append(
                            (self.count, signature, name))
                        self.count += 1
                        self.certain[name] = False
                        changed.add(relation)
                    if not spec.body and not self.certain[name] and all(v is not None for v in signature):
                        self.certain[name] = True
                        changed.add(relation)
            todo = {i for i, r in enumerate(reads) if r & changed}
        out: dict[str, dict[Rule, tuple[Rule, tuple[str, ...]]]] = {}
        for i, rule in enumerate(stratum.rules):   # in the rules' order, each rule's instances in turn
            by = self.patterns.get(rule.head.relation, {})
            for signature, spec, reads_of in last.get(i, ()):
                out.setdefault(by[signature], {}).setdefault(spec, (spec, reads_of))
        return {name: list(rules.values()) for name, rules in out.items()}

    def _assemble(self, found: dict[str, list[tuple[Rule, tuple[str, ...]]]]) -> Specialized:
        by_name = {name: (rel, sig) for rel, sigs in self.patterns.items() for sig, name in sigs.items()}
        outputs = [r.name for r in self.program.outputs]
        wanted = [name for rel in outputs for name in self.patterns.get(rel, {}).values()]
        # only what an output reads, directly or not
        keep: set[str] = set()
        todo = list(wanted)
        while todo:
            name = todo.pop()
            if name in keep:
                continue
            keep.add(name)
            for _, reads in found.get(name, ()):
                todo += [r for r in reads if r not in keep]
        patterns = {}
        for name in sorted(keep, key=_number):
            rel, sig = by_name[name]
            rules = found.get(name, [])
            own = [(r, reads) for r, reads in rules if name in reads]
            if any(sum(1 for a in r.positive if a.relation == name) > 1 or
                   any(a.relation == name for a in r.negative) for r, _ in own):
                raise Unsupported(f"{name} reads itself more than once in a rule")
            others = [(r, reads) for r, reads in rules if name not in reads]
            reads = frozenset(x for _, rs in rules for x in rs)
            patterns[name] = Pattern(name, rel, sig, tuple(r for r, _ in others + own), len(own), reads)
        out = {rel: tuple(n for n in self.patterns.get(rel, {}).values() if n in keep) for rel in outputs}
        wanted_out = {n for names in out.values() for n in names}
        ordered = _implied(_inlined(_ordered(patterns), wanted_out), wanted_out)
        return Specialized(ordered, out)


def _number(name: str) -> int:
    return int(name.rsplit("#", 1)[1])


def _ordered(patterns: dict[str, Pattern]) -> tuple[Pattern, ...]:
    """The patterns, each after every other it reads (a depth-first post-order, in the order they
    were found); Unsupported when two read each other."""
    out: list[Pattern] = []
    state: dict[str, int] = {}   # 1: being visited, 2: placed
    for root in sorted(patterns, key=_number):
        if state.get(root):
            continue
        work = [(root, iter(sorted((r for r in patterns[root].reads if r != root), key=_number)))]
        state[root] = 1
        while work:
            name, it = work[-1]
            for nxt in it:
                if state.get(nxt) == 1:
                    raise Unsupported(f"{name} and {nxt} read each other (a recursion between patterns)")
                if not state.get(nxt):
                    state[nxt] = 1
                    work.append((nxt, iter(sorted((r for r in patterns[nxt].reads if r != nxt), key=_number))))
                    break
            else:
                work.pop()
                state[name] = 2
                out.append(patterns[name])
    return tuple(out)


def _copy_of(p: Pattern) -> Atom | None:
    """The one atom pattern `p` copies rows from, when it is a copy: one rule, reading one other
    pattern through distinct variables (or wildcards), nothing else; its head shows variables of
    that atom only (some maybe twice). None otherwise."""
    if p.recursive or len(p.rules) != 1:
        return None
    rule = p.rules[0]
    if len(rule.body) != 1 or not isinstance(rule.body[0], Atom) or rule.body[0].relation not in p.reads:
        return None
    atom = rule.body[0]
    names = [a.name for a in atom.args if isinstance(a, Var)]
    if len(names) != len(set(names)) or not all(isinstance(a, (Var, Wildcard)) for a in atom.args):
        return None
    if not all(isinstance(h, Var) and h.name in names for h in rule.head.args):
        return None
    return atom


def _inlined(patterns: tuple[Pattern, ...], outputs: set[str]) -> tuple[Pattern, ...]:
    """The patterns with every read of a copy (`_copy_of`) replaced by a read of what it copies,
    and the copies no one reads any more left out (an output keeps its own, read once). A copy
    would otherwise be one more table evaluated per run, for rows its source already holds."""
    copies: dict[str, tuple[tuple, Atom]] = {}   # name -> (its head's arguments, the atom it reads)
    negated = {a.relation for p in patterns for r in p.rules for a in r.negative}
    names = {p.name for p in patterns}
    out: list[Pattern] = []
    for p in patterns:   # each after what it reads: a copy of a copy is resolved in turn
        rules = tuple(_through(rule, copies) for rule in p.rules)
        p = Pattern(p.name, p.relation, p.signature, rules, p.recursive,
                    frozenset(a.relation for r in rules for a in (*r.positive, *r.negative) if a.relation in names))
        atom = _copy_of(p)
        heads = [h.name for h in p.rules[0].head.args] if atom is not None else []
        if atom is not None and (len(heads) == len(set(heads)) or p.name not in negated):
            copies[p.name] = (p.rules[0].head.args, atom)
        out.append(p)
    read = {r for p in out for r in p.reads if r != p.name}
    return tuple(p for p in out if p.name not in copies or p.name in read or p.name in outputs)


def _through(rule: Rule, copies: dict[str, tuple[tuple, Atom]]) -> Rule:
    """`rule` reading, for each copy it reads, the atom the copy reads (its arguments put in)."""
    if not any(a.relation in copies for a in (*rule.positive, *rule.negative)):
        return rule
    body: list = []
    for lit in rule.body:
        atom = lit.atom if isinstance(lit, Negation) else lit
        if not isinstance(atom, Atom) or atom.relation not in copies:
            body.append(lit)
            continue
        head, source = copies[atom.relation]
        first: dict[str, object] = {}
        same: list[Comparison] = []
        for h, arg in zip(head, atom.args):
            if h.name not in first:
                first[h.name] = arg
            elif not isinstance(arg, Wildcard) and not isinstance(first[h.name], Wildcard):
                same.append(Comparison("=", arg, first[h.name]))
            elif isinstance(first[h.name], Wildcard):
                first[h.name] = arg
        mapped = Atom(source.relation, tuple(first.get(a.name, Wildcard()) if isinstance(a, Var) else a
                                            for a in source.args))
        body += [Negation(mapped)] if isinstance(lit, Negation) else [mapped, *same]
    return replace(rule, body=tuple(body))


def _implied(patterns: tuple[Pattern, ...], outputs: set[str]) -> tuple[Pattern, ...]:
    """The patterns with every positive read of a pattern that another read of the same rule
    already implies left out, and the patterns no one reads any more with it (an output keeps
    its own). A read B of a pattern defined by one rule, not recursive, implies each positive atom
    C of that rule's body, its variables put in as B's arguments give them: a row of B was made
    from a row of C. So an atom A of the rule that C becomes — argument by argument the same, or
    a wildcard (or a variable that occurs nowhere else) where C's says nothing — holds whenever B
    does, and every variable it shares with the rule B binds. The rules put such reads there: a
    meet's second `reached` joins the first constraint's hits with the next constraint's, which
    were made from those very hits (rules/meet.dl); read alone, the next hits give the same rows
    without the large join (docs/performance.md, round twenty-five)."""
    single = {p.name: p.rules[0] for p in patterns if not p.recursive and len(p.rules) == 1}
    names = {p.name for p in patterns}
    out: list[Pattern] = []
    for p in patterns:
        rules = tuple(_without_implied(rule, single) for rule in p.rules)
        if rules != p.rules:
            p = Pattern(p.name, p.relation, p.signature, rules, p.recursive,
                        frozenset(a.relation for r in rules for a in (*r.positive, *r.negative) if a.relation in names))
        out.append(p)
    read = {r for p in out for r in p.reads if r != p.name}
    return tuple(p for p in out if p.name in read or p.name in outputs)


def _without_implied(rule: Rule, single: Mapping[str, Rule]) -> Rule:
    """`rule` without the positive atoms another of its atoms implies (`_implied`), one at a time."""
    while True:
        atoms = rule.positive
        for a in atoms:
            if any(b is not a and _implies(b, a, single.get(b.relation), rule) for b in atoms):
                body = list(rule.body)
                body.remove(a)
                rule = replace(rule, body=tuple(body))
                break
        else:
            return rule


def _implies(b: Atom, a: Atom, definition: Rule | None, rule: Rule) -> bool:
    """Whether atom `b` of `rule`, read through its pattern's one rule `definition`, implies atom
    `a` of `rule` (`_implied`)."""
    if definition is None or a.relation == b.relation:
        return False
    put: dict[str, object] = {}
    for h, arg in zip(definition.head.args, b.args):
        if isinstance(h, Var) and h.name not in put:
            put[h.name] = arg
    elsewhere = _uses(rule, a)
    names = [x.name for x in a.args if isinstance(x, Var)]
    elsewhere |= {n for n in names if names.count(n) > 1}   # (a variable twice in `a` ties its columns)
    for c in definition.positive:
        if c.relation != a.relation or len(c.args) != len(a.args):
            continue
        if all(_covers(put.get(x.name) if isinstance(x, Var) else x if isinstance(x, (Const, Param)) else None,
                       y, elsewhere) for x, y in zip(c.args, a.args)):
            return True
    return False


def _covers(given, arg, elsewhere: set[str]) -> bool:
    """Whether a column `given` (what the implying row holds there: a term of the rule, or None
    when nothing is known of it) satisfies atom argument `arg`."""
    if isinstance(arg, Wildcard) or (isinstance(arg, Var) and arg.name not in elsewhere):
        return True
    return given is not None and not isinstance(given, Wildcard) and given == arg


def _uses(rule: Rule, skip: Atom) -> set[str]:
    """The variables `rule` uses outside the one atom `skip` (its head, its other literals)."""
    found: set[str] = set()

    def walk(term) -> None:
        if isinstance(term, Var):
            found.add(term.name)
        elif isinstance(term, Arith):
            walk(term.left)
            walk(term.right)

    for arg in rule.head.args:
        walk(arg)
    for lit in rule.body:
        if lit is skip:
            continue
        atom = lit.atom if isinstance(lit, Negation) else lit
        if isinstance(atom, Atom):
            for arg in atom.args:
                walk(arg)
        elif isinstance(lit, Comparison):
            walk(lit.left)
            walk(lit.right)
    return found


def specialize(program: Program, fixed: frozenset[str], empty: frozenset[str], key: tuple,
               kept: frozenset[int], strata: Sequence[Stratum] | None = None,
               known: Mapping[str, frozenset[Static]] | None = None) -> Specialized:
    """The program specialised for the plan shape `key` (`shape`): `fixed`, the relations the
    engine holds (the lattice's, the lattice strata's), of which `empty` have no rows; `strata`,
    the program's (stratify's, computed here when not given); `known`, unary relations of `fixed`
    whose rows the caller knows, each with the fixed values (Lits, and Slots by what the key says
    of them) among its rows — every other fixed value is not (module docstring). Raises
    Unsupported when the result would need a recursion between patterns."""
    bad = sorted(r for r in known or {} if r not in fixed or program.relation(r).arity != 1)
    if bad:
        raise ValueError(f"known rows of relations the engine does not hold, or not unary: {', '.join(bad)}")
    held = sorted(r.name for r in program.outputs if r.name in fixed)
    if held:
        raise Unsupported(f"output relations of the lattice itself: {', '.join(held)}")
    strata = stratify(program) if strata is None else strata
    return _Specializer(program, strata, fixed, empty, abstract_facts(key, kept), known).run()
