"""A KB file a user can guess (issue 43.5): `latweave build FILE` reads a generic TSV, CSV or
N-Triples file without `--format`, says which format it read and why, and refuses a file whose
format it cannot tell (exit 2, naming --format); `--format pathquestion` still reads TSV lines."""

from __future__ import annotations

import json

import pytest

from latweave.errors import CorpusError
from latweave.ingest.kb_detect import detect_file
from latweave.ingest.kb_lines import split_csv, split_ntriples


from tests.support.cli import cli, wide_terminal  # noqa: F401 (wide_terminal: an autouse fixture)


TSV = "Ann\tspouse\tBob\t1990\t1995\nAnn\tborn\t1960-01-02\nBob\tborn\t1961-03-04\n"
CSV = 'subject,relation,object\n"Smith, Ann",knows,Bob\nBob,born,1961-03-04\n'
NT = ("# people\n"
      "<http://example.org/Ann> <http://xmlns.com/foaf/0.1/knows> <http://example.org/Blade_Runner> .\n"
      '<http://example.org/Ann> <http://example.org/born> "1960-01-02"^^<http://www.w3.org/2001/XMLSchema#date> .\n'
      '_:b1 <http://example.org/name> "Caf\\u00e9 \\"x\\""@en .\n')


@pytest.mark.parametrize("name,text,fmt,shape", [
    ("kb.tsv", TSV, "tsv", "each of its 3 lines reads as subject<TAB>relation<TAB>object"),
    ("kb.csv", CSV, "csv", "each of its 2 lines reads as subject,relation,object"),   # the header skipped
    ("kb.txt", NT, "ntriples", "each of its 3 lines reads as <subject> <predicate> <object> ."),
])
def test_a_generic_kb_file_is_detected_by_its_content_not_its_name(tmp_path, name, text, fmt, shape):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    found = detect_file(path)
    assert (found.format, found.reason) == (fmt, shape)


def test_build_without_format_says_what_it_detected_and_the_lattice_answers(capsys, tmp_path):
    kb = tmp_path / "people.nt"
    kb.write_text(NT, encoding="utf-8")
    code, out, _ = cli(capsys, "build", kb, "--out", tmp_path / "lat")
    assert code == 0
    assert "format ntriples (detected: each of its 3 lines reads as <subject> <predicate> <object> .; " \
           "--format to choose another)" in out
    code, out, _ = cli(capsys, "run", "--lattice", tmp_path / "lat", "--json", 'meet(subject = "Ann") -> knows')
    assert code == 0 and json.loads(out)["answers"] == ["Blade_Runner"]
    sources = json.loads((tmp_path / "lat" / "sources.json").read_text())
    assert sources["options"]["format"] == "ntriples"   # `add` reads later files the same way


def test_build_json_names_the_format_and_why(capsys, tmp_path):
    kb = tmp_path / "kb.csv"
    kb.write_text(CSV, encoding="utf-8")
    code, out, _ = cli(capsys, "build", kb, "--out", tmp_path / "lat", "--json")
    report = json.loads(out)["report"]
    assert code == 0 and report["format"] == "csv" and report["detected"].startswith("each of its 2 lines")
    assert report["counts"]["triples_read"] == 2 and set(report["relations"]) == {"knows", "born"}
    assert report["relations"]["born"]["kind"] == "date"


def test_an_ambiguous_file_is_refused_naming_format(capsys, tmp_path):
    kb = tmp_path / "kb.txt"
    kb.write_text("a,b\tc,d\te\n", encoding="utf-8")     # three tab fields, and three comma fields
    code, _, err = cli(capsys, "build", kb, "--out", tmp_path / "lat")
    assert code == 2 and "ambiguous" in err and "as tsv" in err and "as csv" in err and "--format" in err
    assert not (tmp_path / "lat").exists()
    code, out, _ = cli(capsys, "build", kb, "--out", tmp_path / "lat", "--format", "tsv")
    assert code == 0 and "detected" not in out            # forced: nothing detected


def test_a_file_of_no_format_is_refused_at_its_line_with_a_hint(capsys, tmp_path):
    kb = tmp_path / "kb.txt"
    kb.write_text("Ann|born|1960\nBob|born|1961\n", encoding="utf-8")
    code, _, err = cli(capsys, "build", kb, "--out", tmp_path / "lat")
    assert code == 2 and f"{kb}:1: cannot tell its format" in err and "--format metaqa" in err


def test_a_few_malformed_lines_do_not_hide_the_format(tmp_path):
    kb = tmp_path / "kb.tsv"
    kb.write_text("".join(f"x{i}\tr\ty\n" for i in range(19)) + "one field\n", encoding="utf-8")
    found = detect_file(kb)
    assert found.format == "tsv" and "19 of its 20 lines" in found.reason and "from line 20" in found.reason


def test_files_of_two_formats_are_not_one_build(capsys, tmp_path):
    (tmp_path / "a.tsv").write_text(TSV, encoding="utf-8")
    (tmp_path / "b.csv").write_text(CSV, encoding="utf-8")
    code, _, err = cli(capsys, "build", tmp_path / "a.tsv", tmp_path / "b.csv", "--out", tmp_path / "lat")
    assert code == 2 and "different formats" in err and "a.tsv: tsv" in err


def test_pathquestion_stays_an_alias_of_tsv_with_its_ontology(capsys, tmp_path):
    kb = tmp_path / "kb.txt"
    kb.write_text("Ann\tgender\tfemale\nAnn\tgender\tmale\n", encoding="utf-8")
    code, out, _ = cli(capsys, "build", kb, "--out", tmp_path / "pq", "--format", "pathquestion", "--json")
    assert code == 0 and json.loads(out)["report"]["relations"]["gender"]["functional"] is True
    code, out, _ = cli(capsys, "build", kb, "--out", tmp_path / "tsv", "--json")
    assert code == 0 and json.loads(out)["report"]["relations"]["gender"]["functional"] is False


def test_csv_and_ntriples_lines_are_read_as_their_standards_say():
    assert split_csv('"Smith, Ann","says ""hi""",Bob') == ["Smith, Ann", 'says "hi"', "Bob"]
    assert split_ntriples("<http://e.org/a%20b> <http://e.org/p#knows> \"x\\ty\\u00e9\" .") == ["a b", "knows", "x\tyé"]
    assert split_ntriples("   # a comment") is None


def test_an_empty_file_has_no_format_to_detect(tmp_path):
    kb = tmp_path / "kb.tsv"
    kb.write_text("\n\n", encoding="utf-8")
    with pytest.raises(CorpusError, match="no line states a fact"):
        detect_file(kb)


# ------------------------------------------------------------------ names with nothing to see (issue 42.7)

def test_a_kb_field_of_only_a_zero_width_space_is_malformed_at_its_line(capsys, tmp_path):
    kb = tmp_path / "kb.tsv"
    kb.write_text("Ann\tknows\t\u200b\nAnn\tknows\tBob\n", encoding="utf-8")
    code, out, _ = cli(capsys, "build", kb, "--out", tmp_path / "lat", "--json")
    report = json.loads(out)["report"]
    assert code == 0 and report["counts"]["instances"] == 2
    assert report["problems"][0]["line"] == 1
    assert report["problems"][0]["message"].startswith("a field with no visible character")


def test_a_corpus_instance_named_only_by_invisible_characters_is_refused_at_its_line(capsys, tmp_path):
    import shutil

    from tests.support.corpora import ZOO

    folder = tmp_path / "zoo"
    shutil.copytree(ZOO, folder)
    lines = (folder / "facts.jsonl").read_text(encoding="utf-8").splitlines()
    fact = {"instance": "\u200b\u2060", "dimension": "diet", "value": "carnivore",
            "evidence": {"doc": "whale", "source_text": "The blue whale"}}
    (folder / "facts.jsonl").write_text("\n".join([*lines, json.dumps(fact)]) + "\n", encoding="utf-8")
    code, _, err = cli(capsys, "build", folder, "--out", tmp_path / "lat")
    assert code == 2 and f"facts.jsonl:{len(lines) + 1}: an instance name is empty or has no visible character" in err
    assert "\\u200b" in err and not (tmp_path / "lat").exists()
    code, _, err = cli(capsys, "build", ZOO, "--out", tmp_path / "good")
    bad = tmp_path / "more"
    shutil.copytree(folder, bad)
    code, _, err = cli(capsys, "add", bad, "--lattice", tmp_path / "good")
    assert code == 2 and "no visible character" in err
