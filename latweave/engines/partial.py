"""A run's outputs computed in part: the rest computed when first read, never read as empty.

A caller that reads a few output relations of most runs (the answers of a question asked
without its proof: `answer`, `abstain`, ...) asks a session for those (`Session.run_some`); an
engine that can compute fewer for less (SQLite's statement per plan shape, engines/fused.py)
returns them as a `Partial`, which holds the relations computed and how to compute all of them.
Reading a relation it does not hold runs the whole run (once) and serves every relation from
then on, so a reader that needs more than it asked for (an abstention's witness, a contested
answer) gets exactly what a whole run gives. After `seal()` (the run's caller is done with the
engine) such a read raises instead: the engine may have moved on, and a relation read as empty
would be a wrong answer, not a slow one.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Callable


class Partial(Mapping):
    """Output relation → rows: `held`'s relations as they are, any other one by `complete()`
    (the whole run's outputs), called at most once."""

    def __init__(self, held: dict[str, list], complete: Callable[[], Mapping[str, list]]):
        self._rows = held
        self._complete: Callable[[], Mapping[str, list]] | None = complete
        self._whole = False
        self._sealed = False

    @property
    def whole(self) -> bool:
        """Whether every output relation is held (the whole run has happened)."""
        return self._whole

    def seal(self) -> None:
        """No more runs: a relation not held raises LookupError from now on."""
        self._sealed = True
        self._complete = None

    def _completed(self) -> dict[str, list]:
        if not self._whole:
            if self._sealed or self._complete is None:
                raise LookupError("these outputs were computed in part, and the run they came from is over: "
                                  "read them while it lasts, or ask for every output")
            complete, self._complete = self._complete, None
            self._rows = dict(complete())
            self._whole = True
        return self._rows

    def __getitem__(self, relation: str) -> list:
        rows = self._rows.get(relation)
        if rows is None:
            if self._whole:
                raise KeyError(relation)
            return self._completed()[relation]
        return rows

    def __iter__(self) -> Iterator[str]:
        return iter(self._completed())

    def __len__(self) -> int:
        return len(self._completed())

    def __contains__(self, relation: object) -> bool:
        return relation in self._rows or (not self._whole and relation in self._completed())
