"""Property tests for issue 6 on random rooted DAGs: meets are greatest lower bounds (in the
Dedekind–MacNeille completion where needed), the fast distributivity check agrees with the O(n³)
identity and its witnesses are real M3/N5 sublattices, and Dilworth width matches brute force.
"""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from latweave.lattice.model import Dimension
from latweave.lattice.names import TOP
from latweave.legitimacy.distributive import check_distributive, is_distributive_brute, is_m3, is_n5
from latweave.legitimacy.meets import check_meets, completion, completion_cuts, meet_cut
from latweave.legitimacy.poset import BOTTOM, poset_of
from latweave.legitimacy.width import dilworth_width, hopcroft_karp


@st.composite
def rooted_dags(draw, max_values: int = 7):
    """A taxonomy dimension v0..v{n-1}; each value's parents: a non-empty set of ⊤ and earlier values."""
    n = draw(st.integers(1, max_values))
    dim = Dimension("random")
    for i in range(n):
        choices = [TOP] + [f"v{j}" for j in range(i)]
        parents = draw(st.lists(st.sampled_from(choices), min_size=1, max_size=3, unique=True))
        for parent in parents:
            dim.add_edge(parent, f"v{i}")
    return dim


def brute_order(dim: Dimension) -> dict[str, set[str]]:
    """Everything at or below each element, by walking parent links (no bitsets)."""
    elements = [TOP, *[v for v in dim.labels if v != TOP], BOTTOM]
    up: dict[str, set[str]] = {}

    def ancestors(v: str) -> set[str]:
        if v not in up:
            found = {v}
            for p in dim.parents.get(v, ()):
                found |= ancestors(p)
            up[v] = found
        return up[v]

    below = {e: {BOTTOM, e} for e in elements}
    for v in elements:
        if v == BOTTOM:
            continue
        for a in ancestors(v):
            below[a].add(v)
    below[BOTTOM] = {BOTTOM}
    return below


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(rooted_dags())
def test_meet_is_the_greatest_lower_bound_in_the_completion(dim):
    poset = poset_of(dim)
    below = brute_order(dim)
    meets = check_meets(poset)
    full = completion(poset, completion_cuts(poset, meets.competing))
    assert check_meets(full).unique is True                       # the completion is a lattice
    cut_key = {}
    for i in range(full.size):                                    # every completion element as a cut
        cut_key[sum(1 << poset.index[k] for k in full.keys if k in poset.index
                    and full.leq(full.index[k], i))] = full.keys[i]
    competing = {(c.a, c.b) for c in meets.competing}
    for a, b in combinations(range(poset.size), 2):
        ka, kb = poset.keys[a], poset.keys[b]
        cut = meet_cut(poset, a, b)
        common = below[ka] & below[kb]
        assert {poset.keys[i] for i in range(poset.size) if cut >> i & 1} == common
        m = full.meet(full.index[ka], full.index[kb])
        assert full.keys[m] == cut_key[cut]
        assert full.leq(m, full.index[ka]) and full.leq(m, full.index[kb])      # a lower bound
        for x in range(full.size):                                              # the greatest one
            if full.leq(x, full.index[ka]) and full.leq(x, full.index[kb]):
                assert full.leq(x, m)
        maximal = {c for c in common if not any(c != d and c in below[d] for d in common)}
        assert ((min(a, b), max(a, b)) in competing or
                tuple(sorted((a, b), key=poset.sort_key)) in competing) == (len(maximal) > 1)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(rooted_dags())
def test_distributivity_agrees_with_the_identity_and_witnesses_are_sublattices(dim):
    poset = poset_of(dim)
    lattice = completion(poset, completion_cuts(poset, check_meets(poset).competing))
    verdict = check_distributive(lattice, cap=10_000)
    assert verdict.distributive is is_distributive_brute(lattice)
    if verdict.distributive is False:
        assert verdict.witness is not None
        check = is_m3 if verdict.witness.kind == "M3" else is_n5
        assert check(lattice, verdict.witness.elements)


def brute_width(poset) -> int:
    best = 0
    for r in range(1, poset.size + 1):
        for group in combinations(range(poset.size), r):
            if all(not poset.comparable(x, y) for x, y in combinations(group, 2)):
                best = r
                break
        else:
            break
    return best


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(rooted_dags(max_values=8))
def test_dilworth_width_matches_brute_force(dim):
    poset = poset_of(dim)
    width = dilworth_width(poset)
    assert width.width == brute_width(poset)
    assert len(width.antichain) == width.width
    assert all(not poset.comparable(x, y) for x, y in combinations(width.antichain, 2))


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 6), st.integers(1, 6), st.data())
def test_hopcroft_karp_is_maximum(n_left, n_right, data):
    adjacency = [sorted(data.draw(st.sets(st.integers(0, n_right - 1), max_size=n_right))) for _ in range(n_left)]
    match_left, match_right = hopcroft_karp(n_left, n_right, adjacency)
    size = sum(1 for v in match_left if v >= 0)
    for u, v in enumerate(match_left):
        if v >= 0:
            assert v in adjacency[u] and match_right[v] == u

    def best(u: int, used: frozenset) -> int:
        if u == n_left:
            return 0
        options = [best(u + 1, used)]
        options += [1 + best(u + 1, used | {v}) for v in adjacency[u] if v not in used]
        return max(options)

    assert size == best(0, frozenset())
