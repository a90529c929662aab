"""The streamed writer (latweave/ingest/stream.py) against save_lattice: the same folder, byte for byte.

The differential test compares every file of the two folders (the set of names and each file's
bytes, the manifest included), so any file the lattice format gains later — written by
save_lattice or write_lattice — makes it fail until write_stream writes that file too. The
lattice is generated (~2k instances over three taxonomies with extra parent edges, as
bench/spine.py's), plus what the benchmark lattices lack but the writer must still get right:
a non-functional dimension with several values per instance, a date dimension, synonyms, an
instance named like a value (one symbol for both), non-ASCII labels and two evidence documents.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from latweave.errors import LatticeError
from latweave.ingest.write import save_lattice
from latweave.ingest.write import write_stream
from latweave.lattice.model import Evidence, Lattice, Predicate
from latweave.lattice.names import normalize
from tests.support.lattices import stream_head as head, stream_model as model, stream_rows as rows
from tests.support.lattices import STREAM_TEXT as TEXT


def files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.slow
def test_the_streamed_folder_is_save_lattices_byte_for_byte(tmp_path):
    saved = save_lattice(model(), tmp_path / "saved")
    streamed = write_stream(head()[0], rows(), tmp_path / "streamed")
    assert streamed == saved
    a, b = files(tmp_path / "saved"), files(tmp_path / "streamed")
    assert sorted(a) == sorted(b)
    assert len(a) > 15 and saved["counts"]["instances"] == 2000
    for name in sorted(a):
        assert a[name] == b[name], name


def test_a_stream_out_of_order_or_out_of_scope_is_refused_and_nothing_is_written(tmp_path):
    good = rows(50)
    cases = {
        "ascending key order": list(reversed(good)),
        "listed under instance": [(good[0][0], good[1][1])],
        "does not declare the value": [(good[0][0], [Predicate(normalize(good[0][0]), "alpha", "nowhere",
                                                               Evidence("gen", "generated instance", 0, 18))])],
        "qualifiers": [(good[0][0], [Predicate(normalize(good[0][0]), "tag", "red", Evidence("gen", "tags", 20, 24),
                                               qualifiers=(("since", "1990"),))])],
        "functional dimension": [(good[0][0], [Predicate(normalize(good[0][0]), "born", "1961-07",
                                                         Evidence("other", "i7", 23, 25)),
                                               Predicate(normalize(good[0][0]), "born", "2001-12-31",
                                                         Evidence("other", "i7", 23, 25))])],
        "evidence does not hold": [(good[0][0], [Predicate(normalize(good[0][0]), "tag", "red",
                                                           Evidence("gen", "tags", 0, 4))])],
    }
    for expected, stream in cases.items():
        out = tmp_path / expected.replace(" ", "-")
        with pytest.raises(LatticeError, match=expected):
            write_stream(head()[0], stream, out)
        assert not out.exists() and not [p for p in tmp_path.iterdir() if p.name.startswith(f".{out.name}")]


def test_a_document_read_from_its_file_gives_the_same_folder_and_is_checked_as_a_text_is(tmp_path):
    """write_stream(documents=...) with textio.TextFile (the Spark build's KB files, never held
    whole): the folder is save_lattice's byte for byte, and evidence that does not hold in the
    file is refused as it is in a str."""
    from latweave.textio import TextFile

    saved = save_lattice(model(200), tmp_path / "saved")
    (tmp_path / "gen.txt").write_bytes(b"\xef\xbb\xbf" + TEXT.encode("utf-8"))  # a BOM: read from a scratch copy
    lattice = head()[0]
    del lattice.documents["gen"]
    with TextFile(tmp_path / "gen.txt") as gen:
        streamed = write_stream(lattice, rows(200), tmp_path / "streamed", documents={"gen": gen})
        assert streamed == saved
        assert files(tmp_path / "saved") == files(tmp_path / "streamed")
        bad = [(rows(1)[0][0], [Predicate(normalize(rows(1)[0][0]), "tag", "red", Evidence("gen", "tags", 0, 4))])]
        with pytest.raises(LatticeError, match="evidence does not hold"):
            write_stream(Lattice(name="streamed", dimensions=lattice.dimensions, documents=dict(lattice.documents)),
                         bad, tmp_path / "refused", documents={"gen": gen})
        assert not (tmp_path / "refused").exists()
        with pytest.raises(LatticeError, match="both in the head"):
            write_stream(head()[0], rows(5), tmp_path / "twice", documents={"gen": gen})
