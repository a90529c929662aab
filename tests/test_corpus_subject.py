"""A corpus that declares `subject` binds every instance's own name on it (issue 43.5): a chain
starts from a named entity without a hand-written `subject` fact per instance, each binding
evidenced by the name's first mention; a corpus that declares no `subject` is read as before."""

from __future__ import annotations

import json
import shutil

from latweave.ingest.corpus import read_corpus
from latweave.lattice.names import normalize
from tests.support.corpora import ZOO

SUBJECT_LINE = '{"dimension": "subject", "kind": "taxonomy", "functional": true, "open": true}\n'


def _zoo_with_subject(tmp_path):
    folder = tmp_path / "zoo"
    shutil.copytree(ZOO, folder)
    with (folder / "dimensions.jsonl").open("a", encoding="utf-8") as handle:
        handle.write(SUBJECT_LINE)
    return folder


def test_a_declared_subject_is_bound_for_every_instance_from_its_first_mention(tmp_path):
    lattice = read_corpus(_zoo_with_subject(tmp_path))
    bound = {p.instance: p for p in lattice.predicates if p.dimension == "subject"}
    assert set(bound) == set(lattice.instances)                        # all nine, none written by hand
    whale = bound[normalize("Whale")]
    assert whale.value == normalize("Whale") and whale.evidence.source_text.casefold() == "whale"
    text = lattice.documents[whale.evidence.doc]
    assert text[whale.evidence.start:whale.evidence.end] == whale.evidence.source_text


def test_a_chain_starts_from_a_name_in_a_corpus(tmp_path):
    import latweave

    latweave.build(_zoo_with_subject(tmp_path), out=tmp_path / "lat")
    with latweave.open(tmp_path / "lat") as lattice:
        assert lattice.run('meet(subject = "Whale") -> habitat').answers == ("marine",)


def test_a_hand_written_subject_fact_is_kept_and_a_corpus_without_subject_is_unchanged(tmp_path):
    folder = _zoo_with_subject(tmp_path)
    with (folder / "facts.jsonl").open("a", encoding="utf-8") as handle:
        handle.write(json.dumps({"instance": "Whale", "dimension": "subject", "value": "Whale",
                                 "evidence": {"doc": "whale", "source_text": "The blue whale"}}) + "\n")
    whale = [p for p in read_corpus(folder).predicates if p.dimension == "subject" and p.instance == "whale"]
    assert [p.evidence.source_text for p in whale] == ["The blue whale"]
    assert "subject" not in read_corpus(ZOO).dimensions
