"""Flat dimensions of a streamed write: a dimension's values read from a callable, never held as strings.

A KB's entity-valued relations, their `inverse …` dimensions and `subject` hold a value for (nearly)
every subject, each a leaf directly under ⊤ (no synonyms, no other parent, no child): at 1M subjects
the head of a streamed write holding them was 4.7 GB of Python (docs/spark.md). The streamed writer
(ingest/stream.py, `write_stream(flat_values=...)`) takes such a dimension's values instead from a
callable that gives `(value key, label)` pairs in ascending key order each time it is called, and
reads them several times: once here (`FlatDimension.scan`: checked, counted, hashed, their compare
classes found), then for values.blocks and for the symbol table (`again`: checked to be the same keys),
and once more for the probe table below, made on the first look-up that needs it (a DuckDB build
never does: it looks up only the values the country table names, whose positions the scan keeps).

What stays in memory per value, in arrays: its key's 64-bit `hash` (8 bytes) and, once the probe
table is made, a CRC-32 of its UTF-8 bytes (4) and an open-addressing table of 1.5 slots a value (6
bytes: a slot holds the value's position) — 18 bytes at most — plus, in the writer, its final symbol id (8) and how many `coord`
rows name it (4): 30 bytes a value, against ~210 for a value held in the head (a label and a key
str and their dict entries: the 100k-person KB's 556k flat values took 116 MB more RSS that way). A predicate's value is found by hashing its key and probing the table; a slot
matches when both the hash and the CRC do (96 bits: two distinct keys that agree on both are
refused, not confused; a key that is no value is taken for one with probability ~2^-96).

`flat_dimension_report` is the legitimacy gate's per-dimension report of such a dimension
(legitimacy/check.py `dimension_report` of the same dimension with its values in memory), read
from the callable: at most `CLOSURE_CAP` values are held to check it as the gate does; above that
its report (`large_tree_report`) keeps the first `limit` leaves of its antichain, in order, and
their count — what legitimacy.json stores (`gate.STORED_LIST_LIMIT`).
"""

from __future__ import annotations

import heapq
from array import array
from dataclasses import dataclass
from typing import Callable, Iterable, Iterator
from zlib import crc32

from latweave.errors import LatticeError
from latweave.lattice.canonical import country_heads, country_of
from latweave.lattice.model import Dimension
from latweave.lattice.names import TOP, normalize

#: what `write_stream(flat_values=...)` takes per dimension key
FlatValues = Callable[[], Iterable[tuple[str, str]]]


@dataclass(frozen=True)
class FlatSummary:
    """What `flat_dimension_report` reads of a flat dimension's values, summed by whoever holds
    them (the DuckDB build, in SQL: ingest/duckdb_legitimacy.py `flat_summaries`): the sum of
    their digest rows' hashes (legitimacy/check.py `value_hash` of `[key, label, [], None]`, not
    reduced) and its leaves as (label, key) in that order — every one up to the gate's cap, the
    first `limit` above it."""
    hashes: int
    leaves: tuple[tuple[str, str], ...]


def check_flat(dim: Dimension) -> None:
    """Refuse (LatticeError) a head dimension that cannot be flat: it must be a taxonomy holding
    ⊤ alone, with no edges, synonyms, bounds or stored classes."""
    if dim.kind != "taxonomy" or set(dim.labels) != {TOP} or dim.parents or dim.synonyms or dim.bounds \
            or dim.classes:
        raise LatticeError(f"write_stream: flat dimension {dim.name!r} must be a taxonomy whose head holds ⊤ "
                           "alone (no other value, edge, synonym, bounds or classes): its values come from "
                           "flat_values", hint="declare the dimension in the head with no values")


class FlatDimension:
    """One flat dimension of a streamed write: its values' count, index and compare classes."""

    def __init__(self, dim: Dimension, values: FlatValues, *, keys_vouched: bool = False):
        check_flat(dim)
        self.dim, self.values = dim, values
        #: the caller vouches that each key is normalize(label) (a DuckDB build: its keys are the
        #: split workers' normalize() of the very spellings it labels them by): not checked again
        self.keys_vouched = keys_vouched
        self.n = 0
        self.hashes, self.checks = array("q"), array("I")   # 8 and 4 bytes a value
        self.slots = array("i")
        self.scanned = False
        #: value key → position, for the values the country table names (found without the index)
        self._named: dict[str, int] = {}
        #: value key → compare class label, for the values that share one (lattice/canonical.py)
        self.classes: dict[str, str] = {}
        #: class label → the value keys the country table names, in key order (canonical.class_members)
        self.members: dict[str, list[str]] = {}

    def _what(self) -> str:
        return f"write_stream: flat dimension {self.dim.name!r}"

    def scan(self) -> "FlatDimension":
        """Read the values once: each a str key, normalised from its label (unless the caller
        vouches for that: `keys_vouched`), not ⊤, in strictly ascending order (LatticeError
        otherwise); hash them and find their compare classes. The index `find` probes is made on
        its first use (`_index`): a bulk build finds only the few values the country table names,
        which the scan keeps the positions of — at 300k subjects its 1.4M values' CRCs and table
        were a second of the build's one-core stretch before the engine's child could start."""
        hashes = self.hashes
        members: dict[str, list[str]] = {}
        named = self._named
        vouched = self.keys_vouched
        heads = country_heads()
        previous = None
        for position, item in enumerate(self.values()):
            key, label = item
            if type(key) is not str or type(label) is not str:
                raise LatticeError(f"{self._what()}: value {item!r} is not a (key, label) pair of strings")
            if previous is not None and key <= previous:
                raise LatticeError(f"{self._what()}: value {key!r} comes after {previous!r}: the values must "
                                   "come in ascending key order, each once")
            if key == TOP or (not vouched and normalize(label) != key):
                raise LatticeError(f"{self._what()}: value {label!r} has the key {key!r}, not normalize(label)"
                                   if key != TOP else f"{self._what()}: ⊤ is not one of its values")
            previous = key
            hashes.append(hash(key))
            head = key[:6]   # country_of's own first test, inline: most values fail it
            if head.isascii() and head.isalnum() and head.lower() not in heads:
                continue
            name = country_of(key)
            if name is not None:
                members.setdefault(name, []).append(key)
                named[key] = position
        self.n = len(hashes)
        self.members = members
        self.classes = {key: name for name, keys in sorted(members.items()) if len(keys) > 1 for key in keys}
        self.scanned = True
        return self

    def _index(self) -> None:
        """The open-addressing table `find` probes, over the values read again (`again`: the
        same keys as the scan's), each with its key's CRC-32; two values agreeing on hash and CRC
        are refused."""
        checks = array("I", (crc32(key.encode("utf-8", "surrogatepass")) for _, key, _ in self.again()))
        size = self.n + self.n // 2 + 1
        slots = array("i", [-1]) * size
        hashes = self.hashes
        for k in range(self.n):
            h = hashes[k]
            i = h % size
            while (j := slots[i]) >= 0:
                if hashes[j] == h and checks[j] == checks[k]:
                    raise LatticeError(f"{self._what()}: two of its values share a 96-bit hash",
                                       hint="build this lattice with its values in the head")
                i = i + 1 if i + 1 < size else 0
            slots[i] = k
        self.checks, self.slots = checks, slots   # (kept whole or not at all)

    def find(self, key: str) -> int:
        """The position of value `key` in key order, or -1 when the dimension has no such value."""
        if type(key) is not str:
            return -1
        at = self._named.get(key)
        if at is not None:
            return at
        if not self.slots:   # (made on the first look-up a named value does not answer)
            self._index()
        slots, hashes = self.slots, self.hashes
        size = len(slots)
        h = hash(key)
        i = h % size
        check = None
        while (j := slots[i]) >= 0:
            if hashes[j] == h:
                if check is None:
                    check = crc32(key.encode("utf-8", "surrogatepass"))
                if self.checks[j] == check:
                    return j
            i = i + 1 if i + 1 < size else 0
        return -1

    def again(self) -> Iterator[tuple[int, str, str]]:
        """The values read again, as (position, key, label): LatticeError when the callable does
        not give the same keys as the first time."""
        hashes, n = self.hashes, self.n
        k = -1
        for k, (key, label) in enumerate(self.values()):
            if k >= n or hash(key) != hashes[k]:
                break
            yield k, key, label
        else:
            if k + 1 == n:
                return
        raise LatticeError(f"{self._what()}: its values callable gave other values when called again",
                           hint="flat_values' callables must give the same values each time they are called")


def _grown_from_seed(dimension: Dimension, summary: FlatSummary, digest: str, cap: int, caps: dict):
    """The report of a flat dimension within the cap from its summary: its first three leaves
    checked as the gate checks a dimension, the rest added as leaves under ⊤ (legitimacy/check.py
    `grown_tree`, which gives exactly the report a check of the whole dimension gives, or None
    where it cannot: then the caller checks it whole)."""
    from dataclasses import replace

    from latweave.legitimacy.check import dimension_report, grown_tree
    from latweave.legitimacy.poset import UNRANKED

    if len(summary.leaves) < 4 or len(summary.leaves) > cap:
        return None
    seed = dict(dimension.labels)
    seed.update((key, label) for label, key in summary.leaves[:3])
    before = dimension_report(replace(dimension, labels=seed, parents={}, synonyms={}, bounds={}), **caps)
    return grown_tree(before, [(UNRANKED, label, key) for label, key in summary.leaves[3:]], digest, cap)


def flat_dimension_report(dimension: Dimension, values: FlatValues, *, limit: int | None = None,
                          summary: FlatSummary | None = None, **caps):
    """The legitimacy report (legitimacy/report.py `DimensionReport`) of the flat dimension
    `dimension` (declared with ⊤ alone, as `write_stream`'s head holds it) whose values `values()`
    gives: what `legitimacy.check.dimension_report` gives for the dimension with those values in
    memory (`values` may be the dimension's FlatDimension, scanned already: the writer's, one
    scan for both) — the same report (digest included) up to `closure_cap` values (the gate's cap, held
    to check them as the gate does); above it the same `to_dict(limit=n)` for every n ≤ `limit`
    (default gate.STORED_LIST_LIMIT: legitimacy.json's), its antichain kept to its first `limit`
    leaves with their count (`DimensionReport.totals`). `summary`: the values' hashes and leaves
    read already (`FlatSummary`): the values are not read again (within the cap, the report grown
    from its first leaves: `_grown_from_seed`). `caps`: dimension_report's."""
    from dataclasses import replace

    from latweave.ingest.gate import STORED_LIST_LIMIT
    from latweave.legitimacy.check import (CLOSURE_CAP, dimension_digest, dimension_report, grown_by,
                                           grown_digest, large_tree_report)

    limit = STORED_LIST_LIMIT if limit is None else limit
    cap = caps.get("closure_cap", CLOSURE_CAP)
    if isinstance(values, FlatDimension):   # scanned already (the writer's: one scan for both)
        if values.dim is not dimension or not values.scanned:
            raise ValueError("flat_dimension_report: a FlatDimension of another dimension, or not scanned")
        scanned = values
    else:
        check_flat(dimension)
        scanned = FlatDimension(dimension, values).scan()   # the values' checks (their order, keys)
    small = scanned.n <= cap
    if summary is not None:
        digest = grown_by(dimension_digest(dimension), summary.hashes)
        if not small:
            leaves = tuple(label for label, _ in summary.leaves[:limit])
            return replace(large_tree_report(dimension.name, dimension.kind, scanned.n, leaves, cap),
                           digest=digest, totals=(("antichain", scanned.n),) if scanned.n > limit else ())
        grown = _grown_from_seed(dimension, summary, digest, cap, caps)
        if grown is not None:
            return grown
    held = replace(dimension, labels=dict(dimension.labels), parents={}, synonyms={}, bounds={}) if small else None
    first: list[tuple[str, str]] = []   # above the cap: the leaves first in the report's order, `limit` of them

    def rows() -> Iterator[list]:
        """Each value's digest row (check.value_row), what the report keeps of it taken meanwhile."""
        for _, key, label in scanned.again():
            if small:
                held.labels[key] = label
            else:
                first.append((label, key))   # (label, key): large_dimension's order of a taxonomy's leaves
                if len(first) >= 4 * limit + 1024:
                    first[:] = heapq.nsmallest(limit, first)
            yield [key, label, [], None]

    digest = grown_digest(dimension_digest(dimension), rows())   # one more read of the values
    if small:
        return dimension_report(held, digest, **caps)
    leaves = tuple(label for label, _ in heapq.nsmallest(limit, first))
    return replace(large_tree_report(dimension.name, dimension.kind, scanned.n, leaves, cap), digest=digest,
                   totals=(("antichain", scanned.n),) if scanned.n > limit else ())
