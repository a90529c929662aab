"""The LLM planner's parts — the prompt (grammar brief, L1, L2, exemplars), reply parsing, the
plan cache — and `latweave eval --planner llm` on the PathQuestion fixture against a scripted
server that answers by reading the question, then the same evaluation replayed from the cache."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from latweave.errors import LatweaveError, SourceError
from latweave.eval.datasets import load_pathquestion
from latweave.eval.splits import split_pathquestion
from latweave.lattice.model import Dimension, Lattice
from latweave.folder.store import load_lattice
from latweave.llm import LLMConfig
from latweave.plan.printer import to_text
from latweave.plan.read import read_plan
from latweave.planner.base import PLANNER_REASONS
from latweave.planner.cache import PlanCache, cache_key, schema_hash
from latweave.planner.llm import LLMPlanner, exemplars_from, plan_text_of
from latweave.planner.oracle import chain_plan
from latweave.planner.prompt import (GRAMMAR_BRIEF, PROMPT_VERSION, PromptBuilder, read_exemplars,
                                     vocabulary)
from tests.support.openai_server import ScriptedServer, clear_llm_env, llm_config_file, reply, status

FIXTURE = Path(__file__).parent / "fixtures" / "pathquestion"


@pytest.fixture(autouse=True)
def clean_env(monkeypatch):
    clear_llm_env(monkeypatch)


@pytest.fixture(scope="module")
def fixture_kb(tmp_path_factory):
    from latweave.ingest.write import save_lattice
    from latweave.ingest.kb import BuildReport, lattice_from_triples, read_pathquestion_kb

    triples = list(read_pathquestion_kb(FIXTURE / "kb.txt", BuildReport()))
    out = tmp_path_factory.mktemp("pqllm") / "lattice"
    save_lattice(lattice_from_triples(triples, "fixture", BuildReport()), out)
    return load_lattice(out)


# -- the prompt ------------------------------------------------------------------------------

@pytest.mark.parametrize("plan,comment", GRAMMAR_BRIEF, ids=[c for _, c in GRAMMAR_BRIEF])
def test_every_brief_example_parses(plan, comment):
    parsed = read_plan(plan)
    assert read_plan(to_text(parsed)) == parsed


def test_system_prompt_has_brief_rules_l1_and_exemplars(zoo_lattice):
    lattice = load_lattice(zoo_lattice)
    exemplars = read_exemplars(Path(__file__).parents[1] / "corpora" / "zoo" / "exemplars.jsonl")
    system = PromptBuilder(lattice, exemplars).system
    order = [system.index(s) for s in ("The plan language, by example:", "Rules:", "Dimensions (",
                                       "Examples (question, then the reply):")]
    assert order == sorted(order)
    l1 = [line for line in system.splitlines() if line.startswith("- ") and "(" in line and
          line.split()[1] in {"diet", "first_described", "habitat", "lifespan_years", "species"}]
    assert [line.split()[1] for line in l1] == ["diet", "first_described", "habitat", "lifespan_years", "species"]
    assert "- lifespan_years (number, one value each)" in system
    assert "amphibious < aquatic & terrestrial" in system and "whale < mammal" in system
    assert json.dumps({"plan": "meet(habitat = amphibious)"}) in system
    assert len(exemplars) >= 8


def test_user_prompt_has_l2_anchors_with_their_dimensions(zoo_lattice):
    builder = PromptBuilder(load_lattice(zoo_lattice))
    user = builder.user("Which lives longer, the Whale or the Dog?")
    assert ('- "Whale" is the entity Whale, which has: diet, first_described, habitat, lifespan_years, species'
            in user)
    assert '"Dog" is the entity Dog' in user
    assert user.endswith("Question: Which lives longer, the Whale or the Dog?")
    assert "No entity of the lattice" in builder.user("Which birds eat fish?")


def test_l2_lists_only_the_dimensions_the_entity_has(fixture_kb):
    user = PromptBuilder(fixture_kb).user("what is the religion of fritz_of_z 's wife ?")
    assert 'the entity fritz_of_z, which has: spouse\n' in user + "\n"


def test_vocabulary_is_capped_for_big_lattices():
    lattice = Lattice(name="big")
    for i in range(300):
        lattice.add_dimension(Dimension(f"relation_{i:03d}"))
    text = vocabulary(lattice, max_dimensions=150)
    assert text.count("\n- ") == 150 and "showing the 150 most used of 300 dimensions" in text
    assert "relation_000" in text and "relation_299" not in text


def test_exemplars_come_from_train_one_per_relation_path(fixture_kb):
    examples = load_pathquestion(FIXTURE / "questions.txt")
    chosen = exemplars_from(examples, fixture_kb, k=3)
    assert [e.plan for e in chosen] == [
        to_text(chain_plan("anna_of_x", ["spouse", "nationality"])),
        to_text(chain_plan("anna_of_x", ["children", "gender"])),
        to_text(chain_plan("bob_of_y", ["parents", "place_of_birth"]))]
    assert chosen[0].question == examples[0].question          # first by qid; the paraphrase is skipped
    split = split_pathquestion(examples)
    planner = LLMPlanner(fixture_kb, LLMConfig(model="m"))
    planner.fit(split["train"], split["dev"] + split["test"])
    train_questions = {e.question for e in split["train"]}
    assert planner.exemplars and all(e.question in train_questions for e in planner.exemplars)


def test_bad_exemplar_file_names_the_line(tmp_path):
    path = tmp_path / "ex.jsonl"
    path.write_text('{"question": "q", "plan": "meet(a = b)"}\n{"question": "q2", "plan": "meet(a = "}\n')
    with pytest.raises(SourceError) as info:
        read_exemplars(path)
    assert info.value.line == 2 and "does not parse" in info.value.message


def test_plan_text_of_replies():
    assert plan_text_of('{"plan": "meet(a = b)"}') == "meet(a = b)"
    assert plan_text_of('```json\n{"plan": "meet(a = b)"}\n```') == "meet(a = b)"
    assert plan_text_of('Sure! {"plan": "meet(a = b)"} Hope this helps.') == "meet(a = b)"
    for bad in ("meet(a = b)", '{"plan": 3}', '{"answer": "x"}', "", '{"plan": "  "}'):
        with pytest.raises(LatweaveError):
            plan_text_of(bad)


def test_new_reasons_are_listed():
    assert {"planner_failure", "planner_unavailable", "cache_miss"} <= set(PLANNER_REASONS)


# -- the cache -------------------------------------------------------------------------------

def test_cache_survives_a_truncated_last_line(tmp_path):
    path = tmp_path / "plans.jsonl"
    cache = PlanCache(path)
    cache.put({"key": "a", "plan": "meet(x = y)"})
    cache.put({"key": "b", "plan": "meet(x = z)"})
    with path.open("a") as handle:
        handle.write('{"key": "c", "plan": "meet(x')          # a crash mid-write
    again = PlanCache(path)
    assert again.skipped == 1 and set(again.entries) == {"a", "b"}
    again.put({"key": "d", "plan": "meet(x = w)"})
    again.put({"key": "a", "plan": "meet(x = v)"})             # a later line wins
    third = PlanCache(path)
    assert third.skipped == 1 and third.get("d")["plan"] == "meet(x = w)" and third.get("a")["plan"] == "meet(x = v)"
    assert len(path.read_text().splitlines()) == 5


def test_schema_hash_follows_the_vocabulary_not_the_facts(zoo_lattice):
    lattice = load_lattice(zoo_lattice)
    before = schema_hash(lattice)
    lattice.predicates.discard(next(iter(sorted(lattice.predicates))))
    assert schema_hash(lattice) == before
    lattice.add_dimension(Dimension("colour"))
    assert schema_hash(lattice) != before
    keys = {cache_key("q", before, "m", PROMPT_VERSION), cache_key("q", before, "m2", PROMPT_VERSION),
            cache_key("q", before, "m", PROMPT_VERSION + "x"), cache_key("q2", before, "m", PROMPT_VERSION)}
    assert len(keys) == 4


@pytest.mark.slow
def test_failures_are_cached_but_unavailability_is_not(tmp_path, zoo_lattice):
    lattice = load_lattice(zoo_lattice)
    cache = tmp_path / "plans.jsonl"
    with ScriptedServer(lambda body, n: status(503, "overloaded")) as server:
        cfg = LLMConfig(model="scripted", base_url=server.base_url, backoff_s=0.01, timeout_s=2, max_retries=1)
        out = LLMPlanner(lattice, cfg, cache=cache).plan("Which mammals swim?", "q1")
    assert out.reason == "planner_unavailable" and not cache.exists()
    with ScriptedServer([reply("garbage")] * 3) as server:
        cfg = LLMConfig(model="scripted", base_url=server.base_url, backoff_s=0.01, timeout_s=2)
        first = LLMPlanner(lattice, cfg, cache=cache).plan("Which mammals swim?", "q1")
        second = LLMPlanner(lattice, cfg, cache=cache).plan("Which mammals swim?", "q1")
    assert first.reason == second.reason == "planner_failure" and len(server.requests) == 3
    assert second.trace["cached"] and second.trace["last_error"] == first.trace["last_error"]
    assert second.trace["original"] == {"calls": 3, "repairs": 2}


# -- eval ------------------------------------------------------------------------------------

@pytest.mark.slow
def test_eval_with_the_llm_planner_and_its_offline_replay(tmp_path, capsys):
    from latweave.cli import main

    examples = load_pathquestion(FIXTURE / "questions.txt")
    gold = {e.question: to_text(chain_plan(e.gold["anchor"], e.gold["path"])) for e in examples}
    train = split_pathquestion(examples)["train"]
    refused = train[3].question       # the scripted model never answers this one usefully

    def script(body, n):
        question = body["messages"][1]["content"].rsplit("Question: ", 1)[1]
        return reply("no idea" if question == refused else json.dumps({"plan": gold[question]}))

    config = llm_config_file(tmp_path, timeout_s=2)
    common = ["eval", "pathquestion", "--questions", str(FIXTURE / "questions.txt"), "--kb", str(FIXTURE / "kb.txt"),
              "--split", "train", "--planner", "llm", "--model", "scripted", "--config", str(config),
              "--cache", str(tmp_path / "plans.jsonl"), "--lattices", str(tmp_path / "lattices"), "--json"]
    with ScriptedServer(script) as server:
        assert main([*common, "--base-url", server.base_url, "--out", str(tmp_path / "a.jsonl")]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["planner"] == "llm" and report["oracle"] is False and report["n"] == len(train) == 10
    assert len(server.requests) == 9 + 3                 # one call per good question, 1 + 2 repairs for the refused
    records = [json.loads(line) for line in (tmp_path / "a.jsonl").read_text().splitlines()]
    failed = [r for r in records if r["status"] == "abstain"]
    assert [(r["question"], r["reason"], r["abstained_by"]) for r in failed] == [(refused, "planner_failure", "planner")]
    assert all(r["metrics"]["any_hit"] == 1.0 for r in records if r["question"] != refused)
    system = server.requests[0]["messages"][0]["content"]
    shown = [line[len("Question: "):] for line in system.splitlines() if line.startswith("Question: ")]
    assert shown and set(shown) <= {e.question for e in train}

    # the same evaluation from the cache alone, with nothing listening: byte-identical records
    assert main([*common, "--replay", "--base-url", "http://127.0.0.1:9/v1", "--out", str(tmp_path / "b.jsonl")]) == 0
    replayed = json.loads(capsys.readouterr().out)
    assert (tmp_path / "a.jsonl").read_bytes() == (tmp_path / "b.jsonl").read_bytes()
    assert replayed["metrics"] == report["metrics"]


def test_oracle_refuses_datasets_without_gold_plans(tmp_path, capsys):
    from latweave.cli import main

    qfile = tmp_path / "dev.json"
    qfile.write_text(json.dumps([{"_id": "a1", "type": "comparison", "question": "Who is older, A or B?",
                                  "answer": "A", "evidences": [["A", "date of birth", "1900"],
                                                               ["B", "date of birth", "1910"]]}]))
    rc = main(["eval", "2wiki", "--questions", str(qfile), "--planner", "oracle", "--lattices", str(tmp_path / "c")])
    err = capsys.readouterr().err
    assert rc == 2 and "needs gold plans" in err and "--planner offline" in err
