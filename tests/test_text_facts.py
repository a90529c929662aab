"""A KB text the build keeps carries, in its documents.jsonl row, what a proof's first citation
would otherwise read the whole text for (folder/documents.py `text_facts`): its length, whether
it is ASCII, its newlines per block. A stored lattice then opens the text without decoding it and
cites lines without counting them (at 10M subjects the two passes over the 2.6 GB text were ~5 s
of the first proof); a row without them, or with facts that do not fit the file, is read as before."""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from latweave.folder import documents, stored
from latweave.folder.documents import FACTS, facts_of
from latweave.textio import NEWLINE_BLOCK, TextFacts, TextFile


@pytest.mark.parametrize("alphabet", ["ab\n", "aé\n𝔘x"])
def test_the_facts_are_the_naive_counts(alphabet):
    rng = random.Random(5)
    for n in (0, 1, NEWLINE_BLOCK - 1, NEWLINE_BLOCK, 3 * NEWLINE_BLOCK + 17):
        text = "".join(rng.choice(alphabet) for _ in range(n))
        data = text.encode("utf-8")
        for facts in (TextFacts.of(data), TextFacts.of(lambda a, b: data[a:b], len(data))):
            assert facts.sha256 == hashlib.sha256(data).hexdigest()
            assert facts.chars == len(text) and facts.ascii == text.isascii()
            assert facts.newlines == tuple(data[:at].count(b"\n") for at in range(0, len(data) + NEWLINE_BLOCK, NEWLINE_BLOCK)
                                           if at <= -(-len(data) // NEWLINE_BLOCK) * NEWLINE_BLOCK)


def test_a_row_gives_its_facts_only_for_the_file_they_describe():
    data = b"a\nb\n" * 40000
    facts = TextFacts.of(data)
    row = documents.StoredText("sources/x/kb.txt", facts.sha256, facts).row("kb.txt")
    assert row[FACTS]["block"] == NEWLINE_BLOCK and row[FACTS]["chars"] == len(data)
    got = facts_of(json.loads(json.dumps(row)), len(data))
    assert got is not None and got.newlines == facts.newlines and got.ascii
    assert facts_of(row, len(data) + 1) is None                                   # another size
    assert facts_of({**row, FACTS: {**row[FACTS], "block": 4096}}, len(data)) is None   # other blocks
    assert facts_of({**row, FACTS: {**row[FACTS], "newlines": [0]}}, len(data)) is None
    assert facts_of({k: v for k, v in row.items() if k != FACTS}, len(data)) is None     # a row written before


def _kb_lattice(tmp_path, lines: str):
    from latweave.cli import main

    kb = tmp_path / "kb.txt"
    kb.write_text(lines, encoding="utf-8")
    out = tmp_path / "lattice"
    assert main(["build", str(kb), "--format", "pathquestion", "--out", str(out)]) == 0
    return out


@pytest.mark.parametrize("tail", ["ann\tlives_in\tParis\n", "ann\tlives_in\tZürich\n"])
def test_a_proof_cites_the_same_line_with_the_row_facts_and_without(tmp_path, capsys, monkeypatch, tail):
    """The same result bytes whether the first citation used the row's facts or read the text;
    with them, an ASCII text is never decoded (no `_scan`) and no text's newlines are counted."""
    from latweave.cli import main
    from latweave.proof import lines

    monkeypatch.setattr(stored, "HELD_BYTES", 0)   # (a KB of 64 MB or less is cited from its text held)
    out = _kb_lattice(tmp_path, "".join(f"p{i}\tknows\tp{i + 1}\n" for i in range(5000)) + tail)
    row = json.loads((out / "documents.jsonl").read_text(encoding="utf-8").splitlines()[0])
    assert row[FACTS]["ascii"] == tail.isascii() and row[FACTS]["newlines"][-1] == 5001 and len(row[FACTS]["newlines"]) > 2
    plan = "meet(subject = ann) -> lives_in"
    capsys.readouterr()

    def refuse(*args, **kwargs):
        raise AssertionError("the text was read for what the row says")
    counted = lines._FileLines.__init__

    def no_count(self, text):
        assert text.newlines is not None, "the newlines were counted"
        counted(self, text)
    lines._file_lines.cache_clear()
    with monkeypatch.context() as patched:
        patched.setattr(lines._FileLines, "__init__", no_count)
        if tail.isascii():
            patched.setattr(TextFile, "_scan", refuse)
        assert main(["run", "--lattice", str(out), "--json", plan]) == 0
    with_facts = capsys.readouterr().out
    assert '"line": 5001' in with_facts
    lines._file_lines.cache_clear()
    with monkeypatch.context() as patched:
        patched.setattr(stored, "facts_of", lambda row, size: None)   # as a row written before them
        assert main(["run", "--lattice", str(out), "--json", plan]) == 0
    assert capsys.readouterr().out == with_facts
    lines._file_lines.cache_clear()
