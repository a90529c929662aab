"""Dilworth width: the size of a largest antichain, i.e. how "flat" a dimension is.

Dilworth (1950, *Ann. Math.* 51, "A decomposition theorem for partially ordered sets"): the
largest antichain of a finite poset has as many elements as a smallest partition into chains.
Fulkerson's reduction makes that a matching problem: split every element x into x⁻ and x⁺ and
join x⁻ to y⁺ whenever x > y; a matching of size m merges chains, so the fewest chains number
n − m for a maximum matching. König's theorem (a maximum matching in a bipartite graph is as
large as a minimum vertex cover) then yields the antichain itself: the elements neither of
whose copies is in the cover built from the alternating paths of the matching. The matching is
Hopcroft–Karp (1973), O(E √V).

⊤ and ⊥ are comparable to everything, so they are left out of the matching (they never change
the width). A tree is answered without matching: its leaves are a largest antichain, since every
element has a leaf below it and incomparable elements have disjoint sets of leaves.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from latweave.legitimacy.poset import Poset, bits

#: Default bound on comparable pairs fed to the matching.
EDGE_CAP = 3_000_000


@dataclass(frozen=True)
class Width:
    """`width` (None when skipped), a largest `antichain` (element indices, index order), a `note`."""

    width: int | None
    antichain: tuple[int, ...]
    note: str


def dilworth_width(poset: Poset, *, edge_cap: int = EDGE_CAP) -> Width:
    """The width of `poset` and one largest antichain."""
    top, bottom = poset.top, poset.bottom
    if poset.is_tree() and bottom is not None:
        leaves = tuple(sorted(poset.upper_covers(bottom)))
        return Width(len(leaves), leaves, "a tree: its leaves")
    inner = [i for i in range(poset.size) if i not in (top, bottom)]
    if not inner:
        only = (top,) if top is not None else (0,)
        return Width(1, only, "⊤ and ⊥ only")
    position = {x: k for k, x in enumerate(inner)}
    mask = sum(1 << x for x in inner)
    adjacency: list[list[int]] = []
    edges = 0
    for x in inner:
        below = [position[y] for y in bits(poset.down[x] & mask & ~(1 << x))]
        edges += len(below)
        if edges > edge_cap:
            return Width(None, (), f"skipped: more than {edge_cap} comparable pairs")
        adjacency.append(below)
    match_left, match_right = hopcroft_karp(len(inner), len(inner), adjacency)
    matched = sum(1 for v in match_left if v >= 0)
    left_reached, right_reached = _alternating_reach(adjacency, match_left, match_right)
    antichain = tuple(inner[k] for k in range(len(inner)) if left_reached[k] and not right_reached[k])
    width = len(inner) - matched
    assert len(antichain) == width, "König: the antichain must be as large as the width"
    return Width(width, antichain, "König: maximum matching on the comparability graph")


def hopcroft_karp(n_left: int, n_right: int, adjacency: list[list[int]]) -> tuple[list[int], list[int]]:
    """A maximum matching of a bipartite graph: (partner of each left vertex, of each right), -1 if none."""
    match_left = [-1] * n_left
    match_right = [-1] * n_right
    infinity = n_left + n_right + 1
    while True:
        # BFS: layer the free left vertices and alternate along matched edges.
        dist = [infinity] * n_left
        queue = deque()
        for u in range(n_left):
            if match_left[u] < 0:
                dist[u] = 0
                queue.append(u)
        found = False
        while queue:
            u = queue.popleft()
            for v in adjacency[u]:
                w = match_right[v]
                if w < 0:
                    found = True
                elif dist[w] == infinity:
                    dist[w] = dist[u] + 1
                    queue.append(w)
        if not found:
            return match_left, match_right
        # DFS (iterative) along the layers for vertex-disjoint shortest augmenting paths.
        pointer = [0] * n_left
        for root in range(n_left):
            if match_left[root] >= 0:
                continue
            stack = [root]
            while stack:
                u = stack[-1]
                if pointer[u] == len(adjacency[u]):
                    dist[u] = infinity          # dead end for this phase
                    stack.pop()
                    continue
                v = adjacency[u][pointer[u]]
                pointer[u] += 1
                w = match_right[v]
                if w < 0:
                    # Augment along the stack: each u on it takes the v its pointer just passed.
                    for node in reversed(stack):
                        v_node = adjacency[node][pointer[node] - 1]
                        previous = match_left[node]
                        match_left[node] = v_node
                        match_right[v_node] = node
                        if previous < 0:
                            break
                    stack = []
                elif dist[w] == dist[u] + 1:
                    stack.append(w)


def _alternating_reach(adjacency, match_left, match_right) -> tuple[list[bool], list[bool]]:
    """Vertices reachable from free left vertices by alternating paths (König's construction)."""
    left = [m < 0 for m in match_left]
    right = [False] * len(match_right)
    queue = deque(u for u, free in enumerate(left) if free)
    while queue:
        u = queue.popleft()
        for v in adjacency[u]:
            if not right[v] and match_left[u] != v:
                right[v] = True
                w = match_right[v]
                if w >= 0 and not left[w]:
                    left[w] = True
                    queue.append(w)
    return left, right
