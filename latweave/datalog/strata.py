"""Split a program into strata: strongly connected components of the dependency graph, in order.

A stratum is evaluated to a fixpoint before any stratum that reads it; negation may only read a
relation from an earlier stratum. The order is deterministic (Tarjan over sorted names, then a
stable topological order), so every engine evaluates the same strata in the same sequence.
For each stratum, what it depends on: the input relations it reads, directly or through earlier
strata (`input_dependencies`), and its level (`levels`: strata of one level never read one
another), which the semi-naive planner (engines/seminaive.py) records in its plan.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from latweave.datalog.ir import Program, Rule
from latweave.errors import RuleError


@dataclass(frozen=True)
class Stratum:
    relations: tuple[str, ...]
    rules: tuple[Rule, ...]
    recursive: bool

    def recursive_atoms(self, rule: Rule) -> tuple[int, ...]:
        """Positions (in rule.positive) of atoms that read a relation of this stratum."""
        return tuple(i for i, a in enumerate(rule.positive) if a.relation in self.relations)


def _dependencies(program: Program) -> dict[str, set[tuple[str, bool]]]:
    deps: dict[str, set[tuple[str, bool]]] = {r.name: set() for r in program.relations}
    for rule in program.rules:
        for atom in rule.positive:
            deps[rule.head.relation].add((atom.relation, False))
        for atom in rule.negative:
            deps[rule.head.relation].add((atom.relation, True))
    return deps


def _sccs(nodes: list[str], edges: dict[str, list[str]]) -> list[list[str]]:
    """Tarjan's algorithm, iterative; components come out dependencies-first."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    out: list[list[str]] = []
    counter = 0
    for root in nodes:
        if root in index:
            continue
        work = [(root, iter(edges[root]))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, it = work[-1]
            advanced = False
            for nxt in it:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(edges[nxt])))
                    advanced = True
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    comp.append(top)
                    if top == node:
                        break
                out.append(sorted(comp))
    return out


def stratify(program: Program) -> tuple[Stratum, ...]:
    """Strata of the derived relations, each after every stratum it depends on."""
    deps = _dependencies(program)
    derived = [r.name for r in program.relations if not r.is_input]
    edges = {name: sorted(d for d, _ in deps[name] if d in deps and d not in
                          {r.name for r in program.inputs}) for name in derived}
    strata = []
    for comp in _sccs(sorted(derived), edges):
        members = set(comp)
        for name in comp:
            for dep, negated in sorted(deps[name]):
                if negated and dep in members:
                    rule = next(r for r in program.rules_for(name)
                                if any(a.relation == dep for a in r.negative))
                    raise RuleError(
                        f"negation of {dep!r} inside the recursion of {sorted(members)}: not stratifiable",
                        file=rule.origin.file, line=rule.origin.line)
        recursive = len(comp) > 1 or any(d == comp[0] for d, _ in deps[comp[0]])
        rules = tuple(r for r in program.rules if r.head.relation in members)
        strata.append(Stratum(tuple(comp), rules, recursive))
    return tuple(strata)


def input_dependencies(program: Program, strata: Sequence[Stratum]) -> list[frozenset[str]]:
    """For each stratum, the input relations it reads, directly or through earlier strata."""
    inputs = {r.name for r in program.inputs}
    reach: dict[str, frozenset[str]] = {name: frozenset({name}) for name in inputs}
    out = []
    for stratum in strata:
        acc: set[str] = set()
        for rule in stratum.rules:
            for atom in (*rule.positive, *rule.negative):
                if atom.relation not in stratum.relations:
                    acc |= reach.get(atom.relation, frozenset())
        for name in stratum.relations:
            reach[name] = frozenset(acc)
        out.append(frozenset(acc))
    return out


def levels(program: Program, strata: Sequence[Stratum]) -> list[int]:
    """For each stratum, one more than the highest level of a relation it reads (inputs: 0)."""
    level: dict[str, int] = {r.name: 0 for r in program.inputs}
    out = []
    for stratum in strata:
        reads = {a.relation for rule in stratum.rules for a in (*rule.positive, *rule.negative)}
        lv = 1 + max((level.get(r, 0) for r in reads - set(stratum.relations)), default=0)
        for rel in stratum.relations:
            level[rel] = lv
        out.append(lv)
    return out
