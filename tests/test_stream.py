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

import random
from pathlib import Path

import pytest

from latweave.errors import LatticeError
from latweave.ingest.write import save_lattice
from latweave.ingest.write import write_stream
from latweave.lattice.model import Dimension, Evidence, Lattice, Predicate
from latweave.lattice.names import normalize

TEXT = "generated instance; tags and dates"


def head(seed: int = 3) -> tuple[Lattice, dict[str, list[str]]]:
    """Dimensions and documents (no instances), and each taxonomy's leaves."""
    rng = random.Random(seed)
    lattice = Lattice(name="streamed")
    leaves = {}
    for d in ("alpha", "beta", "gamma"):
        dim = lattice.add_dimension(Dimension(d, functional=True))
        layer, inner = ["TOP"], []
        for depth in range(3):
            nxt = [f"{d}{depth}-{p}-{b}" if p != "TOP" else f"{d}{depth}-{b}" for p in layer for b in range(4)]
            for child in nxt:
                dim.add_edge(layer[nxt.index(child) // 4], child)
            inner += layer[1:] if layer != ["TOP"] else []
            layer = nxt
        for _ in range(20):
            dim.add_edge(rng.choice(inner), rng.choice(layer))
        leaves[d] = layer
    tags = lattice.add_dimension(Dimension("tag"))
    for t in ("Zoë", "i7", "red", "blue"):  # "i7" is also an instance: one symbol for both
        tags.add_edge("TOP", t)
    tags.add_synonym("red", "crimson")
    dates = lattice.add_dimension(Dimension("born", kind="date", functional=True))
    leaves["born"] = [dates.add_value(v) for v in ("1950", "1950-03-02", "1961-07", "2001-12-31")]
    lattice.add_document("gen", TEXT)
    lattice.add_document("other", "another document about i7")
    return lattice, leaves


def rows(instances: int = 2000) -> list[tuple[str, list[Predicate]]]:
    """(label, predicates) per instance, in ascending key order."""
    rng = random.Random(11)
    _, leaves = head()
    out = []
    for i in range(instances):
        label = f"I{i}" if i % 97 else f"Ü-{i}"
        key = normalize(label)
        preds = [Predicate(key, d, rng.choice(leaves[d]), Evidence("gen", "generated instance", 0, 18))
                 for d in rng.sample(("alpha", "beta", "gamma"), 2)]
        for tag in rng.sample(("zoë", "i7", "red", "blue"), rng.randint(0, 2)):
            preds.append(Predicate(key, "tag", tag, Evidence("gen", "tags", 20, 24), confidence=0.5))
        if i % 5 == 0:
            preds.append(Predicate(key, "born", rng.choice(leaves["born"]), Evidence("other", "i7", 23, 25)))
        out.append((label, preds))
    return sorted(out, key=lambda r: normalize(r[0]))


def model(instances: int = 2000) -> Lattice:
    lattice, _ = head()
    for label, preds in rows(instances):
        for p in preds:
            lattice.add_predicate(label, p.dimension, p.value, doc=p.evidence.doc,
                                  source_text=p.evidence.source_text, start=p.evidence.start,
                                  end=p.evidence.end, confidence=p.confidence)
    return lattice


def files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


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
