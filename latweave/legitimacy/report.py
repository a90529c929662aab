"""The legitimacy report: what `latweave check` prints and what the build gate reads.

Frozen dataclasses that hold values by their labels, serialise to JSON with `to_dict` (the shape
of issue 6, plus a few extra keys) and render themselves through rich's `__rich__`. `ok` is the
gate: every dimension has unique meets in its own DAG. Non-distributivity is information and a
warning, never a blocker, since a plain taxonomy tree with ⊥ is already an N5 or M3.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Hashable


def _cut(items, limit: int | None) -> list:
    items = list(items)
    return items if limit is None else items[:limit]


@dataclass(frozen=True)
class CompetingPair:
    """`pair` has no meet: its maximal common `lower_bounds` compete (labels, sorted)."""

    pair: tuple[str, str]
    lower_bounds: tuple[str, ...]

    def to_dict(self) -> dict:
        return {"pair": list(self.pair), "lower_bounds": list(self.lower_bounds)}


@dataclass(frozen=True)
class WitnessReport:
    """An M3 or N5 sublattice by labels: M3 [top, p, q, r, bottom], N5 [top, high, low, side, bottom]."""

    kind: str
    elements: tuple[str, str, str, str, str]

    def to_dict(self) -> dict:
        return {"kind": self.kind, "elements": list(self.elements)}

    def __str__(self) -> str:
        return f"{self.kind} {{{', '.join(self.elements)}}}"


@dataclass(frozen=True)
class DimensionReport:
    """The verdicts on one dimension (its DAG plus ⊤ and an added ⊥).

    `is_lattice` is None only when the candidate pairs exceeded the cap (then it blocks, unverified);
    `distributive` and `witness` are of the completion when the DAG is not a lattice
    (`distributive_of` says which); `distributive`/`width` are None when skipped (see the notes).
    """

    name: str
    kind: str
    values: int
    size: int
    is_lattice: bool | None
    competing: tuple[CompetingPair, ...]
    added_by_completion: tuple[str, ...]
    distributive: bool | None
    distributive_of: str
    distributive_note: str
    witness: WitnessReport | None
    width: int | None
    antichain: tuple[str, ...]
    width_note: str
    warnings: tuple[str, ...]
    functional: bool = False
    contested: int = 0             # instances whose coordinate here is contested (functional only)
    #: the dimension's content digest (check.dimension_digest): a change re-checks a dimension only
    #: when it differs from the one its previous report was made of
    digest: str = ""
    #: the full lengths of lists read back cut (`from_dict` of a stored report), by to_dict's key
    totals: tuple[tuple[str, int], ...] = ()

    @property
    def meets_unique(self) -> bool:
        return self.is_lattice is True

    def length(self, key: str) -> int:
        """The full length of one of the lists, by to_dict's key (a stored report's may be cut)."""
        items = {"competing_lower_bounds": self.competing, "added_by_completion": self.added_by_completion,
                 "antichain": self.antichain}[key]
        return max(len(items), dict(self.totals).get(key, 0))

    @classmethod
    def from_dict(cls, name: str, row: dict) -> "DimensionReport":
        """A report as `to_dict` stored it (legitimacy.json): its lists as stored, their full
        lengths kept, so `to_dict` at that limit or below gives back the stored JSON."""
        witness = row["witness"]
        return cls(
            name=name, kind=row["kind"], values=row["values"], size=row["size"], is_lattice=row["is_lattice"],
            competing=tuple(CompetingPair(tuple(c["pair"]), tuple(c["lower_bounds"]))
                            for c in row["competing_lower_bounds"]),
            added_by_completion=tuple(row["added_by_completion"]), distributive=row["distributive"],
            distributive_of=row["distributive_of"], distributive_note=row["distributive_note"],
            witness=WitnessReport(witness["kind"], tuple(witness["elements"])) if witness else None,
            width=row["width"], antichain=tuple(row["antichain"]), width_note=row["width_note"],
            warnings=tuple(row["warnings"]), functional=row["functional"], contested=row["contested"],
            digest=row.get("digest", ""), totals=tuple(sorted(row.get("truncated", {}).items())))

    def to_dict(self, limit: int | None = 50) -> dict:
        out = {
            "is_lattice": self.is_lattice,
            "competing_lower_bounds": [c.to_dict() for c in _cut(self.competing, limit)],
            "added_by_completion": _cut(self.added_by_completion, limit),
            "distributive": self.distributive,
            "witness": self.witness.to_dict() if self.witness else None,
            "width": self.width,
            "antichain": _cut(self.antichain, limit),
            "kind": self.kind, "values": self.values, "size": self.size,
            "distributive_of": self.distributive_of, "distributive_note": self.distributive_note,
            "width_note": self.width_note, "warnings": list(self.warnings),
            "functional": self.functional, "contested": self.contested,
        }
        if self.digest:
            out["digest"] = self.digest
        # a list is marked cut when it is longer than what is written (a stored report's lists may
        # already be cut, whatever the limit now)
        lengths = {name: self.length(name) for name in ("competing_lower_bounds", "added_by_completion", "antichain")}
        totals = {name: n for name, n in lengths.items() if n > len(out[name])}
        if totals:
            out["truncated"] = totals
        return out


def _attribute(attribute: Hashable) -> list:
    return list(attribute) if isinstance(attribute, tuple) else [attribute]


@dataclass(frozen=True)
class FcaReport:
    """The formal context's size, the concept count (None when capped), co-occurrence, implications
    (empty with `implications_skipped` saying why when they were above fca.MAX_IMPLICATION_WORK)."""

    objects: int
    attributes: int
    incidences: int
    concepts: int | None
    message: str | None
    co_occurring: tuple            # of fca.CoOccurrence
    implications: tuple            # of fca.Implication
    min_support: int
    implications_skipped: str | None = None

    def to_dict(self, limit: int | None = 50) -> dict:
        out = {
            "objects": self.objects, "attributes": self.attributes, "incidences": self.incidences,
            "concepts": self.concepts, "message": self.message, "min_support": self.min_support,
            "implications_skipped": self.implications_skipped,
            "co_occurring": [{"attributes": [_attribute(a) for a in c.attributes], "support": c.support}
                             for c in _cut(self.co_occurring, limit)],
            "implications": [{"if": _attribute(i.premise), "then": [_attribute(a) for a in i.conclusion],
                              "support": i.support} for i in _cut(self.implications, limit)],
        }
        totals = {name: len(items) for name, items in (
            ("co_occurring", self.co_occurring), ("implications", self.implications))
            if limit is not None and len(items) > limit}
        if totals:
            out["truncated"] = totals
        return out


@dataclass(frozen=True)
class LatticeReport:
    """Everything `check_lattice` found; `ok` iff no dimension blocks going live."""

    name: str
    dimensions: tuple[DimensionReport, ...]
    fca: FcaReport
    dependent: tuple               # of dependence.Dependence
    #: the dimensions checked afresh (the rest were kept from a previous report of the same
    #: content: check_lattice's `kept`); None when every one was
    checked: tuple[str, ...] | None = None
    #: the formal context and the dependent dimensions as a report of an earlier layer stored them
    #: (`analyses`), for a lattice of several layers: those two read every predicate, so a layer
    #: carries its first layer's instead of reading them all again (`latweave check` gives the
    #: whole lattice's); None when `fca` and `dependent` are this lattice's own
    carried: dict | None = None

    def analyses(self, limit: int | None = 50) -> dict:
        """The formal context and the dependent dimensions as `to_dict` writes them, and how many
        layers they are of (None: the whole lattice)."""
        if self.carried is not None:
            return dict(self.carried)
        return {"fca": self.fca.to_dict(limit), "dependent_dimensions": [d.to_dict() for d in self.dependent],
                "of_layers": None}

    @property
    def live_blockers(self) -> tuple[str, ...]:
        """Dimensions whose meets are not unique (or could not be verified) in their own DAG."""
        return tuple(d.name for d in self.dimensions if not d.meets_unique)

    @property
    def ok(self) -> bool:
        return not self.live_blockers

    @property
    def contested(self) -> dict[str, int]:
        """Contested coordinates per functional dimension (sources that contradict each other:
        latweave/lattice/coordinates.py), by name; zeros included."""
        return {d.name: d.contested for d in self.dimensions if d.functional}

    def dimension(self, name: str) -> DimensionReport:
        for d in self.dimensions:
            if d.name == name:
                return d
        raise KeyError(name)

    def to_dict(self, limit: int | None = 50) -> dict:
        """The JSON of `latweave check --json`; lists longer than `limit` are cut (see "truncated")."""
        return {
            "lattice": self.name,
            "ok": self.ok,
            "live_blockers": list(self.live_blockers),
            "dimensions": {d.name: d.to_dict(limit) for d in self.dimensions},
            "contested": self.contested,
            **self._analyses_dict(limit),
        }

    def _analyses_dict(self, limit: int | None) -> dict:
        analyses = self.analyses(limit)
        out = {"fca": analyses["fca"], "dependent_dimensions": analyses["dependent_dimensions"]}
        if analyses["of_layers"] is not None:
            out["fca_and_dependence_of_layers"] = analyses["of_layers"]
        return out

    def __rich_console__(self, console, options):
        yield self._renderable(options.max_width)

    def _renderable(self, width: int = 120):
        """The report at a terminal `width` columns wide. Nothing is cut to an ellipsis: a name is
        never shortened (its column is as wide as the longest, up to 40, and folds beyond), other
        cells wrap, and below 100 columns each witness goes under the table instead of in it."""
        from rich.console import Group
        from rich.table import Table
        from rich.text import Text
        from rich.tree import Tree

        from latweave.terminal import safe  # names come from data: shown escaped, never as markup

        def verdict(value: bool | None, yes: str = "yes", no: str = "NO") -> Text:
            if value is None:
                return Text("skipped", style="yellow")
            return Text(yes, style="green") if value else Text(no, style="bold red")

        table = Table(title=Text(f"lattice {safe(self.name)}: {len(self.dimensions)} dimensions"),
                      title_justify="left")
        longest = max((len(safe(d.name)) for d in self.dimensions), default=9)
        inline = width >= 100   # the witness column: in the table when there is room, else below it
        for column, justify, least in (("dimension", "left", min(max(longest, 9), 40)), ("kind", "left", 8),
                                       ("values", "right", 6), ("unique\nmeets", "center", 6),
                                       ("distrib-\nutive", "center", 6), ("witness", "left", 10),
                                       ("width", "right", 5), ("contested", "right", 6)):
            if column != "witness" or inline:
                table.add_column(column, justify=justify, min_width=least, overflow="fold")
        for d in self.dimensions:
            lattice = verdict(d.is_lattice, no="NO") if d.is_lattice is not None else Text("unknown", "bold red")
            distributive = verdict(d.distributive, no="no")
            if d.distributive is False:
                distributive.stylize("yellow")
            witness = [Text(safe(d.witness)) if d.witness else ""] if inline else []
            table.add_row(Text(safe(d.name)), Text(safe(d.kind)), str(d.values), lattice, distributive,
                          *witness, "" if d.width is None else str(d.width),
                          Text(str(d.contested), style="yellow" if d.contested else "") if d.functional else "")
        parts = [table]
        head = (Text("ok: every dimension has unique meets", style="bold green") if self.ok else
                Text(f"NOT ok: meets are not unique in {safe(', '.join(self.live_blockers))}", style="bold red"))
        tree = Tree(head)
        for d in self.dimensions:
            # The table already shows each witness; the tree lists what else needs reading.
            shown = [w for w in d.warnings if not w.startswith("not distributive")]
            if not inline and d.witness:
                shown = [f"witness: {d.witness}", *shown]
            if not shown and not d.competing:
                continue
            branch = tree.add(Text(safe(d.name), style="bold"))
            for c in d.competing[:10]:
                branch.add(Text(safe(f"{c.pair[0]} ∧ {c.pair[1]}: competing lower bounds "
                                     f"{', '.join(c.lower_bounds)}"), style="red"))
            if d.length("competing_lower_bounds") > 10:
                branch.add(Text(f"… {d.length('competing_lower_bounds') - 10} more pairs", style="red"))
            for w in shown:
                branch.add(Text(safe(w), style="yellow" if d.meets_unique else "red"))
        parts.append(tree)
        if self.carried is not None:
            fca = self.carried["fca"]
            parts.append(Text(f"FCA ({fca['objects']} instances × {fca['attributes']} attributes) and dependent "
                              f"dimensions ({len(self.carried['dependent_dimensions'])}): of the lattice's first "
                              f"{self.carried['of_layers']} layer(s); `latweave check` reads the whole lattice",
                              style="dim"))
            return Group(*parts)
        fca = Tree(Text(f"FCA: {self.fca.objects} instances × {self.fca.attributes} attributes, "
                        f"{self.fca.incidences} incidences", style="bold"))
        fca.add(Text(f"{self.fca.concepts} concepts" if self.fca.concepts is not None else self.fca.message or "",
                     style="dim" if self.fca.concepts is not None else "yellow"))
        for c in self.fca.co_occurring[:10]:
            names = ", ".join("=".join(map(str, _attribute(a))) for a in c.attributes)
            fca.add(Text(safe(f"always together ({c.support} instances): {names}")))
        if len(self.fca.co_occurring) > 10:
            fca.add(Text(f"… {len(self.fca.co_occurring) - 10} more groups", style="dim"))
        if self.fca.implications:
            fca.add(Text(f"{len(self.fca.implications)} attribute implications", style="dim"))
        if self.fca.implications_skipped:
            fca.add(Text(self.fca.implications_skipped, style="yellow"))
        parts.append(fca)
        dep = Tree(Text(f"dependent dimensions: {len(self.dependent)}", style="bold"))
        for d in self.dependent:
            dep.add(Text(safe(f"{d.first} ⇔ {d.second} ({d.instances} instances, {d.values} values)")))
        parts.append(dep)
        return Group(*parts)
