"""The lattice as the baselines read it: evidence lines, the nodes they mention, labels, linking.

Built once per lattice and shared by every baseline, so that they all see the same evidence and
link the same way:

* an *evidence line* is one predicate's cited text (a KB line, or one evidence triple's JSON line
  in a 2Wiki question document), read once however many predicates cite it (a relation and its
  `inverse` cite the same line). It joins two *nodes*: its subject instance and its value (an
  instance key, or a value key of a date/number dimension), and carries its relation's name and
  the predicate's confidence. The `subject` dimension adds no line (it restates its first one);
* a *node* is a key; `label` is what an answer says (the instance's label, or the value's label
  on its dimension: dates in canonical form, which the scorer reads as the same day);
* `bounds[node]`: the (low, high) of an ordered value, for comparisons;
* `documents`: document id → the lines it holds, in order;
* `linker`: the planner's own `EntityLinker`, the one linking every method shares.

Nothing here reads a question's gold: a document's id is never used to find "its" question.
"""

from __future__ import annotations

from dataclasses import dataclass

from latweave.eval.baselines.text import relation_words, words
from latweave.lattice.model import Lattice
from latweave.planner.graph import LatticeGraph
from latweave.planner.linking import EntityLinker

SUBJECT = "subject"
INVERSE = "inverse "


@dataclass(frozen=True)
class Line:
    """One evidence line: `subject` —relation→ `value`, as cited at doc[start:end]."""

    id: int
    doc: str
    start: int
    end: int
    text: str
    subject: str
    relation: str          # the relation's name as the source spells it (no `inverse `)
    value: str
    confidence: float
    words: tuple[str, ...]            # text.words of the line's text
    relation_words: tuple[str, ...]   # text.relation_words of the relation

    @property
    def nodes(self) -> tuple[str, str]:
        return (self.subject, self.value)


class EvidenceIndex:
    def __init__(self, lattice: Lattice):
        self.lattice = lattice
        self.linker = EntityLinker(lattice)
        self.graph = LatticeGraph(lattice)
        found: dict[tuple[str, int, int], tuple] = {}      # (doc, start, end) → the line's fields
        labels: dict[str, str] = {key: inst.label for key, inst in lattice.instances.items()}
        bounds: dict[str, tuple[float, float]] = {}
        for p in lattice.sorted_predicates():
            if p.dimension == SUBJECT:
                continue
            dim = lattice.dimensions[p.dimension]
            inverse = p.dimension.startswith(INVERSE)
            if not inverse:
                labels.setdefault(p.value, dim.labels.get(p.value, p.value))
                if dim.ordered and p.value in dim.bounds:
                    bounds.setdefault(p.value, dim.bounds[p.value])
            ev = p.evidence
            where = (ev.doc, ev.start, ev.end)
            if where in found:
                continue
            name = dim.name[len(INVERSE):] if inverse and dim.name.startswith(INVERSE) else dim.name
            subject, value = (p.value, p.instance) if inverse else (p.instance, p.value)
            found[where] = (ev.source_text, subject, name, value, p.confidence)
        self.lines: tuple[Line, ...] = tuple(
            Line(i, doc, start, end, text, subject, name, value, confidence, words(text), relation_words(name))
            for i, ((doc, start, end), (text, subject, name, value, confidence)) in enumerate(sorted(found.items())))
        self.labels = labels
        self.bounds = bounds
        by_node: dict[str, list[int]] = {}
        by_doc: dict[str, list[int]] = {}
        for ln in self.lines:
            for node in dict.fromkeys(ln.nodes):
                by_node.setdefault(node, []).append(ln.id)
            by_doc.setdefault(ln.doc, []).append(ln.id)
        self.by_node: dict[str, tuple[int, ...]] = {k: tuple(v) for k, v in sorted(by_node.items())}
        self.documents: dict[str, tuple[int, ...]] = {k: tuple(v) for k, v in sorted(by_doc.items())}
        self.nodes: tuple[str, ...] = tuple(self.by_node)

    def label(self, node: str) -> str:
        return self.labels.get(node, node)

    def neighbours(self, node: str) -> tuple[str, ...]:
        """The nodes that share an evidence line with `node`, sorted, itself left out."""
        found = {other for i in self.by_node.get(node, ()) for other in self.lines[i].nodes if other != node}
        return tuple(sorted(found))

