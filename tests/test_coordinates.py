"""Coordinates on functional dimensions: the meet of what the sources state, or a contest.

Worlds are the maximal subsets of an instance's stated values with a common lower bound; each
world's value is their meet (on an ordered dimension, the intersection of the intervals). One world:
a certain coordinate; two or more: contested. Checked against a brute force over every subset on
random taxonomies and random intervals.
"""

from __future__ import annotations

import datetime
import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from latweave.lattice.coordinates import World, contested_counts, settle
from latweave.lattice.model import Dimension, Lattice


def lattice_with(dimension: Dimension, stated: list[str]) -> Lattice:
    lattice = Lattice()
    lattice.add_dimension(dimension)
    lattice.add_document("d", "x")
    for value in stated:
        lattice.add_predicate("X", dimension.name, value, doc="d", source_text="x")
    return lattice


def city() -> Dimension:
    dim = Dimension("city", functional=True)
    for parent, child in (("TOP", "europe"), ("europe", "france"), ("europe", "germany"),
                          ("france", "paris"), ("france", "lyon"), ("germany", "berlin")):
        dim.add_edge(parent, child)
    return dim


@pytest.mark.parametrize("stated,worlds", [
    (["paris"], None),                                        # one value: nothing to read off
    (["paris", "france"], [World("paris", ("france", "paris"))]),
    (["paris", "france", "europe"], [World("paris", ("europe", "france", "paris"))]),
    (["paris", "berlin"], [World("berlin", ("berlin",)), World("paris", ("paris",))]),
    (["paris", "lyon", "france"], [World("lyon", ("france", "lyon")), World("paris", ("france", "paris"))]),
])
def test_taxonomy_worlds(stated, worlds):
    got = settle(lattice_with(city(), stated)).get(("x", "city"))
    assert got == worlds


def test_meet_that_no_source_states():
    zone = Dimension("zone", functional=True)
    for parent, child in (("TOP", "land"), ("TOP", "water"), ("land", "shore"), ("water", "shore")):
        zone.add_edge(parent, child)
    assert settle(lattice_with(zone, ["land", "water"]))[("x", "zone")] == [World("shore", ("land", "water"))]


def test_dates_nested_overlapping_and_disjoint():
    born = lambda: Dimension("born", kind="date", functional=True)  # noqa: E731
    assert settle(lattice_with(born(), ["1950", "1950-03-02"]))[("x", "born")] == [
        World("1950-03-02", ("1950", "1950-03-02"))]
    assert [w.value for w in settle(lattice_with(born(), ["1901", "1903"]))[("x", "born")]] == ["1901", "1903"]
    lattice = lattice_with(born(), ["1950..1960", "1955..1970"])
    (world,) = settle(lattice)[("x", "born")]
    assert world.value == "1955-01-01..1960-12-31" and world.support == ("1950..1960", "1955..1970")
    first, last = datetime.date(1955, 1, 1).toordinal(), datetime.date(1960, 12, 31).toordinal()
    assert lattice.dimensions["born"].bounds[world.value] == (first, last)  # added as a value


def test_several_valued_dimensions_are_never_contested():
    dim = Dimension("diet", functional=False)
    dim.add_edge("TOP", "fish")
    dim.add_edge("TOP", "krill")
    lattice = lattice_with(dim, ["fish", "krill"])
    assert settle(lattice) == {}
    assert contested_counts(settle(lattice), lattice) == {}


def brute_worlds(down: dict[str, set[str]], stated: list[str]) -> set[tuple[str, tuple[str, ...]]]:
    """Every subset with a common lower bound; keep the maximal ones; their meets."""
    consistent = [set(t) for r in range(1, len(stated) + 1) for t in itertools.combinations(stated, r)
                  if set.intersection(*(down[v] for v in t))]
    maximal = [t for t in consistent if not any(t < u for u in consistent)]
    out = set()
    for t in maximal:
        common = set.intersection(*(down[v] for v in t))
        for u in common:
            if not any(u != w and u in down[w] for w in common):
                out.add((u, tuple(sorted(t))))
    return out


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000))
def test_taxonomy_worlds_match_brute_force(seed):
    rng = random.Random(seed)
    dim = Dimension("d", functional=True)
    names = [f"v{i}" for i in range(12)]
    for i, name in enumerate(names):
        parents = rng.sample(names[:i], k=min(i, rng.randint(1, 2))) if i else []
        for parent in parents or ["TOP"]:
            dim.add_edge(parent, name)
    children: dict[str, set[str]] = {}
    for parent, child in dim.edges():
        children.setdefault(parent, set()).add(child)

    def down(v):
        out, todo = {v}, [v]
        while todo:
            for c in children.get(todo.pop(), ()):
                if c not in out:
                    out.add(c)
                    todo.append(c)
        return out

    stated = sorted(rng.sample(names, k=rng.randint(2, 5)))
    got = settle(lattice_with(dim, stated))[("x", "d")]
    assert {(w.value, w.support) for w in got} == brute_worlds({v: down(v) for v in names}, stated)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 30), st.integers(0, 8)), min_size=2, max_size=6, unique=True))
def test_interval_worlds_match_brute_force(spans):
    dim = Dimension("n", kind="number", functional=True)
    stated = sorted({f"{lo}..{lo + width}" for lo, width in spans})
    if len(stated) < 2:
        return
    lattice = lattice_with(dim, stated)
    bounds = {v: dim.bounds[v] for v in stated}
    got = settle(lattice)[("x", "n")]
    consistent = [set(t) for r in range(1, len(stated) + 1) for t in itertools.combinations(stated, r)
                  if max(bounds[v][0] for v in t) <= min(bounds[v][1] for v in t)]
    maximal = [t for t in consistent if not any(t < u for u in consistent)]
    want = {((max(bounds[v][0] for v in t), min(bounds[v][1] for v in t)), tuple(sorted(t))) for t in maximal}
    assert {(dim.bounds[w.value], w.support) for w in got} == want
