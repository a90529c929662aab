"""Grounded compare candidates for the offline planner: two linked entities A and B.

For a pair of entity mentions the lattice proposes only compares it can evaluate:

* direct: `argmin`/`argmax` over every ordered (date or number) dimension both have, and
  `same`/`differ` over every other relation both have (`same(country_of_citizenship, "A", "B")`);
* bridge: through one relation r both have (`"A" -> director`), the same four forms over every
  dimension both of r's values have (`argmax(date_of_death, ["A" -> director, "B" -> director])`);
* derived: `argmin`/`argmax` over the difference of two date dimensions both have
  (`argmax(date_of_death - date_of_birth, ["A", "B"])`: who lived longer), only in the direction
  the lattice's values go for both (death after birth: the mirror, birth − death, would answer
  the same questions with argmin and argmax swapped, and teach the ranker nothing).

A choice — the two names joined by "or" ("Which film came out first, A or B?", "Was A or B born
first?") — is answered by one of the two, so it gets extrema only: a verdict answers yes or no,
never "A" (`is_choice`; on 2Wiki dev every question with "A or B" has one of them for its answer,
and every yes/no question joins them otherwise).

A compared thing is named as the question spells it when that spelling normalises to the
instance's key (the answer of an extremum is the argument as the plan names it, so it then reads
as the question — and the gold answer — spell it), and by its lattice label otherwise. What a
candidate answers is never computed here: the engine runs the plan.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass

from latweave.lattice.names import normalize
from latweave.plan.ast import Arg, Compare, Name, Plan
from latweave.planner.graph import ANCHOR, LatticeGraph
from latweave.planner.linking import Mention

_WORD = re.compile(r"[a-z]+|'s")
INVERSE = "inverse "
ORDERED_OPS = ("argmin", "argmax")
BOOLEAN_OPS = ("same", "differ")


@dataclass(frozen=True)
class CompareCand:
    """op(dimension [- minus], [A (-> via), B (-> via)]) over two linked entities."""

    op: str
    dimension: str                 # dimension key
    via: tuple[str, ...]           # relation keys followed from each entity first (bridge)
    args: tuple[str, str]          # instance keys, in question order
    names: tuple[str, str]         # how the plan names them
    minus: str | None = None       # a second date dimension key: compare dimension - minus, in days

    @property
    def measure(self) -> str:
        return self.dimension if self.minus is None else f"{self.dimension} - {self.minus}"

    @property
    def text(self) -> str:
        via = "/".join(self.via)
        return f"{self.op}:{self.measure}:{via}:{self.names[0]}:{self.names[1]}"


def plan_name(graph: LatticeGraph, mention: Mention) -> str:
    key = mention.instances[0]
    if normalize(mention.surface) == key:
        return mention.surface
    return graph.lattice.instances[key].label


def _relations(graph: LatticeGraph, key: str) -> set[str]:
    return {d for d in graph.out.get(key, {}) if d != ANCHOR}


_OR = re.compile(r"[\W_]*or[\W_]*", re.IGNORECASE)


def is_choice(question: str, a: Mention, b: Mention) -> bool:
    """Are the two mentions joined by "or" (nothing but "or" and punctuation between them)?"""
    first, second = sorted((a, b), key=lambda m: m.start)
    return bool(_OR.fullmatch(question[first.end:second.start]))


def compare_candidates(graph: LatticeGraph, a: Mention, b: Mention,
                       ordered: set[str], choice: bool = False) -> list[CompareCand]:
    """Every grounded compare of the two (unambiguous) mentions; `ordered`: the date/number
    dimension keys; `choice` (`is_choice`): extrema only."""
    ka, kb = a.instances[0], b.instances[0]
    if ka == kb:
        return []
    names = (plan_name(graph, a), plan_name(graph, b))
    out: list[CompareCand] = []

    def forms(dims: set[str], via: tuple[str, ...]) -> None:
        for d in sorted(dims):
            if d.startswith(INVERSE):
                continue
            ops = ORDERED_OPS if d in ordered else () if choice else BOOLEAN_OPS
            for op in ops:
                out.append(CompareCand(op, d, via, (ka, kb), names))

    forms(_relations(graph, ka) & _relations(graph, kb), ())
    for d, m in date_differences(graph, (ka, kb)):
        out.extend(CompareCand(op, d, (), (ka, kb), names, m) for op in ORDERED_OPS)
    shared = {r for r in _relations(graph, ka) & _relations(graph, kb)
              if r not in ordered and not r.startswith(INVERSE)}
    for r in sorted(shared):
        va, vb = graph.follow({ka}, r), graph.follow({kb}, r)
        if va == vb:   # the same thing at the end of both paths compares nothing
            continue
        forms(graph.dimensions_of(va) & graph.dimensions_of(vb), (r,))
    return out


def date_differences(graph: LatticeGraph, keys: tuple[str, ...]) -> list[tuple[str, str]]:
    """Pairs (d, m) of distinct date dimensions every entity has, where each entity's earliest
    value on d comes after its earliest value on m (so d - m is the positive difference)."""
    dims = graph.lattice.dimensions
    dates = sorted(d for d in set.intersection(*(_relations(graph, k) for k in keys))
                   if d in dims and dims[d].kind == "date")

    def first(key: str, d: str) -> float:
        return min(dims[d].bounds[v][0] for v in graph.out[key][d])

    return [(d, m) for d in dates for m in dates
            if d != m and all(first(k, d) > first(k, m) for k in keys)]


def to_plan(graph: LatticeGraph, cand: CompareCand) -> Plan:
    dim = graph.labels[cand.dimension]
    path = tuple(graph.labels[r] for r in cand.via)
    args = tuple(Arg(Name(n), path) for n in cand.names)
    minus = graph.labels[cand.minus] if cand.minus is not None else None
    return Plan((), Compare(cand.op, dim, args, minus))


def outside_words(question: str, mentions: list[Mention]) -> list[str]:
    """The question's words outside the mentions (mentions become the token "ENT")."""
    parts, at = [], 0
    for m in sorted(mentions, key=lambda m: m.start):
        parts.append(question[at:m.start].lower())
        parts.append(" ENT ")
        at = m.end
    parts.append(question[at:].lower())
    words = []
    for chunk in parts:
        words.extend(["ENT"] if chunk == " ENT " else _WORD.findall(chunk))
    return words


def compare_features(question: str, a: Mention, b: Mention, cand: CompareCand,
                     name_words) -> dict:
    """Question n-grams paired with (op, dimension, via) and their parts."""
    words = outside_words(question, [a, b])
    plain = [w for w in words if w != "ENT"]
    grams = set(plain) | {f"{x} {y}" for x, y in zip(words, words[1:])}
    between = _WORD.findall(question[a.end:b.start].lower())
    via = "/".join(cand.via)
    measure = cand.measure
    sigs = [("cmp",), ("op", cand.op), ("dim", measure), ("via", via),
            ("opdim", cand.op, measure), ("dimvia", measure, via),
            ("all", cand.op, measure, via)]
    if cand.minus is not None:
        sigs += [("derived",), ("opderived", cand.op)]
    f: dict = defaultdict(float)
    for sig in sigs:
        f[("cb",) + sig] += 1
        for g in grams:
            f[("cg", g) + sig] += 1
    for w in between:
        f[("cbetween", w, cand.op)] += 1
    if grams:
        f[("cfirst", plain[0] if plain else "", cand.op, measure)] += 1
    wordset = set(plain)
    if name_words(cand.dimension) & wordset:
        f[("cnamed-dim", bool(cand.via))] += 1
    for r in cand.via:
        if name_words(r) & wordset:
            f[("cnamed-via",)] += 1
    return f
