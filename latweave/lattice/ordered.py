"""Numbers, dates and intervals of them as ordered lattice values.

An ordered value is an interval [lo, hi] on a number line (a point has lo == hi). Intervals
subsume what they contain, so "1961" (a year) sits above "1961-04-27" (a day) in the DAG; the
extremum compare orders v before w when v ends before w starts, so overlapping values are
incomparable rather than guessed. Dates are kept as day numbers (proleptic Gregorian ordinals).
"""

from __future__ import annotations

import calendar
import datetime as dt
import math
import re
from dataclasses import dataclass

from latweave.errors import LatweaveError

KINDS = ("number", "date")

_MONTHS = {name.lower(): i for i, name in enumerate(calendar.month_name) if name}
_MONTHS.update({name.lower(): i for i, name in enumerate(calendar.month_abbr) if name})
_NUM = r"[-+]?\d+(?:\.\d+)?"


@dataclass(frozen=True)
class OrderedValue:
    """A parsed value: its canonical spelling and its closed interval on the number line."""

    canonical: str
    lo: float
    hi: float

    @property
    def is_point(self) -> bool:
        return self.lo == self.hi

    def contains(self, other: "OrderedValue") -> bool:
        return self.lo <= other.lo and other.hi <= self.hi and (self.lo, self.hi) != (other.lo, other.hi)


class OrderedValueError(LatweaveError):
    """A value on an ordered dimension is not a number, date or interval we can read."""


def _number(text: str) -> OrderedValue:
    value = float(text)
    canonical = str(int(value)) if value.is_integer() else repr(value)
    return OrderedValue(canonical, value, value)


def _day(year: int, month: int, day: int) -> float:
    return float(dt.date(year, month, day).toordinal())


def _date(text: str) -> OrderedValue:
    t = text.strip().rstrip(".").replace(",", " ")
    t = re.sub(r"\s+", " ", t)
    m = re.fullmatch(r"(\d{4})-(\d{1,2})-(\d{1,2})", t)
    if m:
        y, mo, d = map(int, m.groups())
        return OrderedValue(f"{y:04d}-{mo:02d}-{d:02d}", _day(y, mo, d), _day(y, mo, d))
    m = re.fullmatch(r"(\d{4})-(\d{1,2})", t)
    if m:
        y, mo = map(int, m.groups())
        return _month(y, mo)
    m = re.fullmatch(r"(?:c\.? ?|circa )?(\d{3,4})", t, re.IGNORECASE)
    if m:
        y = int(m.group(1))
        return OrderedValue(f"{y:04d}", _day(y, 1, 1), _day(y, 12, 31))
    words = t.lower().split(" ")
    if len(words) == 3 and words[0] in _MONTHS and words[1].isdigit() and words[2].isdigit():
        y, mo, d = int(words[2]), _MONTHS[words[0]], int(words[1])  # April 27 1961
        return OrderedValue(f"{y:04d}-{mo:02d}-{d:02d}", _day(y, mo, d), _day(y, mo, d))
    if len(words) == 3 and words[1] in _MONTHS and words[0].isdigit() and words[2].isdigit():
        y, mo, d = int(words[2]), _MONTHS[words[1]], int(words[0])  # 27 April 1961
        return OrderedValue(f"{y:04d}-{mo:02d}-{d:02d}", _day(y, mo, d), _day(y, mo, d))
    if len(words) == 2 and words[0] in _MONTHS and words[1].isdigit():
        return _month(int(words[1]), _MONTHS[words[0]])
    raise ValueError(text)


def _month(y: int, mo: int) -> OrderedValue:
    last = calendar.monthrange(y, mo)[1]
    return OrderedValue(f"{y:04d}-{mo:02d}", _day(y, mo, 1), _day(y, mo, last))


def _day_text(ordinal: float) -> str:
    d = dt.date.fromordinal(int(ordinal))
    return f"{d.year:04d}-{d.month:02d}-{d.day:02d}"


def interval_value(lo: float, hi: float, kind: str) -> str:
    """The spelling of the interval [lo, hi] (a point when lo == hi) that parse_ordered reads back
    to exactly these bounds: the meet of two overlapping values on an ordered dimension.

    >>> interval_value(711918.0, 712038.0, "date")
    '1950-03-02..1950-06-30'
    >>> interval_value(3.0, 3.0, "number")
    '3'
    """
    if kind == "number":
        ends = [_number(repr(x)).canonical for x in (lo, hi)]
    else:
        ends = [_day_text(lo), _day_text(hi)]
    text = ends[0] if lo == hi else f"{ends[0]}..{ends[1]}"
    parsed = parse_ordered(text, kind)
    if (parsed.lo, parsed.hi) != (lo, hi):  # pragma: no cover - a spelling that does not read back
        raise OrderedValueError(f"cannot spell the interval [{lo}, {hi}] as a {kind} value")
    return text


def parse_ordered(text: str, kind: str) -> OrderedValue:
    """Read `text` as a value of an ordered dimension of `kind` ("number" or "date").

    Intervals are written `lo..hi`.

    >>> parse_ordered("April 27, 1961", "date").canonical
    '1961-04-27'
    >>> parse_ordered("1950..1960", "number")
    OrderedValue(canonical='1950..1960', lo=1950.0, hi=1960.0)
    """
    read = _number if kind == "number" else _date
    try:
        if ".." in text:
            left, right = (part.strip() for part in text.split("..", 1))
            a, b = read(left), read(right)
            if b.hi < a.lo:
                raise ValueError(text)
            value = OrderedValue(f"{a.canonical}..{b.canonical}", a.lo, b.hi)
        else:
            value = read(text.strip())
        if not (math.isfinite(value.lo) and math.isfinite(value.hi)):
            raise ValueError(text)  # nan, inf, Infinity, or a number too long to be finite (1e400)
        return value
    except (ValueError, OverflowError):
        example = "42, 3.5 or 10..20" if kind == "number" else "1961-04-27, April 27, 1961, 1961 or 1950..1960"
        raise OrderedValueError(
            f"{(text if len(text) <= 60 else text[:40] + '…')!r} is not a {kind} value",
            hint=f"write it like {example}") from None
