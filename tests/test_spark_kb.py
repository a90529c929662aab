"""`latweave build KB --engine spark` (latweave/ingest/spark_kb.py) against the Python build: the same folder.

The differential tests compare every file of the two lattice folders (names and bytes, the manifest,
legitimacy.json and parquet/ included) and the build reports: a hand KB of two part files (a BOM,
CRLF, dates spelt two ways, numbers, a value that does not parse, duplicates, odd spellings of one
name, an astral character before a line's evidence, a malformed line, a relation named like a
dimension), and PathQuestion's 3-hop KB when /work/shared/data holds it (its formal context is
over fca.MAX_CELLS, so the Spark side of the legitimacy report is the one compared). One Spark
session for the module (local mode).
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from latweave.cli import main
from latweave.engines.spark_context import spark_problem
from latweave.ingest.gate import Gate
from latweave.ingest.write import save_lattice
from latweave.ingest.kb import BuildReport, FUNCTIONAL, lattice_from_triples, read_pathquestion_kb

pytestmark = [pytest.mark.slow, pytest.mark.needs_engine("spark", spark_problem())]

PQ = Path("/work/shared/data/pathquestion/3H-kb.txt")

PART_1 = ("\ufeffAda Lovell\tdate_of_birth\t1815-12-10\n"
          "Ada Lovell\tplace_of_birth\tLondon\n"
          "ada  lovell\tdate_of_birth\tDecember 10, 1815\n"       # the same date, spelt otherwise: a duplicate
          "Bo Brandt\tplace_of_birth\tBerlin\n"
          "Bo Brandt\tprofession\twriter\n"
          "Bo Brandt\tprofession\tpainter\n"
          "\n"
          "broken line\n"                                          # malformed, reported
          "\t\t\n"                                                 # three empty fields: malformed, not blank
          "Zoë Ünal\tprofession\tWriter\r\n"                       # CRLF; "Writer" is "writer"
          "Zoe Unal\theight\t1.72\n"
          "Zoë Ünal\theight\ttall\n"                               # not a number (9 of 10 are): reported, skipped
          "😀 Emoji\tprofession\twriter\n"                          # an astral character before the evidence
          "Dee\tsubject\tx\n")                                     # collides with the dimension naming
PART_2 = ("Ada Lovell\theight\t1.60\n"
          "Bo Brandt\theight\t1.8\n"
          "Cy\tdate_of_birth\t1950\n"
          "Cy\tfriend\tAda Lovell\n"
          "Cy\tfriend\tADA LOVELL\n"                               # a duplicate, by key
          "London\tcountry\tEngland\n"
          "Berlin\tcountry\tGermany\n"
          "Q1\tborn\t1902-02-30\nQ2\tborn\t1903-01-01\nQ3\tborn\t1904-01-01\n"   # one unreadable date: reported,
          "Q4\tweight\t1e309\nQ5\tweight\tnan\nQ6\tweight\t12\n"                # the kinds kept (date, number)
          + "".join(f"P{i}\tcity\t{c}\nP{i}\tcountry\t{k}\nP{i}\tprofession\t{j}\nP{i}\tzone\tz-{c[0]}\nP{i}\theight\t1.7{i}\n"
                    for i, (c, k, j) in enumerate([("Paris", "France", "painter"), ("Lyon", "France", "writer"),
                                                   ("Rome", "Italy", "painter"), ("Paris", "France", "painter"),
                                                   ("Rome", "Italy", "writer"), ("Lyon", "France", "painter")])))


def files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def assert_same_folders(a: Path, b: Path) -> None:
    left, right = files(a), files(b)
    assert sorted(left) == sorted(right)
    assert "legitimacy.json" in left and "engine/sqlite.db" in left
    for name in sorted(left):
        assert left[name] == right[name], name


def python_build(paths: list[Path], name: str, out: Path) -> BuildReport:
    """The Python build of `paths` in order (build_kb's, for one file or several)."""
    report = BuildReport()
    report.format = "pathquestion"   # as kb_lattice states the format it read
    triples = itertools.chain.from_iterable(read_pathquestion_kb(p, report) for p in paths)
    lattice = lattice_from_triples(triples, name, report, functional=sorted(FUNCTIONAL["pathquestion"]))
    save_lattice(lattice, out, Gate())
    return report


def test_a_folder_of_parts_builds_the_python_builds_lattice_byte_for_byte(tmp_path, capsys):
    kb = tmp_path / "hand"
    kb.mkdir()
    (kb / "part-1.txt").write_bytes(PART_1.encode())
    (kb / "part-2.txt").write_bytes(PART_2.encode())
    report = python_build([kb / "part-1.txt", kb / "part-2.txt"], "hand", tmp_path / "python")
    capsys.readouterr()
    assert main(["build", str(kb), "--format", "pathquestion", "--engine", "spark", "--out",
                 str(tmp_path / "spark"), "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert_same_folders(tmp_path / "python", tmp_path / "spark")
    assert printed["report"] == json.loads(json.dumps(report.to_dict()))
    counts = printed["report"]["counts"]
    assert (counts["malformed"], counts["skipped_values"], counts["duplicates"]) == (2, 4, 2)
    assert [p["kind"] for p in printed["report"]["problems"]] == ["malformed", "malformed", "relation", "value",
                                                                  "value", "value", "value"]
    assert (printed["report"]["relations"]["born"]["kind"], printed["report"]["relations"]["weight"]["kind"]) == \
        ("date", "number")
    legitimacy = json.loads((tmp_path / "spark" / "legitimacy.json").read_text())
    assert legitimacy["fca"]["co_occurring"] and legitimacy["fca"]["implications"]
    assert legitimacy["dependent_dimensions"] == [{"dimensions": ["city", "zone"], "instances": 6, "values": 3}]
    assert printed["legitimacy"]["ok"] is True


@pytest.mark.skipif(not PQ.is_file(), reason=f"PathQuestion's KB is not at {PQ} (the benchmark data)")
def test_the_pathquestion_kb_builds_the_same_lattice(tmp_path):
    from latweave.ingest.spark_kb import build_kb_spark

    report = python_build([PQ], PQ.stem, tmp_path / "python")
    _, spark_report = build_kb_spark(PQ, "pathquestion", tmp_path / "spark", gate=Gate())
    assert_same_folders(tmp_path / "python", tmp_path / "spark")
    assert spark_report.to_dict() == report.to_dict() and report.instances > 1000


def test_a_contested_coordinate_is_refused_naming_the_line_and_nothing_is_written(tmp_path, capsys):
    kb = tmp_path / "kb.txt"
    kb.write_text("Ada\tgender\tfemale\nBo\tgender\tmale\nAda\tprofession\twriter\nAda\tgender\tmale\n",
                  encoding="utf-8")
    out = tmp_path / "out"
    assert main(["build", str(kb), "--format", "pathquestion", "--engine", "spark", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert f"{kb}:4" in err and "'Ada'" in err and "'gender'" in err and f"{kb}:1" in err
    assert "without --engine spark" in err
    assert not out.exists() and [p.name for p in tmp_path.iterdir()] == ["kb.txt"]


def test_two_byte_order_marks_are_refused_by_both_builds(tmp_path, capsys):
    kb = tmp_path / "kb.txt"
    kb.write_bytes(b"\xef\xbb\xbf\xef\xbb\xbfalice\tknows\tbob\nbob\tknows\tcarol\n")
    errors = []
    for engine in ("python", "spark"):
        capsys.readouterr()
        assert main(["build", str(kb), "--format", "pathquestion", "--engine", engine, "--out",
                     str(tmp_path / engine)]) == 2
        errors.append(capsys.readouterr().err)
        assert not (tmp_path / engine).exists()
    assert errors[0] == errors[1] and "kb.txt:1: the file starts with two byte-order marks" in errors[0]


def test_a_line_with_a_period_is_refused_naming_the_line_and_nothing_is_written(tmp_path, capsys):
    """Start/end fields are the Python build's (latweave/ingest/kb.py): never dropped silently."""
    kb = tmp_path / "kb.txt"
    kb.write_text("Ada\tspouse\tBo\nAda\tspouse\tCy\t1990\t1995\n", encoding="utf-8")
    out = tmp_path / "out"
    assert main(["build", str(kb), "--format", "pathquestion", "--engine", "spark", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert f"{kb}:2" in err and "start/end fields" in err and "without --engine spark" in err
    assert not out.exists()


def test_the_spark_legitimacy_of_a_large_context_is_the_python_functions(tmp_path):
    """The Spark side of the report (used above fca.MAX_CELLS) on a small lattice, forced with max_cells=0."""
    from pyspark.sql import functions as F

    from latweave.engines.spark_context import spark
    from latweave.legitimacy import fca as fca_mod
    from latweave.legitimacy.check import check_fca
    from latweave.legitimacy.dependence import dependent_dimensions
    from latweave.ingest.spark_legitimacy import dependent_dimensions as spark_dependence, fca_report

    kb = tmp_path / "kb.txt"
    kb.write_bytes((PART_1 + PART_2).encode())
    lattice = lattice_from_triples(read_pathquestion_kb(kb), "kb")
    rows = sorted({(p.instance, p.dimension, p.value) for p in lattice.predicates})
    incidence = spark().createDataFrame(rows, "ikey string, dkey string, vkey string")
    sizes = (len(lattice.instances), len(fca_mod.context_of(lattice).attributes), len(rows))
    got = fca_report(F, lattice, incidence, sizes, max_cells=0)
    want = check_fca(lattice, max_cells=0)
    assert got == want and want.co_occurring and want.implications
    # the implications' work (fca.implication_work) is counted in Spark as in Python; above the cap
    # both skip them with the same reason
    from latweave.ingest.spark_legitimacy import implication_work

    work = implication_work(F, incidence)
    assert work == fca_mod.implication_work(fca_mod.context_of(lattice)) > 0
    capped = fca_report(F, lattice, incidence, sizes, max_cells=0, max_work=work - 1)
    assert capped == check_fca(lattice, max_cells=0, max_work=work - 1)
    assert capped.implications == () and capped.implications_skipped and capped.co_occurring == want.co_occurring
    assert spark_dependence(F, lattice, incidence, min_support=2) == dependent_dimensions(lattice, min_support=2)
    assert dependent_dimensions(lattice, min_support=2)


def test_the_spark_report_of_a_head_with_flat_dimensions_is_check_lattices(tmp_path):
    """lattice_report with the flat dimensions' values outside the head (as the Spark build gives
    them: write_stream's flat_values, their labels a frame), the large context's path forced
    (max_cells=0) and the collected one: check_lattice's report of the lattice in memory."""
    from pyspark.sql import functions as F

    from latweave.engines.spark_context import spark
    from latweave.ingest.spark_legitimacy import lattice_report
    from latweave.legitimacy import check_lattice
    from tests.support.split import split

    kb = tmp_path / "kb.txt"
    kb.write_bytes((PART_1 + PART_2).encode())
    lattice = lattice_from_triples(read_pathquestion_kb(kb), "kb", functional=sorted(FUNCTIONAL["pathquestion"]))
    head, flat, _ = split(lattice)
    assert "subject" in flat and len(flat) > 2
    labels = spark().createDataFrame([(d, k, label) for d in sorted(flat) for k, label in flat[d]()],
                                     "dkey string, vkey string, vlabel string")
    rows = sorted({(p.instance, p.dimension, p.value) for p in lattice.predicates})
    predicates = spark().createDataFrame(rows, "ikey string, dkey string, vkey string")
    for cells in (0, None):
        caps = {} if cells is None else {"max_cells": cells}
        got = lattice_report(F, head, predicates, flat_values=flat, labels=labels, **caps)
        want = check_lattice(lattice, **({} if cells is None else {"fca_max_cells": cells}))
        assert got.to_dict() == want.to_dict()
        assert want.fca.co_occurring and want.fca.implications


def test_for_2wiki_the_build_says_why_and_exits_2_without_java_4(tmp_path, capsys, monkeypatch):
    """A format Spark does not read is bad input (2); no Java is a missing engine (4, as `run`)."""
    kb = tmp_path / "kb.txt"
    kb.write_text("Ada\tgender\tfemale\n", encoding="utf-8")
    assert main(["build", str(kb), "--format", "2wiki", "--engine", "spark", "--out", str(tmp_path / "o")]) == 2
    assert "without --engine spark" in capsys.readouterr().err
    monkeypatch.setenv("JAVA_HOME", str(tmp_path / "no-java"))
    assert main(["build", str(kb), "--format", "pathquestion", "--engine", "spark", "--out",
                 str(tmp_path / "o")]) == 4
    err = capsys.readouterr().err
    assert "Java" in err and "without --engine spark" in err
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize("verbose", [False, True], ids=["quiet", "verbose"])
def test_a_spark_failure_during_the_build_is_one_line_with_a_hint_and_exit_4(tmp_path, verbose):
    """Spark failing (here: its JVM given less memory than Spark accepts, a real refusal) is an
    engine failure: exit 4, one `error:` line naming Spark's reason, a hint saying what to change,
    no Python traceback, and nothing written at --out. The JVM started and failed, yet none of its
    lines reached stderr; with -v they do (its log4j profile, at least). A fresh process each: the
    module's session is shared."""
    import os
    import subprocess
    import sys

    kb = tmp_path / "kb.txt"
    kb.write_text("Ada\tgender\tfemale\n", encoding="utf-8")
    out = tmp_path / "out"
    env = {**{k: v for k, v in os.environ.items() if k != "LATWEAVE_SPARK_LOG"},
           "LATWEAVE_SPARK_DRIVER_MEMORY": "300m", "COLUMNS": "1000"}  # (no wrapping)
    done = subprocess.run([sys.executable, "-m", "latweave.cli", "build", str(kb), "--format", "pathquestion",
                           "--engine", "spark", "--out", str(out), *(["-v"] if verbose else [])],
                          capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 4, done.stderr[-2000:]
    ours = [line for line in done.stderr.splitlines() if line.startswith("error:")]
    assert len(ours) == 1 and ours[0].startswith("error: build --engine spark: Spark failed: ")
    assert "INVALID_DRIVER_MEMORY" in ours[0] and "must be at least" in ours[0]  # Spark's reason, in one line
    hint = done.stderr.split(ours[0], 1)[1]
    assert "hint:" in hint and "LATWEAVE_SPARK_DRIVER_MEMORY higher" in hint and "Traceback" not in done.stderr
    assert not out.exists() and [p.name for p in tmp_path.iterdir()] == ["kb.txt"]
    jvm = [line for line in done.stderr.splitlines() if line.strip() and line not in ours and "hint:" not in line]
    if verbose:
        assert any("log4j" in line for line in jvm), done.stderr[-2000:]
    else:
        assert jvm == [], done.stderr[-2000:]
