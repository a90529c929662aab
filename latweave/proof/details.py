"""Why a result abstains, typed: each reason's detail as one frozen dataclass.

    unknown_anchor   UnknownAnchorDetail   the names the lattice does not have (`UnknownName`)
    out_of_scope     OutOfScopeDetail      the dimensions it lacks, or a form it cannot answer
    conflict         ConflictDetail        constraints without a common lower bound (`Conflict`),
                                           and what the sources contest (latweave/proof/contested_entries.py)
    incomparable     IncomparableDetail    values not ordered with each other (`IncomparablePair`),
                                           an item with two values (`AmbiguousValue`), a period
                                           known in part (`InTime`, `OpenPeriod`)
    empty            EmptyStepDetail       the step that has no members, and what emptied each meet
                     NoValueDetail         a compare's arguments without a value
    a planner's      PlannerDetail         why the planner gave no plan (its last error)

latweave/proof/extract.py builds them from the engine's outputs; a result holds them in its
`Witness` (latweave/proof/witness.py). Each writes exactly the JSON a result has always held
(`to_json`) and reads it back (`from_json`, None when it is not of that shape: the witness then
keeps what it read as it stands). Each renders itself as sentences under its reason's branch
(`render_into`), never as JSON; the sentences are written here once, for a detail read as it
stands too (latweave/proof/witness.py), so both say the same.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from latweave.proof.contested_entries import Contested, ContestedValues, contested_from_json
from latweave.proof.records import Malformed, Record, optional, records, text, text_or_none, texts, whole
from latweave.terminal import safe


class Detail(Record):
    """A reason's detail: a typed JSON object that renders itself under the reason's branch."""

    def render_into(self, branch) -> None:
        raise NotImplementedError


# ---- unknown_anchor -------------------------------------------------------------------------------

@dataclass(frozen=True)
class UnknownName(Record):
    """A name in the plan the lattice does not have: a value of `dimension` (in `constraint`), an
    instance (`constraint` "instance"), or an argument (`constraint` "argument")."""

    name: str
    dimension: str | None
    constraint: str

    KEYS = ("name", "dimension", "constraint")

    def to_json(self) -> dict:
        return {"name": self.name, "dimension": self.dimension, "constraint": self.constraint}

    @classmethod
    def _read(cls, obj: dict) -> "UnknownName":
        return cls(text(obj["name"]), text_or_none(obj["dimension"]), text(obj["constraint"]))

    def sentence(self) -> str:
        if self.dimension is not None:
            return f"{quote(self.name)} is not a value of {self.dimension} (in {self.constraint})"
        if self.constraint == "argument":
            return f"{quote(self.name)} names nothing in the lattice (an argument)"
        return f"{quote(self.name)} is not an instance of the lattice"


@dataclass(frozen=True)
class UnknownAnchorDetail(Detail):
    unknown: tuple[UnknownName, ...]

    KEYS = ("unknown",)

    def to_json(self) -> dict:
        return {"unknown": [u.to_json() for u in self.unknown]}

    @classmethod
    def _read(cls, obj: dict) -> "UnknownAnchorDetail":
        return cls(records(UnknownName, obj["unknown"]))

    def render_into(self, branch) -> None:
        for name in self.unknown:
            line(branch, name.sentence())


# ---- out_of_scope -------------------------------------------------------------------------------

@dataclass(frozen=True)
class OutOfScopeDetail(Detail):
    """The dimensions the plan names that the lattice lacks; or, when there are none, that the
    plan uses a form the lattice cannot answer (`unsupported`)."""

    unknown_dimensions: tuple[str, ...] | None = None
    unsupported: bool | None = None   # True, or absent

    KEYS = ("unknown_dimensions", "unsupported")
    REQUIRED = frozenset()

    def to_json(self) -> dict:
        if self.unknown_dimensions is not None:
            return {"unknown_dimensions": list(self.unknown_dimensions)}
        return {} if self.unsupported is None else {"unsupported": self.unsupported}

    @classmethod
    def _read(cls, obj: dict) -> "OutOfScopeDetail":
        if len(obj) != 1 or obj.get("unsupported", True) is not True:
            raise Malformed
        return cls(optional(obj, "unknown_dimensions", texts), obj.get("unsupported"))

    def render_into(self, branch) -> None:
        if self.unknown_dimensions:
            line(branch, no_dimension_sentence(self.unknown_dimensions))
        if self.unsupported is True:
            line(branch, UNSUPPORTED)


UNSUPPORTED = "the plan uses a form the lattice cannot answer"


def no_dimension_sentence(dims) -> str:
    return "the lattice has no dimension " + ", ".join(map(str, dims))


# ---- conflict -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Conflict(Record):
    """Two constraints on `dimension` whose values (`values`, one list per constraint) have no
    common lower bound."""

    dimension: str
    constraints: tuple[str, ...]
    values: tuple[tuple[str, ...], ...]

    KEYS = ("dimension", "constraints", "values")

    def to_json(self) -> dict:
        return {"dimension": self.dimension, "constraints": list(self.constraints),
                "values": [list(v) for v in self.values]}

    @classmethod
    def _read(cls, obj: dict) -> "Conflict":
        return cls(text(obj["dimension"]), texts(obj["constraints"]), records(texts, obj["values"]))

    def sentence(self) -> str:
        return f"{' and '.join(map(str, self.constraints))}: no common lower bound on {self.dimension}"


@dataclass(frozen=True)
class ConflictDetail(Detail):
    """The plan's conflicting constraints, and, when the sources disagree, what they contest: a
    meet's undecided answers or a claim's item (`contested`), a compare's contested coordinates
    (`contested`) and the items an argument has only by a doubtful route (`undecided_items`)."""

    conflicts: tuple[Conflict, ...]
    contested: tuple[Contested | ContestedValues, ...] | None = None
    undecided_items: tuple[Contested, ...] | None = None

    KEYS = ("conflicts", "contested", "undecided_items")
    REQUIRED = frozenset({"conflicts"})

    def to_json(self) -> dict:
        out: dict = {"conflicts": [c.to_json() for c in self.conflicts]}
        if self.contested is not None:
            out["contested"] = [c.to_json() for c in self.contested]
        if self.undecided_items is not None:
            out["undecided_items"] = [c.to_json() for c in self.undecided_items]
        return out

    @classmethod
    def _read(cls, obj: dict) -> "ConflictDetail":
        return cls(records(Conflict, obj["conflicts"]),
                   optional(obj, "contested", lambda v: records(contested_from_json, v)),
                   optional(obj, "undecided_items", lambda v: records(Contested, v)))

    def render_into(self, branch) -> None:
        for conflict in self.conflicts:
            line(branch, conflict.sentence())
        for entry in (*(self.contested or ()), *(self.undecided_items or ())):
            entry.render_into(branch)


# ---- incomparable -------------------------------------------------------------------------------

@dataclass(frozen=True)
class IncomparablePair(Record):
    """Two compared arguments whose values are not ordered with each other: their `values`, or,
    for a derived value (a span of days), the `items` compared and their `spans` [lo, hi]."""

    arguments: tuple[str, ...]
    values: tuple[str, ...] | None = None
    items: tuple[str, ...] | None = None
    spans: tuple[tuple[int, int], ...] | None = None

    KEYS = ("arguments", "values", "items", "spans")
    REQUIRED = frozenset({"arguments"})

    def to_json(self) -> dict:
        out: dict = {"arguments": list(self.arguments)}
        if self.values is not None:
            out["values"] = list(self.values)
        if self.items is not None:
            out["items"] = list(self.items)
        if self.spans is not None:
            out["spans"] = [list(span) for span in self.spans]
        return out

    @classmethod
    def _read(cls, obj: dict) -> "IncomparablePair":
        if set(obj) not in ({"arguments", "values"}, {"arguments", "items", "spans"}):
            raise Malformed
        return cls(texts(obj["arguments"]), optional(obj, "values", texts), optional(obj, "items", texts),
                   optional(obj, "spans", lambda v: records(_span, v)))

    def sentence(self) -> str:
        args = list(self.arguments or ())
        if self.spans is not None:
            sides = [f"{a} ({item}: {lo:,}–{hi:,} days)" if lo != hi else f"{a} ({item}: {lo:,} days)"
                     for a, item, (lo, hi) in zip(args, self.items or (), self.spans)]
        else:
            sides = [f"{a} ({value})" for a, value in zip(args, self.values or ())]
        return f"{' and '.join(sides)} are not ordered with each other"


def _span(value) -> tuple[int, int]:
    if not isinstance(value, list) or len(value) != 2:
        raise Malformed
    return whole(value[0]), whole(value[1])


@dataclass(frozen=True)
class AmbiguousValue(Record):
    """An item of a compare `argument` that has more than one value on `dimension` (no single span)."""

    argument: str
    item: str
    dimension: str
    values: tuple[str, ...]

    KEYS = ("argument", "item", "dimension", "values")

    def to_json(self) -> dict:
        return {"argument": self.argument, "item": self.item, "dimension": self.dimension,
                "values": list(self.values)}

    @classmethod
    def _read(cls, obj: dict) -> "AmbiguousValue":
        return cls(text(obj["argument"]), text(obj["item"]), text(obj["dimension"]), texts(obj["values"]))

    def sentence(self) -> str:
        return (f"{self.argument}: {self.item} has more than one value on {self.dimension} "
                f"({' and '.join(map(str, self.values or ()))})")


@dataclass(frozen=True)
class OpenPeriod(Record):
    """A stated predicate whose period (known only in part) only possibly meets the time asked."""

    predicate: int
    instance: str
    dimension: str
    value: str
    period: str

    KEYS = ("predicate", "instance", "dimension", "value", "period")

    def to_json(self) -> dict:
        return {"predicate": self.predicate, "instance": self.instance, "dimension": self.dimension,
                "value": self.value, "period": self.period}

    @classmethod
    def _read(cls, obj: dict) -> "OpenPeriod":
        return cls(whole(obj["predicate"]), text(obj["instance"]), text(obj["dimension"]), text(obj["value"]),
                   text(obj["period"]))

    def sentence(self) -> str:
        return (f"{self.instance} {self.dimension} {self.value}: {self.period} (predicate {self.predicate}) "
                "only possibly meets the time asked")


@dataclass(frozen=True)
class InTime(Record):
    """Why a timed query's outcome depends on when a period began or ended: the answers that may
    or may not belong (a meet's), and the periods known only in part."""

    periods: tuple[OpenPeriod, ...]
    answers: tuple[str, ...] | None = None

    KEYS = ("answers", "periods")
    REQUIRED = frozenset({"periods"})

    def to_json(self) -> dict:
        out: dict = {} if self.answers is None else {"answers": list(self.answers)}
        out["periods"] = [p.to_json() for p in self.periods]
        return out

    @classmethod
    def _read(cls, obj: dict) -> "InTime":
        return cls(records(OpenPeriod, obj["periods"]), optional(obj, "answers", texts))

    def render_into(self, branch) -> None:
        line(branch, in_time_sentence(self.answers))
        for period in self.periods:
            line(branch, period.sentence())


def in_time_sentence(answers) -> str:
    if answers:
        return (f"the answer depends on when a period began or ended: {', '.join(map(str, answers))} "
                "may or may not belong")
    return "the outcome depends on when a period began or ended"


@dataclass(frozen=True)
class IncomparableDetail(Detail):
    """The pairs of compared values not ordered with each other; for a derived value the items
    with more than one value (`ambiguous`); at a time, the periods known in part (`in_time`)."""

    pairs: tuple[IncomparablePair, ...] | None = None
    ambiguous: tuple[AmbiguousValue, ...] | None = None
    in_time: InTime | None = None

    KEYS = ("pairs", "ambiguous", "in_time")
    REQUIRED = frozenset()

    def to_json(self) -> dict:
        out: dict = {}
        if self.pairs is not None:
            out["pairs"] = [p.to_json() for p in self.pairs]
        if self.ambiguous is not None:
            out["ambiguous"] = [a.to_json() for a in self.ambiguous]
        if self.in_time is not None:
            out["in_time"] = self.in_time.to_json()
        return out

    @classmethod
    def _read(cls, obj: dict) -> "IncomparableDetail":
        in_time = optional(obj, "in_time", InTime.from_json)
        if "in_time" in obj and in_time is None:
            raise Malformed
        return cls(optional(obj, "pairs", lambda v: records(IncomparablePair, v)),
                   optional(obj, "ambiguous", lambda v: records(AmbiguousValue, v)), in_time)

    def render_into(self, branch) -> None:
        for pair in self.pairs or ():
            line(branch, pair.sentence())
        for entry in self.ambiguous or ():
            line(branch, entry.sentence())
        if self.in_time is not None:
            self.in_time.render_into(branch)


# ---- empty --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class EmptyMeet(Record):
    """A meet of the empty step: the constraints after which nothing was left (`emptied_by`), and
    those that match nothing on their own (`matches_nothing`)."""

    meet: str
    emptied_by: tuple[str, ...]
    matches_nothing: tuple[str, ...]

    KEYS = ("meet", "emptied_by", "matches_nothing")

    def to_json(self) -> dict:
        return {"meet": self.meet, "emptied_by": list(self.emptied_by), "matches_nothing": list(self.matches_nothing)}

    @classmethod
    def _read(cls, obj: dict) -> "EmptyMeet":
        return cls(text(obj["meet"]), texts(obj["emptied_by"]), texts(obj["matches_nothing"]))

    def sentence(self) -> str:
        emptied, alone = self.emptied_by or [], self.matches_nothing or []
        out = f"{self.meet}: emptied by {', '.join(emptied)}" if emptied else f"{self.meet}: empty"
        if alone:
            out += f"; matches nothing on its own: {', '.join(alone)}"
        return out


@dataclass(frozen=True)
class EmptyStepDetail(Detail):
    """The earliest step (in plan order) whose every meet came back empty, and each of its meets."""

    step: str
    meets: tuple[EmptyMeet, ...]

    KEYS = ("step", "meets")

    def to_json(self) -> dict:
        return {"step": self.step, "meets": [m.to_json() for m in self.meets]}

    @classmethod
    def _read(cls, obj: dict) -> "EmptyStepDetail":
        return cls(text(obj["step"]), records(EmptyMeet, obj["meets"]))

    def render_into(self, branch) -> None:
        line(branch, empty_step_sentence(self.step))
        for meet in self.meets:
            line(branch, meet.sentence())


def empty_step_sentence(step) -> str:
    return f"step {step} has no members" if step is not None else "a step has no members"


@dataclass(frozen=True)
class NoValueDetail(Detail):
    """A compare's arguments (or their items) without a value on `dimension` (`no_value`), and a
    claim's constraints with no value to check (`missing`)."""

    no_value: tuple[str, ...]
    dimension: str | None
    missing: tuple[str, ...]

    KEYS = ("no_value", "dimension", "missing")

    def to_json(self) -> dict:
        return {"no_value": list(self.no_value), "dimension": self.dimension, "missing": list(self.missing)}

    @classmethod
    def _read(cls, obj: dict) -> "NoValueDetail":
        return cls(texts(obj["no_value"]), text_or_none(obj["dimension"]), texts(obj["missing"]))

    def render_into(self, branch) -> None:
        if self.no_value:
            line(branch, no_value_sentence(self.dimension, self.no_value))
        if self.missing:
            line(branch, missing_sentence(self.missing))


def no_value_sentence(dimension, no_value) -> str:
    return f"no value{' on ' + str(dimension) if dimension else ''}: {', '.join(map(str, no_value))}"


def missing_sentence(missing) -> str:
    return f"no value for {', '.join(map(str, missing))}"


# ---- a planner's reasons ------------------------------------------------------------------------------

@dataclass(frozen=True)
class PlannerDetail(Detail):
    """Why a planner returned no plan: its last error (None when it gave none)."""

    last_error: Any = None

    KEYS = ("last_error",)

    def to_json(self) -> dict:
        return {"last_error": self.last_error}

    @classmethod
    def _read(cls, obj: dict) -> "PlannerDetail":
        return cls(text_or_none(obj["last_error"]))

    def render_into(self, branch) -> None:
        if isinstance(self.last_error, str):   # a labelled error: its lines (caret, hint) as lines
            from rich.text import Text

            branch.add(Text(safe(f"last_error: {self.last_error}", newlines=True)))
        else:
            render_value(branch, "last_error", self.last_error)


# ---- lines ----------------------------------------------------------------------------------------

def line(tree, sentence: str) -> None:
    from rich.text import Text

    tree.add(Text(safe(sentence)))


def quote(name) -> str:
    return f"“{name}”"


def render_value(tree, key, value) -> None:
    """Any JSON value as labelled lines — `key: value`, lists and objects as branches — for what
    has no sentence (a planner's error, a field a file added)."""
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
            render_value(branch, k, v)
    elif isinstance(value, list):
        if all(not isinstance(v, (dict, list)) for v in value):
            joined = ", ".join(scalar(v) for v in value) or "none"
            tree.add(Text(safe(f"{key}: {joined}" if key is not None else joined)))
        else:
            branch = tree.add(Text(safe(str(key)), style="dim")) if key is not None else tree
            for v in value:
                render_value(branch, None, v)
    else:
        tree.add(Text(safe(f"{key}: {scalar(value)}" if key is not None else scalar(value))))
