"""LLMClient and LLMConfig against a scripted OpenAI-compatible server, through the real `openai`
client: replies, 429 with Retry-After, 500s, timeouts, a truncated body, the json_schema →
json_object fallback, the call record, and how the configuration is resolved."""

from __future__ import annotations

import json
import logging

import pytest

from latweave.errors import LatweaveError
from latweave.llm import LLMClient, LLMConfig, LLMError, LLMUnavailable
from tests.support.openai_server import ScriptedServer, delay, raw, reply, status

SCHEMA = {"type": "object", "properties": {"plan": {"type": "string"}}, "required": ["plan"],
          "additionalProperties": False}
MESSAGES = [{"role": "user", "content": "hello"}]


def config(server, **kw) -> LLMConfig:
    return LLMConfig(**{"model": "scripted", "base_url": server.base_url, "backoff_s": 0.01,
                        "timeout_s": 2, **kw})


def test_good_reply_goes_through_the_real_protocol():
    with ScriptedServer([reply("hi there")]) as server:
        client = LLMClient(config(server))
        out = client.complete(MESSAGES)
    assert out.text == "hi there" and out.finish_reason == "stop" and out.attempts == 1
    assert out.prompt_tokens == 1 and out.completion_tokens == 2
    assert client.calls == 1 and client.prompt_tokens == 1 and client.completion_tokens == 2
    body = server.requests[0]
    assert body["model"] == "scripted" and body["messages"] == MESSAGES
    assert body["temperature"] == 0.0 and body["seed"] == 88 and "response_format" not in body


def test_429_then_success_honours_retry_after():
    waits: list[float] = []
    with ScriptedServer([status(429, "slow down", retry_after=0.3), reply("ok")]) as server:
        client = LLMClient(config(server), sleep=waits.append)
        out = client.complete(MESSAGES)
    assert out.text == "ok" and out.attempts == 2 and client.calls == 2
    assert waits == [0.3]   # the server's Retry-After; backoff alone would have asked for 0.01 s


def test_retries_back_off_and_retry_after_is_capped():
    waits: list[float] = []
    with ScriptedServer([status(500), status(503), status(429, retry_after=600), reply("ok")]) as server:
        client = LLMClient(config(server, backoff_s=0.25, max_retries=3), sleep=waits.append)
        assert client.complete(MESSAGES).attempts == 4
    assert waits == [0.25, 0.5, 10.0]   # doubled each retry; a Retry-After of 600 s waits 10 s


def test_500_every_time_is_unavailable_after_max_retries():
    with ScriptedServer([status(500, "boom")] * 3) as server:
        client = LLMClient(config(server, max_retries=2))
        with pytest.raises(LLMUnavailable) as info:
            client.complete(MESSAGES)
    assert len(server.requests) == 3
    assert "3 attempt(s)" in info.value.message and "HTTP 500: boom" in info.value.message


def test_other_4xx_is_an_llm_error_without_retry():
    with ScriptedServer([status(401, "bad key"), reply("never")]) as server:
        client = LLMClient(config(server))
        with pytest.raises(LLMError) as info:
            client.complete(MESSAGES)
    assert not isinstance(info.value, LLMUnavailable)
    assert "HTTP 401: bad key" in info.value.message and len(server.requests) == 1


def test_timeout_then_success():
    # (the timeout leaves the reply on time 0.8 s — a loaded machine once took over 0.3 s for it —
    # and the late one still 0.7 s past it)
    with ScriptedServer([delay(1.5, reply("late")), reply("on time")]) as server:
        client = LLMClient(config(server, timeout_s=0.8))
        out = client.complete(MESSAGES)
    assert out.text == "on time" and out.attempts == 2


def test_timeouts_only_end_unavailable_naming_the_timeout():
    with ScriptedServer([delay(1.0, reply("late"))] * 2) as server:
        client = LLMClient(config(server, timeout_s=0.2, max_retries=1))
        with pytest.raises(LLMUnavailable, match="timeout after 0.2 s"):
            client.complete(MESSAGES)


def test_truncated_json_body_is_retried_like_a_dropped_connection():
    cut = b'{"id": "chatcmpl-1", "object": "chat.completion", "choices": [{"index": 0, "mess'
    with ScriptedServer([raw(cut), reply("whole")]) as server:
        client = LLMClient(config(server))
        out = client.complete(MESSAGES)
    assert out.text == "whole" and out.attempts == 2
    with ScriptedServer([raw(cut)] * 2) as server:
        client = LLMClient(config(server, max_retries=1))
        with pytest.raises(LLMUnavailable, match="malformed response body"):
            client.complete(MESSAGES)


def test_json_schema_refused_falls_back_to_json_object_once(caplog):
    with ScriptedServer([reply('{"plan": "a"}'), reply('{"plan": "b"}')],
                        refuse_json_schema=True) as server:
        client = LLMClient(config(server))
        with caplog.at_level(logging.WARNING, logger="latweave.llm"):
            first = client.complete(MESSAGES, schema=SCHEMA, schema_name="plan")
            second = client.complete(MESSAGES, schema=SCHEMA, schema_name="plan")
    assert json.loads(first.text) == {"plan": "a"} and json.loads(second.text) == {"plan": "b"}
    kinds = [r["response_format"]["type"] for r in server.requests]
    assert kinds == ["json_schema", "json_object", "json_object"]
    assert server.requests[0]["response_format"]["json_schema"] == {
        "name": "plan", "schema": SCHEMA, "strict": True}
    assert server.requests[1]["response_format"]["schema"] == SCHEMA
    assert client.fell_back and first.attempts == 2 and second.attempts == 1
    warnings = [r for r in caplog.records if r.name == "latweave.llm"]
    assert len(warnings) == 1 and "json_object" in warnings[0].getMessage()


def test_json_schema_accepted_needs_no_fallback(caplog):
    with ScriptedServer([reply('{"plan": "a"}')]) as server:
        client = LLMClient(config(server))
        with caplog.at_level(logging.WARNING, logger="latweave.llm"):
            client.complete(MESSAGES, schema=SCHEMA)
    assert not client.fell_back and not caplog.records
    assert server.requests[0]["response_format"]["type"] == "json_schema"


def test_record_file_gets_one_line_per_call(tmp_path):
    record = tmp_path / "calls.jsonl"
    with ScriptedServer([reply("one"), status(429), reply("two"), status(500), status(500)]) as server:
        client = LLMClient(config(server, max_retries=1), record=record)
        client.complete(MESSAGES)
        client.complete(MESSAGES, schema=SCHEMA)
        with pytest.raises(LLMUnavailable):
            client.complete(MESSAGES)
    lines = [json.loads(line) for line in record.read_text().splitlines()]
    assert [line["text"] for line in lines] == ["one", "two", None]
    assert [line["attempts"] for line in lines] == [1, 2, 2]
    assert lines[0]["messages"] == MESSAGES and lines[0]["model"] == "scripted"
    assert lines[1]["response_format"]["type"] == "json_schema"
    assert lines[0]["usage"] == {"prompt_tokens": 1, "completion_tokens": 1}
    assert "HTTP 500" in lines[2]["error"]
    assert "not-needed" not in record.read_text()


# -- configuration ---------------------------------------------------------------------------

@pytest.fixture
def clean_env(monkeypatch):
    for var in ("OPENAI_BASE_URL", "OPENAI_API_KEY", "LATWEAVE_MODEL", "LATWEAVE_LLM_CONFIG"):
        monkeypatch.delenv(var, raising=False)
    return monkeypatch


def test_environment_is_honoured(clean_env):
    clean_env.setenv("OPENAI_BASE_URL", "http://env:1/v1")
    clean_env.setenv("OPENAI_API_KEY", "sk-env")
    clean_env.setenv("LATWEAVE_MODEL", "env-model")
    cfg = LLMConfig.resolve()
    assert (cfg.model, cfg.base_url, cfg.api_key) == ("env-model", "http://env:1/v1", "sk-env")
    assert cfg.fingerprint() == "env-model@http://env:1/v1" and "sk-env" not in cfg.fingerprint()


def test_flag_beats_env_beats_config_file(clean_env, tmp_path):
    path = tmp_path / "llm.json"
    path.write_text(json.dumps({"model": "file-model", "base_url": "http://file:1/v1",
                                "api_key": "sk-file", "timeout_s": 5, "seed": 7}))
    cfg = LLMConfig.resolve(config_file=path)
    assert (cfg.model, cfg.base_url, cfg.api_key, cfg.timeout_s, cfg.seed) == (
        "file-model", "http://file:1/v1", "sk-file", 5, 7)
    clean_env.setenv("LATWEAVE_MODEL", "env-model")
    clean_env.setenv("OPENAI_BASE_URL", "http://env:1/v1")
    cfg = LLMConfig.resolve(config_file=path)
    assert (cfg.model, cfg.base_url, cfg.api_key) == ("env-model", "http://env:1/v1", "sk-file")
    cfg = LLMConfig.resolve(model="flag-model", config_file=path, timeout_s=9, seed=None)
    assert (cfg.model, cfg.base_url, cfg.timeout_s, cfg.seed) == ("flag-model", "http://env:1/v1", 9, 7)


def test_config_file_from_environment(clean_env, tmp_path):
    path = tmp_path / "llm.json"
    path.write_text(json.dumps({"model": "file-model"}))
    clean_env.setenv("LATWEAVE_LLM_CONFIG", str(path))
    assert LLMConfig.resolve().model == "file-model"


def test_missing_model_is_an_error_with_a_hint(clean_env):
    with pytest.raises(LatweaveError) as info:
        LLMConfig.resolve(base_url="http://x/v1")
    assert "--model" in info.value.hint and "LATWEAVE_MODEL" in info.value.hint


def test_bad_config_file_is_an_error(clean_env, tmp_path):
    path = tmp_path / "llm.json"
    path.write_text(json.dumps({"model": "m", "temprature": 0}))
    with pytest.raises(LatweaveError, match="unknown field.*temprature"):
        LLMConfig.resolve(config_file=path)
