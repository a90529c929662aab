"""Typed JSON objects of a fixed shape: the building block of witness details and contested entries.

A `Record` is a frozen dataclass that writes one JSON object (`to_json`, its keys in the order
latweave has always written them) and reads it back (`from_json`): exactly that shape — the keys
it knows, the required ones present, each value of its type — or None, so that the caller keeps
what it read as it was (a tampered result) rather than guess. As with the proof model
(latweave/proof/model.py) the round trip is exact as JSON: `from_json(x).to_json() == x`, and
serialised with sorted keys (as every result is) byte for byte.

The readers below raise `Malformed` on a value of the wrong type; `Record.from_json` turns that
into None.
"""

from __future__ import annotations

import json
from typing import Any, ClassVar


class Malformed(Exception):
    """A JSON value that is not of the shape a record reads (caught by `Record.from_json`)."""


class Record:
    """A JSON object of fixed keys, typed. Subclasses are frozen dataclasses that set `KEYS` (every
    key, in the order `to_json` writes them), `REQUIRED` (the keys that must be there), and define
    `to_json()` and `_read(obj)` (the record, from an object whose keys are known to fit)."""

    KEYS: ClassVar[tuple[str, ...]] = ()
    REQUIRED: ClassVar[frozenset[str] | None] = None  # None: every key is required

    def to_json(self) -> dict:
        raise NotImplementedError

    @classmethod
    def _read(cls, obj: dict):
        raise NotImplementedError

    @classmethod
    def from_json(cls, obj):
        """The record `obj` states; None when it is not exactly one (unknown or missing keys, a
        value of another type)."""
        if not isinstance(obj, dict) or not set(obj) <= set(cls.KEYS):
            return None
        required = set(cls.KEYS) if cls.REQUIRED is None else cls.REQUIRED
        if not required <= set(obj):
            return None
        try:
            return cls._read(obj)
        except Malformed:
            return None


def same_json(a, b) -> bool:
    """Whether two JSON values serialise alike (sorted keys, as results are written): `True` is
    not `1`, `1` is not `1.0`, and a key's order does not count."""
    try:
        return json.dumps(a, ensure_ascii=False, sort_keys=True) == json.dumps(b, ensure_ascii=False, sort_keys=True)
    except (TypeError, ValueError, RecursionError):
        return False


# ---- readers: a value of the type a record holds, or Malformed ---------------------------------------

def text(value) -> str:
    if not isinstance(value, str):
        raise Malformed
    return value


def text_or_none(value) -> str | None:
    return None if value is None else text(value)


def whole(value) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise Malformed
    return value


def texts(value) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise Malformed
    return tuple(text(v) for v in value)


def records(kind, value) -> tuple:
    """A list of `kind` records (`kind` a Record class, or a function reading one or None)."""
    if not isinstance(value, list):
        raise Malformed
    read = kind.from_json if isinstance(kind, type) else kind
    out = tuple(read(v) for v in value)
    if any(r is None for r in out):
        raise Malformed
    return out


def optional(obj: dict, key: str, read) -> Any:
    """`read(obj[key])` when `obj` has `key`; None when it has not."""
    return read(obj[key]) if key in obj else None
