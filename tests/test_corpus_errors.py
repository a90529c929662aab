"""A bad corpus line is reported with its file and line number, and nothing is half-built."""

from __future__ import annotations

import shutil

import pytest

from latweave.ingest.corpus import read_corpus
from latweave.errors import CorpusError
from tests.conftest import ZOO


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
