"""Compile a Lattice into the lattice input relations of rules/schema.dl.

Strings are interned (sorted, so ids are stable for the same lattice); numeric and date bounds
become dense ranks, so every engine compares integers and no float ever reaches Datalog. Dates
also keep their magnitude — day numbers (proleptic Gregorian ordinals, exact integers) — which a
rank cannot give: the difference of two dates in days (`date_of_death - date_of_birth`).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

from latweave.compile.facts import LATTICE_RELATIONS, read_facts, write_facts
from latweave.compile.symbols import SymbolTable
from latweave.lattice.canonical import class_key
from latweave.lattice.coordinates import World, settle
from latweave.lattice.model import Lattice
from latweave.lattice.names import TOP
from latweave.lattice.periods import period_of

COUNTS_FILE = "derived/coord_counts.facts"
WORLDS_FILE = "derived/worlds.jsonl"

#: (instance key, dimension key) → each world with the ids of the predicates supporting it
#: (ascending): the contested or merged coordinates of a lattice (latweave/lattice/coordinates.py).
Contested = dict[tuple[str, str], list[tuple[World, list[int]]]]


class StoredFacts(Mapping):
    """The lattice relations of a facts folder, each parsed on first use (read-only)."""

    def __init__(self, directory: Path, relations: tuple[str, ...] = LATTICE_RELATIONS):
        self.directory, self.relations = Path(directory), relations
        self._rows: dict[str, list[tuple[int, ...]]] = {}

    def __getitem__(self, name: str) -> list[tuple[int, ...]]:
        rows = self._rows.get(name)
        if rows is None:
            if name not in self.relations:
                raise KeyError(name)
            rows = self._rows[name] = read_facts(self.directory, (name,))[name]
        return rows

    def __iter__(self) -> Iterator[str]:
        return iter(self.relations)

    def __len__(self) -> int:
        return len(self.relations)

    @property
    def loaded(self) -> list[str]:
        """The relations parsed so far, sorted (what opening a lattice has cost)."""
        return sorted(self._rows)


@dataclass
class CompiledLattice:
    """The lattice as facts: the symbol table and rows for each lattice relation."""

    symbols: SymbolTable
    facts: Mapping[str, list[tuple[int, ...]]] = field(default_factory=dict)
    #: what every batch compiled against this lattice reads, derived once (the plan compiler's
    #: selectivity estimator and ordered dimensions, latweave/compile/plan_facts.py): built on
    #: first use, so a plan costs what the plan needs, not a pass over the lattice
    derived: dict = field(default_factory=dict, repr=False, compare=False)
    #: the contested or merged coordinates, when known (compiled here, or read from `directory`)
    contested: Contested | None = field(default=None, repr=False, compare=False)
    #: the lattice folder this was read from (None: compiled in memory)
    directory: Path | None = field(default=None, repr=False, compare=False)

    def write(self, directory: Path) -> None:
        self.symbols.write(directory / "symbols.jsonl")
        write_facts(directory / "facts", self.facts, LATTICE_RELATIONS)
        if self.contested is None:
            raise ValueError("a compiled lattice is written with its worlds (compile_lattice gives them)")
        write_derived(directory, self.coord_counts(), self.contested)

    @classmethod
    def read(cls, directory: Path) -> "CompiledLattice":
        """The compiled lattice of a lattice folder: the symbol table now, each relation's rows
        when first asked for (`facts` is a read-only mapping)."""
        directory = Path(directory)
        return cls(SymbolTable.read(directory / "symbols.jsonl"), StoredFacts(directory / "facts"),
                   directory=directory)

    def coord_counts(self) -> dict[tuple[int, int], int]:
        """How many `coord` rows each (dimension, value) has (read from the build's counts when
        this was read from a folder; counted from the rows otherwise), kept once read."""
        counts = self.derived.get("coord_counts")
        if counts is None:
            if self.directory is not None:
                rows = read_facts(self.directory / "derived", ("coord_counts",))["coord_counts"]
                counts = {(d, v): n for d, v, n in rows}
            else:
                counts = dict(sorted(Counter((d, v) for _, d, v, _ in self.facts["coord"]).items()))
            self.derived["coord_counts"] = counts
        return counts

    def worlds(self) -> Contested | None:
        """The contested or merged coordinates with their supporting predicate ids (read from the
        build's worlds when this was read from a folder); None when unknown (compiled elsewhere)."""
        if self.contested is None and self.directory is not None:
            contested: Contested = {}
            with (self.directory / WORLDS_FILE).open(encoding="utf-8") as handle:
                for line in handle:
                    row = json.loads(line)
                    contested[(row["instance"], row["dimension"])] = [
                        (World(w["value"], tuple(w["support"])), w["predicates"]) for w in row["worlds"]]
            self.contested = contested
        return self.contested


def write_derived(directory: Path, counts: Mapping[tuple[int, int], int], contested: Contested) -> None:
    """The build's derived files in a lattice folder: the `coord` rows per (dimension, value)
    (COUNTS_FILE, in the order given) and the contested or merged coordinates' worlds with their
    supporting predicates (WORLDS_FILE, sorted), which `CompiledLattice.read` reads back."""
    write_facts(directory / Path(COUNTS_FILE).parent,
                {"coord_counts": [(d, v, n) for (d, v), n in counts.items()]}, ("coord_counts",))
    with (directory / WORLDS_FILE).open("w", encoding="utf-8", newline="\n") as handle:
        for (x, d), worlds in sorted(contested.items()):
            handle.write(json.dumps({"instance": x, "dimension": d, "worlds": [
                {"value": w.value, "support": list(w.support), "predicates": ps} for w, ps in worlds]},
                ensure_ascii=False, sort_keys=True) + "\n")


def lattice_strings(lattice: Lattice) -> set[str]:
    strings = {TOP}
    for dim in lattice.dimensions.values():
        strings.add(dim.key)
        strings.update(dim.labels)
        strings.update(dim.synonyms)
        strings.update(class_key(c) for c in dim.compare_classes().values())
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
        facts["canonical"].extend((d, sid(v), sid(class_key(c))) for v, c in dim.compare_classes().items())
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
    supported: dict[tuple[str, str, str], list[int]] = {}
    for p, pred in enumerate(lattice.sorted_predicates()):
        x, d = sid(pred.instance), sid(pred.dimension)
        held = worlds.get((pred.instance, pred.dimension))
        if held is None:
            facts["coord"].append((x, d, sid(pred.value), p))
        else:
            facts["coord"].extend((x, d, sid(w.value), p) for w in held if pred.value in w.support)
            for w in held:
                if pred.value in w.support:
                    supported.setdefault((pred.instance, pred.dimension, w.value), []).append(p)
        facts["qualifier"].extend((p, sid(k), sid(v)) for k, v in pred.qualifiers)
        period = period_of(pred.qualifiers) if pred.qualifiers else None
        if period is not None:
            facts["period"].append((p, *period.row))
    contested = {pair: [(w, supported.get((*pair, w.value), [])) for w in held]
                 for pair, held in sorted(worlds.items())}
    return CompiledLattice(symbols, {k: sorted(set(v)) for k, v in facts.items()}, contested=contested)
