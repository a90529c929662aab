"""`paths`: a DTKG-style relation-path search over the lattice graph.

From each linked question entity, every grounded relation path of depth 1..3 is enumerated in
the lattice graph (`LatticeGraph.paths`: the dimensions each entity actually has, `inverse <r>`
included) with the set it reaches. A path scores by how the question's words — the question with
its linked mentions cut out — meet the words of the relation names along it (`text.relation_words`:
names split on `_`, spaces, `__` namespaces, dots and camelCase; `text.match`: equal, or one a
prefix of the other of four letters or more):

    score = |question words some relation of the path matches|
            − unmatched · (hops whose relation matches no question word)
            + length · (hops)

Ties go to fewer inverse hops, then fewer hops, then the earlier-mentioned entity, then the
relations' names. The answer is the end set of the best path (sorted; at most MAX_ANSWERS).
`unmatched` and `length` are set on the dev split; neither can single out one path length (the
score is linear in it), so no knob encodes a data set's hop count.
"""

from __future__ import annotations

from itertools import product

from latweave.eval.baselines.base import Baseline, Candidate, Query
from latweave.eval.baselines.text import matched, relation_words

DEPTH = 3
#: The most paths enumerated from one entity (LatticeGraph.paths stops there).
PATH_LIMIT = 4000


class PathsBaseline(Baseline):
    name = "paths"
    needs_seeds = True
    compares_values = True
    defaults = {"unmatched": 0.5, "length": 0.0}
    grid = tuple({"unmatched": u, "length": g} for u, g in product((0.0, 0.5, 1.0), (-0.25, 0.0, 0.25, 0.5)))

    def __init__(self, lattice, **kwargs):
        super().__init__(lattice, **kwargs)
        graph = self.index.graph
        dims = sorted({d for by_dim in graph.out.values() for d in by_dim})
        self.relation_words = {d: relation_words(d) for d in dims}
        self._paths: dict[str, list[tuple[tuple[str, ...], tuple[str, ...]]]] = {}

    def paths(self, anchor: str) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
        """(relations, reached nodes sorted) of every path from `anchor`, memoised while fitting."""
        held = self._paths.get(anchor)
        if held is not None:
            return held
        found = [(dims, tuple(sorted(reached)))
                 for dims, reached, _ in self.index.graph.paths(anchor, DEPTH, limit=PATH_LIMIT)]
        if self._queries is not None:   # fit() asks the same anchors once per knob setting
            self._paths[anchor] = found
        return found

    def after_fit(self) -> None:
        self._paths = {}

    def candidates(self, query: Query, seeds: tuple[str, ...], *, local: bool) -> list[Candidate]:  # noqa: ARG002
        q = frozenset(query.rest)
        unmatched, length = self.knobs["unmatched"], self.knobs["length"]
        scored = []
        for order, seed in enumerate(seeds):
            for dims, reached in self.paths(seed):
                hits = [matched(q, self.relation_words[d]) for d in dims]
                covered = frozenset().union(*hits)
                score = len(covered) - unmatched * sum(not h for h in hits) + length * len(dims)
                inverse = sum(d.startswith("inverse ") for d in dims)
                scored.append((-score, inverse, len(dims), order, dims, reached, seed))
        scored.sort()
        return [Candidate(reached, -neg, f"{self.index.label(seed)} → " + " → ".join(dims))
                for neg, _, _, _, dims, reached, seed in scored]
