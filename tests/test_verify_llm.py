"""`latweave verify --text`: a claim's text written down by the model (the query translator's
second form), through the real `openai` client against a scripted server on 127.0.0.1 — checked,
repaired, cached, replayed; a text it cannot write down is not judged."""

from __future__ import annotations

import json

import pytest

from latweave.cli import main
from latweave.plan.parser import parse_claims
from latweave.planner.prompt import CLAIM_BRIEF
from tests.support.openai_server import ScriptedServer, llm_config_file, reply, status


@pytest.mark.parametrize("claim, comment", CLAIM_BRIEF)
def test_every_claim_brief_example_parses(claim, comment):
    assert parse_claims(claim).assertions


def _common(zoo_lattice, tmp_path, url):
    config = llm_config_file(tmp_path, timeout_s=2, max_retries=1)
    return ["verify", "--lattice", str(zoo_lattice), "--model", "scripted", "--base-url", url,
            "--config", str(config), "--cache", str(tmp_path / "claims.jsonl"), "--json"]


@pytest.mark.slow
def test_a_text_claim_is_written_down_repaired_and_verified(zoo_lattice, tmp_path, capsys):
    text = "Whales live longer than dogs, and both eat meat."
    script = [reply('{"claim": "meet(species <= mammal)"}'),           # a question, not a claim
              reply(json.dumps({"claim": "argmax(lifespan_years, [Whale, Dog]) is Whale & same(diet, Whale, Dog)"}))]
    with ScriptedServer(script) as server:
        assert main([*_common(zoo_lattice, tmp_path, server.base_url), "--text", text]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["verdict"] == "supported" and out["text"] == text
    assert out["claim"] == "argmax(lifespan_years, [Whale, Dog]) is Whale & same(diet, Whale, Dog)"
    assert out["translator"] == {"calls": 2, "repairs": 1, "cached": False}
    assert [a["verdict"] for a in out["assertions"]] == ["supported", "supported"]
    first, second = server.requests
    assert "claims form" in first["messages"][0]["content"] and first["messages"][1]["content"].endswith(f"Claim: {text}")
    assert "not_a_claim" not in second["messages"][-1]["content"]   # the labelled error, in words
    assert "a meet asks a question" in second["messages"][-1]["content"]
    # replayed from the cache, nothing listening: the same verification
    assert main([*_common(zoo_lattice, tmp_path, "http://127.0.0.1:9/v1"), "--replay", "--text", text]) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["translator"]["cached"] and again["assertions"] == out["assertions"]


def test_a_text_that_cannot_be_written_down_is_not_judged(zoo_lattice, tmp_path, capsys):
    with ScriptedServer([reply("I think it is true.")] * 3) as server:
        rc = main([*_common(zoo_lattice, tmp_path, server.base_url), "--repairs", "2",
                   "--save", str(tmp_path / "v.json"), "--text", "Whales are the best."])
    out = json.loads(capsys.readouterr().out)
    assert rc == 3 and out["verdict"] == "not_enough_evidence" and out["claim"] is None
    assert out["reason"] == "planner_failure" and "claim" in out["last_error"] and out["assertions"] == []
    assert len(server.requests) == 3
    assert main(["audit", "--lattice", str(zoo_lattice), str(tmp_path / "v.json")]) == 0   # nothing to check
    assert "nothing to check" in capsys.readouterr().out
    with ScriptedServer(lambda body, n: status(503, "overloaded")) as server:
        rc = main([*_common(zoo_lattice, tmp_path, server.base_url), "--text", "Dogs fly."])
    assert rc == 7 and json.loads(capsys.readouterr().out)["reason"] == "planner_unavailable"   # unreachable


def test_text_and_a_written_claim_are_not_both_given(zoo_lattice, tmp_path, capsys):
    rc = main([*_common(zoo_lattice, tmp_path, "http://127.0.0.1:9/v1"), "--text", "x", "same(diet, Whale, Dog)"])
    assert rc == 2 and "not both" in capsys.readouterr().out     # --json: the error as JSON
