"""Dimension independence: pairs of dimensions whose values determine each other.

Over the instances that have both dimensions, D1 determines D2 when instances agreeing on D1
agree on D2 (a functional dependency, Armstrong 1974); when each determines the other the two
are one dimension spelt twice (a bijection between their values) and a question can be answered
through either — worth a merge or an explicit cross-reference. An instance's "value" on a
non-functional dimension is the set of its values there.

A pair is reported only when it is supported: at least `min_support` shared instances, fewer
distinct values than instances (some value is shared by two instances) and at least two distinct
values, since a dimension whose values are all distinct determines every other one trivially and
a constant is determined by every other one.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby
from operator import attrgetter
from typing import Iterator

from latweave.lattice.model import Lattice


@dataclass(frozen=True)
class Dependence:
    """Dimensions `first` and `second` (names, sorted) determine each other on `instances` instances
    that take `values` distinct values."""

    first: str
    second: str
    instances: int
    values: int

    def to_dict(self) -> dict:
        return {"dimensions": [self.first, self.second], "instances": self.instances, "values": self.values}


def _values_by_instance(lattice: Lattice) -> Iterator[tuple[str, dict[str, frozenset[str]]]]:
    """(instance, dimension key → the set of its values there), instance by instance in key
    order: read off the predicates in canonical order, where an instance's predicates lie side by
    side, sorted by dimension (no dict of sets per instance: most of this check's time at a KB's
    million predicates, docs/performance.md "Building a KB")."""
    for instance, preds in groupby(lattice.sorted_predicates(), _INSTANCE):
        yield instance, {dim: frozenset(map(_VALUE, same)) for dim, same in groupby(preds, _DIMENSION)}


_INSTANCE, _DIMENSION, _VALUE = attrgetter("instance"), attrgetter("dimension"), attrgetter("value")


def dependent_dimensions(lattice: Lattice, *, min_support: int = 5) -> tuple[Dependence, ...]:
    """Every supported pair of mutually determining dimensions, sorted by names.

    One pass over the instances feeds every pair of dimensions an instance has, so the cost is the
    sum over instances of (dimensions per instance)², not dimensions² × instances.
    """
    forward: dict[tuple[str, str], dict] = {}
    backward: dict[tuple[str, str], dict] = {}
    shared: dict[tuple[str, str], int] = {}
    broken: set[tuple[str, str]] = set()
    for inst, values in _values_by_instance(lattice):
        dims = sorted(values)
        for x, first in enumerate(dims):
            for second in dims[x + 1:]:
                pair = (first, second)
                if pair in broken:
                    continue
                a, b = values[first], values[second]
                if forward.setdefault(pair, {}).setdefault(a, b) != b or \
                        backward.setdefault(pair, {}).setdefault(b, a) != a:
                    broken.add(pair)
                    del forward[pair], backward[pair]
                    continue
                shared[pair] = shared.get(pair, 0) + 1
    out = []
    for pair, mapping in forward.items():
        count, distinct = shared[pair], len(mapping)
        # Unique values determine anything, a constant is determined by anything: neither says much.
        if count >= min_support and 2 <= distinct < count:
            a, b = sorted(lattice.dimensions[k].name for k in pair)
            out.append(Dependence(a, b, count, distinct))
    return tuple(sorted(out, key=lambda d: (d.first, d.second)))
