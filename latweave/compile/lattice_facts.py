"""Compile a Lattice into the lattice input relations of rules/schema.dl.

Strings are interned (sorted, so ids are stable for the same lattice); numeric and date bounds
become dense ranks, so every engine compares integers and no float ever reaches Datalog. Dates
also keep their magnitude — day numbers (proleptic Gregorian ordinals, exact integers) — which a
rank cannot give: the difference of two dates in days (`date_of_death - date_of_birth`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from latweave.compile.facts import LATTICE_RELATIONS, read_facts, write_facts
from latweave.compile.symbols import SymbolTable
from latweave.lattice.coordinates import settle
from latweave.lattice.model import Lattice
from latweave.lattice.names import TOP


@dataclass
class CompiledLattice:
    """The lattice as facts: the symbol table and rows for each lattice relation."""

    symbols: SymbolTable
    facts: dict[str, list[tuple[int, ...]]] = field(default_factory=dict)
    #: what every batch compiled against this lattice reads, derived once (the plan compiler's
    #: selectivity estimator and ordered dimensions, latweave/compile/plan_facts.py): built on
    #: first use, so a plan costs what the plan needs, not a pass over the lattice
    derived: dict = field(default_factory=dict, repr=False, compare=False)

    def write(self, directory: Path) -> None:
        self.symbols.write(directory / "symbols.jsonl")
        write_facts(directory / "facts", self.facts, LATTICE_RELATIONS)

    @classmethod
    def read(cls, directory: Path) -> "CompiledLattice":
        return cls(SymbolTable.read(directory / "symbols.jsonl"),
                   read_facts(directory / "facts", LATTICE_RELATIONS))


def lattice_strings(lattice: Lattice) -> set[str]:
    strings = {TOP}
    for dim in lattice.dimensions.values():
        strings.add(dim.key)
        strings.update(dim.labels)
        strings.update(dim.synonyms)
    for inst in lattice.instances.values():
        strings.add(inst.key)
        strings.update(inst.aliases)
    for pred in lattice.predicates:
        for key, value in pred.qualifiers:
            strings.update((key, value))
    return strings


def endpoints(dim) -> list[float]:
    """The sorted distinct interval ends of an ordered dimension: rank r is endpoints[r]."""
    return sorted({x for lo_hi in dim.bounds.values() for x in lo_hi})


def day_span(lo: float, hi: float) -> tuple[int, int]:
    """A date value's bounds as whole day numbers (they are ordinals: never fractional)."""
    if lo != int(lo) or hi != int(hi):
        raise ValueError(f"date bounds must be whole day numbers, got {lo}..{hi}")
    return int(lo), int(hi)


def compile_lattice(lattice: Lattice, worlds: dict | None = None) -> CompiledLattice:
    """The lattice's input relations. A predicate on a functional dimension whose instance states
    several values there becomes one `coord` row per world it supports (its value's meet with the
    values consistent with it: latweave/lattice/coordinates.py); every other predicate is one row.
    `worlds`: the lattice's settled coordinates when the caller has them."""
    if worlds is None:
        worlds = settle(lattice)  # first: it may add the meet of overlapping intervals as a value
    symbols = SymbolTable(lattice_strings(lattice))
    sid = symbols.id
    facts: dict[str, list[tuple[int, ...]]] = {name: [] for name in LATTICE_RELATIONS}
    for dim in lattice.dimensions.values():
        d = sid(dim.key)
        facts["dimension"].append((d,))
        if dim.functional:
            facts["functional"].append((d,))
        facts["top"].append((d, sid(TOP)))
        facts["node"].extend((d, sid(v)) for v in dim.labels)
        facts["subsumes"].extend((d, sid(p), sid(c)) for p, c in dim.edges())
        facts["synonym"].extend((d, sid(s), sid(v)) for s, v in dim.synonyms.items())
        if dim.ordered:
            facts["ordered"].append((d,))
            rank = {x: i for i, x in enumerate(endpoints(dim))}
            facts["bounds"].extend((d, sid(v), rank[lo], rank[hi]) for v, (lo, hi) in dim.bounds.items())
        if dim.kind == "date":
            facts["magnitude"].extend((d, sid(v), *day_span(lo, hi)) for v, (lo, hi) in dim.bounds.items())
    for inst in lattice.instances.values():
        x = sid(inst.key)
        facts["instance"].append((x,))
        facts["alias"].extend((sid(a), x) for a in inst.aliases)
    for p, pred in enumerate(lattice.sorted_predicates()):
        x, d = sid(pred.instance), sid(pred.dimension)
        held = worlds.get((pred.instance, pred.dimension))
        if held is None:
            facts["coord"].append((x, d, sid(pred.value), p))
        else:
            facts["coord"].extend((x, d, sid(w.value), p) for w in held if pred.value in w.support)
        facts["qualifier"].extend((p, sid(k), sid(v)) for k, v in pred.qualifiers)
    return CompiledLattice(symbols, {k: sorted(set(v)) for k, v in facts.items()})
