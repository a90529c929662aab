"""`check_lattice`: run every legitimacy check on a lattice and gather one `LatticeReport`.

Per dimension: contested coordinates (an instance whose sources state values of a functional
dimension with no common lower bound: latweave/lattice/coordinates.py), unique meets (else the competing lower bounds and the Dedekind–MacNeille
completion's new elements), distributivity with an M3/N5 witness (of the completion when the
DAG is not a lattice), and Dilworth width with a largest antichain. Across dimensions: the formal
context's co-occurring attributes and concept count, and mutually determining dimension pairs.
Every cap is a keyword argument, so nothing here can run for minutes on a large lattice.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Iterable, Mapping
from dataclasses import replace
from functools import lru_cache

from latweave.lattice.coordinates import contested_counts, settle
from latweave.lattice.model import Dimension, Lattice
from latweave.lattice.names import TOP
from latweave.legitimacy import fca as fca_mod
from latweave.legitimacy.dependence import dependent_dimensions
from latweave.legitimacy.distributive import DISTRIBUTIVE_CAP, check_distributive
from latweave.legitimacy.meets import check_meets, completion, completion_cuts
from latweave.legitimacy.poset import UNRANKED, Poset, poset_of
from latweave.legitimacy.report import (CompetingPair, DimensionReport, FcaReport, LatticeReport,
                                        WitnessReport)
from latweave.legitimacy.width import EDGE_CAP, dilworth_width


def _labels(poset: Poset, items) -> tuple[str, ...]:
    return tuple(poset.labels[i] for i in poset.sorted(items))


#: A dimension of more values than this is checked from its edges, not its closure: the closure's
#: bitsets take memory quadratic in the values (a KB's `subject` dimension has one value per entity;
#: see docs/performance.md).
CLOSURE_CAP = 50_000


def check_dimension(dimension: Dimension, *, distributive_cap: int = DISTRIBUTIVE_CAP,
                    pair_cap: int = 2_000_000, width_edge_cap: int = EDGE_CAP,
                    closure_cap: int = CLOSURE_CAP) -> DimensionReport:
    """All per-dimension verdicts for one dimension (`large_dimension`'s above `closure_cap` values)."""
    if len(dimension.labels) - 1 > closure_cap:
        return large_dimension(dimension, closure_cap)
    poset = poset_of(dimension)
    meets = check_meets(poset, pair_cap=pair_cap)
    competing = tuple(CompetingPair((poset.labels[c.a], poset.labels[c.b]),
                                    tuple(poset.labels[i] for i in c.lower_bounds)) for c in meets.competing)
    cuts = completion_cuts(poset, meets.competing) if meets.competing else []
    warnings = []
    if meets.unique is None:
        warnings.append(f"meets not fully checked: more than {pair_cap} candidate pairs")
        target, of = poset, "dimension"
    elif not meets.unique:
        first = competing[0]
        warnings.append(f"meets not unique: {len(competing)} pair(s) with competing lower bounds, e.g. "
                        f"{first.pair[0]} ∧ {first.pair[1]} ∈ {{{', '.join(first.lower_bounds)}}}; "
                        f"the Dedekind–MacNeille completion adds {', '.join(c.label for c in cuts)}")
        target, of = completion(poset, cuts), "completion"
    else:
        target, of = poset, "dimension"

    if meets.unique is None:
        distributive, witness, note = None, None, "skipped: meets not fully checked"
    else:
        verdict = check_distributive(target, cap=distributive_cap)
        distributive, note = verdict.distributive, verdict.note
        witness = (WitnessReport(verdict.witness.kind, tuple(target.labels[i] for i in verdict.witness.elements))
                   if verdict.witness else None)
    where = " (of the completion)" if of == "completion" else ""
    if distributive is False:
        warnings.append(f"not distributive{where}: "
                        + (f"{witness} is a sublattice" if witness else note) + " (information only)")
    elif distributive is None and meets.unique is not None:
        warnings.append(f"distributivity {note}")

    width = dilworth_width(poset, edge_cap=width_edge_cap)
    if width.width is None:
        warnings.append(f"width {width.note}")
    return DimensionReport(
        name=dimension.name, kind=dimension.kind, values=len(dimension.labels) - 1, size=poset.size,
        is_lattice=meets.unique, competing=competing, added_by_completion=tuple(c.label for c in cuts),
        distributive=distributive, distributive_of=of, distributive_note=note, witness=witness,
        width=width.width, antichain=_labels(poset, width.antichain), width_note=width.note,
        warnings=tuple(warnings))


def check_fca(lattice: Lattice, *, min_support: int = 2, max_concepts: int = fca_mod.MAX_CONCEPTS,
              max_cells: int = fca_mod.MAX_CELLS, max_work: int = fca_mod.MAX_IMPLICATION_WORK) -> FcaReport:
    """The formal-context part of the report; the implications only within `max_work`
    (fca.implication_work), else the report says why they are not listed."""
    context = fca_mod.context_of(lattice)
    concepts = fca_mod.next_closure_concepts(context, max_concepts=max_concepts, max_cells=max_cells)
    skipped = fca_mod.implications_skipped(fca_mod.implication_work(context, min_support=min_support),
                                           min_support=min_support, max_work=max_work)
    return FcaReport(
        objects=len(context.objects), attributes=len(context.attributes),
        incidences=context.incidences,
        concepts=len(concepts.found) if concepts.complete else None, message=concepts.message,
        co_occurring=fca_mod.co_occurring(context, min_support=min_support),
        implications=() if skipped else fca_mod.implications(context, min_support=min_support),
        implications_skipped=skipped, min_support=min_support)


def value_row(dimension: Dimension, key: str) -> list:
    """What a dimension's digest reads of one value: its key, label, parents and bounds."""
    return [key, dimension.labels[key], sorted(dimension.parents.get(key, ())),
            list(dimension.bounds[key]) if key in dimension.bounds else None]


#: json.dumps(item, ensure_ascii=False)'s encoder, built once rather than per value hashed
_ENCODE = json.JSONEncoder(ensure_ascii=False).encode


_STRING = json.encoder.encode_basestring   # the encoder's own, for one str


def _json(item) -> str:
    """`_ENCODE(item)`, the same text; a value row (`value_row`: two strs, a list of strs, None
    or a list of finite numbers) formatted directly, as the digest reads one per value."""
    if type(item) is list and len(item) == 4:
        key, label, parents, bounds = item
        if type(key) is str and type(label) is str and type(parents) is list \
                and all(type(p) is str for p in parents) \
                and (bounds is None or type(bounds) is list
                     and all(type(x) is int or type(x) is float and math.isfinite(x) for x in bounds)):
            return (f"[{_STRING(key)}, {_STRING(label)}, [{', '.join(map(_STRING, parents))}], "
                    + ("null" if bounds is None else f"[{', '.join(map(repr, bounds))}]") + "]")
    return _ENCODE(item)


def _hashed(item) -> int:
    return int.from_bytes(hashlib.sha256(_json(item).encode()).digest(), "big")


def value_hash(row: list) -> int:
    """One value's part of a dimension's digest: the sha256 of its row's JSON (`value_row`'s row;
    `_json`: `json.dumps(row, ensure_ascii=False)`'s text), as an integer. (The DuckDB build sums
    a flat dimension's in SQL: ingest/duckdb_legitimacy.py, tested equal to this.)"""
    return _hashed(row)


def dimension_digest(dimension: Dimension, values: Iterable[str] | None = None) -> str:
    """What `check_dimension`'s verdicts are a function of, hashed: the dimension's name, kind,
    values (key and label), parents and bounds (an ordered dimension's edges derive from its
    bounds). Equal digests, equal verdicts: a change keeps a dimension's report when its digest
    has not moved. The digest is a sum (mod 2^256) of one hash per value and one of the header,
    so a value added changes it by that value's hash alone (`grown_digest`): a change that adds a
    few values to a dimension of a million does not hash the million again."""
    total = _hashed([dimension.name, dimension.kind, dimension.ordered, dimension.open])
    for key in (dimension.labels if values is None else values):
        total += _hashed(value_row(dimension, key))
    return f"{total % _MODULUS:064x}"


_MODULUS = 1 << 256


def grown_digest(digest: str, rows: Iterable[list]) -> str:
    """The digest of a dimension with values added whose rows (`value_row`) are `rows`, from its
    digest before (the other values' rows unchanged)."""
    return grown_by(digest, sum(_hashed(row) for row in rows))


def grown_by(digest: str, hashes: int) -> str:
    """The digest of a dimension with values added whose `value_hash`es sum to `hashes`."""
    return f"{(int(digest, 16) + hashes) % _MODULUS:064x}"


def grown_tree(before: DimensionReport, added: list[tuple], digest: str, cap: int = CLOSURE_CAP) -> DimensionReport | None:
    """`check_dimension`'s report of a dimension that was a tree (`before`) and gained leaves hung
    under ⊤ or under values that already had children (`added`: each new leaf's sort key (rank,
    label, key), as reports order values) — None when `before` is no such report, or the
    dimension crosses `cap` (its report changes kind). Exactly the report a check of the grown
    dimension gives, read from the new values alone: still a tree, its width its leaves counted,
    its antichain the leaves in order (a stored report's first ones: the new leaves merged in, the
    list cut where it was); below the cap its M3 at ⊤ made of ⊤'s first three children in that
    order (`distributive._tree_witness`: ⊤ comes first, and leaves under ⊤ only join its children)."""
    if before.is_lattice is not True or before.width is None or before.width_note != "a tree: its leaves":
        return None
    n = before.values + len(added)
    if (before.values > cap) != (n > cap):
        return None
    shown = before.antichain
    kept = len(shown) if before.length("antichain") > len(shown) else None   # a stored report's cut list
    labels = sorted([*((_order_key(before, label), label) for label in shown), *((k, k[1]) for k in added)])
    antichain = tuple(label for _, label in labels)
    total = before.length("antichain") + len(added)
    if kept is not None:
        antichain = antichain[:kept]
    totals = (("antichain", total),) if len(antichain) < total else ()
    grown = replace(before, values=n, size=n + 2, width=before.width + len(added), antichain=antichain,
                    digest=digest, totals=totals)
    if n > cap:
        note = f"skipped: {n:,} values, above the cap of {cap:,} (a tree: its meets are unique by construction)"
        return replace(grown, distributive_note=note, warnings=(f"distributivity {note}",))
    witness = before.witness
    if before.distributive is not False or witness is None or witness.kind != "M3" or witness.elements[0] != TOP \
            or before.distributive_note != "a tree with ⊥" \
            or before.warnings != (f"not distributive: {witness} is a sublattice (information only)",):
        return None
    atoms = sorted([*((_order_key(before, label), label) for label in witness.elements[1:4]),
                    *((k, k[1]) for k in added)])[:3]
    witness = WitnessReport("M3", (TOP, *(label for _, label in atoms), witness.elements[4]))
    return replace(grown, witness=witness, warnings=(f"not distributive: {witness} is a sublattice (information only)",))


def _order_key(report: DimensionReport, label: str) -> tuple:
    """A leaf's place in `large_dimension`'s order, from its label alone (an ordered value's
    label is its canonical text, whose parse gives its bounds; every key is its label normalised)."""
    return _label_order(report.kind, label)


@lru_cache(maxsize=1 << 16)
def _label_order(kind: str, label: str) -> tuple:
    from latweave.lattice.names import normalize
    from latweave.lattice.ordered import KINDS, parse_ordered

    if kind in KINDS:
        value = parse_ordered(label, kind)
        return ((value.lo, value.hi), label, normalize(label))
    return (UNRANKED, label, normalize(label))


def dimension_report(dimension: Dimension, digest: str | None = None, **caps) -> DimensionReport:
    """`check_dimension`'s report stamped with the dimension's digest (given, or computed): the
    report every lattice's legitimacy.json holds, whichever builder wrote it."""
    return replace(check_dimension(dimension, **caps),
                   digest=dimension_digest(dimension) if digest is None else digest)


def check_lattice(lattice: Lattice, *, distributive_cap: int = DISTRIBUTIVE_CAP, pair_cap: int = 2_000_000,
                  width_edge_cap: int = EDGE_CAP, fca_max_concepts: int = fca_mod.MAX_CONCEPTS,
                  fca_max_cells: int = fca_mod.MAX_CELLS, fca_min_support: int = 2,
                  dependence_min_support: int = 5, worlds: dict | None = None,
                  kept: Mapping[str, DimensionReport] | None = None,
                  previous: Mapping[str, Dimension] | None = None, carried: dict | None = None,
                  also: Mapping[str, DimensionReport] | None = None) -> LatticeReport:
    """Check every dimension and the lattice as a whole; see `LatticeReport.ok` for the gate.
    `worlds`: the lattice's settled coordinates when the caller has them (coordinates.settle).
    `kept`: a previous report's dimensions by name (a change's old lattice, `Gate.kept`): one whose
    digest equals the dimension's now is taken as it is, not checked again (its contested count is
    counted afresh: it depends on the instances, not the dimension); the report's `checked` names
    the dimensions that were checked. `previous`: the dimensions (by key) that report was made of,
    when the caller has them: a large tree that only gained leaves is reported from its report
    before (`grown_tree`: the same report, read from the new values alone). `carried`: the formal
    context and dependent dimensions of an earlier layer (`LatticeReport.analyses`), taken instead
    of reading every predicate (a layer after the first: folder/layers.py). `also`: more reports
    by name (of another lattice), taken only where their digest is the dimension's own."""
    contested = contested_counts(settle(lattice) if worlds is None else worlds, lattice)
    dims, checked = [], []
    for d in sorted(lattice.dimensions.values(), key=lambda d: d.name):
        digest = dimension_digest(d)
        before = kept.get(d.name) if kept is not None else None
        other = also.get(d.name) if also is not None else None
        if other is not None and other.digest == digest and (before is None or before.digest != digest):
            before = other
        if before is not None and before.digest != digest:
            old = previous.get(d.key) if previous is not None else None
            leaves = added_leaves(old, d) if old is not None else None
            before = grown_tree(before, [leaf_key(d, v) for v in leaves], digest) if leaves else None
            if before is not None:
                checked.append(d.name)
        if before is None or before.digest != digest:
            checked.append(d.name)
            before = dimension_report(d, digest, distributive_cap=distributive_cap, pair_cap=pair_cap,
                                      width_edge_cap=width_edge_cap)
        dims.append(replace(before, functional=d.functional, contested=contested.get(d.name, 0)))
    if carried is not None:
        fca, dependent = None, None
    else:
        fca = check_fca(lattice, min_support=fca_min_support, max_concepts=fca_max_concepts, max_cells=fca_max_cells)
        dependent = dependent_dimensions(lattice, min_support=dependence_min_support)
    return LatticeReport(name=lattice.name, dimensions=tuple(dims), fca=fca, dependent=dependent,
                         checked=None if kept is None else tuple(checked), carried=carried)


def added_leaves(before: Dimension, after: Dimension) -> list[str] | None:
    """The values `after` adds to `before`, when that is all it changes: every value and edge
    before is still there, and each new value is a leaf with one parent, ⊤ or a value that had
    children already (so no value stops being a leaf). None otherwise — or when nothing was added."""
    if (before.name, before.kind, before.open) != (after.name, after.kind, after.open):
        return None
    if any(after.labels.get(v) != label for v, label in before.labels.items()):
        return None
    new = [v for v in after.labels if v not in before.labels]
    if not new:
        return None
    old_edges, new_edges = set(before.edges()), set(after.edges())
    if not old_edges <= new_edges:
        return None
    inner = {p for p, _ in old_edges} | {TOP}
    fresh = set(new)
    parents: dict[str, int] = {}
    for p, c in new_edges - old_edges:
        if c not in fresh or p not in inner:
            return None
        parents[c] = parents.get(c, 0) + 1
    if any(parents.get(v) != 1 for v in new):
        return None
    return sorted(new)


def leaf_key(dimension: Dimension, v: str) -> tuple:
    """A leaf's place in `large_dimension`'s order of leaves."""
    return (dimension.bounds.get(v, UNRANKED) if dimension.ordered else UNRANKED, dimension.labels[v], v)


def large_dimension(dimension: Dimension, cap: int = CLOSURE_CAP) -> DimensionReport:
    """The verdicts on a dimension above `cap` values, from its edges alone (linear memory).

    A tree (every value has one parent; a KB's `subject`, its inverse and flat relations are) has
    unique meets by construction, ⊥ added: two values meet at the lower one when comparable, else
    at ⊥. Its width is its leaves. Any other DAG this large is reported unverified, which blocks
    going live as an unchecked pair cap does. Distributivity is not decided (information only).
    """
    edges = dimension.edges(sort=False)   # counted, not listed: their order does not matter
    parents: dict[str, int] = {}
    inner: set[str] = set()
    for parent, child in edges:
        parents[child] = parents.get(child, 0) + 1
        inner.add(parent)
    values = [v for v in dimension.labels if v != TOP]
    tree = all(parents.get(v, 0) == 1 for v in values)
    n = len(values)
    if tree:
        ranks = dict(dimension.bounds) if dimension.ordered else {}
        leaves = sorted((v for v in values if v not in inner),
                        key=lambda v: (ranks.get(v, UNRANKED), dimension.labels[v], v))
        return large_tree_report(dimension.name, dimension.kind, n, tuple(dimension.labels[v] for v in leaves), cap,
                                 width=len(leaves))
    note = f"skipped: meets not fully checked ({n:,} values of a DAG that is not a tree, above the cap of {cap:,})"
    width_note = f"skipped: {n:,} values, above the cap of {cap:,}"
    return DimensionReport(
        name=dimension.name, kind=dimension.kind, values=n, size=n + 2, is_lattice=None,
        competing=(), added_by_completion=(), distributive=None, distributive_of="dimension",
        distributive_note=note, witness=None, width=None, antichain=(), width_note=width_note,
        warnings=(f"meets not fully checked: {n:,} values of a DAG that is not a tree, above the cap of {cap:,}",
                  f"width {width_note}"))


def large_tree_report(name: str, kind: str, n: int, antichain: tuple[str, ...], cap: int = CLOSURE_CAP, *,
                      width: int | None = None) -> DimensionReport:
    """`large_dimension`'s report of a tree of `n` values above `cap`, whose leaves' labels, in
    its order, are `antichain` (`width`: their count, when `antichain` holds only the first ones:
    ingest/flat.py's flat dimensions, all leaves)."""
    note = f"skipped: {n:,} values, above the cap of {cap:,} (a tree: its meets are unique by construction)"
    return DimensionReport(
        name=name, kind=kind, values=n, size=n + 2, is_lattice=True, competing=(), added_by_completion=(),
        distributive=None, distributive_of="dimension", distributive_note=note, witness=None,
        width=n if width is None else width, antichain=antichain, width_note="a tree: its leaves",
        warnings=(f"distributivity {note}",))
