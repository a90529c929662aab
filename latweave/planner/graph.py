"""The lattice as an adjacency map, for grounded plan search (the paper's L2 grounding).

The offline planner proposes only steps through dimensions the current entities actually have,
hop by hop. This reads the lattice model; answers still come from running the plan on an engine.
"""

from __future__ import annotations

from collections import defaultdict

from latweave.lattice.model import Lattice

ANCHOR = "subject"


class LatticeGraph:
    def __init__(self, lattice: Lattice):
        self.lattice = lattice
        self.out: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
        for p in lattice.predicates:
            if p.dimension != ANCHOR:
                self.out[p.instance][p.dimension].add(p.value)
        self.labels = {key: dim.name for key, dim in lattice.dimensions.items()}

    def dimensions_of(self, keys: set[str]) -> set[str]:
        found: set[str] = set()
        for k in keys:
            found.update(self.out.get(k, {}))
        return found

    def follow(self, keys: set[str], dim: str) -> set[str]:
        found: set[str] = set()
        for k in keys:
            found |= self.out.get(k, {}).get(dim, set())
        return found

    def paths(self, anchor: str, max_hops: int, limit: int = 2000) -> list[tuple[tuple[str, ...], frozenset, tuple]]:
        """Every grounded relation path from `anchor` (1..max_hops): the set it reaches, and per
        hop whether it walked back onto the entities of two hops before (a detour such as
        children → parents)."""
        out: list[tuple[tuple[str, ...], frozenset, tuple]] = []
        frontier = [((), {anchor}, set(), ())]
        for _ in range(max_hops):
            nxt = []
            for path, keys, before, back in frontier:
                for dim in sorted(self.dimensions_of(keys)):
                    reached = self.follow(keys, dim)
                    if reached and len(out) < limit:
                        step_back = back + (bool(reached & before),)
                        nxt.append((path + (dim,), reached, keys, step_back))
                        out.append((path + (dim,), frozenset(reached), step_back))
            frontier = nxt
        return out
