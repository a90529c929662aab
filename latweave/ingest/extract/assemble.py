"""Accepted predicates → a lattice: the one path extracted facts take into the lattice, whoever
proposed them (the LLM extractor, run.py; the rules extractor, latweave/ingest/rules/).

`assemble` adds the dimensions (`subject` first, then the whitelist's), the documents, every
accepted predicate in the order given — the same grid point from two windows enters once, and a
second value on a functional dimension is kept (compatible: the coordinate is their meet;
contradicting: a contested coordinate) — and then binds every instance's own name on `subject`,
evidenced by its first mention in the document of its first predicate.
"""

from __future__ import annotations

from typing import Iterable

from latweave.ingest.corpus import EVENT
from latweave.ingest.extract.corpus import SUBJECT, PreferredDimension
from latweave.ingest.extract.validate import Accepted, DocumentText
from latweave.lattice.model import Dimension, Lattice
from latweave.lattice.names import find_name, normalize
from latweave.lattice.ordered import parse_ordered


def assemble(name: str, dimensions: Iterable[PreferredDimension], documents: Iterable[tuple[str, str]],
             accepted: Iterable[Accepted], texts: dict[str, DocumentText]) -> tuple[Lattice, dict]:
    """The lattice of these accepted predicates, and the counts (accepted, duplicates, subjects)."""
    lattice = Lattice(name=name)
    lattice.add_dimension(Dimension(SUBJECT, "taxonomy", functional=True, open=True))
    for d in dimensions:
        lattice.add_dimension(Dimension(d.name, d.kind, functional=d.functional, open=True))
    for doc, text in documents:
        lattice.add_document(doc, text)
    seen: set[tuple] = set()
    first_doc: dict[str, str] = {}
    counts = {"accepted": 0, "duplicates": 0}
    for result in accepted:
        key = normalize(result.dimension)
        if key not in lattice.dimensions:   # `event` (an event's type) among them
            lattice.add_dimension(Dimension(result.dimension, "taxonomy", functional=key == EVENT, open=True))
        dim = lattice.dimensions[key]
        value = normalize(parse_ordered(result.value, dim.kind).canonical if dim.ordered else result.value)
        point = (normalize(result.subject), key, value, result.doc, result.start, result.end)
        if point in seen:
            counts["duplicates"] += 1
            continue
        seen.add(point)
        # every predicate is kept: a second value on a functional dimension is compatible
        # (the coordinate is their meet) or contests it — the rules decide, nothing is dropped
        lattice.add_predicate(result.subject, dim.name, result.value, doc=result.doc,
                              source_text=result.source_text, start=result.start, end=result.end,
                              confidence=result.confidence, qualifiers=result.qualifiers)
        counts["accepted"] += 1
        first_doc.setdefault(normalize(result.subject), result.doc)
    counts["subjects"] = _bind_subjects(lattice, first_doc, texts)
    return lattice, counts


def _bind_subjects(lattice: Lattice, first_doc: dict[str, str], texts: dict[str, DocumentText]) -> int:
    """Every instance binds its own name on `subject`, evidenced by its first mention in the
    document of its first predicate (case aside), so a chain can start from the name."""
    bound = 0
    for key in sorted(first_doc):
        inst = lattice.instances[key]
        doc = texts[first_doc[key]]
        span = find_name(doc.text, inst.label)
        if span is None:
            continue
        lattice.add_predicate(inst.label, SUBJECT, inst.label, doc=first_doc[key],
                              source_text=doc.text[span[0]:span[1]], start=span[0], end=span[1])
        bound += 1
    return bound
