"""compile/stored_symbols.py: the symbol table read by line answers as the table read whole.

Two layers' symbols.jsonl files (layer 0 sorted whole, layer 1 its new strings sorted after
it, as `SymbolTable.appended` numbers them) with awkward strings (quotes, a newline, a tab,
astral and combining characters, the empty string); every id's text, every string's id, strings
absent from both, and the table read whole where a caller asks for every string. Then a real
lattice's: `build` then `add`, the Runner's answers the same as through the table read whole.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from latweave.compile.stored_symbols import StoredSymbols
from latweave.compile.symbols import SymbolTable
from latweave.folder.layers import index_name
from latweave.folder.names import SYMBOLS
from latweave.folder.store import write_line_index

FIRST = ["", "a", "a b", 'say "hi"', "line\nbreak", "tab\there", "zebra", "Äpfel", "e\u0301", "𝔘nicode", "日本"]
SECOND = ["aa", "b", "zzz", "Ωmega", "a"]   # ("a" is layer 0's: not numbered again)


def _layer(folder: Path, table: SymbolTable, start: int) -> Path:
    folder.mkdir(parents=True)
    table.write(folder / SYMBOLS, start)
    write_line_index(folder / SYMBOLS, folder / index_name(SYMBOLS))
    return folder


@pytest.mark.parametrize("kept", [1 << 16, 3])   # look-ups kept, and forgotten past a few
def test_the_table_read_by_line_answers_as_the_table_read_whole(tmp_path, monkeypatch, kept):
    from latweave.compile import stored_symbols

    monkeypatch.setattr(stored_symbols, "KEPT", kept)
    zero = SymbolTable(FIRST)
    both = zero.appended(SECOND)
    folders = [_layer(tmp_path / "0", zero, 0), _layer(tmp_path / "1", both, len(zero))]
    whole = SymbolTable.read_layers(f / SYMBOLS for f in folders)
    stored = StoredSymbols(folders)
    try:
        assert len(stored) == len(whole) == len(set(FIRST) | set(SECOND))
        for _ in range(2):   # (the second time from what was kept, or read again)
            for ident in range(len(whole)):
                text = whole.text(ident)
                assert stored.text(ident) == text
                assert stored.get(text) == stored.id(text) == ident and text in stored
            for absent in ("ab", "zz", "Äpfel ", "\x00", "日"):
                assert stored.get(absent) is None and absent not in stored
        assert len(stored._found) <= kept and len(stored._texts) <= kept
        extended = stored.extended()   # a plan's strings numbered after the table's
        assert extended.id("zebra") == whole.id("zebra") and extended.id("new") == len(whole)
        assert stored._whole is None   # (nothing above read the files whole)
        assert stored.lookup()("b") == whole.id("b") and stored._whole is not None
        assert [stored.text(i) for i in range(len(stored))] == [whole.text(i) for i in range(len(whole))]
    finally:
        stored.close()


def test_a_built_and_added_lattice_answers_the_same_through_either_table(tmp_path, capsys, monkeypatch):
    from latweave.cli import main
    from latweave.compile import lattice_facts, stored_symbols

    monkeypatch.setattr(stored_symbols, "BY_LINE_BYTES", 0)   # (first by line: the corpora's tables are small)

    corpora = Path(__file__).resolve().parent.parent / "corpora"
    lattice = tmp_path / "lattice"
    assert main(["build", str(corpora / "zoo"), "--out", str(lattice)]) == 0
    assert main(["add", "--lattice", str(lattice), str(corpora / "movies")]) == 0   # (a second layer: its own symbols)
    plans = ["meet(habitat <= aquatic)", "meet(class = mammal) -> subject",
             'let d = meet(subject = "Blade Runner") -> directed_by\nmeet(directed_by = $d) -> subject',
             'meet(subject = "no such thing")']
    capsys.readouterr()
    outputs = {}
    for how in ("by line", "whole"):
        if how == "whole":
            monkeypatch.setattr(stored_symbols, "BY_LINE_BYTES", 1 << 40)
        read = lattice_facts.CompiledLattice.read(lattice).symbols
        assert isinstance(read, stored_symbols.StoredSymbols) == (how == "by line") and isinstance(read, SymbolTable)
        runs = []
        for plan in plans:
            main(["run", "--lattice", str(lattice), "--json", plan])
            runs.append(json.loads(capsys.readouterr().out))
        outputs[how] = runs
    assert outputs["by line"] == outputs["whole"]
    assert any(run.get("answers") for run in outputs["by line"])
