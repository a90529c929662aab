"""Compile a Lattice into the lattice input relations of rules/schema.dl.

Strings are interned (sorted, so ids are stable for the same lattice); numeric bounds become
dense ranks, so every engine compares integers and no float ever reaches Datalog. Date bounds are
day numbers (proleptic Gregorian ordinals, exact integers that fit every engine's 32 bits): as
ordered as ranks, and a new date never moves another's (a layer adds its dates' rows, nothing
else: folder/layers.py). Dates also keep their magnitude — the same day numbers — for the
difference of two dates in days (`date_of_death - date_of_birth`).
"""

from __future__ import annotations

import json
from collections import Counter
from itertools import chain, islice
from operator import itemgetter, lt
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Iterator

from latweave.compile.facts import LATTICE_RELATIONS, read_facts, write_facts
from latweave.compile.stored_symbols import read_symbols
from latweave.compile.symbols import SymbolTable
from latweave.lattice.canonical import class_key
from latweave.lattice.coordinates import World, settle
from latweave.lattice.model import Lattice
from latweave.folder.layers import layer_folders
from latweave.lattice.names import TOP
from latweave.lattice.periods import period_of
from latweave.folder.store import read_manifest
from latweave.folder.base_rows import base_rows
from latweave.folder.blocks import model_lines, write_blocks
from latweave.folder.names import COUNTS_FILE, ENGINE_DB, FACTS_DIR, RETRACTED_DIR, SYMBOLS, WORLDS_FILE


#: (instance key, dimension key) → each world with the ids of the predicates supporting it
#: (ascending): the contested or merged coordinates of a lattice (latweave/lattice/coordinates.py).
Contested = dict[tuple[str, str], list[tuple[World, list[int]]]]


class StoredFacts(Mapping):
    """The lattice relations of a facts folder, each parsed on first use (read-only). `layers`:
    the folders of the lattice's later layers (folder/layers.py), whose retractions and additions
    apply in order after `directory`'s rows. A lattice's layer 0 has no facts folder: its rows are
    read from the base tables of the engine database beside it (folder/base_rows.py), in the
    order the `.facts` files held them."""

    def __init__(self, directory: Path, relations: tuple[str, ...] = LATTICE_RELATIONS, layers: tuple[Path, ...] = ()):
        self.directory, self.relations, self.layers = Path(directory), relations, tuple(layers)
        self._rows: dict[str, list[tuple[int, ...]]] = {}
        database = self.directory.parent / ENGINE_DB
        self._database = database if not self.directory.is_dir() and database.is_file() else None

    def __getitem__(self, name: str) -> list[tuple[int, ...]]:
        rows = self._rows.get(name)
        if rows is None:
            if name not in self.relations:
                raise KeyError(name)
            rows = (read_facts(self.directory, (name,))[name] if self._database is None
                    else base_rows(self._database, name))
            for layer in self.layers:
                gone = set(read_facts(layer / RETRACTED_DIR, (name,))[name])
                if gone:
                    rows = [row for row in rows if row not in gone]
                rows += read_facts(layer / FACTS_DIR, (name,))[name]
            self._rows[name] = rows
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
    #: the folders of its later layers (folder/layers.py), when it was read from a folder of several
    layers: tuple[Path, ...] = field(default=(), repr=False, compare=False)
    #: `facts` are compile_lattice's own rows: per relation a list of int tuples of one arity,
    #: sorted and distinct (so `write` writes them without checking that again)
    plain: bool = field(default=False, repr=False, compare=False)

    def write(self, directory: Path, facts: bool = True) -> None:
        """The symbols, the derived files and (`facts`) facts/*.facts, into `directory`. A
        lattice's layer 0 is written without facts/: its relations' rows are the engine
        database's base tables (`StoredFacts` reads them there)."""
        self.symbols.write(directory / SYMBOLS)
        if facts:
            write_rows(directory / FACTS_DIR, self.facts, LATTICE_RELATIONS, plain=self.plain)
        if self.contested is None:
            raise ValueError("a compiled lattice is written with its worlds (compile_lattice gives them)")
        write_derived(directory, self.coord_counts(), self.contested)

    @classmethod
    def read(cls, directory: Path, manifest: dict | None = None) -> "CompiledLattice":
        """The compiled lattice of a lattice folder (through every layer: `manifest`, the
        folder's, when the caller has read it): the symbol table now, each relation's rows when
        first asked for (`facts` is a read-only mapping)."""
        directory = Path(directory)
        folders = layer_folders(directory, read_manifest(directory, verify=False) if manifest is None else manifest)
        symbols = read_symbols(folders)   # (a large table read by line: a question looks up a few symbols)
        return cls(symbols, StoredFacts(directory / FACTS_DIR, layers=tuple(folders[1:])), directory=directory,
                   layers=tuple(folders[1:]))

    def coord_counts(self) -> dict[tuple[int, int], int]:
        """How many `coord` rows each (dimension, value) has (read from the build's counts when
        this was read from a folder; counted from the rows otherwise), kept once read."""
        counts = self.derived.get("coord_counts")
        if counts is None:
            if self.directory is not None:
                counts = {(d, v): n for d, v, n in read_counts(self.directory)}
                for layer in self.layers:   # a later layer's count replaces; 0 deletes
                    for d, v, n in read_counts(layer):
                        if n:
                            counts[(d, v)] = n
                        else:
                            counts.pop((d, v), None)
                if self.layers:
                    counts = dict(sorted(counts.items()))
            else:
                counts = dict(sorted(Counter(map(_DIMENSION_VALUE, self.facts["coord"])).items()))
            self.derived["coord_counts"] = counts
        return counts

    def worlds(self) -> Contested | None:
        """The contested or merged coordinates with their supporting predicate ids (read from the
        build's worlds when this was read from a folder); None when unknown (compiled elsewhere)."""
        if self.contested is None and self.directory is not None:
            contested: Contested = {}
            for folder in (self.directory, *self.layers):   # a later layer's worlds replace; none deletes
                if folder is not self.directory and not (folder / WORLDS_FILE).is_file():
                    continue
                with (folder / WORLDS_FILE).open(encoding="utf-8") as handle:
                    for line in handle:
                        row = json.loads(line)
                        pair = (row["instance"], row["dimension"])
                        contested[pair] = [(World(w["value"], tuple(w["support"])), w["predicates"])
                                           for w in row["worlds"]]
                        if not contested[pair]:
                            del contested[pair]
            self.contested = dict(sorted(contested.items())) if self.layers else contested
        return self.contested


_DIMENSION_VALUE = itemgetter(1, 2)   # a coord row's (dimension, value)


def write_derived(directory: Path, counts: Mapping[tuple[int, int], int] | Iterator[tuple[int, int, int]],
                  contested: Contested) -> None:
    """The build's derived files in a lattice folder: the `coord` rows per (dimension, value)
    (COUNTS_FILE, in the order given; an iterator of (dimension, value, count) rows is taken as
    sorted and distinct, and written as it comes: a streamed write's, ingest/stream.py) and the
    contested or merged coordinates' worlds with their supporting predicates (WORLDS_FILE,
    sorted), which `CompiledLattice.read` reads back."""
    if isinstance(counts, Mapping):
        write_counts(directory, [(d, v, n) for (d, v), n in counts.items()])
    else:
        write_counts(directory, counts, ordered=True)
    with (directory / WORLDS_FILE).open("w", encoding="utf-8", newline="\n") as handle:
        for (x, d), worlds in sorted(contested.items()):
            handle.write(json.dumps({"instance": x, "dimension": d, "worlds": [
                {"value": w.value, "support": list(w.support), "predicates": ps} for w, ps in worlds]},
                ensure_ascii=False, sort_keys=True) + "\n")


def write_counts(folder: Path, rows: Iterable[tuple[int, int, int]], ordered: bool = False) -> None:
    """COUNTS_FILE of a lattice folder (or layer): (dimension, value, count) rows, sorted (as
    given when they come sorted: the build's; `ordered`: known to be, not checked), as a block
    file of tab-separated lines (folder/blocks.py: deflated, ~1/6 the text, and no line index)."""
    if not ordered and not _plain(rows):
        rows = sorted({tuple(row) for row in rows})
    (folder / COUNTS_FILE).parent.mkdir(parents=True, exist_ok=True)
    write_blocks(folder / COUNTS_FILE, map("%d\t%d\t%d\n".__mod__, rows))


def read_counts(folder: Path) -> list[tuple[int, ...]]:
    """The rows of a lattice folder's (or layer's) COUNTS_FILE; none when it has none."""
    path = folder / COUNTS_FILE
    if not path.is_file():
        return []
    return [tuple(map(int, line.split("\t"))) for line in model_lines(path)]


def write_rows(directory: Path, facts: Mapping[str, list[tuple[int, ...]]], relations: tuple[str, ...], *,
               plain: bool = False) -> None:
    """compile/facts.py `write_facts`' files, the same bytes, for rows as `compile_lattice` gives
    them — a list of int tuples of one arity, sorted and distinct — checked as such, not sorted
    again and not encoded cell by cell (half of writing a KB's facts: docs/performance.md,
    "Building a KB"); rows of any other shape go through `write_facts`. `plain`: the rows are
    known to be of that shape (compile_lattice's), so they are not checked."""
    directory.mkdir(parents=True, exist_ok=True)
    for name in relations:
        rows = facts.get(name, [])
        if not plain and not _plain(rows):
            write_facts(directory, {name: rows}, (name,))
            continue
        line = "\t".join(["%d"] * len(rows[0])) + "\n" if rows else ""
        with (directory / f"{name}.facts").open("w", encoding="ascii", newline="\n") as handle:
            for at in range(0, len(rows), 65536):
                handle.write("".join([line % row for row in rows[at:at + 65536]]))


def _plain(rows) -> bool:
    """`rows` is a list of tuples of one arity holding ints only (not bools), strictly ascending."""
    if type(rows) is not list:
        return False
    if not rows:
        return True
    return (set(map(type, rows)) == {tuple} and len(set(map(len, rows))) == 1
            and set(map(type, chain.from_iterable(rows))) <= {int}
            and all(map(lt, rows, islice(rows, 1, None))))


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


def compile_lattice(lattice: Lattice, worlds: dict | None = None, symbols: SymbolTable | None = None) -> CompiledLattice:
    """The lattice's input relations. A predicate on a functional dimension whose instance states
    several values there becomes one `coord` row per world it supports (its value's meet with the
    values consistent with it: latweave/lattice/coordinates.py); every other predicate is one row.
    `worlds`: the lattice's settled coordinates when the caller has them. `symbols`: the ids of a
    lattice of several layers (which hold every string of `lattice`); predicates are numbered by
    `Lattice.numbered` (their positions in canonical order, or a layered lattice's ids)."""
    if worlds is None:
        worlds = settle(lattice)  # first: it may add the meet of overlapping intervals as a value
    if symbols is None:
        symbols = SymbolTable(lattice_strings(lattice))
    sid = symbols.lookup()
    facts: dict[str, list[tuple[int, ...]]] = {name: [] for name in LATTICE_RELATIONS}
    for dim in lattice.dimensions.values():
        d = sid(dim.key)
        facts["dimension"].append((d,))
        if dim.functional:
            facts["functional"].append((d,))
        facts["top"].append((d, sid(TOP)))
        facts["node"].extend((d, v) for v in sorted(map(sid, dim.labels)))   # ascending: see _sorted_distinct
        facts["subsumes"].extend((d, sid(p), sid(c)) for p, c in dim.edges())
        facts["synonym"].extend((d, sid(s), sid(v)) for s, v in dim.synonyms.items())
        facts["canonical"].extend((d, sid(v), sid(class_key(c))) for v, c in dim.compare_classes().items())
        if dim.ordered:
            facts["ordered"].append((d,))
            if dim.kind == "date":   # day numbers: a new date never moves another's (a layer adds, nothing more)
                facts["bounds"].extend((d, sid(v), *day_span(lo, hi)) for v, (lo, hi) in dim.bounds.items())
            else:
                rank = {x: i for i, x in enumerate(endpoints(dim))}
                facts["bounds"].extend((d, sid(v), rank[lo], rank[hi]) for v, (lo, hi) in dim.bounds.items())
        if dim.kind == "date":
            facts["magnitude"].extend((d, sid(v), *day_span(lo, hi)) for v, (lo, hi) in dim.bounds.items())
    for inst in lattice.instances.values():
        x = sid(inst.key)
        facts["instance"].append((x,))
        facts["alias"].extend((sid(a), x) for a in inst.aliases)
    supported: dict[tuple[str, str, str], list[int]] = {}
    coord = facts["coord"]
    for p, pred in lattice.numbered():   # canonical order: the coord rows come out ascending
        held = worlds.get((pred.instance, pred.dimension)) if worlds else None
        if held is None:
            coord.append((sid(pred.instance), sid(pred.dimension), sid(pred.value), p))
        else:
            x, d = sid(pred.instance), sid(pred.dimension)
            coord.extend((x, d, sid(w.value), p) for w in held if pred.value in w.support)
            for w in held:
                if pred.value in w.support:
                    supported.setdefault((pred.instance, pred.dimension, w.value), []).append(p)
        if pred.qualifiers:
            facts["qualifier"].extend((p, sid(k), sid(v)) for k, v in pred.qualifiers)
            period = period_of(pred.qualifiers)
            if period is not None:
                facts["period"].append((p, *period.row))
    contested = {pair: [(w, supported.get((*pair, w.value), [])) for w in held]
                 for pair, held in sorted(worlds.items())}
    return CompiledLattice(symbols, {k: _sorted_distinct(v) for k, v in facts.items()}, contested=contested,
                           plain=True)


def _sorted_distinct(rows: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """`sorted(set(rows))`, the same list, without hashing every row into a set: rows already
    ascending (a lattice's coord rows, in canonical order) are checked, not sorted; rows in
    ascending runs (node: one run per dimension) are merged by the sort; duplicates, side by side
    once sorted, are dropped (docs/performance.md, "Building a KB")."""
    if all(map(lt, rows, islice(rows, 1, None))):
        return rows
    rows = sorted(rows)
    if all(map(lt, rows, islice(rows, 1, None))):
        return rows
    return [row for row, before in zip(rows, chain((None,), rows)) if row != before]
