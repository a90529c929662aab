"""textio.TextFile: a KB file read as a document without holding it is `read_text`'s text, exactly.

TextFile is what lets `build --engine spark` write a KB larger than memory: the writer checks every
predicate's evidence by slicing it and copies it into documents.jsonl by streaming it. So every
answer it gives must be `read_text`'s: the length, every slice, the whole text, and — for a file
that is not UTF-8 — the same error, naming the same line and column. Hypothesis draws files of
the characters that make this hard (a BOM, \\r\\n, a lone \\r, two- three- and four-byte
characters, a bad byte), read with blocks of 1 to 9 bytes so that every one of them falls across
a block's end, and an index of 1 to 4 characters a block.
"""

from __future__ import annotations

import codecs
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from latweave.errors import CorpusError, SourceError
from latweave.folder.store import write_documents
from latweave.textio import TextFile, read_text

PIECES = ["a", "b", " ", "\t", "\n", "\r", "\r\n", "é", "€", "😀", '"', "\\", "\x01"]


def contents():
    body = st.lists(st.sampled_from(PIECES), max_size=40).map(lambda p: "".join(p).encode("utf-8"))
    return st.tuples(body, st.booleans(), st.one_of(st.none(), st.integers(0, 200))).map(
        lambda t: _with(*t))


def _with(data: bytes, bom: bool, bad: int | None) -> bytes:
    data = codecs.BOM_UTF8 + data if bom else data
    if bad is not None:
        at = bad % (len(data) + 1)
        data = data[:at] + b"\xff" + data[at:]
    return data


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=contents(), block=st.integers(1, 9), index=st.integers(1, 4), spans=st.lists(
    st.tuples(st.integers(0, 60), st.integers(0, 60)), max_size=12))
def test_a_text_file_is_read_texts_text_slice_for_slice(tmp_path, monkeypatch, data, block, index, spans):
    path = tmp_path / "kb.txt"
    path.write_bytes(data)
    try:
        want = read_text(path, CorpusError)
    except CorpusError as error:
        with pytest.raises(CorpusError) as raised:
            TextFile(path, CorpusError, block_bytes=block)
        assert str(raised.value) == str(error)  # the same file:line, column and byte
        return
    monkeypatch.setattr(TextFile, "BLOCK", index)  # a small index block: every boundary is crossed
    with TextFile(path, CorpusError, block_bytes=block) as text:
        assert len(text) == len(want)
        assert str(text) == want
        assert "".join(text.chunks()) == want
        for start, end in spans:
            assert text[start:end] == want[start:end], (start, end)


def test_a_file_the_decoding_changes_is_read_from_a_scratch_copy_that_close_removes(tmp_path):
    path = tmp_path / "crlf.txt"
    path.write_bytes(codecs.BOM_UTF8 + "alpha\tis\tZoë\r\nbeta\r".encode("utf-8"))
    text = TextFile(path)
    scratch = text._scratch
    assert scratch is not None and scratch.read_text(encoding="utf-8") == "alpha\tis\tZoë\nbeta\n"
    assert text[0:5] == "alpha" and text[9:12] == "Zoë" and text[13:17] == "beta"
    text.close()
    assert not scratch.exists()
    plain = tmp_path / "plain.txt"
    plain.write_text("ascii only\n", encoding="utf-8")
    with TextFile(plain) as text:  # read in place: nothing copied
        assert text._scratch is None and text[6:10] == "only"


def test_a_bad_byte_is_named_by_line_and_column_as_read_text_names_it(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_bytes("a\tb\tc\r\nd\té\t".encode("utf-8") + b"\xc3(" + b"\n")
    with pytest.raises(SourceError, match=r"bad\.txt:2: not UTF-8 text: byte 0xc3 at column 5"):
        TextFile(path)


def test_documents_jsonl_is_the_same_bytes_from_a_text_file_as_from_its_text(tmp_path):
    path = tmp_path / "kb.txt"
    path.write_bytes(codecs.BOM_UTF8 + 'x\t"quoted"\tback\\slash\r\n€😀\x01\n'.encode("utf-8") * 50)
    text = read_text(path)
    write_documents(tmp_path / "a.jsonl", {"kb.txt": text, "z": "small"})
    with TextFile(path, block_bytes=7) as streamed:
        write_documents(tmp_path / "b.jsonl", {"kb.txt": streamed, "z": "small"})
    a = (tmp_path / "a.jsonl").read_bytes()
    assert a == (tmp_path / "b.jsonl").read_bytes()
    assert json.loads(a.decode("utf-8").splitlines()[0])["text"] == text


@pytest.mark.parametrize("prefix", [0, 255, 256, 5000])
def test_an_ascii_run_then_other_characters_slices_as_read_text(tmp_path, prefix):
    """No index is kept while the text is ASCII: the first other character indexes what came
    before it. Slices on both sides of it, and across it, are `read_text`'s."""
    path = tmp_path / "kb.txt"
    want = "a\tb\n" * (prefix // 4) + "x" * (prefix % 4) + "é€😀" + "z\n" * 700 + "ü"
    path.write_bytes(want.encode("utf-8"))
    assert read_text(path, CorpusError) == want
    with TextFile(path, CorpusError, block_bytes=1000) as text:
        assert len(text) == len(want) and not text.ascii
        for start in range(0, len(want), 97):
            for width in (1, 255, 257, 1500):
                assert text[start:start + width] == want[start:start + width], (start, width)
    ascii_only = tmp_path / "ascii.txt"
    ascii_only.write_bytes(b"abc\n" * 3000)
    with TextFile(ascii_only, CorpusError, block_bytes=1000) as text:
        assert text.ascii and len(text._offsets) == 0 and text[11990:12000] == ("abc\n" * 3000)[11990:12000]
