"""An instance's coordinate on a functional dimension: the meet of what the sources state — or
a contest between alternatives when they contradict each other.

Sources disagree (two birth dates for one person, two directors credited for one film), and a
builder that keeps the first value it saw makes a silent guess. So every stated predicate is
kept, and the coordinate of instance x on a *functional* dimension d is read off all of them:

* the stated values S(x, d) are grouped into the maximal subsets that have a common lower bound
  other than ⊥ (on an ordered dimension: whose intervals intersect);
* each such subset is a *world*; its value is the subset's meet (its greatest common lower bound;
  on an ordered dimension the intersection of the intervals), and it is *supported* by the
  predicates whose stated value lies at or above it;
* one world: the coordinate is certain — `1950` and `1950-03-02` give `1950-03-02`, `Paris` below
  `France` gives `Paris`; two or more worlds: the coordinate is **contested**, and the rules
  (rules/meet.dl, rules/compare.dl) decide what a contested coordinate does to an answer.

On a dimension that is not functional every stated value is a coordinate (several hold at once).
A taxonomy whose meets are not unique (built with --allow) may give one subset two maximal lower
bounds: each of them is a world, since nothing says which one holds.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from latweave.lattice.model import Dimension, Lattice, Predicate
from latweave.lattice.ordered import interval_value


@dataclass(frozen=True, order=True)
class World:
    """One alternative coordinate: `value` (a value key of the dimension) and the stated value
    keys that support it (each at or above `value`), sorted."""

    value: str
    support: tuple[str, ...]


def _children(dim: Dimension) -> dict[str, list[str]]:
    children: dict[str, list[str]] = defaultdict(list)
    for child, parents in dim.parents.items():
        for parent in parents:
            children[parent].append(child)
    return children


def _down_sets(children: dict[str, list[str]], stated: list[str]) -> dict[str, frozenset[str]]:
    """Every value at or below each stated value (reflexive), over the taxonomy's edges."""
    out = {}
    for v in stated:
        seen, todo = {v}, [v]
        while todo:
            for c in children.get(todo.pop(), ()):
                if c not in seen:
                    seen.add(c)
                    todo.append(c)
        out[v] = frozenset(seen)
    return out


def _maximal(groups: set[frozenset[str]]) -> list[frozenset[str]]:
    return [g for g in groups if not any(g < h for h in groups)]


def _taxonomy_worlds(children: dict[str, list[str]], stated: list[str]) -> list[World]:
    down = _down_sets(children, stated)
    # A consistent subset is the set of stated values above some common lower bound u; the
    # maximal ones come from the u in the union of the down-sets.
    groups = {frozenset(v for v in stated if u in down[v]) for v in stated for u in down[v]}
    worlds = []
    for group in _maximal(groups):
        common = frozenset.intersection(*(down[v] for v in group))
        # the meet: the common lower bounds that lie below no other common lower bound
        below = _down_sets(children, sorted(common))
        greatest = [u for u in common if not any(u != w and u in below[w] for w in common)]
        worlds.extend(World(u, tuple(sorted(group))) for u in greatest)
    return sorted(worlds)


def _interval_worlds(dim: Dimension, stated: list[str]) -> list[tuple[tuple[float, float], tuple[str, ...]]]:
    """Maximal sets of intersecting intervals (any common point: Helly in one dimension) and
    their intersections."""
    bounds = {v: dim.bounds[v] for v in stated}
    groups = {frozenset(v for v in stated if bounds[v][0] <= bounds[u][0] <= bounds[v][1]) for u in stated}
    out = []
    for group in _maximal(groups):
        lo = max(bounds[v][0] for v in group)
        hi = min(bounds[v][1] for v in group)
        out.append(((lo, hi), tuple(sorted(group))))
    return sorted(out)


def stated_values(lattice: Lattice) -> dict[tuple[str, str], list[Predicate]]:
    """The predicates of each (instance, dimension) pair on a functional dimension that states
    two or more different values — the only pairs whose coordinate needs reading off."""
    functional = {key for key, dim in lattice.dimensions.items() if dim.functional}
    by_pair: dict[tuple[str, str], list[Predicate]] = defaultdict(list)
    for pred in lattice.predicates:
        if pred.dimension in functional:
            by_pair[(pred.instance, pred.dimension)].append(pred)
    return {pair: sorted(preds) for pair, preds in by_pair.items()
            if len(preds) > 1 and len({p.value for p in preds}) > 1}


def settle(lattice: Lattice) -> dict[tuple[str, str], list[World]]:
    """The worlds of every (instance, functional dimension) pair that states several values.

    Pairs stating one value (the usual case) are left out: their coordinate is that value. The
    intersection of overlapping intervals on an ordered dimension becomes a value of the
    dimension when it is not one already (so the lattice files hold every coordinate)."""
    out: dict[tuple[str, str], list[World]] = {}
    children: dict[str, dict[str, list[str]]] = {}
    for (x, d), preds in sorted(stated_values(lattice).items()):
        dim = lattice.dimensions[d]
        stated = sorted({p.value for p in preds})
        if dim.ordered:
            worlds = []
            for (lo, hi), support in _interval_worlds(dim, stated):
                key = next((v for v in support if dim.bounds[v] == (lo, hi)), None)
                if key is None:
                    key = dim.add_value(interval_value(lo, hi, dim.kind))
                worlds.append(World(key, support))
            out[(x, d)] = sorted(worlds)
        else:
            if d not in children:
                children[d] = _children(dim)
            out[(x, d)] = _taxonomy_worlds(children[d], stated)
    return out


def contested_counts(worlds: dict[tuple[str, str], list[World]], lattice: Lattice) -> dict[str, int]:
    """How many instances have a contested coordinate, per functional dimension (by name, every
    functional dimension listed, zeros included), sorted by name."""
    counts = {dim.name: 0 for dim in lattice.dimensions.values() if dim.functional}
    for (_, d), ws in worlds.items():
        if len(ws) > 1:
            counts[lattice.dimensions[d].name] += 1
    return dict(sorted(counts.items()))

