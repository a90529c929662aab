"""Why a result abstains: each reason (a `Reason`) with its detail, typed, and how to read it.

A `Witness` holds, in the order the result lists them, each reason with its detail — one frozen
dataclass per reason (latweave/proof/details.py: `ConflictDetail`, `EmptyStepDetail`, ...).
`to_json` writes exactly the JSON a result has always held and `from_json` reads it back. It is a
mapping of reason → the detail as that JSON holds it (`witness["conflict"]["conflicts"]`, and a
witness equals its dict); `detail(reason)` is the typed detail.

What a file holds that is not of a detail's shape — a reason outside the vocabulary, a hand-edited
detail — is kept as it stands (`RawDetail`), so it is written back unchanged and the auditor
(latweave/proof/audit/) can say what is wrong with it; it renders as it always did, in sentences
where it has the keys a reason's sentences read, as labelled lines otherwise.

A witness renders itself for a reader: each reason a labelled branch, its detail in sentences —
never a JSON dump. Contested entries render through latweave/proof/contested_entries.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Iterator

from latweave.proof.contested_entries import render_contested, render_stated  # noqa: F401 - their home before
from latweave.proof.details import (AmbiguousValue, Conflict, ConflictDetail, Detail, EmptyMeet, EmptyStepDetail,
                                    IncomparableDetail, IncomparablePair, NoValueDetail, OpenPeriod,
                                    OutOfScopeDetail, PlannerDetail, UNSUPPORTED, UnknownAnchorDetail, UnknownName,
                                    empty_step_sentence, in_time_sentence, line, missing_sentence,
                                    no_dimension_sentence, no_value_sentence, render_value)
from latweave.proof.records import same_json
from latweave.reasons import PLANNER_REASONS, Reason
from latweave.terminal import safe


def _reason(key: str) -> Reason | str:
    try:
        return Reason(key)
    except ValueError:
        return key  # a file may name a reason outside the vocabulary: the auditor says so


#: The detail types each reason's JSON may be (a planner's reason: also a planner's detail).
DETAIL_TYPES: dict[Reason, tuple[type[Detail], ...]] = {
    Reason.UNKNOWN_ANCHOR: (UnknownAnchorDetail,), Reason.OUT_OF_SCOPE: (OutOfScopeDetail,),
    Reason.CONFLICT: (ConflictDetail,), Reason.INCOMPARABLE: (IncomparableDetail,),
    Reason.EMPTY: (EmptyStepDetail, NoValueDetail)}


def detail_from_json(reason, obj) -> "Detail | RawDetail":
    """The detail `obj` (as a result's JSON holds it) states for `reason`: typed when it is exactly
    of one of the reason's shapes (and writes back the same JSON), kept as it stands otherwise."""
    reason = _reason(reason) if isinstance(reason, str) else reason
    kinds = DETAIL_TYPES.get(reason, ())
    if reason in PLANNER_REASONS:
        kinds += (PlannerDetail,)
    for kind in kinds:
        detail = kind.from_json(obj)
        if detail is not None and same_json(detail.to_json(), obj):
            return detail
    return RawDetail(reason, obj)


@dataclass(frozen=True, eq=False)  # equality is the Mapping's: a witness equals its dict
class Witness(Mapping):
    """reason → its detail, in the order the result lists them. `witness["conflict"]` is the detail
    as the result's JSON holds it (the bare string works too: a `Reason` is a str);
    `witness.detail("conflict")` the typed detail."""

    entries: tuple[tuple[Reason | str, "Detail | RawDetail"], ...] = ()

    @classmethod
    def of(cls, details: Mapping) -> "Witness":
        """A witness of reason → detail: a typed detail, or its JSON (read by `detail_from_json`)."""
        return cls(tuple((_reason(k), v if isinstance(v, (Detail, RawDetail)) else detail_from_json(k, v))
                         for k, v in details.items()))

    from_json = of

    def to_json(self) -> dict:
        return {str(k): d.to_json() for k, d in self.entries}

    def detail(self, key) -> "Detail | RawDetail":
        """The typed detail of reason `key` (a `RawDetail` when the JSON it was read from is not
        of the reason's shape)."""
        for reason, detail in self.entries:
            if reason == key:
                return detail
        raise KeyError(key)

    def __getitem__(self, key) -> Any:
        return self.detail(key).to_json()

    def __iter__(self) -> Iterator:
        return (reason for reason, _ in self.entries)

    def __len__(self) -> int:
        return len(self.entries)

    def render_into(self, tree) -> None:
        """Each reason in report order (the order `reasons` lists them) — also for a witness read
        back from a saved file, whose JSON keys are sorted; a reason outside the vocabulary last."""
        order = list(Reason)
        for reason, detail in sorted(self.entries, key=lambda e: order.index(e[0]) if e[0] in order else len(order)):
            detail.render_into(reason_branch(tree, reason))

    def __rich__(self):
        from rich.tree import Tree

        holder = Tree("witness")
        self.render_into(holder)
        return holder


def reason_branch(tree, reason):
    """The labelled branch a reason's detail renders under."""
    from rich.text import Text

    return tree.add(Text(safe(reason), style="yellow"))


def render_reason(tree, reason: str, detail) -> None:
    """One abstention reason as a labelled branch of `tree`, its detail (typed, or as a result's
    JSON holds it) in sentences."""
    if not isinstance(detail, (Detail, RawDetail)):
        detail = detail_from_json(reason, detail)
    detail.render_into(reason_branch(tree, reason))


# ---- a detail as it stands ----------------------------------------------------------------------

@dataclass(frozen=True)
class RawDetail:
    """A detail a file holds that is not of its reason's shape (a reason outside the vocabulary, a
    hand-edited or tampered detail), kept as it was read: written back unchanged, rendered in the
    sentences of its reason where it has the keys they read and as labelled lines otherwise."""

    reason: Reason | str
    value: Any

    def to_json(self) -> Any:
        return self.value

    def render_into(self, branch) -> None:
        if not isinstance(self.value, dict):
            render_value(branch, None, self.value)
            return
        from rich.tree import Tree

        rest = dict(self.value)
        worded = Tree("")   # put in words apart: a shape the sentences cannot read is shown as it is
        try:
            sentences = _SENTENCES.get(self.reason)
            if sentences is not None:
                sentences(worded, rest)  # consumes the keys it puts in words
            for key in CONTESTED_KEYS:
                for entry in rest.pop(key, None) or ():
                    render_contested(worded, entry)
        except (TypeError, ValueError, KeyError, AttributeError, IndexError):
            rest = dict(self.value)
            worded = Tree("")
        branch.children.extend(worded.children)
        for key, value in rest.items():
            render_value(branch, key, value)


#: Detail keys whose entries render as contested answers, items or values (with evidence).
CONTESTED_KEYS = ("contested", "undecided_items")


def _entries(tree, detail: dict, key: str) -> Iterator[dict]:
    """The entries of `detail[key]` that are objects (consumed from `detail`); any other entry
    is shown as it is rather than put in words."""
    for entry in detail.pop(key, None) or ():
        if isinstance(entry, dict):
            yield entry
        else:
            render_value(tree, None, entry)


def _unknown_anchor(tree, detail: dict) -> None:
    for entry in _entries(tree, detail, "unknown"):
        line(tree, UnknownName(entry.get("name"), entry.get("dimension"), entry.get("constraint")).sentence())


def _out_of_scope(tree, detail: dict) -> None:
    dims = detail.pop("unknown_dimensions", None)
    if dims:
        line(tree, no_dimension_sentence(dims))
    if detail.get("unsupported") is True:
        detail.pop("unsupported")
        line(tree, UNSUPPORTED)


def _conflict(tree, detail: dict) -> None:
    for entry in _entries(tree, detail, "conflicts"):
        line(tree, Conflict(entry.get("dimension"), entry.get("constraints", ()), ()).sentence())


def _incomparable(tree, detail: dict) -> None:
    for pair in _entries(tree, detail, "pairs"):
        line(tree, IncomparablePair(pair.get("arguments"), pair.get("values"), pair.get("items"),
                                    pair["spans"] if "spans" in pair else None).sentence())
    for entry in _entries(tree, detail, "ambiguous"):
        line(tree, AmbiguousValue(entry.get("argument"), entry.get("item"), entry.get("dimension"),
                                  entry.get("values")).sentence())
    time = detail.get("in_time")
    if isinstance(time, dict):
        detail.pop("in_time")
        time = dict(time)  # read, never changed: the witness keeps what it holds
        line(tree, in_time_sentence(time.pop("answers", None)))
        for entry in _entries(tree, time, "periods"):
            line(tree, OpenPeriod(entry.get("predicate"), entry.get("instance"), entry.get("dimension"),
                                  entry.get("value"), entry.get("period")).sentence())
        for key, value in time.items():
            render_value(tree, key, value)


def _empty(tree, detail: dict) -> None:
    if "meets" in detail or "step" in detail:
        line(tree, empty_step_sentence(detail.pop("step", None)))
        for meet in _entries(tree, detail, "meets"):
            line(tree, EmptyMeet(meet.get("meet"), meet.get("emptied_by"), meet.get("matches_nothing")).sentence())
        return
    dim = detail.pop("dimension", None)
    no_value = detail.pop("no_value", None)
    missing = detail.pop("missing", None)
    if no_value:
        line(tree, no_value_sentence(dim, no_value))
    if missing:
        line(tree, missing_sentence(missing))


_SENTENCES = {Reason.UNKNOWN_ANCHOR: _unknown_anchor, Reason.OUT_OF_SCOPE: _out_of_scope,
              Reason.CONFLICT: _conflict, Reason.INCOMPARABLE: _incomparable, Reason.EMPTY: _empty}
