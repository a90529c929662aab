"""Write a lattice folder from a stream of instances, without the Python model of the whole lattice.

The writer (ingest/write.py) writes a lattice folder two ways. `save_lattice` builds a `Lattice`
(a `Predicate` object per predicate, a set of them, a sorted copy) and compiles it in memory, so
its peak grows with the lattice (docs/performance.md: a 10M-instance lattice does not fit 24 GB).
`write_stream` writes the same folder — the same files, byte for byte (tests/test_stream.py compares them file by file with `save_lattice`'s) — from a
*head* (a `Lattice` holding the dimensions and documents, small) and the instances as a stream
of `(label, predicates)` in ascending key order (`normalize(label)`). Memory stays linear and
small: per predicate, two 4-byte slots in arrays (its dimension's and value's), per instance its
id and predicate count, until the `coord` rows are loaded into the engine database; symbols,
instances and predicates go to disk as they arrive.

Flat dimensions: a dimension whose values are all leaves directly under ⊤ (a KB's `subject`,
entity-valued relations and their inverses: a value for nearly every subject) need not be in the
head: `flat_values` gives its values from a callable, read a few times and held as arrays
(ingest/flat.py: ~30 bytes a value); its values.blocks lines, symbols, `node`/`subsumes`/
`canonical` rows, classes and counts are made from them, the same bytes.

Why it works in one pass: the symbol table is the sorted set of every string, and the stream is
sorted, so merging the instance keys with the head's strings (dimension keys, values, synonyms,
⊤) and the flat values (each dimension's sorted already) writes `symbols.jsonl` in order and
gives every instance its final id on arrival; a predicate's id is its position in the canonical
order (instance key first), which is arrival order. The head's ids are final only at the end
(they count the instance keys sorted before them): the head relations (`node`, `subsumes`...)
are compiled by `compile_lattice` on the head alone and renumbered; the engine database loads
every relation from them and the arrays (no facts/ written and read back).

When every instance key is a value of a flat dimension (`instance_values`: a KB's `subject`),
every symbol is numbered before the stream; then a coord row is final as its instance arrives,
and a second interpreter (`_EngineFeed`) writes the engine database from batches of the arrays
while this one writes the model files: the two halves on two cores.

Documents may stay on disk: `documents=` takes texts that are sliced and streamed from their file
(textio.TextFile), so a KB's text is never in memory either; documents.jsonl is the same bytes.

A source that holds its predicates numbered already may stream them encoded (`EncodedRows`: each
instance's predicates.jsonl lines and their dimension and value slots, the `Slots` this writer
hands it) instead of as `Predicate`s: the DuckDB build does (ingest/kb_duckdb.py), whose SQL
joins the slots and sorts on integers and spells the lines (folder/sql_lines.py), so that the
writer's Python only moves each predicate's line and slots — most of a KB build's time was a
`Predicate` made, checked and encoded a predicate, then a line formatted a predicate
(docs/performance.md). Its predicates are deflated in a second interpreter
(folder/blocks.py `_Beside`), the dimension files written after the stream, while the engine
database's child finishes.

Scope: what the generated benchmark lattices are. Refused, with the reason: instances out of
order or repeated, qualifiers, aliases, a value the head's dimension does not declare (open and
ordered dimensions included: declare the values in the head), two values of one instance on a
functional dimension (a contested or merged coordinate, which needs `settle`), evidence that does
not hold. This module encodes the stream into the folder's files (`StreamFiles`, the writer's model-file
callback); `write.write_stream` puts them into the one atomic write.
"""

from __future__ import annotations

import heapq
import os
import queue
import struct
import threading
from array import array
from bisect import bisect_left
from itertools import chain, compress, islice, repeat
from operator import attrgetter, lt
from collections import Counter
from collections.abc import Mapping
from abc import ABC, abstractmethod
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable, Iterable, Iterator, Sequence

from latweave.compile.facts import LATTICE_RELATIONS
from latweave.compile.lattice_facts import compile_lattice, lattice_strings, write_derived
from latweave.child import spawn as spawn_child, stop
from latweave.compile.symbols import SymbolTable, encode_symbol
from latweave.engines.rows import Batches, IdColumns, IdRows, RowParts
from latweave.engines.sqlite_write import loose_file, write_engine_db
from latweave.errors import LatticeError
from latweave.ingest.beside import Beside, fork_wanted
from latweave.ingest.flat import FlatDimension, FlatValues
from latweave.lattice.canonical import class_key
from latweave.lattice.model import Lattice, Predicate
from latweave.lattice.names import TOP, normalize
from latweave.folder.blocks import BlockWriter
from latweave.folder.documents import kept_once
from latweave.folder.rows import flat_value_lines, plain_instance_line, predicate_lines
from latweave.folder.store import dimension_value_lines, manifest_counts, write_dimension_files
from latweave.folder.names import ENGINE_DB, INSTANCES, PREDICATES, SYMBOL_IDS, SYMBOLS, VALUES
from latweave.folder.symbol_ids import U32, write_ids

#: relations the head gives (every column a symbol, except these relations' trailing numbers)
HEAD_RELATIONS = ("dimension", "functional", "ordered", "node", "top", "subsumes", "synonym", "bounds", "magnitude",
                  "canonical")
_NUMBERS_FROM = {"bounds": 2, "magnitude": 2}
#: relations the stream gives
STREAM_RELATIONS = ("instance", "alias", "coord", "qualifier", "period")


@dataclass(frozen=True)
class Slots:
    """Where a streamed write keeps each string before the symbols are numbered (`StreamFiles`):
    a head string's slot (`head`), and the slot of each flat dimension's value 0 (`flat`: its
    value k, in ascending key order, is slot `flat[key] + k`)."""
    head: Mapping[str, int]
    flat: Mapping[str, int]


class EncodedRows(ABC):
    """A stream that arrives encoded: a source that knows its instances' predicates already in
    canonical order and in this writer's scope (the DuckDB build: ingest/kb_duckdb.py, whose SQL
    numbers them) gives, for the `Slots` it is handed, per instance in key order `(its position
    among the `instance_values` dimension's values, its instances.jsonl line, its predicates'
    predicates.jsonl lines (folder/rows.py `plain_instance_line`, `plain_predicate_lines`; the
    DuckDB build spells them in SQL: folder/sql_lines.py), their dimensions' slots, their values'
    slots)` — no `Predicate` made, none checked here but for the instances' order and the counts;
    the lattice written is the one the same predicates streamed as `(label, predicates)` give
    (tests/test_kb_duckdb.py)."""

    @abstractmethod
    def rows(self, slots: Slots) -> Iterator[tuple[int, str, Sequence[str], Sequence[int], Sequence[int]]]:
        ...

    def number_symbols(self, small: Sequence[str], slots: Slots, final: array, out) -> int | None:
        """Called before the stream, when every instance key is a flat value (`instance_values`):
        a source that holds the flat dimensions' values may number the symbols itself — write
        symbols.jsonl's lines to `out` (every distinct string of `small`, the head's strings, and
        of the flat values, ascending, each `encode_symbol`'s line) and each slot's symbol id into
        `final` (`small[i]`'s at slot i, a flat dimension's value k at `slots.flat[key] + k`) —
        and answer how many symbols it wrote; None: the writer merges them itself
        (`StreamFiles._symbols`). The writer checks the ids it was given (`_numbered`)."""
        return None

    def begin(self, slots: Slots) -> None:
        """Called before `rows`, once the symbols are numbered and the engine database's child is
        started: a source may start its work here, to run while the writer writes the dimension
        files (the DuckDB build starts its queries: DuckDB sorts while values.blocks is written)."""

    def slot_counts(self) -> Iterable[tuple[int, int, int]] | None:
        """Once `rows` has ended: `(dimension slot, value slot, predicates)` for every pair its
        predicates hold (any order) — what the writer's derived counts are made of, counted where
        the source keeps its rows — or None: the writer counts them from the stream."""
        return None


def _numbered_values(values: Iterator[tuple[int, str, str]], ids: array, final: array, base: int,
                     top: int) -> Iterator[tuple[int, str, str]]:
    """A flat dimension's values passed on as they are read, each one's symbol id appended to
    `ids` in the order `flat_value_lines` writes their lines — ⊤'s (`top`) in its place."""
    placed = False
    for k, key, label in values:
        if not placed and TOP < key:
            ids.append(top)
            placed = True
        ids.append(final[base + k])
        yield k, key, label
    if not placed:
        ids.append(top)


class StreamFiles:
    """One streamed write: the state shared by the model files and the facts."""

    def __init__(self, head: Lattice, rows: "Iterable[tuple[str, Sequence[Predicate]]] | EncodedRows",
                 documents: Mapping | None = None, flat_values: Mapping[str, FlatValues] | None = None,
                 stored_sources: Mapping[str, tuple[str, str]] | None = None, instance_values: str | None = None):
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
        if instance_values is not None and instance_values not in (flat_values or {}):
            raise LatticeError(f"write_stream: instance_values names {instance_values!r}, not a flat dimension")
        self.head, self.rows = head, rows
        self.instance_values = instance_values
        self.feed: _EngineFeed | None = None
        self.documents = {**head.documents, **(documents or {})}  # id → str, or a streamed text
        self.stored_sources = dict(stored_sources or {})   # documents.jsonl: kept_once's
        # flat dimensions (ingest/flat.py): read once here, checked and indexed, before anything is written
        self.flat = {key: _scanned(head.dimensions[key], (flat_values or {})[key]) for key in sorted(flat_values or ())}
        classes = {class_key(c) for f in self.flat.values() for c in f.classes.values()}
        symbols = SymbolTable(lattice_strings(head) | classes)
        self.compiled_head = compile_lattice(head, symbols=symbols)
        for name in STREAM_RELATIONS:
            if self.compiled_head.facts[name]:
                raise LatticeError(f"write_stream: the head compiled to {name} rows")
        self.small = [symbols.text(i) for i in range(len(symbols))]
        self.small_id = {s: i for i, s in enumerate(self.small)}
        # a flat dimension's value k is slot `offset + k` of `final`, after the head's strings
        self.offsets, at = {}, len(self.small)
        for key, f in self.flat.items():
            self.offsets[key], at = at, at + f.n
        self.final = array("q", [-1]) * at  # slot (head symbol index, or flat value) → final id
        self.flat_counts = array("I", [0]) * (at - len(self.small))  # coord rows per flat value
        # per predicate its dimension's and value's slots (4 bytes each: a slot < 2^31); per
        # instance its id and how many predicates it has (its predicates' ids are consecutive)
        self.ds, self.vs = array("i"), array("i")
        self.instance_ids, self.sizes = array("q"), array("I")
        self._known: dict[str, tuple] = {}   # dimension key → what _checked reads of it
        self.counts: dict[str, int] = {}

    def model_files(self, folder: Path) -> dict:
        """Every file save_lattice writes, streamed; returns the manifest's counts."""
        model = self.head
        if any(f.classes for f in self.flat.values()):   # classes.jsonl lists the flat dimensions' classes too
            model = Lattice(name=self.head.name, dimensions={
                key: replace(d, classes=self.flat[key].classes) if key in self.flat else d
                for key, d in self.head.dimensions.items()})
        # (a large stream's predicates are deflated in a second interpreter: folder/blocks.py `_Beside`)
        beside = fork_wanted(sum(f.n for f in self.flat.values()))
        with (folder / INSTANCES).open("w", encoding="utf-8", newline="\n") as inst_out, \
                BlockWriter(folder / PREDICATES, beside=beside) as pred_out, \
                (folder / SYMBOLS).open("w", encoding="utf-8", newline="\n") as sym_out:
            rows = self.rows
            merge = None
            numbered = rows.number_symbols(self.small, self.slots(), self.final, sym_out) \
                if self.instance_values is not None and isinstance(rows, EncodedRows) else None
            if numbered is None:
                merge = self._symbols(sym_out)
                next(merge)
            else:
                self._numbered(numbered)
            own, first = None, 0
            if self.instance_values is not None:   # every string numbered now: the instance keys are values
                if merge is not None:
                    merge.send(None)
                own = self.flat[self.instance_values]
                first = self.offsets[self.instance_values]
                self.feed = _EngineFeed(self, folder, beside)
            if isinstance(rows, EncodedRows):   # slots computed by the stream's source: no Predicate made
                if own is None:   # (refused before a file is made of symbols not yet numbered)
                    raise LatticeError("write_stream: an encoded stream needs instance_values (every symbol numbered first)")
                rows.begin(self.slots())   # (its work, begun now, runs while the dimension files are written)
                self._dimension_files(folder, model)
                instances, predicates = self._encoded(rows, inst_out, pred_out, own, first)
            else:
                instances, predicates = self._checked_rows(rows, inst_out, pred_out, merge, own, first)
            if own is None:
                assert merge is not None   # (numbered by the source only with instance_values)
                merge.send(None)  # the head strings sorted after the last instance
            elif instances != own.n:
                raise LatticeError(f"write_stream: {own.n - instances} value(s) of {self.instance_values!r} "
                                   "named no instance: the instances must be its values, each once")
            if self.feed is not None:
                self.feed.send(last=True)
        if not isinstance(self.rows, EncodedRows):
            # dimensions, values, synonyms, classes, documents: after the stream, so that the
            # engine database's child has every row while they are written
            self._dimension_files(folder, model)
        if -1 in self.final:   # every string numbered: a bug if not, never written
            raise AssertionError("write_stream: a head string or flat value got no symbol id")
        self._derived(folder)  # (the line indexes are write_folder's, after this)
        # each instances line's symbol id (folder/symbol_ids.py): the instances arrive in key order
        write_ids(folder / SYMBOL_IDS[INSTANCES], array(U32, self.instance_ids), [len(self.instance_ids)])
        self.counts = manifest_counts(self.head, instances, predicates, len(self.documents))
        self.counts["values"] += sum(f.n for f in self.flat.values())
        return self.counts

    def _dimension_files(self, folder: Path, model: Lattice) -> None:
        """dimensions.jsonl, values.blocks, synonyms, classes, documents: the head's and the flat
        dimensions' (none of them waits for the stream); values.ids, each values line's symbol id
        (folder/symbol_ids.py: every symbol is numbered when this runs)."""
        documents = kept_once(self.documents, self.stored_sources) if self.stored_sources else self.documents
        ids: array[int] = array(U32)
        sections: list[int] = []
        write_dimension_files(model, folder, documents, values=self._value_lines(ids, sections))
        write_ids(folder / SYMBOL_IDS[VALUES], ids, sections)

    def _checked_rows(self, rows: Iterable[tuple[str, Sequence[Predicate]]], inst_out, pred_out: BlockWriter, merge,
                      own: FlatDimension | None, first: int) -> tuple[int, int]:
        """The stream of `(label, predicates)` written, each instance's predicates checked
        (`_checked`) and encoded here. Returns (instances, predicates)."""
        names: dict[str, str] = {}
        instances = predicates = 0
        previous = None
        for label, preds in rows:
            key = normalize(label)
            if previous is not None and key <= previous:
                raise LatticeError(f"write_stream: instance {label!r} comes after {previous!r}: the stream "
                                   "must be in ascending key order (normalize(label)), each instance once")
            previous = key
            if own is None:
                x = merge.send(key)
            elif own.find(key) == instances:   # the next of those values, in order
                x = self.final[first + instances]
            else:
                raise LatticeError(f"write_stream: instance {label!r} is not the next value of "
                                   f"{self.instance_values!r}: the instances must be its values, each once")
            listed, dims, values = self._checked(key, preds)
            self._instance(inst_out, pred_out, plain_instance_line(label), predicate_lines(listed, names), x, dims, values)
            instances += 1
            predicates += len(listed)
        return instances, predicates

    def _instance(self, inst_out, pred_out: BlockWriter, line: str, lines: Iterable[str], x: int,
                  dims: Sequence[int], values: Sequence[int]) -> None:
        """One instance written, whichever stream it came from: its line, its predicates' lines,
        its symbol id `x` and its predicates' dimension and value slots into the arrays (then a
        batch of them to the engine database's child, when one is due)."""
        inst_out.write(line)
        pred_out.writelines(lines)
        self.instance_ids.append(x)
        self.sizes.append(len(dims))
        self.ds.extend(dims)
        self.vs.extend(values)
        if self.feed is not None:
            self.feed.send()

    def slots(self) -> Slots:
        """Where this writer keeps the head's strings and each flat dimension's values (what an
        `EncodedRows` source numbers its predicates' dimensions and values by)."""
        return Slots(self.small_id, dict(self.offsets))

    def _encoded(self, source: EncodedRows, inst_out, pred_out: BlockWriter, own: FlatDimension | None,
                 first: int) -> tuple[int, int]:
        """The stream of an `EncodedRows` source written: each instance's line, its predicates'
        lines as the source encoded them, its id and predicates' slots into the arrays. Returns
        (instances, predicates)."""
        assert own is not None   # (refused by model_files first)
        final = self.final
        instances = predicates = 0
        for position, line, lines, dims, values in source.rows(self.slots()):
            if position != instances:
                raise LatticeError(f"write_stream: instance {line.strip()} is value {position} of "
                                   f"{self.instance_values!r} where value {instances} was due: the instances "
                                   "must be its values, each once, in order")
            if not len(lines) == len(dims) == len(values):
                raise LatticeError(f"write_stream: instance {line.strip()} came with {len(lines)} predicate lines, "
                                   f"{len(dims)} dimensions and {len(values)} values")
            self._instance(inst_out, pred_out, line, lines, final[first + instances], dims, values)
            instances += 1
            predicates += len(lines)
        return instances, predicates

    def _value_lines(self, ids: array, sections: list[int]) -> Iterator[str]:
        """values.blocks' lines: the head's dimensions', a flat dimension's values read again
        with its ⊤ in its place (save_lattice's bytes); each line's symbol id appended to `ids`
        and each dimension's count of lines to `sections` as they are made."""
        final, small_id = self.final, self.small_id
        for d in sorted(self.head.dimensions.values(), key=lambda d: d.key):
            flat = self.flat.get(d.key)
            if flat is None:
                ids.extend(final[small_id[v]] for v in sorted(d.labels))
                sections.append(len(d.labels))
                yield from dimension_value_lines(d)
                continue
            # ⊤'s line (the head's dimension holds ⊤ alone) in its place among the values'
            sections.append(flat.n + 1)
            yield from flat_value_lines(d.key, next(dimension_value_lines(d)),
                                        _numbered_values(flat.again(), ids, final, self.offsets[d.key],
                                                         final[small_id[TOP]]))

    def _strings(self) -> Iterator[tuple[str, int]]:
        """(string, slot) of the head's strings and every flat value, ascending (a string several
        hold comes once for each, side by side)."""
        small = zip(self.small, range(len(self.small)))
        if not self.flat:
            return small

        def slots(at: int, flat: FlatDimension) -> Iterator[tuple[str, int]]:
            return ((key, at + k) for k, key, _ in flat.again())

        return heapq.merge(small, *(slots(self.offsets[d], f) for d, f in self.flat.items()))

    def _numbered(self, count: int) -> None:
        """Refuse symbol ids a source gave (`EncodedRows.number_symbols`) that cannot be the
        merge's: a slot left without one, or out of the `count` written, or the head's strings or
        a flat dimension's values not numbered in their ascending order (checked by C iterators)."""
        final, small = self.final, len(self.small)
        runs = [final[:small], *(final[self.offsets[key]:self.offsets[key] + f.n] for key, f in self.flat.items())]
        if len(final) and (min(final) < 0 or max(final) >= count) \
                or not all(all(map(lt, run, islice(run, 1, None))) for run in runs):
            raise LatticeError(f"write_stream: the source numbered the symbols otherwise than in order ({count} written)")

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

    def _checked(self, key: str, preds: Sequence[Predicate]) -> tuple[list[Predicate], list[int], list[int]]:
        """The instance's predicates in canonical order with their dimensions' and values' slots,
        refused when out of this writer's scope."""
        if len(preds) > 1:
            # by (dimension, value), the canonical order when no pair comes twice (one instance's
            # predicates): compared as tuples of strings, not as Predicates; else sorted whole, duplicates dropped
            listed = sorted(preds, key=_DIMENSION_VALUE)
            pairs = list(map(_DIMENSION_VALUE, listed))
            if not all(map(lt, pairs, islice(pairs, 1, None))):
                listed = sorted(set(preds))
        else:
            listed = list(preds)
        functional: dict[str, str] = {}
        dims, values = [], []
        known, documents = self._known, self.documents
        for p in listed:
            seen = known.get(p.dimension)
            if seen is None:
                seen = known[p.dimension] = self._dimension(p)
            dim, flat, d, offset = seen
            if p.instance != key:
                raise LatticeError(f"{_what(p)} is listed under instance {key!r}")
            if flat is None or p.value == TOP:
                v = self.small_id[p.value] if p.value in dim.labels else -1
            else:
                v = flat.find(p.value)
                if v >= 0:
                    v += offset
            if v < 0:
                raise LatticeError(f"{_what(p)}: the head's dimension does not declare the value",
                                   hint="declare every value in the head (open and ordered dimensions too), "
                                        "or among the dimension's flat_values")
            if p.qualifiers:
                raise LatticeError(f"{_what(p)} has qualifiers, which write_stream does not write",
                                   hint="build this lattice with save_lattice")
            c = p.confidence
            if type(c) is not float or not 0.0 <= c <= 1.0:
                raise LatticeError(f"{_what(p)}: confidence {c!r} is not a float in [0, 1]")
            e = p.evidence
            text = documents.get(e.doc)
            if text is None or text[e.start:e.end] != e.source_text:
                raise LatticeError(f"{_what(p)}: its evidence does not hold in document {e.doc!r}")
            if dim.functional and functional.setdefault(p.dimension, p.value) != p.value:
                raise LatticeError(f"{_what(p)}: a second value on functional dimension {p.dimension!r} (a contested "
                                   "or merged coordinate), which write_stream does not settle",
                                   hint="build this lattice with save_lattice")
            dims.append(d)
            values.append(v)
        return listed, dims, values

    def _dimension(self, p: Predicate) -> tuple:
        """(the head's dimension, its FlatDimension or None, its slot, its flat values' first slot)."""
        dim = self.head.dimensions.get(p.dimension)
        if dim is None:
            raise LatticeError(f"{_what(p)}: the head has no dimension {p.dimension!r}")
        return dim, self.flat.get(p.dimension), self.small_id[p.dimension], self.offsets.get(p.dimension, 0)

    def _head_relation(self, name: str) -> list[tuple[int, ...]]:
        """A head relation's rows (compile_lattice's, renumbered by the final ids: still sorted),
        the flat dimensions' canonical rows among them (a few: the country table's names)."""
        final = self.final
        renumber = final.__getitem__   # (C iterators: the engine database's child waits for these rows)
        keep = _NUMBERS_FROM.get(name)
        facts = self.compiled_head.facts[name]
        rows = [tuple(map(renumber, row)) for row in facts] if keep is None else \
            [(*map(renumber, row[:keep]), *row[keep:]) for row in facts]
        if name == "canonical" and self.flat:
            for key, f in self.flat.items():
                at = self.offsets[key]
                rows += [(final[self.small_id[key]], final[at + f.find(v)], final[self.small_id[class_key(c)]])
                         for v, c in f.classes.items()]
            rows.sort()
        return rows

    def engine_rows(self) -> "_EngineRows":
        """What the engine database's relations are made of besides the instances and coord rows."""
        final, small_id = self.final, self.small_id
        flat = sorted((final[small_id[key]], self.offsets[key], f.n) for key, f in self.flat.items())   # by final id
        return _EngineRows({name: self._head_relation(name) for name in HEAD_RELATIONS}, flat, final,
                           final[small_id[TOP]] if self.flat else -1)

    def relations(self) -> dict[str, Callable[[], Iterable[tuple[int, ...]]]]:
        """Each lattice relation's rows, distinct, as a callable giving them afresh: the head's, the
        flat dimensions' node and subsumes rows and the instances (their final ids as `IdRows`,
        none held as tuples, not merged into one order: `_EngineRows.relations`), the coord rows
        (from the arrays, sorted)."""
        final = self.final

        def coord():
            return ((x, final[d], final[v], p) for p, (x, d, v) in enumerate(zip(self._xs(), self.ds, self.vs)))

        return self.engine_rows().relations(lambda: IdRows((), self.instance_ids), coord)

    def _derived(self, folder: Path) -> None:
        """The derived counts (the coord rows per dimension and value): an encoded source's own
        (`EncodedRows.slot_counts`: it vouches for its rows' order), else counted here, the coord
        rows' order checked."""
        final, small = self.final, len(self.small)
        counts: Counter = Counter()
        flat_counts = self.flat_counts
        given = self.rows.slot_counts() if isinstance(self.rows, EncodedRows) else None
        if given is not None:
            for d, v, n in given:
                if v >= small:
                    flat_counts[v - small] += n
                else:
                    counts[(final[d], final[v])] += n
            if sum(flat_counts) + sum(counts.values()) != len(self.vs):
                raise LatticeError(f"write_stream: the source counted {sum(flat_counts) + sum(counts.values())} "
                                   f"predicates where {len(self.vs)} came")
        else:
            last = None
            for x, d, v in zip(self._xs(), self.ds, self.vs):
                row = (x, final[d], final[v])
                if last is not None and row < last:  # canonical order: a bug if not, never written
                    raise AssertionError(f"write_stream: coord rows out of order at {row}")
                if v >= small:
                    flat_counts[v - small] += 1
                else:
                    counts[row[1:]] += 1
                last = row
        counted = [(d, v, n) for (d, v), n in sorted(counts.items())]

        def counted_flat(key: str, f: FlatDimension) -> Iterator[tuple[int, int, int]]:
            # (by C iterators: a flat dimension's every value is looked at)
            d, at = final[self.small_id[key]], self.offsets[key]
            n = flat_counts[at - small:at - small + f.n]
            return compress(zip(repeat(d), final[at:at + f.n], n), n)

        flat = sorted((final[self.small_id[key]], key, f) for key, f in self.flat.items())
        # no contested coordinates, by scope
        write_derived(folder, _by_dimension(counted, [(d, counted_flat(key, f)) for d, key, f in flat]), {})

    def _xs(self) -> Iterator[int]:
        """Each predicate's instance id, in predicate order."""
        return chain.from_iterable(map(repeat, self.instance_ids, self.sizes))

    def _flat_ids(self, key: str, f: FlatDimension) -> Iterator[int]:
        """The final ids of a flat dimension's values, ascending (key order is symbol order)."""
        at = self.offsets[key]
        return (self.final[at + k] for k in range(f.n))

    def engine_db(self, folder: Path) -> None:
        """The SQLite engine's database: its base tables are layer 0's one copy of the lattice
        relations (compile/lattice_facts.py StoredFacts reads them there; an engine that wants
        `.facts` or Parquet files derives them when asked: compile/parquet_cache.py), loaded
        from `relations` as they are made (no facts/ written and read back)."""
        write_engine_db(folder / ENGINE_DB, _Relations(self.relations()))

    def engine_beside(self, folder: Path):
        """The engine database's writing: begun beside the stream (`_EngineFeed`), or now, in a
        forked child (ingest/beside.py) while the caller writes the rest; `result()` waits for it."""
        if self.feed is not None:
            return self.feed

        def engine() -> None:
            (folder / ENGINE_DB).unlink(missing_ok=True)   # (a child killed half-way)
            self.engine_db(folder)

        return Beside(engine, fork_wanted(self.counts.get("predicates", 0)))


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


def _scanned(dim, values) -> FlatDimension:
    """The flat dimension `dim` of values `values`: a callable, scanned here, or a FlatDimension
    of `dim` its caller has scanned already (shared with the gate: ingest/flat.py)."""
    if isinstance(values, FlatDimension):
        if values.dim is not dim or not values.scanned:
            raise LatticeError(f"write_stream: flat dimension {dim.name!r} given as another dimension's scan")
        return values
    return FlatDimension(dim, values).scan()


def _what(p: Predicate) -> str:
    return f"write_stream: predicate ({p.instance!r}, {p.dimension!r}, {p.value!r})"


_DIMENSION_VALUE = attrgetter("dimension", "value")


class _EngineRows:
    """The engine database's relations but the instances and the coord rows, as plain data (the
    head relations' rows renumbered, each flat dimension's (final id, first slot, values), the
    final ids, ⊤'s): picklable, so that a fresh process makes the same rows (`_EngineFeed`)."""

    def __init__(self, head_rows: dict, flat: list[tuple[int, int, int]], final: array, top: int):
        self.head_rows, self.flat, self.final, self.top = head_rows, flat, final, top

    def relations(self, instance: Callable, coord: Callable) -> dict[str, Callable[[], Iterable[tuple[int, ...]]]]:
        final, top, head_rows = self.final, self.top, self.head_rows

        # (the head's, then each flat dimension's as ids, not merged into one order: the engine
        # database is the same whatever the order its rows come in — its writer keys and VACUUMs
        # every table — and loads ids in bulk: engines/rows.py IdRows)
        def node():
            return RowParts([head_rows["node"], *(IdRows((d,), final[at:at + n]) for d, at, n in self.flat)])

        def subsumes():
            return RowParts([head_rows["subsumes"], *(IdRows((d, top), final[at:at + n]) for d, at, n in self.flat)])

        out = {name: (lambda name=name: head_rows[name]) for name in HEAD_RELATIONS}
        out.update(node=node, subsumes=subsumes, coord=coord, instance=instance)
        out.update((name, lambda: ()) for name in ("alias", "qualifier", "period"))
        return out


class _EngineFeed:
    """The engine database written by a second process while the stream is written here: with
    every symbol numbered before the stream (`instance_values`), a coord row is final when its
    instance arrives, so a fresh interpreter (`engine_child`: not a fork, which would keep a copy
    of every page this process changes meanwhile) takes the rest of the relations pickled, then
    the arrays (instance ids, predicate counts, dimension and value slots) in batches on its
    stdin as they are written, and loads them while SQLite's work runs on a second core. It ends
    with a count of what was sent; a child that fails, or a pipe that breaks, leaves the whole
    database to this process (from the arrays: `StreamFiles.engine_db`). The same surface as
    ingest/beside.py's `Beside`: `result()`, `close()`, a context manager."""

    #: predicates a batch
    BATCH = 1 << 15
    #: what the child runs (`python -c`)
    COMMAND = "from latweave.ingest.stream import engine_child; engine_child()"

    def __init__(self, files: StreamFiles, folder: Path, spawn: bool):
        import pickle

        self.files, self.folder = files, folder
        self.sent = (0, 0)   # instances, predicates
        self.proc = None
        self.fd: int | None = None
        self.loose: Path | None = None   # the child's loose database file: removed here when it ends
        if not spawn:
            return
        at, n = files.offsets[files.instance_values], files.flat[files.instance_values].n
        self.loose = loose_file(folder / ENGINE_DB)
        state = pickle.dumps((str(folder / ENGINE_DB), str(self.loose), files.engine_rows(), at, n),
                             protocol=pickle.HIGHEST_PROTOCOL)
        try:
            self.proc = spawn_child(self.COMMAND)
        except OSError:   # no process to be had: all of it is done here
            self._forget_loose()
            return
        self.fd = self.proc.stdin.fileno()
        self._write(_HEADER.pack(len(state), 0) + state)

    def _write(self, data: bytes) -> None:
        if self.fd is None:
            return
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(self.fd, view):]
        except OSError:   # the child is gone: all of it is done here, from the arrays
            self.close()

    def send(self, last: bool = False) -> None:
        """The arrays' rows written since the last batch (a batch's worth, or all when `last`)."""
        if self.fd is None:
            return
        files, (i, p) = self.files, self.sent
        n_i, n_p = len(files.instance_ids), len(files.ds)
        if not last and n_p - p < self.BATCH:
            return
        data = b"".join((_HEADER.pack(n_i - i, n_p - p), files.instance_ids[i:n_i].tobytes(),
                         files.sizes[i:n_i].tobytes(), files.ds[p:n_p].tobytes(), files.vs[p:n_p].tobytes()))
        if last:
            data += _HEADER.pack(-1, n_p)   # the end: how many rows were sent
        self._write(data)
        self.sent = (n_i, n_p)
        if last and self.proc is not None:
            self.proc.stdin.close()
            self.fd = None

    def result(self) -> None:
        """Wait for the child; when there was none or it failed, write the database here."""
        done = False
        if self.proc is not None:
            done = self.fd is None and self.proc.wait() == 0
            self.proc = None
        self._forget_loose()
        if not done:
            (self.folder / ENGINE_DB).unlink(missing_ok=True)   # (a child that failed half-way)
            self.files.engine_db(self.folder)

    def close(self) -> None:
        """End the child if it is still running (the caller failed, or the pipe broke)."""
        self.fd = None
        if self.proc is not None:
            stop(self.proc)
            self.proc = None
        self._forget_loose()

    def _forget_loose(self) -> None:
        """The child's loose file removed (it removes it itself, unless it was killed)."""
        if self.loose is not None:
            self.loose.unlink(missing_ok=True)
            self.loose = None

    def __enter__(self) -> "_EngineFeed":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


_HEADER = struct.Struct("<qq")


def engine_child() -> None:
    """`_EngineFeed`'s child: the relations' state, then the coord rows' batches, on stdin — read
    from the start by a thread of their own (`_batches`), so that the writer never waits on a full
    pipe while SQLite loads and evaluates what comes before coord."""
    import pickle

    pipe = os.fdopen(0, "rb", closefd=False)
    size, _ = _HEADER.unpack(pipe.read(_HEADER.size))
    path, loose, rows, at, n = pickle.loads(pipe.read(size))
    final = rows.final
    batches = _batches(pipe)
    made = rows.relations(lambda: IdRows((), final[at:at + n]), lambda: _fed_coord(batches, final))
    write_engine_db(path, _Relations(made), late=frozenset({"coord"}),   # (the strata without coord while it comes)
                    loose=Path(loose))


#: coord batches the engine database's child holds before it takes them (~300 KB each): beyond,
#: its reading thread waits, and so the writer
QUEUED = 1024


def _batches(pipe) -> queue.Queue:
    """The arrays `_EngineFeed` sends, read off `pipe` by a thread started now: each batch's
    (instance ids, sizes, dimension slots, value slots), then the count of rows sent (None when
    the pipe ended without it)."""
    batches: queue.Queue = queue.Queue(QUEUED)

    def read() -> None:
        end = None
        while len(head := pipe.read(_HEADER.size)) == _HEADER.size:
            n_i, n_p = _HEADER.unpack(head)
            if n_i < 0:   # the end, with how many rows were sent
                end = n_p
                break
            parts = []
            for code, n in (("q", n_i), ("I", n_i), ("i", n_p), ("i", n_p)):
                part = array(code)
                part.frombytes(pipe.read(n * part.itemsize))
                parts.append(part)
            if [len(part) for part in parts] != [n_i, n_i, n_p, n_p]:
                break
            batches.put(parts)
        batches.put(end)

    threading.Thread(target=read, daemon=True).start()
    return batches


def _fed_coord(batches: queue.Queue, final: array) -> Batches:
    """The coord rows of the batches `_batches` reads, a batch's as `IdColumns` (made by C
    iterators; 64-bit ids, so loaded unchecked: engines/rows.py); LatticeError when the pipe ended
    before the count that closes it, or the count is not what came."""
    return Batches(_fed_batches(batches, final))


def _fed_batches(batches: queue.Queue, final: array) -> Iterator[IdColumns]:
    p = 0
    while type(parts := batches.get()) is list:
        ids, sizes, ds, vs = parts
        yield IdColumns(array("q", chain.from_iterable(map(repeat, ids, sizes))), array("q", map(final.__getitem__, ds)),
                        array("q", map(final.__getitem__, vs)), array("q", range(p, p + len(ds))))
        p += len(ds)
    if parts != p:
        raise LatticeError(f"write_stream: the engine database's rows broke off ({p} of {parts})")


class _Relations(Mapping):
    """relation → its rows, made afresh each time asked (StreamFiles.relations)."""

    def __init__(self, made: Mapping[str, Callable[[], Iterable[tuple[int, ...]]]]):
        self.made = made

    def __getitem__(self, name: str) -> Iterable[tuple[int, ...]]:
        if name not in LATTICE_RELATIONS:
            raise KeyError(name)
        return self.made[name]()

    def __iter__(self) -> Iterator[str]:
        return iter(LATTICE_RELATIONS)

    def __len__(self) -> int:
        return len(LATTICE_RELATIONS)
