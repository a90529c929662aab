"""`ask` through the server: the question planned by the configured LLM — a scripted
OpenAI-compatible server on 127.0.0.1 spoken to by the real `openai` client — then run; the answer
is the bytes `latweave ask --json` prints, and an endpoint that cannot be reached is a 502 (the
table's status for the CLI's exit 7) with the same JSON."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("mcp")
httpx = pytest.importorskip("httpx")

from latweave.cli import EXIT_LLM_UNREACHABLE, EXIT_OK, main  # noqa: E402
from latweave.serve.config import ServeConfig  # noqa: E402
from tests.support.openai_server import ScriptedServer, clear_llm_env, llm_config_file, reply  # noqa: E402
from tests.support.serving import running  # noqa: E402

GOOD = "meet(species <= mammal, habitat <= aquatic)"
QUESTION = "Which mammals live in the water?"


@pytest.fixture(autouse=True)
def clean_env(monkeypatch):
    clear_llm_env(monkeypatch)


@pytest.fixture
def fast_config(tmp_path):
    return llm_config_file(tmp_path, timeout_s=2, max_retries=1)


def cli_ask(capsys, url, lattice, config) -> tuple[int, bytes]:
    code = main(["ask", QUESTION, "--lattice", str(lattice), "--model", "scripted", "--base-url", url,
                 "--config", str(config), "--json"])
    return code, capsys.readouterr().out.encode("utf-8")


def test_ask_is_the_cli_s_answer_byte_for_byte(capsys, zoo_lattice, fast_config):
    answer_plan = json.dumps({"plan": GOOD})
    with ScriptedServer([reply(answer_plan)]) as llm:
        config = ServeConfig({"zoo": zoo_lattice}, llm={"model": "scripted", "base_url": llm.base_url,
                                                        "config": str(fast_config)}).checked()
        with running(config) as url:
            answer = httpx.post(url + "/lattices/zoo/ask", json={"question": QUESTION}, timeout=60)
        asked = llm.requests[0]["messages"]
    with ScriptedServer([reply(answer_plan)]) as llm:
        code, printed = cli_ask(capsys, llm.base_url, zoo_lattice, fast_config)
    assert (answer.status_code, code) == (200, EXIT_OK)
    assert answer.content == printed
    assert answer.json()["answers"] == ["Whale"] and QUESTION in asked[1]["content"]


def test_an_unreachable_endpoint_is_502_with_the_cli_s_json(capsys, zoo_lattice, fast_config):
    with ScriptedServer([]) as llm:   # started and stopped: its port now refuses
        gone = llm.base_url
    config = ServeConfig({"zoo": zoo_lattice}, llm={"model": "scripted", "base_url": gone,
                                                    "config": str(fast_config)}).checked()
    with running(config) as url:
        answer = httpx.post(url + "/lattices/zoo/ask", json={"question": QUESTION}, timeout=60)
        no_question = httpx.post(url + "/lattices/zoo/ask", json={}, timeout=60)
    code, printed = cli_ask(capsys, gone, zoo_lattice, fast_config)
    assert (answer.status_code, code) == (502, EXIT_LLM_UNREACHABLE)
    assert answer.content == printed
    assert no_question.status_code == 400
