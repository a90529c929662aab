"""Why a result abstains, typed: each reason (a `Reason`) with its detail, and how to read it.

A `Witness` maps reasons to their details exactly as the result's JSON holds them (`to_json` /
`from_json` round-trip it unchanged), and renders itself for a reader: each reason a labelled
branch, conflicts as sentences, contested answers with the evidence on each side, unknown names,
empty steps and incomparable pairs in words — never a JSON dump. Contested entries (`contested`
answers of a result, or of a witness) render through `render_contested`, here too.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Iterator

from latweave.reasons import Reason
from latweave.terminal import safe


def _reason(key: str) -> Reason | str:
    try:
        return Reason(key)
    except ValueError:
        return key  # a file may name a reason outside the vocabulary: the auditor says so


@dataclass(frozen=True, eq=False)  # equality is the Mapping's: a witness equals its dict
class Witness(Mapping):
    """reason → its detail, in the order the result lists them (`witness["conflict"]` works with
    the bare string too: a `Reason` is a str)."""

    entries: tuple[tuple[Reason | str, Any], ...] = ()

    @classmethod
    def of(cls, details: Mapping) -> "Witness":
        return cls(tuple((_reason(k), v) for k, v in details.items()))

    from_json = of

    def to_json(self) -> dict:
        return {str(k): v for k, v in self.entries}

    def __getitem__(self, key) -> Any:
        for reason, detail in self.entries:
            if reason == key:
                return detail
        raise KeyError(key)

    def __iter__(self) -> Iterator:
        return (reason for reason, _ in self.entries)

    def __len__(self) -> int:
        return len(self.entries)

    def render_into(self, tree) -> None:
        """Each reason in report order (the order `reasons` lists them) — also for a witness read
        back from a saved file, whose JSON keys are sorted; a reason outside the vocabulary last."""
        order = list(Reason)
        for reason, detail in sorted(self.entries, key=lambda e: order.index(e[0]) if e[0] in order else len(order)):
            render_reason(tree, reason, detail)

    def __rich__(self):
        from rich.tree import Tree

        holder = Tree("witness")
        self.render_into(holder)
        return holder


#: Detail keys whose entries render as contested answers, items or values (with evidence).
CONTESTED_KEYS = ("contested", "undecided_items")


def render_reason(tree, reason: str, detail) -> None:
    """One abstention reason as a labelled branch of `tree`, its detail in sentences."""
    from rich.text import Text

    branch = tree.add(Text(safe(reason), style="yellow"))
    if not isinstance(detail, dict):
        _generic(branch, None, detail)
        return
    lines = _SENTENCES.get(reason)
    rest = dict(detail)
    if lines is not None:
        lines(branch, rest)  # consumes the keys it puts in words
    for key in CONTESTED_KEYS:
        for entry in rest.pop(key, None) or ():
            render_contested(branch, entry)
    for key, value in rest.items():
        _generic(branch, key, value)


def _line(tree, text: str) -> None:
    from rich.text import Text

    tree.add(Text(safe(text)))


def _quote(name) -> str:
    return f"“{name}”"


def _entries(tree, detail: dict, key: str) -> Iterator[dict]:
    """The entries of `detail[key]` that are objects (consumed from `detail`); any other entry
    is shown as it is rather than put in words."""
    for entry in detail.pop(key, None) or ():
        if isinstance(entry, dict):
            yield entry
        else:
            _generic(tree, None, entry)


def _unknown_anchor(tree, detail: dict) -> None:
    for entry in _entries(tree, detail, "unknown"):
        name, dim, where = entry.get("name"), entry.get("dimension"), entry.get("constraint")
        if dim is not None:
            _line(tree, f"{_quote(name)} is not a value of {dim} (in {where})")
        elif where == "argument":
            _line(tree, f"{_quote(name)} names nothing in the lattice (an argument)")
        else:
            _line(tree, f"{_quote(name)} is not an instance of the lattice")


def _out_of_scope(tree, detail: dict) -> None:
    dims = detail.pop("unknown_dimensions", None)
    if dims:
        _line(tree, "the lattice has no dimension " + ", ".join(map(str, dims)))
    if detail.get("unsupported") is True:
        detail.pop("unsupported")
        _line(tree, "the plan uses a form the lattice cannot answer")


def _conflict(tree, detail: dict) -> None:
    for conflict in _entries(tree, detail, "conflicts"):
        _line(tree, f"{' and '.join(map(str, conflict.get('constraints', ())))}: no common lower bound on "
                    f"{conflict.get('dimension')}")


def _incomparable(tree, detail: dict) -> None:
    for pair in _entries(tree, detail, "pairs"):
        args = list(pair.get("arguments") or ())
        if "spans" in pair:
            sides = [f"{a} ({item}: {lo:,}–{hi:,} days)" if lo != hi else f"{a} ({item}: {lo:,} days)"
                     for a, item, (lo, hi) in zip(args, pair.get("items") or (), pair["spans"])]
        else:
            sides = [f"{a} ({value})" for a, value in zip(args, pair.get("values") or ())]
        _line(tree, f"{' and '.join(sides)} are not ordered with each other")
    for entry in _entries(tree, detail, "ambiguous"):
        _line(tree, f"{entry.get('argument')}: {entry.get('item')} has more than one value on "
                    f"{entry.get('dimension')} ({' and '.join(map(str, entry.get('values') or ()))})")
    time = detail.get("in_time")
    if isinstance(time, dict):
        detail.pop("in_time")
        answers = time.pop("answers", None)
        if answers:
            _line(tree, f"the answer depends on when a period began or ended: {', '.join(map(str, answers))} "
                        "may or may not belong")
        else:
            _line(tree, "the outcome depends on when a period began or ended")
        for entry in _entries(tree, time, "periods"):
            _line(tree, f"{entry.get('instance')} {entry.get('dimension')} {entry.get('value')}: "
                        f"{entry.get('period')} (predicate {entry.get('predicate')}) only possibly "
                        "meets the time asked")
        for key, value in time.items():
            _generic(tree, key, value)


def _empty(tree, detail: dict) -> None:
    if "meets" in detail or "step" in detail:
        step = detail.pop("step", None)
        _line(tree, f"step {step} has no members" if step is not None else "a step has no members")
        for meet in _entries(tree, detail, "meets"):
            emptied, alone = meet.get("emptied_by") or [], meet.get("matches_nothing") or []
            text = f"{meet.get('meet')}: emptied by {', '.join(emptied)}" if emptied else f"{meet.get('meet')}: empty"
            if alone:
                text += f"; matches nothing on its own: {', '.join(alone)}"
            _line(tree, text)
        return
    dim = detail.pop("dimension", None)
    no_value = detail.pop("no_value", None)
    missing = detail.pop("missing", None)
    if no_value:
        _line(tree, f"no value{' on ' + str(dim) if dim else ''}: {', '.join(map(str, no_value))}")
    if missing:
        _line(tree, f"no value for {', '.join(map(str, missing))}")


_SENTENCES = {Reason.UNKNOWN_ANCHOR: _unknown_anchor, Reason.OUT_OF_SCOPE: _out_of_scope,
              Reason.CONFLICT: _conflict, Reason.INCOMPARABLE: _incomparable, Reason.EMPTY: _empty}


def _generic(tree, key, value) -> None:
    """Any other detail as labelled lines: `key: value`, lists and objects as branches."""
    from rich.text import Text

    def scalar(v) -> str:
        if v is None:
            return "none"
        if isinstance(v, bool):
            return "yes" if v else "no"
        return str(v)

    if isinstance(value, dict):
        branch = tree.add(Text(safe(str(key)), style="dim")) if key is not None else tree
        for k, v in value.items():
            _generic(branch, k, v)
    elif isinstance(value, list):
        if all(not isinstance(v, (dict, list)) for v in value):
            text = ", ".join(scalar(v) for v in value) or "none"
            tree.add(Text(safe(f"{key}: {text}" if key is not None else text)))
        else:
            branch = tree.add(Text(safe(str(key)), style="dim")) if key is not None else tree
            for v in value:
                _generic(branch, None, v)
    else:
        tree.add(Text(safe(f"{key}: {scalar(value)}" if key is not None else scalar(value))))


# ---- contested answers, items and values --------------------------------------------------------

def render_contested(tree, entry: dict) -> None:
    """A contested answer (or item, or value) with the evidence on each side."""
    from rich.text import Text

    if "values" in entry:  # a compare's contested coordinate: every stated value
        branch = tree.add(Text.assemble(("contested ", "bold yellow"), (safe(entry["item"]), "bold"),
                                        safe(f" on {entry['dimension']}")))
        for stated in entry["values"]:
            render_stated(branch, stated)
        return
    label = entry.get("answer", entry.get("item", ""))
    head = Text.assemble(("contested ", "bold yellow"), (safe(label), "bold"))
    if entry.get("argument"):
        head.append(safe(f" (argument {entry['argument']})"))
    branch = tree.add(head)
    for side, title in (("supported_by", "supported by"), ("contradicted_by", "contradicted by")):
        if entry.get(side):
            sub = branch.add(Text(title, style="green" if side == "supported_by" else "red"))
            for stated in entry[side]:
                render_stated(sub, stated)


def render_stated(tree, stated: dict) -> None:
    """One stated predicate: instance, dimension, value and its evidence (escaped)."""
    from rich.text import Text

    from latweave.proof.model import _append_evidence

    label = Text(safe(f'{stated["instance"]}: {stated["dimension"]} = {stated["value"]}'), style="cyan")
    evidence = stated.get("evidence") or {}
    if evidence:
        _append_evidence(label, evidence)
    tree.add(label)
