"""What the LLM transport does with an endpoint that misbehaves or is misconfigured, through the
real `openai` client against a scripted server on 127.0.0.1 (issues 42.5 and 43.6):

- JSON nested deeper than the reader goes — a response body of 200,000 `[`, or message content
  of 100,000 `[` — is a malformed body (retried, then exit 7) or a reply sent back for repair,
  in `ask`, `verify --text` and `build --extract llm`; never a RecursionError;
- a base URL that is no endpoint (`http://[::1`, `notaurl`, `ftp://x`, port 99999), from the
  flag, `$OPENAI_BASE_URL` or `--config`, is exit 2 at once, naming where it was given;
- no base URL and no key is refused before any request (the openai package would send the
  question to its own default host);
- a connection error names the URL and the cause, and each retry says so on stderr;
- `-v` shows each request's endpoint and model, each raw reply and each rejected plan, and a
  planner failure's error is shown as lines (caret, hint), not as a literal `\\n  hint:`."""

from __future__ import annotations

import io
import json

import pytest

from latweave.cli import EXIT_ABSTAIN, EXIT_ENGINE, EXIT_LLM_UNREACHABLE, EXIT_USER, main
from latweave.paths import RULES
from tests.support.openai_server import ScriptedServer, llm_config_file, raw, reply

QUESTION = "Which mammals live in the water?"
BIOS = RULES.parent / "corpora" / "bios"
DEEP_BODY = b"[" * 200_000
DEEP_CONTENT = "[" * 100_000


@pytest.fixture(autouse=True)
def clean_env(monkeypatch):
    for var in ("OPENAI_BASE_URL", "OPENAI_API_KEY", "LATWEAVE_MODEL", "LATWEAVE_LLM_CONFIG"):
        monkeypatch.delenv(var, raising=False)
    return monkeypatch


@pytest.fixture
def fast_config(tmp_path):
    return llm_config_file(tmp_path, timeout_s=5, max_retries=1)


def _ask(zoo_lattice, url, config, *extra):
    return main(["ask", QUESTION, "--lattice", str(zoo_lattice), "--model", "scripted", "--base-url", url,
                 "--config", str(config), *extra])


# -- nesting -----------------------------------------------------------------------------------

def test_a_body_nested_too_deeply_is_retried_then_exit_7(capsys, zoo_lattice, fast_config):
    with ScriptedServer([raw(DEEP_BODY)] * 2) as server:
        rc = _ask(zoo_lattice, server.base_url, fast_config, "--json")
    obj = json.loads(capsys.readouterr().out)
    assert rc == EXIT_LLM_UNREACHABLE and obj["reason"] == "planner_unavailable"
    assert "malformed response body (nested too deeply)" in obj["witness"]["planner_unavailable"]["last_error"]
    assert len(server.requests) == 2


def test_content_nested_too_deeply_goes_back_for_repair(capsys, zoo_lattice, fast_config):
    good = json.dumps({"plan": "meet(species <= mammal, habitat <= aquatic)"})
    with ScriptedServer([reply(DEEP_CONTENT), reply(good)]) as server:
        rc = _ask(zoo_lattice, server.base_url, fast_config, "--json")
    obj = json.loads(capsys.readouterr().out)
    assert rc == 0 and obj["answers"] == ["Whale"] and obj["planner"]["repairs"] == 1
    assert "not a JSON object" in server.requests[1]["messages"][-1]["content"]


def test_verify_text_with_content_nested_too_deeply_is_not_judged(capsys, zoo_lattice, fast_config):
    with ScriptedServer([reply(DEEP_CONTENT)] * 3) as server:
        rc = main(["verify", "--text", "Whales fly.", "--lattice", str(zoo_lattice), "--model", "scripted",
                   "--base-url", server.base_url, "--config", str(fast_config), "--json"])
    obj = json.loads(capsys.readouterr().out)
    assert rc == EXIT_ABSTAIN and obj["reason"] == "planner_failure" and obj["claim"] is None
    assert len(server.requests) == 3


def test_build_extract_with_nesting_fails_the_windows_or_exits_7(capsys, tmp_path, fast_config):
    out = tmp_path / "bios"
    argv = ["build", str(BIOS), "--extract", "llm", "--out", str(out), "--model", "scripted",
            "--config", str(fast_config), "--json"]
    with ScriptedServer(lambda body, n: reply(DEEP_CONTENT)) as server:
        rc = main([*argv, "--base-url", server.base_url])
    assert rc == EXIT_ENGINE and "nested too deeply" in capsys.readouterr().out   # each window failed, reported
    with ScriptedServer(lambda body, n: raw(DEEP_BODY)) as server:
        rc = main([*argv, "--base-url", server.base_url, "--cache", str(tmp_path / "other-cache")])
    assert rc == EXIT_LLM_UNREACHABLE and "nested too deeply" in capsys.readouterr().out


# -- base URLs ---------------------------------------------------------------------------------

BAD_URLS = ["http://[::1", "notaurl", "ftp://x", "http://127.0.0.1:99999/v1"]


@pytest.mark.parametrize("url", BAD_URLS)
@pytest.mark.parametrize("given", ["flag", "env", "config"])
def test_a_base_url_that_is_no_endpoint_is_exit_2_naming_the_setting(capsys, zoo_lattice, tmp_path, clean_env,
                                                                     url, given):
    config = tmp_path / "llm.json"    # the default retries: 7.5 s of backoff if the URL were tried
    lines = ["{", '  "max_retries": 4,', '  "backoff_s": 0.5', "}"]
    if given == "config":
        lines[2:3] = ['  "backoff_s": 0.5,', f'  "base_url": {json.dumps(url)}']
    config.write_text("\n".join(lines) + "\n")
    argv = ["ask", QUESTION, "--lattice", str(zoo_lattice), "--model", "m", "--config", str(config)]
    if given == "flag":
        argv += ["--base-url", url]
    elif given == "env":
        clean_env.setenv("OPENAI_BASE_URL", url)
    rc = main(argv)
    captured = capsys.readouterr()
    where = {"flag": "(--base-url)", "env": "($OPENAI_BASE_URL)", "config": f"{config}:4"}[given]
    assert rc == EXIT_USER and captured.out == ""
    assert where in captured.err and "base_url" in captured.err and json.dumps(url) in captured.err
    assert "hint:" in captured.err and "retry" not in captured.err and "Traceback" not in captured.err


def test_no_base_url_and_no_key_is_refused_before_any_request(capsys, zoo_lattice, tmp_path):
    rc = main(["ask", QUESTION, "--lattice", str(zoo_lattice), "--model", "m"])
    err = capsys.readouterr().err
    assert rc == EXIT_USER and "https://api.openai.com/v1" in err and "--base-url" in err and "--api-key" in err
    # the builder's four workers: each refused, none sends a request (none is retried)
    rc = main(["build", str(BIOS), "--extract", "llm", "--out", str(tmp_path / "bios"), "--model", "m"])
    err = capsys.readouterr().err
    assert rc == EXIT_USER and "no LLM endpoint given" in err and "retry" not in err


# -- what the user is told ---------------------------------------------------------------------

def test_a_closed_port_names_the_url_and_the_cause_and_each_retry_is_told(capsys, zoo_lattice, tmp_path):
    config = llm_config_file(tmp_path, max_retries=2)
    with ScriptedServer([]) as server:
        url = server.base_url
    rc = main(["ask", QUESTION, "--lattice", str(zoo_lattice), "--model", "m", "--base-url", url,
               "--config", str(config), "--json"])
    captured = capsys.readouterr()
    last = json.loads(captured.out)["witness"]["planner_unavailable"]["last_error"]
    assert rc == EXIT_LLM_UNREACHABLE and url in last and "Connection refused" in last
    retries = [line for line in captured.err.splitlines() if "retry" in line]
    assert len(retries) == 2 and all(url in line and "Connection refused" in line for line in retries)
    assert "retry 1 of 2" in retries[0] and "retry 2 of 2" in retries[1]


def test_verbose_shows_endpoint_model_raw_replies_and_rejected_plans(capsys, zoo_lattice, fast_config):
    bad = json.dumps({"plan": "meet(speces <= mammal)"})
    good = json.dumps({"plan": "meet(species <= mammal, habitat <= aquatic)"})
    with ScriptedServer([reply(bad), reply(good)]) as server:
        rc = _ask(zoo_lattice, server.base_url, fast_config, "-v")
    err = capsys.readouterr().err
    assert rc == 0
    assert err.count(f"asking scripted at {server.base_url}") == 2
    assert bad in err and good in err                                  # the raw replies
    assert "rejected plan" in err and "unknown dimension 'speces'" in err
    with ScriptedServer([reply(good)]) as server:
        _ask(zoo_lattice, server.base_url, fast_config)
    assert capsys.readouterr().err == ""                               # quiet without -v


def test_a_planner_failure_shows_its_error_as_lines(capsys, zoo_lattice, fast_config):
    with ScriptedServer([reply(json.dumps({"plan": "meet(speces <= mammal)"}))] * 3) as server:
        rc = _ask(zoo_lattice, server.base_url, fast_config)
    out = capsys.readouterr().out
    assert rc == EXIT_ABSTAIN and "\\n" not in out
    lines = [line.strip(" │└├─") for line in out.splitlines()]
    assert "hint: did you mean 'species'?" in lines and "^" in lines


def test_a_claim_nobody_wrote_down_shows_the_error_as_lines():
    """`verify --text`'s rendering, when the translator gave up: the labelled error's lines."""
    from rich.console import Console

    from latweave.verify import Verification

    error = "line 1, column 14: unknown dimension 'speces'\n  hint: did you mean 'species'?"
    console = Console(width=100, color_system=None, record=True, file=io.StringIO())
    console.print(Verification(None, (), text="Whales are mammals.", reason="planner_failure", last_error=error))
    lines = [line.strip(" │└├─") for line in console.export_text().splitlines()]
    assert "\\n" not in console.export_text() and "hint: did you mean 'species'?" in lines
