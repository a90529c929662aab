"""`latweave serve` is safe by default: it refuses to start where it would be open (a non-loopback
bind without a token, writes without a token, a short token), every request needs the token when
there is one (the MCP endpoint too), CORS is off unless asked, the engine's time is bounded (504
with the CLI's message), one table maps every error class to its exit code and HTTP status, the
OpenAPI document lists every route, and without the serve extra the command says how to install it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("mcp")
httpx = pytest.importorskip("httpx")

from latweave.serve.config import Limits, ServeConfig  # noqa: E402
from tests.support.cli import cli, wide_terminal  # noqa: E402,F401
from tests.support.serving import WAIT_S, cli_bytes, running  # noqa: E402

TOKEN = "a-test-token-of-enough-length"


@pytest.fixture
def no_token_env(monkeypatch):
    """No token in the environment, and a start that should have been refused fails the test at
    once instead of serving (so these tests stay bounded whatever the code does)."""
    import latweave.serve.run

    def started(*args, **kwargs):
        raise AssertionError("the server started where it should have refused to")

    monkeypatch.delenv("LATWEAVE_TOKEN", raising=False)
    monkeypatch.setattr(latweave.serve.run, "serve", started)


@pytest.mark.parametrize("argv, message", [
    (["--host", "0.0.0.0"], "binding 0.0.0.0 (not this machine's loopback) needs a bearer token"),
    (["--host", "192.168.1.20"], "needs a bearer token"),
    (["--allow-writes"], "--allow-writes needs a bearer token"),
    (["--cors", "not an origin"], "is not an origin"),
    (["--lattice", "other=/nowhere"], "not a lattice folder"),
    (["--lattice", f"zoo=/nowhere"], "is given twice"),
    (["--lattice", "../x=/nowhere"], "is not a lattice name"),
    (["--sessions", "65"], "--sessions is a whole number from 1 to 64"),
])
def test_an_unsafe_or_wrong_start_is_refused_with_exit_2_and_a_hint(capsys, zoo_lattice, no_token_env, argv, message):
    code, out, err = cli(capsys, "serve", "--lattice", f"zoo={zoo_lattice}", *argv)
    assert code == 2 and message in err and "hint:" in err


def test_a_token_comes_from_a_file_or_the_environment_never_the_command_line(capsys, zoo_lattice, tmp_path,
                                                                             monkeypatch, no_token_env):
    short = tmp_path / "short"
    short.write_text("abc\n")
    code, _, err = cli(capsys, "serve", "--lattice", f"zoo={zoo_lattice}", "--token-file", short)
    assert code == 2 and "at least 16" in err
    code, _, err = cli(capsys, "serve", "--lattice", f"zoo={zoo_lattice}", "--token", TOKEN)
    assert code == 2 and "unrecognized arguments: --token" in err
    from latweave.serve.config import read_token

    good = tmp_path / "token"
    good.write_text(TOKEN + "\n")
    assert read_token(str(good), {}) == TOKEN
    assert read_token(None, {"LATWEAVE_TOKEN": TOKEN}) == TOKEN and read_token(None, {}) is None


def test_without_the_serve_extra_the_command_says_how_to_install_it(capsys, zoo_lattice, monkeypatch, no_token_env):
    import latweave.serve

    monkeypatch.setattr(latweave.serve, "NEEDS", ("starlette", "no_such_module_for_latweave"))
    code, _, err = cli(capsys, "serve", "--lattice", f"zoo={zoo_lattice}")
    assert code == 2 and "no_such_module_for_latweave" in err and "pip install 'latweave[serve]'" in err
    code, _, err = cli(capsys, "mcp", "--lattice", f"zoo={zoo_lattice}")
    assert code == 2 and "pip install 'latweave[serve]'" in err


def test_every_request_needs_the_token_when_there_is_one(zoo_lattice):
    with running(ServeConfig({"zoo": zoo_lattice}, token=TOKEN).checked()) as url:
        for headers in ({}, {"Authorization": "Bearer wrong-token-wrong-token"}, {"Authorization": TOKEN}):
            for path in ("/lattices", "/openapi.json", "/mcp", "/nothing"):
                answer = httpx.get(url + path, headers=headers, timeout=30)
                assert answer.status_code == 401, (path, headers)
                assert answer.json()["error"] == "Unauthorized" and answer.headers["www-authenticate"] == "Bearer"
        good = httpx.get(url + "/lattices", headers={"Authorization": f"Bearer {TOKEN}"}, timeout=30)
        assert good.status_code == 200 and good.json()["lattices"][0]["name"] == "zoo"


def test_the_page_loads_without_the_token_and_only_its_own_files(zoo_lattice):
    """The page and its two files hold no lattice data: a browser opens them without a header, and
    they come with a Content-Security-Policy (own script and style only, no inline script). Any
    other name under /static/ is the token's (401), and with the token not a file (404)."""
    from latweave.serve.page import read_files

    shipped = read_files()
    assert set(shipped) == {"index.html", "page.js", "page.css"} and all(body for body, _ in shipped.values())
    with running(ServeConfig({"zoo": zoo_lattice}, token=TOKEN).checked()) as url:
        for path, media in (("/", "text/html"), ("/static/page.js", "text/javascript"), ("/static/page.css", "text/css")):
            answer = httpx.get(url + path, timeout=30)
            assert answer.status_code == 200 and answer.headers["content-type"].startswith(media), path
            assert "script-src 'self'" in answer.headers["content-security-policy"]
            assert answer.headers["x-content-type-options"] == "nosniff"
        assert httpx.post(url + "/", timeout=30).status_code == 401
        for path in ("/static/index.html", "/static/..%2Fpage.py", "/static/nothing.js"):
            assert httpx.get(url + path, timeout=30).status_code == 401, path
            assert httpx.get(url + path, headers={"Authorization": f"Bearer {TOKEN}"}, timeout=30).status_code == 404


def test_the_page_script_never_parses_data_as_html():
    """Lattice strings reach the page through textContent and DOM calls (test_serve_page.py shows a
    hostile name rendered as text in a browser); this holds the script to it where no browser is."""
    import re

    from latweave.serve.page import read_files

    script = read_files()["page.js"][0].decode("utf-8")
    code = "\n".join(line for line in script.splitlines() if not line.lstrip().startswith("//"))
    assert not re.search(r"innerHTML|outerHTML|insertAdjacentHTML|document\.write|\beval\(|new Function", code)
    assert not re.search(r"https?://", code)     # nothing fetched from elsewhere


def test_cors_is_off_unless_asked(zoo_lattice):
    origin = {"Origin": "https://app.example.com"}
    with running(ServeConfig({"zoo": zoo_lattice}).checked()) as url:
        assert "access-control-allow-origin" not in httpx.get(url + "/lattices", headers=origin, timeout=30).headers
    with running(ServeConfig({"zoo": zoo_lattice}, cors=("https://app.example.com",)).checked()) as url:
        answer = httpx.get(url + "/lattices", headers=origin, timeout=30)
        assert answer.headers["access-control-allow-origin"] == "https://app.example.com"
        other = httpx.get(url + "/lattices", headers={"Origin": "https://evil.example.com"}, timeout=30)
        assert "access-control-allow-origin" not in other.headers


@pytest.mark.slow   # subprocesses, or servers started twice: over two seconds
def test_the_engine_s_time_is_bounded_504_with_the_cli_s_message(zoo_lattice):
    plan = "meet(species <= animal)"
    with running(ServeConfig({"zoo": zoo_lattice}, engine="duckdb", limits=Limits(engine_s=1e-6)).checked()) as url:
        answer = httpx.post(url + "/lattices/zoo/run", json={"plan": plan}, timeout=60)
    code, printed = cli_bytes("run", plan, "--lattice", zoo_lattice, "--engine", "duckdb", "--engine-timeout",
                              "1e-6", "--json", "--limit", "100")
    assert (answer.status_code, code) == (504, 4)
    assert answer.json()["error"] == "EngineTimeout" and answer.content == printed


def test_the_openapi_document_lists_every_route(zoo_lattice):
    from latweave.serve.app import create_app
    from latweave.serve.routes import ENDPOINTS

    app = create_app(ServeConfig({"zoo": zoo_lattice}).checked())
    with running(ServeConfig({"zoo": zoo_lattice}).checked()) as url:
        doc = httpx.get(url + "/openapi.json", timeout=30).json()
    assert doc["openapi"].startswith("3.") and set(doc["components"]["schemas"]) == {"Error"}
    for route in app.routes:
        assert route.path in doc["paths"], route.path
        for method in (route.methods or {"GET", "POST", "DELETE"}) - {"HEAD"}:
            assert method.lower() in doc["paths"][route.path], (route.path, method)
    assert len(ENDPOINTS) + 4 == len(doc["paths"]) == len(app.routes)
    for ep in ENDPOINTS:
        op = doc["paths"][ep.path][ep.method.lower()]
        assert {"200", "400", "413", "422", "500", "504"} <= set(op["responses"])


@pytest.mark.slow   # subprocesses, or servers started twice: over two seconds
def test_the_command_serves_until_stopped_and_prints_where(zoo_lattice, tmp_path):
    """The real `latweave serve` subprocess on port 0: it prints the address it bound, answers, and
    stops on SIGTERM."""
    process = subprocess.Popen([sys.executable, "-m", "latweave.cli", "serve", "--lattice", f"zoo={zoo_lattice}",
                                "--port", "0"], stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True,
                               env={**os.environ, "LATWEAVE_TOKEN": ""})
    try:
        line = process.stderr.readline()
        assert line.startswith("latweave serve: zoo on http://127.0.0.1:"), line
        url = line.split(" on ", 1)[1].split()[0]
        assert "read-only" in line
        answer = httpx.get(url + "/version", timeout=30).json()
        assert answer["lattices"] == ["zoo"] and answer["writes"] is False
    finally:
        process.terminate()
        # uvicorn shuts down gracefully, then re-raises the signal it caught (a shell sees SIGTERM)
        assert process.wait(WAIT_S) in (0, -signal.SIGTERM)
        process.stderr.close()


def test_the_socket_says_tcp_so_each_connection_gets_nodelay():
    """asyncio sets TCP_NODELAY on accepted connections only for a socket whose proto is TCP; a
    socket made without it left keep-alive clients waiting out the delayed ACK on every request."""
    import socket

    from latweave.serve.run import bind

    sock = bind("127.0.0.1", 0)
    try:
        assert sock.proto == socket.IPPROTO_TCP
    finally:
        sock.close()


def test_docs_serve_md_lists_every_endpoint():
    from latweave.paths import RULES
    from latweave.serve.routes import ENDPOINTS

    text = (RULES.parent / "docs" / "serve.md").read_text(encoding="utf-8")
    for ep in ENDPOINTS:
        shown = ep.path.replace("{dimension}", "{dim}")
        assert f"`{ep.method} {shown}" in text, ep.path


def test_a_damaged_lattice_is_refused_at_start_not_per_request(capsys, zoo_lattice, tmp_path, no_token_env):
    import shutil

    copy = tmp_path / "zoo"
    shutil.copytree(zoo_lattice, copy)
    damaged = sorted(p for p in copy.rglob("*.jsonl") if p.name != "history.jsonl")[0]
    damaged.write_bytes(damaged.read_bytes() + b"\n")
    code, _, err = cli(capsys, "serve", "--lattice", f"zoo={copy}")
    assert code == 2 and "error:" in err and "hint:" in err
