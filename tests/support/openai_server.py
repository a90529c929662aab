"""A scripted OpenAI-compatible chat-completions server on 127.0.0.1, for tests of the real client.

Tests never monkeypatch the `openai` client: they start this server, point `LLMConfig.base_url`
at it, and script what each request gets back — a completion, an HTTP error, a delay (to trip
the client's timeout), raw bytes (a truncated body), or a body or headers that trickle (`trickle`,
`slow_headers`; what each sent is kept in `sent`). Every request body is kept in `requests`.

    with ScriptedServer([status(429, retry_after=0.05), reply('{"plan": "..."}')]) as server:
        client = LLMClient(LLMConfig(model="scripted", base_url=server.base_url, backoff_s=0.01))
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable


#: The environment an LLM configuration reads (llm/config.py): tests of the client clear it, so a
#: developer's own settings never reach the scripted server's tests.
LLM_ENV = ("OPENAI_BASE_URL", "OPENAI_API_KEY", "LATWEAVE_MODEL", "LATWEAVE_LLM_CONFIG")


def clear_llm_env(monkeypatch) -> None:
    for var in LLM_ENV:
        monkeypatch.delenv(var, raising=False)


def llm_config_file(folder: Path, name: str = "llm.json", **settings) -> Path:
    """An LLM config file (`--config`) in `folder` for a test against the scripted server: its
    retries without waiting (`backoff_s` 0.01), the rest as given (timeout_s, max_retries...)."""
    path = folder / name
    path.write_text(json.dumps({"backoff_s": 0.01, **settings}))
    return path


@dataclass(frozen=True)
class Reply:
    content: str
    finish_reason: str = "stop"


@dataclass(frozen=True)
class Status:
    code: int
    message: str = "scripted error"
    retry_after: float | None = None


@dataclass(frozen=True)
class Delay:
    seconds: float
    then: Any


@dataclass(frozen=True)
class Raw:
    body: bytes
    code: int = 200
    content_type: str = "application/json"


@dataclass(frozen=True)
class Trickle:
    every: float          # seconds between bytes
    total: int | None     # bytes of body announced and sent; None: an endless chunked body


@dataclass(frozen=True)
class SlowHeaders:
    every: float          # seconds between header lines
    lines: int | None     # header lines sent before the body; None: header lines without end
    then: Any = None      # what follows the headers: a reply (its completion as the body)


def slow_headers(every: float = 0.5, lines: int | None = None, then: Any = None) -> SlowHeaders:
    """`HTTP/1.1 200 OK`, then one header line every `every` seconds: `lines` of them and then
    `then`'s body (a reply), or with `lines=None` header lines without end. Each line is far
    inside a per-read timeout; only a deadline over the whole request ends it."""
    return SlowHeaders(every, lines, then)


def trickle(every: float = 0.5, total: int | None = 120) -> Trickle:
    """A 200 whose body comes one byte every `every` seconds: `total` bytes (a Content-Length
    body, never a valid completion), or with `total=None` an endless chunked body. Each byte is
    far inside a per-read timeout; only a deadline over the whole request ends it."""
    return Trickle(every, total)


def reply(content: str, finish_reason: str = "stop") -> Reply:
    """A normal chat.completion whose message content is `content`."""
    return Reply(content, finish_reason)


def status(code: int, message: str = "scripted error", retry_after: float | None = None) -> Status:
    """An HTTP error with an OpenAI-style error body (and a Retry-After header if given)."""
    return Status(code, message, retry_after)


def delay(seconds: float, then) -> Delay:
    """Sleep `seconds`, then perform `then` (a client with a shorter timeout gives up first)."""
    return Delay(seconds, then)


def raw(body: bytes, code: int = 200, content_type: str = "application/json") -> Raw:
    """Exactly these bytes as the response body (e.g. truncated JSON)."""
    return Raw(body, code, content_type)


class ScriptedServer:
    """An OpenAI-compatible chat-completions server on 127.0.0.1 (ThreadingHTTPServer in a daemon
    thread, port 0). Speaks the real protocol: POST /v1/chat/completions with a JSON body; replies
    with a real chat.completion JSON object; GET /v1/models lists the model.

    `script` is a list of actions consumed in order (one per request), or a callable
    `(request_body: dict, n: int) -> action` (n counts consumed actions from 0; a plain str is
    taken as `reply(str)`). An exhausted list answers 500 "script exhausted". With
    `refuse_json_schema=True`, a request whose response_format.type is "json_schema" gets a 500
    like llama.cpp's server, without consuming an action.
    """

    def __init__(self, script: list | Callable[[dict, int], Any], *, model: str = "scripted",
                 refuse_json_schema: bool = False):
        self.script = script
        self.model = model
        self.refuse_json_schema = refuse_json_schema
        self.requests: list[dict] = []
        #: per trickle or slow_headers action, in order: the bytes (header lines) sent before the
        #: client hung up or the action ended (read it after `settled()`)
        self.sent: list[int] = []
        self._active = 0
        self._quiet = threading.Condition()
        self._consumed = 0
        self._lock = threading.Lock()
        self._httpd: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None
        self.base_url = ""

    # -- lifecycle ----------------------------------------------------------------------------
    def __enter__(self) -> "ScriptedServer":
        server = self

        class Handler(_Handler):
            scripted = server

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self.base_url = f"http://127.0.0.1:{self._httpd.server_address[1]}/v1"
        self._thread = threading.Thread(target=self._httpd.serve_forever, kwargs={"poll_interval": 0.02},
                                        daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        assert self._httpd is not None
        self._httpd.shutdown()
        self._httpd.server_close()

    def settled(self, timeout: float = 30.0) -> "ScriptedServer":
        """Wait until no request is being answered (a trickle goes on until its next write finds
        the client gone), so `sent` is final; returns the server."""
        with self._quiet:
            self._quiet.wait_for(lambda: self._active == 0, timeout)
        return self

    def _busy(self, step: int) -> None:
        with self._quiet:
            self._active += step
            self._quiet.notify_all()

    # -- script -------------------------------------------------------------------------------
    def next_action(self, body: dict):
        with self._lock:
            self.requests.append(body)
            fmt = body.get("response_format") or {}
            if self.refuse_json_schema and fmt.get("type") == "json_schema":
                return Status(500, "json_schema response_format is not supported")
            n = self._consumed
            self._consumed += 1
        if callable(self.script):
            action = self.script(body, n)
        elif n < len(self.script):
            action = self.script[n]
        else:
            action = Status(500, "scripted server: script exhausted")
        return Reply(action) if isinstance(action, str) else action

    def completion(self, content: str, finish_reason: str, body: dict) -> dict:
        prompt = sum(len(str(m.get("content", "")).split()) for m in body.get("messages", []))
        completion = len(content.split())
        return {"id": f"chatcmpl-scripted-{len(self.requests)}", "object": "chat.completion",
                "created": int(time.time()), "model": body.get("model", self.model),
                "choices": [{"index": 0, "message": {"role": "assistant", "content": content},
                             "finish_reason": finish_reason, "logprobs": None}],
                "usage": {"prompt_tokens": prompt, "completion_tokens": completion,
                          "total_tokens": prompt + completion}}


class _Handler(BaseHTTPRequestHandler):
    scripted: ScriptedServer
    protocol_version = "HTTP/1.1"

    def log_message(self, *args) -> None:  # keep pytest output clean
        pass

    def do_GET(self) -> None:
        if self.path.rstrip("/") == "/v1/models":
            self._send_json(200, {"object": "list", "data": [
                {"id": self.scripted.model, "object": "model", "created": 0, "owned_by": "tests"}]})
        else:
            self._send_json(404, _error_body(f"no route {self.path}", "not_found"))

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        data = self.rfile.read(length)
        if self.path.rstrip("/") != "/v1/chat/completions":
            self._send_json(404, _error_body(f"no route {self.path}", "not_found"))
            return
        try:
            body = json.loads(data)
        except json.JSONDecodeError:
            self._send_json(400, _error_body("request body is not JSON", "invalid_request_error"))
            return
        self.scripted._busy(1)
        try:
            self._perform(self.scripted.next_action(body), body)
        finally:
            self.scripted._busy(-1)

    def _perform(self, action, body: dict) -> None:
        try:
            if isinstance(action, Delay):
                time.sleep(action.seconds)
                action = Reply(action.then) if isinstance(action.then, str) else action.then
            if isinstance(action, Reply):
                self._send_json(200, self.scripted.completion(action.content, action.finish_reason, body))
            elif isinstance(action, Status):
                headers = {} if action.retry_after is None else {"Retry-After": f"{action.retry_after:g}"}
                kind = "rate_limit_exceeded" if action.code == 429 else "server_error"
                self._send_json(action.code, _error_body(action.message, kind), headers)
            elif isinstance(action, Raw):
                self._send(action.code, action.body, action.content_type)
            elif isinstance(action, Trickle):
                self._trickle(action)
            elif isinstance(action, SlowHeaders):
                self._slow_headers(action, body)
            else:
                raise TypeError(f"unknown scripted action {action!r}")
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up first (a timeout test)

    def _slot(self) -> int:
        """A new entry in `sent`, for the action this handler performs; its index."""
        with self.scripted._lock:
            self.scripted.sent.append(0)
            return len(self.scripted.sent) - 1

    def _slow_headers(self, action: SlowHeaders, body: dict) -> None:
        slot = self._slot()
        self.close_connection = True
        self.wfile.write(b"HTTP/1.1 200 OK\r\n")
        while action.lines is None or self.scripted.sent[slot] < action.lines:
            time.sleep(action.every)
            self.wfile.write(b"X-Slow-%d: %d\r\n" % (self.scripted.sent[slot], self.scripted.sent[slot]))
            self.wfile.flush()
            self.scripted.sent[slot] += 1
        then = Reply(action.then) if isinstance(action.then, str) else action.then
        payload = json.dumps(self.scripted.completion(then.content, then.finish_reason, body)).encode()
        self.wfile.write(b"Content-Type: application/json\r\nContent-Length: %d\r\nConnection: close\r\n\r\n"
                         % len(payload) + payload)
        self.wfile.flush()

    def _trickle(self, action: Trickle) -> None:
        slot = self._slot()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        if action.total is None:
            self.send_header("Transfer-Encoding", "chunked")
        else:
            self.send_header("Content-Length", str(action.total))
        self.end_headers()
        self.wfile.flush()
        sent = 0
        while action.total is None or sent < action.total:
            time.sleep(action.every)
            self.wfile.write(b"1\r\n \r\n" if action.total is None else b" ")
            self.wfile.flush()
            sent += 1
            self.scripted.sent[slot] = sent
        self.close_connection = True

    def _send_json(self, code: int, obj: dict, headers: dict | None = None) -> None:
        self._send(code, json.dumps(obj).encode(), "application/json", headers)

    def _send(self, code: int, payload: bytes, content_type: str, headers: dict | None = None) -> None:
        self.send_response(code)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(payload)))
        for key, value in (headers or {}).items():
            self.send_header(key, value)
        self.end_headers()
        self.wfile.write(payload)
        self.wfile.flush()


def _error_body(message: str, kind: str) -> dict:
    return {"error": {"message": message, "type": kind, "param": None, "code": kind}}
