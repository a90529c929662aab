"""A lattice folder's symbol table, read on demand: opening a 10M-subject lattice without its 10M strings.

`SymbolTable.read` parses every line of symbols.jsonl into a list and a dict: at 10M subjects
(10.3M symbols) that was 7.7 s of an 8 s open and ~1.5 GB (docs/performance.md, "The fourth 10M
attempt"), for a question that looks up a few constants and spells a few answers. `StoredSymbols`
is the same table over the files themselves: a string's id by bisection of each layer's lines
(a layer's symbols are written in ascending order: `SymbolTable`'s own convention — layer 0
sorted whole, a later layer its new strings sorted, numbered after the layers before), an id's
string by its line (each file's line index, mapped, folder/layers.py `Lines`). What needs the whole
table (`lookup` for a compiler interning millions of strings, `appended` for a new layer,
`write`) reads it whole then, once, as `SymbolTable.read` would. A table of up to
`BY_LINE_BYTES` is read whole at once (`read_symbols`): its dict answers a question's look-ups
~20 µs sooner than bisection does (bench/peers.py at 100k subjects: 0.12 against 0.14 ms, one hop,
answers only), and reading it costs the open little.
"""

from __future__ import annotations

from bisect import bisect_right
from pathlib import Path
from typing import Iterable

from latweave.compile.symbols import SymbolTable, decode_symbol
from latweave.folder.layers import Lines, SortedLines, open_lines
from latweave.folder.names import SYMBOLS


#: Symbol files (all layers') up to this many bytes are read whole (`read_symbols`): ~2M symbols.
BY_LINE_BYTES = 32 << 20
#: How many look-ups each way are kept (then forgotten, all at once: a server runs for days).
KEPT = 1 << 16
_UNSEEN = object()


class StoredSymbols(SymbolTable):
    """The symbol table of the layers' symbols.jsonl files in `folders` (layer order), read by
    line; equal in every answer to `SymbolTable.read_layers` of the same files."""

    def __init__(self, folders: Iterable[Path]):   # (no SymbolTable.__init__: nothing is read whole)
        self._folders = [Path(f) for f in folders]
        self._files: list[Lines] = []
        self._sorted: list[SortedLines] = []
        self._firsts: list[int] = []
        count = 0
        for folder in self._folders:
            lines = open_lines(folder, SYMBOLS)
            if not isinstance(lines, Lines):
                raise TypeError(f"{folder / SYMBOLS} is read through its line index")
            self._files.append(lines)
            self._sorted.append(SortedLines(lines, key=str, probe=decode_symbol))
            self._firsts.append(count)
            count += len(lines)
        self._count = count
        self._whole: SymbolTable | None = None
        # what was looked up, both ways (a plan's dimension and relation names come back every
        # question); cleared past KEPT entries
        self._found: dict[str, int | None] = {}
        self._texts: dict[int, str] = {}

    # the whole table, for what needs every string (`SymbolTable`'s methods read these two)
    @property
    def _strings(self) -> list[str]:   # type: ignore[override]
        return self._read_whole()._strings

    @property
    def _ids(self) -> dict[str, int]:   # type: ignore[override]
        return self._read_whole()._ids

    def _read_whole(self) -> SymbolTable:
        if self._whole is None:
            self._whole = _whole(self._folders)
        return self._whole

    def __len__(self) -> int:
        return self._count

    def get(self, text: str) -> int | None:
        if self._whole is not None:
            return self._whole.get(text)
        kept = self._found.get(text, _UNSEEN) if type(text) is str else None
        if kept is not _UNSEEN:
            return kept   # type: ignore[return-value]
        ident = None
        for first, found in zip(self._firsts, self._sorted):
            at = found.index(text)
            if at is not None:
                ident = first + at
                break
        if len(self._found) >= KEPT:
            self._found.clear()
        self._found[text] = ident
        return ident

    def __contains__(self, text: str) -> bool:
        return self.get(text) is not None

    def id(self, text: str) -> int:
        ident = self.get(text)
        if ident is None:
            raise KeyError(text)
        return ident

    def text(self, ident: int) -> str:
        if self._whole is not None:
            return self._whole.text(ident)
        text = self._texts.get(ident)
        if text is None:
            if not 0 <= ident < self._count:
                raise IndexError(f"symbol id {ident} out of range")
            layer = bisect_right(self._firsts, ident) - 1
            text = decode_symbol(self._files[layer].raw(ident - self._firsts[layer]).decode())
            if len(self._texts) >= KEPT:
                self._texts.clear()
            self._texts[ident] = text
        return text

    def close(self) -> None:
        for lines in self._files:
            lines.close()


def read_symbols(folders: Iterable[Path]) -> SymbolTable:
    """The symbol table of the layers in `folders`: read whole when the files are small
    (`BY_LINE_BYTES`), else a `StoredSymbols`."""
    folders = [Path(f) for f in folders]
    if sum((folder / SYMBOLS).stat().st_size for folder in folders) > BY_LINE_BYTES:
        return StoredSymbols(folders)
    return _whole(folders)


def _whole(folders: list[Path]) -> SymbolTable:
    """The layers' symbols.jsonl files read whole, as `SymbolTable` reads them."""
    return (SymbolTable.read(folders[0] / SYMBOLS) if len(folders) == 1
            else SymbolTable.read_layers(folder / SYMBOLS for folder in folders))
