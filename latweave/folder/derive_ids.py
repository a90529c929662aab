"""The symbol-id files of a lattice folder being written, derived from its files (folder/symbol_ids.py).

A streamed write (ingest/stream.py) writes its ids as it writes the keyed files, knowing every
symbol's id; any other write — a model saved whole, a layer of an `add` — has them derived here,
after its files and their line indexes are written (folder/store.py `index_lines`): each line's key
read, and found among the symbols of its layer and the layers before.
"""

from __future__ import annotations

import json
from array import array
from itertools import groupby
from pathlib import Path
from typing import Any, Callable

from latweave.folder.blocks import model_lines
from latweave.folder.layers import PROBES, Lines, SortedLines, index_name
from latweave.folder.names import INSTANCES, SYMBOL_IDS, SYMBOLS, VALUES
from latweave.folder.rows import value_probe
from latweave.folder.symbol_ids import NONE, U32, write_ids


def _instance_key(line: str) -> tuple[str, Any]:
    return "", PROBES[INSTANCES](line)


#: (section, key) of a keyed file's line: its dimension and key (values), or "" and its key
SECTIONED: dict[str, Callable[[str], tuple[str, Any]]] = {INSTANCES: _instance_key, VALUES: value_probe}


def write_symbol_ids(folders: list[Path]) -> None:
    """Write the symbol-id file of each keyed file (SYMBOL_IDS) of every layer in `folders`
    (oldest first) that has the file and not yet its ids."""
    for k, folder in enumerate(folders):
        for name, ids_name in sorted(SYMBOL_IDS.items()):
            if (folder / name).is_file() and not (folder / ids_name).exists():
                _write(folder / name, folder / ids_name, folders[:k + 1])


def _write(path: Path, target: Path, folders: list[Path]) -> None:
    key_of = SECTIONED[path.name]
    keys = [key_of(line) for line in model_lines(path)]
    write_ids(target, array(U32, _resolve(keys, folders)), [len(list(run)) for _, run in groupby(k for k, _ in keys)])


def _resolve(keys: list[tuple[str, Any]], folders: list[Path]) -> list[int]:
    """The symbol id of each key (NONE for a key that is no symbol of these layers): each layer's
    symbols.jsonl read in step with the keys in text order (both are sorted), or, for a few keys
    against many symbols, each key bisected in each layer (an `add`'s layer against a lattice's
    million symbols)."""
    found = [NONE] * len(keys)
    wanted = sorted(range(len(keys)), key=lambda i: keys[i][1])
    first = 0
    for folder in folders:
        path = folder / SYMBOLS
        if not path.is_file():
            continue
        lines = Lines(path, folder / index_name(SYMBOLS))
        try:
            count = len(lines)
            if len(wanted) * max(1, count.bit_length()) < count:
                table = SortedLines(lines, key=str, probe=json.loads)
                for i in wanted:
                    at = table.index(keys[i][1])
                    if at is not None and found[i] == NONE:
                        found[i] = first + at
            else:
                _merged(keys, wanted, found, first, path)
        finally:
            lines.close()
        first += count
    return found


def _merged(keys: list[tuple[str, Any]], wanted: list[int], found: list[int], first: int, path: Path) -> None:
    """`_resolve`'s pass over one layer's symbols (`path`, ids from `first`) in step with the keys
    (`wanted`: their positions in text order)."""
    texts = (json.loads(line) for line in model_lines(path))
    ident, text = first - 1, None
    for i in wanted:
        key = keys[i][1]
        while text is None or text < key:
            text = next(texts, None)
            ident += 1
            if text is None:
                return
        if text == key and found[i] == NONE:
            found[i] = ident
