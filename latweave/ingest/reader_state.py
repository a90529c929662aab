"""What a reader keeps beside each layer it builds (KB_STATE in folder/names.py): what reading
one more file into the lattice needs that the layer's other files do not say. Only the KB reader
keeps one (ingest/kb.py sets `Lattice.reader_state`; ingest/kb_layer.py reads it back)."""

from __future__ import annotations

from latweave.lattice.model import Lattice


def kb_state(lattice: Lattice) -> dict:
    """A KB lattice's reader state (KB_STATE), once settled: the subjects whose every triple was
    skipped (no relation predicate says they are subjects, and a relation's kind counts its
    objects that are subjects), each ordered dimension's intervals (a new date's parent is the
    least one holding it) and each taxonomy's values that the country table names, by the class
    it gives them (a class of one is none yet: a second member makes both compare as one)."""
    from latweave.lattice.canonical import class_members

    dims = sorted(lattice.dimensions.values(), key=lambda d: d.key)
    intervals = {d.key: [[v, *d.bounds[v]] for v in sorted(d.labels) if v in d.bounds and d.bounds[v][0] != d.bounds[v][1]]
                 for d in dims if d.ordered}
    classed = {d.key: dict(sorted(members.items())) for d in dims
               if not d.ordered and (members := class_members(sorted(d.labels)))}
    return {"silent_subjects": list(lattice.reader_state["silent_subjects"]),
            "intervals": {k: v for k, v in intervals.items() if v}, "classed": classed}
