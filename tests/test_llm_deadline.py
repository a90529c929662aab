"""One deadline per LLM request (latweave/llm/deadline.py), and config-file values checked.

`--timeout` bounded each socket read, not the request: a server that sends a byte every half
second, or one header line every half second, or streams without end, kept `ask --timeout 5`
waiting past 90 s. These tests speak to a real scripted server on 127.0.0.1 that does exactly
that; each would run for a minute (or forever) without the deadline. No test reads a clock: each
asserts what the server sent before the client hung up (`ScriptedServer.sent`), far less than
the whole."""

from __future__ import annotations

import json

import pytest

from latweave.cli import EXIT_USER, main
from latweave.errors import LatweaveError
from latweave.llm import LLMClient, LLMConfig, LLMUnavailable
from tests.support.openai_server import ScriptedServer, clear_llm_env, llm_config_file, reply, slow_headers, trickle

MESSAGES = [{"role": "user", "content": "hello"}]
QUESTION = "Which mammals live in the water?"
#: The most pieces a server sends before a 1-2 s deadline ends the request (with one more write
#: to find the client gone): a few at 0.5 s a piece, about ten at 0.2 s — the whole is 120, or endless.
MOST_SENT = 30


@pytest.fixture(autouse=True)
def clean_env(monkeypatch):
    clear_llm_env(monkeypatch)


@pytest.mark.slow
@pytest.mark.parametrize("action", [trickle(0.5, 120), trickle(0.2, None)], ids=["trickle", "endless"])
def test_a_trickling_or_endless_body_ends_at_the_deadline(action):
    with ScriptedServer([action, reply("never reached")]) as server:
        client = LLMClient(LLMConfig(model="scripted", base_url=server.base_url, timeout_s=1,
                                     max_retries=0, backoff_s=0.01))
        with pytest.raises(LLMUnavailable, match="timeout after 1 s"):
            client.complete(MESSAGES)
        assert len(server.requests) == 1
        assert server.settled().sent[0] < MOST_SENT


def test_the_deadline_is_per_request_and_a_retry_gets_a_fresh_one():
    with ScriptedServer([trickle(0.2, None), reply("on time")]) as server:
        client = LLMClient(LLMConfig(model="scripted", base_url=server.base_url, timeout_s=1,
                                     max_retries=1, backoff_s=0.01))
        out = client.complete(MESSAGES)
    assert out.text == "on time" and out.attempts == 2


@pytest.mark.slow
def test_ask_with_timeout_2_ends_on_a_trickling_server(capsys, zoo_lattice, tmp_path):
    config = llm_config_file(tmp_path, max_retries=0)
    with ScriptedServer([trickle(0.5, 120)]) as server:
        rc = main(["ask", QUESTION, "--lattice", str(zoo_lattice), "--model", "scripted", "--base-url",
                   server.base_url, "--config", str(config), "--timeout", "2", "--json"])
        sent = server.settled().sent
    obj = json.loads(capsys.readouterr().out)
    assert rc == 7 and obj["reason"] == "planner_unavailable"   # the endpoint, not the question
    assert "timeout after 2 s" in obj["witness"]["planner_unavailable"]["last_error"]
    assert sent[0] < MOST_SENT


def test_headers_that_trickle_end_at_the_deadline_and_a_retry_gets_a_fresh_one():
    """`HTTP/1.1 200 OK`, then one header line every 0.1 s: 40 lines (4 s) before a body the
    client would take. A 0.5 s deadline covers the headers as it covers the body: the attempt
    ends as a timeout, and the retry's answer is the one returned."""
    with ScriptedServer([slow_headers(0.1, 40, reply("too late")), reply("on time")]) as server:
        client = LLMClient(LLMConfig(model="scripted", base_url=server.base_url, timeout_s=0.5,
                                     max_retries=1, backoff_s=0.01))
        out = client.complete(MESSAGES)
        sent = server.settled().sent
    assert out.text == "on time" and out.attempts == 2
    assert sent[0] < 40


def test_ask_ends_on_headers_that_never_end_with_exit_7(capsys, zoo_lattice, tmp_path):
    """The tester's hang: headers one line at a time held `ask --timeout 1` for ever. Here 30
    lines (3 s) and then a plan that would answer: with the deadline, exit 7 at 1 s."""
    config = llm_config_file(tmp_path, max_retries=0)
    plan = json.dumps({"plan": "meet(species <= mammal, habitat <= aquatic)"})
    with ScriptedServer([slow_headers(0.1, 30, reply(plan))]) as server:
        rc = main(["ask", QUESTION, "--lattice", str(zoo_lattice), "--model", "scripted", "--base-url",
                   server.base_url, "--config", str(config), "--timeout", "1", "--json"])
        sent = server.settled().sent
    obj = json.loads(capsys.readouterr().out)
    assert rc == 7 and obj["reason"] == "planner_unavailable"
    assert "timeout after 1 s" in obj["witness"]["planner_unavailable"]["last_error"]
    assert sent[0] < 30


@pytest.mark.parametrize("field,value,words", [
    ("timeout_s", -5, "timeout_s"), ("timeout_s", 0, "timeout_s"), ("timeout_s", "5", "timeout_s"),
    ("timeout_s", 1e300, "timeout_s"), ("max_retries", 1e9, "max_retries"), ("max_retries", 1000, "max_retries"),
    ("max_retries", -1, "max_retries"), ("max_retries", True, "max_retries"), ("backoff_s", -1, "backoff_s"),
    ("concurrency", 0, "concurrency"), ("model", 5, "model"), ("base_url", [], "base_url"),
    ("max_output_tokens", 0, "max_output_tokens"), ("temperature", "hot", "temperature"),
])
def test_bad_config_file_values_are_refused_with_file_and_line(tmp_path, field, value, words):
    path = tmp_path / "llm.json"
    path.write_text('{\n  "model": "m",\n  ' + json.dumps(field) + ": " + json.dumps(value) + "\n}\n")
    with pytest.raises(LatweaveError) as info:
        LLMConfig.resolve(config_file=str(path))
    text = str(info.value)
    assert f"{path}:3" in text and words in text and "hint:" in text


def test_bad_config_value_through_the_cli_is_exit_2_not_a_traceback(capsys, zoo_lattice, tmp_path):
    path = tmp_path / "llm.json"
    path.write_text(json.dumps({"model": "m", "timeout_s": -5}))
    rc = main(["ask", QUESTION, "--lattice", str(zoo_lattice), "--config", str(path)])
    err = capsys.readouterr().err
    assert rc == EXIT_USER and f"{path}:1" in err and "timeout_s" in err and "Traceback" not in err


def test_good_config_file_values_still_resolve(tmp_path):
    path = tmp_path / "llm.json"
    path.write_text(json.dumps({"model": "m", "timeout_s": 2.5, "max_retries": 0, "backoff_s": 0,
                                "concurrency": 8, "temperature": 0.7, "seed": 3}))
    config = LLMConfig.resolve(config_file=str(path))
    assert (config.timeout_s, config.max_retries, config.concurrency, config.seed) == (2.5, 0, 8, 3)


def test_direct_construction_is_checked_too():
    with pytest.raises(LatweaveError, match="max_retries"):
        LLMConfig(model="m", max_retries=10**9)
