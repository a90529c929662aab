"""`latweave build KB --engine duckdb` (latweave/ingest/kb_duckdb.py) against the Python build: the same folder.

The differential tests compare every file of the two lattice folders (names and bytes: the
manifest, legitimacy.json, the kept source, history.jsonl with $SOURCE_DATE_EPOCH fixed) and the
build reports, on tests/test_spark_kb.py's hand KB (a BOM, CRLF, dates spelt two ways, numbers,
values that do not parse, duplicates, odd spellings of one name, an astral character before a
line's evidence, malformed lines, a relation named like a dimension) as two part files and as one
file, a clean file (its document kept once, as the stored source), a TSV with a header, MetaQA
lines, and a file split across worker processes at every line. Then what the bulk build refuses
(a period, a contested coordinate): refused with the hint when `--engine duckdb` is asked for,
built by the Python build otherwise; and hostile bytes, refused as the Python build refuses them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from latweave.cli import main
from latweave.ingest.gate import Gate
from latweave.ingest.kb import lattice_from_triples, read_pathquestion_kb
from tests.test_spark_kb import PART_1, PART_2, assert_same_folders, files, python_build


@pytest.fixture(autouse=True)
def _fixed_time(monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")   # history.jsonl's time: the folders compare whole


def built(tmp_path: Path, kb: Path, engine: str | None, fmt: str = "pathquestion", *extra: str) -> tuple[int, Path]:
    out = tmp_path / f"out-{engine}"
    args = ["build", str(kb), "--format", fmt, "--out", str(out), *extra]
    code = main(args + (["--engine", engine] if engine else []))
    return code, out


def both(tmp_path, capsys, kb: Path, fmt: str = "pathquestion", *extra: str) -> dict:
    """Build `kb` with each engine; the folders and the printed reports must be the same."""
    printed = {}
    for engine in ("python", "duckdb"):
        capsys.readouterr()
        code, out = built(tmp_path, kb, engine, fmt, "--json", *extra)
        assert code == 0
        printed[engine] = json.loads(capsys.readouterr().out)
    assert_same_folders(tmp_path / "out-python", tmp_path / "out-duckdb")
    assert printed["python"]["report"] == printed["duckdb"]["report"]
    assert printed["python"]["legitimacy"] == printed["duckdb"]["legitimacy"]
    return printed["duckdb"]


def test_two_part_files_build_the_python_builds_lattice_byte_for_byte(tmp_path):
    from latweave.ingest.kb_duckdb import build_kb_duckdb

    parts = [tmp_path / "part-1.txt", tmp_path / "part-2.txt"]
    parts[0].write_bytes(PART_1.encode())
    parts[1].write_bytes(PART_2.encode())
    report = python_build(parts, "part-1", tmp_path / "python")
    _, bulk = build_kb_duckdb(parts, "pathquestion", tmp_path / "duckdb", gate=Gate())
    assert_same_folders(tmp_path / "python", tmp_path / "duckdb")
    assert bulk.to_dict() == report.to_dict()
    counts = bulk.to_dict()["counts"]
    assert (counts["malformed"], counts["skipped_values"], counts["duplicates"]) == (2, 4, 2)


def test_the_hand_kb_as_one_file_is_the_same_living_lattice(tmp_path, capsys):
    kb = tmp_path / "hand.txt"
    kb.write_bytes((PART_1 + PART_2).encode())
    printed = both(tmp_path, capsys, kb)
    assert printed["report"]["counts"]["malformed"] == 2
    legitimacy = json.loads((tmp_path / "out-duckdb" / "legitimacy.json").read_text())
    assert legitimacy["dependent_dimensions"] == [{"dimensions": ["city", "zone"], "instances": 6, "values": 3}]
    names = set(files(tmp_path / "out-duckdb"))
    assert {"history.jsonl", "sources.json"} <= names and any(n.startswith("sources/") for n in names)


@pytest.mark.parametrize("share", [0.0, 1.0], ids=["database-file", "in-memory"])
def test_the_database_file_and_the_in_memory_database_build_the_same_lattice(tmp_path, capsys, monkeypatch, share):
    """A KB past `IN_MEMORY_SHARE` of the machine's memory is joined in a database file in the
    scratch folder (compressed where memory would spill), a smaller one in memory: the same bytes."""
    import duckdb

    from latweave.ingest import kb_duckdb

    kb = tmp_path / "hand.txt"
    kb.write_bytes((PART_1 + PART_2).encode())
    monkeypatch.setattr(kb_duckdb, "IN_MEMORY_SHARE", share)
    opened = []
    real = duckdb.connect
    monkeypatch.setattr(duckdb, "connect", lambda where, **kw: opened.append(str(where)) or real(where, **kw))
    both(tmp_path, capsys, kb)
    assert [Path(w).name for w in opened] == (["build.duckdb"] if share == 0.0 else [":memory:"])


def test_a_clean_file_is_kept_once_and_a_change_reads_the_bulk_folder(tmp_path, capsys):
    """The document names the stored source (no BOM, no \\r); `add` to the bulk-built lattice
    gives what the Python build of both files gives (`build A B` ≡ `build A; add B`)."""
    kb, more = tmp_path / "kb.txt", tmp_path / "more.txt"
    kb.write_bytes(PART_2.encode())
    more.write_bytes("Cy\tfriend\tBo Brandt\nDee\tcity\tParis\nP1\theight\t1.9\n".encode())
    both(tmp_path, capsys, kb)
    row = json.loads((tmp_path / "out-duckdb" / "documents.jsonl").read_text().splitlines()[0])
    assert row["source"].startswith("sources/") and "text" not in row
    assert main(["add", "--lattice", str(tmp_path / "out-duckdb"), str(more)]) == 0
    assert main(["build", str(kb), str(more), "--format", "pathquestion", "--engine", "python",
                 "--out", str(tmp_path / "whole")]) == 0
    a, b = files(tmp_path / "out-duckdb"), files(tmp_path / "whole")
    assert sorted(a) == sorted(b)
    for name in sorted(a):
        if name not in ("history.jsonl", "manifest.json"):   # (its lines say how the lattice was made)
            assert a[name] == b[name], name
    manifests = [json.loads(x["manifest.json"]) for x in (a, b)]
    assert manifests[0]["content_hash"] == manifests[1]["content_hash"]


def test_a_tsv_header_and_empty_period_fields_read_as_the_python_build_reads_them(tmp_path, capsys):
    kb = tmp_path / "kb.tsv"
    kb.write_bytes(b"subject\trelation\tobject\nAda\tknows\tBo\nBo\tknows\tCy\t\t\nCy\tage\t12\n"
                   b"Cy\tage\t13\t \nDee\tknows\t\t\n")
    printed = both(tmp_path, capsys, kb, "tsv")
    assert printed["report"]["counts"]["malformed"] == 1


def test_metaqa_lines_with_a_bar_in_a_name_read_as_the_python_build_reads_them(tmp_path, capsys):
    kb = tmp_path / "kb.txt"
    kb.write_text("Kismet|directed_by|William Dieterle\nA|B|C|written_by|D\nx|y|z|w\nKismet|release_year|1944\n"
                  "Kismet|has_tags|bd-r\n", encoding="utf-8")
    both(tmp_path, capsys, kb, "metaqa")


def test_a_file_split_at_every_line_across_processes_keeps_every_offset(tmp_path, capsys, monkeypatch):
    """Ranges of one line each (multi-byte characters, an astral one, CRLF, a last line without
    its line end), split in worker processes: line numbers and character offsets summed right."""
    from latweave.ingest import kb_lines_split

    monkeypatch.setattr(kb_lines_split, "PARALLEL_BYTES", 1)
    kb = tmp_path / "kb.txt"
    kb.write_bytes((PART_1 + PART_2 + "Zoë\tfriend\t😀 Emoji").encode())
    ranges = kb_lines_split.ranges(kb, kb.stat().st_size, 1000)
    assert len(ranges) > 50 and all(a < b for a, b in ranges)
    monkeypatch.setattr(kb_lines_split.os, "cpu_count", lambda: 1000)
    both(tmp_path, capsys, kb)


def test_the_large_context_aggregations_are_the_python_functions(tmp_path):
    """The SQL side of the report (used above fca.MAX_CELLS) on a small lattice, forced with max_cells=0."""
    import duckdb

    from latweave.ingest import duckdb_legitimacy as dl
    from latweave.legitimacy import fca as fca_mod
    from latweave.legitimacy.check import check_fca
    from latweave.legitimacy.dependence import dependent_dimensions

    kb = tmp_path / "kb.txt"
    kb.write_bytes((PART_1 + PART_2).encode())
    lattice = lattice_from_triples(read_pathquestion_kb(kb), "kb")
    rows = sorted({(p.instance, p.dimension, p.value) for p in lattice.predicates})
    con = duckdb.connect()
    con.execute("CREATE TABLE incidence (ikey VARCHAR, dkey VARCHAR, vkey VARCHAR)")
    con.executemany("INSERT INTO incidence VALUES (?, ?, ?)", rows)
    sizes = (len(lattice.instances), len(fca_mod.context_of(lattice).attributes), len(rows))
    want = check_fca(lattice, max_cells=0)
    assert dl.fca_report(con, lattice, sizes, max_cells=0) == want and want.co_occurring and want.implications
    work = dl.implication_work(con)
    assert work == fca_mod.implication_work(fca_mod.context_of(lattice)) > 0
    capped = dl.fca_report(con, lattice, sizes, max_cells=0, max_work=work - 1)
    assert capped == check_fca(lattice, max_cells=0, max_work=work - 1) and capped.implications == ()
    assert dl.dependent_dimensions(con, lattice, min_support=2) == dependent_dimensions(lattice, min_support=2)
    assert dependent_dimensions(lattice, min_support=2)


CONTESTED = "Ada\tgender\tfemale\nBo\tgender\tmale\nAda\tprofession\twriter\nAda\tgender\tmale\n"
PERIOD = "Ada\tspouse\tBo\nAda\tspouse\tCy\t1990\t1995\n"


@pytest.mark.parametrize("text, line, words", [(CONTESTED, 4, ("'Ada'", "'gender'", ":1")),
                                               (PERIOD, 2, ("start/end fields",))])
def test_what_the_bulk_build_refuses_is_refused_when_asked_and_built_in_python_otherwise(tmp_path, capsys, text,
                                                                                         line, words):
    kb = tmp_path / "kb.txt"
    kb.write_text(text, encoding="utf-8")
    code, out = built(tmp_path, kb, "duckdb")
    err = capsys.readouterr().err
    assert code == 2 and f"{kb}:{line}" in err and "without --engine duckdb" in err
    assert all(w in err for w in words)
    assert not out.exists() and sorted(p.name for p in tmp_path.iterdir()) == ["kb.txt"]
    from latweave.ingest.living import build_sources

    out = tmp_path / "auto"   # "auto" (what the plain build may default to): the Python build builds it
    assert build_sources([kb], out, fmt="pathquestion", engine="auto").report.triples_read == len(text.splitlines())
    assert main(["build", str(kb), "--format", "pathquestion", "--engine", "python", "--out",
                 str(tmp_path / "python")]) == 0
    assert_same_folders(tmp_path / "python", out)


@pytest.mark.parametrize("data, message", [
    (b"\xef\xbb\xbf\xef\xbb\xbfalice\tknows\tbob\n", "kb.txt:1: the file starts with two byte-order marks"),
    (b"alice\tknows\tbob\nbob\tknows\tcar\xffol\n", "kb.txt:2"),
])
def test_hostile_bytes_are_refused_as_the_python_build_refuses_them(tmp_path, capsys, data, message):
    kb = tmp_path / "kb.txt"
    kb.write_bytes(data)
    errors = []
    for engine in ("python", "duckdb", None):
        capsys.readouterr()
        code, out = built(tmp_path, kb, engine)
        errors.append(capsys.readouterr().err)
        assert code == 2 and not out.exists()
    assert errors[0] == errors[1] == errors[2] and message in errors[0]


def test_strict_refuses_the_first_problem_as_the_python_build_does(tmp_path, capsys):
    kb = tmp_path / "kb.txt"
    kb.write_text("Ada\tknows\tBo\nbroken\nAda\tborn\t1900-01-01\nBo\tborn\tnot a date\n", encoding="utf-8")
    errors = []
    for engine in ("python", "duckdb"):
        capsys.readouterr()
        code, out = built(tmp_path, kb, engine, "pathquestion", "--strict")
        errors.append(capsys.readouterr().err)
        assert code == 2 and not out.exists()
    assert errors[0] == errors[1] and "kb.txt:2" in errors[0]


def test_engine_duckdb_is_for_one_line_based_kb_file(tmp_path, capsys):
    kb = tmp_path / "kb.csv"
    kb.write_text("subject,relation,object\nAda,knows,Bo\n", encoding="utf-8")
    assert main(["build", str(kb), "--format", "csv", "--engine", "duckdb", "--out", str(tmp_path / "o")]) == 2
    assert "drop --engine duckdb" in capsys.readouterr().err
    assert not (tmp_path / "o").exists()


def test_the_large_context_aggregations_read_a_flat_dimensions_labels_from_a_table(tmp_path, monkeypatch):
    """As the bulk build calls them: the head's taxonomies hold ⊤ alone (their values are the
    writer's flat values), their labels ("Paris", not "paris") come from the table `labels`."""
    import duckdb
    from dataclasses import replace

    from latweave.ingest import duckdb_legitimacy as dl
    from latweave.lattice.model import Lattice
    from latweave.lattice.names import TOP
    from latweave.legitimacy.check import check_fca
    from latweave.legitimacy.dependence import dependent_dimensions

    kb = tmp_path / "kb.txt"
    kb.write_bytes((PART_1 + PART_2).encode())
    lattice = lattice_from_triples(read_pathquestion_kb(kb), "kb")
    flat = {d.key for d in lattice.dimensions.values() if d.kind == "taxonomy"}
    head = Lattice(name="kb", dimensions={k: replace(d, labels={TOP: d.labels[TOP]}) if k in flat else d
                                          for k, d in lattice.dimensions.items()})
    con = duckdb.connect()
    con.execute("CREATE TABLE preds (ikey VARCHAR, dkey VARCHAR, vkey VARCHAR)")
    con.executemany("INSERT INTO preds VALUES (?, ?, ?)",
                    sorted({(p.instance, p.dimension, p.value) for p in lattice.predicates}))
    con.execute("CREATE TABLE labels (dkey VARCHAR, vkey VARCHAR, vlabel VARCHAR)")
    con.executemany("INSERT INTO labels VALUES (?, ?, ?)", sorted(
        (k, v, label) for k in flat for v, label in lattice.dimensions[k].labels.items() if v != TOP))
    assert any(label != v for _, v, label in con.execute("SELECT * FROM labels").fetchall())
    # the same context on integer ids (the DuckDB build's tables: ingest/key_ids.py)
    from latweave.ingest.key_ids import number_keys

    number_keys(con, ["SELECT ikey FROM preds", "SELECT dkey FROM preds", "SELECT vkey FROM preds"])
    con.execute("CREATE TABLE pred_ids AS SELECT i.id AS ikey, d.id AS dkey, v.id AS vkey FROM preds "
                "JOIN keys i ON i.key = ikey JOIN keys d ON d.key = dkey JOIN keys v ON v.key = vkey")
    con.execute("CREATE TABLE label_ids AS SELECT d.id AS dkey, v.id AS vkey, vlabel FROM labels "
                "JOIN keys d ON d.key = dkey JOIN keys v ON v.key = vkey")
    for cells, pairs in ((0, 24), (0, 0), (10 ** 9, 24)):   # the SQL side (every pair; the pairs found
        # by a join first), and the collected context
        monkeypatch.setattr(dl, "PAIRS_WITHOUT_FILTER", pairs)
        want = (check_fca(lattice, max_cells=cells), dependent_dimensions(lattice, min_support=2))
        assert want[1]   # (a dependence to find: city and zone)
        assert dl.context_report(con, head, "preds", labels="labels", max_cells=cells,
                                 dependence_min_support=2) == want
        assert dl.context_report(con, head, "pred_ids", labels="label_ids", keys="keys", max_cells=cells,
                                 dependence_min_support=2) == want


@pytest.mark.parametrize("child", ["works", "fails"])
def test_the_engine_database_written_by_a_second_process_is_the_same_folder(tmp_path, capsys, monkeypatch, child):
    """write_stream writes engine/sqlite.db in a child process fed the rows while the stream is
    written here (ingest/stream.py `_EngineFeed`); a child that fails leaves the work to this process.
    The loose file the child writes the database into before packing it (engines/sqlite_write.py)
    is made and removed by this process, whether the child wrote it or failed without a word."""
    from latweave.ingest.stream import StreamFiles, _EngineFeed

    scratch = tmp_path / "scratch"
    scratch.mkdir()
    monkeypatch.setenv("SQLITE_TMPDIR", str(scratch))
    monkeypatch.setenv("LATWEAVE_BUILD_FORK", "1")
    marker = tmp_path / "child-ran"
    command = f"import pathlib; pathlib.Path({str(marker)!r}).touch(); "
    command += "raise SystemExit(3)" if child == "fails" else _EngineFeed.COMMAND
    monkeypatch.setattr(_EngineFeed, "COMMAND", command)
    here, real = [], StreamFiles.engine_db
    monkeypatch.setattr(StreamFiles, "engine_db", lambda self, folder: here.append(1) or real(self, folder))
    kb = tmp_path / "hand.txt"
    kb.write_bytes((PART_1 + PART_2).encode())
    both(tmp_path, capsys, kb)
    assert marker.exists() and len(here) == (1 if child == "fails" else 0)
    assert not list(scratch.iterdir())


def test_a_large_file_is_cut_into_ranges_of_bounded_size(tmp_path, capsys, monkeypatch):
    """A worker holds its range in memory and DuckDB reads a part file as one buffer: a file is cut
    into ranges of at most RANGE_BYTES (a 10M-subject KB in two halves took 4.8 GB a worker and a
    3.6 GiB DuckDB buffer); the lattice is the Python build's whatever the cut."""
    from latweave.ingest import kb_lines_split

    kb = tmp_path / "kb.txt"
    kb.write_bytes((PART_1 + PART_2).encode())
    monkeypatch.setattr(kb_lines_split, "PARALLEL_BYTES", 1)
    monkeypatch.setattr(kb_lines_split, "RANGE_BYTES", 64)
    parts = kb_lines_split.split_files("pathquestion", [kb], tmp_path, workers=2)
    assert len(parts) >= kb.stat().st_size // 64
    assert max(longest for *_, longest in parts) == max(len(r) for _, p, *_ in parts for r in p.open())
    both(tmp_path, capsys, kb)


def test_duckdb_failing_is_a_line_with_a_hint_and_nothing_written(tmp_path, capsys, monkeypatch):
    kb = tmp_path / "kb.txt"
    kb.write_bytes(PART_1.encode())
    monkeypatch.setenv("LATWEAVE_DUCKDB_MEMORY", "lots")
    code, out = built(tmp_path, kb, "duckdb")
    err = capsys.readouterr().err
    assert code == 4 and not out.exists(), err
    assert "DuckDB failed while building the KB" in err and "LATWEAVE_DUCKDB_MEMORY" in err
    assert "Traceback" not in err
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".latweave-duckdb-")] == []


def test_the_keys_numbered_keep_their_order_and_read_back_by_id(tmp_path):
    """ingest/key_ids.py: ids are ranks in the keys' (Python's code-point) order, the spellings
    read back by id, whatever the characters (astral, combining, quotes)."""
    import duckdb

    from latweave.ingest.key_ids import Spellings, number_keys

    words = ["zebra", "Äpfel", "a'b", "𝔘nicode", "e\u0301", "", "a", "ab", "日本", "a b"]
    con = duckdb.connect()
    con.execute("CREATE TABLE w (k VARCHAR)")
    con.executemany("INSERT INTO w VALUES (?)", [(w,) for w in words + words[:3]] + [(None,)])
    count, kind = number_keys(con, ["SELECT k FROM w", "SELECT 'zebra'"])
    assert (count, kind) == (len(words), "INTEGER")
    assert [k for (k,) in con.execute("SELECT key FROM keys ORDER BY id").fetchall()] == sorted(words)
    for listed in (len(words), len(words) - 1):   # a list of str, and the compact form past the limit
        spellings = Spellings(con, listed=listed)
        assert [spellings[i] for i in range(len(spellings))] == sorted(words) == list(map(spellings.get, range(count)))
        assert spellings.nbytes == (0 if listed == count else sum(len(w.encode()) for w in words) + 8 * len(words))


@pytest.mark.parametrize("cap", [5, None])
def test_a_flat_dimensions_report_from_its_sql_summary_is_the_one_read_from_its_values(cap):
    """duckdb_legitimacy.flat_summaries: each value's digest row hashed in SQL (Python's JSON for
    quotes, backslashes and astral characters; rows with a control character hashed in Python),
    the leaves in (label, key) order — the report (digest included) is the one flat.py reads from
    the values, above the gate's cap (`cap=5`) and within it (grown from its first leaves)."""
    import duckdb

    from latweave.ingest.duckdb_legitimacy import flat_summaries
    from latweave.ingest.flat import FlatDimension, flat_dimension_report
    from latweave.ingest.key_ids import number_keys
    from latweave.lattice.model import Dimension, Lattice
    from latweave.lattice.names import normalize

    labels = ['Say "hi"', "back\\slash", "tab\there", "ctl\x01x", "Été", "𝔘nicode", "zeta", "Alpha", "beta",
              "alpha ", "B", "a\x1fb"]
    values = sorted({normalize(label): label for label in labels}.items())
    dim = Dimension(name="Spouse")
    con = duckdb.connect()
    con.execute("CREATE TABLE v (dkey VARCHAR, vkey VARCHAR, vlabel VARCHAR)")
    con.executemany("INSERT INTO v VALUES (?, ?, ?)", [(dim.key, k, label) for k, label in values])
    number_keys(con, ["SELECT dkey FROM v", "SELECT vkey FROM v"])
    con.execute("CREATE TABLE labels AS SELECT d.id AS dkey, k.id AS vkey, v.vlabel FROM v "
                "JOIN keys d ON d.key = v.dkey JOIN keys k ON k.key = v.vkey")
    scanned = FlatDimension(dim, lambda: iter(values)).scan()
    caps = {} if cap is None else {"closure_cap": cap}
    summary = flat_summaries(con, Lattice(name="x", dimensions={dim.key: dim}), {dim.key: scanned}, cap=cap, limit=3)
    assert summary[dim.key].leaves[:3] == tuple(sorted((label, k) for k, label in values))[:3]
    want = flat_dimension_report(dim, lambda: iter(values), limit=3, **caps)
    assert flat_dimension_report(dim, scanned, limit=3, summary=summary[dim.key], **caps) == want
    assert want.values == len(values) and (want.width_note == "a tree: its leaves")
