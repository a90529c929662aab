"""The layer one more line-based KB file adds to a KB lattice, from look-ups into the lattice's
files — never the whole lattice.

`ingest/layered.step` computes a layer from the lattices before and after it, which costs a build
of both. A KB update is new lines, mostly about entities the lattice knows, so `kb_step` computes
the same layer from the new file and look-ups into the folder (its sorted, line-indexed files:
folder/layers.py), in time and memory that grow with the file, not with the lattice:

* the file's triples are read as `kb.lattice_from_triples` reads them — each subject and object
  looked up among the lattice's instances, each triple among the predicates its subject has (a
  triple already stated enters once, with its first evidence), each value among its dimension's
  values and synonyms, a relation new to the lattice classified by this file's objects (the
  first source that states a relation decides its kind);
* what they make — instances, predicates, values, synonyms, symbols — is numbered after what the
  lattice holds and compiled into the rows each relation gains; a functional coordinate that
  gains a second value is contested (on a KB's flat dimensions a world per value), and the
  history says so;
* the legitimacy report follows `check_lattice`'s rules: a dimension whose digest did not move
  keeps its report, a large tree that only gained leaves under ⊤ is reported from its report
  before (`grown_tree`), any other dimension that changed is read whole and checked again; the
  formal context and dependent dimensions are carried.

Whatever this does not compute the way `layered.step` does raises `Fallback`, with the reason — a
number dimension's new value (its ranks move), a new interval on a date dimension or a date under one, a contest on an ordered dimension
or between values with parents, a document id the lattice has, a relation new to the lattice whose objects
the lattice may hold as subjects it cannot name — and the change takes the general path, which
writes the same layer from the two lattices, slower. tests/test_kb_layer.py holds the two to the
same bytes.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, replace
from pathlib import Path

from latweave.compile.lattice_facts import day_span
from latweave.errors import LatweaveError
from latweave.folder.lookup import FolderLookup
from latweave.ingest.kb_formats import LINE_FORMATS   # the formats whose files this reads: a fact a line
from latweave.ingest.layered import Layer, worlds_row
from latweave.lattice.canonical import class_key, class_members
from latweave.lattice.coordinates import World
from latweave.folder.layers import merged_rows, open_lines, read_layer_record
from latweave.folder.store import class_row, synonym_row, value_row as stored_value_row
from latweave.lattice.model import Dimension, Evidence, Lattice, Predicate, predicate_key
from latweave.lattice.names import TOP, normalize
from latweave.lattice.ordered import parse_ordered
from latweave.lattice.periods import period_of
from latweave.legitimacy.check import dimension_report, grown_digest, grown_tree, leaf_key, value_row
from latweave.legitimacy.report import LatticeReport
from latweave.folder.names import CLASSES, DIMENSIONS, DOCUMENTS, INSTANCES, KB_STATE, PREDICATES, SYNONYMS, VALUES


class Fallback(Exception):
    """This file's layer is not one `kb_step` computes; the reason says why."""


@dataclass
class _Dim:
    """What the file adds to one dimension: new values (key → label), their bounds, new synonyms."""

    key: str
    name: str
    kind: str
    functional: bool
    new: bool = False
    labels: dict = None
    bounds: dict = None
    synonyms: dict = None

    def __post_init__(self):
        self.labels, self.bounds, self.synonyms = {}, {}, {}

    @property
    def ordered(self) -> bool:
        return self.kind in ("date", "number")


@dataclass
class Step:
    """What `kb_step` computed: the layer, the legitimacy report of the lattice through it, the
    manifest's counts, the contested coordinates now and the labels the history names them by."""

    layer: Layer
    report: LatticeReport | None
    counts: dict
    contested: frozenset
    labels: dict
    build: object          # the file's kb.BuildReport


def kb_step(folder: Path, manifest: dict, path: Path, number: int, options: dict, *, stored_report: dict | None,
            contested_before: frozenset = frozenset()) -> Step:
    """The layer `number` that the KB file at `path` adds to the lattice of the first `number`
    layers of `folder` (`manifest`: that lattice's — its "layers" counts them), as `layered.step`
    computes it from the two lattices; Fallback when this cannot. `options`: the source set's
    (format, functional, strict). `stored_report`: the legitimacy.json of the lattice before, or
    None (no report is made then)."""
    if options.get("format") not in LINE_FORMATS:
        raise Fallback(f"a {options.get('format')} file (only line-based KB files are read this way)")
    old = FolderLookup(folder, {**manifest, "layers": number})
    try:
        return _Reading(old, path, number, options, stored_report, contested_before).run()
    finally:
        old.close()


class _Reading:
    def __init__(self, old: FolderLookup, path: Path, number: int, options: dict, stored_report, contested_before):
        from latweave.ingest.kb import FUNCTIONAL, BuildReport

        self.old, self.path, self.number, self.options = old, Path(path), number, options
        self.stored_report, self.contested_before = stored_report, contested_before
        fmt = options["format"]
        functional = options.get("functional")
        self.one_valued = set(FUNCTIONAL[fmt] if functional is None else {normalize(r) for r in functional})
        self.report = BuildReport()
        self.dims: dict[str, _Dim] = {}
        self.instances: dict[str, str] = {}        # new instance key → label
        self.predicates: list[Predicate] = []
        self.classed: dict[str, dict[str, list[str]]] = {}   # dimension → class → its members now
        self.class_rows: list[tuple[str, str, str]] = []      # (dimension, value, class) rows new
        self.state = old.newest(KB_STATE)
        if self.state is None:
            raise Fallback("the lattice keeps no KB reader state (kb.json)")

    # ---------------------------------------------------------------- dimensions and values

    def dim(self, key: str) -> _Dim:
        held = self.dims.get(key)
        if held is None:
            row = self.old.dimensions[key]
            held = self.dims[key] = _Dim(key, row["name"], row["kind"], row["functional"])
        return held

    def has_value(self, d: _Dim, v: str) -> bool:
        return v in d.labels or (not d.new and self.old.value(d.key, v) is not None)

    def resolve(self, d: _Dim, label: str) -> str | None:
        key = normalize(label)
        if self.has_value(d, key):
            return key
        mapped = d.synonyms.get(key) or (None if d.new else self.old.synonym(d.key, key))
        if mapped is not None:
            return mapped
        if d.ordered:
            try:
                canonical = normalize(parse_ordered(label, d.kind).canonical)
            except LatweaveError:
                return None
            return canonical if self.has_value(d, canonical) else None
        return None

    def value_for_fact(self, d: _Dim, label: str) -> str:
        key = self.resolve(d, label)
        if key is not None:
            return key
        if d.ordered:
            parsed = parse_ordered(label, d.kind)
            key = normalize(parsed.canonical)
            if not self.has_value(d, key):
                d.labels[key] = parsed.canonical
                d.bounds[key] = (parsed.lo, parsed.hi)
            surface = normalize(label)
            if surface != key and surface not in d.synonyms and (d.new or self.old.synonym(d.key, surface) is None):
                d.synonyms[surface] = key
            return key
        key = normalize(label)
        d.labels.setdefault(key, label)
        return key

    # ---------------------------------------------------------------- instances

    def known(self, key: str) -> bool:
        return key in self.instances or self.old.instance(key) is not None

    def is_subject(self, key: str, subjects: set[str]) -> bool:
        """Whether `key` is the subject of some triple of this file or of the lattice before."""
        if key in subjects:
            return True
        if self.old.instance(key) is None:
            return False
        if key in self._silent:
            return True
        return any(not (row["dimension"] == "subject" or row["dimension"].startswith("inverse "))
                   for _, row in self.old.predicates(key))

    # ---------------------------------------------------------------- the file

    def run(self) -> Step:
        from latweave.ingest.kb import INVERSE, READERS, SUBJECT, classify_relation, EvidenceFiles, parse_value, Relation, Row

        scratch = Lattice(name="scratch")
        docs = EvidenceFiles(scratch)
        fmt, strict = self.options["format"], self.options.get("strict", False)
        key = normalize
        reserved = {normalize(SUBJECT)}
        relations: dict[str, Relation] = {}
        subjects: set[str] = set()
        rows: list[Row] = []
        for t in READERS[fmt](self.path, self.report, strict=strict):
            s, r, o = t.subject.strip(), t.relation.strip(), t.object.strip()
            rkey = key(r)
            if rkey in reserved or rkey.startswith(INVERSE):
                self.report.problem("relation", f"relation {r!r} collides with the dimension naming "
                                    f"({SUBJECT!r}, {INVERSE!r}…); triple skipped", file=t.source, line=t.line,
                                    locator=t.locator, strict=strict)
                continue
            rel = relations.get(rkey)
            if rel is None:
                rel = relations[rkey] = Relation(self.old.dimensions[rkey]["name"] if rkey in self.old.dimensions
                                                  else r)
            rel.triples += 1
            rel.objects[o] = rel.objects.get(o, 0) + 1
            subjects.add(key(s))
            rows.append(Row(t, s, rkey, o, docs.locate(t)))
        docs.finish()
        self._file_subjects = sorted(subjects)
        self._silent = set(self.state["silent_subjects"])
        (doc_id, text), = scratch.documents.items() if scratch.documents else ((None, None),)
        if doc_id is not None and self.old.documents.get(doc_id) is not None:
            raise Fallback(f"the lattice has a document {doc_id!r} already")
        parsed: dict = {}
        for rkey, rel in relations.items():
            if rkey in self.old.dimensions:
                rel.kind = self.old.dimensions[rkey]["kind"]
            else:
                classify_relation(rel, lambda k: self.is_subject(k, subjects), key, parsed)
                d = self.dims[rkey] = _Dim(rkey, rel.name, rel.kind, rkey in self.one_valued, new=True)
                d.labels[TOP] = TOP
                if rel.entity_valued:
                    inverse = self.dims[INVERSE + rkey] = _Dim(INVERSE + rkey, INVERSE + rel.name, "taxonomy",
                                                               False, new=True)
                    inverse.labels[TOP] = TOP
            self.report.relations[rel.name] = {"kind": rel.kind, "triples": rel.triples,
                                               "functional": self.dim(rkey).functional,
                                               "entity_valued": rel.entity_valued}
        subject_dim = self.dim(normalize(SUBJECT))
        seen: set = set()

        def entity(label: str, evidence: Evidence) -> str:
            k = key(label)
            if not self.known(k):
                self.instances[k] = label
                self.predicates.append(Predicate(k, subject_dim.key, self.value_for_fact(subject_dim, label),
                                                 evidence))
            return k

        def stated(skey: str, rkey: str, okey: str, quals: tuple) -> bool:
            norm = [list(q) for q in sorted((normalize(k), v) for k, v in quals)]
            return any(row["dimension"] == rkey and row["value"] == okey and row["qualifiers"] == norm
                       for _, row in self.old.predicates(skey))

        for row in rows:
            t, s, rkey, o, ev = row.triple, row.subject, row.relation, row.object, row.evidence
            rel, dim = relations[rkey], self.dim(rkey)
            skey = entity(s, ev)
            if rel.entity_valued:
                okey = entity(o, ev)
            else:
                okey = parse_value(o, rel.kind, parsed)
                if okey is None:
                    self.report.problem("value", f"{o!r} is not a {rel.kind} value of {rel.name!r}",
                                        file=t.source, line=t.line, locator=t.locator, strict=strict)
                    continue
            if (skey, rkey, okey, t.qualifiers) in seen or stated(skey, rkey, okey, t.qualifiers):
                self.report.duplicates += 1
                continue
            seen.add((skey, rkey, okey, t.qualifiers))
            quals = tuple(sorted((normalize(k), v) for k, v in t.qualifiers))
            period_of(quals, f"predicate ({s!r}, {rel.name!r}, {o!r})")
            self.predicates.append(Predicate(skey, rkey, self.value_for_fact(dim, o), ev, 1.0, quals))
            if rel.entity_valued:
                inverse = self.dim(INVERSE + rkey)
                self.predicates.append(Predicate(okey, inverse.key, self.value_for_fact(inverse, s), ev, 1.0, quals))
        return self.layer(doc_id, text)

    # ---------------------------------------------------------------- the layer

    def layer(self, doc_id, text) -> Step:
        new_dims = sorted(k for k, d in self.dims.items() if d.new)
        edges: dict[str, list[tuple[str, str]]] = {}
        intervals = {k: list(v) for k, v in self.state["intervals"].items()}
        for k in sorted(self.dims):
            d = self.dims[k]
            fresh = [v for v in d.labels if v != TOP]
            if not fresh and not d.new:
                continue
            if d.kind == "number" and fresh and not d.new:
                raise Fallback(f"new values on the number dimension {d.name!r} (its ranks move)")
            if d.kind == "taxonomy" and fresh:
                self.classes(d, fresh)
            if d.new:
                model = Dimension(d.name, d.kind, d.functional, True)
                model.labels.update(d.labels)
                model.bounds.update(d.bounds)
                edges[k] = model.edges()
                if d.ordered:
                    held = [[v, *d.bounds[v]] for v in sorted(d.bounds) if d.bounds[v][0] != d.bounds[v][1]]
                    if held:
                        intervals[k] = held
                continue
            if d.ordered:
                holders = intervals.get(k, [])
                for v in fresh:
                    lo, hi = d.bounds[v]
                    if lo != hi:
                        raise Fallback(f"{d.name!r}: a new interval {d.labels[v]!r}")
                    if any(blo <= lo and hi <= bhi for _, blo, bhi in holders):
                        raise Fallback(f"{d.name!r}: a new date {d.labels[v]!r} inside an interval of the dimension")
            edges[k] = sorted((TOP, v) for v in fresh)

        classed = dict(sorted(self.state.get("classed", {}).items()))
        for k, grown in sorted(self.classed.items()):
            classed[k] = {**classed.get(k, {}), **grown}

        # the predicates, numbered after the lattice's
        first = self.old.ids.end
        fresh_preds = sorted(set(self.predicates), key=predicate_key)
        ids = {p: first + i for i, p in enumerate(fresh_preds)}

        # contested coordinates: a functional dimension's pair that now states two values
        by_pair: dict[tuple[str, str], list[Predicate]] = defaultdict(list)
        for p in fresh_preds:
            if self.dims[p.dimension].functional:
                by_pair[(p.instance, p.dimension)].append(p)
        world_rows, contested, created = [], set(self.contested_before), []
        for (x, d), mine in sorted(by_pair.items()):
            theirs = [(i, row) for i, row in self.old.predicates(x) if row["dimension"] == d]
            values = {row["value"] for _, row in theirs} | {p.value for p in mine}
            if len(values) < 2:
                continue
            dim = self.dims[d]
            if dim.ordered:
                raise Fallback(f"a contested coordinate on the ordered dimension {dim.name!r}")
            for v in values:   # a KB's taxonomy values hang under ⊤: a world per value
                row = self.old.value(d, v) if v not in dim.labels else {"parents": []}
                if row is None or row["parents"]:
                    raise Fallback(f"a contested coordinate on {dim.name!r} between values with parents")
            support: dict[str, list[int]] = defaultdict(list)
            for i, row in theirs:
                support[row["value"]].append(i)
            for p in mine:
                support[p.value].append(ids[p])
            held = [(World(v, (v,)), sorted(support[v])) for v in sorted(values)]
            world_rows.append(worlds_row((x, d), held))
            if (x, d) not in contested:
                created.append((x, d))
                contested.add((x, d))

        # symbols: every string the new rows need that the lattice does not have
        wanted = set(new_dims)
        for k, d in self.dims.items():
            wanted.update(d.labels)
            wanted.update(d.synonyms)
        wanted.update(self.instances)
        wanted.update(class_key(c) for _, _, c in self.class_rows)
        for p in fresh_preds:
            for q in p.qualifiers:
                wanted.update(q)
        new_symbols = sorted(s for s in wanted if self.old.symbol(s) is None)
        symbol_ids = {s: self.old.symbol_end + i for i, s in enumerate(new_symbols)}

        def sid(s: str) -> int:
            got = symbol_ids.get(s)
            if got is None:
                got = symbol_ids[s] = self.old.symbol(s)
            return got

        added: dict[str, list] = defaultdict(list)
        for k in new_dims:
            d = self.dims[k]
            added["dimension"].append((sid(k),))
            added["top"].append((sid(k), sid(TOP)))
            if d.functional:
                added["functional"].append((sid(k),))
            if d.ordered:
                added["ordered"].append((sid(k),))
        for k, d in self.dims.items():
            dk = sid(k)
            added["node"].extend((dk, sid(v)) for v in d.labels)
            added["subsumes"].extend((dk, sid(p), sid(c)) for p, c in edges.get(k, ()))
            added["synonym"].extend((dk, sid(s), sid(v)) for s, v in d.synonyms.items())
            if d.kind == "date":
                spans = [(dk, sid(v), *day_span(*d.bounds[v])) for v in d.bounds]
                added["bounds"].extend(spans)
                added["magnitude"].extend(spans)
            elif d.kind == "number" and d.bounds:   # a new number dimension: its own dense ranks
                ends = sorted({x for lo_hi in d.bounds.values() for x in lo_hi})
                rank = {x: i for i, x in enumerate(ends)}
                added["bounds"].extend((dk, sid(v), rank[lo], rank[hi]) for v, (lo, hi) in d.bounds.items())
        added["instance"].extend((sid(x),) for x in self.instances)
        added["canonical"].extend((sid(d), sid(v), sid(class_key(c))) for d, v, c in self.class_rows)
        coord_counts: dict[tuple[int, int], int] = defaultdict(int)
        for p in fresh_preds:
            i, x, d = ids[p], sid(p.instance), sid(p.dimension)
            added["coord"].append((x, d, sid(p.value), i))
            coord_counts[(d, sid(p.value))] += 1
            added["qualifier"].extend((i, sid(k), sid(v)) for k, v in p.qualifiers)
            period = period_of(p.qualifiers) if p.qualifiers else None
            if period is not None:
                added["period"].append((i, *period.row))
        counts = sorted((d, v, self.old.count(d, v) + n) for (d, v), n in coord_counts.items())

        # the model rows
        rows = {DIMENSIONS: [{"name": self.dims[k].name, "kind": self.dims[k].kind,
                                      "functional": self.dims[k].functional, "open": True} for k in new_dims],
                VALUES: [], SYNONYMS: [], CLASSES: []}
        for k in sorted(self.dims):
            d = self.dims[k]
            rows[VALUES] += [stored_value_row(k, v, d.labels[v], (), d.bounds.get(v)) for v in sorted(d.labels)]
            rows[SYNONYMS] += [synonym_row(k, s, v) for s, v in sorted(d.synonyms.items())]
        rows[CLASSES] = [class_row(d, v, c) for d, v, c in sorted(self.class_rows)]
        rows[INSTANCES] = [{"key": x, "label": label, "aliases": []} for x, label in sorted(self.instances.items())]

        stating = {p.instance for p in fresh_preds
                   if not (p.dimension == "subject" or p.dimension.startswith("inverse "))}
        silent = {x for x in self._silent if x not in stating} | set(self.subjects_silent(stating))
        state = {"silent_subjects": sorted(silent), "intervals": {k: v for k, v in sorted(intervals.items()) if v},
                 "classed": classed}

        old_counts = self._old_counts()
        totals = {"dimensions": old_counts["dimensions"] + len(new_dims),
                  "values": old_counts["values"] + sum(len(d.labels) for d in self.dims.values()),
                  "instances": old_counts["instances"] + len(self.instances),
                  "predicates": old_counts["predicates"] + len(fresh_preds),
                  "documents": old_counts["documents"] + (doc_id is not None)}
        self.report.predicates, self.report.dimensions = totals["predicates"], totals["dimensions"]
        self.report.instances, self.report.documents = totals["instances"], totals["documents"]
        layer = Layer(self.number, new_symbols, self.old.symbol_end, [(ids[p], p) for p in fresh_preds], first, [],
                      rows, {doc_id: text} if doc_id is not None else {}, [],
                      {name: sorted(set(v)) for name, v in added.items()}, {}, counts, world_rows, totals, state)
        report = self.legitimacy(edges, created) if self.stored_report is not None else None
        labels = {pair: [self._label(pair[0]), self._dim_name(pair[1])] for pair in contested | self.contested_before}
        return Step(layer, report, totals, frozenset(contested), labels, self.report)

    def classes(self, d: _Dim, fresh: list[str]) -> None:
        """The compare classes (the country table) the new values of taxonomy `d` join: a class
        of two or more members compares them as one, so a class that reaches two members gains a
        row for each (the one member it had, and the new), a larger one a row for each new member
        (`compare_classes`, read from the members the lattice's reader state lists)."""
        before = {} if d.new else self.state.get("classed", {}).get(d.key, {})
        joined = class_members(sorted(fresh))
        if not joined:
            return
        grown = self.classed.setdefault(d.key, {})
        for name, new in sorted(joined.items()):
            members = sorted([*before.get(name, ()), *new])
            grown[name] = members
            if len(members) < 2:
                continue
            rows = members if len(before.get(name, ())) < 2 else new
            self.class_rows += [(d.key, v, name) for v in rows]

    def subjects_silent(self, stating: set[str]) -> list[str]:
        """The file's subjects with no relation predicate, here or in the lattice before."""
        out = []
        for x in self._file_subjects:
            if x in stating:
                continue
            if any(not (row["dimension"] == "subject" or row["dimension"].startswith("inverse "))
                   for _, row in self.old.predicates(x)):
                continue
            out.append(x)
        return out

    def _old_counts(self) -> dict:
        if self.number == 1:
            root = self.old.folders[0]
            return {"dimensions": sum(1 for _ in merged_rows(self.old.folders, DIMENSIONS)),
                    "values": len(open_lines(root, VALUES)),
                    "instances": len(open_lines(root, INSTANCES)),
                    "predicates": len(open_lines(root, PREDICATES)),
                    "documents": len(open_lines(root, DOCUMENTS))}
        return read_layer_record(self.old.folders[-1])["counts"]

    def _label(self, x: str) -> str:
        if x in self.instances:
            return self.instances[x]
        row = self.old.instance(x)
        return row["label"] if row is not None else x

    def _dim_name(self, d: str) -> str:
        held = self.dims.get(d)
        if held is not None:
            return held.name
        row = self.old.dimensions.get(d)
        return row["name"] if row is not None else d

    # ---------------------------------------------------------------- legitimacy

    def legitimacy(self, edges: dict, created: list) -> LatticeReport:
        from latweave.ingest.gate import carried, kept_reports

        stored = self.stored_report
        before = kept_reports(None, stored) or {}
        contested = dict(stored.get("contested", {}))
        for _, d in created:
            name = self._dim_name(d)
            contested[name] = contested.get(name, 0) + 1
        names = {row["name"]: k for k, row in self.old.dimensions.items()}
        names.update({d.name: k for k, d in self.dims.items()})
        dims, checked = [], []
        for name in sorted(names):
            k = names[name]
            d = self.dims.get(k)
            old = before.get(name)
            if d is None or (not d.new and not [v for v in d.labels if v != TOP]):
                report = old                       # nothing added: its digest has not moved
            elif d.new:
                report = dimension_report(self._model(d))
            else:
                report = digest = None
                if old is not None:
                    model = self._model(d)
                    digest = grown_digest(old.digest, [value_row(model, v) for v in sorted(d.labels)])
                    if all(p == TOP for p, _ in edges.get(k, ())):
                        report = grown_tree(old, [leaf_key(model, v) for v in d.labels], digest)
                if report is None:   # checked again, whole: `check_lattice` does the same
                    report = dimension_report(self._full(d))
                    if digest is not None and report.digest != digest:
                        raise AssertionError(f"{name}: the digest grown ({digest[:12]}) is not the dimension's "
                                             f"({report.digest[:12]})")
            if report is None:
                raise Fallback(f"the report before has no dimension {name!r}")
            if d is not None and (d.new or [v for v in d.labels if v != TOP]):
                checked.append(name)
            dims.append(replace(report, functional=self._functional(k), contested=contested.get(name, 0)
                                if self._functional(k) else 0))
        return LatticeReport(name=stored["lattice"], dimensions=tuple(dims), fca=None, dependent=None,
                             checked=tuple(checked), carried=carried(stored, self.number))

    def _functional(self, k: str) -> bool:
        d = self.dims.get(k)
        return d.functional if d is not None else self.old.dimensions[k]["functional"]

    def _model(self, d: _Dim) -> Dimension:
        dim = Dimension(d.name, d.kind, d.functional, True)
        dim.labels.update(d.labels)
        dim.bounds.update(d.bounds)
        return dim

    def _full(self, d: _Dim) -> Dimension:
        dim = self.old.dimension(d.key)
        dim.labels.update(d.labels)
        dim.bounds.update(d.bounds)
        return dim
