"""A page of an answer set: which answers a result shows, and with proofs, out of how many.

A plan may denote 100k answers; a person or a script asks for them a page at a time. The engine
still derives the whole answer set (the rules decide it: nothing is cut short), so the total is
exact; only the shown answers — `answers[offset:offset + limit]` in the result's order (by label) —
get proof trees. The contested answers of a meet (a separate list, also sorted by label) are paged
by the same window, so that the pages of a plan concatenate to its unpaged result.

`Page` is what a caller asks for; `PageInfo` is what a paged result states (and its JSON, under
the result's `page` key). Both live here, below the decoder, the result and the auditor, which all
read them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from latweave.errors import LatweaveError


def _whole(value, name: str, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise LatweaveError(f"a page's {name} must be a whole number, at least {least}; got {value!r}",
                            hint="e.g. limit=100, offset=0 (the first 100 answers)")
    return value


@dataclass(frozen=True)
class Page:
    """A window on a sorted answer set: the answers at positions [offset, offset + limit).

    >>> Page(limit=2, offset=1).window(["a", "b", "c", "d"])
    ['b', 'c']
    """

    limit: int
    offset: int = 0

    def __post_init__(self):
        _whole(self.limit, "limit", 1)
        _whole(self.offset, "offset", 0)

    @property
    def end(self) -> int:
        return self.offset + self.limit

    def window(self, items: Sequence) -> list:
        return list(items[self.offset:self.end])

    def next(self) -> "Page":
        """The page after this one, of the same size."""
        return Page(self.limit, self.end)

    def stated(self, total: int, contested_total: int = 0) -> "PageInfo":
        return PageInfo(self.offset, self.limit, total, contested_total)


@dataclass(frozen=True)
class PageInfo:
    """What a paged result states: its window, the exact number of answers (and of contested
    answers) the plan denotes, and whether a next page holds any of either."""

    offset: int
    limit: int
    total: int
    contested_total: int = 0

    @property
    def more(self) -> bool:
        return self.offset + self.limit < max(self.total, self.contested_total)

    @property
    def page(self) -> Page:
        return Page(self.limit, self.offset)

    def to_json(self) -> dict:
        return {"offset": self.offset, "limit": self.limit, "total": self.total,
                "contested_total": self.contested_total, "more": self.more}

    @classmethod
    def from_json(cls, obj: dict) -> "PageInfo":
        return cls(obj["offset"], obj["limit"], obj["total"], obj.get("contested_total", 0))

    def describe(self, shown: int) -> str:
        """`answers 1–100 of 100,000` (positions are 1-based, as a person counts)."""
        if shown == 0:
            return f"no answers at offset {self.offset:,} of {self.total:,}"
        return f"answers {self.offset + 1:,}–{self.offset + shown:,} of {self.total:,}"
