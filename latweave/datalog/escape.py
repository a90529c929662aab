"""Quoting a string constant for a target language: the one escaping core every renderer uses.

A target differs only in its quote character and in which characters it writes as escapes, so
each one is a `Quoting` table (`quoting.quote(value)`); the rules' own printer (`ir.Const`) and
every engine dialect (latweave/engines/dialects/) are built on this one function. Data values
never pass through here: facts reach engines as typed rows, not as program text.

>>> SOUFFLE.quote('a "b"\\n')
'"a \\\\"b\\\\"\\\\n"'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping


@dataclass(frozen=True)
class Quoting:
    """`quote` surrounds a value with `mark` after replacing each character in `escapes`."""

    mark: str
    escapes: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_table", str.maketrans(dict(self.escapes)))

    def quote(self, value: str) -> str:
        return self.mark + value.translate(self._table) + self.mark  # type: ignore[attr-defined]


def _frozen(escapes: dict[str, str]) -> Mapping[str, str]:
    return MappingProxyType(escapes)


#: How rules/*.dl are printed back (`str(Const)`): backslash and double quote only.
RULES = Quoting('"', _frozen({"\\": "\\\\", '"': '\\"'}))
#: Soufflé's string literals: also newline, tab and carriage return as escapes.
SOUFFLE = Quoting('"', _frozen({**RULES.escapes, "\n": "\\n", "\t": "\\t", "\r": "\\r"}))
#: clingo's string literals: backslash, double quote and newline (other control characters are
#: refused by the dialect before quoting).
CLINGO = Quoting('"', _frozen({**RULES.escapes, "\n": "\\n"}))
#: SQL string literals: single quotes, a quote doubled.
SQL = Quoting("'", _frozen({"'": "''"}))
#: Spark SQL's string literals: a backslash starts an escape there, so backslash and quote are escaped.
SPARK = Quoting("'", _frozen({"\\": "\\\\", "'": "\\'"}))
#: SQL identifiers: double quotes, a quote doubled.
SQL_NAME = Quoting('"', _frozen({'"': '""'}))
