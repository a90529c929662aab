"""When a predicate holds: its period, read from its `start` / `end` qualifiers, as day numbers.

A predicate without a start or an end qualifier holds at every time. One with them holds over a
period whose ends are known only as precisely as the evidence says: `start = 1990` is some day of
1990, so the period begins in [1990-01-01, 1990-12-31]. Each end is therefore an interval of day
numbers (proleptic Gregorian ordinals, as `ordered.parse_ordered` reads dates):

* a missing start means "some time up to the end" — the start is in [NEVER, the end's last day];
* a missing end means *not known* — the end is in [the start's first day, FOREVER];
* `end = present` says the fact still held when the evidence was written, and no later: the end
  is in [the evidence's own date, FOREVER]. That date is the `as of` qualifier when the evidence
  records one (`as_of = 2024`: the source speaks as of some day of 2024), else the latest date
  the evidence itself states (its start: "married since 2001, to the present" is known to hold
  from 2001 on, not beyond). Past it an open period is unknown, as a missing end is, so a query
  there abstains `incomparable` (the shadow, rules/abstain.dl) instead of answering forever. The
  bound is read from the predicate alone — never the clock — so one lattice answers alike
  whenever it is asked;
* `valid_from` / `valid_to` are read as `start` / `end` (the names the schema first gave them).

A time window [lo, hi] (a plan's `at` / `during`) *surely* meets the period when every period the
evidence allows overlaps it (the latest possible start is ≤ hi and the earliest possible end is
≥ lo), and *possibly* when some does (the earliest start ≤ hi and the latest end ≥ lo). The rules
(rules/meet.dl) read these four numbers as the `period` relation; the auditor tests them again
with its own code.
"""

from __future__ import annotations

from dataclasses import dataclass

from latweave.errors import LatticeError
from latweave.lattice.ordered import OrderedValueError, parse_ordered

#: the day numbers standing for "before any date" and "after any date" (ordinals run 1 … 3,652,059)
NEVER = 0
FOREVER = 4_000_000

START_KEYS = ("start", "valid from")
END_KEYS = ("end", "valid to")
#: the date the evidence speaks as of (`as_of` is read as it): an open end is known up to it
AS_OF_KEYS = ("as of",)
#: an end qualifier that says the fact still holds
OPEN_ENDS = ("present", "now", "ongoing")


@dataclass(frozen=True)
class Period:
    """The possible starts [start_lo, start_hi] and ends [end_lo, end_hi], in day numbers."""

    start_lo: int
    start_hi: int
    end_lo: int
    end_hi: int
    start: str | None = None   # the qualifiers as written (proofs show them)
    end: str | None = None
    as_of: str | None = None

    def surely(self, lo: int, hi: int) -> bool:
        """Every period the evidence allows overlaps the window [lo, hi]."""
        return self.start_hi <= hi and self.end_lo >= lo

    def possibly(self, lo: int, hi: int) -> bool:
        """Some period the evidence allows overlaps the window [lo, hi]."""
        return self.start_lo <= hi and self.end_hi >= lo

    @property
    def row(self) -> tuple[int, int, int, int]:
        return self.start_lo, self.start_hi, self.end_lo, self.end_hi

    @property
    def text(self) -> str:
        """The period as proofs and witnesses write it: `1985..1993`, `?` for an end not given,
        and the evidence's date when it records one (`2018..present as of 2024`)."""
        return f"{self.start or '?'}..{self.end or '?'}" + (f" as of {self.as_of}" if self.as_of else "")


def window_of(lo: str, hi: str) -> tuple[int, int]:
    """The days of a time (`at lo` is lo..lo): the first day of lo to the last of hi; raises
    OrderedValueError for a text that is not a date (the window may be empty: lo after hi)."""
    return int(parse_ordered(lo, "date").lo), int(parse_ordered(hi, "date").hi)


def _one(qualifiers: dict[str, str], keys: tuple[str, ...], what: str) -> str | None:
    given = [(k, qualifiers[k]) for k in keys if k in qualifiers]
    if len(given) > 1 and given[0][1] != given[1][1]:
        raise LatticeError(f"{what} has two {keys[0]} qualifiers: {given[0][0]}={given[0][1]!r} and "
                           f"{given[1][0]}={given[1][1]!r}", hint=f"keep one {keys[0]} qualifier")
    return given[0][1] if given else None


def _days(text: str, key: str, what: str) -> tuple[int, int]:
    try:
        value = parse_ordered(text, "date")
    except OrderedValueError as exc:
        raise LatticeError(f"{what}: its {key} qualifier {text!r} is not a date",
                           hint=f"{exc.hint}; or leave the {key} out when it is not known") from None
    return int(value.lo), int(value.hi)


def period_of(qualifiers, what: str = "the predicate") -> Period | None:
    """The period of a predicate with these (normalised key, value) qualifiers; None when it has no
    start and no end (it holds at every time). Raises LatticeError, naming `what`, for a start or
    end that is not a date, or an end before the start."""
    quals = dict(qualifiers)
    start, end = _one(quals, START_KEYS, what), _one(quals, END_KEYS, what)
    as_of = _one(quals, AS_OF_KEYS, what)
    if start is None and end is None:
        if as_of is not None:
            _days(as_of, "as of", what)   # a date all the same, though there is no period to bound
        return None
    is_open = end is not None and end.strip().lower() in OPEN_ENDS
    if is_open:
        end_lo = end_hi = FOREVER
    elif end is not None:
        end_lo, end_hi = _days(end, "end", what)
    if start is not None:
        start_lo, start_hi = _days(start, "start", what)
    if start is None:
        start_lo, start_hi = NEVER, end_hi
    if end is None:
        end_lo, end_hi = start_lo, FOREVER
    if end_hi < start_lo:
        raise LatticeError(f"{what} ends ({end}) before it starts ({start})",
                           hint="check the start and end qualifiers")
    known = _days(as_of, "as of", what) if as_of is not None else None
    if is_open:   # still holding when the evidence was written, not known after (the module's doc)
        if known is not None and known[1] < start_lo:
            raise LatticeError(f"{what} still holds as of {as_of}, before it starts ({start})",
                               hint="check the as_of qualifier: the date the evidence speaks as of")
        end_lo = start_lo if known is None else max(start_lo, known[0])
        if start is None and known is not None:
            start_hi = known[1]   # it held as of that date, so it had begun by then
    return Period(start_lo, start_hi, end_lo, end_hi, start, end, as_of)
