"""Contested answers, items and values, typed: what a result or a conflict witness lists as contested.

A contested answer (or item) is reached under some worlds of the sources and not under others:
`Contested` names it, with the stated predicates on each side (`supported_by`, `contradicted_by`),
and, for an item of a compare argument, the argument. A contested coordinate of a compare is
`ContestedValues`: an item, a dimension, and every value stated for it. Each stated predicate is a
`Stated`, with its evidence. latweave/proof/contested.py builds them from the engine's outputs;
a result's `contested` and a conflict witness hold them as JSON (`to_json` / `from_json`).

Each renders itself: `contested Bo (argument Dawn)` with the evidence quoted under each side.
`render_contested` and `render_stated` render an entry given as its JSON (a result's `contested`);
one that is not well formed (a hand-edited file) is read as it stands, as it always was.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from latweave.proof.model import Evidence, append_evidence
from latweave.proof.records import Malformed, Record, records, text
from latweave.terminal import safe

#: the two sides of a contested entry, as the JSON names them, and their titles
SIDES = (("supported_by", "supported by"), ("contradicted_by", "contradicted by"))


@dataclass(frozen=True)
class Stated(Record):
    """One stated predicate: `instance` has `value` on `dimension`, read where `evidence` says."""

    instance: str
    dimension: str
    value: Any
    evidence: Evidence

    KEYS = ("instance", "dimension", "value", "evidence")

    def to_json(self) -> dict:
        return {"instance": self.instance, "dimension": self.dimension, "value": self.value,
                "evidence": self.evidence.to_json()}

    @classmethod
    def _read(cls, obj: dict) -> "Stated":
        evidence = Evidence.from_json(obj["evidence"])
        if evidence is None:
            raise Malformed
        return cls(text(obj["instance"]), text(obj["dimension"]), obj["value"], evidence)

    def render_into(self, tree) -> None:
        stated_line(tree, self.instance, self.dimension, self.value, self.evidence.to_json())


@dataclass(frozen=True)
class Contested(Record):
    """A contested answer (`kind` "answer": a meet's) or item (`kind` "item": of a claim, or of a
    compare's `argument`), with the stated predicates under whose worlds it is reached and those
    under whose worlds it is not."""

    kind: str                            # "answer" | "item": the key that names it
    label: str
    supported_by: tuple[Stated, ...] = ()
    contradicted_by: tuple[Stated, ...] = ()
    argument: str | None = None          # the compare argument an item belongs to

    KEYS = ("argument", "answer", "item", "supported_by", "contradicted_by")
    REQUIRED = frozenset({"supported_by", "contradicted_by"})

    def to_json(self) -> dict:
        out = {} if self.argument is None else {"argument": self.argument}
        out[self.kind] = self.label
        out["supported_by"] = [s.to_json() for s in self.supported_by]
        out["contradicted_by"] = [s.to_json() for s in self.contradicted_by]
        return out

    @classmethod
    def _read(cls, obj: dict) -> "Contested":
        kinds = [k for k in ("answer", "item") if k in obj]
        if len(kinds) != 1 or ("argument" in obj and kinds != ["item"]):
            raise Malformed
        argument = text(obj["argument"]) if "argument" in obj else None
        return cls(kinds[0], text(obj[kinds[0]]), records(Stated, obj["supported_by"]),
                   records(Stated, obj["contradicted_by"]), argument)

    def render_into(self, tree) -> None:
        branch = contested_branch(tree, self.label, self.argument)
        for (_, title), stated in zip(SIDES, (self.supported_by, self.contradicted_by)):
            if stated:
                sub = side_branch(branch, title)
                for one in stated:
                    one.render_into(sub)


@dataclass(frozen=True)
class ContestedValues(Record):
    """A compare's contested coordinate: `item` on `dimension`, with every value stated for it."""

    item: str
    dimension: str
    values: tuple[Stated, ...]

    KEYS = ("item", "dimension", "values")

    def to_json(self) -> dict:
        return {"item": self.item, "dimension": self.dimension, "values": [s.to_json() for s in self.values]}

    @classmethod
    def _read(cls, obj: dict) -> "ContestedValues":
        return cls(text(obj["item"]), text(obj["dimension"]), records(Stated, obj["values"]))

    def render_into(self, tree) -> None:
        branch = values_branch(tree, self.item, self.dimension)
        for stated in self.values:
            stated.render_into(branch)


def contested_from_json(obj) -> Contested | ContestedValues | None:
    """The contested entry `obj` states (values when it lists `values`); None when it is not one."""
    if isinstance(obj, dict) and "values" in obj:
        return ContestedValues.from_json(obj)
    return Contested.from_json(obj)


# ---- rendering: the typed entries above, and an entry as a file holds it -----------------------------

def render_contested(tree, entry: Mapping) -> None:
    """A contested answer (or item, or value) given as its JSON, with the evidence on each side:
    read as what it states when it is well formed, as it stands otherwise."""
    typed = contested_from_json(entry)
    if typed is not None:
        typed.render_into(tree)
        return
    if "values" in entry:  # a compare's contested coordinate: every stated value
        branch = values_branch(tree, entry["item"], entry["dimension"])
        for stated in entry["values"]:
            render_stated(branch, stated)
        return
    branch = contested_branch(tree, entry.get("answer", entry.get("item", "")), entry.get("argument"))
    for side, title in SIDES:
        if entry.get(side):
            sub = side_branch(branch, title)
            for stated in entry[side]:
                render_stated(sub, stated)


def render_stated(tree, stated: Mapping) -> None:
    """One stated predicate given as its JSON: instance, dimension, value and its evidence."""
    stated_line(tree, stated["instance"], stated["dimension"], stated["value"], stated.get("evidence") or {})


def values_branch(tree, item, dimension):
    from rich.text import Text

    return tree.add(Text.assemble(("contested ", "bold yellow"), (safe(item), "bold"), safe(f" on {dimension}")))


def contested_branch(tree, label, argument):
    from rich.text import Text

    head = Text.assemble(("contested ", "bold yellow"), (safe(label), "bold"))
    if argument:
        head.append(safe(f" (argument {argument})"))
    return tree.add(head)


def side_branch(branch, title: str):
    from rich.text import Text

    return branch.add(Text(title, style="green" if title == "supported by" else "red"))


def stated_line(tree, instance, dimension, value, evidence: Mapping) -> None:
    """`instance: dimension = value  “source text”  [doc start:end]`, data escaped."""
    from rich.text import Text

    label = Text(safe(f"{instance}: {dimension} = {value}"), style="cyan")
    if evidence:
        append_evidence(label, evidence)
    tree.add(label)
