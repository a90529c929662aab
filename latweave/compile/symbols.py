"""The symbol table: the single place where strings meet the Datalog world.

Every string a fact needs (a value key, an instance key, a dimension name, a qualifier) is
interned to an integer id; facts files carry only integers, so no value from a document or an
LLM is ever written into Datalog text or needs Souffle's (absent) escaping for tabs or newlines.
The table is stored as JSON lines, one JSON string per id: JSON's escaping round-trips every
Unicode string exactly, and that is the one escaping function latweave uses.
"""

from __future__ import annotations

import json
from itertools import islice
from pathlib import Path
from typing import Callable, Iterable


_STRING = json.encoder.encode_basestring   # what json.dumps(text, ensure_ascii=False) encodes a str with


def encode_symbol(text: str) -> str:
    """One line of symbols.jsonl for `text` (any Unicode; newlines and tabs escaped by JSON)."""
    if not isinstance(text, str):
        raise TypeError(f"symbols are strings, got {type(text).__name__}")
    return _STRING(text)   # json.dumps(text, ensure_ascii=False), without an encoder made per call


def decode_symbol(line: str) -> str:
    value = json.loads(line)
    if not isinstance(value, str):
        raise ValueError(f"symbols.jsonl line is not a JSON string: {line[:60]!r}")
    return value


class SymbolTable:
    """Strings ↔ dense ids. Built sorted, so the same strings always get the same ids; a lattice
    of several layers numbers each layer's new strings after the layers before (`numbered`)."""

    def __init__(self, strings: Iterable[str] = ()):
        self._strings: list[str] = sorted(set(strings))
        self._ids: dict[str, int] = {s: i for i, s in enumerate(self._strings)}

    @classmethod
    def numbered(cls, strings: list[str]) -> "SymbolTable":
        """The table whose id i is `strings[i]` (distinct strings, in the order given)."""
        table = cls()
        table._strings = list(strings)
        table._ids = {s: i for i, s in enumerate(table._strings)}
        if len(table._ids) != len(table._strings):
            raise ValueError("a symbol table's strings are distinct")
        return table

    def appended(self, strings: Iterable[str]) -> "SymbolTable":
        """This table with the strings it lacks appended, sorted (a new layer's symbols)."""
        return SymbolTable.numbered(self._strings + sorted(set(strings) - self._ids.keys()))

    def __len__(self) -> int:
        return len(self._strings)

    def __contains__(self, text: str) -> bool:
        return text in self._ids

    def id(self, text: str) -> int:
        """The id of a string that must be present."""
        return self._ids[text]

    def lookup(self) -> Callable[[str], int]:
        """`id` as one C call (the table's dict look-up): for a compiler interning millions of
        strings, where a method call each costs more than the look-up."""
        return self._ids.__getitem__

    def get(self, text: str) -> int | None:
        return self._ids.get(text)

    def text(self, ident: int) -> str:
        return self._strings[ident]

    def extended(self) -> "ExtendedSymbols":
        """A view that gives fresh ids to strings the table lacks (names a plan uses)."""
        return ExtendedSymbols(self)

    def write(self, path: Path, start: int = 0) -> None:
        """symbols.jsonl: one JSON string per id, from id `start` on (a layer writes its own)."""
        strings = self._strings[start:]
        if all(type(text) is str for text in strings):   # (encode_symbol's own check, all at once)
            encoded = map(_STRING, strings)   # encode_symbol's encoder, without a dumps call per string
        else:
            encoded = map(encode_symbol, strings)   # the TypeError it raises
        with path.open("w", encoding="utf-8", newline="\n") as handle:
            for at in range(0, len(strings), 65536):
                handle.write("".join([line + "\n" for line in islice(encoded, 65536)]))

    @classmethod
    def read_layers(cls, paths: Iterable[Path]) -> "SymbolTable":
        """The table of a lattice's layers' symbols.jsonl files, in layer order."""
        strings: list[str] = []
        for path in paths:
            strings += _read_strings(path)   # each layer's strings, one table built (not one per layer)
        return cls.numbered(strings)

    @classmethod
    def read(cls, path: Path) -> "SymbolTable":
        """The table of a symbols.jsonl file. Its lines are parsed as one JSON array (JSON's
        escaping leaves no newline inside a line, so the lines joined by commas are the array):
        one call instead of one per line, several times faster (docs/performance.md). A file that
        is not one JSON string per line is read line by line, so the error names the line."""
        table = cls()
        table._strings = strings = _read_strings(path)
        table._ids = {s: i for i, s in enumerate(strings)}
        return table


def _read_strings(path: Path) -> list[str]:
    """A symbols.jsonl file's strings, in order (SymbolTable.read says how)."""
    text = path.read_text(encoding="utf-8")
    lines = text.count("\n") + (0 if not text or text.endswith("\n") else 1)
    try:
        strings = json.loads("[" + text.rstrip("\n").replace("\n", ",") + "]") if text else []
    except ValueError:
        strings = None
    if strings is None or len(strings) != lines or any(type(s) is not str for s in strings):
        rows = text.split("\n")
        strings = [decode_symbol(line) for line in (rows[:-1] if rows[-1] == "" else rows)]
    return strings


class ExtendedSymbols:
    """The lattice's table plus plan-local strings, numbered after it in order of first use."""

    def __init__(self, base: SymbolTable):
        self.base = base
        self._extra: dict[str, int] = {}
        self._extra_list: list[str] = []

    def id(self, text: str) -> int:
        known = self.base.get(text)
        if known is not None:
            return known
        if text not in self._extra:
            self._extra[text] = len(self.base) + len(self._extra_list)
            self._extra_list.append(text)
        return self._extra[text]

    def text(self, ident: int) -> str:
        if ident < len(self.base):
            return self.base.text(ident)
        return self._extra_list[ident - len(self.base)]

    def known(self, text: str) -> bool:
        return text in self.base
