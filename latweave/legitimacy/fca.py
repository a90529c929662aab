"""Formal Concept Analysis across dimensions: which (dimension, value) attributes always co-occur.

The formal context has the instances as objects and the (dimension, value) pairs they are given
as attributes (Ganter & Wille, *Formal Concept Analysis*, 1999, §1.1). Two attributes with the
same extent always co-occur: candidates for one merged dimension or a cross-reference. An
attribute whose closure {m}'' holds more than its own group implies those attributes wherever it
occurs (a one-way dependency). Both come from the sparse extents and intents alone, in time
about linear in the incidences, so they are reported for any lattice.

The concept lattice itself is enumerated with Ganter's NextClosure (Ganter & Wille 1999,
§2.1, Algorithm "All Closures"), which lists the closed intents in lectic order without keeping
them; its size can grow exponentially with the context, so it runs only when objects × attributes
is under a cap and stops after a maximum number of concepts, saying so rather than hanging.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Hashable, Iterable

from latweave.lattice.model import Lattice
from latweave.legitimacy.poset import bits

#: Default caps for the concept enumeration.
MAX_CONCEPTS = 10_000
MAX_CELLS = 1_000_000
#: The cap on `implication_work`: above it the implications are not listed (the report says why).
MAX_IMPLICATION_WORK = 20_000_000


@dataclass(frozen=True)
class FormalContext:
    """Objects × attributes, the incidence held sparse both ways: `extent_of[m]` and `intent_of[g]` are
    sorted index tuples. Bitset forms (`extents`, `intents`) are built on first use, for NextClosure."""

    objects: tuple[Hashable, ...]
    attributes: tuple[Hashable, ...]
    extent_of: tuple[tuple[int, ...], ...]
    intent_of: tuple[tuple[int, ...], ...]

    @classmethod
    def from_incidence(cls, pairs: Iterable[tuple[Hashable, Hashable]]) -> "FormalContext":
        """The context of (object, attribute) pairs; objects and attributes are numbered sorted.

        The pairs are sorted once, by object and then attribute (a lattice's come nearly in that
        order: `context_of`), so each object's attributes and each attribute's objects come out
        in ascending order and distinct, with no sort per object or per attribute (a third of a
        KB build's legitimacy check did those: docs/performance.md, "Building a KB")."""
        ordered = sorted(pairs)
        attributes = tuple(sorted({m for _, m in ordered}))
        m_index = {m: i for i, m in enumerate(attributes)}
        extents: list[list[int]] = [[] for _ in attributes]
        objects: list[Hashable] = []
        intents: list[list[int]] = []
        last = None
        intent: list[int] = []
        for pair in ordered:
            if pair == last:
                continue
            g, m = pair
            if last is None or g != last[0]:
                objects.append(g)
                intent = []
                intents.append(intent)
            last = pair
            mi = m_index[m]
            extents[mi].append(len(objects) - 1)
            intent.append(mi)
        return cls(tuple(objects), attributes, tuple(map(tuple, extents)), tuple(map(tuple, intents)))

    @cached_property
    def extents(self) -> tuple[int, ...]:
        return tuple(sum(1 << g for g in e) for e in self.extent_of)

    @cached_property
    def intents(self) -> tuple[int, ...]:
        return tuple(sum(1 << m for m in i) for i in self.intent_of)

    @property
    def incidences(self) -> int:
        return sum(len(e) for e in self.extent_of)

    @property
    def all_objects(self) -> int:
        return (1 << len(self.objects)) - 1

    @property
    def all_attributes(self) -> int:
        return (1 << len(self.attributes)) - 1

    def extent(self, intent: int) -> int:
        """B′: the objects having every attribute in `intent`."""
        out = self.all_objects
        for m in bits(intent):
            out &= self.extents[m]
        return out

    def intent(self, extent: int) -> int:
        """A′: the attributes shared by every object in `extent`."""
        out = self.all_attributes
        for g in bits(extent):
            out &= self.intents[g]
        return out

    def closure(self, intent: int) -> int:
        return self.intent(self.extent(intent))


def context_of(lattice: Lattice) -> FormalContext:
    """Instances × (dimension name, value label), from the lattice's predicates (in canonical
    order: by instance first, as `from_incidence` sorts them)."""
    names = {key: dim.name for key, dim in lattice.dimensions.items()}
    labels = {key: dim.labels for key, dim in lattice.dimensions.items()}
    return FormalContext.from_incidence(
        (p.instance, (names[p.dimension], labels[p.dimension].get(p.value, p.value)))
        for p in lattice.sorted_predicates())


@dataclass(frozen=True)
class Concepts:
    """The concepts found: (extent, intent) bitset pairs in lectic order; `complete` False when capped."""

    found: tuple[tuple[int, int], ...]
    complete: bool
    message: str | None = None


def next_closure_concepts(context: FormalContext, *, max_concepts: int = MAX_CONCEPTS,
                          max_cells: int = MAX_CELLS) -> Concepts:
    """All formal concepts by NextClosure, or as many as the caps allow with a message why not all."""
    n_g, n_m = len(context.objects), len(context.attributes)
    if n_g * n_m > max_cells:
        return Concepts((), False, f"context too large for the concept lattice: {n_g} objects × {n_m} "
                                   f"attributes = {n_g * n_m} cells, above the cap of {max_cells}")
    found = []
    current = context.closure(0)
    found.append((context.extent(current), current))
    everything = context.all_attributes
    while current != everything:
        for i in range(n_m - 1, -1, -1):
            bit = 1 << i
            if current & bit:
                current &= ~bit
                continue
            candidate = context.closure(current | bit)
            if not (candidate & ~current) & (bit - 1):   # no new attribute before i
                current = candidate
                break
        if len(found) >= max_concepts:
            return Concepts(tuple(found), False,
                            f"concept lattice has more than {max_concepts} concepts; enumeration stopped")
        found.append((context.extent(current), current))
    return Concepts(tuple(found), True)


@dataclass(frozen=True)
class CoOccurrence:
    """Attributes with one and the same extent, of `support` objects."""

    attributes: tuple[Hashable, ...]
    support: int


@dataclass(frozen=True)
class Implication:
    """Wherever `premise` occurs (on `support` objects) every attribute of `conclusion` occurs too."""

    premise: Hashable
    conclusion: tuple[Hashable, ...]
    support: int


def co_occurring(context: FormalContext, *, min_support: int = 2) -> tuple[CoOccurrence, ...]:
    """Groups of two or more attributes with identical extents of at least `min_support` objects."""
    groups: dict[tuple[int, ...], list[int]] = {}
    for m, extent in enumerate(context.extent_of):
        if len(extent) >= min_support:
            groups.setdefault(extent, []).append(m)
    out = [CoOccurrence(tuple(context.attributes[m] for m in members), len(extent))
           for extent, members in groups.items() if len(members) > 1]
    return tuple(sorted(out, key=lambda c: (-c.support, c.attributes)))


def implication_work(context: FormalContext, *, min_support: int = 2) -> int:
    """The steps `implications` takes at most: every object's attributes, once for each of its
    attributes of at least `min_support` objects (each intersects that object's intent).

    It is quadratic in an object's attributes, so hub objects dominate it: the inverse dimensions of
    a KB give a profession held by many people as many attributes (figures: docs/performance.md).
    The same sum is counted by `ingest.spark_legitimacy`, so a Python and
    a Spark build skip the same listings.
    """
    supported = [len(extent) >= min_support for extent in context.extent_of]
    return sum(len(intent) * sum(supported[m] for m in intent) for intent in context.intent_of)


def implications_skipped(work: int, *, min_support: int = 2, max_work: int = MAX_IMPLICATION_WORK) -> str | None:
    """Why the implications are not listed (`work` above `max_work`), or None when they are."""
    if work <= max_work:
        return None
    return (f"implications not listed: their closures take {work:,} steps (each object's attributes, once per "
            f"attribute of support ≥ {min_support}), above the cap of {max_work:,}; objects with many attributes "
            "(a KB's inverse dimensions make hubs) make it quadratic")


def implications(context: FormalContext, *, min_support: int = 2) -> tuple[Implication, ...]:
    """m → {m}'' minus the attributes co-occurring with m, for attributes of at least `min_support`.

    {m}'' is the intersection of the intents of m's objects, taken on the sparse intents.
    """
    out = []
    for m, extent in enumerate(context.extent_of):
        if len(extent) < min_support:
            continue
        closed = set(context.intent_of[extent[0]])
        for g in extent[1:]:
            closed.intersection_update(context.intent_of[g])
            if len(closed) == 1:
                break
        implied = sorted(k for k in closed if context.extent_of[k] != extent)
        if implied:
            out.append(Implication(context.attributes[m], tuple(context.attributes[k] for k in implied), len(extent)))
    return tuple(sorted(out, key=lambda i: (-i.support, i.premise)))
