"""The keyed files' rows found by symbol id (folder/symbol_ids.py) are the rows found by key.

A proof's labels are read by id (proof/extract.py `Labels`: `at_symbol`) where the rows are on
disk; a wrong id file would give a proof another instance's or value's label. So for every symbol
of each lattice — one layer; two, the second's ids not in line order (the file's second form); a
KB with a part added — the row by id equals the row by key, and a symbol that is no instance or
value finds nothing. The streamed writer writes its ids itself and the
others derive them; tests/test_stream.py compares the two folders byte for byte.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import latweave
from latweave.compile.stored_symbols import read_symbols
from latweave.errors import StoreError
from latweave.folder.layers import layer_folders
from latweave.folder.names import INSTANCES, SYMBOL_IDS, VALUES
from latweave.folder.store import read_manifest
from latweave.folder.stored import StoredLattice
from latweave.folder.symbol_ids import SymbolIds

CORPORA = Path(__file__).resolve().parent.parent / "corpora"


def _lattice(name: str, root: Path) -> Path:
    out = root / name
    if name == "zoo":
        latweave.build(CORPORA / "zoo", out)
    elif name == "layered":
        latweave.build([CORPORA / "zoo", CORPORA / "movies"], out)
    else:   # a KB, then a part that adds instances and values among the first part's
        (root / "a.txt").write_text("ann\tspouse\tbob\nann\tgender\tfemale\ncid\tparents\tann\n")
        (root / "b.txt").write_text("bob\tgender\tmale\nzed\tgender\tmale\nann\tspouse\tbob\nbea\tparents\tzed\n")
        latweave.build(root / "a.txt", out, format="pathquestion")
        latweave.add(out, [root / "b.txt"])
    return out


def _flags(folder: Path) -> set[int]:
    return {(layer / ids).read_bytes()[0] for layer in layer_folders(folder, read_manifest(folder))
            for ids in SYMBOL_IDS.values() if (layer / ids).is_file()}


@pytest.mark.parametrize("name", ["zoo", "layered", "kb-added"])
def test_rows_by_symbol_id_are_the_rows_by_key(name, tmp_path):
    folder = _lattice(name, tmp_path)
    layers = layer_folders(folder, read_manifest(folder))
    assert len(layers) == (1 if name == "zoo" else 2)
    # a later layer's keys include earlier layers' symbols, numbered below its own: sorted by id
    assert _flags(folder) == {"zoo": {0}, "layered": {0, 1}, "kb-added": {0}}[name]
    view = StoredLattice.open(folder, lazy_values=0)
    symbols = read_symbols(layers)
    try:
        found = values = 0
        for ident in range(len(symbols)):
            text = symbols.text(ident)
            inst = view.instances.get(text)
            assert view.instances.at_symbol(ident) == inst, text
            found += inst is not None
            for dim in view.dimensions.values():
                label = dim.labels.get(text)
                assert dim.labels.at_symbol(ident) == label, (dim.key, text)
                values += label is not None
        assert found == len(view.instances) > 0
        assert values == sum(len(dim.labels) for dim in view.dimensions.values())
        assert view.instances.at_symbol(len(symbols)) is None   # past the symbols: nothing
    finally:
        view.close()
        symbols.close() if hasattr(symbols, "close") else None


def test_an_ids_file_that_does_not_fit_its_file_is_refused(tmp_path):
    """A truncated or swapped ids file is a StoreError with the rebuild hint, not a wrong label."""
    folder = _lattice("zoo", tmp_path)
    ids = folder / SYMBOL_IDS[INSTANCES]
    lines = sum(1 for _ in (folder / INSTANCES).open(encoding="utf-8"))
    SymbolIds(ids, lines).close()
    for spoil in (lambda b: b[:-4], lambda b: b"\x02" + b[1:], lambda b: b[:3]):
        bad = tmp_path / "bad.ids"
        bad.write_bytes(spoil(ids.read_bytes()))
        with pytest.raises(StoreError, match="does not address its") as caught:
            SymbolIds(bad, lines)
        assert "rebuild the lattice" in caught.value.hint
    shutil.copy(folder / SYMBOL_IDS[VALUES], tmp_path / "values.ids")   # another file's ids: its count differs
    with pytest.raises(StoreError, match="does not address its"):
        SymbolIds(tmp_path / "values.ids", lines)
    with pytest.raises(StoreError, match="missing or unreadable"):
        SymbolIds(tmp_path / "none.ids", lines)
