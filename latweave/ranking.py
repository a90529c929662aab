"""Ranking inside a complete answer set, never instead of it: personalised PageRank over the
instance–evidence graph, seeded by the plan's anchors.

HyCE-RAG and HippoRAG rank what they retrieve by a random walk with restart from the question's
entities. latweave's answer set is already complete and exact; what a walk can add is an *order*
inside it, for a person reading a long set ("which of these forty directors is this question most
about?"). So `Result.answers` stays the complete, sorted set, and `rank` gives an optional
`ranking` beside it: every answer once, with its score.

The graph (undirected, weighted): a node per instance (`i:<key>`), per value that names no
instance (`v:<dimension>␟<key>`) and per document (`d:<id>`); each predicate joins its instance to
its value and to its evidence's document, weighted by its confidence (parallel edges add up; a
value that names an instance is that instance, so chains are paths), and each edge of a value DAG
joins a value to its parent with weight 1 (⊤ aside: it would join everything). The walk restarts at the
plan's anchors — the instances and values its names resolve to — with probability ALPHA; scores are the
personalised PageRank, computed by the push method (Andersen, Chung and Lang 2006) to a residual
below EPSILON per unit of degree: local (it touches the anchors' neighbourhood, not the whole
lattice) and deterministic (a FIFO queue, neighbours in sorted order, no randomness). An answer's
score is its node's; the ranking is by score, then by label; scores print to 6 decimals. A plan
with no anchor (nothing to restart at), or a result that is no answer set, has no ranking.

`latweave/proof/audit/ranking.py` computes the same again from the lattice files alone, and the
auditor compares the two.
"""

from __future__ import annotations

from collections import defaultdict, deque
from typing import Iterable

from latweave.lattice.model import Predicate
from latweave.lattice.names import TOP, normalize
from latweave.plan.ast import Compare, Holds, Meet, Name, Plan, Union

ALPHA = 0.15
EPSILON = 1e-7
DIGITS = 6
_SEP = "\x1f"


def anchors_of(plan: Plan) -> list[tuple[str | None, str]]:
    """The names a plan writes, in order, each with the dimension it is a value of (None for an
    instance: a compared thing, a holds' item)."""
    names: list[tuple[str | None, str]] = []

    def constraints(cs) -> None:
        names.extend((c.dimension, c.value.text) for c in cs if isinstance(c.value, Name))

    def expr(e) -> None:
        if isinstance(e, Union):
            for b in e.branches:
                expr(b)
        elif isinstance(e, Meet):
            constraints(e.constraints)
        elif isinstance(e, Compare):
            names.extend((None, a.term.text) for a in e.args if isinstance(a.term, Name))
        elif isinstance(e, Holds):
            if isinstance(e.item, Name):
                names.append((None, e.item.text))
            constraints(e.constraints)

    for let in plan.lets:
        expr(let.expr)
    expr(plan.final)
    return names


class EvidenceGraph:
    """The instance–evidence graph of a lattice (built once; see the module doc)."""

    def __init__(self, lattice, predicates: Iterable[Predicate]) -> None:
        """`predicates`: the lattice's, in their canonical order (a stored lattice's `scan()`)."""
        instances = lattice.instances
        self.aliases = {normalize(a): key for key, inst in sorted(instances.items()) for a in inst.aliases}
        weights: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
        for p in predicates:
            x = "i:" + p.instance
            value = self._value_node(p.dimension, p.value, instances)
            for other in (value, "d:" + p.evidence.doc):
                if other != x:
                    weights[x][other] += p.confidence
                    weights[other][x] += p.confidence
        for dim in sorted(lattice.dimensions.values(), key=lambda d: d.key):   # the value DAGs, ⊤ aside
            for child, parents in sorted(dim.parents.items()):
                for parent in sorted(parents - {TOP}):
                    a, b = self._value_node(dim.key, child, instances), self._value_node(dim.key, parent, instances)
                    weights[a][b] += 1.0
                    weights[b][a] += 1.0
        self.neighbours = {n: sorted(adj.items()) for n, adj in weights.items()}
        self.degree = {n: sum(w for _, w in adj) for n, adj in self.neighbours.items()}

    @staticmethod
    def _value_node(dimension: str, value: str, instances) -> str:
        return "i:" + value if value in instances else f"v:{dimension}{_SEP}{value}"

    def personalised(self, seeds: list[str]) -> dict[str, float]:
        """Personalised PageRank restarting uniformly at `seeds` (node ids), by the push method."""
        seeds = [s for s in dict.fromkeys(seeds) if s in self.neighbours]
        p: dict[str, float] = defaultdict(float)
        r: dict[str, float] = defaultdict(float)
        for s in seeds:
            r[s] += 1.0 / len(seeds)
        queue, queued = deque(seeds), set(seeds)
        while queue:
            u = queue.popleft()
            queued.discard(u)
            mass, degree = r[u], self.degree[u]
            if mass < EPSILON * degree:
                continue
            p[u] += ALPHA * mass
            r[u] = 0.0
            spread = (1 - ALPHA) * mass / degree
            for v, w in self.neighbours[u]:
                r[v] += spread * w
                if v not in queued and r[v] >= EPSILON * self.degree[v]:
                    queue.append(v)
                    queued.add(v)
        return p


def rank(graph: EvidenceGraph, lattice, plan: Plan, answers: tuple[str, ...]) -> tuple | None:
    """((answer, score), ...) for an answer set of `plan`, best first; None without anchors."""
    instances = lattice.instances

    def node(dimension: str | None, label: str) -> str | None:
        """The node a name is: an instance (by key or alias), else a value of `dimension`."""
        key = normalize(label)
        dim = lattice.dimensions.get(normalize(dimension)) if dimension else None
        if dim is not None:
            key = dim.resolve(label) or key
        if key in instances:
            return "i:" + key
        if key in graph.aliases and dim is None:
            return "i:" + graph.aliases[key]
        return f"v:{dim.key}{_SEP}{key}" if dim is not None else None

    seeds = [n for n in (node(d, name) for d, name in anchors_of(plan)) if n is not None]
    if not seeds or not answers:
        return None
    scores = graph.personalised(seeds)
    final = plan.final.branches[0] if isinstance(plan.final, Union) else plan.final
    project = final.project if isinstance(final, Meet) else None

    scored = [(label, round(scores.get(node(project, label) or "", 0.0), DIGITS)) for label in answers]
    return tuple(sorted(scored, key=lambda s: (-s[1], s[0])))
