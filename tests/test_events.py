"""Events with many participants (issue 15): a fact with several roles from one sentence is one
event instance — in a corpus folder's events.jsonl, and from the LLM builder — so that meets over
events work, on every engine, with proofs that audit; bad events are refused at their line."""

from __future__ import annotations

import json
import shutil

import pytest

from latweave.errors import CorpusError
from latweave.execute import Runner
from latweave.ingest.builds import build_corpus
from latweave.ingest.corpus import read_corpus
from latweave.ingest.builds import extract_corpus
from latweave.folder.store import load_lattice
from latweave.llm import LLMConfig
from latweave.paths import RULES
from latweave.plan.read import read_plan
from latweave.proof.audit import audit
from tests.support.engines import assert_byte_identical, on_every_engine
from tests.support.openai_server import ScriptedServer, reply

AWARDS = RULES.parent / "corpora" / "awards"

PLANS = [
    ("meet(event = award, award <= Oscar, year in 1990..1999) -> winner",
     ("Helen Hunt", "Jessica Lange", "Steven Spielberg", "Tom Hanks")),
    ('let w = meet(award = "Best Actress", year in 1990..1999) -> winner\nargmin(born, [$w])', ("Jessica Lange",)),
    ('meet(event = marriage, partner = "Tom Hanks") -> start', ("1978", "1988")),
    ('meet(winner = "Tom Hanks", film = Philadelphia) -> award', ("Best Actor", "Best Actor in a Drama")),
    ('meet(event = marriage, partner = "Steven Spielberg", end in 1980..1990) -> partner',
     ("Amy Irving", "Steven Spielberg")),
    ("meet(award <= \"Golden Globe\") -> year", ("1994",)),
]


@pytest.fixture(scope="module")
def awards(tmp_path_factory):
    out = tmp_path_factory.mktemp("awards") / "lattice"
    build_corpus(AWARDS, out)
    return out


def test_an_event_is_one_instance_with_a_coordinate_per_role_on_one_sentence():
    lattice = read_corpus(AWARDS)
    key = "award: award=best actor, film=philadelphia, winner=tom hanks, year=1994"
    event = [p for p in lattice.predicates if p.instance == key]
    assert sorted((p.dimension, p.value) for p in event) == [
        ("award", "best actor"), ("event", "award"), ("film", "philadelphia"), ("winner", "tom hanks"),
        ("year", "1994")]
    assert {p.evidence.source_text for p in event} == {
        "At the 1994 Academy Awards, Tom Hanks won Best Actor for Philadelphia."}
    marriage = [p for p in lattice.predicates if p.instance.startswith("marriage: end=1987")]
    assert sorted(p.value for p in marriage if p.dimension == "partner") == ["samantha lewes", "tom hanks"]


@pytest.mark.slow
def test_meets_over_events_on_every_engine(awards):
    results = on_every_engine(awards, [read_plan(p) for p, _ in PLANS])
    assert_byte_identical(results)
    for (plan, answers), result in zip(PLANS, results["duckdb"]):
        assert result.answers == answers, plan
        report = audit(awards, result.to_dict())
        assert report.ok, (plan, report.failures)


def _corpus_with(tmp_path, line: str) -> "Path":
    root = tmp_path / "awards"
    shutil.copytree(AWARDS, root)
    with (root / "events.jsonl").open("a", encoding="utf-8") as handle:
        handle.write(line + "\n")
    return root


@pytest.mark.parametrize("event, message", [
    ({"event": "award", "roles": {"winner": "Tom Hanks"}, "evidence": {"doc": "globes", "source_text": "Tom Hanks"}},
     "at least two role values"),
    ({"event": "award", "roles": {"winner": [], "film": "Big"}, "evidence": {"doc": "globes", "source_text": "Tom"}},
     "non-empty list"),
    ({"event": "award", "roles": {"event": "x", "film": "Big"}, "evidence": {"doc": "globes", "source_text": "Tom"}},
     "the event's type"),
    ({"event": "award", "roles": {"winner": "Tom Hanks", "film": "Big"}}, "one evidence object"),
    ({"event": "award", "roles": {"prize_money": "5", "film": "Big"}, "evidence": {"doc": "globes", "source_text": "Tom"}},
     "prize_money"),
    ({"event": "award", "roles": {"winner": "Tom Hanks", "film": "Big"},
      "evidence": {"doc": "globes", "source_text": "Tom Hanks won an Emmy."}}, "source_text"),
    ({"event": "award", "roles": {"winner": "Tom Hanks", "film": "Big"},
      "evidence": {"doc": "globes", "source_text": "Tom Hanks", "start": "zero"}}, "'start' must be int"),
])
def test_a_bad_event_is_refused_at_its_line(tmp_path, event, message):
    root = _corpus_with(tmp_path, json.dumps(event))
    with pytest.raises(CorpusError) as caught:
        read_corpus(root)
    lines = (root / "events.jsonl").read_text(encoding="utf-8").count("\n")
    assert caught.value.file.endswith("events.jsonl") and caught.value.line == lines
    assert message in str(caught.value), str(caught.value)


# ---------------------------------------------------------------------------- the LLM builder

DOC = ("The 1994 ceremony was long. At the 1994 Academy Awards, Tom Hanks won Best Actor for Philadelphia. "
       "Tom Hanks married Rita Wilson in 1988.")


def test_the_llm_builder_extracts_events_and_checks_every_role(tmp_path):
    root = tmp_path / "corpus"
    (root / "documents").mkdir(parents=True)
    (root / "documents" / "hanks.txt").write_text(DOC, encoding="utf-8")
    (root / "dimensions.jsonl").write_text("".join(json.dumps(d) + "\n" for d in [
        {"dimension": "winner", "kind": "taxonomy"}, {"dimension": "film", "kind": "taxonomy"},
        {"dimension": "year", "kind": "date", "functional": True}, {"dimension": "partner", "kind": "taxonomy"},
        {"dimension": "start", "kind": "date", "functional": True}]))
    award = "At the 1994 Academy Awards, Tom Hanks won Best Actor for Philadelphia."
    marriage = "Tom Hanks married Rita Wilson in 1988."
    events = [
        {"event": "award", "roles": [{"dimension": "winner", "value": "Tom Hanks"}, {"dimension": "film", "value": "Philadelphia"},
                                     {"dimension": "year", "value": "1994"}], "evidence": award, "confidence": 0.9},
        {"event": "marriage", "roles": [{"dimension": "partner", "value": "Tom Hanks"},
                                        {"dimension": "partner", "value": "Rita Wilson"},
                                        {"dimension": "start", "value": "1988"}], "evidence": marriage, "confidence": None},
        # a role whose value the sentence does not state: the whole event is refused
        {"event": "award", "roles": [{"dimension": "winner", "value": "Tom Hanks"}, {"dimension": "film", "value": "Big"}],
         "evidence": award, "confidence": 0.9},
        # one role is a fact, not an event
        {"event": "award", "roles": [{"dimension": "winner", "value": "Tom Hanks"}], "evidence": award, "confidence": 0.9},
        # evidence the document does not hold
        {"event": "award", "roles": [{"dimension": "winner", "value": "Tom Hanks"}, {"dimension": "year", "value": "1994"}],
         "evidence": "Tom Hanks won in 1994.", "confidence": 0.9},
    ]
    text = json.dumps({"predicates": [], "events": events})
    with ScriptedServer([reply(text)]) as server:
        config = LLMConfig(model="scripted", base_url=server.base_url, backoff_s=0.01, timeout_s=2)
        report = extract_corpus(root, tmp_path / "lattice", config)
    assert report.rejected == {"value_not_in_evidence": 1, "bad_field": 1, "evidence_not_found": 1}
    schema = server.requests[0]["response_format"]["json_schema"]["schema"]
    assert "events" in schema["required"] and "events" in server.requests[0]["messages"][0]["content"]
    lattice = load_lattice(tmp_path / "lattice")
    event = sorted((p.instance, p.dimension, p.value) for p in lattice.predicates if p.instance.startswith("award:"))
    assert event == [("award: film=philadelphia, winner=tom hanks, year=1994", d, v)
                     for d, v in [("event", "award"), ("film", "philadelphia"), ("winner", "tom hanks"), ("year", "1994")]]
    with Runner(tmp_path / "lattice", "duckdb") as runner:
        (wed, won) = runner.run([read_plan('meet(event = marriage, partner = "Rita Wilson") -> start'),
                                 read_plan("meet(event = award, year in 1990..1999) -> film")])
    assert wed.answers == ("1988",) and won.answers == ("Philadelphia",)
    assert audit(tmp_path / "lattice", wed.to_dict()).ok
