"""What an engine works out from a rules program once per process, shared by every engine made of
the same program object: each Runner makes its own engine (`get_engine`), and the rules' plan and a
stored database's fingerprint were worked out again for each (most of a small lattice's first run:
the zoo's open and first run 104 -> 38 ms). Used by seminaive.py (`shared_plan`) and
sqlite_store.py (`fingerprint`)."""

from __future__ import annotations

from typing import Callable, TypeVar

T = TypeVar("T")

#: (the program's id, a key) → (the program, kept so that its id names it alone while it is here;
#: the value), at most KEPT
_KEPT: dict[tuple[object, ...], tuple[object, object]] = {}
KEPT = 32


def per_program(program: object, key: tuple[object, ...], make: Callable[[], T]) -> T:
    """`make()` once per process for `program` (the same object) and `key`, which must name
    everything else `make()` depends on; the oldest goes past KEPT."""
    kept = _KEPT.get((id(program), key))
    if kept is None or kept[0] is not program:
        if len(_KEPT) >= KEPT:
            del _KEPT[next(iter(_KEPT))]
        kept = _KEPT[(id(program), key)] = (program, make())
    return kept[1]  # type: ignore[return-value]
