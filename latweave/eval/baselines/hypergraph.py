"""`hypergraph`: a HyCE-style hypergraph retrieval, by confidence propagation.

The lattice's nodes (entities and values) are joined by hyperedges: one per evidence line (its
subject and value, its relation, its predicate's confidence) and one per document that mentions
at most DOC_NODES nodes (all its lines' nodes and relations; a whole-file document such as a
PathQuestion KB is no hyperedge). For a question, an edge weighs

    confidence · (1 + match · |question words its relation names match|) · (documents, for a document edge)

where the question words are those left once its linked mentions are cut out. From the linked
entities (the seeds, mass 1 shared equally), `steps` rounds of a random walk with restart run:
each node passes (1 − restart) of its mass to its edges in proportion to their weights, each edge
shares it equally among its other nodes, and the seeds get `restart` back. Mass under PRUNE is
dropped (so that a hub's thousands of neighbours are not walked for nothing). The answer is the
node with the most mass that is not a seed (ties: the smaller key).

Knobs, set on the dev split: `restart`, `match`, `documents` (0 drops the document edges);
`steps` is 6, twice the deepest question's hops.
"""

from __future__ import annotations

from itertools import product

from latweave.eval.baselines.base import Baseline, Candidate, Query
from latweave.eval.baselines.text import matched

#: A document mentioning more nodes than this is no hyperedge.
DOC_NODES = 16
#: Mass below this is dropped between steps.
PRUNE = 1e-6
#: How many ranked nodes a question keeps.
KEEP = 10


class HypergraphBaseline(Baseline):
    name = "hypergraph"
    needs_seeds = True
    compares_values = True
    defaults = {"restart": 0.3, "match": 4.0, "documents": 1.0, "steps": 6}
    grid = tuple({"restart": r, "match": m, "documents": d}
                 for r, m, d in product((0.15, 0.5), (1.0, 4.0, 16.0), (0.0, 1.0)))

    def __init__(self, lattice, **kwargs):
        super().__init__(lattice, **kwargs)
        index = self.index
        edges: list[tuple[tuple[str, ...], tuple[str, ...], float, bool, str]] = []
        for ln in index.lines:
            if ln.subject != ln.value:
                edges.append((ln.nodes, ln.relation_words, ln.confidence, False, ln.text))
        for doc, ids in index.documents.items():
            nodes = tuple(dict.fromkeys(n for i in ids for n in index.lines[i].nodes))
            if 2 < len(nodes) <= DOC_NODES:
                rel = tuple(dict.fromkeys(w for i in ids for w in index.lines[i].relation_words))
                conf = sum(index.lines[i].confidence for i in ids) / len(ids)
                edges.append((nodes, rel, conf, True, f"document {doc}"))
        self.edges = edges
        incident: dict[str, list[int]] = {}
        for e, (nodes, *_rest) in enumerate(edges):
            for n in nodes:
                incident.setdefault(n, []).append(e)
        self.incident = {n: tuple(es) for n, es in sorted(incident.items())}

    def _weight(self, e: int, q: frozenset[str], cache: dict[int, float]) -> float:
        w = cache.get(e)
        if w is None:
            _, rel, conf, is_doc, _ = self.edges[e]
            w = conf * (1.0 + self.knobs["match"] * len(matched(q, rel)))
            if is_doc:
                w *= self.knobs["documents"]
            cache[e] = w
        return w

    def propagate(self, query: Query, seeds: tuple[str, ...]) -> dict[str, float]:
        """Each node's mass after `steps` rounds from `seeds` (see the module docstring)."""
        q = frozenset(query.rest)
        restart = self.knobs["restart"]
        cache: dict[int, float] = {}
        start = {s: 1.0 / len(seeds) for s in seeds}
        mass = dict(start)
        for _ in range(self.knobs["steps"]):
            nxt = {s: restart * m for s, m in start.items()}
            for node, m in mass.items():
                edges = self.incident.get(node, ())
                weights = [self._weight(e, q, cache) for e in edges]
                total = sum(weights)
                if total <= 0:
                    continue
                out = (1.0 - restart) * m / total
                for e, w in zip(edges, weights):
                    if w <= 0:
                        continue
                    members = self.edges[e][0]
                    share = out * w / (len(members) - 1)
                    for other in members:
                        if other != node:
                            nxt[other] = nxt.get(other, 0.0) + share
            mass = {n: m for n, m in nxt.items() if m >= PRUNE}
        return mass

    def candidates(self, query: Query, seeds: tuple[str, ...], *, local: bool) -> list[Candidate]:  # noqa: ARG002
        if not seeds:
            return []
        mass = self.propagate(query, seeds)
        exclude = set(seeds)
        ranked = sorted((-m, n) for n, m in mass.items() if n not in exclude)
        kept = ranked[:KEEP]
        # the best date or number too, wherever it ranks: what a comparison compares (base._value)
        kept += [d for d in [(neg, n) for neg, n in ranked if n in self.index.bounds][:1] if d not in kept]
        return [Candidate((n,), -neg, f"{self.index.label(n)}: mass {-neg:.4g}") for neg, n in kept]
