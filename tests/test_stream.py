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

from collections import Counter
from pathlib import Path

import pytest

from latweave.errors import LatticeError
from latweave.folder.rows import plain_instance_line, plain_predicate_lines
from latweave.ingest.stream import EncodedRows
from latweave.ingest.write import save_lattice
from latweave.ingest.write import write_stream
from latweave.lattice.model import Dimension, Evidence, Lattice, Predicate
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


# ---- flat values (ingest/flat.py): a KB's entity values never in the head ----------------------

UNICODE_KB = "".join(f"{s}\t{r}\t{o}\n" for s, r, o in [
    ("Zoë Ångström", "citizen of", "United States"),
    ("Zoë Ångström", "date of birth", "1990"),
    ("Zoë Ångström", "friend", "李白"),
    ("李白", "citizen of", "China"),
    ("李白", "friend", "Zoë Ångström"),
    ("李白", "friend", "⦿ Circle"),
    ("1990", "citizen of", "USA"),          # an instance named like a date value: one symbol
    ("1990", "friend", "zoë ångström"),     # another spelling of an instance
    ("Émile", "citizen of", "United States of America"),
    ("Émile", "date of birth", "1961-07-04"),
    ("⦿ Circle", "citizen of", "Deutschland"),   # keys after ⊤ in code-point order
])


def _kb(tmp_path: Path, text: str, name: str):
    from latweave.ingest.kb import kb_lattice

    path = tmp_path / f"{name}.txt"
    path.write_text(text, encoding="utf-8")
    return kb_lattice(path, "pathquestion")


def _generated(people: int) -> str:
    import importlib.util

    spec = importlib.util.spec_from_file_location("kb_gen", Path(__file__).resolve().parents[1] / "bench" / "kb_gen.py")
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    return "".join(gen.lines(people, 7))


@pytest.mark.parametrize("kb", ["generated", "unicode", "empty flat dimensions"])
def test_flat_values_give_the_folder_of_the_values_in_the_head_byte_for_byte(tmp_path, kb):
    from latweave.lattice.model import Dimension
    from tests.support.split import split

    lattice = _kb(tmp_path, _generated(400) if kb == "generated" else UNICODE_KB, kb.replace(" ", "-"))
    if kb == "empty flat dimensions":
        lattice.add_dimension(Dimension("nobody", "taxonomy", open=True))
        lattice.add_dimension(Dimension("no one either", "taxonomy", functional=True, open=True))
    saved = save_lattice(lattice, tmp_path / "saved")
    head, flat, stream = split(lattice)
    assert {"subject", "citizen of" if kb != "generated" else "parents"} <= set(flat)
    if kb == "empty flat dimensions":
        assert {"nobody", "no one either"} <= set(flat)
    if kb != "generated":   # the country table's classes, read from the flat values
        assert lattice.dimensions["citizen of"].compare_classes()
    assert all(set(head.dimensions[d].labels) == {"⊤"} for d in flat)
    streamed = write_stream(head, stream, tmp_path / "streamed", flat_values=flat)
    assert streamed == saved
    a, b = files(tmp_path / "saved"), files(tmp_path / "streamed")
    assert sorted(a) == sorted(b)
    for name in sorted(a):
        assert a[name] == b[name], name


def test_flat_values_out_of_order_or_scope_are_refused_and_nothing_is_written(tmp_path):
    from tests.support.split import split

    lattice = _kb(tmp_path, UNICODE_KB, "kb")
    head, flat, stream = split(lattice)
    good = list(flat["friend"]())
    calls = []

    def changing():
        calls.append(1)
        return iter(good if len(calls) == 1 else good[:-1])

    def spoiled(values):
        return {**flat, "friend": lambda: iter(values)}

    declared = split(lattice)[0]
    declared.dimensions["friend"].labels["extra"] = "extra"
    cases = {
        "ascending key order": (head, spoiled(list(reversed(good)))),
        "not normalize": (head, spoiled([("zoe", "Zoë")])),
        "not one of its values": (head, spoiled([("⊤", "⊤")])),
        "other values when called again": (head, {**flat, "friend": changing}),
        "does not declare the value": (head, spoiled(good[:-1])),
        "holds ⊤ alone": (declared, flat),
        "does not declare": (head, {**flat, "stranger": lambda: iter(())}),
    }
    for expected, (h, values) in cases.items():
        out = tmp_path / expected.replace(" ", "-").replace("⊤", "top")
        calls.clear()
        with pytest.raises(LatticeError, match=expected):
            write_stream(h, stream, out, flat_values=values)
        assert not out.exists() and not [p for p in tmp_path.iterdir() if p.name.startswith(f".{out.name}")]


def test_a_flat_dimension_finds_every_value_with_its_table_made_on_first_use():
    """`scan` checks and hashes the values and keeps the positions of those the country table
    names; `find` answers those without the probe table, which it makes on its first other
    look-up (the values read again): every value's position, -1 for a key that is none."""
    from latweave.ingest.flat import FlatDimension

    labels = sorted({"Zoë Ångström", "United States", "USA", "李白", "China", "⦿ Circle", "person 17",
                     "German", "germany", "p"}, key=normalize)
    pairs = [(normalize(label), label) for label in labels]
    reads = []

    def values():
        reads.append(1)
        return iter(pairs)

    flat = FlatDimension(Dimension("friend", "taxonomy", open=True), values).scan()
    assert flat.n == len(pairs) and len(reads) == 1 and not flat.slots
    assert flat.classes == {"usa": "United States", "united states": "United States",
                            "german": "Germany", "germany": "Germany"}
    assert [flat.find(key) for key in sorted(flat.classes)] == [pairs.index((k, l)) for k, l in pairs
                                                                if k in sorted(flat.classes)]
    assert not flat.slots and len(reads) == 1    # the named values: no table, no second read
    assert [flat.find(key) for key, _ in pairs] == list(range(len(pairs)))
    assert flat.slots and len(reads) == 2
    assert flat.find("nobody") == flat.find("") == flat.find(7) == -1
    empty = FlatDimension(Dimension("none", "taxonomy", open=True), lambda: iter(())).scan()
    assert empty.n == 0 and empty.find("anything") == -1


def test_a_flat_dimension_checks_each_key_against_its_label_unless_its_caller_vouches():
    """A key that is not normalize(label) is refused, but where the caller vouches for the keys
    (a DuckDB build: the split workers' normalize() of the very spellings)."""
    from latweave.ingest.flat import FlatDimension

    pairs = [("alpha", "Alpha"), ("beta", "Gamma")]
    dim = Dimension("friend", "taxonomy", open=True)
    with pytest.raises(LatticeError, match="has the key 'beta', not normalize"):
        FlatDimension(dim, lambda: iter(pairs)).scan()
    assert FlatDimension(dim, lambda: iter(pairs), keys_vouched=True).scan().n == 2
    for bad in ([("b", "B"), ("a", "A")], [("⊤", "⊤")]):   # the order and ⊤ are checked either way
        with pytest.raises(LatticeError):
            FlatDimension(dim, lambda bad=bad: iter(bad), keys_vouched=True).scan()


@pytest.mark.parametrize("n", [0, 1, 2, 3, 7, 1_500, 3_000])
def test_a_flat_dimensions_report_is_the_gates(n):
    """flat_dimension_report against legitimacy.check.dimension_report of the same dimension in
    memory: the same report up to the closure cap (a chain, a fork, M3 at ⊤, an antichain longer
    than legitimacy.json keeps); above it (the cap lowered to 1,000 here, and the default cap
    below) the same stored dict."""
    from latweave.ingest.flat import flat_dimension_report
    from latweave.ingest.gate import STORED_LIST_LIMIT
    from latweave.lattice.model import Dimension
    from latweave.legitimacy.check import dimension_report

    labels = [f"Valüe {i * 7919 % (n or 1):05d}" if i % 3 else f"a{i}" for i in range(n)]
    pairs = sorted((normalize(label), label) for label in labels)
    full = Dimension("friend", "taxonomy", open=True)
    for key, label in pairs:
        full.labels[key] = label
    head = Dimension("friend", "taxonomy", open=True)
    for caps in ({}, {"closure_cap": 1_000}):
        expected = dimension_report(full, **caps)
        got = flat_dimension_report(head, lambda: iter(pairs), **caps)
        if n <= caps.get("closure_cap", n):
            assert got == expected
        assert got.to_dict(limit=STORED_LIST_LIMIT) == expected.to_dict(limit=STORED_LIST_LIMIT)
        assert got.to_dict(limit=10) == expected.to_dict(limit=10)
        kept = flat_dimension_report(head, lambda: iter(pairs), limit=7, **caps)   # a shorter antichain kept
        assert kept.to_dict(limit=7) == expected.to_dict(limit=7)
        assert got.digest == expected.digest and got.digest


@pytest.mark.slow
def test_a_flat_dimensions_report_past_the_default_closure_cap():
    from latweave.ingest.flat import flat_dimension_report
    from latweave.ingest.gate import STORED_LIST_LIMIT
    from latweave.lattice.model import Dimension
    from latweave.legitimacy.check import CLOSURE_CAP, dimension_report

    pairs = sorted((f"e{i}", f"E{i}") for i in range(CLOSURE_CAP + 1))
    full = Dimension("subject", "taxonomy", functional=True, open=True)
    full.labels.update(pairs)
    got = flat_dimension_report(Dimension("subject", "taxonomy", functional=True, open=True), lambda: iter(pairs))
    expected = dimension_report(full)
    assert expected.width_note == "a tree: its leaves" and expected.values == CLOSURE_CAP + 1
    assert got.to_dict(limit=STORED_LIST_LIMIT) == expected.to_dict(limit=STORED_LIST_LIMIT)
    assert len(got.antichain) == STORED_LIST_LIMIT


class _Encoded(EncodedRows):
    """An `EncodedRows` source made here from checked rows (what the DuckDB build's SQL gives);
    `spoil`: a change to each item it yields."""

    def __init__(self, rows, flat, spoil=None):
        self.checked, self.flat, self.spoil = rows, flat, spoil

    def rows(self, slots):
        ranks = {d: {key: k for k, (key, _) in enumerate(values())} for d, values in self.flat.items()}
        names: dict[str, str] = {}
        for position, (label, preds) in enumerate(self.checked):
            fields = [(p.dimension, p.value, p.evidence.doc, p.evidence.start, p.evidence.end,
                       p.evidence.source_text) for p in preds]
            dims = [slots.head[p.dimension] for p in preds]
            values = [slots.flat[p.dimension] + ranks[p.dimension][p.value] if p.dimension in slots.flat
                      else slots.head[p.value] for p in preds]
            item = (position, plain_instance_line(label), plain_predicate_lines(normalize(label), fields, names), dims,
                    values)
            yield item if self.spoil is None else self.spoil(item)


def test_an_encoded_stream_writes_the_checked_streams_folder_and_its_slips_are_refused(tmp_path):
    """write_stream of `EncodedRows` (ingest/stream.py: a source that numbers its predicates itself,
    as the DuckDB build does): the folder the same instances streamed as Predicates give, byte for
    byte; an instance out of place or lines that do not match their slots are refused, nothing written."""
    from tests.support.split import split

    lattice = _kb(tmp_path, UNICODE_KB, "kb")
    head, flat, stream = split(lattice)
    checked = write_stream(head, stream, tmp_path / "checked", flat_values=flat, instance_values="subject")
    encoded = write_stream(split(lattice)[0], _Encoded(stream, flat), tmp_path / "encoded", flat_values=flat,
                           instance_values="subject")
    assert encoded == checked and files(tmp_path / "checked") == files(tmp_path / "encoded")
    cases = {
        "where value 0 was due": lambda item: (item[0] + 1, *item[1:]),
        "predicate lines": lambda item: (*item[:3], item[3][1:], item[4]),
    }
    for expected, spoil in cases.items():
        out = tmp_path / expected.replace(" ", "-")
        with pytest.raises(LatticeError, match=expected):
            write_stream(split(lattice)[0], _Encoded(stream, flat, spoil), out, flat_values=flat,
                         instance_values="subject")
        assert not out.exists()
    with pytest.raises(LatticeError, match="needs instance_values"):
        write_stream(split(lattice)[0], _Encoded(stream, flat), tmp_path / "no-values", flat_values=flat)
    # a source that counts its predicates per (dimension, value) itself (the DuckDB build's SQL):
    # the same folder; a count that is not what came, refused
    counted = write_stream(split(lattice)[0], _Counted(stream, flat), tmp_path / "counted", flat_values=flat,
                           instance_values="subject")
    assert counted == checked and files(tmp_path / "checked") == files(tmp_path / "counted")
    with pytest.raises(LatticeError, match="the source counted"):
        write_stream(split(lattice)[0], _Counted(stream, flat, extra=1), tmp_path / "miscounted", flat_values=flat,
                     instance_values="subject")
    assert not (tmp_path / "miscounted").exists()


class _Numbering(_Encoded):
    """`_Encoded` that numbers the symbols itself (`EncodedRows.number_symbols`), as the DuckDB
    build does in SQL; `swap`: two flat values' ids exchanged."""

    def __init__(self, rows, flat, swap=False):
        super().__init__(rows, flat)
        self.swap = swap

    def number_symbols(self, small, slots, final, out):
        from latweave.compile.symbols import encode_symbol

        strings = [(text, i) for i, text in enumerate(small)]
        for d, values in self.flat.items():
            strings += [(key, slots.flat[d] + k) for k, (key, _) in enumerate(values())]
        ordered = sorted({text for text, _ in strings})
        ids = {text: i for i, text in enumerate(ordered)}
        for text, slot in strings:
            final[slot] = ids[text]
        if self.swap:
            at = min(slots.flat.values())
            final[at], final[at + 1] = final[at + 1], final[at]
        out.writelines(encode_symbol(text) + "\n" for text in ordered)
        return len(ordered)


def test_symbols_a_source_numbers_are_the_writers_and_a_slip_is_refused(tmp_path):
    """A source that numbers the symbols itself (`EncodedRows.number_symbols`: the DuckDB build, in
    SQL) writes the folder the writer's own merge writes; ids out of their values' order refused."""
    from tests.support.split import split

    lattice = _kb(tmp_path, UNICODE_KB, "kb")
    head, flat, stream = split(lattice)
    merged = write_stream(head, _Encoded(stream, flat), tmp_path / "merged", flat_values=flat,
                          instance_values="subject")
    numbered = write_stream(split(lattice)[0], _Numbering(stream, flat), tmp_path / "numbered", flat_values=flat,
                            instance_values="subject")
    assert numbered == merged and files(tmp_path / "merged") == files(tmp_path / "numbered")
    with pytest.raises(LatticeError, match="numbered the symbols otherwise"):
        write_stream(split(lattice)[0], _Numbering(stream, flat, swap=True), tmp_path / "swapped", flat_values=flat,
                     instance_values="subject")
    assert not (tmp_path / "swapped").exists()


class _Counted(_Encoded):
    """`_Encoded` that counts its predicates per (dimension slot, value slot) as it yields them
    (`EncodedRows.slot_counts`); `extra`: added to the first count."""

    def __init__(self, rows, flat, extra=0):
        super().__init__(rows, flat)
        self.counts: Counter = Counter()
        self.extra = extra

    def rows(self, slots):
        for item in super().rows(slots):
            self.counts.update(zip(item[3], item[4]))
            yield item

    def slot_counts(self):
        rows = [(d, v, n) for (d, v), n in sorted(self.counts.items())]
        return [(*rows[0][:2], rows[0][2] + self.extra), *rows[1:]]


def test_the_engine_childs_batches_are_read_before_any_row_is_asked():
    """The engine database's child reads the stream's batches off its pipe from the start (a thread
    of its own: ingest/stream.py `_batches`), so that the writer never waits on a full pipe while
    the child works on what comes before coord; its rows then are the batches', with the final ids
    and the predicates numbered in order, and a count that is not what came is refused."""
    import os
    import queue
    from array import array

    from latweave.ingest.stream import _HEADER, _batches, _fed_coord

    def batch(ids, sizes, ds, vs) -> bytes:
        return b"".join((_HEADER.pack(len(ids), len(ds)), array("q", ids).tobytes(), array("I", sizes).tobytes(),
                         array("i", ds).tobytes(), array("i", vs).tobytes()))

    final = array("q", [100, 101, 102, 103])
    for sent, expected in ((3, None), (4, "broke off")):
        read, write = os.pipe()
        with os.fdopen(write, "wb") as out:
            out.write(batch([7, 8], [2, 1], [0, 0, 1], [2, 3, 3]) + _HEADER.pack(-1, sent))
        with os.fdopen(read, "rb") as pipe:
            batches = _batches(pipe)
            first = batches.get(timeout=10)   # read with no row asked of it
            assert [list(part) for part in first] == [[7, 8], [2, 1], [0, 0, 1], [2, 3, 3]]
            assert batches.get(timeout=10) == sent
            again: queue.Queue = queue.Queue()
            for item in (first, sent):
                again.put(item)
            if expected is None:
                assert list(_fed_coord(again, final)) == [(7, 100, 102, 0), (7, 100, 103, 1), (8, 101, 103, 2)]
            else:
                with pytest.raises(LatticeError, match=expected):
                    list(_fed_coord(again, final))
