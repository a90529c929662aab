"""A lattice in memory split into what `write_stream` takes: a head, flat values and the rows.

The flat dimensions (ingest/flat.py) are the taxonomies whose values are all leaves directly under
⊤ with no synonyms (a KB's `subject`, entity-valued relations and their inverses): the head
declares them with ⊤ alone and `flat_values` gives their values; every other dimension is copied
into the head whole. The rows are the instances in key order with their predicates."""

from __future__ import annotations

import copy

from latweave.lattice.model import Dimension, Lattice
from latweave.lattice.names import TOP


def is_flat(d: Dimension) -> bool:
    return (d.kind == "taxonomy" and not d.synonyms and not d.bounds and not d.classes
            and all(v not in d.parents for v in d.labels))


def split(lattice: Lattice, flat: bool = True):
    """(head, flat_values, rows) of `lattice`; `flat=False`: every value in the head (flat_values None)."""
    head = Lattice(name=lattice.name)
    values = {}
    for key, d in sorted(lattice.dimensions.items()):
        if flat and is_flat(d):
            head.add_dimension(Dimension(d.name, d.kind, functional=d.functional, open=d.open))
            pairs = sorted((v, label) for v, label in d.labels.items() if v != TOP)
            values[key] = lambda pairs=pairs: iter(pairs)
        else:
            head.add_dimension(copy.deepcopy(d))
    for doc, text in lattice.documents.items():
        head.add_document(doc, text)
    by_instance: dict[str, list] = {key: [] for key in lattice.instances}
    for p in lattice.sorted_predicates():
        by_instance[p.instance].append(p)
    rows = [(lattice.instances[key].label, by_instance[key]) for key in sorted(by_instance)]
    return head, (values if flat else None), rows
