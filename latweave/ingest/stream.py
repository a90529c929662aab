"""Write a lattice folder from a stream of instances, without the Python model of the whole lattice.

The writer (ingest/write.py) writes a lattice folder two ways. `save_lattice` builds a `Lattice`
(a `Predicate` object per predicate, a set of them, a sorted copy) and compiles it in memory, so
its peak grows with the lattice (docs/performance.md: a 10M-instance lattice does not fit 24 GB).
`write_stream` writes the same folder — the same files, byte for byte (tests/test_stream.py compares them file by file with `save_lattice`'s) — from a
*head* (a `Lattice` holding the dimensions and documents, small) and the instances as a stream
of `(label, predicates)` in ascending key order (`normalize(label)`). Memory stays linear and
small: per predicate, three integers in arrays (its instance's, dimension's and value's ids) until
the `coord` facts are written; symbols, instances and predicates go to disk as they arrive.

Why it works in one pass: the symbol table is the sorted set of every string, and the stream is
sorted, so merging the instance keys with the head's strings (dimension keys, values, synonyms,
⊤) writes `symbols.jsonl` in order and gives every instance its final id on arrival; a predicate's
id is its position in the canonical order (instance key first), which is arrival order. The
head's ids are final only at the end (they count the instance keys sorted before them): the head
relations (`node`, `subsumes`...) are compiled by `compile_lattice` on the head alone and renumbered.

Documents may stay on disk: `documents=` takes texts that are sliced and streamed from their file
(textio.TextFile), so a KB's text is never in memory either; documents.jsonl is the same bytes.

Scope: what the generated benchmark lattices are. Refused, with the reason: instances out of
order or repeated, qualifiers, aliases, a value the head's dimension does not declare (open and
ordered dimensions included: declare the values in the head), two values of one instance on a
functional dimension (a contested or merged coordinate, which needs `settle`), evidence that does
not hold. This module encodes the stream into the folder's files (`StreamFiles`, the writer's model-file
callback); `write.write_stream` puts them into the one atomic write.
"""

from __future__ import annotations

import heapq
import json
from array import array
from bisect import bisect_left
from collections import Counter
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Iterable, Iterator, Sequence

from latweave.compile.facts import LATTICE_RELATIONS, encode_row, write_facts
from latweave.compile.lattice_facts import compile_lattice, lattice_strings, write_derived
from latweave.compile.symbols import SymbolTable, encode_symbol
from latweave.engines.sqlite_store import write_engine_db
from latweave.errors import LatticeError
from latweave.ingest.flat import FlatDimension, FlatValues
from latweave.lattice.canonical import class_key
from latweave.lattice.model import Instance, Lattice, Predicate
from latweave.lattice.names import TOP, normalize
from latweave.folder.blocks import BlockWriter
from latweave.folder.rows import predicate_line, value_line
from latweave.folder.store import dimension_value_lines, instance_row, manifest_counts, write_model_files
from latweave.folder.names import ENGINE_DB, FACTS_DIR, INSTANCES, PREDICATES, SYMBOLS

#: relations the head gives (every column a symbol, except these relations' trailing numbers)
HEAD_RELATIONS = ("dimension", "functional", "ordered", "node", "top", "subsumes", "synonym", "bounds", "magnitude",
                  "canonical")
_NUMBERS_FROM = {"bounds": 2, "magnitude": 2}
#: relations the stream gives
STREAM_RELATIONS = ("instance", "alias", "coord", "qualifier", "period")


def _dumps(row: dict) -> str:
    return json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n"


class StreamFiles:
    """One streamed write: the state shared by the model files and the facts."""

    def __init__(self, head: Lattice, rows: Iterable[tuple[str, Sequence[Predicate]]],
                 documents: Mapping | None = None, flat_values: Mapping[str, FlatValues] | None = None):
        unknown = set(LATTICE_RELATIONS) - set(HEAD_RELATIONS) - set(STREAM_RELATIONS)
        if unknown:  # a relation this writer does not know how to fill: refuse rather than omit it
            raise LatticeError(f"write_stream does not write the lattice relation(s) {sorted(unknown)}")
        if head.instances or head.predicates:
            raise LatticeError("write_stream: the head lattice holds dimensions and documents only; "
                               "instances and predicates come from the stream")
        head.validate()
        both = sorted(set(head.documents) & set(documents or ()))
        if both:
            raise LatticeError(f"write_stream: document(s) {both} given both in the head and as streamed texts")
        missing = sorted(set(flat_values or ()) - set(head.dimensions))
        if missing:
            raise LatticeError(f"write_stream: flat_values names dimension(s) {missing} the head does not declare",
                               hint="key flat_values by the head's dimension keys (normalize(name))")
        self.head, self.rows = head, rows
        self.documents = {**head.documents, **(documents or {})}  # id → str, or a streamed text
        # flat dimensions (ingest/flat.py): read once here, checked and indexed, before anything is written
        self.flat = {key: FlatDimension(head.dimensions[key], (flat_values or {})[key]).scan()
                     for key in sorted(flat_values or ())}
        classes = {class_key(c) for f in self.flat.values() for c in f.classes.values()}
        symbols = SymbolTable(lattice_strings(head) | classes)
        self.compiled_head = compile_lattice(head, symbols=symbols)
        self.small = [symbols.text(i) for i in range(len(symbols))]
        self.small_id = {s: i for i, s in enumerate(self.small)}
        # a flat dimension's value k is slot `offset + k` of `final`, after the head's strings
        self.offsets, at = {}, len(self.small)
        for key, f in self.flat.items():
            self.offsets[key], at = at, at + f.n
        self.final = array("q", [-1]) * at  # slot (head symbol index, or flat value) → final id
        self.flat_counts = array("L", [0]) * (at - len(self.small))  # coord rows per flat value
        self.xs, self.ds, self.vs = array("q"), array("l"), array("l")
        self.counts: dict[str, int] = {}

    def model_files(self, folder: Path) -> dict:
        """Every file save_lattice writes, streamed; returns the manifest's counts."""
        model = self.head
        if any(f.classes for f in self.flat.values()):   # classes.jsonl lists the flat dimensions' classes too
            model = Lattice(name=self.head.name, dimensions={
                key: replace(d, classes=self.flat[key].classes) if key in self.flat else d
                for key, d in self.head.dimensions.items()})
        # dimensions, values, synonyms, classes, documents (+ empty others)
        write_model_files(model, folder, self.documents, values=self._value_lines() if self.flat else None)
        facts = folder / FACTS_DIR
        facts.mkdir(parents=True, exist_ok=True)
        instances = predicates = 0
        with (folder / INSTANCES).open("w", encoding="utf-8", newline="\n") as inst_out, \
                BlockWriter(folder / PREDICATES) as pred_out, \
                (folder / SYMBOLS).open("w", encoding="utf-8", newline="\n") as sym_out, \
                (facts / "instance.facts").open("w", encoding="ascii", newline="\n") as x_out:
            merge = self._symbols(sym_out)
            next(merge)
            previous = None
            for label, preds in self.rows:
                key = normalize(label)
                if previous is not None and key <= previous:
                    raise LatticeError(f"write_stream: instance {label!r} comes after {previous!r}: the stream "
                                       "must be in ascending key order (normalize(label)), each instance once")
                previous = key
                x = merge.send(key)
                inst_out.write(_dumps(instance_row(Instance(label))))
                x_out.write(f"{x}\n")
                instances += 1
                for pred, d, v in self._checked(key, preds):
                    pred_out.write(predicate_line(pred))
                    self.xs.append(x)
                    self.ds.append(d)
                    self.vs.append(v)
                    predicates += 1
            merge.send(None)  # the head strings sorted after the last instance
        if -1 in self.final:   # every string numbered: a bug if not, never written
            raise AssertionError("write_stream: a head string or flat value got no symbol id")
        self._facts(folder)  # (the line indexes are write_folder's, after this)
        self.counts = manifest_counts(self.head, instances, predicates, len(self.documents))
        self.counts["values"] += sum(f.n for f in self.flat.values())
        return self.counts

    def _value_lines(self) -> Iterator[str]:
        """values.blocks' lines: the head's dimensions', a flat dimension's values read again
        with its ⊤ in its place (save_lattice's bytes)."""
        for d in sorted(self.head.dimensions.values(), key=lambda d: d.key):
            flat = self.flat.get(d.key)
            if flat is None:
                yield from dimension_value_lines(d)
                continue
            top = next(dimension_value_lines(d))   # ⊤'s line: the head's dimension holds ⊤ alone
            for _, key, label in flat.again():
                if top is not None and TOP < key:
                    yield top
                    top = None
                yield value_line(d.key, key, label, (), None)
            if top is not None:
                yield top

    def _strings(self) -> Iterator[tuple[str, int]]:
        """(string, slot) of the head's strings and every flat value, ascending (a string several
        hold comes once for each, side by side)."""
        small = zip(self.small, range(len(self.small)))
        if not self.flat:
            return small

        def slots(at: int, flat: FlatDimension) -> Iterator[tuple[str, int]]:
            return ((key, at + k) for k, key, _ in flat.again())

        return heapq.merge(small, *(slots(self.offsets[d], f) for d, f in self.flat.items()))

    def _symbols(self, out) -> Iterator[int | None]:
        """A coroutine: sent each instance key in order, it writes every symbol up to it and
        answers the key's final id; sent None, it writes the rest of the head's strings."""
        final = self.final
        strings = self._strings()
        pending = next(strings, None)
        next_id = 0
        key = yield None
        while True:
            while pending is not None and (key is None or pending[0] < key):
                text = pending[0]
                out.write(encode_symbol(text) + "\n")
                while pending is not None and pending[0] == text:   # one symbol for each string
                    final[pending[1]] = next_id
                    pending = next(strings, None)
                next_id += 1
            if key is None:
                yield None
                return
            while pending is not None and pending[0] == key:  # an instance named like a value: one symbol
                final[pending[1]] = next_id
                pending = next(strings, None)
            out.write(encode_symbol(key) + "\n")
            x, next_id = next_id, next_id + 1
            key = yield x

    def _checked(self, key: str, preds: Sequence[Predicate]) -> list[tuple[Predicate, int, int]]:
        """The instance's predicates in canonical order with their dimension's and value's slots,
        refused when out of this writer's scope."""
        listed = sorted(set(preds))
        functional: dict[str, str] = {}
        out = []
        for p in listed:
            what = f"write_stream: predicate ({p.instance!r}, {p.dimension!r}, {p.value!r})"
            if p.instance != key:
                raise LatticeError(f"{what} is listed under instance {key!r}")
            dim = self.head.dimensions.get(p.dimension)
            if dim is None:
                raise LatticeError(f"{what}: the head has no dimension {p.dimension!r}")
            flat = self.flat.get(p.dimension)
            if flat is None or p.value == TOP:
                v = self.small_id[p.value] if p.value in dim.labels else -1
            else:
                v = flat.find(p.value)
                if v >= 0:
                    v += self.offsets[p.dimension]
            if v < 0:
                raise LatticeError(f"{what}: the head's dimension does not declare the value",
                                   hint="declare every value in the head (open and ordered dimensions too), "
                                        "or among the dimension's flat_values")
            if p.qualifiers:
                raise LatticeError(f"{what} has qualifiers, which write_stream does not write",
                                   hint="build this lattice with save_lattice")
            if not 0.0 <= p.confidence <= 1.0 or type(p.confidence) is not float:
                raise LatticeError(f"{what}: confidence {p.confidence!r} is not a float in [0, 1]")
            text = self.documents.get(p.evidence.doc)
            if text is None or text[p.evidence.start:p.evidence.end] != p.evidence.source_text:
                raise LatticeError(f"{what}: its evidence does not hold in document {p.evidence.doc!r}")
            if dim.functional and functional.setdefault(p.dimension, p.value) != p.value:
                raise LatticeError(f"{what}: a second value on functional dimension {p.dimension!r} (a contested "
                                   "or merged coordinate), which write_stream does not settle",
                                   hint="build this lattice with save_lattice")
            out.append((p, self.small_id[p.dimension], v))
        return out

    def _facts(self, folder: Path) -> None:
        """facts/*.facts (instance.facts is written while streaming) and the derived counts."""
        final = self.final
        relations = {}
        for name in HEAD_RELATIONS:
            keep = _NUMBERS_FROM.get(name)
            relations[name] = [tuple(final[c] if keep is None or i < keep else c for i, c in enumerate(row))
                               for row in self.compiled_head.facts[name]]
        for name in STREAM_RELATIONS:
            if self.compiled_head.facts[name]:
                raise LatticeError(f"write_stream: the head compiled to {name} rows")
        flat = {final[self.small_id[key]]: (key, f) for key, f in self.flat.items()}   # by final dimension id
        top = final[self.small_id[TOP]] if self.flat else -1
        for key, f in self.flat.items():   # compare classes: a few rows (the country table's names)
            at = self.offsets[key]
            relations["canonical"] += [(final[self.small_id[key]], final[at + f.find(v)], final[self.small_id[class_key(c)]])
                                       for v, c in f.classes.items()]
        relations["canonical"].sort()
        blocks = {
            "node": lambda d, key, f: ((d, v) for v in self._flat_ids(key, f)),
            "subsumes": lambda d, key, f: ((d, top, v) for v in self._flat_ids(key, f)),
        }
        for name in HEAD_RELATIONS:
            if name in blocks and flat:
                rows = _by_dimension(relations[name], [(d, blocks[name](d, *flat[d])) for d in sorted(flat)])
                _write_rows(folder / FACTS_DIR / f"{name}.facts", rows)
            else:
                write_facts(folder / FACTS_DIR, {name: relations[name]}, (name,))
        write_facts(folder / FACTS_DIR, {}, ("alias", "qualifier", "period"))
        counts: Counter = Counter()
        flat_counts, small = self.flat_counts, len(self.small)
        last = None
        with (folder / FACTS_DIR / "coord.facts").open("w", encoding="ascii", newline="\n") as out:
            for p, (x, d, v) in enumerate(zip(self.xs, self.ds, self.vs)):
                row = (x, final[d], final[v], p)
                if last is not None and row <= last:  # canonical order: a bug if not, never written
                    raise AssertionError(f"write_stream: coord rows out of order at {row}")
                out.write(encode_row(row) + "\n")
                if v >= small:
                    flat_counts[v - small] += 1
                else:
                    counts[row[1:3]] += 1
                last = row
        counted = [(d, v, n) for (d, v), n in sorted(counts.items())]
        if flat:
            def counted_flat(key: str, f: FlatDimension) -> Iterator[tuple[int, int, int]]:
                d, at = final[self.small_id[key]], self.offsets[key] - small
                for k in range(f.n):
                    if flat_counts[at + k]:
                        yield d, final[self.offsets[key] + k], flat_counts[at + k]
            write_derived(folder, _by_dimension(counted, [(d, counted_flat(*flat[d])) for d in sorted(flat)]), {})
        else:
            write_derived(folder, iter(counted), {})  # no contested coordinates, by scope

    def _flat_ids(self, key: str, f: FlatDimension) -> Iterator[int]:
        """The final ids of a flat dimension's values, ascending (key order is symbol order)."""
        at = self.offsets[key]
        return (self.final[at + k] for k in range(f.n))

    def engine_db(self, folder: Path) -> None:
        """The SQLite engine's database, from the facts just written (read back one relation at a
        time), which are then deleted: the database's base tables are layer 0's one copy of the
        lattice relations (compile/lattice_facts.py StoredFacts reads them there; an engine that
        wants `.facts` or Parquet files derives them when asked: compile/parquet_cache.py)."""
        import shutil

        write_engine_db(folder / ENGINE_DB, _FileFacts(folder / FACTS_DIR))
        shutil.rmtree(folder / FACTS_DIR)


def _by_dimension(rows: list[tuple[int, ...]], blocks: list[tuple[int, Iterator[tuple[int, ...]]]]) -> Iterator[tuple[int, ...]]:
    """`rows` (sorted) with each block's rows (sorted, every one's first column its dimension
    `d`; the blocks by ascending d) in their places: the sorted union, merged a dimension at a time."""
    i = 0
    for d, block in blocks:
        j = bisect_left(rows, (d,), i)
        yield from rows[i:j]
        i = bisect_left(rows, (d + 1,), j)
        yield from heapq.merge(rows[j:i], block) if i > j else block
    yield from rows[i:]


def _write_rows(path: Path, rows: Iterable[tuple[int, ...]]) -> None:
    """A `.facts` file of rows already sorted and distinct (write_facts' bytes)."""
    with path.open("w", encoding="ascii", newline="\n") as out:
        block = []
        for row in rows:
            block.append("\t".join(map(str, row)))
            if len(block) == 65536:
                out.write("\n".join(block) + "\n")
                block.clear()
        if block:
            out.write("\n".join(block) + "\n")


def _rows(path: Path) -> Iterator[tuple[int, ...]]:
    """A facts file's rows, parsed as they are read (a 10M-instance coord file is never a list)."""
    with path.open(encoding="ascii") as handle:
        for line in handle:
            yield tuple(int(c) for c in line.rstrip("\n").split("\t"))


class _FileFacts(Mapping):
    """relation → its rows, parsed from `<relation>.facts` as they are read (each time asked)."""

    def __init__(self, directory: Path):
        self.directory = directory

    def __getitem__(self, name: str) -> Iterator[tuple[int, ...]]:
        if name not in LATTICE_RELATIONS:
            raise KeyError(name)
        return _rows(self.directory / f"{name}.facts")

    def __iter__(self) -> Iterator[str]:
        return iter(LATTICE_RELATIONS)

    def __len__(self) -> int:
        return len(LATTICE_RELATIONS)
