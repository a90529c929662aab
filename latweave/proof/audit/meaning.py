"""What the lattice files mean, indexed once per lattice folder: the `Meaning` the plan's
independent evaluation (semantics.py) reads.

* a dimension's order is its DAG (values.jsonl parents; an open dimension's parentless values
  hang under ⊤); on a number or date dimension a value is an interval and sits below every
  interval that strictly contains it. Down-sets are memoised.
* coordinates: on a non-functional dimension every stated value (predicates.jsonl) is a
  coordinate. On a functional one the coordinates are the *worlds*: the meets of the maximal
  subsets of the stated values that have a common lower bound (for intervals: the intersection);
  each world is supported by the predicates stated at or above it. Two or more worlds: the
  coordinate is *contested*. An inverted index maps (dimension, world) to the instances there.

Like the rest of the auditor it reads `LatticeFiles` alone, never what the engines compiled.
"""

from __future__ import annotations

from latweave.lattice.names import TOP, normalize
from latweave.lattice.ordered import KINDS as ORDERED_KINDS
from latweave.lattice.ordered import parse_ordered
from latweave.plan.ast import Constraint, Ref
from latweave.proof.audit.files import point_window


class PlanNotRunnable(Exception):
    """The plan could not have run at all (the compiler refuses it): no result can be right."""


class Meaning:
    """The lattice files' meaning: orders, down-sets, coordinates (worlds) and an inverted index."""

    def __init__(self, files):
        self.files = files
        self.kind: dict[str, str] = {d: row["kind"] for d, row in files.dims.items()}
        self.functional: set[str] = {d for d, row in files.dims.items() if row.get("functional")}
        self.dim_names: dict[str, str] = {d: row["name"] for d, row in files.dims.items()}
        self.values: dict[str, dict[str, tuple | None]] = {}
        for (d, v), row in files.values.items():
            b = row["bounds"]
            self.values.setdefault(d, {})[v] = tuple(b) if b is not None else None
        self.instance_label: dict[str, str] = {key: row["label"] for key, row in files.instances.items()}
        self._down: dict[tuple[str, str], frozenset[str]] = {}
        self._ordered_values: dict[str, list[tuple[str, tuple]]] = {}
        self._coordinates()

    # ---- orders ----
    def ordered(self, d: str) -> bool:
        return self.kind.get(d) in ORDERED_KINDS

    def bounds(self, d: str, v: str):
        return self.values.get(d, {}).get(v)

    def value_label(self, d: str, v: str) -> str:
        row = self.files.values.get((d, v))
        return row["label"] if row else v

    def parents(self, d: str, v: str) -> tuple[str, ...]:
        row = self.files.values.get((d, v))
        parents = tuple(row["parents"]) if row else ()
        if v != TOP and not parents and not self.ordered(d):
            parents = (TOP,)  # an open dimension's values seen only in facts hang under ⊤
        return parents

    def dimension_label(self, d: str) -> str:
        return self.dim_names.get(d, d)

    def label_of_instance(self, x: str) -> str:
        return self.instance_label.get(x, x)

    def intervals(self, d: str) -> list[tuple[str, tuple]]:
        if d not in self._ordered_values:
            self._ordered_values[d] = sorted((v, b) for v, b in self.values.get(d, {}).items() if b is not None)
        return self._ordered_values[d]

    def down(self, d: str, v: str) -> frozenset[str]:
        """v and everything below it on d (reflexive, transitive)."""
        key = (d, v)
        if key not in self._down:
            if d not in self.values or v not in self.values[d]:
                out = frozenset({v})
            elif self.ordered(d):
                if v == TOP:
                    out = frozenset(self.values[d])
                else:
                    lo, hi = self.values[d][v] or (None, None)
                    out = {v}
                    if lo is not None:
                        out |= {w for w, (a, b) in self.intervals(d)
                                if lo <= a and b <= hi and (a, b) != (lo, hi)}
                    out = frozenset(out)
            else:  # the lattice files' own down-set over the taxonomy's edges
                out = self.files.down(d, v)
            self._down[key] = out
        return self._down[key]

    def at_or_below(self, d: str, w: str, v: str) -> bool:
        return w in self.down(d, v)

    # ---- coordinates ----
    def _coordinates(self) -> None:
        """Group the predicates by dimension; each dimension's coordinates are read when first
        asked for (`_dimension`): a plan touches a few of a KB's dozens of dimensions."""
        self._by_dim: dict[str, list[dict]] = {}
        for row in self.files.predicates.values():
            self._by_dim.setdefault(row["dimension"], []).append(row)
        #: (instance, dimension) → {stated value: predicate ids}
        self._stated: dict[tuple[str, str], dict[str, list[int]]] = {}
        #: (instance, dimension) → {world: supporting predicate ids}
        self._coords: dict[tuple[str, str], dict[str, tuple[int, ...]]] = {}
        self._contested: dict[str, set[str]] = {}   # dimension → instances contested there
        self._at: dict[str, dict[str, set[str]]] = {}  # dimension → world → instances there
        self._rows: dict[str, dict[str, int]] = {}  # dimension → world → (instance, predicate) rows
        self.unplaced: list[tuple[str, str, tuple]] = []  # a world the lattice has no value for

    def _dimension(self, d: str) -> None:
        if d in self._at:
            return
        stated: dict[str, dict[str, list[int]]] = {}
        for row in self._by_dim.get(d, ()):
            stated.setdefault(row["instance"], {}).setdefault(row["value"], []).append(row["id"])
        at: dict[str, set[str]] = {}
        rows: dict[str, int] = {}
        contested: set[str] = set()
        functional = d in self.functional
        for x, by_value in stated.items():
            self._stated[(x, d)] = by_value
            if functional and len(by_value) > 1:
                worlds = self._worlds(x, d, by_value)
                if len(worlds) > 1:
                    contested.add(x)
            else:
                worlds = {v: tuple(ps) for v, ps in by_value.items()}
            self._coords[(x, d)] = worlds
            for w, ps in worlds.items():
                at.setdefault(w, set()).add(x)
                rows[w] = rows.get(w, 0) + len(ps)
        self._at[d], self._rows[d], self._contested[d] = at, rows, contested

    def holders(self, d: str) -> dict[str, set[str]]:
        """world → the instances with that coordinate on d (the inverted index)."""
        self._dimension(d)
        return self._at[d]

    def contested_on(self, d: str) -> set[str]:
        self._dimension(d)
        return self._contested[d]

    def stated(self, x: str, d: str) -> dict[str, list[int]]:
        """x's stated values on d, each with its predicate ids."""
        self._dimension(d)
        return self._stated.get((x, d), {})

    def _worlds(self, x: str, d: str, by_value: dict[str, list[int]]) -> dict[str, tuple[int, ...]]:
        """The meets of the maximal subsets of x's stated values on d with a common lower bound."""
        stated = sorted(by_value)
        meets: list[str] = []
        if self.ordered(d):
            spans = {v: self.bounds(d, v) for v in stated if self.bounds(d, v) is not None}
            cliques = []
            for point in sorted({b[0] for b in spans.values()}):
                group = frozenset(v for v, (lo, hi) in spans.items() if lo <= point <= hi)
                cliques.append(group)
            for group in {g for g in cliques if not any(g < h for h in cliques)}:
                lo = max(spans[v][0] for v in group)
                hi = min(spans[v][1] for v in group)
                key = self._interval_key(d, group, lo, hi)
                if key is None:
                    self.unplaced.append((x, d, (lo, hi)))
                else:
                    meets.append(key)
        else:
            for group, common in self._maximal_consistent(d, stated):
                meets += [u for u in common if not any(p in common for p in self.parents(d, u))]
        worlds = {}
        for w in sorted(set(meets)):
            worlds[w] = tuple(sorted(p for v, ps in by_value.items() if self.at_or_below(d, w, v) for p in ps))
        return worlds

    def _maximal_consistent(self, d: str, stated: list[str]) -> list[tuple[frozenset, frozenset]]:
        """Maximal subsets of `stated` whose down-sets intersect, with that intersection."""
        found: list[tuple[frozenset, frozenset]] = []

        def grow(start: int, group: tuple, common: frozenset | None) -> None:
            grown = False
            for j in range(start, len(stated)):
                down = self.down(d, stated[j])
                inter = down if common is None else common & down
                if inter:
                    grown = True
                    grow(j + 1, (*group, stated[j]), inter)
            if group and not grown:
                found.append((frozenset(group), common))

        grow(0, (), None)
        return [(g, c) for g, c in found if not any(g < h for h, _ in found)]

    def _interval_key(self, d: str, group, lo: float, hi: float) -> str | None:
        """The value of d that is the interval [lo, hi]: a stated one if it is that interval,
        else the one the builder spells for it, else any value with exactly these bounds."""
        same = sorted(v for v in group if self.bounds(d, v) == (lo, hi))
        if same:
            return same[0]
        try:
            from latweave.lattice.ordered import interval_value
            spelled = normalize(interval_value(lo, hi, self.kind[d]))
            if self.bounds(d, spelled) == (lo, hi):
                return spelled
        except Exception:  # an older lattice/ordered.py, or a spelling that does not read back
            pass
        others = sorted(v for v, b in self.intervals(d) if b == (lo, hi))
        return others[0] if others else None

    def worlds(self, x: str, d: str) -> dict[str, tuple[int, ...]]:
        """x's coordinates on d, each with the predicates that support it."""
        self._dimension(d)
        return self._coords.get((x, d), {})

    def is_contested(self, x: str, d: str) -> bool:
        return x in self.contested_on(d)

    # ---- names ----
    def name_key(self, d: str, text: str) -> str:
        """The key a plan's name becomes on d: numbers and dates in their canonical spelling."""
        kind = self.kind.get(d)
        if kind in ORDERED_KINDS:
            try:
                return normalize(parse_ordered(text, kind).canonical)
            except Exception:
                return normalize(text)
        return normalize(text)

    def resolve_key(self, d: str, key: str) -> str | None:
        """The value a key denotes on d: itself when it is a value, or the value it is a synonym of."""
        if key in self.values.get(d, {}):
            return key
        return self.files.synonyms.get((d, key))

    def resolve_instance_key(self, key: str) -> str | None:
        if key in self.instance_label:
            return key
        return self.files.aliases.get(key)

    def window(self, d: str, constraint: Constraint) -> set[str]:
        """Every value of d whose whole interval lies inside a numeric constraint's window."""
        kind = self.kind.get(d)
        if kind is None:
            return set()
        if kind not in ORDERED_KINDS:
            raise PlanNotRunnable(f"`{constraint.op}` compares numbers or dates, and {constraint.dimension!r} "
                                  "is not an ordered dimension")
        value = constraint.value
        try:
            if constraint.op == "in":
                lo, hi = parse_ordered(value.lo, kind).lo, parse_ordered(value.hi, kind).hi
                inside = lambda b: lo <= b[0] and b[1] <= hi  # noqa: E731
            elif isinstance(value, Ref):
                raise PlanNotRunnable(f"`{constraint.op}` needs a number or date, not ${value.var}")
            else:
                inside = point_window(constraint.op, parse_ordered(value.text, kind))
        except PlanNotRunnable:
            raise
        except Exception as exc:
            raise PlanNotRunnable(f"{constraint.dimension}: {exc}") from None
        return {w for w, b in self.intervals(d) if inside(b)}

    def selectivity(self, d: str, key: str) -> int:
        """How many coordinate rows lie at or below the value a name denotes (the evaluation order's
        estimate: fewest first)."""
        v = self.files.synonyms.get((d, key), key)
        self._dimension(d)
        rows = self._rows[d]
        return sum(rows.get(w, 0) for w in self.down(d, v))


def meaning(files) -> Meaning:
    """The `Meaning` of a LatticeFiles, built once and kept on it."""
    cached = getattr(files, "_meaning", None)
    if cached is None:
        cached = Meaning(files)
        files._meaning = cached
    return cached
