"""The lattice model: dimensions, instances and evidenced predicates, with their invariants.

A dimension is a rooted DAG of values (⊤ at the root, edges general → specific) with synonym
sets; an ordered dimension ("number" or "date") places numbers, dates and intervals of them in
the DAG by containment. An instance binds values on some dimensions; each binding is a predicate
that carries a confidence and its evidence (document, verbatim source text, offsets) and may
carry qualifiers. Everything is keyed by `normalize(name)`; the first spelling seen is the label.
Invariants are checked as things are added, so a Lattice that exists is a valid one.
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from functools import lru_cache
from operator import attrgetter
from dataclasses import dataclass, field
from typing import Callable, Iterable

from latweave.errors import LatticeError
from latweave.lattice.canonical import compare_classes
from latweave.lattice.names import TOP, normalize, visible
from latweave.lattice.ordered import KINDS as ORDERED_KINDS
from latweave.lattice.ordered import parse_ordered as _parse_ordered
from latweave.lattice.periods import period_of

DIMENSION_KINDS = ("taxonomy", *ORDERED_KINDS)

#: `ordered.parse_ordered`, remembered for the last spellings read: a value new to an ordered
#: dimension is read by `resolve`, then again by `add_value` (15 µs a date; 53k new dates at a
#: 100,000-person KB). Its values are frozen; a refusal is raised afresh each time.
parse_ordered = lru_cache(maxsize=1024)(_parse_ordered)


@dataclass(frozen=True, order=True, slots=True)
class Evidence:
    """Where a predicate comes from: `source_text` occurs verbatim in document `doc` at [start, end).
    Ordered (by document, text, offsets) so that one fact stated twice — a marriage over two
    periods — sorts by where it is stated."""

    doc: str
    source_text: str
    start: int
    end: int


@dataclass(frozen=True, order=True, slots=True)
class Predicate:
    """Instance `instance` has value `value` on `dimension` (all keys), with its support."""

    instance: str
    dimension: str
    value: str
    evidence: Evidence
    confidence: float = 1.0
    qualifiers: tuple[tuple[str, str], ...] = ()


def predicate_key(p: Predicate) -> tuple:
    """The tuple a Predicate sorts by — its fields in order, the evidence's expanded — so that a
    sort compares tuples in C rather than calling the dataclass's `__lt__` (which builds two
    tuples per comparison): the same order, about twice as fast (docs/performance.md). A list
    already in order is checked by plain comparisons (n − 1 of them), not keyed."""
    e = p.evidence
    return (p.instance, p.dimension, p.value, (e.doc, e.source_text, e.start, e.end), p.confidence, p.qualifiers)


def _canonical(predicates: Iterable[Predicate]) -> list[Predicate]:
    """`sorted(predicates, key=predicate_key)`, the same list, sorted instance by instance: the
    instance is the key's first field, so the instances are sorted (one string each) and each
    one's predicates by the whole key — at a KB's 1.3M predicates of 100k instances 2.7 s against
    4.9 s for one sort of them all (docs/performance.md, "Building a KB")."""
    groups: dict[str, list[Predicate]] = {}
    for p in predicates:
        group = groups.get(p.instance)
        if group is None:
            groups[p.instance] = [p]
        else:
            group.append(p)
    ordered: list[Predicate] = []
    for instance in sorted(groups):
        group = groups[instance]
        if len(group) > 1:
            # by (dimension, value), the key's next fields, read in C; the whole key only where two
            # predicates share them (one fact stated twice), which that order leaves unsettled
            group.sort(key=_DIMENSION_VALUE)
            if len(set(map(_DIMENSION_VALUE, group))) != len(group):
                group.sort(key=predicate_key)
        ordered += group
    return ordered


_DIMENSION_VALUE = attrgetter("dimension", "value")


@dataclass
class Dimension:
    name: str
    kind: str = "taxonomy"
    functional: bool = False
    open: bool = False
    labels: dict[str, str] = field(default_factory=dict)
    parents: dict[str, set[str]] = field(default_factory=dict)
    synonyms: dict[str, str] = field(default_factory=dict)
    bounds: dict[str, tuple[float, float]] = field(default_factory=dict)
    #: value key → compare class label (latweave/lattice/canonical.py) as a lattice folder stores
    #: them; None until stored: a fresh build derives them from its values (`compare_classes`)
    classes: dict[str, str] | None = field(default=None, compare=False)
    #: the derived classes and the number of values they were derived from (values are only added)
    _derived: tuple[int, dict[str, str]] | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.kind not in DIMENSION_KINDS:
            raise LatticeError(f"dimension {self.name!r}: kind {self.kind!r} is not one of {DIMENSION_KINDS}")
        self.labels.setdefault(TOP, TOP)

    @property
    def key(self) -> str:
        return normalize(self.name)

    @property
    def ordered(self) -> bool:
        return self.kind in ORDERED_KINDS

    def compare_classes(self) -> dict[str, str]:
        """value key → the class `same`/`differ` compare it as ("American" and "United States":
        "United States"), for the values that share one; values not listed are their own class."""
        if self.classes is not None:
            return self.classes
        if self._derived is None or self._derived[0] != len(self.labels):
            self._derived = (len(self.labels), compare_classes(self.labels, self.ordered))
        return self._derived[1]

    def resolve(self, name: str, key: str | None = None) -> str | None:
        """The value key a surface name denotes here, or None (`key`: normalize(name), when the
        caller has it)."""
        key = normalize(name) if key is None else key
        if key in self.labels:
            return key
        if key in self.synonyms:
            return self.synonyms[key]
        if self.ordered:
            try:
                canonical = normalize(parse_ordered(name, self.kind).canonical)
            except LatticeError:
                return None
            return canonical if canonical in self.labels else None
        return None

    def add_value(self, label: str, key: str | None = None) -> str:
        """Declare a value (no edges yet); ordered values are parsed and get their bounds. (`key`:
        normalize(label), when the caller has it.)"""
        if self.ordered:
            parsed = parse_ordered(label, self.kind)
            key = normalize(parsed.canonical)
            if key not in self.labels:
                self.labels[key] = parsed.canonical
                self.bounds[key] = (parsed.lo, parsed.hi)
            if normalize(label) != key:
                self.synonyms.setdefault(normalize(label), key)
            return key
        key = normalize(label) if key is None else key
        self.labels.setdefault(key, label)
        return key

    def add_edge(self, parent: str, child: str) -> None:
        """parent subsumes child (general → specific); ⊤ may be written TOP or ⊤."""
        if self.ordered:
            raise LatticeError(f"dimension {self.name!r} is {self.kind}: its order comes from the values")
        p = TOP if parent.strip() in (TOP, "TOP") else self.add_value(parent)
        c = self.add_value(child)
        if c == TOP:
            raise LatticeError(f"dimension {self.name!r}: ⊤ cannot be below {parent!r}")
        self.parents.setdefault(c, set()).add(p)

    def add_synonym(self, value: str, synonym: str) -> None:
        key = self.resolve(value)
        if key is None:
            raise LatticeError(f"dimension {self.name!r} has no value {value!r} to give a synonym")
        surface = normalize(synonym)
        if surface in self.labels and surface != key:
            raise LatticeError(f"dimension {self.name!r}: synonym {synonym!r} is already a value of its own")
        if self.synonyms.get(surface, key) != key:
            raise LatticeError(
                f"dimension {self.name!r}: {synonym!r} already names {self.labels[self.synonyms[surface]]!r}")
        self.synonyms[surface] = key

    def value_for_fact(self, label: str, key: str | None = None) -> str:
        """The key a predicate's value lands on: known, or added under ⊤ when the dimension is open
        (`key`: normalize(label), when the caller has it)."""
        key = self.resolve(label, key)
        if key is not None:
            return key
        if self.ordered or self.open:
            return self.add_value(label, key)
        raise LatticeError(
            f"dimension {self.name!r} has no value {label!r}",
            hint="add it to the hierarchy, or declare the dimension open")

    def edges(self, sort: bool = True) -> list[tuple[str, str]]:
        """Every (parent, child) edge, sorted (`sort`; unsorted for a caller that only counts
        them); ordered dimensions derive theirs from containment."""
        if self.ordered:
            out = list(self._containment_edges())
        else:
            out = [(p, c) for c, ps in self.parents.items() for p in ps]
            # Values of an open dimension that were only ever seen in facts hang under ⊤.
            out += [(TOP, v) for v in self.labels if v != TOP and v not in self.parents]
        return sorted(out) if sort else out

    def _containment_edges(self) -> Iterable[tuple[str, str]]:
        values = [v for v in self.labels if v != TOP]
        intervals = [v for v in values if self.bounds[v][0] != self.bounds[v][1]]

        def inside(a: str, b: str) -> bool:  # a strictly inside b
            (alo, ahi), (blo, bhi) = self.bounds[a], self.bounds[b]
            return blo <= alo and ahi <= bhi and (alo, ahi) != (blo, bhi)

        for v in values:
            holders = [i for i in intervals if i != v and inside(v, i)]
            minimal = [i for i in holders if not any(j != i and inside(j, i) for j in holders)]
            for parent in minimal or [TOP]:
                yield parent, v

    def validate(self) -> None:
        """Reject a dimension that is not a rooted DAG, naming the orphan or the cycle."""
        if self.ordered:
            return
        for value in sorted(self.labels) if not self.open else ():   # (an open one's may hang under ⊤)
            if value != TOP and value not in self.parents:
                raise LatticeError(
                    f"dimension {self.name!r}: value {self.labels[value]!r} is an orphan (no parent)",
                    hint=f"give it a parent, e.g. a hierarchy line: {self.name}\tTOP\t{self.labels[value]}")
        cycle = _find_cycle({c: sorted(ps) for c, ps in self.parents.items()})
        if cycle:
            names = " → ".join(self.labels[v] for v in cycle)
            raise LatticeError(f"dimension {self.name!r} has a cycle: {names}")


def _find_cycle(parents: dict[str, list[str]]) -> list[str] | None:
    """A cycle in the parent graph as a list of nodes (first == last), or None."""
    state: dict[str, int] = {}
    for start in sorted(parents):
        if state.get(start):
            continue
        stack = [(start, iter(parents.get(start, ())))]
        path = [start]
        state[start] = 1
        while stack:
            node, it = stack[-1]
            nxt = next(it, None)
            if nxt is None:
                stack.pop()
                path.pop()
                state[node] = 2
                continue
            if state.get(nxt) == 1:
                cycle = path[path.index(nxt):] + [nxt]
                return list(reversed(cycle))
            if not state.get(nxt):
                state[nxt] = 1
                path.append(nxt)
                stack.append((nxt, iter(parents.get(nxt, ()))))
    return None


@dataclass
class Instance:
    label: str
    aliases: set[str] = field(default_factory=set)

    @property
    def key(self) -> str:
        return normalize(self.label)


def _what(instance: str, dimension: str, value: str) -> Callable[[], str]:
    """How a refusal names the predicate it refuses (made only for one)."""
    return lambda: f"predicate ({instance!r}, {dimension!r}, {value!r})"


#: A UTF-16 surrogate: not a character (a JSON "\ud800" escape gives one); no file can hold it.
_SURROGATE = re.compile("[\\ud800-\\udfff]")


def _text_only(text: str, what: str) -> None:
    """Refuse a string that holds a lone surrogate: it could never be written as UTF-8."""
    found = _SURROGATE.search(text) if isinstance(text, str) else None
    if found:
        raise LatticeError(f"{what} holds {ascii(found.group())[1:-1]}, a lone surrogate, not a character "
                           f"(at position {found.start()})",
                           hint="write the character itself, or a pair of \\uXXXX escapes for one beyond U+FFFF")


@dataclass
class Lattice:
    """A whole lattice. Build it with the add_* methods; they enforce the invariants."""

    name: str = "lattice"
    dimensions: dict[str, Dimension] = field(default_factory=dict)
    instances: dict[str, Instance] = field(default_factory=dict)
    documents: dict[str, str] = field(default_factory=dict)
    predicates: set[Predicate] = field(default_factory=set)
    #: the predicates in the order a store listed them (canonical when it was written), kept
    #: so that `sorted_predicates` checks an order instead of sorting a set; None once changed
    _listed: list[Predicate] | None = field(default=None, repr=False, compare=False)
    #: `_listed` is `sorted_predicates`' own sort (not a store's order, which is checked)
    _listed_sorted: bool = field(default=False, repr=False, compare=False)
    #: set inside `unchanged`: the predicates are not changed there, so their sort is not rechecked
    _unchanged: bool = field(default=False, repr=False, compare=False)
    #: predicate → its id, for a lattice read from a folder of several layers, whose ids follow
    #: the order its sources came in (folder/layers.py), not the canonical order; None: a
    #: predicate's id is its position in `sorted_predicates()`
    ids: dict[Predicate, int] | None = field(default=None, repr=False, compare=False)
    #: what the reader that built this lattice keeps for reading a later source into it (a KB's:
    #: ingest/kb.py `KB_STATE`), written beside the layer; None: nothing
    reader_state: dict | None = field(default=None, repr=False, compare=False)
    #: spelling → normalize(spelling), for the names add_predicate has seen (`_key`)
    _keys: dict[str, str] = field(default_factory=dict, repr=False, compare=False)

    def add_dimension(self, dimension: Dimension) -> Dimension:
        _text_only(dimension.name, "a dimension name")
        if dimension.key in self.dimensions:
            raise LatticeError(f"dimension {dimension.name!r} is declared twice")
        self.dimensions[dimension.key] = dimension
        return dimension

    def dimension(self, name: str) -> Dimension:
        key = normalize(name)
        if key not in self.dimensions:
            raise LatticeError(f"no dimension {name!r}", hint=f"known: {', '.join(sorted(self.dimensions))}")
        return self.dimensions[key]

    def add_document(self, doc_id: str, text: str) -> None:
        _text_only(doc_id, "a document id")
        _text_only(text, f"document {doc_id!r}")
        if doc_id in self.documents and self.documents[doc_id] != text:
            raise LatticeError(f"document {doc_id!r} is given twice with different text")
        self.documents[doc_id] = text

    def add_instance(self, label: str) -> Instance:
        key = normalize(label)
        if key not in self.instances:
            _text_only(label, "an instance name")
            if not visible(label):   # a zero-width space alone would print as nothing
                raise LatticeError(f"an instance name is empty or has no visible character ({label!r})",
                                   hint='name the instance, e.g. "Blue whale"')
            self.instances[key] = Instance(label)
        return self.instances[key]

    def add_alias(self, instance: str, alias: str) -> None:
        inst = self.instances.get(normalize(instance))
        if inst is None:
            raise LatticeError(f"no instance {instance!r} to give the alias {alias!r}")
        _text_only(alias, "an alias")
        if not visible(alias):
            raise LatticeError(f"the alias of {instance!r} is empty or has no visible character ({alias!r})",
                               hint="drop the line or name the alias")
        surface = normalize(alias)
        for other in self.instances.values():
            if other is not inst and (surface in other.aliases or other.key == surface):
                raise LatticeError(f"alias {alias!r} of {instance!r} already names {other.label!r}")
        if surface != inst.key:
            inst.aliases.add(surface)

    def add_predicate(self, instance: str, dimension: str, value: str, *, doc: str | None,
                      source_text: str | None, start: int | None = None, end: int | None = None,
                      confidence: float = 1.0, qualifiers: Iterable[tuple[str, str]] = ()) -> Predicate:
        """Add one evidenced predicate; refuse it, with the reason, when its evidence does not hold.
        (Called once per predicate of a build, so it does the least work the checks allow: the
        message's text only for a refusal, names normalised once per spelling (`_key`), no period
        read for a predicate without qualifiers: docs/performance.md, "Building a KB".)"""
        def what() -> str:
            return f"predicate ({instance!r}, {dimension!r}, {value!r})"

        if not doc or not source_text:
            raise LatticeError(f"{what()} has no evidence",
                               hint="every predicate needs a document id and the verbatim source_text")
        text = self.documents.get(doc)
        if text is None:
            raise LatticeError(f"{what()} cites unknown document {doc!r}")
        if start is None:
            start = text.find(source_text)
            if start < 0:
                raise LatticeError(f"{what()}: source_text is not found verbatim in document {doc!r}",
                                   hint=f"source_text was {source_text!r}")
            end = start + len(source_text)
        elif end is None or text[start:end] != source_text:
            raise LatticeError(f"{what()}: offsets [{start}, {end}) of {doc!r} do not hold its source_text")
        if not 0.0 <= float(confidence) <= 1.0:
            raise LatticeError(f"{what()}: confidence {confidence} is outside [0, 1]")
        if _SURROGATE.search(value) if isinstance(value, str) else False:
            _text_only(value, f"the value of {what()}")
        if _SURROGATE.search(source_text) if isinstance(source_text, str) else False:
            _text_only(source_text, f"the source_text of {what()}")
        return self._bind(instance, dimension, value, Evidence(doc, source_text, start, end), float(confidence),
                          qualifiers, what)

    def add_evidenced(self, instance: str, dimension: str, value: str, evidence: Evidence,
                      qualifiers: Iterable[tuple[str, str]] = ()) -> Predicate:
        """`add_predicate` (confidence 1) for `evidence` its caller cut from the text of a document of
        this lattice (ingest/kb.py: a KB line), so its offsets hold its source_text by construction
        and it holds no lone surrogate (add_document refused any); the document, the value, the
        dimension, the instance and the qualifiers are checked as add_predicate checks them. One
        Evidence may serve several predicates (a KB line's, its inverse's). (No closure naming the
        predicate is made per call: `_bind` makes it where a refusal needs it.)"""
        if evidence.doc not in self.documents:
            raise LatticeError(f"{_what(instance, dimension, value)()} cites unknown document {evidence.doc!r}")
        if isinstance(value, str) and not value.isascii() and _SURROGATE.search(value):   # (none is ASCII)
            _text_only(value, f"the value of {_what(instance, dimension, value)()}")
        return self._bind(instance, dimension, value, evidence, 1.0, qualifiers, None)

    def _bind(self, instance: str, dimension: str, value: str, evidence: Evidence, confidence: float,
              qualifiers: Iterable[tuple[str, str]], what: Callable[[], str] | None) -> Predicate:
        """The predicate of checked evidence: its dimension, value, instance and qualifiers
        checked and keyed, then added. `what()` names it in a refusal (None: `_what`'s)."""
        keys = self._keys   # (`_key`, inlined for the names seen before: a KB's every name, many times)
        dkey = keys.get(dimension) or self._key(dimension)
        dim = self.dimensions.get(dkey)
        if dim is None:
            dim = self.dimension(dimension)   # the error, with the known dimensions
        value_key = keys.get(value) or self._key(value)
        if value_key not in dim.labels:   # (a known value is its own key: `resolve`'s first case)
            value_key = dim.value_for_fact(value, value_key)
        ikey = keys.get(instance) or self._key(instance)   # an instance and a dimension are held under their own key
        if ikey not in self.instances:
            self.add_instance(instance)
        if qualifiers:
            quals = tuple(sorted((normalize(k), v) for k, v in qualifiers))
            if quals:
                period_of(quals, (what or _what(instance, dimension, value))())   # a start or end that is not a date is refused here, where it is read
        else:
            quals = ()
        pred = Predicate(ikey, dkey, value_key, evidence, confidence, quals)
        self.predicates.add(pred)
        self._listed = None
        self._listed_sorted = False
        self.ids = None
        return pred

    def _key(self, name: str) -> str:
        """`normalize(name)`, remembered per spelling while the lattice is built (a KB names each
        instance and value many times; the remembered keys are the lattice's own strings)."""
        key = self._keys.get(name)
        if key is None:
            key = self._keys[name] = normalize(name)
        return key

    def list_predicates(self, listed: list[Predicate], ids: list[int] | None = None) -> None:
        """Add predicates read back in a store's order (no invariants checked: they were when
        written), remembering that order for `sorted_predicates`; `ids`: each one's id, when
        they are not its position in canonical order (a lattice of several layers)."""
        self.predicates.update(listed)
        self._listed = listed if len(self.predicates) == len(listed) else None
        self._listed_sorted = False
        self.ids = dict(zip(listed, ids)) if ids is not None and len(self.predicates) == len(listed) else None

    @contextmanager
    def unchanged(self):
        """A block in which the caller leaves the predicates as they are (a build reading them from
        several places to write them): `sorted_predicates` gives its own sort again without
        checking that the set still holds exactly it, which hashes every predicate (a second or
        more at a million). Adding a predicate through `add_predicate` still starts a new sort;
        changing `predicates` by hand inside the block is not allowed."""
        before = self._unchanged
        self._unchanged = True
        try:
            yield self
        finally:
            self._unchanged = before

    def numbered(self) -> list[tuple[int, Predicate]]:
        """(id, predicate) for every predicate, by id: its `ids` when it has them, else each
        one's position in canonical order."""
        if self.ids is not None and len(self.ids) == len(self.predicates):
            return sorted(((p, pred) for pred, p in self.ids.items()), key=lambda item: item[0])
        return list(enumerate(self.sorted_predicates()))

    def validate(self) -> None:
        for dim in self.dimensions.values():
            dim.validate()

    def sorted_predicates(self) -> list[Predicate]:
        """Predicates in their canonical order; a predicate's id is its position here.

        A lattice read from a store sorts the list it was read in when that list still holds
        exactly the set (same size, every one in it): already in order, so sorting it is one pass
        (a third of sorting the set: docs/performance.md). So is a lattice sorted once already
        (until a predicate is added)."""
        listed = self._listed
        if self._unchanged and self._listed_sorted and listed is not None and len(listed) == len(self.predicates):
            return list(listed)   # its own sort, inside `unchanged`: the set is not hashed again to check it
        if listed is not None and len(listed) == len(self.predicates) and self.predicates.issuperset(listed):
            if self._listed_sorted:
                return list(listed)   # this method's own sort, of exactly the set: nothing to compare
            ordered = sorted(listed)   # in order already: n − 1 comparisons, cheaper than n keys
            self._listed, self._listed_sorted = ordered, True   # sorted now: the next call only checks the set
            return list(ordered)
        ordered = _canonical(self.predicates)
        self._listed = ordered   # the next call (a build sorts for its files, then its facts) checks, not sorts
        self._listed_sorted = True
        return list(ordered)
