"""The lines of predicates.jsonl and values.jsonl: the one codec every writer and reader of them uses.

(The lines are kept deflated in blocks, as predicates.blocks and values.blocks: folder/blocks.py;
this module knows a line's fields, that one the container.)

These two files are most of a lattice's model (the 100,000-person KB: 1.3M predicates, 609k
values; 313 MB + 69 MB as JSON objects with every field named), so a line is a compact JSON
array, fields by position, defaults left out, no spaces between items (issue 44, goal 3):

* predicates.jsonl — line i of a layer is the predicate numbered the layer's first id + i (its id
  is its position; no `id` field): `[instance, dimension, value, doc, start, end, source_text]`,
  then `confidence` when it is not 1.0 or qualifiers follow, then `qualifiers` (`[[key, value],
  ...]`) when there are any.
* values.jsonl — `[dimension, key, label]`, then `parents` (sorted) when there are any or bounds
  follow, then `bounds` (`[lo, hi]`) when the value has them; a later layer's deletion of a value
  (folder/layers.py) is `[dimension, key]`.

Only this module knows the positions: a reader gets the rows it always got, dicts with named
fields (`value_row`, `predicate_row`: the `id` is the caller's, from the line's position), or the
model's Predicate (`predicate_of_line`); a writer hands over a Predicate or a value's fields.
A line is one line of JSON (json's escapes: never a raw newline), UTF-8, non-ASCII as itself,
sorted as before: predicates in canonical order (so by instance), values by (dimension, key) —
the first strings of a line, which a bisection reads without parsing the line (`first_strings`).

`source_text` stays in the row: a proof prints it for every leaf, and restoring it from
documents.jsonl (a KB's whole text is one row there) would cost a proof a read of that row.
"""

from __future__ import annotations

import json
import math
from json.decoder import scanstring
from typing import Any, Iterable, Iterator

from latweave.folder.names import PREDICATES, VALUES
from latweave.lattice.model import Evidence, Predicate
from latweave.lattice.names import TOP

_STRING = json.encoder.encode_basestring   # json.dumps' own encoder of a str with ensure_ascii=False
#: a row that the fast paths below do not format (a field of an unusual type) is encoded by this
_COMPACT = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
_loads = json.loads


# ---- values.jsonl ----

def _plain_number(x) -> bool:
    return type(x) is int or type(x) is float and math.isfinite(x)


def value_line(dimension: str, key: str, label: str, parents: list, bounds) -> str:
    """A value's line (with its newline); `parents` sorted, `bounds` a (lo, hi) pair or None."""
    if type(dimension) is str and type(key) is str and type(label) is str and all(type(p) is str for p in parents) \
            and (bounds is None or all(map(_plain_number, bounds))):
        head = f"[{_STRING(dimension)},{_STRING(key)},{_STRING(label)}"
        if bounds is not None:
            return f'{head},[{",".join(map(_STRING, parents))}],[{",".join(map(repr, bounds))}]]\n'
        if parents:
            return f'{head},[{",".join(map(_STRING, parents))}]]\n'
        return head + "]\n"
    row = [dimension, key, label]
    if parents or bounds is not None:
        row.append(list(parents))
    if bounds is not None:
        row.append(list(bounds))
    return _COMPACT.encode(row) + "\n"


def flat_value_lines(dimension: str, top: str | None, values: Iterable[tuple[int, str, str]]) -> Iterator[str]:
    """values.blocks' lines of a flat dimension (each value a leaf under ⊤): of each `(_, key,
    label)`, in ascending key order, `value_line(dimension, key, label, [], None)`, with `top`
    (⊤'s line, when given) in its place among them — the dimension encoded once, not per value
    (a streamed write's values file: ingest/stream.py)."""
    head = f"[{_STRING(dimension)},"
    for _, key, label in values:
        if top is not None and TOP < key:
            yield top
            top = None
        if type(key) is str and type(label) is str:
            yield f"{head}{_STRING(key)},{_STRING(label)}]\n"
        else:
            yield value_line(dimension, key, label, [], None)
    if top is not None:
        yield top


def value_line_of(row: dict) -> str:
    """The line of a values.jsonl row as readers get it (`value_row`): a value, or a deletion
    (`"removed": true`)."""
    if row.get("removed") is True:
        return _COMPACT.encode([row["dimension"], row["key"]]) + "\n"
    return value_line(row["dimension"], row["key"], row["label"], row["parents"], row["bounds"])


def value_row(line: str | bytes) -> dict:
    """A values.jsonl line as a row: dimension, key, label, parents, bounds (None when it has
    none); a deletion as {dimension, key, removed: true}."""
    a = _loads(line)
    if len(a) == 2:
        return {"dimension": a[0], "key": a[1], "removed": True}
    n = len(a)
    return {"dimension": a[0], "key": a[1], "label": a[2], "parents": a[3] if n > 3 else [],
            "bounds": a[4] if n > 4 else None}


# ---- predicates.jsonl ----

def predicate_line(p: Predicate) -> str:
    """A predicate's line (with its newline)."""
    e, c = p.evidence, p.confidence
    if type(c) is float and 0.0 <= c <= 1.0 and type(e.start) is int and type(e.end) is int \
            and type(p.instance) is str and type(p.dimension) is str and type(p.value) is str \
            and type(e.doc) is str and type(e.source_text) is str and not p.qualifiers:
        tail = "]\n" if c == 1.0 else f",{c!r}]\n"
        return (f"[{_STRING(p.instance)},{_STRING(p.dimension)},{_STRING(p.value)},{_STRING(e.doc)},"
                f"{e.start},{e.end},{_STRING(e.source_text)}{tail}")
    row = [p.instance, p.dimension, p.value, e.doc, e.start, e.end, e.source_text]
    if c != 1.0 or p.qualifiers:
        row.append(c)
    if p.qualifiers:
        row.append([list(q) for q in p.qualifiers])
    return _COMPACT.encode(row) + "\n"


def predicate_lines(predicates: Iterable[Predicate], names: dict[str, str] | None = None) -> Iterator[str]:
    """`predicate_line(p)` of each predicate, the same lines, with the names they repeat (a
    dimension, a document; an instance, over its predicates side by side in canonical order)
    encoded once (a third of writing a KB's model files is this: docs/performance.md). `names`:
    the dimensions' and documents' encodings kept from a call before (a streamed write calls this
    once per instance: ingest/stream.py)."""
    names = {} if names is None else names   # dimensions and documents: a few, each named by many predicates
    last, last_text = None, ""
    for p in predicates:
        e, c = p.evidence, p.confidence
        if not (c == 1.0 and type(c) is float and type(e.start) is int and type(e.end) is int
                and type(p.instance) is str and type(p.dimension) is str and type(p.value) is str
                and type(e.doc) is str and type(e.source_text) is str and not p.qualifiers):
            yield predicate_line(p)
            continue
        if p.instance is not last:
            last, last_text = p.instance, _STRING(p.instance)
        dim = names.get(p.dimension)
        if dim is None:
            dim = names[p.dimension] = _STRING(p.dimension)
        doc = names.get(e.doc)
        if doc is None:
            doc = names[e.doc] = _STRING(e.doc)
        yield f"[{last_text},{dim},{_STRING(p.value)},{doc},{e.start},{e.end},{_STRING(e.source_text)}]\n"


def plain_predicate_lines(instance: str, fields: Iterable[tuple[str, str, str, int, int, str]],
                          names: dict[str, str]) -> list[str]:
    """The lines `predicate_lines` gives for predicates of `instance` with confidence 1.0 and no
    qualifiers, from their fields `(dimension, value, doc, start, end, source_text)` (each a str
    but the offsets, ints): what a bulk source holds, without a Predicate made per line (the DuckDB
    build: ingest/kb_duckdb.py). `names`: the dimensions' and documents' encodings, kept across calls."""
    head = f"[{_STRING(instance)},"
    lines = []
    for dimension, value, doc, start, end, text in fields:
        dim = names.get(dimension)
        if dim is None:
            dim = names[dimension] = _STRING(dimension)
        d = names.get(doc)
        if d is None:
            d = names[doc] = _STRING(doc)
        lines.append(f"{head}{dim},{_STRING(value)},{d},{start},{end},{_STRING(text)}]\n")
    return lines


def plain_instance_line(label: str) -> str:
    """An instance's instances.jsonl line with its newline when it has no aliases: what
    `json.dumps(store.instance_row(instance), ensure_ascii=False, sort_keys=True)` spells."""
    return f'{{"aliases": [], "label": {_STRING(label)}}}\n'


def predicate_row(line: str | bytes) -> dict:
    """A predicates.jsonl line as a row: instance, dimension, value, doc, start, end,
    source_text, confidence, qualifiers (lists of two), every field named (no id)."""
    a = _loads(line)
    n = len(a)
    return {"instance": a[0], "dimension": a[1], "value": a[2], "doc": a[3], "start": a[4], "end": a[5],
            "source_text": a[6], "confidence": a[7] if n > 7 else 1.0, "qualifiers": a[8] if n > 8 else []}


def predicate_of_line(line: str | bytes) -> Predicate:
    """A predicates.jsonl line as the model's Predicate (what `store.predicate_of` makes of its row)."""
    return predicate_of_fields(predicate_fields(line))


def predicate_fields(line: str | bytes) -> tuple[Any, ...]:
    """A predicates.jsonl line as one flat tuple of strings and numbers — instance, dimension,
    value, doc, source_text, start, end, confidence, qualifiers (a tuple of pairs) — what a reader
    keeps of a predicate it read: Python's cyclic garbage collector stops tracking such a tuple,
    where it walks a Predicate and its Evidence at every full collection (a long session's kept
    predicates made its collections most of its time: docs/performance.md, round twenty-four)."""
    a = _loads(line)
    n = len(a)
    return (a[0], a[1], a[2], a[3], a[6], a[4], a[5], a[7] if n > 7 else 1.0,
            tuple(tuple(q) for q in a[8]) if n > 8 else ())


def predicate_of_fields(f: tuple[Any, ...]) -> Predicate:
    """The Predicate of `predicate_fields`' tuple."""
    return Predicate(f[0], f[1], f[2], Evidence(f[3], f[4], f[5], f[6]), f[7], f[8])


# ---- a line's key, read without parsing it ----

def first_strings(line: str, n: int):
    """The first `n` items of a line, strings (a predicate's instance: 1; a value's dimension and
    key: 2), read without parsing the rest of the line; a 1-tuple's item alone for n = 1."""
    out, at = [], 2    # after '["'
    for _ in range(n):
        text, at = scanstring(line, at)
        out.append(text)
        at += 2        # past ',"'
    return out[0] if n == 1 else tuple(out)


def predicate_probe(line: str) -> str:
    """The instance of a predicates.jsonl line (its sort key)."""
    return scanstring(line, 2)[0]


def value_probe(line: str) -> tuple[str, str]:
    """(dimension, key) of a values.jsonl line (its sort key)."""
    return first_strings(line, 2)


#: The decoder of each file whose lines this module writes, by file name.
_DECODERS = {VALUES: value_row, PREDICATES: predicate_row}


def decoder(name: str):
    """How a line of model file `name` is read into its row: this module's codec for
    values.jsonl and predicates.jsonl, json.loads (one JSON object a line) for the others."""
    return _DECODERS.get(name, _loads)
