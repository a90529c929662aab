"""A bad corpus line is reported with its file and line number, and nothing is half-built."""

from __future__ import annotations

import shutil

import pytest

from latweave.ingest.corpus import read_corpus
from latweave.errors import CorpusError
from tests.support.corpora import ZOO


@pytest.fixture
def corpus(tmp_path):
    target = tmp_path / "zoo"
    shutil.copytree(ZOO, target)
    return target


def append(path, text):
    with path.open("a", encoding="utf-8") as handle:
        handle.write(text)


def line_count(path):
    return len(path.read_text(encoding="utf-8").splitlines())


def test_bad_json_line(corpus):
    append(corpus / "facts.jsonl", '{"instance": "Owl", "dimension": \n')
    with pytest.raises(CorpusError) as err:
        read_corpus(corpus)
    assert err.value.file.endswith("facts.jsonl") and err.value.line == line_count(corpus / "facts.jsonl")
    assert "not valid JSON" in str(err.value)


def test_predicate_without_evidence(corpus):
    append(corpus / "facts.jsonl", '{"instance": "Owl", "dimension": "species", "value": "bird"}\n')
    with pytest.raises(CorpusError, match=r"facts.jsonl:46: predicate has no evidence"):
        read_corpus(corpus)


def test_unknown_value_on_closed_dimension(corpus):
    append(corpus / "facts.jsonl", '{"instance": "Owl", "dimension": "species", "value": "owl", '
                                   '"evidence": {"doc": "eagle", "source_text": "The bald eagle"}}\n')
    with pytest.raises(CorpusError, match=r"facts.jsonl:46: dimension 'species' has no value 'owl'"):
        read_corpus(corpus)


def test_wrong_column_count_in_hierarchy(corpus):
    append(corpus / "hierarchy.tsv", "species\tbird\n")
    with pytest.raises(CorpusError) as err:
        read_corpus(corpus)
    assert err.value.line == line_count(corpus / "hierarchy.tsv") and "3 tab-separated columns" in str(err.value)


def test_orphan_in_hierarchy_names_the_value(corpus):
    append(corpus / "hierarchy.tsv", "species\treptile\tlizard\n")
    with pytest.raises(CorpusError, match="'reptile' is an orphan"):
        read_corpus(corpus)


def test_cycle_in_hierarchy_names_the_cycle(corpus):
    append(corpus / "hierarchy.tsv", "species\twhale\tmammal\n")
    with pytest.raises(CorpusError, match=r"cycle: .*mammal → whale|cycle: .*whale → mammal"):
        read_corpus(corpus)


def test_unknown_dimension_in_synonyms(corpus):
    append(corpus / "synonyms.tsv", "colour\tred\tcrimson\n")
    with pytest.raises(CorpusError, match=r"synonyms.tsv:\d+: no dimension 'colour'"):
        read_corpus(corpus)


def test_missing_dimensions_file(tmp_path):
    with pytest.raises(CorpusError, match="dimensions.jsonl is missing"):
        read_corpus(tmp_path)


def test_every_problem_of_a_file_is_reported_at_once(corpus, capsys):
    """Three bad facts and a bad event: one error naming each file:line, in file order; the CLI
    prints them all (exit 2, nothing written) and its JSON lists them."""
    import json

    from latweave.cli import main
    from latweave.ingest.corpus import CorpusProblems

    facts = corpus / "facts.jsonl"
    first = line_count(facts) + 1
    append(facts, '{"instance": "Owl", "dimension": \n'
                  '{"instance": "Owl", "dimension": "species", "value": "bird"}\n'
                  '{"instance": "Owl", "dimension": "wingspan", "value": "large", '
                  '"evidence": {"doc": "whale", "source_text": "Whales"}}\n')
    (corpus / "events.jsonl").write_text('{"event": "sighting", "roles": {"species": "bird"}}\n', encoding="utf-8")
    with pytest.raises(CorpusProblems) as err:
        read_corpus(corpus)
    found = [(p.file.rsplit("/", 1)[-1], p.line) for p in err.value.problems]
    assert found == [("facts.jsonl", first), ("facts.jsonl", first + 1), ("facts.jsonl", first + 2),
                     ("events.jsonl", 1)]
    text = str(err.value)
    assert f"facts.jsonl:{first}: not valid JSON" in text and "and 3 more problem(s)" in text
    assert f"facts.jsonl:{first + 1}: predicate has no evidence" in text and "wingspan" in text
    assert "events.jsonl:1:" in text

    out = corpus.parent / "out"
    assert main(["build", str(corpus), "--out", str(out)]) == 2 and not out.exists()
    assert f"facts.jsonl:{first + 2}" in capsys.readouterr().err
    assert main(["build", str(corpus), "--out", str(out), "--json"]) == 2
    assert len(json.loads(capsys.readouterr().out)["problems"]) == 4


def test_problems_in_the_dimensions_stop_before_the_facts(corpus):
    """A bad dimension line is reported with the other lines of its file, and the facts (which
    would only repeat it as unknown dimensions) are not read."""
    append(corpus / "dimensions.jsonl", '{"kind": "taxonomy"}\n{"dimension": 7}\n')
    append(corpus / "facts.jsonl", '{"instance": "Owl", "dimension": \n')
    with pytest.raises(CorpusError) as err:
        read_corpus(corpus)
    assert {p.file.rsplit("/", 1)[-1] for p in err.value.problems} == {"dimensions.jsonl"}
    assert len(err.value.problems) == 2
